//! A linear pre-pass over source text, before the (recursive) pest parser sees it: reports unterminated
//! comments and quotes where they start, and refuses nesting deeper than [`MAX_NESTING`] so that parsing
//! cannot exhaust the stack.

use crate::error::{Error, Result};
use std::sync::Arc;

/// Deepest bracket nesting accepted. The command line parses on a thread with a large stack; this bound
/// keeps well inside it. In clause text every bracket counts [`BARE_BRACKET`] levels: for an
/// argument list, a parenthesis, a list or a brace alike, the parser recurses through every operator
/// priority (only an atomic argument skips them), which takes several times the stack of a bracket
/// in Rust-like text (130,000 parentheses would exhaust 1 GiB). So clause text nests 50,000 deep.
pub const MAX_NESTING: usize = 200_000;

/// The levels a bracket counts in clause text (see [`MAX_NESTING`]).
pub const BARE_BRACKET: usize = 4;

/// Which comment and quote conventions apply.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Lang {
    /// `%` and `/* */` comments, `'quoted atoms'`, `"strings"`.
    Clauses,
    /// `//` and `/* */` comments, `"strings"`; `'a` is a lifetime.
    Surface,
}

/// The bytes [`check`] looks at: comment and quote starts, brackets.
const SPECIAL: [bool; 256] = {
    let mut t = [false; 256];
    let mut k = 0;
    let special = b"%/'\"([{)]}";
    while k < special.len() {
        t[special[k] as usize] = true;
        k += 1;
    }
    t
};

/// Where the escape sequence at `b[i]` (a backslash) ends: `\xHH\` and `\NNN\` may end in a
/// backslash of their own, which escapes nothing.
/// A quoted item: its quote character, whether a doubled quote stands for one inside it, and
/// whether a line end before the closing quote leaves it unterminated.
struct Quoted {
    quote: u8,
    doubled: bool,
    ends_at_newline: bool,
}

impl Quoted {
    /// The position of the closing quote of the item opened at `open`, if it is closed.
    fn close(&self, b: &[u8], open: usize) -> Option<usize> {
        let mut i = open + 1;
        loop {
            match *b.get(i)? {
                b'\n' if self.ends_at_newline => return None,
                b'\\' => i = escape_end(b, i),
                c if c == self.quote && self.doubled && b.get(i + 1) == Some(&self.quote) => i += 2,
                c if c == self.quote => return Some(i),
                _ => i += 1,
            }
        }
    }
}

fn escape_end(b: &[u8], i: usize) -> usize {
    let digits = |mut j: usize, f: fn(&u8) -> bool| {
        while b.get(j).is_some_and(f) {
            j += 1;
        }
        if b.get(j) == Some(&b'\\') {
            j += 1;
        }
        j
    };
    match b.get(i + 1) {
        Some(b'x') if b.get(i + 2).is_some_and(u8::is_ascii_hexdigit) => {
            digits(i + 2, u8::is_ascii_hexdigit)
        }
        Some(b'0'..=b'7') => digits(i + 1, |c| (b'0'..=b'7').contains(c)),
        _ => i + 2,
    }
}

/// Check `src` for unterminated comments/quotes and excessive nesting; returns the deepest bracket
/// nesting met.
pub fn check(file: &Arc<str>, src: &str, lang: Lang) -> Result<usize> {
    let unterminated = |start: usize, what: &str| Error::syntax(file, src, start, start + 1, what);
    let b = src.as_bytes();
    let mut i = 0;
    let mut depth = 0usize;
    let mut deepest = 0usize;
    // The levels a bracket counts.
    let weight = match lang {
        Lang::Clauses => BARE_BRACKET,
        Lang::Surface => 1,
    };
    while i < b.len() {
        // Most bytes are none of the ones below: skip runs of them in a tight loop.
        while i < b.len() && !SPECIAL[b[i] as usize] {
            i += 1;
        }
        let Some(&c) = b.get(i) else { break };
        match c {
            b'%' if lang == Lang::Clauses => {
                while i < b.len() && b[i] != b'\n' {
                    i += 1;
                }
                continue;
            }
            b'/' if lang == Lang::Surface && b.get(i + 1) == Some(&b'/') => {
                while i < b.len() && b[i] != b'\n' {
                    i += 1;
                }
                continue;
            }
            b'/' if b.get(i + 1) == Some(&b'*') => match src[i + 2..].find("*/") {
                Some(k) => {
                    i = i + 2 + k + 2;
                    continue;
                }
                None => {
                    return Err(Error::syntax(
                        file,
                        src,
                        i,
                        i + 2,
                        "unterminated block comment `/*`",
                    ))
                }
            },
            // `0'c`, a character code (`0'(`, `0'\'`, `0'''`): no quoted atom starts here.
            b'\''
                if lang == Lang::Clauses
                    && i >= 1
                    && b[i - 1] == b'0'
                    && (i < 2 || !(b[i - 2].is_ascii_alphanumeric() || b[i - 2] == b'_')) =>
            {
                i += match (b.get(i + 1), b.get(i + 2)) {
                    (Some(b'\\'), _) | (Some(b'\''), Some(b'\'')) => 3,
                    _ => 2,
                };
                continue;
            }
            b'\'' if lang == Lang::Clauses => {
                let q = Quoted {
                    quote: b'\'',
                    doubled: true,
                    ends_at_newline: true,
                };
                i = q
                    .close(b, i)
                    .ok_or_else(|| unterminated(i, "unterminated quoted atom"))?;
            }
            b'"' => {
                let q = Quoted {
                    quote: b'"',
                    doubled: false,
                    ends_at_newline: false,
                };
                i = q
                    .close(b, i)
                    .ok_or_else(|| unterminated(i, "unterminated string"))?;
            }
            // `` `abc` ``, a code list.
            b'`' if lang == Lang::Clauses => {
                let q = Quoted {
                    quote: b'`',
                    doubled: true,
                    ends_at_newline: false,
                };
                i = q
                    .close(b, i)
                    .ok_or_else(|| unterminated(i, "unterminated code list"))?;
            }
            b'(' | b'[' | b'{' => {
                depth += weight;
                deepest = deepest.max(depth);
                if depth > MAX_NESTING {
                    let how = if lang == Lang::Clauses {
                        format!(" (in clause text a bracket counts {BARE_BRACKET})")
                    } else {
                        String::new()
                    };
                    return Err(Error::syntax(
                        file,
                        src,
                        i,
                        i + 1,
                        format!("nesting deeper than {MAX_NESTING} levels is not supported{how}"),
                    ));
                }
            }
            b')' | b']' | b'}' => {
                depth = depth.saturating_sub(weight);
            }
            _ => {}
        }
        i += 1;
    }
    Ok(deepest)
}

/// Nesting (or input length) above which a parse runs on a thread of its own with a large stack.
const DEEP_NESTING: usize = 64;
/// Input length above which a parse runs on the large-stack thread (long operator chains recurse
/// too, without brackets).
const LONG_INPUT: usize = 4096;
/// Stack size of that thread: the recursive parser and tree conversion handle [`MAX_NESTING`] in it.
pub const DEEP_STACK: usize = 1 << 30;

/// Run `work` (a parse of `src`, whose deepest nesting is `depth`) where it cannot overflow the
/// stack: on the caller's thread for small, shallow input; on a scoped thread with a large stack
/// otherwise. Every public parse entry point goes through this, so library calls on an ordinary
/// thread are as safe as the command line.
pub fn on_big_stack<T: Send>(
    src: &str,
    depth: usize,
    work: impl FnOnce() -> Result<T> + Send,
) -> Result<T> {
    with_big_stack_if(depth > DEEP_NESTING || src.len() > LONG_INPUT, work)
}

/// Run `work` on a scoped thread with a 1 GiB stack when `needed`, on this thread otherwise.
pub fn with_big_stack_if<T: Send>(
    needed: bool,
    work: impl FnOnce() -> Result<T> + Send,
) -> Result<T> {
    // `wasm32-unknown-unknown` has no threads: the work runs on the one stack (the playground's
    // module is linked with a larger one), and input too deep for it traps instead of erring.
    if !needed || cfg!(target_arch = "wasm32") {
        return work();
    }
    std::thread::scope(|s| {
        let handle = std::thread::Builder::new()
            .stack_size(DEEP_STACK)
            .spawn_scoped(s, work)
            .map_err(|e| Error::Internal(format!("cannot start parser thread: {e}")))?;
        handle
            .join()
            .unwrap_or_else(|_| Err(Error::Internal("the parser thread panicked".into())))
    })
}
