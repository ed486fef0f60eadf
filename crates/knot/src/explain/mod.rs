//! Explanations: the proof tree of a goal, built *after* the query by re-examining only that goal, so a
//! query without `--explain` pays nothing.
//!
//! For a goal, every candidate clause of its predicate is tried against it: an impl (with its source
//! location), a built-in rule (`rules/*.pl`), a clause of a `.pl` file. A candidate whose head does not
//! unify is reported with the two terms; one that unifies has its body goals examined in turn, each
//! decided by the chosen strategy, and the first that fails (or, for a goal that holds, each of them) is
//! explained the same way, down to a depth limit. A goal met again on the current branch is a cycle:
//! assumed to hold when its predicate is coinductive, rejected when inductive. Rules that only restate
//! the environment (`Tr(T) :- from_env(Tr(T))`) are left out.

pub mod items;
pub mod render;

use crate::lower::{rust_text, Names};
use crate::program::Program;
use crate::solve::{aggregate, strategy_by_name, Goal, Limits, Solution};
use crate::syntax::print::term_to_string;
use crate::term::unify::{Bindings, Ref, UnifyOptions, VarMap};
use crate::term::{syms, Store, TermId, View};
use knot_logic::clock::Instant;
use std::ops::ControlFlow;
use std::time::Duration;

/// What the strategy says of a goal in the tree.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// It holds (one certain answer, or several).
    Holds,
    /// No solution.
    Fails,
    /// Ambiguous: possibly.
    Ambiguous,
    /// A limit stopped the search.
    Overflow,
    /// Met again on its own branch.
    Cycle {
        /// The predicate is coinductive: the cycle is assumed to hold.
        coinductive: bool,
    },
    /// A candidate (impl, rule) rather than a goal.
    Candidate,
    /// A candidate whose head does not match the goal.
    NoMatch,
}

/// One node of a proof tree.
#[derive(Clone, Debug)]
pub struct Node {
    /// The goal or candidate, in Rust syntax for trait goals.
    pub label: String,
    /// Its verdict.
    pub verdict: Verdict,
    /// A remark: why a candidate does not apply, "not expanded", ...
    pub note: Option<String>,
    /// Where the candidate comes from (`file:line:col`).
    pub location: Option<String>,
    /// Sub-goals or candidates.
    pub children: Vec<Node>,
    /// For a candidate that is an auto trait's structural rule (`Handle: Send` when its fields are):
    /// the type whose fields it requires, in Rust syntax.
    pub structural: Option<String>,
    /// A goal of the lowering's own vocabulary (`'$lang_clone'(T)`, `'$scalar'(T)`, ...) in a
    /// Rust-like program: a step of a built-in rule, not something the user wrote or can name.
    pub internal: bool,
    /// For a candidate: its head's first argument (an impl's self type) is a bare variable, so it
    /// matches every type (`impl<F: FnPtr> Debug for F`).
    pub blanket: bool,
}

/// Settings of an explanation.
pub struct Explainer<'a> {
    store: &'a mut Store,
    program: &'a Program,
    names: Option<&'a Names>,
    strategy: &'a str,
    limits: Limits,
    /// When the explanation started, and its time budget: its searches share it (the limits'
    /// timeout, at most [`BUDGET`]), so a tree of many goals takes no longer than one search.
    started: Instant,
    budget: Duration,
    /// How deep the tree goes.
    pub max_depth: usize,
    /// Nodes built so far (the tree is cut off beyond a few hundred).
    nodes: usize,
    /// Verdicts already computed, by goal.
    solved: rustc_hash::FxHashMap<TermId, (Verdict, Option<TermId>)>,
    /// The whole tree: every candidate (also those whose head does not unify) and, for a goal that
    /// holds, every candidate rather than the one derivation.
    pub full: bool,
    /// Items of the source program the clauses do not carry (negative impls, where ADTs are).
    pub items: items::Items,
}

const MAX_NODES: usize = 400;

/// The longest an explanation searches in all, when the limits set no shorter timeout.
const BUDGET: Duration = Duration::from_secs(2);

impl<'a> Explainer<'a> {
    /// An explainer over a loaded program; `names` (for a Rust-like program) makes labels read as Rust.
    pub fn new(
        store: &'a mut Store,
        program: &'a Program,
        names: Option<&'a Names>,
        strategy: &'a str,
        limits: &Limits,
    ) -> Explainer<'a> {
        let budget = limits.timeout.unwrap_or(BUDGET).min(BUDGET);
        Explainer {
            store,
            program,
            names,
            strategy,
            limits: limits.clone(),
            started: Instant::now(),
            budget,
            max_depth: 6,
            nodes: 0,
            solved: Default::default(),
            full: false,
            items: Default::default(),
        }
    }

    /// The proof tree of `goal` (a query term whose variables are `Var(0..)`).
    pub fn explain(&mut self, goal: TermId) -> Node {
        let mut stack = Vec::new();
        self.goal_node(goal, 0, &mut stack)
    }

    fn verdict_of(&mut self, goal: TermId) -> Verdict {
        self.solve(goal).0
    }

    /// The verdict on `goal` and, when it holds, its first answer's values (one per variable).
    /// Remembered per goal: a body goal is solved to follow its bindings and again as a node.
    fn solve(&mut self, goal: TermId) -> (Verdict, Option<TermId>) {
        if let Some(&known) = self.solved.get(&goal) {
            return known;
        }
        let result = self.solve_anew(goal);
        self.solved.insert(goal, result);
        result
    }

    /// The limits of one search: the time left of the explanation's budget. `None` when none is
    /// left (the goal's verdict is then an overflow: the budget, a limit, stopped it).
    fn search_limits(&self) -> Option<Limits> {
        let left = self.budget.saturating_sub(self.started.elapsed());
        (!left.is_zero()).then(|| Limits {
            timeout: Some(left),
            ..self.limits.clone()
        })
    }

    fn solve_anew(&mut self, goal: TermId) -> (Verdict, Option<TermId>) {
        let Some(mut s) = strategy_by_name(self.strategy) else {
            return (Verdict::Overflow, None);
        };
        let Some(limits) = self.search_limits() else {
            return (Verdict::Overflow, None);
        };
        let nvars = if self.store.is_ground(goal) {
            0
        } else {
            self.store.var_count(goal)
        };
        let mut answers = Vec::new();
        let outcome = s.solve(
            self.store,
            self.program,
            &Goal { term: goal, nvars },
            &limits,
            &mut |store, a| {
                answers.push(a.intern(store));
                if answers.len() > 64 {
                    ControlFlow::Break(())
                } else {
                    ControlFlow::Continue(())
                }
            },
        );
        // Follow a normalized answer rather than a rigid alias (`<T as Tr>::A` left as is) when both
        // are answers: that is the path a proof through an impl takes.
        let alias = self.store.find_sym("$alias");
        let first = answers
            .iter()
            .find(|a| alias.map_or(true, |s| !mentions(self.store, a.values, s)))
            .or(answers.first())
            .map(|a| a.values);
        let v = match aggregate(self.store, &answers, &outcome) {
            Solution::Unique(_) => Verdict::Holds,
            Solution::NoSolution => Verdict::Fails,
            Solution::Overflow(_) => Verdict::Overflow,
            Solution::Ambiguous(_) if !answers.is_empty() && !outcome.floundered => Verdict::Holds,
            Solution::Ambiguous(_) => Verdict::Ambiguous,
        };
        (v, first.filter(|_| v == Verdict::Holds))
    }

    /// `body` with the variables of `vars` (one variable or a list of them) replaced by placeholders
    /// of a universe above every placeholder `body` names.
    fn instantiate_forall(&mut self, vars: TermId, body: TermId) -> TermId {
        let mut bound = Vec::new();
        let mut t = vars;
        loop {
            match self.store.view(t) {
                View::Var(v) => {
                    bound.push(v);
                    break;
                }
                View::App(syms::CONS, a) if a.len() == 2 => {
                    if let View::Var(v) = self.store.view(a[0]) {
                        bound.push(v);
                    }
                    t = a[1];
                }
                _ => break,
            }
        }
        let universe = self.store.max_universe(body) + 1;
        let body = self.store.map_vars(body, &mut |store, v| match bound
            .iter()
            .position(|&b| b == v)
        {
            Some(i) => store.placeholder(universe, i as u32),
            None => store.var(v),
        });
        // Number the remaining variables afresh, as every goal of the tree is.
        canonical(self.store, body)
    }

    /// The text of a goal: `T: Tr<..>` for a trait goal of a Rust-like program, the clause language
    /// otherwise.
    pub fn goal_text(&self, t: TermId, vars: &dyn Fn(u32) -> String) -> String {
        self.goal_text_at(t, vars, 0)
    }

    /// [`Explainer::goal_text`] at nesting `depth` of implications and quantifiers (beyond 100, the
    /// clause language: no deep recursion on any input).
    fn goal_text_at(&self, t: TermId, vars: &dyn Fn(u32) -> String, depth: usize) -> String {
        let names = self.names.filter(|_| depth < 100);
        if let (Some(names), View::App(f, args)) = (names, self.store.view(t)) {
            let name = self.store.name(f);
            if names.traits.contains_key(name) {
                return rust_text::trait_ref_text_with(self.store, t, vars);
            }
            // A type, or a trait reference (`T: Tr<..>`).
            let arg = |a: TermId| match self.store.functor(a) {
                Some((g, _)) if names.traits.contains_key(self.store.name(g)) => {
                    rust_text::trait_ref_text_with(self.store, a, vars)
                }
                _ => rust_text::type_text_with(self.store, a, vars),
            };
            if let (Some(&(_, chalk)), [a]) = (
                crate::lower::CHALK_DOMAIN_GOALS
                    .iter()
                    .find(|(lowered, _)| *lowered == name),
                args,
            ) {
                return format!("{chalk}({})", arg(*a));
            }
            match (name, args.len()) {
                ("=" | "$subtype" | "$outlives", 2) => {
                    let (a, b) = (arg(args[0]), arg(args[1]));
                    return match name {
                        "=" => format!("{a} = {b}"),
                        "$subtype" => format!("Subtype({a}, {b})"),
                        _ => format!("{a}: {b}"),
                    };
                }
                ("=>", 2) => {
                    let (h, g) = (args[0], args[1]);
                    return format!(
                        "if ({}) {{ {} }}",
                        self.goal_text_at(h, vars, depth + 1),
                        self.goal_text_at(g, vars, depth + 1)
                    );
                }
                ("$int_var" | "$float_var", 1) => {
                    let kind = if name == "$int_var" {
                        "integer"
                    } else {
                        "float"
                    };
                    return format!("{}: {{{kind}}}", arg(args[0]));
                }
                ("\\+" | "not", 1) | ("$naf", 2) => {
                    return format!("not {{ {} }}", self.goal_text_at(args[0], vars, depth + 1))
                }
                (":-", 2) => {
                    // An assumed clause whose conditions name projections (`FromEnv(<T as Tr>::A)`
                    // is `from_env_ty(X) :- alias_eq(<T as Tr>::A, X)`): the head, with each such
                    // variable shown as its projection.
                    let mut shown: Vec<(u32, String)> = Vec::new();
                    for part in crate::program::conjuncts(self.store, args[1]) {
                        match self.store.view(part) {
                            View::App(f, [p, x]) if self.store.name(f) == "alias_eq" => {
                                if let (View::Var(v), Some(p)) =
                                    (self.store.view(*x), self.projection_text(*p, vars))
                                {
                                    shown.push((v, p));
                                }
                            }
                            _ => break,
                        }
                    }
                    let named = |v: u32| match shown.iter().find(|(x, _)| *x == v) {
                        Some((_, text)) => text.clone(),
                        None => vars(v),
                    };
                    return self.goal_text_at(args[0], &named, depth + 1);
                }
                ("from_env" | "exists" | "$forall", _) => {
                    // `FromEnv(G)` reads as `G` among hypotheses; quantifiers show their body.
                    if let Some(&body) = args.last() {
                        return self.goal_text_at(body, vars, depth + 1);
                    }
                }
                (",", 2) => {
                    // A conjunction (`T: Tr<A = U>` is the trait goal and its alias equality),
                    // flattened without recursion.
                    let mut parts = Vec::new();
                    let mut rest = t;
                    while let View::App(syms::COMMA, a) = self.store.view(rest) {
                        if a.len() != 2 {
                            break;
                        }
                        parts.push(self.goal_text_at(a[0], vars, depth + 1));
                        rest = a[1];
                    }
                    parts.push(self.goal_text_at(rest, vars, depth + 1));
                    return parts.join(", ");
                }
                ("normalize" | "alias_eq", 2) => {
                    if let Some(p) = self.projection_text(args[0], vars) {
                        let rhs = rust_text::type_text_with(self.store, args[1], vars);
                        return format!("{p} == {rhs}");
                    }
                }
                (n, _) if n.starts_with('$') => {
                    // A built-in rule's own predicate: its name without the `$`, its arguments as
                    // types (`scalar([T; N])`); `'$compatible'` is chalk's `Compatible`.
                    let bare = n.trim_start_matches('$');
                    let parts: Vec<String> = args
                        .iter()
                        .map(|&a| rust_text::type_text_with(self.store, a, vars))
                        .collect();
                    return format!("{bare}({})", parts.join(", "));
                }
                _ => {}
            }
        }
        if let (Some(_), View::Atom(f)) = (names, self.store.view(t)) {
            match self.store.name(f) {
                "$compatible" => return "Compatible".to_string(),
                n if n.starts_with('$') => return n.trim_start_matches('$').to_string(),
                _ => {}
            }
        }
        term_to_string(self.store, t, vars, 999)
    }

    /// `<T as Tr>::A` for the lowering's `'$assoc'(Tr(T), A)`.
    fn projection_text(&self, assoc: TermId, vars: &dyn Fn(u32) -> String) -> Option<String> {
        let View::App(_, [tr, item]) = self.store.view(assoc) else {
            return None;
        };
        let tr = rust_text::trait_ref_text_with(self.store, *tr, vars).replacen(": ", " as ", 1);
        let item = rust_text::type_text_with(self.store, *item, vars);
        Some(format!("<{tr}>::{item}"))
    }

    /// Whether clause `ci`'s head has a bare variable as its first argument.
    fn blanket(&self, ci: u32) -> bool {
        let head = self.program.clauses()[ci as usize].head;
        matches!(self.store.view(head), View::App(_, args)
            if args.first().is_some_and(|&a| matches!(self.store.view(a), View::Var(_))))
    }

    fn leaf(&mut self, label: String, verdict: Verdict, note: Option<String>) -> Node {
        self.nodes += 1;
        Node {
            label,
            verdict,
            note,
            location: None,
            children: Vec::new(),
            structural: None,
            internal: false,
            blanket: false,
        }
    }

    fn goal_node(&mut self, goal: TermId, depth: usize, stack: &mut Vec<TermId>) -> Node {
        let mut node = self.goal_node_inner(goal, depth, stack);
        // Internal: a predicate of the lowering's vocabulary, or a goal that mentions one where no
        // Rust notation exists (`i64 = '$dyn'(..)` inside a `dyn` rule, `$b<Tr<Self>, []> = ..`
        // between two bounds of one; no Rust text has a `$`).
        // So is a trait only built-in rules implement for one kind of type (`S: FnPtr`, under std's
        // `impl<F: FnPtr> Debug for F`): that `S` is no function pointer tells nothing of `S: Debug`.
        node.internal = self.names.is_some_and(|names| {
            self.store.functor(goal).is_some_and(|(f, _)| {
                let f = self.store.name(f);
                f.starts_with('$') || names.is_closed_lang_trait(f)
            }) || node.label.contains('$')
        });
        node
    }

    fn goal_node_inner(&mut self, goal: TermId, depth: usize, stack: &mut Vec<TermId>) -> Node {
        let label = self.goal_text(goal, &var_name);
        // Control constructs: explain their parts.
        match self.store.view(goal) {
            View::App(syms::COMMA, a) if a.len() == 2 => {
                let (x, y) = (a[0], a[1]);
                let verdict = self.verdict_of(goal);
                let mut node = self.leaf(label, verdict, None);
                for part in [x, y] {
                    node.children.push(self.goal_node(part, depth, stack));
                }
                return node;
            }
            View::App(syms::EXISTS, a) if a.len() == 2 => {
                let body = a[1];
                return self.goal_node(body, depth, stack);
            }
            View::App(syms::FORALL, a) if a.len() == 2 => {
                // `forall<T> { G }`: G is explained for a placeholder `T` in a new universe, as the
                // solver proves it (with `T` left a variable, G would be asked for every `T`).
                let (vars, body) = (a[0], a[1]);
                let body = self.instantiate_forall(vars, body);
                return self.goal_node(body, depth, stack);
            }
            View::Atom(syms::TRUE) => return self.leaf(label, Verdict::Holds, None),
            View::App(syms::IMPLIES, a) if a.len() == 2 => {
                // `if (H) { G }`: G is proved with H assumed; the tree does not carry environments,
                // so the node is the verdict on the whole implication.
                let verdict = self.verdict_of(goal);
                let note = match verdict {
                    Verdict::Holds => {
                        Some("proved with the `if (..)` assumptions in the environment")
                    }
                    Verdict::Fails => Some("not provable even with the `if (..)` assumptions"),
                    Verdict::Overflow => Some("a limit stopped the search (overflow)"),
                    _ => None,
                };
                return self.leaf(label, verdict, note.map(str::to_string));
            }
            _ => {}
        }
        let verdict = self.verdict_of(goal);
        // Goals are numbered canonically (variables from 0 in order), so a variant is the same term.
        if stack.contains(&goal) {
            let coinductive = self
                .store
                .functor(goal)
                .is_some_and(|p| self.program.coinductive.contains(&p));
            let note = if coinductive {
                "cycle: assumed to hold (coinductive)"
            } else {
                "cycle: inductive, rejected"
            };
            return self.leaf(
                label,
                Verdict::Cycle { coinductive },
                Some(note.to_string()),
            );
        }
        let mut node = self.leaf(label, verdict, None);
        if verdict == Verdict::Overflow {
            node.note = Some("a limit stopped the search (overflow)".into());
        }
        if depth >= self.max_depth || self.nodes > MAX_NODES {
            node.note = Some("not expanded further".into());
            return node;
        }
        let Some(pred) = self.store.functor(goal) else {
            return node;
        };
        stack.push(goal);
        // A goal that holds: the one derivation its proof takes (each body goal instantiated by the
        // answer of the whole body, so a tabled left recursion shows the answer it used, not a cycle).
        if verdict == Verdict::Holds && !self.full {
            if let Some(cand) = self.derivation(goal, pred, depth, stack) {
                node.children.push(cand);
                stack.pop();
                return node;
            }
            if self.store.is_ground(goal) && !self.program.coinductive.contains(&pred) {
                // Every derivation found goes through a goal above this one: its proof is the
                // answer that goal's table holds, shown there.
                node.note = Some("holds by an answer of a goal above it (shown there)".into());
                stack.pop();
                return node;
            }
        }
        let mut matched = 0;
        for &ci in self.program.clauses_of(pred) {
            let clause = &self.program.clauses()[ci as usize];
            if restates_environment(self.store, clause.head, clause.body())
                || guard_rejects(self.store, clause.head, clause.body(), goal)
            {
                continue;
            }
            let mut b = Bindings::new();
            let gn = if self.store.is_ground(goal) {
                0
            } else {
                self.store.var_count(goal)
            };
            let gbase = b.alloc(gn, self.store.max_universe(goal));
            let cbase = b.alloc(clause.nvars, self.store.max_universe(goal));
            let opts = UnifyOptions::default();
            let unifies = b.unify(
                self.store,
                Ref::new(clause.head, cbase),
                Ref::new(goal, gbase),
                opts,
            );
            // Only impls and program clauses are worth listing when they do not match, and only in
            // the full tree.
            let listed = self.full
                && clause
                    .span()
                    .as_ref()
                    .is_some_and(|s| !s.file.starts_with("rules/"));
            if !unifies && !listed {
                continue;
            }
            let (what, head_text, location) = self.candidate_text(ci);
            if !unifies {
                let note = format!(
                    "does not apply: `{}` does not unify with `{}`",
                    head_text,
                    self.goal_text(goal, &var_name)
                );
                let mut n = self.leaf(
                    format!("{what} `{head_text}`"),
                    Verdict::NoMatch,
                    Some(note),
                );
                n.location = location;
                node.children.push(n);
                continue;
            }
            matched += 1;
            let clause = &self.program.clauses()[ci as usize];
            let body: Vec<TermId> = clause.body().to_vec();
            let mut cand = self.leaf(format!("{what} `{head_text}`"), Verdict::Candidate, None);
            cand.location = location;
            cand.structural = self.structural(ci, goal);
            cand.blanket = self.blanket(ci);
            for g in body {
                // The body goal under the unifier and the answers of the goals before it, its
                // variables numbered afresh.
                let mut map = VarMap::new();
                let g = b.resolve(self.store, Ref::new(g, cbase), &mut map);
                if let (_, Some(vals)) = self.solve(g) {
                    // Go on with this answer's bindings, as the proof does.
                    let n = map.len() as u32;
                    let vb = b.alloc(
                        self.store.var_count(vals).max(1),
                        self.store.max_universe(vals),
                    );
                    let vals: Vec<TermId> = self.store.args(vals).to_vec();
                    for (k, &slot) in map.slots.iter().enumerate().take(n as usize) {
                        if let Some(&v) = vals.get(k) {
                            let target = Bindings::slot_ref(self.store, slot);
                            b.unify(self.store, target, Ref::new(v, vb), opts);
                        }
                    }
                }
                let child = self.goal_node(g, depth + 1, stack);
                let failed = matches!(
                    child.verdict,
                    Verdict::Fails | Verdict::Cycle { coinductive: false }
                );
                let label = child.label.clone();
                cand.children.push(child);
                if failed {
                    cand.note = Some(format!("where-clause `{label}` has no solution"));
                    break;
                }
            }
            node.children.push(cand);
            if self.nodes > MAX_NODES {
                break;
            }
        }
        stack.pop();
        if matched == 0 && verdict == Verdict::Fails {
            if let Some(neg) = self.negative_impl(goal) {
                node.children.push(neg);
                return node;
            }
            let what = if self.names.is_some() {
                "impl"
            } else {
                "clause"
            };
            let trait_name = match self.store.name(pred.0) {
                // A built-in rule's predicate is named as the goal reads.
                n if n.starts_with('$') && self.names.is_some() => self.goal_text(goal, &var_name),
                n => n.to_string(),
            };
            let subject = match self.store.view(goal) {
                View::App(_, a) if self.names.is_some() => {
                    rust_text::type_text_with(self.store, a[0], &var_name)
                }
                _ => self.goal_text(goal, &var_name),
            };
            node.children.push(self.leaf(
                format!("no {what} of `{trait_name}` matches `{subject}`"),
                Verdict::Fails,
                None,
            ));
        }
        node
    }

    /// How a clause reads as a candidate: its kind, its head and its location (none for a clause the
    /// lowering made up, which has no place in a file).
    fn candidate_text(&self, ci: u32) -> (&'static str, String, Option<String>) {
        let clause = &self.program.clauses()[ci as usize];
        let names = clause.var_names().to_vec();
        let cname = move |i: u32| {
            names
                .get(i as usize)
                .filter(|n| !n.is_empty() && !n.starts_with('_'))
                .map(|n| n.to_string())
                .unwrap_or_else(|| "_".into())
        };
        let head_text = self.goal_text(clause.head, &cname);
        let what = candidate_name(clause.span().as_ref(), self.names.is_some());
        (
            what,
            head_text,
            clause.span().as_ref().and_then(location_of),
        )
    }

    /// For an auto trait's structural clause (located at the struct or enum it was made for): the
    /// goal's self type in Rust syntax.
    fn structural(&self, ci: u32, goal: TermId) -> Option<String> {
        let names = self.names?;
        let clause = &self.program.clauses()[ci as usize];
        let span = clause.span()?;
        let (f, _) = self.store.functor(goal)?;
        if !names.traits.get(self.store.name(f)).is_some_and(|t| t.auto) {
            return None;
        }
        if !self.items.adt_at(&location_of(&span)?) {
            return None;
        }
        let self_ty = *self.store.args(goal).first()?;
        Some(rust_text::type_text_with(self.store, self_ty, &var_name))
    }

    /// A negative impl that says why a trait goal has no impl (`impl<T> !Send for Rc<T> {}`).
    fn negative_impl(&mut self, goal: TermId) -> Option<Node> {
        self.names?;
        let (f, _) = self.store.functor(goal)?;
        let self_ty = *self.store.args(goal).first()?;
        let (ty, _) = self.store.functor(self_ty)?;
        let neg = self
            .items
            .negative(self.store.name(f), self.store.name(ty))?
            .clone();
        let mut n = self.leaf(
            format!("negative impl `{}`", neg.text),
            Verdict::Fails,
            None,
        );
        n.location = neg.location;
        Some(n)
    }

    /// The derivation of a goal that holds: the first candidate whose body, solved as one
    /// conjunction, has an answer none of whose instantiated body goals is already on the branch.
    fn derivation(
        &mut self,
        goal: TermId,
        pred: crate::program::Pred,
        depth: usize,
        stack: &mut Vec<TermId>,
    ) -> Option<Node> {
        let opts = UnifyOptions::default();
        let tuple = self.store.sym("$body");
        let mut options: Vec<(u32, Vec<TermId>, bool)> = Vec::new();
        for &ci in self.program.clauses_of(pred) {
            let clause = &self.program.clauses()[ci as usize];
            if restates_environment(self.store, clause.head, clause.body())
                || guard_rejects(self.store, clause.head, clause.body(), goal)
            {
                continue;
            }
            let (head, body, nvars) = (clause.head, clause.body().to_vec(), clause.nvars);
            let mut b = Bindings::new();
            let gn = if self.store.is_ground(goal) {
                0
            } else {
                self.store.var_count(goal)
            };
            let u = self.store.max_universe(goal);
            let gbase = b.alloc(gn, u);
            let cbase = b.alloc(nvars, u);
            if !b.unify(
                self.store,
                Ref::new(head, cbase),
                Ref::new(goal, gbase),
                opts,
            ) {
                continue;
            }
            // The body goals as one tuple, variables shared and numbered from 0.
            let mut map = VarMap::new();
            let goals: Vec<TermId> = body
                .iter()
                .map(|&g| b.resolve(self.store, Ref::new(g, cbase), &mut map))
                .collect();
            let tuple_t = self.store.app(tuple, &goals);
            let conj = goals
                .iter()
                .rev()
                .copied()
                .reduce(|acc, g| self.store.app(syms::COMMA, &[g, acc]));
            let instances: Vec<Vec<TermId>> = match conj {
                None => vec![Vec::new()],
                Some(conj) => self
                    .answers(conj)
                    .into_iter()
                    .map(|vals| {
                        let vals: Vec<TermId> = self.store.args(vals).to_vec();
                        let t = self.store.map_vars(tuple_t, &mut |s, i| {
                            vals.get(i as usize).copied().unwrap_or_else(|| s.var(i))
                        });
                        self.store
                            .args(t)
                            .to_vec()
                            .into_iter()
                            .map(|g| canonical(self.store, g))
                            .collect()
                    })
                    .collect(),
            };
            // A goal met again on the branch proves nothing unless its predicate is coinductive.
            for gs in instances {
                let cyclic = gs.iter().any(|g| {
                    stack.contains(g)
                        && !self
                            .store
                            .functor(*g)
                            .is_some_and(|p| self.program.coinductive.contains(&p))
                });
                if !cyclic {
                    let base = gs.iter().all(|g| self.store.functor(*g) != Some(pred));
                    options.push((ci, gs, base));
                }
            }
        }
        // The shortest proof first: a candidate that does not call the goal's own predicate again
        // (the base case of a recursion), else the first one.
        let pick = options
            .iter()
            .position(|o| o.2)
            .or((!options.is_empty()).then_some(0))?;
        let (ci, chosen, _) = options.swap_remove(pick);
        let (what, head_text, location) = self.candidate_text(ci);
        let mut cand = self.leaf(format!("{what} `{head_text}`"), Verdict::Candidate, None);
        cand.location = location;
        cand.structural = self.structural(ci, goal);
        cand.blanket = self.blanket(ci);
        for g in chosen {
            let child = self.goal_node(g, depth + 1, stack);
            cand.children.push(child);
        }
        Some(cand)
    }

    /// The first answers of a goal (values per variable), at most 16.
    fn answers(&mut self, goal: TermId) -> Vec<TermId> {
        let Some(mut s) = strategy_by_name(self.strategy) else {
            return Vec::new();
        };
        let Some(limits) = self.search_limits() else {
            return Vec::new();
        };
        let nvars = if self.store.is_ground(goal) {
            0
        } else {
            self.store.var_count(goal)
        };
        let mut out = Vec::new();
        s.solve(
            self.store,
            self.program,
            &Goal { term: goal, nvars },
            &limits,
            &mut |store, a| {
                out.push(a.intern(store).values);
                if out.len() >= 16 {
                    ControlFlow::Break(())
                } else {
                    ControlFlow::Continue(())
                }
            },
        );
        out
    }
}

/// `file:line:col` of a span, or nothing for a clause made up by the lowering (no file, line 0).
fn location_of(s: &crate::error::Span) -> Option<String> {
    if s.file.is_empty() || s.line == 0 {
        return None;
    }
    Some(format!("{}:{}:{}", s.file, s.line, s.col))
}

/// A term with its variables renumbered from 0 in order of appearance (how goals are compared).
fn canonical(store: &mut Store, t: TermId) -> TermId {
    if store.is_ground(t) {
        return t;
    }
    let mut b = Bindings::new();
    let base = b.alloc(store.var_count(t), store.max_universe(t));
    b.resolve(store, Ref::new(t, base), &mut VarMap::new())
}

/// Variables of a goal print as `?0`, `?1`, ...
fn var_name(i: u32) -> String {
    format!("?{i}")
}

/// How a clause is named: an impl (a Rust-like program's item), a built-in rule, or a clause.
fn candidate_name(span: Option<&crate::error::Span>, surface: bool) -> &'static str {
    match span {
        Some(s) if s.file.starts_with("rules/prelude") || s.file.starts_with("rules/std") => {
            "std impl"
        }
        Some(s) if s.file.starts_with("rules/") => "built-in rule",
        Some(_) if surface => "impl",
        _ => "clause",
    }
}

/// `Tr(T) :- from_env(Tr(T))`: a rule that only says a where-clause in scope holds.
fn restates_environment(store: &Store, head: TermId, body: &[TermId]) -> bool {
    match body {
        [g] => {
            matches!(store.view(*g), View::App(f, a) if store.name(f) == "from_env" && a.len() == 1 && a[0] == head)
        }
        _ => false,
    }
}

/// A clause guarded by `nonvar(X), X = P, ...` on a head argument `X` (the clauses that let a `dyn`
/// type implement its bounds) that cannot apply to `goal`: its argument there is unbound, or has
/// another functor than `P`. Not worth listing as a candidate.
fn guard_rejects(store: &Store, head: TermId, body: &[TermId], goal: TermId) -> bool {
    let [nonvar, eq, ..] = body else {
        return false;
    };
    let (View::App(nf, nargs), View::App(ef, eargs)) = (store.view(*nonvar), store.view(*eq))
    else {
        return false;
    };
    if nf != crate::term::syms::NONVAR || ef != crate::term::syms::EQ || eargs[0] != nargs[0] {
        return false;
    }
    let Some(i) = store.args(head).iter().position(|&a| a == nargs[0]) else {
        return false;
    };
    // An unbound argument has no functor: it differs from `P`'s as well.
    store
        .args(goal)
        .get(i)
        .is_some_and(|&g| store.functor(g) != store.functor(eargs[1]))
}

/// True when `t` contains a compound term with functor `f`. Iterative.
fn mentions(store: &Store, t: TermId, f: crate::term::Sym) -> bool {
    let mut stack = vec![t];
    while let Some(x) = stack.pop() {
        if let View::App(g, args) = store.view(x) {
            if g == f {
                return true;
            }
            stack.extend_from_slice(args);
        }
    }
    false
}
