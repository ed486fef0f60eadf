//! Items: structs, enums, traits, impls, opaque types, fns, closures, coroutines and clauses.

use super::*;

impl Cx<'_> {
    /// The program.
    pub fn program(&self, p: Pair<'_, Rule>) -> Result<Program> {
        let mut items = Vec::new();
        for item in p.into_inner() {
            match item.as_rule() {
                Rule::item => {
                    if let Some(it) = self.item(item)? {
                        items.push(it);
                    }
                }
                Rule::EOI => {}
                _ => return Err(unexpected(&item, "a program")),
            }
        }
        Ok(Program { items })
    }

    /// One item (`None` for ignored lines such as `use`).
    pub fn item(&self, p: Pair<'_, Rule>) -> Result<Option<Item>> {
        let span = self.span(&p);
        let mut k = self.kids(p);
        if k.flag(Rule::ignored_item) {
            return Ok(None);
        }
        let mut attrs = k
            .take_all(Rule::attribute)
            .into_iter()
            .map(|a| self.attribute(a))
            .collect::<Result<Vec<_>>>()?;
        let public = k.flag(Rule::vis);
        let body = k.next()?;
        let kind = match body.as_rule() {
            Rule::struct_def => ItemKind::Struct(self.struct_def(body)?),
            Rule::enum_def => ItemKind::Enum(self.enum_def(body)?),
            Rule::trait_def => {
                let (def, auto) = self.trait_def(body)?;
                if let Some(a) = auto {
                    attrs.push(a);
                }
                ItemKind::Trait(def)
            }
            Rule::impl_def => ItemKind::Impl(Box::new(self.impl_def(body)?)),
            Rule::opaque_def => ItemKind::OpaqueType(Box::new(self.opaque_def(body)?)),
            Rule::foreign_def => {
                let mut k = self.kids(body);
                ItemKind::ForeignType(self.ident(&k.next()?))
            }
            Rule::fn_def => ItemKind::FnDef(Box::new(self.fn_def(body)?)),
            Rule::closure_def => ItemKind::Closure(Box::new(self.closure_def(body)?)),
            Rule::coroutine_def => ItemKind::Coroutine(Box::new(self.coroutine_def(body)?)),
            Rule::clause_def => ItemKind::Clause(Box::new(self.clause_def(body)?)),
            _ => return Err(unexpected(&body, "an item")),
        };
        Ok(Some(Item {
            attrs,
            public,
            kind,
            span,
        }))
    }

    /// An attribute.
    pub fn attribute(&self, p: Pair<'_, Rule>) -> Result<Attribute> {
        let span = self.span(&p);
        let mut k = self.kids(p);
        let name = self.ident(&k.next()?);
        let mut args = None;
        let mut value = None;
        for c in k.rest() {
            match c.as_rule() {
                Rule::attr_args => {
                    args = Some(c.into_inner().map(|a| self.trimmed_ident(&a)).collect());
                }
                Rule::attr_value => value = Some(c.as_str().trim().to_string()),
                _ => return Err(unexpected(&c, "an attribute")),
            }
        }
        Ok(Attribute {
            name,
            args,
            value,
            span,
        })
    }

    /// An identifier-like text with surrounding whitespace removed from text and span.
    pub fn trimmed_ident(&self, p: &Pair<'_, Rule>) -> Ident {
        let s = p.as_span();
        let text = p.as_str();
        let lead = text.len() - text.trim_start().len();
        let trimmed = text.trim();
        let start = s.start() + lead;
        Ident {
            name: trimmed.to_string(),
            span: self.span_of(start, start + trimmed.len()),
        }
    }

    /// A struct: one variant named like the struct.
    pub fn struct_def(&self, p: Pair<'_, Rule>) -> Result<AdtDef> {
        let span = self.span(&p);
        let mut k = self.kids(p);
        let name = self.ident(&k.next()?);
        let params = self.opt_params(&mut k)?;
        let mut where_clauses = Vec::new();
        let mut shape = VariantShape::Unit;
        let mut fields = Vec::new();
        for c in k.rest() {
            match c.as_rule() {
                Rule::where_clauses => where_clauses.extend(self.where_clauses(c)?),
                Rule::named_fields | Rule::tuple_fields => (shape, fields) = self.fields(c)?,
                Rule::unit_marker => {}
                _ => return Err(unexpected(&c, "a struct")),
            }
        }
        let variant = Variant {
            name: name.clone(),
            shape,
            fields,
            span,
        };
        Ok(AdtDef {
            name,
            params,
            where_clauses,
            variants: vec![variant],
        })
    }

    /// Named or tuple fields.
    pub fn fields(&self, p: Pair<'_, Rule>) -> Result<(VariantShape, Vec<Field>)> {
        let shape = if p.as_rule() == Rule::named_fields {
            VariantShape::Named
        } else {
            VariantShape::Tuple
        };
        let mut fields = Vec::new();
        for f in p.into_inner() {
            let span = self.span(&f);
            let mut k = self.kids(f);
            k.take_all(Rule::attribute);
            k.take(Rule::vis);
            let name = match shape {
                VariantShape::Named => Some(self.ident(&k.next()?)),
                _ => None,
            };
            let ty = self.ty(k.next()?)?;
            fields.push(Field { name, ty, span });
        }
        Ok((shape, fields))
    }

    /// An enum.
    pub fn enum_def(&self, p: Pair<'_, Rule>) -> Result<AdtDef> {
        let mut k = self.kids(p);
        let name = self.ident(&k.next()?);
        let params = self.opt_params(&mut k)?;
        let where_clauses = self.opt_where(&mut k)?;
        let mut variants = Vec::new();
        for v in k.rest() {
            let span = self.span(&v);
            let mut vk = self.kids(v);
            vk.take_all(Rule::attribute);
            let vname = self.ident(&vk.next()?);
            let (shape, fields) = match vk.peek() {
                Some(Rule::named_fields | Rule::tuple_fields) => self.fields(vk.next()?)?,
                _ => (VariantShape::Unit, Vec::new()),
            };
            variants.push(Variant {
                name: vname,
                shape,
                fields,
                span,
            });
        }
        Ok(AdtDef {
            name,
            params,
            where_clauses,
            variants,
        })
    }

    /// A trait, plus a synthesized `auto` attribute for Rust's `auto trait`.
    pub fn trait_def(&self, p: Pair<'_, Rule>) -> Result<(TraitDef, Option<Attribute>)> {
        let mut k = self.kids(p);
        let auto = k.take(Rule::kw_auto).map(|a| Attribute {
            name: self.ident(&a),
            args: None,
            value: None,
            span: self.span(&a),
        });
        let name = self.ident(&k.next()?);
        let params = self.opt_params(&mut k)?;
        let supertraits = self.opt_bounds(&mut k)?;
        let where_clauses = self.opt_where(&mut k)?;
        let mut assoc_types = Vec::new();
        for c in k.rest() {
            match c.as_rule() {
                Rule::assoc_ty_decl => assoc_types.push(self.assoc_ty_decl(c)?),
                Rule::skipped_fn | Rule::skipped_const | Rule::ellipsis => {}
                _ => return Err(unexpected(&c, "a trait")),
            }
        }
        Ok((
            TraitDef {
                name,
                params,
                supertraits,
                where_clauses,
                assoc_types,
            },
            auto,
        ))
    }

    /// `type A<P>: Bounds where WC (= Default)?;`
    pub fn assoc_ty_decl(&self, p: Pair<'_, Rule>) -> Result<AssocTyDecl> {
        let span = self.span(&p);
        let mut k = self.kids(p);
        k.take_all(Rule::attribute);
        let name = self.ident(&k.next()?);
        let params = self.opt_params(&mut k)?;
        let bounds = self.opt_bounds(&mut k)?;
        let mut where_clauses = self.opt_where(&mut k)?;
        let default = self.opt_ty(&mut k)?;
        where_clauses.extend(self.opt_where(&mut k)?);
        Ok(AssocTyDecl {
            name,
            params,
            bounds,
            where_clauses,
            default,
            span,
        })
    }

    /// An impl.
    pub fn impl_def(&self, p: Pair<'_, Rule>) -> Result<ImplDef> {
        let mut k = self.kids(p);
        let params = self.opt_params(&mut k)?;
        let polarity = if k.flag(Rule::neg) {
            Polarity::Negative
        } else {
            Polarity::Positive
        };
        let path = k.next()?;
        let self_ty = self.ty(k.next()?)?;
        let start = self_ty.span.start.min(path.as_span().start());
        let end = self_ty.span.end;
        let bound = self.trait_path(path, Vec::new(), false, None)?;
        let trait_ref = TraitRef {
            self_ty,
            bound,
            span: self.span_of(start, end),
        };
        let where_clauses = self.opt_where(&mut k)?;
        let mut assoc_values = Vec::new();
        for c in k.rest() {
            match c.as_rule() {
                Rule::assoc_ty_value => assoc_values.push(self.assoc_ty_value(c)?),
                Rule::skipped_fn | Rule::skipped_const | Rule::ellipsis => {}
                _ => return Err(unexpected(&c, "an impl")),
            }
        }
        Ok(ImplDef {
            params,
            polarity,
            trait_ref,
            where_clauses,
            assoc_values,
        })
    }

    /// `default? type A<P> where WC = Ty where WC;`
    pub fn assoc_ty_value(&self, p: Pair<'_, Rule>) -> Result<AssocTyValue> {
        let span = self.span(&p);
        let mut k = self.kids(p);
        k.take_all(Rule::attribute);
        k.take(Rule::vis);
        let default = k.flag(Rule::kw_default);
        let name = self.ident(&k.next()?);
        let params = self.opt_params(&mut k)?;
        let mut where_clauses = self.opt_where(&mut k)?;
        let value = self.ty(k.next()?)?;
        where_clauses.extend(self.opt_where(&mut k)?);
        Ok(AssocTyValue {
            name,
            params,
            where_clauses,
            value,
            default,
            span,
        })
    }

    /// `opaque type O<P>: Bounds where WC = Ty;`
    pub fn opaque_def(&self, p: Pair<'_, Rule>) -> Result<OpaqueTyDef> {
        let mut k = self.kids(p);
        let name = self.ident(&k.next()?);
        let params = self.opt_params(&mut k)?;
        let bounds = self.opt_bounds(&mut k)?;
        let where_clauses = self.opt_where(&mut k)?;
        let hidden = self.ty(k.next()?)?;
        Ok(OpaqueTyDef {
            name,
            params,
            bounds,
            where_clauses,
            hidden,
        })
    }

    /// `unsafe? extern "abi"? fn f<P>(x: T) -> R where WC;`
    pub fn fn_def(&self, p: Pair<'_, Rule>) -> Result<FnDef> {
        let mut k = self.kids(p);
        let is_unsafe = k.flag(Rule::fn_unsafe);
        let abi = k.take(Rule::fn_abi).map(|a| self.abi(a));
        let name = self.ident(&k.next()?);
        let params = self.opt_params(&mut k)?;
        let (inputs, variadic) = self.fn_params(&mut k)?;
        let output = self.opt_ty(&mut k)?;
        let where_clauses = self.opt_where(&mut k)?;
        Ok(FnDef {
            name,
            params,
            is_unsafe,
            abi,
            inputs,
            variadic,
            output,
            where_clauses,
        })
    }

    /// The ABI of an `extern "abi"?` (bare `extern` is `C`).
    pub fn abi(&self, p: Pair<'_, Rule>) -> String {
        p.into_inner()
            .find(|c| c.as_rule() == Rule::string_lit)
            .map(|s| s.as_str().trim_matches('"').to_string())
            .unwrap_or_else(|| "C".to_string())
    }

    /// Consecutive `fn_param` children: their types, and whether the last is `...`.
    pub fn fn_params(&self, k: &mut Kids<'_>) -> Result<(Vec<Ty>, bool)> {
        let mut inputs = Vec::new();
        let mut variadic = false;
        for param in k.take_all(Rule::fn_param) {
            let here = self.span(&param);
            if variadic {
                return Err(Error::syntax(
                    self.file,
                    self.src,
                    here.start,
                    here.end,
                    "`...` must be the last parameter",
                ));
            }
            let mut pk = self.kids(param);
            pk.take(Rule::kw_mut);
            pk.take(Rule::ident);
            let t = pk.next()?;
            if t.as_rule() == Rule::ellipsis {
                variadic = true;
            } else {
                inputs.push(self.ty(t)?);
            }
        }
        Ok((inputs, variadic))
    }

    /// `closure c<P>(self, a: T) -> R { Upvar; .. }`
    pub fn closure_def(&self, p: Pair<'_, Rule>) -> Result<ClosureDef> {
        let mut k = self.kids(p);
        let name = self.ident(&k.next()?);
        let params = self.opt_params(&mut k)?;
        let this = k.next()?;
        let text: String = this
            .as_str()
            .chars()
            .filter(|c| !c.is_whitespace())
            .collect();
        let kind = match text.as_str() {
            "&mutself" => ClosureKind::FnMut,
            "&self" => ClosureKind::Fn,
            _ => ClosureKind::FnOnce,
        };
        let (inputs, variadic) = self.fn_params(&mut k)?;
        if variadic {
            return Err(self.err(&this, "closures cannot be variadic"));
        }
        let output = self.opt_ty(&mut k)?;
        let upvars = self.ty_list(k.take(Rule::ty_list_semi))?;
        Ok(ClosureDef {
            name,
            params,
            kind,
            inputs,
            output,
            upvars,
        })
    }

    /// `coroutine static? g<P>[resume = T, yield = U] -> R { upvars [..] witnesses exists<..>? [..] }`
    pub fn coroutine_def(&self, p: Pair<'_, Rule>) -> Result<CoroutineDef> {
        let mut k = self.kids(p);
        let is_static = k.flag(Rule::coroutine_static);
        let name = self.ident(&k.next()?);
        let params = self.opt_params(&mut k)?;
        let resume = self.ty(k.next()?)?;
        let yield_ty = self.ty(k.next()?)?;
        let output = self.opt_ty(&mut k)?;
        let upvars = self.ty_list(k.take(Rule::upvars))?;
        let witness_lifetimes = match k.take(Rule::witness_lifetimes) {
            Some(w) => w
                .into_inner()
                .filter(|c| c.as_rule() == Rule::lifetime)
                .map(|c| self.lifetime(&c))
                .collect(),
            None => Vec::new(),
        };
        let witnesses = self.ty_list(k.take(Rule::witnesses))?;
        Ok(CoroutineDef {
            name,
            is_static,
            params,
            resume,
            yield_ty,
            output,
            upvars,
            witness_lifetimes,
            witnesses,
        })
    }

    /// `forall<P> { DomainGoal if G1, G2 }`
    pub fn clause_def(&self, p: Pair<'_, Rule>) -> Result<Clause> {
        let span = self.span(&p);
        let mut k = self.kids(p);
        let binders = self.opt_params(&mut k)?;
        let consequence = self.domain_goal(k.next()?)?;
        let conditions = k
            .rest()
            .into_iter()
            .map(|g| self.goal(g))
            .collect::<Result<Vec<_>>>()?;
        Ok(Clause {
            binders,
            consequence,
            conditions,
            span,
        })
    }
}
