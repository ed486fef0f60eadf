//! Loading a program of either kind: `.pl` clauses, or a Rust-like `.rs` / `.chalk` program that is
//! lowered to clauses (`.rs` files get the std prelude of `rules/prelude.rs`, minus what the user's own
//! items hide). The library owns loading; the command line and the REPL call it.

use crate::error::{line_col, Error, Result};
use crate::lower::{lower_goal, lower_onto, lower_program, LowerOptions, Names};
use crate::program::{hide_quantified, mark_negations, Program};
use crate::solve::{reuse_strategy, Answer, AnswerRef, Goal, Limits, Outcome};
use crate::syntax::ast;
use crate::syntax::clauses::parse_goal;
use crate::syntax::surface;
use crate::term::{Store, TermId};
use knot_logic::clock::Instant;
use std::ops::ControlFlow;
use std::sync::Arc;
use std::time::Duration;

/// The std prelude for `.rs` files, in knot's surface language.
pub const PRELUDE: &str = include_str!(concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/../../rules/prelude.rs"
));

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
    pub(crate) ast: Option<ast::Program>,
    /// The std model's items lowered with a `.rs` program (`rules/std/*.rs`, resolved), for
    /// explanations that cite them.
    pub(crate) library: Option<Library>,
    /// The strategy instance of the last goal solved on this program (see `solve_goal`).
    pub(crate) solver: crate::solve::KeptStrategy,
    /// How long each phase of a `.rs` program's load took (`parse`, `resolve`, `lower`), for
    /// `--stats`; empty for other programs.
    pub phases: Vec<(&'static str, std::time::Duration)>,
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
            goal: None,
        }
    }

    /// [`Loaded::render`] for the answers of `goal` (their free variables' universes come from it).
    pub fn render_goal<'a>(
        &'a self,
        vars: &'a [Box<str>],
        goal: TermId,
    ) -> crate::lower::chalk::Render<'a> {
        crate::lower::chalk::Render {
            goal: Some(goal),
            ..self.render(vars)
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

    /// The load's located warnings (`file:line:col: warning: ...`): what the front end read but does
    /// not model (a skipped macro invocation or derive, an ignored attribute or import), and directives
    /// of a clause file that knot accepts but cannot honour. An answer may depend on what they name.
    pub fn warnings(&self) -> &[String] {
        &self.program.warnings
    }

    /// True for a lowered Rust-like program.
    pub fn is_surface(&self) -> bool {
        matches!(self.source, Source::Surface(_))
    }

    /// The limits a goal on this program gets under `strategy` unless told otherwise:
    /// [`Limits::default`], with [`TRAIT_GOAL_MAX_DEPTH`] as the derivation depth of `sld` on a
    /// Rust-like program.
    pub fn default_limits(&self, strategy: &str) -> Limits {
        default_limits(self.is_surface(), strategy)
    }

    /// A `?-` query of a clause file made ready to solve, as a goal typed at the prompt is: the names
    /// of its query variables (without those quantified inside it), and the goal checked against the
    /// program's predicates, with its negations marked.
    pub fn prepare_query(
        &mut self,
        goal: TermId,
        var_names: &[Box<str>],
    ) -> (Vec<Box<str>>, Result<TermId>) {
        let mut names = var_names.to_vec();
        hide_quantified(&self.store, goal, &mut names);
        let checked = crate::builtins::check_goal(&self.store, &self.program, goal)
            .map(|_| mark_negations(&mut self.store, goal, goal));
        (names, checked)
    }

    /// Check a Rust-like program's impls for coherence (overlaps with witnesses, orphan impls) under
    /// `limits`; `None` for a clause program, which has no impls.
    pub fn check_coherence(
        &mut self,
        limits: &crate::solve::Limits,
    ) -> Option<Result<Vec<crate::coherence::Violation>>> {
        let (Source::Surface(names), Some(items)) = (&self.source, &self.ast) else {
            return None;
        };
        let library = self.library.as_ref().map(Library::items);
        // A package's dependency crates (items marked `#[upstream]`) are checked as the std
        // model's are: impls another crate wrote, which the package's own impls must not overlap.
        if items.items.iter().any(|it| it.attr("upstream").is_some()) {
            let (own, deps): (Vec<ast::Item>, Vec<ast::Item>) = items
                .items
                .iter()
                .cloned()
                .partition(|it| it.attr("upstream").is_none());
            let mut lib = library.cloned().unwrap_or_default();
            lib.items.extend(deps);
            return Some(crate::coherence::check(
                &mut self.store,
                &self.program,
                names,
                &ast::Program { items: own },
                Some(&lib),
                limits,
            ));
        }
        Some(crate::coherence::check(
            &mut self.store,
            &self.program,
            names,
            items,
            library,
            limits,
        ))
    }

    /// The items an explanation cites by their source text: the user's own, and the std model's (whose
    /// text is built in; a user file's is read from disk).
    pub fn source_items(&self) -> crate::explain::items::Items {
        let mut programs = Vec::new();
        programs.extend(self.ast.as_ref());
        programs.extend(self.library.as_ref().map(Library::items));
        crate::explain::items::Items::collect(&programs, &|file| {
            library_source(file)
                .map(String::from)
                .or_else(|| std::fs::read_to_string(file).ok())
        })
    }
}

/// The std model's resolved items, as a loaded `.rs` program keeps them for explanations.
pub(crate) enum Library {
    /// Resolved with the program.
    Items(ast::Program),
    /// Those of the std image (`std_image.rs`), decoded when first asked for.
    Image,
}

impl Library {
    /// The items.
    pub(crate) fn items(&self) -> &ast::Program {
        match self {
            Library::Items(p) => p,
            Library::Image => crate::std_image::library(),
        }
    }
}

/// False when the environment sets `KNOT_STD_IMAGE=off`: the std model is then lowered with each
/// program, as when the image is stale (to compare the two, or to time the lowering).
fn use_std_image() -> bool {
    std::env::var_os("KNOT_STD_IMAGE").map_or(true, |v| v != "off")
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
            crate::builtins::check_goal(store, program, goal)?;
            (goal, names)
        }
    };
    Ok((mark_negations(store, goal, goal), names))
}

/// Read a file as UTF-8, reporting the position of an invalid byte. Only a regular file (or a link
/// to one) is read: a device (`/dev/zero`), a FIFO or a socket is refused at once, naming the file,
/// since reading it may never end (a FIFO with no writer blocks; `/dev/zero` never ends).
pub fn read_source(path: &str) -> Result<String> {
    let io = |message: String| Error::Io {
        path: path.to_string(),
        message,
    };
    let meta = std::fs::metadata(path).map_err(|e| io(e.to_string()))?;
    if !meta.is_file() {
        return Err(io(format!("not a regular file ({})", file_kind(&meta))));
    }
    let bytes = std::fs::read(path).map_err(|e| io(e.to_string()))?;
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

/// What a path that is no regular file names, in words.
fn file_kind(meta: &std::fs::Metadata) -> &'static str {
    let t = meta.file_type();
    if t.is_dir() {
        return "a directory";
    }
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt;
        if t.is_fifo() {
            return "a FIFO";
        }
        if t.is_char_device() {
            return "a character device";
        }
        if t.is_block_device() {
            return "a block device";
        }
        if t.is_socket() {
            return "a socket";
        }
    }
    "of another kind"
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
    /// For a package (a directory with a `Cargo.toml`): which package, which features.
    pub package: crate::package::PackageOptions,
}

/// The deepest derivation depth-first search (`sld`) explores by default on a Rust-like program
/// (the tabled strategies cut cycles and keep [`Limits::default`]). rustc stops at its
/// recursion limit, 128 nested obligations, and reports overflow (E0275); a lowered obligation
/// takes a few derivation steps (its impl, where-clauses, well-formedness, normalization), so 4,096
/// leaves room for what rustc proves while a goal that recurses without end (the README's
/// `Link<MyWrapper>: Debug` under sld) overflows in a fraction of a second rather than after
/// 100,000 levels of a growing type. `--max-depth` overrides it.
pub const TRAIT_GOAL_MAX_DEPTH: u32 = 4096;

/// The deepest derivation the search graph (`recursive`) explores by default on a Rust-like
/// program. Its cycle detection closes every cycle of equal goals, so only a goal that grows without
/// end goes this deep (`S<T>: Tr` needing `S<S<T>>: Tr` ..), and each level re-reads the growing
/// goal: 1,024 levels take 0.15 s where 4,096 took 2.5. chalk's recursive solver stops at 100
/// levels of its own (`overflow_depth`), rustc at 128; chalk's whole suite passes from 64 on.
/// `--max-depth` overrides it.
pub const RECURSIVE_MAX_DEPTH: u32 = 1024;

/// [`Loaded::default_limits`] for a program of either kind. A Prolog program unifies without the
/// occurs check, as SWI-Prolog does (`X = f(X)` makes a rational tree); a Rust-like program keeps it
/// (a type is a finite tree).
pub fn default_limits(surface: bool, strategy: &str) -> Limits {
    let mut l = Limits {
        occurs_check: surface,
        ..Limits::default()
    };
    if surface && strategy == "sld" {
        l.max_depth = TRAIT_GOAL_MAX_DEPTH;
    }
    if surface && strategy == "recursive" {
        l.max_depth = RECURSIVE_MAX_DEPTH;
    }
    l
}

/// True when the path names a Rust-like program.
pub fn is_surface_path(path: &str) -> bool {
    let lower = path.to_ascii_lowercase();
    lower.ends_with(".rs") || lower.ends_with(".chalk")
}

/// Load a file of either kind.
pub fn load_file_with(path: &str, opts: &LoadOptions) -> Result<Loaded> {
    crate::artefacts::install();
    if let Some(manifest) = crate::package::manifest_of(path) {
        return load_package(&manifest, &opts.package, opts);
    }
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
    crate::artefacts::install();
    let mut store = knot_rust::vocab::new_store();
    let mut program = Program::new();
    program.dialect.unknown_error = true;
    // A big file is mostly facts, one per line: room for a clause per line, so loading does not
    // copy the clause list as it grows (the copy made the peak memory; the parser reserves terms).
    if src.len() > 1 << 20 {
        program.reserve(src.bytes().filter(|&b| b == b'\n').count() + 1);
    }
    crate::syntax::clauses::parse_clauses_each(&mut store, &file, src, |store, item| {
        // A clause for a built-in is refused (SWI-Prolog: a permission error, loading goes on).
        if let Some(w) = crate::program::builtin_clause_warning(store, &item) {
            program.warnings.push(w);
            return Ok(());
        }
        program.load_item(store, item)
    })?;
    crate::program::load_library(&mut store, &mut program)?;
    program.sources.push(file.to_string());
    Ok(Loaded {
        store,
        program,
        file,
        source: Source::Clauses,
        ast: None,
        library: None,
        solver: None,
        phases: Vec::new(),
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
    crate::artefacts::install();
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
    let mut store = knot_rust::vocab::new_store();
    // `.rs` programs follow rustc where it differs from chalk (implicit `Sized`, implied bounds).
    let mut lower = lower.clone();
    lower.rust_rules |= file.to_ascii_lowercase().ends_with(".rs");
    let lowered = lower_program(&mut store, &prog, &lower)?;
    let mut program = lowered.program;
    program
        .warnings
        .extend(crate::lower::unknown_attribute_warnings(&user));
    program.sources.push(file.to_string());
    Ok(Loaded {
        store,
        program,
        file,
        source: Source::Surface(lowered.names),
        ast: Some(user),
        library: None,
        solver: None,
        phases: Vec::new(),
    })
}

/// Load a `.rs` program: parse it as Rust, resolve its names against the std model, lower.
fn load_rust(file: Arc<str>, src: &str, prelude: bool, lower: &LowerOptions) -> Result<Loaded> {
    load_rust_with(file, src, prelude, lower, use_std_image())
}

/// Load a Cargo package (`manifest`: its `Cargo.toml`): its own crate read whole with its
/// dependency crates (`package.rs`), resolved and lowered as one `.rs` program.
pub fn load_package(
    manifest: &std::path::Path,
    popts: &crate::package::PackageOptions,
    opts: &LoadOptions,
) -> Result<Loaded> {
    crate::artefacts::install();
    let start = Instant::now();
    let read = crate::package::read_package(manifest, popts)?;
    let file = read.file.clone();
    let mut loaded = load_rust_parsed(
        file,
        "",
        Some((read.user, read.package)),
        !opts.no_prelude,
        &opts.lower,
        use_std_image(),
    )?;
    loaded.phases.insert(0, ("read package", start.elapsed()));
    if opts.egraph {
        crate::normalize::EgraphNormalizer::install(
            &mut loaded.store,
            &mut loaded.program,
            Default::default(),
        );
    }
    Ok(loaded)
}

/// [`load_rust`], on the std image when `image` (and the image is usable for the program).
pub(crate) fn load_rust_with(
    file: Arc<str>,
    src: &str,
    prelude: bool,
    lower: &LowerOptions,
    image: bool,
) -> Result<Loaded> {
    load_rust_parsed(file, src, None, prelude, lower, image)
}

/// [`load_rust_with`], or, given `package`, a package's crate (already read) with its
/// dependency crates.
fn load_rust_parsed(
    file: Arc<str>,
    src: &str,
    package: Option<(crate::syntax::rust::RawCrate, crate::resolve::Package)>,
    prelude: bool,
    lower: &LowerOptions,
    image: bool,
) -> Result<Loaded> {
    crate::artefacts::install();
    let (given, package) = match package {
        Some((u, p)) => (Some(u), p),
        None => (None, crate::resolve::Package::default()),
    };
    let given = std::sync::Mutex::new(given);
    let mut phases = Vec::new();
    let mut clock = Instant::now();
    let mut phase = |name: &'static str| {
        phases.push((name, clock.elapsed()));
        clock = Instant::now();
    };
    let parse_text = || match crate::syntax::rust::parse_crate(&file, src) {
        Ok(c) => Ok(c),
        Err(rust_err) => match surface::parse_program(&file, src) {
            Ok(p) => Ok(crate::resolve::flat_crate(p)),
            // Neither Rust nor chalk's syntax: the chalk grammar's error (it names what it
            // expected); Rust's parser's is kept for when it read further.
            Err(chalk_err) => Err(pick_error(rust_err, chalk_err)),
        },
    };
    let parse = || -> Result<crate::syntax::rust::RawCrate> {
        if let Some(u) = given.lock().ok().and_then(|mut g| g.take()) {
            return Ok(u);
        }
        parse_text()
    };
    // The std model resolved and lowered ahead of time (decoded and copied on another thread while
    // the program is parsed), used when the program cannot change it.
    let (user, prepared) = if prelude && image {
        std::thread::scope(|s| -> Result<_> {
            let worker = std::thread::Builder::new().spawn_scoped(s, crate::std_image::prepare);
            let user = parse()?;
            let prepared = match worker {
                Ok(h) => h.join().ok().flatten(),
                Err(_) => crate::std_image::prepare(),
            };
            Ok((user, prepared))
        })?
    } else {
        (parse()?, None)
    };
    // `.rs` programs follow rustc where it differs from chalk (implicit `Sized`, implied bounds).
    let mut lower = lower.clone();
    lower.rust_rules = true;
    phase("parse");
    let image = prepared.filter(|_| crate::std_image::usable(&user, &lower));
    let (mut store, lowered, resolved, library) = match image {
        Some(std) => {
            let resolved =
                crate::resolve::Resolver::resolve_package(Some(std.resolver), user, None, package)?;
            phase("resolve");
            let mut store = std.store;
            let lowered = lower_onto(&mut store, std.lowered, &resolved.user, &lower)?;
            phase("lower");
            (store, lowered, resolved, Some(Library::Image))
        }
        None => {
            let std = if prelude {
                Some(crate::resolve::std_model::std_crate()?)
            } else {
                None
            };
            let mut resolved = crate::resolve::Resolver::resolve_package(None, user, std, package)?;
            phase("resolve");
            let mut store = knot_rust::vocab::new_store();
            // The std model's items, then the program's, lowered together; moved, not copied.
            let std_len = resolved.library.items.len();
            let mut all = std::mem::take(&mut resolved.library);
            all.items.append(&mut resolved.user.items);
            let lowered = lower_program(&mut store, &all, &lower)?;
            resolved.user.items = all.items.split_off(std_len);
            let library = prelude.then_some(Library::Items(all));
            phase("lower");
            (store, lowered, resolved, library)
        }
    };
    let mut program = lowered.program;
    if prelude {
        crate::lower::rust_mode::self_type_ambiguous(&mut store, &lowered.names, &mut program);
    }
    // A crate read in part: its own types and traits may have impls in what was not read.
    for n in &resolved.open {
        let f = store.sym(n);
        program.open.insert(f);
    }
    // The front end's located warnings on the user's own text (`macro invocation skipped`,
    // `#[cfg] not evaluated`, an import knot does not model, an attribute it ignores), kept with the
    // program's so that every client can show them.
    let mut warnings: Vec<String> = resolved
        .resolver
        .warnings
        .iter()
        .filter(|(span, _)| !span.file.starts_with("rules/"))
        .map(|(span, msg)| format!("{span}: warning: {msg}"))
        .collect();
    warnings.extend(crate::lower::unknown_attribute_warnings(&resolved.user));
    warnings.append(&mut program.warnings);
    program.warnings = warnings;
    let mut names = lowered.names;
    names.resolver = Some(Arc::new(resolved.resolver));
    program.sources.push(file.to_string());
    Ok(Loaded {
        store,
        program,
        file,
        source: Source::Surface(names),
        library,
        ast: Some(resolved.user),
        solver: None,
        phases,
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

/// True when an impl names one of `names` (as its trait, or as a type or trait anywhere in its trait
/// reference, where-clauses or associated values), other than through its own generic parameters:
/// found by walking the AST's names, never by searching text.
fn impl_mentions(item: &ast::Item, names: &[String]) -> bool {
    let ast::ItemKind::Impl(imp) = &item.kind else {
        return false;
    };
    let mut own: Vec<&str> = imp.params.iter().map(|p| p.name.name.as_str()).collect();
    for v in &imp.assoc_values {
        own.extend(v.params.iter().map(|p| p.name.name.as_str()));
    }
    for wc in &imp.where_clauses {
        own.extend(wc.binders.iter().map(|p| p.name.name.as_str()));
    }
    let mut found = false;
    let mut hit = |n: &str| {
        if !own.contains(&n) && names.iter().any(|m| m == n) {
            found = true;
        }
    };
    let mut tys: Vec<&ast::Ty> = Vec::new();
    let mut bounds: Vec<&ast::TraitBound> = Vec::new();
    let mut wcs: Vec<&ast::WhereClause> = imp.where_clauses.iter().collect();
    tys.push(&imp.trait_ref.self_ty);
    bounds.push(&imp.trait_ref.bound);
    for v in &imp.assoc_values {
        tys.push(&v.value);
        wcs.extend(v.where_clauses.iter());
    }
    for wc in wcs {
        match &wc.kind {
            ast::WhereClauseKind::Implemented(tr) => {
                tys.push(&tr.self_ty);
                bounds.push(&tr.bound);
            }
            ast::WhereClauseKind::TypeOutlives { ty, .. } => tys.push(ty),
            ast::WhereClauseKind::LifetimeOutlives { .. } => {}
        }
    }
    loop {
        if let Some(b) = bounds.pop() {
            hit(&b.name.name);
            push_args(&b.args, &mut tys);
            for a in &b.assoc {
                push_args(&a.args, &mut tys);
                tys.push(&a.value);
            }
            continue;
        }
        let Some(t) = tys.pop() else { break };
        match &t.kind {
            ast::TyKind::Named { name, args } => {
                hit(&name.name);
                push_args(args, &mut tys);
            }
            ast::TyKind::Projection {
                trait_ref, args, ..
            } => {
                tys.push(&trait_ref.self_ty);
                bounds.push(&trait_ref.bound);
                push_args(args, &mut tys);
            }
            ast::TyKind::TypeRelative { base, args, .. } => {
                tys.push(base);
                push_args(args, &mut tys);
            }
            ast::TyKind::Tuple(ts) => tys.extend(ts.iter()),
            ast::TyKind::Slice(t) | ast::TyKind::Array(t, _) | ast::TyKind::RawPtr(_, t) => {
                tys.push(t)
            }
            ast::TyKind::Ref { ty, .. } => tys.push(ty),
            ast::TyKind::Dyn { bounds: bs, .. } => bounds.extend(bs.iter()),
            ast::TyKind::FnPtr(f) => {
                tys.extend(f.params.iter());
                tys.extend(f.ret.as_deref());
            }
            ast::TyKind::Scalar(_) | ast::TyKind::Str | ast::TyKind::Never => {}
        }
    }
    found
}

/// The types among generic arguments.
fn push_args<'a>(args: &'a [ast::GenericArg], tys: &mut Vec<&'a ast::Ty>) {
    for a in args {
        if let ast::GenericArg::Ty(t) = a {
            tys.push(t);
        }
    }
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
        .map(|mut it| {
            it.mark_upstream();
            it
        })
        .collect();
    items.extend(user.items);
    ast::Program { items }
}

/// The result of solving one goal: answers kept for printing, the count, the outcome.
pub struct Solved {
    /// Answers (interned): every one when asked for, else the first distinct ones (at most
    /// `MAX_DISTINCT` + 2, enough for aggregation to see a cut).
    pub answers: Vec<Answer>,
    /// How many answers there were.
    pub count: u64,
    /// How the search ended.
    pub outcome: Outcome,
    /// Wall-clock time.
    pub elapsed: Duration,
}

/// Solve a goal with a strategy, keeping answers as `keep_all` says and calling `each` on every answer.
#[allow(clippy::too_many_arguments)]
pub fn solve_goal(
    loaded: &mut Loaded,
    goal: TermId,
    nvars: u32,
    strategy: &str,
    limits: &crate::solve::Limits,
    keep_all: bool,
    count_only: bool,
    each: &mut dyn FnMut(&Store, &Answer) -> ControlFlow<()>,
) -> Result<Solved> {
    // The strategy instance of the previous goal on this program is reused (the recursive
    // strategy's cache of completed results carries over: the REPL asks many goals).
    let name = strategy;
    let mut strategy = reuse_strategy(&mut loaded.solver, name).ok_or_else(|| Error::Goal {
        code: "cli::strategy",
        message: format!("unknown strategy {name}"),
    })?;
    let g = Goal { term: goal, nvars };
    let start = Instant::now();
    let mut answers: Vec<Answer> = Vec::new();
    // Without `keep_all`, distinct answers are kept up to one more than aggregation generalizes
    // over, so that it sees when the set was cut (and gives no definite guidance then).
    let mut seen: rustc_hash::FxHashMap<TermId, usize> = Default::default();
    let keep = crate::solve::aggregate::MAX_DISTINCT + 2;
    let mut count: u64 = 0;
    let outcome = {
        let mut on_answer = |store: &mut Store, a: AnswerRef<'_>| {
            count += 1;
            if count_only {
                return ControlFlow::Continue(());
            }
            let a = a.intern(store);
            if keep_all {
                answers.push(a);
            } else if let Some(&i) = seen.get(&a.values) {
                // Found again: it is certain if either copy is (one may have been found past
                // an undecided goal).
                answers[i].ambiguous &= a.ambiguous;
            } else if answers.len() < keep {
                seen.insert(a.values, answers.len());
                answers.push(a);
            }
            each(store, &a)
        };
        strategy.solve(
            &mut loaded.store,
            &loaded.program,
            &g,
            limits,
            &mut on_answer,
        )
    };
    loaded.solver = Some((name.to_string(), strategy));
    Ok(Solved {
        answers,
        count,
        outcome,
        elapsed: start.elapsed(),
    })
}

/// The text of a file of knot's own rules or std model (`rules/std/vec.rs`, `rules/prelude.rs`,
/// `rules/lang.pl`...), as built into the binary; `None` for any other path.
pub fn library_source(path: &str) -> Option<&'static str> {
    if path == "rules/prelude.rs" {
        return Some(PRELUDE);
    }
    if let Some((_, text)) = knot_rust::rules::ALL.iter().find(|(n, _)| *n == path) {
        return Some(text);
    }
    crate::resolve::std_model::file_source(path)
}

/// The clauses of a loaded program with their directives, as a `.pl` file that loads back.
pub fn program_text(loaded: &Loaded, path: &str) -> String {
    crate::render::clauses_text(&loaded.store, &loaded.program, path)
}
