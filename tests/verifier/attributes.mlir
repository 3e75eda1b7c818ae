// Verifier tests for attributes (docs/ir-overview.md, generic_c5) and symbols (module_c1).

// generic_c5: an attribute the op's record does not define is an error naming the op's own.
func.func @f(%a: tensor<4x4xf32>) -> tensor<4x4xf32> {
  // expected-error@+1 {{does not define attribute 'transposeC'; its attributes are transpose_a (alias transposeA), transpose_b (alias transposeB), tile_k, layout, rhs_storage_order, shape_bounds, numeric_policy (a dialect-prefixed name such as 'foo.bar' is a discardable attribute) (generic_c5)}}
  %0 = "tessera.matmul"(%a, %a) {transposeC = true} : (tensor<4x4xf32>, tensor<4x4xf32>) -> tensor<4x4xf32>
  return %0 : tensor<4x4xf32>
}

// -----
// generic_c5: an op without attributes of its own still rejects unknown ones.
func.func @f(%a: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error@+1 {{'tessera.add' op does not define attribute 'alpha'; its attributes are numeric_policy}}
  %0 = tessera.add %a, %a {alpha = 2.0} : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----
// generic_c5: one op's attribute on another (epsilon belongs to the norms, not softmax).
func.func @f(%a: tensor<2x4xf32>) -> tensor<2x4xf32> {
  // expected-error@+1 {{'tessera.softmax' op does not define attribute 'epsilon'; its attributes are axis, numeric_policy}}
  %0 = "tessera.softmax"(%a) {axis = 1, epsilon = 1.0e-5} : (tensor<2x4xf32>) -> tensor<2x4xf32>
  return %0 : tensor<2x4xf32>
}

// -----
// generic_c5: builtin ops too (func.call defines only `callee`).
func.func @g(%a: tensor<4xf32>) -> tensor<4xf32> {
  return %a : tensor<4xf32>
}
func.func @f(%a: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error@+1 {{'func.call' op does not define attribute 'inline'; its attributes are callee, numeric_policy}}
  %0 = func.call @g(%a) {inline = true} : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----
// generic_c5: and Tile IR ops.
func.func @k() {
  // expected-error@+1 {{'tile.barrier' op does not define attribute 'scope'}}
  "tile.barrier"() {scope = "cta"} : () -> ()
  return
}

// -----
// generic_c5: arith float ops take no flags (a fastmath flag would be ignored, so it is refused).
func.func @k(%a: f32) -> f32 {
  // expected-error@+1 {{'arith.addf' op does not define attribute 'fastmath'}}
  %0 = "arith.addf"(%a, %a) {fastmath = "fast"} : (f32, f32) -> f32
  return %0 : f32
}

// -----
// generic_c5: an attribute misspelt in case is not its alias.
func.func @f(%a: tensor<4x4xf32>) -> tensor<4x4xf32> {
  // expected-error@+1 {{does not define attribute 'TransposeB'}}
  %0 = "tessera.matmul"(%a, %a) {TransposeB = true} : (tensor<4x4xf32>, tensor<4x4xf32>) -> tensor<4x4xf32>
  return %0 : tensor<4x4xf32>
}

// -----
// generic_c5: an attribute and its alias together are refused when the text is read.
func.func @f(%a: tensor<4x4xf32>) -> tensor<4x4xf32> {
  // expected-error@+1 {{'tessera.matmul' op has both 'transpose_b' and its alias 'transposeB' (generic_c5)}}
  %0 = "tessera.matmul"(%a, %a) {transpose_b = true, transposeB = false} : (tensor<4x4xf32>, tensor<4x4xf32>) -> tensor<4x4xf32>
  return %0 : tensor<4x4xf32>
}

// -----
// generic_c5: aliases are checked like the names they stand for (matmul_c4 on transposeA).
func.func @f(%a: tensor<4x4xf32>) -> tensor<4x4xf32> {
  // expected-error@+1 {{attribute 'transpose_a' must be true or false (matmul_c4)}}
  %0 = "tessera.matmul"(%a, %a) {transposeA = 1} : (tensor<4x4xf32>, tensor<4x4xf32>) -> tensor<4x4xf32>
  return %0 : tensor<4x4xf32>
}

// -----
// generic_c5: dialect-prefixed (discardable) attributes and aliases pass; no error here.
func.func @f(%a: tensor<4x4xf32>, %x: tensor<2x4xf32>) -> (tensor<4x4xf32>, tensor<2xf32>, tensor<2x4xf32>) {
  %0 = "tessera.matmul"(%a, %a) {transposeA = true, transposeB = false, foo.bar = 1, tessera.note = "x"} : (tensor<4x4xf32>, tensor<4x4xf32>) -> tensor<4x4xf32>
  %1 = "tessera.reduce"(%x) {kind = "sum", axis = 1} : (tensor<2x4xf32>) -> tensor<2xf32>
  %2 = "tessera.layer_norm"(%x) {eps = 1.0e-3} : (tensor<2x4xf32>) -> tensor<2x4xf32>
  return %0, %1, %2 : tensor<4x4xf32>, tensor<2xf32>, tensor<2x4xf32>
}

// -----
// transpose_c1: tessera.transpose without `perm` reverses the dims.
func.func @f(%a: tensor<2x3x4xf32>) -> tensor<4x3x2xf32> {
  %0 = "tessera.transpose"(%a) : (tensor<2x3x4xf32>) -> tensor<4x3x2xf32>
  return %0 : tensor<4x3x2xf32>
}

// -----
// transpose_c3: ... so a result type that is not the reversal is an error.
func.func @f(%a: tensor<2x3x4xf32>) -> tensor<2x4x3xf32> {
  // expected-error@+1 {{(transpose_c3)}}
  %0 = "tessera.transpose"(%a) : (tensor<2x3x4xf32>) -> tensor<2x4x3xf32>
  return %0 : tensor<2x4x3xf32>
}

// -----
// transpose_c1: tessera.permute still needs `perm`.
func.func @f(%a: tensor<2x3xf32>) -> tensor<3x2xf32> {
  // expected-error@+1 {{needs attribute 'perm' (an array of integers) (transpose_c1)}}
  %0 = "tessera.permute"(%a) : (tensor<2x3xf32>) -> tensor<3x2xf32>
  return %0 : tensor<3x2xf32>
}

// -----
// policy_c2: upstream's type names (fp32, fp16, int32, ...) are accepted beside ours.
func.func @f(%a: tensor<4x4xf32>) -> tensor<4x4xf16> {
  %0 = "tessera.matmul"(%a, %a) {numeric_policy = {accum = "fp32", storage = "fp16"}} : (tensor<4x4xf32>, tensor<4x4xf32>) -> tensor<4x4xf16>
  return %0 : tensor<4x4xf16>
}

// -----
// module_c1: a symbol name is defined once per module.
func.func @g(%a: tensor<4xf32>) -> tensor<4xf32> {
  return %a : tensor<4xf32>
}
// expected-error@+1 {{'func.func' op redefines symbol 'g' (module_c1)}}
func.func @g(%a: tensor<4xf32>) -> tensor<4xf32> {
  %0 = tessera.neg %a : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----
// generic_c5: the module's own attributes are dialect-prefixed declarations (or its sym_name).
// expected-error@+1 {{'builtin.module' op does not define attribute 'mesh'; its attributes are sym_name, numeric_policy}}
module @m attributes {mesh = {axes = ["tp"], shape = [4]}, tessera.note = 1} {
  func.func @f(%a: tensor<4xf32>) -> tensor<4xf32> {
    return %a : tensor<4xf32>
  }
}

// -----
// generic_c5: function argument attributes are dialect attributes (as MLIR requires).
// expected-error@+1 {{'func.func' op argument #1 attribute 'dims' is not dialect-prefixed (e.g. 'tessera.dims') (generic_c5)}}
func.func @f(%a: tensor<4xf32> {tessera.dims = ["B"]}, %b: tensor<4xf32> {dims = ["B"]}) -> tensor<4xf32> {
  return %a : tensor<4xf32>
}
