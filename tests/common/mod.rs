//! Helpers shared by the integration tests.
#![allow(dead_code)]

pub mod datalog;
pub mod rng;
pub mod table;

use std::path::PathBuf;
use std::process::Output;

/// A temporary file with the given contents, removed on drop. Names must be distinct within one test
/// binary (tests run in parallel).
pub struct TempFile(PathBuf);

impl TempFile {
    pub fn new(name: &str, contents: impl AsRef<[u8]>) -> TempFile {
        let dir = std::env::temp_dir().join(format!("knot-tests-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let p = dir.join(name);
        std::fs::write(&p, contents).unwrap();
        TempFile(p)
    }

    pub fn path(&self) -> &str {
        self.0.to_str().unwrap()
    }
}

impl Drop for TempFile {
    fn drop(&mut self) {
        let _ = std::fs::remove_file(&self.0);
    }
}

/// `knot query PATH --goal GOAL --strategy STRATEGY` (20 s per goal).
pub fn query(path: &str, goal: &str, strategy: &str) -> Output {
    std::process::Command::new(env!("CARGO_BIN_EXE_knot"))
        .args(["query", path, "--goal", goal, "--strategy", strategy])
        .args(["--timeout", "20"])
        .output()
        .expect("knot runs")
}

/// The text a command printed on stdout.
pub fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

/// The text a command printed on stderr.
pub fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}
