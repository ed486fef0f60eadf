//! A small tool built on knot's library API: list every type of a program that implements `Send`.
//!
//! Run: `cargo run --example embed` (a built-in program) or `cargo run --example embed -- FILE.rs`.
//! `List` is `Send` through a cycle (`List` -> `Boxed<List>` -> `List`): auto traits are coinductive.

use knot::{Engine, Solution};

const DEMO: &str = "
#[auto] trait Send {}
struct Raw {}
impl !Send for Raw {}
struct Plain { a: u32, b: bool }
struct HoldsRaw { r: Raw }
struct Wrapper<T> { inner: T }
struct Boxed<T> { ptr: *const T }
impl<T> Send for Boxed<T> where T: Send {}
struct List { next: Boxed<List> }
";

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let mut engine = match std::env::args().nth(1) {
        Some(path) => Engine::from_path(&path)?,
        None => Engine::from_rust("demo.chalk", DEMO)?,
    };
    let items = engine.items.clone().ok_or("not a Rust-like program")?;
    for (name, params) in items.types_with_params() {
        let params: Vec<&str> = params
            .into_iter()
            .filter(|n| !n.starts_with('\''))
            .collect();
        if params.is_empty() {
            let answer = engine.answers(&format!("{name}: Send"))?;
            let verdict = match answer.solution {
                Solution::Unique(_) => "is Send",
                Solution::NoSolution => "is not Send",
                _ => "may be Send (ambiguous or overflow)",
            };
            println!("{name:<12} {verdict}");
        } else {
            // A generic type: Send for every choice of parameters, or when they are Send?
            let ps = params.join(", ");
            let ty = format!("{name}<{ps}>");
            let always = engine.answers(&format!("forall<{ps}> {{ {ty}: Send }}"))?;
            let bounds: Vec<String> = params.iter().map(|p| format!("{p}: Send")).collect();
            let when = engine.answers(&format!(
                "forall<{ps}> {{ if ({}) {{ {ty}: Send }} }}",
                bounds.join("; ")
            ))?;
            let verdict = match (&always.solution, &when.solution) {
                (Solution::Unique(_), _) => "is always Send".to_string(),
                (_, Solution::Unique(_)) => format!("is Send when {}", bounds.join(", ")),
                _ => "is not Send".to_string(),
            };
            println!("{ty:<12} {verdict}");
        }
    }
    Ok(())
}
