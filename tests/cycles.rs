//! Cycles through coinductive and inductive goals, asked of every strategy (the table-driven `knot_test!`) with
//! chalk's answer text: mixed cycles fail wherever they are met, coinductive assumptions over goals with
//! variables are refined to a fixpoint, and goals under `forall` that differ only by their universes
//! are one goal (a cycle, not an endless descent).

mod common;

/// What depth-first search answers on a cycle: it cannot close one, so it stops at its depth limit
/// and says it does not know (never "no", never a definite "yes").
const DEPTH_FIRST: &str = "Ambiguous; no inference guidance";

/// `A` needs `B` and `C`; `B` needs `A`; `C` (inductive) needs `B`. `A -> B -> A` is coinductive,
/// but every proof of `A` also needs `A -> C -> B -> A`, a cycle through the inductive `C`.
const MIXED: &str = "
    #[coinductive] trait A<T> {}
    #[coinductive] trait B<T> {}
    trait C<T> {}
    struct S {}
    impl<T> A<T> for () where (): B<T>, (): C<T> {}
    impl<T> B<T> for () where (): A<T> {}
    impl<T> C<T> for () where (): B<T> {}
";

#[test]
fn a_cycle_through_an_inductive_goal_fails_whatever_path_meets_it_first() {
    knot_test! {
        program "t.chalk" { MIXED }
        goal { "exists<T> { (): A<T> }" } yields { "No possible solution" }
            yields[sld] { DEPTH_FIRST }
        goal { "(): A<S>" } yields { "No possible solution" }
            yields[sld] { DEPTH_FIRST }
        goal { "(): C<S>" } yields { "No possible solution" }
            yields[sld] { DEPTH_FIRST }
    }
    // The same with `C` asked before `B` in `A`'s impl.
    let swapped = MIXED.replace("where (): B<T>, (): C<T>", "where (): C<T>, (): B<T>");
    knot_test! {
        program "t.chalk" { swapped }
        goal { "exists<T> { (): A<T> }" } yields { "No possible solution" }
            yields[sld] { DEPTH_FIRST }
        goal { "(): A<S>" } yields { "No possible solution" }
            yields[sld] { DEPTH_FIRST }
    }
}

#[test]
fn a_coinductive_cycle_beside_an_inductive_goal_that_holds_on_its_own() {
    // `C` holds without the cycle: `A -> B -> A` is the only cycle, and it is coinductive.
    let src = MIXED.replace(
        "impl<T> C<T> for () where (): B<T> {}",
        "impl C<S> for () {}",
    );
    assert_ne!(src, MIXED);
    knot_test! {
        program "t.chalk" { src }
        goal { "(): A<S>" } yields { "Unique" }
            yields[sld] { DEPTH_FIRST }
        goal { "exists<T> { (): A<T> }" } yields { "Unique; substitution [?0 := S]" }
            yields[sld] { DEPTH_FIRST }
    }
}

#[test]
fn an_inductive_step_may_use_what_a_coinductive_cycle_proved() {
    // `A<S>` holds by the cycle `A<S> -> A<S>`; `C<T>` needs some `A<U>` and gives `A<T>` for
    // `T = Y` through the inductive `C` once: `A<Y>` holds (the branch meets `C` once).
    let src = "
        #[coinductive] trait A {}
        trait C {}
        struct S {}
        struct Y {}
        forall<T> { T: A if T = S, S: A }
        forall<T> { T: A if T: C }
        forall<T, U> { T: C if U: A, T = Y }
    ";
    knot_test! {
        program "t.chalk" { src }
        goal { "Y: A" } yields { "Unique" }
            yields[sld] { DEPTH_FIRST }
        goal { "S: A" } yields { "Unique" }
            yields[sld] { DEPTH_FIRST }
    }
}

#[test]
fn goals_that_differ_only_by_their_universes_are_one_goal() {
    // `Foo: Bar` needs `!1: Bar`, which needs `!2: Bar`, ...: one goal up to the universes' numbering,
    // an inductive cycle, so No (chalk's `overflow_universe`), and at once.
    let src = "
        struct Foo {}
        trait Bar {}
        forall<X> { X: Bar if forall<Y> { Y: Bar } }
    ";
    knot_test! {
        program "t.chalk" { src }
        goal { "Foo: Bar" } yields { "No possible solution" }
            yields[sld] { DEPTH_FIRST }
    }
    // Coinductive, the same cycle holds.
    let co = src.replace("trait Bar", "#[coinductive] trait Bar");
    knot_test! {
        program "t.chalk" { co }
        goal { "Foo: Bar" } yields { "Unique" }
            yields[sld] { DEPTH_FIRST }
    }
}

#[test]
fn answers_naming_placeholders_come_back_in_the_callers_universe() {
    // The table of `!2_0: Eq<?0>` is stored as `!1_0: Eq<?0>` (universes renumbered); its answer
    // must name the caller's placeholder `!2_0` again, not `!1_0` (which is `A`).
    let src = "
        trait Eq<T> {}
        impl<T> Eq<T> for T {}
    ";
    knot_test! {
        program "t.chalk" { src }
        goal { "forall<A> { forall<B> { exists<U> { B: Eq<U> } } }" } yields { "Unique; substitution [?0 := !2_0]" }
        goal { "forall<A> { forall<B> { exists<U> { B: Eq<U>, U = B } } }" } yields { "Unique; substitution [?0 := !2_0]" }
        goal { "forall<A> { forall<B> { exists<U> { B: Eq<U>, U = A } } }" } yields { "No possible solution" }
    }
}

#[test]
fn a_coinductive_assumption_over_variables_is_refined_to_its_fixpoint() {
    // `A: C1<B>` iff `A = X` and `B: C1<A>`: the cycle holds for `X: C1<X>` only. Assuming the goal
    // `?0: C1<?1>` gives `[X, ?1]`, which gives `[X, X]`, which confirms itself.
    let src = "
        #[coinductive] trait C1<T> {}
        #[coinductive] trait C2<T> {}
        struct X {}
        struct Y {}
        forall<A, B> { A: C1<B> if A: C2<B>, A = X }
        forall<A, B> { A: C2<B> if B: C1<A> }
    ";
    knot_test! {
        program "t.chalk" { src }
        goal { "exists<T, U> { T: C1<U> }" } yields { "Unique; substitution [?0 := X, ?1 := X]" }
            yields[sld] { DEPTH_FIRST }
        goal { "X: C1<X>" } yields { "Unique" }
            yields[sld] { DEPTH_FIRST }
        goal { "X: C1<Y>" } yields { "No possible solution" }
            yields[sld] { DEPTH_FIRST }
        goal { "exists<U> { Y: C1<U> }" } yields { "No possible solution" }
            yields[sld] { DEPTH_FIRST }
    }
}

#[test]
fn an_assumption_over_variables_that_fails_leaves_no_answer() {
    // `A: C1` needs `X: C1` and `A: C2`, so only `Y: C1` could hold, and it needs `X: C1`, which needs
    // `X: C2`: nothing holds (the first run's `[Y]` rests on an assumption its next run refutes).
    let src = "
        #[coinductive] trait C1 {}
        trait C2 {}
        struct X {}
        struct Y {}
        forall<A, B> { A: C1 if B: C1, B = X, A: C2 }
        impl C2 for Y {}
    ";
    knot_test! {
        program "t.chalk" { src }
        goal { "exists<T> { T: C1 }" } yields { "No possible solution" }
            yields[sld] { DEPTH_FIRST }
        goal { "Y: C1" } yields { "No possible solution" }
            yields[sld] { DEPTH_FIRST }
        goal { "X: C1" } yields { "No possible solution" }
            yields[sld] { DEPTH_FIRST }
    }
    // With `X: C2` the cycle `X: C1 -> X: C1` holds, and `Y: C1` with it.
    let holds = format!("{src}\nimpl C2 for X {{}}");
    knot_test! {
        program "t.chalk" { holds }
        goal { "Y: C1" } yields { "Unique" }
            yields[sld] { DEPTH_FIRST }
        goal { "exists<T> { T: C1 }" } yields { "Ambiguous; no inference guidance" }
            yields[sld] { DEPTH_FIRST }
    }
}

/// An associated type bounded by a trait that implies the trait again (`type Out: Tc`, `Tc: Ta`)
/// makes an endless chain of implied bounds (`<<T as Ta>::Out as Ta>::Out ..: Ta`). Assuming
/// `V: Ta` proves `V: Ta` at once under every strategy: the bound's alias equality is asked
/// before the environment is listed (as chalk's unification asks it), so `from_env` is never
/// enumerated for an unknown type. A regression is an overflow by steps, not a hang.
#[test]
fn an_assumed_bound_is_not_lost_in_an_endless_chain_of_implied_bounds() {
    let program =
        "trait Ta { type Out: Tc; }\ntrait Tc where Self: Ta {}\ntrait Td where Self: Ta {}\n";
    for strategy in ["slg", "recursive", "sld"] {
        let mut e = knot::Engine::from_rust("implied.chalk", program)
            .expect("loads")
            .with_strategy(strategy);
        e.limits.max_steps = 2_000_000;
        let a = e
            .answers("forall<V> { if (V: Ta) { V: Ta } }")
            .expect("parses");
        assert_eq!(a.chalk(), "Unique", "{strategy}: {:?}", a.outcome);
    }
}

/// Under `slg`, an answer too deep for `max_term_depth` is kept as an ambiguous answer that binds
/// nothing: what depends on the table is uncertain, what does not stays certain. `not { exists<V>
/// { V: Tb } }` fails for certain (the table has the certain answer `S4`) although the table's
/// other answers grow without end; a deep answer the table could not keep leaves the goals that
/// need it ambiguous, never false.
#[test]
fn a_truncated_answer_taints_only_what_depends_on_its_table() {
    let program = "trait Tb { }\nstruct S2<T> { }\nstruct S4 { }\n\
                   impl<T> Tb for S2<T> where T: Tb { }\nimpl Tb for S4 { }\n#[auto] trait Tz {}\n";
    let ask = |goal: &str| {
        let mut e = knot::Engine::from_rust("k2.chalk", program)
            .expect("loads")
            .with_strategy("slg");
        e.limits.max_term_depth = 5;
        e.answers(goal).expect("parses").chalk().to_string()
    };
    assert_eq!(ask("not { exists<V> { V: Tb } }"), "No possible solution");
    assert_eq!(
        ask("not { exists<V> { V: Tb, V = S2<S4> } }"),
        "No possible solution"
    );
    let deep = "S2<S2<S2<S2<S2<S2<S4>>>>>>";
    assert_eq!(
        ask(&format!("not {{ exists<V> {{ V: Tb, V = {deep} }} }}")),
        "Ambiguous; no inference guidance"
    );
    assert!(ask(&format!("exists<V> {{ V: Tb, V = {deep} }}")).starts_with("Ambiguous"));
}
