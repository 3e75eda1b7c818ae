// Verifier tests for sgd, adam and adamw (docs/ops/graph/optimizers.md).

// sgd_c1
func.func @sgd_c1(%p: tensor<4xf32>, %g: tensor<3xf32>) -> tensor<4xf32> {
  // expected-error@+1 {{operand #1 has type tensor<3xf32>, the parameters tensor<4xf32> (sgd_c1)}}
  %0 = "tessera.sgd"(%p, %g) {lr = 0.1} : (tensor<4xf32>, tensor<3xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----
// sgd_c2
func.func @sgd_c2(%p: tensor<4xf32>, %g: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error@+1 {{attribute 'lr' must be a number in [0, inf) (required) (sgd_c2)}}
  %0 = "tessera.sgd"(%p, %g) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----
// sgd_c3
func.func @sgd_c3(%p: tensor<4xf32>, %g: tensor<4xf32>) -> tensor<4xf64> {
  // expected-error@+1 {{result #0 has type tensor<4xf64> but the operands give tensor<4xf32> (sgd_c3)}}
  %0 = "tessera.sgd"(%p, %g) {lr = 0.1} : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf64>
  return %0 : tensor<4xf64>
}

// -----
// adam_c1
func.func @adam_c1(%p: tensor<4xf32>, %g: tensor<4xf32>, %m: tensor<4xf32>, %v: tensor<4xf64>) -> (tensor<4xf32>, tensor<4xf32>, tensor<4xf32>) {
  // expected-error@+1 {{operand #3 has type tensor<4xf64>, the parameters tensor<4xf32> (adam_c1)}}
  %0:3 = "tessera.adam"(%p, %g, %m, %v) {lr = 0.1, step = 1} : (tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf64>) -> (tensor<4xf32>, tensor<4xf32>, tensor<4xf32>)
  return %0#0, %0#1, %0#2 : tensor<4xf32>, tensor<4xf32>, tensor<4xf32>
}

// -----
// adam_c2
func.func @adam_c2(%p: tensor<4xf32>, %g: tensor<4xf32>, %m: tensor<4xf32>, %v: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>, tensor<4xf32>) {
  // expected-error@+1 {{needs an integer attribute 'step' >= 1 (adam_c2)}}
  %0:3 = "tessera.adam"(%p, %g, %m, %v) {lr = 0.1, step = 0} : (tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>, tensor<4xf32>)
  return %0#0, %0#1, %0#2 : tensor<4xf32>, tensor<4xf32>, tensor<4xf32>
}

// -----
// adam_c2: beta1
func.func @adam_c2(%p: tensor<4xf32>, %g: tensor<4xf32>, %m: tensor<4xf32>, %v: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>, tensor<4xf32>) {
  // expected-error@+1 {{attribute 'beta1' must be a number in [0, 1) (adam_c2)}}
  %0:3 = "tessera.adam"(%p, %g, %m, %v) {lr = 0.1, step = 1, beta1 = 1.0} : (tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>, tensor<4xf32>)
  return %0#0, %0#1, %0#2 : tensor<4xf32>, tensor<4xf32>, tensor<4xf32>
}

// -----
// adam_c3
func.func @adam_c3(%p: tensor<4xf32>, %g: tensor<4xf32>, %m: tensor<4xf32>, %v: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>, tensor<4xf64>) {
  // expected-error@+1 {{result #2 has type tensor<4xf64> but the operands give tensor<4xf32> (adam_c3)}}
  %0:3 = "tessera.adam"(%p, %g, %m, %v) {lr = 0.1, step = 1} : (tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>, tensor<4xf64>)
  return %0#0, %0#1, %0#2 : tensor<4xf32>, tensor<4xf32>, tensor<4xf64>
}

// -----
// adamw_c1
func.func @adamw_c1(%p: tensor<4xi32>, %g: tensor<4xi32>, %m: tensor<4xi32>, %v: tensor<4xi32>) -> (tensor<4xi32>, tensor<4xi32>, tensor<4xi32>) {
  // expected-error@+1 {{operand #0 must have a float element type, got tensor<4xi32> (adamw_c1)}}
  %0:3 = "tessera.adamw"(%p, %g, %m, %v) {lr = 0.1, step = 1} : (tensor<4xi32>, tensor<4xi32>, tensor<4xi32>, tensor<4xi32>) -> (tensor<4xi32>, tensor<4xi32>, tensor<4xi32>)
  return %0#0, %0#1, %0#2 : tensor<4xi32>, tensor<4xi32>, tensor<4xi32>
}

// -----
// adamw_c2
func.func @adamw_c2(%p: tensor<4xf32>, %g: tensor<4xf32>, %m: tensor<4xf32>, %v: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>, tensor<4xf32>) {
  // expected-error@+1 {{attribute 'weight_decay' must be a number in [0, inf) (adamw_c2)}}
  %0:3 = "tessera.adamw"(%p, %g, %m, %v) {lr = 0.1, step = 1, weight_decay = -1.0} : (tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>, tensor<4xf32>)
  return %0#0, %0#1, %0#2 : tensor<4xf32>, tensor<4xf32>, tensor<4xf32>
}

// -----
// adamw_c3
func.func @adamw_c3(%p: tensor<4xf32>, %g: tensor<4xf32>, %m: tensor<4xf32>, %v: tensor<4xf32>) -> (tensor<4xf32>, tensor<2xf32>, tensor<4xf32>) {
  // expected-error@+1 {{result #1 has type tensor<2xf32> but the operands give tensor<4xf32> (adamw_c3)}}
  %0:3 = "tessera.adamw"(%p, %g, %m, %v) {lr = 0.1, step = 1} : (tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>) -> (tensor<4xf32>, tensor<2xf32>, tensor<4xf32>)
  return %0#0, %0#1, %0#2 : tensor<4xf32>, tensor<2xf32>, tensor<4xf32>
}

// -----
// adam_c4
func.func @adam_c4(%p: tensor<4xf32>, %g: tensor<4xf32>, %m: tensor<4xf32>, %v: tensor<4xf32>, %t: tensor<1xi64>) -> (tensor<4xf32>, tensor<4xf32>, tensor<4xf32>) {
  // expected-error@+1 {{the step operand must be a rank-0 integer tensor, got tensor<1xi64> (adam_c4)}}
  %0:3 = "tessera.adam"(%p, %g, %m, %v, %t) {lr = 0.1} : (tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<1xi64>) -> (tensor<4xf32>, tensor<4xf32>, tensor<4xf32>)
  return %0#0, %0#1, %0#2 : tensor<4xf32>, tensor<4xf32>, tensor<4xf32>
}

// -----
// adamw_c4
func.func @adamw_c4(%p: tensor<4xf32>, %g: tensor<4xf32>, %m: tensor<4xf32>, %v: tensor<4xf32>, %t: tensor<i64>) -> (tensor<4xf32>, tensor<4xf32>, tensor<4xf32>) {
  // expected-error@+1 {{give the step as an attribute or an operand, not both (adamw_c4)}}
  %0:3 = "tessera.adamw"(%p, %g, %m, %v, %t) {lr = 0.1, step = 2} : (tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<i64>) -> (tensor<4xf32>, tensor<4xf32>, tensor<4xf32>)
  return %0#0, %0#1, %0#2 : tensor<4xf32>, tensor<4xf32>, tensor<4xf32>
}
