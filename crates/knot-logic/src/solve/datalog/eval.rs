//! Semi-naive bottom-up evaluation of Datalog rules over [`Rel`]s.
//!
//! Each round joins, for every rule and every body position `j` whose relation gained rows in the
//! previous round, the *new* rows at `j` with the *old* rows of the positions before `j` and all the
//! rows (up to the round's start) of the positions after it: every derivation is made once, in the
//! round after its last premise appeared. The join starts from the new rows and then takes, of the
//! atoms left, the one with the most bound columns (a hash probe of its index). The derived head rows
//! are collected in batches (closed at the next new row once they reach [`FLUSH`] values) and added
//! between them, past the round's end, so a join never sees rows of its own round; the join then
//! resumes at that new row. When many, a round's rows are put in the order of their first column:
//! the next round then probes by ascending key. The join is a
//! loop over an explicit stack of cursors (no recursion over the length of a body). An index is built
//! when a join that probes it first runs, and a join reads ahead what its second step's probes will
//! find for a batch of first-step rows ([`warm`]), so that their cache misses overlap.

use super::rel::{Found, Rel, END};

/// A rule argument: a variable of the rule or a constant (a term id).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Arg {
    Var(u32),
    Const(u32),
}

#[derive(Clone, Debug)]
pub struct Atom {
    pub rel: usize,
    pub args: Vec<Arg>,
}

#[derive(Clone, Debug)]
pub struct Rule {
    pub head: Atom,
    pub body: Vec<Atom>,
    pub nvars: u32,
}

/// Which rows of a body position a join reads.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Range {
    /// Those from before the previous round.
    Old,
    /// Those of the previous round.
    New,
    /// All up to this round.
    All,
}

/// One atom of a join, in the order the join visits them.
struct Step {
    rel: usize,
    range: Range,
    /// The bound columns probed through an index (0: the rows of the range are scanned).
    mask: u64,
    /// The number of that index in its relation, once the join has first run (an index is built
    /// only for a join that runs: one whose atoms all have rows).
    index: Option<usize>,
    /// The bound columns' values, in column order (the probe's key, or what a scan checks).
    key: Vec<(usize, Arg)>,
    /// Columns whose variable this atom binds.
    binds: Vec<(usize, u32)>,
    /// Columns that repeat a variable bound by an earlier column of this atom.
    repeats: Vec<(usize, u32)>,
}

/// A rule's join with the new rows at one body position.
struct Plan {
    rule: usize,
    /// The body position read as new rows.
    delta: usize,
    steps: Vec<Step>,
    /// When the second step's probe key is made of constants and columns of the first step's row:
    /// where each key value comes from (see [`warm`]).
    warm_key: Option<Vec<KeyFrom>>,
}

/// Where a value of a probe key comes from.
#[derive(Clone, Copy)]
enum KeyFrom {
    Const(u32),
    /// This column of the first step's row.
    Column(usize),
}

/// Rows of the first step read ahead of the join, a batch at a time.
const WARM_BATCH: u32 = 32;

/// The key recipe of a plan's second step, if its key is known from the first step's row alone.
fn warm_key(steps: &[Step]) -> Option<Vec<KeyFrom>> {
    let (first, second) = (steps.first()?, steps.get(1)?);
    if second.mask == 0 {
        return None;
    }
    second
        .key
        .iter()
        .map(|&(_, a)| match a {
            Arg::Const(c) => Some(KeyFrom::Const(c)),
            Arg::Var(v) => first
                .binds
                .iter()
                .find(|&&(_, w)| w == v)
                .map(|&(c, _)| KeyFrom::Column(c)),
        })
        .collect()
}

/// Read, for the first step's rows `from..to`, the first row the second step's probe will find:
/// the reads of a batch do not wait on one another, so their cache misses overlap, where the join
/// would meet them one after another. A hint only: the join is the same without it.
fn warm(rels: &[Rel], p: &Plan, recipe: &[KeyFrom], from: u32, to: u32, key: &mut Vec<u32>) {
    let (first, second) = (&p.steps[0], &p.steps[1]);
    let Some(ix) = second.index else {
        return;
    };
    let mut acc = 0u32;
    for r in from..to {
        let row = rels[first.rel].row(r);
        key.clear();
        key.extend(recipe.iter().map(|k| match *k {
            KeyFrom::Const(c) => c,
            KeyFrom::Column(c) => row[c],
        }));
        let at = match rels[second.rel].probe(ix, key) {
            Found::Run(a, b) if a < b => a,
            Found::Rows(rows) if !rows.is_empty() => rows[0],
            Found::Chain { first, .. } if first != END => first,
            _ => continue,
        };
        acc = acc.wrapping_add(rels[second.rel].row(at)[0]);
    }
    std::hint::black_box(acc);
}

/// The column of relation `rel` that the first of the joins of `rules` to probe it binds alone, in
/// the order the joins are planned: the order its facts are best stored in (a clustered index).
/// `None` when it is first probed on several columns, or not at all.
pub fn first_probe_column(rules: &[Rule], rel: usize) -> Option<usize> {
    for r in 0..rules.len() {
        for j in 0..rules[r].body.len() {
            if let Some(st) = plan(rules, r, j)
                .steps
                .iter()
                .find(|st| st.rel == rel && st.mask != 0)
            {
                return (st.mask.count_ones() == 1).then(|| st.mask.trailing_zeros() as usize);
            }
        }
    }
    None
}

fn plan(rules: &[Rule], r: usize, delta: usize) -> Plan {
    let body = &rules[r].body;
    let mut bound = vec![false; rules[r].nvars as usize];
    let mut left: Vec<usize> = (0..body.len()).filter(|&k| k != delta).collect();
    let mut order = vec![delta];
    let is_bound = |a: &Arg, bound: &[bool]| match a {
        Arg::Const(_) => true,
        Arg::Var(v) => bound[*v as usize],
    };
    let mut steps = Vec::new();
    loop {
        let k = *order.last().expect("an atom");
        let atom = &body[k];
        let mut key = Vec::new();
        let mut binds = Vec::new();
        let mut repeats = Vec::new();
        let mut mask = 0u64;
        for (c, a) in atom.args.iter().enumerate() {
            if is_bound(a, &bound) {
                key.push((c, *a));
                mask |= 1 << c;
            } else if let Arg::Var(v) = a {
                if binds.iter().any(|&(_, w)| w == *v) {
                    repeats.push((c, *v));
                } else {
                    binds.push((c, *v));
                }
            }
        }
        for &(_, v) in &binds {
            bound[v as usize] = true;
        }
        let range = match k.cmp(&delta) {
            std::cmp::Ordering::Less => Range::Old,
            std::cmp::Ordering::Equal => Range::New,
            std::cmp::Ordering::Greater => Range::All,
        };
        steps.push(Step {
            rel: atom.rel,
            range,
            mask: if k == delta { 0 } else { mask },
            index: None,
            key,
            binds,
            repeats,
        });
        if left.is_empty() {
            break;
        }
        // Next: an atom whose columns are all bound (a plain check), else the one with the most
        // bound columns; on a tie, not the first atom (after the magic rewriting, the magic atom:
        // its bound columns are those of the call, the least selective).
        let score = |k: usize| {
            let a = &body[k].args;
            let n = a.iter().filter(|x| is_bound(x, &bound)).count();
            if n == a.len() {
                usize::MAX
            } else {
                2 * n + usize::from(k != 0)
            }
        };
        let best = (0..left.len())
            .max_by_key(|&i| (score(left[i]), std::cmp::Reverse(i)))
            .expect("atoms left");
        order.push(left.remove(best));
    }
    let warm_key = warm_key(&steps);
    Plan {
        rule: r,
        delta,
        steps,
        warm_key,
    }
}

/// Where a step's cursor is.
enum Cursor<'r> {
    /// Scanning rows `at..end` (of a range, or of an index's run of consecutive rows).
    Scan { at: u32, end: u32 },
    /// Walking an index's list of rows, up to row number `end`.
    Probe {
        rows: &'r [u32],
        at: usize,
        end: u32,
    },
    /// Walking an index's chain of rows from row `at` on ([`END`]: none left), up to row number
    /// `end`.
    Chain { at: u32, next: &'r [u32], end: u32 },
}

impl Cursor<'_> {
    fn next(&mut self) -> Option<u32> {
        match self {
            Cursor::Scan { at, end } => (*at < *end).then(|| {
                *at += 1;
                *at - 1
            }),
            Cursor::Probe { rows, at, end } => {
                let r = *rows.get(*at)?;
                if r >= *end {
                    return None;
                }
                *at += 1;
                Some(r)
            }
            Cursor::Chain { at, next, end } => {
                let r = *at;
                // (`END` is past every range.)
                if r >= *end {
                    return None;
                }
                *at = next[r as usize];
                Some(r)
            }
        }
    }
}

fn value(a: Arg, vals: &[u32]) -> u32 {
    match a {
        Arg::Const(c) => c,
        Arg::Var(v) => vals[v as usize],
    }
}

/// How a run of a plan ended.
enum Ran {
    /// Every row of the first step was joined.
    Done,
    /// `out` reached [`FLUSH`] values before the first step's row `r`: add them to the head, then
    /// run again from `r`.
    Full(u32),
    /// `tick` said stop.
    Stopped,
}

/// Derived values held before they are added to the head relation (checked before each row of the
/// first step, so a batch exceeds it by at most what one such row derives): the buffer stays in
/// cache, and a large round does not need a buffer as large as all it derives (fresh memory, page
/// by page).
const FLUSH: usize = 1 << 16;

/// Run one plan from row `from` of its first step (the new rows: a scan) on; the head rows it
/// derives are appended to `out`.
#[allow(clippy::too_many_arguments)]
fn run_plan(
    rels: &[Rel],
    rule: &Rule,
    p: &Plan,
    old: &[u32],
    cur: &[u32],
    from: u32,
    vals: &mut [u32],
    key: &mut Vec<u32>,
    out: &mut Vec<u32>,
    derived: &mut usize,
    tick: &mut impl FnMut(usize) -> bool,
) -> Ran {
    let open = |s: &Step, vals: &[u32], key: &mut Vec<u32>| -> Cursor<'_> {
        let (lo, hi) = match s.range {
            Range::Old => (0, old[s.rel]),
            Range::New => (old[s.rel], cur[s.rel]),
            Range::All => (0, cur[s.rel]),
        };
        match s.index {
            None => Cursor::Scan { at: lo, end: hi },
            Some(ix) => {
                key.clear();
                key.extend(s.key.iter().map(|&(_, a)| value(a, vals)));
                match rels[s.rel].probe(ix, key) {
                    Found::Rows(rows) => {
                        let at = rows.partition_point(|&r| r < lo);
                        Cursor::Probe { rows, at, end: hi }
                    }
                    // A run of consecutive rows: the part of it in the range.
                    Found::Run(a, b) => Cursor::Scan {
                        at: a.max(lo),
                        end: b.min(hi),
                    },
                    // A probe's range starts at row 0 (only the first step reads the new rows).
                    Found::Chain { first, next } => {
                        debug_assert_eq!(lo, 0);
                        Cursor::Chain {
                            at: first,
                            next,
                            end: hi,
                        }
                    }
                }
            }
        }
    };
    let mut stack: Vec<Cursor<'_>> = Vec::with_capacity(p.steps.len());
    let mut first = open(&p.steps[0], vals, key);
    if let Cursor::Scan { at, .. } = &mut first {
        *at = (*at).max(from);
    }
    stack.push(first);
    // The first step's rows up to here have been read ahead (`warm`).
    let mut warmed = 0;
    loop {
        let depth = stack.len();
        let Some(top) = stack.last_mut() else {
            break;
        };
        let Some(r) = top.next() else {
            stack.pop();
            continue;
        };
        // (The first step is a scan of the new rows, so a run resumes where this one stops.)
        if depth == 1 && out.len() >= FLUSH && matches!(top, Cursor::Scan { .. }) {
            return Ran::Full(r);
        }
        if let (Some(recipe), Cursor::Scan { end, .. }) = (&p.warm_key, &*top) {
            if depth == 1 && r >= warmed {
                warmed = (r + WARM_BATCH).min(*end);
                warm(rels, p, recipe, r, warmed, key);
            }
        }
        if !tick(0) {
            return Ran::Stopped;
        }
        let s = &p.steps[stack.len() - 1];
        let row = rels[s.rel].row(r);
        if s.index.is_none() && s.key.iter().any(|&(c, a)| row[c] != value(a, vals)) {
            continue;
        }
        for &(c, v) in &s.binds {
            vals[v as usize] = row[c];
        }
        if s.repeats.iter().any(|&(c, v)| row[c] != vals[v as usize]) {
            continue;
        }
        if stack.len() == p.steps.len() {
            out.extend(rule.head.args.iter().map(|&a| value(a, vals)));
            *derived += 1;
            // A nullary head has one row: one derivation of it is all the join can add.
            if rule.head.args.is_empty() {
                return Ran::Done;
            }
        } else {
            let next = &p.steps[stack.len()];
            let c = open(next, vals, key);
            stack.push(c);
        }
    }
    Ran::Done
}

/// New rows at least this many are put in the order of their first column (see
/// [`Rel::sort_rows_from`]).
const SORT_ROWS: usize = 1024;

/// The state of one evaluation: its rules, their joins, and how far each relation was read. Kept
/// between calls: a later call with the same pattern adds its magic fact and resumes the fixpoint,
/// deriving only what is new.
pub struct Eval {
    rules: Vec<Rule>,
    plans: Vec<Plan>,
    /// Per relation: rows before the last round (`old`) and up to its start (`cur`).
    old: Vec<u32>,
    cur: Vec<u32>,
    vals: Vec<u32>,
}

impl Eval {
    /// The joins of `rules`.
    pub fn new(rules: Vec<Rule>) -> Eval {
        let mut plans = Vec::new();
        for r in 0..rules.len() {
            for j in 0..rules[r].body.len() {
                plans.push(plan(&rules, r, j));
            }
        }
        let maxvars = rules.iter().map(|r| r.nvars as usize).max().unwrap_or(0);
        Eval {
            rules,
            plans,
            old: Vec::new(),
            cur: Vec::new(),
            vals: vec![0; maxvars],
        }
    }

    /// Run the rules to their least fixpoint over `rels`, from the rows added since the last run.
    /// False when `tick` stopped it (the relations then hold part of the answers, and the state
    /// must be dropped). `tick(0)` is called per row a join visits (the step, time and memory
    /// limits); `tick(n)` before a relation allocates `n` bytes at once (its rows' buffer growing,
    /// or sorted into a new one), so that the memory budget is checked before, not after.
    pub fn run(&mut self, rels: &mut [Rel], tick: &mut impl FnMut(usize) -> bool) -> bool {
        self.old.resize(rels.len(), 0);
        self.cur.resize(rels.len(), 0);
        let mut key = Vec::new();
        let mut out = Vec::new();
        loop {
            let next: Vec<u32> = rels.iter().map(|r| r.len() as u32).collect();
            if next == self.cur {
                return true;
            }
            self.old = std::mem::replace(&mut self.cur, next);
            let (old, cur) = (&self.old, &self.cur);
            for p in &mut self.plans {
                let rule = &self.rules[p.rule];
                let body = &rule.body;
                let d = body[p.delta].rel;
                if old[d] == cur[d] {
                    continue;
                }
                // A nullary head that holds its row already (the magic fact of a call that binds
                // nothing, passed on from a rule's body to the same call): the join adds nothing.
                if rule.head.args.is_empty() && rels[rule.head.rel].len() > 0 {
                    continue;
                }
                // A position before the new rows with no old rows, or after them with no rows:
                // nothing to join.
                let empty = body.iter().enumerate().any(|(k, a)| {
                    (k < p.delta && old[a.rel] == 0) || (k > p.delta && cur[a.rel] == 0)
                });
                if empty {
                    continue;
                }
                for st in &mut p.steps {
                    if st.mask != 0 && st.index.is_none() {
                        st.index = Some(rels[st.rel].index(st.mask));
                    }
                }
                let before = rels[rule.head.rel].len();
                let mut derived = 0;
                let mut from = 0;
                loop {
                    out.clear();
                    let ran = run_plan(
                        rels,
                        rule,
                        p,
                        old,
                        cur,
                        from,
                        &mut self.vals,
                        &mut key,
                        &mut out,
                        &mut derived,
                        tick,
                    );
                    // The rows added here are past `cur`: no join of this round reads them.
                    let head = &mut rels[rule.head.rel];
                    let grow = head.growth_bytes(out.len());
                    if grow > 0 && !tick(grow) {
                        return false;
                    }
                    match head.arity() {
                        // A nullary head: its one row, if derived at all.
                        0 if derived > 0 => {
                            head.insert(&[]);
                        }
                        0 => {}
                        a => {
                            for row in out.chunks_exact(a) {
                                head.insert(row);
                            }
                        }
                    }
                    match ran {
                        Ran::Done => break,
                        Ran::Full(r) => from = r,
                        Ran::Stopped => return false,
                    }
                }
                // The rows derived are the next round's new rows, which the next joins read in
                // order: in the order of their first column, those joins probe their indexes by
                // ascending key (a clustered index's runs one after the other, instead of a cache
                // and TLB miss per probe once the relations outgrow the caches).
                let head = &mut rels[rule.head.rel];
                if head.arity() > 0 && head.len() - before >= SORT_ROWS {
                    // The sort's buffer: as large as the new rows.
                    if !tick((head.len() - before) * head.arity() * 4) {
                        return false;
                    }
                    head.sort_rows_from(before);
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn atom(rel: usize, args: &[Arg]) -> Atom {
        Atom {
            rel,
            args: args.to_vec(),
        }
    }

    /// The column a relation of facts is stored in the order of: the one its first probe binds.
    #[test]
    fn first_probe_columns() {
        use Arg::{Const, Var};
        // reach(Y) :- edge(0, Y).  reach(Y) :- reach(X), edge(X, Y).   (reach 0, edge 1)
        let reach = vec![
            Rule {
                head: atom(0, &[Var(0)]),
                body: vec![atom(1, &[Const(7), Var(0)])],
                nvars: 1,
            },
            Rule {
                head: atom(0, &[Var(1)]),
                body: vec![atom(0, &[Var(0)]), atom(1, &[Var(0), Var(1)])],
                nvars: 2,
            },
        ];
        assert_eq!(first_probe_column(&reach, 1), Some(0));
        // pt(V, O) :- pt(W, O), assign(V, W).   (pt 0, assign 1): assign's second column.
        let pt = vec![Rule {
            head: atom(0, &[Var(0), Var(1)]),
            body: vec![atom(0, &[Var(2), Var(1)]), atom(1, &[Var(0), Var(2)])],
            nvars: 3,
        }];
        assert_eq!(first_probe_column(&pt, 1), Some(1));
        // Both columns bound: a hash index, no column order.
        let both = vec![Rule {
            head: atom(0, &[Var(0)]),
            body: vec![atom(0, &[Var(0)]), atom(1, &[Var(0), Var(0)])],
            nvars: 1,
        }];
        assert_eq!(first_probe_column(&both, 1), None);
        assert_eq!(first_probe_column(&both, 5), None);
    }

    fn facts(arity: usize, rows: impl IntoIterator<Item = Vec<u32>>) -> Rel {
        let mut rel = Rel::new(arity);
        for r in rows {
            rel.push(&r);
        }
        rel.freeze();
        rel
    }

    fn rows(rel: &Rel) -> std::collections::BTreeSet<Vec<u32>> {
        (0..rel.len() as u32).map(|i| rel.row(i).to_vec()).collect()
    }

    /// A round that derives several times [`FLUSH`] values adds them in several batches, resuming
    /// the join where it stopped: every row once, none lost.
    #[test]
    fn a_large_round_is_added_in_batches() {
        use Arg::Var;
        // p(X, Y) :- a(X), b(Y).   (p 0, a 1, b 2): 300 x 300 rows, 180,000 values in one round.
        let mut rels = vec![
            Rel::new(2),
            facts(1, (0..300).map(|x| vec![x])),
            facts(1, (1000..1300).map(|y| vec![y])),
        ];
        let rules = vec![Rule {
            head: atom(0, &[Var(0), Var(1)]),
            body: vec![atom(1, &[Var(0)]), atom(2, &[Var(1)])],
            nvars: 2,
        }];
        assert!(Eval::new(rules).run(&mut rels, &mut |_| true));
        let want: std::collections::BTreeSet<Vec<u32>> = (0..300)
            .flat_map(|x| (1000..1300).map(move |y| vec![x, y]))
            .collect();
        // 180,000 values: three batches.
        assert!(2 * want.len() > 2 * FLUSH);
        assert_eq!(rels[0].len(), want.len());
        assert_eq!(rows(&rels[0]), want);
    }

    /// A nullary head needs one derivation: its join stops at the first, and a join whose nullary
    /// head holds its row already is not run again (as when a magic fact of a call that binds
    /// nothing is passed from a rule's body to the same call).
    #[test]
    fn a_nullary_head_is_derived_once() {
        use Arg::Var;
        // q :- a(X), b(Y).  q :- q, a(X), b(Y).  p(X) :- q, a(X).   (q 0, a 1, b 2, p 3)
        let mut rels = vec![
            Rel::new(0),
            facts(1, (0..1000).map(|x| vec![x])),
            facts(1, (0..1000).map(|y| vec![y])),
            Rel::new(1),
        ];
        let ab = || vec![atom(1, &[Var(0)]), atom(2, &[Var(1)])];
        let rules = vec![
            Rule {
                head: atom(0, &[]),
                body: ab(),
                nvars: 2,
            },
            Rule {
                head: atom(0, &[]),
                body: [vec![atom(0, &[])], ab()].concat(),
                nvars: 2,
            },
            Rule {
                head: atom(3, &[Var(0)]),
                body: vec![atom(0, &[]), atom(1, &[Var(0)])],
                nvars: 1,
            },
        ];
        let mut steps = 0;
        assert!(Eval::new(rules).run(&mut rels, &mut |_| {
            steps += 1;
            true
        }));
        assert_eq!(rels[0].len(), 1);
        assert_eq!(rows(&rels[3]), (0..1000).map(|x| vec![x]).collect());
        // The joins of `a` and `b` (a million rows each way) stop at their first row; `p` reads
        // `a` once (1,000 rows, and its one row of `q`).
        assert!(steps < 1100, "{steps} steps");
    }

    /// The closure `path` of `count` random edges over `n` nodes (seeded by `seed`), evaluated with
    /// the rules `path(X, Y) :- e(X, Y).` and `path(X, Z) :- path(X, Y), L(Y, Z).`, `L` being `e`
    /// (linear) or `path` (doubly recursive), checked against a search from every node. Returns the
    /// closure's size.
    fn closure_matches_a_search(n: u32, count: usize, seed: u64, doubly: bool) -> usize {
        use Arg::Var;
        let mut next = super::super::test_rng(seed);
        let edges: Vec<(u32, u32)> = (0..count).map(|_| (next(n), next(n))).collect();
        // (path 0, e 1)
        let mut rels = vec![
            Rel::new(2),
            facts(2, edges.iter().map(|&(a, b)| vec![a, b])),
        ];
        let last = usize::from(!doubly);
        let rules = vec![
            Rule {
                head: atom(0, &[Var(0), Var(1)]),
                body: vec![atom(1, &[Var(0), Var(1)])],
                nvars: 2,
            },
            Rule {
                head: atom(0, &[Var(0), Var(2)]),
                body: vec![atom(0, &[Var(0), Var(1)]), atom(last, &[Var(1), Var(2)])],
                nvars: 3,
            },
        ];
        assert!(Eval::new(rules).run(&mut rels, &mut |_| true));
        let mut want = std::collections::BTreeSet::new();
        for s in 0..n {
            let mut seen = vec![false; n as usize];
            let mut stack = vec![s];
            while let Some(u) = stack.pop() {
                for &(a, b) in &edges {
                    if a == u && !seen[b as usize] {
                        seen[b as usize] = true;
                        want.insert(vec![s, b]);
                        stack.push(b);
                    }
                }
            }
        }
        assert_eq!(rels[0].len(), want.len());
        assert_eq!(rows(&rels[0]), want);
        want.len()
    }

    /// Transitive closure over a graph whose larger rounds derive more than [`FLUSH`] values.
    #[test]
    fn a_recursive_closure_with_large_rounds_matches_a_search() {
        assert!(closure_matches_a_search(400, 1200, 12_345, false) > FLUSH);
    }

    /// `path(X, Z) :- path(X, Y), path(Y, Z)`: the join probes the relation it adds to (a growing
    /// index, read up to the round's start while the round adds rows past it).
    #[test]
    fn a_doubly_recursive_closure_matches_a_search() {
        assert!(closure_matches_a_search(150, 190, 777, true) > 1000);
    }
}
