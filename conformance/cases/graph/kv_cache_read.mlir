// tessera.kv_cache.read: a window of the cache.
// Generated file: edit the generator named in each case, then rerun it.

// CASE: window_f32
// RULE: bitexact
// REQUIRES: op=tessera.kv_cache.read dtype=f32 level=graph
// INPUT: 0 tensor<1x2x8x4xf32> hex:bff80991,3fd5d62e,bf1bfde2,be066b38,3f2d2135,be106f27,3f1617db,be9c991e,bf70cde7,3ecb5de3,3f8fdcf6,bf03125e,bf0b7fb2,3f65addd,bf41f855,3f800e92,bfab022a,3ec1853d,3dd38dee,bf5e6a68,3e431ba1,3f426f01,bf36fa89,be283a30,3f4d140e,bfc08596,3f017ed9,bfa3e416,3fa3cf1d,3ee1e644,3eade1f1,3f4a168a,bc14cd8a,bfb13011,3e8fd73d,bef31c45,3f10f2a4,bf2f0936,3fc5fdd9,c010038d,be401deb,3d946dd0,bf00495e,be5a5374,3f19d2d0,3f689571,3f81b4df,3ece94b3,bf9eafc2,bf9a9e4c,bf4d7d7e,be69f2ec,3e3fde1b,bedf45c3,bee24b1a,3f783b64,3f8ad2ba,3fdc8f0b,bf2f5558,3f8c86f9,3f1eedee,be9f2662,3fb649e0,bf129ac1
// INPUT: 1 tensor<i32> hex:00000002
// EXPECT: 0 tensor<1x2x5x4xf32> hex:bf70cde7,3ecb5de3,3f8fdcf6,bf03125e,bf0b7fb2,3f65addd,bf41f855,3f800e92,bfab022a,3ec1853d,3dd38dee,bf5e6a68,3e431ba1,3f426f01,bf36fa89,be283a30,3f4d140e,bfc08596,3f017ed9,bfa3e416,be401deb,3d946dd0,bf00495e,be5a5374,3f19d2d0,3f689571,3f81b4df,3ece94b3,bf9eafc2,bf9a9e4c,bf4d7d7e,be69f2ec,3e3fde1b,bedf45c3,bee24b1a,3f783b64,3f8ad2ba,3fdc8f0b,bf2f5558,3f8c86f9
// GENERATOR: conformance/gen/graph_kv_gemm.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module {
  func.func @main(%cache: tensor<1x2x8x4xf32>, %start: tensor<i32>) -> tensor<1x2x5x4xf32> {
    %0 = "tessera.kv_cache.read"(%cache, %start) {length = 5} : (tensor<1x2x8x4xf32>, tensor<i32>) -> tensor<1x2x5x4xf32>
    return %0 : tensor<1x2x5x4xf32>
  }
}

// -----

// CASE: empty_f32
// RULE: bitexact
// REQUIRES: op=tessera.kv_cache.read dtype=f32 level=graph
// INPUT: 0 tensor<1x2x8x4xf32> hex:bff80991,3fd5d62e,bf1bfde2,be066b38,3f2d2135,be106f27,3f1617db,be9c991e,bf70cde7,3ecb5de3,3f8fdcf6,bf03125e,bf0b7fb2,3f65addd,bf41f855,3f800e92,bfab022a,3ec1853d,3dd38dee,bf5e6a68,3e431ba1,3f426f01,bf36fa89,be283a30,3f4d140e,bfc08596,3f017ed9,bfa3e416,3fa3cf1d,3ee1e644,3eade1f1,3f4a168a,bc14cd8a,bfb13011,3e8fd73d,bef31c45,3f10f2a4,bf2f0936,3fc5fdd9,c010038d,be401deb,3d946dd0,bf00495e,be5a5374,3f19d2d0,3f689571,3f81b4df,3ece94b3,bf9eafc2,bf9a9e4c,bf4d7d7e,be69f2ec,3e3fde1b,bedf45c3,bee24b1a,3f783b64,3f8ad2ba,3fdc8f0b,bf2f5558,3f8c86f9,3f1eedee,be9f2662,3fb649e0,bf129ac1
// INPUT: 1 tensor<i32> hex:00000008
// EXPECT: 0 tensor<1x2x0x4xf32> hex:
// GENERATOR: conformance/gen/graph_kv_gemm.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module {
  func.func @main(%cache: tensor<1x2x8x4xf32>, %start: tensor<i32>) -> tensor<1x2x0x4xf32> {
    %0 = "tessera.kv_cache.read"(%cache, %start) {length = 0} : (tensor<1x2x8x4xf32>, tensor<i32>) -> tensor<1x2x0x4xf32>
    return %0 : tensor<1x2x0x4xf32>
  }
}

// -----

// CASE: all_f32
// RULE: bitexact
// REQUIRES: op=tessera.kv_cache.read dtype=f32 level=graph
// INPUT: 0 tensor<1x2x8x4xf32> hex:bff80991,3fd5d62e,bf1bfde2,be066b38,3f2d2135,be106f27,3f1617db,be9c991e,bf70cde7,3ecb5de3,3f8fdcf6,bf03125e,bf0b7fb2,3f65addd,bf41f855,3f800e92,bfab022a,3ec1853d,3dd38dee,bf5e6a68,3e431ba1,3f426f01,bf36fa89,be283a30,3f4d140e,bfc08596,3f017ed9,bfa3e416,3fa3cf1d,3ee1e644,3eade1f1,3f4a168a,bc14cd8a,bfb13011,3e8fd73d,bef31c45,3f10f2a4,bf2f0936,3fc5fdd9,c010038d,be401deb,3d946dd0,bf00495e,be5a5374,3f19d2d0,3f689571,3f81b4df,3ece94b3,bf9eafc2,bf9a9e4c,bf4d7d7e,be69f2ec,3e3fde1b,bedf45c3,bee24b1a,3f783b64,3f8ad2ba,3fdc8f0b,bf2f5558,3f8c86f9,3f1eedee,be9f2662,3fb649e0,bf129ac1
// INPUT: 1 tensor<i32> hex:00000000
// EXPECT: 0 tensor<1x2x8x4xf32> hex:bff80991,3fd5d62e,bf1bfde2,be066b38,3f2d2135,be106f27,3f1617db,be9c991e,bf70cde7,3ecb5de3,3f8fdcf6,bf03125e,bf0b7fb2,3f65addd,bf41f855,3f800e92,bfab022a,3ec1853d,3dd38dee,bf5e6a68,3e431ba1,3f426f01,bf36fa89,be283a30,3f4d140e,bfc08596,3f017ed9,bfa3e416,3fa3cf1d,3ee1e644,3eade1f1,3f4a168a,bc14cd8a,bfb13011,3e8fd73d,bef31c45,3f10f2a4,bf2f0936,3fc5fdd9,c010038d,be401deb,3d946dd0,bf00495e,be5a5374,3f19d2d0,3f689571,3f81b4df,3ece94b3,bf9eafc2,bf9a9e4c,bf4d7d7e,be69f2ec,3e3fde1b,bedf45c3,bee24b1a,3f783b64,3f8ad2ba,3fdc8f0b,bf2f5558,3f8c86f9,3f1eedee,be9f2662,3fb649e0,bf129ac1
// GENERATOR: conformance/gen/graph_kv_gemm.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module {
  func.func @main(%cache: tensor<1x2x8x4xf32>, %start: tensor<i32>) -> tensor<1x2x8x4xf32> {
    %0 = "tessera.kv_cache.read"(%cache, %start) {length = 8} : (tensor<1x2x8x4xf32>, tensor<i32>) -> tensor<1x2x8x4xf32>
    return %0 : tensor<1x2x8x4xf32>
  }
}
