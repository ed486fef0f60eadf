//! Random Datalog programs for differential tests: a generator (proptest), the program's text in the
//! clause language, and its least model by naive bottom-up iteration.
#![allow(dead_code)]

use proptest::prelude::*;
use std::collections::{HashMap, HashSet};

/// A term in a Datalog atom: a variable (by index) or an integer constant.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum T {
    V(u8),
    C(i64),
}

#[derive(Clone, Debug)]
pub struct Atom {
    pub pred: usize,
    pub args: Vec<T>,
}

#[derive(Clone, Debug)]
pub struct Rule {
    pub head: Atom,
    pub body: Vec<Atom>,
}

#[derive(Clone, Debug)]
pub struct Pred {
    pub name: String,
    pub arity: usize,
    pub idb: bool,
}

#[derive(Clone, Debug)]
pub struct Prog {
    pub preds: Vec<Pred>,
    pub facts: Vec<(usize, Vec<i64>)>,
    pub rules: Vec<Rule>,
}

pub const VAR_NAMES: [&str; 4] = ["X", "Y", "Z", "W"];

pub fn term_text(t: T) -> String {
    match t {
        T::V(i) => VAR_NAMES[i as usize].to_string(),
        T::C(c) => c.to_string(),
    }
}

pub fn atom_text(p: &Prog, a: &Atom) -> String {
    let args: Vec<String> = a.args.iter().map(|&t| term_text(t)).collect();
    format!("{}({})", p.preds[a.pred].name, args.join(", "))
}

impl Prog {
    pub fn text(&self) -> String {
        let mut s = String::new();
        for p in self.preds.iter().filter(|p| p.idb) {
            s.push_str(&format!(":- table {}/{}.\n", p.name, p.arity));
        }
        // An EDB predicate may have no facts: declared, so a call to it fails (as in SWI-Prolog,
        // an undefined predicate raises an existence error).
        for p in self.preds.iter().filter(|p| !p.idb) {
            s.push_str(&format!(":- dynamic {}/{}.\n", p.name, p.arity));
        }
        for (p, args) in &self.facts {
            let args: Vec<String> = args.iter().map(|c| c.to_string()).collect();
            s.push_str(&format!("{}({}).\n", self.preds[*p].name, args.join(", ")));
        }
        for r in &self.rules {
            let body: Vec<String> = r.body.iter().map(|a| atom_text(self, a)).collect();
            s.push_str(&format!(
                "{} :- {}.\n",
                atom_text(self, &r.head),
                body.join(", ")
            ));
        }
        s
    }

    /// True when some idb predicate depends (transitively) on itself.
    pub fn recursive(&self) -> bool {
        let n = self.preds.len();
        let mut reach = vec![vec![false; n]; n];
        for r in &self.rules {
            for b in &r.body {
                reach[r.head.pred][b.pred] = true;
            }
        }
        for k in 0..n {
            for i in 0..n {
                for j in 0..n {
                    if reach[i][k] && reach[k][j] {
                        reach[i][j] = true;
                    }
                }
            }
        }
        (0..n).any(|i| reach[i][i])
    }

    /// The least model by naive bottom-up iteration.
    pub fn least_model(&self) -> Vec<HashSet<Vec<i64>>> {
        let mut model: Vec<HashSet<Vec<i64>>> = vec![HashSet::new(); self.preds.len()];
        for (p, args) in &self.facts {
            model[*p].insert(args.clone());
        }
        loop {
            let mut new = Vec::new();
            for r in &self.rules {
                let mut substs: Vec<HashMap<u8, i64>> = vec![HashMap::new()];
                for b in &r.body {
                    let mut next = Vec::new();
                    for s in &substs {
                        'tuple: for tuple in &model[b.pred] {
                            let mut s2 = s.clone();
                            for (t, &v) in b.args.iter().zip(tuple) {
                                match *t {
                                    T::C(c) if c != v => continue 'tuple,
                                    T::C(_) => {}
                                    T::V(x) => match s2.get(&x) {
                                        Some(&w) if w != v => continue 'tuple,
                                        Some(_) => {}
                                        None => {
                                            s2.insert(x, v);
                                        }
                                    },
                                }
                            }
                            next.push(s2);
                        }
                    }
                    substs = next;
                }
                for s in substs {
                    let tuple: Vec<i64> = r
                        .head
                        .args
                        .iter()
                        .map(|t| match *t {
                            T::C(c) => c,
                            T::V(x) => s[&x],
                        })
                        .collect();
                    if !model[r.head.pred].contains(&tuple) {
                        new.push((r.head.pred, tuple));
                    }
                }
            }
            if new.is_empty() {
                return model;
            }
            for (p, t) in new {
                model[p].insert(t);
            }
        }
    }
}

/// A term for a rule body: one of four variables (more likely) or a constant.
pub fn body_term() -> impl Strategy<Value = T> {
    prop_oneof![3 => (0u8..4).prop_map(T::V), 1 => (0i64..5).prop_map(T::C)]
}

pub fn program() -> impl Strategy<Value = Prog> {
    (2usize..=4, prop::collection::vec(1usize..=2, 4))
        .prop_flat_map(|(n, arities)| {
            let arities = arities[..n].to_vec();
            (Just(arities), 1..n)
        })
        .prop_flat_map(|(arities, n_edb)| {
            let n = arities.len();
            let facts = prop::collection::vec((0..n_edb, prop::array::uniform2(0i64..5)), 0..=12);
            let rule = (
                n_edb..n,
                prop::collection::vec((0..n, prop::array::uniform2(body_term())), 1..=3),
                prop::array::uniform2((any::<bool>(), 0usize..8, 0i64..5)),
            );
            let rules = prop::collection::vec(rule, 1..=6);
            (Just(arities), Just(n_edb), facts, rules)
        })
        .prop_map(|(arities, n_edb, facts, rules)| {
            let preds: Vec<Pred> = arities
                .iter()
                .enumerate()
                .map(|(i, &arity)| Pred {
                    name: if i < n_edb {
                        format!("e{i}")
                    } else {
                        format!("p{i}")
                    },
                    arity,
                    idb: i >= n_edb,
                })
                .collect();
            let facts = facts
                .into_iter()
                .map(|(p, a)| (p, a[..preds[p].arity].to_vec()))
                .collect();
            let rules = rules
                .into_iter()
                .map(|(h, body, head_args)| {
                    let body: Vec<Atom> = body
                        .into_iter()
                        .map(|(p, a)| Atom {
                            pred: p,
                            args: a[..preds[p].arity].to_vec(),
                        })
                        .collect();
                    let mut vars: Vec<u8> = Vec::new();
                    for a in &body {
                        for t in &a.args {
                            if let T::V(x) = *t {
                                if !vars.contains(&x) {
                                    vars.push(x);
                                }
                            }
                        }
                    }
                    // Range restriction: a head variable is always one of the body's variables.
                    let args = head_args[..preds[h].arity]
                        .iter()
                        .map(|&(is_var, k, c)| {
                            if is_var && !vars.is_empty() {
                                T::V(vars[k % vars.len()])
                            } else {
                                T::C(c)
                            }
                        })
                        .collect();
                    Rule {
                        head: Atom { pred: h, args },
                        body,
                    }
                })
                .collect();
            Prog {
                preds,
                facts,
                rules,
            }
        })
}
