//! What one SLG run assumes about cycles, refined from run to run until nothing changes.
//!
//! Two kinds of assumption, nested as a least fixpoint over inductive cycles around a greatest fixpoint
//! over coinductive ones (as the `recursive` strategy's cycle heads do):
//!
//! - *coinductive*: a call that closes a cycle of coinductive tables is answered by what is assumed of
//!   its table — at first the goal itself (every instance holds), then the answers the table had at the
//!   end of the previous run. A run *confirms* the assumption when each assumed answer is among the
//!   table's answers (the assumption is then a post-fixpoint: its answers hold coinductively); else the
//!   query runs again assuming those answers (descending toward the greatest fixpoint).
//! - *inductive*: an inductive table never consumes answers that rest on an unconfirmed coinductive
//!   assumption (they might close a cycle through it: a mixed cycle, which must fail); it is fed instead
//!   the answers that table had at the end of the previous run whose coinductive assumptions all held
//!   (none at first). When coinductive assumptions are confirmed but such a *view* differs from the
//!   table's final answers, the query runs again with the new views and the coinductive assumptions
//!   back at the top (ascending toward the least fixpoint).

use crate::solve::answers::AnswerSet;
use crate::term::{Store, TermId, View};
use rustc_hash::{FxHashMap, FxHashSet};
use std::rc::Rc;

/// Answers of a table, flat tuples of its width (a width-0 table: one entry per answer).
pub type Flat = Rc<[TermId]>;

/// The assumptions of a run, by table key.
#[derive(Default)]
pub struct Assumptions {
    /// Coinductive assumptions other than the goal itself.
    pub co: FxHashMap<TermId, Flat>,
    /// Views fed to inductive consumers in place of provisional answers (absent: none).
    pub ind: FxHashMap<TermId, Flat>,
}

/// What a run found its assumptions to be, per table key (only those to change).
#[derive(Default)]
pub struct Verdict {
    /// Coinductive assumptions not confirmed: the table's answers at completion.
    pub unconfirmed: Vec<(TermId, Flat)>,
    /// Views that differ from the table's answers at completion (with every assumption confirmed).
    pub views: Vec<(TermId, Flat)>,
}

/// How many answers `flat` holds for a table of `width` variables.
fn count(flat: &[TermId], width: usize) -> usize {
    flat.len().checked_div(width).unwrap_or(flat.len())
}

/// The tuples of `flat` for a table of `width` variables.
pub fn tuples(flat: &[TermId], width: usize) -> impl Iterator<Item = &[TermId]> {
    (0..count(flat, width)).map(move |i| &flat[i * width..(i + 1) * width])
}

/// The answers of `a` as a [`Flat`].
pub fn flat(a: &AnswerSet) -> Flat {
    if a.width() == 0 {
        vec![TermId::default(); a.len()].into()
    } else {
        a.flat().into()
    }
}

/// True when the answer set holds the identity answer (every variable free and distinct): the goal
/// itself holds, for all its instances.
pub fn has_identity(store: &Store, answers: &AnswerSet) -> bool {
    (0..answers.len()).any(|i| {
        // The last value is the answer's region constraints: the identity answer has none.
        let Some((&cs, a)) = answers.get(i).split_last() else {
            return false;
        };
        matches!(store.view(cs), View::Atom(crate::term::syms::NIL))
            && a.iter().enumerate().all(|(k, &v)| {
                matches!(store.view(v), View::Var(_))
                    && a.iter().enumerate().all(|(j, &w)| j == k || w != v)
            })
    })
}

/// True when every answer of `assumed` (the goal itself when `None`) is among `answers`.
pub fn confirms(store: &Store, assumed: Option<&Flat>, answers: &AnswerSet) -> bool {
    if has_identity(store, answers) {
        return true;
    }
    let Some(assumed) = assumed else {
        return false;
    };
    let k = answers.width();
    if k == 0 {
        return assumed.is_empty() || !answers.is_empty();
    }
    let set: FxHashSet<&[TermId]> = (0..answers.len()).map(|i| answers.get(i)).collect();
    tuples(assumed, k).all(|t| set.contains(t))
}

/// True when `view` holds exactly the answers of `answers`.
pub fn same(view: Option<&Flat>, answers: &AnswerSet) -> bool {
    let k = answers.width();
    let view: &[TermId] = view.map_or(&[], |v| v);
    if count(view, k) != answers.len() {
        return false;
    }
    if k == 0 {
        return true;
    }
    let set: FxHashSet<&[TermId]> = (0..answers.len()).map(|i| answers.get(i)).collect();
    tuples(view, k).all(|t| set.contains(t))
}
