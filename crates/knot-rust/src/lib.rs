//! knot's Rust layer: everything that knows Rust.
//!
//! - the front ends: `.rs` files as pasted (read with syn) and `.chalk` programs in chalk's test
//!   syntax ([`syntax`]), name resolution against the std model ([`resolve`]);
//! - the lowering of items to clauses, chalk's rules written once ([`lower`]), with the typed
//!   vocabulary of the lowered language ([`vocab`]) handed to the logic engine as a
//!   [`knot_logic::Vocabulary`] and a [`knot_logic::Dialect`];
//! - the std model and its image ([`std_image`]), knot's Rust rules files ([`rules`]);
//! - associated-type normalization in an e-graph ([`normalize`]), coherence ([`coherence`]),
//!   region checking ([`regions`]), and answers in Rust and chalk notation ([`render`]).

pub mod coherence;
pub mod lower;
pub mod normalize;
pub mod regions;
pub mod render;
pub mod resolve;
pub mod rules;
pub mod std_image;
pub mod syntax;
pub mod vocab;

pub use knot_logic::{error, program, solve, suggest, term};
