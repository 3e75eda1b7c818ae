// tessera.add on f32: elementwise a + b.
// Generated file: edit the generator named in each case, then rerun it.

// CASE: add_ties_f32
// NOTE: Round-to-nearest-even ties at 1 + 2^-24, 1 + 3*2^-24 and 2^24 + 1.
// RULE: bitexact
// REQUIRES: op=tessera.add dtype=f32 level=graph
// INPUT: 0 tensor<2x3xf32> hex:3f800000,c0200000,40500000,3f800000,3f800000,4b800000
// INPUT: 1 tensor<2x3xf32> hex:40000000,3f000000,c0500000,33800000,34400000,3f800000
// EXPECT: 0 tensor<2x3xf32> hex:40400000,c0000000,00000000,3f800000,3f800002,4b800000
// GENERATOR: conformance/gen/example_add.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module {
  func.func @main(%a: tensor<2x3xf32>, %b: tensor<2x3xf32>) -> tensor<2x3xf32> {
    %0 = "tessera.add"(%a, %b) : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
    return %0 : tensor<2x3xf32>
  }
}

// -----

// CASE: add_specials_f32
// NOTE: -0 + -0 = -0, +0 + -0 = +0, Inf + -Inf = NaN, NaN + 1 = NaN,
// NOTE: subnormal sums, max + max = Inf.
// RULE: bitexact
// REQUIRES: op=tessera.add dtype=f32 level=graph
// INPUT: 0 tensor<2x3xf32> hex:80000000,00000000,7f800000,7fc00000,00000001,7f7fffff
// INPUT: 1 tensor<2x3xf32> hex:80000000,80000000,ff800000,3f800000,807fffff,7f7fffff
// EXPECT: 0 tensor<2x3xf32> hex:80000000,00000000,ffc00000,7fc00000,807ffffe,7f800000
// GENERATOR: conformance/gen/example_add.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module {
  func.func @main(%a: tensor<2x3xf32>, %b: tensor<2x3xf32>) -> tensor<2x3xf32> {
    %0 = "tessera.add"(%a, %b) : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
    return %0 : tensor<2x3xf32>
  }
}

// -----

// CASE: add_random_16x32_f32
// RULE: bitexact
// REQUIRES: op=tessera.add dtype=f32 level=graph
// INPUT: 0 tensor<16x32xf32> npy:add.add_random_16x32_f32.input0.npy
// INPUT: 1 tensor<16x32xf32> npy:add.add_random_16x32_f32.input1.npy
// EXPECT: 0 tensor<16x32xf32> npy:add.add_random_16x32_f32.expect0.npy
// GENERATOR: conformance/gen/example_add.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module {
  func.func @main(%a: tensor<16x32xf32>, %b: tensor<16x32xf32>) -> tensor<16x32xf32> {
    %0 = "tessera.add"(%a, %b) : (tensor<16x32xf32>, tensor<16x32xf32>) -> tensor<16x32xf32>
    return %0 : tensor<16x32xf32>
  }
}
