//! Running one engine on one input as a child process: wall time, what it printed, and a time limit.
//! (Peak memory is reported by each engine itself — knot's `--stats`, the peers' `/proc/self/status`
//! — because a child's `ru_maxrss` on Linux starts from the parent's high-water mark.)

use std::io::Read;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// One finished run of a child process.
#[derive(Debug, Clone, Default)]
pub struct Run {
    /// Whole-process wall time.
    pub wall: f64,
    pub stdout: String,
    pub stderr: String,
    /// False when it exited with a failure status or hit the time limit.
    pub ok: bool,
    pub timed_out: bool,
}

/// Run `cmd` to completion (killed after `limit`), measuring it.
pub fn run(cmd: &mut Command, limit: Duration) -> Run {
    let start = Instant::now();
    let mut child = match cmd.stdout(Stdio::piped()).stderr(Stdio::piped()).spawn() {
        Ok(c) => c,
        Err(e) => {
            return Run {
                stderr: format!("could not start {cmd:?}: {e}"),
                ..Run::default()
            }
        }
    };
    // Drain the pipes on threads so a chatty child never blocks on a full pipe.
    let mut out_pipe = child.stdout.take().expect("piped stdout");
    let mut err_pipe = child.stderr.take().expect("piped stderr");
    let out_reader = std::thread::spawn(move || {
        let mut s = String::new();
        let _ = out_pipe.read_to_string(&mut s);
        s
    });
    let err_reader = std::thread::spawn(move || {
        let mut s = String::new();
        let _ = err_pipe.read_to_string(&mut s);
        s
    });
    let mut timed_out = false;
    let status = loop {
        match child.try_wait() {
            Ok(Some(st)) => break Some(st),
            Ok(None) => {}
            Err(_) => break None,
        }
        if start.elapsed() > limit && !timed_out {
            timed_out = true;
            let _ = child.kill();
        }
        std::thread::sleep(Duration::from_millis(1));
    };
    let wall = start.elapsed().as_secs_f64();
    Run {
        wall,
        stdout: out_reader.join().unwrap_or_default(),
        stderr: err_reader.join().unwrap_or_default(),
        ok: status.is_some_and(|s| s.success()) && !timed_out,
        timed_out,
    }
}
/// The median of some values (the lower middle one for an even count).
pub fn median(mut v: Vec<f64>) -> f64 {
    if v.is_empty() {
        return f64::NAN;
    }
    v.sort_by(|a, b| a.total_cmp(b));
    v[(v.len() - 1) / 2]
}
