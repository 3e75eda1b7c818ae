// tessera.binary_cross_entropy: logits form, sequential sum, mean or sum.
// Generated file: edit the generator named in each case, then rerun it.

// CASE: mean_f32
// NOTE: Hard 0/1 targets.
// RULE: tol:rtol=1e-5
// REQUIRES: op=tessera.binary_cross_entropy dtype=f32 level=graph
// INPUT: 0 tensor<4x7xf32> hex:c081604a,bffd48a0,c01b08bb,c036a7c8,c071d6aa,c068d0c7,bf8c650c,40a7c525,bf955111,c01450b6,3f297c5c,bfd63f10,3fa71042,be093e8f,c07d3472,3f97b406,c0553a24,c0b7fc8b,bfa6b790,bf37007a,40338714,400ce563,408f2f94,3ed199d6,c0633f94,bfb33776,3f8b807f,4086e1b4
// INPUT: 1 tensor<4x7xf32> hex:3f800000,3f800000,3f800000,3f800000,3f800000,3f800000,3f800000,3f800000,00000000,3f800000,00000000,00000000,3f800000,00000000,3f800000,3f800000,3f800000,00000000,3f800000,3f800000,00000000,00000000,3f800000,3f800000,3f800000,00000000,3f800000,3f800000
// EXPECT: 0 tensor<f32> hex:3fcf1bb9
// GENERATOR: conformance/gen/graph_bce.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module {
  func.func @main(%z: tensor<4x7xf32>, %t: tensor<4x7xf32>) -> tensor<f32> {
    %0 = "tessera.binary_cross_entropy"(%z, %t) : (tensor<4x7xf32>, tensor<4x7xf32>) -> tensor<f32>
    return %0 : tensor<f32>
  }
}

// -----

// CASE: sum_f32
// RULE: tol:rtol=1e-5
// REQUIRES: op=tessera.binary_cross_entropy dtype=f32 level=graph
// INPUT: 0 tensor<4x7xf32> hex:c081604a,bffd48a0,c01b08bb,c036a7c8,c071d6aa,c068d0c7,bf8c650c,40a7c525,bf955111,c01450b6,3f297c5c,bfd63f10,3fa71042,be093e8f,c07d3472,3f97b406,c0553a24,c0b7fc8b,bfa6b790,bf37007a,40338714,400ce563,408f2f94,3ed199d6,c0633f94,bfb33776,3f8b807f,4086e1b4
// INPUT: 1 tensor<4x7xf32> hex:3f800000,3f800000,3f800000,3f800000,3f800000,3f800000,3f800000,3f800000,00000000,3f800000,00000000,00000000,3f800000,00000000,3f800000,3f800000,3f800000,00000000,3f800000,3f800000,00000000,00000000,3f800000,3f800000,3f800000,00000000,3f800000,3f800000
// EXPECT: 0 tensor<f32> hex:42353842
// GENERATOR: conformance/gen/graph_bce.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module {
  func.func @main(%z: tensor<4x7xf32>, %t: tensor<4x7xf32>) -> tensor<f32> {
    %0 = "tessera.binary_cross_entropy"(%z, %t) {reduction = "sum"} : (tensor<4x7xf32>, tensor<4x7xf32>) -> tensor<f32>
    return %0 : tensor<f32>
  }
}

// -----

// CASE: soft_targets_f32
// NOTE: Targets in [0, 1], as label smoothing gives them.
// RULE: tol:rtol=1e-5
// REQUIRES: op=tessera.binary_cross_entropy dtype=f32 level=graph
// INPUT: 0 tensor<4x7xf32> hex:c081604a,bffd48a0,c01b08bb,c036a7c8,c071d6aa,c068d0c7,bf8c650c,40a7c525,bf955111,c01450b6,3f297c5c,bfd63f10,3fa71042,be093e8f,c07d3472,3f97b406,c0553a24,c0b7fc8b,bfa6b790,bf37007a,40338714,400ce563,408f2f94,3ed199d6,c0633f94,bfb33776,3f8b807f,4086e1b4
// INPUT: 1 tensor<4x7xf32> hex:3d852262,3e42eed8,3f51b9ba,3ef63b7a,3f0be447,3f3e92ba,3e2d5c48,3ededc51,3f5cf122,3f2404ed,3f744aac,3f4608a1,3f789ff3,3f4d5192,3d10d3f3,3f138530,3f565b27,3ec53507,3e9394ad,3f614c3f,3e9f15cc,3dc5601b,3e68006e,3ee43e67,3f67c085,3f61f5e0,3caf5cb5,3f21885d
// EXPECT: 0 tensor<f32> hex:3fbf5f3d
// GENERATOR: conformance/gen/graph_bce.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module {
  func.func @main(%z: tensor<4x7xf32>, %t: tensor<4x7xf32>) -> tensor<f32> {
    %0 = "tessera.binary_cross_entropy"(%z, %t) : (tensor<4x7xf32>, tensor<4x7xf32>) -> tensor<f32>
    return %0 : tensor<f32>
  }
}

// -----

// CASE: large_logits_f32
// NOTE: |z| = 80: the naive log(sigmoid(z)) overflows; the stable form gives ~80 per term.
// RULE: tol:rtol=1e-5
// REQUIRES: op=tessera.binary_cross_entropy dtype=f32 level=graph
// INPUT: 0 tensor<6xf32> hex:42a00000,c2a00000,41f00000,c1f00000,00000000,3a83126f
// INPUT: 1 tensor<6xf32> hex:00000000,3f800000,3f800000,00000000,3f800000,00000000
// EXPECT: 0 tensor<f32> hex:43216305
// GENERATOR: conformance/gen/graph_bce.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module {
  func.func @main(%z: tensor<6xf32>, %t: tensor<6xf32>) -> tensor<f32> {
    %0 = "tessera.binary_cross_entropy"(%z, %t) {reduction = "sum"} : (tensor<6xf32>, tensor<6xf32>) -> tensor<f32>
    return %0 : tensor<f32>
  }
}

// -----

// CASE: mean_f64
// RULE: tol:rtol=1e-12
// REQUIRES: op=tessera.binary_cross_entropy dtype=f64 level=graph
// INPUT: 0 tensor<3x5xf64> hex:bfcfd8223644dfd5,4015854d8d871151,c007d6d3e85badc9,4002c9db262a1123,c00e7c1a36d8dc18,c0105aa4d811d88f,3ff8367b0050e7b9,4006d467c0bf7962,401464ef24604718,c0138f906b7af854,4017f73ef533f47c,40138d44cbada339,c011e6a71f38f496,3fcf1701653b64aa,c007296815e780fa
// INPUT: 1 tensor<3x5xf64> hex:3fd2eedb33005472,3fedd8a5007045f9,3fd734d7fb5458f4,3fc313b5da1b8ea4,3fe33abc1e3b7f97,3fedf9906a9a2d8c,3fe1eb67f61885a0,3fab3855fbda5db0,3fd65aa74f5b862a,3fe0aac13d4dc08d,3fc95cbcef1f079c,3fcb3675043eabc8,3fee64e1b991db4d,3feef440ed08a482,3fe276cb2852c1a9
// EXPECT: 0 tensor<f64> hex:4002bcbdffa946f1
// GENERATOR: conformance/gen/graph_bce.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module {
  func.func @main(%z: tensor<3x5xf64>, %t: tensor<3x5xf64>) -> tensor<f64> {
    %0 = "tessera.binary_cross_entropy"(%z, %t) : (tensor<3x5xf64>, tensor<3x5xf64>) -> tensor<f64>
    return %0 : tensor<f64>
  }
}

// -----

// CASE: empty_sum_f32
// NOTE: No elements: the sum is +0.
// RULE: bitexact
// REQUIRES: op=tessera.binary_cross_entropy dtype=f32 level=graph
// INPUT: 0 tensor<0x3xf32> hex:
// INPUT: 1 tensor<0x3xf32> hex:
// EXPECT: 0 tensor<f32> hex:00000000
// GENERATOR: conformance/gen/graph_bce.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module {
  func.func @main(%z: tensor<0x3xf32>, %t: tensor<0x3xf32>) -> tensor<f32> {
    %0 = "tessera.binary_cross_entropy"(%z, %t) {reduction = "sum"} : (tensor<0x3xf32>, tensor<0x3xf32>) -> tensor<f32>
    return %0 : tensor<f32>
  }
}
