// Two groups write the same global element; no barrier can order different groups.
module {
  func.func @k(%out: memref<8xf32>) {
    %t = tile.local_id : index
    %c0 = arith.constant {value = 0 : index} : index
    %c1 = arith.constant {value = 1 : index} : index
    %tf_i = arith.index_cast %t : (index) -> i64
    %tf = arith.sitofp %tf_i : (i64) -> f32
    %g = tile.group_id : index
    %gf_i = arith.index_cast %g : (index) -> i64
    %gf = arith.sitofp %gf_i : (i64) -> f32
    %first = arith.cmpi %t, %c0 {predicate = 0} : (index, index) -> i1
    "scf.if"(%first) ({
      tile.store %gf, %out, %c0 : (f32, memref<8xf32>, index) -> ()  // REPORT: races // OTHER: races
      "scf.yield"() : () -> ()
    }, { "scf.yield"() : () -> () }) : (i1) -> ()
    return
  }
  func.func @main() -> tensor<8xf32> {
    %o = tile.launch {callee = @k, grid = [2], tiles = 8, lanes = 32}
        : () -> tensor<8xf32>
    return %o : tensor<8xf32>
  }
}
