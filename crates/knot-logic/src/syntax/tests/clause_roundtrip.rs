//! Parse → print → parse round trips for the clause language.
//!
//! A generator builds random clause-language items as an AST, renders each as source TEXT (with random
//! spacing, comments, redundant parentheses, quoting styles, `|` for `;`) and, in the same left-to-right
//! pass, the term the parser should produce. The test checks the parser against that term, then prints
//! every item with `clause_to_string` and checks the printed text parses back to the very same TermId
//! (terms are hash-consed in one Store) with the same variable names.

use crate::syntax::clauses::{parse_clauses, Item, ItemKind};
use crate::syntax::print::{clause_to_string, default_var_name, term_to_string};
use crate::term::{Store, TermId};
use proptest::prelude::*;
use std::sync::Arc;

// ---------------------------------------------------------------------------------------------
// The generated AST.

#[derive(Clone, Debug)]
enum Ast {
    Atom(String, Style),
    Int(i64),
    Var(&'static str),
    Comp(String, Style, Vec<Ast>),
    List(Vec<Ast>, Option<Box<Ast>>),
    Infix(&'static str, Box<Ast>, Box<Ast>),
    Not(Box<Ast>),
    /// Redundant parentheses around the inner term.
    Paren(Box<Ast>),
}

/// How a name is written when it does not need quotes: plain, or quoted anyway.
#[derive(Clone, Copy, Debug)]
enum Style {
    Plain,
    Quoted,
    /// Quoted, a quote inside written `\'` instead of `''`.
    QuotedBackslash,
}

#[derive(Clone, Debug)]
enum GenItem {
    Clause(Ast),
    Query(Ast),
    Directive(Ast),
    /// `:- table p/1, q/2.` style declaration: kind and (name, arity) list.
    Decl(&'static str, Vec<(String, u32)>),
}

/// Formatting choices between tokens.
#[derive(Clone, Debug)]
struct Fmt {
    seps: Vec<u8>,
}

const ATOMS: &[&str] = &[
    "a",
    "foo",
    "b_1",
    "zZ9",
    "Vec",
    "a b",
    "it's",
    "[]",
    "{}",
    "!",
    "table",
    "is",
    "mod",
    "-",
    "=",
    "\\",
    "tab\there",
    "héllo",
    "",
    "[|]",
    "a.b",
    "50%",
    "/*",
    "x\\y",
    "'",
    "Ünï",
    "_x",
    "9lives",
    "->",
    ",",
    "|",
    "nl\nx",
];

const FUNCTORS: &[&str] = &[
    "f", "g", "foo_bar", "Vec", "a b", "it's", "{}", "!", "=", "-", "is", "forall", "exists", "'q'",
];

const VARS: &[&str] = &["X", "Y", "Foo", "_", "_Bar", "A1", "T"];

/// (name, priority, kind) of the infix operators the generator uses; kind 0 = xfx, 1 = xfy, 2 = yfx.
const INFIX: &[(&str, u32, u8)] = &[
    (":-", 1200, 0),
    (";", 1100, 1),
    ("->", 1050, 1),
    ("=>", 1050, 1),
    (",", 1000, 1),
    ("=", 700, 0),
    ("\\=", 700, 0),
    ("==", 700, 0),
    ("\\==", 700, 0),
    ("is", 700, 0),
    ("<", 700, 0),
    ("=<", 700, 0),
    ("@<", 700, 0),
    ("+", 500, 2),
    ("-", 500, 2),
    ("*", 400, 2),
    ("/", 400, 2),
    ("mod", 400, 2),
];

fn op_info(name: &str) -> (u32, u8) {
    INFIX
        .iter()
        .find(|o| o.0 == name)
        .map(|o| (o.1, o.2))
        .expect("known operator")
}

fn style() -> impl Strategy<Value = Style> {
    prop_oneof![6 => Just(Style::Plain), 1 => Just(Style::Quoted), 1 => Just(Style::QuotedBackslash)]
}

fn leaf() -> impl Strategy<Value = Ast> {
    prop_oneof![
        3 => (prop::sample::select(ATOMS), style()).prop_map(|(a, s)| Ast::Atom(a.to_string(), s)),
        2 => prop_oneof![Just(i64::MIN), Just(i64::MAX), -1000i64..1000].prop_map(Ast::Int),
        3 => prop::sample::select(VARS).prop_map(Ast::Var),
    ]
}

fn ast() -> impl Strategy<Value = Ast> {
    leaf().prop_recursive(5, 48, 4, |inner| {
        prop_oneof![
            3 => (prop::sample::select(FUNCTORS), style(), prop::collection::vec(inner.clone(), 1..4))
                .prop_map(|(f, s, args)| Ast::Comp(f.to_string(), s, args)),
            2 => (prop::collection::vec(inner.clone(), 0..4), prop::option::of(inner.clone()))
                .prop_map(|(items, tail)| {
                    let tail = if items.is_empty() { None } else { tail.map(Box::new) };
                    Ast::List(items, tail)
                }),
            4 => (prop::sample::select(INFIX), inner.clone(), inner.clone())
                .prop_map(|(op, a, b)| Ast::Infix(op.0, Box::new(a), Box::new(b))),
            1 => inner.clone().prop_map(|a| Ast::Not(Box::new(a))),
            1 => inner.clone().prop_map(|a| Ast::Paren(Box::new(a))),
            1 => (prop::sample::select(&["forall", "exists"][..]), prop::sample::select(VARS), inner.clone())
                .prop_map(|(q, v, g)| Ast::Comp(q.to_string(), Style::Plain, vec![Ast::Var(v), g])),
        ]
    })
}

fn item() -> impl Strategy<Value = GenItem> {
    let spec = (
        prop::sample::select(&["p", "q_2", "Vec", "a b", "is"][..]),
        0u32..5,
    )
        .prop_map(|(n, a)| (n.to_string(), a));
    prop_oneof![
        6 => ast().prop_map(GenItem::Clause),
        2 => ast().prop_map(GenItem::Query),
        1 => ast().prop_map(GenItem::Directive),
        1 => (prop::sample::select(&["table", "coinductive", "dynamic", "discontiguous"][..]), prop::collection::vec(spec, 1..4))
            .prop_map(|(k, specs)| GenItem::Decl(k, specs)),
    ]
}

// ---------------------------------------------------------------------------------------------
// Rendering to text while building the expected term.

struct Render<'s> {
    store: &'s mut Store,
    text: String,
    vars: Vec<String>,
    fmt: Fmt,
    k: usize,
}

fn quote(name: &str, backslash: bool) -> String {
    let mut s = String::from("'");
    for c in name.chars() {
        match c {
            '\'' if backslash => s.push_str("\\'"),
            '\'' => s.push_str("''"),
            '\\' => s.push_str("\\\\"),
            '\n' => s.push_str("\\n"),
            '\t' => s.push_str("\\t"),
            c => s.push(c),
        }
    }
    s.push('\'');
    s
}

fn is_plain(name: &str) -> bool {
    let mut cs = name.chars();
    match cs.next() {
        Some(c) if c.is_ascii_lowercase() => cs.all(|c| c.is_ascii_alphanumeric() || c == '_'),
        _ => matches!(name, "[]" | "{}" | "!"),
    }
}

impl Render<'_> {
    /// A separator between tokens: nothing (when `may_be_empty`), spaces, or a comment.
    fn sep(&mut self, may_be_empty: bool) {
        let choice = self
            .fmt
            .seps
            .get(self.k % self.fmt.seps.len().max(1))
            .copied()
            .unwrap_or(1);
        self.k += 1;
        match choice % 6 {
            0 if may_be_empty => {}
            0..=2 => self.text.push(' '),
            3 => self.text.push_str("\n  "),
            4 => self.text.push_str(" /* c */ "),
            _ => self.text.push_str(" % c\n "),
        }
    }

    fn name_text(&self, name: &str, st: Style) -> String {
        match st {
            Style::Plain if is_plain(name) => name.to_string(),
            Style::QuotedBackslash => quote(name, true),
            _ => quote(name, false),
        }
    }

    fn var(&mut self, name: &str) -> TermId {
        self.text.push_str(name);
        let i = if name == "_" {
            self.vars.push("_".to_string());
            self.vars.len() - 1
        } else {
            match self.vars.iter().position(|v| v == name) {
                Some(i) => i,
                None => {
                    self.vars.push(name.to_string());
                    self.vars.len() - 1
                }
            }
        };
        self.store.var(i as u32)
    }

    /// Priority of the term `a` renders to without added parentheses.
    fn prec(a: &Ast) -> u32 {
        match a {
            Ast::Infix(op, _, _) => op_info(op).0,
            Ast::Not(_) => 900,
            _ => 0,
        }
    }

    /// Render `a` where a term of priority at most `max` is allowed.
    fn term(&mut self, a: &Ast, max: u32) -> TermId {
        if Self::prec(a) > max {
            self.text.push('(');
            self.sep(true);
            let t = self.term(a, 1200);
            self.sep(true);
            self.text.push(')');
            return t;
        }
        match a {
            Ast::Atom(name, st) => {
                let text = self.name_text(name, *st);
                // Operator names as bare operands are written in parentheses, as Prolog wants.
                let is_op = INFIX.iter().any(|o| o.0 == name.as_str()) && text == *name;
                if is_op {
                    self.text.push('(');
                }
                self.text.push_str(&text);
                if is_op {
                    self.text.push(')');
                }
                self.store.atom_named(name)
            }
            Ast::Int(i) => {
                self.text.push_str(&i.to_string());
                self.store.int(*i)
            }
            Ast::Var(v) => self.var(v),
            Ast::Comp(f, st, args) => {
                let text = self.name_text(f, *st);
                self.text.push_str(&text);
                self.text.push('(');
                let mut ts = Vec::new();
                for (i, x) in args.iter().enumerate() {
                    if i > 0 {
                        self.text.push(',');
                        self.sep(true);
                    }
                    ts.push(self.term(x, 999));
                }
                self.text.push(')');
                let f = self.store.sym(f);
                self.store.app(f, &ts)
            }
            Ast::List(items, tail) => {
                self.text.push('[');
                let mut ts = Vec::new();
                for (i, x) in items.iter().enumerate() {
                    if i > 0 {
                        self.text.push(',');
                        self.sep(true);
                    }
                    ts.push(self.term(x, 999));
                }
                let tail = tail.as_ref().map(|t| {
                    self.sep(true);
                    self.text.push('|');
                    self.sep(true);
                    self.term(t, 999)
                });
                self.text.push(']');
                self.store.list(&ts, tail)
            }
            Ast::Infix(op, l, r) => {
                let (p, kind) = op_info(op);
                let (lp, rp) = match kind {
                    0 => (p - 1, p - 1),
                    1 => (p - 1, p),
                    _ => (p, p - 1),
                };
                // The grammar's operand levels: `=` takes term500 operands, `+` term400, `*` primaries.
                let (lp, rp) = match p {
                    700 => (500, 500),
                    500 => (500, 400),
                    400 => (400, 0),
                    _ => (lp, rp),
                };
                // `;` may be written `|` (SWI's 1105: bracketed, so that it binds as `;` would).
                let bar = *op == ";" && self.k % 3 == 0;
                if bar {
                    self.text.push('(');
                }
                let lt = self.term(l, lp);
                let word = op.chars().all(|c| c.is_ascii_alphabetic());
                self.sep(!word);
                self.text.push_str(if bar { "|" } else { op });
                self.sep(!word);
                let rt = self.term(r, rp);
                if bar {
                    self.text.push(')');
                }
                let f = self.store.sym(op);
                self.store.app(f, &[lt, rt])
            }
            Ast::Not(x) => {
                self.text.push_str("\\+");
                self.sep(false);
                let t = self.term(x, 700);
                let f = self.store.sym("\\+");
                self.store.app(f, &[t])
            }
            Ast::Paren(x) => {
                self.text.push('(');
                let t = self.term(x, 1200);
                self.text.push(')');
                t
            }
        }
    }
}

/// Render items to text; return the text and the expected (kind, term, var names) per item.
fn render(
    store: &mut Store,
    items: &[GenItem],
    fmt: &Fmt,
) -> (String, Vec<(ItemKind, TermId, Vec<String>)>) {
    let mut text = String::new();
    let mut expected = Vec::new();
    for (n, it) in items.iter().enumerate() {
        let mut r = Render {
            store,
            text: String::new(),
            vars: Vec::new(),
            fmt: fmt.clone(),
            k: n,
        };
        let (kind, t) = match it {
            GenItem::Clause(a) => (ItemKind::Clause, r.term(a, 1200)),
            GenItem::Query(a) => {
                r.text.push_str("?-");
                r.sep(false);
                (ItemKind::Query, r.term(a, 1200))
            }
            GenItem::Directive(a) => {
                r.text.push_str(":-");
                r.sep(false);
                (ItemKind::Directive, r.term(a, 1200))
            }
            GenItem::Decl(kind, specs) => {
                r.text.push_str(":- ");
                r.text.push_str(kind);
                r.text.push(' ');
                let slash = r.store.sym("/");
                let mut ts = Vec::new();
                for (i, (name, arity)) in specs.iter().enumerate() {
                    if i > 0 {
                        r.text.push_str(", ");
                    }
                    let shown = r.name_text(name, Style::Plain);
                    r.text.push_str(&format!("{shown}/{arity}"));
                    let nt = r.store.atom_named(name);
                    let at = r.store.int(*arity as i64);
                    ts.push(r.store.app(slash, &[nt, at]));
                }
                let comma = r.store.sym(",");
                let mut t = ts.pop().unwrap();
                while let Some(x) = ts.pop() {
                    t = r.store.app(comma, &[x, t]);
                }
                let k = r.store.sym(kind);
                (ItemKind::Directive, r.store.app(k, &[t]))
            }
        };
        r.text.push('.');
        text.push_str(&r.text);
        text.push_str(if n % 2 == 0 { "\n" } else { " % end\n" });
        expected.push((kind, t, r.vars));
    }
    (text, expected)
}

/// Print one parsed item back as source text.
fn print_item(store: &Store, it: &Item) -> String {
    let names = it.var_names.clone();
    let name = move |i: u32| names[i as usize].to_string();
    let body = clause_to_string(store, it.term, &name);
    match it.kind {
        ItemKind::Clause => body,
        ItemKind::Query => format!("?- {body}"),
        ItemKind::Directive => format!(":- {body}"),
    }
}

/// Anonymous variables get generated names `_N`; treat all of those alike.
fn norm_names(v: &[Box<str>]) -> Vec<String> {
    v.iter()
        .map(|s| {
            if s.len() > 1 && s.starts_with('_') && s[1..].chars().all(|c| c.is_ascii_digit()) {
                "_".into()
            } else {
                s.to_string()
            }
        })
        .collect()
}

fn parse(store: &mut Store, text: &str) -> Vec<Item> {
    let file: Arc<str> = "gen.pl".into();
    parse_clauses(store, &file, text)
        .unwrap_or_else(|e| panic!("parse failed: {e}\n--- text ---\n{text}"))
}

/// Print every item, reparse the printed program in the same store, compare.
fn check_reprint(store: &mut Store, items: &[Item]) -> String {
    let printed: Vec<String> = items.iter().map(|it| print_item(store, it)).collect();
    let printed = printed.join("\n") + "\n";
    let again = parse(store, &printed);
    assert_eq!(again.len(), items.len(), "item count changed\n{printed}");
    for (a, b) in items.iter().zip(&again) {
        assert_eq!(a.kind, b.kind, "item kind changed\n{printed}");
        assert_eq!(
            a.term,
            b.term,
            "term changed: {} vs {}\n{printed}",
            term_to_string(store, a.term, &default_var_name, 1200),
            term_to_string(store, b.term, &default_var_name, 1200)
        );
        assert_eq!(
            norm_names(&a.var_names),
            norm_names(&b.var_names),
            "variable names changed\n{printed}"
        );
    }
    // Printing is a fixpoint: printing the reparsed items gives the same text.
    let printed2: Vec<String> = again.iter().map(|it| print_item(store, it)).collect();
    assert_eq!(printed2.join("\n") + "\n", printed);
    printed
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 500, ..ProptestConfig::default() })]

    #[test]
    fn parse_print_parse(items in prop::collection::vec(item(), 1..6), seps in prop::collection::vec(any::<u8>(), 1..16)) {
        let mut store = Store::new();
        let (text, expected) = render(&mut store, &items, &Fmt { seps });
        let parsed = parse(&mut store, &text);
        prop_assert_eq!(parsed.len(), expected.len(), "item count\n{}", text);
        for (it, (kind, t, vars)) in parsed.iter().zip(&expected) {
            prop_assert_eq!(it.kind, *kind, "kind\n{}", text);
            prop_assert_eq!(
                it.term, *t,
                "parsed {} but expected {}\n--- text ---\n{}",
                term_to_string(&store, it.term, &default_var_name, 1200),
                term_to_string(&store, *t, &default_var_name, 1200),
                text
            );
            let names: Vec<String> = it.var_names.iter().map(|s| s.to_string()).collect();
            prop_assert_eq!(&names, vars, "var names\n{}", text);
        }
        check_reprint(&mut store, &parsed);
    }
}

// ---------------------------------------------------------------------------------------------
// Fixed cases.

#[test]
fn quoted_atoms_and_escapes_round_trip() {
    let src = "p('Vec', 'a b', 'it''s', 'it\\'s', '', 'tab\\there', 'nl\\nx', 'x\\\\y', [], '[]', {}, '{}', 'abc').\n";
    let mut store = Store::new();
    let items = parse(&mut store, src);
    let printed = check_reprint(&mut store, &items);
    assert_eq!(printed, "p('Vec', 'a b', 'it\\'s', 'it\\'s', '', 'tab\\there', 'nl\\nx', 'x\\\\y', [], [], {}, {}, abc).\n");
}

#[test]
fn operators_lists_and_control_round_trip() {
    let src = r#"
        :- table path/2, edge/2.
        :- dynamic q/1.
        path(X, Y) :- path(X, Z), edge(Z, Y) ; X = Y.
        r(X) :- ( X = 1 -> true ; X \= 2 ), \+ \+ q(X), X == X.
        s(L) :- L = [a, b | T], T = [-1, -9223372036854775808 | _], Z is 1 - -2 - (3 - 4) * 5 mod 2.
        t :- '$forall'(X, (q(X) => q(X))), exists(Y, q(Y)).
        u :- (a :- b) = C, C = (c, d), D = (\+ e), D == (f ; g).
        ?- path(1, X).
        ?- X = 'Vec'(A, 'a b'), A = [].
    "#;
    let mut store = Store::new();
    let items = parse(&mut store, src);
    assert_eq!(items.len(), 9);
    let printed = check_reprint(&mut store, &items);
    assert!(
        printed.contains("path(X, Y) :- path(X, Z), edge(Z, Y) ; X = Y."),
        "{printed}"
    );
    assert!(
        printed.contains("L = [a, b | T], T = [-1, -9223372036854775808 | _"),
        "{printed}"
    );
    assert!(
        printed.contains("Z is 1 - -2 - (3 - 4) * 5 mod 2"),
        "{printed}"
    );
    assert!(
        printed.contains("u :- (a :- b) = C, C = (c, d), D = (\\+ e), D == (f ; g)."),
        "{printed}"
    );
    assert!(
        printed.contains("?- X = 'Vec'(A, 'a b'), A = []."),
        "{printed}"
    );
}

#[test]
fn anonymous_variables_are_distinct() {
    let mut store = Store::new();
    let items = parse(&mut store, "p(_, _, X, X).\n");
    let t = items[0].term;
    let args = store.args(t).to_vec();
    assert_ne!(args[0], args[1], "two `_` must be different variables");
    assert_eq!(args[2], args[3]);
    assert_eq!(items[0].var_names.len(), 3);
    check_reprint(&mut store, &items);
}

#[test]
fn anonymous_variable_does_not_capture_named_underscore_digit() {
    // `_` gets the generated name `_0`; a later user variable `_0` is looked up by that name and becomes
    // the same variable, so p(_, _0) parses as p(V, V).
    let mut store = Store::new();
    let items = parse(&mut store, "p(_, _0).\n");
    let args = store.args(items[0].term).to_vec();
    assert_ne!(args[0], args[1]);
}

#[test]
fn nil_functor_compound_round_trips() {
    let mut store = Store::new();
    let items = parse(&mut store, "p('[]'(X)).\n");
    check_reprint(&mut store, &items);
}

#[test]
fn bar_in_comment_inside_list_is_not_a_tail() {
    let mut store = Store::new();
    let a = parse(&mut store, "p([a /* | */, b]).\np([a % |\n, b]).\n");
    let b = parse(&mut store, "p([a, b]).\n");
    assert_eq!(a[0].term, b[0].term);
    assert_eq!(a[1].term, b[0].term);
    let c = parse(&mut store, "p([a, b | c]).\n");
    assert_ne!(c[0].term, b[0].term);
}

/// Run `f` on a thread with a 1 GiB stack, as the `knot` binary does.
fn with_big_stack(f: impl FnOnce() + Send + 'static) {
    std::thread::Builder::new()
        .stack_size(1 << 30)
        .spawn(f)
        .expect("spawn")
        .join()
        .expect("deep test panicked");
}

#[test]
fn deep_nesting_round_trips() {
    with_big_stack(|| {
        const N: usize = 45_000;
        let mut store = Store::new();
        // f(f(...f(a)...)) 45,000 deep, as a compound argument nested in the text (every bracket
        // counts four levels toward MAX_NESTING).
        let src = format!("p({}a{}).\n", "f(".repeat(N), ")".repeat(N));
        let items = parse(&mut store, &src);
        assert_eq!(store.depth(items[0].term) as usize, N + 2);
        let printed = check_reprint(&mut store, &items);
        assert_eq!(printed, src);

        // Nested lists [[[...]]] and nested parentheses: a bracket that opens a term of its own
        // counts four levels toward MAX_NESTING (the parser's deeper recursion for it), so these
        // stay under a quarter of the limit.
        const B: usize = 45_000;
        let src = format!(
            "q({}x{}).\nr({}y{}).\n",
            "[".repeat(B),
            "]".repeat(B),
            "(".repeat(B),
            ")".repeat(B)
        );
        let items = parse(&mut store, &src);
        assert_eq!(store.depth(items[0].term) as usize, B + 2);
        let printed = check_reprint(&mut store, &items);
        assert!(printed.ends_with("r(y).\n"));

        // Terms deep but flat in the text: a left-nested `-` chain, a long conjunction, stacked `\+`.
        let chain: Vec<String> = (0..N).map(|i| i.to_string()).collect();
        let conj: Vec<&str> = vec!["a"; N];
        let src = format!(
            "s(X) :- X is {}.\nt :- {}.\nu :- {}v.\n",
            chain.join(" - "),
            conj.join(", "),
            "\\+ ".repeat(N)
        );
        let items = parse(&mut store, &src);
        let printed = check_reprint(&mut store, &items);
        assert_eq!(printed, src);
    });
}

#[test]
fn grammar_rules_braces_code_lists_and_bar_round_trip() {
    let src = r#"
        g(X) :- X = {a, b}, Y = `ab`, Z = (p --> q, [x]), W = (a ; b | c), V = {}.
        s, [p] --> [s], {true}.
    "#;
    let mut store = Store::new();
    let items = parse(&mut store, src);
    assert_eq!(items.len(), 2);
    let printed = check_reprint(&mut store, &items);
    assert!(printed.contains("X = {a, b}, Y = [97, 98]"), "{printed}");
    assert!(printed.contains("Z = (p --> q, [x])"), "{printed}");
    // `|` is SWI's 1105: `(a ; b) | c`, read as `;`.
    assert!(printed.contains("W = ((a ; b) ; c)"), "{printed}");
    assert!(printed.contains("s, [p] --> [s], {true}."), "{printed}");
}

/// A compound argument followed by an operator (`f(f(a) + 1) + 1`) is parsed once per level: the
/// fast path for a lone argument takes atomic terms only, so 40 such levels (2^40 parses when a
/// compound was tried first and then again) read at once.
#[test]
fn compound_arguments_under_operators_parse_once() {
    const N: usize = 40;
    let mut store = Store::new();
    let src = format!("p({}a{}).\n", "f(".repeat(N), " + 1)".repeat(N));
    let items = parse(&mut store, &src);
    // p(f(+(f(+(... a ...), 1)), 1)): a compound and a `+` per level.
    assert_eq!(store.depth(items[0].term) as usize, 2 * N + 2);
    let printed = check_reprint(&mut store, &items);
    assert_eq!(printed, src);
}
