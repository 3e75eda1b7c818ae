#!/usr/bin/env python3
"""Generator: tessera.quantize and tessera.dequantize cases (docs/ops/graph/quantization.md).

Writes conformance/cases/graph/quantize.mlir and dequantize.mlir. The oracles below restate the
spec's rules with numpy and ml_dtypes only (never the interpreter or core/numerics):

- per-tensor: amax = max |x| (f32), scale = amax / finfo(fmt).max as an f32 quotient (1 when amax
  is 0 or not finite), q = ml_dtypes(clip(x / scale)) where finite values are clipped to
  +-max finite first (quantization saturates), dequantized value = f32(q) * scale.
- MX: blocks of 32 along the last axis; X = floor(log2 amax) - emax(fmt) ("ocp") or the least X
  with amax <= max * 2^X ("ceil"), clamped to [-127, 127]; scale byte X + 127; elements
  round(clip(x * 2^-X)) computed in float64 (exact) and rounded once; NaN/Inf blocks -> 0xFF and
  elements NaN-converted; dequantized value = f32(q * 2^X).
- NVFP4: g = amax / 2688 (f32), block scale s = e4m3(min(amax_b / 6 / g, 448)) (f32 steps),
  f = f32(s) * g, elements e2m1(x / f) (0 when f == 0), dequantized q * s * g left to right.
"""
import math
import os
import sys

import ml_dtypes
import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from casefile import REPO_ROOT, CaseFile, mlir_type, round_f64_to, op_module  # noqa: E402

F32 = np.float32
OUT_DIR = os.path.join(REPO_ROOT, "conformance", "cases", "graph")
MX_FORMATS = {
    "e4m3": ml_dtypes.float8_e4m3fn, "e5m2": ml_dtypes.float8_e5m2,
    "e3m2": ml_dtypes.float6_e3m2fn, "e2m3": ml_dtypes.float6_e2m3fn,
    "e2m1": ml_dtypes.float4_e2m1fn,
}
E8M0 = ml_dtypes.float8_e8m0fnu


def max_finite(fmt):
    return float(ml_dtypes.finfo(fmt).max)


def saturate_cast(v64, fmt):
    """Round float64 values once to fmt, clamping finite values to +-max finite first."""
    m = max_finite(fmt)
    v = np.where(np.isfinite(v64), np.clip(v64, -m, m), v64)
    return round_f64_to(v, fmt)


# ---------------------------------------------------------------- per-tensor
def tensor_scale(x, fmt):
    amax = F32(np.max(np.abs(x))) if x.size else F32(0)
    if not (amax > 0) or not np.isfinite(amax):
        return F32(1)
    return F32(amax / F32(max_finite(fmt)))


def tensor_quantize(x, fmt, scale=None):
    s = tensor_scale(x, fmt) if scale is None else F32(scale)
    with np.errstate(all="ignore"):
        y = (x / s).astype(F32)  # one f32 division per element
    return saturate_cast(y.astype(np.float64), fmt), np.array(s, F32)


def tensor_dequantize(q, s):
    return (q.astype(F32) * F32(s)).astype(F32)


# ---------------------------------------------------------------- MX
def emax_of(fmt):
    return math.frexp(max_finite(fmt))[1] - 1


def mx_block_exp(block, fmt, rule):
    """The scale exponent X of one block, or None for a NaN/Inf block."""
    a = np.abs(block.astype(np.float64))
    if np.any(~np.isfinite(a)):
        return None
    amax = float(a.max()) if a.size else 0.0
    if amax == 0.0:
        return -127
    x = math.frexp(amax)[1] - 1 - emax_of(fmt)  # floor(log2 amax) - emax, exactly
    if rule == "ceil" and amax > max_finite(fmt) * 2.0 ** x:
        x += 1
    return min(127, max(-127, x))


def mx_quantize(x, fmt, rule):
    rows = x.reshape(-1, x.shape[-1])
    length = x.shape[-1]
    nb = -(-length // 32)
    q = np.zeros(rows.shape, fmt)
    s = np.zeros((rows.shape[0], nb), np.uint8)
    for r in range(rows.shape[0]):
        for b in range(nb):
            blk = rows[r, 32 * b: 32 * b + 32]
            e = mx_block_exp(blk, fmt, rule)
            if e is None:
                s[r, b] = 0xFF
                q[r, 32 * b: 32 * b + 32] = np.copysign(np.float32(np.nan), blk).astype(fmt)
                continue
            s[r, b] = e + 127
            q[r, 32 * b: 32 * b + 32] = saturate_cast(blk.astype(np.float64) * 2.0 ** -e, fmt)
    return q.reshape(x.shape), s.view(E8M0).reshape(x.shape[:-1] + (nb,))


def mx_dequantize(q, s):
    rows = q.reshape(-1, q.shape[-1])
    sr = s.view(np.uint8).reshape(rows.shape[0], -1)
    out = np.zeros(rows.shape, F32)
    for r in range(rows.shape[0]):
        for i in range(rows.shape[1]):
            sb = int(sr[r, i // 32])
            v = float(rows[r, i].astype(np.float64))
            with np.errstate(over="ignore"):
                out[r, i] = (np.nan if sb == 0xFF
                             else np.float64(math.ldexp(v, sb - 127)).astype(F32))
    return out.reshape(q.shape)


# ---------------------------------------------------------------- NVFP4
def nvfp4_quantize(x):
    amax = F32(np.max(np.abs(x)))
    g = F32(amax / F32(2688)) if (amax > 0 and np.isfinite(amax)) else F32(1)
    rows = x.reshape(-1, x.shape[-1])
    length = x.shape[-1]
    nb = -(-length // 16)
    q = np.zeros(rows.shape, ml_dtypes.float4_e2m1fn)
    s = np.zeros((rows.shape[0], nb), ml_dtypes.float8_e4m3fn)
    for r in range(rows.shape[0]):
        for b in range(nb):
            blk = rows[r, 16 * b: 16 * b + 16]
            bamax = F32(np.max(np.abs(blk)))
            t = F32(F32(bamax / F32(6)) / g)
            s[r, b] = saturate_cast(np.array([t], np.float64), ml_dtypes.float8_e4m3fn)[0]
            f = F32(F32(s[r, b]) * g)
            with np.errstate(all="ignore"):
                v = (blk / f).astype(F32) if f != 0 else np.zeros_like(blk)
            q[r, 16 * b: 16 * b + 16] = saturate_cast(v.astype(np.float64),
                                                      ml_dtypes.float4_e2m1fn)
    return q.reshape(x.shape), s.reshape(x.shape[:-1] + (nb,)), np.array(g, F32)


def nvfp4_dequantize(q, s, g):
    rows = q.reshape(-1, q.shape[-1]).astype(F32)
    sr = s.reshape(rows.shape[0], -1).astype(F32)
    out = np.zeros(rows.shape, F32)
    for i in range(rows.shape[1]):
        out[:, i] = (rows[:, i] * sr[:, i // 16]).astype(F32) * F32(g)
    return out.reshape(q.shape)


# ---------------------------------------------------------------- data
def data(rng, shape, scale=3.0):
    return (rng.standard_normal(shape) * scale).astype(F32)


def with_edges(x):
    flat = x.reshape(-1)
    flat[:6] = np.array([0.0, -0.0, 1e-30, -1e-42, 0.5, -2.0], F32)
    return x


def main():
    rng = np.random.default_rng(2024)
    qf = CaseFile(os.path.join(OUT_DIR, "quantize.mlir"), generator=__file__)
    df = CaseFile(os.path.join(OUT_DIR, "dequantize.mlir"), generator=__file__)
    req = ["op=tessera.quantize", "level=graph"]
    dreq = ["op=tessera.dequantize", "level=graph"]

    # Per-tensor amax scaling to every element format.
    for name, fmt in [("e4m3", ml_dtypes.float8_e4m3fn), ("e5m2", ml_dtypes.float8_e5m2),
                      ("e2m1", ml_dtypes.float4_e2m1fn), ("e3m2", ml_dtypes.float6_e3m2fn),
                      ("e2m3", ml_dtypes.float6_e2m3fn), ("bf16", ml_dtypes.bfloat16),
                      ("f16", np.float16)]:
        x = with_edges(data(rng, (4, 40)))
        q, s = tensor_quantize(x, fmt)
        qf.add_case(f"tensor_amax_{name}", op_module("tessera.quantize", [x], [q, s],
                                                  'scheme = "tensor"'),
                    inputs=[x], expected=[q, s], requires=req,
                    note="scale = amax / max_finite (f32); q = sat(x / scale), RNE")
        d = tensor_dequantize(q, s)
        df.add_case(f"tensor_{name}",
                    op_module("tessera.dequantize", [q, s], [d], 'scheme = "tensor"'),
                    inputs=[q, s], expected=[d], requires=dreq)
    # A given scale that makes values overflow: saturation to +-max finite; Inf and NaN kept.
    x = data(rng, (3, 17), 100.0)
    x.reshape(-1)[:3] = np.array([np.inf, -np.inf, np.nan], F32)
    given = np.array(0.125, F32)
    for name, fmt in [("e4m3", ml_dtypes.float8_e4m3fn), ("e5m2", ml_dtypes.float8_e5m2),
                      ("e2m1", ml_dtypes.float4_e2m1fn)]:
        q, s = tensor_quantize(x, fmt, given)
        qf.add_case(f"tensor_given_scale_saturates_{name}",
                    op_module("tessera.quantize", [x, given], [q, s], 'scheme = "tensor"'),
                    inputs=[x, given], expected=[q, s], requires=req,
                    note="finite overflow saturates; Inf -> e4m3 NaN / e5m2 Inf; NaN rules of ocp")
    # 0-d and all-zero tensors: scale 1.
    z = np.zeros((2, 8), F32)
    q, s = tensor_quantize(z, ml_dtypes.float8_e4m3fn)
    qf.add_case("tensor_all_zero_scale_one", op_module("tessera.quantize", [z], [q, s],
                                                    'scheme = "tensor"'),
                inputs=[z], expected=[q, s], requires=req)
    x0 = np.array(-3.5, F32)
    q, s = tensor_quantize(x0, ml_dtypes.float8_e5m2)
    qf.add_case("tensor_rank0", op_module("tessera.quantize", [x0], [q, s], 'scheme = "tensor"'),
                inputs=[x0], expected=[q, s], requires=req)

    # MX: every element format, both scale rules, full and partial blocks.
    for name, fmt in MX_FORMATS.items():
        for rule in ("ocp", "ceil"):
            for shape in ((3, 64), (2, 50)):
                x = data(rng, shape)
                rows = x.reshape(-1, shape[-1])
                rows[0, 0:32] *= F32(1e3)                     # a wide block
                rows[1, 0:32] = 0.0                           # an all-zero block: scale 2^-127
                rows[1, 5] = -0.0
                if shape[0] > 2:
                    rows[2, 0:32] = (rows[2, 0:32] * F32(1e-41)).astype(F32)  # subnormal f32
                    rows[2, 32:64] *= F32(1e37)                                # near f32 max
                q, s = mx_quantize(x, fmt, rule)
                attrs = f'scheme = "mx", scale_rule = "{rule}"'
                tag = f"mx_{name}_{rule}_{shape[0]}x{shape[1]}"
                qf.add_case(tag, op_module("tessera.quantize", [x], [q, s], attrs),
                            inputs=[x], expected=[q, s],
                            requires=req + ["dtype=" + mlir_type(q).rsplit("x", 1)[1][:-1]],
                            note="blocks of 32 along the last axis; scale exponent clamped")
                d = mx_dequantize(q, s)
                df.add_case(tag, op_module("tessera.dequantize", [q, s], [d], 'scheme = "mx"'),
                            inputs=[q, s], expected=[d], requires=dreq)
    # MX blocks holding NaN and Inf: scale 0xFF, elements NaN-converted (ocp profile).
    x = data(rng, (2, 64))
    x[0, 3] = np.nan
    x[1, 40] = -np.inf
    q, s = mx_quantize(x, ml_dtypes.float8_e4m3fn, "ocp")
    qf.add_case("mx_nan_inf_blocks", op_module("tessera.quantize", [x], [q, s], 'scheme = "mx"'),
                inputs=[x], expected=[q, s], requires=req)
    d = mx_dequantize(q, s)
    df.add_case("mx_nan_inf_blocks", op_module("tessera.dequantize", [q, s], [d], 'scheme = "mx"'),
                inputs=[q, s], expected=[d], requires=dreq)

    # NVFP4: full and partial blocks of 16, a zero block.
    for shape in ((4, 48), (3, 20), (1, 16)):
        x = data(rng, shape)
        x.reshape(-1, shape[-1])[0, :16] = 0.0
        if shape[0] > 1:
            x.reshape(-1, shape[-1])[1, :] *= F32(40)
        q, s, g = nvfp4_quantize(x)
        tag = f"nvfp4_{shape[0]}x{shape[1]}"
        qf.add_case(tag, op_module("tessera.quantize", [x], [q, s, g], 'scheme = "nvfp4"'),
                    inputs=[x], expected=[q, s, g], requires=req,
                    note="g = amax/2688; block scale e4m3(amax_b/6/g); elements e2m1(x/f)")
        d = nvfp4_dequantize(q, s, g)
        df.add_case(tag, op_module("tessera.dequantize", [q, s, g], [d], 'scheme = "nvfp4"'),
                    inputs=[q, s, g], expected=[d], requires=dreq)
    qf.write()
    df.write()


if __name__ == "__main__":
    main()
