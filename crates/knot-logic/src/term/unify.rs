//! Bindings and unification by structure sharing.
//!
//! A [`Ref`] pairs a stored term with a *base*: variable `Var(i)` inside it denotes slot `base + i` of a
//! [`Bindings`]. Renaming a clause apart is then just allocating fresh slots: no term is copied or interned
//! during unification. [`Bindings::resolve`] materializes a `Ref` back into an interned term.
//! Every loop here is iterative, so deeply nested terms cannot overflow the stack.

use super::{Store, TermId, View};
use rustc_hash::FxHashMap;
use std::rc::Rc;

/// A term whose variables are offset by `base` into a [`Bindings`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Ref {
    /// The stored term.
    pub term: TermId,
    /// The slot of its `Var(0)`.
    pub base: u32,
}

impl Ref {
    /// `term` with base `base`.
    #[inline]
    pub fn new(term: TermId, base: u32) -> Ref {
        Ref { term, base }
    }
}

const UNBOUND: TermId = TermId(u32::MAX);

#[derive(Clone, Copy, Debug)]
struct Slot {
    term: TermId,
    base: u32,
    universe: u32,
    /// When bound: the value is ground under the bindings made before this one.
    ground: bool,
    /// When bound and ground: the highest placeholder universe in the value.
    gu: u32,
    /// What the variable may become ([`VarKind`]): any term, or only an integer / a float scalar.
    kind: VarKind,
}

/// The kind of an inference variable, as chalk's `TyVariableKind`: a general variable unifies with any
/// term; an integer (float) variable only with an integer (float) scalar type or with another variable,
/// which then becomes of its kind (`exists<int T>`, `exists<float T>`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum VarKind {
    /// Any term.
    #[default]
    General,
    /// An integer scalar (`i8` .. `usize`).
    Int,
    /// A float scalar (`f16` .. `f128`).
    Float,
}

/// The integer scalar types an integer variable may become.
pub const INT_SCALARS: &[&str] = &[
    "i8", "i16", "i32", "i64", "i128", "isize", "u8", "u16", "u32", "u64", "u128", "usize",
];
/// The float scalar types a float variable may become.
pub const FLOAT_SCALARS: &[&str] = &["f16", "f32", "f64", "f128"];

impl VarKind {
    /// Whether `t` (a non-variable term) is a value a variable of this kind may take.
    pub fn admits(self, store: &Store, t: TermId) -> bool {
        let names = match self {
            VarKind::General => return true,
            VarKind::Int => INT_SCALARS,
            VarKind::Float => FLOAT_SCALARS,
        };
        match store.view(t) {
            View::Atom(a) => names.contains(&store.name(a)),
            _ => false,
        }
    }

    /// The kind of a variable that is both `self` and `other`, `None` when they conflict.
    pub fn meet(self, other: VarKind) -> Option<VarKind> {
        match (self, other) {
            (VarKind::General, k) | (k, VarKind::General) => Some(k),
            (a, b) if a == b => Some(a),
            _ => None,
        }
    }
}

#[derive(Clone, Copy, Debug)]
enum Trail {
    Bind(u32),
    Universe(u32, u32),
    /// A slot's kind was narrowed from the one recorded.
    Kind(u32, VarKind),
    /// A region constraint was recorded (undone by popping it).
    Constraint,
    /// A binder relation was left to the machine (undone by popping it).
    Pending,
    /// A binding whose value names placeholder regions the variable cannot was left to the
    /// machine (undone by popping it).
    Escape,
    /// A bound slot was found to hold a ground value under later bindings (undone by clearing
    /// the mark).
    Ground(u32),
}

/// What a `Ref` dereferences to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Deref {
    /// An unbound slot.
    Unbound(u32),
    /// A non-variable term.
    Term(Ref),
}

/// The slots of a derivation, as a two-level tree shared between copies: chunks of [`CHUNK`]
/// slots, held by directories of [`FANOUT`] chunks. Copying a derivation (a consumer suspended at
/// a tabled call keeps one) costs a pointer per directory (one per 4,096 slots), and a write copies
/// the directory and the chunk it goes through while they are shared: 64 pointers and 64 slots. So
/// a conjunction of N tabled goals that bind N query variables keeps N small copies, O(N) in all,
/// not N copies of N slots (nor N copies of N/64 chunk pointers). Every chunk but the last is full,
/// and every directory but the last.
#[derive(Clone, Debug, Default)]
struct Slots {
    dirs: Vec<Rc<Vec<Rc<Vec<Slot>>>>>,
    len: usize,
}

/// Slots per chunk of [`Slots`].
const CHUNK: usize = 64;
/// Chunks per directory of [`Slots`].
const FANOUT: usize = 64;
/// Slots per directory.
const DIR: usize = CHUNK * FANOUT;

impl Slots {
    #[inline]
    fn len(&self) -> usize {
        self.len
    }

    #[inline]
    fn is_empty(&self) -> bool {
        self.len == 0
    }

    #[inline]
    fn push(&mut self, slot: Slot) {
        if self.len % DIR == 0 {
            // Grown as needed: most derivations (a table's, a clause's) have a few slots.
            self.dirs.push(Rc::new(vec![Rc::new(vec![slot])]));
        } else {
            let dir = Rc::make_mut(self.dirs.last_mut().expect("a directory"));
            if self.len % CHUNK == 0 {
                dir.push(Rc::new(vec![slot]));
            } else {
                Rc::make_mut(dir.last_mut().expect("a chunk")).push(slot);
            }
        }
        self.len += 1;
    }

    /// Drop every slot from `len` on.
    #[inline]
    fn truncate(&mut self, len: usize) {
        if len >= self.len {
            return;
        }
        let ndirs = len.div_ceil(DIR);
        self.dirs.truncate(ndirs);
        if let Some(last) = self.dirs.last_mut() {
            // Slots kept in the last directory, then in its last chunk.
            let in_dir = len - (ndirs - 1) * DIR;
            let chunks = in_dir.div_ceil(CHUNK);
            if last.len() > chunks {
                Rc::make_mut(last).truncate(chunks);
            }
            let in_chunk = in_dir - (chunks - 1) * CHUNK;
            if last[chunks - 1].len() > in_chunk {
                Rc::make_mut(&mut Rc::make_mut(last)[chunks - 1]).truncate(in_chunk);
            }
        }
        self.len = len;
    }
}

impl std::ops::Index<usize> for Slots {
    type Output = Slot;
    #[inline]
    fn index(&self, i: usize) -> &Slot {
        &self.dirs[i / DIR][(i / CHUNK) % FANOUT][i % CHUNK]
    }
}

impl std::ops::IndexMut<usize> for Slots {
    #[inline]
    fn index_mut(&mut self, i: usize) -> &mut Slot {
        let dir = Rc::make_mut(&mut self.dirs[i / DIR]);
        &mut Rc::make_mut(&mut dir[(i / CHUNK) % FANOUT])[i % CHUNK]
    }
}

/// Variable slots of one derivation, with a trail for undoing bindings.
#[derive(Debug, Default)]
pub struct Bindings {
    slots: Slots,
    trail: Vec<Trail>,
    /// Unifications attempted (for `--stats`).
    pub unifications: u64,
    /// Reused work stack of `unify` (not part of the state; never cloned).
    pairs: Vec<(Ref, Ref)>,
    /// A unification ran without the occurs check: bindings may be cyclic, and walking a term must
    /// watch for it.
    may_cycle: bool,
    /// Region constraints `(a, b)` meaning `a: b` ("a outlives b"), in the order they were recorded:
    /// what unifying two regions that cannot simply be bound leaves to the borrow checker, and the
    /// outlives goals met along the derivation. Trailed: backtracking drops them.
    constraints: Vec<(Ref, Ref)>,
    /// Pairs of types with a `'$for'` binder (or a `dyn` type with such bounds) met by `unify`:
    /// relating them instantiates the binders, which needs the store, so the machine does it
    /// (`take_pending`), as chalk's unifier hands back goals. The goal's side first.
    pending: Vec<Pending>,
    /// Bindings of a slot to a value that names, as regions only, placeholders of universes the
    /// slot cannot see (`exists<U> forall<'a> { U = Ref<'a> }`). chalk's occurs check gives each
    /// such region a fresh region of the slot's universe, equal to the placeholder under two
    /// outlives constraints; that needs the store, so the machine does it (`take_escapes`).
    escapes: Vec<(u32, Ref)>,
    /// `unify_head` is running: the first argument is a clause head, so pending pairs are swapped.
    head_first: bool,
}

impl Clone for Bindings {
    fn clone(&self) -> Self {
        Bindings {
            slots: self.slots.clone(),
            trail: self.trail.clone(),
            unifications: self.unifications,
            pairs: Vec::new(),
            may_cycle: self.may_cycle,
            constraints: self.constraints.clone(),
            pending: self.pending.clone(),
            escapes: self.escapes.clone(),
            head_first: false,
        }
    }

    fn clone_from(&mut self, other: &Self) {
        self.slots.clone_from(&other.slots);
        self.trail.clone_from(&other.trail);
        self.unifications = other.unifications;
        self.may_cycle = other.may_cycle;
        self.constraints.clone_from(&other.constraints);
        self.pending.clone_from(&other.pending);
        self.escapes.clone_from(&other.escapes);
    }
}

/// Options of unification.
#[derive(Clone, Copy, Debug)]
pub struct UnifyOptions {
    /// Refuse to bind a variable to a term containing it.
    pub occurs_check: bool,
    /// Relate two distinct `fn` pointer types with a region in them as binder types even without
    /// `for<..>` lifetimes, and unify what follows any pair left to the machine in the same
    /// unification after it, in order: chalk's unifier relates every pair of `fn` pointers through
    /// `relate_binders` (both passes, each with its variance, generalizing what it binds) as it
    /// walks the terms, which records the region constraints chalk lists. For `.chalk` programs
    /// (`Program::chalk_guidance`).
    pub relate_fn_ptrs: bool,
}

impl Default for UnifyOptions {
    fn default() -> Self {
        UnifyOptions {
            occurs_check: true,
            relate_fn_ptrs: false,
        }
    }
}

impl Bindings {
    /// Empty bindings.
    pub fn new() -> Bindings {
        Bindings::default()
    }

    /// Number of slots allocated.
    pub fn len(&self) -> usize {
        self.slots.len()
    }

    /// True when no slot is allocated.
    pub fn is_empty(&self) -> bool {
        self.slots.is_empty()
    }

    /// Allocate `n` fresh unbound slots in `universe`; returns the first.
    #[inline]
    pub fn alloc(&mut self, n: u32, universe: u32) -> u32 {
        let base = self.slots.len() as u32;
        for _ in 0..n {
            self.slots.push(Slot {
                term: UNBOUND,
                base: 0,
                universe,
                ground: false,
                gu: 0,
                kind: VarKind::General,
            });
        }
        base
    }

    /// The kind of a slot.
    pub fn kind(&self, slot: u32) -> VarKind {
        self.slots[slot as usize].kind
    }

    /// Narrow the kind of the unbound slot `slot` to `kind` (trailed); false when it conflicts with
    /// the slot's kind.
    pub fn narrow_kind(&mut self, slot: u32, kind: VarKind) -> bool {
        let old = self.slots[slot as usize].kind;
        match old.meet(kind) {
            Some(k) if k == old => true,
            Some(k) => {
                self.trail.push(Trail::Kind(slot, old));
                self.slots[slot as usize].kind = k;
                true
            }
            None => false,
        }
    }

    /// The universe of a slot.
    pub fn universe(&self, slot: u32) -> u32 {
        self.slots[slot as usize].universe
    }

    /// The current trail position, to undo back to.
    #[inline]
    pub fn mark(&self) -> usize {
        self.trail.len()
    }

    /// Undo every binding made since `mark`.
    pub fn undo(&mut self, mark: usize) {
        while self.trail.len() > mark {
            match self.trail.pop() {
                Some(Trail::Bind(s)) => self.slots[s as usize].term = UNBOUND,
                Some(Trail::Universe(s, u)) => self.slots[s as usize].universe = u,
                Some(Trail::Kind(s, k)) => self.slots[s as usize].kind = k,
                Some(Trail::Ground(s)) => self.slots[s as usize].ground = false,
                Some(Trail::Constraint) => {
                    self.constraints.pop();
                }
                Some(Trail::Pending) => {
                    self.pending.pop();
                }
                Some(Trail::Escape) => {
                    self.escapes.pop();
                }
                None => break,
            }
        }
    }

    /// Forget the trail (bindings stay): used when a derivation is copied and will never backtrack.
    pub fn clear_trail(&mut self) {
        self.trail.clear();
    }

    /// Follow bindings until an unbound slot or a non-variable term.
    #[inline]
    pub fn deref(&self, store: &Store, mut r: Ref) -> Deref {
        loop {
            match store.view(r.term) {
                View::Var(i) => {
                    let s = r.base + i;
                    let slot = &self.slots[s as usize];
                    if slot.term == UNBOUND {
                        return Deref::Unbound(s);
                    }
                    r = Ref {
                        term: slot.term,
                        base: slot.base,
                    };
                }
                _ => return Deref::Term(r),
            }
        }
    }

    /// Bind slot `s` to `r` (which must not be an unbound variable), checking universes and occurs.
    fn bind(&mut self, store: &Store, s: u32, r: Ref, opts: UnifyOptions) -> bool {
        let su = self.slots[s as usize].universe;
        let kind = self.slots[s as usize].kind;
        if kind != VarKind::General && !kind.admits(store, r.term) {
            return false;
        }
        let (ground, gu) = if store.is_ground(r.term) {
            let u = store.max_universe(r.term);
            if u > su {
                if !escapes_as_regions_only(store, r.term, su) {
                    return false;
                }
                return self.escape(s, r);
            }
            (true, u)
        } else {
            match self.check_and_lower(store, s, su, r, opts.occurs_check) {
                Some(Walked::Bindable(ground, gu)) => (ground, gu),
                Some(Walked::Escapes) => return self.escape(s, r),
                None => return false,
            }
        };
        let slot = &mut self.slots[s as usize];
        slot.term = r.term;
        slot.base = r.base;
        slot.ground = ground;
        slot.gu = gu;
        self.trail.push(Trail::Bind(s));
        true
    }

    /// Occurs check and universe check of binding slot `s` (universe `su`) to `r`; lowers the universes of
    /// the unbound slots inside `r` to `su`. Returns `None` when the binding is refused, otherwise whether
    /// the value is ground under the current bindings and its highest placeholder universe. Bound slots
    /// already known to hold a ground value are not walked again, so binding chains stay linear.
    fn check_and_lower(
        &mut self,
        store: &Store,
        s: u32,
        su: u32,
        r: Ref,
        occurs: bool,
    ) -> Option<Walked> {
        let mut stack = vec![r];
        let mut ground = true;
        let mut escapes = false;
        let mut mu = 0;
        // Compound terms already walked: a hash-consed value shares subterms (a DAG of depth d has
        // 2^d paths), and without the occurs check bindings may be cyclic. Small walks skip the set.
        let mut seen: rustc_hash::FxHashSet<Ref> = rustc_hash::FxHashSet::default();
        let mut walked = 0u32;
        let watch_always = self.may_cycle;
        // Bound slots whose values the walk went through: if the whole value turns out ground (in
        // universe 0), so are theirs, and they are marked so that the next walk stops at them (a
        // list built by bindings, walked again at each step of a recursion over it, would cost its
        // length per binding).
        let mut through: Vec<u32> = Vec::new();
        'next: while let Some(mut r) = stack.pop() {
            loop {
                if store.is_ground(r.term) {
                    let u = store.max_universe(r.term);
                    if u > su {
                        if !escapes_as_regions_only(store, r.term, su) {
                            return None;
                        }
                        escapes = true;
                        continue 'next;
                    }
                    mu = mu.max(u);
                    continue 'next;
                }
                match store.view(r.term) {
                    View::Var(i) => {
                        let v = r.base + i;
                        let slot = self.slots[v as usize];
                        if slot.term == UNBOUND {
                            if occurs && v == s {
                                return None;
                            }
                            ground = false;
                            if slot.universe > su {
                                self.trail.push(Trail::Universe(v, slot.universe));
                                self.slots[v as usize].universe = su;
                            }
                            continue 'next;
                        }
                        if slot.ground && slot.gu <= su {
                            mu = mu.max(slot.gu);
                            continue 'next;
                        }
                        if ground {
                            through.push(v);
                        }
                        r = Ref {
                            term: slot.term,
                            base: slot.base,
                        };
                    }
                    View::App(super::syms::REGION, [p]) => {
                        // A placeholder region the slot cannot name: given a fresh region of
                        // its own (`Bindings::escapes`).
                        if let Deref::Term(t) = self.deref(store, Ref::new(*p, r.base)) {
                            if let View::Placeholder(u, _) = store.view(t.term) {
                                if u > su {
                                    escapes = true;
                                    continue 'next;
                                }
                            }
                        }
                        stack.push(Ref::new(*p, r.base));
                        continue 'next;
                    }
                    View::App(_, args) => {
                        walked += 1;
                        if (watch_always || walked > 64) && !seen.insert(r) {
                            continue 'next;
                        }
                        stack.extend(args.iter().map(|&a| Ref::new(a, r.base)));
                        continue 'next;
                    }
                    View::Placeholder(u, _) if u > su => return None,
                    _ => continue 'next,
                }
            }
        }
        if escapes {
            return Some(Walked::Escapes);
        }
        if ground && mu == 0 {
            for v in through {
                let slot = &mut self.slots[v as usize];
                if !slot.ground {
                    slot.ground = true;
                    slot.gu = 0;
                    self.trail.push(Trail::Ground(v));
                }
            }
        }
        Some(Walked::Bindable(ground, mu))
    }

    /// Leave the binding of slot `s` to `r` to the machine (see [`Bindings::escapes`]).
    fn escape(&mut self, s: u32, r: Ref) -> bool {
        self.escapes.push((s, r));
        self.trail.push(Trail::Escape);
        true
    }

    /// The bindings left by unification whose values name placeholder regions their slots cannot
    /// (oldest first), taken out (as [`Bindings::take_pending`]).
    pub fn take_escapes(&mut self) -> Vec<(u32, Ref)> {
        std::mem::take(&mut self.escapes)
    }

    /// Bind two unbound slots together (the younger to the older, keeping the lower universe and the
    /// narrower kind); false when their kinds conflict.
    fn bind_vars(&mut self, store: &Store, a: u32, b: u32) -> bool {
        let (old, young) = if a < b { (a, b) } else { (b, a) };
        let ky = self.slots[young as usize].kind;
        if !self.narrow_kind(old, ky) {
            return false;
        }
        let uo = self.slots[old as usize].universe;
        let uy = self.slots[young as usize].universe;
        if uy < uo {
            self.trail.push(Trail::Universe(old, uo));
            self.slots[old as usize].universe = uy;
        }
        let v0 = store_var0(store);
        let slot = &mut self.slots[young as usize];
        slot.term = v0;
        slot.base = old;
        slot.ground = false;
        self.trail.push(Trail::Bind(young));
        true
    }

    /// Unify two terms. On failure some bindings may remain: undo to a mark taken before.
    pub fn unify(&mut self, store: &Store, a: Ref, b: Ref, opts: UnifyOptions) -> bool {
        self.unifications += 1;
        self.may_cycle |= !opts.occurs_check;
        // Fast path: a variable against a ground term (the common case when feeding answers).
        match (self.deref(store, a), self.deref(store, b)) {
            (Deref::Unbound(x), Deref::Term(t)) | (Deref::Term(t), Deref::Unbound(x))
                if store.is_ground(t.term) =>
            {
                return self.bind(store, x, t, opts);
            }
            (Deref::Term(x), Deref::Term(y)) if x.term == y.term && store.is_ground(x.term) => {
                return true
            }
            _ => {}
        }
        let mut work = std::mem::take(&mut self.pairs);
        work.clear();
        work.push((a, b));
        let ok = self.unify_loop(store, &mut work, opts);
        self.pairs = work;
        ok
    }

    fn unify_loop(
        &mut self,
        store: &Store,
        work: &mut Vec<(Ref, Ref)>,
        opts: UnifyOptions,
    ) -> bool {
        // With cyclic bindings possible, a pair of compound terms met again is already being
        // unified (rational trees are equal when no difference is found): do not unfold it again.
        let mut seen: rustc_hash::FxHashSet<(Ref, Ref)> = rustc_hash::FxHashSet::default();
        while let Some((a, b)) = work.pop() {
            if a.term == b.term && (a.base == b.base || store.is_ground(a.term)) {
                continue;
            }
            match (self.deref(store, a), self.deref(store, b)) {
                (Deref::Unbound(x), Deref::Unbound(y)) => {
                    if x != y && !self.bind_vars(store, x, y) {
                        return false;
                    }
                }
                (Deref::Unbound(x), Deref::Term(t)) | (Deref::Term(t), Deref::Unbound(x)) => {
                    if !self.bind(store, x, t, opts) {
                        return false;
                    }
                }
                (Deref::Term(x), Deref::Term(y)) => {
                    if x.term == y.term && (x.base == y.base || store.is_ground(x.term)) {
                        continue;
                    }
                    if self.may_cycle && !seen.insert((x, y)) {
                        continue;
                    }
                    let (vx, vy) = (store.view(x.term), store.view(y.term));
                    if let Some(ok) = self.binder_pair(store, x, vx, y, vy, opts) {
                        if !ok {
                            return false;
                        }
                        if opts.relate_fn_ptrs {
                            // What is left of this unification comes after the relation, in
                            // order, as chalk's unifier walks it.
                            while let Some((a, b)) = work.pop() {
                                self.push_pending(a, b, false);
                            }
                        }
                        continue;
                    }
                    match (vx, vy) {
                        (
                            View::App(super::syms::REGION, [p]),
                            View::App(super::syms::REGION, [q]),
                        ) => {
                            self.relate_regions(
                                store,
                                x,
                                Ref::new(*p, x.base),
                                y,
                                Ref::new(*q, y.base),
                                opts,
                            );
                        }
                        (View::App(f, xs), View::App(g, ys)) => {
                            if f != g || xs.len() != ys.len() {
                                return false;
                            }
                            // Pushed last to first, so arguments are unified left to right (the
                            // order region constraints are recorded in, as chalk's).
                            for (&p, &q) in xs.iter().zip(ys).rev() {
                                work.push((Ref::new(p, x.base), Ref::new(q, y.base)));
                            }
                        }
                        // Distinct atoms, integers or placeholders: interned, so different ids differ.
                        _ => return false,
                    }
                }
            }
        }
        true
    }

    /// Two distinct types of which one has a `'$for'` binder: `Some(true)` when they are left to the
    /// machine (a binder type against another or a `fn` pointer), `Some(false)` when they cannot
    /// be equal, `None` when neither is a binder type. Two `dyn` types one of which has a bound
    /// with a binder are left to the machine too.
    fn binder_pair(
        &mut self,
        store: &Store,
        x: Ref,
        vx: View<'_>,
        y: Ref,
        vy: View<'_>,
        opts: UnifyOptions,
    ) -> Option<bool> {
        use super::syms::BINDER;
        let fnlike = |v: View<'_>| match v {
            View::App(BINDER, _) => true,
            View::App(f, _) => Some(f) == store.roles().fn_ptr,
            _ => false,
        };
        // A rule's pattern `'$for'(N, F)` (its `N` a variable) takes a binder type apart.
        let pattern = |r: Ref, v: View<'_>| match v {
            View::App(BINDER, [n, _]) => {
                matches!(self.deref(store, Ref::new(*n, r.base)), Deref::Unbound(_))
            }
            _ => false,
        };
        if pattern(x, vx) || pattern(y, vy) {
            return None;
        }
        // A rule's pattern `'$fn'(Args, R)` (its arguments a variable) takes apart a `fn` pointer
        // without a binder only (a binder type has rules of its own, through `'$instantiate'`).
        let fn_pattern = |r: Ref, v: View<'_>| match v {
            View::App(f, args) if f != BINDER && args.len() >= 2 => {
                let params = args[args.len() - 2];
                matches!(
                    self.deref(store, Ref::new(params, r.base)),
                    Deref::Unbound(_)
                )
            }
            _ => false,
        };
        let binder = match (vx, vy) {
            (View::App(BINDER, _), _) | (_, View::App(BINDER, _)) => {
                if !(fnlike(vx) && fnlike(vy)) || fn_pattern(x, vx) || fn_pattern(y, vy) {
                    return Some(false);
                }
                true
            }
            (View::App(f, xs), View::App(g, ys))
                if opts.relate_fn_ptrs
                    && f == g
                    && xs.len() == ys.len()
                    && Some(f) == store.roles().fn_ptr =>
            {
                // Only where a region is met: relating types without one records no constraint,
                // and unifying them is what relating them comes to.
                !(fn_pattern(x, vx) || fn_pattern(y, vy))
                    && (self.mentions_region(store, x) || self.mentions_region(store, y))
            }
            (View::App(f, [bx, _]), View::App(g, [by, _]))
                if f == g && Some(f) == store.roles().existential =>
            {
                // Both bound lists known (a rule's `D(Bs, L)` pattern takes an existential apart).
                let known = |t: TermId, base: u32| {
                    matches!(self.deref(store, Ref::new(t, base)), Deref::Term(_))
                };
                known(*bx, x.base)
                    && known(*by, y.base)
                    && (has_binder_bound(self, store, Ref::new(*bx, x.base))
                        || has_binder_bound(self, store, Ref::new(*by, y.base)))
            }
            _ => false,
        };
        if !binder {
            return None;
        }
        self.push_pending(x, y, true);
        Some(true)
    }

    /// Whether `r` (under the bindings) has a region in it.
    fn mentions_region(&self, store: &Store, r: Ref) -> bool {
        let mut stack = vec![r];
        let mut seen: rustc_hash::FxHashSet<Ref> = rustc_hash::FxHashSet::default();
        while let Some(r) = stack.pop() {
            let Deref::Term(t) = self.deref(store, r) else {
                continue;
            };
            if !seen.insert(t) {
                continue;
            }
            match store.view(t.term) {
                View::App(super::syms::REGION, _) => return true,
                View::App(_, args) => stack.extend(args.iter().map(|&a| Ref::new(a, t.base))),
                _ => {}
            }
        }
        false
    }

    /// Leave a pair to the machine (the goal's side first): to relate as binder types, or to unify
    /// after those.
    fn push_pending(&mut self, x: Ref, y: Ref, relate: bool) {
        let (a, b) = if self.head_first { (y, x) } else { (x, y) };
        self.pending.push(Pending { a, b, relate });
        self.trail.push(Trail::Pending);
    }

    /// Unify a clause head with a goal (the head first, which decides the order of the region
    /// constraints recorded; binder relations keep the goal's side first, as chalk relates them).
    pub fn unify_head(&mut self, store: &Store, head: Ref, goal: Ref, opts: UnifyOptions) -> bool {
        self.head_first = true;
        let ok = self.unify(store, head, goal, opts);
        self.head_first = false;
        ok
    }

    /// The binder relations left by unification (oldest first), taken out (trailed: the pairs are
    /// dropped from the list, so backtracking past this point pops nothing twice).
    pub fn take_pending(&mut self) -> Vec<Pending> {
        // Each taken pair's trail entry stays; undoing it pops from an empty (or shorter) list,
        // which the machine guarantees by taking the pairs right after the unification.
        std::mem::take(&mut self.pending)
    }

    /// True when unification left binder relations for the machine.
    #[inline]
    pub fn has_pending(&self) -> bool {
        !self.pending.is_empty() || !self.escapes.is_empty()
    }

    /// Relate two regions `R(p)` (`a`) and `R(q)` (`b`) for equality, as chalk's unifier does:
    /// this never fails. Two inference regions are unified; an inference region meets a placeholder,
    /// `'static` or an erased region by being bound to it when its universe can name it; otherwise
    /// (two distinct known regions, or a value the variable's universe cannot see) the equality is
    /// recorded as the two constraints `a: b` and `b: a`.
    fn relate_regions(
        &mut self,
        store: &Store,
        a: Ref,
        p: Ref,
        b: Ref,
        q: Ref,
        opts: UnifyOptions,
    ) {
        match (self.deref(store, p), self.deref(store, q)) {
            (Deref::Unbound(x), Deref::Unbound(y)) => {
                if x != y {
                    // Region variables are all general: their kinds never conflict.
                    let _ = self.bind_vars(store, x, y);
                }
            }
            (Deref::Unbound(x), Deref::Term(t)) | (Deref::Term(t), Deref::Unbound(x)) => {
                let visible = store.is_ground(t.term)
                    && store.max_universe(t.term) <= self.slots[x as usize].universe;
                if !(visible && self.bind(store, x, t, opts)) {
                    self.push_constraint(a, b);
                    self.push_constraint(b, a);
                }
            }
            (Deref::Term(s), Deref::Term(t)) => {
                let same = s.term == t.term && (s.base == t.base || store.is_ground(s.term));
                if !same {
                    self.push_constraint(a, b);
                    self.push_constraint(b, a);
                }
            }
        }
    }

    /// Record the region constraint `a: b` (trailed).
    pub fn push_constraint(&mut self, a: Ref, b: Ref) {
        self.constraints.push((a, b));
        self.trail.push(Trail::Constraint);
    }

    /// Reverse the order of the region constraints recorded since there were `start` of them (the
    /// trail only counts them, so undoing is unaffected).
    pub fn reverse_constraints_from(&mut self, start: usize) {
        if let Some(tail) = self.constraints.get_mut(start..) {
            tail.reverse();
        }
    }

    /// The region constraints recorded so far, oldest first.
    pub fn constraints(&self) -> &[(Ref, Ref)] {
        &self.constraints
    }

    /// Materialize `r` as an interned term; unbound slots become `Var(k)`, numbered through `map`
    /// (slot -> k) in order of first appearance. Iterative.
    pub fn resolve(&self, store: &mut Store, r: Ref, map: &mut VarMap) -> TermId {
        enum Work {
            Visit(Ref),
            Build(super::Sym, usize, Ref),
        }
        if store.is_ground(r.term) {
            return r.term;
        }
        // Shared subterms are materialized once: a term that is a DAG of depth d costs O(d), not O(2^d).
        let mut memo: FxHashMap<Ref, TermId> = FxHashMap::default();
        match self.deref(store, r) {
            Deref::Unbound(s) => {
                let k = map.index(s);
                return store.var(k);
            }
            Deref::Term(r) if store.is_ground(r.term) => return r.term,
            Deref::Term(_) => {}
        }
        let mut work = vec![Work::Visit(r)];
        let mut out: Vec<TermId> = Vec::new();
        // Terms being built (only watched when a binding may be cyclic): meeting one again inside
        // itself is a cycle, materialized as the atom `'$cyclic'` rather than followed forever.
        let mut open: rustc_hash::FxHashSet<Ref> = rustc_hash::FxHashSet::default();
        while let Some(w) = work.pop() {
            match w {
                Work::Visit(r) => {
                    if store.is_ground(r.term) {
                        out.push(r.term);
                        continue;
                    }
                    match self.deref(store, r) {
                        Deref::Unbound(s) => {
                            let k = map.index(s);
                            out.push(store.var(k));
                        }
                        Deref::Term(r) => {
                            if store.is_ground(r.term) {
                                out.push(r.term);
                                continue;
                            }
                            if let Some(&t) = memo.get(&r) {
                                out.push(t);
                                continue;
                            }
                            if self.may_cycle && !open.insert(r) {
                                out.push(store.atom_named("$cyclic"));
                                continue;
                            }
                            if let View::App(f, args) = store.view(r.term) {
                                let n = args.len();
                                work.push(Work::Build(f, n, r));
                                let base = r.base;
                                for i in (0..n).rev() {
                                    let a = store.args(r.term)[i];
                                    work.push(Work::Visit(Ref::new(a, base)));
                                }
                            } else {
                                out.push(r.term);
                            }
                        }
                    }
                }
                Work::Build(f, n, r) => {
                    let start = out.len() - n;
                    let t = store.app(f, &out[start..]);
                    out.truncate(start);
                    out.push(t);
                    memo.insert(r, t);
                    if self.may_cycle {
                        open.remove(&r);
                    }
                }
            }
        }
        out.pop().unwrap_or(r.term)
    }

    /// True when a unification ran without the occurs check, so a binding may be cyclic.
    pub fn may_cycle(&self) -> bool {
        self.may_cycle
    }

    /// True when `r` is a cyclic term (a rational tree: walking it meets a compound inside
    /// itself). Iterative; a shared subterm is walked once.
    pub fn is_cyclic(&self, store: &Store, r: Ref) -> bool {
        if !self.may_cycle {
            return false;
        }
        enum W {
            Enter(Ref),
            Exit(Ref),
        }
        let mut open: rustc_hash::FxHashSet<Ref> = rustc_hash::FxHashSet::default();
        let mut done: rustc_hash::FxHashSet<Ref> = rustc_hash::FxHashSet::default();
        let mut work = vec![W::Enter(r)];
        while let Some(w) = work.pop() {
            match w {
                W::Exit(r) => {
                    open.remove(&r);
                    done.insert(r);
                }
                W::Enter(r) => {
                    if store.is_ground(r.term) {
                        continue;
                    }
                    let Deref::Term(r) = self.deref(store, r) else {
                        continue;
                    };
                    if store.is_ground(r.term) || done.contains(&r) {
                        continue;
                    }
                    if !open.insert(r) {
                        return true;
                    }
                    work.push(W::Exit(r));
                    if let View::App(_, xs) = store.view(r.term) {
                        for &x in xs.iter().rev() {
                            work.push(W::Enter(Ref::new(x, r.base)));
                        }
                    }
                }
            }
        }
        false
    }

    /// `x == y` on rational trees: equal structure and the same unbound slots, a pair of compounds
    /// met again counting as equal (iterative).
    pub fn identical(&self, store: &Store, x: Ref, y: Ref) -> bool {
        self.equal_walk(store, x, y, None)
    }

    /// `x =@= y` on rational trees: equal up to a one-to-one renaming of unbound slots.
    pub fn variant(&self, store: &Store, x: Ref, y: Ref) -> bool {
        let mut maps = (FxHashMap::default(), FxHashMap::default());
        self.equal_walk(store, x, y, Some(&mut maps))
    }

    #[allow(clippy::type_complexity)]
    fn equal_walk(
        &self,
        store: &Store,
        x: Ref,
        y: Ref,
        mut rename: Option<&mut (FxHashMap<u32, u32>, FxHashMap<u32, u32>)>,
    ) -> bool {
        let mut seen: rustc_hash::FxHashSet<(Ref, Ref)> = rustc_hash::FxHashSet::default();
        let mut work = vec![(x, y)];
        while let Some((x, y)) = work.pop() {
            match (self.deref(store, x), self.deref(store, y)) {
                (Deref::Unbound(a), Deref::Unbound(b)) => match rename.as_deref_mut() {
                    None if a != b => return false,
                    None => {}
                    Some((l, r)) => {
                        let one_to_one =
                            *l.entry(a).or_insert(b) == b && *r.entry(b).or_insert(a) == a;
                        if !one_to_one {
                            return false;
                        }
                    }
                },
                (Deref::Term(p), Deref::Term(q)) => {
                    if p == q && rename.is_none() {
                        continue;
                    }
                    let (gp, gq) = (store.is_ground(p.term), store.is_ground(q.term));
                    if gp && gq {
                        if p.term != q.term {
                            return false;
                        }
                        continue;
                    }
                    match (store.view(p.term), store.view(q.term)) {
                        (View::App(f, xs), View::App(g, ys)) => {
                            if f != g || xs.len() != ys.len() {
                                return false;
                            }
                            if !seen.insert((p, q)) {
                                continue;
                            }
                            for (&a, &b) in xs.iter().zip(ys).rev() {
                                work.push((Ref::new(a, p.base), Ref::new(b, q.base)));
                            }
                        }
                        _ => return false,
                    }
                }
                _ => return false,
            }
        }
        true
    }

    /// True when `r` dereferences to an unbound slot or contains one.
    pub fn is_ground(&self, store: &Store, r: Ref) -> bool {
        let mut stack = vec![r];
        let mut seen: rustc_hash::FxHashSet<Ref> = rustc_hash::FxHashSet::default();
        let mut walked = 0u32;
        while let Some(r) = stack.pop() {
            if store.is_ground(r.term) {
                continue;
            }
            walked += 1;
            match self.deref(store, r) {
                Deref::Unbound(_) => return false,
                Deref::Term(r) if (self.may_cycle || walked > 64) && !seen.insert(r) => {}
                Deref::Term(r) => {
                    if let View::App(_, args) = store.view(r.term) {
                        stack.extend(args.iter().map(|&a| Ref::new(a, r.base)));
                    }
                }
            }
        }
        true
    }
}

/// True when the bound list of an existential type (the vocabulary's `existential`) holds a bound
/// with a `'$for'` binder (iterative).
/// A pair unification left to the machine (`Bindings::take_pending`), the goal's side first.
#[derive(Clone, Copy, Debug)]
pub struct Pending {
    pub a: Ref,
    pub b: Ref,
    /// Relate them as binder types (chalk's `relate_binders`); otherwise unify them (what followed
    /// such a pair in its unification, with `UnifyOptions::relate_fn_ptrs`).
    pub relate: bool,
}

/// What walking a value to bind found (`Bindings::check_and_lower`).
enum Walked {
    /// It may be bound: whether it is ground under the bindings, and its highest placeholder
    /// universe.
    Bindable(bool, u32),
    /// It names, as regions only, placeholders the slot cannot see.
    Escapes,
}

/// Whether every placeholder of the ground term `t` in a universe above `su` is a region
/// (`R(P)`, [`super::syms::REGION`]): then binding a variable of universe `su` to it escapes rather than fails.
fn escapes_as_regions_only(store: &Store, t: TermId, su: u32) -> bool {
    let mut stack = vec![t];
    while let Some(x) = stack.pop() {
        if store.max_universe(x) <= su {
            continue;
        }
        match store.view(x) {
            View::App(super::syms::REGION, [p])
                if matches!(store.view(*p), View::Placeholder(..)) => {}
            View::Placeholder(..) => return false,
            _ => stack.extend_from_slice(store.args(x)),
        }
    }
    true
}

/// Whether the bound list `list` (through the bindings: a rule builds it from variables) has a
/// bound under a `'$for'` binder.
fn has_binder_bound(b: &Bindings, store: &Store, list: Ref) -> bool {
    let mut list = list;
    loop {
        let Deref::Term(l) = b.deref(store, list) else {
            return false;
        };
        let View::App(super::syms::CONS, [x, rest]) = store.view(l.term) else {
            return false;
        };
        if let Deref::Term(t) = b.deref(store, Ref::new(*x, l.base)) {
            if matches!(store.view(t.term), View::App(super::syms::BINDER, _)) {
                return true;
            }
        }
        list = Ref::new(*rest, l.base);
    }
}

/// `Var(0)`: the stored term used to point one slot at another (with base = the target slot).
fn store_var0(store: &Store) -> TermId {
    store.var0
}

/// Numbers unbound slots in order of first appearance.
#[derive(Default, Debug, Clone)]
pub struct VarMap {
    map: FxHashMap<u32, u32>,
    /// The slots, in the order they were numbered.
    pub slots: Vec<u32>,
    identity: bool,
}

impl VarMap {
    /// An empty map.
    pub fn new() -> VarMap {
        VarMap::default()
    }

    /// The number of `slot`, assigning the next one if new.
    pub fn index(&mut self, slot: u32) -> u32 {
        if self.identity {
            return slot;
        }
        if let Some(&k) = self.map.get(&slot) {
            return k;
        }
        let k = self.slots.len() as u32;
        self.map.insert(slot, k);
        self.slots.push(slot);
        k
    }

    /// A map that numbers slot `s` as `s` (absolute numbering).
    pub fn identity() -> VarMap {
        VarMap {
            identity: true,
            ..VarMap::default()
        }
    }

    /// A map that already numbers `slots` as 0, 1, ...
    pub fn with_slots(slots: &[u32]) -> VarMap {
        let mut m = VarMap::new();
        for &s in slots {
            m.index(s);
        }
        m
    }

    /// How many slots are numbered.
    pub fn len(&self) -> usize {
        self.slots.len()
    }

    /// True when none is.
    pub fn is_empty(&self) -> bool {
        self.slots.is_empty()
    }
}

impl Bindings {
    /// Drop every slot from `len` on (their bindings must already be undone).
    #[inline]
    pub fn truncate(&mut self, len: usize) {
        self.slots.truncate(len);
    }

    /// Bind an unbound slot without any check (used to bind a `forall` variable to its placeholder).
    pub fn force_bind(&mut self, slot: u32, r: Ref) {
        let s = &mut self.slots[slot as usize];
        s.term = r.term;
        s.base = r.base;
        // Not marked ground: the universe of what it holds is re-checked when walked.
        s.ground = false;
        self.trail.push(Trail::Bind(slot));
    }

    /// Set the universe of a slot (trailed).
    pub fn set_universe(&mut self, slot: u32, u: u32) {
        let old = self.slots[slot as usize].universe;
        self.trail.push(Trail::Universe(slot, old));
        self.slots[slot as usize].universe = u;
    }

    /// A `Ref` naming slot `s` itself.
    #[inline]
    pub fn slot_ref(store: &Store, s: u32) -> Ref {
        Ref {
            term: store.var0,
            base: s,
        }
    }

    /// Materialize `r` with *absolute* numbering: an unbound slot `s` becomes `Var(s)`, so that
    /// `Ref::new(result, 0)` denotes the same term in these bindings.
    pub fn resolve_absolute(&self, store: &mut Store, r: Ref) -> TermId {
        // Reuse `resolve` with an identity numbering.
        let mut map = VarMap::identity();
        self.resolve(store, r, &mut map)
    }
}

#[cfg(test)]
mod slots_tests {
    use super::*;

    fn slot(i: u32) -> Slot {
        Slot {
            term: TermId(i),
            base: 0,
            universe: 0,
            ground: false,
            gu: 0,
            kind: VarKind::General,
        }
    }

    fn filled(n: u32) -> Slots {
        let mut s = Slots::default();
        for i in 0..n {
            s.push(slot(i));
        }
        s
    }

    /// The chunks of a `Slots`, in order.
    fn chunks(s: &Slots) -> Vec<&Rc<Vec<Slot>>> {
        s.dirs.iter().flat_map(|d| d.iter()).collect()
    }

    /// A copy shares every directory; a write copies only the directory and the chunk it goes
    /// through, and the original keeps its values.
    #[test]
    fn a_copy_shares_chunks_until_written() {
        let a = filled(3 * DIR as u32 + 200);
        let mut b = a.clone();
        assert!(a.dirs.iter().zip(&b.dirs).all(|(x, y)| Rc::ptr_eq(x, y)));
        let i = DIR + 70;
        b[i].term = TermId(99999);
        assert_eq!(a[i].term, TermId(i as u32));
        assert_eq!(b[i].term, TermId(99999));
        let shared_dirs = a
            .dirs
            .iter()
            .zip(&b.dirs)
            .filter(|(x, y)| Rc::ptr_eq(x, y))
            .count();
        assert_eq!(shared_dirs, a.dirs.len() - 1);
        let shared = chunks(&a)
            .iter()
            .zip(chunks(&b))
            .filter(|(x, y)| Rc::ptr_eq(x, y))
            .count();
        assert_eq!(shared, chunks(&a).len() - 1);
    }

    /// Truncating at and across chunk boundaries keeps the slots before the cut, and what is
    /// pushed after it does not show through in a copy that shares the chunk.
    #[test]
    fn truncate_and_push_across_chunk_boundaries() {
        let total = 2 * DIR + 200;
        let a = filled(total as u32);
        let cuts = [
            total,
            total - 1,
            2 * DIR + 1,
            2 * DIR,
            2 * DIR - 1,
            DIR + 129,
            DIR + 64,
            DIR,
            DIR - 1,
            129,
            128,
            127,
            65,
            64,
            63,
            1,
            0,
        ];
        for n in cuts {
            let mut c = a.clone();
            c.truncate(n);
            assert_eq!(c.len(), n);
            assert_eq!(c.dirs.len(), n.div_ceil(DIR));
            assert_eq!(chunks(&c).len(), n.div_ceil(CHUNK));
            assert!((0..n).all(|i| c[i].term == TermId(i as u32)), "{n}");
            c.push(slot(50000));
            c.push(slot(50001));
            assert_eq!(c.len(), n + 2);
            assert_eq!(c[n].term, TermId(50000));
            assert_eq!(c[n + 1].term, TermId(50001));
            assert!((0..total).all(|i| a[i].term == TermId(i as u32)), "{n}");
        }
        let mut empty = Slots::default();
        empty.truncate(0);
        assert!(empty.is_empty());
    }
}

#[cfg(test)]
mod ground_mark_tests {
    use super::*;

    /// A walk that finds a bound slot's value ground marks the slot, and backtracking past a
    /// binding that the value's groundness rested on clears the mark: the occurs check then walks
    /// through the slot again and refuses a cyclic binding.
    #[test]
    fn ground_marks_are_trailed() {
        let mut store = Store::new();
        let f = store.sym("f");
        let v: Vec<TermId> = (0..4).map(|i| store.var(i)).collect();
        let (fb, fc) = (store.app(f, &[v[1]]), store.app(f, &[v[2]]));
        let one = store.int(1);
        let r = |t: TermId| Ref::new(t, 0);
        let opts = UnifyOptions::default();
        let mut b = Bindings::new();
        b.alloc(4, 0);
        // A = f(B), B = f(C): neither is ground yet.
        assert!(b.unify(&store, r(v[0]), r(fb), opts));
        assert!(b.unify(&store, r(v[1]), r(fc), opts));
        assert!(!b.slots[1].ground);
        let before_c = b.mark();
        assert!(b.unify(&store, r(v[2]), r(one), opts));
        // D = A walks f(B), through B's f(C), to C's 1: B is marked ground.
        assert!(b.unify(&store, r(v[3]), r(v[0]), opts));
        assert!(b.slots[1].ground);
        assert!(b.is_ground(&store, r(v[0])));
        b.undo(before_c);
        assert!(!b.slots[1].ground);
        assert!(!b.is_ground(&store, r(v[0])));
        // C = f(A) would make A = f(f(f(A))): refused.
        let fa = store.app(f, &[v[0]]);
        assert!(!b.unify(&store, r(v[2]), r(fa), opts));
    }
}
