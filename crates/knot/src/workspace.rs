//! A toplevel's program (the REPL's): several files loaded together (`knot repl a.pl b.pl`, `[file].`), Rust items
//! typed in `:program` blocks, and clauses asserted or retracted in the session.
//!
//! Rust-like files and `:program` blocks are merged into one program and lowered once (with the std
//! prelude when a `.rs` file or a block is among them); the clauses of `.pl` files are added to the
//! result, in the order given.

use crate::error::{Error, Result};
use crate::load::{
    is_surface_path, load_file_with, load_surface, read_source, LoadOptions, Loaded, Source,
};
use crate::program::{Clause, Program};
use crate::syntax::clauses::parse_clauses;
use crate::term::unify::{Bindings, Ref, UnifyOptions};
use crate::term::{Store, TermId};
use std::sync::Arc;

/// Load `files` and `blocks` (Rust items typed in the session) as one program; `None` when there
/// is nothing to load.
pub fn load_all(
    files: &[String],
    blocks: &[String],
    lopts: &LoadOptions,
) -> Result<Option<Loaded>> {
    crate::artefacts::install();
    let mut loaded = if let ([file], []) = (files, blocks) {
        load_file_with(file, lopts)?
    } else {
        let (rust, clauses): (Vec<&String>, Vec<&String>) =
            files.iter().partition(|f| is_surface_path(f));
        let mut loaded = if rust.is_empty() && blocks.is_empty() {
            let Some(first) = clauses.first() else {
                return Ok(None);
            };
            Loaded {
                store: knot_rust::vocab::new_store(),
                program: Program::new(),
                file: first.as_str().into(),
                source: Source::Clauses,
                ast: None,
                library: None,
                solver: None,
                phases: Vec::new(),
            }
        } else {
            lower_merged(&rust, blocks, lopts)?
        };
        for f in clauses {
            let src = read_source(f)?;
            let file: Arc<str> = f.as_str().into();
            let items = parse_clauses(&mut loaded.store, &file, &src)?;
            loaded.program.load_items(&mut loaded.store, items)?;
            loaded.program.sources.push(f.clone());
        }
        loaded
    };
    if !loaded.is_surface() {
        if lopts.lower.coinductive_all {
            let preds = loaded.program.predicates(&loaded.store);
            loaded.program.coinductive.extend(preds);
        } else if lopts.lower.coinductive_none {
            loaded.program.coinductive.clear();
        }
    }
    Ok(Some(loaded))
}

/// Add the clauses of `text` (named `name` in messages, as SWI's `[user].` input) to a clause
/// program.
pub fn add_clause_text(loaded: &mut Loaded, name: &str, text: &str) -> Result<()> {
    let file: Arc<str> = name.into();
    let items = parse_clauses(&mut loaded.store, &file, text)?;
    loaded.program.load_items(&mut loaded.store, items)?;
    loaded.program.touch();
    Ok(())
}

/// Rust-like files and blocks merged into one program, lowered: their texts are read as one
/// program (named after the first file; locations in later files are offset by the earlier ones).
fn lower_merged(files: &[&String], blocks: &[String], lopts: &LoadOptions) -> Result<Loaded> {
    let mut src = String::new();
    for f in files {
        src.push_str(&read_source(f)?);
        src.push('\n');
    }
    for b in blocks {
        src.push_str(b);
        src.push('\n');
    }
    let prelude = !lopts.no_prelude
        && (files
            .iter()
            .any(|f| f.to_ascii_lowercase().ends_with(".rs"))
            || !blocks.is_empty());
    let rust = files
        .iter()
        .any(|f| f.to_ascii_lowercase().ends_with(".rs"))
        || files.is_empty();
    let file: Arc<str> = match files.first() {
        Some(f) if !rust || f.to_ascii_lowercase().ends_with(".rs") => f.as_str().into(),
        _ => "<program>.rs".into(),
    };
    let mut loaded = load_surface(file, &src, prelude, &lopts.lower)?;
    loaded.program.sources = files.iter().map(|f| f.to_string()).collect();
    if lopts.egraph {
        crate::normalize::EgraphNormalizer::install(
            &mut loaded.store,
            &mut loaded.program,
            Default::default(),
        );
    }
    Ok(loaded)
}

/// What a clause-database goal typed at the toplevel does.
pub enum DbEdit {
    /// `assert(C)`, `assertz(C)`: add at the end of its predicate.
    AssertZ(TermId),
    /// `asserta(C)`: add at the start.
    AssertA(TermId),
    /// `retract(C)`: remove the first clause that unifies.
    Retract(TermId),
}

/// Recognize `assert/1`, `asserta/1`, `assertz/1`, `retract/1` as the whole goal.
pub fn db_edit(store: &Store, goal: TermId) -> Option<DbEdit> {
    let (f, 1) = store.functor(goal)? else {
        return None;
    };
    let c = store.args(goal)[0];
    Some(match store.name(f) {
        "assert" | "assertz" => DbEdit::AssertZ(c),
        "asserta" => DbEdit::AssertA(c),
        "retract" => DbEdit::Retract(c),
        _ => return None,
    })
}

/// Apply an edit to a clause program; `Ok(false)` when a retract found no clause.
pub fn apply_db_edit(loaded: &mut Loaded, edit: DbEdit, var_names: Vec<Box<str>>) -> Result<bool> {
    if loaded.is_surface() {
        return Err(Error::Goal {
            code: "repl::not_clauses",
            message: "assert and retract change a clause program; add Rust items with :program"
                .into(),
        });
    }
    // Tables kept from earlier goals no longer hold.
    loaded.solver = None;
    match edit {
        DbEdit::AssertZ(c) => {
            loaded
                .program
                .add_clause_term(&mut loaded.store, c, var_names, None)?;
            Ok(true)
        }
        DbEdit::AssertA(c) => {
            let mut one = Program::new();
            one.add_clause_term(&mut loaded.store, c, var_names, None)?;
            let new = one.clauses()[0].clone();
            loaded.program = rebuild(&loaded.store, &loaded.program, None, Some(new))?;
            Ok(true)
        }
        DbEdit::Retract(c) => {
            let store = &mut loaded.store;
            let (head, body) = match store.view(c) {
                crate::term::View::App(crate::term::syms::NECK, a) if a.len() == 2 => (a[0], a[1]),
                _ => (c, store.atom(crate::term::syms::TRUE)),
            };
            let Some(pred) = store.functor(head) else {
                return Ok(false);
            };
            let opts = UnifyOptions::default();
            let n = if store.is_ground(c) {
                0
            } else {
                store.var_count(c)
            };
            let found = loaded.program.clauses_of(pred).iter().copied().find(|&ci| {
                let cl = loaded.program.clause(ci);
                let mut b = Bindings::new();
                let gb = b.alloc(n, 0);
                let cb = b.alloc(cl.nvars, 0);
                b.unify(store, Ref::new(head, gb), Ref::new(cl.head, cb), opts)
                    && b.unify(store, Ref::new(body, gb), Ref::new(cl.body_term, cb), opts)
            });
            let Some(ci) = found else {
                return Ok(false);
            };
            loaded.program = rebuild(&loaded.store, &loaded.program, Some(ci), None)?;
            Ok(true)
        }
    }
}

/// A copy of `old` without clause `skip`, with `first` placed before the other clauses of its
/// predicate.
fn rebuild(
    store: &Store,
    old: &Program,
    skip: Option<u32>,
    mut first: Option<Clause>,
) -> Result<Program> {
    let mut p = old.without_clauses();
    let first_pred = first.as_ref().and_then(|c| store.functor(c.head));
    if let Some(pred) = skip.and_then(|i| store.functor(old.clause(i).head)) {
        // A predicate stays known (dynamic) when its last clause is retracted, as in SWI.
        p.declared.insert(pred);
    }
    for (i, c) in old.clauses().iter().enumerate() {
        if Some(i as u32) == skip {
            continue;
        }
        if first.is_some() && store.functor(c.head) == first_pred {
            p.add_clause(store, first.take().expect("checked"))?;
        }
        p.add_clause(store, c.clone())?;
    }
    if let Some(c) = first {
        p.add_clause(store, c)?;
    }
    Ok(p)
}
