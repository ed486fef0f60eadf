//! Output built-ins (`write/1`, `print/1`, `writeq/1`, `write_canonical/1`, `nl/0`, `tab/1`,
//! `format/1,2`) and the text of terms as SWI-Prolog writes them (`f(a,b)`, `a+b`, `X is Y`).
//!
//! Output goes to standard output, or — while a caller captures it ([`capture_output`]) — to a
//! buffer the caller drains ([`take_output`]) so that it interleaves with the answers it prints.

use super::super::{Machine, State};
use super::Err;
use crate::syntax::print::{float_text, string_text};
use crate::term::unify::{Ref, VarMap};
use crate::term::{syms, Store, TermId, View};
use std::cell::RefCell;
use std::io::Write;

thread_local! {
    static CAPTURE: RefCell<Option<String>> = const { RefCell::new(None) };
    /// Output held back by a strategy that may run a goal again (`slg`'s well-founded reruns):
    /// innermost last. While one is open, the output built-ins write there.
    static HOLD: RefCell<Vec<String>> = const { RefCell::new(Vec::new()) };
}

/// Hold back what the output built-ins write from now on (until [`end_hold`]).
pub(crate) fn hold_output() {
    HOLD.with(|h| h.borrow_mut().push(String::new()));
}

/// What was written into the innermost hold since the last call.
pub(crate) fn take_held() -> String {
    HOLD.with(|h| {
        h.borrow_mut()
            .last_mut()
            .map(std::mem::take)
            .unwrap_or_default()
    })
}

/// Close the innermost hold, returning what it still holds (the caller writes it or drops it).
pub(crate) fn end_hold() -> String {
    HOLD.with(|h| h.borrow_mut().pop().unwrap_or_default())
}

/// Write text as the output built-ins do (into the innermost hold, the capture, or stdout).
pub(crate) fn emit_text(s: &str) {
    if !s.is_empty() {
        emit(s);
    }
}

/// Capture what the output built-ins write on this thread (`true`), or write it straight to
/// standard output (`false`, the default). Turning capture off writes out what was captured.
pub fn capture_output(on: bool) {
    if !on {
        flush_output();
    }
    CAPTURE.with(|c| *c.borrow_mut() = if on { Some(String::new()) } else { None });
}

/// What the output built-ins wrote since the last call (while capturing).
pub fn take_output() -> String {
    CAPTURE.with(|c| {
        c.borrow_mut()
            .as_mut()
            .map(std::mem::take)
            .unwrap_or_default()
    })
}

/// Write out captured output (used before the process ends).
pub fn flush_output() {
    let s = take_output();
    let mut out = std::io::stdout();
    let _ = out.write_all(s.as_bytes());
    let _ = out.flush();
}

fn emit(s: &str) {
    let held = HOLD.with(|h| match h.borrow_mut().last_mut() {
        Some(buf) => {
            buf.push_str(s);
            true
        }
        None => false,
    });
    if held {
        return;
    }
    let direct = CAPTURE.with(|c| match c.borrow_mut().as_mut() {
        Some(buf) => {
            buf.push_str(s);
            false
        }
        None => true,
    });
    if direct {
        let mut out = std::io::stdout();
        let _ = out.write_all(s.as_bytes());
        let _ = out.flush();
    }
}

fn op_infix(name: &str) -> Option<(u32, u32, u32)> {
    // (priority, left max, right max)
    let (p, kind) = match name {
        ":-" | "-->" => (1200, 0),
        ";" | "|" => (1100, 1),
        "->" | "*->" | "=>" => (1050, 1),
        "," => (1000, 1),
        "=" | "\\=" | "==" | "\\==" | "=<" | ">=" | "<" | ">" | "=.." | "is" | "=:=" | "=\\="
        | "@<" | "@>" | "@=<" | "@>=" | "=@=" | "\\=@=" | "as" | ">:<" | ":<" => (700, 0),
        ":" => (200, 1),
        "+" | "-" | "/\\" | "\\/" | "xor" => (500, 2),
        "*" | "/" | "//" | "mod" | "rem" | "div" | "<<" | ">>" | "divmod" | "rdiv" => (400, 2),
        "**" => (200, 0),
        "^" => (200, 1),
        _ => return None,
    };
    Some(match kind {
        0 => (p, p - 1, p - 1),
        1 => (p, p - 1, p),
        _ => (p, p, p - 1),
    })
}

fn op_prefix(name: &str) -> Option<u32> {
    match name {
        "\\+" => Some(900),
        "-" | "+" | "\\" => Some(200),
        ":-" | "?-" => Some(1200),
        "dynamic" | "discontiguous" | "table" | "initialization" => Some(1150),
        _ => None,
    }
}

fn symbol_char(c: char) -> bool {
    "+-*/\\^<>=~:.?@#&$".contains(c)
}

/// True when an atom is written without quotes.
fn bare_atom(s: &str) -> bool {
    let mut cs = s.chars();
    match cs.next() {
        Some(c) if c.is_lowercase() => cs.all(|c| c.is_alphanumeric() || c == '_'),
        Some(_) if s.chars().all(symbol_char) => true,
        _ => matches!(s, "[]" | "{}" | "!" | ";" | ","),
    }
}

fn atom_out(s: &str, quoted: bool) -> String {
    if !quoted || (bare_atom(s) && s != ",") {
        return s.to_string();
    }
    let mut out = String::from("'");
    for c in s.chars() {
        match c {
            '\'' => out.push_str("\\'"),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\t' => out.push_str("\\t"),
            c => out.push(c),
        }
    }
    out.push('\'');
    out
}

enum W {
    Term(TermId, u32),
    Text(String),
    Tail(TermId),
}

/// A term as SWI-Prolog's `write/1` (or `writeq/1` when `quoted`; `write_canonical/1` when
/// `ignore_ops` too) writes it. Iterative.
pub fn term_text(store: &Store, t: TermId, quoted: bool, ignore_ops: bool) -> String {
    let mut out = String::new();
    let mut work = vec![W::Term(t, 1200)];
    let push = |out: &mut String, s: &str| {
        // A space where two tokens would read as one (`a- -1`, `- 1`, `1 - a`).
        if let (Some(p), Some(c)) = (out.chars().last(), s.chars().next()) {
            let glue =
                (symbol_char(p) && symbol_char(c)) || (p.is_alphanumeric() && c.is_alphanumeric());
            if glue {
                out.push(' ');
            }
        }
        out.push_str(s);
    };
    while let Some(w) = work.pop() {
        match w {
            W::Text(s) => push(&mut out, &s),
            W::Tail(t) => match store.view(t) {
                View::App(syms::CONS, xs) if xs.len() == 2 => {
                    out.push(',');
                    work.push(W::Tail(xs[1]));
                    work.push(W::Term(xs[0], 999));
                }
                View::Atom(syms::NIL) => out.push(']'),
                _ => {
                    out.push('|');
                    work.push(W::Text("]".into()));
                    work.push(W::Term(t, 999));
                }
            },
            W::Term(t, prec) => match store.view(t) {
                View::Var(i) => push(&mut out, &format!("_G{i}")),
                View::Int(i) => push(&mut out, &i.to_string()),
                View::Big(b) => push(&mut out, &b.to_string()),
                View::Float(f) => push(&mut out, &float_text(f)),
                View::Str(s) => {
                    let text = store.name(s);
                    push(
                        &mut out,
                        &if quoted {
                            string_text(text)
                        } else {
                            text.to_string()
                        },
                    )
                }
                View::Placeholder(u, i) => push(&mut out, &format!("'!{u}_{i}'")),
                View::Atom(s) => {
                    let name = store.name(s);
                    let text = atom_out(name, quoted);
                    if prec < 1200
                        && (op_infix(name).is_some() || op_prefix(name).is_some())
                        && prec < 999
                    {
                        push(&mut out, &format!("({text})"));
                    } else {
                        push(&mut out, &text);
                    }
                }
                View::App(f, xs) => {
                    let name = store.name(f);
                    if f == syms::CONS && xs.len() == 2 && !ignore_ops {
                        push(&mut out, "[");
                        work.push(W::Tail(xs[1]));
                        work.push(W::Term(xs[0], 999));
                        continue;
                    }
                    if name == "{}" && xs.len() == 1 && !ignore_ops {
                        push(&mut out, "{");
                        work.push(W::Text("}".into()));
                        work.push(W::Term(xs[0], 1200));
                        continue;
                    }
                    // `'$VAR'(N)` as the variable name `numbervars/3` gave it (SWI's
                    // `numbervars(true)` of write/print/writeq).
                    if name == "$VAR" && xs.len() == 1 && !ignore_ops {
                        let var = match store.view(xs[0]) {
                            View::Int(n) if n >= 0 => {
                                let letter = (b'A' + (n % 26) as u8) as char;
                                Some(match n / 26 {
                                    0 => letter.to_string(),
                                    k => format!("{letter}{k}"),
                                })
                            }
                            View::Atom(a) | View::Str(a)
                                if store
                                    .name(a)
                                    .starts_with(|c: char| c.is_uppercase() || c == '_') =>
                            {
                                Some(store.name(a).to_string())
                            }
                            _ => None,
                        };
                        if let Some(v) = var {
                            push(&mut out, &v);
                            continue;
                        }
                    }
                    let (name, xs) = if f == syms::NAF && xs.len() == 2 {
                        ("\\+", &xs[..1])
                    } else {
                        (name, xs)
                    };
                    if !ignore_ops && xs.len() == 2 {
                        if let Some((p, lp, rp)) = op_infix(name) {
                            let paren = p > prec;
                            if paren {
                                push(&mut out, "(");
                                work.push(W::Text(")".into()));
                            }
                            work.push(W::Term(xs[1], rp));
                            let op = atom_out(name, quoted);
                            let op = if name == "," {
                                ",".to_string()
                            } else if name.chars().next().is_some_and(char::is_alphabetic)
                                || name == "->"
                                || name == ":-"
                                || name == "-->"
                            {
                                format!(" {op} ")
                            } else {
                                op
                            };
                            work.push(W::Text(op));
                            work.push(W::Term(xs[0], lp));
                            continue;
                        }
                    }
                    if !ignore_ops && xs.len() == 1 {
                        if let Some(p) = op_prefix(name) {
                            let paren = p > prec;
                            if paren {
                                push(&mut out, "(");
                                work.push(W::Text(")".into()));
                            }
                            push(&mut out, &atom_out(name, quoted));
                            // `- 1` is the compound, `-1` the number.
                            let arg_is_number = matches!(
                                store.view(xs[0]),
                                View::Int(_) | View::Big(_) | View::Float(_)
                            );
                            if arg_is_number || name.chars().all(char::is_alphabetic) {
                                out.push(' ');
                            }
                            work.push(W::Term(xs[0], p));
                            continue;
                        }
                    }
                    push(&mut out, &atom_out(name, quoted));
                    out.push('(');
                    work.push(W::Text(")".into()));
                    for (i, &x) in xs.iter().enumerate().rev() {
                        work.push(W::Term(x, 999));
                        if i > 0 {
                            work.push(W::Text(",".into()));
                        }
                    }
                }
            },
        }
    }
    out
}

impl Machine<'_> {
    fn text_of(&mut self, st: &State, r: Ref, quoted: bool, ignore_ops: bool) -> String {
        let mut map = VarMap::new();
        let t = st.b.resolve(self.store, r, &mut map);
        term_text(self.store, t, quoted, ignore_ops)
    }

    pub fn write_builtin(
        &mut self,
        st: &mut State,
        name: &str,
        args: &[Ref],
    ) -> Option<Result<bool, Err>> {
        let a = |i: usize| args[i];
        Some(match (name, args.len()) {
            ("write" | "print" | "writeln" | "writeq" | "write_canonical", 1) => {
                let q = matches!(name, "writeq" | "print" | "write_canonical");
                let mut s = self.text_of(st, a(0), q, name == "write_canonical");
                if name == "writeln" {
                    s.push('\n');
                }
                emit(&s);
                Ok(true)
            }
            ("write_term", 2) => {
                // The options knot knows: quoted(Bool), ignore_ops(Bool); others are ignored.
                let opts = match self.proper_list(st, a(1)) {
                    Ok(v) => v,
                    Err(true) => return Some(Err(Err::Instantiation)),
                    Err(false) => return Some(Err(Err::TypeTerm("list", a(1)))),
                };
                let (mut quoted, mut ignore_ops) = (false, false);
                for o in opts {
                    let Some(o) = self.bound(st, o) else {
                        return Some(Err(Err::Instantiation));
                    };
                    if let View::App(f, xs) = self.store.view(o.term) {
                        let on = xs.len() == 1
                            && self
                                .bound(st, Ref::new(xs[0], o.base))
                                .is_some_and(|v| self.store.view(v.term) == View::Atom(syms::TRUE));
                        match self.store.name(f) {
                            "quoted" => quoted = on,
                            "ignore_ops" => ignore_ops = on,
                            _ => {}
                        }
                    }
                }
                let s = self.text_of(st, a(0), quoted, ignore_ops);
                emit(&s);
                Ok(true)
            }
            ("nl", 0) => {
                emit("\n");
                Ok(true)
            }
            // The standard streams by alias: `nl(user_error)`, `write(user_output, X)`.
            ("nl", 1) | ("write" | "print" | "writeln" | "writeq" | "write_canonical", 2) => {
                let to_err = match self.bound(st, a(0)).map(|t| self.store.view(t.term)) {
                    None => return Some(Err(Err::Instantiation)),
                    Some(View::Atom(k)) if self.store.name(k) == "user_output" => false,
                    Some(View::Atom(k)) if self.store.name(k) == "user_error" => true,
                    Some(View::Atom(_)) => return Some(Err(Err::Existence("stream", a(0)))),
                    Some(_) => return Some(Err(Err::Domain("stream_or_alias", a(0)))),
                };
                let mut s = if name == "nl" {
                    "\n".to_string()
                } else {
                    let q = matches!(name, "writeq" | "print" | "write_canonical");
                    self.text_of(st, a(1), q, name == "write_canonical")
                };
                if name == "writeln" {
                    s.push('\n');
                }
                if to_err {
                    flush_output();
                    eprint!("{s}");
                } else {
                    emit(&s);
                }
                Ok(true)
            }
            ("tab", 1) => match self.eval(st, a(0)) {
                Ok(super::arith::Num::Int(n)) => {
                    // Written in chunks, the limits checked between them: a count of billions
                    // neither builds gigabytes nor outlasts the time limit.
                    const CHUNK: usize = 1 << 20;
                    let spaces = " ".repeat(CHUNK.min(n.max(0) as usize));
                    let mut left = n.max(0) as u64;
                    while left > 0 {
                        let k = left.min(CHUNK as u64) as usize;
                        emit(&spaces[..k]);
                        left -= k as u64;
                        if left > 0 && !self.limits_hold() {
                            return Some(Ok(false));
                        }
                    }
                    Ok(true)
                }
                Ok(n) => Err(Err::TypeNum("integer", n)),
                Err(e) => Err(e),
            },
            ("put_char", 1) => {
                let s = self.text_of(st, a(0), false, false);
                emit(&s);
                Ok(true)
            }
            ("format", 1 | 2) => {
                let f = match self.text_arg_pub(st, a(0)) {
                    Ok(f) => f,
                    Err(e) => return Some(Err(e)),
                };
                let items: Vec<Ref> = if args.len() == 2 {
                    match self.proper_list(st, a(1)) {
                        Ok(v) => v,
                        Err(_) => vec![a(1)],
                    }
                } else {
                    Vec::new()
                };
                match self.format(st, &f, &items) {
                    Ok(s) => {
                        emit(&s);
                        Ok(true)
                    }
                    Err(e) => Err(e),
                }
            }
            ("format", 3) => {
                // format/3: to `atom(A)`, `string(S)`, `codes(C)`, `chars(C)`, or a standard
                // stream (`user_output`, `user_error`).
                let sink = match self.bound(st, a(0)) {
                    Some(t) => t,
                    None => return Some(Err(Err::Instantiation)),
                };
                let f = match self.text_arg_pub(st, a(1)) {
                    Ok(f) => f,
                    Err(e) => return Some(Err(e)),
                };
                let items: Vec<Ref> = match self.proper_list(st, a(2)) {
                    Ok(v) => v,
                    Err(_) => vec![a(2)],
                };
                let text = match self.format(st, &f, &items) {
                    Ok(s) => s,
                    Err(e) => return Some(Err(e)),
                };
                match self.store.view(sink.term) {
                    View::App(k, xs) if xs.len() == 1 => {
                        let out = Ref::new(xs[0], sink.base);
                        let s = &mut *self.store;
                        let t = match s.name(k) {
                            "atom" => s.atom_named(&text),
                            "string" => s.string(&text),
                            "codes" => {
                                let cs: Vec<TermId> =
                                    text.chars().map(|c| s.int(c as i64)).collect();
                                s.list(&cs, None)
                            }
                            "chars" => {
                                let cs: Vec<TermId> = text
                                    .chars()
                                    .map(|c| s.atom_named(c.encode_utf8(&mut [0; 4])))
                                    .collect();
                                s.list(&cs, None)
                            }
                            _ => return Some(Err(Err::Domain("output_sink", sink))),
                        };
                        Ok(st.b.unify(self.store, out, Ref::new(t, 0), self.opts))
                    }
                    View::Atom(k) if matches!(self.store.name(k), "user_output" | "user_error") => {
                        if self.store.name(k) == "user_error" {
                            flush_output();
                            eprint!("{text}");
                        } else {
                            emit(&text);
                        }
                        Ok(true)
                    }
                    View::Atom(_) => Err(Err::Existence("stream", sink)),
                    _ => Err(Err::Domain("output_sink", sink)),
                }
            }
            _ => return None,
        })
    }

    fn text_arg_pub(&mut self, st: &State, r: Ref) -> Result<String, Err> {
        match self.bound(st, r) {
            None => Err(Err::Instantiation),
            Some(t) => match super::text::atomic_text(self.store, t.term) {
                Some(s) => Ok(s),
                None => {
                    // A code list.
                    let items = self
                        .proper_list(st, t)
                        .map_err(|_| Err::TypeTerm("text", t))?;
                    let mut s = String::new();
                    for x in items {
                        match self.bound(st, x).map(|c| self.store.view(c.term)) {
                            Some(View::Int(i)) => s.push(char::from_u32(i as u32).unwrap_or('?')),
                            _ => return Err(Err::TypeTerm("text", t)),
                        }
                    }
                    Ok(s)
                }
            },
        }
    }

    /// `format/2`'s directives: `~w ~p ~q ~a ~d ~D ~s ~e ~f ~g ~n ~c ~r ~8| ~t ~i ~*c ~~`.
    fn format(&mut self, st: &State, f: &str, args: &[Ref]) -> Result<String, Err> {
        let mut out = String::new();
        let mut it = args.iter();
        let mut cs = f.chars().peekable();
        let mut next = |e: &mut Self| -> Result<Ref, Err> {
            let _ = e;
            it.next()
                .copied()
                .ok_or(Err::Format("not enough arguments"))
        };
        // Column stops: the byte where the current column segment starts, and its fill points
        // (`~t`: where padding goes, and with which character).
        let mut seg_start = 0usize;
        let mut fills: Vec<(usize, char)> = Vec::new();
        while let Some(c) = cs.next() {
            if c != '~' {
                out.push(c);
                continue;
            }
            // `` ~`ct ``: the fill character of a `~t`.
            let mut fill_char = None;
            if cs.peek() == Some(&'`') {
                cs.next();
                fill_char = cs.next();
            }
            let mut num: Option<i64> = None;
            if cs.peek() == Some(&'*') {
                cs.next();
                let r = next(self)?;
                num = match self.bound(st, r).map(|t| self.store.view(t.term)) {
                    Some(View::Int(i)) if i >= 0 => Some(i),
                    _ => return Err(Err::Format("no or negative integer for `*' argument")),
                };
            }
            while let Some(d) = cs.peek().and_then(|c| c.to_digit(10)) {
                num = Some(num.unwrap_or(0).saturating_mul(10).saturating_add(d as i64));
                cs.next();
            }
            // A column, count or precision past this is refused rather than allocated.
            if num.is_some_and(|n| n > 1 << 20) {
                return Err(Err::Resource);
            }
            let Some(d) = cs.next() else { break };
            match d {
                '~' => out.push('~'),
                'n' => out.push_str(&"\n".repeat(num.unwrap_or(1) as usize)),
                'w' | 'p' | 'q' | 'a' => {
                    let r = next(self)?;
                    out.push_str(&self.text_of(st, r, matches!(d, 'p' | 'q'), false));
                }
                'd' | 'D' => {
                    let r = next(self)?;
                    let v = self.eval(st, r)?;
                    let s = match v {
                        super::arith::Num::Float(_) => {
                            return Err(Err::Format("~d expects an integer argument"))
                        }
                        super::arith::Num::Int(i) => i.to_string(),
                        super::arith::Num::Big(b) => b.to_string(),
                    };
                    let (neg, digits) = match s.strip_prefix('-') {
                        Some(d) => (true, d.to_string()),
                        None => (false, s),
                    };
                    let k = num.unwrap_or(0) as usize;
                    let (int, frac) = if k > 0 {
                        let padded = format!("{digits:0>width$}", width = k + 1);
                        let (a, b) = padded.split_at(padded.len() - k);
                        (a.to_string(), Some(b.to_string()))
                    } else {
                        (digits, None)
                    };
                    let int = if d == 'D' {
                        let mut g = String::new();
                        for (i, ch) in int.chars().enumerate() {
                            if i > 0 && (int.len() - i) % 3 == 0 {
                                g.push(',');
                            }
                            g.push(ch);
                        }
                        g
                    } else {
                        int
                    };
                    if neg {
                        out.push('-');
                    }
                    out.push_str(&int);
                    if let Some(fr) = frac {
                        out.push('.');
                        out.push_str(&fr);
                    }
                }
                'f' | 'e' | 'g' => {
                    let r = next(self)?;
                    let v = self.eval(st, r)?;
                    let x = match v {
                        super::arith::Num::Int(i) => i as f64,
                        super::arith::Num::Big(b) => {
                            num_traits::ToPrimitive::to_f64(&b).unwrap_or(f64::NAN)
                        }
                        super::arith::Num::Float(f) => f,
                    };
                    let p = num.unwrap_or(6) as usize;
                    out.push_str(&match d {
                        'f' => format!("{x:.p$}"),
                        'e' => {
                            let s = format!("{x:.p$e}");
                            // C's %e: two-digit signed exponent.
                            match s.split_once('e') {
                                Some((m, e)) => {
                                    let (sign, e) = match e.strip_prefix('-') {
                                        Some(e) => ('-', e),
                                        None => ('+', e),
                                    };
                                    format!("{m}e{sign}{e:0>2}")
                                }
                                None => s,
                            }
                        }
                        _ => format!("{x}"),
                    });
                }
                's' => {
                    let r = next(self)?;
                    out.push_str(&self.text_arg_pub(st, r)?);
                }
                'c' => {
                    let r = next(self)?;
                    if let super::arith::Num::Int(i) = self.eval(st, r)? {
                        let ch = char::from_u32(i as u32).unwrap_or('?');
                        for _ in 0..num.unwrap_or(1) {
                            out.push(ch);
                        }
                    }
                }
                'r' => {
                    let r = next(self)?;
                    let radix = num.unwrap_or(8) as u32;
                    match self.eval(st, r)? {
                        super::arith::Num::Int(i) => {
                            let b = num_bigint::BigInt::from(i);
                            out.push_str(&b.to_str_radix(radix.clamp(2, 36)));
                        }
                        super::arith::Num::Big(b) => {
                            out.push_str(&b.to_str_radix(radix.clamp(2, 36)))
                        }
                        _ => return Err(Err::Format("~r expects an integer argument")),
                    }
                }
                'i' => {
                    next(self)?;
                }
                't' => {
                    let c = fill_char
                        .or_else(|| num.and_then(|n| char::from_u32(n as u32)))
                        .unwrap_or(' ');
                    fills.push((out.len(), c));
                }
                '|' | '+' => {
                    // A column stop: pad the segment since the last stop to the column, at its
                    // fill points (evenly), or after its text when it has none.
                    let line_start = out.rfind('\n').map_or(0, |i| i + 1);
                    let seg = seg_start.max(line_start);
                    let col_of = |i: usize| out[line_start..i].chars().count();
                    let here = col_of(out.len());
                    let target = if d == '+' {
                        col_of(seg) + num.unwrap_or(8) as usize
                    } else {
                        num.map_or(here, |n| n as usize)
                    };
                    fills.retain(|&(at, _)| at >= seg);
                    if target > here {
                        let pad = target - here;
                        if fills.is_empty() {
                            fills.push((out.len(), ' '));
                        }
                        let n = fills.len();
                        for (k, &(at, c)) in fills.iter().enumerate().rev() {
                            let width = pad / n + usize::from(k < pad % n);
                            out.insert_str(at, &c.to_string().repeat(width));
                        }
                    }
                    fills.clear();
                    seg_start = out.len();
                }
                _ => return Err(Err::Format("unknown directive")),
            }
        }
        if it.next().is_some() {
            return Err(Err::Format("too many arguments"));
        }
        Ok(out)
    }
}
