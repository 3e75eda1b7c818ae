// tessera.adamw: one step, per element, in the documented order.
// Generated file: edit the generator named in each case, then rerun it.

// CASE: step1_f32
// RULE: bitexact
// REQUIRES: op=tessera.adamw dtype=f32 level=graph
// INPUT: 0 tensor<3x16xf32> hex:3fdc1ece,3fa0d49d,3fdbf673,3f2fc475,bf2d0e36,3fe9f1ad,3f038f92,bfc6bc51,bf3a6e33,3fd7045c,3fc7eec6,bf0d1fc3,be9c558c,bffeed1b,3f33663f,3fdd567f,bf3ee19a,3ec64eda,3f9f3e3b,bf8adfcf,bfe2abf6,bf86d5f1,3f91526a,3fd44a00,bf46d628,bf2961e0,bea2d483,bf6d860a,bf4e67d6,3ff4635e,3f104941,bd61ab8a,3f039857,bf026715,bffd8506,3fea23db,3f6a9737,bface53b,bfb26725,bf7986d9,3f56f659,bef31430,c0015dfe,3f9bc038,3f07d0aa,400c1174,3ddca40a,3ebd3c97
// INPUT: 1 tensor<3x16xf32> hex:beac87b2,bfd634dd,bf9f85cd,3e71d1d8,3fbcf8b0,bf52feff,3fdba6dc,c03643df,3f5e2e74,3f708fbc,be60a282,3cfc1c51,bfa3292e,bf5d74ee,3f855aea,3f027548,bef909b1,3ff49e5d,3f56b895,bef01351,beb95b46,3c86743c,3ee3b8e4,3ed3cf1f,3f90e24c,bdb4a664,3ee43940,3d3a6f0c,bf1df248,bf065787,bb4f2da4,3e73cbf2,3ef101c2,bf82d994,bf012836,3f045c80,be86a01c,3f9356c4,3f1a7444,bf44b2a6,3e6c464a,3ebfb6be,3fdb7676,bf7b5749,3f2733fa,bf0980cc,3f1f26b8,3edfdc68
// INPUT: 2 tensor<3x16xf32> hex:bf664958,be8f014f,3fcbd0d0,bf26dbc5,bf523f9b,bead2855,3c0b448c,bf679577,bfd5a1b4,bde026ac,3e64bae7,3f76e760,bf393b01,bff50185,400248c8,bde7204a,3febfc32,befe3128,bf81256b,3e75fa8e,bf132d27,3f75d495,3fb041cd,3f194e3f,3d2c00fa,bf2b0538,bf2141a4,bed145c3,3e9cf6de,3f032892,c0148074,3f329c2f,3f119fc8,beed5e33,bf9532db,bdeaaf05,3eea1a39,bf477b79,3fc55a41,3f3e2a25,bfc96a4d,3e5aae66,3ecd278e,bfa862f5,bee8b550,3e48966d,40095202,3e5ceffc
// INPUT: 3 tensor<3x16xf32> hex:3c871e86,3a970944,3cbc40e5,3cb0a21b,3bf15ace,3bf0936c,3a99ecf2,3b93e3a0,3c60709d,3ab7a544,3bf29653,3b896ec2,3c400124,372b319e,3cb3bab5,3c9471bb,3c76e1d1,3ada910a,3a447afa,3c1e5452,3c34cc66,3764f2ea,3c280f24,3c845741,3b920049,3b09deb6,3caa400f,3b13faf2,3baacd5e,3b1ec826,3bb1c62a,3c14acf5,3bbc51f2,39243e22,3bb63dee,3c22fcad,3c872e68,3bc07cf9,3c6e76cb,3c0ecee8,3bc52e09,3ae647c9,3c08854b,3bcf9c4b,3b60c4f9,3c2ce18d,3bb22951,3c5cac06
// EXPECT: 0 tensor<3x16xf32> hex:3fdc6215,3fa11939,3fdb9f48,3f301367,bf2c903e,3fea1dda,3f035558,bfc65670,bf39799e,3fd704cb,3fc7d8c0,bf0e3644,be9b3da0,bffc43c3,3f325d34,3fdd59cd,bf3fef0e,3ec6dfaf,3fa01ded,bf8af11c,bfe27511,bf903c04,3f90cfe1,3fd41a5f,bf46fefa,bf284e29,bea23e8d,bf6ce6f9,bf4ea2b2,3ff41131,3f1294d8,bd6a81a6,3f0301f8,bf013029,bffceee9,3fea2888,3f6a5891,bfac9d2b,bfb2e197,bf7a0562,3f586889,bef3ee33,c00177a3,3f9c5b64,3f084316,400c0afe,3dcbb6fc,3ebce7b1
// EXPECT: 1 tensor<3x16xf32> hex:bf57e264,bed6631f,3fa77b59,bf10208c,bf176de8,bec60a7f,3e378e25,bf8caa6f,bfb528cf,bb9496a0,3e3764c2,3f5f0053,bf4756f0,bfe79404,3ff7d8e5,bd4f4b43,3fce2921,be82ece5,bf52fdb1,3e2d5da2,bf0dba00,3f5daae3,3fa4530b,3f1490c7,3e1a9ba8,bf1c2d2d,bf05b837,beba03cb,3e5b5b72,3ed13785,c005abfd,3f26d810,3f0f1cb0,bf04fc4e,bf8cbc94,bd52a709,3ec53aca,bf1610f8,3fb9570a,3f177a77,bfb251fe,3e6b27e8,3f08364a,bfa41d6d,beafff2f,3dfb0e20,3fff2259,3e739daa
// EXPECT: 2 tensor<3x16xf32> hex:3c87ea11,3b817d7a,3cc8c9fb,3cb0e9d7,3c1c4452,3c034c28,3b86efce,3c4ec0c1,3c6c8e7e,3b1599cd,3bf3ebe9,3b895385,3c5a6f15,3a46d838,3cbc70ff,3c966c59,3c7a82ef,3bae4376,3abe5a29,3c21c5f8,3c36c3d3,37693d4a,3c2b21d6,3c859c48,3bbbd67d,3b0a3df5,3cabb52a,3b13f7d2,3bb71ade,3b30abb9,3bb198bd,3c1574a5,3bc3646f,3a9d7bc1,3bbe6684,3c273434,3c879ccb,3bebb695,3c743089,3c185683,3bc6ba2a,3af86d60,3c388c4d,3beefd32,3b7c8064,3c316f59,3bbea5d6,3c5f955a
// GENERATOR: conformance/gen/graph_optim.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module {
  func.func @main(%p: tensor<3x16xf32>, %g: tensor<3x16xf32>, %m: tensor<3x16xf32>, %v: tensor<3x16xf32>) -> (tensor<3x16xf32>, tensor<3x16xf32>, tensor<3x16xf32>) {
    %0:3 = "tessera.adamw"(%p, %g, %m, %v) {lr = 1.0e-03, step = 1} : (tensor<3x16xf32>, tensor<3x16xf32>, tensor<3x16xf32>, tensor<3x16xf32>) -> (tensor<3x16xf32>, tensor<3x16xf32>, tensor<3x16xf32>)
    return %0#0, %0#1, %0#2 : tensor<3x16xf32>, tensor<3x16xf32>, tensor<3x16xf32>
  }
}

// -----

// CASE: step1_f32_torch64
// NOTE: PyTorch's update rule in float64, rounded to the element type.
// RULE: tol:rtol=1e-5,atol=1e-7
// REQUIRES: op=tessera.adamw dtype=f32 level=graph
// INPUT: 0 tensor<3x16xf32> hex:3fdc1ece,3fa0d49d,3fdbf673,3f2fc475,bf2d0e36,3fe9f1ad,3f038f92,bfc6bc51,bf3a6e33,3fd7045c,3fc7eec6,bf0d1fc3,be9c558c,bffeed1b,3f33663f,3fdd567f,bf3ee19a,3ec64eda,3f9f3e3b,bf8adfcf,bfe2abf6,bf86d5f1,3f91526a,3fd44a00,bf46d628,bf2961e0,bea2d483,bf6d860a,bf4e67d6,3ff4635e,3f104941,bd61ab8a,3f039857,bf026715,bffd8506,3fea23db,3f6a9737,bface53b,bfb26725,bf7986d9,3f56f659,bef31430,c0015dfe,3f9bc038,3f07d0aa,400c1174,3ddca40a,3ebd3c97
// INPUT: 1 tensor<3x16xf32> hex:beac87b2,bfd634dd,bf9f85cd,3e71d1d8,3fbcf8b0,bf52feff,3fdba6dc,c03643df,3f5e2e74,3f708fbc,be60a282,3cfc1c51,bfa3292e,bf5d74ee,3f855aea,3f027548,bef909b1,3ff49e5d,3f56b895,bef01351,beb95b46,3c86743c,3ee3b8e4,3ed3cf1f,3f90e24c,bdb4a664,3ee43940,3d3a6f0c,bf1df248,bf065787,bb4f2da4,3e73cbf2,3ef101c2,bf82d994,bf012836,3f045c80,be86a01c,3f9356c4,3f1a7444,bf44b2a6,3e6c464a,3ebfb6be,3fdb7676,bf7b5749,3f2733fa,bf0980cc,3f1f26b8,3edfdc68
// INPUT: 2 tensor<3x16xf32> hex:bf664958,be8f014f,3fcbd0d0,bf26dbc5,bf523f9b,bead2855,3c0b448c,bf679577,bfd5a1b4,bde026ac,3e64bae7,3f76e760,bf393b01,bff50185,400248c8,bde7204a,3febfc32,befe3128,bf81256b,3e75fa8e,bf132d27,3f75d495,3fb041cd,3f194e3f,3d2c00fa,bf2b0538,bf2141a4,bed145c3,3e9cf6de,3f032892,c0148074,3f329c2f,3f119fc8,beed5e33,bf9532db,bdeaaf05,3eea1a39,bf477b79,3fc55a41,3f3e2a25,bfc96a4d,3e5aae66,3ecd278e,bfa862f5,bee8b550,3e48966d,40095202,3e5ceffc
// INPUT: 3 tensor<3x16xf32> hex:3c871e86,3a970944,3cbc40e5,3cb0a21b,3bf15ace,3bf0936c,3a99ecf2,3b93e3a0,3c60709d,3ab7a544,3bf29653,3b896ec2,3c400124,372b319e,3cb3bab5,3c9471bb,3c76e1d1,3ada910a,3a447afa,3c1e5452,3c34cc66,3764f2ea,3c280f24,3c845741,3b920049,3b09deb6,3caa400f,3b13faf2,3baacd5e,3b1ec826,3bb1c62a,3c14acf5,3bbc51f2,39243e22,3bb63dee,3c22fcad,3c872e68,3bc07cf9,3c6e76cb,3c0ecee8,3bc52e09,3ae647c9,3c08854b,3bcf9c4b,3b60c4f9,3c2ce18d,3bb22951,3c5cac06
// EXPECT: 0 tensor<3x16xf32> hex:3fdc6215,3fa11939,3fdb9f48,3f301367,bf2c903e,3fea1dda,3f035558,bfc65670,bf39799e,3fd704cb,3fc7d8c0,bf0e3644,be9b3da0,bffc43c3,3f325d34,3fdd59cd,bf3fef0e,3ec6dfaf,3fa01ded,bf8af11c,bfe27511,bf903c04,3f90cfe1,3fd41a5f,bf46fefa,bf284e29,bea23e8d,bf6ce6f9,bf4ea2b2,3ff41131,3f1294d8,bd6a81a6,3f0301f8,bf013029,bffceee9,3fea2888,3f6a5891,bfac9d2b,bfb2e197,bf7a0562,3f586889,bef3ee33,c00177a3,3f9c5b64,3f084316,400c0afe,3dcbb6fc,3ebce7b1
// EXPECT: 1 tensor<3x16xf32> hex:bf57e265,bed66320,3fa77b5a,bf10208c,bf176de8,bec60a80,3e378e25,bf8caa6f,bfb528cf,bb9496ad,3e3764c3,3f5f0053,bf4756f0,bfe79404,3ff7d8e6,bd4f4b45,3fce2922,be82ece5,bf52fdb2,3e2d5da3,bf0dba00,3f5daae3,3fa4530b,3f1490c7,3e1a9ba8,bf1c2d2d,bf05b837,beba03cc,3e5b5b73,3ed13785,c005abfd,3f26d810,3f0f1cb1,bf04fc4e,bf8cbc95,bd52a709,3ec53aca,bf1610f9,3fb9570b,3f177a77,bfb251fe,3e6b27e8,3f08364b,bfa41d6d,beafff30,3dfb0e21,3fff225a,3e739dab
// EXPECT: 2 tensor<3x16xf32> hex:3c87ea11,3b817d7a,3cc8c9fb,3cb0e9d7,3c1c4452,3c034c28,3b86efce,3c4ec0c0,3c6c8e7e,3b1599cd,3bf3ebe9,3b895385,3c5a6f15,3a46d838,3cbc70ff,3c966c59,3c7a82ef,3bae4376,3abe5a29,3c21c5f8,3c36c3d4,37693d4a,3c2b21d6,3c859c48,3bbbd67d,3b0a3df4,3cabb52a,3b13f7d2,3bb71ade,3b30abb9,3bb198bd,3c1574a5,3bc3646f,3a9d7bc1,3bbe6684,3c273433,3c879ccb,3bebb695,3c743089,3c185683,3bc6ba2a,3af86d5f,3c388c4d,3beefd32,3b7c8063,3c316f59,3bbea5d6,3c5f955a
// GENERATOR: conformance/gen/graph_optim.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module {
  func.func @main(%p: tensor<3x16xf32>, %g: tensor<3x16xf32>, %m: tensor<3x16xf32>, %v: tensor<3x16xf32>) -> (tensor<3x16xf32>, tensor<3x16xf32>, tensor<3x16xf32>) {
    %0:3 = "tessera.adamw"(%p, %g, %m, %v) {lr = 1.0e-03, step = 1} : (tensor<3x16xf32>, tensor<3x16xf32>, tensor<3x16xf32>, tensor<3x16xf32>) -> (tensor<3x16xf32>, tensor<3x16xf32>, tensor<3x16xf32>)
    return %0#0, %0#1, %0#2 : tensor<3x16xf32>, tensor<3x16xf32>, tensor<3x16xf32>
  }
}

// -----

// CASE: step10_f32
// RULE: bitexact
// REQUIRES: op=tessera.adamw dtype=f32 level=graph
// INPUT: 0 tensor<3x16xf32> hex:3f8a3fb0,bf126765,bf9571d6,beb79c68,be83813e,3e44e394,3d721b2f,3f9b9e72,3d6c000b,bed6b515,3e8c6ff2,bee5e2b3,3f3a9d70,3f34d242,be5e5fb2,3e1ba291,3ed133d4,be8a509a,be0369e0,3f8596c0,bf7325f3,bdb723ef,bdef9be8,bfaee428,3ea474a7,3f53e9ac,4009921a,40030ab3,bed002e3,3f05cdd5,bf8b8a6e,bf3dffa4,beac4271,3f792772,bf95f73b,bff2865f,3f712b06,3e9667ea,3f850696,3fae13b7,bf9fc3b5,bfa8f6c3,3e33574f,3f709405,bfc98a09,bd5deb79,bf4a1e3a,3ec844aa
// INPUT: 1 tensor<3x16xf32> hex:3f75960d,3f77f319,bf48fa45,3efe22d7,bf2cdc73,3ecb88fd,bf7350c6,c0124194,bf50e552,3f8e78e4,3ee1f8e7,3e3e56fe,3faa3760,bf9151d7,bc05d11e,3f9d045f,3f0ccffc,bd4e10b4,bea67c5c,be5faf6f,beaac1ad,4003c1a7,beef5d4d,be828ec7,bf93a832,3e508c29,3f125918,be7f39eb,be8fb62c,bcf528d0,bf7fceb4,3ecef3ea,3f112c78,3f279e74,bf36b690,3ed2f51f,bff3e580,bf06c49a,3f90881f,3f5feb19,be65bcb6,bf3db100,bf1126e6,3e90eebb,3f6cf1bd,4010a499,be243e6c,bf14c63c
// INPUT: 2 tensor<3x16xf32> hex:3e149394,bce44d42,bf980fa8,3f2a01d8,3fa7d230,be933d93,bf96ab48,bf75b132,bea05702,bdbe21a7,3f1645c7,bf93ab40,c02feefc,3f744f78,bf31b437,3f6f02b0,3fa184e5,bebaafb2,3f85a751,3f0f3a05,3fc2b49f,be18b697,be88fad4,3ecfe143,be0f0760,3e612551,bf247041,bfe21da5,3ffc94f8,be61e26e,bf66f648,bf8bf96c,be87d519,3fc4a721,bf5d370e,bf59581b,3f8363e9,bf26af14,3fa3c47d,3f7f8259,3f276c1a,3e4d6cd5,bd0c5590,bfbd10c4,3f8167cf,3e68a95e,bee423f9,c0290ffc
// INPUT: 3 tensor<3x16xf32> hex:3c179cbb,3ac97192,3c29e0bf,3baa177e,3b64c5cf,3c2ceb21,3c3e82ca,3b8ef053,3b6e55b0,3c0e7fb4,3bf54559,3c16f15d,3b53dfaa,3beaefcc,3ae971bb,3c9f7fb4,3c0b22b0,3bd71777,3c2c7493,39cee327,3c16927d,3b2d0757,3c5e7944,3a66e2c9,3b8df763,3c384435,3b046975,3c11fc9a,3b4e21a1,3b5262b2,3b49868c,3c040bf6,3be126ef,3891b583,3b8f500f,3c3b8293,3c29f6c9,3bac3fef,3c99a450,3b965ef5,3c476e1a,3ccce04e,3bb4c3f1,3c8d6301,3c168307,3c8130fe,3c2c62b4,3b023560
// EXPECT: 0 tensor<3x16xf32> hex:3f8a340e,bf127582,bf953a76,beb84c49,be84e49e,3e45381d,3d7893df,3f9bd611,3d6f79d9,bed6ba20,3e8bec5e,bee50d17,3f3be968,3f348066,be5c0b97,3e1a970a,3ed0343d,be89fda6,be04cb0d,3f852364,bf73b06f,bdb768dd,bdeed698,bfaf1b37,3ea4b493,3f53d47f,4009acbf,4003352c,bed26cbe,3f05f136,bf8b4253,bf3d969e,beac16e1,3f769b61,bf95b9d3,bff26410,3f70ec2d,3e9713fd,3f84d961,3fadcf9e,bf9fdd04,bfa8f9ac,3e3384e1,3f70f6a6,bfc9bbc1,bd5fc9a8,bf49f4eb,3ecc3ae2
// EXPECT: 1 tensor<3x16xf32> hex:3e67f40a,3d92fde5,bf92e767,3f25b69a,3f8e6559,be60536e,bf93c497,bf8bd00d,beba15c5,3ce3595c,3f128b3e,bf8285d7,c015d451,3f3ed0c1,bf202485,3f76834a,3f986867,beaa97ef,3f68408c,3ef69faa,3faaf750,3d92bca2,be9337e0,3eae0942,be76d9fe,3e5f7c66,bf055c1f,bfceb1cd,3fdfbb1e,be4e5c4c,bf697253,bf719b29,be3a6dc9,3fb95e57,bf595d68,bf390fd6,3f3bb923,bf237e07,3fa1d80d,3f7c599f,3f10efc6,3dda0319,bdb3459f,bfa6891f,3f804fea,3edc697e,bed589e5,c01be024
// EXPECT: 2 tensor<3x16xf32> hex:3c2689ec,3b2219a0,3c33ce59,3bb1fead,3b813663,3c2f55b0,3c4d1efa,3c1cf61c,3b8cddee,3c22a799,3bfb6897,3c175ba4,3ba3c731,3c0a77fc,3ae93835,3cabaaa1,3c0ff412,3bd6f5a2,3c2e03e8,39e7b2b0,3c183e77,3be14e52,3c61d50a,3a77b348,3bb96df9,3c38c301,3b19b280,3c12dbcb,3b5316a7,3b523bdd,3b856179,3c06976d,3beb76f3,3a029473,3b9fdc89,3c3e1a9f,3c654790,3bb528a1,3ca3eed4,3baf4a4f,3c480e2a,3cd12b4e,3bbf1e83,3c8de6da,3c24659f,3caae7c5,3c2ca27a,3b18364c
// GENERATOR: conformance/gen/graph_optim.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module {
  func.func @main(%p: tensor<3x16xf32>, %g: tensor<3x16xf32>, %m: tensor<3x16xf32>, %v: tensor<3x16xf32>) -> (tensor<3x16xf32>, tensor<3x16xf32>, tensor<3x16xf32>) {
    %0:3 = "tessera.adamw"(%p, %g, %m, %v) {lr = 1.0e-03, step = 10} : (tensor<3x16xf32>, tensor<3x16xf32>, tensor<3x16xf32>, tensor<3x16xf32>) -> (tensor<3x16xf32>, tensor<3x16xf32>, tensor<3x16xf32>)
    return %0#0, %0#1, %0#2 : tensor<3x16xf32>, tensor<3x16xf32>, tensor<3x16xf32>
  }
}

// -----

// CASE: step10_f32_torch64
// NOTE: PyTorch's update rule in float64, rounded to the element type.
// RULE: tol:rtol=1e-5,atol=1e-7
// REQUIRES: op=tessera.adamw dtype=f32 level=graph
// INPUT: 0 tensor<3x16xf32> hex:3f8a3fb0,bf126765,bf9571d6,beb79c68,be83813e,3e44e394,3d721b2f,3f9b9e72,3d6c000b,bed6b515,3e8c6ff2,bee5e2b3,3f3a9d70,3f34d242,be5e5fb2,3e1ba291,3ed133d4,be8a509a,be0369e0,3f8596c0,bf7325f3,bdb723ef,bdef9be8,bfaee428,3ea474a7,3f53e9ac,4009921a,40030ab3,bed002e3,3f05cdd5,bf8b8a6e,bf3dffa4,beac4271,3f792772,bf95f73b,bff2865f,3f712b06,3e9667ea,3f850696,3fae13b7,bf9fc3b5,bfa8f6c3,3e33574f,3f709405,bfc98a09,bd5deb79,bf4a1e3a,3ec844aa
// INPUT: 1 tensor<3x16xf32> hex:3f75960d,3f77f319,bf48fa45,3efe22d7,bf2cdc73,3ecb88fd,bf7350c6,c0124194,bf50e552,3f8e78e4,3ee1f8e7,3e3e56fe,3faa3760,bf9151d7,bc05d11e,3f9d045f,3f0ccffc,bd4e10b4,bea67c5c,be5faf6f,beaac1ad,4003c1a7,beef5d4d,be828ec7,bf93a832,3e508c29,3f125918,be7f39eb,be8fb62c,bcf528d0,bf7fceb4,3ecef3ea,3f112c78,3f279e74,bf36b690,3ed2f51f,bff3e580,bf06c49a,3f90881f,3f5feb19,be65bcb6,bf3db100,bf1126e6,3e90eebb,3f6cf1bd,4010a499,be243e6c,bf14c63c
// INPUT: 2 tensor<3x16xf32> hex:3e149394,bce44d42,bf980fa8,3f2a01d8,3fa7d230,be933d93,bf96ab48,bf75b132,bea05702,bdbe21a7,3f1645c7,bf93ab40,c02feefc,3f744f78,bf31b437,3f6f02b0,3fa184e5,bebaafb2,3f85a751,3f0f3a05,3fc2b49f,be18b697,be88fad4,3ecfe143,be0f0760,3e612551,bf247041,bfe21da5,3ffc94f8,be61e26e,bf66f648,bf8bf96c,be87d519,3fc4a721,bf5d370e,bf59581b,3f8363e9,bf26af14,3fa3c47d,3f7f8259,3f276c1a,3e4d6cd5,bd0c5590,bfbd10c4,3f8167cf,3e68a95e,bee423f9,c0290ffc
// INPUT: 3 tensor<3x16xf32> hex:3c179cbb,3ac97192,3c29e0bf,3baa177e,3b64c5cf,3c2ceb21,3c3e82ca,3b8ef053,3b6e55b0,3c0e7fb4,3bf54559,3c16f15d,3b53dfaa,3beaefcc,3ae971bb,3c9f7fb4,3c0b22b0,3bd71777,3c2c7493,39cee327,3c16927d,3b2d0757,3c5e7944,3a66e2c9,3b8df763,3c384435,3b046975,3c11fc9a,3b4e21a1,3b5262b2,3b49868c,3c040bf6,3be126ef,3891b583,3b8f500f,3c3b8293,3c29f6c9,3bac3fef,3c99a450,3b965ef5,3c476e1a,3ccce04e,3bb4c3f1,3c8d6301,3c168307,3c8130fe,3c2c62b4,3b023560
// EXPECT: 0 tensor<3x16xf32> hex:3f8a340e,bf127582,bf953a76,beb84c49,be84e49e,3e45381d,3d7893df,3f9bd611,3d6f79d9,bed6ba20,3e8bec5e,bee50d17,3f3be968,3f348066,be5c0b97,3e1a970a,3ed0343d,be89fda6,be04cb0d,3f852364,bf73b06f,bdb768dd,bdeed698,bfaf1b37,3ea4b493,3f53d47f,4009acbf,4003352c,bed26cbe,3f05f136,bf8b4253,bf3d969e,beac16e1,3f769b61,bf95b9d3,bff26410,3f70ec2d,3e9713fd,3f84d961,3fadcf9e,bf9fdd04,bfa8f9ac,3e3384e1,3f70f6a6,bfc9bbc1,bd5fc9a8,bf49f4eb,3ecc3ae2
// EXPECT: 1 tensor<3x16xf32> hex:3e67f40a,3d92fde5,bf92e767,3f25b69a,3f8e6559,be605370,bf93c498,bf8bd00e,beba15c5,3ce3595a,3f128b3f,bf8285d6,c015d451,3f3ed0c1,bf202485,3f76834b,3f986868,beaa97ef,3f68408d,3ef69faa,3faaf751,3d92bca0,be9337e0,3eae0942,be76d9fe,3e5f7c67,bf055c1e,bfceb1ce,3fdfbb1e,be4e5c4c,bf697253,bf719b2a,be3a6dca,3fb95e57,bf595d68,bf390fd7,3f3bb923,bf237e08,3fa1d80d,3f7c599f,3f10efc6,3dda0319,bdb3459f,bfa6891f,3f804fea,3edc697e,bed589e6,c01be024
// EXPECT: 2 tensor<3x16xf32> hex:3c2689ec,3b2219a0,3c33ce58,3bb1feac,3b813663,3c2f55b0,3c4d1efa,3c1cf61d,3b8cddee,3c22a799,3bfb6897,3c175ba4,3ba3c731,3c0a77fc,3ae93835,3cabaaa1,3c0ff412,3bd6f5a2,3c2e03e8,39e7b2af,3c183e77,3be14e51,3c61d50a,3a77b348,3bb96df9,3c38c301,3b19b281,3c12dbca,3b5316a7,3b523bdd,3b856179,3c06976e,3beb76f2,3a029473,3b9fdc89,3c3e1a9f,3c654790,3bb528a0,3ca3eed3,3baf4a4f,3c480e2a,3cd12b4f,3bbf1e82,3c8de6da,3c24659f,3caae7c5,3c2ca27a,3b18364c
// GENERATOR: conformance/gen/graph_optim.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module {
  func.func @main(%p: tensor<3x16xf32>, %g: tensor<3x16xf32>, %m: tensor<3x16xf32>, %v: tensor<3x16xf32>) -> (tensor<3x16xf32>, tensor<3x16xf32>, tensor<3x16xf32>) {
    %0:3 = "tessera.adamw"(%p, %g, %m, %v) {lr = 1.0e-03, step = 10} : (tensor<3x16xf32>, tensor<3x16xf32>, tensor<3x16xf32>, tensor<3x16xf32>) -> (tensor<3x16xf32>, tensor<3x16xf32>, tensor<3x16xf32>)
    return %0#0, %0#1, %0#2 : tensor<3x16xf32>, tensor<3x16xf32>, tensor<3x16xf32>
  }
}

// -----

// CASE: step3_f64
// RULE: bitexact
// REQUIRES: op=tessera.adamw dtype=f64 level=graph
// INPUT: 0 tensor<3x16xf64> hex:3ff425f9206e078e,3ff2e13a62f2706a,3fd361386b105c28,bfd564873fcf3799,3fe1994a280323b3,bffcddc766aaceb9,3ff0846d047fcdb4,3ff5314f072b8530,bfc3169606134bbf,bff8b5d1307fd23f,bff9712e5c6e409b,3fe2662edd88d7d6,4004a34dd1d9cb87,bffcfd1afbe0b826,bff6eaf1117e5b92,bfd5082a84673a23,bff27fea8310beed,bfe1dce05bdf3b7f,3fee22080c372de2,3ff71b2978b25075,3fec7270a796eb40,bfe2b71ca2c2591f,bff42e1641067d43,bfc61fe727ebd6b0,bfe4f965985476e0,bfed80fc6bae653f,3ff3154064081d80,bff9e3288f306386,bff82d08fb2ad593,3ff258b54f0d70dc,bf9a438c92bd305c,bfcdeb435b7d4f7a,bfe87005abc5cf8c,3fe7167ad0074e85,3fe2ee11974a3f35,bffa3fd64f610d14,bfe85b055fc484a2,3fc5917650888a5b,3fda05a5b22dc177,3fdf4790dc1063ba,3ff00e0c82c6a54d,bfd7a103aac7a012,3fd373e048c7b82d,3fd1946d69a516a5,3fee5cccd77510c4,3fe4738ab4a8ec96,3ffb9226a640ea79,3fe74b5f15efc37c
// INPUT: 1 tensor<3x16xf64> hex:3ff375e805bca317,bfb97f15cdb0874e,3ff1a99bc66636e5,c000afde2c6f1963,3fe08ffeffd4c492,3ff3f7822300700d,bfcaf9dc94abacbe,3fdf472755bbbcb3,bff025fc386184ad,3fee451d8e4ad91a,bfca43926dad24c0,bfeb3092edf14a52,3ff6f9d74eb06ff6,3ffd5283920d095c,3fc54b382ac8d7d7,bf79998bd9a021a1,3f8d70e0f91f06d3,bfd8c82cb34a3b16,bfb120375943de68,3fda8e2d4ce19b93,3ff133236d67bcf2,3fee2856bc43e382,bfd34c89b14cd2bc,3ff24d53cf8e1cb4,3ffd1d7b18359424,3fecafd3387967e9,3fea586f41932230,3fdc1c339526a9d3,3f929c2f362beb41,bfcf30e1d09372ba,3fe2e3024f623b63,bffa6fb298d1d992,bfddb9cd879e88e6,3fdfe9bff79292bc,400150f7c1431f12,3fce34f69c9e454a,bfe5a7d898aa7367,3fe636ada91d517d,3ff54b09546fb742,bffc0ac2dcf865a4,3fe900184f95c9d5,3fd5cafe6d5a8f22,bfd1e1d181281c15,bfece3b4ee093a49,3ff432e89d77581a,3fde70323237b256,3fe3bc0a9182e32a,4004554a042c7f00
// INPUT: 2 tensor<3x16xf64> hex:bfe727c4e48e51c1,3ff5c4fd245d29ce,3fedc7fbc571d135,bfe3e1a7564c930b,3fd1465ca4eb2485,bfd5dccfa25f31cc,3fcf0ebbcef9c895,bfd2d06c4512440b,3ff2661e4eeecbc9,bfd68ba1aaadf919,3ff623808ab4fe72,3ff75ad60ef110ed,bff8daf1a19ee5c1,bfe849bb2c9be69e,3fc35ce6fe6a4633,bff24b41f27c5c30,bfe624cea897f49f,3fc8362046f74794,3fe89cba6a0a5dca,bfc65cd490ac616a,bf7c44a8675ddcae,bff72639bed0f7b1,3ffe29ff395cf84c,3fe14b775d16a3d1,bfc7a46a18fa441f,3feb9a55e085cf4e,bff59dea626394de,bfe89b8d10eac3c6,bfe17fbb88184fc1,3fe7c21894f52720,bfe1b7fe14a08b9d,bfb5c3757690814b,3fee66e62f68ee35,40029bc3a87e1f81,bfe00cbe693bc16f,3f87219c46f84db5,3fed52d45e1f3372,bffa398622b49440,3ff11d06d8ae2ec9,bfc8496263defa6b,bff8aceafca62e89,3fd49fb074095229,3ff195aa6a8205f7,bfd3e367d8e7a1a1,3fd112fb2e079abd,bf8568f33f0e4077,3fd4efef95b953d4,bff6b9d3f3214626
// INPUT: 3 tensor<3x16xf64> hex:3f712806ef70be28,3f866cd61a57fa05,3f8d0f15de4e0eb7,3f6248a011d56075,3f6b5f99fd70d3c5,3f8c6349f02b886c,3f3a3b15faf4043b,3f774f67bcd8eaf1,3f83ee98ad4c2d11,3f76805708f3f1a9,3f91f08c4c8db92a,3f76f0f365f91216,3f61ea45f9399310,3f4dac0bc3a5bdc8,3f91f86cdaa29bc2,3f8e299a0f1b5f10,3f85ddbbc766e0c8,3f179363668bc311,3f816768fbc4f3b0,3f90a0956a2261ca,3f71d5aedfa01a5a,3f6adad65ae696e1,3f827734bab9795f,3f78f5288409ec27,3f6c0c5d15efe749,3f8796c30ff45c47,3f8a53a87af2a1b8,3f7172b8ade1de3a,3f77a830f2a02a47,3f905d8058ce38e5,3f6984d3c7b44995,3f75e5b5d2588c05,3f38315db3719c85,3f72bacefaf677af,3f85889cae140227,3f5b9f49bf49831f,3f80d0e661b60f27,3f73f430f0e600c6,3f3f7a7986c5e16e,3f8ae6b2fdee9316,3f8675e9042ebd07,3f65536ade65d3cd,3f8575bb04f46d3b,3f667971a271daa4,3f85fcaeba6cac7a,3f812072add89a2c,3f80719aca2f684a,3f69ca9fe94cef4c
// EXPECT: 0 tensor<3x16xf64> hex:3ff42bbe998e7bc2,3ff2d79341382a87,3fd347e1c3441193,bfd5452622872169,3fe1911fa76f7459,bffcdc7cc34254d8,3ff07ca367ae3644,3ff53392c54dd698,bfc35231322b303f,bff8b37332420eeb,bff978c46747e56b,3fe24c8d6aa53372,4004ab372661876f,bffcf6b26c88b0ff,bff6ebd64611f566,bfd4ec044aff0bd0,bff27ae3fc4c0c5b,bfe1eae2bb18ec6b,3fee15a51da9a9a8,3ff71bd9d0ab6b42,3fec701bb2911298,bfe2981550b67927,bff43c7e03751e0c,bfc64e17914cbd83,bfe4f9a918f4be5a,bfed8dd3a9b14069,3ff31d450d5f9ec8,bff9db0d11096ed3,bff827a1cbad2f17,3ff25473f65190bd,bf98b7fe33c14f34,bfcdd95fd63f56a6,bfe8a74edb4dfde5,3fe6e35084be1d81,3fe2f12ccda63ca7,bffa4070917199c4,bfe8686bb524a74a,3fc610a43c791210,3fd9b92482c7cf1d,3fdf507c4b2155b1,3ff01815e0d5955e,bfd7b58869349427,3fd354d90955d743,3fd1a8eab1d04ab1,3fee57429a604955,3fe472ced1a82f0b,3ffb8edda3b051c8,3fe75c9af1e38639
// EXPECT: 1 tensor<3x16xf64> hex:bfe0f29c662728f6,3ff36ee54aa457fb,3fee55e8262e1411,bfe8916f790af4e4,3fd2dc1ffacafb62,bfc7610da1de3332,3fc94112f83609a7,bfcb9c216b2e87f2,3fede36a82cd877c,bfcc794a60b4cff0,3ff398b50eaa548b,3ff3a8ec818ce51f,bff4127723309062,bfdffd4f7c469b60,3fc38e5582da2190,bff0797de838e2fc,bfe3e22670f1e959,3fc0d57a82694e35,3fe5efda47ebae6e,bfbda16c7f42711e,3fb9edf59c6f19e4,bff3539608b8ad26,3ffaaa48a8cb5a33,3fe339c8fd4a65fa,3f901ce4b3e69660,3febb6159c8491c4,bff2234d62124446,bfe4bdc92e2af481,bfdf61be0fd51617,3fe49a43ada5c058,bfdc1dc8e20d55d4,bfcef1508935b508,3fe9e01e7d7ce924,400125827df02496,bfce12baac055375,3fa1498c3503f9ff,3fe839c3123e3c5c,bff67dd670610e26,3ff188071841893b,bfd62553d2214c8b,bff4f538ac347964,3fd4bd9ea69171dc,3feec21b7941a2ef,bfd7ad680c6be9ec,3fd7723f1b9cfb4e,3fa3888b06c959c2,3fd6ca59bd742c14,bff062fcc061d8f0
// EXPECT: 2 tensor<3x16xf64> hex:3f7732d8d416eb2a,3f866c4bc99ead0e,3f8f868d0278179a,3f7af42fa37f333c,3f6d8a64942ebce6,3f8f8c81a720c300,3f3d1d8a9e53aa07,3f7843e29770038f,3f85ff8d156b8df0,3f7a24d78c93185d,3f91f6fe020c901b,3f79e01a480a7076,3f716518cf166b14,3f71764a6c5ea329,3f91fb1461db2ff4,3f8e21e6925df9c8,3f85d83e7ee7fe46,3f2f6dbed17d45ec,3f81654d10d3d65b,3f90c975881a19a1,3f768cd819ef22a0,3f710d49b9470693,3f82a22705979738,3f7e4ac9931c7808,3f7b92bd7b62f7a9,3f893610ac4237c3,3f8bb049ec7ccb0b,3f72388a83b63e9d,3f77a27b39883ef2,3f9068e0bb1dc721,3f6c58d5dfd8713c,3f80875b3b2d8068,3f43273ee520b0a2,3f73babc52828968,3f8f1b7ff6351858,3f5c81ce38235e5c,3f81bcb4c937e030,3f75e85e7cbaf564,3f627086ddaa95ab,3f90952272704f26,3f87b02b786df4df,3f66411f9a4ed630,3f85992ad5bad07f,3f6d20f494962978,3f893aa027e5f55c,3f8192a76b96f4ec,3f8134cb5f8cd7e1,3f83abe286b8021e
// GENERATOR: conformance/gen/graph_optim.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module {
  func.func @main(%p: tensor<3x16xf64>, %g: tensor<3x16xf64>, %m: tensor<3x16xf64>, %v: tensor<3x16xf64>) -> (tensor<3x16xf64>, tensor<3x16xf64>, tensor<3x16xf64>) {
    %0:3 = "tessera.adamw"(%p, %g, %m, %v) {lr = 1.0e-03, step = 3} : (tensor<3x16xf64>, tensor<3x16xf64>, tensor<3x16xf64>, tensor<3x16xf64>) -> (tensor<3x16xf64>, tensor<3x16xf64>, tensor<3x16xf64>)
    return %0#0, %0#1, %0#2 : tensor<3x16xf64>, tensor<3x16xf64>, tensor<3x16xf64>
  }
}

// -----

// CASE: step3_f64_torch64
// NOTE: PyTorch's update rule in float64, rounded to the element type.
// RULE: tol:rtol=1e-5,atol=1e-7
// REQUIRES: op=tessera.adamw dtype=f64 level=graph
// INPUT: 0 tensor<3x16xf64> hex:3ff425f9206e078e,3ff2e13a62f2706a,3fd361386b105c28,bfd564873fcf3799,3fe1994a280323b3,bffcddc766aaceb9,3ff0846d047fcdb4,3ff5314f072b8530,bfc3169606134bbf,bff8b5d1307fd23f,bff9712e5c6e409b,3fe2662edd88d7d6,4004a34dd1d9cb87,bffcfd1afbe0b826,bff6eaf1117e5b92,bfd5082a84673a23,bff27fea8310beed,bfe1dce05bdf3b7f,3fee22080c372de2,3ff71b2978b25075,3fec7270a796eb40,bfe2b71ca2c2591f,bff42e1641067d43,bfc61fe727ebd6b0,bfe4f965985476e0,bfed80fc6bae653f,3ff3154064081d80,bff9e3288f306386,bff82d08fb2ad593,3ff258b54f0d70dc,bf9a438c92bd305c,bfcdeb435b7d4f7a,bfe87005abc5cf8c,3fe7167ad0074e85,3fe2ee11974a3f35,bffa3fd64f610d14,bfe85b055fc484a2,3fc5917650888a5b,3fda05a5b22dc177,3fdf4790dc1063ba,3ff00e0c82c6a54d,bfd7a103aac7a012,3fd373e048c7b82d,3fd1946d69a516a5,3fee5cccd77510c4,3fe4738ab4a8ec96,3ffb9226a640ea79,3fe74b5f15efc37c
// INPUT: 1 tensor<3x16xf64> hex:3ff375e805bca317,bfb97f15cdb0874e,3ff1a99bc66636e5,c000afde2c6f1963,3fe08ffeffd4c492,3ff3f7822300700d,bfcaf9dc94abacbe,3fdf472755bbbcb3,bff025fc386184ad,3fee451d8e4ad91a,bfca43926dad24c0,bfeb3092edf14a52,3ff6f9d74eb06ff6,3ffd5283920d095c,3fc54b382ac8d7d7,bf79998bd9a021a1,3f8d70e0f91f06d3,bfd8c82cb34a3b16,bfb120375943de68,3fda8e2d4ce19b93,3ff133236d67bcf2,3fee2856bc43e382,bfd34c89b14cd2bc,3ff24d53cf8e1cb4,3ffd1d7b18359424,3fecafd3387967e9,3fea586f41932230,3fdc1c339526a9d3,3f929c2f362beb41,bfcf30e1d09372ba,3fe2e3024f623b63,bffa6fb298d1d992,bfddb9cd879e88e6,3fdfe9bff79292bc,400150f7c1431f12,3fce34f69c9e454a,bfe5a7d898aa7367,3fe636ada91d517d,3ff54b09546fb742,bffc0ac2dcf865a4,3fe900184f95c9d5,3fd5cafe6d5a8f22,bfd1e1d181281c15,bfece3b4ee093a49,3ff432e89d77581a,3fde70323237b256,3fe3bc0a9182e32a,4004554a042c7f00
// INPUT: 2 tensor<3x16xf64> hex:bfe727c4e48e51c1,3ff5c4fd245d29ce,3fedc7fbc571d135,bfe3e1a7564c930b,3fd1465ca4eb2485,bfd5dccfa25f31cc,3fcf0ebbcef9c895,bfd2d06c4512440b,3ff2661e4eeecbc9,bfd68ba1aaadf919,3ff623808ab4fe72,3ff75ad60ef110ed,bff8daf1a19ee5c1,bfe849bb2c9be69e,3fc35ce6fe6a4633,bff24b41f27c5c30,bfe624cea897f49f,3fc8362046f74794,3fe89cba6a0a5dca,bfc65cd490ac616a,bf7c44a8675ddcae,bff72639bed0f7b1,3ffe29ff395cf84c,3fe14b775d16a3d1,bfc7a46a18fa441f,3feb9a55e085cf4e,bff59dea626394de,bfe89b8d10eac3c6,bfe17fbb88184fc1,3fe7c21894f52720,bfe1b7fe14a08b9d,bfb5c3757690814b,3fee66e62f68ee35,40029bc3a87e1f81,bfe00cbe693bc16f,3f87219c46f84db5,3fed52d45e1f3372,bffa398622b49440,3ff11d06d8ae2ec9,bfc8496263defa6b,bff8aceafca62e89,3fd49fb074095229,3ff195aa6a8205f7,bfd3e367d8e7a1a1,3fd112fb2e079abd,bf8568f33f0e4077,3fd4efef95b953d4,bff6b9d3f3214626
// INPUT: 3 tensor<3x16xf64> hex:3f712806ef70be28,3f866cd61a57fa05,3f8d0f15de4e0eb7,3f6248a011d56075,3f6b5f99fd70d3c5,3f8c6349f02b886c,3f3a3b15faf4043b,3f774f67bcd8eaf1,3f83ee98ad4c2d11,3f76805708f3f1a9,3f91f08c4c8db92a,3f76f0f365f91216,3f61ea45f9399310,3f4dac0bc3a5bdc8,3f91f86cdaa29bc2,3f8e299a0f1b5f10,3f85ddbbc766e0c8,3f179363668bc311,3f816768fbc4f3b0,3f90a0956a2261ca,3f71d5aedfa01a5a,3f6adad65ae696e1,3f827734bab9795f,3f78f5288409ec27,3f6c0c5d15efe749,3f8796c30ff45c47,3f8a53a87af2a1b8,3f7172b8ade1de3a,3f77a830f2a02a47,3f905d8058ce38e5,3f6984d3c7b44995,3f75e5b5d2588c05,3f38315db3719c85,3f72bacefaf677af,3f85889cae140227,3f5b9f49bf49831f,3f80d0e661b60f27,3f73f430f0e600c6,3f3f7a7986c5e16e,3f8ae6b2fdee9316,3f8675e9042ebd07,3f65536ade65d3cd,3f8575bb04f46d3b,3f667971a271daa4,3f85fcaeba6cac7a,3f812072add89a2c,3f80719aca2f684a,3f69ca9fe94cef4c
// EXPECT: 0 tensor<3x16xf64> hex:3ff42bbe998e7bc2,3ff2d79341382a87,3fd347e1c3441193,bfd5452622872169,3fe1911fa76f7459,bffcdc7cc34254d8,3ff07ca367ae3644,3ff53392c54dd698,bfc35231322b303f,bff8b37332420eeb,bff978c46747e56c,3fe24c8d6aa53373,4004ab372661876f,bffcf6b26c88b100,bff6ebd64611f566,bfd4ec044aff0bd0,bff27ae3fc4c0c5b,bfe1eae2bb18ec6c,3fee15a51da9a9a9,3ff71bd9d0ab6b42,3fec701bb2911298,bfe2981550b67927,bff43c7e03751e0c,bfc64e17914cbd83,bfe4f9a918f4be5a,bfed8dd3a9b14069,3ff31d450d5f9ec8,bff9db0d11096ed4,bff827a1cbad2f17,3ff25473f65190bd,bf98b7fe33c14f34,bfcdd95fd63f56a7,bfe8a74edb4dfde6,3fe6e35084be1d81,3fe2f12ccda63ca7,bffa4070917199c4,bfe8686bb524a74b,3fc610a43c791211,3fd9b92482c7cf1e,3fdf507c4b2155b2,3ff01815e0d5955e,bfd7b58869349428,3fd354d90955d743,3fd1a8eab1d04ab2,3fee57429a604956,3fe472ced1a82f0c,3ffb8edda3b051c9,3fe75c9af1e3863a
// EXPECT: 1 tensor<3x16xf64> hex:bfe0f29c662728f6,3ff36ee54aa457fb,3fee55e8262e1411,bfe8916f790af4e4,3fd2dc1ffacafb62,bfc7610da1de3332,3fc94112f83609a7,bfcb9c216b2e87f2,3fede36a82cd877c,bfcc794a60b4cff0,3ff398b50eaa548b,3ff3a8ec818ce51f,bff4127723309062,bfdffd4f7c469b60,3fc38e5582da2190,bff0797de838e2fc,bfe3e22670f1e959,3fc0d57a82694e35,3fe5efda47ebae6e,bfbda16c7f42711e,3fb9edf59c6f19e4,bff3539608b8ad26,3ffaaa48a8cb5a33,3fe339c8fd4a65fa,3f901ce4b3e69660,3febb6159c8491c4,bff2234d62124446,bfe4bdc92e2af481,bfdf61be0fd51617,3fe49a43ada5c058,bfdc1dc8e20d55d4,bfcef1508935b508,3fe9e01e7d7ce924,400125827df02496,bfce12baac055375,3fa1498c3503f9ff,3fe839c3123e3c5c,bff67dd670610e26,3ff188071841893b,bfd62553d2214c8b,bff4f538ac347964,3fd4bd9ea69171dc,3feec21b7941a2ef,bfd7ad680c6be9ec,3fd7723f1b9cfb4e,3fa3888b06c959c2,3fd6ca59bd742c14,bff062fcc061d8f0
// EXPECT: 2 tensor<3x16xf64> hex:3f7732d8d416eb2a,3f866c4bc99ead0e,3f8f868d0278179b,3f7af42fa37f333c,3f6d8a64942ebce6,3f8f8c81a720c301,3f3d1d8a9e53aa07,3f7843e29770038f,3f85ff8d156b8df0,3f7a24d78c93185d,3f91f6fe020c901b,3f79e01a480a7076,3f716518cf166b14,3f71764a6c5ea329,3f91fb1461db2ff4,3f8e21e6925df9c8,3f85d83e7ee7fe46,3f2f6dbed17d45ec,3f81654d10d3d65b,3f90c975881a19a1,3f768cd819ef22a0,3f710d49b9470693,3f82a22705979738,3f7e4ac9931c7808,3f7b92bd7b62f7a9,3f893610ac4237c3,3f8bb049ec7ccb0b,3f72388a83b63e9d,3f77a27b39883ef2,3f9068e0bb1dc721,3f6c58d5dfd8713c,3f80875b3b2d8068,3f43273ee520b0a2,3f73babc52828968,3f8f1b7ff6351858,3f5c81ce38235e5c,3f81bcb4c937e030,3f75e85e7cbaf564,3f627086ddaa95ab,3f90952272704f26,3f87b02b786df4df,3f66411f9a4ed630,3f85992ad5bad07f,3f6d20f494962978,3f893aa027e5f55c,3f8192a76b96f4ec,3f8134cb5f8cd7e1,3f83abe286b8021e
// GENERATOR: conformance/gen/graph_optim.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module {
  func.func @main(%p: tensor<3x16xf64>, %g: tensor<3x16xf64>, %m: tensor<3x16xf64>, %v: tensor<3x16xf64>) -> (tensor<3x16xf64>, tensor<3x16xf64>, tensor<3x16xf64>) {
    %0:3 = "tessera.adamw"(%p, %g, %m, %v) {lr = 1.0e-03, step = 3} : (tensor<3x16xf64>, tensor<3x16xf64>, tensor<3x16xf64>, tensor<3x16xf64>) -> (tensor<3x16xf64>, tensor<3x16xf64>, tensor<3x16xf64>)
    return %0#0, %0#1, %0#2 : tensor<3x16xf64>, tensor<3x16xf64>, tensor<3x16xf64>
  }
}

// -----

// CASE: step_operand_f32
// NOTE: The step count as a rank-0 operand (4) instead of the attribute.
// RULE: bitexact
// REQUIRES: op=tessera.adamw dtype=f32 level=graph
// INPUT: 0 tensor<8xf32> hex:bf208062,bf12e172,be0dde38,3e87bb50,bf3a0a83,bdcf6b1f,3fafa59b,bf173512
// INPUT: 1 tensor<8xf32> hex:3c55ad3f,3e738158,3f404226,3e88b3d3,bf8c97b7,3f1f5aae,3f3ebcf4,beb1fb8e
// INPUT: 2 tensor<8xf32> hex:3eb8efd3,bed8dadd,3f1c6c87,3f81a5a2,bfeaea4c,bededa7f,bfd31ba6,bef99018
// INPUT: 3 tensor<8xf32> hex:3c37b60a,3a0c8499,3c0d2e5d,3c6683ad,3ba139ea,3c19c579,3c2a5341,3bcb3116
// INPUT: 4 tensor<i64> hex:0000000000000004
// EXPECT: 0 tensor<8xf32> hex:bf21efad,bf0bf4a1,be1a2280,3e804a59,bf2f6e33,bdc2d911,3fb2ccc5,bf1463b5
// EXPECT: 1 tensor<8xf32> hex:3ea71c62,beb6fe82,3f2001e4,3f703321,bfe17ba3,bea8b282,bfb475d5,bef267a3
// EXPECT: 2 tensor<8xf32> hex:3c3787b9,3a1b337e,3c1647e0,3c6773aa,3bc898fb,3c1ff750,3c33400a,3bcef2c3
// GENERATOR: conformance/gen/graph_optim.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module {
  func.func @main(%p: tensor<8xf32>, %g: tensor<8xf32>, %m: tensor<8xf32>, %v: tensor<8xf32>, %t: tensor<i64>) -> (tensor<8xf32>, tensor<8xf32>, tensor<8xf32>) {
    %0:3 = "tessera.adamw"(%p, %g, %m, %v, %t) {lr = 1.0e-02} : (tensor<8xf32>, tensor<8xf32>, tensor<8xf32>, tensor<8xf32>, tensor<i64>) -> (tensor<8xf32>, tensor<8xf32>, tensor<8xf32>)
    return %0#0, %0#1, %0#2 : tensor<8xf32>, tensor<8xf32>, tensor<8xf32>
  }
}

// -----

// CASE: step_operand_f64_ui8
// NOTE: A ui8 step operand (200) on f64.
// RULE: bitexact
// REQUIRES: op=tessera.adamw dtype=f64 level=graph
// INPUT: 0 tensor<2x5xf64> hex:3ff2375326928cc2,3fe9b0ff567fa2db,bfcd091cd26e837e,3fda920ee59ee572,3fc391c41f9fab40,bfacccfff63d772c,bfe1e218e2acf286,3ff60e12f6dd28d9,bfec509092039ef8,c007b7a7bc0ec160
// INPUT: 1 tensor<2x5xf64> hex:bfcdeca26eea0df5,bfe0e3acb7c72c06,3fe869bc3143f929,bfc846d908d6b606,bfd9b4d956d43c6c,bfe33a1b5c6edd2b,bff0026c1d73abab,3f9ec29297435032,3fc70c6e23dbed5e,bff78f6ceffb0c3b
// INPUT: 2 tensor<2x5xf64> hex:bfec9f02e676a839,400411ba46ee09ec,bff196110a7fc57b,bff7e065f50a0bd7,3fa1c9c90e400379,3fd6397ab989a211,3ff434a6265fa84a,3ff9f588b8c1b7da,3fe171260c8d8d31,3fcc4810fe288aab
// INPUT: 3 tensor<2x5xf64> hex:3f912d7a66464e0f,3f8a932ad2da3ca3,3f94b44d756737ff,3f7e6db5181f0d03,3f9a339080093784,3f84bf7a11b37b95,3f982f67d4db9db8,3f741d552892beb3,3f7fab56a5b755dc,3f7b557fb17e3d7a
// INPUT: 4 tensor<ui8> hex:c8
// EXPECT: 0 tensor<2x5xf64> hex:3ff2a64a725f0295,3fe713db3285f4e0,bfc994a4e404202e,3fdeddd46f21e30d,3fc39901c2765dec,bfb1164d38fa3517,bfe2c834205e888e,3ff4a1271653a8b3,bfed1949b09b2ff6,c007bbd60bed6e22
// EXPECT: 1 tensor<2x5xf64> hex:bfea81d378970af3,4001a3dcee71416e,bfed36bf0df8ca8d,bff5cad8130bb9bb,bf823916e28d81a0,3fd0281c2e18e5a0,3ff0958ab930ecb1,3ff76948e0ead9fe,3fe04624ff64e502,3faa6bad5fd4ff48
// EXPECT: 2 tensor<2x5xf64> hex:3f9137687a48de39,3f8b1e6989cce20d,3f954793c5328226,3f7e8ba3032c66d3,3f9a572641c8b346,3f8577709a7434e7,3f992fab1805f916,3f74192126cd7797,3f7fc53af01b8566,3f821810eb3afa29
// GENERATOR: conformance/gen/graph_optim.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module {
  func.func @main(%p: tensor<2x5xf64>, %g: tensor<2x5xf64>, %m: tensor<2x5xf64>, %v: tensor<2x5xf64>, %t: tensor<ui8>) -> (tensor<2x5xf64>, tensor<2x5xf64>, tensor<2x5xf64>) {
    %0:3 = "tessera.adamw"(%p, %g, %m, %v, %t) {lr = 1.0e-02} : (tensor<2x5xf64>, tensor<2x5xf64>, tensor<2x5xf64>, tensor<2x5xf64>, tensor<ui8>) -> (tensor<2x5xf64>, tensor<2x5xf64>, tensor<2x5xf64>)
    return %0#0, %0#1, %0#2 : tensor<2x5xf64>, tensor<2x5xf64>, tensor<2x5xf64>
  }
}
