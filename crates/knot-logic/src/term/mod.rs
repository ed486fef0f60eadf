//! The term core: interned symbols and hash-consed terms.
//!
//! Every term lives once in a [`Store`] and is named by a [`TermId`] (a `u32`), so comparing two terms,
//! hashing one and using one as a table key are O(1). Variables in stored terms are *local* indices
//! (`Var(0)`, `Var(1)`, ...); a [`unify::Bindings`] gives them meaning by pairing a term with a base slot.

pub mod binders;
pub mod canon;
#[cfg(feature = "image")]
mod image_wire;
pub mod unify;

use crate::dialect::{Constructor, Vocabulary};
use hashbrown::HashTable;
use rustc_hash::{FxHashMap, FxHasher};
use std::hash::{Hash, Hasher};

/// An interned symbol (atom or functor name).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "image", derive(serde::Serialize, serde::Deserialize))]
pub struct Sym(pub u32);

/// An interned, hash-consed term.
///
/// A non-negative integer below `2^31 - 1` is its own id (`IMMEDIATE + n`), with no node in the store:
/// a million facts of integers then cost no hash-table probe per integer. Equal terms still have
/// equal ids.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "image", derive(serde::Serialize, serde::Deserialize))]
pub struct TermId(pub u32);

/// The first id of an immediate integer (see [`TermId`]); `u32::MAX` is never one.
const IMMEDIATE: u32 = 0x8000_0000;

/// The value of an immediate integer id.
#[inline]
fn immediate(t: TermId) -> Option<i64> {
    (t.0 >= IMMEDIATE && t.0 != u32::MAX).then(|| (t.0 - IMMEDIATE) as i64)
}

/// What a term is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "image", derive(serde::Serialize, serde::Deserialize))]
pub enum Kind {
    /// An atom (a compound term of arity 0).
    Atom,
    /// An integer.
    Int,
    /// A local variable index.
    Var,
    /// A universally quantified placeholder `!U_I` (universe U, index I), introduced by `forall`.
    Placeholder,
    /// A compound term `f(a1, ..., an)`, n >= 1.
    App,
    /// A float (its bits in `int`).
    Float,
    /// An integer beyond i64 (`a` indexes the store's big integers).
    Big,
    /// A string `"..."` (`a` is the symbol holding its text).
    Str,
}

#[derive(Clone, Copy, Debug)]
struct Node {
    kind: Kind,
    /// Sym for Atom/App, var index for Var, universe for Placeholder, the low 32 bits of an Int.
    a: u32,
    /// Placeholder index; start of the arguments in `args` for App; the high 32 bits of an Int.
    b: u32,
    arity: u32,
    ground: bool,
    size: u32,
    depth: u32,
    /// Highest universe of a placeholder inside (0 when none).
    univ: u32,
    /// Highest variable index inside plus one (0 when ground).
    nvars: u32,
}

impl Node {
    /// A node with no arguments.
    fn leaf(kind: Kind, a: u32, b: u32, ground: bool, univ: u32, nvars: u32) -> Node {
        Node {
            kind,
            a,
            b,
            arity: 0,
            ground,
            size: 1,
            depth: 1,
            univ,
            nvars,
        }
    }
}

/// A view of one term, returned by [`Store::view`].
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum View<'a> {
    /// An atom.
    Atom(Sym),
    /// An integer.
    Int(i64),
    /// A local variable.
    Var(u32),
    /// A placeholder (universe, index).
    Placeholder(u32, u32),
    /// A compound term.
    App(Sym, &'a [TermId]),
    /// A float.
    Float(f64),
    /// An integer that does not fit in i64 (smaller ones are always `Int`).
    Big(&'a num_bigint::BigInt),
    /// A string (SWI-Prolog's `"..."`); the symbol holds its text.
    Str(Sym),
}

/// Interns symbols and terms.
#[derive(Default, Clone)]
pub struct Store {
    names: Vec<Box<str>>,
    sym_map: FxHashMap<Box<str>, Sym>,
    nodes: Vec<Node>,
    args: Vec<TermId>,
    table: HashTable<TermId>,
    /// `Var(0)`, interned at creation.
    pub var0: TermId,
    /// Integers beyond i64, by index (interned through `big_map`).
    bigs: Vec<num_bigint::BigInt>,
    big_map: FxHashMap<num_bigint::BigInt, u32>,
    /// The symbols of the store's vocabulary that are looked up rather than fixed.
    roles: Roles,
}

/// The symbols a [`Vocabulary`] names beyond the fixed ones ([`syms`]), interned once per store.
#[derive(Default, Clone, Debug)]
pub struct Roles {
    /// [`Vocabulary::alias`].
    pub alias: Option<Sym>,
    /// [`Vocabulary::existential`].
    pub existential: Option<Sym>,
    /// [`Vocabulary::existential_bound`].
    pub existential_bound: Option<Sym>,
    /// [`Vocabulary::fn_ptr`].
    pub fn_ptr: Option<Sym>,
    /// [`Vocabulary::variadic`].
    pub variadic: Option<Sym>,
    /// [`Vocabulary::alias_eq`].
    pub alias_eq: Option<Sym>,
    /// [`Vocabulary::constructors`], by functor.
    pub constructors: FxHashMap<Sym, Constructor>,
}

/// What [`Store::image`] gives (encoded as [`image_wire`] has it).
pub struct StoreImage {
    names: Vec<Box<str>>,
    nodes: Vec<Node>,
    args: Vec<TermId>,
    bigs: Vec<String>,
}

fn hash_parts(kind: Kind, a: u32, b: u32, args: &[TermId]) -> u64 {
    let mut h = FxHasher::default();
    (kind as u8).hash(&mut h);
    a.hash(&mut h);
    b.hash(&mut h);
    args.hash(&mut h);
    h.finish()
}

/// Well-known symbols, interned first so their ids are constants.
pub mod syms {
    use super::Sym;
    /// `,`
    pub const COMMA: Sym = Sym(0);
    /// `;`
    pub const SEMI: Sym = Sym(1);
    /// `:-`
    pub const NECK: Sym = Sym(2);
    /// `true`
    pub const TRUE: Sym = Sym(3);
    /// `fail`
    pub const FAIL: Sym = Sym(4);
    /// `=`
    pub const EQ: Sym = Sym(5);
    /// `\=`
    pub const NEQ: Sym = Sym(6);
    /// `\+`
    pub const NOT: Sym = Sym(7);
    /// `'$forall'`: the Hereditary Harrop universal `'$forall'(Vars, G)` (chalk's `forall<T> { G }`);
    /// `forall/2` is SWI-Prolog's built-in (no counterexample).
    pub const FORALL: Sym = Sym(8);
    /// `exists`
    pub const EXISTS: Sym = Sym(9);
    /// `=>`
    pub const IMPLIES: Sym = Sym(10);
    /// `[]`
    pub const NIL: Sym = Sym(11);
    /// `'[|]'` (list cell)
    pub const CONS: Sym = Sym(12);
    /// `false`
    pub const FALSE: Sym = Sym(13);
    /// `'$key'`: a table key (environment, goal, universes)
    pub const KEY: Sym = Sym(14);
    /// `'$ans'`: a tuple of answer values
    pub const ANS: Sym = Sym(15);
    /// `'$env'`: an environment list wrapper
    pub const ENV: Sym = Sym(16);
    /// `->` (if-then-else is not supported; kept to report it)
    pub const ARROW: Sym = Sym(17);
    /// `'$naf'(G, '$locals'(V..))`: negation whose listed variables are local to it
    pub const NAF: Sym = Sym(18);
    /// `'$locals'`
    pub const LOCALS: Sym = Sym(19);
    /// `'$placeholder'(X)`: X is a placeholder (a `forall` variable)
    pub const PLACEHOLDER: Sym = Sym(20);
    /// `nonvar(X)`: X is bound (to anything but an unbound variable), as in Prolog
    pub const NONVAR: Sym = Sym(21);
    /// `'$fallback'`: true; as a clause's first body goal it marks a default clause, whose answers
    /// the `recursive` strategy drops when another clause answers for the same first argument
    pub const FALLBACK: Sym = Sym(22);
    /// The vocabulary's region wrapper ([`Vocabulary::region`](crate::dialect::Vocabulary::region)),
    /// `R(r)`: `r` is a variable (an inference region), a placeholder, or one of the atoms
    /// [`STATIC`], [`ERASED`], [`EMPTY`]. Unifying two regions never fails: the unifier binds an
    /// inference region or records outlives constraints (see `unify.rs`).
    pub const REGION: Sym = Sym(23);
    /// The vocabulary's bound ([`Vocabulary::outlives`](crate::dialect::Vocabulary::outlives)),
    /// `O(A, B)`: "A outlives B", A a term or a region, B a region. As a goal it is not decided: it
    /// is recorded as a region constraint of the answer.
    pub const OUTLIVES: Sym = Sym(24);
    /// The vocabulary's `constraints` wrapper, `C(Constraints, Universes)`: the last value of an
    /// answer tuple that holds under region constraints (a list of [`OUTLIVES`] terms; the universe
    /// of each answer variable).
    pub const REGIONS: Sym = Sym(25);
    /// `static`: the region that outlives every other (inside a [`REGION`]).
    pub const STATIC: Sym = Sym(26);
    /// `erased`: an erased region (inside a [`REGION`]).
    pub const ERASED: Sym = Sym(27);
    /// `empty`: the empty region (inside a [`REGION`]).
    pub const EMPTY: Sym = Sym(28);
    /// `'$subtype'(A, B)`: `A` is a subtype of `B` (chalk's `Subtype(A, B)`), related with variance
    /// by `solve/subtype.rs`; region relations it needs are recorded as constraints.
    pub const SUBTYPE: Sym = Sym(29);
    /// `'$variance'(Type, [covariant | contravariant | invariant, ..])`: a fact declaring a type
    /// constructor's variances (kept by the program for `'$subtype'`, written out with its clauses).
    pub const VARIANCE: Sym = Sym(30);
    /// The vocabulary's `int_var`, `I(X)`: X is an integer: an unbound X becomes an integer
    /// variable (it unifies only with integer scalars, see `unify::VarKind`); a bound X must be an
    /// integer scalar.
    pub const INT_VAR: Sym = Sym(31);
    /// The vocabulary's `float_var`: as [`INT_VAR`], for floats.
    pub const FLOAT_VAR: Sym = Sym(32);
    /// `'$numeric_var'(X)`: X is an unbound integer or float variable (a test, as `var/1`); the rules
    /// give such a variable the built-in impls every integer (float) type has (`Copy`, `Sized`).
    pub const NUMERIC_VAR: Sym = Sym(33);
    /// `'$ambiguous'(Taint)`: in an answer's list of region constraints, marks the answer as only
    /// possible — its derivation went past goals it could not decide (`Taint`, the bits of
    /// `State::taint`: a truncated or a floundered goal), as chalk's ambiguous answers. A caller fed
    /// the answer is tainted the same way.
    pub const AMBIGUOUS: Sym = Sym(34);
    /// `'$for'(N, T)`: the type `T` under a binder of `N` lifetimes (`for<'a, 'b> fn(&'a u8, &'b u8)`,
    /// a `dyn for<'a> Tr<'a>` bound). Inside `T` the binder's lifetimes are `R('$bv'(D, I))` ([`REGION`])
    /// ([`BOUND`]); the term is closed, so equal binder types are the same term. Unifying two
    /// binder types is left to the machine, which instantiates them (`term/binders.rs`).
    pub const BINDER: Sym = Sym(35);
    /// `'$bv'(D, I)`: lifetime `I` of the binder `D` levels out (0: the innermost `'$for'`).
    pub const BOUND: Sym = Sym(36);
    /// `'$instantiate'(B, T)`: `T` is the binder type `B` with its lifetimes replaced by fresh
    /// inference regions (a non-binder `B` is its own instance): how a clause uses a
    /// higher-ranked type's body, as chalk instantiates a clause's binders existentially.
    pub const INSTANTIATE: Sym = Sym(37);
    /// `'$open'`: succeeds, only possibly (`TAINT_OPEN`): the alternative the machine adds to a call
    /// that mentions a functor the program names but does not define (`Program::open`), which
    /// clauses the program does not have may prove.
    pub const OPEN: Sym = Sym(38);
    pub const ALL: &[&str] = &[
        ",",
        ";",
        ":-",
        "true",
        "fail",
        "=",
        "\\=",
        "\\+",
        "$forall",
        "exists",
        "=>",
        "[]",
        "[|]",
        "false",
        "$key",
        "$ans",
        "$env",
        "->",
        "$naf",
        "$locals",
        "$placeholder",
        "nonvar",
        "$fallback",
        // The next three, and the integer and float variables below, are named by the store's
        // vocabulary (`Store::with_vocabulary`); these are the engine's own names.
        "$region",
        "$region_bound",
        "$constraints",
        "static",
        "erased",
        "empty",
        "$subtype",
        "$variance",
        "$integer_variable",
        "$floating_variable",
        "$numeric_var",
        "$ambiguous",
        "$for",
        "$bv",
        "$instantiate",
        "$open",
    ];
}

impl Store {
    /// A store with the well-known symbols interned, in the engine's own vocabulary
    /// ([`Vocabulary::NEUTRAL`]).
    pub fn new() -> Store {
        Store::with_vocabulary(&Vocabulary::NEUTRAL)
    }

    /// A store with the well-known symbols interned, those with a meaning in a dialect named as
    /// its vocabulary says.
    pub fn with_vocabulary(v: &Vocabulary) -> Store {
        let mut s = Store::default();
        for (i, name) in syms::ALL.iter().enumerate() {
            let name = match Sym(i as u32) {
                syms::REGION => v.region,
                syms::OUTLIVES => v.outlives,
                syms::REGIONS => v.constraints,
                syms::INT_VAR => v.int_var,
                syms::FLOAT_VAR => v.float_var,
                _ => name,
            };
            s.sym(name);
        }
        s.var0 = s.var(0);
        s.set_roles(v);
        s
    }

    /// Intern the vocabulary's looked-up symbols.
    fn set_roles(&mut self, v: &Vocabulary) {
        let mut opt = |n: Option<&str>| n.map(|n| self.sym(n));
        let roles = Roles {
            alias: opt(v.alias),
            existential: opt(v.existential),
            existential_bound: opt(v.existential_bound),
            fn_ptr: opt(v.fn_ptr),
            variadic: opt(v.variadic),
            alias_eq: opt(v.alias_eq),
            constructors: FxHashMap::default(),
        };
        self.roles = roles;
        for c in v.constructors {
            let f = self.sym(c.name);
            self.roles.constructors.insert(f, *c);
        }
    }

    /// The store's vocabulary symbols (see [`Roles`]).
    #[inline]
    pub fn roles(&self) -> &Roles {
        &self.roles
    }

    /// Intern a symbol.
    pub fn sym(&mut self, name: &str) -> Sym {
        if let Some(&s) = self.sym_map.get(name) {
            return s;
        }
        let s = Sym(self.names.len() as u32);
        self.names.push(name.into());
        self.sym_map.insert(name.into(), s);
        s
    }

    /// Look a symbol up without interning it.
    pub fn find_sym(&self, name: &str) -> Option<Sym> {
        self.sym_map.get(name).copied()
    }

    /// The name of a symbol.
    pub fn name(&self, s: Sym) -> &str {
        &self.names[s.0 as usize]
    }

    /// Reserve room for about `terms` more interned terms (a loader that knows its input's size calls
    /// this once instead of growing the table step by step).
    pub fn reserve(&mut self, terms: usize) {
        self.nodes.reserve(terms);
        self.args.reserve(terms);
        let nodes = &self.nodes;
        let all_args = &self.args;
        self.table
            .reserve(terms, |&t| Self::node_hash(&nodes[t.0 as usize], all_args));
    }

    fn node_hash(n: &Node, all_args: &[TermId]) -> u64 {
        let args: &[TermId] = if n.kind == Kind::App {
            &all_args[n.b as usize..n.b as usize + n.arity as usize]
        } else {
            &[]
        };
        hash_parts(n.kind, n.a, if n.kind == Kind::App { 0 } else { n.b }, args)
    }

    /// Whether node `n` is the term of these parts (`a` and `b` as [`Store::intern`] stores them).
    fn same(n: &Node, all_args: &[TermId], kind: Kind, a: u32, b: u32, args: &[TermId]) -> bool {
        n.kind == kind
            && n.a == a
            && if kind == Kind::App {
                n.arity as usize == args.len()
                    && &all_args[n.b as usize..n.b as usize + n.arity as usize] == args
            } else {
                n.b == b
            }
    }

    /// Intern a node. An integer's `int` is stored in `a` (low half) and `b` (high half), so a node
    /// is 32 bytes.
    fn intern(&mut self, kind: Kind, a: u32, b: u32, int: i64, args: &[TermId]) -> TermId {
        if kind == Kind::Int && (0..(u32::MAX - IMMEDIATE) as i64).contains(&int) {
            return TermId(IMMEDIATE + int as u32);
        }
        let (a, b) = if kind == Kind::Int || kind == Kind::Float {
            (int as u64 as u32, ((int as u64) >> 32) as u32)
        } else {
            (a, b)
        };
        let hash = hash_parts(kind, a, b, args);
        let nodes = &self.nodes;
        let all_args = &self.args;
        // One probe: the slot found for a new term is where it goes.
        let entry = self.table.entry(
            hash,
            |&id| Self::same(&nodes[id.0 as usize], all_args, kind, a, b, args),
            |&t| Self::node_hash(&nodes[t.0 as usize], all_args),
        );
        let vacant = match entry {
            hashbrown::hash_table::Entry::Occupied(e) => return *e.get(),
            hashbrown::hash_table::Entry::Vacant(v) => v,
        };
        let node = match kind {
            Kind::Var => Node::leaf(kind, a, b, false, 0, a + 1),
            Kind::Placeholder => Node::leaf(kind, a, b, true, a, 0),
            Kind::App => {
                let start = self.args.len() as u32;
                let node = Self::app_node(&self.nodes, Sym(a), start, args);
                self.args.extend_from_slice(args);
                node
            }
            _ => Node::leaf(kind, a, b, true, 0, 0),
        };
        let id = TermId(self.nodes.len() as u32);
        self.nodes.push(node);
        vacant.insert(id);
        id
    }

    /// The node of `f(args)`, its arguments to be stored at `start` of the argument array.
    fn app_node(nodes: &[Node], f: Sym, start: u32, args: &[TermId]) -> Node {
        let mut ground = true;
        let mut size: u32 = 1;
        let mut depth = 0;
        let mut univ = 0;
        let mut nvars = 0;
        for &t in args {
            if immediate(t).is_some() {
                size = size.saturating_add(1);
                depth = depth.max(1);
                continue;
            }
            let n = &nodes[t.0 as usize];
            ground &= n.ground;
            size = size.saturating_add(n.size);
            depth = depth.max(n.depth);
            univ = univ.max(n.univ);
            nvars = nvars.max(n.nvars);
        }
        Node {
            kind: Kind::App,
            a: f.0,
            b: start,
            arity: args.len() as u32,
            ground,
            size,
            depth: depth + 1,
            univ,
            nvars,
        }
    }

    /// Intern the compounds `f(args)` of a batch: `apps[i]` is `(f, start, len)`, its arguments
    /// `args[start..start + len]` (at least one each), and `out` gets their ids in order: the ids
    /// [`Store::app`] would give them one after another, each new term numbered in order of first
    /// occurrence.
    ///
    /// What differs is the order the term table is read and written in. One by one, each lookup of
    /// a large table is a cache miss at a random place; here the batch's lookups and then its
    /// insertions go in the order of their place in the table, so they sweep it in one direction
    /// (a loader of many facts: `syntax::clauses`).
    pub fn app_batch(&mut self, apps: &[(Sym, u32, u32)], args: &[TermId], out: &mut Vec<TermId>) {
        let of = |i: usize| {
            let (f, start, len) = apps[i];
            (f, &args[start as usize..(start + len) as usize])
        };
        let hashes: Vec<u64> = (0..apps.len())
            .map(|i| {
                let (f, xs) = of(i);
                hash_parts(Kind::App, f.0, 0, xs)
            })
            .collect();
        let (nodes, all_args) = (&self.nodes, &self.args);
        self.table.reserve(apps.len(), |&t| {
            Self::node_hash(&nodes[t.0 as usize], all_args)
        });
        // A term's bucket is its hash's low bits, as many as the table has buckets: a power of two,
        // 8/7 of the capacity (hashbrown fills 7/8 of them).
        let buckets = (self.table.capacity().saturating_mul(8) / 7).next_power_of_two() as u64;
        let place = |i: u32| hashes[i as usize] & (buckets - 1);
        // By place in the table, then hash, then position: equal terms are next to each other, the
        // first occurrence first.
        let mut order: Vec<u32> = (0..apps.len() as u32).collect();
        order.sort_unstable_by_key(|&i| (place(i), hashes[i as usize], i));
        // What each term of the batch is: interned before, a repeat of an earlier term of the batch
        // (its position), or new.
        #[derive(Clone, Copy)]
        enum Seen {
            Interned(TermId),
            Repeat(u32),
            New,
        }
        let mut seen = vec![Seen::New; apps.len()];
        let mut run_start = 0;
        for (k, &i) in order.iter().enumerate() {
            let (f, xs) = of(i as usize);
            let h = hashes[i as usize];
            if k > 0 && hashes[order[k - 1] as usize] != h {
                run_start = k;
            }
            // An equal term earlier in this batch: in the current run (same hash), and the first
            // equal one there is its first occurrence (equal positions are in ascending order).
            if let Some(&j) = order[run_start..k]
                .iter()
                .find(|&&j| of(j as usize) == (f, xs))
            {
                seen[i as usize] = Seen::Repeat(j);
                continue;
            }
            let (nodes, all_args) = (&self.nodes, &self.args);
            if let Some(&id) = self.table.find(h, |&id| {
                Self::same(&nodes[id.0 as usize], all_args, Kind::App, f.0, 0, xs)
            }) {
                seen[i as usize] = Seen::Interned(id);
            }
        }
        // New terms get their ids in order of first occurrence.
        out.clear();
        out.reserve(apps.len());
        for (i, s) in seen.iter().enumerate() {
            let id = match *s {
                Seen::Repeat(j) => out[j as usize],
                Seen::Interned(id) => id,
                Seen::New => {
                    let (f, xs) = of(i);
                    let start = self.args.len() as u32;
                    let node = Self::app_node(&self.nodes, f, start, xs);
                    self.args.extend_from_slice(xs);
                    let id = TermId(self.nodes.len() as u32);
                    self.nodes.push(node);
                    id
                }
            };
            out.push(id);
        }
        // The new terms into the table, in order of place.
        for &i in &order {
            if matches!(seen[i as usize], Seen::New) {
                let (nodes, all_args) = (&self.nodes, &self.args);
                self.table
                    .insert_unique(hashes[i as usize], out[i as usize], |&t| {
                        Self::node_hash(&nodes[t.0 as usize], all_args)
                    });
            }
        }
    }

    /// The store's contents, to be rebuilt by [`Store::from_image`] with the same ids (a snapshot of
    /// a prepared program: `std_image.rs`).
    pub fn image(&self) -> StoreImage {
        StoreImage {
            names: self.names.clone(),
            nodes: self.nodes.clone(),
            args: self.args.clone(),
            bigs: self.bigs.iter().map(|b| b.to_string()).collect(),
        }
    }

    /// The store an [`image`](Store::image) was taken of: every symbol and term has its id again.
    /// `None` when the image is inconsistent.
    pub fn from_image(img: StoreImage, vocabulary: &Vocabulary) -> Option<Store> {
        let mut s = Store {
            sym_map: img
                .names
                .iter()
                .enumerate()
                .map(|(i, n)| (n.clone(), Sym(i as u32)))
                .collect(),
            names: img.names,
            nodes: img.nodes,
            args: img.args,
            ..Store::default()
        };
        for (i, b) in img.bigs.iter().enumerate() {
            let b: num_bigint::BigInt = b.parse().ok()?;
            s.big_map.insert(b.clone(), i as u32);
            s.bigs.push(b);
        }
        let mut table = HashTable::with_capacity(s.nodes.len());
        for (i, n) in s.nodes.iter().enumerate() {
            if n.kind == Kind::App && (n.b + n.arity) as usize > s.args.len() {
                return None;
            }
            let h = Self::node_hash(n, &s.args);
            let (nodes, args) = (&s.nodes, &s.args);
            table.insert_unique(h, TermId(i as u32), |&t| {
                Self::node_hash(&nodes[t.0 as usize], args)
            });
        }
        s.table = table;
        s.var0 = s.var(0);
        s.set_roles(vocabulary);
        Some(s)
    }

    /// An atom.
    pub fn atom(&mut self, s: Sym) -> TermId {
        self.intern(Kind::Atom, s.0, 0, 0, &[])
    }

    /// An atom by name.
    pub fn atom_named(&mut self, name: &str) -> TermId {
        let s = self.sym(name);
        self.atom(s)
    }

    /// An integer.
    pub fn int(&mut self, i: i64) -> TermId {
        self.intern(Kind::Int, 0, 0, i, &[])
    }

    /// A float.
    pub fn float(&mut self, f: f64) -> TermId {
        self.intern(Kind::Float, 0, 0, f.to_bits() as i64, &[])
    }

    /// An integer of any size: `Int` when it fits in i64, else a big integer.
    pub fn bigint(&mut self, b: &num_bigint::BigInt) -> TermId {
        use num_traits::ToPrimitive;
        if let Some(i) = b.to_i64() {
            return self.int(i);
        }
        let ix = match self.big_map.get(b) {
            Some(&ix) => ix,
            None => {
                let ix = self.bigs.len() as u32;
                self.bigs.push(b.clone());
                self.big_map.insert(b.clone(), ix);
                ix
            }
        };
        self.intern(Kind::Big, ix, 0, 0, &[])
    }

    /// A string term with this text.
    pub fn string(&mut self, text: &str) -> TermId {
        let s = self.sym(text);
        self.intern(Kind::Str, s.0, 0, 0, &[])
    }

    /// A local variable.
    pub fn var(&mut self, i: u32) -> TermId {
        self.intern(Kind::Var, i, 0, 0, &[])
    }

    /// A placeholder of `universe`, numbered `index` within it.
    pub fn placeholder(&mut self, universe: u32, index: u32) -> TermId {
        self.intern(Kind::Placeholder, universe, index, 0, &[])
    }

    /// `f(args)`; an atom when `args` is empty.
    pub fn app(&mut self, f: Sym, args: &[TermId]) -> TermId {
        if args.is_empty() {
            self.atom(f)
        } else {
            // App nodes hash with b = 0 (b holds the argument offset, which is not part of identity).
            self.intern_app(f, args)
        }
    }

    /// `f()`: SWI-Prolog 7's compound of no arguments, distinct from the atom `f`.
    pub fn compound0(&mut self, f: Sym) -> TermId {
        self.intern_app(f, &[])
    }

    fn intern_app(&mut self, f: Sym, args: &[TermId]) -> TermId {
        self.intern(Kind::App, f.0, 0, 0, args)
    }

    /// A list of `items` ending in `tail` (`[]` when `None`).
    pub fn list(&mut self, items: &[TermId], tail: Option<TermId>) -> TermId {
        let mut t = match tail {
            Some(t) => t,
            None => self.atom(syms::NIL),
        };
        for &x in items.iter().rev() {
            t = self.app(syms::CONS, &[x, t]);
        }
        t
    }

    /// The elements of a list term `[A, B, ..]`, up to its first tail that is not a cons cell
    /// (iteratively).
    pub fn list_items(&self, mut t: TermId) -> Vec<TermId> {
        let mut out = Vec::new();
        while let View::App(syms::CONS, [x, rest]) = self.view(t) {
            out.push(*x);
            t = *rest;
        }
        out
    }

    /// Look at a term.
    #[inline]
    pub fn view(&self, t: TermId) -> View<'_> {
        if let Some(i) = immediate(t) {
            return View::Int(i);
        }
        let n = &self.nodes[t.0 as usize];
        match n.kind {
            Kind::Atom => View::Atom(Sym(n.a)),
            Kind::Int => View::Int(((n.b as u64) << 32 | n.a as u64) as i64),
            Kind::Var => View::Var(n.a),
            Kind::Placeholder => View::Placeholder(n.a, n.b),
            Kind::App => View::App(Sym(n.a), &self.args[n.b as usize..(n.b + n.arity) as usize]),
            Kind::Float => View::Float(f64::from_bits((n.b as u64) << 32 | n.a as u64)),
            Kind::Big => View::Big(&self.bigs[n.a as usize]),
            Kind::Str => View::Str(Sym(n.a)),
        }
    }

    /// The kind of a term.
    #[inline]
    pub fn kind(&self, t: TermId) -> Kind {
        if immediate(t).is_some() {
            return Kind::Int;
        }
        self.nodes[t.0 as usize].kind
    }

    /// Arguments of a compound term (empty for anything else).
    #[inline]
    pub fn args(&self, t: TermId) -> &[TermId] {
        if immediate(t).is_some() {
            return &[];
        }
        let n = &self.nodes[t.0 as usize];
        if n.kind == Kind::App {
            &self.args[n.b as usize..(n.b + n.arity) as usize]
        } else {
            &[]
        }
    }

    /// Where an application's arguments start in the store's argument array (`None` for other
    /// terms): the arguments of applications interned one after another are consecutive there, so a
    /// run of them is one [`Store::args_range`].
    pub fn args_start(&self, t: TermId) -> Option<u32> {
        if immediate(t).is_some() {
            return None;
        }
        let n = &self.nodes[t.0 as usize];
        (n.kind == Kind::App).then_some(n.b)
    }

    /// The arguments stored at `start..end` of the argument array (see [`Store::args_start`]).
    pub fn args_range(&self, start: u32, end: u32) -> &[TermId] {
        &self.args[start as usize..end as usize]
    }

    /// The principal functor: name and arity (atoms have arity 0); `None` for variables, integers, placeholders.
    #[inline]
    pub fn functor(&self, t: TermId) -> Option<(Sym, u32)> {
        if immediate(t).is_some() {
            return None;
        }
        let n = &self.nodes[t.0 as usize];
        match n.kind {
            Kind::Atom => Some((Sym(n.a), 0)),
            Kind::App => Some((Sym(n.a), n.arity)),
            _ => None,
        }
    }

    /// True when the term has no variables (placeholders count as constants).
    #[inline]
    pub fn is_ground(&self, t: TermId) -> bool {
        immediate(t).is_some() || self.nodes[t.0 as usize].ground
    }

    /// The highest universe of a placeholder in `t` (0 when it has none).
    #[inline]
    pub fn max_universe(&self, t: TermId) -> u32 {
        if immediate(t).is_some() {
            return 0;
        }
        self.nodes[t.0 as usize].univ
    }

    /// Number of nodes (saturating).
    #[inline]
    pub fn size(&self, t: TermId) -> u32 {
        if immediate(t).is_some() {
            return 1;
        }
        self.nodes[t.0 as usize].size
    }

    /// Nesting depth (an atom has depth 1).
    #[inline]
    pub fn depth(&self, t: TermId) -> u32 {
        if immediate(t).is_some() {
            return 1;
        }
        self.nodes[t.0 as usize].depth
    }

    /// How many terms are interned.
    pub fn len(&self) -> usize {
        self.nodes.len()
    }

    /// Bytes held by the interned terms (nodes, argument lists, the hash table), approximately.
    pub fn memory(&self) -> usize {
        self.nodes.capacity() * std::mem::size_of::<Node>()
            + self.args.capacity() * std::mem::size_of::<TermId>()
            + self.nodes.len() * 8
    }

    /// Bytes the intern table's next growth will allocate, once it is near (three quarters of its
    /// capacity used), else 0. A growth allocates the doubled table at once and fills it while the
    /// old one is still held: at a million terms, 10 MiB in one step, past a memory budget that
    /// was checked just before. Counting it ahead stops the search before it.
    pub fn growth_ahead(&self) -> u64 {
        let cap = self.table.capacity();
        if self.table.len() * 4 < cap * 3 {
            return 0;
        }
        let buckets = (cap.max(1) * 8 / 7).next_power_of_two() * 2;
        (buckets * (std::mem::size_of::<TermId>() + 1)) as u64
    }

    /// True when no term is interned yet.
    pub fn is_empty(&self) -> bool {
        self.nodes.is_empty()
    }

    /// The largest variable index in `t` plus one (0 when ground). Iterative.
    #[inline]
    pub fn var_count(&self, t: TermId) -> u32 {
        if immediate(t).is_some() {
            return 0;
        }
        self.nodes[t.0 as usize].nvars
    }

    /// Rebuild `t` bottom-up, replacing each variable by `f(index)`. Iterative (deep terms are fine).
    pub fn map_vars(&mut self, t: TermId, f: &mut dyn FnMut(&mut Store, u32) -> TermId) -> TermId {
        self.rebuild(t, &|s, t| !s.is_ground(t), &mut |s, t| match s.view(t) {
            View::Var(i) => Some(f(s, i)),
            _ => None,
        })
    }

    /// Rebuild `t` bottom-up, replacing each placeholder `(universe, index)` by `f(universe, index)`.
    pub fn map_placeholders(
        &mut self,
        t: TermId,
        f: &mut dyn FnMut(&mut Store, u32, u32) -> TermId,
    ) -> TermId {
        self.rebuild(
            t,
            &|s, t| s.max_universe(t) > 0,
            &mut |s, t| match s.view(t) {
                View::Placeholder(u, i) => Some(f(s, u, i)),
                _ => None,
            },
        )
    }

    /// Rebuild `t` bottom-up: subterms for which `visit` is false are kept; `leaf` may replace a
    /// subterm. Iterative.
    /// The term `t` of store `src`, interned in this store (symbols by name). Iterative; `memo` maps
    /// the terms of `src` already imported, so a DAG is copied in time linear in its distinct nodes.
    pub fn import(
        &mut self,
        src: &Store,
        t: TermId,
        memo: &mut FxHashMap<TermId, TermId>,
    ) -> TermId {
        enum Work {
            Visit(TermId),
            Build(TermId, Sym, usize),
        }
        let mut work = vec![Work::Visit(t)];
        let mut out: Vec<TermId> = Vec::new();
        while let Some(w) = work.pop() {
            match w {
                Work::Visit(t) => {
                    if let Some(&r) = memo.get(&t) {
                        out.push(r);
                        continue;
                    }
                    let r = match src.view(t) {
                        View::App(f, args) => {
                            let f = self.sym(src.name(f));
                            work.push(Work::Build(t, f, args.len()));
                            for &a in args.iter().rev() {
                                work.push(Work::Visit(a));
                            }
                            continue;
                        }
                        View::Atom(a) => {
                            let a = self.sym(src.name(a));
                            self.atom(a)
                        }
                        View::Int(i) => self.int(i),
                        View::Var(v) => self.var(v),
                        View::Placeholder(u, i) => self.placeholder(u, i),
                        View::Float(f) => self.float(f),
                        View::Big(b) => self.bigint(b),
                        View::Str(s) => self.string(src.name(s)),
                    };
                    memo.insert(t, r);
                    out.push(r);
                }
                Work::Build(orig, f, n) => {
                    let start = out.len() - n;
                    let r = self.app(f, &out[start..]);
                    out.truncate(start);
                    memo.insert(orig, r);
                    out.push(r);
                }
            }
        }
        out.pop().unwrap_or(t)
    }

    fn rebuild(
        &mut self,
        t: TermId,
        visit: &dyn Fn(&Store, TermId) -> bool,
        leaf: &mut dyn FnMut(&mut Store, TermId) -> Option<TermId>,
    ) -> TermId {
        enum Work {
            Visit(TermId),
            Build(Sym, usize),
        }
        let mut work = vec![Work::Visit(t)];
        let mut out: Vec<TermId> = Vec::new();
        while let Some(w) = work.pop() {
            match w {
                Work::Visit(t) => {
                    if !visit(self, t) {
                        out.push(t);
                        continue;
                    }
                    if let Some(r) = leaf(self, t) {
                        out.push(r);
                        continue;
                    }
                    match self.view(t) {
                        View::App(s, args) => {
                            work.push(Work::Build(s, args.len()));
                            for &a in args.iter().rev() {
                                work.push(Work::Visit(a));
                            }
                        }
                        _ => out.push(t),
                    }
                }
                Work::Build(s, n) => {
                    let start = out.len() - n;
                    let t = self.app(s, &out[start..]);
                    out.truncate(start);
                    out.push(t);
                }
            }
        }
        out.pop().unwrap_or(t)
    }
}

#[cfg(test)]
mod batch_tests {
    use super::*;
    use proptest::prelude::*;

    /// A compound of the batch: functor 0..3, arguments from small integers, a negative one (a
    /// node), two atoms and a term interned before.
    fn arg(store: &mut Store, pick: u8, before: TermId) -> TermId {
        match pick % 6 {
            0..=2 => store.int(i64::from(pick % 4)),
            3 => store.int(-7),
            4 => store.atom_named(if pick % 2 == 0 { "a" } else { "b" }),
            _ => before,
        }
    }

    proptest! {
        /// `app_batch` gives the ids `app` gives one by one, numbers new terms in the same order,
        /// and leaves every term findable: duplicates within the batch, terms interned before it,
        /// and the same term under two functors or arities all included.
        #[test]
        fn a_batch_interns_as_one_by_one(
            terms in proptest::collection::vec((0u8..3, proptest::collection::vec(any::<u8>(), 1..4)), 0..60),
            before in 0usize..5,
        ) {
            let mut base = Store::new();
            let f: Vec<Sym> = ["p", "q", "r"].iter().map(|n| base.sym(n)).collect();
            let one = base.int(1);
            let old = base.app(f[0], &[one]);
            for k in 0..before {
                let x = base.int(k as i64);
                base.app(f[k % 3], &[x, one]);
            }
            let mut args = Vec::new();
            let mut apps = Vec::new();
            for (g, picks) in &terms {
                let at = args.len() as u32;
                for &p in picks {
                    let t = arg(&mut base, p, old);
                    args.push(t);
                }
                apps.push((f[*g as usize], at, picks.len() as u32));
            }
            let mut seq = base.clone();
            let want: Vec<TermId> = apps
                .iter()
                .map(|&(g, at, n)| seq.app(g, &args[at as usize..(at + n) as usize]))
                .collect();
            let mut bat = base.clone();
            let mut got = Vec::new();
            bat.app_batch(&apps, &args, &mut got);
            prop_assert_eq!(&got, &want);
            prop_assert_eq!(bat.len(), seq.len());
            for id in 0..seq.len() as u32 {
                prop_assert_eq!(bat.view(TermId(id)), seq.view(TermId(id)));
            }
            let len = bat.len();
            for (&(g, at, n), &id) in apps.iter().zip(&got) {
                prop_assert_eq!(bat.app(g, &args[at as usize..(at + n) as usize]), id);
            }
            prop_assert_eq!(bat.len(), len);
        }
    }
}
