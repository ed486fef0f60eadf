//! Goals: conjunctions, quantifiers, implications, domain goals and trait references.

use super::*;

impl Cx<'_> {
    /// A goal (conjunction or a single goal).
    pub fn goal(&self, p: Pair<'_, Rule>) -> Result<Goal> {
        let span = self.span(&p);
        let kind = match p.as_rule() {
            Rule::goal => {
                let mut goals = p
                    .into_inner()
                    .map(|g| self.goal(g))
                    .collect::<Result<Vec<_>>>()?;
                if goals.len() == 1 {
                    return goals
                        .pop()
                        .ok_or_else(|| Error::Internal("empty conjunction".into()));
                }
                GoalKind::And(goals)
            }
            Rule::forall_goal | Rule::exists_goal => {
                let forall = p.as_rule() == Rule::forall_goal;
                let mut k = self.kids(p);
                let params = self.opt_params(&mut k)?;
                let body = Box::new(self.goal(k.next()?)?);
                if forall {
                    GoalKind::ForAll(params, body)
                } else {
                    GoalKind::Exists(params, body)
                }
            }
            Rule::implies_goal => {
                let mut k = self.kids(p);
                let hyps = k
                    .take_all(Rule::hypothesis)
                    .into_iter()
                    .map(|h| self.hypothesis(h))
                    .collect::<Result<_>>()?;
                GoalKind::Implies(hyps, Box::new(self.goal(k.next()?)?))
            }
            Rule::not_goal | Rule::compatible_goal => {
                let not = p.as_rule() == Rule::not_goal;
                let mut k = self.kids(p);
                let g = Box::new(self.goal(k.next()?)?);
                if not {
                    GoalKind::Not(g)
                } else {
                    GoalKind::Compatible(g)
                }
            }
            Rule::paren_goal => {
                let mut k = self.kids(p);
                let mut g = self.goal(k.next()?)?;
                g.span = span;
                return Ok(g);
            }
            Rule::subtype_goal => {
                let mut k = self.kids(p);
                GoalKind::Subtype(self.ty(k.next()?)?, self.ty(k.next()?)?)
            }
            Rule::eq_goal => {
                let mut k = self.kids(p);
                GoalKind::Eq(self.generic_arg(k.next()?)?, self.generic_arg(k.next()?)?)
            }
            Rule::domain_goal_leaf => {
                let mut k = self.kids(p);
                GoalKind::Domain(self.domain_goal(k.next()?)?)
            }
            _ => return Err(unexpected(&p, "a goal")),
        };
        Ok(Goal { kind, span })
    }

    /// A hypothesis of an `if`: `forall<P> { C }` or an inline clause.
    pub fn hypothesis(&self, p: Pair<'_, Rule>) -> Result<Clause> {
        let span = self.span(&p);
        let mut k = self.kids(p);
        let binders = self.opt_params(&mut k)?;
        let mut clause = self.inline_clause(k.next()?)?;
        clause.binders = binders;
        clause.span = span;
        Ok(clause)
    }

    /// `DomainGoal (:- G1, G2)?`
    pub fn inline_clause(&self, p: Pair<'_, Rule>) -> Result<Clause> {
        let span = self.span(&p);
        let mut k = self.kids(p);
        let consequence = self.domain_goal(k.next()?)?;
        let conditions = k
            .rest()
            .into_iter()
            .map(|g| self.goal(g))
            .collect::<Result<Vec<_>>>()?;
        Ok(Clause {
            binders: Vec::new(),
            consequence,
            conditions,
            span,
        })
    }

    /// A domain goal.
    pub fn domain_goal(&self, p: Pair<'_, Rule>) -> Result<DomainGoal> {
        let rule = p.as_rule();
        match rule {
            Rule::compatible_dg => return Ok(DomainGoal::Compatible),
            Rule::reveal => return Ok(DomainGoal::Reveal),
            Rule::where_goal => return self.where_goal(p),
            Rule::implemented => {
                let span = self.span(&p);
                let tr = self.trait_ref(self.kids(p).next()?)?;
                let kind = WhereClauseKind::Implemented(tr);
                return Ok(DomainGoal::Holds(WhereClause {
                    binders: Vec::new(),
                    kind,
                    span,
                }));
            }
            Rule::object_safe => {
                return Ok(DomainGoal::ObjectSafe(self.ident(&self.kids(p).next()?)))
            }
            _ => {}
        }
        let mut k = self.kids(p);
        let arg = k.next()?;
        let is_tr = arg.as_rule() == Rule::trait_ref;
        Ok(match rule {
            Rule::well_formed if is_tr => DomainGoal::WellFormedTrait(self.trait_ref(arg)?),
            Rule::well_formed => DomainGoal::WellFormedTy(self.ty(arg)?),
            Rule::from_env if is_tr => DomainGoal::FromEnvTrait(self.trait_ref(arg)?),
            Rule::from_env => DomainGoal::FromEnvTy(self.ty(arg)?),
            Rule::normalize => DomainGoal::Normalize {
                alias: self.ty(arg)?,
                ty: self.ty(k.next()?)?,
            },
            Rule::is_local => DomainGoal::IsLocal(self.ty(arg)?),
            Rule::is_upstream => DomainGoal::IsUpstream(self.ty(arg)?),
            Rule::is_fully_visible => DomainGoal::IsFullyVisible(self.ty(arg)?),
            Rule::local_impl_allowed => DomainGoal::LocalImplAllowed(self.trait_ref(arg)?),
            Rule::downstream_type => DomainGoal::DownstreamType(self.ty(arg)?),
            _ => return Err(unexpected(&arg, "a domain goal")),
        })
    }

    /// `T: Tr<..>`, `T: 'a` or `'a: 'b` as a domain goal.
    pub fn where_goal(&self, p: Pair<'_, Rule>) -> Result<DomainGoal> {
        let span = self.span(&p);
        let mut k = self.kids(p);
        let first = k.next()?;
        let second = k.next()?;
        let kind = if first.as_rule() == Rule::lifetime {
            WhereClauseKind::LifetimeOutlives {
                a: self.lifetime(&first),
                b: self.lifetime(&second),
            }
        } else {
            let ty = self.ty(first)?;
            let bound = match second.as_rule() {
                Rule::lifetime => Bound::Outlives(self.lifetime(&second)),
                _ => Bound::Trait(self.trait_bound(second)?),
            };
            self.bound_clause(&ty, bound)
        };
        Ok(DomainGoal::Holds(WhereClause {
            binders: Vec::new(),
            kind,
            span,
        }))
    }

    /// `T: Tr<args>`
    pub fn trait_ref(&self, p: Pair<'_, Rule>) -> Result<TraitRef> {
        let span = self.span(&p);
        let mut k = self.kids(p);
        let self_ty = self.ty(k.next()?)?;
        let bound = self.trait_bound(k.next()?)?;
        Ok(TraitRef {
            self_ty,
            bound,
            span,
        })
    }
}
