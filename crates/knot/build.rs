//! Builds what a query would otherwise compute at every start, into `OUT_DIR` (nothing generated is
//! committed): the parsed rules files (`library.snapshot`), the parsed std model (`std.snapshot`)
//! and the std model resolved and lowered alone (`std.image`). The library installs them on first
//! use (`src/artefacts.rs`). Each is keyed by a hash of the sources it was made from, and a key
//! that does not match only costs time, never truth.

use std::path::Path;

fn main() {
    let out = std::env::var("OUT_DIR").expect("OUT_DIR is set");
    let out = Path::new(&out);
    let write = |name: &str, bytes: Vec<u8>| {
        std::fs::write(out.join(name), bytes).expect("OUT_DIR is writable");
    };
    let library = knot_logic::syntax::library::snapshot(&knot_rust::rules::ALL)
        .expect("knot's rules files parse");
    write("library.snapshot", library);
    // A std model that does not parse or lower gives empty artefacts (their keys never match), so
    // the binary still builds and says what is wrong when it loads the model itself.
    let std_snapshot = match knot_rust::resolve::std_model::snapshot_bytes() {
        Ok(b) => b,
        Err(e) => {
            println!("cargo:warning=the std model does not parse: {e}");
            write("std.snapshot", Vec::new());
            write("std.image", Vec::new());
            println!("cargo:rerun-if-changed=build.rs");
            return;
        }
    };
    // The image lowers the std model: from this parse, not a second one.
    let leaked: &'static [u8] = Box::leak(std_snapshot.clone().into_boxed_slice());
    knot_rust::resolve::std_model::install_snapshot(leaked);
    write("std.snapshot", std_snapshot);
    let image = match knot_rust::std_image::build() {
        Ok(i) => i,
        Err(e) => {
            println!("cargo:warning=the std model does not lower: {e}");
            Vec::new()
        }
    };
    write("std.image", image);
    // The inputs are the build-dependencies' sources and rules files, which Cargo tracks: rerun
    // when they are rebuilt, not on every change of this crate.
    println!("cargo:rerun-if-changed=build.rs");
}
