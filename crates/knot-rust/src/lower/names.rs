//! The items a program declares, by name: what a bare name in a type or bound refers to.

use super::lower_error;
use crate::error::Result;
use crate::syntax::ast::{self, GenericArg, ItemKind, ParamKind};
use rustc_hash::FxHashMap;

/// A generic parameter of an item: its kind and default.
#[derive(Clone, Debug, serde::Serialize, serde::Deserialize)]
pub struct Param {
    /// Name as written (`T`, `'a`, `N`).
    pub name: String,
    /// Type, lifetime or const.
    pub kind: ParamKind,
    /// `T = ()`.
    pub default: Option<GenericArg>,
}

/// A struct or enum.
#[derive(Clone, Debug, serde::Serialize, serde::Deserialize)]
pub struct AdtInfo {
    /// Its parameters.
    pub params: Vec<Param>,
}

/// A trait.
#[derive(Clone, Debug, serde::Serialize, serde::Deserialize)]
pub struct TraitInfo {
    /// Its parameters (not counting `Self`).
    pub params: Vec<Param>,
    /// Associated type names with their own parameter counts.
    pub assoc: Vec<(String, usize)>,
    /// `#[auto]` / `auto trait`.
    pub auto: bool,
    /// `#[coinductive]`.
    pub coinductive: bool,
    /// `#[non_enumerable]`: `?T: Tr` flounders instead of listing the implementing types.
    pub non_enumerable: bool,
    /// `#[lang(x)]`.
    pub lang: Option<String>,
}

/// Every named item of a program (what a goal's names resolve to), as the lowering collected it.
#[derive(Clone, Debug, Default, serde::Serialize, serde::Deserialize)]
pub struct Names {
    /// Structs and enums.
    pub adts: FxHashMap<String, AdtInfo>,
    /// Traits.
    pub traits: FxHashMap<String, TraitInfo>,
    /// Trait names in declaration order.
    pub trait_order: Vec<String>,
    /// Struct and enum names in declaration order.
    pub adt_order: Vec<String>,
    /// Lower by rustc's rules where they differ from chalk's (`.rs` programs): implicit `Sized`,
    /// implied bounds of traits on `Self` only.
    pub rust_rules: bool,
    /// The scopes of a `.rs` program, to resolve the paths in its goals (see `resolve/`).
    #[serde(skip)]
    pub resolver: Option<std::sync::Arc<crate::resolve::Resolver>>,
    /// The program was lowered with the intercrate clauses of open-world coherence.
    pub intercrate: bool,
    /// The first trait declared with `#[lang(sized)]` (looked up once per impl and fn: kept here,
    /// not searched for among all traits each time).
    pub sized: Option<String>,
    /// Some trait is declared with `#[lang(unsize)]` (else no `Unsize` facts are needed; asked once
    /// per struct and trait).
    pub unsize: bool,
}

fn params(ps: &[ast::GenericParam]) -> Vec<Param> {
    ps.iter()
        .map(|p| Param {
            name: p.name.name.clone(),
            kind: p.kind.clone(),
            default: p.default.clone(),
        })
        .collect()
}

impl Names {
    /// Whether `name` is a trait only built-in rules implement, for a fixed kind of type
    /// (`FnPtr`, `Tuple`: see `lang::CLOSED`).
    pub fn is_closed_lang_trait(&self, name: &str) -> bool {
        self.traits
            .get(name)
            .and_then(|t| t.lang.as_deref())
            .is_some_and(|l| super::lang::CLOSED.contains(&l))
    }

    /// Collect the names of a program; a name declared twice is an error.
    pub fn collect(prog: &ast::Program) -> Result<Names> {
        let mut n = Names::default();
        for item in &prog.items {
            match &item.kind {
                ItemKind::Struct(_)
                | ItemKind::Enum(_)
                | ItemKind::OpaqueType(_)
                | ItemKind::FnDef(_)
                | ItemKind::Closure(_)
                | ItemKind::Coroutine(_) => {
                    let Some((name, ps)) = item.kind.type_name_and_params() else {
                        continue;
                    };
                    // Opaque types, function definitions and closures are named like structs (an
                    // opaque type outside `Reveal` is the rigid type chalk writes `!O<..>`).
                    if n.adts.contains_key(&name.name) || n.traits.contains_key(&name.name) {
                        return Err(lower_error(
                            &name.span,
                            "lower::duplicate_item",
                            format!("`{}` is declared twice", name.name),
                        ));
                    }
                    n.adts
                        .insert(name.name.clone(), AdtInfo { params: params(ps) });
                    n.adt_order.push(name.name.clone());
                }
                ItemKind::ForeignType(id) => {
                    n.adts
                        .insert(id.name.clone(), AdtInfo { params: Vec::new() });
                    n.adt_order.push(id.name.clone());
                }
                ItemKind::External(e) => {
                    let params = (0..e.lifetimes)
                        .map(|i| Param {
                            name: format!("'l{i}"),
                            kind: ParamKind::Lifetime,
                            default: None,
                        })
                        .chain((0..e.arity).map(|i| Param {
                            name: format!("T{i}"),
                            kind: ParamKind::Type,
                            default: None,
                        }))
                        .collect();
                    n.adts.insert(e.name.name.clone(), AdtInfo { params });
                    n.adt_order.push(e.name.name.clone());
                }
                ItemKind::Trait(t) => {
                    if n.adts.contains_key(&t.name.name) || n.traits.contains_key(&t.name.name) {
                        return Err(lower_error(
                            &t.name.span,
                            "lower::duplicate_item",
                            format!("`{}` is declared twice", t.name.name),
                        ));
                    }
                    let lang = item
                        .attr("lang")
                        .and_then(|a| a.args.as_ref())
                        .and_then(|a| a.first())
                        .map(|i| i.name.clone());
                    if lang.as_deref() == Some("sized") && n.sized.is_none() {
                        n.sized = Some(t.name.name.clone());
                    }
                    n.unsize |= lang.as_deref() == Some("unsize");
                    n.traits.insert(
                        t.name.name.clone(),
                        TraitInfo {
                            params: params(&t.params),
                            assoc: t
                                .assoc_types
                                .iter()
                                .map(|a| (a.name.name.clone(), a.params.len()))
                                .collect(),
                            auto: item.attr("auto").is_some(),
                            // rustc spells it `#[rustc_coinductive]`.
                            coinductive: item.attr("coinductive").is_some()
                                || item.attr("rustc_coinductive").is_some(),
                            non_enumerable: item.attr("non_enumerable").is_some(),
                            lang,
                        },
                    );
                    n.trait_order.push(t.name.name.clone());
                }
                _ => {}
            }
        }
        Ok(n)
    }

    /// Add the names of another program's items (declared after these). A name declared in both
    /// is an error, as within one program.
    pub fn extend(&mut self, more: Names) -> Result<()> {
        for name in more.adt_order.iter().chain(&more.trait_order) {
            if self.adts.contains_key(name) || self.traits.contains_key(name) {
                let span = crate::error::Span::default();
                return Err(lower_error(
                    &span,
                    "lower::duplicate_item",
                    format!("`{name}` is declared twice"),
                ));
            }
        }
        self.adts.extend(more.adts);
        self.traits.extend(more.traits);
        self.adt_order.extend(more.adt_order);
        self.trait_order.extend(more.trait_order);
        if self.sized.is_none() {
            self.sized = more.sized;
        }
        self.unsize |= more.unsize;
        Ok(())
    }

    /// The traits that declare an associated type `name`.
    pub fn traits_with_assoc(&self, name: &str) -> Vec<&str> {
        self.trait_order
            .iter()
            .filter(|t| self.traits[*t].assoc.iter().any(|(a, _)| a == name))
            .map(|s| s.as_str())
            .collect()
    }
}

impl Names {
    /// The program's traits, then its structs and enums, each in declaration order (the REPL
    /// completes them).
    pub fn item_names(&self) -> impl Iterator<Item = &str> {
        self.trait_order
            .iter()
            .chain(self.adt_order.iter())
            .map(String::as_str)
    }

    /// The program's structs and enums in declaration order, each with the names of its generic
    /// parameters as written (`T`, `'a`, `N`).
    pub fn types_with_params(&self) -> impl Iterator<Item = (&str, Vec<&str>)> {
        self.adt_order.iter().map(|name| {
            let params = self.adts[name]
                .params
                .iter()
                .map(|p| p.name.as_str())
                .collect();
            (name.as_str(), params)
        })
    }
}
