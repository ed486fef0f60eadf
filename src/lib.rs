//! knot: a logic engine for Rust's trait system.
//!
//! Layers: [`term`] (interned terms, unification), [`syntax`] (the clause language), [`program`]
//! (indexed clauses), [`solve`] (strategies behind one [`solve::Strategy`] trait), [`cli`] (the `knot`
//! command). The engine core knows nothing of Rust: a Rust-like program is lowered into clauses first.

pub mod cli;
pub mod engine;
pub mod error;
pub mod lower;
pub mod program;
pub mod solve;
pub mod syntax;
pub mod term;

pub use engine::{Answers, Engine};
pub use error::{Error, Result, Span};
pub use program::Program;
pub use solve::{aggregate, Answer, Goal, Limits, Outcome, Solution, Strategy};
pub use term::{Store, TermId};
