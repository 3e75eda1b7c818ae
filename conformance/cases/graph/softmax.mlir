// tessera.softmax: the safe form, sequential per row.
// Generated file: edit the generator named in each case, then rerun it.

// CASE: rows_f32
// NOTE: exp/log come from libm: see the generator's docstring.
// RULE: ulp:4
// REQUIRES: op=tessera.softmax dtype=f32 level=graph
// INPUT: 0 tensor<5x12xf32> hex:beabd9f2,c0963616,bff05913,40be6190,bb8edb12,3f6017ae,401147c8,3f9086db,3f583bf2,3fd7637f,c092bb38,c0a6f36e,be5d4558,c074222d,c06e3c3f,3f7a7695,c09c934a,4113056e,bf9dc55b,c07f01a1,40898ff8,c0457209,40a65e23,c0921c0a,c0cb046f,404abf53,400b8935,c0a6b519,bedd626b,c08def50,3f3b4587,3ff40b70,40aa67b4,3d8a27b9,407ccf50,40c58733,c03e29f1,c01a958c,bffe4738,40e74bf5,40765033,3f8e8488,bf878981,4085aa83,4007111c,c08dfca3,3e987e50,403dce32,400651d8,3ec13ee7,beab6507,3fadc33e,3fbee5fb,c0586913,bec5061e,3fe099a7,c0851f21,bf3f401b,c09b86b3,40e7d9e8
// EXPECT: 0 tensor<5x12xf32> hex:3ae57dd5,37bbf8e2,39c4632c,3f70787e,3b1fd035,3bc097de,3cc2354c,3bf83987,3bbac563,3c57e551,37d1911a,375ecfda,38a830fe,361347bd,36217f99,398ad4fa,35486268,3f796906,37f3723f,35f889bb,3bf01e10,3698bba0,3c93ac4d,358af461,3617231c,3cf9822e,3c39daa9,36eb0865,3a5a1727,377edc9a,3b2e9b5a,3c0d5c3b,3e86d8aa,3ab3c21d,3d886090,3f1d5e11,380d2b4b,38762337,38bcf790,3f67a68f,3cfc8b7f,3b031463,396ee92a,3d2f5d12,3bb19f3b,370261f6,3a67f303,3c50e380,3bbb4100,3a85f28a,3a036bce,3b3276da,3b4c075c,37c7d55c,39fa0247,3b84be05,373775b3,39ae0819,36b62e3e,3f7b660b
// GENERATOR: conformance/gen/graph_norm.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module {
  func.func @main(%x: tensor<5x12xf32>) -> tensor<5x12xf32> {
    %0 = "tessera.softmax"(%x) : (tensor<5x12xf32>) -> tensor<5x12xf32>
    return %0 : tensor<5x12xf32>
  }
}

// -----

// CASE: rows_f32_f64ref
// NOTE: Same program against the float64 formula.
// RULE: tol:rtol=1e-5,atol=1e-6
// REQUIRES: op=tessera.softmax dtype=f32 level=graph
// INPUT: 0 tensor<5x12xf32> hex:beabd9f2,c0963616,bff05913,40be6190,bb8edb12,3f6017ae,401147c8,3f9086db,3f583bf2,3fd7637f,c092bb38,c0a6f36e,be5d4558,c074222d,c06e3c3f,3f7a7695,c09c934a,4113056e,bf9dc55b,c07f01a1,40898ff8,c0457209,40a65e23,c0921c0a,c0cb046f,404abf53,400b8935,c0a6b519,bedd626b,c08def50,3f3b4587,3ff40b70,40aa67b4,3d8a27b9,407ccf50,40c58733,c03e29f1,c01a958c,bffe4738,40e74bf5,40765033,3f8e8488,bf878981,4085aa83,4007111c,c08dfca3,3e987e50,403dce32,400651d8,3ec13ee7,beab6507,3fadc33e,3fbee5fb,c0586913,bec5061e,3fe099a7,c0851f21,bf3f401b,c09b86b3,40e7d9e8
// EXPECT: 0 tensor<5x12xf32> hex:3ae57dd4,37bbf8e2,39c4632d,3f70787d,3b1fd036,3bc097dc,3cc2354c,3bf83985,3bbac564,3c57e54f,37d19119,375ecfd9,38a830fa,361347bc,36217f9d,398ad4fe,35486269,3f796908,37f3723b,35f889b9,3bf01e12,3698bb9e,3c93ac4e,358af461,3617231c,3cf9822d,3c39daa8,36eb0865,3a5a1728,377edca1,3b2e9b58,3c0d5c3b,3e86d8a9,3ab3c21c,3d88608f,3f1d5e10,380d2b4e,38762340,38bcf796,3f67a68f,3cfc8b7f,3b031464,396ee92f,3d2f5d13,3bb19f3c,370261f6,3a67f304,3c50e380,3bbb4101,3a85f28c,3a036bcc,3b3276d8,3b4c075b,37c7d55f,39fa0249,3b84be04,373775ad,39ae0818,36b62e44,3f7b660c
// GENERATOR: conformance/gen/graph_norm.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module {
  func.func @main(%x: tensor<5x12xf32>) -> tensor<5x12xf32> {
    %0 = "tessera.softmax"(%x) : (tensor<5x12xf32>) -> tensor<5x12xf32>
    return %0 : tensor<5x12xf32>
  }
}

// -----

// CASE: axis0_f32
// NOTE: axis = 0: strided rows.
// RULE: ulp:4
// REQUIRES: op=tessera.softmax dtype=f32 level=graph
// INPUT: 0 tensor<5x12xf32> hex:beabd9f2,c0963616,bff05913,40be6190,bb8edb12,3f6017ae,401147c8,3f9086db,3f583bf2,3fd7637f,c092bb38,c0a6f36e,be5d4558,c074222d,c06e3c3f,3f7a7695,c09c934a,4113056e,bf9dc55b,c07f01a1,40898ff8,c0457209,40a65e23,c0921c0a,c0cb046f,404abf53,400b8935,c0a6b519,bedd626b,c08def50,3f3b4587,3ff40b70,40aa67b4,3d8a27b9,407ccf50,40c58733,c03e29f1,c01a958c,bffe4738,40e74bf5,40765033,3f8e8488,bf878981,4085aa83,4007111c,c08dfca3,3e987e50,403dce32,400651d8,3ec13ee7,beab6507,3fadc33e,3fbee5fb,c0586913,bec5061e,3fe099a7,c0851f21,bf3f401b,c09b86b3,40e7d9e8
// EXPECT: 0 tensor<5x12xf32> hex:3d967a37,39bd50e8,3c7da95d,3e5e2fca,3c99d255,39807ad2,3f3d7e46,3d1ccb56,3c03a358,3f4549eb,38368555,363f78ab,3da996aa,3a6419c8,3b2062f1,3ac541f6,39144b87,3f7fdb41,3cb6a2f0,39716a84,3e821f7c,3bd69fdb,3f45c761,36b79f72,393d548c,3f700bac,3f654fff,364f716a,3c4884de,35a268fb,3e22be2b,3daa9763,3f359325,3e1ce9f8,3e62ec00,3e812e09,3bac8f19,3b6710c1,3c638137,3f47811f,3f629268,39a30350,3cd94862,3f4e7fb4,3ce96105,3ade1c8c,3bbc4c58,3c275179,3f5698f0,3d6bc920,3d9457a2,3b1019c5,3dab9d61,3668ff4e,3d552d5b,3d928c97,3861ff1b,3d8afa50,380aa8fe,3f3ccb2a
// GENERATOR: conformance/gen/graph_norm.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module {
  func.func @main(%x: tensor<5x12xf32>) -> tensor<5x12xf32> {
    %0 = "tessera.softmax"(%x) {axis = 0} : (tensor<5x12xf32>) -> tensor<5x12xf32>
    return %0 : tensor<5x12xf32>
  }
}

// -----

// CASE: axis0_f32_f64ref
// NOTE: Same program against the float64 formula.
// RULE: tol:rtol=1e-5,atol=1e-6
// REQUIRES: op=tessera.softmax dtype=f32 level=graph
// INPUT: 0 tensor<5x12xf32> hex:beabd9f2,c0963616,bff05913,40be6190,bb8edb12,3f6017ae,401147c8,3f9086db,3f583bf2,3fd7637f,c092bb38,c0a6f36e,be5d4558,c074222d,c06e3c3f,3f7a7695,c09c934a,4113056e,bf9dc55b,c07f01a1,40898ff8,c0457209,40a65e23,c0921c0a,c0cb046f,404abf53,400b8935,c0a6b519,bedd626b,c08def50,3f3b4587,3ff40b70,40aa67b4,3d8a27b9,407ccf50,40c58733,c03e29f1,c01a958c,bffe4738,40e74bf5,40765033,3f8e8488,bf878981,4085aa83,4007111c,c08dfca3,3e987e50,403dce32,400651d8,3ec13ee7,beab6507,3fadc33e,3fbee5fb,c0586913,bec5061e,3fe099a7,c0851f21,bf3f401b,c09b86b3,40e7d9e8
// EXPECT: 0 tensor<5x12xf32> hex:3d967a36,39bd50ec,3c7da95c,3e5e2fca,3c99d256,39807ad1,3f3d7e45,3d1ccb56,3c03a359,3f4549ea,3836855b,363f78ab,3da996ab,3a6419c9,3b2062f1,3ac541f4,39144b89,3f7fdb42,3cb6a2f1,39716a88,3e821f7c,3bd69fd9,3f45c762,36b79f72,393d5492,3f700bad,3f654fff,364f7169,3c4884dd,35a268fb,3e22be2a,3daa9764,3f359325,3e1ce9f7,3e62ec01,3e812e0a,3bac8f16,3b6710c5,3c638133,3f47811f,3f629269,39a30350,3cd94860,3f4e7fb5,3ce96105,3ade1c8d,3bbc4c5a,3c275179,3f5698f0,3d6bc921,3d9457a2,3b1019c7,3dab9d63,3668ff52,3d552d5b,3d928c97,3861ff15,3d8afa50,380aa8ff,3f3ccb2a
// GENERATOR: conformance/gen/graph_norm.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module {
  func.func @main(%x: tensor<5x12xf32>) -> tensor<5x12xf32> {
    %0 = "tessera.softmax"(%x) {axis = 0} : (tensor<5x12xf32>) -> tensor<5x12xf32>
    return %0 : tensor<5x12xf32>
  }
}

// -----

// CASE: axis1_3d_f32
// NOTE: exp/log come from libm: see the generator's docstring.
// RULE: ulp:4
// REQUIRES: op=tessera.softmax dtype=f32 level=graph
// INPUT: 0 tensor<2x7x3xf32> hex:4187ec36,41b107c1,c06aad36,c17b81e9,406f39d4,c183d268,c111c190,c0e9f835,41afaebb,bfb0946d,4152a367,412ebb6a,c190fc9c,c01750b8,c01541a7,412bb1f8,c10ce396,4031b0d9,c108f68e,40a64d45,c1ab1a8a,40b801ba,40fe0e4e,41000ddd,4019c707,4181c37c,c10878f9,c0428ffc,c13a7b77,c0e314be,40291dff,413a327c,c038257b,40cadba5,4101b919,c15b1220,c0a398d4,be12548d,4144c4d1,c18741d4,3fff9458,c12dd28a
// EXPECT: 0 tensor<2x7x3xf32> hex:3f7f82e7,3f7ff79e,2d027e37,27dfff2a,3230f904,23bad47e,2ca253f4,2a385c77,3f7ffef2,323468b0,3906252b,3786aad0,2621e4f5,2dcac73c,2df7dc13,3afa2f8a,292588b2,31a02b8b,2d0c9dbd,333e52ef,203044ea,3eb1a0fb,398359d3,3c5c7d07,3c47ef72,3f7d4546,307450a5,385d7c76,2b5a0e43,318007d6,3c7e164d,3c25b4c0,3487f671,3f201386,399b72e0,2cb320b2,36df0f07,33a63ff7,3f7c8e08,2e5c9114,35308f91,2ebd5674
// GENERATOR: conformance/gen/graph_norm.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module {
  func.func @main(%x: tensor<2x7x3xf32>) -> tensor<2x7x3xf32> {
    %0 = "tessera.softmax"(%x) {axis = 1} : (tensor<2x7x3xf32>) -> tensor<2x7x3xf32>
    return %0 : tensor<2x7x3xf32>
  }
}

// -----

// CASE: axis1_3d_f32_f64ref
// NOTE: Same program against the float64 formula.
// RULE: tol:rtol=1e-5,atol=1e-5
// REQUIRES: op=tessera.softmax dtype=f32 level=graph
// INPUT: 0 tensor<2x7x3xf32> hex:4187ec36,41b107c1,c06aad36,c17b81e9,406f39d4,c183d268,c111c190,c0e9f835,41afaebb,bfb0946d,4152a367,412ebb6a,c190fc9c,c01750b8,c01541a7,412bb1f8,c10ce396,4031b0d9,c108f68e,40a64d45,c1ab1a8a,40b801ba,40fe0e4e,41000ddd,4019c707,4181c37c,c10878f9,c0428ffc,c13a7b77,c0e314be,40291dff,413a327c,c038257b,40cadba5,4101b919,c15b1220,c0a398d4,be12548d,4144c4d1,c18741d4,3fff9458,c12dd28a
// EXPECT: 0 tensor<2x7x3xf32> hex:3f7f82e8,3f7ff79d,2d027e3c,27dfff1d,3230f8f9,23bad495,2ca253f5,2a385c70,3f7ffef3,323468b5,3906252b,3786aad0,2621e4f5,2dcac73b,2df7dc17,3afa2f8b,292588b1,31a02b8e,2d0c9dbd,333e52f3,203044d4,3eb1a0fc,398359d4,3c5c7d07,3c47ef72,3f7d4547,307450a5,385d7c7d,2b5a0e52,318007d5,3c7e164d,3c25b4c1,3487f673,3f201386,399b72e1,2cb320a6,36df0f01,33a63ff5,3f7c8e08,2e5c910e,35308f92,2ebd5680
// GENERATOR: conformance/gen/graph_norm.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module {
  func.func @main(%x: tensor<2x7x3xf32>) -> tensor<2x7x3xf32> {
    %0 = "tessera.softmax"(%x) {axis = 1} : (tensor<2x7x3xf32>) -> tensor<2x7x3xf32>
    return %0 : tensor<2x7x3xf32>
  }
}

// -----

// CASE: large_f32
// NOTE: Large logits (no overflow thanks to the max), equal rows, subnormals.
// RULE: ulp:4
// REQUIRES: op=tessera.softmax dtype=f32 level=graph
// INPUT: 0 tensor<4x4xf32> hex:447a0000,4479c000,44798000,c47a0000,f149f2ca,f149f2ca,f149f2ca,f149f2ca,42b00000,42b20000,42b40000,42b60000,00000000,80000000,000116c2,800116c2
// EXPECT: 0 tensor<4x4xf32> hex:3f2a4d3b,3e7a9a1a,3db861f3,00000000,3e800000,3e800000,3e800000,3e800000,3d034fe2,3db278b9,3e72916a,3f24d791,3e800000,3e800000,3e800000,3e800000
// GENERATOR: conformance/gen/graph_norm.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module {
  func.func @main(%x: tensor<4x4xf32>) -> tensor<4x4xf32> {
    %0 = "tessera.softmax"(%x) : (tensor<4x4xf32>) -> tensor<4x4xf32>
    return %0 : tensor<4x4xf32>
  }
}

// -----

// CASE: large_f32_f64ref
// NOTE: Same program against the float64 formula.
// RULE: tol:rtol=1e-5,atol=1e-6
// REQUIRES: op=tessera.softmax dtype=f32 level=graph
// INPUT: 0 tensor<4x4xf32> hex:447a0000,4479c000,44798000,c47a0000,f149f2ca,f149f2ca,f149f2ca,f149f2ca,42b00000,42b20000,42b40000,42b60000,00000000,80000000,000116c2,800116c2
// EXPECT: 0 tensor<4x4xf32> hex:3f2a4d3b,3e7a9a1a,3db861f3,00000000,3e800000,3e800000,3e800000,3e800000,3d034fe2,3db278b8,3e729169,3f24d791,3e800000,3e800000,3e800000,3e800000
// GENERATOR: conformance/gen/graph_norm.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module {
  func.func @main(%x: tensor<4x4xf32>) -> tensor<4x4xf32> {
    %0 = "tessera.softmax"(%x) : (tensor<4x4xf32>) -> tensor<4x4xf32>
    return %0 : tensor<4x4xf32>
  }
}

// -----

// CASE: specials_f32
// NOTE: NaN row -> all NaN; +Inf row -> NaN where x - max is NaN (Inf - Inf) and
// NOTE: 0 or -Inf elsewhere; -Inf elements -> 0 (log: -Inf); an all -Inf row is NaN.
// RULE: ulp:4
// REQUIRES: op=tessera.softmax dtype=f32 level=graph
// INPUT: 0 tensor<4x3xf32> hex:3f800000,7fc00000,40000000,7f800000,3f800000,40000000,ff800000,3f800000,40000000,ff800000,ff800000,ff800000
// EXPECT: 0 tensor<4x3xf32> hex:7fc00000,7fc00000,7fc00000,ffc00000,ffc00000,ffc00000,00000000,3e89b2b1,3f3b26a8,ffc00000,ffc00000,ffc00000
// GENERATOR: conformance/gen/graph_norm.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module {
  func.func @main(%x: tensor<4x3xf32>) -> tensor<4x3xf32> {
    %0 = "tessera.softmax"(%x) : (tensor<4x3xf32>) -> tensor<4x3xf32>
    return %0 : tensor<4x3xf32>
  }
}

// -----

// CASE: single_f32
// NOTE: Rows of length 1.
// RULE: ulp:4
// REQUIRES: op=tessera.softmax dtype=f32 level=graph
// INPUT: 0 tensor<2x1xf32> hex:40400000,c0f00000
// EXPECT: 0 tensor<2x1xf32> hex:3f800000,3f800000
// GENERATOR: conformance/gen/graph_norm.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module {
  func.func @main(%x: tensor<2x1xf32>) -> tensor<2x1xf32> {
    %0 = "tessera.softmax"(%x) : (tensor<2x1xf32>) -> tensor<2x1xf32>
    return %0 : tensor<2x1xf32>
  }
}

// -----

// CASE: f64
// NOTE: exp/log come from libm: see the generator's docstring.
// RULE: ulp:4
// REQUIRES: op=tessera.softmax dtype=f64 level=graph
// INPUT: 0 tensor<4x9xf64> hex:c0159758f5e7b93b,400653a19b98de47,4002dfdd75337acd,401f144aade7a18b,c022bbd92ccd43a5,bff964e5d2320fa4,40069ecc2ff59815,bfe8ee7ed5224c0a,40004addd156f5c8,c015c335a4c8afc5,bfddc3bbcbb6b611,400894c559e5a790,c019412c73891255,c00b9f56028bb86c,400f5b885e703390,40193d87bf34a52a,bffe85b90fb54a82,c01e4403700401c1,4012d5ef877335b0,40144262fcb1c443,400fb82e919154ac,3ff44b54963fd642,401d8ac16644027a,400e625f40cc50f0,40203d9b1c04dbe0,c003dfc057d5858b,40005d40d6ae7a08,3fdf590bff54bb0a,402060c366c0adf6,401afdc2b0c1f7af,bfdc46ff65c1e64d,3ff1abee5df326b0,c007b588d48135cd,c011379a096d4e97,40091055d8e3029e,4025340d52caddf3
// EXPECT: 0 tensor<4x9xf64> hex:3ebf6117560c929a,3f7b93f5475c4121,3f71e98fd87ae168,3fef4f991927d3b8,3e62f7ff14968614,3f1626ee72fb0292,3f7c9be3807e525a,3f28d942281c7ef3,3f69f14ae67de747,3edd33a8e717f5f9,3f50854e06d66e73,3fa1c0f1a72b512f,3ec8650a906de37c,3f0aa542e1f6c0ff,3fb4b52118dd9e3e,3fec42955a0ff7ac,3f2f3bb29b67bde3,3eabe11de4304e78,3f9538fd5458fb67,3f9e4b78fba2c14f,3f842babc578edcc,3f45c3abeff2de94,3fd347a43d84195b,3f8111efb019e493,3fe419ac38e11a9c,3ef055fc62de6f7b,3f57abe223da24e5,3f032626f1f3fffd,3fb4a1a323ba340d,3f938792ef773011,3eee2bf21b3cea7f,3f11b421d9fdc0ce,3eb362c068518091,3e944a7a40da24d9,3f40d30b4ae159b1,3fecca5eccf1b59c
// GENERATOR: conformance/gen/graph_norm.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module {
  func.func @main(%x: tensor<4x9xf64>) -> tensor<4x9xf64> {
    %0 = "tessera.softmax"(%x) : (tensor<4x9xf64>) -> tensor<4x9xf64>
    return %0 : tensor<4x9xf64>
  }
}

// -----

// CASE: f64_f64ref
// NOTE: Same program against the float64 formula.
// RULE: tol:rtol=1e-12,atol=1e-15
// REQUIRES: op=tessera.softmax dtype=f64 level=graph
// INPUT: 0 tensor<4x9xf64> hex:c0159758f5e7b93b,400653a19b98de47,4002dfdd75337acd,401f144aade7a18b,c022bbd92ccd43a5,bff964e5d2320fa4,40069ecc2ff59815,bfe8ee7ed5224c0a,40004addd156f5c8,c015c335a4c8afc5,bfddc3bbcbb6b611,400894c559e5a790,c019412c73891255,c00b9f56028bb86c,400f5b885e703390,40193d87bf34a52a,bffe85b90fb54a82,c01e4403700401c1,4012d5ef877335b0,40144262fcb1c443,400fb82e919154ac,3ff44b54963fd642,401d8ac16644027a,400e625f40cc50f0,40203d9b1c04dbe0,c003dfc057d5858b,40005d40d6ae7a08,3fdf590bff54bb0a,402060c366c0adf6,401afdc2b0c1f7af,bfdc46ff65c1e64d,3ff1abee5df326b0,c007b588d48135cd,c011379a096d4e97,40091055d8e3029e,4025340d52caddf3
// EXPECT: 0 tensor<4x9xf64> hex:3ebf6117560c929b,3f7b93f5475c4121,3f71e98fd87ae168,3fef4f991927d3b8,3e62f7ff1496860b,3f1626ee72fb0292,3f7c9be3807e525a,3f28d942281c7ef3,3f69f14ae67de747,3edd33a8e717f5fd,3f50854e06d66e71,3fa1c0f1a72b512f,3ec8650a906de380,3f0aa542e1f6c104,3fb4b52118dd9e3e,3fec42955a0ff7ac,3f2f3bb29b67bde7,3eabe11de4304e7c,3f9538fd5458fb67,3f9e4b78fba2c14f,3f842babc578edcc,3f45c3abeff2de95,3fd347a43d84195b,3f8111efb019e493,3fe419ac38e11a9c,3ef055fc62de6f77,3f57abe223da24e5,3f032626f1f3fffe,3fb4a1a323ba340d,3f938792ef773010,3eee2bf21b3cea82,3f11b421d9fdc0d0,3eb362c068518093,3e944a7a40da24db,3f40d30b4ae159b2,3fecca5eccf1b59c
// GENERATOR: conformance/gen/graph_norm.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module {
  func.func @main(%x: tensor<4x9xf64>) -> tensor<4x9xf64> {
    %0 = "tessera.softmax"(%x) : (tensor<4x9xf64>) -> tensor<4x9xf64>
    return %0 : tensor<4x9xf64>
  }
}

// -----

// CASE: rows_128x64_f32
// NOTE: exp/log come from libm: see the generator's docstring.
// RULE: ulp:4
// REQUIRES: op=tessera.softmax dtype=f32 level=graph
// INPUT: 0 tensor<128x64xf32> npy:softmax.rows_128x64_f32.input0.npy
// EXPECT: 0 tensor<128x64xf32> npy:softmax.rows_128x64_f32.expect0.npy
// GENERATOR: conformance/gen/graph_norm.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module {
  func.func @main(%x: tensor<128x64xf32>) -> tensor<128x64xf32> {
    %0 = "tessera.softmax"(%x) : (tensor<128x64xf32>) -> tensor<128x64xf32>
    return %0 : tensor<128x64xf32>
  }
}

// -----

// CASE: rows_128x64_f32_f64ref
// NOTE: Same program against the float64 formula.
// RULE: tol:rtol=1e-5,atol=1e-6
// REQUIRES: op=tessera.softmax dtype=f32 level=graph
// INPUT: 0 tensor<128x64xf32> npy:softmax.rows_128x64_f32_f64ref.input0.npy
// EXPECT: 0 tensor<128x64xf32> npy:softmax.rows_128x64_f32_f64ref.expect0.npy
// GENERATOR: conformance/gen/graph_norm.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module {
  func.func @main(%x: tensor<128x64xf32>) -> tensor<128x64xf32> {
    %0 = "tessera.softmax"(%x) : (tensor<128x64xf32>) -> tensor<128x64xf32>
    return %0 : tensor<128x64xf32>
  }
}

// -----

// CASE: rows_2x1100_f32
// NOTE: Rows of 1100: more than one register tile holds (a scalar kernel at Tile IR).
// RULE: ulp:4
// REQUIRES: op=tessera.softmax dtype=f32 level=graph
// INPUT: 0 tensor<2x1100xf32> npy:softmax.rows_2x1100_f32.input0.npy
// EXPECT: 0 tensor<2x1100xf32> npy:softmax.rows_2x1100_f32.expect0.npy
// GENERATOR: conformance/gen/graph_norm.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module {
  func.func @main(%x: tensor<2x1100xf32>) -> tensor<2x1100xf32> {
    %0 = "tessera.softmax"(%x) : (tensor<2x1100xf32>) -> tensor<2x1100xf32>
    return %0 : tensor<2x1100xf32>
  }
}

// -----

// CASE: rows_2x1100_f32_f64ref
// NOTE: Same program against the float64 formula.
// RULE: tol:rtol=1e-5,atol=1e-6
// REQUIRES: op=tessera.softmax dtype=f32 level=graph
// INPUT: 0 tensor<2x1100xf32> npy:softmax.rows_2x1100_f32_f64ref.input0.npy
// EXPECT: 0 tensor<2x1100xf32> npy:softmax.rows_2x1100_f32_f64ref.expect0.npy
// GENERATOR: conformance/gen/graph_norm.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module {
  func.func @main(%x: tensor<2x1100xf32>) -> tensor<2x1100xf32> {
    %0 = "tessera.softmax"(%x) : (tensor<2x1100xf32>) -> tensor<2x1100xf32>
    return %0 : tensor<2x1100xf32>
  }
}

// -----

// CASE: axis1_3d_bf16
// NOTE: bf16: computed in f32 (the executor widens x), rounded once at storage.
// RULE: tol:rtol=1e-2,atol=4e-3
// REQUIRES: op=tessera.softmax dtype=bf16 level=graph
// INPUT: 0 tensor<3x5x4xbf16> hex:3ef3,3fc7,c076,402c,3e17,c045,3dd7,bf84,3f13,bfdf,bf54,3fed,bfca,bfce,40b1,bf64,3deb,c0ae,bed3,402c,3fad,bef5,3fa6,bf38,c051,4017,408f,3f39,be37,4040,bee1,c057,bf1d,4023,bfc5,3fbe,3ed0,400b,c0c9,4080,c039,c065,bfc2,3ee8,bd44,bfda,409d,3f5e,bf9a,c0f2,3f3c,bfdf,bfa2,bfda,4090,3eef,c097,3fc1,c017,bea8
// EXPECT: 0 tensor<3x5x4xbf16> hex:3e8c,3f6b,38b0,3ece,3e4a,3c12,3b8f,3c20,3e9b,3d0b,3ae1,3e33,3d10,3d1f,3f7e,3c38,3e44,3a5d,3b2a,3ece,3f12,3c40,3d23,3c02,3bb8,3e4d,3f73,3d09,3dfd,3ec3,3be6,3a14,3da4,3e77,3b19,3d93,3e63,3e2a,37ab,3f63,3d0e,3bba,3a7d,3e7a,3f19,3d18,3f18,3ebd,3e40,38de,3c16,3cdf,3e35,3d18,3ecb,3e7d,3bb7,3f6c,39da,3de5
// GENERATOR: conformance/gen/graph_norm.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module {
  func.func @main(%x: tensor<3x5x4xbf16>) -> tensor<3x5x4xbf16> {
    %0 = "tessera.softmax"(%x) {axis = 1} : (tensor<3x5x4xbf16>) -> tensor<3x5x4xbf16>
    return %0 : tensor<3x5x4xbf16>
  }
}
