// Pre-norm feed-forward: layer_norm, matmul up, gelu, matmul down, residual add.
module {
  func.func @main(%x: tensor<8x64xf32>, %g: tensor<64xf32>, %b: tensor<64xf32>,
                  %w1: tensor<64x256xf32>, %w2: tensor<256x64xf32>) -> tensor<8x64xf32> {
    %n = "tessera.layer_norm"(%x, %g, %b) {epsilon = 1.0e-05} : (tensor<8x64xf32>, tensor<64xf32>, tensor<64xf32>) -> tensor<8x64xf32>
    %u = tessera.matmul %n, %w1 : (tensor<8x64xf32>, tensor<64x256xf32>) -> tensor<8x256xf32>
    %h = "tessera.gelu"(%u) {approximate = "tanh"} : (tensor<8x256xf32>) -> tensor<8x256xf32>
    %d = tessera.matmul %h, %w2 : (tensor<8x256xf32>, tensor<256x64xf32>) -> tensor<8x64xf32>
    %y = tessera.add %x, %d : (tensor<8x64xf32>, tensor<8x64xf32>) -> tensor<8x64xf32>
    return %y : tensor<8x64xf32>
  }
}
