//! The magic-set rewriting of a pure Datalog closure for one call: bottom-up evaluation then derives
//! only what a tabled top-down evaluation of the call would (the relevant facts).
//!
//! Each predicate `q` with rules is *adorned* by which of its arguments a call binds (a bit mask);
//! `q^β` holds the answers of calls with that pattern and `magic_q^β` their bound arguments. A rule
//! `p(h) :- b1, .., bn` of `p^α` becomes `p^α(h) :- magic_p^α(h|α), b1', .., bn'`, with each `bi`
//! that has rules replaced by `q^β` (β: the arguments bound by a constant or by a variable of the
//! head's bound arguments or of an earlier atom: left-to-right sideways passing), and a rule
//! `magic_q^β(bi|β) :- magic_p^α(h|α), b1', .., b(i-1)'` passing the bindings down. A predicate
//! called with no argument bound anywhere is evaluated whole once (`q^0`): its other patterns read
//! that relation instead of deriving a subset of it again.

use super::analysis::Closure;
use super::eval::{Arg, Atom, Rule};
use crate::program::Pred;
use rustc_hash::{FxHashMap, FxHashSet};

/// What a relation of the rewritten program is.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum RelKey {
    Edb(Pred),
    Idb(Pred, u64),
    Magic(Pred, u64),
}

/// The rewritten program of one call.
pub struct Rewritten {
    pub keys: Vec<RelKey>,
    pub rules: Vec<Rule>,
    /// The magic fact of the call: relation and row.
    pub seed: Option<(usize, Vec<u32>)>,
    /// The relation holding the call's answers (to be filtered by the call's constants).
    pub query: usize,
}

impl Rewritten {
    pub fn arity(&self, k: usize) -> usize {
        match self.keys[k] {
            RelKey::Edb(p) | RelKey::Idb(p, _) => p.1 as usize,
            RelKey::Magic(_, m) => m.count_ones() as usize,
        }
    }
}

fn adorn(args: &[Arg], bound: &FxHashSet<u32>) -> u64 {
    let mut m = 0;
    for (i, a) in args.iter().enumerate() {
        let b = match a {
            Arg::Const(_) => true,
            Arg::Var(v) => bound.contains(v),
        };
        if b {
            m |= 1 << i;
        }
    }
    m
}

fn pick(args: &[Arg], mask: u64) -> Vec<Arg> {
    args.iter()
        .enumerate()
        .filter(|(i, _)| mask & (1 << i) != 0)
        .map(|(_, a)| *a)
        .collect()
}

fn add_vars(args: &[Arg], bound: &mut FxHashSet<u32>) {
    for a in args {
        if let Arg::Var(v) = a {
            bound.insert(*v);
        }
    }
}

/// The adorned patterns reachable from `(p, alpha)`, each mapped by `adj`.
fn reachable(
    cl: &Closure,
    p: Pred,
    alpha: u64,
    adj: &dyn Fn(Pred, u64) -> u64,
) -> Vec<(Pred, u64)> {
    let start = (p, adj(p, alpha));
    let mut seen = FxHashSet::default();
    seen.insert(start);
    let mut order = vec![start];
    let mut i = 0;
    while i < order.len() {
        let (q, b) = order[i];
        i += 1;
        for r in &cl.idb[&q] {
            let mut bound = FxHashSet::default();
            add_vars(&pick(&r.head, b), &mut bound);
            for (bp, args) in &r.body {
                if cl.idb.contains_key(bp) {
                    let x = (*bp, adj(*bp, adorn(args, &bound)));
                    if seen.insert(x) {
                        order.push(x);
                    }
                }
                add_vars(args, &mut bound);
            }
        }
    }
    order
}

/// Rewrite the closure of `p` for a call whose arguments are `call`.
pub fn rewrite(cl: &Closure, p: Pred, call: &[Arg]) -> Rewritten {
    let mut keys: Vec<RelKey> = Vec::new();
    let mut ids: FxHashMap<RelKey, usize> = FxHashMap::default();
    let mut id = |k: RelKey| -> usize {
        *ids.entry(k).or_insert_with(|| {
            keys.push(k);
            keys.len() - 1
        })
    };
    if !cl.idb.contains_key(&p) {
        let query = id(RelKey::Edb(p));
        return Rewritten {
            keys,
            rules: Vec::new(),
            seed: None,
            query,
        };
    }
    let alpha = adorn(call, &FxHashSet::default());
    // Predicates called somewhere with nothing bound are evaluated whole, once.
    let whole: FxHashSet<Pred> = reachable(cl, p, alpha, &|_, b| b)
        .into_iter()
        .filter(|&(_, b)| b == 0)
        .map(|(q, _)| q)
        .collect();
    let adj = |q: Pred, b: u64| if whole.contains(&q) { 0 } else { b };
    let mut rules = Vec::new();
    for (q, b) in reachable(cl, p, alpha, &adj) {
        let (qrel, qmagic) = (id(RelKey::Idb(q, b)), id(RelKey::Magic(q, b)));
        for r in &cl.idb[&q] {
            let head_bound = pick(&r.head, b);
            let mut bound = FxHashSet::default();
            add_vars(&head_bound, &mut bound);
            let mut body = vec![Atom {
                rel: qmagic,
                args: head_bound,
            }];
            for (bp, args) in &r.body {
                if cl.idb.contains_key(bp) {
                    let beta = adj(*bp, adorn(args, &bound));
                    rules.push(Rule {
                        head: Atom {
                            rel: id(RelKey::Magic(*bp, beta)),
                            args: pick(args, beta),
                        },
                        body: body.clone(),
                        nvars: r.nvars,
                    });
                    body.push(Atom {
                        rel: id(RelKey::Idb(*bp, beta)),
                        args: args.clone(),
                    });
                } else {
                    body.push(Atom {
                        rel: id(RelKey::Edb(*bp)),
                        args: args.clone(),
                    });
                }
                add_vars(args, &mut bound);
            }
            rules.push(Rule {
                head: Atom {
                    rel: qrel,
                    args: r.head.clone(),
                },
                body,
                nvars: r.nvars,
            });
        }
    }
    let a = adj(p, alpha);
    let seed_row: Vec<u32> = pick(call, a)
        .into_iter()
        .map(|x| match x {
            Arg::Const(c) => c,
            Arg::Var(_) => unreachable!("a bound argument of the call is a constant"),
        })
        .collect();
    let seed = Some((id(RelKey::Magic(p, a)), seed_row));
    let query = id(RelKey::Idb(p, a));
    Rewritten {
        keys,
        rules,
        seed,
        query,
    }
}
