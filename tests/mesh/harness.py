"""Runs mesh programs through `tessera-interp run` with per-rank .npy inputs and outputs."""
from __future__ import annotations

import os
import subprocess
import tempfile
from pathlib import Path

import ml_dtypes
import numpy as np

INTERP = os.environ.get("TESSERA_INTERP", "tessera-interp")

MLIR = {
    np.dtype(np.float64): "f64", np.dtype(np.float32): "f32", np.dtype(np.float16): "f16",
    np.dtype(ml_dtypes.bfloat16): "bf16", np.dtype(ml_dtypes.float8_e4m3fn): "f8E4M3FN",
    np.dtype(ml_dtypes.float8_e5m2): "f8E5M2", np.dtype(np.int8): "i8", np.dtype(np.int16): "i16",
    np.dtype(np.int32): "i32", np.dtype(np.int64): "i64", np.dtype(np.uint8): "ui8",
    np.dtype(np.uint32): "ui32", np.dtype(np.uint64): "ui64",
}


def ttype(shape, dtype) -> str:
    dims = "x".join(str(d) for d in shape)
    return f"tensor<{dims}x{MLIR[np.dtype(dtype)]}>" if shape else f"tensor<{MLIR[np.dtype(dtype)]}>"


def mesh_attr(axes, shape) -> str:
    a = ", ".join(f'"{x}"' for x in axes)
    s = ", ".join(str(x) for x in shape)
    return f"tessera.mesh = {{axes = [{a}], shape = [{s}]}}"


def _raw(arr: np.ndarray) -> np.ndarray:
    if arr.dtype.kind == "V" or arr.dtype in (np.dtype(ml_dtypes.bfloat16), np.dtype(ml_dtypes.float8_e4m3fn),
                                              np.dtype(ml_dtypes.float8_e5m2)):
        return arr.view(np.uint8 if arr.dtype.itemsize == 1 else np.uint16)
    return arr


def run(module: str, per_rank_inputs: dict[str, list[np.ndarray]], out_dtypes: list, names=None,
        extra=(), expect_fail=False, threads="2"):
    """Runs @main; returns per-result lists of per-rank arrays (or (rc, stderr) if expect_fail)."""
    with tempfile.TemporaryDirectory() as tmp:
        src = Path(tmp) / "prog.mlir"
        src.write_text(module)
        args = [INTERP, "run", str(src), "--output-dir", str(Path(tmp) / "out"), "--per-rank-outputs",
                "--threads", threads, *extra]
        for name, arrays in per_rank_inputs.items():
            for r, a in enumerate(arrays):
                f = Path(tmp) / f"{name}@{r}.npy"
                np.save(f, _raw(np.ascontiguousarray(a)))
                args += ["--input", f"{name}@{r}={f}"]
        p = subprocess.run(args, capture_output=True, text=True, timeout=600)
        if expect_fail:
            return p.returncode, p.stderr
        assert p.returncode == 0, p.stderr
        nranks = len(next(iter(per_rank_inputs.values()))) if per_rank_inputs else None
        outs = []
        for k, dt in enumerate(out_dtypes):
            stem = names[k] if names else str(k)
            files = sorted(Path(tmp, "out").glob(f"{stem}@*.npy"), key=lambda p: int(p.stem.split("@")[1]))
            if nranks is not None:
                assert len(files) == nranks
            outs.append([np.load(f).view(dt) for f in files])
        return outs
