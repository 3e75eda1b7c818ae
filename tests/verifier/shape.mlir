// Verifier tests for the shape ops (docs/ops/graph/shape.md).
// Each chunk is one failing program named after the constraint it breaks.

// transpose_c1 (tessera.transpose without `perm` reverses the dims; tessera.permute needs it)
func.func @transpose_c1(%a: tensor<2x3xf32>) -> tensor<3x2xf32> {
  // expected-error@+1 {{needs attribute 'perm' (an array of integers) (transpose_c1)}}
  %0 = "tessera.permute"(%a) : (tensor<2x3xf32>) -> tensor<3x2xf32>
  return %0 : tensor<3x2xf32>
}

// -----
// transpose_c2
func.func @transpose_c2(%a: tensor<2x3xf32>) -> tensor<3x2xf32> {
  // expected-error@+1 {{dims of tensor<2x3xf32> (transpose_c2)}}
  %0 = "tessera.transpose"(%a) {perm = [1, 1]} : (tensor<2x3xf32>) -> tensor<3x2xf32>
  return %0 : tensor<3x2xf32>
}

// -----
// transpose_c2 (tessera.permute is the same op)
func.func @permute_c2(%a: tensor<2x3x4xf32>) -> tensor<3x2xf32> {
  // expected-error@+1 {{(transpose_c2)}}
  %0 = "tessera.permute"(%a) {perm = [1, 0]} : (tensor<2x3x4xf32>) -> tensor<3x2xf32>
  return %0 : tensor<3x2xf32>
}

// -----
// transpose_c3
func.func @transpose_c3(%a: tensor<2x3xf32>) -> tensor<2x3xf32> {
  // expected-error@+1 {{(transpose_c3)}}
  %0 = "tessera.transpose"(%a) {perm = [1, 0]} : (tensor<2x3xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----
// reshape_c1
func.func @reshape_c1(%a: tensor<2x3xf32>) -> tensor<6xf16> {
  // expected-error@+1 {{result must be a tensor of f32, got tensor<6xf16> (reshape_c1)}}
  %0 = tessera.reshape %a : (tensor<2x3xf32>) -> tensor<6xf16>
  return %0 : tensor<6xf16>
}

// -----
// reshape_c2
func.func @reshape_c2(%a: tensor<2x3xf32>) -> tensor<7xf32> {
  // expected-error@+1 {{operand has 6 elements but the result tensor<7xf32> has 7 (reshape_c2)}}
  %0 = tessera.reshape %a : (tensor<2x3xf32>) -> tensor<7xf32>
  return %0 : tensor<7xf32>
}

// -----
// reshape_c2 (two dynamic dims)
func.func @reshape_c2_dyn(%a: tensor<2x3xf32>) -> tensor<?x?xf32> {
  // expected-error@+1 {{at most one dynamic dim (reshape_c2)}}
  %0 = tessera.reshape %a : (tensor<2x3xf32>) -> tensor<?x?xf32>
  return %0 : tensor<?x?xf32>
}

// -----
// broadcast_c1
func.func @broadcast_c1(%a: tensor<2x3xf32>) -> tensor<3xf32> {
  // expected-error@+1 {{with rank >= 2, got tensor<3xf32> (broadcast_c1)}}
  %0 = tessera.broadcast %a : (tensor<2x3xf32>) -> tensor<3xf32>
  return %0 : tensor<3xf32>
}

// -----
// broadcast_c2
func.func @broadcast_c2(%a: tensor<3xf32>) -> tensor<3x4xf32> {
  // expected-error@+1 {{strictly increasing result dim (broadcast_c2)}}
  %0 = "tessera.broadcast"(%a) {broadcast_dimensions = [2]} : (tensor<3xf32>) -> tensor<3x4xf32>
  return %0 : tensor<3x4xf32>
}

// -----
// broadcast_c3
func.func @broadcast_c3(%a: tensor<3xf32>) -> tensor<2x4xf32> {
  // expected-error@+1 {{cannot broadcast to result dim 1 (4) (broadcast_c3)}}
  %0 = tessera.broadcast %a : (tensor<3xf32>) -> tensor<2x4xf32>
  return %0 : tensor<2x4xf32>
}

// -----
// concat_c1
func.func @concat_c1(%a: tensor<2x3xf32>, %b: tensor<2x3xf16>) -> tensor<4x3xf32> {
  // expected-error@+1 {{vs tensor<2x3xf16>) (concat_c1)}}
  %0 = "tessera.concat"(%a, %b) {axis = 0} : (tensor<2x3xf32>, tensor<2x3xf16>) -> tensor<4x3xf32>
  return %0 : tensor<4x3xf32>
}

// -----
// concat_c2
func.func @concat_c2(%a: tensor<2x3xf32>, %b: tensor<2x3xf32>) -> tensor<4x3xf32> {
  // expected-error@+1 {{axis 2 is out of range for rank 2 (concat_c2)}}
  %0 = "tessera.concat"(%a, %b) {axis = 2} : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<4x3xf32>
  return %0 : tensor<4x3xf32>
}

// -----
// concat_c3
func.func @concat_c3(%a: tensor<2x3xf32>, %b: tensor<2x4xf32>) -> tensor<4x3xf32> {
  // expected-error@+1 {{differ outside axis 0 (concat_c3)}}
  %0 = "tessera.concat"(%a, %b) {axis = 0} : (tensor<2x3xf32>, tensor<2x4xf32>) -> tensor<4x3xf32>
  return %0 : tensor<4x3xf32>
}

// -----
// concat_c4
func.func @concat_c4(%a: tensor<2x3xf32>, %b: tensor<2x3xf32>) -> tensor<2x6xf32> {
  // expected-error@+1 {{(concat_c4)}}
  %0 = "tessera.concat"(%a, %b) {axis = 0} : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x6xf32>
  return %0 : tensor<2x6xf32>
}

// -----
// slice_c1
func.func @slice_c1(%a: tensor<8x8xf32>) -> tensor<2x2xf32> {
  // expected-error@+1 {{exactly one of 'limit' or 'sizes' (slice_c1)}}
  %0 = "tessera.slice"(%a) {start = [0, 0], limit = [2, 2], sizes = [2, 2]} : (tensor<8x8xf32>) -> tensor<2x2xf32>
  return %0 : tensor<2x2xf32>
}

// -----
// slice_c2
func.func @slice_c2(%a: tensor<8x8xf32>) -> tensor<2x2xf32> {
  // expected-error@+1 {{'strides' must be positive (slice_c2)}}
  %0 = "tessera.slice"(%a) {start = [0, 0], limit = [2, 2], strides = [1, 0]} : (tensor<8x8xf32>) -> tensor<2x2xf32>
  return %0 : tensor<2x2xf32>
}

// -----
// slice_c3
func.func @slice_c3(%a: tensor<8x8xf32>) -> tensor<2x2xf32> {
  // expected-error@+1 {{dim 1: need 0 <= start (7) <= limit (9) <= 8 (slice_c3)}}
  %0 = "tessera.slice"(%a) {start = [0, 7], sizes = [2, 2]} : (tensor<8x8xf32>) -> tensor<2x2xf32>
  return %0 : tensor<2x2xf32>
}

// -----
// slice_c4
func.func @slice_c4(%a: tensor<8x8xf32>) -> tensor<2x2xf32> {
  // expected-error@+1 {{(slice_c4)}}
  %0 = "tessera.slice"(%a) {start = [0, 0], limit = [8, 8], strides = [3, 3]} : (tensor<8x8xf32>) -> tensor<2x2xf32>
  return %0 : tensor<2x2xf32>
}

// -----
// constant_c1
func.func @constant_c1() -> tensor<2xf32> {
  // expected-error@+1 {{needs a dense attribute 'value' (constant_c1)}}
  %0 = "tessera.constant"() {value = 1.0} : () -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----
// constant_c2
func.func @constant_c2() -> tensor<3xf32> {
  // expected-error@+1 {{(constant_c2)}}
  %0 = "tessera.constant"() {value = dense<[1.0, 2.0]> : tensor<2xf32>} : () -> tensor<3xf32>
  return %0 : tensor<3xf32>
}
