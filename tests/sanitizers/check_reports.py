#!/usr/bin/env python3
"""Runs a tile program under `tessera-interp run --check all` and checks the sanitizer reports.

Buggy kernels mark the op that must be reported with a trailing `// REPORT: <kind>` comment and
the other access of the report with `// OTHER: <kind>`. The run must exit with code 3 and print
`FILE:LINE:COL: error: [<kind>]` at the REPORT op (COL = the op's first column) followed by a
`note:` at the OTHER op. With --clean the program must run with exit 0 and no report at all.
Inputs of @main are random tensors (seeded), generated from its signature.
"""
import os
import re
import subprocess
import sys
import tempfile

import numpy as np

DTYPES = {"f32": np.float32, "f64": np.float64, "i32": np.int32, "i64": np.int64}


def main_inputs(text, tmp):
    m = re.search(r"func\.func @main\(([^)]*)\)", text, re.S)
    args = []
    if not m:
        return args
    rng = np.random.default_rng(7)
    for name, shape, dt in re.findall(r"%(\w+):\s*tensor<([0-9x]*?)x?(f32|f64|i32|i64)>", m.group(1)):
        dims = [int(d) for d in shape.split("x") if d]
        a = rng.standard_normal(dims).astype(DTYPES[dt]) if dt[0] == "f" else \
            rng.integers(0, 8, dims).astype(DTYPES[dt])
        path = os.path.join(tmp, name + ".npy")
        np.save(path, a)
        args += ["-i", f"{name}={path}"]
    return args


def op_column(line):
    m = re.search(r"(=\s*)(\"?[a-z_]+\.[a-z_]+|return)", line)
    if m:
        return m.start(2) + 1
    return len(line) - len(line.lstrip()) + 1


def main():
    clean = "--clean" in sys.argv
    tool, path = [a for a in sys.argv[1:] if a != "--clean"]
    text = open(path).read()
    lines = text.split("\n")
    extra = []
    m = re.search(r"// RUN-ARGS: (.*)", text)
    if m:
        extra = m.group(1).split()
    with tempfile.TemporaryDirectory() as tmp:
        cmd = [tool, "run", path, "--check", "all", "-o", tmp] + main_inputs(text, tmp) + extra
        p = subprocess.run(cmd, capture_output=True, text=True, timeout=300)
        # Reports are merged in group order: they must not depend on the thread count.
        for threads in ["1", "2"]:
            q = subprocess.run(cmd + ["--threads", threads], capture_output=True, text=True,
                               timeout=300)
            if q.stderr != p.stderr:
                sys.exit(f"FAIL: reports differ with --threads {threads}:\n{q.stderr}\nvs\n{p.stderr}")
    err = p.stderr
    if clean:
        if p.returncode != 0 or "error:" in err:
            sys.exit(f"FAIL: expected a clean run, got exit {p.returncode}:\n{err}")
        print("ok: clean")
        return
    if p.returncode != 3:
        sys.exit(f"FAIL: expected exit 3 (a check fired), got {p.returncode}:\n{err}")
    want = [(i + 1, l) for i, l in enumerate(lines) if "// REPORT:" in l]
    if not want:
        sys.exit("FAIL: the test file has no REPORT annotation")
    for lineno, line in want:
        kind = line.split("// REPORT:")[1].split()[0]
        col = op_column(line)
        head = f"{path}:{lineno}:{col}: error: [{kind}]"
        if head not in err:
            sys.exit(f"FAIL: missing report '{head}' in:\n{err}")
        block = err[err.index(head):]
        nxt = block.find(": error: ", len(head))
        block = block if nxt < 0 else block[:nxt]
        for olineno, oline in [(i + 1, l) for i, l in enumerate(lines) if f"// OTHER: {kind}" in l]:
            note = f"{path}:{olineno}:{op_column(oline)}: note:"
            if note not in block:
                sys.exit(f"FAIL: report '{head}' lacks the note '{note}':\n{err}")
    print("ok:", len(want), "report(s) as expected")


if __name__ == "__main__":
    main()
