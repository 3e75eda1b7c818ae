"""Tile IR arith on register tiles means what MLIR's arith means (docs/ops/tile/scalar.md):
bf16/f16 tiles round every result to their type, i1 values are one signed bit, integer division
on tiles checks its divisor like the scalar ops do.

TESSERA_INTERP names the tool. Expected values come from ml_dtypes / numpy computing with one
rounding per op, or from tables derived by hand from MLIR's definitions; never from the simulator.
"""
import os
import subprocess
import sys

import ml_dtypes
import numpy as np
import pytest

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..",
                                "conformance", "gen"))
import spec_expf  # noqa: E402

TOOL = os.environ.get("TESSERA_INTERP", "tessera-interp")
BF16 = ml_dtypes.bfloat16
MLIR_NAME = {np.dtype(BF16): "bf16", np.dtype(np.float16): "f16"}


def kernel(params, body, lanes=32):
    """A one-group, one-tile kernel @k with `params` (a string) and `body` (lines)."""
    return (f"func.func @k({params}) attributes {{tile.grid = [1], tile.tiles = 1, "
            f"tile.lanes = {lanes}}} {{\n" + "\n".join("  " + line for line in body) +
            "\n  return\n}\n")


def run(tmp, text, inputs, expect_rc=0):
    """Runs @k; returns the CompletedProcess. Inputs are saved raw (bf16 as uint16)."""
    src = tmp / "k.mlir"
    src.write_text(text)
    args = [TOOL, "run", str(src), "--entry", "k", "-o", str(tmp / "out")]
    for name, arr in inputs.items():
        p = tmp / f"in_{name}.npy"
        np.save(p, arr.view(np.uint16) if arr.dtype == BF16 else arr)
        args += ["-i", f"{name}={p}"]
    p = subprocess.run(args, capture_output=True, text=True, timeout=600)
    assert p.returncode == expect_rc, p.stderr
    return p


def result(tmp, k, dtype=None):
    a = np.load(tmp / "out" / f"{k}.npy")
    return a.view(dtype) if dtype is not None else a


# --- bf16 / f16 register tiles: one rounding per op ------------------------------------------

R, C = 8, 16


def float_inputs(dt, seed):
    rng = np.random.default_rng(seed)
    a = rng.uniform(-4, 4, (R, C)).astype(dt)
    b = rng.uniform(-4, 4, (R, C)).astype(dt)
    # Divisors away from zero keep every f16 quotient finite (no overflow warnings).
    c = (rng.uniform(0.5, 2, (R, C)) * rng.choice([-1, 1], (R, C))).astype(dt)
    return a, b, c


@pytest.mark.parametrize("dt", [BF16, np.float16], ids=["bf16", "f16"])
def test_low_precision_tile_chain_rounds_every_op(tmp_path, dt):
    """((a + b) * c - a) / c, max with b, negated: each op rounded to the element type."""
    t = MLIR_NAME[np.dtype(dt)]
    m, tt = f"memref<{R}x{C}x{t}>", f"tensor<{R}x{C}x{t}>"
    body = [
        "%c0 = arith.constant {value = 0 : index} : index",
        f"%a = tile.load_tile %x, %c0, %c0 : ({m}, index, index) -> {tt}",
        f"%b = tile.load_tile %y, %c0, %c0 : ({m}, index, index) -> {tt}",
        f"%c = tile.load_tile %z, %c0, %c0 : ({m}, index, index) -> {tt}",
        f"%s = arith.addf %a, %b : {tt}",
        f"%p = arith.mulf %s, %c : {tt}",
        f"%d = arith.subf %p, %a : {tt}",
        f"%q = arith.divf %d, %c : {tt}",
        f"%mx = arith.maximumf %q, %b : {tt}",
        f"%n = arith.negf %mx : {tt}",
        f"tile.store_tile %p, %o1, %c0, %c0 : ({tt}, {m}, index, index) -> ()",
        f"tile.store_tile %n, %o2, %c0, %c0 : ({tt}, {m}, index, index) -> ()",
    ]
    params = f"%x: {m}, %y: {m}, %z: {m}, %o1: {m}, %o2: {m}"
    a, b, c = float_inputs(dt, 5)
    z = np.zeros((R, C), dt)
    run(tmp_path, kernel(params, body), {"x": a, "y": b, "z": c, "o1": z, "o2": z})
    # ml_dtypes / numpy float16: each op computes in f32 and rounds once to the type (RNE).
    p = (a + b) * c
    n = -np.maximum((p - a) / c, b)
    assert p.dtype == np.dtype(dt) and n.dtype == np.dtype(dt)
    np.testing.assert_array_equal(result(tmp_path, 3, np.uint16), p.view(np.uint16))
    np.testing.assert_array_equal(result(tmp_path, 4, np.uint16), n.view(np.uint16))


@pytest.mark.parametrize("dt", [BF16, np.float16], ids=["bf16", "f16"])
def test_low_precision_fold_rounds_every_step(tmp_path, dt):
    """A sequential column sum over rows, acc = acc + row_i, in a bf16/f16 [1, C] tile."""
    t = MLIR_NAME[np.dtype(dt)]
    m, row = f"memref<{R}x{C}x{t}>", f"tensor<1x{C}x{t}>"
    body = [
        "%c0 = arith.constant {value = 0 : index} : index",
        "%c1 = arith.constant {value = 1 : index} : index",
        f"%nr = arith.constant {{value = {R} : index}} : index",
        f"%zero = tile.zeros : {row}",
        f'%sum = "scf.for"(%c0, %nr, %c1, %zero) ({{',
        f"^bb0(%i: index, %acc: {row}):",
        f"  %r = tile.load_tile %x, %i, %c0 : ({m}, index, index) -> {row}",
        f"  %acc2 = arith.addf %acc, %r : {row}",
        f'  "scf.yield"(%acc2) : ({row}) -> ()',
        f"}}) : (index, index, index, {row}) -> {row}",
        f"tile.store_tile %sum, %o, %c0, %c0 : ({row}, memref<1x{C}x{t}>, index, index) -> ()",
    ]
    rng = np.random.default_rng(9)
    # Mixed magnitudes so that the rounding of the running sum matters.
    x = (rng.standard_normal((R, C)) * 10.0 ** rng.integers(-2, 3, (R, C))).astype(dt)
    run(tmp_path, kernel(f"%x: {m}, %o: memref<1x{C}x{t}>", body),
        {"x": x, "o": np.zeros((1, C), dt)})
    acc = np.zeros(C, dt)
    for i in range(R):
        acc = acc + x[i]  # rounded to dt after every step
    np.testing.assert_array_equal(result(tmp_path, 1, np.uint16)[0], acc.view(np.uint16))


def test_bf16_fill_constant_is_rounded_once_from_the_attribute(tmp_path):
    """1 + 2^-8 + 2^-52 lies just above a bf16 tie: one rounding gives 1 + 2^-7 (hand-derived);
    rounding through f32 first would land on the tie and give 1.0."""
    body = [
        "%c0 = arith.constant {value = 0 : index} : index",
        "%f = tile.full {value = 1.0039062500000002 : f64} : tensor<1x4xbf16>",
        "%one = tile.full {value = 1.0 : f64} : tensor<1x4xbf16>",
        "%s = arith.subf %f, %one : tensor<1x4xbf16>",
        "tile.store_tile %s, %o, %c0, %c0 : (tensor<1x4xbf16>, memref<1x4xbf16>, index, index) -> ()",
    ]
    run(tmp_path, kernel("%o: memref<1x4xbf16>", body), {"o": np.zeros((1, 4), BF16)})
    got = result(tmp_path, 0, BF16).astype(np.float64)
    assert (got == 2.0 ** -7).all(), got


# --- i1: one signed bit ------------------------------------------------------------------------

# (a, b) over (F, F), (F, T), (T, F), (T, T); true is -1 as a signed i1 (MLIR), 1 unsigned.
A1 = np.array([0, 0, 1, 1], bool)
B1 = np.array([0, 1, 0, 1], bool)
I1_TABLE = {
    "addi": [0, 1, 1, 0],   # wraps: xor
    "subi": [0, 1, 1, 0],   # 0 - (-1) = 1 wraps to -1: xor
    "muli": [0, 0, 0, 1],   # and
    "andi": [0, 0, 0, 1],
    "ori": [0, 1, 1, 1],
    "xori": [0, 1, 1, 0],
    "minsi": [0, 1, 1, 1],  # min(0, -1) = -1: true
    "maxsi": [0, 0, 0, 1],  # max(0, -1) = 0: false
    "shli": [0, 0, 1, 0],   # a shift by true (1 >= width) gives 0
    "shrsi": [0, 0, 1, 1],  # out-of-range shift: -1 for a negative lhs (true), else 0
}
I1_CMP = {  # predicate -> table
    "eq": [1, 0, 0, 1], "ne": [0, 1, 1, 0],
    "slt": [0, 0, 1, 0], "sle": [1, 0, 1, 1], "sgt": [0, 1, 0, 0], "sge": [1, 1, 0, 1],
    "ult": [0, 1, 0, 0], "ule": [1, 1, 0, 1], "ugt": [0, 0, 1, 0], "uge": [1, 0, 1, 1],
}


def i1_program(vector):
    """Every op of the table on i1 vectors (or scalars), one output row per op."""
    ops = list(I1_TABLE) + [f"cmpi_{p}" for p in I1_CMP]
    ty = "vector<4xi1>" if vector else "i1"
    body = ["%c0 = arith.constant {value = 0 : index} : index"]
    if vector:
        body += [f"%a = tile.load %x, %c0 : (memref<4xi1>, index) -> {ty}",
                 f"%b = tile.load %y, %c0 : (memref<4xi1>, index) -> {ty}"]
    for k, op in enumerate(ops):
        body.append(f"%row{k} = arith.constant {{value = {k} : index}} : index")
        if vector:
            lhs, rhs = "%a", "%b"
        else:
            lhs, rhs = f"%sa{k}", f"%sb{k}"
        if op.startswith("cmpi_"):
            expr = f"arith.cmpi {lhs}, {rhs} {{predicate = \"{op[5:]}\"}} : ({ty}, {ty}) -> {ty}"
        else:
            expr = f"arith.{op} {lhs}, {rhs} : {ty}"
        if vector:
            body += [f"%r{k} = {expr}",
                     f"tile.store %r{k}, %out, %row{k}, %c0 : ({ty}, memref<{len(ops)}x4xi1>, index, index) -> ()"]
        else:
            for j in range(4):
                va, vb = ["false", "true"][int(A1[j])], ["false", "true"][int(B1[j])]
                body += [f"%sa{k}_{j} = arith.constant {{value = {va}}} : i1",
                         f"%sb{k}_{j} = arith.constant {{value = {vb}}} : i1",
                         f"%r{k}_{j} = " + expr.replace(lhs, f"%sa{k}_{j}").replace(rhs, f"%sb{k}_{j}"),
                         f"%col{k}_{j} = arith.constant {{value = {j} : index}} : index",
                         f"tile.store %r{k}_{j}, %out, %row{k}, %col{k}_{j} : (i1, memref<{len(ops)}x4xi1>, index, index) -> ()"]
    params = ("%x: memref<4xi1>, %y: memref<4xi1>, " if vector else "") + f"%out: memref<{len(ops)}x4xi1>"
    want = np.array([I1_TABLE[o] for o in I1_TABLE] + [I1_CMP[p] for p in I1_CMP], bool)
    return kernel(params, body, lanes=4), ops, want


@pytest.mark.parametrize("vector", [True, False], ids=["tile", "scalar"])
def test_i1_arith_is_one_signed_bit(tmp_path, vector):
    text, ops, want = i1_program(vector)
    inputs = {"x": A1, "y": B1} if vector else {}
    inputs["out"] = np.zeros((len(ops), 4), bool)
    run(tmp_path, text, inputs)
    got = result(tmp_path, len(inputs) - 1)
    for k, op in enumerate(ops):
        assert list(got[k]) == list(want[k]), op


def test_i1_tile_cells_stay_canonical(tmp_path):
    """true + true is false in the cell itself: a comparison and a select see 0, not 2."""
    body = [
        "%c0 = arith.constant {value = 0 : index} : index",
        "%a = tile.load %x, %c0 : (memref<4xi1>, index) -> vector<4xi1>",
        "%s = arith.addi %a, %a : vector<4xi1>",
        "%f = tile.zeros : vector<4xi1>",
        '%e = arith.cmpi %s, %f {predicate = "eq"} : (vector<4xi1>, vector<4xi1>) -> vector<4xi1>',
        "%one = tile.full {value = 1 : i32} : vector<4xi32>",
        "%two = tile.full {value = 2 : i32} : vector<4xi32>",
        "%v = arith.select %s, %one, %two : (vector<4xi1>, vector<4xi32>, vector<4xi32>) -> vector<4xi32>",
        "tile.store %e, %o1, %c0 : (vector<4xi1>, memref<4xi1>, index) -> ()",
        "tile.store %v, %o2, %c0 : (vector<4xi32>, memref<4xi32>, index) -> ()",
    ]
    params = "%x: memref<4xi1>, %o1: memref<4xi1>, %o2: memref<4xi32>"
    run(tmp_path, kernel(params, body, lanes=4),
        {"x": A1, "o1": np.zeros(4, bool), "o2": np.zeros(4, np.int32)})
    assert list(result(tmp_path, 1)) == [True] * 4
    assert list(result(tmp_path, 2)) == [2] * 4


def test_i1_divsi_remsi_follow_mlir(tmp_path):
    """Divisor true (-1): false / true = 0, true / true = -1 / -1 = 1 wraps to -1 (true); rem 0."""
    body = [
        "%c0 = arith.constant {value = 0 : index} : index",
        "%a = tile.load %x, %c0 : (memref<4xi1>, index) -> vector<4xi1>",
        "%t = tile.full {value = 1 : i32} : vector<4xi1>",
        "%q = arith.divsi %a, %t : vector<4xi1>",
        "%r = arith.remsi %a, %t : vector<4xi1>",
        "tile.store %q, %o1, %c0 : (vector<4xi1>, memref<4xi1>, index) -> ()",
        "tile.store %r, %o2, %c0 : (vector<4xi1>, memref<4xi1>, index) -> ()",
    ]
    params = "%x: memref<4xi1>, %o1: memref<4xi1>, %o2: memref<4xi1>"
    run(tmp_path, kernel(params, body, lanes=4),
        {"x": A1, "o1": np.zeros(4, bool), "o2": np.zeros(4, bool)})
    assert list(result(tmp_path, 1)) == list(A1)
    assert list(result(tmp_path, 2)) == [False] * 4


def test_i1_casts_sign_extend(tmp_path):
    """sitofp reads i1 true as -1 (f32 and f64); index_cast sign-extends it to index -1."""
    body = ["%t = arith.constant {value = true} : i1",
            "%f = arith.constant {value = false} : i1",
            "%c0 = arith.constant {value = 0 : index} : index",
            "%c1 = arith.constant {value = 1 : index} : index"]
    for k, v in enumerate(["%t", "%f"]):
        body += [f"%s{k} = arith.sitofp {v} : (i1) -> f32",
                 f"%d{k} = arith.sitofp {v} : (i1) -> f64",
                 f"%i{k} = arith.index_cast {v} : (i1) -> index",
                 f"tile.store %s{k}, %o1, %c{k} : (f32, memref<2xf32>, index) -> ()",
                 f"tile.store %d{k}, %o2, %c{k} : (f64, memref<2xf64>, index) -> ()",
                 f"tile.store %i{k}, %o3, %c{k} : (index, memref<2xindex>, index) -> ()"]
    # index -> i1 truncates to the low bit: 3 -> true, -2 -> false.
    body += ["%n3 = arith.constant {value = 3 : index} : index",
             "%m2 = arith.constant {value = -2 : index} : index",
             "%b3 = arith.index_cast %n3 : (index) -> i1",
             "%b2 = arith.index_cast %m2 : (index) -> i1",
             "tile.store %b3, %o4, %c0 : (i1, memref<2xi1>, index) -> ()",
             "tile.store %b2, %o4, %c1 : (i1, memref<2xi1>, index) -> ()"]
    params = "%o1: memref<2xf32>, %o2: memref<2xf64>, %o3: memref<2xindex>, %o4: memref<2xi1>"
    run(tmp_path, kernel(params, body, lanes=1),
        {"o1": np.zeros(2, np.float32), "o2": np.zeros(2, np.float64),
         "o3": np.zeros(2, np.int64), "o4": np.zeros(2, bool)})
    assert list(result(tmp_path, 0)) == [-1.0, 0.0]
    assert list(result(tmp_path, 1)) == [-1.0, 0.0]
    assert list(result(tmp_path, 2)) == [-1, 0]
    assert list(result(tmp_path, 3)) == [True, False]


# --- i32 tile division: the scalar rules ----------------------------------------------------

def div_program(op, lanes=4):
    body = [
        "%c0 = arith.constant {value = 0 : index} : index",
        f"%a = tile.load %x, %c0 : (memref<{lanes}xi32>, index) -> vector<{lanes}xi32>",
        f"%b = tile.load %y, %c0 : (memref<{lanes}xi32>, index) -> vector<{lanes}xi32>",
        f"%r = arith.{op} %a, %b : vector<{lanes}xi32>",
        f"tile.store %r, %o, %c0 : (vector<{lanes}xi32>, memref<{lanes}xi32>, index) -> ()",
    ]
    params = f"%x: memref<{lanes}xi32>, %y: memref<{lanes}xi32>, %o: memref<{lanes}xi32>"
    return kernel(params, body, lanes=lanes)


@pytest.mark.parametrize("op", ["divsi", "remsi"])
def test_tile_division_by_zero_stops_the_run(tmp_path, op):
    x = np.array([8, 8, 8, 8], np.int32)
    y = np.array([1, 2, 0, 0], np.int32)
    p = run(tmp_path, div_program(op), {"x": x, "y": y, "o": np.zeros(4, np.int32)}, expect_rc=1)
    # The op's location (line 5 of the kernel), the first element with a zero divisor, its lane.
    assert (f"k.mlir:5:8: error: 'arith.{op}' op integer division by zero in element [2] "
            "(lane 2) (group 0, tile 0 of kernel @k)") in p.stderr, p.stderr


@pytest.mark.parametrize("op", ["divsi", "remsi"])
def test_scalar_division_by_zero_has_the_same_diagnostic(tmp_path, op):
    body = ["%a = arith.constant {value = 8 : i32} : i32",
            "%z = arith.constant {value = 0 : i32} : i32",
            f"%r = arith.{op} %a, %z : i32",
            "%c0 = arith.constant {value = 0 : index} : index",
            "tile.store %r, %o, %c0 : (i32, memref<1xi32>, index) -> ()"]
    p = run(tmp_path, kernel("%o: memref<1xi32>", body, lanes=1), {"o": np.zeros(1, np.int32)},
            expect_rc=1)
    assert (f"k.mlir:4:8: error: 'arith.{op}' op integer division by zero "
            "(group 0, tile 0 of kernel @k)") in p.stderr, p.stderr


@pytest.mark.parametrize("op", ["divsi", "remsi"])
def test_tile_division_min_by_minus_one(tmp_path, op):
    imin = np.iinfo(np.int32).min
    x = np.array([imin, 7, -7, imin], np.int32)
    y = np.array([-1, -1, 2, 1], np.int32)
    run(tmp_path, div_program(op), {"x": x, "y": y, "o": np.zeros(4, np.int32)})
    # Truncating division in exact integers, wrapped to 32 bits (MIN / -1 = 2^31 wraps to MIN).
    xe, ye = x.astype(np.int64), y.astype(np.int64)
    q = np.sign(xe) * np.sign(ye) * (np.abs(xe) // np.abs(ye))
    want = q if op == "divsi" else xe - q * ye
    want = ((want + 2 ** 31) % 2 ** 32 - 2 ** 31).astype(np.int32)
    assert list(result(tmp_path, 2)) == list(want)
    assert list(want) == ([imin, -7, -3, imin] if op == "divsi" else [0, 0, -1, 0])


def test_bf16_scalar_parameter_is_its_value(tmp_path):
    """A bf16 scalar is a storage-only scalar (docs/ops/tile/scalar.md, "Conversions"): a bf16
    parameter (here the fill value of a bf16 tile) holds its value exactly, read from its two
    bytes only (not 8 bytes of garbage)."""
    body = ["%c0 = arith.constant {value = 0 : index} : index",
            "%f = tile.full %val : (bf16) -> tensor<1x4xbf16>",
            "tile.store_tile %f, %o, %c0, %c0 : (tensor<1x4xbf16>, memref<1x4xbf16>, index, index) -> ()"]
    run(tmp_path, kernel("%val: bf16, %o: memref<1x4xbf16>", body, lanes=4),
        {"val": np.array(-1.5078125, BF16), "o": np.zeros((1, 4), BF16)})
    assert result(tmp_path, 0, BF16).astype(np.float64).tolist() == [[-1.5078125] * 4]


@pytest.mark.parametrize("t,pad,want", [("i32", "7", 7), ("bf16", "1.0039062500000002", 2.0 ** -7 + 1)])
def test_masked_load_padding_has_the_element_type(tmp_path, t, pad, want):
    """Elements outside the buffer read `padding` converted to the element type: an i32 tile gets
    the integer 7 (not the bits of 7.0f), a bf16 tile the value rounded once (hand-derived)."""
    dt = {"i32": np.int32, "bf16": BF16}[t]
    body = ["%c0 = arith.constant {value = 0 : index} : index",
            "%c1 = arith.constant {value = 1 : index} : index",
            f"%v = tile.load_tile %x, %c0, %c1 {{mask = true, padding = {pad}}} : "
            f"(memref<2x2x{t}>, index, index) -> tensor<2x2x{t}>",
            f"tile.store_tile %v, %o, %c0, %c0 : (tensor<2x2x{t}>, memref<2x2x{t}>, index, index) -> ()"]
    x = np.array([[1, 2], [3, 4]], dt)
    run(tmp_path, kernel(f"%x: memref<2x2x{t}>, %o: memref<2x2x{t}>", body, lanes=4),
        {"x": x, "o": np.zeros((2, 2), dt)})
    got = result(tmp_path, 1, dt if t == "bf16" else None).astype(np.float64)
    assert got.tolist() == [[2, want], [4, want]]


# --- bf16 / f16 collective compute: reductions, row ops, exp, maximum (docs/ops/tile/compute.md,
# docs/ops/tile/warp.md). Each model below is the op's documented sequential order in ml_dtypes /
# numpy scalars: one addition of two values of the type, rounded once to the type, per step. ---

LOWP = pytest.mark.parametrize("dt", [BF16, np.float16], ids=["bf16", "f16"])
# Significand bits (with the hidden bit) and exponent range of the two types.
FORMAT = {np.dtype(BF16): (8, -126, 127), np.dtype(np.float16): (11, -14, 15)}


def mixed(dt, shape, seed):
    """Values of mixed sign and magnitude, so the rounding of a running sum matters."""
    rng = np.random.default_rng(seed)
    x = rng.standard_normal(shape) * 10.0 ** rng.integers(-2, 3, shape)
    return x.astype(dt)


def fold(xs, op, acc=None):
    """acc = op(acc, x) over xs in order, starting from `acc` or the first element; on numpy
    scalars of the type every step is computed and rounded once to it."""
    xs = list(xs)
    if acc is None:
        acc, xs = xs[0], xs[1:]
    for x in xs:
        acc = op(acc, x)
    return acc


FOLD = {"sum": lambda a, b: a + b, "max": np.maximum, "min": np.minimum}


def bits_equal(got, want):
    np.testing.assert_array_equal(np.asarray(got).view(np.uint16), np.asarray(want).view(np.uint16))


@LOWP
def test_low_precision_tile_reduce_rounds_every_step(tmp_path, dt):
    t = MLIR_NAME[np.dtype(dt)]
    m, tt = f"memref<{R}x{C}x{t}>", f"tensor<{R}x{C}x{t}>"
    body = ["%c0 = arith.constant {value = 0 : index} : index",
            f"%a = tile.load_tile %x, %c0, %c0 : ({m}, index, index) -> {tt}"]
    for k, kind in enumerate(FOLD):
        body += [f"%r{k} = tile.reduce %a {{kind = \"{kind}\"}} : ({tt}) -> f32",
                 f"%i{k} = arith.constant {{value = {k} : index}} : index",
                 f"tile.store %r{k}, %o, %i{k} : (f32, memref<3xf32>, index) -> ()"]
    x = mixed(dt, (R, C), 21)
    run(tmp_path, kernel(f"%x: {m}, %o: memref<3xf32>", body), {"x": x, "o": np.zeros(3, np.float32)})
    got = result(tmp_path, 1)
    # Row-major order from the first element; the f32 result holds the value of the type exactly.
    want = np.array([fold(x.reshape(-1), FOLD[k]) for k in FOLD], dt).astype(np.float32)
    np.testing.assert_array_equal(got.view(np.uint32), want.view(np.uint32))
    assert want[0] != np.float32(x.astype(np.float64).sum())  # the rounding of every step shows


@LOWP
@pytest.mark.parametrize("init", [False, True], ids=["first", "init"])
def test_low_precision_row_sum_row_max_round_every_step(tmp_path, dt, init):
    t = MLIR_NAME[np.dtype(dt)]
    m, tt, col = f"memref<{R}x{C}x{t}>", f"tensor<{R}x{C}x{t}>", f"tensor<{R}x1x{t}>"
    rt = f"tensor<{R}x{t}>"
    body = ["%c0 = arith.constant {value = 0 : index} : index",
            f"%a = tile.load_tile %x, %c0, %c0 : ({m}, index, index) -> {tt}"]
    if init:  # a [R] init: the single column of a [R, 1] tile, through row_max
        body += [f"%ic = tile.load_tile %y, %c0, %c0 : (memref<{R}x1x{t}>, index, index) -> {col}",
                 f"%init = tile.row_max %ic : ({col}) -> {rt}"]
    for k, op in enumerate(["row_sum", "row_max"]):
        args, types = ("%a, %init", f"{tt}, {rt}") if init else ("%a", tt)
        body += [f"%r{k} = tile.{op} {args} : ({types}) -> {rt}",
                 f"%b{k} = tile.broadcast %r{k} : ({rt}) -> {col}",
                 f"tile.store_tile %b{k}, %o{k}, %c0, %c0 : ({col}, memref<{R}x1x{t}>, index, index) -> ()"]
    x = mixed(dt, (R, C), 22)
    y = mixed(dt, (R, 1), 23)
    params = f"%x: {m}, %y: memref<{R}x1x{t}>, %o0: memref<{R}x1x{t}>, %o1: memref<{R}x1x{t}>"
    z = np.zeros((R, 1), dt)
    run(tmp_path, kernel(params, body), {"x": x, "y": y, "o0": z, "o1": z})
    for k, op in enumerate(["sum", "max"]):
        want = np.array([fold(x[i], FOLD[op], y[i, 0] if init else None) for i in range(R)], dt)
        bits_equal(result(tmp_path, 2 + k, np.uint16)[:, 0], want)


@LOWP
def test_low_precision_warp_reduce_rounds_every_step(tmp_path, dt):
    """Lane order from lane 0 over 8 lanes, for 16 lane vectors (rows of x)."""
    t = MLIR_NAME[np.dtype(dt)]
    L, n = 8, 16
    m, v = f"memref<{n}x{L}x{t}>", f"vector<{L}x{t}>"
    body = ["%c0 = arith.constant {value = 0 : index} : index"]
    for i in range(n):
        body += [f"%i{i} = arith.constant {{value = {i} : index}} : index",
                 f"%v{i} = tile.load %x, %i{i}, %c0 : ({m}, index, index) -> {v}"]
        for k, kind in enumerate(FOLD):
            body += [f"%r{i}_{k} = tile.warp_reduce %v{i} {{kind = \"{kind}\"}} : ({v}) -> f32",
                     f"%k{i}_{k} = arith.constant {{value = {k} : index}} : index",
                     f"tile.store %r{i}_{k}, %o, %i{i}, %k{i}_{k} : (f32, memref<{n}x3xf32>, index, index) -> ()"]
    x = mixed(dt, (n, L), 24)
    run(tmp_path, kernel(f"%x: {m}, %o: memref<{n}x3xf32>", body, lanes=L),
        {"x": x, "o": np.zeros((n, 3), np.float32)})
    want = np.array([[fold(x[i], FOLD[k]) for k in FOLD] for i in range(n)], dt)
    got = result(tmp_path, 1)
    np.testing.assert_array_equal(got.view(np.uint32), want.astype(np.float32).view(np.uint32))


def round_once(d, dt):
    """The float64 values `d` rounded once to `dt` (nearest, ties to even): an independent model
    (ml_dtypes converts float64 to bf16 through float32, which would round twice)."""
    p, emin, emax = FORMAT[np.dtype(dt)]
    with np.errstate(invalid="ignore"):
        _, e = np.frexp(d)  # d = f * 2^e with 0.5 <= |f| < 1: the ulp is 2^(e - p)
        q = np.maximum(e - p, emin - p + 1)  # below the normal range the ulp stays 2^(emin-p+1)
        r = np.ldexp(np.rint(np.ldexp(d, -q)), q)  # np.rint rounds ties to even
        r = np.where(np.abs(r) >= 2.0 ** (emax + 1), np.copysign(np.inf, d), r)
        r = np.where(np.isfinite(d), r, d)
    return r.astype(dt)  # exact: every value is one of the type's


@LOWP
def test_low_precision_exp_over_every_bit_pattern(tmp_path, dt):
    """exp of all 65536 values of the type: the spec's f32 expf (docs/numerics.md "exp",
    modelled by conformance/gen/spec_expf.py) rounded to the type, as Graph IR computes it."""
    t = MLIR_NAME[np.dtype(dt)]
    m, tt = f"memref<256x256x{t}>", f"tensor<256x256x{t}>"
    body = ["%c0 = arith.constant {value = 0 : index} : index",
            f"%a = tile.load_tile %x, %c0, %c0 : ({m}, index, index) -> {tt}",
            f"%e = tile.exp %a : ({tt}) -> {tt}",
            f"tile.store_tile %e, %o, %c0, %c0 : ({tt}, {m}, index, index) -> ()"]
    x = np.arange(65536, dtype=np.uint16).view(dt).reshape(256, 256)
    run(tmp_path, kernel(f"%x: {m}, %o: {m}", body), {"x": x, "o": np.zeros_like(x)})
    with np.errstate(over="ignore", invalid="ignore"):  # exp overflows; NaN casts warn
        got = result(tmp_path, 1, np.uint16).view(dt).astype(np.float64)
        e32 = spec_expf.expf_array(x.astype(np.float32))
        want = round_once(e32.astype(np.float64), dt).astype(np.float64)
    nan = np.isnan(want)
    assert (np.isnan(got) == nan).all()
    np.testing.assert_array_equal(got[~nan], want[~nan])


@LOWP
def test_low_precision_maximum_is_exact(tmp_path, dt):
    """Elementwise max of two tiles of the type: NaN propagates, -0 < +0, no rounding."""
    t = MLIR_NAME[np.dtype(dt)]
    m, tt = f"memref<{R}x{C}x{t}>", f"tensor<{R}x{C}x{t}>"
    body = ["%c0 = arith.constant {value = 0 : index} : index",
            f"%a = tile.load_tile %x, %c0, %c0 : ({m}, index, index) -> {tt}",
            f"%b = tile.load_tile %y, %c0, %c0 : ({m}, index, index) -> {tt}",
            f"%r = tile.maximum %a, %b : ({tt}, {tt}) -> {tt}",
            f"tile.store_tile %r, %o, %c0, %c0 : ({tt}, {m}, index, index) -> ()"]
    x, y = mixed(dt, (R, C), 25), mixed(dt, (R, C), 26)
    x[0, :4] = np.array([0.0, -0.0, np.nan, 1.0], dt)
    y[0, :4] = np.array([-0.0, 0.0, 1.0, np.nan], dt)
    run(tmp_path, kernel(f"%x: {m}, %y: {m}, %o: {m}", body), {"x": x, "y": y, "o": np.zeros_like(x)})
    got = result(tmp_path, 2, np.uint16).view(dt)
    with np.errstate(invalid="ignore"):  # NaN operands
        want = np.where(x == y, np.where(np.signbit(x), y, x), np.maximum(x, y))
    assert np.isnan(got[0, 2:4]).all() and np.isnan(want[0, 2:4]).all()
    got[0, 2:4] = want[0, 2:4] = 0
    bits_equal(got, want)
    assert not np.signbit(got[0, :2].astype(np.float32)).any()  # max(+0, -0) is +0


# --- tile.sqrt: the correctly rounded f32 square root (docs/ops/tile/compute.md) ---------------

def test_sqrt_is_correctly_rounded_with_specials(tmp_path):
    """tile.sqrt on a tile and on a scalar against numpy's float32 sqrt (IEEE, correctly
    rounded): -0 stays -0, negatives and NaN give NaN, +inf stays +inf, subnormals work."""
    m, tt = "memref<32x16xf32>", "tensor<32x16xf32>"
    body = [
        "%c0 = arith.constant {value = 0 : index} : index",
        f"%a = tile.load_tile %x, %c0, %c0 : ({m}, index, index) -> {tt}",
        f"%r = tile.sqrt %a : ({tt}) -> {tt}",
        f"tile.store_tile %r, %o, %c0, %c0 : ({tt}, {m}, index, index) -> ()",
        f"%s = tile.load %x, %c0, %c0 : ({m}, index, index) -> f32",
        "%q = tile.sqrt %s : (f32) -> f32",
        f"tile.store %q, %o, %c0, %c0 : (f32, {m}, index, index) -> ()",
    ]
    rng = np.random.default_rng(17)
    x = np.abs(rng.standard_normal((32, 16))).astype(np.float32) * np.float32(1e3)
    x.flat[1:9] = np.array([-0.0, 0.0, -1.0, np.inf, -np.inf, np.nan, 1e-45, 3.4e38], np.float32)
    x.flat[9:40] = rng.uniform(1, 4, 31).astype(np.float32)  # many last-bit-sensitive roots
    x.flat[0] = np.float32(2.0)
    run(tmp_path, kernel(f"%x: {m}, %o: {m}", body), {"x": x, "o": np.zeros_like(x)})
    with np.errstate(invalid="ignore"):
        want = np.sqrt(x)
    got = result(tmp_path, 1)
    same = (got.view(np.uint32) == want.view(np.uint32)) | (np.isnan(got) & np.isnan(want))
    assert same.all(), np.argwhere(~same)[:4]
    assert np.signbit(got.flat[1]) and got.flat[1] == 0  # sqrt(-0) = -0
