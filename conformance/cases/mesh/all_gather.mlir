// tessera.all_gather: per-rank inputs and expectations (docs/collectives.md).
// Generated file: edit the generator named in each case, then rerun it.

// CASE: dim0_8_f32
// RULE: bitexact
// REQUIRES: op=tessera.all_gather dtype=f32 level=graph mesh=8
// INPUT: 0@0 tensor<2x3xf32> hex:3f113168,bfc8bc43,bf9e9dcc,c0ea6181,40acc59c,405bae0a
// INPUT: 0@1 tensor<2x3xf32> hex:bf79ecbc,40149224,3f57f844,bfd4ab00,403bb165,bf6e81e7
// INPUT: 0@2 tensor<2x3xf32> hex:bf7c8969,c0181799,3faeb433,be985e43,3fd16410,bfe928c8
// INPUT: 0@3 tensor<2x3xf32> hex:3ec2cebd,c02b510e,40218fb0,3f106934,3f7de0e8,3f9da22d
// INPUT: 0@4 tensor<2x3xf32> hex:c04210c1,40165eea,40c57187,c09d4a5d,c0a60604,c09076bd
// INPUT: 0@5 tensor<2x3xf32> hex:40218f63,3ec5b50e,404f0ab0,400ab4ec,3f21b81a,3f5a242c
// INPUT: 0@6 tensor<2x3xf32> hex:bf026046,4026be8e,c058e7cd,bfa1fe69,3f3a93b9,40acefb8
// INPUT: 0@7 tensor<2x3xf32> hex:c012c6f1,c04f2dfb,bfd84d62,403a19ab,bf347bf6,407e464e
// EXPECT: 0 tensor<16x3xf32> hex:3f113168,bfc8bc43,bf9e9dcc,c0ea6181,40acc59c,405bae0a,bf79ecbc,40149224,3f57f844,bfd4ab00,403bb165,bf6e81e7,bf7c8969,c0181799,3faeb433,be985e43,3fd16410,bfe928c8,3ec2cebd,c02b510e,40218fb0,3f106934,3f7de0e8,3f9da22d,c04210c1,40165eea,40c57187,c09d4a5d,c0a60604,c09076bd,40218f63,3ec5b50e,404f0ab0,400ab4ec,3f21b81a,3f5a242c,bf026046,4026be8e,c058e7cd,bfa1fe69,3f3a93b9,40acefb8,c012c6f1,c04f2dfb,bfd84d62,403a19ab,bf347bf6,407e464e
// GENERATOR: conformance/gen/mesh_collectives.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module attributes {tessera.mesh = {axes = ["x"], shape = [8]}} {
  func.func @main(%a0: tensor<2x3xf32>) -> tensor<16x3xf32> {
    %r = "tessera.all_gather"(%a0) {axes = ["x"], dim = 0} : (tensor<2x3xf32>) -> tensor<16x3xf32>
    return %r : tensor<16x3xf32>
  }
}

// -----

// CASE: dim1_2x4_tp_f32
// RULE: bitexact
// REQUIRES: op=tessera.all_gather dtype=f32 level=graph mesh=8
// INPUT: 0@0 tensor<2x3xf32> hex:c0b3c349,4058ad2b,4046b1bf,c0883121,3eebe6db,40696ceb
// INPUT: 0@1 tensor<2x3xf32> hex:3e870b2d,403ff153,40e3fd39,3f526146,bf575568,c0140ac1
// INPUT: 0@2 tensor<2x3xf32> hex:3ff8db58,bf1716b4,bf0946f7,bea1add4,3ff98cc9,c04cbcba
// INPUT: 0@3 tensor<2x3xf32> hex:c092de3f,c0e9a6f4,40662512,3e62b176,4090f8b2,bcdc1c28
// INPUT: 0@4 tensor<2x3xf32> hex:c00e7e6d,3fb7865d,be6b4794,c070cdc8,c029eecb,40a99c5e
// INPUT: 0@5 tensor<2x3xf32> hex:3f881215,3f9fe476,bf546448,c0046d19,402b32ab,bea0b4cc
// INPUT: 0@6 tensor<2x3xf32> hex:c011bfaf,bece057b,c02de059,3f11f488,4058cfcc,c0208742
// INPUT: 0@7 tensor<2x3xf32> hex:408923e6,c0002edb,3eeba41e,c0209612,bf2aad36,3e11a059
// EXPECT: 0@0 tensor<2x12xf32> hex:c0b3c349,4058ad2b,4046b1bf,3e870b2d,403ff153,40e3fd39,3ff8db58,bf1716b4,bf0946f7,c092de3f,c0e9a6f4,40662512,c0883121,3eebe6db,40696ceb,3f526146,bf575568,c0140ac1,bea1add4,3ff98cc9,c04cbcba,3e62b176,4090f8b2,bcdc1c28
// EXPECT: 0@1 tensor<2x12xf32> hex:c0b3c349,4058ad2b,4046b1bf,3e870b2d,403ff153,40e3fd39,3ff8db58,bf1716b4,bf0946f7,c092de3f,c0e9a6f4,40662512,c0883121,3eebe6db,40696ceb,3f526146,bf575568,c0140ac1,bea1add4,3ff98cc9,c04cbcba,3e62b176,4090f8b2,bcdc1c28
// EXPECT: 0@2 tensor<2x12xf32> hex:c0b3c349,4058ad2b,4046b1bf,3e870b2d,403ff153,40e3fd39,3ff8db58,bf1716b4,bf0946f7,c092de3f,c0e9a6f4,40662512,c0883121,3eebe6db,40696ceb,3f526146,bf575568,c0140ac1,bea1add4,3ff98cc9,c04cbcba,3e62b176,4090f8b2,bcdc1c28
// EXPECT: 0@3 tensor<2x12xf32> hex:c0b3c349,4058ad2b,4046b1bf,3e870b2d,403ff153,40e3fd39,3ff8db58,bf1716b4,bf0946f7,c092de3f,c0e9a6f4,40662512,c0883121,3eebe6db,40696ceb,3f526146,bf575568,c0140ac1,bea1add4,3ff98cc9,c04cbcba,3e62b176,4090f8b2,bcdc1c28
// EXPECT: 0@4 tensor<2x12xf32> hex:c00e7e6d,3fb7865d,be6b4794,3f881215,3f9fe476,bf546448,c011bfaf,bece057b,c02de059,408923e6,c0002edb,3eeba41e,c070cdc8,c029eecb,40a99c5e,c0046d19,402b32ab,bea0b4cc,3f11f488,4058cfcc,c0208742,c0209612,bf2aad36,3e11a059
// EXPECT: 0@5 tensor<2x12xf32> hex:c00e7e6d,3fb7865d,be6b4794,3f881215,3f9fe476,bf546448,c011bfaf,bece057b,c02de059,408923e6,c0002edb,3eeba41e,c070cdc8,c029eecb,40a99c5e,c0046d19,402b32ab,bea0b4cc,3f11f488,4058cfcc,c0208742,c0209612,bf2aad36,3e11a059
// EXPECT: 0@6 tensor<2x12xf32> hex:c00e7e6d,3fb7865d,be6b4794,3f881215,3f9fe476,bf546448,c011bfaf,bece057b,c02de059,408923e6,c0002edb,3eeba41e,c070cdc8,c029eecb,40a99c5e,c0046d19,402b32ab,bea0b4cc,3f11f488,4058cfcc,c0208742,c0209612,bf2aad36,3e11a059
// EXPECT: 0@7 tensor<2x12xf32> hex:c00e7e6d,3fb7865d,be6b4794,3f881215,3f9fe476,bf546448,c011bfaf,bece057b,c02de059,408923e6,c0002edb,3eeba41e,c070cdc8,c029eecb,40a99c5e,c0046d19,402b32ab,bea0b4cc,3f11f488,4058cfcc,c0208742,c0209612,bf2aad36,3e11a059
// GENERATOR: conformance/gen/mesh_collectives.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module attributes {tessera.mesh = {axes = ["dp", "tp"], shape = [2, 4]}} {
  func.func @main(%a0: tensor<2x3xf32>) -> tensor<2x12xf32> {
    %r = "tessera.all_gather"(%a0) {axes = ["tp"], dim = 1} : (tensor<2x3xf32>) -> tensor<2x12xf32>
    return %r : tensor<2x12xf32>
  }
}

// -----

// CASE: dim0_8_bf16
// RULE: bitexact
// REQUIRES: op=tessera.all_gather dtype=bf16 level=graph mesh=8
// INPUT: 0@0 tensor<2x3xbf16> hex:bfa7,c007,c002,c01e,c097,bf4a
// INPUT: 0@1 tensor<2x3xbf16> hex:3f9a,402e,3ff8,40ec,3f75,bfaf
// INPUT: 0@2 tensor<2x3xbf16> hex:40b4,c049,403a,c037,3f88,c0bd
// INPUT: 0@3 tensor<2x3xbf16> hex:402d,bef3,c03a,40a1,4013,3e0d
// INPUT: 0@4 tensor<2x3xbf16> hex:c00f,be05,befc,400b,4019,c000
// INPUT: 0@5 tensor<2x3xbf16> hex:bfd3,bfcc,c082,bfe3,be8e,4005
// INPUT: 0@6 tensor<2x3xbf16> hex:407e,c01b,3fd4,bfab,40c7,be16
// INPUT: 0@7 tensor<2x3xbf16> hex:3fc1,c034,c01c,3f1b,bf93,3f88
// EXPECT: 0 tensor<16x3xbf16> hex:bfa7,c007,c002,c01e,c097,bf4a,3f9a,402e,3ff8,40ec,3f75,bfaf,40b4,c049,403a,c037,3f88,c0bd,402d,bef3,c03a,40a1,4013,3e0d,c00f,be05,befc,400b,4019,c000,bfd3,bfcc,c082,bfe3,be8e,4005,407e,c01b,3fd4,bfab,40c7,be16,3fc1,c034,c01c,3f1b,bf93,3f88
// GENERATOR: conformance/gen/mesh_collectives.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module attributes {tessera.mesh = {axes = ["x"], shape = [8]}} {
  func.func @main(%a0: tensor<2x3xbf16>) -> tensor<16x3xbf16> {
    %r = "tessera.all_gather"(%a0) {axes = ["x"], dim = 0} : (tensor<2x3xbf16>) -> tensor<16x3xbf16>
    return %r : tensor<16x3xbf16>
  }
}

// -----

// CASE: dim1_2x4_tp_bf16
// RULE: bitexact
// REQUIRES: op=tessera.all_gather dtype=bf16 level=graph mesh=8
// INPUT: 0@0 tensor<2x3xbf16> hex:c096,3ffe,c02d,40a5,bf5e,4053
// INPUT: 0@1 tensor<2x3xbf16> hex:c086,3fa5,c02b,bfbb,3d97,bf74
// INPUT: 0@2 tensor<2x3xbf16> hex:3f4b,4010,3ffb,be86,c083,c01a
// INPUT: 0@3 tensor<2x3xbf16> hex:bf16,c0cc,4010,bf38,bf41,4036
// INPUT: 0@4 tensor<2x3xbf16> hex:4000,3f2a,c040,3f6e,3f85,c02a
// INPUT: 0@5 tensor<2x3xbf16> hex:4048,3fc3,c0bd,3ebb,c073,405a
// INPUT: 0@6 tensor<2x3xbf16> hex:401b,c054,c02a,3e9c,bf37,4092
// INPUT: 0@7 tensor<2x3xbf16> hex:400e,bf59,3fde,c0c3,3f6e,4026
// EXPECT: 0@0 tensor<2x12xbf16> hex:c096,3ffe,c02d,c086,3fa5,c02b,3f4b,4010,3ffb,bf16,c0cc,4010,40a5,bf5e,4053,bfbb,3d97,bf74,be86,c083,c01a,bf38,bf41,4036
// EXPECT: 0@1 tensor<2x12xbf16> hex:c096,3ffe,c02d,c086,3fa5,c02b,3f4b,4010,3ffb,bf16,c0cc,4010,40a5,bf5e,4053,bfbb,3d97,bf74,be86,c083,c01a,bf38,bf41,4036
// EXPECT: 0@2 tensor<2x12xbf16> hex:c096,3ffe,c02d,c086,3fa5,c02b,3f4b,4010,3ffb,bf16,c0cc,4010,40a5,bf5e,4053,bfbb,3d97,bf74,be86,c083,c01a,bf38,bf41,4036
// EXPECT: 0@3 tensor<2x12xbf16> hex:c096,3ffe,c02d,c086,3fa5,c02b,3f4b,4010,3ffb,bf16,c0cc,4010,40a5,bf5e,4053,bfbb,3d97,bf74,be86,c083,c01a,bf38,bf41,4036
// EXPECT: 0@4 tensor<2x12xbf16> hex:4000,3f2a,c040,4048,3fc3,c0bd,401b,c054,c02a,400e,bf59,3fde,3f6e,3f85,c02a,3ebb,c073,405a,3e9c,bf37,4092,c0c3,3f6e,4026
// EXPECT: 0@5 tensor<2x12xbf16> hex:4000,3f2a,c040,4048,3fc3,c0bd,401b,c054,c02a,400e,bf59,3fde,3f6e,3f85,c02a,3ebb,c073,405a,3e9c,bf37,4092,c0c3,3f6e,4026
// EXPECT: 0@6 tensor<2x12xbf16> hex:4000,3f2a,c040,4048,3fc3,c0bd,401b,c054,c02a,400e,bf59,3fde,3f6e,3f85,c02a,3ebb,c073,405a,3e9c,bf37,4092,c0c3,3f6e,4026
// EXPECT: 0@7 tensor<2x12xbf16> hex:4000,3f2a,c040,4048,3fc3,c0bd,401b,c054,c02a,400e,bf59,3fde,3f6e,3f85,c02a,3ebb,c073,405a,3e9c,bf37,4092,c0c3,3f6e,4026
// GENERATOR: conformance/gen/mesh_collectives.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module attributes {tessera.mesh = {axes = ["dp", "tp"], shape = [2, 4]}} {
  func.func @main(%a0: tensor<2x3xbf16>) -> tensor<2x12xbf16> {
    %r = "tessera.all_gather"(%a0) {axes = ["tp"], dim = 1} : (tensor<2x3xbf16>) -> tensor<2x12xbf16>
    return %r : tensor<2x12xbf16>
  }
}

// -----

// CASE: dim0_8_e4m3
// RULE: bitexact
// REQUIRES: op=tessera.all_gather dtype=f8E4M3FN level=graph mesh=8
// INPUT: 0@0 tensor<2x3xf8E4M3FN> hex:b1,c1,3e,4c,32,c5
// INPUT: 0@1 tensor<2x3xf8E4M3FN> hex:49,cb,3c,be,43,c2
// INPUT: 0@2 tensor<2x3xf8E4M3FN> hex:48,36,ca,cc,b7,48
// INPUT: 0@3 tensor<2x3xf8E4M3FN> hex:2c,25,b3,41,39,35
// INPUT: 0@4 tensor<2x3xf8E4M3FN> hex:c4,46,48,c8,4e,41
// INPUT: 0@5 tensor<2x3xf8E4M3FN> hex:bc,cb,40,3d,be,cb
// INPUT: 0@6 tensor<2x3xf8E4M3FN> hex:45,be,bb,51,4d,43
// INPUT: 0@7 tensor<2x3xf8E4M3FN> hex:bb,40,ce,2a,c1,c7
// EXPECT: 0 tensor<16x3xf8E4M3FN> hex:b1,c1,3e,4c,32,c5,49,cb,3c,be,43,c2,48,36,ca,cc,b7,48,2c,25,b3,41,39,35,c4,46,48,c8,4e,41,bc,cb,40,3d,be,cb,45,be,bb,51,4d,43,bb,40,ce,2a,c1,c7
// GENERATOR: conformance/gen/mesh_collectives.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module attributes {tessera.mesh = {axes = ["x"], shape = [8]}} {
  func.func @main(%a0: tensor<2x3xf8E4M3FN>) -> tensor<16x3xf8E4M3FN> {
    %r = "tessera.all_gather"(%a0) {axes = ["x"], dim = 0} : (tensor<2x3xf8E4M3FN>) -> tensor<16x3xf8E4M3FN>
    return %r : tensor<16x3xf8E4M3FN>
  }
}

// -----

// CASE: dim1_2x4_tp_e4m3
// RULE: bitexact
// REQUIRES: op=tessera.all_gather dtype=f8E4M3FN level=graph mesh=8
// INPUT: 0@0 tensor<2x3xf8E4M3FN> hex:c9,3d,29,2f,42,c2
// INPUT: 0@1 tensor<2x3xf8E4M3FN> hex:c7,cb,b8,41,ae,3f
// INPUT: 0@2 tensor<2x3xf8E4M3FN> hex:c6,bb,c1,c7,4b,42
// INPUT: 0@3 tensor<2x3xf8E4M3FN> hex:c1,c1,a3,c9,3a,c8
// INPUT: 0@4 tensor<2x3xf8E4M3FN> hex:b9,c4,bc,c8,c9,c4
// INPUT: 0@5 tensor<2x3xf8E4M3FN> hex:c0,b6,25,49,42,b4
// INPUT: 0@6 tensor<2x3xf8E4M3FN> hex:41,c0,49,3d,c8,41
// INPUT: 0@7 tensor<2x3xf8E4M3FN> hex:42,d0,c1,bb,cc,c5
// EXPECT: 0@0 tensor<2x12xf8E4M3FN> hex:c9,3d,29,c7,cb,b8,c6,bb,c1,c1,c1,a3,2f,42,c2,41,ae,3f,c7,4b,42,c9,3a,c8
// EXPECT: 0@1 tensor<2x12xf8E4M3FN> hex:c9,3d,29,c7,cb,b8,c6,bb,c1,c1,c1,a3,2f,42,c2,41,ae,3f,c7,4b,42,c9,3a,c8
// EXPECT: 0@2 tensor<2x12xf8E4M3FN> hex:c9,3d,29,c7,cb,b8,c6,bb,c1,c1,c1,a3,2f,42,c2,41,ae,3f,c7,4b,42,c9,3a,c8
// EXPECT: 0@3 tensor<2x12xf8E4M3FN> hex:c9,3d,29,c7,cb,b8,c6,bb,c1,c1,c1,a3,2f,42,c2,41,ae,3f,c7,4b,42,c9,3a,c8
// EXPECT: 0@4 tensor<2x12xf8E4M3FN> hex:b9,c4,bc,c0,b6,25,41,c0,49,42,d0,c1,c8,c9,c4,49,42,b4,3d,c8,41,bb,cc,c5
// EXPECT: 0@5 tensor<2x12xf8E4M3FN> hex:b9,c4,bc,c0,b6,25,41,c0,49,42,d0,c1,c8,c9,c4,49,42,b4,3d,c8,41,bb,cc,c5
// EXPECT: 0@6 tensor<2x12xf8E4M3FN> hex:b9,c4,bc,c0,b6,25,41,c0,49,42,d0,c1,c8,c9,c4,49,42,b4,3d,c8,41,bb,cc,c5
// EXPECT: 0@7 tensor<2x12xf8E4M3FN> hex:b9,c4,bc,c0,b6,25,41,c0,49,42,d0,c1,c8,c9,c4,49,42,b4,3d,c8,41,bb,cc,c5
// GENERATOR: conformance/gen/mesh_collectives.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module attributes {tessera.mesh = {axes = ["dp", "tp"], shape = [2, 4]}} {
  func.func @main(%a0: tensor<2x3xf8E4M3FN>) -> tensor<2x12xf8E4M3FN> {
    %r = "tessera.all_gather"(%a0) {axes = ["tp"], dim = 1} : (tensor<2x3xf8E4M3FN>) -> tensor<2x12xf8E4M3FN>
    return %r : tensor<2x12xf8E4M3FN>
  }
}

// -----

// CASE: dim0_8_i32
// RULE: bitexact
// REQUIRES: op=tessera.all_gather dtype=i32 level=graph mesh=8
// INPUT: 0@0 tensor<2x3xi32> hex:ebfd1165,f668bcdf,73dc8c0c,bc9a233f,94fb0e2b,aa5d3134
// INPUT: 0@1 tensor<2x3xi32> hex:a6b7bcf0,9f0e888f,f1540f1b,50598475,fdef90dc,2fc8c122
// INPUT: 0@2 tensor<2x3xi32> hex:85c798d2,e12408f5,b38e46c1,e44294b1,3864536c,3a7c3069
// INPUT: 0@3 tensor<2x3xi32> hex:557b59d9,1a9cdec6,180ce9dc,6a7ff9ef,5c8fe4cc,6b5eb201
// INPUT: 0@4 tensor<2x3xi32> hex:182fa0ab,fb6fcd23,d2be90d2,28bd1694,0a3df66b,0b6f57e2
// INPUT: 0@5 tensor<2x3xi32> hex:8948419d,cf6edf8e,773ca2e3,f41974af,f32a789e,389efb3f
// INPUT: 0@6 tensor<2x3xi32> hex:593c7357,0d7c93da,2b9da31c,21e56235,2b885142,fcb0d5ec
// INPUT: 0@7 tensor<2x3xi32> hex:c3b100dd,73f657c2,4be23ab4,46c62d77,200963c3,a17b20c2
// EXPECT: 0 tensor<16x3xi32> hex:ebfd1165,f668bcdf,73dc8c0c,bc9a233f,94fb0e2b,aa5d3134,a6b7bcf0,9f0e888f,f1540f1b,50598475,fdef90dc,2fc8c122,85c798d2,e12408f5,b38e46c1,e44294b1,3864536c,3a7c3069,557b59d9,1a9cdec6,180ce9dc,6a7ff9ef,5c8fe4cc,6b5eb201,182fa0ab,fb6fcd23,d2be90d2,28bd1694,0a3df66b,0b6f57e2,8948419d,cf6edf8e,773ca2e3,f41974af,f32a789e,389efb3f,593c7357,0d7c93da,2b9da31c,21e56235,2b885142,fcb0d5ec,c3b100dd,73f657c2,4be23ab4,46c62d77,200963c3,a17b20c2
// GENERATOR: conformance/gen/mesh_collectives.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module attributes {tessera.mesh = {axes = ["x"], shape = [8]}} {
  func.func @main(%a0: tensor<2x3xi32>) -> tensor<16x3xi32> {
    %r = "tessera.all_gather"(%a0) {axes = ["x"], dim = 0} : (tensor<2x3xi32>) -> tensor<16x3xi32>
    return %r : tensor<16x3xi32>
  }
}

// -----

// CASE: dim1_2x4_tp_i32
// RULE: bitexact
// REQUIRES: op=tessera.all_gather dtype=i32 level=graph mesh=8
// INPUT: 0@0 tensor<2x3xi32> hex:e008be1d,50697b10,b9c25e5c,6ae65d32,766b171b,511082dd
// INPUT: 0@1 tensor<2x3xi32> hex:b114c193,d7d5f12f,a1459566,de2f48b3,ecb301aa,be434c06
// INPUT: 0@2 tensor<2x3xi32> hex:4739fa38,8e42a9f3,a00862f5,f8d90329,132d4dc9,59b911a8
// INPUT: 0@3 tensor<2x3xi32> hex:d6c6c22a,44d0d60b,04523c69,2985de01,313a6558,58e17cda
// INPUT: 0@4 tensor<2x3xi32> hex:8522e419,28bbafd9,fe848f6b,b92c60f2,0bb572f4,4d9b9234
// INPUT: 0@5 tensor<2x3xi32> hex:47bbc910,de15ca7f,3eff2621,63db19ed,3c7d7443,d3945bf0
// INPUT: 0@6 tensor<2x3xi32> hex:b1f0630d,9786e2e0,af0ff9cb,3ada9bad,603f110f,9b8ebccf
// INPUT: 0@7 tensor<2x3xi32> hex:e480a61d,5ec65f71,e603d102,e973d264,4dda282e,47b605dc
// EXPECT: 0@0 tensor<2x12xi32> hex:e008be1d,50697b10,b9c25e5c,b114c193,d7d5f12f,a1459566,4739fa38,8e42a9f3,a00862f5,d6c6c22a,44d0d60b,04523c69,6ae65d32,766b171b,511082dd,de2f48b3,ecb301aa,be434c06,f8d90329,132d4dc9,59b911a8,2985de01,313a6558,58e17cda
// EXPECT: 0@1 tensor<2x12xi32> hex:e008be1d,50697b10,b9c25e5c,b114c193,d7d5f12f,a1459566,4739fa38,8e42a9f3,a00862f5,d6c6c22a,44d0d60b,04523c69,6ae65d32,766b171b,511082dd,de2f48b3,ecb301aa,be434c06,f8d90329,132d4dc9,59b911a8,2985de01,313a6558,58e17cda
// EXPECT: 0@2 tensor<2x12xi32> hex:e008be1d,50697b10,b9c25e5c,b114c193,d7d5f12f,a1459566,4739fa38,8e42a9f3,a00862f5,d6c6c22a,44d0d60b,04523c69,6ae65d32,766b171b,511082dd,de2f48b3,ecb301aa,be434c06,f8d90329,132d4dc9,59b911a8,2985de01,313a6558,58e17cda
// EXPECT: 0@3 tensor<2x12xi32> hex:e008be1d,50697b10,b9c25e5c,b114c193,d7d5f12f,a1459566,4739fa38,8e42a9f3,a00862f5,d6c6c22a,44d0d60b,04523c69,6ae65d32,766b171b,511082dd,de2f48b3,ecb301aa,be434c06,f8d90329,132d4dc9,59b911a8,2985de01,313a6558,58e17cda
// EXPECT: 0@4 tensor<2x12xi32> hex:8522e419,28bbafd9,fe848f6b,47bbc910,de15ca7f,3eff2621,b1f0630d,9786e2e0,af0ff9cb,e480a61d,5ec65f71,e603d102,b92c60f2,0bb572f4,4d9b9234,63db19ed,3c7d7443,d3945bf0,3ada9bad,603f110f,9b8ebccf,e973d264,4dda282e,47b605dc
// EXPECT: 0@5 tensor<2x12xi32> hex:8522e419,28bbafd9,fe848f6b,47bbc910,de15ca7f,3eff2621,b1f0630d,9786e2e0,af0ff9cb,e480a61d,5ec65f71,e603d102,b92c60f2,0bb572f4,4d9b9234,63db19ed,3c7d7443,d3945bf0,3ada9bad,603f110f,9b8ebccf,e973d264,4dda282e,47b605dc
// EXPECT: 0@6 tensor<2x12xi32> hex:8522e419,28bbafd9,fe848f6b,47bbc910,de15ca7f,3eff2621,b1f0630d,9786e2e0,af0ff9cb,e480a61d,5ec65f71,e603d102,b92c60f2,0bb572f4,4d9b9234,63db19ed,3c7d7443,d3945bf0,3ada9bad,603f110f,9b8ebccf,e973d264,4dda282e,47b605dc
// EXPECT: 0@7 tensor<2x12xi32> hex:8522e419,28bbafd9,fe848f6b,47bbc910,de15ca7f,3eff2621,b1f0630d,9786e2e0,af0ff9cb,e480a61d,5ec65f71,e603d102,b92c60f2,0bb572f4,4d9b9234,63db19ed,3c7d7443,d3945bf0,3ada9bad,603f110f,9b8ebccf,e973d264,4dda282e,47b605dc
// GENERATOR: conformance/gen/mesh_collectives.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module attributes {tessera.mesh = {axes = ["dp", "tp"], shape = [2, 4]}} {
  func.func @main(%a0: tensor<2x3xi32>) -> tensor<2x12xi32> {
    %r = "tessera.all_gather"(%a0) {axes = ["tp"], dim = 1} : (tensor<2x3xi32>) -> tensor<2x12xi32>
    return %r : tensor<2x12xi32>
  }
}

// -----

// CASE: dim0_nvl72_tp_f32
// RULE: bitexact
// REQUIRES: op=tessera.all_gather dtype=f32 level=graph mesh=72
// INPUT: 0@0 tensor<1x2xf32> hex:c04f6fe9,3edbfd8a
// INPUT: 0@1 tensor<1x2xf32> hex:400bcedd,3ddfefc8
// INPUT: 0@2 tensor<1x2xf32> hex:40b72b5e,bf1f95e1
// INPUT: 0@3 tensor<1x2xf32> hex:c047f072,c09b4b98
// INPUT: 0@4 tensor<1x2xf32> hex:405d2f65,be354dd6
// INPUT: 0@5 tensor<1x2xf32> hex:40423b3c,3fafbeaf
// INPUT: 0@6 tensor<1x2xf32> hex:409c0212,407317b6
// INPUT: 0@7 tensor<1x2xf32> hex:bf90fb20,3f5257f6
// INPUT: 0@8 tensor<1x2xf32> hex:40506434,c06d5391
// INPUT: 0@9 tensor<1x2xf32> hex:408b4938,4068b3e6
// INPUT: 0@10 tensor<1x2xf32> hex:403cb8c6,bf1a50df
// INPUT: 0@11 tensor<1x2xf32> hex:3f680b58,c056828b
// INPUT: 0@12 tensor<1x2xf32> hex:3e320904,bfe18dc2
// INPUT: 0@13 tensor<1x2xf32> hex:3e84f656,bfbdefbd
// INPUT: 0@14 tensor<1x2xf32> hex:3f59f60a,40626e89
// INPUT: 0@15 tensor<1x2xf32> hex:c07b719e,4031acd0
// INPUT: 0@16 tensor<1x2xf32> hex:c0bf36c9,c0cf758e
// INPUT: 0@17 tensor<1x2xf32> hex:beb759ac,3ca5619c
// INPUT: 0@18 tensor<1x2xf32> hex:3faa0918,c09e2624
// INPUT: 0@19 tensor<1x2xf32> hex:be3821ab,3ec25789
// INPUT: 0@20 tensor<1x2xf32> hex:4070ffd6,be9f7f63
// INPUT: 0@21 tensor<1x2xf32> hex:3fcb2201,c03baa6c
// INPUT: 0@22 tensor<1x2xf32> hex:bf100abe,bfab15e7
// INPUT: 0@23 tensor<1x2xf32> hex:400708d1,c03dda72
// INPUT: 0@24 tensor<1x2xf32> hex:c020309e,3fdd2df1
// INPUT: 0@25 tensor<1x2xf32> hex:40abc932,3f92f545
// INPUT: 0@26 tensor<1x2xf32> hex:3f692262,bf84eb2f
// INPUT: 0@27 tensor<1x2xf32> hex:4050fa47,3fcf53ff
// INPUT: 0@28 tensor<1x2xf32> hex:40a662f2,3f7dfc87
// INPUT: 0@29 tensor<1x2xf32> hex:c036255e,bfdadb88
// INPUT: 0@30 tensor<1x2xf32> hex:c03d94e9,c0702859
// INPUT: 0@31 tensor<1x2xf32> hex:4072a23d,401b0239
// INPUT: 0@32 tensor<1x2xf32> hex:c06dd1d9,40ab01bd
// INPUT: 0@33 tensor<1x2xf32> hex:3f3bd298,c037b928
// INPUT: 0@34 tensor<1x2xf32> hex:3f944f29,be549094
// INPUT: 0@35 tensor<1x2xf32> hex:c0145987,c0ba858e
// INPUT: 0@36 tensor<1x2xf32> hex:3de19b6a,3f6040b8
// INPUT: 0@37 tensor<1x2xf32> hex:c0f79768,3fd5159c
// INPUT: 0@38 tensor<1x2xf32> hex:3fed2bd3,bfb466ca
// INPUT: 0@39 tensor<1x2xf32> hex:3eac3894,bf578ba4
// INPUT: 0@40 tensor<1x2xf32> hex:c020b944,bf8a42d8
// INPUT: 0@41 tensor<1x2xf32> hex:4081c104,c08b425e
// INPUT: 0@42 tensor<1x2xf32> hex:3f3629e6,3f0d6706
// INPUT: 0@43 tensor<1x2xf32> hex:c007dd72,bfa9171b
// INPUT: 0@44 tensor<1x2xf32> hex:c086708f,c02393a5
// INPUT: 0@45 tensor<1x2xf32> hex:3d37ba64,3f7aeaf6
// INPUT: 0@46 tensor<1x2xf32> hex:c02c7d04,4112b456
// INPUT: 0@47 tensor<1x2xf32> hex:bfdb0327,3ec39432
// INPUT: 0@48 tensor<1x2xf32> hex:bf3115e3,bf9983f4
// INPUT: 0@49 tensor<1x2xf32> hex:4079ce24,bfb7dd13
// INPUT: 0@50 tensor<1x2xf32> hex:408019f1,405b3a8e
// INPUT: 0@51 tensor<1x2xf32> hex:c048c489,4046d094
// INPUT: 0@52 tensor<1x2xf32> hex:bff9bec4,4103599b
// INPUT: 0@53 tensor<1x2xf32> hex:bf9428ab,c034a868
// INPUT: 0@54 tensor<1x2xf32> hex:c0b7769c,c07843c1
// INPUT: 0@55 tensor<1x2xf32> hex:bfdef81c,c03f9f10
// INPUT: 0@56 tensor<1x2xf32> hex:c06be86b,c0058157
// INPUT: 0@57 tensor<1x2xf32> hex:bf1ea0f0,408b2329
// INPUT: 0@58 tensor<1x2xf32> hex:c0a3842d,bfd3d484
// INPUT: 0@59 tensor<1x2xf32> hex:c03725c7,c0917446
// INPUT: 0@60 tensor<1x2xf32> hex:c0731926,c02de6ae
// INPUT: 0@61 tensor<1x2xf32> hex:4009ac1e,bf14ea68
// INPUT: 0@62 tensor<1x2xf32> hex:bfce9617,3feabc6b
// INPUT: 0@63 tensor<1x2xf32> hex:3f57a187,bf2b843d
// INPUT: 0@64 tensor<1x2xf32> hex:3f9390d6,c01f0b1c
// INPUT: 0@65 tensor<1x2xf32> hex:3ff0ea18,3fb34c97
// INPUT: 0@66 tensor<1x2xf32> hex:bf9e5329,c06a23b1
// INPUT: 0@67 tensor<1x2xf32> hex:4091ed1a,3e90b158
// INPUT: 0@68 tensor<1x2xf32> hex:411275f2,bffae8ba
// INPUT: 0@69 tensor<1x2xf32> hex:4023bef1,bfa6bd7b
// INPUT: 0@70 tensor<1x2xf32> hex:3f42d12b,402002d8
// INPUT: 0@71 tensor<1x2xf32> hex:c0197794,be99bd2c
// EXPECT: 0@0 tensor<9x2xf32> hex:c04f6fe9,3edbfd8a,40b72b5e,bf1f95e1,405d2f65,be354dd6,409c0212,407317b6,40506434,c06d5391,403cb8c6,bf1a50df,3e320904,bfe18dc2,3f59f60a,40626e89,c0bf36c9,c0cf758e
// EXPECT: 0@1 tensor<9x2xf32> hex:400bcedd,3ddfefc8,c047f072,c09b4b98,40423b3c,3fafbeaf,bf90fb20,3f5257f6,408b4938,4068b3e6,3f680b58,c056828b,3e84f656,bfbdefbd,c07b719e,4031acd0,beb759ac,3ca5619c
// EXPECT: 0@2 tensor<9x2xf32> hex:c04f6fe9,3edbfd8a,40b72b5e,bf1f95e1,405d2f65,be354dd6,409c0212,407317b6,40506434,c06d5391,403cb8c6,bf1a50df,3e320904,bfe18dc2,3f59f60a,40626e89,c0bf36c9,c0cf758e
// EXPECT: 0@3 tensor<9x2xf32> hex:400bcedd,3ddfefc8,c047f072,c09b4b98,40423b3c,3fafbeaf,bf90fb20,3f5257f6,408b4938,4068b3e6,3f680b58,c056828b,3e84f656,bfbdefbd,c07b719e,4031acd0,beb759ac,3ca5619c
// EXPECT: 0@4 tensor<9x2xf32> hex:c04f6fe9,3edbfd8a,40b72b5e,bf1f95e1,405d2f65,be354dd6,409c0212,407317b6,40506434,c06d5391,403cb8c6,bf1a50df,3e320904,bfe18dc2,3f59f60a,40626e89,c0bf36c9,c0cf758e
// EXPECT: 0@5 tensor<9x2xf32> hex:400bcedd,3ddfefc8,c047f072,c09b4b98,40423b3c,3fafbeaf,bf90fb20,3f5257f6,408b4938,4068b3e6,3f680b58,c056828b,3e84f656,bfbdefbd,c07b719e,4031acd0,beb759ac,3ca5619c
// EXPECT: 0@6 tensor<9x2xf32> hex:c04f6fe9,3edbfd8a,40b72b5e,bf1f95e1,405d2f65,be354dd6,409c0212,407317b6,40506434,c06d5391,403cb8c6,bf1a50df,3e320904,bfe18dc2,3f59f60a,40626e89,c0bf36c9,c0cf758e
// EXPECT: 0@7 tensor<9x2xf32> hex:400bcedd,3ddfefc8,c047f072,c09b4b98,40423b3c,3fafbeaf,bf90fb20,3f5257f6,408b4938,4068b3e6,3f680b58,c056828b,3e84f656,bfbdefbd,c07b719e,4031acd0,beb759ac,3ca5619c
// EXPECT: 0@8 tensor<9x2xf32> hex:c04f6fe9,3edbfd8a,40b72b5e,bf1f95e1,405d2f65,be354dd6,409c0212,407317b6,40506434,c06d5391,403cb8c6,bf1a50df,3e320904,bfe18dc2,3f59f60a,40626e89,c0bf36c9,c0cf758e
// EXPECT: 0@9 tensor<9x2xf32> hex:400bcedd,3ddfefc8,c047f072,c09b4b98,40423b3c,3fafbeaf,bf90fb20,3f5257f6,408b4938,4068b3e6,3f680b58,c056828b,3e84f656,bfbdefbd,c07b719e,4031acd0,beb759ac,3ca5619c
// EXPECT: 0@10 tensor<9x2xf32> hex:c04f6fe9,3edbfd8a,40b72b5e,bf1f95e1,405d2f65,be354dd6,409c0212,407317b6,40506434,c06d5391,403cb8c6,bf1a50df,3e320904,bfe18dc2,3f59f60a,40626e89,c0bf36c9,c0cf758e
// EXPECT: 0@11 tensor<9x2xf32> hex:400bcedd,3ddfefc8,c047f072,c09b4b98,40423b3c,3fafbeaf,bf90fb20,3f5257f6,408b4938,4068b3e6,3f680b58,c056828b,3e84f656,bfbdefbd,c07b719e,4031acd0,beb759ac,3ca5619c
// EXPECT: 0@12 tensor<9x2xf32> hex:c04f6fe9,3edbfd8a,40b72b5e,bf1f95e1,405d2f65,be354dd6,409c0212,407317b6,40506434,c06d5391,403cb8c6,bf1a50df,3e320904,bfe18dc2,3f59f60a,40626e89,c0bf36c9,c0cf758e
// EXPECT: 0@13 tensor<9x2xf32> hex:400bcedd,3ddfefc8,c047f072,c09b4b98,40423b3c,3fafbeaf,bf90fb20,3f5257f6,408b4938,4068b3e6,3f680b58,c056828b,3e84f656,bfbdefbd,c07b719e,4031acd0,beb759ac,3ca5619c
// EXPECT: 0@14 tensor<9x2xf32> hex:c04f6fe9,3edbfd8a,40b72b5e,bf1f95e1,405d2f65,be354dd6,409c0212,407317b6,40506434,c06d5391,403cb8c6,bf1a50df,3e320904,bfe18dc2,3f59f60a,40626e89,c0bf36c9,c0cf758e
// EXPECT: 0@15 tensor<9x2xf32> hex:400bcedd,3ddfefc8,c047f072,c09b4b98,40423b3c,3fafbeaf,bf90fb20,3f5257f6,408b4938,4068b3e6,3f680b58,c056828b,3e84f656,bfbdefbd,c07b719e,4031acd0,beb759ac,3ca5619c
// EXPECT: 0@16 tensor<9x2xf32> hex:c04f6fe9,3edbfd8a,40b72b5e,bf1f95e1,405d2f65,be354dd6,409c0212,407317b6,40506434,c06d5391,403cb8c6,bf1a50df,3e320904,bfe18dc2,3f59f60a,40626e89,c0bf36c9,c0cf758e
// EXPECT: 0@17 tensor<9x2xf32> hex:400bcedd,3ddfefc8,c047f072,c09b4b98,40423b3c,3fafbeaf,bf90fb20,3f5257f6,408b4938,4068b3e6,3f680b58,c056828b,3e84f656,bfbdefbd,c07b719e,4031acd0,beb759ac,3ca5619c
// EXPECT: 0@18 tensor<9x2xf32> hex:3faa0918,c09e2624,4070ffd6,be9f7f63,bf100abe,bfab15e7,c020309e,3fdd2df1,3f692262,bf84eb2f,40a662f2,3f7dfc87,c03d94e9,c0702859,c06dd1d9,40ab01bd,3f944f29,be549094
// EXPECT: 0@19 tensor<9x2xf32> hex:be3821ab,3ec25789,3fcb2201,c03baa6c,400708d1,c03dda72,40abc932,3f92f545,4050fa47,3fcf53ff,c036255e,bfdadb88,4072a23d,401b0239,3f3bd298,c037b928,c0145987,c0ba858e
// EXPECT: 0@20 tensor<9x2xf32> hex:3faa0918,c09e2624,4070ffd6,be9f7f63,bf100abe,bfab15e7,c020309e,3fdd2df1,3f692262,bf84eb2f,40a662f2,3f7dfc87,c03d94e9,c0702859,c06dd1d9,40ab01bd,3f944f29,be549094
// EXPECT: 0@21 tensor<9x2xf32> hex:be3821ab,3ec25789,3fcb2201,c03baa6c,400708d1,c03dda72,40abc932,3f92f545,4050fa47,3fcf53ff,c036255e,bfdadb88,4072a23d,401b0239,3f3bd298,c037b928,c0145987,c0ba858e
// EXPECT: 0@22 tensor<9x2xf32> hex:3faa0918,c09e2624,4070ffd6,be9f7f63,bf100abe,bfab15e7,c020309e,3fdd2df1,3f692262,bf84eb2f,40a662f2,3f7dfc87,c03d94e9,c0702859,c06dd1d9,40ab01bd,3f944f29,be549094
// EXPECT: 0@23 tensor<9x2xf32> hex:be3821ab,3ec25789,3fcb2201,c03baa6c,400708d1,c03dda72,40abc932,3f92f545,4050fa47,3fcf53ff,c036255e,bfdadb88,4072a23d,401b0239,3f3bd298,c037b928,c0145987,c0ba858e
// EXPECT: 0@24 tensor<9x2xf32> hex:3faa0918,c09e2624,4070ffd6,be9f7f63,bf100abe,bfab15e7,c020309e,3fdd2df1,3f692262,bf84eb2f,40a662f2,3f7dfc87,c03d94e9,c0702859,c06dd1d9,40ab01bd,3f944f29,be549094
// EXPECT: 0@25 tensor<9x2xf32> hex:be3821ab,3ec25789,3fcb2201,c03baa6c,400708d1,c03dda72,40abc932,3f92f545,4050fa47,3fcf53ff,c036255e,bfdadb88,4072a23d,401b0239,3f3bd298,c037b928,c0145987,c0ba858e
// EXPECT: 0@26 tensor<9x2xf32> hex:3faa0918,c09e2624,4070ffd6,be9f7f63,bf100abe,bfab15e7,c020309e,3fdd2df1,3f692262,bf84eb2f,40a662f2,3f7dfc87,c03d94e9,c0702859,c06dd1d9,40ab01bd,3f944f29,be549094
// EXPECT: 0@27 tensor<9x2xf32> hex:be3821ab,3ec25789,3fcb2201,c03baa6c,400708d1,c03dda72,40abc932,3f92f545,4050fa47,3fcf53ff,c036255e,bfdadb88,4072a23d,401b0239,3f3bd298,c037b928,c0145987,c0ba858e
// EXPECT: 0@28 tensor<9x2xf32> hex:3faa0918,c09e2624,4070ffd6,be9f7f63,bf100abe,bfab15e7,c020309e,3fdd2df1,3f692262,bf84eb2f,40a662f2,3f7dfc87,c03d94e9,c0702859,c06dd1d9,40ab01bd,3f944f29,be549094
// EXPECT: 0@29 tensor<9x2xf32> hex:be3821ab,3ec25789,3fcb2201,c03baa6c,400708d1,c03dda72,40abc932,3f92f545,4050fa47,3fcf53ff,c036255e,bfdadb88,4072a23d,401b0239,3f3bd298,c037b928,c0145987,c0ba858e
// EXPECT: 0@30 tensor<9x2xf32> hex:3faa0918,c09e2624,4070ffd6,be9f7f63,bf100abe,bfab15e7,c020309e,3fdd2df1,3f692262,bf84eb2f,40a662f2,3f7dfc87,c03d94e9,c0702859,c06dd1d9,40ab01bd,3f944f29,be549094
// EXPECT: 0@31 tensor<9x2xf32> hex:be3821ab,3ec25789,3fcb2201,c03baa6c,400708d1,c03dda72,40abc932,3f92f545,4050fa47,3fcf53ff,c036255e,bfdadb88,4072a23d,401b0239,3f3bd298,c037b928,c0145987,c0ba858e
// EXPECT: 0@32 tensor<9x2xf32> hex:3faa0918,c09e2624,4070ffd6,be9f7f63,bf100abe,bfab15e7,c020309e,3fdd2df1,3f692262,bf84eb2f,40a662f2,3f7dfc87,c03d94e9,c0702859,c06dd1d9,40ab01bd,3f944f29,be549094
// EXPECT: 0@33 tensor<9x2xf32> hex:be3821ab,3ec25789,3fcb2201,c03baa6c,400708d1,c03dda72,40abc932,3f92f545,4050fa47,3fcf53ff,c036255e,bfdadb88,4072a23d,401b0239,3f3bd298,c037b928,c0145987,c0ba858e
// EXPECT: 0@34 tensor<9x2xf32> hex:3faa0918,c09e2624,4070ffd6,be9f7f63,bf100abe,bfab15e7,c020309e,3fdd2df1,3f692262,bf84eb2f,40a662f2,3f7dfc87,c03d94e9,c0702859,c06dd1d9,40ab01bd,3f944f29,be549094
// EXPECT: 0@35 tensor<9x2xf32> hex:be3821ab,3ec25789,3fcb2201,c03baa6c,400708d1,c03dda72,40abc932,3f92f545,4050fa47,3fcf53ff,c036255e,bfdadb88,4072a23d,401b0239,3f3bd298,c037b928,c0145987,c0ba858e
// EXPECT: 0@36 tensor<9x2xf32> hex:3de19b6a,3f6040b8,3fed2bd3,bfb466ca,c020b944,bf8a42d8,3f3629e6,3f0d6706,c086708f,c02393a5,c02c7d04,4112b456,bf3115e3,bf9983f4,408019f1,405b3a8e,bff9bec4,4103599b
// EXPECT: 0@37 tensor<9x2xf32> hex:c0f79768,3fd5159c,3eac3894,bf578ba4,4081c104,c08b425e,c007dd72,bfa9171b,3d37ba64,3f7aeaf6,bfdb0327,3ec39432,4079ce24,bfb7dd13,c048c489,4046d094,bf9428ab,c034a868
// EXPECT: 0@38 tensor<9x2xf32> hex:3de19b6a,3f6040b8,3fed2bd3,bfb466ca,c020b944,bf8a42d8,3f3629e6,3f0d6706,c086708f,c02393a5,c02c7d04,4112b456,bf3115e3,bf9983f4,408019f1,405b3a8e,bff9bec4,4103599b
// EXPECT: 0@39 tensor<9x2xf32> hex:c0f79768,3fd5159c,3eac3894,bf578ba4,4081c104,c08b425e,c007dd72,bfa9171b,3d37ba64,3f7aeaf6,bfdb0327,3ec39432,4079ce24,bfb7dd13,c048c489,4046d094,bf9428ab,c034a868
// EXPECT: 0@40 tensor<9x2xf32> hex:3de19b6a,3f6040b8,3fed2bd3,bfb466ca,c020b944,bf8a42d8,3f3629e6,3f0d6706,c086708f,c02393a5,c02c7d04,4112b456,bf3115e3,bf9983f4,408019f1,405b3a8e,bff9bec4,4103599b
// EXPECT: 0@41 tensor<9x2xf32> hex:c0f79768,3fd5159c,3eac3894,bf578ba4,4081c104,c08b425e,c007dd72,bfa9171b,3d37ba64,3f7aeaf6,bfdb0327,3ec39432,4079ce24,bfb7dd13,c048c489,4046d094,bf9428ab,c034a868
// EXPECT: 0@42 tensor<9x2xf32> hex:3de19b6a,3f6040b8,3fed2bd3,bfb466ca,c020b944,bf8a42d8,3f3629e6,3f0d6706,c086708f,c02393a5,c02c7d04,4112b456,bf3115e3,bf9983f4,408019f1,405b3a8e,bff9bec4,4103599b
// EXPECT: 0@43 tensor<9x2xf32> hex:c0f79768,3fd5159c,3eac3894,bf578ba4,4081c104,c08b425e,c007dd72,bfa9171b,3d37ba64,3f7aeaf6,bfdb0327,3ec39432,4079ce24,bfb7dd13,c048c489,4046d094,bf9428ab,c034a868
// EXPECT: 0@44 tensor<9x2xf32> hex:3de19b6a,3f6040b8,3fed2bd3,bfb466ca,c020b944,bf8a42d8,3f3629e6,3f0d6706,c086708f,c02393a5,c02c7d04,4112b456,bf3115e3,bf9983f4,408019f1,405b3a8e,bff9bec4,4103599b
// EXPECT: 0@45 tensor<9x2xf32> hex:c0f79768,3fd5159c,3eac3894,bf578ba4,4081c104,c08b425e,c007dd72,bfa9171b,3d37ba64,3f7aeaf6,bfdb0327,3ec39432,4079ce24,bfb7dd13,c048c489,4046d094,bf9428ab,c034a868
// EXPECT: 0@46 tensor<9x2xf32> hex:3de19b6a,3f6040b8,3fed2bd3,bfb466ca,c020b944,bf8a42d8,3f3629e6,3f0d6706,c086708f,c02393a5,c02c7d04,4112b456,bf3115e3,bf9983f4,408019f1,405b3a8e,bff9bec4,4103599b
// EXPECT: 0@47 tensor<9x2xf32> hex:c0f79768,3fd5159c,3eac3894,bf578ba4,4081c104,c08b425e,c007dd72,bfa9171b,3d37ba64,3f7aeaf6,bfdb0327,3ec39432,4079ce24,bfb7dd13,c048c489,4046d094,bf9428ab,c034a868
// EXPECT: 0@48 tensor<9x2xf32> hex:3de19b6a,3f6040b8,3fed2bd3,bfb466ca,c020b944,bf8a42d8,3f3629e6,3f0d6706,c086708f,c02393a5,c02c7d04,4112b456,bf3115e3,bf9983f4,408019f1,405b3a8e,bff9bec4,4103599b
// EXPECT: 0@49 tensor<9x2xf32> hex:c0f79768,3fd5159c,3eac3894,bf578ba4,4081c104,c08b425e,c007dd72,bfa9171b,3d37ba64,3f7aeaf6,bfdb0327,3ec39432,4079ce24,bfb7dd13,c048c489,4046d094,bf9428ab,c034a868
// EXPECT: 0@50 tensor<9x2xf32> hex:3de19b6a,3f6040b8,3fed2bd3,bfb466ca,c020b944,bf8a42d8,3f3629e6,3f0d6706,c086708f,c02393a5,c02c7d04,4112b456,bf3115e3,bf9983f4,408019f1,405b3a8e,bff9bec4,4103599b
// EXPECT: 0@51 tensor<9x2xf32> hex:c0f79768,3fd5159c,3eac3894,bf578ba4,4081c104,c08b425e,c007dd72,bfa9171b,3d37ba64,3f7aeaf6,bfdb0327,3ec39432,4079ce24,bfb7dd13,c048c489,4046d094,bf9428ab,c034a868
// EXPECT: 0@52 tensor<9x2xf32> hex:3de19b6a,3f6040b8,3fed2bd3,bfb466ca,c020b944,bf8a42d8,3f3629e6,3f0d6706,c086708f,c02393a5,c02c7d04,4112b456,bf3115e3,bf9983f4,408019f1,405b3a8e,bff9bec4,4103599b
// EXPECT: 0@53 tensor<9x2xf32> hex:c0f79768,3fd5159c,3eac3894,bf578ba4,4081c104,c08b425e,c007dd72,bfa9171b,3d37ba64,3f7aeaf6,bfdb0327,3ec39432,4079ce24,bfb7dd13,c048c489,4046d094,bf9428ab,c034a868
// EXPECT: 0@54 tensor<9x2xf32> hex:c0b7769c,c07843c1,c06be86b,c0058157,c0a3842d,bfd3d484,c0731926,c02de6ae,bfce9617,3feabc6b,3f9390d6,c01f0b1c,bf9e5329,c06a23b1,411275f2,bffae8ba,3f42d12b,402002d8
// EXPECT: 0@55 tensor<9x2xf32> hex:bfdef81c,c03f9f10,bf1ea0f0,408b2329,c03725c7,c0917446,4009ac1e,bf14ea68,3f57a187,bf2b843d,3ff0ea18,3fb34c97,4091ed1a,3e90b158,4023bef1,bfa6bd7b,c0197794,be99bd2c
// EXPECT: 0@56 tensor<9x2xf32> hex:c0b7769c,c07843c1,c06be86b,c0058157,c0a3842d,bfd3d484,c0731926,c02de6ae,bfce9617,3feabc6b,3f9390d6,c01f0b1c,bf9e5329,c06a23b1,411275f2,bffae8ba,3f42d12b,402002d8
// EXPECT: 0@57 tensor<9x2xf32> hex:bfdef81c,c03f9f10,bf1ea0f0,408b2329,c03725c7,c0917446,4009ac1e,bf14ea68,3f57a187,bf2b843d,3ff0ea18,3fb34c97,4091ed1a,3e90b158,4023bef1,bfa6bd7b,c0197794,be99bd2c
// EXPECT: 0@58 tensor<9x2xf32> hex:c0b7769c,c07843c1,c06be86b,c0058157,c0a3842d,bfd3d484,c0731926,c02de6ae,bfce9617,3feabc6b,3f9390d6,c01f0b1c,bf9e5329,c06a23b1,411275f2,bffae8ba,3f42d12b,402002d8
// EXPECT: 0@59 tensor<9x2xf32> hex:bfdef81c,c03f9f10,bf1ea0f0,408b2329,c03725c7,c0917446,4009ac1e,bf14ea68,3f57a187,bf2b843d,3ff0ea18,3fb34c97,4091ed1a,3e90b158,4023bef1,bfa6bd7b,c0197794,be99bd2c
// EXPECT: 0@60 tensor<9x2xf32> hex:c0b7769c,c07843c1,c06be86b,c0058157,c0a3842d,bfd3d484,c0731926,c02de6ae,bfce9617,3feabc6b,3f9390d6,c01f0b1c,bf9e5329,c06a23b1,411275f2,bffae8ba,3f42d12b,402002d8
// EXPECT: 0@61 tensor<9x2xf32> hex:bfdef81c,c03f9f10,bf1ea0f0,408b2329,c03725c7,c0917446,4009ac1e,bf14ea68,3f57a187,bf2b843d,3ff0ea18,3fb34c97,4091ed1a,3e90b158,4023bef1,bfa6bd7b,c0197794,be99bd2c
// EXPECT: 0@62 tensor<9x2xf32> hex:c0b7769c,c07843c1,c06be86b,c0058157,c0a3842d,bfd3d484,c0731926,c02de6ae,bfce9617,3feabc6b,3f9390d6,c01f0b1c,bf9e5329,c06a23b1,411275f2,bffae8ba,3f42d12b,402002d8
// EXPECT: 0@63 tensor<9x2xf32> hex:bfdef81c,c03f9f10,bf1ea0f0,408b2329,c03725c7,c0917446,4009ac1e,bf14ea68,3f57a187,bf2b843d,3ff0ea18,3fb34c97,4091ed1a,3e90b158,4023bef1,bfa6bd7b,c0197794,be99bd2c
// EXPECT: 0@64 tensor<9x2xf32> hex:c0b7769c,c07843c1,c06be86b,c0058157,c0a3842d,bfd3d484,c0731926,c02de6ae,bfce9617,3feabc6b,3f9390d6,c01f0b1c,bf9e5329,c06a23b1,411275f2,bffae8ba,3f42d12b,402002d8
// EXPECT: 0@65 tensor<9x2xf32> hex:bfdef81c,c03f9f10,bf1ea0f0,408b2329,c03725c7,c0917446,4009ac1e,bf14ea68,3f57a187,bf2b843d,3ff0ea18,3fb34c97,4091ed1a,3e90b158,4023bef1,bfa6bd7b,c0197794,be99bd2c
// EXPECT: 0@66 tensor<9x2xf32> hex:c0b7769c,c07843c1,c06be86b,c0058157,c0a3842d,bfd3d484,c0731926,c02de6ae,bfce9617,3feabc6b,3f9390d6,c01f0b1c,bf9e5329,c06a23b1,411275f2,bffae8ba,3f42d12b,402002d8
// EXPECT: 0@67 tensor<9x2xf32> hex:bfdef81c,c03f9f10,bf1ea0f0,408b2329,c03725c7,c0917446,4009ac1e,bf14ea68,3f57a187,bf2b843d,3ff0ea18,3fb34c97,4091ed1a,3e90b158,4023bef1,bfa6bd7b,c0197794,be99bd2c
// EXPECT: 0@68 tensor<9x2xf32> hex:c0b7769c,c07843c1,c06be86b,c0058157,c0a3842d,bfd3d484,c0731926,c02de6ae,bfce9617,3feabc6b,3f9390d6,c01f0b1c,bf9e5329,c06a23b1,411275f2,bffae8ba,3f42d12b,402002d8
// EXPECT: 0@69 tensor<9x2xf32> hex:bfdef81c,c03f9f10,bf1ea0f0,408b2329,c03725c7,c0917446,4009ac1e,bf14ea68,3f57a187,bf2b843d,3ff0ea18,3fb34c97,4091ed1a,3e90b158,4023bef1,bfa6bd7b,c0197794,be99bd2c
// EXPECT: 0@70 tensor<9x2xf32> hex:c0b7769c,c07843c1,c06be86b,c0058157,c0a3842d,bfd3d484,c0731926,c02de6ae,bfce9617,3feabc6b,3f9390d6,c01f0b1c,bf9e5329,c06a23b1,411275f2,bffae8ba,3f42d12b,402002d8
// EXPECT: 0@71 tensor<9x2xf32> hex:bfdef81c,c03f9f10,bf1ea0f0,408b2329,c03725c7,c0917446,4009ac1e,bf14ea68,3f57a187,bf2b843d,3ff0ea18,3fb34c97,4091ed1a,3e90b158,4023bef1,bfa6bd7b,c0197794,be99bd2c
// GENERATOR: conformance/gen/mesh_collectives.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module attributes {tessera.mesh = {axes = ["dp", "tp", "pp"], shape = [4, 9, 2]}} {
  func.func @main(%a0: tensor<1x2xf32>) -> tensor<9x2xf32> {
    %r = "tessera.all_gather"(%a0) {axes = ["tp"], dim = 0} : (tensor<1x2xf32>) -> tensor<9x2xf32>
    return %r : tensor<9x2xf32>
  }
}

// -----

// CASE: dim1_nvl72_dp_pp_e4m3
// RULE: bitexact
// REQUIRES: op=tessera.all_gather dtype=f8E4M3FN level=graph mesh=72
// INPUT: 0@0 tensor<1x2xf8E4M3FN> hex:2f,2b
// INPUT: 0@1 tensor<1x2xf8E4M3FN> hex:3e,44
// INPUT: 0@2 tensor<1x2xf8E4M3FN> hex:42,35
// INPUT: 0@3 tensor<1x2xf8E4M3FN> hex:b8,c6
// INPUT: 0@4 tensor<1x2xf8E4M3FN> hex:c1,bd
// INPUT: 0@5 tensor<1x2xf8E4M3FN> hex:40,b9
// INPUT: 0@6 tensor<1x2xf8E4M3FN> hex:c7,3f
// INPUT: 0@7 tensor<1x2xf8E4M3FN> hex:c2,c1
// INPUT: 0@8 tensor<1x2xf8E4M3FN> hex:b3,3b
// INPUT: 0@9 tensor<1x2xf8E4M3FN> hex:ce,c5
// INPUT: 0@10 tensor<1x2xf8E4M3FN> hex:30,b9
// INPUT: 0@11 tensor<1x2xf8E4M3FN> hex:c2,bd
// INPUT: 0@12 tensor<1x2xf8E4M3FN> hex:48,bb
// INPUT: 0@13 tensor<1x2xf8E4M3FN> hex:41,42
// INPUT: 0@14 tensor<1x2xf8E4M3FN> hex:bb,3b
// INPUT: 0@15 tensor<1x2xf8E4M3FN> hex:bb,bf
// INPUT: 0@16 tensor<1x2xf8E4M3FN> hex:c6,42
// INPUT: 0@17 tensor<1x2xf8E4M3FN> hex:ba,bd
// INPUT: 0@18 tensor<1x2xf8E4M3FN> hex:c6,4b
// INPUT: 0@19 tensor<1x2xf8E4M3FN> hex:41,ad
// INPUT: 0@20 tensor<1x2xf8E4M3FN> hex:c0,c9
// INPUT: 0@21 tensor<1x2xf8E4M3FN> hex:36,36
// INPUT: 0@22 tensor<1x2xf8E4M3FN> hex:c8,46
// INPUT: 0@23 tensor<1x2xf8E4M3FN> hex:41,c4
// INPUT: 0@24 tensor<1x2xf8E4M3FN> hex:bd,ba
// INPUT: 0@25 tensor<1x2xf8E4M3FN> hex:2f,ae
// INPUT: 0@26 tensor<1x2xf8E4M3FN> hex:ca,49
// INPUT: 0@27 tensor<1x2xf8E4M3FN> hex:37,47
// INPUT: 0@28 tensor<1x2xf8E4M3FN> hex:47,b2
// INPUT: 0@29 tensor<1x2xf8E4M3FN> hex:38,41
// INPUT: 0@30 tensor<1x2xf8E4M3FN> hex:41,b0
// INPUT: 0@31 tensor<1x2xf8E4M3FN> hex:bf,1e
// INPUT: 0@32 tensor<1x2xf8E4M3FN> hex:c2,bd
// INPUT: 0@33 tensor<1x2xf8E4M3FN> hex:cc,28
// INPUT: 0@34 tensor<1x2xf8E4M3FN> hex:c4,bd
// INPUT: 0@35 tensor<1x2xf8E4M3FN> hex:a2,37
// INPUT: 0@36 tensor<1x2xf8E4M3FN> hex:4b,32
// INPUT: 0@37 tensor<1x2xf8E4M3FN> hex:c8,2d
// INPUT: 0@38 tensor<1x2xf8E4M3FN> hex:be,3a
// INPUT: 0@39 tensor<1x2xf8E4M3FN> hex:c0,c1
// INPUT: 0@40 tensor<1x2xf8E4M3FN> hex:bc,bf
// INPUT: 0@41 tensor<1x2xf8E4M3FN> hex:cb,c0
// INPUT: 0@42 tensor<1x2xf8E4M3FN> hex:93,46
// INPUT: 0@43 tensor<1x2xf8E4M3FN> hex:b6,b9
// INPUT: 0@44 tensor<1x2xf8E4M3FN> hex:3e,3d
// INPUT: 0@45 tensor<1x2xf8E4M3FN> hex:4a,3e
// INPUT: 0@46 tensor<1x2xf8E4M3FN> hex:97,48
// INPUT: 0@47 tensor<1x2xf8E4M3FN> hex:49,bb
// INPUT: 0@48 tensor<1x2xf8E4M3FN> hex:2f,ca
// INPUT: 0@49 tensor<1x2xf8E4M3FN> hex:b9,c3
// INPUT: 0@50 tensor<1x2xf8E4M3FN> hex:b2,bc
// INPUT: 0@51 tensor<1x2xf8E4M3FN> hex:b0,aa
// INPUT: 0@52 tensor<1x2xf8E4M3FN> hex:3c,33
// INPUT: 0@53 tensor<1x2xf8E4M3FN> hex:bd,c7
// INPUT: 0@54 tensor<1x2xf8E4M3FN> hex:47,49
// INPUT: 0@55 tensor<1x2xf8E4M3FN> hex:bb,3d
// INPUT: 0@56 tensor<1x2xf8E4M3FN> hex:c9,c9
// INPUT: 0@57 tensor<1x2xf8E4M3FN> hex:b5,49
// INPUT: 0@58 tensor<1x2xf8E4M3FN> hex:c5,c2
// INPUT: 0@59 tensor<1x2xf8E4M3FN> hex:4a,cb
// INPUT: 0@60 tensor<1x2xf8E4M3FN> hex:40,3c
// INPUT: 0@61 tensor<1x2xf8E4M3FN> hex:b2,31
// INPUT: 0@62 tensor<1x2xf8E4M3FN> hex:50,c6
// INPUT: 0@63 tensor<1x2xf8E4M3FN> hex:b7,b3
// INPUT: 0@64 tensor<1x2xf8E4M3FN> hex:c0,c8
// INPUT: 0@65 tensor<1x2xf8E4M3FN> hex:4a,33
// INPUT: 0@66 tensor<1x2xf8E4M3FN> hex:cb,c0
// INPUT: 0@67 tensor<1x2xf8E4M3FN> hex:3a,3a
// INPUT: 0@68 tensor<1x2xf8E4M3FN> hex:c9,a9
// INPUT: 0@69 tensor<1x2xf8E4M3FN> hex:35,39
// INPUT: 0@70 tensor<1x2xf8E4M3FN> hex:39,cb
// INPUT: 0@71 tensor<1x2xf8E4M3FN> hex:4b,32
// EXPECT: 0@0 tensor<1x16xf8E4M3FN> hex:2f,2b,3e,44,c6,4b,41,ad,4b,32,c8,2d,47,49,bb,3d
// EXPECT: 0@1 tensor<1x16xf8E4M3FN> hex:2f,2b,3e,44,c6,4b,41,ad,4b,32,c8,2d,47,49,bb,3d
// EXPECT: 0@2 tensor<1x16xf8E4M3FN> hex:42,35,b8,c6,c0,c9,36,36,be,3a,c0,c1,c9,c9,b5,49
// EXPECT: 0@3 tensor<1x16xf8E4M3FN> hex:42,35,b8,c6,c0,c9,36,36,be,3a,c0,c1,c9,c9,b5,49
// EXPECT: 0@4 tensor<1x16xf8E4M3FN> hex:c1,bd,40,b9,c8,46,41,c4,bc,bf,cb,c0,c5,c2,4a,cb
// EXPECT: 0@5 tensor<1x16xf8E4M3FN> hex:c1,bd,40,b9,c8,46,41,c4,bc,bf,cb,c0,c5,c2,4a,cb
// EXPECT: 0@6 tensor<1x16xf8E4M3FN> hex:c7,3f,c2,c1,bd,ba,2f,ae,93,46,b6,b9,40,3c,b2,31
// EXPECT: 0@7 tensor<1x16xf8E4M3FN> hex:c7,3f,c2,c1,bd,ba,2f,ae,93,46,b6,b9,40,3c,b2,31
// EXPECT: 0@8 tensor<1x16xf8E4M3FN> hex:b3,3b,ce,c5,ca,49,37,47,3e,3d,4a,3e,50,c6,b7,b3
// EXPECT: 0@9 tensor<1x16xf8E4M3FN> hex:b3,3b,ce,c5,ca,49,37,47,3e,3d,4a,3e,50,c6,b7,b3
// EXPECT: 0@10 tensor<1x16xf8E4M3FN> hex:30,b9,c2,bd,47,b2,38,41,97,48,49,bb,c0,c8,4a,33
// EXPECT: 0@11 tensor<1x16xf8E4M3FN> hex:30,b9,c2,bd,47,b2,38,41,97,48,49,bb,c0,c8,4a,33
// EXPECT: 0@12 tensor<1x16xf8E4M3FN> hex:48,bb,41,42,41,b0,bf,1e,2f,ca,b9,c3,cb,c0,3a,3a
// EXPECT: 0@13 tensor<1x16xf8E4M3FN> hex:48,bb,41,42,41,b0,bf,1e,2f,ca,b9,c3,cb,c0,3a,3a
// EXPECT: 0@14 tensor<1x16xf8E4M3FN> hex:bb,3b,bb,bf,c2,bd,cc,28,b2,bc,b0,aa,c9,a9,35,39
// EXPECT: 0@15 tensor<1x16xf8E4M3FN> hex:bb,3b,bb,bf,c2,bd,cc,28,b2,bc,b0,aa,c9,a9,35,39
// EXPECT: 0@16 tensor<1x16xf8E4M3FN> hex:c6,42,ba,bd,c4,bd,a2,37,3c,33,bd,c7,39,cb,4b,32
// EXPECT: 0@17 tensor<1x16xf8E4M3FN> hex:c6,42,ba,bd,c4,bd,a2,37,3c,33,bd,c7,39,cb,4b,32
// EXPECT: 0@18 tensor<1x16xf8E4M3FN> hex:2f,2b,3e,44,c6,4b,41,ad,4b,32,c8,2d,47,49,bb,3d
// EXPECT: 0@19 tensor<1x16xf8E4M3FN> hex:2f,2b,3e,44,c6,4b,41,ad,4b,32,c8,2d,47,49,bb,3d
// EXPECT: 0@20 tensor<1x16xf8E4M3FN> hex:42,35,b8,c6,c0,c9,36,36,be,3a,c0,c1,c9,c9,b5,49
// EXPECT: 0@21 tensor<1x16xf8E4M3FN> hex:42,35,b8,c6,c0,c9,36,36,be,3a,c0,c1,c9,c9,b5,49
// EXPECT: 0@22 tensor<1x16xf8E4M3FN> hex:c1,bd,40,b9,c8,46,41,c4,bc,bf,cb,c0,c5,c2,4a,cb
// EXPECT: 0@23 tensor<1x16xf8E4M3FN> hex:c1,bd,40,b9,c8,46,41,c4,bc,bf,cb,c0,c5,c2,4a,cb
// EXPECT: 0@24 tensor<1x16xf8E4M3FN> hex:c7,3f,c2,c1,bd,ba,2f,ae,93,46,b6,b9,40,3c,b2,31
// EXPECT: 0@25 tensor<1x16xf8E4M3FN> hex:c7,3f,c2,c1,bd,ba,2f,ae,93,46,b6,b9,40,3c,b2,31
// EXPECT: 0@26 tensor<1x16xf8E4M3FN> hex:b3,3b,ce,c5,ca,49,37,47,3e,3d,4a,3e,50,c6,b7,b3
// EXPECT: 0@27 tensor<1x16xf8E4M3FN> hex:b3,3b,ce,c5,ca,49,37,47,3e,3d,4a,3e,50,c6,b7,b3
// EXPECT: 0@28 tensor<1x16xf8E4M3FN> hex:30,b9,c2,bd,47,b2,38,41,97,48,49,bb,c0,c8,4a,33
// EXPECT: 0@29 tensor<1x16xf8E4M3FN> hex:30,b9,c2,bd,47,b2,38,41,97,48,49,bb,c0,c8,4a,33
// EXPECT: 0@30 tensor<1x16xf8E4M3FN> hex:48,bb,41,42,41,b0,bf,1e,2f,ca,b9,c3,cb,c0,3a,3a
// EXPECT: 0@31 tensor<1x16xf8E4M3FN> hex:48,bb,41,42,41,b0,bf,1e,2f,ca,b9,c3,cb,c0,3a,3a
// EXPECT: 0@32 tensor<1x16xf8E4M3FN> hex:bb,3b,bb,bf,c2,bd,cc,28,b2,bc,b0,aa,c9,a9,35,39
// EXPECT: 0@33 tensor<1x16xf8E4M3FN> hex:bb,3b,bb,bf,c2,bd,cc,28,b2,bc,b0,aa,c9,a9,35,39
// EXPECT: 0@34 tensor<1x16xf8E4M3FN> hex:c6,42,ba,bd,c4,bd,a2,37,3c,33,bd,c7,39,cb,4b,32
// EXPECT: 0@35 tensor<1x16xf8E4M3FN> hex:c6,42,ba,bd,c4,bd,a2,37,3c,33,bd,c7,39,cb,4b,32
// EXPECT: 0@36 tensor<1x16xf8E4M3FN> hex:2f,2b,3e,44,c6,4b,41,ad,4b,32,c8,2d,47,49,bb,3d
// EXPECT: 0@37 tensor<1x16xf8E4M3FN> hex:2f,2b,3e,44,c6,4b,41,ad,4b,32,c8,2d,47,49,bb,3d
// EXPECT: 0@38 tensor<1x16xf8E4M3FN> hex:42,35,b8,c6,c0,c9,36,36,be,3a,c0,c1,c9,c9,b5,49
// EXPECT: 0@39 tensor<1x16xf8E4M3FN> hex:42,35,b8,c6,c0,c9,36,36,be,3a,c0,c1,c9,c9,b5,49
// EXPECT: 0@40 tensor<1x16xf8E4M3FN> hex:c1,bd,40,b9,c8,46,41,c4,bc,bf,cb,c0,c5,c2,4a,cb
// EXPECT: 0@41 tensor<1x16xf8E4M3FN> hex:c1,bd,40,b9,c8,46,41,c4,bc,bf,cb,c0,c5,c2,4a,cb
// EXPECT: 0@42 tensor<1x16xf8E4M3FN> hex:c7,3f,c2,c1,bd,ba,2f,ae,93,46,b6,b9,40,3c,b2,31
// EXPECT: 0@43 tensor<1x16xf8E4M3FN> hex:c7,3f,c2,c1,bd,ba,2f,ae,93,46,b6,b9,40,3c,b2,31
// EXPECT: 0@44 tensor<1x16xf8E4M3FN> hex:b3,3b,ce,c5,ca,49,37,47,3e,3d,4a,3e,50,c6,b7,b3
// EXPECT: 0@45 tensor<1x16xf8E4M3FN> hex:b3,3b,ce,c5,ca,49,37,47,3e,3d,4a,3e,50,c6,b7,b3
// EXPECT: 0@46 tensor<1x16xf8E4M3FN> hex:30,b9,c2,bd,47,b2,38,41,97,48,49,bb,c0,c8,4a,33
// EXPECT: 0@47 tensor<1x16xf8E4M3FN> hex:30,b9,c2,bd,47,b2,38,41,97,48,49,bb,c0,c8,4a,33
// EXPECT: 0@48 tensor<1x16xf8E4M3FN> hex:48,bb,41,42,41,b0,bf,1e,2f,ca,b9,c3,cb,c0,3a,3a
// EXPECT: 0@49 tensor<1x16xf8E4M3FN> hex:48,bb,41,42,41,b0,bf,1e,2f,ca,b9,c3,cb,c0,3a,3a
// EXPECT: 0@50 tensor<1x16xf8E4M3FN> hex:bb,3b,bb,bf,c2,bd,cc,28,b2,bc,b0,aa,c9,a9,35,39
// EXPECT: 0@51 tensor<1x16xf8E4M3FN> hex:bb,3b,bb,bf,c2,bd,cc,28,b2,bc,b0,aa,c9,a9,35,39
// EXPECT: 0@52 tensor<1x16xf8E4M3FN> hex:c6,42,ba,bd,c4,bd,a2,37,3c,33,bd,c7,39,cb,4b,32
// EXPECT: 0@53 tensor<1x16xf8E4M3FN> hex:c6,42,ba,bd,c4,bd,a2,37,3c,33,bd,c7,39,cb,4b,32
// EXPECT: 0@54 tensor<1x16xf8E4M3FN> hex:2f,2b,3e,44,c6,4b,41,ad,4b,32,c8,2d,47,49,bb,3d
// EXPECT: 0@55 tensor<1x16xf8E4M3FN> hex:2f,2b,3e,44,c6,4b,41,ad,4b,32,c8,2d,47,49,bb,3d
// EXPECT: 0@56 tensor<1x16xf8E4M3FN> hex:42,35,b8,c6,c0,c9,36,36,be,3a,c0,c1,c9,c9,b5,49
// EXPECT: 0@57 tensor<1x16xf8E4M3FN> hex:42,35,b8,c6,c0,c9,36,36,be,3a,c0,c1,c9,c9,b5,49
// EXPECT: 0@58 tensor<1x16xf8E4M3FN> hex:c1,bd,40,b9,c8,46,41,c4,bc,bf,cb,c0,c5,c2,4a,cb
// EXPECT: 0@59 tensor<1x16xf8E4M3FN> hex:c1,bd,40,b9,c8,46,41,c4,bc,bf,cb,c0,c5,c2,4a,cb
// EXPECT: 0@60 tensor<1x16xf8E4M3FN> hex:c7,3f,c2,c1,bd,ba,2f,ae,93,46,b6,b9,40,3c,b2,31
// EXPECT: 0@61 tensor<1x16xf8E4M3FN> hex:c7,3f,c2,c1,bd,ba,2f,ae,93,46,b6,b9,40,3c,b2,31
// EXPECT: 0@62 tensor<1x16xf8E4M3FN> hex:b3,3b,ce,c5,ca,49,37,47,3e,3d,4a,3e,50,c6,b7,b3
// EXPECT: 0@63 tensor<1x16xf8E4M3FN> hex:b3,3b,ce,c5,ca,49,37,47,3e,3d,4a,3e,50,c6,b7,b3
// EXPECT: 0@64 tensor<1x16xf8E4M3FN> hex:30,b9,c2,bd,47,b2,38,41,97,48,49,bb,c0,c8,4a,33
// EXPECT: 0@65 tensor<1x16xf8E4M3FN> hex:30,b9,c2,bd,47,b2,38,41,97,48,49,bb,c0,c8,4a,33
// EXPECT: 0@66 tensor<1x16xf8E4M3FN> hex:48,bb,41,42,41,b0,bf,1e,2f,ca,b9,c3,cb,c0,3a,3a
// EXPECT: 0@67 tensor<1x16xf8E4M3FN> hex:48,bb,41,42,41,b0,bf,1e,2f,ca,b9,c3,cb,c0,3a,3a
// EXPECT: 0@68 tensor<1x16xf8E4M3FN> hex:bb,3b,bb,bf,c2,bd,cc,28,b2,bc,b0,aa,c9,a9,35,39
// EXPECT: 0@69 tensor<1x16xf8E4M3FN> hex:bb,3b,bb,bf,c2,bd,cc,28,b2,bc,b0,aa,c9,a9,35,39
// EXPECT: 0@70 tensor<1x16xf8E4M3FN> hex:c6,42,ba,bd,c4,bd,a2,37,3c,33,bd,c7,39,cb,4b,32
// EXPECT: 0@71 tensor<1x16xf8E4M3FN> hex:c6,42,ba,bd,c4,bd,a2,37,3c,33,bd,c7,39,cb,4b,32
// GENERATOR: conformance/gen/mesh_collectives.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module attributes {tessera.mesh = {axes = ["dp", "tp", "pp"], shape = [4, 9, 2]}} {
  func.func @main(%a0: tensor<1x2xf8E4M3FN>) -> tensor<1x16xf8E4M3FN> {
    %r = "tessera.all_gather"(%a0) {axes = ["dp", "pp"], dim = 1} : (tensor<1x2xf8E4M3FN>) -> tensor<1x16xf8E4M3FN>
    return %r : tensor<1x16xf8E4M3FN>
  }
}

// -----

// CASE: dim0_nvl72_pp_i32
// RULE: bitexact
// REQUIRES: op=tessera.all_gather dtype=i32 level=graph mesh=72
// INPUT: 0@0 tensor<1x2xi32> hex:95ee1ce3,17a89fa4
// INPUT: 0@1 tensor<1x2xi32> hex:6eb7befc,dc69ac7a
// INPUT: 0@2 tensor<1x2xi32> hex:33400977,037be920
// INPUT: 0@3 tensor<1x2xi32> hex:60282362,fd97e472
// INPUT: 0@4 tensor<1x2xi32> hex:9c24b8c3,2d763e7d
// INPUT: 0@5 tensor<1x2xi32> hex:8664c30c,0a331ed4
// INPUT: 0@6 tensor<1x2xi32> hex:8f4ccf20,d18503b0
// INPUT: 0@7 tensor<1x2xi32> hex:a0a2adb9,b0d93aa3
// INPUT: 0@8 tensor<1x2xi32> hex:de4e50af,7cc18e62
// INPUT: 0@9 tensor<1x2xi32> hex:0f16a307,1e8da86d
// INPUT: 0@10 tensor<1x2xi32> hex:0a2ecf87,ac52e209
// INPUT: 0@11 tensor<1x2xi32> hex:731c65bc,d68418a4
// INPUT: 0@12 tensor<1x2xi32> hex:ff7443d3,26710561
// INPUT: 0@13 tensor<1x2xi32> hex:c2e3db59,bd16199c
// INPUT: 0@14 tensor<1x2xi32> hex:4b276a30,6534f166
// INPUT: 0@15 tensor<1x2xi32> hex:a5bb3d5c,0a5fbe5c
// INPUT: 0@16 tensor<1x2xi32> hex:350b0fde,2e4cd776
// INPUT: 0@17 tensor<1x2xi32> hex:da2c32b8,29db2844
// INPUT: 0@18 tensor<1x2xi32> hex:a833f7d0,a9680f86
// INPUT: 0@19 tensor<1x2xi32> hex:6bf02687,6ea13658
// INPUT: 0@20 tensor<1x2xi32> hex:5cfcfe90,5885380f
// INPUT: 0@21 tensor<1x2xi32> hex:1fceffcd,a55f6707
// INPUT: 0@22 tensor<1x2xi32> hex:f888f549,11cedf26
// INPUT: 0@23 tensor<1x2xi32> hex:ca9a9427,07269a99
// INPUT: 0@24 tensor<1x2xi32> hex:d674d8ae,cf411069
// INPUT: 0@25 tensor<1x2xi32> hex:52f20f86,e00e841b
// INPUT: 0@26 tensor<1x2xi32> hex:0df978b2,c25a8854
// INPUT: 0@27 tensor<1x2xi32> hex:49e1770a,219fb60d
// INPUT: 0@28 tensor<1x2xi32> hex:a742ec17,edba5915
// INPUT: 0@29 tensor<1x2xi32> hex:fcccb01c,99b55965
// INPUT: 0@30 tensor<1x2xi32> hex:6e596524,ba281b69
// INPUT: 0@31 tensor<1x2xi32> hex:973291d7,a6cbc1c1
// INPUT: 0@32 tensor<1x2xi32> hex:3df34a50,2126d3a4
// INPUT: 0@33 tensor<1x2xi32> hex:b9f26780,0de0177c
// INPUT: 0@34 tensor<1x2xi32> hex:13ef0e30,e47d1940
// INPUT: 0@35 tensor<1x2xi32> hex:cd23026f,0c128fa2
// INPUT: 0@36 tensor<1x2xi32> hex:254c6516,20f97fa3
// INPUT: 0@37 tensor<1x2xi32> hex:310b5520,b76c9c64
// INPUT: 0@38 tensor<1x2xi32> hex:78a5f19e,8e3d62a3
// INPUT: 0@39 tensor<1x2xi32> hex:e14218e7,765009e1
// INPUT: 0@40 tensor<1x2xi32> hex:8877c2a7,af7dc891
// INPUT: 0@41 tensor<1x2xi32> hex:5c543b4e,bdef7b66
// INPUT: 0@42 tensor<1x2xi32> hex:caae0561,34467d0d
// INPUT: 0@43 tensor<1x2xi32> hex:d423fcc9,7c5e71d2
// INPUT: 0@44 tensor<1x2xi32> hex:9d88227f,9fa37203
// INPUT: 0@45 tensor<1x2xi32> hex:5b19300d,e7041552
// INPUT: 0@46 tensor<1x2xi32> hex:fce89267,5b175537
// INPUT: 0@47 tensor<1x2xi32> hex:2bbc3dd0,95bd0c7f
// INPUT: 0@48 tensor<1x2xi32> hex:378a6a08,c0160c7b
// INPUT: 0@49 tensor<1x2xi32> hex:368e541f,1d1c9bc7
// INPUT: 0@50 tensor<1x2xi32> hex:5100a1f7,54488d4f
// INPUT: 0@51 tensor<1x2xi32> hex:69c5752e,9a46605a
// INPUT: 0@52 tensor<1x2xi32> hex:97c588de,ea9645ba
// INPUT: 0@53 tensor<1x2xi32> hex:e227f080,1795f196
// INPUT: 0@54 tensor<1x2xi32> hex:594f5386,0c0b86f3
// INPUT: 0@55 tensor<1x2xi32> hex:22f69c36,09193df8
// INPUT: 0@56 tensor<1x2xi32> hex:039c3897,7e3655e4
// INPUT: 0@57 tensor<1x2xi32> hex:16b87f06,7bef3b88
// INPUT: 0@58 tensor<1x2xi32> hex:f01037b8,b5d6b04b
// INPUT: 0@59 tensor<1x2xi32> hex:263a9b66,c171a1eb
// INPUT: 0@60 tensor<1x2xi32> hex:8a2961b9,e66926a6
// INPUT: 0@61 tensor<1x2xi32> hex:23d65a8b,99d91145
// INPUT: 0@62 tensor<1x2xi32> hex:daa7482c,a578b5f5
// INPUT: 0@63 tensor<1x2xi32> hex:5091f381,10a4d6a2
// INPUT: 0@64 tensor<1x2xi32> hex:9fb868ef,7ca8600c
// INPUT: 0@65 tensor<1x2xi32> hex:b86f1370,cb355d1f
// INPUT: 0@66 tensor<1x2xi32> hex:2344ba1e,b2ce3355
// INPUT: 0@67 tensor<1x2xi32> hex:5852da17,1dd4403f
// INPUT: 0@68 tensor<1x2xi32> hex:c37db2c4,cc2951a4
// INPUT: 0@69 tensor<1x2xi32> hex:ac310888,837ae8a6
// INPUT: 0@70 tensor<1x2xi32> hex:88efbc1c,97fcfdc9
// INPUT: 0@71 tensor<1x2xi32> hex:20ee0bfa,60b4653f
// EXPECT: 0@0 tensor<2x2xi32> hex:95ee1ce3,17a89fa4,6eb7befc,dc69ac7a
// EXPECT: 0@1 tensor<2x2xi32> hex:95ee1ce3,17a89fa4,6eb7befc,dc69ac7a
// EXPECT: 0@2 tensor<2x2xi32> hex:33400977,037be920,60282362,fd97e472
// EXPECT: 0@3 tensor<2x2xi32> hex:33400977,037be920,60282362,fd97e472
// EXPECT: 0@4 tensor<2x2xi32> hex:9c24b8c3,2d763e7d,8664c30c,0a331ed4
// EXPECT: 0@5 tensor<2x2xi32> hex:9c24b8c3,2d763e7d,8664c30c,0a331ed4
// EXPECT: 0@6 tensor<2x2xi32> hex:8f4ccf20,d18503b0,a0a2adb9,b0d93aa3
// EXPECT: 0@7 tensor<2x2xi32> hex:8f4ccf20,d18503b0,a0a2adb9,b0d93aa3
// EXPECT: 0@8 tensor<2x2xi32> hex:de4e50af,7cc18e62,0f16a307,1e8da86d
// EXPECT: 0@9 tensor<2x2xi32> hex:de4e50af,7cc18e62,0f16a307,1e8da86d
// EXPECT: 0@10 tensor<2x2xi32> hex:0a2ecf87,ac52e209,731c65bc,d68418a4
// EXPECT: 0@11 tensor<2x2xi32> hex:0a2ecf87,ac52e209,731c65bc,d68418a4
// EXPECT: 0@12 tensor<2x2xi32> hex:ff7443d3,26710561,c2e3db59,bd16199c
// EXPECT: 0@13 tensor<2x2xi32> hex:ff7443d3,26710561,c2e3db59,bd16199c
// EXPECT: 0@14 tensor<2x2xi32> hex:4b276a30,6534f166,a5bb3d5c,0a5fbe5c
// EXPECT: 0@15 tensor<2x2xi32> hex:4b276a30,6534f166,a5bb3d5c,0a5fbe5c
// EXPECT: 0@16 tensor<2x2xi32> hex:350b0fde,2e4cd776,da2c32b8,29db2844
// EXPECT: 0@17 tensor<2x2xi32> hex:350b0fde,2e4cd776,da2c32b8,29db2844
// EXPECT: 0@18 tensor<2x2xi32> hex:a833f7d0,a9680f86,6bf02687,6ea13658
// EXPECT: 0@19 tensor<2x2xi32> hex:a833f7d0,a9680f86,6bf02687,6ea13658
// EXPECT: 0@20 tensor<2x2xi32> hex:5cfcfe90,5885380f,1fceffcd,a55f6707
// EXPECT: 0@21 tensor<2x2xi32> hex:5cfcfe90,5885380f,1fceffcd,a55f6707
// EXPECT: 0@22 tensor<2x2xi32> hex:f888f549,11cedf26,ca9a9427,07269a99
// EXPECT: 0@23 tensor<2x2xi32> hex:f888f549,11cedf26,ca9a9427,07269a99
// EXPECT: 0@24 tensor<2x2xi32> hex:d674d8ae,cf411069,52f20f86,e00e841b
// EXPECT: 0@25 tensor<2x2xi32> hex:d674d8ae,cf411069,52f20f86,e00e841b
// EXPECT: 0@26 tensor<2x2xi32> hex:0df978b2,c25a8854,49e1770a,219fb60d
// EXPECT: 0@27 tensor<2x2xi32> hex:0df978b2,c25a8854,49e1770a,219fb60d
// EXPECT: 0@28 tensor<2x2xi32> hex:a742ec17,edba5915,fcccb01c,99b55965
// EXPECT: 0@29 tensor<2x2xi32> hex:a742ec17,edba5915,fcccb01c,99b55965
// EXPECT: 0@30 tensor<2x2xi32> hex:6e596524,ba281b69,973291d7,a6cbc1c1
// EXPECT: 0@31 tensor<2x2xi32> hex:6e596524,ba281b69,973291d7,a6cbc1c1
// EXPECT: 0@32 tensor<2x2xi32> hex:3df34a50,2126d3a4,b9f26780,0de0177c
// EXPECT: 0@33 tensor<2x2xi32> hex:3df34a50,2126d3a4,b9f26780,0de0177c
// EXPECT: 0@34 tensor<2x2xi32> hex:13ef0e30,e47d1940,cd23026f,0c128fa2
// EXPECT: 0@35 tensor<2x2xi32> hex:13ef0e30,e47d1940,cd23026f,0c128fa2
// EXPECT: 0@36 tensor<2x2xi32> hex:254c6516,20f97fa3,310b5520,b76c9c64
// EXPECT: 0@37 tensor<2x2xi32> hex:254c6516,20f97fa3,310b5520,b76c9c64
// EXPECT: 0@38 tensor<2x2xi32> hex:78a5f19e,8e3d62a3,e14218e7,765009e1
// EXPECT: 0@39 tensor<2x2xi32> hex:78a5f19e,8e3d62a3,e14218e7,765009e1
// EXPECT: 0@40 tensor<2x2xi32> hex:8877c2a7,af7dc891,5c543b4e,bdef7b66
// EXPECT: 0@41 tensor<2x2xi32> hex:8877c2a7,af7dc891,5c543b4e,bdef7b66
// EXPECT: 0@42 tensor<2x2xi32> hex:caae0561,34467d0d,d423fcc9,7c5e71d2
// EXPECT: 0@43 tensor<2x2xi32> hex:caae0561,34467d0d,d423fcc9,7c5e71d2
// EXPECT: 0@44 tensor<2x2xi32> hex:9d88227f,9fa37203,5b19300d,e7041552
// EXPECT: 0@45 tensor<2x2xi32> hex:9d88227f,9fa37203,5b19300d,e7041552
// EXPECT: 0@46 tensor<2x2xi32> hex:fce89267,5b175537,2bbc3dd0,95bd0c7f
// EXPECT: 0@47 tensor<2x2xi32> hex:fce89267,5b175537,2bbc3dd0,95bd0c7f
// EXPECT: 0@48 tensor<2x2xi32> hex:378a6a08,c0160c7b,368e541f,1d1c9bc7
// EXPECT: 0@49 tensor<2x2xi32> hex:378a6a08,c0160c7b,368e541f,1d1c9bc7
// EXPECT: 0@50 tensor<2x2xi32> hex:5100a1f7,54488d4f,69c5752e,9a46605a
// EXPECT: 0@51 tensor<2x2xi32> hex:5100a1f7,54488d4f,69c5752e,9a46605a
// EXPECT: 0@52 tensor<2x2xi32> hex:97c588de,ea9645ba,e227f080,1795f196
// EXPECT: 0@53 tensor<2x2xi32> hex:97c588de,ea9645ba,e227f080,1795f196
// EXPECT: 0@54 tensor<2x2xi32> hex:594f5386,0c0b86f3,22f69c36,09193df8
// EXPECT: 0@55 tensor<2x2xi32> hex:594f5386,0c0b86f3,22f69c36,09193df8
// EXPECT: 0@56 tensor<2x2xi32> hex:039c3897,7e3655e4,16b87f06,7bef3b88
// EXPECT: 0@57 tensor<2x2xi32> hex:039c3897,7e3655e4,16b87f06,7bef3b88
// EXPECT: 0@58 tensor<2x2xi32> hex:f01037b8,b5d6b04b,263a9b66,c171a1eb
// EXPECT: 0@59 tensor<2x2xi32> hex:f01037b8,b5d6b04b,263a9b66,c171a1eb
// EXPECT: 0@60 tensor<2x2xi32> hex:8a2961b9,e66926a6,23d65a8b,99d91145
// EXPECT: 0@61 tensor<2x2xi32> hex:8a2961b9,e66926a6,23d65a8b,99d91145
// EXPECT: 0@62 tensor<2x2xi32> hex:daa7482c,a578b5f5,5091f381,10a4d6a2
// EXPECT: 0@63 tensor<2x2xi32> hex:daa7482c,a578b5f5,5091f381,10a4d6a2
// EXPECT: 0@64 tensor<2x2xi32> hex:9fb868ef,7ca8600c,b86f1370,cb355d1f
// EXPECT: 0@65 tensor<2x2xi32> hex:9fb868ef,7ca8600c,b86f1370,cb355d1f
// EXPECT: 0@66 tensor<2x2xi32> hex:2344ba1e,b2ce3355,5852da17,1dd4403f
// EXPECT: 0@67 tensor<2x2xi32> hex:2344ba1e,b2ce3355,5852da17,1dd4403f
// EXPECT: 0@68 tensor<2x2xi32> hex:c37db2c4,cc2951a4,ac310888,837ae8a6
// EXPECT: 0@69 tensor<2x2xi32> hex:c37db2c4,cc2951a4,ac310888,837ae8a6
// EXPECT: 0@70 tensor<2x2xi32> hex:88efbc1c,97fcfdc9,20ee0bfa,60b4653f
// EXPECT: 0@71 tensor<2x2xi32> hex:88efbc1c,97fcfdc9,20ee0bfa,60b4653f
// GENERATOR: conformance/gen/mesh_collectives.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module attributes {tessera.mesh = {axes = ["dp", "tp", "pp"], shape = [4, 9, 2]}} {
  func.func @main(%a0: tensor<1x2xi32>) -> tensor<2x2xi32> {
    %r = "tessera.all_gather"(%a0) {axes = ["pp"], dim = 0} : (tensor<1x2xi32>) -> tensor<2x2xi32>
    return %r : tensor<2x2xi32>
  }
}
