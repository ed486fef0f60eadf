//! Errors with source locations. Limits are not errors: a query that hits a limit answers Overflow.

use std::fmt;
use std::sync::Arc;

/// A byte range in a named source text, with the 1-based line and column of its start.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
#[cfg_attr(feature = "image", derive(serde::Serialize, serde::Deserialize))]
pub struct Span {
    /// The file name (or `<goal>`, `<input>`) the span points into.
    #[cfg_attr(feature = "image", serde(deserialize_with = "shared_file_name"))]
    pub file: Arc<str>,
    /// Byte offset of the start.
    pub start: usize,
    /// Byte offset of the end (exclusive).
    pub end: usize,
    /// 1-based line of `start`.
    pub line: usize,
    /// 1-based column (in characters) of `start`.
    pub col: usize,
}

/// Decode a string from a small vocabulary (file names), sharing one `Arc` per
/// distinct string on this thread (forgotten past 4096 of them).
#[cfg(feature = "image")]
fn interned_str(
    cache: &'static std::thread::LocalKey<std::cell::RefCell<rustc_hash::FxHashSet<Arc<str>>>>,
    name: &str,
) -> Arc<str> {
    cache.with(|names| {
        let mut names = names.borrow_mut();
        if let Some(n) = names.get(name) {
            return n.clone();
        }
        if names.len() >= 4096 {
            names.clear();
        }
        let n: Arc<str> = Arc::from(name);
        names.insert(n.clone());
        n
    })
}

#[cfg(feature = "image")]
thread_local! {
    static FILE_NAMES: std::cell::RefCell<rustc_hash::FxHashSet<Arc<str>>> = std::cell::RefCell::default();
}

/// Decode a span's file name, sharing one `Arc` among the spans of a file (a snapshot has
/// thousands of spans and a few dozen files). Borrowed from the encoded bytes (a snapshot is a
/// `&'static [u8]`): no allocation but the first.
#[cfg(feature = "image")]
pub fn shared_file_name<'de, D: serde::Deserializer<'de>>(d: D) -> Result<Arc<str>, D::Error> {
    let name: &'de str = serde::Deserialize::deserialize(d)?;
    Ok(interned_str(&FILE_NAMES, name))
}

impl Span {
    /// The span of `start..end` in `src`, computing line and column.
    pub fn new(file: &Arc<str>, src: &str, start: usize, end: usize) -> Span {
        let start = start.min(src.len());
        let (line, col) = line_col(src, start);
        Span {
            file: file.clone(),
            start,
            end: end.max(start),
            line,
            col,
        }
    }
}

impl fmt::Display for Span {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}:{}", self.file, self.line, self.col)
    }
}

/// Line starts of a text, for computing many line:column positions in O(log n) each.
#[derive(Clone, Debug)]
pub struct LineIndex {
    starts: Vec<usize>,
}

impl LineIndex {
    /// Index the lines of `src`.
    pub fn new(src: &str) -> LineIndex {
        let mut starts = vec![0];
        starts.extend(
            src.bytes()
                .enumerate()
                .filter(|&(_, b)| b == b'\n')
                .map(|(i, _)| i + 1),
        );
        LineIndex { starts }
    }

    /// The span of `start..end` in `src` (which must be the indexed text).
    pub fn span(&self, file: &Arc<str>, src: &str, start: usize, end: usize) -> Span {
        let mut start = start.min(src.len());
        while !src.is_char_boundary(start) {
            start -= 1;
        }
        let line = self.starts.partition_point(|&s| s <= start);
        let line_start = self.starts[line - 1];
        let col = src[line_start..start].chars().count() + 1;
        Span {
            file: file.clone(),
            start,
            end: end.max(start),
            line,
            col,
        }
    }
}

/// 1-based line and column of a byte offset.
pub fn line_col(src: &str, offset: usize) -> (usize, usize) {
    let mut off = offset.min(src.len());
    while !src.is_char_boundary(off) {
        off -= 1;
    }
    let before = &src[..off];
    let line = before.bytes().filter(|&b| b == b'\n').count() + 1;
    let line_start = before.rfind('\n').map(|i| i + 1).unwrap_or(0);
    let col = src[line_start..off].chars().count() + 1;
    (line, col)
}

/// Everything that can go wrong outside of solving.
#[derive(Debug)]
pub enum Error {
    /// The text does not parse.
    Syntax {
        /// Where.
        span: Span,
        /// What was expected or found.
        message: String,
        /// The source line with a caret under the error.
        snippet: String,
    },
    /// The program parses but cannot be loaded or lowered (unknown names, arity mismatch, unsupported construct).
    Lower {
        /// Where.
        span: Span,
        /// A stable code such as `lower::unknown_trait` or `unsupported`.
        code: &'static str,
        /// Explanation.
        message: String,
    },
    /// A goal cannot be asked as written (unknown predicate, arity mismatch).
    Goal {
        /// A stable code such as `goal::unknown_predicate`.
        code: &'static str,
        /// Explanation.
        message: String,
    },
    /// Reading a file failed.
    Io {
        /// The path.
        path: String,
        /// The OS error text.
        message: String,
    },
    /// An internal invariant failed: a bug in knot.
    Internal(String),
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Error::Syntax {
                span,
                message,
                snippet,
            } => write!(f, "{span}: syntax error: {message}\n{snippet}"),
            Error::Lower {
                span,
                code,
                message,
            } => write!(f, "{span}: {code}: {message}"),
            Error::Goal { code, message } => write!(f, "{code}: {message}"),
            Error::Io { path, message } => write!(f, "{path}: {message}"),
            Error::Internal(m) => write!(f, "internal error (please report): {m}"),
        }
    }
}

impl std::error::Error for Error {}

impl Error {
    /// A syntax error at `start..end` of `src`, with a snippet and caret.
    pub fn syntax(
        file: &Arc<str>,
        src: &str,
        start: usize,
        end: usize,
        message: impl Into<String>,
    ) -> Error {
        let span = Span::new(file, src, start, end);
        let snippet = snippet(src, &span);
        Error::Syntax {
            span,
            message: message.into(),
            snippet,
        }
    }

    /// The stable code of this error.
    pub fn code(&self) -> &'static str {
        match self {
            Error::Syntax { .. } => "syntax::unexpected_token",
            Error::Lower { code, .. } | Error::Goal { code, .. } => code,
            Error::Io { .. } => "io",
            Error::Internal(_) => "internal",
        }
    }
}

/// The line of `span` with a caret under its start column.
pub fn snippet(src: &str, span: &Span) -> String {
    let line = src.lines().nth(span.line.saturating_sub(1)).unwrap_or("");
    let shown: String = line.chars().take(200).collect();
    let pad: String = shown
        .chars()
        .take(span.col.saturating_sub(1))
        .map(|c| if c == '\t' { '\t' } else { ' ' })
        .collect();
    format!("  | {shown}\n  | {pad}^")
}

/// Result with knot's error.
pub type Result<T, E = Error> = std::result::Result<T, E>;
