//! The bottom-up Datalog peer: transitive closure with datafrog's semi-naive joins, run by the driver
//! as a child process of its own binary (so that its peak memory is measured like every other peer's).

use datafrog::{Iteration, Relation};
use std::time::Instant;

/// The `edge(A, B).` facts of a `.pl` file.
fn edges(src: &str) -> Vec<(u32, u32)> {
    src.lines()
        .filter_map(|l| l.strip_prefix("edge(")?.strip_suffix(")."))
        .filter_map(|args| {
            let (a, b) = args.split_once(',')?;
            Some((a.trim().parse().ok()?, b.trim().parse().ok()?))
        })
        .collect()
}

/// `path(X, Y)` for all pairs.
fn all_pairs(edges: &[(u32, u32)]) -> usize {
    let mut iteration = Iteration::new();
    let edge_by_src: Relation<(u32, u32)> = edges.iter().copied().collect();
    let path = iteration.variable::<(u32, u32)>("path");
    let path_by_mid = iteration.variable::<(u32, u32)>("path_by_mid");
    path.extend(edges.iter().copied());
    while iteration.changed() {
        path_by_mid.from_map(&path, |&(x, z)| (z, x));
        path.from_join(&path_by_mid, &edge_by_src, |_z, &x, &y| (x, y));
    }
    path.complete().len()
}

/// `path(1, Y)`: the nodes reachable from node 1.
fn from_one(edges: &[(u32, u32)]) -> usize {
    let mut iteration = Iteration::new();
    let edge_by_src: Relation<(u32, u32)> = edges.iter().copied().collect();
    let reach = iteration.variable::<(u32, ())>("reach");
    reach.extend(edges.iter().filter(|e| e.0 == 1).map(|&(_, y)| (y, ())));
    while iteration.changed() {
        reach.from_join(&reach, &edge_by_src, |_z, _, &y| (y, ()));
    }
    reach.complete().len()
}

/// The `name(A, B).` facts of a `.pl` file, for one relation name.
fn facts(src: &str, name: &str) -> Vec<(u32, u32)> {
    let prefix = format!("{name}(");
    src.lines()
        .filter_map(|l| l.strip_prefix(prefix.as_str())?.strip_suffix(")."))
        .filter_map(|args| {
            let (a, b) = args.split_once(',')?;
            Some((a.trim().parse().ok()?, b.trim().parse().ok()?))
        })
        .collect()
}

/// `reach(Y)`: the nodes reachable from node 0.
fn reach0(edges: &[(u32, u32)]) -> usize {
    let mut iteration = Iteration::new();
    let edge_by_src: Relation<(u32, u32)> = edges.iter().copied().collect();
    let reach = iteration.variable::<(u32, ())>("reach");
    reach.extend(edges.iter().filter(|e| e.0 == 0).map(|&(_, y)| (y, ())));
    while iteration.changed() {
        reach.from_join(&reach, &edge_by_src, |_z, _, &y| (y, ()));
    }
    reach.complete().len()
}

/// Andersen points-to `pt(V, O)` (the rules of `workloads::andersen_program`).
fn andersen(src: &str) -> usize {
    let mut iteration = Iteration::new();
    let alloc = facts(src, "alloc");
    let assign_by_w: Relation<(u32, u32)> =
        facts(src, "assign").iter().map(|&(v, w)| (w, v)).collect();
    let load_by_w: Relation<(u32, u32)> = facts(src, "load").iter().map(|&(v, w)| (w, v)).collect();
    let store_by_w: Relation<(u32, u32)> = facts(src, "store").into_iter().collect();
    let pt = iteration.variable::<(u32, u32)>("pt");
    // (P, V) for `load(V, W), pt(W, P)`; (U, P) for `store(W, U), pt(W, P)`.
    let loaded = iteration.variable::<(u32, u32)>("loaded");
    let stored = iteration.variable::<(u32, u32)>("stored");
    pt.extend(alloc);
    while iteration.changed() {
        pt.from_join(&pt, &assign_by_w, |_w, &o, &v| (v, o));
        loaded.from_join(&pt, &load_by_w, |_w, &p, &v| (p, v));
        stored.from_join(&pt, &store_by_w, |_w, &p, &u| (u, p));
        pt.from_join(&loaded, &pt, |_p, &v, &o| (v, o));
        pt.from_join(&stored, &pt, |_u, &p, &o| (p, o));
    }
    pt.complete().len()
}

/// `sg(L, Y)` for the last node `L` of a `par(Child, Parent)` tree: same generation, bottom-up with
/// the magic set of `L`'s ancestors (what a tabled top-down evaluation computes).
fn sg_from_last(src: &str) -> usize {
    let par = facts(src, "par");
    let leaf = par.iter().map(|e| e.0).max().unwrap_or(1);
    let mut iteration = Iteration::new();
    let par_by_child: Relation<(u32, u32)> = par.iter().copied().collect();
    let par_by_parent: Relation<(u32, u32)> = par.iter().map(|&(c, p)| (p, c)).collect();
    let magic = iteration.variable::<(u32, ())>("magic");
    let magic_par = iteration.variable::<(u32, u32)>("magic_par");
    let sg = iteration.variable::<(u32, u32)>("sg");
    let up = iteration.variable::<(u32, u32)>("up");
    magic.extend([(leaf, ())]);
    while iteration.changed() {
        magic.from_join(&magic, &par_by_child, |_x, _, &p| (p, ()));
        magic_par.from_join(&magic, &par_by_child, |&x, _, &p| (p, x));
        sg.from_map(&magic, |&(x, ())| (x, x));
        // sg(X, Y) :- m(X), par(X, XP), sg(XP, YP), par(Y, YP).
        up.from_join(&sg, &magic_par, |_xp, &yp, &x| (yp, x));
        sg.from_join(&up, &par_by_parent, |_yp, &x, &y| (x, y));
    }
    sg.complete().iter().filter(|t| t.0 == leaf).count()
}

/// Child mode: `--child-datafrog FILE all|from1|reach0|andersen|sg`; prints `@@ answers load_s query_s` and
/// `@@mem PEAK_KIB`.
pub fn child(file: &str, mode: &str) {
    let t0 = Instant::now();
    let src = std::fs::read_to_string(file).expect("the edge file is readable");
    let e = if matches!(mode, "andersen" | "sg") {
        Vec::new()
    } else {
        edges(&src)
    };
    let load = t0.elapsed().as_secs_f64();
    let t1 = Instant::now();
    let n = match mode {
        "from1" => from_one(&e),
        "reach0" => reach0(&e),
        "andersen" => andersen(&src),
        "sg" => sg_from_last(&src),
        _ => all_pairs(&e),
    };
    println!("@@ {n} {load:.3} {:.3}", t1.elapsed().as_secs_f64());
    // Peak memory, as the driver reads it from every engine.
    if let Some(kib) = std::fs::read_to_string("/proc/self/status")
        .ok()
        .and_then(|s| {
            let l = s.lines().find(|l| l.starts_with("VmHWM:"))?.to_string();
            l.split_whitespace().nth(1)?.parse::<u64>().ok()
        })
    {
        println!("@@mem {kib}");
    }
}
