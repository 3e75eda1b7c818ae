// scf.if on an i1 parameter and scf.while on an i64 counter, at Graph level.
func.func @main(%p: i1, %x: tensor<3xf32>, %limit: i64) -> (tensor<3xf32>, tensor<3xf32>, i64) {
  %y = scf.if %p -> (tensor<3xf32>) {
    %r = tessera.relu %x : tensor<3xf32>
    scf.yield %r : tensor<3xf32>
  } else {
    %q = arith.negf %x : tensor<3xf32>
    scf.yield %q : tensor<3xf32>
  }
  %c0 = arith.constant 0 : i64
  %c3 = arith.constant 3 : i64
  %f = arith.constant dense<1.5> : tensor<3xf32>
  %w:2 = "scf.while"(%x, %c0) ({
  ^bb0(%v: tensor<3xf32>, %k: i64):
    %go = arith.cmpi slt, %k, %limit : i64
    "scf.condition"(%go, %v, %k) : (i1, tensor<3xf32>, i64) -> ()
  }, {
  ^bb0(%v: tensor<3xf32>, %k: i64):
    %v2 = arith.mulf %v, %f : tensor<3xf32>
    %k2 = arith.addi %k, %c3 : i64
    "scf.yield"(%v2, %k2) : (tensor<3xf32>, i64) -> ()
  }) : (tensor<3xf32>, i64) -> (tensor<3xf32>, i64)
  return %y, %w#0, %w#1 : tensor<3xf32>, tensor<3xf32>, i64
}
