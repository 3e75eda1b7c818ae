// tessera.tri_solve: forward or back substitution, row by row.
// Generated file: edit the generator named in each case, then rerun it.

// CASE: lower4x2_f32
// RULE: bitexact
// REQUIRES: op=tessera.tri_solve dtype=f32 level=graph
// INPUT: 0 tensor<4x4xf32> hex:4094b538,bf147ad9,be9381d1,40195289,bcbc19b0,401f44c1,3eaa3153,3f8957b3,bf594ab6,3e20cdd9,40aa1885,bf782174,3e39fcb7,bee37513,401815aa,40902d0b
// INPUT: 1 tensor<4x2xf32> hex:3f8edc8f,bff98fea,bf24b4d4,3e890973,3d939646,3ef4f037,3d802d02,3edec39b
// EXPECT: 0 tensor<4x2xf32> hex:3e75ef81,bed6cf63,be833c51,3dd45686,3d73a288,3ca35cef,bd56c7c7,3de7ce37
// GENERATOR: conformance/gen/graph_linalg.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module {
  func.func @main(%a: tensor<4x4xf32>, %b: tensor<4x2xf32>) -> tensor<4x2xf32> {
    %0 = "tessera.tri_solve"(%a, %b) : (tensor<4x4xf32>, tensor<4x2xf32>) -> tensor<4x2xf32>
    return %0 : tensor<4x2xf32>
  }
}

// -----

// CASE: lower4x2_f32_lapack
// NOTE: numpy.linalg.solve in float64.
// RULE: tol:rtol=1e-5,atol=1e-6
// REQUIRES: op=tessera.tri_solve dtype=f32 level=graph
// INPUT: 0 tensor<4x4xf32> hex:4094b538,bf147ad9,be9381d1,40195289,bcbc19b0,401f44c1,3eaa3153,3f8957b3,bf594ab6,3e20cdd9,40aa1885,bf782174,3e39fcb7,bee37513,401815aa,40902d0b
// INPUT: 1 tensor<4x2xf32> hex:3f8edc8f,bff98fea,bf24b4d4,3e890973,3d939646,3ef4f037,3d802d02,3edec39b
// EXPECT: 0 tensor<4x2xf32> hex:3e75ef81,bed6cf63,be833c51,3dd45686,3d73a28a,3ca35cef,bd56c7c9,3de7ce37
// GENERATOR: conformance/gen/graph_linalg.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module {
  func.func @main(%a: tensor<4x4xf32>, %b: tensor<4x2xf32>) -> tensor<4x2xf32> {
    %0 = "tessera.tri_solve"(%a, %b) : (tensor<4x4xf32>, tensor<4x2xf32>) -> tensor<4x2xf32>
    return %0 : tensor<4x2xf32>
  }
}

// -----

// CASE: upper_trans_unit_batch2x5_f64
// RULE: bitexact
// REQUIRES: op=tessera.tri_solve dtype=f64 level=graph
// INPUT: 0 tensor<2x5x5xf64> hex:401099242359712a,bfcd5bada46e38a4,bfdb9b11065c87b2,bfbbcd4a40285e89,bff02feae5c9584e,bfde4233448164aa,400bdcd08933aa8a,3ff6af49e1299ddc,3fe68d061e61895b,3ff3f25798d2d344,3fe4e0c6c7ed4c0b,3feb2b6743af92fb,4003f0a72271b778,bfdf34a60209a692,3fe85d6c80d64f0b,3ff89eacc815a4c1,bfe6ee1c17168484,3fc4c4b06e3ad67b,4008c3f7a1da6bdb,3fd705e216853723,3fd1785e81dc2d26,bfcdd400c3f07a14,bff66f2be860aa4a,bffbf3dc9a17370e,4004863d23f6365d,400944f9dd4d3565,bff3c261f8ab01ba,3fe2b3023a64097f,3fc7d16ba504c226,bfe4eb4a38a8cc9a,c0019c7994e0e550,40120402467fdaa2,bff61add073b85c9,3fe423dbc3703f5d,3fccdeda801b8a21,3ff35b031c085fc8,bfcffdf73d3d20db,40116d4236887788,bff3482deceb9b6f,bff8cb4e22bd14c4,3fe58d372d1c506c,3fec8ce195db841c,3fe9f7d74475e9d4,400ad8c4fedcea91,3fde3ff0eac3329e,bff4b88f623678b6,c006417001fd3188,3f91cafd34b917cf,bfe1205ba3010a65,40091afb81a741dd
// INPUT: 1 tensor<2x5x3xf64> hex:bfdf2a3e117d9f60,bfd7ef84124e6bc6,bff8efa9b0fc8e29,3feeadb556f688f6,4000a85f19eba92b,bfc51c74e914f1d9,3fcd57d587477d18,3fc41c7bd8f3404d,bff778e1b6d3b8c7,bfe0e9cdecc74506,3fdd7a7400dd8272,3fd11bb88a6e909d,bff595201b58ccf6,3ff069181931ee51,bf94708dfea328ce,3fe5e4525dc5471f,3fe8dd2003263dc8,bff13419f5aa75cf,3fed3df6024d9672,c0059d7be71118aa,bfe95a32d12c9ee2,bfefaed5c7697294,bfc753bfab6ff394,3fd6fb4f9f00a0c0,bfd6dd1646183144,bfda2304d027ac67,3fcd9b0c8675209a,bfa62dad81eed9ae,3f9be3c7284539e0,bff4b7b78a712e3e
// EXPECT: 0 tensor<2x5x3xf64> hex:bfdf2a3e117d9f60,bfd7ef84124e6bc6,bff8efa9b0fc8e29,3feb1ac3275aa9a0,3ffff16408b6a0b2,bfe0b76e8ba71b38,bff2e8399b2a71ee,c006ad88281fb944,bff660baa1f836cd,bffc1279d4883948,c002f3f31b710f04,bfcb9db9d3dfe816,bff5dd96e05f9cdb,3ff2b45c106bf39a,3fc93985237a3fc6,3fe5e4525dc5471f,3fe8dd2003263dc8,bff13419f5aa75cf,3ffc23872264914e,bffbe0a41ab0c430,c000f5fca728204a,3ff0a33adac6c10d,c00858f20a227601,bfff110bb5ba817a,bfd5a627d7c88f48,c008fe1ebbf127bc,bfe260024748750c,3ffc74c64df5782d,c0027dd452ac6ba8,c011072ef017a23a
// GENERATOR: conformance/gen/graph_linalg.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module {
  func.func @main(%a: tensor<2x5x5xf64>, %b: tensor<2x5x3xf64>) -> tensor<2x5x3xf64> {
    %0 = "tessera.tri_solve"(%a, %b) {lower = false, trans = true, unit_diag = true} : (tensor<2x5x5xf64>, tensor<2x5x3xf64>) -> tensor<2x5x3xf64>
    return %0 : tensor<2x5x3xf64>
  }
}

// -----

// CASE: upper_trans_unit_batch2x5_f64_lapack
// NOTE: numpy.linalg.solve in float64.
// RULE: tol:rtol=1e-12,atol=1e-13
// REQUIRES: op=tessera.tri_solve dtype=f64 level=graph
// INPUT: 0 tensor<2x5x5xf64> hex:401099242359712a,bfcd5bada46e38a4,bfdb9b11065c87b2,bfbbcd4a40285e89,bff02feae5c9584e,bfde4233448164aa,400bdcd08933aa8a,3ff6af49e1299ddc,3fe68d061e61895b,3ff3f25798d2d344,3fe4e0c6c7ed4c0b,3feb2b6743af92fb,4003f0a72271b778,bfdf34a60209a692,3fe85d6c80d64f0b,3ff89eacc815a4c1,bfe6ee1c17168484,3fc4c4b06e3ad67b,4008c3f7a1da6bdb,3fd705e216853723,3fd1785e81dc2d26,bfcdd400c3f07a14,bff66f2be860aa4a,bffbf3dc9a17370e,4004863d23f6365d,400944f9dd4d3565,bff3c261f8ab01ba,3fe2b3023a64097f,3fc7d16ba504c226,bfe4eb4a38a8cc9a,c0019c7994e0e550,40120402467fdaa2,bff61add073b85c9,3fe423dbc3703f5d,3fccdeda801b8a21,3ff35b031c085fc8,bfcffdf73d3d20db,40116d4236887788,bff3482deceb9b6f,bff8cb4e22bd14c4,3fe58d372d1c506c,3fec8ce195db841c,3fe9f7d74475e9d4,400ad8c4fedcea91,3fde3ff0eac3329e,bff4b88f623678b6,c006417001fd3188,3f91cafd34b917cf,bfe1205ba3010a65,40091afb81a741dd
// INPUT: 1 tensor<2x5x3xf64> hex:bfdf2a3e117d9f60,bfd7ef84124e6bc6,bff8efa9b0fc8e29,3feeadb556f688f6,4000a85f19eba92b,bfc51c74e914f1d9,3fcd57d587477d18,3fc41c7bd8f3404d,bff778e1b6d3b8c7,bfe0e9cdecc74506,3fdd7a7400dd8272,3fd11bb88a6e909d,bff595201b58ccf6,3ff069181931ee51,bf94708dfea328ce,3fe5e4525dc5471f,3fe8dd2003263dc8,bff13419f5aa75cf,3fed3df6024d9672,c0059d7be71118aa,bfe95a32d12c9ee2,bfefaed5c7697294,bfc753bfab6ff394,3fd6fb4f9f00a0c0,bfd6dd1646183144,bfda2304d027ac67,3fcd9b0c8675209a,bfa62dad81eed9ae,3f9be3c7284539e0,bff4b7b78a712e3e
// EXPECT: 0 tensor<2x5x3xf64> hex:bfdf2a3e117d9f5b,bfd7ef84124e6bbc,bff8efa9b0fc8e28,3feb1ac3275aa99f,3ffff16408b6a0b4,bfe0b76e8ba71b3a,bff2e8399b2a71eb,c006ad88281fb945,bff660baa1f836cb,bffc1279d4883946,c002f3f31b710f04,bfcb9db9d3dfe805,bff5dd96e05f9cdc,3ff2b45c106bf39c,3fc93985237a3fc2,3fe5e4525dc54720,3fe8dd2003263dc7,bff13419f5aa75ce,3ffc23872264914f,bffbe0a41ab0c430,c000f5fca728204a,3ff0a33adac6c10e,c00858f20a227601,bfff110bb5ba817b,bfd5a627d7c88f47,c008fe1ebbf127bc,bfe260024748750d,3ffc74c64df5782e,c0027dd452ac6baa,c011072ef017a23b
// GENERATOR: conformance/gen/graph_linalg.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module {
  func.func @main(%a: tensor<2x5x5xf64>, %b: tensor<2x5x3xf64>) -> tensor<2x5x3xf64> {
    %0 = "tessera.tri_solve"(%a, %b) {lower = false, trans = true, unit_diag = true} : (tensor<2x5x5xf64>, tensor<2x5x3xf64>) -> tensor<2x5x3xf64>
    return %0 : tensor<2x5x3xf64>
  }
}
