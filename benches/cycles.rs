//! Cycle workloads for the three strategies (run: `cargo bench --bench cycles`):
//! - `ring`: N impls in a ring, `impl Tr for S{i} where S{i+1}: Tr {}` (the last closes on S0), goal
//!   `S0: Tr` — No when `Tr` is inductive, Unique when coinductive;
//! - `seed`: the seed example with N distinct wrapper types, goals `Link<W{i}>: Debug` for every i.
//!   Prints time, tables and steps per N and strategy; the growth per 10× in N is the ratio of rows.

use knot::LowerOptions;
use knot::{Engine, Limits};
use std::time::Instant;

fn ring(n: usize) -> String {
    let mut p = String::from("trait Tr {}\n");
    for i in 0..n {
        p.push_str(&format!("struct S{i} {{}}\n"));
    }
    for i in 0..n {
        p.push_str(&format!(
            "impl Tr for S{i} where S{}: Tr {{}}\n",
            (i + 1) % n
        ));
    }
    p
}

fn seed(n: usize) -> String {
    let mut p = String::from(
        "trait Wrap { type Wrapper<T>; }\ntrait Debug {}\nstruct Option<T> {}\nstruct Box<T> {}\n\
         impl<T> Debug for Option<T> where T: Debug {}\nimpl<T> Debug for Box<T> where T: Debug {}\n\
         struct Link<W> where W: Wrap { next: Option<Box<<W as Wrap>::Wrapper<Link<W>>>> }\n\
         impl<W> Debug for Link<W> where W: Wrap, Option<Box<<W as Wrap>::Wrapper<Link<W>>>>: Debug {}\n",
    );
    for i in 0..n {
        p.push_str(&format!(
            "struct W{i}<T> {{}}\nstruct M{i} {{}}\nimpl Wrap for M{i} {{ type Wrapper<T> = W{i}<T>; }}\n\
             impl<T> Debug for W{i}<T> where T: Debug {{}}\n"
        ));
    }
    p
}

/// Time, tables, steps, cache hits, provisional results created, and the last goal's answer.
type Figures = (f64, u64, u64, u64, u64, String);

fn run(src: &str, goals: &[String], strategy: &str, coinductive: bool) -> Figures {
    let opts = LowerOptions {
        coinductive_all: coinductive,
        coinductive_none: false,
        ..Default::default()
    };
    let limits = Limits {
        max_depth: 20_000,
        ..Limits::default()
    };
    let mut e = Engine::from_rust_with("bench.chalk", src, false, &opts)
        .expect("the program loads")
        .with_strategy(strategy)
        .with_limits(limits);
    let start = Instant::now();
    let (mut tables, mut steps, mut hits, mut prov) = (0, 0, 0, 0);
    let mut last = String::new();
    for g in goals {
        let a = e.answers(g).expect("the goal parses");
        tables += a.outcome.stats.tables;
        steps += a.outcome.stats.steps;
        hits += a.outcome.stats.cache_hits;
        prov += a.outcome.stats.provisional[0];
        last = a.chalk().to_string();
    }
    (
        start.elapsed().as_secs_f64(),
        tables,
        steps,
        hits,
        prov,
        last,
    )
}

fn main() {
    println!(
        "workload  N     strategy   coinductive  time      tables   steps      hits   provisional  answer"
    );
    for n in [10, 100, 1000] {
        let src = ring(n);
        let goals = vec!["S0: Tr".to_string()];
        for strategy in ["sld", "slg", "recursive"] {
            for co in [false, true] {
                let (t, tables, steps, hits, prov, ans) = run(&src, &goals, strategy, co);
                println!(
                    "ring      {n:<5} {strategy:<10} {co:<12} {t:>8.4}s {tables:>8} {steps:>10} {hits:>6} {prov:>12}  {ans}"
                );
            }
        }
    }
    for n in [10, 100, 1000] {
        let src = seed(n);
        let goals: Vec<String> = (0..n).map(|i| format!("Link<M{i}>: Debug")).collect();
        for strategy in ["slg", "recursive"] {
            for co in [false, true] {
                let (t, tables, steps, hits, prov, ans) = run(&src, &goals, strategy, co);
                println!(
                    "seed      {n:<5} {strategy:<10} {co:<12} {t:>8.4}s {tables:>8} {steps:>10} {hits:>6} {prov:>12}  {ans}"
                );
            }
        }
    }
}
