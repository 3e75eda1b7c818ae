// Verifier tests for tessera.rng_uniform, rng_normal, tessera_rng.bernoulli and tessera_rng.normal
// (docs/ops/graph/misc_random.md). Each chunk is one failing program named after the constraint
// it breaks.

// rng_uniform_c1: upstream's shape_mismatch
func.func @rng_uniform_c1() -> tensor<4xf32> {
  // expected-error@+1 {{shape [8] differs from the result type tensor<4xf32> (rng_uniform_c1)}}
  %s = "tessera.rng_uniform"() {shape = [8], seed = 7 : i64} : () -> tensor<4xf32>
  return %s : tensor<4xf32>
}

// -----
// rng_uniform_c1: upstream's negative_shape_entry
func.func @rng_uniform_c1() -> tensor<4xf32> {
  // expected-error@+1 {{shape [-4] has a negative extent (rng_uniform_c1)}}
  %s = "tessera.rng_uniform"() {shape = [-4], seed = 1 : i64} : () -> tensor<4xf32>
  return %s : tensor<4xf32>
}

// -----
// rng_uniform_c2: upstream's inverted_bounds
func.func @rng_uniform_c2() -> tensor<4xf32> {
  // expected-error@+1 {{needs low < high (rng_uniform_c2)}}
  %s = "tessera.rng_uniform"() {shape = [4], seed = 1 : i64, low = 1.0 : f64, high = 1.0 : f64} : () -> tensor<4xf32>
  return %s : tensor<4xf32>
}

// -----
// uniform_c3 through rng_uniform: upstream's non_float_sample
func.func @uniform_c3() -> tensor<4xi32> {
  // expected-error@+1 {{(uniform_c3)}}
  %s = "tessera.rng_uniform"() {shape = [4], seed = 1 : i64} : () -> tensor<4xi32>
  return %s : tensor<4xi32>
}

// -----
// rng_normal_c1
func.func @rng_normal_c1() -> tensor<4xf32> {
  // expected-error@+1 {{needs an attribute 'shape' (an array of integers) (rng_normal_c1)}}
  %s = "tessera.rng_normal"() {seed = 1 : i64} : () -> tensor<4xf32>
  return %s : tensor<4xf32>
}

// -----
// rng_normal_c2: upstream's bad_stddev
func.func @rng_normal_c2() -> tensor<4xf32> {
  // expected-error@+1 {{needs stddev > 0 (rng_normal_c2)}}
  %s = "tessera.rng_normal"() {shape = [4], seed = 1 : i64, stddev = 0.0 : f64} : () -> tensor<4xf32>
  return %s : tensor<4xf32>
}

// -----
// rng_bernoulli_c1
func.func @rng_bernoulli_c1(%x: f32) -> tensor<4xi1> {
  // expected-error@+1 {{(rng_bernoulli_c1)}}
  %m = "tessera_rng.bernoulli"(%x) {p = 0.1 : f32} : (f32) -> tensor<4xi1>
  return %m : tensor<4xi1>
}

// -----
// rng_bernoulli_c2
func.func @rng_bernoulli_c2(%x: tensor<4xf32>) -> tensor<4xi1> {
  // expected-error@+1 {{attribute 'p' must be a number in [0, 1] (rng_bernoulli_c2)}}
  %m = "tessera_rng.bernoulli"(%x) {p = 1.5 : f32} : (tensor<4xf32>) -> tensor<4xi1>
  return %m : tensor<4xi1>
}

// -----
// rng_bernoulli_c3
func.func @rng_bernoulli_c3(%x: tensor<4xf32>) -> tensor<4xi1> {
  // expected-error@+1 {{attribute 'stream' must be a non-negative integer (rng_bernoulli_c3)}}
  %m = "tessera_rng.bernoulli"(%x) {stream = -1 : i64} : (tensor<4xf32>) -> tensor<4xi1>
  return %m : tensor<4xi1>
}

// -----
// rng_bernoulli_c4
func.func @rng_bernoulli_c4(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error@+1 {{(rng_bernoulli_c4)}}
  %m = "tessera_rng.bernoulli"(%x) : (tensor<4xf32>) -> tensor<4xf32>
  return %m : tensor<4xf32>
}

// -----
// rng_normal_like_c1
func.func @rng_normal_like_c1(%x: tensor<4xi32>) -> tensor<4xi32> {
  // expected-error@+1 {{must have a float element type, got tensor<4xi32> (rng_normal_like_c1)}}
  %n = "tessera_rng.normal"(%x) : (tensor<4xi32>) -> tensor<4xi32>
  return %n : tensor<4xi32>
}

// -----
// rng_normal_like_c2
func.func @rng_normal_like_c2(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error@+1 {{needs stddev >= 0 (rng_normal_like_c2)}}
  %n = "tessera_rng.normal"(%x) {std = -1.0 : f32} : (tensor<4xf32>) -> tensor<4xf32>
  return %n : tensor<4xf32>
}

// -----
// rng_normal_like_c3
func.func @rng_normal_like_c3(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error@+1 {{attribute 'seed' must be an integer (rng_normal_like_c3)}}
  %n = "tessera_rng.normal"(%x) {seed = "one"} : (tensor<4xf32>) -> tensor<4xf32>
  return %n : tensor<4xf32>
}

// -----
// rng_normal_like_c4
func.func @rng_normal_like_c4(%x: tensor<4xf32>) -> tensor<4xf64> {
  // expected-error@+1 {{(rng_normal_like_c4)}}
  %n = "tessera_rng.normal"(%x) : (tensor<4xf32>) -> tensor<4xf64>
  return %n : tensor<4xf64>
}
