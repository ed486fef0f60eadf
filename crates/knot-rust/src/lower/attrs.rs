//! Which item attributes knot interprets, and a located warning for every other one: an attribute
//! that changes rustc's answer (say `#[rustc_deny_explicit_impl]`) must not be dropped without a word.

use crate::syntax::ast;

/// Attributes with a meaning in knot (rustc's spelling `rustc_coinductive` is `coinductive`).
const INTERPRETED: &[&str] = &[
    "auto",
    "coinductive",
    "rustc_coinductive",
    "non_enumerable",
    "lang",
    "upstream",
    "fundamental",
    "marker",
    "derive",
    ast::UNSEEN_ATTR,
];

/// chalk test-suite attributes about properties knot does not model and that no trait-solving
/// answer of knot depends on (object safety is not checked, variance and layout are not reasoned
/// about): accepted without a warning, so chalk's programs load quietly.
const CHALK_NEUTRAL: &[&str] = &["object_safe", "phantom_data", "repr", "variance"];

/// `file:line:col: warning: ...` for each attribute of `prog`'s items that knot does not interpret.
pub fn unknown_attribute_warnings(prog: &ast::Program) -> Vec<String> {
    let mut out = Vec::new();
    for item in &prog.items {
        for a in &item.attrs {
            let n = a.name.name.as_str();
            if INTERPRETED.contains(&n) || CHALK_NEUTRAL.contains(&n) {
                continue;
            }
            out.push(format!(
                "{}: warning: attribute `#[{n}]` is not interpreted by knot and is ignored",
                a.span
            ));
        }
    }
    out
}
