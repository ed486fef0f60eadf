//! The Rust-like front ends: everyday Rust (`.rs`, read with syn) and chalk's test-program syntax
//! (`surface.pest`), both into [`ast`]. The clause language's reader and printer are the logic
//! crate's, re-exported here so that the front ends name one `syntax` module.

pub mod ast;
pub mod macro_rules;
pub mod rust;
mod rust_fast;
pub mod surface;
#[cfg(test)]
mod tests;

pub use knot_logic::syntax::{clauses, facts, library, prescan, print};
