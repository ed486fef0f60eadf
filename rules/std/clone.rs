// std::clone. Scalars, `!`, shared references, raw pointers, arrays and tuples of Clone types are
// Clone by the built-in rules of the `clone` lang item.

#[lang(clone)]
pub trait Clone {}
