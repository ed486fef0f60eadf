//! The `.rs` front end's fast path (`syntax/rust_fast.rs`) against `syn`: on random programs mixing
//! the items it reads with items and text it must leave to `syn` (attributes, lifetimes, functions,
//! doc comments, syntax errors, keywords as names, non-ASCII comments), parsing with the fast path
//! gives what parsing with `syn` alone gives: the same items with the same spans, the same warnings,
//! the same error.

use super::super::rust::{line_starts, parse_crate_with};
use proptest::prelude::*;
use std::sync::Arc;

use super::Rng as Gen;

const NAMES: &[&str] = &[
    "A", "B", "Tr", "S", "W", "T0", "x_1", "union", "auto", "Self",
];

fn path(g: &mut Gen, depth: usize) -> String {
    let mut p = g
        .pick(&["A", "Tr", "Clone", "std::fmt::Debug", "m::Tr", "Sized"])
        .to_string();
    if depth < 3 && g.below(3) == 0 {
        let n = 1 + g.below(2);
        let args: Vec<String> = (0..n).map(|_| ty(g, depth + 1)).collect();
        p = format!(
            "{p}<{}{}>",
            args.join(", "),
            if g.below(4) == 0 { "," } else { "" }
        );
    }
    p
}

fn ty(g: &mut Gen, depth: usize) -> String {
    match if depth > 3 { 0 } else { g.below(40) } {
        0 | 1 => g
            .pick(&["T", "u8", "str", "S", "X", "Self", "Self::A", "a::B"])
            .into(),
        2 | 3 => format!("W<{}>", ty(g, depth + 1)),
        4 => format!("Vec<{}, {}>", ty(g, depth + 1), ty(g, depth + 1)),
        5 => format!("({})", ty(g, depth + 1)),
        6 => format!("({},)", ty(g, depth + 1)),
        7 => "()".into(),
        8 => format!("[{}]", ty(g, depth + 1)),
        9 => format!("({}, {})", ty(g, depth + 1), ty(g, depth + 1)),
        // Left to syn.
        10 => g
            .pick(&[
                "&'a T",
                "&T",
                "*const T",
                "[u8; 3]",
                "dyn Tr",
                "_",
                "fn()",
                "a::B<T>::C",
            ])
            .into(),
        11 => g
            .pick(&["W<>", "W<T", "::a::B", "B::<T>", "r#type", "é"])
            .into(),
        _ => g
            .pick(&["T", "u8", "S", "W<T>", "Vec<u8>", "Self::A"])
            .into(),
    }
}

fn bounds(g: &mut Gen) -> String {
    let n = 1 + g.below(3);
    let bs: Vec<String> = (0..n)
        .map(|_| match g.below(40) {
            0..=3 => "?Sized".into(),
            4 => "'a".into(),
            5 => "for<'b> Tr".into(),
            6 => "Fn(u8) -> u8".into(),
            _ => path(g, 0),
        })
        .collect();
    let trailing = if g.below(40) == 0 { " +" } else { "" };
    format!("{}{trailing}", bs.join(" + "))
}

fn generics(g: &mut Gen) -> String {
    match g.below(20) {
        0..=7 => String::new(),
        8..=11 => "<T>".into(),
        12..=17 => format!("<T: {}, U>", bounds(g)),
        _ => g
            .pick(&[
                "<'a, T>",
                "<T = u8>",
                "<const N: usize>",
                "<>",
                "<T,>",
                "<T:>",
            ])
            .into(),
    }
}

fn where_clause(g: &mut Gen) -> String {
    match g.below(4) {
        0 | 1 => String::new(),
        2 => format!(" where {}: {}", ty(g, 1), bounds(g)),
        _ => format!(
            " where {}: {}, {}: {}{}",
            ty(g, 1),
            bounds(g),
            ty(g, 1),
            bounds(g),
            if g.below(2) == 0 { "," } else { "" }
        ),
    }
}

fn item(g: &mut Gen) -> String {
    let vis = if g.below(6) == 0 { "pub " } else { "" };
    let name = g.pick(NAMES);
    match g.below(40) {
        0..=8 => {
            let body = match g.below(5) {
                0 => format!("{};", where_clause(g)),
                1 => format!("({}, pub {}){};", ty(g, 0), ty(g, 0), where_clause(g)),
                2 => format!("{} {{}}", where_clause(g)),
                _ => format!(
                    "{} {{ x: {}, pub y: {}{} }}",
                    where_clause(g),
                    ty(g, 0),
                    ty(g, 0),
                    if g.below(2) == 0 { "," } else { "" }
                ),
            };
            format!("{vis}struct {name}{}{body}", generics(g))
        }
        9..=16 => {
            let supers = if g.below(2) == 0 {
                format!(": {}", bounds(g))
            } else {
                String::new()
            };
            let body = g.pick(&["{}", "{}", "{}", "{}", "{ type A; }", "{ fn f(); }"]);
            format!(
                "{vis}trait {name}{}{supers}{} {body}",
                generics(g),
                where_clause(g)
            )
        }
        17..=30 => {
            let body = g.pick(&["{}", "{}", "{}", "{}", "{}", "{ type A = u8; }"]);
            format!(
                "{vis}impl{} {} for {}{} {body}",
                generics(g),
                path(g, 0),
                ty(g, 0),
                where_clause(g)
            )
        }
        31 | 32 => g
            .pick(&[
                "fn f() {}",
                "#[derive(Clone)] struct D;",
                "use std::fmt::Debug;",
                "mod m { pub trait Tr {} }",
                "impl S {}",
                "impl !Send for S {}",
                "unsafe impl Send for S {}",
                "pub struct P;",
                "macro_rules! m { () => { struct M; } }\nm!();",
                "enum E { A, B(u8) }",
                "type Al = u8;",
            ])
            .into(),
        33 => g
            .pick(&[
                "struct ;",
                "impl Tr for {}",
                "struct fn {}",
                "trait",
                "impl<T> Tr for S<T> {",
                "}",
            ])
            .into(),
        34 => g
            .pick(&[
                "/// doc\nstruct Doc;",
                "//! inner\n",
                "/** doc */ struct Doc;",
            ])
            .into(),
        _ => format!("impl{} {} for {} {{}}", generics(g), path(g, 0), ty(g, 0)),
    }
}

fn layout(g: &mut Gen) -> &'static str {
    g.pick(&[
        "\n",
        "\n",
        "\n\n",
        " ",
        "\t",
        "\n// a comment\n",
        " /* c /* nested */ */ ",
        "\r\n",
        "\n    ",
        " // é\n",
        "\n/*\n*/\n",
    ])
}

fn program(seed: u64) -> String {
    let mut g = Gen(seed | 1);
    let n = 1 + g.below(8);
    let mut s = String::new();
    if g.below(3) == 0 {
        s.push_str(layout(&mut g));
    }
    for _ in 0..n {
        s.push_str(&item(&mut g));
        s.push_str(layout(&mut g));
    }
    s
}

/// Both parses of `src`, as text (items and warnings, or the error).
fn both(src: &str) -> (String, String) {
    let file: Arc<str> = "t.rs".into();
    let show = |fast: bool| match parse_crate_with(&file, src, fast) {
        Ok(c) => format!("{:?}\n{:?}", c.root, c.warnings),
        Err(e) => format!("error: {e:?}"),
    };
    (show(true), show(false))
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(3000))]
    #[test]
    fn fast_path_reads_what_syn_reads(seed in any::<u64>()) {
        let src = program(seed);
        let (fast, slow) = both(&src);
        if fast != slow {
            let at = fast.bytes().zip(slow.bytes()).take_while(|(a, b)| a == b).count();
            let from = at.saturating_sub(300);
            prop_assert!(
                false,
                "program:\n{}\nfast: ...{}\nsyn:  ...{}",
                src,
                fast.get(from..(at + 200).min(fast.len())).unwrap_or(""),
                slow.get(from..(at + 200).min(slow.len())).unwrap_or("")
            );
        }
    }
}

#[test]
fn the_fast_path_reads_plain_items_and_hands_the_rest_to_syn() {
    let file: Arc<str> = "t.rs".into();
    let plain = "trait T0 {}\nstruct S0 {}\npub struct W<X> { x: X }\n\
                 impl<X> T0 for W<X> where X: T0 + ?Sized {}\nimpl T0 for S0 {}\n";
    let src = format!("{plain}fn f() {{}}\nimpl T0 for (S0,) {{}}\n");
    let mut items = Vec::new();
    let lines = line_starts(&src);
    // Every plain item is read; syn takes over at the line of `fn f`.
    let stop = super::super::rust_fast::read_items(&file, &src, &lines, &mut items);
    assert_eq!((stop, items.len()), (plain.len(), 5));
    let all =
        super::super::rust_fast::read_items(&file, plain, &line_starts(plain), &mut Vec::new());
    assert_eq!(all, plain.len());
    // An item read by syn after the fast ones keeps its place and its line.
    let c = parse_crate_with(&file, &src, true).unwrap();
    assert_eq!(c.root.items.len(), 6);
    assert_eq!(c.root.items[5].span.line, 7);
    let (fast, slow) = both(&src);
    assert_eq!(fast, slow);
    // Nothing is read when syn would have to start in the middle of a line.
    let mut none = Vec::new();
    let mixed = "struct A; fn f() {}\n";
    let lines = line_starts(mixed);
    assert_eq!(
        super::super::rust_fast::read_items(&file, mixed, &lines, &mut none),
        0
    );
    assert!(none.is_empty());
}

#[test]
fn the_random_programs_exercise_the_fast_path() {
    // The generator is only a test of the fast path where the fast path reads items: count the
    // programs of which it reads some, and those of which it reads all.
    let file: Arc<str> = "t.rs".into();
    let (mut some, mut all) = (0, 0);
    for seed in 0..2000u64 {
        let src = program(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15));
        let lines = line_starts(&src);
        let mut items = Vec::new();
        let stop = super::super::rust_fast::read_items(&file, &src, &lines, &mut items);
        some += usize::from(!items.is_empty());
        all += usize::from(stop == src.len());
    }
    assert!(
        some > 400 && all > 100,
        "{some} programs partly read, {all} wholly"
    );
}

#[test]
fn every_rust_file_of_the_repository_reads_the_same_with_the_fast_path() {
    let root = std::path::Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/../.."));
    let mut stack = vec![
        root.join("programs"),
        root.join("tests"),
        root.join("rules"),
    ];
    let mut files = 0;
    while let Some(dir) = stack.pop() {
        let Ok(entries) = std::fs::read_dir(&dir) else {
            continue;
        };
        for e in entries.flatten() {
            let p = e.path();
            if p.is_dir() {
                stack.push(p);
            } else if p.extension().is_some_and(|x| x == "rs") {
                let Ok(src) = std::fs::read_to_string(&p) else {
                    continue;
                };
                let (fast, slow) = both(&src);
                assert!(fast == slow, "{} reads differently", p.display());
                files += 1;
            }
        }
    }
    assert!(files > 100, "only {files} files");
}
