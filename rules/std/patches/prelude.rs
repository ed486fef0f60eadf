// std's prelude (Rust 2021): the names every module sees. Derive macros bring the trait names of
// Debug, Hash and the comparison traits as well.

pub use crate::marker::{Copy, Send, Sized, Sync, Unpin};
pub use crate::ops::{Drop, Fn, FnMut, FnOnce};
pub use crate::boxed::Box;
pub use crate::borrow::ToOwned;
pub use crate::clone::Clone;
pub use crate::cmp::{Eq, Ord, PartialEq, PartialOrd};
pub use crate::convert::{AsMut, AsRef, From, Into, TryFrom, TryInto};
pub use crate::default::Default;
pub use crate::iter::{DoubleEndedIterator, ExactSizeIterator, Extend, FromIterator, IntoIterator, Iterator};
pub use crate::option::Option;
pub use crate::result::Result;
pub use crate::string::{String, ToString};
pub use crate::vec::Vec;
pub use crate::fmt::Debug;
pub use crate::hash::Hash;
