// tessera.concat: numpy.concatenate oracle.
// Generated file: edit the generator named in each case, then rerun it.

// CASE: concat_3_axis_last_f32
// RULE: bitexact
// REQUIRES: op=tessera.concat level=graph dtype=f32
// INPUT: 0 tensor<2x1xf32> hex:bf964704,bf2c86ec
// INPUT: 1 tensor<2x3xf32> hex:3ddd8eec,3fc29a2c,3e89bfd0,3dbb1b75,3eb22017,bfb363f9
// INPUT: 2 tensor<2x2xf32> hex:3d462a2b,bf5e3cb8,bf12df5a,400252c2
// EXPECT: 0 tensor<2x6xf32> hex:bf964704,3ddd8eec,3fc29a2c,3e89bfd0,3d462a2b,bf5e3cb8,bf2c86ec,3dbb1b75,3eb22017,bfb363f9,bf12df5a,400252c2
// GENERATOR: conformance/gen/graph_shape.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module {
  func.func @main(%a: tensor<2x1xf32>, %b: tensor<2x3xf32>, %c: tensor<2x2xf32>) -> tensor<2x6xf32> {
    %0 = "tessera.concat"(%a, %b, %c) {axis = -1} : (tensor<2x1xf32>, tensor<2x3xf32>, tensor<2x2xf32>) -> tensor<2x6xf32>
    return %0 : tensor<2x6xf32>
  }
}

// -----

// CASE: concat_axis0_e4m3
// RULE: bitexact
// REQUIRES: op=tessera.concat level=graph dtype=f8E4M3FN
// INPUT: 0 tensor<2x4xf8E4M3FN> hex:4d,c5,54,cc,52,41,56,c4
// INPUT: 1 tensor<1x4xf8E4M3FN> hex:57,50,49,48
// EXPECT: 0 tensor<3x4xf8E4M3FN> hex:4d,c5,54,cc,52,41,56,c4,57,50,49,48
// GENERATOR: conformance/gen/graph_shape.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module {
  func.func @main(%a: tensor<2x4xf8E4M3FN>, %b: tensor<1x4xf8E4M3FN>) -> tensor<3x4xf8E4M3FN> {
    %0 = "tessera.concat"(%a, %b) {axis = 0} : (tensor<2x4xf8E4M3FN>, tensor<1x4xf8E4M3FN>) -> tensor<3x4xf8E4M3FN>
    return %0 : tensor<3x4xf8E4M3FN>
  }
}
