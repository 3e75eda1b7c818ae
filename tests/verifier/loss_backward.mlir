// Verifier tests for the loss backward ops and tessera.loss.cross_entropy
// (docs/ops/graph/loss_backward.md). Each chunk is one failing program named after the
// constraint it breaks.

// mse_backward_c1
func.func @mse_backward_c1(%p: tensor<4xf32>, %t: tensor<5xf32>, %g: tensor<f32>) -> (tensor<4xf32>, tensor<4xf32>) {
  // expected-error@+1 {{the two loss operands must have one type and shape: operand #1 is tensor<5xf32>, operand #0 tensor<4xf32> (mse_backward_c1)}}
  %a, %b = "tessera.loss.mse_backward"(%p, %t, %g) : (tensor<4xf32>, tensor<5xf32>, tensor<f32>) -> (tensor<4xf32>, tensor<4xf32>)
  return %a, %b : tensor<4xf32>, tensor<4xf32>
}

// -----
// mse_backward_c2
func.func @mse_backward_c2(%p: tensor<4xf32>, %t: tensor<4xf32>, %g: tensor<f32>) -> (tensor<4xf32>, tensor<4xf32>) {
  // expected-error@+1 {{attribute 'reduction' must be "none", "mean" or "sum", got "avg" (mse_backward_c2)}}
  %a, %b = "tessera.loss.mse_backward"(%p, %t, %g) {reduction = "avg"} : (tensor<4xf32>, tensor<4xf32>, tensor<f32>) -> (tensor<4xf32>, tensor<4xf32>)
  return %a, %b : tensor<4xf32>, tensor<4xf32>
}

// -----
// mse_backward_c3: "none" needs a full cotangent
func.func @mse_backward_c3(%p: tensor<4xf32>, %t: tensor<4xf32>, %g: tensor<f32>) -> (tensor<4xf32>, tensor<4xf32>) {
  // expected-error@+1 {{the cotangent must be tensor<4xf32> for reduction "none", got tensor<f32> (mse_backward_c3)}}
  %a, %b = "tessera.loss.mse_backward"(%p, %t, %g) {reduction = "none"} : (tensor<4xf32>, tensor<4xf32>, tensor<f32>) -> (tensor<4xf32>, tensor<4xf32>)
  return %a, %b : tensor<4xf32>, tensor<4xf32>
}

// -----
// mse_backward_c4
func.func @mse_backward_c4(%p: tensor<4xf32>, %t: tensor<4xf32>, %g: tensor<f32>) -> (tensor<4xf32>, tensor<f32>) {
  // expected-error@+1 {{(mse_backward_c4)}}
  %a, %b = "tessera.loss.mse_backward"(%p, %t, %g) : (tensor<4xf32>, tensor<4xf32>, tensor<f32>) -> (tensor<4xf32>, tensor<f32>)
  return %a, %b : tensor<4xf32>, tensor<f32>
}

// -----
// bce_backward_c1
func.func @bce_backward_c1(%z: tensor<4xf32>, %t: tensor<4xf16>, %g: tensor<f32>) -> (tensor<4xf32>, tensor<4xf32>) {
  // expected-error@+1 {{(bce_backward_c1)}}
  %a, %b = "tessera.loss.binary_cross_entropy_backward"(%z, %t, %g) : (tensor<4xf32>, tensor<4xf16>, tensor<f32>) -> (tensor<4xf32>, tensor<4xf32>)
  return %a, %b : tensor<4xf32>, tensor<4xf32>
}

// -----
// bce_backward_c2
func.func @bce_backward_c2(%z: tensor<4xf32>, %t: tensor<4xf32>, %g: tensor<f32>) -> (tensor<4xf32>, tensor<4xf32>) {
  // expected-error@+1 {{(bce_backward_c2)}}
  %a, %b = "tessera.loss.binary_cross_entropy_backward"(%z, %t, %g) {reduction = "batchmean"} : (tensor<4xf32>, tensor<4xf32>, tensor<f32>) -> (tensor<4xf32>, tensor<4xf32>)
  return %a, %b : tensor<4xf32>, tensor<4xf32>
}

// -----
// bce_backward_c3: the cotangent's element type
func.func @bce_backward_c3(%z: tensor<4xf32>, %t: tensor<4xf32>, %g: tensor<f64>) -> (tensor<4xf32>, tensor<4xf32>) {
  // expected-error@+1 {{the cotangent must be tensor<f32> for reduction "mean", got tensor<f64> (bce_backward_c3)}}
  %a, %b = "tessera.loss.binary_cross_entropy_backward"(%z, %t, %g) : (tensor<4xf32>, tensor<4xf32>, tensor<f64>) -> (tensor<4xf32>, tensor<4xf32>)
  return %a, %b : tensor<4xf32>, tensor<4xf32>
}

// -----
// bce_backward_c4
func.func @bce_backward_c4(%z: tensor<4xf32>, %t: tensor<4xf32>, %g: tensor<f32>) -> (tensor<4xf64>, tensor<4xf32>) {
  // expected-error@+1 {{(bce_backward_c4)}}
  %a, %b = "tessera.loss.binary_cross_entropy_backward"(%z, %t, %g) {reduction = "sum"} : (tensor<4xf32>, tensor<4xf32>, tensor<f32>) -> (tensor<4xf64>, tensor<4xf32>)
  return %a, %b : tensor<4xf64>, tensor<4xf32>
}

// -----
// loss_ce_c1
func.func @loss_ce_c1(%x: tensor<f32>, %y: tensor<i64>) -> tensor<f32> {
  // expected-error@+1 {{the logits must be a float tensor of rank >= 1 other than tf32, got tensor<f32> (loss_ce_c1)}}
  %l = "tessera.loss.cross_entropy"(%x, %y) : (tensor<f32>, tensor<i64>) -> tensor<f32>
  return %l : tensor<f32>
}

// -----
// loss_ce_c2
func.func @loss_ce_c2(%x: tensor<3x5xf32>, %y: tensor<3xi64>) -> tensor<f32> {
  // expected-error@+1 {{axis 2 is not an axis of tensor<3x5xf32> (loss_ce_c2)}}
  %l = "tessera.loss.cross_entropy"(%x, %y) {axis = 2 : i64} : (tensor<3x5xf32>, tensor<3xi64>) -> tensor<f32>
  return %l : tensor<f32>
}

// -----
// loss_ce_c3: upstream's bad_target_shape
func.func @loss_ce_c3(%x: tensor<3x5x7xf32>, %y: tensor<3x5xi64>) -> tensor<f32> {
  // expected-error@+1 {{the target must be an integer tensor of shape [3, 7] (the logits without the class axis), got tensor<3x5xi64> (loss_ce_c3)}}
  %l = "tessera.loss.cross_entropy"(%x, %y) {axis = 1 : i64} : (tensor<3x5x7xf32>, tensor<3x5xi64>) -> tensor<f32>
  return %l : tensor<f32>
}

// -----
// loss_ce_c3: float targets
func.func @loss_ce_c3(%x: tensor<3x5xf32>, %y: tensor<3xf32>) -> tensor<f32> {
  // expected-error@+1 {{(loss_ce_c3)}}
  %l = "tessera.loss.cross_entropy"(%x, %y) : (tensor<3x5xf32>, tensor<3xf32>) -> tensor<f32>
  return %l : tensor<f32>
}

// -----
// loss_ce_c4: upstream's bad_smoothing
func.func @loss_ce_c4(%x: tensor<3x5xf32>, %y: tensor<3xi32>) -> tensor<f32> {
  // expected-error@+1 {{attribute 'label_smoothing' must be a finite number in [0, 1), got 1 (loss_ce_c4)}}
  %l = "tessera.loss.cross_entropy"(%x, %y) {label_smoothing = 1.0 : f64} : (tensor<3x5xf32>, tensor<3xi32>) -> tensor<f32>
  return %l : tensor<f32>
}

// -----
// loss_ce_c4: ignore_index not an integer
func.func @loss_ce_c4(%x: tensor<3x5xf32>, %y: tensor<3xi32>) -> tensor<f32> {
  // expected-error@+1 {{attribute 'ignore_index' must be an integer}}
  %l = "tessera.loss.cross_entropy"(%x, %y) {ignore_index = 1.5 : f64} : (tensor<3x5xf32>, tensor<3xi32>) -> tensor<f32>
  return %l : tensor<f32>
}

// -----
// loss_ce_c5
func.func @loss_ce_c5(%x: tensor<3x5xf32>, %y: tensor<3xi32>) -> tensor<f32> {
  // expected-error@+1 {{(loss_ce_c5)}}
  %l = "tessera.loss.cross_entropy"(%x, %y) {reduction = "median"} : (tensor<3x5xf32>, tensor<3xi32>) -> tensor<f32>
  return %l : tensor<f32>
}

// -----
// loss_ce_c6
func.func @loss_ce_c6(%x: tensor<3x5xf32>, %y: tensor<3xi32>) -> tensor<f32> {
  // expected-error@+1 {{(loss_ce_c6)}}
  %l = "tessera.loss.cross_entropy"(%x, %y) {reduction = "none"} : (tensor<3x5xf32>, tensor<3xi32>) -> tensor<f32>
  return %l : tensor<f32>
}
