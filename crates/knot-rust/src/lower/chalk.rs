//! Rendering solutions in chalk's vocabulary (`Unique; substitution [?0 := Uint(U32)]`,
//! `No possible solution`, ...), so that conformance cases compare as strings.

use super::Names;
use crate::solve::{answer_parts, Guidance, Solution};
use crate::syntax::ast::ParamKind;
use crate::term::{syms, Store, TermId, View};

/// What rendering needs to know beyond the terms: which arguments are lifetimes (`'^0.0`, `'!1_0`),
/// from the program's items and the names of the goal's variables (`'a` for a lifetime).
#[derive(Clone, Copy, Default)]
pub struct Render<'a> {
    /// The program's items, for the kinds of ADT parameters.
    pub names: Option<&'a Names>,
    /// The names of the goal's existential variables, in order.
    pub vars: &'a [Box<str>],
    /// The goal, when known: the universes of its existentials (how many `forall`s enclose each)
    /// give those of an answer's free variables (`for<?U1> { .. }`).
    pub goal: Option<TermId>,
}

/// The universe of each of the goal's `n` existential variables: the number of `forall` binders
/// around its `exists`.
fn query_universes(store: &Store, goal: TermId, n: usize) -> Vec<u32> {
    let mut out = vec![0; n];
    let mut stack = vec![(goal, 0u32)];
    // (Each shared subterm once per depth: linear in the goal's distinct nodes.)
    let mut seen = rustc_hash::FxHashSet::default();
    while let Some((t, depth)) = stack.pop() {
        if !seen.insert((t, depth)) {
            continue;
        }
        match store.view(t) {
            View::App(crate::term::syms::FORALL, [_, g]) => stack.push((*g, depth + 1)),
            View::App(crate::term::syms::EXISTS, [vs, g]) => {
                let mut vars = store.list_items(*vs);
                if vars.is_empty() {
                    vars.push(*vs);
                }
                for v in vars {
                    if let View::Var(k) = store.view(v) {
                        if let Some(u) = out.get_mut(k as usize) {
                            *u = depth;
                        }
                    }
                }
                stack.push((*g, depth));
            }
            View::App(_, args) => stack.extend(args.iter().map(|&a| (a, depth))),
            _ => {}
        }
    }
    out
}

/// `for<?U..>` for the free variables of the answer `vals` (numbered by first appearance): each in
/// the lowest universe of the existentials whose values hold it (unification moves a variable to the
/// lower universe), the universes used then numbered densely from `U1` (`U0` stays), as chalk's
/// canonical answer has them. All `U0` when the goal is not known.
fn free_binders(store: &Store, tuple: TermId, r: &Render<'_>) -> String {
    let n = store.var_count(tuple);
    let (vals, _) = answer_parts(store, tuple);
    let Some(goal) = r.goal else {
        return binders(n);
    };
    let qu = query_universes(store, goal, vals.len());
    let mut univ: Vec<u32> = vec![u32::MAX; n as usize];
    for (i, &v) in vals.iter().enumerate() {
        let mut stack = vec![v];
        // (An answer may share subterms: each distinct node once.)
        let mut seen = rustc_hash::FxHashSet::default();
        while let Some(t) = stack.pop() {
            if store.var_count(t) == 0 || !seen.insert(t) {
                continue;
            }
            match store.view(t) {
                View::Var(k) => {
                    if let Some(u) = univ.get_mut(k as usize) {
                        *u = (*u).min(qu.get(i).copied().unwrap_or(0));
                    }
                }
                View::App(_, args) => stack.extend_from_slice(args),
                _ => {}
            }
        }
    }
    let mut used: Vec<u32> = univ
        .iter()
        .copied()
        .filter(|&u| u != u32::MAX && u > 0)
        .collect();
    used.sort_unstable();
    used.dedup();
    let us: Vec<String> = univ
        .iter()
        .map(|&u| match used.binary_search(&u) {
            Ok(rank) => format!("?U{}", rank + 1),
            Err(_) => "?U0".to_string(),
        })
        .collect();
    format!("for<{}>", us.join(","))
}

fn scalar(name: &str) -> Option<&'static str> {
    Some(match name {
        "i8" => "Int(I8)",
        "i16" => "Int(I16)",
        "i32" => "Int(I32)",
        "i64" => "Int(I64)",
        "i128" => "Int(I128)",
        "isize" => "Int(Isize)",
        "u8" => "Uint(U8)",
        "u16" => "Uint(U16)",
        "u32" => "Uint(U32)",
        "u64" => "Uint(U64)",
        "u128" => "Uint(U128)",
        "usize" => "Uint(Usize)",
        "f16" => "Float(F16)",
        "f32" => "Float(F32)",
        "f64" => "Float(F64)",
        "f128" => "Float(F128)",
        "bool" => "Bool",
        "char" => "Char",
        "str" => "Str",
        "!" => "Never",
        _ => return None,
    })
}

/// A lowered type term in chalk's notation. Answer variables print as `^0.K`.
pub fn ty_text(store: &Store, t: TermId, r: &Render<'_>) -> String {
    let mut out = String::new();
    write_ty(store, t, &mut out, 0, r);
    out
}

fn write_list(store: &Store, ts: &[TermId], out: &mut String, depth: usize, r: &Render<'_>) {
    for (i, &a) in ts.iter().enumerate() {
        if i > 0 {
            out.push_str(", ");
        }
        write_ty(store, a, out, depth + 1, r);
    }
}

fn write_ty(store: &Store, t: TermId, out: &mut String, depth: usize, r: &Render<'_>) {
    if depth > 200 {
        out.push_str("...");
        return;
    }
    match store.view(t) {
        View::Var(k) => out.push_str(&format!("^0.{k}")),
        View::Placeholder(u, i) => out.push_str(&format!("!{u}_{i}")),
        View::Int(i) => out.push_str(&i.to_string()),
        View::Float(_) | View::Big(_) | View::Str(_) => out.push_str(
            &crate::syntax::print::term_to_string(store, t, &|i| format!("?{i}"), 0),
        ),
        View::Atom(s) => {
            let n = store.name(s);
            match scalar(n) {
                Some(x) => out.push_str(x),
                None if n == "$tuple" => out.push('0'),
                None => out.push_str(n),
            }
        }
        View::App(syms::REGION, [_]) => write_lifetime(store, t, out),
        View::App(f, args) => {
            let n = store.name(f);
            match (n, args.len()) {
                ("$tuple", k) => {
                    out.push_str(&format!("{k}<"));
                    write_list(store, args, out, depth, r);
                    out.push('>');
                }
                ("$ref" | "$refmut", 2) => {
                    out.push_str("(&");
                    write_lifetime(store, args[0], out);
                    out.push(' ');
                    if n == "$refmut" {
                        out.push_str("mut ");
                    }
                    write_ty(store, args[1], out, depth + 1, r);
                    out.push(')');
                }
                ("$slice", 1) => {
                    out.push('[');
                    write_ty(store, args[0], out, depth + 1, r);
                    out.push(']');
                }
                ("$array", 2) => {
                    out.push('[');
                    write_ty(store, args[0], out, depth + 1, r);
                    out.push_str("; ");
                    write_ty(store, args[1], out, depth + 1, r);
                    out.push(']');
                }
                ("$ptr" | "$ptrmut", 1) => {
                    out.push_str(if n == "$ptr" { "(*const " } else { "(*mut " });
                    write_ty(store, args[0], out, depth + 1, r);
                    out.push(')');
                }
                ("$dyn", 2) => write_dyn(store, args[0], args[1], out, depth, r),
                ("$alias", 2) => {
                    let (tr, item) = (args[0], args[1]);
                    let (tname, targs) = match store.view(tr) {
                        View::App(f, a) => (store.name(f).to_string(), a.to_vec()),
                        View::Atom(f) => (store.name(f).to_string(), vec![]),
                        _ => (String::new(), vec![]),
                    };
                    let (iname, iargs) = match store.view(item) {
                        View::App(f, a) => (store.name(f).to_string(), a.to_vec()),
                        View::Atom(f) => (store.name(f).to_string(), vec![]),
                        _ => (String::new(), vec![]),
                    };
                    out.push_str(&format!("({tname}::{iname})<"));
                    let mut all = targs;
                    all.extend(iargs);
                    write_list(store, &all, out, depth, r);
                    out.push('>');
                }
                _ => {
                    out.push_str(n);
                    out.push('<');
                    let params = r.names.and_then(|ns| ns.adts.get(n)).map(|a| &a.params);
                    for (i, &a) in args.iter().enumerate() {
                        if i > 0 {
                            out.push_str(", ");
                        }
                        let lifetime = params
                            .and_then(|ps| ps.get(i))
                            .is_some_and(|p| p.kind == ParamKind::Lifetime);
                        if lifetime {
                            write_lifetime(store, a, out);
                        } else {
                            write_ty(store, a, out, depth + 1, r);
                        }
                    }
                    out.push('>');
                }
            }
        }
    }
}

/// `'$dyn'(['$b'(Tr('$self', P..), ['$eq'(A, V)..])..], L)` as chalk prints a `dyn` type:
/// `dyn for<type> [for<> Implemented(^1.0: Tr<P..>), for<> AliasEq(<^1.0 as Tr<P..>>::A = V)] + 'L`.
fn write_dyn(
    store: &Store,
    bounds: TermId,
    lifetime: TermId,
    out: &mut String,
    depth: usize,
    r: &Render<'_>,
) {
    let mut items: Vec<TermId> = Vec::new();
    let mut rest = bounds;
    while let View::App(syms::CONS, a) = store.view(rest) {
        items.push(a[0]);
        rest = a[1];
    }
    let mut parts: Vec<String> = Vec::new();
    for b in items {
        let (tr, binds) = match store.view(b) {
            View::App(_, a) if a.len() == 2 => (a[0], a[1]),
            _ => continue,
        };
        let (name, targs) = match store.view(tr) {
            View::App(f, a) => (store.name(f), &a[1..]),
            View::Atom(f) => (store.name(f), &[][..]),
            _ => continue,
        };
        let mut trait_text = name.to_string();
        if !targs.is_empty() {
            trait_text.push('<');
            write_list(store, targs, &mut trait_text, depth, r);
            trait_text.push('>');
        }
        parts.push(format!("for<> Implemented(^1.0: {trait_text})"));
        let mut rest = binds;
        while let View::App(syms::CONS, a) = store.view(rest) {
            if let View::App(_, eq) = store.view(a[0]) {
                if eq.len() == 2 {
                    let item = match store.view(eq[0]) {
                        View::Atom(f) => store.name(f).to_string(),
                        View::App(f, _) => store.name(f).to_string(),
                        _ => String::new(),
                    };
                    let mut v = String::new();
                    write_ty(store, eq[1], &mut v, depth + 1, r);
                    parts.push(format!(
                        "for<> AliasEq(<^1.0 as {trait_text}>::{item} = {v})"
                    ));
                }
            }
            rest = a[1];
        }
    }
    out.push_str(&format!("dyn for<type> [{}] + ", parts.join(", ")));
    write_lifetime(store, lifetime, out);
}

fn write_lifetime(store: &Store, t: TermId, out: &mut String) {
    let t = match store.view(t) {
        View::App(syms::REGION, [r]) => *r,
        _ => t,
    };
    match store.view(t) {
        View::Var(k) => out.push_str(&format!("'^0.{k}")),
        View::Placeholder(u, i) => out.push_str(&format!("'!{u}_{i}")),
        View::Atom(syms::STATIC) => out.push_str("'static"),
        View::Atom(syms::ERASED) => out.push_str("'<erased>"),
        View::Atom(syms::EMPTY) => out.push_str("'<empty>"),
        View::Atom(s) => out.push_str(store.name(s)),
        _ => out.push_str("'_"),
    }
}

/// How the region constraints of an answer are listed.
#[derive(Clone, Copy, PartialEq, Eq)]
enum ConstraintOrder {
    /// In the order the solver produced them (one answer of a multi-answer listing).
    Produced,
    /// Sorted by their printed text. chalk's test harness sorts the constraints of a unique
    /// solution this way before comparing, because its solvers emit them in different orders;
    /// a `yields` expectation is written in that order.
    ByText,
}

/// Region constraints as chalk prints them:
/// `[InEnvironment { environment: Env([]), goal: '!1_0: '!1_1 }, ...]`.
fn constraints_text(store: &Store, cs: TermId, r: &Render<'_>, order: ConstraintOrder) -> String {
    let mut parts: Vec<String> = store
        .list_items(cs)
        .into_iter()
        .filter_map(|c| match store.view(c) {
            View::App(syms::OUTLIVES, [a, b]) => {
                let mut x = String::new();
                write_ty(store, *a, &mut x, 0, r);
                let mut y = String::new();
                write_lifetime(store, *b, &mut y);
                Some(format!(
                    "InEnvironment {{ environment: Env([]), goal: {x}: {y} }}"
                ))
            }
            _ => None,
        })
        .collect();
    if order == ConstraintOrder::ByText {
        parts.sort();
    }
    format!("[{}]", parts.join(", "))
}

fn substitution(store: &Store, tuple: TermId, r: &Render<'_>) -> (String, u32) {
    let (vals, _) = answer_parts(store, tuple);
    let parts: Vec<String> = vals
        .iter()
        .enumerate()
        .map(|(i, &v)| {
            if r.vars.get(i).is_some_and(|n| n.starts_with('\'')) {
                let mut l = String::new();
                write_lifetime(store, v, &mut l);
                format!("?{i} := {l}")
            } else {
                format!("?{i} := {}", ty_text(store, v, r))
            }
        })
        .collect();
    (format!("[{}]", parts.join(", ")), store.var_count(tuple))
}

fn binders(n: u32) -> String {
    let us: Vec<&str> = (0..n).map(|_| "?U0").collect();
    format!("for<{}>", us.join(","))
}

/// The body of a unique answer or of one answer: `substitution [..]`, `lifetime constraints [..]`
/// or both, under `for<?U..> { .. }` when the answer has free variables.
fn answer_body(store: &Store, t: TermId, r: &Render<'_>, order: ConstraintOrder) -> Option<String> {
    let (vals, regions) = answer_parts(store, t);
    let mut parts = Vec::new();
    if !vals.is_empty() {
        parts.push(format!("substitution {}", substitution(store, t, r).0));
    }
    let mut binder = free_binders(store, t, r);
    if let Some((cs, us)) = regions {
        parts.push(format!(
            "lifetime constraints {}",
            constraints_text(store, cs, r, order)
        ));
        let us: Vec<String> = store
            .list_items(us)
            .into_iter()
            .map(|u| match store.view(u) {
                View::Int(u) => format!("?U{u}"),
                _ => "?U0".to_string(),
            })
            .collect();
        binder = format!("for<{}>", us.join(","));
    }
    if parts.is_empty() {
        return None;
    }
    let body = parts.join(", ");
    Some(if store.var_count(t) == 0 {
        body
    } else {
        format!("{binder} {{ {body} }}")
    })
}

/// A solution as chalk prints it.
pub fn solution_text(store: &Store, sol: &Solution, r: &Render<'_>) -> String {
    match sol {
        Solution::NoSolution => "No possible solution".into(),
        Solution::Overflow(_) | Solution::Ambiguous(Guidance::Unknown) => {
            "Ambiguous; no inference guidance".into()
        }
        Solution::Unique(t) => match answer_body(store, *t, r, ConstraintOrder::ByText) {
            None => "Unique".into(),
            Some(b) => format!("Unique; {b}"),
        },
        Solution::Ambiguous(Guidance::Definite(t))
        | Solution::Ambiguous(Guidance::Suggested(t)) => {
            let kind = if matches!(sol, Solution::Ambiguous(Guidance::Definite(_))) {
                "definite"
            } else {
                "suggested"
            };
            let (s, free) = substitution(store, *t, r);
            if free == 0 {
                format!("Ambiguous; {kind} substitution {s}")
            } else {
                format!(
                    "Ambiguous; {kind} substitution {} {{ {s} }}",
                    free_binders(store, *t, r)
                )
            }
        }
    }
}

/// One answer of a multi-answer (`yields_all`) case as chalk prints it: `substitution [?0 := Foo]`.
pub fn answer_text(store: &Store, tuple: TermId, r: &Render<'_>) -> String {
    answer_body(store, tuple, r, ConstraintOrder::Produced)
        .unwrap_or_else(|| "substitution []".into())
}
