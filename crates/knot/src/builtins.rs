//! The built-in predicates the goal checker accepts without clauses (the machine answers them), and
//! the check that every predicate a clause-language goal calls is known.

use crate::error::{Error, Result};
use crate::program::Program;
use crate::syntax::print::term_to_string;
use crate::term::{syms, Store, TermId, View};

/// Built-in predicates the engine answers itself (the machine's table, `crate::solve::BUILTINS`).
pub fn is_builtin(name: &str, arity: u32) -> bool {
    crate::solve::is_builtin(name, arity)
}

/// Check that every predicate a goal calls is known; name the arities that exist when one is not.
pub fn check_goal(store: &Store, program: &Program, goal: TermId) -> Result<()> {
    // Predicates the goal itself asserts clauses of (`assertz((p(X) :- ..)), p(1)`) are known.
    let asserted = asserted_preds(store, goal);
    let mut stack = vec![goal];
    while let Some(g) = stack.pop() {
        let (f, args) = match store.view(g) {
            View::Atom(f) => (f, &[][..]),
            View::App(f, args) => (f, args),
            View::Var(_) => continue,
            _ => {
                return Err(Error::Goal {
                    code: "goal::not_callable",
                    message: format!(
                        "`{}` is not a goal",
                        term_to_string(store, g, &crate::syntax::print::default_var_name, 999)
                    ),
                })
            }
        };
        let name = store.name(f);
        let n = args.len() as u32;
        match (f, n) {
            (syms::COMMA | syms::SEMI | syms::ARROW, 2) => stack.extend_from_slice(args),
            (syms::NOT, 1) => stack.push(args[0]),
            (syms::FORALL | syms::EXISTS, 2) => stack.push(args[1]),
            (syms::IMPLIES, 2) => {}
            // Region goals the machine answers (recorded constraints, subtyping).
            (syms::OUTLIVES | syms::SUBTYPE | syms::INSTANTIATE, 2) => {}
            // The integer and float variables, under the store's vocabulary's names.
            (syms::INT_VAR | syms::FLOAT_VAR, 1) => {}
            _ if is_builtin(name, n) => {}
            _ if program.is_known((f, n)) || asserted.contains(&(f, n)) => {}
            _ => {
                let others = program.arities_of(f);
                let hint = if others.is_empty() {
                    // A typo: the known predicate nearest by name, as SWI's "did you mean".
                    let preds = program.predicates(store);
                    let names: Vec<(&str, u32)> =
                        preds.iter().map(|&(f, a)| (store.name(f), a)).collect();
                    match crate::suggest::closest(name, names.iter().map(|(n, _)| *n)) {
                        Some(near) => {
                            let arity = names
                                .iter()
                                .filter(|(m, _)| *m == near)
                                .map(|&(_, a)| a)
                                .min_by_key(|a| a.abs_diff(n))
                                .unwrap_or(n);
                            format!(" (did you mean {near}/{arity}?)")
                        }
                        None => String::new(),
                    }
                } else {
                    let list: Vec<String> = others.iter().map(|a| format!("{name}/{a}")).collect();
                    format!(" (arity mismatch: the program defines {})", list.join(", "))
                };
                return Err(Error::Goal {
                    code: if others.is_empty() {
                        "goal::unknown_predicate"
                    } else {
                        "goal::arity_mismatch"
                    },
                    message: format!("unknown predicate {name}/{n}{hint}"),
                });
            }
        }
    }
    Ok(())
}

/// The predicates whose clauses `goal` asserts anywhere in it (`assert/1`, `asserta/1`,
/// `assertz/1`).
fn asserted_preds(store: &Store, goal: TermId) -> Vec<crate::program::Pred> {
    let mut out = Vec::new();
    let mut stack = vec![goal];
    while let Some(t) = stack.pop() {
        let View::App(f, args) = store.view(t) else {
            continue;
        };
        if args.len() == 1 && matches!(store.name(f), "assert" | "asserta" | "assertz") {
            let head = match store.view(args[0]) {
                View::App(syms::NECK, a) if a.len() == 2 => a[0],
                _ => args[0],
            };
            out.extend(store.functor(head));
        }
        stack.extend_from_slice(args);
    }
    out
}
