// A loop that never ends: the simulator stops it at the step limit with a diagnostic.
module {
  func.func @k(%out: memref<1xi32>) attributes {tile.grid = [1], tile.tiles = 2, tile.lanes = 32} {
    %true = arith.constant {value = true} : i1
    %z = arith.constant {value = 0 : index} : index
    %r = "scf.while"(%z) ({
    ^bb0(%i: index):
      "scf.condition"(%true, %i) : (i1, index) -> ()
    }, {
    ^bb0(%j: index):
      "scf.yield"(%j) : (index) -> ()
    }) : (index) -> index
    return
  }
}
