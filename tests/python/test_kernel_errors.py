"""Malformed kernels: every one is a TesseraError (a KernelSyntaxError at compile time or a
KernelRunError from the verifier or the run) naming a line of the kernel, never another Python
exception or a crash."""
import importlib.util

import numpy as np
import pytest

import tessera as ts
from tessera.kernel import KernelError

BODIES = [
    "x[0] = x", "x[0] = ts.tile.lane_id()", "x[0:2] = 1.0",
    "t = ts.tile.zeros((4, 4), ts.f32)\n    x[0] = t", "x[0] = ts.tile.mma(x, x)",
    "a = ts.tile.alloc_shared((4,), ts.f32)\n    ts.tile.cp_async(a, x[0:4])",
    "a = ts.tile.alloc_shared((4, 4), ts.f32)\n    ts.tile.cp_async(a, x)",
    "x[0] = x[0] @ x[1]", "x[0] = x[0] ** 0.5", "x[0] = [1, 2][ts.tile.linear_id()]",
    "for i in x:\n        pass",
    "for i in range(ts.tile.linear_id(), 4, ts.tile.linear_id()):\n        x[i] = 1.0",
    "while x[0]:\n        pass", "if x:\n        pass", "x[0] = ts.tile.row_max(x)",
    "x[0] = ts.tile.exp(x)", "x[0] = ts.tile.cast(x[0], 'nonsense')",
    "x[0] = ts.tile.full((2,), x, ts.f32)", "ts.tile.store(x)", "ts.tile.load()",
    "ts.tile.atomic_add(x, 1.0)", "ts.tile.shuffle(x[0], 1)", "x.y = 1", "x[0] = x[None]",
    "x[ts.tile.linear_id():] = 1.0", "x[0] = ts.tile.broadcast(x[0], (0,))",
    "x[0] = ts.tile.zeros((1 << 40, 2), ts.f32)", "x[0] = -x", "x[0] = not x[0]",
    "x[0] = ts.tile.reduce(ts.tile.zeros((2, 2), ts.f32), kind='bogus')",
    "ts.tile.all_reduce(x, axis='tp')", "y: int", "x[0] = ts.tile.dim(x, 5)", "x[0] = min(x)",
    "x[0] = ts.tile.maximum(x[0], ts.tile.zeros((2, 2), ts.f32))", "x[0] = 1 if x else 2",
    "x[0] = x[0] if x[0] > 0.0 else ts.tile.lane_id()", "ts.tile.cp_wait_group(100)",
    "x[0] = ts.tile.load(x, 0, 0, 0)", "x[0] = x[2 ** 70]", "x[0] = ts.exp(x[0])",
]


@pytest.mark.parametrize("k", range(len(BODIES)))
def test_malformed_kernel_is_a_located_tessera_error(k, tmp_path):
    body = BODIES[k]
    path = tmp_path / f"kernel_{k}.py"
    path.write_text(f"import tessera as ts\n\n\ndef k(x: ts.Tensor['n', ts.f32]):\n    {body}\n")
    spec = importlib.util.spec_from_file_location(f"kernel_{k}", path)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    with pytest.raises(KernelError) as e:
        ts.kernel(mod.k)(np.zeros(4, np.float32), grid=(1,), tiles=2)
    assert isinstance(e.value, ts.TesseraError)
    # the first line of the message names the kernel's file and a line of its body
    assert str(e.value).startswith(f"{path}:"), str(e.value)
    assert 4 <= int(str(e.value).split(":")[1]) <= 5 + body.count("\n")  # def line 4
