//! `knot repl` driven through piped stdin (one input per line), and `knot query --explain`.

mod common;
use common::{stdout, TempFile};
use std::io::Write;
use std::process::{Command, Stdio};

fn repl(files: &[&str], input: &str) -> (i32, String) {
    let (code, out, _) = repl_both(files, input);
    (code, out)
}

/// Exit status, stdout and stderr (statistics go to stderr).
fn repl_both(files: &[&str], input: &str) -> (i32, String, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_knot"))
        .arg("repl")
        .args(files)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .env(
            "KNOT_HISTORY",
            std::env::temp_dir().join("knot-test-history"),
        )
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("knot runs");
    child
        .stdin
        .take()
        .unwrap()
        .write_all(input.as_bytes())
        .unwrap();
    let out = child.wait_with_output().unwrap();
    (
        out.status.code().unwrap_or(-1),
        stdout(&out),
        common::stderr(&out),
    )
}

#[test]
fn the_seed_session_shows_overflow_then_proof_then_the_cycle() {
    let (code, out) = repl(
        &["programs/link.rs"],
        ":strategy sld\nLink<MyWrapper<()>>: Debug\n:coinductive all\n:strategy slg\n\
         Link<MyWrapper<()>>: Debug\n:explain Link<MyWrapper<()>>: Debug\n:quit\n",
    );
    assert_eq!(code, 0, "{out}");
    let lines: Vec<&str> = out.lines().collect();
    let at = |needle: &str| {
        lines
            .iter()
            .position(|l| l.contains(needle))
            .unwrap_or_else(|| panic!("`{needle}` missing:\n{out}"))
    };
    // In order: loaded, sld overflows, coinduction on, slg proves it, the explanation shows the cycle.
    let loaded = at("% loaded programs/link.rs");
    let overflow = at("overflow: derivation depth limit");
    let co = at("% coinductive all");
    let proved = lines
        .iter()
        .skip(co)
        .position(|l| *l == "true.")
        .expect("true. after :coinductive all")
        + co;
    let cycle = at("cycle: assumed to hold (coinductive)");
    assert!(
        loaded < overflow && overflow < co && co < proved && proved < cycle,
        "{out}"
    );
    assert!(
        out.contains("impl `Link<W>: Debug` (programs/link.rs:19:1)"),
        "{out}"
    );
}

#[test]
fn every_command_works() {
    let pl = TempFile::new("repl_tc.pl", ":- table path/2.\npath(X, Y) :- edge(X, Y).\npath(X, Y) :- path(X, Z), edge(Z, Y).\nedge(1, 2). edge(2, 3).\n");
    let input = format!(
        ":help\n:load {}\n?- path(1, X).\npath(3, X)\n:stats\n:limits\n:lower edge\n:strategy recursive\n\
         path(1, 3).\n:strategy nonsense\n:reload\n:coinductive none\n:explain path(1, 3)\n:bogus\n:quit\nedge(9, 9)\n",
        pl.path()
    );
    let (code, out) = repl(&[], &input);
    assert_eq!(code, 0, "{out}");
    for needle in [
        ":explain GOAL", // :help lists the commands
        "% loaded",
        "X = 2.",
        "X = 3.",
        "false.", // path(3, X)
        "% stats on",
        "max-depth",   // :limits
        "edge(1, 2).", // :lower edge
        "% strategy recursive",
        "true.", // path(1, 3). under recursive
        "unknown strategy `nonsense`",
        "% coinductive none",
        "explanation:",
        "unknown command `:bogus`",
    ] {
        assert!(out.contains(needle), "`{needle}` missing:\n{out}");
    }
    // :lower with a name shows only matching clauses.
    assert!(!out.contains(":- table path/2."), "{out}");
    // Nothing after :quit is read.
    assert!(!out.contains("edge(9, 9)"), "{out}");
}

#[test]
fn a_bad_line_is_reported_and_the_next_one_answered() {
    let (code, out) = repl(
        &["programs/vec_clone.rs"],
        "this is not a goal ((\nVec<Bar>: Clone\nVec<Foo>: Clone\n:load no/such/file.rs\nVec<Bar>: Clone\n",
    );
    assert_eq!(code, 0, "{out}");
    assert!(out.contains("syntax error"), "{out}");
    assert_eq!(out.matches("true.").count(), 2, "{out}");
    assert!(out.contains("false."), "{out}");
    assert!(out.contains("no/such/file.rs"), "{out}");
    // The goal after a failed :load still goes to the program loaded before, and the REPL says so.
    assert!(
        out.contains("% programs/vec_clone.rs is still loaded"),
        "{out}"
    );
}

#[test]
fn without_a_file_goals_are_answered_and_reload_says_no_file() {
    let (code, out) = repl(&[], "X is 2+2.\nmember(X, [a]).\n:reload\n");
    assert_eq!(code, 0);
    assert!(out.contains("X = 4."), "{out}");
    assert!(out.contains("X = a."), "{out}");
    assert_eq!(out.matches("no file loaded").count(), 1, "{out}");
}

#[test]
fn help_goal_prints_the_help() {
    let (code, out) = repl(&[], "help.\n");
    assert_eq!(code, 0);
    assert!(out.contains("halt.") && out.contains(":load FILE"), "{out}");
}

#[test]
fn user_clauses_are_read_until_end_of_file() {
    let (code, out) = repl(
        &[],
        "[user].\np(1).\np(2).\ngreet --> [hi], name.\nname --> [bob].\nend_of_file.\np(X).\nphrase(greet, L).\n",
    );
    assert_eq!(code, 0);
    assert!(out.contains("X = 1.\nX = 2."), "{out}");
    assert!(out.contains("L = [hi, bob]."), "{out}");
    // Clauses typed after a file are added to it; the end of the input ends them too.
    let (code, out) = repl(
        &["tests/repl_golden/edges.pl"],
        "[user].\nlink(X, Y) :- edge(X, Y).\nend_of_file.\nlink(a, X).\n[user].\nq(1).\n",
    );
    assert_eq!(code, 0);
    assert!(out.contains("X = b."), "{out}");
}

#[test]
fn consulting_a_file_finds_it_without_its_extension() {
    let (code, out) = repl(&[], "[tests/repl_golden/edges].\nedge(a, X).\n");
    assert_eq!(code, 0);
    assert!(out.contains("% loaded tests/repl_golden/edges.pl"), "{out}");
    assert!(out.contains("X = b."), "{out}");
}

/// `knot repl` on a pseudo-terminal: keys step through answers, the last answer ends with `.`
/// without waiting for a key, and an uncaught error is printed as when piped.
#[test]
fn on_a_terminal_the_last_answer_ends_at_once_and_errors_are_printed() {
    use std::io::Read;
    use std::os::fd::FromRawFd;
    let (mut master, mut slave) = (0, 0);
    // SAFETY: openpty fills two descriptors, owned by the files made from them below.
    let ok = unsafe {
        libc::openpty(
            &mut master,
            &mut slave,
            std::ptr::null_mut(),
            std::ptr::null(),
            std::ptr::null(),
        )
    };
    assert_eq!(ok, 0, "openpty");
    // SAFETY: both descriptors are open and owned by nothing else.
    let (mut m, s) = unsafe {
        (
            std::fs::File::from_raw_fd(master),
            std::fs::File::from_raw_fd(slave),
        )
    };
    let mut child = Command::new(env!("CARGO_BIN_EXE_knot"))
        .arg("repl")
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .env(
            "KNOT_HISTORY",
            std::env::temp_dir().join("knot-test-history-pty"),
        )
        .env("TERM", "dumb")
        .stdin(Stdio::from(s.try_clone().unwrap()))
        .stdout(Stdio::from(s.try_clone().unwrap()))
        .stderr(Stdio::from(s))
        .spawn()
        .expect("knot runs");
    let mut reader = m.try_clone().unwrap();
    let collected = std::thread::spawn(move || {
        let mut all = Vec::new();
        let mut buf = [0u8; 4096];
        while let Ok(n) = reader.read(&mut buf) {
            if n == 0 {
                break;
            }
            all.extend_from_slice(&buf[..n]);
        }
        String::from_utf8_lossy(&all).into_owned()
    });
    let pause = || std::thread::sleep(std::time::Duration::from_millis(400));
    pause();
    for input in [
        "X is 2+2.\r",
        "member(Y, [a,b]).\r",
        ";",
        "atom_length(A, B).\r",
        "halt.\r",
    ] {
        m.write_all(input.as_bytes()).unwrap();
        pause();
    }
    let status = child.wait().unwrap();
    drop(m);
    let out = collected.join().unwrap();
    assert!(status.success(), "{out}");
    assert!(out.contains("X = 4."), "{out}");
    assert!(out.contains("Y = a ;"), "{out}");
    assert!(out.contains("Y = b."), "{out}");
    assert!(out.contains("instantiation"), "{out}");
    assert!(!out.contains("false."), "{out}");
}

#[test]
fn explain_names_the_impl_the_failed_where_clause_and_the_missing_impl() {
    let out = Command::new(env!("CARGO_BIN_EXE_knot"))
        .args([
            "query",
            "programs/vec_clone.rs",
            "--goal",
            "Vec<Foo>: Clone",
            "--explain-full",
        ])
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .unwrap();
    let text = stdout(&out);
    assert!(text.starts_with("false."), "{text}");
    assert!(
        text.contains("impl `Vec<T>: Clone` (programs/vec_clone.rs:9:1): where-clause `Foo: Clone` has no solution"),
        "{text}"
    );
    assert!(text.contains("no impl of `Clone` matches `Foo`"), "{text}");
    assert!(
        text.contains("`Bar: Clone` does not unify with `Vec<Foo>: Clone`"),
        "{text}"
    );
}

#[test]
fn explain_as_dot_is_a_graphviz_digraph() {
    let out = Command::new(env!("CARGO_BIN_EXE_knot"))
        .args([
            "query",
            "programs/vec_clone.rs",
            "--goal",
            "Vec<Bar>: Clone",
            "--explain",
            "--format",
            "dot",
        ])
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .unwrap();
    let text = stdout(&out);
    assert!(text.starts_with("digraph proof {"), "{text}");
    assert!(text.trim_end().ends_with('}'), "{text}");
    assert!(text.contains("n0 -> n1;"), "{text}");
    assert!(text.contains("Vec<Bar>: Clone — holds"), "{text}");
}

/// std implements `Debug`, `PartialEq`, `Hash` ... for every function pointer through one blanket
/// impl each (`impl<F: FnPtr> Debug for F`), which every other type fails. An explanation names the
/// goal the user asked about, not that blanket impl's `S: FnPtr`.
#[test]
fn explain_passes_over_the_function_pointer_impls() {
    let file = TempFile::new(
        "fnptr.rs",
        "struct S;\nstruct W<T>(T);\nimpl<T: std::fmt::Debug> std::fmt::Debug for W<T> {\n    \
         fn fmt(&self, _: &mut std::fmt::Formatter) -> std::fmt::Result { Ok(()) }\n}\n",
    );
    let ask = |goal: &str| {
        let out = Command::new(env!("CARGO_BIN_EXE_knot"))
            .args(["query", file.path(), "--goal", goal, "--explain"])
            .output()
            .unwrap();
        stdout(&out)
    };
    let text = ask("W<S>: Debug");
    assert!(text.starts_with("false."), "{text}");
    assert!(
        text.contains("cause: `S: Debug` does not hold: no impl applies"),
        "{text}"
    );
    assert!(
        text.contains("required for `W<S>: Debug` by impl `W<T>: Debug`"),
        "{text}"
    );
    assert!(
        !text.contains("FnPtr") && !text.contains("more candidate"),
        "{text}"
    );
    let text = ask("W<fn(u8) -> u8>: Debug");
    assert!(text.starts_with("true."), "{text}");
}

#[test]
fn explain_reports_an_inductive_cycle() {
    let out = Command::new(env!("CARGO_BIN_EXE_knot"))
        .args([
            "query",
            "programs/link.rs",
            "--goal",
            "Link<MyWrapper>: Debug",
            "--explain",
        ])
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .unwrap();
    let text = stdout(&out);
    assert!(text.contains("(an inductive cycle)"), "{text}");
    let full = Command::new(env!("CARGO_BIN_EXE_knot"))
        .args([
            "query",
            "programs/link.rs",
            "--goal",
            "Link<MyWrapper>: Debug",
            "--explain-full",
        ])
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .unwrap();
    let text = stdout(&full);
    assert!(text.contains("cycle: inductive, rejected"), "{text}");
}

#[test]
fn the_repl_reuses_completed_results_across_goals() {
    let (code, _, out) = repl_both(
        &["programs/vec_clone.rs"],
        ":strategy recursive\n:stats\nVec<Bar>: Clone\nVec<Bar>: Clone\n",
    );
    assert_eq!(code, 0, "{out}");
    let stats: Vec<&str> = out.lines().filter(|l| l.starts_with("% stats:")).collect();
    assert_eq!(stats.len(), 2, "{out}");
    assert!(!stats[0].contains("tables 0,"), "{out}");
    // The second time the goal comes from the global cache: no table is built again.
    assert!(
        stats[1].contains("tables 0,") && stats[1].contains("cache hits 1"),
        "{out}"
    );
}

/// `asserta/1` and `retract/1` rebuild the clause list; the program keeps what it was loaded with:
/// a clause program still raises an existence error for an undefined predicate afterwards (it
/// failed quietly before), and a lowered program still defers a floundering negation.
#[test]
fn asserta_and_retract_keep_the_programs_flags() {
    let f = TempFile::new("flags.pl", "p(1).\nr :- zz.\n");
    let (code, out) = repl(
        &[f.path()],
        "r.\nasserta(p(0)).\nr.\nretract(p(1)).\nr.\np(X).\n",
    );
    assert_eq!(code, 0, "{out}");
    assert_eq!(
        out.matches("existence_error(procedure,zz/0)").count(),
        3,
        "{out}"
    );
    assert!(out.contains("X = 0"), "{out}");
    assert!(!out.contains("X = 1"), "{out}");
}
