// Verifier tests for tessera.softmax_safe, normalization_stats, compare_scalar, masked_fill and
// broadcast_in_dim (docs/ops/graph/carriers.md). Each chunk is one failing program named after
// the constraint it breaks.

// softmax_safe_c1
func.func @softmax_safe_c1(%x: tensor<4x8xi32>) -> tensor<4x8xi32> {
  // expected-error@+1 {{must have a float element type, got tensor<4x8xi32> (softmax_safe_c1)}}
  %y = "tessera.softmax_safe"(%x) : (tensor<4x8xi32>) -> tensor<4x8xi32>
  return %y : tensor<4x8xi32>
}

// -----
// softmax_safe_c2
func.func @softmax_safe_c2(%x: tensor<4x8xf32>) -> tensor<4x8xf32> {
  // expected-error@+1 {{axis 2 is out of range for rank 2 (softmax_safe_c2)}}
  %y = "tessera.softmax_safe"(%x) {axis = 2 : i64} : (tensor<4x8xf32>) -> tensor<4x8xf32>
  return %y : tensor<4x8xf32>
}

// -----
// softmax_safe_c3: upstream's softmax_safe_dim
func.func @softmax_safe_c3(%x: tensor<4x8xf32>) -> tensor<4x16xf32> {
  // expected-error@+1 {{(softmax_safe_c3)}}
  %y = "tessera.softmax_safe"(%x) : (tensor<4x8xf32>) -> tensor<4x16xf32>
  return %y : tensor<4x16xf32>
}

// -----
// normalization_stats_c1
func.func @normalization_stats_c1(%x: tensor<f32>) -> (tensor<f32>, tensor<f32>) {
  // expected-error@+1 {{x must have rank >= 1 (normalization_stats_c1)}}
  %c, %i = "tessera.normalization_stats"(%x) : (tensor<f32>) -> (tensor<f32>, tensor<f32>)
  return %c, %i : tensor<f32>, tensor<f32>
}

// -----
// normalization_stats_c2: upstream's bad_stats_axis
func.func @normalization_stats_c2(%x: tensor<2x3xf32>) -> (tensor<2xf32>, tensor<2xf32>) {
  // expected-error@+1 {{axis 2 is out of range for rank 2 (normalization_stats_c2)}}
  %c, %i = "tessera.normalization_stats"(%x) {axis = 2 : i64} : (tensor<2x3xf32>) -> (tensor<2xf32>, tensor<2xf32>)
  return %c, %i : tensor<2xf32>, tensor<2xf32>
}

// -----
// normalization_stats_c3: upstream's bad_stats_eps
func.func @normalization_stats_c3(%x: tensor<2x3xf32>) -> (tensor<2xf32>, tensor<2xf32>) {
  // expected-error@+1 {{attribute 'epsilon' must be a finite number > 0, got 0.0e+00 (normalization_stats_c3)}}
  %c, %i = "tessera.normalization_stats"(%x) {eps = 0.0 : f64} : (tensor<2x3xf32>) -> (tensor<2xf32>, tensor<2xf32>)
  return %c, %i : tensor<2xf32>, tensor<2xf32>
}

// -----
// normalization_stats_c4: upstream's bad_stats_rank
func.func @normalization_stats_c4(%x: tensor<2x3xf32>) -> (tensor<2x1xf32>, tensor<2x1xf32>) {
  // expected-error@+1 {{(normalization_stats_c4)}}
  %c, %i = "tessera.normalization_stats"(%x) : (tensor<2x3xf32>) -> (tensor<2x1xf32>, tensor<2x1xf32>)
  return %c, %i : tensor<2x1xf32>, tensor<2x1xf32>
}

// -----
// compare_scalar_c1
func.func @compare_scalar_c1(%x: tensor<2x3xi32>) -> tensor<2x3xi1> {
  // expected-error@+1 {{must have a float element type, got tensor<2x3xi32> (compare_scalar_c1)}}
  %m = "tessera.compare_scalar"(%x) {predicate = "gt", rhs = 0.0 : f64} : (tensor<2x3xi32>) -> tensor<2x3xi1>
  return %m : tensor<2x3xi1>
}

// -----
// compare_scalar_c2: upstream's bad_compare_predicate
func.func @compare_scalar_c2(%x: tensor<2x3xf32>) -> tensor<2x3xi1> {
  // expected-error@+1 {{attribute 'predicate' must be one of "eq", "ne", "lt", "le", "gt", "ge" (compare_scalar_c2)}}
  %m = "tessera.compare_scalar"(%x) {predicate = "approximately", rhs = 0.0 : f64} : (tensor<2x3xf32>) -> tensor<2x3xi1>
  return %m : tensor<2x3xi1>
}

// -----
// compare_scalar_c3
func.func @compare_scalar_c3(%x: tensor<2x3xf32>) -> tensor<2x3xi1> {
  // expected-error@+1 {{attribute 'rhs' must be a number (compare_scalar_c3)}}
  %m = "tessera.compare_scalar"(%x) {predicate = "gt", rhs = "zero"} : (tensor<2x3xf32>) -> tensor<2x3xi1>
  return %m : tensor<2x3xi1>
}

// -----
// compare_scalar_c4: upstream's bad_compare_mask
func.func @compare_scalar_c4(%x: tensor<2x3xf32>) -> tensor<2x3xf32> {
  // expected-error@+1 {{(compare_scalar_c4)}}
  %m = "tessera.compare_scalar"(%x) {predicate = "gt", rhs = 0.0 : f64} : (tensor<2x3xf32>) -> tensor<2x3xf32>
  return %m : tensor<2x3xf32>
}

// -----
// masked_fill_c1
func.func @masked_fill_c1(%x: tensor<2x3xf32>, %m: tensor<2x3xf32>) -> tensor<2x3xf32> {
  // expected-error@+1 {{mask must be an i1 tensor of x's shape [2, 3], got tensor<2x3xf32> (masked_fill_c1)}}
  %r = "tessera.masked_fill"(%x, %m) {value = 0.0 : f64} : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
  return %r : tensor<2x3xf32>
}

// -----
// masked_fill_c2
func.func @masked_fill_c2(%x: tensor<2x3xf32>, %m: tensor<2x3xi1>) -> tensor<2x3xf32> {
  // expected-error@+1 {{attribute 'value' must be a number (masked_fill_c2)}}
  %r = "tessera.masked_fill"(%x, %m) : (tensor<2x3xf32>, tensor<2x3xi1>) -> tensor<2x3xf32>
  return %r : tensor<2x3xf32>
}

// -----
// masked_fill_c3
func.func @masked_fill_c3(%x: tensor<2x3xf32>, %m: tensor<2x3xi1>) -> tensor<2x3xf64> {
  // expected-error@+1 {{(masked_fill_c3)}}
  %r = "tessera.masked_fill"(%x, %m) {value = 0.0 : f64} : (tensor<2x3xf32>, tensor<2x3xi1>) -> tensor<2x3xf64>
  return %r : tensor<2x3xf64>
}

// -----
// broadcast_in_dim_c1
func.func @broadcast_in_dim_c1(%x: tensor<2xf32>, %s: tensor<2x4xf32>) -> tensor<2x3xf32> {
  // expected-error@+1 {{shape operand tensor<2x4xf32> and result tensor<2x3xf32> differ in shape (broadcast_in_dim_c1)}}
  %y = "tessera.broadcast_in_dim"(%x, %s) {broadcast_dimensions = [0]} : (tensor<2xf32>, tensor<2x4xf32>) -> tensor<2x3xf32>
  return %y : tensor<2x3xf32>
}

// -----
// broadcast_in_dim_c2: upstream's dynamic_broadcast_without_shape
func.func @broadcast_in_dim_c2(%x: tensor<?xf32>) -> tensor<?x?xf32> {
  // expected-error@+1 {{a dynamic result tensor<?x?xf32> needs the shape operand (a tensor of the result's shape) (broadcast_in_dim_c2)}}
  %y = "tessera.broadcast_in_dim"(%x) {broadcast_dimensions = [0]} : (tensor<?xf32>) -> tensor<?x?xf32>
  return %y : tensor<?x?xf32>
}

// -----
// broadcast_c2 through broadcast_in_dim: upstream's bad_broadcast_mapping
func.func @broadcast_c2(%x: tensor<2xf32>) -> tensor<2x3xf32> {
  // expected-error@+1 {{must map each operand dim to a strictly increasing result dim (broadcast_c2)}}
  %y = "tessera.broadcast_in_dim"(%x) {broadcast_dimensions = []} : (tensor<2xf32>) -> tensor<2x3xf32>
  return %y : tensor<2x3xf32>
}
