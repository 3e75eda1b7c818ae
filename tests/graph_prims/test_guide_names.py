"""The guide's names give the bits of the ops they name (docs/ops/graph/guide_names.md)."""
import numpy as np
import pytest

RNG = np.random.default_rng(1803)


@pytest.mark.parametrize("alias,op,nin", [("tessera.rmsnorm_safe", "tessera.rmsnorm", 2),
                                          ("tessera.layernorm_safe", "tessera.layer_norm", 3)])
def test_norm_names(run_op, alias, op, nin):
    x = RNG.standard_normal((16, 32)).astype(np.float32)
    ins = [x] + [RNG.standard_normal(32).astype(np.float32) for _ in range(nin - 1)]
    a = run_op(alias, ins, [(x.shape, np.float32)], "epsilon = 1.0e-06")[0]
    b = run_op(op, ins, [(x.shape, np.float32)], "epsilon = 1.0e-06")[0]
    assert np.array_equal(a.view(np.uint32), b.view(np.uint32))
    # and both are a normalisation: rmsnorm of x has unit mean square before the scale
    x64 = x.astype(np.float64)
    if op == "tessera.rmsnorm":
        want = x64 / np.sqrt((x64**2).mean(-1, keepdims=True) + 1e-6) * ins[1]
    else:
        c = x64 - x64.mean(-1, keepdims=True)
        want = c / np.sqrt((c**2).mean(-1, keepdims=True) + 1e-6) * ins[1] + ins[2]
    assert np.allclose(a, want, rtol=1e-4, atol=1e-5)


def test_flash_attention_name(run_op):
    q, k, v = (RNG.standard_normal((1, 2, 8, 16)).astype(np.float32) for _ in range(3))
    a = run_op("tessera.flash_attention", [q, k, v], [(q.shape, np.float32)], "causal = true")[0]
    b = run_op("tessera.flash_attn", [q, k, v], [(q.shape, np.float32)], "causal = true")[0]
    assert np.array_equal(a.view(np.uint32), b.view(np.uint32))
    s = np.einsum("bhqd,bhkd->bhqk", q.astype(np.float64), k.astype(np.float64)) / 4.0
    s = np.where(np.tril(np.ones((8, 8), bool)), s, -np.inf)
    p = np.exp(s - s.max(-1, keepdims=True))
    want = np.einsum("bhqk,bhkd->bhqd", p / p.sum(-1, keepdims=True), v.astype(np.float64))
    assert np.allclose(a, want, rtol=1e-4, atol=1e-5)
