"""Tile -> Target lowering run end to end: the seed kernels of examples/tile/ lowered by
`tessera-opt --pass tile-to-target` must give the same bits as their Tile IR (which the tile
tests check against tessera.matmul / tessera.flash_attn and numpy)."""
import os
import subprocess

import numpy as np
import pytest

TOOL = os.environ.get("TESSERA_INTERP", "tessera-interp")
OPT = os.environ.get("TESSERA_OPT", "tessera-opt")
HERE = os.path.dirname(os.path.abspath(__file__))
EXAMPLES = os.path.join(HERE, "..", "..", "examples", "tile")
RNG = np.random.default_rng(5)


def lower(path, tmp):
    p = subprocess.run([OPT, path, "--pass", "tile-to-target"], capture_output=True, text=True,
                       timeout=120)
    assert p.returncode == 0, p.stderr
    out = tmp / "lowered.mlir"
    out.write_text(p.stdout)
    return out, p.stdout


def run(path, inputs, tmp, *extra):
    tmp.mkdir(parents=True, exist_ok=True)
    args = [TOOL, "run", str(path), "-o", str(tmp)]
    for name, arr in inputs.items():
        f = tmp / f"in_{name}.npy"
        np.save(f, arr)
        args += ["-i", f"{name}={f}"]
    p = subprocess.run(args + list(extra), capture_output=True, text=True, timeout=300)
    assert p.returncode == 0, p.stderr
    return p


CASES = {
    "gemm": ({"a": RNG.standard_normal((128, 128)).astype(np.float32),
              "b": RNG.standard_normal((128, 128)).astype(np.float32)}, "c"),
    "flash_attention": ({n: RNG.standard_normal((1, 1, 128, 64)).astype(np.float32)
                         for n in "qkv"}, "o"),
}


@pytest.mark.parametrize("name", sorted(CASES))
def test_seed_kernel_lowers_and_matches_tile(name, tmp_path):
    inputs, result = CASES[name]
    src = os.path.join(EXAMPLES, f"{name}.mlir")
    lowered, text = lower(src, tmp_path)
    assert "tile." not in text.replace("tile.grid", "")  # nothing of Tile IR is left
    assert "tessera_nvidia.launch" in text
    run(src, inputs, tmp_path / "tile")
    run(lowered, inputs, tmp_path / "target")
    run(lowered, inputs, tmp_path / "target1", "--threads", "1")
    want = np.load(tmp_path / "tile" / f"{result}.npy").view(np.uint32)
    assert (np.load(tmp_path / "target" / f"{result}.npy").view(np.uint32) == want).all()
    assert (np.load(tmp_path / "target1" / f"{result}.npy").view(np.uint32) == want).all()


def test_saxpy_lowers_and_matches_tile(tmp_path):
    """tile.linear_id, scalar tile.load/tile.store and a divergent scf.if (the last group's tiles
    past n = 1000 skip the body)."""
    src = os.path.join(EXAMPLES, "saxpy.mlir")
    lowered, _ = lower(src, tmp_path)
    inputs = {"x": RNG.standard_normal(1000).astype(np.float32),
              "y": RNG.standard_normal(1000).astype(np.float32),
              "alpha": np.array(1.5, np.float32)}
    run(src, inputs, tmp_path / "tile")
    run(lowered, inputs, tmp_path / "target")
    want = np.load(tmp_path / "tile" / "out.npy").view(np.uint32)
    assert (np.load(tmp_path / "target" / "out.npy").view(np.uint32) == want).all()


def test_unsupported_op_is_diagnosed(tmp_path):
    """An op without a lowering gets a located diagnostic and a failing exit, not a crash."""
    src = tmp_path / "atomic.mlir"
    src.write_text("""module {
  func.func @k(%x: memref<4xi32>) {
    %c0 = arith.constant {value = 0 : index} : index
    %one = arith.constant {value = 1 : i32} : i32
    %old = tile.atomic %one, %x, %c0 {kind = "add"} : (i32, memref<4xi32>, index) -> i32
    return
  }
  func.func @main() -> tensor<4xi32> {
    %x = tile.launch {callee = @k, grid = [1], tiles = 1, lanes = 32} : () -> tensor<4xi32>
    return %x : tensor<4xi32>
  }
}
""")
    p = subprocess.run([OPT, str(src), "--pass", "tile-to-target"], capture_output=True,
                       text=True, timeout=60)
    assert p.returncode == 1, p.stderr
    assert "atomic.mlir:5:" in p.stderr and "tile-to-target: has no Target IR lowering yet" \
        in p.stderr, p.stderr
