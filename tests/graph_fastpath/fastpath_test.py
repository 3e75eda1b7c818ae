#!/usr/bin/env python3
"""Runs one program of the ops with fast paths (matmul, elementwise chains, softmax with a folded
scale, log_softmax, layer_norm, rmsnorm) under TESSERA_ISA=scalar (the readable reference paths,
no fusion), avx2 and avx512 (where the CPU has it), each with --threads 1 and 2, on inputs holding
NaN, +-Inf, subnormals and -0, and requires every output bit-identical to the scalar run. The
scalar run is itself checked against numpy (float64, rounded) where the values are finite, so a
pass cannot come from all paths being equally wrong. Also checks that a bad TESSERA_ISA is a clean
error. Usage: fastpath_test.py TESSERA_INTERP."""
import os
import subprocess
import sys
import tempfile

import numpy as np

R, C = 67, 300  # odd sizes: vector tails, row groups with remainders, edge register tiles
T = f"tensor<{R}x{C}xf32>"
W = f"tensor<{C}x{C}xf32>"
V = f"tensor<{C}xf32>"
Z = "tensor<3x9x70xf32>"
Q = "tensor<3x9x9xf32>"  # batched scores of z
PROGRAM = f"""func.func @main(%x: {T}, %w: {W}, %g: {V}, %y: {T}, %z: {Z}, %u: {T}) -> ({Z}, {Z}, {T}, {T}, {T}, {T}, {T}, {T},
    {T}, {T}, {T}, {T}, {T}, {T}, tensor<{R}xf32>, tensor<{C}xf32>, tensor<{C}xf32>,
    tensor<{R}xf32>, {T}, {T}, {T}, {W}, {Z}, {Z}, {T}, {T}, {T}) {{
  %m = tessera.matmul %x, %w : ({T}, {W}) -> {T}
  %a = tessera.add %m, %g : ({T}, {V}) -> {T}
  %h = "tessera.gelu"(%a) {{approximate = "tanh"}} : ({T}) -> {T}
  %c = "tessera.constant"() {{value = dense<0.125> : tensor<f32>}} : () -> tensor<f32>
  %s = tessera.mul %y, %c : ({T}, tensor<f32>) -> {T}
  %p = "tessera.softmax"(%s) : ({T}) -> {T}
  %l = "tessera.log_softmax"(%y) : ({T}) -> {T}
  %p0 = "tessera.softmax"(%y) {{axis = 0}} : ({T}) -> {T}
  %n = "tessera.layer_norm"(%y, %g, %g) : ({T}, {V}, {V}) -> {T}
  %r = "tessera.rmsnorm"(%y, %g) : ({T}, {V}) -> {T}
  %e1 = tessera.sub %y, %x : ({T}, {T}) -> {T}
  %e2 = "tessera.tanh"(%e1) : ({T}) -> {T}
  %e3 = tessera.mul %e2, %y : ({T}, {T}) -> {T}
  %e4 = tessera.add %e3, %e3 : ({T}, {T}) -> {T}
  %sq = tessera.matmul %y, %w {{transpose_b = true}} : ({T}, {W}) -> {T}
  %s2 = tessera.mul %c, %y : (tensor<f32>, {T}) -> {T}
  %p2 = "tessera.softmax"(%s2) {{axis = -1}} : ({T}) -> {T}
  %s3 = tessera.mul %c, %x : (tensor<f32>, {T}) -> {T}
  %l3 = "tessera.log_softmax"(%s3) {{axis = 1}} : ({T}) -> {T}
  %z1 = "tessera.softmax"(%z) {{axis = 1}} : ({Z}) -> {Z}
  %z0 = "tessera.log_softmax"(%z) {{axis = 0}} : ({Z}) -> {Z}
  %x0 = "tessera.log_softmax"(%x) {{axis = 0}} : ({T}) -> {T}
  %rs = "tessera.reduce"(%y) {{kind = "sum", axes = [1]}} : ({T}) -> tensor<{R}xf32>
  %rm = "tessera.reduce"(%x) {{kind = "mean", axes = [0]}} : ({T}) -> tensor<{C}xf32>
  %rx = "tessera.reduce"(%y) {{kind = "max", axes = [0]}} : ({T}) -> tensor<{C}xf32>
  %rn = "tessera.reduce"(%x) {{kind = "min", axes = [1]}} : ({T}) -> tensor<{R}xf32>
  %as = tessera.matmul %u, %w {{transpose_b = true}} : ({T}, {W}) -> {T}
  %at_ = tessera.mul %as, %c : ({T}, tensor<f32>) -> {T}
  %ap = "tessera.softmax"(%at_) : ({T}) -> {T}
  %at = tessera.matmul %ap, %w : ({T}, {W}) -> {T}
  %bs = tessera.matmul %u, %w {{transpose_b = true}} : ({T}, {W}) -> {T}
  %bt = tessera.mul %bs, %c : ({T}, tensor<f32>) -> {T}
  %bp = "tessera.softmax"(%bt) : ({T}) -> {T}
  %at2 = tessera.matmul %bp, %w : ({T}, {W}) -> {T}
  %ns = tessera.matmul %w, %w {{transpose_a = true}} : ({W}, {W}) -> {W}
  %np = "tessera.softmax"(%ns) {{axis = 1}} : ({W}) -> {W}
  %an = tessera.matmul %np, %w {{transpose_b = true}} : ({W}, {W}) -> {W}
  %zs = tessera.matmul %z, %z {{transpose_b = true}} : ({Z}, {Z}) -> {Q}
  %zt = tessera.mul %c, %zs : (tensor<f32>, {Q}) -> {Q}
  %zp = "tessera.softmax"(%zt) : ({Q}) -> {Q}
  %zb = tessera.matmul %zp, %z : ({Q}, {Z}) -> {Z}
  %zq = tessera.matmul %zp, %z : ({Q}, {Z}) -> {Z}
  %f1 = tessera.mul %y, %y : ({T}, {T}) -> {T}
  %f2 = tessera.sub %c, %f1 : (tensor<f32>, {T}) -> {T}
  %f3 = tessera.mul %x, %f2 : ({T}, {T}) -> {T}
  %f4 = tessera.neg %f3 : ({T}) -> {T}
  %f5 = tessera.div %f4, %c : ({T}, tensor<f32>) -> {T}
  %f6 = tessera.add %f5, %u : ({T}, {T}) -> {T}
  %k1 = tessera.mul %y, %y : ({T}, {T}) -> {T}
  %k2 = tessera.sub %c, %k1 : (tensor<f32>, {T}) -> {T}
  %k3 = tessera.mul %x, %k2 : ({T}, {T}) -> {T}
  %k4 = tessera.neg %k3 : ({T}) -> {T}
  %k5 = tessera.div %k4, %c : ({T}, tensor<f32>) -> {T}
  %k6 = tessera.add %k5, %u : ({T}, {T}) -> {T}
  return %z1, %z0, %x0, %h, %p, %l, %p0, %n, %r, %e4, %sq, %s2, %p2, %l3, %rs, %rm, %rx, %rn, %at, %at2, %bp, %an, %zb, %zq, %f6, %k6, %k3 : {Z}, {Z}, {T}, {T}, {T},
    {T}, {T}, {T}, {T}, {T}, {T}, {T}, {T}, {T}, tensor<{R}xf32>, tensor<{C}xf32>, tensor<{C}xf32>,
    tensor<{R}xf32>, {T}, {T}, {T}, {W}, {Z}, {Z}, {T}, {T}, {T}
}}
"""
# %p is softmax(%y * c) with the scale fused into the softmax (vector ISAs); %p2 is the same
# softmax of c * %y unfused (the product is also returned), so p == p2 compares fused and
# unfused on one ISA; %l3 fuses a scale-first product into log_softmax. %at is an attention
# block (q k^T, scale, softmax, p v with q = %u: finite but for three NaN, subnormals, -0, rows
# far apart in scale; k = v = %w) run fused on the vector ISAs; %at2 is the same chain
# unfused (its %bp is also returned), so at == at2 compares them on one ISA; %an fuses a chain
# without a scale and with transposes (w^T w, softmax, p w^T); %zb a batched one with a
# scale-first product (%zq reads the same %zp, so that chain stays unfused). %f6 is an
# elementwise chain (mul, sub from a scalar, mul, neg, div by a scalar, add) that the vector ISAs
# fuse into one step; %k6 is the same chain split in two (its %k3 is also returned), so
# f6 == k6 compares a fused tree with a partly unfused one on one ISA.
NAMES = ["z1", "z0", "x0", "h", "p", "l", "p0", "n", "r", "e4", "sq", "s2", "p2", "l3", "rs", "rm",
         "rx", "rn", "at", "at2", "bp", "an", "zb", "zq", "f6", "k6", "k3"]


def special_inputs(rng):
    x = (rng.standard_normal((R, C)) * 2.0 ** rng.integers(-8, 8, (R, C))).astype(np.float32)
    y = rng.standard_normal((R, C)).astype(np.float32) * np.float32(4)
    for arr in (x, y):
        flat = arr.reshape(-1)
        idx = rng.choice(flat.size, 40, replace=False)
        flat[idx[:6]] = np.nan
        flat[idx[6:12]] = np.inf
        flat[idx[12:18]] = -np.inf
        flat[idx[18:26]] = np.float32(1e-41) * rng.standard_normal(8).astype(np.float32)
        flat[idx[26:32]] = np.float32(-0.0)
        flat[idx[32:]] = np.float32(0.0)
    y[3, :] = np.float32(-0.0)  # a row whose maximum is a zero (the vector max defers)
    y[4, :] = -np.inf  # an all -Inf row
    y[5, :7] = np.nan  # NaN early in a row
    z = rng.standard_normal((3, 9, 70)).astype(np.float32) * np.float32(3)
    z[1, 4, 7] = np.nan
    z[2, :, 11] = -np.inf
    w = (rng.standard_normal((C, C)) / np.sqrt(C)).astype(np.float32)
    w[0, 0] = np.float32(1e-40)
    g = rng.standard_normal(C).astype(np.float32)
    u = (rng.standard_normal((R, C)) * 2.0 ** rng.integers(-6, 3, (R, 1))).astype(np.float32)
    u[7, 5] = u[20, 0] = u[50, 299] = np.nan
    u[9, :4] = np.float32(1e-41)
    u[11, 8] = np.float32(-0.0)
    return x, w, g, y, z, u


def run(interp, tmp, isa, threads):
    out = os.path.join(tmp, f"{isa}_{threads}")
    os.makedirs(out)
    env = dict(os.environ, TESSERA_ISA=isa)
    cmd = [interp, "run", os.path.join(tmp, "p.mlir"), "--output-dir", out, "--threads",
           str(threads)] + [a for n in "xwgyzu" for a in ("--input", f"{n}={tmp}/{n}.npy")]
    subprocess.run(cmd, check=True, env=env)
    return {n: np.load(os.path.join(out, f"{n}.npy")) for n in NAMES}


def softmax64(v, axis):
    m = v.max(axis=axis, keepdims=True)
    e = np.exp(v - m)
    return e / e.sum(axis=axis, keepdims=True)


def check_oracle(res, x, w, g, y):
    """The reference run against numpy float64 on the rows with finite values."""
    x64, w64, g64, y64 = (a.astype(np.float64) for a in (x, w, g, y))
    fin = np.isfinite(y).all(axis=1)
    fin_x = np.isfinite(x).all(axis=1)
    checks = []
    a = x64 @ w64 + g64
    gelu = a / (1 + np.exp(-2 * 0.7978845608028654 * (a + 0.044715 * a ** 3)))
    checks.append(("h", fin_x, gelu, 1e-4))
    checks.append(("p", fin, softmax64(y64 * 0.125, 1), 1e-5))
    lsm = y64 - y64.max(axis=1, keepdims=True)
    checks.append(("l", fin, lsm - np.log(np.exp(lsm).sum(axis=1, keepdims=True)), 1e-4))
    mu = y64.mean(axis=1, keepdims=True)
    ln = (y64 - mu) / np.sqrt(((y64 - mu) ** 2).mean(axis=1, keepdims=True) + 1e-5) * g64 + g64
    checks.append(("n", fin, ln, 1e-3))
    rms = y64 / np.sqrt((y64 ** 2).mean(axis=1, keepdims=True) + 1e-5) * g64
    checks.append(("r", fin, rms, 1e-3))
    checks.append(("e4", fin & fin_x, 2 * np.tanh(y64 - x64) * y64, 1e-5))
    checks.append(("sq", fin, y64 @ w64.T, 1e-3))
    checks.append(("rs", fin, y64.sum(axis=1), 1e-4))
    # The chain in numpy float32: one IEEE f32 operation per step, as the spec rounds.
    c = np.float32(0.125)
    f6 = -(x * (c - y * y)) / c + res["u_in"]
    same = (res["f6"].view(np.uint32) == f6.view(np.uint32)) | (np.isnan(f6) & np.isnan(res["f6"]))
    if not same.all():
        sys.exit("f6: the scalar reference differs from numpy float32")
    z64 = res["z_in"].astype(np.float64)
    zf = np.isfinite(z64).all(axis=1, keepdims=True) & np.ones_like(z64, bool)
    want = softmax64(z64, 1)
    if not np.allclose(res["z1"][zf], want[zf], rtol=1e-5, atol=1e-6):
        sys.exit("z1: the scalar reference disagrees with numpy")
    lx = x64 * 0.125 - (x64 * 0.125).max(axis=1, keepdims=True)
    checks.append(("l3", fin_x, lx - np.log(np.exp(lx).sum(axis=1, keepdims=True)), 1e-4))
    u64 = res["u_in"].astype(np.float64)
    fin_u = np.isfinite(u64).all(axis=1)
    checks.append(("at", fin_u, softmax64(u64 @ w64.T * 0.125, 1) @ w64, 1e-5))
    wn = w64.T @ w64
    checks.append(("an", np.ones(C, bool), softmax64(wn, 1) @ w64.T, 1e-5))
    for name, rows, want, tol in checks:
        got = res[name][rows].astype(np.float64)
        ok = np.isfinite(want[rows])
        if not np.allclose(got[ok], want[rows][ok], rtol=tol, atol=tol):
            sys.exit(f"{name}: the scalar reference disagrees with numpy")
    # The special rows: NaN propagates through the softmax row; an all -Inf row is NaN.
    if not np.isnan(res["p"][5]).all() or not np.isnan(res["p"][4]).all():
        sys.exit("softmax of a row holding NaN / all -Inf is not all NaN")


def main():
    interp = sys.argv[1]
    rng = np.random.default_rng(2024)
    with tempfile.TemporaryDirectory() as tmp:
        with open(os.path.join(tmp, "p.mlir"), "w") as f:
            f.write(PROGRAM)
        x, w, g, y, z, u = special_inputs(rng)
        for n, arr in zip("xwgyzu", (x, w, g, y, z, u)):
            np.save(os.path.join(tmp, f"{n}.npy"), arr)
        ref = run(interp, tmp, "scalar", 1)
        ref_checked = dict(ref, z_in=z, u_in=u)
        with np.errstate(all="ignore"):
            check_oracle(ref_checked, x, w, g, y)
        isas = ["scalar", "avx2"]
        if "avx512f" in open("/proc/cpuinfo").read():
            isas.append("avx512")
        else:
            print("note: this CPU has no AVX-512F; the avx512 paths are not exercised")
        for isa in isas:
            for threads in (1, 2):
                if (isa, threads) == ("scalar", 1):
                    continue
                got = run(interp, tmp, isa, threads)
                bad = [n for n in NAMES if got[n].tobytes() != ref[n].tobytes()]
                if got["p"].tobytes() != got["p2"].tobytes():
                    bad.append("p (fused) vs p2 (unfused)")
                if got["at"].tobytes() != got["at2"].tobytes():
                    bad.append("at (fused) vs at2 (unfused)")
                if got["zb"].tobytes() != got["zq"].tobytes():
                    bad.append("zb (fused) vs zq (unfused)")
                if got["f6"].tobytes() != got["k6"].tobytes():
                    bad.append("f6 (fused) vs k6 (partly unfused)")
                if bad:
                    sys.exit(f"TESSERA_ISA={isa} --threads {threads}: {bad} differ from the "
                             f"scalar reference")
        env = dict(os.environ, TESSERA_ISA="sse9")
        r = subprocess.run([interp, "run", os.path.join(tmp, "p.mlir")] +
                           [a for n in "xwgyzu" for a in ("--input", f"{n}={tmp}/{n}.npy")],
                           env=env, capture_output=True, text=True)
        if r.returncode == 0 or r.returncode < 0 or "TESSERA_ISA=sse9" not in r.stderr:
            sys.exit(f"bad TESSERA_ISA: rc={r.returncode} stderr={r.stderr!r}")
    print(f"fast paths bit-identical to the reference on {', '.join(isas)} x 1, 2 threads")


if __name__ == "__main__":
    main()
