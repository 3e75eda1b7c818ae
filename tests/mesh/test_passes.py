"""insert-collectives on the mesh: the TP MLP of tests/transforms/ (whose printed IR FileCheck
checks there), rewritten by tessera-opt, runs on the mesh and matches numpy; pass errors are
located diagnostics."""
from __future__ import annotations

import os
import subprocess
import tempfile
from pathlib import Path

import numpy as np
import pytest

HERE = Path(__file__).parent
OPT = os.environ.get("TESSERA_OPT", "tessera-opt")
PASSES = HERE.parent / "transforms"
INTERP = os.environ.get("TESSERA_INTERP", "tessera-interp")


def opt(path: Path) -> str:
    p = subprocess.run([OPT, str(path), "--pass", "insert-collectives"], capture_output=True,
                       text=True, timeout=60)
    assert p.returncode == 0, p.stderr
    return p.stdout


def test_rewritten_mlp_runs_on_the_mesh():
    """@mlp after the pass, with global inputs sharded by their ShardSpecs, vs numpy."""
    rng = np.random.default_rng(0)
    x = rng.integers(-3, 4, size=(16, 16)).astype(np.float32)   # global: rows over dp (2)
    w1 = rng.integers(-2, 3, size=(16, 32)).astype(np.float32)  # global: cols over tp (4)
    w2 = rng.integers(-2, 3, size=(32, 16)).astype(np.float32)  # global: rows over tp (4)
    want = np.maximum(x @ w1, 0) @ w2
    with tempfile.TemporaryDirectory() as tmp:
        prog = Path(tmp) / "mlp.mlir"
        prog.write_text(opt(PASSES / "insert_collectives.mlir"))
        args = [INTERP, "run", str(prog), "--entry", "mlp", "--output-dir", tmp]
        for name, arr in (("x", x), ("w1", w1), ("w2", w2)):
            np.save(Path(tmp) / f"{name}.npy", arr)
            args += ["--input", f"{name}={Path(tmp) / (name + '.npy')}"]
        p = subprocess.run(args, capture_output=True, text=True, timeout=120)
        assert p.returncode == 0, p.stderr
        got = np.load(Path(tmp) / "0.npy")
    np.testing.assert_array_equal(got, want)


def test_bad_result_shards_is_diagnosed(tmp_path):
    """insert_collectives_c1: a malformed tessera.result_shards is a located error, exit 1."""
    src = tmp_path / "bad.mlir"
    src.write_text('module attributes {tessera.mesh = {axes = ["tp"], shape = [4]}} {\n'
                   '  func.func @f(%x: tensor<8x4xf32>) -> tensor<8x4xf32>'
                   ' attributes {tessera.result_shards = [{partition = ["row"], mesh_axes = ["zz"]}]} {\n'
                   '    return %x : tensor<8x4xf32>\n  }\n}\n')
    p = subprocess.run([OPT, str(src), "--pass", "insert-collectives"], capture_output=True,
                       text=True, timeout=60)
    assert p.returncode == 1, p.stderr
    assert "(insert_collectives_c1)" in p.stderr and "bad.mlir:2:3" in p.stderr
