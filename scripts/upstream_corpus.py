#!/usr/bin/env python3
"""Measures how much of upstream gstoner/tessera's Graph IR test corpus this project reads.

Usage: upstream_corpus.py CORPUS_DIR [--tool tessera-interp] [--op-table tessera-op-table]
                          [--top N] [--show-failures] [--json FILE]

CORPUS_DIR holds upstream .mlir test files (kept outside the repository: they are upstream's).
Each file is split at `// -----` lines; chunks with an `expected-error` (upstream expects them to
be invalid) and chunks without a function are left out. Every remaining chunk is given to
`tessera-interp verify`. The report counts the chunks that verify, the strict subset whose ops are
all registered here (unregistered generic ops only warn), the same two counts per upstream folder
(a file's directory under CORPUS_DIR, or the part of its name before `__` when the files lie
flat), groups the failures by their first error message (numbers, SSA names and quoted names
replaced by placeholders so that one cause forms one group), and ranks the op names the chunks
use that this project does not register (by the op table of `tessera-op-table`, found next to the
tool unless given) by how many chunks use them. --json FILE writes the same report as JSON.
"""
import argparse
import collections
import datetime
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
# A custom-form op name opens a statement (after its results, if any). A dialect-prefixed
# attribute name at the start of a line (`tessera.effect_kind = "random"`) is not one: `=` follows.
CUSTOM_OP = re.compile(r"^\s*(?:%[\w#:, %]+=\s*)?([a-z_]\w*\.[\w.]+)\b(?!\s*=)", re.M)
SEPARATOR = re.compile(r"^// -----.*$", re.M)


def folder_of(rel):
    """The upstream folder a corpus file came from: its directory, or its `folder__` prefix."""
    if len(rel.parts) > 1:
        return str(rel.parent)
    return rel.name.split("__", 1)[0] if "__" in rel.name else "."


def chunks(corpus):
    """Yields (name, folder, text) for each chunk upstream expects to be valid."""
    root = pathlib.Path(corpus)
    for path in sorted(root.rglob("*.mlir")):
        rel = path.relative_to(root)
        text = path.read_text(errors="replace")
        for k, chunk in enumerate(SEPARATOR.split(text)):
            if "expected-error" in chunk or ("func.func" not in chunk and "module" not in chunk):
                continue
            yield f"{rel}#{k}", folder_of(rel), chunk


def group_key(message):
    m = re.sub(r"'[^']*'", "'X'", message)
    m = re.sub(r'"[^"]*"', '"X"', m)
    m = re.sub(r"%[\w#]+", "%v", m)
    m = re.sub(r"tensor<[^>]*>", "tensor<..>", m)
    m = re.sub(r"\b\d+\b", "N", m)
    return m


def ops_used(chunk):
    code = "\n".join(line.split("//", 1)[0] for line in chunk.splitlines())
    names = set(GENERIC_OP.findall(code))
    names.update(n for n in CUSTOM_OP.findall(code) if not n.startswith(("func.", "return")))
    return names


def known_ops(table):
    try:
        out = subprocess.run([table], capture_output=True, text=True, timeout=60).stdout
        return {n for o in json.loads(out) for n in [o["name"], *o.get("aliases", [])]}
    except (OSError, ValueError, subprocess.SubprocessError):
        return None


def verify_chunk(tool, src, chunk):
    """Returns (verified, unknown op names, first error message or None)."""
    src.write_text(chunk)
    try:
        p = subprocess.run([tool, "verify", str(src)], capture_output=True, text=True, timeout=120)
    except subprocess.TimeoutExpired:
        return False, set(), "timed out after 120 s"
    out = p.stderr + p.stdout
    unknown = set(UNKNOWN_CUSTOM.findall(out)) | set(UNREGISTERED.findall(out))
    if p.returncode == 0:
        return True, unknown, None
    first = ERROR.search(out) or ANY_ERROR.search(out)
    return False, unknown, first.group(1) if first else f"exit status {p.returncode}"


def measure(corpus, tool, known, show_failures=False):
    total = passed = strict = 0
    groups = collections.Counter()
    examples = {}
    missing = collections.Counter()
    folders = collections.defaultdict(lambda: {"chunks": 0, "verify": 0, "strict": 0})
    with tempfile.TemporaryDirectory() as tmp:
        src = pathlib.Path(tmp) / "chunk.mlir"
        for name, folder, chunk in chunks(corpus):
            total += 1
            f = folders[folder]
            f["chunks"] += 1
            ok, unknown, msg = verify_chunk(tool, src, chunk)
            if ok:
                passed += 1
                f["verify"] += 1
                strict += not unknown
                f["strict"] += not unknown
            else:
                key = group_key(msg)
                groups[key] += 1
                examples.setdefault(key, f"{name}: {msg}")
                if show_failures:
                    print(f"FAIL {name}: {msg}")
            # A parse error stops at the first unknown custom op: with the op table, every op
            # the chunk names counts; without it, those the diagnostics name.
            for op in (ops_used(chunk) - known if known is not None else unknown):
                missing[op] += 1
    return {
        "date": datetime.date.today().isoformat(),
        "chunks": total,
        "verify": passed,
        "verify_percent": round(100.0 * passed / max(total, 1), 1),
        "strict": strict,
        "folders": dict(sorted(folders.items())),
        "failure_groups": [{"count": n, "message": k, "example": examples[k]}
                           for k, n in groups.most_common()],
        "unregistered_ops": [{"op": op, "chunks": n} for op, n in missing.most_common()],
        "op_table": known is not None,
    }


def print_report(r, top):
    print(f"chunks: {r['chunks']}  verify: {r['verify']} ({r['verify_percent']:.1f}%)  "
          f"verify with every op registered: {r['strict']}")
    print("\nper folder (chunks, verify, strict):")
    for folder, f in r["folders"].items():
        print(f"  {folder:24s} {f['chunks']:4d} {f['verify']:4d} {f['strict']:4d}")
    print(f"\nlargest failure groups (of {r['chunks'] - r['verify']} failures):")
    for g in r["failure_groups"][:top]:
        print(f"  {g['count']:4d}  {g['message']}\n        e.g. {g['example']}")
    print("\nunregistered ops by number of chunks using them" +
          ("" if r["op_table"] else " (no op table: only those diagnosed)") + ":")
    for u in r["unregistered_ops"][:top]:
        print(f"  {u['chunks']:4d}  {u['op']}")


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("corpus")
    ap.add_argument("--tool", default="tessera-interp")
    ap.add_argument("--op-table", default=None)
    ap.add_argument("--top", type=int, default=15)
    ap.add_argument("--show-failures", action="store_true")
    ap.add_argument("--json", default=None, help="also write the report to this JSON file")
    a = ap.parse_args()
    if not pathlib.Path(a.corpus).is_dir():
        print(f"error: corpus directory '{a.corpus}' does not exist", file=sys.stderr)
        return 2
    table = a.op_table or str(pathlib.Path(a.tool).parent / "tessera-op-table")
    try:
        r = measure(a.corpus, a.tool, known_ops(table), a.show_failures)
    except OSError as e:
        print(f"error: cannot run '{a.tool}': {e}", file=sys.stderr)
        return 2
    if a.json:
        pathlib.Path(a.json).write_text(json.dumps(r, indent=1) + "\n")
    print_report(r, a.top)
    return 0


if __name__ == "__main__":
    sys.exit(main())
