//! A loaded program ready to answer goals given as text: the convenient entry point for tests, the REPL
//! and library users.

use crate::error::{Error, Result};
use crate::program::Program;
use crate::solve::{aggregate, strategy_by_name, Answer, Goal, Limits, Outcome, Solution};
use crate::syntax::clauses::{parse_clauses, parse_goal};
use crate::term::{Store, TermId};
use std::ops::ControlFlow;
use std::sync::Arc;

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
}

/// A program plus the store its terms live in, a strategy name and limits.
pub struct Engine {
    /// Interned terms.
    pub store: Store,
    /// The clauses.
    pub program: Program,
    /// Limits applied to every goal.
    pub limits: Limits,
    /// Strategy name (`slg`, `sld`, ...).
    pub strategy: String,
}

impl Engine {
    /// Load clause-language text (named `file` in messages).
    pub fn from_clauses(file: &str, src: &str) -> Result<Engine> {
        let mut store = Store::new();
        let file: Arc<str> = file.into();
        let items = parse_clauses(&mut store, &file, src)?;
        let mut program = Program::new();
        program.load_items(&mut store, items)?;
        Ok(Engine {
            store,
            program,
            limits: Limits::default(),
            strategy: "slg".into(),
        })
    }

    /// Use another strategy.
    pub fn with_strategy(mut self, name: &str) -> Engine {
        self.strategy = name.to_string();
        self
    }

    /// Parse a goal.
    pub fn parse_goal(&mut self, goal: &str) -> Result<(TermId, Vec<Box<str>>)> {
        let file: Arc<str> = "<goal>".into();
        let (t, mut names) = parse_goal(&mut self.store, &file, goal)?;
        crate::program::hide_quantified(&self.store, t, &mut names);
        crate::cli::check_goal(&self.store, &self.program, t)?;
        let t = crate::program::mark_negations(&mut self.store, t, t);
        Ok((t, names))
    }

    /// Solve a goal given as text, collecting every answer.
    pub fn answers(&mut self, goal: &str) -> Result<Answers> {
        let (t, names) = self.parse_goal(goal)?;
        self.answers_of(t, &names)
    }

    /// Solve a parsed goal, collecting every answer.
    pub fn answers_of(&mut self, goal: TermId, names: &[Box<str>]) -> Result<Answers> {
        let mut strategy = strategy_by_name(&self.strategy).ok_or_else(|| Error::Goal {
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
                texts.push(crate::cli::answer_text(store, a.values, names));
                ControlFlow::Continue(())
            },
        );
        let solution = aggregate(&mut self.store, &answers, &outcome);
        let solution_text = crate::cli::solution_text(&self.store, &solution, names, answers.len());
        Ok(Answers {
            texts,
            answers,
            solution,
            solution_text,
            outcome,
        })
    }
}
