//! The surface parser: pest grammar (`surface.pest`) plus the conversion of pest's parse tree into
//! the AST of [`crate::syntax::ast`].
//!
//! Before pest sees the text, [`check_nesting`] rejects unbalanced brackets, unterminated comments
//! and strings, and nesting deeper than [`MAX_NESTING`] with precise locations. Deeply nested (but
//! accepted) input is parsed on a thread with a large stack, so no input can overflow the stack.

use std::sync::Arc;

use pest::error::{ErrorVariant, InputLocation};
use pest::iterators::{Pair, Pairs};
use pest::Parser as _;

use crate::error::{Error, LineIndex, Result, Span};
use crate::syntax::ast::*;

/// The pest parser generated from `surface.pest` (in a private module: `Rule` is an
/// implementation detail).
mod grammar {
    #[derive(pest_derive::Parser)]
    #[grammar = "syntax/surface.pest"]
    pub(super) struct SurfaceParser;
}

use grammar::{Rule, SurfaceParser};

/// The deepest bracket / type nesting accepted.
pub const MAX_NESTING: usize = 2_000;

/// Nesting above which parsing runs on a dedicated thread with a large stack.
const DEEP_NESTING: usize = 64;

/// Stack size of the deep-parse thread.
const DEEP_STACK: usize = 512 << 20;

/// Parses a whole program.
pub fn parse_program(file: &Arc<str>, src: &str) -> Result<Program> {
    run(file, src, Rule::program, |cx, pair| cx.program(pair))
}

/// Parses a goal.
pub fn parse_goal(file: &Arc<str>, src: &str) -> Result<Goal> {
    run(file, src, Rule::goal_input, |cx, pair| {
        let mut k = cx.kids(pair);
        cx.goal(k.next()?)
    })
}

/// Parses a single type (used by the parser's tests).
#[cfg_attr(not(test), allow(dead_code))]
pub fn parse_type(file: &Arc<str>, src: &str) -> Result<Ty> {
    run(file, src, Rule::ty_input, |cx, pair| {
        let mut k = cx.kids(pair);
        cx.ty(k.next()?)
    })
}

/// Checks nesting, parses with pest, and converts the tree with `build` (on a big-stack thread
/// when the input is deeply nested).
fn run<T: Send>(
    file: &Arc<str>,
    src: &str,
    rule: Rule,
    build: impl Fn(&Cx<'_>, Pair<'_, Rule>) -> Result<T> + Send + Sync,
) -> Result<T> {
    let depth = check_nesting(file, src)?;
    let work = || {
        let cx = Cx {
            file,
            src,
            lines: LineIndex::new(src),
        };
        let pair = cx.parse(rule)?;
        build(&cx, pair)
    };
    if depth <= DEEP_NESTING {
        return work();
    }
    std::thread::scope(|s| {
        let handle = std::thread::Builder::new()
            .stack_size(DEEP_STACK)
            .spawn_scoped(s, work)
            .map_err(|e| Error::Internal(format!("cannot start parser thread: {e}")))?;
        handle
            .join()
            .unwrap_or_else(|_| Err(Error::Internal("the parser thread panicked".into())))
    })
}

// ------------------------------------------------------------------ nesting pre-scan

/// One open bracket during the pre-scan.
struct Open {
    ch: u8,
    pos: usize,
    /// Prefix operators (`&`, `*`, `->`) seen inside this bracket since the last separator.
    run: usize,
}

/// State of the nesting pre-scan: open brackets and the current depth.
#[derive(Default)]
struct Scan {
    stack: Vec<Open>,
    /// Prefix operators outside any bracket since the last separator.
    root_run: usize,
    depth: usize,
}

impl Scan {
    /// The prefix-operator counter of the innermost level.
    fn run(&mut self) -> &mut usize {
        match self.stack.last_mut() {
            Some(o) => &mut o.run,
            None => &mut self.root_run,
        }
    }

    /// A prefix operator nests what follows one level deeper (until the next separator).
    fn prefix(&mut self) {
        *self.run() += 1;
        self.depth += 1;
    }

    /// A separator (`,`, `;`, `=`) ends the prefix operators of its level.
    fn separator(&mut self) {
        let run = std::mem::take(self.run());
        self.depth -= run;
    }

    /// Pops the innermost open bracket.
    fn pop(&mut self) -> Option<Open> {
        let o = self.stack.pop()?;
        self.depth -= 1 + o.run;
        Some(o)
    }

    /// A `)`, `]` or `}` at `i`: closes pending `<`s, then must match the innermost bracket.
    fn close(&mut self, c: u8, i: usize, src: &str) -> std::result::Result<(), (usize, String)> {
        while self.stack.last().is_some_and(|o| o.ch == b'<') {
            self.pop();
        }
        match self.pop() {
            Some(o) if closer(o.ch) == c => Ok(()),
            Some(o) => {
                let (l, col) = crate::error::line_col(src, o.pos);
                let (c, want, open) = (c as char, closer(o.ch) as char, o.ch as char);
                Err((i, format!("mismatched closing `{c}`: expected `{want}` to close the `{open}` at {l}:{col}")))
            }
            None => Err((
                i,
                format!("unexpected closing `{}` without an opening one", c as char),
            )),
        }
    }
}

/// Scans `src` for unbalanced `(`/`[`/`{`, unterminated comments and strings, and nesting deeper
/// than [`MAX_NESTING`]; returns the maximum nesting depth. Brackets, `<`, and runs of prefix
/// operators (`&`, `*`, `->`) all count as nesting, since each makes pest recurse.
pub fn check_nesting(file: &Arc<str>, src: &str) -> Result<usize> {
    let err = |(pos, msg): (usize, String)| Error::syntax(file, src, pos, pos + 1, msg);
    let b = src.as_bytes();
    let mut scan = Scan::default();
    let mut max = 0usize;
    let mut i = 0;
    while i < b.len() {
        if let Some(next) = skip_trivia(b, i).map_err(err)? {
            i = next;
            continue;
        }
        match b[i] {
            c @ (b'(' | b'[' | b'{' | b'<') => {
                scan.stack.push(Open {
                    ch: c,
                    pos: i,
                    run: 0,
                });
                scan.depth += 1;
            }
            b'>' if i > 0 && b[i - 1] == b'-' => scan.prefix(),
            b'>' if scan.stack.last().is_some_and(|o| o.ch == b'<') => {
                scan.pop();
            }
            c @ (b')' | b']' | b'}') => scan.close(c, i, src).map_err(err)?,
            b'&' | b'*' => scan.prefix(),
            b',' | b';' | b'=' => scan.separator(),
            _ => {}
        }
        if scan.depth > MAX_NESTING {
            return Err(err((
                i,
                format!("nesting too deep (more than {MAX_NESTING} levels)"),
            )));
        }
        max = max.max(scan.depth);
        i += 1;
    }
    if let Some(o) = scan.stack.iter().rev().find(|o| o.ch != b'<') {
        let (open, close) = (o.ch as char, closer(o.ch) as char);
        return Err(err((
            o.pos,
            format!("unclosed `{open}`: expected a matching `{close}`"),
        )));
    }
    Ok(max)
}

/// If a comment, string or char literal starts at `i`, the index after it.
fn skip_trivia(b: &[u8], i: usize) -> std::result::Result<Option<usize>, (usize, String)> {
    match (b[i], b.get(i + 1)) {
        (b'/', Some(b'/')) => Ok(Some(
            b[i..]
                .iter()
                .position(|&c| c == b'\n')
                .map_or(b.len(), |n| i + n),
        )),
        (b'/', Some(b'*')) => match skip_block_comment(b, i) {
            Some(end) => Ok(Some(end)),
            None => Err((i, "unterminated block comment `/*`".into())),
        },
        (b'"', _) => match skip_string(b, i) {
            Some(end) => Ok(Some(end)),
            None => Err((i, "unterminated string literal".into())),
        },
        (b'\'', _) => Ok(char_literal_end(b, i)),
        _ => Ok(None),
    }
}

/// The closing bracket of an opening one.
fn closer(open: u8) -> u8 {
    match open {
        b'(' => b')',
        b'[' => b']',
        b'<' => b'>',
        _ => b'}',
    }
}

/// The index after the (nested) block comment starting at `i`, or `None` if unterminated.
fn skip_block_comment(b: &[u8], mut i: usize) -> Option<usize> {
    let mut level = 0usize;
    while i < b.len() {
        if b[i] == b'/' && b.get(i + 1) == Some(&b'*') {
            level += 1;
            i += 2;
        } else if b[i] == b'*' && b.get(i + 1) == Some(&b'/') {
            level -= 1;
            i += 2;
            if level == 0 {
                return Some(i);
            }
        } else {
            i += 1;
        }
    }
    None
}

/// The index after the string literal starting at `i`, or `None` if unterminated.
fn skip_string(b: &[u8], mut i: usize) -> Option<usize> {
    i += 1;
    while i < b.len() {
        match b[i] {
            b'\\' => i += 2,
            b'"' => return Some(i + 1),
            _ => i += 1,
        }
    }
    None
}

/// If a char literal (`'x'`, `'\n'`) starts at `i`, the index after it.
fn char_literal_end(b: &[u8], i: usize) -> Option<usize> {
    if b.get(i + 1) == Some(&b'\\') {
        let close = b[i + 2..].iter().take(12).position(|&c| c == b'\'')?;
        return Some(i + 3 + close);
    }
    let rest = std::str::from_utf8(b.get(i + 1..)?).ok()?;
    let ch = rest.chars().next()?;
    let after = i + 1 + ch.len_utf8();
    (ch != '\'' && b.get(after) == Some(&b'\'')).then_some(after + 1)
}

// ------------------------------------------------------------------ pest errors

impl Cx<'_> {
    /// Runs pest on the whole input for `rule`, returning the entry rule's pair.
    ///
    /// pest's error detail (which names the expected tokens) is a process-wide flag. If it is off,
    /// a failed parse is repeated with it switched on and then off again (such re-parses are
    /// serialized); if someone else switched it on, it is left alone.
    fn parse(&self, rule: Rule) -> Result<Pair<'_, Rule>> {
        let first = match SurfaceParser::parse(rule, self.src) {
            Ok(mut pairs) => {
                return pairs
                    .next()
                    .ok_or_else(|| Error::Internal("pest returned no pairs".into()))
            }
            Err(e) => e,
        };
        if first.parse_attempts().is_some() {
            return Err(self.pest_error(first));
        }
        static DETAIL: std::sync::Mutex<()> = std::sync::Mutex::new(());
        let guard = DETAIL
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner());
        pest::set_error_detail(true);
        let retry = SurfaceParser::parse(rule, self.src);
        pest::set_error_detail(false);
        drop(guard);
        Err(self.pest_error(retry.err().unwrap_or(first)))
    }

    /// Translates a pest error into a syntax error with a readable message.
    fn pest_error(&self, e: pest::error::Error<Rule>) -> Error {
        let mut pos = match e.location {
            InputLocation::Pos(p) => p,
            InputLocation::Span((s, _)) => s,
        };
        let mut rules: Vec<&'static str> = Vec::new();
        let mut tokens: Vec<String> = Vec::new();
        match &e.variant {
            ErrorVariant::ParsingError { positives, .. } => {
                rules.extend(positives.iter().filter_map(|r| describe(*r)))
            }
            ErrorVariant::CustomError { message } => {
                let msg = if message.contains("limit") {
                    "input too complex to parse (parser limit reached)".to_string()
                } else {
                    message.clone()
                };
                return Error::syntax(self.file, self.src, pos, pos, msg);
            }
        }
        if let Some(attempts) = e.parse_attempts() {
            let at: Vec<String> = attempts
                .expected_tokens()
                .iter()
                .map(|t| t.to_string())
                .filter(|t| PUNCT.contains(&t.as_str()))
                .collect();
            if attempts.max_position > pos && !at.is_empty() {
                pos = attempts.max_position;
                rules.clear();
                tokens = at;
            } else if attempts.max_position == pos {
                tokens = at;
            }
        }
        let found = found_token(self.src, pos);
        let msg = expected_message(rules, tokens, &found);
        Error::syntax(self.file, self.src, pos, pos + 1, msg)
    }
}

/// "expected A, B or C, found X", dropping alternatives implied by others.
fn expected_message(rules: Vec<&'static str>, tokens: Vec<String>, found: &str) -> String {
    let mut expected: Vec<String> = Vec::new();
    let wide = rules.iter().any(|r| *r == "a type" || *r == "a goal");
    let goal = rules.contains(&"a goal");
    for r in rules {
        if (r == "an identifier" && wide) || (r == "`if`" && goal) {
            continue;
        }
        if !expected.iter().any(|e| e == r) {
            expected.push(r.to_string());
        }
    }
    for t in tokens {
        if wide && ["!", "&", "*", "[", "(", "<"].contains(&t.as_str()) {
            continue;
        }
        let t = format!("`{t}`");
        if !expected.contains(&t) {
            expected.push(t);
        }
    }
    if expected.is_empty() {
        return format!("unexpected {found}");
    }
    expected.truncate(8);
    format!("expected {}, found {found}", join_or(&expected))
}

/// Literal tokens worth naming in "expected ..." messages.
const PUNCT: &[&str] = &[
    "(", ")", "[", "]", "{", "}", "<", ">", ",", ";", ":", "=", "->", "::", "+", "&", "*", "!",
    "#", "...", "?",
];

/// Joins alternatives as `a, b or c`.
fn join_or(items: &[String]) -> String {
    match items {
        [] => String::new(),
        [one] => one.clone(),
        [init @ .., last] => format!("{} or {last}", init.join(", ")),
    }
}

/// A short description of the text at `pos`.
fn found_token(src: &str, pos: usize) -> String {
    let rest = src.get(pos..).unwrap_or("");
    let rest = rest.trim_start();
    let Some(first) = rest.chars().next() else {
        return "end of input".into();
    };
    if first.is_alphanumeric() || first == '_' || first == '\'' {
        let word: String = rest
            .char_indices()
            .take_while(|&(i, c)| c.is_alphanumeric() || c == '_' || (i == 0 && c == '\''))
            .map(|(_, c)| c)
            .take(40)
            .collect();
        format!("`{word}`")
    } else {
        format!("`{first}`")
    }
}

/// Words for the rules pest may report as expected.
#[rustfmt::skip]
fn describe(rule: Rule) -> Option<&'static str> {
    use Rule as R;
    if is_ty_rule(rule) {
        return Some("a type");
    }
    let s = match rule {
        R::EOI => "end of input",
        R::ident | R::attr_path => "an identifier",
        R::lifetime => "a lifetime",
        R::int_lit | R::discriminant => "a number",
        R::string_lit => "a string literal",
        R::item | R::ignored_item | R::attribute | R::vis => "an item",
        R::struct_def | R::kw_struct => "`struct`",
        R::enum_def | R::kw_enum => "`enum`",
        R::trait_def | R::kw_trait => "`trait`",
        R::impl_def | R::kw_impl => "`impl`",
        R::generic_params | R::for_lifetimes | R::witness_lifetimes | R::bound_args | R::generic_args => "`<`",
        R::const_param | R::int_param | R::float_param | R::lifetime_param | R::type_param => "a generic parameter",
        R::bounds | R::trait_bound | R::trait_path | R::binder => "a trait bound",
        R::where_clauses | R::kw_where => "`where`",
        R::where_clause | R::lifetime_outlives | R::type_bounds => "a where clause",
        R::ty_input | R::path_segment => "a type",
        R::goal | R::goal_input | R::forall_goal | R::exists_goal | R::implies_goal | R::not_goal
            | R::compatible_goal | R::paren_goal | R::subtype_goal | R::eq_goal | R::domain_goal_leaf => "a goal",
        R::well_formed | R::from_env | R::normalize | R::implemented | R::is_local | R::is_upstream
            | R::is_fully_visible | R::local_impl_allowed | R::downstream_type | R::object_safe
            | R::compatible_dg | R::reveal | R::where_goal => "a domain goal",
        R::trait_ref => "a trait reference `T: Trait`",
        R::hypothesis | R::inline_clause => "a hypothesis",
        R::named_fields | R::named_field => "a field",
        R::tuple_fields | R::tuple_field => "a tuple field",
        R::variant => "a variant",
        R::assoc_ty_decl | R::assoc_ty_value => "an associated type",
        R::skipped_fn | R::skipped_const => "an associated item",
        R::fn_param | R::fn_ptr_arg => "a parameter",
        R::closure_self | R::kw_self => "`self`",
        R::unit_marker => "`;`",
        R::trailing_comma => "`,`",
        R::ellipsis => "`...`",
        R::neg => "`!`",
        R::maybe => "`?`",
        R::fn_unsafe => "`unsafe`",
        R::fn_abi => "`extern`",
        R::brace_block => "`{`",
        R::kw_as => "`as`",
        R::kw_for => "`for`",
        R::kw_fn => "`fn`",
        R::kw_type => "`type`",
        R::kw_if => "`if`",
        R::kw_mut => "`mut`",
        R::kw_const => "`const`",
        R::kw_resume => "`resume`",
        R::kw_yield => "`yield`",
        R::kw_upvars => "`upvars`",
        R::kw_witnesses => "`witnesses`",
        _ => return None,
    };
    Some(s)
}

// ------------------------------------------------------------------ tree walking helpers

/// Conversion context: the file name and source text.
struct Cx<'s> {
    file: &'s Arc<str>,
    src: &'s str,
    /// Line starts, so that each node's span costs O(log n).
    lines: LineIndex,
}

/// The children of a pair, filtered by [`is_meaningful`].
type KidIter<'i> = std::iter::Filter<Pairs<'i, Rule>, fn(&Pair<'i, Rule>) -> bool>;

/// The children of a pair (without keyword tokens), with small helpers for optional children.
struct Kids<'i> {
    it: std::iter::Peekable<KidIter<'i>>,
    parent: Rule,
}

/// Whether a pair carries information (keywords other than flags such as `mut` do not).
#[rustfmt::skip]
fn is_meaningful(p: &Pair<'_, Rule>) -> bool {
    use Rule as R;
    !matches!(
        p.as_rule(),
        R::kw_closure | R::kw_compatible | R::kw_const | R::kw_coroutine | R::kw_dyn | R::kw_enum
            | R::kw_exists | R::kw_extern | R::kw_float | R::kw_fn | R::kw_for | R::kw_forall | R::kw_if
            | R::kw_impl | R::kw_int | R::kw_not | R::kw_opaque | R::kw_resume | R::kw_self | R::kw_static
            | R::kw_struct | R::kw_trait | R::kw_type | R::kw_unsafe | R::kw_upvars | R::kw_where
            | R::kw_witnesses | R::kw_yield
    )
}

impl<'i> Kids<'i> {
    /// The next child (an internal error if there is none).
    fn next(&mut self) -> Result<Pair<'i, Rule>> {
        self.it
            .next()
            .ok_or_else(|| Error::Internal(format!("missing child in {:?}", self.parent)))
    }

    /// The rule of the next child, if any.
    fn peek(&mut self) -> Option<Rule> {
        self.it.peek().map(|p| p.as_rule())
    }

    /// Consumes the next child if it is `rule`.
    fn take(&mut self, rule: Rule) -> Option<Pair<'i, Rule>> {
        if self.peek() == Some(rule) {
            self.it.next()
        } else {
            None
        }
    }

    /// Consumes the next child if it is `rule`; says whether it did.
    fn flag(&mut self, rule: Rule) -> bool {
        self.take(rule).is_some()
    }

    /// Consumes all remaining children of rule `rule`.
    fn take_all(&mut self, rule: Rule) -> Vec<Pair<'i, Rule>> {
        let mut out = Vec::new();
        while let Some(p) = self.take(rule) {
            out.push(p);
        }
        out
    }

    /// The remaining children.
    fn rest(self) -> Vec<Pair<'i, Rule>> {
        self.it.collect()
    }
}

/// An internal error for a pair of an unexpected rule.
fn unexpected(p: &Pair<'_, Rule>, what: &str) -> Error {
    Error::Internal(format!(
        "unexpected {:?} while building {what}",
        p.as_rule()
    ))
}

impl<'s> Cx<'s> {
    /// The children of `p`.
    fn kids<'i>(&self, p: Pair<'i, Rule>) -> Kids<'i> {
        let keep: fn(&Pair<'i, Rule>) -> bool = is_meaningful;
        Kids {
            parent: p.as_rule(),
            it: p.into_inner().filter(keep).peekable(),
        }
    }

    /// The span of a pair.
    fn span(&self, p: &Pair<'_, Rule>) -> Span {
        let s = p.as_span();
        self.lines.span(self.file, self.src, s.start(), s.end())
    }

    /// A span from `start` to `end` byte offsets.
    fn span_of(&self, start: usize, end: usize) -> Span {
        self.lines.span(self.file, self.src, start, end)
    }

    /// A syntax error located at a pair.
    fn err(&self, p: &Pair<'_, Rule>, msg: impl Into<String>) -> Error {
        let s = p.as_span();
        Error::syntax(self.file, self.src, s.start(), s.end(), msg)
    }

    /// An identifier from a pair (of any rule: its text is taken).
    fn ident(&self, p: &Pair<'_, Rule>) -> Ident {
        Ident {
            name: p.as_str().trim().to_string(),
            span: self.span(p),
        }
    }

    /// Generic parameters from an optional `generic_params` child.
    fn opt_params(&self, k: &mut Kids<'_>) -> Result<Vec<GenericParam>> {
        match k.take(Rule::generic_params) {
            Some(p) => self.generic_params(p),
            None => Ok(Vec::new()),
        }
    }

    /// Where clauses from an optional `where_clauses` child.
    fn opt_where(&self, k: &mut Kids<'_>) -> Result<Vec<WhereClause>> {
        match k.take(Rule::where_clauses) {
            Some(p) => self.where_clauses(p),
            None => Ok(Vec::new()),
        }
    }

    /// Bounds from an optional `bounds` child.
    fn opt_bounds(&self, k: &mut Kids<'_>) -> Result<Vec<Bound>> {
        match k.take(Rule::bounds) {
            Some(p) => self.bounds(p),
            None => Ok(Vec::new()),
        }
    }

    /// A type from the next child, if any remains.
    fn opt_ty(&self, k: &mut Kids<'_>) -> Result<Option<Ty>> {
        if k.peek().is_some_and(is_ty_rule) {
            Ok(Some(self.ty(k.next()?)?))
        } else {
            Ok(None)
        }
    }

    /// Types of a `ty_list_semi` (or of a rule wrapping one).
    fn ty_list(&self, p: Option<Pair<'_, Rule>>) -> Result<Vec<Ty>> {
        let Some(p) = p else { return Ok(Vec::new()) };
        p.into_inner()
            .flat_map(|c| {
                if c.as_rule() == Rule::ty_list_semi {
                    c.into_inner().collect()
                } else {
                    vec![c]
                }
            })
            .map(|c| self.ty(c))
            .collect()
    }
}

/// Whether a rule produces a type.
#[rustfmt::skip]
fn is_ty_rule(r: Rule) -> bool {
    use Rule as R;
    matches!(
        r,
        R::fn_ptr_ty | R::scalar_ty | R::str_ty | R::never_ty | R::dyn_ty | R::tuple_ty | R::slice_ty
            | R::raw_ptr_ty | R::ref_ty | R::projection_ty | R::path_ty
    )
}

// ------------------------------------------------------------------ items

impl Cx<'_> {
    /// The program.
    fn program(&self, p: Pair<'_, Rule>) -> Result<Program> {
        let mut items = Vec::new();
        for item in p.into_inner() {
            match item.as_rule() {
                Rule::item => {
                    if let Some(it) = self.item(item)? {
                        items.push(it);
                    }
                }
                Rule::EOI => {}
                _ => return Err(unexpected(&item, "a program")),
            }
        }
        Ok(Program { items })
    }

    /// One item (`None` for ignored lines such as `use`).
    fn item(&self, p: Pair<'_, Rule>) -> Result<Option<Item>> {
        let span = self.span(&p);
        let mut k = self.kids(p);
        if k.flag(Rule::ignored_item) {
            return Ok(None);
        }
        let mut attrs = k
            .take_all(Rule::attribute)
            .into_iter()
            .map(|a| self.attribute(a))
            .collect::<Result<Vec<_>>>()?;
        let public = k.flag(Rule::vis);
        let body = k.next()?;
        let kind = match body.as_rule() {
            Rule::struct_def => ItemKind::Struct(self.struct_def(body)?),
            Rule::enum_def => ItemKind::Enum(self.enum_def(body)?),
            Rule::trait_def => {
                let (def, auto) = self.trait_def(body)?;
                if let Some(a) = auto {
                    attrs.push(a);
                }
                ItemKind::Trait(def)
            }
            Rule::impl_def => ItemKind::Impl(self.impl_def(body)?),
            Rule::opaque_def => ItemKind::OpaqueType(self.opaque_def(body)?),
            Rule::foreign_def => {
                let mut k = self.kids(body);
                ItemKind::ForeignType(self.ident(&k.next()?))
            }
            Rule::fn_def => ItemKind::FnDef(self.fn_def(body)?),
            Rule::closure_def => ItemKind::Closure(self.closure_def(body)?),
            Rule::coroutine_def => ItemKind::Coroutine(self.coroutine_def(body)?),
            Rule::clause_def => ItemKind::Clause(self.clause_def(body)?),
            _ => return Err(unexpected(&body, "an item")),
        };
        Ok(Some(Item {
            attrs,
            public,
            kind,
            span,
        }))
    }

    /// An attribute.
    fn attribute(&self, p: Pair<'_, Rule>) -> Result<Attribute> {
        let span = self.span(&p);
        let mut k = self.kids(p);
        let name = self.ident(&k.next()?);
        let mut args = None;
        let mut value = None;
        for c in k.rest() {
            match c.as_rule() {
                Rule::attr_args => {
                    args = Some(c.into_inner().map(|a| self.trimmed_ident(&a)).collect());
                }
                Rule::attr_value => value = Some(c.as_str().trim().to_string()),
                _ => return Err(unexpected(&c, "an attribute")),
            }
        }
        Ok(Attribute {
            name,
            args,
            value,
            span,
        })
    }

    /// An identifier-like text with surrounding whitespace removed from text and span.
    fn trimmed_ident(&self, p: &Pair<'_, Rule>) -> Ident {
        let s = p.as_span();
        let text = p.as_str();
        let lead = text.len() - text.trim_start().len();
        let trimmed = text.trim();
        let start = s.start() + lead;
        Ident {
            name: trimmed.to_string(),
            span: self.span_of(start, start + trimmed.len()),
        }
    }

    /// A struct: one variant named like the struct.
    fn struct_def(&self, p: Pair<'_, Rule>) -> Result<AdtDef> {
        let span = self.span(&p);
        let mut k = self.kids(p);
        let name = self.ident(&k.next()?);
        let params = self.opt_params(&mut k)?;
        let mut where_clauses = Vec::new();
        let mut shape = VariantShape::Unit;
        let mut fields = Vec::new();
        for c in k.rest() {
            match c.as_rule() {
                Rule::where_clauses => where_clauses.extend(self.where_clauses(c)?),
                Rule::named_fields | Rule::tuple_fields => (shape, fields) = self.fields(c)?,
                Rule::unit_marker => {}
                _ => return Err(unexpected(&c, "a struct")),
            }
        }
        let variant = Variant {
            name: name.clone(),
            shape,
            fields,
            span,
        };
        Ok(AdtDef {
            name,
            params,
            where_clauses,
            variants: vec![variant],
        })
    }

    /// Named or tuple fields.
    fn fields(&self, p: Pair<'_, Rule>) -> Result<(VariantShape, Vec<Field>)> {
        let shape = if p.as_rule() == Rule::named_fields {
            VariantShape::Named
        } else {
            VariantShape::Tuple
        };
        let mut fields = Vec::new();
        for f in p.into_inner() {
            let span = self.span(&f);
            let mut k = self.kids(f);
            k.take_all(Rule::attribute);
            k.take(Rule::vis);
            let name = match shape {
                VariantShape::Named => Some(self.ident(&k.next()?)),
                _ => None,
            };
            let ty = self.ty(k.next()?)?;
            fields.push(Field { name, ty, span });
        }
        Ok((shape, fields))
    }

    /// An enum.
    fn enum_def(&self, p: Pair<'_, Rule>) -> Result<AdtDef> {
        let mut k = self.kids(p);
        let name = self.ident(&k.next()?);
        let params = self.opt_params(&mut k)?;
        let where_clauses = self.opt_where(&mut k)?;
        let mut variants = Vec::new();
        for v in k.rest() {
            let span = self.span(&v);
            let mut vk = self.kids(v);
            vk.take_all(Rule::attribute);
            let vname = self.ident(&vk.next()?);
            let (shape, fields) = match vk.peek() {
                Some(Rule::named_fields | Rule::tuple_fields) => self.fields(vk.next()?)?,
                _ => (VariantShape::Unit, Vec::new()),
            };
            variants.push(Variant {
                name: vname,
                shape,
                fields,
                span,
            });
        }
        Ok(AdtDef {
            name,
            params,
            where_clauses,
            variants,
        })
    }

    /// A trait, plus a synthesized `auto` attribute for Rust's `auto trait`.
    fn trait_def(&self, p: Pair<'_, Rule>) -> Result<(TraitDef, Option<Attribute>)> {
        let mut k = self.kids(p);
        let auto = k.take(Rule::kw_auto).map(|a| Attribute {
            name: self.ident(&a),
            args: None,
            value: None,
            span: self.span(&a),
        });
        let name = self.ident(&k.next()?);
        let params = self.opt_params(&mut k)?;
        let supertraits = self.opt_bounds(&mut k)?;
        let where_clauses = self.opt_where(&mut k)?;
        let mut assoc_types = Vec::new();
        for c in k.rest() {
            match c.as_rule() {
                Rule::assoc_ty_decl => assoc_types.push(self.assoc_ty_decl(c)?),
                Rule::skipped_fn | Rule::skipped_const | Rule::ellipsis => {}
                _ => return Err(unexpected(&c, "a trait")),
            }
        }
        Ok((
            TraitDef {
                name,
                params,
                supertraits,
                where_clauses,
                assoc_types,
            },
            auto,
        ))
    }

    /// `type A<P>: Bounds where WC (= Default)?;`
    fn assoc_ty_decl(&self, p: Pair<'_, Rule>) -> Result<AssocTyDecl> {
        let span = self.span(&p);
        let mut k = self.kids(p);
        k.take_all(Rule::attribute);
        let name = self.ident(&k.next()?);
        let params = self.opt_params(&mut k)?;
        let bounds = self.opt_bounds(&mut k)?;
        let mut where_clauses = self.opt_where(&mut k)?;
        let default = self.opt_ty(&mut k)?;
        where_clauses.extend(self.opt_where(&mut k)?);
        Ok(AssocTyDecl {
            name,
            params,
            bounds,
            where_clauses,
            default,
            span,
        })
    }

    /// An impl.
    fn impl_def(&self, p: Pair<'_, Rule>) -> Result<ImplDef> {
        let mut k = self.kids(p);
        let params = self.opt_params(&mut k)?;
        let polarity = if k.flag(Rule::neg) {
            Polarity::Negative
        } else {
            Polarity::Positive
        };
        let path = k.next()?;
        let self_ty = self.ty(k.next()?)?;
        let start = self_ty.span.start.min(path.as_span().start());
        let end = self_ty.span.end;
        let bound = self.trait_path(path, Vec::new(), false, None)?;
        let trait_ref = TraitRef {
            self_ty,
            bound,
            span: self.span_of(start, end),
        };
        let where_clauses = self.opt_where(&mut k)?;
        let mut assoc_values = Vec::new();
        for c in k.rest() {
            match c.as_rule() {
                Rule::assoc_ty_value => assoc_values.push(self.assoc_ty_value(c)?),
                Rule::skipped_fn | Rule::skipped_const | Rule::ellipsis => {}
                _ => return Err(unexpected(&c, "an impl")),
            }
        }
        Ok(ImplDef {
            params,
            polarity,
            trait_ref,
            where_clauses,
            assoc_values,
        })
    }

    /// `default? type A<P> where WC = Ty where WC;`
    fn assoc_ty_value(&self, p: Pair<'_, Rule>) -> Result<AssocTyValue> {
        let span = self.span(&p);
        let mut k = self.kids(p);
        k.take_all(Rule::attribute);
        k.take(Rule::vis);
        let default = k.flag(Rule::kw_default);
        let name = self.ident(&k.next()?);
        let params = self.opt_params(&mut k)?;
        let mut where_clauses = self.opt_where(&mut k)?;
        let value = self.ty(k.next()?)?;
        where_clauses.extend(self.opt_where(&mut k)?);
        Ok(AssocTyValue {
            name,
            params,
            where_clauses,
            value,
            default,
            span,
        })
    }

    /// `opaque type O<P>: Bounds where WC = Ty;`
    fn opaque_def(&self, p: Pair<'_, Rule>) -> Result<OpaqueTyDef> {
        let mut k = self.kids(p);
        let name = self.ident(&k.next()?);
        let params = self.opt_params(&mut k)?;
        let bounds = self.opt_bounds(&mut k)?;
        let where_clauses = self.opt_where(&mut k)?;
        let hidden = self.ty(k.next()?)?;
        Ok(OpaqueTyDef {
            name,
            params,
            bounds,
            where_clauses,
            hidden,
        })
    }

    /// `unsafe? extern "abi"? fn f<P>(x: T) -> R where WC;`
    fn fn_def(&self, p: Pair<'_, Rule>) -> Result<FnDef> {
        let mut k = self.kids(p);
        let is_unsafe = k.flag(Rule::fn_unsafe);
        let abi = k.take(Rule::fn_abi).map(|a| self.abi(a));
        let name = self.ident(&k.next()?);
        let params = self.opt_params(&mut k)?;
        let (inputs, variadic) = self.fn_params(&mut k)?;
        let output = self.opt_ty(&mut k)?;
        let where_clauses = self.opt_where(&mut k)?;
        Ok(FnDef {
            name,
            params,
            is_unsafe,
            abi,
            inputs,
            variadic,
            output,
            where_clauses,
        })
    }

    /// The ABI of an `extern "abi"?` (bare `extern` is `C`).
    fn abi(&self, p: Pair<'_, Rule>) -> String {
        p.into_inner()
            .find(|c| c.as_rule() == Rule::string_lit)
            .map(|s| s.as_str().trim_matches('"').to_string())
            .unwrap_or_else(|| "C".to_string())
    }

    /// Consecutive `fn_param` children: their types, and whether the last is `...`.
    fn fn_params(&self, k: &mut Kids<'_>) -> Result<(Vec<Ty>, bool)> {
        let mut inputs = Vec::new();
        let mut variadic = false;
        for param in k.take_all(Rule::fn_param) {
            let here = self.span(&param);
            if variadic {
                return Err(Error::syntax(
                    self.file,
                    self.src,
                    here.start,
                    here.end,
                    "`...` must be the last parameter",
                ));
            }
            let mut pk = self.kids(param);
            pk.take(Rule::kw_mut);
            pk.take(Rule::ident);
            let t = pk.next()?;
            if t.as_rule() == Rule::ellipsis {
                variadic = true;
            } else {
                inputs.push(self.ty(t)?);
            }
        }
        Ok((inputs, variadic))
    }

    /// `closure c<P>(self, a: T) -> R { Upvar; .. }`
    fn closure_def(&self, p: Pair<'_, Rule>) -> Result<ClosureDef> {
        let mut k = self.kids(p);
        let name = self.ident(&k.next()?);
        let params = self.opt_params(&mut k)?;
        let this = k.next()?;
        let text: String = this
            .as_str()
            .chars()
            .filter(|c| !c.is_whitespace())
            .collect();
        let kind = match text.as_str() {
            "&mutself" => ClosureKind::FnMut,
            "&self" => ClosureKind::Fn,
            _ => ClosureKind::FnOnce,
        };
        let (inputs, variadic) = self.fn_params(&mut k)?;
        if variadic {
            return Err(self.err(&this, "closures cannot be variadic"));
        }
        let output = self.opt_ty(&mut k)?;
        let upvars = self.ty_list(k.take(Rule::ty_list_semi))?;
        Ok(ClosureDef {
            name,
            params,
            kind,
            inputs,
            output,
            upvars,
        })
    }

    /// `coroutine static? g<P>[resume = T, yield = U] -> R { upvars [..] witnesses exists<..>? [..] }`
    fn coroutine_def(&self, p: Pair<'_, Rule>) -> Result<CoroutineDef> {
        let mut k = self.kids(p);
        let is_static = k.flag(Rule::coroutine_static);
        let name = self.ident(&k.next()?);
        let params = self.opt_params(&mut k)?;
        let resume = self.ty(k.next()?)?;
        let yield_ty = self.ty(k.next()?)?;
        let output = self.opt_ty(&mut k)?;
        let upvars = self.ty_list(k.take(Rule::upvars))?;
        let witness_lifetimes = match k.take(Rule::witness_lifetimes) {
            Some(w) => w
                .into_inner()
                .filter(|c| c.as_rule() == Rule::lifetime)
                .map(|c| self.lifetime(&c))
                .collect(),
            None => Vec::new(),
        };
        let witnesses = self.ty_list(k.take(Rule::witnesses))?;
        Ok(CoroutineDef {
            name,
            is_static,
            params,
            resume,
            yield_ty,
            output,
            upvars,
            witness_lifetimes,
            witnesses,
        })
    }

    /// `forall<P> { DomainGoal if G1, G2 }`
    fn clause_def(&self, p: Pair<'_, Rule>) -> Result<Clause> {
        let span = self.span(&p);
        let mut k = self.kids(p);
        let binders = self.opt_params(&mut k)?;
        let consequence = self.domain_goal(k.next()?)?;
        let conditions = k
            .rest()
            .into_iter()
            .map(|g| self.goal(g))
            .collect::<Result<Vec<_>>>()?;
        Ok(Clause {
            binders,
            consequence,
            conditions,
            span,
        })
    }
}

// ------------------------------------------------------------------ generics, bounds, where clauses

impl Cx<'_> {
    /// `<P, ..>`
    fn generic_params(&self, p: Pair<'_, Rule>) -> Result<Vec<GenericParam>> {
        p.into_inner().map(|c| self.generic_param(c)).collect()
    }

    /// One generic parameter.
    fn generic_param(&self, p: Pair<'_, Rule>) -> Result<GenericParam> {
        let span = self.span(&p);
        let rule = p.as_rule();
        let mut k = self.kids(p);
        let param = |kind, name: Ident| GenericParam {
            kind,
            name,
            bounds: Vec::new(),
            default: None,
            span: span.clone(),
        };
        match rule {
            Rule::lifetime_param => {
                let mut gp = param(ParamKind::Lifetime, self.ident(&k.next()?));
                gp.bounds = k
                    .rest()
                    .iter()
                    .map(|l| Bound::Outlives(self.lifetime(l)))
                    .collect();
                Ok(gp)
            }
            Rule::int_param | Rule::float_param => {
                let kind = if rule == Rule::int_param {
                    ParamKind::IntVar
                } else {
                    ParamKind::FloatVar
                };
                Ok(param(kind, self.ident(&k.next()?)))
            }
            Rule::const_param => {
                let name = self.ident(&k.next()?);
                let ty = match k.take(Rule::const_ty) {
                    Some(t) => Some(self.ty(self.kids(t).next()?)?),
                    None => None,
                };
                let mut gp = param(ParamKind::Const { ty }, name);
                gp.default = self.param_default(&mut k)?;
                Ok(gp)
            }
            Rule::type_param => {
                let mut gp = param(ParamKind::Type, self.ident(&k.next()?));
                gp.bounds = self.opt_bounds(&mut k)?;
                gp.default = self.param_default(&mut k)?;
                Ok(gp)
            }
            _ => Err(Error::Internal(format!(
                "unexpected {rule:?} in generic parameters"
            ))),
        }
    }

    /// An optional `= default` child.
    fn param_default(&self, k: &mut Kids<'_>) -> Result<Option<GenericArg>> {
        match k.take(Rule::param_default) {
            Some(d) => Ok(Some(self.generic_arg(self.kids(d).next()?)?)),
            None => Ok(None),
        }
    }

    /// `B + B + 'a`
    fn bounds(&self, p: Pair<'_, Rule>) -> Result<Vec<Bound>> {
        p.into_inner()
            .map(|b| match b.as_rule() {
                Rule::lifetime => Ok(Bound::Outlives(self.lifetime(&b))),
                _ => Ok(Bound::Trait(self.trait_bound(b)?)),
            })
            .collect()
    }

    /// `for<..>? ?Tr<args, A = T>`
    fn trait_bound(&self, p: Pair<'_, Rule>) -> Result<TraitBound> {
        let span = self.span(&p);
        let mut k = self.kids(p);
        let binders = match k.take(Rule::binder) {
            Some(b) => {
                let mut bk = self.kids(b);
                self.opt_params(&mut bk)?
            }
            None => Vec::new(),
        };
        let maybe = k.flag(Rule::maybe);
        self.trait_path(k.next()?, binders, maybe, Some(span))
    }

    /// `Tr<args, A = T>` as a trait bound.
    fn trait_path(
        &self,
        p: Pair<'_, Rule>,
        binders: Vec<GenericParam>,
        maybe: bool,
        span: Option<Span>,
    ) -> Result<TraitBound> {
        let span = span.unwrap_or_else(|| self.span(&p));
        let mut k = self.kids(p);
        let name = self.ident(&k.next()?);
        let mut args = Vec::new();
        let mut assoc = Vec::new();
        let mut assoc_bounds = Vec::new();
        if let Some(ba) = k.take(Rule::bound_args) {
            for a in ba.into_inner() {
                let span = self.span(&a);
                let mut ak = self.kids(a);
                let arg = self.generic_arg(ak.next()?)?;
                if let Some(bb) = ak.take(Rule::binding_bounds) {
                    assoc_bounds.push(self.assoc_bound(arg, bb, span)?);
                    continue;
                }
                match ak.take(Rule::binding_value) {
                    None if !assoc.is_empty() => {
                        return Err(Error::syntax(
                            self.file,
                            self.src,
                            span.start,
                            span.end,
                            "generic arguments must come before associated type bindings",
                        ));
                    }
                    None => args.push(arg),
                    Some(v) => assoc.push(self.assoc_binding(arg, v, span)?),
                }
            }
        }
        if let Some(sugar) = k.take(Rule::fn_sugar) {
            let (tuple, output) = self.fn_sugar(sugar)?;
            args.push(GenericArg::Ty(tuple));
            assoc.push(output);
        }
        Ok(TraitBound {
            binders,
            maybe,
            name,
            args,
            assoc,
            assoc_bounds,
            span,
        })
    }

    /// `(A, B) -> R` of `Fn(A, B) -> R`: the argument tuple and the `Output = R` binding.
    fn fn_sugar(&self, p: Pair<'_, Rule>) -> Result<(Ty, AssocBinding)> {
        let span = self.span(&p);
        let mut k = self.kids(p);
        let inputs_pair = k.next()?;
        let inputs_span = self.span(&inputs_pair);
        let inputs = inputs_pair
            .into_inner()
            .map(|t| self.ty(t))
            .collect::<Result<Vec<_>>>()?;
        let tuple = Ty {
            kind: TyKind::Tuple(inputs),
            span: inputs_span,
        };
        let value = match self.opt_ty(&mut k)? {
            Some(t) => t,
            None => Ty {
                kind: TyKind::Tuple(Vec::new()),
                span: span.clone(),
            },
        };
        let name = Ident {
            name: "Output".into(),
            span: span.clone(),
        };
        Ok((
            tuple,
            AssocBinding {
                name,
                args: Vec::new(),
                value,
                span,
            },
        ))
    }

    /// `A<gargs> = U`, from the argument before `=` and the value.
    /// `A<gargs>: Bounds` inside a trait bound.
    fn assoc_bound(
        &self,
        lhs: GenericArg,
        bounds: Pair<'_, Rule>,
        span: Span,
    ) -> Result<crate::syntax::ast::AssocBound> {
        let (name, args) = match lhs {
            GenericArg::Ty(Ty {
                kind: TyKind::Named { name, args },
                ..
            }) => (name, args),
            _ => {
                return Err(Error::syntax(
                    self.file,
                    self.src,
                    span.start,
                    span.end,
                    "expected an associated type name before `:`",
                ))
            }
        };
        let bounds = self.bounds(self.kids(bounds).next()?)?;
        Ok(crate::syntax::ast::AssocBound {
            name,
            args,
            bounds,
            span,
        })
    }

    fn assoc_binding(
        &self,
        lhs: GenericArg,
        value: Pair<'_, Rule>,
        span: Span,
    ) -> Result<AssocBinding> {
        let (name, args) = match lhs {
            GenericArg::Ty(Ty {
                kind: TyKind::Named { name, args },
                ..
            }) => (name, args),
            _ => {
                return Err(Error::syntax(
                    self.file,
                    self.src,
                    span.start,
                    span.end,
                    "expected an associated type name before `=`",
                ))
            }
        };
        let value = self.ty(self.kids(value).next()?)?;
        Ok(AssocBinding {
            name,
            args,
            value,
            span,
        })
    }

    /// `where WC, ..` (each Rust `T: A + B` becomes one clause per bound).
    fn where_clauses(&self, p: Pair<'_, Rule>) -> Result<Vec<WhereClause>> {
        let mut out = Vec::new();
        for wc in p.into_inner().filter(|c| c.as_rule() == Rule::where_clause) {
            out.extend(self.where_clause(wc)?);
        }
        Ok(out)
    }

    /// One (possibly quantified) where clause, split per bound.
    fn where_clause(&self, p: Pair<'_, Rule>) -> Result<Vec<WhereClause>> {
        let span = self.span(&p);
        let mut k = self.kids(p);
        let binders = self.opt_params(&mut k)?;
        let body = k.next()?;
        let kinds: Vec<WhereClauseKind> = match body.as_rule() {
            Rule::lifetime_outlives => {
                let mut lk = self.kids(body);
                let a = self.lifetime(&lk.next()?);
                lk.rest()
                    .iter()
                    .map(|b| WhereClauseKind::LifetimeOutlives {
                        a: a.clone(),
                        b: self.lifetime(b),
                    })
                    .collect()
            }
            Rule::type_bounds => {
                let mut tk = self.kids(body);
                let ty = self.ty(tk.next()?)?;
                let bounds = self.bounds(tk.next()?)?;
                bounds
                    .into_iter()
                    .map(|b| self.bound_clause(&ty, b))
                    .collect()
            }
            _ => return Err(unexpected(&body, "a where clause")),
        };
        Ok(kinds
            .into_iter()
            .map(|kind| WhereClause {
                binders: binders.clone(),
                kind,
                span: span.clone(),
            })
            .collect())
    }

    /// `ty: bound` as a where clause kind.
    fn bound_clause(&self, ty: &Ty, b: Bound) -> WhereClauseKind {
        match b {
            Bound::Outlives(lifetime) => WhereClauseKind::TypeOutlives {
                ty: ty.clone(),
                lifetime,
            },
            Bound::Trait(bound) => {
                let span = self.span_of(ty.span.start, bound.span.end);
                WhereClauseKind::Implemented(TraitRef {
                    self_ty: ty.clone(),
                    bound,
                    span,
                })
            }
        }
    }

    /// A lifetime token.
    fn lifetime(&self, p: &Pair<'_, Rule>) -> Lifetime {
        let kind = match p.as_str() {
            "'static" => LifetimeKind::Static,
            "'erased" => LifetimeKind::Erased,
            "'empty" => LifetimeKind::Empty,
            other => LifetimeKind::Named(other.to_string()),
        };
        Lifetime {
            kind,
            span: self.span(p),
        }
    }
}

// ------------------------------------------------------------------ types

impl Cx<'_> {
    /// `<args>`
    fn generic_args(&self, p: Pair<'_, Rule>) -> Result<Vec<GenericArg>> {
        p.into_inner().map(|a| self.generic_arg(a)).collect()
    }

    /// A generic argument: lifetime, number or type.
    fn generic_arg(&self, p: Pair<'_, Rule>) -> Result<GenericArg> {
        match p.as_rule() {
            Rule::lifetime => Ok(GenericArg::Lifetime(self.lifetime(&p))),
            Rule::int_lit => Ok(GenericArg::Const(self.const_value(&p)?)),
            _ => Ok(GenericArg::Ty(self.ty(p)?)),
        }
    }

    /// A const: a number or a name.
    fn const_value(&self, p: &Pair<'_, Rule>) -> Result<ConstValue> {
        if p.as_rule() == Rule::ident {
            return Ok(ConstValue::Name(self.ident(p)));
        }
        let v = p
            .as_str()
            .parse::<u128>()
            .map_err(|_| self.err(p, "number too large"))?;
        Ok(ConstValue::Value(v, self.span(p)))
    }

    /// A type.
    fn ty(&self, p: Pair<'_, Rule>) -> Result<Ty> {
        let span = self.span(&p);
        let kind = match p.as_rule() {
            Rule::scalar_ty => TyKind::Scalar(
                scalar(p.as_str()).ok_or_else(|| self.err(&p, "unknown scalar type"))?,
            ),
            Rule::str_ty => TyKind::Str,
            Rule::never_ty => TyKind::Never,
            Rule::tuple_ty => return self.tuple_ty(p),
            Rule::slice_ty => {
                let mut k = self.kids(p);
                let elem = Box::new(self.ty(k.next()?)?);
                match k.it.next() {
                    Some(len) => TyKind::Array(elem, self.const_value(&len)?),
                    None => TyKind::Slice(elem),
                }
            }
            Rule::raw_ptr_ty => {
                let mut k = self.kids(p);
                let m = if k.flag(Rule::kw_mut) {
                    Mutability::Mut
                } else {
                    Mutability::Not
                };
                TyKind::RawPtr(m, Box::new(self.ty(k.next()?)?))
            }
            Rule::ref_ty => {
                let mut k = self.kids(p);
                let lifetime = k.take(Rule::lifetime).map(|l| self.lifetime(&l));
                let mutability = if k.flag(Rule::kw_mut) {
                    Mutability::Mut
                } else {
                    Mutability::Not
                };
                TyKind::Ref {
                    lifetime,
                    mutability,
                    ty: Box::new(self.ty(k.next()?)?),
                }
            }
            Rule::dyn_ty => self.dyn_ty(p)?,
            Rule::fn_ptr_ty => TyKind::FnPtr(self.fn_ptr(p)?),
            Rule::projection_ty => return self.projection_ty(p),
            Rule::path_ty => return self.path_ty(p),
            _ => return Err(unexpected(&p, "a type")),
        };
        Ok(Ty { kind, span })
    }

    /// `()`, `(T,)`, `(A, B)` or a parenthesized type `(T)`.
    fn tuple_ty(&self, p: Pair<'_, Rule>) -> Result<Ty> {
        let span = self.span(&p);
        let mut tys = Vec::new();
        let mut trailing = false;
        for c in p.into_inner() {
            if c.as_rule() == Rule::trailing_comma {
                trailing = true;
            } else {
                tys.push(self.ty(c)?);
            }
        }
        if tys.is_empty() && trailing {
            return Err(Error::syntax(
                self.file,
                self.src,
                span.start,
                span.end,
                "expected a type, found `,`",
            ));
        }
        if tys.len() == 1 && !trailing {
            return tys
                .pop()
                .ok_or_else(|| Error::Internal("empty parenthesized type".into()));
        }
        Ok(Ty {
            kind: TyKind::Tuple(tys),
            span,
        })
    }

    /// `dyn B + B + 'a`
    fn dyn_ty(&self, p: Pair<'_, Rule>) -> Result<TyKind> {
        let mut bounds = Vec::new();
        let mut lifetime = None;
        for c in p.into_inner() {
            match c.as_rule() {
                Rule::kw_dyn => {}
                Rule::lifetime if lifetime.is_some() => {
                    return Err(self.err(&c, "a `dyn` type takes at most one lifetime bound"))
                }
                Rule::lifetime => lifetime = Some(self.lifetime(&c)),
                _ => bounds.push(self.trait_bound(c)?),
            }
        }
        Ok(TyKind::Dyn { bounds, lifetime })
    }

    /// `for<'a> unsafe extern "C" fn(A, ...) -> R`
    fn fn_ptr(&self, p: Pair<'_, Rule>) -> Result<FnPtrTy> {
        let mut k = self.kids(p);
        let lifetimes = match k.take(Rule::for_lifetimes) {
            Some(f) => f
                .into_inner()
                .filter(|c| c.as_rule() == Rule::lifetime)
                .map(|c| self.lifetime(&c))
                .collect(),
            None => Vec::new(),
        };
        let is_unsafe = k.flag(Rule::fn_unsafe);
        let abi = k.take(Rule::fn_abi).map(|a| self.abi(a));
        let mut params = Vec::new();
        let mut variadic = false;
        for arg in k.take_all(Rule::fn_ptr_arg) {
            if variadic {
                return Err(self.err(&arg, "`...` must be the last parameter"));
            }
            let mut ak = self.kids(arg);
            ak.take(Rule::ident);
            let t = ak.next()?;
            if t.as_rule() == Rule::ellipsis {
                variadic = true;
            } else {
                params.push(self.ty(t)?);
            }
        }
        let ret = self.opt_ty(&mut k)?.map(Box::new);
        Ok(FnPtrTy {
            lifetimes,
            is_unsafe,
            abi,
            params,
            variadic,
            ret,
        })
    }

    /// `<T as Tr<args>>::A<args>::B..` (or `<T>::A`).
    fn projection_ty(&self, p: Pair<'_, Rule>) -> Result<Ty> {
        let start = p.as_span().start();
        let mut k = self.kids(p);
        let self_ty = self.ty(k.next()?)?;
        let has_trait = k.flag(Rule::kw_as);
        let mut segments = k.rest().into_iter();
        let mut ty = if has_trait {
            let path = segments
                .next()
                .ok_or_else(|| Error::Internal("projection without trait".into()))?;
            let bound = self.trait_path(path, Vec::new(), false, None)?;
            let tr_span = self.span_of(self_ty.span.start, bound.span.end);
            let trait_ref = Box::new(TraitRef {
                self_ty,
                bound,
                span: tr_span,
            });
            let seg = segments
                .next()
                .ok_or_else(|| Error::Internal("projection without name".into()))?;
            let (name, args, end) = self.segment(seg)?;
            Ty {
                kind: TyKind::Projection {
                    trait_ref,
                    name,
                    args,
                },
                span: self.span_of(start, end),
            }
        } else {
            self_ty
        };
        for seg in segments {
            ty = self.relative(ty, seg, start)?;
        }
        Ok(ty)
    }

    /// `S<args>` or `T::A<args>::B`.
    fn path_ty(&self, p: Pair<'_, Rule>) -> Result<Ty> {
        let start = p.as_span().start();
        let mut segs = p.into_inner();
        let first = segs
            .next()
            .ok_or_else(|| Error::Internal("empty path".into()))?;
        let (name, args, end) = self.segment(first)?;
        let mut ty = Ty {
            kind: TyKind::Named { name, args },
            span: self.span_of(start, end),
        };
        for seg in segs {
            ty = self.relative(ty, seg, start)?;
        }
        Ok(ty)
    }

    /// `base::Name<args>`
    fn relative(&self, base: Ty, seg: Pair<'_, Rule>, start: usize) -> Result<Ty> {
        let (name, args, end) = self.segment(seg)?;
        Ok(Ty {
            kind: TyKind::TypeRelative {
                base: Box::new(base),
                name,
                args,
            },
            span: self.span_of(start, end),
        })
    }

    /// A path segment `Name<args>`: name, args and end offset.
    fn segment(&self, p: Pair<'_, Rule>) -> Result<(Ident, Vec<GenericArg>, usize)> {
        let end = p.as_span().end();
        let mut k = self.kids(p);
        let name = self.ident(&k.next()?);
        let args = match k.take(Rule::generic_args) {
            Some(g) => self.generic_args(g)?,
            None => Vec::new(),
        };
        Ok((name, args, end))
    }
}

/// The scalar type named `s`.
fn scalar(s: &str) -> Option<Scalar> {
    use Scalar::*;
    #[rustfmt::skip]
    const SCALARS: [(&str, Scalar); 18] = [
        ("i8", I8), ("i16", I16), ("i32", I32), ("i64", I64), ("i128", I128), ("isize", Isize),
        ("u8", U8), ("u16", U16), ("u32", U32), ("u64", U64), ("u128", U128), ("usize", Usize),
        ("f16", F16), ("f32", F32), ("f64", F64), ("f128", F128), ("bool", Bool), ("char", Char),
    ];
    SCALARS.iter().find(|(n, _)| *n == s).map(|&(_, sc)| sc)
}

// ------------------------------------------------------------------ goals

impl Cx<'_> {
    /// A goal (conjunction or a single goal).
    fn goal(&self, p: Pair<'_, Rule>) -> Result<Goal> {
        let span = self.span(&p);
        let kind = match p.as_rule() {
            Rule::goal => {
                let mut goals = p
                    .into_inner()
                    .map(|g| self.goal(g))
                    .collect::<Result<Vec<_>>>()?;
                if goals.len() == 1 {
                    return goals
                        .pop()
                        .ok_or_else(|| Error::Internal("empty conjunction".into()));
                }
                GoalKind::And(goals)
            }
            Rule::forall_goal | Rule::exists_goal => {
                let forall = p.as_rule() == Rule::forall_goal;
                let mut k = self.kids(p);
                let params = self.opt_params(&mut k)?;
                let body = Box::new(self.goal(k.next()?)?);
                if forall {
                    GoalKind::ForAll(params, body)
                } else {
                    GoalKind::Exists(params, body)
                }
            }
            Rule::implies_goal => {
                let mut k = self.kids(p);
                let hyps = k
                    .take_all(Rule::hypothesis)
                    .into_iter()
                    .map(|h| self.hypothesis(h))
                    .collect::<Result<_>>()?;
                GoalKind::Implies(hyps, Box::new(self.goal(k.next()?)?))
            }
            Rule::not_goal | Rule::compatible_goal => {
                let not = p.as_rule() == Rule::not_goal;
                let mut k = self.kids(p);
                let g = Box::new(self.goal(k.next()?)?);
                if not {
                    GoalKind::Not(g)
                } else {
                    GoalKind::Compatible(g)
                }
            }
            Rule::paren_goal => {
                let mut k = self.kids(p);
                let mut g = self.goal(k.next()?)?;
                g.span = span;
                return Ok(g);
            }
            Rule::subtype_goal => {
                let mut k = self.kids(p);
                GoalKind::Subtype(self.ty(k.next()?)?, self.ty(k.next()?)?)
            }
            Rule::eq_goal => {
                let mut k = self.kids(p);
                GoalKind::Eq(self.generic_arg(k.next()?)?, self.generic_arg(k.next()?)?)
            }
            Rule::domain_goal_leaf => {
                let mut k = self.kids(p);
                GoalKind::Domain(self.domain_goal(k.next()?)?)
            }
            _ => return Err(unexpected(&p, "a goal")),
        };
        Ok(Goal { kind, span })
    }

    /// A hypothesis of an `if`: `forall<P> { C }` or an inline clause.
    fn hypothesis(&self, p: Pair<'_, Rule>) -> Result<Clause> {
        let span = self.span(&p);
        let mut k = self.kids(p);
        let binders = self.opt_params(&mut k)?;
        let mut clause = self.inline_clause(k.next()?)?;
        clause.binders = binders;
        clause.span = span;
        Ok(clause)
    }

    /// `DomainGoal (:- G1, G2)?`
    fn inline_clause(&self, p: Pair<'_, Rule>) -> Result<Clause> {
        let span = self.span(&p);
        let mut k = self.kids(p);
        let consequence = self.domain_goal(k.next()?)?;
        let conditions = k
            .rest()
            .into_iter()
            .map(|g| self.goal(g))
            .collect::<Result<Vec<_>>>()?;
        Ok(Clause {
            binders: Vec::new(),
            consequence,
            conditions,
            span,
        })
    }

    /// A domain goal.
    fn domain_goal(&self, p: Pair<'_, Rule>) -> Result<DomainGoal> {
        let rule = p.as_rule();
        match rule {
            Rule::compatible_dg => return Ok(DomainGoal::Compatible),
            Rule::reveal => return Ok(DomainGoal::Reveal),
            Rule::where_goal => return self.where_goal(p),
            Rule::implemented => {
                let span = self.span(&p);
                let tr = self.trait_ref(self.kids(p).next()?)?;
                let kind = WhereClauseKind::Implemented(tr);
                return Ok(DomainGoal::Holds(WhereClause {
                    binders: Vec::new(),
                    kind,
                    span,
                }));
            }
            Rule::object_safe => {
                return Ok(DomainGoal::ObjectSafe(self.ident(&self.kids(p).next()?)))
            }
            _ => {}
        }
        let mut k = self.kids(p);
        let arg = k.next()?;
        let is_tr = arg.as_rule() == Rule::trait_ref;
        Ok(match rule {
            Rule::well_formed if is_tr => DomainGoal::WellFormedTrait(self.trait_ref(arg)?),
            Rule::well_formed => DomainGoal::WellFormedTy(self.ty(arg)?),
            Rule::from_env if is_tr => DomainGoal::FromEnvTrait(self.trait_ref(arg)?),
            Rule::from_env => DomainGoal::FromEnvTy(self.ty(arg)?),
            Rule::normalize => DomainGoal::Normalize {
                alias: self.ty(arg)?,
                ty: self.ty(k.next()?)?,
            },
            Rule::is_local => DomainGoal::IsLocal(self.ty(arg)?),
            Rule::is_upstream => DomainGoal::IsUpstream(self.ty(arg)?),
            Rule::is_fully_visible => DomainGoal::IsFullyVisible(self.ty(arg)?),
            Rule::local_impl_allowed => DomainGoal::LocalImplAllowed(self.trait_ref(arg)?),
            Rule::downstream_type => DomainGoal::DownstreamType(self.ty(arg)?),
            _ => return Err(unexpected(&arg, "a domain goal")),
        })
    }

    /// `T: Tr<..>`, `T: 'a` or `'a: 'b` as a domain goal.
    fn where_goal(&self, p: Pair<'_, Rule>) -> Result<DomainGoal> {
        let span = self.span(&p);
        let mut k = self.kids(p);
        let first = k.next()?;
        let second = k.next()?;
        let kind = if first.as_rule() == Rule::lifetime {
            WhereClauseKind::LifetimeOutlives {
                a: self.lifetime(&first),
                b: self.lifetime(&second),
            }
        } else {
            let ty = self.ty(first)?;
            let bound = match second.as_rule() {
                Rule::lifetime => Bound::Outlives(self.lifetime(&second)),
                _ => Bound::Trait(self.trait_bound(second)?),
            };
            self.bound_clause(&ty, bound)
        };
        Ok(DomainGoal::Holds(WhereClause {
            binders: Vec::new(),
            kind,
            span,
        }))
    }

    /// `T: Tr<args>`
    fn trait_ref(&self, p: Pair<'_, Rule>) -> Result<TraitRef> {
        let span = self.span(&p);
        let mut k = self.kids(p);
        let self_ty = self.ty(k.next()?)?;
        let bound = self.trait_bound(k.next()?)?;
        Ok(TraitRef {
            self_ty,
            bound,
            span,
        })
    }
}
