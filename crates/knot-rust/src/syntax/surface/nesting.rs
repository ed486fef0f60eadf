//! The nesting pre-scan: before pest sees the text, [`check_nesting`] rejects unbalanced brackets,
//! unterminated comments and strings, and nesting deeper than [`super::MAX_NESTING`], with precise locations.

use super::*;

/// One open bracket during the pre-scan.
pub struct Open {
    pub ch: u8,
    pub pos: usize,
    /// Prefix operators (`&`, `*`, `->`) seen inside this bracket since the last separator.
    pub run: usize,
}

/// State of the nesting pre-scan: open brackets and the current depth.
#[derive(Default)]
pub struct Scan {
    pub stack: Vec<Open>,
    /// Prefix operators outside any bracket since the last separator.
    pub root_run: usize,
    pub depth: usize,
}

impl Scan {
    /// The prefix-operator counter of the innermost level.
    pub fn run(&mut self) -> &mut usize {
        match self.stack.last_mut() {
            Some(o) => &mut o.run,
            None => &mut self.root_run,
        }
    }

    /// A prefix operator nests what follows one level deeper (until the next separator).
    pub fn prefix(&mut self) {
        *self.run() += 1;
        self.depth += 1;
    }

    /// A separator (`,`, `;`, `=`) ends the prefix operators of its level.
    pub fn separator(&mut self) {
        let run = std::mem::take(self.run());
        self.depth -= run;
    }

    /// Pops the innermost open bracket.
    pub fn pop(&mut self) -> Option<Open> {
        let o = self.stack.pop()?;
        self.depth -= 1 + o.run;
        Some(o)
    }

    /// A `)`, `]` or `}` at `i`: closes pending `<`s, then must match the innermost bracket.
    pub fn close(
        &mut self,
        c: u8,
        i: usize,
        src: &str,
    ) -> std::result::Result<(), (usize, String)> {
        while self.stack.last().is_some_and(|o| o.ch == b'<') {
            self.pop();
        }
        match self.pop() {
            Some(o) if closer(o.ch) == c => Ok(()),
            Some(o) => {
                let (l, col) = crate::error::line_col(src, o.pos);
                let (c, want, open) = (c as char, closer(o.ch) as char, o.ch as char);
                Err((i, format!("mismatched closing `{c}`: expected `{want}` to close the `{open}` at {l}:{col}")))
            }
            None => Err((
                i,
                format!("unexpected closing `{}` without an opening one", c as char),
            )),
        }
    }
}

/// Scans `src` for unbalanced `(`/`[`/`{`, unterminated comments and strings, and nesting deeper
/// than [`MAX_NESTING`]; returns the maximum nesting depth. Brackets, `<`, and runs of prefix
/// operators (`&`, `*`, `->`) all count as nesting, since each makes pest recurse.
pub fn check_nesting(file: &Arc<str>, src: &str) -> Result<usize> {
    let err = |(pos, msg): (usize, String)| Error::syntax(file, src, pos, pos + 1, msg);
    let b = src.as_bytes();
    let mut scan = Scan::default();
    let mut max = 0usize;
    let mut i = 0;
    while i < b.len() {
        if let Some(next) = skip_trivia(b, i).map_err(err)? {
            i = next;
            continue;
        }
        match b[i] {
            c @ (b'(' | b'[' | b'{' | b'<') => {
                scan.stack.push(Open {
                    ch: c,
                    pos: i,
                    run: 0,
                });
                scan.depth += 1;
            }
            b'>' if i > 0 && b[i - 1] == b'-' => scan.prefix(),
            b'>' if scan.stack.last().is_some_and(|o| o.ch == b'<') => {
                scan.pop();
            }
            c @ (b')' | b']' | b'}') => scan.close(c, i, src).map_err(err)?,
            b'&' | b'*' => scan.prefix(),
            b',' | b';' | b'=' => scan.separator(),
            _ => {}
        }
        if scan.depth > MAX_NESTING {
            return Err(err((
                i,
                format!("nesting too deep (more than {MAX_NESTING} levels)"),
            )));
        }
        max = max.max(scan.depth);
        i += 1;
    }
    if let Some(o) = scan.stack.iter().rev().find(|o| o.ch != b'<') {
        let (open, close) = (o.ch as char, closer(o.ch) as char);
        return Err(err((
            o.pos,
            format!("unclosed `{open}`: expected a matching `{close}`"),
        )));
    }
    Ok(max)
}

/// If a comment, string or char literal starts at `i`, the index after it.
pub fn skip_trivia(b: &[u8], i: usize) -> std::result::Result<Option<usize>, (usize, String)> {
    match (b[i], b.get(i + 1)) {
        (b'/', Some(b'/')) => Ok(Some(
            b[i..]
                .iter()
                .position(|&c| c == b'\n')
                .map_or(b.len(), |n| i + n),
        )),
        (b'/', Some(b'*')) => match skip_block_comment(b, i) {
            Some(end) => Ok(Some(end)),
            None => Err((i, "unterminated block comment `/*`".into())),
        },
        (b'"', _) => match skip_string(b, i) {
            Some(end) => Ok(Some(end)),
            None => Err((i, "unterminated string literal".into())),
        },
        (b'\'', _) => Ok(char_literal_end(b, i)),
        _ => Ok(None),
    }
}

/// The closing bracket of an opening one.
pub fn closer(open: u8) -> u8 {
    match open {
        b'(' => b')',
        b'[' => b']',
        b'<' => b'>',
        _ => b'}',
    }
}

/// The index after the (nested) block comment starting at `i`, or `None` if unterminated.
pub fn skip_block_comment(b: &[u8], mut i: usize) -> Option<usize> {
    let mut level = 0usize;
    while i < b.len() {
        if b[i] == b'/' && b.get(i + 1) == Some(&b'*') {
            level += 1;
            i += 2;
        } else if b[i] == b'*' && b.get(i + 1) == Some(&b'/') {
            level -= 1;
            i += 2;
            if level == 0 {
                return Some(i);
            }
        } else {
            i += 1;
        }
    }
    None
}

/// The index after the string literal starting at `i`, or `None` if unterminated.
pub fn skip_string(b: &[u8], mut i: usize) -> Option<usize> {
    i += 1;
    while i < b.len() {
        match b[i] {
            b'\\' => i += 2,
            b'"' => return Some(i + 1),
            _ => i += 1,
        }
    }
    None
}

/// If a char literal (`'x'`, `'\n'`) starts at `i`, the index after it.
pub fn char_literal_end(b: &[u8], i: usize) -> Option<usize> {
    if b.get(i + 1) == Some(&b'\\') {
        let close = b[i + 2..].iter().take(12).position(|&c| c == b'\'')?;
        return Some(i + 3 + close);
    }
    let rest = std::str::from_utf8(b.get(i + 1..)?).ok()?;
    let ch = rest.chars().next()?;
    let after = i + 1 + ch.len_utf8();
    (ch != '\'' && b.get(after) == Some(&b'\'')).then_some(after + 1)
}
