// Verifier tests for tessera.nesterov, momentum_backward and adam_backward
// (docs/ops/graph/optim_backward.md). Each chunk is one failing program named after the
// constraint it breaks.

// nesterov_c1
func.func @nesterov_c1(%p: tensor<4xf32>, %g: tensor<4xf32>, %v: tensor<3xf32>) -> (tensor<4xf32>, tensor<4xf32>) {
  // expected-error@+1 {{parameters, gradient and velocity must have one type and shape: operand #2 is tensor<3xf32>, operand #0 tensor<4xf32> (nesterov_c1)}}
  %a, %b = "tessera.nesterov"(%p, %g, %v) {lr = 0.1 : f64} : (tensor<4xf32>, tensor<4xf32>, tensor<3xf32>) -> (tensor<4xf32>, tensor<4xf32>)
  return %a, %b : tensor<4xf32>, tensor<4xf32>
}

// -----
// nesterov_c2: no lr
func.func @nesterov_c2(%p: tensor<4xf32>, %g: tensor<4xf32>, %v: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>) {
  // expected-error@+1 {{requires the attribute 'lr' (nesterov_c2)}}
  %a, %b = "tessera.nesterov"(%p, %g, %v) : (tensor<4xf32>, tensor<4xf32>, tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>)
  return %a, %b : tensor<4xf32>, tensor<4xf32>
}

// -----
// nesterov_c2: momentum above 1
func.func @nesterov_c2(%p: tensor<4xf32>, %g: tensor<4xf32>, %v: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>) {
  // expected-error@+1 {{attribute 'momentum' must be a finite number in [0, 1], got 1.5 (nesterov_c2)}}
  %a, %b = "tessera.nesterov"(%p, %g, %v) {lr = 0.1 : f64, momentum = 1.5 : f64} : (tensor<4xf32>, tensor<4xf32>, tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>)
  return %a, %b : tensor<4xf32>, tensor<4xf32>
}

// -----
// nesterov_c3
func.func @nesterov_c3(%p: tensor<4xf32>, %g: tensor<4xf32>, %v: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf64>) {
  // expected-error@+1 {{(nesterov_c3)}}
  %a, %b = "tessera.nesterov"(%p, %g, %v) {lr = 0.1 : f64} : (tensor<4xf32>, tensor<4xf32>, tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf64>)
  return %a, %b : tensor<4xf32>, tensor<4xf64>
}

// -----
// momentum_backward_c1
func.func @momentum_backward_c1(%dp: tensor<4xf32>, %dv: tensor<4xi32>) -> (tensor<4xf32>, tensor<4xf32>, tensor<4xf32>) {
  // expected-error@+1 {{(momentum_backward_c1)}}
  %a, %b, %c = "tessera.momentum_backward"(%dp, %dv) {lr = 0.1 : f64} : (tensor<4xf32>, tensor<4xi32>) -> (tensor<4xf32>, tensor<4xf32>, tensor<4xf32>)
  return %a, %b, %c : tensor<4xf32>, tensor<4xf32>, tensor<4xf32>
}

// -----
// momentum_backward_c2
func.func @momentum_backward_c2(%dp: tensor<4xf32>, %dv: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>, tensor<4xf32>) {
  // expected-error@+1 {{attribute 'nesterov' must be a boolean, got 1 (momentum_backward_c2)}}
  %a, %b, %c = "tessera.momentum_backward"(%dp, %dv) {lr = 0.1 : f64, nesterov = 1 : i64} : (tensor<4xf32>, tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>, tensor<4xf32>)
  return %a, %b, %c : tensor<4xf32>, tensor<4xf32>, tensor<4xf32>
}

// -----
// momentum_backward_c3
func.func @momentum_backward_c3(%dp: tensor<4xf32>, %dv: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>, tensor<3xf32>) {
  // expected-error@+1 {{(momentum_backward_c3)}}
  %a, %b, %c = "tessera.momentum_backward"(%dp, %dv) {lr = 0.1 : f64} : (tensor<4xf32>, tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>, tensor<3xf32>)
  return %a, %b, %c : tensor<4xf32>, tensor<4xf32>, tensor<3xf32>
}

// -----
// adam_backward_c1
func.func @adam_backward_c1(%p: tensor<4xf32>, %g: tensor<4xf32>, %m: tensor<4xf32>, %v: tensor<4xf32>, %dp: tensor<4xf32>, %dm: tensor<4xf32>, %dv: tensor<5xf32>) -> (tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>) {
  // expected-error@+1 {{operand #6 is tensor<5xf32>, operand #0 tensor<4xf32> (adam_backward_c1)}}
  %a, %b, %c, %d = "tessera.adam_backward"(%p, %g, %m, %v, %dp, %dm, %dv) : (tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<5xf32>) -> (tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>)
  return %a, %b, %c, %d : tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>
}

// -----
// adam_backward_c2: beta1 = 1
func.func @adam_backward_c2(%p: tensor<4xf32>, %g: tensor<4xf32>, %m: tensor<4xf32>, %v: tensor<4xf32>, %dp: tensor<4xf32>, %dm: tensor<4xf32>, %dv: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>) {
  // expected-error@+1 {{attribute 'beta1' must be a finite number in [0, 1), got 1 (adam_backward_c2)}}
  %a, %b, %c, %d = "tessera.adam_backward"(%p, %g, %m, %v, %dp, %dm, %dv) {beta1 = 1.0 : f64} : (tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>)
  return %a, %b, %c, %d : tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>
}

// -----
// adam_backward_c2: step 0
func.func @adam_backward_c2(%p: tensor<4xf32>, %g: tensor<4xf32>, %m: tensor<4xf32>, %v: tensor<4xf32>, %dp: tensor<4xf32>, %dm: tensor<4xf32>, %dv: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>) {
  // expected-error@+1 {{attribute 'step' must be >= 1 (adam_backward_c2)}}
  %a, %b, %c, %d = "tessera.adam_backward"(%p, %g, %m, %v, %dp, %dm, %dv) {step = 0 : i64} : (tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>)
  return %a, %b, %c, %d : tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>
}

// -----
// adam_backward_c3: weight decay without adamw
func.func @adam_backward_c3(%p: tensor<4xf32>, %g: tensor<4xf32>, %m: tensor<4xf32>, %v: tensor<4xf32>, %dp: tensor<4xf32>, %dm: tensor<4xf32>, %dv: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>) {
  // expected-error@+1 {{weight_decay needs adamw = true (the decoupled decay of tessera.adamw) (adam_backward_c3)}}
  %a, %b, %c, %d = "tessera.adam_backward"(%p, %g, %m, %v, %dp, %dm, %dv) {weight_decay = 0.1 : f64} : (tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>)
  return %a, %b, %c, %d : tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>
}

// -----
// adam_backward_c4
func.func @adam_backward_c4(%p: tensor<4xf32>, %g: tensor<4xf32>, %m: tensor<4xf32>, %v: tensor<4xf32>, %dp: tensor<4xf32>, %dm: tensor<4xf32>, %dv: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<2xf32>) {
  // expected-error@+1 {{(adam_backward_c4)}}
  %a, %b, %c, %d = "tessera.adam_backward"(%p, %g, %m, %v, %dp, %dm, %dv) : (tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<2xf32>)
  return %a, %b, %c, %d : tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<2xf32>
}
