//! `knot lower` prints a `.pl` file that loads back and gives the same answers: checked on every
//! program of the chalk corpus that knot supports, with each case's goal (lowered, printed in the
//! clause language, parsed back).

use knot::term_to_string;
use knot::LowerOptions;
use knot::{aggregate, Limits, Solution};
use knot::{load_clauses, load_surface, program_text, solve_goal};
use knot::{Store, TermId};
use std::collections::BTreeMap;
use std::ops::ControlFlow;
use std::sync::Arc;
use std::time::Duration;

const CORPUS: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/tests/data/chalk/chalk-dev.jsonl"
);

/// The solution's kind, and for a unique answer each named variable's value.
fn summarize(store: &Store, sol: &Solution, names: &[Box<str>], nvars: u32) -> String {
    let reported: Vec<String> = (0..nvars).map(|i| format!("V{i}")).collect();
    match sol {
        Solution::NoSolution => "no".into(),
        Solution::Overflow(_) => "overflow".into(),
        Solution::Ambiguous(_) => "ambiguous".into(),
        Solution::Unique(t) => {
            let vals: BTreeMap<&str, String> = names
                .iter()
                .zip(store.args(*t))
                .filter(|(n, _)| reported.iter().any(|r| **r == ***n))
                .map(|(n, &v)| (&**n, term_to_string(store, v, &|i| format!("_{i}"), 999)))
                .collect();
            canonical_names(&format!("unique {vals:?}"))
        }
    }
}

/// Rename the answer's free variables `_k` by first appearance in the text: the two loads may number
/// the goal's variables differently (`.chalk` by first mention in the goal, `.pl` by first mention in
/// the printed goal), and an answer is the same up to that renaming.
fn canonical_names(text: &str) -> String {
    let mut out = String::new();
    let mut seen: Vec<String> = Vec::new();
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        if c == '_' && chars.peek().is_some_and(|d| d.is_ascii_digit()) {
            let mut num = String::new();
            while let Some(d) = chars.peek().filter(|d| d.is_ascii_digit()) {
                num.push(*d);
                chars.next();
            }
            let k = seen.iter().position(|n| *n == num).unwrap_or_else(|| {
                seen.push(num.clone());
                seen.len() - 1
            });
            out.push_str(&format!("_{k}"));
        } else {
            out.push(c);
        }
    }
    out
}

fn limits() -> Limits {
    Limits {
        timeout: Some(Duration::from_millis(1500)),
        max_depth: 10_000,
        max_term_depth: 1_000,
        max_term_size: Some(30),
        ..Limits::default()
    }
}

/// Solve and summarize; `None` when the search hit a limit.
fn answer(
    loaded: &mut knot::Loaded,
    goal: TermId,
    names: &[Box<str>],
    reported: u32,
) -> Option<String> {
    let nvars = names.len() as u32;
    let mut noop = |_: &Store, _: &knot::Answer| ControlFlow::Continue(());
    let solved = solve_goal(
        loaded,
        goal,
        nvars,
        "slg",
        &limits(),
        false,
        false,
        &mut noop,
    )
    .ok()?;
    if solved.outcome.overflow().is_some() {
        return None;
    }
    let sol = aggregate(&mut loaded.store, &solved.answers, &solved.outcome);
    Some(summarize(&loaded.store, &sol, names, reported))
}

#[test]
fn lowered_corpus_programs_load_back_with_the_same_answers() {
    let text = std::fs::read_to_string(CORPUS).expect("the corpus is present");
    let (mut compared, mut mismatches) = (0, Vec::new());
    for line in text.lines() {
        let case: serde_json::Value = serde_json::from_str(line).expect("a JSON case");
        if case["kind"] != "yields" {
            continue;
        }
        let (program, goal) = (
            case["program"].as_str().unwrap_or(""),
            case["goal"].as_str().unwrap_or(""),
        );
        let file: Arc<str> = "case.chalk".into();
        let Ok(mut direct) = load_surface(file, program, false, &LowerOptions::default()) else {
            continue;
        };
        let Ok((g, names)) = direct.parse_goal(goal) else {
            continue;
        };
        // The goal in the clause language: the goal's variables named after their position.
        let nvars = names.len() as u32;
        let goal_text = term_to_string(&direct.store, g, &|i| format!("V{i}"), 1200);
        let pl = program_text(&direct, "case.chalk");
        let mut reloaded = load_clauses("case.pl".into(), &pl)
            .unwrap_or_else(|e| panic!("lowered program does not load: {e}\n{program}"));
        // The front end's solving flags are not clause text (`knot lower` writes clauses and
        // directives): give the reloaded program the same ones, so that only the clauses differ.
        let (from, to) = (&direct.program, &mut reloaded.program);
        to.dialect = from.dialect;
        let (g2, names2) = reloaded
            .parse_goal(&goal_text)
            .unwrap_or_else(|e| panic!("lowered goal does not parse: {e}\n{goal_text}"));
        // Answers are compared by the variables' names (`V0`, `V1`, ... in both).
        let names1: Vec<Box<str>> = (0..nvars).map(|i| format!("V{i}").into()).collect();
        let (Some(a), Some(b)) = (
            answer(&mut direct, g, &names1, nvars),
            answer(&mut reloaded, g2, &names2, nvars),
        ) else {
            continue;
        };
        compared += 1;
        if a != b {
            mismatches.push(format!("{goal}\n  direct:   {a}\n  reloaded: {b}"));
        }
    }
    assert!(compared > 400, "only {compared} cases compared");
    assert!(
        mismatches.is_empty(),
        "{} of {compared} differ:\n{}",
        mismatches.len(),
        mismatches.join("\n")
    );
}
