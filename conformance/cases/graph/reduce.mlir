// tessera.reduce: sequential folds in row-major order of the reduced elements.
// Generated file: edit the generator named in each case, then rerun it.

// CASE: sum_axis1_f32
// RULE: bitexact
// REQUIRES: op=tessera.reduce dtype=f32 level=graph
// INPUT: 0 tensor<6x10xf32> hex:3b29f644,3fd42897,3f7d6035,3f1ae0f7,3eb9b4f5,c0a18823,3f45215c,3e356c44,4105b218,c2729a55,3dc790b4,4398bb2b,c11aa5bd,c135fc4a,bca44d69,bc0f02d8,411948aa,3dd5291b,c1e44d5e,3cedcb43,41e5d26c,bfc1c9a6,43ba740b,3f6d08a2,bff6a844,4238a020,c0129b65,3cc348c9,3c92fdb9,3c1489e3,c1c20a2c,bb6bef08,bea1c1bb,bd54e2ad,bba85ecf,c2e6662d,c3a445c2,be317ecf,c3876d3c,4085a22b,3fb289a4,41b3ee38,4199464c,3d1a4d0f,42b0a060,4099e016,3f52317a,c442222f,be29c86c,c1d15882,bb8443e8,bf55bfb0,be52c61b,40f746f2,bc281d06,c2cfc024,3c3b00a5,c16cb3ac,3e3a6137,3ca0ae7e
// EXPECT: 0 tensor<6xf32> hex:c2531c86,4384d55e,43dd8493,c437ce85,c42675e5,c2df914a
// GENERATOR: conformance/gen/graph_reduce.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module {
  func.func @main(%x: tensor<6x10xf32>) -> tensor<6xf32> {
    %0 = "tessera.reduce"(%x) {kind = "sum", axes = [1]} : (tensor<6x10xf32>) -> tensor<6xf32>
    return %0 : tensor<6xf32>
  }
}

// -----

// CASE: sum_axis1_f32_f64ref
// NOTE: Same program against float64 numpy with a tolerance.
// RULE: tol:rtol=1e-5,atol=1e-4
// REQUIRES: op=tessera.reduce dtype=f32 level=graph
// INPUT: 0 tensor<6x10xf32> hex:3b29f644,3fd42897,3f7d6035,3f1ae0f7,3eb9b4f5,c0a18823,3f45215c,3e356c44,4105b218,c2729a55,3dc790b4,4398bb2b,c11aa5bd,c135fc4a,bca44d69,bc0f02d8,411948aa,3dd5291b,c1e44d5e,3cedcb43,41e5d26c,bfc1c9a6,43ba740b,3f6d08a2,bff6a844,4238a020,c0129b65,3cc348c9,3c92fdb9,3c1489e3,c1c20a2c,bb6bef08,bea1c1bb,bd54e2ad,bba85ecf,c2e6662d,c3a445c2,be317ecf,c3876d3c,4085a22b,3fb289a4,41b3ee38,4199464c,3d1a4d0f,42b0a060,4099e016,3f52317a,c442222f,be29c86c,c1d15882,bb8443e8,bf55bfb0,be52c61b,40f746f2,bc281d06,c2cfc024,3c3b00a5,c16cb3ac,3e3a6137,3ca0ae7e
// EXPECT: 0 tensor<6xf32> hex:c2531c87,4384d55e,43dd8494,c437ce85,c42675e5,c2df914b
// GENERATOR: conformance/gen/graph_reduce.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module {
  func.func @main(%x: tensor<6x10xf32>) -> tensor<6xf32> {
    %0 = "tessera.reduce"(%x) {kind = "sum", axes = [1]} : (tensor<6x10xf32>) -> tensor<6xf32>
    return %0 : tensor<6xf32>
  }
}

// -----

// CASE: sum_axis0_keepdims_f32
// RULE: bitexact
// REQUIRES: op=tessera.reduce dtype=f32 level=graph
// INPUT: 0 tensor<6x10xf32> hex:3b29f644,3fd42897,3f7d6035,3f1ae0f7,3eb9b4f5,c0a18823,3f45215c,3e356c44,4105b218,c2729a55,3dc790b4,4398bb2b,c11aa5bd,c135fc4a,bca44d69,bc0f02d8,411948aa,3dd5291b,c1e44d5e,3cedcb43,41e5d26c,bfc1c9a6,43ba740b,3f6d08a2,bff6a844,4238a020,c0129b65,3cc348c9,3c92fdb9,3c1489e3,c1c20a2c,bb6bef08,bea1c1bb,bd54e2ad,bba85ecf,c2e6662d,c3a445c2,be317ecf,c3876d3c,4085a22b,3fb289a4,41b3ee38,4199464c,3d1a4d0f,42b0a060,4099e016,3f52317a,c442222f,be29c86c,c1d15882,bb8443e8,bf55bfb0,be52c61b,40f746f2,bc281d06,c2cfc024,3c3b00a5,c16cb3ac,3e3a6137,3ca0ae7e
// EXPECT: 0 tensor<1x10xf32> hex:40bed5d8,43a3a118,43bf6f29,c0085338,42ad6d4d,c32d2a9d,c39fd394,c445cc8f,c3918022,c2a52b9d
// GENERATOR: conformance/gen/graph_reduce.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module {
  func.func @main(%x: tensor<6x10xf32>) -> tensor<1x10xf32> {
    %0 = "tessera.reduce"(%x) {kind = "sum", axes = [0], keepdims = true} : (tensor<6x10xf32>) -> tensor<1x10xf32>
    return %0 : tensor<1x10xf32>
  }
}

// -----

// CASE: sum_axis0_keepdims_f32_f64ref
// NOTE: Same program against float64 numpy with a tolerance.
// RULE: tol:rtol=1e-5,atol=1e-4
// REQUIRES: op=tessera.reduce dtype=f32 level=graph
// INPUT: 0 tensor<6x10xf32> hex:3b29f644,3fd42897,3f7d6035,3f1ae0f7,3eb9b4f5,c0a18823,3f45215c,3e356c44,4105b218,c2729a55,3dc790b4,4398bb2b,c11aa5bd,c135fc4a,bca44d69,bc0f02d8,411948aa,3dd5291b,c1e44d5e,3cedcb43,41e5d26c,bfc1c9a6,43ba740b,3f6d08a2,bff6a844,4238a020,c0129b65,3cc348c9,3c92fdb9,3c1489e3,c1c20a2c,bb6bef08,bea1c1bb,bd54e2ad,bba85ecf,c2e6662d,c3a445c2,be317ecf,c3876d3c,4085a22b,3fb289a4,41b3ee38,4199464c,3d1a4d0f,42b0a060,4099e016,3f52317a,c442222f,be29c86c,c1d15882,bb8443e8,bf55bfb0,be52c61b,40f746f2,bc281d06,c2cfc024,3c3b00a5,c16cb3ac,3e3a6137,3ca0ae7e
// EXPECT: 0 tensor<1x10xf32> hex:40bed5da,43a3a118,43bf6f29,c0085334,42ad6d4d,c32d2a9d,c39fd394,c445cc8f,c3918022,c2a52b9c
// GENERATOR: conformance/gen/graph_reduce.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module {
  func.func @main(%x: tensor<6x10xf32>) -> tensor<1x10xf32> {
    %0 = "tessera.reduce"(%x) {kind = "sum", axes = [0], keepdims = true} : (tensor<6x10xf32>) -> tensor<1x10xf32>
    return %0 : tensor<1x10xf32>
  }
}

// -----

// CASE: sum_all_f32
// NOTE: No axes attribute: every axis is reduced; the result is rank 0.
// RULE: bitexact
// REQUIRES: op=tessera.reduce dtype=f32 level=graph
// INPUT: 0 tensor<6x10xf32> hex:3b29f644,3fd42897,3f7d6035,3f1ae0f7,3eb9b4f5,c0a18823,3f45215c,3e356c44,4105b218,c2729a55,3dc790b4,4398bb2b,c11aa5bd,c135fc4a,bca44d69,bc0f02d8,411948aa,3dd5291b,c1e44d5e,3cedcb43,41e5d26c,bfc1c9a6,43ba740b,3f6d08a2,bff6a844,4238a020,c0129b65,3cc348c9,3c92fdb9,3c1489e3,c1c20a2c,bb6bef08,bea1c1bb,bd54e2ad,bba85ecf,c2e6662d,c3a445c2,be317ecf,c3876d3c,4085a22b,3fb289a4,41b3ee38,4199464c,3d1a4d0f,42b0a060,4099e016,3f52317a,c442222f,be29c86c,c1d15882,bb8443e8,bf55bfb0,be52c61b,40f746f2,bc281d06,c2cfc024,3c3b00a5,c16cb3ac,3e3a6137,3ca0ae7e
// EXPECT: 0 tensor<f32> hex:c4563b63
// GENERATOR: conformance/gen/graph_reduce.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module {
  func.func @main(%x: tensor<6x10xf32>) -> tensor<f32> {
    %0 = "tessera.reduce"(%x) {kind = "sum"} : (tensor<6x10xf32>) -> tensor<f32>
    return %0 : tensor<f32>
  }
}

// -----

// CASE: sum_all_f32_f64ref
// NOTE: Same program against float64 numpy with a tolerance.
// RULE: tol:rtol=1e-5,atol=1e-4
// REQUIRES: op=tessera.reduce dtype=f32 level=graph
// INPUT: 0 tensor<6x10xf32> hex:3b29f644,3fd42897,3f7d6035,3f1ae0f7,3eb9b4f5,c0a18823,3f45215c,3e356c44,4105b218,c2729a55,3dc790b4,4398bb2b,c11aa5bd,c135fc4a,bca44d69,bc0f02d8,411948aa,3dd5291b,c1e44d5e,3cedcb43,41e5d26c,bfc1c9a6,43ba740b,3f6d08a2,bff6a844,4238a020,c0129b65,3cc348c9,3c92fdb9,3c1489e3,c1c20a2c,bb6bef08,bea1c1bb,bd54e2ad,bba85ecf,c2e6662d,c3a445c2,be317ecf,c3876d3c,4085a22b,3fb289a4,41b3ee38,4199464c,3d1a4d0f,42b0a060,4099e016,3f52317a,c442222f,be29c86c,c1d15882,bb8443e8,bf55bfb0,be52c61b,40f746f2,bc281d06,c2cfc024,3c3b00a5,c16cb3ac,3e3a6137,3ca0ae7e
// EXPECT: 0 tensor<f32> hex:c4563b63
// GENERATOR: conformance/gen/graph_reduce.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module {
  func.func @main(%x: tensor<6x10xf32>) -> tensor<f32> {
    %0 = "tessera.reduce"(%x) {kind = "sum"} : (tensor<6x10xf32>) -> tensor<f32>
    return %0 : tensor<f32>
  }
}

// -----

// CASE: mean_axis1_f32
// RULE: bitexact
// REQUIRES: op=tessera.reduce dtype=f32 level=graph
// INPUT: 0 tensor<6x10xf32> hex:3b29f644,3fd42897,3f7d6035,3f1ae0f7,3eb9b4f5,c0a18823,3f45215c,3e356c44,4105b218,c2729a55,3dc790b4,4398bb2b,c11aa5bd,c135fc4a,bca44d69,bc0f02d8,411948aa,3dd5291b,c1e44d5e,3cedcb43,41e5d26c,bfc1c9a6,43ba740b,3f6d08a2,bff6a844,4238a020,c0129b65,3cc348c9,3c92fdb9,3c1489e3,c1c20a2c,bb6bef08,bea1c1bb,bd54e2ad,bba85ecf,c2e6662d,c3a445c2,be317ecf,c3876d3c,4085a22b,3fb289a4,41b3ee38,4199464c,3d1a4d0f,42b0a060,4099e016,3f52317a,c442222f,be29c86c,c1d15882,bb8443e8,bf55bfb0,be52c61b,40f746f2,bc281d06,c2cfc024,3c3b00a5,c16cb3ac,3e3a6137,3ca0ae7e
// EXPECT: 0 tensor<6xf32> hex:c0a8e39e,41d48896,423136dc,c2930b9e,c2852b1e,c132daa2
// GENERATOR: conformance/gen/graph_reduce.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module {
  func.func @main(%x: tensor<6x10xf32>) -> tensor<6xf32> {
    %0 = "tessera.reduce"(%x) {kind = "mean", axes = [1]} : (tensor<6x10xf32>) -> tensor<6xf32>
    return %0 : tensor<6xf32>
  }
}

// -----

// CASE: mean_axis1_f32_f64ref
// NOTE: Same program against float64 numpy with a tolerance.
// RULE: tol:rtol=1e-5,atol=1e-4
// REQUIRES: op=tessera.reduce dtype=f32 level=graph
// INPUT: 0 tensor<6x10xf32> hex:3b29f644,3fd42897,3f7d6035,3f1ae0f7,3eb9b4f5,c0a18823,3f45215c,3e356c44,4105b218,c2729a55,3dc790b4,4398bb2b,c11aa5bd,c135fc4a,bca44d69,bc0f02d8,411948aa,3dd5291b,c1e44d5e,3cedcb43,41e5d26c,bfc1c9a6,43ba740b,3f6d08a2,bff6a844,4238a020,c0129b65,3cc348c9,3c92fdb9,3c1489e3,c1c20a2c,bb6bef08,bea1c1bb,bd54e2ad,bba85ecf,c2e6662d,c3a445c2,be317ecf,c3876d3c,4085a22b,3fb289a4,41b3ee38,4199464c,3d1a4d0f,42b0a060,4099e016,3f52317a,c442222f,be29c86c,c1d15882,bb8443e8,bf55bfb0,be52c61b,40f746f2,bc281d06,c2cfc024,3c3b00a5,c16cb3ac,3e3a6137,3ca0ae7e
// EXPECT: 0 tensor<6xf32> hex:c0a8e39f,41d48896,423136dc,c2930b9d,c2852b1e,c132daa3
// GENERATOR: conformance/gen/graph_reduce.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module {
  func.func @main(%x: tensor<6x10xf32>) -> tensor<6xf32> {
    %0 = "tessera.reduce"(%x) {kind = "mean", axes = [1]} : (tensor<6x10xf32>) -> tensor<6xf32>
    return %0 : tensor<6xf32>
  }
}

// -----

// CASE: mean_axis0_keepdims_f32
// RULE: bitexact
// REQUIRES: op=tessera.reduce dtype=f32 level=graph
// INPUT: 0 tensor<6x10xf32> hex:3b29f644,3fd42897,3f7d6035,3f1ae0f7,3eb9b4f5,c0a18823,3f45215c,3e356c44,4105b218,c2729a55,3dc790b4,4398bb2b,c11aa5bd,c135fc4a,bca44d69,bc0f02d8,411948aa,3dd5291b,c1e44d5e,3cedcb43,41e5d26c,bfc1c9a6,43ba740b,3f6d08a2,bff6a844,4238a020,c0129b65,3cc348c9,3c92fdb9,3c1489e3,c1c20a2c,bb6bef08,bea1c1bb,bd54e2ad,bba85ecf,c2e6662d,c3a445c2,be317ecf,c3876d3c,4085a22b,3fb289a4,41b3ee38,4199464c,3d1a4d0f,42b0a060,4099e016,3f52317a,c442222f,be29c86c,c1d15882,bb8443e8,bf55bfb0,be52c61b,40f746f2,bc281d06,c2cfc024,3c3b00a5,c16cb3ac,3e3a6137,3ca0ae7e
// EXPECT: 0 tensor<1x10xf32> hex:3f7e7275,425a2c20,427f3ee1,beb5c44b,41673c67,c1e6e37c,c2551a1b,c303ddb5,c242002d,c15c3a27
// GENERATOR: conformance/gen/graph_reduce.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module {
  func.func @main(%x: tensor<6x10xf32>) -> tensor<1x10xf32> {
    %0 = "tessera.reduce"(%x) {kind = "mean", axes = [0], keepdims = true} : (tensor<6x10xf32>) -> tensor<1x10xf32>
    return %0 : tensor<1x10xf32>
  }
}

// -----

// CASE: mean_axis0_keepdims_f32_f64ref
// NOTE: Same program against float64 numpy with a tolerance.
// RULE: tol:rtol=1e-5,atol=1e-4
// REQUIRES: op=tessera.reduce dtype=f32 level=graph
// INPUT: 0 tensor<6x10xf32> hex:3b29f644,3fd42897,3f7d6035,3f1ae0f7,3eb9b4f5,c0a18823,3f45215c,3e356c44,4105b218,c2729a55,3dc790b4,4398bb2b,c11aa5bd,c135fc4a,bca44d69,bc0f02d8,411948aa,3dd5291b,c1e44d5e,3cedcb43,41e5d26c,bfc1c9a6,43ba740b,3f6d08a2,bff6a844,4238a020,c0129b65,3cc348c9,3c92fdb9,3c1489e3,c1c20a2c,bb6bef08,bea1c1bb,bd54e2ad,bba85ecf,c2e6662d,c3a445c2,be317ecf,c3876d3c,4085a22b,3fb289a4,41b3ee38,4199464c,3d1a4d0f,42b0a060,4099e016,3f52317a,c442222f,be29c86c,c1d15882,bb8443e8,bf55bfb0,be52c61b,40f746f2,bc281d06,c2cfc024,3c3b00a5,c16cb3ac,3e3a6137,3ca0ae7e
// EXPECT: 0 tensor<1x10xf32> hex:3f7e7277,425a2c20,427f3ee1,beb5c446,41673c66,c1e6e37c,c2551a1b,c303ddb5,c242002d,c15c3a26
// GENERATOR: conformance/gen/graph_reduce.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module {
  func.func @main(%x: tensor<6x10xf32>) -> tensor<1x10xf32> {
    %0 = "tessera.reduce"(%x) {kind = "mean", axes = [0], keepdims = true} : (tensor<6x10xf32>) -> tensor<1x10xf32>
    return %0 : tensor<1x10xf32>
  }
}

// -----

// CASE: mean_all_f32
// NOTE: No axes attribute: every axis is reduced; the result is rank 0.
// RULE: bitexact
// REQUIRES: op=tessera.reduce dtype=f32 level=graph
// INPUT: 0 tensor<6x10xf32> hex:3b29f644,3fd42897,3f7d6035,3f1ae0f7,3eb9b4f5,c0a18823,3f45215c,3e356c44,4105b218,c2729a55,3dc790b4,4398bb2b,c11aa5bd,c135fc4a,bca44d69,bc0f02d8,411948aa,3dd5291b,c1e44d5e,3cedcb43,41e5d26c,bfc1c9a6,43ba740b,3f6d08a2,bff6a844,4238a020,c0129b65,3cc348c9,3c92fdb9,3c1489e3,c1c20a2c,bb6bef08,bea1c1bb,bd54e2ad,bba85ecf,c2e6662d,c3a445c2,be317ecf,c3876d3c,4085a22b,3fb289a4,41b3ee38,4199464c,3d1a4d0f,42b0a060,4099e016,3f52317a,c442222f,be29c86c,c1d15882,bb8443e8,bf55bfb0,be52c61b,40f746f2,bc281d06,c2cfc024,3c3b00a5,c16cb3ac,3e3a6137,3ca0ae7e
// EXPECT: 0 tensor<f32> hex:c164839d
// GENERATOR: conformance/gen/graph_reduce.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module {
  func.func @main(%x: tensor<6x10xf32>) -> tensor<f32> {
    %0 = "tessera.reduce"(%x) {kind = "mean"} : (tensor<6x10xf32>) -> tensor<f32>
    return %0 : tensor<f32>
  }
}

// -----

// CASE: mean_all_f32_f64ref
// NOTE: Same program against float64 numpy with a tolerance.
// RULE: tol:rtol=1e-5,atol=1e-4
// REQUIRES: op=tessera.reduce dtype=f32 level=graph
// INPUT: 0 tensor<6x10xf32> hex:3b29f644,3fd42897,3f7d6035,3f1ae0f7,3eb9b4f5,c0a18823,3f45215c,3e356c44,4105b218,c2729a55,3dc790b4,4398bb2b,c11aa5bd,c135fc4a,bca44d69,bc0f02d8,411948aa,3dd5291b,c1e44d5e,3cedcb43,41e5d26c,bfc1c9a6,43ba740b,3f6d08a2,bff6a844,4238a020,c0129b65,3cc348c9,3c92fdb9,3c1489e3,c1c20a2c,bb6bef08,bea1c1bb,bd54e2ad,bba85ecf,c2e6662d,c3a445c2,be317ecf,c3876d3c,4085a22b,3fb289a4,41b3ee38,4199464c,3d1a4d0f,42b0a060,4099e016,3f52317a,c442222f,be29c86c,c1d15882,bb8443e8,bf55bfb0,be52c61b,40f746f2,bc281d06,c2cfc024,3c3b00a5,c16cb3ac,3e3a6137,3ca0ae7e
// EXPECT: 0 tensor<f32> hex:c164839c
// GENERATOR: conformance/gen/graph_reduce.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module {
  func.func @main(%x: tensor<6x10xf32>) -> tensor<f32> {
    %0 = "tessera.reduce"(%x) {kind = "mean"} : (tensor<6x10xf32>) -> tensor<f32>
    return %0 : tensor<f32>
  }
}

// -----

// CASE: max_axis1_f32
// RULE: bitexact
// REQUIRES: op=tessera.reduce dtype=f32 level=graph
// INPUT: 0 tensor<6x10xf32> hex:3b29f644,3fd42897,3f7d6035,3f1ae0f7,3eb9b4f5,c0a18823,3f45215c,3e356c44,4105b218,c2729a55,3dc790b4,4398bb2b,c11aa5bd,c135fc4a,bca44d69,bc0f02d8,411948aa,3dd5291b,c1e44d5e,3cedcb43,41e5d26c,bfc1c9a6,43ba740b,3f6d08a2,bff6a844,4238a020,c0129b65,3cc348c9,3c92fdb9,3c1489e3,c1c20a2c,bb6bef08,bea1c1bb,bd54e2ad,bba85ecf,c2e6662d,c3a445c2,be317ecf,c3876d3c,4085a22b,3fb289a4,41b3ee38,4199464c,3d1a4d0f,42b0a060,4099e016,3f52317a,c442222f,be29c86c,c1d15882,bb8443e8,bf55bfb0,be52c61b,40f746f2,bc281d06,c2cfc024,3c3b00a5,c16cb3ac,3e3a6137,3ca0ae7e
// EXPECT: 0 tensor<6xf32> hex:4105b218,4398bb2b,43ba740b,4085a22b,42b0a060,40f746f2
// GENERATOR: conformance/gen/graph_reduce.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module {
  func.func @main(%x: tensor<6x10xf32>) -> tensor<6xf32> {
    %0 = "tessera.reduce"(%x) {kind = "max", axes = [1]} : (tensor<6x10xf32>) -> tensor<6xf32>
    return %0 : tensor<6xf32>
  }
}

// -----

// CASE: max_axis1_f32_f64ref
// NOTE: Same program against float64 numpy with a tolerance.
// RULE: tol:rtol=1e-5,atol=1e-4
// REQUIRES: op=tessera.reduce dtype=f32 level=graph
// INPUT: 0 tensor<6x10xf32> hex:3b29f644,3fd42897,3f7d6035,3f1ae0f7,3eb9b4f5,c0a18823,3f45215c,3e356c44,4105b218,c2729a55,3dc790b4,4398bb2b,c11aa5bd,c135fc4a,bca44d69,bc0f02d8,411948aa,3dd5291b,c1e44d5e,3cedcb43,41e5d26c,bfc1c9a6,43ba740b,3f6d08a2,bff6a844,4238a020,c0129b65,3cc348c9,3c92fdb9,3c1489e3,c1c20a2c,bb6bef08,bea1c1bb,bd54e2ad,bba85ecf,c2e6662d,c3a445c2,be317ecf,c3876d3c,4085a22b,3fb289a4,41b3ee38,4199464c,3d1a4d0f,42b0a060,4099e016,3f52317a,c442222f,be29c86c,c1d15882,bb8443e8,bf55bfb0,be52c61b,40f746f2,bc281d06,c2cfc024,3c3b00a5,c16cb3ac,3e3a6137,3ca0ae7e
// EXPECT: 0 tensor<6xf32> hex:4105b218,4398bb2b,43ba740b,4085a22b,42b0a060,40f746f2
// GENERATOR: conformance/gen/graph_reduce.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module {
  func.func @main(%x: tensor<6x10xf32>) -> tensor<6xf32> {
    %0 = "tessera.reduce"(%x) {kind = "max", axes = [1]} : (tensor<6x10xf32>) -> tensor<6xf32>
    return %0 : tensor<6xf32>
  }
}

// -----

// CASE: max_axis0_keepdims_f32
// RULE: bitexact
// REQUIRES: op=tessera.reduce dtype=f32 level=graph
// INPUT: 0 tensor<6x10xf32> hex:3b29f644,3fd42897,3f7d6035,3f1ae0f7,3eb9b4f5,c0a18823,3f45215c,3e356c44,4105b218,c2729a55,3dc790b4,4398bb2b,c11aa5bd,c135fc4a,bca44d69,bc0f02d8,411948aa,3dd5291b,c1e44d5e,3cedcb43,41e5d26c,bfc1c9a6,43ba740b,3f6d08a2,bff6a844,4238a020,c0129b65,3cc348c9,3c92fdb9,3c1489e3,c1c20a2c,bb6bef08,bea1c1bb,bd54e2ad,bba85ecf,c2e6662d,c3a445c2,be317ecf,c3876d3c,4085a22b,3fb289a4,41b3ee38,4199464c,3d1a4d0f,42b0a060,4099e016,3f52317a,c442222f,be29c86c,c1d15882,bb8443e8,bf55bfb0,be52c61b,40f746f2,bc281d06,c2cfc024,3c3b00a5,c16cb3ac,3e3a6137,3ca0ae7e
// EXPECT: 0 tensor<1x10xf32> hex:41e5d26c,4398bb2b,43ba740b,40f746f2,42b0a060,4238a020,411948aa,3e356c44,4105b218,4085a22b
// GENERATOR: conformance/gen/graph_reduce.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module {
  func.func @main(%x: tensor<6x10xf32>) -> tensor<1x10xf32> {
    %0 = "tessera.reduce"(%x) {kind = "max", axes = [0], keepdims = true} : (tensor<6x10xf32>) -> tensor<1x10xf32>
    return %0 : tensor<1x10xf32>
  }
}

// -----

// CASE: max_axis0_keepdims_f32_f64ref
// NOTE: Same program against float64 numpy with a tolerance.
// RULE: tol:rtol=1e-5,atol=1e-4
// REQUIRES: op=tessera.reduce dtype=f32 level=graph
// INPUT: 0 tensor<6x10xf32> hex:3b29f644,3fd42897,3f7d6035,3f1ae0f7,3eb9b4f5,c0a18823,3f45215c,3e356c44,4105b218,c2729a55,3dc790b4,4398bb2b,c11aa5bd,c135fc4a,bca44d69,bc0f02d8,411948aa,3dd5291b,c1e44d5e,3cedcb43,41e5d26c,bfc1c9a6,43ba740b,3f6d08a2,bff6a844,4238a020,c0129b65,3cc348c9,3c92fdb9,3c1489e3,c1c20a2c,bb6bef08,bea1c1bb,bd54e2ad,bba85ecf,c2e6662d,c3a445c2,be317ecf,c3876d3c,4085a22b,3fb289a4,41b3ee38,4199464c,3d1a4d0f,42b0a060,4099e016,3f52317a,c442222f,be29c86c,c1d15882,bb8443e8,bf55bfb0,be52c61b,40f746f2,bc281d06,c2cfc024,3c3b00a5,c16cb3ac,3e3a6137,3ca0ae7e
// EXPECT: 0 tensor<1x10xf32> hex:41e5d26c,4398bb2b,43ba740b,40f746f2,42b0a060,4238a020,411948aa,3e356c44,4105b218,4085a22b
// GENERATOR: conformance/gen/graph_reduce.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module {
  func.func @main(%x: tensor<6x10xf32>) -> tensor<1x10xf32> {
    %0 = "tessera.reduce"(%x) {kind = "max", axes = [0], keepdims = true} : (tensor<6x10xf32>) -> tensor<1x10xf32>
    return %0 : tensor<1x10xf32>
  }
}

// -----

// CASE: max_all_f32
// NOTE: No axes attribute: every axis is reduced; the result is rank 0.
// RULE: bitexact
// REQUIRES: op=tessera.reduce dtype=f32 level=graph
// INPUT: 0 tensor<6x10xf32> hex:3b29f644,3fd42897,3f7d6035,3f1ae0f7,3eb9b4f5,c0a18823,3f45215c,3e356c44,4105b218,c2729a55,3dc790b4,4398bb2b,c11aa5bd,c135fc4a,bca44d69,bc0f02d8,411948aa,3dd5291b,c1e44d5e,3cedcb43,41e5d26c,bfc1c9a6,43ba740b,3f6d08a2,bff6a844,4238a020,c0129b65,3cc348c9,3c92fdb9,3c1489e3,c1c20a2c,bb6bef08,bea1c1bb,bd54e2ad,bba85ecf,c2e6662d,c3a445c2,be317ecf,c3876d3c,4085a22b,3fb289a4,41b3ee38,4199464c,3d1a4d0f,42b0a060,4099e016,3f52317a,c442222f,be29c86c,c1d15882,bb8443e8,bf55bfb0,be52c61b,40f746f2,bc281d06,c2cfc024,3c3b00a5,c16cb3ac,3e3a6137,3ca0ae7e
// EXPECT: 0 tensor<f32> hex:43ba740b
// GENERATOR: conformance/gen/graph_reduce.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module {
  func.func @main(%x: tensor<6x10xf32>) -> tensor<f32> {
    %0 = "tessera.reduce"(%x) {kind = "max"} : (tensor<6x10xf32>) -> tensor<f32>
    return %0 : tensor<f32>
  }
}

// -----

// CASE: max_all_f32_f64ref
// NOTE: Same program against float64 numpy with a tolerance.
// RULE: tol:rtol=1e-5,atol=1e-4
// REQUIRES: op=tessera.reduce dtype=f32 level=graph
// INPUT: 0 tensor<6x10xf32> hex:3b29f644,3fd42897,3f7d6035,3f1ae0f7,3eb9b4f5,c0a18823,3f45215c,3e356c44,4105b218,c2729a55,3dc790b4,4398bb2b,c11aa5bd,c135fc4a,bca44d69,bc0f02d8,411948aa,3dd5291b,c1e44d5e,3cedcb43,41e5d26c,bfc1c9a6,43ba740b,3f6d08a2,bff6a844,4238a020,c0129b65,3cc348c9,3c92fdb9,3c1489e3,c1c20a2c,bb6bef08,bea1c1bb,bd54e2ad,bba85ecf,c2e6662d,c3a445c2,be317ecf,c3876d3c,4085a22b,3fb289a4,41b3ee38,4199464c,3d1a4d0f,42b0a060,4099e016,3f52317a,c442222f,be29c86c,c1d15882,bb8443e8,bf55bfb0,be52c61b,40f746f2,bc281d06,c2cfc024,3c3b00a5,c16cb3ac,3e3a6137,3ca0ae7e
// EXPECT: 0 tensor<f32> hex:43ba740b
// GENERATOR: conformance/gen/graph_reduce.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module {
  func.func @main(%x: tensor<6x10xf32>) -> tensor<f32> {
    %0 = "tessera.reduce"(%x) {kind = "max"} : (tensor<6x10xf32>) -> tensor<f32>
    return %0 : tensor<f32>
  }
}

// -----

// CASE: min_axis1_f32
// RULE: bitexact
// REQUIRES: op=tessera.reduce dtype=f32 level=graph
// INPUT: 0 tensor<6x10xf32> hex:3b29f644,3fd42897,3f7d6035,3f1ae0f7,3eb9b4f5,c0a18823,3f45215c,3e356c44,4105b218,c2729a55,3dc790b4,4398bb2b,c11aa5bd,c135fc4a,bca44d69,bc0f02d8,411948aa,3dd5291b,c1e44d5e,3cedcb43,41e5d26c,bfc1c9a6,43ba740b,3f6d08a2,bff6a844,4238a020,c0129b65,3cc348c9,3c92fdb9,3c1489e3,c1c20a2c,bb6bef08,bea1c1bb,bd54e2ad,bba85ecf,c2e6662d,c3a445c2,be317ecf,c3876d3c,4085a22b,3fb289a4,41b3ee38,4199464c,3d1a4d0f,42b0a060,4099e016,3f52317a,c442222f,be29c86c,c1d15882,bb8443e8,bf55bfb0,be52c61b,40f746f2,bc281d06,c2cfc024,3c3b00a5,c16cb3ac,3e3a6137,3ca0ae7e
// EXPECT: 0 tensor<6xf32> hex:c2729a55,c1e44d5e,c0129b65,c3a445c2,c442222f,c2cfc024
// GENERATOR: conformance/gen/graph_reduce.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module {
  func.func @main(%x: tensor<6x10xf32>) -> tensor<6xf32> {
    %0 = "tessera.reduce"(%x) {kind = "min", axes = [1]} : (tensor<6x10xf32>) -> tensor<6xf32>
    return %0 : tensor<6xf32>
  }
}

// -----

// CASE: min_axis1_f32_f64ref
// NOTE: Same program against float64 numpy with a tolerance.
// RULE: tol:rtol=1e-5,atol=1e-4
// REQUIRES: op=tessera.reduce dtype=f32 level=graph
// INPUT: 0 tensor<6x10xf32> hex:3b29f644,3fd42897,3f7d6035,3f1ae0f7,3eb9b4f5,c0a18823,3f45215c,3e356c44,4105b218,c2729a55,3dc790b4,4398bb2b,c11aa5bd,c135fc4a,bca44d69,bc0f02d8,411948aa,3dd5291b,c1e44d5e,3cedcb43,41e5d26c,bfc1c9a6,43ba740b,3f6d08a2,bff6a844,4238a020,c0129b65,3cc348c9,3c92fdb9,3c1489e3,c1c20a2c,bb6bef08,bea1c1bb,bd54e2ad,bba85ecf,c2e6662d,c3a445c2,be317ecf,c3876d3c,4085a22b,3fb289a4,41b3ee38,4199464c,3d1a4d0f,42b0a060,4099e016,3f52317a,c442222f,be29c86c,c1d15882,bb8443e8,bf55bfb0,be52c61b,40f746f2,bc281d06,c2cfc024,3c3b00a5,c16cb3ac,3e3a6137,3ca0ae7e
// EXPECT: 0 tensor<6xf32> hex:c2729a55,c1e44d5e,c0129b65,c3a445c2,c442222f,c2cfc024
// GENERATOR: conformance/gen/graph_reduce.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module {
  func.func @main(%x: tensor<6x10xf32>) -> tensor<6xf32> {
    %0 = "tessera.reduce"(%x) {kind = "min", axes = [1]} : (tensor<6x10xf32>) -> tensor<6xf32>
    return %0 : tensor<6xf32>
  }
}

// -----

// CASE: min_axis0_keepdims_f32
// RULE: bitexact
// REQUIRES: op=tessera.reduce dtype=f32 level=graph
// INPUT: 0 tensor<6x10xf32> hex:3b29f644,3fd42897,3f7d6035,3f1ae0f7,3eb9b4f5,c0a18823,3f45215c,3e356c44,4105b218,c2729a55,3dc790b4,4398bb2b,c11aa5bd,c135fc4a,bca44d69,bc0f02d8,411948aa,3dd5291b,c1e44d5e,3cedcb43,41e5d26c,bfc1c9a6,43ba740b,3f6d08a2,bff6a844,4238a020,c0129b65,3cc348c9,3c92fdb9,3c1489e3,c1c20a2c,bb6bef08,bea1c1bb,bd54e2ad,bba85ecf,c2e6662d,c3a445c2,be317ecf,c3876d3c,4085a22b,3fb289a4,41b3ee38,4199464c,3d1a4d0f,42b0a060,4099e016,3f52317a,c442222f,be29c86c,c1d15882,bb8443e8,bf55bfb0,be52c61b,40f746f2,bc281d06,c2cfc024,3c3b00a5,c16cb3ac,3e3a6137,3ca0ae7e
// EXPECT: 0 tensor<1x10xf32> hex:c1c20a2c,bfc1c9a6,c11aa5bd,c135fc4a,bff6a844,c2e6662d,c3a445c2,c442222f,c3876d3c,c2729a55
// GENERATOR: conformance/gen/graph_reduce.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module {
  func.func @main(%x: tensor<6x10xf32>) -> tensor<1x10xf32> {
    %0 = "tessera.reduce"(%x) {kind = "min", axes = [0], keepdims = true} : (tensor<6x10xf32>) -> tensor<1x10xf32>
    return %0 : tensor<1x10xf32>
  }
}

// -----

// CASE: min_axis0_keepdims_f32_f64ref
// NOTE: Same program against float64 numpy with a tolerance.
// RULE: tol:rtol=1e-5,atol=1e-4
// REQUIRES: op=tessera.reduce dtype=f32 level=graph
// INPUT: 0 tensor<6x10xf32> hex:3b29f644,3fd42897,3f7d6035,3f1ae0f7,3eb9b4f5,c0a18823,3f45215c,3e356c44,4105b218,c2729a55,3dc790b4,4398bb2b,c11aa5bd,c135fc4a,bca44d69,bc0f02d8,411948aa,3dd5291b,c1e44d5e,3cedcb43,41e5d26c,bfc1c9a6,43ba740b,3f6d08a2,bff6a844,4238a020,c0129b65,3cc348c9,3c92fdb9,3c1489e3,c1c20a2c,bb6bef08,bea1c1bb,bd54e2ad,bba85ecf,c2e6662d,c3a445c2,be317ecf,c3876d3c,4085a22b,3fb289a4,41b3ee38,4199464c,3d1a4d0f,42b0a060,4099e016,3f52317a,c442222f,be29c86c,c1d15882,bb8443e8,bf55bfb0,be52c61b,40f746f2,bc281d06,c2cfc024,3c3b00a5,c16cb3ac,3e3a6137,3ca0ae7e
// EXPECT: 0 tensor<1x10xf32> hex:c1c20a2c,bfc1c9a6,c11aa5bd,c135fc4a,bff6a844,c2e6662d,c3a445c2,c442222f,c3876d3c,c2729a55
// GENERATOR: conformance/gen/graph_reduce.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module {
  func.func @main(%x: tensor<6x10xf32>) -> tensor<1x10xf32> {
    %0 = "tessera.reduce"(%x) {kind = "min", axes = [0], keepdims = true} : (tensor<6x10xf32>) -> tensor<1x10xf32>
    return %0 : tensor<1x10xf32>
  }
}

// -----

// CASE: min_all_f32
// NOTE: No axes attribute: every axis is reduced; the result is rank 0.
// RULE: bitexact
// REQUIRES: op=tessera.reduce dtype=f32 level=graph
// INPUT: 0 tensor<6x10xf32> hex:3b29f644,3fd42897,3f7d6035,3f1ae0f7,3eb9b4f5,c0a18823,3f45215c,3e356c44,4105b218,c2729a55,3dc790b4,4398bb2b,c11aa5bd,c135fc4a,bca44d69,bc0f02d8,411948aa,3dd5291b,c1e44d5e,3cedcb43,41e5d26c,bfc1c9a6,43ba740b,3f6d08a2,bff6a844,4238a020,c0129b65,3cc348c9,3c92fdb9,3c1489e3,c1c20a2c,bb6bef08,bea1c1bb,bd54e2ad,bba85ecf,c2e6662d,c3a445c2,be317ecf,c3876d3c,4085a22b,3fb289a4,41b3ee38,4199464c,3d1a4d0f,42b0a060,4099e016,3f52317a,c442222f,be29c86c,c1d15882,bb8443e8,bf55bfb0,be52c61b,40f746f2,bc281d06,c2cfc024,3c3b00a5,c16cb3ac,3e3a6137,3ca0ae7e
// EXPECT: 0 tensor<f32> hex:c442222f
// GENERATOR: conformance/gen/graph_reduce.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module {
  func.func @main(%x: tensor<6x10xf32>) -> tensor<f32> {
    %0 = "tessera.reduce"(%x) {kind = "min"} : (tensor<6x10xf32>) -> tensor<f32>
    return %0 : tensor<f32>
  }
}

// -----

// CASE: min_all_f32_f64ref
// NOTE: Same program against float64 numpy with a tolerance.
// RULE: tol:rtol=1e-5,atol=1e-4
// REQUIRES: op=tessera.reduce dtype=f32 level=graph
// INPUT: 0 tensor<6x10xf32> hex:3b29f644,3fd42897,3f7d6035,3f1ae0f7,3eb9b4f5,c0a18823,3f45215c,3e356c44,4105b218,c2729a55,3dc790b4,4398bb2b,c11aa5bd,c135fc4a,bca44d69,bc0f02d8,411948aa,3dd5291b,c1e44d5e,3cedcb43,41e5d26c,bfc1c9a6,43ba740b,3f6d08a2,bff6a844,4238a020,c0129b65,3cc348c9,3c92fdb9,3c1489e3,c1c20a2c,bb6bef08,bea1c1bb,bd54e2ad,bba85ecf,c2e6662d,c3a445c2,be317ecf,c3876d3c,4085a22b,3fb289a4,41b3ee38,4199464c,3d1a4d0f,42b0a060,4099e016,3f52317a,c442222f,be29c86c,c1d15882,bb8443e8,bf55bfb0,be52c61b,40f746f2,bc281d06,c2cfc024,3c3b00a5,c16cb3ac,3e3a6137,3ca0ae7e
// EXPECT: 0 tensor<f32> hex:c442222f
// GENERATOR: conformance/gen/graph_reduce.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module {
  func.func @main(%x: tensor<6x10xf32>) -> tensor<f32> {
    %0 = "tessera.reduce"(%x) {kind = "min"} : (tensor<6x10xf32>) -> tensor<f32>
    return %0 : tensor<f32>
  }
}

// -----

// CASE: sum_axes0m1_f32
// NOTE: axes = [0, -1]: reduced elements visited as d0 outer, d2 inner.
// RULE: bitexact
// REQUIRES: op=tessera.reduce dtype=f32 level=graph
// INPUT: 0 tensor<3x4x5xf32> hex:c37d4046,4433813d,c4af40c7,c303fcdc,439758a6,c3b08057,c4812ca2,c31721f9,c41c5ba5,450d297e,43ff77e7,c503d757,43df604b,c49398dd,c497ef2d,c278457f,43ef552f,44a36a33,442bbdf1,42ffd48c,43b2f2e0,44bc2072,c421a154,c342ae6c,c4783249,c3c67bfd,449ede2d,443fe619,4452f486,c445349c,44904998,c4130c80,c3ec069c,c49bc6e3,c474ab87,449079fb,c31565f6,45089bf1,44b60fc5,4491b80d,c45d880b,c3060d2d,c4a32968,4494216d,44756984,440ee9d0,44da67d0,43d704ff,bddafd70,43ba9ef9,c4fd331b,c4bd818d,c2227bdd,42f8a94f,44c1ab07,c439f9d4,c444adc1,44737770,c41b1976,c34221df
// EXPECT: 0 tensor<4xf32> hex:c46019f2,4599922b,c5ed1ba4,45da2f60
// GENERATOR: conformance/gen/graph_reduce.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module {
  func.func @main(%x: tensor<3x4x5xf32>) -> tensor<4xf32> {
    %0 = "tessera.reduce"(%x) {kind = "sum", axes = [0, -1]} : (tensor<3x4x5xf32>) -> tensor<4xf32>
    return %0 : tensor<4xf32>
  }
}

// -----

// CASE: sum_axes0m1_f32_f64ref
// NOTE: Same program against float64 numpy with a tolerance.
// RULE: tol:rtol=1e-5,atol=1e-3
// REQUIRES: op=tessera.reduce dtype=f32 level=graph
// INPUT: 0 tensor<3x4x5xf32> hex:c37d4046,4433813d,c4af40c7,c303fcdc,439758a6,c3b08057,c4812ca2,c31721f9,c41c5ba5,450d297e,43ff77e7,c503d757,43df604b,c49398dd,c497ef2d,c278457f,43ef552f,44a36a33,442bbdf1,42ffd48c,43b2f2e0,44bc2072,c421a154,c342ae6c,c4783249,c3c67bfd,449ede2d,443fe619,4452f486,c445349c,44904998,c4130c80,c3ec069c,c49bc6e3,c474ab87,449079fb,c31565f6,45089bf1,44b60fc5,4491b80d,c45d880b,c3060d2d,c4a32968,4494216d,44756984,440ee9d0,44da67d0,43d704ff,bddafd70,43ba9ef9,c4fd331b,c4bd818d,c2227bdd,42f8a94f,44c1ab07,c439f9d4,c444adc1,44737770,c41b1976,c34221df
// EXPECT: 0 tensor<4xf32> hex:c46019f3,4599922b,c5ed1ba3,45da2f5f
// GENERATOR: conformance/gen/graph_reduce.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module {
  func.func @main(%x: tensor<3x4x5xf32>) -> tensor<4xf32> {
    %0 = "tessera.reduce"(%x) {kind = "sum", axes = [0, -1]} : (tensor<3x4x5xf32>) -> tensor<4xf32>
    return %0 : tensor<4xf32>
  }
}

// -----

// CASE: mean_axes2_0_keepdims_f32
// RULE: bitexact
// REQUIRES: op=tessera.reduce dtype=f32 level=graph
// INPUT: 0 tensor<3x4x5xf32> hex:c37d4046,4433813d,c4af40c7,c303fcdc,439758a6,c3b08057,c4812ca2,c31721f9,c41c5ba5,450d297e,43ff77e7,c503d757,43df604b,c49398dd,c497ef2d,c278457f,43ef552f,44a36a33,442bbdf1,42ffd48c,43b2f2e0,44bc2072,c421a154,c342ae6c,c4783249,c3c67bfd,449ede2d,443fe619,4452f486,c445349c,44904998,c4130c80,c3ec069c,c49bc6e3,c474ab87,449079fb,c31565f6,45089bf1,44b60fc5,4491b80d,c45d880b,c3060d2d,c4a32968,4494216d,44756984,440ee9d0,44da67d0,43d704ff,bddafd70,43ba9ef9,c4fd331b,c4bd818d,c2227bdd,42f8a94f,44c1ab07,c439f9d4,c444adc1,44737770,c41b1976,c34221df
// EXPECT: 0 tensor<1x4x1xf32> hex:c26f0a9c,43a3cf1d,c3fcea49,43e8bb11
// GENERATOR: conformance/gen/graph_reduce.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module {
  func.func @main(%x: tensor<3x4x5xf32>) -> tensor<1x4x1xf32> {
    %0 = "tessera.reduce"(%x) {kind = "mean", axes = [2, 0], keepdims = true} : (tensor<3x4x5xf32>) -> tensor<1x4x1xf32>
    return %0 : tensor<1x4x1xf32>
  }
}

// -----

// CASE: mean_axes2_0_keepdims_f32_f64ref
// NOTE: Same program against float64 numpy with a tolerance.
// RULE: tol:rtol=1e-5,atol=1e-3
// REQUIRES: op=tessera.reduce dtype=f32 level=graph
// INPUT: 0 tensor<3x4x5xf32> hex:c37d4046,4433813d,c4af40c7,c303fcdc,439758a6,c3b08057,c4812ca2,c31721f9,c41c5ba5,450d297e,43ff77e7,c503d757,43df604b,c49398dd,c497ef2d,c278457f,43ef552f,44a36a33,442bbdf1,42ffd48c,43b2f2e0,44bc2072,c421a154,c342ae6c,c4783249,c3c67bfd,449ede2d,443fe619,4452f486,c445349c,44904998,c4130c80,c3ec069c,c49bc6e3,c474ab87,449079fb,c31565f6,45089bf1,44b60fc5,4491b80d,c45d880b,c3060d2d,c4a32968,4494216d,44756984,440ee9d0,44da67d0,43d704ff,bddafd70,43ba9ef9,c4fd331b,c4bd818d,c2227bdd,42f8a94f,44c1ab07,c439f9d4,c444adc1,44737770,c41b1976,c34221df
// EXPECT: 0 tensor<1x4x1xf32> hex:c26f0a9d,43a3cf1d,c3fcea47,43e8bb10
// GENERATOR: conformance/gen/graph_reduce.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module {
  func.func @main(%x: tensor<3x4x5xf32>) -> tensor<1x4x1xf32> {
    %0 = "tessera.reduce"(%x) {kind = "mean", axes = [2, 0], keepdims = true} : (tensor<3x4x5xf32>) -> tensor<1x4x1xf32>
    return %0 : tensor<1x4x1xf32>
  }
}

// -----

// CASE: sum_order_f32
// NOTE: Sequential order: row 0 gives 1.5 + 2^-20 (1e8 + 1 rounds to 1e8), row 1 gives 4
// NOTE: (2^24 + 1 ties to 2^24). numpy's pairwise sum gives 0.50000095 and 5.
// RULE: bitexact
// REQUIRES: op=tessera.reduce dtype=f32 level=graph
// INPUT: 0 tensor<2x8xf32> hex:4cbebc20,3f800000,ccbebc20,3f800000,40400000,35800000,c0400000,3f000000,3f800000,4b800000,3f800000,cb800000,3f800000,3f800000,3f800000,3f800000
// EXPECT: 0 tensor<2xf32> hex:3fc00008,40800000
// GENERATOR: conformance/gen/graph_reduce.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module {
  func.func @main(%x: tensor<2x8xf32>) -> tensor<2xf32> {
    %0 = "tessera.reduce"(%x) {kind = "sum", axes = [1]} : (tensor<2x8xf32>) -> tensor<2xf32>
    return %0 : tensor<2xf32>
  }
}

// -----

// CASE: mean_order_f32
// RULE: bitexact
// REQUIRES: op=tessera.reduce dtype=f32 level=graph
// INPUT: 0 tensor<2x8xf32> hex:4cbebc20,3f800000,ccbebc20,3f800000,40400000,35800000,c0400000,3f000000,3f800000,4b800000,3f800000,cb800000,3f800000,3f800000,3f800000,3f800000
// EXPECT: 0 tensor<2xf32> hex:3e400008,3f000000
// GENERATOR: conformance/gen/graph_reduce.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module {
  func.func @main(%x: tensor<2x8xf32>) -> tensor<2xf32> {
    %0 = "tessera.reduce"(%x) {kind = "mean", axes = [-1]} : (tensor<2x8xf32>) -> tensor<2xf32>
    return %0 : tensor<2xf32>
  }
}

// -----

// CASE: sum_specials_f32
// NOTE: Rows: -0 -0 -0 | +0 -0 +0 | -0 +0 -0 | NaN | Inf and -Inf | Inf | -Inf |
// NOTE: subnormals. A sum of -0s is -0 (the fold starts from the first element).
// RULE: bitexact
// REQUIRES: op=tessera.reduce dtype=f32 level=graph
// INPUT: 0 tensor<8x3xf32> hex:80000000,80000000,80000000,00000000,80000000,00000000,80000000,00000000,80000000,3f800000,7fc00000,40000000,7f800000,3f800000,ff800000,7f800000,40400000,7f800000,ff800000,bf800000,c0000000,00000001,00000001,80000002
// EXPECT: 0 tensor<8xf32> hex:80000000,00000000,00000000,7fc00000,ffc00000,7f800000,ff800000,00000000
// GENERATOR: conformance/gen/graph_reduce.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module {
  func.func @main(%x: tensor<8x3xf32>) -> tensor<8xf32> {
    %0 = "tessera.reduce"(%x) {kind = "sum", axes = [1]} : (tensor<8x3xf32>) -> tensor<8xf32>
    return %0 : tensor<8xf32>
  }
}

// -----

// CASE: mean_specials_f32
// NOTE: Rows: -0 -0 -0 | +0 -0 +0 | -0 +0 -0 | NaN | Inf and -Inf | Inf | -Inf |
// NOTE: subnormals. A sum of -0s is -0 (the fold starts from the first element).
// RULE: bitexact
// REQUIRES: op=tessera.reduce dtype=f32 level=graph
// INPUT: 0 tensor<8x3xf32> hex:80000000,80000000,80000000,00000000,80000000,00000000,80000000,00000000,80000000,3f800000,7fc00000,40000000,7f800000,3f800000,ff800000,7f800000,40400000,7f800000,ff800000,bf800000,c0000000,00000001,00000001,80000002
// EXPECT: 0 tensor<8xf32> hex:80000000,00000000,00000000,7fc00000,ffc00000,7f800000,ff800000,00000000
// GENERATOR: conformance/gen/graph_reduce.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module {
  func.func @main(%x: tensor<8x3xf32>) -> tensor<8xf32> {
    %0 = "tessera.reduce"(%x) {kind = "mean", axes = [1]} : (tensor<8x3xf32>) -> tensor<8xf32>
    return %0 : tensor<8xf32>
  }
}

// -----

// CASE: max_specials_f32
// NOTE: Rows: -0 -0 -0 | +0 -0 +0 | -0 +0 -0 | NaN | Inf and -Inf | Inf | -Inf |
// NOTE: subnormals. A sum of -0s is -0 (the fold starts from the first element).
// RULE: bitexact
// REQUIRES: op=tessera.reduce dtype=f32 level=graph
// INPUT: 0 tensor<8x3xf32> hex:80000000,80000000,80000000,00000000,80000000,00000000,80000000,00000000,80000000,3f800000,7fc00000,40000000,7f800000,3f800000,ff800000,7f800000,40400000,7f800000,ff800000,bf800000,c0000000,00000001,00000001,80000002
// EXPECT: 0 tensor<8xf32> hex:80000000,00000000,00000000,7fc00000,7f800000,7f800000,bf800000,00000001
// GENERATOR: conformance/gen/graph_reduce.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module {
  func.func @main(%x: tensor<8x3xf32>) -> tensor<8xf32> {
    %0 = "tessera.reduce"(%x) {kind = "max", axes = [1]} : (tensor<8x3xf32>) -> tensor<8xf32>
    return %0 : tensor<8xf32>
  }
}

// -----

// CASE: min_specials_f32
// NOTE: Rows: -0 -0 -0 | +0 -0 +0 | -0 +0 -0 | NaN | Inf and -Inf | Inf | -Inf |
// NOTE: subnormals. A sum of -0s is -0 (the fold starts from the first element).
// RULE: bitexact
// REQUIRES: op=tessera.reduce dtype=f32 level=graph
// INPUT: 0 tensor<8x3xf32> hex:80000000,80000000,80000000,00000000,80000000,00000000,80000000,00000000,80000000,3f800000,7fc00000,40000000,7f800000,3f800000,ff800000,7f800000,40400000,7f800000,ff800000,bf800000,c0000000,00000001,00000001,80000002
// EXPECT: 0 tensor<8xf32> hex:80000000,80000000,80000000,7fc00000,ff800000,40400000,ff800000,80000002
// GENERATOR: conformance/gen/graph_reduce.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module {
  func.func @main(%x: tensor<8x3xf32>) -> tensor<8xf32> {
    %0 = "tessera.reduce"(%x) {kind = "min", axes = [1]} : (tensor<8x3xf32>) -> tensor<8xf32>
    return %0 : tensor<8xf32>
  }
}

// -----

// CASE: sum_empty_f32
// NOTE: A reduced dim of size 0.
// RULE: bitexact
// REQUIRES: op=tessera.reduce dtype=f32 level=graph
// INPUT: 0 tensor<3x0xf32> hex:
// EXPECT: 0 tensor<3xf32> hex:00000000,00000000,00000000
// GENERATOR: conformance/gen/graph_reduce.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module {
  func.func @main(%x: tensor<3x0xf32>) -> tensor<3xf32> {
    %0 = "tessera.reduce"(%x) {kind = "sum", axes = [1]} : (tensor<3x0xf32>) -> tensor<3xf32>
    return %0 : tensor<3xf32>
  }
}

// -----

// CASE: mean_empty_f32
// NOTE: A reduced dim of size 0.
// RULE: bitexact
// REQUIRES: op=tessera.reduce dtype=f32 level=graph
// INPUT: 0 tensor<3x0xf32> hex:
// EXPECT: 0 tensor<3xf32> hex:ffc00000,ffc00000,ffc00000
// GENERATOR: conformance/gen/graph_reduce.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module {
  func.func @main(%x: tensor<3x0xf32>) -> tensor<3xf32> {
    %0 = "tessera.reduce"(%x) {kind = "mean", axes = [1]} : (tensor<3x0xf32>) -> tensor<3xf32>
    return %0 : tensor<3xf32>
  }
}

// -----

// CASE: max_empty_f32
// NOTE: A reduced dim of size 0.
// RULE: bitexact
// REQUIRES: op=tessera.reduce dtype=f32 level=graph
// INPUT: 0 tensor<3x0xf32> hex:
// EXPECT: 0 tensor<3xf32> hex:ff800000,ff800000,ff800000
// GENERATOR: conformance/gen/graph_reduce.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module {
  func.func @main(%x: tensor<3x0xf32>) -> tensor<3xf32> {
    %0 = "tessera.reduce"(%x) {kind = "max", axes = [1]} : (tensor<3x0xf32>) -> tensor<3xf32>
    return %0 : tensor<3xf32>
  }
}

// -----

// CASE: min_empty_f32
// NOTE: A reduced dim of size 0.
// RULE: bitexact
// REQUIRES: op=tessera.reduce dtype=f32 level=graph
// INPUT: 0 tensor<3x0xf32> hex:
// EXPECT: 0 tensor<3xf32> hex:7f800000,7f800000,7f800000
// GENERATOR: conformance/gen/graph_reduce.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module {
  func.func @main(%x: tensor<3x0xf32>) -> tensor<3xf32> {
    %0 = "tessera.reduce"(%x) {kind = "min", axes = [1]} : (tensor<3x0xf32>) -> tensor<3xf32>
    return %0 : tensor<3xf32>
  }
}

// -----

// CASE: sum_noaxes_f32
// NOTE: axes = []: nothing is reduced.
// RULE: bitexact
// REQUIRES: op=tessera.reduce dtype=f32 level=graph
// INPUT: 0 tensor<2x3xf32> hex:3b29f644,3fd42897,3f7d6035,3dc790b4,4398bb2b,c11aa5bd
// EXPECT: 0 tensor<2x3xf32> hex:3b29f644,3fd42897,3f7d6035,3dc790b4,4398bb2b,c11aa5bd
// GENERATOR: conformance/gen/graph_reduce.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module {
  func.func @main(%x: tensor<2x3xf32>) -> tensor<2x3xf32> {
    %0 = "tessera.reduce"(%x) {kind = "sum", axes = []} : (tensor<2x3xf32>) -> tensor<2x3xf32>
    return %0 : tensor<2x3xf32>
  }
}

// -----

// CASE: sum_axis1_f64
// RULE: bitexact
// REQUIRES: op=tessera.reduce dtype=f64 level=graph
// INPUT: 0 tensor<5x7xf64> hex:bfc25924a1de1848,41bc61189c2327f7,3ed419ec7f7cea2e,bf9fb9e8caa384dd,c15014aade70904c,3ff57339b8c1168d,3e2f3fa63e8e76de,be5005ebcf9db624,40e6a4d00f3471d0,3f33dc068399ac0b,be62d023979684df,3e5f59c051ee919a,405725bded01538f,4132fe68a5b48f29,3ec3ebf188417f0d,be442c41d2a7dad5,c06eb1d1cfedf420,c0b62330aea0675e,be1dd758d3982447,3f333e0df0d7fd66,406e5ac88e743e0b,3df10bf9b50ae2b2,be192d43e8bf2b25,c02ecfa337726e2e,40b6168040588b65,3ead658074fb3c34,3f8e0be77418e760,3f9034c5909cbbbc,be6846a6eeefe5fa,3e2d5203710315b2,bef67800f1b3b0f4,bee12e7810d93bf2,3fc121dc7e393c2c,bf1fb7de05142a39,c15c1fffcd2eab92
// EXPECT: 0 tensor<5xf64> hex:41bc20c5f1d3f8df,4133b3ebbd39c26a,c0b625e8e5467f09,40b607203d79d25d,c15c1fffc4a0353b
// GENERATOR: conformance/gen/graph_reduce.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module {
  func.func @main(%x: tensor<5x7xf64>) -> tensor<5xf64> {
    %0 = "tessera.reduce"(%x) {kind = "sum", axes = [1]} : (tensor<5x7xf64>) -> tensor<5xf64>
    return %0 : tensor<5xf64>
  }
}

// -----

// CASE: sum_axis1_f64_f64ref
// NOTE: Same program against float64 numpy with a tolerance.
// RULE: tol:rtol=1e-12,atol=1e-300
// REQUIRES: op=tessera.reduce dtype=f64 level=graph
// INPUT: 0 tensor<5x7xf64> hex:bfc25924a1de1848,41bc61189c2327f7,3ed419ec7f7cea2e,bf9fb9e8caa384dd,c15014aade70904c,3ff57339b8c1168d,3e2f3fa63e8e76de,be5005ebcf9db624,40e6a4d00f3471d0,3f33dc068399ac0b,be62d023979684df,3e5f59c051ee919a,405725bded01538f,4132fe68a5b48f29,3ec3ebf188417f0d,be442c41d2a7dad5,c06eb1d1cfedf420,c0b62330aea0675e,be1dd758d3982447,3f333e0df0d7fd66,406e5ac88e743e0b,3df10bf9b50ae2b2,be192d43e8bf2b25,c02ecfa337726e2e,40b6168040588b65,3ead658074fb3c34,3f8e0be77418e760,3f9034c5909cbbbc,be6846a6eeefe5fa,3e2d5203710315b2,bef67800f1b3b0f4,bee12e7810d93bf2,3fc121dc7e393c2c,bf1fb7de05142a39,c15c1fffcd2eab92
// EXPECT: 0 tensor<5xf64> hex:41bc20c5f1d3f8df,4133b3ebbd39c26a,c0b625e8e5467f09,40b607203d79d25d,c15c1fffc4a0353b
// GENERATOR: conformance/gen/graph_reduce.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module {
  func.func @main(%x: tensor<5x7xf64>) -> tensor<5xf64> {
    %0 = "tessera.reduce"(%x) {kind = "sum", axes = [1]} : (tensor<5x7xf64>) -> tensor<5xf64>
    return %0 : tensor<5xf64>
  }
}

// -----

// CASE: mean_axis1_f64
// RULE: bitexact
// REQUIRES: op=tessera.reduce dtype=f64 level=graph
// INPUT: 0 tensor<5x7xf64> hex:bfc25924a1de1848,41bc61189c2327f7,3ed419ec7f7cea2e,bf9fb9e8caa384dd,c15014aade70904c,3ff57339b8c1168d,3e2f3fa63e8e76de,be5005ebcf9db624,40e6a4d00f3471d0,3f33dc068399ac0b,be62d023979684df,3e5f59c051ee919a,405725bded01538f,4132fe68a5b48f29,3ec3ebf188417f0d,be442c41d2a7dad5,c06eb1d1cfedf420,c0b62330aea0675e,be1dd758d3982447,3f333e0df0d7fd66,406e5ac88e743e0b,3df10bf9b50ae2b2,be192d43e8bf2b25,c02ecfa337726e2e,40b6168040588b65,3ead658074fb3c34,3f8e0be77418e760,3f9034c5909cbbbc,be6846a6eeefe5fa,3e2d5203710315b2,bef67800f1b3b0f4,bee12e7810d93bf2,3fc121dc7e393c2c,bf1fb7de05142a39,c15c1fffcd2eab92
// EXPECT: 0 tensor<5xf64> hex:419012ba410b69a4,4106847b2166950b,c0894fe59850912f,40892cb721afcbd8,c130124902a4b0b4
// GENERATOR: conformance/gen/graph_reduce.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module {
  func.func @main(%x: tensor<5x7xf64>) -> tensor<5xf64> {
    %0 = "tessera.reduce"(%x) {kind = "mean", axes = [1]} : (tensor<5x7xf64>) -> tensor<5xf64>
    return %0 : tensor<5xf64>
  }
}

// -----

// CASE: mean_axis1_f64_f64ref
// NOTE: Same program against float64 numpy with a tolerance.
// RULE: tol:rtol=1e-12,atol=1e-300
// REQUIRES: op=tessera.reduce dtype=f64 level=graph
// INPUT: 0 tensor<5x7xf64> hex:bfc25924a1de1848,41bc61189c2327f7,3ed419ec7f7cea2e,bf9fb9e8caa384dd,c15014aade70904c,3ff57339b8c1168d,3e2f3fa63e8e76de,be5005ebcf9db624,40e6a4d00f3471d0,3f33dc068399ac0b,be62d023979684df,3e5f59c051ee919a,405725bded01538f,4132fe68a5b48f29,3ec3ebf188417f0d,be442c41d2a7dad5,c06eb1d1cfedf420,c0b62330aea0675e,be1dd758d3982447,3f333e0df0d7fd66,406e5ac88e743e0b,3df10bf9b50ae2b2,be192d43e8bf2b25,c02ecfa337726e2e,40b6168040588b65,3ead658074fb3c34,3f8e0be77418e760,3f9034c5909cbbbc,be6846a6eeefe5fa,3e2d5203710315b2,bef67800f1b3b0f4,bee12e7810d93bf2,3fc121dc7e393c2c,bf1fb7de05142a39,c15c1fffcd2eab92
// EXPECT: 0 tensor<5xf64> hex:419012ba410b69a4,4106847b2166950b,c0894fe59850912f,40892cb721afcbd8,c130124902a4b0b4
// GENERATOR: conformance/gen/graph_reduce.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module {
  func.func @main(%x: tensor<5x7xf64>) -> tensor<5xf64> {
    %0 = "tessera.reduce"(%x) {kind = "mean", axes = [1]} : (tensor<5x7xf64>) -> tensor<5xf64>
    return %0 : tensor<5xf64>
  }
}

// -----

// CASE: max_axis1_f64
// RULE: bitexact
// REQUIRES: op=tessera.reduce dtype=f64 level=graph
// INPUT: 0 tensor<5x7xf64> hex:bfc25924a1de1848,41bc61189c2327f7,3ed419ec7f7cea2e,bf9fb9e8caa384dd,c15014aade70904c,3ff57339b8c1168d,3e2f3fa63e8e76de,be5005ebcf9db624,40e6a4d00f3471d0,3f33dc068399ac0b,be62d023979684df,3e5f59c051ee919a,405725bded01538f,4132fe68a5b48f29,3ec3ebf188417f0d,be442c41d2a7dad5,c06eb1d1cfedf420,c0b62330aea0675e,be1dd758d3982447,3f333e0df0d7fd66,406e5ac88e743e0b,3df10bf9b50ae2b2,be192d43e8bf2b25,c02ecfa337726e2e,40b6168040588b65,3ead658074fb3c34,3f8e0be77418e760,3f9034c5909cbbbc,be6846a6eeefe5fa,3e2d5203710315b2,bef67800f1b3b0f4,bee12e7810d93bf2,3fc121dc7e393c2c,bf1fb7de05142a39,c15c1fffcd2eab92
// EXPECT: 0 tensor<5xf64> hex:41bc61189c2327f7,4132fe68a5b48f29,406e5ac88e743e0b,40b6168040588b65,3fc121dc7e393c2c
// GENERATOR: conformance/gen/graph_reduce.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module {
  func.func @main(%x: tensor<5x7xf64>) -> tensor<5xf64> {
    %0 = "tessera.reduce"(%x) {kind = "max", axes = [1]} : (tensor<5x7xf64>) -> tensor<5xf64>
    return %0 : tensor<5xf64>
  }
}

// -----

// CASE: max_axis1_f64_f64ref
// NOTE: Same program against float64 numpy with a tolerance.
// RULE: tol:rtol=1e-12,atol=1e-300
// REQUIRES: op=tessera.reduce dtype=f64 level=graph
// INPUT: 0 tensor<5x7xf64> hex:bfc25924a1de1848,41bc61189c2327f7,3ed419ec7f7cea2e,bf9fb9e8caa384dd,c15014aade70904c,3ff57339b8c1168d,3e2f3fa63e8e76de,be5005ebcf9db624,40e6a4d00f3471d0,3f33dc068399ac0b,be62d023979684df,3e5f59c051ee919a,405725bded01538f,4132fe68a5b48f29,3ec3ebf188417f0d,be442c41d2a7dad5,c06eb1d1cfedf420,c0b62330aea0675e,be1dd758d3982447,3f333e0df0d7fd66,406e5ac88e743e0b,3df10bf9b50ae2b2,be192d43e8bf2b25,c02ecfa337726e2e,40b6168040588b65,3ead658074fb3c34,3f8e0be77418e760,3f9034c5909cbbbc,be6846a6eeefe5fa,3e2d5203710315b2,bef67800f1b3b0f4,bee12e7810d93bf2,3fc121dc7e393c2c,bf1fb7de05142a39,c15c1fffcd2eab92
// EXPECT: 0 tensor<5xf64> hex:41bc61189c2327f7,4132fe68a5b48f29,406e5ac88e743e0b,40b6168040588b65,3fc121dc7e393c2c
// GENERATOR: conformance/gen/graph_reduce.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module {
  func.func @main(%x: tensor<5x7xf64>) -> tensor<5xf64> {
    %0 = "tessera.reduce"(%x) {kind = "max", axes = [1]} : (tensor<5x7xf64>) -> tensor<5xf64>
    return %0 : tensor<5xf64>
  }
}

// -----

// CASE: min_axis1_f64
// RULE: bitexact
// REQUIRES: op=tessera.reduce dtype=f64 level=graph
// INPUT: 0 tensor<5x7xf64> hex:bfc25924a1de1848,41bc61189c2327f7,3ed419ec7f7cea2e,bf9fb9e8caa384dd,c15014aade70904c,3ff57339b8c1168d,3e2f3fa63e8e76de,be5005ebcf9db624,40e6a4d00f3471d0,3f33dc068399ac0b,be62d023979684df,3e5f59c051ee919a,405725bded01538f,4132fe68a5b48f29,3ec3ebf188417f0d,be442c41d2a7dad5,c06eb1d1cfedf420,c0b62330aea0675e,be1dd758d3982447,3f333e0df0d7fd66,406e5ac88e743e0b,3df10bf9b50ae2b2,be192d43e8bf2b25,c02ecfa337726e2e,40b6168040588b65,3ead658074fb3c34,3f8e0be77418e760,3f9034c5909cbbbc,be6846a6eeefe5fa,3e2d5203710315b2,bef67800f1b3b0f4,bee12e7810d93bf2,3fc121dc7e393c2c,bf1fb7de05142a39,c15c1fffcd2eab92
// EXPECT: 0 tensor<5xf64> hex:c15014aade70904c,be62d023979684df,c0b62330aea0675e,c02ecfa337726e2e,c15c1fffcd2eab92
// GENERATOR: conformance/gen/graph_reduce.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module {
  func.func @main(%x: tensor<5x7xf64>) -> tensor<5xf64> {
    %0 = "tessera.reduce"(%x) {kind = "min", axes = [1]} : (tensor<5x7xf64>) -> tensor<5xf64>
    return %0 : tensor<5xf64>
  }
}

// -----

// CASE: min_axis1_f64_f64ref
// NOTE: Same program against float64 numpy with a tolerance.
// RULE: tol:rtol=1e-12,atol=1e-300
// REQUIRES: op=tessera.reduce dtype=f64 level=graph
// INPUT: 0 tensor<5x7xf64> hex:bfc25924a1de1848,41bc61189c2327f7,3ed419ec7f7cea2e,bf9fb9e8caa384dd,c15014aade70904c,3ff57339b8c1168d,3e2f3fa63e8e76de,be5005ebcf9db624,40e6a4d00f3471d0,3f33dc068399ac0b,be62d023979684df,3e5f59c051ee919a,405725bded01538f,4132fe68a5b48f29,3ec3ebf188417f0d,be442c41d2a7dad5,c06eb1d1cfedf420,c0b62330aea0675e,be1dd758d3982447,3f333e0df0d7fd66,406e5ac88e743e0b,3df10bf9b50ae2b2,be192d43e8bf2b25,c02ecfa337726e2e,40b6168040588b65,3ead658074fb3c34,3f8e0be77418e760,3f9034c5909cbbbc,be6846a6eeefe5fa,3e2d5203710315b2,bef67800f1b3b0f4,bee12e7810d93bf2,3fc121dc7e393c2c,bf1fb7de05142a39,c15c1fffcd2eab92
// EXPECT: 0 tensor<5xf64> hex:c15014aade70904c,be62d023979684df,c0b62330aea0675e,c02ecfa337726e2e,c15c1fffcd2eab92
// GENERATOR: conformance/gen/graph_reduce.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module {
  func.func @main(%x: tensor<5x7xf64>) -> tensor<5xf64> {
    %0 = "tessera.reduce"(%x) {kind = "min", axes = [1]} : (tensor<5x7xf64>) -> tensor<5xf64>
    return %0 : tensor<5xf64>
  }
}

// -----

// CASE: sum_accum_f64_f32
// NOTE: numeric_policy accum = f64: row 0 is exactly 2^-20 + 2.5 rounded to f32.
// RULE: bitexact
// REQUIRES: op=tessera.reduce dtype=f32 level=graph
// INPUT: 0 tensor<2x8xf32> hex:4cbebc20,3f800000,ccbebc20,3f800000,40400000,35800000,c0400000,3f000000,3f800000,4b800000,3f800000,cb800000,3f800000,3f800000,3f800000,3f800000
// EXPECT: 0 tensor<2xf32> hex:40200004,40c00000
// GENERATOR: conformance/gen/graph_reduce.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module {
  func.func @main(%x: tensor<2x8xf32>) -> tensor<2xf32> {
    %0 = "tessera.reduce"(%x) {kind = "sum", axes = [1], numeric_policy = {accum = "f64"}} : (tensor<2x8xf32>) -> tensor<2xf32>
    return %0 : tensor<2xf32>
  }
}

// -----

// CASE: mean_accum_f32_f64
// NOTE: numeric_policy accum = f32 on f64 data: each element rounds to f32 first.
// RULE: bitexact
// REQUIRES: op=tessera.reduce dtype=f64 level=graph
// INPUT: 0 tensor<5x7xf64> hex:bfc25924a1de1848,41bc61189c2327f7,3ed419ec7f7cea2e,bf9fb9e8caa384dd,c15014aade70904c,3ff57339b8c1168d,3e2f3fa63e8e76de,be5005ebcf9db624,40e6a4d00f3471d0,3f33dc068399ac0b,be62d023979684df,3e5f59c051ee919a,405725bded01538f,4132fe68a5b48f29,3ec3ebf188417f0d,be442c41d2a7dad5,c06eb1d1cfedf420,c0b62330aea0675e,be1dd758d3982447,3f333e0df0d7fd66,406e5ac88e743e0b,3df10bf9b50ae2b2,be192d43e8bf2b25,c02ecfa337726e2e,40b6168040588b65,3ead658074fb3c34,3f8e0be77418e760,3f9034c5909cbbbc,be6846a6eeefe5fa,3e2d5203710315b2,bef67800f1b3b0f4,bee12e7810d93bf2,3fc121dc7e393c2c,bf1fb7de05142a39,c15c1fffcd2eab92
// EXPECT: 0 tensor<7xf64> hex:bf9d5b4ec0000000,4196b4a4a0000000,c04a18a160000000,c0045a00e0000000,c129baab00000000,4032c9fe40000000,c132b353e0000000
// GENERATOR: conformance/gen/graph_reduce.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module {
  func.func @main(%x: tensor<5x7xf64>) -> tensor<7xf64> {
    %0 = "tessera.reduce"(%x) {kind = "mean", axes = [0], numeric_policy = {accum = "f32"}} : (tensor<5x7xf64>) -> tensor<7xf64>
    return %0 : tensor<7xf64>
  }
}

// -----

// CASE: sum_axis1_bf16
// NOTE: bf16 data is widened to f32, summed in f32 and rounded once to bf16.
// RULE: bitexact
// REQUIRES: op=tessera.reduce dtype=bf16 level=graph
// INPUT: 0 tensor<4x9xbf16> hex:c20d,4151,bfee,40d0,41c9,c0b9,40ff,417a,420e,40cc,c155,4166,c0dc,c201,3f81,bf76,4180,c170,40f5,4144,c02d,c1aa,41d5,c21e,c1bc,c17b,41f4,c137,c1b6,40b0,4037,c1ac,41ae,41d5,c0fa,c0f1
// EXPECT: 0 tensor<4xbf16> hex:4274,c1f5,c1cd,c165
// GENERATOR: conformance/gen/graph_reduce.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module {
  func.func @main(%x: tensor<4x9xbf16>) -> tensor<4xbf16> {
    %0 = "tessera.reduce"(%x) {kind = "sum", axes = [1]} : (tensor<4x9xbf16>) -> tensor<4xbf16>
    return %0 : tensor<4xbf16>
  }
}

// -----

// CASE: sum_axis1_64x300_f32
// RULE: bitexact
// REQUIRES: op=tessera.reduce dtype=f32 level=graph
// INPUT: 0 tensor<64x300xf32> npy:reduce.sum_axis1_64x300_f32.input0.npy
// EXPECT: 0 tensor<64xf32> hex:418aad0b,c07502fb,c1867b25,41384bb8,bfc5d2c1,41ecf21d,bf0ce9dc,c1e47dd5,418b9c29,41432cc8,c1a2ce25,c1436def,4015ba24,413623bb,c111abc2,414583ab,40cbe1e0,3fe16385,bf8ade4c,40518dea,c17b2b83,41cbc523,bfd633cf,4114b620,413c013d,c1726839,c1cb341d,c1b32a18,c0d251b3,c20a949e,41f010c9,c17ea41a,401ded18,c0750d16,418843c7,40611dd1,3f8530d9,40b2e8b3,c192452a,418a0c3b,c1855b0b,c13f121d,418d4fa2,41cefc0a,c09bbbe6,c1b7b68e,41298501,3fa01fa0,c1c81d86,41aa38ea,c0d92b98,c19ac3ea,4091d895,411b2f95,4103701a,c18b452a,c0960559,40d3f745,c2339128,bec42376,bf23eaec,41932772,be81aac7,c0cff8b0
// GENERATOR: conformance/gen/graph_reduce.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module {
  func.func @main(%x: tensor<64x300xf32>) -> tensor<64xf32> {
    %0 = "tessera.reduce"(%x) {kind = "sum", axes = [1]} : (tensor<64x300xf32>) -> tensor<64xf32>
    return %0 : tensor<64xf32>
  }
}

// -----

// CASE: sum_axis1_64x300_f32_f64ref
// NOTE: Same program against float64 numpy with a tolerance.
// RULE: tol:rtol=1e-4,atol=1e-4
// REQUIRES: op=tessera.reduce dtype=f32 level=graph
// INPUT: 0 tensor<64x300xf32> npy:reduce.sum_axis1_64x300_f32_f64ref.input0.npy
// EXPECT: 0 tensor<64xf32> hex:418aad10,c0750303,c1867b24,41384bb1,bfc5d2aa,41ecf219,bf0ce9d2,c1e47dd5,418b9c29,41432cbf,c1a2ce28,c1436df5,4015ba20,413623bc,c111abc3,414583aa,40cbe1e2,3fe16356,bf8ade35,40518df8,c17b2b74,41cbc522,bfd633df,4114b61a,413c013b,c1726834,c1cb341c,c1b32a17,c0d251b9,c20a94a4,41f010c4,c17ea40c,401ded17,c0750d1f,418843c5,40611dc9,3f8530c9,40b2e8b1,c192452a,418a0c3b,c1855b0a,c13f121c,418d4f9c,41cefc05,c09bbbdf,c1b7b68e,412984fe,3fa01fe1,c1c81d84,41aa38e9,c0d92b92,c19ac3e7,4091d89b,411b2f96,4103701c,c18b4529,c0960554,40d3f746,c2339127,bec422c9,bf23eade,4193276d,be81ab4a,c0cff8af
// GENERATOR: conformance/gen/graph_reduce.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module {
  func.func @main(%x: tensor<64x300xf32>) -> tensor<64xf32> {
    %0 = "tessera.reduce"(%x) {kind = "sum", axes = [1]} : (tensor<64x300xf32>) -> tensor<64xf32>
    return %0 : tensor<64xf32>
  }
}

// -----

// CASE: max_axis0_64x300_f32
// RULE: bitexact
// REQUIRES: op=tessera.reduce dtype=f32 level=graph
// INPUT: 0 tensor<64x300xf32> npy:reduce.max_axis0_64x300_f32.input0.npy
// EXPECT: 0 tensor<300xf32> npy:reduce.max_axis0_64x300_f32.expect0.npy
// GENERATOR: conformance/gen/graph_reduce.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module {
  func.func @main(%x: tensor<64x300xf32>) -> tensor<300xf32> {
    %0 = "tessera.reduce"(%x) {kind = "max", axes = [0]} : (tensor<64x300xf32>) -> tensor<300xf32>
    return %0 : tensor<300xf32>
  }
}
