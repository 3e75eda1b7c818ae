// tessera.softmax_safe, normalization_stats, compare_scalar, masked_fill and broadcast_in_dim (docs/ops/graph/carriers.md).
// Generated file: edit the generator named in each case, then rerun it.

// CASE: softmax_safe_masked_row
// NOTE: Row 2 is all -Inf: zeros instead of NaN.
// RULE: tol:rtol=1e-5,atol=1e-6
// REQUIRES: op=tessera.softmax_safe dtype=f32 level=graph
// INPUT: 0 tensor<4x6xf32> hex:3ff02a24,40962b35,bfdfce8f,409f96eb,c05457d3,c0429c9b,401afc7b,c09e9dc2,c04b0c81,3f97a64b,40345e3a,402c1936,ff800000,ff800000,ff800000,ff800000,ff800000,ff800000,3f170af1,bfc5fbbc,3f7d1b21,40229830,c022a473,4041833f
// EXPECT: 0 tensor<4x6xf32> hex:3ccbc9ea,3ed4ef2a,3a2dd2e9,3f0ee9ac,3910be81,393ef397,3e7a7eaa,39203609,3a6e7cd1,3d916dce,3eba3615,3ea3a3dd,00000000,00000000,00000000,00000000,00000000,00000000,3d424509,3bb772c8,3d90b7b8,3eaac5d4,3b07b661,3f0a6b33
// GENERATOR: conformance/gen/graph_misc.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module {
  func.func @main(%a0: tensor<4x6xf32>) -> tensor<4x6xf32> {
    %r0 = "tessera.softmax_safe"(%a0) : (tensor<4x6xf32>) -> tensor<4x6xf32>
    return %r0 : tensor<4x6xf32>
  }
}

// -----

// CASE: normalization_stats_f32
// NOTE: Mean and 1/sqrt(population variance + 1e-5) over the last dim.
// RULE: tol:rtol=1e-5,atol=1e-6
// REQUIRES: op=tessera.normalization_stats dtype=f32 level=graph
// INPUT: 0 tensor<5x9xf32> hex:4044becf,c045d645,3f2b1d40,3fac4454,bf85f170,3f311760,3ef14f53,404ed80f,be80d49c,c05293e7,3fc670a6,3fa5960d,3f71a517,3e99b1ff,3d7f2bb3,c04c3a28,407d558f,bf64fcb5,bfb57dab,bfa1f2d7,c00f4184,c03050b1,3ff9f5c2,bf8a35ad,401b48f2,bfc9cbb1,3f9764df,c033b827,c045c469,3f4ba1f6,3f8dde82,bf246679,bfa257ee,bfbe87a3,3fef396d,c022cb77,c02bba7a,4066115d,3ffcec55,bea42fb6,3fcd4cb9,3f5bf2e4,c0687b13,c05725bb,3ffe7a5d
// EXPECT: 0 tensor<5xf32> hex:3f10e676,3da6c6ad,bf07b3f3,bf657ea7,3b2d93e4
// EXPECT: 1 tensor<5xf32> hex:3f0aa492,3eebaafd,3f10075b,3f15dcbc,3ecd75ce
// GENERATOR: conformance/gen/graph_misc.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module {
  func.func @main(%a0: tensor<5x9xf32>) -> (tensor<5xf32>, tensor<5xf32>) {
    %r0, %r1 = "tessera.normalization_stats"(%a0) : (tensor<5x9xf32>) -> (tensor<5xf32>, tensor<5xf32>)
    return %r0, %r1 : tensor<5xf32>, tensor<5xf32>
  }
}

// -----

// CASE: compare_scalar_ge
// NOTE: -0 >= 0; NaN compares false.
// RULE: bitexact
// REQUIRES: op=tessera.compare_scalar dtype=f32 level=graph
// INPUT: 0 tensor<2x4xf32> hex:bf800000,00000000,80000000,3e800000,7f800000,ff800000,7fc00000,40400000
// EXPECT: 0 tensor<2x4xi1> hex:00,01,01,01,01,00,00,01
// GENERATOR: conformance/gen/graph_misc.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module {
  func.func @main(%a0: tensor<2x4xf32>) -> tensor<2x4xi1> {
    %r0 = "tessera.compare_scalar"(%a0) {predicate = "ge", rhs = 0.0 : f64} : (tensor<2x4xf32>) -> tensor<2x4xi1>
    return %r0 : tensor<2x4xi1>
  }
}

// -----

// CASE: masked_fill_f32
// RULE: bitexact
// REQUIRES: op=tessera.masked_fill dtype=f32 level=graph
// INPUT: 0 tensor<3x4xf32> hex:3ee9f17c,3e8bbde9,3f0f303a,3e313f7e,3df9143c,3ee41e35,3f4ff561,beb4d1e5,3eb599e3,3f49ce74,3f6c6d1e,be3a9efb
// INPUT: 1 tensor<3x4xi1> hex:01,00,00,01,00,01,00,01,01,01,00,01
// EXPECT: 0 tensor<3x4xf32> hex:c0200000,3e8bbde9,3f0f303a,c0200000,3df9143c,c0200000,3f4ff561,c0200000,c0200000,c0200000,3f6c6d1e,c0200000
// GENERATOR: conformance/gen/graph_misc.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module {
  func.func @main(%a0: tensor<3x4xf32>, %a1: tensor<3x4xi1>) -> tensor<3x4xf32> {
    %r0 = "tessera.masked_fill"(%a0, %a1) {value = -2.5 : f64} : (tensor<3x4xf32>, tensor<3x4xi1>) -> tensor<3x4xf32>
    return %r0 : tensor<3x4xf32>
  }
}

// -----

// CASE: broadcast_in_dim_middle
// NOTE: Operand dim 0 goes to result dim 1.
// RULE: bitexact
// REQUIRES: op=tessera.broadcast_in_dim dtype=f32 level=graph
// INPUT: 0 tensor<3xf32> hex:3ecddaf1,be81d1d2,3d9c6fc5
// EXPECT: 0 tensor<2x3x4xf32> hex:3ecddaf1,3ecddaf1,3ecddaf1,3ecddaf1,be81d1d2,be81d1d2,be81d1d2,be81d1d2,3d9c6fc5,3d9c6fc5,3d9c6fc5,3d9c6fc5,3ecddaf1,3ecddaf1,3ecddaf1,3ecddaf1,be81d1d2,be81d1d2,be81d1d2,be81d1d2,3d9c6fc5,3d9c6fc5,3d9c6fc5,3d9c6fc5
// GENERATOR: conformance/gen/graph_misc.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module {
  func.func @main(%a0: tensor<3xf32>) -> tensor<2x3x4xf32> {
    %r0 = "tessera.broadcast_in_dim"(%a0) {broadcast_dimensions = [1]} : (tensor<3xf32>) -> tensor<2x3x4xf32>
    return %r0 : tensor<2x3x4xf32>
  }
}
