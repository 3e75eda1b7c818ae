// Runner test cases for the stub backend, which echoes its inputs (see tests/plugins).

// CASE: right_expectation
// RULE: bitexact
// REQUIRES: dtype=f32 level=graph
// INPUT: 0 tensor<3xf32> hex:3f800000,c0000000,7fc00000
// EXPECT: 0 tensor<3xf32> hex:3f800000,c0000000,7fc00000
// GENERATOR: hand-written (identity)
func.func @main(%a: tensor<3xf32>) -> tensor<3xf32> {
  return %a : tensor<3xf32>
}

// -----

// CASE: wrong_expectation
// NOTE: deliberately wrong: element 1 is off by one ulp.
// RULE: bitexact
// REQUIRES: dtype=f32
// INPUT: 0 tensor<3xf32> hex:3f800000,c0000000,40400000
// EXPECT: 0 tensor<3xf32> hex:3f800000,c0000001,40400000
// GENERATOR: hand-written (identity)
func.func @main(%a: tensor<3xf32>) -> tensor<3xf32> {
  return %a : tensor<3xf32>
}

// -----

// CASE: needs_big_mesh
// RULE: bitexact
// REQUIRES: mesh=8 dtype=f32
// INPUT: 0 tensor<1xf32> hex:3f800000
// EXPECT: 0 tensor<1xf32> hex:3f800000
// GENERATOR: hand-written (identity)
func.func @main(%a: tensor<1xf32>) -> tensor<1xf32> {
  return %a : tensor<1xf32>
}
