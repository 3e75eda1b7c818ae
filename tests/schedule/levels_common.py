"""Helpers of the level-pipeline scripts (levels_*_test.py TESSERA_INTERP): run the tool, collect
failures, and check one program at every level."""
import re
import subprocess
import sys

import ml_dtypes
import numpy as np

INTERP = sys.argv[1]
FAILS = []
LEVELS = ("graph", "schedule", "tile", "target")


def run_proc(*args, ok=True):
    """tessera-interp ARGS -> the finished process; with `ok`, a non-zero exit ends the script."""
    p = subprocess.run([INTERP, *map(str, args)], capture_output=True, text=True, timeout=300)
    if ok and p.returncode != 0:
        raise SystemExit(f"FAIL: {' '.join(map(str, args))}\n{p.stdout}\n{p.stderr}")
    return p


def run(*args):
    """tessera-interp ARGS -> stdout; a non-zero exit ends the script."""
    return run_proc(*args).stdout


def check(cond, msg):
    if not cond:
        FAILS.append(msg)
        print("FAIL:", msg)


def t(shape, et):
    return "tensor<" + "".join(f"{n}x" for n in shape) + et + ">"


def run_levels(d, name, src, ins):
    """Runs `src` (one result) at every level with the --input flags `ins`; yields (level, result)."""
    for level in LEVELS:
        od = d / f"{name}.{level}"
        run("run", src, "--level", level, *ins, "-o", od)
        (f,) = list(od.glob("*.npy"))
        yield level, np.load(f)


def check_one_launch(name, src):
    """`src` lowers to exactly one tile.launch of a group's kernel (besides the gather launches
    of the data movement placed around it, `@..._move<k>_kernel`) and on to Target IR."""
    tile = run("lower", src, "--to", "tile")
    launches = [line for line in tile.splitlines() if "tile.launch" in line]
    groups = [line for line in launches if not re.search(r"callee = @\w+_move\d+_kernel", line)]
    check(len(groups) == 1 and "not_lowered" not in tile,
          f"{name}: not one tile.launch:\n{tile}")
    target = run("lower", src, "--to", "target")
    check("tessera_nvidia.launch" in target and "tile.launch" not in target,
          f"{name}: no Target IR launch")


def check_stays_at_schedule(src, reason):
    """`src` is not lowered to Tile IR: it stays at Schedule IR, marked with `reason`."""
    tile = run("lower", src, "--to", "tile")
    check(f'schedule.not_lowered = "{reason}' in tile,
          f"{src.stem}: expected to stay at Schedule IR:\n{tile}")


def check_lowers_to_target(name, src):
    """`src` lowers to Tile IR launches with no group left at Schedule IR, and on to Target IR."""
    tile = run_proc("lower", src, "--to", "tile").stdout
    target = run_proc("lower", src, "--to", "target").stdout
    check("tile.launch" in tile and "schedule.not_lowered" not in tile, f"{name}: lowers to Tile IR")
    check("tessera_nvidia.launch" in target, f"{name}: lowers to Target IR")


def check_validates(name, src, ins):
    """`tessera-interp validate` finds the Tile and Target IR levels of `src` bit-exact."""
    v = run_proc("validate", src, *ins)
    check("tile: bit-exact" in v.stdout and "target: bit-exact" in v.stdout,
          f"{name}: validate: {v.stdout}")


def one_op_program(op, ins, out_shape, et, attrs=""):
    """A module whose @main applies "tessera.OP" {attrs} to arrays `ins` (all of element type
    `et`), giving one result of `out_shape`."""
    args = ", ".join(f"%a{i}: {t(a.shape, et)}" for i, a in enumerate(ins))
    types = ", ".join(t(a.shape, et) for a in ins)
    names = ", ".join(f"%a{i}" for i in range(len(ins)))
    rt = t(out_shape, et)
    attr = f" {{{attrs}}}" if attrs else ""
    return (f"module {{\n  func.func @main({args}) -> {rt} {{\n"
            f'    %r = "tessera.{op}"({names}){attr} : ({types}) -> {rt}\n'
            f"    return %r : {rt}\n  }}\n}}\n")


def save_inputs(d, name, ins):
    """Saves arrays `ins` beside the program `name` in `d`; returns the --input flags binding
    them to %a0, %a1, ..."""
    flags = []
    for i, a in enumerate(ins):
        np.save(d / f"{name}.in{i}.npy", a)
        flags += ["--input", f"a{i}={d / f'{name}.in{i}.npy'}"]
    return flags


def same_bits(got, want):
    """Equal bit patterns element by element; two NaNs match (the `bitexact` rule)."""
    got, want = np.ascontiguousarray(np.atleast_1d(got)), np.ascontiguousarray(np.atleast_1d(want))
    if got.shape != want.shape or got.dtype.itemsize != want.dtype.itemsize:
        return False
    g = np.ascontiguousarray(got).view(want.dtype)  # bf16 .npy files may load as raw bytes
    size = want.dtype.itemsize
    eq = (g.view(np.uint8).reshape(-1, size) == want.view(np.uint8).reshape(-1, size)).all(axis=1)
    if want.dtype.kind == "f" or want.dtype == ml_dtypes.bfloat16:
        eq |= (np.isnan(g.astype(np.float64)) & np.isnan(want.astype(np.float64))).ravel()
    return bool(eq.all())


def check_case(d, name, src_text, inputs, wants):
    """`src_text` with `inputs` bound to %a0, %a1, ... gives `wants` bit for bit (two NaNs
    match) at every level, lowers to one launch, and `validate` finds Target IR bit-exact.
    Returns the source file and its --input flags."""
    src = d / f"{name}.mlir"
    src.write_text(src_text)
    ins = save_inputs(d, name, inputs)
    for level in LEVELS:
        od = d / f"{name}.{level}"
        run("run", src, "--level", level, *ins, "-o", od)
        got = [np.load(f) for f in sorted(od.glob("*.npy"))]
        check(len(got) == len(wants) and all(same_bits(g, w) for g, w in zip(got, wants)),
              f"{name}: {level} gives {[g.ravel()[:3] for g in got]}, "
              f"the oracle {[w.ravel()[:3] for w in wants]}")
    check_one_launch(name, src)
    v = run("validate", src, *ins)
    check("target: bit-exact" in v, f"{name}: validate: {v}")
    return src, ins


def finish():
    if FAILS:
        raise SystemExit(f"{len(FAILS)} failures")
    print("ok")


def input_flags(d, name, arrays, prefix="a"):
    """Saves arrays[i] as d/NAME.in<i>.npy; returns the --input flags binding %<prefix><i>."""
    flags = []
    for i, a in enumerate(arrays):
        np.save(d / f"{name}.in{i}.npy", a)
        flags += ["--input", f"{prefix}{i}={d / f'{name}.in{i}.npy'}"]
    return flags
