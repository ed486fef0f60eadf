//! Regions (issue 18): the solver collects region constraints, it does not decide them. Unifying
//! two regions never fails; an answer carries the constraints it holds under through SLG tables and
//! the recursive strategy's cache, and every output format shows them.

use knot::{Engine, Solution};
use std::process::Command;

const STRATEGIES: [&str; 2] = ["slg", "recursive"];

/// Two distinct placeholders: equal only if each outlives the other.
const REFS: &str = "
struct Ref<'a, T> { }
struct Unit { }
trait Eq<T> { }
impl<T> Eq<T> for T { }
trait Foo<'a> { }
struct Bar { }
impl<'a> Foo<'a> for Bar where 'a: 'static { }
";

fn chalk(strategy: &str, program: &str, goal: &str) -> String {
    let mut e = Engine::from_rust("regions.chalk", program)
        .unwrap()
        .with_strategy(strategy);
    e.answers(goal).unwrap().chalk().to_string()
}

#[test]
fn unifying_distinct_placeholders_records_both_outlives_constraints() {
    for s in STRATEGIES {
        assert_eq!(
            chalk(s, REFS, "forall<'a, 'b> { Ref<'a, Unit> = Ref<'b, Unit> }"),
            "Unique; lifetime constraints [InEnvironment { environment: Env([]), goal: '!1_0: '!1_1 }, \
             InEnvironment { environment: Env([]), goal: '!1_1: '!1_0 }]",
            "{s}"
        );
        // The same placeholder: nothing to record.
        assert_eq!(
            chalk(s, REFS, "forall<'a> { Ref<'a, Unit> = Ref<'a, Unit> }"),
            "Unique",
            "{s}"
        );
    }
}

/// The constraint comes out of a tabled call (the `Eq` impl's table, the `Foo` impl's where-clause)
/// and joins the caller's answer.
#[test]
fn constraints_travel_through_tables_and_caches() {
    for s in STRATEGIES {
        assert_eq!(
            chalk(s, REFS, "forall<'a, 'b> { Ref<'a, Unit>: Eq<Ref<'b, Unit>> }"),
            "Unique; lifetime constraints [InEnvironment { environment: Env([]), goal: '!1_0: '!1_1 }, \
             InEnvironment { environment: Env([]), goal: '!1_1: '!1_0 }]",
            "{s}"
        );
        assert_eq!(
            chalk(s, REFS, "forall<'a> { Bar: Foo<'a> }"),
            "Unique; lifetime constraints [InEnvironment { environment: Env([]), goal: '!1_0: 'static }]",
            "{s}"
        );
        assert_eq!(
            chalk(s, REFS, "exists<'a> { Bar: Foo<'a> }"),
            "Unique; for<?U0> { substitution [?0 := '^0.0], lifetime constraints \
             [InEnvironment { environment: Env([]), goal: '^0.0: 'static }] }",
            "{s}"
        );
        // The second goal of a session finds the table (or cached result) of the first: its
        // answer still carries the constraint.
        let mut e = Engine::from_rust("regions.chalk", REFS)
            .unwrap()
            .with_strategy(s);
        let first = e.answers("forall<'a> { Bar: Foo<'a> }").unwrap();
        let again = e.answers("forall<'a> { Bar: Foo<'a> }").unwrap();
        assert_eq!(first.chalk(), again.chalk(), "{s}");
        // A conjunction calls the table twice with different placeholders.
        assert_eq!(
            chalk(s, REFS, "forall<'a, 'b> { Bar: Foo<'a>, Bar: Foo<'b> }"),
            "Unique; lifetime constraints [InEnvironment { environment: Env([]), goal: '!1_0: 'static }, \
             InEnvironment { environment: Env([]), goal: '!1_1: 'static }]",
            "{s}"
        );
    }
}

/// An answer under constraints is not unconditionally true.
#[test]
fn text_and_json_show_the_constraints() {
    let mut e = Engine::from_rust("regions.chalk", REFS).unwrap();
    let a = e.answers("forall<'a> { Bar: Foo<'a> }").unwrap();
    assert!(matches!(a.solution, Solution::Unique(_)));
    assert_eq!(a.solution_text, "true, if '!1_0: 'static.");
    let json = knot::solution_json(&e.store, knot::Notation::Prolog, &a.solution, &[]);
    assert_eq!(json["kind"], "unique");
    assert_eq!(json["constraints"][0], "'!1_0: 'static");
    let plain = e.answers("Bar: Foo<'static>").unwrap();
    assert_eq!(plain.solution_text, "true, if 'static: 'static.");
}

#[test]
fn the_command_line_prints_constraints_in_every_format() {
    let dir = tempfile::Builder::new()
        .prefix("knot-regions-")
        .tempdir()
        .unwrap();
    let file = dir.path().join("refs.chalk");
    std::fs::write(&file, REFS).unwrap();
    let run = |format: &str| {
        let out = Command::new(env!("CARGO_BIN_EXE_knot"))
            .args(["query", file.to_str().unwrap(), "--goal"])
            .arg("forall<'a> { Bar: Foo<'a> }")
            .args(["--format", format])
            .output()
            .unwrap();
        String::from_utf8(out.stdout).unwrap()
    };
    assert!(run("text").contains("true, if '!1_0: 'static."));
    assert!(run("chalk").contains(
        "lifetime constraints [InEnvironment { environment: Env([]), goal: '!1_0: 'static }]"
    ));
    assert!(run("json").contains("'!1_0: 'static"));
}

const VARIANCE: &str = "
#[variance(Covariant)]
struct Co<A> {}
#[variance(Contravariant)]
struct Contra<A> {}
struct Inv<A> {}
";

/// `Subtype(A, B)` relates with variance and generalizes a variable: `&'a u32 <: ?U` binds `?U` to
/// `&'?0 u32` with `'a: '?0`, so two such goals leave a common lower bound.
#[test]
fn subtype_goals_relate_with_variance() {
    for s in STRATEGIES {
        assert_eq!(
            chalk(s, VARIANCE, "forall<'a, 'b> { exists<U> { Subtype(Co<&'a u32>, Co<U>), Subtype(Co<&'b u32>, Co<U>) } }"),
            "Unique; for<?U1> { substitution [?0 := (&'^0.0 Uint(U32))], lifetime constraints \
             [InEnvironment { environment: Env([]), goal: '!1_0: '^0.0 }, \
             InEnvironment { environment: Env([]), goal: '!1_1: '^0.0 }] }",
            "{s}"
        );
        assert_eq!(
            chalk(s, VARIANCE, "forall<'a, 'b> { Subtype(Contra<&'a u32>, Contra<&'b u32>) }"),
            "Unique; lifetime constraints [InEnvironment { environment: Env([]), goal: '!1_1: '!1_0 }]",
            "{s}"
        );
        // Invariant: both directions.
        assert_eq!(
            chalk(s, VARIANCE, "forall<'a, 'b> { Subtype(Inv<&'a u32>, Inv<&'b u32>) }"),
            "Unique; lifetime constraints [InEnvironment { environment: Env([]), goal: '!1_0: '!1_1 }, \
             InEnvironment { environment: Env([]), goal: '!1_1: '!1_0 }]",
            "{s}"
        );
        assert_eq!(
            chalk(s, VARIANCE, "Subtype(Co<u32>, Co<i32>)"),
            "No possible solution",
            "{s}"
        );
    }
}

/// A unique solution lists its constraints sorted by their printed text, as chalk's test harness
/// does before comparing (its solvers produce them in different orders). The expected texts are
/// chalk's own answers (rev 94db658d, both solvers), whatever order the goals come in.
#[test]
fn unique_solutions_list_constraints_in_chalks_sorted_order() {
    let p = "struct Foo<A> {}";
    let cases = [
        (
            "forall<'a, 'b, 'c> { Subtype(&'c u32, &'a u32), Subtype(&'b u32, &'a u32) }",
            "'!1_1: '!1_0 | '!1_2: '!1_0",
        ),
        (
            "forall<'a, 'b, 'c> { Subtype(&'a u32, &'c u32), Subtype(&'b u32, &'a u32) }",
            "'!1_0: '!1_2 | '!1_1: '!1_0",
        ),
        (
            "forall<'a, 'b, 'c> { Subtype(&'static u32, &'a u32), Subtype(&'c u32, &'b u32), \
             Subtype(&'b u32, &'a u32) }",
            "'!1_1: '!1_0 | '!1_2: '!1_1 | 'static: '!1_0",
        ),
        (
            "forall<'a> { forall<'b> { Subtype(&'a u32, &'b u32), Subtype(&'b u32, &'static u32), \
             Subtype(&'static u32, &'b u32), Subtype(&'b u32, &'a u32) } }",
            "'!1_0: '!2_0 | '!2_0: '!1_0 | '!2_0: 'static | 'static: '!2_0",
        ),
        (
            "forall<'a> { exists<'x> { Subtype(&'static u32, &'x u32), Subtype(&'x u32, &'a u32) } }",
            "'^0.0: '!1_0 | 'static: '^0.0",
        ),
        (
            "forall<'a> { exists<'x> { Subtype(&'x u32, &'static u32), Subtype(&'a u32, &'x u32) } }",
            "'!1_0: '^0.0 | '^0.0: 'static",
        ),
    ];
    for s in STRATEGIES {
        for (goal, want) in cases {
            let got = chalk(s, p, goal);
            let listed: Vec<&str> = got
                .split("goal: ")
                .skip(1)
                .map(|c| c.split(" }").next().unwrap())
                .collect();
            assert_eq!(listed.join(" | "), want, "{s}: {goal}\n{got}");
        }
    }
}

/// `slg` takes up a lowered goal's relations right to left, as chalk's SLG solver does, so the last
/// one binds a shared variable; `recursive` goes left to right, as chalk's recursive solver does.
/// The expected texts are chalk's (`subtype.rs`, `multi_lifetime_invariant_struct`).
#[test]
fn relations_bind_in_each_solvers_order() {
    let p = "#[variance(Invariant)] struct Foo<A> {}";
    let goal = "forall<'a, 'b> { exists<U> { Subtype(Foo<&'a u32>, Foo<U>), Subtype(Foo<&'b u32>, Foo<U>) } }";
    let constraints =
        "lifetime constraints [InEnvironment { environment: Env([]), goal: '!1_0: '!1_1 }, \
         InEnvironment { environment: Env([]), goal: '!1_1: '!1_0 }]";
    assert_eq!(
        chalk("slg", p, goal),
        format!("Unique; substitution [?0 := (&'!1_1 Uint(U32))], {constraints}")
    );
    assert_eq!(
        chalk("recursive", p, goal),
        format!("Unique; substitution [?0 := (&'!1_0 Uint(U32))], {constraints}")
    );
}
