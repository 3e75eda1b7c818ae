// MLIR dense array attributes (array<T: ...>), as upstream Tessera's control ops carry them.
// mlir-opt-15 predates this syntax: the round-trip test checks our side only.
func.func @main(%x: tensor<2x3xf32>) -> tensor<3x2xf32> {
  %0 = tessera.transpose %x {perm = array<i64: 1, 0>} : (tensor<2x3xf32>) -> tensor<3x2xf32>
  return %0 : tensor<3x2xf32>
}

func.func @carrier(%x: tensor<3x2xf32>) {
  "test.carrier"(%x) {codes = array<i32: 1, -2, 3>, none = array<i8>, flags = array<i1: true, false>,
                      scales = array<f32: 0.5, 2.0>, wide = array<f64: -1.25>} : (tensor<3x2xf32>) -> ()
  return
}
