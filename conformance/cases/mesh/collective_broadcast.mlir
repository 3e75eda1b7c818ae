// tessera.collective_broadcast: per-rank inputs and expectations (docs/collectives.md).
// Generated file: edit the generator named in each case, then rerun it.

// CASE: root3_8_x_f32
// RULE: bitexact
// REQUIRES: op=tessera.collective_broadcast dtype=f32 level=graph mesh=8
// INPUT: 0@0 tensor<2x3xf32> hex:40400000,40a00000,c1000000,40a00000,bf800000,00000000
// INPUT: 0@1 tensor<2x3xf32> hex:40000000,c0800000,41000000,c1000000,c0800000,c0000000
// INPUT: 0@2 tensor<2x3xf32> hex:3f800000,c0000000,c0c00000,c1000000,c1000000,c1000000
// INPUT: 0@3 tensor<2x3xf32> hex:c0c00000,41000000,c0a00000,40400000,40800000,c0a00000
// INPUT: 0@4 tensor<2x3xf32> hex:c0800000,bf800000,c0800000,41000000,c0a00000,40e00000
// INPUT: 0@5 tensor<2x3xf32> hex:40a00000,40c00000,c0e00000,c0000000,40000000,00000000
// INPUT: 0@6 tensor<2x3xf32> hex:40400000,40400000,40400000,c0e00000,41000000,3f800000
// INPUT: 0@7 tensor<2x3xf32> hex:40e00000,c0800000,c0000000,40c00000,c0a00000,c0e00000
// EXPECT: 0 tensor<2x3xf32> hex:c0c00000,41000000,c0a00000,40400000,40800000,c0a00000
// GENERATOR: conformance/gen/mesh_collectives.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module attributes {tessera.mesh = {axes = ["x"], shape = [8]}} {
  func.func @main(%a0: tensor<2x3xf32>) -> tensor<2x3xf32> {
    %r = "tessera.collective_broadcast"(%a0) {axes = ["x"], root = 3} : (tensor<2x3xf32>) -> tensor<2x3xf32>
    return %r : tensor<2x3xf32>
  }
}

// -----

// CASE: root1_2x4_tp_f32
// RULE: bitexact
// REQUIRES: op=tessera.collective_broadcast dtype=f32 level=graph mesh=8
// INPUT: 0@0 tensor<2x3xf32> hex:c0000000,40400000,c0c00000,40c00000,c0400000,c0a00000
// INPUT: 0@1 tensor<2x3xf32> hex:3f800000,40e00000,40e00000,40c00000,c0400000,c1000000
// INPUT: 0@2 tensor<2x3xf32> hex:40a00000,40800000,40a00000,c1000000,c1000000,00000000
// INPUT: 0@3 tensor<2x3xf32> hex:c0400000,bf800000,40e00000,c0a00000,00000000,c0400000
// INPUT: 0@4 tensor<2x3xf32> hex:c0400000,40a00000,c0c00000,c0400000,c0c00000,c0c00000
// INPUT: 0@5 tensor<2x3xf32> hex:c0800000,40400000,3f800000,bf800000,c0c00000,40a00000
// INPUT: 0@6 tensor<2x3xf32> hex:40a00000,c0800000,c0e00000,c0400000,c0c00000,40a00000
// INPUT: 0@7 tensor<2x3xf32> hex:00000000,00000000,c0800000,00000000,41000000,c0800000
// EXPECT: 0@0 tensor<2x3xf32> hex:3f800000,40e00000,40e00000,40c00000,c0400000,c1000000
// EXPECT: 0@1 tensor<2x3xf32> hex:3f800000,40e00000,40e00000,40c00000,c0400000,c1000000
// EXPECT: 0@2 tensor<2x3xf32> hex:3f800000,40e00000,40e00000,40c00000,c0400000,c1000000
// EXPECT: 0@3 tensor<2x3xf32> hex:3f800000,40e00000,40e00000,40c00000,c0400000,c1000000
// EXPECT: 0@4 tensor<2x3xf32> hex:c0800000,40400000,3f800000,bf800000,c0c00000,40a00000
// EXPECT: 0@5 tensor<2x3xf32> hex:c0800000,40400000,3f800000,bf800000,c0c00000,40a00000
// EXPECT: 0@6 tensor<2x3xf32> hex:c0800000,40400000,3f800000,bf800000,c0c00000,40a00000
// EXPECT: 0@7 tensor<2x3xf32> hex:c0800000,40400000,3f800000,bf800000,c0c00000,40a00000
// GENERATOR: conformance/gen/mesh_collectives.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module attributes {tessera.mesh = {axes = ["dp", "tp"], shape = [2, 4]}} {
  func.func @main(%a0: tensor<2x3xf32>) -> tensor<2x3xf32> {
    %r = "tessera.collective_broadcast"(%a0) {axes = ["tp"], root = 1} : (tensor<2x3xf32>) -> tensor<2x3xf32>
    return %r : tensor<2x3xf32>
  }
}

// -----

// CASE: root3_8_x_bf16
// RULE: bitexact
// REQUIRES: op=tessera.collective_broadcast dtype=bf16 level=graph mesh=8
// INPUT: 0@0 tensor<2x3xbf16> hex:40a0,c100,c040,40e0,40c0,c0e0
// INPUT: 0@1 tensor<2x3xbf16> hex:40c0,40c0,bf80,c000,4100,4100
// INPUT: 0@2 tensor<2x3xbf16> hex:4040,c000,c0a0,40e0,c080,3f80
// INPUT: 0@3 tensor<2x3xbf16> hex:4040,c080,c040,4080,c0a0,4040
// INPUT: 0@4 tensor<2x3xbf16> hex:4100,4040,4000,bf80,4100,c0a0
// INPUT: 0@5 tensor<2x3xbf16> hex:c000,4000,4040,c0e0,c0c0,4040
// INPUT: 0@6 tensor<2x3xbf16> hex:40c0,4000,40e0,c000,c040,40a0
// INPUT: 0@7 tensor<2x3xbf16> hex:c100,c0a0,c0a0,c000,c0c0,40a0
// EXPECT: 0 tensor<2x3xbf16> hex:4040,c080,c040,4080,c0a0,4040
// GENERATOR: conformance/gen/mesh_collectives.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module attributes {tessera.mesh = {axes = ["x"], shape = [8]}} {
  func.func @main(%a0: tensor<2x3xbf16>) -> tensor<2x3xbf16> {
    %r = "tessera.collective_broadcast"(%a0) {axes = ["x"], root = 3} : (tensor<2x3xbf16>) -> tensor<2x3xbf16>
    return %r : tensor<2x3xbf16>
  }
}

// -----

// CASE: root1_2x4_tp_bf16
// RULE: bitexact
// REQUIRES: op=tessera.collective_broadcast dtype=bf16 level=graph mesh=8
// INPUT: 0@0 tensor<2x3xbf16> hex:40c0,c000,c100,4080,c0e0,4000
// INPUT: 0@1 tensor<2x3xbf16> hex:c0c0,40e0,4040,4100,4000,4080
// INPUT: 0@2 tensor<2x3xbf16> hex:c000,40a0,c0e0,c0c0,c000,4080
// INPUT: 0@3 tensor<2x3xbf16> hex:0000,40c0,4100,c000,bf80,3f80
// INPUT: 0@4 tensor<2x3xbf16> hex:4000,0000,4000,4100,4080,c040
// INPUT: 0@5 tensor<2x3xbf16> hex:bf80,c000,c0c0,c100,40a0,bf80
// INPUT: 0@6 tensor<2x3xbf16> hex:c040,4000,3f80,40e0,4000,40e0
// INPUT: 0@7 tensor<2x3xbf16> hex:3f80,c040,c040,4100,3f80,c0a0
// EXPECT: 0@0 tensor<2x3xbf16> hex:c0c0,40e0,4040,4100,4000,4080
// EXPECT: 0@1 tensor<2x3xbf16> hex:c0c0,40e0,4040,4100,4000,4080
// EXPECT: 0@2 tensor<2x3xbf16> hex:c0c0,40e0,4040,4100,4000,4080
// EXPECT: 0@3 tensor<2x3xbf16> hex:c0c0,40e0,4040,4100,4000,4080
// EXPECT: 0@4 tensor<2x3xbf16> hex:bf80,c000,c0c0,c100,40a0,bf80
// EXPECT: 0@5 tensor<2x3xbf16> hex:bf80,c000,c0c0,c100,40a0,bf80
// EXPECT: 0@6 tensor<2x3xbf16> hex:bf80,c000,c0c0,c100,40a0,bf80
// EXPECT: 0@7 tensor<2x3xbf16> hex:bf80,c000,c0c0,c100,40a0,bf80
// GENERATOR: conformance/gen/mesh_collectives.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module attributes {tessera.mesh = {axes = ["dp", "tp"], shape = [2, 4]}} {
  func.func @main(%a0: tensor<2x3xbf16>) -> tensor<2x3xbf16> {
    %r = "tessera.collective_broadcast"(%a0) {axes = ["tp"], root = 1} : (tensor<2x3xbf16>) -> tensor<2x3xbf16>
    return %r : tensor<2x3xbf16>
  }
}

// -----

// CASE: root3_8_x_e4m3
// RULE: bitexact
// REQUIRES: op=tessera.collective_broadcast dtype=f8E4M3FN level=graph mesh=8
// INPUT: 0@0 tensor<2x3xf8E4M3FN> hex:40,40,c0,c0,38,00
// INPUT: 0@1 tensor<2x3xf8E4M3FN> hex:b8,c0,c0,40,40,40
// INPUT: 0@2 tensor<2x3xf8E4M3FN> hex:00,c0,b8,00,40,b8
// INPUT: 0@3 tensor<2x3xf8E4M3FN> hex:00,00,00,00,38,c0
// INPUT: 0@4 tensor<2x3xf8E4M3FN> hex:40,40,38,b8,00,00
// INPUT: 0@5 tensor<2x3xf8E4M3FN> hex:b8,c0,38,c0,38,c0
// INPUT: 0@6 tensor<2x3xf8E4M3FN> hex:38,b8,b8,40,00,40
// INPUT: 0@7 tensor<2x3xf8E4M3FN> hex:c0,00,b8,00,c0,38
// EXPECT: 0 tensor<2x3xf8E4M3FN> hex:00,00,00,00,38,c0
// GENERATOR: conformance/gen/mesh_collectives.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module attributes {tessera.mesh = {axes = ["x"], shape = [8]}} {
  func.func @main(%a0: tensor<2x3xf8E4M3FN>) -> tensor<2x3xf8E4M3FN> {
    %r = "tessera.collective_broadcast"(%a0) {axes = ["x"], root = 3} : (tensor<2x3xf8E4M3FN>) -> tensor<2x3xf8E4M3FN>
    return %r : tensor<2x3xf8E4M3FN>
  }
}

// -----

// CASE: root1_2x4_tp_e4m3
// RULE: bitexact
// REQUIRES: op=tessera.collective_broadcast dtype=f8E4M3FN level=graph mesh=8
// INPUT: 0@0 tensor<2x3xf8E4M3FN> hex:b8,40,b8,b8,c0,38
// INPUT: 0@1 tensor<2x3xf8E4M3FN> hex:00,b8,40,00,40,38
// INPUT: 0@2 tensor<2x3xf8E4M3FN> hex:00,00,b8,38,38,38
// INPUT: 0@3 tensor<2x3xf8E4M3FN> hex:00,c0,38,c0,40,c0
// INPUT: 0@4 tensor<2x3xf8E4M3FN> hex:b8,b8,00,b8,b8,c0
// INPUT: 0@5 tensor<2x3xf8E4M3FN> hex:40,b8,c0,38,c0,40
// INPUT: 0@6 tensor<2x3xf8E4M3FN> hex:38,b8,00,b8,38,00
// INPUT: 0@7 tensor<2x3xf8E4M3FN> hex:b8,38,c0,38,00,40
// EXPECT: 0@0 tensor<2x3xf8E4M3FN> hex:00,b8,40,00,40,38
// EXPECT: 0@1 tensor<2x3xf8E4M3FN> hex:00,b8,40,00,40,38
// EXPECT: 0@2 tensor<2x3xf8E4M3FN> hex:00,b8,40,00,40,38
// EXPECT: 0@3 tensor<2x3xf8E4M3FN> hex:00,b8,40,00,40,38
// EXPECT: 0@4 tensor<2x3xf8E4M3FN> hex:40,b8,c0,38,c0,40
// EXPECT: 0@5 tensor<2x3xf8E4M3FN> hex:40,b8,c0,38,c0,40
// EXPECT: 0@6 tensor<2x3xf8E4M3FN> hex:40,b8,c0,38,c0,40
// EXPECT: 0@7 tensor<2x3xf8E4M3FN> hex:40,b8,c0,38,c0,40
// GENERATOR: conformance/gen/mesh_collectives.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module attributes {tessera.mesh = {axes = ["dp", "tp"], shape = [2, 4]}} {
  func.func @main(%a0: tensor<2x3xf8E4M3FN>) -> tensor<2x3xf8E4M3FN> {
    %r = "tessera.collective_broadcast"(%a0) {axes = ["tp"], root = 1} : (tensor<2x3xf8E4M3FN>) -> tensor<2x3xf8E4M3FN>
    return %r : tensor<2x3xf8E4M3FN>
  }
}

// -----

// CASE: root3_8_x_i32
// RULE: bitexact
// REQUIRES: op=tessera.collective_broadcast dtype=i32 level=graph mesh=8
// INPUT: 0@0 tensor<2x3xi32> hex:c2de52ae,e02de0bf,5f35ebd4,34ef277d,8a5784ee,d7755394
// INPUT: 0@1 tensor<2x3xi32> hex:8424dcab,52f1c829,eaa3dd56,bb0bce7a,39c0526f,5efac12e
// INPUT: 0@2 tensor<2x3xi32> hex:9a99441d,014e93ef,ddc425d6,39b0257e,6e0ac97b,08f54d5d
// INPUT: 0@3 tensor<2x3xi32> hex:3fc6ed2f,d0ed5428,1470ac93,fe8a91bb,3b1a69b9,8cea517c
// INPUT: 0@4 tensor<2x3xi32> hex:bc898118,8b018f8c,7aa61948,07abad32,fd108707,fa281b40
// INPUT: 0@5 tensor<2x3xi32> hex:88899d68,55487ce1,58278666,8526c181,1f0784de,0e8feffa
// INPUT: 0@6 tensor<2x3xi32> hex:e180ce13,fd9a64ad,61b64f4c,19165724,fd3fc368,3ac5aa2a
// INPUT: 0@7 tensor<2x3xi32> hex:317b560e,06556689,5422f16c,102345d6,1e4d3d13,fde58c5f
// EXPECT: 0 tensor<2x3xi32> hex:3fc6ed2f,d0ed5428,1470ac93,fe8a91bb,3b1a69b9,8cea517c
// GENERATOR: conformance/gen/mesh_collectives.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module attributes {tessera.mesh = {axes = ["x"], shape = [8]}} {
  func.func @main(%a0: tensor<2x3xi32>) -> tensor<2x3xi32> {
    %r = "tessera.collective_broadcast"(%a0) {axes = ["x"], root = 3} : (tensor<2x3xi32>) -> tensor<2x3xi32>
    return %r : tensor<2x3xi32>
  }
}

// -----

// CASE: root1_2x4_tp_i32
// RULE: bitexact
// REQUIRES: op=tessera.collective_broadcast dtype=i32 level=graph mesh=8
// INPUT: 0@0 tensor<2x3xi32> hex:174725a8,1d7e34b4,664b36bb,bf8543e1,dd4bb0cf,0d7812dd
// INPUT: 0@1 tensor<2x3xi32> hex:d682cdea,2c218ae3,532ade9a,b0ecc467,8e9e3e74,7d88b26e
// INPUT: 0@2 tensor<2x3xi32> hex:02777de4,3f17f7eb,42a48f23,74909703,880bbd41,cb4011c3
// INPUT: 0@3 tensor<2x3xi32> hex:7bd65e4c,f188bfc8,e586dd61,c2eda319,8513730f,8bf3fb51
// INPUT: 0@4 tensor<2x3xi32> hex:79085d06,8444eeea,a3c4bab2,bf2addd4,c8fad8e2,5c7bb389
// INPUT: 0@5 tensor<2x3xi32> hex:d3026997,a9e7dc4a,e4ff65a4,308b1b52,f288c0f0,bfd77dd7
// INPUT: 0@6 tensor<2x3xi32> hex:9e70b21a,90ca0b18,fda5c5a7,b146cca2,159e3765,2d8c94b0
// INPUT: 0@7 tensor<2x3xi32> hex:e17712f2,006c8a81,8efb9653,0c8d4c5e,ae02d290,f40292fb
// EXPECT: 0@0 tensor<2x3xi32> hex:d682cdea,2c218ae3,532ade9a,b0ecc467,8e9e3e74,7d88b26e
// EXPECT: 0@1 tensor<2x3xi32> hex:d682cdea,2c218ae3,532ade9a,b0ecc467,8e9e3e74,7d88b26e
// EXPECT: 0@2 tensor<2x3xi32> hex:d682cdea,2c218ae3,532ade9a,b0ecc467,8e9e3e74,7d88b26e
// EXPECT: 0@3 tensor<2x3xi32> hex:d682cdea,2c218ae3,532ade9a,b0ecc467,8e9e3e74,7d88b26e
// EXPECT: 0@4 tensor<2x3xi32> hex:d3026997,a9e7dc4a,e4ff65a4,308b1b52,f288c0f0,bfd77dd7
// EXPECT: 0@5 tensor<2x3xi32> hex:d3026997,a9e7dc4a,e4ff65a4,308b1b52,f288c0f0,bfd77dd7
// EXPECT: 0@6 tensor<2x3xi32> hex:d3026997,a9e7dc4a,e4ff65a4,308b1b52,f288c0f0,bfd77dd7
// EXPECT: 0@7 tensor<2x3xi32> hex:d3026997,a9e7dc4a,e4ff65a4,308b1b52,f288c0f0,bfd77dd7
// GENERATOR: conformance/gen/mesh_collectives.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module attributes {tessera.mesh = {axes = ["dp", "tp"], shape = [2, 4]}} {
  func.func @main(%a0: tensor<2x3xi32>) -> tensor<2x3xi32> {
    %r = "tessera.collective_broadcast"(%a0) {axes = ["tp"], root = 1} : (tensor<2x3xi32>) -> tensor<2x3xi32>
    return %r : tensor<2x3xi32>
  }
}
