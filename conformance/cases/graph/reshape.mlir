// tessera.reshape: numpy.reshape (C order) oracle.
// Generated file: edit the generator named in each case, then rerun it.

// CASE: reshape_f32
// RULE: bitexact
// REQUIRES: op=tessera.reshape level=graph dtype=f32
// INPUT: 0 tensor<2x3x4xf32> hex:7fc01234,80000000,ff800000,3f2facd3,bfe0de83,3fd79b74,beea6a60,bf18aefd,bf860308,3f6e89ec,3f2ccb85,3f9f49d9,3f64a161,3e86a895,3ea8337e,3f6f6c21,bf60ab3f,bd3bfd89,3ec384b1,bee7b330,3f38bf08,beb44ec3,3f2c3c6d,3e0fff8e
// EXPECT: 0 tensor<6x4xf32> hex:7fc01234,80000000,ff800000,3f2facd3,bfe0de83,3fd79b74,beea6a60,bf18aefd,bf860308,3f6e89ec,3f2ccb85,3f9f49d9,3f64a161,3e86a895,3ea8337e,3f6f6c21,bf60ab3f,bd3bfd89,3ec384b1,bee7b330,3f38bf08,beb44ec3,3f2c3c6d,3e0fff8e
// GENERATOR: conformance/gen/graph_shape.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module {
  func.func @main(%x: tensor<2x3x4xf32>) -> tensor<6x4xf32> {
    %0 = "tessera.reshape"(%x) : (tensor<2x3x4xf32>) -> tensor<6x4xf32>
    return %0 : tensor<6x4xf32>
  }
}

// -----

// CASE: reshape_e4m3
// RULE: bitexact
// REQUIRES: op=tessera.reshape level=graph dtype=f8E4M3FN
// INPUT: 0 tensor<2x4xf8E4M3FN> hex:4d,c5,54,cc,52,41,56,c4
// EXPECT: 0 tensor<8xf8E4M3FN> hex:4d,c5,54,cc,52,41,56,c4
// GENERATOR: conformance/gen/graph_shape.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module {
  func.func @main(%x: tensor<2x4xf8E4M3FN>) -> tensor<8xf8E4M3FN> {
    %0 = "tessera.reshape"(%x) : (tensor<2x4xf8E4M3FN>) -> tensor<8xf8E4M3FN>
    return %0 : tensor<8xf8E4M3FN>
  }
}

// -----

// CASE: reshape_to_scalarish_i32
// RULE: bitexact
// REQUIRES: op=tessera.reshape level=graph dtype=i32
// INPUT: 0 tensor<4x1x3xi32> hex:00000314,00000336,0000000c,00000091,fffffe41,000001b4,0000029d,00000158,ffffff90,0000021b,fffffebc,000001f8
// EXPECT: 0 tensor<12x1xi32> hex:00000314,00000336,0000000c,00000091,fffffe41,000001b4,0000029d,00000158,ffffff90,0000021b,fffffebc,000001f8
// GENERATOR: conformance/gen/graph_shape.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module {
  func.func @main(%x: tensor<4x1x3xi32>) -> tensor<12x1xi32> {
    %0 = "tessera.reshape"(%x) : (tensor<4x1x3xi32>) -> tensor<12x1xi32>
    return %0 : tensor<12x1xi32>
  }
}
