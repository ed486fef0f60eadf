//! `knot lower`: print the clauses of a program as a `.pl` file.

use crate::{load_file_with, program_text, Error, LoadOptions, Result};
use std::io::Write;
use std::process::ExitCode;

/// Print the clauses of `path` (lowered if Rust-like) with their directives.
pub fn lower(path: &str, opts: &LoadOptions) -> Result<ExitCode> {
    let loaded = load_file_with(path, opts)?;
    // The front end's located warnings (`macro invocation skipped`, `#[cfg] not evaluated`, ...).
    if let crate::Source::Surface(n) = &loaded.source {
        for (span, msg) in n.warnings() {
            if !span.file.starts_with("rules/std/") {
                eprintln!("{span}: warning: {msg}");
            }
        }
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
