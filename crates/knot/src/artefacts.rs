//! The build-time artefacts (`build.rs`), handed to the layers that use them, once per process.

/// The parsed rules files, as `build.rs` wrote them.
const LIBRARY: &[u8] = include_bytes!(concat!(env!("OUT_DIR"), "/library.snapshot"));
/// The parsed std model and the std image, as `build.rs` wrote them.
#[cfg(feature = "embedded-std")]
const STD_SNAPSHOT: &[u8] = include_bytes!(concat!(env!("OUT_DIR"), "/std.snapshot"));
#[cfg(feature = "embedded-std")]
pub(crate) const STD_IMAGE: &[u8] = include_bytes!(concat!(env!("OUT_DIR"), "/std.image"));

/// Install the artefacts (idempotent, cheap after the first call).
pub(crate) fn install() {
    static ONCE: std::sync::Once = std::sync::Once::new();
    ONCE.call_once(|| {
        knot_logic::syntax::library::install(&knot_rust::rules::ALL, LIBRARY);
        #[cfg(feature = "embedded-std")]
        install_std_artefacts(STD_SNAPSHOT, STD_IMAGE);
    });
}

/// Install the std model's artefacts, `std.snapshot` and `std.image` as this version's build wrote
/// them, where the library was built without them (feature `embedded-std` off); before the first
/// load, once. Artefacts of another build are ignored (their keys do not match): the std model is
/// then parsed and lowered from its sources at each load, which is slower, never different.
pub fn install_std_artefacts(snapshot: &'static [u8], image: &'static [u8]) {
    knot_rust::resolve::std_model::install_snapshot(snapshot);
    knot_rust::std_image::install(image);
}
