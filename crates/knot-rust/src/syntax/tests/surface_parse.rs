//! Surface parser tests: the chalk corpus, the check programs, error locations, robustness, and
//! AST shapes.

use std::sync::Arc;

use crate::error::Error;
use crate::syntax::ast::*;
use crate::syntax::surface::{parse_goal, parse_program, parse_type, MAX_NESTING};

const CORPUS: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/../../tests/data/chalk/chalk-dev.jsonl"
);
const CHECK_PROGRAMS: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/../../tests/data/check-programs"
);

fn file(name: &str) -> Arc<str> {
    Arc::from(name)
}

/// The corpus cases: (case name, program, goal).
fn corpus() -> Vec<(String, String, String)> {
    let text = std::fs::read_to_string(CORPUS)
        .unwrap_or_else(|e| panic!("cannot read corpus {CORPUS}: {e}"));
    text.lines()
        .filter(|l| !l.trim().is_empty())
        .map(|l| {
            let v: serde_json::Value = serde_json::from_str(l).expect("corpus line is JSON");
            let s = |k: &str| {
                v[k].as_str()
                    .unwrap_or_else(|| panic!("corpus field {k} missing"))
                    .to_string()
            };
            (
                format!("{}/{}#{}", s("file"), s("test"), v["index"]),
                s("program"),
                s("goal"),
            )
        })
        .collect()
}

#[test]
fn corpus_programs_and_goals_parse() {
    let cases = corpus();
    let (mut programs, mut goals) = (0, 0);
    let mut failures = Vec::new();
    for (name, program, goal) in &cases {
        match parse_program(&file("<program>"), program) {
            Ok(_) => programs += 1,
            Err(e) => failures.push(format!("{name} (program): {e}")),
        }
        match parse_goal(&file("<goal>"), goal) {
            Ok(_) => goals += 1,
            Err(e) => failures.push(format!("{name} (goal): {e}")),
        }
    }
    for f in failures.iter().take(10) {
        eprintln!("{f}\n");
    }
    assert!(
        failures.is_empty(),
        "{} corpus failures (first ones above)",
        failures.len()
    );
    assert_eq!(cases.len(), 697);
    assert_eq!((programs, goals), (697, 697));
}

#[test]
fn check_programs_parse() {
    let mut seen = 0;
    let mut names = Vec::new();
    for entry in std::fs::read_dir(CHECK_PROGRAMS).expect("check programs directory") {
        let path = entry.expect("dir entry").path();
        let ext = path.extension().and_then(|e| e.to_str()).unwrap_or("");
        if ext != "chalk" && ext != "rs" {
            continue;
        }
        let src = std::fs::read_to_string(&path).expect("readable");
        let name = path.display().to_string();
        if let Err(e) = parse_program(&file(&name), &src) {
            panic!("{name} does not parse:\n{e}");
        }
        names.push(
            path.file_name()
                .and_then(|n| n.to_str())
                .unwrap_or("")
                .to_string(),
        );
        seen += 1;
    }
    assert!(seen >= 9, "found only {seen} check programs");
    assert!(names.iter().any(|n| n == "seed_pasted.rs"));
}

// ------------------------------------------------------------------ errors

/// Parses `src` as a program and returns the syntax error's (line, col, message).
fn program_error(src: &str) -> (usize, usize, String) {
    match parse_program(&file("t.chalk"), src) {
        Ok(p) => panic!("expected a syntax error, parsed {p:?}"),
        Err(Error::Syntax { span, message, .. }) => (span.line, span.col, message),
        Err(e) => panic!("expected a syntax error, got {e}"),
    }
}

/// Parses `src` as a goal and returns the syntax error's (line, col, message).
fn goal_error(src: &str) -> (usize, usize, String) {
    match parse_goal(&file("<goal>"), src) {
        Ok(g) => panic!("expected a syntax error, parsed {g:?}"),
        Err(Error::Syntax { span, message, .. }) => (span.line, span.col, message),
        Err(e) => panic!("expected a syntax error, got {e}"),
    }
}

fn assert_error(got: (usize, usize, String), line: usize, col: usize, needle: &str) {
    assert_eq!((got.0, got.1), (line, col), "wrong location for: {}", got.2);
    assert!(
        got.2.contains(needle),
        "message {:?} lacks {needle:?}",
        got.2
    );
}

#[test]
fn error_unclosed_brace() {
    assert_error(
        program_error("struct A {}\ntrait Foo {\n  type X;\n"),
        2,
        11,
        "unclosed `{`",
    );
}

#[test]
fn error_missing_for_in_impl() {
    assert_error(
        program_error("struct A {}\nimpl Foo A {}"),
        2,
        10,
        "expected `for`",
    );
}

#[test]
fn error_bad_type() {
    assert_error(
        program_error("struct A {\n    x: ,\n}"),
        2,
        8,
        "expected a type",
    );
    assert_error(
        program_error("impl Foo for u8 {\n    type X = ;\n}"),
        2,
        14,
        "expected a type",
    );
}

#[test]
fn error_unterminated_comment() {
    assert_error(
        program_error("trait Foo {}\n  /* never closed\nstruct A {}"),
        2,
        3,
        "unterminated block comment",
    );
}

#[test]
fn error_deep_nesting() {
    let n = MAX_NESTING + 5;
    let src = format!("struct S {{ f: {}u8{} }}", "Box<".repeat(n), ">".repeat(n));
    let (line, col, msg) = program_error(&src);
    assert_eq!(line, 1);
    assert!(col > 4 * MAX_NESTING && col < 4 * n + 20, "col {col}");
    assert!(msg.contains("nesting too deep"), "{msg}");
    let refs = format!("{}T: Foo", "&".repeat(n));
    assert_error(goal_error(&refs), 1, MAX_NESTING + 1, "nesting too deep");
}

#[test]
fn error_mismatched_and_stray_brackets() {
    assert_error(
        program_error("struct A { x: (u8, u16] }"),
        1,
        23,
        "mismatched closing `]`",
    );
    assert_error(
        program_error("trait A {}\n}"),
        2,
        1,
        "unexpected closing `}`",
    );
}

#[test]
fn error_goal_missing_brace_and_trailing_comma() {
    assert_error(goal_error("exists<T> T: Foo"), 1, 11, "expected `{`");
    assert_error(
        goal_error("forall<T> {\n    T: Foo,\n}"),
        3,
        1,
        "expected a goal",
    );
    assert_error(goal_error("forall<T> { T: }"), 1, 16, "a trait bound");
}

#[test]
fn error_where_clause_and_missing_semicolon() {
    assert_error(program_error("trait Foo { type A }"), 1, 20, "`;`");
    assert_error(program_error("fn f(x: u8) -> u8"), 1, 18, "`;`");
    assert_error(
        program_error("impl<T> Foo for T where T: {}"),
        1,
        28,
        "a trait bound",
    );
}

#[test]
fn error_unterminated_string_and_bad_item() {
    assert_error(
        program_error("#[doc = \"abc]\nstruct A {}"),
        1,
        9,
        "unterminated string",
    );
    assert_error(program_error("struct A {}\nfoo bar;"), 2, 1, "an item");
}

#[test]
fn error_display_has_location_and_caret() {
    let err =
        parse_program(&file("x.chalk"), "trait Foo {}\nimpl Foo u8 {}").expect_err("must fail");
    let text = err.to_string();
    assert!(
        text.starts_with("x.chalk:2:10: syntax error: expected `for`"),
        "{text}"
    );
    assert!(
        text.contains("  | impl Foo u8 {}\n  |          ^"),
        "{text}"
    );
}

// ------------------------------------------------------------------ robustness

use super::Rng;

/// Applies one random mutation to `s` (at a char boundary).
fn mutate(rng: &mut Rng, s: &str) -> String {
    const BITS: &[&str] = &[
        "<",
        ">",
        "(",
        ")",
        "{",
        "}",
        "[",
        "]",
        ",",
        ";",
        ":",
        "::",
        "=",
        "->",
        "'a",
        "&",
        "*",
        "!",
        "dyn ",
        "fn ",
        "for<'a> ",
        "forall<T> ",
        "exists<T> {",
        "if (",
        "not {",
        "#[",
        "/*",
        "*/",
        "//",
        "\"",
        "'",
        "...",
        "impl ",
        "where ",
        " as ",
        "T",
        "0",
        "Foo",
        "\n",
        "?",
        "+",
        "Self::",
        ":-",
    ];
    let chars: Vec<char> = s.chars().collect();
    let at = rng.below(chars.len() + 1);
    let mut out: Vec<char> = chars.clone();
    match rng.below(4) {
        0 => {
            let len = 1 + rng.below(8);
            out.drain(at..(at + len).min(chars.len()));
        }
        1 => {
            let bit = BITS[rng.below(BITS.len())];
            out.splice(at..at, bit.chars());
        }
        2 => {
            let from = rng.below(chars.len());
            let len = rng.below(30);
            let piece: Vec<char> = chars[from..(from + len).min(chars.len())].to_vec();
            out.splice(at..at, piece);
        }
        _ => out.truncate(at),
    }
    out.into_iter().collect()
}

/// Parsing never panics and only fails with syntax errors.
fn check_no_panic(what: &str, src: &str, goal: bool) {
    let f = file("<fuzz>");
    let result = std::panic::catch_unwind(|| {
        if goal {
            parse_goal(&f, src).map(|_| ())
        } else {
            parse_program(&f, src).map(|_| ())
        }
    });
    match result {
        Err(_) => panic!("parser panicked on {what}:\n{src}"),
        Ok(Err(Error::Syntax { .. })) | Ok(Ok(())) => {}
        Ok(Err(e)) => panic!("non-syntax error on {what}: {e}\n{src}"),
    }
}

#[test]
fn fuzz_truncations_and_mutations_do_not_panic() {
    let cases = corpus();
    let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
    let mut runs = 0;
    for (i, (name, program, goal)) in cases.iter().enumerate().step_by(3) {
        // Truncations at a few points.
        let chars: Vec<char> = program.chars().collect();
        for k in 1..4 {
            let cut: String = chars[..chars.len() * k / 4].iter().collect();
            check_no_panic(name, &cut, false);
            runs += 1;
        }
        // Random mutations, sometimes stacked.
        for _ in 0..8 {
            let mut src = program.clone();
            for _ in 0..1 + rng.below(3) {
                src = mutate(&mut rng, &src);
            }
            check_no_panic(name, &src, false);
            runs += 1;
        }
        if i % 2 == 0 {
            for _ in 0..3 {
                check_no_panic(name, &mutate(&mut rng, goal), true);
                runs += 1;
            }
        }
    }
    assert!(runs > 2000, "only {runs} fuzz runs");
}

#[test]
fn deep_but_allowed_nesting_parses() {
    let n = MAX_NESTING - 10;
    let goal = format!("{}T{}: Foo", "Box<".repeat(n), ">".repeat(n));
    parse_goal(&file("<goal>"), &goal).expect("deep types parse");
    let nots = format!("{}T: Foo{}", "not { ".repeat(n / 2), " }".repeat(n / 2));
    parse_goal(&file("<goal>"), &nots).expect("deep goals parse");
    let fns = format!("{}u8: Foo", "fn() -> ".repeat(n));
    parse_goal(&file("<goal>"), &fns).expect("deep fn pointers parse");
}

/// Shapes that made a backtracking grammar exponential must stay fast (this would hang otherwise).
#[test]
fn no_exponential_backtracking() {
    let n = 300;
    let bindings = format!("T: Tr<{}u8{}>", "A<dyn Tr<".repeat(n), ">>".repeat(n));
    parse_goal(&file("<goal>"), &bindings).expect("nested bound arguments parse");
    let parens = format!("{}T{}: Foo", "(".repeat(n), ")".repeat(n));
    parse_goal(&file("<goal>"), &parens).expect("nested parenthesized types parse");
    let bad = format!("{}T: Foo, X{}", "(".repeat(n), ")".repeat(n));
    assert!(parse_goal(&file("<goal>"), &bad).is_err());
    let projections = format!("{}T{}: Foo", "<".repeat(n), " as Tr>::A".repeat(n));
    parse_goal(&file("<goal>"), &projections).expect("nested projections parse");
}

#[test]
fn arbitrary_bytes_do_not_panic() {
    let mut rng = Rng(42);
    let alphabet: Vec<char> = "<>(){}[],;:=&*!'\"#/\\ \nTa0_-+?.é".chars().collect();
    for _ in 0..1500 {
        let len = rng.below(40);
        let s: String = (0..len)
            .map(|_| alphabet[rng.below(alphabet.len())])
            .collect();
        check_no_panic("random text", &s, false);
        check_no_panic("random text", &s, true);
    }
}

// ------------------------------------------------------------------ AST shapes

fn program(src: &str) -> Program {
    parse_program(&file("t.chalk"), src).unwrap_or_else(|e| panic!("{e}"))
}

fn goal(src: &str) -> Goal {
    parse_goal(&file("<goal>"), src).unwrap_or_else(|e| panic!("{e}"))
}

fn name_of(ty: &Ty) -> &str {
    match &ty.kind {
        TyKind::Named { name, .. } => &name.name,
        other => panic!("not a named type: {other:?}"),
    }
}

#[test]
fn shape_projection_and_normalize() {
    let g = goal("Normalize(<Vec<T> as Iterator<'a>>::Item<u8> -> T)");
    let GoalKind::Domain(DomainGoal::Normalize { alias, ty }) = &g.kind else {
        panic!("{g:?}")
    };
    let TyKind::Projection {
        trait_ref,
        name,
        args,
    } = &alias.kind
    else {
        panic!("{alias:?}")
    };
    assert_eq!(name_of(&trait_ref.self_ty), "Vec");
    assert_eq!(trait_ref.bound.name.name, "Iterator");
    assert!(
        matches!(&trait_ref.bound.args[..], [GenericArg::Lifetime(Lifetime { kind: LifetimeKind::Named(n), .. })] if n == "'a")
    );
    assert_eq!(name.name, "Item");
    assert!(matches!(
        &args[..],
        [GenericArg::Ty(Ty {
            kind: TyKind::Scalar(Scalar::U8),
            ..
        })]
    ));
    assert_eq!(name_of(ty), "T");
    assert_eq!((alias.span.line, alias.span.col), (1, 11));
}

#[test]
fn shape_gat_and_alias_bound() {
    let p = program("trait Foo { type Assoc<'a, T>: Bar<T, Out = u32> + 'a where T: 'a; }");
    let ItemKind::Trait(t) = &p.items[0].kind else {
        panic!()
    };
    let a = &t.assoc_types[0];
    assert_eq!(a.name.name, "Assoc");
    assert_eq!(a.params.len(), 2);
    assert_eq!(a.params[0].kind, ParamKind::Lifetime);
    let [Bound::Trait(b), Bound::Outlives(_)] = &a.bounds[..] else {
        panic!("{:?}", a.bounds)
    };
    assert_eq!(b.assoc.len(), 1);
    assert_eq!(b.assoc[0].name.name, "Out");
    assert!(matches!(
        a.where_clauses[0].kind,
        WhereClauseKind::TypeOutlives { .. }
    ));
}

#[test]
fn shape_negative_impl_and_attributes() {
    let p = program("#[upstream] #[lang(sized)] trait Sized {}\nimpl<T> !Send for Foo<T> {}\nauto trait Send {}");
    assert_eq!(p.items.len(), 3);
    let first = &p.items[0];
    assert!(first.attr("upstream").is_some());
    let lang = first.attr("lang").expect("lang attribute");
    assert_eq!(
        lang.args.as_ref().map(|a| a[0].name.as_str()),
        Some("sized")
    );
    let ItemKind::Impl(imp) = &p.items[1].kind else {
        panic!()
    };
    assert_eq!(imp.polarity, Polarity::Negative);
    assert_eq!(imp.trait_ref.bound.name.name, "Send");
    assert_eq!(name_of(&imp.trait_ref.self_ty), "Foo");
    assert_eq!(p.items[1].span.line, 2);
    assert!(
        p.items[2].attr("auto").is_some(),
        "Rust `auto trait` becomes an `auto` attribute"
    );
}

#[test]
fn shape_if_goal_with_hypotheses() {
    let g = goal(
        "forall<T> { if (T: Foo; forall<'a> { WellFormed(&'a T) :- T: 'a, T: Bar }) { exists<int X> { T: Baz<X> } } }",
    );
    let GoalKind::ForAll(params, body) = &g.kind else {
        panic!()
    };
    assert_eq!(params[0].name.name, "T");
    let GoalKind::Implies(hyps, inner) = &body.kind else {
        panic!("{body:?}")
    };
    assert_eq!(hyps.len(), 2);
    assert!(matches!(
        &hyps[0].consequence,
        DomainGoal::Holds(WhereClause {
            kind: WhereClauseKind::Implemented(_),
            ..
        })
    ));
    assert_eq!(hyps[1].binders.len(), 1);
    assert!(matches!(
        &hyps[1].consequence,
        DomainGoal::WellFormedTy(Ty {
            kind: TyKind::Ref { .. },
            ..
        })
    ));
    assert_eq!(hyps[1].conditions.len(), 2);
    let GoalKind::Exists(vars, _) = &inner.kind else {
        panic!()
    };
    assert_eq!(vars[0].kind, ParamKind::IntVar);
}

#[test]
fn shape_tuple_struct_with_default_and_type_relative() {
    let p = program(
        &std::fs::read_to_string(format!("{CHECK_PROGRAMS}/seed_pasted.rs"))
            .expect("seed_pasted.rs"),
    );
    let wrapper = p
        .items
        .iter()
        .find_map(|i| match &i.kind {
            ItemKind::Struct(s) if s.name.name == "MyWrapper" => Some(s),
            _ => None,
        })
        .expect("MyWrapper");
    assert_eq!(wrapper.variants[0].shape, VariantShape::Tuple);
    assert_eq!(wrapper.variants[0].fields.len(), 1);
    assert!(
        matches!(&wrapper.params[0].default, Some(GenericArg::Ty(Ty { kind: TyKind::Tuple(v), .. })) if v.is_empty())
    );
    let link = p
        .items
        .iter()
        .find_map(|i| match &i.kind {
            ItemKind::Struct(s) if s.name.name == "Link" => Some(s),
            _ => None,
        })
        .expect("Link");
    assert!(matches!(&link.params[0].bounds[..], [Bound::Trait(b)] if b.name.name == "Wrap"));
    // next: Option<Box<W::Wrapper<Link<W>>>>
    let TyKind::Named { args, .. } = &link.variants[0].fields[0].ty.kind else {
        panic!()
    };
    let GenericArg::Ty(boxed) = &args[0] else {
        panic!()
    };
    let TyKind::Named { args, .. } = &boxed.kind else {
        panic!()
    };
    let GenericArg::Ty(rel) = &args[0] else {
        panic!()
    };
    let TyKind::TypeRelative { base, name, args } = &rel.kind else {
        panic!("{rel:?}")
    };
    assert_eq!(
        (name_of(base), name.name.as_str(), args.len()),
        ("W", "Wrapper", 1)
    );
    let impls = p
        .items
        .iter()
        .filter(|i| matches!(i.kind, ItemKind::Impl(_)))
        .count();
    assert_eq!(impls, 3);
}

#[test]
fn shape_rust_spellings() {
    let p = program(
        "use std::fmt::Debug;\n\
         #[derive(Debug, Clone)] pub struct Unit;\n\
         pub enum E<T> { A, B { f: T }, C(T, u8) }\n\
         impl<T: Debug> Debug for E<T> where T: Debug + Clone {\n\
             fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result { let c = '}'; write!(f, \"{{}}\") }\n\
         }\n\
         unsafe impl Send for Unit {}\n",
    );
    assert_eq!(p.items.len(), 4);
    let unit = &p.items[0];
    assert!(unit.public);
    let derive = unit.attr("derive").expect("derive");
    let args: Vec<&str> = derive
        .args
        .iter()
        .flatten()
        .map(|a| a.name.as_str())
        .collect();
    assert_eq!(args, ["Debug", "Clone"]);
    let ItemKind::Enum(e) = &p.items[1].kind else {
        panic!()
    };
    let shapes: Vec<VariantShape> = e.variants.iter().map(|v| v.shape).collect();
    assert_eq!(
        shapes,
        [VariantShape::Unit, VariantShape::Named, VariantShape::Tuple]
    );
    let ItemKind::Impl(imp) = &p.items[2].kind else {
        panic!()
    };
    assert_eq!(
        imp.where_clauses.len(),
        2,
        "`T: Debug + Clone` is split per bound"
    );
    assert_eq!(imp.params[0].bounds.len(), 1);
}

#[test]
fn shape_fn_sugar_bound() {
    let p = program("impl<F> Foo for Bar<F> where F: for<'a> Fn(&'a u8, u16) -> u32 {}");
    let ItemKind::Impl(imp) = &p.items[0].kind else {
        panic!()
    };
    let WhereClauseKind::Implemented(tr) = &imp.where_clauses[0].kind else {
        panic!()
    };
    let b = &tr.bound;
    assert_eq!((b.name.name.as_str(), b.binders.len()), ("Fn", 1));
    assert!(
        matches!(&b.args[..], [GenericArg::Ty(Ty { kind: TyKind::Tuple(v), .. })] if v.len() == 2)
    );
    assert_eq!(b.assoc[0].name.name, "Output");
    assert!(matches!(b.assoc[0].value.kind, TyKind::Scalar(Scalar::U32)));
}

#[test]
fn shape_types() {
    let t = |s: &str| parse_type(&file("<ty>"), s).unwrap_or_else(|e| panic!("{e}"));
    let TyKind::FnPtr(f) = t("for<'a> unsafe extern \"C\" fn(&'a u8, ...) -> !").kind else {
        panic!()
    };
    assert_eq!(
        (
            f.lifetimes.len(),
            f.is_unsafe,
            f.abi.as_deref(),
            f.params.len(),
            f.variadic
        ),
        (1, true, Some("C"), 1, true)
    );
    assert!(matches!(
        f.ret.as_deref(),
        Some(Ty {
            kind: TyKind::Never,
            ..
        })
    ));
    let TyKind::Dyn { bounds, lifetime } = t("dyn Foo<u8> + Send + 'a").kind else {
        panic!()
    };
    assert_eq!((bounds.len(), lifetime.is_some()), (2, true));
    assert!(matches!(
        t("[u8; N]").kind,
        TyKind::Array(_, ConstValue::Name(_))
    ));
    assert!(matches!(
        t("[u8; 3]").kind,
        TyKind::Array(_, ConstValue::Value(3, _))
    ));
    assert!(matches!(t("(u8,)").kind, TyKind::Tuple(v) if v.len() == 1));
    assert!(matches!(t("(u8)").kind, TyKind::Scalar(Scalar::U8)));
    assert!(matches!(
        t("*mut str").kind,
        TyKind::RawPtr(Mutability::Mut, _)
    ));
    assert!(matches!(
        t("&mut T").kind,
        TyKind::Ref {
            lifetime: None,
            mutability: Mutability::Mut,
            ..
        }
    ));
    assert!(matches!(
        t("&'static T").kind,
        TyKind::Ref {
            lifetime: Some(Lifetime {
                kind: LifetimeKind::Static,
                ..
            }),
            ..
        }
    ));
}

#[test]
fn shape_items_closure_coroutine_clause() {
    let p = program(
        "closure c<'a>(&mut self, a: u8) -> u32 { u8; &'a T }\n\
         coroutine static g<T>[resume = (), yield = u8] -> T { upvars [T] witnesses exists<'a> [&'a T; u8] }\n\
         forall<T> { Foo<T>: Bar if T: Baz, not { T: Qux } }\n\
         opaque type O<T>: Bar = Box<T>;\n\
         extern type X;\n\
         unsafe extern \"C\" fn f<T>(x: T, y: ...) -> T where T: Copy;\n",
    );
    let kinds: Vec<&ItemKind> = p.items.iter().map(|i| &i.kind).collect();
    let [ItemKind::Closure(c), ItemKind::Coroutine(g), ItemKind::Clause(cl), ItemKind::OpaqueType(o), ItemKind::ForeignType(x), ItemKind::FnDef(f)] =
        &kinds[..]
    else {
        panic!("{kinds:?}")
    };
    assert_eq!(
        (c.kind, c.inputs.len(), c.upvars.len()),
        (ClosureKind::FnMut, 1, 2)
    );
    assert_eq!(
        (
            g.is_static,
            g.upvars.len(),
            g.witness_lifetimes.len(),
            g.witnesses.len()
        ),
        (true, 1, 1, 2)
    );
    assert_eq!((cl.binders.len(), cl.conditions.len()), (1, 2));
    assert_eq!((o.name.name.as_str(), o.bounds.len()), ("O", 1));
    assert_eq!(x.name, "X");
    assert_eq!(
        (f.is_unsafe, f.abi.as_deref(), f.inputs.len(), f.variadic),
        (true, Some("C"), 1, true)
    );
}
