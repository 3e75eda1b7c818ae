#!/usr/bin/env python3
"""Generator: conformance/cases/graph/clifford.mlir and conformance/cases/graph/ebm.mlir (the
tessera.clifford / tessera_clifford and tessera.ebm ops; docs/ops/graph/clifford.md, ebm.md).

Oracle, independent of the interpreter: the float64 numpy references of
scripts/upstream_refs/gaebm.py (written from the blade-product definition and the specs, checked
on hand-derived identities by tests/gaebm), rounded once to the element type. Products, steps,
selections and square roots follow the spec's f64 order exactly: `bitexact`. Results through
exp, log, sin or cos (partition function, Philox Box-Muller, rotors) may differ by an ulp of an
f64 intermediate between C libraries: `ulp:1`.
"""
import os
import sys

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import philox_model  # noqa: E402
from casefile import REPO_ROOT, CaseFile, mlir_type  # noqa: E402

sys.path.insert(0, os.path.join(REPO_ROOT, "scripts"))
from upstream_refs import gaebm as ref  # noqa: E402


def module(op, operands, attrs, result):
    params = ", ".join(f"%a{i}: {mlir_type(x)}" for i, x in enumerate(operands))
    names = ", ".join(f"%a{i}" for i in range(len(operands)))
    types = ", ".join(mlir_type(x) for x in operands)
    res = mlir_type(result)
    return (f"module {{\n  func.func @main({params}) -> {res} {{\n"
            f'    %r = "{op}"({names}) {{{attrs}}} : ({types}) -> {res}\n'
            f"    return %r : {res}\n  }}\n}}\n")


def adder(cf):
    def add(name, op, operands, attrs, want, rule="bitexact", note=""):
        dt = "f64" if np.asarray(want).dtype == np.float64 else "f32"
        cf.add_case(name, module(op, operands, attrs, want), list(operands), [want], rule=rule,
                    requires=[f"op={op}", f"dtype={dt}", "level=graph"], note=note)
    return add


def clifford(rng):
    cf = CaseFile(os.path.join(REPO_ROOT, "conformance", "cases", "graph", "clifford.mlir"),
                  generator=__file__, header="tessera.clifford and tessera_clifford ops: "
                  "multivectors with blades on the last axis in ascending bitmask order.")
    add = adder(cf)
    f32 = lambda x: x.astype(np.float32)  # noqa: E731
    a, b = f32(rng.standard_normal((2, 8))), f32(rng.standard_normal((2, 8)))
    m3 = [1, 1, 1]
    add("gp_cl30_f32", "tessera.clifford.geometric_product", [a, b], "p = 3 : i64, q = 0 : i64",
        f32(ref.product(a, b, m3)), note="Cl(3,0): e1 e1 = 1, e_i e_j = -e_j e_i.")
    c, d = rng.standard_normal((3, 16)), rng.standard_normal((3, 16))
    add("gp_cl13_f64", "tessera.clifford.geometric_product", [c, d], "p = 1 : i64, q = 3 : i64",
        ref.product(c, d, [1, -1, -1, -1]), note="Minkowski Cl(1,3), 16 blades.")
    add("outer_cl30", "tessera.clifford.outer_product", [a, b], "p = 3 : i64", f32(ref.product(a, b, m3, "outer")))
    add("inner_cl21_signature", "tessera.clifford.inner_product", [a, b],
        "p = 2 : i64, q = 1 : i64, signature = [1, -1, 1]", f32(ref.product(a, b, [1, -1, 1], "inner")),
        note="The left contraction; e2 squares to -1.")
    add("sandwich_grade1", "tessera.clifford.rotor_sandwich", [a, b], "p = 3 : i64, grade_mask = [1]",
        f32(ref._sandwich([a, b], {"p": 3, "grade_mask": [1]})[0]))
    add("norm_cl30", "tessera.clifford.norm", [a], "p = 3 : i64", f32(ref.norm(a, m3)))
    x = f32(0.5 * rng.standard_normal((4, 8)))
    add("exp_cl30_terms24", "tessera_clifford.exp", [x], "algebra = [3, 0, 0], terms = 24 : i64",
        f32(ref.exp_series(x, m3, 24)), note="The truncated series, term j = (term_{j-1} x) / j.")
    add("rotor_from_axis_cl30", "tessera_clifford.rotor_from_axis", [x],
        "algebra = [3, 0, 0], angle = 0.78539816339744828 : f64",
        f32(ref.rotor_from_axis(x.astype(np.float64), 0.78539816339744828)), rule="ulp:1")
    add("reverse_cl30", "tessera.clifford.reverse", [a], "p = 3 : i64", f32(ref.reverse(a)))
    add("grade_project_02", "tessera.clifford.grade_project", [a], "p = 3 : i64, grade_mask = [0, 2]",
        f32(ref.grade_project(a, [0, 2])))
    add("geo_product_cl201", "tessera_clifford.geo_product", [a, b], "algebra = [2, 0, 1]",
        f32(ref.product(a, b, [1, 1, 0])), note="Upstream's phase-7 spelling; e3 squares to 0.")
    add("sandwich_phase7", "tessera_clifford.rotor_sandwich", [a, b], "algebra = [3, 0, 0]",
        f32(ref._sandwich([a, b], {"algebra": [3, 0, 0]})[0]))
    add("grade_phase7", "tessera_clifford.grade", [a], 'algebra = [3, 0, 0], grades = [2], dtype = "f32"',
        f32(ref.grade_project(a, [2])))
    add("inner_phase7", "tessera_clifford.inner", [a, b], "algebra = [3, 0, 0]",
        f32(ref.scalar_product(a, b, m3)), note="<a ~b>_0 per multivector.")
    cf.write()


def ebm(rng):
    cf = CaseFile(os.path.join(REPO_ROOT, "conformance", "cases", "graph", "ebm.mlir"),
                  generator=__file__, header="tessera.ebm ops: Langevin steps, candidates, "
                  "the exact partition function.")
    add = adder(cf)
    f32 = lambda x: x.astype(np.float32)  # noqa: E731
    y, g, n = (f32(rng.standard_normal((3, 5))) for _ in range(3))
    add("langevin_temperature", "tessera.ebm.langevin_step", [y, g, n],
        "eta = 0.05 : f64, temperature = 0.1 : f64",
        f32(ref.inner_step([y, g, n], {"eta": 0.05, "temperature": 0.1})[0]),
        note="Amplitude sqrt(2 eta T).")
    add("refinement_4", "tessera.ebm.refinement", [y, g], "eta = 0.125 : f64, steps = 4 : i64",
        f32(ref.inner_step([y, g], {"eta": 0.125}, 4)[0]))
    seed, ctr = np.array([7], np.int64), np.array([0xFFFFFFFE, 3, 0, 0], np.int64)
    add("philox_step", "tessera.ebm.langevin_step_philox", [y, g, seed, ctr],
        "eta = 0.125 : f64, temperature = 0.5 : f64",
        f32(ref.langevin_philox([y, g, seed, ctr], {"eta": 0.125, "temperature": 0.5})[0]),
        rule="ulp:1", note="Philox4x32-10, counter + element index (carrying into word 1).")
    add("energy_quadratic", "tessera.ebm.energy_quadratic", [y, g], "",
        f32(ref.energy_quadratic([y, g], {})[0]))
    e = f32(rng.standard_normal((2, 3)))
    cands = f32(rng.standard_normal((2, 3, 4)))
    add("self_verify_argmin", "tessera.ebm.self_verify", [e, cands], "", f32(ref.self_verify([e, cands], {})[0]))
    add("partition_logsumexp", "tessera.ebm.partition_exact", [e],
        'temperature = 0.75 : f64, reduction = "logsumexp"',
        f32(np.asarray(ref.partition_exact([e], {"temperature": 0.75})[0])), rule="ulp:1")
    s, gs = f32(rng.standard_normal((2, 8))), f32(rng.standard_normal((2, 8)))
    s = f32(s / np.sqrt((s.astype(np.float64) ** 2).sum(-1, keepdims=True)))
    add("sphere_tangent", "tessera.ebm.sphere_langevin_step", [s, gs],
        'eta = 0.01 : f64, normalized_state = true', f32(ref.sphere_step([s, gs], {"eta": 0.01})[0]),
        rule="ulp:1", note="Tangent projection, then the retraction w / |w|.")
    add("inner_step_noise_scale", "tessera.ebm.inner_step", [y, g, n], "eta = 0.125 : f64, noise_scale = 0.25 : f64",
        f32(ref.inner_step([y, g, n], {"eta": 0.125, "noise_scale": 0.25})[0]))
    add("bivector_step", "tessera.ebm.bivector_langevin_step", [s, gs, s], "eta = 0.01 : f64, temperature = 1.0 : f64",
        f32(ref.bivector_step([s, gs, s], {"eta": 0.01, "temperature": 1.0})[0]),
        note="Only the grade-2 blades (indices 3, 5, 6) move; the others are 0.")
    add("decode_init_copy", "tessera.ebm.decode_init", [y], 'steps = 2 : i64, strategy = "copy"',
        f32(ref.decode_init([y], {"steps": 2, "strategy": "copy"})[0]))
    # Own stream (the cases above keep their inputs): hard_argmin's NaN and tie rules, and
    # decode_init's noise operand (std * noise in f64, rounded once).
    r2 = np.random.default_rng(1414)
    e = np.array([[0.5, -1.0, -1.0, 2.0], [np.nan, 3.0, np.nan, 1.0],
                  [np.nan, np.nan, np.nan, np.nan], [-np.inf, 0.0, -np.inf, 1.0]], np.float32)
    cands = f32(r2.standard_normal((4, 4, 2, 3)))
    pick = [1, 3, 0, 0]  # first least energy; NaN never wins; all NaN picks 0
    add("self_verify_nan_ties", "tessera.ebm.self_verify", [e, cands], "",
        np.stack([cands[b, pick[b]] for b in range(4)]),
        note="Ties pick the first candidate, NaN energies never win, all NaN picks candidate 0.")
    x, noise = f32(r2.standard_normal((2, 4))), f32(r2.standard_normal((2, 3, 4)))
    add("decode_init_noise_operand", "tessera.ebm.decode_init", [x, noise],
        'operandSegmentSizes = array<i32: 1, 0, 1>, steps = 3 : i64, strategy = "noise", '
        "std = 0.3 : f64", f32(0.3 * noise.astype(np.float64)),
        note="std * noise, in f64, rounded once to f32.")
    # decode_init's noise without a noise operand: std times tessera.randn's stream (seed, stream
    # 0), oracle the numpy Philox with mpmath's correctly rounded log and cos (philox_model).
    xr = f32(r2.standard_normal((2, 3)))
    add("decode_init_randn", "tessera.ebm.decode_init", [xr],
        'seed = 11 : i64, steps = 2 : i64, strategy = "noise", std = 0.5 : f64',
        philox_model.randn(11, 0, (2, 2, 3), np.float32, stddev=0.5),
        note="std * randn's normal of result element i (words 2i, 2i + 1 of (seed, 0)).")
    cf.write()


def main():
    rng = np.random.default_rng(1818)
    clifford(rng)
    ebm(rng)


if __name__ == "__main__":
    main()
