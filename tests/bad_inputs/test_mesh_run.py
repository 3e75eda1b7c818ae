"""`tessera-interp run` on mesh programs: sends, cancellation, errors, --max-memory.

Regression tests of issue #11: item 6 (every program with tessera.send indexed an empty vector;
seen under -D_GLIBCXX_ASSERTIONS), item 9 (the first fatal error of a rank cancels the other
ranks; the lowest rank's error is reported), item 20 (a rank's error still starts with its
location) and item 21 (--max-memory counted replicated buffers once per rank). Expected byte
counts are derived by hand in each test.
"""
import os
import re
import time

import numpy as np
import pytest

from interp_cli import run, save, write  # tests/pylib, on sys.path by conftest.py
HERE = os.path.dirname(os.path.abspath(__file__))

SEND_RECV = """module attributes {tessera.mesh = {axes = ["dp", "pp"], shape = [2, 2]}} {
  func.func @main(%x: tensor<3xf32>) -> (tensor<3xf32>, tensor<3xf32>) {
    "tessera.send"(%x) {axes = ["pp"], pairs = [[0, 1]], channel = 0} : (tensor<3xf32>) -> ()
    "tessera.send"(%x) {axes = ["dp"], pairs = [[1, 0]], channel = 1} : (tensor<3xf32>) -> ()
    %r = "tessera.recv"() {axes = ["pp"], pairs = [[0, 1]], channel = 0} : () -> tensor<3xf32>
    %q = "tessera.recv"() {axes = ["dp"], pairs = [[1, 0]], channel = 1} : () -> tensor<3xf32>
    return %r, %q : tensor<3xf32>, tensor<3xf32>
  }
}
"""
# x replicated on 8 ranks (4096 bytes, one buffer), y = neg(x) per rank, s = all_reduce(y)
# shared by the one group of 8.
REPLICATED = """module attributes {tessera.mesh = {axes = ["dp"], shape = [8]}} {
  func.func @main(%x: tensor<1024xf32>) -> tensor<1024xf32> {
    %y = tessera.neg %x : (tensor<1024xf32>) -> tensor<1024xf32>
    %s = tessera.all_reduce %y {axes = ["dp"], op = "sum"} : (tensor<1024xf32>) -> tensor<1024xf32>
    return %s : tensor<1024xf32>
  }
}
"""
ERROR_HEAD = re.compile(r"^\S.*?:\d+:\d+: error: ")


def test_sends_move_data_and_return_nothing(tmp_path):
    prog = write(tmp_path, "p.mlir", SEND_RECV)
    xs = [np.arange(3, dtype=np.float32) + 10 * r for r in range(4)]
    args = ["run", prog, "--per-rank-outputs", "-o", str(tmp_path / "out")]
    for r, x in enumerate(xs):
        args += ["-i", f"x@{r}={save(tmp_path, f'x{r}.npy', x)}"]
    p = run(args)
    assert p.returncode == 0, p.stderr
    # ranks (dp, pp): 0=(0,0) 1=(0,1) 2=(1,0) 3=(1,1); over pp 0 -> 1, over dp 1 -> 0.
    zero = np.zeros(3, np.float32)
    for r, want in enumerate([zero, xs[0], zero, xs[2]]):
        np.testing.assert_array_equal(np.load(tmp_path / "out" / f"r@{r}.npy"), want)
    for r, want in enumerate([xs[2], xs[3], zero, zero]):
        np.testing.assert_array_equal(np.load(tmp_path / "out" / f"q@{r}.npy"), want)


def rank_inputs(tmp_path, flags):
    args = []
    for r, f in enumerate(flags):
        args += ["-i", f"f@{r}={save(tmp_path, f'f{r}.npy', np.array([f], np.int32))}"]
    return args


def test_first_fatal_error_cancels_the_other_ranks(tmp_path):
    prog = os.path.join(HERE, "mesh_cancel.mlir")
    # Without cancellation, ranks 1..7 each spin 4 groups to the step limit (minutes on 1 core).
    start = time.monotonic()
    p = run(["run", prog, *rank_inputs(tmp_path, [0] + [1] * 7), "--threads", "1"], timeout=60)
    assert time.monotonic() - start < 30
    assert p.returncode == 1, p.stderr
    assert "error: rank 0 (dp=0): 'tile.store' op out-of-bounds access" in p.stderr, p.stderr
    assert ERROR_HEAD.match(p.stderr), p.stderr


@pytest.mark.parametrize("threads", ["1", "2"])
def test_lowest_failing_rank_is_reported(tmp_path, threads):
    prog = os.path.join(HERE, "mesh_cancel.mlir")
    # Ranks 3 and 6 fail at once, ranks 0..2 finish, ranks 4, 5, 7 spin: rank 3's error is
    # reported, whatever the thread count, and ranks above 3 are cancelled.
    flags = [2, 2, 2, 0, 1, 1, 0, 1]
    start = time.monotonic()
    p = run(["run", prog, *rank_inputs(tmp_path, flags), "--threads", threads], timeout=300)
    assert p.returncode == 1, p.stderr
    assert ERROR_HEAD.match(p.stderr), p.stderr
    assert "error: rank 3 (dp=3): 'tile.store' op out-of-bounds" in p.stderr, p.stderr
    assert "rank 6" not in p.stderr
    if threads == "1":
        assert time.monotonic() - start < 30


def test_all_ranks_finishing_is_no_error(tmp_path):
    prog = os.path.join(HERE, "mesh_cancel.mlir")
    p = run(["run", prog, *rank_inputs(tmp_path, [2] * 8), "--per-rank-outputs"])
    assert p.returncode == 0, p.stderr


def test_max_memory_counts_shared_buffers_once(tmp_path):
    prog = write(tmp_path, "p.mlir", REPLICATED)
    x = save(tmp_path, "x.npy", np.ones(1024, np.float32))
    # Peak, at the all_reduce step: x once (4096) + y on 8 ranks (8 * 4096) + the shared sum
    # (4096) = 40960 bytes. Counting per rank would give 8 * 3 * 4096 = 98304.
    p = run(["run", prog, "-i", f"x={x}", "--max-memory", "40960", "-o", str(tmp_path / "o")])
    assert p.returncode == 0, p.stderr
    np.testing.assert_array_equal(np.load(tmp_path / "o" / "s.npy"), np.full(1024, -8, np.float32))
    p = run(["run", prog, "-i", f"x={x}", "--max-memory", "40959"])
    assert p.returncode == 1 and "needs 40960 bytes of live buffers" in p.stderr, p.stderr
    assert ERROR_HEAD.match(p.stderr), p.stderr


def test_max_memory_counts_per_rank_inputs_each(tmp_path):
    prog = write(tmp_path, "p.mlir", REPLICATED)
    args = ["run", prog]
    for r in range(8):
        args += ["-i", f"x@{r}={save(tmp_path, f'x{r}.npy', np.ones(1024, np.float32))}"]
    # Eight distinct input buffers (8 * 4096) + 8 * 4096 + 4096 = 69632.
    assert run(args + ["--max-memory", "69632"]).returncode == 0
    p = run(args + ["--max-memory", "69631"])
    assert p.returncode == 1 and "needs 69632 bytes" in p.stderr, p.stderr


def test_partial_global_input_is_checked_against_max_memory_before_allocating(tmp_path):
    prog = write(tmp_path, "p.mlir", """module attributes {tessera.mesh = {axes = ["dp"], shape = [1024]}} {
  func.func @main(%x: tensor<1024xf32> {tessera.shard = {partial = ["dp"]}}) -> tensor<1024xf32>
      attributes {tessera.result_shards = [{partial = ["dp"]}]} {
    return %x : tensor<1024xf32>
  }
}
""")
    x = save(tmp_path, "x.npy", np.arange(1024, dtype=np.float32))
    # Rank 0 holds x, the 1023 others zeros: 1024 buffers of 4096 bytes = 4194304 bytes.
    p = run(["run", prog, "-i", f"x={x}", "--max-memory", "4194303"])
    assert p.returncode == 1 and p.stderr.startswith(f"{x}: error: parameter '%x'"), p.stderr
    assert "(--max-memory)" in p.stderr
    p = run(["run", prog, "-i", f"x={x}", "--max-memory", "16000000", "-o", str(tmp_path / "o")])
    assert p.returncode == 0, p.stderr
    np.testing.assert_array_equal(np.load(tmp_path / "o" / "x.npy"), np.arange(1024, dtype=np.float32))


def test_reports_before_a_rank_error_do_not_depend_on_threads(tmp_path):
    prog = os.path.join(HERE, "mesh_cancel.mlir")
    # Rank 0 spins into the step limit (fatal); ranks 1..7 store out of bounds, which --check
    # bounds reports. Ranks above 0 are cancelled, and whatever they reported in the step that
    # failed is dropped, so the output is the same for any thread count.
    args = ["run", prog, *rank_inputs(tmp_path, [1] + [0] * 7), "--check", "bounds"]
    p1 = run(args + ["--threads", "1"], timeout=300)
    p2 = run(args + ["--threads", "2"], timeout=300)
    assert p1.returncode == p2.returncode == 1, p1.stderr
    assert p1.stderr == p2.stderr
    assert "error: rank 0 (dp=0):" in p1.stderr and "step limit" in p1.stderr
    assert "rank 1 (dp=1)" not in p1.stderr
