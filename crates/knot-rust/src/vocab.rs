//! The lowered language's vocabulary: the symbols the lowering writes that the logic engine gives
//! a meaning to, defined once, and the policy switches a lowered program is solved under.
//!
//! The engine knows these only as roles ([`knot_logic::Vocabulary`]): a store made with
//! [`new_store`] interns them under the names below, so `'$lt'(R)` is a region to the unifier and
//! `'$ref'(L, T)` is related with variance by subtyping.

use knot_logic::dialect::{Constructor, Generalize, Vocabulary};
use knot_logic::program::Variance::{Contravariant, Covariant, Invariant};
use knot_logic::term::Store;

/// `'$lt'(R)`: a lifetime (a region).
pub const REGION: &str = "$lt";
/// `'$outlives'(A, B)`: `A: 'b` (`T: 'a`, `'a: 'b`, WF of `&'a T`).
pub const OUTLIVES: &str = "$outlives";
/// `'$regions'(Constraints, Universes)`: an answer's region constraints.
pub const REGIONS: &str = "$regions";
/// `'$int_var'(X)`: chalk's integer inference variable (`exists<int X>`).
pub const INT_VAR: &str = "$int_var";
/// `'$float_var'(X)`: chalk's float inference variable (`exists<float X>`).
pub const FLOAT_VAR: &str = "$float_var";
/// `'$alias'(..)`: a rigid projection `<T as Tr>::A` that could not be normalized.
pub const ALIAS: &str = "$alias";
/// `'$dyn'(Bounds, Lifetime)`: a `dyn Trait` type.
pub const DYN: &str = "$dyn";
/// `'$b'(TraitRef, Bindings)`: one bound of a `dyn` type.
pub const DYN_BOUND: &str = "$b";
/// `'$fn'(Args, Ret)` / `'$fn'(Sig, Args, Ret)`: a function-pointer type.
pub const FN_PTR: &str = "$fn";
/// `'$variadic'(Args)`: a C-variadic function pointer's arguments.
pub const VARIADIC: &str = "$variadic";
/// `alias_eq(Alias, Value)`: the value of an associated type.
pub const ALIAS_EQ: &str = "alias_eq";
/// `'$tuple'(..)`, `'$slice'(T)`, `'$array'(T, N)`, `'$ref'(L, T)`, `'$refmut'(L, T)`,
/// `'$ptr'(T)`, `'$ptrmut'(T)`: the built-in type constructors.
pub const TUPLE: &str = "$tuple";
/// See [`TUPLE`].
pub const SLICE: &str = "$slice";
/// See [`TUPLE`].
pub const ARRAY: &str = "$array";
/// See [`TUPLE`].
pub const REF: &str = "$ref";
/// See [`TUPLE`].
pub const REF_MUT: &str = "$refmut";
/// See [`TUPLE`].
pub const PTR: &str = "$ptr";
/// See [`TUPLE`].
pub const PTR_MUT: &str = "$ptrmut";

/// The variance of the built-in constructors' arguments (a tuple, a slice and an array are
/// covariant in their elements, `&'a T` contravariant in `'a` and covariant in `T`, `&'a mut T`
/// and `*mut T` invariant in `T`), as chalk relates and generalizes them.
const CONSTRUCTORS: &[Constructor] = &[
    Constructor {
        name: TUPLE,
        arity: None,
        relate: &[Covariant],
        generalize: &[Generalize::Composed(Covariant)],
    },
    Constructor {
        name: SLICE,
        arity: None,
        relate: &[Covariant],
        generalize: &[Generalize::Composed(Covariant)],
    },
    Constructor {
        name: ARRAY,
        arity: Some(2),
        relate: &[Covariant, Invariant],
        // The length generalizes to a fresh variable, as chalk generalizes a constant.
        generalize: &[
            Generalize::Composed(Covariant),
            Generalize::Fixed(Covariant),
        ],
    },
    Constructor {
        name: REF,
        arity: Some(2),
        relate: &[Contravariant, Covariant],
        generalize: &[
            Generalize::Composed(Contravariant),
            Generalize::Fixed(Covariant),
        ],
    },
    Constructor {
        name: REF_MUT,
        arity: Some(2),
        relate: &[Contravariant, Invariant],
        generalize: &[
            Generalize::Composed(Contravariant),
            Generalize::Fixed(Invariant),
        ],
    },
    Constructor {
        name: PTR,
        arity: Some(1),
        relate: &[Covariant],
        generalize: &[Generalize::Fixed(Covariant)],
    },
    Constructor {
        name: PTR_MUT,
        arity: Some(1),
        relate: &[Invariant],
        generalize: &[Generalize::Fixed(Invariant)],
    },
];

/// The Rust layer's vocabulary, as the engine takes it.
pub const VOCABULARY: Vocabulary = Vocabulary {
    region: REGION,
    outlives: OUTLIVES,
    constraints: REGIONS,
    int_var: INT_VAR,
    float_var: FLOAT_VAR,
    alias: Some(ALIAS),
    existential: Some(DYN),
    existential_bound: Some(DYN_BOUND),
    fn_ptr: Some(FN_PTR),
    variadic: Some(VARIADIC),
    alias_eq: Some(ALIAS_EQ),
    constructors: CONSTRUCTORS,
};

/// A store that speaks the lowered language: every store a Rust-like program (or a `.pl` file
/// `knot lower` wrote) is read into.
pub fn new_store() -> Store {
    Store::with_vocabulary(&VOCABULARY)
}
