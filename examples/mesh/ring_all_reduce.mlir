// A ring all-reduce written with tile.ppermute (the ring algorithm NCCL uses), on 8 ranks.
// Every rank holds 128 floats as 8 chunks of 16. Reduce-scatter: in step s = 0..6, rank r sends
// chunk (r - s) mod 8 to rank r + 1 and adds the chunk it receives into chunk (r - s - 1) mod 8;
// afterwards rank r holds the sum of chunk (r + 1) mod 8. All-gather: in step s, rank r sends
// chunk (r + 1 - s) mod 8 and stores the one it receives as chunk (r - s) mod 8. Every one of
// the 16 tiles (grid [2] x 8 tiles) handles element e of every chunk; each tile.ppermute is a
// phase boundary of the whole launch on every rank (docs/ops/tile/collectives.md).
// The sums are taken in ring order, not rank order: on integer-valued inputs the result equals
// tessera.all_reduce exactly (tests/mesh/test_tile_collectives_ops.py runs it that way).
module attributes {tessera.mesh = {axes = ["x"], shape = [8]}} {
  func.func @ring(%r32: i32, %x: memref<128xf32>, %acc: memref<128xf32>, %snd: memref<16xf32>,
                  %rcv: memref<16xf32>) {
    %e = tile.linear_id : index
    %c0 = arith.constant {value = 0 : index} : index
    %c1 = arith.constant {value = 1 : index} : index
    %n = arith.constant {value = 8 : index} : index
    %steps = arith.constant {value = 7 : index} : index
    %cs = arith.constant {value = 16 : index} : index
    %r = arith.index_cast %r32 : (i32) -> index
    %rn = arith.addi %r, %n : index
    "scf.for"(%c0, %n, %c1) ({
    ^bb0(%c: index):
      %base = arith.muli %c, %cs : index
      %i = arith.addi %base, %e : index
      %v = tile.load %x, %i : (memref<128xf32>, index) -> f32
      tile.store %v, %acc, %i : (f32, memref<128xf32>, index) -> ()
      "scf.yield"() : () -> ()
    }) : (index, index, index) -> ()
    // Reduce-scatter.
    "scf.for"(%c0, %steps, %c1) ({
    ^bb0(%s: index):
      %t = arith.subi %rn, %s : index
      %sc = arith.remsi %t, %n : index
      %sb = arith.muli %sc, %cs : index
      %si = arith.addi %sb, %e : index
      %sv = tile.load %acc, %si : (memref<128xf32>, index) -> f32
      tile.store %sv, %snd, %e : (f32, memref<16xf32>, index) -> ()
      tile.ppermute %snd, %rcv {axes = ["x"], pairs = [[0, 1], [1, 2], [2, 3], [3, 4], [4, 5], [5, 6], [6, 7], [7, 0]]} : (memref<16xf32>, memref<16xf32>) -> ()
      %u = arith.addi %t, %steps : index
      %rc = arith.remsi %u, %n : index
      %rb = arith.muli %rc, %cs : index
      %ri = arith.addi %rb, %e : index
      %mine = tile.load %acc, %ri : (memref<128xf32>, index) -> f32
      %got = tile.load %rcv, %e : (memref<16xf32>, index) -> f32
      %sum = arith.addf %mine, %got : f32
      tile.store %sum, %acc, %ri : (f32, memref<128xf32>, index) -> ()
      "scf.yield"() : () -> ()
    }) : (index, index, index) -> ()
    // All-gather.
    "scf.for"(%c0, %steps, %c1) ({
    ^bb0(%s: index):
      %a = arith.addi %rn, %c1 : index
      %t = arith.subi %a, %s : index
      %sc = arith.remsi %t, %n : index
      %sb = arith.muli %sc, %cs : index
      %si = arith.addi %sb, %e : index
      %sv = tile.load %acc, %si : (memref<128xf32>, index) -> f32
      tile.store %sv, %snd, %e : (f32, memref<16xf32>, index) -> ()
      tile.ppermute %snd, %rcv {axes = ["x"], pairs = [[0, 1], [1, 2], [2, 3], [3, 4], [4, 5], [5, 6], [6, 7], [7, 0]]} : (memref<16xf32>, memref<16xf32>) -> ()
      %b = arith.subi %rn, %s : index
      %rc = arith.remsi %b, %n : index
      %rb = arith.muli %rc, %cs : index
      %ri = arith.addi %rb, %e : index
      %got = tile.load %rcv, %e : (memref<16xf32>, index) -> f32
      tile.store %got, %acc, %ri : (f32, memref<128xf32>, index) -> ()
      "scf.yield"() : () -> ()
    }) : (index, index, index) -> ()
    return
  }
  func.func @main(%x: tensor<128xf32> {tessera.shard = {partition = [0], mesh_axes = ["x"]}})
      -> tensor<128xf32> {
    %r = "tessera.axis_index"() {axes = ["x"]} : () -> tensor<i32>
    %acc, %snd, %rcv = tile.launch %r, %x {callee = @ring, grid = [2], tiles = 8, lanes = 32}
        : (tensor<i32>, tensor<128xf32>) -> (tensor<128xf32>, tensor<16xf32>, tensor<16xf32>)
    return %acc : tensor<128xf32>
  }
}
