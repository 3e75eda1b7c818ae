// Barrier inside `if t < 2`: tiles 2..7 exit while tiles 0 and 1 wait.
module {
  func.func @k(%out: memref<8xf32>) {
    %t = tile.local_id : index
    %c0 = arith.constant {value = 0 : index} : index
    %c1 = arith.constant {value = 1 : index} : index
    %tf_i = arith.index_cast %t : (index) -> i64
    %tf = arith.sitofp %tf_i : (i64) -> f32
    %n = arith.constant {value = 2 : index} : index
    %few = arith.cmpi %t, %n {predicate = 2} : (index, index) -> i1
    tile.store %tf, %out, %t : (f32, memref<8xf32>, index) -> ()
    "scf.if"(%few) ({
      tile.barrier : () -> ()  // OTHER: barriers
      "scf.yield"() : () -> ()
    }, { "scf.yield"() : () -> () }) : (i1) -> ()
    return  // REPORT: barriers
  }
  func.func @main() -> tensor<8xf32> {
    %o = tile.launch {callee = @k, grid = [1], tiles = 8, lanes = 32}
        : () -> tensor<8xf32>
    return %o : tensor<8xf32>
  }
}
