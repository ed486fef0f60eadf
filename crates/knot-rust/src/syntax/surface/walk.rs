//! Walking pest's parse tree: the conversion context ([`Cx`]), a node's meaningful children
//! ([`Kids`]), spans, and the small optional pieces (generic parameters, where-clauses, bounds).

use super::*;

/// Conversion context: the file name and source text.
pub struct Cx<'s> {
    pub file: &'s Arc<str>,
    pub src: &'s str,
    /// Line starts, so that each node's span costs O(log n).
    pub lines: LineIndex,
}

/// The children of a pair, filtered by [`is_meaningful`].
pub type KidIter<'i> = std::iter::Filter<Pairs<'i, Rule>, fn(&Pair<'i, Rule>) -> bool>;

/// The children of a pair (without keyword tokens), with small helpers for optional children.
pub struct Kids<'i> {
    pub it: std::iter::Peekable<KidIter<'i>>,
    pub parent: Rule,
}

/// Whether a pair carries information (keywords other than flags such as `mut` do not).
#[rustfmt::skip]
pub fn is_meaningful(p: &Pair<'_, Rule>) -> bool {
    use Rule as R;
    !matches!(
        p.as_rule(),
        R::kw_closure | R::kw_compatible | R::kw_const | R::kw_coroutine | R::kw_dyn | R::kw_enum
            | R::kw_exists | R::kw_extern | R::kw_float | R::kw_fn | R::kw_for | R::kw_forall | R::kw_if
            | R::kw_impl | R::kw_int | R::kw_not | R::kw_opaque | R::kw_resume | R::kw_self | R::kw_static
            | R::kw_struct | R::kw_trait | R::kw_type | R::kw_unsafe | R::kw_upvars | R::kw_where
            | R::kw_witnesses | R::kw_yield
    )
}

impl<'i> Kids<'i> {
    /// The next child (an internal error if there is none).
    pub fn next(&mut self) -> Result<Pair<'i, Rule>> {
        self.it
            .next()
            .ok_or_else(|| Error::Internal(format!("missing child in {:?}", self.parent)))
    }

    /// The rule of the next child, if any.
    pub fn peek(&mut self) -> Option<Rule> {
        self.it.peek().map(|p| p.as_rule())
    }

    /// Consumes the next child if it is `rule`.
    pub fn take(&mut self, rule: Rule) -> Option<Pair<'i, Rule>> {
        if self.peek() == Some(rule) {
            self.it.next()
        } else {
            None
        }
    }

    /// Consumes the next child if it is `rule`; says whether it did.
    pub fn flag(&mut self, rule: Rule) -> bool {
        self.take(rule).is_some()
    }

    /// Consumes all remaining children of rule `rule`.
    pub fn take_all(&mut self, rule: Rule) -> Vec<Pair<'i, Rule>> {
        let mut out = Vec::new();
        while let Some(p) = self.take(rule) {
            out.push(p);
        }
        out
    }

    /// The remaining children.
    pub fn rest(self) -> Vec<Pair<'i, Rule>> {
        self.it.collect()
    }
}

/// An internal error for a pair of an unexpected rule.
pub fn unexpected(p: &Pair<'_, Rule>, what: &str) -> Error {
    Error::Internal(format!(
        "unexpected {:?} while building {what}",
        p.as_rule()
    ))
}

impl<'s> Cx<'s> {
    /// The children of `p`.
    pub fn kids<'i>(&self, p: Pair<'i, Rule>) -> Kids<'i> {
        let keep: fn(&Pair<'i, Rule>) -> bool = is_meaningful;
        Kids {
            parent: p.as_rule(),
            it: p.into_inner().filter(keep).peekable(),
        }
    }

    /// The span of a pair.
    pub fn span(&self, p: &Pair<'_, Rule>) -> Span {
        let s = p.as_span();
        self.lines.span(self.file, self.src, s.start(), s.end())
    }

    /// A span from `start` to `end` byte offsets.
    pub fn span_of(&self, start: usize, end: usize) -> Span {
        self.lines.span(self.file, self.src, start, end)
    }

    /// A syntax error located at a pair.
    pub fn err(&self, p: &Pair<'_, Rule>, msg: impl Into<String>) -> Error {
        let s = p.as_span();
        Error::syntax(self.file, self.src, s.start(), s.end(), msg)
    }

    /// An identifier from a pair (of any rule: its text is taken).
    pub fn ident(&self, p: &Pair<'_, Rule>) -> Ident {
        Ident {
            name: p.as_str().trim().to_string(),
            span: self.span(p),
        }
    }

    /// Generic parameters from an optional `generic_params` child.
    pub fn opt_params(&self, k: &mut Kids<'_>) -> Result<Vec<GenericParam>> {
        match k.take(Rule::generic_params) {
            Some(p) => self.generic_params(p),
            None => Ok(Vec::new()),
        }
    }

    /// Where clauses from an optional `where_clauses` child.
    pub fn opt_where(&self, k: &mut Kids<'_>) -> Result<Vec<WhereClause>> {
        match k.take(Rule::where_clauses) {
            Some(p) => self.where_clauses(p),
            None => Ok(Vec::new()),
        }
    }

    /// Bounds from an optional `bounds` child.
    pub fn opt_bounds(&self, k: &mut Kids<'_>) -> Result<Vec<Bound>> {
        match k.take(Rule::bounds) {
            Some(p) => self.bounds(p),
            None => Ok(Vec::new()),
        }
    }

    /// A type from the next child, if any remains.
    pub fn opt_ty(&self, k: &mut Kids<'_>) -> Result<Option<Ty>> {
        if k.peek().is_some_and(is_ty_rule) {
            Ok(Some(self.ty(k.next()?)?))
        } else {
            Ok(None)
        }
    }

    /// Types of a `ty_list_semi` (or of a rule wrapping one).
    pub fn ty_list(&self, p: Option<Pair<'_, Rule>>) -> Result<Vec<Ty>> {
        let Some(p) = p else { return Ok(Vec::new()) };
        p.into_inner()
            .flat_map(|c| {
                if c.as_rule() == Rule::ty_list_semi {
                    c.into_inner().collect()
                } else {
                    vec![c]
                }
            })
            .map(|c| self.ty(c))
            .collect()
    }
}

/// Whether a rule produces a type.
#[rustfmt::skip]
pub fn is_ty_rule(r: Rule) -> bool {
    use Rule as R;
    matches!(
        r,
        R::fn_ptr_ty | R::scalar_ty | R::str_ty | R::never_ty | R::dyn_ty | R::tuple_ty | R::slice_ty
            | R::raw_ptr_ty | R::ref_ty | R::projection_ty | R::path_ty
    )
}
