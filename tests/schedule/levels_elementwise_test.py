#!/usr/bin/env python3
"""Elementwise chains through every level (docs/ops/schedule/lowering.md, "Elementwise chains"):
f32 chains with numpy-broadcast operands and rsqrt, i32 chains that wrap, each lowered to one
Tile IR kernel and to Target IR, bit for bit equal to a numpy oracle (float32 / int32 arithmetic:
one IEEE rounding per op; two's complement wrap) at every level; bf16 stays at Schedule IR with
its reason.

Usage: levels_elementwise_test.py TESSERA_INTERP
"""
import pathlib
import subprocess
import sys
import tempfile

import numpy as np

INTERP = sys.argv[1]
FAILS = []


def run(*args):
    p = subprocess.run([INTERP, *map(str, args)], capture_output=True, text=True, timeout=300)
    if p.returncode != 0:
        raise SystemExit(f"FAIL: {' '.join(map(str, args))}\n{p.stdout}\n{p.stderr}")
    return p.stdout


def check(cond, msg):
    if not cond:
        FAILS.append(msg)
        print("FAIL:", msg)


def t(shape, et):
    return "tensor<" + "".join(f"{n}x" for n in shape) + et + ">"


def prog(et, params, steps, out):
    """params: name -> shape; steps: (op, lhs, rhs or None) on the result shape `out`."""
    args = ", ".join(f"%{n}: {t(s, et)}" for n, s in params.items())
    shape = dict(params)
    body, last = [], None
    for k, (op, a, b) in enumerate(steps):
        ins = [a] + ([b] if b else [])
        tys = ", ".join(t(shape[v], et) for v in ins)
        body.append(f'    %s{k} = "tessera.{op}"({", ".join("%" + v for v in ins)}) : '
                    f"({tys}) -> {t(out, et)}")
        last = f"s{k}"
        shape[last] = out
    return (f"module {{\n  func.func @main({args}) -> {t(out, et)} {{\n" + "\n".join(body) +
            f"\n    return %{last} : {t(out, et)}\n  }}\n}}\n")


def ieee(f):
    def g(a, b):
        r = f(a, b)
        return np.where(np.isnan(a) | np.isnan(b), np.float32(np.nan), r)
    return g


F32 = {
    "add": np.add, "sub": np.subtract, "mul": np.multiply, "div": np.divide,
    "max": ieee(lambda a, b: np.where(a == b, np.where(np.signbit(a), b, a), np.maximum(a, b))),
    "min": ieee(lambda a, b: np.where(a == b, np.where(np.signbit(a), a, b), np.minimum(a, b))),
    "rsqrt": lambda a: np.float32(1) / np.sqrt(a),
    "relu": lambda a: np.where(np.isnan(a), a, np.where(a > 0, a, np.float32(0))),
}
I32 = {"add": np.add, "sub": np.subtract, "mul": np.multiply, "max": np.maximum,
       "min": np.minimum}


def oracle(table, steps, vals, out):
    env = {k: np.broadcast_to(v, out) for k, v in vals.items()}
    with np.errstate(all="ignore"):
        for k, (op, a, b) in enumerate(steps):
            env[f"s{k}"] = table[op](env[a], env[b]) if b else table[op](env[a])
    return env[f"s{len(steps) - 1}"]


CASES = {
    # A [4, 1, 70] and B [6, 70] broadcast to [4, 6, 70] (rank 3: reshaped to [24, 70], edges in
    # both tiled dims), then a full C, a one-element D and rsqrt in the chain.
    "f32_broadcast_chain": ("f32", {"a": (4, 1, 70), "b": (6, 70), "c": (4, 6, 70), "d": (1,)},
                            [("add", "a", "b"), ("mul", "s0", "c"), ("max", "s1", "d"),
                             ("div", "s2", "b"), ("rsqrt", "s3", None), ("sub", "s4", "a"),
                             ("min", "s5", "c"), ("relu", "s6", None)], (4, 6, 70)),
    # Rank 2 with a row [1, 50] and a column [33, 1]: one launch without reshapes.
    "f32_row_col": ("f32", {"a": (33, 1), "b": (1, 50)}, [("sub", "a", "b"), ("mul", "s0", "b")],
                    (33, 50)),
    # i32 near the limits: add, mul and sub wrap; max and min signed.
    "i32_wrap_chain": ("i32", {"a": (33, 50), "b": (1, 50), "c": (50,)},
                       [("add", "a", "b"), ("mul", "s0", "c"), ("sub", "s1", "a"),
                        ("max", "s2", "b"), ("min", "s3", "c")], (33, 50)),
}

SPECIALS = np.array([np.nan, np.inf, -np.inf, 0.0, -0.0, 1e-45, -3.4e38, 2.0], np.float32)


def inputs(rng, et, shape, k):
    if et == "i32":
        x = rng.integers(-2**31, 2**31, size=shape, dtype=np.int64).astype(np.int32)
        x.flat[:4] = np.array([2**31 - 1, -2**31, 0, -1], np.int32)[:x.size]
        return x
    x = rng.standard_normal(shape).astype(np.float32) * 3
    x.flat[k % 3::7][:8] = SPECIALS[:len(x.flat[k % 3::7][:8])]
    return x


def main():
    rng = np.random.default_rng(14)
    with tempfile.TemporaryDirectory() as d:
        d = pathlib.Path(d)
        for name, (et, params, steps, out) in CASES.items():
            src = d / f"{name}.mlir"
            src.write_text(prog(et, params, steps, out))
            vals, ins = {}, []
            for k, (n, s) in enumerate(params.items()):
                vals[n] = inputs(rng, et, s, k)
                np.save(d / f"{name}.{n}.npy", vals[n])
                ins += ["--input", f"{n}={d / f'{name}.{n}.npy'}"]
            want = oracle(F32 if et == "f32" else I32, steps, vals, out)
            bits = want.view(np.uint32 if et == "f32" else np.int32)
            for level in ("graph", "schedule", "tile", "target"):
                od = d / f"{name}.{level}"
                run("run", src, "--level", level, *ins, "-o", od)
                (f,) = list(od.glob("*.npy"))
                got = np.load(f)
                same = got.view(bits.dtype) == bits
                if et == "f32":
                    same |= np.isnan(got) & np.isnan(want)
                check(got.shape == want.shape and same.all(),
                      f"{name}: {level} differs from numpy at {np.argwhere(~same)[:4].tolist()}")
            tile = run("lower", src, "--to", "tile")
            check(tile.count("tile.launch") == 1 and "not_lowered" not in tile,
                  f"{name}: not one tile.launch:\n{tile}")
            target = run("lower", src, "--to", "target")
            check("tessera_nvidia.launch" in target and "tile.launch" not in target,
                  f"{name}: no Target IR launch")
            v = run("validate", src, *ins)
            check("target: bit-exact" in v, f"{name}: validate: {v}")
        # bf16 has no Target IR registers to round each op's result to: it stays, with its reason.
        src = d / "bf16.mlir"
        src.write_text(prog("bf16", {"a": (8, 8), "b": (8, 8)}, [("add", "a", "b")], (8, 8)))
        tile = run("lower", src, "--to", "tile")
        check('schedule.not_lowered = "Target IR has no bf16 registers' in tile,
              f"bf16: expected to stay at Schedule IR:\n{tile}")
    if FAILS:
        raise SystemExit(f"{len(FAILS)} failures")
    print("ok")


if __name__ == "__main__":
    main()
