#!/usr/bin/env python3
"""tessera.adam and tessera.adamw with a step operand (docs/ops/schedule/lowering.md,
"Optimizers"; adam_c4): the bias corrections 1 - beta^step come from a rank-0 integer operand read
by the kernel, so the lowered kernel computes the spec's pow64 of the run-time step. Every level
gives the bits of a numpy oracle (the update in the element type, one rounding per step; the
corrections from Python's float power of float(step), which agrees with the spec's correctly
rounded pow64 on these values), for steps of i64, i32 and ui8, f32 and f64, and a step so large
that beta^step underflows. A step of 0 or below stops the lowered run with an error, as it stops
the Graph IR kernel (adam_c4).

Usage: levels_optim_test.py TESSERA_INTERP
"""
import pathlib
import tempfile

import numpy as np

from levels_common import check, check_case, finish, run_proc  # noqa: E402
from levels_reduce_test import D, F, adam_oracle, program  # noqa: E402


def main():
    rng = np.random.default_rng(41)
    with tempfile.TemporaryDirectory() as d:
        d = pathlib.Path(d)
        for name, op, dt, shape, st, step in [
            ("adam_f32_i64_step7", "adam", F, (3, 5), np.int64, 7),
            ("adamw_f32_i32_step1000", "adamw", F, (2, 3, 4), np.int32, 1000),
            ("adam_f64_ui8_step255", "adam", D, (9,), np.uint8, 255),
            ("adamw_f64_i64_step2e40", "adamw", D, (4, 3), np.int64, 2**40 + 3),
            ("adam_f32_i64_step1", "adam", F, (6,), np.int64, 1),
        ]:
            p, g, m = (rng.standard_normal(shape).astype(dt) for _ in range(3))
            v = np.abs(rng.standard_normal(shape)).astype(dt)
            s = np.array(step, st)
            lr, wd, b1, b2 = 1e-2, 0.05, 0.875, 0.99
            want = adam_oracle(p, g, m, v, lr, float(step), op == "adamw", wd, b1, b2, T=dt)
            attrs = (f" {{lr = 1.0e-02, beta1 = 0.875, beta2 = 0.99"
                     f"{', weight_decay = 5.0e-02' if op == 'adamw' else ''}}}")
            src, _ = check_case(d, name, program(op, [(shape, dt)] * 4 + [((), st)],
                                                 [(shape, dt)] * 3, attrs),
                                [p, g, m, v, s], want)
        # A step of 0 or -3: adam_c4 stops the Graph IR kernel, and the lowered kernel's load
        # one past the end of p stops its run, with an error, not a signal.
        base = [f"a{i}={d / f'adam_f32_i64_step7.in{i}.npy'}" for i in range(4)]
        for bad in (0, -3):
            np.save(d / "bad.npy", np.array(bad, np.int64))
            ins = sum([["--input", b] for b in base + [f"a4={d / 'bad.npy'}"]], [])
            for level in ("graph", "tile", "target"):
                r = run_proc("run", d / "adam_f32_i64_step7.mlir", "--level", level, *ins,
                             ok=False)
                check(r.returncode > 0 and "error" in r.stderr and r.returncode < 128,
                      f"adam step {bad} at {level}: rc {r.returncode}: {r.stderr}")
    finish()


if __name__ == "__main__":
    main()
