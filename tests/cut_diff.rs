//! Differential test: random clause programs with cut, if-then-else and negation, answered by every
//! strategy and compared with sld (plain Prolog order, the reference for `!` and `->`). The tabled
//! strategies run a goal before a cut in the same run (a tabled call there gets its table
//! completed first), so where no such goal reaches a table (whose answer order is free) they must
//! agree with sld exactly (as sets of answers).

use knot::Engine;
use std::collections::BTreeSet;

/// A small deterministic generator (xorshift), so a failure is reproducible from its seed.
struct Rng(u64);
impl Rng {
    fn next(&mut self) -> u64 {
        let mut x = self.0;
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        self.0 = x;
        x
    }
    fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
}

const CONSTS: [&str; 3] = ["a", "b", "c"];

fn arg(r: &mut Rng, vars: &[&str]) -> String {
    if r.below(3) == 0 {
        CONSTS[r.below(3) as usize].to_string()
    } else {
        vars[r.below(vars.len() as u64) as usize].to_string()
    }
}

/// A call to a predicate below `level` (programs are stratified, so sld terminates).
fn call(r: &mut Rng, level: usize, vars: &[&str]) -> String {
    let p = r.below(level as u64);
    format!("p{p}({})", arg(r, vars))
}

fn literal(r: &mut Rng, level: usize, vars: &[&str], nest: u32) -> String {
    match r.below(if nest > 1 { 3 } else { 7 }) {
        0..=2 => call(r, level, vars),
        3 => format!("\\+ {}", call(r, level, vars)),
        4 => format!(
            "({} -> {} ; {})",
            literal(r, level, vars, nest + 1),
            literal(r, level, vars, nest + 1),
            literal(r, level, vars, nest + 1)
        ),
        5 => "!".to_string(),
        _ => format!(
            "({} ; {})",
            literal(r, level, vars, nest + 1),
            literal(r, level, vars, nest + 1)
        ),
    }
}

fn program(seed: u64) -> String {
    let mut r = Rng(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1);
    // `p0` may get no fact at all: declared, so that calling it fails instead of raising an
    // existence error (which tabling raises at a different point than plain Prolog order).
    let mut out = String::from(":- dynamic p0/1.\n");
    for p in 0..5usize {
        if r.below(2) == 0 {
            out.push_str(&format!(":- table p{p}/1.\n"));
        }
        if p == 0 {
            for c in CONSTS {
                if r.below(2) == 0 {
                    out.push_str(&format!("p0({c}).\n"));
                }
            }
            continue;
        }
        for c in CONSTS {
            if r.below(3) == 0 {
                out.push_str(&format!("p{p}({c}).\n"));
            }
        }
        for _ in 0..1 + r.below(3) {
            // The head variable is bound by the first literal when it is a call, so the negations
            // and comparisons after it do not flounder in most programs.
            let mut body = vec![call(&mut r, p, &["X"])];
            for _ in 0..r.below(3) {
                body.push(literal(&mut r, p, &["X"], 0));
            }
            out.push_str(&format!("p{p}(X) :- {}.\n", body.join(", ")));
        }
    }
    out
}

/// True when a goal that runs before a cut (a clause with `!` or `->`) may reach a tabled
/// predicate: then which of its answers the cut keeps depends on the order of a table's answers,
/// which is free (the tabled strategies complete the table first, as SWI does, and need not list
/// it in Prolog's order), so sld is no reference for the program.
fn cut_reaches_a_table(src: &str) -> bool {
    let mut reaches = [false; 5];
    for line in src.lines() {
        if let Some(rest) = line.strip_prefix(":- table p") {
            reaches[(rest.as_bytes()[0] - b'0') as usize] = true;
        }
    }
    for p in 1..5 {
        let head = format!("p{p}(X) :- ");
        for line in src.lines().filter(|l| l.starts_with(&head)) {
            let calls_reaching = (0..p).any(|q| reaches[q] && line.contains(&format!("p{q}(")));
            reaches[p] |= calls_reaching;
            if calls_reaching && (line.contains('!') || line.contains("->")) {
                return true;
            }
        }
    }
    false
}

fn answers(src: &str, strategy: &str, goal: &str) -> Option<BTreeSet<String>> {
    let mut e = Engine::from_clauses("cut.pl", src)
        .unwrap_or_else(|err| panic!("{src}\ndoes not load: {err}"))
        .with_strategy(strategy);
    let a = e.answers(goal).unwrap();
    if a.outcome.overflow().is_some() || a.outcome.floundered || a.outcome.negative_cycle {
        return None;
    }
    Some(a.texts.into_iter().collect())
}

#[test]
fn the_adversarial_if_then_else_with_negation_is_false() {
    let src = "q(a).\np :- (\\+ q(c) -> fail ; true).\n";
    for s in ["sld", "slg", "recursive"] {
        assert_eq!(answers(src, s, "p"), Some(BTreeSet::new()), "{s}");
    }
    // A cut after a negation, and an if-then-else whose condition is a tabled call.
    let src = ":- table q/1.\nq(a).\np(X) :- \\+ q(c), !, X = 1.\np(2).\nr(Y) :- (q(Y) -> Y = b ; true).\n";
    for s in ["sld", "slg", "recursive"] {
        let one: BTreeSet<String> = ["X = 1.".to_string()].into();
        assert_eq!(answers(src, s, "p(X)"), Some(one), "{s}");
        assert_eq!(answers(src, s, "r(a)"), Some(BTreeSet::new()), "{s}");
    }
}

#[test]
fn every_strategy_agrees_with_sld_on_cut_and_if_then_else() {
    let mut compared = 0;
    for seed in 1..=4000u64 {
        let src = program(seed);
        if cut_reaches_a_table(&src) {
            continue;
        }
        for goal in ["p4(X)", "p3(a)", "p2(X)"] {
            let Some(want) = answers(&src, "sld", goal) else {
                continue;
            };
            for s in ["slg", "recursive"] {
                if let Some(got) = answers(&src, s, goal) {
                    assert_eq!(got, want, "seed {seed}, {s}, goal {goal}, program:\n{src}");
                    compared += 1;
                }
            }
        }
    }
    assert!(compared > 1000, "only {compared} comparisons");
}
