//! Growth per doubling, measured apart from the table.
//!
//! On a shared machine, the speed of memory-bound code moves in phases of a few seconds (on the
//! development VM, the same knot query alternates between about 12 and 20 ms while a CPU-bound loop
//! keeps its time). The table measures one size after another, so two sizes of one workload can fall
//! in different phases, and their ratio then says more about the machine than about the program.
//!
//! Here each of knot's engines runs a workload's sizes back to back, alternating ascending and
//! descending order from round to round, for as many rounds as fit in a time budget; the fastest
//! query at each size is compared with the next. Peers keep the table's fastest wall time (their
//! runs take seconds, and they are there as a reference).

use crate::measure::{self, Run};
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
    /// (N, the fastest time at N).
    points: Vec<(usize, f64)>,
    /// `Some(rounds)` when measured interleaved here, `None` when taken from the table.
    rounds: Option<usize>,
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
            points: table
                .iter()
                .map(|r| (r.n, if knot { r.query_min } else { r.wall_min }))
                .collect(),
            rounds: None,
        };
        let round: f64 = table.iter().map(|r| r.wall).sum();
        let series = if knot && interleave && round <= MAX_ROUND_SECS {
            let rounds = ((BUDGET_SECS / round.max(1e-3)).ceil() as usize).clamp(runs, MAX_ROUNDS);
            interleaved(cases, w, e, rounds).unwrap_or_else(from_table)
        } else {
            from_table()
        };
        out.push(note(&series, knot));
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
    let mut best = vec![f64::INFINITY; runs.len()];
    for round in 0..rounds {
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
            best[i] = best[i].min(parse(how, &r).2);
        }
    }
    Some(Series {
        workload: w,
        engine: e,
        points: runs.iter().map(|(n, _)| *n).zip(best).collect(),
        rounds: Some(rounds),
    })
}

fn note(s: &Series, knot: bool) -> String {
    // A query under 0.1 ms is read as 0.1 ms: a ratio of two timer readings that small says nothing.
    let t = |v: f64| if knot { v.max(1e-4) } else { v };
    let steps: Vec<String> = s
        .points
        .windows(2)
        .map(|p| format!("{}→{} ×{:.1}", p[0].0, p[1].0, t(p[1].1) / t(p[0].1)))
        .collect();
    let how = match s.rounds {
        Some(r) => format!(" ({r} interleaved rounds)"),
        None => String::new(),
    };
    format!(
        "growth {} [{}]: {}{how}",
        s.workload,
        s.engine,
        steps.join(", ")
    )
}
