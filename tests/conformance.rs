//! The chalk conformance corpus through `knot conformance`: no case may panic, and the number of passing
//! cases may not drop below what was last recorded (raise the floor as knot improves; never lower it).

use std::process::Command;

const CORPUS: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/../shared/corpus/chalk-dev.jsonl"
);

/// Passing cases recorded with `--strategy slg` (the run prints them on its last line).
const SLG_FLOOR: u32 = 494;
/// Passing cases recorded with `--strategy recursive`.
const RECURSIVE_FLOOR: u32 = 475;

fn summary(strategy: &str) -> (u32, u32, u32, String) {
    assert!(
        std::path::Path::new(CORPUS).exists(),
        "the corpus is missing at {CORPUS}"
    );
    let out = Command::new(env!("CARGO_BIN_EXE_knot"))
        .args([
            "conformance",
            CORPUS,
            "--strategy",
            strategy,
            "--timeout",
            "2",
        ])
        .output()
        .expect("knot runs");
    let text = String::from_utf8_lossy(&out.stdout).to_string();
    let err = String::from_utf8_lossy(&out.stderr).to_string();
    assert!(out.status.success(), "conformance failed: {err}");
    assert!(
        !text.contains("PANIC") && !err.contains("panicked"),
        "a case panicked:\n{text}\n{err}"
    );
    let last = text.lines().last().unwrap_or("").to_string();
    let num = |word: &str| -> u32 {
        let words: Vec<&str> = last.split_whitespace().collect();
        let i = words
            .iter()
            .position(|w| w.trim_end_matches(',') == word)
            .expect("summary word");
        words[i - 1].parse().expect("a count")
    };
    (num("passed"), num("failed"), num("skipped"), text)
}

#[test]
fn slg_conformance_does_not_regress() {
    let (pass, fail, skip, text) = summary("slg");
    assert!(
        pass + fail + skip > 600,
        "most cases ran: {pass} {fail} {skip}"
    );
    assert!(
        pass >= SLG_FLOOR,
        "slg passes {pass} cases, the floor is {SLG_FLOOR}:\n{text}"
    );
}

#[test]
fn recursive_conformance_does_not_regress() {
    let (pass, fail, skip, text) = summary("recursive");
    assert!(
        pass + fail + skip > 600,
        "most cases ran: {pass} {fail} {skip}"
    );
    assert!(
        pass >= RECURSIVE_FLOOR,
        "recursive passes {pass} cases, the floor is {RECURSIVE_FLOOR}:\n{text}"
    );
}
