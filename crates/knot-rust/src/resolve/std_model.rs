//! The std model: `rules/std/generated/*.rs`, written by `knot-stdgen` from the toolchain's own
//! rustdoc (one file per top-level std module), and `rules/std/patches/*.rs`, the few located,
//! hand-written additions (each says why rustdoc's text was not enough). A patch file's module is
//! merged into the generated module of the same name. Read as the crate `std` (also `core` and
//! `alloc`). Each file is ordinary Rust that users can read.
//!
//! `KNOT_STD_DIR=DIR` (a development aid, for trying a regenerated model without rebuilding)
//! reads `DIR/generated/*.rs` and `DIR/patches/*.rs` at run time instead; the prebuilt snapshot and
//! image are then not used.

use crate::error::Result;
use crate::syntax::rust::{parse_crate, RawCrate, RawModule};
use std::sync::Arc;

/// The generated std modules, by name, with their source (`rules/std/generated/modules.in`).
pub const GENERATED: &[(&str, &str)] = &include!(concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/../../rules/std/generated/modules.in"
));

/// The hand-written patches, by module name, with their source.
pub const PATCHES: &[(&str, &str)] = &[
    (
        "ptr",
        include_str!(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../../rules/std/patches/ptr.rs"
        )),
    ),
    (
        "num",
        include_str!(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../../rules/std/patches/num.rs"
        )),
    ),
    (
        "prelude",
        include_str!(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../../rules/std/patches/prelude.rs"
        )),
    ),
];

/// Every std model file: (file path as reported, module name, source).
pub fn std_files() -> Vec<(String, String, std::borrow::Cow<'static, str>)> {
    if let Some(dir) = override_dir() {
        let mut out = Vec::new();
        for sub in ["generated", "patches"] {
            let mut names: Vec<_> = std::fs::read_dir(dir.join(sub))
                .map(|rd| rd.flatten().map(|e| e.path()).collect())
                .unwrap_or_default();
            names.sort();
            for p in names {
                if p.extension().and_then(|e| e.to_str()) != Some("rs") {
                    continue;
                }
                let name = p
                    .file_stem()
                    .and_then(|s| s.to_str())
                    .unwrap_or("")
                    .to_string();
                let src = std::fs::read_to_string(&p).unwrap_or_default();
                out.push((format!("rules/std/{sub}/{name}.rs"), name, src.into()));
            }
        }
        return out;
    }
    let g = GENERATED.iter().map(|(n, s)| {
        (
            format!("rules/std/generated/{n}.rs"),
            n.to_string(),
            (*s).into(),
        )
    });
    let p = PATCHES.iter().map(|(n, s)| {
        (
            format!("rules/std/patches/{n}.rs"),
            n.to_string(),
            (*s).into(),
        )
    });
    g.chain(p).collect()
}

/// The text of a std model file built into the binary, by its reported path.
pub fn file_source(path: &str) -> Option<&'static str> {
    if let Some(n) = path
        .strip_prefix("rules/std/generated/")
        .and_then(|p| p.strip_suffix(".rs"))
    {
        return GENERATED.iter().find(|(m, _)| *m == n).map(|(_, s)| *s);
    }
    let n = path
        .strip_prefix("rules/std/patches/")?
        .strip_suffix(".rs")?;
    PATCHES.iter().find(|(m, _)| *m == n).map(|(_, s)| *s)
}

/// The run-time model directory (`KNOT_STD_DIR`), if set.
pub fn override_dir() -> Option<std::path::PathBuf> {
    std::env::var_os("KNOT_STD_DIR")
        .filter(|v| !v.is_empty())
        .map(std::path::PathBuf::from)
}

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
    let files: Vec<(&str, &str)> = GENERATED.iter().chain(PATCHES).copied().collect();
    crate::syntax::library::snapshot_key(&files, PARSER_SOURCES)
}

/// The snapshot's crate, if it was made from the sources compiled in.
fn from_snapshot() -> Option<RawCrate> {
    if override_dir().is_some() {
        return None;
    }
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
    for (path, name, src) in std_files() {
        let file: Arc<str> = path.into();
        let c = parse_crate(&file, &src)?;
        warnings.extend(c.warnings);
        let mut m = c.root;
        m.name = name;
        match root.mods.iter_mut().find(|o| o.name == m.name) {
            Some(o) => merge(o, m),
            None => root.mods.push(m),
        }
    }
    Ok(RawCrate { root, warnings })
}

/// Adds module `b`'s items to `a` (a patch to a generated module), submodules merged by name.
fn merge(a: &mut RawModule, b: RawModule) {
    a.items.extend(b.items);
    a.uses.extend(b.uses);
    a.aliases.extend(b.aliases);
    for m in b.mods {
        match a.mods.iter_mut().find(|o| o.name == m.name) {
            Some(o) => merge(o, m),
            None => a.mods.push(m),
        }
    }
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
