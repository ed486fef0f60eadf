//! `knot lower`: print the clauses of a program as a `.pl` file.

use knot::{load_file_with, program_text, Error, LoadOptions, Result};
use std::io::Write;
use std::process::ExitCode;

/// Print the clauses of `path` (lowered if Rust-like) with their directives.
pub fn lower(path: &str, opts: &LoadOptions) -> Result<ExitCode> {
    let loaded = load_file_with(path, opts)?;
    // The load's located warnings (`macro invocation skipped`, `#[cfg] not evaluated`, ...).
    for w in loaded.warnings() {
        eprintln!("{w}");
    }
    let out = program_text(&loaded, path);
    let stdout = std::io::stdout();
    let mut lock = stdout.lock();
    lock.write_all(out.as_bytes()).map_err(|e| Error::Io {
        path: "<stdout>".into(),
        message: e.to_string(),
    })?;
    Ok(ExitCode::SUCCESS)
}
