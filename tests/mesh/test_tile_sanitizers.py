"""`tessera-interp run --check ...` on mesh programs: the tile kernels of every rank run under the
sanitizers, reports name the rank (with mesh coordinates) and come in rank order, whatever the
thread count or schedule seed; the exit status is 3 when a report fired (docs/collectives.md)."""
from __future__ import annotations

import re

import numpy as np
import pytest

import harness as h

# Tile t of the one group stores to element t + off[0], where `off` is a per-rank input: with
# off = 1 the last tile writes one past the end (a bounds report on that rank only).
BOUNDS = """module attributes {tessera.mesh = {axes = ["dp", "tp"], shape = [2, 2]}} {
  func.func @k(%off: memref<1xi32>, %y: memref<8xf32>) {
    %t = tile.local_id : index
    %c0 = arith.constant {value = 0 : index} : index
    %o = tile.load %off, %c0 : (memref<1xi32>, index) -> i32
    %oi = arith.index_cast %o : (i32) -> index
    %j = arith.addi %t, %oi : (index, index) -> index
    %one = arith.constant {value = 1.0 : f32} : f32
    tile.store %one, %y, %j : (f32, memref<8xf32>, index) -> ()
    return
  }
  func.func @main(%off: tensor<1xi32>) -> tensor<8xf32> {
    %y = tile.launch %off {callee = @k, grid = [1], tiles = 8, lanes = 32} : (tensor<1xi32>) -> tensor<8xf32>
    return %y : tensor<8xf32>
  }
}
"""

# Every tile of two groups stores its group id to y[0]: a race on every rank.
RACE = """module attributes {tessera.mesh = {axes = ["x"], shape = [4]}} {
  func.func @k(%y: memref<8xf32>) {
    %c0 = arith.constant {value = 0 : index} : index
    %t = tile.local_id : index
    %first = arith.cmpi %t, %c0 {predicate = 0} : (index, index) -> i1
    %g = tile.group_id : index
    %gi = arith.index_cast %g : (index) -> i64
    %gf = arith.sitofp %gi : (i64) -> f32
    "scf.if"(%first) ({
      tile.store %gf, %y, %c0 : (f32, memref<8xf32>, index) -> ()
      "scf.yield"() : () -> ()
    }, { "scf.yield"() : () -> () }) : (i1) -> ()
    return
  }
  func.func @main() -> tensor<8xf32> {
    %y = tile.launch {callee = @k, grid = [2], tiles = 4, lanes = 32} : () -> tensor<8xf32>
    return %y : tensor<8xf32>
  }
}
"""


def offsets(bad_rank):
    return [np.array([1 if r == bad_rank else 0], np.int32) for r in range(4)]


@pytest.mark.parametrize("threads,seed", [("1", "0"), ("2", "0"), ("2", "7")])
def test_bounds_report_names_the_rank(threads, seed):
    rc, err = h.run(BOUNDS, {"off": offsets(2)}, [np.float32], expect_fail=True, threads=threads,
                    extra=["--check", "bounds", "--schedule-seed", seed])
    assert rc == 3, err
    assert err.count("[bounds]") == 1, err
    assert "prog.mlir:9:5: error: [bounds]" in err
    assert "in kernel @k on rank 2 (dp=1, tp=0), group 0, tile 7" in err


def test_reports_come_in_rank_order_and_respect_the_limit():
    runs = []
    for threads, seed in (("1", "0"), ("2", "0"), ("2", "3")):
        rc, err = h.run(RACE, {}, [np.float32], expect_fail=True, threads=threads,
                        extra=["--check", "races", "--schedule-seed", seed])
        assert rc == 3, err
        ranks = [int(m) for m in re.findall(r"in kernel @k on rank (\d) \(x=\d\)", err)]
        assert ranks == [0, 1, 2, 3], err
        runs.append(re.sub(r"\S*prog\.mlir", "prog.mlir", err))  # temp dirs differ
    assert runs[0] == runs[1]  # thread count never changes a report
    rc, err = h.run(RACE, {}, [np.float32], expect_fail=True,
                    extra=["--check", "races", "--check-limit", "2"])
    assert rc == 3
    assert re.findall(r"on rank (\d)", err) == ["0", "1"]
    assert "2 more reports (--check-limit)" in err


def test_clean_mesh_kernel_under_all_checks_exits_zero():
    (ys,) = h.run(BOUNDS, {"off": offsets(-1)}, [np.float32], names=["y"], extra=["--check", "all"])
    for y in ys:
        assert y.tolist() == [1.0] * 8


# Phased launches (kernels with tile collectives) under races/init: each phase between two
# collectives is checked like a launch of its own; a collective orders everything before it
# before everything after it, initialises what it writes, and must read only initialised memory.
PHASED = """module attributes {tessera.mesh = {axes = ["x"], shape = [4]}} {
  func.func @k(%x: memref<8xf32>, %y: memref<8xf32>, %z: memref<8xf32>) {
    %i = tile.linear_id : index
    %g = tile.group_id : index
    %c0 = arith.constant {value = 0 : index} : index
    %c1 = arith.constant {value = 1 : index} : index
    %v = tile.load %x, %i : (memref<8xf32>, index) -> f32
    PHASE1
    tile.all_reduce %y {axes = ["x"], op = "sum"} : (memref<8xf32>) -> ()
    PHASE2
    return
  }
  func.func @main(%x: tensor<8xf32>) -> (tensor<8xf32>, tensor<8xf32>) {
    %y, %z = tile.launch %x {callee = @k, grid = [2], tiles = 4, lanes = 32}
        : (tensor<8xf32>) -> (tensor<8xf32>, tensor<8xf32>)
    return %y, %z : tensor<8xf32>, tensor<8xf32>
  }
}
"""
STORE_Y = "tile.store %v, %y, %i : (f32, memref<8xf32>, index) -> ()"
# z[i] = y[7 - i]: reads what other groups' tiles contributed, after the collective.
READ_BACK = """%c7 = arith.constant {value = 7 : index} : index
    %j = arith.subi %c7, %i : (index, index) -> index
    %w = tile.load %y, %j : (memref<8xf32>, index) -> f32
    tile.store %w, %z, %i : (f32, memref<8xf32>, index) -> ()"""


def phased(p1, p2):
    return PHASED.replace("PHASE1", p1).replace("PHASE2", p2)


def xs4():
    return [np.arange(8, dtype=np.float32) * (r + 1) for r in range(4)]


def test_phased_kernel_is_clean_under_all_checks():
    outs = {}
    for threads in ("1", "2"):
        outs[threads] = h.run(phased(STORE_Y, READ_BACK), {"x": xs4()}, [np.float32] * 2,
                              names=["y", "z"], threads=threads, extra=["--check", "all"])
    total = sum(xs4())
    for threads, (ys, zs) in outs.items():
        for r in range(4):
            assert ys[r].tolist() == total.tolist()
            assert zs[r].tolist() == total[::-1].tolist()


def when(name, lhs, pred, rhs, body):
    """`if (lhs pred rhs) { body }` with an i1 named %name."""
    return (f"%{name} = arith.cmpi {lhs}, {rhs} {{predicate = {pred}}} : (index, index) -> i1\n"
            f'    "scf.if"(%{name}) ({{\n      {body}\n      "scf.yield"() : () -> ()\n'
            '    }, { "scf.yield"() : () -> () }) : (i1) -> ()')


STORE_Z0 = "tile.store %v, %z, %c0 : (f32, memref<8xf32>, index) -> ()"


def test_race_within_a_phase_is_reported():
    # Phase 2: tile 0 of each group writes z[0]: a race between the two groups of each rank.
    race = "%t = tile.local_id : index\n    " + when("first", "%t", 0, "%c0", STORE_Z0)
    rc, err = h.run(phased(STORE_Y, race), {"x": xs4()}, [np.float32] * 2, expect_fail=True,
                    extra=["--check", "races"])
    assert rc == 3, err
    assert err.count("[races] write races with an earlier write by group 0 tile 0") == 4, err
    assert "on rank 3 (x=3), group 1, tile 0, lane 0, %z element 0" in err


def test_accesses_in_different_phases_do_not_race():
    # Linear id 0 (group 0) writes z[0] before the collective, linear id 4 (group 1) after it.
    before = STORE_Y + "\n    " + when("first", "%i", 0, "%c0", STORE_Z0)
    after = ("%c4 = arith.constant {value = 4 : index} : index\n    " +
             when("second", "%i", 0, "%c4", STORE_Z0))
    for threads in ("1", "2"):
        (_, zs) = h.run(phased(before, after), {"x": xs4()}, [np.float32] * 2, names=["y", "z"],
                        threads=threads, extra=["--check", "races,init"])
        assert [z[0] for z in zs] == [4.0 * (r + 1) for r in range(4)]


def test_collective_reading_uninitialised_memory_is_reported():
    # Only tiles with linear id < 6 store y: elements 6 and 7 are uninitialised when all_reduce
    # reads them; after it, reading y is fine (the collective wrote every element).
    partial = ("%c6 = arith.constant {value = 6 : index} : index\n"
               "    %some = arith.cmpi %i, %c6 {predicate = 2} : (index, index) -> i1\n"
               '    "scf.if"(%some) ({\n      ' + STORE_Y +
               '\n      "scf.yield"() : () -> ()\n    }, { "scf.yield"() : () -> () }) : (i1) -> ()')
    rc, err = h.run(phased(partial, READ_BACK), {"x": xs4()}, [np.float32] * 2, expect_fail=True,
                    extra=["--check", "init"])
    assert rc == 3, err
    assert err.count("[init]") == 4, err
    assert "'tile.all_reduce'" not in err  # reports are not op errors
    assert "error: [init] the tile collective reads uninitialised memory (no tile wrote %y element 6 " \
           "before it) (in kernel @k on rank 0 (x=0)" in err


def test_reading_a_result_before_the_collective_writes_it_is_reported():
    early = STORE_Y + "\n    " + READ_BACK  # reads y[7 - i] in the phase other tiles write it
    rc, err = h.run(phased(early, ""), {"x": xs4()}, [np.float32] * 2, expect_fail=True,
                    extra=["--check", "races,init"])
    assert rc == 3, err
    assert "[init] read of uninitialised memory (in kernel @k on rank 0 (x=0), group 0, tile 0, lane 0, " \
           "%y element 7)" in err
    assert "[races] read races with an earlier write by group 0 tile 3 lane 0 (different groups of one " \
           "launch) (in kernel @k on rank 3 (x=3), group 1, tile 0, lane 0, %y element 3)" in err


# Launch 1 races on every rank (a report under --check races); launch 2 divides by d[0], which is
# zero on ranks 1 and 3 (a fatal error).
RACE_THEN_FATAL = RACE.replace('''  func.func @main() -> tensor<8xf32> {
    %y = tile.launch {callee = @k, grid = [2], tiles = 4, lanes = 32} : () -> tensor<8xf32>
    return %y : tensor<8xf32>
  }''', '''  func.func @div(%d: memref<1xi32>, %z: memref<1xi32>) {
    %c0 = arith.constant {value = 0 : index} : index
    %v = tile.load %d, %c0 : (memref<1xi32>, index) -> i32
    %q = arith.divsi %v, %v : (i32, i32) -> i32
    tile.store %q, %z, %c0 : (i32, memref<1xi32>, index) -> ()
    return
  }
  func.func @main(%d: tensor<1xi32>) -> (tensor<8xf32>, tensor<1xi32>) {
    %y = tile.launch {callee = @k, grid = [2], tiles = 4, lanes = 32} : () -> tensor<8xf32>
    %z = tile.launch %d {callee = @div, grid = [1], tiles = 1, lanes = 32} : (tensor<1xi32>) -> tensor<1xi32>
    return %y, %z : tensor<8xf32>, tensor<1xi32>
  }''')


@pytest.mark.parametrize("threads", ["1", "2"])
def test_reports_before_a_fatal_error_are_printed_and_the_lowest_failing_rank_is_named(threads):
    assert RACE_THEN_FATAL != RACE
    ds = [np.array([0 if r in (1, 3) else 5], np.int32) for r in range(4)]
    rc, err = h.run(RACE_THEN_FATAL, {"d": ds}, [np.float32, np.int32], expect_fail=True, threads=threads,
                    extra=["--check", "races"])
    assert rc == 1, err
    assert re.findall(r"\[races\].*on rank (\d)", err) == ["0", "1", "2", "3"], err
    assert "rank 1 (x=1): " in err and "integer division by zero" in err
    assert "rank 3 (x=3): " not in err  # the lowest failing rank is reported, whatever the timing
    assert err.index("[races]") < err.index("integer division by zero")
