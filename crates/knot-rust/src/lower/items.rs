//! One lowering function per item kind. Each doc comment shows the clauses produced, named after the
//! rules of chalk's `program_clauses.rs`.

use super::names::Names;
use super::types::{Cx, SCALARS};
use super::LowerOptions;
use crate::error::{Result, Span};
use crate::program::Program;
use crate::syntax::ast::{self, AdtDef, ImplDef, ItemKind, Polarity, TraitDef, TyKind};
use crate::term::{syms, Store, Sym, TermId};

/// Collects clauses and predicate declarations.
pub struct Out<'p> {
    program: &'p mut Program,
}

impl Out<'_> {
    pub fn clause(
        &mut self,
        cx: &mut Cx<'_>,
        head: TermId,
        body: &[TermId],
        span: &Span,
    ) -> Result<()> {
        let term = if body.is_empty() {
            head
        } else {
            let b = cx.conj(body);
            cx.store.app(syms::NECK, &[head, b])
        };
        let names = cx.var_names();
        self.program
            .add_clause_term(cx.store, term, names, Some(span.clone()))
    }
}

/// The predicate of a trait: `'Tr'/(1 + params)`.
fn trait_pred(store: &mut Store, names: &Names, t: &str) -> (crate::term::Sym, u32) {
    let n = names.traits.get(t).map(|i| i.params.len()).unwrap_or(0) as u32 + 1;
    (store.sym(t), n)
}

/// Lower every item, then declare the predicates tabled (and coinductive where they are). `first`:
/// the program has no items yet, so the clauses every program has (rules files, lang-item
/// bridges, the built-in types' auto-trait and coherence rules) are added too.
pub fn lower_items(
    store: &mut Store,
    names: &Names,
    prog: &ast::Program,
    opts: &LowerOptions,
    program: &mut Program,
    first: bool,
) -> Result<()> {
    let mut out = Out { program };
    // Each trait's definition by name (the first of a name), looked up once per impl.
    let mut trait_defs: rustc_hash::FxHashMap<&str, &TraitDef> = Default::default();
    for item in &prog.items {
        if let ItemKind::Trait(t) = &item.kind {
            trait_defs.entry(t.name.name.as_str()).or_insert(t);
        }
    }
    for item in &prog.items {
        match &item.kind {
            ItemKind::Struct(a) => {
                adt(store, names, a, &item.span, &mut out)?;
                pointee_metadata(store, names, a, &item.span, &mut out)?;
                if tail_sized(names, item) {
                    struct_sized(store, names, a, &item.span, &mut out)?;
                }
                super::unsize::struct_clause(store, names, a, &item.span, &mut out)?;
            }
            ItemKind::Enum(a) => adt(store, names, a, &item.span, &mut out)?,
            ItemKind::Trait(t) => {
                if item.attr(ast::UNSEEN_ATTR).is_some() {
                    // Its impls and supertraits are not seen: every call of it may hold
                    // (`Program::open`).
                    let f = store.sym(&t.name.name);
                    out.program.open.insert(f);
                }
                let object_safe = item.attr("object_safe").is_some();
                trait_decl(store, names, t, object_safe, &item.span, &mut out)?
            }
            ItemKind::Impl(i) => {
                impl_decl(store, names, &trait_defs, i, opts, &item.span, &mut out)?
            }
            ItemKind::Clause(c) => program_clause(store, names, c, &mut out)?,
            ItemKind::ForeignType(_) => {}
            // Nothing is known of it: no clause, and every call that mentions it may hold by
            // clauses not seen (`Program::open`).
            ItemKind::External(e) => {
                let f = store.sym(&e.name.name);
                out.program.open.insert(f);
            }
            ItemKind::OpaqueType(o) => {
                super::opaque::opaque_type(store, names, prog, o, &item.span, &mut out)?
            }
            ItemKind::FnDef(f) => super::callable::fn_def(store, names, f, &item.span, &mut out)?,
            ItemKind::Closure(c) => {
                super::callable::closure(store, names, c, &item.span, &mut out)?
            }
            ItemKind::Coroutine(c) => {
                super::coroutine::coroutine(store, names, c, &item.span, &mut out)?
            }
        }
    }
    for t in &names.trait_order {
        let info = &names.traits[t];
        if info.auto {
            auto_trait_builtins(store, names, t, prog, &mut out, first)?;
        }
    }
    super::coherence::coherence_rules(store, names, prog, &mut out, first)?;
    builtin_rules(store, names, prog, out.program, first)?;
    let program = out.program;
    for t in &names.trait_order {
        let p = trait_pred(store, names, t);
        program.tabled.insert(p);
        program.declared.insert(p);
        let info = &names.traits[t];
        if info.auto || info.non_enumerable || info.lang.is_some() {
            // chalk: which types implement an auto trait, a built-in (lang item) trait or a
            // `#[non_enumerable]` one cannot be listed; `?T: Send` flounders.
            program.non_enumerable.insert(p);
        }
        if !opts.coinductive_none && (opts.coinductive_all || info.auto || info.coinductive) {
            program.coinductive.insert(p);
        }
    }
    for (name, n) in [
        ("normalize", 2),
        ("alias_eq", 2),
        ("from_env", 1),
        ("from_env_ty", 1),
        ("well_formed", 1),
        ("well_formed_ty", 1),
    ] {
        let p = (store.sym(name), n);
        program.tabled.insert(p);
        program.declared.insert(p);
        if name == "well_formed_ty" {
            // `WellFormed(?T)` flounders (chalk answers it ambiguously): the well-formed types of an
            // unknown type cannot be listed (tuples of every arity over every type).
            program.non_enumerable.insert(p);
        }
    }
    // Predicates a program may have no clauses for (known, so that a `.pl` reload of the lowered
    // program does not call them undefined): the goal modes' hypotheses and the Unsize facts.
    for (name, n) in [
        (super::coherence::COMPATIBLE, 0),
        (super::opaque::REVEAL, 0),
    ]
    .into_iter()
    .chain(super::unsize::FACT_PREDICATES)
    {
        let p = (store.sym(name), n);
        program.declared.insert(p);
    }
    for (name, n) in super::coherence::PREDICATES {
        let p = (store.sym(name), n);
        program.tabled.insert(p);
        program.declared.insert(p);
        if n == 1 && name != "local_impl_allowed" {
            program.non_enumerable.insert(p);
        }
    }
    let all = program.predicates(store);
    program.tabled.extend(all);
    Ok(())
}

/// The built-in rules of `rules/builtin.pl` and `rules/lang.pl`, bridged to the program's lang-item
/// traits; every ADT is `Sized`; foreign types are well-formed.
fn builtin_rules(
    store: &mut Store,
    names: &Names,
    prog: &ast::Program,
    program: &mut Program,
    first: bool,
) -> Result<()> {
    if first {
        rules_files(store, names, program)?;
    }
    item_facts(store, names, prog, program)
}

/// knot's rules files and the lang-item bridges of the program's lang-item traits.
fn rules_files(store: &mut Store, names: &Names, program: &mut Program) -> Result<()> {
    // Each rules file is parsed under its own name (so that a cited `rules/lang.pl:N` is that line
    // of that file); the lang-item bridges generated for this program are parsed under a name of their
    // own.
    // The Unsize rules only for a program with a `#[lang(unsize)]` trait to bridge them to.
    let unsize = super::unsize::has_unsize(names);
    use crate::rules::{BUILTIN, LANG, UNSIZE};
    let rules = [BUILTIN, LANG, UNSIZE];
    for (name, src) in &rules[..if unsize { 3 } else { 2 }] {
        let items = crate::syntax::clauses::parse_library_clauses(store, name, src)?;
        program.load_items(store, items)?;
    }
    // The lang-item bridges are a few clauses of text; the facts of the program's own items
    // (hundreds with the std model) are built as terms.
    let text = super::lang::bridges(names);
    let file: std::sync::Arc<str> = GENERATED_RULES.into();
    let items = crate::syntax::clauses::parse_clauses(store, &file, &text)?;
    program.load_items(store, items)
}

/// Every ADT is `Sized` (or as its last field), has a discriminant type; foreign types are well
/// formed.
fn item_facts(
    store: &mut Store,
    names: &Names,
    prog: &ast::Program,
    program: &mut Program,
) -> Result<()> {
    let lang_sized = store.sym("$lang_sized");
    let discriminant = store.sym("$discriminant");
    let well_formed_ty = store.sym("well_formed_ty");
    let mut facts = Vec::new();
    // `Name(P, ..)`: an item's type with a variable per generic parameter, and their names.
    let open_ty = |store: &mut Store, name: &str, params: &[ast::GenericParam]| {
        let f = store.sym(name);
        let names: Vec<Box<str>> = params
            .iter()
            .map(|p| p.name.name.trim_start_matches('\'').into())
            .collect();
        if params.is_empty() {
            return (store.atom(f), names);
        }
        let vars: Vec<TermId> = (0..params.len() as u32).map(|i| store.var(i)).collect();
        (store.app(f, &vars), names)
    };
    let mut fact = |store: &mut Store, f: Sym, args: &[TermId], names: &[Box<str>], span: &Span| {
        let term = store.app(f, args);
        facts.push(crate::syntax::clauses::Item {
            kind: crate::syntax::clauses::ItemKind::Clause,
            term,
            var_names: names.to_vec(),
            // Located at the item they are about: `knot lower` lists them under it and an
            // explanation cites it.
            span: span.clone(),
        });
    };
    for item in &prog.items {
        match &item.kind {
            ItemKind::Struct(a) | ItemKind::Enum(a) => {
                let (ty, vars) = open_ty(store, &a.name.name, &a.params);
                // A struct with fields is sized when its last field is (`struct_sized`).
                let has_fields = matches!(&item.kind, ItemKind::Struct(a)
                    if a.variants.first().is_some_and(|v| !v.fields.is_empty()));
                if !has_fields || !tail_sized(names, item) {
                    fact(store, lang_sized, &[ty], &vars, &item.span);
                }
                // `DiscriminantKind::Discriminant`: an enum's `#[repr(int)]` (`isize` without one),
                // `u8` for a struct.
                let disc = match (&item.kind, item.attr("repr").and_then(|r| r.args.as_ref())) {
                    (ItemKind::Enum(_), Some(args)) => args
                        .iter()
                        .map(|a| a.name.as_str())
                        .find(|a| SCALARS.contains(a))
                        .unwrap_or("isize"),
                    (ItemKind::Enum(_), None) => "isize",
                    _ => "u8",
                };
                let disc = store.atom_named(disc);
                fact(store, discriminant, &[ty, disc], &vars, &item.span);
            }
            ItemKind::FnDef(_) | ItemKind::Closure(_) => {
                let Some((name, params)) = item.kind.type_name_and_params() else {
                    continue;
                };
                let (ty, vars) = open_ty(store, &name.name, params);
                let u8_ = store.atom_named("u8");
                fact(store, discriminant, &[ty, u8_], &vars, &item.span);
            }
            ItemKind::ForeignType(id) => {
                let (ty, vars) = open_ty(store, &id.name, &[]);
                fact(store, well_formed_ty, &[ty], &vars, &item.span);
            }
            _ => {}
        }
    }
    program.load_items(store, facts)
}

/// The file name of the lang-item bridges generated for a program: not a file on disk. (The
/// `Sized`, discriminant and well-formedness facts of its items are located at the items.)
pub const GENERATED_RULES: &str = "<generated: lang-item bridges and item facts>";

/// `struct S<P> where WC { f: F }`:
/// - WellFormed-Type: `well_formed_ty('S'(P)) :- well_formed(WC).` (a trait bound's own where-clauses too)
/// - Implied-Bound-From-Type: `from_env(WCi) :- from_env_ty('S'(P)).`
/// - Auto traits (for each auto trait `A` with no impl of its own for `S`): `'A'('S'(P)) :- 'A'(F)..`
fn adt(store: &mut Store, names: &Names, a: &AdtDef, span: &Span, out: &mut Out<'_>) -> Result<()> {
    let mut cx = Cx::new(store, names);
    let self_ty = cx.item_type(&a.name.name, &a.params);
    let mut wc_goals = Vec::new();
    for wc in &a.where_clauses {
        wc_goals.extend(cx.where_clause(wc)?);
    }
    wc_goals.extend(cx.param_bounds(&a.params)?);
    wc_goals.extend(cx.implicit_sized(&a.params, &a.where_clauses));
    let wf = cx.store.sym("well_formed_ty");
    let head = cx.store.app(wf, &[self_ty]);
    // chalk: `WellFormed(S) :- WellFormed(WC)`: a trait bound must itself be well formed (its
    // trait's where-clauses hold too), not only implemented.
    let well_formed = cx.store.sym("well_formed");
    let wf_body: Vec<TermId> = wc_goals
        .iter()
        .map(|&g| match cx.store.functor(g) {
            Some((f, _)) if cx.names.traits.contains_key(cx.store.name(f)) => {
                cx.store.app(well_formed, &[g])
            }
            _ => g,
        })
        .collect();
    out.clause(&mut cx, head, &wf_body, span)?;
    let from_env_ty = cx.store.sym("from_env_ty");
    let from_env = cx.store.sym("from_env");
    let fe = cx.store.app(from_env_ty, &[self_ty]);
    for &g in &wc_goals {
        if let Some((f, _)) = cx.store.functor(g) {
            if cx.names.traits.contains_key(cx.store.name(f)) {
                let h = cx.store.app(from_env, &[g]);
                out.clause(&mut cx, h, &[fe], span)?;
            }
        }
    }
    Ok(())
}

/// A struct's pointer metadata is that of its last field (the only one that may be unsized):
/// `'$pointee_metadata'('S'(P), M) :- '$pointee_metadata'(Last, M).`, or `()` without fields.
fn pointee_metadata(
    store: &mut Store,
    names: &Names,
    a: &AdtDef,
    span: &Span,
    out: &mut Out<'_>,
) -> Result<()> {
    let mut cx = Cx::new(store, names);
    let self_ty = cx.item_type(&a.name.name, &a.params);
    let m = cx.fresh("M");
    let last = match a.variants.first().and_then(|v| v.fields.last()) {
        Some(f) => Some(cx.ty(&f.ty)?),
        None => None,
    };
    let mut body: Vec<TermId> = std::mem::take(&mut cx.pending);
    match last {
        Some(t) => body.push(cx.app("$pointee_metadata", &[t, m])),
        None => {
            let unit = cx.app("$tuple", &[]);
            body.push(cx.store.app(syms::EQ, &[m, unit]));
        }
    }
    let head = cx.app("$pointee_metadata", &[self_ty, m]);
    out.clause(&mut cx, head, &body, span)
}

/// Whether struct `item` is sized by its last field: not for the std model's own structs (`Box<T>`
/// is modelled with a field `T`, for its auto traits), which are sized facts, unless that field is
/// a slice, `str` or a `dyn` type (`OsStr`, `Path`, `CStr` are unsized).
fn tail_sized(names: &Names, item: &ast::Item) -> bool {
    if !(names.rust_rules && item.attr("upstream").is_some()) {
        return true;
    }
    let ItemKind::Struct(a) = &item.kind else {
        return false;
    };
    a.variants
        .first()
        .and_then(|v| v.fields.last())
        .is_some_and(|f| {
            matches!(
                f.ty.kind,
                TyKind::Slice(_) | TyKind::Str | TyKind::Dyn { .. }
            )
        })
}

/// A struct with fields is sized when its last field is (the others must be, for it to be well
/// formed): `'$lang_sized'('S'(P)) :- '$sized'(Last).` (chalk's and rustc's rule).
fn struct_sized(
    store: &mut Store,
    names: &Names,
    a: &AdtDef,
    span: &Span,
    out: &mut Out<'_>,
) -> Result<()> {
    let Some(last) = a.variants.first().and_then(|v| v.fields.last()) else {
        return Ok(());
    };
    let mut cx = Cx::new(store, names);
    let self_ty = cx.item_type(&a.name.name, &a.params);
    let t = cx.ty(&last.ty)?;
    let mut body: Vec<TermId> = std::mem::take(&mut cx.pending);
    body.push(cx.app("$sized", &[t]));
    let head = cx.app("$lang_sized", &[self_ty]);
    out.clause(&mut cx, head, &body, span)
}

/// The field types of an ADT, lowered in a fresh context whose parameters are `ps`.
fn field_types(cx: &mut Cx<'_>, a: &AdtDef) -> Result<Vec<TermId>> {
    let mut tys = Vec::new();
    for v in &a.variants {
        for f in &v.fields {
            tys.push(cx.ty(&f.ty)?);
        }
    }
    Ok(tys)
}

/// Auto trait `A`: structural impls for every ADT without an impl of `A` of its own, and for the
/// built-in types (scalars, `str`, `!`, tuples, references, pointers, slices, arrays).
fn auto_trait_builtins(
    store: &mut Store,
    names: &Names,
    t: &str,
    prog: &ast::Program,
    out: &mut Out<'_>,
    builtin_types: bool,
) -> Result<()> {
    let tsym = store.sym(t);
    // The type constructors with an impl (positive or negative) of the trait of their own, found in
    // one pass: such an impl replaces the structural rule for its constructor, as in rustc.
    let own: rustc_hash::FxHashSet<String> = prog
        .items
        .iter()
        .filter_map(|it| match &it.kind {
            ItemKind::Impl(i) if i.trait_ref.bound.name.name == t => {
                ctor_key(&i.trait_ref.self_ty.kind)
            }
            _ => None,
        })
        .collect();
    let def = prog.items.iter().find_map(|item| match &item.kind {
        ItemKind::Trait(d) if d.name.name == t => Some(d),
        _ => None,
    });
    // An auto trait's supertraits are required of every type it holds for structurally.
    let supers = |cx: &mut Cx<'_>, ty: TermId| -> Result<Vec<TermId>> {
        match def {
            Some(d) if !d.supertraits.is_empty() || !d.where_clauses.is_empty() => {
                let tr = cx.store.app(tsym, &[ty]);
                trait_where_clauses(cx, d, tr)
            }
            _ => Ok(Vec::new()),
        }
    };
    for item in &prog.items {
        let (ItemKind::Struct(a) | ItemKind::Enum(a)) = &item.kind else {
            continue;
        };
        if own.contains(a.name.name.as_str()) {
            continue;
        }
        let mut cx = Cx::new(store, names);
        let self_ty = cx.item_type(&a.name.name, &a.params);
        // `#[phantom_data] struct PhantomData<T>`: holds what its parameters hold (chalk's rule).
        let tys = if item.attr("phantom_data").is_some() {
            let ps: Vec<TermId> = cx.store.args(self_ty).to_vec();
            ps
        } else {
            field_types(&mut cx, a)?
        };
        let mut body: Vec<TermId> = std::mem::take(&mut cx.pending);
        for ty in tys {
            body.push(cx.store.app(tsym, &[ty]));
        }
        body.extend(supers(&mut cx, self_ty)?);
        let head = cx.store.app(tsym, &[self_ty]);
        out.clause(&mut cx, head, &body, &item.span)?;
    }
    if !builtin_types {
        return Ok(());
    }
    let span = Span::default();
    for s in SCALARS.iter().chain(["str", "!"].iter()) {
        if own.contains(*s) {
            continue;
        }
        let mut cx = Cx::new(store, names);
        let ty = cx.store.atom_named(s);
        let head = cx.store.app(tsym, &[ty]);
        let body = supers(&mut cx, ty)?;
        out.clause(&mut cx, head, &body, &span)?;
    }
    // std's tuple impls reach 12 elements; the auto traits' structural rule goes to 16.
    for arity in 0..=16u32 {
        if own.contains(&format!("$tuple/{arity}")) {
            continue;
        }
        let mut cx = Cx::new(store, names);
        let vs: Vec<TermId> = (0..arity).map(|i| cx.fresh(&format!("T{i}"))).collect();
        let tup = cx.store.sym("$tuple");
        let ty = cx.store.app(tup, &vs);
        let head = cx.store.app(tsym, &[ty]);
        let mut body: Vec<TermId> = vs.iter().map(|&v| cx.store.app(tsym, &[v])).collect();
        body.extend(supers(&mut cx, ty)?);
        out.clause(&mut cx, head, &body, &span)?;
    }
    for (ctor, n) in [
        ("$ref", 2),
        ("$refmut", 2),
        ("$ptr", 1),
        ("$ptrmut", 1),
        ("$slice", 1),
        ("$array", 2),
    ] {
        if own.contains(ctor) {
            continue;
        }
        let mut cx = Cx::new(store, names);
        let vs: Vec<TermId> = (0..n).map(|i| cx.fresh(&format!("T{i}"))).collect();
        let c = cx.store.sym(ctor);
        let ty = cx.store.app(c, &vs);
        let inner = if ctor.starts_with("$ref") {
            vs[1]
        } else {
            vs[0]
        };
        let head = cx.store.app(tsym, &[ty]);
        let mut body = vec![cx.store.app(tsym, &[inner])];
        body.extend(supers(&mut cx, ty)?);
        out.clause(&mut cx, head, &body, &span)?;
    }
    // Function pointers carry no data of their argument or return types.
    if !own.contains("$fn") {
        for n in [2, 3] {
            let mut cx = Cx::new(store, names);
            let vs: Vec<TermId> = (0..n).map(|i| cx.fresh(&format!("T{i}"))).collect();
            let c = cx.store.sym("$fn");
            let ty = cx.store.app(c, &vs);
            let head = cx.store.app(tsym, &[ty]);
            let body = supers(&mut cx, ty)?;
            out.clause(&mut cx, head, &body, &span)?;
        }
    }
    Ok(())
}

/// The type constructor of a self type, as the auto-trait rules name it: an ADT's name, a scalar's,
/// `str`, `!`, `$tuple/N`, `$ref`, `$refmut`, `$ptr`, `$ptrmut`, `$slice`, `$array`, `$fn`.
fn ctor_key(t: &TyKind) -> Option<String> {
    Some(match t {
        TyKind::Named { name, .. } => name.name.clone(),
        TyKind::Scalar(s) => super::types::scalar_name(*s).to_string(),
        TyKind::Str => "str".into(),
        TyKind::Never => "!".into(),
        TyKind::Tuple(ts) => format!("$tuple/{}", ts.len()),
        TyKind::Slice(_) => "$slice".into(),
        TyKind::Array(..) => "$array".into(),
        TyKind::RawPtr(m, _) => if *m == ast::Mutability::Mut {
            "$ptrmut"
        } else {
            "$ptr"
        }
        .into(),
        TyKind::Ref { mutability, .. } => if *mutability == ast::Mutability::Mut {
            "$refmut"
        } else {
            "$ref"
        }
        .into(),
        TyKind::FnPtr(_) => "$fn".into(),
        _ => return None,
    })
}

/// `trait Tr<P> where WC { type A<Q>: B; }`:
/// - Implemented-From-Env: `'Tr'(Self, P) :- from_env('Tr'(Self, P)).`
/// - Implied-Bound-From-Trait: `from_env(WCi) :- from_env('Tr'(Self, P)).` (supertraits included)
/// - WellFormed-TraitRef: `well_formed('Tr'(Self, P)) :- 'Tr'(Self, P), WC.`
/// - AliasEq-Normalize: `alias_eq('$assoc'(Tr, 'A'(Q)), U) :- normalize('$assoc'(Tr, 'A'(Q)), U).`
/// - AliasEq-Placeholder: `alias_eq('$assoc'(Tr, 'A'(Q)), '$alias'(Tr, 'A'(Q))) :- '$fallback'.`
///   (a default clause: see `'$fallback'` in the README)
/// - Implied-Bound-From-AssocTy: `from_env('B'('$alias'(Tr, 'A'(Q)))) :- from_env(Tr).`
///
/// In chalk's semantics (`.chalk`) also: `from_env('B'(X)) :- alias_eq(Assoc, X), from_env(Tr).`
/// (the bound of whatever type an assumed `T: Tr<A = X>` names) and, for each where-clause `WC2`
/// of the associated type, `from_env(WC2) :- from_env_ty('$alias'(Tr, 'A'(Q))).` A higher-ranked
/// bound or where-clause is implied with its binders as clause variables.
fn trait_decl(
    store: &mut Store,
    names: &Names,
    t: &TraitDef,
    object_safe: bool,
    span: &Span,
    out: &mut Out<'_>,
) -> Result<()> {
    let mut cx = Cx::new(store, names);
    let tr = cx.trait_self_ref(t);
    let self_v = cx.store.args(tr)[0];
    let from_env = cx.store.sym("from_env");
    let fe = cx.store.app(from_env, &[tr]);
    out.clause(&mut cx, tr, &[fe], span)?;
    // Each bound of the trait: the alias equalities of its projections, what it says, and whether
    // `Self: Tr` implies it (chalk: every where-clause; rustc: only bounds on `Self`).
    let mut bounds: Vec<(Vec<TermId>, Vec<TermId>, bool)> = Vec::new();
    // A higher-ranked bound (`forall<'a> Self: Foo<'a>`) is implied for every value of its binders:
    // its implied-bound clauses have them as clause variables (chalk's lowering); the bound itself,
    // in the well-formedness clause, stays under its binder.
    let mut implied_only: Vec<(Vec<TermId>, Vec<TermId>, bool)> = Vec::new();
    for b in &t.supertraits {
        if let ast::Bound::Trait(tb) = b {
            if tb.maybe {
                continue;
            }
            let mark = cx.mark();
            let vars = cx.bind_bound_binders(tb);
            let before = cx.pending.len();
            let (g, eqs) = cx.trait_ref(self_v, tb)?;
            let pre: Vec<TermId> = cx.pending.drain(before..).collect();
            cx.restore(mark);
            let mut says = vec![g];
            says.extend(eqs);
            if vars.is_empty() {
                bounds.push((pre, says, true));
            } else {
                let mut all = pre.clone();
                all.extend(says.iter().copied());
                let body = cx.conj(&all);
                let l = cx.store.list(&vars, None);
                bounds.push((
                    Vec::new(),
                    vec![cx.store.app(syms::FORALL, &[l, body])],
                    true,
                ));
                implied_only.push((pre, says, true));
            }
        }
    }
    for wc in &t.where_clauses {
        let on_self = !names.rust_rules
            || (wc.binders.is_empty()
                && matches!(&wc.kind, ast::WhereClauseKind::Implemented(tr)
                    if matches!(&tr.self_ty.kind,
                        TyKind::Named { name, args } if args.is_empty() && name.name == "Self")));
        let mark = cx.mark();
        let vars = cx.bind_where_clause_binders(wc);
        let (pre, says) = cx.where_clause_parts(wc)?;
        cx.restore(mark);
        if vars.is_empty() {
            bounds.push((pre, says, on_self));
        } else {
            bounds.push((Vec::new(), cx.where_clause(wc)?, on_self));
            implied_only.push((pre, says, on_self));
        }
    }
    let alias_eq = cx.store.sym("alias_eq");
    for (pre, says, implied) in bounds.iter().chain(&implied_only) {
        if !implied {
            continue;
        }
        let mut body = vec![fe];
        body.extend(pre.iter().copied());
        for &g in says {
            if let Some((f, _)) = cx.store.functor(g) {
                if cx.names.traits.contains_key(cx.store.name(f)) {
                    let h = cx.store.app(from_env, &[g]);
                    out.clause(&mut cx, h, &body, span)?;
                } else if f == alias_eq {
                    // `trait Bar: Foo<A = ()>`: in an environment where `T: Bar`, `<T as Foo>::A = ()`.
                    out.clause(&mut cx, g, &body, span)?;
                }
            }
        }
    }
    let wcs: Vec<TermId> = bounds
        .iter()
        .flat_map(|(pre, says, _)| pre.iter().chain(says.iter()).copied())
        .collect();
    let wf = cx.store.sym("well_formed");
    let wfh = cx.store.app(wf, &[tr]);
    let mut body = vec![tr];
    body.extend(wcs.iter().copied());
    out.clause(&mut cx, wfh, &body, span)?;
    // A bound with a projection in it is left out of the `dyn` clauses (its alias equalities are
    // about `Self`, not the `dyn` type).
    let dyn_wcs: Vec<TermId> = bounds
        .iter()
        .filter(|(pre, _, implied)| pre.is_empty() && *implied)
        .flat_map(|(_, says, _)| says.iter().copied())
        .collect();
    dyn_clauses(&mut cx, t, tr, &dyn_wcs, span, out)?;
    let auto = names.traits.get(&t.name.name).is_some_and(|i| i.auto);
    super::unsize::trait_facts(&mut cx, tr, &dyn_wcs, auto, object_safe, span, out)?;
    for a in &t.assoc_types {
        let mark = cx.mark();
        let qs = cx.bind_params(&a.params);
        let asym = cx.store.sym(&a.name.name);
        let item = cx.store.app(asym, &qs);
        let assoc_s = cx.store.sym("$assoc");
        let alias_s = cx.store.sym("$alias");
        let assoc = cx.store.app(assoc_s, &[tr, item]);
        let alias = cx.store.app(alias_s, &[tr, item]);
        let u = cx.fresh("U");
        let ae = cx.store.sym("alias_eq");
        let nz = cx.store.sym("normalize");
        let h = cx.store.app(ae, &[assoc, u]);
        let b = cx.store.app(nz, &[assoc, u]);
        out.clause(&mut cx, h, &[b], &a.span)?;
        // The rigid alias is the default: under `recursive` a normalization found by an impl or
        // the environment takes precedence over it (chalk's low-priority clause).
        let h = cx.store.app(ae, &[assoc, alias]);
        let fallback = cx.store.atom(syms::FALLBACK);
        out.clause(&mut cx, h, &[fallback], &a.span)?;
        // Item bounds `type A: B<X, C = V>`: implied for the rigid alias, with the alias equalities
        // of projections in `X` and `V` as conditions and the bindings implied too.
        for bd in &a.bounds {
            if let ast::Bound::Trait(tb) = bd {
                if tb.maybe {
                    continue;
                }
                // (`type A: forall<'a> Fn<&'a T>`: implied for every `'a`.)
                let inner = cx.mark();
                cx.bind_bound_binders(tb);
                let before = cx.pending.len();
                let (g, eqs) = cx.trait_ref(alias, tb)?;
                cx.restore(inner);
                let mut body = vec![fe];
                body.extend(cx.pending.drain(before..).collect::<Vec<_>>());
                let h = cx.store.app(from_env, &[g]);
                out.clause(&mut cx, h, &body, &a.span)?;
                if !names.rust_rules {
                    // The bound holds for whatever type the environment says the projection is:
                    // with `T: Foo<Item<U> = V>` assumed, `V: B`. (chalk gets this by unifying the
                    // clause's alias with `V`, which asks `AliasEq(<T as Foo>::Item<U> = V)`
                    // before the clause's body: so here too, or `from_env('Tr'(?T))` would list
                    // every type the environment implies `Tr` for, a chain without end when the
                    // bound's trait implies `Tr` again.)
                    let x = cx.fresh("X");
                    let mark = cx.mark();
                    cx.bind_bound_binders(tb);
                    let before = cx.pending.len();
                    let (gx, _) = cx.trait_ref(x, tb)?;
                    cx.restore(mark);
                    let mut body = vec![cx.store.app(ae, &[assoc, x]), fe];
                    body.extend(cx.pending.drain(before..).collect::<Vec<_>>());
                    let h = cx.store.app(from_env, &[gx]);
                    out.clause(&mut cx, h, &body, &a.span)?;
                }
                for e in eqs {
                    let h = if cx.is_trait_goal(e) {
                        cx.store.app(from_env, &[e])
                    } else {
                        e
                    };
                    out.clause(&mut cx, h, &body, &a.span)?;
                }
            }
        }
        if !names.rust_rules {
            // The projection type in the environment (`FromEnv(<T as Tr>::A<Q>)`) implies the
            // associated type's own where-clauses, as chalk's assumed `FromEnv` of a type does.
            let fty = cx.store.sym("from_env_ty");
            let env_alias = cx.store.app(fty, &[alias]);
            for wc in &a.where_clauses {
                let mark = cx.mark();
                cx.bind_where_clause_binders(wc);
                let (pre, says) = cx.where_clause_parts(wc)?;
                cx.restore(mark);
                let mut body = vec![env_alias];
                body.extend(pre);
                for g in says {
                    if cx.is_trait_goal(g) {
                        let h = cx.store.app(from_env, &[g]);
                        out.clause(&mut cx, h, &body, &a.span)?;
                    }
                }
            }
        }
        // Rust: an associated type is `Sized` unless its bounds say `?Sized`.
        let relaxed = a
            .bounds
            .iter()
            .any(|b| matches!(b, ast::Bound::Trait(tb) if tb.maybe));
        if let (Some(sized), false) = (cx.sized_trait(), relaxed) {
            let g = cx.app(sized, &[alias]);
            let h = cx.store.app(from_env, &[g]);
            out.clause(&mut cx, h, &[fe], &a.span)?;
        }
        cx.restore(mark);
    }
    Ok(())
}

/// A `dyn` type (`'$dyn'(Bounds, L)`, see `Cx::dyn_ty`) implements the traits it lists and, through
/// them, their supertraits; its associated-type bindings (and its supertraits' bindings) normalize its
/// projections. Each clause applies only when the self type is known to be a `dyn` type:
/// - `'Tr'(D, P) :- nonvar(D), D = '$dyn'(Bs, L), '$dyn_bound'(Bs, 'Tr'('$self', P)).`
/// - `'Sup'(D, X) :- nonvar(D), D = '$dyn'(Bs, L), 'Tr'(D, P).` for each `Self: Sup<X>` of `Tr`
/// - `normalize('$assoc'('Sup'(D, X), 'A'), V) :- ..., 'Tr'(D, P).` for each `Self: Sup<X, A = V>`
/// - `normalize('$assoc'('Tr'(D, P), 'A'), V) :- ..., '$dyn_assoc'(Bs, 'Tr'('$self', P), 'A', V).`
fn dyn_clauses(
    cx: &mut Cx<'_>,
    t: &TraitDef,
    tr: TermId,
    wcs: &[TermId],
    span: &Span,
    out: &mut Out<'_>,
) -> Result<()> {
    let self_v = cx.store.args(tr)[0];
    let bs = cx.fresh("Bs");
    let l = cx.fresh("L");
    let dyn_s = cx.store.sym("$dyn");
    let d = cx.store.app(dyn_s, &[bs, l]);
    let me = cx.store.atom_named("$self");
    let head = with_self(cx.store, tr, d);
    let listed = with_self(cx.store, tr, me);
    // Only for a self type known to be a `dyn` type: an unknown one is not enumerated as one.
    let d_var = cx.fresh("D");
    let head_var = with_self(cx.store, tr, d_var);
    let nonvar = cx.store.app(crate::term::syms::NONVAR, &[d_var]);
    let is_dyn = cx.store.app(crate::term::syms::EQ, &[d_var, d]);
    let member = cx.store.sym("$dyn_bound");
    let body = cx.store.app(member, &[bs, listed]);
    let mut goals = vec![nonvar, is_dyn, body];
    // The bindings a `dyn` type carries satisfy the associated types' bounds (rustc rejects
    // `dyn Mark<Elem = u8>: Mark` when `type Elem: Probe` and `u8: Probe` fails): for each bound
    // item, `('$dyn_assoc'(Bs, Tr, A, V) -> Bounds(V) ; true)`.
    for a in t.assoc_types.iter().filter(|a| a.params.is_empty()) {
        let v = cx.fresh("V");
        let mut checks = Vec::new();
        for b in &a.bounds {
            if let ast::Bound::Trait(tb) = b {
                let (g, eqs) = cx.trait_ref(v, tb)?;
                checks.push(g);
                checks.extend(eqs);
            }
        }
        let Some((&last, init)) = checks.split_last() else {
            continue;
        };
        let conj = init.iter().rev().fold(last, |acc, &g| {
            cx.store.app(crate::term::syms::COMMA, &[g, acc])
        });
        let item = cx.store.atom_named(&a.name.name);
        let da = cx.store.sym("$dyn_assoc");
        let lookup = cx.store.app(da, &[bs, listed, item, v]);
        let then = cx.store.app(crate::term::syms::ARROW, &[lookup, conj]);
        let tru = cx.store.atom(crate::term::syms::TRUE);
        goals.push(cx.store.app(crate::term::syms::SEMI, &[then, tru]));
    }
    out.clause(cx, head_var, &goals, span)?;
    let alias_eq = cx.store.sym("alias_eq");
    let assoc_s = cx.store.sym("$assoc");
    let nz = cx.store.sym("normalize");
    for &g in wcs {
        let Some((gf, _)) = cx.store.functor(g) else {
            continue;
        };
        let args = cx.store.args(g).to_vec();
        if gf == alias_eq {
            // `trait Bar: Foo<A = ()>`: `<dyn Bar as Foo>::A` normalizes to `()`.
            let (assoc, v) = (args[0], args[1]);
            let (sup_ref, item) = (cx.store.args(assoc)[0], cx.store.args(assoc)[1]);
            if cx.store.args(sup_ref).first() != Some(&self_v) {
                continue;
            }
            let sup = with_self(cx.store, sup_ref, d_var);
            let assoc = cx.store.app(assoc_s, &[sup, item]);
            let h = cx.store.app(nz, &[assoc, v]);
            out.clause(cx, h, &[nonvar, is_dyn, head], span)?;
            continue;
        }
        if args.first() != Some(&self_v) || !cx.names.traits.contains_key(cx.store.name(gf)) {
            continue;
        }
        let sup = with_self(cx.store, g, d_var);
        out.clause(cx, sup, &[nonvar, is_dyn, head], span)?;
    }
    // (Guarded like the others: with an unknown self type the lookup would enumerate every list of
    // bounds, an endless table.)
    for a in t.assoc_types.iter().filter(|a| a.params.is_empty()) {
        let item = cx.store.atom_named(&a.name.name);
        let assoc = cx.store.app(assoc_s, &[head_var, item]);
        let v = cx.fresh("V");
        let h = cx.store.app(nz, &[assoc, v]);
        let da = cx.store.sym("$dyn_assoc");
        let b = cx.store.app(da, &[bs, listed, item, v]);
        out.clause(cx, h, &[nonvar, is_dyn, b], &a.span)?;
    }
    Ok(())
}

/// The trait reference `t` with `s` for its self type (first argument).
fn with_self(store: &mut Store, t: TermId, s: TermId) -> TermId {
    let (f, _) = store.functor(t).expect("a trait reference");
    let mut a = store.args(t).to_vec();
    a[0] = s;
    store.app(f, &a)
}

/// `impl<P> Tr<A> for T where WC { type X<Q> = V where WC2; }`:
/// - Implemented-From-Impl: `'Tr'(T, A) :- WC.` (nothing for a negative impl `impl !Tr for T`)
/// - Normalize-From-Impl: `normalize('$assoc'('Tr'(T, A), 'X'(Q)), V) :- WC, WC2.`
///
/// When `Tr` is coinductive, the impl clause also proves the trait's supertraits and where-clauses for
/// `T`: a coinductive cycle may assume `T: Tr`, never `T: Super` (with `impl<T: Sub> Sub for T`, the
/// cycle `u8: Sub` must not make `u8: Super` hold through the implied bound).
#[allow(clippy::too_many_arguments)]
fn impl_decl(
    store: &mut Store,
    names: &Names,
    trait_defs: &rustc_hash::FxHashMap<&str, &TraitDef>,
    i: &ImplDef,
    opts: &LowerOptions,
    span: &Span,
    out: &mut Out<'_>,
) -> Result<()> {
    let mut cx = Cx::new(store, names);
    let (tr, body) = cx.impl_head(i)?;
    if i.polarity == Polarity::Negative {
        return Ok(());
    }
    let trait_name = &i.trait_ref.bound.name.name;
    let trait_def = trait_defs.get(trait_name.as_str()).copied();
    let coinductive = names.traits.get(trait_name).is_some_and(|info| {
        !opts.coinductive_none && (opts.coinductive_all || info.auto || info.coinductive)
    });
    let mut impl_body = body.clone();
    if let (true, Some(t)) = (coinductive, trait_def) {
        impl_body.extend(trait_where_clauses(&mut cx, t, tr)?);
    }
    out.clause(&mut cx, tr, &impl_body, span)?;
    let decl_of =
        |name: &str| trait_def.and_then(|t| t.assoc_types.iter().find(|a| a.name.name == name));
    let mut given: Vec<&str> = Vec::new();
    for v in &i.assoc_values {
        given.push(&v.name.name);
        let mark = cx.mark();
        let qs = cx.bind_params(&v.params);
        let mut b2 = body.clone();
        for wc in &v.where_clauses {
            b2.extend(cx.where_clause(wc)?);
        }
        let val = cx.ty(&v.value)?;
        b2.extend(std::mem::take(&mut cx.pending));
        if let (Some(t), Some(d)) = (trait_def, decl_of(&v.name.name)) {
            b2.extend(decl_where_clauses(&mut cx, t, d, tr, &qs)?);
        }
        normalize_clause(&mut cx, tr, &v.name.name, &qs, val, &b2, &v.span, out)?;
        cx.restore(mark);
    }
    // Defaults from the trait for associated types the impl does not give.
    if let Some(t) = trait_def {
        for a in &t.assoc_types {
            let Some(d) = &a.default else { continue };
            if given.contains(&a.name.name.as_str()) {
                continue;
            }
            let mark = cx.mark();
            let qs = cx.bind_params(&a.params);
            let val = cx.ty(d)?;
            let mut b2 = body.clone();
            b2.extend(std::mem::take(&mut cx.pending));
            b2.extend(decl_where_clauses(&mut cx, t, a, tr, &qs)?);
            normalize_clause(&mut cx, tr, &a.name.name, &qs, val, &b2, &a.span, out)?;
            cx.restore(mark);
        }
    }
    Ok(())
}

/// Bring `Self` and the trait's parameters into scope as the arguments of the trait reference `tr`;
/// returns the self type.
fn bind_trait_ref(cx: &mut Cx<'_>, t: &TraitDef, tr: TermId) -> TermId {
    let args: Vec<TermId> = cx.store.args(tr).to_vec();
    cx.bind_to("Self", args[0]);
    for (p, &a) in t.params.iter().zip(&args[1..]) {
        cx.bind_to(&p.name.name, a);
    }
    args[0]
}

/// A trait's supertraits and where-clauses for the trait reference `tr` (`Self` and the trait's
/// parameters bound to its arguments).
fn trait_where_clauses(cx: &mut Cx<'_>, t: &TraitDef, tr: TermId) -> Result<Vec<TermId>> {
    if t.supertraits.is_empty() && t.where_clauses.is_empty() {
        return Ok(Vec::new());
    }
    let mark = cx.mark();
    let self_ty = bind_trait_ref(cx, t, tr);
    let mut goals = Vec::new();
    for b in &t.supertraits {
        if let ast::Bound::Trait(tb) = b {
            let (g, eqs) = cx.trait_ref(self_ty, tb)?;
            goals.push(g);
            goals.extend(eqs);
        }
    }
    for wc in &t.where_clauses {
        goals.extend(cx.where_clause(wc)?);
    }
    goals.extend(std::mem::take(&mut cx.pending));
    cx.restore(mark);
    Ok(goals)
}

/// The where-clauses of the trait's declaration of an associated type (`type Item<T> where T: Sized;`),
/// for the impl's trait reference `tr` and the value's own parameters `qs`: chalk adds them to the
/// Normalize clause of every value.
fn decl_where_clauses(
    cx: &mut Cx<'_>,
    t: &TraitDef,
    d: &ast::AssocTyDecl,
    tr: TermId,
    qs: &[TermId],
) -> Result<Vec<TermId>> {
    if d.where_clauses.is_empty() {
        return Ok(Vec::new());
    }
    let mark = cx.mark();
    bind_trait_ref(cx, t, tr);
    for (p, &q) in d.params.iter().zip(qs) {
        cx.bind_to(&p.name.name, q);
    }
    let mut goals = Vec::new();
    for wc in &d.where_clauses {
        goals.extend(cx.where_clause(wc)?);
    }
    goals.extend(std::mem::take(&mut cx.pending));
    cx.restore(mark);
    Ok(goals)
}

#[allow(clippy::too_many_arguments)]
fn normalize_clause(
    cx: &mut Cx<'_>,
    tr: TermId,
    name: &str,
    qs: &[TermId],
    val: TermId,
    body: &[TermId],
    span: &Span,
    out: &mut Out<'_>,
) -> Result<()> {
    let asym = cx.store.sym(name);
    let item = cx.store.app(asym, qs);
    let assoc_s = cx.store.sym("$assoc");
    let assoc = cx.store.app(assoc_s, &[tr, item]);
    let nz = cx.store.sym("normalize");
    let h = cx.store.app(nz, &[assoc, val]);
    out.clause(cx, h, body, span)
}

/// A clause written in the program: `forall<T> { DomainGoal if G1, G2 }`.
fn program_clause(
    store: &mut Store,
    names: &Names,
    c: &ast::Clause,
    out: &mut Out<'_>,
) -> Result<()> {
    let mut cx = Cx::new(store, names);
    cx.bind_params(&c.binders);
    let (heads, mut body) = cx.clause_heads(&c.consequence, &c.span)?;
    for g in &c.conditions {
        body.push(cx.goal(g)?);
    }
    for h in heads {
        out.clause(&mut cx, h, &body, &c.span)?;
    }
    Ok(())
}
