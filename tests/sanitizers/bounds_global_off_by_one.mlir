// Off-by-one bound (sle instead of slt): tile 8 stores one past the end of the output.
module {
  func.func @k(%out: memref<8xf32>) {
    %t = tile.local_id : index
    %c0 = arith.constant {value = 0 : index} : index
    %c1 = arith.constant {value = 1 : index} : index
    %tf_i = arith.index_cast %t : (index) -> i64
    %tf = arith.sitofp %tf_i : (i64) -> f32
    %n = arith.constant {value = 8 : index} : index
    %in = arith.cmpi %t, %n {predicate = 3} : (index, index) -> i1
    "scf.if"(%in) ({
      tile.store %tf, %out, %t : (f32, memref<8xf32>, index) -> ()  // REPORT: bounds
      "scf.yield"() : () -> ()
    }, { "scf.yield"() : () -> () }) : (i1) -> ()
    return
  }
  func.func @main() -> tensor<8xf32> {
    %o = tile.launch {callee = @k, grid = [1], tiles = 9, lanes = 32}
        : () -> tensor<8xf32>
    return %o : tensor<8xf32>
  }
}
