"""Runs `tessera-interp grad` and `run` on one-function programs; compares with JAX.

A case is one Graph op (generic form) on named inputs. The derivative programs come from
`tessera-interp grad`; the oracles are jax.vjp / jax.jvp (float64 with x64 enabled, float32) and
central finite differences of our own forward program in float64.
"""
from __future__ import annotations

import os
import pathlib
import subprocess

import ml_dtypes
import numpy as np

MLIR = {np.dtype(np.float32): "f32", np.dtype(np.float64): "f64", np.dtype(np.int32): "i32",
        np.dtype(np.int64): "i64", np.dtype(np.bool_): "i1",
        np.dtype(ml_dtypes.bfloat16): "bf16"}

# Tolerances: max |ours - ref| <= TOL * (1 + max |ref|). float64 rules are exact formulas evaluated
# in another order than XLA's; float32 adds rounding of the same formulas (docs: autodiff-rules.md).
# bfloat16: every op rounds its result to 8 significant bits, so a rule of k ops may be off by about
# k * 2^-8 relative; 5e-2 covers the short rules checked at bf16.
TOL = {np.float64: 1e-9, np.float32: 2e-4, ml_dtypes.bfloat16: 5e-2}


def interp():
    p = os.environ.get("TESSERA_INTERP")
    if not p or not os.path.exists(p):
        raise RuntimeError("set TESSERA_INTERP to the tessera-interp binary")
    return p


def ttype(shape, dtype):
    return "tensor<" + "".join(f"{d}x" for d in shape) + MLIR[np.dtype(dtype)] + ">"


def program(op, inputs, out_shape, out_dtype, attrs=""):
    """`func.func @main(%a0, ...) -> T { %r = "op"(...) {attrs}; return %r }`."""
    names = [f"%a{i}" for i in range(len(inputs))]
    ins = [ttype(a.shape, a.dtype) for a in inputs]
    out = ttype(out_shape, out_dtype)
    attr = f" {{{attrs}}}" if attrs else ""
    sig = ", ".join(f"{n}: {t}" for n, t in zip(names, ins))
    return (f"func.func @main({sig}) -> {out} {{\n"
            f'  %r = "{op}"({", ".join(names)}){attr} : ({", ".join(ins)}) -> {out}\n'
            f"  return %r : {out}\n}}\n")


def tool(args, check=True):
    p = subprocess.run([interp(), *args], capture_output=True, text=True, timeout=120)
    if check:
        assert p.returncode == 0, (args, p.stderr)
    return p


def grad(tmp: pathlib.Path, text: str, wrt, mode="rev", func="main", tag="g") -> str:
    src = tmp / f"{tag}_src.mlir"
    src.write_text(text)
    out = tool(["grad", str(src), "--wrt", ",".join(wrt), "--mode", mode, "--func", func]).stdout
    return out


def run(tmp: pathlib.Path, text: str, entry: str, inputs: dict, tag="r", level="graph"):
    """Runs `entry` of `text` with named .npy inputs; returns the results in order."""
    d = tmp / tag
    d.mkdir(exist_ok=True)
    (d / "p.mlir").write_text(text)
    args = ["run", str(d / "p.mlir"), "--entry", entry, "--output-dir", str(d / "out"),
            "--level", level]
    for n, a in inputs.items():
        np.save(d / f"in_{n}.npy", np.asarray(a))
        args += ["--input", f"{n}={d / f'in_{n}.npy'}"]
    tool(args)
    return [np.load(d / "out" / f"{stem}.npy") for stem in result_stems(text, entry)]


def result_stems(text: str, entry: str):
    """The file stems `run --output-dir` uses for `entry`'s results: a returned value's name when
    it is a word used once, else the result's position (interp/session.cpp, result_stem)."""
    body = text[text.index(f"func.func @{entry}("):]
    ret = next(ln for ln in body.splitlines() if ln.strip().startswith("return"))
    names = [t.strip()[1:] for t in ret.strip()[len("return"):].split(":")[0].split(",")]
    stems = []
    for k, n in enumerate(names):
        word = (bool(n) and not n[0].isdigit() and names.count(n) == 1
                and all(c.isalnum() or c == "_" for c in n))
        stems.append(n if word else str(k))
    return stems


def close(ours, ref, dtype, what=""):
    ours, ref = np.asarray(ours, np.float64), np.asarray(ref, np.float64)
    assert ours.shape == ref.shape, (what, ours.shape, ref.shape)
    err = float(np.max(np.abs(ours - ref))) if ours.size else 0.0
    scale = 1.0 + (float(np.max(np.abs(ref))) if ref.size else 0.0)
    assert err <= TOL[dtype] * scale, f"{what}: max error {err:.3e} > {TOL[dtype]:.0e} * {scale:.3g}"


def twice_main(text, xs, fidx, y):
    """`@fd(a..., m_i...)`: @main at the parameters a and at a with each float a_i replaced by m_i,
    in one run (the two points of a central difference)."""
    ins = [ttype(x.shape, x.dtype) for x in xs]
    params = [f"%a{i}: {t}" for i, t in enumerate(ins)] + [f"%m{i}: {ins[i]}" for i in fidx]
    at_m = [f"%m{i}" if i in fidx else f"%a{i}" for i in range(len(xs))]
    out = ttype(y.shape, y.dtype)
    sig = ", ".join(ins)
    return (f"func.func @fd({', '.join(params)}) -> ({out}, {out}) {{\n"
            f"  %p = func.call @main({', '.join(f'%a{i}' for i in range(len(xs)))}) : ({sig}) -> {out}\n"
            f"  %m = func.call @main({', '.join(at_m)}) : ({sig}) -> {out}\n"
            f"  return %p, %m : {out}, {out}\n}}\n")
