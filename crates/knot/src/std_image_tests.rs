use crate::load::{load_rust_with, Loaded};
use crate::std_image::{build, library, lower_alone, prepare, usable};
use crate::syntax::ast::ItemKind;
use crate::LowerOptions;

/// The image the build script wrote is this build's (its key matches), and it is used.
#[test]
fn the_image_is_current() {
    crate::artefacts::install();
    let fresh = build().expect("the std model lowers");
    assert_eq!(
        &fresh[..8],
        &crate::artefacts::STD_IMAGE[..8],
        "the built-in image's key is this build's"
    );
    assert!(prepare().is_some(), "the image built in is used");
    assert!(!library().items.is_empty(), "the image holds the std items");
}

/// A program's ADTs get the rule of each std auto trait without the trait's definition (it is in
/// the image): that is right only while no std auto trait has a supertrait or where-clause.
#[test]
fn std_auto_traits_have_no_bounds() {
    let (_, _, resolved) = lower_alone().expect("the std model lowers");
    for item in &resolved.library.items {
        if let ItemKind::Trait(t) = &item.kind {
            if item.attr("auto").is_some() {
                assert!(
                    t.supertraits.is_empty() && t.where_clauses.is_empty(),
                    "{}",
                    t.name.name
                );
            }
        }
    }
}

/// The clauses, declarations and warnings of a loaded program, as sorted text (store ids and the
/// order of the std model's and the program's clauses differ between the two ways).
fn summary(l: &Loaded) -> Vec<String> {
    let p = &l.program;
    let mut out: Vec<String> = p
        .clauses()
        .iter()
        .map(|c| {
            let names = |i: u32| {
                c.var_names()
                    .get(i as usize)
                    .map(|n| n.to_string())
                    .unwrap_or_else(|| crate::syntax::print::default_var_name(i))
            };
            let text = crate::syntax::print::term_to_string(&l.store, c.term, &names, 1200);
            let at = c.span().as_ref().map(|s| s.to_string()).unwrap_or_default();
            format!("{text} @ {at} {:?}", c.origin())
        })
        .collect();
    let name = |(f, n): &crate::program::Pred| format!("{}/{n}", l.store.name(*f));
    for (kind, set) in [
        ("tabled", &p.tabled),
        ("coinductive", &p.coinductive),
        ("non_enumerable", &p.non_enumerable),
        ("declared", &p.declared),
    ] {
        out.extend(set.iter().map(|x| format!("{kind} {}", name(x))));
    }
    out.extend(p.warnings.iter().map(|w| format!("warning {w}")));
    out.push(format!(
        "flags {} {} {} {} {} {} {}",
        p.dialect.unknown_error,
        p.dialect.defer_floundering_negation,
        p.dialect.chalk_goal_order,
        p.dialect.flounder_as_ambiguous,
        p.dialect.outlives_components,
        p.dialect.fail_unprovable,
        p.variances.len()
    ));
    out.sort();
    out
}

/// On every `.rs` program of the test corpus that the image serves, lowering on the image gives
/// the clauses lowering with the std model gives.
#[test]
fn the_image_gives_what_lowering_with_the_std_model_gives() {
    let root = concat!(env!("CARGO_MANIFEST_DIR"), "/../..");
    let mut files: Vec<std::path::PathBuf> = Vec::new();
    for dir in ["tests/rust", "programs", "tests/bad", "examples"] {
        let Ok(rd) = std::fs::read_dir(format!("{root}/{dir}")) else {
            continue;
        };
        files.extend(
            rd.flatten()
                .map(|e| e.path())
                .filter(|p| p.extension().is_some_and(|e| e == "rs")),
        );
    }
    files.sort();
    let opts = LowerOptions::default();
    let (mut compared, mut served) = (0, 0);
    for f in &files {
        let Ok(src) = std::fs::read_to_string(f) else {
            continue;
        };
        let name: std::sync::Arc<str> = f.to_string_lossy().into();
        let slow = load_rust_with(name.clone(), &src, true, &opts, false);
        let fast = load_rust_with(name.clone(), &src, true, &opts, true);
        match (slow, fast) {
            (Ok(a), Ok(b)) => {
                compared += 1;
                if matches!(b.library, Some(crate::load::Library::Image)) {
                    served += 1;
                }
                let (sa, sb) = (summary(&a), summary(&b));
                if sa != sb {
                    let count = |v: &[String]| {
                        let mut m: rustc_hash::FxHashMap<String, i64> = Default::default();
                        for l in v {
                            *m.entry(l.clone()).or_default() += 1;
                        }
                        m
                    };
                    let (ca, cb) = (count(&sa), count(&sb));
                    let diff: Vec<_> = ca
                        .iter()
                        .map(|(l, n)| (l, n - cb.get(l).copied().unwrap_or(0)))
                        .chain(
                            cb.iter()
                                .filter(|(l, _)| !ca.contains_key(*l))
                                .map(|(l, n)| (l, -n)),
                        )
                        .filter(|(_, d)| *d != 0)
                        .take(8)
                        .collect();
                    panic!("{name}: lines without the image minus with it: {diff:#?}");
                }
            }
            (Err(a), Err(b)) => assert_eq!(a.to_string(), b.to_string(), "{name}"),
            (a, b) => panic!(
                "{name}: without the image {:?}, with it {:?}",
                a.err().map(|e| e.to_string()),
                b.err().map(|e| e.to_string())
            ),
        }
    }
    assert!(compared >= 60, "only {compared} programs compared");
    assert!(
        served * 2 >= compared,
        "the image served {served} of {compared}"
    );
}

/// The image serves a program only when the program cannot change the std model.
#[test]
fn the_image_serves_only_programs_that_cannot_change_the_std_model() {
    let parse = |src: &str| crate::syntax::rust::parse_crate(&"t.rs".into(), src).unwrap();
    let opts = LowerOptions {
        rust_rules: true,
        ..LowerOptions::default()
    };
    for (src, want) in [
        ("struct S; unsafe impl Send for S {}", true),
        ("mod m { pub struct S; } unsafe impl Sync for m::S {}", true),
        // rustc's orphan rule forbids it; the std type's structural rule would be replaced.
        ("struct S; unsafe impl Send for Vec<S> {}", false),
        ("struct S; type A = S; unsafe impl Send for A {}", false),
        ("struct Vec;", false),
        ("mod a { pub struct Option; }", false),
        ("#[lang(sized)] trait Sized {}", false),
        ("auto trait Mine {}", false),
    ] {
        assert_eq!(usable(&parse(src), &opts), want, "{src}");
    }
    let all = LowerOptions {
        coinductive_all: true,
        ..opts.clone()
    };
    assert!(!usable(&parse("struct S;"), &all));
    let open_world = LowerOptions {
        intercrate: true,
        ..opts
    };
    assert!(!usable(&parse("struct S;"), &open_world));
}
