//! The search trace as a document: `knot query --trace FILE.json`, `--trace-html`, and the
//! playground's search view all read the JSON [`trace_json`] writes (its format is described in the
//! book, `docs/src/trace.md`).
//!
//! The strategies record events (`knot_logic::solve::trace`) while [`solve_traced`] runs; this
//! module names their goals (one node per canonical goal: an SLG table, a search-graph node; one
//! node per resolution for `sld`), renders terms as the program's notation reads, finds the cycles
//! (the strongly connected groups of the call graph) and lists the steps a viewer replays.

use crate::explain::{Explainer, Node, Verdict};
use crate::load::{solve_goal, Loaded, Solved, Source};
use crate::solve::trace::{self, Event, Link};
use crate::solve::Limits;
use crate::term::{Store, TermId};
use crate::Result;
use rustc_hash::FxHashMap;
use serde_json::{json, Value};
use std::ops::ControlFlow;

/// The version of the trace format (`"format"` in the document).
pub const TRACE_FORMAT: &str = "knot-trace/1";

/// Most events kept by a trace of `slg` or `recursive`; `sld` keeps fewer (one per resolution, and
/// a diverging search makes them without end).
pub const TRACE_EVENTS: usize = 20_000;
/// Most resolutions kept by a trace of `sld`.
pub const TRACE_RESOLUTIONS: usize = 1_500;

/// Solve `goal` (its variables named `names`) as [`solve_goal`] does (every answer kept), with the
/// strategies' events recorded; returns the solve and its trace document.
pub fn solve_traced(
    loaded: &mut Loaded,
    goal: TermId,
    names: &[Box<str>],
    strategy: &str,
    limits: &Limits,
) -> Result<(Solved, Value)> {
    let sld = strategy == "sld";
    let limit = if sld { TRACE_RESOLUTIONS } else { TRACE_EVENTS };
    let nvars = names.len() as u32;
    // A fresh strategy: a cache from an earlier goal would hide the search. The Datalog
    // sub-engine is off, so that every table of `slg` is drawn as tabling evaluates it (the
    // answers are the same).
    loaded.solver = None;
    let top_down = loaded.program.top_down_only;
    loaded.program.top_down_only = true;
    loaded.program.touch();
    let (solved, rec) = trace::record(limit, sld, || {
        solve_goal(
            loaded,
            goal,
            nvars,
            strategy,
            limits,
            false,
            false,
            &mut |_, _| ControlFlow::Continue(()),
        )
    });
    loaded.program.top_down_only = top_down;
    loaded.program.touch();
    let solved = solved?;
    let doc = trace_json(loaded, goal, names, strategy, &solved, &rec);
    Ok((solved, doc))
}

/// One node of the document.
struct NodeInfo {
    goal: TermId,
    coinductive: bool,
    parent: Option<usize>,
    depth: u32,
    status: &'static str,
    answers: Vec<TermId>,
    first_step: usize,
    /// The step its evaluation last opened (`recursive`).
    opened: Option<usize>,
}

/// The trace document of a solve (see the module's documentation).
pub(crate) fn trace_json(
    loaded: &mut Loaded,
    goal: TermId,
    names: &[Box<str>],
    strategy: &str,
    solved: &Solved,
    rec: &trace::Recorder,
) -> Value {
    let mut nodes: Vec<NodeInfo> = Vec::new();
    let mut by_key: FxHashMap<TermId, usize> = FxHashMap::default();
    let mut steps: Vec<Value> = Vec::new();
    let mut edges: Vec<(Option<usize>, usize, &'static str, usize)> = Vec::new();
    let mut seen_edges: FxHashMap<(Option<usize>, usize, &'static str), ()> = FxHashMap::default();
    let mut rounds: Vec<Value> = Vec::new();
    // sld: the open resolutions by depth (the parent of one at depth d is the last one above it).
    let mut path: Vec<(u32, usize)> = Vec::new();
    let coinductive = |store: &Store, g: TermId| {
        store
            .functor(g)
            .is_some_and(|p| loaded.program.coinductive.contains(&p))
    };
    // Terms rendered later (the store is borrowed by the renderer then): `(step, field, term)`.
    let mut texts: Vec<(usize, &'static str, TermId, Option<usize>)> = Vec::new();
    for ev in &rec.events {
        let step = steps.len();
        let store = &loaded.store;
        let co = |g: TermId| coinductive(store, g);
        match ev {
            Event::Call {
                from,
                key,
                goal,
                link,
            } => {
                let from_node = from.and_then(|f| by_key.get(&f).copied());
                let fresh = !by_key.contains_key(key);
                let parent = if fresh { from_node } else { None };
                let to = node_of(&mut by_key, &mut nodes, *key, *goal, parent, step, &co);
                let link = link_name(*link);
                if seen_edges.insert((from_node, to, link), ()).is_none() {
                    edges.push((from_node, to, link, step));
                }
                steps.push(json!({"kind": "call", "from": from_node, "node": to, "link": link}));
            }
            Event::Open {
                key,
                goal,
                coinductive,
            } => {
                let to = node_of(&mut by_key, &mut nodes, *key, Some(*goal), None, step, &co);
                nodes[to].coinductive = *coinductive;
                nodes[to].status = "open";
                nodes[to].opened = Some(step);
                steps.push(json!({"kind": "open", "node": to}));
            }
            Event::Answer { key, values } => {
                let to = node_of(&mut by_key, &mut nodes, *key, None, None, step, &co);
                let a = instantiate(&mut loaded.store, nodes[to].goal, values);
                nodes[to].answers.push(a);
                texts.push((step, "answer", a, Some(to)));
                steps.push(json!({"kind": "answer", "node": to}));
            }
            Event::Round {
                key,
                round,
                coinductive,
                result,
                width,
            } => {
                let to = node_of(&mut by_key, &mut nodes, *key, None, None, step, &co);
                // The provisional results computed during this round are discarded.
                settle(&mut nodes, to, "provisional", "open");
                let r = results(&mut loaded.store, nodes[to].goal, result, *width);
                let assumption = if *coinductive {
                    "coinductive"
                } else {
                    "inductive"
                };
                let texts_of = r.iter().map(|_| Value::Null).collect::<Vec<_>>();
                rounds.push(json!({"node": to, "round": round, "assumption": assumption,
                    "result": texts_of, "step": step}));
                for (i, a) in r.into_iter().enumerate() {
                    texts.push((step, "round", a, Some(i)));
                }
                steps.push(json!({"kind": "round", "node": to, "round": round,
                    "assumption": assumption, "result": []}));
            }
            Event::Done {
                key,
                result,
                width,
                provisional,
            } => {
                let to = node_of(&mut by_key, &mut nodes, *key, None, None, step, &co);
                let r = results(&mut loaded.store, nodes[to].goal, result, *width);
                let status = if *provisional { "provisional" } else { "final" };
                nodes[to].status = status;
                if !provisional {
                    // The provisional results computed during its evaluation are final now.
                    settle(&mut nodes, to, "provisional", "final");
                }
                nodes[to].answers = r.clone();
                for (i, a) in r.into_iter().enumerate() {
                    texts.push((step, "done", a, Some(i)));
                }
                steps.push(json!({"kind": "done", "node": to, "status": status, "result": []}));
            }
            Event::Complete { keys } => {
                let group: Vec<usize> = keys
                    .iter()
                    .map(|k| node_of(&mut by_key, &mut nodes, *k, None, None, step, &co))
                    .collect();
                for &g in &group {
                    nodes[g].status = "complete";
                }
                steps.push(json!({"kind": "complete", "nodes": group}));
            }
            Event::Resolve { goal, depth } => {
                while path.last().is_some_and(|&(d, _)| d >= *depth) {
                    path.pop();
                }
                let parent = path.last().map(|&(_, n)| n);
                // The same goal on its own branch: a cycle sld does not see (it recurses on).
                let again = path
                    .iter()
                    .rev()
                    .find(|&&(_, n)| nodes[n].goal == *goal)
                    .map(|&(_, n)| n);
                let id = nodes.len();
                nodes.push(NodeInfo {
                    goal: *goal,
                    coinductive: coinductive(store, *goal),
                    parent,
                    depth: *depth,
                    status: "called",
                    answers: Vec::new(),
                    first_step: step,
                    opened: None,
                });
                path.push((*depth, id));
                edges.push((parent, id, "new", step));
                if let Some(a) = again {
                    edges.push((Some(id), a, "same-goal", step));
                }
                steps.push(
                    json!({"kind": "resolve", "node": id, "from": parent, "depth": depth,
                    "again": again}),
                );
            }
            Event::Rerun { run } => steps.push(json!({"kind": "rerun", "run": run})),
        }
    }
    // The goals' texts.
    let surface = match &loaded.source {
        Source::Surface(n) => Some(n.clone()),
        Source::Clauses => None,
    };
    let mut ex = Explainer::new(
        &mut loaded.store,
        &loaded.program,
        surface.as_ref(),
        strategy,
        &Limits::default(),
    );
    ex.max_depth = 0;
    let var = |i: u32| crate::render::default_var_name(i);
    let text = |ex: &Explainer, t: TermId| ex.goal_text(t, &var);
    let node_texts: Vec<String> = nodes.iter().map(|n| text(&ex, n.goal)).collect();
    for (step, field, t, i) in &texts {
        let s = text(&ex, *t);
        match *field {
            "answer" => steps[*step]["answer"] = json!(s),
            "round" | "done" => {
                if let Some(a) = steps[*step]["result"].as_array_mut() {
                    a.push(json!(s));
                }
                if *field == "round" {
                    if let Some(r) = rounds
                        .iter_mut()
                        .find(|r| r["step"] == json!(step))
                        .and_then(|r| r["result"].as_array_mut())
                    {
                        r[i.unwrap_or(0)] = json!(s);
                    }
                }
            }
            _ => {}
        }
    }
    let answer_texts: Vec<Vec<String>> = nodes
        .iter()
        .map(|n| n.answers.iter().map(|&a| text(&ex, a)).collect())
        .collect();
    let named = |i: u32| {
        names
            .get(i as usize)
            .map(|s| s.to_string())
            .unwrap_or_else(|| var(i))
    };
    let goal_text = ex.goal_text(goal, &named);
    drop(ex);
    let cycles = cycles_of(&nodes, &edges);
    let sol =
        crate::solve::aggregate::aggregate(&mut loaded.store, &solved.answers, &solved.outcome);
    let notation = crate::render::Notation::for_program(loaded.is_surface());
    let answer_text =
        crate::render::solution_text(&loaded.store, notation, &sol, names, solved.count as usize);
    let chalk =
        crate::lower::chalk::solution_text(&loaded.store, &sol, &loaded.render_goal(names, goal));
    json!({
        "format": TRACE_FORMAT,
        "strategy": strategy,
        "goal": goal_text,
        "answer": {
            "text": answer_text,
            "chalk": chalk,
            "overflow": solved.outcome.overflow().map(|r| r.to_string()),
        },
        "nodes": nodes.iter().enumerate().map(|(i, n)| json!({
            "id": i,
            "goal": node_texts[i],
            "coinductive": n.coinductive,
            "parent": n.parent,
            "depth": n.depth,
            "status": n.status,
            "answers": answer_texts[i],
            "step": n.first_step,
        })).collect::<Vec<_>>(),
        "edges": edges.iter().map(|&(from, to, link, step)| json!({
            "from": from, "to": to, "link": link, "step": step,
        })).collect::<Vec<_>>(),
        "cycles": cycles,
        "rounds": rounds,
        "steps": steps,
        "dropped": rec.dropped,
    })
}

/// The nodes whose evaluation opened after `head`'s (during it: the frames are a stack) with
/// status `from` get status `to`.
fn settle(nodes: &mut [NodeInfo], head: usize, from: &str, to: &'static str) {
    let Some(since) = nodes[head].opened else {
        return;
    };
    for n in nodes.iter_mut() {
        if n.opened.is_some_and(|o| o > since) && n.status == from {
            n.status = to;
        }
    }
}

/// The node of `key` (made, with its goal `goal` when known, under `parent`, if new).
#[allow(clippy::too_many_arguments)]
fn node_of(
    by_key: &mut FxHashMap<TermId, usize>,
    nodes: &mut Vec<NodeInfo>,
    key: TermId,
    goal: Option<TermId>,
    parent: Option<usize>,
    step: usize,
    coinductive: &dyn Fn(TermId) -> bool,
) -> usize {
    if let Some(&i) = by_key.get(&key) {
        if let (Some(g), true) = (goal, nodes[i].goal == key) {
            nodes[i].goal = g;
            nodes[i].coinductive = coinductive(g);
        }
        return i;
    }
    let g = goal.unwrap_or(key);
    let depth = parent.map_or(0, |p| nodes[p].depth + 1);
    nodes.push(NodeInfo {
        goal: g,
        coinductive: coinductive(g),
        parent,
        depth,
        status: "open",
        answers: Vec::new(),
        first_step: step,
        opened: None,
    });
    by_key.insert(key, nodes.len() - 1);
    nodes.len() - 1
}

fn link_name(l: Link) -> &'static str {
    match l {
        Link::New => "new",
        Link::Complete => "complete",
        Link::Incomplete => "incomplete",
        Link::Cycle { coinductive: true } => "cycle-coinductive",
        Link::Cycle { coinductive: false } => "cycle-inductive",
        Link::Provisional => "provisional",
        Link::Negation => "negation",
    }
}

/// The goal `goal` (variables `Var(0..)`) with an answer's values put in for its variables; an
/// answer's region constraints (its last value, when not `[]`) are left out.
fn instantiate(store: &mut Store, goal: TermId, values: &[TermId]) -> TermId {
    let vals: Vec<TermId> = values.to_vec();
    store.map_vars(goal, &mut |s, i| {
        vals.get(i as usize).copied().unwrap_or_else(|| s.var(i))
    })
}

/// The answers of a flat result (tuples of `width`), each as its instantiated goal.
fn results(store: &mut Store, goal: TermId, flat: &[TermId], width: usize) -> Vec<TermId> {
    flat.chunks(width.max(1))
        .map(|t| instantiate(store, goal, t))
        .collect()
}

/// The cycles of the call graph: its strongly connected groups with more than one node or a node
/// calling itself (Tarjan's algorithm, iterative). A cycle is coinductive when every goal on it is.
fn cycles_of(
    nodes: &[NodeInfo],
    edges: &[(Option<usize>, usize, &'static str, usize)],
) -> Vec<Value> {
    let n = nodes.len();
    let mut succ: Vec<Vec<usize>> = vec![Vec::new(); n];
    let mut self_loop = vec![false; n];
    for &(from, to, link, _) in edges {
        if let Some(f) = from {
            if link == "same-goal" {
                // sld: the repeated goal is another node; the cycle is the branch from it down.
                continue;
            }
            succ[f].push(to);
            self_loop[f] |= f == to;
        }
    }
    let mut out = Vec::new();
    let mut index = vec![usize::MAX; n];
    let mut low = vec![0; n];
    let mut on = vec![false; n];
    let mut stack = Vec::new();
    let mut next = 0;
    for root in 0..n {
        if index[root] != usize::MAX {
            continue;
        }
        let mut work = vec![(root, 0usize)];
        while let Some(&mut (v, ref mut i)) = work.last_mut() {
            if *i == 0 && index[v] == usize::MAX {
                index[v] = next;
                low[v] = next;
                next += 1;
                stack.push(v);
                on[v] = true;
            }
            if let Some(&w) = succ[v].get(*i) {
                *i += 1;
                if index[w] == usize::MAX {
                    work.push((w, 0));
                } else if on[w] {
                    low[v] = low[v].min(index[w]);
                }
                continue;
            }
            work.pop();
            if let Some(&(p, _)) = work.last() {
                low[p] = low[p].min(low[v]);
            }
            if low[v] == index[v] {
                let mut group = Vec::new();
                loop {
                    let w = stack.pop().expect("on the stack");
                    on[w] = false;
                    group.push(w);
                    if w == v {
                        break;
                    }
                }
                if group.len() > 1 || self_loop[v] {
                    group.sort_unstable();
                    let co = group.iter().all(|&g| nodes[g].coinductive);
                    out.push(json!({"nodes": group, "head": group[0], "coinductive": co}));
                }
            }
        }
    }
    // sld: each repeated goal closes a cycle along its branch.
    for &(from, to, link, _) in edges {
        if let (Some(f), "same-goal") = (from, link) {
            let mut group = vec![f];
            let mut cur = nodes[f].parent;
            while let Some(c) = cur {
                group.push(c);
                if c == to {
                    break;
                }
                cur = nodes[c].parent;
            }
            group.reverse();
            let co = group.iter().all(|&g| nodes[g].coinductive);
            out.push(json!({"nodes": group, "head": to, "coinductive": co}));
            // The first one says it: the branch repeats from there on.
            break;
        }
    }
    out
}

/// A proof tree ([`Explainer::explain`]) as JSON: `label`, `verdict`, `note`, `location`
/// (`file:line:col`), `line` (the line number alone, for highlighting), `children`.
pub fn explain_json(node: &Node) -> Value {
    let verdict = match node.verdict {
        Verdict::Holds => "holds",
        Verdict::Fails => "fails",
        Verdict::Ambiguous => "ambiguous",
        Verdict::Overflow => "overflow",
        Verdict::Cycle { coinductive: true } => "cycle-coinductive",
        Verdict::Cycle { coinductive: false } => "cycle-inductive",
        Verdict::Candidate => "candidate",
        Verdict::NoMatch => "no-match",
    };
    let line = node.location.as_deref().and_then(location_line);
    json!({
        "label": node.label,
        "verdict": verdict,
        "note": node.note,
        "location": node.location,
        "line": line,
        "internal": node.internal,
        "children": node.children.iter().map(explain_json).collect::<Vec<_>>(),
    })
}

/// The line of a `file:line:col` location.
fn location_line(loc: &str) -> Option<u32> {
    let mut parts = loc.rsplitn(3, ':');
    let _col = parts.next()?;
    let line = parts.next()?;
    line.parse().ok()
}
