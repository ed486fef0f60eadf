//! Loading a program file of either kind.

use crate::error::{line_col, Error, Result};
use crate::program::Program;
use crate::syntax::clauses::parse_clauses;
use crate::term::Store;
use std::sync::Arc;

/// A loaded program with its store.
pub struct Loaded {
    /// The interned terms.
    pub store: Store,
    /// The clauses.
    pub program: Program,
    /// The file name as given.
    pub file: Arc<str>,
}

/// Read a file as UTF-8, reporting the position of an invalid byte.
pub fn read_source(path: &str) -> Result<String> {
    let bytes = std::fs::read(path).map_err(|e| Error::Io {
        path: path.to_string(),
        message: e.to_string(),
    })?;
    String::from_utf8(bytes).map_err(|e| {
        let at = e.utf8_error().valid_up_to();
        let valid = std::str::from_utf8(&e.as_bytes()[..at]).unwrap_or("");
        let (line, col) = line_col(valid, at);
        Error::Io {
            path: format!("{path}:{line}:{col}"),
            message: "the file is not valid UTF-8".into(),
        }
    })
}

/// Load a `.pl` file.
pub fn load_file(path: &str) -> Result<Loaded> {
    let src = read_source(path)?;
    let file: Arc<str> = path.into();
    let lower = path.to_ascii_lowercase();
    if lower.ends_with(".rs") || lower.ends_with(".chalk") {
        return Err(Error::Goal {
            code: "load::unsupported_file",
            message: format!(
                "{path}: Rust-like programs are not supported yet; give a `.pl` clause file"
            ),
        });
    }
    let mut store = Store::new();
    let items = parse_clauses(&mut store, &file, &src)?;
    let mut program = Program::new();
    program.load_items(&mut store, items)?;
    program.sources.push(path.to_string());
    Ok(Loaded {
        store,
        program,
        file,
    })
}
