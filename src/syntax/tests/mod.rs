//! The parsers' own tests (they exercise internals: the ASTs, the clause parser's items, the surface
//! parser's entry points), kept inside the crate so that the crate's API stays small.

mod clause_roundtrip;
mod rust_fast;
mod rust_file_text;
mod surface_parse;
