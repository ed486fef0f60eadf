//! knot against datafrog (bottom-up Datalog in Rust) on all-pairs transitive closure, in one process:
//! the same edge facts (written by `../shared/bench/gen.py`), knot's SLG on the file's tabled rules,
//! datafrog's semi-naive join. Prints answers, times and answers/s for both and their ratio.
//! Run: `cargo bench --bench datafrog` (needs python3 and the shared generator).

use datafrog::{Iteration, Relation};
use knot::Engine;
use std::process::Command;
use std::time::Instant;

fn generate(workload: &str, n: usize) -> (String, String) {
    let gen = concat!(env!("CARGO_MANIFEST_DIR"), "/../shared/bench/gen.py");
    let run = |args: &[&str]| {
        let out = Command::new("python3")
            .arg(gen)
            .args(args)
            .output()
            .expect("python3 runs the generator");
        String::from_utf8(out.stdout).expect("utf-8")
    };
    let n = n.to_string();
    (
        run(&[workload, &n]),
        run(&["--query", workload, &n]).trim().to_string(),
    )
}

/// The `edge(A, B).` facts of a generated file.
fn edges(src: &str) -> Vec<(u32, u32)> {
    src.lines()
        .filter_map(|l| l.strip_prefix("edge(")?.strip_suffix(")."))
        .filter_map(|args| {
            let (a, b) = args.split_once(',')?;
            Some((a.trim().parse().ok()?, b.trim().parse().ok()?))
        })
        .collect()
}

/// All-pairs transitive closure with datafrog; returns the number of pairs.
fn datafrog_tc(edges: &[(u32, u32)]) -> usize {
    let mut iteration = Iteration::new();
    let edge_by_src: Relation<(u32, u32)> = edges.iter().copied().collect();
    let path = iteration.variable::<(u32, u32)>("path");
    // path(X, Y) :- edge(X, Y).  path(X, Y) :- path(X, Z), edge(Z, Y)  (path keyed by Z).
    let path_by_mid = iteration.variable::<(u32, u32)>("path_by_mid");
    path.extend(edges.iter().copied());
    while iteration.changed() {
        path_by_mid.from_map(&path, |&(x, z)| (z, x));
        path.from_join(&path_by_mid, &edge_by_src, |_z, &x, &y| (x, y));
    }
    path.complete().len()
}

fn main() {
    println!("workload         N     answers   knot_s  datafrog_s  knot_M/s  datafrog_M/s  knot/datafrog");
    for (w, n) in [
        ("tc_left_chain", 1000),
        ("tc_left_cycle", 1000),
        ("tc_left_random", 2000),
    ] {
        let (src, goal) = generate(w, n);
        let e = edges(&src);
        // knot as `knot query --count` runs it: load, then count answers (no text per answer).
        let t0 = Instant::now();
        let mut engine = Engine::from_clauses("tc.pl", &src).expect("the file loads");
        let (g, names) = engine.parse_goal(&goal).expect("the goal parses");
        let mut slg = knot::solve::strategy_by_name("slg").expect("slg");
        let mut count = 0usize;
        let goal = knot::Goal {
            term: g,
            nvars: names.len() as u32,
        };
        let limits = engine.limits.clone();
        slg.solve(
            &mut engine.store,
            &engine.program,
            &goal,
            &limits,
            &mut |_, _| {
                count += 1;
                std::ops::ControlFlow::Continue(())
            },
        );
        let tk = t0.elapsed().as_secs_f64();
        let t0 = Instant::now();
        let df = datafrog_tc(&e);
        let td = t0.elapsed().as_secs_f64();
        let answers = count;
        assert_eq!(answers, df, "{w}: knot and datafrog disagree");
        println!(
            "{w:<16} {n:<5} {answers:>9} {tk:>8.3} {td:>11.3} {:>9.2} {:>13.2} {:>14.2}",
            answers as f64 / tk / 1e6,
            df as f64 / td / 1e6,
            tk / td
        );
    }
}
