//! The `.rs` front end's fast path for the plainest items, read straight into knot's AST without
//! `syn`: `struct`, `trait` and `impl` items without attributes, with type parameters, trait bounds,
//! where-clauses, and types that are paths, tuples or slices. A large generated program (ten
//! thousand `impl Tr for S {}`) loads in a fraction of the time `syn` takes to tokenize and parse it.
//!
//! It reads the file's leading items while they are of that shape and stops at the first item that
//! is not (or at anything unexpected); `syn` reads the rest of the file from the line after the last
//! item read, so every other form is `syn`'s, and a syntax error anywhere has `syn` read the whole
//! file. What it builds is what [`super::rust`]
//! builds from `syn`'s tree for the same text, spans included: `src/syntax/tests/rust_fast.rs`
//! checks that on random programs. `KNOT_RUST_FAST=0` turns it off.

use super::ast::*;
use crate::error::Span;
use std::sync::Arc;

/// Whether the fast path is on (`KNOT_RUST_FAST=0` turns it off: every item goes to `syn`).
pub fn enabled() -> bool {
    static ON: std::sync::OnceLock<bool> = std::sync::OnceLock::new();
    *ON.get_or_init(|| std::env::var("KNOT_RUST_FAST").map_or(true, |v| v != "0"))
}

/// How deeply types may nest on the fast path (deeper ones go to `syn`).
const MAX_DEPTH: usize = 64;

/// Read the leading items of `src` that the fast path handles into `items`; the byte offset where
/// `syn` must take over: the start of the line after the last item read (`src.len()` when every item
/// was read). When the last item read does not end its line, nothing is read and the offset is 0.
pub fn read_items(
    file: &Arc<str>,
    src: &str,
    line_starts: &[usize],
    items: &mut Vec<Item>,
) -> usize {
    let mut r = Reader {
        file,
        b: src.as_bytes(),
        line_starts,
        pos: 0,
        depth: 0,
        peeked: None,
        line: std::cell::Cell::new(1),
    };
    let before = items.len();
    // About one item per line in the files this path reads: no regrowth (and copying of the items
    // read so far) while reading a large one. Capacity not used is never touched; the guess is
    // capped (16 MiB of items) so that a huge file of something else reserves no more.
    items.reserve(line_starts.len().min(src.len() / 16).min(1 << 16));
    let mut read_to = 0;
    loop {
        match r.skip_layout() {
            Some(start) if start == src.len() => return start,
            Some(start) => r.pos = start,
            None => break,
        }
        match r.item() {
            Some(it) => {
                items.push(it);
                read_to = r.pos;
            }
            None => break,
        }
    }
    // `syn` goes on from the next line, when nothing but blanks follows the last item read on its.
    let b = src.as_bytes();
    let mut i = read_to;
    while i < b.len() && matches!(b[i], b' ' | b'\t' | b'\r') {
        i += 1;
    }
    if read_to > 0 && b.get(i) == Some(&b'\n') {
        return i + 1;
    }
    items.truncate(before);
    0
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Tok {
    Ident,
    /// `::`
    Path,
    Punct(u8),
}

#[derive(Clone, Copy, Debug)]
struct Token {
    tok: Tok,
    start: usize,
    end: usize,
}

struct Reader<'a> {
    file: &'a Arc<str>,
    b: &'a [u8],
    line_starts: &'a [usize],
    pos: usize,
    depth: usize,
    /// The token read at `.0` by the last look ahead (a token is looked at before it is taken).
    peeked: Option<(usize, Option<Token>)>,
    /// The line (1-based) of the last span made: spans come in order, mostly on one line.
    line: std::cell::Cell<usize>,
}

/// Rust's keywords (strict, reserved and the 2018 ones): never an identifier here.
fn is_keyword(s: &[u8]) -> bool {
    matches!(
        s,
        b"as"
            | b"break"
            | b"const"
            | b"continue"
            | b"crate"
            | b"else"
            | b"enum"
            | b"extern"
            | b"false"
            | b"fn"
            | b"for"
            | b"if"
            | b"impl"
            | b"in"
            | b"let"
            | b"loop"
            | b"match"
            | b"mod"
            | b"move"
            | b"mut"
            | b"pub"
            | b"ref"
            | b"return"
            | b"self"
            | b"Self"
            | b"static"
            | b"struct"
            | b"super"
            | b"trait"
            | b"true"
            | b"type"
            | b"unsafe"
            | b"use"
            | b"where"
            | b"while"
            | b"async"
            | b"await"
            | b"dyn"
            | b"abstract"
            | b"become"
            | b"box"
            | b"do"
            | b"final"
            | b"macro"
            | b"override"
            | b"priv"
            | b"typeof"
            | b"unsized"
            | b"virtual"
            | b"yield"
            | b"try"
            | b"gen"
            | b"_"
    )
}

impl<'a> Reader<'a> {
    /// The offset of the next token past whitespace and plain comments; `None` at a doc comment, an
    /// unclosed comment or a byte the fast path does not read.
    fn skip_layout(&self) -> Option<usize> {
        let b = self.b;
        let mut i = self.pos;
        loop {
            match b.get(i) {
                Some(b' ' | b'\t' | b'\n' | b'\r') => i += 1,
                Some(b'/') if b.get(i + 1) == Some(&b'/') => {
                    // Doc comments are attributes.
                    if super::rust::is_doc_comment(&b[i + 2..], false) {
                        return None;
                    }
                    while i < b.len() && b[i] != b'\n' {
                        if b[i] >= 0x80 || b[i] == b'\r' {
                            return None;
                        }
                        i += 1;
                    }
                }
                Some(b'/') if b.get(i + 1) == Some(&b'*') => {
                    let rest = &b[i + 2..];
                    if super::rust::is_doc_comment(rest, true) {
                        return None;
                    }
                    let len = super::rust::block_comment_len(rest)?;
                    if rest[..len].iter().any(|&c| c >= 0x80 || c == b'\r') {
                        return None;
                    }
                    i += 2 + len;
                }
                Some(&c) if c >= 0x80 => return None,
                _ => return Some(i),
            }
        }
    }

    /// The next token, consumed; `None` at anything the fast path does not read.
    fn next(&mut self) -> Option<Token> {
        if let Some((at, t)) = self.peeked.take() {
            if at == self.pos {
                if let Some(t) = t {
                    self.pos = t.end;
                }
                return t;
            }
        }
        self.lex()
    }

    /// Read the token at `pos`.
    fn lex(&mut self) -> Option<Token> {
        let start = self.skip_layout()?;
        let b = self.b;
        let c = *b.get(start)?;
        let (tok, end) = match c {
            b'a'..=b'z' | b'A'..=b'Z' | b'_' => {
                let mut e = start + 1;
                while e < b.len() && (b[e].is_ascii_alphanumeric() || b[e] == b'_') {
                    e += 1;
                }
                // `r#raw`, `b"..."`, `c'x'`: prefixed literals and raw identifiers are not read here.
                if matches!(b.get(e), Some(b'#' | b'"' | b'\'')) {
                    return None;
                }
                (Tok::Ident, e)
            }
            b':' if b.get(start + 1) == Some(&b':') => (Tok::Path, start + 2),
            b':' => (Tok::Punct(b':'), start + 1),
            b'<' | b'>' | b',' | b';' | b'{' | b'}' | b'(' | b')' | b'[' | b']' | b'+' | b'?' => {
                // `<=`, `>=`, `+=`, `->`-like compounds never occur in these items.
                if matches!(b.get(start + 1), Some(b'=')) {
                    return None;
                }
                (Tok::Punct(c), start + 1)
            }
            _ => return None,
        };
        self.pos = end;
        Some(Token { tok, start, end })
    }

    fn peek(&mut self) -> Option<Token> {
        let at = self.pos;
        if let Some((p, t)) = self.peeked {
            if p == at {
                return t;
            }
        }
        let t = self.lex();
        self.pos = at;
        self.peeked = Some((at, t));
        t
    }

    fn text(&self, t: Token) -> &'a str {
        // Only ASCII is read, so every token boundary is a character boundary.
        std::str::from_utf8(&self.b[t.start..t.end]).unwrap_or("")
    }

    fn is_word(&self, t: Token, w: &str) -> bool {
        t.tok == Tok::Ident && &self.b[t.start..t.end] == w.as_bytes()
    }

    /// The next token if it is `c`.
    fn punct(&mut self, c: u8) -> Option<Token> {
        let t = self.next()?;
        (t.tok == Tok::Punct(c)).then_some(t)
    }

    fn eat_punct(&mut self, c: u8) -> Option<Token> {
        match self.peek() {
            Some(t) if t.tok == Tok::Punct(c) => self.next(),
            _ => None,
        }
    }

    fn eat_word(&mut self, w: &str) -> Option<Token> {
        match self.peek() {
            Some(t) if self.is_word(t, w) => self.next(),
            _ => None,
        }
    }

    fn span(&self, start: usize, end: usize) -> Span {
        let ls = self.line_starts;
        let hint = self.line.get();
        let on_hint = ls[hint - 1] <= start && ls.get(hint).map_or(true, |&next| start < next);
        let line = if on_hint {
            hint
        } else {
            ls.partition_point(|&s| s <= start)
        };
        self.line.set(line);
        Span {
            file: self.file.clone(),
            start,
            end,
            line,
            col: start - self.line_starts[line - 1] + 1,
        }
    }

    /// A non-keyword identifier.
    fn ident(&mut self) -> Option<Ident> {
        let t = self.next()?;
        if t.tok != Tok::Ident || is_keyword(&self.b[t.start..t.end]) {
            return None;
        }
        Some(Ident {
            name: self.text(t).to_string(),
            span: self.span(t.start, t.end),
        })
    }

    fn item(&mut self) -> Option<Item> {
        let first = self.next()?;
        let (public, kw) = if self.is_word(first, "pub") {
            if self.peek()?.tok == Tok::Punct(b'(') {
                return None;
            }
            (true, self.next()?)
        } else {
            (false, first)
        };
        if self.is_word(kw, "struct") {
            self.struct_item(first.start, public)
        } else if self.is_word(kw, "trait") {
            self.trait_item(first.start, public)
        } else if self.is_word(kw, "impl") && !public {
            self.impl_item(first.start)
        } else {
            None
        }
    }

    fn struct_item(&mut self, start: usize, public: bool) -> Option<Item> {
        let name = self.ident()?;
        let params = self.generics()?;
        let wcs;
        let (shape, fields, end) = match self.peek()?.tok {
            Tok::Punct(b'(') => {
                self.next()?;
                let fields = self.fields(b')', false)?;
                wcs = self.where_clauses()?;
                (VariantShape::Tuple, fields, self.punct(b';')?.end)
            }
            _ => {
                wcs = self.where_clauses()?;
                match self.next()? {
                    t if t.tok == Tok::Punct(b';') => (VariantShape::Unit, Vec::new(), t.end),
                    t if t.tok == Tok::Punct(b'{') => {
                        let fields = self.fields(b'}', true)?;
                        (VariantShape::Named, fields, self.pos)
                    }
                    _ => return None,
                }
            }
        };
        let variant = Variant {
            span: name.span.clone(),
            name: name.clone(),
            shape,
            fields,
        };
        Some(Item {
            attrs: Vec::new(),
            public,
            kind: ItemKind::Struct(AdtDef {
                name,
                params,
                where_clauses: wcs,
                variants: vec![variant],
            }),
            span: self.span(start, end),
        })
    }

    /// Fields up to the closing `close` (consumed): `[pub] name: T` when `named`, else `[pub] T`.
    fn fields(&mut self, close: u8, named: bool) -> Option<Vec<Field>> {
        let mut out = Vec::new();
        loop {
            if self.eat_punct(close).is_some() {
                return Some(out);
            }
            let vis = self.eat_word("pub");
            if vis.is_some() && self.peek()?.tok == Tok::Punct(b'(') {
                return None;
            }
            let name = if named {
                let n = self.ident()?;
                self.punct(b':')?;
                Some(n)
            } else {
                None
            };
            let (ty, ty_start, ty_end) = self.ty_written()?;
            let start = vis
                .map(|v| v.start)
                .or(name.as_ref().map(|n| n.span.start))
                .unwrap_or(ty_start);
            out.push(Field {
                span: self.span(start, ty_end),
                name,
                ty,
            });
            if self.eat_punct(b',').is_none() {
                self.punct(close)?;
                return Some(out);
            }
        }
    }

    fn trait_item(&mut self, start: usize, public: bool) -> Option<Item> {
        let name = self.ident()?;
        let params = self.generics()?;
        let mut supers = Vec::new();
        if self.eat_punct(b':').is_some() {
            supers = self.bounds()?;
        }
        let wcs = self.where_clauses()?;
        self.punct(b'{')?;
        let end = self.punct(b'}')?.end;
        Some(Item {
            attrs: Vec::new(),
            public,
            kind: ItemKind::Trait(TraitDef {
                name,
                params,
                supertraits: supers.into_iter().map(Bound::Trait).collect(),
                where_clauses: wcs,
                assoc_types: Vec::new(),
            }),
            span: self.span(start, end),
        })
    }

    fn impl_item(&mut self, start: usize) -> Option<Item> {
        let params = self.generics()?;
        let bound = self.trait_path(None)?;
        self.eat_word("for")?;
        let (self_ty, ty_start, ty_end) = self.ty_written()?;
        let wcs = self.where_clauses()?;
        self.punct(b'{')?;
        let end = self.punct(b'}')?.end;
        Some(Item {
            attrs: Vec::new(),
            public: false,
            kind: ItemKind::Impl(Box::new(ImplDef {
                params,
                polarity: Polarity::Positive,
                trait_ref: TraitRef {
                    span: self.span(ty_start, ty_end),
                    self_ty,
                    bound,
                },
                where_clauses: wcs,
                assoc_values: Vec::new(),
            })),
            span: self.span(start, end),
        })
    }

    /// `<T, U: A + B>` (type parameters only), or nothing.
    fn generics(&mut self) -> Option<Vec<GenericParam>> {
        let mut out = Vec::new();
        if self.eat_punct(b'<').is_none() {
            return Some(out);
        }
        // Mostly one parameter (a `GenericParam` is large: no room for four).
        out.reserve_exact(1);
        loop {
            if self.eat_punct(b'>').is_some() {
                return Some(out);
            }
            let name = self.ident()?;
            let mut bounds = Vec::new();
            let mut end = name.span.end;
            if self.eat_punct(b':').is_some() {
                let bs = self.bounds()?;
                end = bs.last()?.span.end;
                bounds = bs.into_iter().map(Bound::Trait).collect();
            }
            out.push(GenericParam {
                kind: ParamKind::Type,
                span: self.span(name.span.start, end),
                name,
                bounds,
                default: None,
            });
            if self.eat_punct(b',').is_none() {
                self.punct(b'>')?;
                return Some(out);
            }
        }
    }

    /// `A + ?B + C<T>`: at least one bound, no trailing `+`.
    fn bounds(&mut self) -> Option<Vec<TraitBound>> {
        let mut out = Vec::new();
        loop {
            let maybe = self.eat_punct(b'?');
            out.push(self.trait_path(maybe.map(|t| t.start))?);
            if self.eat_punct(b'+').is_none() {
                return Some(out);
            }
        }
    }

    /// A trait path `a::Tr<T, U>` (type arguments on its last segment only); `maybe`: where its
    /// `?` was.
    fn trait_path(&mut self, maybe: Option<usize>) -> Option<TraitBound> {
        let (segs, args, start, end) = self.path(false)?;
        let path_span = self.span(start, end);
        Some(TraitBound {
            binders: Vec::new(),
            maybe: maybe.is_some(),
            name: Ident {
                name: segs,
                span: path_span.clone(),
            },
            args: args.into_iter().map(GenericArg::Ty).collect(),
            assoc: Vec::new(),
            assoc_bounds: Vec::new(),
            span: match maybe {
                Some(q) => self.span(q, end),
                None => path_span,
            },
        })
    }

    /// A path `a::b::C<T, U>`: its segments joined by `::`, the arguments of its last segment, and
    /// where it starts and ends. `self_first`: `Self` may be its first segment.
    fn path(&mut self, self_first: bool) -> Option<(String, Vec<Ty>, usize, usize)> {
        let mut name = String::new();
        let mut start = None;
        loop {
            let t = self.next()?;
            let word = &self.b[t.start..t.end];
            let ok = t.tok == Tok::Ident
                && (!is_keyword(word) || (self_first && start.is_none() && word == b"Self"));
            if !ok {
                return None;
            }
            if start.is_some() {
                name.push_str("::");
                name.push_str(self.text(t));
            } else {
                name = self.text(t).to_string();
            }
            start.get_or_insert(t.start);
            let mut end = t.end;
            match self.peek().map(|t| t.tok) {
                Some(Tok::Path) => {
                    self.next()?;
                }
                Some(Tok::Punct(b'<')) => {
                    self.next()?;
                    let mut args = Vec::with_capacity(1);
                    loop {
                        if args.is_empty() && self.peek()?.tok == Tok::Punct(b'>') {
                            return None;
                        }
                        if let Some(gt) = self.eat_punct(b'>') {
                            end = gt.end;
                            break;
                        }
                        args.push(self.ty()?);
                        if self.eat_punct(b',').is_none() {
                            end = self.punct(b'>')?.end;
                            break;
                        }
                    }
                    // Arguments only on the last segment (`a::B<T>::C` goes to `syn`).
                    if matches!(self.peek().map(|t| t.tok), Some(Tok::Path)) {
                        return None;
                    }
                    return Some((name, args, start?, end));
                }
                _ => return Some((name, Vec::new(), start?, end)),
            }
        }
    }

    fn ty(&mut self) -> Option<Ty> {
        Some(self.ty_written()?.0)
    }

    /// A type, and where it was written: the parentheses of `(T)` are `T`'s, but the spans of a
    /// field, an impl's self type or a where-clause take them in.
    fn ty_written(&mut self) -> Option<(Ty, usize, usize)> {
        if self.depth >= MAX_DEPTH {
            return None;
        }
        let start = self.skip_layout()?;
        self.depth += 1;
        let t = self.ty_here();
        self.depth -= 1;
        Some((t?, start, self.pos))
    }

    fn ty_here(&mut self) -> Option<Ty> {
        let first = self.peek()?;
        match first.tok {
            Tok::Ident => {
                let (name, args, start, end) = self.path(true)?;
                let span = self.span(start, end);
                if args.is_empty() && !name.contains(':') {
                    if let Some(kind) = super::rust::scalar(&name) {
                        return Some(Ty { kind, span });
                    }
                }
                Some(Ty {
                    kind: TyKind::Named {
                        name: Ident {
                            name,
                            span: span.clone(),
                        },
                        args: args.into_iter().map(GenericArg::Ty).collect(),
                    },
                    span,
                })
            }
            Tok::Punct(b'(') => {
                self.next()?;
                let mut elems = Vec::new();
                let mut comma = false;
                let close = loop {
                    if let Some(c) = self.eat_punct(b')') {
                        break c;
                    }
                    elems.push(self.ty()?);
                    if self.eat_punct(b',').is_some() {
                        comma = true;
                    } else {
                        break self.punct(b')')?;
                    }
                };
                // `(T)` is `T` in parentheses.
                if elems.len() == 1 && !comma {
                    return elems.pop();
                }
                Some(Ty {
                    kind: TyKind::Tuple(elems),
                    span: self.span(first.start, close.end),
                })
            }
            Tok::Punct(b'[') => {
                self.next()?;
                let elem = self.ty()?;
                let close = self.punct(b']')?;
                Some(Ty {
                    kind: TyKind::Slice(Box::new(elem)),
                    span: self.span(first.start, close.end),
                })
            }
            _ => None,
        }
    }

    /// `where T: A + B, U: C` (at least one predicate), or nothing: one clause per bound.
    fn where_clauses(&mut self) -> Option<Vec<WhereClause>> {
        let mut out = Vec::new();
        if self.eat_word("where").is_none() {
            return Some(out);
        }
        out.reserve_exact(1);
        loop {
            let (ty, ty_start, _) = self.ty_written()?;
            self.punct(b':')?;
            let bounds = self.bounds()?;
            let span = self.span(ty_start, bounds.last()?.span.end);
            for b in bounds {
                out.push(WhereClause {
                    binders: Vec::new(),
                    kind: WhereClauseKind::Implemented(TraitRef {
                        self_ty: ty.clone(),
                        span: b.span.clone(),
                        bound: b,
                    }),
                    span: span.clone(),
                });
            }
            if self.eat_punct(b',').is_none() {
                return Some(out);
            }
            // A trailing comma before the body.
            if matches!(self.peek()?.tok, Tok::Punct(b'{' | b';')) {
                return Some(out);
            }
        }
    }
}
