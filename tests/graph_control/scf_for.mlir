// scf.for at Graph level: a tensor and an index carried through iter_args, Graph IR ops and
// arith on tensors and scalars in the body, the trip count a scalar parameter (0-d .npy).
func.func @main(%x: tensor<4xf32>, %n: index) -> (tensor<4xf32>, index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %two = arith.constant dense<2.0> : tensor<4xf32>
  %r:2 = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %x, %s = %c0) -> (tensor<4xf32>, index) {
    %m = arith.mulf %acc, %two : tensor<4xf32>
    %a = tessera.add %m, %x : tensor<4xf32>, tensor<4xf32> -> tensor<4xf32>
    %s2 = arith.addi %s, %i : index
    scf.yield %a, %s2 : tensor<4xf32>, index
  }
  return %r#0, %r#1 : tensor<4xf32>, index
}
