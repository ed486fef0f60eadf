// Workload generators: for a size N, the program each engine runs — the very same `.pl` file for knot
// and SWI-Prolog where both read clauses, the same edge facts for datafrog, and for the trait-shaped
// workloads a Rust-like program for knot beside its hand-lowered clauses for SWI-Prolog.

use std::fmt::Write;

/// A small deterministic generator (splitmix64), so every run and every engine sees the same data.
pub struct Rng(u64);

impl Rng {
    pub fn new(seed: u64) -> Rng {
        Rng(seed)
    }

    pub fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    /// Uniform in `1..=n`.
    pub fn node(&mut self, n: usize) -> usize {
        1 + (self.next() % n as u64) as usize
    }
}

/// The graphs of the transitive-closure workloads.
#[derive(Clone, Copy, Debug)]
pub enum Graph {
    /// 1 → 2 → … → N.
    Chain,
    /// 1 → 2 → … → N → 1.
    Cycle,
    /// N nodes, two random out-edges each (duplicates dropped).
    Random,
}

impl Graph {
    pub fn name(self) -> &'static str {
        match self {
            Graph::Chain => "chain",
            Graph::Cycle => "cycle",
            Graph::Random => "random",
        }
    }

    pub fn edges(self, n: usize) -> Vec<(usize, usize)> {
        match self {
            Graph::Chain => (1..n).map(|i| (i, i + 1)).collect(),
            Graph::Cycle => (1..=n).map(|i| (i, i % n + 1)).collect(),
            Graph::Random => {
                let mut r = Rng::new(42 + n as u64);
                let mut es: Vec<(usize, usize)> = (1..=n)
                    .flat_map(|a| [a, a])
                    .map(|a| (a, r.node(n)))
                    .collect();
                es.sort_unstable();
                es.dedup();
                es
            }
        }
    }
}

/// Left- or right-recursive transitive closure over `edges`, tabled: the file knot and SWI both load.
pub fn tc_program(left: bool, edges: &[(usize, usize)]) -> String {
    let mut p = String::from(":- table path/2.\n");
    if left {
        p.push_str("path(X, Y) :- path(X, Z), edge(Z, Y).\n");
    } else {
        p.push_str("path(X, Y) :- edge(X, Z), path(Z, Y).\n");
    }
    p.push_str("path(X, Y) :- edge(X, Y).\n");
    for (a, b) in edges {
        let _ = writeln!(p, "edge({a}, {b}).");
    }
    p
}

/// Same generation over a complete binary tree of `n` nodes (node i's parent is i/2).
pub fn sg_program(n: usize) -> String {
    let mut p = String::from(
        ":- table sg/2.\nsg(X, X) :- node(X).\nsg(X, Y) :- par(X, XP), sg(XP, YP), par(Y, YP).\n",
    );
    for i in 1..=n {
        let _ = writeln!(p, "node({i}).");
    }
    for i in 2..=n {
        let _ = writeln!(p, "par({i}, {}).", i / 2);
    }
    p
}

const TRAITS: [&str; 8] = [
    "clone", "debug", "eq", "hash", "send", "sync", "default", "ord",
];
/// Generic wrappers and the traits each implements for `W<T>` when `T` does.
const WRAPPERS: [(&str, &[&str]); 6] = [
    ("vec", &TRAITS),
    ("option", &TRAITS),
    ("box", &TRAITS),
    ("rc", &["clone", "debug", "eq", "hash", "default", "ord"]),
    ("arc", &TRAITS),
    (
        "refcell",
        &["clone", "debug", "eq", "default", "ord", "send"],
    ),
];
/// Wrapper stacks put around each base type for the many-goals query.
const STACKS: [&[&str]; 10] = [
    &[],
    &["vec"],
    &["option", "vec"],
    &["box", "option", "vec"],
    &["arc", "refcell"],
    &["rc", "vec"],
    &["vec", "vec", "vec", "vec"],
    &["pair"],
    &["pair", "option"],
    &["option", "pair", "vec"],
];

fn wrap(stack: &[&str], t: &str, partner: &str) -> String {
    let mut t = t.to_string();
    for w in stack.iter().rev() {
        t = if *w == "pair" {
            format!("pair({t}, {partner})")
        } else {
            format!("{w}({t})")
        };
    }
    t
}

/// Trait-shaped clauses (lowered impls `implemented(Type, Trait)`): 8 primitive types, `n` base types
/// with most of 8 traits, generic wrappers and a pair type. Tabled, so knot and SWI run the same file.
pub fn trait_impls(n: usize) -> String {
    let mut r = Rng::new(7 + n as u64);
    let mut p = String::from(":- table implemented/2.\n");
    for prim in ["u8", "u16", "u32", "u64", "i32", "i64", "bool", "char"] {
        for tr in TRAITS {
            let _ = writeln!(p, "implemented({prim}, {tr}).");
        }
    }
    for i in 0..n {
        for tr in TRAITS {
            let always = matches!(tr, "clone" | "debug" | "send" | "sync");
            if (always || r.next() % 10 < 6) && r.next() % 10 < 9 {
                let _ = writeln!(p, "implemented(ty{i}, {tr}).");
            }
        }
    }
    for (w, trs) in WRAPPERS {
        for tr in trs {
            let _ = writeln!(p, "implemented({w}(T), {tr}) :- implemented(T, {tr}).");
        }
    }
    for tr in TRAITS {
        let _ = writeln!(
            p,
            "implemented(pair(A, B), {tr}) :- implemented(A, {tr}), implemented(B, {tr})."
        );
    }
    p
}

/// The many-goals query of [`trait_impls`]: every base type under every wrapper stack, every trait.
pub fn trait_goals(n: usize) -> Vec<String> {
    let mut goals = Vec::new();
    for i in 0..n {
        let partner = format!("ty{}", (i * 7 + 3) % n);
        for s in STACKS {
            for tr in TRAITS {
                goals.push(format!(
                    "implemented({}, {tr})",
                    wrap(s, &format!("ty{i}"), &partner)
                ));
            }
        }
    }
    goals
}

/// One goal nested `d` deep: `implemented(vec(option(box(arc(... u32)))), send)`.
pub fn deep_goal(d: usize) -> String {
    let ws = ["vec", "option", "box", "arc"];
    let mut t = String::with_capacity(8 * d);
    for k in (0..d).rev() {
        t.push_str(ws[k % 4]);
        t.push('(');
    }
    t.push_str("u32");
    t.push_str(&")".repeat(d));
    format!("implemented({t}, send)")
}

/// A tabled predicate and a conjunction of `n` calls of it, each binding a variable of its own:
/// `p(f(X0)), p(f(X1)), ...` over `p(f(X)) :- q(X). q(1).` (a suspended call keeps the caller's
/// bindings: the conjunction is linear only if those are shared, not copied).
pub fn conj_vars(n: usize) -> (String, String) {
    let prog = ":- table p/1.\np(f(X)) :- q(X).\nq(1).\n".to_string();
    let goal = (0..n)
        .map(|i| format!("p(f(X{i}))"))
        .collect::<Vec<_>>()
        .join(", ");
    (prog, goal)
}

/// The fields of struct `i` in a ring of `n` structs with `f` fields (1 or 2).
fn ring_fields(i: usize, n: usize, f: usize) -> Vec<(String, String)> {
    let all = [
        (
            format!("Vec<S{}>", (i + 1) % n),
            format!("vec(s{})", (i + 1) % n),
        ),
        (
            format!("Option<Box<S{}>>", (7 * i + 3) % n),
            format!("option(box(s{}))", (7 * i + 3) % n),
        ),
    ];
    all[..f].to_vec()
}

/// An auto-trait ring for knot: `struct S{i} { f0: Vec<S{i+1}>, f1: Option<Box<S{7i+3}>> }` (the
/// prelude's auto trait `Send`, `Vec`, `Option`, `Box`); the goal is `S0: Send`.
pub fn ring_rust(n: usize, f: usize) -> String {
    let mut p = String::new();
    for i in 0..n {
        let fields: Vec<String> = ring_fields(i, n, f)
            .into_iter()
            .enumerate()
            .map(|(k, (t, _))| format!("f{k}: {t}"))
            .collect();
        let _ = writeln!(p, "struct S{i} {{ {} }}", fields.join(", "));
    }
    p
}

/// The same ring as clause facts, `fields(s{i}, [..])`, for SWI-Prolog's two formulations (the
/// coinduction library and the tabled dual `unsend`).
pub fn ring_fields_pl(n: usize, f: usize) -> String {
    let mut p = String::new();
    for i in 0..n {
        let fields: Vec<String> = ring_fields(i, n, f).into_iter().map(|(_, c)| c).collect();
        let _ = writeln!(p, "fields(s{i}, [{}]).", fields.join(", "));
    }
    p
}

/// SWI-Prolog's programs over [`ring_fields_pl`]: `coind` (library(coinduction): a greatest fixpoint
/// by ancestor check, no memo) and `dual` (`unsend` tabled, Send = not unsend).
pub const RING_SWI: &str = r#":- use_module(library(coinduction)).
:- coinductive implemented/2.
implemented(vec(T), send) :- implemented(T, send).
implemented(option(T), send) :- implemented(T, send).
implemented(box(T), send) :- implemented(T, send).
implemented(u32, send).
implemented(S, send) :- fields(S, Fs), all_send(Fs).
all_send([]).
all_send([F|Fs]) :- implemented(F, send), all_send(Fs).
:- table unsend/1.
unsend(vec(T)) :- unsend(T).
unsend(option(T)) :- unsend(T).
unsend(box(T)) :- unsend(T).
unsend(rc(_)).
unsend(S) :- fields(S, Fs), member(F, Fs), unsend(F).
"#;

/// The seed example with `n` distinct wrapper types, and its goals `Link<M{i}>: Debug`.
pub fn seed_rust(n: usize) -> (String, Vec<String>) {
    let mut p = String::from(
        "trait Wrap { type Wrapper<T>; }\n\
         struct Link<W> where W: Wrap { next: Option<Box<<W as Wrap>::Wrapper<Link<W>>>> }\n\
         impl<W> Debug for Link<W> where W: Wrap, Option<Box<<W as Wrap>::Wrapper<Link<W>>>>: Debug {}\n",
    );
    let mut goals = Vec::new();
    for i in 0..n {
        let _ = writeln!(
            p,
            "struct W{i}<T> {{ value: T }}\nstruct M{i} {{}}\nimpl Wrap for M{i} {{ type Wrapper<T> = W{i}<T>; }}\n\
             impl<T> Debug for W{i}<T> where T: Debug {{}}"
        );
        goals.push(format!("Link<M{i}>: Debug"));
    }
    (p, goals)
}

/// A chain of associated types: `impl Next for T{i} { type Out = T{i+1}; }`, and `n` goals each
/// normalizing a projection nested 4 deep, `Normalize(<<<<T{k} as Next>::Out ..>::Out -> T{k+4})`.
pub fn projections_rust(n: usize) -> (String, Vec<String>) {
    let mut p = String::from("trait Next { type Out; }\n");
    for i in 0..n + 4 {
        let _ = writeln!(p, "struct T{i} {{}}");
    }
    for i in 0..n + 4 {
        let _ = writeln!(
            p,
            "impl Next for T{i} {{ type Out = T{}; }}",
            (i + 1) % (n + 4)
        );
    }
    let goals = (0..n)
        .map(|k| {
            let mut t = format!("T{k}");
            for _ in 0..4 {
                t = format!("<{t} as Next>::Out");
            }
            format!("Normalize({t} -> T{})", k + 4)
        })
        .collect();
    (p, goals)
}

/// Reachability from node 0 over a random graph of `m` edges on `m / 4` nodes (the shape of
/// `checks/17-big-data`: a large extensional database, moderate answers).
pub fn big_reach_program(m: usize) -> String {
    let mut r = Rng::new(2 + m as u64);
    let nodes = (m / 4).max(2);
    let mut p = String::with_capacity(20 * m);
    p.push_str(":- table reach/1.\n");
    for _ in 0..m {
        let _ = writeln!(p, "edge({}, {}).", r.node(nodes) - 1, r.node(nodes) - 1);
    }
    p.push_str("reach(X) :- edge(0, X).\nreach(Y) :- reach(X), edge(X, Y).\n");
    p
}

/// Andersen-style points-to over a generated program with `n` variables: `alloc(V, O)` (`V = &O`),
/// `assign(V, W)` (`V = W`), `load(V, W)` (`V = *W`), `store(W, U)` (`*W = U`); objects are numbered
/// from `n`. The goal is `pt(X, Y)`. The rules are written left-recursively (each starts with the open
/// call `pt(_, _)`), the form in which a tabled top-down engine keeps one table for the relation
/// rather than one per variable.
pub fn andersen_program(n: usize) -> String {
    let mut r = Rng::new(11 + n as u64);
    let objects = (n / 8).max(1);
    let mut p = String::from(
        ":- table pt/2.\n\
         pt(V, O) :- alloc(V, O).\n\
         pt(V, O) :- pt(W, O), assign(V, W).\n\
         pt(V, O) :- pt(W, P), load(V, W), pt(P, O).\n\
         pt(P, O) :- pt(U, O), store(W, U), pt(W, P).\n",
    );
    let var = |r: &mut Rng| r.node(n) - 1;
    let obj = |r: &mut Rng| n + r.node(objects) - 1;
    for _ in 0..n / 4 {
        let (v, o) = (var(&mut r), obj(&mut r));
        let _ = writeln!(p, "alloc({v}, {o}).");
    }
    for _ in 0..n / 2 {
        let (v, w) = (var(&mut r), var(&mut r));
        let _ = writeln!(p, "assign({v}, {w}).");
    }
    for _ in 0..n / 32 {
        let (v, w) = (var(&mut r), var(&mut r));
        let _ = writeln!(p, "load({v}, {w}).");
    }
    for _ in 0..n / 32 {
        let (w, u) = (var(&mut r), var(&mut r));
        let _ = writeln!(p, "store({w}, {u}).");
    }
    p
}

/// A trait program with `impls` impls of `traits` traits for `traits` types, plus one blanket impl
/// per trait for a wrapper (`impl<X: T(i+1)> Ti for W<X>`), as Rust-like text and as clauses, and
/// `goals` goals `W<W<Sj>>: Ti` (in each notation).
pub fn trait_big(
    impls: usize,
    traits: usize,
    goals: usize,
) -> (String, String, Vec<(String, String)>) {
    let mut r = Rng::new(5 + impls as u64);
    let mut rs = String::with_capacity(40 * impls);
    let mut pl = String::from(
        ":- table implemented/2.\n\
         implemented(w(X), t(I)) :- trait_count(M), J is (I + 1) mod M, implemented(X, t(J)).\n",
    );
    let _ = writeln!(pl, "trait_count({traits}).");
    for i in 0..traits {
        let _ = writeln!(rs, "trait T{i} {{}}\nstruct S{i} {{}}");
    }
    rs.push_str("struct W<X> { x: X }\n");
    for i in 0..traits {
        let _ = writeln!(
            rs,
            "impl<X> T{i} for W<X> where X: T{} {{}}",
            (i + 1) % traits
        );
    }
    let mut seen = std::collections::HashSet::new();
    while seen.len() < impls.min(traits * traits) {
        let (t, s) = (r.node(traits) - 1, r.node(traits) - 1);
        if seen.insert((t, s)) {
            let _ = writeln!(rs, "impl T{t} for S{s} {{}}");
            let _ = writeln!(pl, "implemented(s({s}), t({t})).");
        }
    }
    let gs = (0..goals)
        .map(|_| {
            let (t, s) = (r.node(traits) - 1, r.node(traits) - 1);
            (
                format!("W<W<S{s}>>: T{t}"),
                format!("implemented(w(w(s({s}))), t({t}))"),
            )
        })
        .collect();
    (rs, pl, gs)
}
