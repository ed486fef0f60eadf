//! The peer driver: knot against SWI-Prolog's tabling and datafrog on the same generated inputs,
//! alternating engines within each repetition, and knot's strategies against each other on the
//! trait-shaped and cycle workloads. Prints one table (workload, N, engine, load and query time, median
//! wall time, answers, answers/s, peak memory, knot's time over the engine's) and writes it into
//! README.md between the `peers-table` markers.
//!
//! Run from the project root: `cargo bench --bench peers` (installs `swi-prolog-nox` with apt-get when
//! `swipl` is missing). Options after `--`: `--runs N` (default 3), `--quick` (small sizes, one run:
//! a smoke test), `--only WORD` (workloads whose name contains WORD), `--no-readme`.

mod datafrog_peer;
mod growth;
mod measure;
mod workloads;

use measure::{median, Run};
use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Duration;
use workloads::Graph;

const KNOT: &str = env!("CARGO_BIN_EXE_knot");
/// The largest Andersen workload SWI-Prolog is run on (see `cases`).
const ANDERSEN_SWI_MAX: usize = 4000;
/// Any single run longer than this is stopped and reported as a timeout.
const LIMIT: Duration = Duration::from_secs(120);

/// How to run one engine on one case.
#[derive(Clone)]
enum Invocation {
    /// `knot ARGS.. --stats`: answers from stdout (`--count`'s number, else the `true.` lines), load
    /// and query times from the `--stats` lines.
    Knot(Vec<String>),
    /// `swipl`: consult `files`, then run `query`, which binds `C` to the answer count.
    Swi { files: Vec<PathBuf>, query: String },
    /// This binary as datafrog's child: `FILE all|from1`.
    Datafrog { file: PathBuf, mode: &'static str },
}

struct Engine {
    label: String,
    how: Invocation,
}

struct Case {
    workload: String,
    n: usize,
    engines: Vec<Engine>,
}

/// What one engine did on one case over all repetitions.
struct Row {
    workload: String,
    n: usize,
    engine: String,
    load: f64,
    query: f64,
    wall: f64,
    /// The fastest run's query and wall time: what the growth notes compare (noise on a shared
    /// machine only ever adds time, and at a few milliseconds it is a large part of a median).
    query_min: f64,
    wall_min: f64,
    peak: f64,
    answers: String,
    /// The first engine's median wall time over this one's (knot's time / the peer's).
    ratio: Option<f64>,
    failed: Option<String>,
}

struct Opts {
    runs: usize,
    quick: bool,
    only: Option<String>,
    readme: bool,
    keep: bool,
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if let Some(i) = args.iter().position(|a| a == "--child-datafrog") {
        datafrog_peer::child(&args[i + 1], &args[i + 2]);
        return;
    }
    let mut opts = Opts {
        runs: 3,
        quick: false,
        only: None,
        readme: true,
        keep: false,
    };
    let mut it = args.iter();
    while let Some(a) = it.next() {
        match a.as_str() {
            "--runs" => opts.runs = it.next().and_then(|v| v.parse().ok()).unwrap_or(3),
            "--quick" => {
                opts.quick = true;
                opts.runs = 1;
            }
            "--only" => opts.only = it.next().cloned(),
            "--no-readme" => opts.readme = false,
            "--keep" => opts.keep = true,
            _ => {} // `cargo bench` passes `--bench`
        }
    }
    let swi = ensure_swipl();
    let dir = std::env::temp_dir().join(format!("knot-peers-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a temporary directory");
    let cases = cases(&dir, &opts, swi.is_some());
    let started = std::time::Instant::now();
    let mut rows = Vec::new();
    println!("{}", header());
    for case in &cases {
        for row in measure_case(case, opts.runs) {
            println!("{}", row_text(&row));
            rows.push(row);
        }
    }
    let notes = growth::notes(&cases, &rows, opts.runs, !opts.quick);
    for n in &notes {
        println!("{n}");
    }
    if opts.keep {
        println!("workload files kept in {}", dir.display());
    } else {
        let _ = std::fs::remove_dir_all(&dir);
    }
    let took = started.elapsed().as_secs_f64();
    println!("driver time: {took:.0} s");
    if opts.readme && !opts.quick && opts.only.is_none() {
        let table = markdown(&rows, &notes, swi.as_deref(), took, opts.runs);
        write_readme(&table);
    }
}

/// `swipl`'s version line, installing it first when missing (Debian: swi-prolog-nox).
fn ensure_swipl() -> Option<String> {
    let version = || {
        Command::new("swipl")
            .arg("--version")
            .output()
            .ok()
            .filter(|o| o.status.success())
            .map(|o| String::from_utf8_lossy(&o.stdout).trim().to_string())
    };
    if let Some(v) = version() {
        return Some(v);
    }
    eprintln!("swipl not found: installing swi-prolog-nox with apt-get");
    let _ = Command::new("apt-get").args(["update", "-qq"]).status();
    let _ = Command::new("apt-get")
        .args(["install", "-y", "-qq", "swi-prolog-nox"])
        .status();
    let v = version();
    if v.is_none() {
        eprintln!("swipl is still missing: the SWI-Prolog rows are left out");
    }
    v
}

fn write(dir: &Path, name: &str, text: &str) -> PathBuf {
    let p = dir.join(name);
    std::fs::write(&p, text).expect("the workload file is written");
    p
}

fn knot(args: &[&str]) -> Invocation {
    Invocation::Knot(args.iter().map(|s| s.to_string()).collect())
}

fn s(p: &Path) -> &str {
    p.to_str().expect("a UTF-8 temporary path")
}

/// Every case of the run, its input files written into `dir`.
fn cases(dir: &Path, o: &Opts, swi: bool) -> Vec<Case> {
    let sizes = |full: &[usize], quick: &[usize]| -> Vec<usize> {
        if o.quick {
            quick.to_vec()
        } else {
            full.to_vec()
        }
    };
    let mut out = Vec::new();
    let mut add = |workload: String, n: usize, engines: Vec<Engine>| {
        if o.only
            .as_ref()
            .map_or(true, |w| workload.contains(w.as_str()))
        {
            out.push(Case {
                workload,
                n,
                engines: engines
                    .into_iter()
                    .filter(|e| swi || !matches!(e.how, Invocation::Swi { .. }))
                    .collect(),
            });
        }
    };
    let e = |label: &str, how: Invocation| Engine {
        label: label.to_string(),
        how,
    };
    // Transitive closure: all pairs, left recursion, three graphs.
    for g in [Graph::Chain, Graph::Cycle, Graph::Random] {
        for n in sizes(&[1000, 2000], &[200]) {
            let f = write(
                dir,
                &format!("tc_{}_{n}.pl", g.name()),
                &workloads::tc_program(true, &g.edges(n)),
            );
            add(
                format!("tc_left_{} path(X,Y)", g.name()),
                n,
                tc_engines(&f, "path(X, Y)", "all"),
            );
        }
    }
    // From one node: left recursion on a long chain, right recursion (one table per node).
    for (left, n) in [
        (true, if o.quick { 2000 } else { 50_000 }),
        (false, if o.quick { 200 } else { 2000 }),
    ] {
        let f = write(
            dir,
            &format!("from1_{left}_{n}.pl"),
            &workloads::tc_program(left, &Graph::Chain.edges(n)),
        );
        let side = if left { "left" } else { "right" };
        add(
            format!("tc_{side}_chain path(1,Y)"),
            n,
            tc_engines(&f, "path(1, Y)", "from1"),
        );
    }
    for n in sizes(&[1000, 2000], &[200]) {
        let f = write(
            dir,
            &format!("tcr_{n}.pl"),
            &workloads::tc_program(false, &Graph::Chain.edges(n)),
        );
        add(
            "tc_right_chain path(X,Y)".into(),
            n,
            tc_engines(&f, "path(X, Y)", "all"),
        );
    }
    // Same generation.
    for n in sizes(&[2047, 4095], &[255]) {
        let f = write(dir, &format!("sg_{n}.pl"), &workloads::sg_program(n));
        add(
            "sg_tree sg(X,Y)".into(),
            n,
            vec![
                e(
                    "knot slg",
                    knot(&["query", s(&f), "--goal", "sg(X, Y)", "--count"]),
                ),
                e("swi", swi_count(&f, "sg(X, Y)")),
            ],
        );
    }
    // Large fact bases (issue 21): a large extensional database, moderate answers.
    for m in sizes(&[125_000, 250_000, 500_000, 1_000_000], &[10_000]) {
        let f = write(
            dir,
            &format!("big_reach_{m}.pl"),
            &workloads::big_reach_program(m),
        );
        add(
            "big_reach (M edges) reach(Y)".into(),
            m,
            tc_engines(&f, "reach(Y)", "reach0"),
        );
    }
    for n in sizes(
        &[1000, 2000, 4000, 8000, 16_000, 32_000, 64_000, 128_000],
        &[500, 8000],
    ) {
        let f = write(
            dir,
            &format!("andersen_{n}.pl"),
            &workloads::andersen_program(n),
        );
        let mut engines = tc_engines(&f, "pt(X, Y)", "andersen");
        // SWI-Prolog's tabled evaluation of these rules grows about 8x per doubling (13 s of wall
        // time at 4,000 variables): past that size only knot and datafrog run.
        if n > ANDERSEN_SWI_MAX {
            engines.retain(|e| !matches!(e.how, Invocation::Swi { .. }));
        }
        add("andersen (N vars) pt(X,Y)".into(), n, engines);
    }
    for n in sizes(&[131_071, 262_143, 524_287, 1_048_575], &[4095]) {
        let f = write(dir, &format!("sg_big_{n}.pl"), &workloads::sg_program(n));
        let goal = format!("sg({n}, Y)");
        add(
            "sg_big_tree sg(leaf,Y)".into(),
            n,
            tc_engines(&f, &goal, "sg"),
        );
    }
    for impls in sizes(&[2500, 5000, 10_000], &[500]) {
        let traits = (impls / 10).max(10);
        let (rs, pl, goals) = workloads::trait_big(impls, traits, 200);
        let kf = write(dir, &format!("trait_big_{impls}.rs"), &rs);
        let mut swi_file = pl;
        let mut args: Vec<String> = vec!["query".into(), s(&kf).into()];
        for (g, p) in &goals {
            args.push("--goal".into());
            args.push(g.clone());
            let _ = writeln!(swi_file, "goal({p}).");
        }
        let sf = write(dir, &format!("trait_big_{impls}.pl"), &swi_file);
        add(
            "trait_big (impls, 200 goals)".into(),
            impls,
            vec![
                e("knot slg", Invocation::Knot(args.clone())),
                e(
                    "knot slg --no-prelude",
                    Invocation::Knot([args, vec!["--no-prelude".into()]].concat()),
                ),
                e(
                    "swi",
                    Invocation::Swi {
                        files: vec![sf],
                        query: "aggregate_all(count, (goal(G), once(G)), C)".into(),
                    },
                ),
            ],
        );
    }
    // Trait-shaped: N types x 8 traits, 80 goals per type.
    for n in sizes(&[100, 200, 400, 800], &[20]) {
        let impls = workloads::trait_impls(n);
        let goals = workloads::trait_goals(n);
        let mut knot_file = impls.clone();
        let mut swi_file = impls;
        for g in &goals {
            let _ = writeln!(knot_file, "?- {g}.");
            let _ = writeln!(swi_file, "goal({g}).");
        }
        let kf = write(dir, &format!("trait_{n}_knot.pl"), &knot_file);
        let sf = write(dir, &format!("trait_{n}_swi.pl"), &swi_file);
        add(
            "trait_many (80 goals/type)".into(),
            n,
            vec![
                e("knot slg", knot(&["run", s(&kf)])),
                e(
                    "knot recursive",
                    knot(&["run", s(&kf), "--strategy", "recursive"]),
                ),
                e("knot sld", knot(&["run", s(&kf), "--strategy", "sld"])),
                e(
                    "swi",
                    Invocation::Swi {
                        files: vec![sf],
                        query: "aggregate_all(count, (goal(G), once(G)), C)".into(),
                    },
                ),
            ],
        );
    }
    // One trait goal nested D deep.
    let impls = workloads::trait_impls(100);
    for d in sizes(&[1000, 2000, 4000, 8000, 10_000], &[100]) {
        let g = workloads::deep_goal(d);
        let kf = write(
            dir,
            &format!("deep_{d}_knot.pl"),
            &format!("{impls}?- {g}.\n"),
        );
        let sf = write(
            dir,
            &format!("deep_{d}_swi.pl"),
            &format!("{impls}deep_goal({g}).\n"),
        );
        let depth = (2 * d + 100).to_string();
        add(
            "trait_deep (one goal D deep)".into(),
            d,
            vec![
                e("knot slg", knot(&["run", s(&kf), "--max-depth", &depth])),
                e(
                    "knot recursive",
                    knot(&[
                        "run",
                        s(&kf),
                        "--strategy",
                        "recursive",
                        "--max-depth",
                        &depth,
                    ]),
                ),
                e(
                    "knot sld",
                    knot(&["run", s(&kf), "--strategy", "sld", "--max-depth", &depth]),
                ),
                e(
                    "swi",
                    Invocation::Swi {
                        files: vec![sf],
                        query: "deep_goal(G), (once(G) -> C = 1 ; C = 0)".into(),
                    },
                ),
            ],
        );
    }
    // A conjunction of N tabled goals, each binding a query variable of its own.
    for n in sizes(&[1000, 2000, 4000, 8000], &[100]) {
        let (prog, goal) = workloads::conj_vars(n);
        let kf = write(
            dir,
            &format!("conj_{n}_knot.pl"),
            &format!("{prog}?- {goal}.\n"),
        );
        let sf = write(
            dir,
            &format!("conj_{n}_swi.pl"),
            &format!("{prog}conj :- {goal}.\n"),
        );
        add(
            "conj_vars (N tabled goals, N variables)".into(),
            n,
            vec![
                e("knot slg", knot(&["run", s(&kf)])),
                e(
                    "swi",
                    Invocation::Swi {
                        files: vec![sf],
                        query: "(conj -> C = 1 ; C = 0)".into(),
                    },
                ),
            ],
        );
    }
    // Auto-trait rings.
    for f in [1, 2] {
        for n in sizes(&[250, 500, 1000, 2000], &[50]) {
            let kf = write(
                dir,
                &format!("ring_{n}_{f}.rs"),
                &workloads::ring_rust(n, f),
            );
            let sf = write(
                dir,
                &format!("ring_{n}_{f}.pl"),
                &workloads::ring_fields_pl(n, f),
            );
            let prog = write(dir, "ring_swi.pl", workloads::RING_SWI);
            let mut engines = vec![
                e("knot slg", knot(&["query", s(&kf), "--goal", "S0: Send"])),
                e(
                    "knot recursive",
                    knot(&[
                        "query",
                        s(&kf),
                        "--goal",
                        "S0: Send",
                        "--strategy",
                        "recursive",
                    ]),
                ),
                e(
                    "swi tabled dual",
                    Invocation::Swi {
                        files: vec![prog.clone(), sf.clone()],
                        query: "(\\+ unsend(s0) -> C = 1 ; C = 0)".into(),
                    },
                ),
            ];
            if f == 1 {
                // library(coinduction) is exponential once structs have two fields.
                engines.push(e(
                    "swi coinduction",
                    Invocation::Swi {
                        files: vec![prog, sf],
                        query: "(implemented(s0, send) -> C = 1 ; C = 0)".into(),
                    },
                ));
            }
            add(format!("auto_ring F={f} S0: Send"), n, engines);
        }
    }
    // The seed's cycle with N distinct wrappers: inductive (No; sld overflows) and coinductive (holds).
    for n in sizes(&[125, 250, 500, 1000], &[10]) {
        let (p, goals) = workloads::seed_rust(n);
        let f = write(dir, &format!("seed_{n}.rs"), &p);
        // Every goal asked in turn of one loaded program (`--goal` repeated): inductive, each fails
        // (`sld` overflows on each: asked the first only); coinductive, each holds.
        let q = |strategy: &str, co: &str, all: bool| {
            let mut args = vec!["query", s(&f), "--strategy", strategy, "--coinductive", co];
            for g in if all { &goals[..] } else { &goals[..1] } {
                args.extend(["--goal", g.as_str()]);
            }
            knot(&args)
        };
        add(
            "seed_cycle (N wrappers, N goals)".into(),
            n,
            vec![
                e("knot slg", q("slg", "default", true)),
                e("knot recursive", q("recursive", "default", true)),
                e("knot sld (first goal)", q("sld", "default", false)),
                e("knot slg coind", q("slg", "all", true)),
                e("knot recursive coind", q("recursive", "all", true)),
            ],
        );
    }
    // Projection chains: the normalize/2 clauses against the e-graph.
    for n in sizes(&[125, 250, 500, 1000], &[20]) {
        let (p, goals) = workloads::projections_rust(n);
        let f = write(dir, &format!("proj_{n}.rs"), &p);
        let q = |normalize: &str| {
            let mut args = vec![
                "query",
                s(&f),
                "--strategy",
                "recursive",
                "--normalize",
                normalize,
            ];
            for g in &goals {
                args.extend(["--goal", g.as_str()]);
            }
            knot(&args)
        };
        add(
            "projections (N goals, 4 deep)".into(),
            n,
            vec![
                e("knot clauses", q("clauses")),
                e("knot egraph", q("egraph")),
            ],
        );
    }
    out
}

/// knot, SWI-Prolog and datafrog counting the answers of a transitive-closure goal over file `f`
/// (`mode`: datafrog's `all` pairs or `from1`).
fn tc_engines(f: &Path, goal: &str, mode: &'static str) -> Vec<Engine> {
    vec![
        Engine {
            label: "knot slg".into(),
            how: knot(&["query", s(f), "--goal", goal, "--count"]),
        },
        Engine {
            label: "swi".into(),
            how: swi_count(f, goal),
        },
        Engine {
            label: "datafrog".into(),
            how: Invocation::Datafrog {
                file: f.to_path_buf(),
                mode,
            },
        },
    ]
}

fn swi_count(f: &Path, goal: &str) -> Invocation {
    Invocation::Swi {
        files: vec![f.to_path_buf()],
        query: format!("aggregate_all(count, {goal}, C)"),
    }
}

fn command(how: &Invocation) -> Command {
    match how {
        Invocation::Knot(args) => {
            let mut c = Command::new(KNOT);
            c.args(args).arg("--stats");
            c
        }
        Invocation::Swi { files, query } => {
            let list: Vec<String> = files.iter().map(|f| format!("'{}'", f.display())).collect();
            let goal = format!(
                "set_prolog_flag(table_space, 16000000000), statistics(cputime, T0), \
                 load_files([{}], [silent(true)]), statistics(cputime, T1), {query}, \
                 statistics(cputime, T2), L is T1 - T0, Q is T2 - T1, format('@@ ~w ~3f ~3f~n', [C, L, Q]), \
                 read_file_to_string('/proc/self/status', St, []), split_string(St, \"\\n\", \"\", Ls), \
                 ( member(Ln, Ls), string_concat(\"VmHWM:\", R, Ln) -> split_string(R, \" \\t\", \" \\t\", Ps), \
                   exclude(==(\"\"), Ps, [K|_]), format('@@mem ~w~n', [K]) ; true )",
                list.join(", ")
            );
            let mut c = Command::new("swipl");
            c.args(["-q", "-g", &goal, "-t", "halt"]);
            c
        }
        Invocation::Datafrog { file, mode } => {
            let mut c = Command::new(std::env::current_exe().expect("this binary"));
            c.arg("--child-datafrog").arg(file).arg(mode);
            c
        }
    }
}

/// What one run reported: answers, load seconds, query seconds, peak memory (MiB).
type Parsed = (String, f64, f64, f64);

/// The [`Parsed`] figures of one run's output.
fn parse(how: &Invocation, r: &Run) -> Parsed {
    match how {
        Invocation::Knot(args) => {
            let answers = if args.iter().any(|a| a == "--count") {
                r.stdout.trim().to_string()
            } else if args[0] == "run" || args.iter().filter(|a| *a == "--goal").count() > 1 {
                let yes = r.stdout.lines().filter(|l| *l == "true.").count();
                let total = r.stdout.lines().filter(|l| l.starts_with("?- ")).count();
                format!("{yes}/{total} true")
            } else {
                r.stdout
                    .lines()
                    .next()
                    .unwrap_or("")
                    .trim_end_matches('.')
                    .to_string()
            };
            let (mut load, mut query, mut peak) = (0.0, 0.0, f64::NAN);
            for l in r.stderr.lines() {
                if let Some(v) = l.strip_prefix("% load: ") {
                    load += secs(v);
                } else if let Some(v) = l.strip_prefix("% peak memory: ") {
                    peak = v.trim_end_matches(" MiB").parse().unwrap_or(f64::NAN);
                } else if let Some(i) = l.rfind(", time ") {
                    query += secs(&l[i + 7..]);
                }
            }
            (answers, load, query, peak)
        }
        _ => {
            let line = r
                .stdout
                .lines()
                .find(|l| l.starts_with("@@ "))
                .unwrap_or("");
            let w: Vec<&str> = line.split_whitespace().collect();
            let f = |i: usize| w.get(i).and_then(|v| v.parse().ok()).unwrap_or(f64::NAN);
            let answers = w.get(1).map(|v| v.to_string()).unwrap_or_default();
            let peak = r
                .stdout
                .lines()
                .find_map(|l| l.strip_prefix("@@mem "))
                .and_then(|k| k.trim().parse::<f64>().ok())
                .map_or(f64::NAN, |k| k / 1024.0);
            (answers, f(2), f(3), peak)
        }
    }
}

fn secs(v: &str) -> f64 {
    let v = v.split(',').next().unwrap_or(v);
    v.trim().trim_end_matches('s').parse().unwrap_or(f64::NAN)
}

/// Run every engine of a case `runs` times, alternating engines within each repetition.
fn measure_case(case: &Case, runs: usize) -> Vec<Row> {
    let k = case.engines.len();
    let mut all: Vec<Vec<(Run, Parsed)>> = vec![Vec::new(); k];
    for _ in 0..runs {
        for (i, e) in case.engines.iter().enumerate() {
            if all[i].last().is_some_and(|(r, ..)| r.timed_out) {
                continue; // one timeout is enough
            }
            let r = measure::run(&mut command(&e.how), LIMIT);
            let p = parse(&e.how, &r);
            all[i].push((r, p));
        }
    }
    let mut rows: Vec<Row> = case
        .engines
        .iter()
        .zip(all)
        .map(|(e, runs)| {
            let failed = runs.iter().find(|(r, ..)| !r.ok).map(|(r, ..)| {
                if r.timed_out {
                    format!("timeout {}s", LIMIT.as_secs())
                } else {
                    let why = r.stderr.lines().last().unwrap_or("failed");
                    why.chars().take(60).collect()
                }
            });
            Row {
                workload: case.workload.clone(),
                n: case.n,
                engine: e.label.clone(),
                load: median(runs.iter().map(|x| x.1 .1).collect()),
                query: median(runs.iter().map(|x| x.1 .2).collect()),
                wall: median(runs.iter().map(|x| x.0.wall).collect()),
                query_min: runs.iter().map(|x| x.1 .2).fold(f64::INFINITY, f64::min),
                wall_min: runs.iter().map(|x| x.0.wall).fold(f64::INFINITY, f64::min),
                peak: median(runs.iter().map(|x| x.1 .3).collect()),
                answers: runs.last().map(|x| x.1 .0.clone()).unwrap_or_default(),
                ratio: None,
                failed,
            }
        })
        .collect();
    let first = rows.first().map(|r| r.wall);
    if let Some(w0) = first {
        for r in rows.iter_mut().skip(1) {
            r.ratio = Some(w0 / r.wall);
        }
    }
    // Engines that count answers must agree.
    let counts: Vec<&str> = rows
        .iter()
        .filter(|r| r.failed.is_none() && r.answers.parse::<u64>().is_ok())
        .map(|r| r.answers.as_str())
        .collect();
    if counts.windows(2).any(|w| w[0] != w[1]) {
        eprintln!(
            "WARNING: {} N={}: engines disagree on the answers: {counts:?}",
            case.workload, case.n
        );
    }
    rows
}

fn header() -> String {
    format!(
        "{:<32} {:>6} {:<22} {:>8} {:>8} {:>8} {:>12} {:>10} {:>8} {:>10}",
        "workload",
        "N",
        "engine",
        "load s",
        "query s",
        "wall s",
        "answers",
        "answers/s",
        "peak MiB",
        "knot/this"
    )
}

fn per_sec(r: &Row) -> String {
    match r.answers.parse::<f64>() {
        Ok(a) if r.wall > 0.0 => format!("{:.2}M", a / r.wall / 1e6),
        _ => "-".into(),
    }
}

/// A row's cells: workload, N, engine, load, query, wall, answers, answers/s, peak, ratio.
fn cells(r: &Row) -> [String; 10] {
    [
        r.workload.clone(),
        r.n.to_string(),
        r.engine.clone(),
        format!("{:.3}", r.load),
        format!("{:.3}", r.query),
        format!("{:.3}", r.wall),
        r.failed.clone().unwrap_or_else(|| r.answers.clone()),
        per_sec(r),
        format!("{:.0}", r.peak),
        r.ratio.map(|x| format!("{x:.2}")).unwrap_or_default(),
    ]
}

fn row_text(r: &Row) -> String {
    let c = cells(r);
    format!(
        "{:<32} {:>6} {:<22} {:>8} {:>8} {:>8} {:>12} {:>10} {:>8} {:>10}",
        c[0], c[1], c[2], c[3], c[4], c[5], c[6], c[7], c[8], c[9]
    )
}

fn machine() -> String {
    let cpu = std::fs::read_to_string("/proc/cpuinfo")
        .ok()
        .and_then(|c| {
            c.lines()
                .find(|l| l.starts_with("model name"))
                .and_then(|l| l.split(':').nth(1))
                .map(|m| m.trim().to_string())
        })
        .unwrap_or_else(|| "unknown CPU".into());
    let cores = std::thread::available_parallelism()
        .map(|n| n.get())
        .unwrap_or(1);
    let mem = std::fs::read_to_string("/proc/meminfo")
        .ok()
        .and_then(|m| {
            let kb: f64 = m.lines().next()?.split_whitespace().nth(1)?.parse().ok()?;
            Some(format!("{:.0} GiB", kb / 1024.0 / 1024.0))
        })
        .unwrap_or_default();
    format!("{cpu}, {cores} cores, {mem}")
}

fn markdown(rows: &[Row], notes: &[String], swi: Option<&str>, took: f64, runs: usize) -> String {
    let date = Command::new("date")
        .arg("+%Y-%m-%d")
        .output()
        .map(|o| String::from_utf8_lossy(&o.stdout).trim().to_string())
        .unwrap_or_default();
    let mut t = format!(
        "Generated by `cargo bench --bench peers` on {date}, {} ({}; datafrog 2; median of {runs} runs, \
         engines alternating; the driver took {took:.0} s). Load and query times are each engine's own \
         (knot: `--stats`; SWI: `statistics(cputime)`); wall time and peak memory are the whole process. \
         `knot/this` is the first engine's wall time over this row's. A growth note for knot is the \
         median, over the rounds it names, of the ratio of the query times of two sizes run back to back \
         (benches/peers/growth.rs); for a peer, the ratio of the fastest wall times in the table.\n\n",
        machine(),
        swi.unwrap_or("SWI-Prolog not installed"),
    );
    t.push_str("| workload | N | engine | load s | query s | wall s | answers | answers/s | peak MiB | knot/this |\n");
    t.push_str("|---|---:|---|---:|---:|---:|---:|---:|---:|---:|\n");
    for r in rows {
        let _ = writeln!(t, "| {} |", cells(r).join(" | "));
    }
    t.push('\n');
    for n in notes {
        let _ = writeln!(t, "- {n}");
    }
    t
}

/// Replace the text between the `peers-table` markers of README.md.
fn write_readme(table: &str) {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/README.md");
    let Ok(text) = std::fs::read_to_string(path) else {
        return;
    };
    let (b, e) = ("<!-- peers-table:begin -->", "<!-- peers-table:end -->");
    match (text.find(b), text.find(e)) {
        (Some(i), Some(j)) if i < j => {
            let new = format!("{}{b}\n{table}{}", &text[..i], &text[j..]);
            if std::fs::write(path, new).is_ok() {
                println!("README.md: table updated");
            }
        }
        _ => eprintln!("README.md has no peers-table markers: table not written"),
    }
}
