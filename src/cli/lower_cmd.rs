//! `knot lower`: print the clauses of a program as a `.pl` file.

use super::load::{load_file_with, LoadOptions, Loaded};
use crate::error::{Error, Result};
use crate::program::Program;
use crate::syntax::print::{clause_to_string, default_var_name};
use crate::term::Store;
use std::io::Write;
use std::process::ExitCode;

/// Print the clauses of `path` (lowered if Rust-like) with their directives.
pub fn lower(path: &str, opts: &LoadOptions) -> Result<ExitCode> {
    let loaded = load_file_with(path, opts)?;
    // The front end's located warnings (`macro invocation skipped`, `#[cfg] not evaluated`, ...).
    if let super::load::Source::Surface(n) = &loaded.source {
        for (span, msg) in n.resolver.iter().flat_map(|r| r.warnings.iter()) {
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

/// The clauses of a loaded program with their directives, as a `.pl` file that loads back.
pub fn program_text(loaded: &Loaded, path: &str) -> String {
    clauses_text(&loaded.store, &loaded.program, path)
}

/// The clauses of `program` with their directives, as a `.pl` file that loads back (`path` names the
/// source in the header comment).
pub fn clauses_text(store: &Store, program: &Program, path: &str) -> String {
    let mut out = String::new();
    out.push_str(&format!(
        "% Clauses of {path}, as lowered by knot. `knot run` loads this file back.\n"
    ));
    for (kind, set) in [
        ("table", &program.tabled),
        ("coinductive", &program.coinductive),
        ("non_enumerable", &program.non_enumerable),
        ("dynamic", &program.declared),
    ] {
        let mut preds: Vec<_> = set.iter().copied().collect();
        preds.sort_by(|a, b| store.name(a.0).cmp(store.name(b.0)).then(a.1.cmp(&b.1)));
        for (f, n) in preds {
            out.push_str(&format!(
                ":- {kind} {}/{}.\n",
                crate::syntax::print::atom_text(store.name(f)),
                n
            ));
        }
    }
    let mut last_line = None;
    for c in program.clauses() {
        if let Some(span) = &c.span {
            if last_line != Some((span.file.clone(), span.line)) && !span.file.is_empty() {
                out.push_str(&format!("\n% {}:{}\n", span.file, span.line));
                last_line = Some((span.file.clone(), span.line));
            }
        }
        let names = |i: u32| {
            c.var_names
                .get(i as usize)
                .filter(|n| {
                    n.starts_with(|ch: char| ch.is_ascii_uppercase())
                        && !n.contains(char::is_whitespace)
                })
                .map(|n| format!("{n}_{i}"))
                .unwrap_or_else(|| default_var_name(i))
        };
        out.push_str(&clause_to_string(store, c.term, &names));
        out.push('\n');
    }
    out
}
