//! The std model: `rules/std/*.rs`, one file per std module, read as the crate `std` (also
//! `core` and `alloc`). Each file is ordinary Rust that users can read.

use crate::error::Result;
use crate::syntax::rust::{parse_crate, RawCrate, RawModule};
use std::sync::Arc;

/// The std modules, by name, with their source.
pub const STD_MODULES: &[(&str, &str)] = &[
    (
        "any",
        include_str!(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../../rules/std/any.rs"
        )),
    ),
    (
        "borrow",
        include_str!(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../../rules/std/borrow.rs"
        )),
    ),
    (
        "boxed",
        include_str!(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../../rules/std/boxed.rs"
        )),
    ),
    (
        "cell",
        include_str!(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../../rules/std/cell.rs"
        )),
    ),
    (
        "clone",
        include_str!(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../../rules/std/clone.rs"
        )),
    ),
    (
        "cmp",
        include_str!(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../../rules/std/cmp.rs"
        )),
    ),
    (
        "collections",
        include_str!(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../../rules/std/collections.rs"
        )),
    ),
    (
        "convert",
        include_str!(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../../rules/std/convert.rs"
        )),
    ),
    (
        "default",
        include_str!(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../../rules/std/default.rs"
        )),
    ),
    (
        "error",
        include_str!(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../../rules/std/error.rs"
        )),
    ),
    (
        "ffi",
        include_str!(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../../rules/std/ffi.rs"
        )),
    ),
    (
        "fmt",
        include_str!(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../../rules/std/fmt.rs"
        )),
    ),
    (
        "future",
        include_str!(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../../rules/std/future.rs"
        )),
    ),
    (
        "hash",
        include_str!(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../../rules/std/hash.rs"
        )),
    ),
    (
        "io",
        include_str!(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../../rules/std/io.rs"
        )),
    ),
    (
        "iter",
        include_str!(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../../rules/std/iter.rs"
        )),
    ),
    (
        "marker",
        include_str!(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../../rules/std/marker.rs"
        )),
    ),
    (
        "num",
        include_str!(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../../rules/std/num.rs"
        )),
    ),
    (
        "ops",
        include_str!(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../../rules/std/ops.rs"
        )),
    ),
    (
        "option",
        include_str!(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../../rules/std/option.rs"
        )),
    ),
    (
        "panic",
        include_str!(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../../rules/std/panic.rs"
        )),
    ),
    (
        "path",
        include_str!(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../../rules/std/path.rs"
        )),
    ),
    (
        "pin",
        include_str!(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../../rules/std/pin.rs"
        )),
    ),
    (
        "prelude",
        include_str!(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../../rules/std/prelude.rs"
        )),
    ),
    (
        "ptr",
        include_str!(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../../rules/std/ptr.rs"
        )),
    ),
    (
        "rc",
        include_str!(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../../rules/std/rc.rs"
        )),
    ),
    (
        "result",
        include_str!(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../../rules/std/result.rs"
        )),
    ),
    (
        "slice",
        include_str!(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../../rules/std/slice.rs"
        )),
    ),
    (
        "str",
        include_str!(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../../rules/std/str.rs"
        )),
    ),
    (
        "string",
        include_str!(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../../rules/std/string.rs"
        )),
    ),
    (
        "sync",
        include_str!(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../../rules/std/sync.rs"
        )),
    ),
    (
        "vec",
        include_str!(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../../rules/std/vec.rs"
        )),
    ),
];

/// The parsed std model, snapshotted: an 8-byte key (little-endian [`source_key`]) and the
/// [`RawCrate`] that [`parse_std`] gives, postcard-encoded. Made at build time by the front door's
/// build script ([`snapshot_bytes`]) and handed over at run time ([`install_snapshot`]); used only
/// when its key matches the sources compiled in, so a stale snapshot costs time, never truth.
static SNAPSHOT: std::sync::OnceLock<&'static [u8]> = std::sync::OnceLock::new();

/// Use `bytes`, made by [`snapshot_bytes`], for the std model from now on (the first call wins).
pub fn install_snapshot(bytes: &'static [u8]) {
    let _ = SNAPSHOT.set(bytes);
}

/// The sources a parse of the std model depends on, besides the model itself: the front end's.
const PARSER_SOURCES: &[&str] = &[
    include_str!(concat!(env!("CARGO_MANIFEST_DIR"), "/src/syntax/rust.rs")),
    include_str!(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/src/syntax/macro_rules.rs"
    )),
    include_str!(concat!(env!("CARGO_MANIFEST_DIR"), "/src/syntax/ast.rs")),
    include_str!(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../knot-logic/src/syntax/prescan.rs"
    )),
    include_str!(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../knot-logic/src/error.rs"
    )),
    include_str!(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/src/resolve/std_model.rs"
    )),
];

/// A hash of everything [`parse_std`]'s result depends on.
fn source_key() -> u64 {
    crate::syntax::library::snapshot_key(STD_MODULES, PARSER_SOURCES)
}

/// The snapshot's crate, if it was made from the sources compiled in.
fn from_snapshot() -> Option<RawCrate> {
    postcard::from_bytes(crate::syntax::library::snapshot_body(
        SNAPSHOT.get()?,
        source_key(),
    )?)
    .ok()
}

/// The snapshot of the std model as parsed now.
pub fn snapshot_bytes() -> Result<Vec<u8>> {
    let mut out = source_key().to_le_bytes().to_vec();
    let body = postcard::to_stdvec(&parse_std()?)
        .map_err(|e| crate::error::Error::Internal(format!("cannot encode the std model: {e}")))?;
    out.extend(body);
    Ok(out)
}

/// The std model as a crate: each file a module of the root.
pub fn std_crate() -> Result<RawCrate> {
    // Read from the snapshot (or parsed, with its macros expanded, if the snapshot is stale).
    // The first request takes the crate itself; a process that loads several `.rs` programs (the
    // REPL, a library session, the tests) keeps a copy from the second request on and clones it.
    use std::sync::atomic::{AtomicBool, Ordering};
    static PARSED: std::sync::OnceLock<RawCrate> = std::sync::OnceLock::new();
    static REQUESTED: AtomicBool = AtomicBool::new(false);
    if let Some(c) = PARSED.get() {
        return Ok(c.clone());
    }
    let c = match from_snapshot() {
        Some(c) => c,
        None => parse_std()?,
    };
    if !REQUESTED.swap(true, Ordering::Relaxed) {
        return Ok(c);
    }
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

#[cfg(test)]
mod tests {
    use super::*;

    /// A snapshot of the std model reads back as the parse it was made from, and is used once
    /// installed.
    #[test]
    fn the_snapshot_reads_back_as_the_parse() {
        let fresh = snapshot_bytes().expect("the std model parses");
        install_snapshot(Box::leak(fresh.clone().into_boxed_slice()));
        assert!(from_snapshot().is_some(), "the installed snapshot is used");
        let body: RawCrate = postcard::from_bytes(&fresh[8..]).expect("the snapshot decodes");
        let parsed = parse_std().expect("the std model parses");
        assert_eq!(format!("{body:?}"), format!("{parsed:?}"));
    }
}
