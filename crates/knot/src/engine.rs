//! A loaded program ready to answer goals given as text: the library's front door (also named
//! [`crate::Session`]) for tests, the REPL and library users.

use crate::error::{Error, Result};
use crate::lower::{LowerOptions, Names};
use crate::program::Program;
use crate::solve::{aggregate, reuse_strategy, Answer, Goal, Limits, Outcome, Solution};
use crate::syntax::ast;
use crate::term::{Store, TermId};
use std::ops::ControlFlow;

/// The answers of one goal.
#[derive(Debug, Clone)]
pub struct Answers {
    /// Each answer as Prolog text (`X = 1, Y = f(a).` or `true.`), in the order found.
    pub texts: Vec<String>,
    /// The raw answer tuples.
    pub answers: Vec<Answer>,
    /// The aggregated solution.
    pub solution: Solution,
    /// Its text (`X = 1.`, `false.`, `ambiguous.`, `overflow: ...`).
    pub solution_text: String,
    /// How the search ended.
    pub outcome: Outcome,
    /// The solution in chalk's notation (`Unique; substitution [?0 := Foo]`, `No possible solution`).
    pub chalk_text: String,
}

impl Answers {
    /// The solution in chalk's notation.
    pub fn chalk(&self) -> &str {
        &self.chalk_text
    }
}

/// A program plus the store its terms live in, a strategy name and limits.
///
/// ```
/// use knot::Engine;
/// // The clause language: Horn clauses with tabling.
/// let mut e = Engine::from_clauses("tc.pl", "
///     :- table path/2.
///     path(X, Y) :- path(X, Z), edge(Z, Y).
///     path(X, Y) :- edge(X, Y).
///     edge(1, 2). edge(2, 3). edge(3, 1).
/// ").unwrap();
/// let a = e.answers("path(1, X)").unwrap();
/// assert_eq!(a.answers.len(), 3);
///
/// // A Rust-like program (chalk's syntax, or Rust pasted with a `.rs` name), lowered to clauses.
/// let mut e = Engine::from_rust("vec.chalk", "
///     trait Clone {}
///     trait Named {}
///     struct Vec<T> {}
///     struct Foo {}
///     struct Bar {}
///     impl<T> Clone for Vec<T> where T: Clone {}
///     impl Clone for Foo {}
///     impl Named for Foo {}
/// ").unwrap();
/// assert_eq!(e.answers("Vec<Foo>: Clone").unwrap().chalk(), "Unique");
/// assert_eq!(e.answers("Vec<Bar>: Clone").unwrap().chalk(), "No possible solution");
/// assert_eq!(e.answers("exists<T> { T: Named }").unwrap().chalk(),
///            "Unique; substitution [?0 := Foo]");
/// // Every answer, one by one: `Vec<T>: Clone` has infinitely many; a limit stops the search.
/// let mut e = e.with_limits(knot::Limits { max_answers: 3, ..knot::Limits::default() });
/// let a = e.answers("exists<T> { Vec<T>: Clone }").unwrap();
/// assert!(a.outcome.overflow().is_some());
/// ```
pub struct Engine {
    /// Interned terms.
    pub store: Store,
    /// The clauses.
    pub program: Program,
    /// Limits applied to every goal.
    pub limits: Limits,
    /// Strategy name (`slg`, `sld`, `recursive`, or one registered with
    /// [`crate::register_strategy`]).
    pub strategy: String,
    /// For a Rust-like program: its items by name (goals are then written in Rust-like syntax).
    pub items: Option<Names>,
    /// For a Rust-like program: the user's own items (without the prelude), for coherence checks.
    ast: Option<ast::Program>,
    /// For a `.rs` program: the std model's items (upstream impls, for coherence checks).
    library: Option<crate::load::Library>,
    /// The strategy instance of the last goal, reused while the strategy name stays the same (so
    /// that the recursive strategy's global cache carries over from goal to goal).
    solver: crate::solve::KeptStrategy,
}

impl Engine {
    /// Load clause-language text (named `file` in messages).
    pub fn from_clauses(file: &str, src: &str) -> Result<Engine> {
        Ok(Engine::from_loaded(crate::load::load_clauses(
            file.into(),
            src,
        )?))
    }

    /// Load a Rust-like program (chalk's test syntax, or Rust code as pasted) and lower it. A file name
    /// ending in `.rs` gets the std prelude of `rules/prelude.rs`.
    pub fn from_rust(file: &str, src: &str) -> Result<Engine> {
        let prelude = file.to_ascii_lowercase().ends_with(".rs");
        Engine::from_rust_with(file, src, prelude, &LowerOptions::default())
    }

    /// Load a Rust-like program with explicit options: whether to add the prelude, and how to lower
    /// (which traits are coinductive).
    pub fn from_rust_with(
        file: &str,
        src: &str,
        prelude: bool,
        opts: &LowerOptions,
    ) -> Result<Engine> {
        Ok(Engine::from_loaded(crate::load::load_surface(
            file.into(),
            src,
            prelude,
            opts,
        )?))
    }

    /// Load a file of either kind, by its extension (`.pl`; `.rs` or `.chalk`).
    pub fn from_path(path: &str) -> Result<Engine> {
        Ok(Engine::from_loaded(crate::load::load_file(path)?))
    }

    fn from_loaded(l: crate::load::Loaded) -> Engine {
        Engine {
            limits: Limits::default(),
            store: l.store,
            program: l.program,
            strategy: "slg".into(),
            items: match l.source {
                crate::load::Source::Surface(n) => Some(n),
                crate::load::Source::Clauses => None,
            },
            ast: l.ast,
            library: l.library,
            solver: None,
        }
    }

    /// Use another strategy (by name; see [`crate::strategy_by_name`]).
    pub fn with_strategy(mut self, name: &str) -> Engine {
        self.strategy = name.to_string();
        self
    }

    /// Forget the results cached from earlier goals. Not needed after changing `program` through its
    /// methods (the caches are keyed by [`crate::Program::generation`]); after changing one of its
    /// public fields, call [`crate::Program::touch`] or this.
    pub fn clear_caches(&mut self) {
        self.solver = None;
    }

    /// Use other limits.
    pub fn with_limits(mut self, limits: Limits) -> Engine {
        self.limits = limits;
        self
    }

    /// The program's own `?- G.` queries, as goal text (in file order).
    pub fn query_texts(&self) -> Vec<String> {
        self.program
            .queries
            .iter()
            .map(|q| {
                let names = |i: u32| {
                    q.var_names
                        .get(i as usize)
                        .map(|n| n.to_string())
                        .unwrap_or_else(|| crate::syntax::print::default_var_name(i))
                };
                crate::syntax::print::term_to_string(&self.store, q.goal, &names, 1200)
            })
            .collect()
    }

    /// Parse a goal: clause-language syntax for a clause program, Rust-like goal syntax
    /// (`Vec<u32>: Clone`, `exists<T> { .. }`) for a Rust-like one. Returns the term and the names of
    /// its query variables.
    pub fn parse_goal(&mut self, goal: &str) -> Result<(TermId, Vec<Box<str>>)> {
        crate::load::parse_goal_for(&mut self.store, &self.program, self.items.as_ref(), goal)
    }

    /// The program's clauses with their directives as a `.pl` file (what `knot lower` prints).
    pub fn clauses_text(&self) -> String {
        crate::render::clauses_text(&self.store, &self.program, "the program")
    }

    /// Check a Rust-like program's impls for coherence (overlaps with witnesses, orphan impls); empty
    /// when coherent. A clause program has no impls: always coherent.
    ///
    /// ```
    /// use knot::Engine;
    /// let mut e = Engine::from_rust("o.chalk", "
    ///     trait Clone {} trait Foo {}
    ///     struct Vec<T> {} struct Byte {}
    ///     impl Clone for Byte {}
    ///     impl<T> Clone for Vec<T> where T: Clone {}
    ///     impl<T> Foo for T where T: Clone {}
    ///     impl Foo for Vec<Byte> {}
    /// ").unwrap();
    /// let v = e.check_coherence().unwrap();
    /// assert_eq!(v.len(), 1);
    /// assert!(v[0].to_string().contains("Vec<Byte>: Foo"));
    /// ```
    pub fn check_coherence(&mut self) -> Result<Vec<crate::coherence::Violation>> {
        let (Some(items), Some(ast)) = (&self.items, &self.ast) else {
            return Ok(Vec::new());
        };
        let library = self.library.as_ref().map(crate::load::Library::items);
        crate::coherence::check(
            &mut self.store,
            &self.program,
            items,
            ast,
            library,
            &self.limits,
        )
    }

    /// Solve a goal given as text, collecting every answer.
    pub fn answers(&mut self, goal: &str) -> Result<Answers> {
        let (t, names) = self.parse_goal(goal)?;
        self.answers_of(t, &names)
    }

    /// Solve a parsed goal, collecting every answer.
    pub fn answers_of(&mut self, goal: TermId, names: &[Box<str>]) -> Result<Answers> {
        // A session's answer texts are terms, whatever the program was written in (the chalk
        // notation is `chalk_text`).
        let notation = crate::render::Notation::Prolog;
        let mut strategy =
            reuse_strategy(&mut self.solver, &self.strategy).ok_or_else(|| Error::Goal {
                code: "cli::strategy",
                message: format!("unknown strategy {}", self.strategy),
            })?;
        let nvars = names.len() as u32;
        let g = Goal { term: goal, nvars };
        let mut answers = Vec::new();
        let mut texts = Vec::new();
        let outcome = strategy.solve(
            &mut self.store,
            &self.program,
            &g,
            &self.limits,
            &mut |store, a| {
                let a = a.intern(store);
                answers.push(a);
                texts.push(crate::render::answer_text(store, notation, a.values, names));
                ControlFlow::Continue(())
            },
        );
        self.solver = Some((self.strategy.clone(), strategy));
        let solution = aggregate(&mut self.store, &answers, &outcome);
        let solution_text = match outcome.error {
            // An uncaught Prolog error: its message, as SWI-Prolog prints it.
            Some(ball) => crate::solve::error_message(&self.store, &self.program, ball),
            None => {
                crate::render::solution_text(&self.store, notation, &solution, names, answers.len())
            }
        };
        let render = crate::lower::chalk::Render {
            names: self.items.as_ref(),
            vars: names,
            goal: Some(goal),
        };
        let chalk_text = crate::lower::chalk::solution_text(&self.store, &solution, &render);
        Ok(Answers {
            texts,
            answers,
            solution,
            solution_text,
            outcome,
            chalk_text,
        })
    }
}
