//! The std model, resolved and lowered once, ahead of time: the std image (made at build time).
//!
//! Every `.rs` program is lowered with the std model (`rules/std/*.rs`, about 4,900 clauses).
//! Reading, resolving and lowering it took most of a small query's time (about 16 ms of 18). The
//! image holds the result for an empty program — the term store, the lowered program, the
//! lowering's item table, the resolver's scopes — and a program is resolved and lowered on top of
//! it ([`Resolver::resolve_on`], [`crate::lower::lower_onto`]).
//!
//! That gives the same program as lowering the std model with the program only when the program
//! cannot change how the std model resolves or lowers ([`usable`]): none of its items has the name
//! of a std item (the std item would get a path name), none is a lang item (it would replace the
//! std one), none is an auto trait (every std type would get its rule), no impl of a std auto
//! trait is for a type the program does not declare (it would replace that type's structural
//! rule), and the lowering options are the default ones. Otherwise, or when the image's key (a
//! hash of every source it depends on, made by this crate's `build.rs`) is not this binary's, the std model is
//! lowered with the program as before. The image's unit test fails while it is stale and rewrites
//! it under `UPDATE_EXPECT=1`; another checks, on every `.rs` program of the test corpus, that both
//! ways give the same clauses.

use crate::lower::{LowerOptions, Lowered, Names};
use crate::program::{Program, ProgramImage};
use crate::resolve::Resolver;
use crate::syntax::ast;
use crate::syntax::rust::{RawCrate, RawModule};
use crate::term::{Store, StoreImage};
use rustc_hash::FxHashSet;
use serde::{Deserialize, Serialize};

/// The image handed over by [`install`] (the front door's build script makes it with [`build`]).
static IMAGE: std::sync::OnceLock<&'static [u8]> = std::sync::OnceLock::new();

/// Use `bytes`, made by [`build`], as the std image from now on (the first call wins).
pub fn install(bytes: &'static [u8]) {
    let _ = IMAGE.set(bytes);
}

/// A hash of every source the image depends on (`build.rs`).
fn key() -> u64 {
    env!("KNOT_STD_IMAGE_KEY").parse().unwrap_or(0)
}

/// How many parts the lowered program is encoded in (decoded at once, each on its own thread).
const PROGRAM_PARTS: usize = 2;

#[derive(Serialize, Deserialize)]
struct ImageFile<'a> {
    /// The std model's store, its lowered program (in [`PROGRAM_PARTS`] parts), its item table and
    /// its resolver (each postcard), decoded by each [`prepare`] into values the program then owns
    /// (no copy of a decoded image is made), on as many threads as there are parts.
    #[serde(borrow)]
    store: &'a [u8],
    #[serde(borrow)]
    program: Vec<&'a [u8]>,
    #[serde(borrow)]
    names: &'a [u8],
    #[serde(borrow)]
    resolver: &'a [u8],
    /// The names the std model's items declare (bare, as a program would write them), sorted.
    #[serde(borrow)]
    std_names: Vec<&'a str>,
    /// The std model's auto traits (`Send`, `Sync`, ...), bare, sorted.
    #[serde(borrow)]
    auto_traits: Vec<&'a str>,
    /// The std model's resolved items (postcard), decoded only when an explanation cites them.
    #[serde(borrow)]
    library: &'a [u8],
}

/// The image's light parts, decoded once per process; the rest stays encoded.
struct Decoded {
    store: &'static [u8],
    program: Vec<&'static [u8]>,
    names: &'static [u8],
    resolver: &'static [u8],
    /// Sorted.
    std_names: Vec<&'static str>,
    /// The std model's auto traits (`Send`, `Sync`, ...), sorted.
    auto_traits: Vec<&'static str>,
    library: &'static [u8],
}

/// The std model prepared for one program: its store, its lowered program and item table, and
/// the resolver of its scopes.
pub struct Prepared {
    pub store: Store,
    pub lowered: Lowered,
    pub resolver: Resolver,
}

/// The image, if its key is this binary's.
fn decoded() -> Option<&'static Decoded> {
    static IMG: std::sync::OnceLock<Option<Decoded>> = std::sync::OnceLock::new();
    IMG.get_or_init(|| {
        if crate::resolve::std_model::override_dir().is_some() {
            return None;
        }
        let body = crate::syntax::library::snapshot_body(IMAGE.get()?, key())?;
        let img: ImageFile<'static> = postcard::from_bytes(body).ok()?;
        Some(Decoded {
            auto_traits: img.auto_traits,
            store: img.store,
            program: img.program,
            names: img.names,
            resolver: img.resolver,
            std_names: img.std_names,
            library: img.library,
        })
    })
    .as_ref()
}

/// True when a program lowered on the image is the program lowered with the std model (see the
/// module documentation).
pub fn usable<'a>(user: &'a RawCrate, opts: &LowerOptions) -> bool {
    if opts.coinductive_all || opts.coinductive_none || opts.intercrate {
        return false;
    }
    let Some(img) = decoded() else {
        return false;
    };
    let mut modules: Vec<&RawModule> = vec![&user.root];
    let mut i = 0;
    while let Some(m) = modules.get(i) {
        modules.extend(&m.mods);
        i += 1;
    }
    let mut own: FxHashSet<&str> = FxHashSet::default();
    for item in modules.iter().flat_map(|m| &m.items) {
        if item.attr("lang").is_some() || item.attr("auto").is_some() {
            return false;
        }
        if let Some(n) = crate::resolve::declared_name(item) {
            if img.std_names.binary_search(&n).is_ok() {
                return false;
            }
            own.insert(n);
        }
    }
    for m in &modules {
        for a in &m.aliases {
            own.remove(a.name.name.as_str());
        }
    }
    // An impl of a std auto trait replaces the structural rule of its type constructor: for a std
    // type (which rustc's orphan rule forbids) that rule is the image's.
    let last = |path: &'a str| path.rsplit("::").next().unwrap_or(path);
    modules
        .iter()
        .flat_map(|m| &m.items)
        .all(|item| match &item.kind {
            ast::ItemKind::Impl(i)
                if img
                    .auto_traits
                    .binary_search(&last(&i.trait_ref.bound.name.name))
                    .is_ok() =>
            {
                matches!(&i.trait_ref.self_ty.kind,
                ast::TyKind::Named { name, .. } if own.contains(last(&name.name)))
            }
            _ => true,
        })
}

/// The std model as the image holds it, for one program; `None` when the image is stale.
pub fn prepare() -> Option<Prepared> {
    let img = decoded()?;
    let decode_store = || {
        let image: StoreImage = postcard::from_bytes(img.store).ok()?;
        Store::from_image(image, &crate::vocab::VOCABULARY)
    };
    let decode_part = ProgramImage::decode;
    // The store and each part of the program on its own thread where there are threads (not on
    // wasm32), the item table and the resolver on this one: a third of the load of a one-line
    // program, and another third.
    let (store, parts, names, resolver) = std::thread::scope(|s| {
        let store = std::thread::Builder::new().spawn_scoped(s, decode_store);
        let parts: Vec<_> = img.program[1..]
            .iter()
            .map(|&b| std::thread::Builder::new().spawn_scoped(s, move || decode_part(b)))
            .collect();
        let first = img.program.first().and_then(|&b| decode_part(b));
        let names: Option<Names> = postcard::from_bytes(img.names).ok();
        let resolver: Option<Resolver> = postcard::from_bytes(img.resolver).ok();
        let mut all = vec![first];
        for (h, &b) in parts.into_iter().zip(&img.program[1..]) {
            all.push(match h {
                Ok(h) => h.join().ok().flatten(),
                Err(_) => decode_part(b),
            });
        }
        let store = match store {
            Ok(h) => h.join().ok().flatten(),
            Err(_) => decode_store(),
        };
        (store, all, names, resolver)
    });
    let store = store?;
    let parts: Option<Vec<ProgramImage>> = parts.into_iter().collect();
    let program = Program::from_image_parts(&store, parts?)?;
    Some(Prepared {
        store,
        lowered: Lowered {
            program,
            names: names?,
        },
        resolver: resolver?,
    })
}

/// The std model's resolved items, decoded from the image once per process.
pub fn library() -> &'static ast::Program {
    static LIBRARY: std::sync::OnceLock<ast::Program> = std::sync::OnceLock::new();
    LIBRARY.get_or_init(|| {
        decoded()
            .and_then(|img| postcard::from_bytes(img.library).ok())
            .unwrap_or_default()
    })
}

/// The std model resolved and lowered with an empty program, the way `load::load_rust` does it.
pub fn lower_alone() -> crate::error::Result<(Store, Lowered, crate::resolve::Resolved)> {
    let std = crate::resolve::std_model::std_crate()?;
    let resolved = Resolver::resolve(RawCrate::default(), Some(std))?;
    let mut store = crate::vocab::new_store();
    let opts = LowerOptions {
        rust_rules: true,
        ..LowerOptions::default()
    };
    let mut lowered = crate::lower::lower_program(&mut store, &resolved.library, &opts)?;
    crate::lower::rust_mode::self_type_ambiguous(&mut store, &lowered.names, &mut lowered.program);
    Ok((store, lowered, resolved))
}

/// The std image of the sources compiled in: the std model resolved and lowered alone.
pub fn build() -> crate::error::Result<Vec<u8>> {
    let (store, lowered, resolved) = lower_alone()?;
    let internal =
        |e: String| crate::error::Error::Internal(format!("cannot build the std image: {e}"));
    let program = lowered
        .program
        .image()
        .ok_or_else(|| internal("the std model has foreign predicates".into()))?;
    let mut std_names: Vec<String> = resolved
        .library
        .items
        .iter()
        .filter_map(crate::resolve::declared_name)
        .map(|n| n.rsplit("::").next().unwrap_or(n).to_string())
        .collect();
    std_names.sort();
    std_names.dedup();
    let mut auto_traits: Vec<&str> = lowered
        .names
        .traits
        .iter()
        .filter(|(_, t)| t.auto)
        .map(|(n, _)| n.rsplit("::").next().unwrap_or(n))
        .collect();
    auto_traits.sort();
    auto_traits.dedup();
    let library = encoded(&resolved.library)?;
    let store = encoded(&store.image())?;
    let program = program
        .split(PROGRAM_PARTS)
        .iter()
        .map(|p| p.encode().map_err(|e| internal(e.to_string())))
        .collect::<crate::error::Result<Vec<_>>>()?;
    let names = encoded(&lowered.names)?;
    let resolver = encoded(&resolved.resolver)?;
    let file = ImageFile {
        store: &store,
        program: program.iter().map(|p| &p[..]).collect(),
        names: &names,
        resolver: &resolver,
        library: &library,
        std_names: std_names.iter().map(|n| &n[..]).collect(),
        auto_traits,
    };
    let mut out = key().to_le_bytes().to_vec();
    out.extend(encoded(&file)?);
    Ok(out)
}

/// One part of the image, encoded (postcard).
fn encoded<T: Serialize>(v: &T) -> crate::error::Result<Vec<u8>> {
    postcard::to_stdvec(v)
        .map_err(|e| crate::error::Error::Internal(format!("cannot build the std image: {e}")))
}
