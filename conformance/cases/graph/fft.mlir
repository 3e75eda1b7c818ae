// tessera.fft: direct DFT in f64 on (re, im) pairs.
// Generated file: edit the generator named in each case, then rerun it.

// CASE: n16_f32
// NOTE: numpy.fft in float64; (re, im) pairs in the last dim.
// RULE: tol:rtol=1e-5,atol=1e-5
// REQUIRES: op=tessera.fft dtype=f32 level=graph
// INPUT: 0 tensor<16x2xf32> hex:3fbbe126,3fb4e740,bf4aaf88,3faaf797,bf1c2304,be1c7304,bf5e1d8c,bf57e7ba,bf86126f,3e63d319,400dca37,3f520157,bf2d8738,3f4f8cc4,bf964d11,3e39accb,bf36385d,bf43eb44,3f3ea6cd,3c6b23da,3fb86530,3e9bd4ab,3d8356c2,3ffeb8e6,be3546c0,3dea2d11,3ec06646,be1dcae2,bf32527f,bf1dba80,3fae7092,bf9fa27c
// EXPECT: 0 tensor<16x2xf32> hex:3f6ac898,405b6609,3f357cc4,40145024,4034918c,bed0ccc7,4126a64b,413aa38c,4000aff3,c021504a,4057eaa5,40650554,40a78926,40c54171,bf1b3b31,3f50c8f6,c03c41a3,bf441d2c,4013f1e5,407f560f,3f86d8b5,c0585287,bffccad9,c060b071,bfee1a2a,40730f30,40306e12,4013e16b,bf981f6c,bf90dbdc,3ee73486,c06f2966
// GENERATOR: conformance/gen/graph_fft.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module {
  func.func @main(%x: tensor<16x2xf32>) -> tensor<16x2xf32> {
    %0 = "tessera.fft"(%x) : (tensor<16x2xf32>) -> tensor<16x2xf32>
    return %0 : tensor<16x2xf32>
  }
}

// -----

// CASE: n16_f64
// NOTE: numpy.fft in float64; (re, im) pairs in the last dim.
// RULE: tol:rtol=1e-12,atol=1e-12
// REQUIRES: op=tessera.fft dtype=f64 level=graph
// INPUT: 0 tensor<16x2xf64> hex:bff5288b398855df,bff4a17d6ac88bfa,3ff3046339df6532,bfefb7478f762ae7,bff1dfb07aa96539,3fd4f783b74a0ba4,bfd5b89b9411c054,bfef076ba98a12be,3ff46ca624eb2989,bfd06b7ec666d69c,bfed2655991b925b,bff505f779896a7c,3ff22b11045eded8,bfe6f55b9be37ec3,3fec5f93c7755046,3fdfe4922a52ebac,3ff938b93808732f,bffe4d7946936260,3fde9e478ef933f0,bfecab9c7eeb4397,bfe344fd9d877506,3fec322e806e9a41,3fe1f975d295d43c,bfae2e9c6822e935,3ff7b760e4087c15,3fd2b0acf12e6933,bfe25ce57401ba28,bfdfd25dd908b027,4000d4bf2897c832,bfff0db6b55b0a25,bfeae48f88db71bb,bfe0adb975093b5e
// EXPECT: 0 tensor<16x2xf64> hex:4013ef40b38de1eb,c022b1bf6b5bea8c,c01433cfda5fbb6e,bfd01fec12c9f870,40059caf13ab2bda,3fa6a731a6d25be0,bfe19a8f3e2bf4d6,bfd71e81fd987ff0,bff2774913b3d6ea,bff9ca8044e2b2d6,c006de32a471793d,bff5e303bef17e90,c0227b5014858c6a,c026604c39de2af4,c004b881564a8c4c,bfe4250adb314b28,40105409d63ca74d,3fc37e63182a7000,bfd059fd3a664e58,3ff750a31c70a8f9,3f976a499bf2b3c0,400b7bdf9c527288,c00ec0abd4e95d4e,401713d6d5f3169e,40108ebcc2962f72,bffc8dfd5deb6d9a,c0167fc65f373c10,400b3a9b0969fbbe,c00c05f569b3f03a,c014aae7f9c85b14,c00354a20c980b64,c00978187c0bc2c0
// GENERATOR: conformance/gen/graph_fft.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module {
  func.func @main(%x: tensor<16x2xf64>) -> tensor<16x2xf64> {
    %0 = "tessera.fft"(%x) : (tensor<16x2xf64>) -> tensor<16x2xf64>
    return %0 : tensor<16x2xf64>
  }
}

// -----

// CASE: n3x10_f32
// NOTE: numpy.fft in float64; (re, im) pairs in the last dim.
// RULE: tol:rtol=1e-5,atol=1e-5
// REQUIRES: op=tessera.fft dtype=f32 level=graph
// INPUT: 0 tensor<3x10x2xf32> hex:3f6067df,bfd96e96,3c4c96ce,bf3d1e54,bf917ef3,bf84f8e0,c0059530,3e92dcf6,bf1b883b,bfaa620e,c01c8fe8,3fc18081,bfa5d485,3f5c8921,3fa141fd,bf7168fc,bee68453,3f508401,3f95ad77,c013ee5a,3ee3628c,be7fe3bb,be3ab2c1,c01e8fff,be86990d,3ddabcc4,3e35d70f,bf19b574,3f0792c9,3f49c6d1,3e4085d1,bfbdaf6d,3f6d3c9d,3e8b8353,c0016b58,3f377fd0,bfd51792,3efa6cf0,bf8b8098,beda3fa9,3e7b866f,3e486a00,3fc31c43,3e03ad4b,3fcc3414,3e08b7ab,bf743cd1,3fe8f69b,bdcb6d50,be9d8f16,be5d51e2,bf8e6161,3e857f15,be6aa38f,bf82f518,3f450def,3ea75f79,bf3e93ed,bfdfe45c,bfa1d9f3
// EXPECT: 0 tensor<3x10x2xf32> hex:c0969192,c092cae4,40940cde,bf86c786,3ff6f54f,bebe4057,4030b36a,c095fe33,405a721a,40c01b2c,bf058659,be4ad2ac,c0dc1661,bf9cf4ad,404d412d,bf566270,bfcdd518,bf40c589,40d15251,c1146bf2,c03d2fc2,c03735ad,c08fde41,c0b1ae28,3fecad04,c06990af,3f347a86,406cd883,c04526f0,bfc5eb6c,4039b242,40b5a23d,3fdb946f,3fc0a6ed,3fd05f3b,3ee00bfa,40b43eb1,c006c520,3f0abf1d,3ff2fa70,bdb60256,bf1c4c21,407d7cb4,c0499b09,3fad23a0,c0e63e65,c01d3c81,400644b7,3f8bdfa1,3d597e01,4097eae2,bfa595e0,bf770d0e,4002c39b,c02c2dba,40c226bf,bf9f3bbd,3f9027d9,bfa04946,40346857
// GENERATOR: conformance/gen/graph_fft.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module {
  func.func @main(%x: tensor<3x10x2xf32>) -> tensor<3x10x2xf32> {
    %0 = "tessera.fft"(%x) : (tensor<3x10x2xf32>) -> tensor<3x10x2xf32>
    return %0 : tensor<3x10x2xf32>
  }
}

// -----

// CASE: n3x10_f64
// NOTE: numpy.fft in float64; (re, im) pairs in the last dim.
// RULE: tol:rtol=1e-12,atol=1e-12
// REQUIRES: op=tessera.fft dtype=f64 level=graph
// INPUT: 0 tensor<3x10x2xf64> hex:3fec7be3fbc56494,bfd0aae18f6388a6,bfe1d38e406deb2b,bfeddffd078b8bb2,bfd0024f15c7f7b2,bff1b6c6efb81916,bfd67fb88bd960ef,bfcb6b493b863c2e,bfd33dbc46fba27a,bfce979683e0e72c,3fd556d6c1a8ecff,bfeff02f15e4687e,3fe675eabf798d6a,3fe020ecfa9b77b3,3feb8476f3b767a3,3ff4348a2f05e68a,bfeeb4b5e54a1712,bff0e58323e296e0,3fc3bc091bd21851,400638aa46fc3b40,3fec1a3d7d9ce817,bff01c4891664f63,bff10e5fef900d51,c001629124585222,bfff2a8e016202ad,bfc0668df72a59da,bfc6c021a75bba1a,bffc8fd6f55162ea,bfd89eda20a95984,3ff269536a12614e,bffb0bdb8f0a3c74,3fd130c7fdc43e14,bff3c651d5a5427c,3fe421022cc111eb,3fea52a318d7b9ca,3fe61b13ea6f8ef6,bff0610229517114,bfc7251a63f6fa0c,3fef06cd7d2c129b,bff045f84767694c,3fd4e5754e86900c,3fc63ded924687ab,bff4090e40e3a60c,3ff9067e6bc3b34a,bfe354ef9a47f0b6,bfe018159acdce9a,3ff90d4068c64557,3fda2b066b0020a4,bfe9cd4ae38484f0,3fecc4ecb30b89bc,bfeec072928342f7,3fe487989001cd33,bff59c19130725ab,3ff39207f5cfbc02,bff6309b802223a1,bfdb68fca2bf8f59,bfe20a93d279d7c8,bff41ca9a6c0a42e,3fc360c821e700d6,bf9206be30e864ea
// EXPECT: 0 tensor<3x10x2xf64> hex:3fe0a88d3cb8d66a,bfd0e47d0f315f00,c012c8fede417d0e,40040f4015d6e07b,bfc8e1bcfa20a7a0,bff1c757c7ae6fca,bff24962066b1d6b,4010bb43a134774c,c000bdd20c0ff8fa,bffa74f0023ebe4c,bfd6dccddb257580,c0103677945de3a6,40106f9f334a078b,c013dc04266a29dd,4016220125b1dbb4,3ff836445f63fa88,400e33af59b0109c,3ffb3767fd6abd40,400b92dcf166a9b2,bfdd9463ebb5bea8,c0136c804c8e1cda,c00c6a8f568c148b,3f7b417a7b564800,c0043781b87093f6,3fdb88fe1fda5644,40054b87dd05c931,401760a3696fef24,bfd8501b0c7a73e8,c00c43baee4562f6,3ffbd06560c8c7cb,c004937930985ede,4011eb531d1a4278,4009fdcd2d1a581c,bffccd0e95182b1b,4010cf2cb9bf8d41,bfd7b27724f8c900,3fe4c3da36da1302,c005eadc593722a9,40157254f7ccba18,c01e520252d7fb52,c013866b21333b85,4005a31cdd43f17e,400fd371d4aaa627,c00de36fa48fb0bc,3fed8653fd0e3c3a,401c004a4dc8ed67,40027dd55f595078,400d2d9d8011a4f9,4007285112bb1de4,c0119dbe337fc155,bff1d8994a4462aa,bffa1f2a9f9a5647,3fdfc1f24847386c,bff0044ee6c36490,3ffca3c037a569fe,bff692a4e59fbb93,c004d673feb116a2,bfcc934acbc4c760,bfe0db8889f1323b,3fe96255c33b7a5c
// GENERATOR: conformance/gen/graph_fft.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module {
  func.func @main(%x: tensor<3x10x2xf64>) -> tensor<3x10x2xf64> {
    %0 = "tessera.fft"(%x) : (tensor<3x10x2xf64>) -> tensor<3x10x2xf64>
    return %0 : tensor<3x10x2xf64>
  }
}
