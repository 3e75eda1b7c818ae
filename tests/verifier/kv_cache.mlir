// Verifier tests for tessera.kv_cache.append and tessera.kv_cache.read (docs/ops/graph/kv_cache.md).

// kv_cache_append_c1
func.func @kv_cache_append_c1(%c: tensor<2x8x4xf32>, %n: tensor<2x1x4xf32>, %p: tensor<i64>) -> tensor<2x8x4xf32> {
  // expected-error@+1 {{axis 3 is out of range for rank 3 (kv_cache_append_c1)}}
  %0 = "tessera.kv_cache.append"(%c, %n, %p) {axis = 3} : (tensor<2x8x4xf32>, tensor<2x1x4xf32>, tensor<i64>) -> tensor<2x8x4xf32>
  return %0 : tensor<2x8x4xf32>
}

// -----
// kv_cache_append_c2
func.func @kv_cache_append_c2(%c: tensor<2x8x4xf32>, %n: tensor<2x1x5xf32>, %p: tensor<i64>) -> tensor<2x8x4xf32> {
  // expected-error@+1 {{new entries tensor<2x1x5xf32> do not fit cache tensor<2x8x4xf32> (kv_cache_append_c2)}}
  %0 = "tessera.kv_cache.append"(%c, %n, %p) : (tensor<2x8x4xf32>, tensor<2x1x5xf32>, tensor<i64>) -> tensor<2x8x4xf32>
  return %0 : tensor<2x8x4xf32>
}

// -----
// kv_cache_append_c3
func.func @kv_cache_append_c3(%c: tensor<2x8x4xf32>, %n: tensor<2x1x4xf32>, %p: tensor<1xi64>) -> tensor<2x8x4xf32> {
  // expected-error@+1 {{the position must be a rank-0 integer tensor, got tensor<1xi64> (kv_cache_append_c3)}}
  %0 = "tessera.kv_cache.append"(%c, %n, %p) : (tensor<2x8x4xf32>, tensor<2x1x4xf32>, tensor<1xi64>) -> tensor<2x8x4xf32>
  return %0 : tensor<2x8x4xf32>
}

// -----
// kv_cache_append_c4
func.func @kv_cache_append_c4(%c: tensor<2x8x4xf32>, %n: tensor<2x1x4xf32>, %p: tensor<i64>) -> tensor<2x9x4xf32> {
  // expected-error@+1 {{result #0 has type tensor<2x9x4xf32> but the operands give tensor<2x8x4xf32> (kv_cache_append_c4)}}
  %0 = "tessera.kv_cache.append"(%c, %n, %p) : (tensor<2x8x4xf32>, tensor<2x1x4xf32>, tensor<i64>) -> tensor<2x9x4xf32>
  return %0 : tensor<2x9x4xf32>
}

// -----
// kv_cache_read_c1
func.func @kv_cache_read_c1(%c: tensor<f32>, %s: tensor<i64>) -> tensor<f32> {
  // expected-error@+1 {{needs a cache of rank >= 1 and an integer 'axis' (kv_cache_read_c1)}}
  %0 = "tessera.kv_cache.read"(%c, %s) {length = 1} : (tensor<f32>, tensor<i64>) -> tensor<f32>
  return %0 : tensor<f32>
}

// -----
// kv_cache_read_c2
func.func @kv_cache_read_c2(%c: tensor<8x4xf32>, %s: tensor<f32>) -> tensor<2x4xf32> {
  // expected-error@+1 {{the position must be a rank-0 integer tensor, got tensor<f32> (kv_cache_read_c2)}}
  %0 = "tessera.kv_cache.read"(%c, %s) {length = 2} : (tensor<8x4xf32>, tensor<f32>) -> tensor<2x4xf32>
  return %0 : tensor<2x4xf32>
}

// -----
// kv_cache_read_c3
func.func @kv_cache_read_c3(%c: tensor<8x4xf32>, %s: tensor<i32>) -> tensor<9x4xf32> {
  // expected-error@+1 {{needs an integer attribute 'length' in [0, 8] (kv_cache_read_c3)}}
  %0 = "tessera.kv_cache.read"(%c, %s) {length = 9} : (tensor<8x4xf32>, tensor<i32>) -> tensor<9x4xf32>
  return %0 : tensor<9x4xf32>
}

// -----
// kv_cache_read_c4
func.func @kv_cache_read_c4(%c: tensor<8x4xf32>, %s: tensor<i32>) -> tensor<3x4xf32> {
  // expected-error@+1 {{result #0 has type tensor<3x4xf32> but the operands give tensor<2x4xf32> (kv_cache_read_c4)}}
  %0 = "tessera.kv_cache.read"(%c, %s) {length = 2} : (tensor<8x4xf32>, tensor<i32>) -> tensor<3x4xf32>
  return %0 : tensor<3x4xf32>
}
