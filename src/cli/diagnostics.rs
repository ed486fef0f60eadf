//! Errors rendered for people: the located one-line message (`file:line:col: code: message`) followed
//! by the source snippet with the span underlined, drawn by miette. Colour only on a terminal.

use crate::error::Error;
use miette::{GraphicalReportHandler, GraphicalTheme, NamedSource, SourceSpan};
use std::io::IsTerminal;

#[derive(Debug, thiserror::Error, miette::Diagnostic)]
#[error("{message}")]
struct Diag {
    message: String,
    #[source_code]
    src: NamedSource<String>,
    #[label("{label}")]
    at: SourceSpan,
    label: String,
    #[help]
    help: Option<String>,
}

/// A hint for an error code, when there is a useful one.
fn hint(code: &str) -> Option<String> {
    Some(
        match code {
            "unsupported" => "knot does not lower this construct yet; see README (Rust-like programs)",
            "lower::unknown_trait" | "lower::unknown_type" => {
                "declare it in the program (a `.rs` file also sees the std prelude of rules/prelude.rs)"
            }
            _ => return None,
        }
        .to_string(),
    )
}

/// The text to print for an error. `src` is the goal typed on the command line, for errors in it
/// (span file `<goal>`); otherwise the file named by the span is read again.
pub fn render(e: &Error, src: Option<&str>) -> String {
    let plain = e.to_string();
    let (span, message, code) = match e {
        Error::Syntax { span, message, .. } => (span, message, e.code()),
        Error::Lower {
            span,
            message,
            code,
        } => (span, message, *code),
        _ => return plain,
    };
    let text = match src {
        Some(s) if &*span.file == "<goal>" => s.to_string(),
        _ => match std::fs::read_to_string(&*span.file) {
            Ok(t) => t,
            Err(_) => return plain,
        },
    };
    if span.start > text.len() || !text.is_char_boundary(span.start) {
        return plain;
    }
    // A snippet only helps on a line a person can read (and very long lines trip the renderer).
    let line_start = text[..span.start].rfind('\n').map_or(0, |i| i + 1);
    let line_end = text[span.start..]
        .find('\n')
        .map_or(text.len(), |i| span.start + i);
    if line_end - line_start > 400 {
        return plain;
    }
    let len = span.end.min(text.len()).saturating_sub(span.start);
    let diag = Diag {
        message: format!("{code}: {message}"),
        src: NamedSource::new(&span.file, text),
        at: (span.start, len).into(),
        label: "here".into(),
        help: hint(code),
    };
    let theme = if std::io::stderr().is_terminal() {
        GraphicalTheme::unicode()
    } else {
        GraphicalTheme::unicode_nocolor()
    };
    let mut out = String::new();
    let handler = GraphicalReportHandler::new_themed(theme);
    if handler.render_report(&mut out, &diag).is_err() {
        return plain;
    }
    // The located first line stays first: tools and tests read `file:line:col` from it.
    let first = plain.lines().next().unwrap_or("");
    format!("{first}\n{out}")
}
