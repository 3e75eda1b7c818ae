#!/usr/bin/env python3
"""Writes the supported-op matrix of docs/cuda.md (between the `cuda-status` markers) from the
compile-only reports of `tessera-cuda-gen --cases ... --compile-only --report FILE`
(scripts/update_docs.sh runs it): per conformance op, how many of its cases generate and
NVRTC-compile for sm_80, sm_90 and sm_100, fail, or do not lower to Target IR (and why); per
Target IR op, how many compiled cases exercise it."""
import argparse
import collections
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

BEGIN, END = "<!-- BEGIN cuda-status (scripts/gen_cuda_status.py) -->", "<!-- END cuda-status -->"


def read(path, compiled):
    rows = []
    with open(path) as f:
        header = f.readline().rstrip("\n").split("\t")
        for line in f:
            rec = dict(zip(header, line.rstrip("\n").split("\t")))
            rec["compiled"] = compiled
            rows.append(rec)
    return rows


def status_of(counts):
    ok, gen, fail, skip = counts["ok"], counts["gen"], counts["FAIL"], counts["SKIP"]
    if fail:
        return "**fails**"
    if ok + gen == 0:
        return "not lowered"
    s = "compiles" if ok and not gen else "generated (not compiled in CI)" if not ok else "compiles / generated"
    return s + (" (some cases not lowered)" if skip else "")


def table(rows):
    by_op = collections.OrderedDict()
    for r in rows:
        for op in (r.get("case_ops") or "(no op)").split(","):
            c = by_op.setdefault(op, {"ok": 0, "gen": 0, "FAIL": 0, "SKIP": 0, "why": collections.Counter()})
            st = r["status"]
            if st == "ok":
                c["ok" if r["compiled"] else "gen"] += 1
            else:
                c[st] += 1
                if st == "SKIP":
                    c["why"][r["detail"].replace("no Target IR kernel after lowering: ", "")] += 1
    out = ["| op | status | compiled | generated only | failed | not lowered | why not lowered (most cases) |",
           "|---|---|---|---|---|---|---|"]
    for op in sorted(by_op):
        c = by_op[op]
        why = c["why"].most_common(1)[0][0] if c["why"] else ""
        why = why.replace(str(ROOT) + "/", "").replace("|", "\\|")  # paths relative to the checkout
        if len(why) > 110:
            why = why[:107] + "..."
        out.append(f"| `{op}` | {status_of(c)} | {c['ok']} | {c['gen']} | {c['FAIL']} | {c['SKIP']} | {why} |")
    return out


def target_table(rows):
    n = collections.Counter()
    for r in rows:
        if r["status"] == "ok" and r.get("target_ops"):
            for op in r["target_ops"].split(","):
                n[(op, r["compiled"])] += 1
    ops = sorted({op for op, _ in n})
    out = ["| Target IR op | compiled cases using it | generated-only cases using it |", "|---|---|---|"]
    for op in ops:
        out.append(f"| `{op}` | {n[(op, True)]} | {n[(op, False)]} |")
    return out


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--compiled", action="append", default=[], help="report of a compiling run")
    ap.add_argument("--generated", action="append", default=[], help="report of a --generate-only run")
    ap.add_argument("--doc", default=os.path.join(os.path.dirname(__file__), "..", "docs", "cuda.md"))
    a = ap.parse_args()
    rows = [r for p in a.compiled for r in read(p, True)] + [r for p in a.generated for r in read(p, False)]
    if not rows:
        sys.exit("gen_cuda_status.py: error: no report rows")
    tally = collections.Counter((r["status"], r["compiled"]) for r in rows)
    body = [BEGIN, "",
            f"Conformance cases: {len(rows)}; {tally[('ok', True)]} generate and compile for sm_80, "
            f"sm_90 and sm_100; {tally[('ok', False)]} are generated but not compiled in CI; "
            f"{tally[('FAIL', True)] + tally[('FAIL', False)]} fail; "
            f"{tally[('SKIP', True)] + tally[('SKIP', False)]} do not lower to a Target IR kernel.",
            "", *table(rows), "", *target_table(rows), "", END]
    with open(a.doc) as f:
        text = f.read()
    if BEGIN not in text or END not in text:
        sys.exit(f"gen_cuda_status.py: error: {a.doc} lacks the cuda-status markers")
    head, rest = text.split(BEGIN, 1)
    tail = rest.split(END, 1)[1]
    with open(a.doc, "w") as f:
        f.write(head + "\n".join(body) + tail)
    print(f"updated {a.doc}")


if __name__ == "__main__":
    main()
