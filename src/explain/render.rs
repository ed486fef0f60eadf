//! Proof trees as indented text and as Graphviz DOT.

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

fn line(n: &Node) -> String {
    let mut s = n.label.clone();
    let v = verdict_text(n.verdict);
    if !v.is_empty() {
        s.push_str(&format!(" — {v}"));
    }
    if let Some(l) = &n.location {
        s.push_str(&format!(" ({l})"));
    }
    if let Some(note) = &n.note {
        s.push_str(&format!(": {note}"));
    }
    s
}

/// The tree as indented text, one node per line (`├─`, `└─`). Iterative.
pub fn text(root: &Node) -> String {
    let mut out = line(root);
    out.push('\n');
    // (node, prefix for its children)
    let mut stack: Vec<(&Node, String, bool)> = root
        .children
        .iter()
        .enumerate()
        .rev()
        .map(|(i, c)| (c, String::new(), i + 1 == root.children.len()))
        .collect();
    while let Some((n, prefix, last)) = stack.pop() {
        out.push_str(&prefix);
        out.push_str(if last { "└─ " } else { "├─ " });
        out.push_str(&line(n));
        out.push('\n');
        let child_prefix = format!("{prefix}{}", if last { "   " } else { "│  " });
        let k = n.children.len();
        for (i, c) in n.children.iter().enumerate().rev() {
            stack.push((c, child_prefix.clone(), i + 1 == k));
        }
    }
    out
}

fn escape(s: &str) -> String {
    s.replace('\\', "\\\\").replace('"', "\\\"")
}

/// The tree as a Graphviz `digraph` (goals as boxes, candidates as ellipses; green holds, red fails).
pub fn dot(root: &Node) -> String {
    let mut out = String::from(
        "digraph proof {\n  rankdir=LR;\n  node [fontname=\"monospace\", fontsize=10];\n",
    );
    let mut stack: Vec<(&Node, Option<usize>)> = vec![(root, None)];
    let mut next = 0usize;
    while let Some((n, parent)) = stack.pop() {
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
        for c in n.children.iter().rev() {
            stack.push((c, Some(id)));
        }
    }
    out.push_str("}\n");
    out
}
