// The `TryFrom` example of the std::convert documentation (library/core/src/convert/mod.rs, `GreaterThanZero`)
// with std's blanket impls: `impl<T, U: Into<T>> TryFrom<U> for T` (Error = Infallible) and
// `impl<T, U: TryFrom<T>> TryInto<U> for T`.
use std::convert::{Infallible, TryFrom, TryInto};

#[derive(Debug)]
pub struct GreaterThanZero(i32);

impl TryFrom<i32> for GreaterThanZero {
    type Error = &'static str;

    fn try_from(value: i32) -> Result<Self, Self::Error> {
        if value <= 0 {
            Err("GreaterThanZero only accepts values greater than zero!")
        } else {
            Ok(GreaterThanZero(value))
        }
    }
}

pub struct Meters(pub f64);

impl From<f64> for Meters {
    fn from(v: f64) -> Self {
        Meters(v)
    }
}

// goal: GreaterThanZero: TryFrom<i32>
// goal: <GreaterThanZero as TryFrom<i32>>::Error = &'static str
// goal: i32: TryInto<GreaterThanZero>
// goal: GreaterThanZero: TryFrom<u8>
// goal: Meters: TryFrom<f64>
// goal: <Meters as TryFrom<f64>>::Error = Infallible
// goal: f64: TryInto<Meters>
// goal: u8: TryFrom<u32>
// goal: u32: TryFrom<u8>
// goal: <u32 as TryFrom<u8>>::Error = Infallible
