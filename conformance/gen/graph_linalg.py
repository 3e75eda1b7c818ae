#!/usr/bin/env python3
"""Generator: cholesky, svd and spmm case files (docs/ops/graph/linalg.md).

Oracles, independent of the interpreter:
- cholesky: the spec's row-by-row loop in numpy scalars of the element type (`bitexact`) and
  numpy.linalg.cholesky in float64 (tolerance);
- svd: singular vectors are unique only up to sign, so the cases check the singular values
  against numpy.linalg.svd in float64 (tolerance); the reconstruction and orthogonality checks
  live in tests/graph_prims/test_linalg.py;
- spmm: the float32 FMA chain over the stored entries (graph_matmul.py's `fma32`, `bitexact`)
  and the float64 dense product (tolerance).
"""
import os
import sys

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from casefile import REPO_ROOT, CaseFile, mlir_type, op_module, round_f64_to  # noqa: E402
from graph_matmul import fma32  # noqa: E402


def dt(a):
    return mlir_type(a)[7:-1].split("x")[-1]


def cholesky_model(a):
    t = a.dtype.type
    out = np.zeros_like(a)
    for b in np.ndindex(*a.shape[:-2]):
        x, lo = a[b], out[b]
        n = x.shape[0]
        with np.errstate(all="ignore"):
            for i in range(n):
                for j in range(i + 1):
                    s = x[i, j]
                    for k in range(j):
                        s = t(s - t(lo[i, k] * lo[j, k]))
                    lo[i, j] = np.sqrt(s) if i == j else t(s / lo[j, j])
    return out


def tri_solve_model(m, b, lower=True, trans=False, unit=False):
    """tri_solve's spec loop in numpy scalars of the element type (docs/ops/graph/linalg.md)."""
    t = m.dtype.type
    x = b.copy()
    for bi in np.ndindex(*m.shape[:-2]):
        mm = m[bi].T if trans else m[bi]
        xb = x[bi]
        n, k = xb.shape
        forward = lower != trans
        for step in range(n):
            i = step if forward else n - 1 - step
            js = range(i) if forward else range(i + 1, n)
            for c in range(k):
                s = xb[i, c]
                for j in js:
                    s = t(s - t(mm[i, j] * xb[j, c]))
                xb[i, c] = s if unit else t(s / mm[i, i])
    return x


def cholesky_solve_model(a, b):
    """cholesky_solve: the cholesky loop, then L Y = B and Lᵀ X = Y by tri_solve's loop."""
    lo = cholesky_model(a)
    return tri_solve_model(lo, tri_solve_model(lo, b), trans=True)


def spmm_model(vals, cols, ptr, b):
    """float32 only: acc = fma(v, b, acc) over the row's entries in storage order."""
    out = np.zeros((len(ptr) - 1, b.shape[1]), np.float32)
    for i in range(len(ptr) - 1):
        acc = np.zeros(b.shape[1], np.float32)
        for e in range(ptr[i], ptr[i + 1]):
            acc = fma32(np.full(b.shape[1], vals[e], np.float32), b[cols[e]], acc)
        out[i] = acc
    return out


def main():
    rng = np.random.default_rng(1890)
    path = os.path.join(REPO_ROOT, "conformance", "cases", "graph")
    cf = CaseFile(os.path.join(path, "cholesky.mlir"), generator=__file__,
                  header="tessera.cholesky: Cholesky-Banachiewicz, row by row.")
    for name, shape, dtype in [("spd4_f32", (4, 4), np.float32), ("batch3x6_f64", (3, 6, 6),
                                                                   np.float64)]:
        g = rng.standard_normal(shape)
        a = (g @ np.swapaxes(g, -1, -2) + shape[-1] * np.eye(shape[-1])).astype(dtype)
        want = cholesky_model(a)
        prog = op_module("tessera.cholesky", [a], want, names=["%a"])
        req = ["op=tessera.cholesky", f"dtype={dt(a)}", "level=graph"]
        cf.add_case(name, prog, [a], [want], requires=req)
        ref = round_f64_to(np.linalg.cholesky(a.astype(np.float64)), dtype)
        cf.add_case(name + "_lapack", prog, [a], [ref], requires=req,
                    rule="tol:rtol=1e-5,atol=1e-6" if dtype == np.float32 else
                    "tol:rtol=1e-12,atol=1e-13", note="numpy.linalg.cholesky in float64.")
    cf.write()

    cf = CaseFile(os.path.join(path, "svd.mlir"), generator=__file__,
                  header="tessera.svd: one-sided Jacobi; singular values against LAPACK.")
    for name, shape, dtype in [("tall6x4_f32", (6, 4), np.float32),
                               ("wide3x5_f64", (3, 5), np.float64),
                               ("batch2x4x4_f32", (2, 4, 4), np.float32)]:
        a = rng.standard_normal(shape).astype(dtype)
        m, n = shape[-2:]
        k = min(m, n)
        s = round_f64_to(np.linalg.svd(a.astype(np.float64), compute_uv=False), dtype)
        # One result: a program that returns only s (u and vt are checked by the pytest).
        b = shape[:-2]
        ts = [mlir_type(np.zeros(b + (m, k), dtype)), mlir_type(s),
              mlir_type(np.zeros(b + (k, n), dtype))]
        at = mlir_type(a)
        prog = ("module {\n"
                f"  func.func @main(%a: {at}) -> {ts[1]} {{\n"
                f'    %0:3 = "tessera.svd"(%a) : ({at}) -> ({", ".join(ts)})\n'
                f"    return %0#1 : {ts[1]}\n  }}\n}}\n")
        cf.add_case(name, prog, [a], [s],
                    rule="tol:rtol=1e-5,atol=1e-5" if dtype == np.float32 else
                    "tol:rtol=1e-12,atol=1e-12",
                    requires=["op=tessera.svd", f"dtype={dt(a)}", "level=graph"],
                    note="Singular values in decreasing order vs numpy.linalg.svd (float64).")
    cf.write()

    cf = CaseFile(os.path.join(path, "spmm.mlir"), generator=__file__,
                  header="tessera.spmm: CSR times dense, FMA chain over stored entries.")
    sp = (rng.standard_normal((6, 8)) * (rng.random((6, 8)) < 0.35)).astype(np.float32)
    sp[2] = 0
    rows, cols = np.nonzero(sp)
    vals = sp[rows, cols]
    ptr = np.searchsorted(rows, np.arange(7)).astype(np.int32)
    cols = cols.astype(np.int32)
    bm = rng.standard_normal((8, 3)).astype(np.float32)
    want = spmm_model(vals, cols, ptr, bm)
    prog = op_module("tessera.spmm", [vals, cols, ptr, bm], want,
                     names=["%values", "%cols", "%row_ptr", "%dense"])
    req = ["op=tessera.spmm", "dtype=f32", "level=graph"]
    cf.add_case("csr6x8_f32", prog, [vals, cols, ptr, bm], [want], requires=req,
                note="Row 2 is empty: +0.")
    ref = round_f64_to(sp.astype(np.float64) @ bm.astype(np.float64), np.float32)
    cf.add_case("csr6x8_f32_dense64", prog, [vals, cols, ptr, bm], [ref], requires=req,
                rule="tol:rtol=1e-5,atol=1e-6", note="The float64 dense product.")
    cf.write()
    tri_and_cholesky_solve(rng, path)


def tri_and_cholesky_solve(rng, path):
    cf = CaseFile(os.path.join(path, "tri_solve.mlir"), generator=__file__,
                  header="tessera.tri_solve: forward or back substitution, row by row.")
    for name, shape, k, dtype, attrs in [
            ("lower4x2_f32", (4, 4), 2, np.float32, {}),
            ("upper_trans_unit_batch2x5_f64", (2, 5, 5), 3, np.float64,
             {"lower": False, "trans": True, "unit_diag": True})]:
        m = (rng.standard_normal(shape) + 4 * np.eye(shape[-1])).astype(dtype)
        b = rng.standard_normal(shape[:-1] + (k,)).astype(dtype)
        want = tri_solve_model(m, b, attrs.get("lower", True), attrs.get("trans", False),
                               attrs.get("unit_diag", False))
        spell = ", ".join(f"{kk} = {str(v).lower()}" for kk, v in attrs.items())
        prog = op_module("tessera.tri_solve", [m, b], want, names=["%a", "%b"])
        if spell:
            prog = prog.replace('"tessera.tri_solve"(%a, %b)',
                                '"tessera.tri_solve"(%a, %b) {' + spell + "}")
        req = ["op=tessera.tri_solve", f"dtype={dt(m)}", "level=graph"]
        cf.add_case(name, prog, [m, b], [want], requires=req)
        tri = np.tril if attrs.get("lower", True) else np.triu
        mm = tri(m.astype(np.float64))
        if attrs.get("unit_diag"):
            idx = np.arange(shape[-1])
            mm[..., idx, idx] = 1.0
        if attrs.get("trans"):
            mm = np.swapaxes(mm, -1, -2)
        ref = round_f64_to(np.linalg.solve(mm, b.astype(np.float64)), dtype)
        cf.add_case(name + "_lapack", prog, [m, b], [ref], requires=req,
                    rule="tol:rtol=1e-5,atol=1e-6" if dtype == np.float32 else
                    "tol:rtol=1e-12,atol=1e-13", note="numpy.linalg.solve in float64.")
    cf.write()

    cf = CaseFile(os.path.join(path, "cholesky_solve.mlir"), generator=__file__,
                  header="tessera.cholesky_solve: A X = B through A's Cholesky factor.")
    for name, shape, k, dtype in [("spd4x3_f32", (4, 4), 3, np.float32),
                                  ("batch2x5x2_f64", (2, 5, 5), 2, np.float64)]:
        g = rng.standard_normal(shape)
        a = (g @ np.swapaxes(g, -1, -2) + shape[-1] * np.eye(shape[-1])).astype(dtype)
        b = rng.standard_normal(shape[:-1] + (k,)).astype(dtype)
        want = cholesky_solve_model(a, b)
        prog = op_module("tessera.cholesky_solve", [a, b], want, names=["%a", "%b"])
        req = ["op=tessera.cholesky_solve", f"dtype={dt(a)}", "level=graph"]
        cf.add_case(name, prog, [a, b], [want], requires=req)
        ref = round_f64_to(np.linalg.solve(a.astype(np.float64), b.astype(np.float64)), dtype)
        cf.add_case(name + "_lapack", prog, [a, b], [ref], requires=req,
                    rule="tol:rtol=1e-4,atol=1e-5" if dtype == np.float32 else
                    "tol:rtol=1e-11,atol=1e-12", note="numpy.linalg.solve in float64.")
    cf.write()


if __name__ == "__main__":
    main()
