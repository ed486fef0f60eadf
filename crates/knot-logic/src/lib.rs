//! knot's logic engine: interned terms and their printer, the clause language, the program store,
//! the resolution strategies (`sld`, `slg`, `recursive`), the Datalog sub-engine, the Prolog
//! built-ins and the limits every search runs under.
//!
//! It knows nothing of Rust. A front end that lowers another language into clauses brings what the
//! engine needs to know about it as one [`Dialect`] value: the text of the symbols its lowering
//! gives a meaning (regions, kinded variables, the constructors subtyping relates), and the policy
//! switches its programs are solved under.
//!
//! A new resolution strategy is written from the building blocks this crate exposes: terms
//! ([`Store`], [`TermId`], [`View`]), unification with undo ([`Bindings`], [`Ref`]), clause
//! lookup by predicate and first argument ([`Program::candidates`]), canonical goals
//! ([`canonical`]), answer sets ([`AnswerSet`]), and the limits and cancel flag ([`Limits`]).

pub mod clock;
pub mod dialect;
pub mod dynamic;
pub mod error;
pub mod program;
#[cfg(feature = "image")]
mod records;
pub mod solve;
pub mod suggest;
pub mod syntax;
pub mod term;

pub use dialect::{Dialect, Vocabulary};
pub use error::{Error, Result, Span};
pub use program::{Foreign, ForeignPreds, ForeignResult, Generation, Program, Query};
pub use solve::answers::AnswerSet;
pub use solve::{
    aggregate, Aggregation, Answer, AnswerRef, Certainty, Goal, Guidance, Limits, MaybeCause,
    OnAnswer, Outcome, Solution, StopReason, Strategy, StrategyFactory,
};
pub use term::canon::canonical;
pub use term::unify::{Bindings, Ref, UnifyOptions};
pub use term::{Kind, Store, Sym, TermId, View};
