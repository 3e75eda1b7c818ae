"""Shared by the tests of upstream op family misc: runs a function of a program with
tessera-interp on .npy inputs and reads its named results back (raw bf16 bits as ml_dtypes)."""
import pathlib
import subprocess
import sys

import ml_dtypes
import numpy as np

BF16 = ml_dtypes.bfloat16


class Runner:
    def __init__(self, interp, folder, source):
        self.interp = interp
        self.d = pathlib.Path(folder)
        self.src = self.d / "prog.mlir"
        self.src.write_text(source)
        self.count = 0

    def run(self, entry, inputs, outputs, threads=2, src=None, expect_error=None):
        """inputs: name -> array; outputs: result names (the returned SSA names)."""
        self.count += 1
        out = self.d / f"out{self.count}"
        args = [self.interp, "run", str(src or self.src), "--entry", entry, "--output-dir",
                str(out), "--threads", str(threads)]
        for name, x in inputs.items():
            path = self.d / f"in{self.count}_{name}.npy"
            np.save(path, x)
            args += ["--input", f"{name}={path}"]
        p = subprocess.run(args, capture_output=True, text=True, timeout=60)
        if expect_error is not None:
            if p.returncode == 0 or expect_error not in p.stderr:
                sys.exit(f"FAIL {entry}: expected an error with {expect_error!r}, got rc "
                         f"{p.returncode}: {p.stderr}")
            return None
        if p.returncode != 0:
            sys.exit(f"FAIL {entry}: {p.stderr}")
        res = []
        for name in outputs:
            y = np.load(out / f"{name}.npy")
            bf = any(np.asarray(x).dtype == BF16 for x in inputs.values())
            res.append(y.view(BF16) if bf and y.dtype == np.uint16 else y)
        return res


def same_bits(a, b):
    a, b = np.asarray(a), np.asarray(b)
    return a.dtype == b.dtype and a.shape == b.shape and \
        np.array_equal(a.view(np.uint8), b.view(np.uint8))
