//! The surface parser: pest grammar (`surface.pest`) plus the conversion of pest's parse tree into
//! the AST of [`crate::syntax::ast`], one module per job: the nesting pre-scan (`nesting`), pest's
//! errors (`errors`), tree walking (`walk`), then `items`, `generics` (bounds and where-clauses),
//! `types` and `goals`.
//!
//! Before pest sees the text, [`check_nesting`] rejects unbalanced brackets, unterminated comments
//! and strings, and nesting deeper than [`MAX_NESTING`] with precise locations. Deeply nested (but
//! accepted) input is parsed on a thread with a large stack, so no input can overflow the stack.

use std::sync::Arc;

use pest::error::{ErrorVariant, InputLocation};
use pest::iterators::{Pair, Pairs};
use pest::Parser as _;

use crate::error::{Error, LineIndex, Result, Span};
use crate::syntax::ast::*;

/// The pest parser generated from `surface.pest` (in a private module: `Rule` is an
/// implementation detail).
mod grammar {
    #[derive(pest_derive::Parser)]
    #[grammar = "syntax/surface.pest"]
    pub struct SurfaceParser;
}

use grammar::{Rule, SurfaceParser};

mod errors;
mod generics;
mod goals;
mod items;
mod nesting;
mod types;
mod walk;

pub use nesting::check_nesting;
// The tree-walking helpers, for every module (each `use super::*`).
use walk::*;

/// The deepest bracket / type nesting accepted.
pub const MAX_NESTING: usize = 2_000;

/// Nesting above which parsing runs on a dedicated thread with a large stack.
const DEEP_NESTING: usize = 64;

/// Parses a whole program.
pub fn parse_program(file: &Arc<str>, src: &str) -> Result<Program> {
    run(file, src, Rule::program, |cx, pair| cx.program(pair))
}

/// Parses a goal.
pub fn parse_goal(file: &Arc<str>, src: &str) -> Result<Goal> {
    run(file, src, Rule::goal_input, |cx, pair| {
        let mut k = cx.kids(pair);
        cx.goal(k.next()?)
    })
}

/// Parses a single type (used by the parser's tests).
#[cfg_attr(not(test), allow(dead_code))]
pub fn parse_type(file: &Arc<str>, src: &str) -> Result<Ty> {
    run(file, src, Rule::ty_input, |cx, pair| {
        let mut k = cx.kids(pair);
        cx.ty(k.next()?)
    })
}

/// Checks nesting, parses with pest, and converts the tree with `build` (on a big-stack thread
/// when the input is deeply nested).
fn run<T: Send>(
    file: &Arc<str>,
    src: &str,
    rule: Rule,
    build: impl Fn(&Cx<'_>, Pair<'_, Rule>) -> Result<T> + Send + Sync,
) -> Result<T> {
    let depth = check_nesting(file, src)?;
    let work = || {
        let cx = Cx {
            file,
            src,
            lines: LineIndex::new(src),
        };
        let pair = cx.parse(rule)?;
        build(&cx, pair)
    };
    crate::syntax::prescan::with_big_stack_if(depth > DEEP_NESTING, work)
}
