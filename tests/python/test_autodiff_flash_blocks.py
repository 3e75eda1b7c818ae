"""flash_attn's blockwise backward (docs/ops/graph/autodiff-rules.md, "flash_attn"): the
derivative program never forms the whole attention matrix; it holds one score block per 64
keys. The values are checked against jax.vjp in tests/autodiff/test_rules.py (flash_attn_blocks);
here the gradient once more against jax.vjp and the shapes in the program."""

import math

import numpy as np
import pytest

import tessera as ts

jax = pytest.importorskip("jax")
jax.config.update("jax_enable_x64", True)
jnp = jax.numpy

pytestmark = pytest.mark.skipif(not hasattr(ts._core, "differentiate"),
                                reason="no autodiff engine")

TEXT = """module {
  func.func @f(%q: tensor<1x2x7x4xf64>, %k: tensor<1x2x130x4xf64>, %v: tensor<1x2x130x3xf64>) -> tensor<1x2x7x3xf64> {
    %o = "tessera.flash_attn"(%q, %k, %v) : (tensor<1x2x7x4xf64>, tensor<1x2x130x4xf64>, tensor<1x2x130x3xf64>) -> tensor<1x2x7x3xf64>
    return %o : tensor<1x2x7x3xf64>
  }
}
"""


def test_backward_holds_score_blocks_not_the_whole_matrix():
    dtext, name = ts._core.differentiate(TEXT, "f", [0, 1, 2], "rev")
    vjp = dtext[dtext.index("@" + name):]
    assert "1x2x7x130x" not in vjp, vjp  # no whole score / probability matrix
    assert "1x2x7x64xf64" in vjp and "1x2x7x2xf64" in vjp, vjp  # blocks of 64, 64 and 2 keys
    rng = np.random.default_rng(0)
    q, k, v = rng.standard_normal((1, 2, 7, 4)), rng.standard_normal((1, 2, 130, 4)), \
        rng.standard_normal((1, 2, 130, 3))
    ct = rng.standard_normal((1, 2, 7, 3))
    out = ts.run_module(dtext, name, [q, k, v, ct])

    def sdpa(q, k, v):
        s = jnp.einsum("bhid,bhjd->bhij", q, k) / math.sqrt(4)
        return jax.nn.softmax(s, axis=-1) @ v

    y, f_vjp = jax.vjp(sdpa, q, k, v)
    np.testing.assert_allclose(out[0], y, rtol=1e-12, atol=1e-12)
    for got, want in zip(out[1:], f_vjp(ct)):
        np.testing.assert_allclose(got, want, rtol=1e-10, atol=1e-12)
