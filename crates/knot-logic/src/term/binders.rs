//! Binder types `'$for'(N, T)` ([`syms::BINDER`]): a type under `for<..>` lifetimes, its bound
//! lifetimes written `R('$bv'(D, I))` (`R` the vocabulary's region) ([`syms::BOUND`]) with `D` counting the binders between
//! the occurrence and its own (0: the innermost), as chalk's de Bruijn indices. The term is closed,
//! so two spellings of the same binder type are the same interned term.
//!
//! Relating two binder types instantiates them (chalk's `relate_binders`): one side's lifetimes
//! become placeholders of a new universe, the other side's fresh inference regions. This module
//! only rewrites terms; the machine decides what to instantiate with. Every walk is iterative.

use super::{syms, Store, TermId, View};
use rustc_hash::FxHashMap;

/// Rebuild `t`, offering each compound subterm to `leaf` with the number of `'$for'` binders of
/// `t` around it: `Some(r)` replaces the subterm by `r`, `None` descends into it. A subterm that
/// occurs several times (at the same depth) is offered once.
pub fn rewrite(
    store: &mut Store,
    t: TermId,
    leaf: &mut dyn FnMut(&mut Store, TermId, u32) -> Option<TermId>,
) -> TermId {
    rewrite_with(store, t, leaf, true)
}

/// [`rewrite`], offering every occurrence of a subterm to `leaf` (which may replace each with
/// something different).
pub fn rewrite_each(
    store: &mut Store,
    t: TermId,
    leaf: &mut dyn FnMut(&mut Store, TermId, u32) -> Option<TermId>,
) -> TermId {
    rewrite_with(store, t, leaf, false)
}

fn rewrite_with(
    store: &mut Store,
    t: TermId,
    leaf: &mut dyn FnMut(&mut Store, TermId, u32) -> Option<TermId>,
    share: bool,
) -> TermId {
    enum W {
        Visit(TermId, u32),
        Build(super::Sym, usize, TermId, u32),
    }
    let mut memo: FxHashMap<(TermId, u32), TermId> = FxHashMap::default();
    let mut work = vec![W::Visit(t, 0)];
    let mut out: Vec<TermId> = Vec::new();
    while let Some(w) = work.pop() {
        match w {
            W::Visit(t, d) => {
                if let Some(&r) = memo.get(&(t, d)).filter(|_| share) {
                    out.push(r);
                    continue;
                }
                let View::App(f, args) = store.view(t) else {
                    out.push(t);
                    continue;
                };
                let args = args.to_vec();
                if let Some(r) = leaf(store, t, d) {
                    memo.insert((t, d), r);
                    out.push(r);
                    continue;
                }
                work.push(W::Build(f, args.len(), t, d));
                for (i, &a) in args.iter().enumerate().rev() {
                    let inner = if f == syms::BINDER && i == 1 {
                        d + 1
                    } else {
                        d
                    };
                    work.push(W::Visit(a, inner));
                }
            }
            W::Build(f, n, t, d) => {
                let start = out.len() - n;
                let r = store.app(f, &out[start..]);
                out.truncate(start);
                memo.insert((t, d), r);
                out.push(r);
            }
        }
    }
    out.pop().unwrap_or(t)
}

/// `'$for'(N, Body)` split into `N` and `Body`; `None` for any other term.
pub fn split(store: &Store, t: TermId) -> Option<(u32, TermId)> {
    match store.view(t) {
        View::App(syms::BINDER, [n, body]) => match store.view(*n) {
            View::Int(n) if n >= 0 => Some((n as u32, *body)),
            _ => None,
        },
        _ => None,
    }
}

/// The body of the binder type `'$for'(N, Body)` with its lifetime `I` replaced by `values[I]`
/// (what goes inside a region `R(..)`: a placeholder, a variable, `static`).
pub fn instantiate(store: &mut Store, n: u32, body: TermId, values: &[TermId]) -> TermId {
    debug_assert_eq!(n as usize, values.len());
    rewrite(store, body, &mut |store, t, d| match store.view(t) {
        View::App(syms::BOUND, [dd, i]) => match (store.view(*dd), store.view(*i)) {
            (View::Int(dd), View::Int(i)) if dd == d as i64 => values.get(i as usize).copied(),
            _ => None,
        },
        _ => None,
    })
}

/// Close a binder written with absolute levels: every `marker(Level, I)` with `Level == level`
/// becomes `'$bv'(D, I)`, `D` the number of binders between it and `body`'s own binder. The
/// lowering names a binder's lifetimes `marker(Level, I)` while it lowers the body (inner binders
/// are closed first), then closes it with this.
pub fn close(store: &mut Store, body: TermId, marker: super::Sym, level: u32) -> TermId {
    rewrite(store, body, &mut |store, t, d| match store.view(t) {
        View::App(f, [l, i]) if f == marker => match (store.view(*l), *i) {
            (View::Int(l), i) if l == level as i64 => {
                let dd = store.int(d as i64);
                Some(store.app(syms::BOUND, &[dd, i]))
            }
            _ => None,
        },
        _ => None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn instantiate_replaces_only_the_outer_binders_lifetimes() {
        let mut s = Store::new();
        let (zero, one) = (s.int(0), s.int(1));
        let bv00 = s.app(syms::BOUND, &[zero, zero]);
        let bv10 = s.app(syms::BOUND, &[one, zero]);
        let lt_outer = s.app(syms::REGION, &[bv00]);
        let lt_outer_in_inner = s.app(syms::REGION, &[bv10]);
        let lt_inner = s.app(syms::REGION, &[bv00]);
        let f = s.sym("f");
        let inner_body = s.app(f, &[lt_outer_in_inner, lt_inner]);
        let inner = s.app(syms::BINDER, &[one, inner_body]);
        let body = s.app(f, &[lt_outer, inner]);
        let p = s.placeholder(3, 0);
        let got = instantiate(&mut s, 1, body, &[p]);
        let lp = s.app(syms::REGION, &[p]);
        let inner_after = s.app(f, &[lp, lt_inner]);
        let inner_after = s.app(syms::BINDER, &[one, inner_after]);
        let want = s.app(f, &[lp, inner_after]);
        assert_eq!(got, want);
    }
}
