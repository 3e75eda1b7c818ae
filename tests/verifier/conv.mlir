// Verifier tests for tessera.conv2d_nhwc (docs/ops/graph/contractions.md).
// Each chunk is one failing program named after the constraint it breaks.

// conv_c1
func.func @conv_c1(%x: tensor<1x8x8x3xf32>, %w: tensor<3x3x3xf32>) -> tensor<1x6x6x4xf32> {
  // expected-error@+1 {{must have rank 4, got tensor<3x3x3xf32> (conv_c1)}}
  %0 = tessera.conv2d_nhwc %x, %w : (tensor<1x8x8x3xf32>, tensor<3x3x3xf32>) -> tensor<1x6x6x4xf32>
  return %0 : tensor<1x6x6x4xf32>
}

// -----
// conv_c1 (mixed element types)
func.func @conv_c1_types(%x: tensor<1x8x8x3xf32>, %w: tensor<3x3x3x4xf64>) -> tensor<1x6x6x4xf32> {
  // expected-error@+1 {{different element types (conv_c1)}}
  %0 = tessera.conv2d_nhwc %x, %w : (tensor<1x8x8x3xf32>, tensor<3x3x3x4xf64>) -> tensor<1x6x6x4xf32>
  return %0 : tensor<1x6x6x4xf32>
}

// -----
// conv_c2
func.func @conv_c2(%x: tensor<1x8x8x3xf32>, %w: tensor<3x3x2x4xf32>) -> tensor<1x6x6x4xf32> {
  // expected-error@+1 {{input has 3 channels but the filter expects 2 (conv_c2)}}
  %0 = tessera.conv2d_nhwc %x, %w : (tensor<1x8x8x3xf32>, tensor<3x3x2x4xf32>) -> tensor<1x6x6x4xf32>
  return %0 : tensor<1x6x6x4xf32>
}

// -----
// conv_c2 (bias length)
func.func @conv_c2_bias(%x: tensor<1x8x8x3xf32>, %w: tensor<3x3x3x4xf32>, %b: tensor<5xf32>) -> tensor<1x6x6x4xf32> {
  // expected-error@+1 {{bias has 5 values but the filter has 4 output channels (conv_c2)}}
  %0 = tessera.conv2d_nhwc %x, %w, %b : (tensor<1x8x8x3xf32>, tensor<3x3x3x4xf32>, tensor<5xf32>) -> tensor<1x6x6x4xf32>
  return %0 : tensor<1x6x6x4xf32>
}

// -----
// conv_c3
func.func @conv_c3(%x: tensor<1x8x8x3xf32>, %w: tensor<3x3x3x4xf32>) -> tensor<1x6x6x4xf32> {
  // expected-error@+1 {{(conv_c3)}}
  %0 = "tessera.conv2d_nhwc"(%x, %w) {strides = [0, 1]} : (tensor<1x8x8x3xf32>, tensor<3x3x3x4xf32>) -> tensor<1x6x6x4xf32>
  return %0 : tensor<1x6x6x4xf32>
}

// -----
// conv_c4
func.func @conv_c4(%x: tensor<1x8x8x3xf32>, %w: tensor<3x3x3x4xf32>) -> tensor<1x6x6x4xf32> {
  // expected-error@+1 {{'padding' must be "SAME", "VALID" or [top, bottom, left, right] >= 0 (conv_c4)}}
  %0 = "tessera.conv2d_nhwc"(%x, %w) {padding = "FULL"} : (tensor<1x8x8x3xf32>, tensor<3x3x3x4xf32>) -> tensor<1x6x6x4xf32>
  return %0 : tensor<1x6x6x4xf32>
}

// -----
// conv_c5
func.func @conv_c5(%x: tensor<1x4x4x3xf32>, %w: tensor<3x3x3x4xf32>) -> tensor<1x1x1x4xf32> {
  // expected-error@+1 {{does not fit in the padded input (conv_c5)}}
  %0 = "tessera.conv2d_nhwc"(%x, %w) {dilations = [2, 2]} : (tensor<1x4x4x3xf32>, tensor<3x3x3x4xf32>) -> tensor<1x1x1x4xf32>
  return %0 : tensor<1x1x1x4xf32>
}

// -----
// conv_c6 (a declared extent that is neither VALID's 6 nor, conv_c7, SAME's 8)
func.func @conv_c6(%x: tensor<1x8x8x3xf32>, %w: tensor<3x3x3x4xf32>) -> tensor<1x7x8x4xf32> {
  // expected-error@+1 {{(conv_c6)}}
  %0 = tessera.conv2d_nhwc %x, %w : (tensor<1x8x8x3xf32>, tensor<3x3x3x4xf32>) -> tensor<1x7x8x4xf32>
  return %0 : tensor<1x7x8x4xf32>
}
