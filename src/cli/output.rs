//! Rendering answers and solutions as Prolog-style text or JSON.

use crate::solve::{Guidance, Outcome, Solution};
use crate::syntax::print::{default_var_name, term_to_string};
use crate::term::{Store, TermId, View};
use serde_json::{json, Value};
use std::time::Duration;

/// Name of an answer's own variable `k`.
fn fresh_name(k: u32) -> String {
    format!("_{}", default_var_name(k))
}

thread_local! {
    static RUST_NOTATION: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
}

/// Print answer values in Rust notation (`(i32, i32)`, `<T as Iterator>::Item`) instead of as terms:
/// on for the answers to goals on a `.rs` or `.chalk` program.
pub fn set_rust_notation(on: bool) {
    RUST_NOTATION.with(|c| c.set(on));
}

fn value_text(store: &Store, v: TermId) -> String {
    if RUST_NOTATION.with(|c| c.get()) {
        crate::lower::rust_text::type_text_with(store, v, &fresh_name)
    } else {
        term_to_string(store, v, &fresh_name, 699)
    }
}

/// The bindings of an answer tuple as `(name, value text)` pairs, leaving out variables that are still
/// free and unshared, and variables whose names start with `_`.
pub fn bindings(store: &Store, tuple: TermId, names: &[Box<str>]) -> Vec<(String, String)> {
    let vals = store.args(tuple);
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
        out.push((name, value_text(store, v)));
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

/// One answer as `X = 1, Y = f(a).` or `true.`.
pub fn answer_text(store: &Store, tuple: TermId, names: &[Box<str>]) -> String {
    let b = bindings(store, tuple, names);
    if b.is_empty() {
        "true.".to_string()
    } else {
        let parts: Vec<String> = b.into_iter().map(|(n, v)| format!("{n} = {v}")).collect();
        format!("{}.", parts.join(", "))
    }
}

/// An aggregated solution as text.
pub fn solution_text(
    store: &Store,
    sol: &Solution,
    names: &[Box<str>],
    n_answers: usize,
) -> String {
    match sol {
        Solution::Unique(t) => answer_text(store, *t, names),
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
                    let b = bindings(store, *t, names);
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
    if out.negative_cycle {
        v.push("% warning: negative cycle: a table depends on its own negation (undefined under the well-founded semantics)".to_string());
    }
    v
}

/// The process's peak resident memory in MiB (Linux: `VmHWM` of /proc/self/status; None elsewhere).
pub fn peak_memory_mib() -> Option<f64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
    let kib: f64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kib / 1024.0)
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
    line.push_str(&format!(", time {:.6}s", elapsed.as_secs_f64()));
    line
}

/// Statistics as JSON.
pub fn stats_json(out: &Outcome, elapsed: Duration) -> Value {
    let s = &out.stats;
    json!({
        "tables": s.tables, "table_answers": s.table_answers, "consumers": s.consumers,
        "completed": s.completed, "steps": s.steps, "unifications": s.unifications,
        "cache_hits": s.cache_hits, "seconds": elapsed.as_secs_f64(),
    })
}

/// A solution as JSON.
pub fn solution_json(store: &Store, sol: &Solution, names: &[Box<str>]) -> Value {
    let subst = |t: TermId| -> Value {
        let m: serde_json::Map<String, Value> = bindings(store, t, names)
            .into_iter()
            .map(|(n, v)| (n, Value::String(v)))
            .collect();
        Value::Object(m)
    };
    match sol {
        Solution::Unique(t) => json!({"kind": "unique", "substitution": subst(*t)}),
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
