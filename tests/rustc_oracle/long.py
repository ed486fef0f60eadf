#!/usr/bin/env python3
"""Long run: fresh generated programs, judged by rustc (old and next solver) and by knot (slg, recursive, sld).

    long.py N [--seed S] [--knot PATH] [--save FILE]

Generates programs from seed S on (default: 1,000,000, away from the fixture's seeds) until N goals rustc
judges valid are collected, asks knot, and prints the counts: agreements, unsound answers (knot proves what
both solvers reject) and refusals (slg/recursive do not prove what both accept), each per cause (heuristic,
oracle.cause). --save writes the recorded lines (fixture format, with `known`) to FILE. Exits 1 when an
answer is unsound. `KNOT_ORACLE_LONG=N cargo test --release --test rustc_oracle` runs it after the test.
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
import record  # noqa: E402


def main():
    args = sys.argv[1:]
    want = int(args[0])
    seed = int(args[args.index("--seed") + 1]) if "--seed" in args else 1_000_000
    knot = args[args.index("--knot") + 1] if "--knot" in args else os.path.join(ROOT, "target/release/knot")
    save = args[args.index("--save") + 1] if "--save" in args else None
    tmp = tempfile.mkdtemp()
    got, entries, programs = 0, [], 0

    def one(s):
        r = record.record_generated(s)
        if r is None:
            return None
        path = os.path.join(tmp, "g%d.rs" % s)
        open(path, "w").write(r["program"])
        goals = [g["goal"] for g in r["goals"]]
        ans = {st: oracle.knot_answers(knot, path, goals, st) for st in oracle.STRATEGIES}
        for k, g in enumerate(r["goals"]):
            a = {st: ans[st][k] for st in oracle.STRATEGIES}
            kind = oracle.disagreement(a, g["old"], g["next"])
            if kind:
                g["known"] = oracle.cause(r["program"], g["goal"], a, g["old"], g["next"], kind)
                g["kind"] = kind
                g["knot"] = a
        return r

    with ThreadPoolExecutor(record.JOBS) as ex:
        while got < want:
            batch = list(ex.map(one, range(seed, seed + 24)))
            seed += 24
            programs += 24
            for r in batch:
                if r:
                    entries.append(r)
                    got += len(r["goals"])
            print("  %d goals from %d programs" % (got, programs), file=sys.stderr)
    counts = collections.Counter()
    unsound = []
    for e in entries:
        for g in e["goals"]:
            if "kind" not in g:
                counts["agree"] += 1
                continue
            counts["%s: %s" % (g["kind"], g["known"])] += 1
            if g["kind"] == "unsound":
                unsound.append((e["id"], g["goal"], g["knot"], g["old"], g["next"]))
    print("long run: %d goals from %d generated programs (%d kept by rustc)" % (got, programs, len(entries)))
    for k, v in counts.most_common():
        print("%6d  %s" % (v, k))
    print("unsound: %d goals" % len(unsound))
    for u in unsound[:10]:
        print("  %s `%s`: knot %s, rustc %s/%s" % u)
    if save:
        with open(save, "w") as f:
            for e in entries:
                for g in e["goals"]:
                    g.pop("kind", None)
                    g.pop("knot", None)
                f.write(json.dumps(e) + "\n")
    sys.exit(1 if unsound else 0)


if __name__ == "__main__":
    main()
