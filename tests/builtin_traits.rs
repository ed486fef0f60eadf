//! The built-in traits of chalk-syntax programs (`#[lang(..)]` traits with rules of their own), checked
//! end to end through `knot query --format chalk` under every strategy that runs chalk programs.
//! Only the outcome (Unique / No / Ambiguous and its guidance) is asserted: the lifetime
//! constraints of an answer are the regions work's.

mod common;
use common::{stdout, TempFile};
use std::process::Command;

const STRATEGIES: [&str; 2] = ["slg", "recursive"];

/// The outcome knot prints for `goal` on `program`: the first line up to its lifetime constraints.
fn outcome(file: &TempFile, goal: &str, strategy: &str) -> String {
    let out = Command::new(env!("CARGO_BIN_EXE_knot"))
        .args(["query", file.path(), "--goal", goal, "--format", "chalk"])
        .args(["--strategy", strategy])
        .output()
        .expect("knot runs");
    let line = stdout(&out).lines().next().unwrap_or("").to_string();
    match line.find("; lifetime constraints") {
        Some(i) => line[..i].to_string(),
        None => line,
    }
}

/// Check every `(goal, expected outcome)` under every strategy.
fn expect(name: &str, program: &str, cases: &[(&str, &str)]) {
    let file = TempFile::new(name, program);
    for s in STRATEGIES {
        for (goal, want) in cases {
            assert_eq!(&outcome(&file, goal, s), want, "{s}: {goal}");
        }
    }
}

const UNSIZE: &str = "
    #[lang(unsize)] trait Unsize<T> {}
    #[lang(sized)] trait Sized {}
    #[object_safe] trait Shape { type Unit; }
    #[object_safe] trait Named where Self: Shape {}
    #[object_safe] trait Base {}
    #[object_safe] trait Mid where Self: Base, Self: Sync {}
    #[object_safe] trait Top where Self: Mid {}
    trait NotDynCompatible {}
    #[auto] #[object_safe] trait Send {}
    #[auto] #[object_safe] trait Sync {}
    struct Circle {}
    struct Rc {}
    struct Wrap<T> { t: T }
    struct Pair<A, B> { a: A, b: B }
    struct Twice<T> { a: Wrap<T>, b: T }
    impl Shape for Circle { type Unit = u32; }
    impl Named for Circle {}
    impl NotDynCompatible for Circle {}
    impl Shape for Rc { type Unit = u32; }
    impl !Send for Rc {}
    impl<T> Shape for Wrap<T> { type Unit = u8; }
";

#[test]
fn unsize_to_a_dyn_type_needs_every_bound() {
    expect(
        "unsize_ty_dyn.chalk",
        UNSIZE,
        &[
            ("forall<'a> { Circle: Unsize<dyn Shape + 'a> }", "Unique"),
            (
                "forall<'a> { Circle: Unsize<dyn Shape<Unit = u32> + Send + 'a> }",
                "Unique",
            ),
            // The binding must hold, every auto trait too, and the trait must be dyn compatible.
            (
                "forall<'a> { Circle: Unsize<dyn Shape<Unit = u8> + 'a> }",
                "No possible solution",
            ),
            (
                "forall<'a> { Rc: Unsize<dyn Shape + Send + 'a> }",
                "No possible solution",
            ),
            (
                "forall<'a> { Circle: Unsize<dyn NotDynCompatible + 'a> }",
                "No possible solution",
            ),
            // A struct is sized when its last field is.
            (
                "forall<'a, T> { Wrap<T>: Unsize<dyn Shape + 'a> }",
                "No possible solution",
            ),
            (
                "forall<'a, T> { if (T: Sized) { Wrap<T>: Unsize<dyn Shape + 'a> } }",
                "Unique",
            ),
            // Neither side can be listed: the goal flounders.
            (
                "exists<T> { forall<'a> { T: Unsize<dyn Shape + 'a> } }",
                "Ambiguous; no inference guidance",
            ),
            (
                "exists<T> { Circle: Unsize<T> }",
                "Ambiguous; no inference guidance",
            ),
        ],
    );
}

#[test]
fn unsize_between_dyn_types() {
    expect(
        "unsize_dyn_dyn.chalk",
        UNSIZE,
        &[
            // Auto traits may be dropped, in any order, never added.
            (
                "forall<'a, 'b> { dyn Shape + Send + Sync + 'a: Unsize<dyn Sync + Shape + 'b> }",
                "Unique",
            ),
            (
                "forall<'a> { dyn Shape + 'a: Unsize<dyn Shape + Send + 'a> }",
                "No possible solution",
            ),
            // ... unless the principal's supertraits include it.
            (
                "forall<'a> { dyn Mid + 'a: Unsize<dyn Mid + Sync + 'a> }",
                "Unique",
            ),
            // The principal may be dropped, not changed (but for upcasting to a supertrait).
            (
                "forall<'a> { dyn Shape + Send + 'a: Unsize<dyn Send + 'a> }",
                "Unique",
            ),
            (
                "forall<'a> { dyn Send + 'a: Unsize<dyn Shape + 'a> }",
                "No possible solution",
            ),
            (
                "forall<'a> { dyn Named + 'a: Unsize<dyn Shape + 'a> }",
                "Unique",
            ),
            (
                "forall<'a> { dyn Top + Send + 'a: Unsize<dyn Base + Send + 'a> }",
                "Unique",
            ),
            (
                "forall<'a> { dyn Base + 'a: Unsize<dyn Top + 'a> }",
                "No possible solution",
            ),
            // The bindings must agree.
            (
                "forall<'a> { dyn Shape<Unit = u8> + 'a: Unsize<dyn Shape<Unit = u32> + 'a> }",
                "No possible solution",
            ),
        ],
    );
}

#[test]
fn unsize_arrays_tuples_and_struct_tails() {
    expect(
        "unsize_tails.chalk",
        UNSIZE,
        &[
            ("[Circle; 3]: Unsize<[Circle]>", "Unique"),
            ("[Circle; 3]: Unsize<[Rc]>", "No possible solution"),
            ("(u8, [u8; 2]): Unsize<(u8, [u8])>", "Unique"),
            ("(u8, [u8; 2]): Unsize<(u16, [u8])>", "No possible solution"),
            (
                "(u8, u8, [u8; 2]): Unsize<(u8, [u8])>",
                "No possible solution",
            ),
            ("(): Unsize<()>", "No possible solution"),
            ("Wrap<[u8; 4]>: Unsize<Wrap<[u8]>>", "Unique"),
            ("Pair<u8, [u8; 4]>: Unsize<Pair<u8, [u8]>>", "Unique"),
            (
                "Pair<u8, [u8; 4]>: Unsize<Pair<u16, [u8]>>",
                "No possible solution",
            ),
            // The unsized parameter may appear in the last field only.
            (
                "Twice<[u8; 4]>: Unsize<Twice<[u8]>>",
                "No possible solution",
            ),
            ("Circle: Unsize<Circle>", "No possible solution"),
            (
                "forall<'a> { Wrap<Wrap<Circle>>: Unsize<Wrap<Wrap<dyn Shape + 'a>>> }",
                "Unique",
            ),
        ],
    );
}

#[test]
fn object_safe_compatible_and_higher_ranked_dyn_goals() {
    let program = "
        #[object_safe] trait Shape {}
        trait Plain {}
        trait Foo<T> {}
        #[lang(drop)] trait Drop {}
        struct S<T> {}
        struct Ref<'a> {}
    ";
    expect(
        "goal_forms.chalk",
        program,
        &[
            ("ObjectSafe(Shape)", "Unique"),
            ("ObjectSafe(Plain)", "No possible solution"),
            // In future-compatible mode a downstream crate may implement a trait for its own types.
            ("exists<T> { T: Plain }", "No possible solution"),
            (
                "compatible { exists<T> { T: Plain } }",
                "Ambiguous; no inference guidance",
            ),
            // ... but not `Drop`, and a negated goal's existentials are not the answer's.
            ("compatible { not { exists<T> { S<T>: Drop } } }", "Unique"),
            ("Compatible", "No possible solution"),
            ("if (Compatible) { Compatible }", "Unique"),
            // A higher-ranked bound of a `dyn` type holds for each of its lifetimes.
            (
                "forall<'s> { dyn forall<'a> Foo<Ref<'a>> + 's: Foo<Ref<'s>> }",
                "Unique",
            ),
        ],
    );
}

#[test]
fn tuple_fn_ptr_and_destruct() {
    let program = "
        #[lang(tuple_trait)] trait Tuple {}
        #[lang(fn_ptr_trait)] trait FnPtr {}
        #[lang(destruct)] trait Destruct {}
        struct S {}
    ";
    expect(
        "tuple_fn_ptr.chalk",
        program,
        &[
            ("(): Tuple", "Unique"),
            ("(u8, S, [u8]): Tuple", "Unique"),
            ("S: Tuple", "No possible solution"),
            ("[u8; 2]: Tuple", "No possible solution"),
            ("exists<T> { T: Tuple }", "Ambiguous; no inference guidance"),
            ("fn(u8) -> S: FnPtr", "Unique"),
            ("unsafe fn(): FnPtr", "Unique"),
            ("forall<'a> { for<'b> fn(&'b u8): FnPtr }", "Unique"),
            ("S: FnPtr", "No possible solution"),
            ("(S, [u8]): Destruct", "Unique"),
            ("forall<T> { T: Destruct }", "Unique"),
        ],
    );
}
