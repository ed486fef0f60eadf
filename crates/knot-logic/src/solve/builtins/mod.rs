//! The Prolog built-in predicates (the part of ISO/SWI-Prolog ordinary programs use) and ISO error
//! terms. [`BUILTINS`] is the one table of built-in predicates: the machine dispatches on it, `knot
//! query`'s goal checker accepts what it lists, and the REPL completes its names. List predicates
//! written in Prolog live in `rules/lists.pl` (loaded into clause programs).

pub mod arith;
mod control;
mod db;
pub mod messages;
mod terms;
pub use terms::compare_terms;
mod text;
pub mod write;

use super::{Choice, Env, Flow, Hooks, Machine, State};
use crate::program::Pred;
use crate::term::unify::{Deref, Ref, VarMap};
use crate::term::{syms, Store, Sym, TermId, View};
use arith::Num;
use rustc_hash::FxHashMap;
use std::ops::ControlFlow;

/// Every built-in predicate, `(name, arity)`: control constructs and the Hereditary Harrop forms the
/// machine answers itself, then the predicates of this module.
pub const BUILTINS: &[(&str, u32)] = &[
    // Control constructs and unification (answered in `machine.rs`).
    ("true", 0),
    ("fail", 0),
    ("false", 0),
    ("!", 0),
    (",", 2),
    (";", 2),
    ("->", 2),
    ("\\+", 1),
    ("=", 2),
    ("\\=", 2),
    ("==", 2),
    ("\\==", 2),
    ("nonvar", 1),
    ("$placeholder", 1),
    // The integer and float variables of the store's vocabulary (`syms::INT_VAR`, `FLOAT_VAR`).
    ("$integer_variable", 1),
    ("$floating_variable", 1),
    ("$numeric_var", 1),
    ("$fallback", 0),
    ("$forall", 2),
    ("exists", 2),
    ("=>", 2),
    // Arithmetic.
    ("is", 2),
    ("<", 2),
    (">", 2),
    ("=<", 2),
    (">=", 2),
    ("=:=", 2),
    ("=\\=", 2),
    ("succ", 2),
    ("plus", 3),
    // Control.
    ("call", 1),
    ("call", 2),
    ("call", 3),
    ("call", 4),
    ("call", 5),
    ("call", 6),
    ("call", 7),
    ("call", 8),
    ("not", 1),
    ("once", 1),
    ("ignore", 1),
    ("forall", 2),
    ("findall", 3),
    ("findall", 4),
    ("aggregate_all", 3),
    ("catch", 3),
    ("phrase", 2),
    ("phrase", 3),
    ("current_prolog_flag", 2),
    // The dynamic database and table control (`db.rs`).
    ("assert", 1),
    ("asserta", 1),
    ("assertz", 1),
    ("retract", 1),
    ("retractall", 1),
    ("abolish", 1),
    ("clause", 2),
    ("dynamic", 1),
    ("abolish_all_tables", 0),
    ("abolish_table_pred", 1),
    ("abolish_table_call", 1),
    ("$tnot_check", 1),
    ("throw", 1),
    ("halt", 0),
    ("halt", 1),
    // Type checks.
    ("var", 1),
    ("atom", 1),
    ("number", 1),
    ("integer", 1),
    ("float", 1),
    ("atomic", 1),
    ("compound", 1),
    ("callable", 1),
    ("is_list", 1),
    // `'$skip_list'(Length, List, Tail)` (SWI-Prolog's): the cells of `List` up to `Tail`, its first
    // tail that is no cell or, in a cyclic list, a cell met again (the library's list checks).
    ("$skip_list", 3),
    ("string", 1),
    ("ground", 1),
    ("cyclic_term", 1),
    ("acyclic_term", 1),
    ("unify_with_occurs_check", 2),
    // Comparison and sorting (standard order of terms).
    ("compare", 3),
    ("@<", 2),
    ("@>", 2),
    ("@=<", 2),
    ("@>=", 2),
    ("=@=", 2),
    ("\\=@=", 2),
    ("msort", 2),
    ("sort", 2),
    ("sort", 4),
    ("keysort", 2),
    // Terms.
    ("functor", 3),
    ("arg", 3),
    ("=..", 2),
    ("copy_term", 2),
    ("term_variables", 2),
    ("subsumes_term", 2),
    ("numbervars", 3),
    // Atoms and strings.
    ("atom_codes", 2),
    ("atom_chars", 2),
    ("char_code", 2),
    ("atom_length", 2),
    ("string_length", 2),
    ("atom_number", 2),
    ("number_codes", 2),
    ("number_chars", 2),
    ("atom_string", 2),
    ("number_string", 2),
    ("string_chars", 2),
    ("string_codes", 2),
    ("string_to_atom", 2),
    ("string_concat", 3),
    ("atom_concat", 3),
    ("atomic_list_concat", 2),
    ("atomic_list_concat", 3),
    ("upcase_atom", 2),
    ("downcase_atom", 2),
    ("string_upper", 2),
    ("string_lower", 2),
    ("term_to_atom", 2),
    ("term_string", 2),
    ("term_string", 3),
    ("sub_atom", 5),
    ("split_string", 4),
    // Output (standard output).
    ("write", 1),
    ("print", 1),
    ("writeln", 1),
    ("writeq", 1),
    ("write_canonical", 1),
    ("write_term", 2),
    ("nl", 0),
    ("nl", 1),
    ("write", 2),
    ("print", 2),
    ("writeln", 2),
    ("writeq", 2),
    ("write_canonical", 2),
    ("tab", 1),
    ("put_char", 1),
    ("format", 1),
    ("format", 2),
    ("format", 3),
];

/// True when `name/arity` is a built-in predicate (of [`BUILTINS`]).
pub fn is_builtin(name: &str, arity: u32) -> bool {
    BUILTINS.iter().any(|&(n, a)| n == name && a == arity)
}

/// The built-in predicates by symbol, for one store: a bit per symbol (the fast "not a built-in"
/// answer for ordinary calls) and the entry of each `(name, arity)`.
pub struct Table {
    bits: Vec<u64>,
    ids: FxHashMap<(Sym, u32), &'static str>,
}

impl Table {
    pub fn new(store: &mut Store) -> Table {
        let mut bits = Vec::new();
        let mut ids = FxHashMap::default();
        for &(name, arity) in BUILTINS {
            // A well-known symbol is found at its fixed place, whatever the vocabulary calls it.
            let s = match syms::ALL.iter().position(|n| *n == name) {
                Some(i) => Sym(i as u32),
                None => store.sym(name),
            };
            let w = s.0 as usize / 64;
            if bits.len() <= w {
                bits.resize(w + 1, 0);
            }
            bits[w] |= 1 << (s.0 % 64);
            ids.insert((s, arity), name);
        }
        Table { bits, ids }
    }

    /// True when some built-in has this name.
    #[inline]
    pub fn has(&self, f: Sym) -> bool {
        self.bits
            .get(f.0 as usize / 64)
            .is_some_and(|w| w & (1 << (f.0 % 64)) != 0)
    }
}

/// An error a built-in raises, before it becomes an ISO error term.
#[derive(Clone, Debug)]
pub enum Err {
    /// `instantiation_error`
    Instantiation,
    /// `evaluation_error(What)`
    Eval(&'static str),
    /// `type_error(Type, Number)`
    TypeNum(&'static str, Num),
    /// `type_error(Type, Culprit)`
    TypeTerm(&'static str, Ref),
    /// `type_error(evaluable, Name/Arity)`
    NotEvaluable(String, u32),
    /// `domain_error(Domain, Culprit)`
    Domain(&'static str, Ref),
    /// `existence_error(procedure, Name/Arity)`
    Procedure(Pred),
    /// `permission_error(Action, Type, Name/Arity)`
    Permission(&'static str, &'static str, Pred),
    /// `existence_error(Kind, Culprit)` (a stream alias that names no stream)
    Existence(&'static str, Ref),
    /// `existence_error(argument, N, Term)` (sort/4's key names no argument of an element)
    ExistenceArg(i64, Ref),
    /// `resource_error(memory)` (a number too large to build)
    Resource,
    /// `syntax_error(illegal_number)`
    Syntax,
    /// `syntax_error(Message)`
    SyntaxText(&'static str),
    /// `format(Message)` (a bad `format/2` call; the message an atom, as SWI-Prolog's)
    Format(&'static str),
}

impl Machine<'_> {
    /// Raise an error: record the ball and fail, so `run` unwinds to the innermost `catch/3`.
    pub fn throw_ball(&mut self, ball: TermId) -> Flow {
        self.out.error = Some(ball);
        ControlFlow::Continue(false)
    }

    /// The ISO error term `error(Formal, _)` of `e` (its variables numbered from 0).
    pub fn error_term(&mut self, st: &State, e: Err) -> TermId {
        let s = &mut *self.store;
        let mut map = VarMap::new();
        let formal = match e {
            Err::Instantiation => s.atom_named("instantiation_error"),
            Err::Eval(what) => {
                let w = s.atom_named(what);
                let f = s.sym("evaluation_error");
                s.app(f, &[w])
            }
            Err::TypeNum(ty, n) => {
                let ty = s.atom_named(ty);
                let n = n.term(s);
                let f = s.sym("type_error");
                s.app(f, &[ty, n])
            }
            Err::TypeTerm(ty, r) => {
                let c = st.b.resolve(s, r, &mut map);
                let ty = s.atom_named(ty);
                let f = s.sym("type_error");
                s.app(f, &[ty, c])
            }
            Err::Domain(d, r) => {
                let c = st.b.resolve(s, r, &mut map);
                let d = s.atom_named(d);
                let f = s.sym("domain_error");
                s.app(f, &[d, c])
            }
            Err::NotEvaluable(name, n) => {
                let pi = pred_indicator(s, &name, n);
                let ty = s.atom_named("evaluable");
                let f = s.sym("type_error");
                s.app(f, &[ty, pi])
            }
            Err::Procedure((f, n)) => {
                let name = s.name(f).to_string();
                let pi = pred_indicator(s, &name, n);
                let p = s.atom_named("procedure");
                let e = s.sym("existence_error");
                s.app(e, &[p, pi])
            }
            Err::Permission(action, kind, (f, n)) => {
                let name = s.name(f).to_string();
                let pi = pred_indicator(s, &name, n);
                let a = s.atom_named(action);
                let k = s.atom_named(kind);
                let e = s.sym("permission_error");
                s.app(e, &[a, k, pi])
            }
            Err::Existence(kind, r) => {
                let c = st.b.resolve(s, r, &mut map);
                let k = s.atom_named(kind);
                let e = s.sym("existence_error");
                s.app(e, &[k, c])
            }
            Err::ExistenceArg(n, r) => {
                let c = st.b.resolve(s, r, &mut map);
                let k = s.atom_named("argument");
                let n = s.int(n);
                let e = s.sym("existence_error");
                s.app(e, &[k, n, c])
            }
            Err::Resource => {
                let m = s.atom_named("memory");
                let f = s.sym("resource_error");
                s.app(f, &[m])
            }
            Err::Syntax => {
                let m = s.atom_named("illegal_number");
                let f = s.sym("syntax_error");
                s.app(f, &[m])
            }
            Err::SyntaxText(msg) => {
                let m = s.atom_named(msg);
                let f = s.sym("syntax_error");
                s.app(f, &[m])
            }
            Err::Format(msg) => {
                let m = s.atom_named(msg);
                let f = s.sym("format");
                s.app(f, &[m])
            }
        };
        let ctx = s.var(map.len() as u32);
        let f = s.sym("error");
        s.app(f, &[formal, ctx])
    }

    pub fn raise(&mut self, st: &State, e: Err) -> Flow {
        let ball = self.error_term(st, e);
        self.throw_ball(ball)
    }

    /// `existence_error(procedure, Name/Arity)` for a call to an undefined predicate.
    pub fn throw_existence(&mut self, pred: Pred) -> Flow {
        let st = State::default();
        self.raise(&st, Err::Procedure(pred))
    }

    /// Pop `c` while an error unwinds: a catch frame whose catcher unifies with the ball runs its
    /// recovery (true); anything else is dropped (false).
    pub fn unwind(&mut self, st: &mut State, c: Choice<'_>) -> bool {
        let Choice::Catch {
            catcher,
            recovery,
            env,
            depth,
            rest,
            mark,
            nslots,
            universe,
            marks,
        } = c
        else {
            return false;
        };
        let Some(ball) = self.out.error else {
            return false;
        };
        super::Machine::restore(st, mark, nslots, universe, marks);
        let n = self.store.var_count(ball);
        let base = st.b.alloc(n, st.universe);
        let m = st.b.mark();
        if st
            .b
            .unify(self.store, catcher, Ref::new(ball, base), self.opts)
        {
            self.out.error = None;
            st.goals = super::cons(super::GoalKind::CallCut(recovery, 0), &env, depth, rest);
            true
        } else {
            st.b.undo(m);
            false
        }
    }

    /// True when `g` is a control construct (in whose parts a `!` cuts the clause).
    pub fn has_control(&self, g: TermId) -> bool {
        matches!(
            self.store.view(g),
            View::App(syms::COMMA | syms::SEMI | syms::ARROW, a) if a.len() == 2
        )
    }

    /// True when the control construct `g` (`,`, `;`, `->`) holds a `!` that cuts the clause (not
    /// one inside `\+`, `call/N` or another opaque goal).
    pub fn contains_cut(&self, g: TermId) -> bool {
        let mut stack = vec![g];
        while let Some(t) = stack.pop() {
            if t == self.cut_atom {
                return true;
            }
            if let View::App(syms::COMMA | syms::SEMI | syms::ARROW, a) = self.store.view(t) {
                if a.len() == 2 {
                    stack.extend_from_slice(a);
                }
            }
        }
        false
    }

    /// The term `r` stands for, with its unbound slots numbered by a fresh map.
    pub fn resolved(&mut self, st: &State, r: Ref) -> (TermId, VarMap) {
        let mut map = VarMap::new();
        let t = st.b.resolve(self.store, r, &mut map);
        (t, map)
    }

    /// Unify `x` with `t`, a term whose variables are numbered by `map` (more are fresh).
    pub fn unify_mapped(&mut self, st: &mut State, x: Ref, t: TermId, map: &VarMap) -> bool {
        if self.store.is_ground(t) {
            return st.b.unify(self.store, x, Ref::new(t, 0), self.opts);
        }
        let n = self.store.var_count(t);
        let base = self.rebase(st, map, n);
        st.b.unify(self.store, x, Ref::new(t, base), self.opts)
    }

    /// Unify `x` with the ground (or fresh-variable) term `t`.
    pub fn unify_fresh(&mut self, st: &mut State, x: Ref, t: TermId) -> bool {
        let n = self.store.var_count(t);
        let base = if n == 0 {
            0
        } else {
            st.b.alloc(n, st.universe)
        };
        st.b.unify(self.store, x, Ref::new(t, base), self.opts)
    }

    /// Continue with `goal` (a term numbered by `map`) in front of the goal list.
    pub fn push_goal(
        &mut self,
        st: &mut State,
        goal: TermId,
        map: &VarMap,
        env: &Env,
        depth: u32,
        barrier: Option<usize>,
    ) -> Flow {
        let n = self.store.var_count(goal);
        let base = self.rebase(st, map, n);
        let r = Ref::new(goal, base);
        let kind = match barrier {
            Some(h) => super::GoalKind::CallCut(r, h),
            None => super::GoalKind::Call(r),
        };
        st.goals = super::cons(kind, env, depth, st.goals.take());
        ControlFlow::Continue(true)
    }

    /// The dereferenced term at `r`, or `None` when unbound.
    pub fn bound(&self, st: &State, r: Ref) -> Option<Ref> {
        match st.b.deref(self.store, r) {
            Deref::Term(t) => Some(t),
            Deref::Unbound(_) => None,
        }
    }

    /// The elements of a proper list; `Err(true)` for a partial list (unbound tail), `Err(false)` for
    /// something that is not a list, a cyclic list included (without the occurs check a tail can be
    /// bound to the list itself: the walk meets the same cell again, found by Brent's algorithm).
    pub fn proper_list(&self, st: &State, r: Ref) -> Result<Vec<Ref>, bool> {
        let mut out = Vec::new();
        let mut cur = r;
        let mut cycle = Brent::default();
        loop {
            match st.b.deref(self.store, cur) {
                Deref::Unbound(_) => return Err(true),
                Deref::Term(t) => match self.store.view(t.term) {
                    View::Atom(syms::NIL) => return Ok(out),
                    View::App(syms::CONS, xs) if xs.len() == 2 => {
                        if cycle.again(t) {
                            return Err(false);
                        }
                        out.push(Ref::new(xs[0], t.base));
                        cur = Ref::new(xs[1], t.base);
                    }
                    _ => return Err(false),
                },
            }
        }
    }

    /// The number of list cells from `r` on and the tail after them: an unbound variable, `[]`, a
    /// term that is no cell, or (a cyclic list) the cell where the walk found it had gone round.
    pub fn skip_list(&self, st: &State, r: Ref) -> (usize, Ref) {
        let mut n = 0;
        let mut cur = r;
        let mut cycle = Brent::default();
        loop {
            match st.b.deref(self.store, cur) {
                Deref::Unbound(_) => return (n, cur),
                Deref::Term(t) => match self.store.view(t.term) {
                    View::App(syms::CONS, xs) if xs.len() == 2 => {
                        if cycle.again(t) {
                            return (n, t);
                        }
                        n += 1;
                        cur = Ref::new(xs[1], t.base);
                    }
                    _ => return (n, t),
                },
            }
        }
    }

    /// A built-in predicate of [`BUILTINS`] (not a control construct); `None` when `pred` is not one
    /// or the program defines it itself.
    #[allow(clippy::too_many_arguments)]
    pub fn builtin(
        &mut self,
        st: &mut State,
        goal: Ref,
        pred: Pred,
        env: &Env,
        depth: u32,
        choices: &mut Vec<Choice<'_>>,
        hooks: &mut dyn Hooks,
    ) -> Option<Flow> {
        let name = *self.bt.ids.get(&pred)?;
        if !self.program.clauses_of(pred).is_empty() {
            return None;
        }
        let args: Vec<Ref> = self
            .store
            .args(goal.term)
            .iter()
            .map(|&a| Ref::new(a, goal.base))
            .collect();
        let a = |i: usize| args[i];
        if let Some(f) = self.control(st, name, &args, goal, env, depth, choices, hooks) {
            return Some(f);
        }
        if let Some(f) = self.db_builtin(st, name, &args, env, depth, choices) {
            return Some(f);
        }
        let r = match (name, args.len()) {
            ("is", 2) => match self.eval(st, a(1)) {
                Ok(v) => {
                    let t = v.term(self.store);
                    Ok(st.b.unify(self.store, a(0), Ref::new(t, 0), self.opts))
                }
                Err(e) => Err(e),
            },
            ("<" | ">" | "=<" | ">=" | "=:=" | "=\\=", 2) => {
                match (self.eval(st, a(0)), self.eval(st, a(1))) {
                    (Ok(x), Ok(y)) => {
                        let o = arith::compare(&x, &y);
                        use std::cmp::Ordering::*;
                        // A NaN is unordered: only `=\=` holds.
                        Ok(match name {
                            "<" => o == Some(Less),
                            ">" => o == Some(Greater),
                            "=<" => matches!(o, Some(Less | Equal)),
                            ">=" => matches!(o, Some(Greater | Equal)),
                            "=:=" => o == Some(Equal),
                            _ => o != Some(Equal),
                        })
                    }
                    (Err(e), _) | (_, Err(e)) => Err(e),
                }
            }
            _ => match self.term_builtin(st, name, &args) {
                Some(r) => r,
                None => match self.text_builtin(st, name, &args) {
                    Some(r) => r,
                    None => self.write_builtin(st, name, &args)?,
                },
            },
        };
        if self.out.stop.is_some() {
            // A limit the built-in checked itself (a text past the memory budget, a long output).
            return Some(ControlFlow::Break(()));
        }
        Some(match r {
            Ok(ok) => ControlFlow::Continue(ok),
            Err(e) => self.raise(st, e),
        })
    }
}

/// Brent's cycle detection for a walk along list cells (each a dereferenced `Ref`: a cyclic list
/// meets the same cell again, an acyclic one never does): `again` is told every cell in order and
/// answers true once the walk has gone round. Constant memory, at most twice the walk's length.
#[derive(Default)]
pub struct Brent {
    mark: Option<Ref>,
    power: usize,
    steps: usize,
}

impl Brent {
    /// Record the next cell; true when the walk is in a cycle.
    #[inline]
    pub fn again(&mut self, cell: Ref) -> bool {
        if self.mark == Some(cell) {
            return true;
        }
        self.steps += 1;
        if self.steps >= self.power {
            self.mark = Some(cell);
            self.power = (self.power * 2).max(2);
            self.steps = 0;
        }
        false
    }
}

/// `Name/Arity` as a term.
pub fn pred_indicator(s: &mut Store, name: &str, n: u32) -> TermId {
    let name = s.atom_named(name);
    let n = s.int(n as i64);
    let slash = s.sym("/");
    s.app(slash, &[name, n])
}
