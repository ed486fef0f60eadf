//! Turning the answers of a search into one chalk-style [`Solution`].

use super::{Answer, Outcome, StopReason};
use crate::term::{syms, Store, TermId, View};
use rustc_hash::FxHashMap;

/// What an ambiguous solution still tells about the variables.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Guidance {
    /// Every answer has this shape (a `'$ans'` tuple with variables where they differ).
    Definite(TermId),
    /// A likely shape.
    Suggested(TermId),
    /// Nothing.
    Unknown,
}

/// One aggregated solution.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Solution {
    /// Exactly one answer, certain.
    Unique(TermId),
    /// Several answers, or an answer that is not certain.
    Ambiguous(Guidance),
    /// No answer, and the search was complete.
    NoSolution,
    /// A limit stopped the search: neither yes nor no.
    Overflow(StopReason),
}

/// How many distinct answers aggregation generalizes over (one more is looked at to know the set
/// was cut); beyond them the guidance is only [`Guidance::Suggested`].
pub const MAX_DISTINCT: usize = 64;

/// Aggregate answers and outcome into one solution.
pub fn aggregate(store: &mut Store, answers: &[Answer], out: &Outcome) -> Solution {
    if let Some(r) = out.overflow() {
        return Solution::Overflow(r);
    }
    // chalk's SLG solver stops a table's other strands once it has an answer that holds as the goal
    // stands (binds nothing, no constraint, certain): when that is the first answer (a strand that
    // floundered is taken up after the others), it is the solution, whatever the pruned strands
    // would have found.
    if out.aggregation.chalk_guidance {
        if let Some(first) = answers.iter().find(|a| !a.ambiguous) {
            if super::answer_parts(store, first.values).1.is_none()
                && is_trivial(store, first.values)
            {
                return Solution::Unique(first.values);
            }
        }
    }
    // An only-possible answer with the values of a certain one adds nothing: the goal holds for
    // those values (chalk's aggregation, kept for `.chalk` programs, counts it all the same).
    let certain: rustc_hash::FxHashSet<TermId> = if out.aggregation.chalk_guidance {
        Default::default()
    } else {
        answers
            .iter()
            .filter(|a| !a.ambiguous)
            .map(|a| a.values)
            .collect()
    };
    let uncertain = out.floundered
        || out.negative_cycle
        || out.truncated
        || answers
            .iter()
            .any(|a| a.ambiguous && !certain.contains(&a.values));
    // At most `MAX_DISTINCT + 1` distinct answers are looked at; past that, the set is cut and
    // what the first ones share is only a suggestion (a later answer may differ anywhere).
    let mut distinct: Vec<TermId> = Vec::new();
    let mut seen: rustc_hash::FxHashSet<TermId> = Default::default();
    let mut cut = false;
    // An answer that holds unconditionally subsumes the same answer under region constraints (as
    // chalk's SLG solver stops a table's other strands once it has an unconditional answer) —
    // unless the answers came in chalk's own order, where each distinct answer counts, as chalk's.
    for a in answers.iter().filter(|_| !out.aggregation.chalk_order) {
        if super::answer_parts(store, a.values).1.is_none() {
            seen.insert(a.values);
        }
    }
    let unconditional = |store: &mut Store, t: TermId| -> TermId {
        let vals = super::answer_parts(store, t).0.to_vec();
        store.app(syms::ANS, &vals)
    };
    let mut distinct_seen: rustc_hash::FxHashSet<TermId> = Default::default();
    // chalk's SLG solver takes up a strand whose remaining goals floundered after the others:
    // under its aggregation, the certain answers come first.
    let ordered: Vec<&Answer> = if out.aggregation.chalk_guidance {
        let (certain, possible): (Vec<&Answer>, Vec<&Answer>) =
            answers.iter().partition(|a| !a.ambiguous);
        certain.into_iter().chain(possible).collect()
    } else {
        answers.iter().collect()
    };
    for a in ordered {
        let plain = unconditional(store, a.values);
        if plain != a.values && seen.contains(&plain) {
            continue;
        }
        if distinct_seen.insert(a.values) {
            // (Under chalk's aggregation every answer is looked at: each is checked against the
            // guidance, and generalized into it only when it may invalidate it.)
            if distinct.len() > MAX_DISTINCT && !out.aggregation.chalk_guidance {
                cut = true;
                break;
            }
            distinct.push(a.values);
        }
    }
    match distinct.len() {
        0 if uncertain => Solution::Ambiguous(Guidance::Unknown),
        0 => Solution::NoSolution,
        1 if !uncertain => Solution::Unique(distinct[0]),
        // A branch left unexplored (floundered) may hold any answer, the goal's most general one
        // included: merged with the others, it leaves no guidance (as chalk merges a floundered
        // answer as the identity substitution).
        _ if out.floundered => Solution::Ambiguous(Guidance::Unknown),
        // Candidates merged as the search-graph solvers merge them (chalk's recursive solver,
        // rustc's next-generation solver): results that differ leave no guidance.
        n if n > 1 && out.aggregation.differing_answers_unguided => {
            Solution::Ambiguous(Guidance::Unknown)
        }
        _ => {
            // Guidance gives back no region constraints (as chalk's): generalize the values only.
            let plain: Vec<TermId> = distinct.iter().map(|&t| unconditional(store, t)).collect();
            let g = plain.iter().skip(1).fold(plain[0], |acc, &t| {
                if out.aggregation.chalk_guidance && !may_invalidate(store, t, acc) {
                    acc
                } else {
                    generalize(store, acc, t)
                }
            });
            // (chalk's SLG aggregation never counts a substitution that maps a lifetime as
            // trivial.)
            if is_trivial(store, g) && out.aggregation.region_vars.is_empty() {
                Solution::Ambiguous(Guidance::Unknown)
            } else if cut {
                Solution::Ambiguous(Guidance::Suggested(g))
            } else {
                Solution::Ambiguous(Guidance::Definite(g))
            }
        }
    }
}

/// Could an answer `new` make the guidance `current` more general, position by position (chalk's
/// `may_invalidate`)? Not where `current` has a variable; yes where `new` has a variable and
/// `current` does not, or where they differ. The sharing of variables between positions is not
/// looked at, as chalk does not. Iterative.
fn may_invalidate(store: &Store, new: TermId, current: TermId) -> bool {
    let mut stack = vec![(new, current)];
    while let Some((n, c)) = stack.pop() {
        if n == c {
            continue;
        }
        match (store.view(n), store.view(c)) {
            (_, View::Var(_)) => {}
            (View::App(f, xs), View::App(g, ys)) if f == g && xs.len() == ys.len() => {
                stack.extend(xs.iter().copied().zip(ys.iter().copied()));
            }
            _ => return true,
        }
    }
    false
}

/// True when every value in the tuple is a distinct variable (no information).
fn is_trivial(store: &Store, t: TermId) -> bool {
    let mut seen = Vec::new();
    for &a in store.args(t) {
        match store.view(a) {
            View::Var(i) if !seen.contains(&i) => seen.push(i),
            _ => return false,
        }
    }
    true
}

/// The least general generalization (anti-unification) of two terms; variables numbered from 0.
/// Iterative.
pub fn generalize(store: &mut Store, a: TermId, b: TermId) -> TermId {
    enum W {
        Visit(TermId, TermId),
        Build(crate::term::Sym, usize),
    }
    let mut pairs: FxHashMap<(TermId, TermId), TermId> = FxHashMap::default();
    let mut work = vec![W::Visit(a, b)];
    let mut out: Vec<TermId> = Vec::new();
    while let Some(w) = work.pop() {
        match w {
            W::Visit(x, y) => {
                if x == y && store.is_ground(x) {
                    out.push(x);
                    continue;
                }
                match (store.view(x), store.view(y)) {
                    (View::App(f, xs), View::App(g, ys)) if f == g && xs.len() == ys.len() => {
                        let n = xs.len();
                        let (xs, ys): (Vec<TermId>, Vec<TermId>) = (xs.to_vec(), ys.to_vec());
                        work.push(W::Build(f, n));
                        for i in (0..n).rev() {
                            work.push(W::Visit(xs[i], ys[i]));
                        }
                    }
                    _ => {
                        let k = pairs.len() as u32;
                        let v = *pairs.entry((x, y)).or_insert_with(|| store.var(k));
                        out.push(v);
                    }
                }
            }
            W::Build(f, n) => {
                let s = out.len() - n;
                let t = store.app(f, &out[s..]);
                out.truncate(s);
                out.push(t);
            }
        }
    }
    out.pop().unwrap_or_else(|| store.atom(syms::ANS))
}
