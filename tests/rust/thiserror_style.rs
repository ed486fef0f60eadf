// What thiserror (dtolnay/thiserror) generates for `#[derive(Error)] enum DataStoreError { #[error("...")]
// Disconnect(#[from] io::Error), ... }` (the README's example), written out by hand: Display, Error with
// `source`, and the `From` impls for `#[from]` fields.
use std::error::Error;
use std::fmt;
use std::io;

#[derive(Debug)]
pub enum DataStoreError {
    Disconnect(io::Error),
    Redaction(String),
    InvalidHeader { expected: String, found: String },
    Unknown,
}

impl fmt::Display for DataStoreError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            DataStoreError::Disconnect(_) => write!(f, "data store disconnected"),
            DataStoreError::Redaction(k) => write!(f, "the data for key `{}` is not available", k),
            DataStoreError::InvalidHeader { expected, found } => {
                write!(f, "invalid header (expected {:?}, found {:?})", expected, found)
            }
            DataStoreError::Unknown => write!(f, "unknown data store error"),
        }
    }
}

impl Error for DataStoreError {
    fn source(&self) -> Option<&(dyn Error + 'static)> {
        match self {
            DataStoreError::Disconnect(e) => Some(e),
            _ => None,
        }
    }
}

impl From<io::Error> for DataStoreError {
    fn from(source: io::Error) -> Self {
        DataStoreError::Disconnect(source)
    }
}

// goal: DataStoreError: Error
// goal: io::Error: Into<DataStoreError>
// goal: String: Into<DataStoreError>
// goal: DataStoreError: Into<Box<dyn Error + Send + Sync>>
// goal: DataStoreError: Sync
// goal: Box<DataStoreError>: Error
// goal: DataStoreError: ToString
