//! The well-founded semantics under `slg` for clause programs with negative cycles (`slg/wfs.rs`):
//! each atom true, false or undefined as XSB and SWI-Prolog answer it (the models below are those
//! the programs' XSB tests, `Tests/xsb/delay_tests` and `wfs_tests`, state), an undefined atom
//! and its negation both succeeding, and the goal's output written once.

use knot::Engine;

/// `true`, `false` or `undefined` for a ground goal.
fn truth(e: &mut Engine, goal: &str) -> &'static str {
    let a = e
        .answers(goal)
        .unwrap_or_else(|err| panic!("{goal}: {err}"));
    match (a.answers.len(), a.outcome.negative_cycle) {
        (0, false) => "false",
        (_, true) => "undefined",
        _ => "true",
    }
}

fn model(src: &str, want: &[(&str, &str)]) {
    let mut e = Engine::from_clauses("t.pl", src)
        .unwrap_or_else(|e| panic!("load failed: {e}"))
        .with_strategy("slg");
    let got: Vec<(&str, &str)> = want.iter().map(|(g, _)| (*g, truth(&mut e, g))).collect();
    assert_eq!(got, want, "{src}");
}

#[test]
fn a_positive_loop_under_a_negation_is_false_and_what_negates_it_true() {
    // XSB's delay_tests/fr1: T = {q, r}, F = {p}.
    let src = ":- table p/0, q/0, r/0.
        p :- tnot(q), p.
        r :- tnot(p), q.
        q :- tnot(p).";
    model(src, &[("p", "false"), ("q", "true"), ("r", "true")]);
}

#[test]
fn two_atoms_negating_each_other_are_undefined_and_so_is_what_rests_on_them() {
    // wfs_tests/p10.
    let src = ":- table p/0, q/0, r/0.
        p :- q.
        p :- r.
        r :- tnot(q).
        q :- tnot(r).";
    model(
        src,
        &[("p", "undefined"), ("q", "undefined"), ("r", "undefined")],
    );
}

#[test]
fn a_negation_reached_only_later_is_evaluated_for_the_next_run() {
    // wfs_tests/p20: c is true, so a (which needs tnot(c)) and b are false.
    let src = ":- table a/0, b/0, c/0.
        a :- tnot(b), tnot(c).
        b :- a.
        c.";
    model(src, &[("a", "false"), ("b", "false"), ("c", "true")]);
}

#[test]
fn the_win_game_has_won_lost_and_drawn_positions() {
    let src = ":- table win/1.
        win(X) :- move(X, Y), tnot(win(Y)).
        move(a, a). move(a, b). move(b, a). move(b, c).";
    model(
        src,
        &[
            ("win(a)", "undefined"),
            ("win(b)", "true"),
            ("win(c)", "false"),
        ],
    );
    // An undefined atom succeeds, and so does its negation (XSB's answers to this test).
    let mut e = Engine::from_clauses("t.pl", src)
        .unwrap()
        .with_strategy("slg");
    let a = e
        .answers("findall(X-T, (member(X, [a, b, c]), (win(X) -> (tnot(win(X)) -> T = u ; T = t) ; T = f)), L)")
        .unwrap();
    assert_eq!(a.texts, ["L = [a - u, b - t, c - f]."]);
    let a = e.answers("findall(X, win(X), L)").unwrap();
    assert_eq!(
        a.texts,
        ["L = [a, b]."],
        "win/1's answers: the true and the undefined one"
    );
}

#[test]
fn a_stratified_program_answers_without_reruns() {
    let src = ":- table p/1, q/1.
        p(X) :- r(X), tnot(q(X)).
        q(X) :- s(X).
        r(1). r(2). s(2).";
    model(
        src,
        &[("p(1)", "true"), ("p(2)", "false"), ("q(2)", "true")],
    );
    let mut e = Engine::from_clauses("t.pl", src)
        .unwrap()
        .with_strategy("slg");
    let a = e.answers("p(X)").unwrap();
    assert_eq!(a.texts, ["X = 1."]);
    assert!(!a.outcome.negative_cycle);
}
