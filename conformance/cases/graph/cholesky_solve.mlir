// tessera.cholesky_solve: A X = B through A's Cholesky factor.
// Generated file: edit the generator named in each case, then rerun it.

// CASE: spd4x3_f32
// RULE: bitexact
// REQUIRES: op=tessera.cholesky_solve dtype=f32 level=graph
// INPUT: 0 tensor<4x4xf32> hex:4115936d,40b02cf7,c094e4bb,3fb96d00,40b02cf7,4151790f,c0db07fe,3f30054a,c094e4bb,c0db07fe,416f30ca,c012ebde,3fb96d00,3f30054a,c012ebde,40e17d69
// INPUT: 1 tensor<4x3xf32> hex:bed39dee,bff8c3c0,c0508631,3f544357,be2ace88,3f783a55,3d8b5367,3f9138c2,bf724bae,3fea6d88,bf9b9a85,bfd42641
// EXPECT: 0 tensor<4x3xf32> hex:be0e6104,be731aa3,bf0707d1,3e13deae,3de41619,3e66c37f,3d95e4f6,3d0b6239,be1e9c5f,3e98b3e9,bdfce967,be4c0167
// GENERATOR: conformance/gen/graph_linalg.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module {
  func.func @main(%a: tensor<4x4xf32>, %b: tensor<4x3xf32>) -> tensor<4x3xf32> {
    %0 = "tessera.cholesky_solve"(%a, %b) : (tensor<4x4xf32>, tensor<4x3xf32>) -> tensor<4x3xf32>
    return %0 : tensor<4x3xf32>
  }
}

// -----

// CASE: spd4x3_f32_lapack
// NOTE: numpy.linalg.solve in float64.
// RULE: tol:rtol=1e-4,atol=1e-5
// REQUIRES: op=tessera.cholesky_solve dtype=f32 level=graph
// INPUT: 0 tensor<4x4xf32> hex:4115936d,40b02cf7,c094e4bb,3fb96d00,40b02cf7,4151790f,c0db07fe,3f30054a,c094e4bb,c0db07fe,416f30ca,c012ebde,3fb96d00,3f30054a,c012ebde,40e17d69
// INPUT: 1 tensor<4x3xf32> hex:bed39dee,bff8c3c0,c0508631,3f544357,be2ace88,3f783a55,3d8b5367,3f9138c2,bf724bae,3fea6d88,bf9b9a85,bfd42641
// EXPECT: 0 tensor<4x3xf32> hex:be0e6102,be731aa2,bf0707cf,3e13deac,3de41616,3e66c37c,3d95e4f6,3d0b6236,be1e9c60,3e98b3ea,bdfce968,be4c0167
// GENERATOR: conformance/gen/graph_linalg.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module {
  func.func @main(%a: tensor<4x4xf32>, %b: tensor<4x3xf32>) -> tensor<4x3xf32> {
    %0 = "tessera.cholesky_solve"(%a, %b) : (tensor<4x4xf32>, tensor<4x3xf32>) -> tensor<4x3xf32>
    return %0 : tensor<4x3xf32>
  }
}

// -----

// CASE: batch2x5x2_f64
// RULE: bitexact
// REQUIRES: op=tessera.cholesky_solve dtype=f64 level=graph
// INPUT: 0 tensor<2x5x5xf64> hex:401ed27715b63876,3fffb4946cfbf779,c0041147cdf38662,3ff69085fcb434cf,3fe42bbc8edc0618,3fffb4946cfbf779,40210107bb537624,bff27337b8d5f082,3fd92a28a34ab52f,3ff4740a512ceb17,c0041147cdf38662,bff27337b8d5f082,402589b5a42d3fcc,bff15e272b31e55c,bff9a92bd55fa9a3,3ff69085fcb434cf,3fd92a28a34ab52f,bff15e272b31e55c,402152cbe1e96c16,40145da5eb9e611b,3fe42bbc8edc0618,3ff4740a512ceb17,bff9a92bd55fa9a3,40145da5eb9e611b,403031c937fdb846,4031c7fd80b63ad4,3ffadc1efc670aa4,3ffd6a333d695006,bfe570fdc5cd7dbe,bfdffd5dc5fdc4a6,3ffadc1efc670aa4,403124b95aa09461,3fe0d107010f1929,bfdb6c2c6f3f7c82,c00211dd152b84b4,3ffd6a333d695006,3fe0d107010f1929,402178b9d2fa7bc9,4011a11c72d62f12,400698dfd96ca2ef,bfe570fdc5cd7dbe,bfdb6c2c6f3f7c82,4011a11c72d62f12,403160bb98b90e02,400e161f0da2d746,bfdffd5dc5fdc4a6,c00211dd152b84b4,400698dfd96ca2ef,400e161f0da2d746,401ff423da635a89
// INPUT: 1 tensor<2x5x2xf64> hex:bfdf3d1261802458,bff34c11df43b2a5,3fde3d16bf09f8de,3fd909178a255896,bff632837f1b64d1,bff11356031b9d33,bfd97bf899a9ec10,3fff8bdf26270980,3fc3851143707aca,bfb6d396820f63aa,3ff2d649c2347f6f,bff053c0f3e12f2e,bfee3d5a1361ed59,bff301191a0bcdc6,bfb77d9ae1ca0790,3fe3b568b2674922,3fece3eb2efefb56,bff0639aa3b2112e,3fec209c6b9c79ae,3ff849cfc04886f2
// EXPECT: 0 tensor<2x5x2xf64> hex:bfbee5aaa5c15eff,bfd19231fc951f8f,3fb04da249bb95c7,3fb80f5c7a8e8a83,bfc3b6a1684f7f40,bfc1ae7bd4fe5353,bfac316ed6440914,3fd46bbb9598763e,3f86d44994e0570f,bfbdc187e7e6d1de,3fb5a4296928f2c2,bfaf5587133ff3f5,bfa716c7f552db73,bfa58dbb3f282ac8,bfb659ce0275be26,3fb594c21ce3b279,3fab0060640bbddb,bfc0637685968c2a,3fbbce24b4efac57,3fca35b47b8ed7bf
// GENERATOR: conformance/gen/graph_linalg.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module {
  func.func @main(%a: tensor<2x5x5xf64>, %b: tensor<2x5x2xf64>) -> tensor<2x5x2xf64> {
    %0 = "tessera.cholesky_solve"(%a, %b) : (tensor<2x5x5xf64>, tensor<2x5x2xf64>) -> tensor<2x5x2xf64>
    return %0 : tensor<2x5x2xf64>
  }
}

// -----

// CASE: batch2x5x2_f64_lapack
// NOTE: numpy.linalg.solve in float64.
// RULE: tol:rtol=1e-11,atol=1e-12
// REQUIRES: op=tessera.cholesky_solve dtype=f64 level=graph
// INPUT: 0 tensor<2x5x5xf64> hex:401ed27715b63876,3fffb4946cfbf779,c0041147cdf38662,3ff69085fcb434cf,3fe42bbc8edc0618,3fffb4946cfbf779,40210107bb537624,bff27337b8d5f082,3fd92a28a34ab52f,3ff4740a512ceb17,c0041147cdf38662,bff27337b8d5f082,402589b5a42d3fcc,bff15e272b31e55c,bff9a92bd55fa9a3,3ff69085fcb434cf,3fd92a28a34ab52f,bff15e272b31e55c,402152cbe1e96c16,40145da5eb9e611b,3fe42bbc8edc0618,3ff4740a512ceb17,bff9a92bd55fa9a3,40145da5eb9e611b,403031c937fdb846,4031c7fd80b63ad4,3ffadc1efc670aa4,3ffd6a333d695006,bfe570fdc5cd7dbe,bfdffd5dc5fdc4a6,3ffadc1efc670aa4,403124b95aa09461,3fe0d107010f1929,bfdb6c2c6f3f7c82,c00211dd152b84b4,3ffd6a333d695006,3fe0d107010f1929,402178b9d2fa7bc9,4011a11c72d62f12,400698dfd96ca2ef,bfe570fdc5cd7dbe,bfdb6c2c6f3f7c82,4011a11c72d62f12,403160bb98b90e02,400e161f0da2d746,bfdffd5dc5fdc4a6,c00211dd152b84b4,400698dfd96ca2ef,400e161f0da2d746,401ff423da635a89
// INPUT: 1 tensor<2x5x2xf64> hex:bfdf3d1261802458,bff34c11df43b2a5,3fde3d16bf09f8de,3fd909178a255896,bff632837f1b64d1,bff11356031b9d33,bfd97bf899a9ec10,3fff8bdf26270980,3fc3851143707aca,bfb6d396820f63aa,3ff2d649c2347f6f,bff053c0f3e12f2e,bfee3d5a1361ed59,bff301191a0bcdc6,bfb77d9ae1ca0790,3fe3b568b2674922,3fece3eb2efefb56,bff0639aa3b2112e,3fec209c6b9c79ae,3ff849cfc04886f2
// EXPECT: 0 tensor<2x5x2xf64> hex:bfbee5aaa5c15efe,bfd19231fc951f8d,3fb04da249bb95c7,3fb80f5c7a8e8a83,bfc3b6a1684f7f41,bfc1ae7bd4fe5353,bfac316ed6440915,3fd46bbb9598763f,3f86d44994e0570f,bfbdc187e7e6d1de,3fb5a4296928f2c1,bfaf5587133ff3f2,bfa716c7f552db71,bfa58dbb3f282ac8,bfb659ce0275be25,3fb594c21ce3b278,3fab0060640bbddb,bfc0637685968c2a,3fbbce24b4efac56,3fca35b47b8ed7be
// GENERATOR: conformance/gen/graph_linalg.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module {
  func.func @main(%a: tensor<2x5x5xf64>, %b: tensor<2x5x2xf64>) -> tensor<2x5x2xf64> {
    %0 = "tessera.cholesky_solve"(%a, %b) : (tensor<2x5x5xf64>, tensor<2x5x2xf64>) -> tensor<2x5x2xf64>
    return %0 : tensor<2x5x2xf64>
  }
}
