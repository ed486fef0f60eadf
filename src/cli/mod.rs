//! The `knot` command: one file per subcommand; `main` parses arguments with clap and dispatches.

mod load;
mod output;
mod query;

pub use load::{load_file, Loaded};
pub use output::{answer_text, solution_text};
pub use query::check_goal;

use crate::solve::Limits;
use clap::{Args, Parser, Subcommand, ValueEnum};
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
}

/// Options shared by commands that solve goals.
#[derive(Args, Debug, Clone)]
pub struct SolveOpts {
    /// Resolution strategy: `slg` (tabling, default), `sld` (depth-first; cycles overflow),
    /// `recursive` (rustc-style search graph: provisional results of cycle heads, fixpoint iteration).
    #[arg(long, default_value = "slg", value_parser = ["slg", "sld", "recursive"])]
    pub strategy: String,
    /// Output format.
    #[arg(long, value_enum, default_value_t = Format::Text)]
    pub format: Format,
    /// Print statistics (tables, answers, unifications, steps, time) to stderr.
    #[arg(long)]
    pub stats: bool,
    /// Deepest derivation before answering Overflow.
    #[arg(long, default_value_t = Limits::default().max_depth)]
    pub max_depth: u32,
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
    /// Wall-clock limit in seconds for each goal (fractions allowed).
    #[arg(long)]
    pub timeout: Option<f64>,
    /// Table every predicate (SLG), not only those declared with `:- table`.
    #[arg(long)]
    pub table_all: bool,
    /// Unify without the occurs check (Prolog's default; faster, unsound on cyclic terms).
    #[arg(long)]
    pub no_occurs_check: bool,
}

impl SolveOpts {
    /// The limits these options describe.
    pub fn limits(&self) -> Limits {
        Limits {
            max_depth: self.max_depth,
            max_steps: self.max_steps,
            max_tables: self.max_tables,
            max_answers: self.max_answers,
            timeout: self
                .timeout
                .filter(|t| t.is_finite() && *t > 0.0)
                .map(Duration::from_secs_f64),
            occurs_check: !self.no_occurs_check,
            table_all: self.table_all,
            max_term_depth: self.max_term_depth,
            ..Limits::default()
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
    /// A `.pl` clause file.
    file: String,
    /// The goal, e.g. `path(1, X)`.
    #[arg(long)]
    goal: String,
    /// Print every answer, one per line.
    #[arg(long, conflicts_with = "count")]
    all: bool,
    /// Enumerate every answer and print only how many there are.
    #[arg(long)]
    count: bool,
    #[command(flatten)]
    solve: SolveOpts,
}

/// Run the command line; returns the process exit code (0 answered, 2 bad input).
pub fn main_with(cli: Cli) -> ExitCode {
    let r = match cli.command {
        Command::Run(a) => query::run(&a.file, a.all, &a.solve),
        Command::Query(a) => {
            let mode = if a.count {
                query::Mode::Count
            } else if a.all {
                query::Mode::All
            } else {
                query::Mode::One
            };
            query::query(&a.file, &a.goal, mode, &a.solve)
        }
    };
    match r {
        Ok(code) => code,
        Err(crate::error::Error::Io { path, message })
            if path == "<stdout>" && message.contains("Broken pipe") =>
        {
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("{e}");
            ExitCode::from(2)
        }
    }
}

/// Parse `std::env::args` and run.
pub fn main() -> ExitCode {
    main_with(Cli::parse())
}
