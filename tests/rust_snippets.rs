//! The pasted-Rust corpus (issue 17): every `tests/rust/*.rs` snippet, taken from a well-known crate or
//! rustc's test suite (named at its top), carries `// goal: G` lines whose rustc verdicts (old and next
//! solver) are recorded in `tests/rust/verdicts.jsonl` (`tests/rustc_oracle/record.py snippets tests/rust`).
//! knot loads each snippet and answers each goal with slg and recursive. A snippet that does not load, or a
//! goal where knot disagrees with rustc (rustc accepts and knot does not answer `true.`, or rustc rejects
//! and knot answers `true.`), must be listed in `tests/rust/KNOWN.txt` with its reason; the test reports
//! every such failure, fails on unlisted ones and names listed ones that now agree (to be removed).

use serde_json::Value;
use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};
use std::process::Command;

fn dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/rust")
}

/// The key of a KNOWN.txt line: `FILE: load` or ``FILE: goal `GOAL` ``.
fn known_key(line: &str) -> Option<String> {
    let load = line.find(": load: ");
    match line.find(": goal `") {
        Some(j) if load.map_or(true, |i| j < i) => {
            let k = line[j + 8..].find("`: ")? + j + 8;
            Some(line[..=k].to_string())
        }
        _ => load.map(|i| line[..i + 6].to_string()),
    }
}

fn answers(file: &Path, goals: &[String], strategy: &str) -> Result<Vec<String>, String> {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_knot"));
    cmd.arg("query")
        .arg(file)
        .args(["--strategy", strategy, "--timeout", "10"]);
    for g in goals {
        cmd.args(["--goal", g]);
    }
    let out = cmd.output().map_err(|e| e.to_string())?;
    let stdout = String::from_utf8_lossy(&out.stdout);
    let mut a: Vec<String> = Vec::new();
    let mut want = false;
    for line in stdout.lines() {
        if line.starts_with("?- ") {
            a.push(String::new());
            want = true;
        } else if want {
            if let Some(last) = a.last_mut() {
                *last = line.trim().to_string();
            }
            want = false;
        }
    }
    if goals.len() == 1 && a.is_empty() {
        a.extend(stdout.lines().next().map(|l| l.trim().to_string()));
    }
    if out.status.success() && a.len() == goals.len() {
        Ok(a)
    } else {
        Err(String::from_utf8_lossy(&out.stderr)
            .lines()
            .next()
            .unwrap_or("no output")
            .to_string())
    }
}

/// Each goal's answer; a goal that stops the whole batch (an error in the goal) is asked alone.
fn answers_each(file: &Path, goals: &[String], strategy: &str) -> Vec<String> {
    answers(file, goals, strategy).unwrap_or_else(|_| {
        goals
            .iter()
            .map(|g| match answers(file, std::slice::from_ref(g), strategy) {
                Ok(mut a) => a.remove(0),
                Err(e) => format!("error: {e}"),
            })
            .collect()
    })
}

#[test]
fn snippets_agree_with_rustc_or_are_listed() {
    let d = dir();
    let mut verdicts: BTreeMap<String, Vec<(String, String, String)>> = BTreeMap::new();
    for line in std::fs::read_to_string(d.join("verdicts.jsonl"))
        .unwrap()
        .lines()
        .filter(|l| !l.trim().is_empty())
    {
        let v: Value = serde_json::from_str(line).unwrap();
        let s = |k: &str| v[k].as_str().unwrap().to_string();
        verdicts
            .entry(s("file"))
            .or_default()
            .push((s("goal"), s("old"), s("next")));
    }
    let files: BTreeSet<String> = std::fs::read_dir(&d)
        .unwrap()
        .filter_map(|e| e.ok()?.file_name().into_string().ok())
        .filter(|n| n.ends_with(".rs"))
        .collect();
    assert!(
        files.len() >= 60,
        "the corpus holds {} snippets, want >= 60",
        files.len()
    );
    for f in &files {
        assert!(
            verdicts.contains_key(f),
            "{f} has no recorded rustc verdicts (run record.py snippets)"
        );
        let text = std::fs::read_to_string(d.join(f)).unwrap();
        let head: String = text.lines().take(3).collect::<Vec<_>>().join(" ");
        assert!(
            head.starts_with("//"),
            "{f}: the snippet must name its source in a comment at its top"
        );
    }
    let known: BTreeSet<String> = std::fs::read_to_string(d.join("KNOWN.txt"))
        .unwrap()
        .lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .filter_map(known_key)
        .collect();

    let (mut total, mut agree, mut loaded) = (0, 0, 0);
    let mut failures = Vec::new(); // (key, description)
    for (f, goals) in &verdicts {
        let path = d.join(f);
        let lower = Command::new(env!("CARGO_BIN_EXE_knot"))
            .arg("lower")
            .arg(&path)
            .output()
            .unwrap();
        total += goals.len();
        if !lower.status.success() {
            let e = String::from_utf8_lossy(&lower.stderr)
                .lines()
                .next()
                .unwrap_or("")
                .to_string();
            failures.push((format!("{f}: load"), e));
            continue;
        }
        loaded += 1;
        let texts: Vec<String> = goals.iter().map(|g| g.0.clone()).collect();
        let per: Vec<(&str, Vec<String>)> = ["slg", "recursive"]
            .iter()
            .map(|s| (*s, answers_each(&path, &texts, s)))
            .collect();
        for (k, (goal, old, next)) in goals.iter().enumerate() {
            let holds = old == "holds" && next == "holds";
            let rejects = |v: &str| v == "fails" || v == "overflow";
            let mut ok = true;
            for (s, a) in &per {
                let bad = (holds && a[k] != "true.")
                    || (rejects(old) && rejects(next) && a[k] == "true.");
                if bad {
                    ok = false;
                    failures.push((
                        format!("{f}: goal `{goal}`"),
                        format!("{s}: knot {}, rustc {old}/{next}", a[k]),
                    ));
                }
            }
            if ok {
                agree += 1;
            }
        }
    }
    let failing: BTreeSet<&String> = failures.iter().map(|(k, _)| k).collect();
    let unlisted: Vec<String> = failures
        .iter()
        .filter(|(k, _)| !known.contains(k))
        .map(|(k, e)| format!("{k}: {e}"))
        .collect();
    let stale: Vec<&String> = known.iter().filter(|k| !failing.contains(k)).collect();
    eprintln!(
        "snippets: {} files, {loaded} load; {agree} of {total} goals agree with rustc (slg and recursive); \
         {} failures listed in KNOWN.txt, {} unlisted, {} listed entries now pass",
        verdicts.len(),
        failing.len() - failing.iter().filter(|k| !known.contains(**k)).count(),
        unlisted.len(),
        stale.len()
    );
    for s in &stale {
        eprintln!("  now passes (remove from KNOWN.txt): {s}");
    }
    assert!(
        unlisted.is_empty(),
        "failures not listed in tests/rust/KNOWN.txt:\n{}",
        unlisted.join("\n")
    );
}

/// No answer, explanation or error on the corpus names one of knot's internal terms (`'$tuple'`,
/// `'$lang_sized'`, ...): every snippet's goals are asked with `--explain` (trees of goals that hold,
/// "why not" chains of goals that fail) and with `--format chalk`.
#[test]
fn explanations_of_the_corpus_speak_rust() {
    let d = dir();
    let mut files: Vec<PathBuf> = std::fs::read_dir(&d)
        .unwrap()
        .filter_map(|e| Some(e.ok()?.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "rs"))
        .collect();
    files.sort();
    let mut bad = Vec::new();
    for f in &files {
        let text = std::fs::read_to_string(f).unwrap();
        let goals: Vec<&str> = text
            .lines()
            .filter_map(|l| l.strip_prefix("// goal: "))
            .collect();
        for extra in [&["--explain"][..], &["--format", "chalk"][..]] {
            let mut cmd = Command::new(env!("CARGO_BIN_EXE_knot"));
            cmd.arg("query").arg(f).args(["--timeout", "1"]).args(extra);
            for g in &goals {
                cmd.args(["--goal", g]);
            }
            let out = cmd.output().unwrap();
            let all = format!(
                "{}{}",
                String::from_utf8_lossy(&out.stdout),
                String::from_utf8_lossy(&out.stderr)
            );
            for line in all.lines().filter(|l| l.contains("'$")) {
                bad.push(format!("{} {extra:?}: {line}", f.display()));
            }
        }
    }
    assert!(
        bad.is_empty(),
        "internal names printed:\n{}",
        bad.join("\n")
    );
}
