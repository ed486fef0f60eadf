//! Differential test against SWI-Prolog: each program of `tests/data/prolog/` (`NAME.pl`, its goals
//! one per line in `NAME.goals`) is answered by knot, and the answers and uncaught error terms are
//! compared with SWI-Prolog's, recorded in `NAME.swi` by `swi_harness.pl`. Where `swipl` is installed
//! (the test installs `swi-prolog-nox` with apt-get when it is missing and it can), the recordings
//! are checked against a live run too; `KNOT_SWI_RECORD=1` rewrites them.

use std::path::{Path, PathBuf};
use std::process::Command;

fn dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/prolog")
}

fn programs() -> Vec<String> {
    let mut v: Vec<String> = std::fs::read_dir(dir())
        .expect("tests/data/prolog")
        .filter_map(|e| {
            let p = e.ok()?.path();
            let stem = p.file_stem()?.to_string_lossy().into_owned();
            (p.extension()? == "goals").then_some(stem)
        })
        .collect();
    v.sort();
    v
}

/// Answers compared modulo layout and the names of fresh variables; knot's `% error: E` line is
/// the harness's `error: E`, and SWI-style `ERROR:` message lines are left out.
fn normalize(text: &str) -> Vec<String> {
    text.lines()
        .filter(|l| !l.starts_with("ERROR:") && !l.trim().is_empty())
        .map(|l| {
            let l = match l.strip_prefix("% error: ") {
                Some(r) => format!("error: {r}"),
                None => l.to_string(),
            };
            // knot's answers write an operator atom in brackets (`O = ('<')`), SWI's toplevel bare.
            let l = l
                .replace("('<')", "<")
                .replace("('>')", ">")
                .replace("('=')", "=");
            let mut out = String::new();
            let mut chars = l.chars().peekable();
            while let Some(c) = chars.next() {
                if c == '_' && chars.peek().is_some_and(|c| c.is_ascii_alphanumeric()) {
                    while chars.peek().is_some_and(|c| c.is_ascii_alphanumeric()) {
                        chars.next();
                    }
                    out.push('_');
                } else if !c.is_whitespace() {
                    out.push(c);
                }
            }
            out
        })
        .collect()
}

fn knot(name: &str) -> String {
    let goals = std::fs::read_to_string(dir().join(format!("{name}.goals"))).expect("goals");
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_knot"));
    cmd.arg("query")
        .arg(dir().join(format!("{name}.pl")))
        .arg("--all");
    let goals: Vec<&str> = goals.lines().filter(|l| !l.trim().is_empty()).collect();
    for g in &goals {
        cmd.arg("--goal").arg(g);
    }
    let out = cmd.output().expect("run knot");
    let mut text = String::from_utf8_lossy(&out.stdout).into_owned();
    if goals.len() == 1 {
        text = format!("?- {}.\n{text}", goals[0]);
    }
    text
}

fn swipl_available() -> bool {
    let ok = |c: &mut Command| c.output().map(|o| o.status.success()).unwrap_or(false);
    if ok(Command::new("swipl").arg("--version")) {
        return true;
    }
    // The test command installs SWI-Prolog when it can (as root, with apt-get).
    let _ = Command::new("apt-get")
        .args(["install", "-y", "swi-prolog-nox"])
        .output();
    if !ok(Command::new("swipl").arg("--version")) {
        let _ = Command::new("apt-get").arg("update").output();
        let _ = Command::new("apt-get")
            .args(["install", "-y", "swi-prolog-nox"])
            .output();
    }
    ok(Command::new("swipl").arg("--version"))
}

fn swi(name: &str) -> String {
    let out = Command::new("swipl")
        .current_dir(dir())
        .args(["-q", "swi_harness.pl", name])
        .output()
        .expect("run swipl");
    String::from_utf8_lossy(&out.stdout).into_owned()
}

#[test]
fn answers_and_errors_agree_with_swi_prolog() {
    let names = programs();
    assert!(names.len() >= 40, "only {} programs", names.len());
    let live = swipl_available();
    let record = std::env::var("KNOT_SWI_RECORD").is_ok();
    let mut failures = Vec::new();
    for name in &names {
        let path = dir().join(format!("{name}.swi"));
        if live && record {
            std::fs::write(&path, swi(name)).expect("record");
        }
        let expected = std::fs::read_to_string(&path).expect("recorded SWI-Prolog output");
        if live && !record {
            assert_eq!(
                normalize(&swi(name)),
                normalize(&expected),
                "{name}.swi is out of date (rerun with KNOT_SWI_RECORD=1)"
            );
        }
        let got = knot(name);
        if normalize(&got) != normalize(&expected) {
            failures.push(format!("--- {name}: SWI-Prolog\n{expected}--- knot\n{got}"));
        }
    }
    assert!(
        failures.is_empty(),
        "{} programs differ:\n{}",
        failures.len(),
        failures.join("\n")
    );
}
