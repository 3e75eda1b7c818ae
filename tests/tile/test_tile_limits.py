"""Tile simulator limits and index safety (issue #11, items 1-4 and 9): every input gets a clear
`error:` and a non-zero exit or the right answer, never a signal, an escaped exception or
foreign bytes. Expected values are derived by hand or with numpy.

TESSERA_INTERP names the tool.
"""
import os
import subprocess
import time

import numpy as np
import pytest

TOOL = os.environ.get("TESSERA_INTERP", "tessera-interp")
I64_MAX = 2**63 - 1


def kernel(body, params="%out: memref<4xf32>", grid="[1]", tiles=1, lanes=4):
    return (f"func.func @k({params}) attributes {{tile.grid = {grid}, tile.tiles = {tiles}, "
            f"tile.lanes = {lanes}}} {{\n{body}\n  return\n}}\n")


def run(tmp, text, inputs, *extra, timeout=120):
    path = tmp / "k.mlir"
    path.write_text(text)
    args = [TOOL, "run", str(path), "--entry", "k", "-o", str(tmp / "out")]
    for name, arr in inputs.items():
        p = tmp / f"in_{name}.npy"
        np.save(p, arr)
        args += ["-i", f"{name}={p}"]
    p = subprocess.run(args + list(extra), capture_output=True, text=True, timeout=timeout)
    assert p.returncode >= 0, f"killed by signal {-p.returncode}:\n{p.stderr}"
    assert p.returncode != 70, p.stderr  # an escaped internal error
    return p


def result(tmp, k=0):
    return np.load(tmp / "out" / f"{k}.npy")


def fails(p, *needles):
    assert p.returncode == 1, p.stderr
    assert "error:" in p.stderr, p.stderr
    for n in needles:
        assert n in p.stderr, p.stderr


C0 = "  %c0 = arith.constant {value = 0 : index} : index"


# ---- item 1: zero-sized shared and local allocations -------------------------------------

@pytest.mark.parametrize("alloc", [
    "tile.alloc_shared : memref<4x0xf32, 3>",
    "tile.alloc_shared : memref<0x4xf32, 3>",
    "tile.alloc_shared {padding = 4} : memref<4x0xf32, 3>",
    "tile.alloc_register : memref<0xf32, 5>",
    "tile.alloc_register : memref<3x0xf32, 5>",
])
def test_zero_sized_allocation_runs_and_every_access_is_outside(tmp_path, alloc):
    rank = alloc.count("x")
    idx = ", ".join(["%c0"] * rank)
    ty = alloc.split(": ")[-1]
    body = "\n".join([C0, f"  %s = {alloc}", f"  %d = tile.dim %s {{dim = {rank - 1}}} : ({ty}) -> index",
                      f"  %v = tile.load %s, {idx} : ({ty}{', index' * rank}) -> f32",
                      "  tile.store %v, %out, %c0 : (f32, memref<4xf32>, index) -> ()"])
    p = run(tmp_path, kernel(body), {"out": np.zeros(4, np.float32)})
    fails(p, "out-of-bounds access to")
    p = run(tmp_path, kernel(body), {"out": np.zeros(4, np.float32)}, "--check", "all")
    assert p.returncode == 3 and "[bounds]" in p.stderr, p.stderr


# ---- item 2: register-tile sizes are checked before they are narrowed --------------------

@pytest.mark.parametrize("dims", ["4294967296x1", "2147483648x1", "4294967297x1", "1x4294967296",
                                  "65536x65536", "16777217x1"])
def test_huge_register_tile_is_an_error(tmp_path, dims):
    body = f"  %z = tile.zeros : tensor<{dims}xf32>\n  %r = tile.reduce %z : (tensor<{dims}xf32>) -> f32"
    p = run(tmp_path, kernel(body), {"out": np.zeros(4, np.float32)})
    fails(p, "register tiles hold at most 16777216 elements")


def test_huge_vector_is_an_error(tmp_path):
    body = "  %z = tile.zeros : vector<4294967296xf32>\n  %r = tile.reduce %z : (vector<4294967296xf32>) -> f32"
    fails(run(tmp_path, kernel(body), {"out": np.zeros(4, np.float32)}), "register tiles")


def test_zero_sized_register_tile_is_an_error(tmp_path):
    body = "  %z = tile.zeros : tensor<0x4xf32>\n  %r = tile.reduce %z : (tensor<0x4xf32>) -> f32"
    fails(run(tmp_path, kernel(body), {"out": np.zeros(4, np.float32)}), "positive dimensions")


def test_arena_total_is_limited(tmp_path):
    # 17 tiles of 2^24 elements: each is allowed, together they exceed 2^28 cells.
    lines = [f"  %z{k} = tile.zeros : tensor<4096x4096xf32>\n"
             f"  %r{k} = tile.reduce %z{k} : (tensor<4096x4096xf32>) -> f32" for k in range(17)]
    fails(run(tmp_path, kernel("\n".join(lines)), {"out": np.zeros(4, np.float32)}),
          "register tiles together exceed")


def test_max_memory_covers_register_tiles(tmp_path):
    # 16 tiles x 2^20 f32 cells = 64 MiB of register tiles per group.
    body = ("  %z = tile.zeros : tensor<1024x1024xf32>\n"
            "  %r = tile.reduce %z : (tensor<1024x1024xf32>) -> f32")
    p = run(tmp_path, kernel(body, tiles=16), {"out": np.zeros(4, np.float32)},
            "--max-memory", str(32 << 20))
    fails(p, "--max-memory", "register memory")
    p = run(tmp_path, kernel(body, tiles=16), {"out": np.zeros(4, np.float32)})
    assert p.returncode == 0, p.stderr


def test_max_memory_covers_shared_memory_and_shadows(tmp_path):
    # 2^30 one-byte elements: allowed by alloc_c1, but their race shadows need ~100 GiB.
    body = "  %s = tile.alloc_shared : memref<1073741824xi8, 3>\n" + C0 + \
           "\n  %v = tile.load %s, %c0 : (memref<1073741824xi8, 3>, index) -> i8"
    p = run(tmp_path, kernel(body), {"out": np.zeros(4, np.float32)}, "--check", "races")
    fails(p, "--max-memory")
    p = run(tmp_path, kernel(body), {"out": np.zeros(4, np.float32)}, "--max-memory", "1000000")
    fails(p, "--max-memory")


def test_group_records_count_towards_memory(tmp_path):
    # 2^31 groups: each needs a result record even when its kernel does nothing.
    p = run(tmp_path, kernel(C0, grid="[65536, 32768]"), {"out": np.zeros(4, np.float32)})
    fails(p, "--max-memory", "2147483648 in all")


def test_global_shadow_index_counts_towards_memory(tmp_path):
    # A checked run indexes every element of its global buffers: 2^24 elements x 8 bytes.
    body = C0 + "\n  %v = tile.load %x, %c0 : (memref<16777216xi8>, index) -> i8"
    text = kernel(body, params="%x: memref<16777216xi8>")
    ins = {"x": np.zeros(1 << 24, np.int8)}
    fails(run(tmp_path, text, ins, "--check", "races", "--max-memory", str(100 << 20)), "--max-memory")
    assert run(tmp_path, text, ins, "--max-memory", str(100 << 20)).returncode == 0


def test_padding_counts_towards_memory(tmp_path):
    # 2^20 rows of one i8 plus 1024 padding elements each: 2^30 bytes + 2^20 physical rows.
    ty = "memref<1048576x1xi8, 3>"
    body = f"  %s = tile.alloc_shared {{padding = 1024}} : {ty}"
    p = run(tmp_path, kernel(body), {"out": np.zeros(4, np.float32)}, "--max-memory", str(1 << 30))
    fails(p, "--max-memory")


# ---- item 3: memrefs of any rank ----------------------------------------------------------

@pytest.mark.parametrize("rank", [9, 10, 12])
def test_rank_above_8_reads_the_right_element(tmp_path, rank):
    shape = [1] * (rank - 2) + [2, 3]
    ty = "memref<" + "x".join(map(str, shape)) + "xf32>"
    x = np.arange(6, dtype=np.float32).reshape(shape) + 10
    lines = [C0, "  %c1 = arith.constant {value = 1 : index} : index",
             "  %c2 = arith.constant {value = 2 : index} : index"]
    for k, (i, j) in enumerate([(0, 0), (0, 2), (1, 1), (1, 2)]):
        idx = ", ".join(["%c0"] * (rank - 2) + [f"%c{i}", f"%c{j}"])
        lines += [f"  %i{k} = arith.constant {{value = {k} : index}} : index",
                  f"  %v{k} = tile.load %x, {idx} : ({ty}{', index' * rank}) -> f32",
                  f"  tile.store %v{k}, %out, %i{k} : (f32, memref<4xf32>, index) -> ()"]
    p = run(tmp_path, kernel("\n".join(lines), params=f"%x: {ty}, %out: memref<4xf32>"),
            {"x": x, "out": np.zeros(4, np.float32)})
    assert p.returncode == 0, p.stderr
    flat = x.reshape(2, 3)
    np.testing.assert_array_equal(result(tmp_path, 1), [flat[0, 0], flat[0, 2], flat[1, 1], flat[1, 2]])


def test_rank_above_8_out_of_bounds_is_detected(tmp_path):
    rank = 10
    ty = "memref<" + "x".join(["1"] * (rank - 1) + ["3"]) + "xf32>"
    # Index 1 in dimension 8 (size 1) is outside.
    idx = ", ".join(["%c0"] * 8 + ["%c1", "%c0"])
    body = "\n".join([C0, "  %c1 = arith.constant {value = 1 : index} : index",
                      f"  %v = tile.load %x, {idx} : ({ty}{', index' * rank}) -> f32",
                      "  tile.store %v, %out, %c0 : (f32, memref<4xf32>, index) -> ()"])
    p = run(tmp_path, kernel(body, params=f"%x: {ty}, %out: memref<4xf32>"),
            {"x": np.ones([1] * 9 + [3], np.float32), "out": np.zeros(4, np.float32)})
    fails(p, "out-of-bounds access to %x at index [0, 0, 0, 0, 0, 0, 0, 0, 1, 0]")


# ---- item 4: index arithmetic never overflows before the bounds check ---------------------

BIG = [I64_MAX, I64_MAX - 1, I64_MAX - 2, 2**62, -2**63]


@pytest.mark.parametrize("i", BIG)
@pytest.mark.parametrize("op", ["load", "store"])
def test_vector_access_with_huge_index_is_out_of_bounds(tmp_path, i, op):
    lines = [C0, f"  %i = arith.constant {{value = {i} : index}} : index"]
    if op == "load":
        lines += ["  %v = tile.load %x, %i : (memref<16xf32>, index) -> vector<4xf32>",
                  "  tile.store %v, %out, %c0 : (vector<4xf32>, memref<4xf32>, index) -> ()"]
    else:
        lines += ["  %v = tile.load %x, %c0 : (memref<16xf32>, index) -> vector<4xf32>",
                  "  tile.store %v, %out, %i : (vector<4xf32>, memref<4xf32>, index) -> ()"]
    ins = {"x": np.arange(16, dtype=np.float32), "out": np.zeros(4, np.float32)}
    text = kernel("\n".join(lines), params="%x: memref<16xf32>, %out: memref<4xf32>")
    fails(run(tmp_path, text, ins), "out-of-bounds access to")
    p = run(tmp_path, text, ins, "--check", "bounds")
    assert p.returncode == 3 and "[bounds]" in p.stderr, p.stderr
    assert not result(tmp_path, 1).any()  # nothing was read from or written to foreign memory


@pytest.mark.parametrize("i", [2**62, 2**61 + 1])
def test_index_times_stride_does_not_wrap(tmp_path, i):
    # 2^62 * 4 wraps to 0 in 64 bits: element [2^62, 1] must not become element [0, 1].
    lines = [C0, "  %c1 = arith.constant {value = 1 : index} : index",
             f"  %i = arith.constant {{value = {i} : index}} : index",
             "  %v = tile.load %x, %i, %c1 : (memref<4x4xf32>, index, index) -> f32",
             "  tile.store %v, %out, %c0 : (f32, memref<4xf32>, index) -> ()"]
    text = kernel("\n".join(lines), params="%x: memref<4x4xf32>, %out: memref<4xf32>")
    fails(run(tmp_path, text, {"x": np.ones((4, 4), np.float32), "out": np.zeros(4, np.float32)}),
          "out-of-bounds")


@pytest.mark.parametrize("r0,c0", [(I64_MAX - 1, 0), (0, I64_MAX - 1), (I64_MAX, I64_MAX), (2**62, 0)])
@pytest.mark.parametrize("op", ["load_tile", "store_tile", "async_copy"])
def test_window_with_huge_origin_is_out_of_bounds(tmp_path, r0, c0, op):
    lines = [C0, f"  %r = arith.constant {{value = {r0} : index}} : index",
             f"  %c = arith.constant {{value = {c0} : index}} : index"]
    if op == "load_tile":
        lines += ["  %t = tile.load_tile %x, %r, %c : (memref<8x8xf32>, index, index) -> tensor<4x4xf32>",
                  "  tile.store_tile %t, %out, %c0, %c0 : (tensor<4x4xf32>, memref<8x8xf32>, index, index) -> ()"]
    elif op == "store_tile":
        lines += ["  %t = tile.load_tile %x, %c0, %c0 : (memref<8x8xf32>, index, index) -> tensor<4x4xf32>",
                  "  tile.store_tile %t, %out, %r, %c : (tensor<4x4xf32>, memref<8x8xf32>, index, index) -> ()"]
    else:
        lines += ["  %s = tile.alloc_shared : memref<4x4xf32, 3>",
                  "  tile.async_copy %x, %s, %r, %c : (memref<8x8xf32>, memref<4x4xf32, 3>, index, index) -> ()",
                  "  tile.commit_group : () -> ()",
                  "  tile.wait_group {n = 0} : () -> ()",
                  "  %t = tile.load_tile %s, %c0, %c0 : (memref<4x4xf32, 3>, index, index) -> tensor<4x4xf32>",
                  "  tile.store_tile %t, %out, %c0, %c0 : (tensor<4x4xf32>, memref<8x8xf32>, index, index) -> ()"]
    text = kernel("\n".join(lines), params="%x: memref<8x8xf32>, %out: memref<8x8xf32>")
    ins = {"x": np.ones((8, 8), np.float32), "out": np.zeros((8, 8), np.float32)}
    fails(run(tmp_path, text, ins), "out-of-bounds access to")


def test_masked_window_with_huge_origin_reads_padding(tmp_path):
    # Every element of the window lies outside: a masked load gives the padding everywhere.
    lines = [C0, f"  %r = arith.constant {{value = {I64_MAX - 1} : index}} : index",
             "  %t = tile.load_tile %x, %r, %c0 {mask = true, padding = 7.0} : (memref<8x8xf32>, index, index) -> tensor<4x4xf32>",
             "  tile.store_tile %t, %out, %c0, %c0 : (tensor<4x4xf32>, memref<8x8xf32>, index, index) -> ()"]
    text = kernel("\n".join(lines), params="%x: memref<8x8xf32>, %out: memref<8x8xf32>")
    p = run(tmp_path, text, {"x": np.ones((8, 8), np.float32), "out": np.zeros((8, 8), np.float32)})
    assert p.returncode == 0, p.stderr
    want = np.zeros((8, 8), np.float32)
    want[:4, :4] = 7.0
    np.testing.assert_array_equal(result(tmp_path, 1), want)


@pytest.mark.parametrize("i", [I64_MAX, -2**63])
def test_atomic_with_huge_index_is_out_of_bounds(tmp_path, i):
    lines = [f"  %i = arith.constant {{value = {i} : index}} : index",
             "  %one = arith.constant {value = 1 : i32} : i32",
             "  %o = tile.atomic %one, %out, %i {kind = \"add\"} : (i32, memref<4xi32>, index) -> i32"]
    text = kernel("\n".join(lines), params="%out: memref<4xi32>")
    fails(run(tmp_path, text, {"out": np.zeros(4, np.int32)}), "out-of-bounds")


@pytest.mark.parametrize("r0,c0", [(0, I64_MAX), (5, I64_MAX - 1), (-2**63, 0)])
def test_causal_mask_with_huge_offsets(tmp_path, r0, c0):
    # Element (i, j) is masked when c0 + j > r0 + i, computed exactly (numpy on Python ints).
    lines = [C0, f"  %r = arith.constant {{value = {r0} : index}} : index",
             f"  %c = arith.constant {{value = {c0} : index}} : index",
             "  %t = tile.load_tile %x, %c0, %c0 : (memref<4x4xf32>, index, index) -> tensor<4x4xf32>",
             "  %m = tile.causal_mask %t, %r, %c {value = -1.0} : (tensor<4x4xf32>, index, index) -> tensor<4x4xf32>",
             "  tile.store_tile %m, %out, %c0, %c0 : (tensor<4x4xf32>, memref<4x4xf32>, index, index) -> ()"]
    text = kernel("\n".join(lines), params="%x: memref<4x4xf32>, %out: memref<4x4xf32>")
    p = run(tmp_path, text, {"x": np.ones((4, 4), np.float32), "out": np.zeros((4, 4), np.float32)})
    assert p.returncode == 0, p.stderr
    want = np.array([[-1.0 if c0 + j > r0 + i else 1.0 for j in range(4)] for i in range(4)],
                    np.float32)
    np.testing.assert_array_equal(result(tmp_path, 1), want)


# ---- item 9: the run's budget and cancellation --------------------------------------------

ENDLESS = """  %true = arith.constant {value = true} : i1
  %z = arith.constant {value = 0 : index} : index
  %r = "scf.while"(%z) ({
  ^bb0(%i: index):
    "scf.condition"(%true, %i) : (i1, index) -> ()
  }, {
  ^bb0(%j: index):
    "scf.yield"(%j) : (index) -> ()
  }) : (index) -> index"""


@pytest.mark.parametrize("extra", [[], ["--schedule-seed", "3"], ["--threads", "1"],
                                   ["--check", "all"]])
def test_endless_loop_in_many_groups_ends_quickly(tmp_path, extra):
    text = kernel(ENDLESS, grid="[4096]", tiles=2)
    t0 = time.monotonic()
    p = run(tmp_path, text, {"out": np.zeros(4, np.float32)}, "--max-group-steps", "2000000",
            *extra, timeout=60)
    assert time.monotonic() - t0 < 30
    fails(p, "step limit exceeded")
    assert "(group 0, tile" in p.stderr  # the lowest failing group, whatever the timing


def test_endless_loop_launched_from_graph_ir_ends_quickly(tmp_path):
    text = ("module {\n" + kernel(ENDLESS, grid="[4096]").replace("attributes {tile.grid = [4096], "
            "tile.tiles = 1, tile.lanes = 4} ", "") +
            "  func.func @main() -> tensor<4xf32> {\n"
            "    %o = tile.launch {callee = @k, grid = [64, 64], tiles = 2, lanes = 4} : () -> tensor<4xf32>\n"
            "    return %o : tensor<4xf32>\n  }\n}\n")
    path = tmp_path / "g.mlir"
    path.write_text(text)
    t0 = time.monotonic()
    p = subprocess.run([TOOL, "run", str(path), "--max-group-steps", "1000000", "--schedule-seed", "7"],
                       capture_output=True, text=True, timeout=60)
    assert time.monotonic() - t0 < 30
    fails(p, "step limit exceeded", "(group 0, tile")


def test_whole_run_step_budget(tmp_path):
    text = kernel(ENDLESS, grid="[64]", tiles=1)
    p = run(tmp_path, text, {"out": np.zeros(4, np.float32)}, "--max-steps", "5000000", timeout=60)
    fails(p, "exceeded its budget of 5000000 instructions", "--max-steps")


def test_wall_time_limit(tmp_path):
    text = kernel(ENDLESS, grid="[64]", tiles=1)
    t0 = time.monotonic()
    p = run(tmp_path, text, {"out": np.zeros(4, np.float32)}, "--max-group-steps",
            str(2**62), "--time-limit", "1", timeout=60)
    assert time.monotonic() - t0 < 20
    fails(p, "wall-time limit of 1 seconds", "--time-limit")


DIV_OR_LOOP = """  %g = tile.group_id : index
  %g32 = arith.index_cast %g : (index) -> i32
  %c3 = arith.constant {value = 3 : index} : index
  %c0 = arith.constant {value = 0 : index} : index
  %is3 = arith.cmpi %g, %c3 {predicate = 0} : (index, index) -> i1
  "scf.if"(%is3) ({
%LOOP%
    "scf.yield"() : () -> ()
  }, {
    %ten = arith.constant {value = 10 : i32} : i32
    %m = arith.constant {value = 5 : i32} : i32
    %ge = arith.cmpi %g, %c3 {predicate = 8} : (index, index) -> i1
    %zero = arith.constant {value = 0 : i32} : i32
    %d = arith.select %ge, %zero, %m : (i1, i32, i32) -> i32
    %q = arith.divsi %ten, %d : (i32, i32) -> i32
    "scf.yield"() : () -> ()
  }) : (i1) -> ()"""


@pytest.mark.parametrize("extra", [[], ["--threads", "1"], ["--threads", "2"],
                                   ["--schedule-seed", "5"], ["--schedule-seed", "11", "--threads", "1"]])
def test_reported_error_is_the_lowest_failing_groups(tmp_path, extra):
    # Groups above 3 divide by zero at once; group 3 loops until its step limit: the error is
    # group 3's, whatever the timing.
    body = DIV_OR_LOOP.replace("%LOOP%", "\n".join("  " + l for l in ENDLESS.split("\n")))
    p = run(tmp_path, kernel(body, grid="[64]"), {"out": np.zeros(4, np.float32)},
            "--max-group-steps", "300000", *extra)
    fails(p, "step limit exceeded", "(group 3, tile 0")
    assert "division by zero" not in p.stderr


def test_bad_time_limit_is_a_usage_error(tmp_path):
    text = kernel(C0)
    p = run(tmp_path, text, {"out": np.zeros(4, np.float32)}, "--time-limit", "-1")
    assert p.returncode == 2 and "--time-limit must be between 0 and 1e9" in p.stderr, p.stderr
