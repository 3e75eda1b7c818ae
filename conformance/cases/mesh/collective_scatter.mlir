// tessera.collective_scatter: per-rank inputs and expectations (docs/collectives.md).
// Generated file: edit the generator named in each case, then rerun it.

// CASE: dim0_root1_8_x_f32
// RULE: bitexact
// REQUIRES: op=tessera.collective_scatter dtype=f32 level=graph mesh=8
// INPUT: 0@0 tensor<8x2xf32> hex:40e00000,c0800000,40e00000,bf800000,40c00000,40400000,40400000,3f800000,c0e00000,c0800000,c0e00000,40800000,c0c00000,40800000,c1000000,bf800000
// INPUT: 0@1 tensor<8x2xf32> hex:40a00000,bf800000,41000000,c0c00000,c0000000,40c00000,40400000,c0000000,bf800000,c0800000,40a00000,40e00000,3f800000,c0400000,c1000000,c0a00000
// INPUT: 0@2 tensor<8x2xf32> hex:40c00000,c0000000,41000000,00000000,40800000,40000000,40800000,c0000000,00000000,40400000,c0000000,c1000000,c0800000,40e00000,c0c00000,bf800000
// INPUT: 0@3 tensor<8x2xf32> hex:00000000,bf800000,40400000,bf800000,40c00000,c0800000,3f800000,40a00000,41000000,bf800000,40a00000,c0e00000,3f800000,c0400000,40c00000,00000000
// INPUT: 0@4 tensor<8x2xf32> hex:bf800000,c0000000,c0400000,c0e00000,00000000,40e00000,3f800000,c0c00000,40c00000,40800000,c1000000,bf800000,40400000,00000000,c0400000,40400000
// INPUT: 0@5 tensor<8x2xf32> hex:41000000,c1000000,c0400000,00000000,c0c00000,bf800000,bf800000,bf800000,40400000,c1000000,bf800000,c1000000,40400000,00000000,c0a00000,bf800000
// INPUT: 0@6 tensor<8x2xf32> hex:40e00000,c0400000,c0400000,c0e00000,00000000,c0000000,41000000,40400000,00000000,40a00000,40a00000,40800000,40400000,c1000000,c1000000,c0400000
// INPUT: 0@7 tensor<8x2xf32> hex:40000000,00000000,40000000,40a00000,40800000,3f800000,40c00000,40a00000,41000000,40400000,40800000,c0e00000,40e00000,41000000,41000000,3f800000
// EXPECT: 0@0 tensor<1x2xf32> hex:40a00000,bf800000
// EXPECT: 0@1 tensor<1x2xf32> hex:41000000,c0c00000
// EXPECT: 0@2 tensor<1x2xf32> hex:c0000000,40c00000
// EXPECT: 0@3 tensor<1x2xf32> hex:40400000,c0000000
// EXPECT: 0@4 tensor<1x2xf32> hex:bf800000,c0800000
// EXPECT: 0@5 tensor<1x2xf32> hex:40a00000,40e00000
// EXPECT: 0@6 tensor<1x2xf32> hex:3f800000,c0400000
// EXPECT: 0@7 tensor<1x2xf32> hex:c1000000,c0a00000
// GENERATOR: conformance/gen/mesh_collectives.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module attributes {tessera.mesh = {axes = ["x"], shape = [8]}} {
  func.func @main(%a0: tensor<8x2xf32>) -> tensor<1x2xf32> {
    %r = "tessera.collective_scatter"(%a0) {axes = ["x"], dim = 0, root = 1} : (tensor<8x2xf32>) -> tensor<1x2xf32>
    return %r : tensor<1x2xf32>
  }
}

// -----

// CASE: dim1_root3_2x4_tp_f32
// RULE: bitexact
// REQUIRES: op=tessera.collective_scatter dtype=f32 level=graph mesh=8
// INPUT: 0@0 tensor<2x4xf32> hex:c0400000,40000000,40a00000,c0800000,c0c00000,40e00000,40800000,41000000
// INPUT: 0@1 tensor<2x4xf32> hex:41000000,c0400000,c0000000,00000000,c1000000,c0e00000,40a00000,40800000
// INPUT: 0@2 tensor<2x4xf32> hex:c0e00000,40000000,40400000,c0a00000,41000000,40c00000,c0a00000,3f800000
// INPUT: 0@3 tensor<2x4xf32> hex:3f800000,40e00000,3f800000,40a00000,40e00000,c0e00000,c1000000,c0800000
// INPUT: 0@4 tensor<2x4xf32> hex:c0e00000,40c00000,41000000,c1000000,40800000,c0c00000,c0000000,40e00000
// INPUT: 0@5 tensor<2x4xf32> hex:c0800000,40a00000,c0a00000,c0800000,c0400000,c0400000,40800000,c1000000
// INPUT: 0@6 tensor<2x4xf32> hex:41000000,c0c00000,41000000,c1000000,40800000,3f800000,00000000,40000000
// INPUT: 0@7 tensor<2x4xf32> hex:c0400000,c0c00000,40a00000,40c00000,c0e00000,00000000,3f800000,40000000
// EXPECT: 0@0 tensor<2x1xf32> hex:3f800000,40e00000
// EXPECT: 0@1 tensor<2x1xf32> hex:40e00000,c0e00000
// EXPECT: 0@2 tensor<2x1xf32> hex:3f800000,c1000000
// EXPECT: 0@3 tensor<2x1xf32> hex:40a00000,c0800000
// EXPECT: 0@4 tensor<2x1xf32> hex:c0400000,c0e00000
// EXPECT: 0@5 tensor<2x1xf32> hex:c0c00000,00000000
// EXPECT: 0@6 tensor<2x1xf32> hex:40a00000,3f800000
// EXPECT: 0@7 tensor<2x1xf32> hex:40c00000,40000000
// GENERATOR: conformance/gen/mesh_collectives.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module attributes {tessera.mesh = {axes = ["dp", "tp"], shape = [2, 4]}} {
  func.func @main(%a0: tensor<2x4xf32>) -> tensor<2x1xf32> {
    %r = "tessera.collective_scatter"(%a0) {axes = ["tp"], dim = 1, root = 3} : (tensor<2x4xf32>) -> tensor<2x1xf32>
    return %r : tensor<2x1xf32>
  }
}

// -----

// CASE: dim0_root1_8_x_bf16
// RULE: bitexact
// REQUIRES: op=tessera.collective_scatter dtype=bf16 level=graph mesh=8
// INPUT: 0@0 tensor<8x2xbf16> hex:3f80,4040,3f80,c0a0,c0a0,40a0,40e0,c000,c0e0,0000,c0c0,c0c0,40a0,c080,c080,bf80
// INPUT: 0@1 tensor<8x2xbf16> hex:4100,4080,40c0,bf80,c100,3f80,40c0,4080,c080,c000,c040,c100,c0e0,3f80,c040,4100
// INPUT: 0@2 tensor<8x2xbf16> hex:40a0,c100,40a0,bf80,4080,4040,4100,0000,c0a0,c0e0,c080,0000,c100,c0e0,c100,c0e0
// INPUT: 0@3 tensor<8x2xbf16> hex:c040,c040,c0e0,c0a0,bf80,0000,3f80,4100,c0e0,c0a0,c0e0,4100,4080,c040,c100,40c0
// INPUT: 0@4 tensor<8x2xbf16> hex:c0a0,0000,c000,40a0,4080,40c0,c100,40c0,0000,c0c0,40a0,40e0,3f80,c0c0,4100,4080
// INPUT: 0@5 tensor<8x2xbf16> hex:0000,c100,c000,c040,4100,c0c0,40e0,4000,40a0,c040,3f80,3f80,c040,c0a0,4040,c000
// INPUT: 0@6 tensor<8x2xbf16> hex:4100,40e0,c0a0,4000,4080,0000,c080,4080,40a0,4100,c0a0,c040,3f80,c0e0,bf80,c080
// INPUT: 0@7 tensor<8x2xbf16> hex:0000,c0c0,c040,c000,c0e0,4080,c040,40a0,40a0,c0e0,4080,c0c0,c0c0,c000,c0e0,40c0
// EXPECT: 0@0 tensor<1x2xbf16> hex:4100,4080
// EXPECT: 0@1 tensor<1x2xbf16> hex:40c0,bf80
// EXPECT: 0@2 tensor<1x2xbf16> hex:c100,3f80
// EXPECT: 0@3 tensor<1x2xbf16> hex:40c0,4080
// EXPECT: 0@4 tensor<1x2xbf16> hex:c080,c000
// EXPECT: 0@5 tensor<1x2xbf16> hex:c040,c100
// EXPECT: 0@6 tensor<1x2xbf16> hex:c0e0,3f80
// EXPECT: 0@7 tensor<1x2xbf16> hex:c040,4100
// GENERATOR: conformance/gen/mesh_collectives.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module attributes {tessera.mesh = {axes = ["x"], shape = [8]}} {
  func.func @main(%a0: tensor<8x2xbf16>) -> tensor<1x2xbf16> {
    %r = "tessera.collective_scatter"(%a0) {axes = ["x"], dim = 0, root = 1} : (tensor<8x2xbf16>) -> tensor<1x2xbf16>
    return %r : tensor<1x2xbf16>
  }
}

// -----

// CASE: dim1_root3_2x4_tp_bf16
// RULE: bitexact
// REQUIRES: op=tessera.collective_scatter dtype=bf16 level=graph mesh=8
// INPUT: 0@0 tensor<2x4xbf16> hex:40a0,0000,0000,3f80,4080,c080,3f80,3f80
// INPUT: 0@1 tensor<2x4xbf16> hex:4040,4000,c080,c040,4100,4000,40c0,4080
// INPUT: 0@2 tensor<2x4xbf16> hex:c0e0,c000,c0e0,bf80,40c0,c0c0,c000,c080
// INPUT: 0@3 tensor<2x4xbf16> hex:bf80,c100,0000,c100,4040,c0e0,c100,40e0
// INPUT: 0@4 tensor<2x4xbf16> hex:3f80,4080,bf80,3f80,3f80,40a0,c0a0,c0c0
// INPUT: 0@5 tensor<2x4xbf16> hex:4000,c040,40e0,3f80,40c0,40c0,4000,3f80
// INPUT: 0@6 tensor<2x4xbf16> hex:c0e0,c0c0,4080,c100,4080,c100,4000,4080
// INPUT: 0@7 tensor<2x4xbf16> hex:3f80,40e0,4040,c0c0,4040,40a0,bf80,c100
// EXPECT: 0@0 tensor<2x1xbf16> hex:bf80,4040
// EXPECT: 0@1 tensor<2x1xbf16> hex:c100,c0e0
// EXPECT: 0@2 tensor<2x1xbf16> hex:0000,c100
// EXPECT: 0@3 tensor<2x1xbf16> hex:c100,40e0
// EXPECT: 0@4 tensor<2x1xbf16> hex:3f80,4040
// EXPECT: 0@5 tensor<2x1xbf16> hex:40e0,40a0
// EXPECT: 0@6 tensor<2x1xbf16> hex:4040,bf80
// EXPECT: 0@7 tensor<2x1xbf16> hex:c0c0,c100
// GENERATOR: conformance/gen/mesh_collectives.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module attributes {tessera.mesh = {axes = ["dp", "tp"], shape = [2, 4]}} {
  func.func @main(%a0: tensor<2x4xbf16>) -> tensor<2x1xbf16> {
    %r = "tessera.collective_scatter"(%a0) {axes = ["tp"], dim = 1, root = 3} : (tensor<2x4xbf16>) -> tensor<2x1xbf16>
    return %r : tensor<2x1xbf16>
  }
}

// -----

// CASE: dim0_root1_8_x_e4m3
// RULE: bitexact
// REQUIRES: op=tessera.collective_scatter dtype=f8E4M3FN level=graph mesh=8
// INPUT: 0@0 tensor<8x2xf8E4M3FN> hex:00,40,00,38,40,00,00,00,00,b8,40,40,38,b8,c0,b8
// INPUT: 0@1 tensor<8x2xf8E4M3FN> hex:00,38,38,00,c0,00,b8,00,38,c0,00,c0,38,40,38,38
// INPUT: 0@2 tensor<8x2xf8E4M3FN> hex:b8,38,c0,00,b8,b8,c0,c0,40,00,00,c0,00,c0,c0,b8
// INPUT: 0@3 tensor<8x2xf8E4M3FN> hex:c0,00,40,40,38,00,38,b8,00,40,c0,b8,40,00,40,00
// INPUT: 0@4 tensor<8x2xf8E4M3FN> hex:b8,c0,b8,c0,b8,c0,00,38,b8,b8,38,38,40,00,c0,00
// INPUT: 0@5 tensor<8x2xf8E4M3FN> hex:b8,40,38,b8,38,c0,c0,38,c0,c0,b8,00,38,b8,40,00
// INPUT: 0@6 tensor<8x2xf8E4M3FN> hex:b8,38,40,40,b8,40,00,38,b8,40,b8,40,40,b8,b8,b8
// INPUT: 0@7 tensor<8x2xf8E4M3FN> hex:b8,c0,38,00,40,c0,c0,b8,b8,00,38,00,40,38,00,00
// EXPECT: 0@0 tensor<1x2xf8E4M3FN> hex:00,38
// EXPECT: 0@1 tensor<1x2xf8E4M3FN> hex:38,00
// EXPECT: 0@2 tensor<1x2xf8E4M3FN> hex:c0,00
// EXPECT: 0@3 tensor<1x2xf8E4M3FN> hex:b8,00
// EXPECT: 0@4 tensor<1x2xf8E4M3FN> hex:38,c0
// EXPECT: 0@5 tensor<1x2xf8E4M3FN> hex:00,c0
// EXPECT: 0@6 tensor<1x2xf8E4M3FN> hex:38,40
// EXPECT: 0@7 tensor<1x2xf8E4M3FN> hex:38,38
// GENERATOR: conformance/gen/mesh_collectives.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module attributes {tessera.mesh = {axes = ["x"], shape = [8]}} {
  func.func @main(%a0: tensor<8x2xf8E4M3FN>) -> tensor<1x2xf8E4M3FN> {
    %r = "tessera.collective_scatter"(%a0) {axes = ["x"], dim = 0, root = 1} : (tensor<8x2xf8E4M3FN>) -> tensor<1x2xf8E4M3FN>
    return %r : tensor<1x2xf8E4M3FN>
  }
}

// -----

// CASE: dim1_root3_2x4_tp_e4m3
// RULE: bitexact
// REQUIRES: op=tessera.collective_scatter dtype=f8E4M3FN level=graph mesh=8
// INPUT: 0@0 tensor<2x4xf8E4M3FN> hex:00,38,c0,c0,40,38,c0,38
// INPUT: 0@1 tensor<2x4xf8E4M3FN> hex:40,c0,b8,b8,00,38,c0,c0
// INPUT: 0@2 tensor<2x4xf8E4M3FN> hex:b8,40,b8,40,c0,38,b8,38
// INPUT: 0@3 tensor<2x4xf8E4M3FN> hex:b8,38,c0,40,40,40,38,b8
// INPUT: 0@4 tensor<2x4xf8E4M3FN> hex:c0,38,c0,c0,40,40,c0,c0
// INPUT: 0@5 tensor<2x4xf8E4M3FN> hex:c0,b8,38,00,c0,b8,c0,00
// INPUT: 0@6 tensor<2x4xf8E4M3FN> hex:b8,b8,00,38,c0,00,b8,40
// INPUT: 0@7 tensor<2x4xf8E4M3FN> hex:00,38,b8,38,40,c0,b8,38
// EXPECT: 0@0 tensor<2x1xf8E4M3FN> hex:b8,40
// EXPECT: 0@1 tensor<2x1xf8E4M3FN> hex:38,40
// EXPECT: 0@2 tensor<2x1xf8E4M3FN> hex:c0,38
// EXPECT: 0@3 tensor<2x1xf8E4M3FN> hex:40,b8
// EXPECT: 0@4 tensor<2x1xf8E4M3FN> hex:00,40
// EXPECT: 0@5 tensor<2x1xf8E4M3FN> hex:38,c0
// EXPECT: 0@6 tensor<2x1xf8E4M3FN> hex:b8,b8
// EXPECT: 0@7 tensor<2x1xf8E4M3FN> hex:38,38
// GENERATOR: conformance/gen/mesh_collectives.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module attributes {tessera.mesh = {axes = ["dp", "tp"], shape = [2, 4]}} {
  func.func @main(%a0: tensor<2x4xf8E4M3FN>) -> tensor<2x1xf8E4M3FN> {
    %r = "tessera.collective_scatter"(%a0) {axes = ["tp"], dim = 1, root = 3} : (tensor<2x4xf8E4M3FN>) -> tensor<2x1xf8E4M3FN>
    return %r : tensor<2x1xf8E4M3FN>
  }
}

// -----

// CASE: dim0_root1_8_x_i32
// RULE: bitexact
// REQUIRES: op=tessera.collective_scatter dtype=i32 level=graph mesh=8
// INPUT: 0@0 tensor<8x2xi32> hex:944f30a5,69020e88,ac8f7f67,a2cb14e7,042de46d,48869417,75beb8ad,48e345a4,4a3a459f,955aa9a0,9282b1f8,1d67cd28,439dd5b6,cfb5503d,703a9f78,deaabca6
// INPUT: 0@1 tensor<8x2xi32> hex:0e37bf0a,7e7f3695,4daed9bd,120e9e8e,4c9aab30,fa177201,00e67c64,4c14fbd4,6c207865,e41995aa,daa30e77,a1287aeb,93d258c4,7afb3c38,f710755d,a950a6fe
// INPUT: 0@2 tensor<8x2xi32> hex:591cd56f,66af55f5,7b849292,7a0ce3bd,679ddf67,f7fdaea5,2c84758a,9ec75c5c,66e46ec2,f5dec15a,dd31de54,0b113bba,acc1aade,49627878,51267e18,7fc8a0f5
// INPUT: 0@3 tensor<8x2xi32> hex:b315a0b8,bead8572,da850eff,88c2fb71,b100e506,7b4fdbd9,3244a265,8095d05c,1d645d72,76705ad6,92099695,649fa123,9553a29a,6649e18f,7d135d86,e7083d05
// INPUT: 0@4 tensor<8x2xi32> hex:ebd0165b,b34fcadc,a71bea00,191392ee,6dd0bfd6,eeb8d252,ff3cf06b,35af81c3,691f66bb,b12501ec,83999883,f86819d5,11e57dd4,69c19079,8b65e0ac,16cea6ba
// INPUT: 0@5 tensor<8x2xi32> hex:b86988aa,6d9ac79c,3bbb868f,4017c689,727149f3,a2692a27,e2a852dc,253420fe,1c2854d5,af41dc3c,839eeaa4,924ae0de,a960e4f7,1a87ec3a,d5599bf7,82406853
// INPUT: 0@6 tensor<8x2xi32> hex:65d89aa9,8d7648ab,89385dd3,e3fe35ed,267f6cc7,ae4fa64e,c2dec028,2a2b48fd,799739ba,c72e5357,d4250756,bde8371d,1a882b79,0d2f3fe0,4ebce0be,065502a6
// INPUT: 0@7 tensor<8x2xi32> hex:0478ecca,5882f115,095e2490,52199478,3d6f27d2,6f11119e,6ed5f104,9c7585d7,d4900e05,8e6c362f,6bd30a2b,4064038d,6426dc2c,e67faf38,7d1c10c7,8d9fef49
// EXPECT: 0@0 tensor<1x2xi32> hex:0e37bf0a,7e7f3695
// EXPECT: 0@1 tensor<1x2xi32> hex:4daed9bd,120e9e8e
// EXPECT: 0@2 tensor<1x2xi32> hex:4c9aab30,fa177201
// EXPECT: 0@3 tensor<1x2xi32> hex:00e67c64,4c14fbd4
// EXPECT: 0@4 tensor<1x2xi32> hex:6c207865,e41995aa
// EXPECT: 0@5 tensor<1x2xi32> hex:daa30e77,a1287aeb
// EXPECT: 0@6 tensor<1x2xi32> hex:93d258c4,7afb3c38
// EXPECT: 0@7 tensor<1x2xi32> hex:f710755d,a950a6fe
// GENERATOR: conformance/gen/mesh_collectives.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module attributes {tessera.mesh = {axes = ["x"], shape = [8]}} {
  func.func @main(%a0: tensor<8x2xi32>) -> tensor<1x2xi32> {
    %r = "tessera.collective_scatter"(%a0) {axes = ["x"], dim = 0, root = 1} : (tensor<8x2xi32>) -> tensor<1x2xi32>
    return %r : tensor<1x2xi32>
  }
}

// -----

// CASE: dim1_root3_2x4_tp_i32
// RULE: bitexact
// REQUIRES: op=tessera.collective_scatter dtype=i32 level=graph mesh=8
// INPUT: 0@0 tensor<2x4xi32> hex:fac3e45d,07b94c48,5da0d93c,d20c020f,acc9cbeb,b6cb9451,232f4521,2a300919
// INPUT: 0@1 tensor<2x4xi32> hex:f27383ab,3bf4a6cf,4b3a0159,c2a024c5,5b1b0c42,2a77f145,57dead8b,b9d31a95
// INPUT: 0@2 tensor<2x4xi32> hex:33c6dd68,62b28944,4747579e,e5fe8a52,8fd9dee2,f9229357,2ecb485e,aafc818d
// INPUT: 0@3 tensor<2x4xi32> hex:007f83ee,f6e60931,79d94ab7,c6ead37f,392eb670,48a85744,e33081f5,a2a199ac
// INPUT: 0@4 tensor<2x4xi32> hex:2d12d17f,08a9785f,68612ade,e77f9649,cd296ac1,69a6fbd5,e7f2a88b,2796fc72
// INPUT: 0@5 tensor<2x4xi32> hex:ba5527c7,101546d0,060c89a9,a57e6a22,7f615bb8,9a9f6b94,d0bfc1ad,1aed939d
// INPUT: 0@6 tensor<2x4xi32> hex:c0389d9e,6ba16e5a,e193e19c,94ed846c,93f1bb60,ec025163,adf704e6,deb4d021
// INPUT: 0@7 tensor<2x4xi32> hex:06b016d6,85b35cc2,3d2d5732,1fcd7578,6f98e698,f6926100,321dffed,fb7bb930
// EXPECT: 0@0 tensor<2x1xi32> hex:007f83ee,392eb670
// EXPECT: 0@1 tensor<2x1xi32> hex:f6e60931,48a85744
// EXPECT: 0@2 tensor<2x1xi32> hex:79d94ab7,e33081f5
// EXPECT: 0@3 tensor<2x1xi32> hex:c6ead37f,a2a199ac
// EXPECT: 0@4 tensor<2x1xi32> hex:06b016d6,6f98e698
// EXPECT: 0@5 tensor<2x1xi32> hex:85b35cc2,f6926100
// EXPECT: 0@6 tensor<2x1xi32> hex:3d2d5732,321dffed
// EXPECT: 0@7 tensor<2x1xi32> hex:1fcd7578,fb7bb930
// GENERATOR: conformance/gen/mesh_collectives.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module attributes {tessera.mesh = {axes = ["dp", "tp"], shape = [2, 4]}} {
  func.func @main(%a0: tensor<2x4xi32>) -> tensor<2x1xi32> {
    %r = "tessera.collective_scatter"(%a0) {axes = ["tp"], dim = 1, root = 3} : (tensor<2x4xi32>) -> tensor<2x1xi32>
    return %r : tensor<2x1xi32>
  }
}
