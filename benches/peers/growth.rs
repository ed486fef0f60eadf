//! Growth per doubling, measured apart from the table.
//!
//! On a shared machine, the speed of memory-bound code moves in phases of a few seconds (on the
//! development VM, the same knot query alternates between about 12 and 20 ms while a CPU-bound loop
//! keeps its time). The table measures one size after another, so two sizes of one workload can fall
//! in different phases, and their ratio then says more about the machine than about the program.
//!
//! Here each of knot's engines runs a workload's sizes back to back, alternating ascending and
//! descending order from round to round, for as many rounds as fit in a time budget. Two sizes run
//! next to each other in a round share the machine's phase, so their ratio in that round is a paired
//! measurement; a step's growth is the median of its ratios over the rounds. (The ratio of each
//! size's fastest run is what a table gives, and it moved by ±0.4 between runs: the fastest run is a
//! rare lucky one, at one size and not at the other.) Peers keep the table's fastest wall times
//! (their runs take seconds, and they are there as a reference).

use crate::measure::{self, median, Run};
use crate::{command, parse, Case, Row, LIMIT};

/// Time one series may take, estimated from the table's median wall times.
const BUDGET_SECS: f64 = 25.0;
/// At most this many rounds per series.
const MAX_ROUNDS: usize = 30;
/// A series whose one round takes longer than this keeps the table's fastest runs.
const MAX_ROUND_SECS: f64 = 4.0;

/// One workload's sizes for one engine, and how they were measured.
struct Series<'a> {
    workload: &'a str,
    engine: &'a str,
    /// The sizes, and each step's growth (one fewer).
    sizes: Vec<usize>,
    steps: Vec<f64>,
    /// `Some(rounds)` when measured interleaved here, `None` when taken from the table.
    rounds: Option<usize>,
}

/// A query under 0.1 ms is read as 0.1 ms: a ratio of two timer readings that small says nothing.
fn floor(t: f64) -> f64 {
    t.max(1e-4)
}

/// The growth notes: for every workload and engine measured at several N, the time's growth from
/// each N to the next. `interleave` is false for a smoke run: every note then comes from the table.
pub fn notes(cases: &[Case], rows: &[Row], runs: usize, interleave: bool) -> Vec<String> {
    let mut keys: Vec<(&str, &str)> = Vec::new();
    for r in rows {
        let k = (r.workload.as_str(), r.engine.as_str());
        if !keys.contains(&k) {
            keys.push(k);
        }
    }
    let mut out = Vec::new();
    for (w, e) in keys {
        let table: Vec<&Row> = rows
            .iter()
            .filter(|r| r.workload == w && r.engine == e)
            .collect();
        if table.len() < 2 || table.iter().any(|r| r.failed.is_some()) {
            continue;
        }
        let knot = e.starts_with("knot");
        let from_table = || Series {
            workload: w,
            engine: e,
            sizes: table.iter().map(|r| r.n).collect(),
            steps: table
                .windows(2)
                .map(|p| {
                    if knot {
                        floor(p[1].query_min) / floor(p[0].query_min)
                    } else {
                        p[1].wall_min / p[0].wall_min
                    }
                })
                .collect(),
            rounds: None,
        };
        let round: f64 = table.iter().map(|r| r.wall).sum();
        let series = if knot && interleave && round <= MAX_ROUND_SECS {
            // At least the table's runs, at most MAX_ROUNDS (`clamp` would panic on `--runs 40`).
            let rounds = ((BUDGET_SECS / round.max(1e-3)).ceil() as usize)
                .max(runs)
                .min(MAX_ROUNDS);
            interleaved(cases, w, e, rounds).unwrap_or_else(from_table)
        } else {
            from_table()
        };
        out.push(note(&series));
    }
    out
}

/// Run engine `e` on every size of workload `w`, `rounds` times, sizes back to back. `None` when a
/// run fails (the table's failure is then what is reported).
fn interleaved<'a>(cases: &[Case], w: &'a str, e: &'a str, rounds: usize) -> Option<Series<'a>> {
    let runs: Vec<(usize, &crate::Invocation)> = cases
        .iter()
        .filter(|c| c.workload == w)
        .filter_map(|c| {
            let engine = c.engines.iter().find(|x| x.label == e)?;
            Some((c.n, &engine.how))
        })
        .collect();
    eprintln!(
        "growth: {w} [{e}], {rounds} rounds over {} sizes",
        runs.len()
    );
    // times[round][size]
    let mut times = vec![vec![0.0; runs.len()]; rounds];
    for (round, row) in times.iter_mut().enumerate() {
        let order: Vec<usize> = if round % 2 == 0 {
            (0..runs.len()).collect()
        } else {
            (0..runs.len()).rev().collect()
        };
        for i in order {
            let how = runs[i].1;
            let r: Run = measure::run(&mut command(how), LIMIT);
            if !r.ok {
                return None;
            }
            row[i] = floor(parse(how, &r).2);
        }
    }
    let steps = (1..runs.len())
        .map(|i| median(times.iter().map(|t| t[i] / t[i - 1]).collect()))
        .collect();
    Some(Series {
        workload: w,
        engine: e,
        sizes: runs.iter().map(|(n, _)| *n).collect(),
        steps,
        rounds: Some(rounds),
    })
}

fn note(s: &Series) -> String {
    let steps: Vec<String> = s
        .sizes
        .windows(2)
        .zip(&s.steps)
        .map(|(p, g)| format!("{}→{} ×{g:.2}", p[0], p[1]))
        .collect();
    let how = match s.rounds {
        Some(r) => format!(" (median of {r} interleaved rounds)"),
        None => String::new(),
    };
    format!(
        "growth {} [{}]: {}{how}",
        s.workload,
        s.engine,
        steps.join(", ")
    )
}
