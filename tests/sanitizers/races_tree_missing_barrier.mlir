// Tree reduction whose step lacks the barrier: the next step reads a slot another tile is still updating.
module {
  func.func @k(%out: memref<8xf32>) {
    %t = tile.local_id : index
    %c0 = arith.constant {value = 0 : index} : index
    %c1 = arith.constant {value = 1 : index} : index
    %tf_i = arith.index_cast %t : (index) -> i64
    %tf = arith.sitofp %tf_i : (i64) -> f32
    %s = tile.alloc_shared : memref<8xf32, 3>
    tile.store %tf, %s, %t : (f32, memref<8xf32, 3>, index) -> ()
    tile.barrier : () -> ()
    %c4 = arith.constant {value = 4 : index} : index
    %c2 = arith.constant {value = 2 : index} : index
    %a4 = arith.cmpi %t, %c4 {predicate = 2} : (index, index) -> i1
    "scf.if"(%a4) ({
      %j4 = arith.addi %t, %c4 : index
      %x4 = tile.load %s, %j4 : (memref<8xf32, 3>, index) -> f32
      %y4 = tile.load %s, %t : (memref<8xf32, 3>, index) -> f32
      %z4 = arith.addf %y4, %x4 : f32
      tile.store %z4, %s, %t : (f32, memref<8xf32, 3>, index) -> ()  // REPORT: races
      "scf.yield"() : () -> ()
    }, { "scf.yield"() : () -> () }) : (i1) -> ()
    %a2 = arith.cmpi %t, %c2 {predicate = 2} : (index, index) -> i1
    "scf.if"(%a2) ({
      %j2 = arith.addi %t, %c2 : index
      %x2 = tile.load %s, %j2 : (memref<8xf32, 3>, index) -> f32  // OTHER: races
      %y2 = tile.load %s, %t : (memref<8xf32, 3>, index) -> f32
      %z2 = arith.addf %y2, %x2 : f32
      tile.store %z2, %s, %t : (f32, memref<8xf32, 3>, index) -> ()
      "scf.yield"() : () -> ()
    }, { "scf.yield"() : () -> () }) : (i1) -> ()
    tile.barrier : () -> ()
    %v = tile.load %s, %c0 : (memref<8xf32, 3>, index) -> f32
    tile.store %v, %out, %t : (f32, memref<8xf32>, index) -> ()
    return
  }
  func.func @main() -> tensor<8xf32> {
    %o = tile.launch {callee = @k, grid = [1], tiles = 8, lanes = 32}
        : () -> tensor<8xf32>
    return %o : tensor<8xf32>
  }
}
