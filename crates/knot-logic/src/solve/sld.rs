//! `sld`: plain depth-first resolution in Prolog order, the baseline. Untabled predicates are never
//! tabled, so a goal that depends on itself recurses until the depth limit, and the answer is
//! Overflow (what rustc reports as "overflow evaluating the requirement"), never a crash.
//!
//! In a clause program with `:- table` declarations, a tabled call where the machine needs its
//! complete answers — inside `findall/3`, `forall/2`, `aggregate_all/3`, `bagof`/`setof`, a
//! negation, `catch/3`, or before a cut ([`Hooks::call_complete`]) — is answered as SWI-Prolog
//! answers it (`slg/local.rs`): the call's table is evaluated to completion by SLG resolution, and
//! its answers are the call's alternatives. An ordinary call stays SLD, so `path(1, X)` over a
//! left-recursive tabled `path/2` overflows while `aggregate_all(count, path(_, _), N)` counts its
//! table's answers.

use super::answers::RootSink;
use super::machine::{CallAction, Env, Hooks, Machine, NotAction, State};
use super::slg::local::{self, Local};
use super::{Goal, Limits, OnAnswer, Outcome, Strategy};
use crate::program::{Pred, Program};
use crate::term::unify::{Deref, Ref};
use crate::term::Store;
use std::ops::ControlFlow;

/// The depth-first strategy.
#[derive(Default, Debug)]
pub struct Sld;

struct SldHooks<'a, 'b, 'l, 'p, 'q> {
    root: RootSink<'a, 'b>,
    /// The tables of tabled predicates (clause programs with `:- table` only).
    tables: Option<&'l mut Local<'p, 'q>>,
}

impl Hooks for SldHooks<'_, '_, '_, '_, '_> {
    fn is_tabled(&self, pred: Pred) -> bool {
        self.tables.as_ref().is_some_and(|t| t.is_tabled(pred))
    }
    /// An ordinary call of a tabled predicate is resolved against its clauses: sld is SLD, and a
    /// left-recursive predicate overflows, tabled or not. Where a construct needs the call's
    /// complete answers (below), its table is completed first, as every strategy does.
    fn call(&mut self, _m: &mut Machine<'_>, _st: &State, _goal: Ref, _env: &Env) -> CallAction {
        CallAction::Resolve
    }
    fn call_complete(
        &mut self,
        m: &mut Machine<'_>,
        st: &State,
        goal: Ref,
        env: &Env,
    ) -> CallAction {
        match self.tables.as_deref_mut() {
            Some(t) => t.call(m, st, goal, env),
            None => CallAction::Resolve,
        }
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
        let tabled = match st.b.deref(m.store, goal) {
            Deref::Term(g) => m.store.functor(g.term).is_some_and(|p| self.is_tabled(p)),
            Deref::Unbound(_) => false,
        };
        if tabled {
            if let Some(a) = self.negation_complete(m, st, goal, env) {
                return a;
            }
        }
        m.negate_by_search(st, goal, env, depth, self)
    }
    fn negation_complete(
        &mut self,
        m: &mut Machine<'_>,
        st: &mut State,
        goal: Ref,
        env: &Env,
    ) -> Option<NotAction> {
        self.tables.as_deref_mut()?.negation(m, st, goal, env)
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
        local::with_local(program, limits, |tables| {
            // Prolog semantics: every derivation is an answer, duplicates included.
            let mut hooks = SldHooks {
                root: RootSink::new(goal.nvars, false, on_answer),
                tables,
            };
            let _ = m.run(&mut st, &mut hooks);
            if let Some(t) = &hooks.tables {
                m.out.stats.tables = t.tables();
            }
        });
        m.out
    }
}
