//! In-process timing of tabled transitive closure (left recursion) on a chain and on a cycle.
//! The peer comparison with SWI-Prolog and datafrog is `cargo bench --bench peers` (same files, alternating).

use knot::Engine;

fn program(n: usize, cycle: bool) -> String {
    let mut s = String::from(
        ":- table path/2.\npath(X, Y) :- path(X, Z), edge(Z, Y).\npath(X, Y) :- edge(X, Y).\n",
    );
    for i in 1..n {
        s.push_str(&format!("edge({}, {}).\n", i, i + 1));
    }
    if cycle {
        s.push_str(&format!("edge({}, 1).\n", n));
    }
    s
}

fn count(src: &str) -> usize {
    let mut e = Engine::from_clauses("bench.pl", src).expect("program loads");
    e.answers("path(X, Y)").expect("goal parses").answers.len()
}

#[divan::bench(args = [250, 1000], sample_count = 3, sample_size = 1)]
fn tc_left_chain(b: divan::Bencher, n: usize) {
    let src = program(n, false);
    b.bench(|| assert_eq!(count(&src), n * (n - 1) / 2));
}

#[divan::bench(args = [250, 1000], sample_count = 3, sample_size = 1)]
fn tc_left_cycle(b: divan::Bencher, n: usize) {
    let src = program(n, true);
    b.bench(|| assert_eq!(count(&src), n * n));
}

fn main() {
    divan::main();
}
