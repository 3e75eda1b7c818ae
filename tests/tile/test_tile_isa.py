"""tile.mma on every ISA: the register-blocked kernels (AVX2: 4 rows, AVX-512: 8 rows, widths 16,
32 and 64) and the readable loop (TESSERA_ISA=scalar, and every other width) run the same FMA
chains, so results are bit-identical; the scalar run is also checked against numpy float64.
Row counts that leave a remainder after the row blocks and a transposed b are included.
TESSERA_INTERP names the tool.
"""
import os
import subprocess

import numpy as np
import pytest

TOOL = os.environ.get("TESSERA_INTERP", "tessera-interp")


def module(m, n, k, layout_b):
    ga, gb, gc = (f"memref<?x?xf32>",) * 3
    bshape = f"{n}x{k}" if layout_b == "col" else f"{k}x{n}"
    attrs = ' {layout_b = "col"}' if layout_b == "col" else ""
    return f"""module {{
  func.func @k(%a: {ga}, %b: {gb}, %c: {gc}) {{
    %c0 = arith.constant {{value = 0 : index}} : index
    %ta = tile.load_tile %a, %c0, %c0 : ({ga}, index, index) -> tensor<{m}x{k}xf32>
    %tb = tile.load_tile %b, %c0, %c0 : ({gb}, index, index) -> tensor<{bshape}xf32>
    %z = tile.zeros : tensor<{m}x{n}xf32>
    %d = tile.mma %ta, %tb, %z{attrs} : (tensor<{m}x{k}xf32>, tensor<{bshape}xf32>, tensor<{m}x{n}xf32>) -> tensor<{m}x{n}xf32>
    tile.store_tile %d, %c, %c0, %c0 : (tensor<{m}x{n}xf32>, {gc}, index, index) -> ()
    return
  }}
  func.func @main(%a: tensor<{m}x{k}xf32>, %b: tensor<{bshape}xf32>) -> tensor<{m}x{n}xf32> {{
    %c = tile.launch %a, %b {{callee = @k, grid = [1], tiles = 1, lanes = 32}}
        : (tensor<{m}x{k}xf32>, tensor<{bshape}xf32>) -> tensor<{m}x{n}xf32>
    return %c : tensor<{m}x{n}xf32>
  }}
}}
"""


def isas():
    v = ["scalar", "avx2"]
    with open("/proc/cpuinfo") as f:
        if "avx512f" in f.read():
            v.append("avx512")
    return v


@pytest.mark.parametrize("m,n,k,layout_b", [(13, 32, 37, "row"), (32, 16, 8, "row"),
                                            (11, 64, 20, "col"), (9, 24, 16, "row"),
                                            (40, 32, 64, "row")])
def test_mma_is_bit_identical_on_every_isa(m, n, k, layout_b, tmp_path):
    rng = np.random.default_rng(m * 1000 + n + k)
    a = rng.standard_normal((m, k)).astype(np.float32)
    b = rng.standard_normal((n, k) if layout_b == "col" else (k, n)).astype(np.float32)
    a[0, 0] = np.float32(1e-41)  # a subnormal and a -0 in the chains
    b[0, 1] = np.float32(-0.0)
    prog = tmp_path / "mma.mlir"
    prog.write_text(module(m, n, k, layout_b))
    np.save(tmp_path / "a.npy", a)
    np.save(tmp_path / "b.npy", b)
    outs = {}
    for isa in isas():
        d = tmp_path / isa
        p = subprocess.run([TOOL, "run", str(prog), "-i", f"a={tmp_path / 'a.npy'}", "-i",
                            f"b={tmp_path / 'b.npy'}", "-o", str(d)],
                           capture_output=True, text=True, timeout=120,
                           env=dict(os.environ, TESSERA_ISA=isa))
        assert p.returncode == 0, p.stderr
        outs[isa] = np.load(d / "c.npy")
    bm = b.T if layout_b == "col" else b
    want = a.astype(np.float64) @ bm.astype(np.float64)
    assert np.allclose(outs["scalar"], want, rtol=1e-5, atol=1e-5)
    for isa, got in outs.items():
        assert got.tobytes() == outs["scalar"].tobytes(), isa
