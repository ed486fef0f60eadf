//! The benchmark workloads (`benches/peers/workloads.rs`) at small sizes: each generated program loads
//! and gives the answers its workload is meant to have, with every tabling strategy, so the peer driver
//! times programs that are right.

#[allow(dead_code)] // the driver uses every generator; these tests use most
mod workloads {
    include!(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/benches/peers/workloads.rs"
    ));
}

use knot::Engine;
use knot::LowerOptions;
use workloads::Graph;

fn count(src: &str, goal: &str, strategy: &str) -> usize {
    let mut e = Engine::from_clauses("w.pl", src)
        .expect("the workload loads")
        .with_strategy(strategy);
    let a = e.answers(goal).expect("the goal parses");
    assert!(a.outcome.overflow().is_none(), "{goal}: {:?}", a.outcome);
    a.texts.len()
}

/// Pairs (x, y) with y reachable from x in one or more steps, by breadth-first search.
fn closure(n: usize, edges: &[(usize, usize)]) -> usize {
    let mut succ = vec![Vec::new(); n + 1];
    for &(a, b) in edges {
        succ[a].push(b);
    }
    (1..=n)
        .map(|x| {
            let mut seen = vec![false; n + 1];
            let mut todo = succ[x].clone();
            while let Some(y) = todo.pop() {
                if !seen[y] {
                    seen[y] = true;
                    todo.extend(&succ[y]);
                }
            }
            seen.iter().filter(|&&s| s).count()
        })
        .sum()
}

#[test]
fn transitive_closure_workloads_have_every_pair() {
    let n = 40;
    for g in [Graph::Chain, Graph::Cycle, Graph::Random] {
        let edges = g.edges(n);
        let want = closure(n, &edges);
        for left in [true, false] {
            let src = workloads::tc_program(left, &edges);
            for strategy in ["slg", "recursive"] {
                if strategy == "recursive" && (left || !matches!(g, Graph::Chain)) {
                    // A cycle through `path` takes a fixpoint iteration per step of the longest
                    // path: beyond the default 8 (it answers Overflow, tested elsewhere).
                    continue;
                }
                assert_eq!(
                    count(&src, "path(X, Y)", strategy),
                    want,
                    "{g:?} left={left}"
                );
            }
        }
    }
    assert_eq!(closure(n, &Graph::Cycle.edges(n)), n * n);
}

#[test]
fn same_generation_on_a_tree() {
    // Nodes at depth d of a complete binary tree of 15 nodes: 1, 2, 4, 8 → 1 + 4 + 16 + 64 pairs.
    assert_eq!(count(&workloads::sg_program(15), "sg(X, Y)", "slg"), 85);
}

#[test]
fn trait_shaped_goals() {
    let n = 6;
    let impls = workloads::trait_impls(n);
    let goals = workloads::trait_goals(n);
    assert_eq!(goals.len(), 80 * n);
    let mut e = Engine::from_clauses("t.pl", &impls).expect("loads");
    // Every base type is Clone and Send; `rc(...)` is never Send.
    assert_eq!(
        e.answers("implemented(ty0, clone)").unwrap().chalk(),
        "Unique"
    );
    assert_eq!(
        e.answers("implemented(vec(ty1), send)").unwrap().chalk(),
        "Unique"
    );
    assert_eq!(
        e.answers("implemented(rc(vec(ty1)), send)")
            .unwrap()
            .chalk(),
        "No possible solution"
    );
    let deep = workloads::deep_goal(200);
    assert_eq!(deep.matches('(').count(), 201);
    for strategy in ["slg", "recursive", "sld"] {
        let mut e = Engine::from_clauses("t.pl", &impls)
            .unwrap()
            .with_strategy(strategy);
        assert_eq!(e.answers(&deep).unwrap().chalk(), "Unique", "{strategy}");
    }
}

#[test]
fn auto_trait_rings_are_send() {
    for f in [1, 2] {
        let src = workloads::ring_rust(30, f);
        for strategy in ["slg", "recursive"] {
            let mut e = Engine::from_rust("ring.rs", &src)
                .expect("the ring loads")
                .with_strategy(strategy);
            assert_eq!(
                e.answers("S0: Send").unwrap().chalk(),
                "Unique",
                "F={f} {strategy}"
            );
        }
        let facts = workloads::ring_fields_pl(30, f);
        assert_eq!(facts.lines().count(), 30);
    }
}

#[test]
fn seed_cycles_fail_inductively_and_hold_coinductively() {
    let (src, goals) = workloads::seed_rust(4);
    assert_eq!(goals.len(), 4);
    for (coinductive, want) in [(false, "No possible solution"), (true, "Unique")] {
        let opts = LowerOptions {
            coinductive_all: coinductive,
            coinductive_none: false,
            ..Default::default()
        };
        for strategy in ["slg", "recursive"] {
            let mut e = Engine::from_rust_with("seed.rs", &src, true, &opts)
                .expect("the seed loads")
                .with_strategy(strategy);
            for g in &goals {
                assert_eq!(e.answers(g).unwrap().chalk(), want, "{g} {strategy}");
            }
        }
    }
}

#[test]
fn projection_chains_normalize() {
    let (src, goals) = workloads::projections_rust(12);
    let mut e = Engine::from_rust("proj.rs", &src).expect("loads");
    for g in &goals {
        assert_eq!(e.answers(g).unwrap().chalk(), "Unique", "{g}");
    }
}
