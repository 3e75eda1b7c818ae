"""Why the guide's kernel examples needed their edits (docs/python.md, "Edits to the guide's
kernel and mesh examples"): each example with one edit undone, run, and compared with numpy."""
import importlib.util
import os

import numpy as np
import pytest

from tessera.kernel import KernelSanitizerError

EXAMPLES = os.path.join(os.path.dirname(__file__), "..", "..", "examples", "python")


def load_variant(tmp_path, name, old, new, count=1):
    """examples/python/<name>.py with `old` (found `count` times) replaced by `new`, imported
    as a module."""
    with open(os.path.join(EXAMPLES, name + ".py")) as f:
        src = f.read()
    assert src.count(old) == count, old
    path = tmp_path / f"{name}_variant.py"
    path.write_text(src.replace(old, new))
    spec = importlib.util.spec_from_file_location(f"{name}_variant", path)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def test_flash_attention_with_the_guides_beta_is_wrong(tmp_path):
    rng = np.random.default_rng(4)
    q, k, v = (rng.standard_normal((1, 128, 64)).astype(np.float32) for _ in range(3))
    o = np.zeros_like(q)
    mod = load_variant(tmp_path, "kernel_flash_attention",
                       "l_i = alpha * l_i + ts.tile.row_sum(p)",
                       "beta = ts.tile.exp(m_new - m_i_new)\n"
                       "        l_i = alpha * l_i + beta * ts.tile.row_sum(p)")
    mod.flash_attention(q, k, v, o, False, grid=(2, 1))
    bad = np.abs(o - mod.oracle(q, k, v, False)).max()
    assert bad > 1e-2, bad  # beta double-scales the new block's row sums


def test_double_buffered_gemm_without_the_epilogue_misses_the_last_block(tmp_path):
    mod = load_variant(tmp_path, "kernel_gemm_double_buffered",
                       "    C += ts.tile.mma(smem_a[write_stage], smem_b[write_stage])"
                       "            # edit: epilogue\n", "")
    rng = np.random.default_rng(1)
    import ml_dtypes

    a = rng.standard_normal((64, 96)).astype(ml_dtypes.bfloat16)
    b = rng.standard_normal((96, 64)).astype(ml_dtypes.bfloat16)
    c = np.zeros((64, 64), np.float32)
    mod.double_buffered_gemm(a, b, c, grid=(1,), check="all")
    # what it computes: K blocks 0 and 1 of 3
    np.testing.assert_array_equal(c, mod.oracle(a[:, :64], b[:64], np.zeros_like(c)))


def test_double_buffered_gemm_without_commits_is_an_async_report(tmp_path):
    # without a commit, wait_group(0) completes nothing: the mma reads buffers still in flight
    mod = load_variant(tmp_path, "kernel_gemm_double_buffered", "ts.tile.cp_commit_group()",
                       "pass", count=2)
    import ml_dtypes

    a = np.ones((64, 64), ml_dtypes.bfloat16)
    b = np.ones((64, 64), ml_dtypes.bfloat16)
    with pytest.raises(KernelSanitizerError) as e:
        mod.double_buffered_gemm(a, b, np.zeros((64, 64), np.float32), grid=(1,), check="all")
    assert e.value.kind == "async"
