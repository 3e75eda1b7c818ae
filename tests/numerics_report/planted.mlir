// Planted numerics faults for tests/numerics_report: a NaN (log of a negative sum, %l), an
// overflow (exp in f32 is finite, its cast to f16 is not, %h) and a precision loss (a cast to
// bf16, %b, whose rounding a cancellation, %d, then exposes).
module {
  func.func @main(%x: tensor<8xf32>, %y: tensor<8xf32>) -> (tensor<8xf32>, tensor<8xf16>, tensor<8xf32>) {
    %s = tessera.add %x, %y : (tensor<8xf32>, tensor<8xf32>) -> tensor<8xf32>
    %l = tessera.log %s : (tensor<8xf32>) -> tensor<8xf32>
    %e = tessera.exp %x : (tensor<8xf32>) -> tensor<8xf32>
    %h = "tessera.cast"(%e) : (tensor<8xf32>) -> tensor<8xf16>
    %b = "tessera.cast"(%x) : (tensor<8xf32>) -> tensor<8xbf16>
    %w = "tessera.cast"(%b) : (tensor<8xbf16>) -> tensor<8xf32>
    %d = tessera.sub %w, %x : (tensor<8xf32>, tensor<8xf32>) -> tensor<8xf32>
    return %l, %h, %d : tensor<8xf32>, tensor<8xf16>, tensor<8xf32>
  }
}
