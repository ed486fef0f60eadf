//! The std model: `rules/std/*.rs`, one file per std module, read as the crate `std` (also
//! `core` and `alloc`). Each file is ordinary Rust that users can read.

use crate::error::Result;
use crate::syntax::rust::{parse_crate, RawCrate, RawModule};
use std::sync::Arc;

/// The std modules, by name, with their source.
pub const STD_MODULES: &[(&str, &str)] = &[
    (
        "any",
        include_str!(concat!(env!("CARGO_MANIFEST_DIR"), "/rules/std/any.rs")),
    ),
    (
        "borrow",
        include_str!(concat!(env!("CARGO_MANIFEST_DIR"), "/rules/std/borrow.rs")),
    ),
    (
        "boxed",
        include_str!(concat!(env!("CARGO_MANIFEST_DIR"), "/rules/std/boxed.rs")),
    ),
    (
        "cell",
        include_str!(concat!(env!("CARGO_MANIFEST_DIR"), "/rules/std/cell.rs")),
    ),
    (
        "clone",
        include_str!(concat!(env!("CARGO_MANIFEST_DIR"), "/rules/std/clone.rs")),
    ),
    (
        "cmp",
        include_str!(concat!(env!("CARGO_MANIFEST_DIR"), "/rules/std/cmp.rs")),
    ),
    (
        "collections",
        include_str!(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/rules/std/collections.rs"
        )),
    ),
    (
        "convert",
        include_str!(concat!(env!("CARGO_MANIFEST_DIR"), "/rules/std/convert.rs")),
    ),
    (
        "default",
        include_str!(concat!(env!("CARGO_MANIFEST_DIR"), "/rules/std/default.rs")),
    ),
    (
        "error",
        include_str!(concat!(env!("CARGO_MANIFEST_DIR"), "/rules/std/error.rs")),
    ),
    (
        "ffi",
        include_str!(concat!(env!("CARGO_MANIFEST_DIR"), "/rules/std/ffi.rs")),
    ),
    (
        "fmt",
        include_str!(concat!(env!("CARGO_MANIFEST_DIR"), "/rules/std/fmt.rs")),
    ),
    (
        "future",
        include_str!(concat!(env!("CARGO_MANIFEST_DIR"), "/rules/std/future.rs")),
    ),
    (
        "hash",
        include_str!(concat!(env!("CARGO_MANIFEST_DIR"), "/rules/std/hash.rs")),
    ),
    (
        "io",
        include_str!(concat!(env!("CARGO_MANIFEST_DIR"), "/rules/std/io.rs")),
    ),
    (
        "iter",
        include_str!(concat!(env!("CARGO_MANIFEST_DIR"), "/rules/std/iter.rs")),
    ),
    (
        "marker",
        include_str!(concat!(env!("CARGO_MANIFEST_DIR"), "/rules/std/marker.rs")),
    ),
    (
        "num",
        include_str!(concat!(env!("CARGO_MANIFEST_DIR"), "/rules/std/num.rs")),
    ),
    (
        "ops",
        include_str!(concat!(env!("CARGO_MANIFEST_DIR"), "/rules/std/ops.rs")),
    ),
    (
        "option",
        include_str!(concat!(env!("CARGO_MANIFEST_DIR"), "/rules/std/option.rs")),
    ),
    (
        "panic",
        include_str!(concat!(env!("CARGO_MANIFEST_DIR"), "/rules/std/panic.rs")),
    ),
    (
        "path",
        include_str!(concat!(env!("CARGO_MANIFEST_DIR"), "/rules/std/path.rs")),
    ),
    (
        "pin",
        include_str!(concat!(env!("CARGO_MANIFEST_DIR"), "/rules/std/pin.rs")),
    ),
    (
        "prelude",
        include_str!(concat!(env!("CARGO_MANIFEST_DIR"), "/rules/std/prelude.rs")),
    ),
    (
        "ptr",
        include_str!(concat!(env!("CARGO_MANIFEST_DIR"), "/rules/std/ptr.rs")),
    ),
    (
        "rc",
        include_str!(concat!(env!("CARGO_MANIFEST_DIR"), "/rules/std/rc.rs")),
    ),
    (
        "result",
        include_str!(concat!(env!("CARGO_MANIFEST_DIR"), "/rules/std/result.rs")),
    ),
    (
        "slice",
        include_str!(concat!(env!("CARGO_MANIFEST_DIR"), "/rules/std/slice.rs")),
    ),
    (
        "string",
        include_str!(concat!(env!("CARGO_MANIFEST_DIR"), "/rules/std/string.rs")),
    ),
    (
        "sync",
        include_str!(concat!(env!("CARGO_MANIFEST_DIR"), "/rules/std/sync.rs")),
    ),
    (
        "vec",
        include_str!(concat!(env!("CARGO_MANIFEST_DIR"), "/rules/std/vec.rs")),
    ),
];

/// The std model as a crate: each file a module of the root.
pub fn std_crate() -> Result<RawCrate> {
    // Parsed (with its macros expanded) once per process: a process that loads several `.rs`
    // programs (the REPL, a library session, the tests) clones the parsed model.
    static PARSED: std::sync::OnceLock<RawCrate> = std::sync::OnceLock::new();
    if let Some(c) = PARSED.get() {
        return Ok(c.clone());
    }
    let c = parse_std()?;
    Ok(PARSED.get_or_init(|| c).clone())
}

fn parse_std() -> Result<RawCrate> {
    let mut root = RawModule::default();
    let mut warnings = Vec::new();
    for (name, src) in STD_MODULES {
        let file: Arc<str> = format!("rules/std/{name}.rs").into();
        let c = parse_crate(&file, src)?;
        warnings.extend(c.warnings);
        let mut m = c.root;
        m.name = name.to_string();
        root.mods.push(m);
    }
    Ok(RawCrate { root, warnings })
}
