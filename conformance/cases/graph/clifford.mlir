// tessera.clifford and tessera_clifford ops: multivectors with blades on the last axis in ascending bitmask order.
// Generated file: edit the generator named in each case, then rerun it.

// CASE: gp_cl30_f32
// NOTE: Cl(3,0): e1 e1 = 1, e_i e_j = -e_j e_i.
// RULE: bitexact
// REQUIRES: op=tessera.clifford.geometric_product dtype=f32 level=graph
// INPUT: 0 tensor<2x8xf32> hex:3f31d09a,3f16cc7c,3f5687f1,3fc73b17,bf8c0ede,3deab372,bf77ea46,bf4fe26e,3e818c57,3da8bb09,be1539a3,bfd5ee1e,bf100a98,3fb210cd,befea202,bf7b9b3e
// INPUT: 1 tensor<2x8xf32> hex:bf63140b,bc0f6877,3fc9901a,bfac3cce,be8d49e9,3f028d82,bf34f9c5,bf17b2b5,3f244aa6,bfc76fc6,c001c21e,3e4bb94b,3f8a2d73,bcabda3e,3f519912,bf78d844
// EXPECT: 0 tensor<2x8xf32> hex:3fef6bc2,401b6d13,bfb55cf3,bf6bb4d9,3febd747,bf0c355c,3f11e236,3eabec29,beedc82c,409c65ae,c0934419,c043c5f4,bef52e5f,c0537577,3e90d4cc,3f5dee52
// GENERATOR: conformance/gen/graph_gaebm.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module {
  func.func @main(%a0: tensor<2x8xf32>, %a1: tensor<2x8xf32>) -> tensor<2x8xf32> {
    %r = "tessera.clifford.geometric_product"(%a0, %a1) {p = 3 : i64, q = 0 : i64} : (tensor<2x8xf32>, tensor<2x8xf32>) -> tensor<2x8xf32>
    return %r : tensor<2x8xf32>
  }
}

// -----

// CASE: gp_cl13_f64
// NOTE: Minkowski Cl(1,3), 16 blades.
// RULE: bitexact
// REQUIRES: op=tessera.clifford.geometric_product dtype=f64 level=graph
// INPUT: 0 tensor<3x16xf64> hex:bff4e4ef15d529ea,3ff2af2cdfd57a3d,3fbf00de4b3c35e4,bfdf1a90f482aae8,bff26de7cf68f49e,3ff8c557cc557e03,3fb12c431fe9b093,bfbdd92f7767b1a0,bff2d0cbee3d3123,3fd1758963eb9217,3fe50d60ad2e4491,bfedc58f33f57417,3ff759a3e3eeae63,3fe41ea9f4f2b590,bff4e5b8b940d343,3ffce4cd7e36aaf5,bffb844732b7044d,3f972e30652bfc6a,3fe422c9d16c2533,3ff7d8631b7bcaf3,3fc31ccc9e079950,40042b86cd92893d,bf95c79f9986fa5d,3fd3b0daf368bfb3,3fd665e268c238a5,bfdfd1560dc4f224,bff0709d98ccb343,bfb027435e0ec9dd,3fc9f6867a9a8854,bff6159f5b3039ee,3fe91f7db9e7280f,bff1f8f4f917f08e,3ff18e29bd0bdf38,bfbe7a74898febfa,3fdcce15258a4c7c,bfe040d512424b45,bfe754bd7ada9979,3feb92b3d03590ca,3fdae6c9e3f0e6e5,bff9649228819aee,bfd9688d93cc427d,bffe766efe4df99b,bfd80ffe6087e39f,3f9d2b9cfdea7907,3ffe1eeffb766763,bfe7589bd71b4811,bfeebdbd397fea0c,3fee8545e4e27e6d
// INPUT: 1 tensor<3x16xf64> hex:3ffa5a04638e3cb1,3fd9879025b15c26,bfde486a1e3967cf,3fe03b125ef2b948,bfc13800cb824661,bfeb362a986986d2,bfe232c37126d550,3ff9874a89147ad5,bfe3492805162407,bfe68946263d05d1,3ff680344729a6b9,bff3edbbb69d08de,bfe5b3bed091ddab,3fea02599837c1e1,bfb4a52dddf4a2d2,bfcd386ff028d78e,3fe8a2e95ce580c1,bfefdb8909aba0f0,400006a448e38105,3ff24eca2312b47d,bfe0577062631fe0,3fd73e14b53991ef,3fd845f6af3ec1d4,bfd5d5be1f6b832a,bff12e7b06e86259,3ff17bfe8fd52c13,3fe4c069b784a169,3fdd8ec6a15a3b0e,bfb686f918ccc5e9,3fed133289b7b5f2,3ff5ec1d333f4735,3ffb606585670f54,3f9ad1242ed94203,3ff00346327b4f62,3ffc00ca7182be9f,3fe2f880cb3f77d3,3fab38e76d5b9419,3ff5dcb2144d2d40,bfeea566ec23ce73,bff4864f3bf25b24,3fd75b5c8bce176c,3ff38805f9e51c8c,bfec6fe17c1b4947,c0020aedefc41af4,3fe755f155f1c2e1,3fc6b2caf3321a9c,3fcb967aaf067b4d,3ff548ee575fa68c
// EXPECT: 0 tensor<3x16xf64> hex:c01470a0f2e8eeeb,4010a90920fbbeb2,bff07fc96576d6da,bffb248c425d25dc,bffa8cd67e79f5ae,401bef7d69d76d89,c001a82860f7f33c,3ffcd3352619eece,bfe219acdbb45780,3fc6c83d67a63118,bfee1ac22423acac,40000b9e64cd33cb,4020ccf2a1a089ed,c00527a6bcb06e33,c00e9e8d1c4f3ad9,40173c5d38251016,401400ba0f72703f,c001233e668a0611,bfba3d8497f88c30,400e061fa2064a8e,4012ee8e980d5afc,c00d2f074cf48120,bfdbd7106540c0cc,c010d80a6246ab15,3ff153fcbec81d34,c0080e0b67f9f9ea,c0227c8708531fef,4001f45a65bb125d,bffe38b23b8bfbbd,c00e3dfb696c20e5,c0121aa8f0faa03f,c01f839d9edb9064,c01b0f366de02cd1,3ff4c1bfd860c912,400f52a66e683324,c010f5bf2069a8de,4008d6d66fa76d38,c02069082c786729,bff24ff0f5598cf9,bff95698aab2d4c3,4005c13ca8053622,400daac40c2ab966,c00f1924a768b403,3ff80da50ed7019a,3fe1cccbe8ff9df8,3ff3672e8d6603f0,c0104f0eca26c4a8,4017eb1d66057c21
// GENERATOR: conformance/gen/graph_gaebm.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module {
  func.func @main(%a0: tensor<3x16xf64>, %a1: tensor<3x16xf64>) -> tensor<3x16xf64> {
    %r = "tessera.clifford.geometric_product"(%a0, %a1) {p = 1 : i64, q = 3 : i64} : (tensor<3x16xf64>, tensor<3x16xf64>) -> tensor<3x16xf64>
    return %r : tensor<3x16xf64>
  }
}

// -----

// CASE: outer_cl30
// RULE: bitexact
// REQUIRES: op=tessera.clifford.outer_product dtype=f32 level=graph
// INPUT: 0 tensor<2x8xf32> hex:3f31d09a,3f16cc7c,3f5687f1,3fc73b17,bf8c0ede,3deab372,bf77ea46,bf4fe26e,3e818c57,3da8bb09,be1539a3,bfd5ee1e,bf100a98,3fb210cd,befea202,bf7b9b3e
// INPUT: 1 tensor<2x8xf32> hex:bf63140b,bc0f6877,3fc9901a,bfac3cce,be8d49e9,3f028d82,bf34f9c5,bf17b2b5,3f244aa6,bfc76fc6,c001c21e,3e4bb94b,3f8a2d73,bcabda3e,3f519912,bf78d844
// EXPECT: 0 tensor<2x8xf32> hex:bf1db9e4,bf075191,3eb36cd4,bfb0af97,3f4766ae,3da4bc40,3fee0d50,3eabec29,3e26475d,beaec70e,bf1b4503,bfb54b35,bdb42119,3dcc3fa1,bfb47e43,3f5dee52
// GENERATOR: conformance/gen/graph_gaebm.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module {
  func.func @main(%a0: tensor<2x8xf32>, %a1: tensor<2x8xf32>) -> tensor<2x8xf32> {
    %r = "tessera.clifford.outer_product"(%a0, %a1) {p = 3 : i64} : (tensor<2x8xf32>, tensor<2x8xf32>) -> tensor<2x8xf32>
    return %r : tensor<2x8xf32>
  }
}

// -----

// CASE: inner_cl21_signature
// NOTE: The left contraction; e2 squares to -1.
// RULE: bitexact
// REQUIRES: op=tessera.clifford.inner_product dtype=f32 level=graph
// INPUT: 0 tensor<2x8xf32> hex:3f31d09a,3f16cc7c,3f5687f1,3fc73b17,bf8c0ede,3deab372,bf77ea46,bf4fe26e,3e818c57,3da8bb09,be1539a3,bfd5ee1e,bf100a98,3fb210cd,befea202,bf7b9b3e
// INPUT: 1 tensor<2x8xf32> hex:bf63140b,bc0f6877,3fc9901a,bfac3cce,be8d49e9,3f028d82,bf34f9c5,bf17b2b5,3f244aa6,bfc76fc6,c001c21e,3e4bb94b,3f8a2d73,bcabda3e,3f519912,bf78d844
// EXPECT: 0 tensor<2x8xf32> hex:c0281085,baf1ab35,bf0a5153,be928f65,be627d8f,be11c6e4,bf57100b,bed2bc57,bf1fbdc5,3d463c51,bfb1b02a,3f18e6f4,4000fb60,3e0b9e73,3e022034,be7bdaca
// GENERATOR: conformance/gen/graph_gaebm.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module {
  func.func @main(%a0: tensor<2x8xf32>, %a1: tensor<2x8xf32>) -> tensor<2x8xf32> {
    %r = "tessera.clifford.inner_product"(%a0, %a1) {p = 2 : i64, q = 1 : i64, signature = [1, -1, 1]} : (tensor<2x8xf32>, tensor<2x8xf32>) -> tensor<2x8xf32>
    return %r : tensor<2x8xf32>
  }
}

// -----

// CASE: sandwich_grade1
// RULE: bitexact
// REQUIRES: op=tessera.clifford.rotor_sandwich dtype=f32 level=graph
// INPUT: 0 tensor<2x8xf32> hex:3f31d09a,3f16cc7c,3f5687f1,3fc73b17,bf8c0ede,3deab372,bf77ea46,bf4fe26e,3e818c57,3da8bb09,be1539a3,bfd5ee1e,bf100a98,3fb210cd,befea202,bf7b9b3e
// INPUT: 1 tensor<2x8xf32> hex:bf63140b,bc0f6877,3fc9901a,bfac3cce,be8d49e9,3f028d82,bf34f9c5,bf17b2b5,3f244aa6,bfc76fc6,c001c21e,3e4bb94b,3f8a2d73,bcabda3e,3f519912,bf78d844
// EXPECT: 0 tensor<2x8xf32> hex:00000000,be29cca5,c0b173e7,00000000,bfa6a6a2,00000000,00000000,00000000,00000000,411d1c61,403cc2e8,00000000,c0e27419,00000000,00000000,00000000
// GENERATOR: conformance/gen/graph_gaebm.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module {
  func.func @main(%a0: tensor<2x8xf32>, %a1: tensor<2x8xf32>) -> tensor<2x8xf32> {
    %r = "tessera.clifford.rotor_sandwich"(%a0, %a1) {p = 3 : i64, grade_mask = [1]} : (tensor<2x8xf32>, tensor<2x8xf32>) -> tensor<2x8xf32>
    return %r : tensor<2x8xf32>
  }
}

// -----

// CASE: norm_cl30
// RULE: bitexact
// REQUIRES: op=tessera.clifford.norm dtype=f32 level=graph
// INPUT: 0 tensor<2x8xf32> hex:3f31d09a,3f16cc7c,3f5687f1,3fc73b17,bf8c0ede,3deab372,bf77ea46,bf4fe26e,3e818c57,3da8bb09,be1539a3,bfd5ee1e,bf100a98,3fb210cd,befea202,bf7b9b3e
// EXPECT: 0 tensor<2xf32> hex:40266cd6,40214827
// GENERATOR: conformance/gen/graph_gaebm.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module {
  func.func @main(%a0: tensor<2x8xf32>) -> tensor<2xf32> {
    %r = "tessera.clifford.norm"(%a0) {p = 3 : i64} : (tensor<2x8xf32>) -> tensor<2xf32>
    return %r : tensor<2xf32>
  }
}

// -----

// CASE: exp_cl30_terms24
// NOTE: The truncated series, term j = (term_{j-1} x) / j.
// RULE: bitexact
// REQUIRES: op=tessera_clifford.exp dtype=f32 level=graph
// INPUT: 0 tensor<4x8xf32> hex:3df4ca30,3e826244,3e8d0bb5,bee89d74,3e8101e4,3f41b30c,be3a2e97,bd81377f,3ea797a0,3e3fc62c,3e9836f7,3eba0cf8,3f65bd20,bf169d4c,bf8dfe4b,bc9d875d,3f04a67f,3e6c3f1a,becffbe9,bf110676,3e9b9483,bee58302,3f2948bb,3e9c6d74,be9f59ed,3d21e27b,be0e4c59,becd3549,bcbd2a46,3f99c146,bf406da2,3ebd6e58
// EXPECT: 0 tensor<4x8xf32> hex:3f409477,3e60f57c,3e043111,bf00f0c0,3e281aaa,3f4f958c,be6cf0ed,bed8837b,3f5e6ad0,3eae28f9,3e99cdb2,3f0832c6,3f8681d4,bf3e57fb,bfa9afd5,3ead8b85,3f985efa,3dd876ed,bf406c98,bf38f126,3f24b27d,bf037528,3f8637f7,3d6c6197,3d32b316,3e31201f,3e3d5a6b,be3eaf41,3d93f09a,3f128eac,beaa0f46,3dc28ee7
// GENERATOR: conformance/gen/graph_gaebm.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module {
  func.func @main(%a0: tensor<4x8xf32>) -> tensor<4x8xf32> {
    %r = "tessera_clifford.exp"(%a0) {algebra = [3, 0, 0], terms = 24 : i64} : (tensor<4x8xf32>) -> tensor<4x8xf32>
    return %r : tensor<4x8xf32>
  }
}

// -----

// CASE: rotor_from_axis_cl30
// RULE: ulp:1
// REQUIRES: op=tessera_clifford.rotor_from_axis dtype=f32 level=graph
// INPUT: 0 tensor<4x8xf32> hex:3df4ca30,3e826244,3e8d0bb5,bee89d74,3e8101e4,3f41b30c,be3a2e97,bd81377f,3ea797a0,3e3fc62c,3e9836f7,3eba0cf8,3f65bd20,bf169d4c,bf8dfe4b,bc9d875d,3f04a67f,3e6c3f1a,becffbe9,bf110676,3e9b9483,bee58302,3f2948bb,3e9c6d74,be9f59ed,3d21e27b,be0e4c59,becd3549,bcbd2a46,3f99c146,bf406da2,3ebd6e58
// EXPECT: 0 tensor<4x8xf32> hex:3f6c835e,80000000,80000000,3e4593c9,80000000,bea485f8,3d9e2363,80000000,3f6c835e,80000000,80000000,bdd9dd6c,80000000,3e305e83,3ea6461e,80000000,3f6c835e,80000000,80000000,3e62ac8d,80000000,3e335cf4,be844b98,80000000,3f6c835e,80000000,80000000,3dd54f0d,80000000,be9fd312,3e480640,80000000
// GENERATOR: conformance/gen/graph_gaebm.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module {
  func.func @main(%a0: tensor<4x8xf32>) -> tensor<4x8xf32> {
    %r = "tessera_clifford.rotor_from_axis"(%a0) {algebra = [3, 0, 0], angle = 0.78539816339744828 : f64} : (tensor<4x8xf32>) -> tensor<4x8xf32>
    return %r : tensor<4x8xf32>
  }
}

// -----

// CASE: reverse_cl30
// RULE: bitexact
// REQUIRES: op=tessera.clifford.reverse dtype=f32 level=graph
// INPUT: 0 tensor<2x8xf32> hex:3f31d09a,3f16cc7c,3f5687f1,3fc73b17,bf8c0ede,3deab372,bf77ea46,bf4fe26e,3e818c57,3da8bb09,be1539a3,bfd5ee1e,bf100a98,3fb210cd,befea202,bf7b9b3e
// EXPECT: 0 tensor<2x8xf32> hex:3f31d09a,3f16cc7c,3f5687f1,bfc73b17,bf8c0ede,bdeab372,3f77ea46,3f4fe26e,3e818c57,3da8bb09,be1539a3,3fd5ee1e,bf100a98,bfb210cd,3efea202,3f7b9b3e
// GENERATOR: conformance/gen/graph_gaebm.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module {
  func.func @main(%a0: tensor<2x8xf32>) -> tensor<2x8xf32> {
    %r = "tessera.clifford.reverse"(%a0) {p = 3 : i64} : (tensor<2x8xf32>) -> tensor<2x8xf32>
    return %r : tensor<2x8xf32>
  }
}

// -----

// CASE: grade_project_02
// RULE: bitexact
// REQUIRES: op=tessera.clifford.grade_project dtype=f32 level=graph
// INPUT: 0 tensor<2x8xf32> hex:3f31d09a,3f16cc7c,3f5687f1,3fc73b17,bf8c0ede,3deab372,bf77ea46,bf4fe26e,3e818c57,3da8bb09,be1539a3,bfd5ee1e,bf100a98,3fb210cd,befea202,bf7b9b3e
// EXPECT: 0 tensor<2x8xf32> hex:3f31d09a,00000000,00000000,3fc73b17,00000000,3deab372,bf77ea46,00000000,3e818c57,00000000,00000000,bfd5ee1e,00000000,3fb210cd,befea202,00000000
// GENERATOR: conformance/gen/graph_gaebm.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module {
  func.func @main(%a0: tensor<2x8xf32>) -> tensor<2x8xf32> {
    %r = "tessera.clifford.grade_project"(%a0) {p = 3 : i64, grade_mask = [0, 2]} : (tensor<2x8xf32>) -> tensor<2x8xf32>
    return %r : tensor<2x8xf32>
  }
}

// -----

// CASE: geo_product_cl201
// NOTE: Upstream's phase-7 spelling; e3 squares to 0.
// RULE: bitexact
// REQUIRES: op=tessera_clifford.geo_product dtype=f32 level=graph
// INPUT: 0 tensor<2x8xf32> hex:3f31d09a,3f16cc7c,3f5687f1,3fc73b17,bf8c0ede,3deab372,bf77ea46,bf4fe26e,3e818c57,3da8bb09,be1539a3,bfd5ee1e,bf100a98,3fb210cd,befea202,bf7b9b3e
// INPUT: 1 tensor<2x8xf32> hex:bf63140b,bc0f6877,3fc9901a,bfac3cce,be8d49e9,3f028d82,bf34f9c5,bf17b2b5,3f244aa6,bfc76fc6,c001c21e,3e4bb94b,3f8a2d73,bcabda3e,3f519912,bf78d844
// EXPECT: 0 tensor<2x8xf32> hex:4032bcd2,4043344c,bedb6e49,bfb0af97,3febd747,bf0c355c,3f11e236,3eabec29,3f29779a,4044e08a,c04c6e35,bfb54b35,bef52e5f,c0537577,3e90d4cc,3f5dee52
// GENERATOR: conformance/gen/graph_gaebm.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module {
  func.func @main(%a0: tensor<2x8xf32>, %a1: tensor<2x8xf32>) -> tensor<2x8xf32> {
    %r = "tessera_clifford.geo_product"(%a0, %a1) {algebra = [2, 0, 1]} : (tensor<2x8xf32>, tensor<2x8xf32>) -> tensor<2x8xf32>
    return %r : tensor<2x8xf32>
  }
}

// -----

// CASE: sandwich_phase7
// RULE: bitexact
// REQUIRES: op=tessera_clifford.rotor_sandwich dtype=f32 level=graph
// INPUT: 0 tensor<2x8xf32> hex:3f31d09a,3f16cc7c,3f5687f1,3fc73b17,bf8c0ede,3deab372,bf77ea46,bf4fe26e,3e818c57,3da8bb09,be1539a3,bfd5ee1e,bf100a98,3fb210cd,befea202,bf7b9b3e
// INPUT: 1 tensor<2x8xf32> hex:bf63140b,bc0f6877,3fc9901a,bfac3cce,be8d49e9,3f028d82,bf34f9c5,bf17b2b5,3f244aa6,bfc76fc6,c001c21e,3e4bb94b,3f8a2d73,bcabda3e,3f519912,bf78d844
// EXPECT: 0 tensor<2x8xf32> hex:c032d29a,be29cca5,c0b173e7,3f69a96b,bfa6a6a2,c05e4403,40a42c34,40380e63,3f3fa8ad,411d1c61,403cc2e8,bfcbc6f5,c0e27419,be7afe42,c022b6a0,c06fbd26
// GENERATOR: conformance/gen/graph_gaebm.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module {
  func.func @main(%a0: tensor<2x8xf32>, %a1: tensor<2x8xf32>) -> tensor<2x8xf32> {
    %r = "tessera_clifford.rotor_sandwich"(%a0, %a1) {algebra = [3, 0, 0]} : (tensor<2x8xf32>, tensor<2x8xf32>) -> tensor<2x8xf32>
    return %r : tensor<2x8xf32>
  }
}

// -----

// CASE: grade_phase7
// RULE: bitexact
// REQUIRES: op=tessera_clifford.grade dtype=f32 level=graph
// INPUT: 0 tensor<2x8xf32> hex:3f31d09a,3f16cc7c,3f5687f1,3fc73b17,bf8c0ede,3deab372,bf77ea46,bf4fe26e,3e818c57,3da8bb09,be1539a3,bfd5ee1e,bf100a98,3fb210cd,befea202,bf7b9b3e
// EXPECT: 0 tensor<2x8xf32> hex:00000000,00000000,00000000,3fc73b17,00000000,3deab372,bf77ea46,00000000,00000000,00000000,00000000,bfd5ee1e,00000000,3fb210cd,befea202,00000000
// GENERATOR: conformance/gen/graph_gaebm.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module {
  func.func @main(%a0: tensor<2x8xf32>) -> tensor<2x8xf32> {
    %r = "tessera_clifford.grade"(%a0) {algebra = [3, 0, 0], grades = [2], dtype = "f32"} : (tensor<2x8xf32>) -> tensor<2x8xf32>
    return %r : tensor<2x8xf32>
  }
}

// -----

// CASE: inner_phase7
// NOTE: <a ~b>_0 per multivector.
// RULE: bitexact
// REQUIRES: op=tessera_clifford.inner dtype=f32 level=graph
// INPUT: 0 tensor<2x8xf32> hex:3f31d09a,3f16cc7c,3f5687f1,3fc73b17,bf8c0ede,3deab372,bf77ea46,bf4fe26e,3e818c57,3da8bb09,be1539a3,bfd5ee1e,bf100a98,3fb210cd,befea202,bf7b9b3e
// INPUT: 1 tensor<2x8xf32> hex:bf63140b,bc0f6877,3fc9901a,bfac3cce,be8d49e9,3f028d82,bf34f9c5,bf17b2b5,3f244aa6,bfc76fc6,c001c21e,3e4bb94b,3f8a2d73,bcabda3e,3f519912,bf78d844
// EXPECT: 0 tensor<2xf32> hex:3e05407a,bdbb4407
// GENERATOR: conformance/gen/graph_gaebm.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module {
  func.func @main(%a0: tensor<2x8xf32>, %a1: tensor<2x8xf32>) -> tensor<2xf32> {
    %r = "tessera_clifford.inner"(%a0, %a1) {algebra = [3, 0, 0]} : (tensor<2x8xf32>, tensor<2x8xf32>) -> tensor<2xf32>
    return %r : tensor<2xf32>
  }
}
