//! `knot query --check-regions`: the region constraints of an answer decided against the goal's
//! outlives assumptions. Each goal is the trait obligation of a function body, and the expected
//! verdict is rustc's for that function (checked with `rustc --edition 2021 --crate-type lib`):
//!
//! ```text
//! pub struct Foo<'a> { pub x: &'a u8 }
//! pub trait Tr<'b> {}
//! impl<'b> Tr<'b> for Foo<'b> {}
//! pub fn need<'b, T: Tr<'b>>() {}
//! ```

use std::process::Command;

const PROGRAM: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/tests/data/regions/signature.rs"
);

fn check(goal: &str) -> String {
    let out = Command::new(env!("CARGO_BIN_EXE_knot"))
        .args(["query", PROGRAM, "--check-regions", "--goal", goal])
        .output()
        .expect("knot runs");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8_lossy(&out.stdout).to_string()
}

/// `fn f<'a: 'b, 'b>() { need::<'static, Foo<'a>>() }`: rustc rejects it ('a must outlive 'static).
#[test]
fn static_required_but_only_a_shorter_bound_known() {
    let out = check("forall<'a, 'b> { if ('a: 'b) { Foo<'a>: Tr<'static> } }");
    assert!(out.contains("true, if '!1_0: 'static."), "{out}");
    assert!(
        out.contains("% regions: requires '!1_0: 'static, but only '!1_0: '!1_1 is known"),
        "{out}"
    );
}

/// `fn f<'a: 'b, 'b>() { need::<'b, Foo<'a>>() }`: rustc rejects it (the impl needs 'a == 'b).
#[test]
fn equality_needs_both_directions() {
    let out = check("forall<'a, 'b> { if ('a: 'b) { Foo<'a>: Tr<'b> } }");
    assert!(
        out.contains("% regions: requires '!1_1: '!1_0, but only '!1_0: '!1_1 is known"),
        "{out}"
    );
}

/// `fn f<'a: 'static>()` and `fn f<'a: 'b, 'b: 'a>()`: rustc accepts both.
#[test]
fn known_bounds_satisfy_the_constraints() {
    let out = check("forall<'a> { if ('a: 'static) { Foo<'a>: Tr<'static> } }");
    assert!(out.contains("% regions: satisfied"), "{out}");
    let out = check("forall<'a, 'b> { if ('a: 'b) { if ('b: 'a) { Foo<'a>: Tr<'b> } } }");
    assert!(out.contains("% regions: satisfied"), "{out}");
}

/// `fn f() { need::<'static, Foo<'static>>() }`: no constraint at all.
#[test]
fn no_constraint() {
    let out = check("Foo<'static>: Tr<'static>");
    assert!(out.starts_with("true."), "{out}");
    assert!(out.contains("% regions: no constraint"), "{out}");
}
