// tessera.spmm: CSR times dense, FMA chain over stored entries.
// Generated file: edit the generator named in each case, then rerun it.

// CASE: csr6x8_f32
// NOTE: Row 2 is empty: +0.
// RULE: bitexact
// REQUIRES: op=tessera.spmm dtype=f32 level=graph
// INPUT: 0 tensor<17xf32> hex:bfd72fa2,3fa0fdc1,3c0519b8,be740471,3fef26a8,3df0e90d,3f5bc6fa,be203654,3e3d0984,bef261dc,bfe32452,bea66c02,bfe5b7c8,3eb0d2b6,3e2ffe0d,c0353e59,3f75af69
// INPUT: 1 tensor<17xi32> hex:00000000,00000002,00000006,00000007,00000001,00000003,00000004,00000003,00000004,00000001,00000002,00000003,00000004,00000007,00000000,00000001,00000006
// INPUT: 2 tensor<7xi32> hex:00000000,00000004,00000007,00000007,00000009,0000000e,00000011
// INPUT: 3 tensor<8x3xf32> hex:be3f6f21,3f8478c6,bf5c2304,3ef33095,3fb4979a,be90ced2,be37b0b4,beb981f5,bf348489,bf15639f,3fe4be0e,3f7e6522,3f9815da,bea6cb59,bea82390,bd816b3c,3f51afa7,3fc80780,bdf39baa,3f652e22,be9b7cbd,3e5b777c,bf868360,3efc5927
// EXPECT: 0 tensor<6x3xf32> hex:3d160481,bff80c83,3ee0acb2,3feb5f1a,402442c2,bf3186b5,00000000,00000000,00000000,3e9f0cc5,beadf1e9,be5d4973,bfe339cc,bec4a9dc,3fe93026,bfbee619,c03d578a,3eb931dd
// GENERATOR: conformance/gen/graph_linalg.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module {
  func.func @main(%values: tensor<17xf32>, %cols: tensor<17xi32>, %row_ptr: tensor<7xi32>, %dense: tensor<8x3xf32>) -> tensor<6x3xf32> {
    %0 = "tessera.spmm"(%values, %cols, %row_ptr, %dense) : (tensor<17xf32>, tensor<17xi32>, tensor<7xi32>, tensor<8x3xf32>) -> tensor<6x3xf32>
    return %0 : tensor<6x3xf32>
  }
}

// -----

// CASE: csr6x8_f32_dense64
// NOTE: The float64 dense product.
// RULE: tol:rtol=1e-5,atol=1e-6
// REQUIRES: op=tessera.spmm dtype=f32 level=graph
// INPUT: 0 tensor<17xf32> hex:bfd72fa2,3fa0fdc1,3c0519b8,be740471,3fef26a8,3df0e90d,3f5bc6fa,be203654,3e3d0984,bef261dc,bfe32452,bea66c02,bfe5b7c8,3eb0d2b6,3e2ffe0d,c0353e59,3f75af69
// INPUT: 1 tensor<17xi32> hex:00000000,00000002,00000006,00000007,00000001,00000003,00000004,00000003,00000004,00000001,00000002,00000003,00000004,00000007,00000000,00000001,00000006
// INPUT: 2 tensor<7xi32> hex:00000000,00000004,00000007,00000007,00000009,0000000e,00000011
// INPUT: 3 tensor<8x3xf32> hex:be3f6f21,3f8478c6,bf5c2304,3ef33095,3fb4979a,be90ced2,be37b0b4,beb981f5,bf348489,bf15639f,3fe4be0e,3f7e6522,3f9815da,bea6cb59,bea82390,bd816b3c,3f51afa7,3fc80780,bdf39baa,3f652e22,be9b7cbd,3e5b777c,bf868360,3efc5927
// EXPECT: 0 tensor<6x3xf32> hex:3d160481,bff80c83,3ee0acb1,3feb5f1b,402442c1,bf3186b5,00000000,00000000,00000000,3e9f0cc5,beadf1e9,be5d4973,bfe339cd,bec4a9dd,3fe93026,bfbee61a,c03d578a,3eb931de
// GENERATOR: conformance/gen/graph_linalg.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module {
  func.func @main(%values: tensor<17xf32>, %cols: tensor<17xi32>, %row_ptr: tensor<7xi32>, %dense: tensor<8x3xf32>) -> tensor<6x3xf32> {
    %0 = "tessera.spmm"(%values, %cols, %row_ptr, %dense) : (tensor<17xf32>, tensor<17xi32>, tensor<7xi32>, tensor<8x3xf32>) -> tensor<6x3xf32>
    return %0 : tensor<6x3xf32>
  }
}
