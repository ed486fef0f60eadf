//! Normalization benchmark: 10,000 projections, nested up to 8 deep, over a program with 1,000 impls,
//! with the `normalize/2` clauses and with the e-graph normalizer, in one process (same machine, same
//! run: compare the two times as a ratio). Run: `cargo bench --bench normalize`.

use knot::EgraphNormalizer;
use knot::{Engine, Limits};
use std::time::Instant;

const IMPLS: usize = 1_000;
const GOALS: usize = 10_000;

/// `trait Tr { type A; }` with `impl Tr for S{i} { type A = S{i+1}; }` for i < IMPLS (the last one
/// wraps around), so every projection normalizes.
fn program() -> String {
    let mut p = String::from("trait Tr { type A; }\n");
    for i in 0..IMPLS {
        p.push_str(&format!("struct S{i} {{}}\n"));
    }
    for i in 0..IMPLS {
        p.push_str(&format!(
            "impl Tr for S{i} {{ type A = S{}; }}\n",
            (i + 1) % IMPLS
        ));
    }
    p
}

/// `Normalize(<<..<S_k as Tr>::A..> as Tr>::A -> S_{k+d})` nested `d` deep (1..=8).
fn goal(k: usize, d: usize) -> String {
    let mut t = format!("S{k}");
    for _ in 0..d - 1 {
        t = format!("<{t} as Tr>::A");
    }
    format!("Normalize(<{t} as Tr>::A -> S{})", (k + d) % IMPLS)
}

fn run(egraph: bool, src: &str) -> (f64, usize) {
    let mut e = Engine::from_rust("bench.chalk", src)
        .expect("the program loads")
        .with_strategy("recursive")
        .with_limits(Limits::default());
    if egraph {
        EgraphNormalizer::install(&mut e.store, &mut e.program, Default::default());
    }
    let start = Instant::now();
    let mut unique = 0;
    for i in 0..GOALS {
        let g = goal((i * 7) % IMPLS, 1 + i % 8);
        let a = e.answers(&g).expect("the goal parses");
        if a.chalk() == "Unique" {
            unique += 1;
        }
    }
    (start.elapsed().as_secs_f64(), unique)
}

fn main() {
    let src = program();
    for round in 0..2 {
        let (tc, uc) = run(false, &src);
        let (te, ue) = run(true, &src);
        println!(
            "round {round}: {GOALS} projections over {IMPLS} impls: clauses {tc:.2}s ({uc} unique), \
             egraph {te:.2}s ({ue} unique), egraph/clauses {:.2}",
            te / tc
        );
    }
}
