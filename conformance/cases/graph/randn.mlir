// tessera.randn: Box-Muller in f64 on Philox words.
// Generated file: edit the generator named in each case, then rerun it.

// CASE: std_f32
// NOTE: f64 log/cos from libm, rounded once to f32.
// RULE: ulp:1
// REQUIRES: op=tessera.randn dtype=f32 level=graph
// EXPECT: 0 tensor<16x16xf32> hex:bf785e5a,bf9e28cc,bd95e015,bf8da732,beac8647,3e1821e8,bec26cf1,bf3fd08e,3f4b5137,3e09fe4b,bed1f5bb,4016b1eb,bd985e6f,3eff8d6c,bf99a315,3f6ac54e,3f3a85f1,bee3934e,bfa58961,bf5014ab,bf14fa60,bf6271bd,bfb07bc4,bfc477cd,3f25b60c,3f2ba2f4,bfdbea36,3f487ca5,be5ff4d9,bed5082b,beda6312,3c9a1d01,3e294eb3,3f99b207,c007cbf8,bf329f51,3f4956cc,3f15cc80,3f4e206c,3e54d7ec,3fa82e12,bd972e93,bf9de382,3e8d3f6f,be91b981,3d5e99d6,3f9c52be,bf538b8f,bf007e2e,3e01db17,3f2655fa,bf9e751e,bfff5e03,bf1ac60f,3f20b144,4005273c,3eda23ba,4006fcaa,3ffa2888,be16cfa1,3f802f59,3eb25744,3f89f996,bddf75be,3da072ff,be988b4e,3fa985c3,bfc50fc6,bf806bd9,3e9ad79c,bf900cef,c019dd4d,bf04dcfb,bfc100f2,bfb051be,3db79bd9,3e7fc84f,bf1366c9,bfcca00f,3f9152b9,be4c27f2,bfb864f4,bfc7aaf1,3edb1601,3ee92b5c,3fe58430,3f68caac,bfa94a18,3e895fc8,be06ef2c,3d98f974,bfcd836a,3f4f0fec,bf11adf1,40043783,be07b815,bdf11c69,3e07d7b9,bf52635d,bf2801ed,bef1da48,be71de8e,bf2e5487,bf7a1dbf,be536d55,3facfa82,bf99b95f,3ff7bb6f,3f4b6904,bf510664,3d8ef04d,40366f3b,3f0caf2a,bea2ce5b,bf8177bb,bf87ebe5,bf06b061,3f86344d,3fe93392,bcdd341a,3f95620b,beb9cfd5,bd8845d5,3f75747b,bf2efd59,3dde0ba7,3f2be7d0,c007cd9c,3f09bbb7,3fa0c226,3df0f0be,be6ff9d7,3f32065f,3f92d9ec,3c456231,3f2e1047,3f24d2a4,bee995a9,3f278b4d,3e64586d,3ec303c9,3ec3ffc9,bcb13b4d,400c1dc1,3f0d44e4,bec762b3,bface2aa,bf145014,bf7ce938,3f6dde6c,3f408207,400e4333,3eea1c02,bd30e887,3ff3f05a,3f911cf3,3f02f485,3e199ff6,3fb111a9,3e81e413,bc04f2e0,be61d76c,3f4684ee,bf71b81b,bfcb1010,3f5b3932,3d1a842e,3e84a522,40382b93,3fab1b6e,bfb52fa2,be3e9e25,3f5203d1,bfcd8f24,3e4ff62b,3f45bbff,bf48fc84,3f95c1e6,bd56a95d,3f139e48,3f892736,3e9b05dc,3f072413,bf8566e8,3ed4c999,beaf572b,beca2aac,bfd08330,3f7a657b,bea0fd30,c0082eb3,3fb5d115,3f76a566,3f37ac89,3fb2ffa7,bede86bc,bf80d1e3,3e8fdfbe,3f4d7293,bf18cd44,bf4d9faf,bf21fa1f,bfdbd76e,bfa081c7,3fce7600,3efe2101,be725129,3fb243e0,bfbbdc70,3e4a79e4,beb33756,3e50034f,3f50cd01,3f33b78b,3f8841c3,4002b953,bfab136b,3f85ed57,bdc7f93e,bf34495e,400f6f8a,bf59a6d9,3dddceae,bf2eb5a9,3ee8c261,bfb4a182,3f3d156b,be75166b,3f105e68,bea9fee0,3f0fbfb0,3f388ecd,3e216664,3fa2583c,bf2fb023,3f81685d,bfd9197b,3ead7371,be8eb3d0,bf36d006,bfa60994,3dce2878,be477865,3e067b1e,3e99edc5,bf04bd76,bf116305,bedc6711,3f43551b,be81dca2,bec19765,3e81d6e2,bfc41c07,3dd43354,bf00d075,bf3a1a6f
// GENERATOR: conformance/gen/graph_random.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module {
  func.func @main() -> tensor<16x16xf32> {
    %0 = "tessera.randn"() {seed = 42} : () -> tensor<16x16xf32>
    return %0 : tensor<16x16xf32>
  }
}

// -----

// CASE: scaled_f32
// RULE: ulp:1
// REQUIRES: op=tessera.randn dtype=f32 level=graph
// EXPECT: 0 tensor<1000xf32> npy:randn.scaled_f32.expect0.npy
// GENERATOR: conformance/gen/graph_random.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module {
  func.func @main() -> tensor<1000xf32> {
    %0 = "tessera.randn"() {seed = 3, stream = 2, mean = 1.0, stddev = 0.5} : () -> tensor<1000xf32>
    return %0 : tensor<1000xf32>
  }
}

// -----

// CASE: std_f64
// RULE: tol:rtol=1e-14,atol=1e-15
// REQUIRES: op=tessera.randn dtype=f64 level=graph
// EXPECT: 0 tensor<7x3xf64> hex:bfe2567b86ee4a6b,3fad2d4c201f6ff9,bff4ca476b7c5aaf,bfdf3245f41ec788,bffb428e87a72ed6,bfd9cd3cee4eb5c2,3fa795bf86af7db7,bfe8d21e89eaf3a5,3fe06163aa7d1c02,bfd0e3b240d84ab7,3fe774965197e153,bfd2d4e92ae892c6,bfe2ccca14327c2d,bfde10856d09fb81,3fb6ad788f54773e,3fb4c04e3fcde00c,bfeeb1403a63dbcc,3fbef72ca514c23d,3ff615ae53c91c11,3fc6548f91ff6020,3ff4307a1219a5e3
// GENERATOR: conformance/gen/graph_random.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module {
  func.func @main() -> tensor<7x3xf64> {
    %0 = "tessera.randn"() {seed = 9} : () -> tensor<7x3xf64>
    return %0 : tensor<7x3xf64>
  }
}
