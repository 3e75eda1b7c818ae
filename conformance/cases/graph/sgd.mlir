// tessera.sgd: p - lr * (g + weight_decay * p), per element.
// Generated file: edit the generator named in each case, then rerun it.

// CASE: plain_f32
// RULE: bitexact
// REQUIRES: op=tessera.sgd dtype=f32 level=graph
// INPUT: 0 tensor<4x8xf32> hex:3faefe37,bfd261c4,3ffa4ad7,3f8d2fba,402b6fa8,3e4ebbc1,be149571,3e33985a,40056345,3f64d1dc,3fe12dc3,3fda7151,3f802a81,40015ef0,bf9f701e,bd34119e,bbd655b6,3eeb6b04,be9d0fb1,3f86d70e,c01510f5,bf7acba6,3f958a67,beb50526,bf3e6e48,bf049f51,bf1b779f,3db406cf,3eaa0859,3f86202f,c01d066b,3f7944bd
// INPUT: 1 tensor<4x8xf32> hex:c004b52e,3c77f9d2,3f8e0e90,3efec3cc,3f58095b,3e446e5e,3f9be61d,3f14449b,3caed725,3f9dfa6e,bf9279d8,3f9c6429,bf9640e8,3cece030,bf405409,befa6588,4016924a,3fe5adea,3f0dbcc8,3fc2bd5f,bfa105ed,3fe6cd6e,3dc53b22,bfda3095,bf40f244,3d6e98cb,bfe7a621,bf9afee0,3f9b3eee,bfca024c,3e95a556,3e6909f4
// EXPECT: 0 tensor<4x8xf32> hex:3fc988da,bfd2935c,3fec162f,3f86d13b,40260906,3e3b171e,be88a6c4,3df0936b,4005404d,3f453960,3fefd38c,3fcacdb3,3f8f30ff,40012f90,bf95d251,3ba1fce0,be779cbe,3e8f8bda,beb968a6,3f66bb6f,c00d03dc,bf947a5e,3f944ed5,be3b7d08,bf2b22db,bf061d12,beda4664,3e560281,3e57de5a,3f9a539d,c01ee549,3f73714a
// GENERATOR: conformance/gen/graph_optim.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module {
  func.func @main(%p: tensor<4x8xf32>, %g: tensor<4x8xf32>) -> tensor<4x8xf32> {
    %0 = "tessera.sgd"(%p, %g) {lr = 0.1} : (tensor<4x8xf32>, tensor<4x8xf32>) -> tensor<4x8xf32>
    return %0 : tensor<4x8xf32>
  }
}

// -----

// CASE: decay_f32
// RULE: bitexact
// REQUIRES: op=tessera.sgd dtype=f32 level=graph
// INPUT: 0 tensor<4x8xf32> hex:bf00ee8a,3fcf9988,bf4effd1,3e3ae7f7,bf291f5c,3f99398c,bf8c88b5,3f340f98,bfb23e69,bf3bb9b3,3f5d6b46,3ecce183,be306387,bf39f717,bf13b260,3fd53d9c,bf4175e5,3eb10447,3e90d7fd,bec2a7d8,3eff8042,bb666476,bea8dbbd,bf1d64df,c004fdfc,bfaa4732,3f8362fb,becb9474,bf4b12e0,3faf0fd0,3d8864af,bf1b24c2
// INPUT: 1 tensor<4x8xf32> hex:bf4132b8,bfa9f289,c026d725,bf8cd9ae,bf8a96ae,40273db9,bee82d78,bdbc53ed,3eb92451,bfa1008b,bf1e0f70,3f875330,bebacd45,bf85742b,bf627afa,3fa54da0,3fbcaf66,3e515763,bf666e13,3f339d40,bf5caf05,bff0bb44,3fb5267d,406013c8,3e330093,be9b0884,be8cde5d,3e5f50ce,beefeb22,3db86ef8,3d5e7b5e,3e5d431d
// EXPECT: 0 tensor<4x8xf32> hex:bd81bae8,40054fce,3f188e73,3f35bc6c,bd164c20,be84ad78,bf3be3df,3f2952e4,bfb31b26,bc507c80,3f8862cb,be36c21a,3d01d8bc,bdea2048,bd7fe970,3f4fde31,bfb2fb47,3e4d1bcb,3f329588,bf2ef80e,3f5e1fa0,3f6ff1ad,bf7f06a0,c01277f5,bff3ec82,bf819d3b,3f849267,bee9f619,beeb6b77,3f936a5e,3cfee506,bf23688d
// GENERATOR: conformance/gen/graph_optim.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module {
  func.func @main(%p: tensor<4x8xf32>, %g: tensor<4x8xf32>) -> tensor<4x8xf32> {
    %0 = "tessera.sgd"(%p, %g) {lr = 0.5, weight_decay = 0.25} : (tensor<4x8xf32>, tensor<4x8xf32>) -> tensor<4x8xf32>
    return %0 : tensor<4x8xf32>
  }
}

// -----

// CASE: plain_f64
// RULE: bitexact
// REQUIRES: op=tessera.sgd dtype=f64 level=graph
// INPUT: 0 tensor<4x8xf64> hex:bff967f05c90253e,bfc3ca9015c22f79,bfb252cb9d079eb7,bffb13796c70465b,bff60b3f187b7516,bfe48842156003d6,bfed8d566ce9efa2,3fd838738de80269,3fdb1c238e776571,40004fffeee18119,400223ee9f2e14e0,3ffbef818324a37e,bfde639346137590,bfd68e42b094ac96,bfcc9305883229dd,bff26da063d0fcf8,3fcc05c43396ceb7,3fdd8650ad18d147,3fc7f7131f94107a,c001c7b94baf6c22,bfeaa542c63b4810,bfa5864e66d5a95d,3fef0f47ffd17c8d,bfd1db0dc8c96cb9,bfe3d61409e0634d,3ff4e152b1bbfd16,3ffc51ede8c8dab6,bfebf1d2f2429ea8,3ff0411d8a23e64b,3ffe90b247004eab,bfe4b987f58cbf2a,bfe1ee5337c3171d
// INPUT: 1 tensor<4x8xf64> hex:3feb7a0e15e7f9b1,3fe209698c0590b8,3fce53bfe2732b53,3ff04a1748382b96,c0061b302abc7fff,3fd338b6b77f0363,3fef4391b67b20e9,bfd32a56f85b4b9c,bfee88e0409bba9e,3fa4617143cd04e8,bfdfcc4a0873e658,3fd73df628eb10ce,bfd574c0186cec72,3fd525a358282758,3ff6025c2e5b16ae,3ffa574798cc2a61,bfd9e1851842b47c,3fb4e8bed0cf5764,bff98cf001d06de6,bff24a2fb4fb0c0e,bfd82b09a388ba2d,bfe0be6a196a7a1d,3ffbb74638b935d0,c0001d5807316442,3fbbddf9240b13c0,bfe65b14128ae207,3ff2049e24431d96,3ffb778a0b2b6087,bff0f09addaca665,bffff1e10c827f40,3ff23eb74318a5b4,bfde9a61ed95f82a
// EXPECT: 0 tensor<4x8xf64> hex:bff98b1bf3b66ce4,bfc48342630a168b,bfb2ee1202d6b92e,bffb3d2cdb3da2f4,bff59a100d633516,bfe4a0dc98da4003,bfeddd5f9004c471,3fd86983c8b5b8ed,3fdbb879f6289741,40004f2f3c453138,40022e1b83abaa9a,3ffbe0a18970d9da,bfde2ca5d531170a,bfd6c4659a6c1d9f,bfce55c539fc02b8,bff2b10f2f9596fe,3fcc8a46dd08c816,3fdd78eeeb4b7fc7,3fca0259861f9e64,c001b05018dc3f46,bfea86535dbbe0bb,bfa2d87adda5e7bf,3fee816031e24328,bfd09106bdf8ac62,bfe3defee8f62968,3ff4fdf03c1129bc,3ffc23cd9b9f3923,bfec7e746d5d1659,3ff06c7b3f8e9609,3ffee279a5d8a6fb,bfe516f20640708f,bfe1c727354b4cea
// GENERATOR: conformance/gen/graph_optim.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module {
  func.func @main(%p: tensor<4x8xf64>, %g: tensor<4x8xf64>) -> tensor<4x8xf64> {
    %0 = "tessera.sgd"(%p, %g) {lr = 0.01} : (tensor<4x8xf64>, tensor<4x8xf64>) -> tensor<4x8xf64>
    return %0 : tensor<4x8xf64>
  }
}
