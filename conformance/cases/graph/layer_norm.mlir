// tessera.layer_norm: sequential sums per row, bitexact.
// Generated file: edit the generator named in each case, then rerun it.

// CASE: plain_f32
// RULE: bitexact
// REQUIRES: op=tessera.layer_norm dtype=f32 level=graph
// INPUT: 0 tensor<4x16xf32> hex:c053b3ec,3fc1820c,4081b87d,bef868bb,3fab9906,bf4a575c,41003be0,3f39dfb0,bfc3b523,bfc8f123,40113a23,4080acee,bfa22fcf,3f45710e,40c870ba,4072159f,4009a1b0,be086ebb,bfb4ff76,41067458,c0787cca,402a2ae0,bd9ffb28,40caec84,401b2bf8,bfc1a30f,bf89d740,be3e5e66,4068633d,4051d407,40750859,bfa5bb2e,3f8d7045,409aa089,40d09da0,408ae6cd,41131fdd,beb1475a,bfa60e08,bf80b787,c02d1ba5,c0146431,bf4976bc,405b91c2,408314ba,3da4ea19,c013b4fe,3fc2d819,3fa30880,4003b14a,bf439257,3efc84b2,400126f9,3e319b48,bf8b0747,40142556,bf64293b,bf175c34,bfee861f,40dab02a,bf883091,be51afa3,400ea044,408189b3
// EXPECT: 0 tensor<4x16xf32> hex:bfccf480,3c02fcc6,3f5b5284,bf28a472,bd495978,bf42bb27,400b77f5,be823938,bf80ee17,bf82ad7f,3e8591ab,3f5887d8,bf6b79d2,be74ff69,3fcc1c37,3f44243b,3e6722c5,bf01932f,bf6aa759,400eb1c6,bfda96af,3ec6fb8c,befa1b1a,3fc8cdaf,3ea08975,bf72c130,bf4efe12,bf05e56e,3f334025,3f1654f9,3f4375c1,bf60de5c,bdfac5a8,3f78b570,3fbbbd90,3f53c87f,401023c2,bf0c647d,bf53dadf,bf3defba,bf9ecec4,bf904c58,bf2d8222,3f0f69bc,3f416b5f,bed8a651,bf8fe57f,378c01d4,3e1d7560,3f02c374,bf462f66,be4e8102,3efc45b8,beb1ce76,bf6bbf8e,3f20bbfc,bf5506af,bf320d36,bfa32eff,402be594,bf6929ad,bf04fee8,3f16adfb,3fb5667d
// GENERATOR: conformance/gen/graph_norm.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module {
  func.func @main(%x: tensor<4x16xf32>) -> tensor<4x16xf32> {
    %0 = "tessera.layer_norm"(%x) : (tensor<4x16xf32>) -> tensor<4x16xf32>
    return %0 : tensor<4x16xf32>
  }
}

// -----

// CASE: plain_f32_f64ref
// NOTE: Same program against the float64 formula.
// RULE: tol:rtol=1e-4,atol=1e-5
// REQUIRES: op=tessera.layer_norm dtype=f32 level=graph
// INPUT: 0 tensor<4x16xf32> hex:c053b3ec,3fc1820c,4081b87d,bef868bb,3fab9906,bf4a575c,41003be0,3f39dfb0,bfc3b523,bfc8f123,40113a23,4080acee,bfa22fcf,3f45710e,40c870ba,4072159f,4009a1b0,be086ebb,bfb4ff76,41067458,c0787cca,402a2ae0,bd9ffb28,40caec84,401b2bf8,bfc1a30f,bf89d740,be3e5e66,4068633d,4051d407,40750859,bfa5bb2e,3f8d7045,409aa089,40d09da0,408ae6cd,41131fdd,beb1475a,bfa60e08,bf80b787,c02d1ba5,c0146431,bf4976bc,405b91c2,408314ba,3da4ea19,c013b4fe,3fc2d819,3fa30880,4003b14a,bf439257,3efc84b2,400126f9,3e319b48,bf8b0747,40142556,bf64293b,bf175c34,bfee861f,40dab02a,bf883091,be51afa3,400ea044,408189b3
// EXPECT: 0 tensor<4x16xf32> hex:bfccf480,3c02fcc8,3f5b5283,bf28a472,bd495977,bf42bb27,400b77f5,be823938,bf80ee16,bf82ad7e,3e8591ab,3f5887d7,bf6b79d1,be74ff69,3fcc1c37,3f44243a,3e6722c4,bf019331,bf6aa75b,400eb1c6,bfda96af,3ec6fb8c,befa1b1b,3fc8cdb0,3ea08974,bf72c131,bf4efe13,bf05e56f,3f334024,3f1654f9,3f4375c1,bf60de5e,bdfac5a8,3f78b570,3fbbbd90,3f53c880,401023c2,bf0c647e,bf53dadf,bf3defb9,bf9ecec3,bf904c58,bf2d8222,3f0f69bc,3f416b5f,bed8a652,bf8fe580,378c0189,3e1d755f,3f02c374,bf462f67,be4e8104,3efc45b8,beb1ce77,bf6bbf8f,3f20bbfc,bf5506b0,bf320d37,bfa32eff,402be595,bf6929ae,bf04fee9,3f16adfb,3fb5667e
// GENERATOR: conformance/gen/graph_norm.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module {
  func.func @main(%x: tensor<4x16xf32>) -> tensor<4x16xf32> {
    %0 = "tessera.layer_norm"(%x) : (tensor<4x16xf32>) -> tensor<4x16xf32>
    return %0 : tensor<4x16xf32>
  }
}

// -----

// CASE: gamma_f32
// RULE: bitexact
// REQUIRES: op=tessera.layer_norm dtype=f32 level=graph
// INPUT: 0 tensor<4x16xf32> hex:c053b3ec,3fc1820c,4081b87d,bef868bb,3fab9906,bf4a575c,41003be0,3f39dfb0,bfc3b523,bfc8f123,40113a23,4080acee,bfa22fcf,3f45710e,40c870ba,4072159f,4009a1b0,be086ebb,bfb4ff76,41067458,c0787cca,402a2ae0,bd9ffb28,40caec84,401b2bf8,bfc1a30f,bf89d740,be3e5e66,4068633d,4051d407,40750859,bfa5bb2e,3f8d7045,409aa089,40d09da0,408ae6cd,41131fdd,beb1475a,bfa60e08,bf80b787,c02d1ba5,c0146431,bf4976bc,405b91c2,408314ba,3da4ea19,c013b4fe,3fc2d819,3fa30880,4003b14a,bf439257,3efc84b2,400126f9,3e319b48,bf8b0747,40142556,bf64293b,bf175c34,bfee861f,40dab02a,bf883091,be51afa3,400ea044,408189b3
// INPUT: 1 tensor<16xf32> hex:3f794c3f,bf7c3289,bf61abef,3f894ce4,3f59faf5,3fd0e7af,3ecd6502,3f396d6f,bf1aeb1b,bee99cbe,bf67e067,bf2f6b11,bf04af19,3f2a0002,3fcaa726,3ec6504a
// EXPECT: 0 tensor<4x16xf32> hex:bfc796dc,bc010aae,bf4156d3,bf34e550,bd2b7239,bf9ee84c,3f5fcc2d,be3ca609,3f1c0b44,3eee7fd7,be71f70d,bf145f6c,3ef417bf,be22b19e,40219388,3e97f18a,3e6115a9,3eff4ced,3f4edaae,40190ffe,bfba2003,3f226077,be48aa62,3f91727a,be424c3f,3edd8677,3f3b7cb4,3eb77fac,beb9cf5b,3ec7a8dd,3f9aba89,beae3282,bdf434f1,bf7503b3,bfa57fb2,3f632bd0,3ff57739,bf652168,bea9f9dc,bf09936f,3f403475,3f03add6,3f1d2884,bec48a84,bec87f51,be8fde73,bfe3d215,36d8eaa6,3e195610,bf00d236,3f2eb4c3,be5d8221,3ed6ce66,bf1118ab,bebd2569,3ee8d91e,3f00e9a9,3ea27b0a,3f93ce73,bfeb93a9,3ef1b1ef,beb0a28e,3f6e8f54,3f0c8629
// GENERATOR: conformance/gen/graph_norm.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module {
  func.func @main(%x: tensor<4x16xf32>, %g: tensor<16xf32>) -> tensor<4x16xf32> {
    %0 = "tessera.layer_norm"(%x, %g) : (tensor<4x16xf32>, tensor<16xf32>) -> tensor<4x16xf32>
    return %0 : tensor<4x16xf32>
  }
}

// -----

// CASE: gamma_f32_f64ref
// NOTE: Same program against the float64 formula.
// RULE: tol:rtol=1e-4,atol=1e-5
// REQUIRES: op=tessera.layer_norm dtype=f32 level=graph
// INPUT: 0 tensor<4x16xf32> hex:c053b3ec,3fc1820c,4081b87d,bef868bb,3fab9906,bf4a575c,41003be0,3f39dfb0,bfc3b523,bfc8f123,40113a23,4080acee,bfa22fcf,3f45710e,40c870ba,4072159f,4009a1b0,be086ebb,bfb4ff76,41067458,c0787cca,402a2ae0,bd9ffb28,40caec84,401b2bf8,bfc1a30f,bf89d740,be3e5e66,4068633d,4051d407,40750859,bfa5bb2e,3f8d7045,409aa089,40d09da0,408ae6cd,41131fdd,beb1475a,bfa60e08,bf80b787,c02d1ba5,c0146431,bf4976bc,405b91c2,408314ba,3da4ea19,c013b4fe,3fc2d819,3fa30880,4003b14a,bf439257,3efc84b2,400126f9,3e319b48,bf8b0747,40142556,bf64293b,bf175c34,bfee861f,40dab02a,bf883091,be51afa3,400ea044,408189b3
// INPUT: 1 tensor<16xf32> hex:3f794c3f,bf7c3289,bf61abef,3f894ce4,3f59faf5,3fd0e7af,3ecd6502,3f396d6f,bf1aeb1b,bee99cbe,bf67e067,bf2f6b11,bf04af19,3f2a0002,3fcaa726,3ec6504a
// EXPECT: 0 tensor<4x16xf32> hex:bfc796db,bc010ab0,bf4156d2,bf34e550,bd2b7238,bf9ee84b,3f5fcc2d,be3ca609,3f1c0b43,3eee7fd5,be71f70c,bf145f6b,3ef417be,be22b19e,40219388,3e97f189,3e6115a8,3eff4cf0,3f4edab0,40190ffe,bfba2003,3f226076,be48aa63,3f91727b,be424c3e,3edd8677,3f3b7cb5,3eb77fad,beb9cf5a,3ec7a8dd,3f9aba89,beae3283,bdf434f1,bf7503b3,bfa57fb3,3f632bd1,3ff57739,bf65216a,bea9f9dc,bf09936e,3f403474,3f03add6,3f1d2884,bec48a85,bec87f51,be8fde74,bfe3d215,36d8ea31,3e19560f,bf00d237,3f2eb4c4,be5d8223,3ed6ce66,bf1118ac,bebd256a,3ee8d91e,3f00e9a9,3ea27b0b,3f93ce73,bfeb93aa,3ef1b1f0,beb0a290,3f6e8f54,3f0c862a
// GENERATOR: conformance/gen/graph_norm.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module {
  func.func @main(%x: tensor<4x16xf32>, %g: tensor<16xf32>) -> tensor<4x16xf32> {
    %0 = "tessera.layer_norm"(%x, %g) : (tensor<4x16xf32>, tensor<16xf32>) -> tensor<4x16xf32>
    return %0 : tensor<4x16xf32>
  }
}

// -----

// CASE: gamma_beta_f32
// RULE: bitexact
// REQUIRES: op=tessera.layer_norm dtype=f32 level=graph
// INPUT: 0 tensor<4x16xf32> hex:c053b3ec,3fc1820c,4081b87d,bef868bb,3fab9906,bf4a575c,41003be0,3f39dfb0,bfc3b523,bfc8f123,40113a23,4080acee,bfa22fcf,3f45710e,40c870ba,4072159f,4009a1b0,be086ebb,bfb4ff76,41067458,c0787cca,402a2ae0,bd9ffb28,40caec84,401b2bf8,bfc1a30f,bf89d740,be3e5e66,4068633d,4051d407,40750859,bfa5bb2e,3f8d7045,409aa089,40d09da0,408ae6cd,41131fdd,beb1475a,bfa60e08,bf80b787,c02d1ba5,c0146431,bf4976bc,405b91c2,408314ba,3da4ea19,c013b4fe,3fc2d819,3fa30880,4003b14a,bf439257,3efc84b2,400126f9,3e319b48,bf8b0747,40142556,bf64293b,bf175c34,bfee861f,40dab02a,bf883091,be51afa3,400ea044,408189b3
// INPUT: 1 tensor<16xf32> hex:3f794c3f,bf7c3289,bf61abef,3f894ce4,3f59faf5,3fd0e7af,3ecd6502,3f396d6f,bf1aeb1b,bee99cbe,bf67e067,bf2f6b11,bf04af19,3f2a0002,3fcaa726,3ec6504a
// INPUT: 2 tensor<16xf32> hex:3f086322,3fd2a14f,3fc12fdc,be1e11ec,3f2e7c91,3f42bf1c,bec507bf,bf2706a1,3e66901f,bd0f297e,3ed416d6,3f606e92,bf2f1377,3f6935b2,3f4e0b34,3f21ba6e
// EXPECT: 0 tensor<4x16xf32> hex:bf83654b,3fd19f3a,3f4108e5,bf5c69cb,3f23c56d,bef622f8,3efa909b,bf563023,3f55af4c,3edc9aa7,3e36369f,3e981e4c,be541e5e,3f40894a,40551655,3f6db333,3f40a88c,40093a45,40144e9a,400f2edf,bf45c375,3fb28fca,bf14ae78,3ef7bca6,3d110f80,3ecba147,3f92c410,3f9e1734,bf85fd92,3fa68510,4000e012,3e95425a,3ed3b908,3f303eeb,3e5d8150,3f3ba755,40265ac1,be098930,bf3780ce,bf984d08,3f79d87d,3ef5767c,3f8399f8,3efc52a0,bf89a990,3f214678,bf7998f6,3f21bada,3f2eb8a6,3f923834,400c451f,bebdca06,3f8cf1e2,3e4699c4,bf411694,be4a6848,3f3a8db1,3e9095da,3fc8d428,bf76b8c0,be58e9fe,3f10e46b,3fde4d44,3f97204c
// GENERATOR: conformance/gen/graph_norm.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module {
  func.func @main(%x: tensor<4x16xf32>, %g: tensor<16xf32>, %b: tensor<16xf32>) -> tensor<4x16xf32> {
    %0 = "tessera.layer_norm"(%x, %g, %b) : (tensor<4x16xf32>, tensor<16xf32>, tensor<16xf32>) -> tensor<4x16xf32>
    return %0 : tensor<4x16xf32>
  }
}

// -----

// CASE: gamma_beta_f32_f64ref
// NOTE: Same program against the float64 formula.
// RULE: tol:rtol=1e-4,atol=1e-5
// REQUIRES: op=tessera.layer_norm dtype=f32 level=graph
// INPUT: 0 tensor<4x16xf32> hex:c053b3ec,3fc1820c,4081b87d,bef868bb,3fab9906,bf4a575c,41003be0,3f39dfb0,bfc3b523,bfc8f123,40113a23,4080acee,bfa22fcf,3f45710e,40c870ba,4072159f,4009a1b0,be086ebb,bfb4ff76,41067458,c0787cca,402a2ae0,bd9ffb28,40caec84,401b2bf8,bfc1a30f,bf89d740,be3e5e66,4068633d,4051d407,40750859,bfa5bb2e,3f8d7045,409aa089,40d09da0,408ae6cd,41131fdd,beb1475a,bfa60e08,bf80b787,c02d1ba5,c0146431,bf4976bc,405b91c2,408314ba,3da4ea19,c013b4fe,3fc2d819,3fa30880,4003b14a,bf439257,3efc84b2,400126f9,3e319b48,bf8b0747,40142556,bf64293b,bf175c34,bfee861f,40dab02a,bf883091,be51afa3,400ea044,408189b3
// INPUT: 1 tensor<16xf32> hex:3f794c3f,bf7c3289,bf61abef,3f894ce4,3f59faf5,3fd0e7af,3ecd6502,3f396d6f,bf1aeb1b,bee99cbe,bf67e067,bf2f6b11,bf04af19,3f2a0002,3fcaa726,3ec6504a
// INPUT: 2 tensor<16xf32> hex:3f086322,3fd2a14f,3fc12fdc,be1e11ec,3f2e7c91,3f42bf1c,bec507bf,bf2706a1,3e66901f,bd0f297e,3ed416d6,3f606e92,bf2f1377,3f6935b2,3f4e0b34,3f21ba6e
// EXPECT: 0 tensor<4x16xf32> hex:bf83654a,3fd19f3a,3f4108e6,bf5c69cb,3f23c56d,bef622f6,3efa909c,bf563023,3f55af4b,3edc9aa6,3e3636a0,3e981e4d,be541e61,3f40894b,40551655,3f6db333,3f40a88c,40093a45,40144e9a,400f2edf,bf45c375,3fb28fc9,bf14ae78,3ef7bca8,3d110f84,3ecba148,3f92c410,3f9e1734,bf85fd92,3fa68510,4000e011,3e954259,3ed3b908,3f303eeb,3e5d8149,3f3ba756,40265ac1,be098937,bf3780cd,bf984d08,3f79d87c,3ef5767d,3f8399f8,3efc529f,bf89a990,3f214678,bf7998f7,3f21bada,3f2eb8a6,3f923834,400c451f,bebdca07,3f8cf1e2,3e4699c1,bf411694,be4a6849,3f3a8db1,3e9095db,3fc8d428,bf76b8c2,be58e9fc,3f10e46a,3fde4d44,3f97204c
// GENERATOR: conformance/gen/graph_norm.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module {
  func.func @main(%x: tensor<4x16xf32>, %g: tensor<16xf32>, %b: tensor<16xf32>) -> tensor<4x16xf32> {
    %0 = "tessera.layer_norm"(%x, %g, %b) : (tensor<4x16xf32>, tensor<16xf32>, tensor<16xf32>) -> tensor<4x16xf32>
    return %0 : tensor<4x16xf32>
  }
}

// -----

// CASE: axis1_gamma_f32
// NOTE: Normalises over the trailing 4x5 block.
// RULE: bitexact
// REQUIRES: op=tessera.layer_norm dtype=f32 level=graph
// INPUT: 0 tensor<3x4x5xf32> hex:c0fe5c23,c0a25f26,c1307e59,40ba66ce,c12bfe39,413fe7e6,be887345,c0aa3ccf,3f4143a2,c1732fd2,408b1671,c0a2b295,418dc730,41c1f5a3,415c5fa2,402bf1b4,c0f21ebd,3edc75d4,c0b31b0b,411a499b,c0fad897,c1888cb6,c18d6a9a,40066e89,408a39a5,4104f64d,c04e16ca,415afacb,40c83a0c,c1178adb,3e5d534e,c14ff60c,c1aa706c,404a7cd1,c183d340,414d0cf3,bfb2c4ba,c07f83f4,4045a251,419a86f7,4194d1e1,40c41d6d,410b6a17,c1162770,c14d7d0d,40318886,c039e3ac,c083673b,40f0bcc4,c060d4d9,41d52ae6,40f8c2c7,3f7476fd,402e1cf0,c0aafec0,41196a2b,c190bae3,c04d9848,bef0763d,c135c1ab
// INPUT: 1 tensor<4x5xf32> hex:3e823941,3fb88fd2,bd1dc153,3f4c0e66,3d435056,be6365b3,3ff87aa5,c012e8f8,3f7cf0ca,be8d4ecc,bf12d575,3f8e6300,be48cd4f,bff9a906,3bb223c2,bf335e95,3f35840e,3f69f8a7,bc8ed67b,3fa1704e
// EXPECT: 0 tensor<3x4x5xf32> hex:be61cbfb,bf57cf25,3d38842b,3ec638fb,bd5f0d11,be7836ba,be5fab19,3fb2e01f,bc459d6a,3edf1fa4,be47fd4a,bf26c747,bea61233,c08f385e,3be192cf,bdfeb2a8,bf168c5a,bd24f138,3c35b128,3f8af114,be0ab1fd,bffb4051,3d5f604d,3e92ecd7,3cda77fe,be50aa33,be6a1b40,c04dbafd,3f3978dd,3e3fedf4,bde020a5,bf8dc878,3eaedf52,bf6370bc,bbe90fca,bf6d29f4,3d0587cd,be2f1f4c,bc002e04,4019d821,3edc705b,3f35cdc9,bce9de6c,bf4c16cb,bd822b77,bd1a65b2,bf3b2cdb,3f90a478,3f1e84c5,3df5fb82,bfb51949,3f3956b8,3a87c76f,bea460cb,bb59cdf7,bf140ec8,bfa6ce30,bebe1c2e,3b22ac24,bfc02565
// GENERATOR: conformance/gen/graph_norm.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module {
  func.func @main(%x: tensor<3x4x5xf32>, %g: tensor<4x5xf32>) -> tensor<3x4x5xf32> {
    %0 = "tessera.layer_norm"(%x, %g) {axis = 1} : (tensor<3x4x5xf32>, tensor<4x5xf32>) -> tensor<3x4x5xf32>
    return %0 : tensor<3x4x5xf32>
  }
}

// -----

// CASE: axis1_gamma_f32_f64ref
// NOTE: Same program against the float64 formula.
// RULE: tol:rtol=1e-4,atol=1e-5
// REQUIRES: op=tessera.layer_norm dtype=f32 level=graph
// INPUT: 0 tensor<3x4x5xf32> hex:c0fe5c23,c0a25f26,c1307e59,40ba66ce,c12bfe39,413fe7e6,be887345,c0aa3ccf,3f4143a2,c1732fd2,408b1671,c0a2b295,418dc730,41c1f5a3,415c5fa2,402bf1b4,c0f21ebd,3edc75d4,c0b31b0b,411a499b,c0fad897,c1888cb6,c18d6a9a,40066e89,408a39a5,4104f64d,c04e16ca,415afacb,40c83a0c,c1178adb,3e5d534e,c14ff60c,c1aa706c,404a7cd1,c183d340,414d0cf3,bfb2c4ba,c07f83f4,4045a251,419a86f7,4194d1e1,40c41d6d,410b6a17,c1162770,c14d7d0d,40318886,c039e3ac,c083673b,40f0bcc4,c060d4d9,41d52ae6,40f8c2c7,3f7476fd,402e1cf0,c0aafec0,41196a2b,c190bae3,c04d9848,bef0763d,c135c1ab
// INPUT: 1 tensor<4x5xf32> hex:3e823941,3fb88fd2,bd1dc153,3f4c0e66,3d435056,be6365b3,3ff87aa5,c012e8f8,3f7cf0ca,be8d4ecc,bf12d575,3f8e6300,be48cd4f,bff9a906,3bb223c2,bf335e95,3f35840e,3f69f8a7,bc8ed67b,3fa1704e
// EXPECT: 0 tensor<3x4x5xf32> hex:be61cbfb,bf57cf25,3d38842c,3ec638fd,bd5f0d12,be7836ba,be5fab19,3fb2e01f,bc459d67,3edf1fa6,be47fd4a,bf26c747,bea61233,c08f385f,3be192cf,bdfeb2a8,bf168c5a,bd24f138,3c35b127,3f8af114,be0ab1fe,bffb4052,3d5f604d,3e92ecd8,3cda7800,be50aa35,be6a1b3d,c04dbafe,3f3978df,3e3fedf4,bde020a9,bf8dc878,3eaedf53,bf6370be,bbe90fcb,bf6d29f5,3d0587d3,be2f1f4b,bc002e06,4019d822,3edc705b,3f35cdc9,bce9de6d,bf4c16ca,bd822b77,bd1a65b3,bf3b2cdb,3f90a479,3f1e84c6,3df5fb81,bfb51949,3f3956b8,3a87c751,bea460cc,bb59cdf7,bf140ec9,bfa6ce31,bebe1c2e,3b22ac23,bfc02565
// GENERATOR: conformance/gen/graph_norm.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module {
  func.func @main(%x: tensor<3x4x5xf32>, %g: tensor<4x5xf32>) -> tensor<3x4x5xf32> {
    %0 = "tessera.layer_norm"(%x, %g) {axis = 1} : (tensor<3x4x5xf32>, tensor<4x5xf32>) -> tensor<3x4x5xf32>
    return %0 : tensor<3x4x5xf32>
  }
}

// -----

// CASE: eps_f32
// NOTE: epsilon = 0.5 (rounded to f32 before the add).
// RULE: bitexact
// REQUIRES: op=tessera.layer_norm dtype=f32 level=graph
// INPUT: 0 tensor<4x16xf32> hex:c053b3ec,3fc1820c,4081b87d,bef868bb,3fab9906,bf4a575c,41003be0,3f39dfb0,bfc3b523,bfc8f123,40113a23,4080acee,bfa22fcf,3f45710e,40c870ba,4072159f,4009a1b0,be086ebb,bfb4ff76,41067458,c0787cca,402a2ae0,bd9ffb28,40caec84,401b2bf8,bfc1a30f,bf89d740,be3e5e66,4068633d,4051d407,40750859,bfa5bb2e,3f8d7045,409aa089,40d09da0,408ae6cd,41131fdd,beb1475a,bfa60e08,bf80b787,c02d1ba5,c0146431,bf4976bc,405b91c2,408314ba,3da4ea19,c013b4fe,3fc2d819,3fa30880,4003b14a,bf439257,3efc84b2,400126f9,3e319b48,bf8b0747,40142556,bf64293b,bf175c34,bfee861f,40dab02a,bf883091,be51afa3,400ea044,408189b3
// EXPECT: 0 tensor<4x16xf32> hex:bfc778a8,3bfef724,3f557442,bf242154,bd43f652,bf3d8556,4007bcaa,be7d7a80,bf7af5f6,bf7e5cd5,3e81fec8,3f52bcb6,bf652cec,be6e714b,3fc6a628,3f3ee4c1,3e616bad,befcbdf2,bf64d9fc,400b2a83,bfd52f03,3ec20ffb,bef3ebed,3fc3d698,3e9c9141,bf6cc08b,bf49dfce,bf0295dd,3f2ed17c,3f129d5e,3f3ea07d,bf5b4eef,bdf58a20,3f7384ed,3fb7d2b9,3f4f5d3b,400d21d1,bf097690,bf4f6f38,bf39f927,bf9b7e79,bf8d498e,bf29e350,3f0c6bad,3f3d6232,bed4210e,bf8ce4db,378915f6,3e15e133,3ef8f06a,bf3ca564,be449080,3ef02142,bea93f8f,bf6066b4,3f18ff71,bf4ac5cf,bf297b4a,bf9b5446,40239f7f,bf5df0af,befd3050,3f0f6d55,3facab4e
// GENERATOR: conformance/gen/graph_norm.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module {
  func.func @main(%x: tensor<4x16xf32>) -> tensor<4x16xf32> {
    %0 = "tessera.layer_norm"(%x) {epsilon = 0.5} : (tensor<4x16xf32>) -> tensor<4x16xf32>
    return %0 : tensor<4x16xf32>
  }
}

// -----

// CASE: eps_f32_f64ref
// NOTE: Same program against the float64 formula.
// RULE: tol:rtol=1e-4,atol=1e-5
// REQUIRES: op=tessera.layer_norm dtype=f32 level=graph
// INPUT: 0 tensor<4x16xf32> hex:c053b3ec,3fc1820c,4081b87d,bef868bb,3fab9906,bf4a575c,41003be0,3f39dfb0,bfc3b523,bfc8f123,40113a23,4080acee,bfa22fcf,3f45710e,40c870ba,4072159f,4009a1b0,be086ebb,bfb4ff76,41067458,c0787cca,402a2ae0,bd9ffb28,40caec84,401b2bf8,bfc1a30f,bf89d740,be3e5e66,4068633d,4051d407,40750859,bfa5bb2e,3f8d7045,409aa089,40d09da0,408ae6cd,41131fdd,beb1475a,bfa60e08,bf80b787,c02d1ba5,c0146431,bf4976bc,405b91c2,408314ba,3da4ea19,c013b4fe,3fc2d819,3fa30880,4003b14a,bf439257,3efc84b2,400126f9,3e319b48,bf8b0747,40142556,bf64293b,bf175c34,bfee861f,40dab02a,bf883091,be51afa3,400ea044,408189b3
// EXPECT: 0 tensor<4x16xf32> hex:bfc778a9,3bfef72a,3f557444,bf242154,bd43f653,bf3d8557,4007bcab,be7d7a82,bf7af5f6,bf7e5cd5,3e81fec9,3f52bcb7,bf652cec,be6e714c,3fc6a62a,3f3ee4c2,3e616bab,befcbdf3,bf64d9fd,400b2a83,bfd52f02,3ec20ffa,bef3ebed,3fc3d698,3e9c9140,bf6cc08b,bf49dfcd,bf0295dd,3f2ed17b,3f129d5d,3f3ea07c,bf5b4ef0,bdf58a20,3f7384ee,3fb7d2b9,3f4f5d3b,400d21d1,bf097691,bf4f6f38,bf39f927,bf9b7e79,bf8d498f,bf29e350,3f0c6bad,3f3d6232,bed4210f,bf8ce4db,378915ac,3e15e132,3ef8f06b,bf3ca566,be449083,3ef02143,bea93f91,bf6066b5,3f18ff72,bf4ac5d1,bf297b4b,bf9b5447,40239f80,bf5df0b0,befd3052,3f0f6d55,3facab4f
// GENERATOR: conformance/gen/graph_norm.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module {
  func.func @main(%x: tensor<4x16xf32>) -> tensor<4x16xf32> {
    %0 = "tessera.layer_norm"(%x) {epsilon = 0.5} : (tensor<4x16xf32>) -> tensor<4x16xf32>
    return %0 : tensor<4x16xf32>
  }
}

// -----

// CASE: constant_rows_f32
// NOTE: Constant rows: variance 0, so the result is 0 * (1 / sqrt(eps)).
// RULE: bitexact
// REQUIRES: op=tessera.layer_norm dtype=f32 level=graph
// INPUT: 0 tensor<2x8xf32> hex:40400000,40400000,40400000,40400000,40400000,40400000,40400000,40400000,40400000,40400000,40400000,40400000,40400000,40400000,40400000,40400000
// EXPECT: 0 tensor<2x8xf32> hex:00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000
// GENERATOR: conformance/gen/graph_norm.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module {
  func.func @main(%x: tensor<2x8xf32>) -> tensor<2x8xf32> {
    %0 = "tessera.layer_norm"(%x) {epsilon = 0.001} : (tensor<2x8xf32>) -> tensor<2x8xf32>
    return %0 : tensor<2x8xf32>
  }
}

// -----

// CASE: constant_rows_f32_f64ref
// NOTE: Same program against the float64 formula.
// RULE: tol:rtol=1e-4,atol=1e-5
// REQUIRES: op=tessera.layer_norm dtype=f32 level=graph
// INPUT: 0 tensor<2x8xf32> hex:40400000,40400000,40400000,40400000,40400000,40400000,40400000,40400000,40400000,40400000,40400000,40400000,40400000,40400000,40400000,40400000
// EXPECT: 0 tensor<2x8xf32> hex:00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000
// GENERATOR: conformance/gen/graph_norm.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module {
  func.func @main(%x: tensor<2x8xf32>) -> tensor<2x8xf32> {
    %0 = "tessera.layer_norm"(%x) {epsilon = 0.001} : (tensor<2x8xf32>) -> tensor<2x8xf32>
    return %0 : tensor<2x8xf32>
  }
}

// -----

// CASE: offset_f32
// NOTE: Mean near 1000: the f32 sum of 32 such values carries ~1e-3 absolute error, so
// NOTE: the float64 check needs atol 2e-3; the two-pass variance stays accurate.
// RULE: bitexact
// REQUIRES: op=tessera.layer_norm dtype=f32 level=graph
// INPUT: 0 tensor<3x32xf32> hex:447a0087,447a0f24,447a31e0,4479ca64,4479fdb2,447aba2c,4479c722,4479e867,4479c184,447abac8,447a4cf7,447a4dd0,447a45b2,447a04ed,4479d6c8,447a5f95,4479b3ea,447a44b6,447a2f04,4479d902,447a0b2a,4479ea38,447a1f9f,447a253f,447a0ec5,447a067d,4479e612,4479d012,447a145e,4479dca9,4479f034,4479dd50,447a35b7,4479bc29,4479a628,447a1835,447a74cf,447a6814,447a0b57,447a0c59,447a0706,447a4069,447a7ff4,4479f706,4479b0c2,447a81f1,447a3c00,447a2a46,447a23fe,4479ab95,4479d1d9,44799f3e,447a03d1,44799624,4479fcb8,447a08be,447a815e,447a5ea3,4479e8f3,447a1b59,44796d4f,4479aee9,447998f9,447a59cf,447a069c,447a136a,4479ba5b,4479e73b,4479c6f2,447a77b0,447a63a0,4479d56c,4479bafa,447a5c89,4479ecf4,4479f3de,447a8c83,447a1417,447a0e16,4479a600,447a9214,4479e841,4479d8cc,447a0fd8,4479dde6,447a5597,447a56ba,4479fb21,447a265b,447a9860,4479ddf4,447a2603,447a38e1,447a10fe,447a5f49,4479da99
// EXPECT: 0 tensor<3x32xf32> hex:be62e960,3c2455c1,3f0f8200,bf8a32af,be887049,402e236a,bf90ceba,bf1a9e6a,bf9c342e,402ec1aa,3f7d6dd4,3f806f2b,3f5fee89,be1b85b3,bf621e7e,3fa47c4e,bfb7cc8e,3f5bf001,3f03e7cc,bf5915a1,bd5915a1,bf133f9b,3e8ae12a,3eb88735,3b87ee71,be022974,bf2414d5,bf7d598a,3dbe33d9,bf4a43b9,bef5ee8f,bf479e18,3f1b6252,bf748d9e,bf9e799c,3e693118,3fb57caf,3fa08b55,3d7f6688,3d9a3a35,3be160aa,3f3e92d8,3fc7d222,be4b875a,bf8d08d5,3fcb177c,3f30103a,3eeb7abf,3ec22584,bf958c94,bf2d3284,bfa9d96c,bd0ca7c5,bfb8d27d,be009300,3ced4df4,3fca25a8,3f910325,bec260bd,3e89432a,bffbfea2,bf9012f6,bfb429cc,3f8911cf,be631483,bcfb9bbd,bfae029d,bf309f06,bf95f785,3fbb909d,3f95402f,bf74a40a,bfacd2f7,3f87b601,bf1ac37c,bf005b00,3fe35571,bca90316,bde1b51e,bfd4e246,3fedf6d2,bf2cb652,bf67c002,bdabfefc,bf5443c4,3f74e4f9,3f793c71,bec93d2b,3e80f799,3ff9fd53,bf540e4b,3e7caebe,3f073bc8,bd88e790,3f8cf676,bf60df3a
// GENERATOR: conformance/gen/graph_norm.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module {
  func.func @main(%x: tensor<3x32xf32>) -> tensor<3x32xf32> {
    %0 = "tessera.layer_norm"(%x) : (tensor<3x32xf32>) -> tensor<3x32xf32>
    return %0 : tensor<3x32xf32>
  }
}

// -----

// CASE: offset_f32_f64ref
// NOTE: Same program against the float64 formula.
// RULE: tol:rtol=1e-2,atol=2e-3
// REQUIRES: op=tessera.layer_norm dtype=f32 level=graph
// INPUT: 0 tensor<3x32xf32> hex:447a0087,447a0f24,447a31e0,4479ca64,4479fdb2,447aba2c,4479c722,4479e867,4479c184,447abac8,447a4cf7,447a4dd0,447a45b2,447a04ed,4479d6c8,447a5f95,4479b3ea,447a44b6,447a2f04,4479d902,447a0b2a,4479ea38,447a1f9f,447a253f,447a0ec5,447a067d,4479e612,4479d012,447a145e,4479dca9,4479f034,4479dd50,447a35b7,4479bc29,4479a628,447a1835,447a74cf,447a6814,447a0b57,447a0c59,447a0706,447a4069,447a7ff4,4479f706,4479b0c2,447a81f1,447a3c00,447a2a46,447a23fe,4479ab95,4479d1d9,44799f3e,447a03d1,44799624,4479fcb8,447a08be,447a815e,447a5ea3,4479e8f3,447a1b59,44796d4f,4479aee9,447998f9,447a59cf,447a069c,447a136a,4479ba5b,4479e73b,4479c6f2,447a77b0,447a63a0,4479d56c,4479bafa,447a5c89,4479ecf4,4479f3de,447a8c83,447a1417,447a0e16,4479a600,447a9214,4479e841,4479d8cc,447a0fd8,4479dde6,447a5597,447a56ba,4479fb21,447a265b,447a9860,4479ddf4,447a2603,447a38e1,447a10fe,447a5f49,4479da99
// EXPECT: 0 tensor<3x32xf32> hex:be62e75a,3c247639,3f0f8283,bf8a3270,be886f46,402e238c,bf90ce7a,bf1a9de9,bf9c33ee,402ec1cc,3f7d6e58,3f806f6d,3f5fef0d,be1b83ad,bf621dfe,3fa47c90,bfb7cc4f,3f5bf085,3f03e84f,bf591521,bd590d85,bf133f1a,3e8ae22f,3eb8883a,3b882f5e,be02276e,bf241455,bf7d590b,3dbe37e9,bf4a4339,bef5ed8d,bf479d98,3f1b638f,bf748c62,bf9e78ff,3e693608,3fb57d4e,3fa08bf3,3d7f7a46,3d9a4414,3be1fe98,3f3e9415,3fc7d2c0,be4b826b,bf8d0837,3fcb181a,3f301176,3eeb7d37,3ec227fc,bf958bf6,bf2d3149,bfa9d8cf,bd0c9408,bfb8d1df,be008e10,3ced7570,3fca2646,3f9103c3,bec25e46,3e8945a2,bffbfe05,bf901258,bfb4292e,3f89126e,be630e4f,bcfb6a17,bfae01d7,bf309d7a,bf95f6bf,3fbb9164,3f9540f6,bf74a27e,bfacd231,3f87b6c8,bf1ac1ef,bf005973,3fe35639,bca8d170,bde1a8b5,bfd4e180,3fedf79a,bf2cb4c5,bf67be76,bdabf293,bf544238,3f74e687,3f793dff,bec93a11,3e80fab4,3ff9fe1b,bf540cbe,3e7cb4f4,3f073d56,bd88db27,3f8cf73e,bf60ddae
// GENERATOR: conformance/gen/graph_norm.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module {
  func.func @main(%x: tensor<3x32xf32>) -> tensor<3x32xf32> {
    %0 = "tessera.layer_norm"(%x) : (tensor<3x32xf32>) -> tensor<3x32xf32>
    return %0 : tensor<3x32xf32>
  }
}

// -----

// CASE: specials_f32
// NOTE: NaN and Inf rows give NaN; a zero row gives signed 0s.
// RULE: bitexact
// REQUIRES: op=tessera.layer_norm dtype=f32 level=graph
// INPUT: 0 tensor<3x4xf32> hex:3f800000,7fc00000,40000000,40400000,7f800000,3f800000,40000000,40400000,00000000,80000000,00000000,80000000
// EXPECT: 0 tensor<3x4xf32> hex:7fc00000,7fc00000,7fc00000,7fc00000,ffc00000,ffc00000,ffc00000,ffc00000,00000000,80000000,00000000,80000000
// GENERATOR: conformance/gen/graph_norm.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module {
  func.func @main(%x: tensor<3x4xf32>) -> tensor<3x4xf32> {
    %0 = "tessera.layer_norm"(%x) : (tensor<3x4xf32>) -> tensor<3x4xf32>
    return %0 : tensor<3x4xf32>
  }
}

// -----

// CASE: f64
// RULE: bitexact
// REQUIRES: op=tessera.layer_norm dtype=f64 level=graph
// INPUT: 0 tensor<3x10xf64> hex:401d837dd0d7134d,40117486506e4513,c017dca59d7809f4,c0074b786ca60216,400d065ecb9a059e,bff8e69aa16b6723,400f0c8efbde0d6b,3fcc9cb6d3089f04,401a7ad467fc344f,c011c90ba60e0704,401049db5323fcf6,4010d252a1376615,c0153fceafd0bb4d,40072565e5a601b3,40128eaa1e80ef4c,c018beed7fae43f6,400675d88a2ee75d,40178ed6d78999b0,c01cf87b742b75c0,c02aa6bb88ed1e1c,4017a3618a226b3f,4019a48a7b1af28c,c0185a43b4121959,c019da8bab540e54,40246eff47254b34,c00904a263dc189a,401ef83e7a3a16ea,c02c79aaa5138c28,c027f7e6f074fcba,c0204740bb29f2e0
// INPUT: 1 tensor<10xf64> hex:3ff05bacb81f4516,bff1137c738fb94f,3ff47198d25e8fd3,bfd0ab26d2b13e73,3ff56937013d74bb,bff275a591306a57,3fee3a00b4e6568a,bf922b1a07e9ebf3,3ff05321a4063adf,bfe881722d04f0b3
// EXPECT: 0 tensor<3x10xf64> hex:3ff6edbc9f1a601f,bfe8ce58cb9c0bbf,c0003a7ac2928291,3fce1f2741531faa,3fe80bbbbd80e12f,3fe625a06ce62d8c,3fe2afb96c78fbea,3f6d3cfa79bd0b9b,3ff41bb01ff5b10e,3fee90e1a4ca57d9,3fe90d7518d7d828,bfeadfc35e30c7a9,bfed8c12062325af,bfc34b818024b0dc,3ff252588cf5e023,3fefcc4647b2f8a0,3fe1156bbbec338c,bf93263b3794c18a,bff0cb81f92945d9,3ff86d5281ddc999,3feec7c8a23301fd,bff116330818152f,bfe40f613f1a95f8,3fc1d92fd3a3e579,3fff25acddd39ff7,3fc448a7742a2c86,3ff186263131c414,3f9a943f27ddb64d,bff37e3075fd7fa4,3fe2050387f6fd29
// GENERATOR: conformance/gen/graph_norm.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module {
  func.func @main(%x: tensor<3x10xf64>, %g: tensor<10xf64>) -> tensor<3x10xf64> {
    %0 = "tessera.layer_norm"(%x, %g) : (tensor<3x10xf64>, tensor<10xf64>) -> tensor<3x10xf64>
    return %0 : tensor<3x10xf64>
  }
}

// -----

// CASE: f64_f64ref
// NOTE: Same program against the float64 formula.
// RULE: tol:rtol=1e-12,atol=1e-12
// REQUIRES: op=tessera.layer_norm dtype=f64 level=graph
// INPUT: 0 tensor<3x10xf64> hex:401d837dd0d7134d,40117486506e4513,c017dca59d7809f4,c0074b786ca60216,400d065ecb9a059e,bff8e69aa16b6723,400f0c8efbde0d6b,3fcc9cb6d3089f04,401a7ad467fc344f,c011c90ba60e0704,401049db5323fcf6,4010d252a1376615,c0153fceafd0bb4d,40072565e5a601b3,40128eaa1e80ef4c,c018beed7fae43f6,400675d88a2ee75d,40178ed6d78999b0,c01cf87b742b75c0,c02aa6bb88ed1e1c,4017a3618a226b3f,4019a48a7b1af28c,c0185a43b4121959,c019da8bab540e54,40246eff47254b34,c00904a263dc189a,401ef83e7a3a16ea,c02c79aaa5138c28,c027f7e6f074fcba,c0204740bb29f2e0
// INPUT: 1 tensor<10xf64> hex:3ff05bacb81f4516,bff1137c738fb94f,3ff47198d25e8fd3,bfd0ab26d2b13e73,3ff56937013d74bb,bff275a591306a57,3fee3a00b4e6568a,bf922b1a07e9ebf3,3ff05321a4063adf,bfe881722d04f0b3
// EXPECT: 0 tensor<3x10xf64> hex:3ff6edbc9f1a601f,bfe8ce58cb9c0bbf,c0003a7ac2928291,3fce1f2741531faa,3fe80bbbbd80e12f,3fe625a06ce62d8c,3fe2afb96c78fbea,3f6d3cfa79bd0b9b,3ff41bb01ff5b10e,3fee90e1a4ca57d9,3fe90d7518d7d829,bfeadfc35e30c7a9,bfed8c12062325af,bfc34b818024b0dc,3ff252588cf5e023,3fefcc4647b2f8a0,3fe1156bbbec338c,bf93263b3794c18a,bff0cb81f92945d9,3ff86d5281ddc999,3feec7c8a23301fe,bff116330818152f,bfe40f613f1a95f8,3fc1d92fd3a3e579,3fff25acddd39ff7,3fc448a7742a2c86,3ff186263131c414,3f9a943f27ddb64e,bff37e3075fd7fa4,3fe2050387f6fd2a
// GENERATOR: conformance/gen/graph_norm.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module {
  func.func @main(%x: tensor<3x10xf64>, %g: tensor<10xf64>) -> tensor<3x10xf64> {
    %0 = "tessera.layer_norm"(%x, %g) : (tensor<3x10xf64>, tensor<10xf64>) -> tensor<3x10xf64>
    return %0 : tensor<3x10xf64>
  }
}

// -----

// CASE: rows_96x128_f32
// RULE: bitexact
// REQUIRES: op=tessera.layer_norm dtype=f32 level=graph
// INPUT: 0 tensor<96x128xf32> npy:layer_norm.rows_96x128_f32.input0.npy
// EXPECT: 0 tensor<96x128xf32> npy:layer_norm.rows_96x128_f32.expect0.npy
// GENERATOR: conformance/gen/graph_norm.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module {
  func.func @main(%x: tensor<96x128xf32>) -> tensor<96x128xf32> {
    %0 = "tessera.layer_norm"(%x) : (tensor<96x128xf32>) -> tensor<96x128xf32>
    return %0 : tensor<96x128xf32>
  }
}

// -----

// CASE: rows_96x128_f32_f64ref
// NOTE: Same program against the float64 formula.
// RULE: tol:rtol=1e-4,atol=1e-5
// REQUIRES: op=tessera.layer_norm dtype=f32 level=graph
// INPUT: 0 tensor<96x128xf32> npy:layer_norm.rows_96x128_f32_f64ref.input0.npy
// EXPECT: 0 tensor<96x128xf32> npy:layer_norm.rows_96x128_f32_f64ref.expect0.npy
// GENERATOR: conformance/gen/graph_norm.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module {
  func.func @main(%x: tensor<96x128xf32>) -> tensor<96x128xf32> {
    %0 = "tessera.layer_norm"(%x) : (tensor<96x128xf32>) -> tensor<96x128xf32>
    return %0 : tensor<96x128xf32>
  }
}

// -----

// CASE: rows_2x1500_f32
// NOTE: Rows of 1500: more than one register tile holds (a scalar kernel at Tile IR).
// RULE: bitexact
// REQUIRES: op=tessera.layer_norm dtype=f32 level=graph
// INPUT: 0 tensor<2x1500xf32> npy:layer_norm.rows_2x1500_f32.input0.npy
// EXPECT: 0 tensor<2x1500xf32> npy:layer_norm.rows_2x1500_f32.expect0.npy
// GENERATOR: conformance/gen/graph_norm.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module {
  func.func @main(%x: tensor<2x1500xf32>) -> tensor<2x1500xf32> {
    %0 = "tessera.layer_norm"(%x) : (tensor<2x1500xf32>) -> tensor<2x1500xf32>
    return %0 : tensor<2x1500xf32>
  }
}

// -----

// CASE: rows_2x1500_f32_f64ref
// NOTE: Same program against the float64 formula.
// RULE: tol:rtol=1e-4,atol=1e-5
// REQUIRES: op=tessera.layer_norm dtype=f32 level=graph
// INPUT: 0 tensor<2x1500xf32> npy:layer_norm.rows_2x1500_f32_f64ref.input0.npy
// EXPECT: 0 tensor<2x1500xf32> npy:layer_norm.rows_2x1500_f32_f64ref.expect0.npy
// GENERATOR: conformance/gen/graph_norm.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module {
  func.func @main(%x: tensor<2x1500xf32>) -> tensor<2x1500xf32> {
    %0 = "tessera.layer_norm"(%x) : (tensor<2x1500xf32>) -> tensor<2x1500xf32>
    return %0 : tensor<2x1500xf32>
  }
}

// -----

// CASE: gamma_bf16
// NOTE: bf16: computed in f32 (the executor widens the operands), rounded once.
// RULE: bitexact
// REQUIRES: op=tessera.layer_norm dtype=bf16 level=graph
// INPUT: 0 tensor<3x24xbf16> hex:bf71,3ecb,3edf,c010,c033,3ff1,3e49,401e,bfce,3f64,c01c,3f1e,4061,bf3d,3fab,bf94,3db1,bfe5,3de5,403a,c017,4055,bff0,3f55,401e,bf6c,bf92,3eb4,40c2,bf8a,bf1d,4073,3e96,3fcb,3f1b,3fb4,3fb3,408a,c021,3e35,3efa,c079,c076,3e4a,bf19,c06e,3d7b,be91,c037,404e,3f15,bff7,c00a,be24,4009,3fb3,c0a0,3ec4,3ef5,3ea7,bfe3,3e05,bfc7,3fac,3e88,c077,bdee,c00c,bfaf,bf53,c08a,4041
// INPUT: 1 tensor<24xbf16> hex:bf14,3e87,4001,be0f,3f1f,beb9,be56,bf8d,3f66,3fda,bef1,3fb1,bf2b,bf7d,bf9f,bff4,3f89,3f8e,bf06,3fb4,3ec5,bf64,bf68,3f08
// INPUT: 2 tensor<24xbf16> hex:3f14,bfcf,c01a,bede,bf8c,3f82,bf4d,3fc0,3ec8,3ea7,bf54,3f7c,3ef6,3ef3,3f79,bec6,be95,bec7,bf16,bdb1,bfc8,3f0b,3fc0,3fa2
// EXPECT: 0 tensor<3x24xbf16> hex:3f63,bfc9,bffd,be85,c003,3f28,bf51,3d61,bed3,3f8e,be49,3fb5,bf46,3f65,3dd6,3f5a,be88,bfbf,bf1b,4006,c004,bf85,401c,3fbf,3cd6,bfdf,c062,bee3,3edf,3f9b,bf3b,be29,3edc,3fa9,bf69,3fd8,3e12,bf9e,4018,bec0,be22,c012,3e99,bdaa,bfd8,4000,3fc6,3f94,3f98,bf92,bfa2,beb2,bfc6,3f70,bf89,3ee7,bfbc,3f91,bf89,3fcd,3f58,3e01,3fc3,c00a,3e1f,c006,bf36,bf91,bfd9,3f21,4045,400b
// GENERATOR: conformance/gen/graph_norm.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module {
  func.func @main(%x: tensor<3x24xbf16>, %g: tensor<24xbf16>, %b: tensor<24xbf16>) -> tensor<3x24xbf16> {
    %0 = "tessera.layer_norm"(%x, %g, %b) : (tensor<3x24xbf16>, tensor<24xbf16>, tensor<24xbf16>) -> tensor<3x24xbf16>
    return %0 : tensor<3x24xbf16>
  }
}
