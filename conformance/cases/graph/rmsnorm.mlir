// tessera.rmsnorm: sequential sums per row, bitexact.
// Generated file: edit the generator named in each case, then rerun it.

// CASE: plain_f32
// RULE: bitexact
// REQUIRES: op=tessera.rmsnorm dtype=f32 level=graph
// INPUT: 0 tensor<4x16xf32> hex:404eed59,bff6e507,403fd836,401eafed,4091e672,40b373bc,c013a70e,406695cf,40777a05,4083ca42,3fcbf589,3e9661f1,bfb3b9cf,3e48e10d,bf02fcec,409fbcfe,400464eb,bfaa3b81,3feba0ea,bf84162c,40813903,4083b9e8,3fc87143,c06b46d3,bfa9ffcf,40e9d045,40a52426,409edf92,409897d4,c032ce7f,3f98f5f1,3ec05bb7,4063286d,40ba1537,3f8ad2e0,4080b3d4,bf12bbcb,407658f1,40714d7d,c082e9b6,c03b83ca,40d518aa,4090c3bf,407012c2,c068638b,3fbb0c85,408cbc4e,406f8840,40cc30c7,be5f43fa,bfeed201,406894b2,3fb87123,4058fb57,40883c73,40acc88d,3fb87fd4,bea5f9f1,3fa55700,bf54a01d,3dd5a931,bfa94400,4020acb3,407fda80
// EXPECT: 0 tensor<4x16xf32> hex:3f823b6c,bf1b62da,3f717abc,3f47be53,3fb7a5ea,3fe1e176,bf39da97,3f911f21,3f9bc09f,3fa5e32b,3f005d39,3dbd4a4c,bee239aa,3d7cd9f6,be24e0b4,3fc91101,3f1670a4,bec16f8a,3f05df6e,be961729,3f92d611,3f95ae51,3ee3c36f,bf85ac3f,bec12bb5,4004d771,3fbba688,3fb4873f,3fad645d,bf4b2db7,3eadcf4e,3dda93cd,3f67baad,3fbdd3dc,3e8d9e0e,3f834add,be15afb9,3f7b4e0d,3f76289c,bf858c23,bf3f49cf,3fd96279,3f93ad88,3f74e78b,bf6d10be,3ebed024,3f8f9155,3f745a40,4006c84a,bd935f9a,bf1da410,3f9985b5,3ef37e50,3f8f39c5,3fb3da98,3fe41a2c,3ef391b5,bddb1da5,3eda4689,be8c59a1,3d0d089a,bedf754c,3f541ddd,3fa8e258
// GENERATOR: conformance/gen/graph_norm.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module {
  func.func @main(%x: tensor<4x16xf32>) -> tensor<4x16xf32> {
    %0 = "tessera.rmsnorm"(%x) : (tensor<4x16xf32>) -> tensor<4x16xf32>
    return %0 : tensor<4x16xf32>
  }
}

// -----

// CASE: plain_f32_f64ref
// NOTE: Same program against the float64 formula.
// RULE: tol:rtol=1e-4,atol=1e-5
// REQUIRES: op=tessera.rmsnorm dtype=f32 level=graph
// INPUT: 0 tensor<4x16xf32> hex:404eed59,bff6e507,403fd836,401eafed,4091e672,40b373bc,c013a70e,406695cf,40777a05,4083ca42,3fcbf589,3e9661f1,bfb3b9cf,3e48e10d,bf02fcec,409fbcfe,400464eb,bfaa3b81,3feba0ea,bf84162c,40813903,4083b9e8,3fc87143,c06b46d3,bfa9ffcf,40e9d045,40a52426,409edf92,409897d4,c032ce7f,3f98f5f1,3ec05bb7,4063286d,40ba1537,3f8ad2e0,4080b3d4,bf12bbcb,407658f1,40714d7d,c082e9b6,c03b83ca,40d518aa,4090c3bf,407012c2,c068638b,3fbb0c85,408cbc4e,406f8840,40cc30c7,be5f43fa,bfeed201,406894b2,3fb87123,4058fb57,40883c73,40acc88d,3fb87fd4,bea5f9f1,3fa55700,bf54a01d,3dd5a931,bfa94400,4020acb3,407fda80
// EXPECT: 0 tensor<4x16xf32> hex:3f823b6c,bf1b62db,3f717abc,3f47be53,3fb7a5ea,3fe1e176,bf39da97,3f911f21,3f9bc0a0,3fa5e32b,3f005d39,3dbd4a4c,bee239ab,3d7cd9f7,be24e0b5,3fc91101,3f1670a3,bec16f89,3f05df6e,be961728,3f92d611,3f95ae51,3ee3c36f,bf85ac3e,bec12bb4,4004d771,3fbba688,3fb4873e,3fad645c,bf4b2db7,3eadcf4d,3dda93cc,3f67baac,3fbdd3db,3e8d9e0d,3f834add,be15afb8,3f7b4e0c,3f76289b,bf858c22,bf3f49ce,3fd96278,3f93ad87,3f74e78a,bf6d10bd,3ebed023,3f8f9154,3f745a3f,4006c849,bd935f98,bf1da40f,3f9985b4,3ef37e4e,3f8f39c4,3fb3da97,3fe41a2a,3ef391b3,bddb1da3,3eda4687,be8c59a0,3d0d0899,bedf754b,3f541ddb,3fa8e257
// GENERATOR: conformance/gen/graph_norm.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module {
  func.func @main(%x: tensor<4x16xf32>) -> tensor<4x16xf32> {
    %0 = "tessera.rmsnorm"(%x) : (tensor<4x16xf32>) -> tensor<4x16xf32>
    return %0 : tensor<4x16xf32>
  }
}

// -----

// CASE: gamma_f32
// RULE: bitexact
// REQUIRES: op=tessera.rmsnorm dtype=f32 level=graph
// INPUT: 0 tensor<4x16xf32> hex:404eed59,bff6e507,403fd836,401eafed,4091e672,40b373bc,c013a70e,406695cf,40777a05,4083ca42,3fcbf589,3e9661f1,bfb3b9cf,3e48e10d,bf02fcec,409fbcfe,400464eb,bfaa3b81,3feba0ea,bf84162c,40813903,4083b9e8,3fc87143,c06b46d3,bfa9ffcf,40e9d045,40a52426,409edf92,409897d4,c032ce7f,3f98f5f1,3ec05bb7,4063286d,40ba1537,3f8ad2e0,4080b3d4,bf12bbcb,407658f1,40714d7d,c082e9b6,c03b83ca,40d518aa,4090c3bf,407012c2,c068638b,3fbb0c85,408cbc4e,406f8840,40cc30c7,be5f43fa,bfeed201,406894b2,3fb87123,4058fb57,40883c73,40acc88d,3fb87fd4,bea5f9f1,3fa55700,bf54a01d,3dd5a931,bfa94400,4020acb3,407fda80
// INPUT: 1 tensor<16xf32> hex:bf7530db,bf2f6ab6,bfd5ccab,bfcfdbcf,3f719804,beb1fc9d,3f4eef8e,3f369bcf,bf1a521c,c00506f2,3f008ea2,bfc712ff,3e9edc26,3f239a30,3ec99029,3d9cc3e8
// EXPECT: 0 tensor<4x16xf32> hex:bf797772,3ed4f2b1,bfc9ac2e,bfa22e66,3fad503f,bf1d0bc7,bf163bd0,3f4f08e9,bf3bc7a9,c02c670b,3e80ec43,be1332cd,be0c6222,3d219712,bd81d146,3df64076,bf101683,3e848be1,bf5f9bdc,3ef3bb33,3f8a92b7,bed02273,3eb81c65,bf3eb3a0,3e68e480,c08a0f11,3f3c77a2,c00c6287,3ed7321b,bf01d87b,3e08d9a5,3c05d956,bf5df1e1,bf8212f4,beec8b74,bfd53488,be0d4350,beaeb8f2,3f46fb06,bf3e85d1,3ee69f82,c061ec1d,3f145217,bfbe7229,be931c33,3e73e2e8,3ee213e9,3d95a1fd,c0011768,3d49f791,3f83a789,bff94dde,3ee5ca80,bec7288c,3f916233,3fa2b570,be92d3c6,3e63b8b1,3e5b39c4,3eda482d,3c2f092f,be8ece46,3ea702e5,3dced656
// GENERATOR: conformance/gen/graph_norm.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module {
  func.func @main(%x: tensor<4x16xf32>, %g: tensor<16xf32>) -> tensor<4x16xf32> {
    %0 = "tessera.rmsnorm"(%x, %g) : (tensor<4x16xf32>, tensor<16xf32>) -> tensor<4x16xf32>
    return %0 : tensor<4x16xf32>
  }
}

// -----

// CASE: gamma_f32_f64ref
// NOTE: Same program against the float64 formula.
// RULE: tol:rtol=1e-4,atol=1e-5
// REQUIRES: op=tessera.rmsnorm dtype=f32 level=graph
// INPUT: 0 tensor<4x16xf32> hex:404eed59,bff6e507,403fd836,401eafed,4091e672,40b373bc,c013a70e,406695cf,40777a05,4083ca42,3fcbf589,3e9661f1,bfb3b9cf,3e48e10d,bf02fcec,409fbcfe,400464eb,bfaa3b81,3feba0ea,bf84162c,40813903,4083b9e8,3fc87143,c06b46d3,bfa9ffcf,40e9d045,40a52426,409edf92,409897d4,c032ce7f,3f98f5f1,3ec05bb7,4063286d,40ba1537,3f8ad2e0,4080b3d4,bf12bbcb,407658f1,40714d7d,c082e9b6,c03b83ca,40d518aa,4090c3bf,407012c2,c068638b,3fbb0c85,408cbc4e,406f8840,40cc30c7,be5f43fa,bfeed201,406894b2,3fb87123,4058fb57,40883c73,40acc88d,3fb87fd4,bea5f9f1,3fa55700,bf54a01d,3dd5a931,bfa94400,4020acb3,407fda80
// INPUT: 1 tensor<16xf32> hex:bf7530db,bf2f6ab6,bfd5ccab,bfcfdbcf,3f719804,beb1fc9d,3f4eef8e,3f369bcf,bf1a521c,c00506f2,3f008ea2,bfc712ff,3e9edc26,3f239a30,3ec99029,3d9cc3e8
// EXPECT: 0 tensor<4x16xf32> hex:bf797772,3ed4f2b2,bfc9ac2e,bfa22e67,3fad503f,bf1d0bc7,bf163bd0,3f4f08e9,bf3bc7aa,c02c670b,3e80ec43,be1332cd,be0c6222,3d219713,bd81d147,3df64076,bf101682,3e848be1,bf5f9bdc,3ef3bb31,3f8a92b7,bed02272,3eb81c65,bf3eb3a0,3e68e47f,c08a0f10,3f3c77a2,c00c6286,3ed73219,bf01d87b,3e08d9a4,3c05d955,bf5df1e0,bf8212f3,beec8b73,bfd53488,be0d434f,beaeb8f1,3f46fb05,bf3e85d0,3ee69f81,c061ec1c,3f145217,bfbe7229,be931c32,3e73e2e7,3ee213e8,3d95a1fc,c0011767,3d49f78f,3f83a788,bff94ddc,3ee5ca7e,bec7288a,3f916232,3fa2b56e,be92d3c5,3e63b8af,3e5b39c2,3eda482a,3c2f092d,be8ece45,3ea702e4,3dced655
// GENERATOR: conformance/gen/graph_norm.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module {
  func.func @main(%x: tensor<4x16xf32>, %g: tensor<16xf32>) -> tensor<4x16xf32> {
    %0 = "tessera.rmsnorm"(%x, %g) : (tensor<4x16xf32>, tensor<16xf32>) -> tensor<4x16xf32>
    return %0 : tensor<4x16xf32>
  }
}

// -----

// CASE: axis1_gamma_f32
// NOTE: Normalises over the trailing 4x5 block.
// RULE: bitexact
// REQUIRES: op=tessera.rmsnorm dtype=f32 level=graph
// INPUT: 0 tensor<3x4x5xf32> hex:bf590f7d,3fc9089c,4095c926,418807db,bfbbf76a,40a9d3b7,c08b92ad,415dbcab,40915213,c0e2bd3d,c1c8810b,c0f34a70,c014addb,4172abb4,c1013abf,c04838be,c03b0f84,c0864d43,412925ef,40837719,c0e63a04,c1294d7a,3fd0767e,414b2060,412e1bb2,416333b7,40a33bbc,413a3ba4,404f09ab,c1b4c631,c104a6ef,c194a9ae,c0abdb08,41044461,c0b3fcee,40ace917,40339e25,4100dbb4,40b04d19,c093a839,40fa3eda,c0b3336d,416ddeba,414df957,40836645,c143d652,4110a1ea,4194889c,bf8f9b80,c0056f8a,c12b4f2f,be9e06ff,416dd527,c00d152f,bfe153f9,40a4d24b,c0056c86,400e5b4c,40db2bc0,c0ef6c4f
// INPUT: 1 tensor<4x5xf32> hex:bfa0004e,3f06f4df,bf6e4b6f,bfab2c5b,be8abba9,bf072b6b,3f2a6aa2,bfc1355d,bf8455b2,3fdefaac,bf07c368,3efed479,3e4d5a38,be23e349,bd140068,3f478c97,3e4c6057,3fb57963,bf8e55b1,bf0dc035
// EXPECT: 0 tensor<3x4x5xf32> hex:3de63c71,3db3dbe4,beec9f1a,c01a5cd7,3d2cdfc0,be982dde,be9dae9f,c00e0148,befefa0a,bfa7954a,3fb47522,becd8074,bd4a6771,be83d3a5,3cfd9654,be846f2d,bd7d71b8,bf21926e,bf9f9afd,be77143a,3f64b5b9,bf0ddc7a,be1a365c,bfd7e0ca,be95f865,bf3ead33,3eacb6b4,bfdf6725,beaa1c23,c07a44d7,3edfa19d,bf6b3634,bddb1d1d,be069665,3ca56481,3ed63a86,3d63ebff,3f913054,bf1bcd3c,3e81f3f3,bf8da8cf,beab20a7,bfc88b4c,bff97aa7,be00fdb4,3f3b4f43,3f2e6825,c04b10d9,3e067936,bed288b5,3f2491c9,bc8e7998,3eaccb1d,3d239bd7,3bebf9ce,3ee8ba80,bd40f3d1,3eb6cd09,bf5cbd44,3ef025ac
// GENERATOR: conformance/gen/graph_norm.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module {
  func.func @main(%x: tensor<3x4x5xf32>, %g: tensor<4x5xf32>) -> tensor<3x4x5xf32> {
    %0 = "tessera.rmsnorm"(%x, %g) {axis = 1} : (tensor<3x4x5xf32>, tensor<4x5xf32>) -> tensor<3x4x5xf32>
    return %0 : tensor<3x4x5xf32>
  }
}

// -----

// CASE: axis1_gamma_f32_f64ref
// NOTE: Same program against the float64 formula.
// RULE: tol:rtol=1e-4,atol=1e-5
// REQUIRES: op=tessera.rmsnorm dtype=f32 level=graph
// INPUT: 0 tensor<3x4x5xf32> hex:bf590f7d,3fc9089c,4095c926,418807db,bfbbf76a,40a9d3b7,c08b92ad,415dbcab,40915213,c0e2bd3d,c1c8810b,c0f34a70,c014addb,4172abb4,c1013abf,c04838be,c03b0f84,c0864d43,412925ef,40837719,c0e63a04,c1294d7a,3fd0767e,414b2060,412e1bb2,416333b7,40a33bbc,413a3ba4,404f09ab,c1b4c631,c104a6ef,c194a9ae,c0abdb08,41044461,c0b3fcee,40ace917,40339e25,4100dbb4,40b04d19,c093a839,40fa3eda,c0b3336d,416ddeba,414df957,40836645,c143d652,4110a1ea,4194889c,bf8f9b80,c0056f8a,c12b4f2f,be9e06ff,416dd527,c00d152f,bfe153f9,40a4d24b,c0056c86,400e5b4c,40db2bc0,c0ef6c4f
// INPUT: 1 tensor<4x5xf32> hex:bfa0004e,3f06f4df,bf6e4b6f,bfab2c5b,be8abba9,bf072b6b,3f2a6aa2,bfc1355d,bf8455b2,3fdefaac,bf07c368,3efed479,3e4d5a38,be23e349,bd140068,3f478c97,3e4c6057,3fb57963,bf8e55b1,bf0dc035
// EXPECT: 0 tensor<3x4x5xf32> hex:3de63c71,3db3dbe3,beec9f1a,c01a5cd7,3d2cdfbf,be982dde,be9dae9e,c00e0148,befefa09,bfa7954a,3fb47521,becd8073,bd4a6770,be83d3a5,3cfd9654,be846f2c,bd7d71b6,bf21926e,bf9f9afc,be771439,3f64b5b8,bf0ddc7a,be1a365c,bfd7e0ca,be95f865,bf3ead33,3eacb6b2,bfdf6724,beaa1c22,c07a44d5,3edfa19d,bf6b3633,bddb1d1d,be069665,3ca56481,3ed63a85,3d63ebfe,3f913053,bf1bcd3c,3e81f3f2,bf8da8ce,beab20a6,bfc88b4a,bff97aa6,be00fdb3,3f3b4f43,3f2e6824,c04b10d8,3e067936,bed288b4,3f2491c8,bc8e7998,3eaccb1b,3d239bd6,3bebf9cd,3ee8ba7e,bd40f3cf,3eb6cd09,bf5cbd42,3ef025ab
// GENERATOR: conformance/gen/graph_norm.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module {
  func.func @main(%x: tensor<3x4x5xf32>, %g: tensor<4x5xf32>) -> tensor<3x4x5xf32> {
    %0 = "tessera.rmsnorm"(%x, %g) {axis = 1} : (tensor<3x4x5xf32>, tensor<4x5xf32>) -> tensor<3x4x5xf32>
    return %0 : tensor<3x4x5xf32>
  }
}

// -----

// CASE: eps_f32
// NOTE: epsilon = 0.5 (rounded to f32 before the add).
// RULE: bitexact
// REQUIRES: op=tessera.rmsnorm dtype=f32 level=graph
// INPUT: 0 tensor<4x16xf32> hex:404eed59,bff6e507,403fd836,401eafed,4091e672,40b373bc,c013a70e,406695cf,40777a05,4083ca42,3fcbf589,3e9661f1,bfb3b9cf,3e48e10d,bf02fcec,409fbcfe,400464eb,bfaa3b81,3feba0ea,bf84162c,40813903,4083b9e8,3fc87143,c06b46d3,bfa9ffcf,40e9d045,40a52426,409edf92,409897d4,c032ce7f,3f98f5f1,3ec05bb7,4063286d,40ba1537,3f8ad2e0,4080b3d4,bf12bbcb,407658f1,40714d7d,c082e9b6,c03b83ca,40d518aa,4090c3bf,407012c2,c068638b,3fbb0c85,408cbc4e,406f8840,40cc30c7,be5f43fa,bfeed201,406894b2,3fb87123,4058fb57,40883c73,40acc88d,3fb87fd4,bea5f9f1,3fa55700,bf54a01d,3dd5a931,bfa94400,4020acb3,407fda80
// EXPECT: 0 tensor<4x16xf32> hex:3f7e3f0a,bf17ad3a,3f6bb6f5,3f42f99d,3fb34391,3fdc7d04,bf356ac3,3f8da83b,3f9808c2,3fa1ed5d,3efa997a,3db8c578,bedcd31d,3d76d0b0,be20f112,3fc44435,3f137e6b,bebda5c3,3f034045,be9326b1,3f8ff5ea,3f92bfe7,3edf4d8f,bf830e16,bebd6342,40023d73,3fb7f9c2,3fb0fe2e,3fa9ff13,bf473318,3eaa67eb,3dd64bfb,3f640cff,3fbad075,3e8b5e90,3f813555,be134f71,3f7750d3,3f72404b,bf836d70,bf3c4079,3fd5ef16,3f915569,3f710453,bf694d61,3ebbc8bc,3f8d49eb,3f707946,40034169,bd8f8460,bf19840f,3f95814b,3eed1f33,3f8b7a54,3faf25ca,3fde2229,3eed3216,bdd561d5,3ed4905a,be88ad73,3d0957d8,bed99c66,3f4e90f0,3fa47706
// GENERATOR: conformance/gen/graph_norm.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module {
  func.func @main(%x: tensor<4x16xf32>) -> tensor<4x16xf32> {
    %0 = "tessera.rmsnorm"(%x) {epsilon = 0.5} : (tensor<4x16xf32>) -> tensor<4x16xf32>
    return %0 : tensor<4x16xf32>
  }
}

// -----

// CASE: eps_f32_f64ref
// NOTE: Same program against the float64 formula.
// RULE: tol:rtol=1e-4,atol=1e-5
// REQUIRES: op=tessera.rmsnorm dtype=f32 level=graph
// INPUT: 0 tensor<4x16xf32> hex:404eed59,bff6e507,403fd836,401eafed,4091e672,40b373bc,c013a70e,406695cf,40777a05,4083ca42,3fcbf589,3e9661f1,bfb3b9cf,3e48e10d,bf02fcec,409fbcfe,400464eb,bfaa3b81,3feba0ea,bf84162c,40813903,4083b9e8,3fc87143,c06b46d3,bfa9ffcf,40e9d045,40a52426,409edf92,409897d4,c032ce7f,3f98f5f1,3ec05bb7,4063286d,40ba1537,3f8ad2e0,4080b3d4,bf12bbcb,407658f1,40714d7d,c082e9b6,c03b83ca,40d518aa,4090c3bf,407012c2,c068638b,3fbb0c85,408cbc4e,406f8840,40cc30c7,be5f43fa,bfeed201,406894b2,3fb87123,4058fb57,40883c73,40acc88d,3fb87fd4,bea5f9f1,3fa55700,bf54a01d,3dd5a931,bfa94400,4020acb3,407fda80
// EXPECT: 0 tensor<4x16xf32> hex:3f7e3f0b,bf17ad3a,3f6bb6f5,3f42f99d,3fb34392,3fdc7d04,bf356ac3,3f8da83c,3f9808c2,3fa1ed5d,3efa997b,3db8c578,bedcd31d,3d76d0b0,be20f112,3fc44435,3f137e6b,bebda5c3,3f034045,be9326b1,3f8ff5ea,3f92bfe7,3edf4d8f,bf830e16,bebd6342,40023d73,3fb7f9c2,3fb0fe2d,3fa9ff12,bf473318,3eaa67eb,3dd64bfa,3f640d00,3fbad075,3e8b5e90,3f813555,be134f71,3f7750d3,3f72404b,bf836d71,bf3c4079,3fd5ef17,3f91556a,3f710454,bf694d61,3ebbc8bc,3f8d49eb,3f707946,40034169,bd8f8460,bf19840f,3f95814b,3eed1f33,3f8b7a54,3faf25ca,3fde2229,3eed3216,bdd561d5,3ed4905a,be88ad74,3d0957d9,bed99c66,3f4e90f0,3fa47706
// GENERATOR: conformance/gen/graph_norm.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module {
  func.func @main(%x: tensor<4x16xf32>) -> tensor<4x16xf32> {
    %0 = "tessera.rmsnorm"(%x) {epsilon = 0.5} : (tensor<4x16xf32>) -> tensor<4x16xf32>
    return %0 : tensor<4x16xf32>
  }
}

// -----

// CASE: constant_rows_f32
// NOTE: Constant rows: variance 0, so the result is 0 * (1 / sqrt(eps)).
// RULE: bitexact
// REQUIRES: op=tessera.rmsnorm dtype=f32 level=graph
// INPUT: 0 tensor<2x8xf32> hex:40400000,40400000,40400000,40400000,40400000,40400000,40400000,40400000,40400000,40400000,40400000,40400000,40400000,40400000,40400000,40400000
// EXPECT: 0 tensor<2x8xf32> hex:3f7ffc5c,3f7ffc5c,3f7ffc5c,3f7ffc5c,3f7ffc5c,3f7ffc5c,3f7ffc5c,3f7ffc5c,3f7ffc5c,3f7ffc5c,3f7ffc5c,3f7ffc5c,3f7ffc5c,3f7ffc5c,3f7ffc5c,3f7ffc5c
// GENERATOR: conformance/gen/graph_norm.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module {
  func.func @main(%x: tensor<2x8xf32>) -> tensor<2x8xf32> {
    %0 = "tessera.rmsnorm"(%x) {epsilon = 0.001} : (tensor<2x8xf32>) -> tensor<2x8xf32>
    return %0 : tensor<2x8xf32>
  }
}

// -----

// CASE: constant_rows_f32_f64ref
// NOTE: Same program against the float64 formula.
// RULE: tol:rtol=1e-4,atol=1e-5
// REQUIRES: op=tessera.rmsnorm dtype=f32 level=graph
// INPUT: 0 tensor<2x8xf32> hex:40400000,40400000,40400000,40400000,40400000,40400000,40400000,40400000,40400000,40400000,40400000,40400000,40400000,40400000,40400000,40400000
// EXPECT: 0 tensor<2x8xf32> hex:3f7ffc5c,3f7ffc5c,3f7ffc5c,3f7ffc5c,3f7ffc5c,3f7ffc5c,3f7ffc5c,3f7ffc5c,3f7ffc5c,3f7ffc5c,3f7ffc5c,3f7ffc5c,3f7ffc5c,3f7ffc5c,3f7ffc5c,3f7ffc5c
// GENERATOR: conformance/gen/graph_norm.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module {
  func.func @main(%x: tensor<2x8xf32>) -> tensor<2x8xf32> {
    %0 = "tessera.rmsnorm"(%x) {epsilon = 0.001} : (tensor<2x8xf32>) -> tensor<2x8xf32>
    return %0 : tensor<2x8xf32>
  }
}

// -----

// CASE: offset_f32
// NOTE: Mean near 1000: the f32 sum of 32 such values carries ~1e-3 absolute error, so
// NOTE: the float64 check needs atol 2e-3; the two-pass variance stays accurate.
// RULE: bitexact
// REQUIRES: op=tessera.rmsnorm dtype=f32 level=graph
// INPUT: 0 tensor<3x32xf32> hex:447a5164,4479e5de,447a2978,4479fbc7,447a2f0f,4479a094,447a224d,447a24f7,447a2fe6,447a169b,447a0c17,4479e729,447a1992,447a6956,447a4ed6,447a0bab,447a3e24,44799571,4479ed0c,4479f289,4479e1fd,447a1bd9,4479b94b,447a41f0,447982ef,447a45cf,447aa652,4479f852,4479dcc2,447a14da,447a29ca,4479a771,44799194,4479bdae,4479de2d,447a279b,447a3aa3,447a72b7,4479dd54,4479a686,4479f7f1,447a3630,4479b652,447a0d62,447a1daa,447a5dd5,447a0677,447a28e1,4479f679,447a12b6,447a1114,4479defa,447a2eca,447a38e2,447a1ef9,447a6905,4479b50f,447a0e73,447a2901,447a0762,447a3e19,4479fbc6,44799a0d,4479d640,447a8947,4479af9b,447a0850,447a14e3,4479b6af,447a5c3d,447a0a34,447a4f4d,4479c752,447a1d98,447a353e,4479e655,4479fa74,447a0daa,447a2b7e,447a10bb,44799243,447a6ec9,447a09b8,447a12a7,447a4e55,447a0a81,447a14fc,447a299b,4479fec9,44796cb2,447a1d9e,447a121e,447a3096,4479da57,4479e5a3,447a6d43
// EXPECT: 0 tensor<3x32xf32> hex:3f802400,3f7fd9eb,3f800f91,3f7ff05a,3f80126d,3f7f92fa,3f800be5,3f800d42,3f8012db,3f8005e9,3f800087,3f7fdb3e,3f80076d,3f803042,3f8022b2,3f80004f,3f801a26,3f7f8794,3f7fe145,3f7fe6e3,3f7fd5f2,3f800898,3f7fac48,3f801c17,3f7f74a1,3f801e13,3f804f7a,3f7fecd0,3f7fd097,3f800503,3f800fbb,3f7f9a01,3f7f897a,3f7fb6a2,3f7fd7e8,3f80118c,3f801b4a,3f803800,3f7fd70a,3f7f9eed,3f7ff24a,3f801903,3f7faf19,3f80041f,3f800c75,3f802d4f,3f800094,3f801233,3f7ff0c9,3f8006d9,3f800603,3f7fd8ba,3f801539,3f801a64,3f800d20,3f803309,3f7fadcf,3f8004ab,3f801243,3f80010d,3f801d10,3f7ff636,3f7f9227,3f7fcfcb,3f803f43,3f7f9fad,3f7ffa7e,3f8003af,3f7fa6ec,3f802835,3f7ffc6d,3f802195,3f7fb7f4,3f800824,3f80143f,3f7fd7b4,3f7fec4d,3f7ffff8,3f800f41,3f80018e,3f7f81a2,3f8031b3,3f7ffbee,3f80028a,3f802116,3f7ffcbc,3f8003bb,3f800e4a,3f7ff0bd,3f7f5b2c,3f800827,3f800244,3f8011dc,3f7fcb6d,3f7fd6fd,3f8030ec
// GENERATOR: conformance/gen/graph_norm.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module {
  func.func @main(%x: tensor<3x32xf32>) -> tensor<3x32xf32> {
    %0 = "tessera.rmsnorm"(%x) : (tensor<3x32xf32>) -> tensor<3x32xf32>
    return %0 : tensor<3x32xf32>
  }
}

// -----

// CASE: offset_f32_f64ref
// NOTE: Same program against the float64 formula.
// RULE: tol:rtol=1e-2,atol=2e-3
// REQUIRES: op=tessera.rmsnorm dtype=f32 level=graph
// INPUT: 0 tensor<3x32xf32> hex:447a5164,4479e5de,447a2978,4479fbc7,447a2f0f,4479a094,447a224d,447a24f7,447a2fe6,447a169b,447a0c17,4479e729,447a1992,447a6956,447a4ed6,447a0bab,447a3e24,44799571,4479ed0c,4479f289,4479e1fd,447a1bd9,4479b94b,447a41f0,447982ef,447a45cf,447aa652,4479f852,4479dcc2,447a14da,447a29ca,4479a771,44799194,4479bdae,4479de2d,447a279b,447a3aa3,447a72b7,4479dd54,4479a686,4479f7f1,447a3630,4479b652,447a0d62,447a1daa,447a5dd5,447a0677,447a28e1,4479f679,447a12b6,447a1114,4479defa,447a2eca,447a38e2,447a1ef9,447a6905,4479b50f,447a0e73,447a2901,447a0762,447a3e19,4479fbc6,44799a0d,4479d640,447a8947,4479af9b,447a0850,447a14e3,4479b6af,447a5c3d,447a0a34,447a4f4d,4479c752,447a1d98,447a353e,4479e655,4479fa74,447a0daa,447a2b7e,447a10bb,44799243,447a6ec9,447a09b8,447a12a7,447a4e55,447a0a81,447a14fc,447a299b,4479fec9,44796cb2,447a1d9e,447a121e,447a3096,4479da57,4479e5a3,447a6d43
// EXPECT: 0 tensor<3x32xf32> hex:3f802400,3f7fd9eb,3f800f91,3f7ff05a,3f80126d,3f7f92fa,3f800be5,3f800d42,3f8012db,3f8005e9,3f800087,3f7fdb3e,3f80076d,3f803042,3f8022b2,3f80004f,3f801a26,3f7f8794,3f7fe145,3f7fe6e3,3f7fd5f2,3f800898,3f7fac48,3f801c17,3f7f74a1,3f801e13,3f804f7a,3f7fecd0,3f7fd097,3f800503,3f800fbb,3f7f9a01,3f7f897a,3f7fb6a2,3f7fd7e8,3f80118c,3f801b4a,3f8037ff,3f7fd709,3f7f9eec,3f7ff249,3f801903,3f7faf19,3f80041f,3f800c75,3f802d4f,3f800094,3f801232,3f7ff0c8,3f8006d9,3f800603,3f7fd8b9,3f801539,3f801a64,3f800d20,3f803309,3f7fadce,3f8004ab,3f801243,3f80010c,3f801d0f,3f7ff636,3f7f9226,3f7fcfca,3f803f43,3f7f9fad,3f7ffa7e,3f8003af,3f7fa6ec,3f802835,3f7ffc6d,3f802196,3f7fb7f4,3f800824,3f80143f,3f7fd7b4,3f7fec4d,3f7ffff8,3f800f41,3f80018e,3f7f81a2,3f8031b3,3f7ffbee,3f80028a,3f802117,3f7ffcbc,3f8003bb,3f800e4a,3f7ff0bd,3f7f5b2c,3f800827,3f800244,3f8011dd,3f7fcb6d,3f7fd6fe,3f8030ec
// GENERATOR: conformance/gen/graph_norm.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module {
  func.func @main(%x: tensor<3x32xf32>) -> tensor<3x32xf32> {
    %0 = "tessera.rmsnorm"(%x) : (tensor<3x32xf32>) -> tensor<3x32xf32>
    return %0 : tensor<3x32xf32>
  }
}

// -----

// CASE: specials_f32
// NOTE: NaN and Inf rows give NaN; a zero row gives signed 0s.
// RULE: bitexact
// REQUIRES: op=tessera.rmsnorm dtype=f32 level=graph
// INPUT: 0 tensor<3x4xf32> hex:3f800000,7fc00000,40000000,40400000,7f800000,3f800000,40000000,40400000,00000000,80000000,00000000,80000000
// EXPECT: 0 tensor<3x4xf32> hex:7fc00000,7fc00000,7fc00000,7fc00000,ffc00000,00000000,00000000,00000000,00000000,80000000,00000000,80000000
// GENERATOR: conformance/gen/graph_norm.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module {
  func.func @main(%x: tensor<3x4xf32>) -> tensor<3x4xf32> {
    %0 = "tessera.rmsnorm"(%x) : (tensor<3x4xf32>) -> tensor<3x4xf32>
    return %0 : tensor<3x4xf32>
  }
}

// -----

// CASE: f64
// RULE: bitexact
// REQUIRES: op=tessera.rmsnorm dtype=f64 level=graph
// INPUT: 0 tensor<3x10xf64> hex:401c2371b8951e65,c017312f243804bf,c0114a14483a8cea,401f43c807985927,bff59f849f84ab07,3fe09bb464b16486,c020af2730c86104,3ffa03c9f8fd576e,400f8da84996e080,c01245647397a29b,4021bf491b34963b,400033a67575eb51,c01a79088279ff6d,bff37e977b98e3ed,3fff7d3f6d97135a,c022b4206bf1db1b,bfec0e9f88c00d6e,c00d55bad597be24,40240f7978719071,c0197f7da41c4a58,40186f2180797cc9,4021d22437645a99,c005e3fbf6c49a37,4022fa5c4d4d1280,bf7e8115a1ba5087,c01984ef648d7831,c00a001fcf7fb92a,3fdf9321d1054ea7,4013a33b9b0785b9,c014d11e35ed1751
// INPUT: 1 tensor<10xf64> hex:3ffa6bdd74445001,3ff1c54363040762,3fe2c35c573d1486,bfd20cc809fcec77,3ff9ddf571dcb7e2,3ff024622cd9218c,40004141397320e0,bfd20d0672b8a31c,3fecd81d05275a7a,3ff1f2b668943b36
// EXPECT: 0 tensor<3x10xf64> hex:4001c408c5112c5b,bff3b26ef7acf043,bfdf0208c7a46cda,bfdaf873c759088a,bfdabb43bf3915fe,3fb9a020b192b5f0,c009ec2d96843efb,bfb6715ca84fbf38,3fe5bfa7e215d29f,bfef585dba9c29b7,4003252e0e4bfe7f,3fd782c912d3111f,bfe447d4906ac492,3facbbdac701e6d6,3fe0a0e8d6fd21ef,bff8a77d82be456f,bfd29efa224f9606,3fc59ec105fd2f4e,3ff7a00a1104d18d,bff2af7083fdc2e2,3ffcab2ede5772b0,3ffc2064980a30ad,bfd23d5f480ae708,bfde6c758cfbbc82,bf61851bdc621a51,bff24b034b3a9d81,bff2c4a76a778e1b,bf994f64e65c273e,3fe92760182b0ba7,bff09777b149847b
// GENERATOR: conformance/gen/graph_norm.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module {
  func.func @main(%x: tensor<3x10xf64>, %g: tensor<10xf64>) -> tensor<3x10xf64> {
    %0 = "tessera.rmsnorm"(%x, %g) : (tensor<3x10xf64>, tensor<10xf64>) -> tensor<3x10xf64>
    return %0 : tensor<3x10xf64>
  }
}

// -----

// CASE: f64_f64ref
// NOTE: Same program against the float64 formula.
// RULE: tol:rtol=1e-12,atol=1e-12
// REQUIRES: op=tessera.rmsnorm dtype=f64 level=graph
// INPUT: 0 tensor<3x10xf64> hex:401c2371b8951e65,c017312f243804bf,c0114a14483a8cea,401f43c807985927,bff59f849f84ab07,3fe09bb464b16486,c020af2730c86104,3ffa03c9f8fd576e,400f8da84996e080,c01245647397a29b,4021bf491b34963b,400033a67575eb51,c01a79088279ff6d,bff37e977b98e3ed,3fff7d3f6d97135a,c022b4206bf1db1b,bfec0e9f88c00d6e,c00d55bad597be24,40240f7978719071,c0197f7da41c4a58,40186f2180797cc9,4021d22437645a99,c005e3fbf6c49a37,4022fa5c4d4d1280,bf7e8115a1ba5087,c01984ef648d7831,c00a001fcf7fb92a,3fdf9321d1054ea7,4013a33b9b0785b9,c014d11e35ed1751
// INPUT: 1 tensor<10xf64> hex:3ffa6bdd74445001,3ff1c54363040762,3fe2c35c573d1486,bfd20cc809fcec77,3ff9ddf571dcb7e2,3ff024622cd9218c,40004141397320e0,bfd20d0672b8a31c,3fecd81d05275a7a,3ff1f2b668943b36
// EXPECT: 0 tensor<3x10xf64> hex:4001c408c5112c5b,bff3b26ef7acf043,bfdf0208c7a46cd9,bfdaf873c759088a,bfdabb43bf3915fe,3fb9a020b192b5ef,c009ec2d96843efb,bfb6715ca84fbf37,3fe5bfa7e215d29f,bfef585dba9c29b7,4003252e0e4bfe7f,3fd782c912d3111f,bfe447d4906ac492,3facbbdac701e6d6,3fe0a0e8d6fd21ef,bff8a77d82be456f,bfd29efa224f9606,3fc59ec105fd2f4e,3ff7a00a1104d18d,bff2af7083fdc2e2,3ffcab2ede5772b2,3ffc2064980a30ae,bfd23d5f480ae708,bfde6c758cfbbc82,bf61851bdc621a52,bff24b034b3a9d81,bff2c4a76a778e1b,bf994f64e65c273f,3fe92760182b0ba8,bff09777b149847b
// GENERATOR: conformance/gen/graph_norm.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module {
  func.func @main(%x: tensor<3x10xf64>, %g: tensor<10xf64>) -> tensor<3x10xf64> {
    %0 = "tessera.rmsnorm"(%x, %g) : (tensor<3x10xf64>, tensor<10xf64>) -> tensor<3x10xf64>
    return %0 : tensor<3x10xf64>
  }
}

// -----

// CASE: rows_96x128_f32
// RULE: bitexact
// REQUIRES: op=tessera.rmsnorm dtype=f32 level=graph
// INPUT: 0 tensor<96x128xf32> npy:rmsnorm.rows_96x128_f32.input0.npy
// EXPECT: 0 tensor<96x128xf32> npy:rmsnorm.rows_96x128_f32.expect0.npy
// GENERATOR: conformance/gen/graph_norm.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module {
  func.func @main(%x: tensor<96x128xf32>) -> tensor<96x128xf32> {
    %0 = "tessera.rmsnorm"(%x) : (tensor<96x128xf32>) -> tensor<96x128xf32>
    return %0 : tensor<96x128xf32>
  }
}

// -----

// CASE: rows_96x128_f32_f64ref
// NOTE: Same program against the float64 formula.
// RULE: tol:rtol=1e-4,atol=1e-5
// REQUIRES: op=tessera.rmsnorm dtype=f32 level=graph
// INPUT: 0 tensor<96x128xf32> npy:rmsnorm.rows_96x128_f32_f64ref.input0.npy
// EXPECT: 0 tensor<96x128xf32> npy:rmsnorm.rows_96x128_f32_f64ref.expect0.npy
// GENERATOR: conformance/gen/graph_norm.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module {
  func.func @main(%x: tensor<96x128xf32>) -> tensor<96x128xf32> {
    %0 = "tessera.rmsnorm"(%x) : (tensor<96x128xf32>) -> tensor<96x128xf32>
    return %0 : tensor<96x128xf32>
  }
}

// -----

// CASE: rows_2x1500_f32
// NOTE: Rows of 1500: more than one register tile holds (a scalar kernel at Tile IR).
// RULE: bitexact
// REQUIRES: op=tessera.rmsnorm dtype=f32 level=graph
// INPUT: 0 tensor<2x1500xf32> npy:rmsnorm.rows_2x1500_f32.input0.npy
// EXPECT: 0 tensor<2x1500xf32> npy:rmsnorm.rows_2x1500_f32.expect0.npy
// GENERATOR: conformance/gen/graph_norm.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module {
  func.func @main(%x: tensor<2x1500xf32>) -> tensor<2x1500xf32> {
    %0 = "tessera.rmsnorm"(%x) : (tensor<2x1500xf32>) -> tensor<2x1500xf32>
    return %0 : tensor<2x1500xf32>
  }
}

// -----

// CASE: rows_2x1500_f32_f64ref
// NOTE: Same program against the float64 formula.
// RULE: tol:rtol=1e-4,atol=1e-5
// REQUIRES: op=tessera.rmsnorm dtype=f32 level=graph
// INPUT: 0 tensor<2x1500xf32> npy:rmsnorm.rows_2x1500_f32_f64ref.input0.npy
// EXPECT: 0 tensor<2x1500xf32> npy:rmsnorm.rows_2x1500_f32_f64ref.expect0.npy
// GENERATOR: conformance/gen/graph_norm.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module {
  func.func @main(%x: tensor<2x1500xf32>) -> tensor<2x1500xf32> {
    %0 = "tessera.rmsnorm"(%x) : (tensor<2x1500xf32>) -> tensor<2x1500xf32>
    return %0 : tensor<2x1500xf32>
  }
}

// -----

// CASE: gamma_bf16
// NOTE: bf16: computed in f32 (the executor widens the operands), rounded once.
// RULE: bitexact
// REQUIRES: op=tessera.rmsnorm dtype=bf16 level=graph
// INPUT: 0 tensor<3x24xbf16> hex:4057,4021,3f61,c00e,c090,c03d,405f,c045,bf52,c06f,c0a1,c097,bf54,bf94,402d,bfc4,c08e,3f97,bfc4,bfea,4061,3e1f,bfbe,beb9,c055,c008,3fa8,bfec,4000,4058,3fc7,3fa5,bf82,bf8d,bef2,402a,4050,4021,bf7b,c05f,403e,bf54,3f92,bfd2,400d,3e07,bf43,3f91,bf97,3fbe,bff1,3f97,3ec4,c000,4033,3f89,4044,4073,bfa2,c08c,c059,3ff0,bead,4030,3e57,bf45,3f75,bf72,be59,4057,3f64,40a2
// INPUT: 1 tensor<24xbf16> hex:3fe7,bed4,bf17,3e0b,be5a,3f32,bf91,3f09,bcf0,bf3d,3f96,3fbc,bffe,be6c,3db3,bed5,be4a,3fcb,bf16,3da5,be6c,3f57,bdbf,bfa4
// EXPECT: 0 tensor<3x24xbf16> hex:400a,bebe,be3d,bddc,3eaf,bf3b,bfb4,bf16,3c0c,3f7b,c006,c01e,3f16,3dc2,3dac,3e68,3ea0,3f2b,3ea4,bd57,be94,3d3e,3d4a,3e29,c03c,3edd,bec2,bdfb,be56,3f93,bf5d,3ead,3c6f,3ecc,be8b,3ff5,c04a,be91,bd2c,3f36,be93,bf25,bea8,bd85,be7f,3d5e,3d0f,bf36,bf6b,be88,3ef5,3d8d,bd10,bf1a,bfaf,3e7d,bd1e,bf9b,bf24,c031,403a,be3f,bc51,befd,bc92,bf07,be78,bd07,3cad,3f9c,bd13,c033
// GENERATOR: conformance/gen/graph_norm.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module {
  func.func @main(%x: tensor<3x24xbf16>, %g: tensor<24xbf16>) -> tensor<3x24xbf16> {
    %0 = "tessera.rmsnorm"(%x, %g) : (tensor<3x24xbf16>, tensor<24xbf16>) -> tensor<3x24xbf16>
    return %0 : tensor<3x24xbf16>
  }
}
