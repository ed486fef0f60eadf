//! The e-graph normalizer (`--normalize egraph`): same answers as the Normalize clauses on projection
//! goals, where-clauses of impls checked, and Overflow (never a hang) on projections that do not settle.

mod common;
use common::{stdout, TempFile};
use std::process::Command;

fn ask(file: &TempFile, goal: &str, args: &[&str]) -> String {
    let out = Command::new(env!("CARGO_BIN_EXE_knot"))
        .args(["query", file.path(), "--goal", goal, "--timeout", "60"])
        .args(args)
        .output()
        .expect("knot runs");
    stdout(&out).trim_end().to_string()
}

const CHAIN: &str = "
trait Tr { type A; }
trait Clone {}
struct S0 {} struct S1 {} struct S2 {} struct S3 {}
struct Box<T> {}
struct Foo {}
struct Cloned {}
impl Clone for Cloned {}
impl Tr for S0 { type A = S1; }
impl Tr for S1 { type A = S2; }
impl Tr for S2 { type A = <S0 as Tr>::A; }
impl<T> Tr for Box<T> where T: Clone { type A = T; }
";

#[test]
fn egraph_and_clauses_agree_on_projection_goals() {
    let f = TempFile::new("chain.chalk", CHAIN);
    let goals = [
        "exists<X> { <S0 as Tr>::A = X }",
        "exists<X> { <<S0 as Tr>::A as Tr>::A = X }",
        "exists<X> { <S2 as Tr>::A = X }",
        "Normalize(<S1 as Tr>::A -> S2)",
        "Normalize(<S1 as Tr>::A -> S3)",
        "exists<X> { Normalize(<Box<Cloned> as Tr>::A -> X) }",
        "Normalize(<Box<Foo> as Tr>::A -> Foo)",
        "<Box<Foo> as Tr>::A = <Box<Foo> as Tr>::A",
        "forall<T> { if (T: Clone) { Normalize(<Box<T> as Tr>::A -> T) } }",
        "forall<T> { exists<X> { <T as Tr>::A = X } }",
        // An impl's where-clause that only a hypothesis provides: the e-graph's nested search does
        // not see hypotheses, so under them the clauses normalize (it answered No here).
        "if (Foo: Clone) { Normalize(<Box<Foo> as Tr>::A -> Foo) }",
        "if (Foo: Clone) { <Box<Foo> as Tr>::A: Clone }",
        // chalk's `projection_from_env_slow`, with the hypotheses about the projection.
        "forall<T> { if (<Box<T> as Tr>::A: Tr; T: Clone) { T: Tr } }",
    ];
    for strategy in ["slg", "recursive"] {
        for g in goals {
            let base = ["--format", "chalk", "--strategy", strategy];
            let clauses = ask(&f, g, &base);
            let egraph = ask(&f, g, &[&base[..], &["--normalize", "egraph"]].concat());
            assert_eq!(egraph, clauses, "{strategy}: {g}");
        }
    }
    // And what they agree on is right.
    let r = [
        "--format",
        "chalk",
        "--strategy",
        "recursive",
        "--normalize",
        "egraph",
    ];
    assert_eq!(
        ask(
            &f,
            "exists<X> { Normalize(<Box<Cloned> as Tr>::A -> X) }",
            &r
        ),
        "Unique; substitution [?0 := Cloned]"
    );
    assert_eq!(ask(&f, "Normalize(<S1 as Tr>::A -> S2)", &r), "Unique");
    // `<S2 as Tr>::A` is `<S0 as Tr>::A`: S1, or that projection left rigid. The rigid alias is a
    // default that the normal form overrides under recursive (chalk's clause priority); slg gives
    // both answers, as chalk's SLG solver does.
    assert_eq!(
        ask(&f, "exists<X> { <S2 as Tr>::A = X }", &r),
        "Unique; substitution [?0 := S1]"
    );
    let slg = [
        "--format",
        "chalk",
        "--strategy",
        "slg",
        "--normalize",
        "egraph",
    ];
    assert_eq!(
        ask(&f, "exists<X> { <S2 as Tr>::A = X }", &slg),
        "Ambiguous; no inference guidance"
    );
    // The impl for Box<T> needs T: Clone, checked by the solver: Foo is not Clone.
    assert_eq!(
        ask(&f, "Normalize(<Box<Foo> as Tr>::A -> Foo)", &r),
        "No possible solution"
    );
    // Unless a hypothesis says it is.
    for s in [&r, &slg] {
        for g in [
            "if (Foo: Clone) { <Box<Foo> as Tr>::A: Clone }",
            "forall<T> { if (<Box<T> as Tr>::A: Tr; T: Clone) { T: Tr } }",
        ] {
            assert_eq!(ask(&f, g, s), "Unique", "{g}");
        }
    }
}

#[test]
fn projections_that_never_settle_overflow() {
    let f = TempFile::new(
        "unsettled.chalk",
        "trait Tr { type A; }\nstruct Unit {}\nstruct W<T> {}\n\
         impl Tr for Unit { type A = <Unit as Tr>::A; }\n\
         impl<T> Tr for W<T> { type A = <W<W<T>> as Tr>::A; }\n",
    );
    for strategy in ["slg", "recursive"] {
        for g in [
            "exists<X> { <Unit as Tr>::A = X }",
            "exists<X> { <W<Unit> as Tr>::A = X }",
        ] {
            let a = ask(&f, g, &["--strategy", strategy, "--normalize", "egraph"]);
            assert!(
                a.contains("overflow") && a.contains("e-graph"),
                "{strategy} {g}: {a}"
            );
        }
    }
}

#[test]
fn the_pasted_seed_is_proved_with_the_egraph_normalizer() {
    let link = concat!(env!("CARGO_MANIFEST_DIR"), "/programs/link.rs");
    let out = Command::new(env!("CARGO_BIN_EXE_knot"))
        .args([
            "query",
            link,
            "--goal",
            "Link<MyWrapper>: Debug",
            "--format",
            "chalk",
        ])
        .args(["--coinductive", "all", "--normalize", "egraph"])
        .output()
        .unwrap();
    assert_eq!(stdout(&out).trim(), "Unique");
}
