//! Checks of a program's items before lowering, for mistakes the lowering would otherwise pass over
//! silently: a generic parameter declared twice, an impl giving an associated type its trait does not
//! declare.

use super::lower_error;
use super::names::Names;
use crate::error::Result;
use crate::syntax::ast::{self, GenericParam, ItemKind};

/// The first error among the items, if any.
pub fn check_items(prog: &ast::Program, names: &Names) -> Result<()> {
    for item in &prog.items {
        match &item.kind {
            ItemKind::Struct(a) | ItemKind::Enum(a) => unique_params(&a.params)?,
            ItemKind::Trait(t) => {
                unique_params(&t.params)?;
                for a in &t.assoc_types {
                    unique_params(&a.params)?;
                }
            }
            ItemKind::Impl(i) => {
                unique_params(&i.params)?;
                let trait_name = &i.trait_ref.bound.name.name;
                for v in &i.assoc_values {
                    unique_params(&v.params)?;
                    let declared = match names.traits.get(trait_name) {
                        Some(t) => t.assoc.iter().any(|(a, _)| *a == v.name.name),
                        None => true,
                    };
                    if !declared {
                        return Err(lower_error(
                            &v.name.span,
                            "lower::unknown_assoc",
                            format!(
                                "trait `{trait_name}` has no associated type `{}`",
                                v.name.name
                            ),
                        ));
                    }
                }
            }
            ItemKind::FnDef(f) => unique_params(&f.params)?,
            ItemKind::Closure(c) => unique_params(&c.params)?,
            ItemKind::OpaqueType(o) => unique_params(&o.params)?,
            _ => {}
        }
    }
    Ok(())
}

/// No two parameters of one list share a name.
fn unique_params(ps: &[GenericParam]) -> Result<()> {
    for (i, p) in ps.iter().enumerate() {
        if ps[..i].iter().any(|q| q.name.name == p.name.name) {
            return Err(lower_error(
                &p.name.span,
                "lower::duplicate_param",
                format!("the generic parameter `{}` is declared twice", p.name.name),
            ));
        }
    }
    Ok(())
}
