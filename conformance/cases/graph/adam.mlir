// tessera.adam: one step, per element, in the documented order.
// Generated file: edit the generator named in each case, then rerun it.

// CASE: step1_f32
// RULE: bitexact
// REQUIRES: op=tessera.adam dtype=f32 level=graph
// INPUT: 0 tensor<3x16xf32> hex:bf87fe94,3f8d37b0,3f6e7e79,3f8a270f,3f27f26e,bef2dd27,3f210e3b,3ddd09a6,3c10e927,bfe3f5c5,bea49be1,bfbbd57a,bfb48d52,bf34a300,bf9d0e41,3ee47f90,bf56f2c4,be051b4f,3f2c26d0,bf1c8e1c,3e2144d5,be3bfd0a,3e08c240,bf4998a5,3f52c584,3ff20b87,bf3bf712,3e66159d,be4a1bfe,bfae49e6,3f98db66,bd20d48e,3e88d8de,4004afec,3fb9f8d8,4009cb97,be9fe5cd,bfa930dc,3e67211d,3de21d23,be7cf088,3fad5e07,be04ac6b,3f7181e8,bea0b46c,bf38011d,402e31ee,3fb17806
// INPUT: 1 tensor<3x16xf32> hex:bfbe5f1f,bf0b611e,bf57a14e,3f4ee953,3e4b2f55,be36e997,bff5bce1,3e621ceb,3f9e663d,3f84fec7,bed9fcce,bfaf1cf3,3c06f4f0,bf79726d,bf3305f7,3f0c60ea,bf382ae4,3f3e9a73,bfeadb5c,3f15eb4e,be07fb57,bf06d8c0,c047ef58,bf8faa51,bf7471c4,bf5943f2,3fa599fa,3fcfe949,be6e71e7,3f2dd2c7,be6e3de4,bea80ab3,3eacda72,3f6d0eca,bfa2d1bb,bf39ddcf,3f06258d,4044adc8,3ee4ead5,bf1dfc02,bfc1b365,bee07a1c,bf3b06c9,3eb627c8,be683a8b,3db5ccd3,3e6d1ede,3f97d6b1
// INPUT: 2 tensor<3x16xf32> hex:be208248,3f893919,3e427634,bf1ae49e,3f2c5e4f,bfed17c5,c0722652,bf886c94,be3766fc,3e8a6ccb,c00f4f3a,3f133bd9,3f1d1725,bfa2ad94,bf200a18,bf727ebb,3eab9830,be787023,3fb36246,3fd0ec33,bfdb7ced,bdb1d5d4,3d813bc7,bf32f192,bfd5bf92,be5920cd,3ef41d4d,c02d4226,bf76de4e,be7b2dc2,3eef0d27,3fbc1366,3eca89ba,3eb968aa,3eb3e8e2,bf5108de,bfd691c2,bf7f9869,3f28ae06,3d4b1148,3f07a709,3eaabb8f,be2975c0,3ea60d53,be09d9e4,bfdb7fdf,be85784a,bd4c15db
// INPUT: 3 tensor<3x16xf32> hex:3c1bd1eb,3bd2c4c4,3c2cdc17,3b097999,3b8d1a57,3bb9fd2c,3b4cbf51,3c142b6d,3bb45920,3c912d8d,3c023765,3b6fea8b,3c0e4dff,3ccd1f2e,38653f42,3d00acaa,38f43594,3bd5032f,3c5ff278,3b92f1e3,3b98c29c,3b53e2b8,3b98cd90,3c44a378,3b30d2a1,3c1511d8,3b172c13,3ab4dfdb,3ab32193,3b9de6d5,3b60f3f1,3c37b050,3d07b1ee,3cc7b12d,3c32d750,3c5123ec,3b66103f,3b1f9100,3c36cbbd,3c65d642,3c9dae7e,3a0ef769,3afcf64a,3be11759,3c33defd,3ae88c82,3c281cba,3c0bce9f
// EXPECT: 0 tensor<3x16xf32> hex:bf87e2d5,3f8cc4a0,3f6e6d89,3f8a82b5,3f272d95,beef404e,3f2495d4,3de367ea,3c13397f,bfe41006,bea0e962,bfbc0a8c,bfb4cad9,bf34035a,bf9bf520,3ee5394f,bf57afd6,be048d39,3f2b7b9b,bf1e55f6,3e28a40b,be3b45eb,3e0972b7,bf49132c,3f54ed10,3ff2285f,bf3cae93,3e71b3ea,be42732e,bfae3417,3f9895b5,bd3089c7,3e888036,4004a244,3fb9e757,4009efe5,be9c103b,bfa8f8a4,3e6530cc,3de234c2,be7da884,3facfc36,be033983,3f7130ba,bea07ba0,bf350f6c,402e3cb9,3fb1705a
// EXPECT: 1 tensor<3x16xf32> hex:be9460ad,3f691043,3db186eb,beed6cd8,3f20360f,bfd7ab83,c06638bb,bf6fe91e,bd195ec8,3eb1c7d3,c003b410,3ec2f9be,3f0d979d,bf9ee1f1,bf21f014,bf4c352a,3e6b33fa,be135a58,3f89f5b6,3fc386be,bfc73d2c,be05f6ec,be82ded4,bf3dc847,bfcc9880,be8d2926,3f0ef8c8,c0118978,bf642485,be1c8812,3ecb3bf1,3fa51130,3ec791cc,3ed6478e,3e419501,bf4eb7c2,bfba67b4,bf175d42,3f2341f6,bc8c0754,3ea6b1b4,3e833631,be635316,3ea7a992,be1349f4,bfc469ce,be5888a2,3d971a78
// EXPECT: 2 tensor<3x16xf32> hex:3c3fe7cf,3bdc456a,3c384f9b,3b34265e,3b8e407e,3bbad937,3bdf0ba2,3c14d201,3be65939,3c99e06b,3c050e5b,3bb52ad6,3c0e29da,3cd4b1d4,3a0e82d0,3d01c705,3a262a98,3be6f6d8,3c8b70c3,3b9e092b,3b992f6f,3b65db7c,3c6c3895,3c5914e6,3b6c6626,3c20b8c2,3b825bb3,3b83a0aa,3aba0f1c,3bacd9e0,3b644680,3c394519,3d0806b4,3cce8457,3c4d2c1f,3c599159,3b77d428,3c4294fc,3c39e364,3c6bd8cd,3cb048af,3a4136a2,3b21555e,3be50381,3c3488a9,3ae95963,3c28d299,3c22b8e8
// GENERATOR: conformance/gen/graph_optim.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module {
  func.func @main(%p: tensor<3x16xf32>, %g: tensor<3x16xf32>, %m: tensor<3x16xf32>, %v: tensor<3x16xf32>) -> (tensor<3x16xf32>, tensor<3x16xf32>, tensor<3x16xf32>) {
    %0:3 = "tessera.adam"(%p, %g, %m, %v) {lr = 1.0e-03, step = 1} : (tensor<3x16xf32>, tensor<3x16xf32>, tensor<3x16xf32>, tensor<3x16xf32>) -> (tensor<3x16xf32>, tensor<3x16xf32>, tensor<3x16xf32>)
    return %0#0, %0#1, %0#2 : tensor<3x16xf32>, tensor<3x16xf32>, tensor<3x16xf32>
  }
}

// -----

// CASE: step1_f32_torch64
// NOTE: PyTorch's update rule in float64, rounded to the element type.
// RULE: tol:rtol=1e-5,atol=1e-7
// REQUIRES: op=tessera.adam dtype=f32 level=graph
// INPUT: 0 tensor<3x16xf32> hex:bf87fe94,3f8d37b0,3f6e7e79,3f8a270f,3f27f26e,bef2dd27,3f210e3b,3ddd09a6,3c10e927,bfe3f5c5,bea49be1,bfbbd57a,bfb48d52,bf34a300,bf9d0e41,3ee47f90,bf56f2c4,be051b4f,3f2c26d0,bf1c8e1c,3e2144d5,be3bfd0a,3e08c240,bf4998a5,3f52c584,3ff20b87,bf3bf712,3e66159d,be4a1bfe,bfae49e6,3f98db66,bd20d48e,3e88d8de,4004afec,3fb9f8d8,4009cb97,be9fe5cd,bfa930dc,3e67211d,3de21d23,be7cf088,3fad5e07,be04ac6b,3f7181e8,bea0b46c,bf38011d,402e31ee,3fb17806
// INPUT: 1 tensor<3x16xf32> hex:bfbe5f1f,bf0b611e,bf57a14e,3f4ee953,3e4b2f55,be36e997,bff5bce1,3e621ceb,3f9e663d,3f84fec7,bed9fcce,bfaf1cf3,3c06f4f0,bf79726d,bf3305f7,3f0c60ea,bf382ae4,3f3e9a73,bfeadb5c,3f15eb4e,be07fb57,bf06d8c0,c047ef58,bf8faa51,bf7471c4,bf5943f2,3fa599fa,3fcfe949,be6e71e7,3f2dd2c7,be6e3de4,bea80ab3,3eacda72,3f6d0eca,bfa2d1bb,bf39ddcf,3f06258d,4044adc8,3ee4ead5,bf1dfc02,bfc1b365,bee07a1c,bf3b06c9,3eb627c8,be683a8b,3db5ccd3,3e6d1ede,3f97d6b1
// INPUT: 2 tensor<3x16xf32> hex:be208248,3f893919,3e427634,bf1ae49e,3f2c5e4f,bfed17c5,c0722652,bf886c94,be3766fc,3e8a6ccb,c00f4f3a,3f133bd9,3f1d1725,bfa2ad94,bf200a18,bf727ebb,3eab9830,be787023,3fb36246,3fd0ec33,bfdb7ced,bdb1d5d4,3d813bc7,bf32f192,bfd5bf92,be5920cd,3ef41d4d,c02d4226,bf76de4e,be7b2dc2,3eef0d27,3fbc1366,3eca89ba,3eb968aa,3eb3e8e2,bf5108de,bfd691c2,bf7f9869,3f28ae06,3d4b1148,3f07a709,3eaabb8f,be2975c0,3ea60d53,be09d9e4,bfdb7fdf,be85784a,bd4c15db
// INPUT: 3 tensor<3x16xf32> hex:3c1bd1eb,3bd2c4c4,3c2cdc17,3b097999,3b8d1a57,3bb9fd2c,3b4cbf51,3c142b6d,3bb45920,3c912d8d,3c023765,3b6fea8b,3c0e4dff,3ccd1f2e,38653f42,3d00acaa,38f43594,3bd5032f,3c5ff278,3b92f1e3,3b98c29c,3b53e2b8,3b98cd90,3c44a378,3b30d2a1,3c1511d8,3b172c13,3ab4dfdb,3ab32193,3b9de6d5,3b60f3f1,3c37b050,3d07b1ee,3cc7b12d,3c32d750,3c5123ec,3b66103f,3b1f9100,3c36cbbd,3c65d642,3c9dae7e,3a0ef769,3afcf64a,3be11759,3c33defd,3ae88c82,3c281cba,3c0bce9f
// EXPECT: 0 tensor<3x16xf32> hex:bf87e2d5,3f8cc4a0,3f6e6d89,3f8a82b5,3f272d95,beef404e,3f2495d4,3de367ea,3c13397f,bfe41006,bea0e962,bfbc0a8c,bfb4cad9,bf34035a,bf9bf520,3ee5394f,bf57afd6,be048d39,3f2b7b9b,bf1e55f6,3e28a40b,be3b45eb,3e0972b7,bf49132c,3f54ed10,3ff2285f,bf3cae93,3e71b3ea,be42732e,bfae3417,3f9895b5,bd3089c7,3e888036,4004a244,3fb9e757,4009efe5,be9c103b,bfa8f8a4,3e6530cc,3de234c2,be7da884,3facfc36,be033983,3f7130ba,bea07ba0,bf350f6c,402e3cb9,3fb1705a
// EXPECT: 1 tensor<3x16xf32> hex:be9460ad,3f691044,3db186ec,beed6cd9,3f203610,bfd7ab83,c06638bb,bf6fe91e,bd195ec8,3eb1c7d3,c003b410,3ec2f9bf,3f0d979d,bf9ee1f1,bf21f015,bf4c352a,3e6b33fb,be135a58,3f89f5b6,3fc386bf,bfc73d2d,be05f6ec,be82ded3,bf3dc847,bfcc9880,be8d2926,3f0ef8c8,c0118978,bf642486,be1c8812,3ecb3bf1,3fa51131,3ec791cc,3ed6478e,3e419501,bf4eb7c3,bfba67b4,bf175d42,3f2341f6,bc8c0752,3ea6b1b5,3e833631,be635317,3ea7a992,be1349f5,bfc469ce,be5888a2,3d971a79
// EXPECT: 2 tensor<3x16xf32> hex:3c3fe7cf,3bdc456a,3c384f9a,3b34265d,3b8e407e,3bbad937,3bdf0ba1,3c14d201,3be65938,3c99e06a,3c050e5b,3bb52ad5,3c0e29da,3cd4b1d4,3a0e82d0,3d01c706,3a262a97,3be6f6d8,3c8b70c3,3b9e092a,3b992f6e,3b65db7c,3c6c3894,3c5914e6,3b6c6625,3c20b8c1,3b825bb2,3b83a0a9,3aba0f1c,3bacd9df,3b644680,3c394519,3d0806b4,3cce8457,3c4d2c1e,3c599159,3b77d428,3c4294fc,3c39e365,3c6bd8cd,3cb048af,3a4136a1,3b21555e,3be50381,3c3488a9,3ae95963,3c28d298,3c22b8e7
// GENERATOR: conformance/gen/graph_optim.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module {
  func.func @main(%p: tensor<3x16xf32>, %g: tensor<3x16xf32>, %m: tensor<3x16xf32>, %v: tensor<3x16xf32>) -> (tensor<3x16xf32>, tensor<3x16xf32>, tensor<3x16xf32>) {
    %0:3 = "tessera.adam"(%p, %g, %m, %v) {lr = 1.0e-03, step = 1} : (tensor<3x16xf32>, tensor<3x16xf32>, tensor<3x16xf32>, tensor<3x16xf32>) -> (tensor<3x16xf32>, tensor<3x16xf32>, tensor<3x16xf32>)
    return %0#0, %0#1, %0#2 : tensor<3x16xf32>, tensor<3x16xf32>, tensor<3x16xf32>
  }
}

// -----

// CASE: step10_f32
// RULE: bitexact
// REQUIRES: op=tessera.adam dtype=f32 level=graph
// INPUT: 0 tensor<3x16xf32> hex:c003fb31,3a9274a8,bed72e2f,3cb19bf5,be826579,bd466af0,3f8c25ba,bf3c1305,bedb9578,3fb8d999,bee0d94b,3e230b88,3ed8df38,bf71d819,3ed404fe,3f08b2d4,bdbf1fea,3ea400ae,3f34e333,bf9efc4f,be85650c,be8cff2d,400624a5,3f8a741d,3fe16f22,be421efb,bfb76714,3f5e7349,bf5ff3a4,c0098e15,bf230d6f,bfabc178,bfb70fdb,bede9a2e,3f0ebac8,3fa420cc,beb02811,3fce9421,bec0ffb5,bf7aacd5,bf01a56a,bf48d75c,3ed0d0a4,bef37fce,c016827a,3d9362cb,bf1054c1,3ed7b8fd
// INPUT: 1 tensor<3x16xf32> hex:3de5a395,bde5f912,3f82b02a,3ee8b27d,bf88c7d2,3f97764f,3cbbfcfb,3f360180,be454fd8,3f105c63,3f061c21,3e0cca82,3e0e118c,3e58c54a,3e310568,bf6ce469,bef5b219,bf807ed7,3ffa2790,3ff7e644,3f15da4a,c011ee2e,bfa97835,c02b8810,bf4b5d54,bfda8a08,be6d7bc7,3f98e9c4,3d152404,3f836d25,3e96f14e,3f980456,3e85afe3,bf6300e2,3e80b591,3fd6a12b,3ec43765,3d47547d,bf3edcd9,3f5741df,3f1566ac,be952dc7,3e15f19b,bf8c9352,3e3aacfd,3e55c116,bee6f547,befc2939
// INPUT: 2 tensor<3x16xf32> hex:3f88459e,3faeba30,3e84aff4,3f8b906b,3eefd06d,3ee85c95,bf1efe50,c0224ff2,3ee8b3bf,bdd18907,bf4322a6,3f47ff43,be4412d0,3eeec79f,3f152687,3ef94e12,3d246c6f,bf131517,bf7a5201,bf075171,3ce618e9,3fdaaac8,3f0532e2,3f3fd617,bd80be82,bfdf352c,c021f8a8,3f88b40b,3e824410,4015dadc,3fe92a3e,3fcec197,3f9c9342,bd320872,3fbe548b,bf1cc1d8,3c96214f,3f43cbc8,3d76378e,3d8d08ae,bf58cc31,be0125d3,3f9d20d2,3e312723,bdbbb99a,bf99e41c,3dd0d11b,3e7cfd1d
// INPUT: 3 tensor<3x16xf32> hex:3a46032a,3c46a5e4,3c1eafa7,3c20f490,3bb84454,3ccd21b8,3c744a8f,3c1ddc68,3acd1582,3c71782e,3c8e9982,3c845902,3b896f9d,3c475b9b,3b3bc429,3c7e130a,389bf173,3c1ba43f,3c703b5d,3b6eb4ad,3bee0785,3c7ce4af,39c64035,3b954b9e,3b3aa613,3b817bfe,3cac502f,3bd3426f,3acc6105,3b2a1876,3c1050de,3b8c3554,3bc7ad5e,3c22bea9,3c3dbe84,398e5068,3c89311d,3a8e18bf,3c278aec,3b9e0615,3cb49096,3c513b1c,3b2c6149,3caadf7c,3ab1262f,3b0cc348,3c0f13d1,3b858356
// EXPECT: 0 tensor<3x16xf32> hex:c0045308,ba170974,bed76f39,3ca4bcc9,be82b253,bd487390,3f8c3c9f,bf3b3672,bedc591d,3fb8db0f,bee07991,3e222911,3ed91042,bf72002c,3ed33ac3,3f0897af,bdbee956,3ea479af,3f3515c6,bf9eebd7,be85785a,be8db648,40061262,3f8a6148,3fe17ab7,be3ed36d,bfb71781,3f5df8f9,bf602eca,c009e9ee,bf23bf2c,bfac2a29,bfb757f6,bede8163,3f0e3bdf,3fa44376,beb0308a,3fce2a82,bec0fbc0,bf7ac08f,bf017629,bf48cab9,3ecf1bef,bef38602,c0167e24,3d9a804d,bf1059b6,3ed78410
// EXPECT: 1 tensor<3x16xf32> hex:3f7828f4,3f9bd136,3eabb19f,3f836cd7,3ea11edb,3f06daec,bf0e81b1,c00d87ea,3ec790fa,bd122fa0,bf2235f8,3f378466,be224260,3ee1bd86,3f0aa935,3eb0fefb,bc424d2c,bf1e12c0,bf2f41e3,be9069b0,3daba770,3fa79d44,3eabf84e,3ed01481,be0b47dc,bfdebda8,c013422a,3f8a5304,3e6e3503,400d70d5,3fd59f3f,3fc94843,3f904287,be02dbdb,3fae83d3,bec44fa6,3d60881b,3f317655,bca791ec,3e159174,bf342d81,be121199,3f8f4a28,3d3be8aa,bd839e0b,bf87d47c,3d3f1a91,3e3141f5
// EXPECT: 2 tensor<3x16xf32> hex:3a491c38,3c46a7ed,3c2f9b5a,3c242dba,3bdd8020,3cd865a1,3c740e3a,3c25fc12,3ad1bed5,3c767021,3c90b48a,3c845ec6,3b89ede6,3c47e487,3b3d897a,3c85ecc6,399fadf8,3c2bff3e,3c9748d3,3bf2244f,3bf904ef,3ca8e95c,3b0ba2e5,3c4043e8,3b63d1b9,3be0dfa5,3cac94de,3c00e814,3acc592f,3b6f045a,3c119876,3bba4952,3bc9b629,3c2f76f4,3c3e9700,3b4a08ed,3c8a4200,3a8e43d6,3c307b76,3bb5089a,3cb72ca0,3c52699e,3b2d9ce3,3cb49536,3ab553f7,3b0f7a4d,3c1244a7,3b8d53e2
// GENERATOR: conformance/gen/graph_optim.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module {
  func.func @main(%p: tensor<3x16xf32>, %g: tensor<3x16xf32>, %m: tensor<3x16xf32>, %v: tensor<3x16xf32>) -> (tensor<3x16xf32>, tensor<3x16xf32>, tensor<3x16xf32>) {
    %0:3 = "tessera.adam"(%p, %g, %m, %v) {lr = 1.0e-03, step = 10} : (tensor<3x16xf32>, tensor<3x16xf32>, tensor<3x16xf32>, tensor<3x16xf32>) -> (tensor<3x16xf32>, tensor<3x16xf32>, tensor<3x16xf32>)
    return %0#0, %0#1, %0#2 : tensor<3x16xf32>, tensor<3x16xf32>, tensor<3x16xf32>
  }
}

// -----

// CASE: step10_f32_torch64
// NOTE: PyTorch's update rule in float64, rounded to the element type.
// RULE: tol:rtol=1e-5,atol=1e-7
// REQUIRES: op=tessera.adam dtype=f32 level=graph
// INPUT: 0 tensor<3x16xf32> hex:c003fb31,3a9274a8,bed72e2f,3cb19bf5,be826579,bd466af0,3f8c25ba,bf3c1305,bedb9578,3fb8d999,bee0d94b,3e230b88,3ed8df38,bf71d819,3ed404fe,3f08b2d4,bdbf1fea,3ea400ae,3f34e333,bf9efc4f,be85650c,be8cff2d,400624a5,3f8a741d,3fe16f22,be421efb,bfb76714,3f5e7349,bf5ff3a4,c0098e15,bf230d6f,bfabc178,bfb70fdb,bede9a2e,3f0ebac8,3fa420cc,beb02811,3fce9421,bec0ffb5,bf7aacd5,bf01a56a,bf48d75c,3ed0d0a4,bef37fce,c016827a,3d9362cb,bf1054c1,3ed7b8fd
// INPUT: 1 tensor<3x16xf32> hex:3de5a395,bde5f912,3f82b02a,3ee8b27d,bf88c7d2,3f97764f,3cbbfcfb,3f360180,be454fd8,3f105c63,3f061c21,3e0cca82,3e0e118c,3e58c54a,3e310568,bf6ce469,bef5b219,bf807ed7,3ffa2790,3ff7e644,3f15da4a,c011ee2e,bfa97835,c02b8810,bf4b5d54,bfda8a08,be6d7bc7,3f98e9c4,3d152404,3f836d25,3e96f14e,3f980456,3e85afe3,bf6300e2,3e80b591,3fd6a12b,3ec43765,3d47547d,bf3edcd9,3f5741df,3f1566ac,be952dc7,3e15f19b,bf8c9352,3e3aacfd,3e55c116,bee6f547,befc2939
// INPUT: 2 tensor<3x16xf32> hex:3f88459e,3faeba30,3e84aff4,3f8b906b,3eefd06d,3ee85c95,bf1efe50,c0224ff2,3ee8b3bf,bdd18907,bf4322a6,3f47ff43,be4412d0,3eeec79f,3f152687,3ef94e12,3d246c6f,bf131517,bf7a5201,bf075171,3ce618e9,3fdaaac8,3f0532e2,3f3fd617,bd80be82,bfdf352c,c021f8a8,3f88b40b,3e824410,4015dadc,3fe92a3e,3fcec197,3f9c9342,bd320872,3fbe548b,bf1cc1d8,3c96214f,3f43cbc8,3d76378e,3d8d08ae,bf58cc31,be0125d3,3f9d20d2,3e312723,bdbbb99a,bf99e41c,3dd0d11b,3e7cfd1d
// INPUT: 3 tensor<3x16xf32> hex:3a46032a,3c46a5e4,3c1eafa7,3c20f490,3bb84454,3ccd21b8,3c744a8f,3c1ddc68,3acd1582,3c71782e,3c8e9982,3c845902,3b896f9d,3c475b9b,3b3bc429,3c7e130a,389bf173,3c1ba43f,3c703b5d,3b6eb4ad,3bee0785,3c7ce4af,39c64035,3b954b9e,3b3aa613,3b817bfe,3cac502f,3bd3426f,3acc6105,3b2a1876,3c1050de,3b8c3554,3bc7ad5e,3c22bea9,3c3dbe84,398e5068,3c89311d,3a8e18bf,3c278aec,3b9e0615,3cb49096,3c513b1c,3b2c6149,3caadf7c,3ab1262f,3b0cc348,3c0f13d1,3b858356
// EXPECT: 0 tensor<3x16xf32> hex:c0045308,ba170975,bed76f39,3ca4bcc9,be82b253,bd487390,3f8c3c9f,bf3b3672,bedc591d,3fb8db0f,bee07991,3e222911,3ed91042,bf72002c,3ed33ac3,3f0897af,bdbee956,3ea479af,3f3515c6,bf9eebd7,be85785a,be8db648,40061262,3f8a6148,3fe17ab7,be3ed36d,bfb71781,3f5df8f9,bf602eca,c009e9ee,bf23bf2c,bfac2a29,bfb757f6,bede8163,3f0e3bdf,3fa44376,beb0308a,3fce2a82,bec0fbc0,bf7ac08f,bf017629,bf48cab9,3ecf1bef,bef38602,c0167e24,3d9a804d,bf1059b6,3ed78410
// EXPECT: 1 tensor<3x16xf32> hex:3f7828f5,3f9bd136,3eabb1a0,3f836cd7,3ea11edb,3f06daec,bf0e81b1,c00d87ea,3ec790fb,bd122fa1,bf2235f8,3f378466,be224260,3ee1bd86,3f0aa936,3eb0fefb,bc424d27,bf1e12c0,bf2f41e4,be9069b0,3daba770,3fa79d44,3eabf84e,3ed01483,be0b47dc,bfdebda8,c013422a,3f8a5304,3e6e3503,400d70d5,3fd59f40,3fc94844,3f904287,be02dbda,3fae83d4,bec44fa7,3d60881b,3f317655,bca791ea,3e159174,bf342d81,be121199,3f8f4a29,3d3be8ab,bd839e0b,bf87d47c,3d3f1a91,3e3141f5
// EXPECT: 2 tensor<3x16xf32> hex:3a491c38,3c46a7ed,3c2f9b5a,3c242dba,3bdd801f,3cd865a0,3c740e3b,3c25fc11,3ad1bed4,3c767021,3c90b489,3c845ec5,3b89ede6,3c47e487,3b3d897a,3c85ecc6,399fadf7,3c2bff3d,3c9748d3,3bf2244f,3bf904ee,3ca8e95c,3b0ba2e4,3c4043e8,3b63d1b9,3be0dfa5,3cac94de,3c00e814,3acc592f,3b6f045a,3c119876,3bba4952,3bc9b629,3c2f76f4,3c3e9700,3b4a08ed,3c8a4200,3a8e43d6,3c307b76,3bb50899,3cb72c9f,3c52699e,3b2d9ce3,3cb49535,3ab553f7,3b0f7a4d,3c1244a8,3b8d53e2
// GENERATOR: conformance/gen/graph_optim.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module {
  func.func @main(%p: tensor<3x16xf32>, %g: tensor<3x16xf32>, %m: tensor<3x16xf32>, %v: tensor<3x16xf32>) -> (tensor<3x16xf32>, tensor<3x16xf32>, tensor<3x16xf32>) {
    %0:3 = "tessera.adam"(%p, %g, %m, %v) {lr = 1.0e-03, step = 10} : (tensor<3x16xf32>, tensor<3x16xf32>, tensor<3x16xf32>, tensor<3x16xf32>) -> (tensor<3x16xf32>, tensor<3x16xf32>, tensor<3x16xf32>)
    return %0#0, %0#1, %0#2 : tensor<3x16xf32>, tensor<3x16xf32>, tensor<3x16xf32>
  }
}

// -----

// CASE: step3_f64
// RULE: bitexact
// REQUIRES: op=tessera.adam dtype=f64 level=graph
// INPUT: 0 tensor<3x16xf64> hex:3fedc7fe76307318,4000fa9461523986,3fb7e3842f2620ad,bff3226ad6103b7f,3fe678b0c37d311a,3fd9f2594bb71343,3fe13c3c39e1c050,bff01f489d132fdb,bfb8cf9b274cce3a,bff590093b613936,3fe405f029224b47,3fe57922aae157b8,3fe21f814f9aef34,3f9bf1aed5eef612,bfdc4dbf3a365a17,bff350654193011f,3fdefe06451aba33,bf780ba15d83cdf6,3fb959d63758060d,3fe89bc41af38e17,bfeb02507f247dfe,3fe7af1e3f6ce863,3fd017844602da69,3fed8e87ca9bf334,bff9684a269e5981,3fe2086dfc6db9d0,bfc8c01b4c6a2c42,bfda77eb5951c5bc,bff1589042372f11,bfd1deb6127404b9,3fe853b9115b6773,c000ab76e9ca5677,bfcf9e80871a332f,3ff2c40c0442ec6d,3fe6da47ef15c732,400083388d6fab11,bfe3fdf79fbf3fde,bfc87ad294b3ddf4,3fd26f844be0ff0d,bff516f1221d9bd5,3ff00cb2749b4984,3ffb2ec222b55ade,3fc38ea35f8e6302,bfa2137167c01b6b,bfe4879dbc60fbed,3fe1875cfbe47f05,bfd73b3ac7b1c156,bfddf817f1eafcfb
// INPUT: 1 tensor<3x16xf64> hex:bfed5d6182df848e,bfe5ba103c73c85e,3ff7cb78dfbb31ea,bff4b94463302c29,3fd908e027025065,bfda51b0ac108758,c00085db521a786c,bfd5baa37458ebab,400389ef550b3948,3feff4fc1a6cd662,3fd3f606d1df19f0,bfe1983c09459224,3fdace152791d97a,bfecf9a7c43a0392,bffb6b4584883bf1,bfe86604f90ba05a,bffca47f3c3bf8d7,3fe34244a41e1671,bff31721a11bb631,3fe8e5fca4f72146,3ff930c89ccee0c5,bff1f1bc343c8606,3fc0845bbd909bcc,3fe322f861315e44,3f9ce83b4befe128,3fd9299a76c618dc,bfc88e7c375e4e66,3fee918ee646b295,bfec8c71681fe8e5,bfb4a34176a96f3a,bffc02882d0c32c8,bfda4ffca456e436,bfef54d94e7ad566,3fb3392e25868763,3fe4cca9649fc147,bfb16da273db70db,bfcdfc496fc12def,bfe44ca777874b09,bff9d33bf97186c3,bff256d0a3c5def8,bff0720e52133dd1,3ffd0d278858368d,bfaf0987b9b47eb6,3fdedc3297b1406b,3fcb0a5c888544b8,3fdbad792680e656,3fe570e21d11fa0d,bf90c99b5c32406d
// INPUT: 2 tensor<3x16xf64> hex:3fd0999f6901104a,3febdf4d59952fb6,bffb4863f3ce9c80,bffb149cf66ce02c,3ff413791d99c914,3fe5f9589e767f71,bfe7c9fcb5bbd82f,bfdb48719324750a,3ff011aa1f6eab9f,bfd34dfd33a3878b,c000d7ed21ea9191,3fef51a3a890a806,bff2f29e0411d569,3fe0bbf2a14eb387,bfe3631a32f8bd60,bfb27e528aaba62a,bfb4941364196900,bfd779b4af978c87,3fba9d58e304d1f3,bfb3c2acf509288b,bffb1e0de32488cd,3fea37551aefa184,3ff171b1aae14040,bfec05a78368f705,bfe173ee9c723d4c,bfcfcfba71fff454,bfd71316f6d335df,bfac1425245ec41e,3fe84fc201d3daa8,bfd326c0a78fa6d8,bffcea9fe16c9dd0,bfe99fc9cb9c60ab,bfe10b6452ee53e6,3fe5db076f25e287,3ffaba359fa52fab,bfda3826d2718368,bfbdc9f642c71a0f,3fa610394beca58c,bfdcd978b66437ae,3fb5d8d382986e50,bffe408e3bfb9095,bfe49ec18daaa2df,bfcf616519da5b7e,bfd1d569f1bf36f1,bfe1dcd3b9760552,3fc686edce0080e9,bff58a096dfcef8f,3fca78bffc4b8cc7
// INPUT: 3 tensor<3x16xf64> hex:3f8620424995fec3,3f637af06bc05d3e,3f80725bbff5c1a2,3f76d6f46e0903de,3f818663b85f5c8e,3f8f383da7a8c0c1,3f8234f21b10feea,3f883b6cfac60a88,3f89acd69ca37f88,3f85cde9b17a376c,3f637a0606913cef,3f8a4646953ab74e,3f7eb5a04018f976,3f7b50a707cd96a0,3f4bbdd9fc35e750,3f9111686185c2f7,3f70ce5992be76c1,3f5749f17e80dad8,3f6465a80c1d5f08,3f8e21f03c02556c,3f7b4c2ede84865b,3f8145d036280317,3f8cf3847084c609,3f736503667a99e1,3f85a59fbe55ec88,3f517b3008a0393c,3f7f167b6f0ae427,3f711877ba4b371e,3f5a7b389b9f3408,3f8b216d47a6c92e,3f8020af6400adf2,3f1ac01af3e93eca,3f7373a6c178d7af,3f86887519f5b523,3f832b36dff7af2f,3f39aee58f59c2a9,3f7e6dbc2df94156,3f80fabe0da34130,3f54041a171015bf,3ec49473dbfe3601,3f7d974f824cd8b8,3f6c54fda1cbbdd3,3f6a43c38f2c975b,3f465e3741458ab8,3f2ddd4fde77aafe,3f6686844a30d1d3,3f72a4abbd996309,3f6ae519417f9e33
// EXPECT: 0 tensor<3x16xf64> hex:3fedc5d2080fff81,4000f5048535c1b7,3fb898e351f39de5,bff3125a90a12b49,3fe663f66bd65248,3fd9e2f628ffa63c,3fe148df6a2ad31a,bff01c1ee5ab02ed,bfb93f63eab5d663,bff58eb836701e16,3fe443f7028eec8c,3fe56d34015361b3,3fe232dbe4352ca4,3f9b08fa47a885b9,bfdc272e692a41e0,bff34f8150c8d319,3fdf07c25de93d37,bf72c131ef5a04e2,3fb95f4995151b96,3fe89ba78dec7b03,bfeaeaa1b978a7fe,3fe7a49abdd4f4cd,3fcff7b0bf46ac2a,3fed9f6d7ea7d999,bff9645c28021913,3fe211299e3042de,bfc8a60b46e3b2fa,bfda7a1018069b8c,bff16295536bcf40,bfd1d6bb9e9c914b,3fe8703d1475b8e5,c00098518794ba7c,bfcf6be65d243ff8,3ff2bf2339a2b5ae,3fe6c006a2a512a3,40008b06cf2c91ba,bfe3fb83ba294679,bfc879124ee06ccd,3fd28ddcdffaa0fe,bff516145a5ccc06,3ff01d1ca548c39e,3ffb32c516338a9a,3fc3a923a66914d0,bfa1621356f1736c,bfe457590ff4230c,3fe18133e84b58a9,bfd705a249f0744c,bfde02c15533bf3d
// EXPECT: 1 tensor<3x16xf64> hex:3fc2225e55754eb4,3fe6e990ca944a1b,bff62ccddea73b10,bffa71e0e7b39af8,3ff2b1bf686a76fb,3fe275ed52d038bb,bfec04ee5e0072bb,bfdaba435cdce74d,3ff25eaf607f72b7,bfc5f72fb8c79e3a,bffdd1b777cd722c,3fea6d73b061a236,bff06200e2ac676e,3fd853932e4edc0a,bfe6eea57b94b66d,bfc214da55384aea,bfd01650db6a818f,bfd146ae7d359397,bf9a5d973c399a2c,3f81130d3b854a98,bff5e2f86ff297d8,3fe40173c0fec35d,3fefcff54b85ddf2,bfe74e6452f321b1,bfdf3c06baba8821,bfc79908e871f086,bfd5feb47a82ce01,3fa7a39002e8a06a,3fe30689aa6ead80,bfd1c08f0692528b,bffcd36a4f62f983,bfe8609bd911159d,bfe2792338e2c740,3fe3e90a77b3c72b,3ff91838bb1ca7c4,bfd8087a337ed916,bfc0674fc2d35052,bf993e7d8f6d5fb6,bfe225b583f700cf,bfa35c5221006952,bffcdf1b0afdeeb4,bfd97ee62edca8f2,bfcd04b19582a250,bfc9edb494ce5602,bfdeccf87a342c8a,3fc9cf54a780a216,bff25030618924b3,3fc79d5ad8502ab2
// EXPECT: 2 tensor<3x16xf64> hex:3f87d41644b8d9d5,3f673cb8291d5882,3f84f5b629bf8fc0,3f7db0395c26d1ec,3f81d2200c34eb12,3f8f88e9e018bbd3,3f8aecbeea7ad6ce,3f8871a86048eaf0,3f92eed7a00a4004,3f87d335bf5994c5,3f64410a59204563,3f8ade0ce9db568c,3f7f65b3da2b23d1,3f7ea55f5ab36138,3f6efc7584b2d06b,3f91a56e923bd4f6,3f7dea645ee8e621,3f5d3333f018c3df,3f7004f87fcd90f4,3f8f57a0e24c7871,3f82b62f6e51a4a3,3f83d4d77332375a,3f8cf4d5f7c7a9b5,3f74d70bfe8975f3,3f85a0800c2deb82,3f53ff0f66dd6fe2,3f7f351e09538b69,3f74d0f4cbefb166,3f63bf6346970895,3f8b1de3867bce40,3f866352ac619180,3f31c228c49a71af,3f775be407c3f28a,3f8685a530747e6c,3f8403ceac192faf,3f39f61491ccd7e4,3f7e9f7d5a36e266,3f81c95fb75f13ec,3f6f570a8e71f78c,3f55909a041aff11,3f80f1c2aed0bc86,3f7ba7d2b024e010,3f6a44bf222e70c3,3f4df6e652f7ee63,3f31d791afec632d,3f6808f7ec773409,3f7476a54b62cf52,3f6adec6f685d129
// GENERATOR: conformance/gen/graph_optim.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module {
  func.func @main(%p: tensor<3x16xf64>, %g: tensor<3x16xf64>, %m: tensor<3x16xf64>, %v: tensor<3x16xf64>) -> (tensor<3x16xf64>, tensor<3x16xf64>, tensor<3x16xf64>) {
    %0:3 = "tessera.adam"(%p, %g, %m, %v) {lr = 1.0e-03, step = 3} : (tensor<3x16xf64>, tensor<3x16xf64>, tensor<3x16xf64>, tensor<3x16xf64>) -> (tensor<3x16xf64>, tensor<3x16xf64>, tensor<3x16xf64>)
    return %0#0, %0#1, %0#2 : tensor<3x16xf64>, tensor<3x16xf64>, tensor<3x16xf64>
  }
}

// -----

// CASE: step3_f64_torch64
// NOTE: PyTorch's update rule in float64, rounded to the element type.
// RULE: tol:rtol=1e-5,atol=1e-7
// REQUIRES: op=tessera.adam dtype=f64 level=graph
// INPUT: 0 tensor<3x16xf64> hex:3fedc7fe76307318,4000fa9461523986,3fb7e3842f2620ad,bff3226ad6103b7f,3fe678b0c37d311a,3fd9f2594bb71343,3fe13c3c39e1c050,bff01f489d132fdb,bfb8cf9b274cce3a,bff590093b613936,3fe405f029224b47,3fe57922aae157b8,3fe21f814f9aef34,3f9bf1aed5eef612,bfdc4dbf3a365a17,bff350654193011f,3fdefe06451aba33,bf780ba15d83cdf6,3fb959d63758060d,3fe89bc41af38e17,bfeb02507f247dfe,3fe7af1e3f6ce863,3fd017844602da69,3fed8e87ca9bf334,bff9684a269e5981,3fe2086dfc6db9d0,bfc8c01b4c6a2c42,bfda77eb5951c5bc,bff1589042372f11,bfd1deb6127404b9,3fe853b9115b6773,c000ab76e9ca5677,bfcf9e80871a332f,3ff2c40c0442ec6d,3fe6da47ef15c732,400083388d6fab11,bfe3fdf79fbf3fde,bfc87ad294b3ddf4,3fd26f844be0ff0d,bff516f1221d9bd5,3ff00cb2749b4984,3ffb2ec222b55ade,3fc38ea35f8e6302,bfa2137167c01b6b,bfe4879dbc60fbed,3fe1875cfbe47f05,bfd73b3ac7b1c156,bfddf817f1eafcfb
// INPUT: 1 tensor<3x16xf64> hex:bfed5d6182df848e,bfe5ba103c73c85e,3ff7cb78dfbb31ea,bff4b94463302c29,3fd908e027025065,bfda51b0ac108758,c00085db521a786c,bfd5baa37458ebab,400389ef550b3948,3feff4fc1a6cd662,3fd3f606d1df19f0,bfe1983c09459224,3fdace152791d97a,bfecf9a7c43a0392,bffb6b4584883bf1,bfe86604f90ba05a,bffca47f3c3bf8d7,3fe34244a41e1671,bff31721a11bb631,3fe8e5fca4f72146,3ff930c89ccee0c5,bff1f1bc343c8606,3fc0845bbd909bcc,3fe322f861315e44,3f9ce83b4befe128,3fd9299a76c618dc,bfc88e7c375e4e66,3fee918ee646b295,bfec8c71681fe8e5,bfb4a34176a96f3a,bffc02882d0c32c8,bfda4ffca456e436,bfef54d94e7ad566,3fb3392e25868763,3fe4cca9649fc147,bfb16da273db70db,bfcdfc496fc12def,bfe44ca777874b09,bff9d33bf97186c3,bff256d0a3c5def8,bff0720e52133dd1,3ffd0d278858368d,bfaf0987b9b47eb6,3fdedc3297b1406b,3fcb0a5c888544b8,3fdbad792680e656,3fe570e21d11fa0d,bf90c99b5c32406d
// INPUT: 2 tensor<3x16xf64> hex:3fd0999f6901104a,3febdf4d59952fb6,bffb4863f3ce9c80,bffb149cf66ce02c,3ff413791d99c914,3fe5f9589e767f71,bfe7c9fcb5bbd82f,bfdb48719324750a,3ff011aa1f6eab9f,bfd34dfd33a3878b,c000d7ed21ea9191,3fef51a3a890a806,bff2f29e0411d569,3fe0bbf2a14eb387,bfe3631a32f8bd60,bfb27e528aaba62a,bfb4941364196900,bfd779b4af978c87,3fba9d58e304d1f3,bfb3c2acf509288b,bffb1e0de32488cd,3fea37551aefa184,3ff171b1aae14040,bfec05a78368f705,bfe173ee9c723d4c,bfcfcfba71fff454,bfd71316f6d335df,bfac1425245ec41e,3fe84fc201d3daa8,bfd326c0a78fa6d8,bffcea9fe16c9dd0,bfe99fc9cb9c60ab,bfe10b6452ee53e6,3fe5db076f25e287,3ffaba359fa52fab,bfda3826d2718368,bfbdc9f642c71a0f,3fa610394beca58c,bfdcd978b66437ae,3fb5d8d382986e50,bffe408e3bfb9095,bfe49ec18daaa2df,bfcf616519da5b7e,bfd1d569f1bf36f1,bfe1dcd3b9760552,3fc686edce0080e9,bff58a096dfcef8f,3fca78bffc4b8cc7
// INPUT: 3 tensor<3x16xf64> hex:3f8620424995fec3,3f637af06bc05d3e,3f80725bbff5c1a2,3f76d6f46e0903de,3f818663b85f5c8e,3f8f383da7a8c0c1,3f8234f21b10feea,3f883b6cfac60a88,3f89acd69ca37f88,3f85cde9b17a376c,3f637a0606913cef,3f8a4646953ab74e,3f7eb5a04018f976,3f7b50a707cd96a0,3f4bbdd9fc35e750,3f9111686185c2f7,3f70ce5992be76c1,3f5749f17e80dad8,3f6465a80c1d5f08,3f8e21f03c02556c,3f7b4c2ede84865b,3f8145d036280317,3f8cf3847084c609,3f736503667a99e1,3f85a59fbe55ec88,3f517b3008a0393c,3f7f167b6f0ae427,3f711877ba4b371e,3f5a7b389b9f3408,3f8b216d47a6c92e,3f8020af6400adf2,3f1ac01af3e93eca,3f7373a6c178d7af,3f86887519f5b523,3f832b36dff7af2f,3f39aee58f59c2a9,3f7e6dbc2df94156,3f80fabe0da34130,3f54041a171015bf,3ec49473dbfe3601,3f7d974f824cd8b8,3f6c54fda1cbbdd3,3f6a43c38f2c975b,3f465e3741458ab8,3f2ddd4fde77aafe,3f6686844a30d1d3,3f72a4abbd996309,3f6ae519417f9e33
// EXPECT: 0 tensor<3x16xf64> hex:3fedc5d2080fff81,4000f5048535c1b7,3fb898e351f39de5,bff3125a90a12b49,3fe663f66bd65248,3fd9e2f628ffa63c,3fe148df6a2ad31a,bff01c1ee5ab02ed,bfb93f63eab5d663,bff58eb836701e16,3fe443f7028eec8c,3fe56d34015361b3,3fe232dbe4352ca4,3f9b08fa47a885b9,bfdc272e692a41e0,bff34f8150c8d319,3fdf07c25de93d37,bf72c131ef5a04e2,3fb95f4995151b96,3fe89ba78dec7b03,bfeaeaa1b978a7fe,3fe7a49abdd4f4cd,3fcff7b0bf46ac2a,3fed9f6d7ea7d999,bff9645c28021913,3fe211299e3042de,bfc8a60b46e3b2fa,bfda7a1018069b8c,bff16295536bcf40,bfd1d6bb9e9c914b,3fe8703d1475b8e5,c00098518794ba7c,bfcf6be65d243ff8,3ff2bf2339a2b5ae,3fe6c006a2a512a3,40008b06cf2c91ba,bfe3fb83ba294679,bfc879124ee06ccd,3fd28ddcdffaa0fe,bff516145a5ccc06,3ff01d1ca548c39e,3ffb32c516338a9a,3fc3a923a66914d0,bfa1621356f1736c,bfe457590ff4230c,3fe18133e84b58a9,bfd705a249f0744c,bfde02c15533bf3d
// EXPECT: 1 tensor<3x16xf64> hex:3fc2225e55754eb4,3fe6e990ca944a1b,bff62ccddea73b10,bffa71e0e7b39af8,3ff2b1bf686a76fb,3fe275ed52d038bb,bfec04ee5e0072bb,bfdaba435cdce74d,3ff25eaf607f72b7,bfc5f72fb8c79e3a,bffdd1b777cd722c,3fea6d73b061a236,bff06200e2ac676e,3fd853932e4edc0a,bfe6eea57b94b66d,bfc214da55384aea,bfd01650db6a818f,bfd146ae7d359397,bf9a5d973c399a2c,3f81130d3b854a98,bff5e2f86ff297d8,3fe40173c0fec35d,3fefcff54b85ddf2,bfe74e6452f321b1,bfdf3c06baba8821,bfc79908e871f086,bfd5feb47a82ce01,3fa7a39002e8a06a,3fe30689aa6ead80,bfd1c08f0692528b,bffcd36a4f62f983,bfe8609bd911159d,bfe2792338e2c740,3fe3e90a77b3c72b,3ff91838bb1ca7c4,bfd8087a337ed916,bfc0674fc2d35052,bf993e7d8f6d5fb6,bfe225b583f700cf,bfa35c5221006952,bffcdf1b0afdeeb4,bfd97ee62edca8f2,bfcd04b19582a250,bfc9edb494ce5602,bfdeccf87a342c8a,3fc9cf54a780a216,bff25030618924b3,3fc79d5ad8502ab2
// EXPECT: 2 tensor<3x16xf64> hex:3f87d41644b8d9d5,3f673cb8291d5882,3f84f5b629bf8fc0,3f7db0395c26d1ec,3f81d2200c34eb12,3f8f88e9e018bbd3,3f8aecbeea7ad6ce,3f8871a86048eaf0,3f92eed7a00a4004,3f87d335bf5994c5,3f64410a59204563,3f8ade0ce9db568c,3f7f65b3da2b23d1,3f7ea55f5ab36138,3f6efc7584b2d06b,3f91a56e923bd4f6,3f7dea645ee8e622,3f5d3333f018c3df,3f7004f87fcd90f4,3f8f57a0e24c7871,3f82b62f6e51a4a3,3f83d4d77332375a,3f8cf4d5f7c7a9b5,3f74d70bfe8975f2,3f85a0800c2deb82,3f53ff0f66dd6fe2,3f7f351e09538b69,3f74d0f4cbefb166,3f63bf6346970895,3f8b1de3867bce40,3f866352ac619180,3f31c228c49a71af,3f775be407c3f28a,3f8685a530747e6c,3f8403ceac192faf,3f39f61491ccd7e4,3f7e9f7d5a36e266,3f81c95fb75f13ec,3f6f570a8e71f78a,3f55909a041aff11,3f80f1c2aed0bc86,3f7ba7d2b024e010,3f6a44bf222e70c3,3f4df6e652f7ee63,3f31d791afec632d,3f6808f7ec773409,3f7476a54b62cf52,3f6adec6f685d129
// GENERATOR: conformance/gen/graph_optim.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module {
  func.func @main(%p: tensor<3x16xf64>, %g: tensor<3x16xf64>, %m: tensor<3x16xf64>, %v: tensor<3x16xf64>) -> (tensor<3x16xf64>, tensor<3x16xf64>, tensor<3x16xf64>) {
    %0:3 = "tessera.adam"(%p, %g, %m, %v) {lr = 1.0e-03, step = 3} : (tensor<3x16xf64>, tensor<3x16xf64>, tensor<3x16xf64>, tensor<3x16xf64>) -> (tensor<3x16xf64>, tensor<3x16xf64>, tensor<3x16xf64>)
    return %0#0, %0#1, %0#2 : tensor<3x16xf64>, tensor<3x16xf64>, tensor<3x16xf64>
  }
}

// -----

// CASE: step_operand_f32
// NOTE: The step count as a rank-0 operand (4) instead of the attribute.
// RULE: bitexact
// REQUIRES: op=tessera.adam dtype=f32 level=graph
// INPUT: 0 tensor<8xf32> hex:3fe415aa,3fb25d0f,bf1cf896,3e031c6b,3e1d6a3f,bf690b32,bf85ea78,bf00f92c
// INPUT: 1 tensor<8xf32> hex:3f08f6a6,3fb3cb04,bf85cb64,bfac09d1,3f418ef3,bfc5745e,bf43d753,3dd5579e
// INPUT: 2 tensor<8xf32> hex:bf26fe76,3fa06d23,3f69a39a,bfaee3c3,beaaf255,be9b46f2,be171174,bf279c4f
// INPUT: 3 tensor<8xf32> hex:3c0da0b4,3c4602f6,3c169338,3bf1c7ba,3bc0ddcf,3c8d0302,39b98c18,3c75ba70
// INPUT: 4 tensor<i64> hex:0000000000000004
// EXPECT: 0 tensor<8xf32> hex:3fe569d6,3fafd892,bf204c5b,3e1de7ea,3e22af02,bf679b76,bf844f2b,befd7fb7
// EXPECT: 1 tensor<8xf32> hex:bf089926,3fa25ced,3f37842a,bfae9ac4,be6647d0,bedabb33,be564c3c,bf142ec8
// EXPECT: 2 tensor<8xf32> hex:3c122d05,3c66239b,3c285352,3c165dcc,3bd367ef,3ca05d6a,3a761888,3c75a90c
// GENERATOR: conformance/gen/graph_optim.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module {
  func.func @main(%p: tensor<8xf32>, %g: tensor<8xf32>, %m: tensor<8xf32>, %v: tensor<8xf32>, %t: tensor<i64>) -> (tensor<8xf32>, tensor<8xf32>, tensor<8xf32>) {
    %0:3 = "tessera.adam"(%p, %g, %m, %v, %t) {lr = 1.0e-02} : (tensor<8xf32>, tensor<8xf32>, tensor<8xf32>, tensor<8xf32>, tensor<i64>) -> (tensor<8xf32>, tensor<8xf32>, tensor<8xf32>)
    return %0#0, %0#1, %0#2 : tensor<8xf32>, tensor<8xf32>, tensor<8xf32>
  }
}

// -----

// CASE: step_operand_f64_ui8
// NOTE: A ui8 step operand (200) on f64.
// RULE: bitexact
// REQUIRES: op=tessera.adam dtype=f64 level=graph
// INPUT: 0 tensor<2x5xf64> hex:bfdc37a90cc29a4e,bfd40b7767f5e373,bfe1f3cfa75d6d15,bff62f777510de0e,bfb2c70cc97dda6c,3fc9eac352425166,3feb446a3ce7cfc3,3fd5d44863f71653,3ff965dbc59a2054,bfe06979cf33108a
// INPUT: 1 tensor<2x5xf64> hex:3fcbd0076df8c341,bfdc0febd7576968,bfe85b0ac4219033,c00157839787d64a,3fe156d52070b5fe,bfe3083ab406e58e,3fcc3c98b88935cd,3fe4bbbabfc6794d,4001df05113547fa,bff63029353e7ca0
// INPUT: 2 tensor<2x5xf64> hex:3fe6b9ee2a978f98,bfe29711d5dfaf74,bfb30d9e2cc98233,bffcc79cd6af805d,3fc2c6d9a99c04b7,bfea3b9949f1d3e6,bfe6fe4329a2a17e,3fd9482946479f6b,3ff1ef47042b7728,3fadfe20a53e2e93
// INPUT: 3 tensor<2x5xf64> hex:3f84006441d57d96,3f765c88893b2c0a,3f90861654d190da,3f901e070360b1ae,3f83fa28d49ada49,3f75e04a82043d8e,3f7d81d1279c7558,3f873464749e8c93,3f89b8c6c3a7ba50,3f886f437b1335b1
// INPUT: 4 tensor<ui8> hex:c8
// EXPECT: 0 tensor<2x5xf64> hex:bfde096088b1a732,bfd1fd4382a509af,bfe1cd2e726bacb7,bff54f6a4aac700a,bfb4cdbe1c7da172,3fcfadc178a0a205,3fec446a2971a5dc,3fd4c59c133ff210,3ff8c38e33235527,bfe04ffd2d3706ec
// EXPECT: 1 tensor<2x5xf64> hex:3fe5262355e1d2ea,bfe2225bd80daffa,bfc250f1e29b4dde,bffd5ec112b91e63,3fc7d5b2bf39803e,bfe9834307c0bc10,bfe3fcebd40eefff,3fdae67db26827bd,3ff3b72753fe933c,bfb60119a46e65a2
// EXPECT: 2 tensor<2x5xf64> hex:3f84140649df6f04,3f772067c7b5a427,3f9119b72dad0d13,3f94e9bb4eb691a4,3f848efa12f4e95f,3f774d9b4ea12688,3f7dad4a879769f2,3f880a8bb3222fd6,3f91f5456db75d73,3f8c5943f65acc53
// GENERATOR: conformance/gen/graph_optim.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module {
  func.func @main(%p: tensor<2x5xf64>, %g: tensor<2x5xf64>, %m: tensor<2x5xf64>, %v: tensor<2x5xf64>, %t: tensor<ui8>) -> (tensor<2x5xf64>, tensor<2x5xf64>, tensor<2x5xf64>) {
    %0:3 = "tessera.adam"(%p, %g, %m, %v, %t) {lr = 1.0e-02} : (tensor<2x5xf64>, tensor<2x5xf64>, tensor<2x5xf64>, tensor<2x5xf64>, tensor<ui8>) -> (tensor<2x5xf64>, tensor<2x5xf64>, tensor<2x5xf64>)
    return %0#0, %0#1, %0#2 : tensor<2x5xf64>, tensor<2x5xf64>, tensor<2x5xf64>
  }
}
