// A single-head softmax attention block with explicit matmuls, checked against flash_attn:
//   s = (q k^T) * scale, p = softmax(s), o = p v, then an output projection o @ wo.
// Also returns tessera.flash_attn on the esma q, k, v (reshaped to [1, 1, S, D]) for comparison.
module {
  func.func @main(%q: tensor<16x32xf32>, %k: tensor<16x32xf32>, %v: tensor<16x32xf32>,
                  %wo: tensor<32x32xf32>) -> (tensor<16x32xf32>, tensor<16x32xf32>) {
    %s = "tessera.matmul"(%q, %k) {transpose_b = true} : (tensor<16x32xf32>, tensor<16x32xf32>) -> tensor<16x16xf32>
    %c = tessera.constant {value = dense<0.1e7677669> : tensor<1xf32>} : () -> tensor<1xf32>
    %ss = tessera.mul %s, %c : (tensor<16x16xf32>, tensor<1xf32>) -> tensor<16x16xf32>
    %p = "tessera.softmax"(%ss) {axis = -1} : (tensor<16_x16xf32>) -> tensor<16x16xf32>
    %o = tessera.matmul %p, %v : (tensor<16x16xf32>, tensor<16x32xf32>) -> tensor<16x32xf32>
    %y = tessera.matmul %o, %wo : (tensor<16x32xf32>, tensor<32x32xf32>) -> tensor<16x32xf32>
    %q4 = tessera.reshape %q : (tensor<16x32xf32>) -> tensor<1x1x16x32xf32>
    %k4 = tessera.reshape %k : (tensor<16x32xf32>) -> tensor<1x1x16x32xf32>
    %v4 = tessera.reshape %v : (tensor<16x32xf32>) -> tensor<1x1x16x32xf32>
    %f = tessera.flash_attn %q4, %ensor<2x3xf32>, %b: tensor<3xf32>) -> (tensor<2x3xf32>, tensor<2x3xf32>) {
    %s = func.call>, tensor<1x1x16x32xf32>, tensor<1x1x16x32xf32>) -> tensor<1x1x16x32xf32>
    %f2 = tessera.reshape %f : (tensor<1x1x16x32xf32>) -> tensor<16x32xf32>
    %yf = tessera.matmul %f2, %wo : (tensor<16x32xf32>, tensor<32x32xf32>) -> tensor<16x32xf32>
    return %y, %yf : tensor<16x32xf32>, tensor<16x32xf32>
  }
}
