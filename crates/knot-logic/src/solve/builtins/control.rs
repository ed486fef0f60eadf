//! Control built-ins: `call/N`, `once/1`, `ignore/1`, `not/1`, `forall/2` (SWI's: no counterexample),
//! `findall/3,4`, `aggregate_all/3`, `catch/3`, `throw/1`, `halt/0,1`.

use super::super::{cons, Choice, Env, Flow, GoalKind, Hooks, Machine, Marks, State};
use super::Err;
use crate::term::unify::{Ref, VarMap};
use crate::term::{syms, TermId, View};
use std::ops::ControlFlow;

/// Hooks of the nested search of `findall/3`: every answer's instance of the template. Tabled
/// calls are the parent's, answered from complete tables ([`Hooks::call_complete`]).
struct Collect<'h> {
    template: Ref,
    results: Vec<TermId>,
    parent: &'h mut dyn Hooks,
}

impl Hooks for Collect<'_> {
    crate::solve::machine::nested_hooks!();
    fn success(&mut self, m: &mut Machine<'_>, st: &State) -> ControlFlow<()> {
        let mut map = VarMap::new();
        let t = st.b.resolve(m.store, self.template, &mut map);
        self.results.push(t);
        ControlFlow::Continue(())
    }
}

impl Machine<'_> {
    /// Every instance of `template` for the proofs of `goal` (a nested depth-first search, bindings
    /// restored afterwards); `None` when a limit or an error stopped it.
    fn collect(
        &mut self,
        st: &mut State,
        template: Ref,
        goal: Ref,
        env: &Env,
        depth: u32,
        hooks: &mut dyn Hooks,
    ) -> Option<Vec<TermId>> {
        if self.negation_depth >= 1000 {
            self.halt(super::super::StopReason::NegationDepth(1000));
            return None;
        }
        self.negation_depth += 1;
        let mark = st.b.mark();
        let nslots = st.b.len();
        let mut sub = State {
            b: std::mem::take(&mut st.b),
            goals: cons(GoalKind::CallCut(goal, 0), env, depth, None),
            universe: st.universe,
            taint: 0,
            fallback: false,
        };
        let mut c = Collect {
            template,
            results: Vec::new(),
            parent: hooks,
        };
        let flow = self.run(&mut sub, &mut c);
        // A branch of the sub-search cut short by a limit leaves the collected list uncertain.
        st.taint |= sub.taint;
        st.b = sub.b;
        st.b.undo(mark);
        st.b.truncate(nslots);
        self.negation_depth -= 1;
        match flow {
            ControlFlow::Break(()) if self.stopped() => None,
            _ => Some(c.results),
        }
    }

    /// The list of `items` (each numbered from 0 on its own) ending in `tail`, as one term whose
    /// variables are fresh.
    fn fresh_list(&mut self, items: &[TermId], tail: TermId) -> TermId {
        let mut off = self.store.var_count(tail);
        let mut renamed = Vec::with_capacity(items.len());
        for &t in items {
            let n = self.store.var_count(t);
            if n == 0 {
                renamed.push(t);
            } else {
                let o = off;
                renamed.push(self.store.map_vars(t, &mut |s, v| s.var(v + o)));
                off += n;
            }
        }
        self.store.list(&renamed, Some(tail))
    }

    /// Unify `x` with a list of fresh instances of `items`.
    fn unify_list(&mut self, st: &mut State, x: Ref, items: &[TermId]) -> bool {
        let nil = self.store.atom(syms::NIL);
        let l = self.fresh_list(items, nil);
        self.unify_fresh(st, x, l)
    }

    /// ISO's check of a goal about to be called: an instantiation error when it is unbound, a type
    /// error naming the whole goal when it, or a part of its control constructs (`,`, `;`, `->`),
    /// is not callable (`call((fail, 1))`).
    pub fn check_goal(&self, st: &State, r: Ref) -> Result<(), Err> {
        let whole = self.bound(st, r).ok_or(Err::Instantiation)?;
        let mut stack = vec![whole];
        while let Some(t) = stack.pop() {
            match self.store.view(t.term) {
                View::App(syms::COMMA | syms::SEMI | syms::ARROW, xs) if xs.len() == 2 => {
                    for &x in xs.iter().rev() {
                        stack.extend(self.bound(st, Ref::new(x, t.base)));
                    }
                }
                View::Int(_) | View::Big(_) | View::Float(_) | View::Str(_) => {
                    return Err(Err::TypeTerm("callable", whole))
                }
                _ => {}
            }
        }
        Ok(())
    }

    #[allow(clippy::too_many_arguments)]
    pub fn control(
        &mut self,
        st: &mut State,
        name: &str,
        args: &[Ref],
        _goal: Ref,
        env: &Env,
        depth: u32,
        choices: &mut Vec<Choice<'_>>,
        hooks: &mut dyn Hooks,
    ) -> Option<Flow> {
        let a = |i: usize| args[i];
        Some(match (name, args.len()) {
            ("call", n) => {
                let Some(g) = self.bound(st, a(0)) else {
                    return Some(self.raise(st, Err::Instantiation));
                };
                if n == 1 {
                    if let Err(e) = self.check_goal(st, g) {
                        return Some(self.raise(st, e));
                    }
                }
                let mut map = VarMap::new();
                let g = st.b.resolve(self.store, g, &mut map);
                let extra: Vec<TermId> = (1..n)
                    .map(|i| st.b.resolve(self.store, a(i), &mut map))
                    .collect();
                let goal = match self.store.view(g) {
                    View::Atom(f) => self.store.app(f, &extra),
                    View::App(f, xs) => {
                        let mut all = xs.to_vec();
                        all.extend(extra);
                        self.store.app(f, &all)
                    }
                    _ => return Some(self.raise(st, Err::TypeTerm("callable", a(0)))),
                };
                let h = choices.len();
                self.push_goal(st, goal, &map, env, depth, Some(h))
            }
            ("not" | "once" | "ignore", 1) => {
                if let Err(e) = self.check_goal(st, a(0)) {
                    return Some(self.raise(st, e));
                }
                let (g, map) = self.resolved(st, a(0));
                let s = &mut *self.store;
                let t = s.atom(syms::TRUE);
                let goal = match name {
                    "not" => s.app(syms::NOT, &[g]),
                    "once" => s.app(syms::ARROW, &[g, t]),
                    _ => {
                        let c = s.app(syms::ARROW, &[g, t]);
                        s.app(syms::SEMI, &[c, t])
                    }
                };
                let goal = crate::program::mark_negations(self.store, goal, goal);
                let h = choices.len();
                self.push_goal(st, goal, &map, env, depth, Some(h))
            }
            ("forall", 2) => {
                // SWI's forall/2: `\+ (Cond, \+ Action)`, every variable local to the negation.
                let mut map = VarMap::new();
                let c = st.b.resolve(self.store, a(0), &mut map);
                let act = st.b.resolve(self.store, a(1), &mut map);
                let s = &mut *self.store;
                if matches!(s.view(c), View::Var(_)) {
                    // An unbound condition is an instantiation error in SWI; knot reads
                    // `forall(X, G)` with a variable `X` as the universal `'$forall'(X, G)` (the
                    // hypothetical-reasoning form of earlier versions).
                    let goal = s.app(syms::FORALL, &[c, act]);
                    return Some(self.push_goal(st, goal, &map, env, depth, None));
                }
                let vars: Vec<TermId> = (0..map.len() as u32).map(|i| s.var(i)).collect();
                let locals = s.app(syms::LOCALS, &vars);
                let inner = s.app(syms::NAF, &[act, locals]);
                let both = s.app(syms::COMMA, &[c, inner]);
                let goal = s.app(syms::NAF, &[both, locals]);
                self.push_goal(st, goal, &map, env, depth, None)
            }
            ("findall", 3 | 4) => {
                if let Err(e) = self.check_goal(st, a(1)) {
                    return Some(self.raise(st, e));
                }
                let Some(results) = self.collect(st, a(0), a(1), env, depth, hooks) else {
                    return Some(ControlFlow::Continue(false));
                };
                if args.len() == 3 {
                    ControlFlow::Continue(self.unify_list(st, a(2), &results))
                } else {
                    let (tail, map) = self.resolved(st, a(3));
                    let l = self.fresh_list(&results, tail);
                    ControlFlow::Continue(self.unify_mapped(st, a(2), l, &map))
                }
            }
            ("aggregate_all", 3) => return Some(self.aggregate_all(st, args, env, depth, hooks)),
            ("catch", 3) => {
                let h = choices.len();
                choices.push(Choice::Catch {
                    catcher: a(1),
                    recovery: a(2),
                    env: env.clone(),
                    depth,
                    rest: st.goals.clone(),
                    mark: st.b.mark(),
                    nslots: st.b.len(),
                    universe: st.universe,
                    marks: Marks::of(st),
                });
                let rest = st.goals.take();
                let after = cons(GoalKind::CatchExit(h), env, depth, rest);
                st.goals = cons(GoalKind::CallCut(a(0), h + 1), env, depth, after);
                ControlFlow::Continue(true)
            }
            ("phrase", 2 | 3) => {
                // SWI's phrase/2,3: the body translated as a grammar rule's, called with a
                // barrier; the lists must be lists or partial lists.
                if self.bound(st, a(0)).is_none() {
                    return Some(self.raise(st, Err::Instantiation));
                }
                for &l in &args[1..] {
                    if let Err(false) = self.proper_list(st, l) {
                        return Some(self.raise(st, Err::TypeTerm("list", l)));
                    }
                }
                let mut map = VarMap::new();
                let g = st.b.resolve(self.store, a(0), &mut map);
                let s0 = st.b.resolve(self.store, a(1), &mut map);
                let s = if args.len() == 3 {
                    st.b.resolve(self.store, a(2), &mut map)
                } else {
                    self.store.atom(syms::NIL)
                };
                let mut next = map.len() as u32;
                let goal = match crate::syntax::dcg::translate_body(self.store, g, s0, s, &mut next)
                {
                    Ok(goal) => goal,
                    Err(crate::syntax::dcg::DcgError::Instantiation) => {
                        return Some(self.raise(st, Err::Instantiation))
                    }
                    Err(crate::syntax::dcg::DcgError::NotCallable(_)) => {
                        return Some(self.raise(st, Err::TypeTerm("callable", a(0))))
                    }
                };
                let goal = crate::program::mark_negations(self.store, goal, goal);
                let h = choices.len();
                self.push_goal(st, goal, &map, env, depth, Some(h))
            }
            ("current_prolog_flag", 2) => {
                // The flags SWI-Prolog programs read, with knot's values (SWI's where they agree).
                const FLAGS: &[(&str, &str)] = &[
                    ("bounded", "false"),
                    ("double_quotes", "string"),
                    ("back_quotes", "codes"),
                    ("occurs_check", "false"),
                    ("unknown", "error"),
                    ("integer_rounding_function", "toward_zero"),
                    ("max_arity", "unbounded"),
                    ("last_call_optimisation", "true"),
                    ("char_conversion", "false"),
                    ("debug", "false"),
                    ("iso", "false"),
                    ("gc", "true"),
                ];
                let flag = match self.bound(st, a(0)).map(|t| self.store.view(t.term)) {
                    None => None,
                    Some(View::Atom(f)) => Some(self.store.name(f).to_string()),
                    Some(_) => return Some(self.raise(st, Err::TypeTerm("atom", a(0)))),
                };
                let mut map = VarMap::new();
                let f = st.b.resolve(self.store, a(0), &mut map);
                let v = st.b.resolve(self.store, a(1), &mut map);
                let s = &mut *self.store;
                let mut goal = s.atom(syms::FAIL);
                for &(name, value) in FLAGS.iter().rev() {
                    if flag.as_deref().is_some_and(|x| x != name) {
                        continue;
                    }
                    let n = s.atom_named(name);
                    let x = s.atom_named(value);
                    let e1 = s.app(syms::EQ, &[f, n]);
                    let e2 = s.app(syms::EQ, &[v, x]);
                    let both = s.app(syms::COMMA, &[e1, e2]);
                    goal = if goal == s.atom(syms::FAIL) {
                        both
                    } else {
                        s.app(syms::SEMI, &[both, goal])
                    };
                }
                self.push_goal(st, goal, &map, env, depth, None)
            }
            ("throw", 1) => {
                if self.bound(st, a(0)).is_none() {
                    return Some(self.raise(st, Err::Instantiation));
                }
                let (ball, _) = self.resolved(st, a(0));
                self.throw_ball(ball)
            }
            ("halt", n) => {
                let code = if n == 1 {
                    match self.bound(st, a(0)).map(|r| self.store.view(r.term)) {
                        Some(View::Int(i)) => i as i32,
                        _ => 0,
                    }
                } else {
                    0
                };
                super::write::flush_output();
                std::process::exit(code)
            }
            _ => return None,
        })
    }

    /// The aggregate of one spec: `count`, `sum(E)`, `max(E)`, `min(E)`, `bag(T)` or `set(T)`, as its
    /// kind and template; `None` when `spec` is none of them.
    fn agg_spec(&self, st: &State, spec: Ref) -> Option<(&'static str, Ref)> {
        let spec = self.bound(st, spec)?;
        match self.store.view(spec.term) {
            View::Atom(f) if self.store.name(f) == "count" => Some(("count", spec)),
            View::App(f, xs) if xs.len() == 1 => {
                let k = match self.store.name(f) {
                    "count" => "count",
                    "sum" => "sum",
                    "max" => "max",
                    "min" => "min",
                    "bag" => "bag",
                    "set" => "set",
                    _ => return None,
                };
                Some((k, Ref::new(xs[0], spec.base)))
            }
            _ => None,
        }
    }

    /// `aggregate_all(Spec, Goal, Result)`: Spec one of `count`, `sum(E)`, `max(E)`, `min(E)`,
    /// `bag(T)`, `set(T)`, or a compound of them (`r(count, max(X))`, answered by one search: Result
    /// is `r(C, M)`).
    fn aggregate_all(
        &mut self,
        st: &mut State,
        args: &[Ref],
        env: &Env,
        depth: u32,
        hooks: &mut dyn Hooks,
    ) -> Flow {
        let Some(spec) = self.bound(st, args[0]) else {
            return self.raise(st, Err::Instantiation);
        };
        // One spec, or a compound of specs.
        let (functor, specs): (Option<crate::term::Sym>, Vec<(&'static str, Ref)>) =
            match self.agg_spec(st, spec) {
                Some(one) => (None, vec![one]),
                None => match self.store.view(spec.term) {
                    View::App(f, xs) => {
                        let xs = xs.to_vec();
                        let mut v = Vec::with_capacity(xs.len());
                        for x in xs {
                            match self.agg_spec(st, Ref::new(x, spec.base)) {
                                Some(one) => v.push(one),
                                None => return self.raise(st, Err::Domain("aggregate_spec", spec)),
                            }
                        }
                        (Some(f), v)
                    }
                    _ => return self.raise(st, Err::Domain("aggregate_spec", spec)),
                },
            };
        if let Err(e) = self.check_goal(st, args[1]) {
            return self.raise(st, e);
        }
        let template = match functor {
            None => specs[0].1,
            Some(_) => {
                // '$agg'(T1, ..., Tn) over the specs' templates, all in the spec's frame.
                let ts: Vec<TermId> = specs.iter().map(|&(_, t)| t.term).collect();
                let f = self.store.sym("$agg");
                Ref::new(self.store.app(f, &ts), spec.base)
            }
        };
        let Some(results) = self.collect(st, template, args[1], env, depth, hooks) else {
            return ControlFlow::Continue(false);
        };
        let out = args[2];
        let Some(f) = functor else {
            return match self.agg_value(specs[0].0, results) {
                Ok(Some(t)) => ControlFlow::Continue(self.unify_fresh(st, out, t)),
                Ok(None) => ControlFlow::Continue(false),
                Err(e) => self.raise(st, e),
            };
        };
        let mut values = Vec::with_capacity(specs.len());
        for (i, &(kind, _)) in specs.iter().enumerate() {
            let column: Vec<TermId> = results.iter().map(|&r| self.store.args(r)[i]).collect();
            match self.agg_value(kind, column) {
                Ok(Some(t)) => values.push(t),
                Ok(None) => return ControlFlow::Continue(false),
                Err(e) => return self.raise(st, e),
            }
        }
        // The values with their variables apart, as the arguments of the spec's functor.
        let nil = self.store.atom(syms::NIL);
        let mut l = self.fresh_list(&values, nil);
        let mut items = Vec::with_capacity(values.len());
        while let View::App(syms::CONS, [h, t]) = self.store.view(l) {
            items.push(*h);
            l = *t;
        }
        let t = self.store.app(f, &items);
        ControlFlow::Continue(self.unify_fresh(st, out, t))
    }

    /// The aggregate of `results` (each numbered from 0 on its own) of one kind; `None` for the max
    /// or min of nothing.
    fn agg_value(&mut self, kind: &str, results: Vec<TermId>) -> Result<Option<TermId>, Err> {
        match kind {
            "count" => Ok(Some(self.store.int(results.len() as i64))),
            "bag" => {
                let nil = self.store.atom(syms::NIL);
                Ok(Some(self.fresh_list(&results, nil)))
            }
            "set" => {
                let mut r = results;
                super::terms::sort_terms(self.store, &mut r, true);
                let nil = self.store.atom(syms::NIL);
                Ok(Some(self.fresh_list(&r, nil)))
            }
            _ => {
                // sum / max / min of evaluated values.
                let mut acc: Option<super::arith::Num> = None;
                for t in results {
                    let v = self.eval(&State::default(), Ref::new(t, 0))?;
                    acc = Some(match acc {
                        None => v,
                        Some(a) => {
                            let o =
                                super::arith::compare(&a, &v).unwrap_or(std::cmp::Ordering::Equal);
                            match kind {
                                "sum" => {
                                    let s = &mut *self.store;
                                    let (x, y) = (a.term(s), v.term(s));
                                    let plus = s.sym("+");
                                    let e = s.app(plus, &[x, y]);
                                    self.eval(&State::default(), Ref::new(e, 0))?
                                }
                                "max" if o == std::cmp::Ordering::Less => v,
                                "min" if o == std::cmp::Ordering::Greater => v,
                                _ => a,
                            }
                        }
                    });
                }
                let v = match (acc, kind) {
                    (Some(v), _) => v,
                    (None, "sum") => super::arith::Num::Int(0),
                    (None, _) => return Ok(None),
                };
                Ok(Some(v.term(self.store)))
            }
        }
    }
}
