//! The dynamic database's built-ins (`assert/1`, `asserta/1`, `assertz/1`, `retract/1`,
//! `retractall/1`, `abolish/1`, `clause/2`, `dynamic/1`) and the table-control ones
//! (`abolish_all_tables/0`, `abolish_table_pred/1`, `abolish_table_call/1`, and `'$tnot_check'/1` behind `tnot/1`). The
//! clauses themselves live in `Program::db` (`dynamic.rs`); a strategy that keeps tables reads
//! the changes from its log.

use super::{Choice, Env, Err, Flow, Machine, State};
use crate::dynamic::DynClause;
use crate::program::{Pred, Program};
use crate::solve::machine::DynMode;
use crate::term::unify::{Ref, VarMap};
use crate::term::{syms, View};
use std::ops::ControlFlow;

impl Machine<'_> {
    /// A database or table-control built-in; `None` for any other.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn db_builtin(
        &mut self,
        st: &mut State,
        name: &str,
        args: &[Ref],
        env: &Env,
        depth: u32,
        choices: &mut Vec<Choice<'_>>,
    ) -> Option<Flow> {
        let a = |i: usize| args[i];
        Some(match (name, args.len()) {
            ("assert" | "assertz" | "asserta", 1) => {
                let r = self.assert(st, a(0), name == "asserta");
                self.verdict(st, r)
            }
            ("retract", 1) | ("clause", 2) => {
                let Some(c) = self.bound(st, a(0)) else {
                    return Some(self.raise(st, Err::Instantiation));
                };
                let (head, body, retract) = if name == "clause" {
                    (c, a(1), false)
                } else {
                    match self.store.view(c.term) {
                        View::App(syms::NECK, xs) if xs.len() == 2 => {
                            (Ref::new(xs[0], c.base), Ref::new(xs[1], c.base), true)
                        }
                        _ => {
                            let t = self.store.atom(syms::TRUE);
                            (c, Ref::new(t, 0), true)
                        }
                    }
                };
                let Some(head) = self.bound(st, head) else {
                    return Some(self.raise(st, Err::Instantiation));
                };
                let Some(pred) = self.store.functor(head.term) else {
                    return Some(self.raise(st, Err::TypeTerm("callable", head)));
                };
                let clauses = match self.dynamic_clauses(pred) {
                    Some(cs) => cs,
                    None if self.bt.has(pred.0) && self.bt.ids.contains_key(&pred) => {
                        let (action, kind) = if retract {
                            ("modify", "static_procedure")
                        } else {
                            ("access", "private_procedure")
                        };
                        return Some(self.raise(st, Err::Permission(action, kind, pred)));
                    }
                    None if retract && !self.program.clauses_of(pred).is_empty() => {
                        return Some(
                            self.raise(st, Err::Permission("modify", "static_procedure", pred)),
                        );
                    }
                    // `clause/2` of a static predicate reads its clauses as they are.
                    None => std::sync::Arc::new(static_clauses(self.program, pred)),
                };
                let mode = if retract {
                    DynMode::Retract(body)
                } else {
                    DynMode::Clause(body)
                };
                let rest = st.goals.take();
                self.try_dynamic(
                    st,
                    head,
                    env.clone(),
                    depth,
                    rest,
                    clauses,
                    0,
                    mode,
                    choices,
                )
            }
            ("retractall", 1) => {
                let r = self.retractall(st, a(0));
                self.verdict(st, r)
            }
            ("abolish", 1) | ("dynamic", 1) | ("abolish_table_pred", 1) => {
                let preds = match self.pred_specs(st, a(0)) {
                    Ok(p) => p,
                    Err(e) => return Some(self.raise(st, e)),
                };
                for pred in preds {
                    match name {
                        "abolish" => {
                            if self.program.db.snapshot(pred).is_none()
                                && !self.program.clauses_of(pred).is_empty()
                            {
                                return Some(self.raise(
                                    st,
                                    Err::Permission("modify", "static_procedure", pred),
                                ));
                            }
                            self.program.db.remove(pred);
                        }
                        "dynamic" => {
                            let program = self.program;
                            program.db.update(
                                pred,
                                || static_clause_list(program, pred),
                                |_| false,
                            );
                        }
                        _ => self.program.db.abolish_tables(Some(pred)),
                    }
                }
                ControlFlow::Continue(true)
            }
            ("abolish_all_tables", 0) => {
                self.program.db.abolish_tables(None);
                ControlFlow::Continue(true)
            }
            ("abolish_table_call", 1) => {
                // The complete tables whose call unifies with the argument are abolished (SWI's
                // `abolish_table_subgoals/1`); the next call evaluates them again.
                let Some(g) = self.bound(st, a(0)) else {
                    return Some(self.raise(st, Err::Instantiation));
                };
                if self.store.functor(g.term).is_none() {
                    return Some(self.raise(st, Err::TypeTerm("callable", g)));
                }
                let key = st.b.resolve(self.store, g, &mut VarMap::new());
                self.program.db.abolish_call(key);
                ControlFlow::Continue(true)
            }
            ("$tnot_check", 1) => {
                let Some(g) = self.bound(st, a(0)) else {
                    return Some(self.raise(st, Err::Instantiation));
                };
                let Some(pred) = self.store.functor(g.term) else {
                    return Some(self.raise(st, Err::TypeTerm("callable", g)));
                };
                if !self.program.is_tabled(pred) {
                    return Some(
                        self.raise(st, Err::Permission("tnot", "non_tabled_procedure", pred)),
                    );
                }
                ControlFlow::Continue(true)
            }
            _ => return None,
        })
    }

    fn verdict(&mut self, st: &State, r: Result<bool, Err>) -> Flow {
        match r {
            Ok(ok) => ControlFlow::Continue(ok),
            Err(e) => self.raise(st, e),
        }
    }

    /// `assert/1` (`asserta/1` when `front`).
    fn assert(&mut self, st: &State, c: Ref, front: bool) -> Result<bool, Err> {
        let c = self.bound(st, c).ok_or(Err::Instantiation)?;
        let mut map = VarMap::new();
        let t = st.b.resolve(self.store, c, &mut map);
        let (head, body) = match self.store.view(t) {
            View::App(syms::NECK, xs) if xs.len() == 2 => (xs[0], Some(xs[1])),
            _ => (t, None),
        };
        match self.store.view(head) {
            View::Var(_) => return Err(Err::Instantiation),
            View::Atom(_) | View::App(..) => {}
            _ => return Err(Err::TypeTerm("callable", Ref::new(head, 0))),
        }
        if let Some(b) = body {
            match self.store.view(b) {
                View::Var(_) | View::Atom(_) | View::App(..) => {}
                _ => return Err(Err::TypeTerm("callable", Ref::new(b, 0))),
            }
        }
        let Some((pred, clause)) = Program::dynamic_clause(self.store, t) else {
            let (f, n) = self.store.functor(head).unwrap_or((syms::TRUE, 0));
            return Err(Err::Permission("modify", "static_procedure", (f, n)));
        };
        self.check_modifiable(pred)?;
        let program = self.program;
        let body_term = clause.body_term;
        let dc = DynClause {
            id: program.db.fresh_id(),
            clause,
        };
        program.db.update(
            pred,
            || static_clause_list(program, pred),
            |v| {
                if front {
                    v.insert(0, dc);
                } else {
                    v.push(dc);
                }
                true
            },
        );
        if body.is_some() {
            let callees = program.called_in(self.store, body_term);
            program.db.add_callers(pred, callees);
        }
        Ok(true)
    }

    /// The clauses of a dynamic predicate: the database's, or a declared one's as loaded (which the
    /// database takes from now on).
    fn dynamic_clauses(&self, pred: Pred) -> Option<crate::dynamic::DynClauses> {
        let program = self.program;
        if let Some(cs) = program.db.snapshot(pred) {
            return Some(cs);
        }
        if !program.declared.contains(&pred) {
            return None;
        }
        program
            .db
            .update(pred, || static_clause_list(program, pred), |_| false);
        program.db.snapshot(pred)
    }

    /// A built-in or a static predicate of the program cannot change.
    fn check_modifiable(&self, pred: Pred) -> Result<(), Err> {
        let builtin = self.bt.ids.contains_key(&pred) || crate::program::is_control(pred.0, pred.1);
        let fixed = !self.program.db.contains(pred)
            && !self.program.clauses_of(pred).is_empty()
            && !self.program.declared.contains(&pred);
        if builtin || fixed {
            return Err(Err::Permission("modify", "static_procedure", pred));
        }
        Ok(())
    }

    /// `retractall/1`: every clause whose head unifies with `h` goes (the predicate becomes
    /// dynamic if it was not).
    fn retractall(&mut self, st: &mut State, h: Ref) -> Result<bool, Err> {
        let h = self.bound(st, h).ok_or(Err::Instantiation)?;
        let pred = self
            .store
            .functor(h.term)
            .ok_or(Err::TypeTerm("callable", h))?;
        self.check_modifiable(pred)?;
        let program = self.program;
        let clauses = self.dynamic_clauses(pred).unwrap_or_default();
        let mut gone = Vec::new();
        for dc in clauses.iter() {
            let mark = st.b.mark();
            let nslots = st.b.len();
            let base = st.b.alloc(dc.clause.nvars, st.universe);
            if st
                .b
                .unify_head(self.store, Ref::new(dc.clause.head, base), h, self.opts)
            {
                gone.push(dc.id);
            }
            st.b.undo(mark);
            st.b.truncate(nslots);
        }
        program.db.update(
            pred,
            || static_clause_list(program, pred),
            |v| {
                let before = v.len();
                v.retain(|c| !gone.contains(&c.id));
                v.len() != before
            },
        );
        Ok(true)
    }

    /// The predicates a spec names: `Name/Arity`, a list or conjunction of them, or a head.
    fn pred_specs(&self, st: &State, r: Ref) -> Result<Vec<Pred>, Err> {
        let mut out = Vec::new();
        let mut stack = vec![r];
        while let Some(r) = stack.pop() {
            let t = self.bound(st, r).ok_or(Err::Instantiation)?;
            match self.store.view(t.term) {
                View::App(syms::COMMA | syms::CONS, xs) if xs.len() == 2 => {
                    stack.push(Ref::new(xs[1], t.base));
                    stack.push(Ref::new(xs[0], t.base));
                }
                View::Atom(syms::NIL) => {}
                View::App(f, xs) if xs.len() == 2 && self.store.name(f) == "/" => {
                    let n = self
                        .bound(st, Ref::new(xs[0], t.base))
                        .ok_or(Err::Instantiation)?;
                    let k = self
                        .bound(st, Ref::new(xs[1], t.base))
                        .ok_or(Err::Instantiation)?;
                    match (self.store.view(n.term), self.store.view(k.term)) {
                        (View::Atom(n), View::Int(k)) if k >= 0 => out.push((n, k as u32)),
                        (View::Atom(_), View::Int(_)) => {
                            return Err(Err::Domain("not_less_than_zero", k))
                        }
                        (View::Atom(_), _) => return Err(Err::TypeTerm("integer", k)),
                        _ => return Err(Err::TypeTerm("atom", n)),
                    }
                }
                View::App(f, xs) if xs.len() == 2 && self.store.name(f) == "as" => {
                    stack.push(Ref::new(xs[0], t.base))
                }
                _ => match self.store.functor(t.term) {
                    Some(p) => out.push(p),
                    None => return Err(Err::TypeTerm("predicate_indicator", t)),
                },
            }
        }
        Ok(out)
    }
}

/// The static clauses of `pred` as dynamic ones (numbered when the database takes them).
fn static_clause_list(program: &Program, pred: Pred) -> Vec<crate::program::Clause> {
    program
        .clauses_of(pred)
        .iter()
        .map(|&i| program.clause(i).clone())
        .collect()
}

/// The static clauses of `pred`, for `clause/2`.
fn static_clauses(program: &Program, pred: Pred) -> Vec<DynClause> {
    static_clause_list(program, pred)
        .into_iter()
        .map(|clause| DynClause { id: 0, clause })
        .collect()
}
