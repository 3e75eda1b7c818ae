"""test_jit cases for upstream's newer Graph ops (silu_mul, swiglu_fused, scaled_matmul, the
tessera.neighbors ops), each against a numpy / ml_dtypes oracle computed in f64."""

from __future__ import annotations

import ml_dtypes
import numpy as np

import tessera as ts

RNG = np.random.default_rng(7)


def rand(*shape, dtype=np.float32):
    return RNG.standard_normal(shape).astype(dtype)


def _silu(g):
    g = g.astype(np.float64)
    return g / (1 + np.exp(-g))


X = rand(3, 4)
G, U = rand(3, 4), rand(3, 4)
WG, WU, WD = rand(4, 5), rand(4, 5), rand(5, 4)


def _swiglu(x, wg, wu, wd):
    x = x.astype(np.float64)
    return (_silu(x @ wg) * (x @ wu.astype(np.float64))) @ wd.astype(np.float64)


# scaled_matmul: fp8 e4m3 operands, f32 scales over blocks [bn, bk] = [2, 32].
F8 = ml_dtypes.float8_e4m3fn
SA = rand(2, 64).astype(F8)
SB = rand(64, 3).astype(F8)
SCA = (np.abs(rand(2, 2)) + 0.5).astype(np.float32)
SCB = (np.abs(rand(2, 2)) + 0.5).astype(np.float32)


def _scaled(a, b, sa, sb):
    a, b = a.astype(np.float64), b.astype(np.float64)
    out = np.zeros((a.shape[0], b.shape[1]))
    for j in range(a.shape[1] // 32):
        p = a[:, 32 * j:32 * j + 32] @ b[32 * j:32 * j + 32, :]
        s = sa[:, j:j + 1].astype(np.float64) * np.repeat(sb[j], 2)[None, :b.shape[1]]
        out += p * s
    return out


# neighbors: a 5-point Laplacian, dim 0 periodic, dim 1 reflect (numpy's np.pad modes).
TAPS = [[0, 0], [1, 0], [-1, 0], [0, 1], [0, -1]]
COEFFS = [-4.0, 1.0, 1.0, 1.0, 0.5]
F = rand(5, 6)


def _laplace(x):
    nt = ts.neighbors
    topo = nt.topology("2d_mesh")
    st = nt.stencil(TAPS, COEFFS, "periodic,reflect")
    return nt.apply(st, nt.halo_region(x, [1, 1]), topo)


def _laplace_np(x):
    p = np.pad(x.astype(np.float64), ((1, 1), (0, 0)), mode="wrap")
    p = np.pad(p, ((0, 0), (1, 1)), mode="reflect")
    n0, n1 = x.shape
    return sum(c * p[1 + t0:1 + t0 + n0, 1 + t1:1 + t1 + n1] for (t0, t1), c in zip(TAPS, COEFFS))


def _pipelined(x):
    ts.neighbors.pipeline("full", 2)
    return ts.neighbors.halo_exchange(x, [1, 1]) * 2.0


UPSTREAM_CASES = {
    "tessera.silu_mul": (ts.silu_mul, (G, U), lambda g, u: _silu(g) * u, 1e-6),
    "tessera.swiglu_fused": (ts.swiglu, (X, WG, WU, WD), _swiglu, 1e-5),
    "tessera.scaled_matmul": (lambda a, b, sa, sb: ts.scaled_matmul(a, b, sa, sb, block=[2, 32],
                                                                     format="fp32"),
                              (SA, SB, SCA, SCB), _scaled, 1e-5),
    "tessera.neighbors.topology.create": (_laplace, (F,), _laplace_np, 1e-5),
    "tessera.neighbors.stencil.define": (_laplace, (F,), _laplace_np, 1e-5),
    "tessera.neighbors.halo.region": (_laplace, (F,), _laplace_np, 1e-5),
    "tessera.neighbors.stencil.apply": (_laplace, (F,), _laplace_np, 1e-5),
    "tessera.neighbors.halo.exchange": (_pipelined, (F,), lambda x: x * 2.0, 0),
    "tessera.neighbors.pipeline.config": (_pipelined, (F,), lambda x: x * 2.0, 0),
}
