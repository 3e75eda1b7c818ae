// Verifier tests for uniform, randn, poisson and dropout (docs/ops/graph/random.md).

// uniform_c1
func.func @uniform_c1() -> tensor<4xf32> {
  // expected-error@+1 {{needs an integer attribute 'seed' (uniform_c1)}}
  %0 = "tessera.uniform"() : () -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----
// uniform_c1: negative stream
func.func @uniform_c1() -> tensor<4xf32> {
  // expected-error@+1 {{attribute 'stream' must be a non-negative integer (uniform_c1)}}
  %0 = "tessera.uniform"() {seed = 1, stream = -1} : () -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----
// uniform_c2
func.func @uniform_c2() -> tensor<4xf32> {
  // expected-error@+1 {{needs low <= high (uniform_c2)}}
  %0 = "tessera.uniform"() {seed = 1, low = 2.0, high = 1.0} : () -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----
// uniform_c3
func.func @uniform_c3() -> tensor<4xi32> {
  // expected-error@+1 {{the result must be a tensor of static shape with float elements, got tensor<4xi32> (uniform_c3)}}
  %0 = "tessera.uniform"() {seed = 1} : () -> tensor<4xi32>
  return %0 : tensor<4xi32>
}

// -----
// randn_c1
func.func @randn_c1() -> tensor<4xf32> {
  // expected-error@+1 {{needs an integer attribute 'seed' (randn_c1)}}
  %0 = "tessera.randn"() {seed = 1.5} : () -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----
// randn_c2
func.func @randn_c2() -> tensor<4xf32> {
  // expected-error@+1 {{needs stddev >= 0 (randn_c2)}}
  %0 = "tessera.randn"() {seed = 1, std = -1.0} : () -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----
// randn_c3
func.func @randn_c3() -> tensor<?xf32> {
  // expected-error@+1 {{the result must be a tensor of static shape with float elements, got tensor<?xf32> (randn_c3)}}
  %0 = "tessera.randn"() {seed = 1} : () -> tensor<?xf32>
  return %0 : tensor<?xf32>
}

// -----
// poisson_c1
func.func @poisson_c1() -> tensor<4xi32> {
  // expected-error@+1 {{needs an integer attribute 'seed' (poisson_c1)}}
  %0 = "tessera.poisson"() {lam = 1.0} : () -> tensor<4xi32>
  return %0 : tensor<4xi32>
}

// -----
// poisson_c2
func.func @poisson_c2() -> tensor<4xi32> {
  // expected-error@+1 {{needs a number attribute 'lam' in [0, 256] (poisson_c2)}}
  %0 = "tessera.poisson"() {seed = 1, rate = 300.0} : () -> tensor<4xi32>
  return %0 : tensor<4xi32>
}

// -----
// poisson_c3
func.func @poisson_c3() -> tensor<4xi8> {
  // expected-error@+1 {{the result must be a tensor of static shape with f32, f64, i32 or i64 elements, got tensor<4xi8> (poisson_c3)}}
  %0 = "tessera.poisson"() {seed = 1, lam = 2.0} : () -> tensor<4xi8>
  return %0 : tensor<4xi8>
}

// -----
// dropout_c1
func.func @dropout_c1(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error@+1 {{needs an integer attribute 'seed' (dropout_c1)}}
  %0 = "tessera.dropout"(%x) {p = 0.5} : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----
// dropout_c2
func.func @dropout_c2(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error@+1 {{needs a number attribute 'p' in [0, 1) (dropout_c2)}}
  %0 = "tessera.dropout"(%x) {p = 1.0, seed = 1} : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----
// dropout_c2: training
func.func @dropout_c2(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error@+1 {{attribute 'training' must be a boolean (dropout_c2)}}
  %0 = "tessera.dropout"(%x) {p = 0.5, seed = 1, training = 1} : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----
// dropout_c3
func.func @dropout_c3(%x: tensor<4xi32>) -> tensor<4xi32> {
  // expected-error@+1 {{operand #0 must have a float element type, got tensor<4xi32> (dropout_c3)}}
  %0 = "tessera.dropout"(%x) {p = 0.5, seed = 1} : (tensor<4xi32>) -> tensor<4xi32>
  return %0 : tensor<4xi32>
}

// -----
// dropout_c4
func.func @dropout_c4(%x: tensor<4xf32>) -> tensor<4xf64> {
  // expected-error@+1 {{result #0 has type tensor<4xf64> but the operands give tensor<4xf32> (dropout_c4)}}
  %0 = "tessera.dropout"(%x) {p = 0.5, seed = 1} : (tensor<4xf32>) -> tensor<4xf64>
  return %0 : tensor<4xf64>
}

// -----
// uniform_c4
func.func @uniform_c4(%o: tensor<1xi64>) -> tensor<4xf32> {
  // expected-error@+1 {{the stream offset must be a rank-0 integer tensor, got tensor<1xi64> (uniform_c4)}}
  %0 = "tessera.uniform"(%o) {seed = 1} : (tensor<1xi64>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----
// randn_c4
func.func @randn_c4(%o: tensor<f32>) -> tensor<4xf32> {
  // expected-error@+1 {{the stream offset must be a rank-0 integer tensor, got tensor<f32> (randn_c4)}}
  %0 = "tessera.randn"(%o) {seed = 1} : (tensor<f32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----
// poisson_c4
func.func @poisson_c4(%o: tensor<i1>) -> tensor<4xi32> {
  // expected-error@+1 {{the stream offset must be a rank-0 integer tensor, got tensor<i1> (poisson_c4)}}
  %0 = "tessera.poisson"(%o) {seed = 1, lam = 1.0} : (tensor<i1>) -> tensor<4xi32>
  return %0 : tensor<4xi32>
}

// -----
// dropout_c5
func.func @dropout_c5(%x: tensor<4xf32>, %o: tensor<2xi32>) -> tensor<4xf32> {
  // expected-error@+1 {{the stream offset must be a rank-0 integer tensor, got tensor<2xi32> (dropout_c5)}}
  %0 = "tessera.dropout"(%x, %o) {p = 0.5, seed = 1} : (tensor<4xf32>, tensor<2xi32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}
