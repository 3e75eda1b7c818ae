// Upstream Tessera's control ops (tessera.control_for / control_while / control_if /
// control_scan) with function bodies, in upstream's generic spelling and attribute names.
func.func @fma_body(%c: tensor<4xf32>, %w: tensor<4xf32>) -> tensor<4xf32> {
  %0 = "tessera.mul"(%c, %w) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  %1 = "tessera.add"(%0, %w) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  return %1 : tensor<4xf32>
}
func.func @double(%c: tensor<1xf32>) -> tensor<1xf32> {
  %0 = "tessera.add"(%c, %c) : (tensor<1xf32>, tensor<1xf32>) -> tensor<1xf32>
  return %0 : tensor<1xf32>
}
func.func @below_ten(%c: tensor<1xf32>) -> tensor<1xf32> {
  %l = "tessera.constant"() {value = dense<10.0> : tensor<1xf32>} : () -> tensor<1xf32>
  %0 = "tessera.sub"(%l, %c) : (tensor<1xf32>, tensor<1xf32>) -> tensor<1xf32>
  return %0 : tensor<1xf32>
}
func.func @tb(%x: tensor<4xf32>) -> tensor<4xf32> {
  %0 = "tessera.relu"(%x) : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}
func.func @eb(%x: tensor<4xf32>) -> tensor<4xf32> {
  %0 = "tessera.neg"(%x) : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}
func.func @cumsum(%c: tensor<4xf32>, %x: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>) {
  %0 = "tessera.add"(%c, %x) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  return %0, %0 : tensor<4xf32>, tensor<4xf32>
}
func.func @main(%init: tensor<4xf32>, %w: tensor<4xf32>, %c: tensor<1xf32>, %flag: tensor<1xf32>,
                %xs: tensor<3x4xf32>)
    -> (tensor<4xf32>, tensor<1xf32>, tensor<4xf32>, tensor<4xf32>, tensor<3x4xf32>) {
  %f = "tessera.control_for"(%init, %w) {
    body = @fma_body, start = 0 : i64, stop = 5 : i64, step = 2 : i64, carry_arg_index = 0 : i64
  } : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  %wl = "tessera.control_while"(%c) {
    body = @double, cond = @below_ten, carry_arg_index = 0 : i64, max_iters = 8 : i64
  } : (tensor<1xf32>) -> tensor<1xf32>
  %i = "tessera.control_if"(%flag, %init) {
    then_branch = @tb, else_branch = @eb, flag_arg_index = 0 : i64
  } : (tensor<1xf32>, tensor<4xf32>) -> tensor<4xf32>
  %s, %ys = "tessera.control_scan"(%init, %xs) {
    body = @cumsum, trip = 3 : i64, carry_arg_index = 0 : i64
  } : (tensor<4xf32>, tensor<3x4xf32>) -> (tensor<4xf32>, tensor<3x4xf32>)
  return %f, %wl, %i, %s, %ys : tensor<4xf32>, tensor<1xf32>, tensor<4xf32>, tensor<4xf32>, tensor<3x4xf32>
}
