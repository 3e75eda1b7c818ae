"""Shared by the gaebm tests: running a program with tessera-interp, and the numpy references
of scripts/upstream_refs/gaebm.py (float64, written from the specs)."""
from __future__ import annotations

import pathlib
import subprocess
import sys
import tempfile

import ml_dtypes
import numpy as np

ROOT = pathlib.Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "scripts"))
from upstream_refs import gaebm as ref  # noqa: E402,F401

BF16 = ml_dtypes.bfloat16
NP_NAME = {np.dtype(np.float32): "f32", np.dtype(np.float64): "f64", np.dtype(BF16): "bf16",
           np.dtype(np.int64): "i64"}


def ty(x) -> str:
    x = np.asarray(x)
    dims = "x".join(map(str, x.shape))
    return f"tensor<{dims + 'x' if dims else ''}{NP_NAME[x.dtype]}>"


def run(interp, src: str, inputs: dict, outputs, threads=0, entry="main", expect_fail=False):
    """Runs `entry` of `src` with the named numpy inputs; returns the named outputs (or, with
    expect_fail, the error text)."""
    with tempfile.TemporaryDirectory() as td:
        d = pathlib.Path(td)
        (d / "p.mlir").write_text(src)
        args = [interp, "run", str(d / "p.mlir"), "--entry", entry, "--output-dir", str(d / "o"),
                "--threads", str(threads)]
        for name, x in inputs.items():
            np.save(d / f"{name}.npy", x)
            args += ["--input", f"{name}={d / f'{name}.npy'}"]
        p = subprocess.run(args, capture_output=True, text=True, timeout=120)
        if expect_fail:
            assert p.returncode not in (0,) and p.returncode > 0, (p.returncode, p.stderr)
            return p.stderr
        if p.returncode != 0:
            sys.exit(f"FAIL: {p.stderr}\n{src}")
        outs = []
        for n in outputs:
            y = np.load(d / "o" / f"{n}.npy")
            outs.append(y.view(BF16) if y.dtype == np.uint16 else y)
        return outs


def func(op: str, operands: dict, attrs: str, result_type: str, name="main") -> str:
    """One function applying `op` (generic form) to its parameters."""
    params = ", ".join(f"%{k}: {ty(v)}" for k, v in operands.items())
    names = ", ".join(f"%{k}" for k in operands)
    types = ", ".join(ty(v) for v in operands.values())
    return (f"func.func @{name}({params}) -> {result_type} {{\n"
            f'  %r = "{op}"({names}) {{{attrs}}} : ({types}) -> {result_type}\n'
            f"  return %r : {result_type}\n}}\n")


def close(got, want, tol, what):
    got = np.asarray(got, np.float64)
    want = np.asarray(want, np.float64)
    assert got.shape == want.shape, (what, got.shape, want.shape)
    err = np.max(np.abs(got - want) / (np.abs(want) + 1.0)) if got.size else 0.0
    if not err <= tol:
        sys.exit(f"FAIL {what}: max scaled error {err} > {tol}\ngot  {got}\nwant {want}")
