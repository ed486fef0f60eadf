#!/usr/bin/env python3
"""Record rustc's verdicts (old and next solver) for knot goals.

    record.py gen FIRST LAST [--out F]   generated programs of seeds FIRST..LAST-1 (tests/rustc_oracle/gen.py);
                                         appends their lines to F (default tests/rustc_oracle/fixture.jsonl)
    record.py files MANIFEST [--out F]   the programs named in MANIFEST (JSON list of {"id", "knot": path of
                                         the program knot loads, "rustc": path of the program rustc checks
                                         (default: the same), "goals": [knot goal, ...]})
    record.py snippets DIR               every DIR/*.rs with `// goal: G` lines; writes DIR/verdicts.jsonl

A generated program is first type-checked alone; items rustc points at (an impl whose where-clauses do not
hold, an overlap, a derive a field cannot support ...) are dropped and the rest re-checked, so only programs
rustc accepts are kept. Goals are then judged in one rustc run per solver (see oracle.py); goals rustc calls
invalid are dropped. Each fixture line: {"id", "program" (inline) or "file" (path in the repository),
"goals": [{"goal", "old", "next"}]}. `known.py` then adds the `known` reasons by running knot.
"""
import json
import os
import sys
from concurrent.futures import ThreadPoolExecutor

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, HERE)
import gen  # noqa: E402
import oracle  # noqa: E402

JOBS = int(os.environ.get("ORACLE_JOBS", "3"))


def valid_program(items):
    """Drop the items rustc rejects (both solvers) until the program type-checks; None if it cannot."""
    items = list(items)
    for _ in range(6):
        prog = "\n".join(items) + "\n"
        bad = set()
        for nxt in (False, True):
            errs = oracle.program_errors(prog, nxt)
            if errs is None:
                return None
            for code, ln in errs:
                if ln is None or not (1 <= ln <= len(items)) or items[ln - 1].startswith("use "):
                    return None
                bad.add(ln - 1)
            if bad:
                break
        if not bad:
            return items
        items = [it for i, it in enumerate(items) if i not in bad]
    return None


def record_generated(seed, ngoals=10):
    d = gen.generate(seed, ngoals)
    items = valid_program(d["items"])
    if items is None:
        return None
    prog = "\n".join(items) + "\n"
    goals = [g["goal"] for g in d["goals"]]
    old = oracle.judge(prog, goals, False)
    new = oracle.judge(prog, goals, True)
    kept = [{"goal": g, "old": o, "next": n} for g, o, n in zip(goals, old, new)
            if o not in ("invalid", "timeout") and n not in ("invalid", "timeout")]
    if not kept:
        return None
    return {"id": "gen-%d" % seed, "program": prog, "goals": kept}


def record_file(entry):
    rustc_path = os.path.join(ROOT, entry.get("rustc", entry["knot"]))
    prog = open(rustc_path).read()
    goals = entry["goals"]
    old = oracle.judge(prog, goals, False)
    new = oracle.judge(prog, goals, True)
    out = {"id": entry["id"], "file": entry["knot"], "goals": []}
    if "rustc" in entry:
        out["rustc_file"] = entry["rustc"]
    for g, o, n in zip(goals, old, new):
        if o == "invalid" or n == "invalid":
            print("  %s: rustc calls `%s` invalid (%s/%s): dropped" % (entry["id"], g, o, n), file=sys.stderr)
            continue
        out["goals"].append({"goal": g, "old": o, "next": n})
    return out


def snippet_goals(path):
    goals = []
    for line in open(path):
        s = line.strip()
        if s.startswith("// goal:"):
            goals.append(s[len("// goal:"):].strip())
    return goals


def main():
    args = sys.argv[1:]
    out = os.path.join(HERE, "fixture.jsonl")
    if "--out" in args:
        i = args.index("--out")
        out = args[i + 1]
        del args[i:i + 2]
    mode = args[0]
    if mode == "gen":
        first, last = int(args[1]), int(args[2])
        with ThreadPoolExecutor(JOBS) as ex:
            res = list(ex.map(record_generated, range(first, last)))
        n = 0
        with open(out, "a") as f:
            for r in res:
                if r:
                    f.write(json.dumps(r) + "\n")
                    n += len(r["goals"])
        print("recorded %d goals from %d of %d programs" % (n, sum(1 for r in res if r), last - first))
    elif mode == "files":
        entries = json.load(open(args[1]))
        with open(out, "a") as f:
            for e in entries:
                r = record_file(e)
                f.write(json.dumps(r) + "\n")
                print("%s: %d goals" % (r["id"], len(r["goals"])))
    elif mode == "snippets":
        d = args[1]
        files = sorted(x for x in os.listdir(d) if x.endswith(".rs"))

        def one(name):
            path = os.path.join(d, name)
            goals = snippet_goals(path)
            errs = oracle.program_errors(open(path).read())
            errs_next = oracle.program_errors(open(path).read(), True)
            if errs or errs_next:
                return name, None, errs or errs_next
            old = oracle.judge(open(path).read(), goals, False)
            new = oracle.judge(open(path).read(), goals, True)
            return name, list(zip(goals, old, new)), None

        with ThreadPoolExecutor(JOBS) as ex:
            res = list(ex.map(one, files))
        bad = 0
        with open(os.path.join(d, "verdicts.jsonl"), "w") as f:
            for name, gs, errs in res:
                if gs is None:
                    print("%s: rustc rejects the snippet itself: %s" % (name, errs[:3]))
                    bad += 1
                    continue
                for g, o, n in gs:
                    if o == "invalid" or n == "invalid":
                        print("%s: rustc calls goal `%s` invalid (%s/%s)" % (name, g, o, n))
                        bad += 1
                    f.write(json.dumps({"file": name, "goal": g, "old": o, "next": n}) + "\n")
        print("%d snippets, %d problems" % (len(files), bad))
    else:
        sys.exit(__doc__)


if __name__ == "__main__":
    main()
