//! Types: paths, tuples, references, `dyn`, fn pointers, projections, scalars, const arguments.

use super::*;

impl Cx<'_> {
    /// `<args>`
    pub fn generic_args(&self, p: Pair<'_, Rule>) -> Result<Vec<GenericArg>> {
        p.into_inner().map(|a| self.generic_arg(a)).collect()
    }

    /// A generic argument: lifetime, number or type.
    pub fn generic_arg(&self, p: Pair<'_, Rule>) -> Result<GenericArg> {
        match p.as_rule() {
            Rule::lifetime => Ok(GenericArg::Lifetime(self.lifetime(&p))),
            Rule::int_lit => Ok(GenericArg::Const(self.const_value(&p)?)),
            _ => Ok(GenericArg::Ty(self.ty(p)?)),
        }
    }

    /// A const: a number or a name.
    pub fn const_value(&self, p: &Pair<'_, Rule>) -> Result<ConstValue> {
        if p.as_rule() == Rule::ident {
            return Ok(ConstValue::Name(self.ident(p)));
        }
        let text = p.as_str().replace('_', "");
        let (digits, radix) = match text.get(..2) {
            Some("0x") => (&text[2..], 16),
            Some("0o") => (&text[2..], 8),
            Some("0b") => (&text[2..], 2),
            _ => (&text[..], 10),
        };
        let v = u128::from_str_radix(digits, radix).map_err(|_| self.err(p, "number too large"))?;
        Ok(ConstValue::Value(v, self.span(p)))
    }

    /// A type.
    pub fn ty(&self, p: Pair<'_, Rule>) -> Result<Ty> {
        let span = self.span(&p);
        let kind = match p.as_rule() {
            Rule::scalar_ty => TyKind::Scalar(
                scalar(p.as_str()).ok_or_else(|| self.err(&p, "unknown scalar type"))?,
            ),
            Rule::str_ty => TyKind::Str,
            Rule::never_ty => TyKind::Never,
            Rule::tuple_ty => return self.tuple_ty(p),
            Rule::slice_ty => {
                let mut k = self.kids(p);
                let elem = Box::new(self.ty(k.next()?)?);
                match k.it.next() {
                    Some(len) => TyKind::Array(elem, self.const_value(&len)?),
                    None => TyKind::Slice(elem),
                }
            }
            Rule::raw_ptr_ty => {
                let mut k = self.kids(p);
                let m = if k.flag(Rule::kw_mut) {
                    Mutability::Mut
                } else {
                    Mutability::Not
                };
                TyKind::RawPtr(m, Box::new(self.ty(k.next()?)?))
            }
            Rule::ref_ty => {
                let mut k = self.kids(p);
                let lifetime = k.take(Rule::lifetime).map(|l| self.lifetime(&l));
                let mutability = if k.flag(Rule::kw_mut) {
                    Mutability::Mut
                } else {
                    Mutability::Not
                };
                TyKind::Ref {
                    lifetime,
                    mutability,
                    ty: Box::new(self.ty(k.next()?)?),
                }
            }
            Rule::dyn_ty => self.dyn_ty(p)?,
            Rule::fn_ptr_ty => TyKind::FnPtr(self.fn_ptr(p)?),
            Rule::projection_ty => return self.projection_ty(p),
            Rule::path_ty => return self.path_ty(p),
            _ => return Err(unexpected(&p, "a type")),
        };
        Ok(Ty { kind, span })
    }

    /// `()`, `(T,)`, `(A, B)` or a parenthesized type `(T)`.
    pub fn tuple_ty(&self, p: Pair<'_, Rule>) -> Result<Ty> {
        let span = self.span(&p);
        let mut tys = Vec::new();
        let mut trailing = false;
        for c in p.into_inner() {
            if c.as_rule() == Rule::trailing_comma {
                trailing = true;
            } else {
                tys.push(self.ty(c)?);
            }
        }
        if tys.is_empty() && trailing {
            return Err(Error::syntax(
                self.file,
                self.src,
                span.start,
                span.end,
                "expected a type, found `,`",
            ));
        }
        if tys.len() == 1 && !trailing {
            return tys
                .pop()
                .ok_or_else(|| Error::Internal("empty parenthesized type".into()));
        }
        Ok(Ty {
            kind: TyKind::Tuple(tys),
            span,
        })
    }

    /// `dyn B + B + 'a`
    pub fn dyn_ty(&self, p: Pair<'_, Rule>) -> Result<TyKind> {
        let mut bounds = Vec::new();
        let mut lifetime = None;
        for c in p.into_inner() {
            match c.as_rule() {
                Rule::kw_dyn => {}
                Rule::lifetime if lifetime.is_some() => {
                    return Err(self.err(&c, "a `dyn` type takes at most one lifetime bound"))
                }
                Rule::lifetime => lifetime = Some(self.lifetime(&c)),
                _ => bounds.push(self.trait_bound(c)?),
            }
        }
        Ok(TyKind::Dyn { bounds, lifetime })
    }

    /// `for<'a> unsafe extern "C" fn(A, ...) -> R`
    pub fn fn_ptr(&self, p: Pair<'_, Rule>) -> Result<FnPtrTy> {
        let mut k = self.kids(p);
        let lifetimes = match k.take(Rule::for_lifetimes) {
            Some(f) => f
                .into_inner()
                .filter(|c| c.as_rule() == Rule::lifetime)
                .map(|c| self.lifetime(&c))
                .collect(),
            None => Vec::new(),
        };
        let is_unsafe = k.flag(Rule::fn_unsafe);
        let abi = k.take(Rule::fn_abi).map(|a| self.abi(a));
        let mut params = Vec::new();
        let mut variadic = false;
        for arg in k.take_all(Rule::fn_ptr_arg) {
            if variadic {
                return Err(self.err(&arg, "`...` must be the last parameter"));
            }
            let mut ak = self.kids(arg);
            ak.take(Rule::ident);
            let t = ak.next()?;
            if t.as_rule() == Rule::ellipsis {
                variadic = true;
            } else {
                params.push(self.ty(t)?);
            }
        }
        let ret = self.opt_ty(&mut k)?.map(Box::new);
        Ok(FnPtrTy {
            lifetimes,
            is_unsafe,
            abi,
            params,
            variadic,
            ret,
        })
    }

    /// `<T as Tr<args>>::A<args>::B..` (or `<T>::A`).
    pub fn projection_ty(&self, p: Pair<'_, Rule>) -> Result<Ty> {
        let start = p.as_span().start();
        let mut k = self.kids(p);
        let self_ty = self.ty(k.next()?)?;
        let has_trait = k.flag(Rule::kw_as);
        let mut segments = k.rest().into_iter();
        let mut ty = if has_trait {
            let path = segments
                .next()
                .ok_or_else(|| Error::Internal("projection without trait".into()))?;
            let bound = self.trait_path(path, Vec::new(), false, None)?;
            let tr_span = self.span_of(self_ty.span.start, bound.span.end);
            let trait_ref = Box::new(TraitRef {
                self_ty,
                bound,
                span: tr_span,
            });
            let seg = segments
                .next()
                .ok_or_else(|| Error::Internal("projection without name".into()))?;
            let (name, args, end) = self.segment(seg)?;
            Ty {
                kind: TyKind::Projection {
                    trait_ref,
                    name,
                    args,
                },
                span: self.span_of(start, end),
            }
        } else {
            self_ty
        };
        for seg in segments {
            ty = self.relative(ty, seg, start)?;
        }
        Ok(ty)
    }

    /// `S<args>` or `T::A<args>::B`.
    pub fn path_ty(&self, p: Pair<'_, Rule>) -> Result<Ty> {
        let start = p.as_span().start();
        let mut segs = p.into_inner();
        let first = segs
            .next()
            .ok_or_else(|| Error::Internal("empty path".into()))?;
        let (name, args, end) = self.segment(first)?;
        let mut ty = Ty {
            kind: TyKind::Named { name, args },
            span: self.span_of(start, end),
        };
        for seg in segs {
            ty = self.relative(ty, seg, start)?;
        }
        Ok(ty)
    }

    /// `base::Name<args>`
    pub fn relative(&self, base: Ty, seg: Pair<'_, Rule>, start: usize) -> Result<Ty> {
        let (name, args, end) = self.segment(seg)?;
        Ok(Ty {
            kind: TyKind::TypeRelative {
                base: Box::new(base),
                name,
                args,
            },
            span: self.span_of(start, end),
        })
    }

    /// A path segment `Name<args>`: name, args and end offset.
    pub fn segment(&self, p: Pair<'_, Rule>) -> Result<(Ident, Vec<GenericArg>, usize)> {
        let end = p.as_span().end();
        let mut k = self.kids(p);
        let name = self.ident(&k.next()?);
        let args = match k.take(Rule::generic_args) {
            Some(g) => self.generic_args(g)?,
            None => Vec::new(),
        };
        Ok((name, args, end))
    }
}

/// The scalar type named `s`.
pub fn scalar(s: &str) -> Option<Scalar> {
    use Scalar::*;
    #[rustfmt::skip]
    const SCALARS: [(&str, Scalar); 18] = [
        ("i8", I8), ("i16", I16), ("i32", I32), ("i64", I64), ("i128", I128), ("isize", Isize),
        ("u8", U8), ("u16", U16), ("u32", U32), ("u64", U64), ("u128", U128), ("usize", Usize),
        ("f16", F16), ("f32", F32), ("f64", F64), ("f128", F128), ("bool", Bool), ("char", Char),
    ];
    SCALARS.iter().find(|(n, _)| *n == s).map(|&(_, sc)| sc)
}
