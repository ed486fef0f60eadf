//! knot: a logic engine for Rust's trait system.
//!
//! Layers: [`term`] (interned terms, unification), [`syntax`] (the clause language and the Rust-like
//! surface language), [`program`] (indexed clauses), [`lower`] (Rust-like programs to clauses, as chalk
//! lowers them), [`solve`] (strategies behind one [`solve::Strategy`] trait), [`coherence`] (overlap and
//! orphan checks), `cli` (the `knot` command, behind the default `cli` feature). The engine core knows nothing of Rust: a Rust-like
//! program is lowered into clauses first. [`Engine`] puts the layers together.
//!
//! Each layer can be used on its own. Parse and lower a program, print its clauses, and solve a goal
//! built from terms:
//!
//! ```
//! use knot::lower::{lower_program, LowerOptions};
//! use knot::solve::{strategy_by_name, Goal, Limits};
//! use knot::syntax::surface::parse_program;
//! use knot::Store;
//!
//! let src = "trait Clone {} struct Foo {} impl Clone for Foo {}";
//! let ast = parse_program(&"ex.chalk".into(), src).unwrap();
//! let mut store = Store::new();
//! let lowered = lower_program(&mut store, &ast, &LowerOptions::default()).unwrap();
//! // One predicate per trait: `'Clone'('Foo').`
//! let clone = store.sym("Clone");
//! let first = lowered.program.clauses().iter().find(|c| store.functor(c.head) == Some((clone, 1)));
//! assert!(first.is_some());
//!
//! // The goal `'Clone'('Foo')`, built from terms, solved with the tabling strategy.
//! let foo = store.atom_named("Foo");
//! let goal = store.app(clone, &[foo]);
//! let mut slg = strategy_by_name("slg").unwrap();
//! let mut answers = 0;
//! let outcome = slg.solve(&mut store, &lowered.program, &Goal { term: goal, nvars: 0 },
//!                         &Limits::default(), &mut |_, _| { answers += 1; std::ops::ControlFlow::Continue(()) });
//! assert_eq!((answers, outcome.overflow()), (1, None));
//! ```

#![warn(missing_docs)]

mod builtins;
#[cfg(feature = "cli")]
pub mod cli;
pub mod coherence;
mod engine;
pub mod error;
pub mod explain;
mod load;
pub mod lower;
mod normalize;
pub mod program;
pub mod render;
pub mod resolve;
pub mod solve;
mod suggest;
pub mod syntax;
pub mod term;
mod workspace;

// The curated front door. The command line (`cli/`) uses only these names and the public modules
// above, never a module's internals; a library user needs nothing else for the common tasks.
pub use builtins::{check_goal, is_builtin};
pub use coherence::check as check_coherence;
pub use engine::{Answers, Engine};
pub use error::{Error, Result, Span};
pub use explain::items::Items as SourceItems;
pub use explain::render::{dot as explain_dot, text as explain_text, why_not};
pub use explain::{Explainer, Node as ExplainNode};
pub use load::{
    is_surface_path, library_source, load_clauses, load_file, load_file_with, load_surface,
    read_source, solve_goal, LoadOptions, Loaded, Solved, Source, PRELUDE,
};
pub use lower::{LowerOptions, Names};
pub use normalize::{EgraphLimits, EgraphNormalizer};
pub use program::{hide_quantified, mark_negations, Generation, Program};
pub use render::{
    answer_text, chalk, clauses_text, cpu_seconds, default_var_name, notes, program_text,
    set_rust_notation, solution_json, solution_text, stats_json, stats_text, term_to_string,
};
pub use solve::{
    aggregate, capture_output, error_message, strategy_by_name, strategy_names, take_output,
    Answer, Goal, Guidance, Limits, Outcome, Solution, StopReason, Strategy, BUILTINS,
};
pub use suggest::{closest, edit_distance};
pub use syntax::clauses::parse_goal as parse_clause_goal;
pub use syntax::print::clause_to_string;
pub use term::{Store, TermId};
pub use workspace::{apply_db_edit, db_edit, load_all, DbEdit};

/// The one owner of a loaded program: its store, its clauses (with their [`Generation`]), the
/// lowering's names, the strategy whose caches carry over from goal to goal, and the root limits
/// and cancel flag every nested solve gets what remains of. It is [`Engine`] under the name the
/// architecture uses.
pub type Session = Engine;
