#!/usr/bin/env python3
"""tessera.qr and tessera.lu (docs/ops/graph/qr_lu.md) run by tessera-interp: QR against
numpy.linalg.qr with R's diagonal made non-negative (the spec's sign convention), plus
reconstruction and orthogonality; LU against a float64 numpy replay of partial pivoting (first
largest pivot) and against reconstruction P A = L U; the pivots exactly, with a tie; batches,
f64, dynamic dims, 1 vs 4 threads bit for bit, and run-time refusals. Usage: qr_lu_test.py
TESSERA_INTERP."""
import sys

import numpy as np

from train_harness import Runner, check, ty

RNG = np.random.default_rng(20)


def src(op, in_t, outs):
    res = ", ".join(outs)
    return (f"func.func @f(%a: {in_t}) -> ({res}) {{\n"
            f"  %r0, %r1 = {op} %a : ({in_t}) -> ({res})\n  return %r0, %r1 : {res}\n}}\n")


def qr_want(a):
    q, r = np.linalg.qr(np.asarray(a, np.float64))
    s = np.where(np.diagonal(r, axis1=-2, axis2=-1) < 0, -1.0, 1.0)
    return q * s[..., None, :], r * s[..., :, None]


def lu_replay(a):
    x = np.asarray(a, np.float64).copy()
    n = x.shape[0]
    piv = np.zeros(n, np.int32)
    for k in range(n):
        p = k + int(np.argmax(np.abs(x[k:, k])))  # argmax: the first of equal maxima
        piv[k] = p
        x[[k, p]] = x[[p, k]]
        if x[k, k] != 0:
            x[k + 1:, k] /= x[k, k]
            x[k + 1:, k + 1:] -= np.outer(x[k + 1:, k], x[k, k + 1:])
    return x, piv


def lu_reconstruct(packed, piv, a):
    n = a.shape[0]
    low = np.tril(packed, -1) + np.eye(n)
    up = np.triu(packed)
    pa = np.asarray(a, np.float64).copy()
    for k in range(n):
        pa[[k, piv[k]]] = pa[[piv[k], k]]
    return pa, low @ up


def main():
    r = Runner(sys.argv[1])
    for shape, dt, tol in (((6, 4), "f32", 2e-5), ((5, 5), "f64", 1e-12), ((3, 7, 3), "f32", 2e-5),
                           ((9, 1), "f64", 1e-12)):
        npdt = np.float32 if dt == "f32" else np.float64
        a = RNG.standard_normal(shape).astype(npdt)
        m, n = shape[-2], shape[-1]
        rshape = shape[:-2] + (n, n)
        q, rr = r.run_det(src("tessera.qr", ty(shape, dt), [ty(shape, dt), ty(rshape, dt)]), [a])
        wq, wr = qr_want(a)
        check(f"qr {shape} {dt} Q", q, wq, tol, tol)
        check(f"qr {shape} {dt} R", rr, wr, tol, tol)
        check(f"qr {shape} {dt} QR = A", np.asarray(q, np.float64) @ rr, a, tol, tol)
        check(f"qr {shape} {dt} QtQ = I", np.swapaxes(q, -1, -2).astype(np.float64) @ q,
              np.broadcast_to(np.eye(n), rshape), tol, tol)
        if np.any(np.tril(rr, -1)) or np.any(np.diagonal(rr, axis1=-2, axis2=-1) < 0):
            sys.exit(f"FAIL qr {shape}: R is not upper triangular with a diagonal >= 0")
    # a rank-deficient column (zeros): no reflection, R's diagonal 0
    a = RNG.standard_normal((5, 3))
    a[:, 1] = 0.0
    q, rr = r.run(src("tessera.qr", ty((5, 3), "f64"), [ty((5, 3), "f64"), ty((3, 3), "f64")]), [a])
    check("qr zero column QR = A", q @ rr, a, 1e-12, 1e-12)
    # dynamic dims
    a = RNG.standard_normal((7, 3)).astype(np.float32)
    q, rr = r.run(src("tessera.qr", "tensor<?x?xf32>", ["tensor<?x?xf32>", "tensor<?x?xf32>"]), [a])
    check("qr dynamic Q", q, qr_want(a)[0], 2e-5, 2e-5)
    r.run(src("tessera.qr", "tensor<?x?xf32>", ["tensor<?x?xf32>", "tensor<?x?xf32>"]),
          [a.T.copy()], expect_error="(qr_c2)")
    # LU
    for n, dt, tol in ((4, "f32", 2e-5), (6, "f64", 1e-12), (1, "f64", 0)):
        npdt = np.float32 if dt == "f32" else np.float64
        a = RNG.standard_normal((n, n)).astype(npdt)
        packed, piv = r.run_det(src("tessera.lu", ty((n, n), dt), [ty((n, n), dt), ty((n,), "i32")]), [a])
        wp, wpiv = lu_replay(a)
        if piv.dtype != np.int32 or not np.array_equal(piv, wpiv):
            sys.exit(f"FAIL lu {n}: pivots {piv} ({piv.dtype}), want {wpiv}")
        check(f"lu {n} {dt} packed", packed, wp, tol, tol)
        pa, lu = lu_reconstruct(np.asarray(packed, np.float64), piv, a)
        check(f"lu {n} {dt} PA = LU", lu, pa, max(tol, 1e-15) * 10, max(tol, 1e-15) * 10)
    # ties: equal magnitudes pick the first row; a zero column skips elimination
    a = np.array([[1.0, 2.0, 0.0], [-1.0, 1.0, 3.0], [1.0, 0.0, 1.0]])
    packed, piv = r.run(src("tessera.lu", ty((3, 3), "f64"), [ty((3, 3), "f64"), ty((3,), "i32")]), [a])
    wp, wpiv = lu_replay(a)
    if list(piv) != list(wpiv) or wpiv[0] != 0:
        sys.exit(f"FAIL lu tie: pivots {piv}, want {wpiv}")
    check("lu tie packed", packed, wp, 1e-15, 0)
    z = np.array([[0.0, 1.0], [0.0, 2.0]])
    packed, piv = r.run(src("tessera.lu", ty((2, 2), "f64"), [ty((2, 2), "f64"), ty((2,), "i32")]), [z])
    check("lu singular packed", packed, lu_replay(z)[0], 0, 0)
    # batched
    a = RNG.standard_normal((3, 4, 4))
    packed, piv = r.run_det(src("tessera.lu", ty((3, 4, 4), "f64"), [ty((3, 4, 4), "f64"), ty((3, 4), "i32")]), [a])
    for b in range(3):
        wp, wpiv = lu_replay(a[b])
        if not np.array_equal(piv[b], wpiv):
            sys.exit(f"FAIL lu batch {b}: pivots")
        check(f"lu batch {b}", packed[b], wp, 1e-12, 1e-12)
    r.run(src("tessera.lu", "tensor<?x?xf32>", ["tensor<?x?xf32>", "tensor<?xi32>"]),
          [RNG.standard_normal((3, 2)).astype(np.float32)], expect_error="(lu_c2)")


if __name__ == "__main__":
    main()
