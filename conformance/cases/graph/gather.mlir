// tessera.gather: np.take along an axis.
// Generated file: edit the generator named in each case, then rerun it.

// CASE: rows_f32
// NOTE: Duplicate indices.
// RULE: bitexact
// REQUIRES: op=tessera.gather dtype=f32 level=graph
// INPUT: 0 tensor<6x5xf32> hex:3faa1b13,bf056103,bdd337a2,3f9e946e,3e830d4e,3f4213a8,bf212c8f,3f6fa5a8,3f6d7d0e,bfffb5ce,3e8e9817,bf95ce6b,3db5ea2f,bf19d318,be544b9c,befc94bb,bebad187,bf4d5ec7,bedeb811,3d71f68c,3fc44f9d,3f7007d5,bfb26aa3,3eb52543,bf896027,bdef5231,bed6bd4b,bcb38901,be92b227,3d50c93a
// INPUT: 1 tensor<4xi32> hex:00000005,00000000,00000002,00000002
// EXPECT: 0 tensor<4x5xf32> hex:bdef5231,bed6bd4b,bcb38901,be92b227,3d50c93a,3faa1b13,bf056103,bdd337a2,3f9e946e,3e830d4e,3e8e9817,bf95ce6b,3db5ea2f,bf19d318,be544b9c,3e8e9817,bf95ce6b,3db5ea2f,bf19d318,be544b9c
// GENERATOR: conformance/gen/graph_index.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module {
  func.func @main(%src: tensor<6x5xf32>, %idx: tensor<4xi32>) -> tensor<4x5xf32> {
    %0 = "tessera.gather"(%src, %idx) : (tensor<6x5xf32>, tensor<4xi32>) -> tensor<4x5xf32>
    return %0 : tensor<4x5xf32>
  }
}

// -----

// CASE: axis1_2d_idx_f32
// RULE: bitexact
// REQUIRES: op=tessera.gather dtype=f32 level=graph
// INPUT: 0 tensor<6x5xf32> hex:3faa1b13,bf056103,bdd337a2,3f9e946e,3e830d4e,3f4213a8,bf212c8f,3f6fa5a8,3f6d7d0e,bfffb5ce,3e8e9817,bf95ce6b,3db5ea2f,bf19d318,be544b9c,befc94bb,bebad187,bf4d5ec7,bedeb811,3d71f68c,3fc44f9d,3f7007d5,bfb26aa3,3eb52543,bf896027,bdef5231,bed6bd4b,bcb38901,be92b227,3d50c93a
// INPUT: 1 tensor<3x2xi64> hex:0000000000000004,0000000000000000,0000000000000001,0000000000000001,0000000000000003,0000000000000002
// EXPECT: 0 tensor<6x3x2xf32> hex:3e830d4e,3faa1b13,bf056103,bf056103,3f9e946e,bdd337a2,bfffb5ce,3f4213a8,bf212c8f,bf212c8f,3f6d7d0e,3f6fa5a8,be544b9c,3e8e9817,bf95ce6b,bf95ce6b,bf19d318,3db5ea2f,3d71f68c,befc94bb,bebad187,bebad187,bedeb811,bf4d5ec7,bf896027,3fc44f9d,3f7007d5,3f7007d5,3eb52543,bfb26aa3,3d50c93a,bdef5231,bed6bd4b,bed6bd4b,be92b227,bcb38901
// GENERATOR: conformance/gen/graph_index.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module {
  func.func @main(%src: tensor<6x5xf32>, %idx: tensor<3x2xi64>) -> tensor<6x3x2xf32> {
    %0 = "tessera.gather"(%src, %idx) {axis = 1} : (tensor<6x5xf32>, tensor<3x2xi64>) -> tensor<6x3x2xf32>
    return %0 : tensor<6x3x2xf32>
  }
}

// -----

// CASE: axis_neg_3d_f64
// RULE: bitexact
// REQUIRES: op=tessera.gather dtype=f64 level=graph
// INPUT: 0 tensor<2x3x4xf64> hex:40018713e44e966e,bfe409ee79be53be,3fe7277f2b57c432,bfe707d354d0e312,3fc27b338b367520,bfc8b0828a312723,bfd30c46e55feec7,bf9929a501908b7c,3fe049c509ef47f5,bfe5e70193a49c97,bffa49eda6711b8f,3ff2711ddf6ed03a,bfdb6c7eb727eb39,bff28eefebef9809,3ffac7e37f72966c,bff0a9dfab9ff77a,bfd8c0e1f53fe622,bffffebc4a35fd60,3ff32f1fa376fd62,3ffc3d3f5f78bfad,3ff4c4d6e0befa74,3fcd61ed6fe4e0dc,3fdeef7b0219b24a,bfd4aebd43785d7f
// INPUT: 1 tensor<2xui8> hex:03,00
// EXPECT: 0 tensor<2x3x2xf64> hex:bfe707d354d0e312,40018713e44e966e,bf9929a501908b7c,3fc27b338b367520,3ff2711ddf6ed03a,3fe049c509ef47f5,bff0a9dfab9ff77a,bfdb6c7eb727eb39,3ffc3d3f5f78bfad,bfd8c0e1f53fe622,bfd4aebd43785d7f,3ff4c4d6e0befa74
// GENERATOR: conformance/gen/graph_index.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module {
  func.func @main(%src: tensor<2x3x4xf64>, %idx: tensor<2xui8>) -> tensor<2x3x2xf64> {
    %0 = "tessera.gather"(%src, %idx) {axis = -1} : (tensor<2x3x4xf64>, tensor<2xui8>) -> tensor<2x3x2xf64>
    return %0 : tensor<2x3x2xf64>
  }
}

// -----

// CASE: bf16_rows
// NOTE: Low-precision data moves as stored bits.
// RULE: bitexact
// REQUIRES: op=tessera.gather dtype=bf16 level=graph
// INPUT: 0 tensor<6x5xbf16> hex:3faa,bf05,bdd3,3f9f,3e83,3f42,bf21,3f70,3f6d,c000,3e8f,bf96,3db6,bf1a,be54,befd,bebb,bf4d,bedf,3d72,3fc4,3f70,bfb2,3eb5,bf89,bdef,bed7,bcb4,be93,3d51
// INPUT: 1 tensor<2xi16> hex:0001,0003
// EXPECT: 0 tensor<2x5xbf16> hex:3f42,bf21,3f70,3f6d,c000,befd,bebb,bf4d,bedf,3d72
// GENERATOR: conformance/gen/graph_index.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module {
  func.func @main(%src: tensor<6x5xbf16>, %idx: tensor<2xi16>) -> tensor<2x5xbf16> {
    %0 = "tessera.gather"(%src, %idx) : (tensor<6x5xbf16>, tensor<2xi16>) -> tensor<2x5xbf16>
    return %0 : tensor<2x5xbf16>
  }
}

// -----

// CASE: int64_data
// RULE: bitexact
// REQUIRES: op=tessera.gather dtype=i64 level=graph
// INPUT: 0 tensor<4x3xi64> hex:fffffffffffffffa,0000000000000001,ffffffffffffffff,0000000000000008,0000000000000002,fffffffffffffff9,fffffffffffffff8,fffffffffffffffc,0000000000000002,ffffffffffffffff,0000000000000001,fffffffffffffffe
// INPUT: 1 tensor<2xi32> hex:00000003,00000001
// EXPECT: 0 tensor<2x3xi64> hex:ffffffffffffffff,0000000000000001,fffffffffffffffe,0000000000000008,0000000000000002,fffffffffffffff9
// GENERATOR: conformance/gen/graph_index.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module {
  func.func @main(%src: tensor<4x3xi64>, %idx: tensor<2xi32>) -> tensor<2x3xi64> {
    %0 = "tessera.gather"(%src, %idx) : (tensor<4x3xi64>, tensor<2xi32>) -> tensor<2x3xi64>
    return %0 : tensor<2x3xi64>
  }
}

// -----

// CASE: empty_idx_f32
// RULE: bitexact
// REQUIRES: op=tessera.gather dtype=f32 level=graph
// INPUT: 0 tensor<6x5xf32> hex:3faa1b13,bf056103,bdd337a2,3f9e946e,3e830d4e,3f4213a8,bf212c8f,3f6fa5a8,3f6d7d0e,bfffb5ce,3e8e9817,bf95ce6b,3db5ea2f,bf19d318,be544b9c,befc94bb,bebad187,bf4d5ec7,bedeb811,3d71f68c,3fc44f9d,3f7007d5,bfb26aa3,3eb52543,bf896027,bdef5231,bed6bd4b,bcb38901,be92b227,3d50c93a
// INPUT: 1 tensor<0xi32> hex:
// EXPECT: 0 tensor<0x5xf32> hex:
// GENERATOR: conformance/gen/graph_index.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module {
  func.func @main(%src: tensor<6x5xf32>, %idx: tensor<0xi32>) -> tensor<0x5xf32> {
    %0 = "tessera.gather"(%src, %idx) : (tensor<6x5xf32>, tensor<0xi32>) -> tensor<0x5xf32>
    return %0 : tensor<0x5xf32>
  }
}

// -----

// CASE: scalar_idx_f32
// NOTE: A rank-0 index drops the axis.
// RULE: bitexact
// REQUIRES: op=tessera.gather dtype=f32 level=graph
// INPUT: 0 tensor<6x5xf32> hex:3faa1b13,bf056103,bdd337a2,3f9e946e,3e830d4e,3f4213a8,bf212c8f,3f6fa5a8,3f6d7d0e,bfffb5ce,3e8e9817,bf95ce6b,3db5ea2f,bf19d318,be544b9c,befc94bb,bebad187,bf4d5ec7,bedeb811,3d71f68c,3fc44f9d,3f7007d5,bfb26aa3,3eb52543,bf896027,bdef5231,bed6bd4b,bcb38901,be92b227,3d50c93a
// INPUT: 1 tensor<i32> hex:00000004
// EXPECT: 0 tensor<5xf32> hex:3fc44f9d,3f7007d5,bfb26aa3,3eb52543,bf896027
// GENERATOR: conformance/gen/graph_index.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module {
  func.func @main(%src: tensor<6x5xf32>, %idx: tensor<i32>) -> tensor<5xf32> {
    %0 = "tessera.gather"(%src, %idx) : (tensor<6x5xf32>, tensor<i32>) -> tensor<5xf32>
    return %0 : tensor<5xf32>
  }
}

// -----

// CASE: rows_300x16_f32
// RULE: bitexact
// REQUIRES: op=tessera.gather dtype=f32 level=graph
// INPUT: 0 tensor<300x16xf32> npy:gather.rows_300x16_f32.input0.npy
// INPUT: 1 tensor<40xi32> hex:000000e9,000000b9,000000c9,000000f1,000000d9,000000d6,000000f7,000000e7,00000072,000000db,00000125,00000001,00000022,0000007b,000000c4,00000035,00000120,000000a6,0000001f,00000070,00000129,00000041,0000005c,000000ec,0000004f,000000ea,0000008e,000000e4,0000003d,00000023,00000100,00000052,000000fb,0000009f,00000109,00000082,000000e0,0000002b,000000ca,00000031
// EXPECT: 0 tensor<40x16xf32> npy:gather.rows_300x16_f32.expect0.npy
// GENERATOR: conformance/gen/graph_index.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module {
  func.func @main(%src: tensor<300x16xf32>, %idx: tensor<40xi32>) -> tensor<40x16xf32> {
    %0 = "tessera.gather"(%src, %idx) : (tensor<300x16xf32>, tensor<40xi32>) -> tensor<40x16xf32>
    return %0 : tensor<40x16xf32>
  }
}
