// Per rank, by its flag f: 0 stores out of bounds at once, 1 spins until the step limit, 2
// finishes normally. Used by test_mesh_run.py: the first fatal error cancels the ranks above it
// (issue #11, item 9) and the lowest failing rank's error is the one reported.
module attributes {tessera.mesh = {axes = ["dp"], shape = [8]}} {
  func.func @k(%f: memref<1xi32>, %out: memref<1xi32>) {
    %z = arith.constant {value = 0 : index} : index
    %one = arith.constant {value = 1 : i32} : i32
    %v = tile.load %f, %z : (memref<1xi32>, index) -> i32
    %spin = arith.cmpi %v, %one {predicate = 0} : (i32, i32) -> i1
    %r = "scf.while"(%z) ({
    ^bb0(%i: index):
      "scf.condition"(%spin, %i) : (i1, index) -> ()
    }, {
    ^bb0(%j: index):
      "scf.yield"(%j) : (index) -> ()
    }) : (index) -> index
    // index 14 - 7 f: 14 (out of bounds) for f = 0, 0 for f = 2
    %fi = arith.index_cast %v : (i32) -> index
    %seven = arith.constant {value = 7 : index} : index
    %fourteen = arith.constant {value = 14 : index} : index
    %m = arith.muli %fi, %seven : (index, index) -> index
    %at = arith.subi %fourteen, %m : (index, index) -> index
    tile.store %v, %out, %at : (i32, memref<1xi32>, index) -> ()
    return
  }
  func.func @main(%f: tensor<1xi32>) -> tensor<1xi32> {
    %o = tile.launch %f {callee = @k, grid = [4], tiles = 1, lanes = 1}
        : (tensor<1xi32>) -> tensor<1xi32>
    return %o : tensor<1xi32>
  }
}
