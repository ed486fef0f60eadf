//! Lowering of types, trait references, where-clauses and goals inside one clause or goal: a scope of
//! named variables, and the alias-equality conditions that projections in types turn into.

use super::names::Names;
use super::{lower_error, unsupported};
use crate::error::{Result, Span};
use crate::syntax::ast::{
    self, ConstValue, DomainGoal, GenericArg, GoalKind, LifetimeKind, Mutability, ParamKind,
    Scalar, TraitBound, TraitRef, Ty, TyKind, WhereClause, WhereClauseKind,
};
use crate::term::{syms, Store, Sym, TermId};

/// The name of a scalar type's atom.
pub fn scalar_name(s: Scalar) -> &'static str {
    match s {
        Scalar::I8 => "i8",
        Scalar::I16 => "i16",
        Scalar::I32 => "i32",
        Scalar::I64 => "i64",
        Scalar::I128 => "i128",
        Scalar::Isize => "isize",
        Scalar::U8 => "u8",
        Scalar::U16 => "u16",
        Scalar::U32 => "u32",
        Scalar::U64 => "u64",
        Scalar::U128 => "u128",
        Scalar::Usize => "usize",
        Scalar::F16 => "f16",
        Scalar::F32 => "f32",
        Scalar::F64 => "f64",
        Scalar::F128 => "f128",
        Scalar::Bool => "bool",
        Scalar::Char => "char",
    }
}

/// Every scalar type.
pub const SCALARS: &[&str] = &[
    "i8", "i16", "i32", "i64", "i128", "isize", "u8", "u16", "u32", "u64", "u128", "usize", "f16",
    "f32", "f64", "f128", "bool", "char",
];

/// Lowering context of one clause or goal.
pub struct Cx<'a> {
    pub store: &'a mut Store,
    pub names: &'a Names,
    scope: Vec<(String, TermId)>,
    nvars: u32,
    var_names: Vec<Box<str>>,
    /// Alias-equality goals produced by projections met in types, to be proven first.
    pub pending: Vec<TermId>,
    /// Variables bound by `exists<..>` in a goal, in order (chalk's `?0`, `?1`, ...).
    pub existentials: Vec<u32>,
    /// Trait bounds of type parameters in scope: (parameter name, trait name).
    pub bounds: Vec<(String, String)>,
    /// Lowering the inside of a `fn` pointer type (its elided lifetimes are bound by it).
    in_fn_ptr: u32,
    /// Binders (`for<..>` of `fn` pointers and `dyn` bounds) being lowered, outermost first.
    binder_level: u32,
}

impl<'a> Cx<'a> {
    pub fn new(store: &'a mut Store, names: &'a Names) -> Cx<'a> {
        Cx {
            store,
            names,
            scope: Vec::new(),
            nvars: 0,
            var_names: Vec::new(),
            pending: Vec::new(),
            existentials: Vec::new(),
            bounds: Vec::new(),
            in_fn_ptr: 0,
            binder_level: 0,
        }
    }

    /// The names of the variables allocated so far, by index.
    pub fn var_names(&self) -> Vec<Box<str>> {
        self.var_names.clone()
    }

    /// A fresh variable named `name` (not in scope).
    pub fn fresh(&mut self, name: &str) -> TermId {
        let v = self.store.var(self.nvars);
        self.nvars += 1;
        self.var_names.push(name.into());
        v
    }

    /// Bring `name` into scope as a fresh variable.
    pub fn bind(&mut self, name: &str) -> TermId {
        let v = self.fresh(name);
        self.scope.push((name.to_string(), v));
        v
    }

    /// Bring `name` into scope as `t`.
    pub fn bind_to(&mut self, name: &str, t: TermId) {
        self.scope.push((name.to_string(), t));
    }

    fn lookup(&self, name: &str) -> Option<TermId> {
        self.scope
            .iter()
            .rev()
            .find(|(n, _)| n == name)
            .map(|&(_, t)| t)
    }

    /// Scope depth, to restore after binders.
    pub fn mark(&self) -> usize {
        self.scope.len()
    }

    /// Leave the binders entered since `mark`.
    pub fn restore(&mut self, mark: usize) {
        self.scope.truncate(mark);
    }

    fn sym(&mut self, s: &str) -> Sym {
        self.store.sym(s)
    }

    pub fn app(&mut self, f: &str, args: &[TermId]) -> TermId {
        let f = self.sym(f);
        self.store.app(f, args)
    }

    /// Bind generic parameters (types, lifetimes, consts) as variables; records inline trait bounds.
    /// A lifetime parameter is the region `'$lt'(V)` of its variable `V` (see [`Cx::region_var`]).
    pub fn bind_params(&mut self, ps: &[ast::GenericParam]) -> Vec<TermId> {
        ps.iter()
            .map(|p| {
                for b in &p.bounds {
                    if let ast::Bound::Trait(tb) = b {
                        self.bounds
                            .push((p.name.name.clone(), tb.name.name.clone()));
                    }
                }
                if p.kind == ParamKind::Lifetime {
                    let v = self.fresh(&p.name.name);
                    let r = self.store.app(syms::REGION, &[v]);
                    self.bind_to(&p.name.name, r);
                    r
                } else {
                    self.bind(&p.name.name)
                }
            })
            .collect()
    }

    /// The variable of a region `'$lt'(V)` (a quantifier binds the variable), or `t` itself.
    pub fn region_var(&self, t: TermId) -> TermId {
        match self.store.view(t) {
            crate::term::View::App(syms::REGION, [v]) => *v,
            _ => t,
        }
    }

    /// A fresh inference region `'$lt'(V)` (an elided lifetime). Inside a `fn` pointer type of a
    /// `.rs` program the elided lifetime is bound by the pointer (`fn(&u8)` is
    /// `for<'a> fn(&'a u8)`): see [`Cx::bound_region`].
    fn fresh_region(&mut self) -> TermId {
        if self.in_fn_ptr > 0 && self.names.rust_rules {
            return self.bound_region();
        }
        let v = self.fresh("'_");
        self.store.app(syms::REGION, &[v])
    }

    /// A lifetime bound by a `fn` pointer type in a `.rs` program: the erased region. It names no
    /// free lifetime, so it is no outlives component of the type (`fn(&u8): 'static` holds).
    fn bound_region(&mut self) -> TermId {
        let e = self.store.atom(syms::ERASED);
        self.store.app(syms::REGION, &[e])
    }

    /// The type of an item with its parameters brought into scope: `'S'(P..)` for `struct S<P..>`.
    pub fn item_type(&mut self, name: &str, params: &[ast::GenericParam]) -> TermId {
        let ps = self.bind_params(params);
        let f = self.store.sym(name);
        self.store.app(f, &ps)
    }

    /// True for a trait goal (`'Tr'(T, ..)`) of the program, as opposed to an alias equality or
    /// another of the lowering's predicates.
    pub fn is_trait_goal(&self, g: TermId) -> bool {
        self.store
            .functor(g)
            .is_some_and(|(f, _)| self.names.traits.contains_key(self.store.name(f)))
    }

    /// A trait's own reference `'Tr'(Self, P..)` with `Self` and its parameters brought into scope.
    pub fn trait_self_ref(&mut self, t: &ast::TraitDef) -> TermId {
        let self_v = self.bind("Self");
        // Inside the trait, `Self::X` is the trait's own `X` first (then, if it has none, a
        // supertrait's), as rustc resolves it.
        self.bounds.push(("Self".to_string(), t.name.name.clone()));
        let mut args = vec![self_v];
        args.extend(self.bind_params(&t.params));
        let f = self.store.sym(&t.name.name);
        self.store.app(f, &args)
    }

    /// An impl's trait reference and its conditions (parameter bounds, where-clauses), with its
    /// parameters and `Self` brought into scope (they stay in scope for its associated values).
    pub fn impl_head(&mut self, i: &ast::ImplDef) -> Result<(TermId, Vec<TermId>)> {
        self.bind_params(&i.params);
        let self_ty = self.ty(&i.trait_ref.self_ty)?;
        self.bind_to("Self", self_ty);
        let (tr, _) = self.trait_ref(self_ty, &i.trait_ref.bound)?;
        let mut conds: Vec<TermId> = std::mem::take(&mut self.pending);
        conds.extend(self.param_bounds(&i.params)?);
        for wc in &i.where_clauses {
            conds.extend(self.where_clause(wc)?);
        }
        conds.extend(std::mem::take(&mut self.pending));
        // The implicit `Sized` bounds last (as for types and functions): `?T: Sized` flounders
        // while `T` is unknown, and a written bound that fails decides the impl first (rustc
        // proves them all, in no order).
        conds.extend(self.implicit_sized(&i.params, &i.where_clauses));
        Ok((tr, conds))
    }

    /// The trait bounds written inline on parameters (`<T: Clone>`), as goals.
    pub fn param_bounds(&mut self, ps: &[ast::GenericParam]) -> Result<Vec<TermId>> {
        let mut goals = Vec::new();
        for p in ps {
            let Some(v) = self.lookup(&p.name.name) else {
                continue;
            };
            for b in &p.bounds {
                if let ast::Bound::Outlives(l) = b {
                    // `<T: 'a>`, `<'a: 'b>`.
                    let l = self.lifetime(l);
                    goals.push(self.store.app(syms::OUTLIVES, &[v, l]));
                }
                if let ast::Bound::Trait(tb) = b {
                    if tb.maybe {
                        continue;
                    }
                    // The alias equalities of the projections in the bound's arguments first, as
                    // for a where-clause (`I: SliceIndex<[A::Item]>` with `A::Item` unknown
                    // would flounder).
                    let before = self.pending.len();
                    let (t, eqs) = self.trait_ref(v, tb)?;
                    goals.extend(self.pending.drain(before..).collect::<Vec<_>>());
                    goals.push(t);
                    goals.extend(eqs);
                }
            }
        }
        Ok(goals)
    }

    /// The name of the program's `Sized` trait when implicit `Sized` bounds apply (`.rs` programs
    /// with a `#[lang(sized)]` trait).
    pub fn sized_trait(&self) -> Option<&'a str> {
        if !self.names.rust_rules {
            return None;
        }
        self.names.sized.as_deref()
    }

    /// Rust's implicit `P: Sized` for each type parameter of `ps` in scope that no `?Sized` (inline or
    /// in `wcs`) relaxes; nothing in `.chalk` programs (chalk has no implicit bounds).
    pub fn implicit_sized(&mut self, ps: &[ast::GenericParam], wcs: &[WhereClause]) -> Vec<TermId> {
        let Some(sized) = self.sized_trait() else {
            return Vec::new();
        };
        let relaxed = |name: &str| {
            let is_maybe = |b: &ast::Bound| matches!(b, ast::Bound::Trait(tb) if tb.maybe);
            ps.iter()
                .any(|p| p.name.name == name && p.bounds.iter().any(is_maybe))
                || wcs.iter().any(|wc| match &wc.kind {
                    WhereClauseKind::Implemented(tr) => {
                        tr.bound.maybe
                            && matches!(&tr.self_ty.kind,
                                TyKind::Named { name: n, args } if args.is_empty() && n.name == name)
                    }
                    _ => false,
                })
        };
        let mut goals = Vec::new();
        for p in ps {
            if p.kind != ParamKind::Type || relaxed(&p.name.name) {
                continue;
            }
            if let Some(v) = self.lookup(&p.name.name) {
                goals.push(self.app(sized, &[v]));
            }
        }
        goals
    }

    /// Lower a lifetime: the region `'$lt'(R)` ([`syms::REGION`]), `R` the variable of a lifetime
    /// parameter or binder, or `static`, `erased`, `empty`.
    pub fn lifetime(&mut self, l: &ast::Lifetime) -> TermId {
        let inner = match &l.kind {
            LifetimeKind::Named(n) => match self.lookup(n) {
                Some(t)
                    if matches!(self.store.view(t), crate::term::View::App(syms::REGION, _)) =>
                {
                    return t
                }
                Some(t) => t,
                None => self.store.atom_named(n),
            },
            LifetimeKind::Static => self.store.atom(syms::STATIC),
            LifetimeKind::Erased => self.store.atom(syms::ERASED),
            LifetimeKind::Empty => self.store.atom(syms::EMPTY),
        };
        self.store.app(syms::REGION, &[inner])
    }

    fn konst(&mut self, c: &ConstValue) -> Result<TermId> {
        match c {
            ConstValue::Value(v, span) => match i64::try_from(*v) {
                Ok(i) => Ok(self.store.int(i)),
                Err(_) => Err(unsupported(span, "a const value above i64::MAX")),
            },
            // A const item (knot does not read their values) or an expression it does not
            // evaluate: a constant equal to itself alone.
            ConstValue::Name(id) => match self.lookup(&id.name) {
                Some(t) => Ok(t),
                None => Ok(self.store.atom_named(&id.name)),
            },
        }
    }

    /// Lower a generic argument.
    pub fn arg(&mut self, a: &GenericArg) -> Result<TermId> {
        match a {
            GenericArg::Ty(t) => self.ty(t),
            GenericArg::Lifetime(l) => Ok(self.lifetime(l)),
            GenericArg::Const(c) => self.konst(c),
        }
    }

    fn args(&mut self, args: &[GenericArg]) -> Result<Vec<TermId>> {
        args.iter().map(|a| self.arg(a)).collect()
    }

    /// Arguments of an item with `params`, filling defaults; an arity mismatch is an error.
    /// Lifetime arguments pair with the lifetime parameters, the others with the type and const
    /// parameters, each in order (Rust writes lifetimes first). Lifetime arguments may be left out
    /// altogether (`Cow<str>` is `Cow<'_, str>`; chalk's tests write them only where used): each is
    /// then a fresh region, as an elided reference lifetime is.
    fn item_args(
        &mut self,
        what: &str,
        params: &[super::names::Param],
        args: &[GenericArg],
        span: &Span,
    ) -> Result<Vec<TermId>> {
        let is_lt = |p: &super::names::Param| matches!(p.kind, ParamKind::Lifetime);
        let (lts, others): (Vec<&GenericArg>, Vec<&GenericArg>) = args
            .iter()
            .partition(|a| matches!(a, GenericArg::Lifetime(_)));
        let lt_params = params.iter().filter(|p| is_lt(p)).count();
        let other_params = params.len() - lt_params;
        let required = params
            .iter()
            .filter(|p| !is_lt(p) && p.default.is_none())
            .count();
        let arity = || {
            lower_error(
                span,
                "lower::arity",
                format!(
                    "`{what}` takes {} generic argument(s), {} given",
                    params.len(),
                    args.len()
                ),
            )
        };
        if !(lts.is_empty() || lts.len() == lt_params)
            || others.len() > other_params
            || others.len() < required
        {
            return Err(arity());
        }
        let (mut lts, mut others) = (lts.into_iter(), others.into_iter());
        let mut out = Vec::with_capacity(params.len());
        for p in params {
            let t = if is_lt(p) {
                match lts.next() {
                    Some(l) => self.arg(l)?,
                    None => self.fresh_region(),
                }
            } else {
                match (others.next(), &p.default) {
                    (Some(a), _) => self.arg(a)?,
                    (None, Some(d)) => self.arg(d)?,
                    // (A parameter without a default after one with a default.)
                    (None, None) => return Err(arity()),
                }
            };
            out.push(t);
        }
        Ok(out)
    }

    /// Lower a type.
    pub fn ty(&mut self, t: &Ty) -> Result<TermId> {
        Ok(match &t.kind {
            TyKind::Named { name, args } => {
                if let Some(v) = self.lookup(&name.name) {
                    if !args.is_empty() {
                        return Err(unsupported(
                            &t.span,
                            "generic arguments on a type parameter",
                        ));
                    }
                    return Ok(v);
                }
                let names = self.names;
                let Some(info) = names.adts.get(&name.name) else {
                    return Err(lower_error(
                        &name.span,
                        "lower::unknown_type",
                        format!("unknown type `{}`", name.name),
                    ));
                };
                let a = self.item_args(&name.name, &info.params, args, &t.span)?;
                self.app(&name.name, &a)
            }
            TyKind::Scalar(s) => self.store.atom_named(scalar_name(*s)),
            TyKind::Str => self.store.atom_named("str"),
            TyKind::Never => self.store.atom_named("!"),
            TyKind::Tuple(ts) => {
                let a: Vec<TermId> = ts.iter().map(|t| self.ty(t)).collect::<Result<_>>()?;
                self.app("$tuple", &a)
            }
            TyKind::Slice(t) => {
                let a = self.ty(t)?;
                self.app("$slice", &[a])
            }
            TyKind::Array(t, n) => {
                let a = self.ty(t)?;
                let n = self.konst(n)?;
                self.app("$array", &[a, n])
            }
            TyKind::RawPtr(m, t) => {
                let a = self.ty(t)?;
                self.app(
                    if *m == Mutability::Mut {
                        "$ptrmut"
                    } else {
                        "$ptr"
                    },
                    &[a],
                )
            }
            TyKind::Ref {
                lifetime,
                mutability,
                ty,
            } => {
                let l = match lifetime {
                    Some(l) => self.lifetime(l),
                    None => self.fresh_region(),
                };
                let a = match &ty.kind {
                    // `&'a dyn Tr` is `&'a (dyn Tr + 'a)` (the default object lifetime).
                    TyKind::Dyn {
                        bounds,
                        lifetime: None,
                    } => self.dyn_ty(bounds, None, Some(l), &ty.span)?,
                    _ => self.ty(ty)?,
                };
                self.app(
                    if *mutability == Mutability::Mut {
                        "$refmut"
                    } else {
                        "$ref"
                    },
                    &[l, a],
                )
            }
            TyKind::Projection {
                trait_ref,
                name,
                args,
            } => {
                let assoc = self.projection(trait_ref, name, args)?;
                self.alias_var(assoc)
            }
            TyKind::TypeRelative { base, name, args } => {
                let assoc = self.type_relative(base, name, args, &t.span)?;
                self.alias_var(assoc)
            }
            TyKind::Dyn { bounds, lifetime } => {
                self.dyn_ty(bounds, lifetime.as_ref(), None, &t.span)?
            }
            TyKind::FnPtr(f) => self.fn_ptr(f)?,
        })
    }

    /// `dyn Tr<A, X = V> + Send + 'a` as `'$dyn'(['$b'('Tr'('$self', A), ['$eq'('X', V)]),
    /// '$b'('Send'('$self'), [])], 'a)`: each bound is its trait reference with `'$self'` for the self
    /// type, and its associated-type bindings. Each trait's clauses let a `dyn` type implement the
    /// traits it lists and their supertraits (`trait_decl`); higher-ranked bounds are not supported.
    ///
    /// With no lifetime written, a `.rs` program's `dyn` type has Rust's default object lifetime:
    /// `in_ref`, the region of the reference it is the pointee of, else `'static` (`Box<dyn Tr>` is
    /// `Box<dyn Tr + 'static>`; a type parameter's `T: 'a` bound, which would make it `'a`, is not
    /// consulted). A `.chalk` program's is a fresh region.
    fn dyn_ty(
        &mut self,
        bounds: &[TraitBound],
        lifetime: Option<&ast::Lifetime>,
        in_ref: Option<TermId>,
        span: &crate::error::Span,
    ) -> Result<TermId> {
        let me = self.store.atom_named("$self");
        let mut items = Vec::new();
        for b in bounds {
            let lifetimes_only = b
                .binders
                .iter()
                .all(|p| matches!(p.kind, ParamKind::Lifetime));
            if !lifetimes_only || b.maybe {
                return Err(unsupported(
                    span,
                    "type-quantified or `?` bounds of dyn types",
                ));
            }
            // `dyn for<'a> Tr<'a>`: the bound's lifetimes are fresh variables, as those of a
            // higher-ranked `fn` pointer (see `fn_ptr`): knot does not reason about lifetimes here.
            // In a `.chalk` program the bound keeps its binder: `'$for'(N, '$b'(..))`.
            let binder = !self.names.rust_rules && !b.binders.is_empty();
            let level = self.binder_level;
            let mark = self.mark();
            for (i, p) in b.binders.iter().enumerate() {
                if binder {
                    let r = self.binder_region(level, i as u32);
                    self.bind_to(&p.name.name, r);
                } else {
                    self.bind(&p.name.name);
                }
            }
            if binder {
                self.binder_level += 1;
            }
            let lowered = self.trait_ref(me, b);
            if binder {
                self.binder_level -= 1;
            }
            self.restore(mark);
            let (tr, eqs) = lowered?;
            let mut binds = Vec::new();
            for eq in eqs {
                // alias_eq('$assoc'(Tr, Item), V)
                let (assoc, v) = (self.store.args(eq)[0], self.store.args(eq)[1]);
                let item = self.store.args(assoc)[1];
                binds.push(self.app("$eq", &[item, v]));
            }
            let binds = self.store.list(&binds, None);
            let item = self.app("$b", &[tr, binds]);
            items.push(if binder {
                self.close_binder(item, level, b.binders.len() as u32)
            } else {
                item
            });
        }
        let list = self.store.list(&items, None);
        let l = match (lifetime, in_ref) {
            (Some(l), _) => self.lifetime(l),
            (None, Some(r)) if self.names.rust_rules => r,
            (None, None) if self.names.rust_rules => {
                let s = self.store.atom(syms::STATIC);
                self.store.app(syms::REGION, &[s])
            }
            (None, _) => self.fresh_region(),
        };
        Ok(self.app("$dyn", &[list, l]))
    }

    /// `for<'a> fn(A, B) -> R` as `'$fn'('$tuple'(A, B), R)`; an unsafe or non-Rust-ABI signature is
    /// `'$fn'('$sig'(safe|unsafe, Abi), Args, R)`, and a variadic one has `'$variadic'('$tuple'(..))` for
    /// arguments. Lifetimes bound by `for<..>` become fresh variables: knot does not reason about
    /// lifetimes, so a higher-ranked signature matches any instantiation of them.
    fn fn_ptr(&mut self, f: &ast::FnPtrTy) -> Result<TermId> {
        let mark = self.mark();
        // In a `.chalk` program the `for<..>` lifetimes stay bound: `'$for'(N, '$fn'(..))`.
        let binder = !self.names.rust_rules && !f.lifetimes.is_empty();
        let level = self.binder_level;
        let mut n = 0;
        for l in &f.lifetimes {
            if let LifetimeKind::Named(name) = &l.kind {
                if self.names.rust_rules {
                    let r = self.bound_region();
                    self.bind_to(name, r);
                } else {
                    let r = self.binder_region(level, n);
                    self.bind_to(name, r);
                    n += 1;
                }
            }
        }
        if binder {
            self.binder_level += 1;
        }
        let t = self.fn_ptr_body(f);
        if binder {
            self.binder_level -= 1;
        }
        self.restore(mark);
        let t = t?;
        if !binder {
            return Ok(t);
        }
        Ok(self.close_binder(t, level, n))
    }

    /// The region naming lifetime `i` of the binder at `level` while its body is lowered
    /// (closed into `'$bv'(D, I)` by [`Cx::close_binder`]).
    fn binder_region(&mut self, level: u32, i: u32) -> TermId {
        let (l, i) = (self.store.int(level as i64), self.store.int(i as i64));
        let m = self.app(BINDER_LEVEL, &[l, i]);
        self.store.app(syms::REGION, &[m])
    }

    /// `'$for'(N, Body)` with the binder's lifetimes (named by [`Cx::binder_region`]) closed.
    fn close_binder(&mut self, body: TermId, level: u32, n: u32) -> TermId {
        let marker = self.sym(BINDER_LEVEL);
        let body = crate::term::binders::close(self.store, body, marker, level);
        let n = self.store.int(n as i64);
        self.store.app(syms::BINDER, &[n, body])
    }

    fn fn_ptr_body(&mut self, f: &ast::FnPtrTy) -> Result<TermId> {
        self.in_fn_ptr += 1;
        let params: Result<Vec<TermId>> = f.params.iter().map(|p| self.ty(p)).collect();
        let ret = match (&params, &f.ret) {
            (Err(_), _) => Ok(self.store.atom(syms::TRUE)),
            (_, Some(r)) => self.ty(r),
            (_, None) => Ok(self.app("$tuple", &[])),
        };
        self.in_fn_ptr -= 1;
        let (params, ret) = (params?, ret?);
        let mut args = self.app("$tuple", &params);
        if f.variadic {
            args = self.app("$variadic", &[args]);
        }
        if !f.is_unsafe && matches!(f.abi.as_deref(), None | Some("Rust")) {
            return Ok(self.app("$fn", &[args, ret]));
        }
        let safety = self
            .store
            .atom_named(if f.is_unsafe { "unsafe" } else { "safe" });
        let abi = self.store.atom_named(f.abi.as_deref().unwrap_or("Rust"));
        let sig = self.app("$sig", &[safety, abi]);
        Ok(self.app("$fn", &[sig, args, ret]))
    }

    /// A fresh variable standing for the projection `assoc`, with `alias_eq(assoc, V)` pending.
    fn alias_var(&mut self, assoc: TermId) -> TermId {
        let v = self.fresh("_");
        let g = self.app("alias_eq", &[assoc, v]);
        self.pending.push(g);
        v
    }

    /// `'$assoc'(TraitRef, 'A'(Args..))` for `<T as Tr<..>>::A<Args..>`.
    pub fn projection(
        &mut self,
        tr: &TraitRef,
        name: &ast::Ident,
        args: &[GenericArg],
    ) -> Result<TermId> {
        let self_ty = self.ty(&tr.self_ty)?;
        let (trait_term, _) = self.trait_ref(self_ty, &tr.bound)?;
        self.assoc_term(trait_term, &tr.bound.name.name, name, args)
    }

    fn assoc_term(
        &mut self,
        trait_term: TermId,
        trait_name: &str,
        name: &ast::Ident,
        args: &[GenericArg],
    ) -> Result<TermId> {
        let known = self
            .names
            .traits
            .get(trait_name)
            .map(|t| t.assoc.iter().any(|(a, _)| *a == name.name));
        if known != Some(true) {
            return Err(lower_error(
                &name.span,
                "lower::unknown_assoc",
                format!(
                    "trait `{trait_name}` has no associated type `{}`",
                    name.name
                ),
            ));
        }
        let a = self.args(args)?;
        let item = self.app(&name.name, &a);
        Ok(self.app("$assoc", &[trait_term, item]))
    }

    /// Resolve `T::A<..>`: the trait is the one among `T`'s bounds (or, failing that, in the program)
    /// that declares `A`.
    fn type_relative(
        &mut self,
        base: &Ty,
        name: &ast::Ident,
        args: &[GenericArg],
        span: &Span,
    ) -> Result<TermId> {
        let base_name = match &base.kind {
            TyKind::Named { name, args } if args.is_empty() => Some(name.name.clone()),
            _ => None,
        };
        let mut candidates: Vec<String> = Vec::new();
        if let Some(b) = &base_name {
            for (p, tr) in &self.bounds {
                if p == b
                    && self
                        .names
                        .traits
                        .get(tr)
                        .is_some_and(|t| t.assoc.iter().any(|(a, _)| *a == name.name))
                    && !candidates.contains(tr)
                {
                    candidates.push(tr.clone());
                }
            }
        }
        if candidates.is_empty() {
            candidates = self
                .names
                .traits_with_assoc(&name.name)
                .into_iter()
                .map(String::from)
                .collect();
        }
        if candidates.len() != 1 {
            return Err(lower_error(
                span,
                "lower::ambiguous_assoc",
                format!(
                    "cannot tell which trait's associated type `{}` is meant ({} candidates)",
                    name.name,
                    candidates.len()
                ),
            ));
        }
        let tr = candidates.remove(0);
        let self_ty = self.ty(base)?;
        let nparams = self.names.traits[&tr].params.len();
        let mut targs = vec![self_ty];
        for _ in 0..nparams {
            targs.push(self.fresh("_"));
        }
        let trait_term = self.app(&tr, &targs);
        self.assoc_term(trait_term, &tr, name, args)
    }

    /// `'Tr'(Self, Args..)` for a bound, plus the alias equalities of its `A = U` bindings.
    pub fn trait_ref(&mut self, self_ty: TermId, b: &TraitBound) -> Result<(TermId, Vec<TermId>)> {
        let names = self.names;
        let Some(info) = names.traits.get(&b.name.name) else {
            return Err(lower_error(
                &b.name.span,
                "lower::unknown_trait",
                format!("unknown trait `{}`", b.name.name),
            ));
        };
        let params = &info.params;
        let mut a = vec![self_ty];
        // A defaulted parameter written `Self` (`trait PartialEq<Rhs = Self>`) means this bound's
        // self type.
        let mark = self.mark();
        if b.args.len() < params.len() && params.iter().any(|p| p.default.is_some()) {
            self.bind_to("Self", self_ty);
        }
        let args = self.item_args(&b.name.name, params, &b.args, &b.span);
        self.restore(mark);
        a.extend(args?);
        let tr = self.app(&b.name.name, &a);
        let mut eqs = Vec::new();
        for binding in &b.assoc {
            let assoc = self.assoc_term(tr, &b.name.name, &binding.name, &binding.args)?;
            let v = self.ty(&binding.value)?;
            eqs.push(self.app("alias_eq", &[assoc, v]));
        }
        // `Tr<A: B>`: `<Self as Tr>::A: B`, its projection a stand-in with its alias equality pending.
        for ab in &b.assoc_bounds {
            let assoc = self.assoc_term(tr, &b.name.name, &ab.name, &ab.args)?;
            let v = self.alias_var(assoc);
            for bd in &ab.bounds {
                if let ast::Bound::Trait(tb) = bd {
                    if tb.maybe {
                        continue;
                    }
                    let (g, more) = self.trait_ref(v, tb)?;
                    eqs.push(g);
                    eqs.extend(more);
                }
            }
        }
        Ok((tr, eqs))
    }

    /// A where-clause as goals (an outlives clause is the goal `'$outlives'(A, B)`, which the
    /// solver records as a region constraint). `forall<..>` binders become `forall` goals.
    pub fn where_clause(&mut self, wc: &WhereClause) -> Result<Vec<TermId>> {
        self.where_clause_in(wc, false)
    }

    /// A where-clause as goals; `as_goal`: it is (part of) a query's goal, where chalk lowers
    /// `T: Tr<A = X>` to `AliasEq(<T as Tr>::A = X), Implemented(T: Tr)` and so selects the alias
    /// equality first (a clause's conditions have the trait reference first).
    fn where_clause_in(&mut self, wc: &WhereClause, as_goal: bool) -> Result<Vec<TermId>> {
        let mark = self.mark();
        let vars = self.bind_where_clause_binders(wc);
        let (mut pre, mut goals) = self.where_clause_parts(wc)?;
        if as_goal && !self.names.rust_rules && goals.len() > 1 {
            goals.rotate_left(1);
        }
        pre.append(&mut goals);
        self.restore(mark);
        if vars.is_empty() || pre.is_empty() {
            return Ok(pre);
        }
        let body = self.conj(&pre);
        let l = self.store.list(&vars, None);
        Ok(vec![self.store.app(syms::FORALL, &[l, body])])
    }

    /// Bring a where-clause's binders into scope as fresh variables: `forall<'a> T: Foo<'a>` and, in
    /// chalk's semantics, those of its bound (`T: forall<'a> Foo<'a>`), which mean the same. (A `.rs`
    /// program erases a bound's higher-ranked lifetimes.)
    pub fn bind_where_clause_binders(&mut self, wc: &WhereClause) -> Vec<TermId> {
        let mut vars: Vec<TermId> = wc.binders.iter().map(|p| self.bind(&p.name.name)).collect();
        if let WhereClauseKind::Implemented(tr) = &wc.kind {
            vars.extend(self.bind_bound_binders(&tr.bound));
        }
        vars
    }

    /// Bring a trait bound's `forall<..>` binders into scope as fresh variables (chalk's semantics
    /// only: a `.rs` program erases them).
    pub fn bind_bound_binders(&mut self, b: &ast::TraitBound) -> Vec<TermId> {
        if self.names.rust_rules {
            return Vec::new();
        }
        b.binders.iter().map(|p| self.bind(&p.name.name)).collect()
    }

    /// A where-clause (its binders already in scope) split into the alias equalities of the
    /// projections met in its types (`alias_eq(Assoc, V)`, `V` a fresh stand-in) and what it says
    /// (the trait reference and its bindings' alias equalities). Assumed, the clause is
    /// `Says :- Projections`: a stand-in is bound by the assumption, never left free.
    pub fn where_clause_parts(&mut self, wc: &WhereClause) -> Result<(Vec<TermId>, Vec<TermId>)> {
        let before = self.pending.len();
        let goals = match &wc.kind {
            // `T: ?Sized` removes the implicit `Sized` bound; it asks nothing.
            WhereClauseKind::Implemented(tr) if tr.bound.maybe => vec![],
            WhereClauseKind::Implemented(tr) => {
                let s = self.ty(&tr.self_ty)?;
                let (t, mut eqs) = self.trait_ref(s, &tr.bound)?;
                let mut v = vec![t];
                v.append(&mut eqs);
                v
            }
            // `T: 'a` and `'a: 'b`: `'$outlives'(A, B)`, recorded as a region constraint when
            // proved (the solver collects region relations; it does not decide them).
            WhereClauseKind::TypeOutlives { ty, lifetime } => {
                let t = self.ty(ty)?;
                let l = self.lifetime(lifetime);
                vec![self.store.app(syms::OUTLIVES, &[t, l])]
            }
            WhereClauseKind::LifetimeOutlives { a, b } => {
                let a = self.lifetime(a);
                let b = self.lifetime(b);
                vec![self.store.app(syms::OUTLIVES, &[a, b])]
            }
        };
        let pre: Vec<TermId> = self.pending.drain(before..).collect();
        Ok((pre, goals))
    }

    /// The variables allocated since `first`, as terms.
    pub fn vars_since(&mut self, first: u32) -> Vec<TermId> {
        (first..self.nvars).map(|i| self.store.var(i)).collect()
    }

    /// `a, b, c` (or `true`).
    pub fn conj(&mut self, gs: &[TermId]) -> TermId {
        match gs.split_last() {
            None => self.store.atom(syms::TRUE),
            Some((&last, rest)) => rest
                .iter()
                .rev()
                .fold(last, |acc, &g| self.store.app(syms::COMMA, &[g, acc])),
        }
    }

    /// Lower a goal.
    pub fn goal(&mut self, g: &ast::Goal) -> Result<TermId> {
        match &g.kind {
            GoalKind::And(gs) => {
                let ts: Vec<TermId> = gs.iter().map(|g| self.goal(g)).collect::<Result<_>>()?;
                Ok(self.conj(&ts))
            }
            GoalKind::ForAll(ps, body) | GoalKind::Exists(ps, body) => {
                let mark = self.mark();
                let first = self.nvars;
                let vars = self.bind_params(ps);
                if matches!(g.kind, GoalKind::Exists(..)) {
                    self.existentials.extend(first..self.nvars);
                }
                let mut b = self.goal(body)?;
                // `int X` / `float X`: the variable is of that kind before the body runs.
                let mut goals = Vec::new();
                for (p, &v) in ps.iter().zip(&vars) {
                    let float = match p.kind {
                        ParamKind::IntVar => false,
                        ParamKind::FloatVar => true,
                        _ => continue,
                    };
                    goals.push(super::numeric::kind_goal(self, v, float));
                }
                if !goals.is_empty() {
                    goals.push(b);
                    b = self.conj(&goals);
                }
                self.restore(mark);
                if vars.is_empty() {
                    return Ok(b);
                }
                let vars: Vec<TermId> = vars.iter().map(|&v| self.region_var(v)).collect();
                let l = self.store.list(&vars, None);
                let q = if matches!(g.kind, GoalKind::ForAll(..)) {
                    syms::FORALL
                } else {
                    syms::EXISTS
                };
                Ok(self.store.app(q, &[l, b]))
            }
            GoalKind::Implies(clauses, body) => {
                let hs: Vec<TermId> = clauses.iter().map(|c| self.hyp(c)).collect::<Result<_>>()?;
                let h = self.conj(&hs);
                let b = self.goal(body)?;
                Ok(self.store.app(syms::IMPLIES, &[h, b]))
            }
            GoalKind::Not(body) => {
                // The existentials of a negated goal are its own (chalk's inversion makes them
                // universal): not variables of the answer.
                let before = self.existentials.len();
                let b = self.goal(body)?;
                self.existentials.truncate(before);
                Ok(self.store.app(syms::NOT, &[b]))
            }
            // `compatible { G }`: `G` with `Compatible` assumed (chalk's future-compatible mode, in
            // which the clauses of `coherence::compatible_rules` apply).
            GoalKind::Compatible(body) => {
                let b = self.goal(body)?;
                let h = self.store.atom_named(super::coherence::COMPATIBLE);
                Ok(self.store.app(syms::IMPLIES, &[h, b]))
            }
            GoalKind::Subtype(a, b) => {
                // `.rs` programs erase a `fn` pointer's `for<..>` lifetimes: relating those is
                // refused there (`.chalk` programs keep the binder and relate it).
                if self.names.rust_rules && [a, b].into_iter().any(has_higher_ranked_fn) {
                    return Err(unsupported(
                        &g.span,
                        "Subtype goals relating higher-ranked fn pointer types",
                    ));
                }
                let first = self.nvars;
                let before = self.pending.len();
                let x = self.ty(a)?;
                let y = self.ty(b)?;
                let sub = self.store.app(syms::SUBTYPE, &[x, y]);
                let mut gs: Vec<TermId> = self.pending.drain(before..).collect();
                gs.push(sub);
                let g = self.conj(&gs);
                Ok(self.exists_helpers(first, g))
            }
            GoalKind::Eq(a, b) => {
                let first = self.nvars;
                let before = self.pending.len();
                let x = self.arg(a)?;
                let y = self.arg(b)?;
                let eq = self.store.app(syms::EQ, &[x, y]);
                let mut gs: Vec<TermId> = self.pending.drain(before..).collect();
                gs.push(eq);
                let g = self.conj(&gs);
                Ok(self.exists_helpers(first, g))
            }
            GoalKind::Domain(d) => {
                let first = self.nvars;
                let before = self.pending.len();
                let mut gs = self.domain(d, &g.span)?;
                let mut pre: Vec<TermId> = self.pending.drain(before..).collect();
                pre.append(&mut gs);
                let g = self.conj(&pre);
                Ok(self.exists_helpers(first, g))
            }
        }
    }

    /// `exists(Vs, g)` over the helper variables allocated since `first` (stand-ins for projections,
    /// lifetimes bound in a `fn` pointer type): they belong to the universe where `g` is proved, so
    /// under a `forall` they may name its placeholders.
    fn exists_helpers(&mut self, first: u32, g: TermId) -> TermId {
        if first == self.nvars {
            return g;
        }
        let vs: Vec<TermId> = (first..self.nvars).map(|i| self.store.var(i)).collect();
        let l = self.store.list(&vs, None);
        self.store.app(syms::EXISTS, &[l, g])
    }

    /// Lower a domain goal to one or more conjuncts.
    pub fn domain(&mut self, d: &DomainGoal, span: &Span) -> Result<Vec<TermId>> {
        Ok(match d {
            DomainGoal::Holds(wc) => self.where_clause_in(wc, true)?,
            DomainGoal::Normalize { alias, ty } => {
                let assoc = self.alias_term(alias)?;
                let t = self.ty(ty)?;
                vec![self.app("normalize", &[assoc, t])]
            }
            DomainGoal::WellFormedTy(t) => {
                let t = self.ty(t)?;
                vec![self.app("well_formed_ty", &[t])]
            }
            DomainGoal::FromEnvTy(t) => {
                let t = self.ty(t)?;
                vec![self.app("from_env_ty", &[t])]
            }
            DomainGoal::WellFormedTrait(tr) => {
                let s = self.ty(&tr.self_ty)?;
                let (t, _) = self.trait_ref(s, &tr.bound)?;
                vec![self.app("well_formed", &[t])]
            }
            DomainGoal::FromEnvTrait(tr) => {
                let s = self.ty(&tr.self_ty)?;
                let (t, _) = self.trait_ref(s, &tr.bound)?;
                vec![self.app("from_env", &[t])]
            }
            DomainGoal::IsLocal(t)
            | DomainGoal::IsUpstream(t)
            | DomainGoal::IsFullyVisible(t)
            | DomainGoal::DownstreamType(t) => {
                let pred = match d {
                    DomainGoal::IsLocal(_) => "is_local",
                    DomainGoal::IsUpstream(_) => "is_upstream",
                    DomainGoal::IsFullyVisible(_) => "is_fully_visible",
                    _ => "downstream_type",
                };
                let t = self.ty(t)?;
                vec![self.app(pred, &[t])]
            }
            DomainGoal::LocalImplAllowed(tr) => {
                let s = self.ty(&tr.self_ty)?;
                let (t, _) = self.trait_ref(s, &tr.bound)?;
                vec![self.app("local_impl_allowed", &[t])]
            }
            DomainGoal::Compatible => vec![self.store.atom_named(super::coherence::COMPATIBLE)],
            DomainGoal::Reveal => vec![self.store.atom_named(super::opaque::REVEAL)],
            DomainGoal::ObjectSafe(t) => {
                let name = self.store.atom_named(&t.name);
                vec![self.app(super::unsize::OBJECT_SAFE, &[name])]
            }
            #[allow(unreachable_patterns)]
            _ => return Err(unsupported(span, "this domain goal")),
        })
    }

    /// The heads of a clause whose consequence is `d`, and the conditions its projections add: a
    /// projection in the head is a stand-in `V` with `alias_eq(Assoc, V)` in the body (chalk unifies
    /// the alias type itself, which asks the same alias equality), so the clause applies to the
    /// projection's value only. A where-clause's `forall<..>` binders stay in scope (the caller
    /// quantifies every variable allocated for the clause).
    pub fn clause_heads(
        &mut self,
        d: &DomainGoal,
        span: &Span,
    ) -> Result<(Vec<TermId>, Vec<TermId>)> {
        let before = self.pending.len();
        let heads = match d {
            DomainGoal::Holds(wc) => {
                for p in &wc.binders {
                    self.bind(&p.name.name);
                }
                let (pre, goals) = self.where_clause_parts(wc)?;
                self.pending.extend(pre);
                goals
            }
            _ => self.domain(d, span)?,
        };
        let body: Vec<TermId> = self.pending.drain(before..).collect();
        Ok((heads, body))
    }

    /// The `'$assoc'` term of a type that must be a projection.
    fn alias_term(&mut self, t: &Ty) -> Result<TermId> {
        match &t.kind {
            TyKind::Projection {
                trait_ref,
                name,
                args,
            } => self.projection(trait_ref, name, args),
            TyKind::TypeRelative { base, name, args } => {
                self.type_relative(base, name, args, &t.span)
            }
            _ => Err(lower_error(
                &t.span,
                "lower::not_a_projection",
                "expected a projection `<T as Trait>::Item`".into(),
            )),
        }
    }

    /// A hypothesis of an `if (..)` goal or a program clause: `'$forall'(Vs, (Head :- Body))`.
    pub fn hyp(&mut self, c: &ast::Clause) -> Result<TermId> {
        let mark = self.mark();
        let first = self.nvars;
        self.bind_params(&c.binders);
        let (heads, mut body) = self.clause_heads(&c.consequence, &c.span)?;
        // The clause's binders, a where-clause's `forall<..>` binders and the stand-ins of the
        // projections in its head are all universally quantified in the assumed clause.
        let vars = self.vars_since(first);
        for g in &c.conditions {
            body.push(self.goal(g)?);
        }
        self.restore(mark);
        let mut out = Vec::new();
        let from_env = self.sym("from_env");
        let plain_where_clause = matches!(c.consequence, DomainGoal::Holds(_));
        for h in heads {
            // As in chalk, a where-clause assumed by `if (T: Tr)` is `FromEnv(T: Tr)`: the trait then
            // holds through `Implemented-From-Env`, and so do its implied bounds (supertraits).
            let is_trait = self
                .store
                .functor(h)
                .is_some_and(|(f, _)| self.names.traits.contains_key(self.store.name(f)));
            let h = if plain_where_clause && is_trait {
                self.store.app(from_env, &[h])
            } else {
                h
            };
            let t = if body.is_empty() {
                h
            } else {
                let b = self.conj(&body);
                self.store.app(syms::NECK, &[h, b])
            };
            let t = if vars.is_empty() {
                t
            } else {
                let l = self.store.list(&vars, None);
                self.store.app(syms::FORALL, &[l, t])
            };
            out.push(t);
        }
        Ok(self.conj(&out))
    }
}

/// The functor naming a binder's lifetime by absolute level while the lowering writes its body.
const BINDER_LEVEL: &str = "$bv_level";

/// True when `t` contains a `fn` pointer type with `for<..>` lifetimes (iterative).
fn has_higher_ranked_fn(t: &Ty) -> bool {
    let mut stack = vec![t];
    while let Some(t) = stack.pop() {
        match &t.kind {
            TyKind::FnPtr(f) => {
                if !f.lifetimes.is_empty() {
                    return true;
                }
                stack.extend(f.params.iter());
                stack.extend(f.ret.as_deref());
            }
            TyKind::Named { args, .. } => stack.extend(args.iter().filter_map(|a| match a {
                GenericArg::Ty(t) => Some(t),
                _ => None,
            })),
            TyKind::Tuple(ts) => stack.extend(ts.iter()),
            TyKind::Slice(t) | TyKind::Array(t, _) | TyKind::RawPtr(_, t) => stack.push(t),
            TyKind::Ref { ty, .. } => stack.push(ty),
            _ => {}
        }
    }
    false
}
