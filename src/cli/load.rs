//! Loading a program file of either kind: `.pl` clauses, or a Rust-like `.rs` / `.chalk` program that
//! is lowered to clauses (`.rs` files get the std prelude of `rules/prelude.rs`).

use crate::error::{line_col, Error, Result};
use crate::lower::{lower_goal, lower_program, LowerOptions, Names};
use crate::program::{hide_quantified, mark_negations, Program};
use crate::syntax::ast;
use crate::syntax::clauses::{parse_clauses, parse_goal};
use crate::syntax::surface;
use crate::term::{Store, TermId};
use std::sync::Arc;

/// The std prelude for `.rs` files, in knot's surface language.
pub const PRELUDE: &str = include_str!(concat!(env!("CARGO_MANIFEST_DIR"), "/rules/prelude.rs"));

/// What kind of source a program came from.
pub enum Source {
    /// The clause language.
    Clauses,
    /// A lowered Rust-like program.
    Surface(Names),
}

/// A loaded program with its store.
pub struct Loaded {
    /// The interned terms.
    pub store: Store,
    /// The clauses.
    pub program: Program,
    /// The file name as given.
    pub file: Arc<str>,
    /// Clause file or lowered program.
    pub source: Source,
    /// The user's own items of a Rust-like program (without the prelude).
    pub ast: Option<ast::Program>,
    /// The strategy instance of the last goal solved on this program (see `solve_goal`).
    pub solver: crate::solve::KeptStrategy,
}

impl Loaded {
    /// How answers render in chalk's notation, for a goal whose existential variables are `vars`.
    pub fn render<'a>(&'a self, vars: &'a [Box<str>]) -> crate::lower::chalk::Render<'a> {
        crate::lower::chalk::Render {
            names: match &self.source {
                Source::Surface(n) => Some(n),
                Source::Clauses => None,
            },
            vars,
        }
    }

    /// Parse (and for Rust-like programs, lower) a goal. Returns the term and its variable names.
    pub fn parse_goal(&mut self, text: &str) -> Result<(TermId, Vec<Box<str>>)> {
        let items = match &self.source {
            Source::Clauses => None,
            Source::Surface(names) => Some(names),
        };
        parse_goal_for(&mut self.store, &self.program, items, text)
    }

    /// True for a lowered Rust-like program.
    pub fn is_surface(&self) -> bool {
        matches!(self.source, Source::Surface(_))
    }
}

/// Parse a goal for a program: Rust-like goal syntax, lowered, when the program's `items` are given;
/// the clause language, checked against the program's predicates, otherwise. Returns the term and the
/// names of its query variables.
pub(crate) fn parse_goal_for(
    store: &mut Store,
    program: &Program,
    items: Option<&Names>,
    text: &str,
) -> Result<(TermId, Vec<Box<str>>)> {
    let file: Arc<str> = "<goal>".into();
    let (goal, names) = match items {
        Some(items) => {
            let g = surface::parse_goal(&file, text)?;
            lower_goal(store, items, &g)?
        }
        None => {
            let (goal, mut names) = parse_goal(store, &file, text)?;
            hide_quantified(store, goal, &mut names);
            super::check_goal(store, program, goal)?;
            (goal, names)
        }
    };
    Ok((mark_negations(store, goal, goal), names))
}

/// Read a file as UTF-8, reporting the position of an invalid byte.
pub fn read_source(path: &str) -> Result<String> {
    let bytes = std::fs::read(path).map_err(|e| Error::Io {
        path: path.to_string(),
        message: e.to_string(),
    })?;
    String::from_utf8(bytes).map_err(|e| {
        let at = e.utf8_error().valid_up_to();
        let valid = std::str::from_utf8(&e.as_bytes()[..at]).unwrap_or("");
        let (line, col) = line_col(valid, at);
        Error::Io {
            path: format!("{path}:{line}:{col}"),
            message: "the file is not valid UTF-8".into(),
        }
    })
}

/// How to load a file.
#[derive(Clone, Debug, Default)]
pub struct LoadOptions {
    /// Lowering options (coinduction mode).
    pub lower: LowerOptions,
    /// Do not add the std prelude to `.rs` files.
    pub no_prelude: bool,
    /// Normalize associated types with the e-graph normalizer (`--normalize egraph`) instead of the
    /// `normalize/2` clauses alone.
    pub egraph: bool,
}

/// True when the path names a Rust-like program.
pub fn is_surface_path(path: &str) -> bool {
    let lower = path.to_ascii_lowercase();
    lower.ends_with(".rs") || lower.ends_with(".chalk")
}

/// Load a file of either kind.
pub fn load_file_with(path: &str, opts: &LoadOptions) -> Result<Loaded> {
    let src = read_source(path)?;
    let file: Arc<str> = path.into();
    if is_surface_path(path) {
        let prelude = path.to_ascii_lowercase().ends_with(".rs") && !opts.no_prelude;
        let mut loaded = load_surface(file, &src, prelude, &opts.lower)?;
        if opts.egraph {
            crate::normalize::EgraphNormalizer::install(
                &mut loaded.store,
                &mut loaded.program,
                Default::default(),
            );
        }
        return Ok(loaded);
    }
    load_clauses(file, &src)
}

/// Load clause-language text (a `.pl` file's contents).
pub fn load_clauses(file: Arc<str>, src: &str) -> Result<Loaded> {
    let mut store = Store::new();
    let items = parse_clauses(&mut store, &file, src)?;
    let mut program = Program::new();
    program.load_items(&mut store, items)?;
    program.sources.push(file.to_string());
    Ok(Loaded {
        store,
        program,
        file,
        source: Source::Clauses,
        ast: None,
        solver: None,
    })
}

/// Load a file with default options.
pub fn load_file(path: &str) -> Result<Loaded> {
    load_file_with(path, &LoadOptions::default())
}

/// Lower Rust-like program text (with the prelude when `prelude`). A `.rs` file is read as Rust
/// (`crate::syntax::rust`, falling back to the chalk-style grammar for chalk-only syntax), its paths
/// resolved against the std model (`crate::resolve`); a `.chalk` file is read by the chalk grammar.
pub fn load_surface(
    file: Arc<str>,
    src: &str,
    prelude: bool,
    lower: &LowerOptions,
) -> Result<Loaded> {
    if file.to_ascii_lowercase().ends_with(".rs") {
        return load_rust(file, src, prelude, lower);
    }
    let user = surface::parse_program(&file, src)?;
    let prog = if prelude {
        let pfile: Arc<str> = "rules/prelude.rs".into();
        let pre = surface::parse_program(&pfile, PRELUDE)?;
        with_prelude(user.clone(), pre)
    } else {
        user.clone()
    };
    let mut store = Store::new();
    let lowered = lower_program(&mut store, &prog, lower)?;
    let mut program = lowered.program;
    program.sources.push(file.to_string());
    Ok(Loaded {
        store,
        program,
        file,
        source: Source::Surface(lowered.names),
        ast: Some(user),
        solver: None,
    })
}

/// Load a `.rs` program: parse it as Rust, resolve its names against the std model, lower.
fn load_rust(file: Arc<str>, src: &str, prelude: bool, lower: &LowerOptions) -> Result<Loaded> {
    let user = match crate::syntax::rust::parse_crate(&file, src) {
        Ok(c) => c,
        Err(rust_err) => match surface::parse_program(&file, src) {
            Ok(p) => crate::resolve::flat_crate(p),
            // Neither Rust nor chalk's syntax: the chalk grammar's error (it names what it
            // expected); Rust's parser's is kept for when it read further.
            Err(chalk_err) => return Err(pick_error(rust_err, chalk_err)),
        },
    };
    let std = if prelude {
        Some(crate::resolve::std_model::std_crate()?)
    } else {
        None
    };
    let resolved = crate::resolve::Resolver::resolve(user, std)?;
    let mut store = Store::new();
    let lowered = lower_program(&mut store, &resolved.all, lower)?;
    let mut names = lowered.names;
    names.resolver = Some(Arc::new(resolved.resolver));
    let mut program = lowered.program;
    program.sources.push(file.to_string());
    Ok(Loaded {
        store,
        program,
        file,
        source: Source::Surface(names),
        ast: Some(resolved.user),
        solver: None,
    })
}

/// Of two syntax errors on one text, the one further into it.
fn pick_error(a: Error, b: Error) -> Error {
    let at = |e: &Error| match e {
        Error::Syntax { span, .. } => span.start,
        _ => 0,
    };
    if at(&a) > at(&b) {
        a
    } else {
        b
    }
}

/// The names an item declares.
fn declared_name(item: &ast::Item) -> Option<&str> {
    match &item.kind {
        ast::ItemKind::Struct(a) | ast::ItemKind::Enum(a) => Some(&a.name.name),
        ast::ItemKind::Trait(t) => Some(&t.name.name),
        ast::ItemKind::ForeignType(i) => Some(&i.name),
        _ => None,
    }
}

/// Every name an impl mentions (trait, self type and arguments), shallowly by text.
fn impl_mentions(item: &ast::Item, names: &[String]) -> bool {
    let ast::ItemKind::Impl(_) = &item.kind else {
        return false;
    };
    let text = format!("{:?}", item.kind);
    names
        .iter()
        .any(|n| text.contains(&format!("name: \"{n}\"")))
}

/// The user's items plus the prelude's, except prelude items the user declares again and prelude
/// impls that mention such a name.
fn with_prelude(user: ast::Program, prelude: ast::Program) -> ast::Program {
    let mine: Vec<String> = user
        .items
        .iter()
        .filter_map(declared_name)
        .map(String::from)
        .collect();
    let mut items: Vec<ast::Item> = prelude
        .items
        .into_iter()
        .filter(|it| match declared_name(it) {
            Some(n) => !mine.iter().any(|m| m == n),
            None => !impl_mentions(it, &mine),
        })
        .collect();
    items.extend(user.items);
    ast::Program { items }
}
