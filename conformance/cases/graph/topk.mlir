// tessera.topk: values and positions; NaN above all, ties by position.
// Generated file: edit the generator named in each case, then rerun it.

// CASE: rows_f32
// RULE: bitexact
// REQUIRES: op=tessera.topk dtype=f32 level=graph
// INPUT: 0 tensor<4x9xf32> hex:bfdf543e,bfdc0052,beb44ad5,beff9a60,3f050386,3f676e2f,3f1a73ab,bddc2313,bf38b520,3ef525c6,bd9c2776,bec9f361,bd49d2ae,3ffb4a31,3f195d2e,3ed32fa0,bee13ffa,bfceb84e,bf1df16e,3f6c9b00,3f0f3f62,bf1039e1,bfd8df18,3f92ea7b,3ea90e50,3ffffc97,3f95961e,bf5cfc5a,bfa555ef,be2bac9c,bfbafa2d,3f14b257,3ef4c5fa,3fd3d1ed,3f04e996,bf1d58bd
// EXPECT: 0 tensor<4x3xf32> hex:3f676e2f,3f1a73ab,3f050386,3ffb4a31,3f195d2e,3ef525c6,3ffffc97,3f95961e,3f92ea7b,3fd3d1ed,3f14b257,3f04e996
// EXPECT: 1 tensor<4x3xi64> hex:0000000000000005,0000000000000006,0000000000000004,0000000000000004,0000000000000005,0000000000000000,0000000000000007,0000000000000008,0000000000000005,0000000000000006,0000000000000004,0000000000000007
// GENERATOR: conformance/gen/graph_index.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module {
  func.func @main(%x: tensor<4x9xf32>) -> (tensor<4x3xf32>, tensor<4x3xi64>) {
    %0:2 = "tessera.topk"(%x) {k = 3} : (tensor<4x9xf32>) -> (tensor<4x3xf32>, tensor<4x3xi64>)
    return %0#0, %0#1 : tensor<4x3xf32>, tensor<4x3xi64>
  }
}

// -----

// CASE: rows_f64
// RULE: bitexact
// REQUIRES: op=tessera.topk dtype=f64 level=graph
// INPUT: 0 tensor<3x20xf64> hex:40055800ca53ccf7,bfdd35b1b54f2ab4,3ff0e179c7cc8038,3ff2dc4048a35116,bfeb09399006b31b,bffa361c00a43d23,bfe27096c452ae6c,3fb372a679479eab,3ffa7ff21f0ce128,3fe5619df76a1337,bfe464bd4b001043,bfe658bbadae2caa,bfe41a6baa3f4760,3fe48f51a7a8d008,bff7fba7d1a62d3c,3ff5f8839d3d70a6,bff4ff9cf9138a5e,3fd20fef3cabc82b,3fd90a4b27cbd5bb,bfa6d40438a68281,bfd05e3dde44a2fd,3fefb0de3f9a2493,bfc831b5b936e876,3fe8b8e06e93ee07,3fd5f7f6fc6db578,3fda5fd13f5862b2,3feb85b45cb9b970,3fda29a154c5fece,bff145a0e3440d68,3fdff62876e3127e,3fdb07ba2e02115e,bff1c86a400a7439,3ff44b0866b42903,bff9a89f9ba6eec9,3fd199e6c967c6c8,3fdfe33b56ea117f,3fe7af2b3cab43cb,3fed83e08f9313c4,3ff685832c8a2538,3fd5e00abd3b50c7,bfd94e75cee0c4dc,3fffbb1b0d03d083,bff29208cbbe569b,bff66a97e1fd7f6b,bff9929aacb0adb4,3ff5336230bb1a19,bff03aa321ce4691,3fef8179651b02da,bfe6a01377cb72b6,3fe9eb7530ad0042,bfd7531f32ff9bec,bff1bd019ab420e7,3fe0253a2dda45ef,3ff961a62ab22d4b,3fe67b264706cf71,3fd3bb81053786f5,bfc6c0e2f464a092,3ff31d53d96b48bd,bfdd930c907f5200,c0074f4d8f71430d
// EXPECT: 0 tensor<3x5xf64> hex:40055800ca53ccf7,3ffa7ff21f0ce128,3ff5f8839d3d70a6,3ff2dc4048a35116,3ff0e179c7cc8038,3ff685832c8a2538,3ff44b0866b42903,3fefb0de3f9a2493,3fed83e08f9313c4,3feb85b45cb9b970,3fffbb1b0d03d083,3ff961a62ab22d4b,3ff5336230bb1a19,3ff31d53d96b48bd,3fef8179651b02da
// EXPECT: 1 tensor<3x5xi64> hex:0000000000000000,0000000000000008,000000000000000f,0000000000000003,0000000000000002,0000000000000012,000000000000000c,0000000000000001,0000000000000011,0000000000000006,0000000000000001,000000000000000d,0000000000000005,0000000000000011,0000000000000007
// GENERATOR: conformance/gen/graph_index.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module {
  func.func @main(%x: tensor<3x20xf64>) -> (tensor<3x5xf64>, tensor<3x5xi64>) {
    %0:2 = "tessera.topk"(%x) {k = 5} : (tensor<3x20xf64>) -> (tensor<3x5xf64>, tensor<3x5xi64>)
    return %0#0, %0#1 : tensor<3x5xf64>, tensor<3x5xi64>
  }
}

// -----

// CASE: ties_f32
// NOTE: Equal values keep increasing positions.
// RULE: bitexact
// REQUIRES: op=tessera.topk dtype=f32 level=graph
// INPUT: 0 tensor<2x6xf32> hex:3f800000,40400000,40400000,40000000,40400000,3f800000,00000000,00000000,00000000,00000000,00000000,00000000
// EXPECT: 0 tensor<2x4xf32> hex:40400000,40400000,40400000,40000000,00000000,00000000,00000000,00000000
// EXPECT: 1 tensor<2x4xi64> hex:0000000000000001,0000000000000002,0000000000000004,0000000000000003,0000000000000000,0000000000000001,0000000000000002,0000000000000003
// GENERATOR: conformance/gen/graph_index.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module {
  func.func @main(%x: tensor<2x6xf32>) -> (tensor<2x4xf32>, tensor<2x4xi64>) {
    %0:2 = "tessera.topk"(%x) {k = 4} : (tensor<2x6xf32>) -> (tensor<2x4xf32>, tensor<2x4xi64>)
    return %0#0, %0#1 : tensor<2x4xf32>, tensor<2x4xi64>
  }
}

// -----

// CASE: smallest_ties_f32
// RULE: bitexact
// REQUIRES: op=tessera.topk dtype=f32 level=graph
// INPUT: 0 tensor<2x6xf32> hex:3f800000,40400000,40400000,40000000,40400000,3f800000,00000000,00000000,00000000,00000000,00000000,00000000
// EXPECT: 0 tensor<2x4xf32> hex:3f800000,3f800000,40000000,40400000,00000000,00000000,00000000,00000000
// EXPECT: 1 tensor<2x4xi64> hex:0000000000000000,0000000000000005,0000000000000003,0000000000000001,0000000000000000,0000000000000001,0000000000000002,0000000000000003
// GENERATOR: conformance/gen/graph_index.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module {
  func.func @main(%x: tensor<2x6xf32>) -> (tensor<2x4xf32>, tensor<2x4xi64>) {
    %0:2 = "tessera.topk"(%x) {k = 4, largest = false} : (tensor<2x6xf32>) -> (tensor<2x4xf32>, tensor<2x4xi64>)
    return %0#0, %0#1 : tensor<2x4xf32>, tensor<2x4xi64>
  }
}

// -----

// CASE: specials_largest_f32
// NOTE: NaNs first (by position), -0 == +0 by position.
// RULE: bitexact
// REQUIRES: op=tessera.topk dtype=f32 level=graph
// INPUT: 0 tensor<1x7xf32> hex:3f800000,7fc00000,7f800000,80000000,00000000,7fc00000,ff800000
// EXPECT: 0 tensor<1x7xf32> hex:7fc00000,7fc00000,7f800000,3f800000,80000000,00000000,ff800000
// EXPECT: 1 tensor<1x7xi64> hex:0000000000000001,0000000000000005,0000000000000002,0000000000000000,0000000000000003,0000000000000004,0000000000000006
// GENERATOR: conformance/gen/graph_index.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module {
  func.func @main(%x: tensor<1x7xf32>) -> (tensor<1x7xf32>, tensor<1x7xi64>) {
    %0:2 = "tessera.topk"(%x) {k = 7} : (tensor<1x7xf32>) -> (tensor<1x7xf32>, tensor<1x7xi64>)
    return %0#0, %0#1 : tensor<1x7xf32>, tensor<1x7xi64>
  }
}

// -----

// CASE: specials_smallest_f32
// NOTE: NaNs last.
// RULE: bitexact
// REQUIRES: op=tessera.topk dtype=f32 level=graph
// INPUT: 0 tensor<1x7xf32> hex:3f800000,7fc00000,7f800000,80000000,00000000,7fc00000,ff800000
// EXPECT: 0 tensor<1x7xf32> hex:ff800000,80000000,00000000,3f800000,7f800000,7fc00000,7fc00000
// EXPECT: 1 tensor<1x7xi64> hex:0000000000000006,0000000000000003,0000000000000004,0000000000000000,0000000000000002,0000000000000001,0000000000000005
// GENERATOR: conformance/gen/graph_index.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module {
  func.func @main(%x: tensor<1x7xf32>) -> (tensor<1x7xf32>, tensor<1x7xi64>) {
    %0:2 = "tessera.topk"(%x) {k = 7, largest = false} : (tensor<1x7xf32>) -> (tensor<1x7xf32>, tensor<1x7xi64>)
    return %0#0, %0#1 : tensor<1x7xf32>, tensor<1x7xi64>
  }
}

// -----

// CASE: axis0_f32
// RULE: bitexact
// REQUIRES: op=tessera.topk dtype=f32 level=graph
// INPUT: 0 tensor<4x9xf32> hex:bfdf543e,bfdc0052,beb44ad5,beff9a60,3f050386,3f676e2f,3f1a73ab,bddc2313,bf38b520,3ef525c6,bd9c2776,bec9f361,bd49d2ae,3ffb4a31,3f195d2e,3ed32fa0,bee13ffa,bfceb84e,bf1df16e,3f6c9b00,3f0f3f62,bf1039e1,bfd8df18,3f92ea7b,3ea90e50,3ffffc97,3f95961e,bf5cfc5a,bfa555ef,be2bac9c,bfbafa2d,3f14b257,3ef4c5fa,3fd3d1ed,3f04e996,bf1d58bd
// EXPECT: 0 tensor<2x9xf32> hex:3ef525c6,3f6c9b00,3f0f3f62,bd49d2ae,3ffb4a31,3f92ea7b,3fd3d1ed,3ffffc97,3f95961e,bf1df16e,bd9c2776,be2bac9c,beff9a60,3f14b257,3f676e2f,3f1a73ab,3f04e996,bf1d58bd
// EXPECT: 1 tensor<2x9xi64> hex:0000000000000001,0000000000000002,0000000000000002,0000000000000001,0000000000000001,0000000000000002,0000000000000003,0000000000000002,0000000000000002,0000000000000002,0000000000000001,0000000000000003,0000000000000000,0000000000000003,0000000000000000,0000000000000000,0000000000000003,0000000000000003
// GENERATOR: conformance/gen/graph_index.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module {
  func.func @main(%x: tensor<4x9xf32>) -> (tensor<2x9xf32>, tensor<2x9xi64>) {
    %0:2 = "tessera.topk"(%x) {k = 2, axis = 0} : (tensor<4x9xf32>) -> (tensor<2x9xf32>, tensor<2x9xi64>)
    return %0#0, %0#1 : tensor<2x9xf32>, tensor<2x9xi64>
  }
}

// -----

// CASE: k0_f32
// NOTE: k = 0: empty results.
// RULE: bitexact
// REQUIRES: op=tessera.topk dtype=f32 level=graph
// INPUT: 0 tensor<4x9xf32> hex:bfdf543e,bfdc0052,beb44ad5,beff9a60,3f050386,3f676e2f,3f1a73ab,bddc2313,bf38b520,3ef525c6,bd9c2776,bec9f361,bd49d2ae,3ffb4a31,3f195d2e,3ed32fa0,bee13ffa,bfceb84e,bf1df16e,3f6c9b00,3f0f3f62,bf1039e1,bfd8df18,3f92ea7b,3ea90e50,3ffffc97,3f95961e,bf5cfc5a,bfa555ef,be2bac9c,bfbafa2d,3f14b257,3ef4c5fa,3fd3d1ed,3f04e996,bf1d58bd
// EXPECT: 0 tensor<4x0xf32> hex:
// EXPECT: 1 tensor<4x0xi64> hex:
// GENERATOR: conformance/gen/graph_index.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module {
  func.func @main(%x: tensor<4x9xf32>) -> (tensor<4x0xf32>, tensor<4x0xi64>) {
    %0:2 = "tessera.topk"(%x) {k = 0} : (tensor<4x9xf32>) -> (tensor<4x0xf32>, tensor<4x0xi64>)
    return %0#0, %0#1 : tensor<4x0xf32>, tensor<4x0xi64>
  }
}

// -----

// CASE: bf16
// RULE: bitexact
// REQUIRES: op=tessera.topk dtype=bf16 level=graph
// INPUT: 0 tensor<4x9xbf16> hex:bfdf,bfdc,beb4,bf00,3f05,3f67,3f1a,bddc,bf39,3ef5,bd9c,beca,bd4a,3ffb,3f19,3ed3,bee1,bfcf,bf1e,3f6d,3f0f,bf10,bfd9,3f93,3ea9,4000,3f96,bf5d,bfa5,be2c,bfbb,3f15,3ef5,3fd4,3f05,bf1d
// EXPECT: 0 tensor<4x2xbf16> hex:3f67,3f1a,3ffb,3f19,4000,3f96,3fd4,3f15
// EXPECT: 1 tensor<4x2xi64> hex:0000000000000005,0000000000000006,0000000000000004,0000000000000005,0000000000000007,0000000000000008,0000000000000006,0000000000000004
// GENERATOR: conformance/gen/graph_index.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module {
  func.func @main(%x: tensor<4x9xbf16>) -> (tensor<4x2xbf16>, tensor<4x2xi64>) {
    %0:2 = "tessera.topk"(%x) {k = 2} : (tensor<4x9xbf16>) -> (tensor<4x2xbf16>, tensor<4x2xi64>)
    return %0#0, %0#1 : tensor<4x2xbf16>, tensor<4x2xi64>
  }
}
