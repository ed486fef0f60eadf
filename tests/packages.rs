//! `knot query DIR`: a Cargo package read whole with its dependencies (`tests/crates/<crate>/`: a
//! consumer package depending on one crates.io crate, its sources vendored, `goals.tsv` judged by
//! rustc 1.95). Every goal knot answers agrees with rustc; a goal whose std item knot's std model
//! lacks may be an error, never a wrong answer. One file of a crate alone never answers `false.`
//! where rustc says the goal holds.

use std::path::PathBuf;
use std::process::Command;

fn knot() -> Command {
    Command::new(env!("CARGO_BIN_EXE_knot"))
}

fn dir(c: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests")
        .join("crates")
        .join(c)
}

/// The answer of each goal on `target` (the first line knot prints, or `error`).
fn answers(target: &str, goals: &[&str], strategy: &str) -> Vec<String> {
    goals
        .iter()
        .map(|g| {
            let out = knot()
                .arg("query")
                .arg(target)
                .args(["--strategy", strategy, "--goal", g])
                .output()
                .expect("runs knot");
            let text = String::from_utf8_lossy(&out.stdout).to_string();
            text.lines().next().unwrap_or("error").to_string()
        })
        .collect()
}

fn agrees_with_rustc(c: &str) {
    let d = dir(c);
    let tsv = std::fs::read_to_string(d.join("goals.tsv")).expect("goals.tsv");
    let goals: Vec<(&str, &str)> = tsv.lines().filter_map(|l| l.split_once('\t')).collect();
    let texts: Vec<&str> = goals.iter().map(|(_, g)| *g).collect();
    for strategy in ["slg", "recursive"] {
        let got = answers(d.to_str().unwrap(), &texts, strategy);
        let mut agree = 0;
        for ((verdict, goal), a) in goals.iter().zip(&got) {
            let wrong = (*verdict == "holds" && a.starts_with("false."))
                || (*verdict == "fails" && a.starts_with("true."));
            assert!(
                !wrong,
                "{c} ({strategy}): `{goal}` {verdict} for rustc, knot: {a}"
            );
            if (*verdict == "holds" && a == "true.") || (*verdict == "fails" && a == "false.") {
                agree += 1;
            }
        }
        // Each disagreement is a std item knot's model lacks (an error naming it), not a guess.
        let errors = got.iter().filter(|a| *a == "error").count();
        assert_eq!(agree + errors, goals.len(), "{c} ({strategy}): {got:?}");
        assert!(
            agree * 10 >= goals.len() * 8,
            "{c} ({strategy}): only {agree} of {} agree: {got:?}",
            goals.len()
        );
    }
}

#[test]
fn either_agrees_with_rustc() {
    agrees_with_rustc("either");
}

#[test]
fn semver_agrees_with_rustc() {
    agrees_with_rustc("semver");
}

#[test]
fn the_manifest_path_and_the_directory_load_the_same_package() {
    let d = dir("semver");
    let g = ["semver::Version: std::str::FromStr"];
    let a = answers(d.to_str().unwrap(), &g, "slg");
    let b = answers(d.join("Cargo.toml").to_str().unwrap(), &g, "slg");
    assert_eq!(a, vec!["true.".to_string()]);
    assert_eq!(a, b);
}

#[test]
fn one_file_of_a_crate_never_answers_false_about_what_it_did_not_read() {
    let lib = dir("semver").join("vendor/semver/src/lib.rs");
    // Each holds for rustc; the impls are in sibling modules (`impls.rs`, `parse.rs`, ...).
    let goals = [
        "Version: std::fmt::Display",
        "Version: std::str::FromStr",
        "Version: std::fmt::Debug",
        "Version: Send",
        "Prerelease: Ord",
        "Prerelease: std::ops::Deref",
    ];
    for s in ["slg", "recursive"] {
        for (g, a) in goals.iter().zip(answers(lib.to_str().unwrap(), &goals, s)) {
            assert!(
                a.starts_with("true.") || a.starts_with("ambiguous"),
                "{g} ({s}): {a}"
            );
        }
    }
}

#[test]
fn an_unseen_type_keeps_its_lifetime_arguments() {
    // `crate::chain::ChainState` is in a module not read: its one lifetime argument is no error.
    let dir = tempfile::tempdir().unwrap();
    let f = dir.path().join("lib.rs");
    std::fs::write(
        &f,
        "mod chain;\npub struct Chain<'a> { state: crate::chain::ChainState<'a> }\n",
    )
    .unwrap();
    let a = answers(f.to_str().unwrap(), &["Chain<'static>: Send"], "slg");
    assert!(a[0].starts_with("ambiguous"), "{a:?}");
}
