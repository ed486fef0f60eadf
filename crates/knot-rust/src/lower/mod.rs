//! Lowering: a Rust-like program (the surface AST) becomes clauses of the clause language, following
//! chalk's rules. The solver never sees Rust syntax; it sees predicates named after traits.
//!
//! Vocabulary of the lowered program (what `knot lower` prints):
//! - `'Tr'(Self, Args..)`: `Self: Tr<Args..>` is implemented (one predicate per trait).
//! - `normalize('$assoc'(TraitRef, 'A'(GatArgs..)), Ty)` and `alias_eq(.., Ty)`: associated types.
//! - `from_env(TraitRef)`, `from_env_ty(Ty)`, `well_formed(TraitRef)`, `well_formed_ty(Ty)`.
//! - coherence: `is_local(Ty)`, `is_upstream(Ty)`, `is_fully_visible(Ty)`, `downstream_type(Ty)`,
//!   `local_impl_allowed(TraitRef)` (see `coherence.rs`).
//! - types: `'S'(Args..)` for structs and enums, `u32`, `bool`, ... for scalars, `'$tuple'(..)`,
//!   `'$ref'(Lt, T)`, `'$refmut'(Lt, T)`, `'$slice'(T)`, `'$array'(T, N)`, `'$ptr'(T)`, `'$ptrmut'(T)`,
//!   `str`, `'!'`, `'$alias'(TraitRef, 'A'(..))` for a projection that does not normalize (chalk's
//!   `(Tr::A)<T>`); lifetimes are `'$lt'` terms or variables and are not reasoned about.

mod attrs;
mod callable;
pub mod chalk;
mod check;
mod coherence;
mod coroutine;
mod derive;
mod items;
mod lang;
mod names;
mod numeric;
mod opaque;
pub mod rust_mode;
pub mod rust_text;
mod types;
mod unsize;

/// The lowering's domain predicates over one type or trait reference, by their clause-language
/// names, with chalk's names for them (explanations print chalk's: `IsLocal(T)`,
/// `WellFormed(T: Tr)`).
pub const CHALK_DOMAIN_GOALS: &[(&str, &str)] = &[
    ("well_formed", "WellFormed"),
    ("well_formed_ty", "WellFormed"),
    ("from_env_ty", "FromEnv"),
    ("local_impl_allowed", "LocalImplAllowed"),
    ("is_local", "IsLocal"),
    ("is_upstream", "IsUpstream"),
    ("is_fully_visible", "IsFullyVisible"),
    ("downstream_type", "DownstreamType"),
];

pub use attrs::unknown_attribute_warnings;
pub use names::Names;

use crate::error::{Error, Result, Span};
use crate::program::Program;
use crate::syntax::ast;
use crate::term::{Store, TermId};

/// Options of the lowering.
#[derive(Clone, Debug, Default)]
pub struct LowerOptions {
    /// Treat every trait as coinductive (`--coinductive all`).
    pub coinductive_all: bool,
    /// Treat no trait as coinductive, not even auto traits (`--coinductive none`).
    pub coinductive_none: bool,
    /// Follow rustc where it differs from chalk (set for `.rs` programs): implicit `Sized` bounds,
    /// a trait implies only its bounds on `Self` (see README, "Soundness").
    pub rust_rules: bool,
    /// Add the intercrate clauses of open-world coherence (`knot check`): a trait reference that a
    /// downstream crate could implement is unknown (see `coherence.rs`).
    pub intercrate: bool,
}

/// A lowered program: clauses plus what is needed to lower goals against it later.
pub struct Lowered {
    /// The clauses.
    pub program: Program,
    /// Item names and their kinds.
    pub names: Names,
}

/// An `unsupported: <construct>` error at `span`.
pub fn unsupported(span: &Span, what: &str) -> Error {
    Error::Lower {
        span: span.clone(),
        code: "unsupported",
        message: what.to_string(),
    }
}

/// A lowering error.
pub fn lower_error(span: &Span, code: &'static str, message: String) -> Error {
    Error::Lower {
        span: span.clone(),
        code,
        message,
    }
}

/// Lower a parsed program.
pub fn lower_program(
    store: &mut Store,
    prog: &ast::Program,
    opts: &LowerOptions,
) -> Result<Lowered> {
    let names = Names::collect(prog)?;
    let mut program = Program::new();
    // chalk's semantics: a floundering negation waits for the goals after it.
    program.dialect.defer_floundering_negation = true;
    // chalk's semantics: `slg` relates a goal's top conjunction right to left first.
    program.dialect.chalk_goal_order = true;
    // chalk's semantics: a floundered goal leaves an ambiguous answer. In coherence's open world a
    // floundered where-clause (another crate may make it hold) keeps ending its branch as unknown:
    // going on past it would need every later goal to know it is unknown too (a projection whose
    // impl another crate may add cannot be normalized, yet is not false: rustc issue #114061).
    program.dialect.flounder_as_ambiguous = !opts.intercrate;
    // A `from_env` chain with no hypothesis to end it fails at once, without tables.
    program.dialect.fail_unprovable = true;
    // chalk's `Normalize`: `<?T as Tr>::A` flounders when `Tr` is non-enumerable.
    let normalize = store.sym("normalize");
    program.flounder_through.insert((normalize, 2));
    // rustc's semantics decompose `T: 'a` into the components of `T`; chalk records it whole.
    program.dialect.outlives_components = opts.rust_rules;
    // chalk's SLG aggregation of guidance for chalk's test syntax (`.chalk`).
    program.dialect.chalk_guidance = !opts.rust_rules;
    lower_segment(store, names, prog, opts, program, true)
}

/// Lower the items of `prog` on top of `base`, a lowered program whose items they may name (the
/// std model, lowered alone: `std_image.rs`). The clauses `base` holds for every program (knot's
/// rules files, the built-in types' auto-trait and coherence rules, the lang-item bridges) are not
/// added again; the caller makes sure `prog` declares no auto trait and no lang item, which would
/// need them.
pub fn lower_onto(
    store: &mut Store,
    base: Lowered,
    prog: &ast::Program,
    opts: &LowerOptions,
) -> Result<Lowered> {
    let mut names = base.names;
    names.extend(Names::collect(prog)?)?;
    lower_segment(store, names, prog, opts, base.program, false)
}

/// Lower the items of `prog` into `program`; `first`: `program` has no items yet, so the clauses
/// every program has are added too.
fn lower_segment(
    store: &mut Store,
    mut names: Names,
    prog: &ast::Program,
    opts: &LowerOptions,
    mut program: Program,
    first: bool,
) -> Result<Lowered> {
    names.rust_rules = opts.rust_rules;
    names.intercrate = opts.intercrate;
    check::check_items(prog, &names)?;
    // A large program: room for its clauses and terms at once (about 4 clauses and 8 new terms an
    // item), rather than growing the clause list and the term table by copies.
    if prog.items.len() > 1000 {
        program.reserve(prog.items.len() * 4);
        store.reserve(prog.items.len() * 8);
    }
    let mut warnings = Vec::new();
    let derived = derive::derived_impls(prog, &names, &mut warnings)?;
    program.warnings.extend(warnings);
    if derived.is_empty() {
        items::lower_items(store, &names, prog, opts, &mut program, first)?;
    } else {
        let mut all = prog.clone();
        all.items.extend(derived);
        items::lower_items(store, &names, &all, opts, &mut program, first)?;
    }
    for (ty, vs) in declared_variances(store, prog) {
        let names: Vec<TermId> = vs
            .iter()
            .map(|v| {
                store.atom_named(match v {
                    crate::program::Variance::Covariant => "covariant",
                    crate::program::Variance::Contravariant => "contravariant",
                    crate::program::Variance::Invariant => "invariant",
                })
            })
            .collect();
        let list = store.list(&names, None);
        let t = store.atom(ty);
        let fact = store.app(crate::term::syms::VARIANCE, &[t, list]);
        program.add_clause_term(store, fact, Vec::new(), None)?;
    }
    Ok(Lowered { program, names })
}

/// The variances `#[variance(Covariant, ..)]` declares for structs and enums (chalk's test
/// attribute), for `Subtype` goals.
fn declared_variances(
    store: &mut Store,
    prog: &ast::Program,
) -> rustc_hash::FxHashMap<crate::term::Sym, Vec<crate::program::Variance>> {
    use crate::program::Variance;
    let mut out = rustc_hash::FxHashMap::default();
    for item in &prog.items {
        let (ast::ItemKind::Struct(a) | ast::ItemKind::Enum(a)) = &item.kind else {
            continue;
        };
        let Some(args) = item.attr("variance").and_then(|v| v.args.as_ref()) else {
            continue;
        };
        let vs: Option<Vec<Variance>> = args
            .iter()
            .map(|a| match a.name.as_str() {
                "Covariant" => Some(Variance::Covariant),
                "Contravariant" => Some(Variance::Contravariant),
                "Invariant" => Some(Variance::Invariant),
                _ => None,
            })
            .collect();
        if let Some(vs) = vs {
            out.insert(store.sym(&a.name.name), vs);
        }
    }
    out
}

/// Lower a goal. Returns the goal term and the names of its existential variables: they are
/// renumbered `Var(0)`, `Var(1)`, ... in chalk's order (`?0`, `?1`, ...), and the goal's other variables
/// (`forall` binders, projections' stand-ins) come after them and are not reported in answers.
pub fn lower_goal(
    store: &mut Store,
    names: &Names,
    goal: &ast::Goal,
) -> Result<(TermId, Vec<Box<str>>)> {
    let resolved;
    let goal = match &names.resolver {
        Some(r) => {
            resolved = r.resolve_goal(goal)?;
            &resolved
        }
        None => goal,
    };
    let mut cx = types::Cx::new(store, names);
    let t = cx.goal(goal)?;
    let all = cx.var_names();
    let declared = std::mem::take(&mut cx.existentials);
    // The existentials are numbered in the order the goal first mentions them, left to right, and
    // one the goal never mentions is not reported: chalk canonicalizes the goal, which numbers its
    // variables by first appearance (`exists<T, U> { U = A, T = B }` answers `?0 := A`).
    let mut first_seen: Vec<Option<u32>> = vec![None; all.len()];
    let mut seen = 0u32;
    let mut stack = vec![t];
    while let Some(x) = stack.pop() {
        match store.view(x) {
            crate::term::View::Var(v) => {
                if let Some(slot @ None) = first_seen.get_mut(v as usize) {
                    *slot = Some(seen);
                    seen += 1;
                }
            }
            // The binder list of `exists(Vs, G)` / `'$forall'(Vs, G)` is not a use.
            crate::term::View::App(f, args)
                if (f == crate::term::syms::EXISTS || f == crate::term::syms::FORALL)
                    && args.len() == 2 =>
            {
                stack.push(args[1])
            }
            // Pushed last to first, so the first argument is visited first.
            crate::term::View::App(_, args) => stack.extend(args.iter().rev()),
            _ => {}
        }
    }
    let mut ex: Vec<u32> = declared
        .iter()
        .copied()
        .filter(|&v| first_seen.get(v as usize).copied().flatten().is_some())
        .collect();
    ex.sort_by_key(|&v| first_seen[v as usize]);
    let mut perm: Vec<u32> = vec![u32::MAX; all.len()];
    for (k, &v) in ex.iter().enumerate() {
        perm[v as usize] = k as u32;
    }
    let mut next = ex.len() as u32;
    for p in perm.iter_mut() {
        if *p == u32::MAX {
            *p = next;
            next += 1;
        }
    }
    let t = store.map_vars(t, &mut |s, v| {
        s.var(perm.get(v as usize).copied().unwrap_or(v))
    });
    let names = ex.iter().map(|&v| all[v as usize].clone()).collect();
    Ok((t, names))
}

/// The impl's trait reference and its conditions, its parameters as fresh variables of `cx` (out of
/// scope again afterwards).
fn impl_head(cx: &mut types::Cx<'_>, i: &ast::ImplDef) -> Result<(TermId, Vec<TermId>)> {
    let mark = cx.mark();
    let head = cx.impl_head(i);
    cx.restore(mark);
    head
}

/// The goal "some trait reference satisfies both impls": `W = TrA, TrA = TrB, WC_A.., WC_B..` whose
/// only query variable `Var(0)` (W) is the common trait reference, a witness of the overlap.
pub fn overlap_goal(
    store: &mut Store,
    names: &Names,
    a: &ast::ImplDef,
    b: &ast::ImplDef,
) -> Result<TermId> {
    let mut cx = types::Cx::new(store, names);
    let w = cx.fresh("W");
    let (ta, ca) = impl_head(&mut cx, a)?;
    let (tb, cb) = impl_head(&mut cx, b)?;
    let mut goals = vec![
        cx.store.app(crate::term::syms::EQ, &[w, ta]),
        cx.store.app(crate::term::syms::EQ, &[ta, tb]),
    ];
    goals.extend(ca);
    goals.extend(cb);
    Ok(cx.conj(&goals))
}

/// The goal "the two impls' heads unify" (`W = TrA, TrA = TrB`, no where-clauses): its answer is
/// the most general trait reference both impls could apply to, printed as an overlap's witness when
/// only another crate could complete it.
pub fn overlap_goal_heads(
    store: &mut Store,
    names: &Names,
    a: &ast::ImplDef,
    b: &ast::ImplDef,
) -> Result<TermId> {
    let mut cx = types::Cx::new(store, names);
    let w = cx.fresh("W");
    let (ta, _) = impl_head(&mut cx, a)?;
    let (tb, _) = impl_head(&mut cx, b)?;
    let goals = [
        cx.store.app(crate::term::syms::EQ, &[w, ta]),
        cx.store.app(crate::term::syms::EQ, &[ta, tb]),
    ];
    Ok(cx.conj(&goals))
}

/// The impls `prog`'s `#[derive(..)]` attributes write, as items located at their derives (for
/// coherence checks, which see them as the program's own impls).
pub fn derived_impls(prog: &ast::Program, names: &Names) -> Result<Vec<ast::Item>> {
    derive::derived_impls(prog, names, &mut Vec::new())
}

/// The goal "the impl obeys the orphan rules": `'$forall'(Ps, local_impl_allowed(Tr))` over the impl's
/// parameters.
pub fn orphan_goal(store: &mut Store, names: &Names, i: &ast::ImplDef) -> Result<TermId> {
    let mut cx = types::Cx::new(store, names);
    let (tr, _) = impl_head(&mut cx, i)?;
    let g = cx.app("local_impl_allowed", &[tr]);
    let n = cx.var_names().len() as u32;
    if n == 0 {
        return Ok(g);
    }
    let vs: Vec<TermId> = (0..n).map(|k| cx.store.var(k)).collect();
    let l = cx.store.list(&vs, None);
    Ok(cx.store.app(crate::term::syms::FORALL, &[l, g]))
}
