"""Mismatches are diagnosed with ranks and source locations, never left to hang."""
from __future__ import annotations

import numpy as np

import harness as h

MESH = 'module attributes {tessera.mesh = {axes = ["dp", "pp"], shape = [2, 2]}} {\n'


def per_rank(shape_of_rank, n=4):
    return [np.full(shape_of_rank(r), r + 1, np.float32) for r in range(n)]


def test_send_recv_moves_data():
    prog = MESH + """  func.func @main(%x: tensor<3xf32>) -> tensor<3xf32> {
    "tessera.send"(%x) {axes = ["pp"], pairs = [[0, 1]], channel = 7} : (tensor<3xf32>) -> ()
    %r = "tessera.recv"() {axes = ["pp"], pairs = [[0, 1]], channel = 7} : () -> tensor<3xf32>
    return %r : tensor<3xf32>
  }
}
"""
    xs = per_rank(lambda r: (3,))
    got = h.run(prog, {"x": xs}, [np.float32], ["r"])[0]
    # Ranks (dp, pp): 0=(0,0) 1=(0,1) 2=(1,0) 3=(1,1); pp=1 receives from pp=0, pp=0 gets zeros.
    want = [np.zeros(3), xs[0], np.zeros(3), xs[2]]
    for g, w in zip(got, want):
        np.testing.assert_array_equal(g, w.astype(np.float32))


def test_recv_without_send():
    prog = MESH + """  func.func @main(%x: tensor<3xf32>) -> tensor<3xf32> {
    %r = "tessera.recv"() {axes = ["pp"], pairs = [[0, 1]], channel = 1} : () -> tensor<3xf32>
    "tessera.send"(%x) {axes = ["pp"], pairs = [[0, 1]], channel = 1} : (tensor<3xf32>) -> ()
    return %r : tensor<3xf32>
  }
}
"""
    rc, err = h.run(prog, {"x": per_rank(lambda r: (3,))}, [np.float32], expect_fail=True)
    assert rc == 1
    assert "prog.mlir:3:10: error: 'tessera.recv' op has no matching send" in err
    assert "rank 1 (dp=0, pp=1) waits for a message from rank 0 (dp=0, pp=0)" in err
    assert "(mesh_run_c2)" in err


def test_send_never_received():
    prog = MESH + """  func.func @main(%x: tensor<3xf32>) -> tensor<3xf32> {
    "tessera.send"(%x) {axes = ["pp"], pairs = [[1, 0]], channel = 2} : (tensor<3xf32>) -> ()
    return %x : tensor<3xf32>
  }
}
"""
    rc, err = h.run(prog, {"x": per_rank(lambda r: (3,))}, [np.float32], expect_fail=True)
    assert rc == 1
    assert "prog.mlir:3:5: error: 'tessera.send' op message from rank 1 (dp=0, pp=1) to rank 0" in err
    assert "never received" in err and "(mesh_run_c2)" in err


def test_send_recv_type_mismatch_names_both_locations():
    prog = MESH + """  func.func @main(%x: tensor<3xf32>) -> tensor<2xf32> {
    "tessera.send"(%x) {axes = ["pp"], pairs = [[0, 1]], channel = 3} : (tensor<3xf32>) -> ()
    %r = "tessera.recv"() {axes = ["pp"], pairs = [[0, 1]], channel = 3} : () -> tensor<2xf32>
    return %r : tensor<2xf32>
  }
}
"""
    rc, err = h.run(prog, {"x": per_rank(lambda r: (3,))}, [np.float32], expect_fail=True)
    assert rc == 1
    assert "prog.mlir:4:10: error: 'tessera.recv' op receives tensor<2xf32> on rank 1" in err
    assert "sent tensor<3xf32>" in err and "(mesh_run_c3)" in err
    assert "prog.mlir:3:5: note: the send is here" in err


def test_collective_with_rank_dependent_shapes():
    prog = MESH + """  func.func @main(%x: tensor<?xf32>) -> tensor<?xf32> {
    %r = tessera.all_reduce %x {axes = ["dp"], op = "sum"} : (tensor<?xf32>) -> tensor<?xf32>
    return %r : tensor<?xf32>
  }
}
"""
    xs = per_rank(lambda r: (4,) if r != 3 else (5,))
    rc, err = h.run(prog, {"x": xs}, [np.float32], expect_fail=True)
    assert rc == 1
    assert "prog.mlir:3:10: error: 'tessera.all_reduce' op ranks of one group reach this collective" in err
    assert "rank 1 (dp=0, pp=1) passes tensor<4xf32>, rank 3 (dp=1, pp=1) passes tensor<5xf32>" in err
    assert "(mesh_run_c1)" in err


def test_rank_dependent_shapes_in_other_groups_are_fine():
    prog = MESH + """  func.func @main(%x: tensor<?xf32>) -> tensor<?xf32> {
    %r = tessera.all_reduce %x {axes = ["dp"], op = "sum"} : (tensor<?xf32>) -> tensor<?xf32>
    return %r : tensor<?xf32>
  }
}
"""
    xs = per_rank(lambda r: (4,) if r % 2 == 0 else (5,))  # groups over dp: {0, 2} and {1, 3}
    got = h.run(prog, {"x": xs}, [np.float32], ["r"])[0]
    assert [g.shape for g in got] == [(4,), (5,), (4,), (5,)]
    np.testing.assert_array_equal(got[1], np.full(5, 2 + 4, np.float32))


def test_missing_rank_input_is_a_usage_error():
    prog = MESH + """  func.func @main(%x: tensor<3xf32>) -> tensor<3xf32> {
    return %x : tensor<3xf32>
  }
}
"""
    rc, err = h.run(prog, {"x": per_rank(lambda r: (3,), n=3)}, [np.float32], expect_fail=True)
    assert rc == 2 and "rank 3 is missing" in err
