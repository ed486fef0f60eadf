//! Uncaught errors printed as SWI-Prolog prints them (`Unknown procedure: colour/1`, with the
//! predicates of a similar name the program does define).

use super::write::term_text;
use crate::program::Program;
use crate::term::{Store, TermId, View};

/// Predicates of the program whose name is close to `name` (or equal, with another arity).
pub fn similar_predicates(store: &Store, program: &Program, name: &str, arity: u32) -> Vec<String> {
    let mut out: Vec<(usize, String)> = program
        .predicates(store)
        .into_iter()
        .filter_map(|(f, n)| {
            let other = store.name(f);
            if other.starts_with('$') {
                return None;
            }
            let d = crate::suggest::edit_distance(name, other);
            let close = (other == name && n != arity)
                || (d <= 2 && d * 3 <= name.chars().count().max(2) && n == arity);
            close.then(|| (d, format!("{other}/{n}")))
        })
        .collect();
    out.sort();
    out.into_iter().map(|(_, s)| s).collect()
}

/// The lines SWI-Prolog prints for an uncaught error `ball` (each begins with `ERROR: `), preceded
/// by the ISO error term itself.
pub fn error_message(store: &Store, program: &Program, ball: TermId) -> String {
    let q = |t: TermId| term_text(store, t, true, false);
    let mut lines = Vec::new();
    let formal = match store.view(ball) {
        View::App(f, a) if store.name(f) == "error" && a.len() == 2 => Some(a[0]),
        _ => None,
    };
    let Some(formal) = formal else {
        return format!(
            "% error: {}\nERROR: Unhandled exception: Unknown message: {}",
            q(ball),
            q(ball)
        );
    };
    match store.view(formal) {
        View::App(f, a) if store.name(f) == "existence_error" && a.len() == 2 => {
            lines.push(format!("Unknown procedure: {}", q(a[1])));
            if let View::App(_, pi) = store.view(a[1]) {
                if let (View::Atom(n), View::Int(k)) = (store.view(pi[0]), store.view(pi[1])) {
                    let similar = similar_predicates(store, program, store.name(n), k as u32);
                    if !similar.is_empty() {
                        lines.push("  However, there are definitions for:".into());
                        for s in similar {
                            lines.push(format!("        {s}"));
                        }
                    }
                }
            }
        }
        View::App(f, a) if store.name(f) == "resource_error" && a.len() == 1 => {
            lines.push(format!("Not enough resources: {}", q(a[0])));
        }
        View::App(f, a) if store.name(f) == "evaluation_error" && a.len() == 1 => {
            let what = match store.view(a[0]) {
                View::Atom(w) => store.name(w).to_string(),
                _ => q(a[0]),
            };
            lines.push(format!("Arithmetic: evaluation error: {what}"));
        }
        View::App(f, a) if store.name(f) == "type_error" && a.len() == 2 => {
            let ty = q(a[0]);
            if ty == "evaluable" {
                lines.push(format!("Arithmetic: evaluable {} does not exist", q(a[1])));
            } else {
                let culprit = q(a[1]);
                let kind = match store.view(a[1]) {
                    View::Int(_) | View::Big(_) => "an integer",
                    View::Float(_) => "a float",
                    View::Atom(_) => "an atom",
                    View::Str(_) => "a string",
                    View::App(..) => "a compound",
                    _ => "a term",
                };
                lines.push(format!(
                    "Type error: `{ty}' expected, found `{culprit}' ({kind})"
                ));
            }
        }
        View::App(f, a) if store.name(f) == "domain_error" && a.len() == 2 => {
            lines.push(format!(
                "Domain error: `{}' expected, found `{}'",
                q(a[0]),
                q(a[1])
            ));
        }
        View::App(f, a) if store.name(f) == "permission_error" && a.len() == 3 => {
            // SWI-Prolog's words: `No permission to modify static procedure `p/1'`.
            let words = |t: TermId| match store.view(t) {
                View::Atom(w) => store.name(w).replace('_', " "),
                _ => q(t),
            };
            lines.push(format!(
                "No permission to {} {} `{}'",
                words(a[0]),
                words(a[1]),
                q(a[2])
            ));
        }
        View::Atom(a) if store.name(a) == "instantiation_error" => {
            lines.push("Arguments are not sufficiently instantiated".into());
        }
        _ => lines.push(format!("Unknown error term: {}", q(formal))),
    }
    let mut text = format!("% error: {}\n", q(formal));
    for l in lines {
        text.push_str("ERROR: ");
        text.push_str(&l);
        text.push('\n');
    }
    text.pop();
    text
}
