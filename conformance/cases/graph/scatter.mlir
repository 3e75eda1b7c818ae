// tessera.scatter: updates in C order (last wins, or sequential adds).
// Generated file: edit the generator named in each case, then rerun it.

// CASE: set_dup_last_wins_f32
// NOTE: Index 4 twice: the later update (C order) wins.
// RULE: bitexact
// REQUIRES: op=tessera.scatter dtype=f32 level=graph
// INPUT: 0 tensor<5x3xf32> hex:bf9fba45,3e9cbabb,be9f5a35,3f45a585,bf472271,3ffcdd56,3f8bbe9e,3f0c1ccf,bf45d852,3d8348fe,3f9480d0,4009d5dd,bf4c8d94,3f59f9e9,bf3ce2d8
// INPUT: 1 tensor<3xi32> hex:00000004,00000001,00000004
// INPUT: 2 tensor<3x3xf32> hex:3f129cd9,befadbb2,3f1d8fd5,c00bcec4,4002b452,3f640d6c,40216038,be55cef3,bf1ae021
// EXPECT: 0 tensor<5x3xf32> hex:bf9fba45,3e9cbabb,be9f5a35,c00bcec4,4002b452,3f640d6c,3f8bbe9e,3f0c1ccf,bf45d852,3d8348fe,3f9480d0,4009d5dd,40216038,be55cef3,bf1ae021
// GENERATOR: conformance/gen/graph_index.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module {
  func.func @main(%dst: tensor<5x3xf32>, %idx: tensor<3xi32>, %upd: tensor<3x3xf32>) -> tensor<5x3xf32> {
    %0 = "tessera.scatter"(%dst, %idx, %upd) : (tensor<5x3xf32>, tensor<3xi32>, tensor<3x3xf32>) -> tensor<5x3xf32>
    return %0 : tensor<5x3xf32>
  }
}

// -----

// CASE: add_dup_f32
// RULE: bitexact
// REQUIRES: op=tessera.scatter dtype=f32 level=graph
// INPUT: 0 tensor<5x3xf32> hex:bf9fba45,3e9cbabb,be9f5a35,3f45a585,bf472271,3ffcdd56,3f8bbe9e,3f0c1ccf,bf45d852,3d8348fe,3f9480d0,4009d5dd,bf4c8d94,3f59f9e9,bf3ce2d8
// INPUT: 1 tensor<3xi32> hex:00000004,00000001,00000004
// INPUT: 2 tensor<3x3xf32> hex:3f3b8fa9,3f582a24,3fae2d8f,3f0f68be,3fd04b10,bd923499,be1d358c,bdf6b8f8,bf0e81df
// EXPECT: 0 tensor<5x3xf32> hex:bf9fba45,3e9cbabb,be9f5a35,3faa8722,3f5973af,3ff3ba0c,3f8bbe9e,3f0c1ccf,bf45d852,3d8348fe,3f9480d0,4009d5dd,be612d38,3fc9a676,3d87b338
// GENERATOR: conformance/gen/graph_index.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module {
  func.func @main(%dst: tensor<5x3xf32>, %idx: tensor<3xi32>, %upd: tensor<3x3xf32>) -> tensor<5x3xf32> {
    %0 = "tessera.scatter"(%dst, %idx, %upd) {reduction = "add"} : (tensor<5x3xf32>, tensor<3xi32>, tensor<3x3xf32>) -> tensor<5x3xf32>
    return %0 : tensor<5x3xf32>
  }
}

// -----

// CASE: add_axis1_f64
// NOTE: Three adds into column 5 of each row, in C order of the updates.
// RULE: bitexact
// REQUIRES: op=tessera.scatter dtype=f64 level=graph
// INPUT: 0 tensor<2x6xf64> hex:3fcf771966755750,3ffe0a5713cc7d4c,3fe1e85bb6e0acc7,3fe110c5af9f6b21,3fd67d9738994ef1,bff06f72746aba26,3fb5e8e7c91f6b0c,bfce259795c9f9a6,3fdbda46148331d3,bff6318c0848fd6b,bfd0c6cd11f0e130,3fd9883eecaafeab
// INPUT: 1 tensor<2x2xi64> hex:0000000000000000,0000000000000005,0000000000000005,0000000000000005
// INPUT: 2 tensor<2x2x2xf64> hex:bfe841c0a50d06c4,3ff4edecedf379d3,bfdfa7dba9fbbc10,bfa36f763206c0b9,bff830c8a0a52754,bfe1003ed1fed1ae,3fdb7e1c237cf6b5,3f9b6cbe2f135870
// EXPECT: 0 tensor<2x6xf64> hex:bfe063fa4b6fb0f0,3ffe0a5713cc7d4c,3fe1e85bb6e0acc7,3fe110c5af9f6b21,3fd67d9738994ef1,bfd01be08a199573,bff6d23a241330a3,bfce259795c9f9a6,3fdbda46148331d3,bff6318c0848fd6b,bfd0c6cd11f0e130,3fd4bca94f1b878b
// GENERATOR: conformance/gen/graph_index.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module {
  func.func @main(%dst: tensor<2x6xf64>, %idx: tensor<2x2xi64>, %upd: tensor<2x2x2xf64>) -> tensor<2x6xf64> {
    %0 = "tessera.scatter"(%dst, %idx, %upd) {axis = 1, reduction = "add"} : (tensor<2x6xf64>, tensor<2x2xi64>, tensor<2x2x2xf64>) -> tensor<2x6xf64>
    return %0 : tensor<2x6xf64>
  }
}

// -----

// CASE: add_order_f32
// NOTE: (0 + 1e8) + 1 rounds the 1 away: only the sequential order gives 0.
// RULE: bitexact
// REQUIRES: op=tessera.scatter dtype=f32 level=graph
// INPUT: 0 tensor<1xf32> hex:00000000
// INPUT: 1 tensor<3xi32> hex:00000000,00000000,00000000
// INPUT: 2 tensor<3xf32> hex:4cbebc20,3f800000,ccbebc20
// EXPECT: 0 tensor<1xf32> hex:00000000
// GENERATOR: conformance/gen/graph_index.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module {
  func.func @main(%dst: tensor<1xf32>, %idx: tensor<3xi32>, %upd: tensor<3xf32>) -> tensor<1xf32> {
    %0 = "tessera.scatter"(%dst, %idx, %upd) {reduction = "add"} : (tensor<1xf32>, tensor<3xi32>, tensor<3xf32>) -> tensor<1xf32>
    return %0 : tensor<1xf32>
  }
}

// -----

// CASE: add_wrap_i32
// NOTE: Integer adds wrap around.
// RULE: bitexact
// REQUIRES: op=tessera.scatter dtype=i32 level=graph
// INPUT: 0 tensor<2xi32> hex:7fffffff,00000005
// INPUT: 1 tensor<2xi32> hex:00000000,00000000
// INPUT: 2 tensor<2xi32> hex:00000001,00000001
// EXPECT: 0 tensor<2xi32> hex:80000001,00000005
// GENERATOR: conformance/gen/graph_index.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module {
  func.func @main(%dst: tensor<2xi32>, %idx: tensor<2xi32>, %upd: tensor<2xi32>) -> tensor<2xi32> {
    %0 = "tessera.scatter"(%dst, %idx, %upd) {reduction = "add"} : (tensor<2xi32>, tensor<2xi32>, tensor<2xi32>) -> tensor<2xi32>
    return %0 : tensor<2xi32>
  }
}

// -----

// CASE: set_i1
// RULE: bitexact
// REQUIRES: op=tessera.scatter dtype=i1 level=graph
// INPUT: 0 tensor<4xi1> hex:00,00,00,00
// INPUT: 1 tensor<2xi8> hex:03,00
// INPUT: 2 tensor<2xi1> hex:01,01
// EXPECT: 0 tensor<4xi1> hex:01,00,00,01
// GENERATOR: conformance/gen/graph_index.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module {
  func.func @main(%dst: tensor<4xi1>, %idx: tensor<2xi8>, %upd: tensor<2xi1>) -> tensor<4xi1> {
    %0 = "tessera.scatter"(%dst, %idx, %upd) : (tensor<4xi1>, tensor<2xi8>, tensor<2xi1>) -> tensor<4xi1>
    return %0 : tensor<4xi1>
  }
}
