//! The surface AST: chalk-style programs and goals as written, before name resolution and lowering.
//!
//! Names are kept as written: a bare name (`T`, `Foo`, `N`) may be a type parameter, an ADT, a
//! const parameter or another item; lowering decides. Every node that an error may point at
//! carries a [`Span`].

use crate::error::Span;
use serde::{Deserialize, Serialize};

/// An identifier with its location.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Ident {
    /// The text of the identifier.
    pub name: String,
    /// Where it was written.
    pub span: Span,
}

/// A whole program: a list of items, in source order.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Program {
    /// The items (ignored lines such as `use ...;` are not kept).
    pub items: Vec<Item>,
}

/// An attribute `#[name]`, `#[name(arg, ..)]` or `#[name = value]`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Attribute {
    /// The attribute's name (a path such as `lang`, `derive`, `rustfmt::skip`).
    pub name: Ident,
    /// The comma-separated arguments inside parentheses, each trimmed (`lang(sized)` gives
    /// `["sized"]`); `None` when there are no parentheses.
    pub args: Option<Vec<Ident>>,
    /// The value after `=`, as written (`#[doc = "x"]` gives `"x"` with its quotes).
    pub value: Option<String>,
    /// The whole attribute.
    pub span: Span,
}

/// One top-level item, with its attributes.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Item {
    /// Outer attributes, in source order. Rust's `auto trait` adds an `auto` attribute here.
    pub attrs: Vec<Attribute>,
    /// Whether a `pub` visibility was written (it carries no meaning for knot).
    pub public: bool,
    /// What the item is.
    pub kind: ItemKind,
    /// The whole item, from its first attribute.
    pub span: Span,
}

impl Item {
    /// The attribute named `name`, if present.
    pub fn attr(&self, name: &str) -> Option<&Attribute> {
        self.attrs.iter().find(|a| a.name.name == name)
    }

    /// Mark the item as coming from an upstream crate (`#[upstream]`), as the std model's items are
    /// (for the orphan rules and open-world coherence).
    pub fn mark_upstream(&mut self) {
        if self.attr("upstream").is_none() {
            let span = self.span.clone();
            self.attrs.push(Attribute {
                name: Ident {
                    name: "upstream".into(),
                    span: span.clone(),
                },
                args: None,
                value: None,
                span,
            });
        }
    }
}

/// The kinds of item.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
/// The large kinds are boxed, so that an item is small to move (a program of 10,000 impls moves
/// its items from the parser to the resolver to the lowering several times).
pub enum ItemKind {
    /// `struct S<P> where WC { f: T }`, `struct S<P>(T);`, `struct S;`.
    Struct(AdtDef),
    /// `enum E<P> { A, B { f: T }, C(T) }`.
    Enum(AdtDef),
    /// `trait Tr<P>: Super where WC { type A<P>: Bounds; }`.
    Trait(TraitDef),
    /// `impl<P> !? Tr<args> for Ty where WC { type A<P> = T; }`.
    Impl(Box<ImplDef>),
    /// `opaque type O<P>: Bounds where WC = Hidden;`.
    OpaqueType(Box<OpaqueTyDef>),
    /// `unsafe? extern "abi"? fn f<P>(x: T, ..) -> R where WC;`.
    FnDef(Box<FnDef>),
    /// `closure c<P>(self, a: T) -> R { Upvar; .. }`.
    Closure(Box<ClosureDef>),
    /// `coroutine static? g<P>[resume = T, yield = U] -> R { upvars [..] witnesses [..] }`.
    Coroutine(Box<CoroutineDef>),
    /// `extern type X;`.
    ForeignType(Ident),
    /// A type the program names but does not define (`.rs`: imported from a module or crate knot
    /// cannot see), made by name resolution; nothing is known of it but the program's own impls.
    External(ExternalTy),
    /// A program clause written directly: `forall<P> { DomainGoal if G1, G2 }`.
    Clause(Box<Clause>),
}

impl ItemKind {
    /// The name and parameters of an item that names a type: a struct, enum, opaque type, function
    /// definition, closure or coroutine.
    pub fn type_name_and_params(&self) -> Option<(&Ident, &[GenericParam])> {
        match self {
            ItemKind::Struct(a) | ItemKind::Enum(a) => Some((&a.name, &a.params)),
            ItemKind::OpaqueType(o) => Some((&o.name, &o.params)),
            ItemKind::FnDef(f) => Some((&f.name, &f.params)),
            ItemKind::Closure(c) => Some((&c.name, &c.params)),
            ItemKind::Coroutine(c) => Some((&c.name, &c.params)),
            _ => None,
        }
    }
}

/// The kind of a generic parameter.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum ParamKind {
    /// A type parameter `T`.
    Type,
    /// A lifetime parameter `'a`.
    Lifetime,
    /// A const parameter `const N` (with Rust's optional `: usize`).
    Const {
        /// The declared type of the const, if written.
        ty: Option<Ty>,
    },
    /// An integer inference variable `int X` (goals only).
    IntVar,
    /// A float inference variable `float X` (goals only).
    FloatVar,
}

/// A generic parameter or binder variable: `T`, `T: Bound = Default`, `'a: 'b`, `const N`, `int X`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct GenericParam {
    /// What kind of parameter.
    pub kind: ParamKind,
    /// Its name (lifetimes include the quote: `'a`).
    pub name: Ident,
    /// Inline bounds (`T: A + B + 'a`, `'a: 'b`).
    pub bounds: Vec<Bound>,
    /// A default (`T = ()`, `const N: usize = 3`).
    pub default: Option<GenericArg>,
    /// The whole parameter.
    pub span: Span,
}

/// A bound in a `+` list.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum Bound {
    /// A trait bound `Tr<args, A = T>`.
    Trait(TraitBound),
    /// A lifetime bound `'a`.
    Outlives(Lifetime),
}

/// A trait bound: `for<'a>? ?Tr<args, A<gargs> = U>` (the self type is given elsewhere).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct TraitBound {
    /// Binders of a `forall<..>` / `for<..>` prefix.
    pub binders: Vec<GenericParam>,
    /// Whether it is a `?Trait` (maybe) bound.
    pub maybe: bool,
    /// The trait's name.
    pub name: Ident,
    /// The trait's arguments other than the self type.
    pub args: Vec<GenericArg>,
    /// Associated type bindings `A<gargs> = U`.
    pub assoc: Vec<AssocBinding>,
    /// Associated type bounds `A<gargs>: Bounds` (Rust's `Iterator<Item: Copy>`).
    pub assoc_bounds: Vec<AssocBound>,
    /// The whole bound.
    pub span: Span,
}

/// An associated type bound inside a trait bound: `A<gargs>: Bounds`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct AssocBound {
    /// The associated type's name.
    pub name: Ident,
    /// Its own (GAT) arguments.
    pub args: Vec<GenericArg>,
    /// The bounds on it.
    pub bounds: Vec<Bound>,
    /// The whole bound.
    pub span: Span,
}

/// An associated type binding inside a trait bound: `A<gargs> = U`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct AssocBinding {
    /// The associated type's name.
    pub name: Ident,
    /// Its own (GAT) arguments.
    pub args: Vec<GenericArg>,
    /// The type it is bound to.
    pub value: Ty,
    /// The whole binding.
    pub span: Span,
}

/// A trait reference with an explicit self type: `T: Tr<args>` (as in `WellFormed(T: Tr)`).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct TraitRef {
    /// The self type.
    pub self_ty: Ty,
    /// The trait and its other arguments (and any associated bindings).
    pub bound: TraitBound,
    /// The whole reference.
    pub span: Span,
}

/// A where clause, optionally quantified: `forall<'a> T: Tr<'a>`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct WhereClause {
    /// Variables bound by a `forall<..>` (or Rust `for<..>`) prefix.
    pub binders: Vec<GenericParam>,
    /// The clause proper.
    pub kind: WhereClauseKind,
    /// The whole clause.
    pub span: Span,
}

/// What a where clause says. Rust's `T: A + B` is split into one clause per bound.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum WhereClauseKind {
    /// `T: Tr<args>` or, with associated bindings, `T: Tr<args, A = U>` (also alias equality).
    Implemented(TraitRef),
    /// `T: 'a`.
    TypeOutlives {
        /// The type.
        ty: Ty,
        /// The lifetime it outlives.
        lifetime: Lifetime,
    },
    /// `'a: 'b`.
    LifetimeOutlives {
        /// The longer lifetime.
        a: Lifetime,
        /// The shorter lifetime.
        b: Lifetime,
    },
}

/// A lifetime.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Lifetime {
    /// Which lifetime.
    pub kind: LifetimeKind,
    /// Where it was written.
    pub span: Span,
}

/// The kinds of lifetime.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum LifetimeKind {
    /// A named lifetime, with its quote (`'a`, also Rust's `'_`).
    Named(String),
    /// `'static`.
    Static,
    /// `'erased`.
    Erased,
    /// `'empty`.
    Empty,
}

/// A const value: a name (a const parameter) or a decimal number.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum ConstValue {
    /// A name, resolved at lowering.
    Name(Ident),
    /// A literal number.
    Value(u128, Span),
}

/// A generic argument. A bare name is parsed as `Ty` (a `Named` type without arguments); lowering
/// decides whether it denotes a type or a const.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum GenericArg {
    /// A type (or a bare name).
    Ty(Ty),
    /// A lifetime.
    Lifetime(Lifetime),
    /// A literal const value.
    Const(ConstValue),
}

/// Scalar types.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[allow(missing_docs)]
pub enum Scalar {
    I8,
    I16,
    I32,
    I64,
    I128,
    Isize,
    U8,
    U16,
    U32,
    U64,
    U128,
    Usize,
    F16,
    F32,
    F64,
    F128,
    Bool,
    Char,
}

/// Mutability of references and raw pointers.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Mutability {
    /// `&T`, `*const T`.
    Not,
    /// `&mut T`, `*mut T`.
    Mut,
}

/// A type with its span.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Ty {
    /// What the type is.
    pub kind: TyKind,
    /// Where it was written.
    pub span: Span,
}

/// The kinds of type.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum TyKind {
    /// A name with arguments: `S<args>`, or a bare name `T` (parameter, ADT, const...).
    Named {
        /// The name.
        name: Ident,
        /// The arguments (empty for a bare name).
        args: Vec<GenericArg>,
    },
    /// A projection `<T as Tr<targs>>::A<args>`.
    Projection {
        /// The self type and trait.
        trait_ref: Box<TraitRef>,
        /// The associated item.
        name: Ident,
        /// Its own (GAT) arguments.
        args: Vec<GenericArg>,
    },
    /// An unresolved associated path `T::A<args>` (or `<T>::A`): the trait is found at lowering.
    TypeRelative {
        /// The type the path starts from.
        base: Box<Ty>,
        /// The associated item.
        name: Ident,
        /// Its own arguments.
        args: Vec<GenericArg>,
    },
    /// A scalar type.
    Scalar(Scalar),
    /// `str`.
    Str,
    /// `!`.
    Never,
    /// A tuple `()`, `(T,)`, `(A, B)`.
    Tuple(Vec<Ty>),
    /// `[T]`.
    Slice(Box<Ty>),
    /// `[T; N]`.
    Array(Box<Ty>, ConstValue),
    /// `*const T`, `*mut T`.
    RawPtr(Mutability, Box<Ty>),
    /// `&'a T`, `&'a mut T` (the lifetime may be omitted in Rust spelling).
    Ref {
        /// The lifetime, if written.
        lifetime: Option<Lifetime>,
        /// Mutability.
        mutability: Mutability,
        /// The referent.
        ty: Box<Ty>,
    },
    /// `dyn B + B + 'a`.
    Dyn {
        /// The trait bounds.
        bounds: Vec<TraitBound>,
        /// The region bound, if written.
        lifetime: Option<Lifetime>,
    },
    /// A function pointer `for<'a> unsafe extern "C" fn(A, ...) -> R`.
    FnPtr(FnPtrTy),
}

/// A function pointer type.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct FnPtrTy {
    /// Lifetimes bound by `for<..>`.
    pub lifetimes: Vec<Lifetime>,
    /// Whether it is `unsafe`.
    pub is_unsafe: bool,
    /// The ABI string without quotes (`"C"` gives `C`); `None` for the Rust ABI.
    pub abi: Option<String>,
    /// Parameter types.
    pub params: Vec<Ty>,
    /// Whether the parameter list ends with `...`.
    pub variadic: bool,
    /// The return type, if written (default `()`).
    pub ret: Option<Box<Ty>>,
}

/// The attribute name resolution puts on the declaration it makes for a trait the program names
/// but does not define (`.rs`: imported from a module or crate knot cannot see): lowering makes
/// the trait's predicate open (`Program::open`).
pub const UNSEEN_ATTR: &str = "unseen";

/// A type the program names but does not define ([`ItemKind::External`]).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ExternalTy {
    /// Its internal name: the path it was imported or written by (`crate::ctypes::c_ulong`).
    pub name: Ident,
    /// How many type (and const) arguments it is used with.
    pub arity: usize,
    /// How many lifetime arguments it is used with (at most; a use may elide them).
    #[serde(default)]
    pub lifetimes: usize,
    /// Whether it belongs to this crate, when its path tells: `crate::`, `self::`, `super::` paths
    /// do; `std::`, `core::`, `alloc::` and another crate's do not; a bare name an unseen glob may
    /// bring in, or a path through a module the file declares but knot did not read, may be either.
    #[serde(default)]
    pub local: Option<bool>,
}

/// A struct or enum definition.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct AdtDef {
    /// The name.
    pub name: Ident,
    /// Generic parameters.
    pub params: Vec<GenericParam>,
    /// Where clauses.
    pub where_clauses: Vec<WhereClause>,
    /// The variants: a struct has exactly one, named like the struct.
    pub variants: Vec<Variant>,
}

/// How a variant's fields are written.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum VariantShape {
    /// `{ f: T, .. }`.
    Named,
    /// `(T, ..)`.
    Tuple,
    /// No fields at all (`struct S;`, enum variant `A`).
    Unit,
}

/// A variant of an ADT.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Variant {
    /// The name (the struct's name for structs).
    pub name: Ident,
    /// How the fields are written.
    pub shape: VariantShape,
    /// The fields.
    pub fields: Vec<Field>,
    /// The whole variant.
    pub span: Span,
}

/// A field of a variant.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Field {
    /// The name; `None` for tuple fields.
    pub name: Option<Ident>,
    /// The type.
    pub ty: Ty,
    /// The whole field.
    pub span: Span,
}

/// A trait definition.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct TraitDef {
    /// The name.
    pub name: Ident,
    /// Generic parameters (not including `Self`).
    pub params: Vec<GenericParam>,
    /// Rust-style supertrait bounds `trait Tr: Super`.
    pub supertraits: Vec<Bound>,
    /// Where clauses.
    pub where_clauses: Vec<WhereClause>,
    /// Associated type declarations (skipped `fn` and `const` items are not kept).
    pub assoc_types: Vec<AssocTyDecl>,
}

/// An associated type declaration `type A<P>: Bounds where WC;`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct AssocTyDecl {
    /// The name.
    pub name: Ident,
    /// Its own generic parameters (GAT).
    pub params: Vec<GenericParam>,
    /// Bounds on the associated type.
    pub bounds: Vec<Bound>,
    /// Where clauses.
    pub where_clauses: Vec<WhereClause>,
    /// A default value (Rust spelling), if written.
    pub default: Option<Ty>,
    /// The whole declaration.
    pub span: Span,
}

/// Polarity of an impl.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Polarity {
    /// `impl Tr for T`.
    Positive,
    /// `impl !Tr for T`.
    Negative,
}

/// An impl.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ImplDef {
    /// Generic parameters.
    pub params: Vec<GenericParam>,
    /// Positive or negative.
    pub polarity: Polarity,
    /// The implemented trait ref (self type and trait).
    pub trait_ref: TraitRef,
    /// Where clauses.
    pub where_clauses: Vec<WhereClause>,
    /// Associated type values (skipped `fn` and `const` items are not kept).
    pub assoc_values: Vec<AssocTyValue>,
}

/// An associated type value `default? type A<P> = T;` in an impl.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct AssocTyValue {
    /// The name.
    pub name: Ident,
    /// Its own generic parameters (GAT).
    pub params: Vec<GenericParam>,
    /// Where clauses (Rust GAT spelling).
    pub where_clauses: Vec<WhereClause>,
    /// The value.
    pub value: Ty,
    /// Whether `default` was written.
    pub default: bool,
    /// The whole definition.
    pub span: Span,
}

/// An opaque type definition.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct OpaqueTyDef {
    /// The name.
    pub name: Ident,
    /// Generic parameters.
    pub params: Vec<GenericParam>,
    /// Bounds the opaque type satisfies.
    pub bounds: Vec<Bound>,
    /// Where clauses.
    pub where_clauses: Vec<WhereClause>,
    /// The hidden type.
    pub hidden: Ty,
}

/// A function definition (only its signature matters; a Rust body is skipped).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct FnDef {
    /// The name.
    pub name: Ident,
    /// Generic parameters.
    pub params: Vec<GenericParam>,
    /// Whether it is `unsafe`.
    pub is_unsafe: bool,
    /// The ABI without quotes (`extern "C"` gives `C`, bare `extern` gives `C`); `None` for Rust.
    pub abi: Option<String>,
    /// Argument types.
    pub inputs: Vec<Ty>,
    /// Whether the argument list ends with a variadic `...`.
    pub variadic: bool,
    /// The return type, if written.
    pub output: Option<Ty>,
    /// Where clauses.
    pub where_clauses: Vec<WhereClause>,
}

/// How a closure takes `self`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum ClosureKind {
    /// `self`: FnOnce.
    FnOnce,
    /// `&mut self`: FnMut.
    FnMut,
    /// `&self`: Fn.
    Fn,
}

/// A closure definition.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ClosureDef {
    /// The name.
    pub name: Ident,
    /// Generic parameters.
    pub params: Vec<GenericParam>,
    /// How `self` is taken.
    pub kind: ClosureKind,
    /// Argument types.
    pub inputs: Vec<Ty>,
    /// The return type, if written.
    pub output: Option<Ty>,
    /// Upvar types.
    pub upvars: Vec<Ty>,
}

/// A coroutine definition.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct CoroutineDef {
    /// The name.
    pub name: Ident,
    /// Whether `static` (immovable).
    pub is_static: bool,
    /// Generic parameters.
    pub params: Vec<GenericParam>,
    /// The resume type.
    pub resume: Ty,
    /// The yield type.
    pub yield_ty: Ty,
    /// The return type, if written.
    pub output: Option<Ty>,
    /// Upvar types.
    pub upvars: Vec<Ty>,
    /// Lifetimes bound by `exists<..>` over the witnesses.
    pub witness_lifetimes: Vec<Lifetime>,
    /// Witness types.
    pub witnesses: Vec<Ty>,
}

/// A program clause or hypothesis: `forall<P> { Consequence :- Conditions }`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Clause {
    /// Variables bound by `forall<..>`.
    pub binders: Vec<GenericParam>,
    /// The domain goal the clause proves.
    pub consequence: DomainGoal,
    /// The conditions (empty for a fact).
    pub conditions: Vec<Goal>,
    /// The whole clause.
    pub span: Span,
}

/// A goal with its span.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Goal {
    /// What the goal is.
    pub kind: GoalKind,
    /// Where it was written.
    pub span: Span,
}

/// The kinds of goal.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum GoalKind {
    /// `G1, G2, ..` (at least two).
    And(Vec<Goal>),
    /// `forall<P> { G }`.
    ForAll(Vec<GenericParam>, Box<Goal>),
    /// `exists<P> { G }`.
    Exists(Vec<GenericParam>, Box<Goal>),
    /// `if (C; C; ..) { G }`.
    Implies(Vec<Clause>, Box<Goal>),
    /// `not { G }`.
    Not(Box<Goal>),
    /// `compatible { G }`.
    Compatible(Box<Goal>),
    /// `A = B` (with a projection on one side this is alias equality).
    Eq(GenericArg, GenericArg),
    /// `Subtype(A, B)`.
    Subtype(Ty, Ty),
    /// A domain goal.
    Domain(DomainGoal),
}

/// Domain goals (the leaves that program clauses can prove).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum DomainGoal {
    /// A where clause: `T: Tr<..>` (with bindings also alias equality), `T: 'a`, `'a: 'b`, or
    /// `Implemented(T: Tr)`.
    Holds(WhereClause),
    /// `Normalize(<T as Tr>::A -> U)`.
    Normalize {
        /// The alias (a projection, or an unresolved `T::A`).
        alias: Ty,
        /// The normalized type.
        ty: Ty,
    },
    /// `WellFormed(Ty)`.
    WellFormedTy(Ty),
    /// `WellFormed(T: Tr)`.
    WellFormedTrait(TraitRef),
    /// `FromEnv(Ty)`.
    FromEnvTy(Ty),
    /// `FromEnv(T: Tr)`.
    FromEnvTrait(TraitRef),
    /// `IsLocal(T)`.
    IsLocal(Ty),
    /// `IsUpstream(T)`.
    IsUpstream(Ty),
    /// `IsFullyVisible(T)`.
    IsFullyVisible(Ty),
    /// `LocalImplAllowed(T: Tr)`.
    LocalImplAllowed(TraitRef),
    /// `Compatible`.
    Compatible,
    /// `DownstreamType(T)`.
    DownstreamType(Ty),
    /// `Reveal`.
    Reveal,
    /// `ObjectSafe(Tr)`.
    ObjectSafe(Ident),
}
