//! `knot query --trace` and `--trace-html`: the search of the seed example under each strategy, as
//! the documented JSON (`knot-trace/1`), and the self-contained page.

use serde_json::Value;
use std::process::Command;

fn knot() -> Command {
    Command::new(env!("CARGO_BIN_EXE_knot"))
}

const SEED: &str = "Link<MyWrapper>: Debug";

/// The trace of `goal` on `file` under `strategy`, with `extra` options.
fn trace(file: &str, goal: &str, strategy: &str, extra: &[&str]) -> Value {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("t.json");
    let out = knot()
        .args([
            "query",
            file,
            "--goal",
            goal,
            "--strategy",
            strategy,
            "--trace",
        ])
        .arg(&path)
        .args(extra)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap()
}

fn cycles(t: &Value) -> Vec<(Vec<u64>, bool)> {
    t["cycles"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| {
            let nodes = c["nodes"].as_array().unwrap();
            (
                nodes.iter().map(|n| n.as_u64().unwrap()).collect(),
                c["coinductive"].as_bool().unwrap(),
            )
        })
        .collect()
}

/// Every node's goal in the order the search met them.
fn goals(t: &Value) -> Vec<&str> {
    t["nodes"]
        .as_array()
        .unwrap()
        .iter()
        .map(|n| n["goal"].as_str().unwrap())
        .collect()
}

/// slg and recursive meet the `Debug` cycle `Link → Option → Box → MyWrapper → Link` and find it
/// inductive (the answer is false); with every trait coinductive the same cycle is coinductive and
/// holds. The query's goal is the first node and the head of the cycle.
#[test]
fn tables_and_search_graph_show_the_seed_cycle() {
    for strategy in ["slg", "recursive"] {
        let t = trace("programs/link.rs", SEED, strategy, &[]);
        assert_eq!(t["format"], "knot-trace/1");
        assert_eq!(t["answer"]["text"], "false.", "{strategy}");
        assert_eq!(t["answer"]["chalk"], "No possible solution");
        let g = goals(&t);
        assert_eq!(g[0], "Link<MyWrapper<()>>: Debug", "{strategy}: {g:?}");
        for want in [
            "Option<Box<",
            "Box<MyWrapper<Link<",
            "MyWrapper<Link<MyWrapper<()>>>: Debug",
        ] {
            assert!(
                g.iter().any(|x| x.contains(want)),
                "{strategy}: {want} in {g:?}"
            );
        }
        let c = cycles(&t);
        assert!(
            c.iter()
                .any(|(nodes, co)| nodes.contains(&0) && nodes.len() >= 4 && !co),
            "{strategy}: {c:?}"
        );
        let co = trace(
            "programs/link.rs",
            SEED,
            strategy,
            &["--coinductive", "all"],
        );
        assert_eq!(co["answer"]["text"], "true.", "{strategy}");
        assert!(
            cycles(&co)
                .iter()
                .any(|(nodes, co)| nodes.contains(&0) && *co),
            "{strategy}: {:?}",
            cycles(&co)
        );
        // Every step names nodes that exist.
        let n = g.len() as u64;
        for s in t["steps"].as_array().unwrap() {
            if let Some(i) = s["node"].as_u64() {
                assert!(i < n, "{s}");
            }
        }
    }
}

/// sld has no tables: its trace is its resolutions, cut at the trace's limit; the goal comes back
/// on its own branch (the cycle it does not see) and the answer is Overflow.
#[test]
fn sld_shows_the_branch_that_repeats() {
    let t = trace("programs/link.rs", SEED, "sld", &["--max-depth", "3000"]);
    assert!(
        t["answer"]["text"]
            .as_str()
            .unwrap()
            .starts_with("overflow"),
        "{}",
        t["answer"]
    );
    let c = cycles(&t);
    let (nodes, co) = c.first().expect("a repeated goal");
    assert!(!co && nodes[0] == 0 && nodes.len() >= 4, "{c:?}");
    assert!(t["dropped"].as_u64().unwrap() > 0);
    assert!(t["steps"]
        .as_array()
        .unwrap()
        .iter()
        .all(|s| s["kind"] == "resolve"));
}

/// The recursive strategy's fixpoint rounds: a left-recursive closure over a cycle grows its
/// provisional result one answer per round, and the trace lists each round's result.
#[test]
fn recursive_lists_provisional_results_per_round() {
    let dir = tempfile::tempdir().unwrap();
    let pl = dir.path().join("p.pl");
    std::fs::write(
        &pl,
        ":- table path/2.\npath(X, Y) :- path(X, Z), edge(Z, Y).\npath(X, Y) :- edge(X, Y).\n\
         edge(1, 2). edge(2, 3). edge(3, 1).\n",
    )
    .unwrap();
    let t = trace(pl.to_str().unwrap(), "path(1, X)", "recursive", &[]);
    let rounds = t["rounds"].as_array().unwrap();
    let sizes: Vec<usize> = rounds
        .iter()
        .map(|r| r["result"].as_array().unwrap().len())
        .collect();
    assert_eq!(sizes, [1, 2, 3], "{rounds:?}");
    assert!(rounds
        .iter()
        .all(|r| r["assumption"] == "inductive" && r["node"] == 0));
    assert_eq!(cycles(&t), [(vec![0], false)]);
    // slg on the same program: one table, completed with its three answers.
    let t = trace(pl.to_str().unwrap(), "path(1, X)", "slg", &[]);
    let answers = t["nodes"][0]["answers"].as_array().unwrap();
    assert_eq!(answers.len(), 3, "{answers:?}");
    assert_eq!(t["nodes"][0]["status"], "complete");
}

/// `--trace-html` writes one page that loads nothing from elsewhere and carries the document.
#[test]
fn trace_html_is_self_contained() {
    let dir = tempfile::tempdir().unwrap();
    let page = dir.path().join("t.html");
    let out = knot()
        .args(["query", "programs/link.rs", "--goal", SEED, "--trace-html"])
        .arg(&page)
        .output()
        .unwrap();
    assert!(out.status.success());
    let html = std::fs::read_to_string(&page).unwrap();
    assert!(!html.contains("src=\"http") && !html.contains("href=\"http"));
    assert!(html.contains("KnotTrace.render") && html.contains("\"format\":\"knot-trace/1\""));
    // Two goals cannot share one trace.
    let out = knot()
        .args([
            "query",
            "programs/link.rs",
            "--goal",
            SEED,
            "--goal",
            SEED,
            "--trace",
        ])
        .arg(dir.path().join("x.json"))
        .output()
        .unwrap();
    assert!(!out.status.success());
}
