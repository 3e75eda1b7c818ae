// tessera.all_to_all: per-rank inputs and expectations (docs/collectives.md).
// Generated file: edit the generator named in each case, then rerun it.

// CASE: split0_concat1_8_f32
// RULE: bitexact
// REQUIRES: op=tessera.all_to_all dtype=f32 level=graph mesh=8
// INPUT: 0@0 tensor<8x2xf32> hex:bffa49ad,bf062ed1,409fb7ae,3ffd1cdc,c09d92fb,bc7fc037,bfef68fb,3ee44c4b,c09a62d3,3f39ae49,3f34c5c6,40974296,3f732ef2,3fc40cc7,c08f56d6,40d84312
// INPUT: 0@1 tensor<8x2xf32> hex:c0b7e6e8,40538bc4,bf7d5dc8,c029158a,bffc0371,c00106de,3f91fe1c,bea90cd7,408e53ab,c0afa459,bc176f82,c02b4653,4014f7a7,c0cb5572,bf83fa88,3f2169ae
// INPUT: 0@2 tensor<8x2xf32> hex:c08e7d62,403d2951,3f09407d,40415106,403829db,c03c21d0,c0192d42,bf1c28cb,400f9bb7,402362bf,c008426e,bfe929e9,c0192e98,bfe058f4,bf36b9a4,beca77c9
// INPUT: 0@3 tensor<8x2xf32> hex:40c59439,bfc27581,bf5dbd85,3fb01806,c036fd7f,bf8d8d86,3d23a852,4014a2d2,c07cacc3,4083a93c,bf8757f8,3f021ca0,4022a416,3ffdbe96,404b5f5e,3f050414
// INPUT: 0@4 tensor<8x2xf32> hex:bd710246,3f730e36,c03f2d67,40691fbd,c014dfc9,c071f782,40c56a4d,bed19455,c0626459,40b1d161,bf7d3824,404beb26,c01f4308,bf3f1024,c0a2194c,c0b74218
// INPUT: 0@5 tensor<8x2xf32> hex:c03b79b6,be6fbc62,40193698,40e8eacc,c0461e21,4041bc59,bfe81122,beea48f7,c08e31c4,c08dfb8e,c01576e5,c06513c6,bc2eb496,c006e1fe,40702243,3eeb09cc
// INPUT: 0@6 tensor<8x2xf32> hex:3efdce4d,405a6337,3fc6f482,bde55fb4,be8b59e1,beb9c6f0,404ebb0a,40165a39,3f8c8333,4019600f,bfd119cd,3fc43b96,c0879583,40815685,3e8a506b,3f0cd888
// INPUT: 0@7 tensor<8x2xf32> hex:3fe629d4,bcee9f5c,bf4327a5,4064704b,3eb1cb04,c02fd8ed,3fa8ca66,c0a3b10a,409eee9c,bf036dbf,3e0cf488,40d8bef7,40ce9130,3eb1e10a,3feff2dd,40515085
// EXPECT: 0@0 tensor<1x16xf32> hex:bffa49ad,bf062ed1,c0b7e6e8,40538bc4,c08e7d62,403d2951,40c59439,bfc27581,bd710246,3f730e36,c03b79b6,be6fbc62,3efdce4d,405a6337,3fe629d4,bcee9f5c
// EXPECT: 0@1 tensor<1x16xf32> hex:409fb7ae,3ffd1cdc,bf7d5dc8,c029158a,3f09407d,40415106,bf5dbd85,3fb01806,c03f2d67,40691fbd,40193698,40e8eacc,3fc6f482,bde55fb4,bf4327a5,4064704b
// EXPECT: 0@2 tensor<1x16xf32> hex:c09d92fb,bc7fc037,bffc0371,c00106de,403829db,c03c21d0,c036fd7f,bf8d8d86,c014dfc9,c071f782,c0461e21,4041bc59,be8b59e1,beb9c6f0,3eb1cb04,c02fd8ed
// EXPECT: 0@3 tensor<1x16xf32> hex:bfef68fb,3ee44c4b,3f91fe1c,bea90cd7,c0192d42,bf1c28cb,3d23a852,4014a2d2,40c56a4d,bed19455,bfe81122,beea48f7,404ebb0a,40165a39,3fa8ca66,c0a3b10a
// EXPECT: 0@4 tensor<1x16xf32> hex:c09a62d3,3f39ae49,408e53ab,c0afa459,400f9bb7,402362bf,c07cacc3,4083a93c,c0626459,40b1d161,c08e31c4,c08dfb8e,3f8c8333,4019600f,409eee9c,bf036dbf
// EXPECT: 0@5 tensor<1x16xf32> hex:3f34c5c6,40974296,bc176f82,c02b4653,c008426e,bfe929e9,bf8757f8,3f021ca0,bf7d3824,404beb26,c01576e5,c06513c6,bfd119cd,3fc43b96,3e0cf488,40d8bef7
// EXPECT: 0@6 tensor<1x16xf32> hex:3f732ef2,3fc40cc7,4014f7a7,c0cb5572,c0192e98,bfe058f4,4022a416,3ffdbe96,c01f4308,bf3f1024,bc2eb496,c006e1fe,c0879583,40815685,40ce9130,3eb1e10a
// EXPECT: 0@7 tensor<1x16xf32> hex:c08f56d6,40d84312,bf83fa88,3f2169ae,bf36b9a4,beca77c9,404b5f5e,3f050414,c0a2194c,c0b74218,40702243,3eeb09cc,3e8a506b,3f0cd888,3feff2dd,40515085
// GENERATOR: conformance/gen/mesh_collectives.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module attributes {tessera.mesh = {axes = ["x"], shape = [8]}} {
  func.func @main(%a0: tensor<8x2xf32>) -> tensor<1x16xf32> {
    %r = "tessera.all_to_all"(%a0) {axes = ["x"], split_dim = 0, concat_dim = 1} : (tensor<8x2xf32>) -> tensor<1x16xf32>
    return %r : tensor<1x16xf32>
  }
}

// -----

// CASE: split1_concat0_2x4_dp_f32
// RULE: bitexact
// REQUIRES: op=tessera.all_to_all dtype=f32 level=graph mesh=8
// INPUT: 0@0 tensor<3x4xf32> hex:40a17959,bec95bd3,3ecfc27b,406b2139,3f4f03bf,4010dd2d,3fea2fa1,c059e731,c024eaab,c0fd918b,bf47c5d0,40808745
// INPUT: 0@1 tensor<3x4xf32> hex:c054f7bb,406ce3ea,403fe9b2,be2879a7,bcbb1052,3e7e76a2,c0255425,bf58d46b,be0f0ba9,3feafbf3,4018072f,c00e9b10
// INPUT: 0@2 tensor<3x4xf32> hex:401e8974,c01559e5,bf01ba57,3f8de3db,bd8b2eb6,bec30308,3f4eee4f,bfd4465c,bffa9fb1,bf1cc277,40389067,be9c2984
// INPUT: 0@3 tensor<3x4xf32> hex:40b6d584,3f248be8,c10ec569,bfa8c9e3,409fd7e1,3c9bf48b,bfa820cd,c027be20,407e2b50,40408ad5,400107db,3fa46422
// INPUT: 0@4 tensor<3x4xf32> hex:408a53b6,401dabb5,c06c1f26,40138a89,3f0245e5,bea97382,4012920e,3dae681d,c10ccf86,4095825f,40473e03,bebc4c0b
// INPUT: 0@5 tensor<3x4xf32> hex:bf8f0014,3f2e10e5,c0769a86,3f6b51ce,bf30ca95,bf87887b,c0313d20,c0024c54,405468af,4080297a,3fc116fe,be0be374
// INPUT: 0@6 tensor<3x4xf32> hex:c0288eb5,4009cf07,409aa65e,c09afe0d,40617531,c0cfe77f,bf829041,3f93b223,c08309ec,c091a190,3f0e98f3,4028544c
// INPUT: 0@7 tensor<3x4xf32> hex:bfb692f0,4081037d,c015bebb,40a86af1,3eb8f12d,3f34b683,3fec22a4,3f768c73,40b131e6,40d3d287,3fd1b590,befe85c5
// EXPECT: 0@0 tensor<6x2xf32> hex:40a17959,bec95bd3,3f4f03bf,4010dd2d,c024eaab,c0fd918b,408a53b6,401dabb5,3f0245e5,bea97382,c10ccf86,4095825f
// EXPECT: 0@1 tensor<6x2xf32> hex:c054f7bb,406ce3ea,bcbb1052,3e7e76a2,be0f0ba9,3feafbf3,bf8f0014,3f2e10e5,bf30ca95,bf87887b,405468af,4080297a
// EXPECT: 0@2 tensor<6x2xf32> hex:401e8974,c01559e5,bd8b2eb6,bec30308,bffa9fb1,bf1cc277,c0288eb5,4009cf07,40617531,c0cfe77f,c08309ec,c091a190
// EXPECT: 0@3 tensor<6x2xf32> hex:40b6d584,3f248be8,409fd7e1,3c9bf48b,407e2b50,40408ad5,bfb692f0,4081037d,3eb8f12d,3f34b683,40b131e6,40d3d287
// EXPECT: 0@4 tensor<6x2xf32> hex:3ecfc27b,406b2139,3fea2fa1,c059e731,bf47c5d0,40808745,c06c1f26,40138a89,4012920e,3dae681d,40473e03,bebc4c0b
// EXPECT: 0@5 tensor<6x2xf32> hex:403fe9b2,be2879a7,c0255425,bf58d46b,4018072f,c00e9b10,c0769a86,3f6b51ce,c0313d20,c0024c54,3fc116fe,be0be374
// EXPECT: 0@6 tensor<6x2xf32> hex:bf01ba57,3f8de3db,3f4eee4f,bfd4465c,40389067,be9c2984,409aa65e,c09afe0d,bf829041,3f93b223,3f0e98f3,4028544c
// EXPECT: 0@7 tensor<6x2xf32> hex:c10ec569,bfa8c9e3,bfa820cd,c027be20,400107db,3fa46422,c015bebb,40a86af1,3fec22a4,3f768c73,3fd1b590,befe85c5
// GENERATOR: conformance/gen/mesh_collectives.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module attributes {tessera.mesh = {axes = ["dp", "tp"], shape = [2, 4]}} {
  func.func @main(%a0: tensor<3x4xf32>) -> tensor<6x2xf32> {
    %r = "tessera.all_to_all"(%a0) {axes = ["dp"], split_dim = 1, concat_dim = 0} : (tensor<3x4xf32>) -> tensor<6x2xf32>
    return %r : tensor<6x2xf32>
  }
}

// -----

// CASE: split0_concat1_8_bf16
// RULE: bitexact
// REQUIRES: op=tessera.all_to_all dtype=bf16 level=graph mesh=8
// INPUT: 0@0 tensor<8x2xbf16> hex:c062,c011,3ce3,be9c,be06,3c78,3fbe,c082,c045,4057,4021,bfce,4079,c002,bf41,c0af
// INPUT: 0@1 tensor<8x2xbf16> hex:4023,bcd7,404d,4008,3e99,3eff,4067,beee,bedb,3e76,401d,4034,40ba,be35,4077,bff0
// INPUT: 0@2 tensor<8x2xbf16> hex:3ff4,3ef5,40aa,3ff9,bf9c,3fee,3f96,bf51,bf3f,c02c,4107,3f0c,4044,c056,c047,bea0
// INPUT: 0@3 tensor<8x2xbf16> hex:be98,4024,c037,3fe3,4096,c026,4038,c02f,3f98,3f9f,40ac,bff6,3f28,4052,c057,3e00
// INPUT: 0@4 tensor<8x2xbf16> hex:c01d,bffa,400d,4010,40fc,4089,4081,beb3,bf41,3f0f,c0d6,40a4,bff0,c043,bf9f,4030
// INPUT: 0@5 tensor<8x2xbf16> hex:4076,bf82,3fb6,bd85,c039,3f1c,3e36,c091,4059,c094,3f49,c045,c017,c002,400c,c06c
// INPUT: 0@6 tensor<8x2xbf16> hex:bf01,4097,c002,bd0a,4003,bfd8,3fbe,bff7,400a,3e74,c031,4089,be71,bf4b,c02e,bfae
// INPUT: 0@7 tensor<8x2xbf16> hex:be78,3f10,4056,c07a,bf81,4068,3f16,3fa2,409a,3f87,3fb8,bdaa,40ab,404c,c008,3fd7
// EXPECT: 0@0 tensor<1x16xbf16> hex:c062,c011,4023,bcd7,3ff4,3ef5,be98,4024,c01d,bffa,4076,bf82,bf01,4097,be78,3f10
// EXPECT: 0@1 tensor<1x16xbf16> hex:3ce3,be9c,404d,4008,40aa,3ff9,c037,3fe3,400d,4010,3fb6,bd85,c002,bd0a,4056,c07a
// EXPECT: 0@2 tensor<1x16xbf16> hex:be06,3c78,3e99,3eff,bf9c,3fee,4096,c026,40fc,4089,c039,3f1c,4003,bfd8,bf81,4068
// EXPECT: 0@3 tensor<1x16xbf16> hex:3fbe,c082,4067,beee,3f96,bf51,4038,c02f,4081,beb3,3e36,c091,3fbe,bff7,3f16,3fa2
// EXPECT: 0@4 tensor<1x16xbf16> hex:c045,4057,bedb,3e76,bf3f,c02c,3f98,3f9f,bf41,3f0f,4059,c094,400a,3e74,409a,3f87
// EXPECT: 0@5 tensor<1x16xbf16> hex:4021,bfce,401d,4034,4107,3f0c,40ac,bff6,c0d6,40a4,3f49,c045,c031,4089,3fb8,bdaa
// EXPECT: 0@6 tensor<1x16xbf16> hex:4079,c002,40ba,be35,4044,c056,3f28,4052,bff0,c043,c017,c002,be71,bf4b,40ab,404c
// EXPECT: 0@7 tensor<1x16xbf16> hex:bf41,c0af,4077,bff0,c047,bea0,c057,3e00,bf9f,4030,400c,c06c,c02e,bfae,c008,3fd7
// GENERATOR: conformance/gen/mesh_collectives.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module attributes {tessera.mesh = {axes = ["x"], shape = [8]}} {
  func.func @main(%a0: tensor<8x2xbf16>) -> tensor<1x16xbf16> {
    %r = "tessera.all_to_all"(%a0) {axes = ["x"], split_dim = 0, concat_dim = 1} : (tensor<8x2xbf16>) -> tensor<1x16xbf16>
    return %r : tensor<1x16xbf16>
  }
}

// -----

// CASE: split1_concat0_2x4_dp_bf16
// RULE: bitexact
// REQUIRES: op=tessera.all_to_all dtype=bf16 level=graph mesh=8
// INPUT: 0@0 tensor<3x4xbf16> hex:c05a,4053,4003,bee7,bf97,c0ac,4014,beaa,bf6b,400c,bffe,bfe0
// INPUT: 0@1 tensor<3x4xbf16> hex:c005,c082,40e7,bf15,bf87,402d,c117,bdcc,3ce2,c03b,3fae,c0c3
// INPUT: 0@2 tensor<3x4xbf16> hex:bcdf,4025,c0d8,c08f,bf23,be85,c00c,3f4d,3ed4,c08c,bf2c,c087
// INPUT: 0@3 tensor<3x4xbf16> hex:c0d5,c0f6,4028,bf5d,40ac,c09d,bfca,3f00,bf73,3f7d,bd98,c016
// INPUT: 0@4 tensor<3x4xbf16> hex:c0f0,c056,4096,3fea,406b,c00d,bf82,c044,3f42,be62,3f76,409d
// INPUT: 0@5 tensor<3x4xbf16> hex:c039,3feb,c093,403c,bfd9,bf16,3d32,4092,beeb,bfee,c07b,3eed
// INPUT: 0@6 tensor<3x4xbf16> hex:c03c,bff0,bee2,3fd3,c021,3fd3,409e,c09b,406e,40c3,c009,3fbe
// INPUT: 0@7 tensor<3x4xbf16> hex:c08f,3f29,bfab,3f0e,c047,c035,bfdc,c021,c010,bf81,c06f,bf5a
// EXPECT: 0@0 tensor<6x2xbf16> hex:c05a,4053,bf97,c0ac,bf6b,400c,c0f0,c056,406b,c00d,3f42,be62
// EXPECT: 0@1 tensor<6x2xbf16> hex:c005,c082,bf87,402d,3ce2,c03b,c039,3feb,bfd9,bf16,beeb,bfee
// EXPECT: 0@2 tensor<6x2xbf16> hex:bcdf,4025,bf23,be85,3ed4,c08c,c03c,bff0,c021,3fd3,406e,40c3
// EXPECT: 0@3 tensor<6x2xbf16> hex:c0d5,c0f6,40ac,c09d,bf73,3f7d,c08f,3f29,c047,c035,c010,bf81
// EXPECT: 0@4 tensor<6x2xbf16> hex:4003,bee7,4014,beaa,bffe,bfe0,4096,3fea,bf82,c044,3f76,409d
// EXPECT: 0@5 tensor<6x2xbf16> hex:40e7,bf15,c117,bdcc,3fae,c0c3,c093,403c,3d32,4092,c07b,3eed
// EXPECT: 0@6 tensor<6x2xbf16> hex:c0d8,c08f,c00c,3f4d,bf2c,c087,bee2,3fd3,409e,c09b,c009,3fbe
// EXPECT: 0@7 tensor<6x2xbf16> hex:4028,bf5d,bfca,3f00,bd98,c016,bfab,3f0e,bfdc,c021,c06f,bf5a
// GENERATOR: conformance/gen/mesh_collectives.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module attributes {tessera.mesh = {axes = ["dp", "tp"], shape = [2, 4]}} {
  func.func @main(%a0: tensor<3x4xbf16>) -> tensor<6x2xbf16> {
    %r = "tessera.all_to_all"(%a0) {axes = ["dp"], split_dim = 1, concat_dim = 0} : (tensor<3x4xbf16>) -> tensor<6x2xbf16>
    return %r : tensor<6x2xbf16>
  }
}

// -----

// CASE: split0_concat1_8_e4m3
// RULE: bitexact
// REQUIRES: op=tessera.all_to_all dtype=f8E4M3FN level=graph mesh=8
// INPUT: 0@0 tensor<8x2xf8E4M3FN> hex:38,cf,22,c3,c7,c9,c4,c3,31,c9,43,c4,3d,43,c8,43
// INPUT: 0@1 tensor<8x2xf8E4M3FN> hex:4c,be,3b,b3,92,b5,be,40,42,a3,49,45,40,c1,4b,48
// INPUT: 0@2 tensor<8x2xf8E4M3FN> hex:cd,c6,bc,43,47,b7,33,40,c7,3e,b7,31,a2,c6,c4,1f
// INPUT: 0@3 tensor<8x2xf8E4M3FN> hex:2c,b5,45,b9,c7,b8,b0,ad,46,3c,45,3f,b0,44,b4,34
// INPUT: 0@4 tensor<8x2xf8E4M3FN> hex:c4,2a,b7,39,4b,4e,44,98,42,33,be,a2,b4,be,48,bd
// INPUT: 0@5 tensor<8x2xf8E4M3FN> hex:bc,41,c0,c6,c2,3c,39,37,bb,c3,43,c9,b2,c8,b9,ad
// INPUT: 0@6 tensor<8x2xf8E4M3FN> hex:47,d1,48,c2,37,42,c1,a5,3c,aa,c1,32,2d,c9,48,34
// INPUT: 0@7 tensor<8x2xf8E4M3FN> hex:ce,c2,4b,4a,37,ca,b2,45,3a,b6,c0,42,b0,39,3d,4a
// EXPECT: 0@0 tensor<1x16xf8E4M3FN> hex:38,cf,4c,be,cd,c6,2c,b5,c4,2a,bc,41,47,d1,ce,c2
// EXPECT: 0@1 tensor<1x16xf8E4M3FN> hex:22,c3,3b,b3,bc,43,45,b9,b7,39,c0,c6,48,c2,4b,4a
// EXPECT: 0@2 tensor<1x16xf8E4M3FN> hex:c7,c9,92,b5,47,b7,c7,b8,4b,4e,c2,3c,37,42,37,ca
// EXPECT: 0@3 tensor<1x16xf8E4M3FN> hex:c4,c3,be,40,33,40,b0,ad,44,98,39,37,c1,a5,b2,45
// EXPECT: 0@4 tensor<1x16xf8E4M3FN> hex:31,c9,42,a3,c7,3e,46,3c,42,33,bb,c3,3c,aa,3a,b6
// EXPECT: 0@5 tensor<1x16xf8E4M3FN> hex:43,c4,49,45,b7,31,45,3f,be,a2,43,c9,c1,32,c0,42
// EXPECT: 0@6 tensor<1x16xf8E4M3FN> hex:3d,43,40,c1,a2,c6,b0,44,b4,be,b2,c8,2d,c9,b0,39
// EXPECT: 0@7 tensor<1x16xf8E4M3FN> hex:c8,43,4b,48,c4,1f,b4,34,48,bd,b9,ad,48,34,3d,4a
// GENERATOR: conformance/gen/mesh_collectives.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module attributes {tessera.mesh = {axes = ["x"], shape = [8]}} {
  func.func @main(%a0: tensor<8x2xf8E4M3FN>) -> tensor<1x16xf8E4M3FN> {
    %r = "tessera.all_to_all"(%a0) {axes = ["x"], split_dim = 0, concat_dim = 1} : (tensor<8x2xf8E4M3FN>) -> tensor<1x16xf8E4M3FN>
    return %r : tensor<1x16xf8E4M3FN>
  }
}

// -----

// CASE: split1_concat0_2x4_dp_e4m3
// RULE: bitexact
// REQUIRES: op=tessera.all_to_all dtype=f8E4M3FN level=graph mesh=8
// INPUT: 0@0 tensor<3x4xf8E4M3FN> hex:33,36,ca,46,43,1a,cd,bd,2b,4d,3f,42
// INPUT: 0@1 tensor<3x4xf8E4M3FN> hex:42,48,c5,c2,c6,b4,b7,2d,c4,2c,c2,4d
// INPUT: 0@2 tensor<3x4xf8E4M3FN> hex:bc,50,4a,c6,44,3f,c9,3f,a4,39,c2,9c
// INPUT: 0@3 tensor<3x4xf8E4M3FN> hex:3b,af,be,ac,c3,39,cf,49,29,3c,43,c7
// INPUT: 0@4 tensor<3x4xf8E4M3FN> hex:4e,c5,3c,38,48,14,c8,38,cf,b1,bb,4a
// INPUT: 0@5 tensor<3x4xf8E4M3FN> hex:b5,ba,c1,c2,bd,3f,c8,b1,c9,af,30,c7
// INPUT: 0@6 tensor<3x4xf8E4M3FN> hex:be,2b,41,43,aa,c4,ca,41,48,39,49,bb
// INPUT: 0@7 tensor<3x4xf8E4M3FN> hex:b9,49,c4,3f,39,2f,4a,c3,ba,cd,c5,bc
// EXPECT: 0@0 tensor<6x2xf8E4M3FN> hex:33,36,43,1a,2b,4d,4e,c5,48,14,cf,b1
// EXPECT: 0@1 tensor<6x2xf8E4M3FN> hex:42,48,c6,b4,c4,2c,b5,ba,bd,3f,c9,af
// EXPECT: 0@2 tensor<6x2xf8E4M3FN> hex:bc,50,44,3f,a4,39,be,2b,aa,c4,48,39
// EXPECT: 0@3 tensor<6x2xf8E4M3FN> hex:3b,af,c3,39,29,3c,b9,49,39,2f,ba,cd
// EXPECT: 0@4 tensor<6x2xf8E4M3FN> hex:ca,46,cd,bd,3f,42,3c,38,c8,38,bb,4a
// EXPECT: 0@5 tensor<6x2xf8E4M3FN> hex:c5,c2,b7,2d,c2,4d,c1,c2,c8,b1,30,c7
// EXPECT: 0@6 tensor<6x2xf8E4M3FN> hex:4a,c6,c9,3f,c2,9c,41,43,ca,41,49,bb
// EXPECT: 0@7 tensor<6x2xf8E4M3FN> hex:be,ac,cf,49,43,c7,c4,3f,4a,c3,c5,bc
// GENERATOR: conformance/gen/mesh_collectives.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module attributes {tessera.mesh = {axes = ["dp", "tp"], shape = [2, 4]}} {
  func.func @main(%a0: tensor<3x4xf8E4M3FN>) -> tensor<6x2xf8E4M3FN> {
    %r = "tessera.all_to_all"(%a0) {axes = ["dp"], split_dim = 1, concat_dim = 0} : (tensor<3x4xf8E4M3FN>) -> tensor<6x2xf8E4M3FN>
    return %r : tensor<6x2xf8E4M3FN>
  }
}

// -----

// CASE: split0_concat1_8_i32
// RULE: bitexact
// REQUIRES: op=tessera.all_to_all dtype=i32 level=graph mesh=8
// INPUT: 0@0 tensor<8x2xi32> hex:b6d9912c,0d597789,86cf47cb,831410dd,34f75c59,a7840832,006b6733,359a318a,cafdc5f0,f787c6d1,cdb3d422,65c0d6a1,bc772a0f,35e275f4,03070bd8,705b5547
// INPUT: 0@1 tensor<8x2xi32> hex:3154f130,5a1bf2d8,088b1eaa,9ec7608a,a8c07063,5899aeb9,77d810b7,31f96830,2b9c3270,af0edf3e,75daa039,a47c1392,55ec5b48,ce3ed6ea,ab82be52,4efddd6a
// INPUT: 0@2 tensor<8x2xi32> hex:cd0cd1b1,e363f30e,f52ccf66,0a70013c,c7383556,0051e629,9c5bcf96,218ef82f,07acd8ae,ef46ac7f,235f93a1,91796f75,d088b8ff,75ef5b25,801c859f,12827482
// INPUT: 0@3 tensor<8x2xi32> hex:8e61f777,89597378,91409292,b244f7f4,4201f386,711d063e,2a5af317,756de997,bd799e02,030648ac,ab0e11fd,dcc5c2b2,89961f35,f02e5982,8db46570,d5c6a890
// INPUT: 0@4 tensor<8x2xi32> hex:962aa76a,ffec5144,f105317b,1f333490,7ca351b3,a42cf24f,ddc5d612,7847f6e2,f15b2428,b6d712ec,d4e734cb,96a90929,492c9476,1fa7650a,c300604d,dbfb81d2
// INPUT: 0@5 tensor<8x2xi32> hex:9270b95e,40f49575,6f72f2d4,af0c618b,6d96fbe0,0d5e470c,ab43bd84,a1f5ff2f,cfa840d1,551b3470,4b3ce024,bd956a8a,b2e26bbf,764d9c10,4dfae116,baa67d49
// INPUT: 0@6 tensor<8x2xi32> hex:da36785a,16e07643,40123464,eed8a433,200b8480,76bbd8d5,69b541b7,dd357748,f4a16b9d,175e661c,24d49575,655e9f0d,23c30f51,99993876,2e03a313,010a4658
// INPUT: 0@7 tensor<8x2xi32> hex:e4444a6c,6088b9ae,c65cbeb5,c5ff6f2c,8b9fbf8f,a24f867b,cca26a19,18d41d16,1019d85f,538377e8,29c3ce41,64fb8e88,82845152,ffb289a2,db1c28c2,b4a67737
// EXPECT: 0@0 tensor<1x16xi32> hex:b6d9912c,0d597789,3154f130,5a1bf2d8,cd0cd1b1,e363f30e,8e61f777,89597378,962aa76a,ffec5144,9270b95e,40f49575,da36785a,16e07643,e4444a6c,6088b9ae
// EXPECT: 0@1 tensor<1x16xi32> hex:86cf47cb,831410dd,088b1eaa,9ec7608a,f52ccf66,0a70013c,91409292,b244f7f4,f105317b,1f333490,6f72f2d4,af0c618b,40123464,eed8a433,c65cbeb5,c5ff6f2c
// EXPECT: 0@2 tensor<1x16xi32> hex:34f75c59,a7840832,a8c07063,5899aeb9,c7383556,0051e629,4201f386,711d063e,7ca351b3,a42cf24f,6d96fbe0,0d5e470c,200b8480,76bbd8d5,8b9fbf8f,a24f867b
// EXPECT: 0@3 tensor<1x16xi32> hex:006b6733,359a318a,77d810b7,31f96830,9c5bcf96,218ef82f,2a5af317,756de997,ddc5d612,7847f6e2,ab43bd84,a1f5ff2f,69b541b7,dd357748,cca26a19,18d41d16
// EXPECT: 0@4 tensor<1x16xi32> hex:cafdc5f0,f787c6d1,2b9c3270,af0edf3e,07acd8ae,ef46ac7f,bd799e02,030648ac,f15b2428,b6d712ec,cfa840d1,551b3470,f4a16b9d,175e661c,1019d85f,538377e8
// EXPECT: 0@5 tensor<1x16xi32> hex:cdb3d422,65c0d6a1,75daa039,a47c1392,235f93a1,91796f75,ab0e11fd,dcc5c2b2,d4e734cb,96a90929,4b3ce024,bd956a8a,24d49575,655e9f0d,29c3ce41,64fb8e88
// EXPECT: 0@6 tensor<1x16xi32> hex:bc772a0f,35e275f4,55ec5b48,ce3ed6ea,d088b8ff,75ef5b25,89961f35,f02e5982,492c9476,1fa7650a,b2e26bbf,764d9c10,23c30f51,99993876,82845152,ffb289a2
// EXPECT: 0@7 tensor<1x16xi32> hex:03070bd8,705b5547,ab82be52,4efddd6a,801c859f,12827482,8db46570,d5c6a890,c300604d,dbfb81d2,4dfae116,baa67d49,2e03a313,010a4658,db1c28c2,b4a67737
// GENERATOR: conformance/gen/mesh_collectives.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module attributes {tessera.mesh = {axes = ["x"], shape = [8]}} {
  func.func @main(%a0: tensor<8x2xi32>) -> tensor<1x16xi32> {
    %r = "tessera.all_to_all"(%a0) {axes = ["x"], split_dim = 0, concat_dim = 1} : (tensor<8x2xi32>) -> tensor<1x16xi32>
    return %r : tensor<1x16xi32>
  }
}

// -----

// CASE: split1_concat0_2x4_dp_i32
// RULE: bitexact
// REQUIRES: op=tessera.all_to_all dtype=i32 level=graph mesh=8
// INPUT: 0@0 tensor<3x4xi32> hex:2be1b0d5,8364ae7d,c61ae0df,e6009bd0,d0f6646c,a4689962,69b04fbb,19e5705a,ffe48832,338f678a,9f95fd4b,316c0393
// INPUT: 0@1 tensor<3x4xi32> hex:74b9db90,b7830d67,2ddbc46d,7de2ce6d,b793432b,49f12904,9e4e7263,276692d5,ca71aea0,50a98f65,ad9c6ae8,74db6215
// INPUT: 0@2 tensor<3x4xi32> hex:a34995c5,dbe253d1,e98673a7,4ce0648e,cf992c7a,eef7f816,0333ffce,e9accdfb,7dc469fe,7e4f0c64,6e1e4e11,a80bd63d
// INPUT: 0@3 tensor<3x4xi32> hex:cd9e2ad0,03928633,cf8fd68e,5007088d,3a572032,28120b4e,32c92f8d,e867192f,d5784215,4aa42364,4acf8392,c055a735
// INPUT: 0@4 tensor<3x4xi32> hex:14eb5fb9,0802c32b,3788e698,052e0e7a,6d07ce37,abb53a54,e45c8da3,b1fd6fe6,5bc2f23f,5ee8f9ba,b2e7e3e1,9fddfebd
// INPUT: 0@5 tensor<3x4xi32> hex:ed9bfb1a,7c1bfad0,56b16c3b,d9c058b4,f9543e31,7a7d85ca,ecb9c5fc,3b44035e,63da0eee,01a21836,02030f33,63765230
// INPUT: 0@6 tensor<3x4xi32> hex:4f4bb734,9f9e7d25,869c0633,13566927,80c74188,3e28df53,49b7fe63,3df8ae89,fd55ac15,d277b647,72927924,9248f85a
// INPUT: 0@7 tensor<3x4xi32> hex:b83ed6bc,774f9556,36533447,6d5fa76a,6b0f440b,d479356d,b82f658e,596fa25f,e0958eac,a964f628,4b04c000,cbb6cd9f
// EXPECT: 0@0 tensor<6x2xi32> hex:2be1b0d5,8364ae7d,d0f6646c,a4689962,ffe48832,338f678a,14eb5fb9,0802c32b,6d07ce37,abb53a54,5bc2f23f,5ee8f9ba
// EXPECT: 0@1 tensor<6x2xi32> hex:74b9db90,b7830d67,b793432b,49f12904,ca71aea0,50a98f65,ed9bfb1a,7c1bfad0,f9543e31,7a7d85ca,63da0eee,01a21836
// EXPECT: 0@2 tensor<6x2xi32> hex:a34995c5,dbe253d1,cf992c7a,eef7f816,7dc469fe,7e4f0c64,4f4bb734,9f9e7d25,80c74188,3e28df53,fd55ac15,d277b647
// EXPECT: 0@3 tensor<6x2xi32> hex:cd9e2ad0,03928633,3a572032,28120b4e,d5784215,4aa42364,b83ed6bc,774f9556,6b0f440b,d479356d,e0958eac,a964f628
// EXPECT: 0@4 tensor<6x2xi32> hex:c61ae0df,e6009bd0,69b04fbb,19e5705a,9f95fd4b,316c0393,3788e698,052e0e7a,e45c8da3,b1fd6fe6,b2e7e3e1,9fddfebd
// EXPECT: 0@5 tensor<6x2xi32> hex:2ddbc46d,7de2ce6d,9e4e7263,276692d5,ad9c6ae8,74db6215,56b16c3b,d9c058b4,ecb9c5fc,3b44035e,02030f33,63765230
// EXPECT: 0@6 tensor<6x2xi32> hex:e98673a7,4ce0648e,0333ffce,e9accdfb,6e1e4e11,a80bd63d,869c0633,13566927,49b7fe63,3df8ae89,72927924,9248f85a
// EXPECT: 0@7 tensor<6x2xi32> hex:cf8fd68e,5007088d,32c92f8d,e867192f,4acf8392,c055a735,36533447,6d5fa76a,b82f658e,596fa25f,4b04c000,cbb6cd9f
// GENERATOR: conformance/gen/mesh_collectives.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module attributes {tessera.mesh = {axes = ["dp", "tp"], shape = [2, 4]}} {
  func.func @main(%a0: tensor<3x4xi32>) -> tensor<6x2xi32> {
    %r = "tessera.all_to_all"(%a0) {axes = ["dp"], split_dim = 1, concat_dim = 0} : (tensor<3x4xi32>) -> tensor<6x2xi32>
    return %r : tensor<6x2xi32>
  }
}
