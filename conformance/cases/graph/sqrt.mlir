// tessera.sqrt: elementwise, exact IEEE steps.
// Generated file: edit the generator named in each case, then rerun it.

// CASE: values_f32
// NOTE: Specials (+-0, +-Inf, NaN, subnormals, max) and random values.
// RULE: bitexact
// REQUIRES: op=tessera.sqrt dtype=f32 level=graph
// INPUT: 0 tensor<8x8xf32> hex:00000000,80000000,3f800000,bf800000,7f800000,ff800000,7fc00000,00000001,80000001,007fffff,00800000,7f7fffff,ff7fffff,3f000000,40490fdb,c2b00000,bdb1aece,ba99c62e,bfd9af15,41ea8929,3ea67a3a,3e9c79e7,bc85cc34,c12a196a,be1ebcc4,3f854d66,bdb2b844,416511bc,3a1f7437,42042eef,3ea82c60,c0a129b6,be033141,bb930093,be14607b,39990c9c,3f5668b9,38cf475e,c1ccc5db,bd63142d,413f1b36,3d88586a,bf9a59a7,3ecf773e,bc6d05f7,3e6d9600,c1654f27,bf338584,bd1f6649,3ec07bca,3fd6988b,bc195675,c00ef981,3a3659c3,3b802580,b982426b,3ed07ce1,3c316779,425f9f86,3c146a52,bd95a99c,4134a63b,418b1baf,3fd74f1b
// EXPECT: 0 tensor<8x8xf32> hex:00000000,80000000,3f800000,ffc00000,7f800000,ffc00000,7fc00000,1a3504f3,ffc00000,1fffffff,20000000,5f7fffff,ffc00000,3f3504f3,3fe2dfc5,ffc00000,ffc00000,ffc00000,ffc00000,40ad43b5,3f11f9f6,3f0d8610,ffc00000,ffc00000,ffc00000,3f829fd0,ffc00000,4072291a,3cca0a46,40b7f420,3f12b7d2,ffc00000,ffc00000,ffc00000,ffc00000,3c8bf722,3f6a488e,3c22e2b0,ffc00000,ffc00000,405d2f98,3e841b57,ffc00000,3f22f57e,ffc00000,3ef69f05,ffc00000,ffc00000,ffc00000,3f1cf6f2,3fa5bc4d,ffc00000,ffc00000,3cd80f44,3d8012bf,ffc00000,3f235c1f,3dd51bec,40ef43b9,3dc2ebdc,ffc00000,40570ca3,40857044,3fa602bd
// GENERATOR: conformance/gen/graph_elementwise.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module {
  func.func @main(%a0: tensor<8x8xf32>) -> tensor<8x8xf32> {
    %0 = "tessera.sqrt"(%a0) : (tensor<8x8xf32>) -> tensor<8x8xf32>
    return %0 : tensor<8x8xf32>
  }
}

// -----

// CASE: values_f64
// RULE: bitexact
// REQUIRES: op=tessera.sqrt dtype=f64 level=graph
// INPUT: 0 tensor<44xf64> hex:0000000000000000,8000000000000000,3ff0000000000000,bff0000000000000,7ff0000000000000,fff0000000000000,7ff8000000000000,0000000000000001,8000000000000001,0010000000000000,7fefffffffffffff,3fe0000000000000,400921fb54442d18,c056000000000000,c02bc1c2bef04df5,40140ccee0a3e3c3,bfd032bf4170d306,402ddd7351e87d49,bf27046678c87b04,3f7d6cbcee939bbb,bffad776efe307e6,406c702757ad1695,3f87a552859b7ab3,4052a8391eb95639,bfac1d976eb75556,3f6e9c7aaa5e0089,bf4a1fd0d1c979e5,3fcc32f21c37c4fc,bfd00928c9216b6f,bf73d403bd97ceb1,bf5aff73dc0d9054,bfeb99a70c43f332,bf845c5f874b52d7,bf78f3b35e42c7b1,4005edbdf37b0df7,bfe958db98717ea1,bfa388d1f5450951,401667bbb0fa0787,3f716e0a2529c972,bff89ffb8a3f7e27,3fe24f8c8ba1bfee,4054376ebee1ce14,bfcdbce5abbbaf30,3ff11d617a1b6140
// EXPECT: 0 tensor<44xf64> hex:0000000000000000,8000000000000000,3ff0000000000000,fff8000000000000,7ff0000000000000,fff8000000000000,7ff8000000000000,1e60000000000000,fff8000000000000,2000000000000000,5fefffffffffffff,3fe6a09e667f3bcd,3ffc5bf891b4ef6a,fff8000000000000,fff8000000000000,4001e9310cebda11,fff8000000000000,400eea022bd0d1e9,fff8000000000000,3fb5b2a57055e939,fff8000000000000,402e2aa15c3a4f2b,3fbb81eec7fc0d8d,4021470deae5e332,fff8000000000000,3faf4c4496b53a07,fff8000000000000,3fde0a1906aaaedf,fff8000000000000,fff8000000000000,fff8000000000000,fff8000000000000,fff8000000000000,fff8000000000000,3ffa7d6dbb85fe5e,fff8000000000000,fff8000000000000,4002ef041185fe13,3fb0b31aa09a01a6,fff8000000000000,3fe834ce455f1e09,4021fc30d1343491,fff8000000000000,3ff08c49b75f5d71
// GENERATOR: conformance/gen/graph_elementwise.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module {
  func.func @main(%a0: tensor<44xf64>) -> tensor<44xf64> {
    %0 = "tessera.sqrt"(%a0) : (tensor<44xf64>) -> tensor<44xf64>
    return %0 : tensor<44xf64>
  }
}

// -----

// CASE: bf16
// NOTE: Widened to f32, computed in f32, rounded once to bf16.
// RULE: bitexact
// REQUIRES: op=tessera.sqrt dtype=bf16 level=graph
// INPUT: 0 tensor<10xbf16> hex:3fb2,3f6e,bf2d,4037,3f9b,3f23,3f1a,c00c,3f4c,c0bc
// EXPECT: 0 tensor<10xbf16> hex:3f97,3f77,ffc0,3fd8,3f8d,3f4c,3f47,ffc0,3f65,ffc0
// GENERATOR: conformance/gen/graph_elementwise.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module {
  func.func @main(%a0: tensor<10xbf16>) -> tensor<10xbf16> {
    %0 = "tessera.sqrt"(%a0) : (tensor<10xbf16>) -> tensor<10xbf16>
    return %0 : tensor<10xbf16>
  }
}
