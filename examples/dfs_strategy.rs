//! A resolution strategy written from the logic crate's building blocks, not by calling a built-in
//! strategy: depth-first SLD resolution over Horn clauses with an explicit stack of choice points.
//!
//! The blocks it uses ([`knot_logic`]): terms in a [`Store`]; unification with undo ([`Bindings`]:
//! `alloc`, `unify`, `mark`/`undo`, `resolve`); clause lookup by predicate and first argument
//! ([`Program::candidates`]); the limits and the cancel flag ([`Limits`]); the result type
//! ([`Outcome`], [`StopReason`]). It answers conjunctions, `true`, `=` and the program's own
//! predicates; any other goal (a built-in, a negation) is outside what it can decide, so the search
//! says "floundered" (unknown) instead of "no".
//!
//! Run: `cargo run --example dfs_strategy`.

use knot_logic::program::Program;
use knot_logic::solve::{
    register_strategy, AnswerRef, Goal, Limits, OnAnswer, Outcome, StopReason, Strategy,
};
use knot_logic::term::unify::{Bindings, Deref, Ref, UnifyOptions, VarMap};
use knot_logic::term::{syms, Store, View};
use std::time::Instant;

/// A list of goals still to prove, shared between choice points (a persistent stack).
#[derive(Clone)]
enum Goals {
    Nil,
    Cons(Ref, std::rc::Rc<Goals>),
}

/// A choice point: the goals to prove, the clauses still to try for the first one, and the trail
/// mark to undo to before trying them.
struct Choice {
    goals: Goals,
    clauses: Vec<u32>,
    next: usize,
    mark: usize,
    depth: u32,
}

struct Dfs;

impl Strategy for Dfs {
    fn name(&self) -> &'static str {
        "dfs"
    }

    fn solve(
        &mut self,
        store: &mut Store,
        program: &Program,
        goal: &Goal,
        limits: &Limits,
        on_answer: &mut OnAnswer<'_>,
    ) -> Outcome {
        let start = Instant::now();
        let mut outcome = Outcome::default();
        let opts = UnifyOptions {
            occurs_check: limits.occurs_check,
            ..UnifyOptions::default()
        };
        let mut b = Bindings::new();
        let base = b.alloc(goal.nvars, 0);
        let query = |b: &Bindings, store: &mut Store| -> Vec<knot_logic::TermId> {
            let mut map = VarMap::new();
            (0..goal.nvars)
                .map(|i| {
                    let v = store.var(i);
                    b.resolve(store, Ref::new(v, base), &mut map)
                })
                .collect()
        };
        let mut stack = vec![(
            Goals::Cons(Ref::new(goal.term, base), Goals::Nil.into()),
            0u32,
        )];
        let mut choices: Vec<Choice> = Vec::new();
        loop {
            // Take the next state: the one in hand, or the next alternative of the newest choice.
            let (mut goals, depth) = match stack.pop() {
                Some(s) => s,
                None => match next_alternative(store, program, &mut b, &mut choices, opts) {
                    Some(s) => s,
                    None => return outcome,
                },
            };
            outcome.stats.steps += 1;
            if let Some(stop) = limit_hit(limits, &outcome, depth, start) {
                outcome.stop = Some(stop);
                return outcome;
            }
            // Prove the first goal of the list.
            let Goals::Cons(g, rest) = goals.clone() else {
                let values = query(&b, store);
                let answer = AnswerRef {
                    values: &values,
                    ambiguous: false,
                };
                if on_answer(store, answer).is_break() {
                    outcome.stopped_by_caller = true;
                    return outcome;
                }
                continue;
            };
            goals = (*rest).clone();
            let g = match b.deref(store, g) {
                Deref::Term(r) => r,
                Deref::Unbound(_) => {
                    outcome.floundered = true;
                    continue;
                }
            };
            match store.view(g.term) {
                View::Atom(syms::TRUE) => stack.push((goals, depth)),
                View::App(syms::COMMA, [x, y]) => {
                    let rest = Goals::Cons(Ref::new(*y, g.base), goals.into());
                    stack.push((Goals::Cons(Ref::new(*x, g.base), rest.into()), depth));
                }
                View::App(syms::EQ, [x, y]) => {
                    let mark = b.mark();
                    if b.unify(store, Ref::new(*x, g.base), Ref::new(*y, g.base), opts) {
                        stack.push((goals, depth));
                    } else {
                        b.undo(mark);
                    }
                }
                View::Atom(f) | View::App(f, _) => {
                    let args: Vec<_> = store.args(g.term).to_vec();
                    if !program.is_known((f, args.len() as u32)) {
                        outcome.floundered = true; // a built-in or an unknown predicate: not decided here
                        continue;
                    }
                    let firsts: Vec<_> = args
                        .iter()
                        .map(|&a| match b.deref(store, Ref::new(a, g.base)) {
                            Deref::Term(r) => Some(r.term),
                            Deref::Unbound(_) => None,
                        })
                        .collect();
                    let clauses = program
                        .candidates(store, (f, args.len() as u32), &firsts)
                        .to_vec();
                    let goals = Goals::Cons(g, goals.into());
                    choices.push(Choice {
                        goals,
                        clauses,
                        next: 0,
                        mark: b.mark(),
                        depth: depth + 1,
                    });
                }
                _ => outcome.floundered = true,
            }
        }
    }
}

/// Undo to the newest choice point with a clause left, rename that clause apart, unify its head
/// with the goal and give back the state with the clause's body in front.
fn next_alternative(
    store: &mut Store,
    program: &Program,
    b: &mut Bindings,
    choices: &mut Vec<Choice>,
    opts: UnifyOptions,
) -> Option<(Goals, u32)> {
    while let Some(c) = choices.last_mut() {
        let Some(&i) = c.clauses.get(c.next) else {
            choices.pop();
            continue;
        };
        c.next += 1;
        b.undo(c.mark);
        let Goals::Cons(goal, rest) = c.goals.clone() else {
            unreachable!("a choice has a goal")
        };
        let clause = program.clause(i);
        let base = b.alloc(clause.nvars, 0); // renaming apart copies nothing: a fresh base
        if b.unify(store, Ref::new(clause.head, base), goal, opts) {
            let body = Goals::Cons(Ref::new(clause.body_term, base), rest);
            return Some((body, c.depth));
        }
    }
    None
}

/// The limit a search at `depth` has reached, if any.
fn limit_hit(limits: &Limits, outcome: &Outcome, depth: u32, start: Instant) -> Option<StopReason> {
    if depth > limits.max_depth {
        return Some(StopReason::Depth(limits.max_depth));
    }
    if outcome.stats.steps > limits.max_steps {
        return Some(StopReason::Steps(limits.max_steps));
    }
    if let Some(t) = limits.timeout.filter(|t| start.elapsed() > *t) {
        return Some(StopReason::Timeout(t));
    }
    let cancelled = limits
        .cancel
        .as_ref()
        .is_some_and(|c| c.load(std::sync::atomic::Ordering::Relaxed));
    cancelled.then_some(StopReason::Cancelled)
}

fn main() {
    register_strategy("dfs", || Box::new(Dfs));
    let src = "edge(1, 2). edge(2, 3). edge(3, 4).\n\
               path(X, Y) :- edge(X, Y).\npath(X, Y) :- edge(X, Z), path(Z, Y).\n";
    let mut s = knot::Session::from_clauses("chain.pl", src)
        .expect("the program loads")
        .with_strategy("dfs");
    let answers = s.answers("path(1, Y)").expect("the goal parses");
    println!("dfs: {}", answers.texts.join(" "));
    assert_eq!(answers.texts, ["Y = 2.", "Y = 3.", "Y = 4."]);
    // A left-recursive program overflows depth-first, and says which limit it hit.
    let mut s = knot::Session::from_clauses("loop.pl", "p(X) :- p(X).\n")
        .expect("loads")
        .with_strategy("dfs");
    let a = s.answers("p(1)").expect("parses");
    println!("dfs on p(X) :- p(X): {}", a.solution_text);
    assert!(a.outcome.overflow().is_some());
}
