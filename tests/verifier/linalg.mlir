// Verifier tests for cholesky, svd and spmm (docs/ops/graph/linalg.md).

// cholesky_c1
func.func @cholesky_c1(%a: tensor<3x4xf32>) -> tensor<3x4xf32> {
  // expected-error@+1 {{the matrices must be square, got tensor<3x4xf32> (cholesky_c1)}}
  %0 = "tessera.cholesky"(%a) : (tensor<3x4xf32>) -> tensor<3x4xf32>
  return %0 : tensor<3x4xf32>
}

// -----
// cholesky_c1: rank 1
func.func @cholesky_c1(%a: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error@+1 {{needs a float tensor [..., M, N] of rank >= 2 other than tf32, got tensor<4xf32> (cholesky_c1)}}
  %0 = "tessera.cholesky"(%a) : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----
// cholesky_c2
func.func @cholesky_c2(%a: tensor<4x4xf32>) -> tensor<4x4xf64> {
  // expected-error@+1 {{result #0 has type tensor<4x4xf64> but the operands give tensor<4x4xf32> (cholesky_c2)}}
  %0 = "tessera.cholesky"(%a) : (tensor<4x4xf32>) -> tensor<4x4xf64>
  return %0 : tensor<4x4xf64>
}

// -----
// svd_c1
func.func @svd_c1(%a: tensor<4xi32>) -> (tensor<4xi32>, tensor<4xi32>, tensor<4xi32>) {
  // expected-error@+1 {{operand #0 must have a float element type, got tensor<4xi32> (svd_c1)}}
  %0:3 = "tessera.svd"(%a) : (tensor<4xi32>) -> (tensor<4xi32>, tensor<4xi32>, tensor<4xi32>)
  return %0#0, %0#1, %0#2 : tensor<4xi32>, tensor<4xi32>, tensor<4xi32>
}

// -----
// svd_c2
func.func @svd_c2(%a: tensor<6x4xf32>) -> (tensor<6x6xf32>, tensor<4xf32>, tensor<4x4xf32>) {
  // expected-error@+1 {{result #0 has type tensor<6x6xf32> but the operands give tensor<6x4xf32> (svd_c2)}}
  %0:3 = "tessera.svd"(%a) : (tensor<6x4xf32>) -> (tensor<6x6xf32>, tensor<4xf32>, tensor<4x4xf32>)
  return %0#0, %0#1, %0#2 : tensor<6x6xf32>, tensor<4xf32>, tensor<4x4xf32>
}

// -----
// spmm_c1
func.func @spmm_c1(%v: tensor<5xf32>, %c: tensor<5xi32>, %r: tensor<4xi32>, %b: tensor<6x2xf64>) -> tensor<3x2xf32> {
  // expected-error@+1 {{needs values [nnz] and dense [K, N] of one float type, got tensor<5xf32> and tensor<6x2xf64> (spmm_c1)}}
  %0 = "tessera.spmm"(%v, %c, %r, %b) : (tensor<5xf32>, tensor<5xi32>, tensor<4xi32>, tensor<6x2xf64>) -> tensor<3x2xf32>
  return %0 : tensor<3x2xf32>
}

// -----
// spmm_c2
func.func @spmm_c2(%v: tensor<5xf32>, %c: tensor<4xi32>, %r: tensor<4xi32>, %b: tensor<6x2xf32>) -> tensor<3x2xf32> {
  // expected-error@+1 {{column indices must be a rank-1 integer tensor of length nnz, got tensor<4xi32> (spmm_c2)}}
  %0 = "tessera.spmm"(%v, %c, %r, %b) : (tensor<5xf32>, tensor<4xi32>, tensor<4xi32>, tensor<6x2xf32>) -> tensor<3x2xf32>
  return %0 : tensor<3x2xf32>
}

// -----
// spmm_c3
func.func @spmm_c3(%v: tensor<5xf32>, %c: tensor<5xi32>, %r: tensor<0xi32>, %b: tensor<6x2xf32>) -> tensor<0x2xf32> {
  // expected-error@+1 {{row pointers must be a rank-1 integer tensor of length M + 1, got tensor<0xi32> (spmm_c3)}}
  %0 = "tessera.spmm"(%v, %c, %r, %b) : (tensor<5xf32>, tensor<5xi32>, tensor<0xi32>, tensor<6x2xf32>) -> tensor<0x2xf32>
  return %0 : tensor<0x2xf32>
}

// -----
// spmm_c4
func.func @spmm_c4(%v: tensor<5xf32>, %c: tensor<5xi32>, %r: tensor<4xi32>, %b: tensor<6x2xf32>) -> tensor<4x2xf32> {
  // expected-error@+1 {{result #0 has type tensor<4x2xf32> but the operands give tensor<3x2xf32> (spmm_c4)}}
  %0 = "tessera.spmm"(%v, %c, %r, %b) : (tensor<5xf32>, tensor<5xi32>, tensor<4xi32>, tensor<6x2xf32>) -> tensor<4x2xf32>
  return %0 : tensor<4x2xf32>
}

// -----
// cholesky_c1: lower must be a boolean
func.func @cholesky_c1_lower(%a: tensor<3x3xf32>) -> tensor<3x3xf32> {
  // expected-error@+1 {{attribute 'lower' must be true or false (cholesky_c1)}}
  %0 = "tessera.cholesky"(%a) {lower = 1 : i64} : (tensor<3x3xf32>) -> tensor<3x3xf32>
  return %0 : tensor<3x3xf32>
}

// -----
// tri_solve_c1
func.func @tri_solve_c1(%a: tensor<3x4xf32>, %b: tensor<3x2xf32>) -> tensor<3x2xf32> {
  // expected-error@+1 {{the matrices must be square, got tensor<3x4xf32> (tri_solve_c1)}}
  %0 = "tessera.tri_solve"(%a, %b) : (tensor<3x4xf32>, tensor<3x2xf32>) -> tensor<3x2xf32>
  return %0 : tensor<3x2xf32>
}

// -----
// tri_solve_c1: attribute type
func.func @tri_solve_c1_attr(%a: tensor<3x3xf32>, %b: tensor<3x2xf32>) -> tensor<3x2xf32> {
  // expected-error@+1 {{attribute 'unit_diag' must be true or false (tri_solve_c1)}}
  %0 = "tessera.tri_solve"(%a, %b) {unit_diag = "yes"} : (tensor<3x3xf32>, tensor<3x2xf32>) -> tensor<3x2xf32>
  return %0 : tensor<3x2xf32>
}

// -----
// tri_solve_c2
func.func @tri_solve_c2(%a: tensor<3x3xf32>, %b: tensor<4x2xf32>) -> tensor<4x2xf32> {
  // expected-error@+1 {{the right-hand side must be [..., n, k] of a's type, batch dims and n, got tensor<4x2xf32> for tensor<3x3xf32> (tri_solve_c2)}}
  %0 = "tessera.tri_solve"(%a, %b) : (tensor<3x3xf32>, tensor<4x2xf32>) -> tensor<4x2xf32>
  return %0 : tensor<4x2xf32>
}

// -----
// tri_solve_c3
func.func @tri_solve_c3(%a: tensor<3x3xf32>, %b: tensor<3x2xf32>) -> tensor<3x3xf32> {
  // expected-error@+1 {{(tri_solve_c3)}}
  %0 = "tessera.tri_solve"(%a, %b) : (tensor<3x3xf32>, tensor<3x2xf32>) -> tensor<3x3xf32>
  return %0 : tensor<3x3xf32>
}

// -----
// cholesky_solve_c1
func.func @cholesky_solve_c1(%a: tensor<3xf32>, %b: tensor<3x2xf32>) -> tensor<3x2xf32> {
  // expected-error@+1 {{needs a float tensor [..., M, N] of rank >= 2 other than tf32, got tensor<3xf32> (cholesky_solve_c1)}}
  %0 = "tessera.cholesky_solve"(%a, %b) : (tensor<3xf32>, tensor<3x2xf32>) -> tensor<3x2xf32>
  return %0 : tensor<3x2xf32>
}

// -----
// cholesky_solve_c2: batch dims differ
func.func @cholesky_solve_c2(%a: tensor<2x3x3xf64>, %b: tensor<3x3x2xf64>) -> tensor<3x3x2xf64> {
  // expected-error@+1 {{the right-hand side must be [..., n, k] of a's type, batch dims and n, got tensor<3x3x2xf64> for tensor<2x3x3xf64> (cholesky_solve_c2)}}
  %0 = "tessera.cholesky_solve"(%a, %b) : (tensor<2x3x3xf64>, tensor<3x3x2xf64>) -> tensor<3x3x2xf64>
  return %0 : tensor<3x3x2xf64>
}

// -----
// cholesky_solve_c3
func.func @cholesky_solve_c3(%a: tensor<3x3xf32>, %b: tensor<3x2xf32>) -> tensor<3x2xf64> {
  // expected-error@+1 {{(cholesky_solve_c3)}}
  %0 = "tessera.cholesky_solve"(%a, %b) : (tensor<3x3xf32>, tensor<3x2xf32>) -> tensor<3x2xf64>
  return %0 : tensor<3x2xf64>
}
