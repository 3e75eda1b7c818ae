"""Runs one function of a program with tessera-interp and loads its results (shared by the
decodemoe tests; the oracles live in scripts/upstream_refs/decodemoe.py)."""
import pathlib
import re
import subprocess
import sys
import tempfile

import numpy as np

ROOT = pathlib.Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "scripts"))

FAILED = []


def run(interp, src, entry, inputs, threads=1, expect_error=None):
    """Results of @entry in return order, or (with expect_error) the error text, which must
    contain expect_error, with a non-zero exit and no signal."""
    with tempfile.TemporaryDirectory() as tmp:
        d = pathlib.Path(tmp)
        (d / "p.mlir").write_text(src)
        args = [interp, "run", str(d / "p.mlir"), "--entry", entry, "--output-dir",
                str(d / "out"), "--threads", str(threads)]
        for k, v in inputs.items():
            np.save(d / f"{k}.npy", v)
            args += ["--input", f"{k}={d / f'{k}.npy'}"]
        p = subprocess.run(args, capture_output=True, text=True, timeout=60)
        if expect_error is not None:
            ok = p.returncode > 0 and expect_error in p.stderr and "error:" in p.stderr
            check(ok, f"{entry}: expected an error with '{expect_error}', got exit "
                      f"{p.returncode}: {p.stderr.strip()}")
            return p.stderr
        if p.returncode != 0:
            check(False, f"{entry}: exit {p.returncode}: {p.stderr.strip()}")
            return None
        m = re.search(rf"@{entry}\b.*?\breturn\s+([^:\n]*)", src, re.S) or \
            re.search(r'"func\.return"\(([^)]*)\)', src)  # the generic form
        names = [n.strip()[1:] for n in m.group(1).split(",")]
        return [np.load(d / "out" / f"{n}.npy") for n in names]


def check(ok, msg):
    if not ok:
        FAILED.append(msg)
        print(f"FAIL {msg}")


def finish(name, count):
    if FAILED:
        sys.exit(f"{name}: {len(FAILED)} failure(s)")
    print(f"{name}: {count} checks passed")
