//! `knot compare`: the goals of a file (its `?- G.` queries, or `--goal`s) or of a conformance
//! corpus, answered by several strategies side by side: each strategy's answer, time and steps.
//! Goals where the strategies differ are printed first.

use clap::Args;
use knot::{Limits, Result, Session};
use std::process::ExitCode;
use std::time::{Duration, Instant};

#[derive(Args, Debug)]
pub struct CompareArgs {
    /// A `.pl`, `.rs` or `.chalk` program, or a conformance corpus (`.jsonl`: one program and goal
    /// per line, as `knot conformance` reads it).
    file: String,
    /// The strategies to compare, comma-separated (a strategy registered by a library user is
    /// accepted too).
    #[arg(long, value_delimiter = ',', default_value = "slg,recursive,sld")]
    strategies: Vec<String>,
    /// A goal to ask (repeatable); without one, the file's own `?- G.` queries.
    #[arg(long)]
    goal: Vec<String>,
    /// Wall-clock limit in seconds for each goal under each strategy.
    #[arg(long, default_value_t = 5.0, value_parser = super::parse_seconds)]
    timeout: f64,
    /// Read at most this many lines of a corpus.
    #[arg(long)]
    limit: Option<usize>,
}

/// One strategy's result on one goal.
struct Cell {
    answer: String,
    time: Duration,
    steps: u64,
}

/// One goal's row.
struct Row {
    label: String,
    cells: Vec<Cell>,
}

impl Row {
    /// Whether the strategies' answers differ.
    fn differs(&self) -> bool {
        self.cells.windows(2).any(|w| w[0].answer != w[1].answer)
    }
}

pub fn compare(args: &CompareArgs) -> Result<ExitCode> {
    for s in &args.strategies {
        if knot::strategy_by_name(s).is_none() {
            eprintln!(
                "knot compare: unknown strategy {s} (known: {})",
                knot::strategy_names().join(", ")
            );
            return Ok(ExitCode::from(2));
        }
    }
    let limits = Limits {
        timeout: Some(Duration::from_secs_f64(args.timeout)),
        ..Limits::default()
    };
    let rows = if args.file.ends_with(".jsonl") {
        corpus_rows(args, &limits)?
    } else {
        file_rows(args, &limits)?
    };
    print_table(&args.strategies, &rows);
    Ok(ExitCode::SUCCESS)
}

/// Ask `goal` of a fresh session of `load` under each strategy.
fn ask(
    load: &dyn Fn() -> Result<Session>,
    goal: &str,
    strategies: &[String],
    limits: &Limits,
) -> Result<Vec<Cell>> {
    let mut cells = Vec::new();
    for s in strategies {
        let mut session = load()?.with_strategy(s).with_limits(limits.clone());
        let start = Instant::now();
        let cell = match session.answers(goal) {
            Ok(a) => Cell {
                answer: match a.outcome.certainty() {
                    knot::Certainty::Yes
                    | knot::Certainty::Maybe(knot::MaybeCause::Overflow(_)) => {
                        one_line(&a.solution_text)
                    }
                    knot::Certainty::Maybe(cause) => {
                        format!("{} [{cause:?}]", one_line(&a.solution_text))
                    }
                },
                time: start.elapsed(),
                steps: a.outcome.stats.steps,
            },
            Err(e) => Cell {
                answer: format!("error: {}", one_line(&e.to_string())),
                time: start.elapsed(),
                steps: 0,
            },
        };
        cells.push(cell);
    }
    Ok(cells)
}

fn one_line(s: &str) -> String {
    s.split_whitespace().collect::<Vec<_>>().join(" ")
}

fn file_rows(args: &CompareArgs, limits: &Limits) -> Result<Vec<Row>> {
    let path = args.file.clone();
    let load = move || Session::from_path(&path);
    let goals: Vec<String> = if args.goal.is_empty() {
        load()?.query_texts()
    } else {
        args.goal.clone()
    };
    goals
        .iter()
        .map(|g| {
            Ok(Row {
                label: g.clone(),
                cells: ask(&load, g, &args.strategies, limits)?,
            })
        })
        .collect()
}

fn corpus_rows(args: &CompareArgs, limits: &Limits) -> Result<Vec<Row>> {
    let text = knot::read_source(&args.file)?;
    let mut rows = Vec::new();
    for (i, line) in text.lines().enumerate() {
        if args.limit.is_some_and(|n| i >= n) {
            break;
        }
        let Ok(case) = serde_json::from_str::<serde_json::Value>(line) else {
            continue;
        };
        let (Some(program), Some(goal)) = (case["program"].as_str(), case["goal"].as_str()) else {
            continue;
        };
        let name = case["test"].as_str().unwrap_or("case").to_string();
        let program = program.to_string();
        let load = move || Session::from_rust("case.chalk", &program);
        let cells = ask(&load, goal, &args.strategies, limits)?;
        rows.push(Row {
            label: format!("{name}: {}", one_line(goal)),
            cells,
        });
    }
    Ok(rows)
}

fn print_table(strategies: &[String], rows: &[Row]) {
    let (differ, same): (Vec<&Row>, Vec<&Row>) = rows.iter().partition(|r| r.differs());
    println!(
        "{} goal(s), {} where the strategies differ",
        rows.len(),
        differ.len()
    );
    for r in differ.iter().chain(same.iter()) {
        let mark = if r.differs() { "differs" } else { "agrees" };
        println!("\n{}  ({mark})", r.label);
        let width = strategies.iter().map(|s| s.len()).max().unwrap_or(0);
        for (s, c) in strategies.iter().zip(&r.cells) {
            println!(
                "  {s:<width$}  {:>9.3} ms  {:>9} steps  {}",
                c.time.as_secs_f64() * 1000.0,
                c.steps,
                c.answer
            );
        }
    }
}
