//! The wall clock the limits read: `std::time::Instant`, except on `wasm32-unknown-unknown`, where
//! `Instant::now()` panics (the target has no clock). There [`Instant`] is a clock that never
//! advances: a timeout never fires and the memory check (every 5 ms of wall time) never runs, so a
//! search in the browser is bounded by its step, depth and table limits instead (the playground sets
//! them), never by time.

#[cfg(not(target_arch = "wasm32"))]
pub use std::time::Instant;

#[cfg(target_arch = "wasm32")]
pub use stopped::Instant;

#[cfg(target_arch = "wasm32")]
mod stopped {
    use std::time::Duration;

    /// A clock that never advances (see the module's documentation).
    #[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
    pub struct Instant;

    impl Instant {
        /// The one instant.
        pub fn now() -> Instant {
            Instant
        }
        /// Always zero.
        pub fn elapsed(&self) -> Duration {
            Duration::ZERO
        }
        /// Always zero.
        pub fn duration_since(&self, _earlier: Instant) -> Duration {
            Duration::ZERO
        }
    }
}
