// tessera.silu_mul and tessera.swiglu_fused: the SwiGLU MLP.
// Generated file: edit the generator named in each case, then rerun it.

// CASE: silu_mul_f32
// RULE: tol:rtol=1e-6,atol=1e-7
// REQUIRES: op=tessera.silu_mul dtype=f32 level=graph
// INPUT: 0 tensor<6x5xf32> hex:409d14fa,c0e8643e,4098a0bf,c0205f4c,c08e04b2,3e4a0647,407449db,c0a13742,40900341,c07509db,400a5df1,c0c74b83,4029f115,3fc1be8d,c0e89cd2,4071ffe0,c0c19d73,bffe6887,c001c6cd,40ee4010,4087533e,bf5b3bb5,402a64ac,3f1b499e,40a8f088,c0c9c031,3ff32a4d,40df2d8e,c0dfcac3,4001f1c0
// INPUT: 1 tensor<6x5xf32> hex:bf2be099,bfcac6ef,3ffc39dd,3eda95f2,3f8aaf2b,3f714784,bfa1097d,3f78efb1,3d2d2a0f,3fc743bf,3fe83ee8,3f153802,be7a3cb5,3fa2acee,3ff66479,3f619bb1,bfc3792f,bf09b0b2,bf85a690,befe066c,bf5a43ff,3fb841f7,bffa37bc,bdbab946,bfb9ad00,3cf2a62b,3f9278fc,3e0a8461,3e4900c1,bf83981f
// EXPECT: 0 tensor<6x5xf32> hex:c0516200,3c0424b4,41151ce4,bda54f4d,bd660ef7,3dd12130,c0965ce8,bd015357,3e40aff4,be01d97d,40612481,bbea49f0,bf1b3577,3fc9cf4e,bc1f9d09,4050844c,3cb1f885,3e03ec99,3e7c30b5,c06c4634,c063716b,bebc26e1,c09bae56,bd129a1d,c0f3d1ea,b9b29ead,3ff20bbd,3f714a22,baa4fe9c,bfec2deb
// GENERATOR: conformance/gen/graph_swiglu.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module {
  func.func @main(%g: tensor<6x5xf32>, %u: tensor<6x5xf32>) -> tensor<6x5xf32> {
    %0 = "tessera.silu_mul"(%g, %u) : (tensor<6x5xf32>, tensor<6x5xf32>) -> tensor<6x5xf32>
    return %0 : tensor<6x5xf32>
  }
}

// -----

// CASE: silu_mul_bf16
// NOTE: Computed in f32, rounded once to bf16.
// RULE: tol:rtol=0.008,atol=1e-6
// REQUIRES: op=tessera.silu_mul dtype=bf16 level=graph
// INPUT: 0 tensor<3x8xbf16> hex:3d0b,c076,3f7d,c016,3f06,be95,c07a,bfc4,407b,bfc8,c00b,bfb6,4060,4072,4077,3fd0,3f83,c013,c01c,c020,3ff7,403d,c029,c06f
// INPUT: 1 tensor<3x8xbf16> hex:c061,3e1e,3fd6,4072,4038,3eda,3e99,4062,4020,bfc6,bfc9,3d06,c03a,c067,bfa3,3ff5,4059,c02b,c028,c068,4066,402b,c00a,3e94
// EXPECT: 0 tensor<3x8xbf16> hex:bd78,bc4c,3f9a,bf47,3f72,bd59,bcbd,bf76,411a,3ed6,3eb3,bc14,c11e,c156,c09a,4026,4023,3f10,3f04,3f30,40c2,40f0,3ec2,bcce
// GENERATOR: conformance/gen/graph_swiglu.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module {
  func.func @main(%g: tensor<3x8xbf16>, %u: tensor<3x8xbf16>) -> tensor<3x8xbf16> {
    %0 = "tessera.silu_mul"(%g, %u) : (tensor<3x8xbf16>, tensor<3x8xbf16>) -> tensor<3x8xbf16>
    return %0 : tensor<3x8xbf16>
  }
}

// -----

// CASE: swiglu_fused_float32
// RULE: tol:rtol=1e-5,atol=1e-5
// REQUIRES: op=tessera.swiglu_fused dtype=f32 level=graph
// INPUT: 0 tensor<4x8xf32> hex:3dab387d,bef47ded,3f6af064,bd47f8db,ba69d2d4,bf529874,3c5c0fd7,bea6b326,bcd5652a,3df65ff4,3f4449fe,bf11709a,3f5e891a,bd424035,3eeac513,bf452486,bf2b2fff,3e740078,3f1b1079,3d0ddd80,be9f9915,bf13fccf,3e0e26c1,bec847af,3f29a66a,bf23b20a,bf1efc2b,3f1fa468,3f6a2679,bf6b9698,be73f2d2,be060e77
// INPUT: 1 tensor<8x12xf32> hex:3f4bab8f,3f3995d7,3e4e7fcb,bf0c5650,bf07440a,be8e1cef,3f41ab4a,3ee084e2,3f0ea523,bf6450d5,3f7a87aa,be03ccdb,3ecd1d7b,3ecfb322,bf1759df,3ebff4bf,3e894b47,bf767d0b,3eee9967,befb47ea,3ef7b2d7,be8c0faf,beb847b5,bf3b634f,bda60198,3edd75d3,3c4252d2,bf1b8da7,bf04d043,3ef621ca,bf0361e4,bf7bb15d,3f578f00,bd0226b8,beb06352,be78832b,bf7b08ab,3d911f77,3f263596,3ef6772c,bd894bdd,3de76862,bf61b87f,3ee161cb,bec5c58a,bed56183,bf0ea6ba,bdb68490,bea5fd3e,bebd9bf0,3f298027,3f5fa1ff,3f64ddbc,3ecdd0c8,3e8dead2,be4caf60,bf2ec8f7,3ed9e543,bf50141d,3dfb6aff,bf191181,bf514f48,beda83d0,bf24d104,bf2e2c54,bf1fb37f,be807631,bf63d4f0,3d58ce46,3f739259,3dbd29aa,bea8e97e,3f4b44ef,3e4be3a9,3f74f456,3ef86bbb,bf2de81c,be6f2ba5,3f4f9d9e,3ec9719f,3ec021b6,3f704522,beb30ba6,3f7f57df,bf29dfdc,bf1bb07c,3ef7fa5e,bf7dc936,bf227067,3e72a3ab,3f104b62,3f09adc5,3f394aad,3f081db5,bf45d8f7,bc142a4c
// INPUT: 2 tensor<8x12xf32> hex:3ee72acf,3f154ab3,3df1ab1c,be9e62fd,3e4a7c1a,3f02135a,bf021d29,3f1acf66,3f44becf,bf45d645,3e2b1d40,3eac4454,be85f170,3e311760,3df14f53,3f4ed80f,bd80d49c,bf5293e7,3ec670a6,3ea5960d,3e71a517,3d99b1ff,3c7f2bb3,bf4c3a28,3f7d558f,be64fcb5,beb57dab,bea1f2d7,bf0f4184,bf3050b1,3ef9f5c2,be8a35ad,3f1b48f2,bec9cbb1,3e9764df,bf33b827,bf45c469,3e4ba1f6,3e8dde82,be246679,bea257ee,bebe87a3,3eef396d,bf22cb77,bf2bba7a,3f66115d,3efcec55,bda42fb6,3ecd4cb9,3e5bf2e4,bf687b13,bf5725bb,3efe7a5d,3ee9f17c,3e8bbde9,3f0f303a,3e313f7e,3df9143c,3ee41e35,3f4ff561,beb4d1e5,3eb599e3,3f49ce74,3f6c6d1e,be3a9efb,bd82853a,3eb9b986,3f063b12,be25fc93,3e09d280,bf3fd323,3e764853,bd7391b1,be3a1af6,bf137b54,3ec9e2bb,bf5fad8f,3ecddaf1,be81d1d2,3d9c6fc5,3f3fcc7f,3e00c61a,3df1d062,bef1304f,3e431165,3f10764b,bf024477,3ea04810,bf144c4a,bec42938,3f0c68ac,be55f819,3e86c1c2,bf413ae1,bd975b7a,bea6687d
// INPUT: 3 tensor<12x8xf32> hex:bf69c8f2,bef4c9ae,3f714438,3f20621e,3ee7b90d,3f46adab,bf6583dc,3f44a0f7,bf4591be,bd5d681e,be859994,be2b2ae3,bcf3c227,be488604,3f5e46e6,3ee4b9e3,bcb97c98,3f66a428,3f03d6ad,3e73a831,bf2f51e1,bf02e930,bf4ec07e,3f0b897d,bf1126dd,bf04aa58,bd5dce42,bf065bf6,bec4c2ac,3eeb96e7,bdef6921,3f361a81,3f478a92,be985cf3,be26956d,bf721952,3db9f703,3f4d3965,3ea0896a,3f14dc10,3e8e4347,3f71da77,3f33a9e4,be89ad48,3e949c8b,bf19b281,3f139b41,bec90407,beaba3e6,3f7e29fc,bf427c90,bf5d47e9,3f79f1aa,3e8aca75,3e172c1d,3f7eed1a,bf79ef52,3f49835e,3e7c818e,be9445e3,bf1d94ea,bda5b735,3f1a2c3b,3f111010,bf743211,be2c41b8,bf136cae,3f3022bf,bf29aa91,3f523cd5,bd8966e2,bed06222,3f22fb68,3e45c2fb,3f53c546,bf622334,bf68195e,bcf38484,3f576414,bf237212,3f6966c4,3d7b3280,3e0ce005,bf27a79f,bd58af3c,3d8ca4df,3f7c2bdc,3f32265b,3f4d3428,bf5f9dbf,beca7e83,3e58e793,3ea422ae,bd351bf5,3e36177d,bdea6600
// EXPECT: 0 tensor<4x8xf32> hex:bd204f23,be818601,3f01cbf5,3e80208d,3e8e1650,3f37e971,bf1c30e3,bd85a5a0,be0bff2f,befbeb89,3f8f9ce8,3f90461f,3f8da0ec,3f338229,bf98aaba,3d4ace95,bd33425c,3d1b267d,3ddd8b74,3ebc3a9f,be116430,3d97e426,bf25e230,be1f1aeb,406897bf,3ec0520b,be5031a1,be62b9b5,402bbec4,be9933e9,4033c859,c01eb491
// GENERATOR: conformance/gen/graph_swiglu.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module {
  func.func @main(%x: tensor<4x8xf32>, %wg: tensor<8x12xf32>, %wu: tensor<8x12xf32>, %wd: tensor<12x8xf32>) -> tensor<4x8xf32> {
    %0 = "tessera.swiglu_fused"(%x, %wg, %wu, %wd) : (tensor<4x8xf32>, tensor<8x12xf32>, tensor<8x12xf32>, tensor<12x8xf32>) -> tensor<4x8xf32>
    return %0 : tensor<4x8xf32>
  }
}

// -----

// CASE: swiglu_fused_float64
// RULE: tol:rtol=1e-12,atol=1e-13
// REQUIRES: op=tessera.swiglu_fused dtype=f64 level=graph
// INPUT: 0 tensor<4x8xf64> hex:3fee6edb62f3d306,3fea06a8884add06,bfe08269e92c7cb2,bfc4cda0b34107f8,bfe6d103333dcfca,bfaf8726ff411a60,bfe657665e4eba42,bfc5fd5cb18d5c90,bfe20a0fdd58260a,bfd59c3361359c24,3fe2e428ccab9ae2,bfecc52dc7736596,bfdb592fbdf76800,bfe798a69c53db32,bfe10cc8c2c97134,3fb15071b151c390,bfd9b04fb897ebcc,bfe187eaf4bf09e4,3fe5e8f696591538,3fe0bada3025c6ce,bfd8dc6c17c4ac8c,3fdff0ddbcc24d4c,3f702f3687ad3500,bfd00fee992cbb00,bfe35dd9727bc3c0,bfe4ca1b0ac65306,bfe9861009ea10ec,3fde1f78c0407d70,bfc774ade9d59db0,bfe1eb70e63770cc,3fc72fb544332698,bfd94a394d239ad8
// INPUT: 1 tensor<8x12xf64> hex:3fdf33c56be0d488,3fe0e98137d53a18,bfdbe9d7ac1d3a04,3fc80bfd4a68aa38,3fca085b0ef85cb8,3fc98e9671af2c68,bfe7778d9d0bef2e,3fbe8963f237f540,bfdf5827a0afe308,bfe40d2b84a062e4,3fc7904824b05220,bfe24fcf481e5b76,bfe7d8e8eaa30a5a,3fe3bb46b2952690,3fdc40dc66ee66c8,3fe3270a62d4ccac,bfe239c19826ce86,3fda385dbd845e24,bfedfe9cc451fe5a,bfef038ac4641c54,bfec0c92b56a50ec,bfe04128c679a9e2,3fdf6aace4185e9c,bfe042c38da0c614,bfc5662fac4d54d0,bfd7af4870d22e40,3fd3b752491a08e0,bfc5c80454dec980,3fe1f89b084cd6ec,bfce9d09b1a5e208,bfcfd78243f71dd0,3fe5a4787dfb9e9e,3fd7f8506922e744,3feb0054453b2ad4,3fe1b792778c701e,bfeabcfabe142a9c,3febacc3413681e8,3fcbf3800cbb5878,3f6f3a9383c9f600,3fd4baee24efb234,3fe1a1c7cb2ab3a8,bfe9b6555b229a3c,bfec7ac1e30f347e,3febed9ee6a8c1fe,bfa31c0a8b1b1e20,bfdb049f96b2d3f8,3fe7327c501adbe0,bfed7865bea4fefe,bfc6d9d351f141e8,3fe102d4016eb2cc,bfde5b876bb8ba50,bfe484bc67027038,bfecd152e65b0380,3fe431d30556cc70,bfd0a7ecb3d4abb8,bfe7a4e31977bfca,3fe6e34346b892ac,bf936ac332313a00,3feef9249f04e068,3fad74be5e1ea6e0,3fe7c0ec37af4406,3fc48dd78979bd90,3fe276a68f5991ce,3fe88fbc6e1633b8,3fe493f32c0d9690,bfec1425a0499510,bfe83047eeafafd2,bfe073c5dbfe2e88,bfe488fa0af2db26,3fce533a983a1860,bfedff1eef1e9b64,3fd3a3fb99c0a65c,bfe43f7771f0c8f4,bfd0a079b2c1e084,3fc5a7ef1c4cc6a0,bfdf8bae807cbd40,3f91d9b5b36c4c40,3fc45cea269fbf10,3fcbb0b2c8efb238,bfed52843fb59028,3fe2ee9955959426,bfebec49d5170cd8,3fe732ddecdaaffc,bfed897695691a62,bfeef283a8010470,3fb329e620f50f00,bfc37f8ca45c5c68,bfe04626ed5212e2,3f62e4cc3ad6ea00,3fe268dd1d20583e,bfee1f90dfc7bec4,bfdede5a5dd91f14,bfe9203f3aaa66c8,bfe9af338ebca228,bfd6ff8cb7b26d40,bf9686493cbc82c0
// INPUT: 2 tensor<8x12xf64> hex:bfda0a1b94f980d0,3fd769768e2b1cbc,3fe197d4f72b46b0,3fdfb0bc71c45768,3fe5538056e1280e,bfee933769b5d990,3fe4c9ab9dcb162a,bfc3ead8776a3478,3fe28f73af4e2e0a,3fbd94d7a357fba0,3fdae7bea38c980c,bfc122d0e6a943e0,bfc7283d607084c0,3feddde4caf1d0d6,3f98aa6888a827c0,3fe9e5ca22fcb682,3fec272f4da147a0,3fe1931f9ffc7936,bfee20a685d37cfc,bfa3092166413d00,bfda4652a221b200,3fd4309b618906c8,bfde9715262bed34,3fd27f19dee8d610,bfc4837e88602940,3faad6eefaa21760,3fe49ff3e4de0f1e,3fd7f63b879b1368,3fe1d1e3e0284dac,bfda71eeb2a496bc,bfe39c6f52d2309e,3fea4dd2d44d7f9e,3fea2c86e0bc8298,bfdde3c124c7e778,bfd8be1dd0a19ccc,3fea06099d0938ba,bfed2de4cc872cae,bfec847152e11762,3fe0ad1b92493d52,bfe4bfc526441bec,bfeb902afd973050,bfee774206923aba,3fc8bd288aafa810,bfdf0cdaf8aea134,3febd3aed961d258,bfeacd3e3260df96,3fd33bcd8e354508,3fe1d0e0be6dbdbe,3fd9f093abfcd278,3fec0003cc693db2,3fe3a14ba35cbe8c,bfd41dc74ebc01f4,3feeffbae42b8638,bfdf17e54720bd04,3fee7d57a263d590,bfeca4846aa4961e,3fd283191ce5568c,3fd67e2cbc47a510,bfe04fbd20136278,3fe073cd6a8bc78e,bfcdae7baf1e4c78,3fc67f4c72a23b78,bfddec248c2807b8,3fea745dbb658a7a,3fe5d39659ad3ddc,bfe871a28fb4e7de,bfc61e014c476898,3fd5f13bf3c76abc,bfd27e307d031634,bfed94ed7ee0c564,3fbb8305f8031fd0,3fe51ed77c4d4b02,bfe85a0025836bae,3fd9ddff4776388c,3fc5c27cb4371480,bfe52d17dfd81902,bfe74bf964acafba,bfe5839e315a79ca,bfd2a24b70e09ea0,bfeaaf40d1eae7b0,3fdd740a12cb9510,bfcd3a28b4270a58,3fe532ab2939cd80,bfeae04a23576b12,bfcf575467086138,bfd47425910f8580,bfee0d36bfc62eb6,bfb1fa1b3db3c280,bfed49f594d21fde,bfd79c1afd0aabfc,bfe4978a3ac017ac,bfd728b8e6fddb88,3fbe47b1f2b9af70,3fdc03cfa41a9ec8,3fd8f504a5e279e4,bfd9c32a035f7254
// INPUT: 3 tensor<12x8xf64> hex:3fc0aec394eed8d0,3fe654a56e04a30a,bfb560c5e18fc7d0,bfc848ef2b4f3228,bfd4a8b859f40234,3fd8b03b28fcc0a4,bfe43c5716b4ef12,3fe942c52ce91edc,3fdc82a632ce2f54,3fd89a7a5dd1b568,3fe6c551c7dc09ae,3fb2da5284588040,3fcd03b045829710,3feb077300a3c1ee,bfd98f3ee92ec970,3fa4752c47c691c0,bfecb47bae2ed240,bfd2b5a7d5287f78,bf92bd32e0e6d200,bfe08cd27597b77a,bfd9e32d4e0177bc,bfed911cc058fccc,3feeece41732ff58,bfcc6fa1bb613d88,bfeab475a974da32,3fc0d8f1b7222ae8,bfe56be9f1e3ca98,3fea504ca95915ca,3fe2f9ceb7a26898,bfdfbfc5239ad4f8,3fef960f47ef4388,bfe83cda1d300e06,bfd3cc22dd823a24,bfd1e513bd1dcb88,bfd69c91565a5114,3fecadec6b843f5a,3fe676690013fc88,3fe76eae1e433eb2,3fa91727ef019780,bfe4c7bf8aa40d7e,3fee4e673064f8de,bfe6c5ad4b1d5808,bfaafc73f2ceaec0,bfd20131171fb6dc,bfedfc44214797c4,3fe1aee4c70ee1f0,3fd20d6928c392c8,3fe7aa385f3665d8,3fea12c556fcd784,bfe903968e40ce20,bfe4dd39925c58e8,3fe14fe50d8531f0,3fe7600a0bcbbd40,3fbee76d75413090,bfb1f68ef52c4110,3fe1b4bfe55a695c,3fcf588eaf2f6b28,3fcac59ee9797038,3fe7bbe8fe8884b2,bfe04ddf60072e74,bfef20c7f4a27b96,3fc8977b3c9414f8,bfd1373967cd34fc,3fc02164e6074f40,bfe6ea9a371a3c3e,3fe17e6374454576,bfe61286fc495960,bfd757aab76f6938,bfcd2c771eb2e8f0,3fd3f50eb0bb6b3c,3fe6228d86674bbc,3fe5c8aff0c9dac4,bfc16543f631cd20,3f9c2bbbe1fa7e00,bfc0efa8064f6998,3fe8f88715b181c4,bfeedfc837de68de,bf7ebf331aeefd00,3fb2b28d9b5df810,3fe16aa56742263e,bfee138a84e74088,3fd99264dc077eb0,bfca5827663af568,3fe262dc4794666a,bfe1b022c8a8430c,bfe56353ac83b59e,3fb8538b780d3e10,3fb490cfa6f57f30,3fd28d01e3a3b17c,bfd24448fd8627e0,3feea078d1ed8722,bfd709e46dbc8578,3fe1b56d0d3b3a88,3fc188ae40843208,bfe63e1dda896d8e,3fdbf1df132f191c
// EXPECT: 0 tensor<4x8xf64> hex:bffac10f9e35cc88,3fd9f0230e9d062c,bff652ce9dfb24d3,3ff90f33b99b993a,3ff4ebbfb3374eb7,bfe879db70e50f73,400152de651c7ebe,bff72964d430aa2d,bfb4a6dcd019d4ba,3fd7887e0e875f26,3ff784fc5de8f69e,bfb926ea146b7527,c011051174fb6d64,3fd313152da0af8f,3fd469aac7fbe005,3fd48b1b0c27a675,3fe8e4e79e8920c2,3fcba74df87ac9d7,3ff6fa1b75799d7f,c005868eed7681f6,bfde6e145ddde742,bfc5df9758bc6bd6,3fb70f0f7746d6fc,bfd46760514b2a68,3fe5d594c8ae7aed,bfedc2ed7f8e72bc,bff84c48019e640e,3ff999ab1ff804a8,3ffb8aea8e067de1,3fb37942a39776f8,3fd580ed7635e256,3fa7e182bb1fc764
// GENERATOR: conformance/gen/graph_swiglu.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module {
  func.func @main(%x: tensor<4x8xf64>, %wg: tensor<8x12xf64>, %wu: tensor<8x12xf64>, %wd: tensor<12x8xf64>) -> tensor<4x8xf64> {
    %0 = "tessera.swiglu_fused"(%x, %wg, %wu, %wd) : (tensor<4x8xf64>, tensor<8x12xf64>, tensor<8x12xf64>, tensor<12x8xf64>) -> tensor<4x8xf64>
    return %0 : tensor<4x8xf64>
  }
}
