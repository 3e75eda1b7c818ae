// tessera.all_reduce: per-rank inputs and expectations (docs/collectives.md).
// Generated file: edit the generator named in each case, then rerun it.

// CASE: sum_8_f32
// NOTE: Inputs are small integers: every fold order gives the same bits.
// RULE: bitexact
// REQUIRES: op=tessera.all_reduce dtype=f32 level=graph mesh=8
// INPUT: 0@0 tensor<3x4xf32> hex:00000000,00000000,40800000,41000000,c1000000,c0c00000,40a00000,41000000,c0800000,c0400000,40c00000,bf800000
// INPUT: 0@1 tensor<3x4xf32> hex:c0800000,40c00000,c0800000,c0000000,40000000,3f800000,c0e00000,c1000000,40c00000,40800000,40c00000,3f800000
// INPUT: 0@2 tensor<3x4xf32> hex:40a00000,c0400000,bf800000,40a00000,c0c00000,c0400000,c0c00000,bf800000,41000000,c0c00000,c0000000,c0000000
// INPUT: 0@3 tensor<3x4xf32> hex:40e00000,c0a00000,00000000,c0800000,c1000000,40800000,c0e00000,c0800000,00000000,00000000,c0e00000,41000000
// INPUT: 0@4 tensor<3x4xf32> hex:40800000,41000000,c0e00000,40800000,c0800000,3f800000,40e00000,c0800000,40800000,c0c00000,c0400000,41000000
// INPUT: 0@5 tensor<3x4xf32> hex:bf800000,00000000,c0800000,c0e00000,bf800000,40000000,bf800000,40a00000,c0000000,40000000,40a00000,40e00000
// INPUT: 0@6 tensor<3x4xf32> hex:bf800000,c1000000,40800000,00000000,40c00000,bf800000,c0000000,c0e00000,bf800000,40000000,40a00000,40c00000
// INPUT: 0@7 tensor<3x4xf32> hex:c0a00000,40000000,40a00000,c0800000,c0400000,40c00000,3f800000,00000000,40400000,00000000,41000000,40800000
// EXPECT: 0 tensor<3x4xf32> hex:40a00000,00000000,c0400000,00000000,c1b00000,40800000,c1200000,c1300000,41600000,c0e00000,41900000,41f80000
// GENERATOR: conformance/gen/mesh_collectives.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module attributes {tessera.mesh = {axes = ["x"], shape = [8]}} {
  func.func @main(%a0: tensor<3x4xf32>) -> tensor<3x4xf32> {
    %r = "tessera.all_reduce"(%a0) {axes = ["x"], op = "sum"} : (tensor<3x4xf32>) -> tensor<3x4xf32>
    return %r : tensor<3x4xf32>
  }
}

// -----

// CASE: sum_2x4_tp_f32
// NOTE: Inputs are small integers: every fold order gives the same bits.
// RULE: bitexact
// REQUIRES: op=tessera.all_reduce dtype=f32 level=graph mesh=8
// INPUT: 0@0 tensor<2x3xf32> hex:c1000000,c0c00000,3f800000,40a00000,c0e00000,40400000
// INPUT: 0@1 tensor<2x3xf32> hex:40800000,40a00000,40c00000,c0a00000,3f800000,40a00000
// INPUT: 0@2 tensor<2x3xf32> hex:c0000000,c0a00000,00000000,c0e00000,c0a00000,40c00000
// INPUT: 0@3 tensor<2x3xf32> hex:40400000,40c00000,40c00000,40c00000,c0400000,00000000
// INPUT: 0@4 tensor<2x3xf32> hex:40000000,c0800000,40e00000,c1000000,40c00000,40000000
// INPUT: 0@5 tensor<2x3xf32> hex:c0800000,40800000,bf800000,40c00000,41000000,c0800000
// INPUT: 0@6 tensor<2x3xf32> hex:bf800000,c0a00000,40400000,40000000,40c00000,40a00000
// INPUT: 0@7 tensor<2x3xf32> hex:41000000,41000000,40e00000,c0c00000,c1000000,00000000
// EXPECT: 0@0 tensor<2x3xf32> hex:c0400000,00000000,41500000,bf800000,c1600000,41600000
// EXPECT: 0@1 tensor<2x3xf32> hex:c0400000,00000000,41500000,bf800000,c1600000,41600000
// EXPECT: 0@2 tensor<2x3xf32> hex:c0400000,00000000,41500000,bf800000,c1600000,41600000
// EXPECT: 0@3 tensor<2x3xf32> hex:c0400000,00000000,41500000,bf800000,c1600000,41600000
// EXPECT: 0@4 tensor<2x3xf32> hex:40a00000,40400000,41800000,c0c00000,41400000,40400000
// EXPECT: 0@5 tensor<2x3xf32> hex:40a00000,40400000,41800000,c0c00000,41400000,40400000
// EXPECT: 0@6 tensor<2x3xf32> hex:40a00000,40400000,41800000,c0c00000,41400000,40400000
// EXPECT: 0@7 tensor<2x3xf32> hex:40a00000,40400000,41800000,c0c00000,41400000,40400000
// GENERATOR: conformance/gen/mesh_collectives.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module attributes {tessera.mesh = {axes = ["dp", "tp"], shape = [2, 4]}} {
  func.func @main(%a0: tensor<2x3xf32>) -> tensor<2x3xf32> {
    %r = "tessera.all_reduce"(%a0) {axes = ["tp"], op = "sum"} : (tensor<2x3xf32>) -> tensor<2x3xf32>
    return %r : tensor<2x3xf32>
  }
}

// -----

// CASE: prod_2x4_tp_f32
// NOTE: Inputs are small integers: every fold order gives the same bits.
// RULE: bitexact
// REQUIRES: op=tessera.all_reduce dtype=f32 level=graph mesh=8
// INPUT: 0@0 tensor<2x3xf32> hex:bf800000,40000000,3f800000,3f000000,3f000000,3f000000
// INPUT: 0@1 tensor<2x3xf32> hex:40000000,c0000000,3f000000,3f800000,3f000000,40000000
// INPUT: 0@2 tensor<2x3xf32> hex:40000000,40000000,3f000000,40000000,c0000000,3f800000
// INPUT: 0@3 tensor<2x3xf32> hex:bf800000,bf800000,3f800000,3f800000,40000000,bf800000
// INPUT: 0@4 tensor<2x3xf32> hex:40000000,40000000,bf800000,c0000000,3f800000,40000000
// INPUT: 0@5 tensor<2x3xf32> hex:3f000000,c0000000,c0000000,bf800000,3f800000,bf800000
// INPUT: 0@6 tensor<2x3xf32> hex:c0000000,3f800000,3f800000,c0000000,3f000000,bf800000
// INPUT: 0@7 tensor<2x3xf32> hex:3f000000,c0000000,3f800000,bf800000,3f000000,3f000000
// EXPECT: 0@0 tensor<2x3xf32> hex:40800000,41000000,3e800000,3f800000,bf800000,bf800000
// EXPECT: 0@1 tensor<2x3xf32> hex:40800000,41000000,3e800000,3f800000,bf800000,bf800000
// EXPECT: 0@2 tensor<2x3xf32> hex:40800000,41000000,3e800000,3f800000,bf800000,bf800000
// EXPECT: 0@3 tensor<2x3xf32> hex:40800000,41000000,3e800000,3f800000,bf800000,bf800000
// EXPECT: 0@4 tensor<2x3xf32> hex:bf800000,41000000,40000000,40800000,3e800000,3f800000
// EXPECT: 0@5 tensor<2x3xf32> hex:bf800000,41000000,40000000,40800000,3e800000,3f800000
// EXPECT: 0@6 tensor<2x3xf32> hex:bf800000,41000000,40000000,40800000,3e800000,3f800000
// EXPECT: 0@7 tensor<2x3xf32> hex:bf800000,41000000,40000000,40800000,3e800000,3f800000
// GENERATOR: conformance/gen/mesh_collectives.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module attributes {tessera.mesh = {axes = ["dp", "tp"], shape = [2, 4]}} {
  func.func @main(%a0: tensor<2x3xf32>) -> tensor<2x3xf32> {
    %r = "tessera.all_reduce"(%a0) {axes = ["tp"], op = "prod"} : (tensor<2x3xf32>) -> tensor<2x3xf32>
    return %r : tensor<2x3xf32>
  }
}

// -----

// CASE: max_2x4_tp_f32
// NOTE: Inputs are small integers: every fold order gives the same bits.
// RULE: bitexact
// REQUIRES: op=tessera.all_reduce dtype=f32 level=graph mesh=8
// INPUT: 0@0 tensor<2x3xf32> hex:40000000,c0e00000,c0000000,40000000,40a00000,c0000000
// INPUT: 0@1 tensor<2x3xf32> hex:c1000000,40800000,00000000,40400000,c0c00000,bf800000
// INPUT: 0@2 tensor<2x3xf32> hex:40e00000,40c00000,c0400000,40000000,c0e00000,40a00000
// INPUT: 0@3 tensor<2x3xf32> hex:c0800000,c0400000,41000000,3f800000,40c00000,c0a00000
// INPUT: 0@4 tensor<2x3xf32> hex:40800000,41000000,c0e00000,c0800000,c0c00000,c0800000
// INPUT: 0@5 tensor<2x3xf32> hex:c0400000,c0e00000,40e00000,c0800000,40e00000,40800000
// INPUT: 0@6 tensor<2x3xf32> hex:c0c00000,40400000,40a00000,c0c00000,c0c00000,c0000000
// INPUT: 0@7 tensor<2x3xf32> hex:c0e00000,bf800000,00000000,40400000,3f800000,bf800000
// EXPECT: 0@0 tensor<2x3xf32> hex:40e00000,40c00000,41000000,40400000,40c00000,40a00000
// EXPECT: 0@1 tensor<2x3xf32> hex:40e00000,40c00000,41000000,40400000,40c00000,40a00000
// EXPECT: 0@2 tensor<2x3xf32> hex:40e00000,40c00000,41000000,40400000,40c00000,40a00000
// EXPECT: 0@3 tensor<2x3xf32> hex:40e00000,40c00000,41000000,40400000,40c00000,40a00000
// EXPECT: 0@4 tensor<2x3xf32> hex:40800000,41000000,40e00000,40400000,40e00000,40800000
// EXPECT: 0@5 tensor<2x3xf32> hex:40800000,41000000,40e00000,40400000,40e00000,40800000
// EXPECT: 0@6 tensor<2x3xf32> hex:40800000,41000000,40e00000,40400000,40e00000,40800000
// EXPECT: 0@7 tensor<2x3xf32> hex:40800000,41000000,40e00000,40400000,40e00000,40800000
// GENERATOR: conformance/gen/mesh_collectives.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module attributes {tessera.mesh = {axes = ["dp", "tp"], shape = [2, 4]}} {
  func.func @main(%a0: tensor<2x3xf32>) -> tensor<2x3xf32> {
    %r = "tessera.all_reduce"(%a0) {axes = ["tp"], op = "max"} : (tensor<2x3xf32>) -> tensor<2x3xf32>
    return %r : tensor<2x3xf32>
  }
}

// -----

// CASE: min_2x4_tp_f32
// NOTE: Inputs are small integers: every fold order gives the same bits.
// RULE: bitexact
// REQUIRES: op=tessera.all_reduce dtype=f32 level=graph mesh=8
// INPUT: 0@0 tensor<2x3xf32> hex:c0a00000,3f800000,bf800000,40c00000,40400000,40800000
// INPUT: 0@1 tensor<2x3xf32> hex:3f800000,c0000000,c0800000,bf800000,3f800000,c0000000
// INPUT: 0@2 tensor<2x3xf32> hex:c0c00000,c0e00000,c1000000,c0a00000,c0000000,c0800000
// INPUT: 0@3 tensor<2x3xf32> hex:c0a00000,c0400000,40800000,c0400000,40e00000,3f800000
// INPUT: 0@4 tensor<2x3xf32> hex:c0c00000,41000000,40c00000,40a00000,c0c00000,40a00000
// INPUT: 0@5 tensor<2x3xf32> hex:40400000,40800000,40800000,40000000,c0400000,40e00000
// INPUT: 0@6 tensor<2x3xf32> hex:41000000,40400000,c0000000,00000000,3f800000,c0e00000
// INPUT: 0@7 tensor<2x3xf32> hex:c0e00000,00000000,3f800000,c0a00000,c0800000,c0c00000
// EXPECT: 0@0 tensor<2x3xf32> hex:c0c00000,c0e00000,c1000000,c0a00000,c0000000,c0800000
// EXPECT: 0@1 tensor<2x3xf32> hex:c0c00000,c0e00000,c1000000,c0a00000,c0000000,c0800000
// EXPECT: 0@2 tensor<2x3xf32> hex:c0c00000,c0e00000,c1000000,c0a00000,c0000000,c0800000
// EXPECT: 0@3 tensor<2x3xf32> hex:c0c00000,c0e00000,c1000000,c0a00000,c0000000,c0800000
// EXPECT: 0@4 tensor<2x3xf32> hex:c0e00000,00000000,c0000000,c0a00000,c0c00000,c0e00000
// EXPECT: 0@5 tensor<2x3xf32> hex:c0e00000,00000000,c0000000,c0a00000,c0c00000,c0e00000
// EXPECT: 0@6 tensor<2x3xf32> hex:c0e00000,00000000,c0000000,c0a00000,c0c00000,c0e00000
// EXPECT: 0@7 tensor<2x3xf32> hex:c0e00000,00000000,c0000000,c0a00000,c0c00000,c0e00000
// GENERATOR: conformance/gen/mesh_collectives.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module attributes {tessera.mesh = {axes = ["dp", "tp"], shape = [2, 4]}} {
  func.func @main(%a0: tensor<2x3xf32>) -> tensor<2x3xf32> {
    %r = "tessera.all_reduce"(%a0) {axes = ["tp"], op = "min"} : (tensor<2x3xf32>) -> tensor<2x3xf32>
    return %r : tensor<2x3xf32>
  }
}

// -----

// CASE: avg_2x4_tp_f32
// NOTE: Inputs are small integers: every fold order gives the same bits.
// RULE: bitexact
// REQUIRES: op=tessera.all_reduce dtype=f32 level=graph mesh=8
// INPUT: 0@0 tensor<2x3xf32> hex:40e00000,00000000,c0800000,40a00000,41000000,c0400000
// INPUT: 0@1 tensor<2x3xf32> hex:40e00000,40a00000,40a00000,00000000,40e00000,c0c00000
// INPUT: 0@2 tensor<2x3xf32> hex:c0e00000,41000000,00000000,c0000000,40800000,c0400000
// INPUT: 0@3 tensor<2x3xf32> hex:40000000,40c00000,40a00000,c0c00000,41000000,40800000
// INPUT: 0@4 tensor<2x3xf32> hex:40400000,c0a00000,40e00000,c0000000,41000000,c0a00000
// INPUT: 0@5 tensor<2x3xf32> hex:c0e00000,40c00000,3f800000,c0000000,41000000,41000000
// INPUT: 0@6 tensor<2x3xf32> hex:c1000000,40000000,40a00000,40400000,40000000,00000000
// INPUT: 0@7 tensor<2x3xf32> hex:3f800000,c0400000,c0c00000,c0000000,40400000,40e00000
// EXPECT: 0@0 tensor<2x3xf32> hex:40100000,40980000,3fc00000,bf400000,40d80000,c0000000
// EXPECT: 0@1 tensor<2x3xf32> hex:40100000,40980000,3fc00000,bf400000,40d80000,c0000000
// EXPECT: 0@2 tensor<2x3xf32> hex:40100000,40980000,3fc00000,bf400000,40d80000,c0000000
// EXPECT: 0@3 tensor<2x3xf32> hex:40100000,40980000,3fc00000,bf400000,40d80000,c0000000
// EXPECT: 0@4 tensor<2x3xf32> hex:c0300000,00000000,3fe00000,bf400000,40a80000,40200000
// EXPECT: 0@5 tensor<2x3xf32> hex:c0300000,00000000,3fe00000,bf400000,40a80000,40200000
// EXPECT: 0@6 tensor<2x3xf32> hex:c0300000,00000000,3fe00000,bf400000,40a80000,40200000
// EXPECT: 0@7 tensor<2x3xf32> hex:c0300000,00000000,3fe00000,bf400000,40a80000,40200000
// GENERATOR: conformance/gen/mesh_collectives.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module attributes {tessera.mesh = {axes = ["dp", "tp"], shape = [2, 4]}} {
  func.func @main(%a0: tensor<2x3xf32>) -> tensor<2x3xf32> {
    %r = "tessera.all_reduce"(%a0) {axes = ["tp"], op = "avg"} : (tensor<2x3xf32>) -> tensor<2x3xf32>
    return %r : tensor<2x3xf32>
  }
}

// -----

// CASE: sum_2x4_dp_tp_f32
// NOTE: Inputs are small integers: every fold order gives the same bits.
// RULE: bitexact
// REQUIRES: op=tessera.all_reduce dtype=f32 level=graph mesh=8
// INPUT: 0@0 tensor<5xf32> hex:41000000,c0a00000,c1000000,41000000,40400000
// INPUT: 0@1 tensor<5xf32> hex:40800000,40a00000,c0000000,40c00000,40000000
// INPUT: 0@2 tensor<5xf32> hex:40000000,c0000000,c0400000,c0000000,40800000
// INPUT: 0@3 tensor<5xf32> hex:00000000,c1000000,c1000000,c0a00000,00000000
// INPUT: 0@4 tensor<5xf32> hex:40000000,41000000,40a00000,c0800000,00000000
// INPUT: 0@5 tensor<5xf32> hex:40800000,40e00000,bf800000,40800000,c0a00000
// INPUT: 0@6 tensor<5xf32> hex:bf800000,40e00000,c0000000,c1000000,40a00000
// INPUT: 0@7 tensor<5xf32> hex:c0400000,bf800000,41000000,c0000000,c0800000
// EXPECT: 0 tensor<5xf32> hex:41800000,41300000,c1300000,c0400000,40a00000
// GENERATOR: conformance/gen/mesh_collectives.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module attributes {tessera.mesh = {axes = ["dp", "tp"], shape = [2, 4]}} {
  func.func @main(%a0: tensor<5xf32>) -> tensor<5xf32> {
    %r = "tessera.all_reduce"(%a0) {axes = ["dp", "tp"], op = "sum"} : (tensor<5xf32>) -> tensor<5xf32>
    return %r : tensor<5xf32>
  }
}

// -----

// CASE: sum_8_bf16
// NOTE: Inputs are small integers: every fold order gives the same bits.
// RULE: bitexact
// REQUIRES: op=tessera.all_reduce dtype=bf16 level=graph mesh=8
// INPUT: 0@0 tensor<3x4xbf16> hex:c0a0,40c0,c0a0,4000,c080,40a0,4080,4000,bf80,c000,4100,4080
// INPUT: 0@1 tensor<3x4xbf16> hex:c000,c100,c0c0,bf80,bf80,c000,4100,0000,40a0,c0c0,c000,c0a0
// INPUT: 0@2 tensor<3x4xbf16> hex:c0c0,3f80,c0c0,c000,4040,40a0,3f80,4000,c040,40c0,c0a0,4080
// INPUT: 0@3 tensor<3x4xbf16> hex:c0e0,4000,c080,c080,c040,40a0,40a0,c080,3f80,c0e0,40e0,4100
// INPUT: 0@4 tensor<3x4xbf16> hex:c000,3f80,3f80,40a0,c0e0,0000,40c0,4000,3f80,c100,40e0,c0a0
// INPUT: 0@5 tensor<3x4xbf16> hex:c040,4040,bf80,3f80,4000,c0c0,c100,4100,40a0,c0c0,4040,0000
// INPUT: 0@6 tensor<3x4xbf16> hex:4080,c0c0,4040,4080,4100,c080,bf80,c0c0,c100,c100,bf80,c0c0
// INPUT: 0@7 tensor<3x4xbf16> hex:4080,c0a0,4000,3f80,c040,bf80,4100,4100,c080,4100,c0a0,40a0
// EXPECT: 0 tensor<3x4xbf16> hex:c188,c0c0,c180,40c0,c0a0,4000,41b8,4140,c080,c1b8,4140,40a0
// GENERATOR: conformance/gen/mesh_collectives.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module attributes {tessera.mesh = {axes = ["x"], shape = [8]}} {
  func.func @main(%a0: tensor<3x4xbf16>) -> tensor<3x4xbf16> {
    %r = "tessera.all_reduce"(%a0) {axes = ["x"], op = "sum"} : (tensor<3x4xbf16>) -> tensor<3x4xbf16>
    return %r : tensor<3x4xbf16>
  }
}

// -----

// CASE: sum_2x4_tp_bf16
// NOTE: Inputs are small integers: every fold order gives the same bits.
// RULE: bitexact
// REQUIRES: op=tessera.all_reduce dtype=bf16 level=graph mesh=8
// INPUT: 0@0 tensor<2x3xbf16> hex:c040,4040,4040,40c0,c000,40e0
// INPUT: 0@1 tensor<2x3xbf16> hex:40c0,c100,c0e0,c0c0,4000,c000
// INPUT: 0@2 tensor<2x3xbf16> hex:c0c0,c0e0,40e0,4000,c100,c080
// INPUT: 0@3 tensor<2x3xbf16> hex:4040,c080,4080,c080,4000,c0e0
// INPUT: 0@4 tensor<2x3xbf16> hex:40a0,4080,3f80,4040,c0e0,4000
// INPUT: 0@5 tensor<2x3xbf16> hex:bf80,c100,c100,bf80,4080,4040
// INPUT: 0@6 tensor<2x3xbf16> hex:c0c0,c0c0,c080,c000,c0c0,c100
// INPUT: 0@7 tensor<2x3xbf16> hex:c000,c0e0,c0a0,c0a0,c000,bf80
// EXPECT: 0@0 tensor<2x3xbf16> hex:0000,c180,40e0,c000,c0c0,c0c0
// EXPECT: 0@1 tensor<2x3xbf16> hex:0000,c180,40e0,c000,c0c0,c0c0
// EXPECT: 0@2 tensor<2x3xbf16> hex:0000,c180,40e0,c000,c0c0,c0c0
// EXPECT: 0@3 tensor<2x3xbf16> hex:0000,c180,40e0,c000,c0c0,c0c0
// EXPECT: 0@4 tensor<2x3xbf16> hex:c080,c188,c180,c0a0,c130,c080
// EXPECT: 0@5 tensor<2x3xbf16> hex:c080,c188,c180,c0a0,c130,c080
// EXPECT: 0@6 tensor<2x3xbf16> hex:c080,c188,c180,c0a0,c130,c080
// EXPECT: 0@7 tensor<2x3xbf16> hex:c080,c188,c180,c0a0,c130,c080
// GENERATOR: conformance/gen/mesh_collectives.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module attributes {tessera.mesh = {axes = ["dp", "tp"], shape = [2, 4]}} {
  func.func @main(%a0: tensor<2x3xbf16>) -> tensor<2x3xbf16> {
    %r = "tessera.all_reduce"(%a0) {axes = ["tp"], op = "sum"} : (tensor<2x3xbf16>) -> tensor<2x3xbf16>
    return %r : tensor<2x3xbf16>
  }
}

// -----

// CASE: prod_2x4_tp_bf16
// NOTE: Inputs are small integers: every fold order gives the same bits.
// RULE: bitexact
// REQUIRES: op=tessera.all_reduce dtype=bf16 level=graph mesh=8
// INPUT: 0@0 tensor<2x3xbf16> hex:c000,3f00,4000,4000,c000,bf80
// INPUT: 0@1 tensor<2x3xbf16> hex:3f80,c000,3f00,4000,3f80,c000
// INPUT: 0@2 tensor<2x3xbf16> hex:bf80,c000,3f00,4000,3f80,3f80
// INPUT: 0@3 tensor<2x3xbf16> hex:3f80,bf80,4000,c000,c000,bf80
// INPUT: 0@4 tensor<2x3xbf16> hex:3f00,bf80,3f00,4000,3f00,3f00
// INPUT: 0@5 tensor<2x3xbf16> hex:3f80,c000,4000,4000,c000,3f80
// INPUT: 0@6 tensor<2x3xbf16> hex:4000,c000,c000,c000,4000,3f00
// INPUT: 0@7 tensor<2x3xbf16> hex:4000,c000,3f80,3f80,3f00,3f80
// EXPECT: 0@0 tensor<2x3xbf16> hex:4000,c000,3f80,c180,4080,c000
// EXPECT: 0@1 tensor<2x3xbf16> hex:4000,c000,3f80,c180,4080,c000
// EXPECT: 0@2 tensor<2x3xbf16> hex:4000,c000,3f80,c180,4080,c000
// EXPECT: 0@3 tensor<2x3xbf16> hex:4000,c000,3f80,c180,4080,c000
// EXPECT: 0@4 tensor<2x3xbf16> hex:4000,4100,c000,c100,bf80,3e80
// EXPECT: 0@5 tensor<2x3xbf16> hex:4000,4100,c000,c100,bf80,3e80
// EXPECT: 0@6 tensor<2x3xbf16> hex:4000,4100,c000,c100,bf80,3e80
// EXPECT: 0@7 tensor<2x3xbf16> hex:4000,4100,c000,c100,bf80,3e80
// GENERATOR: conformance/gen/mesh_collectives.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module attributes {tessera.mesh = {axes = ["dp", "tp"], shape = [2, 4]}} {
  func.func @main(%a0: tensor<2x3xbf16>) -> tensor<2x3xbf16> {
    %r = "tessera.all_reduce"(%a0) {axes = ["tp"], op = "prod"} : (tensor<2x3xbf16>) -> tensor<2x3xbf16>
    return %r : tensor<2x3xbf16>
  }
}

// -----

// CASE: max_2x4_tp_bf16
// NOTE: Inputs are small integers: every fold order gives the same bits.
// RULE: bitexact
// REQUIRES: op=tessera.all_reduce dtype=bf16 level=graph mesh=8
// INPUT: 0@0 tensor<2x3xbf16> hex:c0c0,c100,4000,40a0,40e0,40a0
// INPUT: 0@1 tensor<2x3xbf16> hex:bf80,40e0,c100,4040,0000,4040
// INPUT: 0@2 tensor<2x3xbf16> hex:40c0,c0c0,40a0,c100,bf80,c0e0
// INPUT: 0@3 tensor<2x3xbf16> hex:c080,4100,c000,4000,4100,4100
// INPUT: 0@4 tensor<2x3xbf16> hex:c0e0,c040,4100,4080,bf80,c0e0
// INPUT: 0@5 tensor<2x3xbf16> hex:4040,c0c0,40e0,c080,bf80,3f80
// INPUT: 0@6 tensor<2x3xbf16> hex:0000,3f80,40a0,0000,c040,bf80
// INPUT: 0@7 tensor<2x3xbf16> hex:40a0,3f80,bf80,4100,c080,bf80
// EXPECT: 0@0 tensor<2x3xbf16> hex:40c0,4100,40a0,40a0,4100,4100
// EXPECT: 0@1 tensor<2x3xbf16> hex:40c0,4100,40a0,40a0,4100,4100
// EXPECT: 0@2 tensor<2x3xbf16> hex:40c0,4100,40a0,40a0,4100,4100
// EXPECT: 0@3 tensor<2x3xbf16> hex:40c0,4100,40a0,40a0,4100,4100
// EXPECT: 0@4 tensor<2x3xbf16> hex:40a0,3f80,4100,4100,bf80,3f80
// EXPECT: 0@5 tensor<2x3xbf16> hex:40a0,3f80,4100,4100,bf80,3f80
// EXPECT: 0@6 tensor<2x3xbf16> hex:40a0,3f80,4100,4100,bf80,3f80
// EXPECT: 0@7 tensor<2x3xbf16> hex:40a0,3f80,4100,4100,bf80,3f80
// GENERATOR: conformance/gen/mesh_collectives.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module attributes {tessera.mesh = {axes = ["dp", "tp"], shape = [2, 4]}} {
  func.func @main(%a0: tensor<2x3xbf16>) -> tensor<2x3xbf16> {
    %r = "tessera.all_reduce"(%a0) {axes = ["tp"], op = "max"} : (tensor<2x3xbf16>) -> tensor<2x3xbf16>
    return %r : tensor<2x3xbf16>
  }
}

// -----

// CASE: min_2x4_tp_bf16
// NOTE: Inputs are small integers: every fold order gives the same bits.
// RULE: bitexact
// REQUIRES: op=tessera.all_reduce dtype=bf16 level=graph mesh=8
// INPUT: 0@0 tensor<2x3xbf16> hex:4100,40c0,3f80,c100,3f80,c000
// INPUT: 0@1 tensor<2x3xbf16> hex:4100,3f80,3f80,4000,c000,c080
// INPUT: 0@2 tensor<2x3xbf16> hex:0000,c000,40c0,4100,bf80,4040
// INPUT: 0@3 tensor<2x3xbf16> hex:c0a0,3f80,c0c0,c0e0,c0a0,c100
// INPUT: 0@4 tensor<2x3xbf16> hex:40c0,c0a0,40e0,c0c0,4040,4100
// INPUT: 0@5 tensor<2x3xbf16> hex:c0e0,c100,c080,c000,0000,c100
// INPUT: 0@6 tensor<2x3xbf16> hex:c0e0,4000,c0e0,c100,c000,c0e0
// INPUT: 0@7 tensor<2x3xbf16> hex:c0c0,c0e0,0000,c080,40c0,3f80
// EXPECT: 0@0 tensor<2x3xbf16> hex:c0a0,c000,c0c0,c100,c0a0,c100
// EXPECT: 0@1 tensor<2x3xbf16> hex:c0a0,c000,c0c0,c100,c0a0,c100
// EXPECT: 0@2 tensor<2x3xbf16> hex:c0a0,c000,c0c0,c100,c0a0,c100
// EXPECT: 0@3 tensor<2x3xbf16> hex:c0a0,c000,c0c0,c100,c0a0,c100
// EXPECT: 0@4 tensor<2x3xbf16> hex:c0e0,c100,c0e0,c100,c000,c100
// EXPECT: 0@5 tensor<2x3xbf16> hex:c0e0,c100,c0e0,c100,c000,c100
// EXPECT: 0@6 tensor<2x3xbf16> hex:c0e0,c100,c0e0,c100,c000,c100
// EXPECT: 0@7 tensor<2x3xbf16> hex:c0e0,c100,c0e0,c100,c000,c100
// GENERATOR: conformance/gen/mesh_collectives.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module attributes {tessera.mesh = {axes = ["dp", "tp"], shape = [2, 4]}} {
  func.func @main(%a0: tensor<2x3xbf16>) -> tensor<2x3xbf16> {
    %r = "tessera.all_reduce"(%a0) {axes = ["tp"], op = "min"} : (tensor<2x3xbf16>) -> tensor<2x3xbf16>
    return %r : tensor<2x3xbf16>
  }
}

// -----

// CASE: avg_2x4_tp_bf16
// NOTE: Inputs are small integers: every fold order gives the same bits.
// RULE: bitexact
// REQUIRES: op=tessera.all_reduce dtype=bf16 level=graph mesh=8
// INPUT: 0@0 tensor<2x3xbf16> hex:c040,40a0,c0a0,c080,c0c0,c080
// INPUT: 0@1 tensor<2x3xbf16> hex:c000,40c0,c000,4080,40c0,c0c0
// INPUT: 0@2 tensor<2x3xbf16> hex:4080,40a0,c040,40c0,40a0,c0a0
// INPUT: 0@3 tensor<2x3xbf16> hex:c0c0,4000,bf80,c0a0,4100,c080
// INPUT: 0@4 tensor<2x3xbf16> hex:c0c0,0000,c000,0000,c040,0000
// INPUT: 0@5 tensor<2x3xbf16> hex:bf80,3f80,40e0,c0a0,bf80,40a0
// INPUT: 0@6 tensor<2x3xbf16> hex:40e0,c080,4100,40e0,c080,0000
// INPUT: 0@7 tensor<2x3xbf16> hex:4080,c040,c0a0,c0c0,bf80,0000
// EXPECT: 0@0 tensor<2x3xbf16> hex:bfe0,4090,c030,3e80,4050,c098
// EXPECT: 0@1 tensor<2x3xbf16> hex:bfe0,4090,c030,3e80,4050,c098
// EXPECT: 0@2 tensor<2x3xbf16> hex:bfe0,4090,c030,3e80,4050,c098
// EXPECT: 0@3 tensor<2x3xbf16> hex:bfe0,4090,c030,3e80,4050,c098
// EXPECT: 0@4 tensor<2x3xbf16> hex:3f80,bfc0,4000,bf80,c010,3fa0
// EXPECT: 0@5 tensor<2x3xbf16> hex:3f80,bfc0,4000,bf80,c010,3fa0
// EXPECT: 0@6 tensor<2x3xbf16> hex:3f80,bfc0,4000,bf80,c010,3fa0
// EXPECT: 0@7 tensor<2x3xbf16> hex:3f80,bfc0,4000,bf80,c010,3fa0
// GENERATOR: conformance/gen/mesh_collectives.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module attributes {tessera.mesh = {axes = ["dp", "tp"], shape = [2, 4]}} {
  func.func @main(%a0: tensor<2x3xbf16>) -> tensor<2x3xbf16> {
    %r = "tessera.all_reduce"(%a0) {axes = ["tp"], op = "avg"} : (tensor<2x3xbf16>) -> tensor<2x3xbf16>
    return %r : tensor<2x3xbf16>
  }
}

// -----

// CASE: sum_2x4_dp_tp_bf16
// NOTE: Inputs are small integers: every fold order gives the same bits.
// RULE: bitexact
// REQUIRES: op=tessera.all_reduce dtype=bf16 level=graph mesh=8
// INPUT: 0@0 tensor<5xbf16> hex:4080,c000,0000,4000,4080
// INPUT: 0@1 tensor<5xbf16> hex:0000,c0a0,c100,0000,40c0
// INPUT: 0@2 tensor<5xbf16> hex:3f80,c100,c0e0,40c0,c040
// INPUT: 0@3 tensor<5xbf16> hex:40a0,c0c0,40e0,c0c0,4040
// INPUT: 0@4 tensor<5xbf16> hex:bf80,c0c0,c040,bf80,c0a0
// INPUT: 0@5 tensor<5xbf16> hex:bf80,c0c0,4000,4100,c000
// INPUT: 0@6 tensor<5xbf16> hex:bf80,4040,40e0,c0a0,c0c0
// INPUT: 0@7 tensor<5xbf16> hex:c000,4100,3f80,c0e0,bf80
// EXPECT: 0 tensor<5xbf16> hex:40a0,c1b0,bf80,c040,c080
// GENERATOR: conformance/gen/mesh_collectives.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module attributes {tessera.mesh = {axes = ["dp", "tp"], shape = [2, 4]}} {
  func.func @main(%a0: tensor<5xbf16>) -> tensor<5xbf16> {
    %r = "tessera.all_reduce"(%a0) {axes = ["dp", "tp"], op = "sum"} : (tensor<5xbf16>) -> tensor<5xbf16>
    return %r : tensor<5xbf16>
  }
}

// -----

// CASE: sum_8_e4m3
// NOTE: Inputs are small integers: every fold order gives the same bits.
// RULE: bitexact
// REQUIRES: op=tessera.all_reduce dtype=f8E4M3FN level=graph mesh=8
// INPUT: 0@0 tensor<3x4xf8E4M3FN> hex:40,c0,b8,40,c0,38,00,40,40,b8,b8,40
// INPUT: 0@1 tensor<3x4xf8E4M3FN> hex:38,40,c0,40,00,c0,38,00,38,b8,b8,38
// INPUT: 0@2 tensor<3x4xf8E4M3FN> hex:40,b8,38,c0,c0,00,c0,38,00,b8,38,40
// INPUT: 0@3 tensor<3x4xf8E4M3FN> hex:40,00,38,b8,c0,40,00,00,00,b8,38,b8
// INPUT: 0@4 tensor<3x4xf8E4M3FN> hex:c0,40,38,40,40,38,40,b8,c0,38,38,b8
// INPUT: 0@5 tensor<3x4xf8E4M3FN> hex:40,b8,40,00,c0,00,c0,b8,00,40,40,c0
// INPUT: 0@6 tensor<3x4xf8E4M3FN> hex:38,38,b8,c0,00,c0,40,b8,38,40,00,38
// INPUT: 0@7 tensor<3x4xf8E4M3FN> hex:00,40,38,c0,b8,38,00,00,00,00,00,38
// EXPECT: 0 tensor<3x4xf8E4M3FN> hex:50,44,40,b8,ce,38,38,00,40,38,44,44
// GENERATOR: conformance/gen/mesh_collectives.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module attributes {tessera.mesh = {axes = ["x"], shape = [8]}} {
  func.func @main(%a0: tensor<3x4xf8E4M3FN>) -> tensor<3x4xf8E4M3FN> {
    %r = "tessera.all_reduce"(%a0) {axes = ["x"], op = "sum"} : (tensor<3x4xf8E4M3FN>) -> tensor<3x4xf8E4M3FN>
    return %r : tensor<3x4xf8E4M3FN>
  }
}

// -----

// CASE: sum_2x4_tp_e4m3
// NOTE: Inputs are small integers: every fold order gives the same bits.
// RULE: bitexact
// REQUIRES: op=tessera.all_reduce dtype=f8E4M3FN level=graph mesh=8
// INPUT: 0@0 tensor<2x3xf8E4M3FN> hex:b8,b8,00,00,00,b8
// INPUT: 0@1 tensor<2x3xf8E4M3FN> hex:38,b8,38,00,38,c0
// INPUT: 0@2 tensor<2x3xf8E4M3FN> hex:c0,b8,40,00,c0,00
// INPUT: 0@3 tensor<2x3xf8E4M3FN> hex:b8,40,c0,38,c0,00
// INPUT: 0@4 tensor<2x3xf8E4M3FN> hex:38,40,c0,c0,c0,c0
// INPUT: 0@5 tensor<2x3xf8E4M3FN> hex:c0,b8,00,c0,40,00
// INPUT: 0@6 tensor<2x3xf8E4M3FN> hex:38,00,00,c0,b8,38
// INPUT: 0@7 tensor<2x3xf8E4M3FN> hex:b8,00,38,00,40,40
// EXPECT: 0@0 tensor<2x3xf8E4M3FN> hex:c4,b8,38,38,c4,c4
// EXPECT: 0@1 tensor<2x3xf8E4M3FN> hex:c4,b8,38,38,c4,c4
// EXPECT: 0@2 tensor<2x3xf8E4M3FN> hex:c4,b8,38,38,c4,c4
// EXPECT: 0@3 tensor<2x3xf8E4M3FN> hex:c4,b8,38,38,c4,c4
// EXPECT: 0@4 tensor<2x3xf8E4M3FN> hex:b8,38,b8,cc,38,38
// EXPECT: 0@5 tensor<2x3xf8E4M3FN> hex:b8,38,b8,cc,38,38
// EXPECT: 0@6 tensor<2x3xf8E4M3FN> hex:b8,38,b8,cc,38,38
// EXPECT: 0@7 tensor<2x3xf8E4M3FN> hex:b8,38,b8,cc,38,38
// GENERATOR: conformance/gen/mesh_collectives.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module attributes {tessera.mesh = {axes = ["dp", "tp"], shape = [2, 4]}} {
  func.func @main(%a0: tensor<2x3xf8E4M3FN>) -> tensor<2x3xf8E4M3FN> {
    %r = "tessera.all_reduce"(%a0) {axes = ["tp"], op = "sum"} : (tensor<2x3xf8E4M3FN>) -> tensor<2x3xf8E4M3FN>
    return %r : tensor<2x3xf8E4M3FN>
  }
}

// -----

// CASE: prod_2x4_tp_e4m3
// NOTE: Inputs are small integers: every fold order gives the same bits.
// RULE: bitexact
// REQUIRES: op=tessera.all_reduce dtype=f8E4M3FN level=graph mesh=8
// INPUT: 0@0 tensor<2x3xf8E4M3FN> hex:38,40,38,b8,b8,c0
// INPUT: 0@1 tensor<2x3xf8E4M3FN> hex:c0,40,30,c0,b8,38
// INPUT: 0@2 tensor<2x3xf8E4M3FN> hex:b8,b8,30,b8,30,30
// INPUT: 0@3 tensor<2x3xf8E4M3FN> hex:b8,40,38,c0,40,c0
// INPUT: 0@4 tensor<2x3xf8E4M3FN> hex:30,38,b8,b8,40,b8
// INPUT: 0@5 tensor<2x3xf8E4M3FN> hex:c0,40,b8,b8,40,38
// INPUT: 0@6 tensor<2x3xf8E4M3FN> hex:38,40,c0,38,38,38
// INPUT: 0@7 tensor<2x3xf8E4M3FN> hex:30,38,38,40,b8,b8
// EXPECT: 0@0 tensor<2x3xf8E4M3FN> hex:c0,d0,28,48,38,40
// EXPECT: 0@1 tensor<2x3xf8E4M3FN> hex:c0,d0,28,48,38,40
// EXPECT: 0@2 tensor<2x3xf8E4M3FN> hex:c0,d0,28,48,38,40
// EXPECT: 0@3 tensor<2x3xf8E4M3FN> hex:c0,d0,28,48,38,40
// EXPECT: 0@4 tensor<2x3xf8E4M3FN> hex:b0,48,c0,40,c8,38
// EXPECT: 0@5 tensor<2x3xf8E4M3FN> hex:b0,48,c0,40,c8,38
// EXPECT: 0@6 tensor<2x3xf8E4M3FN> hex:b0,48,c0,40,c8,38
// EXPECT: 0@7 tensor<2x3xf8E4M3FN> hex:b0,48,c0,40,c8,38
// GENERATOR: conformance/gen/mesh_collectives.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module attributes {tessera.mesh = {axes = ["dp", "tp"], shape = [2, 4]}} {
  func.func @main(%a0: tensor<2x3xf8E4M3FN>) -> tensor<2x3xf8E4M3FN> {
    %r = "tessera.all_reduce"(%a0) {axes = ["tp"], op = "prod"} : (tensor<2x3xf8E4M3FN>) -> tensor<2x3xf8E4M3FN>
    return %r : tensor<2x3xf8E4M3FN>
  }
}

// -----

// CASE: max_2x4_tp_e4m3
// NOTE: Inputs are small integers: every fold order gives the same bits.
// RULE: bitexact
// REQUIRES: op=tessera.all_reduce dtype=f8E4M3FN level=graph mesh=8
// INPUT: 0@0 tensor<2x3xf8E4M3FN> hex:00,38,b8,40,38,40
// INPUT: 0@1 tensor<2x3xf8E4M3FN> hex:38,40,00,40,38,c0
// INPUT: 0@2 tensor<2x3xf8E4M3FN> hex:b8,b8,38,00,b8,40
// INPUT: 0@3 tensor<2x3xf8E4M3FN> hex:40,00,b8,b8,b8,c0
// INPUT: 0@4 tensor<2x3xf8E4M3FN> hex:00,b8,38,38,b8,c0
// INPUT: 0@5 tensor<2x3xf8E4M3FN> hex:00,c0,38,b8,40,00
// INPUT: 0@6 tensor<2x3xf8E4M3FN> hex:38,b8,00,40,00,b8
// INPUT: 0@7 tensor<2x3xf8E4M3FN> hex:c0,00,40,38,c0,40
// EXPECT: 0@0 tensor<2x3xf8E4M3FN> hex:40,40,38,40,38,40
// EXPECT: 0@1 tensor<2x3xf8E4M3FN> hex:40,40,38,40,38,40
// EXPECT: 0@2 tensor<2x3xf8E4M3FN> hex:40,40,38,40,38,40
// EXPECT: 0@3 tensor<2x3xf8E4M3FN> hex:40,40,38,40,38,40
// EXPECT: 0@4 tensor<2x3xf8E4M3FN> hex:38,00,40,40,40,40
// EXPECT: 0@5 tensor<2x3xf8E4M3FN> hex:38,00,40,40,40,40
// EXPECT: 0@6 tensor<2x3xf8E4M3FN> hex:38,00,40,40,40,40
// EXPECT: 0@7 tensor<2x3xf8E4M3FN> hex:38,00,40,40,40,40
// GENERATOR: conformance/gen/mesh_collectives.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module attributes {tessera.mesh = {axes = ["dp", "tp"], shape = [2, 4]}} {
  func.func @main(%a0: tensor<2x3xf8E4M3FN>) -> tensor<2x3xf8E4M3FN> {
    %r = "tessera.all_reduce"(%a0) {axes = ["tp"], op = "max"} : (tensor<2x3xf8E4M3FN>) -> tensor<2x3xf8E4M3FN>
    return %r : tensor<2x3xf8E4M3FN>
  }
}

// -----

// CASE: min_2x4_tp_e4m3
// NOTE: Inputs are small integers: every fold order gives the same bits.
// RULE: bitexact
// REQUIRES: op=tessera.all_reduce dtype=f8E4M3FN level=graph mesh=8
// INPUT: 0@0 tensor<2x3xf8E4M3FN> hex:38,40,40,c0,c0,38
// INPUT: 0@1 tensor<2x3xf8E4M3FN> hex:40,38,40,00,40,c0
// INPUT: 0@2 tensor<2x3xf8E4M3FN> hex:c0,c0,b8,38,b8,c0
// INPUT: 0@3 tensor<2x3xf8E4M3FN> hex:40,b8,40,b8,38,38
// INPUT: 0@4 tensor<2x3xf8E4M3FN> hex:38,b8,38,c0,b8,b8
// INPUT: 0@5 tensor<2x3xf8E4M3FN> hex:40,b8,c0,38,00,b8
// INPUT: 0@6 tensor<2x3xf8E4M3FN> hex:40,38,b8,00,40,40
// INPUT: 0@7 tensor<2x3xf8E4M3FN> hex:40,38,38,00,c0,00
// EXPECT: 0@0 tensor<2x3xf8E4M3FN> hex:c0,c0,b8,c0,c0,c0
// EXPECT: 0@1 tensor<2x3xf8E4M3FN> hex:c0,c0,b8,c0,c0,c0
// EXPECT: 0@2 tensor<2x3xf8E4M3FN> hex:c0,c0,b8,c0,c0,c0
// EXPECT: 0@3 tensor<2x3xf8E4M3FN> hex:c0,c0,b8,c0,c0,c0
// EXPECT: 0@4 tensor<2x3xf8E4M3FN> hex:38,b8,c0,c0,c0,b8
// EXPECT: 0@5 tensor<2x3xf8E4M3FN> hex:38,b8,c0,c0,c0,b8
// EXPECT: 0@6 tensor<2x3xf8E4M3FN> hex:38,b8,c0,c0,c0,b8
// EXPECT: 0@7 tensor<2x3xf8E4M3FN> hex:38,b8,c0,c0,c0,b8
// GENERATOR: conformance/gen/mesh_collectives.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module attributes {tessera.mesh = {axes = ["dp", "tp"], shape = [2, 4]}} {
  func.func @main(%a0: tensor<2x3xf8E4M3FN>) -> tensor<2x3xf8E4M3FN> {
    %r = "tessera.all_reduce"(%a0) {axes = ["tp"], op = "min"} : (tensor<2x3xf8E4M3FN>) -> tensor<2x3xf8E4M3FN>
    return %r : tensor<2x3xf8E4M3FN>
  }
}

// -----

// CASE: avg_2x4_tp_e4m3
// NOTE: Inputs are small integers: every fold order gives the same bits.
// RULE: bitexact
// REQUIRES: op=tessera.all_reduce dtype=f8E4M3FN level=graph mesh=8
// INPUT: 0@0 tensor<2x3xf8E4M3FN> hex:00,00,c0,40,c0,c0
// INPUT: 0@1 tensor<2x3xf8E4M3FN> hex:b8,00,c0,00,b8,00
// INPUT: 0@2 tensor<2x3xf8E4M3FN> hex:c0,00,38,00,b8,00
// INPUT: 0@3 tensor<2x3xf8E4M3FN> hex:40,38,c0,b8,38,38
// INPUT: 0@4 tensor<2x3xf8E4M3FN> hex:c0,38,c0,c0,38,b8
// INPUT: 0@5 tensor<2x3xf8E4M3FN> hex:38,40,b8,40,00,40
// INPUT: 0@6 tensor<2x3xf8E4M3FN> hex:38,c0,b8,40,38,40
// INPUT: 0@7 tensor<2x3xf8E4M3FN> hex:40,40,c0,38,b8,38
// EXPECT: 0@0 tensor<2x3xf8E4M3FN> hex:a8,28,ba,28,b4,a8
// EXPECT: 0@1 tensor<2x3xf8E4M3FN> hex:a8,28,ba,28,b4,a8
// EXPECT: 0@2 tensor<2x3xf8E4M3FN> hex:a8,28,ba,28,b4,a8
// EXPECT: 0@3 tensor<2x3xf8E4M3FN> hex:a8,28,ba,28,b4,a8
// EXPECT: 0@4 tensor<2x3xf8E4M3FN> hex:30,34,bc,34,28,38
// EXPECT: 0@5 tensor<2x3xf8E4M3FN> hex:30,34,bc,34,28,38
// EXPECT: 0@6 tensor<2x3xf8E4M3FN> hex:30,34,bc,34,28,38
// EXPECT: 0@7 tensor<2x3xf8E4M3FN> hex:30,34,bc,34,28,38
// GENERATOR: conformance/gen/mesh_collectives.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module attributes {tessera.mesh = {axes = ["dp", "tp"], shape = [2, 4]}} {
  func.func @main(%a0: tensor<2x3xf8E4M3FN>) -> tensor<2x3xf8E4M3FN> {
    %r = "tessera.all_reduce"(%a0) {axes = ["tp"], op = "avg"} : (tensor<2x3xf8E4M3FN>) -> tensor<2x3xf8E4M3FN>
    return %r : tensor<2x3xf8E4M3FN>
  }
}

// -----

// CASE: sum_2x4_dp_tp_e4m3
// NOTE: Inputs are small integers: every fold order gives the same bits.
// RULE: bitexact
// REQUIRES: op=tessera.all_reduce dtype=f8E4M3FN level=graph mesh=8
// INPUT: 0@0 tensor<5xf8E4M3FN> hex:40,38,40,00,00
// INPUT: 0@1 tensor<5xf8E4M3FN> hex:38,b8,00,40,b8
// INPUT: 0@2 tensor<5xf8E4M3FN> hex:38,c0,40,40,00
// INPUT: 0@3 tensor<5xf8E4M3FN> hex:38,00,c0,00,40
// INPUT: 0@4 tensor<5xf8E4M3FN> hex:b8,b8,38,38,00
// INPUT: 0@5 tensor<5xf8E4M3FN> hex:b8,40,b8,b8,c0
// INPUT: 0@6 tensor<5xf8E4M3FN> hex:b8,c0,b8,c0,00
// INPUT: 0@7 tensor<5xf8E4M3FN> hex:c0,c0,c0,c0,40
// EXPECT: 0 tensor<5xf8E4M3FN> hex:00,ca,b8,00,38
// GENERATOR: conformance/gen/mesh_collectives.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module attributes {tessera.mesh = {axes = ["dp", "tp"], shape = [2, 4]}} {
  func.func @main(%a0: tensor<5xf8E4M3FN>) -> tensor<5xf8E4M3FN> {
    %r = "tessera.all_reduce"(%a0) {axes = ["dp", "tp"], op = "sum"} : (tensor<5xf8E4M3FN>) -> tensor<5xf8E4M3FN>
    return %r : tensor<5xf8E4M3FN>
  }
}

// -----

// CASE: sum_8_i32
// NOTE: Inputs are small integers: every fold order gives the same bits.
// RULE: bitexact
// REQUIRES: op=tessera.all_reduce dtype=i32 level=graph mesh=8
// INPUT: 0@0 tensor<3x4xi32> hex:30713c98,048f161f,da2349a7,a0eae1ca,06d3e84e,06660c9f,028101cc,0ae9c963,0a10a62a,ff20a7d5,99827c8a,b4dc4a57
// INPUT: 0@1 tensor<3x4xi32> hex:94b2e0b9,ef34b32f,174ddd0b,5ef072d3,e6de3ee6,e23c7cff,796f82e4,01052d47,e138dd04,6e245da9,2264c601,bb98df56
// INPUT: 0@2 tensor<3x4xi32> hex:5453e85f,39badf2b,a5b3ecc3,fbdd0694,0aae720e,4990f18d,ea0397cc,dc13903f,1661424b,0ad803a1,0f44a8bc,de47fcd3
// INPUT: 0@3 tensor<3x4xi32> hex:b361c818,5dbbf4e5,611e50f2,6a318155,91ef4c12,21bf0a27,d26eb7db,7b242468,252b11c9,3b68004c,1e892fb6,5496a9ad
// INPUT: 0@4 tensor<3x4xi32> hex:b67c631e,650c699a,e123e4a1,c59b9db2,e59e8c1b,7c96ecc2,a83c53f2,e3f22c66,599ce031,ff49523e,af6ca710,ae29b232
// INPUT: 0@5 tensor<3x4xi32> hex:726fe353,524c6f03,3d1a1c52,d63eec40,895fdda2,3078e0a9,5ba7b1ff,b7e626fa,9b53ed5e,d9f2edf6,c0df2859,e25dd8be
// INPUT: 0@6 tensor<3x4xi32> hex:e71d31fe,bc9363db,78ec4d59,88f9eaf0,39a689c3,452c6959,edf621de,734a7175,7e8859a9,b9eb612c,b2ee6380,a9a38515
// INPUT: 0@7 tensor<3x4xi32> hex:9af20d15,d8fc9655,b8657eb2,95302716,0a056ab1,2654e4cc,521bd593,de597538,c6fed999,0ffe9833,0502bef5,67e5c8e2
// EXPECT: 0 tensor<3x4xi32> hex:77d5534c,d823702b,47d33165,1fee787e,3cfa4385,6c83a0e2,7c58d1b9,50a2e55e,614dd813,56ab42fe,11f20cdb,4564a914
// GENERATOR: conformance/gen/mesh_collectives.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module attributes {tessera.mesh = {axes = ["x"], shape = [8]}} {
  func.func @main(%a0: tensor<3x4xi32>) -> tensor<3x4xi32> {
    %r = "tessera.all_reduce"(%a0) {axes = ["x"], op = "sum"} : (tensor<3x4xi32>) -> tensor<3x4xi32>
    return %r : tensor<3x4xi32>
  }
}

// -----

// CASE: sum_2x4_tp_i32
// NOTE: Inputs are small integers: every fold order gives the same bits.
// RULE: bitexact
// REQUIRES: op=tessera.all_reduce dtype=i32 level=graph mesh=8
// INPUT: 0@0 tensor<2x3xi32> hex:025700ca,5c907680,9636d638,6bf303bf,e7d26c11,6f5ff149
// INPUT: 0@1 tensor<2x3xi32> hex:9e8126eb,16fe66ce,0d85e553,0096c064,beada937,89a125c2
// INPUT: 0@2 tensor<2x3xi32> hex:a3049d9b,9a399802,187ee7ef,061fd7f6,e8cab6ea,5b235c39
// INPUT: 0@3 tensor<2x3xi32> hex:e04fa7fa,eec12379,8e12a204,80f46851,728d63bf,b6597f11
// INPUT: 0@4 tensor<2x3xi32> hex:ae6cf68b,428d6bdc,55603cfd,a88e14cf,0c48f105,b3176f48
// INPUT: 0@5 tensor<2x3xi32> hex:151604ea,c918e439,d3f53220,1bf9fed0,6ede4211,561eaca7
// INPUT: 0@6 tensor<2x3xi32> hex:842238d8,b8097df8,64de4631,1976ba00,c985c559,07aa3022
// INPUT: 0@7 tensor<2x3xi32> hex:79de4951,f1e29ee1,875d595f,1496707f,4fc62e2b,506a1251
// EXPECT: 0@0 tensor<2x3xi32> hex:242c6d4a,fc8998c9,4a4e457e,f39e046a,01d82ff1,0a7df255
// EXPECT: 0@1 tensor<2x3xi32> hex:242c6d4a,fc8998c9,4a4e457e,f39e046a,01d82ff1,0a7df255
// EXPECT: 0@2 tensor<2x3xi32> hex:242c6d4a,fc8998c9,4a4e457e,f39e046a,01d82ff1,0a7df255
// EXPECT: 0@3 tensor<2x3xi32> hex:242c6d4a,fc8998c9,4a4e457e,f39e046a,01d82ff1,0a7df255
// EXPECT: 0@4 tensor<2x3xi32> hex:c1837d9e,b5926cee,15910ead,f2953e1e,9473269a,614a5e62
// EXPECT: 0@5 tensor<2x3xi32> hex:c1837d9e,b5926cee,15910ead,f2953e1e,9473269a,614a5e62
// EXPECT: 0@6 tensor<2x3xi32> hex:c1837d9e,b5926cee,15910ead,f2953e1e,9473269a,614a5e62
// EXPECT: 0@7 tensor<2x3xi32> hex:c1837d9e,b5926cee,15910ead,f2953e1e,9473269a,614a5e62
// GENERATOR: conformance/gen/mesh_collectives.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module attributes {tessera.mesh = {axes = ["dp", "tp"], shape = [2, 4]}} {
  func.func @main(%a0: tensor<2x3xi32>) -> tensor<2x3xi32> {
    %r = "tessera.all_reduce"(%a0) {axes = ["tp"], op = "sum"} : (tensor<2x3xi32>) -> tensor<2x3xi32>
    return %r : tensor<2x3xi32>
  }
}

// -----

// CASE: prod_2x4_tp_i32
// NOTE: Inputs are small integers: every fold order gives the same bits.
// RULE: bitexact
// REQUIRES: op=tessera.all_reduce dtype=i32 level=graph mesh=8
// INPUT: 0@0 tensor<2x3xi32> hex:345f8506,b7ad4c1a,fb4150f3,ff4abcc0,3a84dcdd,99115267
// INPUT: 0@1 tensor<2x3xi32> hex:995d9bc0,03638952,91d05334,4a7f7dae,faa6ea99,7fa18e32
// INPUT: 0@2 tensor<2x3xi32> hex:bb98dbdc,f9c7051e,63496550,cbee3351,bfcbe67a,145a58c4
// INPUT: 0@3 tensor<2x3xi32> hex:21edcb2c,df2b2485,52874309,9df3de5a,2b7005a4,064589d5
// INPUT: 0@4 tensor<2x3xi32> hex:6fc59e95,4c942819,573c943c,6420eafb,86660208,7a657eab
// INPUT: 0@5 tensor<2x3xi32> hex:9c88ca10,de23336d,c132aed5,c06d210b,994c4c56,9c5ec00e
// INPUT: 0@6 tensor<2x3xi32> hex:c5b80979,eface51a,beae87fb,4e9954fc,862ff1c0,bc11ae49
// INPUT: 0@7 tensor<2x3xi32> hex:78cba9c1,597d30a4,62401d1d,363465ae,067da497,b370fd1a
// EXPECT: 0@0 tensor<2x3xi32> hex:e9ffc800,755d0d38,39730ec0,43350100,b350fb48,63b8ec58
// EXPECT: 0@1 tensor<2x3xi32> hex:e9ffc800,755d0d38,39730ec0,43350100,b350fb48,63b8ec58
// EXPECT: 0@2 tensor<2x3xi32> hex:e9ffc800,755d0d38,39730ec0,43350100,b350fb48,63b8ec58
// EXPECT: 0@3 tensor<2x3xi32> hex:e9ffc800,755d0d38,39730ec0,43350100,b350fb48,63b8ec58
// EXPECT: 0@4 tensor<2x3xi32> hex:a8bf04d0,b87ba848,d2c04154,d1617788,c29c2c00,66e6b744
// EXPECT: 0@5 tensor<2x3xi32> hex:a8bf04d0,b87ba848,d2c04154,d1617788,c29c2c00,66e6b744
// EXPECT: 0@6 tensor<2x3xi32> hex:a8bf04d0,b87ba848,d2c04154,d1617788,c29c2c00,66e6b744
// EXPECT: 0@7 tensor<2x3xi32> hex:a8bf04d0,b87ba848,d2c04154,d1617788,c29c2c00,66e6b744
// GENERATOR: conformance/gen/mesh_collectives.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module attributes {tessera.mesh = {axes = ["dp", "tp"], shape = [2, 4]}} {
  func.func @main(%a0: tensor<2x3xi32>) -> tensor<2x3xi32> {
    %r = "tessera.all_reduce"(%a0) {axes = ["tp"], op = "prod"} : (tensor<2x3xi32>) -> tensor<2x3xi32>
    return %r : tensor<2x3xi32>
  }
}

// -----

// CASE: max_2x4_tp_i32
// NOTE: Inputs are small integers: every fold order gives the same bits.
// RULE: bitexact
// REQUIRES: op=tessera.all_reduce dtype=i32 level=graph mesh=8
// INPUT: 0@0 tensor<2x3xi32> hex:4d0a54fc,21ba7807,628d813d,51d758cd,65aa37da,6ed097a1
// INPUT: 0@1 tensor<2x3xi32> hex:815597a2,a986e821,111ef715,526f9675,5e6285f1,469e0bba
// INPUT: 0@2 tensor<2x3xi32> hex:62119d7c,be648a9b,5447cb62,cb69aff4,8c177482,7503758a
// INPUT: 0@3 tensor<2x3xi32> hex:110abfe2,dcad1599,e0489b1b,c9fa5689,3d9911f3,3852a611
// INPUT: 0@4 tensor<2x3xi32> hex:de0976f6,a20620d8,d25b6b24,fbb0fbfd,4e0705e1,dbae9cd0
// INPUT: 0@5 tensor<2x3xi32> hex:fe73da02,0b42b060,a52cfad1,1a6e99f7,edaa3c28,23de1504
// INPUT: 0@6 tensor<2x3xi32> hex:3dfafee8,eeb1b465,dc6a0719,630e0099,40956bfb,55eede4e
// INPUT: 0@7 tensor<2x3xi32> hex:39ccdc3a,6ef0892b,5fadfb18,f226df43,6ff8439d,3ae6e915
// EXPECT: 0@0 tensor<2x3xi32> hex:62119d7c,21ba7807,628d813d,526f9675,65aa37da,7503758a
// EXPECT: 0@1 tensor<2x3xi32> hex:62119d7c,21ba7807,628d813d,526f9675,65aa37da,7503758a
// EXPECT: 0@2 tensor<2x3xi32> hex:62119d7c,21ba7807,628d813d,526f9675,65aa37da,7503758a
// EXPECT: 0@3 tensor<2x3xi32> hex:62119d7c,21ba7807,628d813d,526f9675,65aa37da,7503758a
// EXPECT: 0@4 tensor<2x3xi32> hex:3dfafee8,6ef0892b,5fadfb18,630e0099,6ff8439d,55eede4e
// EXPECT: 0@5 tensor<2x3xi32> hex:3dfafee8,6ef0892b,5fadfb18,630e0099,6ff8439d,55eede4e
// EXPECT: 0@6 tensor<2x3xi32> hex:3dfafee8,6ef0892b,5fadfb18,630e0099,6ff8439d,55eede4e
// EXPECT: 0@7 tensor<2x3xi32> hex:3dfafee8,6ef0892b,5fadfb18,630e0099,6ff8439d,55eede4e
// GENERATOR: conformance/gen/mesh_collectives.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module attributes {tessera.mesh = {axes = ["dp", "tp"], shape = [2, 4]}} {
  func.func @main(%a0: tensor<2x3xi32>) -> tensor<2x3xi32> {
    %r = "tessera.all_reduce"(%a0) {axes = ["tp"], op = "max"} : (tensor<2x3xi32>) -> tensor<2x3xi32>
    return %r : tensor<2x3xi32>
  }
}

// -----

// CASE: min_2x4_tp_i32
// NOTE: Inputs are small integers: every fold order gives the same bits.
// RULE: bitexact
// REQUIRES: op=tessera.all_reduce dtype=i32 level=graph mesh=8
// INPUT: 0@0 tensor<2x3xi32> hex:45a3dea0,ee42143e,e5df0255,c75e4e7d,930167e3,26e207bb
// INPUT: 0@1 tensor<2x3xi32> hex:71b4727f,722c36df,e7234bbe,4de71f0c,306166d8,c902fbc5
// INPUT: 0@2 tensor<2x3xi32> hex:1a264146,ba65238b,6912e6fa,458a8e93,28c2c19a,34834cce
// INPUT: 0@3 tensor<2x3xi32> hex:6ecfc08f,5d150108,f554e079,a577f45c,6b45228a,5c9702aa
// INPUT: 0@4 tensor<2x3xi32> hex:162669a3,eec08aaa,b49b59e9,c5f9f822,6eb1a844,d7dee1d7
// INPUT: 0@5 tensor<2x3xi32> hex:aedcf5f6,7e564598,62845f90,74be8576,0e88d081,95706153
// INPUT: 0@6 tensor<2x3xi32> hex:6bd71827,d0b03100,497ff45c,383654b9,7c080340,890b115c
// INPUT: 0@7 tensor<2x3xi32> hex:75de1ab9,89324ae8,a794cfc1,8b7dee26,b8ff3b73,5e52668d
// EXPECT: 0@0 tensor<2x3xi32> hex:1a264146,ba65238b,e5df0255,a577f45c,930167e3,c902fbc5
// EXPECT: 0@1 tensor<2x3xi32> hex:1a264146,ba65238b,e5df0255,a577f45c,930167e3,c902fbc5
// EXPECT: 0@2 tensor<2x3xi32> hex:1a264146,ba65238b,e5df0255,a577f45c,930167e3,c902fbc5
// EXPECT: 0@3 tensor<2x3xi32> hex:1a264146,ba65238b,e5df0255,a577f45c,930167e3,c902fbc5
// EXPECT: 0@4 tensor<2x3xi32> hex:aedcf5f6,89324ae8,a794cfc1,8b7dee26,b8ff3b73,890b115c
// EXPECT: 0@5 tensor<2x3xi32> hex:aedcf5f6,89324ae8,a794cfc1,8b7dee26,b8ff3b73,890b115c
// EXPECT: 0@6 tensor<2x3xi32> hex:aedcf5f6,89324ae8,a794cfc1,8b7dee26,b8ff3b73,890b115c
// EXPECT: 0@7 tensor<2x3xi32> hex:aedcf5f6,89324ae8,a794cfc1,8b7dee26,b8ff3b73,890b115c
// GENERATOR: conformance/gen/mesh_collectives.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module attributes {tessera.mesh = {axes = ["dp", "tp"], shape = [2, 4]}} {
  func.func @main(%a0: tensor<2x3xi32>) -> tensor<2x3xi32> {
    %r = "tessera.all_reduce"(%a0) {axes = ["tp"], op = "min"} : (tensor<2x3xi32>) -> tensor<2x3xi32>
    return %r : tensor<2x3xi32>
  }
}

// -----

// CASE: avg_2x4_tp_i32
// NOTE: Inputs are small integers: every fold order gives the same bits.
// RULE: bitexact
// REQUIRES: op=tessera.all_reduce dtype=i32 level=graph mesh=8
// INPUT: 0@0 tensor<2x3xi32> hex:754e29e8,d56f7d39,2fa7b134,d198ef05,64e20187,4b1894a5
// INPUT: 0@1 tensor<2x3xi32> hex:0000af47,d18d8f7b,a3876500,3d09cdf7,12991fc7,de8d1d2d
// INPUT: 0@2 tensor<2x3xi32> hex:6452ed6c,cc2a39c8,8ae49af7,e32146df,019a1595,ab047d1d
// INPUT: 0@3 tensor<2x3xi32> hex:b9c57575,9333ee34,762473df,5f070ed8,fc388ccb,5e4e5c2d
// INPUT: 0@4 tensor<2x3xi32> hex:65c5258a,f5f86334,54a280fd,30396ca0,40fbcc9c,5cd69af1
// INPUT: 0@5 tensor<2x3xi32> hex:c355f8cf,e4067279,0b2d0d20,363933a1,2a4ba2fe,413a02b0
// INPUT: 0@6 tensor<2x3xi32> hex:3ab4ffab,93fcb298,d73f32e5,a35e96f0,7bec1643,4015a02f
// INPUT: 0@7 tensor<2x3xi32> hex:022fd020,34a568a4,9e0064ba,af6db090,2760baf4,53a4b40b
// EXPECT: 0@0 tensor<2x3xi32> hex:e4d9cf04,0196cd2c,f50e0943,1432c4ac,1d5370eb,0cbe22c7
// EXPECT: 0@1 tensor<2x3xi32> hex:e4d9cf04,0196cd2c,f50e0943,1432c4ac,1d5370eb,0cbe22c7
// EXPECT: 0@2 tensor<2x3xi32> hex:e4d9cf04,0196cd2c,f50e0943,1432c4ac,1d5370eb,0cbe22c7
// EXPECT: 0@3 tensor<2x3xi32> hex:e4d9cf04,0196cd2c,f50e0943,1432c4ac,1d5370eb,0cbe22c7
// EXPECT: 0@4 tensor<2x3xi32> hex:197ffb89,e8a83c3b,f543c96f,ee4fb9f1,03a51034,0c72bc76
// EXPECT: 0@5 tensor<2x3xi32> hex:197ffb89,e8a83c3b,f543c96f,ee4fb9f1,03a51034,0c72bc76
// EXPECT: 0@6 tensor<2x3xi32> hex:197ffb89,e8a83c3b,f543c96f,ee4fb9f1,03a51034,0c72bc76
// EXPECT: 0@7 tensor<2x3xi32> hex:197ffb89,e8a83c3b,f543c96f,ee4fb9f1,03a51034,0c72bc76
// GENERATOR: conformance/gen/mesh_collectives.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module attributes {tessera.mesh = {axes = ["dp", "tp"], shape = [2, 4]}} {
  func.func @main(%a0: tensor<2x3xi32>) -> tensor<2x3xi32> {
    %r = "tessera.all_reduce"(%a0) {axes = ["tp"], op = "avg"} : (tensor<2x3xi32>) -> tensor<2x3xi32>
    return %r : tensor<2x3xi32>
  }
}

// -----

// CASE: sum_2x4_dp_tp_i32
// NOTE: Inputs are small integers: every fold order gives the same bits.
// RULE: bitexact
// REQUIRES: op=tessera.all_reduce dtype=i32 level=graph mesh=8
// INPUT: 0@0 tensor<5xi32> hex:328ef32e,4d07dbf0,e693d886,d52eae0d,02a6db40
// INPUT: 0@1 tensor<5xi32> hex:d71cb899,b9623535,9c4e7237,53a7ab40,f20b2f21
// INPUT: 0@2 tensor<5xi32> hex:e7cbf743,9c19505e,77855cf4,0b1cbafe,16a6bf2d
// INPUT: 0@3 tensor<5xi32> hex:1fe4b137,a175945a,14fa1840,26199a8b,92578f18
// INPUT: 0@4 tensor<5xi32> hex:3f6f2c5e,1f25cb5e,5ff92970,40912860,d931acc1
// INPUT: 0@5 tensor<5xi32> hex:a4507de8,5ad4df1a,1856f3f0,428cdbc6,51ad9e9f
// INPUT: 0@6 tensor<5xi32> hex:187a281f,b1910b30,ffeb5e25,69d58f6c,b1f04770
// INPUT: 0@7 tensor<5xi32> hex:78cf5c7a,a3f4b822,362e566f,1bb103a3,5f3dbc70
// EXPECT: 0 tensor<5xi32> hex:86658320,137963a7,bdcb91e5,62b1460b,d9bda7e6
// GENERATOR: conformance/gen/mesh_collectives.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module attributes {tessera.mesh = {axes = ["dp", "tp"], shape = [2, 4]}} {
  func.func @main(%a0: tensor<5xi32>) -> tensor<5xi32> {
    %r = "tessera.all_reduce"(%a0) {axes = ["dp", "tp"], op = "sum"} : (tensor<5xi32>) -> tensor<5xi32>
    return %r : tensor<5xi32>
  }
}

// -----

// CASE: sum_rank_order_8_f32
// NOTE: Arbitrary values: the result is the fold in group-rank order with one rounding per step.
// RULE: bitexact
// REQUIRES: op=tessera.all_reduce dtype=f32 level=graph deterministic=1 mesh=8
// INPUT: 0@0 tensor<4x4xf32> hex:bf097889,bff20a5f,bfcb3df8,c050061e,4036e0fd,3fd952f9,40633779,3ec871a5,c07939ef,bf91895d,c064c57c,3fab91c0,406626cb,3f72c1e6,bfeb3542,bf933297
// INPUT: 0@1 tensor<4x4xf32> hex:3f1243fe,c08c31be,3ecebfb7,3f0ced27,bfd7221e,bfa6ab67,3eec4e2d,c020f393,c0215e6d,4011ea17,3f1c304f,409f3b51,c0418822,c0ace489,403067d2,40335b11
// INPUT: 0@2 tensor<4x4xf32> hex:c01256d6,c08f5074,be5dc4fe,c0aaadce,bf8daeb3,c0d43f61,bf4dc848,c0ce8796,bf4e7804,408e8359,bf66ef16,400d2a72,c001ffad,c03244cc,c0935e16,40407177
// INPUT: 0@3 tensor<4x4xf32> hex:be94f5fb,4097e70e,c06a3485,bf4b9749,3dde54e5,40835830,40aa95f2,c0055ca7,c0629d51,c0ab3fc9,40776f52,bed0e31c,c005ea63,be9bcfd5,c0fa7489,c0aa8e89
// INPUT: 0@4 tensor<4x4xf32> hex:4029b0a6,3f841bc7,3e96a66d,c04a4ed2,3fcd928f,40a5afd9,c0753c4a,bdea7969,bfbb766a,3f6c3ef3,bdf23a80,bf1a137d,c033ad32,be55c412,c0004fd9,bf19e792
// INPUT: 0@5 tensor<4x4xf32> hex:beb4804c,3fe68373,bff4588a,bf90edea,4043731c,bf5125b5,bf72a918,401b9266,3f27d3ff,3de4d195,3eff46b9,c0784289,3f9cc00d,407491b8,3fcb7ce8,c09a3168
// INPUT: 0@6 tensor<4x4xf32> hex:3f34ae0e,c036ec56,bf51ecc2,3e80e2a5,c06d8286,40781591,beab8327,401013fa,3fe3e572,407a3e96,405d23b8,c091436d,3c6c772b,c0d08d0a,bfb9c536,400241d5
// INPUT: 0@7 tensor<4x4xf32> hex:4028a209,4070bc0e,bf9e1f64,3f5b9ed3,3e439afb,406cde2d,40954f0d,bf96594a,41341417,bddd6f2c,bf992c54,3fda0cf2,400b9ef6,3fc5fef2,c0027f77,408a9ada
// EXPECT: 0 tensor<4x4xf32> hex:40462b71,c0111c22,c10bae8c,c1403381,3fa8bd93,411ce3db,4101708d,c0e895a2,3fbb5268,40a29af7,4028deb5,3f4c1718,c03c0d24,c10e6f21,c176b2e1,3e8d8800
// GENERATOR: conformance/gen/mesh_collectives.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module attributes {tessera.mesh = {axes = ["x"], shape = [8]}} {
  func.func @main(%a0: tensor<4x4xf32>) -> tensor<4x4xf32> {
    %r = "tessera.all_reduce"(%a0) {axes = ["x"], op = "sum"} : (tensor<4x4xf32>) -> tensor<4x4xf32>
    return %r : tensor<4x4xf32>
  }
}

// -----

// CASE: avg_rank_order_8_f32
// NOTE: NCCL avg: each input times T(1/n), then summed in group-rank order.
// RULE: bitexact
// REQUIRES: op=tessera.all_reduce dtype=f32 level=graph deterministic=1 mesh=8
// INPUT: 0@0 tensor<4x4xf32> hex:3d9ea96d,40910151,408330a0,c0796155,c040d400,c044a71b,3f2e6544,3dc54f26,3f3e2346,c01fe167,3f9c5837,4084f855,c081f1f2,bf2431db,3f316994,bee1dea4
// INPUT: 0@1 tensor<4x4xf32> hex:bf24732b,40a837a4,407346e7,40200307,c01538ea,40d5a883,3f84d39e,bfe3b3e8,bf875019,bfc1a985,40ca3a3f,3f12d4e4,3e178294,c0cffea9,400af8b9,c04dba2b
// INPUT: 0@2 tensor<4x4xf32> hex:c05b729b,3fe63aec,c028453b,401dfbfc,4054e850,c0ad07a8,bee50874,c09855a3,be66327b,402ca561,c0842ce9,40abc264,bf79530c,c065eeda,bed5fdd0,40152408
// INPUT: 0@3 tensor<4x4xf32> hex:c085b8bb,bd2f4cd5,c0856c08,40640245,3ed3c5d4,bfa9fdb1,40435b7f,c07ade8e,bf9e1675,40af7119,bedbbffd,408067e6,3f06f718,c00a2b02,bf4c7540,3e2ee6c1
// INPUT: 0@4 tensor<4x4xf32> hex:bfa52011,c0222ec8,c01a0f28,c0906dce,3e88dcd5,3f8ee109,400ba43f,c0af72c2,401680ab,bdf04489,c08b4256,3e68f729,40182d9f,3fc0295c,400709f1,403147bc
// INPUT: 0@5 tensor<4x4xf32> hex:4027ccbf,be307c8f,c0ca0192,c015ff18,3f807c24,bfbc7ec3,3fff1f6e,4015262a,3da812a8,40b27b62,c03f246f,402eec57,bfbd272d,c019b085,3fda6cd1,bff41360
// INPUT: 0@6 tensor<4x4xf32> hex:402124bb,c063c4b5,3d3f7ed1,c025aebb,bf43706c,bf964d4d,c05c68fe,3ff454d6,c072bc19,c03fd340,40279177,40374f66,3ff96311,3f7753c2,40d8fc75,c06ba96e
// INPUT: 0@7 tensor<4x4xf32> hex:c0121c17,c0422a4f,40293d77,3f5022b9,40520b99,403781a1,bf399166,c020656b,c0419f55,40d2c8e1,4036c005,3fddc5b5,bf88101a,bf23e3ca,bf89e431,bf8217e7
// EXPECT: 0 tensor<4x4xf32> hex:bf53631a,3e8fac99,bf1da5fe,beffe0ce,3e8bdd4b,be65b042,3f0a9218,bfe1ccea,bf4513e6,3fd38122,3e0eee50,402d5510,bea4bf34,bfd778de,3fb2af50,bf1fad71
// GENERATOR: conformance/gen/mesh_collectives.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module attributes {tessera.mesh = {axes = ["x"], shape = [8]}} {
  func.func @main(%a0: tensor<4x4xf32>) -> tensor<4x4xf32> {
    %r = "tessera.all_reduce"(%a0) {axes = ["x"], op = "avg"} : (tensor<4x4xf32>) -> tensor<4x4xf32>
    return %r : tensor<4x4xf32>
  }
}

// -----

// CASE: sum_rank_order_8_bf16
// NOTE: Arbitrary values: the result is the fold in group-rank order with one rounding per step.
// RULE: bitexact
// REQUIRES: op=tessera.all_reduce dtype=bf16 level=graph deterministic=1 mesh=8
// INPUT: 0@0 tensor<4x4xbf16> hex:c0e8,be6a,bf98,3f53,3f16,4021,bdaa,4016,c0f7,c056,40a4,c06d,bf61,4005,c02c,4008
// INPUT: 0@1 tensor<4x4xbf16> hex:c08a,c0b9,c081,c0a0,bdc4,bf7f,3f71,c04a,40f3,bea8,be38,3faa,bf46,bff8,3e5d,402e
// INPUT: 0@2 tensor<4x4xbf16> hex:3ffa,4032,bfde,c017,40bf,bf41,3fb3,400b,4087,c083,bfbd,bfab,bf70,c0e9,bea5,c10b
// INPUT: 0@3 tensor<4x4xbf16> hex:3f5c,3fca,3fe2,c069,4035,c028,c06d,c03e,c025,3efb,401d,c0cb,bfd3,402c,3f17,3fc1
// INPUT: 0@4 tensor<4x4xbf16> hex:c090,4036,c097,3f12,4083,40b4,3fc4,4029,bfe9,bfb9,4061,3b9e,bec4,c087,3ee7,3ff8
// INPUT: 0@5 tensor<4x4xbf16> hex:c018,bfc3,4098,3f09,bf5e,c05a,bfee,bf40,4083,bfea,40ac,c032,bf89,4022,bf38,c01f
// INPUT: 0@6 tensor<4x4xbf16> hex:becb,3fac,c0a5,bf3f,bea8,bf9b,400d,bfda,bf8c,3de7,400c,bf2a,4092,c02e,4077,c025
// INPUT: 0@7 tensor<4x4xbf16> hex:befa,3f8c,40c5,402c,bf9c,4079,bf24,c018,3fac,3e91,4037,bfd3,3f92,3ff4,3f56,bdb2
// EXPECT: 0 tensor<4x4xbf16> hex:c184,4008,c083,c0e4,4130,4042,be60,c073,4081,c121,419f,c173,3c80,c0dd,400e,c0b2
// GENERATOR: conformance/gen/mesh_collectives.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module attributes {tessera.mesh = {axes = ["x"], shape = [8]}} {
  func.func @main(%a0: tensor<4x4xbf16>) -> tensor<4x4xbf16> {
    %r = "tessera.all_reduce"(%a0) {axes = ["x"], op = "sum"} : (tensor<4x4xbf16>) -> tensor<4x4xbf16>
    return %r : tensor<4x4xbf16>
  }
}

// -----

// CASE: avg_rank_order_8_bf16
// NOTE: NCCL avg: each input times T(1/n), then summed in group-rank order.
// RULE: bitexact
// REQUIRES: op=tessera.all_reduce dtype=bf16 level=graph deterministic=1 mesh=8
// INPUT: 0@0 tensor<4x4xbf16> hex:c006,402e,3ed3,3fbf,bf87,3d20,c047,3e83,4013,3e8f,4025,3f70,4083,bf12,c09d,3fa6
// INPUT: 0@1 tensor<4x4xbf16> hex:befe,c03b,3ffa,3f4b,3fab,bf7f,3f17,3f43,40aa,c003,bd01,3f8c,c0a6,c09a,40d0,c0aa
// INPUT: 0@2 tensor<4x4xbf16> hex:3fdd,c023,c013,c0be,c02d,4017,c085,3fe5,3f71,40c2,bfb6,4073,402b,bf5c,c0a0,4091
// INPUT: 0@3 tensor<4x4xbf16> hex:c083,bfb6,402a,4056,c022,bdc5,bf47,4063,40f0,c0b0,4030,c109,3d2d,c055,40bf,3f00
// INPUT: 0@4 tensor<4x4xbf16> hex:c00d,bfc0,bfdd,3f11,bef3,3ffc,4094,4007,c06b,c09c,c011,404a,bf81,c000,3ed4,c088
// INPUT: 0@5 tensor<4x4xbf16> hex:c05b,3fc4,bf69,bfae,3f74,bfe1,c004,bfb1,3fe7,3e38,c065,bf69,3ff9,40b4,c05b,3f82
// INPUT: 0@6 tensor<4x4xbf16> hex:bf47,401e,3fad,408d,3fc7,bfd1,bfcf,3f9c,3f98,40e6,40a1,c061,3f86,c080,c09f,400f
// INPUT: 0@7 tensor<4x4xbf16> hex:3fd4,c047,409e,c03c,c060,3ffb,3f2a,bef7,be4e,3f2c,bed6,bf04,c0b6,c081,3feb,c007
// EXPECT: 0 tensor<4x4xbf16> hex:bf9c,bf1a,3f4c,3d38,bf4c,3e6d,bf3c,3f7d,3ff2,3e7e,3ea9,bf12,be85,bfe0,bee6,be85
// GENERATOR: conformance/gen/mesh_collectives.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module attributes {tessera.mesh = {axes = ["x"], shape = [8]}} {
  func.func @main(%a0: tensor<4x4xbf16>) -> tensor<4x4xbf16> {
    %r = "tessera.all_reduce"(%a0) {axes = ["x"], op = "avg"} : (tensor<4x4xbf16>) -> tensor<4x4xbf16>
    return %r : tensor<4x4xbf16>
  }
}

// -----

// CASE: sum_rank_order_8_e4m3
// NOTE: Arbitrary values: the result is the fold in group-rank order with one rounding per step.
// RULE: bitexact
// REQUIRES: op=tessera.all_reduce dtype=f8E4M3FN level=graph deterministic=1 mesh=8
// INPUT: 0@0 tensor<4x4xf8E4M3FN> hex:3d,47,b9,36,4c,40,4b,49,41,ab,c2,c5,3c,3b,b0,42
// INPUT: 0@1 tensor<4x4xf8E4M3FN> hex:bf,45,1f,9e,80,a9,4f,ca,31,47,41,b6,4a,c5,c8,3e
// INPUT: 0@2 tensor<4x4xf8E4M3FN> hex:c9,ce,43,41,41,bc,31,c4,4a,41,41,cc,42,49,47,41
// INPUT: 0@3 tensor<4x4xf8E4M3FN> hex:81,b8,3e,39,33,b7,4a,c6,99,be,44,49,47,41,c8,4c
// INPUT: 0@4 tensor<4x4xf8E4M3FN> hex:3c,aa,18,b8,3a,37,b9,cf,9d,3b,3d,af,3b,44,bb,49
// INPUT: 0@5 tensor<4x4xf8E4M3FN> hex:cc,c7,c3,cf,c4,47,47,29,4a,33,bc,34,ad,41,c9,44
// INPUT: 0@6 tensor<4x4xf8E4M3FN> hex:bb,42,c9,ba,27,43,c7,4a,3c,bd,47,2a,46,4e,41,bd
// INPUT: 0@7 tensor<4x4xf8E4M3FN> hex:ba,3e,36,c2,c0,40,4e,d0,41,b2,41,42,22,c4,c8,cb
// EXPECT: 0 tensor<4x4xf8E4M3FN> hex:d4,b4,c4,d0,4a,51,5c,d8,58,48,53,c0,59,55,d5,54
// GENERATOR: conformance/gen/mesh_collectives.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module attributes {tessera.mesh = {axes = ["x"], shape = [8]}} {
  func.func @main(%a0: tensor<4x4xf8E4M3FN>) -> tensor<4x4xf8E4M3FN> {
    %r = "tessera.all_reduce"(%a0) {axes = ["x"], op = "sum"} : (tensor<4x4xf8E4M3FN>) -> tensor<4x4xf8E4M3FN>
    return %r : tensor<4x4xf8E4M3FN>
  }
}

// -----

// CASE: avg_rank_order_8_e4m3
// NOTE: NCCL avg: each input times T(1/n), then summed in group-rank order.
// RULE: bitexact
// REQUIRES: op=tessera.all_reduce dtype=f8E4M3FN level=graph deterministic=1 mesh=8
// INPUT: 0@0 tensor<4x4xf8E4M3FN> hex:47,b2,bd,b5,c8,37,48,46,c9,48,c1,cb,c7,c4,8b,c4
// INPUT: 0@1 tensor<4x4xf8E4M3FN> hex:c9,b5,4c,c0,3b,27,50,cb,45,c7,be,a9,52,c1,cb,48
// INPUT: 0@2 tensor<4x4xf8E4M3FN> hex:c2,b4,99,29,b0,35,39,42,ba,c1,c5,3e,a1,3d,3d,4a
// INPUT: 0@3 tensor<4x4xf8E4M3FN> hex:32,41,c6,c5,b7,c7,40,c8,25,cf,c5,b8,b4,cb,2a,44
// INPUT: 0@4 tensor<4x4xf8E4M3FN> hex:40,c0,be,c6,3f,49,bd,ca,32,40,d0,2d,4d,42,3d,3a
// INPUT: 0@5 tensor<4x4xf8E4M3FN> hex:45,c3,c2,3a,c0,34,cb,41,42,20,30,4a,c5,c3,c5,ba
// INPUT: 0@6 tensor<4x4xf8E4M3FN> hex:c4,1e,c0,c9,c9,47,a5,b3,1a,a8,41,3d,be,c2,c5,c7
// INPUT: 0@7 tensor<4x4xf8E4M3FN> hex:48,c3,cc,c2,c1,38,c3,3d,39,47,4d,51,48,c6,ba,34
// EXPECT: 0 tensor<4x4xf8E4M3FN> hex:2f,b8,bb,c0,ba,38,32,b2,28,b0,ba,3b,3b,c0,b9,34
// GENERATOR: conformance/gen/mesh_collectives.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module attributes {tessera.mesh = {axes = ["x"], shape = [8]}} {
  func.func @main(%a0: tensor<4x4xf8E4M3FN>) -> tensor<4x4xf8E4M3FN> {
    %r = "tessera.all_reduce"(%a0) {axes = ["x"], op = "avg"} : (tensor<4x4xf8E4M3FN>) -> tensor<4x4xf8E4M3FN>
    return %r : tensor<4x4xf8E4M3FN>
  }
}

// -----

// CASE: sum_nvl72_dp_pp_f32
// NOTE: Inputs are small integers: every fold order gives the same bits.
// RULE: bitexact
// REQUIRES: op=tessera.all_reduce dtype=f32 level=graph mesh=72
// INPUT: 0@0 tensor<2x3xf32> hex:c0a00000,c0400000,c0800000,40400000,c1000000,c0a00000
// INPUT: 0@1 tensor<2x3xf32> hex:40400000,00000000,40a00000,c0400000,00000000,40000000
// INPUT: 0@2 tensor<2x3xf32> hex:40a00000,3f800000,41000000,40400000,c0c00000,bf800000
// INPUT: 0@3 tensor<2x3xf32> hex:c0e00000,c0a00000,c0000000,c1000000,41000000,40000000
// INPUT: 0@4 tensor<2x3xf32> hex:bf800000,c0a00000,c0e00000,c1000000,41000000,c0000000
// INPUT: 0@5 tensor<2x3xf32> hex:40800000,c0800000,41000000,40400000,3f800000,c0400000
// INPUT: 0@6 tensor<2x3xf32> hex:3f800000,c0000000,40c00000,40800000,3f800000,40400000
// INPUT: 0@7 tensor<2x3xf32> hex:40400000,c0c00000,41000000,3f800000,c0a00000,40e00000
// INPUT: 0@8 tensor<2x3xf32> hex:bf800000,40e00000,bf800000,40c00000,40000000,c0800000
// INPUT: 0@9 tensor<2x3xf32> hex:c0400000,41000000,3f800000,c0a00000,00000000,c0000000
// INPUT: 0@10 tensor<2x3xf32> hex:3f800000,c0e00000,40c00000,3f800000,40e00000,40800000
// INPUT: 0@11 tensor<2x3xf32> hex:c0800000,40400000,bf800000,c1000000,40e00000,41000000
// INPUT: 0@12 tensor<2x3xf32> hex:41000000,c0400000,c0e00000,40800000,c0e00000,40e00000
// INPUT: 0@13 tensor<2x3xf32> hex:40000000,40a00000,40a00000,00000000,c0000000,3f800000
// INPUT: 0@14 tensor<2x3xf32> hex:41000000,c0c00000,bf800000,c0000000,40800000,40a00000
// INPUT: 0@15 tensor<2x3xf32> hex:c0800000,40400000,c0800000,40400000,40e00000,40400000
// INPUT: 0@16 tensor<2x3xf32> hex:c0800000,c0400000,40e00000,41000000,40a00000,c0400000
// INPUT: 0@17 tensor<2x3xf32> hex:c0000000,c0a00000,c0800000,40400000,c0c00000,c0c00000
// INPUT: 0@18 tensor<2x3xf32> hex:40e00000,41000000,40e00000,3f800000,c0e00000,c0c00000
// INPUT: 0@19 tensor<2x3xf32> hex:3f800000,c1000000,c0c00000,40000000,c0000000,c1000000
// INPUT: 0@20 tensor<2x3xf32> hex:40a00000,c1000000,c0c00000,bf800000,3f800000,bf800000
// INPUT: 0@21 tensor<2x3xf32> hex:c0800000,40c00000,40e00000,c0c00000,41000000,40c00000
// INPUT: 0@22 tensor<2x3xf32> hex:c0c00000,c0000000,40800000,40c00000,c0400000,c0c00000
// INPUT: 0@23 tensor<2x3xf32> hex:40800000,c1000000,c0a00000,bf800000,40a00000,c0a00000
// INPUT: 0@24 tensor<2x3xf32> hex:40800000,00000000,40000000,40a00000,3f800000,40e00000
// INPUT: 0@25 tensor<2x3xf32> hex:00000000,c0e00000,41000000,c0800000,40800000,c0400000
// INPUT: 0@26 tensor<2x3xf32> hex:c0c00000,c0c00000,40800000,bf800000,3f800000,c1000000
// INPUT: 0@27 tensor<2x3xf32> hex:c0800000,c0a00000,40e00000,c0e00000,40800000,bf800000
// INPUT: 0@28 tensor<2x3xf32> hex:00000000,40e00000,c0400000,c0c00000,3f800000,40e00000
// INPUT: 0@29 tensor<2x3xf32> hex:41000000,c0400000,40000000,40800000,c0800000,40c00000
// INPUT: 0@30 tensor<2x3xf32> hex:c0a00000,40000000,40800000,40800000,c0800000,40000000
// INPUT: 0@31 tensor<2x3xf32> hex:40c00000,40e00000,c1000000,40a00000,40800000,bf800000
// INPUT: 0@32 tensor<2x3xf32> hex:41000000,c0800000,bf800000,c0c00000,c0400000,00000000
// INPUT: 0@33 tensor<2x3xf32> hex:c0400000,c0a00000,40c00000,c0a00000,c0a00000,40c00000
// INPUT: 0@34 tensor<2x3xf32> hex:41000000,40400000,00000000,3f800000,bf800000,40c00000
// INPUT: 0@35 tensor<2x3xf32> hex:c0a00000,00000000,40800000,c0000000,3f800000,40400000
// INPUT: 0@36 tensor<2x3xf32> hex:41000000,40000000,41000000,c0a00000,40800000,c0400000
// INPUT: 0@37 tensor<2x3xf32> hex:c0800000,3f800000,c0800000,c0a00000,40400000,40e00000
// INPUT: 0@38 tensor<2x3xf32> hex:c0c00000,c1000000,c0400000,40c00000,c1000000,41000000
// INPUT: 0@39 tensor<2x3xf32> hex:00000000,40000000,c0000000,c0a00000,40400000,40a00000
// INPUT: 0@40 tensor<2x3xf32> hex:c0c00000,bf800000,3f800000,40800000,40c00000,c0400000
// INPUT: 0@41 tensor<2x3xf32> hex:40c00000,c0a00000,c0000000,41000000,40a00000,c0e00000
// INPUT: 0@42 tensor<2x3xf32> hex:bf800000,c1000000,bf800000,40a00000,c0c00000,40a00000
// INPUT: 0@43 tensor<2x3xf32> hex:40a00000,c0400000,c1000000,c0000000,c0000000,40400000
// INPUT: 0@44 tensor<2x3xf32> hex:41000000,40000000,c0000000,40400000,c0c00000,bf800000
// INPUT: 0@45 tensor<2x3xf32> hex:bf800000,41000000,c0a00000,c0c00000,40000000,40000000
// INPUT: 0@46 tensor<2x3xf32> hex:c0c00000,c0a00000,bf800000,c0400000,c1000000,c0400000
// INPUT: 0@47 tensor<2x3xf32> hex:c0400000,40c00000,3f800000,3f800000,00000000,c0400000
// INPUT: 0@48 tensor<2x3xf32> hex:40400000,3f800000,40a00000,bf800000,c1000000,3f800000
// INPUT: 0@49 tensor<2x3xf32> hex:41000000,c0800000,c0800000,c0000000,40e00000,bf800000
// INPUT: 0@50 tensor<2x3xf32> hex:41000000,c0e00000,41000000,c1000000,41000000,40000000
// INPUT: 0@51 tensor<2x3xf32> hex:40000000,c0a00000,40e00000,40a00000,c0a00000,c1000000
// INPUT: 0@52 tensor<2x3xf32> hex:40c00000,c0a00000,c1000000,40000000,c0800000,c0c00000
// INPUT: 0@53 tensor<2x3xf32> hex:41000000,bf800000,bf800000,c0400000,c0800000,c0800000
// INPUT: 0@54 tensor<2x3xf32> hex:c0a00000,c0a00000,c0e00000,41000000,40a00000,c0400000
// INPUT: 0@55 tensor<2x3xf32> hex:40000000,c0c00000,40c00000,40e00000,3f800000,c0c00000
// INPUT: 0@56 tensor<2x3xf32> hex:c0400000,40800000,c0000000,40400000,41000000,40800000
// INPUT: 0@57 tensor<2x3xf32> hex:c0800000,40a00000,c0000000,c0a00000,40c00000,c1000000
// INPUT: 0@58 tensor<2x3xf32> hex:bf800000,bf800000,c0e00000,bf800000,40a00000,c0800000
// INPUT: 0@59 tensor<2x3xf32> hex:c0c00000,40a00000,c0400000,c0e00000,00000000,00000000
// INPUT: 0@60 tensor<2x3xf32> hex:40c00000,00000000,40e00000,c1000000,40400000,40a00000
// INPUT: 0@61 tensor<2x3xf32> hex:3f800000,c0000000,3f800000,bf800000,c0e00000,c0c00000
// INPUT: 0@62 tensor<2x3xf32> hex:3f800000,c0000000,41000000,bf800000,40a00000,40000000
// INPUT: 0@63 tensor<2x3xf32> hex:40e00000,c1000000,40000000,bf800000,40000000,00000000
// INPUT: 0@64 tensor<2x3xf32> hex:c0c00000,41000000,c0000000,40000000,c0a00000,40400000
// INPUT: 0@65 tensor<2x3xf32> hex:41000000,bf800000,40c00000,00000000,40e00000,41000000
// INPUT: 0@66 tensor<2x3xf32> hex:00000000,bf800000,c1000000,41000000,c0000000,40000000
// INPUT: 0@67 tensor<2x3xf32> hex:bf800000,40e00000,40e00000,3f800000,40000000,40a00000
// INPUT: 0@68 tensor<2x3xf32> hex:40000000,40a00000,00000000,c0000000,40a00000,c0400000
// INPUT: 0@69 tensor<2x3xf32> hex:c0000000,40e00000,c1000000,c0400000,c0000000,40a00000
// INPUT: 0@70 tensor<2x3xf32> hex:40e00000,c0a00000,40a00000,00000000,c1000000,c0000000
// INPUT: 0@71 tensor<2x3xf32> hex:bf800000,c0800000,bf800000,c0800000,40a00000,41000000
// EXPECT: 0@0 tensor<2x3xf32> hex:40e00000,c1300000,40a00000,41000000,c0800000,c1b00000
// EXPECT: 0@1 tensor<2x3xf32> hex:40e00000,c1300000,40a00000,41000000,c0800000,c1b00000
// EXPECT: 0@2 tensor<2x3xf32> hex:c1600000,c0400000,c0000000,c1500000,41a00000,41700000
// EXPECT: 0@3 tensor<2x3xf32> hex:c1600000,c0400000,c0000000,c1500000,41a00000,41700000
// EXPECT: 0@4 tensor<2x3xf32> hex:c0c00000,c1a80000,c1300000,40800000,41d80000,c1f00000
// EXPECT: 0@5 tensor<2x3xf32> hex:c0c00000,c1a80000,c1300000,40800000,41d80000,c1f00000
// EXPECT: 0@6 tensor<2x3xf32> hex:41980000,c1e00000,41b80000,00000000,c1300000,41a80000
// EXPECT: 0@7 tensor<2x3xf32> hex:41980000,c1e00000,41b80000,00000000,c1300000,41a80000
// EXPECT: 0@8 tensor<2x3xf32> hex:3f800000,40800000,41600000,c1400000,41200000,c1400000
// EXPECT: 0@9 tensor<2x3xf32> hex:3f800000,40800000,41600000,c1400000,41200000,c1400000
// EXPECT: 0@10 tensor<2x3xf32> hex:c0000000,41000000,41000000,c1100000,40a00000,41f00000
// EXPECT: 0@11 tensor<2x3xf32> hex:c0000000,41000000,41000000,c1100000,40a00000,41f00000
// EXPECT: 0@12 tensor<2x3xf32> hex:41a80000,41600000,c0c00000,41980000,c1200000,41800000
// EXPECT: 0@13 tensor<2x3xf32> hex:41a80000,41600000,c0c00000,41980000,c1200000,41800000
// EXPECT: 0@14 tensor<2x3xf32> hex:41980000,c1400000,40e00000,c1900000,41100000,41200000
// EXPECT: 0@15 tensor<2x3xf32> hex:41980000,c1400000,40e00000,c1900000,41100000,41200000
// EXPECT: 0@16 tensor<2x3xf32> hex:41880000,c1a00000,40000000,40a00000,c1400000,c0800000
// EXPECT: 0@17 tensor<2x3xf32> hex:41880000,c1a00000,40000000,40a00000,c1400000,c0800000
// EXPECT: 0@18 tensor<2x3xf32> hex:40e00000,c1300000,40a00000,41000000,c0800000,c1b00000
// EXPECT: 0@19 tensor<2x3xf32> hex:40e00000,c1300000,40a00000,41000000,c0800000,c1b00000
// EXPECT: 0@20 tensor<2x3xf32> hex:c1600000,c0400000,c0000000,c1500000,41a00000,41700000
// EXPECT: 0@21 tensor<2x3xf32> hex:c1600000,c0400000,c0000000,c1500000,41a00000,41700000
// EXPECT: 0@22 tensor<2x3xf32> hex:c0c00000,c1a80000,c1300000,40800000,41d80000,c1f00000
// EXPECT: 0@23 tensor<2x3xf32> hex:c0c00000,c1a80000,c1300000,40800000,41d80000,c1f00000
// EXPECT: 0@24 tensor<2x3xf32> hex:41980000,c1e00000,41b80000,00000000,c1300000,41a80000
// EXPECT: 0@25 tensor<2x3xf32> hex:41980000,c1e00000,41b80000,00000000,c1300000,41a80000
// EXPECT: 0@26 tensor<2x3xf32> hex:3f800000,40800000,41600000,c1400000,41200000,c1400000
// EXPECT: 0@27 tensor<2x3xf32> hex:3f800000,40800000,41600000,c1400000,41200000,c1400000
// EXPECT: 0@28 tensor<2x3xf32> hex:c0000000,41000000,41000000,c1100000,40a00000,41f00000
// EXPECT: 0@29 tensor<2x3xf32> hex:c0000000,41000000,41000000,c1100000,40a00000,41f00000
// EXPECT: 0@30 tensor<2x3xf32> hex:41a80000,41600000,c0c00000,41980000,c1200000,41800000
// EXPECT: 0@31 tensor<2x3xf32> hex:41a80000,41600000,c0c00000,41980000,c1200000,41800000
// EXPECT: 0@32 tensor<2x3xf32> hex:41980000,c1400000,40e00000,c1900000,41100000,41200000
// EXPECT: 0@33 tensor<2x3xf32> hex:41980000,c1400000,40e00000,c1900000,41100000,41200000
// EXPECT: 0@34 tensor<2x3xf32> hex:41880000,c1a00000,40000000,40a00000,c1400000,c0800000
// EXPECT: 0@35 tensor<2x3xf32> hex:41880000,c1a00000,40000000,40a00000,c1400000,c0800000
// EXPECT: 0@36 tensor<2x3xf32> hex:40e00000,c1300000,40a00000,41000000,c0800000,c1b00000
// EXPECT: 0@37 tensor<2x3xf32> hex:40e00000,c1300000,40a00000,41000000,c0800000,c1b00000
// EXPECT: 0@38 tensor<2x3xf32> hex:c1600000,c0400000,c0000000,c1500000,41a00000,41700000
// EXPECT: 0@39 tensor<2x3xf32> hex:c1600000,c0400000,c0000000,c1500000,41a00000,41700000
// EXPECT: 0@40 tensor<2x3xf32> hex:c0c00000,c1a80000,c1300000,40800000,41d80000,c1f00000
// EXPECT: 0@41 tensor<2x3xf32> hex:c0c00000,c1a80000,c1300000,40800000,41d80000,c1f00000
// EXPECT: 0@42 tensor<2x3xf32> hex:41980000,c1e00000,41b80000,00000000,c1300000,41a80000
// EXPECT: 0@43 tensor<2x3xf32> hex:41980000,c1e00000,41b80000,00000000,c1300000,41a80000
// EXPECT: 0@44 tensor<2x3xf32> hex:3f800000,40800000,41600000,c1400000,41200000,c1400000
// EXPECT: 0@45 tensor<2x3xf32> hex:3f800000,40800000,41600000,c1400000,41200000,c1400000
// EXPECT: 0@46 tensor<2x3xf32> hex:c0000000,41000000,41000000,c1100000,40a00000,41f00000
// EXPECT: 0@47 tensor<2x3xf32> hex:c0000000,41000000,41000000,c1100000,40a00000,41f00000
// EXPECT: 0@48 tensor<2x3xf32> hex:41a80000,41600000,c0c00000,41980000,c1200000,41800000
// EXPECT: 0@49 tensor<2x3xf32> hex:41a80000,41600000,c0c00000,41980000,c1200000,41800000
// EXPECT: 0@50 tensor<2x3xf32> hex:41980000,c1400000,40e00000,c1900000,41100000,41200000
// EXPECT: 0@51 tensor<2x3xf32> hex:41980000,c1400000,40e00000,c1900000,41100000,41200000
// EXPECT: 0@52 tensor<2x3xf32> hex:41880000,c1a00000,40000000,40a00000,c1400000,c0800000
// EXPECT: 0@53 tensor<2x3xf32> hex:41880000,c1a00000,40000000,40a00000,c1400000,c0800000
// EXPECT: 0@54 tensor<2x3xf32> hex:40e00000,c1300000,40a00000,41000000,c0800000,c1b00000
// EXPECT: 0@55 tensor<2x3xf32> hex:40e00000,c1300000,40a00000,41000000,c0800000,c1b00000
// EXPECT: 0@56 tensor<2x3xf32> hex:c1600000,c0400000,c0000000,c1500000,41a00000,41700000
// EXPECT: 0@57 tensor<2x3xf32> hex:c1600000,c0400000,c0000000,c1500000,41a00000,41700000
// EXPECT: 0@58 tensor<2x3xf32> hex:c0c00000,c1a80000,c1300000,40800000,41d80000,c1f00000
// EXPECT: 0@59 tensor<2x3xf32> hex:c0c00000,c1a80000,c1300000,40800000,41d80000,c1f00000
// EXPECT: 0@60 tensor<2x3xf32> hex:41980000,c1e00000,41b80000,00000000,c1300000,41a80000
// EXPECT: 0@61 tensor<2x3xf32> hex:41980000,c1e00000,41b80000,00000000,c1300000,41a80000
// EXPECT: 0@62 tensor<2x3xf32> hex:3f800000,40800000,41600000,c1400000,41200000,c1400000
// EXPECT: 0@63 tensor<2x3xf32> hex:3f800000,40800000,41600000,c1400000,41200000,c1400000
// EXPECT: 0@64 tensor<2x3xf32> hex:c0000000,41000000,41000000,c1100000,40a00000,41f00000
// EXPECT: 0@65 tensor<2x3xf32> hex:c0000000,41000000,41000000,c1100000,40a00000,41f00000
// EXPECT: 0@66 tensor<2x3xf32> hex:41a80000,41600000,c0c00000,41980000,c1200000,41800000
// EXPECT: 0@67 tensor<2x3xf32> hex:41a80000,41600000,c0c00000,41980000,c1200000,41800000
// EXPECT: 0@68 tensor<2x3xf32> hex:41980000,c1400000,40e00000,c1900000,41100000,41200000
// EXPECT: 0@69 tensor<2x3xf32> hex:41980000,c1400000,40e00000,c1900000,41100000,41200000
// EXPECT: 0@70 tensor<2x3xf32> hex:41880000,c1a00000,40000000,40a00000,c1400000,c0800000
// EXPECT: 0@71 tensor<2x3xf32> hex:41880000,c1a00000,40000000,40a00000,c1400000,c0800000
// GENERATOR: conformance/gen/mesh_collectives.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module attributes {tessera.mesh = {axes = ["dp", "tp", "pp"], shape = [4, 9, 2]}} {
  func.func @main(%a0: tensor<2x3xf32>) -> tensor<2x3xf32> {
    %r = "tessera.all_reduce"(%a0) {axes = ["dp", "pp"], op = "sum"} : (tensor<2x3xf32>) -> tensor<2x3xf32>
    return %r : tensor<2x3xf32>
  }
}

// -----

// CASE: sum_nvl72_dp_tp_pp_i32
// NOTE: Inputs are small integers: every fold order gives the same bits.
// RULE: bitexact
// REQUIRES: op=tessera.all_reduce dtype=i32 level=graph mesh=72
// INPUT: 0@0 tensor<2x3xi32> hex:ebad8ad8,2b38e9f9,f66ce72e,f70b720e,a643cb10,12a5fc6e
// INPUT: 0@1 tensor<2x3xi32> hex:31f45886,5872edc2,53b27975,2d44be37,3bab5d83,a0de76cc
// INPUT: 0@2 tensor<2x3xi32> hex:ee40b8d7,b5fb70f7,570dac31,642e5849,c94ae3f8,0ec44e22
// INPUT: 0@3 tensor<2x3xi32> hex:41667f05,172952b6,0a0f4ac8,a9b9d876,7ddbb9bb,a313682e
// INPUT: 0@4 tensor<2x3xi32> hex:b2c49887,b77962af,aebefeca,d3507ead,87ad1d69,0f1482a0
// INPUT: 0@5 tensor<2x3xi32> hex:cfff3b09,df57f1df,4a0c18ee,2d723814,174ec943,ee69835c
// INPUT: 0@6 tensor<2x3xi32> hex:7e6e8529,03ab0043,4032a5b8,73aee667,82fce043,8acfadd4
// INPUT: 0@7 tensor<2x3xi32> hex:7f031fb2,2307e828,e7dd5426,3c77d084,c8c34966,ae1c3819
// INPUT: 0@8 tensor<2x3xi32> hex:964e2133,5c4a1f4b,e0a5e6ae,9f728dbd,b458d9ae,4f0bf4e1
// INPUT: 0@9 tensor<2x3xi32> hex:e0428d3e,b1557a5e,eb4a33a3,ed23778f,d65687ac,e541fcb3
// INPUT: 0@10 tensor<2x3xi32> hex:348dab87,1284386b,d352d90d,22765fb5,42ee33cf,8a5b8df1
// INPUT: 0@11 tensor<2x3xi32> hex:9f40d71e,5097f017,8d979e9a,06c2e219,8ce10ebf,6b224140
// INPUT: 0@12 tensor<2x3xi32> hex:c90af061,ab41f469,ee49a961,f1beb6e9,606c380f,749a1742
// INPUT: 0@13 tensor<2x3xi32> hex:fb829783,227a51ba,3ca2d9ad,01d3c7fa,b60417d6,f86435c5
// INPUT: 0@14 tensor<2x3xi32> hex:1bf12cc7,6a430ef5,d204abd6,81fa1eb3,44e6c6ab,7d93abce
// INPUT: 0@15 tensor<2x3xi32> hex:a5b2ea21,f88b3e77,bf2c89b7,525e4b4e,7b9d0d87,fbbc9fae
// INPUT: 0@16 tensor<2x3xi32> hex:41cc36ae,53b1f360,386f8d42,99334168,27b6be96,ecf96994
// INPUT: 0@17 tensor<2x3xi32> hex:e45693ae,45258cde,ef2442ce,7f125526,f7d18a1a,035fdcd8
// INPUT: 0@18 tensor<2x3xi32> hex:e2a434e9,9306fb91,826ad266,3f5eab40,ab40d9e5,25f55743
// INPUT: 0@19 tensor<2x3xi32> hex:23831991,a6502d77,d7dbe6d1,b5a9c842,925faa07,007d10a4
// INPUT: 0@20 tensor<2x3xi32> hex:7d4639ec,aa8c782e,c82b14ff,6aa0d122,77055ef3,7da31f84
// INPUT: 0@21 tensor<2x3xi32> hex:8160db52,409d23e8,aafb32b0,580fe0ac,4e9a7f01,d4cacf24
// INPUT: 0@22 tensor<2x3xi32> hex:581df07b,9b4f68b0,3a3c0492,3aa0f6c8,4bd1690e,4b41f405
// INPUT: 0@23 tensor<2x3xi32> hex:dde8bee3,31dd1c64,b1cf946a,ad533e41,231c5114,86d53227
// INPUT: 0@24 tensor<2x3xi32> hex:fc2bf010,0df7703a,667505e7,a66133e7,e24425f9,cb71032b
// INPUT: 0@25 tensor<2x3xi32> hex:bd151755,f9f5b811,3b06074d,c03b44f6,eaef83cf,6ecd39a0
// INPUT: 0@26 tensor<2x3xi32> hex:ef408424,d247e035,5f1ffc4f,0f9b17cc,fba45613,7915caae
// INPUT: 0@27 tensor<2x3xi32> hex:6801fd4d,2bbfa007,2afc5468,e2c17458,679c2081,40c783ef
// INPUT: 0@28 tensor<2x3xi32> hex:ba8cece8,b18c0acd,f8540b27,9a9e40a4,2b180937,89ed6d54
// INPUT: 0@29 tensor<2x3xi32> hex:ec3ac308,2af583e8,26fc8f02,2871e81e,8bfc2dac,2bc3fa91
// INPUT: 0@30 tensor<2x3xi32> hex:446ee173,2c63b74b,63bfd48f,1530e76e,5042413c,7116e752
// INPUT: 0@31 tensor<2x3xi32> hex:f3ef1a74,f5b7f093,1c817acb,9f923e0b,480aff93,bfff9fa7
// INPUT: 0@32 tensor<2x3xi32> hex:d6214d60,e88ae15e,692b107b,1cc10661,f461d3bf,db949af8
// INPUT: 0@33 tensor<2x3xi32> hex:e4f7929d,ef8aaf3c,bef04a86,cb284817,02663819,3a4cbd20
// INPUT: 0@34 tensor<2x3xi32> hex:16fd9bc2,585ab644,0830384a,d6ba85da,a19f21e8,4ce3c225
// INPUT: 0@35 tensor<2x3xi32> hex:593714de,b2742597,3bf47e70,7994d3cd,ae53c6fa,db2cd577
// INPUT: 0@36 tensor<2x3xi32> hex:8ba4e740,2951e07c,d3f6f5a3,1a2a7924,78d34a97,950801b8
// INPUT: 0@37 tensor<2x3xi32> hex:88cb0067,15f9391c,9928d523,8bef9833,8840d08b,fc4ef9da
// INPUT: 0@38 tensor<2x3xi32> hex:f1e5f0e8,09852c1d,eed9abbc,73b61d8d,707ba310,aea0512f
// INPUT: 0@39 tensor<2x3xi32> hex:6f4e8d32,8c70b2b0,eede3df8,208289ad,fe97000a,cf59614f
// INPUT: 0@40 tensor<2x3xi32> hex:06004386,0cdeeee1,8790affa,c168d482,9d4d0e55,30bb1586
// INPUT: 0@41 tensor<2x3xi32> hex:f4ac5db0,a035cb9f,4822ebd1,030b0583,22886f6e,4583c830
// INPUT: 0@42 tensor<2x3xi32> hex:c9da3502,646a50e7,9b6be1f8,d3ee1b68,a1b56a0c,0c77b085
// INPUT: 0@43 tensor<2x3xi32> hex:a1678d82,74009f22,46d6b482,a3712a09,4f085bd1,5488ead1
// INPUT: 0@44 tensor<2x3xi32> hex:a1159846,3b94d10b,9d2a3205,774df92d,3c09896f,fd1172c0
// INPUT: 0@45 tensor<2x3xi32> hex:8d8ba607,f48c7edb,fc87fdb5,0b9b1307,6ee082c7,dc770fbb
// INPUT: 0@46 tensor<2x3xi32> hex:90dec44c,8eed9a3c,f276a163,118f54ac,011ddae1,e3cd6a0a
// INPUT: 0@47 tensor<2x3xi32> hex:6d68aa14,015cc306,5228b4c9,3315cd2f,a3cc98f3,e4d14490
// INPUT: 0@48 tensor<2x3xi32> hex:9c7654b7,a9809b8c,d7a10f8e,54acae62,f5526882,71b79ba5
// INPUT: 0@49 tensor<2x3xi32> hex:e2aa48e4,bc1ad34b,321dac1d,1c5ef125,fc693e71,e09a6653
// INPUT: 0@50 tensor<2x3xi32> hex:b32ae404,33aea29d,9e9269c0,8dff0d47,8abb8216,6b5e0657
// INPUT: 0@51 tensor<2x3xi32> hex:33351d53,5ac79cda,7e97e036,a3826023,33909be6,241c4d05
// INPUT: 0@52 tensor<2x3xi32> hex:4ec7ff4c,d4a25bb7,776e8e2e,b5c47216,5a0325a8,58f4ec06
// INPUT: 0@53 tensor<2x3xi32> hex:fafb9c4b,40c48ee8,550d31c1,13c1e315,5e512cba,1ed4bf20
// INPUT: 0@54 tensor<2x3xi32> hex:ec88becb,5ea5faa4,3bff8056,d7653469,1511fcc6,fe354a82
// INPUT: 0@55 tensor<2x3xi32> hex:3f879a1d,bab88aea,ca6fde31,f3fe8564,30eb8d30,abc19181
// INPUT: 0@56 tensor<2x3xi32> hex:646c913e,d879c5fd,4978c464,24a8e1cd,5753ebd0,c6d4f1db
// INPUT: 0@57 tensor<2x3xi32> hex:d7038392,2721f9d4,dc7b7cc9,4c10770d,b3c9318f,212c5137
// INPUT: 0@58 tensor<2x3xi32> hex:f6bfa3bb,f82329a4,207e334d,e4073718,c980f54f,9286dbf9
// INPUT: 0@59 tensor<2x3xi32> hex:1fd999a0,44280194,b4e6518a,7498bca9,33aa9666,bdc12a18
// INPUT: 0@60 tensor<2x3xi32> hex:ef30d0fe,3241f1ce,a654ad59,1a4ee6f1,467bea6f,500fd8ae
// INPUT: 0@61 tensor<2x3xi32> hex:4575dc70,2ed92c7c,dcc5f7a2,b231f9be,68726ec6,a289f8a3
// INPUT: 0@62 tensor<2x3xi32> hex:eb4358ca,d6394d3a,530e38ad,afa61b85,2b7666c3,1a355457
// INPUT: 0@63 tensor<2x3xi32> hex:cbc9e186,967e5ae5,991dfb98,2cdf51bb,859d9c55,490c0971
// INPUT: 0@64 tensor<2x3xi32> hex:dab88e56,8a95b756,be41f823,63206d5d,e9f7470d,51ffa04b
// INPUT: 0@65 tensor<2x3xi32> hex:8942a538,8aeca5e1,bd698173,0c304cb1,a426f2d8,8717440b
// INPUT: 0@66 tensor<2x3xi32> hex:8e4371fd,fa12cc1b,5ee498e9,94c10bea,bbbcc31c,136c8eed
// INPUT: 0@67 tensor<2x3xi32> hex:2a7ccbd4,93bc482d,64b51421,96d49552,3c9feba1,788416aa
// INPUT: 0@68 tensor<2x3xi32> hex:4873422b,4f033d35,696dcb2b,2c32817b,a48d0acb,498ffe5a
// INPUT: 0@69 tensor<2x3xi32> hex:9598284b,b6bc0be2,4b97b88c,9a80ef47,b4dbf11c,d273f403
// INPUT: 0@70 tensor<2x3xi32> hex:2b6e61f4,42cfe7fc,1a4eba14,4163b43d,de5f9bac,37b494b4
// INPUT: 0@71 tensor<2x3xi32> hex:a5c7d0b0,eabfb693,9cddd6e2,02398755,3c22ed6e,3d70beb5
// EXPECT: 0 tensor<2x3xi32> hex:0788583e,3ff3bd42,b88fe22d,ae95af17,1f252645,10a01879
// GENERATOR: conformance/gen/mesh_collectives.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module attributes {tessera.mesh = {axes = ["dp", "tp", "pp"], shape = [4, 9, 2]}} {
  func.func @main(%a0: tensor<2x3xi32>) -> tensor<2x3xi32> {
    %r = "tessera.all_reduce"(%a0) {axes = ["dp", "tp", "pp"], op = "sum"} : (tensor<2x3xi32>) -> tensor<2x3xi32>
    return %r : tensor<2x3xi32>
  }
}

// -----

// CASE: sum_nvl72_tp_bf16
// NOTE: Inputs are small integers: every fold order gives the same bits.
// RULE: bitexact
// REQUIRES: op=tessera.all_reduce dtype=bf16 level=graph mesh=72
// INPUT: 0@0 tensor<2x3xbf16> hex:c080,3f80,40e0,c0a0,c040,bf80
// INPUT: 0@1 tensor<2x3xbf16> hex:c080,40e0,40c0,4100,4100,c0e0
// INPUT: 0@2 tensor<2x3xbf16> hex:0000,c0c0,c080,c100,4040,0000
// INPUT: 0@3 tensor<2x3xbf16> hex:c0c0,40e0,3f80,0000,c040,c040
// INPUT: 0@4 tensor<2x3xbf16> hex:c000,40c0,4000,c080,4080,3f80
// INPUT: 0@5 tensor<2x3xbf16> hex:c000,40e0,c040,40c0,c080,c0c0
// INPUT: 0@6 tensor<2x3xbf16> hex:c080,c040,bf80,c000,4080,40a0
// INPUT: 0@7 tensor<2x3xbf16> hex:bf80,4040,c000,3f80,bf80,c000
// INPUT: 0@8 tensor<2x3xbf16> hex:c080,c080,0000,3f80,c100,40a0
// INPUT: 0@9 tensor<2x3xbf16> hex:bf80,c040,c080,c080,c080,c100
// INPUT: 0@10 tensor<2x3xbf16> hex:bf80,c0e0,c080,c0c0,4100,bf80
// INPUT: 0@11 tensor<2x3xbf16> hex:c0e0,40a0,c0e0,c000,4000,c0c0
// INPUT: 0@12 tensor<2x3xbf16> hex:c0e0,c0c0,40c0,4100,4040,4000
// INPUT: 0@13 tensor<2x3xbf16> hex:4080,c040,4100,40c0,4040,4100
// INPUT: 0@14 tensor<2x3xbf16> hex:c0e0,3f80,4100,bf80,c0c0,c000
// INPUT: 0@15 tensor<2x3xbf16> hex:c000,c000,c000,40c0,0000,4080
// INPUT: 0@16 tensor<2x3xbf16> hex:c040,40e0,c0c0,c100,c080,c0c0
// INPUT: 0@17 tensor<2x3xbf16> hex:c080,0000,4000,3f80,4080,bf80
// INPUT: 0@18 tensor<2x3xbf16> hex:4000,0000,40e0,40e0,c000,3f80
// INPUT: 0@19 tensor<2x3xbf16> hex:c0a0,c080,c0c0,0000,c080,c040
// INPUT: 0@20 tensor<2x3xbf16> hex:3f80,4000,c100,3f80,4080,4080
// INPUT: 0@21 tensor<2x3xbf16> hex:c000,4100,4100,0000,3f80,c100
// INPUT: 0@22 tensor<2x3xbf16> hex:c080,0000,4040,0000,c0e0,40a0
// INPUT: 0@23 tensor<2x3xbf16> hex:c0c0,40e0,40a0,c0c0,4000,40e0
// INPUT: 0@24 tensor<2x3xbf16> hex:c0a0,c0c0,4100,4000,4100,c100
// INPUT: 0@25 tensor<2x3xbf16> hex:bf80,40c0,bf80,bf80,c0c0,c0a0
// INPUT: 0@26 tensor<2x3xbf16> hex:c0c0,4100,bf80,c0e0,40e0,c040
// INPUT: 0@27 tensor<2x3xbf16> hex:bf80,bf80,4000,c080,0000,c000
// INPUT: 0@28 tensor<2x3xbf16> hex:40e0,40c0,3f80,c0a0,4040,3f80
// INPUT: 0@29 tensor<2x3xbf16> hex:c0a0,c0a0,c040,4000,c0e0,c080
// INPUT: 0@30 tensor<2x3xbf16> hex:40e0,c040,40e0,0000,c0a0,c080
// INPUT: 0@31 tensor<2x3xbf16> hex:0000,4080,c0a0,c0a0,c0c0,40c0
// INPUT: 0@32 tensor<2x3xbf16> hex:c000,4040,bf80,c0c0,bf80,0000
// INPUT: 0@33 tensor<2x3xbf16> hex:4040,c0e0,c0c0,c0c0,4040,c040
// INPUT: 0@34 tensor<2x3xbf16> hex:3f80,4080,4080,4000,c000,3f80
// INPUT: 0@35 tensor<2x3xbf16> hex:c0a0,c0a0,40e0,c040,c100,4040
// INPUT: 0@36 tensor<2x3xbf16> hex:40e0,0000,4000,c040,c080,c0e0
// INPUT: 0@37 tensor<2x3xbf16> hex:c0e0,c100,c0a0,40e0,4100,bf80
// INPUT: 0@38 tensor<2x3xbf16> hex:0000,40e0,3f80,c080,4000,4000
// INPUT: 0@39 tensor<2x3xbf16> hex:c040,c080,4100,40e0,c0e0,c0a0
// INPUT: 0@40 tensor<2x3xbf16> hex:3f80,3f80,c0e0,4100,c0a0,4080
// INPUT: 0@41 tensor<2x3xbf16> hex:4100,3f80,4080,c000,c100,3f80
// INPUT: 0@42 tensor<2x3xbf16> hex:bf80,c100,40c0,c0c0,4080,c080
// INPUT: 0@43 tensor<2x3xbf16> hex:c100,c100,40a0,c080,4080,bf80
// INPUT: 0@44 tensor<2x3xbf16> hex:4100,40c0,4100,40e0,c0e0,c100
// INPUT: 0@45 tensor<2x3xbf16> hex:c0a0,bf80,4080,4040,c000,4080
// INPUT: 0@46 tensor<2x3xbf16> hex:c040,c0c0,4080,c100,3f80,c080
// INPUT: 0@47 tensor<2x3xbf16> hex:40c0,c040,4000,c0a0,4100,c0a0
// INPUT: 0@48 tensor<2x3xbf16> hex:4040,4040,4100,c0a0,c080,c0a0
// INPUT: 0@49 tensor<2x3xbf16> hex:40a0,c080,4080,bf80,40c0,c0a0
// INPUT: 0@50 tensor<2x3xbf16> hex:0000,0000,c0e0,40e0,c000,40a0
// INPUT: 0@51 tensor<2x3xbf16> hex:0000,4080,4000,4100,c0e0,40e0
// INPUT: 0@52 tensor<2x3xbf16> hex:40e0,3f80,4080,4040,4040,c040
// INPUT: 0@53 tensor<2x3xbf16> hex:4000,3f80,4080,40e0,c0e0,0000
// INPUT: 0@54 tensor<2x3xbf16> hex:c0e0,bf80,c100,4040,bf80,bf80
// INPUT: 0@55 tensor<2x3xbf16> hex:40a0,c0e0,3f80,c000,c040,c0c0
// INPUT: 0@56 tensor<2x3xbf16> hex:c0e0,40e0,c0c0,4080,c040,bf80
// INPUT: 0@57 tensor<2x3xbf16> hex:4000,c0e0,c0a0,c0e0,c100,c080
// INPUT: 0@58 tensor<2x3xbf16> hex:c040,0000,bf80,c0e0,c040,c000
// INPUT: 0@59 tensor<2x3xbf16> hex:c0a0,c0a0,c000,c0e0,c0e0,c0c0
// INPUT: 0@60 tensor<2x3xbf16> hex:4040,c0c0,c040,40c0,40c0,c0a0
// INPUT: 0@61 tensor<2x3xbf16> hex:40c0,c0e0,0000,40c0,c000,4100
// INPUT: 0@62 tensor<2x3xbf16> hex:0000,4080,40c0,c0e0,c0a0,c0c0
// INPUT: 0@63 tensor<2x3xbf16> hex:bf80,c0c0,0000,c0e0,0000,0000
// INPUT: 0@64 tensor<2x3xbf16> hex:40c0,c100,c040,40a0,4100,c000
// INPUT: 0@65 tensor<2x3xbf16> hex:3f80,c0a0,3f80,c0e0,c0c0,3f80
// INPUT: 0@66 tensor<2x3xbf16> hex:0000,40a0,c100,3f80,3f80,c080
// INPUT: 0@67 tensor<2x3xbf16> hex:0000,40a0,c0c0,0000,4040,3f80
// INPUT: 0@68 tensor<2x3xbf16> hex:4000,40e0,40c0,4040,40e0,c0e0
// INPUT: 0@69 tensor<2x3xbf16> hex:40c0,4040,c0a0,c080,40a0,40a0
// INPUT: 0@70 tensor<2x3xbf16> hex:c100,3f80,0000,3f80,40c0,c0c0
// INPUT: 0@71 tensor<2x3xbf16> hex:4100,c100,40a0,4100,c040,c100
// EXPECT: 0@0 tensor<2x3xbf16> hex:c200,c130,4100,c1c8,3f80,4040
// EXPECT: 0@1 tensor<2x3xbf16> hex:c1b8,41a8,bf80,41b0,40a0,c1a8
// EXPECT: 0@2 tensor<2x3xbf16> hex:c200,c130,4100,c1c8,3f80,4040
// EXPECT: 0@3 tensor<2x3xbf16> hex:c1b8,41a8,bf80,41b0,40a0,c1a8
// EXPECT: 0@4 tensor<2x3xbf16> hex:c200,c130,4100,c1c8,3f80,4040
// EXPECT: 0@5 tensor<2x3xbf16> hex:c1b8,41a8,bf80,41b0,40a0,c1a8
// EXPECT: 0@6 tensor<2x3xbf16> hex:c200,c130,4100,c1c8,3f80,4040
// EXPECT: 0@7 tensor<2x3xbf16> hex:c1b8,41a8,bf80,41b0,40a0,c1a8
// EXPECT: 0@8 tensor<2x3xbf16> hex:c200,c130,4100,c1c8,3f80,4040
// EXPECT: 0@9 tensor<2x3xbf16> hex:c1b8,41a8,bf80,41b0,40a0,c1a8
// EXPECT: 0@10 tensor<2x3xbf16> hex:c200,c130,4100,c1c8,3f80,4040
// EXPECT: 0@11 tensor<2x3xbf16> hex:c1b8,41a8,bf80,41b0,40a0,c1a8
// EXPECT: 0@12 tensor<2x3xbf16> hex:c200,c130,4100,c1c8,3f80,4040
// EXPECT: 0@13 tensor<2x3xbf16> hex:c1b8,41a8,bf80,41b0,40a0,c1a8
// EXPECT: 0@14 tensor<2x3xbf16> hex:c200,c130,4100,c1c8,3f80,4040
// EXPECT: 0@15 tensor<2x3xbf16> hex:c1b8,41a8,bf80,41b0,40a0,c1a8
// EXPECT: 0@16 tensor<2x3xbf16> hex:c200,c130,4100,c1c8,3f80,4040
// EXPECT: 0@17 tensor<2x3xbf16> hex:c1b8,41a8,bf80,41b0,40a0,c1a8
// EXPECT: 0@18 tensor<2x3xbf16> hex:3f80,4160,41a0,c0c0,40a0,c040
// EXPECT: 0@19 tensor<2x3xbf16> hex:c1b0,4040,3f80,c1b8,c1c8,c110
// EXPECT: 0@20 tensor<2x3xbf16> hex:3f80,4160,41a0,c0c0,40a0,c040
// EXPECT: 0@21 tensor<2x3xbf16> hex:c1b0,4040,3f80,c1b8,c1c8,c110
// EXPECT: 0@22 tensor<2x3xbf16> hex:3f80,4160,41a0,c0c0,40a0,c040
// EXPECT: 0@23 tensor<2x3xbf16> hex:c1b0,4040,3f80,c1b8,c1c8,c110
// EXPECT: 0@24 tensor<2x3xbf16> hex:3f80,4160,41a0,c0c0,40a0,c040
// EXPECT: 0@25 tensor<2x3xbf16> hex:c1b0,4040,3f80,c1b8,c1c8,c110
// EXPECT: 0@26 tensor<2x3xbf16> hex:3f80,4160,41a0,c0c0,40a0,c040
// EXPECT: 0@27 tensor<2x3xbf16> hex:c1b0,4040,3f80,c1b8,c1c8,c110
// EXPECT: 0@28 tensor<2x3xbf16> hex:3f80,4160,41a0,c0c0,40a0,c040
// EXPECT: 0@29 tensor<2x3xbf16> hex:c1b0,4040,3f80,c1b8,c1c8,c110
// EXPECT: 0@30 tensor<2x3xbf16> hex:3f80,4160,41a0,c0c0,40a0,c040
// EXPECT: 0@31 tensor<2x3xbf16> hex:c1b0,4040,3f80,c1b8,c1c8,c110
// EXPECT: 0@32 tensor<2x3xbf16> hex:3f80,4160,41a0,c0c0,40a0,c040
// EXPECT: 0@33 tensor<2x3xbf16> hex:c1b0,4040,3f80,c1b8,c1c8,c110
// EXPECT: 0@34 tensor<2x3xbf16> hex:3f80,4160,41a0,c0c0,40a0,c040
// EXPECT: 0@35 tensor<2x3xbf16> hex:c1b0,4040,3f80,c1b8,c1c8,c110
// EXPECT: 0@36 tensor<2x3xbf16> hex:41b0,4080,4198,bf80,c140,c1a0
// EXPECT: 0@37 tensor<2x3xbf16> hex:c000,c1b0,41e0,41a0,c0a0,c0a0
// EXPECT: 0@38 tensor<2x3xbf16> hex:41b0,4080,4198,bf80,c140,c1a0
// EXPECT: 0@39 tensor<2x3xbf16> hex:c000,c1b0,41e0,41a0,c0a0,c0a0
// EXPECT: 0@40 tensor<2x3xbf16> hex:41b0,4080,4198,bf80,c140,c1a0
// EXPECT: 0@41 tensor<2x3xbf16> hex:c000,c1b0,41e0,41a0,c0a0,c0a0
// EXPECT: 0@42 tensor<2x3xbf16> hex:41b0,4080,4198,bf80,c140,c1a0
// EXPECT: 0@43 tensor<2x3xbf16> hex:c000,c1b0,41e0,41a0,c0a0,c0a0
// EXPECT: 0@44 tensor<2x3xbf16> hex:41b0,4080,4198,bf80,c140,c1a0
// EXPECT: 0@45 tensor<2x3xbf16> hex:c000,c1b0,41e0,41a0,c0a0,c0a0
// EXPECT: 0@46 tensor<2x3xbf16> hex:41b0,4080,4198,bf80,c140,c1a0
// EXPECT: 0@47 tensor<2x3xbf16> hex:c000,c1b0,41e0,41a0,c0a0,c0a0
// EXPECT: 0@48 tensor<2x3xbf16> hex:41b0,4080,4198,bf80,c140,c1a0
// EXPECT: 0@49 tensor<2x3xbf16> hex:c000,c1b0,41e0,41a0,c0a0,c0a0
// EXPECT: 0@50 tensor<2x3xbf16> hex:41b0,4080,4198,bf80,c140,c1a0
// EXPECT: 0@51 tensor<2x3xbf16> hex:c000,c1b0,41e0,41a0,c0a0,c0a0
// EXPECT: 0@52 tensor<2x3xbf16> hex:41b0,4080,4198,bf80,c140,c1a0
// EXPECT: 0@53 tensor<2x3xbf16> hex:c000,c1b0,41e0,41a0,c0a0,c0a0
// EXPECT: 0@54 tensor<2x3xbf16> hex:c160,4110,c188,4110,4180,c208
// EXPECT: 0@55 tensor<2x3xbf16> hex:41b0,c214,c130,c1a0,c1a8,c110
// EXPECT: 0@56 tensor<2x3xbf16> hex:c160,4110,c188,4110,4180,c208
// EXPECT: 0@57 tensor<2x3xbf16> hex:41b0,c214,c130,c1a0,c1a8,c110
// EXPECT: 0@58 tensor<2x3xbf16> hex:c160,4110,c188,4110,4180,c208
// EXPECT: 0@59 tensor<2x3xbf16> hex:41b0,c214,c130,c1a0,c1a8,c110
// EXPECT: 0@60 tensor<2x3xbf16> hex:c160,4110,c188,4110,4180,c208
// EXPECT: 0@61 tensor<2x3xbf16> hex:41b0,c214,c130,c1a0,c1a8,c110
// EXPECT: 0@62 tensor<2x3xbf16> hex:c160,4110,c188,4110,4180,c208
// EXPECT: 0@63 tensor<2x3xbf16> hex:41b0,c214,c130,c1a0,c1a8,c110
// EXPECT: 0@64 tensor<2x3xbf16> hex:c160,4110,c188,4110,4180,c208
// EXPECT: 0@65 tensor<2x3xbf16> hex:41b0,c214,c130,c1a0,c1a8,c110
// EXPECT: 0@66 tensor<2x3xbf16> hex:c160,4110,c188,4110,4180,c208
// EXPECT: 0@67 tensor<2x3xbf16> hex:41b0,c214,c130,c1a0,c1a8,c110
// EXPECT: 0@68 tensor<2x3xbf16> hex:c160,4110,c188,4110,4180,c208
// EXPECT: 0@69 tensor<2x3xbf16> hex:41b0,c214,c130,c1a0,c1a8,c110
// EXPECT: 0@70 tensor<2x3xbf16> hex:c160,4110,c188,4110,4180,c208
// EXPECT: 0@71 tensor<2x3xbf16> hex:41b0,c214,c130,c1a0,c1a8,c110
// GENERATOR: conformance/gen/mesh_collectives.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module attributes {tessera.mesh = {axes = ["dp", "tp", "pp"], shape = [4, 9, 2]}} {
  func.func @main(%a0: tensor<2x3xbf16>) -> tensor<2x3xbf16> {
    %r = "tessera.all_reduce"(%a0) {axes = ["tp"], op = "sum"} : (tensor<2x3xbf16>) -> tensor<2x3xbf16>
    return %r : tensor<2x3xbf16>
  }
}
