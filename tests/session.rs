//! The library's front door (issue 15): nested solves under the caller's limits, honest aggregation,
//! caches keyed by a program generation, prelude hiding by names, real rules-file locations,
//! `:- coinductive` without `:- table`, library input that must not overflow an ordinary thread's
//! stack, and the layering of the command line over the public API.

use knot::{EgraphNormalizer, Engine, Guidance, Program, Solution};
use std::process::Command;

/// A where-clause whose proof keeps growing (`W<S>: Grow` needs `W<W<S>>: Grow`, ...).
const GROW: &str = "
trait Tr { type A; }
trait Grow {}
struct S {}
struct W<T> {}
impl<T> Grow for W<T> where W<W<T>>: Grow {}
impl Grow for S where W<S>: Grow {}
impl Tr for S where S: Grow { type A = u32; }
";

/// Both normalizers answer "unknown" (Overflow naming the limit), never "no" or a certain answer.
#[test]
fn growing_where_clause_is_unknown_under_both_normalizers() {
    for egraph in [false, true] {
        for goal in ["<S as Tr>::A = u32", "exists<T> { <S as Tr>::A = T }"] {
            let mut e = Engine::from_rust("grow.chalk", GROW).unwrap();
            if egraph {
                EgraphNormalizer::install(&mut e.store, &mut e.program, Default::default());
            }
            let a = e.answers(goal).unwrap();
            // Unknown: Overflow naming the limit, or (the term-depth limit) an ambiguous answer
            // that names it.
            let stop = a.outcome.overflow().or(a.outcome.truncated_by);
            assert!(
                stop.is_some(),
                "egraph={egraph} {goal}: no limit named: {}",
                a.chalk()
            );
            assert!(
                matches!(a.solution, Solution::Overflow(_) | Solution::Ambiguous(_)),
                "egraph={egraph} {goal}: {}",
                a.chalk()
            );
            assert!(a.chalk().starts_with("Ambiguous"), "{}", a.chalk());
            // Asked again over the same normalizer: still unknown (the stop was not cached as "no").
            let again = e.answers(goal).unwrap();
            assert!(
                again.outcome.overflow().is_some() || again.outcome.truncated_by.is_some(),
                "{}",
                again.chalk()
            );
            assert!(again.chalk().starts_with("Ambiguous"), "{}", again.chalk());
        }
    }
}

/// The nested search gets what remains of the caller's limits: a small step limit is the one named.
#[test]
fn egraph_where_clauses_get_the_callers_step_limit() {
    let mut e = Engine::from_rust("grow.chalk", GROW)
        .unwrap()
        .with_limits(knot::Limits {
            max_steps: 20_000,
            ..knot::Limits::default()
        });
    EgraphNormalizer::install(&mut e.store, &mut e.program, Default::default());
    let a = e.answers("<S as Tr>::A = u32").unwrap();
    assert_eq!(
        a.outcome.overflow(),
        Some(knot::StopReason::Steps(20_000)),
        "{}",
        a.chalk()
    );
}

/// A user item hides prelude items by name, found in the AST: `struct T;` is not the parameter `T`
/// of `impl<T: Clone> Clone for Vec<T>`.
#[test]
fn prelude_hiding_walks_names() {
    let mut e = Engine::from_rust("b.rs", "struct T;").unwrap();
    assert_eq!(e.answers("Vec<u32>: Clone").unwrap().chalk(), "Unique");
    // A user `Vec` does hide the prelude's `Vec` and its impls.
    let mut e = Engine::from_rust("v.rs", "struct Vec<T> {}").unwrap();
    assert_eq!(
        e.answers("Vec<u32>: Clone").unwrap().chalk(),
        "No possible solution"
    );
}

/// `'$placeholder'/1` runs in the machine, so the goal checker accepts it.
#[test]
fn placeholder_goal_is_accepted() {
    let mut e = Engine::from_clauses("p.pl", "p(a).").unwrap();
    let a = e.answers("forall(X, '$placeholder'(X))").unwrap();
    assert_eq!(a.solution_text, "true.");
}

fn many_pl() -> String {
    let mut src: String = (0..70).map(|i| format!("p(f({i})).\n")).collect();
    src.push_str("p(g(0)).\n");
    src
}

/// 70 answers `p(f(_))` and one `p(g(0))`: past the answers aggregation looks at, no definite
/// guidance (the library and the command line alike).
#[test]
fn truncated_answer_set_is_not_definite() {
    let mut e = Engine::from_clauses("many.pl", &many_pl()).unwrap();
    let a = e.answers("p(X)").unwrap();
    assert_eq!(a.answers.len(), 71);
    assert!(
        !matches!(a.solution, Solution::Ambiguous(Guidance::Definite(_))),
        "{:?}",
        a.solution
    );
    // 65 answers of one shape are still definite guidance.
    let few: String = (0..65).map(|i| format!("p(f({i})).\n")).collect();
    let mut e = Engine::from_clauses("few.pl", &few).unwrap();
    assert!(matches!(
        e.answers("p(X)").unwrap().solution,
        Solution::Ambiguous(Guidance::Definite(_))
    ));

    let dir = tempfile::Builder::new()
        .prefix("knot-session-")
        .tempdir()
        .unwrap();
    let f = dir.path().join("many.pl");
    std::fs::write(&f, many_pl()).unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_knot"))
        .args([
            "query",
            f.to_str().unwrap(),
            "--goal",
            "p(X)",
            "--format",
            "chalk",
        ])
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        text.starts_with("Ambiguous") && !text.to_lowercase().contains("definite"),
        "{text}"
    );
}

/// Every `rules/...:N` an explanation cites is a line of that file.
#[test]
fn explanations_cite_lines_that_exist() {
    let dir = tempfile::Builder::new()
        .prefix("knot-session-lang-")
        .tempdir()
        .unwrap();
    let f = dir.path().join("lang.chalk");
    std::fs::write(
        &f,
        "#[lang(copy)] trait Copy {}\nstruct Foo {}\nimpl Copy for Foo {}\n",
    )
    .unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_knot"))
        .args([
            "query",
            f.to_str().unwrap(),
            "--goal",
            "(Foo, Foo): Copy",
            "--explain",
        ])
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    let mut cited = 0;
    for (at, _) in text.match_indices("rules/") {
        let rest = &text[at..];
        let end = rest
            .find(|c: char| !(c.is_ascii_alphanumeric() || "_./:".contains(c)))
            .unwrap_or(rest.len());
        let mut parts = rest[..end].split(':');
        let (Some(file), Some(line)) = (parts.next(), parts.next()) else {
            continue;
        };
        let Ok(line) = line.parse::<usize>() else {
            continue;
        };
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join(file);
        let lines = std::fs::read_to_string(&path)
            .unwrap_or_else(|_| panic!("explanation cites {file}, which does not exist:\n{text}"))
            .lines()
            .count();
        assert!(
            line <= lines,
            "{file}:{line} cited; the file has {lines} lines"
        );
        cited += 1;
    }
    assert!(cited > 0, "no rules file cited:\n{text}");
}

/// `:- coinductive c/0.` alone (no `:- table`) makes the cycle `c :- c` hold.
#[test]
fn coinductive_directive_without_table() {
    for s in ["slg", "recursive"] {
        let mut e = Engine::from_clauses("co.pl", ":- coinductive c/0.\nc :- c.\n")
            .unwrap()
            .with_strategy(s);
        assert_eq!(e.answers("c").unwrap().solution_text, "true.", "{s}");
    }
}

/// A new program in the very place of the old one (the same address) is a new generation: no
/// strategy answers from the old program's cache.
#[test]
fn caches_are_keyed_by_generation_not_address() {
    for s in ["slg", "recursive"] {
        let mut e = Engine::from_clauses("a.pl", ":- table p/1.\np(1).\n")
            .unwrap()
            .with_strategy(s);
        assert_eq!(e.answers("p(X)").unwrap().texts, ["X = 1."], "{s}");
        let before = e.program.generation();
        let (fact, names) = e.parse_goal("p(2)").unwrap();
        let mut second = Program::new();
        second.tabled = e.program.tabled.clone();
        second
            .add_clause_term(&mut e.store, fact, names, None)
            .unwrap();
        // Same field, same address: only the generation tells the programs apart.
        e.program = second;
        assert_ne!(e.program.generation(), before);
        assert_eq!(e.answers("p(X)").unwrap().texts, ["X = 2."], "{s}");
    }
}

/// A program's generation changes with every change made through its methods.
#[test]
fn generation_changes_on_change() {
    let mut e = Engine::from_clauses("a.pl", "p(1).").unwrap();
    let g0 = e.program.generation();
    let (fact, names) = e.parse_goal("p(3)").unwrap();
    e.program
        .add_clause_term(&mut e.store, fact, names, None)
        .unwrap();
    let g1 = e.program.generation();
    assert_ne!(g0, g1);
    e.program.touch();
    assert_ne!(g1, e.program.generation());
    assert_eq!(e.answers("p(X)").unwrap().answers.len(), 2);
}

/// Run `f` on an ordinary thread (a 2 MiB stack, as `std::thread::spawn` gives).
fn on_small_stack<T: Send + 'static>(f: impl FnOnce() -> T + Send + 'static) -> T {
    std::thread::Builder::new()
        .stack_size(2 << 20)
        .spawn(f)
        .unwrap()
        .join()
        .expect("the library call overflowed or panicked")
}

/// A term nested 5,000 deep, loaded and solved from the library on an ordinary thread.
#[test]
fn deep_term_from_library_on_an_ordinary_thread() {
    let n = on_small_stack(|| {
        let depth = 5_000;
        let mut src = String::from("p(");
        src.push_str(&"f(".repeat(depth));
        src.push('a');
        src.push_str(&")".repeat(depth));
        src.push_str(").\n");
        let mut e = Engine::from_clauses("deep.pl", &src).unwrap();
        e.answers("p(X)").unwrap().answers.len()
    });
    assert_eq!(n, 1);
}

/// A 50,000-goal body with one `\+`, loaded and solved from the library on an ordinary thread.
#[test]
fn long_body_with_negation_on_an_ordinary_thread() {
    let text = on_small_stack(|| {
        let mut src = String::from("a.\nq :- ");
        for _ in 0..50_000 {
            src.push_str("a, ");
        }
        src.push_str("\\+ b.\n:- dynamic b/0.\n");
        let mut e = Engine::from_clauses("long.pl", &src).unwrap();
        e.answers("q").unwrap().solution_text
    });
    assert_eq!(text, "true.");
}

/// Depth-first search stopped at its depth limit on a cycle: the goal list it leaves (as long as the
/// search was deep) is dropped on an ordinary thread without overflowing the stack.
#[test]
fn sld_at_its_depth_limit_on_an_ordinary_thread() {
    let text = on_small_stack(|| {
        let src = "
            #[coinductive] trait C1 {}
            trait C2 {}
            struct X {}
            struct Y {}
            forall<A, B> { A: C1 if B: C1, B = X, A: C2 }
            impl C2 for Y {}
        ";
        let mut e = Engine::from_rust("cycle.chalk", src)
            .unwrap()
            .with_strategy("sld");
        e.answers("Y: C1").unwrap().chalk_text
    });
    // Depth-first search cannot close the cycle: unknown, never "no".
    assert_eq!(text, "Ambiguous; no inference guidance");
}

/// The command line uses only the public API, and the library never imports the command line.
#[test]
fn layering() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut stack = vec![root.clone()];
    while let Some(dir) = stack.pop() {
        for entry in std::fs::read_dir(&dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                stack.push(path);
                continue;
            }
            if path.extension().and_then(|x| x.to_str()) != Some("rs") {
                continue;
            }
            let text = std::fs::read_to_string(&path).unwrap();
            let rel = path
                .strip_prefix(&root)
                .unwrap()
                .to_string_lossy()
                .to_string();
            let in_cli = rel.starts_with("cli") || rel.starts_with("bin");
            for (i, line) in text.lines().enumerate() {
                if !in_cli {
                    assert!(!line.contains("crate::cli"), "src/{rel}:{}: {line}", i + 1);
                } else {
                    // Only what `lib.rs` re-exports at the crate root: no module path at all.
                    for m in [
                        "syntax",
                        "lower",
                        "program",
                        "normalize",
                        "term",
                        "solve",
                        "render",
                        "explain",
                        "coherence",
                        "error",
                        "suggest",
                        "resolve",
                        "engine",
                        "load",
                        "builtins",
                        "workspace",
                    ] {
                        assert!(
                            !line.contains(&format!("crate::{m}::")),
                            "src/{rel}:{}: the CLI reaches into `{m}`: {line}",
                            i + 1
                        );
                    }
                }
            }
        }
    }
}

/// A `from_env` chain that no hypothesis ends (the std model has one per supertrait and field) is
/// failed without tables outside hypotheses, and still holds under one.
#[test]
fn from_env_chains_without_hypotheses_open_no_tables() {
    let src = "struct S;\ntrait Tr: Ord {}\n";
    for strategy in ["slg", "recursive"] {
        let mut e = Engine::from_rust("s.rs", src)
            .unwrap()
            .with_strategy(strategy);
        let a = e.answers("S: Sized").unwrap();
        assert_eq!(a.chalk(), "Unique");
        // `Sized` and the lang-item rules it bridges to; the 60-odd `from_env(..)` chains of the
        // std model's supertraits and fields are not tabled.
        assert!(
            a.outcome.stats.tables < 10,
            "{strategy}: {:?}",
            a.outcome.stats
        );
        // Under a hypothesis they are followed: `T: Tr` implies `T: Ord`, `T: PartialEq`.
        let a = e
            .answers("forall<T> { if (T: Tr) { T: PartialEq } }")
            .unwrap();
        assert!(a.chalk().starts_with("Unique"), "{strategy}: {}", a.chalk());
        let a = e.answers("forall<T> { T: PartialEq }").unwrap();
        assert!(
            !a.chalk().starts_with("Unique"),
            "{strategy}: {}",
            a.chalk()
        );
    }
}

/// An explanation's searches share one time budget: with none left, every goal's verdict is an
/// overflow at once (not a fresh full timeout per node, which made `--explain` run many times past
/// `--timeout`).
#[test]
fn explanation_without_time_left_is_overflow_at_once() {
    let src = "a. a. a.\np :- a, a, a, a, a, a, a, a, fail.\n";
    let mut loaded = knot::load_clauses("expo.pl".into(), src).unwrap();
    let (goal, _) = loaded.parse_goal("p").unwrap();
    let limits = knot::Limits {
        timeout: Some(std::time::Duration::ZERO),
        ..knot::Limits::default()
    };
    let mut ex = knot::Explainer::new(&mut loaded.store, &loaded.program, None, "slg", &limits);
    let tree = ex.explain(goal);
    assert_eq!(tree.verdict, knot::Verdict::Overflow);
    // With time, the same goal fails (3^8 branches).
    let limits = knot::Limits::default();
    let mut ex = knot::Explainer::new(&mut loaded.store, &loaded.program, None, "slg", &limits);
    assert_eq!(ex.explain(goal).verdict, knot::Verdict::Fails);
}
