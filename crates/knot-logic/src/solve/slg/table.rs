//! Tables of the SLG strategy.

use super::Work;
use crate::solve::answers::AnswerSet;
use crate::solve::canon_goal::UniverseMap;
use crate::solve::machine::{Env, State};
use crate::term::unify::VarKind;
use crate::term::TermId;
use std::rc::Rc;

/// Index of a table.
pub type TableId = u32;

/// Whose derivation an answer or a piece of work belongs to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Owner {
    /// The query itself.
    Root,
    /// The evaluation of a table.
    Table(TableId),
}

/// A suspended caller of a table: resumed once per answer.
pub struct Consumer {
    pub owner: Owner,
    pub state: State,
    /// The caller's slots of the table's variables, in canonical order.
    pub slots: Rc<[u32]>,
    /// The caller's universes of the table's (see [`UniverseMap`]).
    pub umap: UniverseMap,
    /// How many answers it has been fed.
    pub seen: usize,
    /// A `Feed` for it is already scheduled.
    pub queued: bool,
    /// Its owner is an inductive table: it is not fed answers that rest on an unconfirmed coinductive
    /// assumption, but the table's view instead (`assume.rs`).
    pub inductive: bool,
    /// How many answers of the view it has been fed.
    pub view_seen: usize,
}

/// A caller waiting for a table to complete to decide `\+ goal`.
pub struct Waiter {
    pub owner: Owner,
    pub state: State,
}

/// The answers of one canonical subgoal.
pub struct Table {
    /// The canonical goal (variables `Var(0..nvars)`).
    pub goal: TermId,
    /// Its environment (hypotheses in canonical numbering).
    pub env: Env,
    pub nvars: u32,
    /// Universe of each variable.
    pub universes: Vec<u32>,
    /// Kind of each variable (empty when all are general).
    pub kinds: Vec<VarKind>,
    /// Highest universe mentioned.
    pub universe: u32,
    pub answers: AnswerSet,
    pub complete: bool,
    /// The answers once complete, shared with callers.
    pub frozen: Option<Rc<[TermId]>>,
    pub consumers: Vec<Consumer>,
    pub waiters: Vec<Waiter>,
    pub work: Vec<Work>,
    pub dfn: u32,
    pub lowlink: u32,
    /// A coinductive cycle assumed this table's goal to hold.
    pub assumed: bool,
    /// Its answers may rest on a coinductive assumption not yet confirmed (until it completes).
    pub provisional: bool,
    /// How many answers it had when it became provisional: the later ones may rest on an assumption.
    pub prov_from: Option<usize>,
    /// Its view was fed to an inductive consumer in place of provisional answers.
    pub view_used: bool,
    /// The canonical key of the table (goal, environment, universes).
    pub key: TermId,
    /// Its position on the completion stack (while incomplete).
    pub pos: usize,
    /// A derivation of the goal went past undecided goals (`State::taint`): besides its answers, the
    /// goal may hold in a way not listed. Each consumer also goes on once past the call, tainted.
    pub maybe: u8,
    /// It has an answer that is not ambiguous.
    pub certain: bool,
    /// chalk order (`chalk.rs`): the strands left to pursue, in turn.
    pub strands: std::collections::VecDeque<super::chalk::Queued>,
    /// chalk order: its position on the stack of tables being pursued.
    pub frame: Option<usize>,
    /// chalk order: it has an answer that holds as the goal stands, so its other strands were
    /// dropped (chalk's green cut).
    pub cut: bool,
    /// chalk order: it takes ambiguous answers now (chalk's `AnswerMode::Ambiguous`); at first only
    /// strands that can give a certain answer are pursued.
    pub ambiguous_mode: bool,
    /// An exception ended its evaluation: it is no one's table any more (a later call makes a new
    /// one, as SWI abandons an incomplete table on an exception) and is not kept.
    pub abandoned: bool,
    /// A mode-directed table's aggregation (`moded.rs`).
    pub moded: Option<Box<super::moded::Moded>>,
    /// The query's states that called this (mode-directed) table before it completed, each with
    /// the call in front of its goals: resumed, so called again, once it completes.
    pub recall: Vec<State>,
}

impl Table {
    pub fn new(
        goal: TermId,
        env: Env,
        nvars: u32,
        universes: Vec<u32>,
        kinds: Vec<VarKind>,
        universe: u32,
        dfn: u32,
    ) -> Table {
        Table {
            goal,
            env,
            nvars,
            universes,
            kinds,
            universe,
            // A value per variable, then the answer's region constraints.
            answers: AnswerSet::for_goal(nvars),
            complete: false,
            frozen: None,
            consumers: Vec::new(),
            waiters: Vec::new(),
            work: Vec::new(),
            dfn,
            lowlink: dfn,
            assumed: false,
            provisional: false,
            prov_from: None,
            view_used: false,
            key: TermId::default(),
            pos: 0,
            maybe: 0,
            certain: false,
            strands: std::collections::VecDeque::new(),
            frame: None,
            cut: false,
            ambiguous_mode: false,
            abandoned: false,
            moded: None,
            recall: Vec::new(),
        }
    }
}
