"""test_jit cases of upstream op family `gaebm`: op name -> (fn, args, oracle, tol), oracle numpy/JAX.
The oracles are the float64 numpy references of scripts/upstream_refs/gaebm.py (checked on
hand-derived identities by tests/gaebm)."""

from __future__ import annotations

import pathlib
import sys

import numpy as np

import tessera as ts

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[2] / "scripts"))
from upstream_refs import gaebm as ref  # noqa: E402

_rng = np.random.default_rng(18)


def _r(*shape):
    return _rng.standard_normal(shape).astype(np.float32)


A, B = _r(2, 8), _r(2, 8)
Y, G, N = _r(2, 4), _r(2, 4), _r(2, 4)
S8, G8 = _r(2, 8), _r(2, 8)
U8 = (S8 / np.sqrt((S8.astype(np.float64) ** 2).sum(-1, keepdims=True))).astype(np.float32)
E = _r(2, 3)
C = _r(2, 3, 4)
SEED = np.array([42], np.int64)
CTR = np.array([1, 2, 3, 4], np.int64)
M3 = [1, 1, 1]
CL = {"p": 3}
TOL = 1e-5

CASES: dict = {
    "tessera.clifford.geometric_product": (lambda a, b: ts.geometric_product(a, b, p=3), (A, B),
                                           lambda a, b: ref.product(a, b, M3), TOL),
    "tessera.clifford.outer_product": (lambda a, b: ts.outer_product(a, b, p=3), (A, B),
                                       lambda a, b: ref.product(a, b, M3, "outer"), TOL),
    "tessera.clifford.inner_product": (lambda a, b: ts.inner_product(a, b, p=3), (A, B),
                                       lambda a, b: ref.product(a, b, M3, "inner"), TOL),
    "tessera.clifford.reverse": (lambda a: ts.clifford_reverse(a, p=3), (A,), ref.reverse, TOL),
    "tessera.clifford.grade_project": (lambda a: ts.grade_project(a, [1, 2], p=3), (A,),
                                       lambda a: ref.grade_project(a, [1, 2]), TOL),
    "tessera.clifford.norm": (lambda a: ts.clifford_norm(a, p=3), (A,), lambda a: ref.norm(a, M3), TOL),
    "tessera.clifford.rotor_sandwich": (lambda r, x: ts.rotor_sandwich(r, x, p=3, grades=[1]), (A, B),
                                        lambda r, x: ref._sandwich([r, x], {**CL, "grade_mask": [1]})[0], TOL),
    "tessera_clifford.geo_product": (lambda a, b: ts.geometric_product(a, b, algebra=(3, 0, 0)), (A, B),
                                     lambda a, b: ref.product(a, b, M3), TOL),
    "tessera_clifford.rotor_sandwich": (lambda r, x: ts.rotor_sandwich(r, x, algebra=(3, 0, 0)), (A, B),
                                        lambda r, x: ref._sandwich([r, x], CL)[0], TOL),
    "tessera_clifford.grade": (lambda a: ts.grade_project(a, [2], algebra=(3, 0, 0)), (A,),
                               lambda a: ref.grade_project(a, [2]), TOL),
    "tessera_clifford.inner": (lambda a, b: ts.clifford_inner(a, b, algebra=(3, 0, 0)), (A, B),
                               lambda a, b: ref.scalar_product(a, b, M3), TOL),
    "tessera_clifford.exp": (lambda a: ts.clifford_exp(0.5 * a, algebra=(3, 0, 0)), (A,),
                             lambda a: ref.exp_series(0.5 * a.astype(np.float64), M3, 24), TOL),
    "tessera_clifford.rotor_from_axis": (lambda a: ts.rotor_from_axis(a, 0.75), (A,),
                                         lambda a: ref.rotor_from_axis(a.astype(np.float64), 0.75), TOL),
    "tessera.ebm.energy_quadratic": (ts.ebm_energy_quadratic, (Y, G),
                                     lambda x, y: ref.energy_quadratic([x, y], {})[0], TOL),
    "tessera.ebm.inner_step": (lambda y, g, n: ts.ebm_inner_step(y, g, n, eta=0.05, noise_scale=0.1), (Y, G, N),
                               lambda y, g, n: ref.inner_step([y, g, n], {"eta": 0.05, "noise_scale": 0.1})[0], TOL),
    "tessera.ebm.langevin_step": (lambda y, g, n: ts.ebm_langevin_step(y, g, n, eta=0.05, temperature=0.5),
                                  (Y, G, N),
                                  lambda y, g, n: ref.inner_step([y, g, n], {"eta": 0.05, "temperature": 0.5})[0],
                                  TOL),
    "tessera.ebm.refinement": (lambda y, g: ts.ebm_refinement(y, g, eta=0.05, steps=4), (Y, G),
                               lambda y, g: ref.inner_step([y, g], {"eta": 0.05}, 4)[0], TOL),
    "tessera.ebm.langevin_step_philox": (
        lambda y, g, s, c: ts.ebm_langevin_step_philox(y, g, s, c, eta=0.05, temperature=1.0),
        (Y, G, SEED, CTR),
        lambda y, g, s, c: ref.langevin_philox([y, g, s, c], {"eta": 0.05, "temperature": 1.0})[0], TOL),
    "tessera.ebm.bivector_langevin_step": (
        lambda s, g: ts.ebm_bivector_langevin_step(s, g, eta=0.01), (S8, G8),
        lambda s, g: ref.bivector_step([s, g], {"eta": 0.01})[0], TOL),
    "tessera.ebm.sphere_langevin_step": (
        lambda s, g: ts.ebm_sphere_langevin_step(s, g, eta=0.01), (U8, G8),
        lambda s, g: ref.sphere_step([s, g], {"eta": 0.01})[0], TOL),
    "tessera.ebm.decode_init": (lambda x: ts.ebm_decode_init(x, steps=3, strategy="noise", seed=5), (Y,),
                                lambda x: ref.decode_init([x], {"steps": 3, "strategy": "noise", "seed": 5})[0],
                                TOL),
    "tessera.ebm.self_verify": (ts.ebm_self_verify, (E, C), lambda e, c: ref.self_verify([e, c], {})[0].astype(np.float32), 0),
    "tessera.ebm.partition_exact": (lambda e: ts.ebm_partition_exact(e, temperature=0.75), (E,),
                                    lambda e: ref.partition_exact([e], {"temperature": 0.75})[0], TOL),
}
