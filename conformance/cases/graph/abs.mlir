// tessera.abs: elementwise, exact IEEE steps.
// Generated file: edit the generator named in each case, then rerun it.

// CASE: values_f32
// NOTE: Specials (+-0, +-Inf, NaN, subnormals, max) and random values.
// RULE: bitexact
// REQUIRES: op=tessera.abs dtype=f32 level=graph
// INPUT: 0 tensor<8x8xf32> hex:00000000,80000000,3f800000,bf800000,7f800000,ff800000,7fc00000,00000001,80000001,007fffff,00800000,7f7fffff,ff7fffff,3f000000,40490fdb,c2b00000,bdb1aece,ba99c62e,bfd9af15,41ea8929,3ea67a3a,3e9c79e7,bc85cc34,c12a196a,be1ebcc4,3f854d66,bdb2b844,416511bc,3a1f7437,42042eef,3ea82c60,c0a129b6,be033141,bb930093,be14607b,39990c9c,3f5668b9,38cf475e,c1ccc5db,bd63142d,413f1b36,3d88586a,bf9a59a7,3ecf773e,bc6d05f7,3e6d9600,c1654f27,bf338584,bd1f6649,3ec07bca,3fd6988b,bc195675,c00ef981,3a3659c3,3b802580,b982426b,3ed07ce1,3c316779,425f9f86,3c146a52,bd95a99c,4134a63b,418b1baf,3fd74f1b
// EXPECT: 0 tensor<8x8xf32> hex:00000000,00000000,3f800000,3f800000,7f800000,7f800000,7fc00000,00000001,00000001,007fffff,00800000,7f7fffff,7f7fffff,3f000000,40490fdb,42b00000,3db1aece,3a99c62e,3fd9af15,41ea8929,3ea67a3a,3e9c79e7,3c85cc34,412a196a,3e1ebcc4,3f854d66,3db2b844,416511bc,3a1f7437,42042eef,3ea82c60,40a129b6,3e033141,3b930093,3e14607b,39990c9c,3f5668b9,38cf475e,41ccc5db,3d63142d,413f1b36,3d88586a,3f9a59a7,3ecf773e,3c6d05f7,3e6d9600,41654f27,3f338584,3d1f6649,3ec07bca,3fd6988b,3c195675,400ef981,3a3659c3,3b802580,3982426b,3ed07ce1,3c316779,425f9f86,3c146a52,3d95a99c,4134a63b,418b1baf,3fd74f1b
// GENERATOR: conformance/gen/graph_elementwise.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module {
  func.func @main(%a0: tensor<8x8xf32>) -> tensor<8x8xf32> {
    %0 = "tessera.abs"(%a0) : (tensor<8x8xf32>) -> tensor<8x8xf32>
    return %0 : tensor<8x8xf32>
  }
}

// -----

// CASE: values_f64
// RULE: bitexact
// REQUIRES: op=tessera.abs dtype=f64 level=graph
// INPUT: 0 tensor<44xf64> hex:0000000000000000,8000000000000000,3ff0000000000000,bff0000000000000,7ff0000000000000,fff0000000000000,7ff8000000000000,0000000000000001,8000000000000001,0010000000000000,7fefffffffffffff,3fe0000000000000,400921fb54442d18,c056000000000000,c02bc1c2bef04df5,40140ccee0a3e3c3,bfd032bf4170d306,402ddd7351e87d49,bf27046678c87b04,3f7d6cbcee939bbb,bffad776efe307e6,406c702757ad1695,3f87a552859b7ab3,4052a8391eb95639,bfac1d976eb75556,3f6e9c7aaa5e0089,bf4a1fd0d1c979e5,3fcc32f21c37c4fc,bfd00928c9216b6f,bf73d403bd97ceb1,bf5aff73dc0d9054,bfeb99a70c43f332,bf845c5f874b52d7,bf78f3b35e42c7b1,4005edbdf37b0df7,bfe958db98717ea1,bfa388d1f5450951,401667bbb0fa0787,3f716e0a2529c972,bff89ffb8a3f7e27,3fe24f8c8ba1bfee,4054376ebee1ce14,bfcdbce5abbbaf30,3ff11d617a1b6140
// EXPECT: 0 tensor<44xf64> hex:0000000000000000,0000000000000000,3ff0000000000000,3ff0000000000000,7ff0000000000000,7ff0000000000000,7ff8000000000000,0000000000000001,0000000000000001,0010000000000000,7fefffffffffffff,3fe0000000000000,400921fb54442d18,4056000000000000,402bc1c2bef04df5,40140ccee0a3e3c3,3fd032bf4170d306,402ddd7351e87d49,3f27046678c87b04,3f7d6cbcee939bbb,3ffad776efe307e6,406c702757ad1695,3f87a552859b7ab3,4052a8391eb95639,3fac1d976eb75556,3f6e9c7aaa5e0089,3f4a1fd0d1c979e5,3fcc32f21c37c4fc,3fd00928c9216b6f,3f73d403bd97ceb1,3f5aff73dc0d9054,3feb99a70c43f332,3f845c5f874b52d7,3f78f3b35e42c7b1,4005edbdf37b0df7,3fe958db98717ea1,3fa388d1f5450951,401667bbb0fa0787,3f716e0a2529c972,3ff89ffb8a3f7e27,3fe24f8c8ba1bfee,4054376ebee1ce14,3fcdbce5abbbaf30,3ff11d617a1b6140
// GENERATOR: conformance/gen/graph_elementwise.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module {
  func.func @main(%a0: tensor<44xf64>) -> tensor<44xf64> {
    %0 = "tessera.abs"(%a0) : (tensor<44xf64>) -> tensor<44xf64>
    return %0 : tensor<44xf64>
  }
}

// -----

// CASE: bf16
// NOTE: Widened to f32, computed in f32, rounded once to bf16.
// RULE: bitexact
// REQUIRES: op=tessera.abs dtype=bf16 level=graph
// INPUT: 0 tensor<10xbf16> hex:c07c,4056,bf51,c0b7,c020,bfc2,408a,c007,3f1c,401d
// EXPECT: 0 tensor<10xbf16> hex:407c,4056,3f51,40b7,4020,3fc2,408a,4007,3f1c,401d
// GENERATOR: conformance/gen/graph_elementwise.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module {
  func.func @main(%a0: tensor<10xbf16>) -> tensor<10xbf16> {
    %0 = "tessera.abs"(%a0) : (tensor<10xbf16>) -> tensor<10xbf16>
    return %0 : tensor<10xbf16>
  }
}
