//! Parsers and printers: the clause language (`clauses.pest`) and the Rust-like surface language
//! (`surface.pest`, chalk's test-program syntax plus everyday Rust spellings) into [`ast`].

pub mod ast;
pub mod clauses;
pub mod facts;
pub mod library;
pub(crate) mod macro_rules;
pub mod prescan;
pub mod print;
pub mod rust;
mod rust_fast;
pub mod surface;
#[cfg(test)]
mod tests;
