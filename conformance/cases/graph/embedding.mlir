// tessera.embedding: table rows by id.
// Generated file: edit the generator named in each case, then rerun it.

// CASE: ids_2d_f32
// RULE: bitexact
// REQUIRES: op=tessera.embedding dtype=f32 level=graph
// INPUT: 0 tensor<10x4xf32> hex:bf0a0c3b,bf39b35c,bf61d6d2,3ee11cd6,3f262bb8,3f463665,3ff8341f,3fbcd924,3f92e5f7,bfc7c8e0,bea0d4b1,bdf37981,bfc33140,bf95e026,bfc33893,3f21bcb8,bf6506db,3fbbd86d,be804122,bfb6c1c8,3dfe0600,bd1c77fb,be947eb3,3f31da73,3f9be224,bf3f6d91,bfc81bb7,bf18f2f2,bea0d0d4,bf7514d9,3f2a7356,3eee8251,bfcc58dc,bf0f850c,3febc739,3f3f372c,40131b09,bf34fc43,bef19bcd,bc8f9a46
// INPUT: 1 tensor<2x3xi64> hex:0000000000000007,0000000000000007,0000000000000005,0000000000000005,0000000000000001,0000000000000009
// EXPECT: 0 tensor<2x3x4xf32> hex:bea0d0d4,bf7514d9,3f2a7356,3eee8251,bea0d0d4,bf7514d9,3f2a7356,3eee8251,3dfe0600,bd1c77fb,be947eb3,3f31da73,3dfe0600,bd1c77fb,be947eb3,3f31da73,3f262bb8,3f463665,3ff8341f,3fbcd924,40131b09,bf34fc43,bef19bcd,bc8f9a46
// GENERATOR: conformance/gen/graph_index.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module {
  func.func @main(%table: tensor<10x4xf32>, %ids: tensor<2x3xi64>) -> tensor<2x3x4xf32> {
    %0 = "tessera.embedding"(%table, %ids) : (tensor<10x4xf32>, tensor<2x3xi64>) -> tensor<2x3x4xf32>
    return %0 : tensor<2x3x4xf32>
  }
}

// -----

// CASE: bf16
// RULE: bitexact
// REQUIRES: op=tessera.embedding dtype=bf16 level=graph
// INPUT: 0 tensor<10x4xbf16> hex:bf0a,bf3a,bf62,3ee1,3f26,3f46,3ff8,3fbd,3f93,bfc8,bea1,bdf3,bfc3,bf96,bfc3,3f22,bf65,3fbc,be80,bfb7,3dfe,bd1c,be94,3f32,3f9c,bf3f,bfc8,bf19,bea1,bf75,3f2a,3eef,bfcc,bf10,3fec,3f3f,4013,bf35,bef2,bc90
// INPUT: 1 tensor<3xi32> hex:00000009,00000000,00000009
// EXPECT: 0 tensor<3x4xbf16> hex:4013,bf35,bef2,bc90,bf0a,bf3a,bf62,3ee1,4013,bf35,bef2,bc90
// GENERATOR: conformance/gen/graph_index.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module {
  func.func @main(%table: tensor<10x4xbf16>, %ids: tensor<3xi32>) -> tensor<3x4xbf16> {
    %0 = "tessera.embedding"(%table, %ids) : (tensor<10x4xbf16>, tensor<3xi32>) -> tensor<3x4xbf16>
    return %0 : tensor<3x4xbf16>
  }
}

// -----

// CASE: f64_i32
// RULE: bitexact
// REQUIRES: op=tessera.embedding dtype=f64 level=graph
// INPUT: 0 tensor<5x3xf64> hex:3ff084a7b2b23a2a,bff5a315b7384967,3fe2d05ddaa16d71,bfbaeb807e3e5fff,bfd0284d7b535703,bff1733aa83453eb,bfd35cbb1998684b,bffd9d32b1bcd75f,3fc697c5ab65ec73,3fea4a9fb2d732cf,3fd37a73247f13a0,3fe890fa056bf854,bfea73dbcc471ede,bfd88c441c7a0dda,bfc43845936fec77
// INPUT: 1 tensor<2x1xi32> hex:00000004,00000002
// EXPECT: 0 tensor<2x1x3xf64> hex:bfea73dbcc471ede,bfd88c441c7a0dda,bfc43845936fec77,bfd35cbb1998684b,bffd9d32b1bcd75f,3fc697c5ab65ec73
// GENERATOR: conformance/gen/graph_index.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module {
  func.func @main(%table: tensor<5x3xf64>, %ids: tensor<2x1xi32>) -> tensor<2x1x3xf64> {
    %0 = "tessera.embedding"(%table, %ids) : (tensor<5x3xf64>, tensor<2x1xi32>) -> tensor<2x1x3xf64>
    return %0 : tensor<2x1x3xf64>
  }
}
