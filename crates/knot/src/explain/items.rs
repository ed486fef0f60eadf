//! What an explanation needs from the source items that the clauses do not carry: negative impls
//! (`impl<T> !Send for Rc<T> {}` lowers to no clause at all, yet it is why `Rc<u8>: Send` fails) and
//! where each struct and enum is declared (an auto trait's structural clause is located there).

use crate::syntax::ast;
use rustc_hash::FxHashSet;

/// A negative impl, by trait and self type name.
#[derive(Clone, Debug)]
pub struct NegativeImpl {
    /// The trait's name.
    pub trait_name: String,
    /// The name of the self type's constructor (`Rc`).
    pub self_name: String,
    /// The impl as written, up to its body (`impl<T> !Send for Rc<T>`).
    pub text: String,
    /// `file:line:col`.
    pub location: Option<String>,
}

/// The items of a Rust-like program an explanation cites.
#[derive(Clone, Debug, Default)]
pub struct Items {
    negatives: Vec<NegativeImpl>,
    adts: FxHashSet<String>,
}

impl Items {
    /// Collect from programs (the user's items, the std model's), reading each item's text from
    /// `source` (the text of a file by name, when known).
    pub(crate) fn collect(
        programs: &[&ast::Program],
        source: &dyn Fn(&str) -> Option<String>,
    ) -> Items {
        let mut items = Items::default();
        for p in programs {
            for item in &p.items {
                let loc = (!item.span.file.is_empty() && item.span.line > 0)
                    .then(|| format!("{}:{}:{}", item.span.file, item.span.line, item.span.col));
                match &item.kind {
                    ast::ItemKind::Struct(_) | ast::ItemKind::Enum(_) => {
                        if let Some(l) = loc {
                            items.adts.insert(l);
                        }
                    }
                    ast::ItemKind::Impl(i) if i.polarity == ast::Polarity::Negative => {
                        let ast::TyKind::Named { name, .. } = &i.trait_ref.self_ty.kind else {
                            continue;
                        };
                        let trait_name = i.trait_ref.bound.name.name.clone();
                        let written = source(&item.span.file).and_then(|src| {
                            let t = src.get(item.span.start..item.span.end)?;
                            let t = t.split('{').next().unwrap_or(t);
                            Some(t.split_whitespace().collect::<Vec<_>>().join(" "))
                        });
                        let text = written
                            .filter(|t| t.starts_with("impl"))
                            .unwrap_or_else(|| format!("impl !{trait_name} for {}", name.name));
                        items.negatives.push(NegativeImpl {
                            trait_name,
                            self_name: name.name.clone(),
                            text,
                            location: loc,
                        });
                    }
                    _ => {}
                }
            }
        }
        items
    }

    /// The negative impl of `trait_name` for the type constructor `self_name`.
    pub fn negative(&self, trait_name: &str, self_name: &str) -> Option<&NegativeImpl> {
        self.negatives
            .iter()
            .find(|n| n.trait_name == trait_name && n.self_name == self_name)
    }

    /// True when a struct or enum is declared at `location` (`file:line:col`).
    pub fn adt_at(&self, location: &str) -> bool {
        self.adts.contains(location)
    }
}
