//! Issue 16, the lowering's soundness: knot never proves what rustc rejects. Each program below was
//! judged by rustc 1.95 (`fn __check<T: Tr + ?Sized>() {}` appended); "holds" goals must answer
//! `true.` with every strategy, "fails" goals must not (false, ambiguous or overflow).

mod common;
use common::{stderr, stdout, TempFile};
use std::process::Command;

const STRATEGIES: [&str; 3] = ["slg", "recursive", "sld"];

fn knot(args: &[&str]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_knot"))
        .args(args)
        .output()
        .expect("knot runs")
}

fn answer(path: &str, goal: &str, strategy: &str) -> String {
    let o = common::query(path, goal, strategy);
    let out = stdout(&o);
    out.lines().next().unwrap_or_default().to_string() + &stderr(&o)
}

/// The first line of the answer in chalk's notation (`--format chalk`).
fn chalk_answer(path: &str, goal: &str, strategy: &str) -> String {
    let o = knot(&[
        "query",
        path,
        "--goal",
        goal,
        "--format",
        "chalk",
        "--strategy",
        strategy,
    ]);
    stdout(&o).lines().next().unwrap_or_default().to_string()
}

/// `holds`: every strategy but sld (which may overflow on cycles) answers `true.`; `fails`: no
/// strategy answers `true.`.
fn expect(name: &str, src: &str, cases: &[(&str, bool)]) {
    let f = TempFile::new(name, src);
    for &(goal, holds) in cases {
        for s in STRATEGIES {
            let a = answer(f.path(), goal, s);
            if holds {
                if s != "sld" {
                    assert_eq!(a, "true.", "{s}: `{goal}` holds for rustc ({name})");
                }
            } else {
                assert!(
                    a.starts_with("false.")
                        || a.starts_with("ambiguous")
                        || a.starts_with("overflow"),
                    "{s}: `{goal}` fails for rustc ({name}), knot: {a}"
                );
            }
        }
    }
}

const ENV: &str = "
trait Bound {}
struct Text;
trait Tr: Iterator where <Self as Iterator>::Item: Bound {}
trait Gen<U> {}
trait Tr1: Iterator<Item: Bound> {}
trait Mul<X> {}
trait A { type U: Mul<Self::V>; type V; }
trait B { type U: Iterator<Item = u8>; }
";

#[test]
fn cause1_a_projection_in_an_assumption_keeps_its_identity() {
    expect(
        "env.rs",
        ENV,
        &[
            (
                "forall<T> { if (T: Iterator; <T as Iterator>::Item: Bound) { Text: Bound } }",
                false,
            ),
            (
                "forall<T> { if (T: Iterator; <T as Iterator>::Item: Bound) { <T as Iterator>::Item: Bound } }",
                true,
            ),
            ("forall<T> { if (T: Tr) { u8: Bound } }", false),
            (
                "forall<T> { if (T: Gen<<Vec<u8> as IntoIterator>::Item>) { T: Gen<u16> } }",
                false,
            ),
            (
                "forall<T> { if (T: Gen<<Vec<u8> as IntoIterator>::Item>) { T: Gen<u8> } }",
                true,
            ),
            // item bounds mentioning another projection
            ("forall<T> { if (T: A) { <T as A>::U: Mul<u8> } }", false),
            ("forall<T> { if (T: A) { <T as A>::U: Mul<<T as A>::V> } }", true),
        ],
    );
}

#[test]
fn cause1_chalk_programs_keep_chalk_implied_bounds_without_free_variables() {
    let src = "trait Iterator { type Item; }\ntrait Bound {}\ntrait Tr: Iterator where <Self as Iterator>::Item: Bound {}\n";
    expect(
        "env.chalk",
        src,
        &[
            ("forall<T> { if (T: Tr) { u8: Bound } }", false),
            // chalk: every where-clause of a trait is implied
            (
                "forall<T> { if (T: Tr) { <T as Iterator>::Item: Bound } }",
                true,
            ),
        ],
    );
}

#[test]
fn cause8_rust_implied_bounds_are_the_bounds_on_self() {
    expect(
        "env8.rs",
        ENV,
        &[
            (
                "forall<T> { if (T: Tr) { <T as Iterator>::Item: Bound } }",
                false,
            ),
            ("forall<T> { if (T: Tr) { T: Iterator } }", true),
            (
                "forall<T> { if (T: Tr1) { <T as Iterator>::Item: Bound } }",
                true,
            ),
        ],
    );
}

#[test]
fn cause10_bindings_in_item_bounds_are_implied() {
    expect(
        "env10.rs",
        ENV,
        &[
            (
                "forall<T> { if (T: B) { <<T as B>::U as Iterator>::Item = u8 } }",
                true,
            ),
            (
                "forall<T> { if (T: B) { <<T as B>::U as Iterator>::Item = u16 } }",
                false,
            ),
        ],
    );
}

const AUTO: &str = "
trait Signed {}
auto trait Defaulted {}
impl<T: Signed> Defaulted for &T {}
auto trait Mine {}
impl<T> !Mine for *mut T {}
auto trait Flag {}
impl !Flag for bool {}
auto trait Magic: Copy {}
struct NoClone;
auto trait Tup {}
impl<A, B> !Tup for (A, B) {}
";

#[test]
fn cause2_an_impl_for_a_builtin_constructor_replaces_its_structural_rule() {
    expect(
        "auto.rs",
        AUTO,
        &[
            ("&'static u32: Defaulted", false),
            ("&'static mut u32: Defaulted", true),
            ("*mut u8: Mine", false),
            ("*const u8: Mine", true),
            ("bool: Flag", false),
            ("u8: Flag", true),
            ("(u8, u8): Tup", false),
            ("(u8,): Tup", true),
        ],
    );
}

#[test]
fn cause3_auto_trait_supertraits_are_required() {
    expect(
        "auto3.rs",
        AUTO,
        &[("NoClone: Magic", false), ("u8: Magic", true)],
    );
}

const SIZED: &str = "
trait Tr {}
impl Tr for str {}
impl<T: Tr> Tr for Box<T> {}
trait Ser {}
impl Ser for str {}
impl<'a, T: ?Sized + Ser> Ser for &'a T {}
trait Ser2 {}
impl Ser2 for [u32] {}
impl<'a, T> Ser2 for &'a T where T: ?Sized + Ser2 {}
trait Base {}
impl Base for str {}
impl Base for u8 {}
trait Mark {}
impl<T: Base> Mark for T {}
trait Assoc { type Out; type Un: ?Sized; }
";

#[test]
fn cause9_type_parameters_are_sized_unless_relaxed() {
    expect(
        "sized.rs",
        SIZED,
        &[
            ("Box<str>: Tr", false),
            ("&'static str: Ser", true),
            ("&'static [u32]: Ser2", true),
            ("str: Mark", false),
            ("u8: Mark", true),
            (
                "forall<T> { if (T: Assoc) { <T as Assoc>::Out: Sized } }",
                true,
            ),
            (
                "forall<T> { if (T: Assoc) { <T as Assoc>::Un: Sized } }",
                false,
            ),
        ],
    );
}

#[test]
fn cause9_chalk_programs_have_no_implicit_sized() {
    let src = "#[lang(sized)] trait Sized {}\ntrait Base {}\nimpl Base for str {}\ntrait Mark {}\nimpl<T> Mark for T where T: Base {}\n";
    expect("sized.chalk", src, &[("str: Mark", true)]);
}

#[test]
fn cause4_integer_and_float_variables_take_only_their_scalars() {
    let f = TempFile::new(
        "num.chalk",
        "trait Foo {}\nimpl Foo for char {}\nimpl Foo for u8 {}\nimpl Foo for f32 {}\ntrait Bar {}\nimpl Bar for char {}\n",
    );
    for s in STRATEGIES {
        let q = |goal: &str| chalk_answer(f.path(), goal, s);
        assert_eq!(
            q("exists<int T> { T: Foo }"),
            "Unique; substitution [?0 := Uint(U8)]",
            "{s}"
        );
        assert_eq!(
            q("exists<float T> { T: Foo }"),
            "Unique; substitution [?0 := Float(F32)]",
            "{s}"
        );
        assert_eq!(q("exists<int T> { T: Bar }"), "No possible solution", "{s}");
        // The kind is the variable's: it meets another variable's, through any chain of equalities.
        assert_eq!(
            q("exists<int I, float F> { I = F }"),
            "No possible solution",
            "{s}"
        );
        assert_eq!(
            q("exists<int I, T> { T = I, T = char }"),
            "No possible solution",
            "{s}"
        );
    }
    // An integer variable is not unknown: a non-enumerable trait lists the impls that could match it,
    // and it has the impls every integer type has (chalk's `{integer}: Copy`).
    let f = TempFile::new(
        "kinds.chalk",
        "#[lang(copy)]\ntrait Copy {}\n#[non_enumerable]\ntrait Foo {}\nstruct Bar {}\n\
         impl Foo for usize {}\nimpl Foo for Bar {}\n",
    );
    for s in STRATEGIES {
        let q = |goal: &str| chalk_answer(f.path(), goal, s);
        assert_eq!(
            q("exists<int N> { N: Foo }"),
            "Unique; substitution [?0 := Uint(Usize)]",
            "{s}"
        );
        assert_eq!(
            q("exists<int I> { I: Copy }"),
            "Unique; for<?U0> { substitution [?0 := ^0.0] }",
            "{s}"
        );
        assert_eq!(
            q("exists<float F> { F: Foo }"),
            "No possible solution",
            "{s}"
        );
        assert_eq!(
            q("exists<T> { T: Foo }"),
            "Ambiguous; no inference guidance",
            "{s}"
        );
    }
}

#[test]
fn cause7_unknown_attributes_are_warned_about_and_rustc_coinductive_is_coinductive() {
    let f = TempFile::new(
        "attr.rs",
        "#[rustc_something_else]\ntrait A {}\n#[rustc_coinductive]\ntrait C {}\nimpl<T> C for T where T: C {}\n",
    );
    let o = knot(&["query", f.path(), "--goal", "exists<T> { T: A }"]);
    let err = stderr(&o);
    assert!(
        err.contains("attr.rs:1:1: warning") && err.contains("rustc_something_else"),
        "{err}"
    );
    assert!(!err.contains("rustc_coinductive"), "{err}");
    let o = knot(&["query", f.path(), "--goal", "u8: C"]);
    assert_eq!(stdout(&o).trim(), "true.");
}

fn check(name: &str, src: &str, extra: &[&str]) -> (i32, String) {
    let f = TempFile::new(name, src);
    let mut args = vec!["check", f.path()];
    args.extend_from_slice(extra);
    let o = knot(&args);
    (o.status.code().unwrap_or(-1), stdout(&o))
}

#[test]
fn cause6_open_world_coherence_with_a_fundamental_type() {
    // rustc E0119: downstream crates may implement trait `Bar` for type `Box<_>`
    let src = "pub trait Foo {}\npub trait Bar {}\nimpl<T: Bar> Foo for T {}\nimpl<T> Foo for Box<T> {}\n";
    let (code, out) = check("co.rs", src, &[]);
    assert_eq!(code, 1, "{out}");
    assert!(out.contains("Box<_>: Foo"), "{out}");
    let (code, out) = check("co.rs", src, &["--closed-world"]);
    assert_eq!(code, 0, "{out}");
}

#[test]
fn cause6_open_world_coherence_shapes_of_rustc() {
    // Each pair judged by rustc: a reference is fundamental; a tuple and `Vec` are not (a downstream
    // crate cannot implement a local trait for them); upstream crates may add an impl of their
    // trait for `Vec<Local>`, not for a local type.
    let src = "
trait Bar {}
struct L;
trait Fund {}
impl<T: Bar> Fund for T {}
impl<T> Fund for &T {}
trait Tup {}
impl<T: Bar> Tup for T {}
impl<T> Tup for (T, u8) {}
trait V {}
impl<T: Bar> V for T {}
impl<T> V for Vec<T> {}
trait Up {}
impl<T: Debug> Up for T {}
impl Up for Vec<L> {}
trait Loc {}
impl<T: Clone> Loc for T {}
impl Loc for L {}
";
    let (code, out) = check("shapes.rs", src, &[]);
    assert_eq!(code, 1, "{out}");
    assert!(out.contains("conflicting impls of `Fund`"), "{out}");
    assert!(out.contains("conflicting impls of `Up`"), "{out}");
    for ok in ["`Tup`", "`V`", "`Loc`"] {
        assert!(!out.contains(ok), "{ok} is coherent for rustc: {out}");
    }
    let (code, out) = check("shapes.rs", src, &["--closed-world"]);
    assert_eq!(code, 0, "{out}");
}

#[test]
fn cause6_overlap_through_a_projection_that_cannot_be_normalized() {
    // rustc issue #114061: a downstream crate may implement `WithAssoc` for `Box<Local>` with
    // `Assoc = ()`.
    let src = "
trait IsUnit {}
impl IsUnit for () {}
trait WithAssoc { type Assoc; }
trait Trait {}
impl<T> Trait for T where T: WithAssoc, <T as WithAssoc>::Assoc: IsUnit {}
impl<T> Trait for Box<T> {}
";
    let (code, out) = check("proj.rs", src, &[]);
    assert_eq!(code, 1, "{out}");
    let (code, out) = check("proj.rs", src, &["--closed-world"]);
    assert_eq!(code, 0, "{out}");
}

#[test]
fn cause6_a_real_overlap_still_has_its_witness() {
    let src = "
trait Foo {}
struct Byte;
impl<T: Clone> Foo for T {}
impl Foo for Vec<Byte> {}
impl Clone for Byte {}
";
    let (code, out) = check("wit.rs", src, &[]);
    assert_eq!(code, 1, "{out}");
    assert!(out.contains("both apply to `Vec<Byte>: Foo`"), "{out}");
}

#[test]
fn cause5_std_auto_trait_impls_are_expressible() {
    // The lowering lets a prelude state std's impls: an explicit impl for a built-in constructor
    // replaces its structural rule (`&T: Send` needs `T: Sync`, raw pointers are neither).
    let src = "
#[lang(sized)]
trait Sized {}
#[auto]
trait Send {}
#[auto]
trait Sync {}
impl<T: ?Sized> !Send for *const T {}
impl<T: ?Sized> !Sync for *mut T {}
impl<'a, T: ?Sized + Sync> Send for &'a T {}
struct Arc<T> { p: *const T }
unsafe impl<T: ?Sized + Sync + Send> Send for Arc<T> {}
struct NotSync;
impl !Sync for NotSync {}
struct NotSend;
impl !Send for NotSend {}
";
    let f = TempFile::new("std5.rs", src);
    for (goal, want) in [
        ("&'static NotSync: Send", "false."),
        ("&'static NotSend: Send", "true."),
        ("*const u8: Send", "false."),
        ("*mut u8: Sync", "false."),
        ("Arc<NotSync>: Send", "false."),
        ("Arc<u8>: Send", "true."),
    ] {
        for s in ["slg", "recursive"] {
            let o = knot(&[
                "query",
                f.path(),
                "--no-prelude",
                "--goal",
                goal,
                "--strategy",
                s,
            ]);
            assert_eq!(stdout(&o).trim(), want, "{s}: {goal}");
        }
    }
}
