// Patch (rustdoc lists `impl ZeroablePrimitive for i64` etc., but their `NonZeroInner` values are
// private types it does not link, so knot-stdgen skips them; see generated/SKIPPED.txt). The
// unstable trait is kept because every `NonZero<T>` impl is bounded by it; `NonZeroInner` cannot be
// named in stable code, so its value here (the primitive itself) stands for the private type.
unsafe impl crate::num::ZeroablePrimitive for u8 { type NonZeroInner = u8; }
unsafe impl crate::num::ZeroablePrimitive for u16 { type NonZeroInner = u16; }
unsafe impl crate::num::ZeroablePrimitive for u32 { type NonZeroInner = u32; }
unsafe impl crate::num::ZeroablePrimitive for u64 { type NonZeroInner = u64; }
unsafe impl crate::num::ZeroablePrimitive for u128 { type NonZeroInner = u128; }
unsafe impl crate::num::ZeroablePrimitive for usize { type NonZeroInner = usize; }
unsafe impl crate::num::ZeroablePrimitive for i8 { type NonZeroInner = i8; }
unsafe impl crate::num::ZeroablePrimitive for i16 { type NonZeroInner = i16; }
unsafe impl crate::num::ZeroablePrimitive for i32 { type NonZeroInner = i32; }
unsafe impl crate::num::ZeroablePrimitive for i64 { type NonZeroInner = i64; }
unsafe impl crate::num::ZeroablePrimitive for i128 { type NonZeroInner = i128; }
unsafe impl crate::num::ZeroablePrimitive for isize { type NonZeroInner = isize; }
unsafe impl crate::num::ZeroablePrimitive for char { type NonZeroInner = char; }
