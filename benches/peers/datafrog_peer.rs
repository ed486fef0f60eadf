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

/// Child mode: `--child-datafrog FILE all|from1`; prints `@@ answers load_s query_s` and
/// `@@mem PEAK_KIB`.
pub fn child(file: &str, mode: &str) {
    let t0 = Instant::now();
    let src = std::fs::read_to_string(file).expect("the edge file is readable");
    let e = edges(&src);
    let load = t0.elapsed().as_secs_f64();
    let t1 = Instant::now();
    let n = if mode == "from1" {
        from_one(&e)
    } else {
        all_pairs(&e)
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
