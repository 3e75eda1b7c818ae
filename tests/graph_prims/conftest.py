"""Fixtures: run one op through tessera-interp (env TESSERA_INTERP) on numpy inputs."""
import os
import pathlib
import subprocess
import sys

import numpy as np
import pytest

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[2] / "conformance" / "gen"))

_MLIR = {np.dtype(np.float32): "f32", np.dtype(np.float64): "f64", np.dtype(np.int32): "i32",
         np.dtype(np.int64): "i64", np.dtype(np.int8): "i8", np.dtype(np.uint8): "ui8",
         np.dtype(np.uint16): "ui16", np.dtype(np.int16): "i16", np.dtype(np.uint32): "ui32",
         np.dtype(np.uint64): "ui64", np.dtype(np.bool_): "i1"}


def ttype(shape, dtype):
    return "tensor<" + "".join(f"{d}x" for d in shape) + _MLIR[np.dtype(dtype)] + ">"


@pytest.fixture(scope="session")
def interp():
    path = os.environ.get("TESSERA_INTERP")
    if not path or not os.path.exists(path):
        pytest.fail("set TESSERA_INTERP to the tessera-interp binary")
    return path


@pytest.fixture
def run_op(interp, tmp_path):
    """run_op(op, inputs, results=[(shape, dtype)], attrs="", threads=1) -> list of arrays;
    with check=False returns the CompletedProcess instead."""

    def run(op, inputs, results, attrs="", threads=1, check=True):
        names = [f"%a{i}" for i in range(len(inputs))]
        ins = [ttype(a.shape, a.dtype) for a in inputs]
        outs = [ttype(s, d) for s, d in results]
        rt = outs[0] if len(outs) == 1 else "(" + ", ".join(outs) + ")"
        head = "%0" if len(outs) == 1 else f"%0:{len(outs)}"
        rets = "%0" if len(outs) == 1 else ", ".join(f"%0#{k}" for k in range(len(outs)))
        attr = f" {{{attrs}}}" if attrs else ""
        sig = ", ".join(f"{n}: {t}" for n, t in zip(names, ins))
        prog = (f"func.func @main({sig}) -> {rt} {{\n"
                f'  {head} = "{op}"({", ".join(names)}){attr} : ({", ".join(ins)}) -> {rt}\n'
                f"  return {rets} : {', '.join(outs)}\n}}\n")
        (tmp_path / "p.mlir").write_text(prog)
        args = [interp, "run", str(tmp_path / "p.mlir"), "--threads", str(threads),
                "--output-dir", str(tmp_path / "out")]
        for n, a in zip(names, inputs):
            np.save(tmp_path / f"{n[1:]}.npy", a)
            args += ["--input", f"{n[1:]}={tmp_path / (n[1:] + '.npy')}"]
        p = subprocess.run(args, capture_output=True, text=True, timeout=120)
        if not check:
            return p
        assert p.returncode == 0, (prog, p.stderr)
        return [np.load(tmp_path / "out" / f"{k}.npy") for k in range(len(outs))]

    return run
