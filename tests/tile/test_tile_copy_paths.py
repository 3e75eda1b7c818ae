"""Tile simulator copy paths against numpy: async copies, load_tile and store_tile through shared
buffers of every layout (plain, xor swizzle, padding, both) and several element types.

The simulator copies unchecked buffers run by run (whole rows, or one 16-byte swizzle chunk at a
time: interp/tile/memory.h for_phys_runs) and checked ones (--check all) element by element
through Buffer::phys; vector loads always go element by element. Both runs must equal the numpy
oracle (slicing and zero fill) bit for bit; with a wrong run layout the fast copies and the
element loads disagree.
TESSERA_INTERP names the tool.
"""
import os
import subprocess

import ml_dtypes
import numpy as np
import pytest

TOOL = os.environ.get("TESSERA_INTERP", "tessera-interp")

ROWS, COLS = 16, 32  # the shared buffer
XR, XC = 20, 40  # the global source
COPY_AT = (8, 12)  # async copy window origin: rows 20.. and cols 40.. hang outside (zero fill)
LOAD_AT, LOAD = (2, 3), (8, 24)  # a window that starts and ends inside swizzle chunks
STORE_AT = (6, 1)

LAYOUTS = {
    "plain": "",
    "xor": '{swizzle = "xor"}',
    "pad3": "{padding = 3}",
    "xor_pad5": '{swizzle = "xor", padding = 5}',
}
TYPES = {"f32": np.float32, "bf16": ml_dtypes.bfloat16, "i32": np.int32}


def module(layout, dt):
    g = f"memref<?x?x{dt}>"
    s = f"memref<{ROWS}x{COLS}x{dt}, 3>"
    lr, lc = LOAD
    consts = "\n".join(f"    %c{v} = arith.constant {{value = {v} : index}} : index"
                       for v in sorted({0, 1, 8, ROWS, COLS, *COPY_AT, *LOAD_AT, *STORE_AT}))
    return f"""module {{
  func.func @k(%x: {g}, %y: {g}) {{
{consts}
    %s = tile.alloc_shared {LAYOUTS[layout]} : {s}
    tile.async_copy %x, %s, %c{COPY_AT[0]}, %c{COPY_AT[1]} {{mask = true}} : ({g}, {s}, index, index) -> ()
    tile.commit_group : () -> ()
    tile.wait_group {{n = 0}} : () -> ()
    %t = tile.load_tile %s, %c{LOAD_AT[0]}, %c{LOAD_AT[1]} : ({s}, index, index) -> tensor<{lr}x{lc}x{dt}>
    tile.store_tile %t, %s, %c{STORE_AT[0]}, %c{STORE_AT[1]} : (tensor<{lr}x{lc}x{dt}>, {s}, index, index) -> ()
    %u = tile.load_tile %s, %c0, %c0 : ({s}, index, index) -> tensor<{ROWS}x{COLS}x{dt}>
    tile.store_tile %u, %y, %c0, %c0 : (tensor<{ROWS}x{COLS}x{dt}>, {g}, index, index) -> ()
    // Rows ROWS.. of y: the same buffer read by vector loads, element by element (Buffer::phys).
    "scf.for"(%c0, %c{ROWS}, %c1) ({{
    ^bb0(%i: index):
      %yi = arith.addi %i, %c{ROWS} : index
      "scf.for"(%c0, %c{COLS}, %c8) ({{
      ^bb0(%j: index):
        %v = tile.load %s, %i, %j : ({s}, index, index) -> vector<8x{dt}>
        tile.store %v, %y, %yi, %j : (vector<8x{dt}>, {g}, index, index) -> ()
        "scf.yield"() : () -> ()
      }}) : (index, index, index) -> ()
      "scf.yield"() : () -> ()
    }}) : (index, index, index) -> ()
    return
  }}
  func.func @main(%x: tensor<{XR}x{XC}x{dt}>) -> tensor<{2 * ROWS}x{COLS}x{dt}> {{
    %y = tile.launch %x {{callee = @k, grid = [1], tiles = 1, lanes = 32}}
        : (tensor<{XR}x{XC}x{dt}>) -> tensor<{2 * ROWS}x{COLS}x{dt}>
    return %y : tensor<{2 * ROWS}x{COLS}x{dt}>
  }}
}}
"""


def oracle(x):
    s = np.zeros((ROWS, COLS), dtype=x.dtype)
    r0, c0 = COPY_AT
    win = x[r0:r0 + ROWS, c0:c0 + COLS]  # numpy clips at the edge: the rest stays zero
    s[:win.shape[0], :win.shape[1]] = win
    (lr, lc), (i0, j0), (k0, l0) = LOAD, LOAD_AT, STORE_AT
    s[k0:k0 + lr, l0:l0 + lc] = s[i0:i0 + lr, j0:j0 + lc].copy()
    return np.concatenate([s, s])  # window copies, then element-wise loads of the same buffer


@pytest.mark.parametrize("dt", sorted(TYPES))
@pytest.mark.parametrize("layout", sorted(LAYOUTS))
@pytest.mark.parametrize("checked", [False, True])
def test_copies_match_numpy(layout, dt, checked, tmp_path):
    rng = np.random.default_rng(5)
    if dt == "i32":
        x = rng.integers(-2**31, 2**31, size=(XR, XC), dtype=np.int64).astype(np.int32)
    else:
        x = rng.standard_normal((XR, XC)).astype(np.float32).astype(TYPES[dt])
    prog = tmp_path / "k.mlir"
    prog.write_text(module(layout, dt))
    np.save(tmp_path / "x.npy", x)
    args = [TOOL, "run", str(prog), "-i", f"x={tmp_path / 'x.npy'}", "-o", str(tmp_path)]
    if checked:
        args += ["--check", "all"]
    p = subprocess.run(args, capture_output=True, text=True, timeout=120)
    assert p.returncode == 0, p.stderr
    y = np.load(tmp_path / "y.npy")
    if dt == "bf16":
        y = y.view(ml_dtypes.bfloat16) if y.dtype != ml_dtypes.bfloat16 else y
    want = oracle(x)
    assert y.shape == want.shape
    assert y.tobytes() == want.tobytes()
