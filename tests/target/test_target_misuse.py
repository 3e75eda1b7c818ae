"""Warp-synchronous misuse and memory faults the Target IR interpreter reports (docs/ops/target/
README.md, "Run-time checks"): each program breaks one rule; the diagnostic names the op, the
block, warp and lane, and the run fails without a crash."""
import os
import subprocess

import numpy as np
import pytest

TOOL = os.environ.get("TESSERA_INTERP", "tessera-interp")

HEAD = """module {
  func.func @k(%x: memref<32xi32>, %out: memref<32xi32>) {
    %l = tessera_nvidia.laneid : i32
    %zero = arith.constant {value = 0 : i32} : i32
    %c16 = arith.constant {value = 16 : i32} : i32
    %full = arith.constant {value = -1 : i32} : i32
    %low = arith.constant {value = 65535 : i32} : i32
    %lo = arith.cmpi %l, %c16 {predicate = "slt"} : (i32, i32) -> i1
    %v = tessera_nvidia.ld %x, %l : (memref<32xi32>, i32) -> i32
"""
TAIL = """    return
  }
  func.func @main(%x: tensor<32xi32>) -> tensor<32xi32> {
    %out = tessera_nvidia.launch %x {callee = @k, grid = [2], block = [BLOCK]}
        : (tensor<32xi32>) -> tensor<32xi32>
    return %out : tensor<32xi32>
  }
}
"""


def body_if(inner):
    return ('    "scf.if"(%lo) ({\n' + inner +
            '      "scf.yield"() : () -> ()\n    }, { "scf.yield"() : () -> () }) : (i1) -> ()\n')


CASES = {
    # A shfl whose member mask names lanes that took the other branch.
    "shfl_not_converged": (body_if(
        '      %r = tessera_nvidia.shfl_sync %v, %zero, %full {mode = "idx"} : (i32, i32, i32) -> i32\n'),
        "member lanes 16,17,18,19,20,21,22,23,24,25,26,27,28,29,30,31 are not converged"),
    # An executing lane outside the member mask.
    "vote_lane_not_in_mask": (
        '    %p = tessera_nvidia.vote_sync %lo, %low {mode = "any"} : (i1, i32) -> i1\n',
        "executing lanes 16,17"),
    # Lanes 16..31 exit, then a vote names them.
    "vote_mask_names_exited": (
        '    %hi = arith.cmpi %l, %c16 {predicate = "sge"} : (i32, i32) -> i1\n'
        '    "scf.if"(%hi) ({\n'
        '      tessera_nvidia.exit : () -> ()\n'
        '      "scf.yield"() : () -> ()\n'
        '    }, { "scf.yield"() : () -> () }) : (i1) -> ()\n'
        '    %p = tessera_nvidia.vote_sync %lo, %full {mode = "all"} : (i1, i32) -> i1\n',
        "the member mask names exited lanes 16"),
    # Lanes disagree on the member mask.
    "shfl_mask_differs": (
        '    %m = arith.select %lo, %full, %low : (i1, i32, i32) -> i32\n'
        '    %r = tessera_nvidia.shfl_sync %v, %zero, %m {mode = "bfly"} : (i32, i32, i32) -> i32\n',
        "lanes of the warp give different member masks"),
    # bar.sync inside a branch only half the warp takes.
    "barrier_divergence": (body_if('      tessera_nvidia.bar_sync : () -> ()\n'),
                           "barrier divergence"),
    # Out-of-bounds store: lane 31 writes element 32.
    "store_oob": ('    %one = arith.constant {value = 1 : i32} : i32\n'
                  '    %j = arith.addi %l, %one : i32\n'
                  '    tessera_nvidia.st %v, %out, %j : (i32, memref<32xi32>, i32) -> ()\n',
                  "out-of-bounds access: elements [32, 33) of %out"),
    # A read of a cp.async destination before the wait_group that lands it.
    "async_read_before_wait": (
        '    %s = tessera_nvidia.alloc_shared : memref<32xi32, 3>\n'
        '    tessera_nvidia.cp_async %x, %l, %s, %l {bytes = 4}'
        ' : (memref<32xi32>, i32, memref<32xi32, 3>, i32) -> ()\n'
        '    tessera_nvidia.cp_async_commit_group : () -> ()\n'
        '    %r = tessera_nvidia.ld %s, %l : (memref<32xi32, 3>, i32) -> i32\n',
        "reads element 0 of shared#0 while a cp.async to it is in flight"),
    # A store to a launch operand.
    # A float compare-and-swap in deterministic mode (the default), as tile.atomic_cas.
    "float_cas_deterministic": (
        '    %s = tessera_nvidia.alloc_shared : memref<32xf32, 3>\n'
        '    %f = arith.constant {value = 1.0 : f32} : f32\n'
        '    %o = tessera_nvidia.atom %f, %s, %l, %f {kind = "cas"}'
        ' : (f32, memref<32xf32, 3>, i32, f32) -> f32\n',
        "float atomic cas is refused in deterministic mode"),
    "store_readonly": ('    tessera_nvidia.st %v, %x, %l : (i32, memref<32xi32>, i32) -> ()\n',
                       "a launch operand (read-only)"),
}


@pytest.mark.parametrize("name", sorted(CASES))
def test_misuse(name, tmp_path):
    body, message = CASES[name]
    src = tmp_path / f"{name}.mlir"
    src.write_text(HEAD + body + TAIL.replace("BLOCK", "32"))
    x = tmp_path / "x.npy"
    np.save(x, np.arange(32, dtype=np.int32))
    p = subprocess.run([TOOL, "run", str(src), "-i", f"x={x}", "-o", str(tmp_path)],
                       capture_output=True, text=True, timeout=60)
    assert p.returncode == 1, p.stderr
    assert message in p.stderr, p.stderr
    assert "block 0, warp 0, lane" in p.stderr, p.stderr
    assert f"{name}.mlir:" in p.stderr


def test_mma_needs_whole_warp(tmp_path):
    """mma.sync and ldmatrix are .aligned: a partial last warp (block of 48) cannot run them."""
    src = tmp_path / "mma.mlir"
    src.write_text("""module {
  func.func @k(%c: memref<4xf32>, %out: memref<4xf32>) {
    %zero = arith.constant {value = 0 : i32} : i32
    %fc = tessera_nvidia.ld %c, %zero : (memref<4xf32>, i32) -> vector<4xf32>
    %a = tessera_nvidia.ld %c, %zero : (memref<4xf32>, i32) -> vector<4xf32>
    %b = tessera_nvidia.ld %c, %zero : (memref<4xf32>, i32) -> vector<2xf32>
    %d = tessera_nvidia.mma_sync %a, %b, %fc {shape = "m16n8k8"}
        : (vector<4xf32>, vector<2xf32>, vector<4xf32>) -> vector<4xf32>
    return
  }
  func.func @main(%c: tensor<4xf32>) -> tensor<4xf32> {
    %out = tessera_nvidia.launch %c {callee = @k, grid = [1], block = [48]}
        : (tensor<4xf32>) -> tensor<4xf32>
    return %out : tensor<4xf32>
  }
}
""")
    c = tmp_path / "c.npy"
    np.save(c, np.zeros(4, np.float32))
    p = subprocess.run([TOOL, "run", str(src), "-i", f"c={c}", "-o", str(tmp_path)],
                       capture_output=True, text=True, timeout=60)
    assert p.returncode == 1, p.stderr
    assert "needs all 32 lanes but lanes 16,17" in p.stderr and "warp 1" in p.stderr, p.stderr


SHARED = """module {
  func.func @k(%x: memref<32xi32>, %out: memref<32xi32>) {
    %l = tessera_nvidia.laneid : i32
    %w = tessera_nvidia.warpid : i32
    %s = tessera_nvidia.alloc_shared : memref<64xi32, 3>
BODY
    return
  }
  func.func @main(%x: tensor<32xi32>) -> tensor<32xi32> {
    %out = tessera_nvidia.launch %x {callee = @k, grid = [1], block = [64]}
        : (tensor<32xi32>) -> tensor<32xi32>
    return %out : tensor<32xi32>
  }
}
"""

SANITIZER_CASES = {
    # Both warps write element lane of shared memory in the same barrier epoch.
    "write_write": ("    tessera_nvidia.st %w, %s, %l : (i32, memref<64xi32, 3>, i32) -> ()\n",
                    "[races] write-write race on shared memory"),
    # Warp 1 reads what warp 0 wrote, without a bar.sync in between.
    "missing_barrier": (
        "    %c32 = arith.constant {value = 32 : i32} : i32\n"
        "    %zero = arith.constant {value = 0 : i32} : i32\n"
        "    %mine = arith.muli %w, %c32 : i32\n"
        "    %i = arith.addi %mine, %l : i32\n"
        "    tessera_nvidia.st %l, %s, %i : (i32, memref<64xi32, 3>, i32) -> ()\n"
        "    %is0 = arith.cmpi %w, %zero {predicate = \"eq\"} : (i32, i32) -> i1\n"
        "    %other = arith.select %is0, %c32, %zero : (i1, i32, i32) -> i32\n"
        "    %j = arith.addi %other, %l : i32\n"
        "    %v = tessera_nvidia.ld %s, %j : (memref<64xi32, 3>, i32) -> i32\n",
        "[races] read of another warp's write in the same barrier epoch"),
    # Reads an element nobody wrote.
    "uninitialised": ("    %v = tessera_nvidia.ld %s, %l : (memref<64xi32, 3>, i32) -> i32\n",
                      "[init] reads uninitialised shared memory"),
    # Lanes of one warp store to one element in one instruction.
    "same_instruction": (
        "    %zero = arith.constant {value = 0 : i32} : i32\n"
        "    %is0 = arith.cmpi %w, %zero {predicate = \"eq\"} : (i32, i32) -> i1\n"
        '    "scf.if"(%is0) ({\n'
        "      tessera_nvidia.st %l, %s, %zero : (i32, memref<64xi32, 3>, i32) -> ()\n"
        '      "scf.yield"() : () -> ()\n'
        '    }, { "scf.yield"() : () -> () }) : (i1) -> ()\n',
        "[races] write-write race on shared memory"),
}


@pytest.mark.parametrize("name", sorted(SANITIZER_CASES))
def test_shared_sanitizers(name, tmp_path):
    body, message = SANITIZER_CASES[name]
    src = tmp_path / f"{name}.mlir"
    src.write_text(SHARED.replace("BODY", body.rstrip("\n")))
    x = tmp_path / "x.npy"
    np.save(x, np.arange(32, dtype=np.int32))
    base = [TOOL, "run", str(src), "-i", f"x={x}", "-o", str(tmp_path)]
    clean = subprocess.run(base, capture_output=True, text=True, timeout=60)
    assert clean.returncode == 0, clean.stderr  # off by default
    p = subprocess.run(base + ["--check", "races,init"], capture_output=True, text=True,
                       timeout=60)
    assert p.returncode != 0 and message in p.stderr, p.stderr
    assert "block 0, warp" in p.stderr and f"{name}.mlir:" in p.stderr, p.stderr


def test_barrier_orders_shared_accesses(tmp_path):
    """The missing_barrier program with a bar.sync between the store and the load is clean."""
    body = SANITIZER_CASES["missing_barrier"][0].replace(
        "    %is0", "    tessera_nvidia.bar_sync : () -> ()\n    %is0")
    src = tmp_path / "ok.mlir"
    src.write_text(SHARED.replace("BODY", body.rstrip("\n")))
    x = tmp_path / "x.npy"
    np.save(x, np.arange(32, dtype=np.int32))
    p = subprocess.run([TOOL, "run", str(src), "-i", f"x={x}", "-o", str(tmp_path), "--check",
                        "all"], capture_output=True, text=True, timeout=60)
    assert p.returncode == 0, p.stderr


def test_misaligned_vector_load(tmp_path):
    src = tmp_path / "mis.mlir"
    src.write_text(HEAD.replace("%v = tessera_nvidia.ld %x, %l : (memref<32xi32>, i32) -> i32",
                                "%one = arith.constant {value = 1 : i32} : i32\n"
                                "    %v = tessera_nvidia.ld %x, %one : (memref<32xi32>, i32)"
                                " -> vector<4xi32>") + TAIL.replace("BLOCK", "32"))
    x = tmp_path / "x.npy"
    np.save(x, np.arange(32, dtype=np.int32))
    p = subprocess.run([TOOL, "run", str(src), "-i", f"x={x}", "-o", str(tmp_path)],
                       capture_output=True, text=True, timeout=60)
    assert p.returncode == 1, p.stderr
    assert "misaligned vector access: element 1 of %x is not a multiple of the width 4" \
        in p.stderr, p.stderr


def test_runaway_loop_stops(tmp_path):
    """A loop of 2e9 iterations stops at the run's step limit with a located diagnostic."""
    src = tmp_path / "loop.mlir"
    src.write_text(HEAD + """    %c0i = arith.constant {value = 0 : index} : index
    %c1i = arith.constant {value = 1 : index} : index
    %big = arith.constant {value = 2000000000 : index} : index
    "scf.for"(%c0i, %big, %c1i) ({
    ^bb0(%i: index):
      "scf.yield"() : () -> ()
    }) : (index, index, index) -> ()
""" + TAIL.replace("BLOCK", "32"))
    x = tmp_path / "x.npy"
    np.save(x, np.arange(32, dtype=np.int32))
    p = subprocess.run([TOOL, "run", str(src), "-i", f"x={x}", "-o", str(tmp_path),
                        "--max-steps", "100000"], capture_output=True, text=True, timeout=60)
    assert p.returncode == 1, p.stderr
    assert "warp ran more than 100000 instructions" in p.stderr and "loop.mlir:" in p.stderr


OPT = os.environ.get("TESSERA_OPT", "tessera-opt")
SANITIZER_DIR = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "sanitizers")
# The tile sanitizer programs that lower to Target IR, and what the Target run must report.
# (races_global_groups and init_output_read_before_write are global-memory findings, which the
# Target sanitizers do not check yet.)
LOWERED_BUGS = {
    "async_missing_wait": "while a cp.async to it is in flight",
    "async_no_commit": "while a cp.async to it is in flight",
    "async_wait_too_shallow": "while a cp.async to it is in flight",
    "bounds_load_tile_edge": "out-of-bounds access",
    "barriers_divergent_if": "barrier divergence",
    "barriers_if_else": "warps wait at different bar.sync",
    "barriers_loop_trip": "barrier divergence",
    "bounds_global_off_by_one": "out-of-bounds access",
    "bounds_shared_off_by_one": "out-of-bounds access",
    "init_register_partial": "[init] reads uninitialised local memory",
    "init_shared_read_before_write": "[init]",
    "races_shared_missing_barrier": "[races]",
    "races_shared_same_slot": "[races]",
    "races_tree_missing_barrier": "[races]",
}


@pytest.mark.parametrize("name", sorted(LOWERED_BUGS))
def test_tile_sanitizer_programs_lowered(name, tmp_path):
    """Each buggy Tile IR program of tests/sanitizers, lowered, is caught at Target level."""
    import sys
    sys.path.insert(0, SANITIZER_DIR)
    import check_reports
    src = os.path.join(SANITIZER_DIR, f"{name}.mlir")
    low = subprocess.run([OPT, src, "--pass", "tile-to-target"], capture_output=True, text=True,
                         timeout=60)
    assert low.returncode == 0, low.stderr
    (tmp_path / "low.mlir").write_text(low.stdout)
    with open(src) as f:
        args = check_reports.main_inputs(f.read(), str(tmp_path))
    p = subprocess.run([TOOL, "run", str(tmp_path / "low.mlir"), "--check", "all", "-o",
                        str(tmp_path)] + args, capture_output=True, text=True, timeout=60)
    assert p.returncode != 0 and LOWERED_BUGS[name] in p.stderr, p.stderr
