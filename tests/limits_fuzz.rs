//! Limits are bounds (issues 22 and 50): on random programs, `knot query` under every strategy ends
//! within `--timeout` plus 10% and 0.5 s, its peak resident memory stays within `--max-memory` plus
//! 10%, and it ends with an answer or an overflow naming the limit (never a crash).
//!
//! The programs come from seeded generators of six kinds, in turn:
//! - chalk-syntax trait programs with growing types, cycles and projections;
//! - pasted-Rust programs with recursive types, raw pointers, references and derives;
//! - `.pl` cyclic terms (rational trees built by unification without the occurs check, nested
//!   cycles, cycles thousands of cells long) given to sorting, comparison, copying, printing, text
//!   conversion, list predicates, tables and the database;
//! - `.pl` atom, string, number and output builders (`atom_concat` doubling, `atomic_list_concat`,
//!   `format("~*c")`, `tab/1` with huge counts, `sub_atom/5` enumeration, big numbers' digits);
//! - Datalog products and joins over generated facts, and transitive closures of random graphs,
//!   tabled and untabled;
//! - `.rs` bombs: deeply nested types, thousands of impls, chains of associated types, recursive
//!   impls, big generated structs.
//!
//! Each case is a program, a goal and its flags, run as a child process with each strategy and with
//! a timeout and a memory budget drawn from the case's seed; wall time and peak RSS (`wait4`) are
//! measured from outside. Case `n` is generated from `n` alone, so a failure names its case and
//! `KNOT_LIMIT_FROM=n KNOT_LIMIT_CASES=1` reruns it. `cargo test` runs `KNOT_LIMIT_CASES` cases
//! (default 24); `KNOT_LIMIT_JOBS` runs that many cases at once (default 1); `KNOT_BIN` names
//! another `knot` binary to run; `KNOT_LIMIT_KEEP=DIR` writes the cases' files into DIR and keeps
//! them. The long run of the
//! README is `KNOT_LIMIT_CASES=20000 cargo test --release --test limits_fuzz -- --nocapture`, which
//! prints the figures; `KNOT_LIMIT_VERBOSE=1` prints every run.

use std::io::{Read, Write};
use std::process::{Command, Stdio};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;
use std::time::{Duration, Instant};

const STRATEGIES: [&str; 3] = ["slg", "recursive", "sld"];

mod common;
use common::rng::Rng;

/// One generated case: a program (its file's extension and text), a goal and extra flags.
struct Case {
    ext: &'static str,
    src: String,
    goal: String,
    flags: Vec<String>,
}

impl Case {
    fn new(ext: &'static str, src: String, goal: String) -> Case {
        Case {
            ext,
            src,
            goal,
            flags: Vec::new(),
        }
    }
    fn flag(&mut self, f: &str) {
        self.flags.push(f.to_string());
    }
}

/// One of `xs`, each `1 / xs.len()` likely (for sizes spread over orders of magnitude).
fn size<T: Copy>(r: &mut Rng, xs: &[T]) -> T {
    xs[r.below(xs.len())]
}

/// A chalk-syntax program and a goal.
fn chalk_case(r: &mut Rng) -> Case {
    let mut p = String::from(
        "struct S0 {}\nstruct S1 {}\nstruct W<T> {}\nstruct P<T, U> {}\ntrait Te { type Out; }\n",
    );
    for t in 0..4 {
        if r.below(3) == 0 {
            p.push_str("#[coinductive]\n");
        }
        p.push_str(&format!("trait T{t} {{}}\n"));
    }
    for _ in 0..1 + r.below(6) {
        let (a, b, c) = (r.below(4), r.below(4), r.below(4));
        let base = r.pick(&["S0", "S1"]);
        p.push_str(&match r.below(7) {
            0 => format!("impl T{a} for {base} {{}}\n"),
            1 => format!("impl<X> T{a} for W<X> where X: T{b} {{}}\n"),
            2 => format!("impl<X> T{a} for W<X> where W<W<X>>: T{b} {{}}\n"),
            3 => format!("impl<X, Y> T{a} for P<X, Y> where X: T{b}, Y: T{c} {{}}\n"),
            4 => format!("impl<X> T{a} for P<X, X> where X: T{b} {{}}\n"),
            5 => format!("impl<X> T{a} for X where W<X>: T{b} {{}}\n"),
            _ => format!("impl<X> T{a} for P<X, S0> where P<W<X>, S0>: T{b}, X: T{c} {{}}\n"),
        });
    }
    if r.below(2) == 0 {
        p.push_str("impl Te for S0 { type Out = S1; }\n");
    }
    if r.below(2) == 0 {
        p.push_str("impl<X> Te for W<X> where X: Te { type Out = W<<X as Te>::Out>; }\n");
    }
    if r.below(3) == 0 {
        p.push_str("impl<X> Te for P<X, X> where W<X>: Te { type Out = <W<X> as Te>::Out; }\n");
    }
    let ty = r.pick(&["S0", "S1", "W<S0>", "W<W<S1>>", "P<S0, S1>", "P<S1, S1>"]);
    let (a, b) = (r.below(4), r.below(4));
    let goal = match r.below(6) {
        0 => format!("{ty}: T{a}"),
        1 => format!("exists<V> {{ V: T{a} }}"),
        2 => format!("exists<V> {{ W<V>: T{a} }}"),
        3 => format!("exists<V> {{ <{ty} as Te>::Out = V }}"),
        4 => format!("forall<X> {{ if (X: T{a}) {{ W<X>: T{b} }} }}"),
        _ => format!("exists<V, U> {{ P<V, U>: T{a} }}"),
    };
    Case::new("chalk", p, goal)
}

/// A pasted-Rust program and a goal.
fn rust_case(r: &mut Rng) -> Case {
    let mut p = String::from("use std::rc::Rc;\nuse std::fmt::Debug;\ntrait Tr {}\n");
    let derives = |r: &mut Rng| -> String {
        let all = ["Clone", "Debug", "PartialEq", "Default"];
        let chosen: Vec<&str> = all.iter().copied().filter(|_| r.below(2) == 0).collect();
        if chosen.is_empty() {
            String::new()
        } else {
            format!("#[derive({})]\n", chosen.join(", "))
        }
    };
    let d = derives(r);
    p.push_str(&format!(
        "{d}struct L<T> {{ head: T, tail: Option<Box<L<Vec<T>>>> }}\n"
    ));
    let d = derives(r);
    p.push_str(&format!("{d}struct A {{ x: u8, s: String }}\n"));
    p.push_str("struct B<T> { p: *const T }\n");
    let d = derives(r);
    p.push_str(&format!("{d}struct C<'a, T> {{ r: &'a T }}\n"));
    let d = derives(r);
    p.push_str(&format!("{d}struct R<T> {{ v: Vec<T>, rc: Rc<T> }}\n"));
    p.push_str("struct N<T> { next: Option<Box<N<(T, T)>>> }\n");
    for _ in 0..r.below(5) {
        p.push_str(match r.below(7) {
            0 => "unsafe impl<T> Send for B<T> where T: Sync {}\n",
            1 => "impl<T> Tr for L<T> where L<Vec<T>>: Tr {}\n",
            2 => "impl<T: Tr> Tr for Vec<T> {}\n",
            3 => "impl Tr for u8 {}\n",
            4 => "impl<T> Tr for N<T> where N<(T, T)>: Tr {}\n",
            5 => "impl<T: Clone + Tr> Tr for Option<T> {}\n",
            _ => "impl<'a, T: Tr + ?Sized> Tr for &'a T {}\n",
        });
    }
    let inner = r.pick(&[
        "u8",
        "String",
        "Vec<u8>",
        "&'static u8",
        "*const u8",
        "Rc<u8>",
    ]);
    let outer = r.pick(&["L", "B", "R", "N", "Vec", "Option", "Box"]);
    let ty = match r.below(4) {
        0 => inner.to_string(),
        1 => "A".to_string(),
        2 => format!("C<'static, {inner}>"),
        _ => format!("{outer}<{inner}>"),
    };
    let tr = r.pick(&[
        "Send",
        "Sync",
        "Clone",
        "Debug",
        "Tr",
        "PartialEq",
        "Default",
    ]);
    Case::new("rs", p, format!("{ty}: {tr}"))
}

/// A cyclic term bound to variable `v` (helper variables start with `v` too).
fn cyclic_term(r: &mut Rng, v: &str) -> String {
    let k = size(r, &[1, 3, 100, 5_000, 100_000]);
    match r.below(11) {
        0 => format!("{v} = [a|{v}]"),
        1 => format!("{v} = [a, b, c|{v}]"),
        2 => format!("{v} = f({v})"),
        3 => format!("{v} = f({v}, {v}b), {v}b = g({v}b, {v})"),
        4 => format!("{v} = f({v}b), {v}b = f({v})"),
        5 => format!("{v} = [{v}|{v}]"),
        6 => format!("mk({k}, {v}, {v}t), {v} = {v}t"),
        7 => format!("mkl({k}, {v}, {v}t), {v} = {v}t"),
        8 => format!("{v} = s({v}, {v})"),
        9 => format!("{v} = [1, 2|{v}b], {v}b = [3|{v}]"),
        _ => format!("{v} = h({v}b, {v}), {v}b = [{v}|{v}b]"),
    }
}

/// A `.pl` goal on cyclic terms: built by unification without the occurs check (the default for
/// `.pl`), then sorted, compared, copied, printed, converted, walked, tabled or asserted.
fn pl_cyclic_case(r: &mut Rng) -> Case {
    let p = "mk(0, X, X) :- !.\n\
             mk(N, X, f(T, N)) :- N1 is N - 1, mk(N1, X, T).\n\
             mkl(0, X, X) :- !.\n\
             mkl(N, X, [N|T]) :- N1 is N - 1, mkl(N1, X, T).\n\
             :- table tp/2.\n\
             tp(X, g(X)).\n\
             tp(X, Y) :- tp(X, g(Y)).\n\
             :- table tq/1.\n\
             tq(X) :- X = f(X).\n\
             tq([a|X]) :- tq(X).\n\
             walk(f(T, _), N) :- N > 0, !, N1 is N - 1, walk(T, N1).\n\
             walk([_|T], N) :- N > 0, !, N1 is N - 1, walk(T, N1).\n\
             walk(_, _).\n\
             :- dynamic keep/1.\n"
        .to_string();
    let ops = [
        "is_list(X)",
        "length(X, R)",
        "msort([X, Y, a], R)",
        "sort(X, R)",
        "sort(0, @>=, [X, Y, X], R)",
        "compare(R, X, Y)",
        "X == Y",
        "X @< Y",
        "X = Y",
        "unify_with_occurs_check(X, Y)",
        "copy_term(X, R), R == X",
        "copy_term([X, Y], R), R = [X, Y]",
        "write(X), nl",
        "print(Y), nl",
        "writeq([X, Y]), nl",
        "format(\"~w ~q~n\", [X, Y])",
        "term_to_atom(X, R)",
        "atom_chars(R, X)",
        "atom_codes(R, X)",
        "atomic_list_concat(X, R)",
        "string_codes(R, X)",
        "number_codes(R, X)",
        "ground(X)",
        "term_variables(f(X, Y, _), R)",
        "X =.. R",
        "functor(X, R, S)",
        "findall(E, member(E, X), R)",
        "nth0(100000, X, R)",
        "last(X, R)",
        "append(X, [z], R)",
        "sum_list(X, R)",
        "msort(X, R)",
        "assertz(keep(X)), keep(R), R == X",
        "numbervars(f(X, _), 0, R)",
        "tp(X, R)",
        "tq(X)",
        "tq(R)",
        "walk(X, 1000000)",
        "subsumes_term(X, Y)",
        "X \\= Y",
        "\\+ X = Y",
        "setof(E, member(E, X), R)",
        "length(R, 3), R = X",
        "atom_length(X, R)",
        "catch(throw(X), B, true), B == X",
        "X = f(_, Y), X == Y",
        "aggregate_all(count, member(_, X), R)",
        "between(1, 100000, N), nth1(N, X, E), E == z",
        "keysort([X-1, Y-2], R)",
        "tab(2), print(f(X, Y)), nl",
    ];
    let mut goal = cyclic_term(r, "X");
    goal.push_str(", ");
    goal.push_str(&if r.below(3) == 0 {
        "Y = f(a)".to_string()
    } else {
        cyclic_term(r, "Y")
    });
    for _ in 0..1 + r.below(3) {
        goal.push_str(", ");
        let op = r.pick(&ops);
        if r.below(4) == 0 {
            goal.push_str(&format!("catch(({op}), _, true)"));
        } else {
            goal.push_str(op);
        }
    }
    let mut c = Case::new("pl", p, goal);
    match r.below(10) {
        0 => c.flag("--occurs-check"),
        1 => c.flag("--all"),
        2 => c.flag("--count"),
        _ => {}
    }
    c
}

/// A `.pl` goal that builds big atoms, strings, numbers or output.
fn pl_builder_case(r: &mut Rng) -> Case {
    let p = "dbl(A, 0, A) :- !.\n\
             dbl(A, N, B) :- atom_concat(A, A, A2), N1 is N - 1, dbl(A2, N1, B).\n\
             sdbl(S, 0, S) :- !.\n\
             sdbl(S, N, T) :- string_concat(S, S, S2), N1 is N - 1, sdbl(S2, N1, T).\n\
             :- dynamic f/1.\n"
        .to_string();
    let mut parts = Vec::new();
    for _ in 0..1 + r.below(3) {
        let k = 5 + r.below(40);
        let n = size(
            r,
            &[
                10u64,
                1_000,
                100_000,
                10_000_000,
                1_000_000_000,
                3_000_000_000,
            ],
        );
        let m = size(r, &[10, 300, 3_000]);
        let e = size(r, &[10, 1_000, 100_000, 1_000_000, 3_000_000]);
        parts.push(match r.below(26) {
            0 => format!("dbl(x, {k}, B), atom_length(B, L)"),
            1 => format!("sdbl(\"xy\", {k}, B), string_length(B, L)"),
            2 => format!("numlist(1, {n}, Ns), atomic_list_concat(Ns, ',', A), atom_length(A, L)"),
            3 => format!("format(\"~*c~n\", [{n}, 0'x])"),
            4 => format!("format(atom(A), \"~*c\", [{n}, 0'y]), atom_length(A, L)"),
            5 => format!("tab({n})"),
            6 => format!(
                "length(Cs, {m}), maplist(=(0'a), Cs), atom_codes(A, Cs), \
                 findall(S, sub_atom(A, _, _, _, S), Ss), length(Ss, L)"
            ),
            7 => format!("X is 7 ** {e}, number_codes(X, C), length(C, L)"),
            8 => format!("X is 2 ** (2 ** {}), Y is X mod 1000", r.below(40)),
            9 => format!("length(L, {n})"),
            10 => format!("numlist(1, {n}, L), sum_list(L, S)"),
            11 => format!("findall(X, between(1, {n}, X), L), length(L, N)"),
            12 => format!("sdbl(\"ab\", {k}, S), string_concat(S, S, T), string_length(T, L)"),
            13 => format!("dbl(x, {k}, A), upcase_atom(A, U), atom_length(U, L)"),
            14 => format!("dbl(x, {k}, A), atom_codes(A, Cs), length(Cs, L)"),
            15 => format!("dbl(ab, {k}, A), sub_atom(A, B, 2, 0, S)"),
            16 => format!("dbl(x, {k}, A), write(A), nl"),
            17 => format!("dbl('a(', {k}, A), catch(term_to_atom(T, A), E, true)"),
            18 => format!("dbl(x, {k}, A), atom_string(A, S), string_chars(S, Cs), length(Cs, L)"),
            19 => "between(1, inf, N), atom_concat(x, N, _), fail".to_string(),
            20 => format!("numlist(1, {m}, L), atomic_list_concat(L, A), atom_number(A, X)"),
            21 => format!("dbl(x, {k}, A), atom_concat(A, y, B), atom_concat(P, S, B), fail"),
            22 => format!(
                "forall(between(1, {n}, I), (atom_concat(a, I, A), assertz(f(A)))), \
                 aggregate_all(count, f(_), C)"
            ),
            23 => format!("X is 10 ** {e}, atom_number(A, X), atom_length(A, L)"),
            24 => format!("dbl(x, {k}, A), sub_atom(A, B, L, 0, S), L > 3, fail"),
            _ => format!("X is 3 ** {e}, format(\"~d~n\", [X])"),
        });
    }
    let mut c = Case::new("pl", p, parts.join(", "));
    if r.below(8) == 0 {
        c.flag("--all");
    }
    c
}

/// A Datalog program: products and joins over generated facts, transitive closures of a random
/// graph, tabled or not.
fn datalog_case(r: &mut Rng) -> Case {
    let n = size(r, &[10usize, 100, 1_000, 3_000]);
    let m = n * (1 + r.below(4));
    let mut p = String::new();
    let tabling = r.below(3);
    if tabling == 0 {
        p.push_str(":- table path/2.\n:- table r/2.\n");
    }
    for i in 0..n {
        p.push_str(&format!("e({i}).\n"));
    }
    for _ in 0..m {
        p.push_str(&format!("edge({}, {}).\n", r.below(n), r.below(n)));
    }
    p.push_str(match r.below(3) {
        0 => "path(X, Y) :- edge(X, Y).\npath(X, Y) :- path(X, Z), edge(Z, Y).\n",
        1 => "path(X, Y) :- edge(X, Y).\npath(X, Y) :- edge(X, Z), path(Z, Y).\n",
        _ => "path(X, Y) :- edge(X, Y).\npath(X, Y) :- path(X, Z), path(Z, Y).\n",
    });
    p.push_str(
        "r(X, Y) :- e(X), e(Y).\n\
         r3(X, Y, Z) :- e(X), e(Y), e(Z).\n\
         sg(X, Y) :- edge(P, X), edge(P, Y).\n\
         tri(X, Y, Z) :- edge(X, Y), edge(Y, Z), edge(Z, X).\n\
         un(X, Y) :- e(X), e(Y), \\+ path(X, Y).\n\
         rp(X, Y) :- r(X, Z), path(Z, Y).\n",
    );
    let goal = r.pick(&[
        "path(0, X)",
        "path(X, Y)",
        "path(X, X)",
        "r(X, Y)",
        "r3(X, Y, Z)",
        "sg(X, Y)",
        "tri(X, Y, Z)",
        "un(0, X)",
        "rp(1, X)",
        "aggregate_all(count, r(_, _), C)",
        "aggregate_all(count, path(_, _), C)",
        "findall(X-Y, r(X, Y), L), length(L, N)",
        "findall(X-Y, path(X, Y), L), msort(L, S), length(S, N)",
        "\\+ path(0, 1)",
    ]);
    let mut c = Case::new("pl", p, goal.to_string());
    if tabling == 1 {
        c.flag("--table-all");
    }
    match r.below(5) {
        0 | 1 => c.flag("--count"),
        2 => c.flag("--all"),
        _ => {}
    }
    c
}

/// `Vec<..<Vec<leaf>>..>`, `depth` deep.
fn nested_type(outer: &str, leaf: &str, depth: usize) -> String {
    format!(
        "{}{leaf}{}",
        format!("{outer}<").repeat(depth),
        ">".repeat(depth)
    )
}

/// A `.rs` bomb: a deeply nested type, thousands of impls, a chain of associated types, recursive
/// impls, or a big generated struct.
fn rs_bomb_case(r: &mut Rng) -> Case {
    let mut p = String::from("trait Tr {}\ntrait Tu {}\n");
    let tr = r.pick(&["Clone", "Send", "Debug", "Tr", "Sync", "PartialEq"]);
    let kind = r.below(6);
    let goal = match kind {
        0 => {
            let d = size(r, &[10, 100, 1_000, 5_000, 30_000]);
            p.push_str("impl Tr for u8 {}\nimpl<T: Tr> Tr for Vec<T> {}\nimpl<T: Tr> Tr for Option<T> {}\n");
            let outer = r.pick(&["Vec", "Option", "Box", "Rc"]);
            if outer == "Rc" {
                p.push_str("use std::rc::Rc;\n");
            }
            // A goal's text nests at most 2,000 deep.
            if d > 1_000 || r.below(2) == 0 {
                p.push_str(&format!(
                    "struct Deep {{ x: {} }}\n",
                    nested_type(outer, "u8", d)
                ));
                format!("Deep: {tr}")
            } else {
                format!("{}: {tr}", nested_type(outer, "u8", d))
            }
        }
        1 => {
            let n = size(r, &[10, 1_000, 10_000, 40_000]);
            p.push_str("struct W<T> { t: T }\nimpl<T: Tr> Tr for W<T> {}\n");
            for i in 0..n {
                p.push_str(&format!("struct S{i} {{}}\n"));
                if r.below(2) == 0 {
                    p.push_str(&format!("impl Tr for S{i} {{}}\n"));
                } else {
                    p.push_str(&format!(
                        "impl Tu for S{i} {{}}\nimpl Tr for W<S{i}> where S{i}: Tu {{}}\n"
                    ));
                }
            }
            let j = r.below(n);
            match r.below(5) {
                0 => "exists<T> { T: Tr }".to_string(),
                1 => "exists<T> { W<T>: Tr }".to_string(),
                2 => "exists<T> { W<W<T>>: Tr }".to_string(),
                3 => "exists<T> { T: Tu }".to_string(),
                _ => format!("W<W<S{j}>>: Tr"),
            }
        }
        2 => {
            let n = size(r, &[10, 100, 1_000, 5_000]);
            p.push_str("trait A { type Out; }\nstruct W<T> { t: T }\n");
            p.push_str("impl<T: A> A for W<T> { type Out = W<<T as A>::Out>; }\n");
            for i in 0..n {
                p.push_str(&format!(
                    "struct S{i} {{}}\nimpl A for S{i} {{ type Out = S{}; }}\n",
                    i + 1
                ));
            }
            p.push_str(&format!(
                "struct S{n} {{}}\nimpl A for S{n} {{ type Out = S0; }}\nimpl Tr for S0 {{}}\n"
            ));
            let k = size(r, &[1, 10, 100, 1_000]);
            let mut ty = format!("W<S{}>", r.below(n));
            for _ in 0..k {
                ty = format!("<{ty} as A>::Out");
            }
            if r.below(2) == 0 {
                format!("exists<V> {{ {ty} = V }}")
            } else {
                format!("{ty}: {tr}")
            }
        }
        3 => {
            p.push_str(r.pick(&[
                "struct S<T> { t: T }\nimpl<T> Tr for S<T> where S<S<T>>: Tr {}\n",
                "struct S<T> { t: T }\nimpl<T: Tu> Tr for S<T> {}\nimpl<T> Tu for T where S<T>: Tr {}\n",
                "struct S<T> { t: T }\nimpl<T> Tr for S<T> where (T, S<(T, T)>): Tr {}\nimpl<A: Tr, B: Tr> Tr for (A, B) {}\n",
                "struct S<T> { t: T }\nimpl<T> Tr for S<T> where Vec<S<Vec<T>>>: Tr {}\nimpl<T: Tr> Tr for Vec<T> {}\n",
                "struct S<T> { next: Option<Box<S<(T, T)>>>, t: T }\nimpl<T> Tr for S<T> where S<(T, T)>: Send {}\n",
                "struct S<T> { next: Vec<S<Vec<T>>>, t: T }\n",
            ]));
            let inner = r.pick(&["u8", "String", "Vec<u8>", "S<u8>"]);
            format!("S<{inner}>: {}", r.pick(&["Tr", "Send", "Tu", "Clone"]))
        }
        4 => {
            let f = size(r, &[10, 1_000, 10_000, 30_000]);
            let derives = r.pick(&[
                "",
                "#[derive(Clone)]\n",
                "#[derive(Clone, Debug, PartialEq, Default)]\n",
            ]);
            p.push_str(derives);
            p.push_str("struct Big {\n");
            for i in 0..f {
                let ty = r.pick(&[
                    "u8",
                    "String",
                    "Vec<u8>",
                    "Option<Box<u32>>",
                    "(u8, i64)",
                    "[u8; 4]",
                    "bool",
                ]);
                p.push_str(&format!("    f{i}: {ty},\n"));
            }
            p.push_str("}\n");
            format!("Big: {tr}")
        }
        _ => {
            let d = size(r, &[10, 100, 1_000, 10_000]);
            let tuple = format!("{}u8{}", "(u8, ".repeat(d), ")".repeat(d));
            p.push_str(&format!("struct Big {{ t: {tuple} }}\n"));
            for i in 0..size(r, &[1, 100, 1_000]) {
                p.push_str(&format!("trait T{i} {{}}\nimpl<T: Tr> T{i} for T {{}}\n"));
            }
            format!("Big: {tr}")
        }
    };
    let mut c = Case::new("rs", p, goal);
    if kind == 2 && r.below(2) == 0 {
        c.flag("--normalize");
        c.flag("egraph");
    }
    if r.below(8) == 0 {
        c.flag("--all");
    }
    c
}

/// The case numbered `n`: its kind is `n % 6`, its content comes from a generator seeded with `n`.
fn case(n: usize) -> (Case, Rng) {
    // splitmix64 of the case number: a nonzero, well-mixed seed for each case.
    let mut z = (n as u64)
        .wrapping_add(1)
        .wrapping_mul(0x9e37_79b9_7f4a_7c15);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    let mut r = Rng((z ^ (z >> 31)) | 1);
    let c = match n % 6 {
        0 => chalk_case(&mut r),
        1 => rust_case(&mut r),
        2 => pl_cyclic_case(&mut r),
        3 => pl_builder_case(&mut r),
        4 => datalog_case(&mut r),
        _ => rs_bomb_case(&mut r),
    };
    (c, r)
}

/// How a run ended.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
enum End {
    /// An answer (a Prolog error term is an answer too).
    Answer,
    /// An overflow naming its limit.
    Limit,
    /// A load or goal error (exit 1 or 2 with a message).
    Error,
    /// A crash: a signal, a panic, an abort, an overflow naming no limit.
    Crash,
}

/// What one run measured.
struct Run {
    wall: Duration,
    peak_kib: i64,
    end: End,
    /// The start and end of its output, for a failure's report.
    said: String,
}

/// Keep the first and last 4 KiB of what a child writes (its output can be gigabytes), reading
/// it as fast as it comes.
fn keep_ends(mut from: impl Read + Send + 'static) -> std::thread::JoinHandle<String> {
    std::thread::spawn(move || {
        const KEEP: usize = 4096;
        let (mut head, mut tail) = (Vec::new(), Vec::new());
        let mut buf = vec![0u8; 1 << 16];
        let mut skipped = false;
        while let Ok(n) = from.read(&mut buf) {
            if n == 0 {
                break;
            }
            let mut got = &buf[..n];
            if head.len() < KEEP {
                let k = (KEEP - head.len()).min(got.len());
                head.extend_from_slice(&got[..k]);
                got = &got[k..];
            }
            tail.extend_from_slice(got);
            if tail.len() > 2 * KEEP {
                tail.drain(..tail.len() - KEEP);
                skipped = true;
            }
        }
        if tail.len() > KEEP {
            tail.drain(..tail.len() - KEEP);
            skipped = true;
        }
        let mut s = String::from_utf8_lossy(&head).into_owned();
        if skipped {
            s.push_str("\n[...]\n");
        }
        s + &String::from_utf8_lossy(&tail)
    })
}

/// The resident set of process `pid` in KiB, from `/proc` (0 where there is none).
fn resident_kib(pid: libc::pid_t) -> u64 {
    std::fs::read_to_string(format!("/proc/{pid}/statm"))
        .ok()
        .and_then(|s| s.split_whitespace().nth(1)?.parse::<u64>().ok())
        .map_or(0, |pages| pages * 4)
}

/// Run `knot query` and measure it from outside. A child still running at `kill_after`, or
/// resident past `kill_above_kib`, is killed (a hang is reported, not waited for).
fn run(
    file: &std::path::Path,
    c: &Case,
    args: &[String],
    kill_after: Duration,
    kill_above_kib: u64,
) -> Run {
    let t = Instant::now();
    let bin = std::env::var_os("KNOT_BIN").unwrap_or_else(|| env!("CARGO_BIN_EXE_knot").into());
    let mut child = Command::new(bin)
        .arg("query")
        .arg(file)
        .args(["--goal", &c.goal])
        .args(&c.flags)
        .args(args)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("knot starts");
    let out = keep_ends(child.stdout.take().expect("piped"));
    let err = keep_ends(child.stderr.take().expect("piped"));
    let pid = child.id() as libc::pid_t;
    let mut status = 0;
    // SAFETY: `rusage` is plain data that `wait4` fills in; `pid` is our own child, reaped here
    // once (the `Child` handle is forgotten so that it does not wait again) and killed only while
    // not yet reaped.
    let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
    let mut killed = false;
    let mut polls = 0u64;
    loop {
        let rc = unsafe { libc::wait4(pid, &mut status, libc::WNOHANG, &mut usage) };
        if rc == pid {
            break;
        }
        assert_eq!(rc, 0, "wait4 on our child");
        polls += 1;
        // Killed past `kill_after`, or past 4 times its budget (a run that ignores its memory
        // limit must not take the machine's).
        if !killed
            && (t.elapsed() > kill_after || (polls % 16 == 0 && resident_kib(pid) > kill_above_kib))
        {
            unsafe { libc::kill(pid, libc::SIGKILL) };
            killed = true;
        }
        std::thread::sleep(Duration::from_millis(1));
    }
    let wall = t.elapsed();
    std::mem::forget(child);
    let said = out.join().unwrap_or_default() + &err.join().unwrap_or_default();
    let exited = libc::WIFEXITED(status);
    let code = libc::WEXITSTATUS(status);
    let end = if !exited || killed || said.contains("internal error") {
        End::Crash
    } else if said.contains("overflow:") {
        if said.contains("(raise it with --") {
            End::Limit
        } else {
            End::Crash
        }
    } else if code == 0 {
        End::Answer
    } else if code == 1 || code == 2 {
        End::Error
    } else {
        End::Crash
    };
    Run {
        wall,
        peak_kib: usage.ru_maxrss,
        end,
        said,
    }
}

/// The figures of a run of many cases.
#[derive(Default)]
struct Tally {
    runs: usize,
    worst_time: f64,
    worst_time_at: String,
    worst_mem: f64,
    worst_mem_at: String,
    ends: std::collections::BTreeMap<(usize, End), usize>,
    failures: Vec<String>,
}

const KINDS: [&str; 6] = [
    "chalk",
    "rs",
    "pl-cyclic",
    "pl-builder",
    "datalog",
    "rs-bomb",
];

fn env_usize(name: &str, default: usize) -> usize {
    std::env::var(name)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

/// Run case `n` with every strategy, into `tally`.
fn check_case(n: usize, dir: &std::path::Path, tally: &Mutex<Tally>) {
    let (c, mut r) = case(n);
    let file = dir.join(format!("case{n}.{}", c.ext));
    std::fs::File::create(&file)
        .and_then(|mut f| f.write_all(c.src.as_bytes()))
        .expect("write case");
    let timeout = ["0.1", "0.2", "0.3", "0.5"][r.below(4)];
    let mib = [64u64, 100, 200, 300][r.below(4)];
    let t: f64 = timeout.parse().expect("a number");
    let allowed = Duration::from_secs_f64(t * 1.1 + 0.5);
    for s in STRATEGIES {
        let args: Vec<String> = ["--strategy", s, "--timeout", timeout, "--max-memory"]
            .iter()
            .map(|a| a.to_string())
            .chain([mib.to_string()])
            .collect();
        let m = run(
            &file,
            &c,
            &args,
            allowed * 2 + Duration::from_secs(2),
            mib * 1024 * 4,
        );
        let over = m.wall.as_secs_f64() - t;
        let mem = m.peak_kib as f64 / (mib as f64 * 1024.0);
        let what = |why: String| {
            let mut src: String = c.src.chars().take(1500).collect();
            if src.len() < c.src.len() {
                src.push_str(&format!("[... {} bytes in all]", c.src.len()));
            }
            let said: String = m.said.chars().take(600).collect();
            format!(
                "case {n} ({}) {s} --timeout {timeout} --max-memory {mib} {}: {why}\n  goal: {}\n  said: {}\n{src}",
                KINDS[n % 6],
                c.flags.join(" "),
                c.goal.chars().take(300).collect::<String>(),
                said.trim_end()
            )
        };
        if std::env::var_os("KNOT_LIMIT_VERBOSE").is_some() {
            eprintln!(
                "case {n} ({}) {s} {timeout} s {mib} MiB: {:.3} s {} MiB {:?}: {}",
                KINDS[n % 6],
                m.wall.as_secs_f64(),
                m.peak_kib / 1024,
                m.end,
                m.said
                    .chars()
                    .take(160)
                    .collect::<String>()
                    .replace('\n', " | ")
            );
        }
        let mut tl = tally.lock().expect("tally");
        tl.runs += 1;
        *tl.ends.entry((n % 6, m.end)).or_default() += 1;
        if over > tl.worst_time {
            tl.worst_time = over;
            tl.worst_time_at = format!("case {n} {s} (--timeout {timeout})");
        }
        if mem > tl.worst_mem {
            tl.worst_mem = mem;
            tl.worst_mem_at = format!("case {n} {s} (--max-memory {mib})");
        }
        if m.wall > allowed {
            tl.failures.push(what(format!("took {:?}", m.wall)));
        }
        if m.peak_kib as f64 > mib as f64 * 1024.0 * 1.1 {
            tl.failures
                .push(what(format!("peaked at {} MiB", m.peak_kib / 1024)));
        }
        if m.end == End::Crash {
            tl.failures.push(what("crashed".to_string()));
        }
    }
    if std::env::var_os("KNOT_LIMIT_KEEP").is_none() {
        let _ = std::fs::remove_file(&file);
    }
}

#[test]
fn limits_hold_on_random_programs_with_every_strategy() {
    let cases = env_usize("KNOT_LIMIT_CASES", 24);
    let from = env_usize("KNOT_LIMIT_FROM", 0);
    let jobs = env_usize("KNOT_LIMIT_JOBS", 1).max(1);
    let tmp = tempfile::Builder::new()
        .prefix("knot-limits-")
        .tempdir()
        .expect("temp dir");
    let keep = std::env::var_os("KNOT_LIMIT_KEEP").map(std::path::PathBuf::from);
    let dir = keep.as_deref().unwrap_or(tmp.path());
    let tally = Mutex::new(Tally::default());
    let next = AtomicUsize::new(from);
    let started = Instant::now();
    std::thread::scope(|scope| {
        for _ in 0..jobs {
            scope.spawn(|| loop {
                let n = next.fetch_add(1, Ordering::Relaxed);
                if n >= from + cases {
                    break;
                }
                // A sign of life in a long run (`--nocapture` shows it).
                if n > from && (n - from) % 500 == 0 {
                    let tl = tally.lock().expect("tally");
                    eprintln!(
                        "{} of {cases} cases, {:.0} s: worst overshoot so far {:.3} s, worst RSS {:.0}%, {} failures",
                        n - from,
                        started.elapsed().as_secs_f64(),
                        tl.worst_time,
                        tl.worst_mem * 100.0,
                        tl.failures.len()
                    );
                }
                check_case(n, dir, &tally);
            });
        }
    });
    drop(tmp);
    let tl = tally.into_inner().expect("tally");
    println!(
        "{cases} cases (from {from}), {} runs over {} strategies, {jobs} at a time, {:.0} s: \
         worst overshoot of --timeout {:.3} s ({}), worst peak RSS {:.0}% of --max-memory ({}); {} failures",
        tl.runs,
        STRATEGIES.len(),
        started.elapsed().as_secs_f64(),
        tl.worst_time,
        tl.worst_time_at,
        tl.worst_mem * 100.0,
        tl.worst_mem_at,
        tl.failures.len()
    );
    for (kind, name) in KINDS.iter().enumerate() {
        let count = |e: End| tl.ends.get(&(kind, e)).copied().unwrap_or(0);
        println!(
            "  {name}: {} answers, {} limits, {} errors, {} crashes",
            count(End::Answer),
            count(End::Limit),
            count(End::Error),
            count(End::Crash)
        );
    }
    assert!(tl.failures.is_empty(), "{}", tl.failures.join("\n"));
}

/// Regressions the long run found: each ends within its bound with the answer or limit named.
#[test]
fn long_run_regressions_end_within_their_limits() {
    let dir = tempfile::Builder::new()
        .prefix("knot-limits-reg-")
        .tempdir()
        .expect("temp dir");
    let dbl =
        "dbl(A, 0, A) :- !.\ndbl(A, N, B) :- atom_concat(A, A, A2), N1 is N - 1, dbl(A2, N1, B).\n";
    let mut graph = String::from(":- table path/2.\n");
    let mut r = Rng(7);
    for i in 0..3000 {
        graph.push_str(&format!("e({i}).\n"));
    }
    for _ in 0..12000 {
        graph.push_str(&format!("edge({}, {}).\n", r.below(3000), r.below(3000)));
    }
    graph.push_str(
        "path(X, Y) :- edge(X, Y).\npath(X, Y) :- path(X, Z), path(Z, Y).\n\
         un(X, Y) :- e(X), e(Y), \\+ path(X, Y).\n",
    );
    let cases = [
        // A stopped Datalog closure was taken as an empty table: every negation of it held.
        (graph.as_str(), "un(0, X)", "0.05", "timeout"),
        // sub_atom/5 built every sub-atom of a 4,096-character atom first.
        (
            dbl,
            "dbl(x, 12, A), sub_atom(A, B, L, 0, S), L > 3, fail",
            "1",
            "0",
        ),
        // A list of 8 million codes was built in one step.
        (
            dbl,
            "dbl(x, 23, A), atom_codes(A, Cs), length(Cs, L)",
            "0.1",
            "overflow:",
        ),
        // 2^(2^23) took 1.2 s to print.
        (dbl, "X is 2 ** (2 ** 23)", "0.1", "resource_error(memory)"),
    ];
    for (i, (src, goal, timeout, says)) in cases.iter().enumerate() {
        let file = dir.path().join(format!("reg{i}.pl"));
        std::fs::write(&file, src).expect("write case");
        let mut c = Case::new("pl", String::new(), goal.to_string());
        c.flag("--count");
        for s in STRATEGIES {
            let args: Vec<String> = ["--strategy", s, "--timeout", timeout, "--max-memory", "300"]
                .iter()
                .map(|a| a.to_string())
                .collect();
            let m = run(&file, &c, &args, Duration::from_secs(20), 4 << 20);
            let t: f64 = timeout.parse().expect("a number");
            assert!(
                m.wall.as_secs_f64() <= t * 1.1 + 0.5,
                "{goal} ({s}) took {:?}",
                m.wall
            );
            assert!(
                m.peak_kib <= 330 << 10,
                "{goal} ({s}) peaked at {} KiB",
                m.peak_kib
            );
            assert!(m.end != End::Crash, "{goal} ({s}) crashed: {}", m.said);
            if s == "slg" || !says.starts_with("timeout") {
                assert!(m.said.contains(says), "{goal} ({s}) said {}", m.said);
            }
        }
    }
}
