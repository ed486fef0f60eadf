//! The `.rs` front end: Rust source read with `syn` (the whole item language, with spans) and
//! converted into knot's surface AST ([`super::ast`]), module by module. Names are kept as written
//! paths (`std::fmt::Debug`, `ids::Id`, `Self::Payload`); [`crate::resolve`] maps them onto items.
//!
//! Items knot does not reason about (function bodies and free functions, inherent impls, consts,
//! statics, `extern crate`) are parsed and left out. `macro_rules!` macros are expanded by example
//! where they are invoked as items (`syntax/macro_rules.rs`). What cannot be modelled gives a located
//! warning (an unknown macro, `#[cfg]`, an out-of-line `mod m;`), never an error.

use super::ast::*;
use super::macro_rules::MacroRules;
use crate::error::{Error, Result, Span};
use proc_macro2::{LineColumn, TokenStream, TokenTree};
use quote::ToTokens;
use serde::{Deserialize, Serialize};
use std::sync::Arc;
use syn::spanned::Spanned;

/// A `use` declaration, flattened: `use a::b::{c as d, e::*};` gives two.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct UseDecl {
    /// The path as written (a leading `::` gives an empty first segment).
    pub path: Vec<String>,
    /// `None` for a glob `path::*`; otherwise the name it is imported under.
    pub name: Option<String>,
    /// Where it was written.
    pub span: Span,
}

/// A type alias `type A<P> = T;`.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct AliasDecl {
    /// Its name.
    pub name: Ident,
    /// Its parameters (with defaults).
    pub params: Vec<GenericParam>,
    /// What it stands for.
    pub ty: Ty,
}

/// A module: its items, imports, aliases and child modules.
#[derive(Clone, Debug, Default, Serialize, Deserialize)]
pub struct RawModule {
    /// The module's name (empty for a crate root).
    pub name: String,
    /// Items knot lowers, with names as written.
    pub items: Vec<Item>,
    /// `use` declarations.
    pub uses: Vec<UseDecl>,
    /// Type aliases.
    pub aliases: Vec<AliasDecl>,
    /// `mod m { .. }`.
    pub mods: Vec<RawModule>,
    /// `mod m;` whose file knot did not read (one file alone, or the file is missing): what the
    /// module holds is unseen, and the crate is a fragment.
    #[serde(default)]
    pub unread: bool,
}

/// A parsed crate with the warnings its conversion gave.
#[derive(Clone, Debug, Default, Serialize, Deserialize)]
pub struct RawCrate {
    /// The root module.
    pub root: RawModule,
    /// Located warnings (`macro invocation skipped`, ...).
    pub warnings: Vec<(Span, String)>,
}

/// Parse a Rust source file.
pub fn parse_crate(file: &Arc<str>, src: &str) -> Result<RawCrate> {
    parse_crate_with(file, src, super::rust_fast::enabled())
}

/// The configuration a crate of a package is read under: `#[cfg(..)]` and `#[cfg_attr(..)]`
/// evaluated for the host target and the crate's enabled features, as Cargo builds it (`test`,
/// `doc`, `docsrs`, `miri` and every cfg a build script might set are off).
#[derive(Clone, Debug, Default)]
pub struct CrateCfg {
    /// The enabled features.
    pub features: rustc_hash::FxHashSet<String>,
}

impl CrateCfg {
    /// The host's configuration with `features` enabled.
    pub fn host(features: impl IntoIterator<Item = String>) -> CrateCfg {
        CrateCfg {
            features: features.into_iter().collect(),
        }
    }

    /// Whether a cfg option (`unix`, `target_os = "linux"`, `feature = "std"`) is set.
    fn option(&self, name: &str, value: Option<&str>) -> bool {
        let consts = std::env::consts::OS;
        match (name, value) {
            ("feature", Some(v)) => self.features.contains(v),
            ("unix", None) => cfg!(unix),
            ("windows", None) => cfg!(windows),
            ("debug_assertions", None) | ("panic", Some("unwind")) => true,
            ("target_os", Some(v)) => v == consts,
            ("target_family", Some(v)) => v == std::env::consts::FAMILY,
            ("target_arch", Some(v)) => v == std::env::consts::ARCH,
            ("target_pointer_width", Some(v)) => v == (usize::BITS).to_string(),
            ("target_endian", Some(v)) => {
                v == if cfg!(target_endian = "little") {
                    "little"
                } else {
                    "big"
                }
            }
            ("target_env", Some(v)) => {
                (cfg!(target_env = "gnu") && v == "gnu")
                    || (cfg!(target_env = "musl") && v == "musl")
                    || (cfg!(target_env = "msvc") && v == "msvc")
            }
            ("target_vendor", Some(v)) => {
                v == if cfg!(target_vendor = "apple") {
                    "apple"
                } else if cfg!(target_vendor = "pc") {
                    "pc"
                } else {
                    "unknown"
                }
            }
            ("target_has_atomic", Some(v)) => {
                matches!(v, "8" | "16" | "32" | "ptr")
                    || (v == "64" && cfg!(target_has_atomic = "64"))
            }
            _ => false,
        }
    }

    /// Whether a dependency's platform (`cfg(unix)`, or a target triple) is the host's.
    pub fn eval_target(&self, target: &str) -> bool {
        match target
            .strip_prefix("cfg(")
            .and_then(|t| t.strip_suffix(')'))
        {
            Some(pred) => syn::parse_str::<syn::Meta>(pred)
                .ok()
                .and_then(|m| self.eval(&m))
                .unwrap_or(false),
            None => {
                target.starts_with(std::env::consts::ARCH) && target.contains(std::env::consts::OS)
            }
        }
    }

    /// Evaluate a cfg predicate (`all(unix, feature = "std")`); `None` when it is not one.
    pub fn eval(&self, m: &syn::Meta) -> Option<bool> {
        match m {
            syn::Meta::Path(p) => Some(self.option(&p.get_ident()?.to_string(), None)),
            syn::Meta::NameValue(nv) => {
                let name = nv.path.get_ident()?.to_string();
                let syn::Expr::Lit(syn::ExprLit {
                    lit: syn::Lit::Str(s),
                    ..
                }) = &nv.value
                else {
                    return None;
                };
                Some(self.option(&name, Some(&s.value())))
            }
            syn::Meta::List(l) => {
                let name = l.path.get_ident()?.to_string();
                let args = l
                    .parse_args_with(
                        syn::punctuated::Punctuated::<syn::Meta, syn::Token![,]>::parse_terminated,
                    )
                    .ok()?;
                let vals: Option<Vec<bool>> = args.iter().map(|a| self.eval(a)).collect();
                let vals = vals?;
                match name.as_str() {
                    "all" => Some(vals.iter().all(|&v| v)),
                    "any" => Some(vals.iter().any(|&v| v)),
                    "not" if vals.len() == 1 => Some(!vals[0]),
                    _ => None,
                }
            }
        }
    }
}

/// Read a crate of a package from its root file (`src/lib.rs`): `mod m;` from `m.rs` or
/// `m/mod.rs` (or its `#[path]`), `#[cfg]` and `#[cfg_attr]` evaluated under `cfg`. A module file
/// that is missing gives a located warning and an unread module (the crate is then a fragment).
pub fn parse_crate_tree(root: &std::path::Path, cfg: &CrateCfg) -> Result<RawCrate> {
    let file: Arc<str> = root.to_string_lossy().as_ref().into();
    let src = std::fs::read_to_string(root).map_err(|e| Error::Io {
        path: file.to_string(),
        message: e.to_string(),
    })?;
    let dir = root
        .parent()
        .map(std::path::Path::to_path_buf)
        .unwrap_or_default();
    let tree = Tree {
        cfg,
        mod_dir: dir.clone(),
        file_dir: dir,
    };
    let (root, warnings, _) = parse_module(&file, &src, Some(tree), Default::default())?;
    Ok(RawCrate { root, warnings })
}

/// Where a file of a crate read whole is: its configuration, the directory its `mod m;` files are
/// in, and the directory a `#[path]` is relative to.
#[derive(Clone)]
struct Tree<'c> {
    cfg: &'c CrateCfg,
    mod_dir: std::path::PathBuf,
    file_dir: std::path::PathBuf,
}

type Macros = rustc_hash::FxHashMap<String, std::rc::Rc<MacroRules>>;

/// Located warnings.
type Warnings = Vec<(Span, String)>;

/// One file of a crate read whole, with the macros defined before it (textual scope); returns its
/// module, its warnings (and its children's) and the macros defined by its end.
fn parse_module(
    file: &Arc<str>,
    src: &str,
    tree: Option<Tree<'_>>,
    macros: Macros,
) -> Result<(RawModule, Warnings, Macros)> {
    super::prescan::check(file, src, super::prescan::Lang::Surface)?;
    let mut cx = Cx::new(file, src);
    cx.tree = tree;
    cx.macros = macros;
    let mut root = RawModule::default();
    let mut first_error: Option<Error> = None;
    let parsed = syn::parse::Parser::parse_str(
        |input: syn::parse::ParseStream<'_>| -> syn::Result<()> {
            let mut off = false;
            for a in input.call(syn::Attribute::parse_inner)? {
                if cx.tree.is_some() && a.path().is_ident("cfg") {
                    off |= !cx.cfg_on(&a);
                } else {
                    cx.check_inner_attr(&a);
                }
            }
            while !input.is_empty() {
                let it: syn::Item = input.parse()?;
                if first_error.is_none() && !off {
                    if let Err(e) = cx.item(&it, &mut root) {
                        first_error = Some(e);
                    }
                }
            }
            Ok(())
        },
        file_text(src),
    );
    if let Err(e) = parsed {
        let s = cx.span(e.span());
        return Err(Error::syntax(
            file,
            src,
            s.start,
            s.end.max(s.start + 1),
            e.to_string(),
        ));
    }
    if let Some(e) = first_error {
        return Err(e);
    }
    Ok((root, cx.warnings, cx.macros))
}

/// [`parse_crate`], with or without the fast path for plain items (`syntax/rust_fast.rs`).
pub fn parse_crate_with(file: &Arc<str>, src: &str, fast: bool) -> Result<RawCrate> {
    super::prescan::check(file, src, super::prescan::Lang::Surface)?;
    let mut cx = Cx::new(file, src);
    let mut root = RawModule::default();
    // The plainest leading items without syn; syn reads the rest, from the line where they end.
    let mut from = if fast {
        super::rust_fast::read_items(file, src, &cx.line_starts, &mut root.items)
    } else {
        0
    };
    // Inner attributes are read at the start of a file only: where the rest would start with one
    // (an error there), syn reads the whole file.
    if from > 0 && from < src.len() && starts_inner_attr(&src[from..]) {
        root.items.clear();
        from = 0;
    }
    if from == src.len() && from > 0 {
        return Ok(RawCrate {
            root,
            warnings: Vec::new(),
        });
    }
    let text = if from == 0 {
        file_text(src)
    } else {
        cx.line_base = cx.line_starts.partition_point(|&s| s < from);
        &src[from..]
    };
    // Each item is read as it is parsed, not collected into a `syn::File` first (moving 10,000
    // parsed items around took a twentieth of a large file's load). A syntax error anywhere comes
    // first, as when the whole file was parsed before its items were read.
    let mut first_error: Option<Error> = None;
    let parsed = syn::parse::Parser::parse_str(
        |input: syn::parse::ParseStream<'_>| -> syn::Result<()> {
            for a in input.call(syn::Attribute::parse_inner)? {
                cx.check_inner_attr(&a);
            }
            while !input.is_empty() {
                let it: syn::Item = input.parse()?;
                if first_error.is_none() {
                    if let Err(e) = cx.item(&it, &mut root) {
                        first_error = Some(e);
                    }
                }
            }
            Ok(())
        },
        text,
    );
    if let Err(e) = parsed {
        // A syntax error is located as syn locates it in the whole file (a lexer error's place is
        // not kept across a text that starts mid-file): read it all again, without the fast path.
        if from > 0 {
            return parse_crate_with(file, src, false);
        }
        let s = cx.span(e.span());
        return Err(Error::syntax(
            file,
            src,
            s.start,
            s.end.max(s.start + 1),
            e.to_string(),
        ));
    }
    if let Some(e) = first_error {
        return Err(e);
    }
    Ok(RawCrate {
        root,
        warnings: cx.warnings,
    })
}

/// The text `syn::parse_file` parses: without a byte-order mark, and without a first line that is
/// a shebang (`#!` not followed by `[`), its newline kept so lines keep their numbers.
pub fn file_text(src: &str) -> &str {
    let content = src.strip_prefix('\u{feff}').unwrap_or(src);
    match content.strip_prefix("#!") {
        Some(rest) if !skip_whitespace_and_comments(rest).starts_with('[') => {
            content.find('\n').map_or("", |i| &content[i..])
        }
        _ => content,
    }
}

/// Whether `s` starts with an inner attribute or inner doc comment (`#![..]`, `//!`, `/*!`), past
/// whitespace and comments.
fn starts_inner_attr(s: &str) -> bool {
    let t = skip_whitespace_and_comments(s);
    t.starts_with("//!")
        || t.starts_with("/*!")
        || t.strip_prefix('#')
            .is_some_and(|r| skip_whitespace_and_comments(r).starts_with('!'))
}

/// Whether a comment is a doc comment (an attribute to syn), given the text after its opening `//`
/// (`block` false) or `/*`: `//!` and `///` (not `////`); `/*!` and `/**` (not `/**/` or `/***`).
pub fn is_doc_comment(rest: &[u8], block: bool) -> bool {
    match rest {
        [b'!', ..] => true,
        [b'/', b'/', ..] if !block => false,
        [b'/', ..] => !block,
        [b'*', b'/' | b'*', ..] if block => false,
        [b'*', ..] => block,
        _ => false,
    }
}

/// The length of a block comment's body with its closing `*/`, given the text after its opening
/// `/*` (block comments nest); `None` when it is not closed.
pub fn block_comment_len(rest: &[u8]) -> Option<usize> {
    let (mut depth, mut i) = (1usize, 0usize);
    while depth > 0 {
        match (rest.get(i)?, rest.get(i + 1)) {
            (b'/', Some(b'*')) => (depth, i) = (depth + 1, i + 2),
            (b'*', Some(b'/')) => (depth, i) = (depth - 1, i + 2),
            _ => i += 1,
        }
    }
    Some(i)
}

/// The byte offset of each line's start (the first is 0).
pub fn line_starts(src: &str) -> Vec<usize> {
    let mut starts = vec![0];
    starts.extend(src.match_indices('\n').map(|(i, _)| i + 1));
    starts
}

/// `s` past leading whitespace and comments (as syn skips them before deciding a `#!` line is an
/// inner attribute).
fn skip_whitespace_and_comments(mut s: &str) -> &str {
    loop {
        let t = s.trim_start();
        if let Some(rest) = t.strip_prefix("//") {
            // (Doc comments are attributes, which syn does not skip.)
            if is_doc_comment(rest.as_bytes(), false) {
                return t;
            }
            s = rest.find('\n').map_or("", |i| &rest[i..]);
        } else if let Some(rest) = t.strip_prefix("/*") {
            if is_doc_comment(rest.as_bytes(), true) {
                return t;
            }
            let Some(len) = block_comment_len(rest.as_bytes()) else {
                return t;
            };
            s = &rest[len..];
        } else {
            return t;
        }
    }
}

struct Cx<'a> {
    file: &'a Arc<str>,
    src: &'a str,
    line_starts: Vec<usize>,
    /// Lines of the file before the text syn reads (the fast path read them).
    line_base: usize,
    warnings: Vec<(Span, String)>,
    /// `macro_rules!` macros defined so far (textual order, as rustc scopes them).
    macros: rustc_hash::FxHashMap<String, std::rc::Rc<MacroRules>>,
    /// Macro expansions in progress (a macro that invokes itself ends at [`MAX_EXPANSION_DEPTH`]).
    expanding: u32,
    /// Tokens the expansions of the current top-level invocation may still produce.
    expansion_budget: usize,
    /// Reading a crate whole: `#[cfg]` evaluated, `mod m;` read from its file.
    tree: Option<Tree<'a>>,
}

/// How many tokens the expansions of one item-level invocation (with the invocations nested in its
/// output) may produce together.
const EXPANSION_TOKENS: usize = 2_000_000;

/// How deeply macro invocations may nest (rustc's `recursion_limit` is 128).
const MAX_EXPANSION_DEPTH: u32 = 128;

pub fn scalar(name: &str) -> Option<TyKind> {
    use Scalar::*;
    let s = match name {
        "i8" => I8,
        "i16" => I16,
        "i32" => I32,
        "i64" => I64,
        "i128" => I128,
        "isize" => Isize,
        "u8" => U8,
        "u16" => U16,
        "u32" => U32,
        "u64" => U64,
        "u128" => U128,
        "usize" => Usize,
        "f16" => F16,
        "f32" => F32,
        "f64" => F64,
        "f128" => F128,
        "bool" => Bool,
        "char" => Char,
        "str" => return Some(TyKind::Str),
        _ => return None,
    };
    Some(TyKind::Scalar(s))
}

/// An item's outer attributes.
fn item_attrs(it: &syn::Item) -> &[syn::Attribute] {
    use syn::Item as I;
    match it {
        I::Const(i) => &i.attrs,
        I::Enum(i) => &i.attrs,
        I::ExternCrate(i) => &i.attrs,
        I::Fn(i) => &i.attrs,
        I::ForeignMod(i) => &i.attrs,
        I::Impl(i) => &i.attrs,
        I::Macro(i) => &i.attrs,
        I::Mod(i) => &i.attrs,
        I::Static(i) => &i.attrs,
        I::Struct(i) => &i.attrs,
        I::Trait(i) => &i.attrs,
        I::TraitAlias(i) => &i.attrs,
        I::Type(i) => &i.attrs,
        I::Union(i) => &i.attrs,
        I::Use(i) => &i.attrs,
        _ => &[],
    }
}

/// Token text without the spaces `quote` puts between tokens (`std :: fmt :: Debug`).
fn tokens_text(ts: &TokenStream) -> String {
    let mut out = String::new();
    for t in ts.clone() {
        match &t {
            TokenTree::Group(_) | TokenTree::Literal(_) => out.push_str(&t.to_string()),
            _ => out.push_str(&t.to_string()),
        }
    }
    out
}

impl<'a> Cx<'a> {
    fn new(file: &'a Arc<str>, src: &'a str) -> Cx<'a> {
        let line_starts = line_starts(src);
        Cx {
            file,
            src,
            line_starts,
            line_base: 0,
            warnings: Vec::new(),
            macros: Default::default(),
            expanding: 0,
            expansion_budget: EXPANSION_TOKENS,
            tree: None,
        }
    }

    /// The line of the file a line of the text syn reads is (1-based; 0 stays 0), `base` lines
    /// before it.
    fn file_line(line: usize, base: usize) -> usize {
        if line == 0 {
            0
        } else {
            line + base
        }
    }

    fn offset(&self, lc: LineColumn, base: usize) -> usize {
        let line = Self::file_line(lc.line, base);
        let Some(&start) = self.line_starts.get(line.saturating_sub(1)) else {
            return self.src.len();
        };
        let rest = &self.src[start..];
        start
            + rest
                .char_indices()
                .nth(lc.column)
                .map_or(rest.len(), |(i, _)| i)
    }

    fn span(&self, s: proc_macro2::Span) -> Span {
        // syn's "call site" (an error at the end of the input) is the file's start, not the start
        // of the text syn reads.
        let base = if self.line_base > 0 && s.byte_range() == (0..0) {
            0
        } else {
            self.line_base
        };
        let (a, b) = (s.start(), s.end());
        let start = self.offset(a, base);
        let end = self.offset(b, base).max(start);
        Span {
            file: self.file.clone(),
            start,
            end,
            line: Self::file_line(a.line, base).max(1),
            col: a.column + 1,
        }
    }

    fn sp<T: Spanned>(&self, t: &T) -> Span {
        self.span(t.span())
    }

    fn ident(&self, i: &syn::Ident) -> Ident {
        Ident {
            name: i.to_string().trim_start_matches("r#").to_string(),
            span: self.sp(i),
        }
    }

    fn err<T: Spanned>(&self, t: &T, msg: impl Into<String>) -> Error {
        let s = self.sp(t);
        Error::syntax(self.file, self.src, s.start, s.end.max(s.start + 1), msg)
    }

    fn warn<T: Spanned>(&mut self, t: &T, msg: impl Into<String>) {
        let s = self.sp(t);
        self.warnings.push((s, msg.into()));
    }

    fn check_inner_attr(&mut self, a: &syn::Attribute) {
        if a.path().is_ident("cfg") {
            self.warn(a, "#[cfg] not evaluated: the crate is read as written");
        }
    }

    /// Whether a `#[cfg(..)]` attribute holds under the crate's configuration (an unreadable
    /// predicate holds, with a warning: the item is kept).
    fn cfg_on(&mut self, a: &syn::Attribute) -> bool {
        let Some(tree) = &self.tree else { return true };
        let cfg = tree.cfg;
        match a.parse_args::<syn::Meta>().ok().and_then(|m| cfg.eval(&m)) {
            Some(v) => v,
            None => {
                self.warn(a, "#[cfg] predicate not understood: the item is kept");
                true
            }
        }
    }

    /// Whether attributes switch their item off (`#[cfg(..)]` false), reading a crate whole.
    fn cfg_off(&mut self, attrs: &[syn::Attribute]) -> bool {
        self.tree.is_some()
            && attrs
                .iter()
                .filter(|a| a.path().is_ident("cfg"))
                .any(|a| !self.cfg_on(a))
    }

    /// `#[cfg_attr(pred, a, b)]` replaced by `#[a] #[b]` when `pred` holds (by nothing otherwise),
    /// reading a crate whole.
    fn cfg_attrs(&mut self, attrs: &[syn::Attribute]) -> Vec<syn::Attribute> {
        let mut out = Vec::new();
        for a in attrs {
            if self.tree.is_none() || !a.path().is_ident("cfg_attr") {
                out.push(a.clone());
                continue;
            }
            let cfg = self.tree.as_ref().map(|t| t.cfg).expect("tree");
            let parsed = a.parse_args_with(
                syn::punctuated::Punctuated::<syn::Meta, syn::Token![,]>::parse_terminated,
            );
            let Ok(list) = parsed else {
                self.warn(a, "#[cfg_attr] not understood: skipped");
                continue;
            };
            let mut it = list.into_iter();
            let Some(pred) = it.next() else { continue };
            match cfg.eval(&pred) {
                Some(true) => {
                    let inner: Vec<syn::Attribute> = it
                        .map(|meta| syn::Attribute {
                            pound_token: a.pound_token,
                            style: a.style,
                            bracket_token: a.bracket_token,
                            meta,
                        })
                        .collect();
                    out.extend(self.cfg_attrs(&inner));
                }
                Some(false) => {}
                None => self.warn(a, "#[cfg_attr] predicate not understood: skipped"),
            }
        }
        out
    }

    /// Outer attributes knot keeps (`doc` is dropped; `cfg` gives a warning and is kept, unless
    /// the crate is read whole, where it was evaluated).
    fn attrs(&mut self, attrs: &[syn::Attribute]) -> Vec<Attribute> {
        let mut out = Vec::new();
        let expanded = self.cfg_attrs(attrs);
        for a in &expanded {
            let path = a.path();
            if path.is_ident("doc") {
                continue;
            }
            if self.tree.is_some() && path.is_ident("cfg") {
                continue;
            }
            if path.is_ident("cfg") || path.is_ident("cfg_attr") {
                self.warn(a, "#[cfg] not evaluated: the item is kept");
                continue;
            }
            let name = Ident {
                name: tokens_text(&path.to_token_stream()),
                span: self.sp(path),
            };
            let (args, value) = match &a.meta {
                syn::Meta::Path(_) => (None, None),
                syn::Meta::List(l) => {
                    let mut args = Vec::new();
                    let mut cur = TokenStream::new();
                    let push = |cur: &mut TokenStream, args: &mut Vec<Ident>| {
                        let text = tokens_text(cur);
                        if !text.is_empty() {
                            args.push(Ident {
                                name: text,
                                span: self.sp(&*cur),
                            });
                        }
                        *cur = TokenStream::new();
                    };
                    for t in l.tokens.clone() {
                        if matches!(&t, TokenTree::Punct(p) if p.as_char() == ',') {
                            push(&mut cur, &mut args);
                        } else {
                            cur.extend(std::iter::once(t));
                        }
                    }
                    push(&mut cur, &mut args);
                    (Some(args), None)
                }
                syn::Meta::NameValue(nv) => (None, Some(tokens_text(&nv.value.to_token_stream()))),
            };
            out.push(Attribute {
                name,
                args,
                value,
                span: self.sp(a),
            });
        }
        out
    }

    /// The span of a whole item: what `Spanned::span` gives (from an outer attribute's `#`, or the
    /// first keyword, to the closing `}` or `;`), without printing the item back to tokens, which
    /// took a tenth of the load of a file of 10,000 impls; `None` for the other kinds of items.
    fn item_span_fast(&self, it: &syn::Item) -> Option<Span> {
        use proc_macro2::Span as S;
        use syn::Item as I;
        let vis = |v: &syn::Visibility| match v {
            syn::Visibility::Public(p) => Some(p.span),
            syn::Visibility::Restricted(r) => Some(r.pub_token.span),
            syn::Visibility::Inherited => None,
        };
        let (attrs, first, last): (&[syn::Attribute], S, S) = match it {
            I::Impl(i) => (
                &i.attrs,
                i.defaultness
                    .map(|d| d.span)
                    .or(i.unsafety.map(|u| u.span))
                    .unwrap_or(i.impl_token.span),
                i.brace_token.span.close(),
            ),
            I::Trait(t) => (
                &t.attrs,
                vis(&t.vis)
                    .or(t.unsafety.map(|u| u.span))
                    .or(t.auto_token.map(|a| a.span))
                    .unwrap_or(t.trait_token.span),
                t.brace_token.span.close(),
            ),
            I::Struct(st) => {
                let last = match (&st.semi_token, &st.fields) {
                    (Some(semi), _) => semi.span,
                    (None, syn::Fields::Named(f)) => f.brace_token.span.close(),
                    _ => return None,
                };
                (
                    &st.attrs,
                    vis(&st.vis).unwrap_or(st.struct_token.span),
                    last,
                )
            }
            I::Enum(e) => (
                &e.attrs,
                vis(&e.vis).unwrap_or(e.enum_token.span),
                e.brace_token.span.close(),
            ),
            _ => return None,
        };
        let first = match attrs
            .iter()
            .find(|a| matches!(a.style, syn::AttrStyle::Outer))
        {
            Some(a) => a.pound_token.span,
            None => first,
        };
        Some(self.span(first.join(last).unwrap_or(first)))
    }

    /// The span of a path (`Spanned::span`'s), from its first token to its last, without printing
    /// it back to tokens; `None` when it ends in a `Fn(A) -> B` return type.
    fn path_span_fast(&self, p: &syn::Path) -> Option<Span> {
        let last = p.segments.last()?;
        let first = match &p.leading_colon {
            Some(c) => c.spans[0],
            None => p.segments.first()?.ident.span(),
        };
        let end = match &last.arguments {
            syn::PathArguments::None => last.ident.span(),
            syn::PathArguments::AngleBracketed(a) => a.gt_token.span,
            syn::PathArguments::Parenthesized(a) => match a.output {
                syn::ReturnType::Default => a.paren_token.span.close(),
                syn::ReturnType::Type(..) => return None,
            },
        };
        Some(self.span(first.join(end).unwrap_or(first)))
    }

    /// `fast`, the span of `t` found without printing it, or else [`Cx::sp`]. Checked against
    /// [`Cx::sp`] in debug builds and in the library's unit tests, which parse every `.rs` program
    /// of the repository.
    fn span_of<T: Spanned>(&self, fast: Option<Span>, t: &T) -> Span {
        let span = fast.unwrap_or_else(|| self.sp(t));
        #[cfg(any(test, debug_assertions))]
        {
            let whole = self.sp(t);
            assert!(
                (span.start, span.end) == (whole.start, whole.end),
                "span {span:?} is not the one `Spanned` gives: {whole:?}"
            );
        }
        span
    }

    /// [`Cx::sp`] of a path, without printing it when it can.
    fn path_span(&self, p: &syn::Path) -> Span {
        self.span_of(self.path_span_fast(p), p)
    }

    /// [`Cx::sp`] of a type: a plain path type's without printing it (see [`Cx::path_span`]).
    fn ty_span(&self, t: &syn::Type) -> Span {
        match t {
            syn::Type::Path(p) if p.qself.is_none() => self.path_span(&p.path),
            _ => self.sp(t),
        }
    }

    fn item(&mut self, it: &syn::Item, m: &mut RawModule) -> Result<()> {
        use syn::Item as I;
        if self.tree.is_some() && self.cfg_off(item_attrs(it)) {
            return Ok(());
        }
        let span = self.span_of(self.item_span_fast(it), it);
        let public = |v: &syn::Visibility| !matches!(v, syn::Visibility::Inherited);
        match it {
            I::Struct(s) => {
                let attrs = self.attrs(&s.attrs);
                let (params, mut wcs) = self.generics(&s.generics)?;
                let variant = self.variant(&s.ident, &s.fields)?;
                wcs.extend(self.where_clause(&s.generics)?);
                m.items.push(Item {
                    attrs,
                    public: public(&s.vis),
                    kind: ItemKind::Struct(AdtDef {
                        name: self.ident(&s.ident),
                        params,
                        where_clauses: wcs,
                        variants: vec![variant],
                    }),
                    span,
                });
            }
            I::Union(u) => {
                // A union's auto traits are structural through its fields, like a struct's.
                let attrs = self.attrs(&u.attrs);
                let (params, mut wcs) = self.generics(&u.generics)?;
                let variant = self.variant(&u.ident, &syn::Fields::Named(u.fields.clone()))?;
                wcs.extend(self.where_clause(&u.generics)?);
                m.items.push(Item {
                    attrs,
                    public: public(&u.vis),
                    kind: ItemKind::Struct(AdtDef {
                        name: self.ident(&u.ident),
                        params,
                        where_clauses: wcs,
                        variants: vec![variant],
                    }),
                    span,
                });
            }
            I::Enum(e) => {
                let attrs = self.attrs(&e.attrs);
                let (params, mut wcs) = self.generics(&e.generics)?;
                wcs.extend(self.where_clause(&e.generics)?);
                let mut variants = Vec::new();
                for v in &e.variants {
                    if self.cfg_off(&v.attrs) {
                        continue;
                    }
                    variants.push(self.variant(&v.ident, &v.fields)?);
                }
                m.items.push(Item {
                    attrs,
                    public: public(&e.vis),
                    kind: ItemKind::Enum(AdtDef {
                        name: self.ident(&e.ident),
                        params,
                        where_clauses: wcs,
                        variants,
                    }),
                    span,
                });
            }
            I::Trait(t) => {
                let mut attrs = self.attrs(&t.attrs);
                if let Some(a) = &t.auto_token {
                    attrs.push(Attribute {
                        name: Ident {
                            name: "auto".into(),
                            span: self.sp(a),
                        },
                        args: None,
                        value: None,
                        span: self.sp(a),
                    });
                }
                let (params, mut wcs) = self.generics(&t.generics)?;
                let self_ty = self.named("Self", span.clone());
                let (mut supertraits, extra) = self.bounds_on(&self_ty, t.supertraits.iter())?;
                // rustc implies the associated-type bounds of a supertrait list
                // (`trait Tr: Iterator<Item: Bound>`), not a where-clause on the projection: they
                // stay on the supertrait's bound.
                let extra = self.keep_assoc_bounds(&mut supertraits, extra);
                wcs.extend(extra);
                wcs.extend(self.where_clause(&t.generics)?);
                let mut assoc_types = Vec::new();
                for ti in &t.items {
                    if let syn::TraitItem::Type(a) = ti {
                        let aspan = self.sp(a);
                        let (aparams, mut awcs) = self.generics(&a.generics)?;
                        let me = Ty {
                            kind: TyKind::TypeRelative {
                                base: Box::new(self_ty.clone()),
                                name: self.ident(&a.ident),
                                args: Vec::new(),
                            },
                            span: aspan.clone(),
                        };
                        let (bounds, extra) = self.bounds_on(&me, a.bounds.iter())?;
                        // Bounds on the associated type's own associated types become where clauses
                        // of the trait (rustc implies them, as supertrait-list bounds).
                        wcs.extend(extra);
                        awcs.extend(self.where_clause(&a.generics)?);
                        let default = match &a.default {
                            Some((_, ty)) => Some(self.ty(ty)?),
                            None => None,
                        };
                        assoc_types.push(AssocTyDecl {
                            name: self.ident(&a.ident),
                            params: aparams,
                            bounds,
                            where_clauses: awcs,
                            default,
                            span: aspan,
                        });
                    }
                }
                m.items.push(Item {
                    attrs,
                    public: public(&t.vis),
                    kind: ItemKind::Trait(TraitDef {
                        name: self.ident(&t.ident),
                        params,
                        supertraits,
                        where_clauses: wcs,
                        assoc_types,
                    }),
                    span,
                });
            }
            I::Impl(i) => {
                let Some((neg, path, _)) = &i.trait_ else {
                    // Inherent impls add no trait facts.
                    return Ok(());
                };
                let attrs = self.attrs(&i.attrs);
                let (mut params, mut wcs) = self.generics(&i.generics)?;
                wcs.extend(self.where_clause(&i.generics)?);
                let self_ty = self.ty(&i.self_ty)?;
                let (bound, extra) =
                    self.trait_path(path, Vec::new(), false, self.path_span(path))?;
                if !extra.is_empty() {
                    return Err(self.err(path, "associated type bounds are not allowed here"));
                }
                let mut assoc_values = Vec::new();
                for ii in &i.items {
                    if let syn::ImplItem::Type(a) = ii {
                        let (aparams, mut awcs) = self.generics(&a.generics)?;
                        awcs.extend(self.where_clause(&a.generics)?);
                        assoc_values.push(AssocTyValue {
                            name: self.ident(&a.ident),
                            params: aparams,
                            where_clauses: awcs,
                            value: self.ty(&a.ty)?,
                            default: a.defaultness.is_some(),
                            span: self.sp(a),
                        });
                    }
                }
                // Elided lifetimes in the header (`impl From<&str> for String`) are fresh
                // lifetime parameters of the impl, as in rustc.
                let mut self_ty = self_ty;
                let mut bound = bound;
                let mut fresh = 0usize;
                name_elided(&mut self_ty, &mut fresh);
                for a in &mut bound.args {
                    if let GenericArg::Ty(t) = a {
                        name_elided(t, &mut fresh);
                    }
                }
                for k in 0..fresh {
                    params.insert(
                        0,
                        GenericParam {
                            kind: ParamKind::Lifetime,
                            name: Ident {
                                name: format!("'_elided{k}"),
                                span: span.clone(),
                            },
                            bounds: Vec::new(),
                            default: None,
                            span: span.clone(),
                        },
                    );
                }
                m.items.push(Item {
                    attrs,
                    public: false,
                    kind: ItemKind::Impl(Box::new(ImplDef {
                        params,
                        polarity: if neg.is_some() {
                            Polarity::Negative
                        } else {
                            Polarity::Positive
                        },
                        trait_ref: TraitRef {
                            span: self.ty_span(&i.self_ty),
                            self_ty,
                            bound,
                        },
                        where_clauses: wcs,
                        assoc_values,
                    })),
                    span,
                });
            }
            I::Type(t) => {
                let (params, _) = self.generics(&t.generics)?;
                m.aliases.push(AliasDecl {
                    name: self.ident(&t.ident),
                    params,
                    ty: self.ty(&t.ty)?,
                });
            }
            I::Mod(md) => {
                let attrs = self.attrs(&md.attrs);
                let _ = attrs;
                match &md.content {
                    Some((_, items)) => {
                        let mut sub = RawModule {
                            name: md.ident.to_string(),
                            ..RawModule::default()
                        };
                        let saved = self.tree.clone();
                        if let Some(t) = &mut self.tree {
                            // `#[path]` inside an inline module is relative to its directory.
                            t.mod_dir.push(md.ident.to_string());
                            t.file_dir = t.mod_dir.clone();
                        }
                        let r = items.iter().try_for_each(|it| self.item(it, &mut sub));
                        self.tree = saved;
                        r?;
                        m.mods.push(sub);
                    }
                    None if self.tree.is_some() => {
                        let sub = self.module_file(md)?;
                        m.mods.push(sub);
                    }
                    None => {
                        self.warn(
                            md,
                            format!("module file not read: `mod {};` is empty", md.ident),
                        );
                        m.mods.push(RawModule {
                            name: md.ident.to_string(),
                            unread: true,
                            ..RawModule::default()
                        });
                    }
                }
            }
            I::Use(u) => {
                let mut prefix = Vec::new();
                if u.leading_colon.is_some() {
                    prefix.push(String::new());
                }
                self.use_tree(&u.tree, &mut prefix, &mut m.uses);
            }
            I::Macro(mac) if mac.ident.is_some() && mac.mac.path.is_ident("macro_rules") => {
                let name = mac
                    .ident
                    .as_ref()
                    .map(|i| i.to_string())
                    .unwrap_or_default();
                match MacroRules::parse(mac.mac.tokens.clone()) {
                    Ok(rules) => {
                        self.macros.insert(name, std::rc::Rc::new(rules));
                    }
                    Err(e) => self.warn(mac, format!("macro `{name}` not understood ({e})")),
                }
            }
            I::Macro(mac) if mac.ident.is_none() => self.invoke(mac, m)?,
            I::ForeignMod(f) => {
                for fi in &f.items {
                    if let syn::ForeignItem::Type(t) = fi {
                        m.items.push(Item {
                            attrs: self.attrs(&t.attrs),
                            public: public(&t.vis),
                            kind: ItemKind::ForeignType(self.ident(&t.ident)),
                            span: self.sp(t),
                        });
                    }
                }
            }
            // `extern crate alloc;` names the crate in this module, as a `use` would.
            I::ExternCrate(e) if e.ident != "self" => m.uses.push(UseDecl {
                path: vec![e.ident.to_string()],
                name: Some(
                    e.rename
                        .as_ref()
                        .map_or_else(|| e.ident.to_string(), |(_, r)| r.to_string()),
                ),
                span: self.sp(e),
            }),
            I::Verbatim(v) => self.warn(v, "item not understood, skipped"),
            // Free functions, consts, statics, `extern crate`, `macro_rules!`, trait aliases.
            _ => {}
        }
        Ok(())
    }

    /// `mod m;` of a crate read whole: the module's file (`m.rs`, `m/mod.rs`, or its `#[path]`)
    /// read with the macros defined so far; a missing file gives an unread module and a warning.
    fn module_file(&mut self, md: &syn::ItemMod) -> Result<RawModule> {
        let tree = self.tree.clone().expect("reading a crate whole");
        let name = md.ident.to_string().trim_start_matches("r#").to_string();
        let path_attr = md.attrs.iter().find_map(|a| match &a.meta {
            syn::Meta::NameValue(nv) if nv.path.is_ident("path") => match &nv.value {
                syn::Expr::Lit(syn::ExprLit {
                    lit: syn::Lit::Str(s),
                    ..
                }) => Some(s.value()),
                _ => None,
            },
            _ => None,
        });
        let candidates = match &path_attr {
            Some(p) => vec![(tree.file_dir.join(p), true)],
            None => vec![
                (tree.mod_dir.join(format!("{name}.rs")), false),
                (tree.mod_dir.join(&name).join("mod.rs"), true),
            ],
        };
        let found = candidates
            .iter()
            .find_map(|(p, mod_rs)| std::fs::read_to_string(p).ok().map(|s| (p, *mod_rs, s)));
        let Some((path, mod_rs, src)) = found else {
            let tried: Vec<String> = candidates
                .iter()
                .map(|(p, _)| p.display().to_string())
                .collect();
            self.warn(
                md,
                format!(
                    "module file not read: `mod {name};` found no file ({}); what it holds is unseen",
                    tried.join(" or ")
                ),
            );
            return Ok(RawModule {
                name,
                unread: true,
                ..RawModule::default()
            });
        };
        let dir = path
            .parent()
            .map(std::path::Path::to_path_buf)
            .unwrap_or_default();
        let child = Tree {
            cfg: tree.cfg,
            mod_dir: if mod_rs { dir.clone() } else { dir.join(&name) },
            file_dir: dir,
        };
        let file: Arc<str> = path.to_string_lossy().as_ref().into();
        let macro_use = md.attrs.iter().any(|a| a.path().is_ident("macro_use"));
        let (mut sub, warnings, macros) =
            parse_module(&file, &src, Some(child), self.macros.clone())?;
        self.warnings.extend(warnings);
        if macro_use {
            self.macros = macros;
        }
        sub.name = name;
        Ok(sub)
    }

    /// An item-position macro invocation: expanded when a `macro_rules!` of that name was defined
    /// before it, its items read in place; otherwise skipped with a warning.
    fn invoke(&mut self, mac: &syn::ItemMacro, m: &mut RawModule) -> Result<()> {
        let name = mac
            .mac
            .path
            .segments
            .last()
            .map(|s| s.ident.to_string())
            .unwrap_or_default();
        let Some(rules) = self.macros.get(&name).cloned() else {
            self.warn(mac, format!("macro invocation skipped: `{name}!` is not a `macro_rules!` macro defined above it"));
            return Ok(());
        };
        if self.expanding >= MAX_EXPANSION_DEPTH {
            self.warn(
                mac,
                format!(
                    "macro invocation skipped: expansions nested deeper than {MAX_EXPANSION_DEPTH}"
                ),
            );
            return Ok(());
        }
        if self.expanding == 0 {
            self.expansion_budget = EXPANSION_TOKENS;
        }
        let tokens = match rules.expand(mac.mac.tokens.clone(), &mut self.expansion_budget) {
            Ok(t) => t,
            Err(e) => {
                self.warn(mac, format!("macro invocation skipped: `{name}!`: {e}"));
                return Ok(());
            }
        };
        let file: syn::File = match syn::parse2(tokens) {
            Ok(f) => f,
            Err(e) => {
                self.warn(
                    mac,
                    format!(
                        "macro invocation skipped: the expansion of `{name}!` is not items ({e})"
                    ),
                );
                return Ok(());
            }
        };
        self.expanding += 1;
        let r = file.items.iter().try_for_each(|it| self.item(it, m));
        self.expanding -= 1;
        r
    }

    fn use_tree(&mut self, t: &syn::UseTree, prefix: &mut Vec<String>, out: &mut Vec<UseDecl>) {
        match t {
            syn::UseTree::Path(p) => {
                prefix.push(p.ident.to_string());
                self.use_tree(&p.tree, prefix, out);
                prefix.pop();
            }
            syn::UseTree::Name(n) => {
                let name = n.ident.to_string();
                let mut path = prefix.clone();
                let imported = if name == "self" {
                    prefix.last().cloned().unwrap_or_default()
                } else {
                    path.push(name.clone());
                    name
                };
                out.push(UseDecl {
                    path,
                    name: Some(imported),
                    span: self.sp(n),
                });
            }
            syn::UseTree::Rename(r) => {
                let mut path = prefix.clone();
                if r.ident != "self" {
                    path.push(r.ident.to_string());
                }
                out.push(UseDecl {
                    path,
                    name: Some(r.rename.to_string()),
                    span: self.sp(r),
                });
            }
            syn::UseTree::Glob(g) => out.push(UseDecl {
                path: prefix.clone(),
                name: None,
                span: self.sp(g),
            }),
            syn::UseTree::Group(g) => {
                for t in &g.items {
                    self.use_tree(t, prefix, out);
                }
            }
        }
    }

    fn named(&self, name: &str, span: Span) -> Ty {
        Ty {
            kind: TyKind::Named {
                name: Ident {
                    name: name.into(),
                    span: span.clone(),
                },
                args: Vec::new(),
            },
            span,
        }
    }

    fn variant(&mut self, name: &syn::Ident, fields: &syn::Fields) -> Result<Variant> {
        let (shape, fs) = match fields {
            syn::Fields::Named(f) => (VariantShape::Named, f.named.iter().collect::<Vec<_>>()),
            syn::Fields::Unnamed(f) => (VariantShape::Tuple, f.unnamed.iter().collect()),
            syn::Fields::Unit => (VariantShape::Unit, Vec::new()),
        };
        let mut out = Vec::new();
        for f in fs {
            if self.cfg_off(&f.attrs) {
                continue;
            }
            out.push(Field {
                name: f.ident.as_ref().map(|i| self.ident(i)),
                ty: self.ty(&f.ty)?,
                span: self.sp(f),
            });
        }
        Ok(Variant {
            name: self.ident(name),
            shape,
            fields: out,
            span: self.sp(name),
        })
    }

    /// Generic parameters, with the where clauses their associated-type bounds give.
    fn generics(&mut self, g: &syn::Generics) -> Result<(Vec<GenericParam>, Vec<WhereClause>)> {
        let mut out = Vec::new();
        let mut wcs = Vec::new();
        for p in &g.params {
            out.push(match p {
                syn::GenericParam::Type(t) => {
                    let name = self.ident(&t.ident);
                    let me = self.named(&name.name, name.span.clone());
                    let (bounds, extra) = self.bounds_on(&me, t.bounds.iter())?;
                    wcs.extend(extra);
                    GenericParam {
                        kind: ParamKind::Type,
                        name,
                        bounds,
                        default: match &t.default {
                            Some(d) => Some(GenericArg::Ty(self.ty(d)?)),
                            None => None,
                        },
                        span: self.sp(t),
                    }
                }
                syn::GenericParam::Lifetime(l) => GenericParam {
                    kind: ParamKind::Lifetime,
                    name: Ident {
                        name: l.lifetime.to_string(),
                        span: self.sp(&l.lifetime),
                    },
                    bounds: l
                        .bounds
                        .iter()
                        .map(|b| Bound::Outlives(self.lifetime(b)))
                        .collect(),
                    default: None,
                    span: self.sp(l),
                },
                syn::GenericParam::Const(c) => GenericParam {
                    kind: ParamKind::Const {
                        ty: Some(self.ty(&c.ty)?),
                    },
                    name: self.ident(&c.ident),
                    bounds: Vec::new(),
                    default: match &c.default {
                        Some(e) => Some(GenericArg::Const(self.const_expr(e)?)),
                        None => None,
                    },
                    span: self.sp(c),
                },
            });
        }
        Ok((out, wcs))
    }

    fn where_clause(&mut self, g: &syn::Generics) -> Result<Vec<WhereClause>> {
        let mut out = Vec::new();
        let Some(w) = &g.where_clause else {
            return Ok(out);
        };
        for p in &w.predicates {
            let span = self.sp(p);
            match p {
                syn::WherePredicate::Type(t) => {
                    let binders = self.bound_lifetimes(&t.lifetimes);
                    let ty = self.ty(&t.bounded_ty)?;
                    let (bounds, extra) = self.bounds_on(&ty, t.bounds.iter())?;
                    for b in bounds {
                        let kind = match b {
                            Bound::Trait(tb) => WhereClauseKind::Implemented(TraitRef {
                                self_ty: ty.clone(),
                                span: tb.span.clone(),
                                bound: tb,
                            }),
                            Bound::Outlives(l) => WhereClauseKind::TypeOutlives {
                                ty: ty.clone(),
                                lifetime: l,
                            },
                        };
                        out.push(WhereClause {
                            binders: binders.clone(),
                            kind,
                            span: span.clone(),
                        });
                    }
                    out.extend(extra);
                }
                syn::WherePredicate::Lifetime(l) => {
                    let a = self.lifetime(&l.lifetime);
                    for b in &l.bounds {
                        out.push(WhereClause {
                            binders: Vec::new(),
                            kind: WhereClauseKind::LifetimeOutlives {
                                a: a.clone(),
                                b: self.lifetime(b),
                            },
                            span: span.clone(),
                        });
                    }
                }
                _ => return Err(self.err(p, "unsupported where clause")),
            }
        }
        Ok(out)
    }

    fn bound_lifetimes(&self, b: &Option<syn::BoundLifetimes>) -> Vec<GenericParam> {
        let Some(b) = b else { return Vec::new() };
        b.lifetimes
            .iter()
            .filter_map(|p| match p {
                syn::GenericParam::Lifetime(l) => Some(GenericParam {
                    kind: ParamKind::Lifetime,
                    name: Ident {
                        name: l.lifetime.to_string(),
                        span: self.sp(&l.lifetime),
                    },
                    bounds: Vec::new(),
                    default: None,
                    span: self.sp(l),
                }),
                _ => None,
            })
            .collect()
    }

    fn lifetime(&self, l: &syn::Lifetime) -> Lifetime {
        let name = l.to_string();
        Lifetime {
            kind: if name == "'static" {
                LifetimeKind::Static
            } else {
                LifetimeKind::Named(name)
            },
            span: self.sp(l),
        }
    }

    /// Move the where-clauses `<Self as Tr>::A: B` that [`Self::bounds_on`] made of a bound list's
    /// associated-type bounds back onto their bound `Tr` as `assoc_bounds` (`Tr<A: B>`).
    fn keep_assoc_bounds(&self, bounds: &mut [Bound], wcs: Vec<WhereClause>) -> Vec<WhereClause> {
        let mut rest = Vec::new();
        for w in wcs {
            let target = match &w.kind {
                WhereClauseKind::Implemented(tr) => match &tr.self_ty.kind {
                    TyKind::Projection {
                        trait_ref,
                        name,
                        args,
                    } if args.is_empty() => bounds.iter_mut().find_map(|b| match b {
                        Bound::Trait(tb) if tb.name.name == trait_ref.bound.name.name => {
                            Some((tb, name.clone(), tr.bound.clone()))
                        }
                        _ => None,
                    }),
                    _ => None,
                },
                _ => None,
            };
            match target {
                Some((tb, name, bound)) => {
                    let span = w.span.clone();
                    match tb
                        .assoc_bounds
                        .iter_mut()
                        .find(|a| a.name.name == name.name)
                    {
                        Some(a) => a.bounds.push(Bound::Trait(bound)),
                        None => tb.assoc_bounds.push(AssocBound {
                            name,
                            args: Vec::new(),
                            bounds: vec![Bound::Trait(bound)],
                            span,
                        }),
                    }
                }
                None => rest.push(w),
            }
        }
        rest
    }

    /// Bounds on `on`: the bound list, and the where clauses that associated-type bounds
    /// (`Iterator<Item: Clone>`) give: `<on as Iterator>::Item: Clone`.
    fn bounds_on<'b>(
        &mut self,
        on: &Ty,
        bounds: impl Iterator<Item = &'b syn::TypeParamBound>,
    ) -> Result<(Vec<Bound>, Vec<WhereClause>)> {
        let mut out = Vec::new();
        let mut wcs = Vec::new();
        for b in bounds {
            match b {
                syn::TypeParamBound::Trait(t) => {
                    let binders = self.bound_lifetimes(&t.lifetimes);
                    let maybe = matches!(t.modifier, syn::TraitBoundModifier::Maybe(_));
                    let (tb, extra) = self.trait_path(&t.path, binders, maybe, self.sp(t))?;
                    for (name, bs) in extra {
                        let span = name.span.clone();
                        let proj = Ty {
                            kind: TyKind::Projection {
                                trait_ref: Box::new(TraitRef {
                                    self_ty: on.clone(),
                                    bound: TraitBound {
                                        assoc: Vec::new(),
                                        ..tb.clone()
                                    },
                                    span: span.clone(),
                                }),
                                name,
                                args: Vec::new(),
                            },
                            span: span.clone(),
                        };
                        let (inner, more) = self.bounds_on(&proj, bs.iter())?;
                        for ib in inner {
                            let kind = match ib {
                                Bound::Trait(b) => WhereClauseKind::Implemented(TraitRef {
                                    self_ty: proj.clone(),
                                    span: b.span.clone(),
                                    bound: b,
                                }),
                                Bound::Outlives(l) => WhereClauseKind::TypeOutlives {
                                    ty: proj.clone(),
                                    lifetime: l,
                                },
                            };
                            wcs.push(WhereClause {
                                binders: Vec::new(),
                                kind,
                                span: span.clone(),
                            });
                        }
                        wcs.extend(more);
                    }
                    out.push(Bound::Trait(tb));
                }
                syn::TypeParamBound::Lifetime(l) => out.push(Bound::Outlives(self.lifetime(l))),
                // `use<..>` precise capturing and other bounds carry nothing knot models.
                _ => {}
            }
        }
        Ok((out, wcs))
    }

    /// A trait path as a bound, with its associated-type constraints (`Item: Clone`) apart.
    #[allow(clippy::type_complexity)]
    fn trait_path(
        &mut self,
        path: &syn::Path,
        binders: Vec<GenericParam>,
        maybe: bool,
        span: Span,
    ) -> Result<(TraitBound, Vec<(Ident, Vec<syn::TypeParamBound>)>)> {
        let mut segs: Vec<String> = Vec::new();
        if path.leading_colon.is_some() {
            segs.push(String::new());
        }
        for s in &path.segments {
            segs.push(s.ident.to_string());
        }
        let last = path
            .segments
            .last()
            .ok_or_else(|| self.err(path, "empty path"))?;
        let mut args = Vec::new();
        let mut assoc = Vec::new();
        let mut constraints = Vec::new();
        match &last.arguments {
            syn::PathArguments::None => {}
            syn::PathArguments::AngleBracketed(a) => {
                for arg in &a.args {
                    match arg {
                        syn::GenericArgument::AssocType(at) => {
                            let gargs = match &at.generics {
                                Some(g) => self.angle_args(&g.args)?,
                                None => Vec::new(),
                            };
                            assoc.push(AssocBinding {
                                name: self.ident(&at.ident),
                                args: gargs,
                                value: self.ty(&at.ty)?,
                                span: self.sp(at),
                            });
                        }
                        syn::GenericArgument::Constraint(c) => {
                            constraints
                                .push((self.ident(&c.ident), c.bounds.iter().cloned().collect()));
                        }
                        other => args.push(self.generic_arg(other)?),
                    }
                }
            }
            syn::PathArguments::Parenthesized(p) => {
                // `Fn(A, B) -> R` is `Fn<(A, B), Output = R>`.
                let mut ins = Vec::new();
                for t in &p.inputs {
                    ins.push(self.ty(t)?);
                }
                let pspan = self.sp(p);
                args.push(GenericArg::Ty(Ty {
                    kind: TyKind::Tuple(ins),
                    span: pspan.clone(),
                }));
                let out = match &p.output {
                    syn::ReturnType::Default => Ty {
                        kind: TyKind::Tuple(Vec::new()),
                        span: pspan.clone(),
                    },
                    syn::ReturnType::Type(_, t) => self.ty(t)?,
                };
                assoc.push(AssocBinding {
                    name: Ident {
                        name: "Output".into(),
                        span: pspan.clone(),
                    },
                    args: Vec::new(),
                    value: out,
                    span: pspan,
                });
            }
        }
        Ok((
            TraitBound {
                binders,
                maybe,
                name: Ident {
                    name: segs.join("::"),
                    span: self.sp(path),
                },
                args,
                assoc,
                assoc_bounds: Vec::new(),
                span,
            },
            constraints,
        ))
    }

    fn angle_args(
        &mut self,
        a: &syn::punctuated::Punctuated<syn::GenericArgument, syn::Token![,]>,
    ) -> Result<Vec<GenericArg>> {
        let mut out = Vec::new();
        for g in a {
            out.push(self.generic_arg(g)?);
        }
        Ok(out)
    }

    fn generic_arg(&mut self, g: &syn::GenericArgument) -> Result<GenericArg> {
        Ok(match g {
            syn::GenericArgument::Lifetime(l) => GenericArg::Lifetime(self.lifetime(l)),
            syn::GenericArgument::Type(t) => GenericArg::Ty(self.ty(t)?),
            syn::GenericArgument::Const(e) => match self.const_expr(e)? {
                ConstValue::Name(n) => GenericArg::Ty(self.named(&n.name, n.span.clone())),
                v => GenericArg::Const(v),
            },
            other => return Err(self.err(other, "unexpected generic argument")),
        })
    }

    fn const_expr(&mut self, e: &syn::Expr) -> Result<ConstValue> {
        match e {
            syn::Expr::Lit(syn::ExprLit {
                lit: syn::Lit::Int(i),
                ..
            }) => Ok(ConstValue::Value(
                i.base10_parse::<u128>()
                    .map_err(|_| self.err(i, "constant too large"))?,
                self.sp(i),
            )),
            syn::Expr::Path(p) if p.path.get_ident().is_some() => Ok(ConstValue::Name(
                self.ident(
                    p.path
                        .get_ident()
                        .unwrap_or_else(|| unreachable!("checked by the guard")),
                ),
            )),
            // A macro's `$n:expr` fragment is an invisible group.
            syn::Expr::Group(g) => self.const_expr(&g.expr),
            syn::Expr::Paren(p) => self.const_expr(&p.expr),
            syn::Expr::Block(b) if b.block.stmts.len() == 1 => match &b.block.stmts[0] {
                syn::Stmt::Expr(e, None) => self.const_expr(e),
                _ => self.opaque_const(e),
            },
            _ => self.opaque_const(e),
        }
    }

    /// A const expression knot does not evaluate: reading a crate whole, a constant known only by
    /// its text (equal to itself alone); otherwise an error.
    fn opaque_const(&mut self, e: &syn::Expr) -> Result<ConstValue> {
        if self.tree.is_none() {
            return Err(self.err(e, "knot reads only literal or named constants here"));
        }
        Ok(ConstValue::Name(Ident {
            name: format!("{{{}}}", tokens_text(&e.to_token_stream())),
            span: self.sp(e),
        }))
    }

    fn path_ty(&mut self, qself: Option<&syn::QSelf>, path: &syn::Path, span: Span) -> Result<Ty> {
        let segs: Vec<&syn::PathSegment> = path.segments.iter().collect();
        let mk_args = |cx: &mut Self, s: &syn::PathSegment| -> Result<Vec<GenericArg>> {
            match &s.arguments {
                syn::PathArguments::None => Ok(Vec::new()),
                syn::PathArguments::AngleBracketed(a) => {
                    let mut out = Vec::new();
                    for g in &a.args {
                        if let syn::GenericArgument::AssocType(_)
                        | syn::GenericArgument::Constraint(_) = g
                        {
                            return Err(cx.err(g, "associated type bindings belong to trait paths"));
                        }
                        out.push(cx.generic_arg(g)?);
                    }
                    Ok(out)
                }
                syn::PathArguments::Parenthesized(p) => {
                    Err(cx.err(p, "parenthesized arguments belong to Fn traits"))
                }
            }
        };
        let relative = |base: Ty, name: Ident, args: Vec<GenericArg>| Ty {
            kind: TyKind::TypeRelative {
                base: Box::new(base),
                name,
                args,
            },
            span: span.clone(),
        };
        if let Some(q) = qself {
            let base = self.ty(&q.ty)?;
            let mut ty = if q.position == 0 {
                base
            } else {
                let tpath = syn::Path {
                    leading_colon: path.leading_colon,
                    segments: segs[..q.position].iter().map(|s| (*s).clone()).collect(),
                };
                let (bound, _) = self.trait_path(&tpath, Vec::new(), false, span.clone())?;
                let s = segs
                    .get(q.position)
                    .ok_or_else(|| self.err(path, "expected an associated item"))?;
                let args = mk_args(self, s)?;
                Ty {
                    kind: TyKind::Projection {
                        trait_ref: Box::new(TraitRef {
                            self_ty: base,
                            bound,
                            span: span.clone(),
                        }),
                        name: self.ident(&s.ident),
                        args,
                    },
                    span: span.clone(),
                }
            };
            let from = if q.position == 0 { 0 } else { q.position + 1 };
            for s in &segs[from..] {
                let args = mk_args(self, s)?;
                ty = relative(ty, self.ident(&s.ident), args);
            }
            return Ok(ty);
        }
        if segs.len() == 1 && path.leading_colon.is_none() {
            if let syn::PathArguments::None = segs[0].arguments {
                if let Some(k) = scalar(&segs[0].ident.to_string()) {
                    return Ok(Ty { kind: k, span });
                }
            }
        }
        // The name as written up to the first segment with arguments; later segments are
        // associated items of that type.
        let cut = segs
            .iter()
            .position(|s| !matches!(s.arguments, syn::PathArguments::None))
            .unwrap_or(segs.len() - 1);
        let mut names: Vec<String> = Vec::new();
        if path.leading_colon.is_some() {
            names.push(String::new());
        }
        names.extend(segs[..=cut].iter().map(|s| s.ident.to_string()));
        let args = mk_args(self, segs[cut])?;
        let mut ty = Ty {
            kind: TyKind::Named {
                name: Ident {
                    name: names.join("::"),
                    span: span.clone(),
                },
                args,
            },
            span: span.clone(),
        };
        for s in &segs[cut + 1..] {
            let args = mk_args(self, s)?;
            ty = relative(ty, self.ident(&s.ident), args);
        }
        Ok(ty)
    }

    fn ty(&mut self, t: &syn::Type) -> Result<Ty> {
        use syn::Type as T;
        let span = self.ty_span(t);
        let kind = match t {
            T::Path(p) => return self.path_ty(p.qself.as_ref(), &p.path, span),
            T::Reference(r) => TyKind::Ref {
                lifetime: r.lifetime.as_ref().map(|l| self.lifetime(l)),
                mutability: if r.mutability.is_some() {
                    Mutability::Mut
                } else {
                    Mutability::Not
                },
                ty: Box::new(self.ty(&r.elem)?),
            },
            T::Ptr(p) => TyKind::RawPtr(
                if p.mutability.is_some() {
                    Mutability::Mut
                } else {
                    Mutability::Not
                },
                Box::new(self.ty(&p.elem)?),
            ),
            T::Slice(s) => TyKind::Slice(Box::new(self.ty(&s.elem)?)),
            T::Array(a) => TyKind::Array(Box::new(self.ty(&a.elem)?), self.const_expr(&a.len)?),
            T::Tuple(tt) => {
                let mut v = Vec::new();
                for e in &tt.elems {
                    v.push(self.ty(e)?);
                }
                TyKind::Tuple(v)
            }
            T::Never(_) => TyKind::Never,
            T::Paren(p) => return self.ty(&p.elem),
            T::Group(g) => return self.ty(&g.elem),
            T::TraitObject(o) => {
                let mut bounds = Vec::new();
                let mut lifetime = None;
                for b in &o.bounds {
                    match b {
                        syn::TypeParamBound::Trait(tb) => {
                            let binders = self.bound_lifetimes(&tb.lifetimes);
                            let (b, _) = self.trait_path(&tb.path, binders, false, self.sp(tb))?;
                            bounds.push(b);
                        }
                        syn::TypeParamBound::Lifetime(l) => lifetime = Some(self.lifetime(l)),
                        _ => {}
                    }
                }
                TyKind::Dyn { bounds, lifetime }
            }
            T::BareFn(f) => {
                let mut params = Vec::new();
                for a in &f.inputs {
                    params.push(self.ty(&a.ty)?);
                }
                TyKind::FnPtr(FnPtrTy {
                    lifetimes: f
                        .lifetimes
                        .as_ref()
                        .map(|b| {
                            b.lifetimes
                                .iter()
                                .filter_map(|p| match p {
                                    syn::GenericParam::Lifetime(l) => {
                                        Some(self.lifetime(&l.lifetime))
                                    }
                                    _ => None,
                                })
                                .collect()
                        })
                        .unwrap_or_default(),
                    is_unsafe: f.unsafety.is_some(),
                    abi: f
                        .abi
                        .as_ref()
                        .map(|a| a.name.as_ref().map_or("C".to_string(), |n| n.value())),
                    params,
                    variadic: f.variadic.is_some(),
                    ret: match &f.output {
                        syn::ReturnType::Default => None,
                        syn::ReturnType::Type(_, t) => Some(Box::new(self.ty(t)?)),
                    },
                })
            }
            T::ImplTrait(_) => {
                return Err(self.err(
                    t,
                    "`impl Trait` is only read in function signatures, which knot skips",
                ))
            }
            T::Infer(_) => return Err(self.err(t, "`_` is not a type knot can reason about")),
            T::Macro(_) => return Err(self.err(t, "a type macro cannot be expanded by knot")),
            _ => return Err(self.err(t, "unsupported type")),
        };
        Ok(Ty { kind, span })
    }
}

/// Give each elided (or `'_`) reference lifetime in `t` a name `'_elidedN` (iteratively).
fn name_elided(t: &mut Ty, fresh: &mut usize) {
    let mut stack = vec![t];
    while let Some(t) = stack.pop() {
        match &mut t.kind {
            TyKind::Ref { lifetime, ty, .. } => {
                let elided = match lifetime {
                    None => true,
                    Some(l) => matches!(&l.kind, LifetimeKind::Named(n) if n == "'_"),
                };
                if elided {
                    *lifetime = Some(Lifetime {
                        kind: LifetimeKind::Named(format!("'_elided{fresh}")),
                        span: t.span.clone(),
                    });
                    *fresh += 1;
                }
                stack.push(ty);
            }
            TyKind::Named { args, .. } => {
                for a in args {
                    match a {
                        GenericArg::Ty(x) => stack.push(x),
                        GenericArg::Lifetime(l) => {
                            if matches!(&l.kind, LifetimeKind::Named(n) if n == "'_") {
                                l.kind = LifetimeKind::Named(format!("'_elided{fresh}"));
                                *fresh += 1;
                            }
                        }
                        GenericArg::Const(_) => {}
                    }
                }
            }
            TyKind::Tuple(ts) => stack.extend(ts.iter_mut()),
            TyKind::Slice(x) | TyKind::Array(x, _) | TyKind::RawPtr(_, x) => stack.push(x),
            _ => {}
        }
    }
}
