// Upstream's custom form of tessera.selective_ssm with its named operand clauses
// (docs/ops/graph/selective_ssm.md): `gate(%g)` and `init(%s)` append their operands and are
// recorded in operand_clauses, so either may appear alone; the printer writes the generic form.
func.func @both(%x: tensor<1x4x2xf32>, %a: tensor<2x3xf32>, %b: tensor<1x4x3xf32>, %g: tensor<1x4x2xf32>, %s: tensor<1x2x3xf32>) -> tensor<1x4x2xf32> {
  %y = tessera.selective_ssm %x, %a, %b, %b, %x gate(%g) init(%s) {chunk_size = 64 : i64}
      : (tensor<1x4x2xf32>, tensor<2x3xf32>, tensor<1x4x3xf32>, tensor<1x4x3xf32>, tensor<1x4x2xf32>, tensor<1x4x2xf32>, tensor<1x2x3xf32>) -> tensor<1x4x2xf32>
  return %y : tensor<1x4x2xf32>
}

// -----

func.func @init_only(%x: tensor<1x4x2xf32>, %a: tensor<2xf32>, %b: tensor<1x4x3xf32>, %s: tensor<1x2x3xf32>) -> tensor<1x4x2xf32> {
  %y = tessera.selective_ssm %x, %a, %b, %b, %x init(%s)
      : (tensor<1x4x2xf32>, tensor<2xf32>, tensor<1x4x3xf32>, tensor<1x4x3xf32>, tensor<1x4x2xf32>, tensor<1x2x3xf32>) -> tensor<1x4x2xf32>
  return %y : tensor<1x4x2xf32>
}
