//! Name resolution for `.rs` programs, between parsing and lowering.
//!
//! The program (the crate `crate`) and the std model (the crate `std`, also reachable as `core` and
//! `alloc`) are module trees. Every path written in an item or a goal (`std::fmt::Debug`,
//! `ids::Id`, `crate::a::B`, `super::X`, a name brought in by `use`, with renames, groups and globs,
//! `pub use` re-exports) is resolved to one item, and the surface AST the lowering sees names each
//! item by one internal name: its own name when no other item has it, else its path (`a::B`,
//! `std::fmt::Error`). Type aliases are expanded where they are used. A name found nowhere else is
//! looked up in std's prelude, and then, leniently, as the name of a unique std item (knot's older
//! programs write `Debug` without `use std::fmt::Debug`).

use crate::error::{Error, Result, Span};
use crate::syntax::ast::*;
use crate::syntax::rust::{AliasDecl, RawCrate, RawModule, UseDecl};
use rustc_hash::{FxHashMap, FxHashSet};
use std::borrow::Cow;

mod segments;
pub mod std_model;

use segments::Segs;

#[derive(Clone, Debug, serde::Serialize, serde::Deserialize)]
enum Def {
    Item(String),
    Alias(usize),
    Module(usize),
    /// A name a user's import brings in from a path knot does not model (the path, as written).
    External(String),
}

#[derive(Clone, Debug, serde::Serialize, serde::Deserialize)]
struct Module {
    parent: Option<usize>,
    root: usize,
    names: FxHashMap<String, Def>,
    globs: Vec<usize>,
    /// A glob import of this module names a module knot does not model: a bare name found nowhere
    /// else may come from it.
    open_glob: bool,
}

/// Whether the unseen type at `path` belongs to this crate, when the path tells (see
/// [`ExternalTy::local`]): its first segment names this crate, the standard library, or a crate
/// that is not a module of the program's.
fn external_is_local(r: &Resolver, path: &str) -> Option<bool> {
    let (first, _) = path.split_once("::")?;
    match first {
        "crate" | "self" | "super" => Some(true),
        "" | "std" | "core" | "alloc" => Some(false),
        f if r
            .modules
            .iter()
            .any(|m| matches!(m.names.get(f), Some(Def::Module(_)))) =>
        {
            None
        }
        _ => Some(false),
    }
}

#[derive(Clone, Debug, serde::Serialize, serde::Deserialize)]
struct Alias {
    decl: AliasDecl,
    module: usize,
}

/// What resolution needs to know of a trait: its parameters, associated types and supertraits.
#[derive(Clone, Debug, Default, serde::Serialize, serde::Deserialize)]
struct TraitMeta {
    params: Vec<String>,
    /// The parameters as declared (kinds, defaults) and the module they were written in.
    decl: Vec<GenericParam>,
    module: usize,
    assoc: Vec<String>,
    /// Supertraits (internal names) with their arguments as written.
    supers: Vec<(String, Vec<GenericArg>)>,
}

/// The scopes of a resolved program, kept to resolve goals.
#[derive(Clone, Debug, serde::Serialize, serde::Deserialize)]
pub struct Resolver {
    modules: Vec<Module>,
    aliases: Vec<Alias>,
    user_root: usize,
    std_root: Option<usize>,
    prelude: Option<usize>,
    /// Bare name -> the internal name of the one std item of that name (`None`: several).
    lenient: FxHashMap<String, Option<String>>,
    traits: FxHashMap<String, TraitMeta>,
    /// Structs and enums whose parameter defaults mention other parameters: their parameters
    /// and module (the defaults are filled in here, where the arguments are known).
    adts: FxHashMap<String, (Vec<GenericParam>, usize)>,
    /// Located warnings from parsing and resolution.
    pub warnings: Vec<(Span, String)>,
    /// Each crate root's extern prelude (a package's crates): name -> the dependency's root.
    #[serde(default)]
    externs: FxHashMap<usize, FxHashMap<String, usize>>,
    /// Dependency crates' roots -> their names (what their unseen paths are qualified with).
    #[serde(default)]
    crate_names: FxHashMap<usize, String>,
    /// Crates read whole (see [`Package::whole`]).
    #[serde(default)]
    whole: bool,
}

/// The result of resolving a program.
pub struct Resolved {
    /// The std model's items, in the order written (lowered before the program's).
    pub library: Program,
    /// The program's own items, resolved.
    pub user: Program,
    /// The scopes, for goals.
    pub resolver: Resolver,
    /// The types and traits (internal names) of a crate read in part (a `mod m;` not read, a
    /// `crate::` path to what it does not hold): impls knot does not see may exist for them, so
    /// they are open (`Program::open`).
    pub open: Vec<String>,
}

fn declared(item: &Item) -> Option<&Ident> {
    match &item.kind {
        ItemKind::Struct(a) | ItemKind::Enum(a) => Some(&a.name),
        ItemKind::Trait(t) => Some(&t.name),
        ItemKind::ForeignType(i) => Some(i),
        ItemKind::OpaqueType(o) => Some(&o.name),
        ItemKind::FnDef(f) => Some(&f.name),
        ItemKind::Closure(c) => Some(&c.name),
        ItemKind::Coroutine(c) => Some(&c.name),
        _ => None,
    }
}

/// The name an item declares (a struct, enum, trait, foreign type, ...), as written.
pub fn declared_name(item: &Item) -> Option<&str> {
    declared(item).map(|i| i.name.as_str())
}

fn declared_mut(item: &mut Item) -> Option<&mut Ident> {
    match &mut item.kind {
        ItemKind::Struct(a) | ItemKind::Enum(a) => Some(&mut a.name),
        ItemKind::Trait(t) => Some(&mut t.name),
        ItemKind::ForeignType(i) => Some(i),
        ItemKind::OpaqueType(o) => Some(&mut o.name),
        ItemKind::FnDef(f) => Some(&mut f.name),
        ItemKind::Closure(c) => Some(&mut c.name),
        ItemKind::Coroutine(c) => Some(&mut c.name),
        _ => None,
    }
}

fn lang_of(item: &Item) -> Option<String> {
    let ItemKind::Trait(_) = &item.kind else {
        return None;
    };
    item.attr("lang")
        .and_then(|a| a.args.as_ref())
        .and_then(|a| a.first())
        .map(|i| i.name.clone())
}

/// A flat program (chalk-style, parsed by the pest grammar) as a crate root without imports.
pub fn flat_crate(p: Program) -> RawCrate {
    RawCrate {
        root: RawModule {
            items: p.items,
            ..RawModule::default()
        },
        warnings: Vec::new(),
    }
}

struct Decl {
    module: usize,
    path: Vec<String>,
    item: Item,
    /// Not the std model's: the program's, or a dependency crate's.
    user: bool,
    /// A dependency crate's (upstream of the program's crate).
    upstream: bool,
}

/// A dependency crate of a package, read whole (`syntax::rust::parse_crate_tree`).
pub struct DepCrate {
    /// Its name in paths (`bytes`; a package name's `-` is `_`).
    pub name: String,
    /// Its module tree.
    pub krate: RawCrate,
    /// The crates it depends on, by the name it uses and their index in the dependency list.
    pub externs: Vec<(String, usize)>,
}

/// A package: its own crate, the dependency crates, and the crates its own crate depends on
/// (names in its paths, indexes into `deps`).
#[derive(Default)]
pub struct Package {
    /// The dependency crates (each resolved in its own root module).
    pub deps: Vec<DepCrate>,
    /// The program crate's direct dependencies.
    pub externs: Vec<(String, usize)>,
    /// Every crate was read whole (module files read, `#[cfg]` evaluated): a `crate::` path to a
    /// name a read module does not hold names a function, const or macro, not an unseen type.
    pub whole: bool,
}

struct Builder {
    modules: Vec<Module>,
    aliases: Vec<Alias>,
    decls: Vec<Decl>,
    uses: Vec<(usize, UseDecl, bool)>,
    /// The items being added are a dependency crate's.
    upstream: bool,
    /// Crate roots with a module whose file was not read, with its path.
    unread: FxHashMap<usize, String>,
}

impl Builder {
    fn add(
        &mut self,
        m: RawModule,
        parent: Option<usize>,
        root: Option<usize>,
        path: Vec<String>,
        user: bool,
    ) -> usize {
        let id = self.modules.len();
        self.modules.push(Module {
            parent,
            root: root.unwrap_or(id),
            names: FxHashMap::default(),
            globs: Vec::new(),
            open_glob: false,
        });
        let root = root.unwrap_or(id);
        if m.unread {
            self.unread
                .entry(root)
                .or_insert_with(|| format!("module `{}`", path.join("::")));
        }
        self.decls.reserve(m.items.len());
        for it in m.items {
            self.decls.push(Decl {
                module: id,
                path: path.clone(),
                item: it,
                user,
                upstream: self.upstream,
            });
        }
        for a in m.aliases {
            let ai = self.aliases.len();
            self.modules[id]
                .names
                .insert(a.name.name.clone(), Def::Alias(ai));
            self.aliases.push(Alias {
                decl: a,
                module: id,
            });
        }
        for u in m.uses {
            self.uses.push((id, u, user));
        }
        for sub in m.mods {
            let name = sub.name.clone();
            let mut p = path.clone();
            p.push(name.clone());
            let sid = self.add(sub, Some(id), Some(root), p, user);
            self.modules[id].names.insert(name, Def::Module(sid));
        }
        id
    }
}

impl Resolver {
    /// Resolve a program against the std model (`std` is `None` without the prelude).
    pub fn resolve(user: RawCrate, std: Option<RawCrate>) -> Result<Resolved> {
        Resolver::resolve_onto(None, user, std, Package::default(), PARALLEL_ITEMS)
    }

    /// Resolve a package's crate with its dependency crates (their items are the program's,
    /// marked `#[upstream]`, each named by its path from its crate's name: `bytes::Bytes`), on
    /// the std model's resolver `base` or against the std model `std`.
    pub fn resolve_package(
        base: Option<Resolver>,
        user: RawCrate,
        std: Option<RawCrate>,
        package: Package,
    ) -> Result<Resolved> {
        Resolver::resolve_onto(base, user, std, package, PARALLEL_ITEMS)
    }

    /// Resolve a program on top of `base`, the resolver of the std model alone (resolved with an
    /// empty program: `std_image.rs`), as [`Resolver::resolve`] would against the std model. The
    /// caller makes sure the program cannot change how the std model resolves: none of its items
    /// has the name of a std item, and none is a lang item (see `std_image::usable`).
    /// `Resolved::library` is then empty.
    pub fn resolve_on(base: Resolver, user: RawCrate) -> Result<Resolved> {
        Resolver::resolve_onto(Some(base), user, None, Package::default(), PARALLEL_ITEMS)
    }

    /// [`Resolver::resolve`] and [`Resolver::resolve_on`]; from `parallel_from` items on, the
    /// items are rewritten on two threads.
    fn resolve_onto(
        base: Option<Resolver>,
        user: RawCrate,
        std: Option<RawCrate>,
        package: Package,
        parallel_from: usize,
    ) -> Result<Resolved> {
        let (modules, aliases, base) = match base {
            Some(mut r) => (
                std::mem::take(&mut r.modules),
                std::mem::take(&mut r.aliases),
                Some(r),
            ),
            None => (Vec::new(), Vec::new(), None),
        };
        let mut b = Builder {
            modules,
            aliases,
            decls: Vec::new(),
            uses: Vec::new(),
            upstream: false,
            unread: FxHashMap::default(),
        };
        let mut warnings = user.warnings;
        let user_root = b.add(user.root, None, None, Vec::new(), true);
        // A package's dependency crates, each its own root.
        b.upstream = true;
        let mut dep_roots = Vec::with_capacity(package.deps.len());
        let mut dep_externs = Vec::with_capacity(package.deps.len());
        let mut crate_names: FxHashMap<usize, String> = FxHashMap::default();
        for d in package.deps {
            warnings.extend(d.krate.warnings);
            let root = b.add(d.krate.root, None, None, vec![d.name.clone()], true);
            crate_names.insert(root, d.name);
            dep_roots.push(root);
            dep_externs.push(d.externs);
        }
        b.upstream = false;
        let mut externs: FxHashMap<usize, FxHashMap<String, usize>> = FxHashMap::default();
        let link = |list: &[(String, usize)]| -> FxHashMap<String, usize> {
            list.iter()
                .filter_map(|(n, i)| dep_roots.get(*i).map(|&r| (n.clone(), r)))
                .collect()
        };
        for (root, list) in dep_roots.iter().zip(&dep_externs) {
            externs.insert(*root, link(list));
        }
        externs.insert(user_root, link(&package.externs));
        let mut std_root = std.map(|s| {
            warnings.extend(s.warnings);
            b.add(s.root, None, None, vec!["std".into()], false)
        });
        // Internal names: a program's item keeps its name unless another of the program's items
        // has it; a std item keeps its name unless any other item has it.
        let mut count_all: FxHashMap<String, usize> = FxHashMap::default();
        let mut count_user: FxHashMap<String, usize> = FxHashMap::default();
        let mut user_langs: FxHashMap<String, String> = FxHashMap::default();
        for d in &b.decls {
            if d.upstream {
                continue;
            }
            if let Some(n) = declared(&d.item) {
                *count_all.entry(n.name.clone()).or_default() += 1;
                if d.user {
                    *count_user.entry(n.name.clone()).or_default() += 1;
                }
            }
        }
        let mut internal: Vec<Option<String>> = Vec::new();
        for d in &b.decls {
            internal.push(declared(&d.item).map(|n| {
                let bare = &n.name;
                if d.upstream {
                    format!("{}::{bare}", d.path.join("::"))
                } else if d.user {
                    if count_user[bare] == 1 || d.path.is_empty() {
                        bare.clone()
                    } else {
                        format!("{}::{bare}", d.path.join("::"))
                    }
                } else if count_all[bare] == 1 {
                    bare.clone()
                } else {
                    format!("{}::{bare}", d.path.join("::"))
                }
            }));
            if d.user && !d.upstream {
                if let (Some(l), Some(n)) = (lang_of(&d.item), internal.last().cloned().flatten()) {
                    user_langs.insert(l, n);
                }
            }
        }
        // The std model's scopes and metadata: the base's, or built below from its items.
        let mut lenient: FxHashMap<String, Option<String>> = FxHashMap::default();
        let mut traits: FxHashMap<String, TraitMeta> = FxHashMap::default();
        let mut adts: FxHashMap<String, (Vec<GenericParam>, usize)> = FxHashMap::default();
        let mut prelude = None;
        if let Some(base) = base {
            std_root = base.std_root;
            prelude = base.prelude;
            lenient = base.lenient;
            traits = base.traits;
            adts = base.adts;
            warnings.extend(base.warnings);
        }
        let mut keep = vec![true; b.decls.len()];
        for (i, d) in b.decls.iter().enumerate() {
            let (Some(n), Some(int)) = (declared(&d.item), internal[i].clone()) else {
                continue;
            };
            // A std lang-item trait the program declares itself is the program's.
            let target = match lang_of(&d.item) {
                Some(l) if !d.user && user_langs.contains_key(&l) => {
                    keep[i] = false;
                    user_langs[&l].clone()
                }
                _ => int,
            };
            if !d.user {
                lenient
                    .entry(n.name.clone())
                    .and_modify(|e| *e = None)
                    .or_insert(Some(target.clone()));
            }
            b.modules[d.module]
                .names
                .entry(n.name.clone())
                .or_insert(Def::Item(target));
        }
        if prelude.is_none() {
            prelude = std_root.and_then(|r| match b.modules[r].names.get("prelude") {
                Some(Def::Module(m)) => Some(*m),
                _ => None,
            });
        }
        let mut r = Resolver {
            modules: b.modules,
            aliases: b.aliases,
            user_root,
            std_root,
            prelude,
            lenient,
            traits,
            adts,
            warnings,
            externs,
            crate_names,
            whole: package.whole,
        };
        let mut fragments: FxHashMap<usize, String> = b.unread;
        // Imports, to a fixpoint (a glob or a re-export may depend on another import).
        let mut pending = b.uses;
        loop {
            let mut progress = false;
            let mut rest = Vec::new();
            for (m, u, user) in pending {
                match r.path(m, &u.path.iter().map(String::as_str).collect::<Vec<_>>()) {
                    Some(def) => {
                        progress = true;
                        match (&u.name, def) {
                            (None, Def::Module(g)) => {
                                if !r.modules[m].globs.contains(&g) && g != m {
                                    r.modules[m].globs.push(g);
                                }
                            }
                            (None, _) => {}
                            (Some(n), def) => {
                                r.modules[m].names.entry(n.clone()).or_insert(def);
                            }
                        }
                    }
                    None => rest.push((m, u, user)),
                }
            }
            pending = rest;
            if !progress || pending.is_empty() {
                break;
            }
        }
        for (m, u, user) in &pending {
            if !*user {
                continue;
            }
            let written = u.path.join("::");
            let root = r.modules[*m].root;
            let segs: Vec<&str> = u.path.iter().map(String::as_str).collect();
            // An enum's variant (`use crate::Either::{Left, Right}`): a value, not a type.
            if segs.len() > 1 && matches!(r.path(*m, &segs[..segs.len() - 1]), Some(Def::Item(_))) {
                continue;
            }
            if r.reads_in_part(*m, &segs) {
                fragments
                    .entry(root)
                    .or_insert_with(|| format!("`{written}`"));
            }
            let path = r.qualify(*m, &written);
            // The user's import of what knot cannot see: a type of that name is one nothing is
            // known of but the program's own impls (`ItemKind::External`).
            match &u.name {
                Some(n) => {
                    r.modules[*m]
                        .names
                        .entry(n.clone())
                        .or_insert_with(|| Def::External(path.clone()));
                }
                None => r.modules[*m].open_glob = true,
            }
            r.warnings.push((
                u.span.clone(),
                format!(
                    "import `{path}` names no item knot models: a type or trait it brings in is \
                     taken as one defined elsewhere, of which only this program's impls are known"
                ),
            ));
        }
        // Trait metadata, for `T::Assoc` and bindings of a supertrait's associated type.
        for (i, d) in b.decls.iter().enumerate() {
            let (ItemKind::Trait(t), Some(int)) = (&d.item.kind, &internal[i]) else {
                continue;
            };
            let mut meta = TraitMeta {
                params: t.params.iter().map(|p| p.name.name.clone()).collect(),
                decl: t.params.clone(),
                module: d.module,
                assoc: t.assoc_types.iter().map(|a| a.name.name.clone()).collect(),
                supers: Vec::new(),
            };
            let mut sup = |b: &TraitBound| {
                let segs: Vec<&str> = b.name.name.split("::").collect();
                if let Some(Def::Item(n)) = r.path(d.module, &segs) {
                    meta.supers.push((n, b.args.clone()));
                }
            };
            for b in &t.supertraits {
                if let Bound::Trait(b) = b {
                    sup(b);
                }
            }
            for w in &t.where_clauses {
                if let WhereClauseKind::Implemented(tr) = &w.kind {
                    if matches!(&tr.self_ty.kind, TyKind::Named { name, args } if name.name == "Self" && args.is_empty())
                    {
                        sup(&tr.bound);
                    }
                }
            }
            r.traits.insert(int.clone(), meta);
        }
        for (i, d) in b.decls.iter().enumerate() {
            let (ItemKind::Struct(a) | ItemKind::Enum(a), Some(int)) = (&d.item.kind, &internal[i])
            else {
                continue;
            };
            let names: Vec<&str> = a.params.iter().map(|p| p.name.name.as_str()).collect();
            let mentions = a.params.iter().any(|p| {
                p.default.as_ref().is_some_and(|df| {
                    let text = format!("{df:?}");
                    names
                        .iter()
                        .any(|n| text.contains(&format!("name: \"{n}\"")))
                })
            });
            if mentions {
                r.adts.insert(int.clone(), (a.params.clone(), d.module));
            }
        }
        let mut all = Vec::new();
        let mut user = Vec::with_capacity(b.decls.iter().filter(|d| d.user).count());
        // The types the user's items name but nothing defines, by internal name (the path).
        let mut externals: Vec<(String, (usize, usize), Span)> = Vec::new();
        let mut unseen_traits: Vec<UnseenTrait> = Vec::new();
        // Where each is in its list, by path (the lists keep the order of first use).
        let mut external_at: FxHashMap<String, usize> = FxHashMap::default();
        let mut unseen_at: FxHashMap<String, usize> = FxHashMap::default();
        let mut declared_in: Vec<(usize, String)> = Vec::new();
        let mut decls = b.decls;
        let rewritten = rewrite_all(&r, &mut decls, &keep, &internal, parallel_from);
        for ((i, d), found) in decls.into_iter().enumerate().zip(rewritten) {
            if !keep[i] {
                continue;
            }
            let mut item = d.item;
            let (ext_traits, found_externals, fragment) = found?;
            if let Some(why) = fragment {
                fragments.entry(r.modules[d.module].root).or_insert(why);
            }
            if d.user {
                for u in ext_traits {
                    match unseen_at.get(&u.path).map(|&k| &mut unseen_traits[k]) {
                        Some(x) if x.args != u.args => {
                            return Err(Error::Lower {
                                span: u.span.clone(),
                                code: "resolve::external_arity",
                                message: format!(
                                    "trait `{}` is used with {} and with {} arguments; knot does \
                                     not see its definition",
                                    u.path,
                                    x.args.len(),
                                    u.args.len()
                                ),
                            });
                        }
                        Some(x) => {
                            for (name, n) in u.assoc {
                                x.add_assoc(name, n);
                            }
                        }
                        None => {
                            unseen_at.insert(u.path.clone(), unseen_traits.len());
                            unseen_traits.push(u);
                        }
                    }
                }
                for e in found_externals {
                    match external_at.get(&e.0).map(|&k| &mut externals[k]) {
                        Some(x) if x.1 .0 != e.1 .0 => {
                            return Err(Error::Lower {
                                span: e.2.clone(),
                                code: "resolve::external_arity",
                                message: format!(
                                    "`{}` is used with {} and with {} type arguments; knot does \
                                     not see its definition",
                                    e.0, x.1 .0, e.1 .0
                                ),
                            })
                        }
                        // Lifetime arguments may be elided in some uses.
                        Some(x) => x.1 .1 = x.1 .1.max(e.1 .1),
                        None => {
                            external_at.insert(e.0.clone(), externals.len());
                            externals.push(e);
                        }
                    }
                }
            }
            if let (Some(n), Some(int)) = (declared_mut(&mut item), &internal[i]) {
                n.name = int.clone();
            }
            if let (true, Some(_), Some(int)) = (d.user, declared(&item), &internal[i]) {
                declared_in.push((r.modules[d.module].root, int.clone()));
            }
            if d.user {
                if d.upstream {
                    item.mark_upstream();
                }
                user.push(item);
            } else {
                item.mark_upstream();
                all.push(item);
            }
        }
        if let Some((p, _, span)) = externals.iter().find(|e| unseen_at.contains_key(&e.0)) {
            return Err(Error::Lower {
                span: span.clone(),
                code: "resolve::external_kind",
                message: format!("`{p}` is used both as a type and as a trait"),
            });
        }
        // The external types and traits first: the items that use them are lowered after them.
        let user: Vec<Item> = unseen_traits
            .into_iter()
            .map(UnseenTrait::item)
            .chain(
                externals
                    .into_iter()
                    .map(|(path, (arity, lifetimes), span)| Item {
                        kind: ItemKind::External(ExternalTy {
                            lifetimes,
                            local: external_is_local(&r, &path),
                            name: Ident {
                                name: path,
                                span: span.clone(),
                            },
                            arity,
                        }),
                        attrs: Vec::new(),
                        public: false,
                        span,
                    }),
            )
            .chain(user)
            .collect();
        let open: Vec<String> = declared_in
            .into_iter()
            .filter(|(root, _)| fragments.contains_key(root))
            .map(|(_, n)| n)
            .collect();
        if !open.is_empty() {
            let mut roots: Vec<(usize, String)> = fragments.into_iter().collect();
            roots.sort_unstable();
            for (root, why) in roots {
                let what = match r.crate_names.get(&root) {
                    Some(n) => format!("crate `{n}`"),
                    None => "the crate".to_string(),
                };
                let span = user
                    .iter()
                    .find(|it| {
                        !matches!(it.kind, ItemKind::External(_)) && it.attr(UNSEEN_ATTR).is_none()
                    })
                    .map(|it| it.span.clone())
                    .unwrap_or_else(|| Span {
                        file: "<crate>".into(),
                        start: 0,
                        end: 0,
                        line: 1,
                        col: 1,
                    });
                r.warnings.push((
                    span,
                    format!(
                        "{what} is read in part ({why} was not read): its own types and traits may have \
                         impls knot does not see, so a goal about them is never answered \
                         `false`"
                    ),
                ));
            }
        }
        Ok(Resolved {
            library: Program { items: all },
            user: Program { items: user },
            resolver: r,
            open,
        })
    }

    /// Resolve the names in a goal, in the program's root module.
    pub fn resolve_goal(&self, g: &Goal) -> Result<Goal> {
        let mut g = g.clone();
        let mut rw = Rw::new(self, self.user_root);
        rw.collect_goal(&g);
        rw.goal(&mut g)?;
        Ok(g)
    }

    fn local(&self, m: usize, name: &str, depth: usize) -> Option<&Def> {
        if let Some(d) = self.modules[m].names.get(name) {
            return Some(d);
        }
        if depth > 8 {
            return None;
        }
        self.modules[m]
            .globs
            .iter()
            .find_map(|&g| self.local(g, name, depth + 1))
    }

    /// The first segment of a path, in scope in module `m`.
    fn scope(&self, m: usize, name: &str) -> Option<Cow<'_, Def>> {
        if let Some(d) = self.local(m, name, 0) {
            return Some(Cow::Borrowed(d));
        }
        if let Some(&x) = self
            .externs
            .get(&self.modules[m].root)
            .and_then(|e| e.get(name))
        {
            return Some(Cow::Owned(Def::Module(x)));
        }
        if matches!(name, "std" | "core" | "alloc") {
            return self.std_root.map(|r| Cow::Owned(Def::Module(r)));
        }
        if let Some(p) = self.prelude {
            if let Some(d) = self.local(p, name, 0) {
                return Some(Cow::Borrowed(d));
            }
        }
        self.lenient
            .get(name)
            .cloned()
            .flatten()
            .map(|n| Cow::Owned(Def::Item(n)))
    }

    fn path(&self, m: usize, segs: &[&str]) -> Option<Def> {
        self.path_ref(m, segs).map(Cow::into_owned)
    }

    /// What path `segs` names in module `m`, borrowed where it can be (names are resolved for
    /// every type and bound of a program).
    fn path_ref(&self, m: usize, segs: &[&str]) -> Option<Cow<'_, Def>> {
        let (first, rest) = segs.split_first()?;
        let mut cur = match *first {
            "" => {
                let (c, rest2) = rest.split_first()?;
                if let Some(&x) = self
                    .externs
                    .get(&self.modules[m].root)
                    .and_then(|e| e.get(*c))
                {
                    return self.walk(x, rest2);
                }
                if !matches!(*c, "std" | "core" | "alloc") {
                    return None;
                }
                return self.walk(self.std_root?, rest2);
            }
            "crate" => self.modules[m].root,
            "self" => m,
            "super" => self.modules[m].parent?,
            n => {
                let d = self.scope(m, n)?;
                if rest.is_empty() {
                    return Some(d);
                }
                match *d {
                    Def::Module(x) => x,
                    _ => return None,
                }
            }
        };
        let mut rest = rest;
        while let Some((s, r2)) = rest.split_first() {
            if *s != "super" {
                break;
            }
            cur = self.modules[cur].parent?;
            rest = r2;
        }
        if rest.is_empty() {
            return Some(Cow::Owned(Def::Module(cur)));
        }
        self.walk(cur, rest)
    }

    /// Whether a path written in module `m` that names nothing knot read shows that the crate
    /// was read in part: a `crate::`, `self::` or `super::` path; when the crate was read whole,
    /// only one through a module that is not there (a module's missing name is a function, a
    /// const or a macro, which knot does not keep).
    fn reads_in_part(&self, m: usize, segs: &[&str]) -> bool {
        if !matches!(segs.first(), Some(&("crate" | "self" | "super"))) {
            return false;
        }
        if !self.whole {
            return true;
        }
        // Through this crate's modules: a missing one shows it; another crate's module (`crate::alloc`
        // for `extern crate alloc`), an item (an enum's variant) or a module that is there do not.
        let root = self.modules[m].root;
        for k in 1..segs.len() {
            match self.path(m, &segs[..k]) {
                Some(Def::Module(x)) if self.modules[x].root == root => {}
                None => return true,
                _ => return false,
            }
        }
        false
    }

    /// The internal name of an unseen item written `path` in module `m`: as written in the
    /// program's crate; in a dependency crate, from the crate's name (`bytes::loom::AtomicPtr`
    /// for `crate::loom::AtomicPtr`), so that two crates' unseen items stay apart.
    fn qualify(&self, m: usize, path: &str) -> String {
        let first = path.split("::").next().unwrap_or(path);
        let local = matches!(first, "crate" | "self" | "super")
            || !path.contains("::")
            || matches!(self.local(m, first, 0), Some(Def::Module(_)));
        match self.crate_names.get(&self.modules[m].root) {
            Some(krate) if local => {
                let rest = path.strip_prefix("crate::").unwrap_or(path);
                format!("{krate}::{rest}")
            }
            _ => path.to_string(),
        }
    }

    fn walk(&self, mut cur: usize, segs: &[&str]) -> Option<Cow<'_, Def>> {
        for (i, s) in segs.iter().enumerate() {
            let d = self.local(cur, s, 0)?;
            if i + 1 == segs.len() {
                return Some(Cow::Borrowed(d));
            }
            match *d {
                Def::Module(x) => cur = x,
                _ => return None,
            }
        }
        Some(Cow::Owned(Def::Module(cur)))
    }
}

/// How many type (and const) arguments and how many lifetime arguments a use gives.
fn arity_of(args: &[GenericArg]) -> (usize, usize) {
    let lts = args
        .iter()
        .filter(|a| matches!(a, GenericArg::Lifetime(_)))
        .count();
    (args.len() - lts, lts)
}

/// Rewrites the names of one item (or goal) in one module.
struct Rw<'r> {
    r: &'r Resolver,
    module: usize,
    params: FxHashSet<String>,
    depth: usize,
    /// The trait bounds on each parameter (and `Self`), as written: where `P::Assoc` is looked up.
    on_param: FxHashMap<String, Vec<(TraitBound, Ty)>>,
    /// The self type of the bounds being rewritten (for a trait parameter defaulting to `Self`).
    cur_self: Option<Ty>,
    /// Bounds made by moving a binding of a supertrait's associated type out of a bound.
    moved: Vec<TraitBound>,
    /// The types named but not defined (an import knot does not model, a path into a module or
    /// crate it cannot see) that were met: internal name (the path), argument count, where.
    externals: Vec<(String, (usize, usize), Span)>,
    /// The traits named but not defined, likewise.
    ext_traits: Vec<UnseenTrait>,
    /// A path into this crate named what it does not hold (the crate is read in part): the first.
    fragment: Option<String>,
}

/// What rewriting one item in its module's scope found: the traits and the types it names that
/// knot cannot see.
type Found = Result<(
    Vec<UnseenTrait>,
    Vec<(String, (usize, usize), Span)>,
    Option<String>,
)>;

/// Below this many items, the items are rewritten on the caller's thread.
const PARALLEL_ITEMS: usize = 4096;

/// Rewrite the items of `decls` that are kept (their names resolved in their modules' scopes), in
/// order: each item alone, so a large program's are split between two threads (large stacks, as
/// the parsers' own). The results are merged in order by the caller, so the first error in source
/// order is the one reported, as when they were rewritten one after the other.
fn rewrite_all(
    r: &Resolver,
    decls: &mut [Decl],
    keep: &[bool],
    internal: &[Option<String>],
    parallel_from: usize,
) -> Vec<Found> {
    let one = |i: usize, d: &mut Decl| -> Found {
        if !keep[i] {
            return Ok((Vec::new(), Vec::new(), None));
        }
        let mut rw = Rw::new(r, d.module);
        rw.collect_item(&d.item);
        rw.collect_assoc_bounds(&d.item, internal[i].as_deref());
        rw.item(&mut d.item)?;
        Ok((rw.ext_traits, rw.externals, rw.fragment))
    };
    let two_cores = std::thread::available_parallelism().is_ok_and(|n| n.get() > 1);
    if decls.len() < parallel_from || !two_cores {
        return decls
            .iter_mut()
            .enumerate()
            .map(|(i, d)| one(i, d))
            .collect();
    }
    let (len, mid) = (decls.len(), decls.len() / 2);
    let (front, back) = decls.split_at_mut(mid);
    std::thread::scope(|s| {
        let worker = std::thread::Builder::new()
            .stack_size(crate::syntax::prescan::DEEP_STACK)
            .spawn_scoped(s, || {
                back.iter_mut()
                    .enumerate()
                    .map(|(i, d)| one(mid + i, d))
                    .collect::<Vec<_>>()
            });
        let mut out: Vec<Found> = front
            .iter_mut()
            .enumerate()
            .map(|(i, d)| one(i, d))
            .collect();
        match worker.map(|h| h.join()) {
            Ok(Ok(rest)) => out.extend(rest),
            Err(e) => out.extend((mid..len).map(|_| {
                Err(Error::Internal(format!(
                    "cannot start a resolver thread: {e}"
                )))
            })),
            Ok(Err(p)) => std::panic::resume_unwind(p),
        }
        out
    })
}

/// A use of a trait the program names but does not define: its internal name (the path), its
/// arguments (a lifetime's kind kept), the associated types named with it (name, parameter
/// count), where.
#[derive(Clone, Debug)]
struct UnseenTrait {
    path: String,
    args: Vec<ParamKind>,
    assoc: Vec<(String, usize)>,
    span: Span,
}

impl UnseenTrait {
    /// Record its associated type `name` with `n` parameters (once).
    fn add_assoc(&mut self, name: String, n: usize) {
        if !self.assoc.iter().any(|x| x.0 == name) {
            self.assoc.push((name, n));
        }
    }

    /// The trait's declaration: the parameters and associated types its uses show, nothing else.
    fn item(self) -> Item {
        let span = self.span;
        let ident = |name: String| Ident {
            name,
            span: span.clone(),
        };
        let param = |kind: ParamKind, name: String| GenericParam {
            kind,
            name: ident(name),
            bounds: Vec::new(),
            default: None,
            span: span.clone(),
        };
        let params = self
            .args
            .into_iter()
            .enumerate()
            .map(|(i, k)| match k {
                ParamKind::Lifetime => param(k, format!("'p{i}")),
                k => param(k, format!("P{i}")),
            })
            .collect();
        let assoc_types = self
            .assoc
            .into_iter()
            .map(|(name, n)| AssocTyDecl {
                name: ident(name),
                params: (0..n)
                    .map(|i| param(ParamKind::Type, format!("A{i}")))
                    .collect(),
                bounds: Vec::new(),
                where_clauses: Vec::new(),
                default: None,
                span: span.clone(),
            })
            .collect();
        Item {
            attrs: vec![Attribute {
                name: ident(UNSEEN_ATTR.to_string()),
                args: None,
                value: None,
                span: span.clone(),
            }],
            public: false,
            kind: ItemKind::Trait(TraitDef {
                name: ident(self.path),
                params,
                supertraits: Vec::new(),
                where_clauses: Vec::new(),
                assoc_types,
            }),
            span,
        }
    }
}

const MAX_ALIAS_DEPTH: usize = 64;

impl<'r> Rw<'r> {
    fn new(r: &'r Resolver, module: usize) -> Rw<'r> {
        Rw {
            r,
            module,
            params: FxHashSet::default(),
            depth: 0,
            on_param: FxHashMap::default(),
            cur_self: None,
            moved: Vec::new(),
            externals: Vec::new(),
            fragment: None,
            ext_traits: Vec::new(),
        }
    }

    fn collect_assoc_bounds(&mut self, item: &Item, own_name: Option<&str>) {
        let add = |on: &mut FxHashMap<String, Vec<(TraitBound, Ty)>>,
                   p: &str,
                   b: &TraitBound,
                   self_ty: Ty| {
            on.entry(p.to_string())
                .or_default()
                .push((b.clone(), self_ty));
        };
        let named = |n: &str, span: &Span| Ty {
            kind: TyKind::Named {
                name: Ident {
                    name: n.to_string(),
                    span: span.clone(),
                },
                args: Vec::new(),
            },
            span: span.clone(),
        };
        let mut on = std::mem::take(&mut self.on_param);
        let params_and_wcs =
            |ps: &[GenericParam],
             ws: &[WhereClause],
             on: &mut FxHashMap<String, Vec<(TraitBound, Ty)>>| {
                for p in ps {
                    for b in &p.bounds {
                        if let Bound::Trait(b) = b {
                            add(on, &p.name.name, b, named(&p.name.name, &p.span));
                        }
                    }
                }
                for w in ws {
                    if let WhereClauseKind::Implemented(tr) = &w.kind {
                        if let TyKind::Named { name, args } = &tr.self_ty.kind {
                            if args.is_empty() && !name.name.contains("::") {
                                add(on, &name.name, &tr.bound, tr.self_ty.clone());
                            }
                        }
                    }
                }
            };
        match &item.kind {
            ItemKind::Struct(a) | ItemKind::Enum(a) => {
                params_and_wcs(&a.params, &a.where_clauses, &mut on)
            }
            ItemKind::Trait(t) => {
                params_and_wcs(&t.params, &t.where_clauses, &mut on);
                if let Some(own) = own_name {
                    let span = item.span.clone();
                    let me = TraitBound {
                        binders: Vec::new(),
                        maybe: false,
                        name: Ident {
                            name: own.to_string(),
                            span: span.clone(),
                        },
                        args: t
                            .params
                            .iter()
                            .map(|p| match p.kind {
                                ParamKind::Lifetime => GenericArg::Lifetime(Lifetime {
                                    kind: LifetimeKind::Named(p.name.name.clone()),
                                    span: span.clone(),
                                }),
                                _ => GenericArg::Ty(named(&p.name.name, &span)),
                            })
                            .collect(),
                        assoc: Vec::new(),
                        assoc_bounds: Vec::new(),
                        span: span.clone(),
                    };
                    // The trait's own name is already internal: mark it so it is not resolved again.
                    add(&mut on, "Self", &me, named("Self", &span));
                    for b in &t.supertraits {
                        if let Bound::Trait(b) = b {
                            add(&mut on, "Self", b, named("Self", &span));
                        }
                    }
                    for a in &t.assoc_types {
                        params_and_wcs(&a.params, &a.where_clauses, &mut on);
                    }
                }
            }
            // `Self::A` in an impl without parameters, where-clauses or associated values could
            // only be in its header, where rustc rejects it (a cycle, E0391): no bounds to record.
            ItemKind::Impl(i)
                if i.params.is_empty()
                    && i.where_clauses.is_empty()
                    && i.assoc_values.is_empty() => {}
            ItemKind::Impl(i) => {
                params_and_wcs(&i.params, &i.where_clauses, &mut on);
                add(
                    &mut on,
                    "Self",
                    &i.trait_ref.bound,
                    i.trait_ref.self_ty.clone(),
                );
            }
            ItemKind::OpaqueType(o) => params_and_wcs(&o.params, &o.where_clauses, &mut on),
            ItemKind::FnDef(f) => params_and_wcs(&f.params, &f.where_clauses, &mut on),
            _ => {}
        }
        self.on_param = on;
    }

    /// The internal name of a trait written `name` here.
    fn trait_name(&self, name: &str) -> Option<String> {
        if self.r.traits.contains_key(name) {
            return Some(name.to_string());
        }
        let segs: Vec<&str> = name.split("::").collect();
        match self.r.path(self.module, &segs) {
            Some(Def::Item(n)) => Some(n),
            _ => None,
        }
    }

    /// The trait among `t` and its supertraits that declares `assoc`, with its arguments given
    /// those of `t` (`args`): `None` if none or several do.
    fn declaring(
        &self,
        t: &str,
        args: &[GenericArg],
        assoc: &str,
    ) -> Option<(String, Vec<GenericArg>)> {
        let mut found: Vec<(String, Vec<GenericArg>)> = Vec::new();
        let mut stack = vec![(t.to_string(), args.to_vec(), 0usize)];
        let mut seen = FxHashSet::default();
        while let Some((t, args, depth)) = stack.pop() {
            if depth > 32 || !seen.insert(t.clone()) {
                continue;
            }
            let Some(meta) = self.r.traits.get(&t) else {
                continue;
            };
            if meta.assoc.iter().any(|a| a == assoc) {
                found.push((t.clone(), args.clone()));
                continue;
            }
            let subst: FxHashMap<String, GenericArg> = meta
                .params
                .iter()
                .cloned()
                .zip(args.iter().cloned())
                .collect();
            for (s, sargs) in &meta.supers {
                let mut sargs = sargs.clone();
                for a in &mut sargs {
                    if let GenericArg::Ty(t) = a {
                        substitute(t, &subst, &FxHashMap::default());
                    }
                }
                stack.push((s.clone(), sargs, depth + 1));
            }
        }
        if found.len() == 1 {
            found.pop()
        } else {
            None
        }
    }

    // ------------------------------------------------------------ which names are parameters

    fn collect_params(&mut self, ps: &[GenericParam]) {
        for p in ps {
            self.params.insert(p.name.name.clone());
        }
    }

    fn collect_wcs(&mut self, w: &[WhereClause]) {
        for c in w {
            self.collect_params(&c.binders);
        }
    }

    fn collect_item(&mut self, item: &Item) {
        match &item.kind {
            ItemKind::Struct(a) | ItemKind::Enum(a) => {
                self.collect_params(&a.params);
                self.collect_wcs(&a.where_clauses);
            }
            ItemKind::Trait(t) => {
                self.collect_params(&t.params);
                self.collect_wcs(&t.where_clauses);
                for a in &t.assoc_types {
                    self.collect_params(&a.params);
                    self.collect_wcs(&a.where_clauses);
                }
            }
            ItemKind::Impl(i) => {
                self.collect_params(&i.params);
                self.collect_wcs(&i.where_clauses);
                for a in &i.assoc_values {
                    self.collect_params(&a.params);
                    self.collect_wcs(&a.where_clauses);
                }
            }
            ItemKind::OpaqueType(o) => {
                self.collect_params(&o.params);
                self.collect_wcs(&o.where_clauses);
            }
            ItemKind::FnDef(f) => {
                self.collect_params(&f.params);
                self.collect_wcs(&f.where_clauses);
            }
            ItemKind::Closure(c) => self.collect_params(&c.params),
            ItemKind::Coroutine(c) => self.collect_params(&c.params),
            ItemKind::ForeignType(_) | ItemKind::External(_) => {}
            ItemKind::Clause(c) => self.collect_clause(c),
        }
    }

    fn collect_clause(&mut self, c: &Clause) {
        self.collect_params(&c.binders);
        for g in &c.conditions {
            self.collect_goal(g);
        }
    }

    fn collect_goal(&mut self, g: &Goal) {
        let mut stack = vec![g];
        while let Some(g) = stack.pop() {
            match &g.kind {
                GoalKind::And(gs) => stack.extend(gs),
                GoalKind::ForAll(ps, g) | GoalKind::Exists(ps, g) => {
                    self.collect_params(ps);
                    stack.push(g);
                }
                GoalKind::Implies(cs, g) => {
                    for c in cs {
                        self.collect_clause(c);
                    }
                    stack.push(g);
                }
                GoalKind::Not(g) | GoalKind::Compatible(g) => stack.push(g),
                GoalKind::Domain(DomainGoal::Holds(w)) => self.collect_params(&w.binders),
                _ => {}
            }
        }
    }

    fn is_param(&self, n: &str) -> bool {
        n == "Self" || self.params.contains(n)
    }

    // ------------------------------------------------------------ rewriting

    fn item(&mut self, item: &mut Item) -> Result<()> {
        for a in &mut item.attrs {
            if a.name.name == "derive" {
                for d in a.args.iter_mut().flatten() {
                    let segs: Vec<&str> = d.name.split("::").collect();
                    if let Some(Def::Item(n)) = self.r.path(self.module, &segs) {
                        d.name = n;
                    }
                }
            }
        }
        match &mut item.kind {
            ItemKind::Struct(a) | ItemKind::Enum(a) => {
                self.params_(&mut a.params)?;
                self.wcs(&mut a.where_clauses)?;
                for v in &mut a.variants {
                    for f in &mut v.fields {
                        self.ty(&mut f.ty)?;
                    }
                }
            }
            ItemKind::Trait(t) => {
                self.params_(&mut t.params)?;
                self.cur_self = Some(Ty {
                    kind: TyKind::Named {
                        name: Ident {
                            name: "Self".into(),
                            span: item.span.clone(),
                        },
                        args: Vec::new(),
                    },
                    span: item.span.clone(),
                });
                self.bounds(&mut t.supertraits)?;
                self.wcs(&mut t.where_clauses)?;
                for a in &mut t.assoc_types {
                    self.params_(&mut a.params)?;
                    self.bounds(&mut a.bounds)?;
                    self.wcs(&mut a.where_clauses)?;
                    if let Some(d) = &mut a.default {
                        self.ty(d)?;
                    }
                }
            }
            ItemKind::Impl(i) => {
                self.params_(&mut i.params)?;
                self.trait_ref(&mut i.trait_ref)?;
                // An impl of a trait knot cannot see declares the associated types it gives.
                for a in &i.assoc_values {
                    let tr = &i.trait_ref.bound.name.name;
                    self.note_unseen_assoc(tr, a.name.name.clone(), a.params.len());
                }
                self.wcs(&mut i.where_clauses)?;
                for a in &mut i.assoc_values {
                    self.params_(&mut a.params)?;
                    self.wcs(&mut a.where_clauses)?;
                    self.ty(&mut a.value)?;
                }
            }
            ItemKind::OpaqueType(o) => {
                self.params_(&mut o.params)?;
                self.bounds(&mut o.bounds)?;
                self.wcs(&mut o.where_clauses)?;
                self.ty(&mut o.hidden)?;
            }
            ItemKind::FnDef(f) => {
                self.params_(&mut f.params)?;
                for t in &mut f.inputs {
                    self.ty(t)?;
                }
                if let Some(t) = &mut f.output {
                    self.ty(t)?;
                }
                self.wcs(&mut f.where_clauses)?;
            }
            ItemKind::Closure(c) => {
                self.params_(&mut c.params)?;
                for t in c.inputs.iter_mut().chain(c.upvars.iter_mut()) {
                    self.ty(t)?;
                }
                if let Some(t) = &mut c.output {
                    self.ty(t)?;
                }
            }
            ItemKind::Coroutine(c) => {
                self.params_(&mut c.params)?;
                self.ty(&mut c.resume)?;
                self.ty(&mut c.yield_ty)?;
                for t in c.upvars.iter_mut().chain(c.witnesses.iter_mut()) {
                    self.ty(t)?;
                }
                if let Some(t) = &mut c.output {
                    self.ty(t)?;
                }
            }
            ItemKind::ForeignType(_) | ItemKind::External(_) => {}
            ItemKind::Clause(c) => self.clause(c)?,
        }
        Ok(())
    }

    fn params_(&mut self, ps: &mut [GenericParam]) -> Result<()> {
        for p in ps {
            self.cur_self = Some(Ty {
                kind: TyKind::Named {
                    name: p.name.clone(),
                    args: Vec::new(),
                },
                span: p.span.clone(),
            });
            self.bounds(&mut p.bounds)?;
            if let ParamKind::Const { ty: Some(t) } = &mut p.kind {
                self.ty(t)?;
            }
            if let Some(d) = &mut p.default {
                self.arg(d)?;
            }
        }
        Ok(())
    }

    /// Resolve bounds; a binding moved to a supertrait (`FnMut(A) -> R` binds `FnOnce::Output`)
    /// becomes a bound right after the one it came from, so the goal that binds `R` is proved
    /// before the bounds written after it (`R: Future`) are asked with `R` unknown.
    fn bounds(&mut self, bs: &mut Vec<Bound>) -> Result<()> {
        let mut out = Vec::with_capacity(bs.len());
        for mut b in std::mem::take(bs) {
            let saved = std::mem::take(&mut self.moved);
            if let Bound::Trait(t) = &mut b {
                self.trait_bound(t)?;
            }
            let moved = std::mem::replace(&mut self.moved, saved);
            out.push(b);
            out.extend(moved.into_iter().map(Bound::Trait));
        }
        *bs = out;
        Ok(())
    }

    /// Resolve where-clauses; moved bindings follow the clause they came from (as in `bounds`).
    fn wcs(&mut self, ws: &mut Vec<WhereClause>) -> Result<()> {
        let mut out = Vec::with_capacity(ws.len());
        for mut w in std::mem::take(ws) {
            let saved = std::mem::take(&mut self.moved);
            self.wc(&mut w)?;
            let moved = std::mem::replace(&mut self.moved, saved);
            let extra: Vec<WhereClause> = match &w.kind {
                WhereClauseKind::Implemented(tr) => moved
                    .into_iter()
                    .map(|m| WhereClause {
                        binders: w.binders.clone(),
                        kind: WhereClauseKind::Implemented(TraitRef {
                            self_ty: tr.self_ty.clone(),
                            span: m.span.clone(),
                            bound: m,
                        }),
                        span: w.span.clone(),
                    })
                    .collect(),
                _ => Vec::new(),
            };
            out.push(w);
            out.extend(extra);
        }
        *ws = out;
        Ok(())
    }

    fn wc(&mut self, w: &mut WhereClause) -> Result<()> {
        self.params_(&mut w.binders)?;
        match &mut w.kind {
            WhereClauseKind::Implemented(t) => self.trait_ref(t),
            WhereClauseKind::TypeOutlives { ty, .. } => self.ty(ty),
            WhereClauseKind::LifetimeOutlives { .. } => Ok(()),
        }
    }

    fn trait_ref(&mut self, t: &mut TraitRef) -> Result<()> {
        self.ty(&mut t.self_ty)?;
        self.trait_bound_on(&mut t.bound, Some(&t.self_ty))
    }

    /// A bound in a list: its self type is `cur_self` (the first bound of the list takes it).
    fn trait_bound(&mut self, t: &mut TraitBound) -> Result<()> {
        let self_ty = self.cur_self.take();
        self.trait_bound_on(t, self_ty.as_ref())
    }

    /// A bound on `self_ty` (needed when the trait has parameters with defaults, which may name
    /// `Self`).
    fn trait_bound_on(&mut self, t: &mut TraitBound, self_ty: Option<&Ty>) -> Result<()> {
        self.params_(&mut t.binders)?;
        self.cur_self = None;
        if !self.is_param(&t.name.name) {
            let segs = Segs::of(&t.name.name);
            let def = self.r.path_ref(self.module, &segs);
            let unseen = self.is_unseen_trait_def(&t.name.name, def.as_deref(), &segs);
            drop(segs);
            if let Some(Def::Item(n) | Def::External(n)) = def.as_deref() {
                if *n != t.name.name {
                    t.name.name.clone_from(n);
                }
            }
            if unseen {
                if def.is_none() {
                    if self.fragment.is_none()
                        && self.r.reads_in_part(self.module, &Segs::of(&t.name.name))
                    {
                        self.fragment = Some(format!("`{}`", t.name.name));
                    }
                    let q = self.r.qualify(self.module, &t.name.name);
                    if q != t.name.name {
                        t.name.name = q;
                    }
                }
                let mut u = UnseenTrait {
                    path: t.name.name.clone(),
                    args: t
                        .args
                        .iter()
                        .map(|a| match a {
                            GenericArg::Lifetime(_) => ParamKind::Lifetime,
                            GenericArg::Const(_) => ParamKind::Const { ty: None },
                            GenericArg::Ty(_) => ParamKind::Type,
                        })
                        .collect(),
                    assoc: Vec::new(),
                    span: t.name.span.clone(),
                };
                for (n, k) in t
                    .assoc
                    .iter()
                    .map(|a| (&a.name.name, a.args.len()))
                    .chain(t.assoc_bounds.iter().map(|a| (&a.name.name, a.args.len())))
                {
                    u.add_assoc(n.clone(), k);
                }
                self.ext_traits.push(u);
            }
        }
        for a in &mut t.args {
            self.arg(a)?;
        }
        if let (Some(meta), Some(st)) = (self.r.traits.get(&t.name.name), self_ty) {
            let non_lt: Vec<&GenericParam> = meta
                .decl
                .iter()
                .filter(|p| p.kind != ParamKind::Lifetime)
                .collect();
            let given = t
                .args
                .iter()
                .filter(|a| !matches!(a, GenericArg::Lifetime(_)))
                .count();
            if given < non_lt.len() && non_lt[given..].iter().all(|p| p.default.is_some()) {
                let mut subst: FxHashMap<String, GenericArg> = FxHashMap::default();
                subst.insert("Self".into(), GenericArg::Ty(st.clone()));
                let mut k = 0;
                for a in &t.args {
                    if !matches!(a, GenericArg::Lifetime(_)) {
                        subst.insert(non_lt[k].name.name.clone(), a.clone());
                        k += 1;
                    }
                }
                let module = meta.module;
                for p in &non_lt[given..] {
                    let Some(mut d) = p.default.clone() else {
                        break;
                    };
                    let mut inner = Rw::new(self.r, module);
                    inner.collect_params(&meta.decl);
                    inner.arg(&mut d)?;
                    self.externals.append(&mut inner.externals);
                    if let GenericArg::Ty(ty) = &mut d {
                        substitute(ty, &subst, &FxHashMap::default());
                    }
                    subst.insert(p.name.name.clone(), d.clone());
                    t.args.push(d);
                }
            }
        }
        for a in &mut t.assoc {
            for g in &mut a.args {
                self.arg(g)?;
            }
            self.ty(&mut a.value)?;
        }
        for a in &mut t.assoc_bounds {
            for g in &mut a.args {
                self.arg(g)?;
            }
            for b in &mut a.bounds {
                if let Bound::Trait(inner) = b {
                    self.trait_bound(inner)?;
                }
            }
        }
        // A binding of an associated type a supertrait declares (`Fn(A) -> R` binds `FnOnce`'s
        // `Output`) becomes a bound on that supertrait.
        if let Some(meta) = self.r.traits.get(&t.name.name) {
            let mut keep = Vec::new();
            for a in std::mem::take(&mut t.assoc) {
                if meta.assoc.contains(&a.name.name) {
                    keep.push(a);
                    continue;
                }
                match self.declaring(&t.name.name, &t.args, &a.name.name) {
                    Some((d, args)) => self.moved.push(TraitBound {
                        binders: t.binders.clone(),
                        maybe: false,
                        name: Ident {
                            name: d,
                            span: a.span.clone(),
                        },
                        args,
                        assoc: vec![a],
                        assoc_bounds: Vec::new(),
                        span: t.span.clone(),
                    }),
                    None => keep.push(a),
                }
            }
            t.assoc = keep;
        }
        Ok(())
    }

    fn arg(&mut self, a: &mut GenericArg) -> Result<()> {
        match a {
            GenericArg::Ty(t) => self.ty(t),
            _ => Ok(()),
        }
    }

    /// The path a type spells when it is a plain path (`a::b::C` parsed as nested `TypeRelative`s
    /// by the goal grammar), without arguments except on the last segment.
    fn plain_path(t: &Ty) -> Option<Vec<String>> {
        match &t.kind {
            TyKind::Named { name, args } if args.is_empty() => {
                Some(name.name.split("::").map(String::from).collect())
            }
            TyKind::TypeRelative { base, name, args } if args.is_empty() => {
                let mut p = Self::plain_path(base)?;
                p.push(name.name.clone());
                Some(p)
            }
            _ => None,
        }
    }

    fn ty(&mut self, t: &mut Ty) -> Result<()> {
        match &mut t.kind {
            TyKind::Named { name, args } => {
                for a in args.iter_mut() {
                    self.arg(a)?;
                }
                let strs = Segs::of(&name.name);
                if self.is_param(strs[0]) {
                    if strs.len() > 1 {
                        let segs: Vec<String> = strs.iter().map(|s| s.to_string()).collect();
                        // `T::Assoc::Other`: associated items of a parameter.
                        let span = t.span.clone();
                        let args = std::mem::take(args);
                        let mut ty = Ty {
                            kind: TyKind::Named {
                                name: Ident {
                                    name: segs[0].clone(),
                                    span: name.span.clone(),
                                },
                                args: Vec::new(),
                            },
                            span: span.clone(),
                        };
                        let n = segs.len();
                        for (i, s) in segs.into_iter().enumerate().skip(1) {
                            ty = Ty {
                                kind: TyKind::TypeRelative {
                                    base: Box::new(ty),
                                    name: Ident {
                                        name: s,
                                        span: span.clone(),
                                    },
                                    args: if i + 1 == n { args.clone() } else { Vec::new() },
                                },
                                span: span.clone(),
                            };
                        }
                        *t = ty;
                        return self.ty(t);
                    }
                    return Ok(());
                }
                let def = self.r.path_ref(self.module, &strs);
                let unseen = def.is_none() && self.names_unseen(None, &strs);
                drop(strs);
                match def.as_deref() {
                    Some(Def::Item(n)) => {
                        if let Some((ps, module)) = self.r.adts.get(n) {
                            fill_defaults(self.r, ps, *module, args)?;
                        }
                        if *n != name.name {
                            name.name.clone_from(n);
                        }
                    }
                    Some(&Def::Alias(i)) => {
                        let args = std::mem::take(args);
                        *t = self.expand(i, args, t.span.clone())?;
                    }
                    Some(Def::External(p)) => {
                        self.externals
                            .push((p.clone(), arity_of(args), name.span.clone()));
                        name.name.clone_from(p);
                    }
                    Some(Def::Module(_)) => {}
                    None if unseen => {
                        // A path into a module or crate knot does not model (or a name a glob
                        // import it cannot see may bring in): a type defined elsewhere.
                        if self.fragment.is_none()
                            && self.r.reads_in_part(self.module, &Segs::of(&name.name))
                        {
                            self.fragment = Some(format!("`{}`", name.name));
                        }
                        let q = self.r.qualify(self.module, &name.name);
                        if q != name.name {
                            name.name = q;
                        }
                        self.externals
                            .push((name.name.clone(), arity_of(args), name.span.clone()));
                    }
                    None => {}
                }
                Ok(())
            }
            TyKind::TypeRelative { base, name, args } => {
                for a in args.iter_mut() {
                    self.arg(a)?;
                }
                if let Some(mut p) = Self::plain_path(base) {
                    if !self.is_param(&p[0]) {
                        p.push(name.name.clone());
                        let strs: Vec<&str> = p.iter().map(String::as_str).collect();
                        match self.r.path(self.module, &strs) {
                            Some(Def::Item(n)) => {
                                let mut args = std::mem::take(args);
                                // Defaults that mention other parameters (`LazyLock<T, F = fn() -> T>`),
                                // as for a path written with `::` in a program.
                                if let Some((ps, module)) = self.r.adts.get(&n) {
                                    fill_defaults(self.r, ps, *module, &mut args)?;
                                }
                                t.kind = TyKind::Named {
                                    name: Ident {
                                        name: n,
                                        span: name.span.clone(),
                                    },
                                    args,
                                };
                                return Ok(());
                            }
                            Some(Def::Alias(i)) => {
                                let args = std::mem::take(args);
                                *t = self.expand(i, args, t.span.clone())?;
                                return Ok(());
                            }
                            _ => {}
                        }
                    }
                }
                if let TyKind::Named {
                    name: b,
                    args: bargs,
                } = &base.kind
                {
                    if bargs.is_empty() && self.is_param(&b.name) {
                        if let Some(p) = self.param_projection(&b.name, &name.name) {
                            let (self_ty, tr, targs) = p;
                            let span = t.span.clone();
                            let args = std::mem::take(args);
                            let name = name.clone();
                            let mut proj = Ty {
                                kind: TyKind::Projection {
                                    trait_ref: Box::new(TraitRef {
                                        self_ty,
                                        bound: TraitBound {
                                            binders: Vec::new(),
                                            maybe: false,
                                            name: Ident {
                                                name: tr,
                                                span: span.clone(),
                                            },
                                            args: targs,
                                            assoc: Vec::new(),
                                            assoc_bounds: Vec::new(),
                                            span: span.clone(),
                                        },
                                        span: span.clone(),
                                    }),
                                    name,
                                    args,
                                },
                                span,
                            };
                            // (An unseen trait's associated type is recorded by the projection's
                            // own resolution.)
                            self.ty(&mut proj)?;
                            *t = proj;
                            return Ok(());
                        }
                    }
                }
                self.ty(base)
            }
            TyKind::Projection {
                trait_ref,
                name,
                args,
            } => {
                for a in args.iter_mut() {
                    self.arg(a)?;
                }
                self.trait_ref(trait_ref)?;
                let n = args.len();
                self.note_unseen_assoc(&trait_ref.bound.name.name, name.name.clone(), n);
                Ok(())
            }
            TyKind::Scalar(_) | TyKind::Str | TyKind::Never => Ok(()),
            TyKind::Tuple(ts) => {
                for x in ts {
                    self.ty(x)?;
                }
                Ok(())
            }
            TyKind::Slice(x) | TyKind::Array(x, _) | TyKind::RawPtr(_, x) => self.ty(x),
            TyKind::Ref { ty, .. } => self.ty(ty),
            TyKind::Dyn { bounds, .. } => {
                let saved = std::mem::take(&mut self.moved);
                for b in bounds.iter_mut() {
                    self.trait_bound(b)?;
                }
                let moved = std::mem::replace(&mut self.moved, saved);
                bounds.extend(moved);
                Ok(())
            }
            TyKind::FnPtr(f) => {
                for x in &mut f.params {
                    self.ty(x)?;
                }
                if let Some(r) = &mut f.ret {
                    self.ty(r)?;
                }
                Ok(())
            }
        }
    }

    /// `P::A` for a parameter (or `Self`) `P`: the projection `<P as Tr<..>>::A` when exactly one
    /// trait among `P`'s bounds (and their supertraits) declares `A`.
    fn param_projection(&self, p: &str, assoc: &str) -> Option<(Ty, String, Vec<GenericArg>)> {
        let bounds = self.on_param.get(p)?;
        let mut found = Vec::new();
        for (b, self_ty) in bounds {
            let Some(t) = self.trait_name(&b.name.name) else {
                continue;
            };
            if let Some((d, args)) = self.declaring(&t, &b.args, assoc) {
                if !found
                    .iter()
                    .any(|(_, x, _): &(Ty, String, Vec<GenericArg>)| *x == d)
                {
                    found.push((self_ty.clone(), d, args));
                }
            }
        }
        if found.is_empty() {
            // No trait knot sees declares it: the one bound naming a trait it cannot see, if
            // there is exactly one (its associated types are whatever its uses name).
            let mut unseen = bounds
                .iter()
                .filter(|(b, _)| self.is_unseen_trait(&b.name.name))
                .map(|(b, self_ty)| (self_ty.clone(), b.name.name.clone(), b.args.clone()));
            return match (unseen.next(), unseen.next()) {
                (Some(one), None) => Some(one),
                _ => None,
            };
        }
        if found.len() == 1 {
            found.pop()
        } else {
            None
        }
    }

    /// Record that the unseen trait `tr` (if it is one this item's uses met) has the associated type
    /// `assoc` with `n` parameters.
    fn note_unseen_assoc(&mut self, tr: &str, assoc: String, n: usize) {
        if let Some(u) = self.ext_traits.iter_mut().rev().find(|u| u.path == tr) {
            u.add_assoc(assoc, n);
        }
    }

    /// Whether `name`, as written in this module, names a trait knot cannot see: an import of what
    /// it does not model, a path into an unmodelled module or crate, or a name an unseen glob
    /// import may bring in (as `trait_bound` decides).
    fn is_unseen_trait(&self, name: &str) -> bool {
        let segs: Vec<&str> = name.split("::").collect();
        self.is_unseen_trait_def(name, self.r.path(self.module, &segs).as_ref(), &segs)
    }

    /// [`Rw::is_unseen_trait`] for a name already resolved to `def` (not an internal trait name).
    /// An import of what knot does not model is unseen even when a trait of the std model has the
    /// same name (`use crate::Read`); a name resolving to nothing is unseen unless it is already an
    /// internal trait name.
    fn is_unseen_trait_def(&self, name: &str, def: Option<&Def>, segs: &[&str]) -> bool {
        match def {
            Some(Def::External(_)) => true,
            _ => !self.r.traits.contains_key(name) && self.names_unseen(def, segs),
        }
    }

    /// Whether a name written in this module (`segs`, its segments) that resolved to `def` names
    /// an item knot cannot see: an import of what it does not model, or, resolving to nothing, a
    /// path into a module or crate it does not model or a name an unseen glob import may bring in.
    fn names_unseen(&self, def: Option<&Def>, segs: &[&str]) -> bool {
        match def {
            Some(Def::External(_)) => true,
            None => segs.len() > 1 || self.r.modules[self.module].open_glob,
            _ => false,
        }
    }

    /// A use of type alias `i` with `args`: its definition (resolved where it was written) with
    /// its parameters replaced.
    fn expand(&mut self, i: usize, mut args: Vec<GenericArg>, span: Span) -> Result<Ty> {
        let alias = &self.r.aliases[i];
        if self.depth >= MAX_ALIAS_DEPTH {
            return Err(Error::Lower {
                span,
                code: "lower::alias_cycle",
                message: format!(
                    "type alias `{}` expands more than {MAX_ALIAS_DEPTH} levels deep (a cycle?)",
                    alias.decl.name.name
                ),
            });
        }
        let mut inner = Rw::new(self.r, alias.module);
        inner.depth = self.depth + 1;
        inner.collect_params(&alias.decl.params);
        let mut body = alias.decl.ty.clone();
        inner.ty(&mut body)?;
        self.externals.append(&mut inner.externals);
        let mut subst: FxHashMap<String, GenericArg> = FxHashMap::default();
        let mut lts: FxHashMap<String, Lifetime> = FxHashMap::default();
        let params = alias.decl.params.clone();
        // Lifetime parameters pair with lifetime arguments (which may be elided), the others with
        // the type and const arguments, in order.
        let mut given_lts = Vec::new();
        let mut given_tys = Vec::new();
        for a in args.drain(..) {
            match a {
                GenericArg::Lifetime(l) => given_lts.push(l),
                other => given_tys.push(other),
            }
        }
        let mut given_lts = given_lts.into_iter();
        let mut given_tys = given_tys.into_iter();
        for p in &params {
            if p.kind == ParamKind::Lifetime {
                if let Some(l) = given_lts.next() {
                    lts.insert(p.name.name.clone(), l);
                }
                continue;
            }
            match given_tys.next() {
                Some(a) => {
                    subst.insert(p.name.name.clone(), a);
                }
                None => {
                    if let Some(mut d) = p.default.clone() {
                        inner.arg(&mut d)?;
                        // A default may mention the parameters before it (`E = Error<I>`).
                        if let GenericArg::Ty(ty) = &mut d {
                            substitute(ty, &subst, &lts);
                        }
                        subst.insert(p.name.name.clone(), d);
                    }
                }
            }
        }
        substitute(&mut body, &subst, &lts);
        body.span = span;
        Ok(body)
    }

    fn clause(&mut self, c: &mut Clause) -> Result<()> {
        self.params_(&mut c.binders)?;
        self.domain(&mut c.consequence)?;
        for g in &mut c.conditions {
            self.goal(g)?;
        }
        Ok(())
    }

    fn goal(&mut self, g: &mut Goal) -> Result<()> {
        match &mut g.kind {
            GoalKind::And(gs) => {
                for x in gs {
                    self.goal(x)?;
                }
                Ok(())
            }
            GoalKind::ForAll(ps, x) | GoalKind::Exists(ps, x) => {
                self.params_(ps)?;
                self.goal(x)
            }
            GoalKind::Implies(cs, x) => {
                for c in cs {
                    self.clause(c)?;
                }
                self.goal(x)
            }
            GoalKind::Not(x) | GoalKind::Compatible(x) => self.goal(x),
            GoalKind::Eq(a, b) => {
                self.arg(a)?;
                self.arg(b)
            }
            GoalKind::Subtype(a, b) => {
                self.ty(a)?;
                self.ty(b)
            }
            GoalKind::Domain(d) => {
                let saved = std::mem::take(&mut self.moved);
                self.domain(d)?;
                let moved = std::mem::replace(&mut self.moved, saved);
                // A binding of a supertrait's associated type (`F: Fn(u32) -> u32` binds
                // `FnOnce::Output`) is a goal of its own on that supertrait, proved beside this one.
                let self_ty = match d {
                    DomainGoal::Holds(WhereClause {
                        kind: WhereClauseKind::Implemented(tr),
                        ..
                    }) => Some(tr.self_ty.clone()),
                    _ => None,
                };
                if let (Some(self_ty), false) = (self_ty, moved.is_empty()) {
                    let span = g.span.clone();
                    let mut all = vec![g.clone()];
                    for m in moved {
                        all.push(Goal {
                            kind: GoalKind::Domain(DomainGoal::Holds(WhereClause {
                                binders: Vec::new(),
                                kind: WhereClauseKind::Implemented(TraitRef {
                                    self_ty: self_ty.clone(),
                                    span: m.span.clone(),
                                    bound: m,
                                }),
                                span: span.clone(),
                            })),
                            span: span.clone(),
                        });
                    }
                    g.kind = GoalKind::And(all);
                }
                Ok(())
            }
        }
    }

    fn domain(&mut self, d: &mut DomainGoal) -> Result<()> {
        match d {
            DomainGoal::Holds(w) => self.wc(w),
            DomainGoal::Normalize { alias, ty } => {
                self.ty(alias)?;
                self.ty(ty)
            }
            DomainGoal::WellFormedTy(t)
            | DomainGoal::FromEnvTy(t)
            | DomainGoal::IsLocal(t)
            | DomainGoal::IsUpstream(t)
            | DomainGoal::IsFullyVisible(t)
            | DomainGoal::DownstreamType(t) => self.ty(t),
            DomainGoal::WellFormedTrait(t)
            | DomainGoal::FromEnvTrait(t)
            | DomainGoal::LocalImplAllowed(t) => self.trait_ref(t),
            DomainGoal::ObjectSafe(i) => {
                let segs: Vec<&str> = i.name.split("::").collect();
                if let Some(Def::Item(n)) = self.r.path(self.module, &segs) {
                    i.name = n;
                }
                Ok(())
            }
            DomainGoal::Compatible | DomainGoal::Reveal => Ok(()),
        }
    }
}

fn substitute(t: &mut Ty, s: &FxHashMap<String, GenericArg>, l: &FxHashMap<String, Lifetime>) {
    let lt = |x: &mut Lifetime| {
        if let LifetimeKind::Named(n) = &x.kind {
            if let Some(v) = l.get(n) {
                *x = v.clone();
            }
        }
    };
    let sub_arg = |a: &mut GenericArg| match a {
        GenericArg::Ty(t) => substitute(t, s, l),
        GenericArg::Lifetime(x) => lt(x),
        GenericArg::Const(ConstValue::Name(n)) => {
            if let Some(v) = s.get(&n.name) {
                *a = v.clone();
            }
        }
        GenericArg::Const(_) => {}
    };
    let sub_bound = |b: &mut TraitBound| {
        for a in &mut b.args {
            match a {
                GenericArg::Ty(t) => substitute(t, s, l),
                GenericArg::Lifetime(x) => lt(x),
                _ => {}
            }
        }
        for a in &mut b.assoc {
            substitute(&mut a.value, s, l);
        }
    };
    match &mut t.kind {
        TyKind::Named { name, args } => {
            if args.is_empty() {
                if let Some(GenericArg::Ty(v)) = s.get(&name.name) {
                    *t = v.clone();
                    return;
                }
            }
            for a in args {
                sub_arg(a);
            }
        }
        TyKind::TypeRelative { base, args, .. } => {
            substitute(base, s, l);
            for a in args {
                sub_arg(a);
            }
        }
        TyKind::Projection {
            trait_ref, args, ..
        } => {
            substitute(&mut trait_ref.self_ty, s, l);
            sub_bound(&mut trait_ref.bound);
            for a in args {
                sub_arg(a);
            }
        }
        TyKind::Scalar(_) | TyKind::Str | TyKind::Never => {}
        TyKind::Tuple(ts) => {
            for x in ts {
                substitute(x, s, l);
            }
        }
        TyKind::Slice(x) | TyKind::RawPtr(_, x) => substitute(x, s, l),
        TyKind::Array(x, c) => {
            substitute(x, s, l);
            if let ConstValue::Name(n) = c {
                if let Some(GenericArg::Const(v)) = s.get(&n.name) {
                    *c = v.clone();
                }
            }
        }
        TyKind::Ref { ty, lifetime, .. } => {
            if let Some(x) = lifetime {
                lt(x);
            }
            substitute(ty, s, l)
        }
        TyKind::Dyn { bounds, lifetime } => {
            if let Some(x) = lifetime {
                lt(x);
            }
            for b in bounds {
                sub_bound(b);
            }
        }
        TyKind::FnPtr(f) => {
            for x in &mut f.params {
                substitute(x, s, l);
            }
            if let Some(r) = &mut f.ret {
                substitute(r, s, l);
            }
        }
    }
}

/// Fill the missing arguments of an ADT whose parameter defaults mention its other parameters
/// (`struct Layered<L, I, S = I>`): each default, with the earlier parameters replaced.
fn fill_defaults(
    r: &Resolver,
    ps: &[GenericParam],
    module: usize,
    args: &mut Vec<GenericArg>,
) -> Result<()> {
    let non_lt: Vec<&GenericParam> = ps
        .iter()
        .filter(|p| p.kind != ParamKind::Lifetime)
        .collect();
    let given: Vec<GenericArg> = args
        .iter()
        .filter(|a| !matches!(a, GenericArg::Lifetime(_)))
        .cloned()
        .collect();
    if given.len() >= non_lt.len() || !non_lt[given.len()..].iter().all(|p| p.default.is_some()) {
        return Ok(());
    }
    let mut subst: FxHashMap<String, GenericArg> = FxHashMap::default();
    for (p, a) in non_lt.iter().zip(given.iter()) {
        subst.insert(p.name.name.clone(), a.clone());
    }
    for p in &non_lt[given.len()..] {
        let Some(mut d) = p.default.clone() else {
            break;
        };
        let mut inner = Rw::new(r, module);
        inner.collect_params(ps);
        inner.arg(&mut d)?;
        if let GenericArg::Ty(ty) = &mut d {
            substitute(ty, &subst, &FxHashMap::default());
        }
        subst.insert(p.name.name.clone(), d.clone());
        args.push(d);
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The std model (hundreds of items) resolves to the same
    /// items whether its items are rewritten on one thread or split between two.
    #[test]
    fn items_rewritten_on_two_threads_are_those_rewritten_on_one() {
        let std = std_model::std_crate().expect("the std model parses");
        let one = Resolver::resolve_onto(
            None,
            RawCrate::default(),
            Some(std.clone()),
            Package::default(),
            usize::MAX,
        )
        .expect("resolves");
        let two =
            Resolver::resolve_onto(None, RawCrate::default(), Some(std), Package::default(), 1)
                .expect("resolves");
        assert!(one.library.items.len() > 100);
        assert_eq!(
            format!("{:?}", one.library.items),
            format!("{:?}", two.library.items)
        );
    }

    /// The first error in source order is the one reported, whichever thread met it.
    #[test]
    fn the_first_error_in_order_is_reported_from_either_thread() {
        let file: std::sync::Arc<str> = "t.rs".into();
        let mut src = String::new();
        for i in 0..40 {
            src.push_str(&format!("struct S{i};\n"));
        }
        // Two uses of an unseen trait with different arities: an error at the second one.
        src.push_str("impl other::Tr for S1 {}\n");
        for i in 0..40 {
            src.push_str(&format!("struct R{i};\n"));
        }
        src.push_str("impl other::Tr<u8> for S2 {}\nimpl other::Tr<u8, u8> for S3 {}\n");
        let show = |from: usize| {
            let c = crate::syntax::rust::parse_crate(&file, &src).expect("parses");
            match Resolver::resolve_onto(None, c, None, Package::default(), from) {
                Ok(_) => "ok".to_string(),
                Err(e) => format!("{e:?}"),
            }
        };
        let one = show(usize::MAX);
        assert!(one.contains("external_arity"), "{one}");
        assert_eq!(one, show(1));
    }

    fn resolve_text(src: &str) -> std::result::Result<Vec<Item>, String> {
        let file: std::sync::Arc<str> = "t.rs".into();
        let c = crate::syntax::rust::parse_crate(&file, src).expect("parses");
        Resolver::resolve_onto(None, c, None, Package::default(), usize::MAX)
            .map(|r| r.user.items)
            .map_err(|e| format!("{e:?}"))
    }

    /// Types and traits the program names but does not define: one item each, in the order of
    /// first use, whatever the number of uses; used inconsistently, an error at the use.
    #[test]
    fn unseen_types_and_traits_are_declared_once_each() {
        let mut src = String::new();
        for i in 0..300 {
            src.push_str(&format!(
                "struct S{i};\nimpl other::Tr{} for other::Ty{}<S{i}> {{}}\n",
                i % 7,
                i % 11
            ));
        }
        let items = resolve_text(&src).expect("resolves");
        let names: Vec<String> = items
            .iter()
            .filter_map(|i| match &i.kind {
                ItemKind::External(e) => Some(e.name.name.clone()),
                ItemKind::Trait(_) => declared(i).map(|n| n.name.clone()),
                _ => None,
            })
            .collect();
        let want: Vec<String> = (0..7)
            .map(|k| format!("other::Tr{k}"))
            .chain((0..11).map(|k| format!("other::Ty{k}")))
            .collect();
        assert_eq!(names, want);
        let arity = resolve_text(
            "struct A;\nimpl Clone for other::T<A> {}\nimpl Clone for other::T<A, A> {}\n",
        );
        assert!(arity.is_err_and(|e| e.contains("external_arity")));
        let kind = resolve_text("struct A;\nimpl other::X for other::X {}\n");
        assert!(kind.is_err_and(|e| e.contains("external_kind")));
    }
}
