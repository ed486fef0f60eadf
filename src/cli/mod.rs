//! The `knot` command: one file per subcommand; `main` parses arguments with clap and dispatches.

//!
//! It uses only the library's public API (what `lib.rs` exports), so that it could live in a crate of
//! its own; it is compiled with the default `cli` feature.

mod compare;
mod conformance;
mod diagnostics;
mod load_watch;
mod lower_cmd;
mod query;
mod repl;

use clap::{Args, Parser, Subcommand, ValueEnum};
use knot::Limits;
use knot::{load_file_with, LoadOptions};
use std::process::ExitCode;
use std::time::Duration;

/// knot: ask whether a type implements a trait (or any logic goal), and why.
#[derive(Parser, Debug)]
#[command(name = "knot", version, about, long_about = None)]
pub struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand, Debug)]
enum Command {
    /// Load a file and answer each `?- Goal.` query in it.
    Run(RunArgs),
    /// Load a file and answer one goal.
    Query(QueryArgs),
    /// Print the clauses a program lowers to, as a `.pl` file that `knot run` loads back.
    Lower(LowerArgs),
    /// Run chalk conformance cases (JSON lines) and report how many pass.
    Conformance(conformance::ConformanceArgs),
    /// An interactive toplevel over a program (`:help` lists its commands). With stdin not a terminal,
    /// each line is one input and answers print plainly.
    Repl(ReplArgs),
    /// Check a Rust-like program's impls for coherence: overlapping impls (with a witness) and orphan
    /// impls, open-world by default (as rustc: other crates may add impls). Exits 0 when coherent, 1
    /// when a violation is found, 2 on input errors, 3 when a question is undecided (a limit was hit,
    /// or the answer depends on a type the program imports but does not define).
    Check(CheckArgs),
    /// Answer the goals of a file (its `?- G.` queries, or `--goal`s) or of a conformance corpus
    /// under several strategies, and print a table per goal: each strategy's answer, time and
    /// steps. Goals where the strategies differ come first.
    Compare(compare::CompareArgs),
}

#[derive(Args, Debug)]
struct ReplArgs {
    /// Files to load (`.pl`, `.rs`, `.chalk`); the last one stays loaded.
    files: Vec<String>,
    #[command(flatten)]
    solve: SolveOpts,
}

#[derive(Args, Debug)]
struct CheckArgs {
    /// A `.rs` or `.chalk` program, or a Cargo package (a directory with a `Cargo.toml`, or the
    /// manifest).
    file: Option<String>,
    #[command(flatten)]
    package: PackageArgs,
    /// Do not add the std prelude to `.rs` files.
    #[arg(long)]
    no_prelude: bool,
    /// Wall-clock limit in seconds for each pair of impls.
    #[arg(long, default_value_t = 10.0, value_parser = parse_seconds)]
    timeout: f64,
    /// Closed world: only the program's own impls exist (no downstream crate may implement a trait
    /// for its types, no upstream crate may add impls).
    #[arg(long)]
    closed_world: bool,
}

#[derive(Args, Debug)]
struct LowerArgs {
    /// A `.rs`, `.chalk` or `.pl` file.
    file: String,
    /// Do not add the std prelude to `.rs` files.
    #[arg(long)]
    no_prelude: bool,
    /// Which traits are coinductive.
    #[arg(long, value_enum, default_value_t = Coinduction::Default)]
    coinductive: Coinduction,
}

/// Which predicates are coinductive.
#[derive(ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum Coinduction {
    /// None, not even auto traits.
    None,
    /// Auto traits, `#[coinductive]` traits and `:- coinductive` predicates.
    Default,
    /// Every trait (every predicate of a `.pl` file).
    All,
}

/// Options shared by commands that solve goals.
#[derive(Args, Debug, Clone)]
pub struct SolveOpts {
    /// Resolution strategy: `slg` (tabling, default), `sld` (depth-first; cycles overflow),
    /// `recursive` (rustc-style search graph: provisional results of cycle heads, fixpoint iteration).
    /// A strategy registered by a library user (`knot::register_strategy`) is accepted too.
    #[arg(long, default_value = "slg", value_parser = parse_strategy)]
    pub strategy: String,
    /// Which traits (predicates) are coinductive: a cycle through only coinductive goals holds.
    #[arg(long, value_enum, default_value_t = Coinduction::Default)]
    pub coinductive: Coinduction,
    /// Do not add the std prelude to `.rs` files.
    #[arg(long)]
    pub no_prelude: bool,
    /// Lower a Rust-like program in coherence's open world, as `knot check` does: a downstream crate
    /// may implement traits for its own types and an upstream crate may add impls, so a goal that
    /// such an impl could make true is unknown (floundered), never true or false.
    #[arg(long)]
    pub open_world: bool,
    /// Associated-type normalizer: `clauses` (chalk's Normalize clauses) or `egraph` (an egg e-graph
    /// saturated with the impls' associated-type values; see README).
    #[arg(long, default_value = "clauses", value_parser = ["clauses", "egraph"])]
    pub normalize: String,
    /// Output format.
    #[arg(long, value_enum, default_value_t = Format::Text)]
    pub format: Format,
    /// After the answer, explain it: for a goal that fails, why not (the cause first, then each
    /// requirement up to the goal, as rustc's E0277 reads); for one that holds, its derivation
    /// (`--format dot` prints the tree as Graphviz instead).
    #[arg(long)]
    pub explain: bool,
    /// After a unique answer that holds under region constraints, decide them as the borrow checker
    /// would for a signature: against the goal's outlives assumptions (`forall<'a, 'b> { if ('a:
    /// 'b) { .. } }`), `'static` outliving every region; print the first requirement that is not
    /// known (`regions: requires '!1_0: 'static, but only '!1_0: '!1_1 is known`)
    #[arg(long)]
    pub check_regions: bool,
    /// Print the whole proof tree after the answer: every candidate tried (also those whose head
    /// does not unify) and, for a goal that holds, every candidate rather than its one derivation.
    #[arg(long)]
    pub explain_full: bool,
    /// Print statistics (tables, answers, unifications, steps, time) to stderr.
    #[arg(long)]
    pub stats: bool,
    /// Deepest derivation before answering Overflow [default: 100000; for `.rs` and `.chalk`
    /// programs 4096 under sld (knot::TRAIT_GOAL_MAX_DEPTH), 1024 under recursive
    /// (knot::RECURSIVE_MAX_DEPTH)].
    #[arg(long)]
    pub max_depth: Option<u32>,
    /// Most resolution steps before answering Overflow.
    #[arg(long, default_value_t = Limits::default().max_steps)]
    pub max_steps: u64,
    /// Most tables (SLG) before answering Overflow.
    #[arg(long, default_value_t = Limits::default().max_tables)]
    pub max_tables: usize,
    /// Most answers in one table before answering Overflow.
    #[arg(long, default_value_t = Limits::default().max_answers)]
    pub max_answers: usize,
    /// Deepest subgoal or answer term a table may hold before answering Overflow.
    #[arg(long, default_value_t = Limits::default().max_term_depth)]
    pub max_term_depth: u32,
    /// Most fixpoint iterations of one cycle head (recursive strategy) before answering Overflow.
    #[arg(long, default_value_t = Limits::default().max_iterations)]
    pub max_iterations: u32,
    /// Memory budget in MiB for terms and tables (checked as the search runs).
    #[arg(long, default_value_t = Limits::default().max_memory_mib)]
    pub max_memory: u64,
    /// Wall-clock limit in seconds for each goal (fractions allowed; at most a year).
    #[arg(long, value_parser = parse_seconds)]
    pub timeout: Option<f64>,
    /// Table every predicate (SLG), not only those declared with `:- table`.
    #[arg(long)]
    pub table_all: bool,
    /// Resolve pure Datalog tabled predicates by SLG only (no semi-naive sub-engine).
    #[arg(long)]
    pub no_datalog: bool,
    /// Unify without the occurs check (the default for Prolog programs, as in SWI-Prolog: `X = f(X)`
    /// makes a cyclic term).
    #[arg(long, conflicts_with = "occurs_check")]
    pub no_occurs_check: bool,
    /// Unify with the occurs check (the default for Rust-like programs): `X = f(X)` fails.
    #[arg(long)]
    pub occurs_check: bool,
    /// Set from another thread to cancel the running query (the REPL's Ctrl-C).
    #[arg(skip)]
    pub cancel: Option<std::sync::Arc<std::sync::atomic::AtomicBool>>,
    #[command(flatten)]
    pub package: PackageArgs,
}

impl SolveOpts {
    /// How to load files under these options.
    pub fn load_options(&self) -> LoadOptions {
        let mut opts = LoadOptions {
            egraph: self.normalize == "egraph",
            package: self.package.options(),
            ..load_options(self.coinductive, self.no_prelude)
        };
        opts.lower.intercrate = self.open_world;
        opts
    }

    /// The limits these options describe, for a goal on `loaded` (whose kind sets the default
    /// derivation depth).
    pub fn limits(&self, loaded: &knot::Loaded) -> Limits {
        self.limits_for(loaded.is_surface())
    }

    /// `--timeout` as a duration (none when not given).
    pub fn timeout_duration(&self) -> Option<Duration> {
        self.timeout
            .filter(|t| t.is_finite() && *t > 0.0)
            .and_then(|t| Duration::try_from_secs_f64(t).ok())
    }

    /// [`SolveOpts::limits`] for a program of either kind (`surface`: Rust-like).
    pub fn limits_for(&self, surface: bool) -> Limits {
        let defaults = knot::default_limits(surface, &self.strategy);
        Limits {
            max_depth: self.max_depth.unwrap_or(defaults.max_depth),
            max_steps: self.max_steps,
            max_tables: self.max_tables,
            max_answers: self.max_answers,
            timeout: self.timeout_duration(),
            occurs_check: (defaults.occurs_check || self.occurs_check) && !self.no_occurs_check,
            table_all: self.table_all,
            max_term_depth: self.max_term_depth,
            max_iterations: self.max_iterations,
            max_memory_mib: self.max_memory,
            cancel: self.cancel.clone(),
            ..Limits::default()
        }
    }
}

/// A number of seconds for `--timeout`: positive, finite, at most a year.
pub fn parse_seconds(text: &str) -> std::result::Result<f64, String> {
    match text.parse::<f64>() {
        Ok(t) if t.is_finite() && t > 0.0 && t <= 366.0 * 86_400.0 => Ok(t),
        Ok(_) => Err("a timeout is a positive number of seconds, at most a year (31622400)".into()),
        Err(e) => Err(format!("a timeout is a number of seconds: {e}")),
    }
}

/// A strategy name known to [`knot::strategy_by_name`].
pub fn parse_strategy(name: &str) -> std::result::Result<String, String> {
    if knot::strategy_by_name(name).is_some() {
        Ok(name.to_string())
    } else {
        Err(format!(
            "unknown strategy `{name}`; known: {}",
            knot::strategy_names().join(", ")
        ))
    }
}

/// Loading options for a coinduction mode.
pub fn load_options(c: Coinduction, no_prelude: bool) -> LoadOptions {
    LoadOptions {
        lower: knot::LowerOptions {
            coinductive_all: c == Coinduction::All,
            coinductive_none: c == Coinduction::None,
            ..Default::default()
        },
        no_prelude,
        egraph: false,
        package: Default::default(),
    }
}

/// Which package of a Cargo manifest to read, with which features (as Cargo's flags).
#[derive(Args, Debug, Clone, Default)]
pub struct PackageArgs {
    /// The package's `Cargo.toml` (instead of the FILE argument).
    #[arg(long, value_name = "PATH")]
    pub manifest_path: Option<String>,
    /// The workspace member to read.
    #[arg(short = 'p', long = "package", value_name = "NAME")]
    pub package: Option<String>,
    /// Features to enable (comma- or space-separated; repeatable).
    #[arg(long, value_name = "FEATURES")]
    pub features: Vec<String>,
    /// Enable every feature.
    #[arg(long)]
    pub all_features: bool,
    /// Do not enable the `default` feature.
    #[arg(long)]
    pub no_default_features: bool,
}

impl PackageArgs {
    /// The package options these flags give.
    pub fn options(&self) -> knot::PackageOptions {
        knot::PackageOptions {
            package: self.package.clone(),
            features: self
                .features
                .iter()
                .flat_map(|f| f.split([',', ' ']))
                .filter(|f| !f.is_empty())
                .map(String::from)
                .collect(),
            all_features: self.all_features,
            no_default_features: self.no_default_features,
        }
    }

    /// The program to load: FILE, or `--manifest-path`.
    pub fn target(&self, file: Option<&String>) -> knot::Result<String> {
        match (file, &self.manifest_path) {
            (Some(f), None) => Ok(f.clone()),
            (None, Some(m)) => Ok(m.clone()),
            (Some(_), Some(_)) => Err(knot::Error::Goal {
                code: "cli::two_programs",
                message: "give FILE or --manifest-path, not both".into(),
            }),
            (None, None) => Err(knot::Error::Goal {
                code: "cli::no_program",
                message: "no program: give FILE (a file, or a directory with a Cargo.toml) or --manifest-path".into(),
            }),
        }
    }
}

/// Output formats.
#[derive(ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    /// Prolog-style text (`X = 1, Y = f(a).`, `true.`, `false.`).
    Text,
    /// One JSON object per goal.
    Json,
    /// chalk's answer text (`Unique; substitution [?0 := Foo]`, `No possible solution`, ...).
    Chalk,
    /// Graphviz DOT of the proof tree (`knot query .. --format dot | dot -Tsvg`).
    Dot,
}

#[derive(Args, Debug)]
struct RunArgs {
    /// A `.pl` clause file.
    file: String,
    /// Enumerate every answer of each query instead of one aggregated solution.
    #[arg(long)]
    all: bool,
    #[command(flatten)]
    solve: SolveOpts,
}

#[derive(Args, Debug)]
struct QueryArgs {
    /// A `.pl` clause file, a `.rs` / `.chalk` Rust-like program, or a Cargo package (a directory
    /// with a `Cargo.toml`, or the manifest).
    file: Option<String>,
    /// The goal, e.g. `path(1, X)` or `Vec<u32>: Clone`. Repeat it to ask several goals of the same
    /// loaded program in turn (each printed as `?- goal.` before its answer, as `knot run` does).
    #[arg(long, required = true)]
    goal: Vec<String>,
    /// Print every answer, one per line.
    #[arg(long, conflicts_with = "count")]
    all: bool,
    /// Enumerate every answer and print only how many there are.
    #[arg(long)]
    count: bool,
    /// Also write the search of the goal to FILE as JSON (format `knot-trace/1`, see the book's
    /// "Search traces" page): the tables (`slg`), search-graph nodes (`recursive`) or resolutions
    /// (`sld`), the calls between them, the cycles met, each fixpoint round, and the answer.
    #[arg(long, value_name = "FILE")]
    trace: Option<String>,
    /// Also write the search of the goal to FILE as a self-contained HTML page (no network): the
    /// same search view as the playground's, with a slider over the steps.
    #[arg(long, value_name = "FILE")]
    trace_html: Option<String>,
    #[command(flatten)]
    solve: SolveOpts,
}

/// Run the command line; returns the process exit code (0 answered, 2 bad input).
pub fn main_with(cli: Cli) -> ExitCode {
    // A goal typed on the command line: errors in it are shown against its text.
    let goal_text = match &cli.command {
        Command::Query(a) if a.goal.len() == 1 => Some(a.goal[0].clone()),
        _ => None,
    };
    let r = match cli.command {
        Command::Run(a) => query::run(&a.file, a.all, &a.solve),
        Command::Lower(a) => lower_cmd::lower(&a.file, &load_options(a.coinductive, a.no_prelude)),
        Command::Conformance(a) => conformance::run(&a),
        Command::Check(a) => check(&a),
        Command::Compare(a) => compare::compare(&a),
        Command::Repl(a) => repl::repl(&a.files, &a.solve),
        Command::Query(a) => {
            let mode = if a.count {
                query::Mode::Count
            } else if a.all {
                query::Mode::All
            } else {
                query::Mode::One
            };
            let trace = query::TraceOut {
                json: a.trace.clone(),
                html: a.trace_html.clone(),
            };
            match a.solve.package.target(a.file.as_ref()) {
                Ok(file) => query::query(&file, &a.goal, mode, &a.solve, &trace),
                Err(e) => Err(e),
            }
        }
    };
    match r {
        Ok(code) => code,
        Err(knot::Error::Io { path, message })
            if path == "<stdout>" && message.contains("Broken pipe") =>
        {
            ExitCode::SUCCESS
        }
        Err(e) => {
            query::flush_stats();
            eprintln!("{}", diagnostics::render(&e, goal_text.as_deref()));
            ExitCode::from(2)
        }
    }
}

/// `knot check`: print each coherence violation; exit 1 if there is one.
fn check(a: &CheckArgs) -> knot::Result<ExitCode> {
    let file = a.package.target(a.file.as_ref())?;
    let package = knot::manifest_of(&file).is_some();
    if !package && !knot::is_surface_path(&file) {
        return Err(knot::Error::Goal {
            code: "check::not_a_program",
            message: format!(
                "{}: `knot check` takes a Rust-like program (`.rs` or `.chalk`)",
                file
            ),
        });
    }
    let mut opts = load_options(Coinduction::Default, a.no_prelude);
    opts.lower.intercrate = !a.closed_world;
    opts.package = a.package.options();
    let mut loaded = load_file_with(&file, &opts)?;
    for w in loaded.warnings() {
        eprintln!("{w}");
    }
    let limits = Limits {
        timeout: Some(Duration::from_secs_f64(a.timeout.clamp(0.01, 1e6))),
        ..Limits::default()
    };
    let Some(violations) = loaded.check_coherence(&limits) else {
        return Ok(ExitCode::from(2));
    };
    let violations = violations?;
    for v in &violations {
        println!("{v}");
    }
    let errors = violations.iter().filter(|v| v.is_error()).count();
    let undecided = violations.len() - errors;
    if errors > 0 {
        println!("{errors} coherence violation(s)");
        Ok(ExitCode::from(1))
    } else if undecided > 0 {
        println!(
            "{}: {undecided} question(s) undecided (see the warnings above: a limit was hit, or an answer depends on a type or trait the program does not define)",
            file
        );
        Ok(ExitCode::from(3))
    } else {
        println!("{}: coherent", file);
        Ok(ExitCode::SUCCESS)
    }
}

/// Parse `std::env::args` and run.
pub fn main() -> ExitCode {
    main_with(Cli::parse())
}
