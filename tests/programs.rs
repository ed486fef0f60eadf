//! The example programs under `programs/` against their golden outputs, and the `knot` command line's
//! output modes (`--all`, `--count`, `--format json`, `--stats`, strategies).

mod common;
use common::{stderr, stdout, TempFile};
use std::collections::HashSet;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// Run knot from the repository root (so relative paths in outputs match the golden files).
fn knot(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_knot"))
        .current_dir(root())
        .args(args)
        .output()
        .expect("run knot")
}

fn example_programs() -> Vec<PathBuf> {
    let dir = root().join("programs");
    let mut v: Vec<PathBuf> = match std::fs::read_dir(&dir) {
        Ok(rd) => rd
            .filter_map(|e| e.ok().map(|e| e.path()))
            .filter(|p| p.extension().and_then(|e| e.to_str()) == Some("pl"))
            .collect(),
        Err(_) => Vec::new(),
    };
    v.sort();
    v
}

#[test]
fn examples_match_golden_output() {
    let progs = example_programs();
    assert!(
        progs.len() >= 5,
        "expected at least 5 programs/*.pl, found {}: {progs:?}",
        progs.len()
    );
    let mut failures = Vec::new();
    let mut compared = 0;
    for p in &progs {
        let rel = p
            .strip_prefix(root())
            .unwrap()
            .to_str()
            .unwrap()
            .to_string();
        let o = knot(&["run", &rel]);
        let err = stderr(&o);
        assert!(!err.contains("panicked"), "{rel}: knot panicked: {err}");
        let expected_path = p.with_extension("expected");
        if let Ok(expected) = std::fs::read_to_string(&expected_path) {
            compared += 1;
            let got = stdout(&o);
            if got != expected {
                failures.push(format!("{rel}: output differs from {}\n--- expected\n{expected}--- got\n{got}--- stderr\n{err}", expected_path.display()));
            }
        } else {
            // Without a golden file, the program must at least run cleanly.
            assert_eq!(o.status.code(), Some(0), "{rel}: {err}");
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    assert!(compared >= 1, "no programs/*.expected golden files found");
}

#[test]
fn examples_run_under_both_strategies_without_crashing() {
    for p in example_programs() {
        let rel = p
            .strip_prefix(root())
            .unwrap()
            .to_str()
            .unwrap()
            .to_string();
        for s in ["slg", "sld"] {
            let o = knot(&["run", &rel, "--strategy", s, "--max-depth", "2000"]);
            let err = stderr(&o);
            assert!(!err.contains("panicked"), "{rel} ({s}): {err}");
            assert!(
                o.status.code() == Some(0) || o.status.code() == Some(2),
                "{rel} ({s}): {:?}",
                o.status
            );
            // Every query is echoed.
            let src = std::fs::read_to_string(&p).unwrap();
            let queries = src
                .lines()
                .filter(|l| l.trim_start().starts_with("?-"))
                .count();
            let echoed = stdout(&o).lines().filter(|l| l.starts_with("?- ")).count();
            assert_eq!(echoed, queries, "{rel} ({s}): {}", stdout(&o));
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Command-line output modes on a cyclic transitive closure.

const N: usize = 7;

/// A left-recursive transitive closure over a cycle of N nodes.
fn tc_cycle(name: &str) -> TempFile {
    tc_cycle_with(name, ":- table path/2.\n")
}

/// The same closure without `:- table` (every strategy then resolves `path/2` depth-first).
fn tc_cycle_untabled(name: &str) -> TempFile {
    tc_cycle_with(name, "")
}

fn tc_cycle_with(name: &str, directive: &str) -> TempFile {
    let mut s = String::from(directive);
    s.push_str("path(X, Y) :- path(X, Z), edge(Z, Y).\npath(X, Y) :- edge(X, Y).\n");
    for i in 1..=N {
        s.push_str(&format!("edge({i}, {}).\n", i % N + 1));
    }
    s.push_str("?- path(1, 3).\n?- path(1, 99).\n");
    TempFile::new(name, &s)
}

#[test]
fn query_all_slg_lists_each_answer_once() {
    let f = tc_cycle("all.pl");
    let o = knot(&[
        "query",
        f.path(),
        "--goal",
        "path(1, X)",
        "--all",
        "--strategy",
        "slg",
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let out = stdout(&o);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), N, "{out}");
    let distinct: HashSet<&str> = lines.iter().copied().collect();
    assert_eq!(distinct.len(), N, "duplicate answers: {out}");
    for i in 1..=N {
        assert!(
            distinct.contains(format!("X = {i}.").as_str()),
            "missing X = {i}: {out}"
        );
    }
    // The default strategy is slg.
    let o2 = knot(&["query", f.path(), "--goal", "path(1, X)", "--all"]);
    assert_eq!(stdout(&o2), out);
    // Both variables free: N * N pairs.
    let o = knot(&["query", f.path(), "--goal", "path(X, Y)", "--all"]);
    let out = stdout(&o);
    let distinct: HashSet<&str> = out.lines().collect();
    assert_eq!(out.lines().count(), N * N);
    assert_eq!(distinct.len(), N * N);
}

#[test]
fn query_all_sld_overflows() {
    // Under sld an ordinary call of a tabled predicate is SLD: the left recursion overflows. Inside
    // a construct that needs the call's complete answers (`findall/3` here) its table is completed
    // first, as SWI-Prolog does: the same answers as slg.
    let f = tc_cycle("sld_tabled.pl");
    let ask = |s: &str, goal: &str| {
        let o = knot(&["query", f.path(), "--goal", goal, "--all", "--strategy", s]);
        stdout(&o)
    };
    let direct = ask("sld", "path(1, X)");
    assert!(
        direct
            .lines()
            .last()
            .unwrap_or("")
            .starts_with("overflow: derivation depth limit"),
        "{direct}"
    );
    let count = "findall(X, path(1, X), L), sort(L, S), length(S, N)";
    let counted = ask("sld", count);
    assert!(counted.contains(&format!("N = {N}")), "{counted}");
    assert_eq!(counted, ask("slg", count));
    // Without the table, sld loops on the left recursion until the depth limit.
    let f = tc_cycle_untabled("sld.pl");
    let o = knot(&[
        "query",
        f.path(),
        "--goal",
        "path(1, X)",
        "--all",
        "--strategy",
        "sld",
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert!(!stderr(&o).contains("panicked"));
    let out = stdout(&o);
    let last = out.lines().last().unwrap_or("");
    assert!(
        last.starts_with("overflow: derivation depth limit 100000 reached"),
        "{out}"
    );
    assert!(last.contains("--max-depth"), "{last}");
    // With a smaller limit the message names it.
    let o = knot(&[
        "query",
        f.path(),
        "--goal",
        "path(1, X)",
        "--strategy",
        "sld",
        "--max-depth",
        "300",
    ]);
    let out = stdout(&o);
    assert_eq!(
        out.trim_end(),
        "overflow: derivation depth limit 300 reached (raise it with --max-depth)."
    );
}

#[test]
fn query_count() {
    let f = tc_cycle("count.pl");
    let o = knot(&["query", f.path(), "--goal", "path(1, X)", "--count"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert_eq!(stdout(&o), format!("{N}\n"));
    let o = knot(&["query", f.path(), "--goal", "path(X, Y)", "--count"]);
    assert_eq!(stdout(&o), format!("{}\n", N * N));
    let o = knot(&["query", f.path(), "--goal", "path(1, 99)", "--count"]);
    assert_eq!(stdout(&o), "0\n");
    // Under sld without the table the count is followed by the overflow.
    let u = tc_cycle_untabled("count_untabled.pl");
    let o = knot(&[
        "query",
        u.path(),
        "--goal",
        "path(1, X)",
        "--count",
        "--strategy",
        "sld",
        "--max-depth",
        "200",
    ]);
    let out = stdout(&o);
    assert!(
        out.lines().nth(1).unwrap_or("").starts_with("overflow:"),
        "{out}"
    );
}

#[test]
fn query_one_aggregates() {
    let f = tc_cycle("one.pl");
    let one = |g: &str| stdout(&knot(&["query", f.path(), "--goal", g]));
    assert_eq!(one("path(1, 3)"), "true.\n");
    assert_eq!(one("path(1, 99)"), "false.\n");
    assert_eq!(one("path(1, X), edge(X, 3)"), "X = 2.\n");
    assert_eq!(
        one("path(1, X)"),
        format!("ambiguous ({N} answers; --all lists them).\n")
    );
}

#[test]
fn query_json() {
    let f = tc_cycle("json.pl");
    let json = |args: &[&str]| -> serde_json::Value {
        let mut a = vec!["query", f.path()];
        a.extend_from_slice(args);
        a.extend_from_slice(&["--format", "json"]);
        let o = knot(&a);
        assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
        serde_json::from_str(stdout(&o).trim())
            .unwrap_or_else(|e| panic!("bad JSON ({e}): {}", stdout(&o)))
    };
    let v = json(&["--goal", "path(1, X)"]);
    assert_eq!(v["solution"]["kind"], "ambiguous");
    assert_eq!(v["count"], N as u64);
    assert_eq!(v["strategy"], "slg");
    assert_eq!(v["goal"], "path(1, X)");
    assert_eq!(v["floundered"], false);
    assert_eq!(v["negative_cycle"], false);

    let v = json(&["--goal", "path(1, X), edge(X, 3)"]);
    assert_eq!(v["solution"]["kind"], "unique");
    assert_eq!(v["solution"]["substitution"]["X"], "2");

    let v = json(&["--goal", "path(1, 99)"]);
    assert_eq!(v["solution"]["kind"], "no_solution");

    let u = tc_cycle_untabled("json_untabled.pl");
    let o = knot(&[
        "query",
        u.path(),
        "--goal",
        "path(1, X)",
        "--strategy",
        "sld",
        "--max-depth",
        "100",
        "--format",
        "json",
    ]);
    let v: serde_json::Value = serde_json::from_str(stdout(&o).trim()).unwrap();
    assert_eq!(v["solution"]["kind"], "overflow");
    assert_eq!(v["solution"]["limit"], "limit::depth");

    let v = json(&["--goal", "path(1, X)", "--all"]);
    let answers = v["answers"].as_array().expect("answers array");
    assert_eq!(answers.len(), N);
    let xs: HashSet<String> = answers
        .iter()
        .map(|a| a["X"].as_str().unwrap().to_string())
        .collect();
    assert_eq!(xs.len(), N);

    let v = json(&["--goal", "path(1, X)", "--stats"]);
    assert!(v["stats"]["tables"].as_u64().unwrap() >= 1, "{v}");
}

#[test]
fn stats_go_to_stderr() {
    let f = tc_cycle("stats.pl");
    let o = knot(&[
        "query",
        f.path(),
        "--goal",
        "path(1, X)",
        "--count",
        "--stats",
    ]);
    assert_eq!(stdout(&o), format!("{N}\n"));
    let err = stderr(&o);
    assert!(err.contains("% stats: tables"), "{err}");
    // The load time comes first, on its own line.
    let load = err.lines().next().unwrap_or("");
    assert!(load.starts_with("% load: ") && load.ends_with('s'), "{err}");
}

#[test]
fn run_answers_each_query() {
    let f = tc_cycle("run.pl");
    let o = knot(&["run", f.path()]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert_eq!(
        stdout(&o),
        "?- path(1, 3).\ntrue.\n?- path(1, 99).\nfalse.\n"
    );
    let o = knot(&["run", f.path(), "--format", "json"]);
    let lines: Vec<serde_json::Value> = stdout(&o)
        .lines()
        .map(|l| serde_json::from_str(l).expect("one JSON object per line"))
        .collect();
    assert_eq!(lines.len(), 2);
    assert_eq!(lines[0]["solution"]["kind"], "unique");
    assert_eq!(lines[1]["solution"]["kind"], "no_solution");
}

#[test]
fn several_goals_are_answered_in_turn() {
    let f = tc_cycle("several.pl");
    let o = knot(&[
        "query",
        f.path(),
        "--goal",
        "path(1, 2)",
        "--goal",
        "path(1, 99)",
        "--goal",
        "path(2, 1)",
    ]);
    assert_eq!(
        stdout(&o),
        "?- path(1, 2).\ntrue.\n?- path(1, 99).\nfalse.\n?- path(2, 1).\ntrue.\n"
    );
    // A wrong goal among several is reported against its own text, nothing is solved.
    let o = knot(&[
        "query",
        f.path(),
        "--goal",
        "path(1, 2)",
        "--goal",
        "path(1,",
    ]);
    assert_eq!(o.status.code(), Some(2));
    assert_eq!(stdout(&o), "");
    assert!(stderr(&o).contains("<goal>:1:8"), "{}", stderr(&o));
}

/// `--format json --explain` prints one JSON document per goal: the explanation is a field of the
/// answer's object, not text after it.
#[test]
fn json_explain_is_one_document() {
    let out = knot(&[
        "query",
        "programs/vec_clone.rs",
        "--goal",
        "Vec<Foo>: Clone",
        "--format",
        "json",
        "--explain",
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    let v: serde_json::Value = serde_json::from_str(text.trim()).expect("one JSON document");
    assert_eq!(v["count"], 0);
    // The goal as typed, not knot's internal form ('Clone'('Vec'('Foo'))).
    assert_eq!(v["goal"], "Vec<Foo>: Clone");
    let e = &v["explanation"];
    assert!(e["why_not"].as_str().unwrap().contains("Foo: Clone"), "{e}");
    let tree = &e["tree"];
    assert_eq!(tree["label"], "Vec<Foo>: Clone");
    assert_eq!(tree["verdict"], "fails");
    // Somewhere below: `Foo: Clone`, failing.
    let mut stack = vec![tree];
    let mut found = false;
    while let Some(n) = stack.pop() {
        found |= n["label"] == "Foo: Clone" && n["verdict"] == "fails";
        stack.extend(n["children"].as_array().unwrap());
    }
    assert!(found, "{tree}");
    // Without --explain, no explanation field.
    let plain = knot(&[
        "query",
        "programs/vec_clone.rs",
        "--goal",
        "Vec<Foo>: Clone",
        "--format",
        "json",
    ]);
    let v: serde_json::Value = serde_json::from_str(stdout(&plain).trim()).unwrap();
    assert!(v.get("explanation").is_none());
}

/// `T == T` on one deep binding is decided without walking the term: 20,000 comparisons of a
/// 200,000-deep term end (SWI: `false.`, as `spin` fails) instead of running into the timeout. And
/// `==`/`\==` keep their meaning on distinct variables and on equal but separately built terms.
#[test]
fn identical_bindings_compare_at_once() {
    let mut src: String = (0..20_000).map(|i| format!("e({i}).\n")).collect();
    src.push_str(
        "build(0, a).\nbuild(N, f(T)) :- N > 0, M is N - 1, build(M, T).\n\
         spin(T) :- e(_), T == T, fail.\n",
    );
    let f = common::TempFile::new("spin.pl", src);
    let deep = [
        "--max-depth",
        "10000000",
        "--max-term-depth",
        "10000000",
        "--timeout",
        "60",
    ];
    let mut args = vec!["query", f.path(), "--goal", "build(200000, T), spin(T)"];
    args.extend(deep);
    assert_eq!(stdout(&knot(&args)).trim(), "false.");
    for (goal, want) in [
        ("X == X", "true."),
        ("X == Y", "false."),
        ("X \\== Y", "true."),
        ("build(3, _A), build(3, _B), _A == _B", "true."),
        ("build(3, _A), build(2, _B), _A \\== f(_B)", "false."),
        ("f(X, Y) == f(X, Y)", "true."),
        ("f(X, Y) == f(Y, X)", "false."),
    ] {
        let out = knot(&["query", f.path(), "--goal", goal]);
        assert_eq!(stdout(&out).trim(), want, "{goal}");
    }
}

/// Depth-first search on a Rust-like program has a smaller default derivation depth (rustc's
/// recursion limit in spirit): the README's seed under sld overflows at depth 4,096, and
/// `--max-depth` still decides.
#[test]
fn trait_goals_default_to_a_smaller_depth() {
    let goal = ["--goal", "Link<MyWrapper>: Debug", "--strategy", "sld"];
    let mut args = vec!["query", "programs/link.rs"];
    args.extend(goal);
    assert_eq!(
        stdout(&knot(&args)).trim(),
        format!(
            "overflow: derivation depth limit {} reached (raise it with --max-depth).",
            knot::TRAIT_GOAL_MAX_DEPTH
        )
    );
    args.extend(["--max-depth", "700"]);
    assert!(stdout(&knot(&args)).contains("derivation depth limit 700 reached"));
    // A clause program keeps Prolog's depth.
    let f = tc_cycle_untabled("depth.pl");
    let out = knot(&[
        "query",
        f.path(),
        "--goal",
        "path(1, X)",
        "--all",
        "--strategy",
        "sld",
    ]);
    assert!(stdout(&out).contains("derivation depth limit 100000 reached"));
    // The tabled strategies keep the default depth.
    let l = knot::default_limits(true, "slg");
    assert_eq!(l.max_depth, knot::Limits::default().max_depth);
}

/// `--max-memory` and `--timeout` hold while a program loads (the loaders do not look at the limits
/// between steps; a watcher does): 50,000 impls take far more than 64 MiB and 50 ms to load, and the
/// query ends with the limit named instead of loading on.
#[test]
fn limits_hold_while_loading() {
    let mut src = String::from("trait Tr {}\n");
    for i in 0..50_000 {
        src.push_str(&format!("struct S{i};\nimpl Tr for S{i} {{}}\n"));
    }
    let f = common::TempFile::new("impls.rs", src);
    let out = knot(&["query", f.path(), "--goal", "S1: Tr", "--max-memory", "64"]);
    let text = stdout(&out);
    assert!(
        text.starts_with("overflow: memory budget of 64 MiB reached")
            && text.contains("while loading"),
        "{text}"
    );
    let out = knot(&["query", f.path(), "--goal", "S1: Tr", "--timeout", "0.05"]);
    let text = stdout(&out);
    assert!(
        text.starts_with("overflow: timeout after 0.050s") && text.contains("while loading"),
        "{text}"
    );
    // Within its limits the same file answers.
    let out = knot(&["query", f.path(), "--goal", "S1: Tr"]);
    assert_eq!(stdout(&out).trim(), "true.");
}
