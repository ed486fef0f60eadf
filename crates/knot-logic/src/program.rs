//! A loaded program: clauses indexed by predicate and first argument, declarations and queries.
//! It knows nothing of Rust: the lowering produces one of these, and so does a `.pl` file.

use crate::dialect::Dialect;
use crate::error::{Error, Result, Span};
use crate::syntax::clauses::{Item, ItemKind};
use crate::term::{syms, Store, Sym, TermId, View};
use rustc_hash::{FxHashMap, FxHashSet};
use std::sync::Arc;

/// A predicate indicator `name/arity`.
pub type Pred = (Sym, u32);

/// One program clause `head :- body`.
///
/// A fact base holds millions of these, so the record is kept small (48 bytes): the four term ids
/// every resolution step reads, the source position packed into 32-bit fields, and what a fact
/// rarely has (body conjuncts, variable names, an origin label, a span too large to pack) behind one
/// pointer that a ground fact leaves empty.
#[derive(Clone, Debug)]
pub struct Clause {
    /// The clause as written (`Head :- Body` or a fact).
    pub term: TermId,
    /// The head (an atom or compound term).
    pub head: TermId,
    /// The body as one goal term (`true` for a fact).
    pub body_term: TermId,
    /// Variables are `Var(0..nvars)`.
    pub nvars: u32,
    at: Option<PackedSpan>,
    extra: Option<Box<ClauseExtra>>,
}

/// A [`Span`] whose offsets, line and column fit in 32 bits (every file under 4 GiB).
#[derive(Clone, Debug)]
struct PackedSpan {
    file: std::sync::Arc<str>,
    start: u32,
    len: u32,
    line: u32,
    col: u32,
}

impl PackedSpan {
    fn pack(s: &Span) -> Option<PackedSpan> {
        Some(PackedSpan {
            file: s.file.clone(),
            start: u32::try_from(s.start).ok()?,
            len: u32::try_from(s.end.checked_sub(s.start)?).ok()?,
            line: u32::try_from(s.line).ok()?,
            col: u32::try_from(s.col).ok()?,
        })
    }

    fn unpack(&self) -> Span {
        Span {
            file: self.file.clone(),
            start: self.start as usize,
            end: self.start as usize + self.len as usize,
            line: self.line as usize,
            col: self.col as usize,
        }
    }
}

/// The parts of a [`Clause`] a ground fact does without.
#[derive(Clone, Debug, Default)]
struct ClauseExtra {
    body: Box<[TermId]>,
    /// Shared with the other clauses that use the same names (an image's clauses decode to one
    /// `Arc` per distinct name).
    var_names: Arc<[Arc<str>]>,
    /// Shared with the clauses lowered from the same item.
    origin: Option<Arc<str>>,
    /// A span that does not pack (offsets beyond 32 bits).
    span: Option<Box<Span>>,
}

impl ClauseExtra {
    fn is_empty(&self) -> bool {
        self.body.is_empty()
            && self.var_names.is_empty()
            && self.origin.is_none()
            && self.span.is_none()
    }
}

impl Clause {
    /// A clause: `body` is the body's conjuncts in order (empty for a fact), `var_names` the names of
    /// `Var(0..)` for printing, `span` where it was read, `origin` a label for explanations (e.g. the
    /// impl it was lowered from).
    #[allow(clippy::too_many_arguments)]
    pub fn new(
        term: TermId,
        head: TermId,
        body: Vec<TermId>,
        body_term: TermId,
        nvars: u32,
        var_names: Vec<Box<str>>,
        span: Option<Span>,
        origin: Option<Box<str>>,
    ) -> Clause {
        let at = span.as_ref().and_then(PackedSpan::pack);
        let extra = ClauseExtra {
            body: body.into_boxed_slice(),
            var_names: var_names.into_iter().map(Arc::from).collect(),
            origin: origin.map(Arc::from),
            span: if at.is_none() {
                span.map(Box::new)
            } else {
                None
            },
        };
        Clause {
            term,
            head,
            body_term,
            nvars,
            at,
            extra: (!extra.is_empty()).then(|| Box::new(extra)),
        }
    }

    /// The body's conjuncts, in order (empty for a fact).
    #[inline]
    pub fn body(&self) -> &[TermId] {
        self.extra.as_ref().map_or(&[], |e| &e.body)
    }

    /// Variable names for printing (by variable index; may be shorter than `nvars`).
    pub fn var_names(&self) -> &[Arc<str>] {
        self.extra.as_ref().map_or(&[], |e| &e.var_names)
    }

    /// Where it came from.
    pub fn span(&self) -> Option<Span> {
        match &self.at {
            Some(p) => Some(p.unpack()),
            None => self.extra.as_ref().and_then(|e| e.span.as_deref().cloned()),
        }
    }

    /// A label for explanations (e.g. the impl it was lowered from).
    pub fn origin(&self) -> Option<&str> {
        self.extra.as_ref().and_then(|e| e.origin.as_deref())
    }

    /// Set the label for explanations.
    pub fn set_origin(&mut self, origin: Option<Box<str>>) {
        let mut extra = self.extra.take().map(|b| *b).unwrap_or_default();
        extra.origin = origin.map(Arc::from);
        self.extra = (!extra.is_empty()).then(|| Box::new(extra));
    }
}

/// A `?- Goal.` query in a file.
#[derive(Clone, Debug)]
pub struct Query {
    /// The goal.
    pub goal: TermId,
    /// Variable names by index.
    pub var_names: Vec<Box<str>>,
    /// Where.
    pub span: Option<Span>,
}

/// First-argument index key.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
enum Key {
    Const(TermId),
    Functor(Sym, u32),
}

/// Index of one argument position: for each key, the clauses whose argument there has that key or is a
/// variable, in source order. Most keys of a large fact base have one clause: the table holds just
/// its number (its key is read off the clause when needed), and otherwise (marked by [`MANY`]) the
/// position of the key's list in `many`, so an entry is 4 bytes and a control byte (a million keys:
/// 10 MiB of table; a map from keys was 34, and 96 before that).
#[derive(Default, Debug)]
struct ArgIndex {
    pos: usize,
    by_key: hashbrown::HashTable<u32>,
    many: Vec<(Key, Vec<u32>)>,
    var_clauses: Vec<u32>,
}

/// Marks an [`ArgIndex`] entry that is the position of a list in `many` (clause numbers are below
/// 2^31).
const MANY: u32 = 1 << 31;

fn key_hash(k: Key) -> u64 {
    use std::hash::{Hash, Hasher};
    let mut h = rustc_hash::FxHasher::default();
    k.hash(&mut h);
    h.finish()
}

impl ArgIndex {
    /// The key of a table entry: a list's, or its clause's argument's.
    fn entry_key(
        pos: usize,
        many: &[(Key, Vec<u32>)],
        store: &Store,
        clauses: &[Clause],
        e: u32,
    ) -> Key {
        if e & MANY == 0 {
            let a = store.args(clauses[e as usize].head)[pos];
            key_of(store, a).unwrap_or_else(|| unreachable!("a clause in the table has a key"))
        } else {
            many[(e & !MANY) as usize].0
        }
    }

    /// Index clause `idx` (not yet among `clauses`) under `key` (`None`: a variable there).
    fn push(&mut self, store: &Store, clauses: &[Clause], idx: u32, key: Option<Key>) {
        debug_assert!(idx < MANY);
        let pos = self.pos;
        match key {
            None => {
                self.var_clauses.push(idx);
                for v in self.by_key.iter_mut() {
                    Self::append(pos, &mut self.many, store, clauses, v, idx);
                }
            }
            Some(k) => {
                let many = &self.many;
                let entry = self.by_key.entry(
                    key_hash(k),
                    |&e| Self::entry_key(pos, many, store, clauses, e) == k,
                    |&e| key_hash(Self::entry_key(pos, many, store, clauses, e)),
                );
                match entry {
                    hashbrown::hash_table::Entry::Occupied(mut e) => {
                        Self::append(pos, &mut self.many, store, clauses, e.get_mut(), idx);
                    }
                    hashbrown::hash_table::Entry::Vacant(e) => {
                        if self.var_clauses.is_empty() {
                            e.insert(idx);
                        } else {
                            let mut l = self.var_clauses.clone();
                            l.push(idx);
                            e.insert(MANY | self.many.len() as u32);
                            self.many.push((k, l));
                        }
                    }
                }
            }
        }
    }

    /// Add clause `idx` to the entry `v`: a single clause becomes a list in `many`.
    fn append(
        pos: usize,
        many: &mut Vec<(Key, Vec<u32>)>,
        store: &Store,
        clauses: &[Clause],
        v: &mut u32,
        idx: u32,
    ) {
        if *v & MANY == 0 {
            let first = *v;
            let k = Self::entry_key(pos, many, store, clauses, first);
            *v = MANY | many.len() as u32;
            many.push((k, vec![first, idx]));
        } else {
            many[(*v & !MANY) as usize].1.push(idx);
        }
    }

    fn get<'a>(&'a self, store: &Store, clauses: &[Clause], k: Key) -> &'a [u32] {
        let found = self.by_key.find(key_hash(k), |&e| {
            Self::entry_key(self.pos, &self.many, store, clauses, e) == k
        });
        match found {
            Some(v) if v & MANY == 0 => std::slice::from_ref(v),
            Some(v) => &self.many[(v & !MANY) as usize].1,
            None => &self.var_clauses,
        }
    }

    /// The index of argument `pos` over `clauses` (in order), built in one pass.
    fn build(store: &Store, program: &[Clause], clauses: &[u32], pos: usize) -> ArgIndex {
        let mut ix = ArgIndex {
            pos,
            ..ArgIndex::default()
        };
        for &c in clauses {
            let a = store.args(program[c as usize].head)[pos];
            ix.push(store, program, c, key_of(store, a));
        }
        ix
    }
}

/// Arguments indexed per predicate (the first few positions).
const INDEXED_ARGS: usize = 4;

/// How deep the first argument's leftmost path is indexed.
const PATH_DEPTH: usize = 3;

/// The leftmost path of a term: its functor, its first argument's functor, ... down to a constant, a
/// variable or [`PATH_DEPTH`] steps. `n(a('Next'('T0'), 'Out'), U)` has the path
/// `a/2, 'Next'/1, 'T0'` for its first argument: where every clause's first argument has the
/// same functor, the path still tells them apart.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
struct Path {
    keys: [Option<Key>; PATH_DEPTH],
    len: u8,
}

/// The leftmost path of `t`, and whether it stops at a variable (then it matches every path it is a
/// prefix of).
fn path_of(store: &Store, mut t: TermId) -> (Path, bool) {
    let mut p = Path::default();
    while (p.len as usize) < PATH_DEPTH {
        match store.view(t) {
            // A binder type relates to a `fn` pointer of another spelling: a wildcard, as a variable.
            View::Var(_) | View::App(syms::BINDER, _) => return (p, true),
            View::App(f, args) => {
                p.keys[p.len as usize] = Some(Key::Functor(f, args.len() as u32));
                p.len += 1;
                match args.first() {
                    Some(&a) => t = a,
                    None => return (p, false),
                }
            }
            _ => {
                p.keys[p.len as usize] = Some(Key::Const(t));
                p.len += 1;
                return (p, false);
            }
        }
    }
    (p, false)
}

/// The first argument indexed by its whole leftmost path: for each complete path (of two steps or
/// more: one step is the first-level index), the clauses whose first argument has that path or a
/// variable-ended prefix of it, in source order.
#[derive(Default, Debug)]
struct PathIndex {
    by_path: FxHashMap<Path, Vec<u32>>,
    /// The complete paths of `by_path` under each of their proper prefixes.
    paths_by_prefix: FxHashMap<Path, Vec<Path>>,
    /// For each prefix at which some clause's path stops at a variable: the clauses whose path stops
    /// at a variable at that prefix or at a shorter one of it, in source order.
    open: FxHashMap<Path, Vec<u32>>,
    /// The keys of `open` under each of their prefixes (themselves included).
    open_by_prefix: FxHashMap<Path, Vec<Path>>,
}

impl Path {
    fn prefix(&self, len: u8) -> Path {
        let mut p = Path {
            len,
            ..Path::default()
        };
        p.keys[..len as usize].copy_from_slice(&self.keys[..len as usize]);
        p
    }
}

impl PathIndex {
    /// The open clauses matching every path that starts with `path.prefix(len)` (from the longest of
    /// its prefixes, up to `len` steps, that has any).
    fn open_under(&self, path: &Path, len: u8) -> &[u32] {
        (0..=len)
            .rev()
            .find_map(|k| self.open.get(&path.prefix(k)))
            .map_or(&[], |v| &v[..])
    }

    fn push(&mut self, idx: u32, (path, open): (Path, bool)) {
        if open {
            if let Some(paths) = self.paths_by_prefix.get(&path) {
                for p in paths {
                    if let Some(v) = self.by_path.get_mut(p) {
                        v.push(idx);
                    }
                }
            }
            if !self.open.contains_key(&path) {
                let seed = match path.len {
                    0 => Vec::new(),
                    n => self.open_under(&path, n - 1).to_vec(),
                };
                self.open.insert(path, seed);
                for k in 0..=path.len {
                    self.open_by_prefix
                        .entry(path.prefix(k))
                        .or_default()
                        .push(path);
                }
            }
            if let Some(keys) = self.open_by_prefix.get(&path) {
                for q in keys {
                    if let Some(v) = self.open.get_mut(q) {
                        v.push(idx);
                    }
                }
            }
            return;
        }
        if path.len < 2 {
            return;
        }
        if !self.by_path.contains_key(&path) {
            let seed = self.open_under(&path, path.len - 1).to_vec();
            for k in 0..path.len {
                self.paths_by_prefix
                    .entry(path.prefix(k))
                    .or_default()
                    .push(path);
            }
            self.by_path.insert(path, seed);
        }
        if let Some(v) = self.by_path.get_mut(&path) {
            v.push(idx);
        }
    }

    /// The clauses for a call whose first argument has this complete path (of two steps or more):
    /// those with exactly this path, or, when there are none, only those whose path stops at a
    /// variable along it.
    fn get(&self, path: &Path) -> &[u32] {
        match self.by_path.get(path) {
            Some(v) => v,
            None => self.open_under(path, path.len - 1),
        }
    }
}

/// The indexes of one predicate. Each is built in one pass over the clauses the first time a call needs
/// it (loading a large fact base indexes nothing; a query indexes only the positions it binds), and kept
/// up to date by clauses added after that.
#[derive(Default, Debug)]
struct PredIndex {
    all: Vec<u32>,
    /// Some clause has a body (other than `true`).
    has_body: bool,
    /// Some clause is not a fact whose arguments are all atoms or integers ([`Program::fact_rows`]).
    not_rows: bool,
    /// While `not_rows` is false: where the clauses' head arguments are in the store's argument
    /// array, as ranges (`Store::args_range`), a row per clause in order. Facts loaded one after
    /// another are one range: no copy of their arguments is kept.
    rows: Vec<(u32, u32)>,
    /// The arity (the number of positions `args` indexes is its minimum with [`INDEXED_ARGS`]).
    arity: usize,
    args: [std::sync::OnceLock<ArgIndex>; INDEXED_ARGS],
    first_path: std::sync::OnceLock<PathIndex>,
}

impl PredIndex {
    fn arg(&self, store: &Store, clauses: &[Clause], pos: usize) -> &ArgIndex {
        self.args[pos].get_or_init(|| ArgIndex::build(store, clauses, &self.all, pos))
    }

    fn path(&self, store: &Store, clauses: &[Clause]) -> &PathIndex {
        self.first_path.get_or_init(|| {
            let mut ix = PathIndex::default();
            for &c in &self.all {
                if let Some(&a) = store.args(clauses[c as usize].head).first() {
                    ix.push(c, path_of(store, a));
                }
            }
            ix
        })
    }
}

/// What a foreign predicate says about a call.
#[derive(Clone, Debug)]
pub enum ForeignResult {
    /// Not handled here: resolve the call against the program's clauses as usual.
    Defer,
    /// The call's solutions: each term is unified with the call (one choice point each).
    Answers(Vec<TermId>),
    /// The call's solutions as `Answers`, followed by default ones: the `recursive` strategy drops a
    /// default when an ordinary answer has the same first argument (chalk's low clause priority, as
    /// a `'$fallback'` clause); the other strategies keep them all.
    Ranked {
        /// Ordinary solutions.
        answers: Vec<TermId>,
        /// Default solutions.
        defaults: Vec<TermId>,
    },
    /// A limit of the foreign code was hit: the search stops with Overflow naming it.
    Overflow(&'static str),
    /// A nested search the foreign code ran (under the caller's remaining limits) was stopped by a
    /// limit: the answer is unknown, and the caller's search stops with Overflow naming that limit.
    Stopped(crate::solve::StopReason),
}

/// A predicate implemented in Rust rather than by clauses (Prolog's foreign interface): knot's engine
/// calls it with the goal resolved under the current bindings (variables numbered from 0 in order).
/// The associated-type normalizer of `src/normalize` is one (for `alias_eq/2`).
///
/// `limits` are what remains of the caller's limits (steps left, time left, the same cancel flag): a
/// nested search the foreign code runs must use them, and report a limit it hits as
/// [`ForeignResult::Stopped`] (unknown), never as "no answer".
pub trait Foreign: Send + Sync {
    /// Answer `goal` over `program` within `limits`.
    fn call(
        &self,
        store: &mut Store,
        program: &Program,
        goal: TermId,
        limits: &crate::solve::Limits,
    ) -> ForeignResult;

    /// Whether its answers may depend on hypotheses in scope (`if (T: Clone) { .. }`) that
    /// [`Foreign::call`] does not see: such a predicate is not called under any hypothesis, and the
    /// goal goes to the clauses instead. (A predicate is never called when a hypothesis is about the
    /// predicate itself.)
    fn reads_hypotheses(&self) -> bool {
        false
    }
}

/// Foreign predicates by name and arity.
#[derive(Default, Clone)]
pub struct ForeignPreds(pub FxHashMap<Pred, std::sync::Arc<dyn Foreign>>);

impl std::fmt::Debug for ForeignPreds {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "ForeignPreds({} predicates)", self.0.len())
    }
}

/// The generation of a program: a process-wide unique number, new for every program and after every
/// change made through [`Program`]'s methods. Solver caches are keyed by it (never by the program's
/// address, which a later program may reuse).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Generation(u64);

impl Generation {
    /// A generation no program had before.
    pub fn fresh() -> Generation {
        static NEXT: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(1);
        Generation(NEXT.fetch_add(1, std::sync::atomic::Ordering::Relaxed))
    }
}

impl Default for Generation {
    fn default() -> Self {
        Generation::fresh()
    }
}

/// A set of clauses with their declarations.
#[derive(Default, Debug)]
pub struct Program {
    /// Predicates implemented in Rust (see `Foreign`); they take precedence over clauses.
    pub foreign: ForeignPreds,
    /// See [`Program::generation`].
    generation: Generation,
    clauses: Vec<Clause>,
    preds: FxHashMap<Pred, PredIndex>,
    /// Predicates declared `:- table p/N`.
    pub tabled: FxHashSet<Pred>,
    /// Predicates declared `:- coinductive p/N`.
    pub coinductive: FxHashSet<Pred>,
    /// Predicates declared `:- non_enumerable p/N`: a call whose first argument is an unbound variable
    /// flounders (the answers cannot be enumerated) instead of trying every clause.
    pub non_enumerable: FxHashSet<Pred>,
    /// Functors the program names but does not define (a `.rs` program's types imported from
    /// modules knot cannot see): clauses the program does not have may speak of them, so a call
    /// that mentions one has, beside its clauses' answers, one only possible that binds nothing
    /// (`'$open'`; the machine adds it). Empty for most programs, which then pay nothing.
    pub open: FxHashSet<Sym>,
    /// Predicates whose first argument wraps a goal, `_(G, ..)`: a call flounders as a call of `G`
    /// would (`G`'s predicate non-enumerable, its first argument an unbound variable). Lowered
    /// programs list `normalize/2`, so that normalizing `<?T as Tr>::A` for a `#[non_enumerable]`
    /// trait flounders as chalk's `Normalize` does, instead of listing every impl.
    pub flounder_through: FxHashSet<Pred>,
    /// Predicates declared `:- dynamic p/N` (known, possibly without clauses).
    pub declared: FxHashSet<Pred>,
    /// Mode-directed tables (`:- table path(_,_,min)`): each argument's mode, for the predicates
    /// declared so (answer subsumption: per binding of the indexed arguments, one aggregated answer).
    pub table_modes: FxHashMap<Pred, std::sync::Arc<[TableMode]>>,
    /// Tables declared `as subsumptive`.
    pub subsumptive: FxHashSet<Pred>,
    /// Predicates declared `as incremental` (tabled or dynamic): a change to an incremental dynamic
    /// predicate abolishes the incremental tables that depend on it.
    pub incremental: FxHashSet<Pred>,
    /// Queries found in the file, in order.
    pub queries: Vec<Query>,
    /// Files included (for messages).
    pub sources: Vec<String>,
    /// Answer tabled calls whose closure is pure Datalog by resolution only: `slg`'s semi-naive
    /// bottom-up sub-engine stays off (`--no-datalog`). An evaluation choice of this program, not a
    /// limit of a search: the answers are the same either way.
    pub top_down_only: bool,
    /// How the program is solved: the policy switches of the dialect it was written in (a clause
    /// program's Prolog defaults, or a front end's, set by its lowering).
    pub dialect: Dialect,
    /// Located warnings of the load: directives knot accepts but cannot honour.
    pub warnings: Vec<String>,
    /// The variance of each parameter of a type constructor (`#[variance(..)]` in `.chalk`
    /// programs), for `Subtype` goals; a constructor not listed is invariant in every parameter.
    pub variances: FxHashMap<Sym, Vec<Variance>>,
    /// The predicates no derivation without hypotheses can prove (`solve/unprovable.rs`),
    /// computed by the first call that asks, for this generation.
    unprovable: std::sync::OnceLock<FxHashSet<Pred>>,
    /// The dynamic database: the clauses of dynamic predicates as goals change them
    /// (`dynamic.rs`). A predicate it holds is answered from it, not from `clauses`.
    pub db: crate::dynamic::DynamicDb,
    /// For each predicate, the predicates whose static clauses call it (anywhere in their bodies),
    /// computed by the first call that asks, for this generation.
    callers: std::sync::OnceLock<FxHashMap<Pred, Vec<Pred>>>,
}

/// What [`Program::image`] gives (encoded as [`image_wire`] has it).
#[derive(Clone)]
pub struct ProgramImage {
    clauses: Vec<Clause>,
    tabled: Vec<Pred>,
    coinductive: Vec<Pred>,
    non_enumerable: Vec<Pred>,
    flounder_through: Vec<Pred>,
    declared: Vec<Pred>,
    sources: Vec<String>,
    warnings: Vec<String>,
    /// The dialect's policy switches ([`Dialect::flags`]).
    flags: [bool; 7],
}

impl ProgramImage {
    /// The image in `n` parts of about as many clauses each, to be encoded and decoded apart: the
    /// first holds the declarations, every part a run of the clauses
    /// ([`Program::from_image_parts`] puts them back together).
    pub fn split(mut self, n: usize) -> Vec<ProgramImage> {
        let size = self.clauses.len().div_ceil(n.max(1)).max(1);
        let mut rest = std::mem::take(&mut self.clauses);
        let mut parts = Vec::new();
        while rest.len() > size {
            let tail = rest.split_off(size);
            parts.push(rest);
            rest = tail;
        }
        parts.push(rest);
        let mut out = Vec::with_capacity(parts.len());
        for (i, clauses) in parts.into_iter().enumerate() {
            out.push(if i == 0 {
                ProgramImage {
                    clauses,
                    ..self.clone()
                }
            } else {
                ProgramImage {
                    clauses,
                    tabled: Vec::new(),
                    coinductive: Vec::new(),
                    non_enumerable: Vec::new(),
                    flounder_through: Vec::new(),
                    declared: Vec::new(),
                    sources: Vec::new(),
                    warnings: Vec::new(),
                    flags: self.flags,
                }
            });
        }
        out
    }
}

/// The mode of one argument of a mode-directed table (`:- table path(_,_,min)`, SWI-Prolog's answer
/// subsumption).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TableMode {
    /// `_` (or `index`, `+`): answers are grouped by the indexed arguments.
    Index,
    /// The least value in the standard order of terms.
    Min,
    /// The greatest.
    Max,
    /// The first answer found.
    First,
    /// The last answer found.
    Last,
    /// The sum of the answers' values.
    Sum,
    /// `lattice(PI)`: `call(PI, Old, New, Joined)` joins two values (`PI` a `Name/3` predicate).
    Lattice(Sym),
    /// `po(PI)`: a new value replaces an old one when `call(PI, Old, New)` holds (`Name/2`).
    Po(Sym),
}

/// How a type relates to its parameter for subtyping (chalk's and rustc's variance).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Variance {
    /// `A <: B` gives `F<A> <: F<B>`.
    Covariant,
    /// `A <: B` gives `F<B> <: F<A>`.
    Contravariant,
    /// `F<A> <: F<B>` only when `A = B`.
    Invariant,
}

impl Variance {
    /// The variance of a position of variance `other` inside a position of variance `self`.
    pub fn xform(self, other: Variance) -> Variance {
        use Variance::*;
        match (self, other) {
            (Invariant, _) | (_, Invariant) => Invariant,
            (_, Covariant) => self,
            (Covariant, Contravariant) => Contravariant,
            (Contravariant, Contravariant) => Covariant,
        }
    }

    /// The variance seen from the other side (`A <: B` as `B :> A`).
    pub fn invert(self) -> Variance {
        match self {
            Variance::Covariant => Variance::Contravariant,
            Variance::Contravariant => Variance::Covariant,
            Variance::Invariant => Variance::Invariant,
        }
    }
}

fn key_of(store: &Store, t: TermId) -> Option<Key> {
    match store.view(t) {
        View::Var(_) | View::App(syms::BINDER, _) => None,
        View::App(f, args) => Some(Key::Functor(f, args.len() as u32)),
        _ => Some(Key::Const(t)),
    }
}

impl Program {
    /// Record a `'$variance'(Type, [covariant, ..])` fact in [`Program::variances`].
    fn note_variance(&mut self, store: &Store, head: TermId) {
        let [ty, mut list] = store.args(head) else {
            return;
        };
        let View::Atom(name) = store.view(*ty) else {
            return;
        };
        let mut vs = Vec::new();
        while let View::App(syms::CONS, [x, rest]) = store.view(list) {
            vs.push(match store.view(*x) {
                View::Atom(a) if store.name(a) == "covariant" => Variance::Covariant,
                View::Atom(a) if store.name(a) == "contravariant" => Variance::Contravariant,
                _ => Variance::Invariant,
            });
            list = *rest;
        }
        self.variances.insert(name, vs);
    }

    /// An empty program.
    pub fn new() -> Program {
        Program::default()
    }

    /// A program with this one's declarations, flags and settings but none of its clauses, in a
    /// generation of its own: what rebuilding the clause list starts from. Every field is named
    /// here, so a field added to `Program` has to be placed.
    pub fn without_clauses(&self) -> Program {
        let Program {
            foreign,
            generation: _,
            clauses: _,
            preds: _,
            tabled,
            coinductive,
            non_enumerable,
            open,
            flounder_through,
            declared,
            table_modes,
            subsumptive,
            incremental,
            queries,
            sources,
            dialect,
            top_down_only,
            warnings,
            variances,
            unprovable: _,
            db: _,
            callers: _,
        } = self;
        Program {
            foreign: foreign.clone(),
            tabled: tabled.clone(),
            coinductive: coinductive.clone(),
            non_enumerable: non_enumerable.clone(),
            open: open.clone(),
            flounder_through: flounder_through.clone(),
            declared: declared.clone(),
            table_modes: table_modes.clone(),
            subsumptive: subsumptive.clone(),
            incremental: incremental.clone(),
            queries: queries.clone(),
            sources: sources.clone(),
            dialect: *dialect,
            top_down_only: *top_down_only,
            warnings: warnings.clone(),
            variances: variances.clone(),
            ..Program::new()
        }
    }

    /// Whether the term `t` (its variables not followed) mentions a functor of [`Program::open`].
    /// Iterative: terms may be deep.
    pub fn mentions_open(&self, store: &Store, t: TermId) -> bool {
        if self.open.is_empty() {
            return false;
        }
        let mut stack = vec![t];
        while let Some(t) = stack.pop() {
            match store.view(t) {
                View::App(f, args) => {
                    if self.open.contains(&f) {
                        return true;
                    }
                    stack.extend_from_slice(args);
                }
                View::Atom(f) if self.open.contains(&f) => return true,
                _ => {}
            }
        }
        false
    }

    /// The program's generation: it changes on every change made through a method. After changing
    /// a public field (`tabled`, `coinductive`, `foreign`, ...) call [`Program::touch`], so that no
    /// solver cache answers from the program as it was.
    pub fn generation(&self) -> Generation {
        self.generation
    }

    /// Start a new generation (see [`Program::generation`]).
    pub fn touch(&mut self) {
        self.generation = Generation::fresh();
        if self.unprovable.get().is_some() {
            self.unprovable = std::sync::OnceLock::new();
        }
        if self.callers.get().is_some() {
            self.callers = std::sync::OnceLock::new();
        }
    }

    /// A clause made of a term (`H :- B` or a fact; its variables `Var(0..)`) for the dynamic
    /// database, with its predicate; `None` when the head is not callable or is a control construct.
    pub fn dynamic_clause(store: &mut Store, term: TermId) -> Option<(Pred, Clause)> {
        let (head, body_term) = match store.view(term) {
            View::App(f, args) if f == syms::NECK && args.len() == 2 => (args[0], args[1]),
            _ => (term, store.atom(syms::TRUE)),
        };
        let pred = match store.functor(head) {
            Some((f, n)) if !is_control(f, n) => (f, n),
            _ => return None,
        };
        let exec = mark_negations(store, term, body_term);
        let body = conjuncts(store, exec);
        let nvars = store.var_count(term);
        let clause = Clause::new(term, head, body, body_term, nvars, Vec::new(), None, None);
        Some((pred, clause))
    }

    /// The predicates a goal term may call: every callable subterm's functor (an
    /// over-approximation: meta-calls' goals count, and so does data that looks like a goal).
    pub fn called_in(&self, store: &Store, body: TermId) -> Vec<Pred> {
        let mut out = Vec::new();
        let mut stack = vec![body];
        while let Some(t) = stack.pop() {
            let p = match store.view(t) {
                View::App(f, args) => {
                    stack.extend_from_slice(args);
                    (f, args.len() as u32)
                }
                View::Atom(f) => (f, 0),
                _ => continue,
            };
            if !out.contains(&p) {
                out.push(p);
            }
        }
        out
    }

    /// The predicates whose static clauses may call `pred` (see [`Program::called_in`]).
    pub fn static_callers(&self, store: &Store, pred: Pred) -> &[Pred] {
        let map = self.callers.get_or_init(|| {
            let mut map: FxHashMap<Pred, Vec<Pred>> = FxHashMap::default();
            for (&caller, ix) in &self.preds {
                if !ix.has_body {
                    continue;
                }
                for &c in &ix.all {
                    for callee in self.called_in(store, self.clauses[c as usize].body_term) {
                        let v = map.entry(callee).or_default();
                        if !v.contains(&caller) {
                            v.push(caller);
                        }
                    }
                }
            }
            map
        });
        map.get(&pred).map(|v| &v[..]).unwrap_or(&[])
    }

    /// The predicates that may depend on `pred` (itself included): callers of callers, through
    /// static clauses and the dynamic database's rules.
    pub fn dependents(&self, store: &Store, pred: Pred) -> FxHashSet<Pred> {
        let mut seen = FxHashSet::default();
        let mut stack = vec![pred];
        while let Some(p) = stack.pop() {
            if !seen.insert(p) {
                continue;
            }
            stack.extend_from_slice(self.static_callers(store, p));
            stack.extend(self.db.callers_of(p));
        }
        seen
    }

    /// The program's clauses and declarations, to be rebuilt over the same store by
    /// [`Program::from_image`] (`std_image.rs`). `None` for a program with foreign predicates or
    /// queries, which an image does not hold.
    pub fn image(&self) -> Option<ProgramImage> {
        if !self.foreign.0.is_empty() || !self.queries.is_empty() {
            return None;
        }
        let sorted = |s: &FxHashSet<Pred>| {
            let mut v: Vec<Pred> = s.iter().copied().collect();
            v.sort_unstable();
            v
        };
        Some(ProgramImage {
            clauses: self.clauses.clone(),
            tabled: sorted(&self.tabled),
            coinductive: sorted(&self.coinductive),
            non_enumerable: sorted(&self.non_enumerable),
            flounder_through: sorted(&self.flounder_through),
            declared: sorted(&self.declared),
            sources: self.sources.clone(),
            warnings: self.warnings.clone(),
            flags: self.dialect.flags(),
        })
    }

    /// The program an [`image`](Program::image) was taken of, over the store it was taken with,
    /// from the parts [`ProgramImage::split`] made (decoded apart, on several threads).
    pub fn from_image_parts(store: &Store, parts: Vec<ProgramImage>) -> Option<Program> {
        let mut parts = parts.into_iter();
        let mut whole = parts.next()?;
        for p in parts {
            whole.clauses.extend(p.clauses);
        }
        Program::from_image(store, whole)
    }

    /// The program an [`image`](Program::image) was taken of, over the store it was taken with.
    pub fn from_image(store: &Store, img: ProgramImage) -> Option<Program> {
        let mut p = Program::new();
        p.dialect = Dialect::from_flags(img.flags);
        p.tabled = img.tabled.into_iter().collect();
        p.coinductive = img.coinductive.into_iter().collect();
        p.non_enumerable = img.non_enumerable.into_iter().collect();
        p.flounder_through = img.flounder_through.into_iter().collect();
        p.declared = img.declared.into_iter().collect();
        p.sources = img.sources;
        p.warnings = img.warnings;
        p.reserve(img.clauses.len());
        for c in img.clauses {
            let pred = store.functor(c.head)?;
            p.push(pred, c, store);
        }
        Some(p)
    }

    /// Make room for `n` more clauses (a loader that knows its input's size calls it, so a million
    /// facts are not copied each time the clause list grows).
    pub fn reserve(&mut self, n: usize) {
        self.clauses.reserve(n);
    }

    /// All clauses.
    pub fn clauses(&self) -> &[Clause] {
        &self.clauses
    }

    /// One clause.
    #[inline]
    pub fn clause(&self, i: u32) -> &Clause {
        &self.clauses[i as usize]
    }

    /// Add a clause term (`H :- B` or a fact `H`). Errors when the head is not callable.
    pub fn add_clause_term(
        &mut self,
        store: &mut Store,
        term: TermId,
        var_names: Vec<Box<str>>,
        span: Option<Span>,
    ) -> Result<()> {
        // A grammar rule `Head --> Body` is the clause SWI-Prolog translates it to.
        let term = match store.view(term) {
            View::App(f, args) if args.len() == 2 && store.name(f) == "-->" => {
                let (h, b) = (args[0], args[1]);
                let n = store.var_count(term);
                match crate::syntax::dcg::translate_rule(store, h, b, n) {
                    Ok(t) => t,
                    Err(e) => {
                        let what = match e {
                            crate::syntax::dcg::DcgError::Instantiation => {
                                "a grammar rule's head must be a non-terminal, not a variable"
                                    .to_string()
                            }
                            crate::syntax::dcg::DcgError::NotCallable(t) => format!(
                                "`{}` is not callable: a grammar rule's head and non-terminals \
                                 must be atoms or compound terms",
                                crate::syntax::print::term_to_string(
                                    store,
                                    t,
                                    &crate::syntax::print::default_var_name,
                                    999
                                )
                            ),
                        };
                        return Err(match span {
                            Some(span) => Error::Lower {
                                span,
                                code: "load::bad_grammar_rule",
                                message: what,
                            },
                            None => Error::Goal {
                                code: "load::bad_grammar_rule",
                                message: what,
                            },
                        });
                    }
                }
            }
            _ => term,
        };
        let (head, body_term) = match store.view(term) {
            View::App(f, args) if f == syms::NECK && args.len() == 2 => (args[0], args[1]),
            _ => (term, store.atom(syms::TRUE)),
        };
        let pred = match store.functor(head) {
            Some((f, n)) if !is_control(f, n) => (f, n),
            _ => {
                let msg = format!(
                    "a clause head must be an atom or compound term, not `{}`",
                    crate::syntax::print::term_to_string(
                        store,
                        head,
                        &|i: u32| {
                            var_names
                                .get(i as usize)
                                .map(|n| n.to_string())
                                .unwrap_or_else(|| crate::syntax::print::default_var_name(i))
                        },
                        999
                    )
                );
                return Err(match span {
                    Some(span) => Error::Lower {
                        span,
                        code: "load::bad_head",
                        message: msg,
                    },
                    None => Error::Goal {
                        code: "load::bad_head",
                        message: msg,
                    },
                });
            }
        };
        let exec = mark_negations(store, term, body_term);
        let body = conjuncts(store, exec);
        let nvars = (var_names.len() as u32).max(store.var_count(term));
        self.push(
            pred,
            Clause::new(term, head, body, body_term, nvars, var_names, span, None),
            store,
        );
        Ok(())
    }

    /// Add a clause built programmatically.
    pub fn add_clause(&mut self, store: &Store, clause: Clause) -> Result<()> {
        let pred = store
            .functor(clause.head)
            .ok_or_else(|| Error::Internal("clause head is not callable".into()))?;
        self.push(pred, clause, store);
        Ok(())
    }

    fn push(&mut self, pred: Pred, clause: Clause, store: &Store) {
        self.touch();
        if pred == (syms::VARIANCE, 2) {
            self.note_variance(store, clause.head);
        }
        let idx = self.clauses.len() as u32;
        let head_args = store.args(clause.head);
        let p = self.preds.entry(pred).or_default();
        p.all.push(idx);
        p.arity = head_args.len();
        let fact = clause
            .body()
            .iter()
            .all(|&g| matches!(store.view(g), View::Atom(syms::TRUE)));
        p.has_body |= !fact;
        if !p.not_rows {
            let atomic = |&a: &TermId| matches!(store.view(a), View::Atom(_) | View::Int(_));
            if fact && head_args.iter().all(atomic) {
                if let Some(start) = store.args_start(clause.head) {
                    let end = start + head_args.len() as u32;
                    match p.rows.last_mut() {
                        Some(last) if last.1 == start => last.1 = end,
                        _ => p.rows.push((start, end)),
                    }
                }
            } else {
                p.not_rows = true;
                p.rows = Vec::new();
            }
        }
        // Indexes already built (a clause added after a call needed them) are kept up to date.
        if let Some(&a) = head_args.first() {
            if let Some(ix) = p.first_path.get_mut() {
                ix.push(idx, path_of(store, a));
            }
        }
        for (pos, &a) in head_args.iter().take(INDEXED_ARGS).enumerate() {
            if let Some(ix) = p.args[pos].get_mut() {
                ix.push(store, &self.clauses, idx, key_of(store, a));
            }
        }
        self.clauses.push(clause);
    }

    /// The clauses that may match a goal whose arguments are `args` (the dereferenced argument terms,
    /// `None` where unbound): the shortest list among the indexed positions that are bound.
    #[inline]
    pub fn candidates(&self, store: &Store, pred: Pred, args: &[Option<TermId>]) -> &[u32] {
        let Some(p) = self.preds.get(&pred) else {
            return &[];
        };
        let mut best: &[u32] = &p.all;
        if let Some(Some(a)) = args.first() {
            let (path, open) = path_of(store, *a);
            if !open && path.len > 1 {
                best = p.path(store, &self.clauses).get(&path);
                if best.len() <= 1 {
                    return best;
                }
            }
        }
        for (pos, a) in args.iter().enumerate().take(p.arity.min(INDEXED_ARGS)) {
            if let Some(k) = a.and_then(|t| key_of(store, t)) {
                let c = p
                    .arg(store, &self.clauses, pos)
                    .get(store, &self.clauses, k);
                if c.len() < best.len() {
                    best = c;
                    if best.len() <= 1 {
                        break;
                    }
                }
            }
        }
        best
    }

    /// True when the tabling strategies table calls of `pred`: declared `:- table`, or declared
    /// `:- coinductive` (a coinductive cycle is only seen at a table, so the directive alone must be
    /// enough for `c :- c.` to hold).
    pub fn is_tabled(&self, pred: Pred) -> bool {
        self.tabled.contains(&pred) || self.coinductive.contains(&pred)
    }

    /// True when the predicate has clauses or was declared.
    pub fn is_known(&self, pred: Pred) -> bool {
        if self.db.is_gone(pred) {
            return false;
        }
        self.preds.contains_key(&pred)
            || self.db.contains(pred)
            || self.declared.contains(&pred)
            || self.tabled.contains(&pred)
            || self.coinductive.contains(&pred)
            || self.non_enumerable.contains(&pred)
    }

    /// Known predicates with this name (any arity), sorted by arity.
    pub fn arities_of(&self, name: Sym) -> Vec<u32> {
        let mut v: Vec<u32> = self
            .preds
            .keys()
            .chain(self.declared.iter())
            .chain(self.tabled.iter())
            .filter(|(n, _)| *n == name)
            .map(|&(_, a)| a)
            .collect();
        v.sort_unstable();
        v.dedup();
        v
    }

    /// All predicates with clauses, sorted by name then arity.
    pub fn predicates(&self, store: &Store) -> Vec<Pred> {
        let mut v: Vec<Pred> = self.preds.keys().copied().collect();
        v.sort_by(|a, b| store.name(a.0).cmp(store.name(b.0)).then(a.1.cmp(&b.1)));
        v
    }

    /// Every predicate with clauses, in no particular order.
    pub fn predicate_keys(&self) -> impl Iterator<Item = Pred> + '_ {
        self.preds.keys().copied()
    }

    /// The predicates that no derivation without hypotheses can prove, computed by `init` the
    /// first time in this generation (the solver owns the analysis: `solve/unprovable.rs`).
    pub fn unprovable(&self, init: impl FnOnce() -> FxHashSet<Pred>) -> &FxHashSet<Pred> {
        self.unprovable.get_or_init(init)
    }

    /// The clauses of one predicate, in order.
    pub fn clauses_of(&self, pred: Pred) -> &[u32] {
        self.preds.get(&pred).map(|p| &p.all[..]).unwrap_or(&[])
    }

    /// True when some clause of `pred` has a body (other than `true`).
    pub fn has_rules(&self, pred: Pred) -> bool {
        self.preds.get(&pred).is_some_and(|p| p.has_body)
    }

    /// The facts of `pred` as flat rows of their arguments (a row of `arity` terms per clause, in
    /// clause order; runs of whole rows), when every clause is a fact whose arguments are atoms or
    /// integers: an extensional relation as it is, tracked while loading (`None` otherwise; nothing
    /// for a predicate of arity 0 or without clauses).
    pub fn fact_rows<'a>(
        &'a self,
        store: &'a Store,
        pred: Pred,
    ) -> Option<impl Iterator<Item = &'a [TermId]> + 'a> {
        let rows: &[(u32, u32)] = match self.preds.get(&pred) {
            None => &[],
            Some(p) if p.not_rows => return None,
            Some(p) => &p.rows,
        };
        Some(rows.iter().map(|&(a, b)| store.args_range(a, b)))
    }

    /// Load parsed items: clauses, directives and queries.
    pub fn load_items(&mut self, store: &mut Store, items: Vec<Item>) -> Result<()> {
        for item in items {
            self.load_item(store, item)?;
        }
        Ok(())
    }

    /// Load one parsed item: a clause, directive or query.
    pub fn load_item(&mut self, store: &mut Store, item: Item) -> Result<()> {
        match item.kind {
            ItemKind::Clause => {
                self.add_clause_term(store, item.term, item.var_names, Some(item.span))?
            }
            ItemKind::Query => self.queries.push(Query {
                goal: item.term,
                var_names: item.var_names,
                span: Some(item.span),
            }),
            ItemKind::Directive => self.directive(store, item.term, &item.span)?,
        }
        Ok(())
    }

    fn directive(&mut self, store: &mut Store, t: TermId, span: &Span) -> Result<()> {
        let bad = |msg: String| Error::Lower {
            span: span.clone(),
            code: "load::bad_directive",
            message: msg,
        };
        let (f, args): (Sym, Vec<TermId>) = match store.view(t) {
            View::App(f, args) => (f, args.to_vec()),
            View::Atom(f) => (f, Vec::new()),
            _ => return Err(bad("a directive is a goal such as `table p/N`".into())),
        };
        let kind = store.name(f).to_string();
        let warn =
            |me: &mut Program, msg: String| me.warnings.push(format!("{span}: warning: {msg}"));
        // Directives SWI-Prolog files start with.
        match (kind.as_str(), args.len()) {
            ("module", 2) | ("style_check", 1) | ("set_prolog_flag", 2)
                if kind != "set_prolog_flag" =>
            {
                return Ok(());
            }
            ("use_module" | "ensure_loaded", 1) | ("use_module", 2) => {
                let lib = matches!(store.view(args[0]), View::App(l, a) if a.len() == 1 && store.name(l) == "library");
                if !lib {
                    let text = crate::syntax::print::term_to_string(
                        store,
                        args[0],
                        &crate::syntax::print::default_var_name,
                        999,
                    );
                    warn(self, format!("`{kind}({text})` is not loaded: knot loads one file (give every file on the command line)"));
                }
                return Ok(());
            }
            // XSB's module directives (`:- import p/1 from m.`, `:- export p/1.`): one program.
            ("import", 1) | ("export", 0) => return Ok(()),
            ("initialization", 1 | 2) => {
                // Run as a query by `knot run` (SWI runs it after loading the file).
                self.queries.push(Query {
                    goal: args[0],
                    var_names: Vec::new(),
                    span: Some(span.clone()),
                });
                return Ok(());
            }
            ("set_prolog_flag", 2) => {
                let flag = crate::syntax::print::term_to_string(
                    store,
                    args[0],
                    &crate::syntax::print::default_var_name,
                    999,
                );
                warn(
                    self,
                    format!("flag `{flag}` is not supported by knot; the directive is ignored"),
                );
                return Ok(());
            }
            (_, 1)
                if matches!(
                    kind.as_str(),
                    "table"
                        | "coinductive"
                        | "non_enumerable"
                        | "dynamic"
                        | "discontiguous"
                        | "unseen"
                ) => {}
            _ if is_decl(&kind)
                || (kind == "/"
                    && matches!(store.view(args[0]), View::Atom(k) if is_decl(store.name(k)))) =>
            {
                return Err(bad(
                    "expected `table p/N`, `coinductive p/N`, `non_enumerable p/N`, `dynamic p/N` \
                     or `unseen(f/N)`"
                        .into(),
                ));
            }
            _ => {
                let text = crate::syntax::print::term_to_string(
                    store,
                    t,
                    &crate::syntax::print::default_var_name,
                    999,
                );
                warn(self, format!("directive `{text}` is not run: knot runs no goals while loading (ask it as a query)"));
                return Ok(());
            }
        }
        let mut specs = Vec::new();
        // `table (p/1, q/2) as incremental`: the options apply to every predicate listed.
        let (spec_list, options) = match store.view(args[0]) {
            View::App(a, x) if store.name(a) == "as" && x.len() == 2 => (x[0], Some(x[1])),
            _ => (args[0], None),
        };
        let mut items = conjuncts(store, spec_list);
        // `dynamic([p/1, q/2])`
        if items.len() == 1 && matches!(store.view(items[0]), View::App(syms::CONS, _)) {
            let mut cur = items[0];
            items.clear();
            while let View::App(syms::CONS, xs) = store.view(cur) {
                items.push(xs[0]);
                cur = xs[1];
            }
        }
        let mut modes = Vec::new();
        let mut each_options = Vec::new();
        for s in items {
            // `table p/2 as subsumptive` written per predicate.
            let s = match store.view(s) {
                View::App(a, x) if store.name(a) == "as" && x.len() == 2 => {
                    each_options.push(x[1]);
                    x[0]
                }
                _ => s,
            };
            match store.view(s) {
                // A mode-directed table, `path(_, _, min)`, or `p(_)` (no moded argument).
                View::App(f, a) if kind == "table" && store.name(f) != "/" => {
                    let mut ms = Vec::with_capacity(a.len());
                    for &m in a {
                        ms.push(table_mode(store, m).ok_or_else(|| {
                            bad(format!(
                                "`{}` is not a table mode: expected `_`, `index`, `min`, `max`, \
                                 `first`, `last`, `sum`, `lattice(PI)` or `po(PI)`",
                                crate::syntax::print::term_to_string(
                                    store,
                                    m,
                                    &crate::syntax::print::default_var_name,
                                    999
                                )
                            ))
                        })?);
                    }
                    let pred = (f, a.len() as u32);
                    specs.push(pred);
                    if ms.iter().any(|m| *m != TableMode::Index) {
                        modes.push((pred, ms));
                    }
                }
                View::App(slash, a) if store.name(slash) == "/" && a.len() == 2 => {
                    match (store.view(a[0]), store.view(a[1])) {
                        (View::Atom(n), View::Int(k)) if (0..=1024).contains(&k) => {
                            specs.push((n, k as u32))
                        }
                        _ => {
                            return Err(bad("a predicate indicator is written `name/arity`".into()))
                        }
                    }
                }
                _ => return Err(bad("a predicate indicator is written `name/arity`".into())),
            }
        }
        if kind == "unseen" {
            // `:- unseen(f/N)`: `f` is an open functor (`Program::open`; the arity is not used).
            self.open.extend(specs.into_iter().map(|(f, _)| f));
            self.touch();
            return Ok(());
        }
        // Options: `subsumptive`, `incremental`, `dynamic`, and others read but not honoured
        // (`variant`, `opaque`, `subgoal_abstract(N)`, `max_answers(N)`, ...).
        let mut opts = Vec::new();
        for o in options.into_iter().chain(each_options) {
            opts.extend(conjuncts(store, o));
        }
        for o in opts {
            let name = match store.view(o) {
                View::Atom(a) => store.name(a).to_string(),
                View::App(a, _) => store.name(a).to_string(),
                _ => String::new(),
            };
            match name.as_str() {
                "subsumptive" => self.subsumptive.extend(specs.iter().copied()),
                "incremental" => self.incremental.extend(specs.iter().copied()),
                "dynamic" => self.declared.extend(specs.iter().copied()),
                "variant" | "opaque" | "private" | "shared" | "lazy" => {}
                _ => warn(
                    self,
                    format!("table option `{name}` is not supported by knot; it is ignored"),
                ),
            }
        }
        for (pred, ms) in modes {
            self.table_modes.insert(pred, ms.into());
        }
        let set = match kind.as_str() {
            "table" => &mut self.tabled,
            "coinductive" => &mut self.coinductive,
            "non_enumerable" => &mut self.non_enumerable,
            _ => &mut self.declared,
        };
        set.extend(specs);
        self.touch();
        Ok(())
    }
}

/// The mode of one argument of a mode-directed table declaration.
fn table_mode(store: &Store, m: TermId) -> Option<TableMode> {
    // `lattice(PI)` / `po(PI)`: PI is `Name/Arity`, `Name`, or a head `Name(_, ..)`.
    let pi_name = |t: TermId| match store.view(t) {
        View::Atom(n) => Some(n),
        View::App(s, a) if store.name(s) == "/" && a.len() == 2 => match store.view(a[0]) {
            View::Atom(n) => Some(n),
            _ => None,
        },
        View::App(n, _) => Some(n),
        _ => None,
    };
    Some(match store.view(m) {
        View::Var(_) => TableMode::Index,
        View::Atom(a) => match store.name(a) {
            "index" | "+" => TableMode::Index,
            "min" | "-" => TableMode::Min,
            "max" => TableMode::Max,
            "first" => TableMode::First,
            "last" => TableMode::Last,
            "sum" => TableMode::Sum,
            _ => return None,
        },
        View::App(f, a) if a.len() == 1 && store.name(f) == "lattice" => {
            TableMode::Lattice(pi_name(a[0])?)
        }
        View::App(f, a) if a.len() == 1 && store.name(f) == "po" => TableMode::Po(pi_name(a[0])?),
        _ => return None,
    })
}

/// A declaration directive's name.
fn is_decl(kind: &str) -> bool {
    matches!(
        kind,
        "table" | "coinductive" | "non_enumerable" | "dynamic" | "discontiguous" | "unseen"
    )
}

/// Add the list library to a clause program: the predicates of `rules/lists.pl` the program does not
/// define or declare itself.
pub fn load_library(store: &mut Store, program: &mut Program) -> Result<()> {
    let (name, text) = crate::syntax::library::LISTS;
    let items = crate::syntax::clauses::parse_library_clauses(store, name, text)?;
    let mine: FxHashSet<Pred> = program
        .preds
        .keys()
        .chain(program.declared.iter())
        .chain(program.tabled.iter())
        .copied()
        .collect();
    for item in items {
        if item.kind == ItemKind::Directive {
            // `:- table undefined/0.`: a declaration of a library predicate the program does not
            // define itself.
            let specs = match store.view(item.term) {
                View::App(_, a) if a.len() == 1 => conjuncts(store, a[0]),
                _ => Vec::new(),
            };
            let theirs = specs.iter().any(|&s| match store.view(s) {
                View::App(_, a) if a.len() == 2 => match (store.view(a[0]), store.view(a[1])) {
                    (View::Atom(n), View::Int(k)) => mine.contains(&(n, k as u32)),
                    _ => false,
                },
                _ => false,
            });
            if !theirs {
                program.load_item(store, item)?;
            }
            continue;
        }
        if !matches!(item.kind, ItemKind::Clause) {
            continue;
        }
        let head = match store.view(item.term) {
            View::App(syms::NECK, a) if a.len() == 2 => a[0],
            _ => item.term,
        };
        if store.functor(head).is_some_and(|p| mine.contains(&p)) {
            continue;
        }
        program.add_clause_term(store, item.term, item.var_names, None)?;
        if let Some(c) = program.clauses.last_mut() {
            c.set_origin(Some("library(lists)".into()));
        }
    }
    Ok(())
}

/// SWI-Prolog's answer to a clause of a file for a built-in predicate (`is(X, Y) :- ...`,
/// `true :- fail.`): the permission error it prints, as a warning; the clause is not loaded.
/// `None` for any other item.
pub fn builtin_clause_warning(store: &Store, item: &Item) -> Option<String> {
    if item.kind != ItemKind::Clause {
        return None;
    }
    let head = match store.view(item.term) {
        View::App(syms::NECK, a) if a.len() == 2 => a[0],
        _ => item.term,
    };
    let (f, n) = store.functor(head)?;
    if is_control(f, n) {
        // A control construct as a head stays the load error it is (`load::bad_head`).
        return None;
    }
    let name = store.name(f);
    // knot's own forms (`exists/2`, `=>/2`, `$...`) are not SWI-Prolog's built-ins.
    if name.starts_with('$')
        || matches!(name, "exists" | "=>")
        || !crate::solve::is_builtin(name, n)
    {
        return None;
    }
    Some(format!(
        "{}: warning: permission_error(modify, static_procedure, {}/{n}): \
         no permission to modify the built-in `{}/{n}`; the clause is ignored",
        item.span,
        crate::syntax::print::atom_text(name),
        crate::syntax::print::atom_text(name),
    ))
}

/// Control constructs cannot be clause heads.
pub fn is_control(f: Sym, n: u32) -> bool {
    matches!(
        (f, n),
        (syms::COMMA, 2) | (syms::SEMI, 2) | (syms::NECK, 2) | (syms::NOT, 1) | (syms::IMPLIES, 2)
    )
}

/// Split `a, (b, c)` into `[a, b, c]`; `true` gives `[]`.
pub fn conjuncts(store: &Store, t: TermId) -> Vec<TermId> {
    let mut out = Vec::new();
    // Right-nested `(A, (B, C))` is walked without the stack, which only holds the right parts
    // of left-nested conjunctions.
    let is_conj = |t: TermId| matches!(store.view(t), View::App(syms::COMMA, a) if a.len() == 2);
    let is_true = |t: TermId| matches!(store.view(t), View::Atom(syms::TRUE));
    let mut stack = Vec::new();
    let mut next = Some(t);
    while let Some(t) = next.or_else(|| stack.pop()) {
        next = None;
        match store.view(t) {
            View::App(syms::COMMA, &[a, b]) => {
                if is_conj(a) {
                    stack.push(b);
                    next = Some(a);
                } else {
                    if !is_true(a) {
                        out.push(a);
                    }
                    next = Some(b);
                }
            }
            View::Atom(syms::TRUE) => {}
            _ => out.push(t),
        }
    }
    out
}

/// Rewrite each `\+ G` inside the control structure of `goal` to `'$naf'(G, '$locals'(V..))`, where the
/// `V`s are the variables of `G` that occur nowhere else in `whole` (the clause or query): those are local
/// to the negation (`\+ parent(X, _)`), so leaving them unbound does not make the negation flounder.
pub fn mark_negations(store: &mut Store, whole: TermId, goal: TermId) -> TermId {
    if !contains_negation(store, goal) {
        return goal;
    }
    let total = var_occurrences(store, whole);
    rewrite_negations(store, goal, &total)
}

fn contains_negation(store: &Store, goal: TermId) -> bool {
    // A body that is one plain goal is answered before any stack is made.
    match store.view(goal) {
        View::App(syms::NOT, _) => return true,
        View::App(syms::COMMA | syms::SEMI | syms::ARROW | syms::IMPLIES, a) if a.len() == 2 => {}
        View::App(syms::FORALL | syms::EXISTS, a) if a.len() == 2 => {}
        View::App(f, a) if !meta_goal_args(store, f, a.len()).is_empty() => {}
        _ => return false,
    }
    let mut stack = vec![goal];
    while let Some(g) = stack.pop() {
        match store.view(g) {
            View::App(syms::NOT, _) => return true,
            View::App(syms::COMMA | syms::SEMI | syms::ARROW | syms::IMPLIES, a)
                if a.len() == 2 =>
            {
                stack.extend_from_slice(a)
            }
            View::App(syms::FORALL | syms::EXISTS, a) if a.len() == 2 => stack.push(a[1]),
            View::App(f, a) => {
                for &i in meta_goal_args(store, f, a.len()) {
                    stack.push(a[i]);
                }
            }
            _ => {}
        }
    }
    false
}

/// The arguments of a meta-call built-in that are goals called in the clause's context
/// (`call/1`, `once/1`, `ignore/1`, `findall/3,4`, `aggregate_all/3`, `forall/2`, `catch/3`): a
/// negation in one is marked as one in the body is.
fn meta_goal_args(store: &Store, f: crate::term::Sym, n: usize) -> &'static [usize] {
    match (store.name(f), n) {
        ("call" | "once" | "ignore", 1) => &[0],
        ("findall", 3 | 4) | ("aggregate_all", 3) => &[1],
        ("forall", 2) => &[0, 1],
        ("catch", 3) => &[0, 2],
        _ => &[],
    }
}

fn var_occurrences(store: &Store, t: TermId) -> FxHashMap<u32, u32> {
    let mut m = FxHashMap::default();
    let mut stack = vec![t];
    while let Some(t) = stack.pop() {
        if store.is_ground(t) {
            continue;
        }
        match store.view(t) {
            View::Var(i) => *m.entry(i).or_insert(0) += 1,
            View::App(_, a) => stack.extend_from_slice(a),
            _ => {}
        }
    }
    m
}

/// Rewrite every `\+ G` of a goal's control structure as `'$naf'(G, '$locals'(V..))`. Iterative: a
/// body of many thousand goals is a deep right-nested conjunction.
fn rewrite_negations(store: &mut Store, g: TermId, total: &FxHashMap<u32, u32>) -> TermId {
    enum W {
        Visit(TermId),
        Build(TermId),
    }
    let mut work = vec![W::Visit(g)];
    let mut out: Vec<TermId> = Vec::new();
    while let Some(w) = work.pop() {
        match w {
            W::Visit(g) => match store.view(g) {
                View::App(syms::NOT, a) if a.len() == 1 => {
                    let inner = a[0];
                    work.push(W::Build(g));
                    work.push(W::Visit(inner));
                }
                View::App(syms::COMMA | syms::SEMI | syms::ARROW | syms::IMPLIES, a)
                    if a.len() == 2 =>
                {
                    let (x, y) = (a[0], a[1]);
                    work.push(W::Build(g));
                    work.push(W::Visit(y));
                    work.push(W::Visit(x));
                }
                View::App(syms::FORALL | syms::EXISTS, a) if a.len() == 2 => {
                    let b = a[1];
                    work.push(W::Build(g));
                    work.push(W::Visit(b));
                }
                View::App(f, a) if !meta_goal_args(store, f, a.len()).is_empty() => {
                    let goals: Vec<TermId> = meta_goal_args(store, f, a.len())
                        .iter()
                        .map(|&i| a[i])
                        .collect();
                    work.push(W::Build(g));
                    for x in goals.into_iter().rev() {
                        work.push(W::Visit(x));
                    }
                }
                _ => out.push(g),
            },
            W::Build(g) => {
                let t = match store.view(g) {
                    View::App(syms::NOT, _) => {
                        let inner = out.pop().unwrap_or(g);
                        let here = var_occurrences(store, inner);
                        let mut locals: Vec<u32> = here
                            .iter()
                            .filter(|&(v, &n)| total.get(v).copied().unwrap_or(0) <= n)
                            .map(|(&v, _)| v)
                            .collect();
                        locals.sort_unstable();
                        let vars: Vec<TermId> = locals.into_iter().map(|v| store.var(v)).collect();
                        let l = store.app(syms::LOCALS, &vars);
                        store.app(syms::NAF, &[inner, l])
                    }
                    View::App(f @ (syms::FORALL | syms::EXISTS), a) => {
                        let v = a[0];
                        let b = out.pop().unwrap_or(g);
                        store.app(f, &[v, b])
                    }
                    View::App(f, a) if !meta_goal_args(store, f, a.len()).is_empty() => {
                        let mut args = a.to_vec();
                        let pos = meta_goal_args(store, f, a.len());
                        for &i in pos.iter().rev() {
                            args[i] = out.pop().unwrap_or(args[i]);
                        }
                        store.app(f, &args)
                    }
                    View::App(f, _) => {
                        let y = out.pop().unwrap_or(g);
                        let x = out.pop().unwrap_or(g);
                        store.app(f, &[x, y])
                    }
                    _ => g,
                };
                out.push(t);
            }
        }
    }
    out.pop().unwrap_or(g)
}

/// The variables bound by `'$forall'(X, G)` in the control structure of a goal: placeholders, not
/// unknowns of the query, so answers do not report them. (`exists(X, G)` variables are reported, as
/// chalk reports the existential variables of a goal.)
pub fn quantified_vars(store: &Store, goal: TermId) -> Vec<u32> {
    let mut out = Vec::new();
    let mut stack = vec![goal];
    while let Some(g) = stack.pop() {
        match store.view(g) {
            View::App(syms::FORALL, a) if a.len() == 2 => {
                // `'$forall'(X, G)` or `'$forall'([X, Y], G)`.
                let mut l = a[0];
                loop {
                    match store.view(l) {
                        View::Var(i) => {
                            out.push(i);
                            break;
                        }
                        View::App(syms::CONS, xs) if xs.len() == 2 => {
                            if let View::Var(i) = store.view(xs[0]) {
                                out.push(i);
                            }
                            l = xs[1];
                        }
                        _ => break,
                    }
                }
                stack.push(a[1]);
            }
            View::App(syms::EXISTS, a) if a.len() == 2 => stack.push(a[1]),
            // `forall(X, G)` with a variable `X` is the universal (see the `forall/2` built-in).
            View::App(f, a) if a.len() == 2 && store.name(f) == "forall" => {
                if let View::Var(i) = store.view(a[0]) {
                    out.push(i);
                    stack.push(a[1]);
                }
            }
            View::App(syms::COMMA | syms::SEMI | syms::ARROW | syms::IMPLIES, a)
                if a.len() == 2 =>
            {
                stack.extend_from_slice(a)
            }
            View::App(syms::NOT, a) if a.len() == 1 => stack.push(a[0]),
            _ => {}
        }
    }
    out
}

/// Hide the quantified variables of a query: their names get a leading `_`, which answers leave out.
pub fn hide_quantified(store: &Store, goal: TermId, names: &mut [Box<str>]) {
    for i in quantified_vars(store, goal) {
        if let Some(n) = names.get_mut(i as usize) {
            if !n.starts_with('_') {
                *n = format!("_{n}").into();
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn program(store: &mut Store, src: &str) -> Program {
        let items = crate::syntax::clauses::parse_clauses(store, &"t.pl".into(), src).unwrap();
        let mut p = Program::new();
        for it in items {
            p.add_clause_term(store, it.term, it.var_names, None)
                .unwrap();
        }
        p
    }

    fn goal_args(store: &mut Store, text: &str) -> (Pred, Vec<Option<TermId>>) {
        let (g, _) = crate::syntax::clauses::parse_goal(store, &"<goal>".into(), text).unwrap();
        let pred = store.functor(g).unwrap();
        let args = store.args(g).iter().map(|&a| Some(a)).collect();
        (pred, args)
    }

    #[test]
    fn first_argument_paths_tell_clauses_apart() {
        let mut store = Store::new();
        let src = "n(a(t(x0), o), r0).\nn(a(t(X), o), any).\nn(a(t(x1), o), r1).\n\
                   n(a(u(x1), o), r2).\nn(Y, var).\nn(a(t(x2), o), r3).\n";
        let p = program(&mut store, src);
        let text = |store: &Store, c: &[u32]| -> Vec<String> {
            c.iter()
                .map(|&i| {
                    crate::syntax::print::term_to_string(
                        store,
                        p.clause(i).head,
                        &|_| "_".into(),
                        100,
                    )
                })
                .map(|s| s.split(", ").last().unwrap_or("").to_string())
                .collect()
        };
        // A complete path: the clauses with exactly that path and those whose path stops at a
        // variable along it, in source order.
        let (pred, args) = goal_args(&mut store, "n(a(t(x1), o), R)");
        let c = p.candidates(&store, pred, &args).to_vec();
        assert_eq!(text(&store, &c), ["any)", "r1)", "var)"]);
        // A path no clause has: only the clauses whose path stops at a variable along it.
        let (pred, args) = goal_args(&mut store, "n(a(t(x9), o), R)");
        let c = p.candidates(&store, pred, &args).to_vec();
        assert_eq!(text(&store, &c), ["any)", "var)"]);
        // A path that stops at a variable: no narrowing by path.
        let (pred, args) = goal_args(&mut store, "n(a(t(Z), o), R)");
        assert_eq!(p.candidates(&store, pred, &args).len(), 6);
    }
}

/// How a [`ProgramImage`] is encoded: a header with every string (file names, variable names,
/// origin labels) once and every list of variable names once, then each clause as a fixed-width
/// record ([`crate::records`]) and the bodies as one list of term ids. Decoding the std model's
/// 18,000 clauses is then one or two allocations per clause and no string work: a clause's names
/// are an `Arc` taken from the header's lists.
#[cfg(feature = "image")]
mod image_wire {
    use super::{Clause, ClauseExtra, PackedSpan, Pred, ProgramImage};
    use crate::error::Span;
    use crate::records::{Reader, Writer};
    use crate::term::TermId;
    use rustc_hash::FxHashMap;
    use serde::{Deserialize, Serialize};
    use std::sync::Arc;

    #[derive(Serialize, Deserialize)]
    struct Wire<'a> {
        #[serde(borrow)]
        strings: Vec<&'a str>,
        /// Lists of variable names (indices into `strings`).
        name_lists: Vec<Vec<u32>>,
        /// A record of [`FIELDS`] numbers a clause: term, head, body term, variables, the span's
        /// file (`NONE`: no packed span), start, length, line and column, the body's length, the
        /// names' list and the origin label.
        #[serde(borrow)]
        clauses: &'a [u8],
        /// The clauses' bodies, one after another.
        #[serde(borrow)]
        bodies: &'a [u8],
        /// The spans that do not pack, by clause.
        spans: Vec<(u32, Span)>,
        tabled: Vec<Pred>,
        coinductive: Vec<Pred>,
        non_enumerable: Vec<Pred>,
        flounder_through: Vec<Pred>,
        declared: Vec<Pred>,
        sources: Vec<String>,
        warnings: Vec<String>,
        flags: [bool; 7],
    }

    const FIELDS: usize = 12;
    const NONE: u32 = u32::MAX;

    /// A table of distinct values being made, numbered in order.
    struct Table<K> {
        index: FxHashMap<K, u32>,
        list: Vec<K>,
    }

    impl<K: std::hash::Hash + Eq + Clone> Table<K> {
        fn new() -> Table<K> {
            Table {
                index: FxHashMap::default(),
                list: Vec::new(),
            }
        }

        fn id(&mut self, k: K) -> u32 {
            if let Some(&i) = self.index.get(&k) {
                return i;
            }
            self.list.push(k.clone());
            self.index.insert(k, self.list.len() as u32 - 1);
            self.list.len() as u32 - 1
        }
    }

    impl ProgramImage {
        /// The image's bytes ([`ProgramImage::decode`] reads them back).
        pub fn encode(&self) -> postcard::Result<Vec<u8>> {
            let mut strings: Table<&str> = Table::new();
            let mut lists: Table<Vec<u32>> = Table::new();
            let (mut records, mut bodies, mut spans) =
                (Writer::default(), Writer::default(), vec![]);
            for (i, c) in self.clauses.iter().enumerate() {
                let extra = c.extra.as_deref();
                let body = extra.map_or(&[][..], |e| &e.body[..]);
                let names: Vec<u32> = extra
                    .map_or(&[][..], |e| &e.var_names[..])
                    .iter()
                    .map(|n| strings.id(n))
                    .collect();
                let at = match &c.at {
                    Some(a) => [strings.id(&a.file), a.start, a.len, a.line, a.col],
                    None => [NONE, 0, 0, 0, 0],
                };
                let names = if names.is_empty() {
                    NONE
                } else {
                    lists.id(names)
                };
                let origin = extra
                    .and_then(|e| e.origin.as_deref())
                    .map_or(NONE, |o| strings.id(o));
                let fixed = [c.term.0, c.head.0, c.body_term.0, c.nvars];
                let tail = [body.len() as u32, names, origin];
                for v in fixed.into_iter().chain(at).chain(tail) {
                    records.u32(v);
                }
                for t in body {
                    bodies.u32(t.0);
                }
                if let Some(span) = extra.and_then(|e| e.span.as_deref()) {
                    spans.push((i as u32, span.clone()));
                }
            }
            postcard::to_stdvec(&Wire {
                strings: strings.list,
                name_lists: lists.list,
                clauses: &records.0,
                bodies: &bodies.0,
                spans,
                tabled: self.tabled.clone(),
                coinductive: self.coinductive.clone(),
                non_enumerable: self.non_enumerable.clone(),
                flounder_through: self.flounder_through.clone(),
                declared: self.declared.clone(),
                sources: self.sources.clone(),
                warnings: self.warnings.clone(),
                flags: self.flags,
            })
        }

        /// The image [`ProgramImage::encode`] gave these bytes of; `None` when they are not one.
        pub fn decode(bytes: &[u8]) -> Option<ProgramImage> {
            let w: Wire = postcard::from_bytes(bytes).ok()?;
            let strings: Vec<Arc<str>> = w.strings.iter().map(|&t| Arc::from(t)).collect();
            let string = |i: u32| strings.get(i as usize).cloned();
            let lists: Vec<Arc<[Arc<str>]>> = w
                .name_lists
                .iter()
                .map(|l| l.iter().map(|&n| string(n)).collect::<Option<_>>())
                .collect::<Option<_>>()?;
            let mut spans = w.spans.into_iter().peekable();
            let (mut records, mut bodies) = (Reader::new(w.clauses), Reader::new(w.bodies));
            let mut clauses = Vec::with_capacity(w.clauses.len() / (4 * FIELDS));
            while !records.is_empty() {
                let mut f = [0u32; FIELDS];
                for v in &mut f {
                    *v = records.u32()?;
                }
                let [term, head, body_term, nvars, file, start, len, line, col, body_len, names, origin] =
                    f;
                let at = match file {
                    NONE => None,
                    file => Some(PackedSpan {
                        file: string(file)?,
                        start,
                        len,
                        line,
                        col,
                    }),
                };
                let body = (0..body_len)
                    .map(|_| bodies.u32().map(TermId))
                    .collect::<Option<_>>()?;
                let span = match spans.peek() {
                    Some((i, _)) if *i as usize == clauses.len() => {
                        spans.next().map(|s| Box::new(s.1))
                    }
                    _ => None,
                };
                let extra = ClauseExtra {
                    body,
                    var_names: match names {
                        NONE => Arc::from([]),
                        l => lists.get(l as usize)?.clone(),
                    },
                    origin: match origin {
                        NONE => None,
                        o => Some(string(o)?),
                    },
                    span,
                };
                clauses.push(Clause {
                    term: TermId(term),
                    head: TermId(head),
                    body_term: TermId(body_term),
                    nvars,
                    at,
                    extra: (!extra.is_empty()).then(|| Box::new(extra)),
                });
            }
            bodies.is_empty().then_some(ProgramImage {
                clauses,
                tabled: w.tabled,
                coinductive: w.coinductive,
                non_enumerable: w.non_enumerable,
                flounder_through: w.flounder_through,
                declared: w.declared,
                sources: w.sources,
                warnings: w.warnings,
                flags: w.flags,
            })
        }
    }
}
