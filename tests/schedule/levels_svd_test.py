"""tessera.svd lowered to Tile and Target IR (one scalar kernel per matrix, its f64 work in shared
memory): every level bit-exact with an oracle that runs the spec's steps (docs/ops/graph/linalg.md,
"svd") on Python floats (IEEE f64, one rounding per operation, no fused multiply-add; math.sqrt is
correctly rounded, as tile.sqrt is), the oracle itself checked against numpy.linalg.svd to a
tolerance. Covers tall, wide (the transposed path), batched, rank-deficient (the Gram-Schmidt
completion of u), f32 and f64 inputs, and NaN singular values, which the spec orders after every
number, ties in column order.

Usage: levels_svd_test.py TESSERA_INTERP
"""
import math
import pathlib
import sys
import tempfile

import numpy as np

from levels_common import check, check_case, check_validates

EPS = 2.0 ** -52


def col_dot(w, p, q):
    s = 0.0
    for row in w:
        s = s + row[p] * row[q]
    return s


def rotate(x, p, q, c, s):
    for row in x:
        a, b = row[p], row[q]
        row[p] = c * a - s * b
        row[q] = s * a + c * b


def jacobi(w, n):
    v = [[1.0 if i == j else 0.0 for j in range(n)] for i in range(n)]
    for _ in range(60):
        rotated = False
        for p in range(n - 1):
            for q in range(p + 1, n):
                alpha, beta, gamma = col_dot(w, p, p), col_dot(w, q, q), col_dot(w, p, q)
                if not abs(gamma) > EPS * math.sqrt(alpha) * math.sqrt(beta):
                    continue
                rotated = True
                zeta = (beta - alpha) / (2.0 * gamma)
                t = (1.0 if zeta >= 0 else -1.0) / (abs(zeta) + math.sqrt(1.0 + zeta * zeta))
                c = 1.0 / math.sqrt(1.0 + t * t)
                rotate(w, p, q, c, c * t)
                rotate(v, p, q, c, c * t)
        if not rotated:
            break
    return v


def sqrt(x):
    return math.nan if math.isnan(x) else math.sqrt(x)


def left_vectors(w, s, order, m, k):
    left = [[0.0] * k for _ in range(m)]
    filled = [False] * k
    tol = s[order[0]] * EPS * float(m)
    for r, j in enumerate(order):
        if s[j] > tol:
            for i in range(m):
                left[i][r] = w[i][j] / s[j]
            filled[r] = True
    for r in range(k):
        if filled[r]:
            continue
        best_norm, best = 0.0, None
        for e in range(m):
            x = [1.0 if i == e else 0.0 for i in range(m)]
            for _ in range(2):
                for q in range(k):
                    if not filled[q]:
                        continue
                    dot = 0.0
                    for i in range(m):
                        dot = dot + left[i][q] * x[i]
                    for i in range(m):
                        x[i] = x[i] - dot * left[i][q]
            norm = 0.0
            for i in range(m):
                norm = norm + x[i] * x[i]
            norm = sqrt(norm)
            if norm > best_norm:
                best_norm, best = norm, list(x)
        if not best_norm > 0:
            continue
        for i in range(m):
            left[i][r] = best[i] / best_norm
        filled[r] = True
    return left


def svd_model(a):
    """u, s, vt of each matrix of `a` by the spec's steps, rounded once to a's type."""
    m0, n0 = a.shape[-2:]
    tr = m0 < n0
    m, n = (n0, m0) if tr else (m0, n0)
    k = n
    us, ss, vts = [], [], []
    for x in a.reshape(-1, m0, n0):
        xd = x.astype(np.float64)
        w = [[float(xd[j, i] if tr else xd[i, j]) for j in range(n)] for i in range(m)]
        v = jacobi(w, n)
        s = [sqrt(col_dot(w, j, j)) for j in range(n)]
        # decreasing, NaN after every number, ties in column order (a stable sort)
        order = sorted(range(n), key=lambda j: (math.isnan(s[j]), -s[j] if not math.isnan(s[j])
                                                 else 0.0, j))
        left = left_vectors(w, s, order, m, k)
        u = np.zeros((m0, k))
        vt = np.zeros((k, n0))
        for r, j in enumerate(order):
            for i in range(m):
                if tr:
                    vt[r, i] = left[i][r]
                else:
                    u[i, r] = left[i][r]
            for i in range(n):
                if tr:
                    u[i, r] = v[i][j]
                else:
                    vt[r, i] = v[i][j]
        us.append(u)
        ss.append([s[j] for j in order])
        vts.append(vt)
    lead = a.shape[:-2]
    t = a.dtype
    return (np.array(us).astype(t).reshape(*lead, m0, k), np.array(ss).astype(t).reshape(*lead, k),
            np.array(vts).astype(t).reshape(*lead, k, n0))


def tt(a):
    return "tensor<" + "x".join(str(d) for d in a.shape) + "x" + \
        {np.float32: "f32", np.float64: "f64"}[a.dtype.type] + ">"


def program(a, outs):
    res = ", ".join(tt(o) for o in outs)
    return (f"module {{\n  func.func @main(%a0: {tt(a)}) -> ({res}) {{\n"
            f'    %r:3 = "tessera.svd"(%a0) : ({tt(a)}) -> ({res})\n'
            f"    return %r#0, %r#1, %r#2 : {res}\n  }}\n}}\n")


def case(d, name, a, finite=True):
    want = svd_model(a)
    if finite:  # the oracle is an SVD: numpy's singular values and the reconstruction
        tol = 1e-5 if a.dtype == np.float32 else 1e-12
        ref = np.linalg.svd(a.astype(np.float64), compute_uv=False)
        check(np.allclose(want[1], ref, rtol=tol, atol=tol * np.abs(ref).max()),
              f"{name}: the model's s {want[1]} against numpy's {ref}")
        u, s, vt = (x.astype(np.float64) for x in want)
        back = np.einsum("...ik,...k,...kj->...ij", u, s, vt)
        check(np.allclose(back, a, atol=tol * 10 * max(1.0, np.abs(a).max())),
              f"{name}: u diag(s) vt is not a")
    src, flags = check_case(d, name, program(a, want), [a], list(want))
    check_validates(name, src, flags)


def main():
    rng = np.random.default_rng(41)
    with tempfile.TemporaryDirectory() as tmp:
        d = pathlib.Path(tmp)
        case(d, "tall5x3_f32", rng.standard_normal((5, 3)).astype(np.float32))
        case(d, "wide3x4_f64", rng.standard_normal((3, 4)))
        case(d, "batch2x3x3_f32", rng.standard_normal((2, 3, 3)).astype(np.float32))
        # rank 2 of 4: two zero singular values, u completed by Gram-Schmidt
        b = rng.standard_normal((4, 2))
        case(d, "rank2_4x4_f64", b @ rng.standard_normal((2, 4)))
        case(d, "zeros3x2_f32", np.zeros((3, 2), np.float32))
        # a NaN column: its singular value is NaN and goes last; the other columns never rotate
        # with it (gamma is NaN), so their values are numbers
        x = rng.standard_normal((4, 3))
        x[1, 0] = np.nan
        want = svd_model(x)
        check(np.isnan(want[1][-1]) and not np.isnan(want[1][:-1]).any(),
              f"nan column: the model's order {want[1]}")
        case(d, "nan_column_4x3_f64", x, finite=False)
        y = rng.standard_normal((2, 5)).astype(np.float32)  # transposed path, NaN in row 0
        y[0, 3] = np.nan
        case(d, "nan_row_2x5_f32", y, finite=False)
    from levels_common import finish
    finish()


if __name__ == "__main__":
    main()
