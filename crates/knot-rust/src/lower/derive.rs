//! `#[derive(Trait, ..)]` on a struct or enum: the impl the std derive macro writes,
//! `impl<T: Trait, ..> Trait for S<T, ..> {}` (a bound on every type parameter), for each derived trait
//! the program declares (its own or the prelude's). Derives of traits it does not declare (a procedural
//! derive macro such as serde's `Serialize`) are left out with a located warning: the impls such a
//! macro writes are missing, and an answer may depend on them.
//! As rustc's macros: a trait's defaulted parameters take their defaults (`PartialEq` is
//! `PartialEq<Self>`), and `Default` on an enum (built from its unit `#[default]` variant) has no
//! bound.

use super::names::Names;
use crate::error::Result;
use crate::syntax::ast::{self, ItemKind, ParamKind};
use std::sync::Arc;

/// The impls the program's derive attributes stand for, as items; a warning in `warnings` for each
/// derive left out.
pub fn derived_impls(
    prog: &ast::Program,
    names: &Names,
    warnings: &mut Vec<String>,
) -> Result<Vec<ast::Item>> {
    // Each impl's text, with the span of the derive that writes it.
    // (The type is written `Self_` and named after parsing: a crate's item's internal name is a
    // path, `bytes::Bytes`, which the text would read as an associated type.)
    let mut texts: Vec<(String, crate::error::Span, String, bool)> = Vec::new();
    for item in &prog.items {
        let (ItemKind::Struct(a) | ItemKind::Enum(a)) = &item.kind else {
            continue;
        };
        for attr in item.attrs.iter().filter(|at| at.name.name == "derive") {
            for tr in attr.args.iter().flatten() {
                // A trait whose parameters all have defaults (`PartialEq<Rhs = Self>`) is derived
                // with them: `impl<T: PartialEq> PartialEq for S<T>` compares with `Self`.
                let declared = names.traits.get(&tr.name);
                let known = declared.is_some_and(|t| t.params.iter().all(|p| p.default.is_some()));
                if !known {
                    let why = if declared.is_some() {
                        "the trait has parameters without defaults"
                    } else {
                        "no trait of that name is declared (procedural derive macros are not run)"
                    };
                    warnings.push(format!(
                        "{}: warning: `#[derive({})]` skipped: {why}; the impls it would write are missing",
                        tr.span, tr.name
                    ));
                    continue;
                }
                let decls: Vec<String> = a
                    .params
                    .iter()
                    .map(|p| match p.kind {
                        ParamKind::Const { .. } => format!("const {}", p.name.name),
                        _ => p.name.name.clone(),
                    })
                    .collect();
                let params: Vec<&str> = a.params.iter().map(|p| p.name.name.as_str()).collect();
                let types: Vec<&str> = a
                    .params
                    .iter()
                    .filter(|p| p.kind == ParamKind::Type)
                    .map(|p| p.name.name.as_str())
                    .collect();
                let (decl, args) = if params.is_empty() {
                    (String::new(), String::new())
                } else {
                    (
                        format!("<{}>", decls.join(", ")),
                        format!("<{}>", params.join(", ")),
                    )
                };
                // rustc's `#[derive(Default)]` on an enum builds the `#[default]` variant, which
                // must be a unit variant: no field, so no bound on the parameters.
                let unbounded = tr.name == "Default" && matches!(item.kind, ItemKind::Enum(_));
                let bounds: Vec<String> = if unbounded {
                    Vec::new()
                } else {
                    types.iter().map(|t| format!("{t}: {}", tr.name)).collect()
                };
                let wc = if bounds.is_empty() {
                    String::new()
                } else {
                    format!(" where {}", bounds.join(", "))
                };
                texts.push((
                    format!("impl{decl} {} for Self_{args}{wc} {{}}\n", tr.name),
                    tr.span.clone(),
                    a.name.name.clone(),
                    item.attr("upstream").is_some(),
                ));
            }
        }
    }
    let file: Arc<str> = "<derive>".into();
    let mut items = Vec::new();
    for (text, span, name, upstream) in texts {
        // Located at the derive, as rustc reports a derived impl (`knot check`'s overlaps).
        for mut it in crate::syntax::surface::parse_program(&file, &text)?.items {
            it.span = span.clone();
            if let ItemKind::Impl(imp) = &mut it.kind {
                if let ast::TyKind::Named { name: n, .. } = &mut imp.trait_ref.self_ty.kind {
                    n.name.clone_from(&name);
                }
            }
            if upstream {
                it.mark_upstream();
            }
            items.push(it);
        }
    }
    Ok(items)
}
