// Tiles 1..3 exit while tile 0 waits at a barrier: without --check barriers this is a
// deadlock, reported as a diagnostic (exit 1) instead of a hang.
module {
  func.func @k(%out: memref<1xi32>) attributes {tile.grid = [1], tile.tiles = 4, tile.lanes = 32} {
    %t = tile.local_id : index
    %c0 = arith.constant {value = 0 : index} : index
    %first = arith.cmpi %t, %c0 {predicate = 0} : (index, index) -> i1
    "scf.if"(%first) ({
      tile.barrier : () -> ()
      "scf.yield"() : () -> ()
    }, { "scf.yield"() : () -> () }) : (i1) -> ()
    return
  }
}
