"""The guide's custom precision policy (programming model guide, "Custom Numeric Policies"):
int8 storage with a per-tensor f32 scale, run with @ts.jit and checked against numpy.

Edits to the guide's code: none to the class and the annotation (verbatim below). The guide does
not show the policy in use; the two @ts.jit functions after it (quantize_weight,
dequantize_weight) are ours. `ts.round` has no Graph IR op of its own: it traces to an exact
round-half-to-even in f32 (docs/python.md, "Ops").
"""

import numpy as np

import tessera as ts

# Define custom precision policy
@ts.precision_policy
class QuantizedPolicy:
    storage = ts.int8
    scale = ts.f32
    compute = ts.f32
    accumulate = ts.f32
    
    def quantize(self, x: ts.f32) -> ts.int8:
        scale = ts.max(ts.abs(x)) / 127.0
        return ts.round(x / scale).astype(ts.int8), scale
    
    def dequantize(self, x: ts.int8, scale: ts.f32) -> ts.f32:
        return x.astype(ts.f32) * scale

# Use custom policy
quantized_weight: ts.Tensor["D", "D", QuantizedPolicy]

policy = QuantizedPolicy()


@ts.jit
def quantize_weight(w: ts.Tensor["D", "D", ts.f32]):
    return policy.quantize(w)


@ts.jit
def dequantize_weight(q: ts.Tensor["D", "D", QuantizedPolicy], scale: ts.Tensor[ts.f32]):
    return policy.dequantize(q, scale)


def main():
    rng = np.random.default_rng(0)
    w = rng.standard_normal((64, 64)).astype(np.float32)
    q, scale = quantize_weight(w)
    assert q.dtype == np.int8 and scale.dtype == np.float32 and scale.shape == ()
    # numpy oracle: the same f32 arithmetic, numpy's round-half-to-even.
    want_scale = np.abs(w).max() / np.float32(127.0)
    want_q = np.round(w / want_scale).astype(np.int8)
    assert scale == want_scale, (scale, want_scale)
    np.testing.assert_array_equal(q, want_q)
    assert np.abs(q.astype(np.int32)).max() == 127
    back = dequantize_weight(q, scale)
    np.testing.assert_array_equal(back, want_q.astype(np.float32) * want_scale)
    assert np.abs(back - w).max() <= want_scale / 2 * (1 + 1e-6)
    ann = globals()["__annotations__"]["quantized_weight"]
    assert ann.dtype is ts.int8 and ann.policy.accum is ts.f32
    print(f"quantized_policy: 64x64 f32 -> int8 (scale {float(scale):.6g}) and back, matches numpy; "
          f"max error {float(np.abs(back - w).max()):.3g} <= scale/2")


if __name__ == "__main__":
    main()
