// tessera.nesterov, momentum_backward and adam_backward.
// Generated file: edit the generator named in each case, then rerun it.

// CASE: nesterov
// NOTE: Bit-exact float32 replay.
// RULE: bitexact
// REQUIRES: op=tessera.nesterov dtype=f32 level=graph
// INPUT: 0 tensor<4x6xf32> hex:400ec2d5,3eaf0eac,be2668ea,3f97a62a,bf583b95,bf3ec942,3f0741ae,c0289a5b,3ef8a052,bdd84fef,3fad545d,4006f34a,bdab730c,3f92e104,bfb6222d,4009993b,bee1c590,c0112ebc,3f778002,becc6745,bf10a0b7,be6d0072,3ea8b3ed,bfe28a01
// INPUT: 1 tensor<4x6xf32> hex:bf3777ce,3dab3c43,3e82a8fc,3f7108c1,3f81a42f,bfad0914,bee2bcab,bf438028,3f4709ca,40276ddf,3fd0516a,3f6719b0,4003bc36,3f163a9f,bfca507e,bfe97c54,3f81c993,be4a8196,3db651cc,bf80515a,3efde0c3,3f15fcf4,3f0d2f78,3e759f35
// INPUT: 2 tensor<4x6xf32> hex:3f2b303e,3ef6f507,3fdd8fa0,be3eddd7,3fd1d652,3ef9a0c8,3e3e8706,3eabac88,bf06e4ed,3ad1d0e6,4034abbb,bf145fce,3ee414af,3fbe0c1b,3fa9c4d2,3f8fbb82,3fab4cf7,3fb0ca6a,bf1a30dc,3f81ad85,be063d20,3f8415be,beaecf58,3fcf8e0a
// EXPECT: 0 tensor<4x6xf32> hex:400f492f,3eac3e5c,be39bb68,3f958d71,bf608ef8,bf3938c8,3f090656,c027d920,3ef33f82,be1f1160,3fa671d4,40062730,be017795,3f8fe994,bfb3aa27,400b3c0c,bef12f8b,c011a878,3f7850e3,bec6da52,bf12c48f,be807adf,3ea4c0f6,bfe4cdba
// EXPECT: 1 tensor<4x6xf32> hex:bdeb2fe8,3f0488fe,3fe811e8,3f4616d7,401f3f56,bf69bd02,be8cffe8,beec7ea3,3e9b4450,4027857a,408561a2,3ec32088,401d64f0,3ff62834,bec61704,bf5040be,400dfa9f,3f85cc5f,bee7f6b3,bdb9b958,3ec17875,3fc1ded8,3e7a1576,3fd98089
// GENERATOR: conformance/gen/graph_train.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module {
  func.func @main(%a0: tensor<4x6xf32>, %a1: tensor<4x6xf32>, %a2: tensor<4x6xf32>) -> (tensor<4x6xf32>, tensor<4x6xf32>) {
    %r0, %r1 = "tessera.nesterov"(%a0, %a1, %a2) {lr = 1.0e-2 : f64, momentum = 9.0e-1 : f64} : (tensor<4x6xf32>, tensor<4x6xf32>, tensor<4x6xf32>) -> (tensor<4x6xf32>, tensor<4x6xf32>)
    return %r0, %r1 : tensor<4x6xf32>, tensor<4x6xf32>
  }
}

// -----

// CASE: momentum_backward_nesterov
// NOTE: Bit-exact float32 replay.
// RULE: bitexact
// REQUIRES: op=tessera.momentum_backward dtype=f32 level=graph
// INPUT: 0 tensor<4x6xf32> hex:400ec2d5,3eaf0eac,be2668ea,3f97a62a,bf583b95,bf3ec942,3f0741ae,c0289a5b,3ef8a052,bdd84fef,3fad545d,4006f34a,bdab730c,3f92e104,bfb6222d,4009993b,bee1c590,c0112ebc,3f778002,becc6745,bf10a0b7,be6d0072,3ea8b3ed,bfe28a01
// INPUT: 1 tensor<4x6xf32> hex:3f2b303e,3ef6f507,3fdd8fa0,be3eddd7,3fd1d652,3ef9a0c8,3e3e8706,3eabac88,bf06e4ed,3ad1d0e6,4034abbb,bf145fce,3ee414af,3fbe0c1b,3fa9c4d2,3f8fbb82,3fab4cf7,3fb0ca6a,bf1a30dc,3f81ad85,be063d20,3f8415be,beaecf58,3fcf8e0a
// EXPECT: 0 tensor<4x6xf32> hex:400ec2d5,3eaf0eac,be2668ea,3f97a62a,bf583b95,bf3ec942,3f0741ae,c0289a5b,3ef8a052,bdd84fef,3fad545d,4006f34a,bdab730c,3f92e104,bfb6222d,4009993b,bee1c590,c0112ebc,3f778002,becc6745,bf10a0b7,be6d0072,3ea8b3ed,bfe28a01
// EXPECT: 1 tensor<4x6xf32> hex:3f2056ae,3ef3a18c,3fddf4cd,be55eacf,3fd3e433,3f007060,3e343f79,3ec54d35,bf094196,3b6c6d04,40330631,bf1ea166,3ee4e52a,3fbb41af,3fad3ab8,3f8a80f3,3fac5f80,3fb64ec0,bf1ee4b3,3f82a613,bdf67e7e,3f84a5d7,beb203ea,3fd3dbed
// EXPECT: 2 tensor<4x6xf32> hex:3f1571b3,3edcd7ed,3fc792cb,be359b55,3fbdbaae,3ee3c187,3e2717a6,3ea56e99,bef4d2d1,3b167c3f,4021e6d9,bf09e8c2,3ecd9eb1,3fa9da53,3f9a4469,3f7e429d,3f9aa0b5,3fa176ac,bf0cc6c9,3f6a3f76,bde84205,3f6e3b99,be9eb208,3fbca262
// GENERATOR: conformance/gen/graph_train.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module {
  func.func @main(%a0: tensor<4x6xf32>, %a1: tensor<4x6xf32>) -> (tensor<4x6xf32>, tensor<4x6xf32>, tensor<4x6xf32>) {
    %r0, %r1, %r2 = "tessera.momentum_backward"(%a0, %a1) {lr = 1.0e-2 : f64, momentum = 9.0e-1 : f64, nesterov = true} : (tensor<4x6xf32>, tensor<4x6xf32>) -> (tensor<4x6xf32>, tensor<4x6xf32>, tensor<4x6xf32>)
    return %r0, %r1, %r2 : tensor<4x6xf32>, tensor<4x6xf32>, tensor<4x6xf32>
  }
}

// -----

// CASE: adam_backward_adamw
// NOTE: Upstream's phase2 attributes; the vjp derived by hand in float64.
// RULE: tol:rtol=1e-4,atol=1e-6
// REQUIRES: op=tessera.adam_backward dtype=f32 level=graph
// INPUT: 0 tensor<4x6xf32> hex:400ec2d5,3eaf0eac,be2668ea,3f97a62a,bf583b95,bf3ec942,3f0741ae,c0289a5b,3ef8a052,bdd84fef,3fad545d,4006f34a,bdab730c,3f92e104,bfb6222d,4009993b,bee1c590,c0112ebc,3f778002,becc6745,bf10a0b7,be6d0072,3ea8b3ed,bfe28a01
// INPUT: 1 tensor<4x6xf32> hex:bf3777ce,3dab3c43,3e82a8fc,3f7108c1,3f81a42f,bfad0914,bee2bcab,bf438028,3f4709ca,40276ddf,3fd0516a,3f6719b0,4003bc36,3f163a9f,bfca507e,bfe97c54,3f81c993,be4a8196,3db651cc,bf80515a,3efde0c3,3f15fcf4,3f0d2f78,3e759f35
// INPUT: 2 tensor<4x6xf32> hex:bef2859d,3fc36017,3edbf198,bee18dfe,be7c72b5,bd9b15c8,3fbad143,3fc359c6,3faf0ab5,3f48cab7,be06153a,3fe5055e,bea78978,bf501f0d,bcf4a1be,bf832949,3d6e2820,3f998ad9,3f4c83a0,beb7a8d7,c0257274,bed4fb0b,3f79f036,bea48ab5
// INPUT: 3 tensor<4x6xf32> hex:4003e051,3f607e76,3de73d35,3e4a836b,400785f6,40013445,3eb16de2,3f822b74,3f85c16c,3fbe2dae,3f351d63,3fb05b6c,3ed4a2ec,3f825145,3fdab32c,3e652a64,3fd200f0,3ee23bbd,3e3112e9,3f2f5e2f,3e4d8974,3f3f7ca2,3f37add6,3ea97f57
// INPUT: 4 tensor<4x6xf32> hex:3f155f3d,bff1942b,3efacd62,be0645c9,bfa525ba,bf2c8e60,bf34f7ad,bf77ad38,bfa1abec,bfa76eed,3fabf07e,c013b64b,3e634efa,3f849385,bf9e8360,bdbf8f6c,3ebc72b3,bf10a38e,bf8ad762,3f49d87f,3efbfd93,bec9923e,bf20c003,bf317039
// INPUT: 5 tensor<4x6xf32> hex:3e25c5f1,3f3737ea,3fffea2a,be8eab9c,3fc343aa,3faee9da,bf1c987e,bf3c481c,bf80222b,4003d6fb,3f291136,3f359a93,3f8d9570,3e99ddd0,bf3451e3,3f89727d,3fd54d32,3e75a406,bf182168,3fb0abe5,be912bfb,3e62b236,3f10eb85,bf973a1b
// INPUT: 6 tensor<4x6xf32> hex:3eeee170,3fc79cfd,beff2b63,bf3b09fe,3feb2bd8,be8c2ea8,c00eab77,3ec0534a,bd77793e,400d8ace,be8ac075,bf3b3b80,3f00a7d6,3f6c3f58,bf2039ad,3f99ec5b,bf0d010e,3d0e2916,bf62afdb,be98db18,bfa2cf46,bf6471c9,3fa68fd1,be3fe84b
// EXPECT: 0 tensor<4x6xf32> hex:3f155e79,bff192ee,3efacc19,be064519,bfa524e2,bf2c8d7e,bf34f6c0,bf77abf3,bfa1ab18,bfa76e12,3fabef9d,c013b589,3e634dd0,3f8492d7,bf9e8290,bdbf8e71,3ebc71bc,bf10a2d0,bf8ad6ac,3f49d776,3efbfc49,bec99136,bf20bf30,bf316f50
// EXPECT: 1 tensor<4x6xf32> hex:ba9948fd,3e207f32,3ec60eda,bdfed6df,3efb9d2d,3e9ef1f2,bcbdc29f,be33aae1,be518d7d,3f7da055,3db36c6f,3d9c2cd9,3ea63210,3de95c96,bd2ad726,bb9710e7,3e8e01c7,3d42cc7a,be01154c,3e9c8cce,bdf6ace4,bc00fa5f,3e3d99a5,be7633c8
// EXPECT: 2 tensor<4x6xf32> hex:3e042594,3f1329ca,3fcc85a4,be63f674,3f9c56dd,3f8bff9c,bef9dca3,bf16596a,bf4ca876,3fd31590,3f06d3d5,3f11d93d,3f6273ed,3e74ff66,bf0ffd40,3f5bf574,3faa9996,3e4580d4,bef1e310,3f8d3401,be6984cf,3e35e1e5,3ee84cde,bf719ce9
// EXPECT: 3 tensor<4x6xf32> hex:3ee2e653,3fbd5f83,bef0a1d6,bf31a792,3fdf699a,be85258c,c007b318,3eb65b73,bd6f39a3,4006700e,be83ace0,bf324598,3ef47830,3f6056eb,bf182ee9,3f92446a,bf05f242,3d01eb52,bf5927a5,be916f35,bf9b9091,bf58ffc8,3f9e2702,be35c391
// GENERATOR: conformance/gen/graph_train.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module {
  func.func @main(%a0: tensor<4x6xf32>, %a1: tensor<4x6xf32>, %a2: tensor<4x6xf32>, %a3: tensor<4x6xf32>, %a4: tensor<4x6xf32>, %a5: tensor<4x6xf32>, %a6: tensor<4x6xf32>) -> (tensor<4x6xf32>, tensor<4x6xf32>, tensor<4x6xf32>, tensor<4x6xf32>) {
    %r0, %r1, %r2, %r3 = "tessera.adam_backward"(%a0, %a1, %a2, %a3, %a4, %a5, %a6) {lr = 2.0e-3 : f64, beta1 = 8.0e-1 : f64, beta2 = 9.5e-1 : f64, eps = 1.0e-7 : f64, weight_decay = 1.0e-2 : f64, step = 7 : i64, adamw = true} : (tensor<4x6xf32>, tensor<4x6xf32>, tensor<4x6xf32>, tensor<4x6xf32>, tensor<4x6xf32>, tensor<4x6xf32>, tensor<4x6xf32>) -> (tensor<4x6xf32>, tensor<4x6xf32>, tensor<4x6xf32>, tensor<4x6xf32>)
    return %r0, %r1, %r2, %r3 : tensor<4x6xf32>, tensor<4x6xf32>, tensor<4x6xf32>, tensor<4x6xf32>
  }
}
