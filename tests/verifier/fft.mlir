// Verifier tests for fft, ifft and fft2d (docs/ops/graph/fft.md).

// fft_c1
func.func @fft_c1(%x: tensor<8x3xf32>) -> tensor<8x3xf32> {
  // expected-error@+1 {{needs an f32 or f64 tensor of rank >= 2 whose last dim is 2 (re, im), got tensor<8x3xf32> (fft_c1)}}
  %0 = "tessera.fft"(%x) : (tensor<8x3xf32>) -> tensor<8x3xf32>
  return %0 : tensor<8x3xf32>
}

// -----
// fft_c2
func.func @fft_c2(%x: tensor<8x2xf32>) -> tensor<8x2xf64> {
  // expected-error@+1 {{result #0 has type tensor<8x2xf64> but the operands give tensor<8x2xf32> (fft_c2)}}
  %0 = "tessera.fft"(%x) : (tensor<8x2xf32>) -> tensor<8x2xf64>
  return %0 : tensor<8x2xf64>
}

// -----
// ifft_c1
func.func @ifft_c1(%x: tensor<8x2xf16>) -> tensor<8x2xf16> {
  // expected-error@+1 {{got tensor<8x2xf16> (ifft_c1)}}
  %0 = "tessera.ifft"(%x) : (tensor<8x2xf16>) -> tensor<8x2xf16>
  return %0 : tensor<8x2xf16>
}

// -----
// ifft_c2
func.func @ifft_c2(%x: tensor<8x2xf32>) -> tensor<4x2xf32> {
  // expected-error@+1 {{result #0 has type tensor<4x2xf32> but the operands give tensor<8x2xf32> (ifft_c2)}}
  %0 = "tessera.ifft"(%x) : (tensor<8x2xf32>) -> tensor<4x2xf32>
  return %0 : tensor<4x2xf32>
}

// -----
// fft2d_c1
func.func @fft2d_c1(%x: tensor<8x2xf32>) -> tensor<8x2xf32> {
  // expected-error@+1 {{needs an f32 or f64 tensor of rank >= 3 whose last dim is 2 (re, im), got tensor<8x2xf32> (fft2d_c1)}}
  %0 = "tessera.fft2d"(%x) : (tensor<8x2xf32>) -> tensor<8x2xf32>
  return %0 : tensor<8x2xf32>
}

// -----
// fft2d_c2
func.func @fft2d_c2(%x: tensor<4x8x2xf32>) -> tensor<8x4x2xf32> {
  // expected-error@+1 {{result #0 has type tensor<8x4x2xf32> but the operands give tensor<4x8x2xf32> (fft2d_c2)}}
  %0 = "tessera.fft2d"(%x) : (tensor<4x8x2xf32>) -> tensor<8x4x2xf32>
  return %0 : tensor<8x4x2xf32>
}
