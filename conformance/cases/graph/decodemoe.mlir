// The decodemoe ops: speculative-decoding acceptance, MoR/MoE routing, moe_swiglu_block, guided_denoise_region.
// Generated file: edit the generator named in each case, then rerun it.

// CASE: spec_accept_greedy
// NOTE: Longest matching prefix over 5 paths; first path wins ties.
// RULE: bitexact
// REQUIRES: op=tessera.spec_accept dtype=i32 level=graph
// INPUT: 0 tensor<5x4xi32> hex:00000001,00000001,00000000,00000000,00000001,00000001,00000001,00000000,00000000,00000000,00000001,00000001,00000001,00000001,00000001,00000000,00000000,00000001,00000001,00000000
// INPUT: 1 tensor<5x5xi32> hex:00000001,00000001,00000000,00000000,00000000,00000001,00000001,00000001,00000000,00000000,00000001,00000001,00000000,00000000,00000001,00000000,00000001,00000000,00000001,00000001,00000001,00000001,00000000,00000000,00000001
// EXPECT: 0 tensor<3xi32> hex:00000000,00000004,00000000
// GENERATOR: conformance/gen/graph_decodemoe.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module {
  func.func @main(%a0: tensor<5x4xi32>, %a1: tensor<5x5xi32>) -> tensor<3xi32> {
    %r = "tessera.spec_accept"(%a0, %a1)  : (tensor<5x4xi32>, tensor<5x5xi32>) -> tensor<3xi32>
    return %r : tensor<3xi32>
  }
}

// -----

// CASE: spec_accept_sample_chain
// NOTE: Rejection sampling with CDF inversion.
// RULE: bitexact
// REQUIRES: op=tessera.spec_accept_sample dtype=f32 level=graph
// INPUT: 0 tensor<5xi32> hex:00000004,00000002,00000003,00000000,00000005
// INPUT: 1 tensor<6x7xf32> hex:3c0dd91d,3b8c4eee,3df75ecf,3ee7b2cd,3db1dc1f,3e9cb121,3caad513,3bf25494,3e9ac3da,3d80cb30,3ccf3c09,3c18aa2d,3f08eae5,3d6d8954,3d4af9c2,3c25b8bd,3db60114,3e2225dd,3c6f8a73,3f06e41a,3e1b368e,3b9cf2b5,3f028e4f,3b28c367,3d0ff682,3db2cf51,3ea2a888,3d2e1724,3f61ecec,3c9f84a2,3d02a2ee,3d0b319a,3c1c40f0,3b8d0cce,3c95d114,3dd73822,3c20335a,3e80dcf3,3c6b8cdf,3ecdcda6,3d84cbf6,3e1becc0
// INPUT: 2 tensor<5x7xf32> hex:3d881d26,3d435d65,3f04bdfc,3e88f1b1,3c57c5bd,3da0c01e,3c062583,3c8508ee,3cf40896,3ef61e8d,3c1c8cb4,3bdd611c,3df46e69,3eacdad7,3ddc2547,3cee0cc4,3e017da4,3d45cf47,3c873101,3cce4553,3f25a2e1,3cf0ae59,3cceaaac,3f191e20,3c378566,3cd6e834,3e7b7265,3d83a937,3cb58455,3dcad18d,3be5b1a1,3f213de4,3e31ce1e,3c6dad53,3d5c6283
// INPUT: 3 tensor<5xf32> hex:3d3d0c34,3f733e4a,3f5584dd,3e6c2124,3f093bd5
// INPUT: 4 tensor<1xf32> hex:3f0ab388
// EXPECT: 0 tensor<7xi32> hex:00000001,00000004,00000005,00000000,00000000,00000000,00000000
// GENERATOR: conformance/gen/graph_decodemoe.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module {
  func.func @main(%a0: tensor<5xi32>, %a1: tensor<6x7xf32>, %a2: tensor<5x7xf32>, %a3: tensor<5xf32>, %a4: tensor<1xf32>) -> tensor<7xi32> {
    %r = "tessera.spec_accept_sample"(%a0, %a1, %a2, %a3, %a4)  : (tensor<5xi32>, tensor<6x7xf32>, tensor<5x7xf32>, tensor<5xf32>, tensor<1xf32>) -> tensor<7xi32>
    return %r : tensor<7xi32>
  }
}

// -----

// CASE: spec_accept_sample_bonus
// NOTE: accept_u = 0: all accepted, bonus from the extra row.
// RULE: bitexact
// REQUIRES: op=tessera.spec_accept_sample dtype=f32 level=graph
// INPUT: 0 tensor<5xi32> hex:00000004,00000002,00000003,00000000,00000005
// INPUT: 1 tensor<6x7xf32> hex:3c0dd91d,3b8c4eee,3df75ecf,3ee7b2cd,3db1dc1f,3e9cb121,3caad513,3bf25494,3e9ac3da,3d80cb30,3ccf3c09,3c18aa2d,3f08eae5,3d6d8954,3d4af9c2,3c25b8bd,3db60114,3e2225dd,3c6f8a73,3f06e41a,3e1b368e,3b9cf2b5,3f028e4f,3b28c367,3d0ff682,3db2cf51,3ea2a888,3d2e1724,3f61ecec,3c9f84a2,3d02a2ee,3d0b319a,3c1c40f0,3b8d0cce,3c95d114,3dd73822,3c20335a,3e80dcf3,3c6b8cdf,3ecdcda6,3d84cbf6,3e1becc0
// INPUT: 2 tensor<5x7xf32> hex:3d881d26,3d435d65,3f04bdfc,3e88f1b1,3c57c5bd,3da0c01e,3c062583,3c8508ee,3cf40896,3ef61e8d,3c1c8cb4,3bdd611c,3df46e69,3eacdad7,3ddc2547,3cee0cc4,3e017da4,3d45cf47,3c873101,3cce4553,3f25a2e1,3cf0ae59,3cceaaac,3f191e20,3c378566,3cd6e834,3e7b7265,3d83a937,3cb58455,3dcad18d,3be5b1a1,3f213de4,3e31ce1e,3c6dad53,3d5c6283
// INPUT: 3 tensor<5xf32> hex:00000000,00000000,00000000,00000000,00000000
// INPUT: 4 tensor<1xf32> hex:3f0ab388
// EXPECT: 0 tensor<7xi32> hex:00000005,00000004,00000002,00000003,00000000,00000005,00000004
// GENERATOR: conformance/gen/graph_decodemoe.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module {
  func.func @main(%a0: tensor<5xi32>, %a1: tensor<6x7xf32>, %a2: tensor<5x7xf32>, %a3: tensor<5xf32>, %a4: tensor<1xf32>) -> tensor<7xi32> {
    %r = "tessera.spec_accept_sample"(%a0, %a1, %a2, %a3, %a4)  : (tensor<5xi32>, tensor<6x7xf32>, tensor<5x7xf32>, tensor<5xf32>, tensor<1xf32>) -> tensor<7xi32>
    return %r : tensor<7xi32>
  }
}

// -----

// CASE: spec_accept_tree_sample
// RULE: bitexact
// REQUIRES: op=tessera.spec_accept_tree_sample dtype=f32 level=graph
// INPUT: 0 tensor<4x6xf32> hex:c064830f,c004d6da,bfb10f85,bf5f3842,c0598cd6,bff7f999,bf1cc22e,c0164bc8,c04a1a9f,bf98123c,c09592c0,c0a52d93,bffdcf49,bf33022e,c0774054,c0bd39eb,bfb7ddb6,c010ea97,c0180236,bf33f5ef,c015c01d,bff79c70,bfef9d5c,c081f70f
// INPUT: 1 tensor<4x6xf32> hex:c0074f1b,bf19a620,c05a988d,c043cd05,bff1adea,c013baa9,c00ac486,bffc288a,bebc5a51,c09a678e,c0cc6b49,c0478a4f,bf3e6eac,bfcd996a,c0611701,c07fdd63,bfb181b2,c06929ab,bf058d86,bfcb61c5,c05c1ba7,c018c350,c03b083f,c06d4de9
// INPUT: 2 tensor<4x6xf32> hex:3e825c0b,3f3decb6,3eb9f828,3ea3dc26,3e093962,3eeb3fcd,3f375d75,3f0184a6,3e48e4b2,3e765f7b,3f3d8873,3e793c39,3c09d468,3f6bc780,3ef7dd95,3ea7ce57,3ec1df35,3c1eea93,3f0911f7,3f531acb,3f3d9dcb,3eeed684,3f0e7686,3d723c08
// EXPECT: 0 tensor<2xi32> hex:00000002,00000003
// GENERATOR: conformance/gen/graph_decodemoe.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module {
  func.func @main(%a0: tensor<4x6xf32>, %a1: tensor<4x6xf32>, %a2: tensor<4x6xf32>) -> tensor<2xi32> {
    %r = "tessera.spec_accept_tree_sample"(%a0, %a1, %a2)  : (tensor<4x6xf32>, tensor<4x6xf32>, tensor<4x6xf32>) -> tensor<2xi32>
    return %r : tensor<2xi32>
  }
}

// -----

// CASE: mor_router
// RULE: bitexact
// REQUIRES: op=tessera.mor_router dtype=f32 level=graph
// INPUT: 0 tensor<2x6x8xf32> hex:3fb23cc0,bef11328,be6a7f13,3fa26b5f,3f86f90f,c01b3c71,3f5f3783,3f5b3a57,3f75081c,bec2e556,bfde5470,bdce9447,3f2a60d0,3f4a0f6e,3ffae434,3ef25187,bf3454c9,3f8d4c78,3f7baadc,bf12797b,3f4551f6,3f0e7b4c,3eefb63d,403b1f42,3e32c24d,bfd2e1ab,3f0ad7eb,bfac72ab,beb0ed48,400e427e,bead0214,bfd16e2e,3e7f8355,bd60b8fe,bef1ec11,bf74d63a,bfa37c63,bf6f34e5,bf66117e,3fc5f466,bee9c1eb,bf8459ae,3fb83513,3dbfb607,bf134e78,3fb7ce1b,3e4349a2,3e8b51be,bf5089fd,be96e9e0,be9c3117,bfd007a4,bf2e20dc,3ef27497,bfb4f9f5,3ef9d312,3d167e2b,3fabc2f9,3fa556ee,be58edfc,bfb299ae,3f6321b7,bf0b8ce7,3f1697d2,400ec2d5,3eaf0eac,be2668ea,3f97a62a,bf583b95,bf3ec942,3f0741ae,c0289a5b,3ef8a052,bdd84fef,3fad545d,4006f34a,bdab730c,3f92e104,bfb6222d,4009993b,bee1c590,c0112ebc,3f778002,becc6745,bf10a0b7,be6d0072,3ea8b3ed,bfe28a01,bf3777ce,3dab3c43,3e82a8fc,3f7108c1,3f81a42f,bfad0914,bee2bcab,bf438028
// INPUT: 1 tensor<8x4xf32> hex:3f4709ca,40276ddf,3fd0516a,3f6719b0,4003bc36,3f163a9f,bfca507e,bfe97c54,3f81c993,be4a8196,3db651cc,bf80515a,3efde0c3,3f15fcf4,3f0d2f78,3e759f35,3f2b303e,3ef6f507,3fdd8fa0,be3eddd7,3fd1d652,3ef9a0c8,3e3e8706,3eabac88,bf06e4ed,3ad1d0e6,4034abbb,bf145fce,3ee414af,3fbe0c1b,3fa9c4d2,3f8fbb82
// EXPECT: 0 tensor<2x6xi64> hex:0000000000000003,0000000000000003,0000000000000001,0000000000000004,0000000000000004,0000000000000003,0000000000000004,0000000000000001,0000000000000002,0000000000000001,0000000000000004,0000000000000001
// GENERATOR: conformance/gen/graph_decodemoe.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module {
  func.func @main(%a0: tensor<2x6x8xf32>, %a1: tensor<8x4xf32>) -> tensor<2x6xi64> {
    %r = "tessera.mor_router"(%a0, %a1) {max_depth = 4 : i64} : (tensor<2x6x8xf32>, tensor<8x4xf32>) -> tensor<2x6xi64>
    return %r : tensor<2x6xi64>
  }
}

// -----

// CASE: mor_partition
// RULE: bitexact
// REQUIRES: op=tessera.mor_partition dtype=i1 level=graph
// INPUT: 0 tensor<2x6x8xf32> hex:3fb23cc0,bef11328,be6a7f13,3fa26b5f,3f86f90f,c01b3c71,3f5f3783,3f5b3a57,3f75081c,bec2e556,bfde5470,bdce9447,3f2a60d0,3f4a0f6e,3ffae434,3ef25187,bf3454c9,3f8d4c78,3f7baadc,bf12797b,3f4551f6,3f0e7b4c,3eefb63d,403b1f42,3e32c24d,bfd2e1ab,3f0ad7eb,bfac72ab,beb0ed48,400e427e,bead0214,bfd16e2e,3e7f8355,bd60b8fe,bef1ec11,bf74d63a,bfa37c63,bf6f34e5,bf66117e,3fc5f466,bee9c1eb,bf8459ae,3fb83513,3dbfb607,bf134e78,3fb7ce1b,3e4349a2,3e8b51be,bf5089fd,be96e9e0,be9c3117,bfd007a4,bf2e20dc,3ef27497,bfb4f9f5,3ef9d312,3d167e2b,3fabc2f9,3fa556ee,be58edfc,bfb299ae,3f6321b7,bf0b8ce7,3f1697d2,400ec2d5,3eaf0eac,be2668ea,3f97a62a,bf583b95,bf3ec942,3f0741ae,c0289a5b,3ef8a052,bdd84fef,3fad545d,4006f34a,bdab730c,3f92e104,bfb6222d,4009993b,bee1c590,c0112ebc,3f778002,becc6745,bf10a0b7,be6d0072,3ea8b3ed,bfe28a01,bf3777ce,3dab3c43,3e82a8fc,3f7108c1,3f81a42f,bfad0914,bee2bcab,bf438028
// INPUT: 1 tensor<2x6xi64> hex:0000000000000003,0000000000000003,0000000000000001,0000000000000004,0000000000000004,0000000000000003,0000000000000004,0000000000000001,0000000000000002,0000000000000001,0000000000000004,0000000000000001
// EXPECT: 0 tensor<2x6xi1> hex:01,01,00,01,01,01,01,00,01,00,01,00
// GENERATOR: conformance/gen/graph_decodemoe.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module {
  func.func @main(%a0: tensor<2x6x8xf32>, %a1: tensor<2x6xi64>) -> tensor<2x6xi1> {
    %r = "tessera.mor_partition"(%a0, %a1) {step = 2 : i64} : (tensor<2x6x8xf32>, tensor<2x6xi64>) -> tensor<2x6xi1>
    return %r : tensor<2x6xi1>
  }
}

// -----

// CASE: mor_scatter
// RULE: bitexact
// REQUIRES: op=tessera.mor_scatter dtype=f32 level=graph
// INPUT: 0 tensor<2x6x8xf32> hex:3fb23cc0,bef11328,be6a7f13,3fa26b5f,3f86f90f,c01b3c71,3f5f3783,3f5b3a57,3f75081c,bec2e556,bfde5470,bdce9447,3f2a60d0,3f4a0f6e,3ffae434,3ef25187,bf3454c9,3f8d4c78,3f7baadc,bf12797b,3f4551f6,3f0e7b4c,3eefb63d,403b1f42,3e32c24d,bfd2e1ab,3f0ad7eb,bfac72ab,beb0ed48,400e427e,bead0214,bfd16e2e,3e7f8355,bd60b8fe,bef1ec11,bf74d63a,bfa37c63,bf6f34e5,bf66117e,3fc5f466,bee9c1eb,bf8459ae,3fb83513,3dbfb607,bf134e78,3fb7ce1b,3e4349a2,3e8b51be,bf5089fd,be96e9e0,be9c3117,bfd007a4,bf2e20dc,3ef27497,bfb4f9f5,3ef9d312,3d167e2b,3fabc2f9,3fa556ee,be58edfc,bfb299ae,3f6321b7,bf0b8ce7,3f1697d2,400ec2d5,3eaf0eac,be2668ea,3f97a62a,bf583b95,bf3ec942,3f0741ae,c0289a5b,3ef8a052,bdd84fef,3fad545d,4006f34a,bdab730c,3f92e104,bfb6222d,4009993b,bee1c590,c0112ebc,3f778002,becc6745,bf10a0b7,be6d0072,3ea8b3ed,bfe28a01,bf3777ce,3dab3c43,3e82a8fc,3f7108c1,3f81a42f,bfad0914,bee2bcab,bf438028
// INPUT: 1 tensor<2x6x8xf32> hex:3fab4cf7,3fb0ca6a,bf1a30dc,3f81ad85,be063d20,3f8415be,beaecf58,3fcf8e0a,bef2859d,3fc36017,3edbf198,bee18dfe,be7c72b5,bd9b15c8,3fbad143,3fc359c6,3faf0ab5,3f48cab7,be06153a,3fe5055e,bea78978,bf501f0d,bcf4a1be,bf832949,3d6e2820,3f998ad9,3f4c83a0,beb7a8d7,c0257274,bed4fb0b,3f79f036,bea48ab5,3ffaf3d5,3f46e4dd,bc538343,bdc83a08,c0011f90,3ff59bbd,be7c755e,3f6abd4f,3f71e93f,bfb160e1,3f1b83c9,3fa38e9f,bea16fb9,bf6b08f0,3fcde65f,3dfd87fb,bfc53424,beaf088a,bd955905,bf15c496,3dce461b,bf25e309,3f1e143c,3e6c9847,3f155f3d,bff1942b,3efacd62,be0645c9,bfa525ba,bf2c8e60,bf34f7ad,bf77ad38,bfa1abec,bfa76eed,3fabf07e,c013b64b,3e634efa,3f849385,bf9e8360,bdbf8f6c,3ebc72b3,bf10a38e,bf8ad762,3f49d87f,3efbfd93,bec9923e,bf20c003,bf317039,3e25c5f1,3f3737ea,3fffea2a,be8eab9c,3fc343aa,3faee9da,bf1c987e,bf3c481c,bf80222b,4003d6fb,3f291136,3f359a93,3f8d9570,3e99ddd0,bf3451e3,3f89727d
// INPUT: 2 tensor<2x6xi1> hex:01,01,00,01,01,01,01,00,00,00,01,00
// EXPECT: 0 tensor<2x6x8xf32> hex:3fab4cf7,3fb0ca6a,bf1a30dc,3f81ad85,be063d20,3f8415be,beaecf58,3fcf8e0a,bef2859d,3fc36017,3edbf198,bee18dfe,be7c72b5,bd9b15c8,3fbad143,3fc359c6,bf3454c9,3f8d4c78,3f7baadc,bf12797b,3f4551f6,3f0e7b4c,3eefb63d,403b1f42,3d6e2820,3f998ad9,3f4c83a0,beb7a8d7,c0257274,bed4fb0b,3f79f036,bea48ab5,3ffaf3d5,3f46e4dd,bc538343,bdc83a08,c0011f90,3ff59bbd,be7c755e,3f6abd4f,3f71e93f,bfb160e1,3f1b83c9,3fa38e9f,bea16fb9,bf6b08f0,3fcde65f,3dfd87fb,bfc53424,beaf088a,bd955905,bf15c496,3dce461b,bf25e309,3f1e143c,3e6c9847,3d167e2b,3fabc2f9,3fa556ee,be58edfc,bfb299ae,3f6321b7,bf0b8ce7,3f1697d2,400ec2d5,3eaf0eac,be2668ea,3f97a62a,bf583b95,bf3ec942,3f0741ae,c0289a5b,3ef8a052,bdd84fef,3fad545d,4006f34a,bdab730c,3f92e104,bfb6222d,4009993b,3e25c5f1,3f3737ea,3fffea2a,be8eab9c,3fc343aa,3faee9da,bf1c987e,bf3c481c,bf3777ce,3dab3c43,3e82a8fc,3f7108c1,3f81a42f,bfad0914,bee2bcab,bf438028
// GENERATOR: conformance/gen/graph_decodemoe.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module {
  func.func @main(%a0: tensor<2x6x8xf32>, %a1: tensor<2x6x8xf32>, %a2: tensor<2x6xi1>) -> tensor<2x6x8xf32> {
    %r = "tessera.mor_scatter"(%a0, %a1, %a2)  : (tensor<2x6x8xf32>, tensor<2x6x8xf32>, tensor<2x6xi1>) -> tensor<2x6x8xf32>
    return %r : tensor<2x6x8xf32>
  }
}

// -----

// CASE: moe_dispatch_gather
// RULE: bitexact
// REQUIRES: op=tessera.moe_dispatch dtype=f32 level=graph
// INPUT: 0 tensor<7x13xf32> hex:3fd54d32,3e75a406,bf182168,3fb0abe5,be912bfb,3e62b236,3f10eb85,bf973a1b,3eeee170,3fc79cfd,beff2b63,bf3b09fe,3feb2bd8,be8c2ea8,c00eab77,3ec0534a,bd77793e,400d8ace,be8ac075,bf3b3b80,3f00a7d6,3f6c3f58,bf2039ad,3f99ec5b,bf0d010e,3d0e2916,bf62afdb,be98db18,bfa2cf46,bf6471c9,3fa68fd1,be3fe84b,3f46a709,bfb7cac3,bffd9d80,3f291114,bedba3a8,3fb216c5,3ecc5ae2,3f2bbb50,bf488970,be811206,3f0c4187,3fa7feee,4009180c,3fe34c4b,3e525e61,bf752d8a,3da4b291,3f8b0130,bf2d386c,bf77b9a4,bd036d6e,3f3755a3,bfa79d7d,3f1c4174,c0078dad,3f6ef3d2,3f2c0494,bee6a146,3f3cfd47,bf1ca98e,3fd852f8,3f14ddc4,bf614543,bf8c9b89,3e894c19,be934efa,bf320e12,bd2632cf,3bb9d619,3f6e739b,bfc8b577,be9212cf,3e89a89c,3f67689d,bf6c0acb,bfeea54b,3d0803ec,3f2b0435,bead5a11,3f23d864,be2909a5,3f3e7208,bfc317b6,beafedcd,bfc33cef,3f51a083,3ef1ed9f,be601e49,3e4d603a
// INPUT: 1 tensor<9xi32> hex:00000006,00000001,00000004,00000000,00000002,00000005,00000002,00000002,00000000
// EXPECT: 0 tensor<9x13xf32> hex:3d0803ec,3f2b0435,bead5a11,3f23d864,be2909a5,3f3e7208,bfc317b6,beafedcd,bfc33cef,3f51a083,3ef1ed9f,be601e49,3e4d603a,be8c2ea8,c00eab77,3ec0534a,bd77793e,400d8ace,be8ac075,bf3b3b80,3f00a7d6,3f6c3f58,bf2039ad,3f99ec5b,bf0d010e,3d0e2916,bd036d6e,3f3755a3,bfa79d7d,3f1c4174,c0078dad,3f6ef3d2,3f2c0494,bee6a146,3f3cfd47,bf1ca98e,3fd852f8,3f14ddc4,bf614543,3fd54d32,3e75a406,bf182168,3fb0abe5,be912bfb,3e62b236,3f10eb85,bf973a1b,3eeee170,3fc79cfd,beff2b63,bf3b09fe,3feb2bd8,bf62afdb,be98db18,bfa2cf46,bf6471c9,3fa68fd1,be3fe84b,3f46a709,bfb7cac3,bffd9d80,3f291114,bedba3a8,3fb216c5,3ecc5ae2,bf8c9b89,3e894c19,be934efa,bf320e12,bd2632cf,3bb9d619,3f6e739b,bfc8b577,be9212cf,3e89a89c,3f67689d,bf6c0acb,bfeea54b,bf62afdb,be98db18,bfa2cf46,bf6471c9,3fa68fd1,be3fe84b,3f46a709,bfb7cac3,bffd9d80,3f291114,bedba3a8,3fb216c5,3ecc5ae2,bf62afdb,be98db18,bfa2cf46,bf6471c9,3fa68fd1,be3fe84b,3f46a709,bfb7cac3,bffd9d80,3f291114,bedba3a8,3fb216c5,3ecc5ae2,3fd54d32,3e75a406,bf182168,3fb0abe5,be912bfb,3e62b236,3f10eb85,bf973a1b,3eeee170,3fc79cfd,beff2b63,bf3b09fe,3feb2bd8
// GENERATOR: conformance/gen/graph_decodemoe.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module {
  func.func @main(%a0: tensor<7x13xf32>, %a1: tensor<9xi32>) -> tensor<9x13xf32> {
    %r = "tessera.moe_dispatch"(%a0, %a1)  : (tensor<7x13xf32>, tensor<9xi32>) -> tensor<9x13xf32>
    return %r : tensor<9x13xf32>
  }
}

// -----

// CASE: moe_swiglu_block
// NOTE: Groups of 4, 0 and 6 rows; the last 2 rows are padding (zeros).
// RULE: tol:rtol=1e-5,atol=1e-5
// REQUIRES: op=tessera.moe_swiglu_block dtype=f32 level=graph
// INPUT: 0 tensor<12x8xf32> hex:bffd37d7,3f5b7b02,3fe758c5,3eeb6d9e,c0102c93,bf264a16,bf036601,be150541,3f3882e7,bf817b82,bfcb0c8e,3eeb768e,3f310edb,c000d28f,becbddec,3e6f5438,3fa2723c,3fbf5509,3eee4f0a,bd26dc37,bd3030a5,3f7c5350,bf4b8e56,bf0015e0,3f3b797a,3f61efbc,bf1b606e,3e81f8a8,3e78be3d,bf681911,bea0cef8,bf9bb220,3c52c3d7,3f4eb064,3e848b75,be1a8fdc,c002ed48,3fdf7f71,bf375fdf,bf342990,3f8e0839,3f4c81a2,be9f50a3,3f9c5fff,bf198f64,3e1f4707,bf717e5f,be6869e7,3f706ac3,bf3014e8,c00413cd,3fac12a7,be9c2276,3fab129c,bdb1c901,beb8d1ab,bf2679e6,be6fe241,3eb99e7f,3ea37fd8,3ef81c5e,3f00aee4,be1f9c10,3dcea6e7,bf10d783,3edfab9a,bf25805a,3f90b8b1,3ebe0978,3f384b34,bf084b8b,bf287423,3ef0f27e,3e7dab6e,bf833124,3f0c4dbe,3f0da887,3f281798,be19c285,bf17517e,bf30e02c,be917392,beedee40,3d8fd416,3efd80bd,bf691089,3f2bc822,bdbdd9e1,3fddedb5,bfc1c8d0,3f84b415,bfaf80ef,bfd33d0c,3dab23e8,4001758f,bf7b2ef5
// INPUT: 1 tensor<3x8x16xf32> npy:decodemoe.moe_swiglu_block.input1.npy
// INPUT: 2 tensor<3x8x16xf32> npy:decodemoe.moe_swiglu_block.input2.npy
// INPUT: 3 tensor<3x16x6xf32> npy:decodemoe.moe_swiglu_block.input3.npy
// INPUT: 4 tensor<3xi64> hex:0000000000000004,0000000000000000,0000000000000006
// EXPECT: 0 tensor<12x6xf32> hex:c0117cc7,3f8ba919,3f90f866,3e199545,4027a6ce,bf9bffa4,c0a99c5f,c10cd991,bf5e75c3,be9ce16b,c0bebc7e,401b23ff,be844b64,be89aee6,3d37a7a6,40631f38,bf2f5971,bf16a906,bef143b6,bda07e8a,bf1d4af1,beee97e0,bf3e2047,401a870c,3f10a94d,410e2562,4018f52d,40a66d25,c034ba04,c113506b,3fec2f30,40a278e5,40ac871c,40165f92,bfcaf8ed,c0b6b8bf,406af215,41034176,4130434f,40f438b9,3f6fcc8e,c1a38657,3d744985,3d72b504,beb6d1a7,3ea551a8,be668225,bea1eed4,bf8d737d,406cecc6,404fb426,bf5d04d4,bf8a688c,bfc23929,3ed8b082,40229e6f,401f6e08,3f5f932e,bcb92ea5,c04e6af7,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000
// GENERATOR: conformance/gen/graph_decodemoe.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module {
  func.func @main(%a0: tensor<12x8xf32>, %a1: tensor<3x8x16xf32>, %a2: tensor<3x8x16xf32>, %a3: tensor<3x16x6xf32>, %a4: tensor<3xi64>) -> tensor<12x6xf32> {
    %r = "tessera.moe_swiglu_block"(%a0, %a1, %a2, %a3, %a4) {grouped_kind = "contiguous"} : (tensor<12x8xf32>, tensor<3x8x16xf32>, tensor<3x8x16xf32>, tensor<3x16x6xf32>, tensor<3xi64>) -> tensor<12x6xf32>
    return %r : tensor<12x6xf32>
  }
}

// -----

// CASE: moe_swiglu_block_f64
// NOTE: f64; ui8 groups of 1 and 3 rows; the last row is padding (zeros).
// RULE: tol:rtol=1e-12,atol=1e-13
// REQUIRES: op=tessera.moe_swiglu_block dtype=f64 level=graph
// INPUT: 0 tensor<5x4xf64> hex:3fe3d291115b97fe,3ff3b39d1d8a08bf,bfe286b8127d9342,bff70d6cf26e8366,bfe5f20e9b6658c3,bfde1b7bbcfd49e3,3f789e6b64fc33cd,c0001fd8ff9a27c1,3fbb380fc74dbf9e,3ff369421257eddb,bff2466b3883f704,bfecc11238bff0c6,3feca8486bca7080,bfa24a75aa306df5,bfde005b801cd8a1,3f92bc3d9fca4271,bfd2d151dce29b75,3feaedb6ff5aeace,bfda3ce8d9cb3bc6,3fe58b5f9e2cf347
// INPUT: 1 tensor<2x4x6xf64> hex:3fe9986f9eb143a5,3fda4081a7df67f6,bff0b46b69daffdc,bfe49abf3cb4ff9d,3fea6357fcb540e5,bfd13a873d081b51,3fed0be4c1a57bb0,bfe67b221dc92935,3ff08291833c1c2a,3fd9acda648787f8,bfd62e00df099b30,3fec4a6f995d1d5e,3f855edbd46f4c7a,bfa076fcbb628076,bfdf90eafdeca459,3f9b73098cdc51ea,bfe1bd45997207b3,3fda7204f40c8180,3fa5c30864108c77,bfd20a5aff8afb7c,3fc4f5030ba17f9e,bfe3b9508a64d379,bfd9a0a8350f3fe8,3fcd3a61e435e5d7,bfa81c08c6470551,3fb9b66c0b97fd0e,3fd30a5dfe2dce40,3fdedbcca4585f9a,bfb366e82241ac47,bfe306b2eff79f20,bfd593717aa0d2e3,3fdd31678f97849f,3fdc5d4d1a231f34,bfd0f29ecdb51d34,3fe74745a7d04af4,bfdce0377a90f4d7,3feb3a81ea404d0a,bf8323a9b4657a9f,3fadc5357957c207,bfdeae32352e0f78,3fc3995d29c42cef,bfb88d3b2009678e,3fd5e660190ea94e,3fc33b33dc4a2858,bfb8bc81631a1434,bfe4e90e7d0cb049,3fb906439b915d9c,bfd4b188cb8cd297
// INPUT: 2 tensor<2x4x6xf64> hex:bfecc30c09b24bd1,bfd8c9beef9fde85,3fb971fba4ece506,bfe0d4e0743b1de4,3fc7618465922752,3ff105fb96921ec9,3fdb891e80a5c048,3fd9b1da8046d8b6,bfe3c447ae06ebbc,3fc1108dbd0a1fb9,3fd03c8696713928,3fd69c6e6a8c5260,3fda696040ffae15,bfc7018da704fa14,bfe21455759ac300,3fe9dc7cb805894a,bff004c1045c2003,bfd2bc93a8d59d6c,3fe6ae6ae1ab431b,3fb5bcbaec7d25a9,3fd6a3d6ae7c1c93,3fd5a450fb092200,bfb85ca9ff98c1c7,bf92b2134a1ac857,bfe98aab553792a8,3fe3359d9cfda921,bfd6bb76994fa366,3feed233ec8a45e7,3fe2f8afa07eed9b,bfb1da80bab6e535,bfce5f4f8dc60143,3fbd900e0f0ebc93,bfd46a74b20c5091,3fde2a0dc94c015f,bfb766887ad2869b,bfc9a148142bc31e,3f928f067b5ae99a,bfc5f9a6ead0561a,bfc6093e8c35daf0,bfbd483dcbbd83db,3fb22a9d9c435ec2,bfb0c5720e09cc74,3fbb19b351807602,3fec239ed9ebb83e,bfcd41be3764a660,bfd2d84fefc94c93,bfde291d2936f915,3fef65b2c522d956
// INPUT: 3 tensor<2x6x3xf64> hex:3fe70c7fa94a3131,3fd3eeacf897d7db,3fdc24dfc1298a87,bfd5009af35a4681,3fb23186da366637,3fdeba0900d84ea9,3fe6cfb587a6ac5b,3fbe35d6cf88b98f,3fdeb4af2a315fa0,3fc1d26098a5d5e9,bfe0939a956f452f,3fd25647d4af9fe9,bfe266fe24944516,bfcbc14026fe8ac3,bfd6aecdc45a0b78,bfc473c44d6929c8,bfc7a107c6164d1f,bfdf674fffbee669,bfb903d78523cc96,3fda8b99bdf17b11,3fdc465a7314ee88,bfcdec32899f552d,3fcfc3fc8f26a447,bfdbc86d46d33739,bfba3514b769ee86,bfc973cb81fa4989,3fe0bf27ea9a1d0d,3feb15f872fbbf0a,bff0875958f92d37,3fa89fe10094c53d,3f98991640dab146,bfdf57139cc2febd,3fb98e0b5577e6fa,bfa54a822d22aba0,bfd9f14bd0a8c8a6,bfb977613d53542f
// INPUT: 4 tensor<2xui8> hex:01,03
// EXPECT: 0 tensor<5x3xf64> hex:c0009c415e06bfd5,bfd8483e5156e2bf,bff908a200abfc79,bfccacfb1958191f,3ff23aec3e717dcd,bfc0018d4e585e8a,3fe1fd370ba59811,bfe7b386990aca63,3fc0b7905bb7c341,3fd3d21fb8012bd2,bfd45ad65f718b01,3fa5081347985d3e,0000000000000000,0000000000000000,0000000000000000
// GENERATOR: conformance/gen/graph_decodemoe.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module {
  func.func @main(%a0: tensor<5x4xf64>, %a1: tensor<2x4x6xf64>, %a2: tensor<2x4x6xf64>, %a3: tensor<2x6x3xf64>, %a4: tensor<2xui8>) -> tensor<5x3xf64> {
    %r = "tessera.moe_swiglu_block"(%a0, %a1, %a2, %a3, %a4) {grouped_kind = "contiguous"} : (tensor<5x4xf64>, tensor<2x4x6xf64>, tensor<2x4x6xf64>, tensor<2x6x3xf64>, tensor<2xui8>) -> tensor<5x3xf64>
    return %r : tensor<5x3xf64>
  }
}

// -----

// CASE: guided_denoise_region
// NOTE: ref + gamma * (favored - unfavored), three rounded f32 steps.
// RULE: bitexact
// REQUIRES: op=tessera.guided_denoise_region dtype=f32 level=graph
// INPUT: 0 tensor<4x9xf32> hex:3ee3ca05,bfd972c8,bf4e9f15,3f55929a,bf6c806e,bfc16f8d,3f91800e,3f5b9d35,3cecee2a,3b211d04,bf12d4d9,3c290ab8,bf9fb8e2,3f924b7d,bfe4cc6d,3fd31702,3eaaf917,4014e18e,bfb69918,3f587572,bf549a3d,3d0d9a45,3f72691a,bf8c6448,bf7786aa,3f28ec5b,3fd41008,3fb5cf5c,3f84b4b0,bf318c15,3ec34cd6,bf6e773d,3f9bce1e,3ea9d384,3dc19aff,3f79ac89
// INPUT: 1 tensor<4x9xf32> hex:bbbc06f5,3c8a38d3,bca8cf1a,3f59805f,c003055b,bff02774,bfa28e43,bf6d7408,3cfa051b,3fd781dc,bed04324,be0d7882,be80cbb6,bf0f0595,bed300f2,3c3698b1,bf0c4adc,bf0761b4,3f62791e,c046f5fc,3e80a82c,bf772ea0,3f6dfae8,3fc9b6e2,3dbf3bef,bf854377,bf1165ac,bf221cf6,3cdbeac4,be0e36d3,bf15faee,3fca235a,bedeb72c,3f0fe414,3f550b91,bf7023b8
// INPUT: 2 tensor<4x9xf32> hex:bf581d9a,bf6b7850,3e2e311b,bef5d264,3e8f3fb4,bf2cfe51,3d836354,3f7749e6,3ece806c,bdd06cba,bebeb1cf,c0258908,3e567993,beedd774,3e2f127e,bea5ae7e,bd920973,be258401,bf9ed478,bf142baa,3eb334a5,beafd0f4,bec83f51,3f2a7b18,3ba8a7dd,c015c5c3,3c62de1a,3f2ddab2,3f32134a,3f0fa58a,3f125ff0,bee09070,bf0a2796,bf55352a,bf87f386,bfbc54c5
// EXPECT: 0 tensor<4x9xf32> hex:3f897096,bf7f0dff,bf733d24,3fea70e3,c02ad219,c01a56e3,3e0b65a0,bf0ff13d,be805931,3fabb70d,bf196b59,3fec5c55,bfcbfa7a,3f8941cb,c00e632b,3ff3399f,bcc156d0,4003416c,3e2b9d70,bf86a5e2,bf678eea,bedd35f0,3ff7fe83,bed4251e,bf669607,3fd12c38,3f9c359a,3edf49f4,3f090269,bf9bf942,bef93b76,3f14f3f3,3fa5da9e,3fb05e58,3fc1f4aa,3fb00873
// GENERATOR: conformance/gen/graph_decodemoe.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module {
  func.func @main(%a0: tensor<4x9xf32>, %a1: tensor<4x9xf32>, %a2: tensor<4x9xf32>) -> tensor<4x9xf32> {
    %r = "tessera.guided_denoise_region"(%a0, %a1, %a2) {timestep = 4 : i64, gamma = 0.75 : f64} : (tensor<4x9xf32>, tensor<4x9xf32>, tensor<4x9xf32>) -> tensor<4x9xf32>
    return %r : tensor<4x9xf32>
  }
}
