// tessera.uniform: Philox words to [low, high).
// Generated file: edit the generator named in each case, then rerun it.

// CASE: unit_f32
// RULE: bitexact
// REQUIRES: op=tessera.uniform dtype=f32 level=graph
// EXPECT: 0 tensor<8x16xf32> hex:3f1ceaf0,3eefea92,3d95fa80,3eae8566,3f7cdb21,3ea774d8,3f038f5a,3ee89c0c,3f536c02,3f28875d,3f1a4d6d,3f4609a5,3f3ac704,3f2baf0d,3f161e55,3ec21cce,3ea72046,3f56cbae,3ea53e92,3e716088,3ea133b0,3e96416a,3d541b50,3d265340,3e66e4c4,3f3e3e42,3ef557a8,3e3ae2a4,3eb77b06,3ed0f098,3db90338,3e39add4,3f0c4a52,3e09962c,3f67eb75,3eff8792,3e885e50,3ecae4f4,3f37f3ab,3efe2834,3f064dde,3f2a1558,3eaae516,3f25edc6,3ea794fe,3edfb6d6,3e84cf8c,3ee24d6a,3ec2e45c,3e310b90,3ef905e4,3e1f7150,3e60f0b8,3ef2bfaa,3f2b1c28,3da66ba8,3e849c14,3f3a900c,3f641faa,3ed568da,3f3e270a,3eafc232,3f7ced6a,3e6c38dc,3f6ba45c,3e3bd6d4,3eede054,3f75f3e1,3dc5f3a8,3ef05032,3f3cd8b9,3eda3a72,3f2e66f5,3f6d67fd,3f090f4a,3f56725c,3ea7f7b2,3e232b4c,3f733cab,3f5cd347,3eae103a,3f6d1c97,3f6bab5e,3e8ede74,3ec0df00,3ed82464,3ec224f4,3e5f8028,3f6a3fe8,3f21c9b2,3f71250d,3e664744,3e9707ca,3f648def,3e2a707c,3ea4cbb4,3e63091c,3f340c1b,3f441adf,3e638c70,3f3c8483,3dc085d0,3ec39348,3ed9d592,3e0a47c4,3ef9ab24,3e85bdd6,3e9ecb70,3f325bd9,3df14358,3de2e400,3ca6ee00,3ee26130,3f4dda4b,3db53460,3d3e39b0,3e12ea4c,3f7ac46a,3f4a24bb,3f373387,3f055ce3,3f6b9224,3ea0e3b4,3e5a5ba0,3ee45e54,3db5e670,3f7bba1e,3eb3e59a
// GENERATOR: conformance/gen/graph_random.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module {
  func.func @main() -> tensor<8x16xf32> {
    %0 = "tessera.uniform"() {seed = 42} : () -> tensor<8x16xf32>
    return %0 : tensor<8x16xf32>
  }
}

// -----

// CASE: range_stream_f32
// RULE: bitexact
// REQUIRES: op=tessera.uniform dtype=f32 level=graph
// EXPECT: 0 tensor<300xf32> npy:uniform.range_stream_f32.expect0.npy
// GENERATOR: conformance/gen/graph_random.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module {
  func.func @main() -> tensor<300xf32> {
    %0 = "tessera.uniform"() {seed = 42, stream = 7, low = -3.0, high = 5.0} : () -> tensor<300xf32>
    return %0 : tensor<300xf32>
  }
}

// -----

// CASE: negative_seed_f64
// NOTE: The seed's 64 bits are taken as two's complement; f64 uses 53-bit uniforms.
// RULE: bitexact
// REQUIRES: op=tessera.uniform dtype=f64 level=graph
// EXPECT: 0 tensor<5x5xf64> hex:3ff72a47702a8e8e,3ff9f41b0044f334,3ff19fed5096cfc0,3ff9d2c02f3fd0af,3ff1762528de7b0c,3ffe2c154b31c721,3ff8e8fd015ca3dc,3ff573ce1b2724e0,3ff99f01ff90224c,3ffe90e8b6d822c4,3ff6e5f04faed058,3ffe4108c68104ea,3ff63d996e8cc7b0,3ffd3cbb67956422,3ff6e20f2b828074,3ff90c1784b9eac9,3ffdb1963cf471fe,3ff0099422376bd0,3ff25b35652b9b5c,3ffe765fa85e3f0e,3ff954520a4efaf8,3ffead4b19d2da98,3ff8d405e3c6c020,3fffed7fc3caaa8c,3ffcfa0d86f926ce
// GENERATOR: conformance/gen/graph_random.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module {
  func.func @main() -> tensor<5x5xf64> {
    %0 = "tessera.uniform"() {seed = -1, low = 1.0, high = 2.0} : () -> tensor<5x5xf64>
    return %0 : tensor<5x5xf64>
  }
}

// -----

// CASE: range_bf16
// NOTE: Computed in f32, rounded once to bf16.
// RULE: bitexact
// REQUIRES: op=tessera.uniform dtype=bf16 level=graph
// EXPECT: 0 tensor<4x33xbf16> hex:bee6,bf31,3ca3,3f58,bf70,3fe1,3f67,3eaa,3f51,bf8d,bf4c,3d72,3e8a,3eb0,bf5e,be5c,bdd9,bfae,bcfa,bdb6,3fe2,bf52,bece,bff3,bfc4,3ff8,3e83,3ec2,3fd0,3dfe,be66,3f8f,3ec4,3f39,bf01,bf44,3e39,bf08,3e44,be82,bea9,3ed5,3fd2,3f41,bebd,3f1b,bfa2,bfe9,3f73,3f15,3eb0,bfa7,be00,3e02,bdb4,3f82,bfda,3f90,3ffb,be35,3fd5,3fb8,bfc1,bfc1,bdf0,3f19,bff1,bfa1,bfc9,bfef,3fb8,bef4,3f11,3e91,bfb3,bfa5,bfeb,3f88,bfa6,3f38,3e73,bf87,bffa,bfe0,beee,3f8f,3ffc,3f92,bdee,3f8d,bfea,bf86,3ef8,3f3c,bef9,beee,bf64,bfea,3fa0,3f52,3fb8,bfce,3ec1,3f11,bee2,bfba,bf29,3dc2,bfcf,bfc5,3ee9,3f13,bf0c,3fe9,3ff0,3fb9,bf83,3fff,3f88,be8a,3fa1,3fd5,3eab,3ff8,3f18,3fc0,bffc,3f8b,bffd,3f1f,3f13,bdbc
// GENERATOR: conformance/gen/graph_random.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module {
  func.func @main() -> tensor<4x33xbf16> {
    %0 = "tessera.uniform"() {seed = 5, stream = 1, low = -2.0, high = 2.0} : () -> tensor<4x33xbf16>
    return %0 : tensor<4x33xbf16>
  }
}

// -----

// CASE: offset_operand_f16
// NOTE: stream 2^32 - 2 plus the offset 3 carries into the stream's high word.
// RULE: bitexact
// REQUIRES: op=tessera.uniform dtype=f16 level=graph
// INPUT: 0 tensor<i32> hex:00000003
// EXPECT: 0 tensor<40xf16> hex:3cfc,4830,4023,3f41,4244,455e,48f3,4745,47ca,47bb,3767,3aca,4874,3fba,466b,422e,4233,45c9,3f36,47d5,47a3,455d,48a9,4802,4684,46fd,4433,42e9,46c2,4422,3be3,46f4,4782,3d5e,46de,488e,43ca,4564,4140,41d5
// GENERATOR: conformance/gen/graph_random.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module {
  func.func @main(%step: tensor<i32>) -> tensor<40xf16> {
    %0 = "tessera.uniform"(%step) {seed = 6, stream = 4294967294, low = 0.0, high = 10.0} : (tensor<i32>) -> tensor<40xf16>
    return %0 : tensor<40xf16>
  }
}

// -----

// CASE: rng_uniform_spelling
// NOTE: Upstream's tessera.rng_uniform: tessera.uniform's numbers (misc_random.md).
// RULE: bitexact
// REQUIRES: op=tessera.rng_uniform dtype=f32 level=graph
// EXPECT: 0 tensor<2x3x5xf32> hex:3ecea168,3e92b986,3f4ee81d,3d483490,3e8713e8,3f662b43,3f124f69,3ebf047e,3e177084,3f06472f,3f37f62a,3e89ee6c,3eb81abe,3f53dcc9,3f739910,3f4be7f9,3f13f8b5,3f02049b,3f4ff103,3f59a043,3e1da79c,3f1abfde,3f55b966,3e4aa544,3ef19a76,3eb2425c,3f482bf6,3f264102,3ec98cd2,3d83d768
// GENERATOR: conformance/gen/graph_random.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module {
  func.func @main() -> tensor<2x3x5xf32> {
    %0 = "tessera.rng_uniform"() {shape = [2, 3, 5], seed = 8, stream = 4} : () -> tensor<2x3x5xf32>
    return %0 : tensor<2x3x5xf32>
  }
}
