//! knot: a logic engine for Rust's trait system.
//!
//! knot answers questions such as "does `Vec<Foo>` implement `Clone`?" or "what is
//! `<Vec<u8> as IntoIterator>::Item`?". A Rust-like program (chalk's test syntax in a `.chalk` file,
//! or Rust as written in a `.rs` file) is lowered to Horn clauses, as chalk lowers it; a clause
//! program (`.pl`, a Prolog-like language with tabling) is loaded as it is. Goals are then solved by
//! one of three strategies: `slg` (tabled, the default), `recursive` (rustc's next solver's way) or
//! `sld` (plain depth-first).
//!
//! # Start here: a [`Session`]
//!
//! A [`Session`] (also named [`Engine`]) owns one loaded program: its terms, its clauses, the
//! strategy whose caches carry over from goal to goal, and the limits every goal (and every nested
//! solve) runs under.
//!
//! ```
//! use knot::{Limits, Session, Solution};
//!
//! let mut s = Session::from_rust("ex.chalk", "
//!     trait Clone {}
//!     struct Foo {}
//!     struct Bar {}
//!     struct Vec<T> {}
//!     impl Clone for Foo {}
//!     impl<T> Clone for Vec<T> where T: Clone {}
//! ").unwrap();
//! assert_eq!(s.answers("Vec<Foo>: Clone").unwrap().chalk(), "Unique");
//!
//! assert_eq!(s.answers("Vec<Bar>: Clone").unwrap().chalk(), "No possible solution");
//!
//! // `T: Clone` has infinitely many answers: a limit stops the search, and says so. A search that
//! // hits a limit never turns into "no".
//! let mut s = s.with_limits(Limits { max_answers: 2, ..Limits::default() });
//! let a = s.answers("exists<T> { T: Clone }").unwrap();
//! assert!(!a.texts.is_empty() && a.texts.len() <= 2);
//! assert!(a.outcome.overflow().is_some());
//! assert!(!matches!(a.solution, Solution::Unique(_) | Solution::NoSolution));
//! ```
//!
//! # The API at a glance
//!
//! | for | names |
//! | --- | --- |
//! | loading and asking | [`Session`] = [`Engine`], [`Answers`], [`Limits`], [`LowerOptions`] |
//! | reading results | [`Solution`], [`Guidance`], [`Outcome`], [`StopReason`], [`Answer`], [`Violation`] |
//! | errors | [`Error`], [`Result`], [`Span`], [`MAX_NESTING`] |
//! | terms and clauses | [`Store`], [`TermId`], [`Sym`], [`View`], [`Program`], [`Generation`], [`Query`] |
//! | writing a strategy | [`Strategy`], [`Goal`], [`OnAnswer`], [`AnswerRef`], [`register_strategy`], [`strategy_by_name`], [`strategy_names`], [`aggregate`] |
//! | predicates implemented in Rust | [`Foreign`], [`ForeignResult`], [`ForeignPreds`] (in [`Program::foreign`]); [`EgraphNormalizer`] and [`EgraphLimits`], the e-graph normalizer of projections |
//! | building a front end (what the `knot` command uses) | loading with options ([`load_file_with`], [`Loaded`], [`solve_goal`], ...), rendering ([`answer_text`], [`chalk`], [`solution_json`], ...), explanations ([`Explainer`]), the REPL's database edits ([`db_edit`]) |
//!
//! Everything else (the parsers, the lowering, the machine, the tables) is private: the modules
//! are described in ARCHITECTURE.md, and live in the crates below this one: `knot-logic` (the
//! engine, which knows no Rust) and `knot-rust` (the Rust layer). The `knot` command (the
//! `knot-cli` package) is built on the names above alone.
//!
//! # Writing a strategy
//!
//! A [`Strategy`] answers a [`Goal`] over a [`Program`]; registered by name, it is usable from a
//! [`Session`] and from the command line (`--strategy NAME`). See `examples/custom_strategy.rs`.
//!
//! ```
//! use knot::{strategy_by_name, Goal, Limits, Session};
//! use std::ops::ControlFlow;
//!
//! let mut s = Session::from_clauses("tc.pl", "edge(1, 2). edge(2, 3).").unwrap();
//! let (goal, vars) = s.parse_goal("edge(X, Y)").unwrap();
//! let mut sld = strategy_by_name("sld").unwrap();
//! let mut n = 0;
//! let goal = Goal { term: goal, nvars: vars.len() as u32 };
//! let outcome = sld.solve(&mut s.store, &s.program, &goal, &Limits::default(), &mut |_, _| {
//!     n += 1;
//!     ControlFlow::Continue(())
//! });
//! assert_eq!((n, outcome.overflow()), (2, None));
//! ```

#![warn(missing_docs)]

mod artefacts;
pub use artefacts::install_std_artefacts;
mod builtins;
mod engine;
mod explain;
mod load;
mod package;
#[cfg(all(test, feature = "embedded-std"))]
mod std_image_tests;
mod trace;
mod workspace;

// The layers below, under the names the front door's modules use.
use knot_logic::{error, program, solve, suggest, term};
use knot_rust::{coherence, lower, normalize, regions, render, resolve, std_image, syntax};

pub use engine::{Answers, Engine};
pub use lower::LowerOptions;
pub use solve::Limits;

// Reading results.
pub use coherence::Violation;
pub use solve::aggregate::aggregate;
pub use solve::{
    Aggregation, Answer, Certainty, Guidance, MaybeCause, Outcome, Solution, StopReason,
};

// Errors, and the one limit every parser enforces.
pub use error::{Error, Result, Span};
pub use syntax::prescan::MAX_NESTING;

// Terms and clauses.
pub use program::{Generation, Program, Query};
pub use term::{Kind, Store, Sym, TermId, View};

// Writing a strategy of one's own.
pub use solve::{
    register_strategy, strategy_by_name, strategy_names, AnswerRef, Goal, OnAnswer, Strategy,
    StrategyFactory,
};

// Predicates implemented in Rust (Prolog's foreign interface); the e-graph normalizer is one, for
// projections (`alias_eq/2`).
pub use normalize::{EgraphLimits, EgraphNormalizer};
pub use program::{Foreign, ForeignPreds, ForeignResult};

// Building a front end: what the `knot` command and its REPL use beyond a `Session`. Loading with
// options, solving with answer-by-answer output, rendering (Prolog text, chalk notation, JSON),
// explanations, the REPL's database edits, and did-you-mean suggestions.
pub use explain::items::Items as SourceItems;
pub use explain::render::{dot as explain_dot, text as explain_text, why_not};
pub use explain::{Explainer, Node as ExplainNode, Verdict};
pub use load::{
    default_limits, is_surface_path, library_source, load_clauses, load_file, load_file_with,
    load_package, load_surface, program_text, read_source, solve_goal, LoadOptions, Loaded, Solved,
    Source, RECURSIVE_MAX_DEPTH, TRAIT_GOAL_MAX_DEPTH,
};
pub use lower::Names;
pub use package::{manifest_of, PackageOptions};
pub use regions::{check_answer_regions, check_regions, RegionViolation};
pub use render::{
    answer_text, chalk, cpu_seconds, default_var_name, notes, solution_json, solution_text,
    stats_json, stats_text, term_to_string, Notation,
};
pub use solve::memory::resident as resident_bytes;
pub use solve::{capture_output, error_message, take_output, BUILTINS};
pub use suggest::{closest, edit_distance};
pub use syntax::clauses::parse_goal as parse_clause_goal;
pub use syntax::print::clause_to_string;
pub use trace::{explain_json, solve_traced, TRACE_EVENTS, TRACE_FORMAT, TRACE_RESOLUTIONS};
pub use workspace::{add_clause_text, apply_db_edit, db_edit, load_all, DbEdit};

/// The one owner of a loaded program: its store, its clauses (with their [`Generation`]), the
/// lowering's names, the strategy whose caches carry over from goal to goal, and the root limits
/// and cancel flag every nested solve gets what remains of. It is [`Engine`] under the name the
/// architecture uses.
pub type Session = Engine;
