// Verifier tests for tessera.qr and tessera.lu (docs/ops/graph/qr_lu.md). Each chunk is one
// failing program named after the constraint it breaks.

// qr_c1
func.func @qr_c1(%a: tensor<6xf32>) -> (tensor<6xf32>, tensor<6xf32>) {
  // expected-error@+1 {{expects a float matrix (rank >= 2, not tf32), got tensor<6xf32> (qr_c1)}}
  %q, %r = tessera.qr %a : (tensor<6xf32>) -> (tensor<6xf32>, tensor<6xf32>)
  return %q, %r : tensor<6xf32>, tensor<6xf32>
}

// -----
// qr_c2
func.func @qr_c2(%a: tensor<3x4xf32>) -> (tensor<3x4xf32>, tensor<4x4xf32>) {
  // expected-error@+1 {{expects M >= N (the reduced QR of an M x N matrix), got tensor<3x4xf32> (qr_c2)}}
  %q, %r = tessera.qr %a : (tensor<3x4xf32>) -> (tensor<3x4xf32>, tensor<4x4xf32>)
  return %q, %r : tensor<3x4xf32>, tensor<4x4xf32>
}

// -----
// qr_c3: upstream's qr_nonsquare_r
func.func @qr_c3(%a: tensor<6x4xf32>) -> (tensor<6x4xf32>, tensor<4x3xf32>) {
  // expected-error@+1 {{(qr_c3)}}
  %q, %r = tessera.qr %a : (tensor<6x4xf32>) -> (tensor<6x4xf32>, tensor<4x3xf32>)
  return %q, %r : tensor<6x4xf32>, tensor<4x3xf32>
}

// -----
// qr_c3: upstream's qr_bad_r_order
func.func @qr_c3(%a: tensor<6x4xf32>) -> (tensor<6x4xf32>, tensor<5x5xf32>) {
  // expected-error@+1 {{(qr_c3)}}
  %q, %r = tessera.qr %a : (tensor<6x4xf32>) -> (tensor<6x4xf32>, tensor<5x5xf32>)
  return %q, %r : tensor<6x4xf32>, tensor<5x5xf32>
}

// -----
// lu_c1
func.func @lu_c1(%a: tensor<4x4xi32>) -> (tensor<4x4xi32>, tensor<4xi32>) {
  // expected-error@+1 {{(lu_c1)}}
  %lu, %p = tessera.lu %a : (tensor<4x4xi32>) -> (tensor<4x4xi32>, tensor<4xi32>)
  return %lu, %p : tensor<4x4xi32>, tensor<4xi32>
}

// -----
// lu_c2
func.func @lu_c2(%a: tensor<4x3xf32>) -> (tensor<4x3xf32>, tensor<3xi32>) {
  // expected-error@+1 {{expects a square matrix, got tensor<4x3xf32> (lu_c2)}}
  %lu, %p = tessera.lu %a : (tensor<4x3xf32>) -> (tensor<4x3xf32>, tensor<3xi32>)
  return %lu, %p : tensor<4x3xf32>, tensor<3xi32>
}

// -----
// lu_c3: i64 pivots
func.func @lu_c3(%a: tensor<4x4xf32>) -> (tensor<4x4xf32>, tensor<4xi64>) {
  // expected-error@+1 {{(lu_c3)}}
  %lu, %p = tessera.lu %a : (tensor<4x4xf32>) -> (tensor<4x4xf32>, tensor<4xi64>)
  return %lu, %p : tensor<4x4xf32>, tensor<4xi64>
}
