"""Runs one function of a small module through `tessera-interp run` on numpy inputs and returns
its results by position (shared by the tests of this folder)."""
import pathlib
import subprocess
import sys
import tempfile

import numpy as np


class Runner:
    def __init__(self, interp):
        self.interp = interp
        self.tmp = tempfile.TemporaryDirectory()
        self.dir = pathlib.Path(self.tmp.name)
        self.count = 0

    def run(self, src, inputs, threads=2, expect_error=None):
        """Runs @f of `src` (its results returned as %r0, %r1, ...) with the positional `inputs`;
        returns the results in order, or checks
        that it fails with `expect_error` in stderr."""
        self.count += 1
        d = self.dir / f"case{self.count}_{threads}"
        d.mkdir()
        (d / "m.mlir").write_text(src)
        args = [self.interp, "run", str(d / "m.mlir"), "--entry", "f", "--output-dir",
                str(d / "out"), "--threads", str(threads)]
        for k, x in enumerate(inputs):
            np.save(d / f"in{k}.npy", x)
            args += ["--input", f"{k}={d / f'in{k}.npy'}"]
        p = subprocess.run(args, capture_output=True, text=True, timeout=60)
        if expect_error is not None:
            if p.returncode == 0 or expect_error not in p.stderr:
                sys.exit(f"FAIL: expected an error with {expect_error!r}, got rc {p.returncode}: "
                         f"{p.stderr}\n{src}")
            return None
        if p.returncode != 0:
            sys.exit(f"FAIL: {p.stderr}\n{src}")
        outs = sorted((d / "out").glob("r*.npy"), key=lambda f: int(f.stem[1:]))
        return [np.load(f) for f in outs]

    def run_det(self, src, inputs):
        """run() with 1 and 4 threads; the results must be the same bits."""
        a = self.run(src, inputs, threads=1)
        b = self.run(src, inputs, threads=4)
        for x, y in zip(a, b):
            if x.tobytes() != y.tobytes():
                sys.exit(f"FAIL: results differ between 1 and 4 threads\n{src}")
        return a


def check(name, got, want, rtol, atol=0.0):
    got, want = np.asarray(got, np.float64), np.asarray(want, np.float64)
    if got.shape != want.shape:
        sys.exit(f"FAIL {name}: shape {got.shape}, want {want.shape}")
    ok = np.abs(got - want) <= atol + rtol * np.abs(want)
    ok |= np.isnan(got) & np.isnan(want)
    if not np.all(ok):
        i = np.argmax(~ok.reshape(-1))
        sys.exit(f"FAIL {name}: element {i}: got {got.reshape(-1)[i]!r}, "
                 f"want {want.reshape(-1)[i]!r}")
    print(f"ok {name}")


def ty(shape, dt="f32"):
    return "tensor<" + "".join(f"{d}x" for d in shape) + dt + ">"
