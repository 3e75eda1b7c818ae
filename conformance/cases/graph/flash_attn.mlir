// tessera.flash_attn: online softmax over key blocks of 64.
// Generated file: edit the generator named in each case, then rerun it.

// CASE: attn_online_3blocks_f32
// NOTE: 150 keys = blocks of 64, 64, 22; float32 reproduction of the online order.
// RULE: bitexact
// REQUIRES: op=tessera.flash_attn level=graph dtype=f32
// INPUT: 0 tensor<1x2x5x8xf32> hex:3f6eb47d,be59f626,c0d241a2,bfdfe197,c009f774,3f0ee3ad,3fa6fe3e,405045da,3fc34309,3f53df3f,bfafbe29,be415420,bffa79d4,3ebbb37a,3e572f95,3ff6f4bd,3fa5ae7d,40021a05,407c4fb4,3f551c46,bfe4f5ad,c082f75e,bf2cb25b,bef70781,bfa01aa7,c02185b9,3fa543e2,3fd32be5,3ea3becd,beb80d96,bf2c1ca5,c034e95c,3fa23360,3f86a39a,be1debb3,3f59490b,bf66be7f,c02343ac,3fba69d1,bfbb9199,bfc10e21,bc86bf34,3fc8eed8,4013dc0e,408194b0,c03477e6,c031b2a9,3fce007b,c03aa98b,404c012f,403b90b5,3eb3ffec,bfac2034,3eb9eeba,c09da30b,3f86a655,3f809a32,bf82c970,3f948018,3ee7e648,40360858,bfaa0349,be3ba7f9,40317340,bf508fe2,bfa286e2,3eb96966,3fac2302,bfe9eae9,bfa06e41,3f71a252,4000aa16,404993a2,c01558e0,4033dfa1,c00eed5a,bffe81e5,4024b84d,3f80a94d,3fa90463
// INPUT: 1 tensor<1x2x150x8xf32> npy:flash_attn.attn_online_3blocks_f32.input1.npy
// INPUT: 2 tensor<1x2x150x6xf32> npy:flash_attn.attn_online_3blocks_f32.input2.npy
// EXPECT: 0 tensor<1x2x5x6xf32> hex:3d38a76c,3f499160,3ed660ef,beb865a3,bef4571c,3e1f8804,3e22ff54,3d3585c9,be01109d,be522c53,be6e6ea9,3e1f1819,3eeeff15,bcb5c121,3ee2e962,be9064c5,be618879,3efd91b9,3ced676a,3eab207d,3ee3ad3d,3e4d3608,bebe3de4,be2a8963,3ebab6f0,3ea0a92d,bf502ae1,bebab59a,3e88101d,3ea38ff6,3ccaba00,bec479f8,3e41ede5,3e8efc2a,be93730c,bccc7eda,bf0cfe0c,3f71e2f1,3ed76937,3ef17c32,3f16aecf,bfd52816,3dd7deba,beeda454,bd9762ff,3ea4a21c,bf25d83f,be64ac29,3ecd933b,bf832636,3f9ab34c,3e18aee4,bea8a6e0,3e8f1f2a,3f33924f,3ef88bc2,3d775b66,bdcaa617,bf0e6d57,3f89acee
// GENERATOR: conformance/gen/graph_attention.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module {
  func.func @main(%q: tensor<1x2x5x8xf32>, %k: tensor<1x2x150x8xf32>, %v: tensor<1x2x150x6xf32>) -> tensor<1x2x5x6xf32> {
    %0 = "tessera.flash_attn"(%q, %k, %v) : (tensor<1x2x5x8xf32>, tensor<1x2x150x8xf32>, tensor<1x2x150x6xf32>) -> tensor<1x2x5x6xf32>
    return %0 : tensor<1x2x5x6xf32>
  }
}

// -----

// CASE: attn_online_3blocks_f32_f64ref
// NOTE: Same inputs against float64 naive attention.
// RULE: tol:rtol=2e-5,atol=1e-6
// REQUIRES: op=tessera.flash_attn level=graph dtype=f32
// INPUT: 0 tensor<1x2x5x8xf32> hex:3f6eb47d,be59f626,c0d241a2,bfdfe197,c009f774,3f0ee3ad,3fa6fe3e,405045da,3fc34309,3f53df3f,bfafbe29,be415420,bffa79d4,3ebbb37a,3e572f95,3ff6f4bd,3fa5ae7d,40021a05,407c4fb4,3f551c46,bfe4f5ad,c082f75e,bf2cb25b,bef70781,bfa01aa7,c02185b9,3fa543e2,3fd32be5,3ea3becd,beb80d96,bf2c1ca5,c034e95c,3fa23360,3f86a39a,be1debb3,3f59490b,bf66be7f,c02343ac,3fba69d1,bfbb9199,bfc10e21,bc86bf34,3fc8eed8,4013dc0e,408194b0,c03477e6,c031b2a9,3fce007b,c03aa98b,404c012f,403b90b5,3eb3ffec,bfac2034,3eb9eeba,c09da30b,3f86a655,3f809a32,bf82c970,3f948018,3ee7e648,40360858,bfaa0349,be3ba7f9,40317340,bf508fe2,bfa286e2,3eb96966,3fac2302,bfe9eae9,bfa06e41,3f71a252,4000aa16,404993a2,c01558e0,4033dfa1,c00eed5a,bffe81e5,4024b84d,3f80a94d,3fa90463
// INPUT: 1 tensor<1x2x150x8xf32> npy:flash_attn.attn_online_3blocks_f32_f64ref.input1.npy
// INPUT: 2 tensor<1x2x150x6xf32> npy:flash_attn.attn_online_3blocks_f32_f64ref.input2.npy
// EXPECT: 0 tensor<1x2x5x6xf32> hex:3d38a748,3f499164,3ed660fd,beb865ae,bef45721,3e1f8806,3e22ff50,3d3585ba,be0110a2,be522c58,be6e6eb3,3e1f1815,3eeeff16,bcb5c0f9,3ee2e95a,be9064c4,be618879,3efd91b3,3ced67b0,3eab2081,3ee3ad41,3e4d360f,bebe3de6,be2a8962,3ebab6eb,3ea0a929,bf502adc,bebab59a,3e88101b,3ea38ff3,3ccab9c6,bec479f9,3e41edd7,3e8efc2d,be937309,bccc7f94,bf0cfe06,3f71e2e7,3ed76931,3ef17c33,3f16aece,bfd52810,3dd7dec6,beeda44f,bd9762f9,3ea4a21c,bf25d83f,be64ac31,3ecd9340,bf832634,3f9ab34c,3e18aee4,bea8a6df,3e8f1f28,3f33924f,3ef88bbd,3d775b6e,bdcaa623,bf0e6d57,3f89acee
// GENERATOR: conformance/gen/graph_attention.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module {
  func.func @main(%q: tensor<1x2x5x8xf32>, %k: tensor<1x2x150x8xf32>, %v: tensor<1x2x150x6xf32>) -> tensor<1x2x5x6xf32> {
    %0 = "tessera.flash_attn"(%q, %k, %v) : (tensor<1x2x5x8xf32>, tensor<1x2x150x8xf32>, tensor<1x2x150x6xf32>) -> tensor<1x2x5x6xf32>
    return %0 : tensor<1x2x5x6xf32>
  }
}

// -----

// CASE: attn_causal_f32
// NOTE: Top-left causal mask: key j kept iff j <= i.
// RULE: bitexact
// REQUIRES: op=tessera.flash_attn level=graph dtype=f32
// INPUT: 0 tensor<2x1x80x4xf32> npy:flash_attn.attn_causal_f32.input0.npy
// INPUT: 1 tensor<2x1x80x4xf32> npy:flash_attn.attn_causal_f32.input1.npy
// INPUT: 2 tensor<2x1x80x4xf32> npy:flash_attn.attn_causal_f32.input2.npy
// EXPECT: 0 tensor<2x1x80x4xf32> npy:flash_attn.attn_causal_f32.expect0.npy
// GENERATOR: conformance/gen/graph_attention.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module {
  func.func @main(%q: tensor<2x1x80x4xf32>, %k: tensor<2x1x80x4xf32>, %v: tensor<2x1x80x4xf32>) -> tensor<2x1x80x4xf32> {
    %0 = "tessera.flash_attn"(%q, %k, %v) {causal = true} : (tensor<2x1x80x4xf32>, tensor<2x1x80x4xf32>, tensor<2x1x80x4xf32>) -> tensor<2x1x80x4xf32>
    return %0 : tensor<2x1x80x4xf32>
  }
}

// -----

// CASE: attn_causal_f32_f64ref
// RULE: tol:rtol=2e-5,atol=1e-6
// REQUIRES: op=tessera.flash_attn level=graph dtype=f32
// INPUT: 0 tensor<2x1x80x4xf32> npy:flash_attn.attn_causal_f32_f64ref.input0.npy
// INPUT: 1 tensor<2x1x80x4xf32> npy:flash_attn.attn_causal_f32_f64ref.input1.npy
// INPUT: 2 tensor<2x1x80x4xf32> npy:flash_attn.attn_causal_f32_f64ref.input2.npy
// EXPECT: 0 tensor<2x1x80x4xf32> npy:flash_attn.attn_causal_f32_f64ref.expect0.npy
// GENERATOR: conformance/gen/graph_attention.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module {
  func.func @main(%q: tensor<2x1x80x4xf32>, %k: tensor<2x1x80x4xf32>, %v: tensor<2x1x80x4xf32>) -> tensor<2x1x80x4xf32> {
    %0 = "tessera.flash_attn"(%q, %k, %v) {causal = true} : (tensor<2x1x80x4xf32>, tensor<2x1x80x4xf32>, tensor<2x1x80x4xf32>) -> tensor<2x1x80x4xf32>
    return %0 : tensor<2x1x80x4xf32>
  }
}

// -----

// CASE: attn_scale_attr_f32
// NOTE: scale 0.37 rounded to f32.
// RULE: bitexact
// REQUIRES: op=tessera.flash_attn level=graph dtype=f32
// INPUT: 0 tensor<1x1x7x16xf32> hex:3f57c7d5,3ec42d2c,bfcb292d,3f762683,3f5177bc,3ff443ef,bfe75538,4003b5f7,bf53fe10,bdced357,bfd2f3aa,be8f370d,be6251b4,bea5cec3,3ff0e7e2,3f783a9f,bfa49054,40339a68,4002c6f2,3e3efd31,3fa689c8,3ef79d65,3dd67397,3f8b4b3e,3f99de64,3edd1d55,3fabbaab,3fcb896e,bf09ee02,3fa55973,3eedd4b7,3e11d6de,bf7c28b0,3f0477bd,3f45a3c4,3e963e3e,c01911f7,4010ff59,3f4c1c82,bec6cbda,be65ad5b,be39030c,be77778b,bf788ed3,bd86634a,bf7f00ef,bf4e7355,bf202fdc,3e0d7118,be24259d,3eb3a6d9,bf61d8d5,bf4d8d30,3fa9aa0b,3f9ca97a,3ffb0733,bf9e0023,3f1dc477,3d25f645,3e909cb5,3ef85c49,bf6786d5,bf538175,be42f049,3f4228ac,be8c3ef3,bd1b1f15,be008057,3f805e23,bd98fdad,3d079189,bfc6d77a,3e27b479,3f89927e,4023f153,bf89fb6c,be739897,bfe0ed9e,bfdcca6f,3f3cdd0e,bede4227,bf2808fb,bfd0aa61,3f1d5180,bf957a85,beaf17f1,3f4791e3,bed6e672,bf8fd2a9,3e12cc2e,3fb6b872,3e446238,be848f2f,bfb04b97,40154d30,bfaec081,3e0f3061,3ef62705,4006d67e,bfba9634,bfd7447f,bf3c66b4,bf2ec846,3df5f7dd,bf8e080b,3f208b03,3e21841a,3edbcab0,bb838b15,3f166d75,3df6edd2,3f0fc8d1
// INPUT: 1 tensor<1x1x40x16xf32> npy:flash_attn.attn_scale_attr_f32.input1.npy
// INPUT: 2 tensor<1x1x40x3xf32> hex:3daa639f,bd822c6c,bee58fc9,beb16921,3b203716,beb6ad6b,3ec61790,bf014d9b,beb5a0f7,3e065aaf,beb6020f,3ee4e86c,3fbdd69e,3f7f5257,bf690125,bea935fd,3f174e80,bd811293,bf44e02d,3fc6ef93,bf2534f8,bd9fab0d,bf127876,3ee88318,3ef7645f,bf94ad9f,be4737b4,3ed459dd,beed7563,3ed91aeb,3dfa6a5e,3da5e990,bfc9e056,3e400f04,bfac3b72,bf1183b0,bfbd53c1,3d43061c,bf99dbe2,bd4be09b,3de2668e,3de6b09a,bf9e7966,bdc26c52,3e5fd643,3fbbfdb2,bf9743a8,3f675911,3f23e40a,bf222a04,3fa24be3,bf88f3cb,bf54502a,be5714a6,be8ba8a0,beca6a15,3f38a31d,bdfc0ed1,bf208755,3d493a29,bf8dcddf,3e9b1077,3de22fed,bf47f2fc,bf3e1b9f,be5f0ba0,c019f72b,3fa0151c,be34f0b4,3f9b0c4e,be9e3b82,3f5e81a4,3f4140ac,3f33270e,3ec1cef6,3e84ffa8,3fedcedd,3d3459da,be88bc8c,3fbd74ea,bf4f912b,3f82db0e,becf2491,3bf0551b,bfa80c8f,bf5e9d8e,bfa3136a,3e80cfd2,3e9a71bc,3f5261b5,3fb1767f,bfa560b3,3ed078f1,bf8b2cb0,bd59fb52,be497b06,bf8d29f4,bf5a6cd6,be310b57,bf5aba6a,3d9ae364,3f39887d,3f953bae,3d8c3cfd,bee78b71,bf496217,bc15c0ef,3f592b32,bebe80f1,bfb167f6,3dc2bc8d,bf260c70,3e5a23fa,bfacb041,bfd24224,bf9808bc,3f2df7fc,3f423044,3f90b4e0,3eac4308
// EXPECT: 0 tensor<1x1x7x3xf32> hex:be2401fc,be7974ce,bebb830f,3e00d6fe,bdde646e,3ec670f5,be7c6b80,3e1acb5d,3c0066b6,bd3c457d,3c5a6f29,3d647158,be9579b5,bdcc080e,3e8c84fe,bf200e7e,3e947b24,be427e87,3d65da7c,beda7015,bde94116
// GENERATOR: conformance/gen/graph_attention.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module {
  func.func @main(%q: tensor<1x1x7x16xf32>, %k: tensor<1x1x40x16xf32>, %v: tensor<1x1x40x3xf32>) -> tensor<1x1x7x3xf32> {
    %0 = "tessera.flash_attn"(%q, %k, %v) {scale = 0.37} : (tensor<1x1x7x16xf32>, tensor<1x1x40x16xf32>, tensor<1x1x40x3xf32>) -> tensor<1x1x7x3xf32>
    return %0 : tensor<1x1x7x3xf32>
  }
}

// -----

// CASE: attn_causal_bf16_f64ref
// RULE: tol:rtol=2e-2,atol=1e-3
// REQUIRES: op=tessera.flash_attn level=graph dtype=bf16
// INPUT: 0 tensor<1x2x9x8xbf16> hex:be23,be91,bfca,bf83,3f75,bf4e,3e4c,3f62,3fa8,bf63,3fce,bf53,be4e,3f63,bfde,bf8f,3faf,bf39,bf10,3d0a,3f83,bcbd,be8f,400a,bffb,bf98,bfdc,3f8c,3fa5,be36,bee0,3f98,3f12,4006,3e8c,3ecd,3ffe,be97,bec2,beec,be14,3fe6,bff3,befd,3fe6,bea8,3f3e,3f88,bf5f,400b,3c9c,bf48,3dbb,bf74,3ede,bf0c,3f73,3fc3,be69,4059,400a,3f16,bf73,bf0e,bf4e,be85,3f3c,bf96,3f61,3f21,3ef8,3ea5,3ffc,3f95,3fb3,bfed,be88,3f4a,3f4c,3f16,3dfa,bece,bf45,bf9c,bf47,3ebe,bfe7,bfc4,bd96,3fef,3cb2,bf8a,3f9b,3ff9,3f3f,bf0e,3ed5,3cc3,bcb4,3eb2,3fee,bff9,3f36,4047,bef3,bf8c,3f10,3f39,3fbd,c009,3f9f,be57,bf8b,3e5c,bf5c,3d57,4013,be16,beb6,3e8e,3f50,befe,3fa9,3f09,bf99,3f0f,3dea,bfc5,3f83,bf8f,3dd9,c006,3f8f,be35,bf89,3ee3,3f26,bf4f,3e60,3dea,3f31,be7f,3eb4,3da4
// INPUT: 1 tensor<1x2x9x8xbf16> hex:3f00,be10,3f81,bf51,bf73,bf66,bf78,3f21,3f6d,bf33,3da0,3e94,be04,3f6d,4011,bf64,3fb2,bf0b,3f81,bf03,bcef,3fb2,bfaf,bf0e,3f18,c027,3f6b,bffb,3fac,3ebb,3ff0,be6c,bf05,3e08,3f36,3f61,3fce,3da3,3b9d,bf38,be38,bfb8,3e30,4006,3f91,3fe7,3f22,3eb4,bf7f,bf04,bf70,3e92,3e18,c000,bf76,3e7b,3fa1,bf88,bf4f,bf50,3f7b,bf57,3f25,bc8d,3f12,bfa0,bf81,be98,3f79,c014,bece,bff4,3eb0,402b,bf94,bf56,be94,bf8d,3ea7,3f43,3f4a,bf13,bdd8,3f4d,bf43,3f88,bf0f,3ed1,3f73,be96,3fb9,3f8d,bf99,3fa3,bec4,3dfa,bf44,be00,3db8,3f07,bfa1,bf23,3ff5,3f2d,bfe7,be82,3f98,3f5f,3f56,3f01,beef,3f8a,bec6,bf8f,3f86,4003,bfd1,bf4f,bfda,bfca,3f7b,bf6d,3f40,3c7e,3e67,3f21,bfc8,bf78,3fa1,bf9a,be06,bf41,be0f,3e43,bfb9,400e,4001,bfa4,bdf0,3e96,3f81,bfbb,3e70,3f7c
// INPUT: 2 tensor<1x2x9x8xbf16> hex:c02f,3cee,bfb6,bffd,bf86,3f82,be41,3e09,3e5d,bf9c,bdba,3f59,bffa,bd3f,becc,3e1b,3e8a,3f52,3f8a,bf9c,bc05,4010,bed0,befd,bfa9,bd1a,bf75,bec3,3f5e,3fb8,3f17,3ff6,bfb4,3de5,bfa6,3f0d,bfd4,3ef8,beaf,3ee4,bf9c,3f7b,bf44,3e83,3fcc,3ed0,3b9c,bf15,be22,3f22,3eb0,3f00,3f4b,3fde,bff8,c011,bd69,bf12,3e87,3ef1,3d74,bf33,bd32,3ed5,bc1f,bfe4,bff2,3ec8,bfda,bee7,3d85,bf0d,be89,bf2a,bfaa,3fb8,3f46,3e14,3fc5,3f22,bf8a,be9a,bfc1,3fa6,bf87,bf59,bfa1,3e1b,bfc3,3f96,bf7d,4006,bd2d,bfb0,3fa6,be44,c00a,402a,3e28,3ddd,bf9b,3efe,3e6e,beb7,3ec5,402f,3ec7,3f0e,3fda,3eef,3e88,bee6,3bb7,be02,3f9a,3f68,bffd,3e22,3fd6,c00e,bfe2,bf31,3f94,bf1d,bf39,bf1c,bea5,3f32,bf9f,bddc,bf2e,3e21,3fb8,3f7c,bf63,3f18,bf84,3f83,bf59,3f5d,3f75,bec8,3f93,3f65
// EXPECT: 0 tensor<1x2x9x8xbf16> hex:c02f,3cee,bfb6,bffd,bf86,3f82,be41,3e09,c008,be6a,bf93,bfb2,bf9e,3f4c,be6d,3e0d,bf70,3da6,be25,bf8c,bf54,3fa4,bea3,bde1,bf89,be32,bf1a,bf0d,be89,3f90,3da7,3f59,bf90,3dcc,bf54,3d31,bfa2,3f4d,be9c,3e9f,bf8f,3cfa,bf56,3dc7,bf2b,3f27,be1b,3eb5,bf85,3e24,bf0b,bdf6,bf09,3f87,bf3a,bee2,bf90,3f0c,bf4c,3e99,3e2f,3f0a,be58,be57,bf7b,bcf2,bf2c,be32,3e05,3f77,3db1,3f46,be89,bf2a,bfaa,3fb8,3f46,3e14,3fc5,3f22,bf4d,bed9,bfb9,3fac,bedd,bf02,be9c,3ea2,bf13,bea7,bfa6,3fc3,3ecb,be6a,3f8f,3ee0,bf70,3eda,bf61,3f86,3cbc,3e05,3f73,3e8c,bf85,400a,bd18,3f0b,3ca7,3e92,3ea8,be8a,be03,3fc8,be2c,3f57,3f5f,3e6c,3f08,be5e,bf5e,3ea1,3e8c,3f7f,bf84,bee4,3f6b,bf5d,bf9f,bdb3,be9a,3e45,3f39,3ed7,bf08,3ef5,bf88,3f2d,beb6,3f2f,3e6b,be28,3ed6,3e71
// GENERATOR: conformance/gen/graph_attention.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module {
  func.func @main(%q: tensor<1x2x9x8xbf16>, %k: tensor<1x2x9x8xbf16>, %v: tensor<1x2x9x8xbf16>) -> tensor<1x2x9x8xbf16> {
    %0 = "tessera.flash_attn"(%q, %k, %v) {causal = true} : (tensor<1x2x9x8xbf16>, tensor<1x2x9x8xbf16>, tensor<1x2x9x8xbf16>) -> tensor<1x2x9x8xbf16>
    return %0 : tensor<1x2x9x8xbf16>
  }
}
