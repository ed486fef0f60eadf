//! Parser for the clause language (`clauses.pest`) into interned terms.

use super::prescan;
use crate::error::{Error, Result, Span};
use crate::term::{syms, Store, Sym, TermId, View};
use pest::iterators::Pair;
use pest::Parser;
use std::sync::Arc;

/// The pest parser and its `Rule` type stay private to this module.
mod grammar {
    #![allow(missing_docs, dead_code, clippy::all)]
    /// The parser pest generates from `clauses.pest` (by this crate's build script).
    pub struct ClauseParser;
    include!(concat!(env!("OUT_DIR"), "/clause_parser.rs"));
}
use grammar::{ClauseParser, Rule};

/// What a parsed item is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ItemKind {
    /// A fact or rule.
    Clause,
    /// `:- Directive.`
    Directive,
    /// `?- Goal.`
    Query,
}

/// One item of a clause file.
#[derive(Clone, Debug)]
pub struct Item {
    /// Clause, directive or query.
    pub kind: ItemKind,
    /// The term; its variables are `Var(0..var_names.len())`.
    pub term: TermId,
    /// The source names of the variables, by index (`_` gets a generated name `_N`).
    pub var_names: Vec<Box<str>>,
    /// Where it was written.
    pub span: Span,
}

struct Conv<'s> {
    store: &'s mut Store,
    vars: Vec<Box<str>>,
    /// The named variables by name, once there are [`INDEXED_FROM`] of them (a clause or goal
    /// with thousands of variables would otherwise be read in quadratic time).
    index: rustc_hash::FxHashMap<Box<str>, usize>,
    index_built: bool,
}

/// Below this many variables, a name is looked up by a scan of [`Conv::vars`].
const INDEXED_FROM: usize = 32;

impl Conv<'_> {
    fn var(&mut self, name: &str) -> TermId {
        if name == "_" {
            // Each `_` is a variable of its own; it keeps the name `_` (never looked up).
            let i = self.vars.len();
            self.vars.push("_".into());
            return self.store.var(i as u32);
        }
        let indexed = self.vars.len() >= INDEXED_FROM;
        if indexed && !self.index_built {
            // Built once; from then on every new name is added as it comes.
            for (i, v) in self.vars.iter().enumerate() {
                if &**v != "_" {
                    self.index.entry(v.clone()).or_insert(i);
                }
            }
            self.index_built = true;
        }
        let found = if indexed {
            self.index.get(name).copied()
        } else {
            self.vars.iter().position(|v| &**v == name)
        };
        let i = match found {
            Some(i) => i,
            None => {
                self.vars.push(name.into());
                if indexed {
                    self.index.insert(name.into(), self.vars.len() - 1);
                }
                self.vars.len() - 1
            }
        };
        self.store.var(i as u32)
    }

    fn right_assoc(&mut self, op: Sym, mut items: Vec<TermId>) -> TermId {
        let mut t = items.pop().expect("grammar guarantees one operand");
        while let Some(x) = items.pop() {
            t = self.store.app(op, &[x, t]);
        }
        t
    }

    fn term(&mut self, p: Pair<'_, Rule>) -> TermId {
        match p.as_rule() {
            Rule::term1200 => {
                let mut it = p.into_inner();
                let a = self.term(it.next().expect("operand"));
                match (it.next(), it.next()) {
                    (Some(neck), Some(b)) => {
                        let b = self.term(b);
                        if neck.as_str() == "-->" {
                            let f = self.store.sym("-->");
                            self.store.app(f, &[a, b])
                        } else {
                            self.store.app(syms::NECK, &[a, b])
                        }
                    }
                    _ => a,
                }
            }
            Rule::term1105 | Rule::term1100 | Rule::term1000 => {
                let op = if p.as_rule() == Rule::term1000 {
                    syms::COMMA
                } else {
                    syms::SEMI
                };
                let items: Vec<TermId> = p
                    .into_inner()
                    .filter(|q| !matches!(q.as_rule(), Rule::semi | Rule::bar | Rule::comma))
                    .map(|q| self.term(q))
                    .collect();
                self.right_assoc(op, items)
            }
            Rule::term1050 => {
                let mut operands = Vec::new();
                let mut ops = Vec::new();
                for q in p.into_inner() {
                    if q.as_rule() == Rule::arrow_op {
                        ops.push(if q.as_str() == "=>" {
                            syms::IMPLIES
                        } else {
                            syms::ARROW
                        });
                    } else {
                        operands.push(self.term(q));
                    }
                }
                let mut t = operands.pop().expect("operand");
                while let (Some(x), Some(op)) = (operands.pop(), ops.pop()) {
                    t = self.store.app(op, &[x, t]);
                }
                t
            }
            Rule::term900 => {
                let mut nots = Vec::new();
                let mut t = None;
                for q in p.into_inner() {
                    if q.as_rule() == Rule::not_op {
                        nots.push(if q.as_str().starts_with("tnot") {
                            self.store.sym("tnot")
                        } else {
                            syms::NOT
                        });
                    } else {
                        t = Some(self.term(q));
                    }
                }
                let mut t = t.expect("operand");
                for f in nots.into_iter().rev() {
                    t = self.store.app(f, &[t]);
                }
                t
            }
            Rule::term700 => {
                let mut it = p.into_inner();
                let a = self.term(it.next().expect("operand"));
                match (it.next(), it.next()) {
                    (Some(op), Some(b)) => {
                        let b = self.term(b);
                        let op = self.store.sym(op.as_str());
                        self.store.app(op, &[a, b])
                    }
                    _ => a,
                }
            }
            Rule::term500 | Rule::term400 => {
                let mut it = p.into_inner();
                let mut t = self.term(it.next().expect("operand"));
                while let (Some(op), Some(b)) = (it.next(), it.next()) {
                    let b = self.term(b);
                    let op = self.store.sym(op.as_str());
                    t = self.store.app(op, &[t, b]);
                }
                t
            }
            Rule::term200 => {
                // `- X ^ 2` is `-(X ^ 2)`: prefix operators apply to the whole `^`/`**` chain.
                let mut prefixes = Vec::new();
                let mut it = p.into_inner().peekable();
                while let Some(q) = it.next_if(|q| q.as_rule() == Rule::prefix_op) {
                    prefixes.push(self.store.sym(q.as_str()));
                }
                let mut t = self.term(it.next().expect("operand"));
                if let (Some(op), Some(b)) = (it.next(), it.next()) {
                    let b = self.term(b);
                    let op = self.store.sym(op.as_str());
                    t = self.store.app(op, &[t, b]);
                }
                for f in prefixes.into_iter().rev() {
                    t = self.store.app(f, &[t]);
                }
                t
            }
            Rule::float => {
                let text = p.as_str();
                let v = if let Some(m) = text.strip_suffix("Inf") {
                    if m.starts_with('-') {
                        f64::NEG_INFINITY
                    } else {
                        f64::INFINITY
                    }
                } else if text.ends_with("NaN") {
                    f64::NAN
                } else {
                    text.parse::<f64>().unwrap_or(f64::NAN)
                };
                self.store.float(v)
            }
            Rule::string => {
                let q = p.as_str();
                let text = unquote_with(q, '"');
                self.store.string(&text)
            }
            Rule::codes => {
                let text = unquote_with(p.as_str(), '`');
                let codes: Vec<TermId> = text.chars().map(|c| self.store.int(c as i64)).collect();
                self.store.list(&codes, None)
            }
            Rule::arg | Rule::atomic_arg | Rule::list_arg | Rule::primary | Rule::paren => {
                let q = p.into_inner().next().expect("inner");
                self.term(q)
            }
            Rule::curly => {
                let q = p.into_inner().next().expect("inner");
                let t = self.term(q);
                let f = self.store.sym("{}");
                self.store.app(f, &[t])
            }
            Rule::list => {
                let mut items = Vec::new();
                let mut tail = None;
                let pairs: Vec<_> = p.into_inner().collect();
                let has_tail = pairs.len() >= 2 && {
                    // The tail follows a `|`: the grammar makes it the last arg after the separator.
                    let s = pairs[pairs.len() - 2].as_span().end();
                    let e = pairs[pairs.len() - 1].as_span().start();
                    let between = &pairs[0].get_input()[s..e];
                    between.contains('|')
                };
                let n = pairs.len();
                for (i, q) in pairs.into_iter().enumerate() {
                    let t = self.term(q);
                    if has_tail && i == n - 1 {
                        tail = Some(t);
                    } else {
                        items.push(t);
                    }
                }
                self.store.list(&items, tail)
            }
            Rule::compound => {
                let mut it = p.into_inner();
                let f = self.name(it.next().expect("functor"));
                let args: Vec<TermId> = it.map(|q| self.term(q)).collect();
                if args.is_empty() {
                    self.store.compound0(f)
                } else {
                    self.store.app(f, &args)
                }
            }
            Rule::variable => self.var(p.as_str()),
            Rule::integer => match p.as_str().parse::<i64>() {
                Ok(i) => self.store.int(i),
                Err(_) => match integer_value(p.as_str()) {
                    Some(b) => self.store.bigint(&b),
                    None => {
                        let s = self.store.sym(p.as_str());
                        self.store.atom(s)
                    }
                },
            },
            Rule::name => {
                let s = self.name(p);
                self.store.atom(s)
            }
            Rule::sym_atom => {
                let s = self.store.sym(p.as_str().trim());
                self.store.atom(s)
            }
            _ => {
                let s = self.store.sym(p.as_str());
                self.store.atom(s)
            }
        }
    }

    fn name(&mut self, p: Pair<'_, Rule>) -> Sym {
        if matches!(p.as_rule(), Rule::sym_chars | Rule::sym_functor) {
            return self.store.sym(p.as_str());
        }
        let inner = p.into_inner().next();
        match inner {
            Some(q) if q.as_rule() == Rule::quoted => {
                let s = unquote(q.as_str());
                self.store.sym(&s)
            }
            Some(q) => self.store.sym(q.as_str()),
            None => self.store.sym(""),
        }
    }

    fn decl(&mut self, p: Pair<'_, Rule>) -> TermId {
        let mut it = p.into_inner().peekable();
        let Some(first) = it.next() else {
            return self.store.atom(syms::TRUE);
        };
        match first.as_rule() {
            // XSB's module directives: `import(From)` and `export`, which the loader ignores.
            Rule::decl_import => {
                let from = first
                    .into_inner()
                    .last()
                    .map(|n| self.name(n))
                    .unwrap_or(syms::TRUE);
                let from = self.store.atom(from);
                let f = self.store.sym("import");
                return self.store.app(f, &[from]);
            }
            Rule::decl_export => return self.store.atom_named("export"),
            _ => {}
        }
        let kind = self.store.sym(first.as_str());
        let slash = self.store.sym("/");
        let mut specs = Vec::new();
        let mut options = None;
        for spec in it {
            if spec.as_rule() == Rule::decl_as {
                options = spec.into_inner().last().map(|t| self.term(t));
                continue;
            }
            let text = spec.as_str();
            let mut s = spec.into_inner();
            let Some(head) = s.next() else { continue };
            let t = match head.as_rule() {
                Rule::compound => self.term(head),
                _ => {
                    let name = self.name(head);
                    let name = self.store.atom(name);
                    match s.next() {
                        Some(n) => {
                            let n = self.term(n);
                            // `name//N`: the grammar rule's predicate `name/(N + 2)`.
                            let n = match (text.contains("//"), self.store.view(n)) {
                                (true, View::Int(k)) => self.store.int(k + 2),
                                _ => n,
                            };
                            self.store.app(slash, &[name, n])
                        }
                        None => {
                            let zero = self.store.int(0);
                            self.store.app(slash, &[name, zero])
                        }
                    }
                }
            };
            specs.push(t);
        }
        let mut specs = self.right_assoc(syms::COMMA, specs);
        if let Some(o) = options {
            let as_ = self.store.sym("as");
            specs = self.store.app(as_, &[specs, o]);
        }
        self.store.app(kind, &[specs])
    }
}

/// The most bits an integer may have (a million, 315,653 decimal digits): arithmetic that would
/// build a larger one raises `resource_error(memory)` and a longer number text is no number. Its
/// decimal text takes time quadratic in its length to write or read (0.1 s at this size), in one
/// step that no limit can interrupt.
pub const MAX_INT_BITS: u64 = 1 << 20;

/// The value of an integer token: decimal (digit groups `1_000`), `0x1F`, `0o17`, `0b101`, or
/// the character code `0'c`; optionally negative.
pub fn integer_value(text: &str) -> Option<num_bigint::BigInt> {
    use num_bigint::BigInt;
    let (neg, body) = match text.strip_prefix('-') {
        Some(b) => (true, b),
        None => (false, text),
    };
    let v = if let Some(c) = body.strip_prefix("0'") {
        let mut cs = c.chars().peekable();
        let ch = match cs.next()? {
            '\\' => escape(&mut cs)?,
            '\'' => {
                if cs.peek() == Some(&'\'') {
                    cs.next();
                }
                '\''
            }
            ch => ch,
        };
        if cs.next().is_some() {
            return None;
        }
        BigInt::from(ch as u32)
    } else {
        let (radix, digits) = match body.get(..2) {
            Some("0x") => (16, &body[2..]),
            Some("0o") => (8, &body[2..]),
            Some("0b") => (2, &body[2..]),
            _ => (10, body),
        };
        let digits: String = digits.chars().filter(|&c| c != '_').collect();
        // At most MAX_INT_BITS bits (log2 10 < 10/3): a longer number is refused, not parsed in
        // time quadratic in its length.
        if digits.is_empty() || digits.len() as u64 * 10 / 3 > MAX_INT_BITS + 64 {
            return None;
        }
        BigInt::parse_bytes(digits.as_bytes(), radix)?
    };
    Some(if neg { -v } else { v })
}

/// The text of a quoted atom without quotes, escapes resolved.
pub fn unquote(q: &str) -> String {
    unquote_with(q, '\'')
}

/// The text of a quoted item (atom or string, quoted by `quote`) without quotes, escapes resolved.
pub fn unquote_with(q: &str, quote: char) -> String {
    let inner = &q[1..q.len().saturating_sub(1).max(1)];
    let mut out = String::with_capacity(inner.len());
    let mut chars = inner.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '\\' => {
                if let Some(c) = escape(&mut chars) {
                    out.push(c);
                }
            }
            c if c == quote => {
                chars.next();
                out.push(quote);
            }
            c => out.push(c),
        }
    }
    out
}

/// The character an escape sequence stands for, read after its backslash (ISO and SWI-Prolog:
/// `\n`, `\xHH\`, octal `\NNN\`, `\uXXXX`, `\UXXXXXXXX`, ...); `None` for a continuation line
/// (a backslash before a newline) or an escape that stands for nothing.
pub fn escape(chars: &mut std::iter::Peekable<impl Iterator<Item = char>>) -> Option<char> {
    let radix_digits = |chars: &mut std::iter::Peekable<_>, radix: u32, max: usize| {
        let mut v: u32 = 0;
        let mut n = 0;
        while n < max {
            match chars.peek().and_then(|c: &char| c.to_digit(radix)) {
                Some(d) => {
                    v = v.saturating_mul(radix).saturating_add(d);
                    chars.next();
                    n += 1;
                }
                None => break,
            }
        }
        v
    };
    Some(match chars.next()? {
        'n' => '\n',
        't' => '\t',
        'r' => '\r',
        'a' => '\u{7}',
        'b' => '\u{8}',
        'f' => '\u{c}',
        'v' => '\u{b}',
        'e' => '\u{1b}',
        's' => ' ',
        '\n' => return None,
        'x' => {
            let v = radix_digits(chars, 16, 8);
            if chars.peek() == Some(&'\\') {
                chars.next();
            }
            char::from_u32(v)?
        }
        'u' => char::from_u32(radix_digits(chars, 16, 4))?,
        'U' => char::from_u32(radix_digits(chars, 16, 8))?,
        d @ '0'..='7' => {
            let mut v = d.to_digit(8).unwrap_or(0);
            while let Some(e) = chars.peek().and_then(|c| c.to_digit(8)) {
                v = v.saturating_mul(8).saturating_add(e);
                chars.next();
            }
            if chars.peek() == Some(&'\\') {
                chars.next();
            }
            char::from_u32(v)?
        }
        c => c,
    })
}

fn rule_words(r: &Rule) -> Option<&'static str> {
    Some(match r {
        Rule::end => "`.` ending the clause",
        Rule::term1200
        | Rule::term1105
        | Rule::term1100
        | Rule::term1050
        | Rule::term1000
        | Rule::term900
        | Rule::arg
        | Rule::list_arg => "a term",
        Rule::term700
        | Rule::term500
        | Rule::term400
        | Rule::term200
        | Rule::primary
        | Rule::atomic_arg
        | Rule::prefix_op
        | Rule::sym_atom
        | Rule::sym_chars => "a term",
        Rule::float => "a number",
        Rule::string => "a string",
        Rule::op200 => "an operator",
        Rule::neck => "`:-` or `-->`",
        Rule::curly => "`{`",
        Rule::codes => "a code list",
        Rule::semi => "`;`",
        Rule::bar => "`|`",
        Rule::comma => "`,`",
        Rule::arrow_op => "`=>`",
        Rule::op700 | Rule::op500 | Rule::op400 => "an operator",
        Rule::item | Rule::clause | Rule::directive | Rule::query => {
            "a clause, `:-` directive or `?-` query"
        }
        Rule::name | Rule::plain_atom | Rule::quoted | Rule::symbol_atom => "an atom",
        Rule::variable => "a variable",
        Rule::integer => "an integer",
        Rule::compound => "a compound term",
        Rule::list => "a list",
        Rule::paren => "`(`",
        Rule::pred_spec => "a predicate indicator `name/arity`",
        Rule::decl_kind => "a declaration",
        Rule::EOI => "end of input",
        _ => return None,
    })
}

/// Turn a pest error into knot's syntax error with line:col and what was expected.
fn syntax_error(file: &Arc<str>, src: &str, e: pest::error::Error<Rule>) -> Error {
    let pos = match e.location {
        pest::error::InputLocation::Pos(p) => p,
        pest::error::InputLocation::Span((s, _)) => s,
    };
    let message = match &e.variant {
        pest::error::ErrorVariant::ParsingError { positives, .. } => {
            let mut words: Vec<&str> = positives.iter().filter_map(rule_words).collect();
            words.sort();
            words.dedup();
            let found = src[pos.min(src.len())..].chars().next();
            let found = match found {
                Some(c) => format!("found `{}`", c.escape_default()),
                None => "found end of input".to_string(),
            };
            if words.is_empty() {
                format!("unexpected input: {found}")
            } else {
                format!("expected {}; {found}", words.join(" or "))
            }
        }
        pest::error::ErrorVariant::CustomError { message } => message.clone(),
    };
    Error::syntax(file, src, pos, pos + 1, message)
}

/// Parse a clause file into items.
///
/// Items are parsed one at a time (the parse tree of one item at a time is small: a file of many
/// thousand clauses never holds the tree of all of them); on a syntax error the whole file is parsed
/// again in one go, which locates the first error exactly.
pub fn parse_clauses(store: &mut Store, file: &Arc<str>, src: &str) -> Result<Vec<Item>> {
    let mut items = Vec::new();
    parse_clauses_each(store, file, src, |_, item| {
        items.push(item);
        Ok(())
    })?;
    Ok(items)
}

/// Parse one of knot's own rules files (a text built into the binary: `rules/builtin.pl`,
/// `rules/lang.pl`, `rules/lists.pl`, ...) into `store`: decoded from the snapshot
/// ([`super::library`]) when it is current. Otherwise the text is parsed once per process, into a
/// store of its own; each later call copies the parsed items' terms into `store`
/// ([`Store::import`]), which costs far less than parsing them again (every lowered program and
/// every clause program loads these files).
pub fn parse_library_clauses(
    store: &mut Store,
    file: &'static str,
    src: &'static str,
) -> Result<Vec<Item>> {
    use std::sync::{Mutex, OnceLock};
    type Parsed = Arc<(Store, Vec<Item>)>;
    /// (file name, text, its parse)
    type Entry = (&'static str, &'static str, Parsed);
    static CACHE: OnceLock<Mutex<Vec<Entry>>> = OnceLock::new();
    // Keyed by the file name and the text's address: a `&'static str` built into the binary.
    let same = |e: &Entry| e.0 == file && std::ptr::eq(e.1, src) && e.1.len() == src.len();
    if let Some(items) = super::library::decode_into(store, file, src) {
        return Ok(items);
    }
    let cache = CACHE.get_or_init(Default::default);
    let found = cache
        .lock()
        .ok()
        .and_then(|c| c.iter().find(|e| same(e)).map(|e| e.2.clone()));
    let parsed = match found {
        Some(p) => p,
        None => {
            let mut own = Store::new();
            let items = parse_clauses(&mut own, &Arc::from(file), src)?;
            let p: Parsed = Arc::new((own, items));
            if let Ok(mut c) = cache.lock() {
                c.push((file, src, p.clone()));
            }
            p
        }
    };
    let (own, items) = &*parsed;
    let mut memo = rustc_hash::FxHashMap::default();
    Ok(items
        .iter()
        .map(|it| Item {
            kind: it.kind,
            term: store.import(own, it.term, &mut memo),
            var_names: it.var_names.clone(),
            span: it.span.clone(),
        })
        .collect())
}

/// Parse a clause file, handing each item to `each` as soon as it is read (a large file's items are
/// never all held at once). Ground facts of integers and plain atoms take the fast path of
/// [`super::facts`]; everything else goes to pest.
///
/// Errors are those of [`parse_clauses`] followed by a loop over its items: a syntax error anywhere in
/// the file is reported in preference to an error `each` returned for an earlier item (after `each`
/// fails it is not called again, and the rest of the file is only checked).
pub fn parse_clauses_each(
    store: &mut Store,
    file: &Arc<str>,
    src: &str,
    each: impl FnMut(&mut Store, Item) -> Result<()> + Send,
) -> Result<()> {
    let depth = prescan::check(file, src, prescan::Lang::Clauses)?;
    prescan::on_big_stack(src, depth, || {
        parse_clauses_each_here(store, file, src, each)
    })
}

/// Facts read ahead and interned together (see `Store::app_batch`).
const FACT_BATCH: usize = 4096;

/// A fact of a batch, its arguments interned, its compound not yet.
struct Pending {
    functor: Sym,
    /// Where its arguments start in the batch's arguments, and how many there are.
    at: u32,
    arity: u32,
    /// Its span's byte offsets.
    start: usize,
    end: usize,
}

/// [`parse_clauses_each`] on the current thread (after the pre-scan).
fn parse_clauses_each_here(
    store: &mut Store,
    file: &Arc<str>,
    src: &str,
    mut each: impl FnMut(&mut Store, Item) -> Result<()>,
) -> Result<()> {
    // The line index is built when pest first reads an item (a file of facts never needs it).
    let mut lines: Option<crate::error::LineIndex> = None;
    if src.len() > 1 << 20 {
        // About one interned term per 16 bytes of a fact file (`edge(12, 40).` is one compound:
        // small integers need no node): grow the store once.
        store.reserve(src.len() / 16);
    }
    let fast = super::facts::enabled();
    let mut at = super::facts::LineCursor::default();
    let mut scanner = super::facts::FactScanner::default();
    // A run of facts, a batch at a time: each fact's functor and arguments interned in order, then
    // the batch's compounds at once (`Store::app_batch`: the term table swept in one direction, not
    // probed at random once per fact), then each fact loaded in order.
    let mut batch: Vec<Pending> = Vec::new();
    let (mut args, mut apps, mut ids) = (Vec::new(), Vec::new(), Vec::new());
    let mut failed: Option<Error> = None;
    let mut pos = 0;
    loop {
        if fast {
            batch.clear();
            args.clear();
            while batch.len() < FACT_BATCH {
                let start = super::facts::skip_layout(src, pos);
                let Some(f) = super::facts::scan(src, start) else {
                    break;
                };
                pos = f.end;
                let at = args.len();
                let functor = scanner.intern_parts(store, &f, &mut args);
                batch.push(Pending {
                    functor,
                    at: at as u32,
                    arity: (args.len() - at) as u32,
                    start: f.start,
                    end: f.end,
                });
            }
            if !batch.is_empty() {
                apps.clear();
                apps.extend(
                    batch
                        .iter()
                        .filter(|p| p.arity > 0)
                        .map(|p| (p.functor, p.at, p.arity)),
                );
                store.app_batch(&apps, &args, &mut ids);
                let mut compounds = ids.iter();
                for p in &batch {
                    let (start, end) = (p.start, p.end);
                    let term = match p.arity {
                        0 => store.atom(p.functor),
                        _ => *compounds.next().expect("one id per compound"),
                    };
                    if failed.is_none() {
                        let item = Item {
                            kind: ItemKind::Clause,
                            term,
                            var_names: Vec::new(),
                            span: at.span(file, src, start, end),
                        };
                        if let Err(e) = each(store, item) {
                            failed = Some(e);
                        }
                    }
                }
                continue;
            }
        }
        let Ok(mut pairs) = ClauseParser::parse(Rule::next_item, &src[pos..]) else {
            break;
        };
        let Some(item) = pairs
            .next()
            .and_then(|p| p.into_inner().find(|p| p.as_rule() == Rule::item))
        else {
            return match failed {
                Some(e) => Err(e),
                None => Ok(()),
            };
        };
        let end = item.as_span().end();
        let lines = lines.get_or_insert_with(|| crate::error::LineIndex::new(src));
        let item = convert_item(store, file, src, lines, pos, item)?;
        if failed.is_none() {
            if let Err(e) = each(store, item) {
                failed = Some(e);
            }
        }
        pos += end;
    }
    // A syntax error at `pos`: the whole file parsed in one go locates it as before.
    match ClauseParser::parse(Rule::program, src) {
        Err(e) => Err(syntax_error(file, src, e)),
        Ok(_) => Err(Error::Internal(
            "an item failed to parse alone but the file parsed whole".into(),
        )),
    }
}

/// One parsed item (found at `offset` in `src`) as an [`Item`].
fn convert_item(
    store: &mut Store,
    file: &Arc<str>,
    src: &str,
    lines: &crate::error::LineIndex,
    offset: usize,
    item: pest::iterators::Pair<'_, Rule>,
) -> Result<Item> {
    let sp = item.as_span();
    let span = lines.span(file, src, offset + sp.start(), offset + sp.end());
    let inner = item
        .into_inner()
        .next()
        .ok_or_else(|| Error::Internal("empty item".into()))?;
    let mut conv = Conv {
        store,
        vars: Vec::new(),
        index: Default::default(),
        index_built: false,
    };
    let (kind, term) = match inner.as_rule() {
        Rule::directive => {
            let d = inner
                .into_inner()
                .next()
                .ok_or_else(|| Error::Internal("empty directive".into()))?;
            let t = if d.as_rule() == Rule::decl {
                conv.decl(d)
            } else {
                conv.term(d)
            };
            (ItemKind::Directive, t)
        }
        Rule::query => {
            let g = inner
                .into_inner()
                .next()
                .ok_or_else(|| Error::Internal("empty query".into()))?;
            (ItemKind::Query, conv.term(g))
        }
        _ => {
            let c = inner
                .into_inner()
                .next()
                .ok_or_else(|| Error::Internal("empty clause".into()))?;
            (ItemKind::Clause, conv.term(c))
        }
    };
    let var_names = conv.vars;
    Ok(Item {
        kind,
        term,
        var_names,
        span,
    })
}

/// Parse one goal (an optional final `.` is allowed). Returns the term and its variable names.
pub fn parse_goal(
    store: &mut Store,
    file: &Arc<str>,
    src: &str,
) -> Result<(TermId, Vec<Box<str>>)> {
    let depth = prescan::check(file, src, prescan::Lang::Clauses)?;
    prescan::on_big_stack(src, depth, || parse_goal_here(store, file, src))
}

/// [`parse_goal`] on the current thread (after the pre-scan).
fn parse_goal_here(
    store: &mut Store,
    file: &Arc<str>,
    src: &str,
) -> Result<(TermId, Vec<Box<str>>)> {
    let mut pairs =
        ClauseParser::parse(Rule::goal_text, src).map_err(|e| syntax_error(file, src, e))?;
    let top = pairs
        .next()
        .ok_or_else(|| Error::Internal("empty parse".into()))?;
    let g = top
        .into_inner()
        .find(|p| p.as_rule() == Rule::term1200)
        .ok_or_else(|| Error::Internal("no goal".into()))?;
    let mut conv = Conv {
        store,
        vars: Vec::new(),
        index: Default::default(),
        index_built: false,
    };
    let t = conv.term(g);
    Ok((t, conv.vars))
}

/// Items as text (kind, clause, variable names, location), for tests that compare two parses.
#[cfg(test)]
pub fn items_text(store: &Store, items: &[Item]) -> Vec<String> {
    items
        .iter()
        .map(|it| {
            let names = |i: u32| it.var_names[i as usize].to_string();
            format!(
                "{:?} {} {:?} {}",
                it.kind,
                crate::syntax::print::clause_to_string(store, it.term, &names),
                it.var_names,
                it.span
            )
        })
        .collect()
}

#[cfg(test)]
mod library_cache_tests {
    use super::*;

    /// The cached parse of a rules file, copied into another store (one that already holds other
    /// terms, and a second time from the cache), gives the items a fresh parse gives: the same
    /// clauses, variable names and locations.
    #[test]
    fn imported_rules_equal_a_fresh_parse() {
        let texts: [(&'static str, &'static str); 2] = [
            crate::syntax::library::LISTS,
            ("rules/cache-test.pl", "p(X, [a|T], \"s\", 1.5, 99999999999999999999) :- q(X), \\+ r(T).\nq(f(g(h))).\n:- table q/1.\n"),
        ];
        for (file, src) in texts {
            let mut fresh = Store::new();
            let expected = parse_clauses(&mut fresh, &Arc::from(file), src).unwrap();
            let text = items_text;
            for _ in 0..2 {
                let mut other = Store::new();
                let before = other.atom_named("something_else");
                let got = parse_library_clauses(&mut other, file, src).unwrap();
                assert_eq!(text(&other, &got), text(&fresh, &expected), "{file}");
                let sym = other.sym("something_else");
                assert_eq!(other.view(before), crate::term::View::Atom(sym));
            }
        }
    }
}
