// tessera.reduce_scatter: per-rank inputs and expectations (docs/collectives.md).
// Generated file: edit the generator named in each case, then rerun it.

// CASE: sum_dim0_8_f32
// NOTE: Inputs are small integers: every fold order gives the same bits.
// RULE: bitexact
// REQUIRES: op=tessera.reduce_scatter dtype=f32 level=graph mesh=8
// INPUT: 0@0 tensor<8x3xf32> hex:40a00000,c0e00000,c0a00000,c0800000,c0a00000,40a00000,40c00000,3f800000,c1000000,c0e00000,c0400000,bf800000,40000000,00000000,c0800000,c0c00000,40400000,40800000,c1000000,c0e00000,bf800000,c0000000,40e00000,00000000
// INPUT: 0@1 tensor<8x3xf32> hex:bf800000,bf800000,40400000,3f800000,c0c00000,40800000,40800000,41000000,40a00000,c0800000,c0400000,40400000,40400000,40400000,40c00000,c0800000,40e00000,c1000000,c0e00000,41000000,41000000,c0400000,c0c00000,c0400000
// INPUT: 0@2 tensor<8x3xf32> hex:c1000000,40e00000,40400000,3f800000,c0800000,00000000,c0a00000,40a00000,00000000,c1000000,c0800000,40800000,00000000,c0000000,c0800000,c0e00000,40000000,40400000,00000000,40e00000,40e00000,c0a00000,40000000,40000000
// INPUT: 0@3 tensor<8x3xf32> hex:c0800000,c0400000,00000000,40800000,c0800000,40800000,40400000,c0a00000,c0000000,40c00000,40c00000,40400000,c1000000,40400000,c0a00000,40a00000,40e00000,bf800000,41000000,40800000,c0400000,40c00000,c0000000,c0e00000
// INPUT: 0@4 tensor<8x3xf32> hex:40000000,40c00000,40400000,c0000000,40e00000,00000000,c0000000,c0c00000,c0a00000,40400000,40a00000,c0800000,40000000,40c00000,c0c00000,c0800000,00000000,3f800000,c0000000,c0000000,c0c00000,40000000,40e00000,c0a00000
// INPUT: 0@5 tensor<8x3xf32> hex:40a00000,c0a00000,c1000000,40800000,c0a00000,40800000,c0400000,3f800000,40e00000,40e00000,00000000,c0a00000,c0800000,40c00000,40000000,c0c00000,40e00000,41000000,41000000,40000000,41000000,40000000,00000000,41000000
// INPUT: 0@6 tensor<8x3xf32> hex:40000000,40a00000,c0400000,40a00000,41000000,c1000000,3f800000,c0000000,c1000000,c0e00000,c0800000,c0a00000,40800000,c0a00000,40000000,40c00000,00000000,c0c00000,c0e00000,c0400000,bf800000,00000000,c0400000,40c00000
// INPUT: 0@7 tensor<8x3xf32> hex:3f800000,41000000,40e00000,40800000,c1000000,c0a00000,40800000,3f800000,41000000,40800000,40a00000,c1000000,c0400000,40400000,40000000,c0000000,c0c00000,40000000,c0e00000,40400000,40a00000,40400000,c0e00000,00000000
// EXPECT: 0@0 tensor<1x3xf32> hex:40000000,41200000,00000000
// EXPECT: 0@1 tensor<1x3xf32> hex:41500000,c1880000,40800000
// EXPECT: 0@2 tensor<1x3xf32> hex:41000000,40400000,c0400000
// EXPECT: 0@3 tensor<1x3xf32> hex:c0c00000,40000000,c1500000
// EXPECT: 0@4 tensor<1x3xf32> hex:c0800000,41600000,c0e00000
// EXPECT: 0@5 tensor<1x3xf32> hex:c1900000,41a00000,40400000
// EXPECT: 0@6 tensor<1x3xf32> hex:c1700000,41400000,41880000
// EXPECT: 0@7 tensor<1x3xf32> hex:40400000,c0000000,3f800000
// GENERATOR: conformance/gen/mesh_collectives.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module attributes {tessera.mesh = {axes = ["x"], shape = [8]}} {
  func.func @main(%a0: tensor<8x3xf32>) -> tensor<1x3xf32> {
    %r = "tessera.reduce_scatter"(%a0) {axes = ["x"], op = "sum", dim = 0} : (tensor<8x3xf32>) -> tensor<1x3xf32>
    return %r : tensor<1x3xf32>
  }
}

// -----

// CASE: max_dim1_2x4_tp_f32
// RULE: bitexact
// REQUIRES: op=tessera.reduce_scatter dtype=f32 level=graph mesh=8
// INPUT: 0@0 tensor<2x8xf32> hex:3fdcef25,c06fd39e,c0a614d0,bc58f7e7,40690117,40115aeb,3f259eab,bf739356,3f613417,bf3ae1a0,401ce756,c01888ad,3ece314c,beaa2886,3fd0a667,3f2c85bb
// INPUT: 0@1 tensor<2x8xf32> hex:40f4cda7,408fdef0,408fafd0,c0c3cad9,bf82ae7c,bfe9b4dc,3fcc90aa,c0dac95b,406180f6,404cdc5d,c079ff63,c03be19e,c019d335,3e050148,3ff62205,40c498d9
// INPUT: 0@2 tensor<2x8xf32> hex:bf17a35a,40135c49,3eeeb8c5,40a8f3f3,400e7e8b,4083617f,c04ee9e4,bf13a410,c01c3e8b,40907996,3ffc88a2,bf6a59d6,bfadbf67,3fba1c7f,c006afe9,c032ac4e
// INPUT: 0@3 tensor<2x8xf32> hex:3fb8cf35,40ec75ef,bf3d07d3,bfd573d4,c060dcb3,c080293b,3fc997f4,40235aac,3ce17a5a,3f7f6b1a,3eb20c41,3ed4f94e,c09282e3,bfafeadc,3eab3b73,c0165e37
// INPUT: 0@4 tensor<2x8xf32> hex:bfb6f2f3,c01d4565,bf80100f,4023cbfa,bf9c207a,beec586a,401c3be3,3ff7977e,40a2bd6c,c0c8afc3,40248455,bfb93274,3ecee2fa,4020d795,404ffc0f,40478e2a
// INPUT: 0@5 tensor<2x8xf32> hex:3eee3e6f,409a8712,bf5952ff,bed88c58,401979b6,bfd3ba1d,40cf726f,4043b00b,40d0daf0,bda35d2d,bf931b23,3f004af9,400d09e7,bfe1927e,3f91ce33,bd4e7db1
// INPUT: 0@6 tensor<2x8xf32> hex:409b1aff,bffe7a3d,4048dcf2,bff73e5c,c0387118,c00860a3,c0648404,3ee0cb4e,40460088,3efc633d,3fefbda8,409cb050,3f4f615c,3f15e27b,bf533f49,c09a642a
// INPUT: 0@7 tensor<2x8xf32> hex:4011deb0,c0a89ec6,3ffaa0b4,bd2ff7e2,40585790,be5030b4,c01e0def,3f897003,bfd72174,bf0af98f,3e00a087,beceab19,bf11000a,c01fd456,bf114137,c0cd47dc
// EXPECT: 0@0 tensor<2x2xf32> hex:40f4cda7,40ec75ef,406180f6,40907996
// EXPECT: 0@1 tensor<2x2xf32> hex:408fafd0,40a8f3f3,401ce756,3ed4f94e
// EXPECT: 0@2 tensor<2x2xf32> hex:40690117,4083617f,3ece314c,3fba1c7f
// EXPECT: 0@3 tensor<2x2xf32> hex:3fcc90aa,40235aac,3ff62205,40c498d9
// EXPECT: 0@4 tensor<2x2xf32> hex:409b1aff,409a8712,40d0daf0,3efc633d
// EXPECT: 0@5 tensor<2x2xf32> hex:4048dcf2,4023cbfa,40248455,409cb050
// EXPECT: 0@6 tensor<2x2xf32> hex:40585790,be5030b4,400d09e7,4020d795
// EXPECT: 0@7 tensor<2x2xf32> hex:40cf726f,4043b00b,404ffc0f,40478e2a
// GENERATOR: conformance/gen/mesh_collectives.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module attributes {tessera.mesh = {axes = ["dp", "tp"], shape = [2, 4]}} {
  func.func @main(%a0: tensor<2x8xf32>) -> tensor<2x2xf32> {
    %r = "tessera.reduce_scatter"(%a0) {axes = ["tp"], op = "max", dim = 1} : (tensor<2x8xf32>) -> tensor<2x2xf32>
    return %r : tensor<2x2xf32>
  }
}

// -----

// CASE: sum_dim0_8_bf16
// NOTE: Inputs are small integers: every fold order gives the same bits.
// RULE: bitexact
// REQUIRES: op=tessera.reduce_scatter dtype=bf16 level=graph mesh=8
// INPUT: 0@0 tensor<8x3xbf16> hex:3f80,c100,4040,40a0,c000,bf80,3f80,bf80,0000,3f80,4000,c080,c0e0,40e0,bf80,c0a0,4100,3f80,c040,c0c0,c100,4000,4000,40e0
// INPUT: 0@1 tensor<8x3xbf16> hex:4100,40e0,c0e0,c0c0,4000,4000,c0a0,40e0,40e0,c0a0,4000,bf80,3f80,4080,0000,4080,c080,bf80,c0c0,4000,c000,4040,4100,c000
// INPUT: 0@2 tensor<8x3xbf16> hex:40a0,4040,4080,3f80,c080,4040,c000,0000,3f80,c040,0000,bf80,c080,40e0,40e0,c0a0,c040,c0c0,c0a0,c100,c000,40c0,c0a0,4100
// INPUT: 0@3 tensor<8x3xbf16> hex:40c0,c080,c100,c080,bf80,c0a0,4040,4000,4080,0000,3f80,40a0,4000,c0a0,40c0,40c0,3f80,bf80,4000,40a0,40a0,40a0,c080,40e0
// INPUT: 0@4 tensor<8x3xbf16> hex:c100,0000,bf80,4000,4000,3f80,c0e0,c0a0,0000,0000,c0a0,40e0,c0c0,40e0,4000,c100,c000,4040,c0c0,c040,40c0,c0c0,40e0,c0c0
// INPUT: 0@5 tensor<8x3xbf16> hex:bf80,40a0,c100,4100,4000,0000,4040,c000,40a0,0000,c0e0,40c0,40c0,4080,4080,c0e0,c0e0,c0a0,c040,40c0,c0e0,0000,4100,4040
// INPUT: 0@6 tensor<8x3xbf16> hex:4080,40a0,c000,4000,c0c0,4080,c080,3f80,4040,c0a0,40c0,c0a0,4040,4100,4080,c100,4040,4040,c0c0,40c0,4100,c0a0,40a0,c100
// INPUT: 0@7 tensor<8x3xbf16> hex:4080,c000,c0c0,c040,40c0,bf80,4040,bf80,c0c0,4100,c0c0,c0c0,bf80,4100,0000,c100,40e0,40e0,0000,c040,c0a0,4080,c100,c100
// EXPECT: 0@0 tensor<1x3xbf16> hex:4198,40c0,c1c8
// EXPECT: 0@1 tensor<1x3xbf16> hex:40a0,bf80,4040
// EXPECT: 0@2 tensor<1x3xbf16> hex:c100,3f80,4160
// EXPECT: 0@3 tensor<1x3xbf16> hex:c080,c0e0,3f80
// EXPECT: 0@4 tensor<1x3xbf16> hex:c0c0,4220,41b0
// EXPECT: 0@5 tensor<1x3xbf16> hex:c1f8,4040,3f80
// EXPECT: 0@6 tensor<1x3xbf16> hex:c1d8,bf80,c0a0
// EXPECT: 0@7 tensor<1x3xbf16> hex:4110,4150,3f80
// GENERATOR: conformance/gen/mesh_collectives.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module attributes {tessera.mesh = {axes = ["x"], shape = [8]}} {
  func.func @main(%a0: tensor<8x3xbf16>) -> tensor<1x3xbf16> {
    %r = "tessera.reduce_scatter"(%a0) {axes = ["x"], op = "sum", dim = 0} : (tensor<8x3xbf16>) -> tensor<1x3xbf16>
    return %r : tensor<1x3xbf16>
  }
}

// -----

// CASE: max_dim1_2x4_tp_bf16
// RULE: bitexact
// REQUIRES: op=tessera.reduce_scatter dtype=bf16 level=graph mesh=8
// INPUT: 0@0 tensor<2x8xbf16> hex:c059,c07a,bda1,4029,3f4f,3fd2,bfaa,3f67,bfb5,bf7a,c078,c097,bfb9,c055,c038,4001
// INPUT: 0@1 tensor<2x8xbf16> hex:bea4,410c,4032,bff3,4015,3f89,c004,4054,c015,c113,4018,bfed,408f,bff9,c063,4095
// INPUT: 0@2 tensor<2x8xbf16> hex:c04e,3f1c,408b,3eb0,be78,3e9d,4021,c01b,3fea,3fde,40e0,bf81,c030,400d,bf99,3f5e
// INPUT: 0@3 tensor<2x8xbf16> hex:3ecc,4060,bffc,be8e,c0f5,c02b,4093,c003,c007,c06a,3fdf,3f09,c064,4000,3f48,4011
// INPUT: 0@4 tensor<2x8xbf16> hex:bff6,40a7,3f9d,beb4,bfc7,bf3c,4025,bf4f,404f,3fdf,4081,401c,be41,c0b7,3f65,4018
// INPUT: 0@5 tensor<2x8xbf16> hex:3efa,3fd6,bfb5,bf92,c035,4083,3ef3,bfbd,c080,beeb,408a,3fb1,c00b,4089,4089,403c
// INPUT: 0@6 tensor<2x8xbf16> hex:4017,405e,3fd1,4015,c016,4090,3f32,40c2,c0c4,4007,403c,bf84,3fae,4010,3fde,bfcf
// INPUT: 0@7 tensor<2x8xbf16> hex:beda,4044,4075,3e98,3e6d,3f1a,4047,c04a,c07f,3ebf,c054,bfe1,3e85,3fb9,c04e,401a
// EXPECT: 0@0 tensor<2x2xbf16> hex:3ecc,410c,3fea,3fde
// EXPECT: 0@1 tensor<2x2xbf16> hex:408b,4029,40e0,3f09
// EXPECT: 0@2 tensor<2x2xbf16> hex:4015,3fd2,408f,400d
// EXPECT: 0@3 tensor<2x2xbf16> hex:4093,4054,3f48,4095
// EXPECT: 0@4 tensor<2x2xbf16> hex:4017,40a7,404f,4007
// EXPECT: 0@5 tensor<2x2xbf16> hex:4075,4015,408a,401c
// EXPECT: 0@6 tensor<2x2xbf16> hex:3e6d,4090,3fae,4089
// EXPECT: 0@7 tensor<2x2xbf16> hex:4047,40c2,4089,403c
// GENERATOR: conformance/gen/mesh_collectives.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module attributes {tessera.mesh = {axes = ["dp", "tp"], shape = [2, 4]}} {
  func.func @main(%a0: tensor<2x8xbf16>) -> tensor<2x2xbf16> {
    %r = "tessera.reduce_scatter"(%a0) {axes = ["tp"], op = "max", dim = 1} : (tensor<2x8xbf16>) -> tensor<2x2xbf16>
    return %r : tensor<2x2xbf16>
  }
}

// -----

// CASE: sum_dim0_8_e4m3
// NOTE: Inputs are small integers: every fold order gives the same bits.
// RULE: bitexact
// REQUIRES: op=tessera.reduce_scatter dtype=f8E4M3FN level=graph mesh=8
// INPUT: 0@0 tensor<8x3xf8E4M3FN> hex:00,c0,c0,40,40,38,c0,b8,00,38,c0,c0,38,c0,00,38,40,c0,40,c0,c0,00,c0,38
// INPUT: 0@1 tensor<8x3xf8E4M3FN> hex:b8,00,38,c0,40,b8,c0,38,00,b8,c0,c0,00,c0,38,b8,b8,40,b8,c0,38,00,40,40
// INPUT: 0@2 tensor<8x3xf8E4M3FN> hex:c0,38,c0,b8,00,38,b8,c0,c0,00,00,b8,38,40,b8,40,38,38,c0,b8,40,38,b8,40
// INPUT: 0@3 tensor<8x3xf8E4M3FN> hex:b8,b8,38,00,00,c0,c0,c0,40,38,00,c0,40,38,c0,c0,b8,38,38,38,c0,40,c0,b8
// INPUT: 0@4 tensor<8x3xf8E4M3FN> hex:00,b8,b8,b8,00,38,40,38,00,c0,b8,b8,00,c0,38,b8,b8,38,40,40,b8,40,00,c0
// INPUT: 0@5 tensor<8x3xf8E4M3FN> hex:38,00,38,40,b8,00,40,b8,c0,38,00,40,00,c0,38,00,38,c0,b8,c0,40,00,b8,b8
// INPUT: 0@6 tensor<8x3xf8E4M3FN> hex:00,40,00,b8,00,c0,00,38,00,b8,c0,c0,c0,40,40,c0,40,c0,b8,00,38,c0,b8,38
// INPUT: 0@7 tensor<8x3xf8E4M3FN> hex:38,c0,00,c0,00,40,b8,00,c0,40,00,40,38,38,00,c0,38,38,40,c0,00,c0,c0,40
// EXPECT: 0@0 tensor<1x3xf8E4M3FN> hex:c0,c4,c0
// EXPECT: 0@1 tensor<1x3xf8E4M3FN> hex:c4,44,00
// EXPECT: 0@2 tensor<1x3xf8E4M3FN> hex:c8,c4,c8
// EXPECT: 0@3 tensor<1x3xf8E4M3FN> hex:38,ce,cc
// EXPECT: 0@4 tensor<1x3xf8E4M3FN> hex:44,c0,40
// EXPECT: 0@5 tensor<1x3xf8E4M3FN> hex:ca,48,00
// EXPECT: 0@6 tensor<1x3xf8E4M3FN> hex:40,cc,38
// EXPECT: 0@7 tensor<1x3xf8E4M3FN> hex:38,ce,48
// GENERATOR: conformance/gen/mesh_collectives.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module attributes {tessera.mesh = {axes = ["x"], shape = [8]}} {
  func.func @main(%a0: tensor<8x3xf8E4M3FN>) -> tensor<1x3xf8E4M3FN> {
    %r = "tessera.reduce_scatter"(%a0) {axes = ["x"], op = "sum", dim = 0} : (tensor<8x3xf8E4M3FN>) -> tensor<1x3xf8E4M3FN>
    return %r : tensor<1x3xf8E4M3FN>
  }
}

// -----

// CASE: max_dim1_2x4_tp_e4m3
// RULE: bitexact
// REQUIRES: op=tessera.reduce_scatter dtype=f8E4M3FN level=graph mesh=8
// INPUT: 0@0 tensor<2x8xf8E4M3FN> hex:46,4a,b5,3a,35,41,c9,4a,bb,47,27,b9,ad,43,c2,b9
// INPUT: 0@1 tensor<2x8xf8E4M3FN> hex:bc,ca,48,3e,98,46,c3,a6,4a,44,cd,d2,c4,45,bb,b2
// INPUT: 0@2 tensor<2x8xf8E4M3FN> hex:3f,c3,32,42,3b,3a,be,3c,ba,48,4f,c1,cd,ba,39,45
// INPUT: 0@3 tensor<2x8xf8E4M3FN> hex:45,c1,c2,47,c5,45,b3,41,40,41,42,c4,36,13,37,47
// INPUT: 0@4 tensor<2x8xf8E4M3FN> hex:b5,c1,c1,b7,41,c2,46,36,b3,c8,34,40,cb,46,4a,38
// INPUT: 0@5 tensor<2x8xf8E4M3FN> hex:3c,4e,47,c3,95,af,ae,ce,41,bf,30,ad,42,b6,c2,3d
// INPUT: 0@6 tensor<2x8xf8E4M3FN> hex:48,b7,48,35,bd,49,c2,44,bc,3b,c7,c2,45,31,1f,bb
// INPUT: 0@7 tensor<2x8xf8E4M3FN> hex:3b,c8,c5,af,c2,c0,a6,ad,b3,4a,44,47,9b,bc,c9,b8
// EXPECT: 0@0 tensor<2x2xf8E4M3FN> hex:46,4a,4a,48
// EXPECT: 0@1 tensor<2x2xf8E4M3FN> hex:48,47,4f,b9
// EXPECT: 0@2 tensor<2x2xf8E4M3FN> hex:3b,46,36,45
// EXPECT: 0@3 tensor<2x2xf8E4M3FN> hex:b3,4a,39,47
// EXPECT: 0@4 tensor<2x2xf8E4M3FN> hex:48,4e,41,4a
// EXPECT: 0@5 tensor<2x2xf8E4M3FN> hex:48,35,44,47
// EXPECT: 0@6 tensor<2x2xf8E4M3FN> hex:41,49,45,46
// EXPECT: 0@7 tensor<2x2xf8E4M3FN> hex:46,44,4a,3d
// GENERATOR: conformance/gen/mesh_collectives.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module attributes {tessera.mesh = {axes = ["dp", "tp"], shape = [2, 4]}} {
  func.func @main(%a0: tensor<2x8xf8E4M3FN>) -> tensor<2x2xf8E4M3FN> {
    %r = "tessera.reduce_scatter"(%a0) {axes = ["tp"], op = "max", dim = 1} : (tensor<2x8xf8E4M3FN>) -> tensor<2x2xf8E4M3FN>
    return %r : tensor<2x2xf8E4M3FN>
  }
}

// -----

// CASE: sum_dim0_8_i32
// NOTE: Inputs are small integers: every fold order gives the same bits.
// RULE: bitexact
// REQUIRES: op=tessera.reduce_scatter dtype=i32 level=graph mesh=8
// INPUT: 0@0 tensor<8x3xi32> hex:8ce04de6,7ac4d94c,a2df331d,778b7889,2b705c68,d1cb5efd,d1dc509d,9dd5f390,cb96206d,55f2f621,0d301b8f,70d375c9,4e59f0e9,262f0b5e,2f306941,76e24201,98c85a34,fa3feaab,386a690d,061875a4,b8f1ee73,92f79a08,c98ef0ef,deb71a28
// INPUT: 0@1 tensor<8x3xi32> hex:72cb8cdb,6cb36d72,a5ced6f4,9a70c720,f22b0aa2,a3324236,310ca955,8878250b,2b4b7269,fee73e6e,48dc7cc6,1a7c3ada,5428bbcb,08521a9b,5075e0e0,61060903,772007fc,2e3c6859,26738fc7,230ed65e,57c1e83e,1a4b3801,251429a7,0185f62c
// INPUT: 0@2 tensor<8x3xi32> hex:b4d6532e,9319eec0,1c700da6,98ebc8f1,1dc10ee1,24e33b1f,d1698047,b63e31bf,f7912cab,ea57028f,2ef2e270,25b8d82d,9f8c3989,1987fc30,99313cab,be8a2384,30b07505,c46e1472,389a6349,a3fd06d5,17fc42e3,2999f8db,f2faf9f5,383a4be9
// INPUT: 0@3 tensor<8x3xi32> hex:a0376549,a1c6969a,26ad4b20,c54f1537,6931c8b9,a61203ce,1cce407b,1cb5a097,9bf5d85a,cbce15a6,ea0575b3,5ead1769,47e91bec,c427e35d,37e09661,24f47617,b3e19093,22d34910,e0ca2be0,711d25f1,a2b233ca,3910d619,d21f9e4c,6ed98cef
// INPUT: 0@4 tensor<8x3xi32> hex:7f2ff809,15945cf8,22908f1b,80e222a6,3072b7f4,d38f2e3a,419b48b4,3d9306ef,3c150b00,d7bb384f,afbe6969,286fbeea,18ab72d3,9e189641,647c9329,25893293,4d2bbaf5,e2996486,b15e43c5,72328352,335e42df,9242d87c,e1d48b75,dc4e8292
// INPUT: 0@5 tensor<8x3xi32> hex:b14930a8,44779c68,78d1b031,e46922a6,07066b7b,f664619b,c21eca5f,d59a44c8,0d88e1a7,98f7f849,287ea751,d1f4841d,746e53ce,606c84f6,086525f8,446e7c31,a74f5a31,cf4b749d,acbaa0ee,2b21cb0d,6b115321,4b43af55,eb868372,4c05c641
// INPUT: 0@6 tensor<8x3xi32> hex:73bf834a,8e273337,d4a0734a,aa023c4e,cb348055,74cc0e9d,a5016729,c7a6c4ea,4fb7eaa3,474fd0f0,6b6ce1ca,215f8f96,91faf124,5f48ad13,b5ab1c69,940365b7,72a8fdd1,6f18db57,7966c21e,603f27be,24ac2e8f,bd0a2f04,d4fc2b88,35fffa91
// INPUT: 0@7 tensor<8x3xi32> hex:050f4947,818a076d,4a77939a,5d8875cf,61ac7f8b,ea1eddb6,df944f8c,3d90d2fc,2d8cdd34,4b8881bd,433443e8,86ceecf1,5ef9cadb,61d121f2,be8b86b0,9ae04c2b,45dbee4c,a7a77cca,663c4e35,f4d38f15,96253baa,c0e1f602,7f54d361,25e51aaa
// EXPECT: 0@0 tensor<1x3xi32> hex:fe01887a,8616001c,4645a907
// EXPECT: 0@1 tensor<1x3xi32> hex:dd0d153a,08e861f3,68d15c48
// EXPECT: 0@2 tensor<1x3xi32> hex:7970847c,11a6ce8e,514b4c59
// EXPECT: 0@3 tensor<1x3xi32> hex:0e8ad009,f5e326e4,b2485fc7
// EXPECT: 0@4 tensor<1x3xi32> hex:080684c9,cbcfefc2,31d07967
// EXPECT: 0@5 tensor<1x3xi32> hex:54424545,a17a690b,d862e1ca
// EXPECT: 0@6 tensor<1x3xi32> hex:b5fe7d03,30a87dfa,24a34d97
// EXPECT: 0@7 tensor<1x3xi32> hex:6b604dd4,d569c0a7,0b8a473a
// GENERATOR: conformance/gen/mesh_collectives.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module attributes {tessera.mesh = {axes = ["x"], shape = [8]}} {
  func.func @main(%a0: tensor<8x3xi32>) -> tensor<1x3xi32> {
    %r = "tessera.reduce_scatter"(%a0) {axes = ["x"], op = "sum", dim = 0} : (tensor<8x3xi32>) -> tensor<1x3xi32>
    return %r : tensor<1x3xi32>
  }
}

// -----

// CASE: max_dim1_2x4_tp_i32
// RULE: bitexact
// REQUIRES: op=tessera.reduce_scatter dtype=i32 level=graph mesh=8
// INPUT: 0@0 tensor<2x8xi32> hex:657bab88,b0c8e587,c6ef67a9,1f7c4376,dd856618,42fa5672,9c89f2d9,76b04325,d50746e3,e63d558a,365c51ac,c9377153,862c62ee,13dec86c,e2916dc3,26bd592d
// INPUT: 0@1 tensor<2x8xi32> hex:629d298b,6c4b6367,3085eba1,15f009cb,298e0fb1,f03fdf45,d9086311,cc30cb78,fd77e0e6,39a73f64,ae4197c2,233a18e8,d89677a5,92586771,1699c780,cc9e482e
// INPUT: 0@2 tensor<2x8xi32> hex:8989f912,aacabe71,2a8b73a2,fed59582,c67590eb,e1909540,eae2c0eb,a8a88803,11ddc663,07a81069,fd6b0cd0,28c84024,bb78b7a1,d753f240,fbcb77e7,55a45c9e
// INPUT: 0@3 tensor<2x8xi32> hex:b8eb2687,99fc6697,723b62df,8eb567b4,d3b2efdc,3514dd18,c463a005,102bdf1b,347494a3,4075384d,ee4aa846,6f4af7bb,d6ff4adf,02cdb589,7b0aa32c,5128b650
// INPUT: 0@4 tensor<2x8xi32> hex:1299f63c,25dc94bf,9917f269,03a39161,b63b33ac,00d6dcc1,6b9543bb,7def887e,10c77900,d88226b5,5a88c9bc,ecb656f4,d9858fc3,f977a455,1dcf1ecb,23c95060
// INPUT: 0@5 tensor<2x8xi32> hex:c710f876,8f9c26c8,1bf5ba53,26d58f62,e408fd4f,89d1ea20,80b6fcb9,e12634fa,37e8eece,f13d9190,7689cf69,10e32166,45a8f28b,1252bee1,b4db2623,1a824f80
// INPUT: 0@6 tensor<2x8xi32> hex:a896e262,8646ddd0,681d1eda,d41b07c1,7048171d,3cf3e5a8,add2a2f3,eace7934,a3ccf57e,5388a0de,6ebe93d1,0b27d3f2,c1dd19b3,11be563b,45eb183e,2d323ab7
// INPUT: 0@7 tensor<2x8xi32> hex:bf61d73f,7b9fbc84,76c09a93,810059e5,86529d4e,9e626072,a35da67b,96b91fbe,eee1ccf4,b4d094f7,e7106c66,8550d452,66836aa8,7cdae820,02cb5cf3,a66dad78
// EXPECT: 0@0 tensor<2x2xi32> hex:657bab88,6c4b6367,347494a3,4075384d
// EXPECT: 0@1 tensor<2x2xi32> hex:723b62df,1f7c4376,365c51ac,6f4af7bb
// EXPECT: 0@2 tensor<2x2xi32> hex:298e0fb1,42fa5672,d89677a5,13dec86c
// EXPECT: 0@3 tensor<2x2xi32> hex:eae2c0eb,76b04325,7b0aa32c,55a45c9e
// EXPECT: 0@4 tensor<2x2xi32> hex:1299f63c,7b9fbc84,37e8eece,5388a0de
// EXPECT: 0@5 tensor<2x2xi32> hex:76c09a93,26d58f62,7689cf69,10e32166
// EXPECT: 0@6 tensor<2x2xi32> hex:7048171d,3cf3e5a8,66836aa8,7cdae820
// EXPECT: 0@7 tensor<2x2xi32> hex:6b9543bb,7def887e,45eb183e,2d323ab7
// GENERATOR: conformance/gen/mesh_collectives.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module attributes {tessera.mesh = {axes = ["dp", "tp"], shape = [2, 4]}} {
  func.func @main(%a0: tensor<2x8xi32>) -> tensor<2x2xi32> {
    %r = "tessera.reduce_scatter"(%a0) {axes = ["tp"], op = "max", dim = 1} : (tensor<2x8xi32>) -> tensor<2x2xi32>
    return %r : tensor<2x2xi32>
  }
}
