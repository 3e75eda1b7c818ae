#!/usr/bin/env python3
"""Upstream Tessera's attribute and policy spellings run with their meaning (issue #11, item 12;
docs/ir-overview.md, "Attributes"). Each program is run by tessera-interp and its result is
compared with numpy. Usage: upstream_spellings_test.py TESSERA_INTERP."""
import os
import subprocess
import sys
import tempfile

import numpy as np

T = "tensor<{}xf32>"


def run(interp, tmp, name, program, inputs):
    """Runs `program` on the named numpy inputs and returns its single result."""
    d = os.path.join(tmp, name)
    os.makedirs(d)
    path = os.path.join(d, "p.mlir")
    with open(path, "w") as f:
        f.write(program)
    args = [interp, "run", path, "--output-dir", os.path.join(d, "out")]
    for k, v in inputs.items():
        np.save(os.path.join(d, k + ".npy"), v)
        args += ["--input", f"{k}={d}/{k}.npy"]
    p = subprocess.run(args, capture_output=True, text=True)
    if p.returncode != 0:
        sys.exit(f"{name}: tessera-interp failed ({p.returncode}):\n{p.stderr}")
    outs = sorted(os.listdir(os.path.join(d, "out")))
    if len(outs) != 1:
        sys.exit(f"{name}: expected one result, got {outs}")
    return np.load(os.path.join(d, "out", outs[0]))


def expect_equal(name, got, want):
    if got.shape != want.shape or not np.array_equal(got, want):
        sys.exit(f"{name}: result differs from numpy\n got {got}\nwant {want}")


def main():
    interp = sys.argv[1]
    rng = np.random.default_rng(11)
    # Small integers: every product and sum is exact in f32, so numpy's result is the exact one.
    a = rng.integers(-8, 9, (3, 5)).astype(np.float32)
    b = rng.integers(-8, 9, (4, 5)).astype(np.float32)
    c = rng.integers(-8, 9, (5, 3)).astype(np.float32)
    with tempfile.TemporaryDirectory() as tmp:
        # transposeB with a square rhs: ignoring the attribute would still verify and run.
        sq = rng.integers(-8, 9, (5, 5)).astype(np.float32)
        prog = f"""func.func @main(%a: {T.format('3x5')}, %s: {T.format('5x5')}) -> {T.format('3x5')} {{
  %0 = "tessera.matmul"(%a, %s) {{transposeB = true}} : ({T.format('3x5')}, {T.format('5x5')}) -> {T.format('3x5')}
  return %0 : {T.format('3x5')}
}}
"""
        expect_equal("transposeB square", run(interp, tmp, "tbs", prog, {"a": a, "s": sq}), a @ sq.T)
        # transposeB: a (3x5) times b^T (5x4).
        prog = f"""func.func @main(%a: {T.format('3x5')}, %b: {T.format('4x5')}) -> {T.format('3x4')} {{
  %0 = "tessera.matmul"(%a, %b) {{transposeB = true}} : ({T.format('3x5')}, {T.format('4x5')}) -> {T.format('3x4')}
  return %0 : {T.format('3x4')}
}}
"""
        expect_equal("transposeB", run(interp, tmp, "tb", prog, {"a": a, "b": b}), a @ b.T)
        # transposeA and transposeB: c^T (3x5) times b^T (5x4).
        prog = f"""func.func @main(%c: {T.format('5x3')}, %b: {T.format('4x5')}) -> {T.format('3x4')} {{
  %0 = "tessera.matmul"(%c, %b) {{transposeA = true, transposeB = true}} : ({T.format('5x3')}, {T.format('4x5')}) -> {T.format('3x4')}
  return %0 : {T.format('3x4')}
}}
"""
        expect_equal("transposeA", run(interp, tmp, "ta", prog, {"c": c, "b": b}), c.T @ b.T)
        # tessera.transpose without perm reverses the dims, as numpy.transpose does.
        x = rng.integers(-100, 100, (2, 3, 4)).astype(np.float32)
        prog = f"""func.func @main(%x: {T.format('2x3x4')}) -> {T.format('4x3x2')} {{
  %0 = "tessera.transpose"(%x) : ({T.format('2x3x4')}) -> {T.format('4x3x2')}
  return %0 : {T.format('4x3x2')}
}}
"""
        expect_equal("transpose", run(interp, tmp, "tr", prog, {"x": x}), np.transpose(x))
        # reduce with upstream's `axis = 1` (an integer).
        prog = f"""func.func @main(%x: {T.format('2x3x4')}) -> {T.format('2x4')} {{
  %0 = "tessera.reduce"(%x) {{kind = "sum", axis = 1}} : ({T.format('2x3x4')}) -> {T.format('2x4')}
  return %0 : {T.format('2x4')}
}}
"""
        expect_equal("reduce axis", run(interp, tmp, "ra", prog, {"x": x}), x.sum(axis=1))
        # rmsnorm with upstream's `eps`: a large eps changes the result visibly.
        y = rng.integers(-4, 5, (2, 8)).astype(np.float32)
        prog = f"""func.func @main(%y: {T.format('2x8')}) -> {T.format('2x8')} {{
  %0 = "tessera.rmsnorm"(%y) {{eps = 16.0}} : ({T.format('2x8')}) -> {T.format('2x8')}
  return %0 : {T.format('2x8')}
}}
"""
        got = run(interp, tmp, "rms", prog, {"y": y})
        y64 = y.astype(np.float64)
        want = y64 / np.sqrt((y64 ** 2).mean(axis=-1, keepdims=True) + 16.0)
        if not np.allclose(got, want, rtol=1e-5, atol=1e-6):
            sys.exit(f"rmsnorm eps: got {got}, want {want}")
        # A policy naming its accumulator with upstream's `fp16`: an f16 FMA chain (numpy float16
        # rounding after each exact float64 step), which differs from the f32 result here.
        k = 64
        u = np.full((1, k), 1.0, np.float32)
        u[0, 0] = 1024.0
        v = np.full((k, 1), 0.75, np.float32)
        prog = f"""func.func @main(%u: {T.format(f'1x{k}')}, %v: {T.format(f'{k}x1')}) -> {T.format('1x1')} {{
  %0 = "tessera.matmul"(%u, %v) {{numeric_policy = {{accum = "fp16"}}}} : ({T.format(f'1x{k}')}, {T.format(f'{k}x1')}) -> {T.format('1x1')}
  return %0 : {T.format('1x1')}
}}
"""
        acc = np.float16(0.0)
        for p in range(k):
            acc = np.float16(np.float64(acc) + np.float64(u[0, p]) * np.float64(v[p, 0]))
        want = np.array([[np.float32(acc)]], np.float32)
        if want[0, 0] == (u @ v)[0, 0]:
            sys.exit("test data does not tell an f16 accumulator from an f32 one")
        expect_equal("accum fp16", run(interp, tmp, "acc", prog, {"u": u, "v": v}), want)
    print("upstream spellings: ok")


if __name__ == "__main__":
    main()
