// tessera.svd: one-sided Jacobi; singular values against LAPACK.
// Generated file: edit the generator named in each case, then rerun it.

// CASE: tall6x4_f32
// NOTE: Singular values in decreasing order vs numpy.linalg.svd (float64).
// RULE: tol:rtol=1e-5,atol=1e-5
// REQUIRES: op=tessera.svd dtype=f32 level=graph
// INPUT: 0 tensor<6x4xf32> hex:bec223ee,bf705bf2,3ffc1d00,3f24a7b3,be1cfb94,3eaa0985,bf8a627b,c0185446,3fb6b0c5,bf442d54,be2f1bb6,3e8ade0d,bf982f7d,3c9f113a,3f66918a,3e078489,bf268662,c01af5c9,4007483c,beddf254,be9d74b2,3c92c8f0,3d4947b3,3fa30f3a
// EXPECT: 0 tensor<4xf32> hex:40867aae,40313d62,40036de0,3f1bc930
// GENERATOR: conformance/gen/graph_linalg.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module {
  func.func @main(%a: tensor<6x4xf32>) -> tensor<4xf32> {
    %0:3 = "tessera.svd"(%a) : (tensor<6x4xf32>) -> (tensor<6x4xf32>, tensor<4xf32>, tensor<4x4xf32>)
    return %0#1 : tensor<4xf32>
  }
}

// -----

// CASE: wide3x5_f64
// NOTE: Singular values in decreasing order vs numpy.linalg.svd (float64).
// RULE: tol:rtol=1e-12,atol=1e-12
// REQUIRES: op=tessera.svd dtype=f64 level=graph
// INPUT: 0 tensor<3x5xf64> hex:bfe2deaaf1a58503,3ff4a5a0bfc5a3b6,bff109899bad01fd,bfe7905b5c93dfd8,bfc68775131931b6,bfa3c68143d38c84,bfd5e8cbdcf180a1,3fd45899e78b903c,3ff47ebaa828f715,3feb519095697442,3fc0e6eac157723d,3ff8169002da8c96,bfce15cde9238455,bfe18118086b28e9,bfe8864a5ab024ab
// EXPECT: 0 tensor<3xf64> hex:4006067a90f96c89,3ff1ab20e7db849a,3feb7359b909b1d0
// GENERATOR: conformance/gen/graph_linalg.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module {
  func.func @main(%a: tensor<3x5xf64>) -> tensor<3xf64> {
    %0:3 = "tessera.svd"(%a) : (tensor<3x5xf64>) -> (tensor<3x3xf64>, tensor<3xf64>, tensor<3x5xf64>)
    return %0#1 : tensor<3xf64>
  }
}

// -----

// CASE: batch2x4x4_f32
// NOTE: Singular values in decreasing order vs numpy.linalg.svd (float64).
// RULE: tol:rtol=1e-5,atol=1e-5
// REQUIRES: op=tessera.svd dtype=f32 level=graph
// INPUT: 0 tensor<2x4x4xf32> hex:be84310f,3fa16bd3,bf066c7a,3eed2f1d,bf8a2ea9,bee481a4,3f985032,be2ddf5c,3f3949fb,3fa5bea4,3f96a8a1,bf220534,be63f53e,3ec3762b,bf6b69ca,4017ac23,bf123126,3f30213d,c01f5e0e,3d4570bf,3fa8cbaa,bee035fd,3df9d9fa,3f913754,bf322630,3f91c185,bf8388c5,3f35ca42,beb87c0f,bf376ca2,3f8a629e,3f1b79b1
// EXPECT: 0 tensor<2x4xf32> hex:403daa39,4000d5c0,3fba3f72,3f4e2b3c,40536428,3fd9a46d,3f9a571b,3f357b3b
// GENERATOR: conformance/gen/graph_linalg.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module {
  func.func @main(%a: tensor<2x4x4xf32>) -> tensor<2x4xf32> {
    %0:3 = "tessera.svd"(%a) : (tensor<2x4x4xf32>) -> (tensor<2x4x4xf32>, tensor<2x4xf32>, tensor<2x4x4xf32>)
    return %0#1 : tensor<2x4xf32>
  }
}
