//! The build-time artefacts (`build.rs`), handed to the layers that use them, once per process.

/// The parsed rules files, the parsed std model and the std image, as `build.rs` wrote them.
const LIBRARY: &[u8] = include_bytes!(concat!(env!("OUT_DIR"), "/library.snapshot"));
const STD_SNAPSHOT: &[u8] = include_bytes!(concat!(env!("OUT_DIR"), "/std.snapshot"));
pub(crate) const STD_IMAGE: &[u8] = include_bytes!(concat!(env!("OUT_DIR"), "/std.image"));

/// Install the artefacts (idempotent, cheap after the first call).
pub(crate) fn install() {
    static ONCE: std::sync::Once = std::sync::Once::new();
    ONCE.call_once(|| {
        knot_logic::syntax::library::install(&knot_rust::rules::ALL, LIBRARY);
        knot_rust::resolve::std_model::install_snapshot(STD_SNAPSHOT);
        knot_rust::std_image::install(STD_IMAGE);
    });
}
