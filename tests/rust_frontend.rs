//! The `.rs` front end: Rust read with syn, names resolved against the program's modules and the std
//! model (`rules/std/`), answers in Rust notation. Driven through the binary. Verdicts were asked of
//! rustc 1.95 (`fn __check<T: Tr + ?Sized>() {}` appended to the program).

mod common;
use std::path::PathBuf;
use std::process::Command;

fn knot(args: &[&str]) -> (bool, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_knot"))
        .args(args)
        .output()
        .expect("knot runs");
    (
        out.status.success(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

fn data(rel: &str) -> String {
    format!("{}/tests/data/{rel}", env!("CARGO_MANIFEST_DIR"))
}

/// A program written into the test's scratch directory (inside `target/`).
fn program(name: &str, text: &str) -> String {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("rust_frontend");
    std::fs::create_dir_all(&dir).expect("scratch dir");
    let p = dir.join(name);
    std::fs::write(&p, text).expect("write program");
    p.to_string_lossy().into_owned()
}

fn first_line(file: &str, goal: &str, strategy: &str) -> String {
    answer(file, goal, strategy).0
}

fn expect(file: &str, holds: bool, goal: &str) {
    for s in ["slg", "recursive"] {
        let o = first_line(file, goal, s);
        if holds {
            assert_eq!(o, "true.", "{s}: `{goal}` holds for rustc ({file})");
        } else {
            let l = o.to_ascii_lowercase();
            assert!(
                l.starts_with("false.") || l.starts_with("ambiguous") || l.starts_with("overflow"),
                "{s}: `{goal}` fails for rustc, knot: {o} ({file})"
            );
        }
    }
}

#[test]
fn pasted_files_load() {
    for f in ["events.rs", "errors.rs"] {
        let path = data(&format!("check-programs/rust/{f}"));
        let (ok, _, err) = knot(&["lower", &path]);
        assert!(ok, "{f} does not load: {err}");
    }
    // The `macro_rules!` macro it defines and invokes is expanded (to nothing): no warning.
    let (_, _, err) = knot(&["lower", &data("check-programs/rust/events.rs")]);
    assert!(!err.contains("macro invocation skipped"), "{err}");
}

#[test]
fn everyday_rust_agrees_with_rustc() {
    let ev = data("check-programs/rust/events.rs");
    for g in [
        "Click: ToString",
        "Shared<Click>: Send",
        "Bus<Click>: Send",
        "<Click as Event>::Payload: Clone",
        "Id: std::hash::Hash",
        "Id: core::hash::Hash",
        "ids::Id: Clone",
        "crate::ids::Id: Copy",
    ] {
        expect(&ev, true, g);
    }
    for g in [
        "Local: Send",
        "Local: Event",
        "Bus<Click>: Sync",
        "Shared<Local>: Sync",
        "PhantomData<Rc<u8>>: Send",
    ] {
        expect(&ev, false, g);
    }
    let er = data("check-programs/rust/errors.rs");
    for g in [
        "AppError: Error",
        "std::num::ParseIntError: Into<AppError>",
        "AppError: Into<Box<dyn Error>>",
        "AppError: Named",
        "AppError: Send",
        "Result<Config<'static>>: Sync",
    ] {
        expect(&er, true, g);
    }
    // (`str: Named` needs `T: ?Sized` honoured by the lowering: the soundness work's.)
    for g in [
        "Config<'static>: Named",
        "AppError: Clone",
        "String: Into<AppError>",
    ] {
        expect(&er, false, g);
    }
}

#[test]
fn paths_imports_modules_and_aliases() {
    let p = program(
        "paths.rs",
        r#"
use std::marker::Sync as Trait;
use std::sync::{Arc, Mutex as Lock};
use std::rc::Rc;
use std::collections::*;
pub mod outer {
    pub mod inner {
        pub struct Deep<T>(pub T);
        pub trait Mark {}
        impl<T: super::Base> Mark for Deep<T> {}
    }
    pub trait Base {}
    impl Base for u8 {}
    pub use self::inner::Deep as Reexported;
}
use outer::inner::{self, Mark};
pub type Unit = ();
pub type Id<T> = T;
pub type Pair<A, B = u8> = (A, B);
pub type Locked<T> = Arc<Lock<T>>;
struct Plain;
impl crate::outer::Base for Plain {}
impl Mark for Unit {}
trait Local: Trait {}
impl Local for Id<u32> {}
"#,
    );
    for g in [
        "inner::Deep<u8>: Mark",
        "outer::Reexported<u8>: outer::inner::Mark",
        "Id<Plain>: outer::Base",
        "Unit: Mark",
        "(): Mark",
        "u32: Local",
        "Pair<u8>: Send",
        "Pair<u8> = (u8, u8)",
        "Locked<u8>: Sync",
        "HashMap<u8, String>: Send",
        "u8: Trait",
    ] {
        expect(&p, true, g);
    }
    for g in [
        "inner::Deep<u16>: Mark",
        "Locked<Rc<u8>>: Sync",
        "u8: Local",
    ] {
        expect(&p, false, g);
    }
}

#[test]
fn items_knot_does_not_model_are_skipped() {
    let p = program(
        "items.rs",
        r#"
#![allow(dead_code)]
//! docs
extern crate core;
use core::fmt;
const N: usize = 3;
static S: &str = "s";
union U { a: u32, b: f32 }
#[repr(u8)]
enum E { A = 1, B(u8) = 2, C { x: i16 } = 3 }
macro_rules! m { () => {} }
m!();
#[cfg(test)]
mod tests { fn t() {} }
struct W<T, const K: usize = 4> { v: [T; K] }
impl<T> W<T> { fn new() -> Self { loop {} } }
trait Tr: Iterator<Item: Clone> { fn f(&self) -> impl Fn(u8) -> u8; }
fn free<T: fmt::Debug>(t: T) -> impl fmt::Debug { t }
extern "C" { fn c(x: u8); }
"#,
    );
    let (ok, _, err) = knot(&["lower", &p]);
    assert!(ok, "{err}");
    // `m!()` is a `macro_rules!` macro defined above it: expanded (to nothing), no warning.
    assert!(!err.contains("macro invocation skipped"), "{err}");
    assert!(err.contains("warning: #[cfg] not evaluated"), "{err}");
    expect(&p, true, "U: Send");
    expect(&p, true, "E: Sync");
    expect(&p, true, "W<u8>: Send");
    expect(&p, false, "W<Rc<u8>, 2>: Sync");
}

#[test]
fn not_rust_is_a_located_error() {
    let p = program(
        "bad.rs",
        "struct S {\n    x: u8,\n}\nimpl Tr for S { fn f( }\n",
    );
    let (ok, _, err) = knot(&["lower", &p]);
    assert!(!ok);
    assert!(err.contains("bad.rs:4:"), "{err}");
}

#[test]
fn std_model_auto_traits() {
    let p = program(
        "std.rs",
        "struct NotSync;\nimpl !Sync for NotSync {}\nstruct NotSend;\nimpl !Send for NotSend {}\n",
    );
    for g in [
        "Arc<u8>: Send",
        "Box<NotSync>: Send",
        "Mutex<NotSync>: Sync",
        "std::cell::Cell<u8>: Send",
        "Vec<NotSync>: Send",
        "Option<NotSync>: Send",
        "std::sync::mpsc::Sender<u8>: Sync",
    ] {
        expect(&p, true, g);
    }
    for g in [
        "Rc<u8>: Send",
        "Arc<NotSync>: Send",
        "Arc<NotSend>: Sync",
        "std::cell::RefCell<u8>: Sync",
        "Mutex<NotSend>: Sync",
        "std::sync::mpsc::Receiver<u8>: Sync",
        "std::ptr::NonNull<u8>: Send",
    ] {
        expect(&p, false, g);
    }
}

/// The std model generated from rustdoc (issue 47's examples; verdicts asked of rustc 1.95): std's
/// types by path or imported, auto traits from rustdoc's synthesized impls (not guessed from fields),
/// tuples longer than the old limits, aliases, and defaults naming other parameters.
#[test]
fn generated_std_model() {
    let p = program(
        "stdgen.rs",
        "use std::time::Duration;\npub struct Config { timeout: Duration }\n",
    );
    for g in [
        "Config: Send",
        "std::time::Duration: std::fmt::Debug",
        "Duration: Copy",
        "(u8, u8, u8, u8, u8): Sized",
        "(u8, u8, u8, u8, u8): Copy",
        "(u8, u8, u8, u8, u8): std::fmt::Debug",
        "(String, u8, u8, u8, u8, u8, u8, u8, u8, u8, u8, u8): Send",
        "std::sync::LazyLock<u8>: Sync",
        "std::io::Result<u8>: std::fmt::Debug",
        "std::num::NonZeroI64: std::hash::Hash",
        "std::sync::atomic::AtomicU8: Sync",
        "std::cmp::Reverse<u8>: Ord",
    ] {
        expect(&p, true, g);
    }
    for g in [
        "std::rc::Weak<u8>: std::panic::UnwindSafe",
        "std::rc::Weak<u8>: std::panic::RefUnwindSafe",
        "std::path::Path: Sized",
        "std::cell::Cell<u8>: Sync",
    ] {
        expect(&p, false, g);
    }
}

#[test]
fn blanket_impls_of_std() {
    let p = program(
        "blanket.rs",
        r#"
use std::fmt;
struct A;
impl fmt::Display for A { fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result { Ok(()) } }
struct B;
impl From<A> for B { fn from(_: A) -> B { B } }
struct It;
impl Iterator for It { type Item = u8; fn next(&mut self) -> Option<u8> { None } }
"#,
    );
    for g in [
        "A: ToString",
        "A: Into<B>",
        "A: From<A>",
        "It: IntoIterator",
        "<It as IntoIterator>::IntoIter = It",
        "<It as IntoIterator>::Item = u8",
        "u8: Into<u32>",
        "String: From<&'static str>",
    ] {
        expect(&p, true, g);
    }
    for g in ["B: ToString", "B: Into<A>", "u32: Into<u8>"] {
        expect(&p, false, g);
    }
}

/// Lifetimes left out, as Rust reads them (each verdict is rustc's, asked with the lifetimes written
/// out): a path without its lifetime arguments gets fresh ones (`Cow<str>` is `Cow<'_, str>`, not
/// `str` in the lifetime's place), and a `dyn` type without a lifetime has the default object
/// lifetime (`'static` in a `Box`, the reference's own behind `&`).
#[test]
fn elided_lifetimes_read_as_rust_reads_them() {
    let p = program(
        "elided.rs",
        r#"
use std::borrow::Cow;
use std::any::Any;
use std::fmt::Debug;
pub struct Holder<'a, T: ?Sized>(&'a T);
pub trait Other {}
impl<'a, T: Clone + ?Sized> Other for Holder<'a, T> {}
pub trait Tagged { fn tag(&self) -> u8 { 0 } }
impl Tagged for Box<dyn Debug> {}
"#,
    );
    for g in [
        "Cow<str>: Clone",
        "Cow<[u8]>: Debug",
        "Holder<Cow<str>>: Other",
        "Holder<'static, Cow<'static, str>>: Other",
        "Box<dyn std::error::Error>: Any",
        "Box<dyn Debug + 'static>: Tagged",
        "Box<dyn Debug>: Tagged",
        "&'static dyn Debug: Any",
    ] {
        expect(&p, true, g);
    }
    for g in ["Holder<str>: Other", "Box<dyn Debug>: Send"] {
        expect(&p, false, g);
    }
    let (ok, _, err) = knot(&["query", &p, "--goal", "Cow<str, u8>: Clone"]);
    assert!(!ok && err.contains("lower::arity"), "{err}");
}

/// No answer, in any output format, names one of knot's internal terms (`'$tuple'`, `'$alias'`).
#[test]
fn answers_speak_rust() {
    let ev = data("check-programs/rust/events.rs");
    let goals = [
        "exists<T> { <Click as Event>::Payload = T }",
        "exists<T> { <Vec<u8> as IntoIterator>::IntoIter = T }",
        "exists<T> { T = Box<dyn Fn(&u8) -> u32 + Send> }",
        "exists<T> { T = unsafe extern \"C\" fn(u8) -> [u8; 3] }",
        "exists<T> { T = (*const u8, &'static mut str, ()) }",
        "exists<T> { T: Event }",
    ];
    for g in goals {
        for extra in [&[][..], &["--all"][..], &["--format", "json"][..]] {
            let mut args = vec!["query", ev.as_str(), "--goal", g];
            args.extend_from_slice(extra);
            let (_, out, err) = knot(&args);
            // The JSON object's `goal` field echoes the lowered goal term (knot's own notation).
            let out = match serde_json::from_str::<serde_json::Value>(out.trim()) {
                Ok(mut v) => {
                    v["goal"] = serde_json::Value::Null;
                    v.to_string()
                }
                Err(_) => out,
            };
            let text = format!("{out}{err}");
            assert!(!text.contains("'$"), "`{g}` {extra:?}: {text}");
        }
    }
    let (_, out, _) = knot(&[
        "query",
        &ev,
        "--goal",
        "exists<T> { T = Box<dyn Fn(&u8) -> u32 + Send> }",
    ]);
    assert!(out.contains("T = Box<dyn Fn<(&u8,)> + Send"), "{out}");
}

#[test]
fn macro_rules_macros_are_expanded_where_they_are_invoked() {
    let f = data("rust/macros.rs");
    expect(&f, true, "(u8, Vec<u16>, &'static str): Tr");
    expect(&f, true, "(): Tr");
    expect(&f, true, "(u8,): Tr");
    expect(&f, true, "m::Local: Tr");
    expect(&f, false, "(u8, u8, u8, u8): Tr");
    expect(&f, false, "u16: Tr");
}

#[test]
fn runaway_macros_end_with_a_warning() {
    // Self-recursion stops at 128 nested expansions; output that doubles at each step stops at the
    // token budget; an unknown macro is skipped. The rest of the file is read.
    let f = program(
        "runaway.rs",
        "macro_rules! r { () => { r!(); }; }\nr!();\n\
         macro_rules! grow { ($($t:tt)*) => { grow!($($t)* $($t)*); }; }\ngrow!(x);\n\
         undefined_mac!(x);\ntrait Tr {}\nimpl Tr for u8 {}\n",
    );
    let (ok, _, err) = knot(&["lower", &f]);
    assert!(ok, "{err}");
    assert!(err.contains("expansions nested deeper than 128"), "{err}");
    assert!(
        err.contains("macro expansions produce too many tokens"),
        "{err}"
    );
    assert!(
        err.contains("`undefined_mac!` is not a `macro_rules!` macro"),
        "{err}"
    );
    expect(&f, true, "u8: Tr");
}

/// What the front end skips can change an answer, so every command that loads a program says it:
/// `knot query` (and `check`, and the REPL) print the same located warnings as `knot lower`, among
/// them a derive of a trait knot does not know (a procedural derive such as serde's).
#[test]
fn query_names_what_the_front_end_skipped() {
    let p = program(
        "skipped.rs",
        r#"use serde::Serialize;
trait Tr {}
#[derive(Serialize, Clone)]
struct A { x: u8 }
my_macro!(A);
"#,
    );
    let (ok, out, err) = knot(&["query", &p, "--goal", "A: Tr"]);
    assert!(ok, "{err}");
    assert_eq!(out.trim(), "false.");
    assert!(
        err.contains("skipped.rs:5:1: warning: macro invocation skipped"),
        "{err}"
    );
    assert!(
        err.contains("skipped.rs:3:10: warning: `#[derive(Serialize)]` skipped"),
        "{err}"
    );
    assert!(
        err.contains("skipped.rs:1:12: warning: import `serde::Serialize`"),
        "{err}"
    );
    // `Clone` is std's derive: modelled, no warning for it.
    assert!(!err.contains("derive(Clone)"), "{err}");
    assert_eq!(first_line(&p, "A: Clone", "slg"), "true.");
    // The std model's own files give no warning.
    assert!(!err.contains("rules/"), "{err}");
    let (_, _, lower_err) = knot(&["lower", &p]);
    assert_eq!(lower_err, err);
}

/// The first line of `knot query` for `goal` under `strategy`, with its notes (stdout).
fn answer(file: &str, goal: &str, strategy: &str) -> (String, String) {
    let o = common::query(file, goal, strategy);
    let (out, err) = (common::stdout(&o), common::stderr(&o));
    let first = out
        .lines()
        .next()
        .map(String::from)
        .unwrap_or_else(|| err.lines().next().unwrap_or("").to_string());
    (first, out)
}

#[test]
fn types_imported_from_modules_knot_cannot_see_are_open() {
    // A file pasted from a crate: `Thing` and `Gen` are defined in a module knot does not have,
    // `Value` may come from a glob import of a crate it does not model, `c_ulong` is named by a
    // path into another module. Whatever those definitions are, the file's own impls hold (rustc
    // 1.95 accepts `Thing: Show` and `Gen<Local>: Show` with `mod other { pub struct Thing; pub
    // struct Gen<T>(T); }` added, and with `Thing` made generic-free and `Copy`); what depends on
    // the unseen definitions is ambiguous, never false.
    let p = program(
        "unseen.rs",
        r#"
use crate::other::Thing;
use crate::other::Gen;
use serde_json::*;
trait Show {}
impl Show for Thing {}
struct W<T>(T);
impl<T: Show> Show for W<T> {}
struct Local;
impl Show for Gen<Local> {}
impl Show for Value {}
impl Show for crate::ctypes::c_ulong {}
"#,
    );
    let (ok, out, err) = knot(&["check", &p]);
    assert!(ok, "{out}{err}");
    assert!(
        err.contains("import `crate::other::Thing` names no item knot models"),
        "{err}"
    );
    // The lowered clauses say which functors are open, so they load back as open.
    let (ok, pl, err) = knot(&["lower", &p]);
    assert!(
        ok && pl.contains(":- unseen('crate::other::Thing'/0)."),
        "{err}"
    );
    let reloaded = program("unseen.pl", &pl);
    assert!(answer(&reloaded, "'Copy'('crate::other::Thing')", "slg")
        .0
        .starts_with("ambiguous"));
    assert_eq!(
        answer(&reloaded, "'Show'('crate::other::Thing')", "slg").0,
        "true."
    );
    // Impls the file does not have may exist where the type is defined (`Thing: Copy`), its fields
    // decide the auto traits, and even `Sized` is the definition's (a type alias may name an
    // unsized type): only possible.
    expect_with_unseen(
        &p,
        &["slg", "recursive", "sld"],
        &["Thing: Show", "Gen<Local>: Show", "Value: Show"],
        &[],
        &[
            // The file is one module of a crate read in part (`crate::other`): another module
            // may implement its trait `Show` for `Local`.
            "Local: Show",
            "W<Local>: Show",
            "Thing: Copy",
            "Thing: Send",
            "Gen<u8>: Show",
            "W<Thing>: Show",
            "W<Thing>: Sync",
        ],
    );
}

/// Under each strategy: `holds` are true, `fails` false, `possible` ambiguous with the note that
/// names unseen items.
/// `knot check` refuses the program `p`, saying `says`.
fn check_refuses(p: &str, says: &str) {
    let (ok, _, err) = knot(&["check", p]);
    assert!(!ok && err.contains(says), "{err}");
}

fn expect_with_unseen(
    p: &str,
    strategies: &[&str],
    holds: &[&str],
    fails: &[&str],
    possible: &[&str],
) {
    for s in strategies {
        for g in holds {
            assert_eq!(answer(p, g, s).0, "true.", "{s}: {g}");
        }
        for g in fails {
            assert_eq!(answer(p, g, s).0, "false.", "{s}: {g}");
        }
        for g in possible {
            let (first, all) = answer(p, g, s);
            assert!(first.starts_with("ambiguous"), "{s}: {g}: {all}");
            assert!(
                all.contains("warning: open: the search met a type or trait the program imports"),
                "{s}: {g}: {all}"
            );
        }
    }
}

/// `knot check` on `p` exits 3 (undecided), naming unseen items as the reason.
fn assert_undecided_for_unseen(p: &str) {
    let out = Command::new(env!("CARGO_BIN_EXE_knot"))
        .args(["check", p])
        .output()
        .expect("knot runs");
    let text = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(3), "{text}");
    assert!(
        text.contains("it depends on a type or trait the program imports but does not define"),
        "{text}"
    );
}

#[test]
fn unseen_types_leave_coherence_undecided_and_typos_stay_errors() {
    // `impl<T: Copy> Show for T` overlaps `impl Show for Thing` exactly when the unseen `Thing`
    // is `Copy` (rustc 1.95: E0119 with `#[derive(Clone, Copy)] pub struct Thing;`, accepted with
    // `pub struct Thing;`): undecided, exit 3, with the reason.
    let p = program(
        "unseen_overlap.rs",
        "use crate::other::Thing;\ntrait Show {}\nimpl Show for Thing {}\nimpl<T: Copy> Show for T {}\n",
    );
    assert_undecided_for_unseen(&p);
    // syn's `impl<T: Parse> ParseQuote for T` beside `impl<T: Parse, P: Parse> ParseQuote for
    // Punctuated<T, P>` (rustc accepts it in syn, where `Punctuated` is not `Parse`): with `Parse`
    // and `Punctuated` unseen, undecided for that reason, not an overlap another crate may make.
    let p = program(
        "unseen_blanket.rs",
        "use crate::parse::Parse;\nuse crate::punctuated::Punctuated;\npub trait ParseQuote: Sized {}\n\
         impl<T: Parse> ParseQuote for T {}\n\
         impl<T: Parse, P: Parse> ParseQuote for Punctuated<T, P> {}\n",
    );
    assert_undecided_for_unseen(&p);
    // A bare name that nothing imports is a mistake, not an unseen type.
    let p = program(
        "typo.rs",
        "use crate::other::Thing;\ntrait Show {}\nimpl Show for Thnig {}\n",
    );
    check_refuses(&p, "unknown type `Thnig`");
    // One unseen type used with two argument counts.
    let p = program(
        "arity.rs",
        "use crate::other::Gen;\ntrait Show {}\nimpl Show for Gen<u8> {}\nimpl Show for Gen {}\n",
    );
    check_refuses(&p, "used with 1 and with 0 type arguments");
}

#[test]
fn traits_imported_from_crates_knot_cannot_see_are_open() {
    // `Serialize` and `ParallelIterator` are defined where knot cannot see: their impls elsewhere,
    // their supertraits and their other associated types are unknown. The file's own impls hold
    // (rustc 1.95 accepts `Local: Serialize` and `W<Local>: Show` with any definition of
    // `Serialize` that has an associated type `Ok`); the rest is ambiguous, never false.
    let p = program(
        "unseen_traits.rs",
        r#"
use serde::Serialize;
use rayon::iter::ParallelIterator;
trait Show {}
struct W<T>(T);
struct Local;
impl Serialize for Local {
    type Ok = ();
}
impl<T: Serialize> Show for W<T> {}
impl<T: ParallelIterator<Item = u8>> Show for Vec<T> {}
// `I::Item` is the unseen trait's, the one bound of `I` that may declare it.
struct Par<I: ParallelIterator>(Vec<I::Item>);
impl<I: ParallelIterator> Show for Par<I> where I::Item: Clone {}
"#,
    );
    let (ok, out, err) = knot(&["check", &p]);
    assert!(ok, "{out}{err}");
    assert!(
        !err.contains("#[unseen]"),
        "no warning for knot's own marker: {err}"
    );
    expect_with_unseen(
        &p,
        &["slg", "recursive"],
        &["Local: Serialize", "W<Local>: Show"],
        &["Local: Show"],
        &[
            "u8: Serialize",
            "W<u8>: Show",
            "Vec<u8>: Show",
            "Par<Vec<u8>>: Show",
            // Under a hypothesis about an unseen trait, its unseen supertraits may give anything.
            "forall<T> { if (T: Serialize) { T: Clone } }",
        ],
    );
    let p = program(
        "unseen_trait_arity.rs",
        "use serde::Ser;\ntrait Show {}\nimpl<T: Ser<u8>> Show for T {}\nimpl Ser for u8 {}\n",
    );
    check_refuses(&p, "used with 1 and with 0 arguments");
}

/// Integer literals in goals as Rust writes them: hexadecimal, octal and binary, with `_`
/// separators (smallvec's `[u8; 0x10_0000]: Array`).
#[test]
fn goal_integer_literals_in_every_radix() {
    let p = program("radix.rs", "trait Tr {}\nimpl Tr for [u8; 1048576] {}\n");
    for g in [
        "[u8; 0x10_0000]: Tr",
        "[u8; 1_048_576]: Tr",
        "[u8; 0o4000000]: Tr",
        "[u8; 0b1_0000_0000_0000_0000_0000]: Tr",
    ] {
        assert_eq!(first_line(&p, g, "slg"), "true.", "{g}");
    }
    assert_eq!(first_line(&p, "[u8; 0x10]: Tr", "slg"), "false.");
}
