// tessera.ebm ops: Langevin steps, candidates, the exact partition function.
// Generated file: edit the generator named in each case, then rerun it.

// CASE: langevin_temperature
// NOTE: Amplitude sqrt(2 eta T).
// RULE: bitexact
// REQUIRES: op=tessera.ebm.langevin_step dtype=f32 level=graph
// INPUT: 0 tensor<3x5xf32> hex:be2a872b,400b75da,bfc4975a,be010b69,3f5ed845,3fc6fe98,bfd0f7af,bfc198ee,3d960bb6,3ee83111,c006b15f,3f1679e1,bd2e4314,3db409aa,3f70ebfa
// INPUT: 1 tensor<3x5xf32> hex:3f9b84b5,bfbfa2f6,3f983015,bf796fbc,bf4abe51,3fb23cc0,bef11328,be6a7f13,3fa26b5f,3f86f90f,c01b3c71,3f5f3783,3f5b3a57,3f75081c,bec2e556
// INPUT: 2 tensor<3x5xf32> hex:bfde5470,bdce9447,3f2a60d0,3f4a0f6e,3ffae434,3ef25187,bf3454c9,3f8d4c78,3f7baadc,bf12797b,3f4551f6,3f0e7b4c,3eefb63d,403b1f42,3e32c24d
// EXPECT: 0 tensor<3x5xf32> hex:becd4cb3,400f9b10,bfc3ae84,3ad55ab3,3f8d9483,3fc423ff,bfd6f87c,bfb2007d,3ddd71b4,3eafe6f5,bff3ff00,3f19903c,bd1ddff6,3eaa3436,3f7a435e
// GENERATOR: conformance/gen/graph_gaebm.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module {
  func.func @main(%a0: tensor<3x5xf32>, %a1: tensor<3x5xf32>, %a2: tensor<3x5xf32>) -> tensor<3x5xf32> {
    %r = "tessera.ebm.langevin_step"(%a0, %a1, %a2) {eta = 0.05 : f64, temperature = 0.1 : f64} : (tensor<3x5xf32>, tensor<3x5xf32>, tensor<3x5xf32>) -> tensor<3x5xf32>
    return %r : tensor<3x5xf32>
  }
}

// -----

// CASE: refinement_4
// RULE: bitexact
// REQUIRES: op=tessera.ebm.refinement dtype=f32 level=graph
// INPUT: 0 tensor<3x5xf32> hex:be2a872b,400b75da,bfc4975a,be010b69,3f5ed845,3fc6fe98,bfd0f7af,bfc198ee,3d960bb6,3ee83111,c006b15f,3f1679e1,bd2e4314,3db409aa,3f70ebfa
// INPUT: 1 tensor<3x5xf32> hex:3f9b84b5,bfbfa2f6,3f983015,bf796fbc,bf4abe51,3fb23cc0,bef11328,be6a7f13,3fa26b5f,3f86f90f,c01b3c71,3f5f3783,3f5b3a57,3f75081c,bec2e556
// EXPECT: 0 tensor<3x5xf32> hex:bf462680,403b5e98,c00857b2,3eb8ea08,3fa21bb7,3f5bc070,bfb2d54a,bfb2f0fd,bf0fa9e8,bd970434,bf644c9a,3e1b787e,bef102ba,bec805b2,3f90d2a8
// GENERATOR: conformance/gen/graph_gaebm.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module {
  func.func @main(%a0: tensor<3x5xf32>, %a1: tensor<3x5xf32>) -> tensor<3x5xf32> {
    %r = "tessera.ebm.refinement"(%a0, %a1) {eta = 0.125 : f64, steps = 4 : i64} : (tensor<3x5xf32>, tensor<3x5xf32>) -> tensor<3x5xf32>
    return %r : tensor<3x5xf32>
  }
}

// -----

// CASE: philox_step
// NOTE: Philox4x32-10, counter + element index (carrying into word 1).
// RULE: ulp:1
// REQUIRES: op=tessera.ebm.langevin_step_philox dtype=f32 level=graph
// INPUT: 0 tensor<3x5xf32> hex:be2a872b,400b75da,bfc4975a,be010b69,3f5ed845,3fc6fe98,bfd0f7af,bfc198ee,3d960bb6,3ee83111,c006b15f,3f1679e1,bd2e4314,3db409aa,3f70ebfa
// INPUT: 1 tensor<3x5xf32> hex:3f9b84b5,bfbfa2f6,3f983015,bf796fbc,bf4abe51,3fb23cc0,bef11328,be6a7f13,3fa26b5f,3f86f90f,c01b3c71,3f5f3783,3f5b3a57,3f75081c,bec2e556
// INPUT: 2 tensor<1xi64> hex:0000000000000007
// INPUT: 3 tensor<4xi64> hex:00000000fffffffe,0000000000000003,0000000000000000,0000000000000000
// EXPECT: 0 tensor<3x5xf32> hex:3dd8be4a,4005fa77,bfa2540c,bc29d4e9,3f21b55f,3f9cd5fb,bfabde50,bfe8ef68,be32bced,3f20a4f2,c00fb087,bcf6030b,3ea27e2f,3e8fa6f0,3f9e8db4
// GENERATOR: conformance/gen/graph_gaebm.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module {
  func.func @main(%a0: tensor<3x5xf32>, %a1: tensor<3x5xf32>, %a2: tensor<1xi64>, %a3: tensor<4xi64>) -> tensor<3x5xf32> {
    %r = "tessera.ebm.langevin_step_philox"(%a0, %a1, %a2, %a3) {eta = 0.125 : f64, temperature = 0.5 : f64} : (tensor<3x5xf32>, tensor<3x5xf32>, tensor<1xi64>, tensor<4xi64>) -> tensor<3x5xf32>
    return %r : tensor<3x5xf32>
  }
}

// -----

// CASE: energy_quadratic
// RULE: bitexact
// REQUIRES: op=tessera.ebm.energy_quadratic dtype=f32 level=graph
// INPUT: 0 tensor<3x5xf32> hex:be2a872b,400b75da,bfc4975a,be010b69,3f5ed845,3fc6fe98,bfd0f7af,bfc198ee,3d960bb6,3ee83111,c006b15f,3f1679e1,bd2e4314,3db409aa,3f70ebfa
// INPUT: 1 tensor<3x5xf32> hex:3f9b84b5,bfbfa2f6,3f983015,bf796fbc,bf4abe51,3fb23cc0,bef11328,be6a7f13,3fa26b5f,3f86f90f,c01b3c71,3f5f3783,3f5b3a57,3f75081c,bec2e556
// EXPECT: 0 tensor<3xf32> hex:4152a6c0,401a0b85,3fdfa4b3
// GENERATOR: conformance/gen/graph_gaebm.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module {
  func.func @main(%a0: tensor<3x5xf32>, %a1: tensor<3x5xf32>) -> tensor<3xf32> {
    %r = "tessera.ebm.energy_quadratic"(%a0, %a1) {} : (tensor<3x5xf32>, tensor<3x5xf32>) -> tensor<3xf32>
    return %r : tensor<3xf32>
  }
}

// -----

// CASE: self_verify_argmin
// RULE: bitexact
// REQUIRES: op=tessera.ebm.self_verify dtype=f32 level=graph
// INPUT: 0 tensor<2x3xf32> hex:bfd2e1ab,3f0ad7eb,bfac72ab,beb0ed48,400e427e,bead0214
// INPUT: 1 tensor<2x3x4xf32> hex:bfd16e2e,3e7f8355,bd60b8fe,bef1ec11,bf74d63a,bfa37c63,bf6f34e5,bf66117e,3fc5f466,bee9c1eb,bf8459ae,3fb83513,3dbfb607,bf134e78,3fb7ce1b,3e4349a2,3e8b51be,bf5089fd,be96e9e0,be9c3117,bfd007a4,bf2e20dc,3ef27497,bfb4f9f5
// EXPECT: 0 tensor<2x4xf32> hex:bfd16e2e,3e7f8355,bd60b8fe,bef1ec11,3dbfb607,bf134e78,3fb7ce1b,3e4349a2
// GENERATOR: conformance/gen/graph_gaebm.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module {
  func.func @main(%a0: tensor<2x3xf32>, %a1: tensor<2x3x4xf32>) -> tensor<2x4xf32> {
    %r = "tessera.ebm.self_verify"(%a0, %a1) {} : (tensor<2x3xf32>, tensor<2x3x4xf32>) -> tensor<2x4xf32>
    return %r : tensor<2x4xf32>
  }
}

// -----

// CASE: partition_logsumexp
// RULE: ulp:1
// REQUIRES: op=tessera.ebm.partition_exact dtype=f32 level=graph
// INPUT: 0 tensor<2x3xf32> hex:bfd2e1ab,3f0ad7eb,bfac72ab,beb0ed48,400e427e,bead0214
// EXPECT: 0 tensor<f32> hex:403b7919
// GENERATOR: conformance/gen/graph_gaebm.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module {
  func.func @main(%a0: tensor<2x3xf32>) -> tensor<f32> {
    %r = "tessera.ebm.partition_exact"(%a0) {temperature = 0.75 : f64, reduction = "logsumexp"} : (tensor<2x3xf32>) -> tensor<f32>
    return %r : tensor<f32>
  }
}

// -----

// CASE: sphere_tangent
// NOTE: Tangent projection, then the retraction w / |w|.
// RULE: ulp:1
// REQUIRES: op=tessera.ebm.sphere_langevin_step dtype=f32 level=graph
// INPUT: 0 tensor<2x8xf32> hex:3e3fd26a,3c671ad9,3f03e217,3efde780,bda6907b,bf092255,3eae65d6,be564d13,3e4fa183,3f44d520,3df15c73,bd657038,3ed11640,be9510e4,be838610,3e3a7c54
// INPUT: 1 tensor<2x8xf32> hex:c0289a5b,3ef8a052,bdd84fef,3fad545d,4006f34a,bdab730c,3f92e104,bfb6222d,4009993b,bee1c590,c0112ebc,3f778002,becc6745,bf10a0b7,be6d0072,3ea8b3ed
// EXPECT: 0 tensor<2x8xf32> hex:3e5bf276,3c190515,3f04f54f,3ef886c2,bdd2bad6,bf09c1c6,3ea99781,be490cda,3e394b06,3f45a4b5,3e0fb3ab,bd8652a5,3ed2caed,be91ef4d,be822097,3e36d019
// GENERATOR: conformance/gen/graph_gaebm.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module {
  func.func @main(%a0: tensor<2x8xf32>, %a1: tensor<2x8xf32>) -> tensor<2x8xf32> {
    %r = "tessera.ebm.sphere_langevin_step"(%a0, %a1) {eta = 0.01 : f64, normalized_state = true} : (tensor<2x8xf32>, tensor<2x8xf32>) -> tensor<2x8xf32>
    return %r : tensor<2x8xf32>
  }
}

// -----

// CASE: inner_step_noise_scale
// RULE: bitexact
// REQUIRES: op=tessera.ebm.inner_step dtype=f32 level=graph
// INPUT: 0 tensor<3x5xf32> hex:be2a872b,400b75da,bfc4975a,be010b69,3f5ed845,3fc6fe98,bfd0f7af,bfc198ee,3d960bb6,3ee83111,c006b15f,3f1679e1,bd2e4314,3db409aa,3f70ebfa
// INPUT: 1 tensor<3x5xf32> hex:3f9b84b5,bfbfa2f6,3f983015,bf796fbc,bf4abe51,3fb23cc0,bef11328,be6a7f13,3fa26b5f,3f86f90f,c01b3c71,3f5f3783,3f5b3a57,3f75081c,bec2e556
// INPUT: 2 tensor<3x5xf32> hex:bfde5470,bdce9447,3f2a60d0,3f4a0f6e,3ffae434,3ef25187,bf3454c9,3f8d4c78,3f7baadc,bf12797b,3f4551f6,3f0e7b4c,3eefb63d,403b1f42,3e32c24d
// EXPECT: 0 tensor<3x5xf32> hex:bf40ad30,4015d2e1,bfc25143,3e45bbe3,3fbad115,3fbfdc18,bfdff9af,bf9a9bd4,3e244558,3e36ef98,bfcde963,3f1e31c4,bd054b48,3f32ff74,3f84233a
// GENERATOR: conformance/gen/graph_gaebm.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module {
  func.func @main(%a0: tensor<3x5xf32>, %a1: tensor<3x5xf32>, %a2: tensor<3x5xf32>) -> tensor<3x5xf32> {
    %r = "tessera.ebm.inner_step"(%a0, %a1, %a2) {eta = 0.125 : f64, noise_scale = 0.25 : f64} : (tensor<3x5xf32>, tensor<3x5xf32>, tensor<3x5xf32>) -> tensor<3x5xf32>
    return %r : tensor<3x5xf32>
  }
}

// -----

// CASE: bivector_step
// NOTE: Only the grade-2 blades (indices 3, 5, 6) move; the others are 0.
// RULE: bitexact
// REQUIRES: op=tessera.ebm.bivector_langevin_step dtype=f32 level=graph
// INPUT: 0 tensor<2x8xf32> hex:3e3fd26a,3c671ad9,3f03e217,3efde780,bda6907b,bf092255,3eae65d6,be564d13,3e4fa183,3f44d520,3df15c73,bd657038,3ed11640,be9510e4,be838610,3e3a7c54
// INPUT: 1 tensor<2x8xf32> hex:c0289a5b,3ef8a052,bdd84fef,3fad545d,4006f34a,bdab730c,3f92e104,bfb6222d,4009993b,bee1c590,c0112ebc,3f778002,becc6745,bf10a0b7,be6d0072,3ea8b3ed
// INPUT: 2 tensor<2x8xf32> hex:3e3fd26a,3c671ad9,3f03e217,3efde780,bda6907b,bf092255,3eae65d6,be564d13,3e4fa183,3f44d520,3df15c73,bd657038,3ed11640,be9510e4,be838610,3e3a7c54
// EXPECT: 0 tensor<2x8xf32> hex:00000000,00000000,00000000,3f0d7076,00000000,bf1c5041,3ec12fac,00000000,00000000,00000000,00000000,bd96be30,00000000,bea74129,be94f05e,00000000
// GENERATOR: conformance/gen/graph_gaebm.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module {
  func.func @main(%a0: tensor<2x8xf32>, %a1: tensor<2x8xf32>, %a2: tensor<2x8xf32>) -> tensor<2x8xf32> {
    %r = "tessera.ebm.bivector_langevin_step"(%a0, %a1, %a2) {eta = 0.01 : f64, temperature = 1.0 : f64} : (tensor<2x8xf32>, tensor<2x8xf32>, tensor<2x8xf32>) -> tensor<2x8xf32>
    return %r : tensor<2x8xf32>
  }
}

// -----

// CASE: decode_init_copy
// RULE: bitexact
// REQUIRES: op=tessera.ebm.decode_init dtype=f32 level=graph
// INPUT: 0 tensor<3x5xf32> hex:be2a872b,400b75da,bfc4975a,be010b69,3f5ed845,3fc6fe98,bfd0f7af,bfc198ee,3d960bb6,3ee83111,c006b15f,3f1679e1,bd2e4314,3db409aa,3f70ebfa
// EXPECT: 0 tensor<3x2x5xf32> hex:be2a872b,400b75da,bfc4975a,be010b69,3f5ed845,be2a872b,400b75da,bfc4975a,be010b69,3f5ed845,3fc6fe98,bfd0f7af,bfc198ee,3d960bb6,3ee83111,3fc6fe98,bfd0f7af,bfc198ee,3d960bb6,3ee83111,c006b15f,3f1679e1,bd2e4314,3db409aa,3f70ebfa,c006b15f,3f1679e1,bd2e4314,3db409aa,3f70ebfa
// GENERATOR: conformance/gen/graph_gaebm.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module {
  func.func @main(%a0: tensor<3x5xf32>) -> tensor<3x2x5xf32> {
    %r = "tessera.ebm.decode_init"(%a0) {steps = 2 : i64, strategy = "copy"} : (tensor<3x5xf32>) -> tensor<3x2x5xf32>
    return %r : tensor<3x2x5xf32>
  }
}

// -----

// CASE: self_verify_nan_ties
// NOTE: Ties pick the first candidate, NaN energies never win, all NaN picks candidate 0.
// RULE: bitexact
// REQUIRES: op=tessera.ebm.self_verify dtype=f32 level=graph
// INPUT: 0 tensor<4x4xf32> hex:3f000000,bf800000,bf800000,40000000,7fc00000,40400000,7fc00000,3f800000,7fc00000,7fc00000,7fc00000,7fc00000,ff800000,00000000,ff800000,3f800000
// INPUT: 1 tensor<4x4x2x3xf32> hex:3f7c2ed0,3f859b51,bf1a41cd,bf958060,3f21d35a,3d094449,3f73ce69,3ce7d0ad,be4ae1c3,3f5d46d0,3e8eaa0d,3f1b6e26,bf635cd2,3f78a20e,bc49965b,bc920913,bf275f29,3e8b6be1,3e33b990,3eafd6d5,3e4d964b,bea3d561,bdb2a540,3e583dda,be460317,3f3dd4c1,bf5de27b,bee22fdf,bf796352,bf9133a8,3f205c0c,bfb492b8,bfb81451,befeaa86,3f7182fb,3f01c878,3e41342b,3fb6303e,bfaa6b49,4052be3a,3eef5224,bfdeef5d,bf9cf69b,3ee5b293,bf87abd6,bf8f5a20,bfa7085b,be826562,3eb94fc1,3f4f0dee,3f7f417e,becf2a22,3f01fc5a,bf6e9323,3c9eda7b,be86f0e7,3fe862f2,3f49b891,bf935849,be68976e,3e125065,3f1bb1a1,3eff8e29,3f2fc595,3e8d594e,3f8be578,3ef83c1b,bfa1c9cf,3f01ed58,bfa41c59,bd077569,befb21bb,3f3e79b7,bf9f7931,c00677e9,bf82a23e,3f4b56ca,3f315667,3f462a52,3e899f18,bc9d615f,bf7093c9,bf357b91,be9a26a8,3f898e5b,3ee99121,bda873fc,becb6d60,be83cffb,3f8b0c70,3ed0d713,3eddf361,bf0e5170,bfbf47b2,3f48d878,3fb12afd
// EXPECT: 0 tensor<4x2x3xf32> hex:3f73ce69,3ce7d0ad,be4ae1c3,3f5d46d0,3e8eaa0d,3f1b6e26,bf9cf69b,3ee5b293,bf87abd6,bf8f5a20,bfa7085b,be826562,3eb94fc1,3f4f0dee,3f7f417e,becf2a22,3f01fc5a,bf6e9323,3f3e79b7,bf9f7931,c00677e9,bf82a23e,3f4b56ca,3f315667
// GENERATOR: conformance/gen/graph_gaebm.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module {
  func.func @main(%a0: tensor<4x4xf32>, %a1: tensor<4x4x2x3xf32>) -> tensor<4x2x3xf32> {
    %r = "tessera.ebm.self_verify"(%a0, %a1) {} : (tensor<4x4xf32>, tensor<4x4x2x3xf32>) -> tensor<4x2x3xf32>
    return %r : tensor<4x2x3xf32>
  }
}

// -----

// CASE: decode_init_noise_operand
// NOTE: std * noise, in f64, rounded once to f32.
// RULE: bitexact
// REQUIRES: op=tessera.ebm.decode_init dtype=f32 level=graph
// INPUT: 0 tensor<2x4xf32> hex:be8f2177,3f2d2fbf,bde65b14,be98a43b,404b0f14,3f2b585c,bfc04b9c,3e850633
// INPUT: 1 tensor<2x3x4xf32> hex:3cd961a6,bee19f4e,c028d892,3dc7afc3,3ef209ad,3db5f3b1,3ddbba10,be6de49e,bf80136e,3fb7abc7,3f73d35a,3e8aca5b,beea2830,bf5051ea,3d82c20f,be8c12db,3cc67203,bf8e4292,3f10d605,4027a44c,bec799fd,bfad0f47,be366958,3fd5da13
// EXPECT: 0 tensor<2x3x4xf32> hex:3c026dca,be075f95,bf4a9d7c,3cef9fb7,3e113901,3cda57a1,3d03d60a,bd8ebc5f,be99b0ea,3edc67bc,3e924b9c,3da68c6d,be0c7e83,be79fbe6,3c9ce8df,bda816a0,3bee226a,beaab649,3e2dcda0,3f492b8e,bdef8596,becfabef,bd5ae4d0,3f004fa5
// GENERATOR: conformance/gen/graph_gaebm.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module {
  func.func @main(%a0: tensor<2x4xf32>, %a1: tensor<2x3x4xf32>) -> tensor<2x3x4xf32> {
    %r = "tessera.ebm.decode_init"(%a0, %a1) {operandSegmentSizes = array<i32: 1, 0, 1>, steps = 3 : i64, strategy = "noise", std = 0.3 : f64} : (tensor<2x4xf32>, tensor<2x3x4xf32>) -> tensor<2x3x4xf32>
    return %r : tensor<2x3x4xf32>
  }
}

// -----

// CASE: decode_init_randn
// NOTE: std * randn's normal of result element i (words 2i, 2i + 1 of (seed, 0)).
// RULE: bitexact
// REQUIRES: op=tessera.ebm.decode_init dtype=f32 level=graph
// INPUT: 0 tensor<2x3xf32> hex:bddd4c73,bfefbf78,bd5d3b5d,be269056,4005486f,3f910833
// EXPECT: 0 tensor<2x2x3xf32> hex:3e67e3f6,bebb6104,be72c1ee,bf6680a7,3efb4033,bd63c9b7,3e02997d,be32cc28,3efca01b,3dff1280,beaa8b6f,bdff60c6
// GENERATOR: conformance/gen/graph_gaebm.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module {
  func.func @main(%a0: tensor<2x3xf32>) -> tensor<2x2x3xf32> {
    %r = "tessera.ebm.decode_init"(%a0) {seed = 11 : i64, steps = 2 : i64, strategy = "noise", std = 0.5 : f64} : (tensor<2x3xf32>) -> tensor<2x2x3xf32>
    return %r : tensor<2x2x3xf32>
  }
}
