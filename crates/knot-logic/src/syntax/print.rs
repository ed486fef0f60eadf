//! Printing terms in the clause language, so that parsing the printed text gives the same term.
//! Iterative: a term nested 100,000 deep prints without deep recursion.

use crate::term::{syms, Store, Sym, TermId, View};

/// Operator table: (name, priority, kind).
#[derive(Clone, Copy, PartialEq, Eq)]
enum OpKind {
    Xfx,
    Xfy,
    Yfx,
    Fy,
}

fn infix(name: &str) -> Option<(u32, OpKind)> {
    Some(match name {
        ":-" | "-->" => (1200, OpKind::Xfx),
        ";" => (1100, OpKind::Xfy),
        "=>" | "->" => (1050, OpKind::Xfy),
        "," => (1000, OpKind::Xfy),
        "=" | "\\=" | "==" | "\\==" | "=<" | ">=" | "<" | ">" | "=.." | "is" | "=:=" | "=\\="
        | "@<" | "@>" | "@=<" | "@>=" | "=@=" | "\\=@=" => (700, OpKind::Xfx),
        "+" | "-" | "/\\" | "\\/" | "xor" => (500, OpKind::Yfx),
        "*" | "/" | "//" | "mod" | "rem" | "div" | "<<" | ">>" => (400, OpKind::Yfx),
        "**" => (200, OpKind::Xfx),
        "^" => (200, OpKind::Xfy),
        _ => return None,
    })
}

fn prefix(name: &str) -> Option<(u32, OpKind)> {
    match name {
        "\\+" => Some((900, OpKind::Fy)),
        "-" | "\\" => Some((200, OpKind::Fy)),
        _ => None,
    }
}

/// True when `s` can be written without quotes.
pub fn is_plain_atom(s: &str) -> bool {
    let mut cs = s.chars();
    match cs.next() {
        // A lower-case letter (`àb` too, as SWI-Prolog writes it), then letters, digits, `_`.
        Some(c) if c.is_lowercase() => cs.all(|c| c.is_alphanumeric() || c == '_'),
        _ => matches!(s, "[]" | "{}" | "!"),
    }
}

/// `s` as an atom: plain, or quoted with escapes.
pub fn atom_text(s: &str) -> String {
    if is_plain_atom(s) {
        return s.to_string();
    }
    quoted(s)
}

/// A float as SWI-Prolog writes it: the shortest digits that read back the same, always with a
/// fraction (`3.0`), in exponent form (`1.0e+22`, `1.0e-5`) below 1e-4 or from 1e15 on.
pub fn float_text(x: f64) -> String {
    if x.is_nan() {
        return "1.5NaN".into();
    }
    if x.is_infinite() {
        return if x > 0.0 { "1.0Inf" } else { "-1.0Inf" }.into();
    }
    let e = format!("{x:e}");
    let (mant, exp) = e.split_once('e').unwrap_or((&e, "0"));
    let exp: i32 = exp.parse().unwrap_or(0);
    if x != 0.0 && !(-4..15).contains(&exp) {
        let mant = if mant.contains('.') {
            mant.to_string()
        } else {
            format!("{mant}.0")
        };
        let sign = if exp < 0 { '-' } else { '+' };
        return format!("{mant}e{sign}{}", exp.abs());
    }
    let t = format!("{x}");
    if t.contains('.') {
        t
    } else {
        format!("{t}.0")
    }
}

/// `s` as a double-quoted string, with escapes.
pub fn string_text(s: &str) -> String {
    let mut out = String::with_capacity(s.len() + 2);
    out.push('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\t' => out.push_str("\\t"),
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

/// `s` in single quotes, with escapes.
fn quoted(s: &str) -> String {
    let mut out = String::with_capacity(s.len() + 2);
    out.push('\'');
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

/// `s` as the functor of a compound term: quoted unless it is a plain lowercase name (`'[]'(X)` must
/// stay quoted, or it would read back as a list).
pub fn functor_text(s: &str) -> String {
    if s.starts_with(char::is_lowercase) && is_plain_atom(s) {
        s.to_string()
    } else {
        quoted(s)
    }
}

/// Default variable names: `A`..`Z`, then `V26`, ...
pub fn default_var_name(i: u32) -> String {
    if i < 26 {
        ((b'A' + i as u8) as char).to_string()
    } else {
        format!("V{i}")
    }
}

enum Work {
    Term(TermId, u32),
    Text(&'static str),
    Owned(String),
    ListTail(TermId),
}

/// Print `t` at maximum priority `prec` (1200 for a clause, 999 for an argument).
pub fn term_to_string(
    store: &Store,
    t: TermId,
    names: &dyn Fn(u32) -> String,
    prec: u32,
) -> String {
    let mut out = String::new();
    let mut work = vec![Work::Term(t, prec)];
    while let Some(w) = work.pop() {
        match w {
            Work::Text(s) => out.push_str(s),
            Work::Owned(s) => out.push_str(&s),
            Work::ListTail(t) => match store.view(t) {
                View::App(f, args) if f == syms::CONS && args.len() == 2 => {
                    out.push_str(", ");
                    work.push(Work::ListTail(args[1]));
                    work.push(Work::Term(args[0], 999));
                }
                View::Atom(f) if f == syms::NIL => out.push(']'),
                _ => {
                    out.push_str(" | ");
                    work.push(Work::Text("]"));
                    work.push(Work::Term(t, 999));
                }
            },
            Work::Term(t, prec) => print_one(store, t, prec, names, &mut out, &mut work),
        }
    }
    out
}

fn print_one(
    store: &Store,
    t: TermId,
    prec: u32,
    names: &dyn Fn(u32) -> String,
    out: &mut String,
    work: &mut Vec<Work>,
) {
    match store.view(t) {
        View::Var(i) => out.push_str(&names(i)),
        View::Int(i) => {
            if i < 0 && prec < 200 {
                out.push_str(&format!("({i})"));
            } else {
                out.push_str(&i.to_string());
            }
        }
        View::Placeholder(u, i) => out.push_str(&format!("'!{u}_{i}'")),
        View::Float(x) => {
            let text = float_text(x);
            if text.starts_with('-') && prec < 200 {
                out.push_str(&format!("({text})"));
            } else {
                out.push_str(&text);
            }
        }
        View::Big(b) => {
            let text = b.to_string();
            if text.starts_with('-') && prec < 200 {
                out.push_str(&format!("({text})"));
            } else {
                out.push_str(&text);
            }
        }
        View::Str(s) => out.push_str(&string_text(store.name(s))),
        View::Atom(s) => {
            let name = store.name(s);
            if infix(name).is_some() || prefix(name).is_some() {
                out.push_str(&format!("({})", atom_text(name)));
            } else {
                out.push_str(&atom_text(name));
            }
        }
        View::App(f, args) => print_app(store, f, args, prec, out, work),
    }
}

fn print_app(
    store: &Store,
    f: Sym,
    args: &[TermId],
    prec: u32,
    out: &mut String,
    work: &mut Vec<Work>,
) {
    let name = store.name(f);
    if f == syms::CONS && args.len() == 2 {
        out.push('[');
        work.push(Work::ListTail(args[1]));
        work.push(Work::Term(args[0], 999));
        return;
    }
    // `{G}`, as SWI writes `'{}'(G)`.
    if name == "{}" && args.len() == 1 {
        out.push('{');
        work.push(Work::Text("}"));
        work.push(Work::Term(args[0], 1200));
        return;
    }
    if args.len() == 2 {
        if let Some((p, kind)) = infix(name) {
            let (lp, rp) = match kind {
                OpKind::Xfx => (p - 1, p - 1),
                OpKind::Xfy => (p - 1, p),
                _ => (p, p - 1),
            };
            let paren = p > prec;
            if paren {
                out.push('(');
                work.push(Work::Text(")"));
            }
            work.push(Work::Term(args[1], rp));
            let sep = match name {
                "," => ", ".to_string(),
                _ => format!(" {name} "),
            };
            work.push(Work::Owned(sep));
            work.push(Work::Term(args[0], lp));
            return;
        }
    }
    // `'$naf'(G, Locals)` is the loaded form of `\+ G`.
    let (name, args) = if f == syms::NAF && args.len() == 2 {
        ("\\+", &args[..1])
    } else {
        (name, args)
    };
    if args.len() == 1 {
        if let Some((p, _)) = prefix(name) {
            let paren = p > prec;
            if paren {
                out.push('(');
                work.push(Work::Text(")"));
            }
            out.push_str(name);
            out.push(' ');
            work.push(Work::Term(args[0], p));
            return;
        }
    }
    out.push_str(&functor_text(name));
    out.push('(');
    work.push(Work::Text(")"));
    for (i, &a) in args.iter().enumerate().rev() {
        work.push(Work::Term(a, 999));
        if i > 0 {
            work.push(Work::Text(", "));
        }
    }
}

/// Print a clause term (`Head :- Body` or a fact) followed by `.`.
pub fn clause_to_string(store: &Store, t: TermId, names: &dyn Fn(u32) -> String) -> String {
    let mut s = term_to_string(store, t, names, 1200);
    s.push('.');
    s
}
