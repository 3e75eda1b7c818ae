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
