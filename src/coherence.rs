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
use crate::lower::{orphan_goal, overlap_goal, rust_text, Names};
use crate::program::Program;
use crate::solve::{Goal, Limits};
use crate::syntax::ast::{self, ImplDef, ItemKind, Polarity};
use crate::term::Store;
use std::fmt;

/// A coherence error.
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
        /// A trait reference both impls apply to (`Vec<u8>: Foo`), when the solver found one.
        witness: Option<String>,
        /// The search hit a limit: the impls may overlap.
        undecided: bool,
    },
    /// An impl of an upstream trait without a local type where the orphan rules require one.
    Orphan {
        /// The trait.
        trait_name: String,
        /// The impl.
        span: Span,
    },
}

impl fmt::Display for Violation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Violation::Overlap {
                trait_name,
                first,
                second,
                witness,
                undecided,
            } => {
                let how = if *undecided {
                    "may overlap (the search hit a limit)"
                } else {
                    "overlap"
                };
                write!(
                    f,
                    "{second}: error: conflicting impls of `{trait_name}`: this impl and the one at \
                     {first} {how}"
                )?;
                if let Some(w) = witness {
                    write!(f, "\n  both apply to `{w}`")?;
                }
                Ok(())
            }
            Violation::Orphan { trait_name, span } => write!(
                f,
                "{span}: error: orphan impl: `{trait_name}` is an upstream trait and this impl has no \
                 local type before any uncovered type parameter"
            ),
        }
    }
}

/// Check every pair of impls of the same trait in `items` (the user's own items) for overlap, and
/// every impl for the orphan rules, against the lowered `program`.
pub fn check(
    store: &mut Store,
    program: &Program,
    names: &Names,
    items: &ast::Program,
    limits: &Limits,
) -> Result<Vec<Violation>> {
    let impls: Vec<(&ImplDef, &Span)> = items
        .items
        .iter()
        .filter_map(|it| match &it.kind {
            ItemKind::Impl(i) => Some((i, &it.span)),
            _ => None,
        })
        .collect();
    let attr = |trait_name: &str, a: &str| {
        items.items.iter().any(|it| {
            matches!(&it.kind, ItemKind::Trait(t) if t.name.name == trait_name)
                && it.attr(a).is_some()
        })
    };
    let mut out = Vec::new();
    for (k, &(a, sa)) in impls.iter().enumerate() {
        let trait_name = &a.trait_ref.bound.name.name;
        for &(b, sb) in &impls[k + 1..] {
            if &b.trait_ref.bound.name.name != trait_name || attr(trait_name, "marker") {
                continue;
            }
            if a.polarity == Polarity::Negative && b.polarity == Polarity::Negative {
                continue;
            }
            let goal = overlap_goal(store, names, a, b)?;
            let (answer, undecided) = first_answer(store, program, goal, 1, limits)?;
            if answer.is_some() || undecided {
                out.push(Violation::Overlap {
                    trait_name: trait_name.clone(),
                    first: sa.clone(),
                    second: sb.clone(),
                    witness: answer.map(|w| rust_text::trait_ref_text(store, w)),
                    undecided: undecided && answer.is_none(),
                });
            }
        }
        if attr(trait_name, "upstream") {
            let goal = orphan_goal(store, names, a)?;
            let (answer, _) = first_answer(store, program, goal, 0, limits)?;
            if answer.is_none() {
                out.push(Violation::Orphan {
                    trait_name: trait_name.clone(),
                    span: sa.clone(),
                });
            }
        }
    }
    Ok(out)
}

/// Solve `goal` (with `nvars` query variables) and return the first answer's first value (or the
/// goal itself when there are no variables), and whether a limit stopped the search.
fn first_answer(
    store: &mut Store,
    program: &Program,
    goal: crate::term::TermId,
    nvars: u32,
    limits: &Limits,
) -> Result<(Option<crate::term::TermId>, bool)> {
    let goal = crate::program::mark_negations(store, goal, goal);
    let (found, outcome) =
        crate::solve::first_answer(store, program, &Goal { term: goal, nvars }, limits);
    let first = found.map(|vals| vals.first().copied().unwrap_or(goal));
    Ok((first, first.is_none() && outcome.overflow().is_some()))
}
