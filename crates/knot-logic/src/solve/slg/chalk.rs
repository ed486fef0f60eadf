//! chalk's SLG order, for `.chalk` programs without coinductive predicates.
//!
//! chalk's SLG solver answers a query one answer at a time, on demand. Each table keeps a queue of
//! *strands* (a clause being resolved, or a caller waiting for a given answer of a subgoal). To get
//! the next answer of a table it takes the strand at the front of the queue and follows it:
//! - a strand whose selected subgoal already has the answer it waits for takes that answer and goes
//!   on at once, and the same strand waiting for the subgoal's *next* answer joins the back of the
//!   queue (so the strands of a table take the answers of a subgoal in turn);
//! - a subgoal whose table is not being pursued is pursued first (its table goes on a stack of
//!   tables, above the caller), until it gives a new answer, which goes back to the caller's strand;
//! - a subgoal whose table is on the stack is a cycle: the strand goes to the back of the queue, and
//!   the stack position it waits on is remembered (the table's *minimum*);
//! - a strand that fails, or finds an answer the table already has, ends the whole attempt: every
//!   strand in progress goes to the back of its table's queue, and the search starts again from the
//!   query (which then takes up other strands first);
//! - a table with no strand left has all its answers; a table whose every strand waits on a cycle
//!   within the tables above its own position has all its answers too, and so have the tables its
//!   strands wait on (their strands are dropped);
//! - a table's answer that holds as the goal stands (binds nothing, no region constraint, certain)
//!   drops the table's other strands;
//! - a table (and the query) first takes only certain answers (chalk's answer modes): a strand that
//!   comes to an ambiguous answer goes to the back of the queue, held back, and the search starts
//!   again from the query; when only held-back strands are left, the table takes ambiguous answers
//!   from then on (and the search starts again).
//!
//! A knot table's clauses are one machine run; the run pauses at each strand's first event (an
//! answer, or a tabled subgoal selected) and the rest of it, the clauses not yet tried, stays at
//! the front of the table's queue (chalk queues a table's clauses when it creates the table, before
//! any strand that waited). A goal's clauses are tried in chalk's order: a default clause
//! (`'$fallback'`) first, then the program's others, then the environment's. A strand whose first
//! subgoal is one of knot's rule predicates (a `$`-named helper) and has no answer at all stands for
//! chalk clauses that do not match: its failure does not end the attempt.

use super::table::{Consumer, Owner, TableId};
use super::Engine;
use crate::solve::canon_goal::value_to_caller;
use crate::solve::machine::{Machine, State};
use crate::solve::Goal;
use crate::term::{syms, View};
use std::ops::ControlFlow;

/// A unit of work of a table (or of the query).
pub enum Strand {
    /// A state to run from its start.
    Run(State),
    /// The untried alternatives of a paused machine run.
    Paused(usize),
    /// Consumer `c` of table `t` waits for the table's answer `k`.
    Call { t: TableId, c: usize, k: usize },
    /// A negation (its state, the goals after it) waits for table `t` to have all its answers.
    Neg { t: TableId, st: State },
    /// An ambiguous answer (the state at its success), held back until its table takes ambiguous
    /// answers.
    Deferred(State),
}

/// A strand in a queue, with the stack time it was last pursued at.
pub struct Queued {
    pub s: Strand,
    pub pursued: u64,
}

/// A table being pursued (or the query).
pub struct Frame {
    owner: Owner,
    /// The strand that selected the table above this one.
    active: Option<Queued>,
    clock: u64,
    /// The earliest stack time a strand of this table (or of a table above it) waits on, positively
    /// and through a negation.
    min_pos: u64,
    min_neg: u64,
}

/// What the strand a run followed came to (set by the hooks, which pause the run).
pub enum Event {
    /// It selected a tabled subgoal (or a negation).
    Select(Strand),
    /// It is an answer of its table: new or not.
    Answer(bool),
    /// It is an ambiguous answer its table does not take yet.
    Defer(State),
}

/// How an attempt to get the query's next answer ended.
enum Attempt {
    Answer,
    NoMore,
    /// Start again from the query.
    Retry,
    Stop,
}

enum Step {
    Continue,
    Return(Attempt),
}

impl Engine<'_, '_> {
    /// Answer the query in chalk's order.
    pub fn solve_chalk(&mut self, m: &mut Machine<'_>, goal: &Goal) {
        let st = State::for_query(m.store, goal);
        self.root_strands.push_back(Queued {
            s: Strand::Run(st),
            pursued: 0,
        });
        while matches!(self.next_root_answer(m), Attempt::Answer | Attempt::Retry) && !m.stopped() {
        }
    }

    fn queue(&mut self, owner: Owner) -> &mut std::collections::VecDeque<Queued> {
        match owner {
            Owner::Root => &mut self.root_strands,
            Owner::Table(t) => &mut self.tables[t as usize].strands,
        }
    }

    /// Put `s` at the back of `owner`'s queue (unless the owner's strands were dropped).
    fn enqueue(&mut self, m: &mut Machine<'_>, owner: Owner, s: Queued) {
        if let Owner::Table(t) = owner {
            if self.tables[t as usize].cut || self.tables[t as usize].complete {
                drop_strand(m, s);
                return;
            }
        }
        self.queue(owner).push_back(s);
    }

    fn push_frame(&mut self, owner: Owner) {
        self.clock += 1;
        if let Owner::Table(t) = owner {
            self.tables[t as usize].frame = Some(self.frames.len());
        }
        self.frames.push(Frame {
            owner,
            active: None,
            clock: self.clock,
            min_pos: u64::MAX,
            min_neg: u64::MAX,
        });
    }

    fn pop_frame(&mut self) -> Frame {
        let f = self.frames.pop().expect("a frame");
        if let Owner::Table(t) = f.owner {
            self.tables[t as usize].frame = None;
        }
        f
    }

    /// End the attempt: every strand in progress goes to the back of its table's queue.
    fn unwind(&mut self, m: &mut Machine<'_>) {
        while !self.frames.is_empty() {
            let f = self.pop_frame();
            if let Some(s) = f.active {
                self.enqueue(m, f.owner, s);
            }
        }
    }

    /// The table has all its answers.
    fn finish(&mut self, m: &mut Machine<'_>, t: TableId) {
        let tb = &mut self.tables[t as usize];
        if tb.complete {
            return;
        }
        for s in std::mem::take(&mut tb.strands) {
            drop_strand(m, s);
        }
        tb.complete = true;
        tb.frozen = Some(super::assume::flat(&tb.answers));
        tb.answers.freeze();
        m.out.stats.completed += 1;
    }

    /// chalk's `ensure_root_answer`: pursue strands until the query has a new answer (or none can
    /// come, or the attempt must start again).
    fn next_root_answer(&mut self, m: &mut Machine<'_>) -> Attempt {
        self.push_frame(Owner::Root);
        loop {
            if m.stopped() {
                self.unwind(m);
                return Attempt::Stop;
            }
            let top = self.frames.len() - 1;
            let (owner, clock) = (self.frames[top].owner, self.frames[top].clock);
            let next = match self.frames[top].active.take() {
                Some(s) => Some(s),
                None => {
                    // The first strand not yet pursued at this depth that the table takes now (the
                    // strands before it go to the back, as chalk rotates its queue).
                    let ambiguous = self.ambiguous_mode(owner);
                    let q = self.queue(owner);
                    match q.iter().position(|s| {
                        s.pursued < clock && (ambiguous || !matches!(s.s, Strand::Deferred(_)))
                    }) {
                        Some(i) => {
                            q.rotate_left(i);
                            q.pop_front()
                        }
                        None => None,
                    }
                }
            };
            let step = match next {
                None => self.no_strands_left(m),
                Some(mut s) => {
                    s.pursued = clock;
                    self.pursue(m, s)
                }
            };
            if let Step::Return(a) = step {
                return a;
            }
        }
    }

    fn pursue(&mut self, m: &mut Machine<'_>, s: Queued) -> Step {
        let pursued = s.pursued;
        match s.s {
            // (A held-back answer's state has no goal left: run, it is the answer again.)
            Strand::Run(mut st) | Strand::Deferred(mut st) => {
                self.current = self.frames.last().expect("a frame").owner;
                let (flow, rest) = m.run_pausing(&mut st, self);
                self.after_run(m, flow, rest, false, pursued)
            }
            Strand::Paused(id) => {
                self.current = self.frames.last().expect("a frame").owner;
                let (flow, rest) = m.resume(id, self);
                self.after_run(m, flow, rest, false, pursued)
            }
            Strand::Call { t, c, k } => self.select_call(m, t, c, k, pursued),
            Strand::Neg { t, st } => self.select_neg(m, t, st, pursued),
        }
    }

    /// A run stopped: queue what is left of it, and act on what its strand came to. A `strict` run
    /// continues a strand that already went past a subgoal: its failure ends the attempt (a run of
    /// a table's clauses that fails had no strand, as chalk only makes strands of the clauses whose
    /// head matches).
    fn after_run(
        &mut self,
        m: &mut Machine<'_>,
        flow: ControlFlow<()>,
        rest: Option<usize>,
        strict: bool,
        pursued: u64,
    ) -> Step {
        let owner = self.frames.last().expect("a frame").owner;
        if let Some(id) = rest {
            let s = Queued {
                s: Strand::Paused(id),
                pursued: 0,
            };
            match owner {
                Owner::Table(t) if self.tables[t as usize].cut => drop_strand(m, s),
                _ => self.queue(owner).push_front(s),
            }
        }
        let event = self.event.take();
        if flow.is_break() || m.stopped() {
            self.unwind(m);
            return Step::Return(Attempt::Stop);
        }
        match event {
            None if strict => {
                self.unwind(m);
                Step::Return(Attempt::Retry)
            }
            None => Step::Continue,
            Some(Event::Select(s)) => {
                self.frames.last_mut().expect("a frame").active = Some(Queued { s, pursued });
                Step::Continue
            }
            Some(Event::Defer(st)) => {
                let s = Queued {
                    s: Strand::Deferred(st),
                    pursued,
                };
                self.enqueue(m, owner, s);
                self.unwind(m);
                Step::Return(Attempt::Retry)
            }
            Some(Event::Answer(false)) => {
                self.unwind(m);
                Step::Return(Attempt::Retry)
            }
            Some(Event::Answer(true)) => {
                self.pop_frame();
                match owner {
                    Owner::Root => Step::Return(Attempt::Answer),
                    // The caller's strand, waiting for this answer, goes on next.
                    Owner::Table(_) => Step::Continue,
                }
            }
        }
    }

    /// The strand waits for answer `k` of table `t` (consumer `c`).
    fn select_call(
        &mut self,
        m: &mut Machine<'_>,
        t: TableId,
        c: usize,
        k: usize,
        pursued: u64,
    ) -> Step {
        let owner = self.frames.last().expect("a frame").owner;
        let tb = &self.tables[t as usize];
        if k < tb.answers.len() {
            let next = Queued {
                s: Strand::Call { t, c, k: k + 1 },
                pursued,
            };
            self.enqueue(m, owner, next);
            return self.feed_answer(m, t, c, k, pursued);
        }
        if let Some(d) = tb.frame {
            // A cycle: wait behind the other strands.
            let at = self.frames[d].clock;
            let top = self.frames.last_mut().expect("a frame");
            top.min_pos = top.min_pos.min(at);
            let s = Queued {
                s: Strand::Call { t, c, k },
                pursued,
            };
            self.enqueue(m, owner, s);
            return Step::Continue;
        }
        if tb.complete || tb.strands.is_empty() {
            // No answer will come: the strand fails.
            let silent = self.no_strand(m, t, k);
            self.finish(m, t);
            if silent {
                return Step::Continue;
            }
            self.unwind(m);
            return Step::Return(Attempt::Retry);
        }
        self.frames.last_mut().expect("a frame").active = Some(Queued {
            s: Strand::Call { t, c, k },
            pursued,
        });
        self.push_frame(Owner::Table(t));
        Step::Continue
    }

    /// The strand waits for table `t` to have all its answers, to decide `\+ t`.
    fn select_neg(&mut self, m: &mut Machine<'_>, t: TableId, mut st: State, pursued: u64) -> Step {
        let owner = self.frames.last().expect("a frame").owner;
        let tb = &self.tables[t as usize];
        if tb.certain {
            self.unwind(m);
            return Step::Return(Attempt::Retry);
        }
        if tb.complete || (tb.frame.is_none() && tb.strands.is_empty()) {
            self.finish(m, t);
            // Only ambiguous answers (or none): the negation holds, possibly.
            st.taint |= self.tables[t as usize].maybe;
            self.current = owner;
            let (flow, rest) = m.run_pausing(&mut st, self);
            return self.after_run(m, flow, rest, true, pursued);
        }
        if let Some(d) = tb.frame {
            let at = self.frames[d].clock;
            let top = self.frames.last_mut().expect("a frame");
            top.min_pos = top.min_pos.min(top.clock);
            top.min_neg = top.min_neg.min(at);
            self.enqueue(
                m,
                owner,
                Queued {
                    s: Strand::Neg { t, st },
                    pursued,
                },
            );
            return Step::Continue;
        }
        self.frames.last_mut().expect("a frame").active = Some(Queued {
            s: Strand::Neg { t, st },
            pursued,
        });
        self.push_frame(Owner::Table(t));
        Step::Continue
    }

    /// Feed answer `k` of table `t` to its consumer `c` and follow the consumer's strand.
    fn feed_answer(
        &mut self,
        m: &mut Machine<'_>,
        t: TableId,
        c: usize,
        k: usize,
        pursued: u64,
    ) -> Step {
        if !m.tick() {
            self.unwind(m);
            return Step::Return(Attempt::Stop);
        }
        let tb = &self.tables[t as usize];
        let cons: &Consumer = &tb.consumers[c];
        let mut vals: Vec<crate::term::TermId> = tb.answers.get(k).to_vec();
        if let Some(u) = &cons.umap {
            for v in &mut vals {
                *v = value_to_caller(m.store, u, *v);
            }
        }
        if let Some(taint) = Self::straight_to_query(m, cons, &vals, self.root.nvars()) {
            let flow = self.root.emit_values(m, &vals, taint);
            self.pop_frame();
            return Step::Return(if flow.is_break() {
                self.unwind(m);
                Attempt::Stop
            } else {
                Attempt::Answer
            });
        }
        let mut st = cons.state.clone();
        let slots = cons.slots.clone();
        if !m.unify_answer(&mut st, &slots, &vals) {
            self.unwind(m);
            return Step::Return(Attempt::Retry);
        }
        self.current = self.frames.last().expect("a frame").owner;
        let (flow, rest) = m.run_pausing(&mut st, self);
        self.after_run(m, flow, rest, true, pursued)
    }

    /// No strand of the top table can be pursued now.
    fn no_strands_left(&mut self, m: &mut Machine<'_>) -> Step {
        let top = self.frames.len() - 1;
        let owner = self.frames[top].owner;
        let t = match owner {
            Owner::Root => {
                if self.root_strands.is_empty() {
                    self.pop_frame();
                    return Step::Return(Attempt::NoMore);
                }
                self.root_ambiguous_mode = true;
                self.unwind(m);
                return Step::Return(Attempt::Retry);
            }
            Owner::Table(t) => t,
        };
        if self.tables[t as usize].strands.is_empty() {
            // Every strand failed: the table has all its answers.
            self.finish(m, t);
            self.pop_frame();
            let silent = match &self.frames.last().expect("a caller").active {
                Some(Queued {
                    s: Strand::Call { k, .. },
                    ..
                }) => self.no_strand(m, t, *k),
                _ => false,
            };
            let caller = self.frames.last_mut().expect("a caller");
            return match caller.active {
                Some(Queued {
                    s: Strand::Neg { .. },
                    ..
                }) => Step::Continue,
                _ if silent => {
                    caller.active = None;
                    Step::Continue
                }
                _ => {
                    caller.active = None;
                    self.unwind(m);
                    Step::Return(Attempt::Retry)
                }
            };
        }
        if !self.tables[t as usize].ambiguous_mode {
            // Only strands that give ambiguous answers (or wait on a cycle) are left: the table
            // takes ambiguous answers from now on (chalk counts a table in a cycle only then).
            self.tables[t as usize].ambiguous_mode = true;
            self.unwind(m);
            return Step::Return(Attempt::Retry);
        }
        let f = &self.frames[top];
        if f.min_pos >= f.clock && f.min_neg >= f.clock {
            if f.min_neg < u64::MAX {
                // A table negates one that depends on it: undefined.
                m.out.negative_cycle = true;
            }
            // Every strand waits on a cycle within the tables from here up: no new answer can come
            // to any of them.
            let mut done = vec![t];
            let mut work: Vec<Queued> = std::mem::take(&mut self.tables[t as usize].strands)
                .into_iter()
                .collect();
            while let Some(s) = work.pop() {
                if let Strand::Call { t: u, .. } | Strand::Neg { t: u, .. } = s.s {
                    if !done.contains(&u) {
                        done.push(u);
                        work.extend(std::mem::take(&mut self.tables[u as usize].strands));
                    }
                }
                drop_strand(m, s);
            }
            self.unwind(m);
            for u in done {
                self.finish(m, u);
            }
            return Step::Return(Attempt::Retry);
        }
        let (pos, neg) = (f.min_pos, f.min_neg);
        self.pop_frame();
        let caller = self.frames.last_mut().expect("a caller");
        match caller.active {
            Some(Queued {
                s: Strand::Neg { .. },
                ..
            }) => {
                caller.min_pos = caller.min_pos.min(caller.clock);
                caller.min_neg = caller.min_neg.min(pos.min(neg));
            }
            _ => {
                caller.min_pos = caller.min_pos.min(pos);
                caller.min_neg = caller.min_neg.min(neg);
            }
        }
        let s = caller.active.take().expect("the caller's strand");
        let owner = caller.owner;
        self.enqueue(m, owner, s);
        Step::Continue
    }

    /// chalk order: the table's answer `vals` was just recorded (`new`); an answer that holds as
    /// the goal stands drops the table's other strands.
    pub fn chalk_answer(&mut self, m: &mut Machine<'_>, t: TableId, new: bool, taint: u8) {
        let tb = &self.tables[t as usize];
        let trivial = new && taint == 0 && {
            let n = tb.nvars as usize;
            let a = tb.answers.get(tb.answers.len() - 1);
            a[..n]
                .iter()
                .enumerate()
                .all(|(i, &v)| matches!(m.store.view(v), View::Var(j) if j as usize == i))
                && a[n] == m.store.atom(syms::NIL)
        };
        if trivial {
            let tb = &mut self.tables[t as usize];
            tb.cut = true;
            for s in std::mem::take(&mut tb.strands) {
                drop_strand(m, s);
            }
        }
        self.event = Some(Event::Answer(new));
        m.pause = true;
    }
}

impl Engine<'_, '_> {
    /// Does `owner` take ambiguous answers now?
    pub fn ambiguous_mode(&self, owner: Owner) -> bool {
        match owner {
            Owner::Root => self.root_ambiguous_mode,
            Owner::Table(t) => self.tables[t as usize].ambiguous_mode,
        }
    }

    /// A strand whose first subgoal, of table `t`, has no answer at all: knot's clause that calls
    /// one of its rules' own predicates (a `$`-named helper) stands for chalk clauses that do not
    /// match, so chalk had no such strand, and its failure does not end the attempt.
    fn no_strand(&self, m: &Machine<'_>, t: TableId, k: usize) -> bool {
        let tb = &self.tables[t as usize];
        k == 0
            && tb.answers.is_empty()
            && m.store
                .functor(tb.goal)
                .is_some_and(|(f, _)| m.store.name(f).starts_with('$'))
    }
}

/// Let go of a strand that will not be pursued.
fn drop_strand(m: &mut Machine<'_>, s: Queued) {
    if let Strand::Paused(id) = s.s {
        m.drop_paused(id);
    }
}
