//! Helpers shared by the integration tests.
#![allow(dead_code)]

pub mod datalog;
pub mod rng;
pub mod table;

use std::path::PathBuf;
use std::process::Output;

/// A temporary file with the given contents, in a directory of its own: both are removed on drop.
pub struct TempFile {
    path: PathBuf,
    // Removes the directory, and the file in it, on drop.
    _dir: tempfile::TempDir,
}

impl TempFile {
    pub fn new(name: &str, contents: impl AsRef<[u8]>) -> TempFile {
        let dir = tempfile::Builder::new()
            .prefix("knot-tests-")
            .tempdir()
            .unwrap();
        let path = dir.path().join(name);
        std::fs::write(&path, contents).unwrap();
        TempFile { path, _dir: dir }
    }

    pub fn path(&self) -> &str {
        self.path.to_str().unwrap()
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
