//! Sound coinduction under `--coinductive all`: a productive cycle through an impl holds, but a cycle
//! may not prove a supertrait, and answers that grow around a cycle end in Overflow (both tabling
//! strategies).

mod common;
use common::{stdout, TempFile};
use std::process::Command;

fn ask(file: &TempFile, goal: &str, strategy: &str, extra: &[&str]) -> String {
    let out = Command::new(env!("CARGO_BIN_EXE_knot"))
        .args(["query", file.path(), "--goal", goal, "--strategy", strategy])
        .args(["--timeout", "60"])
        .args(extra)
        .output()
        .expect("knot runs");
    stdout(&out).lines().next().unwrap_or("").to_string()
}

const STRATEGIES: [&str; 2] = ["slg", "recursive"];

#[test]
fn a_self_impl_holds_only_coinductively() {
    let f = TempFile::new(
        "self_impl.chalk",
        "trait Foo {}\nstruct Byte {}\nimpl<T> Foo for T where T: Foo {}\n",
    );
    for s in STRATEGIES {
        assert_eq!(
            ask(&f, "Byte: Foo", s, &["--format", "chalk"]),
            "No possible solution",
            "{s}"
        );
        let all = ask(
            &f,
            "Byte: Foo",
            s,
            &["--format", "chalk", "--coinductive", "all"],
        );
        assert_eq!(all, "Unique", "{s}");
    }
}

#[test]
fn a_coinductive_cycle_does_not_prove_the_supertrait() {
    let f = TempFile::new(
        "hazard.chalk",
        "trait Super {}\ntrait Sub where Self: Super {}\nstruct Byte {}\nimpl<T> Sub for T where T: Sub {}\n",
    );
    for s in STRATEGIES {
        for mode in ["default", "all"] {
            for g in ["Byte: Sub", "Byte: Super"] {
                let a = ask(&f, g, s, &["--format", "chalk", "--coinductive", mode]);
                assert_eq!(a, "No possible solution", "{s} {mode} {g}");
            }
        }
    }
}

#[test]
fn a_supertrait_that_holds_lets_the_cycle_hold() {
    let f = TempFile::new(
        "hazard_ok.chalk",
        "trait Super {}\ntrait Sub where Self: Super {}\nstruct Byte {}\nimpl Super for Byte {}\nimpl<T> Sub for T where T: Sub {}\n",
    );
    for s in STRATEGIES {
        let a = ask(
            &f,
            "Byte: Sub",
            s,
            &["--format", "chalk", "--coinductive", "all"],
        );
        assert_eq!(a, "Unique", "{s}");
    }
}

#[test]
fn answers_growing_around_a_cycle_overflow() {
    let f = TempFile::new(
        "growth.chalk",
        "trait Tr {}\nstruct W<T> {}\nimpl<T, U> Tr for W<(W<T>, W<U>)> where W<T>: Tr, W<U>: Tr {}\n",
    );
    for s in STRATEGIES {
        let a = ask(&f, "exists<X> { W<X>: Tr }", s, &["--coinductive", "all"]);
        assert!(a.contains("fixpoint iteration limit"), "{s}: {a}");
        // Inductively the cycle has no base case: no solution.
        assert_eq!(ask(&f, "exists<X> { W<X>: Tr }", s, &[]), "false.", "{s}");
    }
}
