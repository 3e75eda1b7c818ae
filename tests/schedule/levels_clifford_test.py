"""tessera.clifford and tessera_clifford ops lowered to scalar kernels (one group per multivector):
every level bit-exact with a Python model of docs/ops/graph/clifford.md (blade signs derived here
from the generator swaps and the metric; every product and sum in f64 Python floats in the
spec's order, rounded once by numpy), on f32 and f64 rows holding NaN, Inf and signed zeros, a
degenerate metric (0 * Inf through a null generator), and both norm result forms.

Usage: levels_clifford_test.py TESSERA_INTERP
"""
import math
import pathlib
import tempfile

import numpy as np

from levels_common import check_case, finish, t

NAMES = {np.float32: "f32", np.float64: "f64"}


def metric(p, q, r):
    return [1.0] * p + [-1.0] * q + [0.0] * r


def sign(m, a, b):
    """e_a e_b = sign e_(a^b): (-1)^(swaps sorting the generators) times the shared squares."""
    swaps = sum(bin(a >> (i + 1)).count("1") for i in range(len(m)) if b >> i & 1)
    s = -1.0 if swaps % 2 else 1.0
    for i in range(len(m)):
        if a >> i & 1 and b >> i & 1:
            s *= m[i]
    return s


def grade(a):
    return bin(a).count("1")


def rev(a):
    k = grade(a)
    return -1.0 if (k * (k - 1) // 2) % 2 else 1.0


def product(m, x, y, kind="geo"):
    nb = len(x)
    out = [0.0] * nb
    for a in range(nb):
        for b in range(nb):
            if kind == "outer" and a & b or kind == "inner" and a & ~b:
                continue
            s = sign(m, a, b)
            if s != 0:
                out[a ^ b] += s * (x[a] * y[b])
    return out


def scalar_product(m, x, y):
    s = 0.0
    for a in range(len(x)):
        s += (sign(m, a, a) * rev(a)) * (x[a] * y[a])
    return s


def rows(fn, *arrs):
    """fn over the multivectors (last axis) of the inputs, in f64, the result rounded once."""
    dt = arrs[0].dtype
    nb = arrs[0].shape[-1]
    flat = [a.astype(np.float64).reshape(-1, nb) for a in arrs]
    out = [fn(*[list(map(float, f[i])) for f in flat]) for i in range(flat[0].shape[0])]
    return np.array(out, np.float64).astype(dt)


def program(op, ins, out_shape, attrs):
    et = NAMES[ins[0].dtype.type]
    args = ", ".join(f"%a{i}: {t(a.shape, et)}" for i, a in enumerate(ins))
    types = ", ".join(t(a.shape, et) for a in ins)
    names = ", ".join(f"%a{i}" for i in range(len(ins)))
    rt = t(out_shape, et)
    return (f"module {{\n  func.func @main({args}) -> {rt} {{\n"
            f'    %r = "{op}"({names}) {{{attrs}}} : ({types}) -> {rt}\n'
            f"    return %r : {rt}\n  }}\n}}\n")


def case(d, name, op, ins, want, attrs):
    check_case(d, name, program(op, ins, want.shape, attrs), ins, [want])


def main():
    rng = np.random.default_rng(7)
    with tempfile.TemporaryDirectory() as tmp:
        d = pathlib.Path(tmp)
        e3, cl13, pga = metric(3, 0, 0), metric(1, 3, 0), metric(2, 0, 1)
        x = rng.standard_normal((3, 8)).astype(np.float32)
        y = rng.standard_normal((3, 8)).astype(np.float32)
        x[2, 1], x[2, 3], y[2, 5] = np.nan, np.inf, -0.0
        case(d, "gp_f32", "tessera.clifford.geometric_product", [x, y],
             rows(lambda a, b: product(e3, a, b), x, y), "p = 3 : i64")
        x16 = rng.standard_normal((2, 16))
        y16 = rng.standard_normal((2, 16))
        case(d, "gp_cl13_f64", "tessera.clifford.geometric_product", [x16, y16],
             rows(lambda a, b: product(cl13, a, b), x16, y16), "p = 1 : i64, q = 3 : i64")
        case(d, "outer", "tessera.clifford.outer_product", [x, y],
             rows(lambda a, b: product(e3, a, b, "outer"), x, y), "p = 3 : i64")
        case(d, "inner", "tessera.clifford.inner_product", [x, y],
             rows(lambda a, b: product(e3, a, b, "inner"), x, y), "p = 3 : i64")
        case(d, "geo_pga", "tessera_clifford.geo_product", [x, y],
             rows(lambda a, b: product(pga, a, b), x, y), "algebra = [2, 0, 1]")
        case(d, "reverse", "tessera.clifford.reverse", [x],
             rows(lambda a: [rev(i) * a[i] for i in range(8)], x), "p = 3 : i64")
        keep02 = lambda a: [a[i] if grade(i) in (0, 2) else 0.0 for i in range(8)]  # noqa: E731
        case(d, "grade_project", "tessera.clifford.grade_project", [x], rows(keep02, x),
             "p = 3 : i64, grade_mask = [0, 2]")

        def sandwich(a, b):
            o = product(e3, product(e3, a, b), [rev(i) * a[i] for i in range(8)])
            return [o[i] if grade(i) == 1 else 0.0 for i in range(8)]
        case(d, "sandwich", "tessera.clifford.rotor_sandwich", [x, y], rows(sandwich, x, y),
             "p = 3 : i64, grade_mask = [1]")
        # A null generator: its blades' 0 * (Inf * Inf) is NaN, 0 * (-finite) is -0.
        z = rng.standard_normal((3, 8))
        z[1, 4] = np.inf
        norm = lambda a: math.sqrt(max(scalar_product(pga, a, a), 0.0))  # noqa: E731
        case(d, "norm_drop_f64", "tessera.clifford.norm", [z],
             rows(lambda a: norm(a), z).reshape(3), "algebra = [2, 0, 1]")
        case(d, "norm_keep", "tessera.clifford.norm", [x],
             rows(lambda a: [math.sqrt(max(scalar_product(e3, a, a), 0.0))] + [0.0] * 7, x),
             "p = 3 : i64")
        case(d, "inner7", "tessera_clifford.inner", [x, y],
             rows(lambda a, b: scalar_product(e3, a, b), x, y).reshape(3), "algebra = [3, 0, 0]")

        def exp(a, terms=6):
            term, o = [1.0] + [0.0] * 7, [1.0] + [0.0] * 7
            for k in range(1, terms + 1):
                nxt = product(e3, term, a)
                for i in range(8):
                    term[i] = nxt[i] / k
                    o[i] += term[i]
            return o
        case(d, "exp7", "tessera_clifford.exp", [x], rows(exp, x),
             "algebra = [3, 0, 0], terms = 6 : i64")

        def rotor(a, angle=1.25):
            half = 0.5 * angle
            n2 = 0.0
            for i in range(8):
                if grade(i) == 2:
                    n2 += a[i] * a[i]
            nrm = math.sqrt(n2)
            if nrm == 0.0:
                return [1.0] + [0.0] * 7
            s = math.sin(half) / nrm
            return [math.cos(half)] + [-s * a[i] if grade(i) == 2 else 0.0 for i in range(1, 8)]
        w = x.copy()
        w[1, [3, 5, 6]] = 0.0  # a zero bivector part: the identity rotor
        case(d, "rotor_from_axis", "tessera_clifford.rotor_from_axis", [w], rows(rotor, w),
             "algebra = [3, 0, 0], angle = 1.25 : f64")
    finish()


if __name__ == "__main__":
    main()
