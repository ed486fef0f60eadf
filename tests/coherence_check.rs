//! `knot check` and `Engine::check_coherence`: overlapping impls with a witness, marker traits,
//! negative impls, the orphan rule, exit codes.

mod common;
use common::{stdout, TempFile};
use knot::Engine;
use knot::Violation;
use std::process::Command;

const OVERLAP: &str = "
trait Clone {}
trait Foo {}
struct Vec<T> {}
struct Byte {}
struct Other {}
impl Clone for Byte {}
impl<T> Clone for Vec<T> where T: Clone {}
impl<T> Foo for T where T: Clone {}
impl Foo for Vec<Byte> {}
";

fn check(name: &str, src: &str) -> (i32, String) {
    let f = TempFile::new(name, src);
    let out = Command::new(env!("CARGO_BIN_EXE_knot"))
        .args(["check", f.path()])
        .output()
        .expect("knot runs");
    (out.status.code().unwrap_or(-1), stdout(&out))
}

#[test]
fn overlap_is_reported_with_a_witness_and_both_locations() {
    let (code, out) = check("overlap.rs", OVERLAP);
    assert_eq!(code, 1, "{out}");
    assert!(out.contains("conflicting impls of `Foo`"), "{out}");
    assert!(out.contains("Vec<Byte>: Foo"), "{out}");
    assert!(
        out.contains("overlap.rs:10:1") && out.contains("overlap.rs:9:1"),
        "{out}"
    );
}

#[test]
fn no_overlap_when_a_where_clause_cannot_hold() {
    // `Vec<Other>: Clone` needs `Other: Clone`, which has no impl.
    let src = OVERLAP.replace("impl Foo for Vec<Byte> {}", "impl Foo for Vec<Other> {}");
    let (code, out) = check("disjoint.rs", &src);
    assert_eq!(code, 0, "{out}");
    assert!(out.contains("coherent"), "{out}");
}

#[test]
fn marker_traits_may_overlap() {
    let src = OVERLAP.replace("trait Foo {}", "#[marker]\ntrait Foo {}");
    let (code, out) = check("marker.rs", &src);
    assert_eq!(code, 0, "{out}");
}

#[test]
fn a_more_specific_impl_still_overlaps() {
    // Without specialization, `impl Foo for Vec<Byte>` overlaps `impl<T> Foo for Vec<T>`.
    let src = "trait Foo {}\nstruct Vec<T> {}\nstruct Byte {}\nimpl<T> Foo for Vec<T> {}\nimpl Foo for Vec<Byte> {}\n";
    let (code, out) = check("specific.chalk", src);
    assert_eq!(code, 1, "{out}");
    assert!(out.contains("Vec<Byte>: Foo"), "{out}");
}

#[test]
fn positive_and_negative_impls_conflict() {
    let src = "#[auto] trait Send {}\nstruct S {}\nimpl !Send for S {}\nimpl Send for S {}\n";
    let (code, out) = check("negative.chalk", src);
    assert_eq!(code, 1, "{out}");
    assert!(out.contains("S: Send"), "{out}");
}

#[test]
fn orphan_impls_are_reported() {
    let src = "
        #[upstream] trait Display {}
        #[upstream] struct String {}
        #[upstream] struct Vec<T> {}
        struct Mine {}
        impl Display for String {}
        impl Display for Mine {}
        impl Display for Vec<Mine> {}
    ";
    let (code, out) = check("orphan.chalk", src);
    assert_eq!(code, 1, "{out}");
    assert_eq!(out.matches("orphan impl").count(), 2, "{out}");
    assert!(
        out.contains("orphan.chalk:6:") && out.contains("orphan.chalk:8:"),
        "{out}"
    );
}

#[test]
fn input_errors_exit_2() {
    let (code, _) = check("bad.rs", "struct S {\n");
    assert_eq!(code, 2);
    let (code, _) = check("clauses.pl", "p(a).\n");
    assert_eq!(code, 2);
}

#[test]
fn the_library_reports_the_same_violations() {
    let mut e = Engine::from_rust("lib.chalk", OVERLAP).unwrap();
    let v = e.check_coherence().unwrap();
    assert_eq!(v.len(), 1);
    match &v[0] {
        Violation::Overlap {
            trait_name,
            witness,
            undecided,
            ..
        } => {
            assert_eq!(trait_name, "Foo");
            assert_eq!(witness.as_deref(), Some("Vec<Byte>: Foo"));
            assert!(!undecided);
        }
        other => panic!("expected an overlap, got {other:?}"),
    }
}

#[test]
fn open_world_overlap_agrees_with_rustc_whatever_the_order_of_where_clauses() {
    // rustc 1.95 accepts the first two (`Fn` is `#[fundamental]`: no crate may make `char: Fn(char)`
    // hold, so `char: Sync`'s open-world branch does not matter) and rejects the last two with
    // E0119 (an upstream crate may add `impl Display for Vec<u8>`; `Box` is fundamental, so a
    // downstream crate may write `impl Copy for Box<ItsOwnType>`).
    for (name, src, code) in [
        (
            "fn_after.rs",
            "pub trait P {}\nimpl P for char {}\nimpl<F: Sync + Fn(char) -> bool> P for F {}\n",
            0,
        ),
        (
            "fn_before.rs",
            "pub trait P: Sync {}\nimpl P for char {}\nimpl<F: Fn(char) -> bool + Sync> P for F {}\n",
            0,
        ),
        (
            "display.rs",
            "use std::fmt::Display;\npub trait Foo {}\nimpl<T: Display> Foo for T {}\nimpl Foo for Vec<u8> {}\n",
            1,
        ),
        (
            "boxed.rs",
            "pub trait Foo {}\nimpl<T: Copy> Foo for T {}\nimpl<U> Foo for Box<U> {}\n",
            1,
        ),
    ] {
        let (c, out) = check(name, src);
        assert_eq!(c, code, "{name}: {out}");
    }
}

/// The orphan rule of a `.rs` file is rustc's (RFC 2451: no uncovered type parameter before the
/// first local type), checked for the std model's traits too, and an impl is checked against the
/// std model's impls of its trait. Verdicts of rustc 1.95 (`--crate-type lib`), recorded here:
/// 0 = accepted, 1 = rejected (E0117 / E0210: orphan; E0119: overlap).
#[test]
fn orphan_rule_and_std_overlaps_agree_with_rustc() {
    let cases: [(&str, &str, i32, &str); 17] = [
        ("tuple_default.rs", "pub struct L;\nimpl Default for (L, L) { fn default() -> Self { (L, L) } }\n", 1, "orphan impl"),
        ("tuple_param.rs", "pub struct L;\nimpl<T> From<T> for (T, L) { fn from(_: T) -> Self { todo!() } }\n", 1, "orphan impl"),
        ("bare_param.rs", "pub struct L;\nimpl<T> From<L> for T { fn from(_: L) -> Self { todo!() } }\n", 1, "orphan impl"),
        ("box_param.rs", "pub struct L;\nimpl<T> From<L> for Box<T> { fn from(_: L) -> Self { todo!() } }\n", 1, "orphan impl"),
        ("ref_param.rs", "pub struct L;\nimpl<T> From<L> for &T { fn from(_: L) -> Self { todo!() } }\n", 1, "orphan impl"),
        ("param_then_local.rs", "pub struct L;\nimpl<T> PartialEq<L> for T { fn eq(&self, _: &L) -> bool { true } }\n", 1, "orphan impl"),
        ("vec_local_default.rs", "pub struct L;\nimpl Default for Vec<L> { fn default() -> Self { Vec::new() } }\n", 1, "orphan impl"),
        ("option_param.rs", "pub struct L;\nimpl<T> From<L> for Option<T> { fn from(_: L) -> Self { None } }\n", 1, "conflicting impls of `From`"),
        ("vec_param.rs", "pub struct L;\nimpl<T> From<L> for Vec<T> { fn from(_: L) -> Self { Vec::new() } }\n", 0, "coherent"),
        ("second_param_local.rs", "pub struct L;\nimpl<T> PartialEq<L> for Vec<T> { fn eq(&self, _: &L) -> bool { true } }\n", 0, "coherent"),
        ("box_box_local.rs", "pub struct L;\nimpl From<u8> for Box<Box<L>> { fn from(_: u8) -> Self { todo!() } }\n", 0, "coherent"),
        ("ref_local.rs", "use std::fmt;\npub struct L;\nimpl fmt::Display for &L { fn fmt(&self, _: &mut fmt::Formatter) -> fmt::Result { Ok(()) } }\n", 0, "coherent"),
        ("dyn_local.rs", "use std::fmt;\npub trait MyTrait {}\nimpl fmt::Debug for dyn MyTrait { fn fmt(&self, _: &mut fmt::Formatter) -> fmt::Result { Ok(()) } }\nimpl fmt::Debug for dyn MyTrait + Send { fn fmt(&self, _: &mut fmt::Formatter) -> fmt::Result { Ok(()) } }\n", 0, "coherent"),
        ("dyn_foreign.rs", "use std::fmt;\nimpl fmt::Display for dyn std::any::Any { fn fmt(&self, _: &mut fmt::Formatter) -> fmt::Result { Ok(()) } }\n", 1, "orphan impl"),
        // A derive writes an impl too (located at the derive, as rustc reports it).
        ("derive_clone.rs", "#[derive(Clone)]\npub struct W<T>(T);\nimpl Clone for W<Vec<u8>> { fn clone(&self) -> Self { todo!() } }\n", 1, "derive_clone.rs:1:10: error: conflicting impls of `Clone`"),
        // toml_edit's pair: `(K, V): Into<Value>` is this crate's to write (the tuple covers K and
        // V), so no upstream crate may add it; chalk's fully-visible rule left it open.
        ("pair_into.rs", "pub struct Value;\npub struct Key;\nimpl From<&str> for Key { fn from(_: &str) -> Self { Key } }\nimpl<V: Into<Value>> FromIterator<V> for Value { fn from_iter<I: IntoIterator<Item = V>>(_: I) -> Self { Value } }\nimpl<K: Into<Key>, V: Into<Value>> FromIterator<(K, V)> for Value { fn from_iter<I: IntoIterator<Item = (K, V)>>(_: I) -> Self { Value } }\n", 0, "coherent"),
        // Unseen types whose path tells their crate: `super::`/`crate::` ones are local, `std::`
        // and other crates' foreign; and an imported trait named like a std one is unseen. (Not
        // compilable alone: rustc accepts these impls in a crate that defines `BigInt` and `Read`.)
        ("unseen.rs", "use super::BigInt;\nuse std::process::Stdio;\nuse crate::Read;\npub struct L;\nimpl From<L> for Stdio { fn from(_: L) -> Stdio { todo!() } }\nimpl Default for BigInt { fn default() -> Self { todo!() } }\nimpl Read for &[u8] {}\n", 0, "coherent"),
    ];
    for (name, src, code, says) in cases {
        let (c, out) = check(name, src);
        assert_eq!(c, code, "{name}: {out}");
        assert!(out.contains(says), "{name}: {out}");
    }
}

/// `knot query --open-world` asks a goal in `knot check`'s open world: what an upstream crate may
/// add is unknown (rustc: std may add `impl Display for Vec<u8>`), what only this crate can write
/// is decided (`L` and `Box<L>` are local).
#[test]
fn query_in_the_open_world() {
    let f = TempFile::new("open_world.rs", "use std::fmt::Display;\npub struct L;\n");
    let ask = |goal: &str, open: bool| -> String {
        let mut cmd = Command::new(env!("CARGO_BIN_EXE_knot"));
        cmd.args(["query", f.path(), "--goal", goal]);
        if open {
            cmd.arg("--open-world");
        }
        stdout(&cmd.output().expect("knot runs"))
    };
    assert!(ask("Vec<u8>: Display", true).starts_with("ambiguous."));
    assert!(ask("Vec<u8>: Display", false).starts_with("false."));
    for goal in ["L: Display", "Box<L>: Display"] {
        assert!(ask(goal, true).starts_with("false."), "{goal}");
    }
}

/// rustc's ui test coherence-overlap-unnormalizable-projection-0: a downstream crate may implement
/// `WithAssoc<'a>` for `Box<Local>` (Box is fundamental), so the projection in the blanket impl's
/// where-clause cannot be normalized and does not rule the overlap out (rustc: E0119). With a
/// local non-fundamental `Local<T>` instead of `Box<T>` no other crate can, and rustc accepts it.
#[test]
fn an_unnormalizable_projection_does_not_rule_an_overlap_out() {
    let src = "
trait WhereBound {}
impl WhereBound for () {}
pub trait WithAssoc<'a> {
    type Assoc;
}
pub trait Trait {}
impl<T> Trait for T
where
    T: 'static,
    for<'a> T: WithAssoc<'a>,
    for<'a> <T as WithAssoc<'a>>::Assoc: WhereBound,
{
}
impl<T> Trait for Box<T> {}
";
    let (code, out) = check("hr_projection.rs", src);
    assert_eq!(code, 1, "{out}");
    assert!(out.contains("conflicting impls of `Trait`"), "{out}");
    assert!(out.contains("another crate"), "{out}");
    let local = src.replace(
        "impl<T> Trait for Box<T> {}",
        "pub struct Local<T>(T);\nimpl<T> Trait for Local<T> {}",
    );
    let (code, out) = check("hr_projection_local.rs", &local);
    assert_eq!(code, 0, "{out}");
}
