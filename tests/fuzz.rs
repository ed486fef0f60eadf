//! Fuzzing on stable Rust, with proptest: arbitrary text into both parsers never panics; random
//! Rust-like programs with random goals never panic, finish within their limits, and the strategies
//! agree whenever each gives a definite answer (Unique or No).
//!
//! The number of cases scales with `KNOT_FUZZ_CASES` (default 64 per property, a few seconds):
//! `KNOT_FUZZ_CASES=20000 cargo test --release --test fuzz` is a run of about ten minutes.

use knot::LowerOptions;
use knot::{Engine, Limits};
use proptest::prelude::*;
use std::time::Duration;

fn cases() -> u32 {
    std::env::var("KNOT_FUZZ_CASES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(64)
}

/// A random program over structs `S0..S3` (S2 and S3 generic), traits `T0..T2` (T2 an auto trait,
/// T1 possibly coinductive), and impls with where-clauses.
#[derive(Clone, Debug)]
struct Prog {
    coinductive_t1: bool,
    impls: Vec<(usize, usize, Option<usize>, bool)>,
    negative: Vec<usize>,
}

fn ty(k: usize, inner: &str) -> String {
    match k % 4 {
        0 => "S0".into(),
        1 => "S1".into(),
        2 => format!("S2<{inner}>"),
        _ => format!("S3<{inner}>"),
    }
}

impl Prog {
    fn text(&self) -> String {
        let mut p = String::from("struct S0 {}\nstruct S1 { f: S0 }\nstruct S2<X> { x: X }\nstruct S3<X> { s: S2<X> }\ntrait T0 {}\n");
        if self.coinductive_t1 {
            p.push_str("#[coinductive]\n");
        }
        p.push_str("trait T1 where Self: T0 {}\n#[auto] trait T2 {}\n");
        for &(tr, k, wc, generic) in &self.impls {
            let (params, self_ty) = if generic {
                ("<X>", ty(k, "X"))
            } else {
                ("", ty(k, "S0"))
            };
            let wc = match (wc, generic) {
                (Some(w), true) => format!(" where X: T{w}"),
                (Some(w), false) => format!(" where S1: T{w}"),
                (None, _) => String::new(),
            };
            p.push_str(&format!("impl{params} T{tr} for {self_ty}{wc} {{}}\n"));
        }
        for &k in &self.negative {
            p.push_str(&format!("impl !T2 for {} {{}}\n", ty(k, "S0")));
        }
        p
    }
}

fn prog() -> impl Strategy<Value = Prog> {
    (
        any::<bool>(),
        prop::collection::vec(
            (
                0..2usize,
                0..4usize,
                prop::option::of(0..3usize),
                any::<bool>(),
            ),
            0..8,
        ),
        prop::collection::vec(0..2usize, 0..2),
    )
        .prop_map(|(coinductive_t1, impls, negative)| Prog {
            coinductive_t1,
            impls,
            negative,
        })
}

fn goal() -> impl Strategy<Value = String> {
    (0..4usize, 0..4usize, 0..3usize, 0..3u8).prop_map(|(a, b, t, shape)| {
        let inner = ty(b, "S1");
        match shape {
            0 => format!("{}: T{t}", ty(a, &inner)),
            1 => format!("exists<X> {{ {}: T{t} }}", ty(a, "X")),
            _ => format!("forall<X> {{ if (X: T{t}) {{ {}: T{t} }} }}", ty(a, "X")),
        }
    })
}

fn solve(src: &str, goal: &str, strategy: &str, co_all: bool) -> String {
    let opts = LowerOptions {
        coinductive_all: co_all,
        coinductive_none: false,
        ..Default::default()
    };
    let limits = Limits {
        timeout: Some(Duration::from_secs(2)),
        max_depth: 2_000,
        max_steps: 2_000_000,
        // `exists<X> { S2<X>: T1 }` may have infinitely many answers: a limit, not a timeout, ends it.
        max_answers: 2_000,
        ..Limits::default()
    };
    let mut e = Engine::from_rust_with("fuzz.chalk", src, false, &opts)
        .unwrap_or_else(|err| panic!("a generated program must load: {err}\n{src}"))
        .with_strategy(strategy)
        .with_limits(limits);
    let a = e
        .answers(goal)
        .unwrap_or_else(|err| panic!("a generated goal must lower: {err}\n{goal}"));
    // Tabling ends by a count limit; plain depth-first search (the baseline) may also run into the
    // clock on an infinite enumeration of ever deeper answers.
    assert!(
        strategy == "sld" || !matches!(a.outcome.overflow(), Some(knot::StopReason::Timeout(_))),
        "{strategy} timed out on {goal}\n{src}"
    );
    a.chalk().to_string()
}

fn definite(a: &str) -> bool {
    a == "Unique" || a.starts_with("Unique;") || a == "No possible solution"
}

proptest! {
    #![proptest_config(ProptestConfig { cases: cases(), ..ProptestConfig::default() })]

    #[test]
    fn arbitrary_text_never_panics_either_parser(s in "\\PC{0,200}") {
        let _ = Engine::from_clauses("f.pl", &s);
        let _ = Engine::from_rust("f.chalk", &s);
        if let Ok(mut e) = Engine::from_clauses("f.pl", "p(a).\n") {
            let _ = e.parse_goal(&s);
        }
    }

    #[test]
    fn random_trait_programs_agree_across_strategies(p in prog(), g in goal(), co_all in any::<bool>()) {
        let src = p.text();
        let slg = solve(&src, &g, "slg", co_all);
        let rec = solve(&src, &g, "recursive", co_all);
        if definite(&slg) && definite(&rec) {
            prop_assert_eq!(&slg, &rec, "goal {}\n{}", g, src);
        }
        let sld = solve(&src, &g, "sld", co_all);
        if definite(&sld) && definite(&slg) && !co_all && !p.coinductive_t1 {
            // Depth-first search has no coinduction; where it finishes, it agrees with tabling.
            prop_assert_eq!(&sld, &slg, "goal {}\n{}", g, src);
        }
    }
}
