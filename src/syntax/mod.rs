//! Parsers and printers: the clause language (`clauses.pest`) and, later, the Rust-like surface language.

pub mod clauses;
pub mod prescan;
pub mod print;
