//! `knot conformance FILE.jsonl`: run chalk's test cases (program, goal, expected answer) and compare
//! knot's answers in chalk's vocabulary.

use super::{load_options, Coinduction};
use clap::Args;
use knot::{aggregate, Limits};
use knot::{load_surface, solve_goal, Loaded};
use knot::{Error, Result};
use serde_json::Value;
use std::io::IsTerminal;
use std::io::Write;
use std::ops::ControlFlow;
use std::process::ExitCode;
use std::sync::Arc;
use std::time::{Duration, Instant};

/// Options of `knot conformance`.
#[derive(Args, Debug)]
pub struct ConformanceArgs {
    /// A JSON-lines file of cases (see the corpus README).
    pub file: String,
    /// Strategy to run every case with; cases whose `solver` names another strategy are not run.
    #[arg(long, default_value = "slg", value_parser = super::parse_strategy)]
    pub strategy: String,
    /// Which traits are coinductive, for every case.
    #[arg(long, value_enum, default_value_t = Coinduction::Default)]
    pub coinductive: Coinduction,
    /// Normalizer for associated types (`clauses`: chalk-style Normalize clauses).
    #[arg(long, default_value = "clauses", value_parser = ["clauses", "egraph"])]
    pub normalize: String,
    /// Seconds allowed per case; hitting it is a failure, reported.
    #[arg(long, default_value_t = 5.0, value_parser = super::parse_seconds)]
    pub timeout: f64,
    /// Print every case's result, not only failures.
    #[arg(long)]
    pub verbose: bool,
}

/// What happened to one case.
enum Verdict {
    Pass,
    Fail(String),
    Skip(String),
}

fn collapse(s: &str) -> String {
    s.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// Does this case apply to the strategy? As chalk's test harness runs it: a case naming a solver
/// with that solver; a `yields` case naming none with both; a `yields_all` or `yields_first` case
/// naming none with SLG only ("the recursive solver can't return multiple answers").
fn applies(case: &Value, strategy: &str) -> bool {
    let solver = &case["solver"];
    let streams = matches!(case["kind"].as_str(), Some("yields_all" | "yields_first"));
    match solver.as_str() {
        None if streams => strategy != "recursive",
        None => true,
        Some(s) if s.contains("slg") => strategy != "recursive",
        Some(s) if s.contains("recursive") => strategy == "recursive",
        Some(_) => true,
    }
}

fn run_case(case: &Value, args: &ConformanceArgs) -> Verdict {
    let program = case["program"].as_str().unwrap_or("");
    let goal = case["goal"].as_str().unwrap_or("");
    let file: Arc<str> = format!(
        "{}:{}",
        case["file"].as_str().unwrap_or("case"),
        case["line"]
    )
    .into();
    let opts = load_options(args.coinductive, true);
    let mut loaded: Loaded = match load_surface(file, program, false, &opts.lower) {
        Ok(mut l) => {
            if args.normalize == "egraph" {
                knot::EgraphNormalizer::install(&mut l.store, &mut l.program, Default::default());
            }
            l
        }
        Err(e) if e.code() == "unsupported" => return Verdict::Skip(e.to_string()),
        Err(e) => return Verdict::Fail(format!("program does not load: {}", first_line(&e))),
    };
    let (g, names) = match loaded.parse_goal(goal) {
        Ok(x) => x,
        Err(e) if e.code() == "unsupported" => return Verdict::Skip(e.to_string()),
        Err(e) => return Verdict::Fail(format!("goal does not load: {}", first_line(&e))),
    };
    let limits = Limits {
        timeout: Some(Duration::from_secs_f64(args.timeout.max(0.01))),
        // The default of a `.chalk` query (the search graph's is shallower), at most 10,000.
        max_depth: knot::default_limits(true, &args.strategy)
            .max_depth
            .min(10_000),
        max_term_depth: 1_000,
        max_term_size: Some(max_size(&case["solver"], &args.strategy)),
        ..Limits::default()
    };
    let nvars = names.len() as u32;
    let kind = case["kind"].as_str().unwrap_or("yields");
    let mut noop = |_: &knot::Store, _: &knot::Answer| ControlFlow::Continue(());
    let solved = match solve_goal(
        &mut loaded,
        g,
        nvars,
        &args.strategy,
        &limits,
        kind != "yields",
        false,
        &mut noop,
    ) {
        Ok(s) => s,
        Err(e) => return Verdict::Fail(first_line(&e)),
    };
    if let Some(knot::StopReason::Timeout(_)) = solved.outcome.stop {
        return Verdict::Fail(format!("timed out after {}s", args.timeout));
    }
    if case["should_panic"].is_string() {
        return if solved.outcome.negative_cycle {
            Verdict::Pass
        } else {
            Verdict::Fail("chalk finds a negative cycle here; knot did not report one".into())
        };
    }
    match kind {
        "yields" => {
            let sol = aggregate(&mut loaded.store, &solved.answers, &solved.outcome);
            let got =
                knot::chalk::solution_text(&loaded.store, &sol, &loaded.render_goal(&names, g));
            let want = case["expected"].as_str().unwrap_or("");
            if collapse(&got) == collapse(want) {
                Verdict::Pass
            } else {
                Verdict::Fail(format!(
                    "expected `{}`, got `{}`",
                    collapse(want),
                    collapse(&got)
                ))
            }
        }
        _ => {
            let mut got: Vec<String> = solved
                .answers
                .iter()
                .map(|a| {
                    let text = if nvars == 0 {
                        String::new()
                    } else {
                        knot::chalk::answer_text(
                            &loaded.store,
                            a.values,
                            &loaded.render_goal(&names, g),
                        )
                    };
                    // chalk's answer stream marks an uncertain answer, and reports floundering as
                    // an answer of its own; so does it a branch cut by its maximum term size (the
                    // answers past the cut are unknown: `cached_answers_1`). An uncertain answer
                    // that binds nothing is floundering, as chalk's stream reports it.
                    collapse(&if a.ambiguous && binds_nothing(&loaded.store, a.values) {
                        "Floundered".to_string()
                    } else if a.ambiguous {
                        format!("Ambiguous({text})")
                    } else {
                        text
                    })
                })
                .collect();
            if solved.outcome.floundered || solved.outcome.truncated {
                got.push("Floundered".into());
            }
            let want: Vec<String> = case["expected"]
                .as_array()
                .map(|v| v.iter().filter_map(|x| x.as_str()).map(collapse).collect())
                .unwrap_or_default();
            if kind == "yields_first" {
                got.truncate(want.len());
            }
            // chalk's harness compares the stream in order.
            if got == want {
                Verdict::Pass
            } else {
                Verdict::Fail(format!("expected answers {want:?}, got {got:?}"))
            }
        }
    }
}

/// True when an answer tuple `'$ans'(V..)` tells nothing: its values are distinct variables (and it
/// has no region constraints).
fn binds_nothing(store: &knot::Store, values: knot::TermId) -> bool {
    let mut seen = Vec::new();
    for &v in store.args(values) {
        match store.view(v) {
            knot::View::Var(i) if !seen.contains(&i) => seen.push(i),
            _ => return false,
        }
    }
    true
}

/// chalk's maximum term size for a case: `SolverChoice::slg(N, ..)` says N; SLG's default is 10 and the
/// recursive solver's 30.
fn max_size(solver: &Value, strategy: &str) -> u32 {
    if let Some(s) = solver.as_str() {
        if let Some(rest) = s.strip_prefix("SolverChoice::slg(") {
            if let Some(n) = rest
                .split(|c: char| !c.is_ascii_digit())
                .next()
                .and_then(|d| d.parse().ok())
            {
                return n;
            }
        }
    }
    if strategy == "recursive" {
        30
    } else {
        10
    }
}

fn ms(d: Duration) -> f64 {
    d.as_secs_f64() * 1000.0
}

fn first_line(e: &Error) -> String {
    e.to_string().lines().next().unwrap_or("").to_string()
}

/// Run the cases of a file.
pub fn run(args: &ConformanceArgs) -> Result<ExitCode> {
    let text = knot::read_source(&args.file)?;
    let start = Instant::now();
    let (mut pass, mut fail, mut skip) = (0u32, 0u32, 0u32);
    // Time spent per verdict (parse + lower + solve of each case), and the slowest passing cases.
    let (mut t_pass, mut t_fail, mut t_skip) = (Duration::ZERO, Duration::ZERO, Duration::ZERO);
    let mut slowest: Vec<(Duration, String)> = Vec::new();
    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    // A progress bar on a terminal; nothing when stderr is redirected.
    let bar = if std::io::stderr().is_terminal() {
        let n = text.lines().filter(|l| !l.trim().is_empty()).count() as u64;
        let b = indicatif::ProgressBar::new(n);
        b.set_style(
            indicatif::ProgressStyle::with_template("{bar:40} {pos}/{len} cases {msg}")
                .unwrap_or_else(|_| indicatif::ProgressStyle::default_bar()),
        );
        Some(b)
    } else {
        None
    };
    for (i, line) in text.lines().enumerate() {
        if line.trim().is_empty() {
            continue;
        }
        if let Some(b) = &bar {
            b.inc(1);
            b.set_message(format!("({pass} passed)"));
        }
        let case: Value = serde_json::from_str(line).map_err(|e| Error::Syntax {
            span: knot::Span {
                file: args.file.as_str().into(),
                start: 0,
                end: 0,
                line: i + 1,
                col: e.column(),
            },
            message: format!("not a JSON case: {e}"),
            snippet: String::new(),
        })?;
        if !applies(&case, &args.strategy) {
            continue;
        }
        let name = format!(
            "{}::{}#{}",
            case["file"]
                .as_str()
                .unwrap_or("?")
                .trim_start_matches("tests/test/"),
            case["test"].as_str().unwrap_or("?"),
            case["index"]
        );
        let case_start = Instant::now();
        let verdict =
            std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| run_case(&case, args)))
                .unwrap_or_else(|_| Verdict::Fail("PANIC inside knot (a bug)".into()));
        let took = case_start.elapsed();
        let w = |e: std::io::Error| Error::Io {
            path: "<stdout>".into(),
            message: e.to_string(),
        };
        match verdict {
            Verdict::Pass => {
                pass += 1;
                t_pass += took;
                if args.verbose {
                    writeln!(out, "pass {name} ({:.1} ms)", ms(took)).map_err(w)?;
                }
                slowest.push((took, name));
            }
            Verdict::Fail(why) => {
                fail += 1;
                t_fail += took;
                let line = format!("FAIL {name}: {why}");
                match &bar {
                    Some(b) => b.suspend(|| writeln!(out, "{line}")).map_err(w)?,
                    None => writeln!(out, "{line}").map_err(w)?,
                }
            }
            Verdict::Skip(why) => {
                skip += 1;
                t_skip += took;
                if args.verbose {
                    writeln!(out, "skip {name}: {why}").map_err(w)?;
                }
            }
        }
    }
    if let Some(b) = &bar {
        b.finish_and_clear();
    }
    let total = pass + fail + skip;
    writeln!(
        out,
        "conformance ({}): {:.1}% of {total} cases pass, total time {:.2}s",
        args.strategy,
        if total > 0 {
            100.0 * pass as f64 / total as f64
        } else {
            0.0
        },
        start.elapsed().as_secs_f64()
    )
    .ok();
    writeln!(
        out,
        "time (parse + lower + solve): passed cases {:.2}s, failed {:.2}s, skipped {:.2}s",
        t_pass.as_secs_f64(),
        t_fail.as_secs_f64(),
        t_skip.as_secs_f64()
    )
    .ok();
    if args.verbose {
        slowest.sort_by_key(|b| std::cmp::Reverse(b.0));
        for (took, name) in slowest.iter().take(10) {
            writeln!(out, "slow pass {name}: {:.1} ms", ms(*took)).ok();
        }
    }
    writeln!(out, "{pass} passed, {fail} failed, {skip} skipped").ok();
    Ok(ExitCode::SUCCESS)
}
