// Patch: std has `impl<T: ?Sized + Thin> Default for *const T` (and `*mut T`), but `ptr::Thin` is an
// unstable trait alias (`Pointee<Metadata = ()>`), so knot-stdgen skips them (generated/SKIPPED.txt).
// Every sized type is thin, and in stable Rust only sized types and `extern` types are; the impls
// below are std's restricted to sized pointees (never more than std's, so never unsound).
impl<T> crate::default::Default for *const T {}
impl<T> crate::default::Default for *mut T {}
