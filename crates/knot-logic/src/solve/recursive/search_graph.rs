//! The search graph of the `recursive` strategy: the stack of goals in progress, the provisional cache
//! and the global cache.
//!
//! Modeled on rustc's next-generation trait solver (`rustc_next_trait_solver::solve::search_graph`):
//!
//! - A [`Frame`] per canonical goal being evaluated, on an explicit stack (no Rust recursion: the
//!   caller of a new goal is suspended in its frame's [`Task`] until the goal is finished).
//! - A call whose key is on the stack is a cycle. Its head gets a *provisional result* that depends on
//!   the kind of path from the head to the call, as rustc's search graph tracks per cycle head: when
//!   every goal on it is coinductive, `Frame::assumed_co` (the goal itself holding at first); through
//!   an inductive goal, `Frame::assumed_ind` (no answer at first). The head is re-evaluated until its
//!   result equals each assumption it used: `assumed_co` first (an inner greatest fixpoint), then
//!   `assumed_ind` (an outer least fixpoint; `assumed_co` starts again from the top each time). A cycle
//!   through an inductive goal thus never reuses what a coinductive path assumed: it is a mixed cycle,
//!   which fails like an inductive one.
//! - A goal whose result depended on a head still on the stack (`Frame::head` below its own depth) is
//!   finished *provisionally*: its result goes to the provisional cache, valid while that head is on the
//!   stack in the same iteration. When the head reaches its fixpoint and is not itself provisional, the
//!   entries created during its evaluation are promoted to the global cache; when it is re-evaluated,
//!   they are discarded.

use crate::solve::answers::AnswerSet;
use crate::solve::canon_goal::CanonGoal;
use crate::solve::machine::State;
use crate::term::{Store, TermId};
use rustc_hash::{FxHashMap, FxHashSet};
use std::rc::Rc;

/// A finished result: the answers, as flat tuples of the goal's width plus one (a value per
/// variable, then the answer's region constraints), and the
/// taint of derivations that went past an undecided goal (a truncated call) and succeeded: the goal
/// may hold beyond its answers, so each caller also goes on once past the call, tainted (as `slg`
/// feeds a table's `maybe`). A derivation that fails anyway fails for certain.
#[derive(Clone, Debug)]
pub struct Answers {
    pub tuples: Rc<[TermId]>,
    pub maybe: u8,
    /// Some answer is not ambiguous.
    pub certain: bool,
}

impl Answers {
    /// No answer, nothing undecided: the least result.
    pub fn none() -> Answers {
        Answers {
            tuples: Rc::from(&[][..]),
            maybe: 0,
            certain: false,
        }
    }
}

/// The answers of `a` (and the taint `maybe` of its ambiguous answers) as [`Answers`].
pub fn freeze(store: &Store, a: &AnswerSet, maybe: u8) -> Answers {
    let certain = if maybe == 0 {
        !a.is_empty()
    } else {
        (0..a.len()).any(|i| {
            a.get(i).last().map_or(true, |&cs| {
                crate::solve::machine::answer_taint(store, cs).is_none()
            })
        })
    };
    Answers {
        tuples: a.flat().into(),
        maybe,
        certain,
    }
}

/// The identity answer of a goal with `k` variables: `[Var(0), ..., Var(k-1)]` and no region
/// constraint (the goal holds as is).
pub fn identity(store: &mut Store, k: u32) -> Answers {
    let nil = store.atom(crate::term::syms::NIL);
    let tuples = (0..k).map(|i| store.var(i)).chain([nil]).collect();
    Answers {
        tuples,
        maybe: 0,
        certain: true,
    }
}

/// True when `a` (with taint `maybe`) holds exactly the result `b`.
pub fn same_answers(a: &AnswerSet, maybe: u8, b: &Answers) -> bool {
    if maybe != b.maybe {
        return false;
    }
    let b = &b.tuples;
    let k = a.width();
    if b.len() != a.len() * k {
        return false;
    }
    let set: FxHashSet<&[TermId]> = (0..a.len()).map(|i| a.get(i)).collect();
    b.chunks(k).all(|t| set.contains(t))
}

/// Callers of a goal that is not solved yet.
pub struct Waiting {
    /// The goal.
    pub goal: CanonGoal,
    /// Suspended states whose first goal is the call itself: resumed, the call finds the answers in a
    /// cache and the machine tries each.
    pub consumers: Vec<State>,
    /// Suspended states after `\+ goal`: resumed when the goal has no answer.
    pub negations: Vec<State>,
}

/// The work of one derivation context (a goal's evaluation, or the query).
#[derive(Default)]
pub struct Task {
    /// States to run.
    pub work: Vec<State>,
    /// Goals called but not solved yet, with their callers; solved once `work` is empty.
    pending: Vec<Waiting>,
    pending_index: FxHashMap<TermId, usize>,
    /// Provisional results of goals solved for this task in its current iteration (a provisional result
    /// is always valid for the task it was computed for).
    pub delivered: FxHashMap<TermId, Answers>,
}

impl Task {
    /// The waiting list of `key`, created with `make` if new.
    pub fn wait(&mut self, key: TermId, make: impl FnOnce() -> CanonGoal) -> &mut Waiting {
        let i = match self.pending_index.get(&key) {
            Some(&i) => i,
            None => {
                self.pending.push(Waiting {
                    goal: make(),
                    consumers: Vec::new(),
                    negations: Vec::new(),
                });
                self.pending_index.insert(key, self.pending.len() - 1);
                self.pending.len() - 1
            }
        };
        &mut self.pending[i]
    }

    /// The most recently added goal still waiting to be solved.
    pub fn pop_pending(&mut self) -> Option<Waiting> {
        let w = self.pending.pop()?;
        self.pending_index.remove(&w.goal.key);
        Some(w)
    }
}

/// A goal in progress.
pub struct Frame {
    pub goal: CanonGoal,
    /// Its predicate is coinductive.
    pub coinductive: bool,
    /// Non-coinductive frames at or below this one (so "all coinductive from `h` to the top" is O(1)).
    pub inductive_below: usize,
    /// Answers of the current iteration.
    pub answers: AnswerSet,
    /// Answers of the current iteration derived through a default clause (`'$fallback'`), kept
    /// apart until the iteration ends (see [`Frame::merge_fallback`]).
    pub fallback: AnswerSet,
    /// Taint of the current iteration's derivations that succeeded past an undecided goal.
    pub maybe: u8,
    /// The result assumed for calls that cycle back to this goal along a path of coinductive goals only:
    /// `None` until first needed, then the goal itself (every instance holds, the greatest result),
    /// then the result of the previous inner iteration.
    pub assumed_co: Option<Answers>,
    /// The result assumed for calls that cycle back to this goal through an inductive goal: no answer
    /// at first (the least result), then the result of the previous outer iteration.
    pub assumed_ind: Answers,
    /// `assumed_co` was used in the current iteration.
    pub used_co: bool,
    /// `assumed_ind` was used in the current iteration.
    pub used_ind: bool,
    /// Lowest stack depth of a cycle head this iteration depends on (`usize::MAX`: none).
    pub head: usize,
    /// The iteration used a result assumed along an all-coinductive path (valid on that path only).
    pub coinductive_dep: bool,
    /// Inner re-evaluations (toward `assumed_co`) since `assumed_ind` last changed.
    pub iterations: u32,
    /// Outer re-evaluations (toward `assumed_ind`).
    pub rounds: u32,
    /// Length of the provisional cache when the goal was pushed: later entries were computed during
    /// its evaluation.
    pub prov_start: usize,
    /// The highest head of those entries (`None`: no entry yet; an upper bound), and whether each of
    /// them is marked coinductive (a lower bound): when the frame finishes provisionally, its entries
    /// need no update (no scan) unless one has a higher head or lacks the mark it would get.
    pub entries_max_head: Option<usize>,
    pub entries_all_coinductive: bool,
    /// Its own derivations.
    pub task: Task,
    /// The callers to resume when it is finished.
    pub callers: Waiting,
}

impl Frame {
    /// Rank the default clauses' answers below the others, as chalk's recursive solver ranks its
    /// low-priority clauses (the rigid-alias fallback of `AliasEq`): a fallback answer is dropped when
    /// an ordinary answer agrees with it on every variable of the goal's first argument (for
    /// `alias_eq(Projection, Ty)`, the projection's inputs); otherwise it joins the answers.
    /// Returns whether there was a default answer to rank.
    pub fn merge_fallback(&mut self, store: &mut Store) -> bool {
        if self.fallback.is_empty() {
            return false;
        }
        let fallback = std::mem::replace(&mut self.fallback, AnswerSet::for_goal(self.goal.nvars));
        let mut inputs: Vec<usize> = Vec::new();
        if let Some(&first) = store.args(self.goal.goal).first() {
            store.map_vars(first, &mut |s, i| {
                inputs.push(i as usize);
                s.var(i)
            });
        }
        inputs.sort_unstable();
        inputs.dedup();
        // (A width-0 goal has no variables, so no inputs: any ordinary answer covers a default.)
        let key = |t: &[TermId]| -> Vec<TermId> { inputs.iter().map(|&i| t[i]).collect() };
        let covered: FxHashSet<Vec<TermId>> = (0..self.answers.len())
            .map(|i| key(self.answers.get(i)))
            .collect();
        for i in 0..fallback.len() {
            let t = fallback.get(i);
            if !covered.contains(&key(t)) {
                self.answers.insert(t);
            }
        }
        true
    }

    /// Combine the answers into one result, as chalk's recursive solver combines the solutions of
    /// a goal's clauses (`.chalk` programs): several answers are one ambiguous answer that binds
    /// nothing (chalk's `Ambig(Unknown)`), unless one of them is the goal itself, unconditionally
    /// (its "trivially true" solution, which wins). So a cycle's result stops growing: the
    /// fixpoint over `exists<T> { T: Sized }` with `Vec<T>: Sized` is reached at once, ambiguous,
    /// where the answers themselves never end.
    pub fn combine(&mut self, store: &mut Store) {
        if self.answers.len() < 2 {
            return;
        }
        // Only a goal chalk itself has: the built-in rules' own predicates (`$`-named helpers)
        // enumerate what a chalk rule computes at once.
        let internal = store
            .functor(self.goal.goal)
            .is_some_and(|(f, _)| store.name(f).starts_with('$'));
        if internal {
            return;
        }
        let n = self.goal.nvars;
        let mut trivial = identity(store, n).tuples.to_vec();
        let found = (0..self.answers.len()).any(|i| self.answers.get(i) == trivial.as_slice());
        let mut one = AnswerSet::for_goal(n);
        if found {
            one.insert(&trivial);
        } else {
            let taint = crate::solve::machine::TAINT_FLOUNDERED;
            let t = store.int(taint as i64);
            let amb = store.app(crate::term::syms::AMBIGUOUS, &[t]);
            let cs = store.list(&[amb], None);
            trivial.pop();
            trivial.push(cs);
            one.insert(&trivial);
            self.maybe |= taint;
        }
        self.answers = one;
    }

    /// True when the frame is a cycle head: a result assumed for it was used in this iteration.
    pub fn used(&self) -> bool {
        self.used_co || self.used_ind
    }

    /// Start the goal's evaluation again, with the assumptions as they now are.
    pub fn restart(&mut self, state: State) {
        self.answers = AnswerSet::for_goal(self.goal.nvars);
        self.fallback = AnswerSet::for_goal(self.goal.nvars);
        self.maybe = 0;
        self.used_co = false;
        self.used_ind = false;
        self.head = usize::MAX;
        self.coinductive_dep = false;
        self.entries_max_head = None;
        self.entries_all_coinductive = true;
        self.task = Task::default();
        self.task.work.push(state);
    }
}

/// A result computed while depending on a cycle head still on the stack.
pub struct ProvEntry {
    pub key: TermId,
    pub answers: Answers,
    /// Stack depth of the head it depends on.
    pub head: usize,
    /// It depends on a result assumed along an all-coinductive path: reused only where the path from
    /// the head to the goal is of the same kind as when it was computed (`path`), since what a cycle
    /// back to the head assumes depends on every step of that path.
    pub coinductive: bool,
    /// Every goal from the head to this one (both included) was coinductive when it was computed.
    pub path: bool,
    /// The goal's own predicate is coinductive.
    pub self_coinductive: bool,
}

/// What a lookup of a canonical key finds.
pub enum Hit {
    /// On the stack at this depth: a cycle.
    Cycle(usize),
    /// Finished for good.
    Global(Answers),
    /// Solved for the current task in this iteration (possibly provisionally).
    Delivered(Answers),
    /// In the provisional cache (index).
    Provisional(usize),
    /// Not solved yet.
    Miss,
}

/// Stack and caches.
#[derive(Default)]
pub struct SearchGraph {
    pub stack: Vec<Frame>,
    pub on_stack: FxHashMap<TermId, usize>,
    pub global: FxHashMap<TermId, Answers>,
    pub prov: Vec<ProvEntry>,
    pub prov_index: FxHashMap<TermId, usize>,
    /// Lower bounds of inductive goals' results, kept from provisional results discarded when their
    /// cycle head was re-evaluated (see [`SearchGraph::discard_from`]): a goal evaluated again
    /// assumes its bound instead of no answer, so nested cycle heads do not climb from nothing again
    /// in every iteration of an outer one (which is exponential in the nesting).
    pub seeds: FxHashMap<TermId, Answers>,
    /// The query's own derivations.
    pub root: Task,
}

impl SearchGraph {
    /// The task running now: the top frame's, or the query's when the stack is empty.
    pub fn task(&mut self) -> &mut Task {
        match self.stack.last_mut() {
            Some(f) => &mut f.task,
            None => &mut self.root,
        }
    }

    /// Cache entries in use (bounded by `max_tables`).
    pub fn entries(&self) -> usize {
        self.global.len() + self.prov.len() + self.stack.len()
    }

    /// Where `key` stands.
    pub fn lookup(&self, key: TermId) -> Hit {
        if let Some(&d) = self.on_stack.get(&key) {
            return Hit::Cycle(d);
        }
        if let Some(a) = self.global.get(&key) {
            return Hit::Global(a.clone());
        }
        let delivered = match self.stack.last() {
            Some(f) => &f.task.delivered,
            None => &self.root.delivered,
        };
        if let Some(a) = delivered.get(&key) {
            return Hit::Delivered(a.clone());
        }
        if let Some(&i) = self.prov_index.get(&key) {
            let e = &self.prov[i];
            // Called from the top frame, the goal would sit right above it: the path from the head
            // would be the stack from the head to the top, then the goal.
            if !e.coinductive || self.coinductive_path(e.head) && e.self_coinductive == e.path {
                return Hit::Provisional(i);
            }
        }
        Hit::Miss
    }

    /// True when every frame at depths `a..=b` is coinductive (true for an empty range).
    pub fn all_coinductive(&self, a: usize, b: usize) -> bool {
        if a > b {
            return true;
        }
        let below = if a == 0 {
            0
        } else {
            self.stack[a - 1].inductive_below
        };
        self.stack[b].inductive_below == below
    }

    /// The top frame depends on the head at depth `h`.
    pub fn depend(&mut self, h: usize, coinductive: bool) {
        if let Some(top) = self.stack.last_mut() {
            top.head = top.head.min(h);
            top.coinductive_dep |= coinductive;
        }
    }

    /// True when every frame from depth `h` to the top is coinductive.
    pub fn coinductive_path(&self, h: usize) -> bool {
        let top = match self.stack.last() {
            Some(t) => t.inductive_below,
            None => return false,
        };
        let below = if h == 0 {
            0
        } else {
            self.stack[h - 1].inductive_below
        };
        self.stack[h].coinductive && top == below
    }

    /// Drop the provisional entries from `start` on; returns how many.
    ///
    /// With `seed`, an entry that rests on no coinductive assumption is kept in `seeds` as a lower
    /// bound of its goal's least result: it was derived from inductive assumptions that were each
    /// below their own least fixpoint (iteration climbs from no answer), and on a monotone program
    /// the re-evaluation only assumes more. Iterating from a lower bound that the goal's rules
    /// reproduce reaches the same least fixpoint as iterating from nothing.
    pub fn discard_from(&mut self, start: usize, seed: bool) -> u64 {
        let n = self.prov.len().saturating_sub(start);
        for (i, e) in self.prov.drain(start..).enumerate() {
            if self.prov_index.get(&e.key) == Some(&(start + i)) {
                self.prov_index.remove(&e.key);
            }
            if seed && !e.coinductive && !e.self_coinductive {
                self.seeds.insert(e.key, e.answers);
            }
        }
        n as u64
    }

    /// Move the provisional entries from `start` on to the global cache; returns how many.
    pub fn promote_from(&mut self, start: usize) -> u64 {
        let n = self.prov.len().saturating_sub(start);
        for (i, e) in self.prov.drain(start..).enumerate() {
            if self.prov_index.get(&e.key) == Some(&(start + i)) {
                self.prov_index.remove(&e.key);
            }
            self.global.insert(e.key, e.answers);
        }
        n as u64
    }
}
