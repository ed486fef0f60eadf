//! rustc as the oracle: every goal of `tests/rustc_oracle/fixture.jsonl` (generated programs, the `.rs`
//! programs of `programs/` and the README's Rust examples) was judged by rustc 1.95, old and next solver
//! (`tests/rustc_oracle/record.py`). knot answers each with slg, recursive and sld (through the binary, all
//! goals of a program in one invocation). The test fails when knot proves what rustc rejects (unsound) or
//! slg/recursive refuse what rustc accepts, unless the goal carries a `known` reason in the fixture
//! (`tests/rustc_oracle/known.py` writes them; the list shrinks as the causes are fixed). rustc is never
//! run here. `KNOT_ORACLE_LONG=N` also runs the long mode: N fresh generated goals, judged by rustc and knot
//! (`tests/rustc_oracle/long.py`; needs python3 and rustc).

use serde_json::Value;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::Command;

const STRATEGIES: [&str; 3] = ["slg", "recursive", "sld"];

#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
enum Knot {
    Holds,
    Fails,
    Unknown,
}

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// The first line of knot's answer to each goal: `?- goal.` headers split the output.
fn parse_answers(out: &str, n: usize) -> Option<Vec<String>> {
    let mut answers: Vec<String> = Vec::new();
    let mut want = false;
    for line in out.lines() {
        if line.starts_with("?- ") {
            answers.push(String::new());
            want = true;
        } else if want {
            if let Some(a) = answers.last_mut() {
                *a = line.trim().to_string();
            }
            want = false;
        }
    }
    if n == 1 && answers.is_empty() {
        // a single goal is printed without its `?- goal.` header
        answers.extend(out.lines().next().map(|l| l.trim().to_string()));
    }
    (answers.len() == n).then_some(answers)
}

fn knot_run(file: &Path, goals: &[String], strategy: &str) -> Result<Vec<String>, String> {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_knot"));
    cmd.arg("query")
        .arg(file)
        .args(["--strategy", strategy, "--timeout", "5"]);
    if strategy == "sld" {
        cmd.args(["--max-depth", "5000"]); // sld only counts when it proves; a deep descent is an overflow
    }
    for g in goals {
        cmd.args(["--goal", g]);
    }
    let out = cmd.output().map_err(|e| e.to_string())?;
    let stdout = String::from_utf8_lossy(&out.stdout);
    match parse_answers(&stdout, goals.len()) {
        Some(a) if out.status.success() => Ok(a),
        _ => Err(String::from_utf8_lossy(&out.stderr)
            .lines()
            .next()
            .unwrap_or("no output")
            .to_string()),
    }
}

/// Whether knot loads the program (`knot lower` succeeds).
fn loads(file: &Path) -> bool {
    Command::new(env!("CARGO_BIN_EXE_knot"))
        .arg("lower")
        .arg(file)
        .output()
        .is_ok_and(|o| o.status.success())
}

/// knot's answers to `goals` with `strategy`. A goal knot cannot read stops the whole batch, so a failed
/// batch is split in halves until the goals that fail alone are found.
fn knot_answers(file: &Path, goals: &[String], strategy: &str) -> Vec<String> {
    match knot_run(file, goals, strategy) {
        Ok(a) => a,
        Err(e) if goals.len() == 1 || !loads(file) => vec![format!("error: {e}"); goals.len()],
        Err(_) => {
            let (a, b) = goals.split_at(goals.len() / 2);
            let mut out = knot_answers(file, a, strategy);
            out.extend(knot_answers(file, b, strategy));
            out
        }
    }
}

fn class(answer: &str) -> Knot {
    match answer {
        "true." => Knot::Holds,
        "false." => Knot::Fails,
        _ => Knot::Unknown,
    }
}

struct Program {
    id: String,
    file: PathBuf,
    goals: Vec<Goal>,
}

struct Goal {
    goal: String,
    old: String,
    next: String,
    known: Option<String>,
}

fn load_fixture(tmp: &Path) -> Vec<Program> {
    let text = std::fs::read_to_string(root().join("tests/rustc_oracle/fixture.jsonl")).unwrap();
    let mut out = Vec::new();
    for (i, line) in text
        .lines()
        .enumerate()
        .filter(|(_, l)| !l.trim().is_empty())
    {
        let v: Value =
            serde_json::from_str(line).unwrap_or_else(|e| panic!("fixture line {}: {e}", i + 1));
        let id = v["id"].as_str().unwrap().to_string();
        let file = if let Some(f) = v["file"].as_str() {
            root().join(f)
        } else {
            let p = tmp.join(format!("p{i}.rs"));
            std::fs::write(&p, v["program"].as_str().unwrap()).unwrap();
            p
        };
        let goals = v["goals"]
            .as_array()
            .unwrap()
            .iter()
            .map(|g| Goal {
                goal: g["goal"].as_str().unwrap().to_string(),
                old: g["old"].as_str().unwrap().to_string(),
                next: g["next"].as_str().unwrap().to_string(),
                known: g["known"].as_str().map(str::to_string),
            })
            .collect();
        out.push(Program { id, file, goals });
    }
    out
}

fn rejects(v: &str) -> bool {
    v == "fails" || v == "overflow"
}

#[test]
fn knot_never_proves_what_rustc_rejects() {
    let tmp = tempfile::Builder::new()
        .prefix("knot-rustc-oracle-")
        .tempdir()
        .unwrap();
    let programs = load_fixture(tmp.path());
    let generated: usize = programs
        .iter()
        .filter(|p| p.id.starts_with("gen-"))
        .map(|p| p.goals.len())
        .sum();
    assert!(
        generated >= 1000,
        "the fixture holds {generated} generated goals, want >= 1000"
    );
    for f in ["programs/link.rs", "programs/vec_clone.rs"] {
        assert!(
            programs.iter().any(|p| p.id == f),
            "{f} is not in the fixture"
        );
    }

    // every (program, strategy) pair, on a few threads
    let jobs: Vec<(usize, &str)> = (0..programs.len())
        .flat_map(|i| STRATEGIES.iter().map(move |s| (i, *s)))
        .collect();
    let threads = 4;
    let results: BTreeMap<(usize, &str), Vec<String>> = std::thread::scope(|sc| {
        let chunks: Vec<_> = (0..threads)
            .map(|t| {
                let jobs = &jobs;
                let programs = &programs;
                sc.spawn(move || {
                    let mut r = Vec::new();
                    for &(i, s) in jobs.iter().skip(t).step_by(threads) {
                        let goals: Vec<String> =
                            programs[i].goals.iter().map(|g| g.goal.clone()).collect();
                        r.push(((i, s), knot_answers(&programs[i].file, &goals, s)));
                    }
                    r
                })
            })
            .collect();
        chunks.into_iter().flat_map(|h| h.join().unwrap()).collect()
    });
    drop(tmp);

    let (mut total, mut unsound, mut refused, mut known_used, mut stale) = (0, 0, 0, 0, 0);
    let mut problems = Vec::new();
    let mut unsound_known = Vec::new();
    for (i, p) in programs.iter().enumerate() {
        for (k, g) in p.goals.iter().enumerate() {
            total += 1;
            let mut disagrees = false;
            for s in STRATEGIES {
                let a = &results[&(i, s)][k];
                let c = class(a);
                let bad_unsound = c == Knot::Holds && rejects(&g.old) && rejects(&g.next);
                // sld may overflow on what holds: only its unsound answers count
                let bad_refusal =
                    s != "sld" && c != Knot::Holds && g.old == "holds" && g.next == "holds";
                if bad_unsound {
                    unsound += 1;
                }
                if bad_refusal {
                    refused += 1;
                }
                if bad_unsound || bad_refusal {
                    disagrees = true;
                    let what = if bad_unsound { "UNSOUND" } else { "refuses" };
                    match &g.known {
                        Some(reason) => {
                            known_used += 1;
                            if bad_unsound {
                                unsound_known.push(format!("{} `{}` {s}: {reason}", p.id, g.goal));
                            }
                        }
                        None => problems.push(format!(
                            "{what} ({s}): {} `{}`: knot {a}, rustc old {} / next {}",
                            p.id, g.goal, g.old, g.next
                        )),
                    }
                }
            }
            if !disagrees && g.known.is_some() {
                stale += 1;
            }
        }
    }
    eprintln!(
        "rustc oracle: {total} goals ({generated} generated) x {} strategies: {unsound} unsound and {refused} \
         refused answers ({known_used} listed as known), {} unlisted; {stale} known entries now agree \
         (remove them: tests/rustc_oracle/known.py)",
        STRATEGIES.len(),
        problems.len()
    );
    for u in unsound_known.iter().take(20) {
        eprintln!("  known unsound: {u}");
    }
    assert!(
        problems.is_empty(),
        "{} unlisted disagreements with rustc:\n{}",
        problems.len(),
        problems.join("\n")
    );

    if let Ok(n) = std::env::var("KNOT_ORACLE_LONG") {
        let st = Command::new("python3")
            .arg(root().join("tests/rustc_oracle/long.py"))
            .arg(n)
            .args(["--knot", env!("CARGO_BIN_EXE_knot")])
            .status()
            .expect("python3");
        assert!(st.success(), "the long run found unsound answers");
    }
}
