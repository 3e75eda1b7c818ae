// tessera.redistribute: per-rank inputs and expectations (docs/collectives.md).
// Generated file: edit the generator named in each case, then rerun it.

// CASE: s0tp_to_r_f32
// RULE: bitexact
// REQUIRES: op=tessera.redistribute dtype=f32 level=graph mesh=8
// INPUT: 0@0 tensor<2x8xf32> hex:c0a6dfa3,c0805155,c082aa8f,bf87055f,c0de0201,bf1112b3,c037c9bb,402b923c,4037b6f5,4085a823,40135ab1,be22e851,40251498,409086b4,bffafaf5,3fea5ff6
// INPUT: 0@1 tensor<2x8xf32> hex:be031810,408a3dda,c020af10,bf67967a,3f8b2355,3f463a8b,c09d6313,3f8a4cb3,beb60331,bf382058,beee8b19,3f282b97,c0ae5fbd,4095096b,c0256595,c0d72bdb
// INPUT: 0@2 tensor<2x8xf32> hex:be7bd35d,408beb0a,bfc7248d,4094ec26,40957768,c025a500,c0eca6cf,c06d27b4,4063fcab,c01cd1fc,c0910669,c0806b2f,3a0dabd2,bda06918,40276ec0,403de5c9
// INPUT: 0@3 tensor<2x8xf32> hex:c032fde7,bef0c807,c059b728,3e5cd920,c05ceaad,c06672c4,40cbd938,3dc6ff51,3ff6fb08,40f3a84e,4016e18d,beaf52b3,3e27b349,c00ef145,40521cec,bf7da76f
// INPUT: 0@4 tensor<2x8xf32> hex:c0a6dfa3,c0805155,c082aa8f,bf87055f,c0de0201,bf1112b3,c037c9bb,402b923c,4037b6f5,4085a823,40135ab1,be22e851,40251498,409086b4,bffafaf5,3fea5ff6
// INPUT: 0@5 tensor<2x8xf32> hex:be031810,408a3dda,c020af10,bf67967a,3f8b2355,3f463a8b,c09d6313,3f8a4cb3,beb60331,bf382058,beee8b19,3f282b97,c0ae5fbd,4095096b,c0256595,c0d72bdb
// INPUT: 0@6 tensor<2x8xf32> hex:be7bd35d,408beb0a,bfc7248d,4094ec26,40957768,c025a500,c0eca6cf,c06d27b4,4063fcab,c01cd1fc,c0910669,c0806b2f,3a0dabd2,bda06918,40276ec0,403de5c9
// INPUT: 0@7 tensor<2x8xf32> hex:c032fde7,bef0c807,c059b728,3e5cd920,c05ceaad,c06672c4,40cbd938,3dc6ff51,3ff6fb08,40f3a84e,4016e18d,beaf52b3,3e27b349,c00ef145,40521cec,bf7da76f
// EXPECT: 0 tensor<8x8xf32> hex:c0a6dfa3,c0805155,c082aa8f,bf87055f,c0de0201,bf1112b3,c037c9bb,402b923c,4037b6f5,4085a823,40135ab1,be22e851,40251498,409086b4,bffafaf5,3fea5ff6,be031810,408a3dda,c020af10,bf67967a,3f8b2355,3f463a8b,c09d6313,3f8a4cb3,beb60331,bf382058,beee8b19,3f282b97,c0ae5fbd,4095096b,c0256595,c0d72bdb,be7bd35d,408beb0a,bfc7248d,4094ec26,40957768,c025a500,c0eca6cf,c06d27b4,4063fcab,c01cd1fc,c0910669,c0806b2f,3a0dabd2,bda06918,40276ec0,403de5c9,c032fde7,bef0c807,c059b728,3e5cd920,c05ceaad,c06672c4,40cbd938,3dc6ff51,3ff6fb08,40f3a84e,4016e18d,beaf52b3,3e27b349,c00ef145,40521cec,bf7da76f
// GENERATOR: conformance/gen/mesh_collectives.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module attributes {tessera.mesh = {axes = ["dp", "tp"], shape = [2, 4]}} {
  func.func @main(%a0: tensor<2x8xf32>) -> tensor<8x8xf32> {
    %r = "tessera.redistribute"(%a0) {src = {partition = [0], mesh_axes = [["tp"]]}, dst = {}} : (tensor<2x8xf32>) -> tensor<8x8xf32>
    return %r : tensor<8x8xf32>
  }
}

// -----

// CASE: r_to_s1dp_f32
// RULE: bitexact
// REQUIRES: op=tessera.redistribute dtype=f32 level=graph mesh=8
// INPUT: 0 tensor<8x8xf32> hex:40a9393c,bf846325,bf87ca8c,bfa10a7a,3ff04436,3f0f9120,4083a853,bfd47c7b,3f5ee724,40ba0b59,bf389cf6,3fcc85f8,4096e694,3fd485ef,bff3a665,c0c5fc50,40e5be64,3fa53d9d,40720584,bfb6e787,40ae9302,3fc780cc,3e18fa4e,c02d261e,3f8d6208,bfbad3d9,bf2b1634,c09bc2d3,bfbc5f6a,3ef592ff,c07027a0,3e630294,3ffeb471,bf6b9775,bfee6191,bfee20b0,4034b307,c0934fff,bf66bf26,bfa10d33,3edd2df1,be55b825,c054a425,40c3d93d,3f0867e5,c080d5ef,c02b27bd,3e95e3ef,3feb6166,c080d8ce,400893a1,c083d607,c01885cd,4023cba2,40a34bb5,be821c7e,bf6db9c5,40736fc7,c04dd1e8,3f5571a8,3f3321f2,4041ca2f,3f654ee9,bf4c9742
// EXPECT: 0@0 tensor<8x4xf32> hex:40a9393c,bf846325,bf87ca8c,bfa10a7a,3f5ee724,40ba0b59,bf389cf6,3fcc85f8,40e5be64,3fa53d9d,40720584,bfb6e787,3f8d6208,bfbad3d9,bf2b1634,c09bc2d3,3ffeb471,bf6b9775,bfee6191,bfee20b0,3edd2df1,be55b825,c054a425,40c3d93d,3feb6166,c080d8ce,400893a1,c083d607,bf6db9c5,40736fc7,c04dd1e8,3f5571a8
// EXPECT: 0@1 tensor<8x4xf32> hex:40a9393c,bf846325,bf87ca8c,bfa10a7a,3f5ee724,40ba0b59,bf389cf6,3fcc85f8,40e5be64,3fa53d9d,40720584,bfb6e787,3f8d6208,bfbad3d9,bf2b1634,c09bc2d3,3ffeb471,bf6b9775,bfee6191,bfee20b0,3edd2df1,be55b825,c054a425,40c3d93d,3feb6166,c080d8ce,400893a1,c083d607,bf6db9c5,40736fc7,c04dd1e8,3f5571a8
// EXPECT: 0@2 tensor<8x4xf32> hex:40a9393c,bf846325,bf87ca8c,bfa10a7a,3f5ee724,40ba0b59,bf389cf6,3fcc85f8,40e5be64,3fa53d9d,40720584,bfb6e787,3f8d6208,bfbad3d9,bf2b1634,c09bc2d3,3ffeb471,bf6b9775,bfee6191,bfee20b0,3edd2df1,be55b825,c054a425,40c3d93d,3feb6166,c080d8ce,400893a1,c083d607,bf6db9c5,40736fc7,c04dd1e8,3f5571a8
// EXPECT: 0@3 tensor<8x4xf32> hex:40a9393c,bf846325,bf87ca8c,bfa10a7a,3f5ee724,40ba0b59,bf389cf6,3fcc85f8,40e5be64,3fa53d9d,40720584,bfb6e787,3f8d6208,bfbad3d9,bf2b1634,c09bc2d3,3ffeb471,bf6b9775,bfee6191,bfee20b0,3edd2df1,be55b825,c054a425,40c3d93d,3feb6166,c080d8ce,400893a1,c083d607,bf6db9c5,40736fc7,c04dd1e8,3f5571a8
// EXPECT: 0@4 tensor<8x4xf32> hex:3ff04436,3f0f9120,4083a853,bfd47c7b,4096e694,3fd485ef,bff3a665,c0c5fc50,40ae9302,3fc780cc,3e18fa4e,c02d261e,bfbc5f6a,3ef592ff,c07027a0,3e630294,4034b307,c0934fff,bf66bf26,bfa10d33,3f0867e5,c080d5ef,c02b27bd,3e95e3ef,c01885cd,4023cba2,40a34bb5,be821c7e,3f3321f2,4041ca2f,3f654ee9,bf4c9742
// EXPECT: 0@5 tensor<8x4xf32> hex:3ff04436,3f0f9120,4083a853,bfd47c7b,4096e694,3fd485ef,bff3a665,c0c5fc50,40ae9302,3fc780cc,3e18fa4e,c02d261e,bfbc5f6a,3ef592ff,c07027a0,3e630294,4034b307,c0934fff,bf66bf26,bfa10d33,3f0867e5,c080d5ef,c02b27bd,3e95e3ef,c01885cd,4023cba2,40a34bb5,be821c7e,3f3321f2,4041ca2f,3f654ee9,bf4c9742
// EXPECT: 0@6 tensor<8x4xf32> hex:3ff04436,3f0f9120,4083a853,bfd47c7b,4096e694,3fd485ef,bff3a665,c0c5fc50,40ae9302,3fc780cc,3e18fa4e,c02d261e,bfbc5f6a,3ef592ff,c07027a0,3e630294,4034b307,c0934fff,bf66bf26,bfa10d33,3f0867e5,c080d5ef,c02b27bd,3e95e3ef,c01885cd,4023cba2,40a34bb5,be821c7e,3f3321f2,4041ca2f,3f654ee9,bf4c9742
// EXPECT: 0@7 tensor<8x4xf32> hex:3ff04436,3f0f9120,4083a853,bfd47c7b,4096e694,3fd485ef,bff3a665,c0c5fc50,40ae9302,3fc780cc,3e18fa4e,c02d261e,bfbc5f6a,3ef592ff,c07027a0,3e630294,4034b307,c0934fff,bf66bf26,bfa10d33,3f0867e5,c080d5ef,c02b27bd,3e95e3ef,c01885cd,4023cba2,40a34bb5,be821c7e,3f3321f2,4041ca2f,3f654ee9,bf4c9742
// GENERATOR: conformance/gen/mesh_collectives.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module attributes {tessera.mesh = {axes = ["dp", "tp"], shape = [2, 4]}} {
  func.func @main(%a0: tensor<8x8xf32>) -> tensor<8x4xf32> {
    %r = "tessera.redistribute"(%a0) {src = {}, dst = {partition = [1], mesh_axes = [["dp"]]}} : (tensor<8x8xf32>) -> tensor<8x4xf32>
    return %r : tensor<8x4xf32>
  }
}

// -----

// CASE: s0tp_to_s1tp_f32
// RULE: bitexact
// REQUIRES: op=tessera.redistribute dtype=f32 level=graph mesh=8
// INPUT: 0@0 tensor<2x8xf32> hex:3febfd2d,c0584ceb,401c4d7c,c0012765,c02eca4e,bf8d2d1c,3e0d5101,40086eb8,bf2354c1,400d4240,403b3741,bea2720e,c03c7501,4030979b,3f538b54,c0cb0eff
// INPUT: 0@1 tensor<2x8xf32> hex:c03dc05d,3edbe578,c083b3f3,c002d52a,c0a470c6,3f9a781f,3f397c55,3f0743b4,408af51f,bf876628,bf5e1723,40c1e9a2,c079c404,400bffd1,c07c7fa0,3f3571c7
// INPUT: 0@2 tensor<2x8xf32> hex:40cb1d79,3f5066c4,c01430a2,40e4e27e,bfd0d3d1,bf1e5be2,3f69c1fb,c080e2e2,40561950,409b683f,4011aedb,3f7db79f,bee5523d,402a40d4,c1173429,bebfa5aa
// INPUT: 0@3 tensor<2x8xf32> hex:3f44b45e,c0be9c64,3fa3a5f4,bec3d900,bdd45f93,3e9bbca8,3fdcda45,3fafdb8d,c0472bed,beb3a752,bf0bd9fd,3dec1145,bfe2faa3,403a3642,407a7929,4092154b
// INPUT: 0@4 tensor<2x8xf32> hex:3febfd2d,c0584ceb,401c4d7c,c0012765,c02eca4e,bf8d2d1c,3e0d5101,40086eb8,bf2354c1,400d4240,403b3741,bea2720e,c03c7501,4030979b,3f538b54,c0cb0eff
// INPUT: 0@5 tensor<2x8xf32> hex:c03dc05d,3edbe578,c083b3f3,c002d52a,c0a470c6,3f9a781f,3f397c55,3f0743b4,408af51f,bf876628,bf5e1723,40c1e9a2,c079c404,400bffd1,c07c7fa0,3f3571c7
// INPUT: 0@6 tensor<2x8xf32> hex:40cb1d79,3f5066c4,c01430a2,40e4e27e,bfd0d3d1,bf1e5be2,3f69c1fb,c080e2e2,40561950,409b683f,4011aedb,3f7db79f,bee5523d,402a40d4,c1173429,bebfa5aa
// INPUT: 0@7 tensor<2x8xf32> hex:3f44b45e,c0be9c64,3fa3a5f4,bec3d900,bdd45f93,3e9bbca8,3fdcda45,3fafdb8d,c0472bed,beb3a752,bf0bd9fd,3dec1145,bfe2faa3,403a3642,407a7929,4092154b
// EXPECT: 0@0 tensor<8x2xf32> hex:3febfd2d,c0584ceb,bf2354c1,400d4240,c03dc05d,3edbe578,408af51f,bf876628,40cb1d79,3f5066c4,40561950,409b683f,3f44b45e,c0be9c64,c0472bed,beb3a752
// EXPECT: 0@1 tensor<8x2xf32> hex:401c4d7c,c0012765,403b3741,bea2720e,c083b3f3,c002d52a,bf5e1723,40c1e9a2,c01430a2,40e4e27e,4011aedb,3f7db79f,3fa3a5f4,bec3d900,bf0bd9fd,3dec1145
// EXPECT: 0@2 tensor<8x2xf32> hex:c02eca4e,bf8d2d1c,c03c7501,4030979b,c0a470c6,3f9a781f,c079c404,400bffd1,bfd0d3d1,bf1e5be2,bee5523d,402a40d4,bdd45f93,3e9bbca8,bfe2faa3,403a3642
// EXPECT: 0@3 tensor<8x2xf32> hex:3e0d5101,40086eb8,3f538b54,c0cb0eff,3f397c55,3f0743b4,c07c7fa0,3f3571c7,3f69c1fb,c080e2e2,c1173429,bebfa5aa,3fdcda45,3fafdb8d,407a7929,4092154b
// EXPECT: 0@4 tensor<8x2xf32> hex:3febfd2d,c0584ceb,bf2354c1,400d4240,c03dc05d,3edbe578,408af51f,bf876628,40cb1d79,3f5066c4,40561950,409b683f,3f44b45e,c0be9c64,c0472bed,beb3a752
// EXPECT: 0@5 tensor<8x2xf32> hex:401c4d7c,c0012765,403b3741,bea2720e,c083b3f3,c002d52a,bf5e1723,40c1e9a2,c01430a2,40e4e27e,4011aedb,3f7db79f,3fa3a5f4,bec3d900,bf0bd9fd,3dec1145
// EXPECT: 0@6 tensor<8x2xf32> hex:c02eca4e,bf8d2d1c,c03c7501,4030979b,c0a470c6,3f9a781f,c079c404,400bffd1,bfd0d3d1,bf1e5be2,bee5523d,402a40d4,bdd45f93,3e9bbca8,bfe2faa3,403a3642
// EXPECT: 0@7 tensor<8x2xf32> hex:3e0d5101,40086eb8,3f538b54,c0cb0eff,3f397c55,3f0743b4,c07c7fa0,3f3571c7,3f69c1fb,c080e2e2,c1173429,bebfa5aa,3fdcda45,3fafdb8d,407a7929,4092154b
// GENERATOR: conformance/gen/mesh_collectives.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module attributes {tessera.mesh = {axes = ["dp", "tp"], shape = [2, 4]}} {
  func.func @main(%a0: tensor<2x8xf32>) -> tensor<8x2xf32> {
    %r = "tessera.redistribute"(%a0) {src = {partition = [0], mesh_axes = [["tp"]]}, dst = {partition = [1], mesh_axes = [["tp"]]}} : (tensor<2x8xf32>) -> tensor<8x2xf32>
    return %r : tensor<8x2xf32>
  }
}

// -----

// CASE: s0dp_s1tp_to_s1dp_tp_f32
// RULE: bitexact
// REQUIRES: op=tessera.redistribute dtype=f32 level=graph mesh=8
// INPUT: 0@0 tensor<4x2xf32> hex:40b6f14f,408f5ade,409e7005,bfa53867,3fbfbc38,4091067f,4043951e,3f7cdbad
// INPUT: 0@1 tensor<4x2xf32> hex:bfb09d1f,bfebebb4,403c1a98,bf96e40b,c05fb122,bf80606a,c05029ff,c0e97b20
// INPUT: 0@2 tensor<4x2xf32> hex:bf98b17f,3fd670be,c0732ae3,c0739e33,40942e7d,3f85564b,c100b8a3,3ffc8bbc
// INPUT: 0@3 tensor<4x2xf32> hex:bec76b7d,403e4a3b,bf751771,c0b6504e,3f1645a0,bf48dbad,bf4c5a56,408b053d
// INPUT: 0@4 tensor<4x2xf32> hex:3fc3d681,c0743b2a,c05155c8,40499b8f,3f9de52a,408f90c0,4089639b,c012a18b
// INPUT: 0@5 tensor<4x2xf32> hex:3f5f04ca,4064d662,3f18d427,c05b5bb6,3f6ef52a,c01fd5ec,bf548564,c0aaeb45
// INPUT: 0@6 tensor<4x2xf32> hex:c02d2325,bfc35b69,c08bb41c,3fb1f775,40c30f7e,c06cf03a,3f819d05,3faaf141
// INPUT: 0@7 tensor<4x2xf32> hex:40a72280,c0a7a754,406923c7,401eb448,becea6b3,be60767a,3ff9dc2e,c031eed2
// EXPECT: 0@0 tensor<8x1xf32> hex:40b6f14f,409e7005,3fbfbc38,4043951e,3fc3d681,c05155c8,3f9de52a,4089639b
// EXPECT: 0@1 tensor<8x1xf32> hex:408f5ade,bfa53867,4091067f,3f7cdbad,c0743b2a,40499b8f,408f90c0,c012a18b
// EXPECT: 0@2 tensor<8x1xf32> hex:bfb09d1f,403c1a98,c05fb122,c05029ff,3f5f04ca,3f18d427,3f6ef52a,bf548564
// EXPECT: 0@3 tensor<8x1xf32> hex:bfebebb4,bf96e40b,bf80606a,c0e97b20,4064d662,c05b5bb6,c01fd5ec,c0aaeb45
// EXPECT: 0@4 tensor<8x1xf32> hex:bf98b17f,c0732ae3,40942e7d,c100b8a3,c02d2325,c08bb41c,40c30f7e,3f819d05
// EXPECT: 0@5 tensor<8x1xf32> hex:3fd670be,c0739e33,3f85564b,3ffc8bbc,bfc35b69,3fb1f775,c06cf03a,3faaf141
// EXPECT: 0@6 tensor<8x1xf32> hex:bec76b7d,bf751771,3f1645a0,bf4c5a56,40a72280,406923c7,becea6b3,3ff9dc2e
// EXPECT: 0@7 tensor<8x1xf32> hex:403e4a3b,c0b6504e,bf48dbad,408b053d,c0a7a754,401eb448,be60767a,c031eed2
// GENERATOR: conformance/gen/mesh_collectives.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module attributes {tessera.mesh = {axes = ["dp", "tp"], shape = [2, 4]}} {
  func.func @main(%a0: tensor<4x2xf32>) -> tensor<8x1xf32> {
    %r = "tessera.redistribute"(%a0) {src = {partition = [0, 1], mesh_axes = [["dp"], ["tp"]]}, dst = {partition = [1], mesh_axes = [["dp", "tp"]]}} : (tensor<4x2xf32>) -> tensor<8x1xf32>
    return %r : tensor<8x1xf32>
  }
}

// -----

// CASE: ptp_to_r_f32
// NOTE: Inputs are small integers: every fold order gives the same bits.
// RULE: bitexact
// REQUIRES: op=tessera.redistribute dtype=f32 level=graph mesh=8
// INPUT: 0@0 tensor<2x4xf32> hex:c0e00000,40e00000,40a00000,c0e00000,00000000,40a00000,40a00000,40a00000
// INPUT: 0@1 tensor<2x4xf32> hex:c0800000,40c00000,40800000,bf800000,40c00000,c0a00000,00000000,c1000000
// INPUT: 0@2 tensor<2x4xf32> hex:00000000,bf800000,c1000000,41000000,40e00000,c0400000,40c00000,3f800000
// INPUT: 0@3 tensor<2x4xf32> hex:40800000,c0c00000,c0e00000,40400000,c0c00000,40c00000,40e00000,c0400000
// INPUT: 0@4 tensor<2x4xf32> hex:c1000000,3f800000,c0800000,c0800000,c0800000,c0800000,c0800000,c1000000
// INPUT: 0@5 tensor<2x4xf32> hex:c1000000,c0000000,00000000,40c00000,40400000,40800000,c0c00000,40400000
// INPUT: 0@6 tensor<2x4xf32> hex:40000000,c0000000,c0a00000,00000000,3f800000,40000000,c0400000,c0e00000
// INPUT: 0@7 tensor<2x4xf32> hex:c0e00000,40a00000,c0800000,c0800000,c0400000,c0000000,c0400000,c0e00000
// EXPECT: 0@0 tensor<2x4xf32> hex:c0e00000,40c00000,c0c00000,40400000,40e00000,40400000,41900000,c0a00000
// EXPECT: 0@1 tensor<2x4xf32> hex:c0e00000,40c00000,c0c00000,40400000,40e00000,40400000,41900000,c0a00000
// EXPECT: 0@2 tensor<2x4xf32> hex:c0e00000,40c00000,c0c00000,40400000,40e00000,40400000,41900000,c0a00000
// EXPECT: 0@3 tensor<2x4xf32> hex:c0e00000,40c00000,c0c00000,40400000,40e00000,40400000,41900000,c0a00000
// EXPECT: 0@4 tensor<2x4xf32> hex:c1a80000,40000000,c1500000,c0000000,c0400000,00000000,c1800000,c1980000
// EXPECT: 0@5 tensor<2x4xf32> hex:c1a80000,40000000,c1500000,c0000000,c0400000,00000000,c1800000,c1980000
// EXPECT: 0@6 tensor<2x4xf32> hex:c1a80000,40000000,c1500000,c0000000,c0400000,00000000,c1800000,c1980000
// EXPECT: 0@7 tensor<2x4xf32> hex:c1a80000,40000000,c1500000,c0000000,c0400000,00000000,c1800000,c1980000
// GENERATOR: conformance/gen/mesh_collectives.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module attributes {tessera.mesh = {axes = ["dp", "tp"], shape = [2, 4]}} {
  func.func @main(%a0: tensor<2x4xf32>) -> tensor<2x4xf32> {
    %r = "tessera.redistribute"(%a0) {src = {partial = ["tp"]}, dst = {}} : (tensor<2x4xf32>) -> tensor<2x4xf32>
    return %r : tensor<2x4xf32>
  }
}

// -----

// CASE: s0tp_to_r_bf16
// RULE: bitexact
// REQUIRES: op=tessera.redistribute dtype=bf16 level=graph mesh=8
// INPUT: 0@0 tensor<2x8xbf16> hex:4014,4096,bf48,bf18,409e,bfde,c04f,401a,bfd0,4074,3fc5,c0ab,3f43,bd2f,c004,404f
// INPUT: 0@1 tensor<2x8xbf16> hex:c0ad,c076,bfc9,4013,c097,c000,c00f,c094,bfa1,c064,bfbc,3f3f,c037,c030,c046,c02c
// INPUT: 0@2 tensor<2x8xbf16> hex:c09b,c06b,3e6d,c031,411b,c025,3fa0,c095,bf70,bfe3,bebb,4079,bf20,c070,3e80,c041
// INPUT: 0@3 tensor<2x8xbf16> hex:beeb,4097,4033,404d,3fc8,bdc2,c096,bfba,bfd0,4002,403f,3fb8,c01a,40b2,4088,bf27
// INPUT: 0@4 tensor<2x8xbf16> hex:4014,4096,bf48,bf18,409e,bfde,c04f,401a,bfd0,4074,3fc5,c0ab,3f43,bd2f,c004,404f
// INPUT: 0@5 tensor<2x8xbf16> hex:c0ad,c076,bfc9,4013,c097,c000,c00f,c094,bfa1,c064,bfbc,3f3f,c037,c030,c046,c02c
// INPUT: 0@6 tensor<2x8xbf16> hex:c09b,c06b,3e6d,c031,411b,c025,3fa0,c095,bf70,bfe3,bebb,4079,bf20,c070,3e80,c041
// INPUT: 0@7 tensor<2x8xbf16> hex:beeb,4097,4033,404d,3fc8,bdc2,c096,bfba,bfd0,4002,403f,3fb8,c01a,40b2,4088,bf27
// EXPECT: 0 tensor<8x8xbf16> hex:4014,4096,bf48,bf18,409e,bfde,c04f,401a,bfd0,4074,3fc5,c0ab,3f43,bd2f,c004,404f,c0ad,c076,bfc9,4013,c097,c000,c00f,c094,bfa1,c064,bfbc,3f3f,c037,c030,c046,c02c,c09b,c06b,3e6d,c031,411b,c025,3fa0,c095,bf70,bfe3,bebb,4079,bf20,c070,3e80,c041,beeb,4097,4033,404d,3fc8,bdc2,c096,bfba,bfd0,4002,403f,3fb8,c01a,40b2,4088,bf27
// GENERATOR: conformance/gen/mesh_collectives.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module attributes {tessera.mesh = {axes = ["dp", "tp"], shape = [2, 4]}} {
  func.func @main(%a0: tensor<2x8xbf16>) -> tensor<8x8xbf16> {
    %r = "tessera.redistribute"(%a0) {src = {partition = [0], mesh_axes = [["tp"]]}, dst = {}} : (tensor<2x8xbf16>) -> tensor<8x8xbf16>
    return %r : tensor<8x8xbf16>
  }
}

// -----

// CASE: r_to_s1dp_bf16
// RULE: bitexact
// REQUIRES: op=tessera.redistribute dtype=bf16 level=graph mesh=8
// INPUT: 0 tensor<8x8xbf16> hex:3f17,3ff6,3ea0,be97,3fbe,3d00,3f1d,c09b,c09a,40a7,c092,3fbb,3f76,3f2b,c005,4043,3f87,bf83,c087,bf30,bfe6,c072,3f92,3fe0,4020,3ebf,bf37,405d,4016,40df,3fde,c030,403e,40e2,3f66,bef0,bfda,40bb,beec,bf22,3f83,c085,bf33,c06c,be99,3fd0,403b,bf8f,4027,bf84,c09a,3ff0,beec,3efd,c0f7,3f52,3f6f,3f6f,4055,bf61,40d5,401a,3ff0,c0e8
// EXPECT: 0@0 tensor<8x4xbf16> hex:3f17,3ff6,3ea0,be97,c09a,40a7,c092,3fbb,3f87,bf83,c087,bf30,4020,3ebf,bf37,405d,403e,40e2,3f66,bef0,3f83,c085,bf33,c06c,4027,bf84,c09a,3ff0,3f6f,3f6f,4055,bf61
// EXPECT: 0@1 tensor<8x4xbf16> hex:3f17,3ff6,3ea0,be97,c09a,40a7,c092,3fbb,3f87,bf83,c087,bf30,4020,3ebf,bf37,405d,403e,40e2,3f66,bef0,3f83,c085,bf33,c06c,4027,bf84,c09a,3ff0,3f6f,3f6f,4055,bf61
// EXPECT: 0@2 tensor<8x4xbf16> hex:3f17,3ff6,3ea0,be97,c09a,40a7,c092,3fbb,3f87,bf83,c087,bf30,4020,3ebf,bf37,405d,403e,40e2,3f66,bef0,3f83,c085,bf33,c06c,4027,bf84,c09a,3ff0,3f6f,3f6f,4055,bf61
// EXPECT: 0@3 tensor<8x4xbf16> hex:3f17,3ff6,3ea0,be97,c09a,40a7,c092,3fbb,3f87,bf83,c087,bf30,4020,3ebf,bf37,405d,403e,40e2,3f66,bef0,3f83,c085,bf33,c06c,4027,bf84,c09a,3ff0,3f6f,3f6f,4055,bf61
// EXPECT: 0@4 tensor<8x4xbf16> hex:3fbe,3d00,3f1d,c09b,3f76,3f2b,c005,4043,bfe6,c072,3f92,3fe0,4016,40df,3fde,c030,bfda,40bb,beec,bf22,be99,3fd0,403b,bf8f,beec,3efd,c0f7,3f52,40d5,401a,3ff0,c0e8
// EXPECT: 0@5 tensor<8x4xbf16> hex:3fbe,3d00,3f1d,c09b,3f76,3f2b,c005,4043,bfe6,c072,3f92,3fe0,4016,40df,3fde,c030,bfda,40bb,beec,bf22,be99,3fd0,403b,bf8f,beec,3efd,c0f7,3f52,40d5,401a,3ff0,c0e8
// EXPECT: 0@6 tensor<8x4xbf16> hex:3fbe,3d00,3f1d,c09b,3f76,3f2b,c005,4043,bfe6,c072,3f92,3fe0,4016,40df,3fde,c030,bfda,40bb,beec,bf22,be99,3fd0,403b,bf8f,beec,3efd,c0f7,3f52,40d5,401a,3ff0,c0e8
// EXPECT: 0@7 tensor<8x4xbf16> hex:3fbe,3d00,3f1d,c09b,3f76,3f2b,c005,4043,bfe6,c072,3f92,3fe0,4016,40df,3fde,c030,bfda,40bb,beec,bf22,be99,3fd0,403b,bf8f,beec,3efd,c0f7,3f52,40d5,401a,3ff0,c0e8
// GENERATOR: conformance/gen/mesh_collectives.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module attributes {tessera.mesh = {axes = ["dp", "tp"], shape = [2, 4]}} {
  func.func @main(%a0: tensor<8x8xbf16>) -> tensor<8x4xbf16> {
    %r = "tessera.redistribute"(%a0) {src = {}, dst = {partition = [1], mesh_axes = [["dp"]]}} : (tensor<8x8xbf16>) -> tensor<8x4xbf16>
    return %r : tensor<8x4xbf16>
  }
}

// -----

// CASE: s0tp_to_s1tp_bf16
// RULE: bitexact
// REQUIRES: op=tessera.redistribute dtype=bf16 level=graph mesh=8
// INPUT: 0@0 tensor<2x8xbf16> hex:c0b6,4098,3fb7,4044,bf5f,bda6,4004,c005,4089,c041,3f7f,bef1,3fb6,4084,c03f,3fe0
// INPUT: 0@1 tensor<2x8xbf16> hex:3f44,403c,3eb1,bf87,3ff7,408e,4039,3f69,3fdc,c086,bf96,be9e,bf95,bfd3,3e9e,3fd4
// INPUT: 0@2 tensor<2x8xbf16> hex:40c9,bfd4,c012,405c,3f6a,c00e,40a1,be39,bf09,bfb4,c015,3f3c,c01c,40f9,3fb5,bead
// INPUT: 0@3 tensor<2x8xbf16> hex:bff6,3f94,4057,3f8c,c044,beaf,c099,4094,4018,3f73,3f9a,bfb0,bde3,404d,3e47,4006
// INPUT: 0@4 tensor<2x8xbf16> hex:c0b6,4098,3fb7,4044,bf5f,bda6,4004,c005,4089,c041,3f7f,bef1,3fb6,4084,c03f,3fe0
// INPUT: 0@5 tensor<2x8xbf16> hex:3f44,403c,3eb1,bf87,3ff7,408e,4039,3f69,3fdc,c086,bf96,be9e,bf95,bfd3,3e9e,3fd4
// INPUT: 0@6 tensor<2x8xbf16> hex:40c9,bfd4,c012,405c,3f6a,c00e,40a1,be39,bf09,bfb4,c015,3f3c,c01c,40f9,3fb5,bead
// INPUT: 0@7 tensor<2x8xbf16> hex:bff6,3f94,4057,3f8c,c044,beaf,c099,4094,4018,3f73,3f9a,bfb0,bde3,404d,3e47,4006
// EXPECT: 0@0 tensor<8x2xbf16> hex:c0b6,4098,4089,c041,3f44,403c,3fdc,c086,40c9,bfd4,bf09,bfb4,bff6,3f94,4018,3f73
// EXPECT: 0@1 tensor<8x2xbf16> hex:3fb7,4044,3f7f,bef1,3eb1,bf87,bf96,be9e,c012,405c,c015,3f3c,4057,3f8c,3f9a,bfb0
// EXPECT: 0@2 tensor<8x2xbf16> hex:bf5f,bda6,3fb6,4084,3ff7,408e,bf95,bfd3,3f6a,c00e,c01c,40f9,c044,beaf,bde3,404d
// EXPECT: 0@3 tensor<8x2xbf16> hex:4004,c005,c03f,3fe0,4039,3f69,3e9e,3fd4,40a1,be39,3fb5,bead,c099,4094,3e47,4006
// EXPECT: 0@4 tensor<8x2xbf16> hex:c0b6,4098,4089,c041,3f44,403c,3fdc,c086,40c9,bfd4,bf09,bfb4,bff6,3f94,4018,3f73
// EXPECT: 0@5 tensor<8x2xbf16> hex:3fb7,4044,3f7f,bef1,3eb1,bf87,bf96,be9e,c012,405c,c015,3f3c,4057,3f8c,3f9a,bfb0
// EXPECT: 0@6 tensor<8x2xbf16> hex:bf5f,bda6,3fb6,4084,3ff7,408e,bf95,bfd3,3f6a,c00e,c01c,40f9,c044,beaf,bde3,404d
// EXPECT: 0@7 tensor<8x2xbf16> hex:4004,c005,c03f,3fe0,4039,3f69,3e9e,3fd4,40a1,be39,3fb5,bead,c099,4094,3e47,4006
// GENERATOR: conformance/gen/mesh_collectives.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module attributes {tessera.mesh = {axes = ["dp", "tp"], shape = [2, 4]}} {
  func.func @main(%a0: tensor<2x8xbf16>) -> tensor<8x2xbf16> {
    %r = "tessera.redistribute"(%a0) {src = {partition = [0], mesh_axes = [["tp"]]}, dst = {partition = [1], mesh_axes = [["tp"]]}} : (tensor<2x8xbf16>) -> tensor<8x2xbf16>
    return %r : tensor<8x2xbf16>
  }
}

// -----

// CASE: s0dp_s1tp_to_s1dp_tp_bf16
// RULE: bitexact
// REQUIRES: op=tessera.redistribute dtype=bf16 level=graph mesh=8
// INPUT: 0@0 tensor<4x2xbf16> hex:3f7d,3f83,bfe7,403a,bfdb,3fdf,c006,4034
// INPUT: 0@1 tensor<4x2xbf16> hex:3fa5,405d,bf0d,4081,bfd8,bff6,c00e,c092
// INPUT: 0@2 tensor<4x2xbf16> hex:bf0a,4018,c02d,3fc3,3f8c,c099,bf60,403e
// INPUT: 0@3 tensor<4x2xbf16> hex:c002,bfb3,c046,406f,c04d,409d,3e92,bf06
// INPUT: 0@4 tensor<4x2xbf16> hex:403b,bff6,3f30,bf04,4008,3f7d,409a,4015
// INPUT: 0@5 tensor<4x2xbf16> hex:4021,3fa5,c043,402c,40ba,3d9a,c02e,3fd4
// INPUT: 0@6 tensor<4x2xbf16> hex:c02f,4047,c02e,3ff1,3f3c,3f22,3ef6,bf85
// INPUT: 0@7 tensor<4x2xbf16> hex:406d,becb,bfa6,c032,beec,4088,c08b,403e
// EXPECT: 0@0 tensor<8x1xbf16> hex:3f7d,bfe7,bfdb,c006,403b,3f30,4008,409a
// EXPECT: 0@1 tensor<8x1xbf16> hex:3f83,403a,3fdf,4034,bff6,bf04,3f7d,4015
// EXPECT: 0@2 tensor<8x1xbf16> hex:3fa5,bf0d,bfd8,c00e,4021,c043,40ba,c02e
// EXPECT: 0@3 tensor<8x1xbf16> hex:405d,4081,bff6,c092,3fa5,402c,3d9a,3fd4
// EXPECT: 0@4 tensor<8x1xbf16> hex:bf0a,c02d,3f8c,bf60,c02f,c02e,3f3c,3ef6
// EXPECT: 0@5 tensor<8x1xbf16> hex:4018,3fc3,c099,403e,4047,3ff1,3f22,bf85
// EXPECT: 0@6 tensor<8x1xbf16> hex:c002,c046,c04d,3e92,406d,bfa6,beec,c08b
// EXPECT: 0@7 tensor<8x1xbf16> hex:bfb3,406f,409d,bf06,becb,c032,4088,403e
// GENERATOR: conformance/gen/mesh_collectives.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module attributes {tessera.mesh = {axes = ["dp", "tp"], shape = [2, 4]}} {
  func.func @main(%a0: tensor<4x2xbf16>) -> tensor<8x1xbf16> {
    %r = "tessera.redistribute"(%a0) {src = {partition = [0, 1], mesh_axes = [["dp"], ["tp"]]}, dst = {partition = [1], mesh_axes = [["dp", "tp"]]}} : (tensor<4x2xbf16>) -> tensor<8x1xbf16>
    return %r : tensor<8x1xbf16>
  }
}

// -----

// CASE: ptp_to_r_bf16
// NOTE: Inputs are small integers: every fold order gives the same bits.
// RULE: bitexact
// REQUIRES: op=tessera.redistribute dtype=bf16 level=graph mesh=8
// INPUT: 0@0 tensor<2x4xbf16> hex:0000,0000,40e0,40a0,0000,40e0,40e0,4080
// INPUT: 0@1 tensor<2x4xbf16> hex:c000,c0a0,40a0,c000,3f80,4080,4080,40c0
// INPUT: 0@2 tensor<2x4xbf16> hex:bf80,c080,40c0,c0a0,40a0,c0c0,c0a0,4040
// INPUT: 0@3 tensor<2x4xbf16> hex:4000,c0a0,3f80,4040,0000,3f80,40e0,40a0
// INPUT: 0@4 tensor<2x4xbf16> hex:40c0,c000,40a0,4000,c0a0,40e0,c0e0,c0c0
// INPUT: 0@5 tensor<2x4xbf16> hex:4040,c000,0000,3f80,c0a0,40c0,40c0,c000
// INPUT: 0@6 tensor<2x4xbf16> hex:c100,c000,c0e0,4040,c0e0,c000,c000,c000
// INPUT: 0@7 tensor<2x4xbf16> hex:c0e0,3f80,c0a0,c0a0,40a0,c100,4040,bf80
// EXPECT: 0@0 tensor<2x4xbf16> hex:bf80,c160,4198,3f80,40c0,40c0,4150,4190
// EXPECT: 0@1 tensor<2x4xbf16> hex:bf80,c160,4198,3f80,40c0,40c0,4150,4190
// EXPECT: 0@2 tensor<2x4xbf16> hex:bf80,c160,4198,3f80,40c0,40c0,4150,4190
// EXPECT: 0@3 tensor<2x4xbf16> hex:bf80,c160,4198,3f80,40c0,40c0,4150,4190
// EXPECT: 0@4 tensor<2x4xbf16> hex:c0c0,c0a0,c0e0,3f80,c140,4040,0000,c130
// EXPECT: 0@5 tensor<2x4xbf16> hex:c0c0,c0a0,c0e0,3f80,c140,4040,0000,c130
// EXPECT: 0@6 tensor<2x4xbf16> hex:c0c0,c0a0,c0e0,3f80,c140,4040,0000,c130
// EXPECT: 0@7 tensor<2x4xbf16> hex:c0c0,c0a0,c0e0,3f80,c140,4040,0000,c130
// GENERATOR: conformance/gen/mesh_collectives.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module attributes {tessera.mesh = {axes = ["dp", "tp"], shape = [2, 4]}} {
  func.func @main(%a0: tensor<2x4xbf16>) -> tensor<2x4xbf16> {
    %r = "tessera.redistribute"(%a0) {src = {partial = ["tp"]}, dst = {}} : (tensor<2x4xbf16>) -> tensor<2x4xbf16>
    return %r : tensor<2x4xbf16>
  }
}

// -----

// CASE: s0tp_to_r_e4m3
// RULE: bitexact
// REQUIRES: op=tessera.redistribute dtype=f8E4M3FN level=graph mesh=8
// INPUT: 0@0 tensor<2x8xf8E4M3FN> hex:45,33,42,b9,ba,c1,cc,bb,bf,49,cc,05,b2,ab,b1,30
// INPUT: 0@1 tensor<2x8xf8E4M3FN> hex:42,ca,41,b8,c5,cc,cb,b0,c7,c7,be,a7,be,c7,c1,b5
// INPUT: 0@2 tensor<2x8xf8E4M3FN> hex:c6,42,46,46,ba,ba,c4,48,bd,4d,cd,30,3b,a2,3d,4c
// INPUT: 0@3 tensor<2x8xf8E4M3FN> hex:a9,41,bc,c8,c5,42,35,c9,35,3e,3b,45,c9,c4,c5,2c
// INPUT: 0@4 tensor<2x8xf8E4M3FN> hex:45,33,42,b9,ba,c1,cc,bb,bf,49,cc,05,b2,ab,b1,30
// INPUT: 0@5 tensor<2x8xf8E4M3FN> hex:42,ca,41,b8,c5,cc,cb,b0,c7,c7,be,a7,be,c7,c1,b5
// INPUT: 0@6 tensor<2x8xf8E4M3FN> hex:c6,42,46,46,ba,ba,c4,48,bd,4d,cd,30,3b,a2,3d,4c
// INPUT: 0@7 tensor<2x8xf8E4M3FN> hex:a9,41,bc,c8,c5,42,35,c9,35,3e,3b,45,c9,c4,c5,2c
// EXPECT: 0 tensor<8x8xf8E4M3FN> hex:45,33,42,b9,ba,c1,cc,bb,bf,49,cc,05,b2,ab,b1,30,42,ca,41,b8,c5,cc,cb,b0,c7,c7,be,a7,be,c7,c1,b5,c6,42,46,46,ba,ba,c4,48,bd,4d,cd,30,3b,a2,3d,4c,a9,41,bc,c8,c5,42,35,c9,35,3e,3b,45,c9,c4,c5,2c
// GENERATOR: conformance/gen/mesh_collectives.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module attributes {tessera.mesh = {axes = ["dp", "tp"], shape = [2, 4]}} {
  func.func @main(%a0: tensor<2x8xf8E4M3FN>) -> tensor<8x8xf8E4M3FN> {
    %r = "tessera.redistribute"(%a0) {src = {partition = [0], mesh_axes = [["tp"]]}, dst = {}} : (tensor<2x8xf8E4M3FN>) -> tensor<8x8xf8E4M3FN>
    return %r : tensor<8x8xf8E4M3FN>
  }
}

// -----

// CASE: r_to_s1dp_e4m3
// RULE: bitexact
// REQUIRES: op=tessera.redistribute dtype=f8E4M3FN level=graph mesh=8
// INPUT: 0 tensor<8x8xf8E4M3FN> hex:47,bb,38,42,bb,42,ab,4b,48,bb,bd,4b,c2,46,b9,c6,4a,3b,c4,b2,c0,c3,a7,45,c8,3d,c9,a1,c9,c8,c0,44,42,ad,b7,2b,50,38,ad,bc,b7,3f,3e,ce,4d,3a,aa,50,c9,c7,45,8a,43,47,4b,40,bf,ca,2c,cb,22,c2,39,40
// EXPECT: 0@0 tensor<8x4xf8E4M3FN> hex:47,bb,38,42,48,bb,bd,4b,4a,3b,c4,b2,c8,3d,c9,a1,42,ad,b7,2b,b7,3f,3e,ce,c9,c7,45,8a,bf,ca,2c,cb
// EXPECT: 0@1 tensor<8x4xf8E4M3FN> hex:47,bb,38,42,48,bb,bd,4b,4a,3b,c4,b2,c8,3d,c9,a1,42,ad,b7,2b,b7,3f,3e,ce,c9,c7,45,8a,bf,ca,2c,cb
// EXPECT: 0@2 tensor<8x4xf8E4M3FN> hex:47,bb,38,42,48,bb,bd,4b,4a,3b,c4,b2,c8,3d,c9,a1,42,ad,b7,2b,b7,3f,3e,ce,c9,c7,45,8a,bf,ca,2c,cb
// EXPECT: 0@3 tensor<8x4xf8E4M3FN> hex:47,bb,38,42,48,bb,bd,4b,4a,3b,c4,b2,c8,3d,c9,a1,42,ad,b7,2b,b7,3f,3e,ce,c9,c7,45,8a,bf,ca,2c,cb
// EXPECT: 0@4 tensor<8x4xf8E4M3FN> hex:bb,42,ab,4b,c2,46,b9,c6,c0,c3,a7,45,c9,c8,c0,44,50,38,ad,bc,4d,3a,aa,50,43,47,4b,40,22,c2,39,40
// EXPECT: 0@5 tensor<8x4xf8E4M3FN> hex:bb,42,ab,4b,c2,46,b9,c6,c0,c3,a7,45,c9,c8,c0,44,50,38,ad,bc,4d,3a,aa,50,43,47,4b,40,22,c2,39,40
// EXPECT: 0@6 tensor<8x4xf8E4M3FN> hex:bb,42,ab,4b,c2,46,b9,c6,c0,c3,a7,45,c9,c8,c0,44,50,38,ad,bc,4d,3a,aa,50,43,47,4b,40,22,c2,39,40
// EXPECT: 0@7 tensor<8x4xf8E4M3FN> hex:bb,42,ab,4b,c2,46,b9,c6,c0,c3,a7,45,c9,c8,c0,44,50,38,ad,bc,4d,3a,aa,50,43,47,4b,40,22,c2,39,40
// GENERATOR: conformance/gen/mesh_collectives.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module attributes {tessera.mesh = {axes = ["dp", "tp"], shape = [2, 4]}} {
  func.func @main(%a0: tensor<8x8xf8E4M3FN>) -> tensor<8x4xf8E4M3FN> {
    %r = "tessera.redistribute"(%a0) {src = {}, dst = {partition = [1], mesh_axes = [["dp"]]}} : (tensor<8x8xf8E4M3FN>) -> tensor<8x4xf8E4M3FN>
    return %r : tensor<8x4xf8E4M3FN>
  }
}

// -----

// CASE: s0tp_to_s1tp_e4m3
// RULE: bitexact
// REQUIRES: op=tessera.redistribute dtype=f8E4M3FN level=graph mesh=8
// INPUT: 0@0 tensor<2x8xf8E4M3FN> hex:a1,c8,2d,c1,37,bb,4e,bd,cc,c3,26,50,48,bf,86,c7
// INPUT: 0@1 tensor<2x8xf8E4M3FN> hex:c9,43,3a,c1,c1,3a,40,c2,ca,43,c1,cb,b2,32,43,bb
// INPUT: 0@2 tensor<2x8xf8E4M3FN> hex:35,c7,3b,c9,3e,2f,c9,bf,4a,c5,ca,b7,2f,42,af,bc
// INPUT: 0@3 tensor<2x8xf8E4M3FN> hex:b4,41,b1,3d,cb,b9,aa,44,3b,32,45,30,51,c3,2b,4b
// INPUT: 0@4 tensor<2x8xf8E4M3FN> hex:a1,c8,2d,c1,37,bb,4e,bd,cc,c3,26,50,48,bf,86,c7
// INPUT: 0@5 tensor<2x8xf8E4M3FN> hex:c9,43,3a,c1,c1,3a,40,c2,ca,43,c1,cb,b2,32,43,bb
// INPUT: 0@6 tensor<2x8xf8E4M3FN> hex:35,c7,3b,c9,3e,2f,c9,bf,4a,c5,ca,b7,2f,42,af,bc
// INPUT: 0@7 tensor<2x8xf8E4M3FN> hex:b4,41,b1,3d,cb,b9,aa,44,3b,32,45,30,51,c3,2b,4b
// EXPECT: 0@0 tensor<8x2xf8E4M3FN> hex:a1,c8,cc,c3,c9,43,ca,43,35,c7,4a,c5,b4,41,3b,32
// EXPECT: 0@1 tensor<8x2xf8E4M3FN> hex:2d,c1,26,50,3a,c1,c1,cb,3b,c9,ca,b7,b1,3d,45,30
// EXPECT: 0@2 tensor<8x2xf8E4M3FN> hex:37,bb,48,bf,c1,3a,b2,32,3e,2f,2f,42,cb,b9,51,c3
// EXPECT: 0@3 tensor<8x2xf8E4M3FN> hex:4e,bd,86,c7,40,c2,43,bb,c9,bf,af,bc,aa,44,2b,4b
// EXPECT: 0@4 tensor<8x2xf8E4M3FN> hex:a1,c8,cc,c3,c9,43,ca,43,35,c7,4a,c5,b4,41,3b,32
// EXPECT: 0@5 tensor<8x2xf8E4M3FN> hex:2d,c1,26,50,3a,c1,c1,cb,3b,c9,ca,b7,b1,3d,45,30
// EXPECT: 0@6 tensor<8x2xf8E4M3FN> hex:37,bb,48,bf,c1,3a,b2,32,3e,2f,2f,42,cb,b9,51,c3
// EXPECT: 0@7 tensor<8x2xf8E4M3FN> hex:4e,bd,86,c7,40,c2,43,bb,c9,bf,af,bc,aa,44,2b,4b
// GENERATOR: conformance/gen/mesh_collectives.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module attributes {tessera.mesh = {axes = ["dp", "tp"], shape = [2, 4]}} {
  func.func @main(%a0: tensor<2x8xf8E4M3FN>) -> tensor<8x2xf8E4M3FN> {
    %r = "tessera.redistribute"(%a0) {src = {partition = [0], mesh_axes = [["tp"]]}, dst = {partition = [1], mesh_axes = [["tp"]]}} : (tensor<2x8xf8E4M3FN>) -> tensor<8x2xf8E4M3FN>
    return %r : tensor<8x2xf8E4M3FN>
  }
}

// -----

// CASE: s0dp_s1tp_to_s1dp_tp_e4m3
// RULE: bitexact
// REQUIRES: op=tessera.redistribute dtype=f8E4M3FN level=graph mesh=8
// INPUT: 0@0 tensor<4x2xf8E4M3FN> hex:41,37,4d,95,3a,c5,48,38
// INPUT: 0@1 tensor<4x2xf8E4M3FN> hex:44,bb,35,ca,b5,d0,8f,31
// INPUT: 0@2 tensor<4x2xf8E4M3FN> hex:2c,31,3f,cc,c1,33,c5,b1
// INPUT: 0@3 tensor<4x2xf8E4M3FN> hex:4c,38,40,44,05,b9,cc,d0
// INPUT: 0@4 tensor<4x2xf8E4M3FN> hex:b9,43,c9,3d,c8,c3,c5,c0
// INPUT: 0@5 tensor<4x2xf8E4M3FN> hex:c6,39,40,3c,45,b9,d0,32
// INPUT: 0@6 tensor<4x2xf8E4M3FN> hex:cb,a3,4e,b9,c2,3c,34,b1
// INPUT: 0@7 tensor<4x2xf8E4M3FN> hex:91,9e,30,46,c8,2d,c0,33
// EXPECT: 0@0 tensor<8x1xf8E4M3FN> hex:41,4d,3a,48,b9,c9,c8,c5
// EXPECT: 0@1 tensor<8x1xf8E4M3FN> hex:37,95,c5,38,43,3d,c3,c0
// EXPECT: 0@2 tensor<8x1xf8E4M3FN> hex:44,35,b5,8f,c6,40,45,d0
// EXPECT: 0@3 tensor<8x1xf8E4M3FN> hex:bb,ca,d0,31,39,3c,b9,32
// EXPECT: 0@4 tensor<8x1xf8E4M3FN> hex:2c,3f,c1,c5,cb,4e,c2,34
// EXPECT: 0@5 tensor<8x1xf8E4M3FN> hex:31,cc,33,b1,a3,b9,3c,b1
// EXPECT: 0@6 tensor<8x1xf8E4M3FN> hex:4c,40,05,cc,91,30,c8,c0
// EXPECT: 0@7 tensor<8x1xf8E4M3FN> hex:38,44,b9,d0,9e,46,2d,33
// GENERATOR: conformance/gen/mesh_collectives.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module attributes {tessera.mesh = {axes = ["dp", "tp"], shape = [2, 4]}} {
  func.func @main(%a0: tensor<4x2xf8E4M3FN>) -> tensor<8x1xf8E4M3FN> {
    %r = "tessera.redistribute"(%a0) {src = {partition = [0, 1], mesh_axes = [["dp"], ["tp"]]}, dst = {partition = [1], mesh_axes = [["dp", "tp"]]}} : (tensor<4x2xf8E4M3FN>) -> tensor<8x1xf8E4M3FN>
    return %r : tensor<8x1xf8E4M3FN>
  }
}

// -----

// CASE: ptp_to_r_e4m3
// NOTE: Inputs are small integers: every fold order gives the same bits.
// RULE: bitexact
// REQUIRES: op=tessera.redistribute dtype=f8E4M3FN level=graph mesh=8
// INPUT: 0@0 tensor<2x4xf8E4M3FN> hex:38,b8,38,00,38,38,b8,38
// INPUT: 0@1 tensor<2x4xf8E4M3FN> hex:b8,38,b8,40,38,38,b8,b8
// INPUT: 0@2 tensor<2x4xf8E4M3FN> hex:38,00,40,c0,40,38,c0,40
// INPUT: 0@3 tensor<2x4xf8E4M3FN> hex:38,38,c0,c0,00,00,40,c0
// INPUT: 0@4 tensor<2x4xf8E4M3FN> hex:c0,38,40,c0,40,38,00,c0
// INPUT: 0@5 tensor<2x4xf8E4M3FN> hex:00,38,40,38,38,38,00,38
// INPUT: 0@6 tensor<2x4xf8E4M3FN> hex:00,00,00,40,c0,38,40,00
// INPUT: 0@7 tensor<2x4xf8E4M3FN> hex:c0,00,c0,b8,c0,b8,00,38
// EXPECT: 0@0 tensor<2x4xf8E4M3FN> hex:40,38,00,c0,48,44,c0,00
// EXPECT: 0@1 tensor<2x4xf8E4M3FN> hex:40,38,00,c0,48,44,c0,00
// EXPECT: 0@2 tensor<2x4xf8E4M3FN> hex:40,38,00,c0,48,44,c0,00
// EXPECT: 0@3 tensor<2x4xf8E4M3FN> hex:40,38,00,c0,48,44,c0,00
// EXPECT: 0@4 tensor<2x4xf8E4M3FN> hex:c8,40,40,00,b8,40,40,00
// EXPECT: 0@5 tensor<2x4xf8E4M3FN> hex:c8,40,40,00,b8,40,40,00
// EXPECT: 0@6 tensor<2x4xf8E4M3FN> hex:c8,40,40,00,b8,40,40,00
// EXPECT: 0@7 tensor<2x4xf8E4M3FN> hex:c8,40,40,00,b8,40,40,00
// GENERATOR: conformance/gen/mesh_collectives.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module attributes {tessera.mesh = {axes = ["dp", "tp"], shape = [2, 4]}} {
  func.func @main(%a0: tensor<2x4xf8E4M3FN>) -> tensor<2x4xf8E4M3FN> {
    %r = "tessera.redistribute"(%a0) {src = {partial = ["tp"]}, dst = {}} : (tensor<2x4xf8E4M3FN>) -> tensor<2x4xf8E4M3FN>
    return %r : tensor<2x4xf8E4M3FN>
  }
}

// -----

// CASE: s0tp_to_r_i32
// RULE: bitexact
// REQUIRES: op=tessera.redistribute dtype=i32 level=graph mesh=8
// INPUT: 0@0 tensor<2x8xi32> hex:1ef43080,8d6848cd,09b3384d,c8cdbf9a,a11b0b15,5e6743a1,58bc3f86,dfbc9cb2,0f8e0131,3d7702b6,81aaf13a,b54a90b5,0e71e703,5ab87287,455bc451,9769dc74
// INPUT: 0@1 tensor<2x8xi32> hex:484ef9fa,21288e24,67fb3541,9cec03a5,fa78a3ab,17aff312,c1018d01,196ca799,ad65faa0,a750a77b,fc7b8b40,c91e1eb3,d213719c,94d572a8,c0c7d3da,d7b1ebea
// INPUT: 0@2 tensor<2x8xi32> hex:b3b7e7a5,a7593f33,102e0c7a,a6dd520e,8028942f,c49f21ec,b228f9ff,ad64577b,e502c943,6ea3d67f,359e53ff,425ca956,cce63df2,8c1deffa,08e81b10,a84b0441
// INPUT: 0@3 tensor<2x8xi32> hex:df171789,6e6e9ff9,42a7ca8e,109fdda7,285a294a,f4080809,1e3c32fd,8eec7f16,6af660b1,8ff95ad9,73980a2a,eb60a11b,2c69f241,e62e2350,647b7a77,ddbf7828
// INPUT: 0@4 tensor<2x8xi32> hex:1ef43080,8d6848cd,09b3384d,c8cdbf9a,a11b0b15,5e6743a1,58bc3f86,dfbc9cb2,0f8e0131,3d7702b6,81aaf13a,b54a90b5,0e71e703,5ab87287,455bc451,9769dc74
// INPUT: 0@5 tensor<2x8xi32> hex:484ef9fa,21288e24,67fb3541,9cec03a5,fa78a3ab,17aff312,c1018d01,196ca799,ad65faa0,a750a77b,fc7b8b40,c91e1eb3,d213719c,94d572a8,c0c7d3da,d7b1ebea
// INPUT: 0@6 tensor<2x8xi32> hex:b3b7e7a5,a7593f33,102e0c7a,a6dd520e,8028942f,c49f21ec,b228f9ff,ad64577b,e502c943,6ea3d67f,359e53ff,425ca956,cce63df2,8c1deffa,08e81b10,a84b0441
// INPUT: 0@7 tensor<2x8xi32> hex:df171789,6e6e9ff9,42a7ca8e,109fdda7,285a294a,f4080809,1e3c32fd,8eec7f16,6af660b1,8ff95ad9,73980a2a,eb60a11b,2c69f241,e62e2350,647b7a77,ddbf7828
// EXPECT: 0 tensor<8x8xi32> hex:1ef43080,8d6848cd,09b3384d,c8cdbf9a,a11b0b15,5e6743a1,58bc3f86,dfbc9cb2,0f8e0131,3d7702b6,81aaf13a,b54a90b5,0e71e703,5ab87287,455bc451,9769dc74,484ef9fa,21288e24,67fb3541,9cec03a5,fa78a3ab,17aff312,c1018d01,196ca799,ad65faa0,a750a77b,fc7b8b40,c91e1eb3,d213719c,94d572a8,c0c7d3da,d7b1ebea,b3b7e7a5,a7593f33,102e0c7a,a6dd520e,8028942f,c49f21ec,b228f9ff,ad64577b,e502c943,6ea3d67f,359e53ff,425ca956,cce63df2,8c1deffa,08e81b10,a84b0441,df171789,6e6e9ff9,42a7ca8e,109fdda7,285a294a,f4080809,1e3c32fd,8eec7f16,6af660b1,8ff95ad9,73980a2a,eb60a11b,2c69f241,e62e2350,647b7a77,ddbf7828
// GENERATOR: conformance/gen/mesh_collectives.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module attributes {tessera.mesh = {axes = ["dp", "tp"], shape = [2, 4]}} {
  func.func @main(%a0: tensor<2x8xi32>) -> tensor<8x8xi32> {
    %r = "tessera.redistribute"(%a0) {src = {partition = [0], mesh_axes = [["tp"]]}, dst = {}} : (tensor<2x8xi32>) -> tensor<8x8xi32>
    return %r : tensor<8x8xi32>
  }
}

// -----

// CASE: r_to_s1dp_i32
// RULE: bitexact
// REQUIRES: op=tessera.redistribute dtype=i32 level=graph mesh=8
// INPUT: 0 tensor<8x8xi32> hex:ae949165,89403d36,66144ab0,c6bd92b1,81896d05,34d85618,037ecc82,ff6fa2b6,4a491104,dac41dc9,4b697711,4d17f30f,490853f7,9cf2b419,e9ff2010,2bca2586,5b981201,becd815d,f53415fd,3e2f7efc,1c927313,d1c85450,ffc88a1c,9698b177,ef158b9f,fb13031d,73a8292e,9dc97570,43e24e5d,3fd02a4e,9426edef,695f04d5,404f1e3b,05779015,c02d6800,475c1237,5809840c,039c75ad,9e69b63e,61604923,484ea885,b86b3733,3b1ba17d,ab8764a1,cd0e2c48,8f9aa24e,8de25d16,cc91f2d7,d4e4559b,f521b06a,4f0c36ca,e08dad4f,baff489c,9873b94d,4e829759,046ec730,bc314b90,8dab56f8,c0c0bd22,e7ff8f2f,8bde4d6d,4b1e00a5,1de31457,0ce0abdc
// EXPECT: 0@0 tensor<8x4xi32> hex:ae949165,89403d36,66144ab0,c6bd92b1,4a491104,dac41dc9,4b697711,4d17f30f,5b981201,becd815d,f53415fd,3e2f7efc,ef158b9f,fb13031d,73a8292e,9dc97570,404f1e3b,05779015,c02d6800,475c1237,484ea885,b86b3733,3b1ba17d,ab8764a1,d4e4559b,f521b06a,4f0c36ca,e08dad4f,bc314b90,8dab56f8,c0c0bd22,e7ff8f2f
// EXPECT: 0@1 tensor<8x4xi32> hex:ae949165,89403d36,66144ab0,c6bd92b1,4a491104,dac41dc9,4b697711,4d17f30f,5b981201,becd815d,f53415fd,3e2f7efc,ef158b9f,fb13031d,73a8292e,9dc97570,404f1e3b,05779015,c02d6800,475c1237,484ea885,b86b3733,3b1ba17d,ab8764a1,d4e4559b,f521b06a,4f0c36ca,e08dad4f,bc314b90,8dab56f8,c0c0bd22,e7ff8f2f
// EXPECT: 0@2 tensor<8x4xi32> hex:ae949165,89403d36,66144ab0,c6bd92b1,4a491104,dac41dc9,4b697711,4d17f30f,5b981201,becd815d,f53415fd,3e2f7efc,ef158b9f,fb13031d,73a8292e,9dc97570,404f1e3b,05779015,c02d6800,475c1237,484ea885,b86b3733,3b1ba17d,ab8764a1,d4e4559b,f521b06a,4f0c36ca,e08dad4f,bc314b90,8dab56f8,c0c0bd22,e7ff8f2f
// EXPECT: 0@3 tensor<8x4xi32> hex:ae949165,89403d36,66144ab0,c6bd92b1,4a491104,dac41dc9,4b697711,4d17f30f,5b981201,becd815d,f53415fd,3e2f7efc,ef158b9f,fb13031d,73a8292e,9dc97570,404f1e3b,05779015,c02d6800,475c1237,484ea885,b86b3733,3b1ba17d,ab8764a1,d4e4559b,f521b06a,4f0c36ca,e08dad4f,bc314b90,8dab56f8,c0c0bd22,e7ff8f2f
// EXPECT: 0@4 tensor<8x4xi32> hex:81896d05,34d85618,037ecc82,ff6fa2b6,490853f7,9cf2b419,e9ff2010,2bca2586,1c927313,d1c85450,ffc88a1c,9698b177,43e24e5d,3fd02a4e,9426edef,695f04d5,5809840c,039c75ad,9e69b63e,61604923,cd0e2c48,8f9aa24e,8de25d16,cc91f2d7,baff489c,9873b94d,4e829759,046ec730,8bde4d6d,4b1e00a5,1de31457,0ce0abdc
// EXPECT: 0@5 tensor<8x4xi32> hex:81896d05,34d85618,037ecc82,ff6fa2b6,490853f7,9cf2b419,e9ff2010,2bca2586,1c927313,d1c85450,ffc88a1c,9698b177,43e24e5d,3fd02a4e,9426edef,695f04d5,5809840c,039c75ad,9e69b63e,61604923,cd0e2c48,8f9aa24e,8de25d16,cc91f2d7,baff489c,9873b94d,4e829759,046ec730,8bde4d6d,4b1e00a5,1de31457,0ce0abdc
// EXPECT: 0@6 tensor<8x4xi32> hex:81896d05,34d85618,037ecc82,ff6fa2b6,490853f7,9cf2b419,e9ff2010,2bca2586,1c927313,d1c85450,ffc88a1c,9698b177,43e24e5d,3fd02a4e,9426edef,695f04d5,5809840c,039c75ad,9e69b63e,61604923,cd0e2c48,8f9aa24e,8de25d16,cc91f2d7,baff489c,9873b94d,4e829759,046ec730,8bde4d6d,4b1e00a5,1de31457,0ce0abdc
// EXPECT: 0@7 tensor<8x4xi32> hex:81896d05,34d85618,037ecc82,ff6fa2b6,490853f7,9cf2b419,e9ff2010,2bca2586,1c927313,d1c85450,ffc88a1c,9698b177,43e24e5d,3fd02a4e,9426edef,695f04d5,5809840c,039c75ad,9e69b63e,61604923,cd0e2c48,8f9aa24e,8de25d16,cc91f2d7,baff489c,9873b94d,4e829759,046ec730,8bde4d6d,4b1e00a5,1de31457,0ce0abdc
// GENERATOR: conformance/gen/mesh_collectives.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module attributes {tessera.mesh = {axes = ["dp", "tp"], shape = [2, 4]}} {
  func.func @main(%a0: tensor<8x8xi32>) -> tensor<8x4xi32> {
    %r = "tessera.redistribute"(%a0) {src = {}, dst = {partition = [1], mesh_axes = [["dp"]]}} : (tensor<8x8xi32>) -> tensor<8x4xi32>
    return %r : tensor<8x4xi32>
  }
}

// -----

// CASE: s0tp_to_s1tp_i32
// RULE: bitexact
// REQUIRES: op=tessera.redistribute dtype=i32 level=graph mesh=8
// INPUT: 0@0 tensor<2x8xi32> hex:3431e36a,173d11c4,02501c79,f34e6cdd,73332816,f2747140,deb2f4ba,93dfac9e,1f1d2b30,8f2b010a,15f4502e,df9782a0,d5a45b92,5342c86b,b6627676,0d28be80
// INPUT: 0@1 tensor<2x8xi32> hex:614c156c,252a451c,0fe3ab4b,5e800b14,eb4ada2d,5aca1086,ab487c9d,3acc21ad,c02356bf,fc6d8d5f,acc02077,89e102b9,939617d9,e350269b,d165d6da,d483ed58
// INPUT: 0@2 tensor<2x8xi32> hex:22a3dfc6,0e8fdf74,598d6cd5,420a045c,fb692583,5e73cbf0,47fb1207,49fc3a5a,5de764ca,23e6a3bd,9f9d6b1c,109502a7,817cb895,f3fc06be,a26d7f21,84dc882a
// INPUT: 0@3 tensor<2x8xi32> hex:fa9c2220,d285b2ac,c7cbb629,f3053758,19211dc4,e1e4800b,dfd2fd00,74ffb3c3,b91091ac,27299f3d,801cee87,633fc9c2,825a5b76,36407ace,c5931818,020ee5d1
// INPUT: 0@4 tensor<2x8xi32> hex:3431e36a,173d11c4,02501c79,f34e6cdd,73332816,f2747140,deb2f4ba,93dfac9e,1f1d2b30,8f2b010a,15f4502e,df9782a0,d5a45b92,5342c86b,b6627676,0d28be80
// INPUT: 0@5 tensor<2x8xi32> hex:614c156c,252a451c,0fe3ab4b,5e800b14,eb4ada2d,5aca1086,ab487c9d,3acc21ad,c02356bf,fc6d8d5f,acc02077,89e102b9,939617d9,e350269b,d165d6da,d483ed58
// INPUT: 0@6 tensor<2x8xi32> hex:22a3dfc6,0e8fdf74,598d6cd5,420a045c,fb692583,5e73cbf0,47fb1207,49fc3a5a,5de764ca,23e6a3bd,9f9d6b1c,109502a7,817cb895,f3fc06be,a26d7f21,84dc882a
// INPUT: 0@7 tensor<2x8xi32> hex:fa9c2220,d285b2ac,c7cbb629,f3053758,19211dc4,e1e4800b,dfd2fd00,74ffb3c3,b91091ac,27299f3d,801cee87,633fc9c2,825a5b76,36407ace,c5931818,020ee5d1
// EXPECT: 0@0 tensor<8x2xi32> hex:3431e36a,173d11c4,1f1d2b30,8f2b010a,614c156c,252a451c,c02356bf,fc6d8d5f,22a3dfc6,0e8fdf74,5de764ca,23e6a3bd,fa9c2220,d285b2ac,b91091ac,27299f3d
// EXPECT: 0@1 tensor<8x2xi32> hex:02501c79,f34e6cdd,15f4502e,df9782a0,0fe3ab4b,5e800b14,acc02077,89e102b9,598d6cd5,420a045c,9f9d6b1c,109502a7,c7cbb629,f3053758,801cee87,633fc9c2
// EXPECT: 0@2 tensor<8x2xi32> hex:73332816,f2747140,d5a45b92,5342c86b,eb4ada2d,5aca1086,939617d9,e350269b,fb692583,5e73cbf0,817cb895,f3fc06be,19211dc4,e1e4800b,825a5b76,36407ace
// EXPECT: 0@3 tensor<8x2xi32> hex:deb2f4ba,93dfac9e,b6627676,0d28be80,ab487c9d,3acc21ad,d165d6da,d483ed58,47fb1207,49fc3a5a,a26d7f21,84dc882a,dfd2fd00,74ffb3c3,c5931818,020ee5d1
// EXPECT: 0@4 tensor<8x2xi32> hex:3431e36a,173d11c4,1f1d2b30,8f2b010a,614c156c,252a451c,c02356bf,fc6d8d5f,22a3dfc6,0e8fdf74,5de764ca,23e6a3bd,fa9c2220,d285b2ac,b91091ac,27299f3d
// EXPECT: 0@5 tensor<8x2xi32> hex:02501c79,f34e6cdd,15f4502e,df9782a0,0fe3ab4b,5e800b14,acc02077,89e102b9,598d6cd5,420a045c,9f9d6b1c,109502a7,c7cbb629,f3053758,801cee87,633fc9c2
// EXPECT: 0@6 tensor<8x2xi32> hex:73332816,f2747140,d5a45b92,5342c86b,eb4ada2d,5aca1086,939617d9,e350269b,fb692583,5e73cbf0,817cb895,f3fc06be,19211dc4,e1e4800b,825a5b76,36407ace
// EXPECT: 0@7 tensor<8x2xi32> hex:deb2f4ba,93dfac9e,b6627676,0d28be80,ab487c9d,3acc21ad,d165d6da,d483ed58,47fb1207,49fc3a5a,a26d7f21,84dc882a,dfd2fd00,74ffb3c3,c5931818,020ee5d1
// GENERATOR: conformance/gen/mesh_collectives.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module attributes {tessera.mesh = {axes = ["dp", "tp"], shape = [2, 4]}} {
  func.func @main(%a0: tensor<2x8xi32>) -> tensor<8x2xi32> {
    %r = "tessera.redistribute"(%a0) {src = {partition = [0], mesh_axes = [["tp"]]}, dst = {partition = [1], mesh_axes = [["tp"]]}} : (tensor<2x8xi32>) -> tensor<8x2xi32>
    return %r : tensor<8x2xi32>
  }
}

// -----

// CASE: s0dp_s1tp_to_s1dp_tp_i32
// RULE: bitexact
// REQUIRES: op=tessera.redistribute dtype=i32 level=graph mesh=8
// INPUT: 0@0 tensor<4x2xi32> hex:08c97de8,12fba4ce,91f077c3,87aff674,5cb24806,de1320a6,172f735b,00f966b6
// INPUT: 0@1 tensor<4x2xi32> hex:a50ed681,0ce0dfb4,2e08f054,a74a50a8,a15a003a,d0a9662c,18046661,d93957d1
// INPUT: 0@2 tensor<4x2xi32> hex:1267be8d,ec243985,28295778,bb82f929,b1e33d31,b6ab4037,e02f3d88,0e03882b
// INPUT: 0@3 tensor<4x2xi32> hex:a3fbf258,aa0ab527,7b190f5c,73b59067,fd9ce324,49e12f04,db877771,cd094100
// INPUT: 0@4 tensor<4x2xi32> hex:4f475f89,0e90a3a9,9c973b91,f0642bd1,fca84152,db3eff8f,5092351b,f8efb92e
// INPUT: 0@5 tensor<4x2xi32> hex:ee2595be,5ad4dd9f,c0c834a6,966b58ae,9db094d4,575072c1,e3bd85f6,fb8c9228
// INPUT: 0@6 tensor<4x2xi32> hex:5c84f6e9,c2087f99,1324434d,80b4e0e3,ad358bdf,e45f5c1d,8e3180c9,8350682c
// INPUT: 0@7 tensor<4x2xi32> hex:a59d6dca,5faf07a8,7dc6d7fd,b6378a45,c37d92f7,33c4ce9a,a9db1f79,06199410
// EXPECT: 0@0 tensor<8x1xi32> hex:08c97de8,91f077c3,5cb24806,172f735b,4f475f89,9c973b91,fca84152,5092351b
// EXPECT: 0@1 tensor<8x1xi32> hex:12fba4ce,87aff674,de1320a6,00f966b6,0e90a3a9,f0642bd1,db3eff8f,f8efb92e
// EXPECT: 0@2 tensor<8x1xi32> hex:a50ed681,2e08f054,a15a003a,18046661,ee2595be,c0c834a6,9db094d4,e3bd85f6
// EXPECT: 0@3 tensor<8x1xi32> hex:0ce0dfb4,a74a50a8,d0a9662c,d93957d1,5ad4dd9f,966b58ae,575072c1,fb8c9228
// EXPECT: 0@4 tensor<8x1xi32> hex:1267be8d,28295778,b1e33d31,e02f3d88,5c84f6e9,1324434d,ad358bdf,8e3180c9
// EXPECT: 0@5 tensor<8x1xi32> hex:ec243985,bb82f929,b6ab4037,0e03882b,c2087f99,80b4e0e3,e45f5c1d,8350682c
// EXPECT: 0@6 tensor<8x1xi32> hex:a3fbf258,7b190f5c,fd9ce324,db877771,a59d6dca,7dc6d7fd,c37d92f7,a9db1f79
// EXPECT: 0@7 tensor<8x1xi32> hex:aa0ab527,73b59067,49e12f04,cd094100,5faf07a8,b6378a45,33c4ce9a,06199410
// GENERATOR: conformance/gen/mesh_collectives.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module attributes {tessera.mesh = {axes = ["dp", "tp"], shape = [2, 4]}} {
  func.func @main(%a0: tensor<4x2xi32>) -> tensor<8x1xi32> {
    %r = "tessera.redistribute"(%a0) {src = {partition = [0, 1], mesh_axes = [["dp"], ["tp"]]}, dst = {partition = [1], mesh_axes = [["dp", "tp"]]}} : (tensor<4x2xi32>) -> tensor<8x1xi32>
    return %r : tensor<8x1xi32>
  }
}

// -----

// CASE: ptp_to_r_i32
// NOTE: Inputs are small integers: every fold order gives the same bits.
// RULE: bitexact
// REQUIRES: op=tessera.redistribute dtype=i32 level=graph mesh=8
// INPUT: 0@0 tensor<2x4xi32> hex:22d9acfc,424e8ac3,0070c37b,3784e9f1,93592565,3a9a0039,a46e75a7,2b60fd51
// INPUT: 0@1 tensor<2x4xi32> hex:e7939989,96700b6c,d8de0c2f,fabbb24d,823a32ac,f2670594,888f5940,07e41ffe
// INPUT: 0@2 tensor<2x4xi32> hex:25590eec,aaedb25f,a5ea3123,dc1f8500,d0e4ad11,12167ace,f71249a0,ff60bbdb
// INPUT: 0@3 tensor<2x4xi32> hex:23ef4a66,dc50a946,9103115d,ce802821,3e7a2cd4,9155f1f2,e78bf2d1,918d20e7
// INPUT: 0@4 tensor<2x4xi32> hex:ada54eae,6849267e,c5b2c290,23de1253,97b98f42,9e9d143c,1e9d7079,520aa1c7
// INPUT: 0@5 tensor<2x4xi32> hex:7810201a,5921c745,ffac60c2,3118e824,bc858205,fa974b14,70e6a3e2,7043f477
// INPUT: 0@6 tensor<2x4xi32> hex:3d97d37c,9836a674,260dde32,1e500871,f93154b3,1b7f6336,cfd77d85,a53cb502
// INPUT: 0@7 tensor<2x4xi32> hex:45a9f100,c0938ac5,d36bf841,a959bc98,8ad66237,e6839f88,d441a40f,2f78b53b
// EXPECT: 0@0 tensor<2x4xi32> hex:53b59fd7,5ffcf1d4,103c122a,dce0495f,24f231f6,d06d728d,0b9c0b58,c432fa11
// EXPECT: 0@1 tensor<2x4xi32> hex:53b59fd7,5ffcf1d4,103c122a,dce0495f,24f231f6,d06d728d,0b9c0b58,c432fa11
// EXPECT: 0@2 tensor<2x4xi32> hex:53b59fd7,5ffcf1d4,103c122a,dce0495f,24f231f6,d06d728d,0b9c0b58,c432fa11
// EXPECT: 0@3 tensor<2x4xi32> hex:53b59fd7,5ffcf1d4,103c122a,dce0495f,24f231f6,d06d728d,0b9c0b58,c432fa11
// EXPECT: 0@4 tensor<2x4xi32> hex:a8f73344,1a351efc,bed8f9c5,1ca0bf80,d846c831,9b37620e,339d35ef,9704007b
// EXPECT: 0@5 tensor<2x4xi32> hex:a8f73344,1a351efc,bed8f9c5,1ca0bf80,d846c831,9b37620e,339d35ef,9704007b
// EXPECT: 0@6 tensor<2x4xi32> hex:a8f73344,1a351efc,bed8f9c5,1ca0bf80,d846c831,9b37620e,339d35ef,9704007b
// EXPECT: 0@7 tensor<2x4xi32> hex:a8f73344,1a351efc,bed8f9c5,1ca0bf80,d846c831,9b37620e,339d35ef,9704007b
// GENERATOR: conformance/gen/mesh_collectives.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module attributes {tessera.mesh = {axes = ["dp", "tp"], shape = [2, 4]}} {
  func.func @main(%a0: tensor<2x4xi32>) -> tensor<2x4xi32> {
    %r = "tessera.redistribute"(%a0) {src = {partial = ["tp"]}, dst = {}} : (tensor<2x4xi32>) -> tensor<2x4xi32>
    return %r : tensor<2x4xi32>
  }
}
