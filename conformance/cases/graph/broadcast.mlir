// tessera.broadcast: numpy.broadcast_to oracle.
// Generated file: edit the generator named in each case, then rerun it.

// CASE: broadcast_numpy_f32
// RULE: bitexact
// REQUIRES: op=tessera.broadcast level=graph dtype=f32
// INPUT: 0 tensor<3x1xf32> hex:be9553f0,3eb11e78,bf14f670
// EXPECT: 0 tensor<2x3x4xf32> hex:be9553f0,be9553f0,be9553f0,be9553f0,3eb11e78,3eb11e78,3eb11e78,3eb11e78,bf14f670,bf14f670,bf14f670,bf14f670,be9553f0,be9553f0,be9553f0,be9553f0,3eb11e78,3eb11e78,3eb11e78,3eb11e78,bf14f670,bf14f670,bf14f670,bf14f670
// GENERATOR: conformance/gen/graph_shape.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module {
  func.func @main(%x: tensor<3x1xf32>) -> tensor<2x3x4xf32> {
    %0 = "tessera.broadcast"(%x) : (tensor<3x1xf32>) -> tensor<2x3x4xf32>
    return %0 : tensor<2x3x4xf32>
  }
}

// -----

// CASE: broadcast_dims_i32
// NOTE: Operand dim 0 -> result dim 0.
// RULE: bitexact
// REQUIRES: op=tessera.broadcast level=graph dtype=i32
// INPUT: 0 tensor<3xi32> hex:fffffffe,00000001,fffffffb
// EXPECT: 0 tensor<3x4xi32> hex:fffffffe,fffffffe,fffffffe,fffffffe,00000001,00000001,00000001,00000001,fffffffb,fffffffb,fffffffb,fffffffb
// GENERATOR: conformance/gen/graph_shape.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module {
  func.func @main(%x: tensor<3xi32>) -> tensor<3x4xi32> {
    %0 = "tessera.broadcast"(%x) {broadcast_dimensions = [0]} : (tensor<3xi32>) -> tensor<3x4xi32>
    return %0 : tensor<3x4xi32>
  }
}

// -----

// CASE: broadcast_dims_middle_bf16
// RULE: bitexact
// REQUIRES: op=tessera.broadcast level=graph dtype=bf16
// INPUT: 0 tensor<3x5xbf16> hex:3eed,bfc2,bf5c,3fac,3e36,bda7,3f77,3f40,bd40,bf25,3ffb,3f31,bfc9,3f57,3f45
// EXPECT: 0 tensor<3x2x5xbf16> hex:3eed,bfc2,bf5c,3fac,3e36,3eed,bfc2,bf5c,3fac,3e36,bda7,3f77,3f40,bd40,bf25,bda7,3f77,3f40,bd40,bf25,3ffb,3f31,bfc9,3f57,3f45,3ffb,3f31,bfc9,3f57,3f45
// GENERATOR: conformance/gen/graph_shape.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module {
  func.func @main(%x: tensor<3x5xbf16>) -> tensor<3x2x5xbf16> {
    %0 = "tessera.broadcast"(%x) {broadcast_dimensions = [0, 2]} : (tensor<3x5xbf16>) -> tensor<3x2x5xbf16>
    return %0 : tensor<3x2x5xbf16>
  }
}
