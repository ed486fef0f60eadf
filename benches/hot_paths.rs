//! Micro-benchmarks of the engine's hot paths (divan; run: `cargo bench --bench hot_paths`):
//! interning, unification, canonicalization, answer-table insertion and lookup, e-graph normalization.
//! Each is parameterized by size so the growth is visible: interning and canonicalization are linear in
//! the term, a table probe is O(1) whatever the nesting depth of the stored terms.

use divan::{black_box, Bencher};
use knot::EgraphNormalizer;
use knot::{Engine, Store, TermId};
use knot_logic::AnswerSet;
use knot_logic::{Bindings, Ref, UnifyOptions};

fn main() {
    divan::main();
}

/// `w(w(...w(leaf)...))`, `depth` deep.
fn nested(store: &mut Store, depth: usize, leaf: TermId) -> TermId {
    let w = store.sym("w");
    let mut t = leaf;
    for _ in 0..depth {
        t = store.app(w, &[t]);
    }
    t
}

/// Interning a term nested `depth` deep that is already in the store (every level a hash lookup).
#[divan::bench(args = [10, 100, 1000])]
fn intern_existing(b: Bencher, depth: usize) {
    let mut store = Store::new();
    let leaf = store.atom_named("u32");
    nested(&mut store, depth, leaf);
    b.bench_local(|| nested(&mut store, depth, leaf));
}

/// Unifying a pattern with a variable at the bottom (`w(...w(X))`) with a ground term of the same
/// shape, then undoing the bindings.
#[divan::bench(args = [10, 100, 1000])]
fn unify_nested(b: Bencher, depth: usize) {
    let mut store = Store::new();
    let leaf = store.atom_named("u32");
    let x = store.var(0);
    let ground = nested(&mut store, depth, leaf);
    let pattern = nested(&mut store, depth, x);
    let mut bindings = Bindings::new();
    let base = bindings.alloc(1, 0);
    b.bench_local(|| {
        let mark = bindings.mark();
        let ok = bindings.unify(
            &store,
            Ref::new(pattern, base),
            Ref::new(ground, 0),
            UnifyOptions::default(),
        );
        bindings.undo(mark);
        black_box(ok)
    });
}

/// Canonicalizing a term whose `width` variables are half bound (to ground terms) and half free.
#[divan::bench(args = [4, 64, 1024])]
fn canonicalize(b: Bencher, width: usize) {
    let mut store = Store::new();
    let f = store.sym("f");
    let vars: Vec<TermId> = (0..width as u32).map(|i| store.var(i)).collect();
    let goal = store.app(f, &vars);
    let leaf = store.atom_named("u32");
    let value = nested(&mut store, 8, leaf);
    let mut bindings = Bindings::new();
    let base = bindings.alloc(width as u32, 0);
    for i in (0..width as u32).step_by(2) {
        let slot = Bindings::slot_ref(&store, base + i);
        assert!(bindings.unify(&store, slot, Ref::new(value, 0), UnifyOptions::default()));
    }
    b.bench_local(|| knot_logic::canonical(&mut store, &bindings, Ref::new(goal, base)));
}

/// Recording `n` new pairs in an answer table (grouped by first value, as derivations arrive).
#[divan::bench(args = [1_000, 100_000, 1_000_000])]
fn answer_insert_pairs(b: Bencher, n: usize) {
    let side = (n as f64).sqrt() as u32 + 1;
    b.bench_local(|| {
        let mut set = AnswerSet::new(2);
        for i in 0..n as u32 {
            set.insert(&[TermId(i / side), TermId(i % side)]);
        }
        set.len()
    });
}

/// Looking up `n` pairs already in the table (the duplicate derivations of a join).
#[divan::bench(args = [1_000, 100_000, 1_000_000])]
fn answer_lookup_pairs(b: Bencher, n: usize) {
    let side = (n as f64).sqrt() as u32 + 1;
    let mut set = AnswerSet::new(2);
    for i in 0..n as u32 {
        set.insert(&[TermId(i / side), TermId(i % side)]);
    }
    b.bench_local(|| {
        let mut fresh = 0;
        for i in 0..n as u32 {
            fresh += usize::from(set.insert(&[TermId(i / side), TermId(i % side)]));
        }
        fresh
    });
}

/// Recording `n` triples whose values are nested terms of depth 100: the key is three ids, so the cost
/// does not depend on the depth.
#[divan::bench(args = [1_000, 100_000])]
fn answer_insert_nested_triples(b: Bencher, n: usize) {
    let mut store = Store::new();
    let leaves: Vec<TermId> = (0..64).map(|i| store.int(i)).collect();
    let terms: Vec<TermId> = leaves.iter().map(|&l| nested(&mut store, 100, l)).collect();
    b.bench_local(|| {
        let mut set = AnswerSet::new(3);
        for i in 0..n {
            set.insert(&[terms[i % 64], terms[(i / 64) % 64], terms[(i / 4096) % 64]]);
        }
        set.len()
    });
}

/// `<...<S_k as Tr>::A...>` nested 1–8 deep over 200 impls, normalized by the e-graph (one engine
/// per sample: the first normalization of each projection, then its cached normal form).
#[divan::bench(sample_count = 10)]
fn egraph_normalize(b: Bencher) {
    const IMPLS: usize = 200;
    let mut p = String::from("trait Tr { type A; }\n");
    for i in 0..IMPLS {
        p.push_str(&format!(
            "struct S{i} {{}}\nimpl Tr for S{i} {{ type A = S{}; }}\n",
            (i + 1) % IMPLS
        ));
    }
    let goals: Vec<String> = (0..400)
        .map(|i| {
            let (k, d) = ((i * 7) % IMPLS, 1 + i % 8);
            let mut t = format!("S{k}");
            for _ in 0..d {
                t = format!("<{t} as Tr>::A");
            }
            format!("Normalize({t} -> S{})", (k + d) % IMPLS)
        })
        .collect();
    b.bench_local(|| {
        let mut e = Engine::from_rust("bench.chalk", &p)
            .expect("the program loads")
            .with_strategy("recursive");
        EgraphNormalizer::install(&mut e.store, &mut e.program, Default::default());
        let mut unique = 0;
        for g in &goals {
            unique += usize::from(e.answers(g).expect("parses").chalk() == "Unique");
        }
        assert_eq!(unique, goals.len());
        unique
    });
}
