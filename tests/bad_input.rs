//! A catalogue of bad inputs (issue "Reliability", item 3). Each entry is a small file under
//! `tests/bad/` (or bytes written at run time, for invalid UTF-8) together with the command that
//! reads it and the *exact* outcome: a load or parse error located at `FILE:LINE:COL` (or
//! `<goal>:LINE:COL`) with a specific message and exit status 2, or, for goals that load but cannot
//! terminate or are undecidable, the exact answer (`overflow: ...` naming the limit, `false.`,
//! `ambiguous.` with its warning) and exit status 0. Every entry is also fed to one `knot repl`
//! session, which must survive them all. `tests/errors.rs` holds the earlier error tests; the cases
//! here do not repeat them.
//!
//! Known bugs are at the end, `#[ignore]`d with the command that reproduces them.

mod common;
use common::{stderr, stdout, TempFile};
use std::io::{Read, Write};
use std::process::{Child, Command, Output, Stdio};
use std::time::{Duration, Instant};

/// Where the committed inputs live.
const DIR: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/bad");

/// Where the input comes from.
#[derive(Clone, Copy)]
enum Input {
    /// A file under `tests/bad/`.
    File(&'static str),
    /// Bytes written by the test into a temporary file of this name (invalid UTF-8 and NUL bytes are
    /// not committed).
    Bytes(&'static str, &'static [u8]),
}

/// What is asked of the input.
#[derive(Clone, Copy)]
enum Cmd {
    /// `knot run FILE`: answer the file's `?-` queries.
    Run,
    /// `knot query FILE --goal G`.
    Query(&'static str),
}

/// What knot must answer.
#[derive(Clone, Copy)]
enum Expect {
    /// Exit 2, nothing on stdout, and the first line of stderr starts with `FILE:LINE:COL: ` and
    /// contains every fragment.
    InFile(usize, usize, &'static [&'static str]),
    /// As `InFile`, located in the goal text: `<goal>:LINE:COL: `.
    InGoal(usize, usize, &'static [&'static str]),
    /// Exit 2; the first line of stderr is exactly this (goal errors that have no position).
    Unlocated(&'static str),
    /// `knot run`: exit 2 and the failing query is reported on stdout as `FILE:LINE:COL: error: ...`
    /// with every fragment.
    QueryFails(usize, usize, &'static [&'static str]),
    /// Exit 0 and stdout is exactly this.
    Answer(&'static str),
}

struct Case {
    /// The name of the test (and of the entry).
    name: &'static str,
    input: Input,
    cmd: Cmd,
    /// More command-line flags (strategy, limits, ...).
    flags: &'static [&'static str],
    expect: Expect,
    /// The goal typed into the REPL after `:load` (default: the `--goal`).
    repl_goal: Option<&'static str>,
    /// Text the REPL must print for this entry (default: derived from `expect`). The REPL lists every
    /// answer of a clause goal (as `--all` does) and runs under the limits of [`REPL_LIMITS`].
    repl: Option<&'static str>,
}

const BASE: Case = Case {
    name: "",
    input: Input::File(""),
    cmd: Cmd::Run,
    flags: &[],
    expect: Expect::Answer(""),
    repl_goal: None,
    repl: None,
};

/// The limits the REPL session runs under (the REPL cannot change limits per goal).
const REPL_LIMITS: &[&str] = &[
    "--max-depth",
    "1000",
    "--max-term-depth",
    "200",
    "--max-tables",
    "100",
    "--max-answers",
    "1000",
    "--timeout",
    "5",
];

const FLOUNDERED: &str = "% warning: floundered: a goal was reached whose answers cannot be listed (a negation `\\+ G` or arithmetic with G not ground, or a non-enumerable goal such as `?T: Send` with its type unknown); that branch was not explored";

static CATALOGUE: &[Case] = &[
    // -----------------------------------------------------------------------------------------
    // The clause language: clauses and rule bodies.
    Case {
        name: "clause_without_dot",
        input: Input::File("clause_without_dot.pl"),
        expect: Expect::InFile(
            2,
            1,
            &["syntax error: expected `,` or `.` ending the clause", "found `q`"],
        ),
        repl_goal: Some("q(X)"),
        ..BASE
    },
    Case {
        name: "rule_empty_body",
        input: Input::File("rule_empty_body.pl"),
        expect: Expect::InFile(1, 9, &["syntax error: expected a term; found `.`"]),
        repl_goal: Some("p(a)"),
        ..BASE
    },
    Case {
        name: "rule_trailing_comma",
        input: Input::File("rule_trailing_comma.pl"),
        expect: Expect::InFile(1, 14, &["expected a term; found `.`"]),
        repl_goal: Some("p(a)"),
        ..BASE
    },
    Case {
        name: "rule_missing_comma",
        input: Input::File("rule_missing_comma.pl"),
        expect: Expect::InFile(1, 14, &["expected `,` or `.` ending the clause", "found `q`"]),
        repl_goal: Some("p(a)"),
        ..BASE
    },
    Case {
        name: "rule_double_neck",
        input: Input::File("rule_double_neck.pl"),
        expect: Expect::InFile(1, 8, &["syntax error", "found `:`"]),
        repl_goal: Some("a"),
        ..BASE
    },
    Case {
        name: "head_negation",
        input: Input::File("head_negation.pl"),
        expect: Expect::InFile(
            1,
            1,
            &["load::bad_head: a clause head must be an atom or compound term, not `\\+ p`"],
        ),
        repl_goal: Some("p"),
        ..BASE
    },
    Case {
        name: "head_clause",
        input: Input::File("head_clause.pl"),
        expect: Expect::InFile(1, 1, &["load::bad_head", "not `(a :- b)`"]),
        repl_goal: Some("c"),
        ..BASE
    },
    Case {
        name: "variable_functor",
        input: Input::File("variable_functor.pl"),
        expect: Expect::InFile(1, 2, &["syntax error", "found `(`"]),
        repl_goal: Some("p(a)"),
        ..BASE
    },
    Case {
        name: "compound_trailing_comma",
        input: Input::File("compound_trailing_comma.pl"),
        expect: Expect::InFile(1, 6, &["expected a term; found `)`"]),
        repl_goal: Some("p(a)"),
        ..BASE
    },
    // -----------------------------------------------------------------------------------------
    // Operators.
    Case {
        name: "op_double_equals",
        input: Input::File("op_double_equals.pl"),
        expect: Expect::InFile(1, 13, &["expected a term; found `=`"]),
        repl_goal: Some("p(a)"),
        ..BASE
    },
    Case {
        name: "op_chained_comparison",
        input: Input::File("op_chained_comparison.pl"),
        // `=` is non-associative (priority 700): `X = a = b` is not a term.
        expect: Expect::InFile(1, 15, &["syntax error", "found `=`"]),
        repl_goal: Some("p(a)"),
        ..BASE
    },
    Case {
        name: "op_missing_operand",
        input: Input::File("op_missing_operand.pl"),
        expect: Expect::InFile(1, 18, &["expected a term; found `.`"]),
        repl_goal: Some("p(X)"),
        ..BASE
    },
    Case {
        name: "op_unknown_power",
        input: Input::File("op_unknown_power.pl"),
        cmd: Cmd::Query("p(X)"),
        // `**` is SWI-Prolog's power operator.
        expect: Expect::Answer("X = 8.\n"),
        ..BASE
    },
    Case {
        name: "if_then_missing_branch",
        input: Input::File("if_then_missing_branch.pl"),
        expect: Expect::InFile(1, 14, &["expected a term; found `.`"]),
        repl_goal: Some("p(X)"),
        ..BASE
    },
    Case {
        name: "negation_without_goal",
        input: Input::File("negation_without_goal.pl"),
        expect: Expect::InFile(1, 9, &["expected a term; found `.`"]),
        repl_goal: Some("p"),
        ..BASE
    },
    // -----------------------------------------------------------------------------------------
    // Lists.
    Case {
        name: "list_double_bar",
        input: Input::File("list_double_bar.pl"),
        expect: Expect::InFile(1, 7, &["syntax error: expected an operator; found `|`"]),
        repl_goal: Some("p(X)"),
        ..BASE
    },
    Case {
        name: "list_trailing_comma",
        input: Input::File("list_trailing_comma.pl"),
        expect: Expect::InFile(1, 6, &["expected a term; found `]`"]),
        repl_goal: Some("p(X)"),
        ..BASE
    },
    Case {
        name: "list_empty_tail",
        input: Input::File("list_empty_tail.pl"),
        expect: Expect::InFile(1, 6, &["expected a term; found `]`"]),
        repl_goal: Some("p(X)"),
        ..BASE
    },
    Case {
        name: "list_comma_after_tail",
        input: Input::File("list_comma_after_tail.pl"),
        expect: Expect::InFile(1, 7, &["expected an operator; found `,`"]),
        repl_goal: Some("p(X)"),
        ..BASE
    },
    Case {
        name: "list_missing_comma",
        input: Input::File("list_missing_comma.pl"),
        expect: Expect::InFile(1, 6, &["expected an operator; found `b`"]),
        repl_goal: Some("p(X)"),
        ..BASE
    },
    Case {
        name: "list_bar_only",
        input: Input::File("list_bar_only.pl"),
        expect: Expect::InFile(1, 4, &["expected a term; found `|`"]),
        repl_goal: Some("p(X)"),
        ..BASE
    },
    // -----------------------------------------------------------------------------------------
    // Quoted atoms, strings, comments, bytes.
    Case {
        name: "quoted_atom_escaped_quote",
        input: Input::File("quoted_atom_escaped_quote.pl"),
        // `\'` escapes the quote, so the atom never ends.
        expect: Expect::InFile(1, 3, &["syntax error: unterminated quoted atom"]),
        repl_goal: Some("p(X)"),
        ..BASE
    },
    Case {
        name: "quoted_atom_newline",
        input: Input::File("quoted_atom_newline.pl"),
        // A quoted atom may not span lines.
        expect: Expect::InFile(1, 3, &["unterminated quoted atom"]),
        repl_goal: Some("p(X)"),
        ..BASE
    },
    Case {
        name: "unterminated_comment",
        input: Input::File("unterminated_comment.pl"),
        expect: Expect::InFile(1, 9, &["syntax error: unterminated block comment `/*`"]),
        repl_goal: Some("r(X)"),
        ..BASE
    },
    Case {
        name: "nested_block_comment",
        input: Input::File("nested_block_comment.pl"),
        // Block comments do not nest: the first `*/` ends it, and ` still */` is read as clauses.
        expect: Expect::InFile(1, 21, &["expected a term; found `/`"]),
        repl_goal: Some("p(X)"),
        ..BASE
    },
    Case {
        name: "unterminated_string",
        input: Input::File("unterminated_string.pl"),
        expect: Expect::InFile(1, 3, &["syntax error: unterminated string"]),
        repl_goal: Some("p(X)"),
        ..BASE
    },
    Case {
        name: "string_literal",
        input: Input::File("string_literal.pl"),
        cmd: Cmd::Query("p(X)"),
        // Double-quoted strings are string terms (SWI-Prolog's default).
        expect: Expect::Answer("X = \"abc\".\n"),
        ..BASE
    },
    Case {
        name: "invalid_utf8_truncated_sequence",
        input: Input::Bytes("invalid_utf8_truncated_sequence.pl", b"p(a).\n\xc3\x28\n"),
        expect: Expect::InFile(2, 1, &["the file is not valid UTF-8"]),
        repl_goal: Some("p(X)"),
        ..BASE
    },
    Case {
        name: "invalid_utf8_latin1_in_quoted_atom",
        input: Input::Bytes("invalid_utf8_latin1_in_quoted_atom.pl", b"p('caf\xe9').\n"),
        expect: Expect::InFile(1, 7, &["the file is not valid UTF-8"]),
        repl_goal: Some("p(X)"),
        ..BASE
    },
    Case {
        name: "nul_byte",
        input: Input::Bytes("nul_byte.pl", b"p(a).\n\x00\n"),
        expect: Expect::InFile(
            2,
            1,
            &["expected a clause, `:-` directive or `?-` query or end of input; found `\\u{0}`"],
        ),
        repl_goal: Some("p(X)"),
        ..BASE
    },
    // -----------------------------------------------------------------------------------------
    // Numbers: only integers.
    Case {
        name: "number_float",
        input: Input::File("number_float.pl"),
        cmd: Cmd::Query("p(X)"),
        // Floats are terms (as in SWI-Prolog).
        expect: Expect::Answer("X = 1.5.\n"),
        ..BASE
    },
    Case {
        name: "number_hex",
        input: Input::File("number_hex.pl"),
        cmd: Cmd::Query("p(X)"),
        // `0x1F` is an integer, as SWI-Prolog reads it.
        expect: Expect::Answer("X = 31.\n"),
        ..BASE
    },
    Case {
        name: "number_exponent",
        input: Input::File("number_exponent.pl"),
        cmd: Cmd::Query("p(X)"),
        // `1e10` is a float, as SWI-Prolog reads it.
        expect: Expect::Answer("X = 10000000000.0.\n"),
        ..BASE
    },
    Case {
        name: "number_char_code",
        input: Input::File("number_char_code.pl"),
        cmd: Cmd::Query("p(X)"),
        // `0'a` is the character code of `a`, as SWI-Prolog reads it.
        expect: Expect::Answer("X = 97.\n"),
        ..BASE
    },
    Case {
        name: "number_huge",
        input: Input::File("number_huge.pl"),
        cmd: Cmd::Query("p(X)"),
        // Integers are unbounded.
        expect: Expect::Answer("X = 99999999999999999999999.\n"),
        ..BASE
    },
    Case {
        name: "arith_overflow",
        input: Input::File("arith_overflow.pl"),
        cmd: Cmd::Query("big(N), M is N + 1"),
        // Arithmetic overflows into big integers, as in SWI-Prolog.
        expect: Expect::Answer("N = 9223372036854775807, M = 9223372036854775808.\n"),
        ..BASE
    },
    // -----------------------------------------------------------------------------------------
    // Directives.
    Case {
        name: "directive_table_bad_arity",
        input: Input::File("directive_table_bad_arity.pl"),
        expect: Expect::InFile(1, 12, &["syntax error: expected an integer; found `x`"]),
        repl_goal: Some("p(X)"),
        ..BASE
    },
    Case {
        name: "directive_table_no_name",
        input: Input::File("directive_table_no_name.pl"),
        expect: Expect::InFile(1, 1, &["load::bad_directive: expected `table p/N`"]),
        repl_goal: Some("p(X)"),
        ..BASE
    },
    Case {
        name: "directive_table_negative_arity",
        input: Input::File("directive_table_negative_arity.pl"),
        expect: Expect::InFile(
            1,
            1,
            &["load::bad_directive: a predicate indicator is written `name/arity`"],
        ),
        repl_goal: Some("p(X)"),
        ..BASE
    },
    Case {
        name: "directive_table_huge_arity",
        input: Input::File("directive_table_huge_arity.pl"),
        expect: Expect::InFile(
            1,
            1,
            &["load::bad_directive: a predicate indicator is written `name/arity`"],
        ),
        repl_goal: Some("p(X)"),
        ..BASE
    },
    Case {
        name: "directive_table_no_comma",
        input: Input::File("directive_table_no_comma.pl"),
        expect: Expect::InFile(1, 14, &["expected `.` ending the clause; found `q`"]),
        repl_goal: Some("q(X)"),
        ..BASE
    },
    Case {
        name: "directive_dynamic_empty",
        input: Input::File("directive_dynamic_empty.pl"),
        expect: Expect::InFile(1, 1, &["load::bad_directive", "`dynamic p/N`"]),
        repl_goal: Some("p(X)"),
        ..BASE
    },
    Case {
        name: "directive_without_dot",
        input: Input::File("directive_without_dot.pl"),
        expect: Expect::InFile(
            1,
            13,
            &["expected `.` ending the clause; found end of input"],
        ),
        repl_goal: Some("p(X, Y)"),
        ..BASE
    },
    // -----------------------------------------------------------------------------------------
    // `?-` queries in a file, and goals.
    Case {
        name: "query_empty",
        input: Input::File("query_empty.pl"),
        expect: Expect::InFile(2, 4, &["expected a term; found `.`"]),
        repl_goal: Some("p(X)"),
        ..BASE
    },
    Case {
        name: "query_unclosed",
        input: Input::File("query_unclosed.pl"),
        expect: Expect::InFile(3, 1, &["expected an operator; found end of input"]),
        repl_goal: Some("p(X)"),
        ..BASE
    },
    Case {
        name: "query_without_dot",
        input: Input::File("query_without_dot.pl"),
        expect: Expect::InFile(
            3,
            1,
            &["expected `,` or `.` ending the clause", "found end of input"],
        ),
        repl_goal: Some("p(X)"),
        ..BASE
    },
    Case {
        name: "query_arity_mismatch",
        input: Input::File("query_arity_mismatch.pl"),
        expect: Expect::QueryFails(
            3,
            1,
            &["goal::arity_mismatch: unknown predicate edge/1 (arity mismatch: the program defines edge/2)"],
        ),
        repl_goal: Some("edge(1)"),
        repl: Some("goal::arity_mismatch: unknown predicate edge/1"),
        ..BASE
    },
    Case {
        name: "unknown_predicate_in_negation",
        input: Input::File("unknown_in_negation.pl"),
        cmd: Cmd::Query("\\+ r(a)"),
        expect: Expect::InGoal(1, 4, &["goal::unknown_predicate: unknown predicate r/1"]),
        ..BASE
    },
    Case {
        name: "goal_not_callable",
        input: Input::File("not_callable.pl"),
        cmd: Cmd::Query("1"),
        expect: Expect::Unlocated("goal::not_callable: `1` is not a goal"),
        ..BASE
    },
    Case {
        name: "goal_missing_comma",
        input: Input::File("goal_missing_comma.pl"),
        cmd: Cmd::Query("p(X) q(X)"),
        expect: Expect::InGoal(1, 6, &["syntax error", "found `q`"]),
        ..BASE
    },
    Case {
        name: "goal_two_goals",
        input: Input::File("goal_missing_comma.pl"),
        cmd: Cmd::Query("p(X). p(Y)."),
        expect: Expect::InGoal(1, 7, &["expected end of input; found `p`"]),
        repl: Some("<goal>:1:"),
        ..BASE
    },
    // -----------------------------------------------------------------------------------------
    // Empty programs: valid, with no predicates.
    Case {
        name: "empty_file_runs_nothing",
        input: Input::File("empty.pl"),
        expect: Expect::Answer(""),
        repl_goal: Some("true"),
        repl: Some("true."),
        ..BASE
    },
    Case {
        name: "empty_file_knows_no_predicate",
        input: Input::File("empty.pl"),
        cmd: Cmd::Query("p"),
        expect: Expect::InGoal(1, 1, &["goal::unknown_predicate: unknown predicate p/0"]),
        ..BASE
    },
    Case {
        name: "comments_only_answers_builtins",
        input: Input::File("comments_only.pl"),
        cmd: Cmd::Query("X = a, \\+ X = b"),
        expect: Expect::Answer("X = a.\n"),
        ..BASE
    },
    // -----------------------------------------------------------------------------------------
    // Goals that load but are undecidable or do not terminate.
    Case {
        name: "flounder_negation",
        input: Input::File("flounder_negation.pl"),
        cmd: Cmd::Query("ok(X), X = b"),
        expect: Expect::Answer(
            "ambiguous.\n% warning: floundered: a goal was reached whose answers cannot be listed (a negation `\\+ G` or arithmetic with G not ground, or a non-enumerable goal such as `?T: Send` with its type unknown); that branch was not explored\n",
        ),
        repl: Some(FLOUNDERED),
        ..BASE
    },
    Case {
        name: "flounder_variable_goal",
        input: Input::File("flounder_variable_goal.pl"),
        cmd: Cmd::Query("p(a)"),
        // Calling an unbound variable flounders too.
        expect: Expect::Answer(
            "ambiguous.\n% warning: floundered: a goal was reached whose answers cannot be listed (a negation `\\+ G` or arithmetic with G not ground, or a non-enumerable goal such as `?T: Send` with its type unknown); that branch was not explored\n",
        ),
        repl: Some(FLOUNDERED),
        ..BASE
    },
    Case {
        name: "negative_cycle",
        input: Input::File("negative_cycle.pl"),
        cmd: Cmd::Query("win(a)"),
        expect: Expect::Answer(
            "ambiguous.\n% warning: negative cycle: a table depends on its own negation (undefined under the well-founded semantics)\n",
        ),
        repl: Some("% warning: negative cycle"),
        ..BASE
    },
    Case {
        name: "growing_terms_sld",
        input: Input::File("growing_terms.pl"),
        cmd: Cmd::Query("p(a)"),
        flags: &["--strategy", "sld", "--max-depth", "1000"],
        expect: Expect::Answer(
            "overflow: derivation depth limit 1000 reached (raise it with --max-depth).\n",
        ),
        ..BASE
    },
    Case {
        name: "growing_terms_slg",
        input: Input::File("growing_terms.pl"),
        cmd: Cmd::Query("p(a)"),
        flags: &[
            "--strategy",
            "slg",
            "--table-all",
            "--max-term-depth",
            "200",
        ],
        expect: Expect::Answer(
            "ambiguous.\n% warning: truncated: a subgoal or answer nested deeper than 200 (raise it with --max-term-depth); a subgoal or answer over it was not explored, so the answer is only possible\n",
        ),
        // Not tabled in the REPL (no --table-all): the derivation depth is hit instead.
        repl: Some("overflow: derivation depth limit 1000 reached"),
        ..BASE
    },
    Case {
        name: "left_loop_sld",
        input: Input::File("left_loop.pl"),
        cmd: Cmd::Query("p"),
        flags: &["--strategy", "sld", "--max-depth", "1000"],
        expect: Expect::Answer(
            "overflow: derivation depth limit 1000 reached (raise it with --max-depth).\n",
        ),
        ..BASE
    },
    Case {
        name: "left_loop_tabled_slg",
        input: Input::File("left_loop_tabled.pl"),
        cmd: Cmd::Query("p"),
        flags: &["--strategy", "slg"],
        expect: Expect::Answer("false.\n"),
        ..BASE
    },
    Case {
        name: "counter_timeout",
        input: Input::File("counter.pl"),
        cmd: Cmd::Query("count(0)"),
        flags: &[
            "--strategy",
            "sld",
            "--max-depth",
            "1000000000",
            "--timeout",
            "0.3",
        ],
        expect: Expect::Answer("overflow: timeout after 0.300s (raise it with --timeout).\n"),
        repl: Some("overflow: derivation depth limit 1000 reached"),
        ..BASE
    },
    Case {
        name: "counter_step_limit",
        input: Input::File("counter.pl"),
        cmd: Cmd::Query("count(0)"),
        flags: &[
            "--strategy",
            "sld",
            "--max-depth",
            "1000000000",
            "--max-steps",
            "10000",
        ],
        expect: Expect::Answer("overflow: step limit 10000 reached (raise it with --max-steps).\n"),
        repl: Some("overflow: derivation depth limit 1000 reached"),
        ..BASE
    },
    Case {
        name: "table_limit",
        input: Input::File("counter_tabled.pl"),
        cmd: Cmd::Query("c(0)"),
        flags: &["--max-tables", "50"],
        expect: Expect::Answer("overflow: table limit 50 reached (raise it with --max-tables).\n"),
        repl: Some("overflow: table limit 100 reached"),
        ..BASE
    },
    Case {
        name: "answer_limit",
        input: Input::File("naturals.pl"),
        cmd: Cmd::Query("nat(X)"),
        flags: &["--max-answers", "500"],
        expect: Expect::Answer(
            "overflow: answers-per-table limit 500 reached (raise it with --max-answers).\n",
        ),
        // The REPL lists answers: nat/1 grows past the term-depth limit before 1000 answers.
        repl: Some("truncated: a subgoal or answer nested deeper than 200"),
        ..BASE
    },
    // -----------------------------------------------------------------------------------------
    // Rust-like programs: syntax.
    Case {
        name: "rust_unclosed_brace",
        input: Input::File("unclosed_brace.rs"),
        cmd: Cmd::Query("S: Foo"),
        expect: Expect::InFile(2, 10, &["syntax error: unclosed `{`: expected a matching `}`"]),
        ..BASE
    },
    Case {
        name: "rust_impl_missing_for",
        input: Input::File("impl_missing_for.rs"),
        cmd: Cmd::Query("S: Foo"),
        expect: Expect::InFile(3, 10, &["syntax error: expected `for`", "found `S`"]),
        ..BASE
    },
    Case {
        name: "rust_bad_type_syntax",
        input: Input::File("bad_type_syntax.rs"),
        cmd: Cmd::Query("S: Foo"),
        expect: Expect::InFile(3, 20, &["syntax error: expected `<`, `,`, `::` or `>`, found `{`"]),
        ..BASE
    },
    Case {
        name: "rust_bad_array_length",
        input: Input::File("bad_array_length.rs"),
        cmd: Cmd::Query("S: Foo"),
        expect: Expect::InFile(3, 18, &["expected an identifier or a number, found `]`"]),
        ..BASE
    },
    Case {
        name: "rust_generic_params_unclosed",
        input: Input::File("generic_params_unclosed.rs"),
        cmd: Cmd::Query("u8: Foo"),
        expect: Expect::InFile(2, 12, &["syntax error", "found `{`"]),
        ..BASE
    },
    Case {
        name: "rust_unterminated_comment",
        input: Input::File("unterminated_comment.rs"),
        cmd: Cmd::Query("u8: Foo"),
        expect: Expect::InFile(2, 1, &["syntax error: unterminated block comment `/*`"]),
        ..BASE
    },
    Case {
        name: "rust_unterminated_string_in_fn_body",
        input: Input::File("unterminated_string.rs"),
        cmd: Cmd::Query("S: Foo"),
        expect: Expect::InFile(4, 30, &["syntax error: unterminated string literal"]),
        ..BASE
    },
    Case {
        name: "rust_invalid_utf8",
        input: Input::Bytes("invalid_utf8.rs", b"trait Foo {}\nstruct S\xff;\n"),
        cmd: Cmd::Query("u8: Foo"),
        expect: Expect::InFile(2, 9, &["the file is not valid UTF-8"]),
        ..BASE
    },
    // -----------------------------------------------------------------------------------------
    // Rust-like programs: names, arities, unsupported constructs.
    Case {
        name: "rust_unknown_trait",
        input: Input::File("unknown_trait.rs"),
        cmd: Cmd::Query("S: Bar"),
        expect: Expect::InFile(2, 6, &["lower::unknown_trait: unknown trait `Bar`"]),
        ..BASE
    },
    Case {
        name: "rust_unknown_trait_in_where_clause",
        input: Input::File("unknown_trait_in_where.rs"),
        cmd: Cmd::Query("S: Foo"),
        expect: Expect::InFile(3, 25, &["lower::unknown_trait: unknown trait `Baz`"]),
        ..BASE
    },
    Case {
        name: "rust_unknown_type",
        input: Input::File("unknown_type.rs"),
        cmd: Cmd::Query("u8: Foo"),
        expect: Expect::InFile(2, 14, &["lower::unknown_type: unknown type `Nope`"]),
        ..BASE
    },
    Case {
        name: "rust_self_outside_trait",
        input: Input::File("self_outside_trait.rs"),
        cmd: Cmd::Query("u8: Foo"),
        expect: Expect::InFile(2, 14, &["lower::unknown_type: unknown type `Self`"]),
        ..BASE
    },
    Case {
        name: "rust_too_many_type_args",
        input: Input::File("too_many_type_args.rs"),
        cmd: Cmd::Query("u8: Foo"),
        expect: Expect::InFile(
            3,
            14,
            &["lower::arity: `W` takes 1 generic argument(s), 2 given"],
        ),
        ..BASE
    },
    Case {
        name: "rust_missing_trait_args",
        input: Input::File("missing_trait_args.rs"),
        cmd: Cmd::Query("S: Foo<S>"),
        expect: Expect::InFile(
            3,
            6,
            &["lower::arity: `Foo` takes 1 generic argument(s), 0 given"],
        ),
        ..BASE
    },
    Case {
        name: "rust_args_on_plain_struct",
        input: Input::File("args_on_plain_struct.rs"),
        cmd: Cmd::Query("S: Foo"),
        expect: Expect::InFile(
            3,
            14,
            &["lower::arity: `S` takes 0 generic argument(s), 1 given"],
        ),
        ..BASE
    },
    Case {
        name: "rust_duplicate_struct",
        input: Input::File("duplicate_struct.rs"),
        cmd: Cmd::Query("S: Sized"),
        expect: Expect::InFile(2, 8, &["lower::duplicate_item: `S` is declared twice"]),
        ..BASE
    },
    Case {
        name: "rust_duplicate_trait",
        input: Input::File("duplicate_trait.rs"),
        cmd: Cmd::Query("u8: Foo"),
        expect: Expect::InFile(2, 7, &["lower::duplicate_item: `Foo` is declared twice"]),
        ..BASE
    },
    Case {
        name: "rust_undeclared_supertrait",
        input: Input::File("undeclared_supertrait.rs"),
        cmd: Cmd::Query("u8: Sub"),
        expect: Expect::InFile(1, 12, &["lower::unknown_trait: unknown trait `Super`"]),
        ..BASE
    },
    Case {
        name: "rust_impl_unknown_assoc",
        input: Input::File("impl_unknown_assoc.rs"),
        cmd: Cmd::Query("S: Foo"),
        // As for a bound (`rust_unknown_assoc_in_bound`): at `Other`.
        expect: Expect::InFile(3, 23, &["trait `Foo` has no associated type `Other`"]),
        ..BASE
    },
    Case {
        name: "rust_duplicate_generic_param",
        input: Input::File("duplicate_generic_param.rs"),
        cmd: Cmd::Query("u8: Foo"),
        expect: Expect::InFile(2, 9, &["`T`"]),
        ..BASE
    },
    Case {
        name: "rust_unknown_assoc_in_bound",
        input: Input::File("unknown_assoc_in_bound.rs"),
        cmd: Cmd::Query("u8: Foo"),
        expect: Expect::InFile(
            2,
            37,
            &["lower::unknown_assoc: trait `Iterator` has no associated type `Itm`"],
        ),
        ..BASE
    },
    Case {
        name: "rust_unknown_assoc_shorthand",
        input: Input::File("unknown_assoc_shorthand.rs"),
        cmd: Cmd::Query("u8: Foo"),
        expect: Expect::InFile(
            2,
            25,
            &["lower::ambiguous_assoc", "associated type `Missing`", "(0 candidates)"],
        ),
        ..BASE
    },
    Case {
        name: "rust_dyn_type",
        input: Input::File("dyn_type.rs"),
        // A higher-ranked `dyn` bound loads (its lifetimes are fresh variables).
        cmd: Cmd::Query("S: Foo"),
        expect: Expect::Answer("false.\n"),
        ..BASE
    },
    // -----------------------------------------------------------------------------------------
    // Rust-like programs: cycles and growth.
    Case {
        name: "rust_cyclic_impl_inductive",
        input: Input::File("cyclic_impl.rs"),
        cmd: Cmd::Query("u8: Foo"),
        expect: Expect::Answer("false.\n"),
        ..BASE
    },
    Case {
        name: "rust_cyclic_impl_coinductive",
        input: Input::File("cyclic_impl.rs"),
        cmd: Cmd::Query("u8: Foo"),
        flags: &["--coinductive", "all"],
        expect: Expect::Answer("true.\n"),
        ..BASE
    },
    Case {
        name: "rust_cyclic_supertraits",
        input: Input::File("cyclic_supertraits.rs"),
        cmd: Cmd::Query("u8: A"),
        expect: Expect::Answer("false.\n"),
        ..BASE
    },
    Case {
        name: "rust_growing_types_sld",
        input: Input::File("growing_types.rs"),
        cmd: Cmd::Query("S<u8>: Foo"),
        flags: &["--strategy", "sld", "--max-depth", "500"],
        expect: Expect::Answer(
            "overflow: derivation depth limit 500 reached (raise it with --max-depth).\n",
        ),
        repl: Some("overflow: derivation depth limit 1000 reached"),
        ..BASE
    },
    Case {
        name: "rust_growing_types_slg",
        input: Input::File("growing_types.rs"),
        cmd: Cmd::Query("S<u8>: Foo"),
        flags: &["--strategy", "slg", "--max-term-depth", "100"],
        expect: Expect::Answer(
            "ambiguous.\n% warning: truncated: a subgoal or answer nested deeper than 100 (raise it with --max-term-depth); a subgoal or answer over it was not explored, so the answer is only possible\n",
        ),
        // Each `S<..>` is a table of its own: the REPL's table limit (100) comes first.
        repl: Some("overflow: table limit 100 reached"),
        ..BASE
    },
    // -----------------------------------------------------------------------------------------
    // Rust-like goals given with --goal: located in `<goal>`.
    Case {
        name: "rust_goal_syntax_error",
        input: Input::File("goal_errors.rs"),
        cmd: Cmd::Query("S: Foo<"),
        expect: Expect::InGoal(1, 8, &["syntax error", "found end of input"]),
        ..BASE
    },
    Case {
        name: "rust_goal_unclosed_brace",
        input: Input::File("goal_errors.rs"),
        cmd: Cmd::Query("forall<T> { if (T: Foo) { T: Foo }"),
        expect: Expect::InGoal(1, 11, &["unclosed `{`: expected a matching `}`"]),
        ..BASE
    },
    Case {
        name: "rust_goal_unknown_trait",
        input: Input::File("goal_errors.rs"),
        cmd: Cmd::Query("S: Bar"),
        expect: Expect::InGoal(1, 4, &["lower::unknown_trait: unknown trait `Bar`"]),
        ..BASE
    },
    Case {
        name: "rust_goal_unknown_type",
        input: Input::File("goal_errors.rs"),
        cmd: Cmd::Query("T: Foo"),
        expect: Expect::InGoal(1, 1, &["lower::unknown_type: unknown type `T`"]),
        ..BASE
    },
    Case {
        name: "rust_goal_wrong_arity",
        input: Input::File("goal_errors.rs"),
        cmd: Cmd::Query("forall<T> { T: Foo<T> }"),
        expect: Expect::InGoal(
            1,
            16,
            &["lower::arity: `Foo` takes 0 generic argument(s), 1 given"],
        ),
        ..BASE
    },
    Case {
        name: "rust_goal_unknown_assoc",
        input: Input::File("goal_errors.rs"),
        cmd: Cmd::Query("Normalize(<S as Foo>::Out -> u8)"),
        expect: Expect::InGoal(
            1,
            23,
            &["lower::unknown_assoc: trait `Foo` has no associated type `Out`"],
        ),
        ..BASE
    },
    Case {
        name: "rust_goal_dyn",
        input: Input::File("goal_errors.rs"),
        cmd: Cmd::Query("dyn forall<'a> Foo: Foo"),
        expect: Expect::Answer("true.\n"),
        ..BASE
    },
    Case {
        name: "rust_goal_subtype",
        input: Input::File("goal_errors.rs"),
        cmd: Cmd::Query("Subtype(for<'a> fn(&'a S), fn(&'static S))"),
        expect: Expect::InGoal(1, 1, &["unsupported: Subtype goals"]),
        ..BASE
    },
    Case {
        name: "rust_goal_compatible",
        input: Input::File("goal_errors.rs"),
        cmd: Cmd::Query("compatible { S: Foo }"),
        expect: Expect::Answer("true.\n"),
        ..BASE
    },
    // -----------------------------------------------------------------------------------------
    // Positive controls: these load.
    Case {
        name: "rust_pasted_bodies_load",
        input: Input::File("rust_body.rs"),
        cmd: Cmd::Query("Wrapper<Wrapper<u32>>: Describe"),
        // Under the REPL session's table limit (100) too: the std model's `from_env` chains, which
        // no hypothesis ends, are failed without tables (they took more than 100 before).
        expect: Expect::Answer("true.\n"),
        ..BASE
    },
    Case {
        name: "rust_empty_file_has_the_prelude",
        input: Input::File("empty.rs"),
        cmd: Cmd::Query("Vec<u8>: Clone"),
        expect: Expect::Answer("true.\n"),
        ..BASE
    },
];

// ---------------------------------------------------------------------------------------------
// Running an entry.

fn knot(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_knot"))
        .args(args)
        .output()
        .expect("run knot")
}

fn case(name: &str) -> &'static Case {
    CATALOGUE
        .iter()
        .find(|c| c.name == name)
        .unwrap_or_else(|| panic!("no catalogue entry {name}"))
}

/// The entry's input as a path (and the temporary file that holds it, if any).
fn materialize(c: &Case) -> (String, Option<TempFile>) {
    match c.input {
        Input::File(f) => (format!("{DIR}/{f}"), None),
        Input::Bytes(name, bytes) => {
            let t = TempFile::new(name, bytes);
            (t.path().to_string(), Some(t))
        }
    }
}

fn args<'a>(c: &'a Case, path: &'a str) -> Vec<&'a str> {
    let mut a = match c.cmd {
        Cmd::Run => vec!["run", path],
        Cmd::Query(g) => vec!["query", path, "--goal", g],
    };
    a.extend_from_slice(c.flags);
    a
}

fn check(name: &str) {
    let c = case(name);
    let (path, _keep) = materialize(c);
    let o = knot(&args(c, &path));
    let (out, err) = (stdout(&o), stderr(&o));
    let ctx = format!(
        "{name}: knot {}\nstdout:\n{out}\nstderr:\n{err}",
        args(c, &path).join(" ")
    );
    assert!(!err.contains("panicked"), "knot panicked: {ctx}");
    let first = err.lines().next().unwrap_or("");
    match c.expect {
        Expect::InFile(line, col, frags) | Expect::InGoal(line, col, frags) => {
            let place = match c.expect {
                Expect::InFile(..) => path.as_str(),
                _ => "<goal>",
            };
            assert_eq!(o.status.code(), Some(2), "exit status: {ctx}");
            let at = format!("{place}:{line}:{col}: ");
            assert!(first.starts_with(&at), "expected `{at}`: {ctx}");
            for f in frags {
                assert!(first.contains(f), "first line lacks {f:?}: {ctx}");
            }
            assert_eq!(out, "", "nothing is answered: {ctx}");
        }
        Expect::Unlocated(msg) => {
            assert_eq!(o.status.code(), Some(2), "exit status: {ctx}");
            assert_eq!(first, msg, "{ctx}");
            assert_eq!(out, "", "{ctx}");
        }
        Expect::QueryFails(line, col, frags) => {
            assert_eq!(o.status.code(), Some(2), "exit status: {ctx}");
            let at = format!("{path}:{line}:{col}: error: ");
            let l = out
                .lines()
                .find(|l| l.starts_with(&at))
                .unwrap_or_else(|| panic!("no line starts with `{at}`: {ctx}"));
            for f in frags {
                assert!(l.contains(f), "{l:?} lacks {f:?}: {ctx}");
            }
        }
        Expect::Answer(text) => {
            assert_eq!(o.status.code(), Some(0), "exit status: {ctx}");
            assert_eq!(out, text, "{ctx}");
            assert_eq!(err, "", "{ctx}");
        }
    }
}

/// One test per entry, and the list of their names (checked against the catalogue).
macro_rules! catalogue_tests {
    ($($name:ident)*) => {
        $(#[test] fn $name() { check(stringify!($name)); })*
        const TESTED: &[&str] = &[$(stringify!($name)),*];
    };
}

catalogue_tests! {
    clause_without_dot rule_empty_body rule_trailing_comma rule_missing_comma rule_double_neck
    head_negation head_clause variable_functor compound_trailing_comma
    op_double_equals op_chained_comparison op_missing_operand op_unknown_power
    if_then_missing_branch negation_without_goal
    list_double_bar list_trailing_comma list_empty_tail list_comma_after_tail list_missing_comma
    list_bar_only
    quoted_atom_escaped_quote quoted_atom_newline unterminated_comment nested_block_comment
    unterminated_string string_literal invalid_utf8_truncated_sequence
    invalid_utf8_latin1_in_quoted_atom nul_byte
    number_float number_hex number_exponent number_char_code number_huge arith_overflow
    directive_table_bad_arity directive_table_no_name directive_table_negative_arity
    directive_table_huge_arity directive_table_no_comma directive_dynamic_empty
    directive_without_dot
    query_empty query_unclosed query_without_dot query_arity_mismatch
    unknown_predicate_in_negation goal_not_callable goal_missing_comma goal_two_goals
    empty_file_runs_nothing empty_file_knows_no_predicate comments_only_answers_builtins
    flounder_negation flounder_variable_goal negative_cycle growing_terms_sld growing_terms_slg
    left_loop_sld left_loop_tabled_slg counter_timeout counter_step_limit table_limit answer_limit
    rust_unclosed_brace rust_impl_missing_for rust_bad_type_syntax rust_bad_array_length
    rust_generic_params_unclosed rust_unterminated_comment rust_unterminated_string_in_fn_body
    rust_invalid_utf8
    rust_unknown_trait rust_unknown_trait_in_where_clause rust_unknown_type
    rust_self_outside_trait rust_too_many_type_args rust_missing_trait_args
    rust_args_on_plain_struct rust_duplicate_struct rust_duplicate_trait
    rust_undeclared_supertrait rust_impl_unknown_assoc rust_duplicate_generic_param
    rust_unknown_assoc_in_bound rust_unknown_assoc_shorthand
    rust_dyn_type
    rust_cyclic_impl_inductive rust_cyclic_impl_coinductive rust_cyclic_supertraits
    rust_growing_types_sld rust_growing_types_slg
    rust_goal_syntax_error rust_goal_unclosed_brace rust_goal_unknown_trait
    rust_goal_unknown_type rust_goal_wrong_arity rust_goal_unknown_assoc rust_goal_dyn
    rust_goal_subtype rust_goal_compatible
    rust_pasted_bodies_load rust_empty_file_has_the_prelude
}

#[test]
fn every_entry_has_its_test_and_its_file() {
    let names: Vec<&str> = CATALOGUE.iter().map(|c| c.name).collect();
    let mut sorted = names.clone();
    sorted.sort();
    sorted.dedup();
    assert_eq!(sorted.len(), names.len(), "duplicate entry names");
    let mut tested = TESTED.to_vec();
    tested.sort();
    assert_eq!(sorted, tested, "catalogue and tests differ");
    // Every committed input is used, and every used input exists.
    let mut used: Vec<&str> = CATALOGUE
        .iter()
        .filter_map(|c| match c.input {
            Input::File(f) => Some(f),
            Input::Bytes(..) => None,
        })
        .chain(BUG_FILES.iter().copied())
        .collect();
    used.sort();
    used.dedup();
    let mut on_disk: Vec<String> = std::fs::read_dir(DIR)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    on_disk.sort();
    assert_eq!(used, on_disk, "inputs under tests/bad/");
    assert!(CATALOGUE.len() >= 45, "{} entries", CATALOGUE.len());
}

// ---------------------------------------------------------------------------------------------
// A 50 MB program, generated at run time.

/// Wait for `child` at most `limit`, reading its output meanwhile (a full pipe must not block it);
/// kill it and fail past that.
fn wait_bounded(mut child: Child, limit: Duration, what: &str) -> Output {
    fn drain(mut r: impl Read + Send + 'static) -> std::thread::JoinHandle<Vec<u8>> {
        std::thread::spawn(move || {
            let mut v = Vec::new();
            let _ = r.read_to_end(&mut v);
            v
        })
    }
    let out = drain(child.stdout.take().expect("piped stdout"));
    let err = drain(child.stderr.take().expect("piped stderr"));
    let start = Instant::now();
    let status = loop {
        if let Some(status) = child.try_wait().expect("wait") {
            break status;
        }
        if start.elapsed() > limit {
            let _ = child.kill();
            let _ = child.wait();
            panic!("{what}: still running after {limit:?}");
        }
        std::thread::sleep(Duration::from_millis(20));
    };
    Output {
        status,
        stdout: out.join().unwrap(),
        stderr: err.join().unwrap(),
    }
}

const BIG_FACTS: usize = 1_000_000;

/// About 56 MB of facts: `item(I, a_label_long_enough_to_make_fifty_megabytes).` (few tokens per byte:
/// parsing time grows with the number of tokens).
fn big_program(name: &str) -> TempFile {
    let mut s = String::with_capacity(56 * BIG_FACTS);
    for i in 0..BIG_FACTS {
        s.push_str(&format!(
            "item({i}, a_label_long_enough_to_make_fifty_megabytes).\n"
        ));
    }
    assert!(s.len() >= 50_000_000, "{} bytes", s.len());
    TempFile::new(name, s)
}

#[test]
fn a_50_mb_file_loads_and_answers() {
    let f = big_program("big_facts.pl");
    let child = Command::new(env!("CARGO_BIN_EXE_knot"))
        .args(["query", f.path(), "--goal", "item(999999, Label)"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("run knot");
    // Generous: this is not a timing test, only a guard against a hang.
    let o = wait_bounded(child, Duration::from_secs(600), "knot query on 50 MB");
    assert!(!stderr(&o).contains("panicked"), "{}", stderr(&o));
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert_eq!(
        stdout(&o),
        "Label = a_label_long_enough_to_make_fifty_megabytes.\n"
    );
}

// ---------------------------------------------------------------------------------------------
// The REPL survives every entry.

/// Input to the REPL for one entry: its strategy and coinduction, `:load`, then the goal.
fn strategy_of(c: &Case) -> (&'static str, &'static str) {
    let flag = |name: &str, default: &'static str| {
        c.flags
            .iter()
            .position(|f| *f == name)
            .map(|i| c.flags[i + 1])
            .unwrap_or(default)
    };
    (flag("--strategy", "slg"), flag("--coinductive", "default"))
}

fn repl_goal(c: &Case) -> &'static str {
    match (c.repl_goal, c.cmd) {
        (Some(g), _) => g,
        (None, Cmd::Query(g)) => g,
        (None, Cmd::Run) => panic!("{}: a `run` entry needs a repl_goal", c.name),
    }
}

#[test]
fn the_repl_survives_every_entry() {
    let inputs: Vec<(String, Option<TempFile>)> = CATALOGUE.iter().map(materialize).collect();
    let mut script = String::new();
    let mut coinductive = "default";
    for (c, (path, _)) in CATALOGUE.iter().zip(&inputs) {
        let (strategy, co) = strategy_of(c);
        // One `:strategy` line per entry: its echo `% strategy ..` separates the entries' output.
        script.push_str(&format!(":strategy {strategy}\n"));
        if co != coinductive {
            script.push_str(&format!(":coinductive {co}\n"));
            coinductive = co;
        }
        script.push_str(&format!(":load {path}\n{}\n", repl_goal(c)));
    }
    // The 50 MB program is left out: loading it takes about 10 s of CPU, and the REPL loads files
    // through the same code as `knot query` (`a_50_mb_file_loads_and_answers`).
    script.push_str(":quit\n");

    let mut child = Command::new(env!("CARGO_BIN_EXE_knot"))
        .arg("repl")
        .args(REPL_LIMITS)
        .env(
            "KNOT_HISTORY",
            std::env::temp_dir().join("knot-test-history-bad-input"),
        )
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("knot repl runs");
    let mut stdin = child.stdin.take().unwrap();
    let feeder = std::thread::spawn(move || stdin.write_all(script.as_bytes()));
    let o = wait_bounded(child, Duration::from_secs(300), "knot repl");
    feeder.join().unwrap().expect("stdin written");
    let (out, err) = (stdout(&o), stderr(&o));
    assert!(!err.contains("panicked"), "{err}");
    assert_eq!(o.status.code(), Some(0), "{err}\n{out}");

    // The output of entry i is the text between the i-th and the (i+1)-th `% strategy` line.
    let chunks: Vec<&str> = out.split("% strategy ").skip(1).collect();
    assert_eq!(chunks.len(), CATALOGUE.len(), "{out}");
    for ((c, (path, _)), chunk) in CATALOGUE.iter().zip(&inputs).zip(chunks) {
        let goal = repl_goal(c);
        let echo = format!("?- {goal}\n");
        let at = chunk
            .find(&echo)
            .unwrap_or_else(|| panic!("{}: goal not echoed:\n{chunk}", c.name));
        let (load, answer) = (&chunk[..at], &chunk[at + echo.len()..]);
        // Every goal gets an answer or an error. After a failed `:load` the REPL keeps the program it
        // had, so the goal is answered against that one (or "no file loaded").
        assert!(
            answer.lines().any(|l| !l.trim().is_empty()),
            "{}: nothing printed for the goal:\n{chunk}",
            c.name
        );
        match c.expect {
            Expect::InFile(line, col, frags) => {
                let at = format!("{path}:{line}:{col}: ");
                assert!(load.contains(&at), "{}: `{at}` missing:\n{chunk}", c.name);
                for f in frags {
                    assert!(load.contains(f), "{}: {f:?} missing:\n{chunk}", c.name);
                }
            }
            _ => assert!(
                load.contains(&format!("% loaded {path} (")),
                "{}: not loaded:\n{chunk}",
                c.name
            ),
        }
        let want: Vec<String> = match (c.repl, c.expect) {
            (Some(t), _) => vec![t.to_string()],
            (None, Expect::InFile(..)) => vec![],
            (None, Expect::InGoal(line, col, frags)) => {
                std::iter::once(format!("<goal>:{line}:{col}: "))
                    .chain(frags.iter().map(|f| f.to_string()))
                    .collect()
            }
            (None, Expect::Unlocated(m)) => vec![m.to_string()],
            (None, Expect::QueryFails(..)) => panic!("{}: needs a repl text", c.name),
            (None, Expect::Answer(t)) => vec![t.lines().next().unwrap_or("").to_string()],
        };
        for w in want {
            assert!(answer.contains(&w), "{}: {w:?} missing:\n{chunk}", c.name);
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Known bugs: each asserts the correct behaviour and is ignored until it is fixed.

/// Inputs under `tests/bad/` used only by the bug tests below.
const BUG_FILES: &[&str] = &[
    "cyclic_term.pl",
    "impl_unknown_assoc.rs",
    "duplicate_generic_param.rs",
    "derive_clone.rs",
];

/// Run knot with a deadline: a bug test must not hang the suite when it is run with `--ignored`.
fn knot_bounded(args: &[&str], limit: Duration) -> Output {
    let child = Command::new(env!("CARGO_BIN_EXE_knot"))
        .args(args)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("run knot");
    wait_bounded(child, limit, &format!("knot {}", args.join(" ")))
}

fn bad(f: &str) -> String {
    format!("{DIR}/{f}")
}

/// `knot query tests/bad/cyclic_term.pl --goal 'cyclic(X)' --no-occurs-check --timeout 1`
#[test]
fn cyclic_term_without_occurs_check_answers_within_the_timeout() {
    let f = bad("cyclic_term.pl");
    let o = knot_bounded(
        &[
            "query",
            &f,
            "--goal",
            "cyclic(X)",
            "--no-occurs-check",
            "--timeout",
            "1",
        ],
        Duration::from_secs(5),
    );
    assert!(!stderr(&o).contains("panicked"), "{}", stderr(&o));
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    // An answer (the cyclic binding, or an overflow naming a limit), not silence.
    let out = stdout(&o);
    let first = out.lines().next().unwrap_or("");
    assert!(
        first.starts_with("X = ") || first.starts_with("overflow: "),
        "{out}"
    );
}

/// `knot query tests/bad/unknown_in_negation.pl --goal 'p(X)' --timeout 1e30`
#[test]
fn a_huge_timeout_is_not_a_panic() {
    let f = bad("unknown_in_negation.pl");
    for t in ["1e30", "1e20"] {
        let o = knot(&["query", &f, "--goal", "p(X)", "--timeout", t]);
        let err = stderr(&o);
        assert!(!err.contains("panicked"), "--timeout {t}: {err}");
        match o.status.code() {
            // Accepted as no practical limit (as `--timeout inf` is) ...
            Some(0) => assert_eq!(stdout(&o), "X = a.\n", "--timeout {t}"),
            // ... or refused as a bad argument.
            Some(2) => assert!(err.contains("timeout"), "--timeout {t}: {err}"),
            other => panic!("--timeout {t}: exit {other:?}: {err}"),
        }
    }
}

/// `knot query tests/bad/flounder_negation.pl --goal 'ok(X), X = b' --all` (also the REPL, which
/// lists answers this way)
#[test]
fn all_answers_of_a_floundered_goal_are_not_false() {
    let f = bad("flounder_negation.pl");
    let o = knot(&["query", &f, "--goal", "ok(X), X = b", "--all"]);
    assert_eq!(o.status.code(), Some(0));
    // The aggregated answer (and --format json) say `ambiguous`; the listing must not say `false.`.
    assert_eq!(stdout(&o), format!("ambiguous.\n{FLOUNDERED}\n"));
}

/// `knot query tests/bad/derive_clone.rs --goal 'S: Clone'`
#[test]
fn derive_is_not_silently_ignored() {
    let f = bad("derive_clone.rs");
    let o = knot(&["query", &f, "--goal", "S: Clone"]);
    assert!(!stderr(&o).contains("panicked"));
    // Either the derive is lowered (the answer rustc gives) or it is reported as unsupported.
    match o.status.code() {
        Some(0) => assert_eq!(stdout(&o), "true.\n"),
        Some(2) => assert!(stderr(&o).contains("unsupported: derive"), "{}", stderr(&o)),
        other => panic!("exit {other:?}"),
    }
}
