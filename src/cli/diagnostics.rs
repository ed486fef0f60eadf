//! Errors rendered for people: the located one-line message (`file:line:col: code: message`) followed
//! by the source snippet with the span underlined, drawn by miette. Colour only on a terminal.

use knot::Error;
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

/// The text to print for an error on stderr: see [`render_to`].
pub fn render(e: &Error, src: Option<&str>) -> String {
    render_to(e, src, std::io::stderr().is_terminal())
}

/// The text to print for an error on stdout (the REPL's answers and errors go there).
pub fn render_on_stdout(e: &Error, src: Option<&str>) -> String {
    render_to(e, src, std::io::stdout().is_terminal())
}

/// The text to print for an error, once: on a terminal the miette block (message, source snippet
/// with the span underlined, hint); into a pipe or file the one line `file:line:col: message` that
/// tools read. `src` is the goal typed on the command line, for errors in it (span file `<goal>`);
/// otherwise the file named by the span is read again. An unknown predicate in a goal is located at
/// its name.
pub fn render_to(e: &Error, src: Option<&str>, terminal: bool) -> String {
    let plain = e.to_string();
    let first = plain.lines().next().unwrap_or("").to_string();
    let (span, message, code) = match e {
        Error::Syntax { span, message, .. } => (span.clone(), message, e.code()),
        Error::Lower {
            span,
            message,
            code,
        } => (span.clone(), message, *code),
        Error::Goal { code, message }
            if matches!(*code, "goal::unknown_predicate" | "goal::arity_mismatch") =>
        {
            match src.and_then(|s| predicate_span(s, message)) {
                Some(span) => (span, message, *code),
                None => return plain,
            }
        }
        _ => return plain,
    };
    let one_line = format!(
        "{}:{}:{}: {code}: {message}",
        span.file, span.line, span.col
    );
    let one_line = if matches!(e, Error::Goal { .. }) {
        one_line
    } else {
        first
    };
    if !terminal {
        return one_line;
    }
    let text = match src {
        Some(s) if &*span.file == "<goal>" => s.to_string(),
        _ => match std::fs::read_to_string(&*span.file) {
            Ok(t) => t,
            Err(_) => return one_line,
        },
    };
    if span.start > text.len() || !text.is_char_boundary(span.start) {
        return one_line;
    }
    // A snippet only helps on a line a person can read (and very long lines trip the renderer).
    let line_start = text[..span.start].rfind('\n').map_or(0, |i| i + 1);
    let line_end = text[span.start..]
        .find('\n')
        .map_or(text.len(), |i| span.start + i);
    if line_end - line_start > 400 {
        return one_line;
    }
    let len = span.end.min(text.len()).saturating_sub(span.start);
    let diag = Diag {
        message: format!("{code}: {message}"),
        src: NamedSource::new(&span.file, text),
        at: (span.start, len).into(),
        label: "here".into(),
        help: hint(code),
    };
    let mut out = String::new();
    let handler = GraphicalReportHandler::new_themed(GraphicalTheme::unicode());
    if handler.render_report(&mut out, &diag).is_err() {
        return one_line;
    }
    out.trim_end().to_string()
}

/// Where the predicate an "unknown predicate NAME/N" message names is called in a goal's text: the
/// first occurrence of NAME as a whole word (followed by `(` when N > 0).
fn predicate_span(src: &str, message: &str) -> Option<knot::Span> {
    let rest = message.strip_prefix("unknown predicate ")?;
    let spec = rest.split_whitespace().next()?;
    let (name, arity) = spec.rsplit_once('/')?;
    let arity: u32 = arity.parse().ok()?;
    let name = name.trim_matches('\'');
    let ident = |c: char| c.is_alphanumeric() || c == '_';
    let mut from = 0;
    while let Some(i) = src[from..].find(name) {
        let at = from + i;
        let end = at + name.len();
        let before_ok = !src[..at].chars().next_back().is_some_and(ident);
        let after = src[end..].chars().next();
        let after_ok = if arity > 0 {
            after == Some('(')
        } else {
            !after.is_some_and(|c| ident(c) || c == '(')
        };
        if before_ok && after_ok {
            let file: std::sync::Arc<str> = "<goal>".into();
            return Some(knot::Span::new(&file, src, at, end));
        }
        from = end;
    }
    None
}

#[cfg(test)]
mod tests {
    use super::predicate_span;
    use knot::{closest, edit_distance};

    #[test]
    fn typos_are_near() {
        assert_eq!(edit_distance("colour", "color"), 1);
        assert_eq!(edit_distance("egde", "edge"), 1);
        assert_eq!(edit_distance("", "ab"), 2);
        assert_eq!(edit_distance("kitten", "sitting"), 3);
        assert_eq!(closest("colour", ["color", "size"]), Some("color"));
        assert_eq!(closest("q", ["edge", "path"]), None);
        assert_eq!(closest("q", ["p"]), None);
    }

    #[test]
    fn an_unknown_predicate_is_found_in_the_goal() {
        let s = predicate_span("p(X), colour(X)", "unknown predicate colour/1").unwrap();
        assert_eq!((s.line, s.col), (1, 7));
        let s = predicate_span("halt, h", "unknown predicate h/0").unwrap();
        assert_eq!(s.col, 7);
    }
}
