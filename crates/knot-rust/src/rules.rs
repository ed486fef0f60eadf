//! knot's Rust rules files (`rules/*.pl`), built in: the clauses every lowered program gets.

use knot_logic::syntax::library::{RulesFile, LISTS};

/// `rules/builtin.pl`: well-formedness of built-in types.
pub const BUILTIN: RulesFile = (
    "rules/builtin.pl",
    include_str!(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../rules/builtin.pl"
    )),
);
/// `rules/lang.pl`: built-in impls of lang-item traits.
pub const LANG: RulesFile = (
    "rules/lang.pl",
    include_str!(concat!(env!("CARGO_MANIFEST_DIR"), "/../../rules/lang.pl")),
);
/// `rules/unsize.pl`: the built-in `Unsize` rules.
pub const UNSIZE: RulesFile = (
    "rules/unsize.pl",
    include_str!(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../rules/unsize.pl"
    )),
);

/// Every rules file knot has, the logic crate's list library included: what the front door's
/// build-time snapshot holds.
pub const ALL: [RulesFile; 4] = [BUILTIN, LANG, UNSIZE, LISTS];
