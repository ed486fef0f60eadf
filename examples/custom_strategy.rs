//! A strategy written outside knot, run through knot's own plumbing: iterative deepening, i.e.
//! depth-first search (`sld`) restarted with a doubled depth bound until the search completes.
//!
//! Run: `cargo run --example custom_strategy`. It registers the strategy as `iddfs` and asks a goal
//! through the library; a strategy registered so is also what `knot compare --strategies` and
//! `--strategy NAME` name in a program that embeds the command.

use knot::{
    register_strategy, strategy_by_name, Answer, AnswerRef, Engine, Goal, Limits, OnAnswer,
    Outcome, Program, StopReason, Store, Strategy,
};
use std::ops::ControlFlow;

/// Depth-first search with a depth bound of 4, 8, 16, ... up to the caller's `max_depth`.
struct IterativeDeepening;

impl Strategy for IterativeDeepening {
    fn name(&self) -> &'static str {
        "iddfs"
    }

    fn solve(
        &mut self,
        store: &mut Store,
        program: &Program,
        goal: &Goal,
        limits: &Limits,
        on_answer: &mut OnAnswer<'_>,
    ) -> Outcome {
        let mut bound = 4u32;
        let mut sld = strategy_by_name("sld").expect("knot's own depth-first strategy");
        loop {
            let round = Limits {
                max_depth: bound.min(limits.max_depth),
                ..limits.clone()
            };
            // Collect this round's answers; report them only once a round is final, so that an answer
            // is never reported twice.
            let mut found: Vec<Answer> = Vec::new();
            let outcome = sld.solve(store, program, goal, &round, &mut |store, a| {
                found.push(a.intern(store));
                ControlFlow::Continue(())
            });
            let too_shallow = matches!(outcome.stop, Some(StopReason::Depth(_)));
            if too_shallow && bound < limits.max_depth {
                bound = bound.saturating_mul(2);
                continue;
            }
            for a in &found {
                let values: Vec<_> = store.args(a.values).to_vec();
                let r = AnswerRef {
                    values: &values,
                    ambiguous: a.ambiguous,
                };
                if on_answer(store, r).is_break() {
                    break;
                }
            }
            return outcome;
        }
    }
}

fn main() {
    register_strategy("iddfs", || Box::new(IterativeDeepening));

    // Through the library: a chain that plain `sld` with a small depth bound cannot finish.
    let src = "edge(1, 2). edge(2, 3). edge(3, 4).\npath(X, Y) :- edge(X, Y).\npath(X, Y) :- edge(X, Z), path(Z, Y).\n";
    let mut engine = Engine::from_clauses("chain.pl", src)
        .expect("the program loads")
        .with_strategy("iddfs");
    let answers = engine.answers("path(1, Y)").expect("the goal parses");
    println!("library, iddfs: {}", answers.texts.join(" "));
    assert_eq!(answers.answers.len(), 3);
}
