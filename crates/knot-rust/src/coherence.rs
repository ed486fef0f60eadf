//! Coherence of a Rust-like program's impls, decided with the solver as rustc's coherence check does:
//! - **overlap**: two impls of the same trait overlap when some trait reference matches both heads and
//!   satisfies both impls' where-clauses. The goal `W = TrA, TrA = TrB, WC_A, WC_B` is solved with the
//!   impls' parameters as variables; an answer is an overlap and `W` its witness. Without
//!   specialization (rustc's stable rule) an impl that is merely more specific than another overlaps
//!   it too. Impls of a `#[marker]` trait may overlap. A positive and a negative impl that overlap
//!   conflict; two negative impls do not.
//! - **orphan rule**: an impl of an `#[upstream]` trait needs a local type in the right place:
//!   `forall<P> { LocalImplAllowed(TraitRef) }` (see `lower/coherence.rs` for the clauses).

use crate::error::{Result, Span};
use crate::lower::{orphan_goal, overlap_goal, overlap_goal_heads, rust_text, Names};
use crate::program::Program;
use crate::solve::{Goal, Limits};
use crate::syntax::ast::{self, ImplDef, ItemKind, Polarity};
use crate::term::Store;
use std::fmt;

/// A coherence error, or a question the search could not decide.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Violation {
    /// Two impls of `trait_name` apply to the same trait reference.
    Overlap {
        /// The trait.
        trait_name: String,
        /// The earlier impl.
        first: Span,
        /// The later impl.
        second: Span,
        /// A trait reference both impls apply to (`Vec<u8>: Foo`), when the solver found one; for
        /// an overlap that only another crate could complete, the unified heads (`Box<_>: Foo`).
        witness: Option<String>,
        /// The search hit a limit: whether the impls overlap is unknown. This is not a violation
        /// (see [`Violation::is_error`]).
        undecided: bool,
        /// Undecided because the answer depends on a type the program imports but does not
        /// define (`Program::open`), not because of a limit.
        unseen: bool,
        /// The overlap needs an impl that another crate may add (open world: a downstream crate's
        /// impl for its own type, or an upstream crate's future impl), as rustc's E0119 notes.
        other_crate: bool,
    },
    /// An impl of an upstream trait without a local type where the orphan rules require one.
    Orphan {
        /// The trait.
        trait_name: String,
        /// The impl.
        span: Span,
        /// The search hit a limit: whether the impl obeys the orphan rules is unknown.
        undecided: bool,
        /// Undecided because of a type the program imports but does not define.
        unseen: bool,
    },
}

impl Violation {
    /// True for a decided violation; false for a question a limit left open (reported as a warning).
    pub fn is_error(&self) -> bool {
        match self {
            Violation::Overlap { undecided, .. } | Violation::Orphan { undecided, .. } => {
                !undecided
            }
        }
    }
}

impl fmt::Display for Violation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Violation::Overlap {
                trait_name,
                first,
                second,
                witness,
                undecided: true,
                unseen,
                ..
            } => {
                let why = if *unseen {
                    "it depends on a type or trait the program imports but does not define"
                } else {
                    "the search hit a limit"
                };
                write!(
                    f,
                    "{second}: warning: undecided: whether this impl of `{trait_name}` and the one at \
                     {first} overlap is unknown ({why})"
                )?;
                if let Some(w) = witness {
                    write!(f, "\n  both heads match `{w}`")?;
                }
                Ok(())
            }
            Violation::Overlap {
                trait_name,
                first,
                second,
                witness,
                undecided: false,
                other_crate,
                ..
            } => {
                write!(
                    f,
                    "{second}: error: conflicting impls of `{trait_name}`: this impl and the one at \
                     {first} overlap"
                )?;
                match (witness, other_crate) {
                    (Some(w), false) => write!(f, "\n  both apply to `{w}`")?,
                    (Some(w), true) => write!(
                        f,
                        "\n  both may apply to `{w}`: another crate (downstream, or a future \
                         version of an upstream one) may add the impl their where-clauses need"
                    )?,
                    (None, _) => {}
                }
                Ok(())
            }
            Violation::Orphan {
                trait_name,
                span,
                undecided: false,
                ..
            } => write!(
                f,
                "{span}: error: orphan impl: `{trait_name}` is an upstream trait and this impl has no \
                 local type before any uncovered type parameter"
            ),
            Violation::Orphan {
                trait_name,
                span,
                undecided: true,
                unseen,
            } => write!(
                f,
                "{span}: warning: undecided: whether this impl of `{trait_name}` obeys the orphan \
                 rules is unknown ({})",
                if *unseen {
                    "it depends on a type or trait the program imports but does not define"
                } else {
                    "the search hit a limit"
                }
            ),
        }
    }
}

/// Check every pair of impls of the same trait in `items` (the user's own items) for overlap, each
/// of them against the impls of `library` (the std model of a `.rs` program: upstream, as rustc
/// checks a crate's impls against its dependencies'), and every impl for the orphan rules, against
/// the lowered `program`.
pub fn check(
    store: &mut Store,
    program: &Program,
    names: &Names,
    items: &ast::Program,
    library: Option<&ast::Program>,
    limits: &Limits,
) -> Result<Vec<Violation>> {
    // The program's impls, those its derives write included (rustc checks those too).
    let derived = crate::lower::derived_impls(items, names)?;
    let mut impls = impls_of(&items.items);
    impls.extend(impls_of(&derived));
    let upstream_impls = library.map(|l| impls_of(&l.items)).unwrap_or_default();
    let attr = |trait_name: &str, a: &str| {
        let lib = library.into_iter().flat_map(|l| l.items.iter());
        items.items.iter().chain(lib).any(|it| {
            matches!(&it.kind, ItemKind::Trait(t) if t.name.name == trait_name)
                && it.attr(a).is_some()
        })
    };
    let mut out = Vec::new();
    for (k, &(a, sa)) in impls.iter().enumerate() {
        let trait_name = &a.trait_ref.bound.name.name;
        // An orphan impl is reported as such, not also as overlapping upstream impls (as rustc).
        let mut orphan = false;
        if attr(trait_name, "upstream") {
            let goal = orphan_goal(store, names, a)?;
            let found = first_answer(store, program, goal, 0, limits)?;
            if found.answer.is_none() {
                let undecided = found.limit || found.floundered || found.unseen;
                orphan = !undecided;
                out.push(Violation::Orphan {
                    trait_name: trait_name.clone(),
                    span: sa.clone(),
                    undecided,
                    unseen: found.unseen,
                });
            }
        }
        if attr(trait_name, "marker") {
            continue;
        }
        let same_trait = |&&(b, _): &&(&ImplDef, &Span)| &b.trait_ref.bound.name.name == trait_name;
        // The upstream impls first (`first` names the upstream one), then the later impls of this
        // program.
        let upstream = upstream_impls
            .iter()
            .filter(|_| !orphan)
            .filter(same_trait)
            .map(|&(b, sb)| ((b, sb), (a, sa)));
        let later = impls[k + 1..]
            .iter()
            .filter(same_trait)
            .map(|&(b, sb)| ((a, sa), (b, sb)));
        let pairs: Vec<_> = upstream.chain(later).collect();
        for (first, second) in pairs {
            if let Some(v) = overlap(store, program, names, limits, first, second)? {
                out.push(v);
            }
        }
    }
    Ok(out)
}

/// The impls among `items`, with their locations.
fn impls_of(items: &[ast::Item]) -> Vec<(&ImplDef, &Span)> {
    items
        .iter()
        .filter_map(|it| match &it.kind {
            ItemKind::Impl(i) => Some((&**i, &it.span)),
            _ => None,
        })
        .collect()
}

/// Whether impls `a` and `b` of the same trait overlap (a violation), may overlap (undecided), or
/// not (`None`).
fn overlap(
    store: &mut Store,
    program: &Program,
    names: &Names,
    limits: &Limits,
    (a, sa): (&ImplDef, &Span),
    (b, sb): (&ImplDef, &Span),
) -> Result<Option<Violation>> {
    if a.polarity == Polarity::Negative && b.polarity == Polarity::Negative {
        return Ok(None);
    }
    let goal = overlap_goal(store, names, a, b)?;
    let found = first_answer(store, program, goal, 1, limits)?;
    // Open world (the program has the intercrate clauses): a where-clause that another crate could
    // make true is unknown (it flounders), and unknown is an overlap, as in rustc's intercrate mode
    // — unless another where-clause fails for certain. A limit leaves the question open.
    // An undecided where-clause that speaks of an unseen item: whether the impls overlap depends on
    // what is not seen, not only on what another crate may add.
    let unseen = found.answer.is_none()
        && (found.unseen || (found.floundered && program.mentions_open(store, goal)));
    let unknown = found.answer.is_none() && found.floundered && names.intercrate && !unseen;
    if (unknown || unseen) && some_conjunct_fails(store, program, goal, limits)? {
        return Ok(None);
    }
    if found.answer.is_none() && !unknown && !found.limit && !unseen {
        return Ok(None);
    }
    let witness = match found.answer {
        Some(w) => Some(w),
        None => {
            let heads = overlap_goal_heads(store, names, a, b)?;
            first_answer(store, program, heads, 1, limits)?.answer
        }
    };
    Ok(Some(Violation::Overlap {
        trait_name: a.trait_ref.bound.name.name.clone(),
        first: sa.clone(),
        second: sb.clone(),
        witness: witness.map(|w| rust_text::trait_ref_text(store, w)),
        undecided: found.answer.is_none() && !unknown,
        unseen,
        other_crate: unknown,
    }))
}

/// Whether one where-clause of the overlap goal `W = TrA, TrA = TrB, WC..` fails for certain with
/// the heads unified (no answer, nothing floundered, no limit, nothing unseen): then the whole
/// conjunction fails, whatever the others are. A floundered where-clause ends its branch in the
/// open world, so the goal solved whole never reaches a later one that fails.
fn some_conjunct_fails(
    store: &mut Store,
    program: &Program,
    goal: crate::term::TermId,
    limits: &Limits,
) -> Result<bool> {
    let comma = crate::term::syms::COMMA;
    let mut conjuncts = Vec::new();
    let mut rest = goal;
    while let crate::term::View::App(f, [x, y]) = store.view(rest) {
        if f != comma {
            break;
        }
        conjuncts.push(*x);
        rest = *y;
    }
    conjuncts.push(rest);
    if conjuncts.len() <= 2 {
        return Ok(false);
    }
    let heads = store.app(comma, &[conjuncts[0], conjuncts[1]]);
    for &c in &conjuncts[2..] {
        let one = store.app(comma, &[heads, c]);
        let found = first_answer(store, program, one, 1, limits)?;
        if found.answer.is_none() && !found.limit && !found.floundered && !found.unseen {
            return Ok(true);
        }
    }
    Ok(false)
}

/// What one nested solve found: its first answer's first value (or the goal itself when it has no
/// variables), whether a limit stopped it, whether a branch floundered (was unknown).
struct Found {
    answer: Option<crate::term::TermId>,
    limit: bool,
    floundered: bool,
    /// No answer, and only possible ones that depend on a type the program does not define.
    unseen: bool,
}

/// Solve `goal` (with `nvars` query variables) and return the first answer's first value (or the
/// goal itself when there are no variables), and whether a limit stopped the search.
fn first_answer(
    store: &mut Store,
    program: &Program,
    goal: crate::term::TermId,
    nvars: u32,
    limits: &Limits,
) -> Result<Found> {
    let goal = crate::program::mark_negations(store, goal, goal);
    let (found, outcome) =
        crate::solve::first_answer(store, program, &Goal { term: goal, nvars }, limits);
    let answer = found.map(|vals| vals.first().copied().unwrap_or(goal));
    Ok(Found {
        answer,
        limit: answer.is_none() && (outcome.overflow().is_some() || outcome.truncated),
        floundered: outcome.floundered || outcome.negative_cycle,
        unseen: answer.is_none() && outcome.ambiguous_open,
    })
}
