// A synthetic corpus file: one chunk that does not verify, one with an op this project does
// not register, one whose parameter format numpy holds only through ml_dtypes (f8E4M3FN).
func.func @bad_shapes(%a: tensor<3xf32>, %b: tensor<4xf32>) -> tensor<3xf32> {
  %s = "tessera.add"(%a, %b) : (tensor<3xf32>, tensor<4xf32>) -> tensor<3xf32>
  return %s : tensor<3xf32>
}

// -----
func.func @uses_unknown(%a: tensor<3xf32>) -> tensor<3xf32> {
  %s = "tessera.frobnicate"(%a) {
    tessera.note = "an attribute name at the start of a line is not an op"
  } : (tensor<3xf32>) -> tensor<3xf32>
  return %s : tensor<3xf32>
}

// -----
func.func @narrow(%a: tensor<4xf8E4M3FN>) -> tensor<4xf8E4M3FN> {
  %r = "tessera.relu"(%a) : (tensor<4xf8E4M3FN>) -> tensor<4xf8E4M3FN>
  return %r : tensor<4xf8E4M3FN>
}
