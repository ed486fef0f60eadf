//! Differential tests: random Datalog programs answered by knot's SLG strategy against a naive
//! bottom-up least-model computation written here; non-recursive programs also against SLD.

use knot::term::View;
use knot::Engine;
use proptest::prelude::*;
use std::collections::{BTreeSet, HashMap, HashSet};

/// A term in a Datalog atom: a variable (by index) or an integer constant.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
enum T {
    V(u8),
    C(i64),
}

#[derive(Clone, Debug)]
struct Atom {
    pred: usize,
    args: Vec<T>,
}

#[derive(Clone, Debug)]
struct Rule {
    head: Atom,
    body: Vec<Atom>,
}

#[derive(Clone, Debug)]
struct Pred {
    name: String,
    arity: usize,
    idb: bool,
}

#[derive(Clone, Debug)]
struct Prog {
    preds: Vec<Pred>,
    facts: Vec<(usize, Vec<i64>)>,
    rules: Vec<Rule>,
}

const VAR_NAMES: [&str; 4] = ["X", "Y", "Z", "W"];

fn term_text(t: T) -> String {
    match t {
        T::V(i) => VAR_NAMES[i as usize].to_string(),
        T::C(c) => c.to_string(),
    }
}

fn atom_text(p: &Prog, a: &Atom) -> String {
    let args: Vec<String> = a.args.iter().map(|&t| term_text(t)).collect();
    format!("{}({})", p.preds[a.pred].name, args.join(", "))
}

impl Prog {
    fn text(&self) -> String {
        let mut s = String::new();
        for p in self.preds.iter().filter(|p| p.idb) {
            s.push_str(&format!(":- table {}/{}.\n", p.name, p.arity));
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
    fn recursive(&self) -> bool {
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
    fn least_model(&self) -> Vec<HashSet<Vec<i64>>> {
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

/// Ask `goal` and return the answers as integer tuples (one per query variable), plus the texts.
fn ask(engine: &mut Engine, goal: &str) -> (Vec<Vec<i64>>, Vec<String>) {
    let a = engine
        .answers(goal)
        .unwrap_or_else(|e| panic!("goal {goal} failed: {e}"));
    assert!(
        a.outcome.overflow().is_none(),
        "goal {goal}: unexpected overflow {:?}",
        a.outcome.overflow()
    );
    assert!(!a.outcome.floundered, "goal {goal}: floundered");
    assert!(!a.outcome.negative_cycle, "goal {goal}: negative cycle");
    let mut out = Vec::new();
    for ans in &a.answers {
        assert!(!ans.ambiguous, "goal {goal}: ambiguous answer");
        let vals: Vec<i64> = match engine.store.view(ans.values) {
            View::App(_, args) => args
                .iter()
                .map(|&v| match engine.store.view(v) {
                    View::Int(i) => i,
                    other => panic!("goal {goal}: non-integer answer value {other:?}"),
                })
                .collect(),
            View::Atom(_) => Vec::new(),
            other => panic!("goal {goal}: unexpected answer tuple {other:?}"),
        };
        out.push(vals);
    }
    (out, a.texts)
}

fn query_text(p: &Pred) -> String {
    if p.arity == 1 {
        format!("{}(X)", p.name)
    } else {
        format!("{}(X, Y)", p.name)
    }
}

fn check_program(prog: &Prog) {
    let text = prog.text();
    let model = prog.least_model();
    let mut slg = Engine::from_clauses("gen.pl", &text)
        .unwrap_or_else(|e| panic!("load failed: {e}\n{text}"));
    let recursive = prog.recursive();
    let mut sld = if recursive {
        None
    } else {
        Some(
            Engine::from_clauses("gen.pl", &text)
                .unwrap()
                .with_strategy("sld"),
        )
    };
    for (i, p) in prog.preds.iter().enumerate().filter(|(_, p)| p.idb) {
        let expected: BTreeSet<Vec<i64>> = model[i].iter().cloned().collect();
        let q = query_text(p);
        let (got, texts) = ask(&mut slg, &q);
        let got_set: BTreeSet<Vec<i64>> = got.iter().cloned().collect();
        assert_eq!(
            got_set, expected,
            "slg answers of {q} differ from the least model\n{text}"
        );
        assert_eq!(
            got.len(),
            got_set.len(),
            "slg reported a duplicate answer for {q}\n{text}"
        );
        let text_set: HashSet<&String> = texts.iter().collect();
        assert_eq!(
            text_set.len(),
            texts.len(),
            "slg printed a duplicate answer for {q}: {texts:?}\n{text}"
        );
        // A call with a repeated variable (the variant p(X, X)).
        if p.arity == 2 {
            let q = format!("{}(X, X)", p.name);
            let (got, _) = ask(&mut slg, &q);
            let got: BTreeSet<i64> = got.iter().map(|t| t[0]).collect();
            let exp: BTreeSet<i64> = expected
                .iter()
                .filter(|t| t[0] == t[1])
                .map(|t| t[0])
                .collect();
            assert_eq!(
                got, exp,
                "slg answers of {q} differ from the least model\n{text}"
            );
        }
        // With every predicate tabled (`table_all`), the same answers.
        {
            let mut all = Engine::from_clauses("gen.pl", &text).unwrap();
            all.limits.table_all = true;
            let (got, _) = ask(&mut all, &q);
            let got: BTreeSet<Vec<i64>> = got.into_iter().collect();
            assert_eq!(
                got, expected,
                "slg --table-all answers of {q} differ\n{text}"
            );
        }
        // A call with the first argument bound (a different table variant).
        if p.arity == 2 {
            for k in [0i64, 2] {
                let q = format!("{}({k}, Y)", p.name);
                let (got, _) = ask(&mut slg, &q);
                let got: BTreeSet<i64> = got.iter().map(|t| t[0]).collect();
                let exp: BTreeSet<i64> = expected
                    .iter()
                    .filter(|t| t[0] == k)
                    .map(|t| t[1])
                    .collect();
                assert_eq!(
                    got, exp,
                    "slg answers of {q} differ from the least model\n{text}"
                );
            }
        }
        if let Some(sld) = sld.as_mut() {
            let (got, _) = ask(sld, &q);
            let got: BTreeSet<Vec<i64>> = got.into_iter().collect();
            assert_eq!(
                got, expected,
                "sld answers of {q} differ from slg/the least model\n{text}"
            );
        }
    }
}

/// A term for a rule body: one of four variables (more likely) or a constant.
fn body_term() -> impl Strategy<Value = T> {
    prop_oneof![3 => (0u8..4).prop_map(T::V), 1 => (0i64..5).prop_map(T::C)]
}

fn program() -> impl Strategy<Value = Prog> {
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

proptest! {
    #![proptest_config(ProptestConfig { cases: 200, ..ProptestConfig::default() })]

    #[test]
    fn slg_matches_least_model(prog in program()) {
        check_program(&prog);
    }
}

// ---------------------------------------------------------------------------------------------
// Hand-written cases.

fn v(i: u8) -> T {
    T::V(i)
}

fn c(i: i64) -> T {
    T::C(i)
}

fn at(pred: usize, args: &[T]) -> Atom {
    Atom {
        pred,
        args: args.to_vec(),
    }
}

fn rule(head: Atom, body: &[Atom]) -> Rule {
    Rule {
        head,
        body: body.to_vec(),
    }
}

fn preds(spec: &[(&str, usize, bool)]) -> Vec<Pred> {
    spec.iter()
        .map(|&(n, a, idb)| Pred {
            name: n.to_string(),
            arity: a,
            idb,
        })
        .collect()
}

fn cycle_edges(n: i64) -> Vec<(usize, Vec<i64>)> {
    (0..n).map(|i| (0, vec![i, (i + 1) % n])).collect()
}

/// Query `path(X, Y)` and check every one of the 36 pairs comes exactly once.
fn check_tc_36(prog: &Prog) {
    check_program(prog);
    let mut e = Engine::from_clauses("tc.pl", &prog.text()).unwrap();
    let a = e.answers("path(X, Y)").unwrap();
    assert_eq!(a.texts.len(), 36, "{:?}", a.texts);
    let distinct: HashSet<&String> = a.texts.iter().collect();
    assert_eq!(distinct.len(), 36, "duplicates among {:?}", a.texts);
    for x in 0..6 {
        for y in 0..6 {
            let t = format!("X = {x}, Y = {y}.");
            assert!(a.texts.contains(&t), "missing {t}");
        }
    }
    assert!(
        a.solution_text.starts_with("ambiguous"),
        "{}",
        a.solution_text
    );
    // One bound variant.
    let a = e.answers("path(3, Y)").unwrap();
    assert_eq!(a.texts.len(), 6, "{:?}", a.texts);
}

#[test]
fn left_recursive_tc_on_6_cycle() {
    let prog = Prog {
        preds: preds(&[("edge", 2, false), ("path", 2, true)]),
        facts: cycle_edges(6),
        rules: vec![
            rule(
                at(1, &[v(0), v(1)]),
                &[at(1, &[v(0), v(2)]), at(0, &[v(2), v(1)])],
            ),
            rule(at(1, &[v(0), v(1)]), &[at(0, &[v(0), v(1)])]),
        ],
    };
    assert!(prog
        .text()
        .contains("path(X, Y) :- path(X, Z), edge(Z, Y)."));
    check_tc_36(&prog);
}

#[test]
fn right_recursive_tc_on_6_cycle() {
    let prog = Prog {
        preds: preds(&[("edge", 2, false), ("path", 2, true)]),
        facts: cycle_edges(6),
        rules: vec![
            rule(
                at(1, &[v(0), v(1)]),
                &[at(0, &[v(0), v(2)]), at(1, &[v(2), v(1)])],
            ),
            rule(at(1, &[v(0), v(1)]), &[at(0, &[v(0), v(1)])]),
        ],
    };
    check_tc_36(&prog);
}

#[test]
fn doubly_recursive_tc_on_6_cycle() {
    let prog = Prog {
        preds: preds(&[("edge", 2, false), ("path", 2, true)]),
        facts: cycle_edges(6),
        rules: vec![
            rule(
                at(1, &[v(0), v(1)]),
                &[at(1, &[v(0), v(2)]), at(1, &[v(2), v(1)])],
            ),
            rule(at(1, &[v(0), v(1)]), &[at(0, &[v(0), v(1)])]),
        ],
    };
    check_tc_36(&prog);
}

#[test]
fn same_generation() {
    // A small family tree: parent(Child, Parent).
    let parent = [(1, 0), (2, 0), (3, 1), (4, 1), (5, 2), (6, 5), (7, 3)];
    let mut facts: Vec<(usize, Vec<i64>)> = parent.iter().map(|&(c, p)| (0, vec![c, p])).collect();
    for n in 0..8 {
        facts.push((1, vec![n]));
    }
    let prog = Prog {
        preds: preds(&[("par", 2, false), ("node", 1, false), ("sg", 2, true)]),
        facts,
        rules: vec![
            rule(at(2, &[v(0), v(0)]), &[at(1, &[v(0)])]),
            rule(
                at(2, &[v(0), v(1)]),
                &[
                    at(0, &[v(0), v(2)]),
                    at(2, &[v(2), v(3)]),
                    at(0, &[v(1), v(3)]),
                ],
            ),
        ],
    };
    check_program(&prog);
    let model = prog.least_model();
    // 3, 4 and 5 are cousins-or-siblings: same generation.
    assert!(model[2].contains(&vec![3, 5]));
    assert!(model[2].contains(&vec![6, 7]));
    assert!(!model[2].contains(&vec![1, 3]));
    let mut e = Engine::from_clauses("sg.pl", &prog.text()).unwrap();
    let a = e.answers("sg(6, Y)").unwrap();
    let mut texts = a.texts.clone();
    texts.sort();
    assert_eq!(texts, vec!["Y = 6.", "Y = 7."]);
}

#[test]
fn mutual_recursion_even_odd() {
    // succ(N, N+1) for 0..9; even(0); even/odd mutually recursive.
    let mut facts: Vec<(usize, Vec<i64>)> = (0..9).map(|i| (0, vec![i, i + 1])).collect();
    facts.push((1, vec![0]));
    let prog = Prog {
        preds: preds(&[
            ("succ", 2, false),
            ("zero", 1, false),
            ("even", 1, true),
            ("odd", 1, true),
        ]),
        facts,
        rules: vec![
            rule(at(2, &[v(0)]), &[at(1, &[v(0)])]),
            rule(at(2, &[v(0)]), &[at(0, &[v(1), v(0)]), at(3, &[v(1)])]),
            rule(at(3, &[v(0)]), &[at(0, &[v(1), v(0)]), at(2, &[v(1)])]),
        ],
    };
    check_program(&prog);
    let mut e = Engine::from_clauses("eo.pl", &prog.text()).unwrap();
    let (even, _) = ask(&mut e, "even(X)");
    let even: BTreeSet<i64> = even.into_iter().map(|t| t[0]).collect();
    assert_eq!(even, [0, 2, 4, 6, 8].into_iter().collect());
    let (odd, _) = ask(&mut e, "odd(X)");
    let odd: BTreeSet<i64> = odd.into_iter().map(|t| t[0]).collect();
    assert_eq!(odd, [1, 3, 5, 7, 9].into_iter().collect());
    assert_eq!(e.answers("odd(4)").unwrap().solution_text, "false.");
    assert_eq!(e.answers("even(4)").unwrap().solution_text, "true.");
}

#[test]
fn fixpoint_helper_sanity() {
    // The reference implementation itself on a case small enough to check by hand.
    let prog = Prog {
        preds: preds(&[("e", 2, false), ("p", 2, true)]),
        facts: vec![(0, vec![1, 2]), (0, vec![2, 3])],
        rules: vec![
            rule(at(1, &[v(0), v(1)]), &[at(0, &[v(0), v(1)])]),
            rule(
                at(1, &[v(0), v(1)]),
                &[at(1, &[v(0), v(2)]), at(1, &[v(2), v(1)])],
            ),
            rule(at(1, &[c(0), v(0)]), &[at(0, &[v(0), c(3)])]),
        ],
    };
    let m = prog.least_model();
    let got: BTreeSet<Vec<i64>> = m[1].iter().cloned().collect();
    let exp: BTreeSet<Vec<i64>> = [vec![1, 2], vec![2, 3], vec![1, 3], vec![0, 2], vec![0, 3]]
        .into_iter()
        .collect();
    assert_eq!(got, exp);
    assert!(prog.recursive());
    check_program(&prog);
}
