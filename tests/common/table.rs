//! One table-driven test, as chalk's `test!`: a program and its goals, each asked under EVERY
//! strategy (`knot::strategy_names()`: sld, slg, recursive), with one expected answer for all and,
//! where a strategy answers differently on purpose (depth-first search cannot close a cycle), an
//! expected answer for that strategy named next to it.
//!
//! ```ignore
//! knot_test! {
//!     program "t.chalk" { "trait Clone {} struct Foo {} impl Clone for Foo {}" }
//!     goal { "Foo: Clone" } yields { "Unique" }
//!     goal { "exists<T> { T: Clone }" } yields { "Unique; substitution [?0 := Foo]" }
//!         yields[sld] { "..." }
//! }
//! ```
//!
//! Answers are compared as text: chalk's notation for a Rust-like program (`.chalk`, `.rs`), the
//! Prolog-style solution (`X = 1.`, `false.`) for a clause program (`.pl`). Each strategy gets its own
//! session and asks the goals in order, as a user would (so caches carry over from goal to goal).

use knot::{strategy_names, Engine};

/// A goal, its expected answer, and the strategies that answer otherwise (with their answer).
pub struct Case<'a> {
    pub goal: &'a str,
    pub want: &'a str,
    pub per_strategy: &'a [(&'a [&'a str], &'a str)],
}

/// Load `src` (named `file`), ask every case under every strategy, and report every mismatch at once.
pub fn run(file: &str, src: &str, cases: &[Case<'_>]) {
    let clauses = file.ends_with(".pl");
    let mut failures = Vec::new();
    let strategies = strategy_names();
    assert!(
        strategies.len() >= 3,
        "every built-in strategy: {strategies:?}"
    );
    for s in &strategies {
        let loaded = if clauses {
            Engine::from_clauses(file, src)
        } else {
            Engine::from_rust(file, src)
        };
        let mut e = loaded
            .unwrap_or_else(|e| panic!("{file} does not load: {e}\n{src}"))
            .with_strategy(s);
        for c in cases {
            let want = c
                .per_strategy
                .iter()
                .find(|(names, _)| names.contains(&s.as_str()))
                .map_or(c.want, |(_, w)| *w);
            let got = match e.answers(c.goal) {
                Ok(a) if clauses => a.solution_text,
                Ok(a) => a.chalk_text,
                Err(err) => format!("error: {err}"),
            };
            if got != want {
                failures.push(format!(
                    "{s}: {}\n    want: {want}\n    got:  {got}",
                    c.goal
                ));
            }
        }
    }
    // A strategy named in a `yields[..]` that does not exist is a typo in the test.
    for c in cases {
        for (names, _) in c.per_strategy {
            for n in *names {
                assert!(
                    strategies.iter().any(|s| s == n),
                    "unknown strategy {n} in yields[..] of {}",
                    c.goal
                );
            }
        }
    }
    assert!(
        failures.is_empty(),
        "{}\n--- {file}:\n{src}",
        failures.join("\n")
    );
}

/// `knot_test! { program "FILE" { SRC } goal { G } yields { WANT } [yields[strategy, ..] { WANT }].. .. }`:
/// see the module documentation.
#[macro_export]
macro_rules! knot_test {
    (
        program $file:literal { $src:expr }
        $( goal { $goal:expr } yields { $want:expr }
           $( yields [ $($strategy:ident),+ ] { $other:expr } )* )+
    ) => {
        $crate::common::table::run(
            $file,
            &$src,
            &[ $( $crate::common::table::Case {
                goal: &$goal,
                want: &$want,
                per_strategy: &[ $( (&[ $(stringify!($strategy)),+ ], &$other) ),* ],
            } ),+ ],
        )
    };
}
