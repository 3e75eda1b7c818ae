"""Upstream Tessera's newer Graph ops under ts names: `ts.swiglu` (tessera.swiglu_fused),
`ts.scaled_matmul` (block-scaled fp8 / MX GEMM) and the `ts.neighbors` namespace (stencils with
boundary rules: docs/ops/graph/{swiglu,scaled_matmul,neighbors}.md). `ts.silu_mul` is generated
from the op table with the other elementwise ops."""

from __future__ import annotations

from typing import Any, Sequence

from ._ops import _as_value, _emit1
from ._ops_lib import _Namespace
from ._trace import Value, _Raw, current


def swiglu(x: Any, w_gate: Any, w_up: Any, w_down: Any) -> Value:
    """tessera.swiglu_fused: (silu(x @ w_gate) * (x @ w_up)) @ w_down in one op."""
    return _emit1("tessera.swiglu_fused", [_as_value(v, None) for v in (x, w_gate, w_up, w_down)])


def scaled_matmul(a: Any, b: Any, a_scale: Any, b_scale: Any, *, block: Sequence[int],
                  format: str = "e8m0", transpose_b: bool = False,
                  batching: str | None = None) -> Value:
    """tessera.scaled_matmul: sum over blocks of (a_blk @ b_blk) * a_scale * b_scale; `block`
    is [bn, bk], `format` "e8m0" (byte scales 2^(e-127)) or "fp32"."""
    layout = {"granularity": "block", "block": [int(d) for d in block], "format": format}
    attrs = {"scale_layout": layout, "transpose_b": True if transpose_b else None,
             "batching": batching}
    return _emit1("tessera.scaled_matmul",
                  [_as_value(v, None) for v in (a, b, a_scale, b_scale)], attrs)


def _taps_attr(taps: Sequence[Sequence[int]]) -> list[_Raw]:
    out = []
    for t in taps:
        t = [int(v) for v in t]
        out.append(_Raw(f"dense<[{', '.join(map(str, t))}]> : tensor<{len(t)}xi64>"))
    return out


def topology(kind: str) -> Value:
    """tessera.neighbors.topology.create: a topology handle ("1d_mesh".."8d_mesh", ...)."""
    (r,) = current().emit("tessera.neighbors.topology.create", [], {"kind": kind})
    return r


def stencil(taps: Sequence[Sequence[int]], coeffs: Sequence[float] | None = None,
            bc: str | None = None) -> Value:
    """tessera.neighbors.stencil.define: a stencil handle (tap offsets, coefficients, rules)."""
    attrs = {"taps": _taps_attr(taps),
             "coeffs": None if coeffs is None else [float(c) for c in coeffs], "bc": bc}
    (r,) = current().emit("tessera.neighbors.stencil.define", [], attrs)
    return r


def halo_region(x: Any, halo_width: Sequence[int] | None = None) -> Value:
    """tessera.neighbors.halo.region: on one device the field itself."""
    w = None if halo_width is None else [int(v) for v in halo_width]
    return _emit1("tessera.neighbors.halo.region", [_as_value(x, None)], {"halo_width": w})


def halo_exchange(x: Any, halo_width: Sequence[int] | None = None) -> Value:
    """tessera.neighbors.halo.exchange: on one device the field itself."""
    v = _as_value(x, None)
    w = None if halo_width is None else [int(d) for d in halo_width]
    return _emit1("tessera.neighbors.halo.exchange", [v], {"halo_width": w}, [v.type])


def apply(st: Value, x: Any, topo: Value) -> Value:
    """tessera.neighbors.stencil.apply: result[i] = sum_k c_k * x(i + t_k), boundary rules."""
    v = _as_value(x, None)
    # Its hook reads the stencil's defining op: typed as the field, checked when the module is.
    (r,) = current().emit("tessera.neighbors.stencil.apply", [st, v, topo], {}, [v.type],
                          typed=True)
    return r


def pipeline(overlap: str = "none", depth: int = 1) -> None:
    """tessera.neighbors.pipeline.config: a schedule hint (no values change)."""
    current().emit("tessera.neighbors.pipeline.config", [], {"overlap": overlap,
                                                             "depth": int(depth)})


neighbors = _Namespace("neighbors", topology=topology, stencil=stencil, halo_region=halo_region,
                       halo_exchange=halo_exchange, apply=apply, pipeline=pipeline)

#: ts name -> Graph IR op (merged into _ops.OP_NAMES).
OP_NAMES: dict[str, str] = {
    "swiglu": "tessera.swiglu_fused", "scaled_matmul": "tessera.scaled_matmul",
    "neighbors.topology": "tessera.neighbors.topology.create",
    "neighbors.stencil": "tessera.neighbors.stencil.define",
    "neighbors.halo_region": "tessera.neighbors.halo.region",
    "neighbors.halo_exchange": "tessera.neighbors.halo.exchange",
    "neighbors.apply": "tessera.neighbors.stencil.apply",
    "neighbors.pipeline": "tessera.neighbors.pipeline.config",
}


def _register() -> None:
    from . import _ops

    _ops.OP_NAMES.update(OP_NAMES)


_register()
