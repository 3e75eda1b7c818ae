// A 3-layer MLP forward pass: (matmul + bias + gelu) x 2, then a linear head.
// Inputs: python3 examples/make_inputs.py DIR, then
//   tessera-interp run examples/mlp.mlir --input x=DIR/mlp.x.npy --input w0=DIR/mlp.w0.npy ...
// (make_inputs.py prints the full command line).
module {
  func.func @main(%x: tensor<32x64xf32>, %w0: tensor<64x128xf32>, %b0: tensor<128xf32>,
                  %w1: tensor<128x128xf32>, %b1: tensor<128xf32>,
                  %w2: tensor<128x10xf32>, %b2: tensor<10xf32>) -> tensor<32x10xf32> {
    %m0 = tessera.matmul %x, %w0 : (tensor<32x64xf32>, tensor<64x128xf32>) -> tensor<32x128xf32>
    %a0 = tessera.add %m0, %b0 : (tensor<32x128xf32>, tensor<128xf32>) -> tensor<32x128xf32>
    %h0 = tessera.gelu %a0 : (tensor<32x128xf32>) -> tensor<32x128xf32>
    %m1 = tessera.matmul %h0, %w1 : (tensor<32x128xf32>, tensor<128x128xf32>) -> tensor<32x128xf32>
    %a1 = tessera.add %m1, %b1 : (tensor<32x128xf32>, tensor<128xf32>) -> tensor<32x128xf32>
    %h1 = tessera.gelu %a1 : (tensor<32x128xf32>) -> tensor<32x128xf32>
    %m2 = tessera.matmul %h1, %w2 : (tensor<32x128xf32>, tensor<128x10xf32>) -> tensor<32x10xf32>
    %y = tessera.add %m2, %b2 : (tensor<32x10xf32>, tensor<10xf32>) -> tensor<32x10xf32>
    return %y : tensor<32x10xf32>
  }
}
