//! The clause language: its reader (`clauses.pest`), a fast scanner for plain facts, the printer,
//! the pre-scan that bounds nesting, and knot's own Prolog library files.

pub mod clauses;
pub mod dcg;
pub mod facts;
pub mod library;
pub mod prescan;
pub mod print;
#[cfg(test)]
mod tests;
