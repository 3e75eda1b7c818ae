"""tessera.abs, tri_solve, cholesky, cholesky_solve, lu, qr, spmm, fft, ifft and fft2d lowered to
Tile and Target IR (scalar kernels, one group per matrix, row or transform): every level
bit-exact with an oracle that runs the spec's loops (docs/ops/graph/linalg.md, qr_lu.md, fft.md)
on numpy float32 / float64 scalars (one IEEE rounding per operation, no fused multiply-add; the
twiddles are Python's math.cos/math.sin of the spec's angle; cholesky, tri_solve, cholesky_solve
and spmm's f32 fma chain are the conformance generator's models, conformance/gen/graph_linalg.py),
checked against numpy.linalg / numpy.fft / a dense product to a tolerance so the oracle itself is
the right answer. abs is numpy.abs bit for bit. Bad spmm indices fail at every level; f64 spmm
is checked against exact fractions rounded once per fma (svd: levels_svd_test.py).

Usage: levels_linalg_test.py TESSERA_INTERP
"""
import math
import pathlib
from fractions import Fraction
import sys
import tempfile

import ml_dtypes
import numpy as np

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[2] / "conformance" / "gen"))
# The conformance generator's spec-loop models (numpy scalars of the element type; spmm: the
# float32 fma chain of graph_matmul.fma32).
from graph_linalg import (cholesky_model, cholesky_solve_model, spmm_model,  # noqa: E402
                          tri_solve_model)

from levels_common import (check, check_case, check_validates, finish,
                           run_proc, t)

NAMES = {np.float32: "f32", np.float64: "f64", ml_dtypes.bfloat16: "bf16", np.int32: "i32",
         np.int64: "i64", np.uint8: "ui8"}


def tt(a):
    return t(a.shape, NAMES[a.dtype.type])


def program(op, ins, outs, attrs):
    args = ", ".join(f"%a{i}: {tt(a)}" for i, a in enumerate(ins))
    names = ", ".join(f"%a{i}" for i in range(len(ins)))
    res = ", ".join(tt(o) for o in outs)
    res = res if len(outs) == 1 else f"({res})"
    lhs = "%r" if len(outs) == 1 else f"%r:{len(outs)}"
    rets = ", ".join("%r" if len(outs) == 1 else f"%r#{i}" for i in range(len(outs)))
    return (f"module {{\n  func.func @main({args}) -> {res} {{\n"
            f'    {lhs} = "tessera.{op}"({names}){attrs} : ({", ".join(tt(a) for a in ins)})'
            f" -> {res}\n    return {rets} : {res.strip('()')}\n  }}\n}}\n")


def case(d, name, op, ins, want, attrs=""):
    _, flags = check_case(d, name, program(op, ins, want, attrs), ins, want)
    check_validates(name, d / f"{name}.mlir", flags)


# ---- oracles: the spec's loops on numpy scalars of the element type ----

def csr_dense(vals, cols, ptr, k):
    a = np.zeros((len(ptr) - 1, k))
    for i in range(len(ptr) - 1):
        for e in range(int(ptr[i]), int(ptr[i + 1])):
            a[i, int(cols[e])] += vals[e]
    return a


def batched(f, *xs):
    lead = xs[0].shape[:-2]
    outs = [f(*[x.reshape(-1, *x.shape[-2:])[i] for x in xs]) for i in range(int(np.prod(lead)))]
    if isinstance(outs[0], tuple):
        return tuple(np.stack([o[k] for o in outs]).reshape(*lead, *outs[0][k].shape)
                     for k in range(len(outs[0])))
    return np.stack(outs).reshape(*lead, *outs[0].shape)


def lu_one(a):
    lu, n, ty = a.copy(), a.shape[0], a.dtype.type
    piv = np.zeros(n, np.int32)
    for k in range(n):
        p, best = k, abs(lu[k, k])
        for i in range(k + 1, n):
            v = abs(lu[i, k])
            if v > best or (np.isnan(v) and not np.isnan(best)):
                best, p = v, i
        piv[k] = p
        lu[[k, p]] = lu[[p, k]]
        d = lu[k, k]
        if d == 0:
            continue
        for i in range(k + 1, n):
            l = ty(lu[i, k] / d)
            lu[i, k] = l
            for j in range(k + 1, n):
                lu[i, j] = ty(lu[i, j] - ty(l * lu[k, j]))
    return lu, piv


def qr_one(a):
    m, n, ty = a.shape[0], a.shape[1], a.dtype.type
    w, vs, vn = a.copy(), np.zeros_like(a), np.zeros(n, a.dtype)

    def chain(terms):
        s = terms[0]
        for x in terms[1:]:
            s = ty(s + x)
        return s

    def reflect(x, k, j, vv):
        tt_ = chain([ty(vs[i, k] * x[i, j]) for i in range(k, m)])
        f = ty(ty(ty(2) * tt_) / vv)
        for i in range(k, m):
            x[i, j] = ty(x[i, j] - ty(f * vs[i, k]))

    for k in range(n):
        nrm = np.sqrt(chain([ty(w[i, k] * w[i, k]) for i in range(k, m)]))
        if nrm == 0:
            continue
        alpha = -nrm if w[k, k] >= 0 else nrm
        vs[k:, k] = w[k:, k]
        vs[k, k] = ty(vs[k, k] - alpha)
        vv = chain([ty(vs[i, k] * vs[i, k]) for i in range(k, m)])
        if vv == 0:
            continue
        vn[k] = vv
        for j in range(k, n):
            reflect(w, k, j, vv)
    q = np.eye(m, n, dtype=a.dtype)
    for k in range(n - 1, -1, -1):
        if vn[k] != 0:
            for j in range(n):
                reflect(q, k, j, vn[k])
    r = np.triu(w[:n])
    for k in range(n):
        if r[k, k] < 0:
            r[k, k:] = -r[k, k:]
            q[:, k] = -q[:, k]
    return q, r


def dft_lines(x, sign):
    """x [..., n, 2] in f64: the spec's DFT of every line along the n axis."""
    n = x.shape[-2]
    th = [(6.283185307179586 * m) / n for m in range(n)]
    c, s = [math.cos(v) for v in th], [sign * math.sin(v) for v in th]
    out = np.empty_like(x)
    for idx in np.ndindex(*x.shape[:-2]):
        line = x[idx]
        for k in range(n):
            ar = ai = 0.0
            tw = 0
            for j in range(n):
                xr, xi = float(line[j, 0]), float(line[j, 1])
                ar = ar + (xr * c[tw] - xi * s[tw])
                ai = ai + (xr * s[tw] + xi * c[tw])
                tw = (tw + k) % n
            out[idx + (k,)] = (ar, ai)
    return out


def spectral(x, dims, inverse):
    buf = x.astype(np.float64)
    sign = 1.0 if inverse else -1.0
    buf = dft_lines(buf, sign)
    if dims == 2:  # the axis before: move it last among the complex axes and back
        buf = np.swapaxes(dft_lines(np.swapaxes(buf, -2, -3), sign), -2, -3)
    if inverse:
        buf = buf / float(x.shape[-2])
    return buf.astype(x.dtype)


def close(name, got, want, tol):
    check(np.allclose(got, want, rtol=tol, atol=tol), f"{name}: oracle differs from numpy")


def main():
    rng = np.random.default_rng(29)
    with tempfile.TemporaryDirectory() as tmp:
        d = pathlib.Path(tmp)
        # abs: specials on the f32 register-tile path, f64 and bf16 on scalar chains.
        sp = np.array([0.0, -0.0, 1.5, -2.25, np.inf, -np.inf, np.nan, -1e-45, 3e38, -7.0],
                      np.float32)
        x32 = np.concatenate([sp, rng.standard_normal(54).astype(np.float32)]).reshape(8, 8)
        case(d, "abs_f32", "abs", [x32], [np.abs(x32)])
        x64 = np.concatenate([sp.astype(np.float64), rng.standard_normal(8)]).reshape(3, 6)
        case(d, "abs_f64", "abs", [x64], [np.abs(x64)])
        xb = x64.astype(ml_dtypes.bfloat16)
        case(d, "abs_bf16", "abs", [xb], [np.abs(xb)])

        def spd(shape, ty):
            a = rng.standard_normal(shape)
            return (a @ np.swapaxes(a, -1, -2) + shape[-1] * np.eye(shape[-1])).astype(ty)

        def junk(a, upper):  # the triangle the factorization must not read replaced by noise
            z = rng.standard_normal(a.shape).astype(a.dtype)
            return np.triu(a) + np.tril(z, -1) if upper else np.tril(a) + np.triu(z, 1)

        for name, s, upper in (("chol_f32", spd((5, 5), np.float32), False),
                               ("chol_f64_upper", spd((2, 3, 4, 4), np.float64), True)):
            a = junk(s, upper)
            sw = np.swapaxes  # upper: the lower factor of aᵀ, transposed (U = Lᵀ)
            want = sw(cholesky_model(sw(a, -1, -2).copy()), -1, -2).copy() if upper else \
                cholesky_model(a)
            ref = np.linalg.cholesky(s.astype(np.float64))
            close(name, want, np.swapaxes(ref, -1, -2) if upper else ref, 1e-5)
            case(d, name, "cholesky", [a], [want], " {lower = false}" if upper else "")
        for name, ty, (batch, n, k), lower, trans, unit in (
                ("tri_f32_lower", np.float32, ((), 4, 2), True, False, False),
                ("tri_f32_upper", np.float32, ((), 5, 3), False, False, False),
                ("tri_f64_trans_unit", np.float64, ((2,), 5, 3), False, True, True),
                ("tri_f64_lower_trans", np.float64, ((), 3, 1), True, True, False)):
            m = (rng.standard_normal(batch + (n, n)) + 4 * np.eye(n)).astype(ty)
            b = rng.standard_normal(batch + (n, k)).astype(ty)
            want = tri_solve_model(m, b, lower, trans, unit)
            tri = np.tril(m) if lower else np.triu(m)
            if unit:
                tri = tri.copy()
                tri[..., range(n), range(n)] = 1
            op = np.swapaxes(tri, -1, -2) if trans else tri
            close(name, want, np.linalg.solve(op.astype(np.float64), b.astype(np.float64)), 1e-4)
            case(d, name, "tri_solve", [m, b], [want],
                 f" {{lower = {str(lower).lower()}, trans = {str(trans).lower()}, "
                 f"unit_diag = {str(unit).lower()}}}")
        for name, a, b, upper in (
                ("cs_f32", spd((4, 4), np.float32), rng.standard_normal((4, 2)).astype(np.float32),
                 False),
                ("cs_f64_upper", spd((2, 5, 5), np.float64), rng.standard_normal((2, 5, 3)), True)):
            aj = junk(a, upper)
            want = cholesky_solve_model(np.swapaxes(aj, -1, -2).copy() if upper else aj, b)
            close(name, want, np.linalg.solve(a.astype(np.float64), b.astype(np.float64)), 1e-4)
            case(d, name, "cholesky_solve", [aj, b], [want], " {lower = false}" if upper else "")
        # lu: a zero pivot column (no elimination at that step), ties, and a batch of f64.
        sing = np.array([[0, 2, 1, 3], [0, 1, 4, 1], [0, -2, 1, 5], [0, 3, 3, -3]], np.float32)
        for name, a in (("lu_f32_singular", sing),
                        ("lu_f32", rng.standard_normal((5, 5)).astype(np.float32)),
                        ("lu_f64_batch", rng.standard_normal((2, 4, 4)))):
            lu, piv = batched(lu_one, a)
            case(d, name, "lu", [a], [lu, piv])
        # qr: tall f32, a batch of f64, and a zero column (no reflection at that step).
        zc = rng.standard_normal((5, 3)).astype(np.float32)
        zc[:, 1] = 0
        for name, a in (("qr_f32", rng.standard_normal((6, 4)).astype(np.float32)),
                        ("qr_f64_batch", rng.standard_normal((2, 5, 3))),
                        ("qr_f32_zero_col", zc)):
            q, r = batched(qr_one, a)
            close(name, q @ r, a, 1e-5)
            case(d, name, "qr", [a], [q, r])
        # DFTs (the oracle checked against numpy.fft).
        for name, op, ty, shape in (("fft_f32", "fft", np.float32, (3, 10, 2)),
                                    ("ifft_f64", "ifft", np.float64, (16, 2)),
                                    ("fft2d_f32", "fft2d", np.float32, (2, 4, 6, 2)),
                                    ("fft2d_f64", "fft2d", np.float64, (5, 3, 2))):
            x = rng.standard_normal(shape).astype(ty)
            dims, inverse = (2 if op == "fft2d" else 1), op == "ifft"
            want = spectral(x, dims, inverse)
            z = x[..., 0].astype(np.float64) + 1j * x[..., 1]
            ref = (np.fft.fft2(z) if dims == 2 else np.fft.ifft(z) if inverse else np.fft.fft(z))
            close(name, want, np.stack([ref.real, ref.imag], -1), 1e-4)
            case(d, name, op, [x], [want])
        # spmm (f32): the exact fma chain per output element, i32 and ui8/i64 indices, an empty
        # row; a column outside [0, K) or a broken row_ptr stops every level with an error.
        for name, ci, pi in (("spmm_i32", np.int32, np.int32), ("spmm_i64_u8", np.int64, np.uint8)):
            vals = rng.standard_normal(9).astype(np.float32)
            cols = np.array([0, 3, 1, 2, 3, 0, 1, 2, 3], ci)
            ptr = np.array([0, 2, 2, 5, 9], pi)
            dense = rng.standard_normal((4, 3)).astype(np.float32)
            want = spmm_model(vals, cols, ptr, dense)
            close(name, want, csr_dense(vals, cols, ptr, 4) @ dense.astype(np.float64), 1e-5)
            case(d, name, "spmm", [vals, cols, ptr, dense], [want])
        src = d / "spmm_i32.mlir"
        base = ["--input", f"a0={d / 'spmm_i32.in0.npy'}", "--input",
                f"a2={d / 'spmm_i32.in2.npy'}", "--input", f"a3={d / 'spmm_i32.in3.npy'}"]
        for bad, arr in (("col", np.array([0, 3, 1, 2, 4, 0, 1, 2, 3], np.int32)),
                         ("neg_col", np.array([0, 3, 1, 2, 3, 0, -1, 2, 3], np.int32))):
            np.save(d / f"bad_{bad}.npy", arr)
            for level in ("graph", "tile", "target"):
                p = run_proc("run", src, "--level", level, *base, "--input",
                             f"a1={d / f'bad_{bad}.npy'}", ok=False)
                check(p.returncode > 0 and "error:" in p.stderr, f"spmm {bad} at {level}: {p.stderr}")
        np.save(d / "good_cols.npy", np.array([0, 3, 1, 2, 3, 0, 1, 2, 3], np.int32))
        for bad, arr in (("ptr_down", [0, 3, 2, 5, 9]), ("ptr_end", [0, 2, 2, 5, 8]),
                         ("ptr_start", [1, 2, 2, 5, 9])):
            np.save(d / f"bad_{bad}.npy", np.array(arr, np.int32))
            flags = ["--input", f"a0={d / 'spmm_i32.in0.npy'}", "--input",
                     f"a1={d / 'good_cols.npy'}", "--input", f"a2={d / f'bad_{bad}.npy'}",
                     "--input", f"a3={d / 'spmm_i32.in3.npy'}"]
            for level in ("graph", "tile", "target"):
                p = run_proc("run", src, "--level", level, *flags, ok=False)
                check(p.returncode > 0 and "error:" in p.stderr, f"spmm {bad} at {level}: {p.stderr}")
        # spmm (f64): the f64 chain of tile.fma; the oracle rounds each exact a * b + acc once
        # (Fraction), and products small enough that mulf then addf would differ are included.
        vals = rng.standard_normal(9) * (1 + 2.0 ** -27)
        cols = np.array([0, 3, 1, 2, 3, 0, 1, 2, 3], np.int32)
        ptr = np.array([0, 2, 2, 5, 9], np.int32)
        dense = rng.standard_normal((4, 3)) * (1 - 2.0 ** -27)
        want = np.zeros((4, 3))
        for i in range(4):
            for j in range(3):
                acc = 0.0
                for e in range(ptr[i], ptr[i + 1]):
                    acc = float(Fraction(vals[e]) * Fraction(dense[cols[e], j]) + Fraction(acc))
                want[i, j] = acc
        close("spmm_f64", want, csr_dense(vals, cols, ptr, 4) @ dense, 1e-12)
        case(d, "spmm_f64", "spmm", [vals, cols, ptr, dense], [want])
    finish()


if __name__ == "__main__":
    main()
