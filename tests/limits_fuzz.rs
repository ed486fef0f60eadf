//! Limits are bounds (issue 22): on random programs — chalk-syntax trait programs with growing types,
//! cycles and projections, and pasted-Rust programs with recursive types, raw pointers, references and
//! derives — `knot query` under every strategy ends within `--timeout` plus 10% and 0.5 s, and its
//! peak resident memory stays within `--max-memory` plus 10%.
//!
//! Each case is a program and a goal, run as a child process with each strategy; wall time and peak
//! RSS (`wait4`) are measured from outside. The programs come from a seeded generator, so a failure
//! names its case and is reproducible. `cargo test` runs `KNOT_LIMIT_CASES` cases (default 24); the
//! long run of the README is `KNOT_LIMIT_CASES=20000 cargo test --release --test limits_fuzz --
//! --nocapture`, which prints the figures.

use std::io::Write;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

const STRATEGIES: [&str; 3] = ["slg", "recursive", "sld"];

mod common;
use common::rng::Rng;

/// A chalk-syntax program and a goal.
fn chalk_case(r: &mut Rng) -> (String, String) {
    let mut p = String::from(
        "struct S0 {}\nstruct S1 {}\nstruct W<T> {}\nstruct P<T, U> {}\ntrait Te { type Out; }\n",
    );
    for t in 0..4 {
        if r.below(3) == 0 {
            p.push_str("#[coinductive]\n");
        }
        p.push_str(&format!("trait T{t} {{}}\n"));
    }
    for _ in 0..1 + r.below(6) {
        let (a, b, c) = (r.below(4), r.below(4), r.below(4));
        let base = r.pick(&["S0", "S1"]);
        p.push_str(&match r.below(7) {
            0 => format!("impl T{a} for {base} {{}}\n"),
            1 => format!("impl<X> T{a} for W<X> where X: T{b} {{}}\n"),
            2 => format!("impl<X> T{a} for W<X> where W<W<X>>: T{b} {{}}\n"),
            3 => format!("impl<X, Y> T{a} for P<X, Y> where X: T{b}, Y: T{c} {{}}\n"),
            4 => format!("impl<X> T{a} for P<X, X> where X: T{b} {{}}\n"),
            5 => format!("impl<X> T{a} for X where W<X>: T{b} {{}}\n"),
            _ => format!("impl<X> T{a} for P<X, S0> where P<W<X>, S0>: T{b}, X: T{c} {{}}\n"),
        });
    }
    if r.below(2) == 0 {
        p.push_str("impl Te for S0 { type Out = S1; }\n");
    }
    if r.below(2) == 0 {
        p.push_str("impl<X> Te for W<X> where X: Te { type Out = W<<X as Te>::Out>; }\n");
    }
    if r.below(3) == 0 {
        p.push_str("impl<X> Te for P<X, X> where W<X>: Te { type Out = <W<X> as Te>::Out; }\n");
    }
    let ty = r.pick(&["S0", "S1", "W<S0>", "W<W<S1>>", "P<S0, S1>", "P<S1, S1>"]);
    let (a, b) = (r.below(4), r.below(4));
    let goal = match r.below(6) {
        0 => format!("{ty}: T{a}"),
        1 => format!("exists<V> {{ V: T{a} }}"),
        2 => format!("exists<V> {{ W<V>: T{a} }}"),
        3 => format!("exists<V> {{ <{ty} as Te>::Out = V }}"),
        4 => format!("forall<X> {{ if (X: T{a}) {{ W<X>: T{b} }} }}"),
        _ => format!("exists<V, U> {{ P<V, U>: T{a} }}"),
    };
    (p, goal)
}

/// A pasted-Rust program and a goal.
fn rust_case(r: &mut Rng) -> (String, String) {
    let mut p = String::from("use std::rc::Rc;\nuse std::fmt::Debug;\ntrait Tr {}\n");
    let derives = |r: &mut Rng| -> String {
        let all = ["Clone", "Debug", "PartialEq", "Default"];
        let chosen: Vec<&str> = all.iter().copied().filter(|_| r.below(2) == 0).collect();
        if chosen.is_empty() {
            String::new()
        } else {
            format!("#[derive({})]\n", chosen.join(", "))
        }
    };
    let d = derives(r);
    p.push_str(&format!(
        "{d}struct L<T> {{ head: T, tail: Option<Box<L<Vec<T>>>> }}\n"
    ));
    let d = derives(r);
    p.push_str(&format!("{d}struct A {{ x: u8, s: String }}\n"));
    p.push_str("struct B<T> { p: *const T }\n");
    let d = derives(r);
    p.push_str(&format!("{d}struct C<'a, T> {{ r: &'a T }}\n"));
    let d = derives(r);
    p.push_str(&format!("{d}struct R<T> {{ v: Vec<T>, rc: Rc<T> }}\n"));
    p.push_str("struct N<T> { next: Option<Box<N<(T, T)>>> }\n");
    for _ in 0..r.below(5) {
        p.push_str(match r.below(7) {
            0 => "unsafe impl<T> Send for B<T> where T: Sync {}\n",
            1 => "impl<T> Tr for L<T> where L<Vec<T>>: Tr {}\n",
            2 => "impl<T: Tr> Tr for Vec<T> {}\n",
            3 => "impl Tr for u8 {}\n",
            4 => "impl<T> Tr for N<T> where N<(T, T)>: Tr {}\n",
            5 => "impl<T: Clone + Tr> Tr for Option<T> {}\n",
            _ => "impl<'a, T: Tr + ?Sized> Tr for &'a T {}\n",
        });
    }
    let inner = r.pick(&[
        "u8",
        "String",
        "Vec<u8>",
        "&'static u8",
        "*const u8",
        "Rc<u8>",
    ]);
    let outer = r.pick(&["L", "B", "R", "N", "Vec", "Option", "Box"]);
    let ty = match r.below(4) {
        0 => inner.to_string(),
        1 => "A".to_string(),
        2 => format!("C<'static, {inner}>"),
        _ => format!("{outer}<{inner}>"),
    };
    let tr = r.pick(&[
        "Send",
        "Sync",
        "Clone",
        "Debug",
        "Tr",
        "PartialEq",
        "Default",
    ]);
    (p, format!("{ty}: {tr}"))
}

/// What one run measured.
struct Run {
    wall: Duration,
    peak_kib: i64,
}

/// Run `knot query` and measure it from outside.
fn run(file: &std::path::Path, goal: &str, args: &[String]) -> Run {
    let t = Instant::now();
    let child = Command::new(env!("CARGO_BIN_EXE_knot"))
        .arg("query")
        .arg(file)
        .args(["--goal", goal])
        .args(args)
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("knot starts");
    let pid = child.id() as libc::pid_t;
    let mut status = 0;
    // SAFETY: `rusage` is plain data that `wait4` fills in; `pid` is our own child, reaped here
    // once (the `Child` handle is forgotten so that it does not wait again).
    let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
    let rc = unsafe { libc::wait4(pid, &mut status, 0, &mut usage) };
    std::mem::forget(child);
    assert_eq!(rc, pid, "wait4 reaps the child");
    Run {
        wall: t.elapsed(),
        peak_kib: usage.ru_maxrss,
    }
}

#[test]
fn limits_hold_on_random_programs_with_every_strategy() {
    let cases: usize = std::env::var("KNOT_LIMIT_CASES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(24);
    let tmp = tempfile::Builder::new()
        .prefix("knot-limits-")
        .tempdir()
        .expect("temp dir");
    let dir = tmp.path();
    let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
    let mut worst_time = 0.0f64;
    let mut worst_mem = 0.0f64;
    let mut failures: Vec<String> = Vec::new();
    for case in 0..cases {
        // A sign of life in a long run (`--nocapture` shows it).
        if case > 0 && case % 1000 == 0 {
            eprintln!(
                "{case} of {cases} cases: worst overshoot so far {worst_time:.3} s, {} over a bound",
                failures.len()
            );
        }
        let rust = case % 2 == 1;
        let (src, goal) = if rust {
            rust_case(&mut rng)
        } else {
            chalk_case(&mut rng)
        };
        let file = dir.join(if rust { "case.rs" } else { "case.chalk" });
        std::fs::File::create(&file)
            .and_then(|mut f| f.write_all(src.as_bytes()))
            .expect("write case");
        let timeout = ["0.1", "0.3", "0.6"][rng.below(3)];
        let mib = [48u64, 96, 256][rng.below(3)];
        for s in STRATEGIES {
            let args: Vec<String> = [
                "--strategy",
                s,
                "--timeout",
                timeout,
                "--max-memory",
                &mib.to_string(),
            ]
            .iter()
            .map(|a| a.to_string())
            .collect();
            let m = run(&file, &goal, &args);
            let t: f64 = timeout.parse().expect("a number");
            let allowed = Duration::from_secs_f64(t * 1.1 + 0.5);
            worst_time = worst_time.max(m.wall.as_secs_f64() - t);
            worst_mem = worst_mem.max(m.peak_kib as f64 / (mib as f64 * 1024.0));
            if m.wall > allowed {
                failures.push(format!(
                    "case {case} {s}: {goal} with --timeout {timeout} took {:?}\n{src}",
                    m.wall
                ));
            }
            if m.peak_kib as f64 > mib as f64 * 1024.0 * 1.1 {
                failures.push(format!(
                    "case {case} {s}: {goal} with --max-memory {mib} peaked at {} MiB\n{src}",
                    m.peak_kib / 1024
                ));
            }
        }
    }
    drop(tmp);
    println!(
        "{cases} cases x {} strategies: worst overshoot of --timeout {:.3} s, worst peak RSS {:.0}% of --max-memory",
        STRATEGIES.len(),
        worst_time,
        worst_mem * 100.0
    );
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
