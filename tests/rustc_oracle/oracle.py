"""rustc as the oracle: translate knot goals to rustc checks, run rustc (old and next solver), map errors back.

A knot goal `TY: BOUND` becomes, on its own line after the program,
    fn __use_N() { fn c<X: ?Sized + BOUND>() {} c::<TY>(); }
`<TY as TR<..>>::NAME = V` becomes the bound `TR<.., NAME = V>` on `TY`, and
`forall<T> { if (H1; H2) { G } }` becomes `fn __use_N<T>() where H1, H2, T: 'static { ... G ... }`
(rustc's `T` is also implicitly `Sized`: the recorded goals say `T: Sized` in their hypotheses, see with_sized).
Verdicts: accepted = holds, E0277/E0271 = fails, E0275 = overflow, any other error = invalid.
"""
import json
import os
import re
import subprocess
import tempfile

HEADER = "#![allow(warnings)]"
FAILS = {"E0277", "E0271", "E0631", "E0593", "not-general-enough"}
OVERFLOW = {"E0275"}


def split_top(s, sep):
    """Split s at sep outside <>, (), [], {}."""
    out, depth, cur, i = [], 0, "", 0
    while i < len(s):
        ch = s[i]
        if ch in "<([{":
            depth += 1
        elif ch in ">)]}" and not (ch == ">" and i > 0 and s[i - 1] == "-"):
            depth -= 1
        if depth == 0 and s.startswith(sep, i):
            out.append(cur)
            cur = ""
            i += len(sep)
            continue
        cur += ch
        i += 1
    out.append(cur)
    return [x.strip() for x in out]


def top_colon(s):
    """Index of the top-level `:` (not part of `::`) separating a type from its bound, or -1."""
    depth = 0
    for i, ch in enumerate(s):
        if ch in "<([{":
            depth += 1
        elif ch in ">)]}" and not (ch == ">" and i > 0 and s[i - 1] == "-"):
            depth -= 1
        elif ch == ":" and depth == 0:
            if (i + 1 < len(s) and s[i + 1] == ":") or (i > 0 and s[i - 1] == ":"):
                continue
            return i
    return -1


def core_check(g):
    """(type, bound) for a goal without forall/if."""
    g = g.strip()
    eq = split_top(g, " = ")
    if len(eq) == 2:
        lhs, val = eq
        m = re.match(r"^<(.*) as (.*)>::(\w+)$", lhs)
        if not m:
            raise ValueError("unsupported equality goal: " + g)
        ty, tr, name = m.group(1), m.group(2), m.group(3)
        # `<X as Tr<A>>`: split at the first top-level ` as `
        parts = split_top(lhs[1:lhs.rindex(">::")], " as ")
        ty, tr = parts[0], " as ".join(parts[1:])
        if tr.endswith(">"):
            bound = tr[:-1] + ", %s = %s>" % (name, val)
        else:
            bound = "%s<%s = %s>" % (tr, name, val)
        return ty, bound
    i = top_colon(g)
    if i < 0:
        raise ValueError("unsupported goal: " + g)
    return g[:i].strip(), g[i + 1:].strip()


def parse_goal(goal):
    """(params, hypotheses, type, bound) of a knot goal."""
    g = goal.strip()
    params, hyps = [], []
    m = re.match(r"^forall<([^>]*)>\s*\{(.*)\}$", g, re.S)
    if m:
        params = [p.strip() for p in m.group(1).split(",")]
        g = m.group(2).strip()
        m2 = re.match(r"^if\s*\((.*?)\)\s*\{(.*)\}$", g, re.S)
        if m2:
            hyps = [h for h in split_top(m2.group(1), ";") if h]
            g = m2.group(2).strip()
    ty, bound = core_check(g)
    return params, hyps, ty, bound


def rustc_use(n, goal, sized=False):
    """The check line of `goal`: `X: ?Sized + BOUND`, or with `sized` the implicitly `Sized` `X` (a
    trait whose defaults mention `Self`, as `Add<Rhs = Self>`, needs `X: Sized` to be named at all)."""
    params, hyps, ty, bound = parse_goal(goal)
    gp = "<%s>" % ", ".join(params) if params else ""
    wc = hyps + ["%s: 'static" % p for p in params]
    where = " where " + ", ".join(wc) if wc else ""
    relax = "" if sized else "?Sized + "
    return "fn __use_%d%s()%s { fn c<X: %s%s>() {} c::<%s>(); }" % (n, gp, where, relax, bound, ty)


def run_rustc(text, next_solver=False, timeout=120):
    """Compile `text` as a lib crate; return (list of (code, line), timed_out)."""
    with tempfile.TemporaryDirectory() as d:
        src = os.path.join(d, "p.rs")
        with open(src, "w") as f:
            f.write(text)
        cmd = ["rustc", "--edition", "2021", "--crate-type", "lib", "--emit=metadata", "--error-format=json",
               "-o", os.path.join(d, "p.rmeta"), src]
        env = dict(os.environ)
        if next_solver:
            cmd.insert(1, "-Znext-solver=globally")
            env["RUSTC_BOOTSTRAP"] = "1"
        try:
            p = subprocess.run(cmd, capture_output=True, text=True, timeout=timeout, env=env)
        except subprocess.TimeoutExpired:
            return None, True
    errs = []
    for line in p.stderr.splitlines():
        try:
            d = json.loads(line)
        except ValueError:
            continue
        if d.get("level") != "error":
            continue
        code = (d.get("code") or {}).get("code")
        if code is None and d.get("message", "").startswith("aborting"):
            continue
        spans = [s for s in d.get("spans", []) if s.get("is_primary")]
        ln = spans[0]["line_start"] if spans else None
        if code is None and "overflow" in d.get("message", ""):
            code = "E0275"
        if code is None and "is not general enough" in d.get("message", ""):
            code = "not-general-enough"  # a higher-ranked bound that does not hold
        errs.append((code or "other:" + d.get("message", "")[:80], ln))
    return errs, False


def verdict_of(codes):
    if not codes:
        return "holds"
    if any(c in OVERFLOW for c in codes):
        return "overflow"
    if all(c in FAILS for c in codes):
        return "fails"
    if any(c in FAILS for c in codes) and all(c in FAILS or c.startswith("E0283") for c in codes):
        return "fails"
    return "invalid"


def judge(program, goals, next_solver=False):
    """Verdict of each goal (a list), the program text followed by one __use line per goal.

    Errors are mapped to goals by line. A batch with an overflow, or with an error outside every goal's
    line, is re-checked one goal at a time (an overflow may stop rustc reporting the rest)."""
    lines = [HEADER] + program.rstrip("\n").split("\n")
    base = len(lines)
    uses = []
    for i, g in enumerate(goals):
        try:
            uses.append(rustc_use(i, g))
        except ValueError:
            uses.append(None)
    text = "\n".join(lines + [u or "" for u in uses]) + "\n"
    errs, to = run_rustc(text, next_solver)
    per = [[] for _ in goals]
    redo = to
    if not to:
        for code, ln in errs:
            k = (ln or 0) - base - 1
            if 0 <= k < len(goals):
                per[k].append(code)
            else:
                redo = True
            if code in OVERFLOW:
                redo = True
    out = []
    for i, g in enumerate(goals):
        if uses[i] is None:
            out.append("invalid")
            continue
        if not redo:
            out.append(verdict_of(per[i]))
            continue
        e, t = run_rustc("\n".join(lines + [uses[i]]) + "\n", next_solver)
        if t:
            out.append("timeout")
            continue
        codes = [c for c, ln in e if ln == base + 1]
        if len(codes) != len(e):  # an error outside the goal's line: the program is not valid Rust
            out.append("invalid")
            continue
        out.append(verdict_of(codes))
    # `X: ?Sized + Add` is refused for every X (E0277 on `Self: Sized` through `Rhs = Self`): a goal
    # that fails so is asked again with a Sized X. Accepted then, the goal holds (X is Sized and
    # implements the trait); refused, the first verdict stands.
    for i, g in enumerate(goals):
        if out[i] != "fails" or uses[i] is None:
            continue
        e, t = run_rustc("\n".join(lines + [rustc_use(i, g, sized=True)]) + "\n", next_solver)
        if not t and not e:
            out[i] = "holds"
    return out


def program_errors(program, next_solver=False):
    """rustc's errors for the program alone: list of (code, line) with lines of `program` (1-based)."""
    text = HEADER + "\n" + program
    errs, to = run_rustc(text, next_solver)
    if to:
        return None
    return [(c, (ln - 1) if ln else None) for c, ln in errs]


# ---- knot's side (the same protocol as tests/rustc_oracle.rs) ----
STRATEGIES = ["slg", "recursive", "sld"]


def _knot_run(knot, path, goals, strategy):
    cmd = [knot, "query", path, "--strategy", strategy, "--timeout", "5"]
    if strategy == "sld":
        cmd += ["--max-depth", "5000"]  # sld only counts when it proves; a deep descent is an overflow
    for g in goals:
        cmd += ["--goal", g]
    try:
        p = subprocess.run(cmd, capture_output=True, text=True, timeout=60 + 6 * len(goals))
    except subprocess.TimeoutExpired:
        return None, "timeout"
    answers, want = [], False
    for line in p.stdout.splitlines():
        if line.startswith("?- "):
            answers.append("")
            want = True
        elif want:
            answers[-1] = line.strip()
            want = False
    if len(goals) == 1 and not answers and p.stdout.strip():
        answers = [p.stdout.strip().splitlines()[0].strip()]  # a single goal is printed without `?- `
    if p.returncode == 0 and len(answers) == len(goals):
        return answers, None
    err = (p.stderr.strip().splitlines() or ["no output"])[0]
    return None, err


def knot_answers(knot, path, goals, strategy, loads=None):
    """knot's answers; a failed batch (a goal knot cannot read stops it) is split in halves."""
    a, err = _knot_run(knot, path, goals, strategy)
    if a is not None:
        return a
    if loads is None:
        loads = subprocess.run([knot, "lower", path], capture_output=True, timeout=60).returncode == 0
    if len(goals) == 1 or not loads:
        return ["error: " + err] * len(goals)
    h = len(goals) // 2
    return knot_answers(knot, path, goals[:h], strategy, loads) + knot_answers(knot, path, goals[h:], strategy, loads)


def knot_class(a):
    return "holds" if a == "true." else "fails" if a == "false." else "unknown"


def disagreement(answers, old, new):
    """'unsound' if some strategy proves what both solvers reject, 'refuses' if slg/recursive do not prove
    what both accept, else None."""
    rej = lambda v: v in ("fails", "overflow")
    if any(knot_class(a) == "holds" for a in answers.values()) and rej(old) and rej(new):
        return "unsound"
    if old == new == "holds" and any(knot_class(answers[s]) != "holds" for s in ("slg", "recursive")):
        return "refuses"
    return None


def cause(program, goal, answers, old, new, kind):
    """A short, heuristic cause of a disagreement (the lead refines them as the fixes land)."""
    errs = [a for a in answers.values() if a.startswith("error")]
    if errs:
        e = re.sub(r"^error: \S+?:\d+:\d+: ", "", errs[0])
        if "syntax error" in e and "<Item: " in program:
            return "front end: associated-type bounds (`Iterator<Item: Bound>`) do not parse"
        if "syntax error" in e:
            return "front end: %s" % e[:100]
        m = re.search(r"(lower::\w+|syntax::\w+|parse\w*)[^`]*(`[^`]*`)?", e)
        return "front end: %s" % (m.group(0) if m else e[:100])
    g = goal
    core = g[g.rfind("{") + 1:].split("}")[0].strip() if g.startswith("forall") else g
    head = re.match(r"\s*&?(?:'static\s+)?(?:mut\s+)?(\w+)", core)
    local_head = bool(head and re.fullmatch(r"(S|Raw|Holds)\d+", head.group(1)))
    if kind == "unsound":
        if re.search(r"\b(Send|Sync)\b", program + core):
            if "&'static" in core and re.search(r":\s*Send\b", core):
                return "prelude: &T: Send needs T: Sync"
            if "*const" in core or "*mut" in core:
                return "prelude: raw pointers are neither Send nor Sync"
            if "*const" in program or "*mut" in program:
                return "prelude: raw pointers are neither Send nor Sync (through a field)"
            if "Arc<" in core:
                return "prelude: Arc<T>: Send/Sync needs T: Send + Sync"
        if re.search(r"(\bstr\b|\[u8\])", core) or "Sized" in core:
            return "implicit Sized not modelled (a type parameter is Sized unless ?Sized)"
        if "<Self as Iterator>::Item" in program and "<T as Iterator>::Item" in core:
            return "implied bounds: rustc implies a trait's where-clauses on Self only (supertraits), chalk all"
        if "<Self as Iterator>::Item" in program or "as Iterator>::Item" in g or "as IntoIterator>" in g:
            return "lowering: a projection in an assumed where-clause becomes a free variable"
        if old == "overflow" or new == "overflow":
            return "cycle: rustc overflows (inductive cycle), knot proves it"
        if re.search(r"\b(Send|Sync)\b", core):
            return "auto traits: knot's structural Send/Sync rule disagrees with std"
        if "#[derive" in program and local_head:
            return "derive: knot's derived impl lacks rustc's bounds on the parameters"
        return "unsound: unclassified"
    # refusals
    if all(knot_class(a) == "unknown" for a in answers.values()):
        first = answers["slg"]
        if first.startswith("overflow"):
            return "knot overflows (%s)" % first[:60]
        if first.startswith("ambiguous"):
            return "knot answers ambiguous"
    m = re.search(r":\s*(\w+)", core[top_colon(core):] if top_colon(core) >= 0 else core)
    trait = m.group(1) if m else ""
    std_missing = {"Default": "prelude: std's Default impls (scalars, tuples, Box, derives) missing",
                   "PartialEq": "prelude: std's PartialEq impls (scalars, Box, Vec, derives) missing",
                   "Copy": "prelude: std's Copy impls (tuples, arrays, derives) missing",
                   "Debug": "prelude: std's Debug impls missing", "Clone": "prelude: std's Clone impls missing"}
    mentions_t = bool(re.search(r"\bT\b", core))
    if g.startswith("forall") and mentions_t and trait in ("Send", "Sync", "Clone", "Copy", "Debug", "Default", "Sized"):
        return "implied bounds: rustc's T is Sized (and 'static here); knot's forall has no such assumption"
    if re.search(r"(\bstr\b|\[u8\])", core) and "?Sized" in program:
        return "?Sized read as Sized"
    if "Item: " in program and g.startswith("forall"):
        return "implied bounds: associated-type bounds in the supertrait list not implied"
    if "type U: Iterator<Item" in program:
        return "lowering: associated-type bindings in item bounds dropped"
    if trait in std_missing and "#[derive" in program and local_head:
        return "derive: derived %s impl missing or weaker in knot" % trait
    if trait in std_missing:
        return std_missing[trait]
    if trait in ("Send", "Sync"):
        return "auto traits: std's Send/Sync impls not modelled"
    if g.startswith("forall") and mentions_t:
        return "environment: knot does not elaborate the hypotheses as rustc does"
    return "refuses: unclassified"


def with_sized(goal):
    """`forall<T> { if (H) { G } }` with `T: Sized` among the hypotheses: rustc's `fn __use<T>()` has it
    implicitly, so the knot goal states it (a forall's T is not Sized in knot unless assumed)."""
    m = re.match(r"^forall<(\w+)>\s*\{\s*if\s*\((.*?)\)\s*\{(.*)\}\s*\}$", goal, re.S)
    if m:
        p, hyps, g = m.groups()
        if re.search(r"\b%s: Sized\b" % p, hyps):
            return goal
        return "forall<%s> { if (%s; %s: Sized) {%s} }" % (p, hyps, p, g)
    m = re.match(r"^forall<(\w+)>\s*\{(.*)\}$", goal, re.S)
    if m:
        p, g = m.groups()
        return "forall<%s> { if (%s: Sized) {%s} }" % (p, p, g)
    return goal
