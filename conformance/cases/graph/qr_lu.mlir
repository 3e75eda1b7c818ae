// tessera.qr (Householder, R's diagonal >= 0) and tessera.lu (partial pivoting).
// Generated file: edit the generator named in each case, then rerun it.

// CASE: qr_f64
// NOTE: numpy.linalg.qr with the sign convention applied.
// RULE: tol:rtol=1e-12,atol=1e-13
// REQUIRES: op=tessera.qr dtype=f64 level=graph
// INPUT: 0 tensor<6x4xf64> hex:3fe8d4e11a38b461,bff6f95860f60582,bfffb3b00e7c5cf9,3fe522227014480b,bfdb7474f9eed6cb,3ff642d8ad6c5676,3fd98b5c4597e0a0,3fe5776a0c9cf741,bfe9112df591677e,bfd02240b3d9b9bf,3fe18830d7c657bd,3ff4ffddc9a999ca,400123018d22b093,3ffc698957a0ba66,3fca4bcc27ad3a94,bfeea5b14f2dc13a,3fb496521f77a226,3ff16026007c1efa,bfe5a70d8430ad49,bfeef7347843911e,bfa06dadc0e2fac1,3fe6eab463355485,bff4f3afa35e76f8,3fe3882e795484d5
// EXPECT: 0 tensor<6x4xf64> hex:3fd4482817b5e738,bfe3b70a9f44bd1b,bfe095e03998a051,3fd24495aee8d7d7,bfc66cafa950f93d,3fe1aab91dcbcd7d,bfba6a6dc9534a52,3fda906dbedad003,bfd47968924b145b,3f9420d04a48a142,3fc11b32d648bd18,3fe2b4c6b413970a,3febfe6aa2b9c92c,3fd52ba2fee3bf50,3fcc701734e6526c,3fcbdaa3fcf2d609,3fa0d0ae11c5b4f3,3fd7e29994b56e10,bfdbf3f1278f9356,bfe1532e4617a4d5,bf8ad635556aba79,3fd082262c7a9a4d,bfe5c49ab2b3dc88,3fd032aad31d8e11
// EXPECT: 1 tensor<4x4xf64> hex:400396d43a792ec4,3feec566a6d7f222,bfe659a5fcbfdd5a,bff34a96eee4fba4,8000000000000000,40069a140eb5c593,3fedbe6059c95201,bfe0ffd257025877,0000000000000000,0000000000000000,400253d166183c10,bfdc40b21f32880c,8000000000000000,8000000000000000,8000000000000000,3ffb442bf06ea1c1
// GENERATOR: conformance/gen/graph_train.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module {
  func.func @main(%a0: tensor<6x4xf64>) -> (tensor<6x4xf64>, tensor<4x4xf64>) {
    %r0, %r1 = tessera.qr %a0 : (tensor<6x4xf64>) -> (tensor<6x4xf64>, tensor<4x4xf64>)
    return %r0, %r1 : tensor<6x4xf64>, tensor<4x4xf64>
  }
}

// -----

// CASE: lu_f64
// NOTE: A float64 numpy replay of partial pivoting; the pivots compared exactly.
// RULE: tol:rtol=1e-12,atol=1e-13
// REQUIRES: op=tessera.lu dtype=f64 level=graph
// INPUT: 0 tensor<5x5xf64> hex:c000f1b5a4d71404,3fedde7a3df079d9,3fe580927ddd739d,bfdcd428c810b4d1,3fe79fa8d0795d69,bfe39531bc2295c6,3ffb0a5f050c4aa4,3fe29bb8814a5a4f,bfec28a85223626c,bff193711bcec934,3fd1298325d6e2e7,bfd269df33e0d00a,bfe641c24877c101,bfa4c659ee9fc029,3f773ac326ffb885,3fedce736af52f51,bff916aed395c480,bfd24259ed651713,3fd1351384994337,3feced139a30259c,bfed81596d4f7a42,bffdd4a966dc0f1e,3fa1007d753df095,3fe560869ccd8c6d,bfd5ab421047dc11
// EXPECT: 0 tensor<5x5xf64> hex:c000f1b5a4d71404,3fedde7a3df079d9,3fe580927ddd739d,bfdcd428c810b4d1,3fe79fa8d0795d69,3fdbdc748547a01e,c0022a84615ff407,bfd0988e264df7ee,3feba6ee1b6278b6,bfe51e5c16f7f788,bfc034b1799217a9,3fb31ceab80f8471,bfe2ea3cb320011e,bfc4c06a227ccbd2,3fc2ff1f0b7d8894,bfdc2542a77fee69,3fe04ffa0f78b933,bfced5a600e26d93,bfda298b7bfebb95,3ff99cc24043eada,3fd27dd8447a2471,bfe404070ab05c20,bfd8612f416d73f5,3fe53825e48e8648,c005d617a2adef80
// EXPECT: 1 tensor<5xi32> hex:00000000,00000004,00000002,00000003,00000004
// GENERATOR: conformance/gen/graph_train.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module {
  func.func @main(%a0: tensor<5x5xf64>) -> (tensor<5x5xf64>, tensor<5xi32>) {
    %r0, %r1 = tessera.lu %a0 : (tensor<5x5xf64>) -> (tensor<5x5xf64>, tensor<5xi32>)
    return %r0, %r1 : tensor<5x5xf64>, tensor<5xi32>
  }
}
