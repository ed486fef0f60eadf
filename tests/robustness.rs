//! Regression tests for issue 22 (limits that hold, answers not made vague by a branch that fails
//! anyway, unsound corners) and issue 20 item 4 (an existential over the open type universe answers
//! Ambiguous at once), with every strategy. The inputs are the small files of `tests/data/adversarial/`.

use std::process::Command;
use std::time::{Duration, Instant};

const STRATEGIES: [&str; 3] = ["slg", "recursive", "sld"];

fn data(name: &str) -> String {
    format!(
        "{}/tests/data/adversarial/{name}",
        env!("CARGO_MANIFEST_DIR")
    )
}

/// Run `knot query FILE --goal GOAL ARGS..`; the first line of stdout and the wall time.
fn query(file: &str, goal: &str, args: &[&str]) -> (String, Duration) {
    let t = Instant::now();
    let out = Command::new(env!("CARGO_BIN_EXE_knot"))
        .arg("query")
        .arg(data(file))
        .args(["--goal", goal])
        .args(args)
        .output()
        .expect("knot runs");
    let text = String::from_utf8_lossy(&out.stdout);
    (text.lines().next().unwrap_or("").to_string(), t.elapsed())
}

#[test]
fn an_if_then_else_on_a_negation_is_decided_as_in_prolog() {
    for s in STRATEGIES {
        let (o, _) = query("ite_negation.pl", "p", &["--strategy", s]);
        assert_eq!(o, "false.", "{s}");
    }
}

#[test]
fn answer_sets_that_cannot_be_listed_end_ambiguous_within_the_timeout() {
    for (file, goal) in [
        ("h1.chalk", "exists<V> { V: Tc }"),
        ("h2.chalk", "exists<V> { V: Ta }"),
        ("h3.chalk", "exists<V> { V: Tf }"),
    ] {
        for s in STRATEGIES {
            let (o, t) = query(
                file,
                goal,
                &["--strategy", s, "--format", "chalk", "--timeout", "3"],
            );
            assert!(o.starts_with("Ambiguous"), "{s}: {goal}: {o}");
            assert!(t < Duration::from_millis(3800), "{s}: {goal} took {t:?}");
        }
    }
}

#[test]
fn a_shared_answer_term_is_not_walked_as_a_tree() {
    // `fib(X, Y) :- fib(Y, f(X, Y)).` binds terms of Fibonacci size as a DAG: the occurs check is
    // linear in its distinct nodes, so the timeout is what ends the search.
    let (o, t) = query("fib.pl", "fib(A, B)", &["--timeout", "2"]);
    assert!(o.starts_with("overflow"), "{o}");
    assert!(t < Duration::from_millis(2800), "took {t:?}");
}

#[test]
fn the_memory_budget_bounds_the_whole_search() {
    for s in ["slg", "recursive"] {
        let (o, t) = query(
            "list.rs",
            "List<u8>: Send",
            // (Past its default depth `recursive` calls the goal undecided: the depth lifted,
            // the memory budget is what ends the search.)
            &[
                "--strategy",
                s,
                "--max-memory",
                "256",
                "--max-depth",
                "1000000",
                "--timeout",
                "60",
            ],
        );
        assert!(o.starts_with("overflow"), "{s}: {o}");
        assert!(t < Duration::from_secs(60), "{s}: took {t:?}");
    }
}

#[test]
fn a_conjunction_with_a_definitely_failing_member_fails() {
    // `S<S<A>>: Tg` grows past the term-depth limit (undecided), but `A: Td` fails for certain. Under
    // `recursive` the undecided call's taint travels with the goal's result, not the whole search.
    for s in ["slg", "recursive"] {
        for depth in ["50", "100000"] {
            let (o, _) = query(
                "c1.chalk",
                "S<A>: Tg",
                &[
                    "--strategy",
                    s,
                    "--format",
                    "chalk",
                    "--max-term-depth",
                    depth,
                ],
            );
            assert_eq!(o, "No possible solution", "{s}, depth {depth}");
        }
    }
}

#[test]
fn an_undecided_subgoal_still_makes_a_success_ambiguous() {
    // The other half of the taint: when nothing fails after it, the answer is only possible.
    for s in ["slg", "recursive"] {
        let (o, _) = query(
            "c1_maybe.chalk",
            "S<A>: Tg",
            &[
                "--strategy",
                s,
                "--format",
                "chalk",
                "--max-term-depth",
                "50",
            ],
        );
        assert!(o.starts_with("Ambiguous"), "{s}: {o}");
    }
}

#[test]
fn the_rigid_alias_does_not_compete_with_a_normal_form_under_recursive() {
    // chalk: the placeholder clause of `AliasEq` has low priority in the recursive solver; its SLG
    // solver gives both answers.
    let (o, _) = query(
        "c2.chalk",
        "exists<W> { <S0 as Te>::Out = W }",
        &["--strategy", "recursive", "--format", "chalk"],
    );
    assert_eq!(o, "Unique; substitution [?0 := S1]");
    let (o, _) = query(
        "c2.chalk",
        "exists<W> { <S0 as Te>::Out = W }",
        &["--strategy", "slg", "--format", "chalk"],
    );
    assert_eq!(o, "Ambiguous; no inference guidance");
    // Without an impl the rigid alias is the answer.
    let (o, _) = query(
        "c2.chalk",
        "forall<T> { exists<W> { <T as Te>::Out = W } }",
        &["--strategy", "recursive", "--format", "chalk"],
    );
    assert_eq!(o, "Unique; substitution [?0 := (Te::Out)<!1_0>]");
}

#[test]
fn a_fallback_clause_yields_to_one_that_answers_for_the_same_input() {
    // `'$fallback'` in a `.pl` file: the default answer is dropped under `recursive` only where
    // another clause answers for the same first argument.
    let out = Command::new(env!("CARGO_BIN_EXE_knot"))
        .arg("query")
        .arg(data("fallback.pl"))
        .args(["--goal", "d(K, V)", "--strategy", "recursive", "--all"])
        .output()
        .expect("knot runs");
    assert_eq!(
        String::from_utf8_lossy(&out.stdout),
        "K = a, V = 1.\nK = b, V = default.\n"
    );
    let (o, _) = query("fallback.pl", "d(a, V)", &["--strategy", "recursive"]);
    assert_eq!(o, "V = 1.");
    let (o, _) = query("fallback.pl", "d(b, V)", &["--strategy", "recursive"]);
    assert_eq!(o, "V = default.");
}

#[test]
fn an_existential_inside_not_is_not_reported() {
    for s in STRATEGIES {
        let (o, _) = query(
            "d1.chalk",
            "not { exists<V> { V: Tr } }",
            &["--strategy", s, "--format", "chalk"],
        );
        assert_eq!(o, "No possible solution", "{s}");
    }
}

#[test]
fn a_dyn_binding_must_satisfy_the_associated_type_bounds() {
    for s in STRATEGIES {
        let (o, _) = query("dyn.rs", "dyn Mark<Elem = u8>: Mark", &["--strategy", s]);
        assert_eq!(o, "false.", "{s}");
    }
}

#[test]
fn derives_expand_as_rustc_does() {
    for s in STRATEGIES {
        let a = ["--strategy", s];
        assert_eq!(query("derive.rs", "P: PartialEq", &a).0, "true.", "{s}");
        assert_eq!(query("derive.rs", "P: PartialEq<P>", &a).0, "true.", "{s}");
        // Default on an enum: the unit #[default] variant, no bound on T.
        assert_eq!(
            query("derive.rs", "E<NoDefault>: Default", &a).0,
            "true.",
            "{s}"
        );
        // PartialEq keeps its bound on T.
        assert_eq!(
            query("derive.rs", "E<NoDefault>: PartialEq", &a).0,
            "false.",
            "{s}"
        );
        assert_eq!(
            query("derive.rs", "E<u32>: PartialEq", &a).0,
            "true.",
            "{s}"
        );
    }
}

#[test]
fn self_assoc_in_a_trait_is_its_own_item() {
    for s in STRATEGIES {
        let (o, _) = query("selfkey.rs", "u8: Shape", &["--strategy", s]);
        assert_eq!(o, "true.", "{s}");
    }
}

#[test]
fn an_unknown_self_type_in_rust_is_ambiguous_at_once() {
    for s in STRATEGIES {
        let (o, t) = query("tiny.rs", "exists<T> { T: Clone }", &["--strategy", s]);
        assert_eq!(o, "ambiguous.", "{s}");
        assert!(t < Duration::from_secs(1), "{s}: took {t:?}");
        let (o, _) = query(
            "tiny.rs",
            "exists<T> { T: Clone, T = Foo }",
            &["--strategy", s],
        );
        assert_eq!(o, "T = Foo.", "{s}");
    }
}

// ---------------------------------------------------------------------------------------------
// Issue 50: limits inside every step (one built-in that would loop or allocate past the budget).

/// Run `knot ARGS..`: stdout and stderr together, whether it exited with status 0, the wall time.
fn knot_all(args: &[&str]) -> (String, bool, Duration) {
    let t = Instant::now();
    let out = Command::new(env!("CARGO_BIN_EXE_knot"))
        .args(args)
        .stdin(std::process::Stdio::null())
        .output()
        .expect("knot runs");
    // Ended by itself: no signal (an abort on stack overflow is SIGABRT).
    assert!(out.status.code().is_some(), "{args:?}: {:?}", out.status);
    let mut text = String::from_utf8_lossy(&out.stdout).into_owned();
    text.push_str(&String::from_utf8_lossy(&out.stderr));
    (text, out.status.success(), t.elapsed())
}

/// A scratch directory of its own for a test's generated inputs.
fn scratch(name: &str) -> std::path::PathBuf {
    let d = std::env::temp_dir().join(format!("knot-robustness-{}-{name}", std::process::id()));
    std::fs::create_dir_all(&d).expect("scratch directory");
    d
}

#[test]
fn a_cyclic_list_is_no_list_to_the_list_built_ins() {
    let f = data("atom_doubling.pl");
    let run = |goal: &str| {
        let (o, _, t) = knot_all(&[
            "query",
            &f,
            "--goal",
            goal,
            "--no-occurs-check",
            "--timeout",
            "10",
            "--max-memory",
            "300",
        ]);
        assert!(t < Duration::from_secs(5), "{goal}: took {t:?}");
        o
    };
    // SWI-Prolog 9: is_list/1 fails, sort/2 sorts the cells' elements, the others raise
    // type_error(list, _).
    assert_eq!(run("X = [a|X], is_list(X)").trim(), "false.");
    assert!(run("X = [b, a|X], sort(X, L)").contains("L = [a, b]"));
    assert_eq!(run("X = [a, b|X], is_list(X)").trim(), "false.");
    for goal in [
        "X = [a|X], msort(X, L)",
        "X = [b, a|X], sort(0, @>=, X, L)",
        "X = [a|X], length(X, N)",
        "X = [a|X], length(X, 3)",
        "X = [a|X], atom_chars(A, X)",
        "X = [97|X], atom_codes(A, X)",
        "X = [97|X], string_codes(S, X)",
        "X = [a|X], atomic_list_concat(X, A)",
        "X = [a|X], atomic_list_concat(X, '-', A)",
        "X = [f|X], T =.. X",
    ] {
        let o = run(goal);
        assert!(o.contains("type_error(list,"), "{goal}: {o}");
    }
}

#[test]
fn length_of_a_partial_or_improper_list_is_checked_in_linear_time() {
    let f = data("atom_doubling.pl");
    let run = |goal: &str| {
        let (o, _, t) = knot_all(&["query", &f, "--goal", goal, "--timeout", "10"]);
        (o.lines().next().unwrap_or("").to_string(), t)
    };
    // 50,000 unbound elements: quadratic, this took a minute.
    let (o, t) = run("length(L, 50000), length(L, N)");
    assert!(o.ends_with("N = 50000."), "{o}");
    assert!(t < Duration::from_secs(5), "took {t:?}");
    // SWI-Prolog's answers.
    assert_eq!(run("length([a, b|T], 1)").0, "false.");
    assert_eq!(run("length([a, b|T], 3)").0, "T = [_A].");
    assert!(run("length(foo, N)").0.contains("type_error(list,foo)"));
    assert!(run("length([a|b], N)").0.contains("type_error(list,[a|b])"));
    assert!(run("length([a], 2)").0 == "false.");
}

#[test]
fn text_builders_ask_the_memory_budget_before_building() {
    let f = data("atom_doubling.pl");
    for goal in [
        "dbl(a, 33, B), atom_length(B, L)",
        "sdbl(\"a\", 33, B), string_length(B, L)",
    ] {
        let (o, _, t) = knot_all(&[
            "query",
            &f,
            "--goal",
            goal,
            "--max-memory",
            "500",
            "--timeout",
            "20",
            "--stats",
        ]);
        assert!(o.contains("memory budget of 500 MiB"), "{goal}: {o}");
        assert!(t < Duration::from_secs(10), "{goal}: took {t:?}");
        // `--stats` reports the peak resident set: within the budget (2^33 bytes were asked for).
        let peak: f64 = o
            .lines()
            .find_map(|l| l.strip_prefix("% peak memory: "))
            .and_then(|l| l.split_whitespace().next())
            .and_then(|n| n.parse().ok())
            .expect("peak memory line");
        assert!(peak <= 550.0, "{goal}: peak {peak} MiB");
    }
    // tab/1 of three billion spaces: written in chunks, stopped by a limit, not built whole.
    let (o, _, t) = knot_all(&[
        "query",
        &f,
        "--goal",
        "tab(3000000000)",
        "--max-memory",
        "100",
        "--timeout",
        "3",
    ]);
    assert!(t < Duration::from_secs(6), "tab: took {t:?}");
    let end = &o[o.len().saturating_sub(300)..];
    assert!(
        end.contains("memory budget of 100 MiB") || end.contains("timeout"),
        "tab: {end}"
    );
    // format/2's column count past the limit: resource_error, as nothing is built.
    let (o, _, _) = knot_all(&["query", &f, "--goal", "format(\"~*c\", [3000000000, 120])"]);
    assert!(o.contains("resource_error(memory)"), "{o}");
    assert!(o.contains("Not enough resources: memory"), "{o}");
}

#[test]
fn files_that_never_end_are_refused_at_once() {
    let (o, ok, t) = knot_all(&["query", "/dev/zero", "--goal", "p(X)", "--timeout", "5"]);
    assert!(!ok && o.contains("/dev/zero: not a regular file"), "{o}");
    assert!(t < Duration::from_secs(2), "took {t:?}");
    let d = scratch("fifo");
    let dir = d.to_str().expect("utf-8 path").to_string();
    let (o, ok, _) = knot_all(&["query", &dir, "--goal", "p(X)"]);
    assert!(!ok && o.contains("not a regular file (a directory)"), "{o}");
    let fifo = d.join("fifo.pl");
    let _ = std::fs::remove_file(&fifo);
    let made = Command::new("mkfifo").arg(&fifo).status();
    if made.is_ok_and(|s| s.success()) {
        let path = fifo.to_str().expect("utf-8 path");
        let (o, ok, t) = knot_all(&["query", path, "--goal", "p(X)", "--timeout", "5"]);
        assert!(
            !ok && o.contains("fifo.pl: not a regular file (a FIFO)"),
            "{o}"
        );
        assert!(t < Duration::from_secs(2), "took {t:?}");
    }
    let _ = std::fs::remove_dir_all(&d);
}

#[test]
fn a_datalog_cross_product_stops_at_the_memory_budget() {
    let d = scratch("cross");
    let f = d.join("cross.pl");
    let mut src = String::from(":- table r/2.\nr(X, Y) :- e(X), e(Y).\n");
    for i in 0..100_000 {
        src.push_str(&format!("e({i}).\n"));
    }
    std::fs::write(&f, src).expect("write the program");
    let path = f.to_str().expect("utf-8 path");
    let (o, _, _) = knot_all(&[
        "query",
        path,
        "--goal",
        "r(X, Y)",
        "--count",
        "--max-memory",
        "200",
        "--timeout",
        "60",
        "--stats",
    ]);
    assert!(o.contains("memory budget of 200 MiB"), "{o}");
    let peak: f64 = o
        .lines()
        .find_map(|l| l.strip_prefix("% peak memory: "))
        .and_then(|l| l.split_whitespace().next())
        .and_then(|n| n.parse().ok())
        .expect("peak memory line");
    assert!(peak <= 220.0, "peak {peak} MiB");
    let _ = std::fs::remove_dir_all(&d);
}

#[test]
fn deep_parentheses_are_a_located_error_not_a_stack_overflow() {
    let d = scratch("nesting");
    let n = 130_000;
    let f = d.join("nest.pl");
    let deep = format!("{}a{}", "(".repeat(n), ")".repeat(n));
    std::fs::write(&f, format!("p({deep}).\n")).expect("write the program");
    let path = f.to_str().expect("utf-8 path");
    let (o, ok, _) = knot_all(&["query", path, "--goal", "true"]);
    assert!(!ok, "{o}");
    assert!(o.contains(&format!("{path}:1:")), "{o}");
    assert!(o.contains("nesting deeper than"), "{o}");
    // In a goal, too (60,000 of them: an argument is at most 128 KiB).
    std::fs::write(&f, "p(a).\n").expect("write the program");
    let n = 60_000;
    let deep = format!("{}a{}", "(".repeat(n), ")".repeat(n));
    let (o, ok, _) = knot_all(&["query", path, "--goal", &format!("X = {deep}")]);
    assert!(
        !ok && o.contains("<goal>:1:") && o.contains("nesting deeper than"),
        "{o}"
    );
    // Within the limit they are read.
    let n = 45_000;
    for (open, close) in [("(", ")"), ("[", "]"), ("a-(", ")")] {
        let text = format!("p({}a{}).\n", open.repeat(n), close.repeat(n));
        std::fs::write(&f, text).expect("write the program");
        let (o, _, _) = knot_all(&["query", path, "--goal", "p(_)"]);
        assert_eq!(o.trim(), "true.", "{open}");
    }
    let _ = std::fs::remove_dir_all(&d);
}
