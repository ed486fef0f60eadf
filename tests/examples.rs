//! The examples of `examples/` run and print what they promise (README runs them the same way).

use std::process::Command;

fn run_example(name: &str) -> String {
    let mut cmd = Command::new(env!("CARGO"));
    cmd.args(["run", "--quiet", "--example", name]);
    if !cfg!(debug_assertions) {
        cmd.arg("--release");
    }
    let out = cmd
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .expect("cargo runs");
    assert!(
        out.status.success(),
        "example {name} failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8_lossy(&out.stdout).into_owned()
}

#[test]
fn embed_lists_the_send_types() {
    let out = run_example("embed");
    assert!(out.contains("Raw          is not Send"), "{out}");
    assert!(out.contains("HoldsRaw     is not Send"), "{out}");
    assert!(out.contains("Wrapper<T>   is Send when T: Send"), "{out}");
    // Through the coinductive cycle List -> Boxed<List> -> List.
    assert!(out.contains("List         is Send"), "{out}");
}

#[test]
fn custom_strategy_runs_through_the_library() {
    let out = run_example("custom_strategy");
    assert!(
        out.contains("library, iddfs: Y = 2. Y = 3. Y = 4."),
        "{out}"
    );
}

#[test]
fn a_strategy_from_the_building_blocks_answers_and_overflows() {
    let out = run_example("dfs_strategy");
    assert!(out.contains("dfs: Y = 2. Y = 3. Y = 4."), "{out}");
    assert!(
        out.contains("dfs on p(X) :- p(X): overflow: derivation depth limit"),
        "{out}"
    );
}
