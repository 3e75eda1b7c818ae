// tessera.select: cond ? a : b with numpy broadcasting.
// Generated file: edit the generator named in each case, then rerun it.

// CASE: same_shape_f32
// NOTE: NaN and -0 pass through as bits.
// RULE: bitexact
// REQUIRES: op=tessera.select dtype=f32 level=graph
// INPUT: 0 tensor<3x4xi1> hex:01,00,00,00,00,00,01,01,01,01,01,01
// INPUT: 1 tensor<3x4xf32> hex:3f62f527,3f057ec7,3e549973,3d1b8300,3e0a6a6c,3f6f53f9,bf31344e,3ea37f08,3e4af531,bf85b803,40106a6c,3ffab794
// INPUT: 2 tensor<3x4xf32> hex:00000000,80000000,3f800000,bf800000,7f800000,ff800000,7fc00000,00000001,80000001,007fffff,00800000,7f7fffff
// EXPECT: 0 tensor<3x4xf32> hex:3f62f527,80000000,3f800000,bf800000,7f800000,ff800000,bf31344e,3ea37f08,3e4af531,bf85b803,40106a6c,3ffab794
// GENERATOR: conformance/gen/graph_elementwise.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module {
  func.func @main(%a0: tensor<3x4xi1>, %a1: tensor<3x4xf32>, %a2: tensor<3x4xf32>) -> tensor<3x4xf32> {
    %0 = "tessera.select"(%a0, %a1, %a2) : (tensor<3x4xi1>, tensor<3x4xf32>, tensor<3x4xf32>) -> tensor<3x4xf32>
    return %0 : tensor<3x4xf32>
  }
}

// -----

// CASE: broadcast_i64
// NOTE: cond (2,1), a (3,), b rank 0 -> (2,3).
// RULE: bitexact
// REQUIRES: op=tessera.select dtype=i64 level=graph
// INPUT: 0 tensor<2x1xi1> hex:01,00
// INPUT: 1 tensor<3xi64> hex:0000000000000000,0000000000000001,0000000000000002
// INPUT: 2 tensor<i64> hex:fffffffffffffff9
// EXPECT: 0 tensor<2x3xi64> hex:0000000000000000,0000000000000001,0000000000000002,fffffffffffffff9,fffffffffffffff9,fffffffffffffff9
// GENERATOR: conformance/gen/graph_elementwise.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module {
  func.func @main(%a0: tensor<2x1xi1>, %a1: tensor<3xi64>, %a2: tensor<i64>) -> tensor<2x3xi64> {
    %0 = "tessera.select"(%a0, %a1, %a2) : (tensor<2x1xi1>, tensor<3xi64>, tensor<i64>) -> tensor<2x3xi64>
    return %0 : tensor<2x3xi64>
  }
}

// -----

// CASE: bf16
// RULE: bitexact
// REQUIRES: op=tessera.select dtype=bf16 level=graph
// INPUT: 0 tensor<3xi1> hex:01,00,01
// INPUT: 1 tensor<3xbf16> hex:3fc0,4020,8000
// INPUT: 2 tensor<3xbf16> hex:7fc0,c040,4080
// EXPECT: 0 tensor<3xbf16> hex:3fc0,c040,8000
// GENERATOR: conformance/gen/graph_elementwise.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module {
  func.func @main(%a0: tensor<3xi1>, %a1: tensor<3xbf16>, %a2: tensor<3xbf16>) -> tensor<3xbf16> {
    %0 = "tessera.select"(%a0, %a1, %a2) : (tensor<3xi1>, tensor<3xbf16>, tensor<3xbf16>) -> tensor<3xbf16>
    return %0 : tensor<3xbf16>
  }
}

// -----

// CASE: f64
// RULE: bitexact
// REQUIRES: op=tessera.select dtype=f64 level=graph
// INPUT: 0 tensor<3xi1> hex:01,00,01
// INPUT: 1 tensor<3xf64> hex:0000000000000000,8000000000000000,3ff0000000000000
// INPUT: 2 tensor<3xf64> hex:bff0000000000000,7ff0000000000000,fff0000000000000
// EXPECT: 0 tensor<3xf64> hex:0000000000000000,7ff0000000000000,3ff0000000000000
// GENERATOR: conformance/gen/graph_elementwise.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module {
  func.func @main(%a0: tensor<3xi1>, %a1: tensor<3xf64>, %a2: tensor<3xf64>) -> tensor<3xf64> {
    %0 = "tessera.select"(%a0, %a1, %a2) : (tensor<3xi1>, tensor<3xf64>, tensor<3xf64>) -> tensor<3xf64>
    return %0 : tensor<3xf64>
  }
}
