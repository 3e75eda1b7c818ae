// A malformed case file: the runner must report it, not crash.

// CASE: bad_hex
// INPUT: 0 tensor<2xf32> hex:3f80000
// EXPECT: 0 tensor<2xf32> hex:3f800000,3f800000
func.func @main(%a: tensor<2xf32>) -> tensor<2xf32> {
  return %a : tensor<2xf32>
}
