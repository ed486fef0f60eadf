// The error-handling pattern of the Rust book, ch. 9 (rust-lang/book, src/ch09-02-recoverable-errors-with-result.md)
// and std's `impl<T, U: From<T>> Into<U> for T` / `impl<'a, E: Error + 'a> From<E> for Box<dyn Error + 'a>`
// (library/core/src/convert/mod.rs, library/alloc/src/boxed/convert.rs): a custom error type with
// From impls, Display and Error.
use std::error::Error;
use std::fmt;
use std::num::ParseIntError;

#[derive(Debug)]
pub enum AppError {
    Io(std::io::Error),
    Parse(ParseIntError),
    Message(&'static str),
}

impl fmt::Display for AppError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            AppError::Io(e) => write!(f, "io: {e}"),
            AppError::Parse(e) => write!(f, "parse: {e}"),
            AppError::Message(m) => f.write_str(m),
        }
    }
}

impl Error for AppError {
    fn source(&self) -> Option<&(dyn Error + 'static)> {
        match self {
            AppError::Io(e) => Some(e),
            AppError::Parse(e) => Some(e),
            AppError::Message(_) => None,
        }
    }
}

impl From<std::io::Error> for AppError {
    fn from(e: std::io::Error) -> Self {
        AppError::Io(e)
    }
}

impl From<ParseIntError> for AppError {
    fn from(e: ParseIntError) -> Self {
        AppError::Parse(e)
    }
}

pub type Result<T> = std::result::Result<T, AppError>;

pub fn parse_port(s: &str) -> Result<u16> {
    Ok(s.trim().parse::<u16>()?)
}

// goal: AppError: Error
// goal: AppError: std::fmt::Display
// goal: ParseIntError: Into<AppError>
// goal: std::io::Error: Into<AppError>
// goal: AppError: Into<Box<dyn Error>>
// goal: AppError: Into<Box<dyn Error + Send + Sync>>
// goal: String: Into<AppError>
// goal: AppError: ToString
// goal: AppError: Clone
// goal: AppError: Send
// goal: AppError: From<AppError>
