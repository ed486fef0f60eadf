// From anyhow (dtolnay/anyhow): src/lib.rs (`Context<T, E>` trait, `Result<T, E = Error>` alias) and
// src/context.rs (impls for Result<T, E> where E: StdError + Send + Sync + 'static, and for Option<T>),
// with `anyhow::Error` a local stand-in (Box<dyn StdError + Send + Sync>) and `ext::StdError` inlined.
use std::error::Error as StdError;
use std::fmt::{self, Debug, Display};

pub struct Error {
    inner: Box<dyn StdError + Send + Sync + 'static>,
}

impl Debug for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        Debug::fmt(&self.inner, f)
    }
}

impl Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        Display::fmt(&self.inner, f)
    }
}

impl<E> From<E> for Error
where
    E: StdError + Send + Sync + 'static,
{
    fn from(error: E) -> Self {
        Error { inner: Box::new(error) }
    }
}

pub type Result<T, E = Error> = core::result::Result<T, E>;

mod private {
    pub trait Sealed {}
    impl<T, E> Sealed for core::result::Result<T, E> where E: super::ext::StdError {}
    impl<T> Sealed for Option<T> {}
}

mod ext {
    use super::*;
    pub trait StdError {}
    impl<E> StdError for E where E: std::error::Error + Send + Sync + 'static {}
}

pub trait Context<T, E>: private::Sealed {
    fn context<C>(self, context: C) -> Result<T, Error>
    where
        C: Display + Send + Sync + 'static;
}

impl<T, E> Context<T, E> for core::result::Result<T, E>
where
    E: ext::StdError + Send + Sync + 'static,
{
    fn context<C>(self, _context: C) -> Result<T, Error>
    where
        C: Display + Send + Sync + 'static,
    {
        unimplemented!()
    }
}

impl<T> Context<T, core::convert::Infallible> for Option<T> {
    fn context<C>(self, _context: C) -> Result<T, Error>
    where
        C: Display + Send + Sync + 'static,
    {
        unimplemented!()
    }
}

#[derive(Debug)]
pub struct ConfigError;
impl Display for ConfigError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("bad config")
    }
}
impl StdError for ConfigError {}

// goal: core::result::Result<u8, std::io::Error>: Context<u8, std::io::Error>
// goal: core::result::Result<u8, ConfigError>: Context<u8, ConfigError>
// goal: core::result::Result<u8, String>: Context<u8, String>
// goal: Option<u8>: Context<u8, core::convert::Infallible>
// goal: std::io::Error: Into<Error>
// goal: ConfigError: Into<Error>
// goal: String: Into<Error>
// goal: Error: Send
// goal: Error: std::error::Error
