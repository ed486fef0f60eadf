//! Associated-type normalization with an egg e-graph (`--normalize egraph`).
//!
//! A projection `<T as Tr<..>>::A<..>` is the lowered term `'$assoc'(TraitRef, 'A'(..))`. To normalize a
//! ground one, knot puts it in an e-graph and saturates: every e-class holding a `$assoc` node is
//! matched against the impls' associated-type values — looked up by (trait, item, self-type head), one
//! lookup per class rather than one rewrite per impl — and an impl applies only when its where-clauses
//! hold, which the solver checks (nothing is assumed). Its value joins the projection's e-class (a
//! union), its own projections are normalized in later iterations, and the extraction picks the
//! smallest term of the class without projections: the normal form. Node and iteration limits are
//! enforced by this loop and reported as Overflow, never a hang. A projection no impl normalizes stays
//! the rigid alias `'$alias'(TraitRef, Item)`, as in rustc and chalk.
//!
//! The normalizer answers `alias_eq(Projection, Ty)` as a [`Foreign`] predicate, in place of the
//! `normalize/2` clauses: its answers are the normal form (when there is one) and the rigid alias, the
//! two answers the clauses give, so that answers read as chalk's. Projections with unbound variables
//! are left to the clauses.

use crate::program::{Foreign, ForeignResult, Program};
use crate::solve::{Goal, Limits, StopReason};
use crate::term::unify::{Bindings, Ref, UnifyOptions, VarMap};
use crate::term::{syms, Store, TermId, View};
use egg::{CostFunction, EGraph, Extractor, Id, Language, RecExpr, SymbolLang};
use rustc_hash::FxHashMap;
use std::sync::atomic::{AtomicU32, Ordering};
use std::sync::Mutex;

/// Limits of one normalization.
#[derive(Clone, Copy, Debug)]
pub struct EgraphLimits {
    /// Most e-nodes (egg's own default of 10,000 would stop silently; here it is an Overflow).
    pub max_nodes: usize,
    /// Most saturation rounds.
    pub max_iterations: usize,
    /// Deepest nesting of normalizations (an impl's where-clause needing another normalization).
    pub max_nesting: u32,
}

impl Default for EgraphLimits {
    fn default() -> Self {
        EgraphLimits {
            max_nodes: 10_000,
            max_iterations: 30,
            max_nesting: 16,
        }
    }
}

/// The e-graph normalizer, installed as the foreign predicate `alias_eq/2`.
pub struct EgraphNormalizer {
    limits: EgraphLimits,
    nesting: AtomicU32,
    /// Normal forms already computed (`None`: the projection is rigid).
    cache: Mutex<FxHashMap<TermId, Option<TermId>>>,
}

/// Why a normalization stopped early: the answer is unknown (never cached, never "no").
#[derive(Debug)]
enum Overflow {
    /// One of the normalizer's own limits (nodes, iterations, nesting).
    Own(&'static str),
    /// A where-clause's nested search hit one of the caller's limits.
    Nested(StopReason),
}

impl EgraphNormalizer {
    /// A normalizer with these limits.
    pub fn new(limits: EgraphLimits) -> EgraphNormalizer {
        EgraphNormalizer {
            limits,
            nesting: AtomicU32::new(0),
            cache: Mutex::new(FxHashMap::default()),
        }
    }

    /// Install the normalizer as `alias_eq/2` of `program`.
    pub fn install(store: &mut Store, program: &mut Program, limits: EgraphLimits) {
        let p = (store.sym("alias_eq"), 2);
        program
            .foreign
            .0
            .insert(p, std::sync::Arc::new(EgraphNormalizer::new(limits)));
        program.touch();
    }

    /// The normal form of a ground projection term, or `None` when it is rigid.
    fn normal_form(
        &self,
        store: &mut Store,
        program: &Program,
        proj: TermId,
        limits: &Limits,
    ) -> Result<Option<TermId>, Overflow> {
        if let Some(&r) = self
            .cache
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .get(&proj)
        {
            return Ok(r);
        }
        let mut eg: EGraph<SymbolLang, ()> = EGraph::default();
        let root = add_term(&mut eg, store, proj);
        let assoc = "$assoc";
        for _ in 0..self.limits.max_iterations {
            // Every class with a projection node, and that node's argument classes.
            let mut work: Vec<(Id, Id, Id)> = Vec::new();
            for class in eg.classes() {
                for node in &class.nodes {
                    if node.op.as_str() == assoc && node.children().len() == 2 {
                        work.push((class.id, node.children()[0], node.children()[1]));
                    }
                }
            }
            let mut changed = false;
            for (class, tr, item) in work {
                let ext = Extractor::new(&eg, NoProjections);
                let (_, tr_e) = ext.find_best(tr);
                let (_, item_e) = ext.find_best(item);
                let tr_t = to_term(store, &tr_e);
                let item_t = to_term(store, &item_e);
                for value in impl_values(store, program, tr_t, item_t, limits)? {
                    let v = add_term(&mut eg, store, value);
                    let (a, b) = (eg.find(class), eg.find(v));
                    if a != b {
                        eg.union(a, b);
                        changed = true;
                    }
                }
                if eg.total_number_of_nodes() > self.limits.max_nodes {
                    return Err(Overflow::Own(
                        "e-graph normalization node limit reached (a projection keeps growing)",
                    ));
                }
            }
            eg.rebuild();
            if !changed {
                let ext = Extractor::new(&eg, NoProjections);
                let (cost, best) = ext.find_best(eg.find(root));
                let nf = (cost < PROJECTION_COST).then(|| to_term(store, &best));
                self.cache
                    .lock()
                    .unwrap_or_else(|e| e.into_inner())
                    .insert(proj, nf);
                return Ok(nf);
            }
        }
        Err(Overflow::Own(
            "e-graph normalization iteration limit reached (a projection never settles)",
        ))
    }
}

impl Foreign for EgraphNormalizer {
    /// An impl applies when its where-clauses hold, which may rest on the hypotheses in scope
    /// (`forall<T> { if (T: Clone) { .. } }`); the nested search that checks them does not see
    /// those, and the cache of normal forms is not keyed by them: under hypotheses the clauses
    /// normalize.
    fn reads_hypotheses(&self) -> bool {
        true
    }

    fn call(
        &self,
        store: &mut Store,
        program: &Program,
        goal: TermId,
        limits: &Limits,
    ) -> ForeignResult {
        let View::App(_, args) = store.view(goal) else {
            return ForeignResult::Defer;
        };
        let proj = args[0];
        let View::App(f, pa) = store.view(proj) else {
            return ForeignResult::Defer;
        };
        if store.name(f) != "$assoc" || pa.len() != 2 || !store.is_ground(proj) {
            return ForeignResult::Defer;
        }
        if store.max_universe(proj) > 0 {
            // A placeholder (`forall<'a> { Ref<'a, I32>: Deref<'a, Item = U> }`): matching an
            // impl against it yields region constraints, which a normal form cannot carry; the
            // clauses normalize (`normalize_under_binder_multi` of chalk's tests).
            return ForeignResult::Defer;
        }
        let (tr, item) = (pa[0], pa[1]);
        let dyn_self = store
            .args(tr)
            .first()
            .and_then(|&s| store.functor(s))
            .is_some_and(|(f, _)| store.name(f) == "$dyn");
        if dyn_self {
            // A `dyn` type's projections come from its bounds' bindings: the clauses decide.
            return ForeignResult::Defer;
        }
        if has_own_alias_rules(store, program, tr) {
            // `alias_eq` clauses of its own (implied bounds such as `trait Bar: Foo<A = ()>`): the
            // clauses decide.
            return ForeignResult::Defer;
        }
        if self.nesting.fetch_add(1, Ordering::SeqCst) >= self.limits.max_nesting {
            self.nesting.fetch_sub(1, Ordering::SeqCst);
            return ForeignResult::Overflow(
                "e-graph normalization nested too deeply (a projection defined by itself)",
            );
        }
        let nf = self.normal_form(store, program, proj, limits);
        self.nesting.fetch_sub(1, Ordering::SeqCst);
        let alias_s = store.sym("$alias");
        let rigid = store.app(alias_s, &[tr, item]);
        let ae = store.sym("alias_eq");
        match nf {
            // The rigid alias is a default, as the clause normalizer's `'$fallback'` clause.
            Ok(Some(v)) => ForeignResult::Ranked {
                answers: vec![store.app(ae, &[proj, v])],
                defaults: vec![store.app(ae, &[proj, rigid])],
            },
            Ok(None) => ForeignResult::Ranked {
                answers: Vec::new(),
                defaults: vec![store.app(ae, &[proj, rigid])],
            },
            Err(Overflow::Own(what)) => ForeignResult::Overflow(what),
            Err(Overflow::Nested(r)) => ForeignResult::Stopped(r),
        }
    }
}

/// The values the impls give `'$assoc'(tr, item)`: each `normalize/2` clause whose head matches and
/// whose where-clauses the solver proves (its first answer fixes the value's variables).
fn impl_values(
    store: &mut Store,
    program: &Program,
    tr: TermId,
    item: TermId,
    limits: &Limits,
) -> Result<Vec<TermId>, Overflow> {
    let Some(nz) = store.find_sym("normalize") else {
        return Ok(Vec::new());
    };
    let assoc_s = store.sym("$assoc");
    let proj = store.app(assoc_s, &[tr, item]);
    let key = self_type(store, proj).and_then(|t| store.functor(t));
    let mut out = Vec::new();
    for &ci in program.clauses_of((nz, 2)) {
        let clause = &program.clauses()[ci as usize];
        let View::App(_, h) = store.view(clause.head) else {
            continue;
        };
        // The lookup by self-type head: an impl for another type constructor is not tried.
        if let Some(s) = self_type(store, h[0]) {
            if !matches!(store.view(s), View::Var(_)) && store.functor(s) != key {
                continue;
            }
        }
        let mut b = Bindings::new();
        let cbase = b.alloc(clause.nvars, store.max_universe(proj));
        let opts = UnifyOptions::default();
        if !b.unify(store, Ref::new(h[0], cbase), Ref::new(proj, 0), opts) {
            continue;
        }
        // The where-clauses and the value under the head's unifier, numbered together.
        let mut map = VarMap::new();
        let value = b.resolve(store, Ref::new(h[1], cbase), &mut map);
        let body: Vec<TermId> = clause
            .body()
            .iter()
            .map(|&g| b.resolve(store, Ref::new(g, cbase), &mut map))
            .collect();
        let nvars = map.len() as u32;
        let conj = body
            .iter()
            .rev()
            .copied()
            .reduce(|acc, g| store.app(syms::COMMA, &[g, acc]))
            .unwrap_or_else(|| store.atom(syms::TRUE));
        // Every variable is a query variable: the first answer gives the value's.
        let goal = crate::program::mark_negations(store, conj, conj);
        if let Some(vals) = first_answer(store, program, goal, nvars, limits)? {
            let value = store.map_vars(value, &mut |s, i| {
                vals.get(i as usize).copied().unwrap_or_else(|| s.var(i))
            });
            if store.is_ground(value) {
                out.push(value);
            }
        }
    }
    Ok(out)
}

/// True when `alias_eq/2` has clauses for this trait beyond the two every associated type has (the
/// bridge to `normalize/2` and the rigid alias).
fn has_own_alias_rules(store: &Store, program: &Program, tr: TermId) -> bool {
    let (Some(ae), Some(nz), Some(alias)) = (
        store.find_sym("alias_eq"),
        store.find_sym("normalize"),
        store.find_sym("$alias"),
    ) else {
        return false;
    };
    let trait_f = store.functor(tr);
    program.clauses_of((ae, 2)).iter().any(|&ci| {
        let c = &program.clauses()[ci as usize];
        let View::App(_, h) = store.view(c.head) else {
            return false;
        };
        let same_trait = match store.view(h[0]) {
            View::App(_, pa) if pa.len() == 2 => store.functor(pa[0]) == trait_f,
            _ => false,
        };
        let bridge = matches!(c.body(), [g] if store.functor(*g) == Some((nz, 2)));
        let rigid = store.functor(h[1]) == Some((alias, 2));
        same_trait && !bridge && !rigid
    })
}

/// The self type of a projection `'$assoc'('Tr'(Self, ..), Item)`.
fn self_type(store: &Store, proj: TermId) -> Option<TermId> {
    match store.view(proj) {
        View::App(_, a) if a.len() == 2 => match store.view(a[0]) {
            View::App(_, ta) if !ta.is_empty() => Some(ta[0]),
            _ => None,
        },
        _ => None,
    }
}

/// The first answer of `goal` (values of `Var(0..nvars)`) under SLG within the caller's remaining
/// `limits`, `None` when it has none. A search stopped by a limit before any answer is unknown: an
/// error, so that it is neither cached nor taken as "the impl does not apply".
fn first_answer(
    store: &mut Store,
    program: &Program,
    goal: TermId,
    nvars: u32,
    limits: &Limits,
) -> Result<Option<Vec<TermId>>, Overflow> {
    let (found, outcome) =
        crate::solve::first_answer(store, program, &Goal { term: goal, nvars }, limits);
    if found.is_none() {
        if let Some(r) = outcome.overflow() {
            return Err(match r {
                StopReason::Foreign(what) => Overflow::Own(what),
                r => Overflow::Nested(r),
            });
        }
        if outcome.truncated {
            // A branch cut short (term depth or size): unknown, never "the impl does not apply".
            return Err(Overflow::Nested(
                outcome
                    .truncated_by
                    .unwrap_or(StopReason::TermDepth(limits.max_term_depth)),
            ));
        }
    }
    Ok(found)
}

/// Cost of a projection node: extraction avoids them whenever the class has another term.
const PROJECTION_COST: usize = 1 << 20;

/// Term size, with projections priced out: the extracted term is the smallest normal form.
struct NoProjections;

impl CostFunction<SymbolLang> for NoProjections {
    type Cost = usize;
    fn cost<C>(&mut self, enode: &SymbolLang, mut costs: C) -> usize
    where
        C: FnMut(Id) -> usize,
    {
        let own = if enode.op.as_str() == "$assoc" {
            PROJECTION_COST
        } else {
            1
        };
        enode
            .children()
            .iter()
            .fold(own, |acc, &c| acc.saturating_add(costs(c)))
    }
}

/// The e-graph operator of a term's node: its symbol, or `#int`, `!u_i` for integers and placeholders.
fn op_of(store: &Store, t: TermId) -> String {
    match store.view(t) {
        View::Atom(s) | View::App(s, _) => store.name(s).to_string(),
        View::Int(i) => format!("\u{1}#{i}"),
        View::Float(_) | View::Big(_) | View::Str(_) => format!(
            "\u{1}#{}",
            crate::syntax::print::term_to_string(store, t, &|i| format!("?{i}"), 0)
        ),
        View::Placeholder(u, i) => format!("\u{1}!{u}_{i}"),
        View::Var(i) => format!("\u{1}?{i}"),
    }
}

/// Add a term to the e-graph (iteratively: types may be deep).
fn add_term(eg: &mut EGraph<SymbolLang, ()>, store: &Store, t: TermId) -> Id {
    enum W {
        Visit(TermId),
        Build(TermId, usize),
    }
    let mut work = vec![W::Visit(t)];
    let mut ids: Vec<Id> = Vec::new();
    while let Some(w) = work.pop() {
        match w {
            W::Visit(x) => {
                let args = store.args(x);
                work.push(W::Build(x, args.len()));
                for &a in args.iter().rev() {
                    work.push(W::Visit(a));
                }
            }
            W::Build(x, n) => {
                let children = ids.split_off(ids.len() - n);
                ids.push(eg.add(SymbolLang::new(op_of(store, x), children)));
            }
        }
    }
    ids.pop()
        .unwrap_or_else(|| eg.add(SymbolLang::leaf("\u{1}?")))
}

/// A term back from an extracted expression.
fn to_term(store: &mut Store, e: &RecExpr<SymbolLang>) -> TermId {
    let nodes = e.as_ref();
    let mut built: Vec<TermId> = Vec::with_capacity(nodes.len());
    for node in nodes {
        let op = node.op.as_str();
        let t = if let Some(rest) = op.strip_prefix('\u{1}') {
            if let Some(i) = rest.strip_prefix('#').and_then(|d| d.parse().ok()) {
                store.int(i)
            } else if let Some((u, i)) = rest.strip_prefix('!').and_then(|p| p.split_once('_')) {
                store.placeholder(u.parse().unwrap_or(0), i.parse().unwrap_or(0))
            } else if let Some(i) = rest.strip_prefix('?').and_then(|d| d.parse().ok()) {
                store.var(i)
            } else {
                store.atom_named("?")
            }
        } else if node.children().is_empty() {
            store.atom_named(op)
        } else {
            let args: Vec<TermId> = node
                .children()
                .iter()
                .map(|&c| built[usize::from(c)])
                .collect();
            let f = store.sym(op);
            store.app(f, &args)
        };
        built.push(t);
    }
    built.pop().unwrap_or_else(|| store.atom_named("?"))
}
