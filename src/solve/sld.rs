//! `sld`: plain depth-first resolution in Prolog order, the baseline. It never tables, so a goal that
//! depends on itself recurses until the depth limit, and the answer is Overflow (what rustc reports as
//! "overflow evaluating the requirement"), never a crash.

use super::machine::{CallAction, Env, GoalKind, Hooks, Machine, NotAction, State};
use super::{AnswerRef, Goal, Limits, OnAnswer, Outcome, Strategy};
use crate::program::{Pred, Program};
use crate::term::unify::Ref;
use crate::term::Store;
use crate::term::TermId;
use std::ops::ControlFlow;

/// The depth-first strategy.
#[derive(Default, Debug)]
pub struct Sld;

struct SldHooks<'a, 'b> {
    nvars: u32,
    vals: Vec<TermId>,
    on_answer: &'a mut OnAnswer<'b>,
}

impl Hooks for SldHooks<'_, '_> {
    fn is_tabled(&self, _pred: Pred) -> bool {
        false
    }
    fn call(&mut self, _m: &mut Machine<'_>, _st: &State, _goal: Ref, _env: &Env) -> CallAction {
        CallAction::Resolve
    }
    fn success(&mut self, m: &mut Machine<'_>, st: &State) -> ControlFlow<()> {
        m.answer_values(st, self.nvars, &mut self.vals);
        let r = (self.on_answer)(
            m.store,
            AnswerRef {
                values: &self.vals,
                ambiguous: false,
            },
        );
        if r.is_break() {
            m.out.stopped_by_caller = true;
        }
        r
    }
    fn negation(
        &mut self,
        m: &mut Machine<'_>,
        st: &mut State,
        goal: Ref,
        env: &Env,
        depth: u32,
    ) -> NotAction {
        match m.prove_once(st, goal, env, depth, &|_| false) {
            Some(true) => NotAction::Fails,
            Some(false) => NotAction::Holds,
            None => NotAction::Fails,
        }
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
        let mut st = State::start(
            GoalKind::Call(Ref::new(goal.term, 0)),
            None,
            goal.nvars.max(m.store.var_count(goal.term)),
            &[],
        );
        let mut hooks = SldHooks {
            nvars: goal.nvars,
            vals: Vec::new(),
            on_answer,
        };
        let _ = m.run(&mut st, &mut hooks);
        m.out
    }
}
