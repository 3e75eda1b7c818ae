"""Tile simulator tests through tessera-interp: numpy oracles, Graph IR equivalence, determinism
over threads and schedule seeds, atomics and warp primitives, fatal diagnostics, the trace.

TESSERA_INTERP names the tool. Expected values come from numpy, or from the Graph IR ops the
kernels must match bit for bit (tessera.matmul, tessera.flash_attn), never from the simulator.
"""
import json
import os
import subprocess

import numpy as np
import pytest

TOOL = os.environ.get("TESSERA_INTERP", "tessera-interp")
HERE = os.path.dirname(os.path.abspath(__file__))
EXAMPLES = os.path.join(HERE, "..", "..", "examples", "tile")


def run(path, inputs, tmp, *extra, entry="main", expect_rc=0):
    os.makedirs(str(tmp), exist_ok=True)
    args = [TOOL, "run", path, "--entry", entry, "-o", str(tmp)]
    for name, arr in inputs.items():
        p = os.path.join(str(tmp), f"in_{name}.npy")
        np.save(p, arr)
        args += ["-i", f"{name}={p}"]
    p = subprocess.run(args + list(extra), capture_output=True, text=True, timeout=600)
    assert p.returncode == expect_rc, p.stderr
    return p


def out(tmp, name):
    return np.load(os.path.join(str(tmp), name + ".npy"))


def graph_module(op, attrs, shapes, result):
    ins = ", ".join(f"%a{i}: tensor<{s}>" for i, s in enumerate(shapes))
    names = ", ".join(f"%a{i}" for i in range(len(shapes)))
    tys = ", ".join(f"tensor<{s}>" for s in shapes)
    return (f"module {{\n  func.func @main({ins}) -> tensor<{result}> {{\n"
            f"    %r = \"{op}\"({names}) {attrs} : ({tys}) -> tensor<{result}>\n"
            f"    return %r : tensor<{result}>\n  }}\n}}\n")


def bits(a):
    return a.view(np.uint32)


RNG = np.random.default_rng(11)
GEMM_IN = {"a": RNG.standard_normal((128, 128)).astype(np.float32),
           "b": RNG.standard_normal((128, 128)).astype(np.float32)}
ATTN_IN = {n: RNG.standard_normal((1, 1, 128, 64)).astype(np.float32) for n in "qkv"}


def test_gemm_matches_graph_matmul(tmp_path):
    run(os.path.join(EXAMPLES, "gemm.mlir"), GEMM_IN, tmp_path / "tile")
    g = tmp_path / "graph.mlir"
    g.write_text(graph_module("tessera.matmul", "", ["128x128xf32"] * 2, "128x128xf32"))
    run(str(g), {"a0": GEMM_IN["a"], "a1": GEMM_IN["b"]}, tmp_path / "graph")
    assert (bits(out(tmp_path / "tile", "c")) == bits(out(tmp_path / "graph", "r"))).all()
    ref = GEMM_IN["a"].astype(np.float64) @ GEMM_IN["b"].astype(np.float64)
    assert np.abs(out(tmp_path / "tile", "c") - ref).max() < 1e-3


def test_flash_attention_matches_graph_op(tmp_path):
    run(os.path.join(EXAMPLES, "flash_attention.mlir"), ATTN_IN, tmp_path / "tile")
    g = tmp_path / "graph.mlir"
    g.write_text(graph_module("tessera.flash_attn", "{causal = true}", ["1x1x128x64xf32"] * 3,
                              "1x1x128x64xf32"))
    run(str(g), {"a0": ATTN_IN["q"], "a1": ATTN_IN["k"], "a2": ATTN_IN["v"]}, tmp_path / "graph")
    assert (bits(out(tmp_path / "tile", "o")) == bits(out(tmp_path / "graph", "r"))).all()
    q, k, v = (ATTN_IN[n][0, 0].astype(np.float64) for n in "qkv")
    s = q @ k.T * 0.125
    s[np.triu_indices(128, 1)] = -np.inf
    p = np.exp(s - s.max(1, keepdims=True))
    ref = (p / p.sum(1, keepdims=True)) @ v
    assert np.abs(out(tmp_path / "tile", "o")[0, 0] - ref).max() < 1e-4


@pytest.mark.parametrize("extra", [["--threads", "1"], ["--schedule-seed", "1"],
                                   ["--schedule-seed", "99", "--threads", "2"], ["--check", "all"]])
def test_results_do_not_depend_on_threads_or_schedule(tmp_path, extra):
    run(os.path.join(EXAMPLES, "gemm.mlir"), GEMM_IN, tmp_path / "base")
    run(os.path.join(EXAMPLES, "gemm.mlir"), GEMM_IN, tmp_path / "other", *extra)
    assert (bits(out(tmp_path / "base", "c")) == bits(out(tmp_path / "other", "c"))).all()
    x = RNG.standard_normal(4096).astype(np.float32)
    run(os.path.join(EXAMPLES, "reduction.mlir"), {"x": x}, tmp_path / "r0")
    run(os.path.join(EXAMPLES, "reduction.mlir"), {"x": x}, tmp_path / "r1", *extra)
    assert (bits(out(tmp_path / "r0", "sums")) == bits(out(tmp_path / "r1", "sums"))).all()


def test_schedule_seed_changes_a_racy_kernel_reproducibly(tmp_path):
    racy = os.path.join(HERE, "..", "sanitizers", "races_shared_missing_barrier.mlir")
    seen = set()
    for seed in range(1, 6):
        a = run(racy, {}, tmp_path / f"s{seed}a", "--schedule-seed", str(seed)).stdout
        b = run(racy, {}, tmp_path / f"s{seed}b", "--schedule-seed", str(seed)).stdout
        assert (out(tmp_path / f"s{seed}a", "o") == out(tmp_path / f"s{seed}b", "o")).all()
        seen.add(out(tmp_path / f"s{seed}a", "o").tobytes())
    assert len(seen) > 1  # different interleavings expose the race in the values


def test_atomics_and_warp_primitives(tmp_path):
    z4, z1 = np.zeros(4, np.int32), np.zeros(1, np.int32)
    run(os.path.join(HERE, "atomics_warp.mlir"), {"cnt": z4, "mx": z1, "misc": z4}, tmp_path,
        "--check", "all", entry="k")
    assert (out(tmp_path, "0") == sum(range(8))).all()
    assert out(tmp_path, "1")[0] == 4 * 8 - 1
    lanes = np.arange(32)
    down = np.where(lanes + 3 < 32, lanes + 3, lanes)
    assert list(out(tmp_path, "2")) == [int((lanes ^ 1).sum()), int(down.min()),
                                        int(sum(1 << l for l in range(10))), 0]


def test_float_atomics_refused(tmp_path):
    p = run(os.path.join(HERE, "float_atomic.mlir"), {"acc": np.zeros(1, np.float32)}, tmp_path,
            entry="k", expect_rc=1)
    assert "float atomics are refused in deterministic mode" in p.stderr
    assert "float_atomic.mlir:6:12: error:" in p.stderr


def test_endless_loop_hits_step_limit(tmp_path):
    p = run(os.path.join(HERE, "endless_loop.mlir"), {"out": np.zeros(1, np.int32)}, tmp_path,
            entry="k", expect_rc=1)
    assert "step limit exceeded" in p.stderr


def test_deadlock_is_a_diagnostic(tmp_path):
    p = run(os.path.join(HERE, "deadlock.mlir"), {"out": np.zeros(1, np.int32)}, tmp_path,
            entry="k", expect_rc=1)
    assert "exited while tile 0 waits at a barrier" in p.stderr
    assert "deadlock.mlir:9:7: note: tile 0 waits here" in p.stderr


def test_launch_operands_are_read_only(tmp_path):
    with open(os.path.join(EXAMPLES, "saxpy.mlir")) as f:
        text = f.read()
    src = text.replace(
        "tile.store %r, %out, %i", "tile.store %r, %y, %i")
    f = tmp_path / "bad.mlir"
    f.write_text(src)
    x = np.zeros(1000, np.float32)
    p = run(str(f), {"x": x, "y": x, "alpha": np.array(1, np.float32)}, tmp_path, expect_rc=1)
    assert "an operand of tile.launch" in p.stderr


def test_trace_is_valid_json_with_tracks(tmp_path):
    trace = tmp_path / "t.json"
    run(os.path.join(EXAMPLES, "gemm.mlir"), GEMM_IN, tmp_path, "--trace", str(trace))
    doc = json.loads(trace.read_text())
    ev = doc["traceEvents"]
    procs = {e["pid"] for e in ev if e["ph"] == "M" and e["name"] == "process_name"}
    threads = {(e["pid"], e["tid"]) for e in ev if e["ph"] == "M" and e["name"] == "thread_name"}
    graph = (1 << 20) - 1  # the Graph IR ops' track (the tile.launch op spans its groups)
    assert procs == {0, 1, 2, 3, graph}
    assert threads == {(g, t) for g in range(4) for t in range(4)}
    names = {e["name"].split()[0] for e in ev if e["ph"] == "X"}
    assert {"epoch", "async_copy", "mma", "tile.launch"} <= names
    for e in ev:
        if e["ph"] == "X":
            assert e["dur"] >= 0 and ((e["pid"], e["tid"]) in threads or e["pid"] == graph)


def test_bad_check_name_is_usage_error(tmp_path):
    p = subprocess.run([TOOL, "run", os.path.join(EXAMPLES, "saxpy.mlir"), "--check", "racez"],
                       capture_output=True, text=True)
    assert p.returncode == 2 and "unknown check 'racez'" in p.stderr


INT_OPS = {
    "addi": lambda a, b: a + b, "subi": lambda a, b: a - b, "muli": lambda a, b: a * b,
    "divsi": lambda a, b: np.trunc(a / b).astype(np.int64), "remsi": lambda a, b: np.fmod(a, b),
    "minsi": np.minimum, "maxsi": np.maximum, "andi": np.bitwise_and, "ori": np.bitwise_or,
    "xori": np.bitwise_xor, "shli": np.left_shift, "shrsi": np.right_shift,
}


@pytest.mark.parametrize("op", sorted(INT_OPS))
def test_scalar_integer_arith_matches_numpy(tmp_path, op):
    """Every scalar integer arith op on i32, against numpy's C-like semantics (division truncates)."""
    pairs = [(-64, 3), (37, 5), (-37, 5), (7, -2), (1000, 7), (-1, 1)]
    lines = []
    for k, (x, y) in enumerate(pairs):
        lines += [f"  %x{k} = arith.constant {{value = {x} : i32}} : i32",
                  f"  %y{k} = arith.constant {{value = {y} : i32}} : i32",
                  f"  %r{k} = arith.{op} %x{k}, %y{k} : (i32, i32) -> i32",
                  f"  %i{k} = arith.constant {{value = {k} : index}} : index",
                  f"  tile.store %r{k}, %out, %i{k} : (i32, memref<{len(pairs)}xi32>, index) -> ()"]
    prog = (f"func.func @main(%out: memref<{len(pairs)}xi32>) attributes "
            "{tile.grid = [1], tile.tiles = 1, tile.lanes = 1} {\n" + "\n".join(lines) + "\n  return\n}\n")
    path = tmp_path / "k.mlir"
    path.write_text(prog)
    run(str(path), {"out": np.zeros(len(pairs), np.int32)}, tmp_path / "o")
    a = np.array([p[0] for p in pairs], np.int64)
    b = np.array([p[1] for p in pairs], np.int64)
    want = INT_OPS[op](a, b).astype(np.int32)
    np.testing.assert_array_equal(out(tmp_path / "o", "0"), want)


def test_reports_before_a_fatal_error_are_printed(tmp_path):
    """A race report of one launch is printed even though a later launch stops the run."""
    prog = tmp_path / "p.mlir"
    prog.write_text("""module {
  func.func @race(%y: memref<4xf32>) {
    %c0 = arith.constant {value = 0 : index} : index
    %g = tile.group_id : index
    %gi = arith.index_cast %g : (index) -> i64
    %gf = arith.sitofp %gi : (i64) -> f32
    tile.store %gf, %y, %c0 : (f32, memref<4xf32>, index) -> ()
    return
  }
  func.func @div(%d: memref<1xi32>, %z: memref<1xi32>) {
    %c0 = arith.constant {value = 0 : index} : index
    %v = tile.load %d, %c0 : (memref<1xi32>, index) -> i32
    %q = arith.divsi %v, %v : (i32, i32) -> i32
    tile.store %q, %z, %c0 : (i32, memref<1xi32>, index) -> ()
    return
  }
  func.func @main(%d: tensor<1xi32>) -> (tensor<4xf32>, tensor<1xi32>) {
    %y = tile.launch {callee = @race, grid = [2], tiles = 1, lanes = 32} : () -> tensor<4xf32>
    %z = tile.launch %d {callee = @div, grid = [1], tiles = 1, lanes = 32} : (tensor<1xi32>) -> tensor<1xi32>
    return %y, %z : tensor<4xf32>, tensor<1xi32>
  }
}
""")
    p = run(str(prog), {"d": np.array([0], np.int32)}, tmp_path / "o", "--check", "races", expect_rc=1)
    assert "[races] write races with an earlier write by group 0" in p.stderr
    assert "integer division by zero" in p.stderr
    assert p.stderr.index("[races]") < p.stderr.index("integer division by zero")
