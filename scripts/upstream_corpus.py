#!/usr/bin/env python3
"""Measures how much of upstream gstoner/tessera's Graph IR test corpus this project reads.

Usage: upstream_corpus.py CORPUS_DIR [--tool tessera-interp] [--op-table tessera-op-table]
                          [--top N] [--show-failures]

CORPUS_DIR holds upstream .mlir test files (kept outside the repository: they are upstream's).
Each file is split at `// -----` lines; chunks with an `expected-error` (upstream expects them to
be invalid) and chunks without a function are left out. Every remaining chunk is given to
`tessera-interp verify`. The report counts the chunks that verify, the strict subset whose ops are
all registered here (unregistered generic ops only warn), groups the failures by their first error
message (numbers, SSA names and quoted names replaced by placeholders so that one cause forms one
group), and ranks the op names the chunks use that this project does not register (by the op table
of `tessera-op-table`, found next to the tool unless given) by how many chunks use them.
"""
import argparse
import collections
import json
import pathlib
import re
import subprocess
import sys
import tempfile

ERROR = re.compile(r":\d+:\d+: error: (.*)")  # a located diagnostic (not the tool's own prefix)
ANY_ERROR = re.compile(r"error: (.*)")
UNKNOWN_CUSTOM = re.compile(r"custom form of unknown op '([^']+)'")
UNREGISTERED = re.compile(r"'([^']+)' is not a registered op")
GENERIC_OP = re.compile(r'"([a-z_][\w.]*\.[\w.]+)"\s*\(')
CUSTOM_OP = re.compile(r"^\s*(?:%[\w#:, %]+=\s*)?([a-z_]\w*\.[\w.]+)\b", re.M)


def chunks(corpus):
    for path in sorted(pathlib.Path(corpus).rglob("*.mlir")):
        text = path.read_text(errors="replace")
        for k, chunk in enumerate(re.split(r"^// -----.*$", text, flags=re.M)):
            if "expected-error" in chunk or ("func.func" not in chunk and "module" not in chunk):
                continue
            yield f"{path.relative_to(corpus)}#{k}", chunk


def group_key(message):
    m = re.sub(r"\(([a-z0-9_]+_c\d+)\)", r"(\1)", message)
    m = re.sub(r"'[^']*'", "'X'", m)
    m = re.sub(r'"[^"]*"', '"X"', m)
    m = re.sub(r"%[\w#]+", "%v", m)
    m = re.sub(r"tensor<[^>]*>", "tensor<..>", m)
    m = re.sub(r"\b\d+\b", "N", m)
    return m


def ops_used(chunk):
    names = set(GENERIC_OP.findall(chunk))
    names.update(n for n in CUSTOM_OP.findall(chunk) if not n.startswith(("func.", "return")))
    return names


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("corpus")
    ap.add_argument("--tool", default="tessera-interp")
    ap.add_argument("--op-table", default=None)
    ap.add_argument("--top", type=int, default=15)
    ap.add_argument("--show-failures", action="store_true")
    a = ap.parse_args()
    table = a.op_table or str(pathlib.Path(a.tool).parent / "tessera-op-table")
    try:
        known = {o["name"] for o in json.loads(subprocess.run(
            [table], capture_output=True, text=True, timeout=60).stdout)}
    except (OSError, ValueError):
        known = None
    total = passed = strict = 0
    groups = collections.Counter()
    examples = {}
    missing = collections.Counter()
    with tempfile.TemporaryDirectory() as tmp:
        src = pathlib.Path(tmp) / "chunk.mlir"
        for name, chunk in chunks(a.corpus):
            total += 1
            src.write_text(chunk)
            p = subprocess.run([a.tool, "verify", str(src)], capture_output=True, text=True,
                               timeout=120)
            out = p.stderr + p.stdout
            unknown = set(UNKNOWN_CUSTOM.findall(out)) | set(UNREGISTERED.findall(out))
            if p.returncode == 0:
                passed += 1
                strict += not unknown
            else:
                first = ERROR.search(out) or ANY_ERROR.search(out)
                msg = first.group(1) if first else f"exit status {p.returncode}"
                key = group_key(msg)
                groups[key] += 1
                examples.setdefault(key, f"{name}: {msg}")
                if a.show_failures:
                    print(f"FAIL {name}: {msg}")
            # A parse error stops at the first unknown custom op: with the op table, every op
            # the chunk names counts; without it, those the diagnostics name.
            for op in (ops_used(chunk) - known if known is not None else unknown):
                missing[op] += 1
    print(f"chunks: {total}  verify: {passed} ({100.0 * passed / max(total, 1):.1f}%)  "
          f"verify with every op registered: {strict}")
    print(f"\nlargest failure groups (of {total - passed} failures):")
    for key, n in groups.most_common(a.top):
        print(f"  {n:4d}  {key}\n        e.g. {examples[key]}")
    print("\nunregistered ops by number of chunks using them" +
          ("" if known is not None else " (no op table: only those diagnosed)") + ":")
    for op, n in missing.most_common(a.top):
        print(f"  {n:4d}  {op}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
