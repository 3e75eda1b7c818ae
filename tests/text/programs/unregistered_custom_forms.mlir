// Custom forms of ops this project does not register (upstream Tessera's model-block ops are
// written this way): read by structure as unregistered ops, so the module verifies with a
// warning and prints in the generic form.
func.func @plain(%x: tensor<4x8xf32>, %w: tensor<8x2xf32>) -> tensor<4x2xf32> {
  %c = vendor.compress %x, %w {rank = 2 : i64} : (tensor<4x8xf32>, tensor<8x2xf32>) -> tensor<4x2xf32>
  return %c : tensor<4x2xf32>
}

// -----
// Operand clauses (`scales(...)`) append their operands and are recorded in operand_clauses.
func.func @clauses(%x: tensor<4x8xf32>, %w: tensor<8x2xf32>, %sx: tensor<4x1xf32>,
                   %sw: tensor<1x2xf32>, %g: tensor<4x2xf32>) -> tensor<4x2xf32> {
  %y = vendor.scaled_mm %x, %w scales(%sx, %sw) gate(%g) {mode = "block"}
      : (tensor<4x8xf32>, tensor<8x2xf32>, tensor<4x1xf32>, tensor<1x2xf32>, tensor<4x2xf32>)
      -> tensor<4x2xf32>
  return %y : tensor<4x2xf32>
}

// -----
// The operand types without parentheses (`: T, U -> R`) and an op with neither operands nor
// results written as its name and attributes alone.
func.func @bare(%x: tensor<4x8xf32>, %w: tensor<8x2xf32>) -> tensor<4x2xf32> {
  %f = vendor.factor %x : tensor<4x8xf32> -> tensor<4x8xf32>
  %y = vendor.solve %f, %w {mode = "lower"} : tensor<4x8xf32>, tensor<8x2xf32> -> tensor<4x2xf32>
  vendor.note {hash = "0123", arch = "cpu"}
  return %y : tensor<4x2xf32>
}
