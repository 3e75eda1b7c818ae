// tessera.loss.mse_backward, binary_cross_entropy_backward and the axis-general tessera.loss.cross_entropy.
// Generated file: edit the generator named in each case, then rerun it.

// CASE: mse_backward_mean
// RULE: tol:rtol=1e-5,atol=1e-6
// REQUIRES: op=tessera.loss.mse_backward dtype=f32 level=graph
// INPUT: 0 tensor<4x5xf32> hex:bfa4327a,3ebadae4,3f9c4030,bf637f0c,c010576f,3f3aaf8b,3e359658,3e5cb3d5,3faa4773,3e74ca30,3f026244,3f0d0bb5,bf689d74,3f0101e4,3fc1b30c,beba2e97,be01377f,3f2797a0,3ebfc62c,3f1836f7
// INPUT: 1 tensor<4x5xf32> hex:3f3a0cf8,3fe5bd20,bf969d4c,c00dfe4b,bd1d875d,3f84a67f,3eec3f1a,bf4ffbe9,bf910676,3f1b9483,bf658302,3fa948bb,3f1c6d74,bf1f59ed,3da1e27b,be8e4c59,bf4d3549,bd3d2a46,4019c146,bfc06da2
// INPUT: 2 tensor<f32> hex:3f400000
// EXPECT: 0 tensor<4x5xf32> hex:be1a5560,bddba148,3e381e7e,3dcc4946,be2a4195,bcbcad14,bcae8b1e,3d9de552,3e3d2ebf,bce284b7,3dd7eff7,bd6d06e8,bde96cf2,3dad03e4,3ddc4c45,bbd2a45d,3d4f7c18,3d574c52,be1bbd67,3e211f12
// EXPECT: 1 tensor<4x5xf32> hex:3e1a5560,3ddba148,be381e7e,bdcc4946,3e2a4195,3cbcad14,3cae8b1e,bd9de552,be3d2ebf,3ce284b7,bdd7eff7,3d6d06e8,3de96cf2,bdad03e4,bddc4c45,3bd2a45d,bd4f7c18,bd574c52,3e1bbd67,be211f12
// GENERATOR: conformance/gen/graph_train.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module {
  func.func @main(%a0: tensor<4x5xf32>, %a1: tensor<4x5xf32>, %a2: tensor<f32>) -> (tensor<4x5xf32>, tensor<4x5xf32>) {
    %r0, %r1 = "tessera.loss.mse_backward"(%a0, %a1, %a2) {reduction = "mean"} : (tensor<4x5xf32>, tensor<4x5xf32>, tensor<f32>) -> (tensor<4x5xf32>, tensor<4x5xf32>)
    return %r0, %r1 : tensor<4x5xf32>, tensor<4x5xf32>
  }
}

// -----

// CASE: bce_backward_none
// RULE: tol:rtol=1e-5,atol=1e-6
// REQUIRES: op=tessera.loss.binary_cross_entropy_backward dtype=f32 level=graph
// INPUT: 0 tensor<4x5xf32> hex:bfa4327a,3ebadae4,3f9c4030,bf637f0c,c010576f,3f3aaf8b,3e359658,3e5cb3d5,3faa4773,3e74ca30,3f026244,3f0d0bb5,bf689d74,3f0101e4,3fc1b30c,beba2e97,be01377f,3f2797a0,3ebfc62c,3f1836f7
// INPUT: 1 tensor<4x5xf32> hex:3ea3dc26,3e093962,3eeb3fcd,3f375d75,3f0184a6,3e48e4b2,3e765f7b,3f3d8873,3e793c39,3c09d468,3f6bc780,3ef7dd95,3ea7ce57,3ec1df35,3c1eea93,3f0911f7,3f531acb,3f3d9dcb,3eeed684,3f0e7686
// INPUT: 2 tensor<4x5xf32> hex:bf4abe51,3fb23cc0,bef11328,be6a7f13,3fa26b5f,3f86f90f,c01b3c71,3f5f3783,3f5b3a57,3f75081c,bec2e556,bfde5470,bdce9447,3f2a60d0,3f4a0f6e,3ffae434,3ef25187,bf3454c9,3f8d4c78,3f7baadc
// EXPECT: 0 tensor<4x5xf32> hex:3da7004c,3f22a274,be16c6c6,3dc74458,bf058595,3f012816,bf3c87b8,be26b024,3ef00dab,3f07076f,3de70b19,be859dd6,3b85c408,3e26c8f3,3f23a34b,be7b987c,be2c985b,3d6e695d,3e0e84ea,3db103f1
// EXPECT: 1 tensor<4x5xf32> hex:bf8209e6,bf02188a,3f13241e,be50630e,403727bd,bf44db05,3edc39cd,be407082,bf91d1ed,be6a4d41,3e46868a,3f74fd59,bdbbb56f,beabb816,bf98e2f4,3f367777,3d749f3a,3eec1c3c,bed3b2de,bf15a37b
// GENERATOR: conformance/gen/graph_train.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module {
  func.func @main(%a0: tensor<4x5xf32>, %a1: tensor<4x5xf32>, %a2: tensor<4x5xf32>) -> (tensor<4x5xf32>, tensor<4x5xf32>) {
    %r0, %r1 = "tessera.loss.binary_cross_entropy_backward"(%a0, %a1, %a2) {reduction = "none"} : (tensor<4x5xf32>, tensor<4x5xf32>, tensor<4x5xf32>) -> (tensor<4x5xf32>, tensor<4x5xf32>)
    return %r0, %r1 : tensor<4x5xf32>, tensor<4x5xf32>
  }
}

// -----

// CASE: bce_backward_sum_f64
// RULE: tol:rtol=1e-12,atol=1e-14
// REQUIRES: op=tessera.loss.binary_cross_entropy_backward dtype=f64 level=graph
// INPUT: 0 tensor<3x4xf64> hex:c00a09c5eb034da3,bffe7e1b522e53ff,c003544b9a5584a2,3fe86c80db262483,c0152147bd1a42e5,bfff5b6ad57d383b,c0127098e0473e14,c01b4e3dc4afd930,40047be605202ce3,4022edfec9853da9,4012e985faafc930,c015baa3a7c0d89e
// INPUT: 1 tensor<3x4xf64> hex:3fe0f4a8810102a4,3fec937004cb890e,3fda07a5266582e2,3fd1a89f9d855f04,3fb0cd81f5a12f20,3fbce3d888808188,3fe4ccef71c01fac,3fe01d0952c5ecac,3fe81e1f0aeb0db4,3fb0cb7934bc4018,3fd368accc3ab2d6,3fd7f1be9ee5d958
// INPUT: 2 tensor<f64> hex:bfc4c5315d5e187d
// EXPECT: 0 tensor<3x4xf64> hex:3fb477aa4682a38e,3fbfb7cf601127dc,3faafb6a25ae169d,bfb0df0f114014e2,3f8421ff83e3f0b3,bf5c4633b6d91478,3fba97bbbedd49c2,3fb4df5cf561e51f,bf9d02ff86e66e89,bfc367f28d028146,bfbc942354f21231,3faeb8ad322c885d
// EXPECT: 1 tensor<3x4xf64> hex:bfe0e6900840e48e,bfd3cab875a0e0b8,bfd9179806ba4fa4,3fbfb4a45f4ae23b,bfeb6e04a0e28eee,bfd45a5dee9a07f4,bfe7f002571193f2,bff1b92a66ab05bb,3fda975439806436,3ff892cb344abae8,3fe88cfd1481333a,bfec35199b1457f1
// GENERATOR: conformance/gen/graph_train.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module {
  func.func @main(%a0: tensor<3x4xf64>, %a1: tensor<3x4xf64>, %a2: tensor<f64>) -> (tensor<3x4xf64>, tensor<3x4xf64>) {
    %r0, %r1 = "tessera.loss.binary_cross_entropy_backward"(%a0, %a1, %a2) {reduction = "sum"} : (tensor<3x4xf64>, tensor<3x4xf64>, tensor<f64>) -> (tensor<3x4xf64>, tensor<3x4xf64>)
    return %r0, %r1 : tensor<3x4xf64>, tensor<3x4xf64>
  }
}

// -----

// CASE: cross_entropy_smoothed
// NOTE: Classes on axis 1, one ignored position, label smoothing 0.2.
// RULE: tol:rtol=1e-5,atol=1e-6
// REQUIRES: op=tessera.loss.cross_entropy dtype=f32 level=graph
// INPUT: 0 tensor<3x7x2xf32> hex:bf12797b,3f4551f6,3f0e7b4c,3eefb63d,403b1f42,3e32c24d,bfd2e1ab,3f0ad7eb,bfac72ab,beb0ed48,400e427e,bead0214,bfd16e2e,3e7f8355,bd60b8fe,bef1ec11,bf74d63a,bfa37c63,bf6f34e5,bf66117e,3fc5f466,bee9c1eb,bf8459ae,3fb83513,3dbfb607,bf134e78,3fb7ce1b,3e4349a2,3e8b51be,bf5089fd,be96e9e0,be9c3117,bfd007a4,bf2e20dc,3ef27497,bfb4f9f5,3ef9d312,3d167e2b,3fabc2f9,3fa556ee,be58edfc,bfb299ae
// INPUT: 1 tensor<3x2xi64> hex:0000000000000002,0000000000000004,fffffffffffffff9,0000000000000004,0000000000000001,0000000000000002
// EXPECT: 0 tensor<f32> hex:3ff6609a
// GENERATOR: conformance/gen/graph_train.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module {
  func.func @main(%a0: tensor<3x7x2xf32>, %a1: tensor<3x2xi64>) -> (tensor<f32>) {
    %r0 = "tessera.loss.cross_entropy"(%a0, %a1) {axis = 1 : i64, ignore_index = -7 : i64, label_smoothing = 2.0e-1 : f64} : (tensor<3x7x2xf32>, tensor<3x2xi64>) -> (tensor<f32>)
    return %r0 : tensor<f32>
  }
}
