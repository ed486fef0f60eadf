//! The clause reader's own tests.

mod clause_roundtrip;
