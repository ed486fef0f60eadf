//! Integer and float inference variables (`exists<int T>`, `exists<float T>`), as chalk has them: such a
//! variable unifies only with an integer (resp. float) scalar type, or with another such variable.
//!
//! The goal `exists<int T> { G }` lowers to `exists([T], (G, '$int_var'(T)))`: once `G` is proved, `T`
//! is either still unbound (an integer variable it stays) or bound, and then it must be an integer
//! scalar. `'$int_var'/1` and `'$float_var'/1` are foreign predicates (see `program::Foreign`).

use crate::program::{Foreign, ForeignResult, Program};
use crate::term::{Store, TermId, View};

/// The integer scalar types.
const INTS: &[&str] = &[
    "i8", "i16", "i32", "i64", "i128", "isize", "u8", "u16", "u32", "u64", "u128", "usize",
];
/// The float scalar types.
const FLOATS: &[&str] = &["f16", "f32", "f64", "f128"];

/// The predicate name of a numeric variable's check: integer or float.
pub(super) fn check_pred(float: bool) -> &'static str {
    if float {
        "$float_var"
    } else {
        "$int_var"
    }
}

/// `'$int_var'(T)` / `'$float_var'(T)`: `T` is unbound or a scalar of the kind.
struct NumericVar {
    kinds: &'static [&'static str],
}

impl Foreign for NumericVar {
    fn call(
        &self,
        store: &mut Store,
        _program: &Program,
        goal: TermId,
        _limits: &crate::solve::Limits,
    ) -> ForeignResult {
        let ok = match store.view(goal) {
            View::App(_, args) if args.len() == 1 => match store.view(args[0]) {
                View::Var(_) => true,
                View::Atom(f) => self.kinds.contains(&store.name(f)),
                _ => false,
            },
            _ => false,
        };
        ForeignResult::Answers(if ok { vec![goal] } else { Vec::new() })
    }
}

/// Install both checks in `program`.
pub(super) fn install(store: &mut Store, program: &mut Program) {
    for (float, kinds) in [(false, INTS), (true, FLOATS)] {
        let p = (store.sym(check_pred(float)), 1);
        program
            .foreign
            .0
            .insert(p, std::sync::Arc::new(NumericVar { kinds }));
        program.declared.insert(p);
    }
}
