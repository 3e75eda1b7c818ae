#!/usr/bin/env python3
"""The tessera.clifford ops and upstream's tessera_clifford spellings (docs/ops/graph/clifford.md)
run by tessera-interp against the numpy float64 reference of scripts/upstream_refs/gaebm.py. The
reference is first checked on hand-derived identities: e_i e_i = metric_i, e_i e_j = -e_j e_i,
the Cl(3,0) and quaternion (Cl(0,2)) tables written out by hand, associativity on random
multivectors, reverse(ab) = reverse(b) reverse(a), uv = u.v + u^v for vectors, the closed-form
exponential of a bivector and a rotation of e1 in the e12 plane.
Usage: clifford_test.py TESSERA_INTERP."""
import sys

import numpy as np

from gaebm_lib import BF16, close, func, ref, run, ty


def basis(n, k):
    e = np.zeros(1 << n)
    e[k] = 1.0
    return e


def check_reference():
    rng = np.random.default_rng(1)
    for metric in ([1, 1, 1], [1, -1, -1, -1], [-1, -1], [1, 1, 0], [1, -1, 1, 1, -1]):
        n = len(metric)
        for i in range(n):
            sq = ref.product(basis(n, 1 << i), basis(n, 1 << i), metric)
            assert np.array_equal(sq, metric[i] * basis(n, 0)), (metric, i)
            for j in range(i + 1, n):
                ij = ref.product(basis(n, 1 << i), basis(n, 1 << j), metric)
                ji = ref.product(basis(n, 1 << j), basis(n, 1 << i), metric)
                assert np.array_equal(ij, basis(n, (1 << i) | (1 << j))) and np.array_equal(ji, -ij)
        a, b, c = (rng.standard_normal((4, 1 << n)) for _ in range(3))
        lhs = ref.product(ref.product(a, b, metric), c, metric)
        rhs = ref.product(a, ref.product(b, c, metric), metric)
        assert np.max(np.abs(lhs - rhs)) < 1e-12, metric
        assert np.max(np.abs(ref.reverse(ref.product(a, b, metric)) -
                             ref.product(ref.reverse(b), ref.reverse(a), metric))) < 1e-12
        u, v = (ref.grade_project(x, [1]) for x in (a, b))
        dot = sum(metric[i] * u[:, 1 << i] * v[:, 1 << i] for i in range(n))
        inner = ref.product(u, v, metric, "inner")
        assert np.allclose(inner[:, 0], dot) and np.allclose(inner[:, 1:], 0)
        assert np.allclose(ref.product(u, v, metric), inner + ref.product(u, v, metric, "outer"))
        assert np.allclose(ref.product(u, u, metric, "outer"), 0)
    # Cl(3,0) by hand: e1e2 = e12, e2e3 = e23, e3e1 = -e13, e12e23 = e13, e123^2 = -1.
    m3 = [1, 1, 1]
    e = {name: basis(3, k) for k, name in enumerate(["1", "e1", "e2", "e12", "e3", "e13", "e23", "e123"])}
    gp = lambda x, y: ref.product(e[x], e[y], m3)  # noqa: E731
    assert np.array_equal(gp("e1", "e2"), e["e12"]) and np.array_equal(gp("e2", "e3"), e["e23"])
    assert np.array_equal(gp("e3", "e1"), -e["e13"]) and np.array_equal(gp("e12", "e23"), e["e13"])
    assert np.array_equal(gp("e123", "e123"), -e["1"])
    # Quaternions Cl(0,2): i = e1, j = e2, k = e12; ij = k, jk = i, ki = j, k^2 = -1.
    q = lambda x, y: ref.product(basis(2, x), basis(2, y), [-1, -1])  # noqa: E731
    assert np.array_equal(q(1, 2), basis(2, 3)) and np.array_equal(q(2, 3), basis(2, 1))
    assert np.array_equal(q(3, 1), basis(2, 2)) and np.array_equal(q(3, 3), -basis(2, 0))
    # exp(B) = cos|B| + sin|B| B/|B| for a Cl(3,0) bivector.
    b = ref.grade_project(rng.standard_normal((5, 8)), [2])
    nb = np.sqrt((b * b).sum(-1))
    closed = np.sin(nb)[:, None] * b / nb[:, None]
    closed[:, 0] = np.cos(nb)
    assert np.max(np.abs(ref.exp_series(b, m3, 24) - closed)) < 1e-12
    # A rotor of angle t in the e12 plane turns e1 into cos t e1 + sin t e2.
    t = 0.7
    r = ref.rotor_from_axis(e["e12"][None], t)
    rot = ref.product(ref.product(r, e["e1"][None], m3), ref.reverse(r), m3)[0]
    assert np.allclose(rot, np.cos(t) * e["e1"] + np.sin(t) * e["e2"])
    assert np.allclose(ref.exp_series(-t / 2 * e["e12"][None], m3), r)


CL30 = "p = 3 : i64, q = 0 : i64"
BINARY = ["tessera.clifford.geometric_product", "tessera.clifford.outer_product",
          "tessera.clifford.inner_product", "tessera.clifford.rotor_sandwich",
          "tessera_clifford.geo_product", "tessera_clifford.rotor_sandwich"]
ALGEBRAS = [  # attrs, attrs for the tessera_clifford spelling, blades, reference attrs
    (CL30, "algebra = [3, 0, 0]", 8, {"p": 3}),
    ("p = 1 : i64, q = 3 : i64", "algebra = [1, 3]", 16, {"p": 1, "q": 3}),
    ("p = 2 : i64, q = 1 : i64, signature = [1, -1, 1]", None, 8, {"p": 2, "q": 1, "signature": [1, -1, 1]}),
    (None, "algebra = [2, 0, 1]", 8, {"algebra": [2, 0, 1]}),
]


def check_ops(interp):
    rng = np.random.default_rng(2)
    for attrs, attrs7, nb, ra in ALGEBRAS:
        for dt, tol, shape in ((np.float32, 3e-6, (2, nb)), (np.float64, 1e-13, (2, 3, nb))):
            a, b = (rng.standard_normal(shape).astype(dt) for _ in range(2))
            for op in BINARY:
                at = attrs7 if op.startswith("tessera_clifford") else attrs
                if at is None:
                    continue
                (got,) = run(interp, func(op, {"a": a, "b": b}, at, ty(a)), {"a": a, "b": b}, ["r"])
                close(got, ref.REFS[op]([a, b], ra)[0], tol, f"{op} {at} {dt.__name__}")
            if attrs is None:
                continue
            for op, extra, want in (
                    ("tessera.clifford.reverse", "", ref.reverse(a)),
                    ("tessera.clifford.grade_project", ", grade_mask = [0 : i64, 2 : i64]",
                     ref.grade_project(a, [0, 2])),
                    ("tessera.clifford.rotor_sandwich", ", grade_mask = [1 : i64]",
                     ref.REFS["tessera.clifford.rotor_sandwich"]([a, b], {**ra, "grade_mask": [1]})[0])):
                ops = {"a": a, "b": b} if "sandwich" in op else {"a": a}
                (got,) = run(interp, func(op, ops, attrs + extra, ty(a)), ops, ["r"])
                close(got, want, tol, f"{op}{extra} {attrs}")
            norm_ty = ty(np.zeros(shape[:-1], dt))
            (got,) = run(interp, func("tessera.clifford.norm", {"a": a}, attrs, norm_ty), {"a": a}, ["r"])
            close(got, ref.norm(a, ref.metric_of(ra)), tol, f"norm {attrs}")
            (got,) = run(interp, func("tessera.clifford.norm", {"a": a}, attrs, ty(a)), {"a": a}, ["r"])
            close(got, ref.norm(a, ref.metric_of(ra), keep=True), tol, f"norm (kept axis) {attrs}")
    # Upstream's phase-7 unary spellings in Cl(3,0).
    x = (0.5 * rng.standard_normal((8, 8))).astype(np.float32)
    for op, at, want in (
            ("tessera_clifford.grade", "algebra = [3, 0, 0], grades = [2], dtype = \"f32\"", ref.grade_project(x, [2])),
            ("tessera_clifford.exp", "algebra = [3, 0, 0], terms = 24 : i64", ref.exp_series(x, [1, 1, 1], 24)),
            ("tessera_clifford.exp", "algebra = [3, 0, 0], terms = 3 : i64", ref.exp_series(x, [1, 1, 1], 3)),
            ("tessera_clifford.rotor_from_axis", "algebra = [3, 0, 0], angle = 0.78539816339744828 : f64",
             ref.rotor_from_axis(x.astype(np.float64), 0.78539816339744828))):
        (got,) = run(interp, func(op, {"a": x}, at, ty(x)), {"a": x}, ["r"])
        close(got, want, 3e-6, f"{op} {at}")
    (got,) = run(interp, func("tessera_clifford.inner", {"a": x, "b": x}, "algebra = [3, 0, 0]", "tensor<8xf32>"),
                 {"a": x, "b": x}, ["r"])
    close(got, ref.scalar_product(x, x, [1, 1, 1]), 3e-6, "tessera_clifford.inner")
    # A zero axis gives the identity rotor.
    z = np.zeros((1, 8), np.float32)
    (got,) = run(interp, func("tessera_clifford.rotor_from_axis", {"a": z}, "algebra = [3, 0, 0], angle = 1.0 : f64",
                              ty(z)), {"a": z}, ["r"])
    assert np.array_equal(got, basis(3, 0)[None].astype(np.float32)), got


def check_forms_threads_bf16(interp):
    rng = np.random.default_rng(3)
    a, b = (rng.standard_normal((2, 8)).astype(np.float32) for _ in range(2))
    t = ty(a)
    # Upstream's custom (pretty) form, written here.
    src = (f"func.func @main(%a: {t}, %b: {t}) -> ({t}, tensor<2xf32>) {{\n"
           f"  %gp = tessera.clifford.geometric_product %a, %b {{p = 3 : i64, q = 0 : i64, "
           f'coefficient_layout = "blade_last", signature = [1 : i64, 1 : i64, 1 : i64]}} : ({t}, {t}) -> {t}\n'
           f"  %r = tessera.clifford.reverse %gp {{p = 3 : i64, q = 0 : i64}} : ({t}) -> {t}\n"
           f"  %pr = tessera.clifford.grade_project %r {{p = 3 : i64, q = 0 : i64, grade_mask = [1 : i64, 2 : i64]}} : ({t}) -> {t}\n"
           f"  %n = tessera.clifford.norm %pr {{p = 3 : i64, q = 0 : i64}} : ({t}) -> tensor<2xf32>\n"
           f"  %rot = tessera.clifford.rotor_sandwich %pr, %a {{p = 3 : i64, q = 0 : i64, grade_mask = [1 : i64]}} : ({t}, {t}) -> {t}\n"
           f"  return %rot, %n : {t}, tensor<2xf32>\n}}\n")
    m = [1, 1, 1]
    pr = ref.grade_project(ref.reverse(ref.product(a, b, m)), [1, 2])
    want_rot = ref.grade_project(ref.product(ref.product(pr, a, m), ref.reverse(pr), m), [1])
    rot, n = run(interp, src, {"a": a, "b": b}, ["rot", "n"])
    close(rot, want_rot, 1e-5, "custom form rotor_sandwich")
    close(n, ref.norm(pr, m), 3e-6, "custom form norm")
    # Any thread count gives the same bits.
    big_a, big_b = (rng.standard_normal((257, 16)).astype(np.float32) for _ in range(2))
    prog = func("tessera.clifford.geometric_product", {"a": big_a, "b": big_b}, "p = 1 : i64, q = 3 : i64", ty(big_a))
    (one,) = run(interp, prog, {"a": big_a, "b": big_b}, ["r"], threads=1)
    (four,) = run(interp, prog, {"a": big_a, "b": big_b}, ["r"], threads=4)
    assert one.tobytes() == four.tobytes()
    close(one, ref.product(big_a, big_b, [1, -1, -1, -1]), 3e-6, "Cl(1,3) 257 rows")
    # bf16 operands are widened and the result rounded once to bf16.
    ha, hb = a.astype(BF16), b.astype(BF16)
    (got,) = run(interp, func("tessera.clifford.geometric_product", {"a": ha, "b": hb}, CL30, ty(ha)),
                 {"a": ha, "b": hb}, ["r"])
    want = ref.product(ha.astype(np.float64), hb.astype(np.float64), m).astype(np.float32).astype(BF16)
    close(got.astype(np.float32), want.astype(np.float32), 8e-3, "bf16 geometric product")
    # Empty batch: an empty result.
    e = np.zeros((0, 8), np.float32)
    (got,) = run(interp, func("tessera.clifford.geometric_product", {"a": e, "b": e}, CL30, ty(e)), {"a": e, "b": e}, ["r"])
    assert got.shape == (0, 8)
    # A dynamic coefficient axis is checked again at run time (clifford_c4).
    src = ('func.func @main(%a: tensor<?x?xf32>) -> tensor<?x?xf32> {\n'
           '  %r = "tessera.clifford.reverse"(%a) {p = 3 : i64} : (tensor<?x?xf32>) -> tensor<?x?xf32>\n'
           '  return %r : tensor<?x?xf32>\n}\n')
    err = run(interp, src, {"a": np.ones((2, 7), np.float32)}, [], expect_fail=True)
    assert "input coefficient axis must equal 2^(p+q) = 8 blades, got tensor<2x7xf32> (clifford_c4)" in err, err


def main():
    interp = sys.argv[1]
    check_reference()
    check_ops(interp)
    check_forms_threads_bf16(interp)
    print("clifford: ok")


if __name__ == "__main__":
    main()
