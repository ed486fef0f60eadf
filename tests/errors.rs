//! Bad inputs: each must give a located, specific error (never a panic), through the library and through
//! the `knot` binary (exit status 2).

mod common;
use common::{stderr, stdout, TempFile};
use knot::{Engine, Error};
use std::process::{Command, Output};

fn load_err(src: &str) -> Error {
    match Engine::from_clauses("e.pl", src) {
        Ok(_) => panic!("expected an error loading {src:?}"),
        Err(e) => e,
    }
}

/// The `(line, col)` of a syntax error.
fn syntax_pos(e: &Error) -> (usize, usize) {
    match e {
        Error::Syntax { span, .. } => (span.line, span.col),
        other => panic!("expected a syntax error, got {other:?}"),
    }
}

fn engine(src: &str) -> Engine {
    Engine::from_clauses("t.pl", src).unwrap_or_else(|e| panic!("load failed: {e}"))
}

fn goal_err(e: &mut Engine, goal: &str) -> Error {
    match e.answers(goal) {
        Ok(a) => panic!("expected an error for goal {goal}, got {:?}", a.texts),
        Err(err) => err,
    }
}

fn knot_with_file(src: &str, args: &[&str]) -> Output {
    let f = TempFile::new("directive.pl", src);
    let mut all: Vec<&str> = args.to_vec();
    all.push(f.path());
    knot(&all)
}

fn knot(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_knot"))
        .args(args)
        .output()
        .expect("run knot")
}

/// Exit status 2, no panic, and stderr mentions every fragment.
fn assert_bad_input(o: &Output, fragments: &[&str]) {
    let err = stderr(o);
    assert_eq!(
        o.status.code(),
        Some(2),
        "exit status; stderr: {err}; stdout: {}",
        stdout(o)
    );
    assert!(!err.contains("panicked"), "knot panicked: {err}");
    for f in fragments {
        assert!(err.contains(f), "stderr lacks {f:?}: {err}");
    }
}

// ---------------------------------------------------------------------------------------------
// Syntax errors.

#[test]
fn missing_final_dot() {
    let e = load_err("p(a)");
    assert_eq!(syntax_pos(&e), (1, 5));
    let msg = e.to_string();
    assert!(msg.starts_with("e.pl:1:5: syntax error:"), "{msg}");
    assert!(msg.contains("`.` ending the clause"), "{msg}");
    assert!(msg.contains("found end of input"), "{msg}");
    assert_eq!(e.code(), "syntax::unexpected_token");

    // On a later line, after a good clause.
    let e = load_err("p(a).\nq(b)");
    assert_eq!(syntax_pos(&e), (2, 5));
    assert!(e.to_string().starts_with("e.pl:2:5:"), "{e}");

    // `.` must be followed by layout: `p(a).q(b).` is not two clauses.
    let e = load_err("p(a).q(b).\n");
    assert_eq!(syntax_pos(&e).0, 1);
}

#[test]
fn unbalanced_parenthesis() {
    let e = load_err("p(X :- q.\n");
    let msg = e.to_string();
    assert!(msg.starts_with("e.pl:1:"), "{msg}");
    assert_eq!(syntax_pos(&e), (1, 5));
    assert!(msg.contains("found `:`"), "{msg}");
    // The snippet shows the line and a caret under the column.
    assert!(msg.contains("  | p(X :- q.\n  |     ^"), "{msg}");

    let e = load_err("p(a)) .\n");
    assert_eq!(syntax_pos(&e), (1, 5));
    assert!(e.to_string().contains("found `)`"), "{e}");

    let e = load_err("ok.\nq([a, b).\n");
    assert_eq!(syntax_pos(&e).0, 2);
}

#[test]
fn unterminated_quoted_atom() {
    let e = load_err("p(a).\n\n  q('abc).\n");
    let msg = e.to_string();
    assert_eq!(syntax_pos(&e), (3, 5));
    assert!(
        msg.starts_with("e.pl:3:5: syntax error: unterminated quoted atom"),
        "{msg}"
    );
}

#[test]
fn unterminated_block_comment() {
    let e = load_err("p(a).\n/* never closed\nq(b).\n");
    assert_eq!(syntax_pos(&e), (2, 1));
    assert!(e.to_string().contains("unterminated block comment"), "{e}");
    // A `/*` inside a quoted atom is not a comment.
    let mut en = engine("p('/*').\n");
    assert_eq!(en.answers("p(X)").unwrap().solution_text, "X = '/*'.");
}

#[test]
fn columns_count_characters_not_bytes() {
    // `é` is two bytes; the column is in characters.
    let e = load_err("p('é', X :- q.\n");
    assert_eq!(syntax_pos(&e), (1, 10));
}

#[test]
fn goal_syntax_error_is_located_in_goal() {
    let mut e = engine("p(a).\n");
    let err = goal_err(&mut e, "p(X");
    assert!(
        err.to_string().starts_with("<goal>:1:4: syntax error"),
        "{err}"
    );
    let err = goal_err(&mut e, "p(X), , q");
    assert!(err.to_string().starts_with("<goal>:1:"), "{err}");
}

// ---------------------------------------------------------------------------------------------
// Load errors.

#[test]
fn variable_clause_head() {
    let e = load_err("p.\n  X :- p.\n");
    assert_eq!(e.code(), "load::bad_head");
    let msg = e.to_string();
    assert!(msg.starts_with("e.pl:2:3: load::bad_head:"), "{msg}");
    assert!(
        msg.contains("a clause head must be an atom or compound term"),
        "{msg}"
    );
}

#[test]
fn integer_clause_head() {
    let e = load_err("1 :- p.\n");
    assert_eq!(e.code(), "load::bad_head");
    let msg = e.to_string();
    assert!(msg.starts_with("e.pl:1:1:"), "{msg}");
    assert!(msg.contains("not `1`"), "{msg}");
    // A control construct is not a head either.
    let e = load_err("ok.\n(a, b) :- c.\n");
    assert_eq!(e.code(), "load::bad_head");
    assert!(e.to_string().starts_with("e.pl:2:1:"), "{e}");
}

#[test]
fn bad_directives() {
    // `table` needs a predicate indicator or a head (`:- table foo.` tables foo/0, as in SWI): a
    // syntax error pointing at `3`.
    let e = load_err(":- table 3.\n");
    assert_eq!(syntax_pos(&e), (1, 10));
    assert!(
        e.to_string().contains("a predicate indicator `name/arity`"),
        "{e}"
    );

    // Written as a term it parses, and loading rejects it.
    let e = load_err("p.\n:- table(3).\n");
    assert_eq!(e.code(), "load::bad_directive");
    let msg = e.to_string();
    assert!(msg.starts_with("e.pl:2:1: load::bad_directive:"), "{msg}");
    assert!(msg.contains("name/arity"), "{msg}");

    // Another directive is a goal SWI-Prolog would run while loading: knot loads the file and
    // warns (located) that it is not run.
    let out = knot_with_file(":- frobnicate(p/1).\np.\n", &["run"]);
    assert!(out.status.success());
    assert!(
        stderr(&out).contains(":1:1: warning: directive `frobnicate(p / 1)` is not run"),
        "{}",
        stderr(&out)
    );

    let e = load_err(":- table(p/(-1)).\n");
    assert_eq!(e.code(), "load::bad_directive");
}

#[test]
fn nesting_deeper_than_the_limit() {
    let n = knot::MAX_NESTING;
    let src = format!("p({}a{}).\n", "f(".repeat(n), ")".repeat(n));
    let e = load_err(&src);
    // Every bracket counts four levels in clause text: the (n/4+1)-th open parenthesis, at byte
    // 1 + 2(n/4), is refused.
    assert_eq!(syntax_pos(&e), (1, 2 * (n / 4) + 2));
    assert!(
        e.to_string()
            .contains(&format!("nesting deeper than {n} levels is not supported")),
        "{e}"
    );

    // In a goal, too.
    let mut en = engine("p(a).\n");
    let goal = format!("p({}a{})", "[".repeat(n + 5), "]".repeat(n + 5));
    let err = goal_err(&mut en, &goal);
    assert!(err.to_string().starts_with("<goal>:1:"), "{err}");
    assert!(err.to_string().contains("nesting deeper than"), "{err}");
}

// ---------------------------------------------------------------------------------------------
// Goal errors.

#[test]
fn unknown_predicate_in_goal() {
    let mut e = engine("p(a).\n");
    let err = goal_err(&mut e, "q(X)");
    assert_eq!(err.code(), "goal::unknown_predicate");
    assert_eq!(
        err.to_string(),
        "goal::unknown_predicate: unknown predicate q/1"
    );
    // Inside control constructs as well.
    let err = goal_err(&mut e, "p(X), (true ; \\+ r(X, Y))");
    assert_eq!(err.code(), "goal::unknown_predicate");
    assert!(err.to_string().contains("r/2"), "{err}");
    // A declared predicate without clauses is known (and false).
    let mut e = engine(":- dynamic q/1.\n");
    assert_eq!(e.answers("q(X)").unwrap().solution_text, "false.");
}

#[test]
fn arity_mismatch_in_goal() {
    let mut e = engine("p(a).\np(a, b).\n");
    let err = goal_err(&mut e, "p(X, Y, Z)");
    assert_eq!(err.code(), "goal::arity_mismatch");
    let msg = err.to_string();
    assert!(msg.contains("unknown predicate p/3"), "{msg}");
    assert!(msg.contains("the program defines p/1, p/2"), "{msg}");
}

#[test]
fn unknown_strategy() {
    let mut e = engine("p(a).\n").with_strategy("bfs");
    let err = goal_err(&mut e, "p(X)");
    assert_eq!(err.code(), "cli::strategy");
    assert!(err.to_string().contains("bfs"), "{err}");
}

#[test]
fn non_ground_negation_flounders() {
    let src = "p(a).\nr(b).\nq(X) :- \\+ p(X), r(X).\n";
    for s in ["sld", "slg"] {
        let mut e = engine(src).with_strategy(s);
        let a = e.answers("q(X)").unwrap();
        assert!(a.outcome.floundered, "{s}: expected floundering");
        assert!(
            a.solution_text.starts_with("ambiguous"),
            "{s}: {}",
            a.solution_text
        );
        // Binding X first makes the negation ground: no floundering.
        let a = e.answers("r(X), q(X)").unwrap();
        assert!(!a.outcome.floundered, "{s}");
        assert_eq!(a.solution_text, "X = b.", "{s}");
        // A variable that occurs only inside the negation is local to it: no floundering.
        let a = e.answers("\\+ p(_)").unwrap();
        assert!(!a.outcome.floundered, "{s}");
        assert_eq!(a.solution_text, "false.", "{s}");
    }
    // Through the binary: a warning on stdout, exit status 0 (the goal was answered).
    let f = TempFile::new("flounder.pl", src.as_bytes());
    let o = knot(&["query", f.path(), "--goal", "q(X)"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let out = stdout(&o);
    assert!(out.contains("% warning: floundered"), "{out}");
    assert!(out.starts_with("ambiguous"), "{out}");
    assert!(!stderr(&o).contains("panicked"));
}

// ---------------------------------------------------------------------------------------------
// Through the binary.

#[test]
fn binary_invalid_utf8() {
    let f = TempFile::new("bad_utf8.pl", b"p(a).\nq(\xff).\n");
    let o = knot(&["run", f.path()]);
    assert_bad_input(&o, &["not valid UTF-8", &format!("{}:2:3", f.path())]);
}

#[test]
fn binary_nonexistent_file() {
    let p = std::env::temp_dir().join("knot-no-such-dir-9f3a/missing.pl");
    let p = p.to_str().unwrap();
    let o = knot(&["run", p]);
    assert_bad_input(&o, &[p]);
    let o = knot(&["query", p, "--goal", "p(X)"]);
    assert_bad_input(&o, &[p]);
}

#[test]
fn binary_syntax_error() {
    let f = TempFile::new("syntax.pl", b"p(a).\np(X :- q.\n");
    let o = knot(&["run", f.path()]);
    assert_bad_input(
        &o,
        &[&format!("{}:2:5: syntax error", f.path()), "found `:`"],
    );
    // Into a pipe the error is one located line, printed once (a terminal gets the miette block).
    assert_eq!(stderr(&o).trim_end().lines().count(), 1, "{}", stderr(&o));
    // Nothing was answered.
    assert!(stdout(&o).is_empty(), "{}", stdout(&o));
}

#[test]
fn binary_unterminated_quote_and_comment() {
    let f = TempFile::new("quote.pl", b"p(a).\nq('abc).\n");
    assert_bad_input(
        &knot(&["run", f.path()]),
        &[&format!("{}:2:3", f.path()), "unterminated quoted atom"],
    );
    let f = TempFile::new("comment.pl", b"p(a). /* oops\n");
    assert_bad_input(
        &knot(&["run", f.path()]),
        &[&format!("{}:1:7", f.path()), "unterminated block comment"],
    );
}

#[test]
fn binary_bad_head_and_directive() {
    let f = TempFile::new("head.pl", b"X :- p.\n");
    assert_bad_input(
        &knot(&["run", f.path()]),
        &[&format!("{}:1:1: load::bad_head", f.path())],
    );
    let f = TempFile::new("dir.pl", b"p.\n:- table(3).\n");
    assert_bad_input(
        &knot(&["run", f.path()]),
        &[&format!("{}:2:1: load::bad_directive", f.path())],
    );
}

#[test]
fn binary_unknown_predicate_and_arity() {
    let f = TempFile::new("unknown.pl", b"p(a).\n");
    assert_bad_input(
        &knot(&["query", f.path(), "--goal", "q(X)"]),
        &["goal::unknown_predicate", "q/1"],
    );
    assert_bad_input(
        &knot(&["query", f.path(), "--goal", "p(X, Y)"]),
        &["goal::arity_mismatch", "the program defines p/1"],
    );
    // In a file's query, `run` reports the query's location on stdout and exits 2.
    let f = TempFile::new("unknown_q.pl", b"p(a).\n?- p(X).\n?- q(X).\n");
    let o = knot(&["run", f.path()]);
    assert_eq!(o.status.code(), Some(2));
    let out = stdout(&o);
    assert!(out.contains("X = a."), "{out}");
    assert!(
        out.contains(&format!("{}:3:1: error: goal::unknown_predicate", f.path())),
        "{out}"
    );
    assert!(!stderr(&o).contains("panicked"));
}

#[test]
fn binary_goal_syntax_error() {
    let f = TempFile::new("goal.pl", b"p(a).\n");
    assert_bad_input(
        &knot(&["query", f.path(), "--goal", "p(X"]),
        &["<goal>:1:4: syntax error"],
    );
}

#[test]
fn binary_nesting_limit() {
    let n = knot::MAX_NESTING;
    let deep = format!("p({}a{}).\n", "f(".repeat(n), ")".repeat(n));
    let f = TempFile::new("deep.pl", deep.as_bytes());
    assert_bad_input(
        &knot(&["run", f.path()]),
        &[
            // Every bracket counts four levels in clause text: the (n/4+1)-th one is refused.
            &format!("{}:1:{}", f.path(), 2 * (n / 4) + 2),
            "nesting deeper than",
        ],
    );
}

#[test]
fn binary_bad_arguments() {
    let f = TempFile::new("args.pl", b"p(a).\n");
    let o = knot(&["query", f.path(), "--goal", "p(X)", "--strategy", "bfs"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("bfs"), "{}", stderr(&o));
    let o = knot(&["query", f.path(), "--goal", "p(X)", "--all", "--count"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(!stderr(&o).contains("panicked"));
    let o = knot(&["query", f.path()]);
    assert_eq!(o.status.code(), Some(2), "missing --goal");
}

#[test]
fn binary_rust_file_with_unknown_type_is_located() {
    let f = TempFile::new("x.rs", b"struct A;\nimpl Clone for B {}\n");
    assert_bad_input(
        &knot(&["query", f.path(), "--goal", "A: Clone"]),
        &["lower::unknown_type", "x.rs:2:"],
    );
}
