//! The `knot-cli` package builds the `knot` command (`src/main.rs`, behind the default `cli`
//! feature). As a library it is the front door, [`knot`], re-exported unchanged, so that
//! `cargo build --lib --no-default-features` in the repository's root builds the engine without
//! the command's dependencies (clap, rustyline, indicatif, ctrlc, miette).

pub use knot::*;
