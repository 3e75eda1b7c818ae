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
// INPUT: 0 tensor<6xf32> hex:400ec2d5,3eaf0eac,be2668ea,3f97a62a,bf583b95,bf3ec942
// INPUT: 1 tensor<6xf32> hex:bf3777ce,3dab3c43,3e82a8fc,3f7108c1,3f81a42f,bfad0914
// INPUT: 2 tensor<4x6xf32> hex:bef2859d,3fc36017,3edbf198,bee18dfe,be7c72b5,bd9b15c8,3fbad143,3fc359c6,3faf0ab5,3f48cab7,be06153a,3fe5055e,bea78978,bf501f0d,bcf4a1be,bf832949,3d6e2820,3f998ad9,3f4c83a0,beb7a8d7,c0257274,bed4fb0b,3f79f036,bea48ab5
// INPUT: 3 tensor<4x6xf32> hex:4003e051,3f607e76,3de73d35,3e4a836b,400785f6,40013445,3eb16de2,3f822b74,3f85c16c,3fbe2dae,3f351d63,3fb05b6c,3ed4a2ec,3f825145,3fdab32c,3e652a64,3fd200f0,3ee23bbd,3e3112e9,3f2f5e2f,3e4d8974,3f3f7ca2,3f37add6,3ea97f57
// INPUT: 4 tensor<6xf32> hex:3f0741ae,c0289a5b,3ef8a052,bdd84fef,3fad545d,4006f34a
// INPUT: 5 tensor<6xf32> hex:bee2bcab,bf438028,3f4709ca,40276ddf,3fd0516a,3f6719b0
// INPUT: 6 tensor<6xf32> hex:3f2b303e,3ef6f507,3fdd8fa0,be3eddd7,3fd1d652,3ef9a0c8
// EXPECT: 0 tensor<6xf32> hex:3f0740fd,c028997e,3ef89f0c,bdd84ed3,3fad537a,4006f299
// EXPECT: 1 tensor<4x6xf32> hex:be0bdef5,be177990,3e4c2483,3f017805,3efb8810,3de9fa5a,be0c26f6,be178745,3e4c55d9,3f0174bf,3efb725d,3de97a9b,be0bf60b,be177f7b,3e4c5afd,3f01795b,3efb8507,3de85554,be0c468f,be175559,3e4bf108,3f0175ad,3efb8458,3de9b892
// EXPECT: 2 tensor<4x6xf32> hex:beb59a6a,bf1b943b,3f1ed096,4005f57d,3fa6852e,3f3874f2,beb5e4ff,bf1ba33d,3f1f1792,4005f317,3fa66d85,3f385f7e,beb5da87,bf1ba359,3f1f1f48,4005f54b,3fa680a5,3f380a6b,beb6146b,bf1b789b,3f1eeaad,4005f3b6,3fa66de6,3f37f026
// EXPECT: 3 tensor<4x6xf32> hex:3f229cc1,3ee92916,3fd2ec80,be3537ef,3fc75875,3eed1057,3f230fc9,3ee972ff,3fd287bf,be355b3d,3fc75d10,3eeda566,3f227f08,3eeb33c4,3fd27bc8,be34fa1d,3fc75bfa,3eee7db8,3f2329ed,3eeb113d,3fd18389,be354eb9,3fc78655,3eebb14f
// GENERATOR: conformance/gen/graph_train.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module {
  func.func @main(%a0: tensor<6xf32>, %a1: tensor<6xf32>, %a2: tensor<4x6xf32>, %a3: tensor<4x6xf32>, %a4: tensor<6xf32>, %a5: tensor<6xf32>, %a6: tensor<6xf32>) -> (tensor<6xf32>, tensor<6xf32>, tensor<6xf32>, tensor<6xf32>) {
    %r0, %r1, %r2, %r3 = "tessera.adam_backward"(%a0, %a1, %a2, %a3, %a4, %a5, %a6) {lr = 2.0e-3 : f64, beta1 = 8.0e-1 : f64, beta2 = 9.5e-1 : f64, eps = 1.0e-7 : f64, weight_decay = 1.0e-2 : f64, step = 7 : i64, adamw = true} : (tensor<6xf32>, tensor<6xf32>, tensor<4x6xf32>, tensor<4x6xf32>, tensor<6xf32>, tensor<6xf32>, tensor<6xf32>) -> (tensor<6xf32>, tensor<6xf32>, tensor<6xf32>, tensor<6xf32>)
    return %r0, %r1, %r2, %r3 : tensor<6xf32>, tensor<6xf32>, tensor<6xf32>, tensor<6xf32>
  }
}
