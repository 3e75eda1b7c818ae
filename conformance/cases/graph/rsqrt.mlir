// tessera.rsqrt: elementwise, exact IEEE steps.
// Generated file: edit the generator named in each case, then rerun it.

// CASE: values_f32
// NOTE: Specials (+-0, +-Inf, NaN, subnormals, max) and random values.
// RULE: bitexact
// REQUIRES: op=tessera.rsqrt dtype=f32 level=graph
// INPUT: 0 tensor<8x8xf32> hex:00000000,80000000,3f800000,bf800000,7f800000,ff800000,7fc00000,00000001,80000001,007fffff,00800000,7f7fffff,ff7fffff,3f000000,40490fdb,c2b00000,bdb1aece,ba99c62e,bfd9af15,41ea8929,3ea67a3a,3e9c79e7,bc85cc34,c12a196a,be1ebcc4,3f854d66,bdb2b844,416511bc,3a1f7437,42042eef,3ea82c60,c0a129b6,be033141,bb930093,be14607b,39990c9c,3f5668b9,38cf475e,c1ccc5db,bd63142d,413f1b36,3d88586a,bf9a59a7,3ecf773e,bc6d05f7,3e6d9600,c1654f27,bf338584,bd1f6649,3ec07bca,3fd6988b,bc195675,c00ef981,3a3659c3,3b802580,b982426b,3ed07ce1,3c316779,425f9f86,3c146a52,bd95a99c,4134a63b,418b1baf,3fd74f1b
// EXPECT: 0 tensor<8x8xf32> hex:7f800000,ff800000,3f800000,ffc00000,00000000,ffc00000,7fc00000,64b504f3,ffc00000,5f000001,5f000000,1f800001,ffc00000,3fb504f3,3f106eba,ffc00000,ffc00000,ffc00000,ffc00000,3e3d1f0c,3fe07981,3fe78987,ffc00000,ffc00000,ffc00000,3f7adb5e,ffc00000,3e8750b0,42222f84,3e3221c2,3fdf5706,ffc00000,ffc00000,ffc00000,ffc00000,426a1d75,3f8bdd63,42c92c08,ffc00000,ffc00000,3e942599,40780ab0,ffc00000,3fc914d1,ffc00000,4004de25,ffc00000,ffc00000,ffc00000,3fd0c2aa,3f45b66a,ffc00000,ffc00000,4217a96e,417fda87,ffc00000,3fc8967d,4119c2fb,3e08f3f9,41281bde,ffc00000,3e985fd3,3e7590f5,3f456287
// GENERATOR: conformance/gen/graph_elementwise.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module {
  func.func @main(%a0: tensor<8x8xf32>) -> tensor<8x8xf32> {
    %0 = "tessera.rsqrt"(%a0) : (tensor<8x8xf32>) -> tensor<8x8xf32>
    return %0 : tensor<8x8xf32>
  }
}

// -----

// CASE: values_f64
// RULE: bitexact
// REQUIRES: op=tessera.rsqrt dtype=f64 level=graph
// INPUT: 0 tensor<44xf64> hex:0000000000000000,8000000000000000,3ff0000000000000,bff0000000000000,7ff0000000000000,fff0000000000000,7ff8000000000000,0000000000000001,8000000000000001,0010000000000000,7fefffffffffffff,3fe0000000000000,400921fb54442d18,c056000000000000,c02bc1c2bef04df5,40140ccee0a3e3c3,bfd032bf4170d306,402ddd7351e87d49,bf27046678c87b04,3f7d6cbcee939bbb,bffad776efe307e6,406c702757ad1695,3f87a552859b7ab3,4052a8391eb95639,bfac1d976eb75556,3f6e9c7aaa5e0089,bf4a1fd0d1c979e5,3fcc32f21c37c4fc,bfd00928c9216b6f,bf73d403bd97ceb1,bf5aff73dc0d9054,bfeb99a70c43f332,bf845c5f874b52d7,bf78f3b35e42c7b1,4005edbdf37b0df7,bfe958db98717ea1,bfa388d1f5450951,401667bbb0fa0787,3f716e0a2529c972,bff89ffb8a3f7e27,3fe24f8c8ba1bfee,4054376ebee1ce14,bfcdbce5abbbaf30,3ff11d617a1b6140
// EXPECT: 0 tensor<44xf64> hex:7ff0000000000000,fff0000000000000,3ff0000000000000,fff8000000000000,0000000000000000,fff8000000000000,7ff8000000000000,6180000000000000,fff8000000000000,5fe0000000000000,1ff0000000000001,3ff6a09e667f3bcc,3fe20dd750429b6d,fff8000000000000,fff8000000000000,3fdc95fffdcd52d0,fff8000000000000,3fd08fe0d170062c,fff8000000000000,402798c95775b092,fff8000000000000,3fb0f8f2d968b49f,40229cf246c4ee8e,3fbda24212bc952f,fff8000000000000,40305be1c5acd057,fff8000000000000,40010b5467b3db54,fff8000000000000,fff8000000000000,fff8000000000000,fff8000000000000,fff8000000000000,fff8000000000000,3fe353fd189b1e2b,fff8000000000000,fff8000000000000,3fdb0ab2f0b38521,402ea8cc89b02470,fff8000000000000,3ff526cb7cfb3c81,3fbc77cd6a6b285c,fff8000000000000,3feef0b7303c8913
// GENERATOR: conformance/gen/graph_elementwise.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module {
  func.func @main(%a0: tensor<44xf64>) -> tensor<44xf64> {
    %0 = "tessera.rsqrt"(%a0) : (tensor<44xf64>) -> tensor<44xf64>
    return %0 : tensor<44xf64>
  }
}

// -----

// CASE: bf16
// NOTE: Widened to f32, computed in f32, rounded once to bf16.
// RULE: bitexact
// REQUIRES: op=tessera.rsqrt dtype=bf16 level=graph
// INPUT: 0 tensor<10xbf16> hex:bf02,402d,405b,c065,4035,c097,bf4e,bfd9,4061,3f1c
// EXPECT: 0 tensor<10xbf16> hex:ffc0,3f1c,3f0a,ffc0,3f18,ffc0,ffc0,ffc0,3f09,3fa4
// GENERATOR: conformance/gen/graph_elementwise.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module {
  func.func @main(%a0: tensor<10xbf16>) -> tensor<10xbf16> {
    %0 = "tessera.rsqrt"(%a0) : (tensor<10xbf16>) -> tensor<10xbf16>
    return %0 : tensor<10xbf16>
  }
}
