//! Generic parameters, bounds, trait paths, associated-type bindings and where-clauses.

use super::*;

impl Cx<'_> {
    /// `<P, ..>`
    pub fn generic_params(&self, p: Pair<'_, Rule>) -> Result<Vec<GenericParam>> {
        p.into_inner().map(|c| self.generic_param(c)).collect()
    }

    /// One generic parameter.
    pub fn generic_param(&self, p: Pair<'_, Rule>) -> Result<GenericParam> {
        let span = self.span(&p);
        let rule = p.as_rule();
        let mut k = self.kids(p);
        let param = |kind, name: Ident| GenericParam {
            kind,
            name,
            bounds: Vec::new(),
            default: None,
            span: span.clone(),
        };
        match rule {
            Rule::lifetime_param => {
                let mut gp = param(ParamKind::Lifetime, self.ident(&k.next()?));
                gp.bounds = k
                    .rest()
                    .iter()
                    .map(|l| Bound::Outlives(self.lifetime(l)))
                    .collect();
                Ok(gp)
            }
            Rule::int_param | Rule::float_param => {
                let kind = if rule == Rule::int_param {
                    ParamKind::IntVar
                } else {
                    ParamKind::FloatVar
                };
                Ok(param(kind, self.ident(&k.next()?)))
            }
            Rule::const_param => {
                let name = self.ident(&k.next()?);
                let ty = match k.take(Rule::const_ty) {
                    Some(t) => Some(self.ty(self.kids(t).next()?)?),
                    None => None,
                };
                let mut gp = param(ParamKind::Const { ty }, name);
                gp.default = self.param_default(&mut k)?;
                Ok(gp)
            }
            Rule::type_param => {
                let mut gp = param(ParamKind::Type, self.ident(&k.next()?));
                gp.bounds = self.opt_bounds(&mut k)?;
                gp.default = self.param_default(&mut k)?;
                Ok(gp)
            }
            _ => Err(Error::Internal(format!(
                "unexpected {rule:?} in generic parameters"
            ))),
        }
    }

    /// An optional `= default` child.
    pub fn param_default(&self, k: &mut Kids<'_>) -> Result<Option<GenericArg>> {
        match k.take(Rule::param_default) {
            Some(d) => Ok(Some(self.generic_arg(self.kids(d).next()?)?)),
            None => Ok(None),
        }
    }

    /// `B + B + 'a`
    pub fn bounds(&self, p: Pair<'_, Rule>) -> Result<Vec<Bound>> {
        p.into_inner()
            .map(|b| match b.as_rule() {
                Rule::lifetime => Ok(Bound::Outlives(self.lifetime(&b))),
                _ => Ok(Bound::Trait(self.trait_bound(b)?)),
            })
            .collect()
    }

    /// `for<..>? ?Tr<args, A = T>`
    pub fn trait_bound(&self, p: Pair<'_, Rule>) -> Result<TraitBound> {
        let span = self.span(&p);
        let mut k = self.kids(p);
        let binders = match k.take(Rule::binder) {
            Some(b) => {
                let mut bk = self.kids(b);
                self.opt_params(&mut bk)?
            }
            None => Vec::new(),
        };
        let maybe = k.flag(Rule::maybe);
        self.trait_path(k.next()?, binders, maybe, Some(span))
    }

    /// `Tr<args, A = T>` as a trait bound.
    pub fn trait_path(
        &self,
        p: Pair<'_, Rule>,
        binders: Vec<GenericParam>,
        maybe: bool,
        span: Option<Span>,
    ) -> Result<TraitBound> {
        let span = span.unwrap_or_else(|| self.span(&p));
        let mut k = self.kids(p);
        let name = self.ident(&k.next()?);
        let mut args = Vec::new();
        let mut assoc = Vec::new();
        let mut assoc_bounds = Vec::new();
        if let Some(ba) = k.take(Rule::bound_args) {
            for a in ba.into_inner() {
                let span = self.span(&a);
                let mut ak = self.kids(a);
                let arg = self.generic_arg(ak.next()?)?;
                if let Some(bb) = ak.take(Rule::binding_bounds) {
                    assoc_bounds.push(self.assoc_bound(arg, bb, span)?);
                    continue;
                }
                match ak.take(Rule::binding_value) {
                    None if !assoc.is_empty() => {
                        return Err(Error::syntax(
                            self.file,
                            self.src,
                            span.start,
                            span.end,
                            "generic arguments must come before associated type bindings",
                        ));
                    }
                    None => args.push(arg),
                    Some(v) => assoc.push(self.assoc_binding(arg, v, span)?),
                }
            }
        }
        if let Some(sugar) = k.take(Rule::fn_sugar) {
            let (tuple, output) = self.fn_sugar(sugar)?;
            args.push(GenericArg::Ty(tuple));
            assoc.push(output);
        }
        Ok(TraitBound {
            binders,
            maybe,
            name,
            args,
            assoc,
            assoc_bounds,
            span,
        })
    }

    /// `(A, B) -> R` of `Fn(A, B) -> R`: the argument tuple and the `Output = R` binding.
    pub fn fn_sugar(&self, p: Pair<'_, Rule>) -> Result<(Ty, AssocBinding)> {
        let span = self.span(&p);
        let mut k = self.kids(p);
        let inputs_pair = k.next()?;
        let inputs_span = self.span(&inputs_pair);
        let inputs = inputs_pair
            .into_inner()
            .map(|t| self.ty(t))
            .collect::<Result<Vec<_>>>()?;
        let tuple = Ty {
            kind: TyKind::Tuple(inputs),
            span: inputs_span,
        };
        let value = match self.opt_ty(&mut k)? {
            Some(t) => t,
            None => Ty {
                kind: TyKind::Tuple(Vec::new()),
                span: span.clone(),
            },
        };
        let name = Ident {
            name: "Output".into(),
            span: span.clone(),
        };
        Ok((
            tuple,
            AssocBinding {
                name,
                args: Vec::new(),
                value,
                span,
            },
        ))
    }

    /// `A<gargs> = U`, from the argument before `=` and the value.
    /// `A<gargs>: Bounds` inside a trait bound.
    pub fn assoc_bound(
        &self,
        lhs: GenericArg,
        bounds: Pair<'_, Rule>,
        span: Span,
    ) -> Result<crate::syntax::ast::AssocBound> {
        let (name, args) = match lhs {
            GenericArg::Ty(Ty {
                kind: TyKind::Named { name, args },
                ..
            }) => (name, args),
            _ => {
                return Err(Error::syntax(
                    self.file,
                    self.src,
                    span.start,
                    span.end,
                    "expected an associated type name before `:`",
                ))
            }
        };
        let bounds = self.bounds(self.kids(bounds).next()?)?;
        Ok(crate::syntax::ast::AssocBound {
            name,
            args,
            bounds,
            span,
        })
    }

    pub fn assoc_binding(
        &self,
        lhs: GenericArg,
        value: Pair<'_, Rule>,
        span: Span,
    ) -> Result<AssocBinding> {
        let (name, args) = match lhs {
            GenericArg::Ty(Ty {
                kind: TyKind::Named { name, args },
                ..
            }) => (name, args),
            _ => {
                return Err(Error::syntax(
                    self.file,
                    self.src,
                    span.start,
                    span.end,
                    "expected an associated type name before `=`",
                ))
            }
        };
        let value = self.ty(self.kids(value).next()?)?;
        Ok(AssocBinding {
            name,
            args,
            value,
            span,
        })
    }

    /// `where WC, ..` (each Rust `T: A + B` becomes one clause per bound).
    pub fn where_clauses(&self, p: Pair<'_, Rule>) -> Result<Vec<WhereClause>> {
        let mut out = Vec::new();
        for wc in p.into_inner().filter(|c| c.as_rule() == Rule::where_clause) {
            out.extend(self.where_clause(wc)?);
        }
        Ok(out)
    }

    /// One (possibly quantified) where clause, split per bound.
    pub fn where_clause(&self, p: Pair<'_, Rule>) -> Result<Vec<WhereClause>> {
        let span = self.span(&p);
        let mut k = self.kids(p);
        let binders = self.opt_params(&mut k)?;
        let body = k.next()?;
        let kinds: Vec<WhereClauseKind> = match body.as_rule() {
            Rule::lifetime_outlives => {
                let mut lk = self.kids(body);
                let a = self.lifetime(&lk.next()?);
                lk.rest()
                    .iter()
                    .map(|b| WhereClauseKind::LifetimeOutlives {
                        a: a.clone(),
                        b: self.lifetime(b),
                    })
                    .collect()
            }
            Rule::type_bounds => {
                let mut tk = self.kids(body);
                let ty = self.ty(tk.next()?)?;
                let bounds = self.bounds(tk.next()?)?;
                bounds
                    .into_iter()
                    .map(|b| self.bound_clause(&ty, b))
                    .collect()
            }
            _ => return Err(unexpected(&body, "a where clause")),
        };
        Ok(kinds
            .into_iter()
            .map(|kind| WhereClause {
                binders: binders.clone(),
                kind,
                span: span.clone(),
            })
            .collect())
    }

    /// `ty: bound` as a where clause kind.
    pub fn bound_clause(&self, ty: &Ty, b: Bound) -> WhereClauseKind {
        match b {
            Bound::Outlives(lifetime) => WhereClauseKind::TypeOutlives {
                ty: ty.clone(),
                lifetime,
            },
            Bound::Trait(bound) => {
                let span = self.span_of(ty.span.start, bound.span.end);
                WhereClauseKind::Implemented(TraitRef {
                    self_ty: ty.clone(),
                    bound,
                    span,
                })
            }
        }
    }

    /// A lifetime token.
    pub fn lifetime(&self, p: &Pair<'_, Rule>) -> Lifetime {
        let kind = match p.as_str() {
            "'static" => LifetimeKind::Static,
            "'erased" => LifetimeKind::Erased,
            "'empty" => LifetimeKind::Empty,
            other => LifetimeKind::Named(other.to_string()),
        };
        Lifetime {
            kind,
            span: self.span(p),
        }
    }
}
