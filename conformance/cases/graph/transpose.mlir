// tessera.transpose / tessera.permute: numpy.transpose oracle.
// Generated file: edit the generator named in each case, then rerun it.

// CASE: transpose_3d_f32
// RULE: bitexact
// REQUIRES: op=tessera.transpose level=graph dtype=f32
// INPUT: 0 tensor<2x3x4xf32> hex:7fc01234,80000000,ff800000,3f2facd3,bfe0de83,3fd79b74,beea6a60,bf18aefd,bf860308,3f6e89ec,3f2ccb85,3f9f49d9,3f64a161,3e86a895,3ea8337e,3f6f6c21,bf60ab3f,bd3bfd89,3ec384b1,bee7b330,3f38bf08,beb44ec3,3f2c3c6d,3e0fff8e
// EXPECT: 0 tensor<4x2x3xf32> hex:7fc01234,bfe0de83,bf860308,3f64a161,bf60ab3f,3f38bf08,80000000,3fd79b74,3f6e89ec,3e86a895,bd3bfd89,beb44ec3,ff800000,beea6a60,3f2ccb85,3ea8337e,3ec384b1,3f2c3c6d,3f2facd3,bf18aefd,3f9f49d9,3f6f6c21,bee7b330,3e0fff8e
// GENERATOR: conformance/gen/graph_shape.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module {
  func.func @main(%x: tensor<2x3x4xf32>) -> tensor<4x2x3xf32> {
    %0 = "tessera.transpose"(%x) {perm = [2, 0, 1]} : (tensor<2x3x4xf32>) -> tensor<4x2x3xf32>
    return %0 : tensor<4x2x3xf32>
  }
}

// -----

// CASE: transpose_2d_bf16
// RULE: bitexact
// REQUIRES: op=tessera.transpose level=graph dtype=bf16
// INPUT: 0 tensor<3x5xbf16> hex:3eed,bfc2,bf5c,3fac,3e36,bda7,3f77,3f40,bd40,bf25,3ffb,3f31,bfc9,3f57,3f45
// EXPECT: 0 tensor<5x3xbf16> hex:3eed,bda7,3ffb,bfc2,3f77,3f31,bf5c,3f40,bfc9,3fac,bd40,3f57,3e36,bf25,3f45
// GENERATOR: conformance/gen/graph_shape.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module {
  func.func @main(%x: tensor<3x5xbf16>) -> tensor<5x3xbf16> {
    %0 = "tessera.transpose"(%x) {perm = [1, 0]} : (tensor<3x5xbf16>) -> tensor<5x3xbf16>
    return %0 : tensor<5x3xbf16>
  }
}

// -----

// CASE: permute_3d_i32
// RULE: bitexact
// REQUIRES: op=tessera.permute level=graph dtype=i32
// INPUT: 0 tensor<4x1x3xi32> hex:00000314,00000336,0000000c,00000091,fffffe41,000001b4,0000029d,00000158,ffffff90,0000021b,fffffebc,000001f8
// EXPECT: 0 tensor<1x3x4xi32> hex:00000314,00000091,0000029d,0000021b,00000336,fffffe41,00000158,fffffebc,0000000c,000001b4,ffffff90,000001f8
// GENERATOR: conformance/gen/graph_shape.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module {
  func.func @main(%x: tensor<4x1x3xi32>) -> tensor<1x3x4xi32> {
    %0 = "tessera.permute"(%x) {perm = [1, 2, 0]} : (tensor<4x1x3xi32>) -> tensor<1x3x4xi32>
    return %0 : tensor<1x3x4xi32>
  }
}

// -----

// CASE: transpose_identity_i1
// RULE: bitexact
// REQUIRES: op=tessera.transpose level=graph dtype=i1
// INPUT: 0 tensor<3x2xi1> hex:00,00,01,00,01,00
// EXPECT: 0 tensor<3x2xi1> hex:00,00,01,00,01,00
// GENERATOR: conformance/gen/graph_shape.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module {
  func.func @main(%x: tensor<3x2xi1>) -> tensor<3x2xi1> {
    %0 = "tessera.transpose"(%x) {perm = [0, 1]} : (tensor<3x2xi1>) -> tensor<3x2xi1>
    return %0 : tensor<3x2xi1>
  }
}
