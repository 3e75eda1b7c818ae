// tessera.sigmoid: documented steps; exp from libm.
// Generated file: edit the generator named in each case, then rerun it.

// CASE: values_f32
// NOTE: Each step in f32, exp in float64 rounded to f32 (libm within 1 ulp).
// RULE: ulp:3
// REQUIRES: op=tessera.sigmoid dtype=f32 level=graph
// INPUT: 0 tensor<64xf32> hex:00000000,80000000,3f800000,bf800000,7f800000,ff800000,7fc00000,00000001,80000001,007fffff,00800000,7f7fffff,ff7fffff,3f000000,40490fdb,c2b00000,bdb1aece,ba99c62e,bfd9af15,41ea8929,3ea67a3a,3e9c79e7,bc85cc34,c12a196a,be1ebcc4,3f854d66,bdb2b844,416511bc,3a1f7437,42042eef,3ea82c60,c0a129b6,be033141,bb930093,be14607b,39990c9c,3f5668b9,38cf475e,c1ccc5db,bd63142d,413f1b36,3d88586a,bf9a59a7,3ecf773e,bc6d05f7,3e6d9600,c1654f27,bf338584,bd1f6649,3ec07bca,3fd6988b,bc195675,c00ef981,3a3659c3,3b802580,b982426b,3ed07ce1,3c316779,425f9f86,3c146a52,bd95a99c,4134a63b,418b1baf,3fd74f1b
// EXPECT: 0 tensor<64xf32> hex:3f000000,3f000000,3f3b26a8,3e89b2b1,3f800000,00000000,ffc00000,3f000000,3f000000,3f000000,3f000000,3f800000,00000000,3f1f597f,3f75653f,0041edc4,3ef4e6dc,3effd98e,3e1e15b4,3f800000,3f14a0d6,3f1368a0,3efde8d2,37ca9599,3eec328c,3f3d3748,3ef4d64b,3f7ffff6,3f0009f7,3f800000,3f14d5ae,3bd388e9,3eef9f92,3eff6d01,3eed7c3b,3f0004c8,3f32ac95,3f00019f,2d068a6c,3ef8e7d6,3f7fff92,3f04425c,3e6bf6f4,3f199589,3efe25f6,3f0ec86a,35202e00,3ea9becc,3efb04f6,3f17c7f0,3f57aa72,3efecd55,3dc61fd9,3f000b66,3f004013,3efff7dc,3f19b4ed,3f00b167,3f800000,3f00946a,3ef6a677,3f7fff2e,3f800000,3f57dad1
// GENERATOR: conformance/gen/graph_elementwise.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module {
  func.func @main(%a0: tensor<64xf32>) -> tensor<64xf32> {
    %0 = "tessera.sigmoid"(%a0) : (tensor<64xf32>) -> tensor<64xf32>
    return %0 : tensor<64xf32>
  }
}

// -----

// CASE: values_f32_f64ref
// NOTE: Same program against the float64 formula.
// RULE: tol:rtol=1e-6,atol=1e-44
// REQUIRES: op=tessera.sigmoid dtype=f32 level=graph
// INPUT: 0 tensor<64xf32> hex:00000000,80000000,3f800000,bf800000,7f800000,ff800000,7fc00000,00000001,80000001,007fffff,00800000,7f7fffff,ff7fffff,3f000000,40490fdb,c2b00000,bdb1aece,ba99c62e,bfd9af15,41ea8929,3ea67a3a,3e9c79e7,bc85cc34,c12a196a,be1ebcc4,3f854d66,bdb2b844,416511bc,3a1f7437,42042eef,3ea82c60,c0a129b6,be033141,bb930093,be14607b,39990c9c,3f5668b9,38cf475e,c1ccc5db,bd63142d,413f1b36,3d88586a,bf9a59a7,3ecf773e,bc6d05f7,3e6d9600,c1654f27,bf338584,bd1f6649,3ec07bca,3fd6988b,bc195675,c00ef981,3a3659c3,3b802580,b982426b,3ed07ce1,3c316779,425f9f86,3c146a52,bd95a99c,4134a63b,418b1baf,3fd74f1b
// EXPECT: 0 tensor<64xf32> hex:3f000000,3f000000,3f3b26a8,3e89b2b1,3f800000,00000000,ffc00000,3f000000,3f000000,3f000000,3f000000,3f800000,00000000,3f1f597f,3f75653f,0041edc4,3ef4e6db,3effd98e,3e1e15b4,3f800000,3f14a0d6,3f1368a0,3efde8d2,37ca9599,3eec328d,3f3d3748,3ef4d64c,3f7ffff6,3f0009f7,3f800000,3f14d5ae,3bd388e9,3eef9f94,3eff6cff,3eed7c3b,3f0004c8,3f32ac95,3f00019f,2d068a6c,3ef8e7d6,3f7fff93,3f04425c,3e6bf6f3,3f199589,3efe25f6,3f0ec86a,35202dff,3ea9becd,3efb04f7,3f17c7f0,3f57aa72,3efecd54,3dc61fd9,3f000b66,3f004013,3efff7dc,3f19b4ed,3f00b167,3f800000,3f00946a,3ef6a677,3f7fff2e,3f800000,3f57dad1
// GENERATOR: conformance/gen/graph_elementwise.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module {
  func.func @main(%a0: tensor<64xf32>) -> tensor<64xf32> {
    %0 = "tessera.sigmoid"(%a0) : (tensor<64xf32>) -> tensor<64xf32>
    return %0 : tensor<64xf32>
  }
}

// -----

// CASE: values_f64
// RULE: ulp:3
// REQUIRES: op=tessera.sigmoid dtype=f64 level=graph
// INPUT: 0 tensor<44xf64> hex:0000000000000000,8000000000000000,3ff0000000000000,bff0000000000000,7ff0000000000000,fff0000000000000,7ff8000000000000,0000000000000001,8000000000000001,0010000000000000,7fefffffffffffff,3fe0000000000000,400921fb54442d18,c056000000000000,c02bc1c2bef04df5,40140ccee0a3e3c3,bfd032bf4170d306,402ddd7351e87d49,bf27046678c87b04,3f7d6cbcee939bbb,bffad776efe307e6,406c702757ad1695,3f87a552859b7ab3,4052a8391eb95639,bfac1d976eb75556,3f6e9c7aaa5e0089,bf4a1fd0d1c979e5,3fcc32f21c37c4fc,bfd00928c9216b6f,bf73d403bd97ceb1,bf5aff73dc0d9054,bfeb99a70c43f332,bf845c5f874b52d7,bf78f3b35e42c7b1,4005edbdf37b0df7,bfe958db98717ea1,bfa388d1f5450951,401667bbb0fa0787,3f716e0a2529c972,bff89ffb8a3f7e27,3fe24f8c8ba1bfee,4054376ebee1ce14,bfcdbce5abbbaf30,3ff11d617a1b6140
// EXPECT: 0 tensor<44xf64> hex:3fe0000000000000,3fe0000000000000,3fe764d4f5d5a2bd,3fd136561454ba86,3ff0000000000000,0000000000000000,fff8000000000000,3fe0000000000000,3fe0000000000000,3fe0000000000000,3ff0000000000000,3fe3eb2fd4d34391,3feeaca7ed72415c,38007b7112bc1ffe,3eaf8208851ae942,3fefc9d96351376b,3fdbf8cfe18e63b7,3fefffff504e2c5f,3fdfff47dccc41ab,3fe00eb65a51c68b,3fc4261c52d0e231,3ff0000000000000,3fe017a5414eb1c9,3ff0000000000000,3fdf1f21bb96e99f,3fe007a71e1531ee,3fdffcbc05e8adb3,3fe1c15e3be5226b,3fdc030bbdf5f8d5,3fdfec2bfecc099d,3fdff94023229c0c,3fd2ff0853f7a281,3fdfd74756ec983e,3fdfe70c51b0533d,3fee0fa11ec56a89,3fd3f332944dc462,3fdf63be4a877295,3fefe1db9ac61be0,3fe008b70435f31f,3fc69d31fee1d21d,3fe474ecda51d6e6,3ff0000000000000,3fdc4ca52d5703ad,3fe7d33a8094ae29
// GENERATOR: conformance/gen/graph_elementwise.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module {
  func.func @main(%a0: tensor<44xf64>) -> tensor<44xf64> {
    %0 = "tessera.sigmoid"(%a0) : (tensor<44xf64>) -> tensor<44xf64>
    return %0 : tensor<44xf64>
  }
}
