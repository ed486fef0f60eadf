//! Tabled calls in an `sld` run, as SWI-Prolog executes a clause program: SLD resolution in which
//! a call of a tabled predicate is answered by tabling — an SLG evaluation of that call to
//! completion (local scheduling: [`Engine::complete_nested`] from the query's side, so the call's
//! whole group of tables completes), whose answers the caller then takes one by one as the
//! alternatives of a choice point. The evaluation is this module's [`Engine`], the same one `slg`
//! runs; the tables it completes stay for the rest of the `sld` run (a later call of a completed
//! table is answered from it at once).

use super::assume::Assumptions;
use super::{Engine, Owner};
use crate::program::{Pred, Program};
use crate::solve::answers::RootSink;
use crate::solve::machine::{CallAction, Env, Hooks, Machine, NotAction, State};
use crate::solve::{AnswerRef, Limits};
use crate::term::unify::Ref;
use crate::term::Store;
use rustc_hash::FxHashMap;
use std::ops::ControlFlow;

/// The tables of one `sld` run.
pub struct Local<'a, 'b> {
    engine: Engine<'a, 'b>,
}

/// Does `sld` table the calls of `program`'s tabled predicates? A clause program (`.pl`: Prolog's
/// dialect) with `:- table` declarations and no coinductive predicate (coinduction needs `slg`'s
/// reruns under assumptions). Lowered programs (`.rs`, `.chalk`) keep plain depth-first resolution,
/// whose overflow on a cycle is rustc's.
pub fn applies(program: &Program) -> bool {
    program.dialect.unknown_error && !program.tabled.is_empty() && program.coinductive.is_empty()
}

/// Run `f` with the tables of an `sld` run over `program` (`None` when [`applies`] does not).
pub fn with_local<R>(
    program: &Program,
    limits: &Limits,
    f: impl FnOnce(Option<&mut Local<'_, '_>>) -> R,
) -> R {
    if !applies(program) {
        return f(None);
    }
    let assume = Assumptions::default();
    let known = FxHashMap::default();
    let mut datalog = crate::solve::datalog::Cache::default();
    // The query's own answers are the `sld` run's: no table evaluation reports to this sink.
    let mut ignore = |_: &mut Store, _: AnswerRef<'_>| ControlFlow::Continue(());
    let root = RootSink::new(0, false, &mut ignore);
    let mut engine = Engine::new(
        program,
        limits,
        &assume,
        &known,
        &mut datalog,
        root,
        false,
        None,
    );
    // Only the declared tables: `sld` tables nothing else, whatever `--table-all` says.
    engine.table_all = false;
    f(Some(&mut Local { engine }))
}

impl Local<'_, '_> {
    /// Are calls of `pred` answered by tabling?
    pub fn is_tabled(&self, pred: Pred) -> bool {
        self.engine.program.tabled.contains(&pred)
    }

    /// A call of a tabled predicate: its table, evaluated to completion, gives the answers. A limit
    /// or an error that stops the evaluation stops the run (`Suspend` with the machine stopped):
    /// an incomplete table never answers as if it were complete.
    pub fn call(&mut self, m: &mut Machine<'_>, st: &State, goal: Ref, env: &Env) -> CallAction {
        self.engine.current = Owner::Root;
        self.engine.call_complete(m, st, goal, env)
    }

    /// `\+ goal` of a tabled call, decided on its completed table (an undefined negation — a
    /// negative cycle through tabled predicates — fails and marks the search unknown).
    pub fn negation(
        &mut self,
        m: &mut Machine<'_>,
        st: &mut State,
        goal: Ref,
        env: &Env,
    ) -> Option<NotAction> {
        self.engine.current = Owner::Root;
        self.engine.negation_complete(m, st, goal, env)
    }

    /// How many tables the run made.
    pub fn tables(&self) -> u64 {
        self.engine.tables.len() as u64
    }
}
