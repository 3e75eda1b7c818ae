// tessera.cross_entropy: stable log-sum-exp per row.
// Generated file: edit the generator named in each case, then rerun it.

// CASE: mean_f32
// NOTE: exp/log come from libm: see the generator's docstring.
// RULE: tol:rtol=1e-6,atol=1e-6
// REQUIRES: op=tessera.cross_entropy dtype=f32 level=graph
// INPUT: 0 tensor<8x10xf32> hex:c071112c,408587b1,c01275b4,beb12257,bf5d7940,3e2d6803,c0028199,3d5bec8e,3fdb175c,403842fc,bf023d80,c048ed2c,403367a4,401c43df,bf88026b,c0e2da6b,bf2e407b,c0936094,3fe3ebd9,bfa53d38,3d703ec8,40a2bd2b,becdd65d,3e35c330,3faaaa74,bff8467e,3ebe7ec2,bfd3205b,c0b3ab03,3df59408,3ecf9ff4,bd9b5891,3eacd914,40b5bfbf,401291f6,c04536c1,406fca37,3fa869bb,3e5b5820,be48c306,bf94da3c,4094d764,411e5f6f,bf90eb23,4010eae5,401059b4,be9cecf6,3f820231,c0591241,c08ad7de,bf31a418,bfa094f7,c0c458a0,bfbca623,bfab1126,40060061,bf1a3891,c08d0196,bf63b5b3,bff48081,c033f01c,401ad19d,40973061,bfe66437,c03a3e06,3f35e5a8,40cfbe29,40ccfc74,c027972a,c095f4bb,bf3ff5bf,3f54e2d6,3f6d7cf2,be23f467,bf8c6c67,3e02cdfe,40f6ec52,3ef8ee82,c05d7b9c,c01407da
// INPUT: 1 tensor<8xi32> hex:00000000,00000002,00000002,00000006,00000008,00000001,00000002,00000008
// EXPECT: 0 tensor<f32> hex:40bd4f62
// GENERATOR: conformance/gen/graph_cross_entropy.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module {
  func.func @main(%logits: tensor<8x10xf32>, %y: tensor<8xi32>) -> tensor<f32> {
    %0 = "tessera.cross_entropy"(%logits, %y) : (tensor<8x10xf32>, tensor<8xi32>) -> tensor<f32>
    return %0 : tensor<f32>
  }
}

// -----

// CASE: mean_f32_f64ref
// NOTE: Same program against the float64 formula.
// RULE: tol:rtol=1e-5,atol=1e-5
// REQUIRES: op=tessera.cross_entropy dtype=f32 level=graph
// INPUT: 0 tensor<8x10xf32> hex:c071112c,408587b1,c01275b4,beb12257,bf5d7940,3e2d6803,c0028199,3d5bec8e,3fdb175c,403842fc,bf023d80,c048ed2c,403367a4,401c43df,bf88026b,c0e2da6b,bf2e407b,c0936094,3fe3ebd9,bfa53d38,3d703ec8,40a2bd2b,becdd65d,3e35c330,3faaaa74,bff8467e,3ebe7ec2,bfd3205b,c0b3ab03,3df59408,3ecf9ff4,bd9b5891,3eacd914,40b5bfbf,401291f6,c04536c1,406fca37,3fa869bb,3e5b5820,be48c306,bf94da3c,4094d764,411e5f6f,bf90eb23,4010eae5,401059b4,be9cecf6,3f820231,c0591241,c08ad7de,bf31a418,bfa094f7,c0c458a0,bfbca623,bfab1126,40060061,bf1a3891,c08d0196,bf63b5b3,bff48081,c033f01c,401ad19d,40973061,bfe66437,c03a3e06,3f35e5a8,40cfbe29,40ccfc74,c027972a,c095f4bb,bf3ff5bf,3f54e2d6,3f6d7cf2,be23f467,bf8c6c67,3e02cdfe,40f6ec52,3ef8ee82,c05d7b9c,c01407da
// INPUT: 1 tensor<8xi32> hex:00000000,00000002,00000002,00000006,00000008,00000001,00000002,00000008
// EXPECT: 0 tensor<f32> hex:40bd4f62
// GENERATOR: conformance/gen/graph_cross_entropy.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module {
  func.func @main(%logits: tensor<8x10xf32>, %y: tensor<8xi32>) -> tensor<f32> {
    %0 = "tessera.cross_entropy"(%logits, %y) : (tensor<8x10xf32>, tensor<8xi32>) -> tensor<f32>
    return %0 : tensor<f32>
  }
}

// -----

// CASE: sum_f32
// NOTE: exp/log come from libm: see the generator's docstring.
// RULE: tol:rtol=1e-6,atol=1e-6
// REQUIRES: op=tessera.cross_entropy dtype=f32 level=graph
// INPUT: 0 tensor<8x10xf32> hex:c071112c,408587b1,c01275b4,beb12257,bf5d7940,3e2d6803,c0028199,3d5bec8e,3fdb175c,403842fc,bf023d80,c048ed2c,403367a4,401c43df,bf88026b,c0e2da6b,bf2e407b,c0936094,3fe3ebd9,bfa53d38,3d703ec8,40a2bd2b,becdd65d,3e35c330,3faaaa74,bff8467e,3ebe7ec2,bfd3205b,c0b3ab03,3df59408,3ecf9ff4,bd9b5891,3eacd914,40b5bfbf,401291f6,c04536c1,406fca37,3fa869bb,3e5b5820,be48c306,bf94da3c,4094d764,411e5f6f,bf90eb23,4010eae5,401059b4,be9cecf6,3f820231,c0591241,c08ad7de,bf31a418,bfa094f7,c0c458a0,bfbca623,bfab1126,40060061,bf1a3891,c08d0196,bf63b5b3,bff48081,c033f01c,401ad19d,40973061,bfe66437,c03a3e06,3f35e5a8,40cfbe29,40ccfc74,c027972a,c095f4bb,bf3ff5bf,3f54e2d6,3f6d7cf2,be23f467,bf8c6c67,3e02cdfe,40f6ec52,3ef8ee82,c05d7b9c,c01407da
// INPUT: 1 tensor<8xi32> hex:00000000,00000002,00000002,00000006,00000008,00000001,00000002,00000008
// EXPECT: 0 tensor<f32> hex:423d4f62
// GENERATOR: conformance/gen/graph_cross_entropy.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module {
  func.func @main(%logits: tensor<8x10xf32>, %y: tensor<8xi32>) -> tensor<f32> {
    %0 = "tessera.cross_entropy"(%logits, %y) {reduction = "sum"} : (tensor<8x10xf32>, tensor<8xi32>) -> tensor<f32>
    return %0 : tensor<f32>
  }
}

// -----

// CASE: sum_f32_f64ref
// NOTE: Same program against the float64 formula.
// RULE: tol:rtol=1e-5,atol=1e-5
// REQUIRES: op=tessera.cross_entropy dtype=f32 level=graph
// INPUT: 0 tensor<8x10xf32> hex:c071112c,408587b1,c01275b4,beb12257,bf5d7940,3e2d6803,c0028199,3d5bec8e,3fdb175c,403842fc,bf023d80,c048ed2c,403367a4,401c43df,bf88026b,c0e2da6b,bf2e407b,c0936094,3fe3ebd9,bfa53d38,3d703ec8,40a2bd2b,becdd65d,3e35c330,3faaaa74,bff8467e,3ebe7ec2,bfd3205b,c0b3ab03,3df59408,3ecf9ff4,bd9b5891,3eacd914,40b5bfbf,401291f6,c04536c1,406fca37,3fa869bb,3e5b5820,be48c306,bf94da3c,4094d764,411e5f6f,bf90eb23,4010eae5,401059b4,be9cecf6,3f820231,c0591241,c08ad7de,bf31a418,bfa094f7,c0c458a0,bfbca623,bfab1126,40060061,bf1a3891,c08d0196,bf63b5b3,bff48081,c033f01c,401ad19d,40973061,bfe66437,c03a3e06,3f35e5a8,40cfbe29,40ccfc74,c027972a,c095f4bb,bf3ff5bf,3f54e2d6,3f6d7cf2,be23f467,bf8c6c67,3e02cdfe,40f6ec52,3ef8ee82,c05d7b9c,c01407da
// INPUT: 1 tensor<8xi32> hex:00000000,00000002,00000002,00000006,00000008,00000001,00000002,00000008
// EXPECT: 0 tensor<f32> hex:423d4f62
// GENERATOR: conformance/gen/graph_cross_entropy.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module {
  func.func @main(%logits: tensor<8x10xf32>, %y: tensor<8xi32>) -> tensor<f32> {
    %0 = "tessera.cross_entropy"(%logits, %y) {reduction = "sum"} : (tensor<8x10xf32>, tensor<8xi32>) -> tensor<f32>
    return %0 : tensor<f32>
  }
}

// -----

// CASE: none_f32
// NOTE: exp/log come from libm: see the generator's docstring.
// RULE: tol:rtol=1e-6,atol=1e-6
// REQUIRES: op=tessera.cross_entropy dtype=f32 level=graph
// INPUT: 0 tensor<8x10xf32> hex:c071112c,408587b1,c01275b4,beb12257,bf5d7940,3e2d6803,c0028199,3d5bec8e,3fdb175c,403842fc,bf023d80,c048ed2c,403367a4,401c43df,bf88026b,c0e2da6b,bf2e407b,c0936094,3fe3ebd9,bfa53d38,3d703ec8,40a2bd2b,becdd65d,3e35c330,3faaaa74,bff8467e,3ebe7ec2,bfd3205b,c0b3ab03,3df59408,3ecf9ff4,bd9b5891,3eacd914,40b5bfbf,401291f6,c04536c1,406fca37,3fa869bb,3e5b5820,be48c306,bf94da3c,4094d764,411e5f6f,bf90eb23,4010eae5,401059b4,be9cecf6,3f820231,c0591241,c08ad7de,bf31a418,bfa094f7,c0c458a0,bfbca623,bfab1126,40060061,bf1a3891,c08d0196,bf63b5b3,bff48081,c033f01c,401ad19d,40973061,bfe66437,c03a3e06,3f35e5a8,40cfbe29,40ccfc74,c027972a,c095f4bb,bf3ff5bf,3f54e2d6,3f6d7cf2,be23f467,bf8c6c67,3e02cdfe,40f6ec52,3ef8ee82,c05d7b9c,c01407da
// INPUT: 1 tensor<8xi32> hex:00000000,00000002,00000002,00000006,00000008,00000001,00000002,00000008
// EXPECT: 0 tensor<8xf32> hex:41049729,3f45a7ee,40b174c4,4007fbf0,4154be46,4066db84,4020dcdb,4132e623
// GENERATOR: conformance/gen/graph_cross_entropy.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module {
  func.func @main(%logits: tensor<8x10xf32>, %y: tensor<8xi32>) -> tensor<8xf32> {
    %0 = "tessera.cross_entropy"(%logits, %y) {reduction = "none"} : (tensor<8x10xf32>, tensor<8xi32>) -> tensor<8xf32>
    return %0 : tensor<8xf32>
  }
}

// -----

// CASE: none_f32_f64ref
// NOTE: Same program against the float64 formula.
// RULE: tol:rtol=1e-5,atol=1e-5
// REQUIRES: op=tessera.cross_entropy dtype=f32 level=graph
// INPUT: 0 tensor<8x10xf32> hex:c071112c,408587b1,c01275b4,beb12257,bf5d7940,3e2d6803,c0028199,3d5bec8e,3fdb175c,403842fc,bf023d80,c048ed2c,403367a4,401c43df,bf88026b,c0e2da6b,bf2e407b,c0936094,3fe3ebd9,bfa53d38,3d703ec8,40a2bd2b,becdd65d,3e35c330,3faaaa74,bff8467e,3ebe7ec2,bfd3205b,c0b3ab03,3df59408,3ecf9ff4,bd9b5891,3eacd914,40b5bfbf,401291f6,c04536c1,406fca37,3fa869bb,3e5b5820,be48c306,bf94da3c,4094d764,411e5f6f,bf90eb23,4010eae5,401059b4,be9cecf6,3f820231,c0591241,c08ad7de,bf31a418,bfa094f7,c0c458a0,bfbca623,bfab1126,40060061,bf1a3891,c08d0196,bf63b5b3,bff48081,c033f01c,401ad19d,40973061,bfe66437,c03a3e06,3f35e5a8,40cfbe29,40ccfc74,c027972a,c095f4bb,bf3ff5bf,3f54e2d6,3f6d7cf2,be23f467,bf8c6c67,3e02cdfe,40f6ec52,3ef8ee82,c05d7b9c,c01407da
// INPUT: 1 tensor<8xi32> hex:00000000,00000002,00000002,00000006,00000008,00000001,00000002,00000008
// EXPECT: 0 tensor<8xf32> hex:41049729,3f45a7ed,40b174c4,4007fbf0,4154be47,4066db84,4020dcdb,4132e623
// GENERATOR: conformance/gen/graph_cross_entropy.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module {
  func.func @main(%logits: tensor<8x10xf32>, %y: tensor<8xi32>) -> tensor<8xf32> {
    %0 = "tessera.cross_entropy"(%logits, %y) {reduction = "none"} : (tensor<8x10xf32>, tensor<8xi32>) -> tensor<8xf32>
    return %0 : tensor<8xf32>
  }
}

// -----

// CASE: none_3d_i64_f32
// NOTE: exp/log come from libm: see the generator's docstring.
// RULE: tol:rtol=1e-6,atol=1e-6
// REQUIRES: op=tessera.cross_entropy dtype=f32 level=graph
// INPUT: 0 tensor<2x3x5xf32> hex:3f083b32,3c028abb,3e8eeaa9,3ef8f16a,be772dfe,bf88c8cf,3f8870bf,3f82e289,c03c9c21,c0544b45,be5de511,bf982a1e,402d13e3,bfeeee3c,c0176f27,c03f6993,bf8f2baf,c0abac66,bf5f0631,3f741a7c,3fd18c12,3f4d11c5,bfd2eb24,bff76553,bf80a801,bfd8bb22,40090f43,3f7a0f68,bf8e6b4f,c0b7a67b
// INPUT: 1 tensor<2x3xi64> hex:0000000000000003,0000000000000000,0000000000000004,0000000000000002,0000000000000001,0000000000000004
// EXPECT: 0 tensor<2x3xf32> hex:3fb040b2,40384a72,40a50a26,40d2c97f,3fa4c4e9,41032844
// GENERATOR: conformance/gen/graph_cross_entropy.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module {
  func.func @main(%logits: tensor<2x3x5xf32>, %y: tensor<2x3xi64>) -> tensor<2x3xf32> {
    %0 = "tessera.cross_entropy"(%logits, %y) {reduction = "none"} : (tensor<2x3x5xf32>, tensor<2x3xi64>) -> tensor<2x3xf32>
    return %0 : tensor<2x3xf32>
  }
}

// -----

// CASE: none_3d_i64_f32_f64ref
// NOTE: Same program against the float64 formula.
// RULE: tol:rtol=1e-5,atol=1e-5
// REQUIRES: op=tessera.cross_entropy dtype=f32 level=graph
// INPUT: 0 tensor<2x3x5xf32> hex:3f083b32,3c028abb,3e8eeaa9,3ef8f16a,be772dfe,bf88c8cf,3f8870bf,3f82e289,c03c9c21,c0544b45,be5de511,bf982a1e,402d13e3,bfeeee3c,c0176f27,c03f6993,bf8f2baf,c0abac66,bf5f0631,3f741a7c,3fd18c12,3f4d11c5,bfd2eb24,bff76553,bf80a801,bfd8bb22,40090f43,3f7a0f68,bf8e6b4f,c0b7a67b
// INPUT: 1 tensor<2x3xi64> hex:0000000000000003,0000000000000000,0000000000000004,0000000000000002,0000000000000001,0000000000000004
// EXPECT: 0 tensor<2x3xf32> hex:3fb040b2,40384a72,40a50a26,40d2c97e,3fa4c4e8,41032845
// GENERATOR: conformance/gen/graph_cross_entropy.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module {
  func.func @main(%logits: tensor<2x3x5xf32>, %y: tensor<2x3xi64>) -> tensor<2x3xf32> {
    %0 = "tessera.cross_entropy"(%logits, %y) {reduction = "none"} : (tensor<2x3x5xf32>, tensor<2x3xi64>) -> tensor<2x3xf32>
    return %0 : tensor<2x3xf32>
  }
}

// -----

// CASE: large_logits_f32
// NOTE: exp(1e4) would overflow: the subtracted maximum keeps the losses exact.
// RULE: tol:rtol=1e-6,atol=1e-6
// REQUIRES: op=tessera.cross_entropy dtype=f32 level=graph
// INPUT: 0 tensor<3x3xf32> hex:461c4000,00000000,c61c4000,459c4000,459c4000,00000000,42b00000,42b20000,42b40000
// INPUT: 1 tensor<3xui8> hex:00,01,00
// EXPECT: 0 tensor<3xf32> hex:00000000,3f317218,401a1637
// GENERATOR: conformance/gen/graph_cross_entropy.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module {
  func.func @main(%logits: tensor<3x3xf32>, %y: tensor<3xui8>) -> tensor<3xf32> {
    %0 = "tessera.cross_entropy"(%logits, %y) {reduction = "none"} : (tensor<3x3xf32>, tensor<3xui8>) -> tensor<3xf32>
    return %0 : tensor<3xf32>
  }
}

// -----

// CASE: large_logits_f32_f64ref
// NOTE: Same program against the float64 formula.
// RULE: tol:rtol=1e-5,atol=1e-5
// REQUIRES: op=tessera.cross_entropy dtype=f32 level=graph
// INPUT: 0 tensor<3x3xf32> hex:461c4000,00000000,c61c4000,459c4000,459c4000,00000000,42b00000,42b20000,42b40000
// INPUT: 1 tensor<3xui8> hex:00,01,00
// EXPECT: 0 tensor<3xf32> hex:00000000,3f317218,401a1637
// GENERATOR: conformance/gen/graph_cross_entropy.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module {
  func.func @main(%logits: tensor<3x3xf32>, %y: tensor<3xui8>) -> tensor<3xf32> {
    %0 = "tessera.cross_entropy"(%logits, %y) {reduction = "none"} : (tensor<3x3xf32>, tensor<3xui8>) -> tensor<3xf32>
    return %0 : tensor<3xf32>
  }
}

// -----

// CASE: f64
// NOTE: exp/log come from libm: see the generator's docstring.
// RULE: tol:rtol=1e-13,atol=1e-14
// REQUIRES: op=tessera.cross_entropy dtype=f64 level=graph
// INPUT: 0 tensor<6x7xf64> hex:3ff01d97bca9e784,bfe7b15a01a28de5,c00886ca63f59db9,3fee43e77a29bd3c,bfd1d6adba260aa6,3ff8dfde8dc78605,c012edc15c944268,3ff6443043cfaf57,3ff71fa06c0ac7f6,bfc0920ebc114dbf,c00644863aad0a82,4000a0fffe3433de,40055fa43c3c6c80,bffd9110e141fa03,bff988aa6142a9bd,c0024ce513160671,bfe9309cd8d3a882,bfe97dcb44add805,3ff0fd33481a72f4,401557bdae332b41,c01d6f85015f7a71,c009ab4200fca224,4004ea16dc15b3c6,bfd02f9a9616587f,4010abc5485b94b0,bfec619c4c2e09a1,c014cda72d973519,3fe0bf14d47fa2da,3fdb01d17265d5b1,4006069475643b13,c00a22f8816e7674,401294c68892f67c,4028b2d256fc8021,c00285b3b61dd537,3fdd4efca5db9891,c001e1cb2d9bef6c,bfe3cf0908c880cc,400bdd00e37f5654,3fff623d1aef02cd,401b76fca879e26e,401bb12aa0c00a5e,3fe1ec558b6a7eb2
// INPUT: 1 tensor<6xi32> hex:00000006,00000004,00000005,00000006,00000006,00000006
// EXPECT: 0 tensor<f64> hex:4014eaaf9ee04c7b
// GENERATOR: conformance/gen/graph_cross_entropy.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module {
  func.func @main(%logits: tensor<6x7xf64>, %y: tensor<6xi32>) -> tensor<f64> {
    %0 = "tessera.cross_entropy"(%logits, %y) : (tensor<6x7xf64>, tensor<6xi32>) -> tensor<f64>
    return %0 : tensor<f64>
  }
}

// -----

// CASE: f64_f64ref
// NOTE: Same program against the float64 formula.
// RULE: tol:rtol=1e-12,atol=1e-13
// REQUIRES: op=tessera.cross_entropy dtype=f64 level=graph
// INPUT: 0 tensor<6x7xf64> hex:3ff01d97bca9e784,bfe7b15a01a28de5,c00886ca63f59db9,3fee43e77a29bd3c,bfd1d6adba260aa6,3ff8dfde8dc78605,c012edc15c944268,3ff6443043cfaf57,3ff71fa06c0ac7f6,bfc0920ebc114dbf,c00644863aad0a82,4000a0fffe3433de,40055fa43c3c6c80,bffd9110e141fa03,bff988aa6142a9bd,c0024ce513160671,bfe9309cd8d3a882,bfe97dcb44add805,3ff0fd33481a72f4,401557bdae332b41,c01d6f85015f7a71,c009ab4200fca224,4004ea16dc15b3c6,bfd02f9a9616587f,4010abc5485b94b0,bfec619c4c2e09a1,c014cda72d973519,3fe0bf14d47fa2da,3fdb01d17265d5b1,4006069475643b13,c00a22f8816e7674,401294c68892f67c,4028b2d256fc8021,c00285b3b61dd537,3fdd4efca5db9891,c001e1cb2d9bef6c,bfe3cf0908c880cc,400bdd00e37f5654,3fff623d1aef02cd,401b76fca879e26e,401bb12aa0c00a5e,3fe1ec558b6a7eb2
// INPUT: 1 tensor<6xi32> hex:00000006,00000004,00000005,00000006,00000006,00000006
// EXPECT: 0 tensor<f64> hex:4014eaaf9ee04c7b
// GENERATOR: conformance/gen/graph_cross_entropy.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module {
  func.func @main(%logits: tensor<6x7xf64>, %y: tensor<6xi32>) -> tensor<f64> {
    %0 = "tessera.cross_entropy"(%logits, %y) : (tensor<6x7xf64>, tensor<6xi32>) -> tensor<f64>
    return %0 : tensor<f64>
  }
}

// -----

// CASE: mean_64x100_f32
// NOTE: exp/log come from libm: see the generator's docstring.
// RULE: tol:rtol=1e-6,atol=1e-6
// REQUIRES: op=tessera.cross_entropy dtype=f32 level=graph
// INPUT: 0 tensor<64x100xf32> npy:cross_entropy.mean_64x100_f32.input0.npy
// INPUT: 1 tensor<64xi32> hex:0000001f,00000018,0000005e,0000001b,0000000e,0000001f,0000004a,00000044,0000005f,00000006,0000002b,00000062,0000004e,00000056,00000055,00000015,00000042,00000003,00000016,0000003c,00000049,0000004a,0000004f,00000052,00000017,00000052,0000004c,00000014,0000003d,0000001f,00000019,00000047,00000063,00000034,00000004,00000010,00000043,00000062,0000005d,0000001a,00000020,00000057,0000001b,00000004,0000000f,0000001b,0000005a,00000039,00000006,00000038,00000004,00000016,0000004f,00000050,0000000a,0000003f,00000051,0000002f,00000006,0000000d,0000005e,00000023,00000025,00000041
// EXPECT: 0 tensor<f32> hex:40da94cd
// GENERATOR: conformance/gen/graph_cross_entropy.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module {
  func.func @main(%logits: tensor<64x100xf32>, %y: tensor<64xi32>) -> tensor<f32> {
    %0 = "tessera.cross_entropy"(%logits, %y) : (tensor<64x100xf32>, tensor<64xi32>) -> tensor<f32>
    return %0 : tensor<f32>
  }
}

// -----

// CASE: mean_64x100_f32_f64ref
// NOTE: Same program against the float64 formula.
// RULE: tol:rtol=1e-5,atol=1e-5
// REQUIRES: op=tessera.cross_entropy dtype=f32 level=graph
// INPUT: 0 tensor<64x100xf32> npy:cross_entropy.mean_64x100_f32_f64ref.input0.npy
// INPUT: 1 tensor<64xi32> hex:0000001f,00000018,0000005e,0000001b,0000000e,0000001f,0000004a,00000044,0000005f,00000006,0000002b,00000062,0000004e,00000056,00000055,00000015,00000042,00000003,00000016,0000003c,00000049,0000004a,0000004f,00000052,00000017,00000052,0000004c,00000014,0000003d,0000001f,00000019,00000047,00000063,00000034,00000004,00000010,00000043,00000062,0000005d,0000001a,00000020,00000057,0000001b,00000004,0000000f,0000001b,0000005a,00000039,00000006,00000038,00000004,00000016,0000004f,00000050,0000000a,0000003f,00000051,0000002f,00000006,0000000d,0000005e,00000023,00000025,00000041
// EXPECT: 0 tensor<f32> hex:40da94cd
// GENERATOR: conformance/gen/graph_cross_entropy.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module {
  func.func @main(%logits: tensor<64x100xf32>, %y: tensor<64xi32>) -> tensor<f32> {
    %0 = "tessera.cross_entropy"(%logits, %y) : (tensor<64x100xf32>, tensor<64xi32>) -> tensor<f32>
    return %0 : tensor<f32>
  }
}
