//! A fast path for the commonest item of a large clause file: a ground fact whose arguments are
//! integers and plain atoms, such as `edge(12, 40).` or `parent(tom, bob).`
//!
//! The pest grammar (`clauses.pest`) stays the definition of the language. This scanner accepts a
//! strict subset of it and builds exactly the terms the pest conversion builds. (Its loader interns
//! a batch of facts' arguments, then their compounds at once, `Store::app_batch`: ids can be numbered
//! in another order than pest's, the terms are the same.) On anything else (a variable, an operator,
//! a quoted atom, a nested term, a comment between tokens, an integer too large for `i64`, a syntax
//! error, ...) it declines and the caller hands the same position to pest, so accepted language,
//! terms and error locations are pest's.
//! `tests/fact_loader.rs` checks this against pest (`KNOT_FACT_LOADER=pest` turns the fast path off)
//! on random clause text.

use crate::error::Span;
use crate::term::{Store, Sym, TermId};
use std::sync::Arc;

/// Line and column of increasing offsets, by counting newlines since the previous one (the spans of a
/// run of facts cost the bytes between them, not a search of the line index).
#[derive(Default)]
pub struct LineCursor {
    pos: usize,
    /// 0-based line of `pos`.
    line: usize,
    line_start: usize,
}

impl LineCursor {
    /// The span of `start..end` (`start` at or after the previous call's, on a char boundary), as
    /// [`crate::error::LineIndex::span`] computes it.
    pub fn span(&mut self, file: &Arc<str>, src: &str, start: usize, end: usize) -> Span {
        let b = src.as_bytes();
        if start < self.pos {
            *self = LineCursor::default();
        }
        let gap = &b[self.pos..start];
        let newlines = gap.iter().filter(|&&c| c == b'\n').count();
        if newlines > 0 {
            self.line += newlines;
            self.line_start = self.pos + gap.iter().rposition(|&c| c == b'\n').unwrap_or(0) + 1;
        }
        self.pos = start;
        let text = &src[self.line_start..start];
        let col = if text.is_ascii() {
            text.len()
        } else {
            text.chars().count()
        } + 1;
        Span {
            file: file.clone(),
            start,
            end: end.max(start),
            line: self.line + 1,
            col,
        }
    }
}

/// Whether the fast path is on: `KNOT_FACT_LOADER=pest` turns it off (every item goes to pest), for
/// differential testing and as an escape hatch.
pub fn enabled() -> bool {
    static ON: std::sync::OnceLock<bool> = std::sync::OnceLock::new();
    *ON.get_or_init(|| std::env::var("KNOT_FACT_LOADER").map_or(true, |v| v != "pest"))
}

/// The grammar's `WHITESPACE`: space, tab, CR, LF, or U+FEFF (3 bytes in UTF-8).
#[inline]
fn blank_len(b: &[u8], i: usize) -> usize {
    match b.get(i) {
        Some(b' ' | b'\t' | b'\r' | b'\n') => 1,
        Some(0xEF) if b.get(i + 1) == Some(&0xBB) && b.get(i + 2) == Some(&0xBF) => 3,
        _ => 0,
    }
}

/// Skip the grammar's implicit layout (`WHITESPACE` and `COMMENT`, any number) from `i`.
#[inline]
pub fn skip_layout(src: &str, mut i: usize) -> usize {
    let b = src.as_bytes();
    loop {
        let n = blank_len(b, i);
        if n > 0 {
            i += n;
            continue;
        }
        match b.get(i) {
            Some(b'%') => {
                i += memchr_nl(&b[i..]);
            }
            Some(b'/') if b.get(i + 1) == Some(&b'*') => match src[i + 2..].find("*/") {
                Some(k) => i = i + 2 + k + 2,
                // Unterminated: pest fails here too; let it say so.
                None => return i,
            },
            _ => return i,
        }
    }
}

/// Bytes up to (not including) the next `\n`, or all of them.
#[inline]
fn memchr_nl(b: &[u8]) -> usize {
    b.iter().position(|&c| c == b'\n').unwrap_or(b.len())
}

#[inline]
fn ident_char(c: u8) -> bool {
    c.is_ascii_alphanumeric() || c == b'_'
}

/// Blanks only (no comments) from `i`: the fast path declines when a comment sits between tokens, so
/// the scanner never needs to decide what pest would do there.
#[inline]
fn skip_blanks(b: &[u8], mut i: usize) -> usize {
    loop {
        match b.get(i) {
            Some(b' ' | b'\t' | b'\r' | b'\n') => i += 1,
            _ => return i,
        }
    }
}

/// One argument already scanned: an integer or a plain atom (by its text).
#[derive(Clone, Copy)]
enum Arg<'s> {
    Int(i64),
    Atom(&'s str),
}

/// A reusable scanner: remembers the last functor's symbol so a run of facts of one predicate does not
/// look its name up each time.
#[derive(Default)]
pub struct FactScanner {
    last: Option<(Box<str>, Sym)>,
}

impl FactScanner {
    fn functor(&mut self, store: &mut Store, name: &str) -> Sym {
        if let Some((n, s)) = &self.last {
            if &**n == name {
                return *s;
            }
        }
        let s = store.sym(name);
        self.last = Some((name.into(), s));
        s
    }

    /// Intern a scanned fact's functor and arguments, in the order of pest's conversion (the
    /// functor's name, then each argument); the arguments are appended to `args`. The compound
    /// itself is left to the caller, which interns a batch of them at once
    /// ([`Store::app_batch`]); a fact of no arguments is the atom of the functor.
    pub fn intern_parts(
        &mut self,
        store: &mut Store,
        s: &Scanned<'_>,
        args: &mut Vec<TermId>,
    ) -> Sym {
        let f = self.functor(store, s.name);
        for a in s.args[..s.n].iter().flatten() {
            args.push(match *a {
                Arg::Int(k) => store.int(k),
                Arg::Atom(name) => {
                    let x = store.sym(name);
                    store.atom(x)
                }
            });
        }
        f
    }
}

/// A ground fact the fast path accepted, scanned but not interned.
pub struct Scanned<'s> {
    name: &'s str,
    args: [Option<Arg<'s>>; 8],
    n: usize,
    /// Byte offset of the name.
    pub start: usize,
    /// Byte offset just past the ending `.`.
    pub end: usize,
}

/// Scan a ground fact at `start` (where pest's item would start: layout already skipped), or `None`
/// when the text there is anything the fast path does not handle. Nothing is interned.
pub fn scan(src: &str, start: usize) -> Option<Scanned<'_>> {
    let b = src.as_bytes();
    let mut i = start;
    // The functor: a plain atom.
    if !b.get(i)?.is_ascii_lowercase() {
        return None;
    }
    i += 1;
    while b.get(i).is_some_and(|&c| ident_char(c)) {
        i += 1;
    }
    let name = &src[start..i];
    // Arguments are scanned first and interned only when the whole fact is accepted.
    let mut scanned: [Option<Arg<'_>>; 8] = [None; 8];
    let mut n = 0;
    if b.get(i) == Some(&b'(') {
        i += 1;
        loop {
            i = skip_blanks(b, i);
            let a0 = i;
            let c = *b.get(i)?;
            let arg = if c.is_ascii_digit() || c == b'-' {
                if c == b'-' {
                    i += 1;
                }
                let d0 = i;
                while b.get(i).is_some_and(|c| c.is_ascii_digit()) {
                    i += 1;
                }
                if i == d0 {
                    return None;
                }
                // `12ab` or `1_000` continue the token in no rule the fast path knows.
                if b.get(i).is_some_and(|&c| ident_char(c)) {
                    return None;
                }
                // Out of `i64` range: pest's conversion makes an atom of it; leave that to pest.
                Arg::Int(src[a0..i].parse::<i64>().ok()?)
            } else if c.is_ascii_lowercase() {
                i += 1;
                while b.get(i).is_some_and(|&c| ident_char(c)) {
                    i += 1;
                }
                Arg::Atom(&src[a0..i])
            } else {
                return None;
            };
            if n == scanned.len() {
                return None;
            }
            scanned[n] = Some(arg);
            n += 1;
            i = skip_blanks(b, i);
            match b.get(i) {
                Some(b',') => i += 1,
                Some(b')') => {
                    i += 1;
                    break;
                }
                _ => return None,
            }
        }
        i = skip_blanks(b, i);
    } else if b
        .get(i)
        .is_some_and(|&c| c == b' ' || c == b'\t' || c == b'\r' || c == b'\n')
    {
        // `name (` is a compound in the grammar: leave blanks after a bare name to pest.
        return None;
    }
    // The end: `.` followed by layout or the end of input.
    if b.get(i) != Some(&b'.') {
        return None;
    }
    let end = i + 1;
    match b.get(end) {
        None | Some(b'%') => {}
        _ if blank_len(b, end) > 0 => {}
        _ => return None,
    }
    Some(Scanned {
        name,
        args: scanned,
        n,
        start,
        end,
    })
}
