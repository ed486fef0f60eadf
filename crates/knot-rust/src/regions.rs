//! `--check-regions`: decide whether the region constraints an answer holds under are satisfied by
//! the outlives assumptions of the goal, as the borrow checker decides it for a signature.
//!
//! The solver only collects constraints (`'a: 'b`, `T: 'a`). Here the goal's universally quantified
//! lifetimes (`forall<'a, 'b>`, placeholders `'!U_I` numbered as the solver numbers them) and its
//! `if ('a: 'b) { .. }` assumptions give the *known* outlives graph, with `'static` above every
//! region; the constraints give the *required* relations. A required relation between two
//! universal regions (directly, or through inference regions the constraints chain together) must
//! be known; an inference region can always be chosen. A type-outlives constraint `T: 'r` holds
//! when an assumption `T: 's` with `'s: 'r` known is in the goal.

use crate::term::{syms, Store, TermId, View};
use rustc_hash::{FxHashMap, FxHashSet};

/// A required relation the assumptions do not give.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RegionViolation {
    /// The relation required, `'a: 'b` (or `T: 'a`).
    pub required: String,
    /// The constraints of the answer it follows from, in order.
    pub from: Vec<String>,
    /// The outlives assumptions of the goal.
    pub known: Vec<String>,
}

impl std::fmt::Display for RegionViolation {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let known = if self.known.is_empty() {
            "nothing is known".to_string()
        } else {
            format!("only {} is known", self.known.join(", "))
        };
        write!(f, "requires {}, but {known}", self.required)?;
        if self.from.len() > 1 || self.from.first() != Some(&self.required) {
            write!(f, " (from {})", self.from.join(", "))?;
        }
        Ok(())
    }
}

/// The outlives assumptions of `goal`: `'$outlives'(A, B)` hypotheses of its `=>` (`if`) parts,
/// with its `'$forall'` variables replaced by the placeholders the solver gives them (one universe
/// per `forall`, in the order they are met, as the machine opens them). Iterative.
fn assumptions(store: &mut Store, goal: TermId) -> Vec<(TermId, TermId)> {
    let mut universe = 0u32;
    let mut subst: FxHashMap<u32, TermId> = FxHashMap::default();
    let mut hyps = Vec::new();
    let mut stack = vec![goal];
    while let Some(g) = stack.pop() {
        match store.view(g) {
            View::App(syms::FORALL, [vars, body]) => {
                let (vars, body) = (*vars, *body);
                universe += 1;
                let mut items = Vec::new();
                let mut l = vars;
                while let View::App(syms::CONS, [h, t]) = store.view(l) {
                    items.push(*h);
                    l = *t;
                }
                if items.is_empty() {
                    items.push(vars);
                }
                for (i, v) in items.into_iter().enumerate() {
                    if let View::Var(k) = store.view(v) {
                        let p = store.placeholder(universe, i as u32);
                        subst.insert(k, p);
                    }
                }
                stack.push(body);
            }
            View::App(syms::IMPLIES, [h, body]) => {
                let (h, body) = (*h, *body);
                let mut hs = vec![h];
                while let Some(h) = hs.pop() {
                    match store.view(h) {
                        View::App(syms::COMMA | syms::CONS, [a, b]) => hs.extend([*b, *a]),
                        View::App(syms::OUTLIVES, [a, b]) => hyps.push((*a, *b)),
                        _ => {}
                    }
                }
                stack.push(body);
            }
            View::App(syms::COMMA | syms::EXISTS, [a, b]) => stack.extend([*b, *a]),
            _ => {}
        }
    }
    hyps.into_iter()
        .map(|(a, b)| {
            (
                replace_vars(store, a, &subst),
                replace_vars(store, b, &subst),
            )
        })
        .collect()
}

/// `t` with its variables replaced through `subst` (the others kept). Iterative.
fn replace_vars(store: &mut Store, t: TermId, subst: &FxHashMap<u32, TermId>) -> TermId {
    enum W {
        Visit(TermId),
        Build(crate::term::Sym, usize),
    }
    let mut work = vec![W::Visit(t)];
    let mut out: Vec<TermId> = Vec::new();
    while let Some(w) = work.pop() {
        match w {
            W::Visit(x) => match store.view(x) {
                View::Var(k) => out.push(subst.get(&k).copied().unwrap_or(x)),
                View::App(f, args) if !store.is_ground(x) => {
                    let args = args.to_vec();
                    work.push(W::Build(f, args.len()));
                    work.extend(args.into_iter().rev().map(W::Visit));
                }
                _ => out.push(x),
            },
            W::Build(f, n) => {
                let start = out.len() - n;
                let r = store.app(f, &out[start..]);
                out.truncate(start);
                out.push(r);
            }
        }
    }
    out.pop().unwrap_or(t)
}

/// The region inside `'$lt'(R)`, or `None` for a type.
fn region(store: &Store, t: TermId) -> Option<TermId> {
    match store.view(t) {
        View::App(syms::REGION, [r]) => Some(*r),
        _ => None,
    }
}

fn is_static(store: &Store, r: TermId) -> bool {
    matches!(store.view(r), View::Atom(syms::STATIC))
}

/// A universal region: a placeholder or `'static` (an inference region is chosen, not given).
fn universal(store: &Store, r: TermId) -> bool {
    matches!(store.view(r), View::Placeholder(..)) || is_static(store, r)
}

/// Check the constraints `cs` (a list of `'$outlives'(A, B)`) of an answer to `goal` against the
/// goal's assumptions. `Ok(())` when they hold; otherwise the first violated requirement.
pub fn check_regions(
    store: &mut Store,
    goal: TermId,
    cs: TermId,
    show: &dyn Fn(&Store, TermId) -> String,
) -> Result<(), RegionViolation> {
    let hyps = assumptions(store, goal);
    let mut constraints = Vec::new();
    let mut l = cs;
    while let View::App(syms::CONS, [c, rest]) = store.view(l) {
        if let View::App(syms::OUTLIVES, [a, b]) = store.view(*c) {
            constraints.push((*a, *b));
        }
        l = *rest;
    }
    // The known graph between regions: the assumptions' edges, closed transitively on demand.
    let mut known: FxHashMap<TermId, Vec<TermId>> = FxHashMap::default();
    for &(a, b) in &hyps {
        if let (Some(a), Some(b)) = (region(store, a), region(store, b)) {
            known.entry(a).or_default().push(b);
        }
    }
    let knows = |a: TermId, b: TermId| -> bool {
        if a == b || is_static(store, a) {
            return true;
        }
        let mut seen = FxHashSet::default();
        let mut stack = vec![a];
        while let Some(x) = stack.pop() {
            if x == b || is_static(store, x) {
                return true;
            }
            if seen.insert(x) {
                stack.extend(known.get(&x).into_iter().flatten().copied());
            }
        }
        false
    };
    let known_text: Vec<String> = hyps
        .iter()
        .map(|&(a, b)| format!("{}: {}", show(store, a), show(store, b)))
        .collect();
    let text = |a: TermId, b: TermId| format!("{}: {}", show(store, a), show(store, b));
    // Required edges between regions, by the region they start from.
    let mut req: FxHashMap<TermId, Vec<(TermId, usize)>> = FxHashMap::default();
    for (i, &(a, b)) in constraints.iter().enumerate() {
        match (region(store, a), region(store, b)) {
            (Some(ra), Some(rb)) => req.entry(ra).or_default().push((rb, i)),
            (None, Some(rb)) => {
                // `T: 'r`: an assumption `T: 's` with `'s: 'r` known, or `'r` to be chosen.
                if !universal(store, rb) {
                    continue;
                }
                let ok = hyps
                    .iter()
                    .any(|&(h, s)| h == a && region(store, s).is_some_and(|s| knows(s, rb)));
                if !ok {
                    return Err(RegionViolation {
                        required: text(a, b),
                        from: vec![text(a, b)],
                        known: known_text,
                    });
                }
            }
            _ => {}
        }
    }
    // From each universal region, follow required edges through inference regions: each
    // universal region reached must be known to be outlived.
    let mut starts: Vec<TermId> = req
        .keys()
        .copied()
        .filter(|&r| universal(store, r))
        .collect();
    starts.sort_by_key(|r| r.0);
    for u in starts {
        let mut seen = FxHashSet::default();
        let mut stack: Vec<(TermId, Vec<usize>)> = vec![(u, Vec::new())];
        while let Some((x, path)) = stack.pop() {
            if !seen.insert(x) {
                continue;
            }
            for &(y, i) in req.get(&x).into_iter().flatten() {
                let mut p = path.clone();
                p.push(i);
                if universal(store, y) {
                    if !knows(u, y) {
                        // The path starts at `u`: its first constraint's left side is `u`.
                        let (ra, rb) = (constraints[p[0]].0, constraints[i].1);
                        return Err(RegionViolation {
                            required: text(ra, rb),
                            from: p
                                .iter()
                                .map(|&k| text(constraints[k].0, constraints[k].1))
                                .collect(),
                            known: known_text,
                        });
                    }
                } else {
                    stack.push((y, p));
                }
            }
        }
    }
    Ok(())
}

/// [`check_regions`] for an answer tuple (a `Solution::Unique` value): `None` when the answer holds
/// under no region constraint.
pub fn check_answer_regions(
    store: &mut Store,
    goal: TermId,
    answer: TermId,
) -> Option<Result<(), RegionViolation>> {
    let (cs, _) = crate::solve::answer_parts(store, answer).1?;
    Some(check_regions(store, goal, cs, &|s, t| {
        crate::render::region_text(s, crate::render::Notation::Rust, t)
    }))
}
