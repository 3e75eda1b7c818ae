// tessera.layernorm_safe: the guide's name of tessera.layer_norm.
// Generated file: edit the generator named in each case, then rerun it.

// CASE: rows_f32
// RULE: bitexact
// REQUIRES: op=tessera.layernorm_safe dtype=f32 level=graph
// INPUT: 0 tensor<6x16xf32> hex:40a775bd,4073d821,3ebec77a,4031497b,405badd4,3e4b4ce6,408acdc7,401a9eed,bfb41c63,40775dba,3fcfc35a,be9c9f39,c0289ae4,3ff9f1b5,3d625ab3,c09876a4,405d4cf0,4021f591,402e3828,402c5e95,3f24601b,40e6c011,3da0d088,bf43b37a,408986ed,3e8fcf32,3faea656,40606beb,c02d49b5,4052b963,bfc9b6be,40240deb,3ebba756,3fca0c34,c02a8904,c01856c9,bf6c1a6e,404a980a,c02a7b47,40ea474d,3f65d64c,3f0fe63d,c06198dc,3fcd6946,3fcfb0b2,bf8bd6a9,c0bc263d,4047dbf2,c03d14eb,beca8b60,c040b90a,4054cec0,c02ed5cb,3f8d1dc1,40297145,c098f0e0,40d6587c,3f2fd131,bee38243,407b4a4e,3feba6ec,c09c4a01,c01fa42a,40603f82,41011c76,c025b0fb,c08981c8,bf08bf35,3f5ef3f0,3eded462,bf841d16,bff2b4c6,bf4baf47,bef0022d,3f2cdfcd,3f6f1697,bf0e5722,3eba69f6,bfa28a73,c07d5257,40e1dd52,c080db4b,4035d9e6,3f2ea066,3fa6a129,40545e3c,3fca3c31,c0c70619,c0bb504b,4071cc8d,401c6e52,40234c9c,bf35c0d7,3ef77137,bf00d149,c0189a1b
// INPUT: 1 tensor<16xf32> hex:3f998b21,3f8e037e,bee8ad4c,bf131edf,bf50f2af,3f953f75,becefae0,3f4565c9,be058f3b,3e71ac45,3ebd7499,bed51814,3f833fcf,bf463f6c,3e912729,3f08fa9f
// INPUT: 2 tensor<16xf32> hex:be115edc,3f97cab3,bed483aa,3f339003,3ec650d7,bf43b952,3f022a13,bfb1dbe3,3fc82fe0,be701769,bf133863,bf4c4215,3fe91b88,bfa591b5,bfc96a90,3f9969f5
// EXPECT: 0 tensor<6x16xf32> hex:3fd1ad52,400f0c1a,be820cd8,3ec49865,be8935d5,bfa0958f,3d3a4db8,bf888fc1,3fd95784,bbd05680,bf07fd2d,bf0b2733,3e9543a4,bfbdad28,bfdaa20e,bcfba980,3f2a7da7,3fc04c13,bf14c5da,3eff2830,3f4cd1ed,3fed3fcb,3f4eec74,c00ef45a,3fb711ec,bec76e40,bf26772c,bf8b193d,be0b17f8,bfe178e4,bffd796d,3fade338,bcd5b888,3fdd8248,bc30efe0,3f946a25,3f269676,3ed1e0dc,3f5e32e9,3edc027c,3fc3b042,be495df4,bf81007c,bf80bccb,4015b619,bf80176d,c007d3f3,3fdd72d2,bfa1aa36,3f814612,3c8f2960,3e138d14,3f8c2980,bed6e4aa,3e4c44c6,c0225c7a,3fa6eb20,be47159a,bf23a429,bfa381cc,4016a8f4,bdeed8d0,bfe6445d,3fdf8be9,406a1826,3e883a3a,3e816aec,3f3c2d80,3ba723c0,bed1679f,3f1b8c80,bfea0b66,3fcacd31,be785119,bedb9d2a,bf80562a,3fe058b0,bfc126dc,bfd58d42,3ef5e094,4009edc6,be6622a0,bf3c0606,3f277a16,3e331a1e,3e5becb4,3ebde89a,c036c722,3fe62e0b,bba54f80,beb6ea6a,bf8721e8,3fbf5e6a,bfa80bd2,bfd2cca6,3f455655
// GENERATOR: conformance/gen/graph_guide_names.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module {
  func.func @main(%x: tensor<6x16xf32>, %g: tensor<16xf32>, %b: tensor<16xf32>) -> tensor<6x16xf32> {
    %0 = "tessera.layernorm_safe"(%x, %g, %b) : (tensor<6x16xf32>, tensor<16xf32>, tensor<16xf32>) -> tensor<6x16xf32>
    return %0 : tensor<6x16xf32>
  }
}

// -----

// CASE: rows_f32_f64ref
// NOTE: Same program against the float64 formula.
// RULE: tol:rtol=1e-4,atol=1e-5
// REQUIRES: op=tessera.layernorm_safe dtype=f32 level=graph
// INPUT: 0 tensor<6x16xf32> hex:40a775bd,4073d821,3ebec77a,4031497b,405badd4,3e4b4ce6,408acdc7,401a9eed,bfb41c63,40775dba,3fcfc35a,be9c9f39,c0289ae4,3ff9f1b5,3d625ab3,c09876a4,405d4cf0,4021f591,402e3828,402c5e95,3f24601b,40e6c011,3da0d088,bf43b37a,408986ed,3e8fcf32,3faea656,40606beb,c02d49b5,4052b963,bfc9b6be,40240deb,3ebba756,3fca0c34,c02a8904,c01856c9,bf6c1a6e,404a980a,c02a7b47,40ea474d,3f65d64c,3f0fe63d,c06198dc,3fcd6946,3fcfb0b2,bf8bd6a9,c0bc263d,4047dbf2,c03d14eb,beca8b60,c040b90a,4054cec0,c02ed5cb,3f8d1dc1,40297145,c098f0e0,40d6587c,3f2fd131,bee38243,407b4a4e,3feba6ec,c09c4a01,c01fa42a,40603f82,41011c76,c025b0fb,c08981c8,bf08bf35,3f5ef3f0,3eded462,bf841d16,bff2b4c6,bf4baf47,bef0022d,3f2cdfcd,3f6f1697,bf0e5722,3eba69f6,bfa28a73,c07d5257,40e1dd52,c080db4b,4035d9e6,3f2ea066,3fa6a129,40545e3c,3fca3c31,c0c70619,c0bb504b,4071cc8d,401c6e52,40234c9c,bf35c0d7,3ef77137,bf00d149,c0189a1b
// INPUT: 1 tensor<16xf32> hex:3f998b21,3f8e037e,bee8ad4c,bf131edf,bf50f2af,3f953f75,becefae0,3f4565c9,be058f3b,3e71ac45,3ebd7499,bed51814,3f833fcf,bf463f6c,3e912729,3f08fa9f
// INPUT: 2 tensor<16xf32> hex:be115edc,3f97cab3,bed483aa,3f339003,3ec650d7,bf43b952,3f022a13,bfb1dbe3,3fc82fe0,be701769,bf133863,bf4c4215,3fe91b88,bfa591b5,bfc96a90,3f9969f5
// EXPECT: 0 tensor<6x16xf32> hex:3fd1ad51,400f0c1a,be820cd8,3ec49866,be8935d3,bfa0958f,3d3a4dc0,bf888fc1,3fd95784,bbd056ae,bf07fd2d,bf0b2733,3e9543a2,bfbdad28,bfdaa20e,bcfba99a,3f2a7da5,3fc04c12,bf14c5d9,3eff2832,3f4cd1ee,3fed3fcb,3f4eec75,c00ef45a,3fb711ec,bec76e40,bf26772d,bf8b193d,be0b17f2,bfe178e3,bffd796d,3fade337,bcd5b88a,3fdd8247,bc30f015,3f946a24,3f269675,3ed1e0d6,3f5e32e8,3edc0274,3fc3b042,be495df5,bf81007c,bf80bccb,4015b618,bf80176d,c007d3f3,3fdd72d1,bfa1aa37,3f814612,3c8f296c,3e138d12,3f8c2980,bed6e4a9,3e4c44c5,c0225c7a,3fa6eb20,be47159b,bf23a429,bfa381cc,4016a8f5,bdeed8bb,bfe6445e,3fdf8be9,406a1826,3e883a3b,3e816aed,3f3c2d80,3ba723c0,bed1679f,3f1b8c80,bfea0b67,3fcacd31,be785119,bedb9d29,bf80562a,3fe058b0,bfc126dc,bfd58d42,3ef5e094,4009edc5,be66229e,bf3c0606,3f277a16,3e331a1f,3e5becb0,3ebde89a,c036c721,3fe62e0b,bba54f9c,beb6ea6a,bf8721e8,3fbf5e6b,bfa80bd2,bfd2cca6,3f455656
// GENERATOR: conformance/gen/graph_guide_names.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module {
  func.func @main(%x: tensor<6x16xf32>, %g: tensor<16xf32>, %b: tensor<16xf32>) -> tensor<6x16xf32> {
    %0 = "tessera.layernorm_safe"(%x, %g, %b) : (tensor<6x16xf32>, tensor<16xf32>, tensor<16xf32>) -> tensor<6x16xf32>
    return %0 : tensor<6x16xf32>
  }
}
