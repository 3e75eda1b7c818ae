// Verifier tests for gather, embedding, scatter and topk (docs/ops/graph/indexing.md).
// Each chunk is one failing program named after the constraint it breaks.

// gather_c1
func.func @gather_c1(%s: tensor<4x3xf32>, %i: tensor<2xf32>) -> tensor<2x3xf32> {
  // expected-error@+1 {{operand #1 must have an integer element type, got tensor<2xf32> (gather_c1)}}
  %0 = "tessera.gather"(%s, %i) : (tensor<4x3xf32>, tensor<2xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----
// gather_c2
func.func @gather_c2(%s: tensor<4x3xf32>, %i: tensor<2xi32>) -> tensor<2x3xf32> {
  // expected-error@+1 {{axis 2 is out of range for rank 2 (gather_c2)}}
  %0 = "tessera.gather"(%s, %i) {axis = 2} : (tensor<4x3xf32>, tensor<2xi32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----
// gather_c2: rank 0 source
func.func @gather_c2(%s: tensor<f32>, %i: tensor<2xi32>) -> tensor<2xf32> {
  // expected-error@+1 {{the source must have rank >= 1 (gather_c2)}}
  %0 = "tessera.gather"(%s, %i) : (tensor<f32>, tensor<2xi32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----
// gather_c3
func.func @gather_c3(%s: tensor<4x3xf32>, %i: tensor<2xi32>) -> tensor<2x3xf32> {
  // expected-error@+1 {{result #0 has type tensor<2x3xf32> but the operands give tensor<4x2xf32> (gather_c3)}}
  %0 = "tessera.gather"(%s, %i) {dim = -1} : (tensor<4x3xf32>, tensor<2xi32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----
// embedding_c1
func.func @embedding_c1(%t: tensor<10xf32>, %i: tensor<2xi32>) -> tensor<2xf32> {
  // expected-error@+1 {{the table must have rank 2, got tensor<10xf32> (embedding_c1)}}
  %0 = "tessera.embedding"(%t, %i) : (tensor<10xf32>, tensor<2xi32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----
// embedding_c2
func.func @embedding_c2(%t: tensor<10x4xf32>, %i: tensor<2xi1>) -> tensor<2x4xf32> {
  // expected-error@+1 {{operand #1 must have an integer element type, got tensor<2xi1> (embedding_c2)}}
  %0 = "tessera.embedding"(%t, %i) : (tensor<10x4xf32>, tensor<2xi1>) -> tensor<2x4xf32>
  return %0 : tensor<2x4xf32>
}

// -----
// embedding_c3
func.func @embedding_c3(%t: tensor<10x4xf32>, %i: tensor<2xi32>) -> tensor<2x4xf64> {
  // expected-error@+1 {{result #0 has type tensor<2x4xf64> but the operands give tensor<2x4xf32> (embedding_c3)}}
  %0 = "tessera.embedding"(%t, %i) : (tensor<10x4xf32>, tensor<2xi32>) -> tensor<2x4xf64>
  return %0 : tensor<2x4xf64>
}

// -----
// scatter_c1
func.func @scatter_c1(%d: tensor<4xf32>, %i: tensor<2xf32>, %u: tensor<2xf32>) -> tensor<4xf32> {
  // expected-error@+1 {{operand #1 must have an integer element type, got tensor<2xf32> (scatter_c1)}}
  %0 = "tessera.scatter"(%d, %i, %u) : (tensor<4xf32>, tensor<2xf32>, tensor<2xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----
// scatter_c2
func.func @scatter_c2(%d: tensor<4xf32>, %i: tensor<2xi32>, %u: tensor<2xf64>) -> tensor<4xf32> {
  // expected-error@+1 {{updates tensor<2xf64> and destination tensor<4xf32> differ in element type (scatter_c2)}}
  %0 = "tessera.scatter"(%d, %i, %u) : (tensor<4xf32>, tensor<2xi32>, tensor<2xf64>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----
// scatter_c3
func.func @scatter_c3(%d: tensor<4x3xf32>, %i: tensor<2xi32>, %u: tensor<2x4xf32>) -> tensor<4x3xf32> {
  // expected-error@+1 {{updates have shape [2, 4] but the indices give [2, 3] (scatter_c3)}}
  %0 = "tessera.scatter"(%d, %i, %u) : (tensor<4x3xf32>, tensor<2xi32>, tensor<2x4xf32>) -> tensor<4x3xf32>
  return %0 : tensor<4x3xf32>
}

// -----
// scatter_c4
func.func @scatter_c4(%d: tensor<4xf32>, %i: tensor<2xi32>, %u: tensor<2xf32>) -> tensor<4xf32> {
  // expected-error@+1 {{attribute 'reduction' must be "none" or "add", got "mul" (scatter_c4)}}
  %0 = "tessera.scatter"(%d, %i, %u) {reduction = "mul"} : (tensor<4xf32>, tensor<2xi32>, tensor<2xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----
// scatter_c4: add on i1
func.func @scatter_c4(%d: tensor<4xi1>, %i: tensor<2xi32>, %u: tensor<2xi1>) -> tensor<4xi1> {
  // expected-error@+1 {{reduction "add" is not defined on i1 (scatter_c4)}}
  %0 = "tessera.scatter"(%d, %i, %u) {reduction = "add"} : (tensor<4xi1>, tensor<2xi32>, tensor<2xi1>) -> tensor<4xi1>
  return %0 : tensor<4xi1>
}

// -----
// scatter_c5
func.func @scatter_c5(%d: tensor<4xf32>, %i: tensor<2xi32>, %u: tensor<2xf32>) -> tensor<2xf32> {
  // expected-error@+1 {{result #0 has type tensor<2xf32> but the operands give tensor<4xf32> (scatter_c5)}}
  %0 = "tessera.scatter"(%d, %i, %u) : (tensor<4xf32>, tensor<2xi32>, tensor<2xf32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----
// topk_c1
func.func @topk_c1(%x: tensor<f32>) -> (tensor<f32>, tensor<i64>) {
  // expected-error@+1 {{the operand must be a float tensor of rank >= 1 other than tf32, got tensor<f32> (topk_c1)}}
  %0:2 = "tessera.topk"(%x) {k = 1} : (tensor<f32>) -> (tensor<f32>, tensor<i64>)
  return %0#0, %0#1 : tensor<f32>, tensor<i64>
}

// -----
// topk_c2
func.func @topk_c2(%x: tensor<4xf32>) -> (tensor<5xf32>, tensor<5xi64>) {
  // expected-error@+1 {{k = 5 is outside [0, 4] (topk_c2)}}
  %0:2 = "tessera.topk"(%x) {k = 5} : (tensor<4xf32>) -> (tensor<5xf32>, tensor<5xi64>)
  return %0#0, %0#1 : tensor<5xf32>, tensor<5xi64>
}

// -----
// topk_c2: missing k
func.func @topk_c2(%x: tensor<4xf32>) -> (tensor<1xf32>, tensor<1xi64>) {
  // expected-error@+1 {{needs an integer attribute 'k' (topk_c2)}}
  %0:2 = "tessera.topk"(%x) : (tensor<4xf32>) -> (tensor<1xf32>, tensor<1xi64>)
  return %0#0, %0#1 : tensor<1xf32>, tensor<1xi64>
}

// -----
// topk_c3
func.func @topk_c3(%x: tensor<4xf32>) -> (tensor<1xf32>, tensor<1xi64>) {
  // expected-error@+1 {{axis 1 is out of range for rank 1 (topk_c3)}}
  %0:2 = "tessera.topk"(%x) {k = 1, axis = 1} : (tensor<4xf32>) -> (tensor<1xf32>, tensor<1xi64>)
  return %0#0, %0#1 : tensor<1xf32>, tensor<1xi64>
}

// -----
// topk_c4
func.func @topk_c4(%x: tensor<4xf32>) -> (tensor<1xf32>, tensor<1xi64>) {
  // expected-error@+1 {{attribute 'largest' must be a boolean (topk_c4)}}
  %0:2 = "tessera.topk"(%x) {k = 1, largest = 1} : (tensor<4xf32>) -> (tensor<1xf32>, tensor<1xi64>)
  return %0#0, %0#1 : tensor<1xf32>, tensor<1xi64>
}

// -----
// topk_c5
func.func @topk_c5(%x: tensor<4xf32>) -> (tensor<1xf32>, tensor<1xi32>) {
  // expected-error@+1 {{result #1 has type tensor<1xi32> but the operands give tensor<1xi64> (topk_c5)}}
  %0:2 = "tessera.topk"(%x) {k = 1} : (tensor<4xf32>) -> (tensor<1xf32>, tensor<1xi32>)
  return %0#0, %0#1 : tensor<1xf32>, tensor<1xi32>
}
