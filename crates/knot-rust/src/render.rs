//! Rendering answers, solutions and programs as text: Prolog-style text, JSON, chalk's notation (the
//! [`chalk`] functions, defined with the lowering's names in `lower/chalk.rs`), and a program's
//! clauses as a `.pl` file.

pub use crate::syntax::print::{default_var_name, term_to_string};

/// chalk's notation: answers and solutions of a goal over a lowered program.
pub mod chalk {
    pub use crate::lower::chalk::{answer_text, solution_text, Render};
}

use crate::program::Program;
use crate::solve::{Guidance, Outcome, Solution};
use crate::syntax::print::clause_to_string;
use crate::term::{Store, TermId, View};
use serde_json::{json, Value};
use std::time::Duration;

/// Name of an answer's own variable `k`.
fn fresh_name(k: u32) -> String {
    format!("_{}", default_var_name(k))
}

/// How answer values are written: as terms (`f(X)`, `'$ref'('$lt'(static), u8)`), or in Rust
/// notation (`(i32, i32)`, `&'static u8`, `<T as Iterator>::Item`) for the answers to goals on a
/// `.rs` or `.chalk` program. Every renderer takes one; none keeps a setting of its own.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Notation {
    /// Terms, as the clause language writes them.
    #[default]
    Prolog,
    /// Rust types.
    Rust,
}

impl Notation {
    /// Rust notation for a Rust-like program (`surface`), terms otherwise.
    pub fn for_program(surface: bool) -> Notation {
        if surface {
            Notation::Rust
        } else {
            Notation::Prolog
        }
    }
}

fn value_text(store: &Store, n: Notation, v: TermId) -> String {
    match n {
        Notation::Rust => crate::lower::rust_text::type_text_with(store, v, &fresh_name),
        Notation::Prolog => term_to_string(store, v, &fresh_name, 699),
    }
}

/// The bindings of an answer tuple as `(name, value text)` pairs, leaving out variables that are still
/// free and unshared, and variables whose names start with `_`.
pub fn bindings(
    store: &Store,
    n: Notation,
    tuple: TermId,
    names: &[Box<str>],
) -> Vec<(String, String)> {
    let (vals, _) = crate::solve::answer_parts(store, tuple);
    // How often each answer variable occurs as a whole value.
    let mut count = rustc_hash::FxHashMap::default();
    for &v in vals {
        if let View::Var(k) = store.view(v) {
            *count.entry(k).or_insert(0) += 1;
        }
    }
    let mut out = Vec::new();
    for (i, &v) in vals.iter().enumerate() {
        let name = names
            .get(i)
            .map(|s| s.to_string())
            .unwrap_or_else(|| default_var_name(i as u32));
        if name.starts_with('_') {
            continue;
        }
        if let View::Var(k) = store.view(v) {
            if count.get(&k).copied().unwrap_or(0) <= 1 && store.var_count(tuple) > 0 {
                let shared = vals.iter().enumerate().any(|(j, &w)| {
                    j != i && !matches!(store.view(w), View::Var(_)) && contains_var(store, w, k)
                });
                if !shared {
                    continue;
                }
            }
        }
        out.push((name, value_text(store, n, v)));
    }
    out
}

fn contains_var(store: &Store, t: TermId, k: u32) -> bool {
    let mut stack = vec![t];
    while let Some(t) = stack.pop() {
        match store.view(t) {
            View::Var(i) if i == k => return true,
            View::App(_, a) if !store.is_ground(t) => stack.extend_from_slice(a),
            _ => {}
        }
    }
    false
}

/// One answer as `X = 1, Y = f(a).` or `true.`; an answer under region constraints adds them:
/// `true, if '!1_0: 'static.`
pub fn answer_text(store: &Store, n: Notation, tuple: TermId, names: &[Box<str>]) -> String {
    let b = bindings(store, n, tuple, names);
    let cs = constraints(store, n, tuple);
    let cond = if cs.is_empty() {
        String::new()
    } else {
        format!(", if {}", cs.join(", "))
    };
    if b.is_empty() {
        format!("true{cond}.")
    } else {
        let parts: Vec<String> = b.into_iter().map(|(n, v)| format!("{n} = {v}")).collect();
        format!("{}{cond}.", parts.join(", "))
    }
}

/// A region as text: `'static`, `'!1_0` (a placeholder), `'_A` (an inference region).
pub fn region_text(store: &Store, n: Notation, r: TermId) -> String {
    use crate::term::syms;
    let r = match store.view(r) {
        View::App(syms::REGION, [x]) => *x,
        _ => return value_text(store, n, r),
    };
    match store.view(r) {
        View::Var(k) => format!("'{}", fresh_name(k)),
        View::Placeholder(u, i) => format!("'!{u}_{i}"),
        View::Atom(syms::STATIC) => "'static".into(),
        View::Atom(syms::ERASED) => "'<erased>".into(),
        View::Atom(syms::EMPTY) => "'<empty>".into(),
        View::Atom(s) => store.name(s).to_string(),
        _ => value_text(store, n, r),
    }
}

/// The region constraints an answer holds under, as `A: 'b` texts (empty when it holds
/// unconditionally).
pub fn constraints(store: &Store, n: Notation, tuple: TermId) -> Vec<String> {
    use crate::term::syms;
    let Some((mut cs, _)) = crate::solve::answer_parts(store, tuple).1 else {
        return Vec::new();
    };
    let mut out = Vec::new();
    while let View::App(syms::CONS, [c, rest]) = store.view(cs) {
        if let View::App(syms::OUTLIVES, [a, b]) = store.view(*c) {
            out.push(format!(
                "{}: {}",
                region_text(store, n, *a),
                region_text(store, n, *b)
            ));
        }
        cs = *rest;
    }
    out
}

/// An aggregated solution as text.
pub fn solution_text(
    store: &Store,
    n: Notation,
    sol: &Solution,
    names: &[Box<str>],
    n_answers: usize,
) -> String {
    match sol {
        Solution::Unique(t) => answer_text(store, n, *t, names),
        Solution::NoSolution => "false.".to_string(),
        Solution::Overflow(r) => format!("overflow: {r}."),
        Solution::Ambiguous(g) => {
            let more = if n_answers > 1 {
                format!(" ({n_answers} answers; --all lists them)")
            } else {
                String::new()
            };
            match g {
                Guidance::Definite(t) | Guidance::Suggested(t) => {
                    let b = bindings(store, n, *t, names);
                    if b.is_empty() {
                        format!("ambiguous{more}.")
                    } else {
                        let parts: Vec<String> =
                            b.into_iter().map(|(n, v)| format!("{n} = {v}")).collect();
                        format!("ambiguous: {}{more}.", parts.join(", "))
                    }
                }
                Guidance::Unknown => format!("ambiguous{more}."),
            }
        }
    }
}

/// Notes that qualify an answer list (floundering, negative cycles).
pub fn notes(out: &Outcome) -> Vec<String> {
    let mut v = Vec::new();
    if out.floundered {
        v.push("% warning: floundered: a goal was reached whose answers cannot be listed (a negation `\\+ G` or arithmetic with G not ground, or a non-enumerable goal such as `?T: Send` with its type unknown); that branch was not explored".to_string());
    }
    if out.ambiguous_floundered && !out.floundered {
        v.push("% warning: floundered: a goal was reached whose answers cannot be listed (a non-enumerable goal such as `?T: Send` with its type unknown); the answers past it are only possible".to_string());
    }
    if out.ambiguous_open {
        v.push("% warning: open: the search met a type or trait the program imports but does not define (from a module or crate knot cannot see); only the program's own impls of it are known, so what depends on its definition is only possible".to_string());
    }
    if let Some(r) = out
        .truncated_by
        .filter(|_| out.truncated || out.ambiguous_truncated)
    {
        v.push(format!("% warning: truncated: {r}; a subgoal or answer over it was not explored, so the answer is only possible"));
    }
    if out.negative_cycle {
        v.push("% warning: negative cycle: a table depends on its own negation (undefined under the well-founded semantics)".to_string());
    }
    v
}

/// The CPU time (user and system) the process has used so far, in seconds (Linux: /proc/self/stat, in
/// clock ticks of 1/100 s; None elsewhere).
pub fn cpu_seconds() -> Option<f64> {
    let stat = std::fs::read_to_string("/proc/self/stat").ok()?;
    // Fields after the command name (which is in parentheses and may hold blanks).
    let rest = &stat[stat.rfind(')')? + 2..];
    let f: Vec<&str> = rest.split(' ').collect();
    let utime: f64 = f.get(11)?.parse().ok()?;
    let stime: f64 = f.get(12)?.parse().ok()?;
    Some((utime + stime) / 100.0)
}

/// Statistics as one line.
pub fn stats_text(out: &Outcome, elapsed: Duration) -> String {
    let s = &out.stats;
    let mut line = format!(
        "% stats: tables {}, table answers {}, consumers {}, completed {}, steps {}, unifications {}",
        s.tables, s.table_answers, s.consumers, s.completed, s.steps, s.unifications,
    );
    // The recursive strategy's search graph: caches and fixpoint iterations.
    if s.cache_hits > 0 || s.provisional.iter().any(|&p| p > 0) || s.iterations > 0 {
        line.push_str(&format!(
            ", cache hits {}, provisional created {} / promoted {} / discarded {}, fixpoint iterations {}",
            s.cache_hits, s.provisional[0], s.provisional[1], s.provisional[2], s.iterations
        ));
    }
    if s.datalog_tables > 0 {
        line.push_str(&format!(
            ", datalog (semi-naive) tables {}, rows {}",
            s.datalog_tables, s.datalog_rows
        ));
    }
    line.push_str(&format!(", time {:.6}s", elapsed.as_secs_f64()));
    line
}

/// Statistics as JSON.
pub fn stats_json(out: &Outcome, elapsed: Duration) -> Value {
    let s = &out.stats;
    json!({
        "tables": s.tables, "table_answers": s.table_answers, "consumers": s.consumers,
        "completed": s.completed, "steps": s.steps, "unifications": s.unifications,
        "cache_hits": s.cache_hits, "datalog_tables": s.datalog_tables,
        "datalog_rows": s.datalog_rows, "seconds": elapsed.as_secs_f64(),
    })
}

/// A solution as JSON.
pub fn solution_json(store: &Store, n: Notation, sol: &Solution, names: &[Box<str>]) -> Value {
    let subst = |t: TermId| -> Value {
        let m: serde_json::Map<String, Value> = bindings(store, n, t, names)
            .into_iter()
            .map(|(n, v)| (n, Value::String(v)))
            .collect();
        Value::Object(m)
    };
    match sol {
        Solution::Unique(t) => {
            let cs = constraints(store, n, *t);
            if cs.is_empty() {
                json!({"kind": "unique", "substitution": subst(*t)})
            } else {
                json!({"kind": "unique", "substitution": subst(*t), "constraints": cs})
            }
        }
        Solution::NoSolution => json!({"kind": "no_solution"}),
        Solution::Overflow(r) => {
            json!({"kind": "overflow", "limit": r.code(), "message": r.to_string()})
        }
        Solution::Ambiguous(Guidance::Definite(t)) => {
            json!({"kind": "ambiguous", "guidance": "definite", "substitution": subst(*t)})
        }
        Solution::Ambiguous(Guidance::Suggested(t)) => {
            json!({"kind": "ambiguous", "guidance": "suggested", "substitution": subst(*t)})
        }
        Solution::Ambiguous(Guidance::Unknown) => {
            json!({"kind": "ambiguous", "guidance": "unknown"})
        }
    }
}

/// The clauses of `program` with their directives, as a `.pl` file that loads back (`path` names the
/// source in the header comment).
pub fn clauses_text(store: &Store, program: &Program, path: &str) -> String {
    let mut out = String::new();
    out.push_str(&format!(
        "% Clauses of {path}, as lowered by knot. `knot run` loads this file back.\n"
    ));
    for (kind, set) in [
        ("table", &program.tabled),
        ("coinductive", &program.coinductive),
        ("non_enumerable", &program.non_enumerable),
        ("dynamic", &program.declared),
    ] {
        let mut preds: Vec<_> = set.iter().copied().collect();
        preds.sort_by(|a, b| store.name(a.0).cmp(store.name(b.0)).then(a.1.cmp(&b.1)));
        for (f, n) in preds {
            out.push_str(&format!(
                ":- {kind} {}/{}.\n",
                crate::syntax::print::atom_text(store.name(f)),
                n
            ));
        }
    }
    let mut open: Vec<&str> = program.open.iter().map(|&f| store.name(f)).collect();
    open.sort_unstable();
    for f in open {
        out.push_str(&format!(
            ":- unseen({}/0).\n",
            crate::syntax::print::atom_text(f)
        ));
    }
    let mut last_line = None;
    for c in program.clauses() {
        if let Some(span) = &c.span() {
            if last_line != Some((span.file.clone(), span.line)) && !span.file.is_empty() {
                out.push_str(&format!("\n% {}:{}\n", span.file, span.line));
                last_line = Some((span.file.clone(), span.line));
            }
        }
        let names = |i: u32| {
            c.var_names()
                .get(i as usize)
                .filter(|n| {
                    n.starts_with(|ch: char| ch.is_ascii_uppercase())
                        && !n.contains(char::is_whitespace)
                })
                .map(|n| format!("{n}_{i}"))
                .unwrap_or_else(|| default_var_name(i))
        };
        out.push_str(&clause_to_string(store, c.term, &names));
        out.push('\n');
    }
    out
}
