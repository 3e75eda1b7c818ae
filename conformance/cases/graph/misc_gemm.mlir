// tessera.fused_epilogue and tessera.dequant_matmul (docs/ops/graph/misc_gemm.md).
// Generated file: edit the generator named in each case, then rerun it.

// CASE: fused_epilogue_gelu_bf16
// NOTE: gelu(a @ b + bias), bf16 operands, an f32 result (upstream's x86 form).
// RULE: tol:rtol=1e-5,atol=1e-6
// REQUIRES: op=tessera.fused_epilogue dtype=bf16 level=graph
// INPUT: 0 tensor<8x16xbf16> hex:3f40,3e01,3df2,bef1,3e43,3f10,bf02,3ea0,bf14,bec4,3f0c,be56,3e87,bf41,bd97,bea6,bf6a,bef5,3f71,3f20,3ee8,3f47,bf66,3f45,bf46,bd5d,be86,be2b,bcf4,be49,3f5e,3ee5,bcb9,3f67,3f04,3e74,bf2f,bf03,bf4f,3f0c,bf11,bf05,bd5e,bf06,bec5,3eec,bdef,3f36,3f48,be98,be27,bf72,3dba,3f4d,3ea1,3f15,3e8e,3f72,3f34,be8a,3e95,bf1a,3f14,bec9,beac,3f7e,bf42,bf5d,3f7a,3e8b,3e17,3f7f,bf7a,3f4a,3e7d,be94,bf1e,bda6,3f1a,3f11,bf74,be2c,bf13,3f30,bf2a,3f52,bd89,bed0,3f23,3e46,3f54,bf62,bf68,bcf4,3f57,bf23,3f69,3d7b,3e0d,bf28,bd59,3d8d,3f7c,3f32,3f4d,bf60,beca,3e59,3ea4,bd35,3e36,bdea,3f73,3f50,bf04,be26,bf37,bd7c,bf33,be30,bf10,bead,3f17,bf66,bedb,bf3d,bf08,3d8b
// INPUT: 1 tensor<16x8xbf16> hex:bece,bf0c,3f2f,3f06,bec7,3f00,3b81,be80,bf1b,bf26,bf4c,3ef1,be3c,bf0f,3e39,beca,3efa,3f07,bedf,3e40,3e50,3e4c,bf3c,3df4,befb,bf20,3e3d,bf12,bf3f,3f1e,3ee2,3f19,bf12,3ed2,bf70,bf78,bf60,bf02,3efb,bf02,be2b,bebd,3e9e,be2e,3f10,be75,be7f,3f2d,3ec0,3f58,3f0e,bf56,3f5d,3e60,3b7a,3ea6,3f0d,bf4e,bf64,3f5f,bd19,bed8,3f3a,bf6c,be37,3f08,bef3,bf24,bf67,3f22,be85,bf3d,3f37,bc9b,3f78,3d6c,3f3e,3e24,3f14,3f44,3f25,bf61,bf42,bf04,bf24,3e73,bf70,3e9d,bf22,be85,3e2d,befc,3c8f,3e23,3e5e,bf6b,3f17,bf5f,3f3a,bf6c,bf78,3d99,be1c,bf02,3b17,3f13,bf71,bef7,bf49,bf4d,beb8,bcb4,bed0,3ebb,3f0d,3efe,3f2b,bf75,3f26,be1f,3f14,3ded,3ed7,be09,be39,3f6f,3cc5,3f4f
// INPUT: 2 tensor<8xf32> hex:3f61397a,3f0c98fd,bf710534,bd18490b,bed23295,3ea184db,bef4b8a9,3e93f8cf
// EXPECT: 0 tensor<8x8xf32> hex:3f369e51,bd7421c9,be1d80ba,3fa76948,be1134b5,bceb9ff0,be207de4,bdd354d8,3f98550a,3d957134,bdc43163,3f7c5572,3eb01aaf,be1aa873,3eec39fa,3f9b713d,3f894795,be2711ad,bb572bf9,4035144a,be198b15,bcbe7658,be2dd54d,3ef22448,401456db,be1d1ee4,3f0310f0,3f195161,3f92f583,bd64cddb,bdd542ed,3d8f5108,3f91c60c,bcb86bcf,bce69133,3fe872d6,3fcd2b9c,bc6302d5,3ff3aad3,3ec24c7e,3ee55152,3f52d906,be0c5b89,3ce44980,3f4cbe2c,be0f79b5,be260117,402eb645,3ebe68ba,3f87d67d,be169f4d,3ceeb306,be28909b,3e7c7d98,be2900b0,bc90fc79,3f08b5c9,bcf83b19,be2b468c,403b5c3b,be12a2bd,3f8098d8,be01d875,3f9ece2e
// GENERATOR: conformance/gen/graph_misc.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module {
  func.func @main(%a0: tensor<8x16xbf16>, %a1: tensor<16x8xbf16>, %a2: tensor<8xf32>) -> tensor<8x8xf32> {
    %r0 = "tessera.fused_epilogue"(%a0, %a1, %a2) {epilogue = 2 : i32, has_bias = true} : (tensor<8x16xbf16>, tensor<16x8xbf16>, tensor<8xf32>) -> tensor<8x8xf32>
    return %r0 : tensor<8x8xf32>
  }
}

// -----

// CASE: dequant_matmul_int4_groups
// NOTE: int4 codes in i8 storage, two groups of 8 rows with their scales.
// RULE: tol:rtol=1e-5,atol=1e-6
// REQUIRES: op=tessera.dequant_matmul dtype=f32 level=graph
// INPUT: 0 tensor<4x16xf32> hex:be241bf4,3d56b778,3f24ff9f,3ebfb1dc,3f0e8f1f,bed38f76,bf1ce37b,3f526e97,3f516437,beef1e09,bec5f0ef,3f50304d,bf696f26,bf64238b,3f0568dd,bf25fe29,bf5c8158,bf73ba10,3e45e944,bef866d8,3f5e9d77,bf5669f2,3e99de6c,3f0e8706,3ecf849d,3f60001e,3f1d0a5d,bea0ee3a,3f77fdd7,bef8bf2a,3f73eabd,bf652423,3e9418c9,3eb3f166,bf027de9,3f039e6b,be6d73dd,3e33fa64,beef6124,3f53a2ee,3f2e9cb3,bf438d14,be30f00a,3eaf89e0,be93f184,bf6ca76c,3ddc1830,3f28f6bc,bf42d001,3eceeffa,3e2e13e6,bf2968bf,bf3a5fcb,bf2c1cf2,be95125c,bf557a07,3eeba051,be69d146,3f299559,bf570251,be7abaa3,bea3a12d,bf7069b6,bd8fd0da
// INPUT: 1 tensor<16x6xi8> hex:03,f8,06,fd,07,fa,f8,fd,fd,00,fb,03,04,03,fc,fc,06,01,f9,05,fb,ff,03,fe,f9,fd,07,03,fa,fa,02,06,01,03,02,03,ff,05,fa,00,00,01,00,06,02,fc,07,00,fc,f8,02,fd,06,ff,02,fb,07,fc,01,f8,04,07,01,fe,fa,f9,fa,01,ff,fa,fe,06,00,04,04,fc,03,07,fb,f9,07,fd,04,fd,fc,fd,f9,07,fc,05,f8,05,04,00,fe,fa
// INPUT: 2 tensor<2x6xf32> hex:3ffaeb36,3f375df0,3f9af0aa,3f84fe36,3f0c1667,3fd50cae,3fbb141e,3fe6fea9,3fee3850,3f29ea79,3f42d0a7,3fd3efaf
// EXPECT: 0 tensor<4x6xf32> hex:c16665c8,c151c4ab,c1faf2d5,c0022ed9,3fad5e54,4170cc92,4189ac43,c0409b95,3f94c713,3e9a4730,c046d753,3fac41b4,c1af3758,413e9900,c173a33b,be92f3c9,3fb75012,410b1ddf,41c069af,4090cd6a,c05c2426,3f084307,c08f2a3e,c0d1b969
// GENERATOR: conformance/gen/graph_misc.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module {
  func.func @main(%a0: tensor<4x16xf32>, %a1: tensor<16x6xi8>, %a2: tensor<2x6xf32>) -> tensor<4x6xf32> {
    %r0 = "tessera.dequant_matmul"(%a0, %a1, %a2) {weight_dtype = "int4", quant_group_size = 8 : i64} : (tensor<4x16xf32>, tensor<16x6xi8>, tensor<2x6xf32>) -> tensor<4x6xf32>
    return %r0 : tensor<4x6xf32>
  }
}

// -----

// CASE: dequant_matmul_fp8_bare
// NOTE: f32 codes rounded to fp8 E4M3FN (ml_dtypes), no scale.
// RULE: tol:rtol=1e-5,atol=1e-6
// REQUIRES: op=tessera.dequant_matmul dtype=f32 level=graph
// INPUT: 0 tensor<3x8xf32> hex:3f3b0050,3df73b6c,bd8fb478,3f0da5ff,3e7ac475,3e562cf7,3f3ddf48,bf026efb,bf790640,3e44bbda,be89b9cb,3e010b27,bf3754d2,3f0bf31c,bf309438,bebabd56,be6963b9,3e9fa876,3f31146c,3f2e4580,be0b2a20,3ce15ddf,be077d40,3f47c439
// INPUT: 1 tensor<8x4xf32> hex:c09a5ee9,bd19bc00,3ebaf988,402e2a76,c09661b5,3fffb7f1,bf83b8c5,4037dc9b,c030e15c,c055e145,3ef34373,3ecda81d,3fb98213,bfb6aada,4099225c,bfe662ec,40311643,3f2f56cf,c05e6d2b,400bb95b,c093f966,bf72e725,40864b91,400fd1a3,c0291a45,3ce0a1fd,403fed82,4095abba,407315e9,bfdd4a96,3ee93dbe,bfff1531
// EXPECT: 0 tensor<3x4xf32> hex:c0ec80b6,3f107876,409b48bf,40d71c25,3f838a75,3f3cdda3,40199a57,c0a76f05,3fd2ecbf,c0814780,4078a788,c04516ad
// GENERATOR: conformance/gen/graph_misc.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module {
  func.func @main(%a0: tensor<3x8xf32>, %a1: tensor<8x4xf32>) -> tensor<3x4xf32> {
    %r0 = "tessera.dequant_matmul"(%a0, %a1) {weight_dtype = "fp8_e4m3"} : (tensor<3x8xf32>, tensor<8x4xf32>) -> tensor<3x4xf32>
    return %r0 : tensor<3x4xf32>
  }
}

// -----

// CASE: quantize_fp8_e4m3
// NOTE: amax / 448 in f32, codes x / s rounded to E4M3FN (ml_dtypes), saturated.
// RULE: bitexact
// REQUIRES: op=tessera.quantize_fp8 dtype=f32 level=graph
// INPUT: 0 tensor<4x8xf32> hex:40ae9e95,c0a62c8b,3fd87988,bf8a0eb9,4078b267,c0920260,3e54ad12,401fb50d,c09c1271,406f04e0,408ee9b0,40ae3b5a,40a09c33,40a06bc1,c0830046,40535d0a,40b9eadb,40881619,c03687ed,3e267e8f,c088551e,bef48a6e,402db8b6,c00c41c4,4092ad14,bf9d8a87,bf9480e9,c0b96229,c0083b48,bf5aa1e2,4038a781,c058938c
// EXPECT: 0 tensor<4x8xf8E4M3FN> hex:7d,fd,70,ea,79,fb,58,74,fc,79,7b,7d,7c,7c,fa,78,7e,7a,f6,55,fa,e1,75,f3,7b,ec,eb,fe,f2,e8,76,f8
// EXPECT: 1 tensor<f32> hex:3c547a1f
// GENERATOR: conformance/gen/graph_misc.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module {
  func.func @main(%x: tensor<4x8xf32>) -> (tensor<4x8xf8E4M3FN>, tensor<f32>) {
    %q, %s = "tessera.quantize_fp8"(%x) {format = "e4m3"} : (tensor<4x8xf32>) -> (tensor<4x8xf8E4M3FN>, tensor<f32>)
    return %q, %s : tensor<4x8xf8E4M3FN>, tensor<f32>
  }
}
