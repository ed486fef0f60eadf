//! The key of the std image (built by the `knot` crate's build script, see `src/std_image.rs`): a hash of every source
//! file the image depends on — the std model and knot's rules files, the front end, the resolver,
//! the lowering, the term store and the program. A binary whose key differs from the image's
//! ignores the image and lowers the std model itself (slower, never different).

use std::path::{Path, PathBuf};

/// What the image is built from, relative to the workspace's root.
const INPUTS: &[&str] = &[
    "rules",
    "crates/knot-rust/src/syntax",
    "crates/knot-rust/src/resolve",
    "crates/knot-rust/src/lower",
    "crates/knot-rust/src/std_image.rs",
    "crates/knot-rust/src/vocab.rs",
    "crates/knot-logic/src",
];

/// Snapshots are written from the other inputs (`rules/*.snapshot`, this image): not inputs.
fn is_output(p: &Path) -> bool {
    matches!(
        p.extension().and_then(|e| e.to_str()),
        Some("snapshot" | "image")
    )
}

fn files(path: &Path, out: &mut Vec<PathBuf>) {
    if path.is_dir() {
        let Ok(rd) = std::fs::read_dir(path) else {
            return;
        };
        for e in rd.flatten() {
            files(&e.path(), out);
        }
    } else if path.is_file() {
        out.push(path.to_path_buf());
    }
}

fn main() {
    let manifest = std::env::var("CARGO_MANIFEST_DIR").expect("Cargo sets CARGO_MANIFEST_DIR");
    let root = Path::new(&manifest)
        .parent()
        .and_then(Path::parent)
        .expect("the crate sits in crates/ of the workspace");
    let mut all = Vec::new();
    for i in INPUTS {
        let path = root.join(i);
        println!("cargo:rerun-if-changed={}", path.display());
        files(&path, &mut all);
    }
    let all: Vec<PathBuf> = all
        .into_iter()
        .map(|p| p.strip_prefix(root).map(Path::to_path_buf).unwrap_or(p))
        .collect();
    let mut all = all;
    all.retain(|p| !is_output(p));
    all.sort();
    // FNV-1a, 64 bits: stable across Rust versions, unlike `DefaultHasher`.
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    let mut eat = |bytes: &[u8]| {
        for &b in bytes {
            h ^= u64::from(b);
            h = h.wrapping_mul(0x0100_0000_01b3);
        }
    };
    for p in &all {
        eat(p.to_string_lossy().replace('\\', "/").as_bytes());
        eat(&[0]);
        eat(&std::fs::read(root.join(p)).unwrap_or_default());
        eat(&[0]);
    }
    println!("cargo:rustc-env=KNOT_STD_IMAGE_KEY={h}");
}
