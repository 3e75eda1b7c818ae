// tessera.rl.ppo_policy_loss, grpo_policy_loss and cispo_policy_loss.
// Generated file: edit the generator named in each case, then rerun it.

// CASE: ppo_mean
// NOTE: Upstream's phase8 ppo entry: the clipped surrogate, mean.
// RULE: tol:rtol=1e-5,atol=1e-6
// REQUIRES: op=tessera.rl.ppo_policy_loss dtype=f32 level=graph
// INPUT: 0 tensor<2x3x5xf32> hex:3e8e407b,3e71472d,3eab9ff4,3f1f6279,bee017c9,3d3bc2c1,bec65505,bea64ebf,3dcf46f2,3d06fc07,bd6ec29e,bf2b24e5,be667759,3f0e73d8,be4bb4ce,bec948fe,beb5a9a2,bb6573f2,3f214014,bf09ca3f,bde20fdc,3e50e269,be90c7d1,be72b788,3e836eeb,bf1f8c9e,bf4f9cfd,3da2faa2,3edd1585,bc097b65
// INPUT: 1 tensor<2x3x5xf32> hex:3ea7ada8,bec71369,bf05b92d,3eef28a5,3d466bf5,be47106d,beebe531,3f1e8898,3cdbd028,bd3f0796,bef0d6ff,3ddf7a12,3e86bc04,bebe89fb,3f1570e6,3e80c440,bf05be38,3f38eb8a,bf301b61,3c145acf,3e80dea5,3f189c14,3d74a3d5,3f811692,bc0b63fd,3dfc0af3,3e0f58dc,be4ba227,bed26e48,bccec35e
// INPUT: 2 tensor<2x3x5xf32> hex:3e4fb434,bfb0acfb,3f48fbee,bf8fc7a8,3f8c714e,bdf3d3a4,3ee670a9,bf0206a9,bf3aa5ec,3f5c959f,3ed7364f,bfcb2491,becb446d,bff3b378,bec07ff3,3ce95ce8,3ff0f780,bf3ac4df,bf75edea,3f742a2f,3fd2d023,3ecc3c81,bef24351,3f01d893,be09c006,bf59b155,bf11961c,3fcc3a54,bf1a4940,bf344a31
// EXPECT: 0 tensor<f32> hex:3ea938d4
// GENERATOR: conformance/gen/graph_train.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module {
  func.func @main(%a0: tensor<2x3x5xf32>, %a1: tensor<2x3x5xf32>, %a2: tensor<2x3x5xf32>) -> (tensor<f32>) {
    %r0 = tessera.rl.ppo_policy_loss %a0, %a1, %a2 {clip_epsilon = 2.0e-01 : f64, reduction = "mean"} : (tensor<2x3x5xf32>, tensor<2x3x5xf32>, tensor<2x3x5xf32>) -> (tensor<f32>)
    return %r0 : tensor<f32>
  }
}

// -----

// CASE: ppo_masked_none
// NOTE: A mask operand, per-element losses.
// RULE: tol:rtol=1e-5,atol=1e-6
// REQUIRES: op=tessera.rl.ppo_policy_loss dtype=f32 level=graph
// INPUT: 0 tensor<2x3x5xf32> hex:3e8e407b,3e71472d,3eab9ff4,3f1f6279,bee017c9,3d3bc2c1,bec65505,bea64ebf,3dcf46f2,3d06fc07,bd6ec29e,bf2b24e5,be667759,3f0e73d8,be4bb4ce,bec948fe,beb5a9a2,bb6573f2,3f214014,bf09ca3f,bde20fdc,3e50e269,be90c7d1,be72b788,3e836eeb,bf1f8c9e,bf4f9cfd,3da2faa2,3edd1585,bc097b65
// INPUT: 1 tensor<2x3x5xf32> hex:3ea7ada8,bec71369,bf05b92d,3eef28a5,3d466bf5,be47106d,beebe531,3f1e8898,3cdbd028,bd3f0796,bef0d6ff,3ddf7a12,3e86bc04,bebe89fb,3f1570e6,3e80c440,bf05be38,3f38eb8a,bf301b61,3c145acf,3e80dea5,3f189c14,3d74a3d5,3f811692,bc0b63fd,3dfc0af3,3e0f58dc,be4ba227,bed26e48,bccec35e
// INPUT: 2 tensor<2x3x5xf32> hex:3e4fb434,bfb0acfb,3f48fbee,bf8fc7a8,3f8c714e,bdf3d3a4,3ee670a9,bf0206a9,bf3aa5ec,3f5c959f,3ed7364f,bfcb2491,becb446d,bff3b378,bec07ff3,3ce95ce8,3ff0f780,bf3ac4df,bf75edea,3f742a2f,3fd2d023,3ecc3c81,bef24351,3f01d893,be09c006,bf59b155,bf11961c,3fcc3a54,bf1a4940,bf344a31
// INPUT: 3 tensor<2x3x5xf32> hex:3f800000,3f800000,3f800000,3f800000,3f800000,00000000,00000000,3f800000,3f800000,3f800000,00000000,00000000,00000000,3f800000,3f800000,00000000,3f800000,3f800000,00000000,3f800000,3f800000,3f800000,00000000,3f800000,3f800000,3f800000,3f800000,3f800000,00000000,3f800000
// EXPECT: 0 tensor<2x3x5xf32> hex:be45a41c,4024f1e8,bf712e51,3fa7f7ca,bf2cbef4,00000000,80000000,3ed00aa8,3f490f4b,bf6edbf0,80000000,00000000,00000000,409a3329,3e99fff6,80000000,c00e787c,3f156a4c,00000000,bf0d4089,bf92c60a,be89fbcf,00000000,be157904,3e339607,3f2e2777,3ee8f02d,bff512cb,00000000,3f375a67
// GENERATOR: conformance/gen/graph_train.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module {
  func.func @main(%a0: tensor<2x3x5xf32>, %a1: tensor<2x3x5xf32>, %a2: tensor<2x3x5xf32>, %a3: tensor<2x3x5xf32>) -> (tensor<2x3x5xf32>) {
    %r0 = tessera.rl.ppo_policy_loss %a0, %a1, %a2, %a3 {reduction = "none", operandSegmentSizes = array<i32: 1, 1, 1, 1, 0, 0>} : (tensor<2x3x5xf32>, tensor<2x3x5xf32>, tensor<2x3x5xf32>, tensor<2x3x5xf32>) -> (tensor<2x3x5xf32>)
    return %r0 : tensor<2x3x5xf32>
  }
}

// -----

// CASE: grpo_sum
// NOTE: Advantages normalised over axis 1 (population variance, eps 1e-8).
// RULE: tol:rtol=1e-5,atol=1e-6
// REQUIRES: op=tessera.rl.grpo_policy_loss dtype=f32 level=graph
// INPUT: 0 tensor<2x3x5xf32> hex:3e8e407b,3e71472d,3eab9ff4,3f1f6279,bee017c9,3d3bc2c1,bec65505,bea64ebf,3dcf46f2,3d06fc07,bd6ec29e,bf2b24e5,be667759,3f0e73d8,be4bb4ce,bec948fe,beb5a9a2,bb6573f2,3f214014,bf09ca3f,bde20fdc,3e50e269,be90c7d1,be72b788,3e836eeb,bf1f8c9e,bf4f9cfd,3da2faa2,3edd1585,bc097b65
// INPUT: 1 tensor<2x3x5xf32> hex:3ea7ada8,bec71369,bf05b92d,3eef28a5,3d466bf5,be47106d,beebe531,3f1e8898,3cdbd028,bd3f0796,bef0d6ff,3ddf7a12,3e86bc04,bebe89fb,3f1570e6,3e80c440,bf05be38,3f38eb8a,bf301b61,3c145acf,3e80dea5,3f189c14,3d74a3d5,3f811692,bc0b63fd,3dfc0af3,3e0f58dc,be4ba227,bed26e48,bccec35e
// INPUT: 2 tensor<2x3x5xf32> hex:3e4fb434,bfb0acfb,3f48fbee,bf8fc7a8,3f8c714e,bdf3d3a4,3ee670a9,bf0206a9,bf3aa5ec,3f5c959f,3ed7364f,bfcb2491,becb446d,bff3b378,bec07ff3,3ce95ce8,3ff0f780,bf3ac4df,bf75edea,3f742a2f,3fd2d023,3ecc3c81,bef24351,3f01d893,be09c006,bf59b155,bf11961c,3fcc3a54,bf1a4940,bf344a31
// EXPECT: 0 tensor<f32> hex:40b4ce1b
// GENERATOR: conformance/gen/graph_train.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module {
  func.func @main(%a0: tensor<2x3x5xf32>, %a1: tensor<2x3x5xf32>, %a2: tensor<2x3x5xf32>) -> (tensor<f32>) {
    %r0 = tessera.rl.grpo_policy_loss %a0, %a1, %a2 {group_axis = 1 : i64, reduction = "sum"} : (tensor<2x3x5xf32>, tensor<2x3x5xf32>, tensor<2x3x5xf32>) -> (tensor<f32>)
    return %r0 : tensor<f32>
  }
}

// -----

// CASE: cispo_mean
// NOTE: Groups along the last axis.
// RULE: tol:rtol=1e-5,atol=1e-6
// REQUIRES: op=tessera.rl.cispo_policy_loss dtype=f32 level=graph
// INPUT: 0 tensor<2x3x5xf32> hex:3e8e407b,3e71472d,3eab9ff4,3f1f6279,bee017c9,3d3bc2c1,bec65505,bea64ebf,3dcf46f2,3d06fc07,bd6ec29e,bf2b24e5,be667759,3f0e73d8,be4bb4ce,bec948fe,beb5a9a2,bb6573f2,3f214014,bf09ca3f,bde20fdc,3e50e269,be90c7d1,be72b788,3e836eeb,bf1f8c9e,bf4f9cfd,3da2faa2,3edd1585,bc097b65
// INPUT: 1 tensor<2x3x5xf32> hex:3ea7ada8,bec71369,bf05b92d,3eef28a5,3d466bf5,be47106d,beebe531,3f1e8898,3cdbd028,bd3f0796,bef0d6ff,3ddf7a12,3e86bc04,bebe89fb,3f1570e6,3e80c440,bf05be38,3f38eb8a,bf301b61,3c145acf,3e80dea5,3f189c14,3d74a3d5,3f811692,bc0b63fd,3dfc0af3,3e0f58dc,be4ba227,bed26e48,bccec35e
// INPUT: 2 tensor<2x3x5xf32> hex:3e4fb434,bfb0acfb,3f48fbee,bf8fc7a8,3f8c714e,bdf3d3a4,3ee670a9,bf0206a9,bf3aa5ec,3f5c959f,3ed7364f,bfcb2491,becb446d,bff3b378,bec07ff3,3ce95ce8,3ff0f780,bf3ac4df,bf75edea,3f742a2f,3fd2d023,3ecc3c81,bef24351,3f01d893,be09c006,bf59b155,bf11961c,3fcc3a54,bf1a4940,bf344a31
// EXPECT: 0 tensor<f32> hex:3e5d5c55
// GENERATOR: conformance/gen/graph_train.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module {
  func.func @main(%a0: tensor<2x3x5xf32>, %a1: tensor<2x3x5xf32>, %a2: tensor<2x3x5xf32>) -> (tensor<f32>) {
    %r0 = tessera.rl.cispo_policy_loss %a0, %a1, %a2 {group_axis = -1 : i64, epsilon_high = 5.0 : f64} : (tensor<2x3x5xf32>, tensor<2x3x5xf32>, tensor<2x3x5xf32>) -> (tensor<f32>)
    return %r0 : tensor<f32>
  }
}
