// tessera.mse: sequential sum of squared differences.
// Generated file: edit the generator named in each case, then rerun it.

// CASE: mean_f32
// RULE: bitexact
// REQUIRES: op=tessera.mse dtype=f32 level=graph
// INPUT: 0 tensor<4x8xf32> hex:3fb8871e,bef4d98d,bee292cc,3fc4c281,3e903d9e,3f89b440,bed27338,bf10027c,3dd545fd,bdd96f90,3f65c423,3fc4a394,3fcf1677,40068399,bfab9dd0,c04ba5af,bfa970a2,be8948d5,bf1d23d5,3fcf321e,c0054e7a,bed2a5a7,3fe23b9b,3f604df6,3e9c233b,bdc36f82,3fd38a52,3eced824,3f0aaaf8,bec26533,3de0106f,3f034734
// INPUT: 1 tensor<4x8xf32> hex:bda40db8,be4fe9ba,3e88c338,3f5e809e,3e800b46,3fac0dbc,3f35a7bc,bf405bb9,bf4becaa,3ecacd2b,3df1f36f,3ebed4cf,bf90c7ae,be14772f,c0009519,3f48a551,3f11483b,3f43e0aa,3f69f910,bf7bf6bb,3fe9c038,3f03fba7,beb48ce5,bf07c61c,3ec26dad,3f477141,3e849ef1,3eb4b916,bf80ce60,beebb2b0,3fa19e90,bf0e2410
// EXPECT: 0 tensor<f32> hex:4020ee37
// GENERATOR: conformance/gen/graph_loss.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module {
  func.func @main(%a: tensor<4x8xf32>, %b: tensor<4x8xf32>) -> tensor<f32> {
    %0 = "tessera.mse"(%a, %b) : (tensor<4x8xf32>, tensor<4x8xf32>) -> tensor<f32>
    return %0 : tensor<f32>
  }
}

// -----

// CASE: mean_f32_f64ref
// NOTE: Same program against float64 numpy.
// RULE: tol:rtol=1e-5
// REQUIRES: op=tessera.mse dtype=f32 level=graph
// INPUT: 0 tensor<4x8xf32> hex:3fb8871e,bef4d98d,bee292cc,3fc4c281,3e903d9e,3f89b440,bed27338,bf10027c,3dd545fd,bdd96f90,3f65c423,3fc4a394,3fcf1677,40068399,bfab9dd0,c04ba5af,bfa970a2,be8948d5,bf1d23d5,3fcf321e,c0054e7a,bed2a5a7,3fe23b9b,3f604df6,3e9c233b,bdc36f82,3fd38a52,3eced824,3f0aaaf8,bec26533,3de0106f,3f034734
// INPUT: 1 tensor<4x8xf32> hex:bda40db8,be4fe9ba,3e88c338,3f5e809e,3e800b46,3fac0dbc,3f35a7bc,bf405bb9,bf4becaa,3ecacd2b,3df1f36f,3ebed4cf,bf90c7ae,be14772f,c0009519,3f48a551,3f11483b,3f43e0aa,3f69f910,bf7bf6bb,3fe9c038,3f03fba7,beb48ce5,bf07c61c,3ec26dad,3f477141,3e849ef1,3eb4b916,bf80ce60,beebb2b0,3fa19e90,bf0e2410
// EXPECT: 0 tensor<f32> hex:4020ee37
// GENERATOR: conformance/gen/graph_loss.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module {
  func.func @main(%a: tensor<4x8xf32>, %b: tensor<4x8xf32>) -> tensor<f32> {
    %0 = "tessera.mse"(%a, %b) : (tensor<4x8xf32>, tensor<4x8xf32>) -> tensor<f32>
    return %0 : tensor<f32>
  }
}

// -----

// CASE: sum_f32
// RULE: bitexact
// REQUIRES: op=tessera.mse dtype=f32 level=graph
// INPUT: 0 tensor<4x8xf32> hex:3fb8871e,bef4d98d,bee292cc,3fc4c281,3e903d9e,3f89b440,bed27338,bf10027c,3dd545fd,bdd96f90,3f65c423,3fc4a394,3fcf1677,40068399,bfab9dd0,c04ba5af,bfa970a2,be8948d5,bf1d23d5,3fcf321e,c0054e7a,bed2a5a7,3fe23b9b,3f604df6,3e9c233b,bdc36f82,3fd38a52,3eced824,3f0aaaf8,bec26533,3de0106f,3f034734
// INPUT: 1 tensor<4x8xf32> hex:bda40db8,be4fe9ba,3e88c338,3f5e809e,3e800b46,3fac0dbc,3f35a7bc,bf405bb9,bf4becaa,3ecacd2b,3df1f36f,3ebed4cf,bf90c7ae,be14772f,c0009519,3f48a551,3f11483b,3f43e0aa,3f69f910,bf7bf6bb,3fe9c038,3f03fba7,beb48ce5,bf07c61c,3ec26dad,3f477141,3e849ef1,3eb4b916,bf80ce60,beebb2b0,3fa19e90,bf0e2410
// EXPECT: 0 tensor<f32> hex:42a0ee37
// GENERATOR: conformance/gen/graph_loss.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module {
  func.func @main(%a: tensor<4x8xf32>, %b: tensor<4x8xf32>) -> tensor<f32> {
    %0 = "tessera.mse"(%a, %b) {reduction = "sum"} : (tensor<4x8xf32>, tensor<4x8xf32>) -> tensor<f32>
    return %0 : tensor<f32>
  }
}

// -----

// CASE: sum_f32_f64ref
// NOTE: Same program against float64 numpy.
// RULE: tol:rtol=1e-5
// REQUIRES: op=tessera.mse dtype=f32 level=graph
// INPUT: 0 tensor<4x8xf32> hex:3fb8871e,bef4d98d,bee292cc,3fc4c281,3e903d9e,3f89b440,bed27338,bf10027c,3dd545fd,bdd96f90,3f65c423,3fc4a394,3fcf1677,40068399,bfab9dd0,c04ba5af,bfa970a2,be8948d5,bf1d23d5,3fcf321e,c0054e7a,bed2a5a7,3fe23b9b,3f604df6,3e9c233b,bdc36f82,3fd38a52,3eced824,3f0aaaf8,bec26533,3de0106f,3f034734
// INPUT: 1 tensor<4x8xf32> hex:bda40db8,be4fe9ba,3e88c338,3f5e809e,3e800b46,3fac0dbc,3f35a7bc,bf405bb9,bf4becaa,3ecacd2b,3df1f36f,3ebed4cf,bf90c7ae,be14772f,c0009519,3f48a551,3f11483b,3f43e0aa,3f69f910,bf7bf6bb,3fe9c038,3f03fba7,beb48ce5,bf07c61c,3ec26dad,3f477141,3e849ef1,3eb4b916,bf80ce60,beebb2b0,3fa19e90,bf0e2410
// EXPECT: 0 tensor<f32> hex:42a0ee37
// GENERATOR: conformance/gen/graph_loss.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module {
  func.func @main(%a: tensor<4x8xf32>, %b: tensor<4x8xf32>) -> tensor<f32> {
    %0 = "tessera.mse"(%a, %b) {reduction = "sum"} : (tensor<4x8xf32>, tensor<4x8xf32>) -> tensor<f32>
    return %0 : tensor<f32>
  }
}

// -----

// CASE: explicit_mean_f32
// RULE: bitexact
// REQUIRES: op=tessera.mse dtype=f32 level=graph
// INPUT: 0 tensor<4x8xf32> hex:3fb8871e,bef4d98d,bee292cc,3fc4c281,3e903d9e,3f89b440,bed27338,bf10027c,3dd545fd,bdd96f90,3f65c423,3fc4a394,3fcf1677,40068399,bfab9dd0,c04ba5af,bfa970a2,be8948d5,bf1d23d5,3fcf321e,c0054e7a,bed2a5a7,3fe23b9b,3f604df6,3e9c233b,bdc36f82,3fd38a52,3eced824,3f0aaaf8,bec26533,3de0106f,3f034734
// INPUT: 1 tensor<4x8xf32> hex:bda40db8,be4fe9ba,3e88c338,3f5e809e,3e800b46,3fac0dbc,3f35a7bc,bf405bb9,bf4becaa,3ecacd2b,3df1f36f,3ebed4cf,bf90c7ae,be14772f,c0009519,3f48a551,3f11483b,3f43e0aa,3f69f910,bf7bf6bb,3fe9c038,3f03fba7,beb48ce5,bf07c61c,3ec26dad,3f477141,3e849ef1,3eb4b916,bf80ce60,beebb2b0,3fa19e90,bf0e2410
// EXPECT: 0 tensor<f32> hex:4020ee37
// GENERATOR: conformance/gen/graph_loss.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module {
  func.func @main(%a: tensor<4x8xf32>, %b: tensor<4x8xf32>) -> tensor<f32> {
    %0 = "tessera.mse"(%a, %b) {reduction = "mean"} : (tensor<4x8xf32>, tensor<4x8xf32>) -> tensor<f32>
    return %0 : tensor<f32>
  }
}

// -----

// CASE: order_f32
// NOTE: 1e8 + 1 rounds away the 1: only the sequential order gives this sum.
// RULE: bitexact
// REQUIRES: op=tessera.mse dtype=f32 level=graph
// INPUT: 0 tensor<6xf32> hex:461c4000,3f800000,c61c4000,40400000,3e800000,3a83126f
// INPUT: 1 tensor<6xf32> hex:00000000,00000000,00000000,00000000,00000000,00000000
// EXPECT: 0 tensor<f32> hex:4d3ebc21
// GENERATOR: conformance/gen/graph_loss.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module {
  func.func @main(%a: tensor<6xf32>, %b: tensor<6xf32>) -> tensor<f32> {
    %0 = "tessera.mse"(%a, %b) {reduction = "sum"} : (tensor<6xf32>, tensor<6xf32>) -> tensor<f32>
    return %0 : tensor<f32>
  }
}

// -----

// CASE: inf_f32
// NOTE: An infinite difference gives Inf.
// RULE: bitexact
// REQUIRES: op=tessera.mse dtype=f32 level=graph
// INPUT: 0 tensor<2x2xf32> hex:3f800000,7f800000,40000000,40400000
// INPUT: 1 tensor<2x2xf32> hex:3f800000,3f800000,3f800000,3f800000
// EXPECT: 0 tensor<f32> hex:7f800000
// GENERATOR: conformance/gen/graph_loss.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module {
  func.func @main(%a: tensor<2x2xf32>, %b: tensor<2x2xf32>) -> tensor<f32> {
    %0 = "tessera.mse"(%a, %b) : (tensor<2x2xf32>, tensor<2x2xf32>) -> tensor<f32>
    return %0 : tensor<f32>
  }
}

// -----

// CASE: nan_f32
// RULE: bitexact
// REQUIRES: op=tessera.mse dtype=f32 level=graph
// INPUT: 0 tensor<2xf32> hex:3f800000,7fc00000
// INPUT: 1 tensor<2xf32> hex:00000000,00000000
// EXPECT: 0 tensor<f32> hex:7fc00000
// GENERATOR: conformance/gen/graph_loss.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module {
  func.func @main(%a: tensor<2xf32>, %b: tensor<2xf32>) -> tensor<f32> {
    %0 = "tessera.mse"(%a, %b) : (tensor<2xf32>, tensor<2xf32>) -> tensor<f32>
    return %0 : tensor<f32>
  }
}

// -----

// CASE: inf_minus_inf_f32
// NOTE: Inf - Inf is NaN.
// RULE: bitexact
// REQUIRES: op=tessera.mse dtype=f32 level=graph
// INPUT: 0 tensor<1xf32> hex:7f800000
// INPUT: 1 tensor<1xf32> hex:7f800000
// EXPECT: 0 tensor<f32> hex:ffc00000
// GENERATOR: conformance/gen/graph_loss.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module {
  func.func @main(%a: tensor<1xf32>, %b: tensor<1xf32>) -> tensor<f32> {
    %0 = "tessera.mse"(%a, %b) : (tensor<1xf32>, tensor<1xf32>) -> tensor<f32>
    return %0 : tensor<f32>
  }
}

// -----

// CASE: empty_mean_f32
// NOTE: No elements: mean is 0 / 0 = NaN.
// RULE: bitexact
// REQUIRES: op=tessera.mse dtype=f32 level=graph
// INPUT: 0 tensor<0x3xf32> hex:
// INPUT: 1 tensor<0x3xf32> hex:
// EXPECT: 0 tensor<f32> hex:ffc00000
// GENERATOR: conformance/gen/graph_loss.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module {
  func.func @main(%a: tensor<0x3xf32>, %b: tensor<0x3xf32>) -> tensor<f32> {
    %0 = "tessera.mse"(%a, %b) : (tensor<0x3xf32>, tensor<0x3xf32>) -> tensor<f32>
    return %0 : tensor<f32>
  }
}

// -----

// CASE: empty_sum_f32
// NOTE: No elements: sum is +0.
// RULE: bitexact
// REQUIRES: op=tessera.mse dtype=f32 level=graph
// INPUT: 0 tensor<0xf32> hex:
// INPUT: 1 tensor<0xf32> hex:
// EXPECT: 0 tensor<f32> hex:00000000
// GENERATOR: conformance/gen/graph_loss.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module {
  func.func @main(%a: tensor<0xf32>, %b: tensor<0xf32>) -> tensor<f32> {
    %0 = "tessera.mse"(%a, %b) {reduction = "sum"} : (tensor<0xf32>, tensor<0xf32>) -> tensor<f32>
    return %0 : tensor<f32>
  }
}

// -----

// CASE: scalar_f32
// NOTE: Rank-0 operands.
// RULE: bitexact
// REQUIRES: op=tessera.mse dtype=f32 level=graph
// INPUT: 0 tensor<f32> hex:40400000
// INPUT: 1 tensor<f32> hex:3fc00000
// EXPECT: 0 tensor<f32> hex:40100000
// GENERATOR: conformance/gen/graph_loss.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module {
  func.func @main(%a: tensor<f32>, %b: tensor<f32>) -> tensor<f32> {
    %0 = "tessera.mse"(%a, %b) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    return %0 : tensor<f32>
  }
}

// -----

// CASE: mean_f64
// RULE: bitexact
// REQUIRES: op=tessera.mse dtype=f64 level=graph
// INPUT: 0 tensor<3x5xf64> hex:bffbfb33f0901494,3fdfdb23c5c98114,bfe427fed7d7e609,bfd81be0e9bfd971,bfe3f05b42674775,3fca05f7beced387,bff80e8bf713fd14,bfd3365d6803736e,4001b62ea2aed0bb,bff955a54f1e2753,bfd735311d09c98c,bfa9b365f5f209f6,3fd1d22283870fd8,3fb698f3d015100e,3fe20b2438d5589f
// INPUT: 1 tensor<3x5xf64> hex:3fbd5403fed7904f,bff8384a3adf1707,3fc40bc6daeebf81,3ff54059f0d84b5a,bffa50d028ff1487,3feb4e600cd1dadf,3fed8ecb510085b5,bfd02a3946255c59,bfd3e08c629f1df2,3fed59899e5cf57a,3ff9906fc7e9101a,bff4631ff442b121,bfa6225be233651c,bffbc94c88023015,bfd19dbd440c1a07
// EXPECT: 0 tensor<f64> hex:40059ad5d2e59430
// GENERATOR: conformance/gen/graph_loss.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module {
  func.func @main(%a: tensor<3x5xf64>, %b: tensor<3x5xf64>) -> tensor<f64> {
    %0 = "tessera.mse"(%a, %b) : (tensor<3x5xf64>, tensor<3x5xf64>) -> tensor<f64>
    return %0 : tensor<f64>
  }
}

// -----

// CASE: mean_f64_f64ref
// NOTE: Same program against float64 numpy.
// RULE: tol:rtol=1e-13
// REQUIRES: op=tessera.mse dtype=f64 level=graph
// INPUT: 0 tensor<3x5xf64> hex:bffbfb33f0901494,3fdfdb23c5c98114,bfe427fed7d7e609,bfd81be0e9bfd971,bfe3f05b42674775,3fca05f7beced387,bff80e8bf713fd14,bfd3365d6803736e,4001b62ea2aed0bb,bff955a54f1e2753,bfd735311d09c98c,bfa9b365f5f209f6,3fd1d22283870fd8,3fb698f3d015100e,3fe20b2438d5589f
// INPUT: 1 tensor<3x5xf64> hex:3fbd5403fed7904f,bff8384a3adf1707,3fc40bc6daeebf81,3ff54059f0d84b5a,bffa50d028ff1487,3feb4e600cd1dadf,3fed8ecb510085b5,bfd02a3946255c59,bfd3e08c629f1df2,3fed59899e5cf57a,3ff9906fc7e9101a,bff4631ff442b121,bfa6225be233651c,bffbc94c88023015,bfd19dbd440c1a07
// EXPECT: 0 tensor<f64> hex:40059ad5d2e59432
// GENERATOR: conformance/gen/graph_loss.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module {
  func.func @main(%a: tensor<3x5xf64>, %b: tensor<3x5xf64>) -> tensor<f64> {
    %0 = "tessera.mse"(%a, %b) : (tensor<3x5xf64>, tensor<3x5xf64>) -> tensor<f64>
    return %0 : tensor<f64>
  }
}

// -----

// CASE: mean_40x50_f32
// RULE: bitexact
// REQUIRES: op=tessera.mse dtype=f32 level=graph
// INPUT: 0 tensor<40x50xf32> npy:mse.mean_40x50_f32.input0.npy
// INPUT: 1 tensor<40x50xf32> npy:mse.mean_40x50_f32.input1.npy
// EXPECT: 0 tensor<f32> hex:3ff63cf0
// GENERATOR: conformance/gen/graph_loss.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module {
  func.func @main(%a: tensor<40x50xf32>, %b: tensor<40x50xf32>) -> tensor<f32> {
    %0 = "tessera.mse"(%a, %b) : (tensor<40x50xf32>, tensor<40x50xf32>) -> tensor<f32>
    return %0 : tensor<f32>
  }
}

// -----

// CASE: mean_40x50_f32_f64ref
// NOTE: Same program against float64 numpy.
// RULE: tol:rtol=1e-5
// REQUIRES: op=tessera.mse dtype=f32 level=graph
// INPUT: 0 tensor<40x50xf32> npy:mse.mean_40x50_f32_f64ref.input0.npy
// INPUT: 1 tensor<40x50xf32> npy:mse.mean_40x50_f32_f64ref.input1.npy
// EXPECT: 0 tensor<f32> hex:3ff63ce9
// GENERATOR: conformance/gen/graph_loss.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module {
  func.func @main(%a: tensor<40x50xf32>, %b: tensor<40x50xf32>) -> tensor<f32> {
    %0 = "tessera.mse"(%a, %b) : (tensor<40x50xf32>, tensor<40x50xf32>) -> tensor<f32>
    return %0 : tensor<f32>
  }
}
