// tessera.rope, tessera.ntk_rope and tessera.target_verify (docs/ops/graph/rope.md).
// Generated file: edit the generator named in each case, then rerun it.

// CASE: rope_f32_suffix_theta
// NOTE: theta [4, 8] repeats over x's leading dim; angle theta[2p].
// RULE: tol:rtol=1e-5,atol=1e-6
// REQUIRES: op=tessera.rope dtype=f32 level=graph
// INPUT: 0 tensor<2x4x8xf32> hex:3f9d14fa,bfe8643e,3f98a0bf,bf205f4c,bf8e04b2,3d4a0647,3f7449db,bfa13742,3f900341,bf7509db,3f0a5df1,bfc74b83,3f29f115,3ec1be8d,bfe89cd2,3f71ffe0,bfc19d73,befe6887,bf01c6cd,3fee4010,3f87533e,be5b3bb5,3f2a64ac,3e1b499e,3fa8f088,bfc9c031,3ef32a4d,3fdf2d8e,bfdfcac3,3f01f1c0,bf2be099,bfcac6ef,3ffc39dd,3eda95f2,3f8aaf2b,3f714784,bfa1097d,3f78efb1,3d2d2a0f,3fc743bf,3fe83ee8,3f153802,be7a3cb5,3fa2acee,3ff66479,3f619bb1,bfc3792f,bf09b0b2,bf85a690,befe066c,bf5a43ff,3fb841f7,bffa37bc,bdbab946,bfb9ad00,3cf2a62b,3f9278fc,3e0a8461,3e4900c1,bf83981f,3c8b6706,bff61ea9,3efd67d8,bf960766
// INPUT: 1 tensor<4x8xf32> hex:3f060e27,be9550e4,c079c7bf,bfc41e4a,407b31ac,bfc83fbc,c00b1e99,bfb5d5a5,4060443a,4071e077,4077179a,3fd00f94,3f83287a,c0130d59,c01c7662,c01ff877,3ff6da0d,403c9ba0,c029772b,c06ea94b,c0611a11,3e1dbd89,3fd66b4c,40722bdc,403807c6,3eda27c4,3e994f4f,406278d2,401f81be,bfc5ed79,bfc8d8ed,3d065237
// EXPECT: 0 tensor<2x4x8xf32> hex:3ffc3d4c,bf75678d,bedcc0ec,3fa3568e,3f522c0e,3f3f7a76,bfca0d8e,bd92f789,bfb21af1,3efde706,bfb757f2,3f50b5ce,3caf70ea,3f43893b,4000052b,3ee205b2,3f7ebd92,bf9f1665,3faa0adb,bfb30d0c,bf67ac7e,3f164698,be617026,3f256c29,bf5bde8b,3fef13fb,bd77e290,3fe72df5,3f8af7d8,bfbb0fd2,bfcaebbd,3f2b3280,3fbf19f9,3fad72db,bfb79fe3,3d852c48,3fc9efa6,3e4b7fa8,3fa10f32,bf6ae8b5,bfbeaf3b,bf9821ba,3f82b3f1,bf4b8da7,3e7c995d,40069216,3f536d92,3fb240b3,3f549158,bf4de7d4,3fb76ae1,bf5d13fe,3fed0db7,bf21df71,3df91e71,bfb90f87,bf91dec3,3e2e85ff,3efb4cac,bf6ca799,3f931374,3fc55a74,bf95ec29,befe6947
// GENERATOR: conformance/gen/graph_misc.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module {
  func.func @main(%a0: tensor<2x4x8xf32>, %a1: tensor<4x8xf32>) -> tensor<2x4x8xf32> {
    %r0 = "tessera.rope"(%a0, %a1) : (tensor<2x4x8xf32>, tensor<4x8xf32>) -> tensor<2x4x8xf32>
    return %r0 : tensor<2x4x8xf32>
  }
}

// -----

// CASE: rope_f64
// RULE: tol:rtol=1e-13,atol=1e-14
// REQUIRES: op=tessera.rope dtype=f64 level=graph
// INPUT: 0 tensor<3x6xf64> hex:bff7323b642e3c6e,bffcdc91a5b79474,bfe468ef3c88c6c4,3fee91421148a1e8,3ffb12be2aa80890,bff55fbd1b6ffd72,bff501972616de3a,bffd0bcf2e3020b2,3ffccf926584b034,3ff5613751d3769e,bff13dedc0631a1a,3fc277a90efa3c50,3fc5670f911dcb60,bfee8fbd960ed24c,3ffd5e0c87e326ea,bfb8ff1b6d059a20,bf5d3a5a81508800,bffa530e77f953b2
// INPUT: 1 tensor<3x6xf64> hex:3fbef23a3ed6f480,c007713161069420,bfce0239eda63e00,3ff152bf1fec0118,401b9a67b7b02084,c01473d5a368f007,401f4b47a1cb7d84,bfdb510770697800,401081db569966a6,c01bb922e2cd5e1a,c01812bfd0c2f04f,4001280872b46368,4015ce5109b19674,3fd3f325fe03cfe0,c0067186f55d93fa,c014cf8d1d422c3a,3ff3fd731c72be60,c00c2a14a1cdfc50
// EXPECT: 0 tensor<3x6xf64> hex:bff38bea19187468,bfff72bd0e4963fa,bfd9805e1e0d0026,3ff13c795abbc2d1,40013980dbecdc80,bfbbf7bba385ca80,3ffc648c9e332718,bff5e199c4c09627,3fbe505211e56340,c001e9d868c2b1a4,bff13eb31db206b5,bfc2495ce4d38e87,bfe2fbad3c1a3089,bfe88a928703e827,bffc3d2df3956958,bfe06cbfd11cf07b,3ff8f7a0d6521966,bfe0afc77412aa9d
// GENERATOR: conformance/gen/graph_misc.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module {
  func.func @main(%a0: tensor<3x6xf64>, %a1: tensor<3x6xf64>) -> tensor<3x6xf64> {
    %r0 = "tessera.rope"(%a0, %a1) : (tensor<3x6xf64>, tensor<3x6xf64>) -> tensor<3x6xf64>
    return %r0 : tensor<3x6xf64>
  }
}

// -----

// CASE: ntk_rope_scale2
// NOTE: rope(x, theta / 2), upstream's pretty form.
// RULE: tol:rtol=1e-5,atol=1e-6
// REQUIRES: op=tessera.ntk_rope dtype=f32 level=graph
// INPUT: 0 tensor<4x8xf32> hex:3fa9a66a,bfa3b20a,bf9efc2b,3f9fa468,3fea2679,bfeb9698,bef3f2d2,be860e77,3fcbab8f,3fb995d7,3ece7fcb,bf8c5650,bf87440a,bf0e1cef,3fc1ab4a,3f6084e2,3f8ea523,bfe450d5,3ffa87aa,be83ccdb,3f4d1d7b,3f4fb322,bf9759df,3f3ff4bf,3f094b47,bff67d0b,3f6e9967,bf7b47ea,3f77b2d7,bf0c0faf,bf3847b5,bfbb634f
// INPUT: 1 tensor<4x8xf32> hex:bea60198,3fdd75d3,3d4252d2,c01b8da7,c004d043,3ff621ca,c00361e4,c07bb15d,40578f00,be0226b8,bfb06352,bf78832b,c07b08ab,3e911f77,40263596,3ff6772c,be894bdd,3ee76862,c061b87f,3fe161cb,bfc5c58a,bfd56183,c00ea6ba,beb68490,bfa5fd3e,bfbd9bf0,40298027,405fa1ff,4064ddbc,3fcdd0c8,3f8dead2,bf4caf60
// EXPECT: 0 tensor<4x8xf32> hex:3f8d010f,bfbcee83,bfa2ba12,3f9bd38c,bf27be28,c020b25e,bef103e5,3e8b42e0,bfcf69ed,3fb56449,bec5807b,bf8d24ee,bde3b8c7,3f982113,bee02880,3fd8b976,3f5db03f,bff555c1,bf209cce,bfef963c,3f91eda6,3cb287d0,3e1bb3a6,3fb22858,bf3c4835,bfedebcb,3f96f595,3f2a0cb0,3ea6c609,3f880818,3e22681b,bfcfd39d
// GENERATOR: conformance/gen/graph_misc.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module {
  func.func @main(%a0: tensor<4x8xf32>, %a1: tensor<4x8xf32>) -> tensor<4x8xf32> {
    %r0 = tessera.ntk_rope %a0, %a1 {scale = 2.0 : f64} : (tensor<4x8xf32>, tensor<4x8xf32>) -> tensor<4x8xf32>
    return %r0 : tensor<4x8xf32>
  }
}

// -----

// CASE: target_verify_f32
// NOTE: softmax of the logits over V; the tokens are not read.
// RULE: tol:rtol=1e-5,atol=1e-6
// REQUIRES: op=tessera.target_verify dtype=f32 level=graph
// INPUT: 0 tensor<3xi32> hex:00000002,00000000,00000005
// INPUT: 1 tensor<3x8xf32> hex:c08316b9,40236bf3,c09c0f16,3f3c903f,c0659a41,c09cfb76,c023e2dc,c0773986,c082a13f,c06f8d3e,bfc0b14a,c0aadfb4,3ea29ab5,40b6adc3,3f0ddf40,bffd5e3d,409873b3,3f98eabf,40b7b740,403a50cc,c0826e15,bfb360bc,409bb636,40171537
// EXPECT: 0 tensor<3x8xf32> hex:3a906057,3f59e92f,3a0452eb,3e0dab3f,3af02f38,3a008f72,3ba7a8ab,3ab65fd1,3867ffef,38a2d766,3a3ebde4,3783edab,3b939877,3f7d0bb5,3bbafe7e,39ed7838,3e4b1f4a,3bb71c07,3f06e590,3cfec19e,37f0f78e,39da76b0,3e60e79e,3c92e80c
// GENERATOR: conformance/gen/graph_misc.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module {
  func.func @main(%a0: tensor<3xi32>, %a1: tensor<3x8xf32>) -> tensor<3x8xf32> {
    %r0 = tessera.target_verify %a0, %a1 : (tensor<3xi32>, tensor<3x8xf32>) -> tensor<3x8xf32>
    return %r0 : tensor<3x8xf32>
  }
}

// -----

// CASE: rope_f32_spec_sincos
// NOTE: angles position x 10000^(-2i/16) up to 900 rad; cos and sin by the spec's sincosf (spec_sincosf.py).
// RULE: bitexact
// REQUIRES: op=tessera.rope dtype=f32 level=graph
// INPUT: 0 tensor<3x4x16xf32> hex:3f9696ee,bf93e822,3f9ce818,3feacc93,3f3fe4e2,bfbeb0eb,3ff20995,bfbd3314,bf77c68c,3f64f002,3f5184dd,be6a05f8,3fe46071,be0587a8,befe9558,3f016174,bfe11a37,bf69b180,3dab11c9,bf650eab,bf675b7f,bf69b7b6,bf7bb038,bffb0de5,bed8b263,3fa7694a,bf18a8a8,bfb58d25,bdafbb91,3fa7d621,bfdaa827,bf905823,bf1c4901,bfa6b9cf,3e70a3f2,bf8ee6a4,3d4f855a,3fa605fb,bfd91271,bfc2e6fb,bff5a9db,3f59674b,bf468f90,3f406338,3f57fa04,be110823,bf0c1a0a,be96501f,bff948cf,3e6a19da,3eb04b8b,3f355e4b,3fb9475d,3ff0247d,3fc11a40,bff474fa,bf129763,bfe2619b,bfebd6b6,bff6c706,bee4b824,3f934d99,3f4f7881,3f3288a1,3d9b1e14,be94d64d,bf5c5116,bfd4edf4,bfeb7b71,3fe910e7,bf7b5924,3e9a3323,3fa3dfe8,3fa2e615,3f78f481,3fa361bf,bfebe866,bde4a2a5,3ecfce9b,beb7d75e,3fc0a342,bf840d09,be8697e8,3f2669a4,bfdf9e76,3e092dc1,3fc332e9,bf67202a,3f92aaf0,bf8de686,3f92079a,bedfd396,bfa50f06,bfd85505,bf4fcc71,3ff7792e,3df4e701,3f5018a7,3d087271,3eae70ac,3ffef8e8,bfa54f5f,bf4d0986,3ec238de,3f8d7f33,3fc1b4e1,bf54655f,bfc93e19,3f122571,3e04cea7,beea30c0,bf726ba1,bf710cdd,bf84c448,3fefd78f,bfddd50f,3e006091,bf98ecb8,bf0b35b1,3f8448f6,3fccbd74,bfff2ad9,3fa65d8d,bd29bf77,bfc49cf8,bf6bb572,3e8db1a6,bf75a30a,bfc945a1,3ce795ca,bf8f414c,bef5954a,3d5dda93,3f7f566b,bf35c4a3,bed31df5,3fad39a9,befd03ad,3e5b4224,3f767883,3f59a97c,3f3a019c,be61dfc7,3f982596,3dbd0248,3fab8580,bfa07f6a,3fc820b3,bf908502,bfcc6b7b,3f9ce33f,bfbdb844,be272a89,bff343e2,3f7e755f,bee72a54,bf81e373,3f7aa8ac,bfd2188a,bf4a77c7,3fed1016,3f438c89,bffa190f,3f8e2262,3fa878e2,bda64915,bd498def,bf9f9eab,bd83c043,3f392972,3f26b5b1,3eb154ab,3db8671f,befeb31b,3fd2edb3,bfd41424,bf0ab431,bb2659c5,3e335dfc,bf9eac56,be91644b,bebe2c5e,3f9471af,3f61a57d,bfc960fe,bfb06f6c,bf6fc39c,be1b18cb,3f9bfb95,3dfe6bae,bf6dcc21,3ff05959
// INPUT: 1 tensor<4x16xf32> hex:00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,43960000,43960000,42bdbc96,42bdbc96,41f00000,41f00000,4117ca11,4117ca11,40400000,40400000,3f72dce9,3f72dce9,3e99999a,3e99999a,3dc24a54,3dc24a54,44160000,44160000,433dbc96,433dbc96,42700000,42700000,4197ca11,4197ca11,40c00000,40c00000,3ff2dce9,3ff2dce9,3f19999a,3f19999a,3e424a54,3e424a54,44610000,44610000,438e4d70,438e4d70,42b40000,42b40000,41e3af1a,41e3af1a,41100000,41100000,403625ae,403625ae,3f666666,3f666666,3e91b7bf,3e91b7bf
// EXPECT: 0 tensor<3x4x16xf32> hex:3f9696ee,bf93e822,3f9ce818,3feacc93,3f3fe4e2,bfbeb0eb,3ff20995,bfbd3314,bf77c68c,3f64f002,3f5184dd,be6a05f8,3fe46071,be0587a8,befe9558,3f016174,bf5fb035,3fe3a11d,3f169713,bf2deac0,bf854dc6,3f408983,3f5c10d4,40013009,3e700e4a,bfad6188,3f4e1cd0,bfa7d426,bef05e01,3f9d1831,bfcc001e,bfa46861,3f2add82,3fa31c48,3f90f16d,be0e6f58,3eb1b78f,bfa01979,bfbf4677,bfdc4652,bfcd817e,3fad03ae,beed0b3a,bf79c8a3,3f46b9da,3eb80c99,bef6d369,bec8763f,beb6d9b7,bff6cc5a,bf470750,3e01be65,c014da42,3ee825f4,bfeb034c,3fcc7dce,3fa013ec,3fb00e6a,4014beb6,3fa76354,bf96ee18,3ebb192e,3f14ff0f,3f659ae4,3d9b1e14,be94d64d,bf5c5116,bfd4edf4,bfeb7b71,3fe910e7,bf7b5924,3e9a3323,3fa3dfe8,3fa2e615,3f78f481,3fa361bf,bfebe866,bde4a2a5,3ecfce9b,beb7d75e,bf88467b,bfbdac3e,bf178420,3ec08230,be0c6958,3fdf966f,bfc9fd61,3f4e7868,bf7a5994,3fa12d9c,3f82928a,3f2c1fb7,bf3b831c,bfff72ba,bf7dbfa3,3fec84c2,be1f1bc2,bf4e8a61,be9f85f7,3e11399c,c0129d14,3f1f734a,bf577b49,3e8df6f9,3fbdfc56,3f927471,3fe0acaa,be901bfa,3ecbbec0,3edbd896,be8a8be8,bf8213ba,3f78fb3a,bf810e44,3f8fbcf4,4012b0eb,3f81861b,3f25bc38,3f39c626,bf6a3b69,bf22c576,401e6f16,bf9d9b86,3ed61ed3,be6f2f80,bfe34597,3f08f76c,bf57dcfe,bfc945a1,3ce795ca,bf8f414c,bef5954a,3d5dda93,3f7f566b,bf35c4a3,bed31df5,3fad39a9,befd03ad,3e5b4224,3f767883,3f59a97c,3f3a019c,be61dfc7,3f982596,3fab37f5,bdf99a7e,bff6f1ff,3f0afa17,bfe04400,3f5e8404,bfa859e5,3fb3a011,3edc10a0,3fede1c3,3f7236f8,3f0b6ddf,bfa11fe5,3f22b1ba,bfc78fc8,bf715c4e,bff126b9,bf2e68f5,bfd772e4,bfbe9cab,bfa39f7a,bea5d0bb,3dd82654,bf9f2bf9,3e0fb25b,3f36637b,bf09758a,3f01748d,3eb5dce0,beb82ea9,3ff7242a,bfa87dd4,bd08a50c,bf0a7136,3f91946a,3f05f621,3eeb2918,bdb3128a,bf79fe3c,bf8a597a,400018e9,3f1b86ee,3f70a98b,be02f626,3f290251,3f8411e4,bfb599bb,3fc54bd6
// GENERATOR: conformance/gen/graph_misc.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module {
  func.func @main(%a0: tensor<3x4x16xf32>, %a1: tensor<4x16xf32>) -> tensor<3x4x16xf32> {
    %r0 = "tessera.rope"(%a0, %a1) : (tensor<3x4x16xf32>, tensor<4x16xf32>) -> tensor<3x4x16xf32>
    return %r0 : tensor<3x4x16xf32>
  }
}
