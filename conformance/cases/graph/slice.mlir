// tessera.slice: numpy basic slicing oracle.
// Generated file: edit the generator named in each case, then rerun it.

// CASE: slice_strided_f32
// RULE: bitexact
// REQUIRES: op=tessera.slice level=graph dtype=f32
// INPUT: 0 tensor<8x9xf32> hex:c1f00000,c1e80000,c1e00000,c1d80000,c1d00000,c1c80000,c1c00000,c1b80000,c1b00000,c1a80000,c1a00000,c1980000,c1900000,c1880000,c1800000,c1700000,c1600000,c1500000,c1400000,c1300000,c1200000,c1100000,c1000000,c0e00000,c0c00000,c0a00000,c0800000,c0400000,c0000000,bf800000,00000000,3f800000,40000000,40400000,40800000,40a00000,40c00000,40e00000,41000000,41100000,41200000,41300000,41400000,41500000,41600000,41700000,41800000,41880000,41900000,41980000,41a00000,41a80000,41b00000,41b80000,41c00000,41c80000,41d00000,41d80000,41e00000,41e80000,41f00000,41f80000,42000000,42040000,42080000,420c0000,42100000,42140000,42180000,421c0000,42200000,42240000
// EXPECT: 0 tensor<3x4xf32> hex:c1980000,c1880000,c1700000,c1500000,41000000,41200000,41400000,41600000,420c0000,42140000,421c0000,42240000
// GENERATOR: conformance/gen/graph_shape.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module {
  func.func @main(%x: tensor<8x9xf32>) -> tensor<3x4xf32> {
    %0 = "tessera.slice"(%x) {start = [1, 2], limit = [8, 9], strides = [3, 2]} : (tensor<8x9xf32>) -> tensor<3x4xf32>
    return %0 : tensor<3x4xf32>
  }
}

// -----

// CASE: slice_sizes_f32
// RULE: bitexact
// REQUIRES: op=tessera.slice level=graph dtype=f32
// INPUT: 0 tensor<2x3x4xf32> hex:7fc01234,80000000,ff800000,3f2facd3,bfe0de83,3fd79b74,beea6a60,bf18aefd,bf860308,3f6e89ec,3f2ccb85,3f9f49d9,3f64a161,3e86a895,3ea8337e,3f6f6c21,bf60ab3f,bd3bfd89,3ec384b1,bee7b330,3f38bf08,beb44ec3,3f2c3c6d,3e0fff8e
// EXPECT: 0 tensor<2x2x3xf32> hex:3fd79b74,beea6a60,bf18aefd,3f6e89ec,3f2ccb85,3f9f49d9,bd3bfd89,3ec384b1,bee7b330,beb44ec3,3f2c3c6d,3e0fff8e
// GENERATOR: conformance/gen/graph_shape.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module {
  func.func @main(%x: tensor<2x3x4xf32>) -> tensor<2x2x3xf32> {
    %0 = "tessera.slice"(%x) {start = [0, 1, 1], sizes = [2, 2, 3]} : (tensor<2x3x4xf32>) -> tensor<2x2x3xf32>
    return %0 : tensor<2x2x3xf32>
  }
}

// -----

// CASE: slice_empty_rows_bf16
// RULE: bitexact
// REQUIRES: op=tessera.slice level=graph dtype=bf16
// INPUT: 0 tensor<3x5xbf16> hex:3eed,bfc2,bf5c,3fac,3e36,bda7,3f77,3f40,bd40,bf25,3ffb,3f31,bfc9,3f57,3f45
// EXPECT: 0 tensor<0x5xbf16> hex:
// GENERATOR: conformance/gen/graph_shape.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module {
  func.func @main(%x: tensor<3x5xbf16>) -> tensor<0x5xbf16> {
    %0 = "tessera.slice"(%x) {start = [3, 0], limit = [3, 5]} : (tensor<3x5xbf16>) -> tensor<0x5xbf16>
    return %0 : tensor<0x5xbf16>
  }
}
