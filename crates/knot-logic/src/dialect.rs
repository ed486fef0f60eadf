//! What the engine needs to know about the language a program was lowered from, as values.
//!
//! The engine answers Horn clauses and hereditary Harrop goals. A front end that lowers another
//! language into clauses (knot's Rust layer does) gives some symbols a meaning the engine has to
//! honour — a region that unifies by recording constraints, a variable that only integers may bind,
//! the constructors subtyping relates with variance — and solves its programs under a few policy
//! switches. Both come in here, as data: the engine compares symbols, never names.
//!
//! - [`Vocabulary`]: the text of each symbol with an engine-level meaning. A [`Store`] is created
//!   with one ([`Store::with_vocabulary`]); [`Vocabulary::NEUTRAL`] is the engine's own.
//! - [`Dialect`]: the policy switches a program is solved under ([`Program::dialect`]).
//!
//! [`Store`]: crate::term::Store
//! [`Store::with_vocabulary`]: crate::term::Store::with_vocabulary
//! [`Program::dialect`]: crate::program::Program::dialect

use crate::program::Variance;

/// The policy switches a program is solved under. The default is Prolog's: clause programs.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Dialect {
    /// ISO's `unknown` flag is `error`: a call to an undefined predicate raises
    /// `existence_error(procedure, Name/Arity)` (clause programs); when false it fails (lowered
    /// programs, where a relation without clauses is simply false).
    pub unknown_error: bool,
    /// A negation that would flounder waits for the rest of its conjunction, which may bind its
    /// variables (as chalk's SLG reorders such goals); when false it flounders where it stands, in
    /// Prolog's left-to-right order.
    pub defer_floundering_negation: bool,
    /// `slg` takes up the relations of the goal's top conjunction first, right to left, as chalk's
    /// SLG solver does (`solve/slg/order.rs`); when false, the goal's written order.
    pub chalk_goal_order: bool,
    /// A non-enumerable call that flounders leaves its branch going on, tainted: the branch's
    /// answer is ambiguous, with its substitution (chalk's SLG). When false the branch ends and the
    /// search is marked floundered (unknown). Likewise, under `slg`, an answer too deep for the
    /// limits is kept as an ambiguous answer that binds nothing (chalk's truncation), where
    /// otherwise the whole search is marked truncated.
    pub flounder_as_ambiguous: bool,
    /// A bound goal (the vocabulary's `outlives`) is decomposed into the components of its first
    /// argument (each region in it must outlive the second; variables, placeholders and the
    /// vocabulary's rigid `alias` terms kept whole), and trivially true ones are dropped. When
    /// false, the goal is recorded as it is.
    pub outlives_components: bool,
    /// Outside hypotheses, a call of a predicate that no derivation without hypotheses can prove
    /// fails at once (`solve/unprovable.rs`). When false such a call runs as written, so `p :- p.`
    /// under `sld` overflows as it does in Prolog.
    pub fail_unprovable: bool,
    /// Ambiguous answers are aggregated as chalk's SLG solver aggregates them: an answer is merged
    /// into the guidance only when it may invalidate it position by position. When false, every
    /// answer is generalized with the others.
    pub chalk_guidance: bool,
}

impl Dialect {
    /// The switches in a fixed order (for images).
    pub fn flags(&self) -> [bool; 7] {
        [
            self.unknown_error,
            self.defer_floundering_negation,
            self.chalk_goal_order,
            self.flounder_as_ambiguous,
            self.outlives_components,
            self.fail_unprovable,
            self.chalk_guidance,
        ]
    }

    /// The inverse of [`Dialect::flags`].
    pub fn from_flags(f: [bool; 7]) -> Dialect {
        let [unknown_error, defer_floundering_negation, chalk_goal_order, flounder_as_ambiguous, outlives_components, fail_unprovable, chalk_guidance] =
            f;
        Dialect {
            unknown_error,
            defer_floundering_negation,
            chalk_goal_order,
            flounder_as_ambiguous,
            outlives_components,
            fail_unprovable,
            chalk_guidance,
        }
    }
}

/// How subtyping treats one argument of a built-in constructor when it generalizes a type (the
/// fresh structure a variable is bound to before it is related).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Generalize {
    /// The constructor's variance composed with this one.
    Composed(Variance),
    /// This variance, whatever the constructor's.
    Fixed(Variance),
}

/// A built-in type constructor of the dialect and the variance of its arguments.
#[derive(Clone, Copy, Debug)]
pub struct Constructor {
    /// Its functor's text.
    pub name: &'static str,
    /// Its arity; `None`: any, every argument as the first entry of the lists below says.
    pub arity: Option<usize>,
    /// Each argument's variance relative to the constructor's, when two such types are related.
    pub relate: &'static [Variance],
    /// Each argument's treatment when a type of it is generalized.
    pub generalize: &'static [Generalize],
}

/// The text of every symbol the engine gives a meaning to. The engine interns them at fixed
/// places ([`crate::term::syms`]) or looks them up once per store ([`crate::term::Roles`]).
#[derive(Clone, Copy, Debug)]
pub struct Vocabulary {
    /// `R(x)`: a region. Unifying two regions never fails: it binds an inference region or records
    /// two `outlives` constraints.
    pub region: &'static str,
    /// `O(A, B)`: "A outlives B", recorded as a constraint of the answer, never decided.
    pub outlives: &'static str,
    /// `C(Constraints, Universes)`: the last value of an answer that holds under constraints.
    pub constraints: &'static str,
    /// `I(X)`: X is an integer variable (binds only to the dialect's integer scalars).
    pub int_var: &'static str,
    /// `F(X)`: X is a float variable.
    pub float_var: &'static str,
    /// `A(..)`: a rigid alias (a projection that could not be normalized): kept whole when bounds
    /// are decomposed and when subtyping generalizes.
    pub alias: Option<&'static str>,
    /// `D(Bounds, Region)`: an existential type whose bounds may have binders; two of them are
    /// related by the machine after unification, bound list against bound list.
    pub existential: Option<&'static str>,
    /// `B(TraitRef, Bindings)`: one bound of an existential's bound list (measured for
    /// truncation as its trait reference's parameters).
    pub existential_bound: Option<&'static str>,
    /// `P(Args, Ret)` or `P(Sig, Args, Ret)`: a function-pointer type, kept whole when subtyping
    /// generalizes, contravariant in its arguments.
    pub fn_ptr: Option<&'static str>,
    /// `V(Args)`: the argument list of a variadic function pointer.
    pub variadic: Option<&'static str>,
    /// `E(Alias, Value)`: a hypothesis that defines a variable as an alias's value: such a
    /// variable is kept in a call's canonical form.
    pub alias_eq: Option<&'static str>,
    /// The built-in constructors subtyping relates with variance; any other constructor follows
    /// its declared variances (`Program::variances`), invariant when it has none.
    pub constructors: &'static [Constructor],
}

impl Vocabulary {
    /// The engine's own names, for programs of no other dialect.
    pub const NEUTRAL: Vocabulary = Vocabulary {
        region: "$region",
        outlives: "$region_bound",
        constraints: "$constraints",
        int_var: "$integer_variable",
        float_var: "$floating_variable",
        alias: None,
        existential: None,
        existential_bound: None,
        fn_ptr: None,
        variadic: None,
        alias_eq: None,
        constructors: &[],
    };
}

impl Default for Vocabulary {
    fn default() -> Vocabulary {
        Vocabulary::NEUTRAL
    }
}
