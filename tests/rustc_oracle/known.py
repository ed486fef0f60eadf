#!/usr/bin/env python3
"""Run knot on every goal of the fixture and write each disagreement's cause into its `known` field.

    known.py [--knot target/release/knot] [--fixture F] [--keep] [--dry]

A goal knot now agrees on loses its `known` field; a new disagreement gets a heuristic cause (oracle.cause);
with --keep an existing reason is kept as written (hand-edited reasons survive a re-run). Prints counts per
cause. Run after `cargo build --release`.
"""
import collections
import json
import os
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, HERE)
import oracle  # noqa: E402


def main():
    args = sys.argv[1:]
    knot = os.path.join(ROOT, "target/release/knot")
    fixture = os.path.join(HERE, "fixture.jsonl")
    keep = "--keep" in args
    dry = "--dry" in args  # report only, leave the fixture as it is
    if "--knot" in args:
        knot = args[args.index("--knot") + 1]
    if "--fixture" in args:
        fixture = args[args.index("--fixture") + 1]
    entries = [json.loads(l) for l in open(fixture) if l.strip()]
    tmp = tempfile.mkdtemp()

    def run(i):
        e = entries[i]
        if "file" in e:
            path = os.path.join(ROOT, e["file"])
            program = open(path).read()
        else:
            path = os.path.join(tmp, "p%d.rs" % i)
            program = e["program"]
            open(path, "w").write(program)
        goals = [g["goal"] for g in e["goals"]]
        ans = {s: oracle.knot_answers(knot, path, goals, s) for s in oracle.STRATEGIES}
        return program, ans

    with ThreadPoolExecutor(4) as ex:
        res = list(ex.map(run, range(len(entries))))
    counts = collections.Counter()
    for e, (program, ans) in zip(entries, res):
        for k, g in enumerate(e["goals"]):
            a = {s: ans[s][k] for s in oracle.STRATEGIES}
            kind = oracle.disagreement(a, g["old"], g["next"])
            if kind is None:
                g.pop("known", None)
                counts["agree"] += 1
                continue
            reason = g.get("known") if keep and g.get("known") else oracle.cause(program, g["goal"], a, g["old"], g["next"], kind)
            g["known"] = reason
            counts["%s: %s" % (kind, reason)] += 1
    with open(os.devnull if dry else fixture, "w") as f:
        for e in entries:
            f.write(json.dumps(e) + "\n")
    for k, v in counts.most_common():
        print("%5d  %s" % (v, k))


if __name__ == "__main__":
    main()
