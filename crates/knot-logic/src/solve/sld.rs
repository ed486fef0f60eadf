//! `sld`: plain depth-first resolution in Prolog order, the baseline. It never tables, so a goal that
//! depends on itself recurses until the depth limit, and the answer is Overflow (what rustc reports as
//! "overflow evaluating the requirement"), never a crash.

use super::answers::RootSink;
use super::machine::{CallAction, Env, Hooks, Machine, NotAction, State};
use super::{Goal, Limits, OnAnswer, Outcome, Strategy};
use crate::program::{Pred, Program};
use crate::term::unify::Ref;
use crate::term::Store;
use std::ops::ControlFlow;

/// The depth-first strategy.
#[derive(Default, Debug)]
pub struct Sld;

struct SldHooks<'a, 'b> {
    root: RootSink<'a, 'b>,
}

impl Hooks for SldHooks<'_, '_> {
    fn is_tabled(&self, _pred: Pred) -> bool {
        false
    }
    fn call(&mut self, _m: &mut Machine<'_>, _st: &State, _goal: Ref, _env: &Env) -> CallAction {
        CallAction::Resolve
    }
    fn success(&mut self, m: &mut Machine<'_>, st: &State) -> ControlFlow<()> {
        self.root.success(m, st)
    }
    fn negation(
        &mut self,
        m: &mut Machine<'_>,
        st: &mut State,
        goal: Ref,
        env: &Env,
        depth: u32,
    ) -> NotAction {
        m.negate_by_search(st, goal, env, depth, self)
    }
}

impl Strategy for Sld {
    fn name(&self) -> &'static str {
        "sld"
    }

    fn solve(
        &mut self,
        store: &mut Store,
        program: &Program,
        goal: &Goal,
        limits: &Limits,
        on_answer: &mut OnAnswer<'_>,
    ) -> Outcome {
        let mut m = Machine::new(store, program, limits);
        let mut st = State::for_query(m.store, goal);
        // Prolog semantics: every derivation is an answer, duplicates included.
        let mut hooks = SldHooks {
            root: RootSink::new(goal.nvars, false, on_answer),
        };
        let _ = m.run(&mut st, &mut hooks);
        m.out
    }
}
