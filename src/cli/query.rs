//! `knot run` and `knot query`.

use super::{Coinduction, Format, SolveOpts};
use knot::{aggregate, Answer, Solution};
use knot::{
    answer_text, default_var_name, notes, solution_json, solution_text, stats_json, stats_text,
    term_to_string,
};
use knot::{load_file_with, solve_goal, Error, Loaded, Result, Solved, Source, Store, TermId};
use serde_json::json;
use std::io::Write;
use std::ops::ControlFlow;
use std::process::ExitCode;
use std::time::Instant;

/// What to print for a goal.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    /// One aggregated solution.
    One,
    /// Every answer.
    All,
    /// How many answers.
    Count,
}

thread_local! {
    /// `--stats` lines when stderr is not a terminal: buffered (one per goal of a long `knot run`).
    static STATS: std::cell::RefCell<Option<std::io::BufWriter<std::io::Stderr>>> =
        const { std::cell::RefCell::new(None) };
}

/// Print a `--stats` line on stderr: straight to a terminal, through a buffer otherwise (flushed by
/// [`flush_stats`]).
fn stats_line(line: &str) {
    use std::io::IsTerminal;
    if std::io::stderr().is_terminal() {
        eprintln!("{line}");
        return;
    }
    STATS.with(|s| {
        let mut s = s.borrow_mut();
        let w = s.get_or_insert_with(|| std::io::BufWriter::new(std::io::stderr()));
        let _ = writeln!(w, "{line}");
    });
}

/// Write out the buffered `--stats` lines.
pub(super) fn flush_stats() {
    STATS.with(|s| {
        if let Some(w) = s.borrow_mut().as_mut() {
            let _ = w.flush();
        }
    });
}

/// Where answers go: straight to a terminal line by line; through a buffer into a pipe or a file
/// (a write per line made printing 64,000 answers cost more than solving them).
fn output() -> Box<dyn Write> {
    use std::io::IsTerminal;
    let stdout = std::io::stdout();
    if stdout.is_terminal() {
        Box::new(stdout.lock())
    } else {
        Box::new(std::io::BufWriter::with_capacity(1 << 16, stdout.lock()))
    }
}

fn io(e: std::io::Error) -> Error {
    Error::Io {
        path: "<stdout>".into(),
        message: e.to_string(),
    }
}

/// What a `--format json` answer carries beyond the solution.
#[derive(Default)]
pub(super) struct JsonExtras<'a> {
    /// The goal as the user typed it (else it is printed from its term).
    pub goal_text: Option<&'a str>,
    /// With `--explain`: the explanation, a field of the answer's object.
    pub explanation: Option<serde_json::Value>,
}

/// Solve one goal and print it in the chosen mode and format.
pub(super) fn answer(
    loaded: &mut Loaded,
    goal: TermId,
    names: &[Box<str>],
    mode: Mode,
    opts: &SolveOpts,
    out: &mut dyn Write,
    json: JsonExtras,
) -> Result<()> {
    let limits = opts.limits(loaded);
    let notation = knot::Notation::for_program(loaded.is_surface());
    if loaded.program.top_down_only != opts.no_datalog {
        loaded.program.top_down_only = opts.no_datalog;
        loaded.program.touch();
    }
    let nvars = names.len() as u32;
    let print_each = mode == Mode::All && opts.format != Format::Json;
    let chalk = opts.format == Format::Chalk;
    let mut io_err = None;
    // The solver borrows the program mutably: rendering answers as they come needs its own copy.
    let items = match (&loaded.source, chalk && print_each) {
        (Source::Surface(n), true) => Some(n.clone()),
        _ => None,
    };
    let render = knot::chalk::Render {
        names: items.as_ref(),
        vars: names,
        goal: Some(goal),
    };
    // What the program writes (`write/1`, `format/2`) goes out in order with the answers.
    knot::capture_output(true);
    let solved = {
        let mut each = |store: &Store, a: &Answer| {
            let written = knot::take_output();
            if !written.is_empty() {
                if let Err(e) = write!(out, "{written}") {
                    io_err = Some(e);
                    return ControlFlow::Break(());
                }
            }
            if print_each {
                let line = if chalk {
                    knot::chalk::answer_text(store, a.values, &render)
                } else {
                    answer_text(store, notation, a.values, names)
                };
                if let Err(e) = writeln!(out, "{line}") {
                    io_err = Some(e);
                    return ControlFlow::Break(());
                }
            }
            ControlFlow::Continue(())
        };
        solve_goal(
            loaded,
            goal,
            nvars,
            &opts.strategy,
            &limits,
            mode == Mode::All,
            mode == Mode::Count,
            &mut each,
        )?
    };
    let written = knot::take_output();
    knot::capture_output(false);
    if let Some(e) = io_err {
        return Err(io(e));
    }
    write!(out, "{written}").map_err(io)?;
    let Solved {
        answers,
        count,
        outcome,
        elapsed,
    } = solved;
    if let (Some(ball), true) = (outcome.error, opts.format != Format::Json) {
        // An uncaught error ends the query, as in SWI-Prolog (answers found before it are printed).
        writeln!(
            out,
            "{}",
            knot::error_message(&loaded.store, &loaded.program, ball)
        )
        .map_err(io)?;
        if opts.stats {
            stats_line(&stats_text(&outcome, elapsed));
        }
        return Ok(());
    }
    match opts.format {
        Format::Text | Format::Chalk | Format::Dot => {
            match mode {
                Mode::Count => writeln!(out, "{count}").map_err(io)?,
                Mode::All => {
                    if let Some(r) = outcome.overflow() {
                        writeln!(out, "overflow: {r}.").map_err(io)?;
                    } else if count == 0 {
                        // No answer: false only when nothing was left undecided.
                        let uncertain =
                            outcome.floundered || outcome.negative_cycle || outcome.truncated;
                        let text = match (chalk, uncertain) {
                            (true, true) => "Ambiguous; no inference guidance",
                            (true, false) => "No possible solution",
                            (false, true) => "ambiguous.",
                            (false, false) => "false.",
                        };
                        writeln!(out, "{text}").map_err(io)?;
                    }
                }
                Mode::One => {
                    let sol = aggregate(&mut loaded.store, &answers, &outcome);
                    let text = if chalk {
                        knot::chalk::solution_text(
                            &loaded.store,
                            &sol,
                            &loaded.render_goal(names, goal),
                        )
                    } else {
                        solution_text(&loaded.store, notation, &sol, names, count as usize)
                    };
                    writeln!(out, "{text}").map_err(io)?;
                    if opts.check_regions {
                        writeln!(out, "{}", regions_verdict(loaded, goal, &sol)).map_err(io)?;
                    }
                    if chalk {
                        if let Solution::Overflow(r) = &sol {
                            writeln!(out, "% overflow: {r}").map_err(io)?;
                        }
                    }
                }
            }
            if mode == Mode::Count {
                if let Some(r) = outcome.overflow() {
                    writeln!(out, "overflow: {r}.").map_err(io)?;
                }
            }
            for n in notes(&outcome) {
                writeln!(out, "{n}").map_err(io)?;
            }
        }
        Format::Json => {
            let sol = aggregate(&mut loaded.store, &answers, &outcome);
            let goal_text = match json.goal_text {
                Some(t) => t.trim().trim_end_matches('.').trim_end().to_string(),
                None => term_to_string(&loaded.store, goal, &|i| name_of(names, i), 1200),
            };
            let mut obj = json!({
                "goal": goal_text,
                "strategy": opts.strategy,
                "solution": solution_json(&loaded.store, notation, &sol, names),
                "chalk": knot::chalk::solution_text(&loaded.store, &sol, &loaded.render_goal(names, goal)),
                "count": count,
                "floundered": outcome.floundered,
                "negative_cycle": outcome.negative_cycle,
            });
            if mode == Mode::All {
                let list: Vec<_> = answers
                    .iter()
                    .map(|a| {
                        solution_json(&loaded.store, notation, &Solution::Unique(a.values), names)
                            ["substitution"]
                            .clone()
                    })
                    .collect();
                obj["answers"] = json!(list);
            }
            if opts.stats {
                obj["stats"] = stats_json(&outcome, elapsed);
            }
            if let Some(e) = json.explanation {
                obj["explanation"] = e;
            }
            writeln!(out, "{obj}").map_err(io)?;
        }
    }
    if opts.stats && opts.format != Format::Json {
        stats_line(&stats_text(&outcome, elapsed));
    }
    Ok(())
}

fn name_of(names: &[Box<str>], i: u32) -> String {
    names
        .get(i as usize)
        .map(|s| s.to_string())
        .unwrap_or_else(|| default_var_name(i))
}

/// Load a file for solving: `--coinductive` applies to `.pl` predicates too.
fn load(path: &str, opts: &SolveOpts) -> Result<Loaded> {
    let mut loaded = load_file_with(path, &opts.load_options())?;
    // What the front end skipped can change an answer: say it before answering.
    for w in loaded.warnings() {
        eprintln!("{w}");
    }
    if !loaded.is_surface() {
        match opts.coinductive {
            Coinduction::All => {
                let preds = loaded.program.predicates(&loaded.store);
                loaded.program.coinductive.extend(preds);
            }
            Coinduction::None => loaded.program.coinductive.clear(),
            Coinduction::Default => {}
        }
    }
    Ok(loaded)
}

/// [`load`], printing the time it took with `--stats` (parse, lowering and indexing: the load time
/// the benchmarks report apart from solving).
fn load_timed(path: &str, opts: &SolveOpts) -> Result<Loaded> {
    let start = Instant::now();
    let cpu0 = knot::cpu_seconds();
    let loaded = {
        let _watch =
            super::load_watch::LoadWatch::start(path, opts.timeout_duration(), opts.max_memory);
        load(path, opts)?
    };
    if opts.stats && opts.format != Format::Json {
        let wall = start.elapsed().as_secs_f64();
        match (cpu0, knot::cpu_seconds()) {
            (Some(a), Some(b)) => eprintln!("% load: {wall:.3}s, cpu {:.2}s", b - a),
            _ => eprintln!("% load: {wall:.3}s"),
        }
        if !loaded.phases.is_empty() {
            let parts: Vec<String> = loaded
                .phases
                .iter()
                .map(|(name, d)| format!("{name} {:.3}s", d.as_secs_f64()))
                .collect();
            eprintln!("% load phases: {}", parts.join(", "));
        }
    }
    Ok(loaded)
}

/// With `--stats`, the process's peak memory (last line on stderr; where the OS tells it).
fn print_peak_memory(opts: &SolveOpts) {
    flush_stats();
    if opts.stats && opts.format != Format::Json {
        if let Some(mib) = peak_memory_mib() {
            eprintln!("% peak memory: {mib:.1} MiB");
        }
    }
}

/// `knot query FILE --goal G [--goal G2 ...]`: the goals are answered in turn over one loaded
/// program (a strategy's caches carry over from one goal to the next).
pub fn query(
    path: &str,
    goal_texts: &[String],
    mode: Mode,
    opts: &SolveOpts,
    trace: &TraceOut,
) -> Result<ExitCode> {
    if trace.wanted() && goal_texts.len() > 1 {
        return Err(Error::Goal {
            code: "cli::trace",
            message: "--trace and --trace-html record the search of one goal: give one --goal"
                .into(),
        });
    }
    let mut loaded = load_timed(path, opts)?;
    let several = goal_texts.len() > 1;
    let mut goals = Vec::with_capacity(goal_texts.len());
    for text in goal_texts {
        match loaded.parse_goal(text) {
            Ok(g) => goals.push(g),
            // With several goals, say which one is wrong here (the caller only knows a single one).
            Err(e) if several => {
                eprintln!("{}", super::diagnostics::render(&e, Some(text)));
                return Ok(ExitCode::from(2));
            }
            Err(e) => return Err(e),
        }
    }
    let mut out = output();
    for (text, (goal, names)) in goal_texts.iter().zip(goals) {
        if several && opts.format != Format::Json {
            writeln!(out, "?- {}.", text.trim().trim_end_matches('.')).map_err(io)?;
        }
        answer_and_explain(
            &mut loaded,
            (goal, &names),
            mode,
            opts,
            &mut out,
            Some(text),
            opts.format == Format::Dot,
        )?;
        if trace.wanted() {
            write_trace(&mut loaded, goal, &names, opts, trace)?;
        }
    }
    out.flush().map_err(io)?;
    print_peak_memory(opts);
    // The process ends here: freeing the program, its tables and the std model's items one by
    // one would only cost time (about a tenth of a small `.rs` query).
    std::mem::forget(loaded);
    Ok(ExitCode::SUCCESS)
}

/// Where `--trace` and `--trace-html` write.
#[derive(Debug, Default)]
pub struct TraceOut {
    /// The JSON document's file.
    pub json: Option<String>,
    /// The HTML page's file.
    pub html: Option<String>,
}

impl TraceOut {
    fn wanted(&self) -> bool {
        self.json.is_some() || self.html.is_some()
    }
}

/// The search view's script and style, shared with the playground (`web/`).
const VIEW_JS: &str = include_str!(concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/web/src/trace-view.js"
));
const VIEW_CSS: &str = include_str!(concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/web/src/trace-view.css"
));

/// Solve `goal` again with its search recorded, and write the trace where asked.
fn write_trace(
    loaded: &mut Loaded,
    goal: TermId,
    names: &[Box<str>],
    opts: &SolveOpts,
    trace: &TraceOut,
) -> Result<()> {
    let limits = opts.limits(loaded);
    let (_, doc) = knot::solve_traced(loaded, goal, names, &opts.strategy, &limits)?;
    let write = |path: &str, text: String| {
        std::fs::write(path, text).map_err(|e| Error::Io {
            path: path.into(),
            message: e.to_string(),
        })
    };
    if let Some(path) = &trace.json {
        write(path, format!("{doc:#}\n"))?;
    }
    if let Some(path) = &trace.html {
        write(path, trace_page(&doc))?;
    }
    Ok(())
}

/// A self-contained page drawing a trace document: the view's script and style inline, the
/// document in a script element (`</` escaped so that no text in it ends the element).
pub fn trace_page(doc: &serde_json::Value) -> String {
    let data = doc.to_string().replace("</", "<\\/");
    let title = doc["goal"]
        .as_str()
        .unwrap_or("")
        .replace('&', "&amp;")
        .replace('<', "&lt;");
    format!(
        "<!doctype html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">\n\
         <title>knot search: {title}</title>\n<style>\n{VIEW_CSS}</style></head>\n<body class=\"knot-trace-page\">\n\
         <h1>knot: the search of <code>{title}</code></h1>\n<div id=\"search\"></div>\n\
         <script>\n{VIEW_JS}</script>\n\
         <script>const TRACE = {data};\nKnotTrace.render(document.getElementById(\"search\"), TRACE);</script>\n\
         </body></html>\n"
    )
}

/// `--check-regions`: whether a unique answer's region constraints hold under the goal's
/// outlives assumptions.
fn regions_verdict(loaded: &mut Loaded, goal: TermId, sol: &Solution) -> String {
    let Solution::Unique(t) = sol else {
        return "% regions: no unique answer to check".to_string();
    };
    match knot::check_answer_regions(&mut loaded.store, goal, *t) {
        None => "% regions: no constraint".to_string(),
        Some(Ok(())) => "% regions: satisfied".to_string(),
        Some(Err(v)) => format!("% regions: {v}"),
    }
}

/// Answer `goal` and, with `--explain`, explain it: in `--format json` the explanation is a field
/// of the answer's one object (with the goal as typed, `goal_text`); otherwise its text follows the
/// answer. `dot_only`: `--format dot` of `knot query`, the proof tree alone.
fn answer_and_explain(
    loaded: &mut Loaded,
    (goal, names): (TermId, &[Box<str>]),
    mode: Mode,
    opts: &SolveOpts,
    out: &mut dyn Write,
    goal_text: Option<&str>,
    dot_only: bool,
) -> Result<()> {
    let explaining = opts.explain || opts.explain_full;
    let started = Instant::now();
    if opts.format == Format::Json {
        let explanation = explaining
            .then(|| explanation_json(&explanation_tree(loaded, goal, opts, Default::default())));
        let extras = JsonExtras {
            goal_text,
            explanation,
        };
        return answer(loaded, goal, names, mode, opts, out, extras);
    }
    if !dot_only {
        answer(loaded, goal, names, mode, opts, out, Default::default())?;
    }
    if explaining || dot_only {
        let text = explain(loaded, goal, opts, started.elapsed());
        write!(out, "{text}").map_err(io)?;
    }
    Ok(())
}

/// The explanation of `goal`: for a goal that fails, why not (the cause first, then the chain of
/// requirements up to the goal); otherwise its proof tree (`--explain-full`: the whole tree, every
/// candidate tried; `--format dot`: the tree as Graphviz).
pub fn explain(
    loaded: &mut Loaded,
    goal: TermId,
    opts: &SolveOpts,
    spent: std::time::Duration,
) -> String {
    let tree = explanation_tree(loaded, goal, opts, spent);
    if opts.format == Format::Dot {
        return knot::explain_dot(&tree);
    }
    if !opts.explain_full {
        if let Some(text) = knot::why_not(&tree) {
            return text;
        }
    }
    format!("explanation:\n{}", knot::explain_text(&tree))
}

/// The proof tree of `goal` (`--explain-full`: every candidate tried).
/// An explanation in `--format json`: `{"why_not": text or null, "tree": the proof tree as
/// [`knot::explain_json`] writes it}`.
fn explanation_json(tree: &knot::ExplainNode) -> serde_json::Value {
    json!({ "why_not": knot::why_not(tree), "tree": knot::explain_json(tree) })
}

/// With `--timeout`, the explanation has what the answer left of it (`spent` is the time the answer
/// took), so answer and explanation together end within the timeout.
fn explanation_tree(
    loaded: &mut Loaded,
    goal: TermId,
    opts: &SolveOpts,
    spent: std::time::Duration,
) -> knot::ExplainNode {
    let names = match &loaded.source {
        Source::Surface(n) => Some(n),
        Source::Clauses => None,
    };
    // The std model's items (its negative impls) are cited by their Rust text.
    let items = loaded.source_items();
    let mut limits = opts.limits(loaded);
    limits.timeout = limits.timeout.map(|t| t.saturating_sub(spent));
    let mut ex = knot::Explainer::new(
        &mut loaded.store,
        &loaded.program,
        names,
        &opts.strategy,
        &limits,
    );
    ex.full = opts.explain_full;
    ex.items = items;
    ex.explain(goal)
}

/// `knot run FILE`: answer each `?-` query of the file.
pub fn run(path: &str, all: bool, opts: &SolveOpts) -> Result<ExitCode> {
    let mut loaded = load_timed(path, opts)?;
    let queries = loaded.program.queries.clone();
    let mut out = output();
    let mode = if all { Mode::All } else { Mode::One };
    let mut failed = false;
    for q in queries {
        let (names, checked) = loaded.prepare_query(q.goal, &q.var_names);
        if opts.format != Format::Json {
            let shown = term_to_string(&loaded.store, q.goal, &|i| name_of(&names, i), 1200);
            let _ = writeln!(out, "?- {shown}.");
        }
        let r = checked.and_then(|g| {
            answer_and_explain(&mut loaded, (g, &names), mode, opts, &mut out, None, false)
        });
        if let Err(e) = r {
            let at = q
                .span
                .as_ref()
                .map(|s| format!("{s}: "))
                .unwrap_or_default();
            let _ = writeln!(out, "{at}error: {e}");
            failed = true;
        }
    }
    out.flush().map_err(io)?;
    print_peak_memory(opts);
    Ok(if failed {
        ExitCode::from(2)
    } else {
        ExitCode::SUCCESS
    })
}

/// The process's peak resident memory in MiB (Linux: `VmHWM` of /proc/self/status; None elsewhere).
pub fn peak_memory_mib() -> Option<f64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
    let kib: f64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kib / 1024.0)
}
