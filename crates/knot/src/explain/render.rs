//! Proof trees as indented text and as Graphviz DOT (as JSON: `trace::explain_json`).

use super::{Node, Verdict};

fn verdict_text(v: Verdict) -> &'static str {
    match v {
        Verdict::Holds => "holds",
        Verdict::Fails => "no solution",
        Verdict::Ambiguous => "ambiguous",
        Verdict::Overflow => "overflow",
        Verdict::Cycle { coinductive: true } => "cycle (coinductive)",
        Verdict::Cycle { coinductive: false } => "cycle (inductive)",
        Verdict::Candidate | Verdict::NoMatch => "",
    }
}

/// A candidate's label, or `built-in rule` for one written in the lowering's vocabulary
/// (`'$lang_copy'('$tuple'(A, B))`): its location still says which.
fn label(n: &Node) -> &str {
    // (No Rust text has a `$`.)
    if matches!(n.verdict, Verdict::Candidate | Verdict::NoMatch) && n.label.contains('$') {
        "built-in rule"
    } else {
        &n.label
    }
}

fn line(n: &Node) -> String {
    let mut s = label(n).to_string();
    let v = verdict_text(n.verdict);
    if !v.is_empty() {
        s.push_str(&format!(" — {v}"));
    }
    if let Some(l) = &n.location {
        s.push_str(&format!(" ({l})"));
    }
    if let Some(note) = &n.note {
        if note.contains('$') {
            // A condition of a built-in rule, in the lowering's vocabulary.
            s.push_str(": a condition of the built-in rule fails");
        } else {
            s.push_str(&format!(": {note}"));
        }
    }
    s
}

/// The children shown: a goal of a built-in rule ([`Node::internal`]) is replaced by what is under
/// it, so its rule and the user's goals it needs appear in its place. Iterative.
fn shown(n: &Node) -> Vec<&Node> {
    let mut out = Vec::new();
    let mut stack: Vec<&Node> = n.children.iter().rev().collect();
    while let Some(c) = stack.pop() {
        if c.internal {
            stack.extend(c.children.iter().rev());
        } else {
            out.push(c);
        }
    }
    out
}

/// The tree as indented text, one node per line (`├─`, `└─`). Iterative.
pub fn text(root: &Node) -> String {
    let mut out = line(root);
    out.push('\n');
    // (node, prefix for its children)
    let top = shown(root);
    let mut stack: Vec<(&Node, String, bool)> = top
        .iter()
        .enumerate()
        .rev()
        .map(|(i, c)| (*c, String::new(), i + 1 == top.len()))
        .collect();
    while let Some((n, prefix, last)) = stack.pop() {
        out.push_str(&prefix);
        out.push_str(if last { "└─ " } else { "├─ " });
        out.push_str(&line(n));
        out.push('\n');
        let child_prefix = format!("{prefix}{}", if last { "   " } else { "│  " });
        let kids = shown(n);
        let k = kids.len();
        for (i, c) in kids.into_iter().enumerate().rev() {
            stack.push((c, child_prefix.clone(), i + 1 == k));
        }
    }
    out
}

fn escape(s: &str) -> String {
    s.replace('\\', "\\\\").replace('"', "\\\"")
}

/// The goals on a branch of the tree: label and DOT node id.
type Branch = Vec<(String, usize)>;

/// The tree as a Graphviz `digraph`, laid out top to bottom (goals as boxes, candidates as ellipses;
/// green holds, red fails). A cycle is drawn as a dashed back edge to the goal it meets again, not as
/// a node of its own.
pub fn dot(root: &Node) -> String {
    let mut out = String::from(
        "digraph proof {\n  rankdir=TB;\n  node [fontname=\"monospace\", fontsize=10];\n",
    );
    // (node, parent id, the goals on the branch above it)
    let mut stack: Vec<(&Node, Option<usize>, Branch)> = vec![(root, None, vec![])];
    let mut next = 0usize;
    while let Some((n, parent, path)) = stack.pop() {
        if let (Verdict::Cycle { coinductive }, Some(p)) = (n.verdict, parent) {
            if let Some(&(_, anc)) = path.iter().rev().find(|(l, _)| *l == n.label) {
                let color = if coinductive { "blue" } else { "purple" };
                out.push_str(&format!(
                    "  n{p} -> n{anc} [style=dashed, color={color}, constraint=false, label=\"{}\"];\n",
                    if coinductive { "cycle (coinductive)" } else { "cycle (inductive)" }
                ));
                continue;
            }
        }
        let id = next;
        next += 1;
        let (shape, color) = match n.verdict {
            Verdict::Holds => ("box", "darkgreen"),
            Verdict::Fails => ("box", "red"),
            Verdict::Ambiguous | Verdict::Overflow => ("box", "orange"),
            Verdict::Cycle { coinductive: true } => ("box", "blue"),
            Verdict::Cycle { coinductive: false } => ("box", "purple"),
            Verdict::Candidate => ("ellipse", "black"),
            Verdict::NoMatch => ("ellipse", "gray"),
        };
        out.push_str(&format!(
            "  n{id} [shape={shape}, color={color}, label=\"{}\"];\n",
            escape(&line(n))
        ));
        if let Some(p) = parent {
            out.push_str(&format!("  n{p} -> n{id};\n"));
        }
        let mut below = path;
        if n.verdict != Verdict::Candidate && n.verdict != Verdict::NoMatch {
            below.push((n.label.clone(), id));
        }
        for c in shown(n).into_iter().rev() {
            stack.push((c, Some(id), below.clone()));
        }
    }
    out.push_str("}\n");
    out
}

fn failed(n: &Node) -> bool {
    matches!(
        n.verdict,
        Verdict::Fails | Verdict::Cycle { coinductive: false }
    )
}

/// Why a goal that fails does not hold, cause first, as rustc's E0277 reads: the failing leaf (a
/// negative impl, no matching impl or clause, an inductive cycle), then each requirement that led
/// to it, up to the goal. `None` unless the root fails.
pub fn why_not(root: &Node) -> Option<String> {
    if root.verdict != Verdict::Fails {
        return None;
    }
    // Steps from the goal down: (the goal, the candidate through which it needs the next one).
    let mut steps: Vec<(&Node, Option<&Node>, usize)> = Vec::new();
    let mut node = root;
    loop {
        let failing: Vec<&Node> = node
            .children
            .iter()
            .filter(|c| c.verdict == Verdict::Candidate && c.children.last().is_some_and(failed))
            .collect();
        // A candidate whose failing where-clause the user can name first (a built-in rule's step,
        // such as the unification inside a `dyn` rule, tells them nothing), and of those one made
        // for the goal's type before a blanket impl that matches every type (`impl<F: FnPtr> Debug
        // for F` fails on any type that is not a function pointer: it says nothing of this one).
        let nameable = |c: &&&Node| c.children.last().is_some_and(|w| !w.internal);
        let pick = failing
            .iter()
            .find(|c| nameable(c) && !c.blanket)
            .or(failing.iter().find(nameable))
            .or(failing.first());
        if let Some(c) = pick {
            // The others counted in the note: blanket impls only when this is one.
            let others = failing.iter().filter(|o| c.blanket || !o.blanket).count() - 1;
            steps.push((node, Some(c), others));
            node = c.children.last().expect("a failing where-clause");
            continue;
        }
        // A conjunction: the part that fails.
        if let Some(part) = node
            .children
            .iter()
            .find(|c| failed(c) && c.verdict != Verdict::Candidate && !c.children.is_empty())
        {
            steps.push((node, None, 0));
            node = part;
            continue;
        }
        break;
    }
    let mut out = format!("why not `{}`:\n", root.label);
    // A cause inside a built-in rule (`'$scalar'(Bar)` under `Bar: Clone`) is told as the nearest
    // goal the user can name: it does not hold, since no impl applies.
    if node.internal {
        if let Some(k) = steps.iter().rposition(|(g, _, _)| !g.internal) {
            let (goal, _, others) = steps[k];
            steps.truncate(k);
            out.push_str(&format!(
                "  cause: `{}` does not hold: no impl applies{}\n",
                goal.label,
                if others > 0 {
                    format!(" ({} candidates fail)", others + 1)
                } else {
                    String::new()
                }
            ));
            requirements(&mut out, &steps, root);
            return Some(out);
        }
    }
    // The cause.
    let cause = node
        .children
        .iter()
        .find(|c| c.verdict == Verdict::Fails && c.children.is_empty());
    let mut first = format!("`{}` does not hold", node.label);
    match (cause, node.verdict) {
        (_, Verdict::Cycle { .. }) => first.push_str(": it needs itself (an inductive cycle)"),
        (Some(c), _) => {
            first.push_str(&format!(": {}", c.label));
            if let Some(l) = &c.location {
                first.push_str(&format!(" ({l})"));
            }
        }
        (None, _) => {
            if let Some(note) = &node.note {
                first.push_str(&format!(" ({note})"));
            }
        }
    }
    out.push_str(&format!("  cause: {first}\n"));
    requirements(&mut out, &steps, root);
    Some(out)
}

/// The requirements that led from the goal to the cause, innermost first (steps inside built-in
/// rules left out).
fn requirements(out: &mut String, steps: &[(&Node, Option<&Node>, usize)], root: &Node) {
    for (goal, cand, others) in steps.iter().rev() {
        let Some(c) = cand else { continue };
        if goal.internal {
            continue;
        }
        let at = c
            .location
            .as_ref()
            .map(|l| format!(" ({l})"))
            .unwrap_or_default();
        match &c.structural {
            Some(ty) => out.push_str(&format!(
                "  required because it appears within the type `{ty}`{at}\n"
            )),
            None => out.push_str(&format!(
                "  required for `{}` by {}{at}\n",
                goal.label,
                label(c)
            )),
        }
        if *others > 0 {
            out.push_str(&format!(
                "  note: {others} more candidate(s) for `{}` fail as well\n",
                goal.label
            ));
        }
    }
    if steps.first().is_some_and(|s| s.1.is_none()) {
        out.push_str(&format!("  required by the goal `{}`\n", root.label));
    }
    out.push_str("(--explain-full prints the whole tree)\n");
}
