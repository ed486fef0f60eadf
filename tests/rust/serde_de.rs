// From serde (serde-rs/serde): serde/src/de/mod.rs (`Deserialize<'de>`, `DeserializeOwned`, `Deserializer<'de>`,
// `Visitor<'de>`) and serde/src/de/impls.rs (impls for primitives, String, Option, Vec, Box).
// Trimmed: only a few Deserializer/Visitor methods kept; bodies are stand-ins.
use std::fmt;
use std::marker::PhantomData;

pub trait Error: Sized + std::error::Error {
    fn custom<T>(msg: T) -> Self
    where
        T: fmt::Display;
}

pub trait Deserialize<'de>: Sized {
    fn deserialize<D>(deserializer: D) -> Result<Self, D::Error>
    where
        D: Deserializer<'de>;
}

pub trait DeserializeOwned: for<'de> Deserialize<'de> {}
impl<T> DeserializeOwned for T where T: for<'de> Deserialize<'de> {}

pub trait Deserializer<'de>: Sized {
    type Error: Error;
    fn deserialize_any<V>(self, visitor: V) -> Result<V::Value, Self::Error>
    where
        V: Visitor<'de>;
}

pub trait Visitor<'de>: Sized {
    type Value;
    fn expecting(&self, formatter: &mut fmt::Formatter) -> fmt::Result;
}

struct PrimitiveVisitor<T>(PhantomData<T>);

impl<'de, T> Visitor<'de> for PrimitiveVisitor<T> {
    type Value = T;
    fn expecting(&self, formatter: &mut fmt::Formatter) -> fmt::Result {
        formatter.write_str("a primitive")
    }
}

macro_rules! impl_deserialize {
    ($($ty:ty)*) => {
        $(
            impl<'de> Deserialize<'de> for $ty {
                fn deserialize<D>(deserializer: D) -> Result<Self, D::Error>
                where
                    D: Deserializer<'de>,
                {
                    deserializer.deserialize_any(PrimitiveVisitor(PhantomData))
                }
            }
        )*
    };
}

impl_deserialize!(bool u8 u16 u32 u64 String);

impl<'de: 'a, 'a> Deserialize<'de> for &'a str {
    fn deserialize<D>(deserializer: D) -> Result<Self, D::Error>
    where
        D: Deserializer<'de>,
    {
        deserializer.deserialize_any(PrimitiveVisitor(PhantomData))
    }
}

impl<'de, T> Deserialize<'de> for Option<T>
where
    T: Deserialize<'de>,
{
    fn deserialize<D>(deserializer: D) -> Result<Self, D::Error>
    where
        D: Deserializer<'de>,
    {
        deserializer.deserialize_any(PrimitiveVisitor(PhantomData))
    }
}

impl<'de, T> Deserialize<'de> for Vec<T>
where
    T: Deserialize<'de>,
{
    fn deserialize<D>(deserializer: D) -> Result<Self, D::Error>
    where
        D: Deserializer<'de>,
    {
        deserializer.deserialize_any(PrimitiveVisitor(PhantomData))
    }
}

impl<'de, T: Deserialize<'de>> Deserialize<'de> for Box<T> {
    fn deserialize<D>(deserializer: D) -> Result<Self, D::Error>
    where
        D: Deserializer<'de>,
    {
        Deserialize::deserialize(deserializer).map(Box::new)
    }
}

// goal: u8: DeserializeOwned
// goal: Vec<Option<String>>: DeserializeOwned
// goal: Box<u32>: Deserialize<'static>
// goal: &'static str: Deserialize<'static>
// goal: &'static str: DeserializeOwned
// goal: char: DeserializeOwned
// goal: PrimitiveVisitor<u8>: Visitor<'static>
// goal: <PrimitiveVisitor<u16> as Visitor<'static>>::Value = u16
