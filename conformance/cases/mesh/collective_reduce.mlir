// tessera.collective_reduce: per-rank inputs and expectations (docs/collectives.md).
// Generated file: edit the generator named in each case, then rerun it.

// CASE: opsum_root2_8_x_f32
// NOTE: Inputs are small integers: every fold order gives the same bits.
// RULE: bitexact
// REQUIRES: op=tessera.collective_reduce dtype=f32 level=graph mesh=8
// INPUT: 0@0 tensor<2x3xf32> hex:c0e00000,c0800000,bf800000,00000000,c1000000,40e00000
// INPUT: 0@1 tensor<2x3xf32> hex:bf800000,c0a00000,c0a00000,40800000,bf800000,c0800000
// INPUT: 0@2 tensor<2x3xf32> hex:bf800000,c0a00000,c0c00000,c0400000,41000000,c0e00000
// INPUT: 0@3 tensor<2x3xf32> hex:3f800000,40e00000,bf800000,c0000000,3f800000,c0c00000
// INPUT: 0@4 tensor<2x3xf32> hex:40400000,c1000000,3f800000,c0e00000,c1000000,c0a00000
// INPUT: 0@5 tensor<2x3xf32> hex:40800000,bf800000,bf800000,40000000,c0e00000,41000000
// INPUT: 0@6 tensor<2x3xf32> hex:00000000,40e00000,40800000,c0800000,c0400000,40000000
// INPUT: 0@7 tensor<2x3xf32> hex:40c00000,40e00000,00000000,c0e00000,41000000,40c00000
// EXPECT: 0@0 tensor<2x3xf32> hex:00000000,00000000,00000000,00000000,00000000,00000000
// EXPECT: 0@1 tensor<2x3xf32> hex:00000000,00000000,00000000,00000000,00000000,00000000
// EXPECT: 0@2 tensor<2x3xf32> hex:40a00000,c0000000,c1100000,c1880000,c1200000,3f800000
// EXPECT: 0@3 tensor<2x3xf32> hex:00000000,00000000,00000000,00000000,00000000,00000000
// EXPECT: 0@4 tensor<2x3xf32> hex:00000000,00000000,00000000,00000000,00000000,00000000
// EXPECT: 0@5 tensor<2x3xf32> hex:00000000,00000000,00000000,00000000,00000000,00000000
// EXPECT: 0@6 tensor<2x3xf32> hex:00000000,00000000,00000000,00000000,00000000,00000000
// EXPECT: 0@7 tensor<2x3xf32> hex:00000000,00000000,00000000,00000000,00000000,00000000
// GENERATOR: conformance/gen/mesh_collectives.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module attributes {tessera.mesh = {axes = ["x"], shape = [8]}} {
  func.func @main(%a0: tensor<2x3xf32>) -> tensor<2x3xf32> {
    %r = "tessera.collective_reduce"(%a0) {axes = ["x"], op = "sum", root = 2} : (tensor<2x3xf32>) -> tensor<2x3xf32>
    return %r : tensor<2x3xf32>
  }
}

// -----

// CASE: opmin_root0_2x4_dp_f32
// NOTE: Inputs are small integers: every fold order gives the same bits.
// RULE: bitexact
// REQUIRES: op=tessera.collective_reduce dtype=f32 level=graph mesh=8
// INPUT: 0@0 tensor<2x3xf32> hex:40800000,c0000000,c0c00000,40a00000,c0a00000,c0400000
// INPUT: 0@1 tensor<2x3xf32> hex:40c00000,40000000,c0400000,00000000,40000000,c0e00000
// INPUT: 0@2 tensor<2x3xf32> hex:c0800000,40800000,40000000,40a00000,40800000,00000000
// INPUT: 0@3 tensor<2x3xf32> hex:c0400000,c0000000,c0a00000,41000000,c1000000,c0000000
// INPUT: 0@4 tensor<2x3xf32> hex:c0e00000,40c00000,40400000,bf800000,40a00000,c0000000
// INPUT: 0@5 tensor<2x3xf32> hex:bf800000,c0000000,40800000,c0e00000,3f800000,c0800000
// INPUT: 0@6 tensor<2x3xf32> hex:41000000,c0a00000,c0000000,c0e00000,00000000,3f800000
// INPUT: 0@7 tensor<2x3xf32> hex:40800000,bf800000,c0800000,c1000000,40e00000,c0c00000
// EXPECT: 0@0 tensor<2x3xf32> hex:c0e00000,c0000000,c0c00000,bf800000,c0a00000,c0400000
// EXPECT: 0@1 tensor<2x3xf32> hex:bf800000,c0000000,c0400000,c0e00000,3f800000,c0e00000
// EXPECT: 0@2 tensor<2x3xf32> hex:c0800000,c0a00000,c0000000,c0e00000,00000000,00000000
// EXPECT: 0@3 tensor<2x3xf32> hex:c0400000,c0000000,c0a00000,c1000000,c1000000,c0c00000
// EXPECT: 0@4 tensor<2x3xf32> hex:00000000,00000000,00000000,00000000,00000000,00000000
// EXPECT: 0@5 tensor<2x3xf32> hex:00000000,00000000,00000000,00000000,00000000,00000000
// EXPECT: 0@6 tensor<2x3xf32> hex:00000000,00000000,00000000,00000000,00000000,00000000
// EXPECT: 0@7 tensor<2x3xf32> hex:00000000,00000000,00000000,00000000,00000000,00000000
// GENERATOR: conformance/gen/mesh_collectives.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module attributes {tessera.mesh = {axes = ["dp", "tp"], shape = [2, 4]}} {
  func.func @main(%a0: tensor<2x3xf32>) -> tensor<2x3xf32> {
    %r = "tessera.collective_reduce"(%a0) {axes = ["dp"], op = "min", root = 0} : (tensor<2x3xf32>) -> tensor<2x3xf32>
    return %r : tensor<2x3xf32>
  }
}

// -----

// CASE: opsum_root2_8_x_bf16
// NOTE: Inputs are small integers: every fold order gives the same bits.
// RULE: bitexact
// REQUIRES: op=tessera.collective_reduce dtype=bf16 level=graph mesh=8
// INPUT: 0@0 tensor<2x3xbf16> hex:40a0,40e0,c040,c0c0,4040,c000
// INPUT: 0@1 tensor<2x3xbf16> hex:c100,4100,40e0,c0e0,4080,c000
// INPUT: 0@2 tensor<2x3xbf16> hex:c0e0,40a0,40c0,c100,c0e0,c0e0
// INPUT: 0@3 tensor<2x3xbf16> hex:4100,40e0,40c0,4040,c0e0,c080
// INPUT: 0@4 tensor<2x3xbf16> hex:0000,0000,c0e0,c080,4040,40e0
// INPUT: 0@5 tensor<2x3xbf16> hex:c0e0,4100,c040,c0e0,40e0,0000
// INPUT: 0@6 tensor<2x3xbf16> hex:4040,c0a0,40e0,c000,c000,4080
// INPUT: 0@7 tensor<2x3xbf16> hex:4080,4080,c0a0,c0a0,3f80,c040
// EXPECT: 0@0 tensor<2x3xbf16> hex:0000,0000,0000,0000,0000,0000
// EXPECT: 0@1 tensor<2x3xbf16> hex:0000,0000,0000,0000,0000,0000
// EXPECT: 0@2 tensor<2x3xbf16> hex:c000,4208,4100,c210,4000,c0e0
// EXPECT: 0@3 tensor<2x3xbf16> hex:0000,0000,0000,0000,0000,0000
// EXPECT: 0@4 tensor<2x3xbf16> hex:0000,0000,0000,0000,0000,0000
// EXPECT: 0@5 tensor<2x3xbf16> hex:0000,0000,0000,0000,0000,0000
// EXPECT: 0@6 tensor<2x3xbf16> hex:0000,0000,0000,0000,0000,0000
// EXPECT: 0@7 tensor<2x3xbf16> hex:0000,0000,0000,0000,0000,0000
// GENERATOR: conformance/gen/mesh_collectives.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module attributes {tessera.mesh = {axes = ["x"], shape = [8]}} {
  func.func @main(%a0: tensor<2x3xbf16>) -> tensor<2x3xbf16> {
    %r = "tessera.collective_reduce"(%a0) {axes = ["x"], op = "sum", root = 2} : (tensor<2x3xbf16>) -> tensor<2x3xbf16>
    return %r : tensor<2x3xbf16>
  }
}

// -----

// CASE: opmin_root0_2x4_dp_bf16
// NOTE: Inputs are small integers: every fold order gives the same bits.
// RULE: bitexact
// REQUIRES: op=tessera.collective_reduce dtype=bf16 level=graph mesh=8
// INPUT: 0@0 tensor<2x3xbf16> hex:c100,bf80,40a0,c000,bf80,4040
// INPUT: 0@1 tensor<2x3xbf16> hex:4100,40a0,c0c0,c040,3f80,bf80
// INPUT: 0@2 tensor<2x3xbf16> hex:c0a0,c0e0,4040,c000,c040,4100
// INPUT: 0@3 tensor<2x3xbf16> hex:40c0,0000,40e0,3f80,40e0,4000
// INPUT: 0@4 tensor<2x3xbf16> hex:c000,3f80,4040,40a0,4100,c080
// INPUT: 0@5 tensor<2x3xbf16> hex:c0e0,c040,3f80,40e0,40e0,0000
// INPUT: 0@6 tensor<2x3xbf16> hex:c100,4100,c0a0,c0c0,c0a0,40a0
// INPUT: 0@7 tensor<2x3xbf16> hex:3f80,0000,c040,0000,4080,40c0
// EXPECT: 0@0 tensor<2x3xbf16> hex:c100,bf80,4040,c000,bf80,c080
// EXPECT: 0@1 tensor<2x3xbf16> hex:c0e0,c040,c0c0,c040,3f80,bf80
// EXPECT: 0@2 tensor<2x3xbf16> hex:c100,c0e0,c0a0,c0c0,c0a0,40a0
// EXPECT: 0@3 tensor<2x3xbf16> hex:3f80,0000,c040,0000,4080,4000
// EXPECT: 0@4 tensor<2x3xbf16> hex:0000,0000,0000,0000,0000,0000
// EXPECT: 0@5 tensor<2x3xbf16> hex:0000,0000,0000,0000,0000,0000
// EXPECT: 0@6 tensor<2x3xbf16> hex:0000,0000,0000,0000,0000,0000
// EXPECT: 0@7 tensor<2x3xbf16> hex:0000,0000,0000,0000,0000,0000
// GENERATOR: conformance/gen/mesh_collectives.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module attributes {tessera.mesh = {axes = ["dp", "tp"], shape = [2, 4]}} {
  func.func @main(%a0: tensor<2x3xbf16>) -> tensor<2x3xbf16> {
    %r = "tessera.collective_reduce"(%a0) {axes = ["dp"], op = "min", root = 0} : (tensor<2x3xbf16>) -> tensor<2x3xbf16>
    return %r : tensor<2x3xbf16>
  }
}

// -----

// CASE: opsum_root2_8_x_e4m3
// NOTE: Inputs are small integers: every fold order gives the same bits.
// RULE: bitexact
// REQUIRES: op=tessera.collective_reduce dtype=f8E4M3FN level=graph mesh=8
// INPUT: 0@0 tensor<2x3xf8E4M3FN> hex:40,c0,38,00,b8,b8
// INPUT: 0@1 tensor<2x3xf8E4M3FN> hex:c0,b8,b8,40,40,b8
// INPUT: 0@2 tensor<2x3xf8E4M3FN> hex:b8,38,c0,c0,b8,40
// INPUT: 0@3 tensor<2x3xf8E4M3FN> hex:00,40,c0,38,b8,c0
// INPUT: 0@4 tensor<2x3xf8E4M3FN> hex:38,38,38,c0,40,b8
// INPUT: 0@5 tensor<2x3xf8E4M3FN> hex:c0,c0,c0,c0,38,c0
// INPUT: 0@6 tensor<2x3xf8E4M3FN> hex:00,c0,38,40,40,b8
// INPUT: 0@7 tensor<2x3xf8E4M3FN> hex:00,40,40,c0,38,c0
// EXPECT: 0@0 tensor<2x3xf8E4M3FN> hex:00,00,00,00,00,00
// EXPECT: 0@1 tensor<2x3xf8E4M3FN> hex:00,00,00,00,00,00
// EXPECT: 0@2 tensor<2x3xf8E4M3FN> hex:c0,b8,c0,c4,4a,d0
// EXPECT: 0@3 tensor<2x3xf8E4M3FN> hex:00,00,00,00,00,00
// EXPECT: 0@4 tensor<2x3xf8E4M3FN> hex:00,00,00,00,00,00
// EXPECT: 0@5 tensor<2x3xf8E4M3FN> hex:00,00,00,00,00,00
// EXPECT: 0@6 tensor<2x3xf8E4M3FN> hex:00,00,00,00,00,00
// EXPECT: 0@7 tensor<2x3xf8E4M3FN> hex:00,00,00,00,00,00
// GENERATOR: conformance/gen/mesh_collectives.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module attributes {tessera.mesh = {axes = ["x"], shape = [8]}} {
  func.func @main(%a0: tensor<2x3xf8E4M3FN>) -> tensor<2x3xf8E4M3FN> {
    %r = "tessera.collective_reduce"(%a0) {axes = ["x"], op = "sum", root = 2} : (tensor<2x3xf8E4M3FN>) -> tensor<2x3xf8E4M3FN>
    return %r : tensor<2x3xf8E4M3FN>
  }
}

// -----

// CASE: opmin_root0_2x4_dp_e4m3
// NOTE: Inputs are small integers: every fold order gives the same bits.
// RULE: bitexact
// REQUIRES: op=tessera.collective_reduce dtype=f8E4M3FN level=graph mesh=8
// INPUT: 0@0 tensor<2x3xf8E4M3FN> hex:38,c0,00,40,00,40
// INPUT: 0@1 tensor<2x3xf8E4M3FN> hex:b8,c0,00,40,38,b8
// INPUT: 0@2 tensor<2x3xf8E4M3FN> hex:b8,b8,00,00,00,b8
// INPUT: 0@3 tensor<2x3xf8E4M3FN> hex:38,40,b8,b8,00,00
// INPUT: 0@4 tensor<2x3xf8E4M3FN> hex:40,00,40,b8,38,38
// INPUT: 0@5 tensor<2x3xf8E4M3FN> hex:40,40,00,00,38,c0
// INPUT: 0@6 tensor<2x3xf8E4M3FN> hex:38,40,00,38,40,00
// INPUT: 0@7 tensor<2x3xf8E4M3FN> hex:c0,38,38,b8,00,b8
// EXPECT: 0@0 tensor<2x3xf8E4M3FN> hex:38,c0,00,b8,00,38
// EXPECT: 0@1 tensor<2x3xf8E4M3FN> hex:b8,c0,00,00,38,c0
// EXPECT: 0@2 tensor<2x3xf8E4M3FN> hex:b8,b8,00,00,00,b8
// EXPECT: 0@3 tensor<2x3xf8E4M3FN> hex:c0,38,b8,b8,00,b8
// EXPECT: 0@4 tensor<2x3xf8E4M3FN> hex:00,00,00,00,00,00
// EXPECT: 0@5 tensor<2x3xf8E4M3FN> hex:00,00,00,00,00,00
// EXPECT: 0@6 tensor<2x3xf8E4M3FN> hex:00,00,00,00,00,00
// EXPECT: 0@7 tensor<2x3xf8E4M3FN> hex:00,00,00,00,00,00
// GENERATOR: conformance/gen/mesh_collectives.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module attributes {tessera.mesh = {axes = ["dp", "tp"], shape = [2, 4]}} {
  func.func @main(%a0: tensor<2x3xf8E4M3FN>) -> tensor<2x3xf8E4M3FN> {
    %r = "tessera.collective_reduce"(%a0) {axes = ["dp"], op = "min", root = 0} : (tensor<2x3xf8E4M3FN>) -> tensor<2x3xf8E4M3FN>
    return %r : tensor<2x3xf8E4M3FN>
  }
}

// -----

// CASE: opsum_root2_8_x_i32
// NOTE: Inputs are small integers: every fold order gives the same bits.
// RULE: bitexact
// REQUIRES: op=tessera.collective_reduce dtype=i32 level=graph mesh=8
// INPUT: 0@0 tensor<2x3xi32> hex:9fe4710e,03ebf306,ebbb9963,9183ce34,c95f2b34,1686358b
// INPUT: 0@1 tensor<2x3xi32> hex:8f0f0983,aeb0f474,c5974f72,c0fdc78f,7fc95b91,666250c6
// INPUT: 0@2 tensor<2x3xi32> hex:d6173254,168011a8,f1cffb6b,be6f2a05,a8ec1b02,32f33bda
// INPUT: 0@3 tensor<2x3xi32> hex:36063ab3,7f2288e2,da276801,65c869d4,6c065e97,4c7f3089
// INPUT: 0@4 tensor<2x3xi32> hex:502b50a7,d522d541,19fc5299,1546a8af,eaa9cab6,15c1bdc1
// INPUT: 0@5 tensor<2x3xi32> hex:f26bf439,96a6400c,ef1b43e9,31541ad2,57801b87,0567a363
// INPUT: 0@6 tensor<2x3xi32> hex:84adbbce,059e002b,e1157b9b,3cbdc9cd,2bc58319,93d1348f
// INPUT: 0@7 tensor<2x3xi32> hex:70a33fa3,b66c2b29,07d26dab,7cdefdc3,96807c0a,ccbc4b94
// EXPECT: 0@0 tensor<2x3xi32> hex:00000000,00000000,00000000,00000000,00000000,00000000
// EXPECT: 0@1 tensor<2x3xi32> hex:00000000,00000000,00000000,00000000,00000000,00000000
// EXPECT: 0@2 tensor<2x3xi32> hex:72f927e9,7012c2a5,6f49cc09,76f0b4ad,628ae5be,7811d3fb
// EXPECT: 0@3 tensor<2x3xi32> hex:00000000,00000000,00000000,00000000,00000000,00000000
// EXPECT: 0@4 tensor<2x3xi32> hex:00000000,00000000,00000000,00000000,00000000,00000000
// EXPECT: 0@5 tensor<2x3xi32> hex:00000000,00000000,00000000,00000000,00000000,00000000
// EXPECT: 0@6 tensor<2x3xi32> hex:00000000,00000000,00000000,00000000,00000000,00000000
// EXPECT: 0@7 tensor<2x3xi32> hex:00000000,00000000,00000000,00000000,00000000,00000000
// GENERATOR: conformance/gen/mesh_collectives.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module attributes {tessera.mesh = {axes = ["x"], shape = [8]}} {
  func.func @main(%a0: tensor<2x3xi32>) -> tensor<2x3xi32> {
    %r = "tessera.collective_reduce"(%a0) {axes = ["x"], op = "sum", root = 2} : (tensor<2x3xi32>) -> tensor<2x3xi32>
    return %r : tensor<2x3xi32>
  }
}

// -----

// CASE: opmin_root0_2x4_dp_i32
// NOTE: Inputs are small integers: every fold order gives the same bits.
// RULE: bitexact
// REQUIRES: op=tessera.collective_reduce dtype=i32 level=graph mesh=8
// INPUT: 0@0 tensor<2x3xi32> hex:4bdcf738,c15902a8,23695d4e,9262a187,a4dd9fb2,cffc6d86
// INPUT: 0@1 tensor<2x3xi32> hex:005a2b43,0f7d0e97,f2fd3757,8a03321b,14fa7f5e,c9fdb257
// INPUT: 0@2 tensor<2x3xi32> hex:edd46538,c1a12a0c,85e4abaf,a76baf13,dbce1c48,4ab9a5f0
// INPUT: 0@3 tensor<2x3xi32> hex:521da219,76565640,c909a841,6a609980,eb564957,f0d8e109
// INPUT: 0@4 tensor<2x3xi32> hex:b983b549,90fb4512,472b300b,d9571bcd,29426134,0648ef45
// INPUT: 0@5 tensor<2x3xi32> hex:f471df37,e15824ef,9e40fff7,3b2d0309,649679f5,3e3dbfd2
// INPUT: 0@6 tensor<2x3xi32> hex:f9aef2b7,658bec95,7eee1406,f81a95c5,a1e99280,bd0ad1a0
// INPUT: 0@7 tensor<2x3xi32> hex:29a67ee6,69413041,f53eb6f8,6261d824,9b342046,a0759023
// EXPECT: 0@0 tensor<2x3xi32> hex:b983b549,90fb4512,23695d4e,9262a187,a4dd9fb2,cffc6d86
// EXPECT: 0@1 tensor<2x3xi32> hex:f471df37,e15824ef,9e40fff7,8a03321b,14fa7f5e,c9fdb257
// EXPECT: 0@2 tensor<2x3xi32> hex:edd46538,c1a12a0c,85e4abaf,a76baf13,a1e99280,bd0ad1a0
// EXPECT: 0@3 tensor<2x3xi32> hex:29a67ee6,69413041,c909a841,6261d824,9b342046,a0759023
// EXPECT: 0@4 tensor<2x3xi32> hex:00000000,00000000,00000000,00000000,00000000,00000000
// EXPECT: 0@5 tensor<2x3xi32> hex:00000000,00000000,00000000,00000000,00000000,00000000
// EXPECT: 0@6 tensor<2x3xi32> hex:00000000,00000000,00000000,00000000,00000000,00000000
// EXPECT: 0@7 tensor<2x3xi32> hex:00000000,00000000,00000000,00000000,00000000,00000000
// GENERATOR: conformance/gen/mesh_collectives.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module attributes {tessera.mesh = {axes = ["dp", "tp"], shape = [2, 4]}} {
  func.func @main(%a0: tensor<2x3xi32>) -> tensor<2x3xi32> {
    %r = "tessera.collective_reduce"(%a0) {axes = ["dp"], op = "min", root = 0} : (tensor<2x3xi32>) -> tensor<2x3xi32>
    return %r : tensor<2x3xi32>
  }
}
