//! The fast path for ground facts (`src/syntax/facts.rs`) against the pest grammar it shortcuts: on
//! random clause text, `knot lower FILE` prints the same clauses (with the same source lines), the same
//! errors at the same places and exits with the same status whether the fast path is on or off
//! (`KNOT_FACT_LOADER=pest`). The text mixes facts the fast path takes with near misses it must hand
//! to pest (variables, operators, quoted atoms, comments between tokens, `name (`, integers out of
//! range, missing or glued `.`, stray characters, bad heads).

use std::path::Path;
use std::process::{Command, Output};

mod common;
use common::rng::Rng;

/// Blanks the grammar allows between tokens, mostly none or one space.
fn blank(r: &mut Rng) -> &'static str {
    r.pick(&[
        "", "", "", " ", " ", "  ", "\t", "\n", "\r\n", "\u{feff}", " % c\n", "/* c */",
    ])
}

/// One argument: mostly what the fast path reads, sometimes not.
fn arg(r: &mut Rng, clean: bool) -> String {
    match r.below(if clean { 16 } else { 20 }) {
        0..=6 => format!("{}", r.below(100_000)),
        7 => format!("-{}", r.below(1000)),
        8..=11 => r
            .pick(&["a", "b", "tom", "x_1", "aB9", "is", "mod", "table"])
            .to_string(),
        12 => r.pick(&["X", "_", "_y", "Y1"]).to_string(),
        13 => r
            .pick(&["'q'", "'a b'", "'it''s'", "[]", "[1, 2]", "\"s\""])
            .to_string(),
        14 => r
            .pick(&["f(1)", "g(a, b)", "1 + 2", "a-1", "(3)", "h (1)", "a- -1"])
            .to_string(),
        15 => r
            .pick(&[
                "9223372036854775807",
                "9223372036854775808",
                "-9223372036854775808",
                "-0",
                "007",
            ])
            .to_string(),
        16 => r
            .pick(&["1x", "1_0", "1.5", "1.", "a.b", "é", "A("])
            .to_string(),
        17 => String::new(),
        _ => r.pick(&["- 1", "-x", "1 2"]).to_string(),
    }
}

fn item(r: &mut Rng, clean: bool) -> String {
    let name = r.pick(&["edge", "fact", "p", "q_1", "aB", "is", "table"]);
    match r.below(if clean { 10 } else { 12 }) {
        0..=6 => {
            let wide = r.below(8) == 0;
            let n = 1 + r.below(if wide { 10 } else { 3 });
            let mut s = format!("{name}(");
            for i in 0..n {
                if i > 0 {
                    s.push_str(blank(r));
                    s.push(',');
                }
                s.push_str(blank(r));
                s.push_str(&arg(r, clean));
            }
            s.push_str(blank(r));
            s.push(')');
            if r.below(10) == 0 {
                let with = if clean { r.pick(&[" (", "\t("]) } else { "((" };
                s = s.replacen('(', with, 1);
            }
            s.push_str(blank(r));
            s
        }
        7 => name.to_string(),
        8 => format!("{name}(X) :- edge(X, {})", r.below(9)),
        9 => r
            .pick(&[":- table p/1", ":- dynamic q_1/2", "?- edge(1, X)"])
            .to_string(),
        10 => r
            .pick(&["X", "1", "(a, b)", "\\+ p", "'q'(1)", "[]"])
            .to_string(),
        _ => r
            .pick(&["", "edge(1, 2) edge", "p(", "p)", ")"])
            .to_string(),
    }
}

/// A random file: items each ended by `.` and a separator, with a little damage now and then.
fn file(r: &mut Rng) -> String {
    let clean = r.below(2) == 0;
    let mut s = String::new();
    if r.below(6) == 0 {
        s.push_str("% a header comment\n");
    }
    for _ in 0..1 + r.below(12) {
        s.push_str(&item(r, clean));
        s.push_str(if clean {
            "."
        } else {
            r.pick(&[".", ".", ".", ".", "", ". .", ".("])
        });
        s.push_str(r.pick(&["\n", "\n", " ", "\t", "%x\n", "\u{feff}", "\n\n", "\n/* */"]));
        if !clean && r.below(4) == 0 {
            s.push_str(r.pick(&["", "$", ")", "edge(1, 2)", "'unterminated"]));
        }
    }
    s
}

fn lower(path: &Path, fast: bool) -> Output {
    let mut c = Command::new(env!("CARGO_BIN_EXE_knot"));
    c.arg("lower").arg(path);
    if !fast {
        c.env("KNOT_FACT_LOADER", "pest");
    } else {
        c.env_remove("KNOT_FACT_LOADER");
    }
    c.output().expect("run knot")
}

fn same(path: &Path, text: &str) -> bool {
    let a = lower(path, true);
    let b = lower(path, false);
    assert_eq!(
        (
            a.status.code(),
            String::from_utf8_lossy(&a.stdout),
            String::from_utf8_lossy(&a.stderr)
        ),
        (
            b.status.code(),
            String::from_utf8_lossy(&b.stdout),
            String::from_utf8_lossy(&b.stderr)
        ),
        "fast path and pest disagree on {text:?}"
    );
    a.status.success()
}

#[test]
fn fast_path_agrees_with_pest_on_random_clause_text() {
    let tmp = tempfile::Builder::new()
        .prefix("knot-fact-loader-")
        .tempdir()
        .unwrap();
    let dir = tmp.path();
    let mut r = Rng(0x9e37_79b9_7f4a_7c15);
    let (mut ok, mut bad) = (0, 0);
    for i in 0..160 {
        let text = file(&mut r);
        let path = dir.join(format!("f{i}.pl"));
        std::fs::write(&path, &text).unwrap();
        if same(&path, &text) {
            ok += 1;
        } else {
            bad += 1;
        }
    }
    // Both kinds of file were exercised.
    assert!(ok >= 10 && bad >= 10, "{ok} files loaded, {bad} refused");
}

#[test]
fn a_syntax_error_after_a_bad_head_is_the_error_reported() {
    // Items are loaded as they are read; a later syntax error still takes precedence, as when the whole
    // file was parsed before any item was loaded.
    let tmp = tempfile::Builder::new()
        .prefix("knot-fact-loader-b-")
        .tempdir()
        .unwrap();
    let dir = tmp.path();
    let text = "edge(1, 2).\n1.\nedge(2, 3).\nedge(3 4).\n";
    let path = dir.join("bad.pl");
    std::fs::write(&path, text).unwrap();
    same(&path, text);
    let o = lower(&path, true);
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(err.contains("bad.pl:4:8: syntax error"), "{err}");
}

#[test]
fn facts_read_by_the_fast_path_keep_their_lines_and_answers() {
    let tmp = tempfile::Builder::new()
        .prefix("knot-fact-loader-c-")
        .tempdir()
        .unwrap();
    let dir = tmp.path();
    let mut text = String::from(":- table reach/1.\n");
    let mut r = Rng(7);
    let mut edges = Vec::new();
    for _ in 0..20_000 {
        let (a, b) = (r.below(5000), r.below(5000));
        edges.push((a, b));
        text.push_str(&format!("edge({a}, {b}).\n"));
    }
    text.push_str("reach(X) :- edge(0, X).\nreach(Y) :- reach(X), edge(X, Y).\n");
    let path = dir.join("reach.pl");
    std::fs::write(&path, &text).unwrap();
    // The reachable set, computed here.
    let mut seen = vec![false; 5000];
    let mut stack = vec![0];
    let mut adj = vec![Vec::new(); 5000];
    for &(a, b) in &edges {
        adj[a].push(b);
    }
    let mut count = 0;
    while let Some(x) = stack.pop() {
        for &y in &adj[x] {
            if !seen[y] {
                seen[y] = true;
                count += 1;
                stack.push(y);
            }
        }
    }
    for fast in [true, false] {
        let mut c = Command::new(env!("CARGO_BIN_EXE_knot"));
        c.args(["query"])
            .arg(&path)
            .args(["--goal", "reach(X)", "--count"]);
        if !fast {
            c.env("KNOT_FACT_LOADER", "pest");
        }
        let o = c.output().unwrap();
        assert_eq!(String::from_utf8_lossy(&o.stdout).trim(), count.to_string());
    }
    same(&path, "the reachability file");
}
