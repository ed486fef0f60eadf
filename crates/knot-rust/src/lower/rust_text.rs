//! Lowered type terms written back in Rust syntax (`Vec<u8>`, `&'a str`, `(A, B)`, `<T as Tr>::A`), for
//! messages such as the witness of an overlap.

use crate::term::{Store, TermId, View};

/// Names variables when printing (`Var(i)` as `T`, or `_`).
pub type VarNames<'a> = &'a dyn Fn(u32) -> String;

fn underscore(_: u32) -> String {
    "_".into()
}

/// A type term in Rust syntax. Unbound variables print as `_`, placeholders as `T0`, `T1`, ...
#[allow(dead_code)] // unused since the modules are private
pub fn type_text(store: &Store, t: TermId) -> String {
    type_text_with(store, t, &underscore)
}

/// A type term in Rust syntax, variables named by `vars`.
pub fn type_text_with(store: &Store, t: TermId, vars: VarNames<'_>) -> String {
    let mut out = String::new();
    write(store, t, &mut out, 0, vars);
    out
}

/// A trait reference `'Tr'(Self, Args..)` as `Self: Tr<Args..>`.
pub fn trait_ref_text(store: &Store, tr: TermId) -> String {
    trait_ref_text_with(store, tr, &underscore)
}

/// A trait reference in Rust syntax, variables named by `vars`.
pub fn trait_ref_text_with(store: &Store, tr: TermId, vars: VarNames<'_>) -> String {
    match store.view(tr) {
        View::App(f, args) if !args.is_empty() => {
            let mut out = type_text_with(store, args[0], vars);
            out.push_str(": ");
            out.push_str(store.name(f));
            write_args(store, &args[1..], &mut out, 0, vars);
            out
        }
        _ => type_text_with(store, tr, vars),
    }
}

/// The values std's generic types give their defaulted type parameters: the allocator (`A =
/// Global`, 55 types) and the hasher (`S = RandomState`, 4 types). When one of them is a type's last
/// argument, it is the default, and a message leaves it out.
const STD_DEFAULT_ARGS: [&str; 2] = ["Global", "RandomState"];

fn is_std_default(store: &Store, t: TermId) -> bool {
    matches!(store.view(t), View::Atom(a) if STD_DEFAULT_ARGS.contains(&store.name(a)))
}

fn write_args(store: &Store, args: &[TermId], out: &mut String, depth: usize, v: VarNames<'_>) {
    if args.is_empty() {
        return;
    }
    out.push('<');
    write_list(store, args, out, depth, v);
    out.push('>');
}

fn write_list(store: &Store, args: &[TermId], out: &mut String, depth: usize, v: VarNames<'_>) {
    for (i, &a) in args.iter().enumerate() {
        if i > 0 {
            out.push_str(", ");
        }
        write(store, a, out, depth + 1, v);
    }
}

/// A region `'$lt'(R)` as Rust writes it: `'static`, a named lifetime, a placeholder `'!1_0`;
/// `None` for an inference region or an erased one (elided in the text).
fn region_text(store: &Store, t: TermId) -> Option<String> {
    use crate::term::syms;
    let View::App(syms::REGION, [r]) = store.view(t) else {
        return match store.view(t) {
            View::Atom(l) if store.name(l) != "'_" => Some(store.name(l).to_string()),
            _ => None,
        };
    };
    match store.view(*r) {
        View::Atom(syms::STATIC) => Some("'static".into()),
        View::Atom(syms::ERASED) | View::Var(_) => None,
        View::Atom(l) => Some(store.name(l).to_string()),
        View::Placeholder(u, i) => Some(format!("'!{u}_{i}")),
        // A lifetime bound by a `for<..>` binder around the type, as chalk prints it.
        View::App(syms::BOUND, [d, i]) => match (store.view(*d), store.view(*i)) {
            (View::Int(d), View::Int(i)) => Some(format!("'^{d}.{i}")),
            _ => None,
        },
        _ => None,
    }
}

/// `for<'^0.0, ..> ` for a binder of `n` lifetimes.
fn binder_prefix(n: u32) -> String {
    let names: Vec<String> = (0..n).map(|i| format!("'^0.{i}")).collect();
    format!("for<{}> ", names.join(", "))
}

fn write(store: &Store, t: TermId, out: &mut String, depth: usize, v: VarNames<'_>) {
    if depth > 100 {
        out.push_str("...");
        return;
    }
    if let View::App(crate::term::syms::REGION, _) = store.view(t) {
        out.push_str(&region_text(store, t).unwrap_or_else(|| "'_".into()));
        return;
    }
    if let Some((n, body)) = crate::term::binders::split(store, t) {
        out.push_str(&binder_prefix(n));
        write(store, body, out, depth + 1, v);
        return;
    }
    match store.view(t) {
        View::Var(i) => out.push_str(&v(i)),
        View::Placeholder(_, i) => out.push_str(&format!("T{i}")),
        View::Int(i) => out.push_str(&i.to_string()),
        View::Float(_) | View::Big(_) | View::Str(_) => out.push_str(
            &crate::syntax::print::term_to_string(store, t, &|i| format!("?{i}"), 0),
        ),
        View::Atom(s) => match store.name(s) {
            "$tuple" => out.push_str("()"),
            "$self" => out.push_str("Self"),
            n => out.push_str(n),
        },
        View::App(f, args) => match (store.name(f), args.len()) {
            ("$tuple", 1) => {
                out.push('(');
                write(store, args[0], out, depth + 1, v);
                out.push_str(",)");
            }
            ("$tuple", _) => {
                out.push('(');
                write_list(store, args, out, depth, v);
                out.push(')');
            }
            (r @ ("$ref" | "$refmut"), 2) => {
                out.push('&');
                if let Some(l) = region_text(store, args[0]) {
                    out.push_str(&l);
                    out.push(' ');
                }
                if r == "$refmut" {
                    out.push_str("mut ");
                }
                write(store, args[1], out, depth + 1, v);
            }
            ("$slice", 1) => {
                out.push('[');
                write(store, args[0], out, depth + 1, v);
                out.push(']');
            }
            ("$array", 2) => {
                out.push('[');
                write(store, args[0], out, depth + 1, v);
                out.push_str("; ");
                write(store, args[1], out, depth + 1, v);
                out.push(']');
            }
            (p @ ("$ptr" | "$ptrmut"), 1) => {
                out.push_str(if p == "$ptr" { "*const " } else { "*mut " });
                write(store, args[0], out, depth + 1, v);
            }
            ("$fn", 2) => {
                let (params, ret) = (args[args.len() - 2], args[args.len() - 1]);
                out.push_str("fn(");
                write_list(store, store.args(params), out, depth, v);
                out.push(')');
                if !matches!(store.view(ret), View::Atom(s) if store.name(s) == "$tuple") {
                    out.push_str(" -> ");
                    write(store, ret, out, depth + 1, v);
                }
            }
            ("$fn", 3) => {
                // `'$fn'('$sig'(Safety, Abi), Args, R)`
                if let View::App(_, sig) = store.view(args[0]) {
                    if sig.len() == 2 {
                        if matches!(store.view(sig[0]), View::Atom(s) if store.name(s) == "unsafe")
                        {
                            out.push_str("unsafe ");
                        }
                        if let View::Atom(a) = store.view(sig[1]) {
                            if store.name(a) != "Rust" {
                                out.push_str(&format!("extern \"{}\" ", store.name(a)));
                            }
                        }
                    }
                }
                let (params, ret) = (args[1], args[2]);
                out.push_str("fn(");
                match store.view(params) {
                    View::App(f, inner) if store.name(f) == "$variadic" && inner.len() == 1 => {
                        write_list(store, store.args(inner[0]), out, depth, v);
                        out.push_str(", ...");
                    }
                    _ => write_list(store, store.args(params), out, depth, v),
                }
                out.push(')');
                if !matches!(store.view(ret), View::Atom(s) if store.name(s) == "$tuple") {
                    out.push_str(" -> ");
                    write(store, ret, out, depth + 1, v);
                }
            }
            ("$dyn", 2) => {
                // `'$dyn'(['$b'(Tr('$self', A..), ['$eq'(X, V)..])..], 'a)`
                out.push_str("dyn ");
                let mut first = true;
                for b in store.list_items(args[0]) {
                    if !first {
                        out.push_str(" + ");
                    }
                    first = false;
                    let b = match crate::term::binders::split(store, b) {
                        Some((n, body)) => {
                            out.push_str(&binder_prefix(n));
                            body
                        }
                        None => b,
                    };
                    let (tr, binds) = match store.view(b) {
                        View::App(f, ba) if store.name(f) == "$b" && ba.len() == 2 => {
                            (ba[0], ba[1])
                        }
                        _ => {
                            write(store, b, out, depth + 1, v);
                            continue;
                        }
                    };
                    let (name, targs): (String, Vec<TermId>) = match store.view(tr) {
                        View::App(f, ta) => (
                            store.name(f).to_string(),
                            ta.get(1..).unwrap_or(&[]).to_vec(),
                        ),
                        View::Atom(f) => (store.name(f).to_string(), Vec::new()),
                        _ => ("_".into(), Vec::new()),
                    };
                    out.push_str(&name);
                    let eqs = store.list_items(binds);
                    if !targs.is_empty() || !eqs.is_empty() {
                        out.push('<');
                        write_list(store, &targs, out, depth, v);
                        for (i, e) in eqs.iter().enumerate() {
                            if i > 0 || !targs.is_empty() {
                                out.push_str(", ");
                            }
                            if let View::App(_, ea) = store.view(*e) {
                                if ea.len() == 2 {
                                    write(store, ea[0], out, depth + 1, v);
                                    out.push_str(" = ");
                                    write(store, ea[1], out, depth + 1, v);
                                }
                            }
                        }
                        out.push('>');
                    }
                }
                if let Some(l) = region_text(store, args[1]) {
                    out.push_str(" + ");
                    out.push_str(&l);
                }
            }
            ("$alias", 2) => {
                // `<Self as Tr<..>>::A<..>`
                out.push('<');
                out.push_str(&trait_ref_text_with(store, args[0], v).replacen(": ", " as ", 1));
                out.push_str(">::");
                write(store, args[1], out, depth + 1, v);
            }
            (n, _) => {
                out.push_str(n);
                // A trailing argument that is std's default for it is left out, as rustc prints
                // types (`Vec<u8>`, not `Vec<u8, Global>`).
                let shown = args
                    .iter()
                    .rposition(|&a| !is_std_default(store, a))
                    .map_or(0, |i| i + 1);
                write_args(store, &args[..shown], out, depth, v);
            }
        },
    }
}
