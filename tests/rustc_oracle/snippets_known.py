#!/usr/bin/env python3
"""Run knot (slg, recursive) on the snippet corpus tests/rust/*.rs and write tests/rust/KNOWN.txt: one line per
snippet knot does not load and per goal where knot disagrees with rustc's recorded verdict (tests/rust/verdicts.jsonl).

    snippets_known.py [--knot target/release/knot]

A line is `FILE: load: REASON` or `FILE: goal `GOAL`: REASON`. Reasons already in KNOWN.txt for the same key
are kept (edit them by hand); new ones get knot's answer and rustc's verdict. Agreement: rustc accepts and
knot answers `true.`, or rustc rejects (fails/overflow) and knot does not answer `true.`.
"""
import collections
import json
import os
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, HERE)
import oracle  # noqa: E402

DIR = os.path.join(ROOT, "tests", "rust")
STRATS = ["slg", "recursive"]


def split_known(line):
    """(key, reason) of a KNOWN.txt line: the key is `FILE: load` or `FILE: goal `GOAL``."""
    i = line.find(": load: ")
    j = line.find(": goal `")
    if j >= 0 and (i < 0 or j < i):
        k = line.index("`: ", j + 8)
        return line[:k + 1], line[k + 3:]
    return line[:i + 6], line[i + 8:]


def read_known(path):
    known = {}
    if os.path.exists(path):
        for line in open(path):
            line = line.rstrip("\n")
            if not line or line.startswith("#"):
                continue
            key, reason = split_known(line)
            known[key] = reason
    return known


def main():
    knot = os.path.join(ROOT, "target/release/knot")
    if "--knot" in sys.argv:
        knot = sys.argv[sys.argv.index("--knot") + 1]
    verdicts = collections.defaultdict(list)
    for line in open(os.path.join(DIR, "verdicts.jsonl")):
        if line.strip():
            v = json.loads(line)
            verdicts[v["file"]].append(v)
    path = os.path.join(DIR, "KNOWN.txt")
    old = read_known(path)
    lines = []
    agree = total = 0
    for f in sorted(verdicts):
        p = os.path.join(DIR, f)
        lo = subprocess.run([knot, "lower", p], capture_output=True, text=True)
        if lo.returncode != 0:
            key = "%s: load" % f
            err = (lo.stderr.strip().splitlines() or ["no output"])[0]
            err = err.replace(p, f)
            lines.append("%s: %s" % (key, old.get(key, err)))
            total += len(verdicts[f])
            continue
        goals = [v["goal"] for v in verdicts[f]]
        ans = {s: oracle.knot_answers(knot, p, goals, s) for s in STRATS}
        for k, v in enumerate(verdicts[f]):
            total += 1
            holds = v["old"] == "holds" and v["next"] == "holds"
            rejects = v["old"] in ("fails", "overflow") and v["next"] in ("fails", "overflow")
            bad = [s for s in STRATS if (holds and ans[s][k] != "true.") or (rejects and ans[s][k] == "true.")]
            if not bad:
                agree += 1
                continue
            key = "%s: goal `%s`" % (f, v["goal"])
            a = ans[bad[0]][k].replace(p, f)
            reason = old.get(key, "knot %s (%s), rustc %s/%s" % (a[:120], "+".join(bad), v["old"], v["next"]))
            lines.append("%s: %s" % (key, reason))
    with open(path, "w") as out:
        out.write("# Expected disagreements of knot with rustc on the snippet corpus (tests/rust_snippets.rs).\n"
                  "# `FILE: load: REASON` (knot does not load the file) or `FILE: goal `GOAL`: REASON`.\n"
                  "# Regenerate with tests/rustc_oracle/snippets_known.py; remove lines as the causes are fixed.\n")
        for l in lines:
            out.write(l + "\n")
    loads = len(verdicts) - sum(1 for l in lines if ": load: " in l)
    print("%d snippets, %d load; %d of %d goals agree with rustc (slg and recursive); %d lines in KNOWN.txt"
          % (len(verdicts), loads, agree, total, len(lines)))


if __name__ == "__main__":
    main()
