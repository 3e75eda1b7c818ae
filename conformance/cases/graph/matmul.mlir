// tessera.matmul: per-output FMA chains over k (float32 oracle: fma32).
// Generated file: edit the generator named in each case, then rerun it.

// CASE: matmul_small_f32
// RULE: bitexact
// REQUIRES: op=tessera.matmul level=graph dtype=f32
// INPUT: 0 tensor<4x8xf32> hex:3fa8eafb,ba9f40c0,bd0e387a,3a690e1a,c2019a72,452121e0,416d1871,425b4c3b,3cbf8784,40f95e16,3b9f6f42,42a06908,3f758021,39d6b8f9,be2ad1f2,c215cbd7,b71fc133,bedec937,bfc138fd,3d92b92a,4240bf37,bb3a7046,4095db36,bb1b531c,4172e1f0,393a4b18,bf055d7c,c1579e7b,3fffedd0,ba83a182,41e5074c,bfb585b3
// INPUT: 1 tensor<8x5xf32> hex:bcf060cd,bbda6881,c0a244b9,452b0c4d,bf65a1fa,c1226fe0,b96632a1,3d48ab0a,43d9a1c9,c46e8a7c,c27748d6,bde79f95,3f804b89,41161e0a,3aa544d6,3eee5799,3b5cb324,ba924709,3c0f0069,bd84663f,442e8736,c1a9065a,ba1e2a6c,39a7b663,41258a1c,c29ddc3c,c0d02136,ba975412,43698620,bf9981df,3ca73310,3b225224,3da7a603,c0187688,4291bf5c,3b3c54fc,4235472c,406f62b1,b5a4c7f9,40a82990
// EXPECT: 0 tensor<4x5xf32> hex:c85ccf01,c6547bfd,43449834,4913dbb8,c500b240,441cd080,c4d6a570,c30be8fa,455811f1,c5eebe47,4703c9dc,c47e8007,bf98300f,c35763b1,449cdf9a,44b1bf75,c2d50c64,c2a0e46a,4721ff3b,45026973
// GENERATOR: conformance/gen/graph_matmul.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module {
  func.func @main(%a: tensor<4x8xf32>, %b: tensor<8x5xf32>) -> tensor<4x5xf32> {
    %0 = "tessera.matmul"(%a, %b) : (tensor<4x8xf32>, tensor<8x5xf32>) -> tensor<4x5xf32>
    return %0 : tensor<4x5xf32>
  }
}

// -----

// CASE: matmul_fma_witness_f32
// NOTE: out[0,0] = 2^-46 only with fused steps; out[1,1] = +0 (chain starts at +0).
// RULE: bitexact
// REQUIRES: op=tessera.matmul level=graph dtype=f32
// INPUT: 0 tensor<2x2xf32> hex:3f800002,3f800001,80000000,80000000
// INPUT: 1 tensor<2x2xf32> hex:bf800000,00000000,3f800001,00000000
// EXPECT: 0 tensor<2x2xf32> hex:28800000,00000000,00000000,00000000
// GENERATOR: conformance/gen/graph_matmul.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module {
  func.func @main(%a: tensor<2x2xf32>, %b: tensor<2x2xf32>) -> tensor<2x2xf32> {
    %0 = "tessera.matmul"(%a, %b) : (tensor<2x2xf32>, tensor<2x2xf32>) -> tensor<2x2xf32>
    return %0 : tensor<2x2xf32>
  }
}

// -----

// CASE: matmul_batch_broadcast_transpose_b_f32
// NOTE: Batch dims [2,1] and [3] broadcast to [2,3].
// RULE: bitexact
// REQUIRES: op=tessera.matmul level=graph dtype=f32
// INPUT: 0 tensor<2x1x6x16xf32> hex:c395082d,bb0b5ea6,c1096a3b,3a01d887,c4b0481e,c2aa83a4,3a05ca2d,3b48f5ec,bc8e4aa7,bdc40856,c289339a,42e14bf1,3cd1423c,bba87fab,3a55d39e,b9ab866e,bfe0caf1,b9f6a20e,3a949416,c485f8e7,c3faf213,3b68b727,413fde57,4182827a,3b0b3089,36dfe811,43bc7ad5,38a5de6c,3bb0599a,bc1f6a3e,c31c3131,3927c645,3b051f91,414783d1,40e4a942,39d83143,be047c48,39bb5904,bf1dca18,bd609318,3cefb368,c306cd98,398d4364,399757da,3c3e1b61,419ca9eb,38e9b9bf,3ad1f51f,ba02746d,3ab3dd65,c0958952,bd7fdfb0,4044f11c,b9cd2316,bfe8e8e8,4023dfb6,b8f9bafd,42c1fe6e,4097a736,38f3fea8,41a2d308,43c5bec4,bbcf377f,3e865a86,44e69c58,c4ff78b5,4030edad,c012f998,44520598,bb96c40a,43efa355,429ea6da,bd99b10c,3b552306,41079662,4455154a,3b85d13b,404cdc53,bc57e42e,bebce20a,3beb6bbc,3baf47c5,c03c3472,3e0a81f4,c20d3588,430c9b1e,438cb598,c0c7bf8e,bc504a29,b9ccb7b9,bec920a2,b6b33983,c0029088,461836b2,c062bb07,4003ad8f,c429a47e,39bf573e,bd8cc8d5,c39e3a4a,44b9000e,3f086769,3ded3ac7,3f0b9998,391ba5bc,4523bdfa,3de7a9b4,45213c1c,414433e6,3ca6d9eb,be441712,40a3bc63,bbd9e30d,bae82029,41f46108,bbdb9019,40ccdad7,bfb02d70,417809ef,3b026cc2,440981e0,3d2ceb69,3bd4dba4,c550d1c0,ba3fb42a,43f4f058,3b141475,bf6a051f,be5639a7,43d7eed6,40ce0de1,444310e1,c58bb6b1,c18ac1a3,c01ddb5c,bb374095,3e281ccf,bf2394af,bc883ba0,3e0496bf,be25c793,3c3f6aef,449a5c79,bb8e31d8,c1255c52,c000257e,42df74ea,c4e8944f,3ff3257f,c5354d76,be13eaef,c3f0ab99,c1cbf74e,39c30383,3f4c239e,3dea3a09,4391ac71,4283ae0b,3f227d6d,c1fef1e3,baee4bea,3b82df5b,3719762d,bc099410,be7f2018,bc16bcf7,416d207d,4232807e,c53f4584,bc9912ae,391692a1,4480a7a8,4121c25b,c4ad6424,43ba6016,ba31e58d,c02a434b,394948da,bd37c151,bf1dbedb,ba40d5ca,bbf90878,3fe115dd,3bc68090,be624f80,c157a048,3dd1215a,bcab5b74,c3b2e3d6,3c1762d9,3f28a2d4,405d997d
// INPUT: 1 tensor<3x5x16xf32> hex:bdae2e82,c0dde2db,babfdb21,44a0f3ac,3f1a68e9,c2441214,424af6d9,c3bcb743,c0877c08,c0ea8135,3d3a6183,3f4b6961,3a628ca1,bf98431b,42405780,3d734384,3f5f15bd,39a8d200,c3326be6,c06f57fe,bd3ba5af,3a607148,ba5387fb,be0f90d4,ba25ba20,415b586d,4400e634,bcbe8d77,bca43c4e,c24f937c,ba95ab00,bfa0869c,b9395e7a,c0cd4ace,3933ec3b,bf1e4699,445b7617,c03e545f,bedb180d,3b3687f0,bcb383e4,bee31e2a,435f0f38,c54f7382,3e8943a6,42c81145,c0428f03,43e50012,3f13b55f,3c58c9ea,c18754fa,bb2e7153,3f0fe11b,c4fc0a01,c2b02847,42043d93,ba1d4d8d,bf104320,3f8974fe,b787954a,3c3c2f72,386f721c,c1295224,be8c0631,442a6629,b928784a,bddcb966,3f5d2088,c541a6bc,bfaeade5,3ed4ae24,42f7bc4e,41bfce1d,c337462c,3cca375a,c4101f67,377b522e,c0d8b606,bf885638,bad920e6,40b85983,3cf28e2d,c1a69458,be52c395,40b312eb,43093a9e,b8be6206,3c3f2eb5,429dde99,425717fb,3b6bce34,3d70f3f3,bc31d0d8,42193c9b,41965fa9,3b006f9d,ba6dcb3d,bf93b8da,4251f8cf,3bda7aa1,3e0bc27b,c60e2526,38afc7b4,3c71a9ae,c412e7e6,3d365721,3a6dab1b,be3c609d,c3c12097,3f850cd3,c4499501,be3bfa26,4573c43f,4141db2a,bb8a6fdf,c18645c1,bb457c3d,43aa75d7,c48e08f3,3b96682a,c3ef162d,4584410b,3e83f2f6,41465813,3f9910dc,3e6f7d22,be3ad1aa,c1ff8e25,3a93facd,45a02142,befbe84a,3c55f3ed,c26c9be4,bf744e69,3b208f20,3faf364a,c2954a7f,3b2d491e,3b84281f,b992a282,b93b40f3,c1eea34d,c4f873f6,c3150baa,b92d4199,c4767b3d,3b319b41,41a28ff2,3a8c7fe6,c2cbf19c,4005de0a,bb1b6c3f,3a5d6d70,b93988aa,398d93c7,44791890,c32cb325,c446cba4,3c305a70,be696aa9,3b0d57d9,3fbbdccb,c330e2d4,3d00e3b9,bb0d843a,3d1f7534,3c3115f0,398af5dc,c4f32824,43de04a3,c2d41330,bf58cc3e,c253bcdc,b891a0ea,399e43ca,45e05e59,c520cbb9,c19036b6,be6ed584,3f964001,c26af44b,397cdafd,bacda650,3c54b014,be816a77,391bc031,413d90e9,412e6540,ba17e2e3,bc11460c,bf54ef82,bcec02a3,3cd3a2e5,c2338765,c138bf2a,c418acfa,4618f516,bb9a6163,403bdd2d,b949d04f,bcadadf0,3d8fcf01,c1ff03cf,b93cd125,c291a95a,bb635ef6,b96414d2,40231419,c45354f6,3b756aca,4293a419,40bc4b69,3cfa8084,bfb6f223,3b93d3d3,bbaa28f4,3b72e79b,c4a07d13,4535a4cc,418e320c,3c7f076e,c63d31d8,439f27b2,c2dfa6b6,399c261b,c37a021d,ba702517,4446506e,3ecc1197,40cc6b5c,42c046ff,c15076fd,c12310e2,bf39d580,b96cb8c0,40fa62d9,c315bfce,403ec1d4,39329972,bf3f75ca
// EXPECT: 0 tensor<2x3x6x5xf32> hex:4557094a,c704f4de,c9c699cf,48270106,4a7a5761,c9aa1733,4841bcc2,c8ad84e5,449cad68,49bdd667,4458f5c7,c5815869,44e42907,40dde474,46c3108b,c510ea59,c678b65a,47298bdf,438a95c3,c6e7d29e,45cec61f,45a441c1,c9fd7fb7,c714de0a,c9df00bc,c4e8c801,c8f6afa7,49666d84,c89699fc,4726493c,c6a51470,493d3203,c9915684,47a312cb,47ec3389,c5ace1cf,47f5c3bf,c5137665,48a61659,c6a9e9da,c5cfab1d,43af033c,c90b1365,47775184,c6d9ba61,46a001e5,c5f011a4,48c98100,c63b6350,c89b4703,46704b7f,451ff944,4aca8a6f,cb208e57,4a2eb931,48bf8bd9,c99a7b51,c883a339,c889a318,caeccf75,4607b2c7,494f8ac1,cb529e48,4753cb98,c3640511,c71c47df,4711d8ca,ca825403,497e2e0b,c94f62fc,c76edd31,c3604648,c4f0251e,c7781e4b,c53cd9ae,472ca911,c2fb992a,46df4e3b,ca95889b,c5094a22,c5ed99a1,ca90f193,4afdd95d,c9be37eb,490902c0,4671c9f7,44f5e7b8,c8a84c50,cce0fd76,47607a93,c8cefc52,470e5b33,cadd9f9f,c5033c0f,cad61a84,c5936fee,c6f08bc3,4b2a0b82,44602a34,49e9e790,498148d3,c572975c,ca6ffeea,46985e30,4b535caa,c9fce93d,c6784fc3,454f9e60,4ab1f466,c78b5476,4686bee8,478c8958,ca590f7c,c56aa6aa,c91f097a,c40fa8c2,c2f386d2,44c640b5,c310756a,442676ed,480e2144,c615ddcb,4b015e18,c7abba4a,4a1c5c44,476f0fd9,c8965f3b,c89d54e9,c75a82de,ca62f3e6,c58c5b53,c94cc517,c666fc00,46b3183f,c8c73998,c8c318e1,4bc8a296,c970503a,c599975d,4819bb73,c88c7372,49b62af7,49b21445,c8e5f7a9,4a01cf92,c439344a,4806a09c,c788653a,c4e2027b,4771374c,499224ba,49cde21c,4b60026a,ca27a35f,c864816f,c983b8d1,c7103e78,47738dd8,cab6c2de,c6e110a7,c488e9f0,48794502,cc28d8cd,48c2bf8d,48f8793b,c8519fd1,46bdf307,498a3ace,c93ea925,c9bae00a,4ab5a1e2,46370803,c53f1684,4b813030,47067e78,471561c9,45d5e276,46ce8974,4698b451,475012ab
// GENERATOR: conformance/gen/graph_matmul.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module {
  func.func @main(%a: tensor<2x1x6x16xf32>, %b: tensor<3x5x16xf32>) -> tensor<2x3x6x5xf32> {
    %0 = "tessera.matmul"(%a, %b) {transpose_b = true} : (tensor<2x1x6x16xf32>, tensor<3x5x16xf32>) -> tensor<2x3x6x5xf32>
    return %0 : tensor<2x3x6x5xf32>
  }
}

// -----

// CASE: matmul_transpose_a_f32
// RULE: bitexact
// REQUIRES: op=tessera.matmul level=graph dtype=f32
// INPUT: 0 tensor<16x6xf32> hex:c340ac87,c36947ec,4393f92e,c2de37ce,bd9fc9c1,bd80b9bb,3d8840a8,b98485ab,414f2203,c27e9f42,42a3f775,43a46111,3e03281f,c1a43f34,3d9ec169,40de2aff,c24108e9,c1359897,c03b28f3,bc75a9d8,38ff35cc,c4dc4163,beafb4fe,be9635f0,40e970c8,ba1d1b73,bdc8d19a,426c8240,ba6adb01,3bbce94e,bda55fd8,3c239806,3c99ae10,41373b65,4202e58f,c1307ab9,37dc6f33,41579dd2,39e933a9,c20d1e51,444351fa,bea63ea1,bf3f5e45,4009d193,bd5a5922,419d4ceb,3da39ccd,c337af27,3c81c6f5,b90b67d3,40fbdd51,c08c6378,be160b3e,ba217003,3da8d950,c00ba75d,c4b36400,c1979517,443695ac,3ad2ed5c,4219d760,b857945d,3a35f745,45ea47f4,c1d94f44,bdf03784,3d2a0e1a,3eaba2a7,bfb6aa16,c432751f,3e3c9625,4345de46,3c6f4529,c4b2ae7e,bfe72edb,394103f4,4265a5ed,c35e1afc,3b85b765,41c3f736,3bd61c56,3a568687,c3cd7566,be133971,3b271732,452f3c20,3f534bcb,3dc7105d,38a6db46,bf856b50,451723ee,bc561c3d,43e2bf99,3d816358,bf533cea,432e8cb5
// INPUT: 1 tensor<16x7xf32> hex:c1013a7a,42509702,bb678174,3c9c7888,457b68b3,c2ae8828,44c9e74b,3ec7fae5,bbd35695,bd8400ae,3e1c077d,3e17641c,4323a096,4547138b,3ecad6eb,41b949b1,bd47540a,3cbe427c,bda07e04,bf5c95ca,b8fc994d,43ef09aa,bdf6991a,39bb079b,c0f10342,c4892967,baee1a11,442552e4,c432311b,438d2883,3e650f0c,3f109f6a,39c60883,4276e7fa,3f7d5043,42c11515,449d50a8,bba81fa4,3ac19f2e,ba71b2a8,bc153eb1,3c00d3e4,c31fdb10,c27b2d39,3f9c91d4,4059c715,c0858ce1,c59518cc,be064134,43fa6fcd,bab489b5,c080a3d7,ba759871,44ecd18c,3d973ed7,ba02f057,435c1744,3d88c509,424eddd3,c558d9e7,3e69f2a4,c327e1e0,bbfac735,3be2d63e,3c851ecd,bb6f1300,bd616a8b,3e185a09,45e529a3,b87cce6d,c5611b43,3d45551f,c1fb4ac3,4226cea1,c346f613,3cd91552,40a922f0,43318fb3,44441910,bf8313f4,3f137e46,3d2115d9,40e1cd29,3b1bebeb,40af0435,3f2a5511,4032cd74,40ea3d74,3ced83ba,3ab60ed5,c12e5c2c,3be17274,3a28db84,bab90811,c156b7da,ba9a05bd,bd95af55,c3c6c53b,c130fe08,c3dd33e4,40403047,4156f1a6,3f187043,3d76821b,c08f88ca,bbe34de3,3fe98cdb,420f337c,4511ba0e,c0765f29,c0c558b1,3e65939e
// EXPECT: 0 tensor<6x7xf32> hex:c80c9411,c5638995,47a6bdf3,4aac1eab,c940ec00,45394820,c8986eed,c7145ad4,c9992501,458a9602,46d2095c,c963b696,c7696a81,c8bb47e3,c45ffaa4,466675a5,4682098f,497b8112,49911192,cb210266,48fd9979,cbd5991f,c901cf8c,c86594a8,48a6645e,46fc382c,46dc5195,c9b80dbe,c6b9151d,c6099bd0,44f0cfea,45bc16b4,451b7cb9,49c86664,48ceac59,c7653bc9,480a63a9,45bffdeb,48c600ab,c8aa2dd0,47597c72,4980198e
// GENERATOR: conformance/gen/graph_matmul.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module {
  func.func @main(%a: tensor<16x6xf32>, %b: tensor<16x7xf32>) -> tensor<6x7xf32> {
    %0 = "tessera.matmul"(%a, %b) {transpose_a = true} : (tensor<16x6xf32>, tensor<16x7xf32>) -> tensor<6x7xf32>
    return %0 : tensor<6x7xf32>
  }
}

// -----

// CASE: matmul_random_64x300x80_f32
// NOTE: Exponents spread over 2^-20..2^20; K > 256.
// RULE: bitexact
// REQUIRES: op=tessera.matmul level=graph dtype=f32
// INPUT: 0 tensor<64x300xf32> npy:matmul.matmul_random_64x300x80_f32.input0.npy
// INPUT: 1 tensor<300x80xf32> npy:matmul.matmul_random_64x300x80_f32.input1.npy
// EXPECT: 0 tensor<64x80xf32> npy:matmul.matmul_random_64x300x80_f32.expect0.npy
// GENERATOR: conformance/gen/graph_matmul.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module {
  func.func @main(%a: tensor<64x300xf32>, %b: tensor<300x80xf32>) -> tensor<64x80xf32> {
    %0 = "tessera.matmul"(%a, %b) : (tensor<64x300xf32>, tensor<300x80xf32>) -> tensor<64x80xf32>
    return %0 : tensor<64x80xf32>
  }
}

// -----

// CASE: matmul_bf16_to_f32
// RULE: bitexact
// REQUIRES: op=tessera.matmul level=graph dtype=bf16
// INPUT: 0 tensor<8x40xbf16> npy:matmul.matmul_bf16_to_f32.input0.npy
// INPUT: 1 tensor<40x12xbf16> npy:matmul.matmul_bf16_to_f32.input1.npy
// EXPECT: 0 tensor<8x12xf32> hex:c15f8721,c10f8f83,40eacd99,c041330c,c0321723,40db8d66,be9f0cd0,c11b9f51,41412070,c0a3c2f6,c05ff5e2,4099769a,c14820cb,c03a2f86,40abdcdc,3fcf4b52,c05160a0,411740e1,408ee4d2,c0c1256c,bf059c50,40030938,c03a5563,417a6956,be88b0c8,40dc95a3,408e484a,c1071a6f,c0c9c89f,c084fce3,bf2e5d4e,4088c4c1,40b2c1de,41522ef2,c0da7e85,c0857a22,40f25528,c04e2994,40ab9cb4,c1414826,40b0c0ce,c0fda568,411e936b,c09f5dbe,bfa4877e,c12bea98,40b2beca,c118f216,c0e8af5f,411edcfe,c147e2c5,c0c73372,411d723a,c0954fdc,41032078,412e2fd2,3fe9609c,be84a740,40322657,c142911f,408d7d8c,40ed84ea,c084f004,40c6842b,c00ec41c,c034770c,bf8106a0,c02dfc7c,3ee046a0,416cbf44,3e0cdbc0,bfdd4fd8,40d221b8,c05cb6e0,c002c83c,c02d38e4,bee2ebe0,407a7754,c08f1853,c0cc7c4b,c115597e,40c4c0d4,40c8906c,c05116ae,3f7797b0,bfdd2b52,c0c13a7d,3fa9b7f2,c1099f36,c03e2e24,bfad00b4,c11cbc22,c0b50058,c1907b78,bfb7a900,4005a050
// GENERATOR: conformance/gen/graph_matmul.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module {
  func.func @main(%a: tensor<8x40xbf16>, %b: tensor<40x12xbf16>) -> tensor<8x12xf32> {
    %0 = "tessera.matmul"(%a, %b) : (tensor<8x40xbf16>, tensor<40x12xbf16>) -> tensor<8x12xf32>
    return %0 : tensor<8x12xf32>
  }
}

// -----

// CASE: matmul_bf16_to_bf16
// NOTE: f32 chain, rounded once to bf16 (rne).
// RULE: bitexact
// REQUIRES: op=tessera.matmul level=graph dtype=bf16
// INPUT: 0 tensor<8x40xbf16> npy:matmul.matmul_bf16_to_bf16.input0.npy
// INPUT: 1 tensor<40x12xbf16> npy:matmul.matmul_bf16_to_bf16.input1.npy
// EXPECT: 0 tensor<8x12xbf16> hex:c160,c110,40eb,c041,c032,40dc,be9f,c11c,4141,c0a4,c060,4099,c148,c03a,40ac,3fcf,c051,4117,408f,c0c1,bf06,4003,c03a,417a,be89,40dd,408e,c107,c0ca,c085,bf2e,4089,40b3,4152,c0da,c085,40f2,c04e,40ac,c141,40b1,c0fe,411f,c09f,bfa5,c12c,40b3,c119,c0e9,411f,c148,c0c7,411d,c095,4103,412e,3fe9,be85,4032,c143,408d,40ee,c085,40c7,c00f,c034,bf81,c02e,3ee0,416d,3e0d,bfdd,40d2,c05d,c003,c02d,bee3,407a,c08f,c0cc,c115,40c5,40c9,c051,3f78,bfdd,c0c1,3faa,c10a,c03e,bfad,c11d,c0b5,c190,bfb8,4006
// GENERATOR: conformance/gen/graph_matmul.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module {
  func.func @main(%a: tensor<8x40xbf16>, %b: tensor<40x12xbf16>) -> tensor<8x12xbf16> {
    %0 = "tessera.matmul"(%a, %b) : (tensor<8x40xbf16>, tensor<40x12xbf16>) -> tensor<8x12xbf16>
    return %0 : tensor<8x12xbf16>
  }
}

// -----

// CASE: matmul_e4m3_x_e5m2_to_f32
// RULE: bitexact
// REQUIRES: op=tessera.matmul level=graph dtype=f8E4M3FN dtype=f8E5M2
// INPUT: 0 tensor<6x48xf8E4M3FN> npy:matmul.matmul_e4m3_x_e5m2_to_f32.input0.npy
// INPUT: 1 tensor<48x10xf8E5M2> npy:matmul.matmul_e4m3_x_e5m2_to_f32.input1.npy
// EXPECT: 0 tensor<6x10xf32> hex:426bc700,c232d000,c2025000,41368c00,c2f4ca00,c342eb00,42cba2a0,42bcf590,c2e61500,c1d45680,c2cca600,41708a00,c289a000,4131b000,bfb1e000,c1fed000,42e69b80,c340ef00,42b27810,c2924d40,42993600,c35d9660,42115d80,42e85100,41b2c000,433a3180,40ad6000,42535800,432eb580,c290cb40,40b39800,42896000,42cd82e0,c22d5900,c2467c00,c3354680,c1637000,42d71100,c3b20eac,438cc1d0,c1c51400,c2e11b40,c30b23a0,c2e26280,c21c8800,c1c87000,c2c48c00,be540000,c2b6a800,409dad00,c18f5800,42b5aa40,c31e9200,c329a450,c329c000,c1ebde00,c3718800,c23c1700,c0b7c600,c1640840
// GENERATOR: conformance/gen/graph_matmul.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module {
  func.func @main(%a: tensor<6x48xf8E4M3FN>, %b: tensor<48x10xf8E5M2>) -> tensor<6x10xf32> {
    %0 = "tessera.matmul"(%a, %b) : (tensor<6x48xf8E4M3FN>, tensor<48x10xf8E5M2>) -> tensor<6x10xf32>
    return %0 : tensor<6x10xf32>
  }
}

// -----

// CASE: matmul_exact_f64
// NOTE: All partial sums exact: an order-free check.
// RULE: bitexact
// REQUIRES: op=tessera.matmul level=graph dtype=f64
// INPUT: 0 tensor<5x9xf64> hex:bffe000000000000,c01c000000000000,c01b000000000000,bff6000000000000,c005000000000000,401a800000000000,3ff6000000000000,3fc0000000000000,4010000000000000,4012800000000000,4016800000000000,c001000000000000,401a000000000000,c01b800000000000,3fd0000000000000,bfec000000000000,bff2000000000000,401c000000000000,bfd0000000000000,401e000000000000,bffe000000000000,c015800000000000,401e800000000000,400b000000000000,401d800000000000,bff6000000000000,c016800000000000,401e000000000000,c013000000000000,c013800000000000,c007000000000000,c003000000000000,c018000000000000,4015800000000000,401a000000000000,4017800000000000,c01d800000000000,4000000000000000,3ff8000000000000,c012800000000000,400e000000000000,4017800000000000,4001000000000000,c015000000000000,4001000000000000
// INPUT: 1 tensor<9x4xf64> hex:c005800000000000,4009800000000000,c005800000000000,bffc000000000000,c002000000000000,4005000000000000,bff3000000000000,400c000000000000,c010000000000000,bfe2000000000000,c007000000000000,4010000000000000,bfea000000000000,3ffc000000000000,bfe2000000000000,4000800000000000,3ff7000000000000,bfee000000000000,3fc0000000000000,4009800000000000,0000000000000000,3ffa000000000000,bfd0000000000000,c009800000000000,3fee000000000000,3fea000000000000,bfe8000000000000,bff9000000000000,bfd0000000000000,c00c800000000000,bffa000000000000,bffe000000000000,4009800000000000,bfee000000000000,bfd8000000000000,4010000000000000
// EXPECT: 0 tensor<5x4xf64> hex:404d920000000000,c029a00000000000,403cd00000000000,c050bb0000000000,c023f40000000000,4046d50000000000,c031b80000000000,4039440000000000,c010300000000000,40390a0000000000,bfecc00000000000,c023980000000000,403f180000000000,c036ac0000000000,c02cf40000000000,c0445b0000000000,403c8c0000000000,c005d00000000000,4034e00000000000,40389e0000000000
// GENERATOR: conformance/gen/graph_matmul.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module {
  func.func @main(%a: tensor<5x9xf64>, %b: tensor<9x4xf64>) -> tensor<5x4xf64> {
    %0 = "tessera.matmul"(%a, %b) : (tensor<5x9xf64>, tensor<9x4xf64>) -> tensor<5x4xf64>
    return %0 : tensor<5x4xf64>
  }
}

// -----

// CASE: matmul_pairwise_f32
// NOTE: Pairwise tree per block of 256, then the two block sums added.
// RULE: bitexact
// REQUIRES: op=tessera.matmul level=graph dtype=f32
// INPUT: 0 tensor<3x300xf32> npy:matmul.matmul_pairwise_f32.input0.npy
// INPUT: 1 tensor<300x4xf32> npy:matmul.matmul_pairwise_f32.input1.npy
// EXPECT: 0 tensor<3x4xf32> hex:c58c718d,4614c357,44d541e8,45bcc8a4,c46c5bff,c5339031,45c70388,459301fd,c67f96d3,c2906b3c,c51b92fc,c5bc7cbc
// GENERATOR: conformance/gen/graph_matmul.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module {
  func.func @main(%a: tensor<3x300xf32>, %b: tensor<300x4xf32>) -> tensor<3x4xf32> {
    %0 = "tessera.matmul"(%a, %b) {numeric_policy = {accum_model = "pairwise"}} : (tensor<3x300xf32>, tensor<300x4xf32>) -> tensor<3x4xf32>
    return %0 : tensor<3x4xf32>
  }
}

// -----

// CASE: matmul_tc_ampere_bf16
// NOTE: Tensor-core rule: 24 fraction bits, 8 products per step, f32 rtz.
// RULE: bitexact
// REQUIRES: op=tessera.matmul level=graph dtype=bf16
// INPUT: 0 tensor<4x40xbf16> hex:bee1,3fa1,bf8c,beeb,ba8e,3f94,3f88,3e02,bf1c,bf47,bf05,3e80,3fa5,bef4,bd99,bfa0,bf10,bebe,bf0d,bf4c,3f2b,3ff0,3e13,3cca,3ea6,3f78,3da1,3eb9,bfe9,3f5d,bf27,beb0,bf12,3fa7,3dc1,3d49,bf96,c000,3e24,bf83,bfd3,bf8d,bfbc,bf63,bec9,3f43,bf8f,bfc7,3f09,3f2b,3d2a,3f32,3f04,bf35,3e56,3eba,bfd1,3e36,bf27,3f96,bf7d,bfca,bea7,bf80,bed0,3fe3,400f,3f92,3f96,3fae,3f0f,be0d,3ef3,bf33,be9a,3f8b,be74,be81,3fb3,3ec8,3fa2,3fff,bf20,3f86,bfa7,beee,3fa9,be7d,bfa9,3f41,3ea0,bf15,3fc8,be1e,3fa7,3ff7,3f88,be8c,3ea6,bf09,3ea1,3fa5,bec2,bff4,3f4e,bf97,c009,3eca,3e2e,3f86,bf5c,bf93,bff9,3f2a,3f6c,3de8,3f86,3f7f,3e2c,be34,bfae,bf3d,bf09,bf94,3ed4,bcb3,3f32,be93,3f0f,bddb,3f26,3fea,3fe9,3f9c,be8a,3f3d,be67,3dda,bf31,bfd2,be40,beeb,3fe5,bf41,bebf,3ef4,3f13,3e52,3f60,beb0,3f5e,be4d,3f41,bf86,bf2a,4002,bdac,bf9f,c01b,bfc2
// INPUT: 1 tensor<40x3xbf16> hex:3e17,3ea8,bf9b,3f15,3fdf,bf37,bef8,3f06,bf4e,3f74,be14,3fbe,bf5e,3f51,be9e,3e09,bf06,bf27,3eaf,bf26,3dd1,bfef,3f85,bfe5,3ee5,be5c,3f42,bf55,bf09,3e3a,3f1c,bf64,3f47,bf49,bfbf,3f83,bcbc,bf27,be49,bf02,c063,3fc8,bd86,beb1,be72,3efe,c018,beb6,beaf,be12,be0c,3f8e,3fce,3faa,bc8b,3efe,beb3,3fc1,3f82,bf25,3f17,3eaa,be28,3e46,bf73,bf44,3f15,3fef,3cdd,3f17,3e0c,bf80,bf4c,c009,be43,be40,3ec1,3fac,bf2a,3def,3f9b,bf8e,3fb0,3dde,3f57,bdc2,bfcf,3fb2,bfed,bf05,3f80,bea8,bfb6,3f99,3f4a,bdff,3f01,be15,bf0e,3ed6,bf86,bfc9,3ff8,bf36,3fd2,3e56,bf3f,be21,3e8c,be3a,3f64,3ff8,bd50,3f34,bf87,bf39,3ef2,bedb,bf87,be82
// EXPECT: 0 tensor<4x3xf32> hex:c0ba28ae,3f0eca94,c01da2de,3ec9c710,c08210f4,4116003c,40b784b7,c146802e,c00fedfa,c0649cbf,c0c57432,40a7886b
// GENERATOR: conformance/gen/graph_matmul.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module {
  func.func @main(%a: tensor<4x40xbf16>, %b: tensor<40x3xbf16>) -> tensor<4x3xf32> {
    %0 = "tessera.matmul"(%a, %b) {numeric_policy = {accum_model = "tc_ampere"}} : (tensor<4x40xbf16>, tensor<40x3xbf16>) -> tensor<4x3xf32>
    return %0 : tensor<4x3xf32>
  }
}

// -----

// CASE: matmul_tc_hopper_bf16
// NOTE: Tensor-core rule: 25 fraction bits, 16 products per step, f32 rtz.
// RULE: bitexact
// REQUIRES: op=tessera.matmul level=graph dtype=bf16
// INPUT: 0 tensor<4x40xbf16> hex:bee1,3fa1,bf8c,beeb,ba8e,3f94,3f88,3e02,bf1c,bf47,bf05,3e80,3fa5,bef4,bd99,bfa0,bf10,bebe,bf0d,bf4c,3f2b,3ff0,3e13,3cca,3ea6,3f78,3da1,3eb9,bfe9,3f5d,bf27,beb0,bf12,3fa7,3dc1,3d49,bf96,c000,3e24,bf83,bfd3,bf8d,bfbc,bf63,bec9,3f43,bf8f,bfc7,3f09,3f2b,3d2a,3f32,3f04,bf35,3e56,3eba,bfd1,3e36,bf27,3f96,bf7d,bfca,bea7,bf80,bed0,3fe3,400f,3f92,3f96,3fae,3f0f,be0d,3ef3,bf33,be9a,3f8b,be74,be81,3fb3,3ec8,3fa2,3fff,bf20,3f86,bfa7,beee,3fa9,be7d,bfa9,3f41,3ea0,bf15,3fc8,be1e,3fa7,3ff7,3f88,be8c,3ea6,bf09,3ea1,3fa5,bec2,bff4,3f4e,bf97,c009,3eca,3e2e,3f86,bf5c,bf93,bff9,3f2a,3f6c,3de8,3f86,3f7f,3e2c,be34,bfae,bf3d,bf09,bf94,3ed4,bcb3,3f32,be93,3f0f,bddb,3f26,3fea,3fe9,3f9c,be8a,3f3d,be67,3dda,bf31,bfd2,be40,beeb,3fe5,bf41,bebf,3ef4,3f13,3e52,3f60,beb0,3f5e,be4d,3f41,bf86,bf2a,4002,bdac,bf9f,c01b,bfc2
// INPUT: 1 tensor<40x3xbf16> hex:3e17,3ea8,bf9b,3f15,3fdf,bf37,bef8,3f06,bf4e,3f74,be14,3fbe,bf5e,3f51,be9e,3e09,bf06,bf27,3eaf,bf26,3dd1,bfef,3f85,bfe5,3ee5,be5c,3f42,bf55,bf09,3e3a,3f1c,bf64,3f47,bf49,bfbf,3f83,bcbc,bf27,be49,bf02,c063,3fc8,bd86,beb1,be72,3efe,c018,beb6,beaf,be12,be0c,3f8e,3fce,3faa,bc8b,3efe,beb3,3fc1,3f82,bf25,3f17,3eaa,be28,3e46,bf73,bf44,3f15,3fef,3cdd,3f17,3e0c,bf80,bf4c,c009,be43,be40,3ec1,3fac,bf2a,3def,3f9b,bf8e,3fb0,3dde,3f57,bdc2,bfcf,3fb2,bfed,bf05,3f80,bea8,bfb6,3f99,3f4a,bdff,3f01,be15,bf0e,3ed6,bf86,bfc9,3ff8,bf36,3fd2,3e56,bf3f,be21,3e8c,be3a,3f64,3ff8,bd50,3f34,bf87,bf39,3ef2,bedb,bf87,be82
// EXPECT: 0 tensor<4x3xf32> hex:c0ba28ae,3f0eca94,c01da2de,3ec9c710,c08210f4,4116003c,40b784b7,c146802e,c00fedfa,c0649cbf,c0c57432,40a7886c
// GENERATOR: conformance/gen/graph_matmul.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module {
  func.func @main(%a: tensor<4x40xbf16>, %b: tensor<40x3xbf16>) -> tensor<4x3xf32> {
    %0 = "tessera.matmul"(%a, %b) {numeric_policy = {accum_model = "tc_hopper"}} : (tensor<4x40xbf16>, tensor<40x3xbf16>) -> tensor<4x3xf32>
    return %0 : tensor<4x3xf32>
  }
}

// -----

// CASE: matmul_bf16_gemm_40x64x48_to_f32
// NOTE: Lowers to the GEMM template (mma.sync at Target IR); exponents spread.
// RULE: bitexact
// REQUIRES: op=tessera.matmul level=graph dtype=bf16
// INPUT: 0 tensor<40x64xbf16> npy:matmul.matmul_bf16_gemm_40x64x48_to_f32.input0.npy
// INPUT: 1 tensor<64x48xbf16> npy:matmul.matmul_bf16_gemm_40x64x48_to_f32.input1.npy
// EXPECT: 0 tensor<40x48xf32> npy:matmul.matmul_bf16_gemm_40x64x48_to_f32.expect0.npy
// GENERATOR: conformance/gen/graph_matmul.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module {
  func.func @main(%a: tensor<40x64xbf16>, %b: tensor<64x48xbf16>) -> tensor<40x48xf32> {
    %0 = "tessera.matmul"(%a, %b) : (tensor<40x64xbf16>, tensor<64x48xbf16>) -> tensor<40x48xf32>
    return %0 : tensor<40x48xf32>
  }
}

// -----

// CASE: matmul_f16_gemm_33x96x34_to_f32
// NOTE: Lowers to the GEMM template (mma.sync at Target IR); exponents spread.
// RULE: bitexact
// REQUIRES: op=tessera.matmul level=graph dtype=f16
// INPUT: 0 tensor<33x96xf16> npy:matmul.matmul_f16_gemm_33x96x34_to_f32.input0.npy
// INPUT: 1 tensor<96x34xf16> npy:matmul.matmul_f16_gemm_33x96x34_to_f32.input1.npy
// EXPECT: 0 tensor<33x34xf32> npy:matmul.matmul_f16_gemm_33x96x34_to_f32.expect0.npy
// GENERATOR: conformance/gen/graph_matmul.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module {
  func.func @main(%a: tensor<33x96xf16>, %b: tensor<96x34xf16>) -> tensor<33x34xf32> {
    %0 = "tessera.matmul"(%a, %b) : (tensor<33x96xf16>, tensor<96x34xf16>) -> tensor<33x34xf32>
    return %0 : tensor<33x34xf32>
  }
}

// -----

// CASE: matmul_bf16_gemm_kpad_zeros_inf_to_f32
// NOTE: K = 50: the GEMM template's last K block is zero-padded; -0 products, inf and NaN (inf * 0) keep their Graph IR bits.
// RULE: bitexact
// REQUIRES: op=tessera.matmul level=graph dtype=bf16
// INPUT: 0 tensor<36x50xbf16> npy:matmul.matmul_bf16_gemm_kpad_zeros_inf_to_f32.input0.npy
// INPUT: 1 tensor<50x10xbf16> npy:matmul.matmul_bf16_gemm_kpad_zeros_inf_to_f32.input1.npy
// EXPECT: 0 tensor<36x10xf32> npy:matmul.matmul_bf16_gemm_kpad_zeros_inf_to_f32.expect0.npy
// GENERATOR: conformance/gen/graph_matmul.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module {
  func.func @main(%a: tensor<36x50xbf16>, %b: tensor<50x10xbf16>) -> tensor<36x10xf32> {
    %0 = "tessera.matmul"(%a, %b) : (tensor<36x50xbf16>, tensor<50x10xbf16>) -> tensor<36x10xf32>
    return %0 : tensor<36x10xf32>
  }
}

// -----

// CASE: matmul_sequential_bf16_accum_f32
// NOTE: Sequential FMA chain with a bf16 accumulator: f64 fma, rounded to bf16 per step.
// RULE: bitexact
// REQUIRES: op=tessera.matmul level=graph dtype=f32
// INPUT: 0 tensor<3x24xf32> hex:bfa46ac0,3ef5efc4,bf00a504,3fa5eb18,bf5e53da,3fd6f9e2,be6e62fd,bd88e096,beeb52fa,be1f2e12,be91ae59,3f84049b,3e8824cf,bd827744,3b5c5258,bf2f4a97,3ff30452,3d959617,3faa9827,3e590535,3fb5f47a,3e2ba331,3d6d84e0,3fb46499,3e64efda,bf240725,bf2672a7,bf99ddbd,bf39b093,3e3e1ea5,3fadca88,3f69345a,bf5f060d,bf2e1726,3fdba8aa,3dd1bae9,3f59c1f0,3eda0a0b,3fa4a7a2,bfc51734,3fe443de,40016b65,c050357a,bf6fc848,bfeaffc7,3f0cee67,3f094882,bee70b23,3ecca8dd,bd9f571f,3f84ca4d,3f08efd8,be7dc56c,bf835842,bf2fa836,bf98a676,beff16a7,3f297c04,3e91e1a6,bf9c1bb3,bfadbb1b,c03bbe63,bf6e01b7,3effea66,be22bd04,3f0809ad,3ea2c3e1,3fc018ad,c0120107,3ee66381,3f9cb05c,bf5c0cfa
// INPUT: 1 tensor<24x4xf32> hex:3fa8b1d0,3e426682,3f8c184d,3f5469c4,be517b2b,40054f8d,3e8d20a3,beea81ff,bf3a1f53,3f80b4b0,bee8b076,be768d0f,3dac680b,3eb7150c,bed79ad2,3fa4b6e0,bfeaf2ed,3f80bffb,3ea28448,3fa9006a,bcbfc7c1,3f3cb83d,bf3762f7,3fca3d75,c01c2661,bd8cf444,be8f3f20,3ef6aec4,bfcd1b27,bf574c0f,3ed0483c,bee06be9,3f05d4c5,bf77d542,3f976919,bf4d12c5,bfcf02d4,3fbf0cd4,3ef84fd1,3f50a066,3f45e909,bea48acc,bffff42a,bf986a7b,c048c0b8,3f821ae9,3c264c25,bedbb4ec,bf32e376,3f57f900,3ff78691,bf01e46e,40180f41,bf1e2d0a,bf9c644d,3f13340c,bef0d848,bf0782b5,beb6c73d,3f96a37a,3ec74c5f,3ec535d1,3da560e2,bf16c565,3fb780b3,3fb89a5b,3f9e71c2,bee3ea3f,bc285e29,beb3b75f,bf496599,be7ee8f2,3fb28046,3e5e4304,3f517cec,3ef9b5bc,3f8b1bd8,3f232be6,be579f72,3f088bc5,3e4f8b3e,bead637a,c0075e81,beb3ad6b,bf5fe562,bdabee4f,3ef8a39b,3f3c3dcc,bdbc7bb2,bff72e8c,3f5a9a48,3ecb85fb,bb125457,beb06686,be5c5d29,3f51e60a
// EXPECT: 0 tensor<3x4xf32> hex:3fe40000,40910000,c0190000,40420000,c0b70000,c0a00000,bf640000,c0610000,40040000,3ff70000,40c50000,becc0000
// GENERATOR: conformance/gen/graph_matmul.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module {
  func.func @main(%a: tensor<3x24xf32>, %b: tensor<24x4xf32>) -> tensor<3x4xf32> {
    %0 = "tessera.matmul"(%a, %b) {numeric_policy = {accum_model = "sequential", accum = "bf16"}} : (tensor<3x24xf32>, tensor<24x4xf32>) -> tensor<3x4xf32>
    return %0 : tensor<3x4xf32>
  }
}
