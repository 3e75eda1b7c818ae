"""test_jit cases of upstream op family `decodemoe`: op name -> (fn, args, oracle, tol), oracle numpy/JAX.

Oracles: the numpy references of scripts/upstream_refs/decodemoe.py (float64, written from the
specs in docs/ops/graph/, independent of the interpreter)."""

import pathlib
import sys

import numpy as np

import tessera as ts

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[2] / "scripts"))
from upstream_refs import decodemoe as ref  # noqa: E402

RNG = np.random.default_rng(18)


def rand(*shape):
    return RNG.standard_normal(shape).astype(np.float32)


def probs(*shape):
    p = np.exp(RNG.standard_normal(shape))
    return (p / p.sum(axis=-1, keepdims=True)).astype(np.float32)


DRAFT = RNG.integers(0, 3, (4, 5)).astype(np.int32)
TARGET = RNG.integers(0, 3, (4, 6)).astype(np.int32)
D1 = RNG.integers(0, 6, (4,)).astype(np.int32)
TP, DP = probs(5, 6), probs(4, 6)
AU, RU = RNG.random(4).astype(np.float32), RNG.random(1).astype(np.float32)
TLP, DLP = np.log(probs(3, 5)), np.log(probs(3, 5))
TU = RNG.random((3, 5)).astype(np.float32)
X3, W3, U3 = rand(2, 5, 8), rand(8, 3), rand(2, 5, 8)
XD, ROUTE = rand(7, 6), RNG.integers(0, 7, (9,)).astype(np.int32)
XM, WG, WU, WD = rand(10, 8), rand(3, 8, 12), rand(3, 8, 12), rand(3, 12, 5)
GS = np.array([4, 0, 5], np.int64)
R, FAV, UNF = rand(4, 6), rand(4, 6), rand(4, 6)


def _mor(x, w, u):
    depth = ts.mor_router(x, w, max_depth=3)
    return ts.mor_scatter(x, u, ts.mor_partition(x, depth, step=2))


def _mor_np(x, w, u):
    return ref.mor_scatter(x, u, ref.mor_partition(ref.mor_router(x, w, 3), 2))


CASES: dict = {
    "tessera.spec_accept": (ts.spec_accept, (DRAFT, TARGET), ref.spec_accept, 0),
    "tessera.spec_accept_sample": (ts.spec_accept_sample, (D1, TP, DP, AU, RU),
                                   ref.spec_accept_sample, 0),
    "tessera.spec_accept_tree_sample": (ts.spec_accept_tree_sample, (TLP, DLP, TU),
                                        ref.spec_accept_tree_sample, 0),
    "tessera.mor_router": (lambda x, w: ts.mor_router(x, w, max_depth=3), (X3, W3),
                           lambda x, w: ref.mor_router(x, w, 3), 0),
    "tessera.mor_partition": (_mor, (X3, W3, U3), _mor_np, 0),
    "tessera.mor_scatter": (_mor, (X3, W3, U3), _mor_np, 0),
    "tessera.moe_dispatch": (ts.moe_dispatch, (XD, ROUTE), ref.moe_dispatch, 0),
    "tessera.moe_swiglu_block": (ts.moe_swiglu_block, (XM, WG, WU, WD, GS),
                                 ref.moe_swiglu_block, 1e-5),
    "tessera.guided_denoise_region": (
        lambda r, f, u: ts.guided_denoise_region(r, f, u, timestep=3, gamma=0.75),
        (R, FAV, UNF), lambda r, f, u: ref.guided_denoise_region(r, f, u, 0.75), 1e-6),
}

# Graph ops the interpreter verifies but does not run (docs/ops/graph/diffusion.md): their layer
# weights are not operands. tests/verifier/decodemoe.mlir covers them.
NOT_RUN = {"tessera.diffusion_block_step"}
