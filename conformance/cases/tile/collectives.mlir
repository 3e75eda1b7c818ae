// Tile IR collectives inside a tile.launch on every rank (docs/ops/tile/collectives.md).
// Generated file: edit the generator named in each case, then rerun it.

// CASE: all_reduce_sum_2x4_tp_f32
// NOTE: Inputs are small integers: every fold order gives the same bits.
// RULE: bitexact
// REQUIRES: op=tile.launch op=tile.all_reduce dtype=f32 level=tile mesh=8
// INPUT: 0@0 tensor<8xf32> hex:40400000,41000000,40c00000,40a00000,40800000,c0c00000,c0800000,40c00000
// INPUT: 0@1 tensor<8xf32> hex:c0400000,40c00000,c0c00000,c0400000,41000000,00000000,40c00000,40000000
// INPUT: 0@2 tensor<8xf32> hex:c0e00000,c0400000,00000000,40000000,41000000,40800000,c0400000,40c00000
// INPUT: 0@3 tensor<8xf32> hex:bf800000,c0400000,c1000000,bf800000,c0a00000,40000000,40400000,41000000
// INPUT: 0@4 tensor<8xf32> hex:00000000,40e00000,40e00000,c1000000,40a00000,40a00000,40800000,c0c00000
// INPUT: 0@5 tensor<8xf32> hex:c0000000,c0800000,40e00000,3f800000,40400000,40a00000,40400000,c0c00000
// INPUT: 0@6 tensor<8xf32> hex:c0e00000,40e00000,3f800000,c0400000,c0c00000,40c00000,c0c00000,40e00000
// INPUT: 0@7 tensor<8xf32> hex:40c00000,c0a00000,bf800000,c0c00000,3f800000,40c00000,3f800000,c0c00000
// EXPECT: 0@0 tensor<8xf32> hex:c1000000,41000000,c1000000,40400000,41700000,00000000,40000000,41b00000
// EXPECT: 0@1 tensor<8xf32> hex:c1000000,41000000,c1000000,40400000,41700000,00000000,40000000,41b00000
// EXPECT: 0@2 tensor<8xf32> hex:c1000000,41000000,c1000000,40400000,41700000,00000000,40000000,41b00000
// EXPECT: 0@3 tensor<8xf32> hex:c1000000,41000000,c1000000,40400000,41700000,00000000,40000000,41b00000
// EXPECT: 0@4 tensor<8xf32> hex:c0400000,40a00000,41600000,c1800000,40400000,41b00000,40000000,c1300000
// EXPECT: 0@5 tensor<8xf32> hex:c0400000,40a00000,41600000,c1800000,40400000,41b00000,40000000,c1300000
// EXPECT: 0@6 tensor<8xf32> hex:c0400000,40a00000,41600000,c1800000,40400000,41b00000,40000000,c1300000
// EXPECT: 0@7 tensor<8xf32> hex:c0400000,40a00000,41600000,c1800000,40400000,41b00000,40000000,c1300000
// GENERATOR: conformance/gen/tile_collectives.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module attributes {tessera.mesh = {axes = ["dp", "tp"], shape = [2, 4]}} {
  func.func @k(%x: memref<8xf32>, %y: memref<8xf32>) {
    %i = tile.linear_id : index
    %v = tile.load %x, %i : (memref<8xf32>, index) -> f32
    tile.store %v, %y, %i : (f32, memref<8xf32>, index) -> ()
    tile.all_reduce %y {axes = ["tp"], op = "sum"} : (memref<8xf32>) -> ()
    return
  }
  func.func @main(%a0: tensor<8xf32>) -> tensor<8xf32> {
    %r0 = tile.launch %a0 {callee = @k, grid = [2], tiles = 4, lanes = 32} : (tensor<8xf32>) -> tensor<8xf32>
    return %r0 : tensor<8xf32>
  }
}

// -----

// CASE: all_reduce_sum_2x4_tp_bf16
// NOTE: Inputs are small integers: every fold order gives the same bits.
// RULE: bitexact
// REQUIRES: op=tile.launch op=tile.all_reduce dtype=bf16 level=tile mesh=8
// INPUT: 0@0 tensor<8xbf16> hex:4000,40a0,40a0,4100,40e0,c0e0,c080,3f80
// INPUT: 0@1 tensor<8xbf16> hex:c0c0,c040,40c0,4080,4080,40c0,c040,c040
// INPUT: 0@2 tensor<8xbf16> hex:4100,c040,4080,c080,c000,40c0,4100,40a0
// INPUT: 0@3 tensor<8xbf16> hex:4080,40c0,c0c0,3f80,c000,40e0,c0a0,c0c0
// INPUT: 0@4 tensor<8xbf16> hex:4100,40c0,c0a0,c000,c0c0,bf80,c100,40c0
// INPUT: 0@5 tensor<8xbf16> hex:4040,4080,40e0,c100,c080,c080,c0c0,40e0
// INPUT: 0@6 tensor<8xbf16> hex:0000,c0e0,4000,4080,c100,c080,c0a0,c000
// INPUT: 0@7 tensor<8xbf16> hex:c080,40c0,c0c0,40a0,c0a0,c100,c0e0,40e0
// EXPECT: 0@0 tensor<8xbf16> hex:4100,40a0,4110,4110,40e0,4140,c080,c040
// EXPECT: 0@1 tensor<8xbf16> hex:4100,40a0,4110,4110,40e0,4140,c080,c040
// EXPECT: 0@2 tensor<8xbf16> hex:4100,40a0,4110,4110,40e0,4140,c080,c040
// EXPECT: 0@3 tensor<8xbf16> hex:4100,40a0,4110,4110,40e0,4140,c080,c040
// EXPECT: 0@4 tensor<8xbf16> hex:40e0,4110,c000,bf80,c1b8,c188,c1d0,4190
// EXPECT: 0@5 tensor<8xbf16> hex:40e0,4110,c000,bf80,c1b8,c188,c1d0,4190
// EXPECT: 0@6 tensor<8xbf16> hex:40e0,4110,c000,bf80,c1b8,c188,c1d0,4190
// EXPECT: 0@7 tensor<8xbf16> hex:40e0,4110,c000,bf80,c1b8,c188,c1d0,4190
// GENERATOR: conformance/gen/tile_collectives.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module attributes {tessera.mesh = {axes = ["dp", "tp"], shape = [2, 4]}} {
  func.func @k(%x: memref<8xbf16>, %y: memref<8xbf16>) {
    %i = tile.linear_id : index
    %v = tile.load %x, %i : (memref<8xbf16>, index) -> vector<1xbf16>
    tile.store %v, %y, %i : (vector<1xbf16>, memref<8xbf16>, index) -> ()
    tile.all_reduce %y {axes = ["tp"], op = "sum"} : (memref<8xbf16>) -> ()
    return
  }
  func.func @main(%a0: tensor<8xbf16>) -> tensor<8xbf16> {
    %r0 = tile.launch %a0 {callee = @k, grid = [2], tiles = 4, lanes = 32} : (tensor<8xbf16>) -> tensor<8xbf16>
    return %r0 : tensor<8xbf16>
  }
}

// -----

// CASE: all_reduce_sum_2x4_tp_i32
// NOTE: Inputs are small integers: every fold order gives the same bits.
// RULE: bitexact
// REQUIRES: op=tile.launch op=tile.all_reduce dtype=i32 level=tile mesh=8
// INPUT: 0@0 tensor<8xi32> hex:8224c386,88abf38c,4413324a,1f736262,9a2f4ac5,0d2af000,591f02ac,98b9aa5b
// INPUT: 0@1 tensor<8xi32> hex:62496256,79db84cc,499f2483,2550b16f,2998ab17,73cfc894,51939d0e,323d98d4
// INPUT: 0@2 tensor<8xi32> hex:4be85fd2,289a3050,17911828,a2515214,6ce19228,e76de3d8,3ffb36a7,149240de
// INPUT: 0@3 tensor<8xi32> hex:1c5a0ae0,91fff63c,a1184d24,a0aacc0e,0abc2c9c,2734a531,3122358e,170dfbd0
// INPUT: 0@4 tensor<8xi32> hex:9f91ad29,f7d4c254,266edb49,5debb30d,0000be3f,03b973fc,7e3cd51b,36509fd3
// INPUT: 0@5 tensor<8xi32> hex:eee68fce,ab6ec525,aecbe922,411b8109,a1a85bea,775a8210,9345a71a,241d9b2a
// INPUT: 0@6 tensor<8xi32> hex:c1af7818,f3abb2f5,e7c1889c,36c686bf,e279f7cc,91926edf,340bb916,5393fe55
// INPUT: 0@7 tensor<8xi32> hex:cefccfc8,ff53c269,4a60be76,dcbb8374,22d03f7d,04794ba7,e20eea02,b7e17f2c
// EXPECT: 0@0 tensor<8xi32> hex:4cb0908e,bd219ee4,465bbc19,87c031f3,3b65b4a0,8f9d419d,1bd00bef,f6977fdd
// EXPECT: 0@1 tensor<8xi32> hex:4cb0908e,bd219ee4,465bbc19,87c031f3,3b65b4a0,8f9d419d,1bd00bef,f6977fdd
// EXPECT: 0@2 tensor<8xi32> hex:4cb0908e,bd219ee4,465bbc19,87c031f3,3b65b4a0,8f9d419d,1bd00bef,f6977fdd
// EXPECT: 0@3 tensor<8xi32> hex:4cb0908e,bd219ee4,465bbc19,87c031f3,3b65b4a0,8f9d419d,1bd00bef,f6977fdd
// EXPECT: 0@4 tensor<8xi32> hex:1f2484d7,9642fcd7,075d0b7d,b2893e49,a6f35172,111fb092,279d1f4d,65e3b87e
// EXPECT: 0@5 tensor<8xi32> hex:1f2484d7,9642fcd7,075d0b7d,b2893e49,a6f35172,111fb092,279d1f4d,65e3b87e
// EXPECT: 0@6 tensor<8xi32> hex:1f2484d7,9642fcd7,075d0b7d,b2893e49,a6f35172,111fb092,279d1f4d,65e3b87e
// EXPECT: 0@7 tensor<8xi32> hex:1f2484d7,9642fcd7,075d0b7d,b2893e49,a6f35172,111fb092,279d1f4d,65e3b87e
// GENERATOR: conformance/gen/tile_collectives.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module attributes {tessera.mesh = {axes = ["dp", "tp"], shape = [2, 4]}} {
  func.func @k(%x: memref<8xi32>, %y: memref<8xi32>) {
    %i = tile.linear_id : index
    %v = tile.load %x, %i : (memref<8xi32>, index) -> i32
    tile.store %v, %y, %i : (i32, memref<8xi32>, index) -> ()
    tile.all_reduce %y {axes = ["tp"], op = "sum"} : (memref<8xi32>) -> ()
    return
  }
  func.func @main(%a0: tensor<8xi32>) -> tensor<8xi32> {
    %r0 = tile.launch %a0 {callee = @k, grid = [2], tiles = 4, lanes = 32} : (tensor<8xi32>) -> tensor<8xi32>
    return %r0 : tensor<8xi32>
  }
}

// -----

// CASE: all_reduce_avg_rank_order_8_f32
// NOTE: Arbitrary values: NCCL avg folded in group-rank order.
// RULE: bitexact
// REQUIRES: op=tile.launch op=tile.all_reduce dtype=f32 level=tile deterministic=1 mesh=8
// INPUT: 0@0 tensor<8xf32> hex:c093cb22,bf5239fc,bff43d35,c06e9eaf,c0681d6e,c03d8ac6,c02e67e8,c0acaea4
// INPUT: 0@1 tensor<8xf32> hex:40745f4c,be73a70d,3e390398,3e08e961,bf7d3165,bf0f4b90,3fa3c142,bf9728b8
// INPUT: 0@2 tensor<8xf32> hex:405ab28b,bf8419be,4043f7b9,c046d4a5,3eee3393,3fd527a6,4062ad39,4067ca9a
// INPUT: 0@3 tensor<8xf32> hex:c051327e,c0135ed9,40889730,bfbd8a2b,c09ba50a,403bde80,3fb5551f,c07b2a7b
// INPUT: 0@4 tensor<8xf32> hex:c006da8c,405b7342,bfd78fae,c000599a,bfca31a9,405f818f,c0a8d248,3f154da5
// INPUT: 0@5 tensor<8xf32> hex:be6a3be1,3f47117f,3fc51740,bf043201,3f8d2cd9,3f30820c,4064502e,c0e6d67b
// INPUT: 0@6 tensor<8xf32> hex:bf70c1dd,be5dd4ce,c08c27d8,40699f70,3f9705da,c0a8ddaa,bf89ca6c,3fe4e3eb
// INPUT: 0@7 tensor<8xf32> hex:3d9e59ef,c0184a46,3fc99f75,3f40125f,c0355860,bf4c3e36,406bb286,4056f018
// EXPECT: 0 tensor<8xf32> hex:bef672dd,beb22499,3ea9db8a,bf49b5f4,bfb25151,bdd05096,3f0d24b8,bf85d241
// GENERATOR: conformance/gen/tile_collectives.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module attributes {tessera.mesh = {axes = ["x"], shape = [8]}} {
  func.func @k(%x: memref<8xf32>, %y: memref<8xf32>) {
    %i = tile.linear_id : index
    %v = tile.load %x, %i : (memref<8xf32>, index) -> f32
    tile.store %v, %y, %i : (f32, memref<8xf32>, index) -> ()
    tile.all_reduce %y {axes = ["x"], op = "avg"} : (memref<8xf32>) -> ()
    return
  }
  func.func @main(%a0: tensor<8xf32>) -> tensor<8xf32> {
    %r0 = tile.launch %a0 {callee = @k, grid = [2], tiles = 4, lanes = 32} : (tensor<8xf32>) -> tensor<8xf32>
    return %r0 : tensor<8xf32>
  }
}

// -----

// CASE: all_reduce_avg_rank_order_8_bf16
// NOTE: Arbitrary values: NCCL avg folded in group-rank order.
// RULE: bitexact
// REQUIRES: op=tile.launch op=tile.all_reduce dtype=bf16 level=tile deterministic=1 mesh=8
// INPUT: 0@0 tensor<8xbf16> hex:c039,bff7,4081,3fd4,3db4,bf77,3f08,402a
// INPUT: 0@1 tensor<8xbf16> hex:c0dc,401f,c02d,c077,bffa,c04e,c03e,3def
// INPUT: 0@2 tensor<8xbf16> hex:bfa3,4038,c091,4014,c062,3ef5,bf78,4031
// INPUT: 0@3 tensor<8xbf16> hex:c06d,3e7f,4093,4072,bf3b,4014,4051,3fcd
// INPUT: 0@4 tensor<8xbf16> hex:4069,4044,c0d0,4002,412b,bf6f,bf3b,3ea0
// INPUT: 0@5 tensor<8xbf16> hex:c00c,bf4b,be06,40c3,bf0d,3fed,bed6,c026
// INPUT: 0@6 tensor<8xbf16> hex:bfe7,c04b,4087,bf13,c085,3dc1,40c8,3f6c
// INPUT: 0@7 tensor<8xbf16> hex:3cd5,3f7a,bf84,c03d,4081,c11c,bfbc,c024
// EXPECT: 0 tensor<8xbf16> hex:bff1,3ef2,be84,3f88,3ef8,bfa2,3ee0,3ecc
// GENERATOR: conformance/gen/tile_collectives.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module attributes {tessera.mesh = {axes = ["x"], shape = [8]}} {
  func.func @k(%x: memref<8xbf16>, %y: memref<8xbf16>) {
    %i = tile.linear_id : index
    %v = tile.load %x, %i : (memref<8xbf16>, index) -> vector<1xbf16>
    tile.store %v, %y, %i : (vector<1xbf16>, memref<8xbf16>, index) -> ()
    tile.all_reduce %y {axes = ["x"], op = "avg"} : (memref<8xbf16>) -> ()
    return
  }
  func.func @main(%a0: tensor<8xbf16>) -> tensor<8xbf16> {
    %r0 = tile.launch %a0 {callee = @k, grid = [2], tiles = 4, lanes = 32} : (tensor<8xbf16>) -> tensor<8xbf16>
    return %r0 : tensor<8xbf16>
  }
}

// -----

// CASE: collective_broadcast_2x4_dp_tp_root5_f32
// RULE: bitexact
// REQUIRES: op=tile.launch op=tile.collective_broadcast dtype=f32 level=tile mesh=8
// INPUT: 0@0 tensor<8xf32> hex:bf06cb6c,c006b2c8,405e3903,40989ace,3f0d8109,c06b46d7,c006b454,bf7b1e20
// INPUT: 0@1 tensor<8xf32> hex:c0260565,c067e0c2,40a938c9,4038a712,c034b8ca,c02381b5,3e82f1b5,bff6d6b1
// INPUT: 0@2 tensor<8xf32> hex:3fe3bc55,401b21f8,3e41731e,c02cd7fe,bf6054e3,c09affcd,bf858f07,40adbe6f
// INPUT: 0@3 tensor<8xf32> hex:bfced5d8,40043a53,4068e626,409afe6c,c07be7fb,bf13d456,bfd2f105,40832bcb
// INPUT: 0@4 tensor<8xf32> hex:40526af3,c0486b5c,bfd035e5,3f8c9262,40c5a967,bf888372,406c02b0,c01e998f
// INPUT: 0@5 tensor<8xf32> hex:c068ea23,401e754e,c013b205,c094dcd4,4070ba84,3feaeb45,c074b8c5,4024baa9
// INPUT: 0@6 tensor<8xf32> hex:3fa68aaf,3fd69cf1,c04b9921,bf9f1727,c0cc43d3,c0cc692f,401a5322,bfb40008
// INPUT: 0@7 tensor<8xf32> hex:3f1d9991,bf2e7056,bfcbc793,bfc654f8,3fba8c1f,bf3d1dad,c0943985,40564d44
// EXPECT: 0 tensor<8xf32> hex:c068ea23,401e754e,c013b205,c094dcd4,4070ba84,3feaeb45,c074b8c5,4024baa9
// GENERATOR: conformance/gen/tile_collectives.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module attributes {tessera.mesh = {axes = ["dp", "tp"], shape = [2, 4]}} {
  func.func @k(%x: memref<8xf32>, %y: memref<8xf32>) {
    %i = tile.linear_id : index
    %v = tile.load %x, %i : (memref<8xf32>, index) -> f32
    tile.store %v, %y, %i : (f32, memref<8xf32>, index) -> ()
    tile.collective_broadcast %y {axes = ["dp", "tp"], root = 5} : (memref<8xf32>) -> ()
    return
  }
  func.func @main(%a0: tensor<8xf32>) -> tensor<8xf32> {
    %r0 = tile.launch %a0 {callee = @k, grid = [2], tiles = 4, lanes = 32} : (tensor<8xf32>) -> tensor<8xf32>
    return %r0 : tensor<8xf32>
  }
}

// -----

// CASE: collective_broadcast_2x4_dp_tp_root5_bf16
// RULE: bitexact
// REQUIRES: op=tile.launch op=tile.collective_broadcast dtype=bf16 level=tile mesh=8
// INPUT: 0@0 tensor<8xbf16> hex:4085,4012,408e,3f0d,3d8a,4059,3fce,c064
// INPUT: 0@1 tensor<8xbf16> hex:bf07,3e87,40d2,3e09,c014,c050,befe,bff9
// INPUT: 0@2 tensor<8xbf16> hex:bec0,c043,c09c,bf61,3f7f,3ea0,c094,bf74
// INPUT: 0@3 tensor<8xbf16> hex:4015,3f4f,bffc,bfb7,bfb7,3f11,bf97,3fa4
// INPUT: 0@4 tensor<8xbf16> hex:3ee2,3ec8,4012,401d,bfa0,bf6e,402c,bf75
// INPUT: 0@5 tensor<8xbf16> hex:c070,bfe5,c04f,be24,3e75,407b,3f9a,3fdf
// INPUT: 0@6 tensor<8xbf16> hex:408c,400c,c02b,be96,c001,bf27,405e,4107
// INPUT: 0@7 tensor<8xbf16> hex:4017,3f2d,c00e,3f3f,4093,c018,3f9c,401b
// EXPECT: 0 tensor<8xbf16> hex:c070,bfe5,c04f,be24,3e75,407b,3f9a,3fdf
// GENERATOR: conformance/gen/tile_collectives.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module attributes {tessera.mesh = {axes = ["dp", "tp"], shape = [2, 4]}} {
  func.func @k(%x: memref<8xbf16>, %y: memref<8xbf16>) {
    %i = tile.linear_id : index
    %v = tile.load %x, %i : (memref<8xbf16>, index) -> vector<1xbf16>
    tile.store %v, %y, %i : (vector<1xbf16>, memref<8xbf16>, index) -> ()
    tile.collective_broadcast %y {axes = ["dp", "tp"], root = 5} : (memref<8xbf16>) -> ()
    return
  }
  func.func @main(%a0: tensor<8xbf16>) -> tensor<8xbf16> {
    %r0 = tile.launch %a0 {callee = @k, grid = [2], tiles = 4, lanes = 32} : (tensor<8xbf16>) -> tensor<8xbf16>
    return %r0 : tensor<8xbf16>
  }
}

// -----

// CASE: collective_broadcast_2x4_dp_tp_root5_i32
// RULE: bitexact
// REQUIRES: op=tile.launch op=tile.collective_broadcast dtype=i32 level=tile mesh=8
// INPUT: 0@0 tensor<8xi32> hex:af13589d,b1359f3a,9f92cce2,1f093e34,34c68aef,8003720a,9121a849,e6986904
// INPUT: 0@1 tensor<8xi32> hex:664d0d44,7d83f806,0d3acb46,ad4adba2,9c3c278f,1230aca8,b4024817,63a3baef
// INPUT: 0@2 tensor<8xi32> hex:09801694,682dc581,b64caa45,52e5e20d,472cbc5a,f344bc75,7982bb64,4c2772e9
// INPUT: 0@3 tensor<8xi32> hex:1ab79dc4,afa351d7,843ebd41,9d48690a,e53619f3,636c0349,ea6b35a8,47f1391d
// INPUT: 0@4 tensor<8xi32> hex:1e87f1e9,aeea56b5,655a08e9,04d59df5,154c6945,7f356e43,2e2da5d8,21eac71d
// INPUT: 0@5 tensor<8xi32> hex:1bfcb55f,6ebd32a0,5b834224,6bf3dfe4,68832629,b0bb549b,ca39c9bb,4ec40118
// INPUT: 0@6 tensor<8xi32> hex:41c61cdc,a583b46b,5b3fe0cd,1d51a7fb,bbd2302f,0edc72ed,abbd83cf,2fbfe8d4
// INPUT: 0@7 tensor<8xi32> hex:b04d56f2,192c68e7,a2904b51,58bc1d63,6cf1de7a,2f2e109b,dc04e9ac,b25d153b
// EXPECT: 0 tensor<8xi32> hex:1bfcb55f,6ebd32a0,5b834224,6bf3dfe4,68832629,b0bb549b,ca39c9bb,4ec40118
// GENERATOR: conformance/gen/tile_collectives.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module attributes {tessera.mesh = {axes = ["dp", "tp"], shape = [2, 4]}} {
  func.func @k(%x: memref<8xi32>, %y: memref<8xi32>) {
    %i = tile.linear_id : index
    %v = tile.load %x, %i : (memref<8xi32>, index) -> i32
    tile.store %v, %y, %i : (i32, memref<8xi32>, index) -> ()
    tile.collective_broadcast %y {axes = ["dp", "tp"], root = 5} : (memref<8xi32>) -> ()
    return
  }
  func.func @main(%a0: tensor<8xi32>) -> tensor<8xi32> {
    %r0 = tile.launch %a0 {callee = @k, grid = [2], tiles = 4, lanes = 32} : (tensor<8xi32>) -> tensor<8xi32>
    return %r0 : tensor<8xi32>
  }
}

// -----

// CASE: all_gather_2x4_tp_f32
// RULE: bitexact
// REQUIRES: op=tile.launch op=tile.all_gather dtype=f32 level=tile mesh=8
// INPUT: 0@0 tensor<2x3xf32> hex:400bc462,bee907ec,3fc559cb,3f2af041,c08e5150,c0998421
// INPUT: 0@1 tensor<2x3xf32> hex:c0218527,40262802,3f6f881b,4065b69d,406816b4,40a2a20e
// INPUT: 0@2 tensor<2x3xf32> hex:c03534cf,c05d7835,c0535e85,40807d2c,bf9c8b1d,3f6806f6
// INPUT: 0@3 tensor<2x3xf32> hex:40b71fc4,bf91edf5,bfeaf1d1,c033c008,40397c2f,4045340c
// INPUT: 0@4 tensor<2x3xf32> hex:3e9cfd71,bf8b81e2,bea64f0a,3f940331,404cba8b,c03bb5db
// INPUT: 0@5 tensor<2x3xf32> hex:c0116414,402aa781,40213a45,3e0db39f,becf9831,403eb5ca
// INPUT: 0@6 tensor<2x3xf32> hex:3ed2efd5,c0a33cdf,c049602f,4008ba34,bef8ec05,3fa11b2a
// INPUT: 0@7 tensor<2x3xf32> hex:c0a4318f,4059600e,3f3e01c1,bf174df7,3e7019e0,bf76075b
// EXPECT: 0@0 tensor<8x3xf32> hex:400bc462,bee907ec,3fc559cb,3f2af041,c08e5150,c0998421,c0218527,40262802,3f6f881b,4065b69d,406816b4,40a2a20e,c03534cf,c05d7835,c0535e85,40807d2c,bf9c8b1d,3f6806f6,40b71fc4,bf91edf5,bfeaf1d1,c033c008,40397c2f,4045340c
// EXPECT: 0@1 tensor<8x3xf32> hex:400bc462,bee907ec,3fc559cb,3f2af041,c08e5150,c0998421,c0218527,40262802,3f6f881b,4065b69d,406816b4,40a2a20e,c03534cf,c05d7835,c0535e85,40807d2c,bf9c8b1d,3f6806f6,40b71fc4,bf91edf5,bfeaf1d1,c033c008,40397c2f,4045340c
// EXPECT: 0@2 tensor<8x3xf32> hex:400bc462,bee907ec,3fc559cb,3f2af041,c08e5150,c0998421,c0218527,40262802,3f6f881b,4065b69d,406816b4,40a2a20e,c03534cf,c05d7835,c0535e85,40807d2c,bf9c8b1d,3f6806f6,40b71fc4,bf91edf5,bfeaf1d1,c033c008,40397c2f,4045340c
// EXPECT: 0@3 tensor<8x3xf32> hex:400bc462,bee907ec,3fc559cb,3f2af041,c08e5150,c0998421,c0218527,40262802,3f6f881b,4065b69d,406816b4,40a2a20e,c03534cf,c05d7835,c0535e85,40807d2c,bf9c8b1d,3f6806f6,40b71fc4,bf91edf5,bfeaf1d1,c033c008,40397c2f,4045340c
// EXPECT: 0@4 tensor<8x3xf32> hex:3e9cfd71,bf8b81e2,bea64f0a,3f940331,404cba8b,c03bb5db,c0116414,402aa781,40213a45,3e0db39f,becf9831,403eb5ca,3ed2efd5,c0a33cdf,c049602f,4008ba34,bef8ec05,3fa11b2a,c0a4318f,4059600e,3f3e01c1,bf174df7,3e7019e0,bf76075b
// EXPECT: 0@5 tensor<8x3xf32> hex:3e9cfd71,bf8b81e2,bea64f0a,3f940331,404cba8b,c03bb5db,c0116414,402aa781,40213a45,3e0db39f,becf9831,403eb5ca,3ed2efd5,c0a33cdf,c049602f,4008ba34,bef8ec05,3fa11b2a,c0a4318f,4059600e,3f3e01c1,bf174df7,3e7019e0,bf76075b
// EXPECT: 0@6 tensor<8x3xf32> hex:3e9cfd71,bf8b81e2,bea64f0a,3f940331,404cba8b,c03bb5db,c0116414,402aa781,40213a45,3e0db39f,becf9831,403eb5ca,3ed2efd5,c0a33cdf,c049602f,4008ba34,bef8ec05,3fa11b2a,c0a4318f,4059600e,3f3e01c1,bf174df7,3e7019e0,bf76075b
// EXPECT: 0@7 tensor<8x3xf32> hex:3e9cfd71,bf8b81e2,bea64f0a,3f940331,404cba8b,c03bb5db,c0116414,402aa781,40213a45,3e0db39f,becf9831,403eb5ca,3ed2efd5,c0a33cdf,c049602f,4008ba34,bef8ec05,3fa11b2a,c0a4318f,4059600e,3f3e01c1,bf174df7,3e7019e0,bf76075b
// GENERATOR: conformance/gen/tile_collectives.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module attributes {tessera.mesh = {axes = ["dp", "tp"], shape = [2, 4]}} {
  func.func @k(%x: memref<2x3xf32>, %y: memref<8x3xf32>) {
    tile.all_gather %x, %y {axes = ["tp"]} : (memref<2x3xf32>, memref<8x3xf32>) -> ()
    return
  }
  func.func @main(%a0: tensor<2x3xf32>) -> tensor<8x3xf32> {
    %r0 = tile.launch %a0 {callee = @k, grid = [2], tiles = 4, lanes = 32} : (tensor<2x3xf32>) -> tensor<8x3xf32>
    return %r0 : tensor<8x3xf32>
  }
}

// -----

// CASE: all_to_all_8_f32
// RULE: bitexact
// REQUIRES: op=tile.launch op=tile.all_to_all dtype=f32 level=tile mesh=8
// INPUT: 0@0 tensor<8x3xf32> hex:bf2f0341,c0d94323,c043e504,404d5927,bf278fd8,c02b400c,3fb84517,408de816,bdab31c4,401d31db,bff6102f,c0ab7118,409497ec,c00d267f,40197db4,4047ed2a,40a01593,bfc80aac,40545f86,c0319de5,c088a830,c0999ddf,3f2e5eb0,c08b944b
// INPUT: 0@1 tensor<8x3xf32> hex:40ff8134,40525775,404dd4ff,3f92c8dd,4035e9cb,bf9edbb3,c044fca2,c01b2b5d,3ff13afc,3ea13650,3fa1bd2c,c07d34fb,4020c95b,4076e153,3f9ed556,c0d845ac,bfcd5a80,bbdcdb61,40533264,3f23f84e,401c98bc,c035b7d0,c0010e13,c0011354
// INPUT: 0@2 tensor<8x3xf32> hex:40843f62,c0a77ce2,bf9aa27c,c0aec4fd,409e24f4,40105810,c018ae52,400cc956,400b0558,bf332c8b,3f7ffe2b,bf1840d2,bf155264,c0a56c35,c0336e36,4007ab22,3ef7a420,40d087bc,40796865,3faded86,c0bd8783,bffdf3f3,3f068522,40ba24b9
// INPUT: 0@3 tensor<8x3xf32> hex:3fac17ad,c08f35b7,4024f768,404820c1,40716fa4,408cdbe7,c0294932,bdc1afc9,3fc18a13,402f5d91,bfe8c474,403fd584,4025bbdd,c0d9aec3,3ffd8cd4,3f566a2b,bfe7efbf,bfa5aafb,3fbb86ec,40a409e6,3fd1b8e7,c094216e,bfa5150a,3e120c37
// INPUT: 0@4 tensor<8x3xf32> hex:c0ece533,3cbe7460,c0083cc9,bfb97ca0,c06bd62e,3f79959f,c057fd06,c05f9c9c,3e05cb2e,4015775e,bfecd0c4,bf9cec0c,400a2caf,3f9d2ba2,3e00698f,404a5bd2,4018c27f,c0505ea3,c05b10bd,40a87b46,c02122b8,c0be2d6f,bfa9e2bb,3da536f0
// INPUT: 0@5 tensor<8x3xf32> hex:4016e599,40b0d7d3,bebf1815,c0ca7939,c00ee34f,3fc728f6,4085db0c,bf6c2c58,c0358b46,bfbe7d49,c0918d7f,c0657da2,40d7ad0e,409a0f7f,c000f883,c077f199,40183725,3ffa5b2d,3fb22cb0,c0bdbc94,bed9ca63,c02d0885,404c716b,c101cc17
// INPUT: 0@6 tensor<8x3xf32> hex:4012bc04,c001a56f,4029b439,bfd33ee6,405db85c,bf88f9e1,c0048e66,bfd89c9c,40866e73,c02244d7,3f5297ea,401f0c95,c058afdb,3e0535a3,bf5b4a95,408fb6ad,bff4b149,3fb18faa,c064f9af,c08f4f8c,3fdac988,4012012a,40021c1b,c106c81b
// INPUT: 0@7 tensor<8x3xf32> hex:40962aec,3fa1e8b7,3f8b13e5,40d6090c,402a33c1,3eff3324,c04c0983,bed303c4,4031ece0,c0c8f3a6,3f833a1b,bfc847c2,c006d025,4042d078,bf0274d7,c094d3ea,c0305aff,3fb5e0dd,3ffc5a09,c0b27816,c02d38e7,3f666087,40821f47,3fe37a07
// EXPECT: 0@0 tensor<8x3xf32> hex:bf2f0341,c0d94323,c043e504,40ff8134,40525775,404dd4ff,40843f62,c0a77ce2,bf9aa27c,3fac17ad,c08f35b7,4024f768,c0ece533,3cbe7460,c0083cc9,4016e599,40b0d7d3,bebf1815,4012bc04,c001a56f,4029b439,40962aec,3fa1e8b7,3f8b13e5
// EXPECT: 0@1 tensor<8x3xf32> hex:404d5927,bf278fd8,c02b400c,3f92c8dd,4035e9cb,bf9edbb3,c0aec4fd,409e24f4,40105810,404820c1,40716fa4,408cdbe7,bfb97ca0,c06bd62e,3f79959f,c0ca7939,c00ee34f,3fc728f6,bfd33ee6,405db85c,bf88f9e1,40d6090c,402a33c1,3eff3324
// EXPECT: 0@2 tensor<8x3xf32> hex:3fb84517,408de816,bdab31c4,c044fca2,c01b2b5d,3ff13afc,c018ae52,400cc956,400b0558,c0294932,bdc1afc9,3fc18a13,c057fd06,c05f9c9c,3e05cb2e,4085db0c,bf6c2c58,c0358b46,c0048e66,bfd89c9c,40866e73,c04c0983,bed303c4,4031ece0
// EXPECT: 0@3 tensor<8x3xf32> hex:401d31db,bff6102f,c0ab7118,3ea13650,3fa1bd2c,c07d34fb,bf332c8b,3f7ffe2b,bf1840d2,402f5d91,bfe8c474,403fd584,4015775e,bfecd0c4,bf9cec0c,bfbe7d49,c0918d7f,c0657da2,c02244d7,3f5297ea,401f0c95,c0c8f3a6,3f833a1b,bfc847c2
// EXPECT: 0@4 tensor<8x3xf32> hex:409497ec,c00d267f,40197db4,4020c95b,4076e153,3f9ed556,bf155264,c0a56c35,c0336e36,4025bbdd,c0d9aec3,3ffd8cd4,400a2caf,3f9d2ba2,3e00698f,40d7ad0e,409a0f7f,c000f883,c058afdb,3e0535a3,bf5b4a95,c006d025,4042d078,bf0274d7
// EXPECT: 0@5 tensor<8x3xf32> hex:4047ed2a,40a01593,bfc80aac,c0d845ac,bfcd5a80,bbdcdb61,4007ab22,3ef7a420,40d087bc,3f566a2b,bfe7efbf,bfa5aafb,404a5bd2,4018c27f,c0505ea3,c077f199,40183725,3ffa5b2d,408fb6ad,bff4b149,3fb18faa,c094d3ea,c0305aff,3fb5e0dd
// EXPECT: 0@6 tensor<8x3xf32> hex:40545f86,c0319de5,c088a830,40533264,3f23f84e,401c98bc,40796865,3faded86,c0bd8783,3fbb86ec,40a409e6,3fd1b8e7,c05b10bd,40a87b46,c02122b8,3fb22cb0,c0bdbc94,bed9ca63,c064f9af,c08f4f8c,3fdac988,3ffc5a09,c0b27816,c02d38e7
// EXPECT: 0@7 tensor<8x3xf32> hex:c0999ddf,3f2e5eb0,c08b944b,c035b7d0,c0010e13,c0011354,bffdf3f3,3f068522,40ba24b9,c094216e,bfa5150a,3e120c37,c0be2d6f,bfa9e2bb,3da536f0,c02d0885,404c716b,c101cc17,4012012a,40021c1b,c106c81b,3f666087,40821f47,3fe37a07
// GENERATOR: conformance/gen/tile_collectives.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module attributes {tessera.mesh = {axes = ["x"], shape = [8]}} {
  func.func @k(%x: memref<8x3xf32>, %y: memref<8x3xf32>) {
    tile.all_to_all %x, %y {axes = ["x"]} : (memref<8x3xf32>, memref<8x3xf32>) -> ()
    return
  }
  func.func @main(%a0: tensor<8x3xf32>) -> tensor<8x3xf32> {
    %r0 = tile.launch %a0 {callee = @k, grid = [2], tiles = 4, lanes = 32} : (tensor<8x3xf32>) -> tensor<8x3xf32>
    return %r0 : tensor<8x3xf32>
  }
}

// -----

// CASE: collective_gather_2x4_dp_root1_f32
// RULE: bitexact
// REQUIRES: op=tile.launch op=tile.collective_gather dtype=f32 level=tile mesh=8
// INPUT: 0@0 tensor<3x2xf32> hex:c004bc59,400aad28,c0322476,3f52a782,bec73e31,4059c8c4
// INPUT: 0@1 tensor<3x2xf32> hex:407fc0b6,40938cd2,3f3f39f9,bcd12366,3f966805,40e23f10
// INPUT: 0@2 tensor<3x2xf32> hex:3f082efa,3f8eb511,3e5a8555,c0435e51,402f2029,4005dd42
// INPUT: 0@3 tensor<3x2xf32> hex:3f15c6cd,bfc65e9c,bf84b6d9,bfa0b6c8,c0939c75,bfb074bb
// INPUT: 0@4 tensor<3x2xf32> hex:40569bec,3fd8ab4d,bf6d9c10,401960a9,bf36a8e6,bfe318de
// INPUT: 0@5 tensor<3x2xf32> hex:3e67324a,3f8c85c6,40b4a1a4,3ed3d851,3e69cf2d,3feee05a
// INPUT: 0@6 tensor<3x2xf32> hex:c07ab741,4083c90b,40af1347,beaf4a20,bfc2fc87,3f1dc60b
// INPUT: 0@7 tensor<3x2xf32> hex:3f9744fc,c0041f6c,c0985424,be1d2d10,bff6c57a,408cda57
// EXPECT: 0@0 tensor<6x2xf32> hex:00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000
// EXPECT: 0@1 tensor<6x2xf32> hex:00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000
// EXPECT: 0@2 tensor<6x2xf32> hex:00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000
// EXPECT: 0@3 tensor<6x2xf32> hex:00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000
// EXPECT: 0@4 tensor<6x2xf32> hex:c004bc59,400aad28,c0322476,3f52a782,bec73e31,4059c8c4,40569bec,3fd8ab4d,bf6d9c10,401960a9,bf36a8e6,bfe318de
// EXPECT: 0@5 tensor<6x2xf32> hex:407fc0b6,40938cd2,3f3f39f9,bcd12366,3f966805,40e23f10,3e67324a,3f8c85c6,40b4a1a4,3ed3d851,3e69cf2d,3feee05a
// EXPECT: 0@6 tensor<6x2xf32> hex:3f082efa,3f8eb511,3e5a8555,c0435e51,402f2029,4005dd42,c07ab741,4083c90b,40af1347,beaf4a20,bfc2fc87,3f1dc60b
// EXPECT: 0@7 tensor<6x2xf32> hex:3f15c6cd,bfc65e9c,bf84b6d9,bfa0b6c8,c0939c75,bfb074bb,3f9744fc,c0041f6c,c0985424,be1d2d10,bff6c57a,408cda57
// GENERATOR: conformance/gen/tile_collectives.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module attributes {tessera.mesh = {axes = ["dp", "tp"], shape = [2, 4]}} {
  func.func @k(%x: memref<3x2xf32>, %y: memref<6x2xf32>) {
    tile.collective_gather %x, %y {axes = ["dp"], root = 1} : (memref<3x2xf32>, memref<6x2xf32>) -> ()
    return
  }
  func.func @main(%a0: tensor<3x2xf32>) -> tensor<6x2xf32> {
    %r0 = tile.launch %a0 {callee = @k, grid = [2], tiles = 4, lanes = 32} : (tensor<3x2xf32>) -> tensor<6x2xf32>
    return %r0 : tensor<6x2xf32>
  }
}

// -----

// CASE: collective_scatter_2x4_tp_root2_f32
// RULE: bitexact
// REQUIRES: op=tile.launch op=tile.collective_scatter dtype=f32 level=tile mesh=8
// INPUT: 0@0 tensor<8x2xf32> hex:bea46c6a,3dc3f139,3edfdc7a,c04b6510,c02c273c,40bbc8f5,4085ed7c,c06135fc,3f8b7cf7,bf5cb78c,401b1668,403f39ff,bfa6a171,4041a5bb,bfbf26c8,3f97034f
// INPUT: 0@1 tensor<8x2xf32> hex:409f734f,3ff54b88,3f34ccf6,408f0f84,bfdf1e8f,3ff97b8c,bf2202dc,c096b08d,be8d9638,3fa2ee47,c0c30a51,c0bd5602,bee969cf,3c440afe,bed7cceb,40a25fea
// INPUT: 0@2 tensor<8x2xf32> hex:411579ad,bf51c35b,3f59d11b,bfed97d2,40586078,c0c1d291,405cd000,c0b06855,3f853c03,3fac2620,c0460d3c,3f0ef4a2,40916020,be41809e,3f463fed,c065ce3d
// INPUT: 0@3 tensor<8x2xf32> hex:bf8d82f3,c099e713,408b015d,bf46c1d9,4047e249,403b38ea,bf8f6e06,3fe73b59,4050ba47,4082cedd,c10a1706,4092f589,4086b8bc,3f480576,bed1c3c8,3ef8e35c
// INPUT: 0@4 tensor<8x2xf32> hex:402703cf,c0ba7992,40ae1022,c069fa7f,40e343f8,3fb02727,405b2226,3f8544a5,bfaabc6c,c07fc450,bff94ce1,4036d0d2,bf92832b,bdcefa7a,beb286fe,c01d2e8a
// INPUT: 0@5 tensor<8x2xf32> hex:bfc0a093,408e87a2,408e4da7,4109b98b,c027f308,c0501a62,3f038a9a,c08be3eb,3f90ba02,40a492f7,3f9e1804,bf6f16e4,c0b4cd9d,bcf9c23a,c047ad26,3f9bbca1
// INPUT: 0@6 tensor<8x2xf32> hex:3f256ba2,c0d3be54,c084af9b,c03b6b09,3f415b3c,401e44bc,c076f297,bfe19ad0,3faed8fa,c09d5bc9,c036e912,c0160e2b,c015644e,4083892f,3f16cb18,c09c9ea4
// INPUT: 0@7 tensor<8x2xf32> hex:408404d7,bf39bb56,bf0c5580,4089f542,3d8f5225,c01def08,c022369c,bea30b16,402273d8,401d456b,bf65251f,c06aa1bd,401c4e6f,c0982102,bf48d83f,4017dd3f
// EXPECT: 0@0 tensor<2x2xf32> hex:411579ad,bf51c35b,3f59d11b,bfed97d2
// EXPECT: 0@1 tensor<2x2xf32> hex:40586078,c0c1d291,405cd000,c0b06855
// EXPECT: 0@2 tensor<2x2xf32> hex:3f853c03,3fac2620,c0460d3c,3f0ef4a2
// EXPECT: 0@3 tensor<2x2xf32> hex:40916020,be41809e,3f463fed,c065ce3d
// EXPECT: 0@4 tensor<2x2xf32> hex:3f256ba2,c0d3be54,c084af9b,c03b6b09
// EXPECT: 0@5 tensor<2x2xf32> hex:3f415b3c,401e44bc,c076f297,bfe19ad0
// EXPECT: 0@6 tensor<2x2xf32> hex:3faed8fa,c09d5bc9,c036e912,c0160e2b
// EXPECT: 0@7 tensor<2x2xf32> hex:c015644e,4083892f,3f16cb18,c09c9ea4
// GENERATOR: conformance/gen/tile_collectives.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module attributes {tessera.mesh = {axes = ["dp", "tp"], shape = [2, 4]}} {
  func.func @k(%x: memref<8x2xf32>, %y: memref<2x2xf32>) {
    tile.collective_scatter %x, %y {axes = ["tp"], root = 2} : (memref<8x2xf32>, memref<2x2xf32>) -> ()
    return
  }
  func.func @main(%a0: tensor<8x2xf32>) -> tensor<2x2xf32> {
    %r0 = tile.launch %a0 {callee = @k, grid = [2], tiles = 4, lanes = 32} : (tensor<8x2xf32>) -> tensor<2x2xf32>
    return %r0 : tensor<2x2xf32>
  }
}

// -----

// CASE: ppermute_2x4_tp_f32
// NOTE: Group rank 2 is no destination: zeros.
// RULE: bitexact
// REQUIRES: op=tile.launch op=tile.ppermute dtype=f32 level=tile mesh=8
// INPUT: 0@0 tensor<4xf32> hex:c046e6bb,bedc0afa,c02db974,c014f53b
// INPUT: 0@1 tensor<4xf32> hex:bfc06ccb,3fea3a41,c00482fd,c0007bdf
// INPUT: 0@2 tensor<4xf32> hex:408b5833,40849c22,40475819,be9b636f
// INPUT: 0@3 tensor<4xf32> hex:bd2413b2,3f8c333b,3dcd8425,3e892ef0
// INPUT: 0@4 tensor<4xf32> hex:404ede9f,40c79ec6,3f84e15a,bf283112
// INPUT: 0@5 tensor<4xf32> hex:3f8bfec1,bed7f0c9,c008a6a3,3f5a72a9
// INPUT: 0@6 tensor<4xf32> hex:bf8c8d2b,406fc5b5,3f988587,3f5ff0b6
// INPUT: 0@7 tensor<4xf32> hex:bfcf9bba,4051caf6,407c9136,3fd5a838
// EXPECT: 0@0 tensor<4xf32> hex:bfc06ccb,3fea3a41,c00482fd,c0007bdf
// EXPECT: 0@1 tensor<4xf32> hex:bd2413b2,3f8c333b,3dcd8425,3e892ef0
// EXPECT: 0@2 tensor<4xf32> hex:00000000,00000000,00000000,00000000
// EXPECT: 0@3 tensor<4xf32> hex:c046e6bb,bedc0afa,c02db974,c014f53b
// EXPECT: 0@4 tensor<4xf32> hex:3f8bfec1,bed7f0c9,c008a6a3,3f5a72a9
// EXPECT: 0@5 tensor<4xf32> hex:bfcf9bba,4051caf6,407c9136,3fd5a838
// EXPECT: 0@6 tensor<4xf32> hex:00000000,00000000,00000000,00000000
// EXPECT: 0@7 tensor<4xf32> hex:404ede9f,40c79ec6,3f84e15a,bf283112
// GENERATOR: conformance/gen/tile_collectives.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module attributes {tessera.mesh = {axes = ["dp", "tp"], shape = [2, 4]}} {
  func.func @k(%x: memref<4xf32>, %y: memref<4xf32>) {
    tile.ppermute %x, %y {axes = ["tp"], pairs = [[0, 3], [3, 1], [1, 0]]} : (memref<4xf32>, memref<4xf32>) -> ()
    return
  }
  func.func @main(%a0: tensor<4xf32>) -> tensor<4xf32> {
    %r0 = tile.launch %a0 {callee = @k, grid = [2], tiles = 4, lanes = 32} : (tensor<4xf32>) -> tensor<4xf32>
    return %r0 : tensor<4xf32>
  }
}

// -----

// CASE: all_gather_2x4_tp_bf16
// RULE: bitexact
// REQUIRES: op=tile.launch op=tile.all_gather dtype=bf16 level=tile mesh=8
// INPUT: 0@0 tensor<2x3xbf16> hex:bfd4,3f06,c10d,3f87,4022,c083
// INPUT: 0@1 tensor<2x3xbf16> hex:3f93,c06a,bfa4,bfed,4095,3fe3
// INPUT: 0@2 tensor<2x3xbf16> hex:be56,3d98,40f4,3d32,3f90,c0ec
// INPUT: 0@3 tensor<2x3xbf16> hex:4073,3f0e,bffc,bf65,3fd2,3f87
// INPUT: 0@4 tensor<2x3xbf16> hex:c03d,3f0f,be8a,bfd8,40c1,3fc2
// INPUT: 0@5 tensor<2x3xbf16> hex:c083,3eb1,3d9e,3fb1,bff7,c0a9
// INPUT: 0@6 tensor<2x3xbf16> hex:c042,40bd,40ff,bf26,c0ef,c033
// INPUT: 0@7 tensor<2x3xbf16> hex:3f8e,406a,400a,4058,4003,3e86
// EXPECT: 0@0 tensor<8x3xbf16> hex:bfd4,3f06,c10d,3f87,4022,c083,3f93,c06a,bfa4,bfed,4095,3fe3,be56,3d98,40f4,3d32,3f90,c0ec,4073,3f0e,bffc,bf65,3fd2,3f87
// EXPECT: 0@1 tensor<8x3xbf16> hex:bfd4,3f06,c10d,3f87,4022,c083,3f93,c06a,bfa4,bfed,4095,3fe3,be56,3d98,40f4,3d32,3f90,c0ec,4073,3f0e,bffc,bf65,3fd2,3f87
// EXPECT: 0@2 tensor<8x3xbf16> hex:bfd4,3f06,c10d,3f87,4022,c083,3f93,c06a,bfa4,bfed,4095,3fe3,be56,3d98,40f4,3d32,3f90,c0ec,4073,3f0e,bffc,bf65,3fd2,3f87
// EXPECT: 0@3 tensor<8x3xbf16> hex:bfd4,3f06,c10d,3f87,4022,c083,3f93,c06a,bfa4,bfed,4095,3fe3,be56,3d98,40f4,3d32,3f90,c0ec,4073,3f0e,bffc,bf65,3fd2,3f87
// EXPECT: 0@4 tensor<8x3xbf16> hex:c03d,3f0f,be8a,bfd8,40c1,3fc2,c083,3eb1,3d9e,3fb1,bff7,c0a9,c042,40bd,40ff,bf26,c0ef,c033,3f8e,406a,400a,4058,4003,3e86
// EXPECT: 0@5 tensor<8x3xbf16> hex:c03d,3f0f,be8a,bfd8,40c1,3fc2,c083,3eb1,3d9e,3fb1,bff7,c0a9,c042,40bd,40ff,bf26,c0ef,c033,3f8e,406a,400a,4058,4003,3e86
// EXPECT: 0@6 tensor<8x3xbf16> hex:c03d,3f0f,be8a,bfd8,40c1,3fc2,c083,3eb1,3d9e,3fb1,bff7,c0a9,c042,40bd,40ff,bf26,c0ef,c033,3f8e,406a,400a,4058,4003,3e86
// EXPECT: 0@7 tensor<8x3xbf16> hex:c03d,3f0f,be8a,bfd8,40c1,3fc2,c083,3eb1,3d9e,3fb1,bff7,c0a9,c042,40bd,40ff,bf26,c0ef,c033,3f8e,406a,400a,4058,4003,3e86
// GENERATOR: conformance/gen/tile_collectives.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module attributes {tessera.mesh = {axes = ["dp", "tp"], shape = [2, 4]}} {
  func.func @k(%x: memref<2x3xbf16>, %y: memref<8x3xbf16>) {
    tile.all_gather %x, %y {axes = ["tp"]} : (memref<2x3xbf16>, memref<8x3xbf16>) -> ()
    return
  }
  func.func @main(%a0: tensor<2x3xbf16>) -> tensor<8x3xbf16> {
    %r0 = tile.launch %a0 {callee = @k, grid = [2], tiles = 4, lanes = 32} : (tensor<2x3xbf16>) -> tensor<8x3xbf16>
    return %r0 : tensor<8x3xbf16>
  }
}

// -----

// CASE: all_to_all_8_bf16
// RULE: bitexact
// REQUIRES: op=tile.launch op=tile.all_to_all dtype=bf16 level=tile mesh=8
// INPUT: 0@0 tensor<8x3xbf16> hex:bf2e,c02e,c0b1,c028,bf91,4018,c0ac,406e,c094,408f,c020,3f97,bf37,bdb9,c041,3f23,bfa0,3fdb,bc8e,bf79,c09a,bc21,c0e1,3d92
// INPUT: 0@1 tensor<8x3xbf16> hex:be77,402a,c0a6,4025,bf12,3fd5,bf88,3e47,4089,bf3f,3fd6,bf72,3eaa,405a,bf47,be33,4061,3faf,bfb7,be5b,c05a,bfea,c082,3ec0
// INPUT: 0@2 tensor<8x3xbf16> hex:3fa5,c0b3,403f,3f8c,c002,c01f,c043,bf81,bede,4021,40df,3f03,3ff2,c07c,bed8,4005,3faf,c085,405e,3f9e,c08a,400b,c047,c089
// INPUT: 0@3 tensor<8x3xbf16> hex:c06a,bf3f,4085,3fde,bfd6,4085,3f69,402c,c093,3fc1,bf60,c085,4009,3eaa,3f02,bfc3,c05e,405e,be2a,4009,3bf1,3f39,c004,3f53
// INPUT: 0@4 tensor<8x3xbf16> hex:be81,bfe3,bf4d,3f2b,3f98,be13,c045,3fc3,bfc6,c0e1,c082,3f64,bfdf,3f94,3fa9,40a8,400c,c131,c029,c0e3,bf24,bf48,4012,3fdb
// INPUT: 0@5 tensor<8x3xbf16> hex:4034,bfdc,c01d,3f24,bfb4,bffd,4064,bf8e,bfa1,3f89,bf5c,4030,405c,c015,3ff3,4011,3fa5,c000,40f1,3f71,3fe6,c008,40bd,bfca
// INPUT: 0@6 tensor<8x3xbf16> hex:c04f,c064,bf5e,c093,bf84,be50,4031,4045,4037,4041,40d7,3f2c,4073,401b,3fab,c0a1,be72,4098,c041,bff1,be39,3fac,3f0c,bef2
// INPUT: 0@7 tensor<8x3xbf16> hex:c091,401c,bfa9,bfc3,bfe9,3fb7,c0f7,c095,4059,3fb1,c04e,40ad,c020,bdf1,4009,c02a,3fd7,3fac,c025,c07e,4087,bd21,40b9,400f
// EXPECT: 0@0 tensor<8x3xbf16> hex:bf2e,c02e,c0b1,be77,402a,c0a6,3fa5,c0b3,403f,c06a,bf3f,4085,be81,bfe3,bf4d,4034,bfdc,c01d,c04f,c064,bf5e,c091,401c,bfa9
// EXPECT: 0@1 tensor<8x3xbf16> hex:c028,bf91,4018,4025,bf12,3fd5,3f8c,c002,c01f,3fde,bfd6,4085,3f2b,3f98,be13,3f24,bfb4,bffd,c093,bf84,be50,bfc3,bfe9,3fb7
// EXPECT: 0@2 tensor<8x3xbf16> hex:c0ac,406e,c094,bf88,3e47,4089,c043,bf81,bede,3f69,402c,c093,c045,3fc3,bfc6,4064,bf8e,bfa1,4031,4045,4037,c0f7,c095,4059
// EXPECT: 0@3 tensor<8x3xbf16> hex:408f,c020,3f97,bf3f,3fd6,bf72,4021,40df,3f03,3fc1,bf60,c085,c0e1,c082,3f64,3f89,bf5c,4030,4041,40d7,3f2c,3fb1,c04e,40ad
// EXPECT: 0@4 tensor<8x3xbf16> hex:bf37,bdb9,c041,3eaa,405a,bf47,3ff2,c07c,bed8,4009,3eaa,3f02,bfdf,3f94,3fa9,405c,c015,3ff3,4073,401b,3fab,c020,bdf1,4009
// EXPECT: 0@5 tensor<8x3xbf16> hex:3f23,bfa0,3fdb,be33,4061,3faf,4005,3faf,c085,bfc3,c05e,405e,40a8,400c,c131,4011,3fa5,c000,c0a1,be72,4098,c02a,3fd7,3fac
// EXPECT: 0@6 tensor<8x3xbf16> hex:bc8e,bf79,c09a,bfb7,be5b,c05a,405e,3f9e,c08a,be2a,4009,3bf1,c029,c0e3,bf24,40f1,3f71,3fe6,c041,bff1,be39,c025,c07e,4087
// EXPECT: 0@7 tensor<8x3xbf16> hex:bc21,c0e1,3d92,bfea,c082,3ec0,400b,c047,c089,3f39,c004,3f53,bf48,4012,3fdb,c008,40bd,bfca,3fac,3f0c,bef2,bd21,40b9,400f
// GENERATOR: conformance/gen/tile_collectives.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module attributes {tessera.mesh = {axes = ["x"], shape = [8]}} {
  func.func @k(%x: memref<8x3xbf16>, %y: memref<8x3xbf16>) {
    tile.all_to_all %x, %y {axes = ["x"]} : (memref<8x3xbf16>, memref<8x3xbf16>) -> ()
    return
  }
  func.func @main(%a0: tensor<8x3xbf16>) -> tensor<8x3xbf16> {
    %r0 = tile.launch %a0 {callee = @k, grid = [2], tiles = 4, lanes = 32} : (tensor<8x3xbf16>) -> tensor<8x3xbf16>
    return %r0 : tensor<8x3xbf16>
  }
}

// -----

// CASE: collective_gather_2x4_dp_root1_bf16
// RULE: bitexact
// REQUIRES: op=tile.launch op=tile.collective_gather dtype=bf16 level=tile mesh=8
// INPUT: 0@0 tensor<3x2xbf16> hex:3f8e,3dc0,c01c,3f42,bfe8,408b
// INPUT: 0@1 tensor<3x2xbf16> hex:4065,c097,c033,c035,4017,3fb8
// INPUT: 0@2 tensor<3x2xbf16> hex:3fc7,bf42,400e,c097,4010,3f2f
// INPUT: 0@3 tensor<3x2xbf16> hex:3ebe,bf95,c10a,403e,c050,3f8c
// INPUT: 0@4 tensor<3x2xbf16> hex:c02b,3fe2,be95,4014,bf31,3fd3
// INPUT: 0@5 tensor<3x2xbf16> hex:3f80,c0dd,4054,3f7d,bf0a,bf6c
// INPUT: 0@6 tensor<3x2xbf16> hex:3f9a,c05a,bf94,bf37,40b4,c047
// INPUT: 0@7 tensor<3x2xbf16> hex:c0aa,c029,c003,bfd6,bf41,3fce
// EXPECT: 0@0 tensor<6x2xbf16> hex:0000,0000,0000,0000,0000,0000,0000,0000,0000,0000,0000,0000
// EXPECT: 0@1 tensor<6x2xbf16> hex:0000,0000,0000,0000,0000,0000,0000,0000,0000,0000,0000,0000
// EXPECT: 0@2 tensor<6x2xbf16> hex:0000,0000,0000,0000,0000,0000,0000,0000,0000,0000,0000,0000
// EXPECT: 0@3 tensor<6x2xbf16> hex:0000,0000,0000,0000,0000,0000,0000,0000,0000,0000,0000,0000
// EXPECT: 0@4 tensor<6x2xbf16> hex:3f8e,3dc0,c01c,3f42,bfe8,408b,c02b,3fe2,be95,4014,bf31,3fd3
// EXPECT: 0@5 tensor<6x2xbf16> hex:4065,c097,c033,c035,4017,3fb8,3f80,c0dd,4054,3f7d,bf0a,bf6c
// EXPECT: 0@6 tensor<6x2xbf16> hex:3fc7,bf42,400e,c097,4010,3f2f,3f9a,c05a,bf94,bf37,40b4,c047
// EXPECT: 0@7 tensor<6x2xbf16> hex:3ebe,bf95,c10a,403e,c050,3f8c,c0aa,c029,c003,bfd6,bf41,3fce
// GENERATOR: conformance/gen/tile_collectives.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module attributes {tessera.mesh = {axes = ["dp", "tp"], shape = [2, 4]}} {
  func.func @k(%x: memref<3x2xbf16>, %y: memref<6x2xbf16>) {
    tile.collective_gather %x, %y {axes = ["dp"], root = 1} : (memref<3x2xbf16>, memref<6x2xbf16>) -> ()
    return
  }
  func.func @main(%a0: tensor<3x2xbf16>) -> tensor<6x2xbf16> {
    %r0 = tile.launch %a0 {callee = @k, grid = [2], tiles = 4, lanes = 32} : (tensor<3x2xbf16>) -> tensor<6x2xbf16>
    return %r0 : tensor<6x2xbf16>
  }
}

// -----

// CASE: collective_scatter_2x4_tp_root2_bf16
// RULE: bitexact
// REQUIRES: op=tile.launch op=tile.collective_scatter dtype=bf16 level=tile mesh=8
// INPUT: 0@0 tensor<8x2xbf16> hex:3f66,3d1c,40f2,405b,401c,bd46,c01e,3f7b,c0bc,c00a,bff3,c06e,40ba,4072,bf8d,c060
// INPUT: 0@1 tensor<8x2xbf16> hex:4018,3e9e,befe,4014,c034,3f5b,40e1,4011,3fc6,40bf,4067,40a8,bfc0,bfee,3ebb,c00c
// INPUT: 0@2 tensor<8x2xbf16> hex:c05a,40a1,bf68,c096,3f52,bd8d,be80,3e8b,3f97,c04b,bf4e,3f05,4033,3e5a,c053,4002
// INPUT: 0@3 tensor<8x2xbf16> hex:c060,3d8b,3fba,bf38,4007,bf28,bff6,bf4c,3f29,3fd5,c0a0,3f76,bfa5,4044,c0bc,3f83
// INPUT: 0@4 tensor<8x2xbf16> hex:c002,bfc9,c062,4066,c08e,4005,c097,3fcb,c092,bf5f,4095,4003,c0ab,3ac2,c113,3f4b
// INPUT: 0@5 tensor<8x2xbf16> hex:c0d4,3fa5,bf92,3fff,c00b,4021,3f4f,40a2,c046,bf9e,c03e,bf95,4026,bef0,bfe9,bf7c
// INPUT: 0@6 tensor<8x2xbf16> hex:bf56,3d0e,4095,bf04,40c8,3fef,3fcf,c062,c00a,bfcb,402d,c082,c000,c041,404d,c09e
// INPUT: 0@7 tensor<8x2xbf16> hex:3fd4,3fa0,3f39,4098,3fd9,c078,4010,bfc0,4005,bfe5,bf7f,c092,bfa8,c08e,3ec9,3f1c
// EXPECT: 0@0 tensor<2x2xbf16> hex:c05a,40a1,bf68,c096
// EXPECT: 0@1 tensor<2x2xbf16> hex:3f52,bd8d,be80,3e8b
// EXPECT: 0@2 tensor<2x2xbf16> hex:3f97,c04b,bf4e,3f05
// EXPECT: 0@3 tensor<2x2xbf16> hex:4033,3e5a,c053,4002
// EXPECT: 0@4 tensor<2x2xbf16> hex:bf56,3d0e,4095,bf04
// EXPECT: 0@5 tensor<2x2xbf16> hex:40c8,3fef,3fcf,c062
// EXPECT: 0@6 tensor<2x2xbf16> hex:c00a,bfcb,402d,c082
// EXPECT: 0@7 tensor<2x2xbf16> hex:c000,c041,404d,c09e
// GENERATOR: conformance/gen/tile_collectives.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module attributes {tessera.mesh = {axes = ["dp", "tp"], shape = [2, 4]}} {
  func.func @k(%x: memref<8x2xbf16>, %y: memref<2x2xbf16>) {
    tile.collective_scatter %x, %y {axes = ["tp"], root = 2} : (memref<8x2xbf16>, memref<2x2xbf16>) -> ()
    return
  }
  func.func @main(%a0: tensor<8x2xbf16>) -> tensor<2x2xbf16> {
    %r0 = tile.launch %a0 {callee = @k, grid = [2], tiles = 4, lanes = 32} : (tensor<8x2xbf16>) -> tensor<2x2xbf16>
    return %r0 : tensor<2x2xbf16>
  }
}

// -----

// CASE: ppermute_2x4_tp_bf16
// NOTE: Group rank 2 is no destination: zeros.
// RULE: bitexact
// REQUIRES: op=tile.launch op=tile.ppermute dtype=bf16 level=tile mesh=8
// INPUT: 0@0 tensor<4xbf16> hex:40b2,c054,3fef,bd89
// INPUT: 0@1 tensor<4xbf16> hex:c01d,40cf,c0a1,bfe2
// INPUT: 0@2 tensor<4xbf16> hex:402b,3f1b,3f3a,400c
// INPUT: 0@3 tensor<4xbf16> hex:4054,c0c7,3f86,3d85
// INPUT: 0@4 tensor<4xbf16> hex:4020,409e,3f84,be91
// INPUT: 0@5 tensor<4xbf16> hex:3fd5,c08f,4038,3fd7
// INPUT: 0@6 tensor<4xbf16> hex:c034,c006,bf66,4011
// INPUT: 0@7 tensor<4xbf16> hex:40da,4103,c02d,bfdc
// EXPECT: 0@0 tensor<4xbf16> hex:c01d,40cf,c0a1,bfe2
// EXPECT: 0@1 tensor<4xbf16> hex:4054,c0c7,3f86,3d85
// EXPECT: 0@2 tensor<4xbf16> hex:0000,0000,0000,0000
// EXPECT: 0@3 tensor<4xbf16> hex:40b2,c054,3fef,bd89
// EXPECT: 0@4 tensor<4xbf16> hex:3fd5,c08f,4038,3fd7
// EXPECT: 0@5 tensor<4xbf16> hex:40da,4103,c02d,bfdc
// EXPECT: 0@6 tensor<4xbf16> hex:0000,0000,0000,0000
// EXPECT: 0@7 tensor<4xbf16> hex:4020,409e,3f84,be91
// GENERATOR: conformance/gen/tile_collectives.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module attributes {tessera.mesh = {axes = ["dp", "tp"], shape = [2, 4]}} {
  func.func @k(%x: memref<4xbf16>, %y: memref<4xbf16>) {
    tile.ppermute %x, %y {axes = ["tp"], pairs = [[0, 3], [3, 1], [1, 0]]} : (memref<4xbf16>, memref<4xbf16>) -> ()
    return
  }
  func.func @main(%a0: tensor<4xbf16>) -> tensor<4xbf16> {
    %r0 = tile.launch %a0 {callee = @k, grid = [2], tiles = 4, lanes = 32} : (tensor<4xbf16>) -> tensor<4xbf16>
    return %r0 : tensor<4xbf16>
  }
}

// -----

// CASE: all_gather_2x4_tp_e4m3
// RULE: bitexact
// REQUIRES: op=tile.launch op=tile.all_gather dtype=f8E4M3FN level=tile mesh=8
// INPUT: 0@0 tensor<2x3xf8E4M3FN> hex:b9,46,2c,ca,30,c9
// INPUT: 0@1 tensor<2x3xf8E4M3FN> hex:42,8e,46,3b,c1,c6
// INPUT: 0@2 tensor<2x3xf8E4M3FN> hex:c8,b6,4c,4b,c3,c6
// INPUT: 0@3 tensor<2x3xf8E4M3FN> hex:4b,c2,28,28,bc,44
// INPUT: 0@4 tensor<2x3xf8E4M3FN> hex:43,38,c9,c9,38,bd
// INPUT: 0@5 tensor<2x3xf8E4M3FN> hex:41,bd,c4,c2,51,bf
// INPUT: 0@6 tensor<2x3xf8E4M3FN> hex:bd,c4,b2,31,4a,45
// INPUT: 0@7 tensor<2x3xf8E4M3FN> hex:bc,08,2f,31,45,48
// EXPECT: 0@0 tensor<8x3xf8E4M3FN> hex:b9,46,2c,ca,30,c9,42,8e,46,3b,c1,c6,c8,b6,4c,4b,c3,c6,4b,c2,28,28,bc,44
// EXPECT: 0@1 tensor<8x3xf8E4M3FN> hex:b9,46,2c,ca,30,c9,42,8e,46,3b,c1,c6,c8,b6,4c,4b,c3,c6,4b,c2,28,28,bc,44
// EXPECT: 0@2 tensor<8x3xf8E4M3FN> hex:b9,46,2c,ca,30,c9,42,8e,46,3b,c1,c6,c8,b6,4c,4b,c3,c6,4b,c2,28,28,bc,44
// EXPECT: 0@3 tensor<8x3xf8E4M3FN> hex:b9,46,2c,ca,30,c9,42,8e,46,3b,c1,c6,c8,b6,4c,4b,c3,c6,4b,c2,28,28,bc,44
// EXPECT: 0@4 tensor<8x3xf8E4M3FN> hex:43,38,c9,c9,38,bd,41,bd,c4,c2,51,bf,bd,c4,b2,31,4a,45,bc,08,2f,31,45,48
// EXPECT: 0@5 tensor<8x3xf8E4M3FN> hex:43,38,c9,c9,38,bd,41,bd,c4,c2,51,bf,bd,c4,b2,31,4a,45,bc,08,2f,31,45,48
// EXPECT: 0@6 tensor<8x3xf8E4M3FN> hex:43,38,c9,c9,38,bd,41,bd,c4,c2,51,bf,bd,c4,b2,31,4a,45,bc,08,2f,31,45,48
// EXPECT: 0@7 tensor<8x3xf8E4M3FN> hex:43,38,c9,c9,38,bd,41,bd,c4,c2,51,bf,bd,c4,b2,31,4a,45,bc,08,2f,31,45,48
// GENERATOR: conformance/gen/tile_collectives.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module attributes {tessera.mesh = {axes = ["dp", "tp"], shape = [2, 4]}} {
  func.func @k(%x: memref<2x3xf8E4M3FN>, %y: memref<8x3xf8E4M3FN>) {
    tile.all_gather %x, %y {axes = ["tp"]} : (memref<2x3xf8E4M3FN>, memref<8x3xf8E4M3FN>) -> ()
    return
  }
  func.func @main(%a0: tensor<2x3xf8E4M3FN>) -> tensor<8x3xf8E4M3FN> {
    %r0 = tile.launch %a0 {callee = @k, grid = [2], tiles = 4, lanes = 32} : (tensor<2x3xf8E4M3FN>) -> tensor<8x3xf8E4M3FN>
    return %r0 : tensor<8x3xf8E4M3FN>
  }
}

// -----

// CASE: all_to_all_8_e4m3
// RULE: bitexact
// REQUIRES: op=tile.launch op=tile.all_to_all dtype=f8E4M3FN level=tile mesh=8
// INPUT: 0@0 tensor<8x3xf8E4M3FN> hex:49,43,32,31,b1,92,ae,31,b7,40,cc,42,47,39,c0,ca,b0,46,29,bf,42,37,c0,c2
// INPUT: 0@1 tensor<8x3xf8E4M3FN> hex:43,47,33,48,30,41,c7,be,c9,be,c6,4a,2b,47,b5,43,c8,41,b6,41,39,cf,4c,c6
// INPUT: 0@2 tensor<8x3xf8E4M3FN> hex:c9,cb,ba,c9,c4,83,c0,c0,b9,cc,33,49,ca,36,36,43,ca,45,3b,cc,c5,b4,9a,bb
// INPUT: 0@3 tensor<8x3xf8E4M3FN> hex:c9,3b,49,c8,cd,3c,42,bc,41,39,4a,45,af,3a,c5,41,bb,46,b9,c9,45,38,41,49
// INPUT: 0@4 tensor<8x3xf8E4M3FN> hex:c2,c0,26,c4,cc,36,43,bf,44,39,3f,b8,90,46,4a,49,bb,21,40,46,a9,3b,ca,b6
// INPUT: 0@5 tensor<8x3xf8E4M3FN> hex:42,3d,4b,c5,c3,c8,46,bc,c1,bc,21,2b,3f,c8,99,a1,cd,c3,3c,3a,c1,ba,39,cd
// INPUT: 0@6 tensor<8x3xf8E4M3FN> hex:41,4a,b5,35,46,bb,40,30,40,b2,42,3b,30,ba,47,19,44,c8,a7,34,4b,43,39,bb
// INPUT: 0@7 tensor<8x3xf8E4M3FN> hex:c3,b8,3c,bd,cc,c6,2d,c0,3f,c6,bf,4a,ba,4b,c1,4d,49,c1,3a,ca,c2,3b,3c,b1
// EXPECT: 0@0 tensor<8x3xf8E4M3FN> hex:49,43,32,43,47,33,c9,cb,ba,c9,3b,49,c2,c0,26,42,3d,4b,41,4a,b5,c3,b8,3c
// EXPECT: 0@1 tensor<8x3xf8E4M3FN> hex:31,b1,92,48,30,41,c9,c4,83,c8,cd,3c,c4,cc,36,c5,c3,c8,35,46,bb,bd,cc,c6
// EXPECT: 0@2 tensor<8x3xf8E4M3FN> hex:ae,31,b7,c7,be,c9,c0,c0,b9,42,bc,41,43,bf,44,46,bc,c1,40,30,40,2d,c0,3f
// EXPECT: 0@3 tensor<8x3xf8E4M3FN> hex:40,cc,42,be,c6,4a,cc,33,49,39,4a,45,39,3f,b8,bc,21,2b,b2,42,3b,c6,bf,4a
// EXPECT: 0@4 tensor<8x3xf8E4M3FN> hex:47,39,c0,2b,47,b5,ca,36,36,af,3a,c5,90,46,4a,3f,c8,99,30,ba,47,ba,4b,c1
// EXPECT: 0@5 tensor<8x3xf8E4M3FN> hex:ca,b0,46,43,c8,41,43,ca,45,41,bb,46,49,bb,21,a1,cd,c3,19,44,c8,4d,49,c1
// EXPECT: 0@6 tensor<8x3xf8E4M3FN> hex:29,bf,42,b6,41,39,3b,cc,c5,b9,c9,45,40,46,a9,3c,3a,c1,a7,34,4b,3a,ca,c2
// EXPECT: 0@7 tensor<8x3xf8E4M3FN> hex:37,c0,c2,cf,4c,c6,b4,9a,bb,38,41,49,3b,ca,b6,ba,39,cd,43,39,bb,3b,3c,b1
// GENERATOR: conformance/gen/tile_collectives.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module attributes {tessera.mesh = {axes = ["x"], shape = [8]}} {
  func.func @k(%x: memref<8x3xf8E4M3FN>, %y: memref<8x3xf8E4M3FN>) {
    tile.all_to_all %x, %y {axes = ["x"]} : (memref<8x3xf8E4M3FN>, memref<8x3xf8E4M3FN>) -> ()
    return
  }
  func.func @main(%a0: tensor<8x3xf8E4M3FN>) -> tensor<8x3xf8E4M3FN> {
    %r0 = tile.launch %a0 {callee = @k, grid = [2], tiles = 4, lanes = 32} : (tensor<8x3xf8E4M3FN>) -> tensor<8x3xf8E4M3FN>
    return %r0 : tensor<8x3xf8E4M3FN>
  }
}

// -----

// CASE: collective_gather_2x4_dp_root1_e4m3
// RULE: bitexact
// REQUIRES: op=tile.launch op=tile.collective_gather dtype=f8E4M3FN level=tile mesh=8
// INPUT: 0@0 tensor<3x2xf8E4M3FN> hex:45,38,49,ba,38,c0
// INPUT: 0@1 tensor<3x2xf8E4M3FN> hex:50,42,30,43,46,40
// INPUT: 0@2 tensor<3x2xf8E4M3FN> hex:cb,c3,44,2c,b8,be
// INPUT: 0@3 tensor<3x2xf8E4M3FN> hex:b1,41,c6,c8,bc,ad
// INPUT: 0@4 tensor<3x2xf8E4M3FN> hex:bb,44,c3,b9,33,c2
// INPUT: 0@5 tensor<3x2xf8E4M3FN> hex:47,c6,ba,2f,44,cc
// INPUT: 0@6 tensor<3x2xf8E4M3FN> hex:b9,c2,be,b7,3e,bb
// INPUT: 0@7 tensor<3x2xf8E4M3FN> hex:33,4a,47,b9,41,2c
// EXPECT: 0@0 tensor<6x2xf8E4M3FN> hex:00,00,00,00,00,00,00,00,00,00,00,00
// EXPECT: 0@1 tensor<6x2xf8E4M3FN> hex:00,00,00,00,00,00,00,00,00,00,00,00
// EXPECT: 0@2 tensor<6x2xf8E4M3FN> hex:00,00,00,00,00,00,00,00,00,00,00,00
// EXPECT: 0@3 tensor<6x2xf8E4M3FN> hex:00,00,00,00,00,00,00,00,00,00,00,00
// EXPECT: 0@4 tensor<6x2xf8E4M3FN> hex:45,38,49,ba,38,c0,bb,44,c3,b9,33,c2
// EXPECT: 0@5 tensor<6x2xf8E4M3FN> hex:50,42,30,43,46,40,47,c6,ba,2f,44,cc
// EXPECT: 0@6 tensor<6x2xf8E4M3FN> hex:cb,c3,44,2c,b8,be,b9,c2,be,b7,3e,bb
// EXPECT: 0@7 tensor<6x2xf8E4M3FN> hex:b1,41,c6,c8,bc,ad,33,4a,47,b9,41,2c
// GENERATOR: conformance/gen/tile_collectives.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module attributes {tessera.mesh = {axes = ["dp", "tp"], shape = [2, 4]}} {
  func.func @k(%x: memref<3x2xf8E4M3FN>, %y: memref<6x2xf8E4M3FN>) {
    tile.collective_gather %x, %y {axes = ["dp"], root = 1} : (memref<3x2xf8E4M3FN>, memref<6x2xf8E4M3FN>) -> ()
    return
  }
  func.func @main(%a0: tensor<3x2xf8E4M3FN>) -> tensor<6x2xf8E4M3FN> {
    %r0 = tile.launch %a0 {callee = @k, grid = [2], tiles = 4, lanes = 32} : (tensor<3x2xf8E4M3FN>) -> tensor<6x2xf8E4M3FN>
    return %r0 : tensor<6x2xf8E4M3FN>
  }
}

// -----

// CASE: collective_scatter_2x4_tp_root2_e4m3
// RULE: bitexact
// REQUIRES: op=tile.launch op=tile.collective_scatter dtype=f8E4M3FN level=tile mesh=8
// INPUT: 0@0 tensor<8x2xf8E4M3FN> hex:49,9e,20,c1,c2,47,4e,95,2e,42,4a,30,37,38,a2,c9
// INPUT: 0@1 tensor<8x2xf8E4M3FN> hex:bd,a8,44,b4,47,3d,bf,41,2d,b5,3e,39,c0,38,3c,c2
// INPUT: 0@2 tensor<8x2xf8E4M3FN> hex:04,c1,c2,bd,b7,c3,bf,28,31,2e,c1,3a,45,c9,46,b3
// INPUT: 0@3 tensor<8x2xf8E4M3FN> hex:41,c3,4f,2d,42,42,b0,4c,44,36,4d,36,c7,48,31,32
// INPUT: 0@4 tensor<8x2xf8E4M3FN> hex:3f,43,3a,a1,ac,c5,28,3b,c0,42,33,45,35,39,ba,4d
// INPUT: 0@5 tensor<8x2xf8E4M3FN> hex:2a,c0,c9,3f,44,c8,c7,be,bf,c0,2b,b6,48,b6,c6,24
// INPUT: 0@6 tensor<8x2xf8E4M3FN> hex:c7,45,a8,37,c6,c1,48,4c,42,c7,43,c1,46,c9,43,c9
// INPUT: 0@7 tensor<8x2xf8E4M3FN> hex:9f,bd,43,bd,bb,ca,35,bd,aa,48,3c,4a,ca,3c,41,c3
// EXPECT: 0@0 tensor<2x2xf8E4M3FN> hex:04,c1,c2,bd
// EXPECT: 0@1 tensor<2x2xf8E4M3FN> hex:b7,c3,bf,28
// EXPECT: 0@2 tensor<2x2xf8E4M3FN> hex:31,2e,c1,3a
// EXPECT: 0@3 tensor<2x2xf8E4M3FN> hex:45,c9,46,b3
// EXPECT: 0@4 tensor<2x2xf8E4M3FN> hex:c7,45,a8,37
// EXPECT: 0@5 tensor<2x2xf8E4M3FN> hex:c6,c1,48,4c
// EXPECT: 0@6 tensor<2x2xf8E4M3FN> hex:42,c7,43,c1
// EXPECT: 0@7 tensor<2x2xf8E4M3FN> hex:46,c9,43,c9
// GENERATOR: conformance/gen/tile_collectives.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module attributes {tessera.mesh = {axes = ["dp", "tp"], shape = [2, 4]}} {
  func.func @k(%x: memref<8x2xf8E4M3FN>, %y: memref<2x2xf8E4M3FN>) {
    tile.collective_scatter %x, %y {axes = ["tp"], root = 2} : (memref<8x2xf8E4M3FN>, memref<2x2xf8E4M3FN>) -> ()
    return
  }
  func.func @main(%a0: tensor<8x2xf8E4M3FN>) -> tensor<2x2xf8E4M3FN> {
    %r0 = tile.launch %a0 {callee = @k, grid = [2], tiles = 4, lanes = 32} : (tensor<8x2xf8E4M3FN>) -> tensor<2x2xf8E4M3FN>
    return %r0 : tensor<2x2xf8E4M3FN>
  }
}

// -----

// CASE: ppermute_2x4_tp_e4m3
// NOTE: Group rank 2 is no destination: zeros.
// RULE: bitexact
// REQUIRES: op=tile.launch op=tile.ppermute dtype=f8E4M3FN level=tile mesh=8
// INPUT: 0@0 tensor<4xf8E4M3FN> hex:be,af,41,4a
// INPUT: 0@1 tensor<4xf8E4M3FN> hex:c0,48,39,4a
// INPUT: 0@2 tensor<4xf8E4M3FN> hex:b9,3f,47,40
// INPUT: 0@3 tensor<4xf8E4M3FN> hex:0e,c2,49,42
// INPUT: 0@4 tensor<4xf8E4M3FN> hex:c3,35,ca,47
// INPUT: 0@5 tensor<4xf8E4M3FN> hex:49,cc,39,33
// INPUT: 0@6 tensor<4xf8E4M3FN> hex:3a,4d,bd,bc
// INPUT: 0@7 tensor<4xf8E4M3FN> hex:c0,40,c4,cd
// EXPECT: 0@0 tensor<4xf8E4M3FN> hex:c0,48,39,4a
// EXPECT: 0@1 tensor<4xf8E4M3FN> hex:0e,c2,49,42
// EXPECT: 0@2 tensor<4xf8E4M3FN> hex:00,00,00,00
// EXPECT: 0@3 tensor<4xf8E4M3FN> hex:be,af,41,4a
// EXPECT: 0@4 tensor<4xf8E4M3FN> hex:49,cc,39,33
// EXPECT: 0@5 tensor<4xf8E4M3FN> hex:c0,40,c4,cd
// EXPECT: 0@6 tensor<4xf8E4M3FN> hex:00,00,00,00
// EXPECT: 0@7 tensor<4xf8E4M3FN> hex:c3,35,ca,47
// GENERATOR: conformance/gen/tile_collectives.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module attributes {tessera.mesh = {axes = ["dp", "tp"], shape = [2, 4]}} {
  func.func @k(%x: memref<4xf8E4M3FN>, %y: memref<4xf8E4M3FN>) {
    tile.ppermute %x, %y {axes = ["tp"], pairs = [[0, 3], [3, 1], [1, 0]]} : (memref<4xf8E4M3FN>, memref<4xf8E4M3FN>) -> ()
    return
  }
  func.func @main(%a0: tensor<4xf8E4M3FN>) -> tensor<4xf8E4M3FN> {
    %r0 = tile.launch %a0 {callee = @k, grid = [2], tiles = 4, lanes = 32} : (tensor<4xf8E4M3FN>) -> tensor<4xf8E4M3FN>
    return %r0 : tensor<4xf8E4M3FN>
  }
}

// -----

// CASE: all_gather_2x4_tp_i32
// RULE: bitexact
// REQUIRES: op=tile.launch op=tile.all_gather dtype=i32 level=tile mesh=8
// INPUT: 0@0 tensor<2x3xi32> hex:49cd2604,ed2aec4d,6b8cb8ff,7334ed07,b0005fd1,6d7f8075
// INPUT: 0@1 tensor<2x3xi32> hex:8bc4a5f5,e4e6f484,7f69ad06,b1322c92,1853974b,b59fdeee
// INPUT: 0@2 tensor<2x3xi32> hex:fbeb03ad,feb46811,354a4e6a,7bff0e3d,bd10b2b4,a6eb528f
// INPUT: 0@3 tensor<2x3xi32> hex:d1c83c0f,9475fa8f,c004cbc0,0fafaa31,875d4951,ac054aa3
// INPUT: 0@4 tensor<2x3xi32> hex:dc4956f7,ecacd9b7,294e2c92,fa3df565,d0e7f6aa,46378869
// INPUT: 0@5 tensor<2x3xi32> hex:b4b87bd3,bd2182cf,0d5cc713,6216eff8,0a76d2bf,44947f2d
// INPUT: 0@6 tensor<2x3xi32> hex:b318f51f,c2a1f15d,06411713,5a6eb439,676ac147,927377bc
// INPUT: 0@7 tensor<2x3xi32> hex:82c48a4f,3602e5b7,b190cf18,003fa706,145f5675,c129523d
// EXPECT: 0@0 tensor<8x3xi32> hex:49cd2604,ed2aec4d,6b8cb8ff,7334ed07,b0005fd1,6d7f8075,8bc4a5f5,e4e6f484,7f69ad06,b1322c92,1853974b,b59fdeee,fbeb03ad,feb46811,354a4e6a,7bff0e3d,bd10b2b4,a6eb528f,d1c83c0f,9475fa8f,c004cbc0,0fafaa31,875d4951,ac054aa3
// EXPECT: 0@1 tensor<8x3xi32> hex:49cd2604,ed2aec4d,6b8cb8ff,7334ed07,b0005fd1,6d7f8075,8bc4a5f5,e4e6f484,7f69ad06,b1322c92,1853974b,b59fdeee,fbeb03ad,feb46811,354a4e6a,7bff0e3d,bd10b2b4,a6eb528f,d1c83c0f,9475fa8f,c004cbc0,0fafaa31,875d4951,ac054aa3
// EXPECT: 0@2 tensor<8x3xi32> hex:49cd2604,ed2aec4d,6b8cb8ff,7334ed07,b0005fd1,6d7f8075,8bc4a5f5,e4e6f484,7f69ad06,b1322c92,1853974b,b59fdeee,fbeb03ad,feb46811,354a4e6a,7bff0e3d,bd10b2b4,a6eb528f,d1c83c0f,9475fa8f,c004cbc0,0fafaa31,875d4951,ac054aa3
// EXPECT: 0@3 tensor<8x3xi32> hex:49cd2604,ed2aec4d,6b8cb8ff,7334ed07,b0005fd1,6d7f8075,8bc4a5f5,e4e6f484,7f69ad06,b1322c92,1853974b,b59fdeee,fbeb03ad,feb46811,354a4e6a,7bff0e3d,bd10b2b4,a6eb528f,d1c83c0f,9475fa8f,c004cbc0,0fafaa31,875d4951,ac054aa3
// EXPECT: 0@4 tensor<8x3xi32> hex:dc4956f7,ecacd9b7,294e2c92,fa3df565,d0e7f6aa,46378869,b4b87bd3,bd2182cf,0d5cc713,6216eff8,0a76d2bf,44947f2d,b318f51f,c2a1f15d,06411713,5a6eb439,676ac147,927377bc,82c48a4f,3602e5b7,b190cf18,003fa706,145f5675,c129523d
// EXPECT: 0@5 tensor<8x3xi32> hex:dc4956f7,ecacd9b7,294e2c92,fa3df565,d0e7f6aa,46378869,b4b87bd3,bd2182cf,0d5cc713,6216eff8,0a76d2bf,44947f2d,b318f51f,c2a1f15d,06411713,5a6eb439,676ac147,927377bc,82c48a4f,3602e5b7,b190cf18,003fa706,145f5675,c129523d
// EXPECT: 0@6 tensor<8x3xi32> hex:dc4956f7,ecacd9b7,294e2c92,fa3df565,d0e7f6aa,46378869,b4b87bd3,bd2182cf,0d5cc713,6216eff8,0a76d2bf,44947f2d,b318f51f,c2a1f15d,06411713,5a6eb439,676ac147,927377bc,82c48a4f,3602e5b7,b190cf18,003fa706,145f5675,c129523d
// EXPECT: 0@7 tensor<8x3xi32> hex:dc4956f7,ecacd9b7,294e2c92,fa3df565,d0e7f6aa,46378869,b4b87bd3,bd2182cf,0d5cc713,6216eff8,0a76d2bf,44947f2d,b318f51f,c2a1f15d,06411713,5a6eb439,676ac147,927377bc,82c48a4f,3602e5b7,b190cf18,003fa706,145f5675,c129523d
// GENERATOR: conformance/gen/tile_collectives.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module attributes {tessera.mesh = {axes = ["dp", "tp"], shape = [2, 4]}} {
  func.func @k(%x: memref<2x3xi32>, %y: memref<8x3xi32>) {
    tile.all_gather %x, %y {axes = ["tp"]} : (memref<2x3xi32>, memref<8x3xi32>) -> ()
    return
  }
  func.func @main(%a0: tensor<2x3xi32>) -> tensor<8x3xi32> {
    %r0 = tile.launch %a0 {callee = @k, grid = [2], tiles = 4, lanes = 32} : (tensor<2x3xi32>) -> tensor<8x3xi32>
    return %r0 : tensor<8x3xi32>
  }
}

// -----

// CASE: all_to_all_8_i32
// RULE: bitexact
// REQUIRES: op=tile.launch op=tile.all_to_all dtype=i32 level=tile mesh=8
// INPUT: 0@0 tensor<8x3xi32> hex:ed4f2708,c6ed5a61,115a7be6,106fd79c,58a07bdf,b9924eec,d494782e,bf074eec,1bd2f699,fc944297,2594c4ff,7b6a1ea9,755aa70a,bbaa2217,4dc87d1d,eb9319d0,88c3f674,1a75d486,85606976,00eab409,cf30f97a,8ce25428,e6439219,5af5f03a
// INPUT: 0@1 tensor<8x3xi32> hex:53590a0f,f94ad2d5,50c6edee,4c2b7d38,6591bd85,b65d83b2,67b12193,9a33d63d,ffdf7fe7,7fa1c0e9,f67ed799,b3a567c1,569b18d6,489a0fbc,4ba20d0e,7f11614c,44b1e9f3,925c92ad,2ccbbf63,d243b0c3,858acc9a,7208420e,43add95f,c6f7ec4f
// INPUT: 0@2 tensor<8x3xi32> hex:317b9591,54445559,3e4b33ac,215a1bdc,2f4f9139,3dc29250,b40d011b,0f45d25e,8dd60abe,e04c4771,e96331fc,fca3f0d8,3f6c07cf,668c5404,6807979a,4ea3ef3f,9c7043bd,95bb9325,edae33ee,f3102e4a,dd588142,a0c3dd70,5d66ba6a,f4057600
// INPUT: 0@3 tensor<8x3xi32> hex:8f47a199,06020713,d663145c,6a2e4e26,3684c4ee,fde7a61d,a0236833,d38086eb,d9440a1e,e2c610f7,eb858bda,9a5f078a,568683d6,e07d7b9c,aaba7a67,0610a49d,c2ac76a0,6b694206,17f5e5de,f27f8c2e,ea5ad55b,eef783ce,c27c24c0,84e9bc98
// INPUT: 0@4 tensor<8x3xi32> hex:1d8cffd9,e148edba,ccce3f45,4a8d1c52,4bd33e78,60542530,4ba082bb,90a38c43,a955e152,bb29dfce,721be373,af8949d0,22b369d1,09343c68,20c7d18d,a9277143,bdacf55d,cd36fae7,bea96c7a,afbdbdf4,20dafb1c,aadf9b1f,d8df0bed,01140a0b
// INPUT: 0@5 tensor<8x3xi32> hex:c2468766,54998790,a9b9c1a5,550ebe90,1952eb38,bd561ab7,f99c13c8,47c5d926,0b72d60c,f826609d,56c008ab,01e4f99d,0ded71bf,2051ebde,6d70d5eb,ed4c1901,a48228cb,4618c5cc,9b2797f9,0e4d4b67,46c0ade7,c53b8830,3e39744d,3abaaa95
// INPUT: 0@6 tensor<8x3xi32> hex:70f49e47,b144bce8,7003cdd4,e4e55c53,49367b5b,39fb3bfc,60f53633,37c2f098,6bedc985,9e5eb313,365a2790,c0508fb1,e8c89cfe,e9afc373,f6d6767f,8ccebeeb,deadb23d,6e07d0e9,631db085,88adb6d0,0e4f4056,c7145e1e,cfb66e5f,fefb9135
// INPUT: 0@7 tensor<8x3xi32> hex:766ef328,9ba3ccb5,24fbdfa6,1b848c19,7c9c57b9,92d68cc9,5815e9aa,7016d8a0,b18f7512,0124c0fc,7c5c9617,9fd5b0c3,1bd47bb2,8d72735a,b608dd02,2163c297,7129499b,e80a03ad,bd759921,ef7a061f,fa2923f9,1810d977,0fdbe58f,3a309ebe
// EXPECT: 0@0 tensor<8x3xi32> hex:ed4f2708,c6ed5a61,115a7be6,53590a0f,f94ad2d5,50c6edee,317b9591,54445559,3e4b33ac,8f47a199,06020713,d663145c,1d8cffd9,e148edba,ccce3f45,c2468766,54998790,a9b9c1a5,70f49e47,b144bce8,7003cdd4,766ef328,9ba3ccb5,24fbdfa6
// EXPECT: 0@1 tensor<8x3xi32> hex:106fd79c,58a07bdf,b9924eec,4c2b7d38,6591bd85,b65d83b2,215a1bdc,2f4f9139,3dc29250,6a2e4e26,3684c4ee,fde7a61d,4a8d1c52,4bd33e78,60542530,550ebe90,1952eb38,bd561ab7,e4e55c53,49367b5b,39fb3bfc,1b848c19,7c9c57b9,92d68cc9
// EXPECT: 0@2 tensor<8x3xi32> hex:d494782e,bf074eec,1bd2f699,67b12193,9a33d63d,ffdf7fe7,b40d011b,0f45d25e,8dd60abe,a0236833,d38086eb,d9440a1e,4ba082bb,90a38c43,a955e152,f99c13c8,47c5d926,0b72d60c,60f53633,37c2f098,6bedc985,5815e9aa,7016d8a0,b18f7512
// EXPECT: 0@3 tensor<8x3xi32> hex:fc944297,2594c4ff,7b6a1ea9,7fa1c0e9,f67ed799,b3a567c1,e04c4771,e96331fc,fca3f0d8,e2c610f7,eb858bda,9a5f078a,bb29dfce,721be373,af8949d0,f826609d,56c008ab,01e4f99d,9e5eb313,365a2790,c0508fb1,0124c0fc,7c5c9617,9fd5b0c3
// EXPECT: 0@4 tensor<8x3xi32> hex:755aa70a,bbaa2217,4dc87d1d,569b18d6,489a0fbc,4ba20d0e,3f6c07cf,668c5404,6807979a,568683d6,e07d7b9c,aaba7a67,22b369d1,09343c68,20c7d18d,0ded71bf,2051ebde,6d70d5eb,e8c89cfe,e9afc373,f6d6767f,1bd47bb2,8d72735a,b608dd02
// EXPECT: 0@5 tensor<8x3xi32> hex:eb9319d0,88c3f674,1a75d486,7f11614c,44b1e9f3,925c92ad,4ea3ef3f,9c7043bd,95bb9325,0610a49d,c2ac76a0,6b694206,a9277143,bdacf55d,cd36fae7,ed4c1901,a48228cb,4618c5cc,8ccebeeb,deadb23d,6e07d0e9,2163c297,7129499b,e80a03ad
// EXPECT: 0@6 tensor<8x3xi32> hex:85606976,00eab409,cf30f97a,2ccbbf63,d243b0c3,858acc9a,edae33ee,f3102e4a,dd588142,17f5e5de,f27f8c2e,ea5ad55b,bea96c7a,afbdbdf4,20dafb1c,9b2797f9,0e4d4b67,46c0ade7,631db085,88adb6d0,0e4f4056,bd759921,ef7a061f,fa2923f9
// EXPECT: 0@7 tensor<8x3xi32> hex:8ce25428,e6439219,5af5f03a,7208420e,43add95f,c6f7ec4f,a0c3dd70,5d66ba6a,f4057600,eef783ce,c27c24c0,84e9bc98,aadf9b1f,d8df0bed,01140a0b,c53b8830,3e39744d,3abaaa95,c7145e1e,cfb66e5f,fefb9135,1810d977,0fdbe58f,3a309ebe
// GENERATOR: conformance/gen/tile_collectives.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module attributes {tessera.mesh = {axes = ["x"], shape = [8]}} {
  func.func @k(%x: memref<8x3xi32>, %y: memref<8x3xi32>) {
    tile.all_to_all %x, %y {axes = ["x"]} : (memref<8x3xi32>, memref<8x3xi32>) -> ()
    return
  }
  func.func @main(%a0: tensor<8x3xi32>) -> tensor<8x3xi32> {
    %r0 = tile.launch %a0 {callee = @k, grid = [2], tiles = 4, lanes = 32} : (tensor<8x3xi32>) -> tensor<8x3xi32>
    return %r0 : tensor<8x3xi32>
  }
}

// -----

// CASE: collective_gather_2x4_dp_root1_i32
// RULE: bitexact
// REQUIRES: op=tile.launch op=tile.collective_gather dtype=i32 level=tile mesh=8
// INPUT: 0@0 tensor<3x2xi32> hex:3472f91a,959ed23d,0acd2b0e,13c9b405,32a1ad0f,dec1881b
// INPUT: 0@1 tensor<3x2xi32> hex:bbba4d7c,4c259cd5,2e816eac,2d1c12d7,6888658f,aa7ea4c2
// INPUT: 0@2 tensor<3x2xi32> hex:d7e0a7d9,e87dd822,baf6abb5,f82cb81d,59637ca9,68ad88cc
// INPUT: 0@3 tensor<3x2xi32> hex:a6cb3753,0fcce146,bcfb4695,c497de7f,e67ce6f4,a9c26730
// INPUT: 0@4 tensor<3x2xi32> hex:cc072dd2,1dd2da9e,0974fc05,97e4278e,d9e113cf,4868c666
// INPUT: 0@5 tensor<3x2xi32> hex:44c13fc5,1976d005,bf559687,c926546b,d9d3ece1,ad574e95
// INPUT: 0@6 tensor<3x2xi32> hex:42789150,c3e0ba82,ad48db7e,2dafc77c,becfebe0,8e84072a
// INPUT: 0@7 tensor<3x2xi32> hex:ab56c741,75744c30,a24f07be,e8021a03,77ab0a5b,88e274f7
// EXPECT: 0@0 tensor<6x2xi32> hex:00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000
// EXPECT: 0@1 tensor<6x2xi32> hex:00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000
// EXPECT: 0@2 tensor<6x2xi32> hex:00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000
// EXPECT: 0@3 tensor<6x2xi32> hex:00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000
// EXPECT: 0@4 tensor<6x2xi32> hex:3472f91a,959ed23d,0acd2b0e,13c9b405,32a1ad0f,dec1881b,cc072dd2,1dd2da9e,0974fc05,97e4278e,d9e113cf,4868c666
// EXPECT: 0@5 tensor<6x2xi32> hex:bbba4d7c,4c259cd5,2e816eac,2d1c12d7,6888658f,aa7ea4c2,44c13fc5,1976d005,bf559687,c926546b,d9d3ece1,ad574e95
// EXPECT: 0@6 tensor<6x2xi32> hex:d7e0a7d9,e87dd822,baf6abb5,f82cb81d,59637ca9,68ad88cc,42789150,c3e0ba82,ad48db7e,2dafc77c,becfebe0,8e84072a
// EXPECT: 0@7 tensor<6x2xi32> hex:a6cb3753,0fcce146,bcfb4695,c497de7f,e67ce6f4,a9c26730,ab56c741,75744c30,a24f07be,e8021a03,77ab0a5b,88e274f7
// GENERATOR: conformance/gen/tile_collectives.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module attributes {tessera.mesh = {axes = ["dp", "tp"], shape = [2, 4]}} {
  func.func @k(%x: memref<3x2xi32>, %y: memref<6x2xi32>) {
    tile.collective_gather %x, %y {axes = ["dp"], root = 1} : (memref<3x2xi32>, memref<6x2xi32>) -> ()
    return
  }
  func.func @main(%a0: tensor<3x2xi32>) -> tensor<6x2xi32> {
    %r0 = tile.launch %a0 {callee = @k, grid = [2], tiles = 4, lanes = 32} : (tensor<3x2xi32>) -> tensor<6x2xi32>
    return %r0 : tensor<6x2xi32>
  }
}

// -----

// CASE: collective_scatter_2x4_tp_root2_i32
// RULE: bitexact
// REQUIRES: op=tile.launch op=tile.collective_scatter dtype=i32 level=tile mesh=8
// INPUT: 0@0 tensor<8x2xi32> hex:dc60c540,74a0212c,898547f6,82f8b7c6,a369a72f,458a6f30,5169878c,ae331c27,29165d1c,6b113ebd,cb237eb6,6ddd57e7,483a2bf8,f5694ce6,ddad971b,83f816b2
// INPUT: 0@1 tensor<8x2xi32> hex:90088298,b6f76728,a7273ce1,b8fd34d9,1d17ea13,a45cb76c,4169da7a,adae0729,373e8972,7c9da9bd,118ebe96,89803dac,21858bb6,0147d391,4fa141f4,87100d79
// INPUT: 0@2 tensor<8x2xi32> hex:780a629b,1d1ae00c,3e12e7be,4d86d65b,518d142b,11351caa,be091c0b,075d0cbc,5ecf51d6,33ad85fb,64c321b0,7be95359,c2ba3ccd,12bc3f8c,e3817818,a6b48fcf
// INPUT: 0@3 tensor<8x2xi32> hex:d6a817ec,fc23bc27,78195011,51a40d2d,682e3359,a3b5bd67,aa0adcdf,395bfc24,87e94937,e18b1a31,0ca1c58b,c8db94aa,e52ad408,b81d5797,c19e6f9d,899b6d4a
// INPUT: 0@4 tensor<8x2xi32> hex:8bed3104,15fa5959,228fff87,26dcdd87,0c13ee0b,fd2325e1,baaf15a3,c3ef0153,f7d739d8,24cb41cc,cef9b341,a37644e5,fe18d57e,e818c023,67f3f064,e9320a04
// INPUT: 0@5 tensor<8x2xi32> hex:e3c73c6b,d0b194c1,556d9109,dfa17417,7eed6e85,2cd3e25a,ae2f6c1e,2db92dd4,4a364176,24a3502b,1a4db9fe,ba05cb46,1f72909d,cce6f0b0,c6a677c7,1af7584c
// INPUT: 0@6 tensor<8x2xi32> hex:5f0fc997,60ec68f7,8a370fce,0f56a3f4,8462b922,1e599bce,9db03b73,01632663,c7a186bc,b1bd11d7,605b6e1d,275c0c3d,5fb4516a,3f0898c9,428fc17b,17f26c30
// INPUT: 0@7 tensor<8x2xi32> hex:58fdb066,f44dcb20,ff582c2c,cca4d793,e778a576,a910b005,55b8da77,f6c38962,6a0690f7,20861710,2c6e6e32,608f9781,20516342,2ba6ebdb,2946bbfa,b3f02340
// EXPECT: 0@0 tensor<2x2xi32> hex:780a629b,1d1ae00c,3e12e7be,4d86d65b
// EXPECT: 0@1 tensor<2x2xi32> hex:518d142b,11351caa,be091c0b,075d0cbc
// EXPECT: 0@2 tensor<2x2xi32> hex:5ecf51d6,33ad85fb,64c321b0,7be95359
// EXPECT: 0@3 tensor<2x2xi32> hex:c2ba3ccd,12bc3f8c,e3817818,a6b48fcf
// EXPECT: 0@4 tensor<2x2xi32> hex:5f0fc997,60ec68f7,8a370fce,0f56a3f4
// EXPECT: 0@5 tensor<2x2xi32> hex:8462b922,1e599bce,9db03b73,01632663
// EXPECT: 0@6 tensor<2x2xi32> hex:c7a186bc,b1bd11d7,605b6e1d,275c0c3d
// EXPECT: 0@7 tensor<2x2xi32> hex:5fb4516a,3f0898c9,428fc17b,17f26c30
// GENERATOR: conformance/gen/tile_collectives.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module attributes {tessera.mesh = {axes = ["dp", "tp"], shape = [2, 4]}} {
  func.func @k(%x: memref<8x2xi32>, %y: memref<2x2xi32>) {
    tile.collective_scatter %x, %y {axes = ["tp"], root = 2} : (memref<8x2xi32>, memref<2x2xi32>) -> ()
    return
  }
  func.func @main(%a0: tensor<8x2xi32>) -> tensor<2x2xi32> {
    %r0 = tile.launch %a0 {callee = @k, grid = [2], tiles = 4, lanes = 32} : (tensor<8x2xi32>) -> tensor<2x2xi32>
    return %r0 : tensor<2x2xi32>
  }
}

// -----

// CASE: ppermute_2x4_tp_i32
// NOTE: Group rank 2 is no destination: zeros.
// RULE: bitexact
// REQUIRES: op=tile.launch op=tile.ppermute dtype=i32 level=tile mesh=8
// INPUT: 0@0 tensor<4xi32> hex:b31e8c93,1605ece3,14438ca2,a563648d
// INPUT: 0@1 tensor<4xi32> hex:5791fdfe,a16b971b,f0463993,60791759
// INPUT: 0@2 tensor<4xi32> hex:ee2f9711,a2e6f93e,87c7ad36,d3eab2bb
// INPUT: 0@3 tensor<4xi32> hex:d0a9b791,eacd74e2,b5ae74e6,45871d58
// INPUT: 0@4 tensor<4xi32> hex:5e3713c0,234325ba,71ae6ead,816f517c
// INPUT: 0@5 tensor<4xi32> hex:8e485240,6042f9ad,3209c569,2a08596b
// INPUT: 0@6 tensor<4xi32> hex:e32f87d1,3094075b,0b719c89,1ccdaa10
// INPUT: 0@7 tensor<4xi32> hex:bca4b7db,5250eb74,ce7a058f,8fd91c79
// EXPECT: 0@0 tensor<4xi32> hex:5791fdfe,a16b971b,f0463993,60791759
// EXPECT: 0@1 tensor<4xi32> hex:d0a9b791,eacd74e2,b5ae74e6,45871d58
// EXPECT: 0@2 tensor<4xi32> hex:00000000,00000000,00000000,00000000
// EXPECT: 0@3 tensor<4xi32> hex:b31e8c93,1605ece3,14438ca2,a563648d
// EXPECT: 0@4 tensor<4xi32> hex:8e485240,6042f9ad,3209c569,2a08596b
// EXPECT: 0@5 tensor<4xi32> hex:bca4b7db,5250eb74,ce7a058f,8fd91c79
// EXPECT: 0@6 tensor<4xi32> hex:00000000,00000000,00000000,00000000
// EXPECT: 0@7 tensor<4xi32> hex:5e3713c0,234325ba,71ae6ead,816f517c
// GENERATOR: conformance/gen/tile_collectives.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module attributes {tessera.mesh = {axes = ["dp", "tp"], shape = [2, 4]}} {
  func.func @k(%x: memref<4xi32>, %y: memref<4xi32>) {
    tile.ppermute %x, %y {axes = ["tp"], pairs = [[0, 3], [3, 1], [1, 0]]} : (memref<4xi32>, memref<4xi32>) -> ()
    return
  }
  func.func @main(%a0: tensor<4xi32>) -> tensor<4xi32> {
    %r0 = tile.launch %a0 {callee = @k, grid = [2], tiles = 4, lanes = 32} : (tensor<4xi32>) -> tensor<4xi32>
    return %r0 : tensor<4xi32>
  }
}

// -----

// CASE: reduce_scatter_sum_8_f32
// NOTE: Inputs are small integers: every fold order gives the same bits.
// RULE: bitexact
// REQUIRES: op=tile.launch op=tile.reduce_scatter dtype=f32 level=tile mesh=8
// INPUT: 0@0 tensor<8x2xf32> hex:40000000,c0a00000,bf800000,40a00000,c0800000,c0e00000,40e00000,40000000,c0000000,40a00000,bf800000,3f800000,40e00000,40e00000,c0000000,c0800000
// INPUT: 0@1 tensor<8x2xf32> hex:c0000000,40400000,40400000,40000000,40800000,40000000,3f800000,40000000,bf800000,40800000,c0c00000,c0a00000,40800000,c1000000,3f800000,c0800000
// INPUT: 0@2 tensor<8x2xf32> hex:c0000000,c0a00000,40e00000,bf800000,00000000,c0000000,bf800000,40e00000,c0800000,c0e00000,40a00000,40e00000,41000000,40e00000,41000000,40800000
// INPUT: 0@3 tensor<8x2xf32> hex:40e00000,00000000,00000000,40400000,00000000,c0a00000,40e00000,c1000000,3f800000,00000000,3f800000,40800000,40e00000,bf800000,bf800000,bf800000
// INPUT: 0@4 tensor<8x2xf32> hex:40c00000,40e00000,bf800000,c0c00000,c0e00000,40800000,c0000000,40e00000,40a00000,40800000,40000000,bf800000,00000000,c0800000,40400000,40c00000
// INPUT: 0@5 tensor<8x2xf32> hex:c0a00000,40c00000,c0000000,c0a00000,3f800000,40c00000,40400000,40c00000,40c00000,c1000000,00000000,c0a00000,40c00000,bf800000,c0a00000,00000000
// INPUT: 0@6 tensor<8x2xf32> hex:40e00000,c1000000,3f800000,c0c00000,40000000,40000000,40000000,40000000,c0a00000,c0c00000,3f800000,c0000000,41000000,41000000,c0a00000,40400000
// INPUT: 0@7 tensor<8x2xf32> hex:40400000,40000000,41000000,40e00000,3f800000,40400000,c0800000,c0a00000,c0800000,c1000000,3f800000,40000000,40400000,40e00000,c0c00000,41000000
// EXPECT: 0@0 tensor<1x2xf32> hex:41800000,00000000
// EXPECT: 0@1 tensor<1x2xf32> hex:41700000,bf800000
// EXPECT: 0@2 tensor<1x2xf32> hex:c0400000,40400000
// EXPECT: 0@3 tensor<1x2xf32> hex:41500000,41500000
// EXPECT: 0@4 tensor<1x2xf32> hex:c0800000,c1800000
// EXPECT: 0@5 tensor<1x2xf32> hex:40400000,3f800000
// EXPECT: 0@6 tensor<1x2xf32> hex:422c0000,41700000
// EXPECT: 0@7 tensor<1x2xf32> hex:c0e00000,41400000
// GENERATOR: conformance/gen/tile_collectives.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module attributes {tessera.mesh = {axes = ["x"], shape = [8]}} {
  func.func @k(%x: memref<8x2xf32>, %y: memref<1x2xf32>) {
    tile.reduce_scatter %x, %y {axes = ["x"], op = "sum"} : (memref<8x2xf32>, memref<1x2xf32>) -> ()
    return
  }
  func.func @main(%a0: tensor<8x2xf32>) -> tensor<1x2xf32> {
    %r0 = tile.launch %a0 {callee = @k, grid = [2], tiles = 4, lanes = 32} : (tensor<8x2xf32>) -> tensor<1x2xf32>
    return %r0 : tensor<1x2xf32>
  }
}

// -----

// CASE: collective_reduce_prod_2x4_tp_root3_f32
// NOTE: Inputs are small integers: every fold order gives the same bits.
// RULE: bitexact
// REQUIRES: op=tile.launch op=tile.collective_reduce dtype=f32 level=tile mesh=8
// INPUT: 0@0 tensor<4x2xf32> hex:3f000000,40000000,3f800000,c0000000,bf800000,40000000,3f800000,c0000000
// INPUT: 0@1 tensor<4x2xf32> hex:bf800000,40000000,bf800000,3f800000,3f000000,c0000000,c0000000,3f800000
// INPUT: 0@2 tensor<4x2xf32> hex:c0000000,c0000000,c0000000,3f000000,3f000000,40000000,c0000000,bf800000
// INPUT: 0@3 tensor<4x2xf32> hex:40000000,3f800000,3f000000,bf800000,c0000000,bf800000,3f800000,3f800000
// INPUT: 0@4 tensor<4x2xf32> hex:40000000,3f800000,40000000,c0000000,bf800000,c0000000,bf800000,40000000
// INPUT: 0@5 tensor<4x2xf32> hex:3f800000,bf800000,c0000000,3f000000,3f000000,3f800000,40000000,40000000
// INPUT: 0@6 tensor<4x2xf32> hex:40000000,c0000000,3f800000,c0000000,40000000,40000000,3f000000,bf800000
// INPUT: 0@7 tensor<4x2xf32> hex:40000000,40000000,bf800000,c0000000,bf800000,40000000,3f800000,bf800000
// EXPECT: 0@0 tensor<4x2xf32> hex:00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000
// EXPECT: 0@1 tensor<4x2xf32> hex:00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000
// EXPECT: 0@2 tensor<4x2xf32> hex:00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000
// EXPECT: 0@3 tensor<4x2xf32> hex:40000000,c1000000,3f800000,3f800000,3f000000,41000000,40800000,40000000
// EXPECT: 0@4 tensor<4x2xf32> hex:00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000
// EXPECT: 0@5 tensor<4x2xf32> hex:00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000
// EXPECT: 0@6 tensor<4x2xf32> hex:00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000
// EXPECT: 0@7 tensor<4x2xf32> hex:41000000,40800000,40800000,c0800000,3f800000,c1000000,bf800000,40800000
// GENERATOR: conformance/gen/tile_collectives.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module attributes {tessera.mesh = {axes = ["dp", "tp"], shape = [2, 4]}} {
  func.func @k(%x: memref<4x2xf32>, %y: memref<4x2xf32>) {
    tile.collective_reduce %x, %y {axes = ["tp"], op = "prod", root = 3} : (memref<4x2xf32>, memref<4x2xf32>) -> ()
    return
  }
  func.func @main(%a0: tensor<4x2xf32>) -> tensor<4x2xf32> {
    %r0 = tile.launch %a0 {callee = @k, grid = [2], tiles = 4, lanes = 32} : (tensor<4x2xf32>) -> tensor<4x2xf32>
    return %r0 : tensor<4x2xf32>
  }
}

// -----

// CASE: reduce_scatter_sum_8_bf16
// NOTE: Inputs are small integers: every fold order gives the same bits.
// RULE: bitexact
// REQUIRES: op=tile.launch op=tile.reduce_scatter dtype=bf16 level=tile mesh=8
// INPUT: 0@0 tensor<8x2xbf16> hex:c080,c0c0,40e0,4000,4040,40c0,3f80,4000,40a0,4040,4000,c080,3f80,0000,c0e0,0000
// INPUT: 0@1 tensor<8x2xbf16> hex:4000,4100,c100,4040,0000,40c0,0000,4040,40e0,4040,bf80,c000,c0a0,40e0,bf80,40c0
// INPUT: 0@2 tensor<8x2xbf16> hex:3f80,4100,4100,c000,40c0,3f80,c0e0,4040,4080,40e0,4080,4080,c040,c080,4100,c0a0
// INPUT: 0@3 tensor<8x2xbf16> hex:4040,3f80,4000,c0a0,4040,3f80,bf80,4080,0000,0000,c0a0,c0a0,bf80,40c0,c040,c0e0
// INPUT: 0@4 tensor<8x2xbf16> hex:c040,c040,c040,4100,40a0,c080,0000,4080,c100,3f80,c000,0000,3f80,3f80,40c0,40e0
// INPUT: 0@5 tensor<8x2xbf16> hex:40e0,0000,c0e0,0000,3f80,4000,c040,c080,c100,bf80,c0c0,c100,c0c0,40e0,0000,c000
// INPUT: 0@6 tensor<8x2xbf16> hex:4100,4100,3f80,0000,40e0,4080,4080,c040,c0a0,c0c0,40c0,bf80,c0e0,c0e0,c0a0,c040
// INPUT: 0@7 tensor<8x2xbf16> hex:c0c0,c0a0,40e0,40e0,4000,c080,c0e0,4080,c0e0,c0a0,3f80,4000,c080,c000,c080,40a0
// EXPECT: 0@0 tensor<1x2xbf16> hex:4100,4130
// EXPECT: 0@1 tensor<1x2xbf16> hex:40e0,4150
// EXPECT: 0@2 tensor<1x2xbf16> hex:41d8,4140
// EXPECT: 0@3 tensor<1x2xbf16> hex:c150,4150
// EXPECT: 0@4 tensor<1x2xbf16> hex:c140,4000
// EXPECT: 0@5 tensor<1x2xbf16> hex:bf80,c160
// EXPECT: 0@6 tensor<1x2xbf16> hex:c1c0,4100
// EXPECT: 0@7 tensor<1x2xbf16> hex:c0c0,3f80
// GENERATOR: conformance/gen/tile_collectives.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module attributes {tessera.mesh = {axes = ["x"], shape = [8]}} {
  func.func @k(%x: memref<8x2xbf16>, %y: memref<1x2xbf16>) {
    tile.reduce_scatter %x, %y {axes = ["x"], op = "sum"} : (memref<8x2xbf16>, memref<1x2xbf16>) -> ()
    return
  }
  func.func @main(%a0: tensor<8x2xbf16>) -> tensor<1x2xbf16> {
    %r0 = tile.launch %a0 {callee = @k, grid = [2], tiles = 4, lanes = 32} : (tensor<8x2xbf16>) -> tensor<1x2xbf16>
    return %r0 : tensor<1x2xbf16>
  }
}

// -----

// CASE: collective_reduce_prod_2x4_tp_root3_bf16
// NOTE: Inputs are small integers: every fold order gives the same bits.
// RULE: bitexact
// REQUIRES: op=tile.launch op=tile.collective_reduce dtype=bf16 level=tile mesh=8
// INPUT: 0@0 tensor<4x2xbf16> hex:3f00,bf80,bf80,4000,bf80,3f00,4000,3f80
// INPUT: 0@1 tensor<4x2xbf16> hex:4000,bf80,3f00,4000,bf80,3f80,bf80,bf80
// INPUT: 0@2 tensor<4x2xbf16> hex:bf80,c000,bf80,3f80,c000,3f80,3f80,3f00
// INPUT: 0@3 tensor<4x2xbf16> hex:4000,4000,bf80,bf80,3f00,c000,c000,c000
// INPUT: 0@4 tensor<4x2xbf16> hex:bf80,4000,bf80,3f00,3f80,c000,3f80,4000
// INPUT: 0@5 tensor<4x2xbf16> hex:bf80,bf80,c000,3f80,bf80,c000,3f00,4000
// INPUT: 0@6 tensor<4x2xbf16> hex:3f80,4000,3f80,bf80,bf80,3f00,3f80,4000
// INPUT: 0@7 tensor<4x2xbf16> hex:c000,4000,c000,bf80,4000,3f00,3f80,3f00
// EXPECT: 0@0 tensor<4x2xbf16> hex:0000,0000,0000,0000,0000,0000,0000,0000
// EXPECT: 0@1 tensor<4x2xbf16> hex:0000,0000,0000,0000,0000,0000,0000,0000
// EXPECT: 0@2 tensor<4x2xbf16> hex:0000,0000,0000,0000,0000,0000,0000,0000
// EXPECT: 0@3 tensor<4x2xbf16> hex:c000,c080,bf00,c080,bf80,bf80,4080,3f80
// EXPECT: 0@4 tensor<4x2xbf16> hex:0000,0000,0000,0000,0000,0000,0000,0000
// EXPECT: 0@5 tensor<4x2xbf16> hex:0000,0000,0000,0000,0000,0000,0000,0000
// EXPECT: 0@6 tensor<4x2xbf16> hex:0000,0000,0000,0000,0000,0000,0000,0000
// EXPECT: 0@7 tensor<4x2xbf16> hex:c000,c100,c080,3f00,4000,3f80,3f00,4080
// GENERATOR: conformance/gen/tile_collectives.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module attributes {tessera.mesh = {axes = ["dp", "tp"], shape = [2, 4]}} {
  func.func @k(%x: memref<4x2xbf16>, %y: memref<4x2xbf16>) {
    tile.collective_reduce %x, %y {axes = ["tp"], op = "prod", root = 3} : (memref<4x2xbf16>, memref<4x2xbf16>) -> ()
    return
  }
  func.func @main(%a0: tensor<4x2xbf16>) -> tensor<4x2xbf16> {
    %r0 = tile.launch %a0 {callee = @k, grid = [2], tiles = 4, lanes = 32} : (tensor<4x2xbf16>) -> tensor<4x2xbf16>
    return %r0 : tensor<4x2xbf16>
  }
}

// -----

// CASE: reduce_scatter_sum_8_i32
// NOTE: Inputs are small integers: every fold order gives the same bits.
// RULE: bitexact
// REQUIRES: op=tile.launch op=tile.reduce_scatter dtype=i32 level=tile mesh=8
// INPUT: 0@0 tensor<8x2xi32> hex:e88773f9,ae0abd51,25a7fccd,b47da270,b82d6a25,f4d7c73f,f12ffabe,434b668a,b80acfec,6795a98d,3080e0ee,c6f28afb,be344756,164c27e8,886516f7,f943fbe0
// INPUT: 0@1 tensor<8x2xi32> hex:17575e8a,112be625,69c2a7a6,1bab8431,6bf0bcf7,666efd53,070264f4,0e4a7e85,b8720a0b,08a75e92,48a9dae0,1f572cb6,a9137b17,dd1f9770,4d3d5654,182518f1
// INPUT: 0@2 tensor<8x2xi32> hex:17a8f919,3c85914c,a3b69687,6436ecb6,3642f67a,924ec9fd,c0195996,c6d2b510,82405963,34f40881,fd635c76,f331ad39,e7a328a4,7106280c,8b392805,aa32c0d0
// INPUT: 0@3 tensor<8x2xi32> hex:b242b6ac,b534b07f,0336a9a1,9ec7da23,e121eff0,b3e6108b,53589e6d,fa5f191f,f8a5376b,e8339ff6,80cfea07,2cfe8a18,2129764d,f34b4138,48462740,f92c2e8f
// INPUT: 0@4 tensor<8x2xi32> hex:8229c7a6,3e0404d5,7cb8e854,5b3e2b86,58da0cbd,a91596de,b2cbe2d2,85ab5cea,a783ab16,86a1bf6c,92cd3358,ca397871,52516954,8f734f06,863ead26,c5a417f1
// INPUT: 0@5 tensor<8x2xi32> hex:f7b9d2db,37677fae,ea2c23df,4434a65f,3b6b3821,60f9058a,65b63d1a,d2fc147c,06cb52d2,7716d127,0c950870,fe2a71e9,7e4e7fc0,4f7cecf4,dfd97d0e,892ce212
// INPUT: 0@6 tensor<8x2xi32> hex:3c8897ce,7318b3fc,ab283243,e4962b14,3bb28bea,ca5e0ebb,8bfa6a7f,271bebb1,f11712b2,b41775bc,1ac49523,5f351116,350be975,348128fa,befd648a,2115abc3
// INPUT: 0@7 tensor<8x2xi32> hex:f95f8c24,ad2a1320,6a6482bd,07e4c697,d8288c63,6e2a838d,c3645e9c,6aa55813,14eef149,0a450dad,2694c88c,2306c548,89e6deb7,e4db7001,2bf2ea0c,5c407888
// EXPECT: 0@0 tensor<1x2xi32> hex:799640bb,469f30e0
// EXPECT: 0@1 tensor<1x2xi32> hex:b2c9a5ce,5f15b10a
// EXPECT: 0@2 tensor<1x2xi32> hex:e3a36ab1,e412cdca
// EXPECT: 0@3 tensor<1x2xi32> hex:738540bc,fd306868
// EXPECT: 0@4 tensor<1x2xi32> hex:9fb76ca8,4979c492
// EXPECT: 0@5 tensor<1x2xi32> hex:d8199bc2,5119afba
// EXPECT: 0@6 tensor<1x2xi32> hex:ffa7129e,5009fd91
// EXPECT: 0@7 tensor<1x2xi32> hex:fa2a355a,80ef227e
// GENERATOR: conformance/gen/tile_collectives.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module attributes {tessera.mesh = {axes = ["x"], shape = [8]}} {
  func.func @k(%x: memref<8x2xi32>, %y: memref<1x2xi32>) {
    tile.reduce_scatter %x, %y {axes = ["x"], op = "sum"} : (memref<8x2xi32>, memref<1x2xi32>) -> ()
    return
  }
  func.func @main(%a0: tensor<8x2xi32>) -> tensor<1x2xi32> {
    %r0 = tile.launch %a0 {callee = @k, grid = [2], tiles = 4, lanes = 32} : (tensor<8x2xi32>) -> tensor<1x2xi32>
    return %r0 : tensor<1x2xi32>
  }
}

// -----

// CASE: collective_reduce_prod_2x4_tp_root3_i32
// NOTE: Inputs are small integers: every fold order gives the same bits.
// RULE: bitexact
// REQUIRES: op=tile.launch op=tile.collective_reduce dtype=i32 level=tile mesh=8
// INPUT: 0@0 tensor<4x2xi32> hex:ba5d8e1e,bae6099e,22a89b88,5298852d,13984da9,92b1f3ac,69be3207,a1a31449
// INPUT: 0@1 tensor<4x2xi32> hex:a28e3332,8c41a42e,80c22fe3,c2092a26,8d674a58,c462f88c,7ffd2bd3,4a0ec0e8
// INPUT: 0@2 tensor<4x2xi32> hex:04c2fe7e,7457d119,f445ea90,1434ad8d,1d1ebff5,be7aa2ce,2cb99f18,b44ee9ee
// INPUT: 0@3 tensor<4x2xi32> hex:949146f9,990a7b49,24b3cf6b,df948f4c,c1cda088,df03f952,024789a7,dd1bef3a
// INPUT: 0@4 tensor<4x2xi32> hex:1bff2f52,4f5492ea,74e02936,cedf6bdf,64d79cc9,ae8fed87,d0e0109b,a2a3208d
// INPUT: 0@5 tensor<4x2xi32> hex:2be1417c,76aa80bd,2c0b5638,0b4d5163,4c6ed09c,637e1d93,effec3cf,3f98abbf
// INPUT: 0@6 tensor<4x2xi32> hex:0988834d,10f89232,be21dfcf,0142acca,ba0595db,f58d7589,ee11512b,935ea25e
// INPUT: 0@7 tensor<4x2xi32> hex:5889914a,5bdbe59c,592cbf5d,bfc6c611,9fad9424,ba1e34df,57ff4ce5,7390e354
// EXPECT: 0@0 tensor<4x2xi32> hex:00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000
// EXPECT: 0@1 tensor<4x2xi32> hex:00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000
// EXPECT: 0@2 tensor<4x2xi32> hex:00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000
// EXPECT: 0@3 tensor<4x2xi32> hex:56dec408,6c9ceae4,91c4bc80,d3782d88,023053c0,7470b7c0,2771e148,cfbd24e0
// EXPECT: 0@4 tensor<4x2xi32> hex:00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000
// EXPECT: 0@5 tensor<4x2xi32> hex:00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000
// EXPECT: 0@6 tensor<4x2xi32> hex:00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000
// EXPECT: 0@7 tensor<4x2xi32> hex:a27e2170,c6b74af0,77751e70,964d3642,493662d0,7e2db433,989e4483,0e9f4b08
// GENERATOR: conformance/gen/tile_collectives.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module attributes {tessera.mesh = {axes = ["dp", "tp"], shape = [2, 4]}} {
  func.func @k(%x: memref<4x2xi32>, %y: memref<4x2xi32>) {
    tile.collective_reduce %x, %y {axes = ["tp"], op = "prod", root = 3} : (memref<4x2xi32>, memref<4x2xi32>) -> ()
    return
  }
  func.func @main(%a0: tensor<4x2xi32>) -> tensor<4x2xi32> {
    %r0 = tile.launch %a0 {callee = @k, grid = [2], tiles = 4, lanes = 32} : (tensor<4x2xi32>) -> tensor<4x2xi32>
    return %r0 : tensor<4x2xi32>
  }
}

// -----

// CASE: reduce_scatter_sum_8_e4m3
// NOTE: Inputs are small integers: every fold order gives the same bits.
// RULE: bitexact
// REQUIRES: op=tile.launch op=tile.reduce_scatter dtype=f8E4M3FN level=tile mesh=8
// INPUT: 0@0 tensor<8x2xf8E4M3FN> hex:40,40,b8,b8,40,c0,40,b8,b8,38,00,b8,40,40,38,b8
// INPUT: 0@1 tensor<8x2xf8E4M3FN> hex:38,38,b8,38,40,c0,b8,00,40,b8,40,b8,40,c0,b8,c0
// INPUT: 0@2 tensor<8x2xf8E4M3FN> hex:b8,38,40,00,38,00,00,b8,40,c0,40,00,00,c0,b8,00
// INPUT: 0@3 tensor<8x2xf8E4M3FN> hex:c0,b8,40,00,38,b8,b8,40,c0,00,38,38,b8,c0,38,40
// INPUT: 0@4 tensor<8x2xf8E4M3FN> hex:40,00,b8,40,c0,00,38,40,00,b8,38,38,b8,00,40,38
// INPUT: 0@5 tensor<8x2xf8E4M3FN> hex:b8,40,00,b8,00,40,38,00,38,b8,b8,c0,38,40,00,00
// INPUT: 0@6 tensor<8x2xf8E4M3FN> hex:38,40,00,b8,40,38,38,40,38,38,00,b8,00,c0,38,40
// INPUT: 0@7 tensor<8x2xf8E4M3FN> hex:b8,40,38,c0,00,b8,38,38,b8,00,b8,38,b8,c0,40,40
// EXPECT: 0@0 tensor<1x2xf8E4M3FN> hex:38,51
// EXPECT: 0@1 tensor<1x2xf8E4M3FN> hex:40,c0
// EXPECT: 0@2 tensor<1x2xf8E4M3FN> hex:4c,c4
// EXPECT: 0@3 tensor<1x2xf8E4M3FN> hex:48,4a
// EXPECT: 0@4 tensor<1x2xf8E4M3FN> hex:40,c4
// EXPECT: 0@5 tensor<1x2xf8E4M3FN> hex:48,c0
// EXPECT: 0@6 tensor<1x2xf8E4M3FN> hex:40,cc
// EXPECT: 0@7 tensor<1x2xf8E4M3FN> hex:4a,48
// GENERATOR: conformance/gen/tile_collectives.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module attributes {tessera.mesh = {axes = ["x"], shape = [8]}} {
  func.func @k(%x: memref<8x2xf8E4M3FN>, %y: memref<1x2xf8E4M3FN>) {
    tile.reduce_scatter %x, %y {axes = ["x"], op = "sum"} : (memref<8x2xf8E4M3FN>, memref<1x2xf8E4M3FN>) -> ()
    return
  }
  func.func @main(%a0: tensor<8x2xf8E4M3FN>) -> tensor<1x2xf8E4M3FN> {
    %r0 = tile.launch %a0 {callee = @k, grid = [2], tiles = 4, lanes = 32} : (tensor<8x2xf8E4M3FN>) -> tensor<1x2xf8E4M3FN>
    return %r0 : tensor<1x2xf8E4M3FN>
  }
}

// -----

// CASE: collective_reduce_prod_2x4_tp_root3_e4m3
// NOTE: Inputs are small integers: every fold order gives the same bits.
// RULE: bitexact
// REQUIRES: op=tile.launch op=tile.collective_reduce dtype=f8E4M3FN level=tile mesh=8
// INPUT: 0@0 tensor<4x2xf8E4M3FN> hex:b8,30,40,40,c0,30,b8,c0
// INPUT: 0@1 tensor<4x2xf8E4M3FN> hex:c0,30,c0,40,38,40,b8,b8
// INPUT: 0@2 tensor<4x2xf8E4M3FN> hex:b8,c0,38,40,30,40,b8,40
// INPUT: 0@3 tensor<4x2xf8E4M3FN> hex:38,b8,c0,38,30,38,c0,30
// INPUT: 0@4 tensor<4x2xf8E4M3FN> hex:30,30,38,38,30,b8,c0,30
// INPUT: 0@5 tensor<4x2xf8E4M3FN> hex:40,30,38,38,c0,b8,38,c0
// INPUT: 0@6 tensor<4x2xf8E4M3FN> hex:c0,b8,c0,b8,30,b8,38,b8
// INPUT: 0@7 tensor<4x2xf8E4M3FN> hex:30,b8,38,b8,40,b8,38,40
// EXPECT: 0@0 tensor<4x2xf8E4M3FN> hex:00,00,00,00,00,00,00,00
// EXPECT: 0@1 tensor<4x2xf8E4M3FN> hex:00,00,00,00,00,00,00,00
// EXPECT: 0@2 tensor<4x2xf8E4M3FN> hex:00,00,00,00,00,00,00,00
// EXPECT: 0@3 tensor<4x2xf8E4M3FN> hex:c0,30,50,50,b0,40,40,40
// EXPECT: 0@4 tensor<4x2xf8E4M3FN> hex:00,00,00,00,00,00,00,00
// EXPECT: 0@5 tensor<4x2xf8E4M3FN> hex:00,00,00,00,00,00,00,00
// EXPECT: 0@6 tensor<4x2xf8E4M3FN> hex:00,00,00,00,00,00,00,00
// EXPECT: 0@7 tensor<4x2xf8E4M3FN> hex:b8,28,c0,38,b8,38,c0,40
// GENERATOR: conformance/gen/tile_collectives.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module attributes {tessera.mesh = {axes = ["dp", "tp"], shape = [2, 4]}} {
  func.func @k(%x: memref<4x2xf8E4M3FN>, %y: memref<4x2xf8E4M3FN>) {
    tile.collective_reduce %x, %y {axes = ["tp"], op = "prod", root = 3} : (memref<4x2xf8E4M3FN>, memref<4x2xf8E4M3FN>) -> ()
    return
  }
  func.func @main(%a0: tensor<4x2xf8E4M3FN>) -> tensor<4x2xf8E4M3FN> {
    %r0 = tile.launch %a0 {callee = @k, grid = [2], tiles = 4, lanes = 32} : (tensor<4x2xf8E4M3FN>) -> tensor<4x2xf8E4M3FN>
    return %r0 : tensor<4x2xf8E4M3FN>
  }
}

// -----

// CASE: reduce_scatter_sum_rank_order_8_f32
// NOTE: Arbitrary values: the fold in group-rank order with one rounding per step.
// RULE: bitexact
// REQUIRES: op=tile.launch op=tile.reduce_scatter dtype=f32 level=tile deterministic=1 mesh=8
// INPUT: 0@0 tensor<16x2xf32> hex:3ec84f7c,400cc1d9,409a93c1,3fe23b56,bf90c6dd,3e2cc62e,c08b4a37,bf3df75c,c047d154,3e120cd3,3e5e88b7,bfcd5f95,403aa79e,40038918,40e115e2,c0728dfc,c01919e3,40a38b01,4036591c,c0900404,c03a4c64,c05f4a8c,c012c612,3fdb2f95,3e543353,4079ab5e,c0163ee9,401033c1,c01cdce8,3fef614a,40b0516a,bfb35020
// INPUT: 0@1 tensor<16x2xf32> hex:40bd2845,bff61e89,c04a7f74,c013d2d0,c0871b30,3f1996f7,bff77c10,bff7f7a6,be2a9773,3ebf1748,be4f71da,c0a743b9,bf548807,bf71ef40,c00baedc,c0951b2c,404fba9d,c002aa44,3ee1afe8,3fb7117e,c0376aa0,c08843a9,bf5bc6b6,bf69c1b4,be8c78a7,beb5dc52,3fbae067,bfd40dd7,c05dcde8,bf335214,3b856740,3e98feb7
// INPUT: 0@2 tensor<16x2xf32> hex:bfae0ad1,c019efdc,3fbb58b1,c06094cc,c017b10a,4027101a,3f657910,c0195df7,bf2625ca,3f15ba5e,bf914b34,bff21645,c01b554b,c00b4486,bf400e92,3e30ca74,400a6ac0,3f5202af,bf3da508,41087150,407ec7d8,be9dbe7e,c04faffb,c0845c64,40732d7f,408c675d,40a9f70e,3cb6b8fb,405c7686,bf618563,409cdff4,404ed440
// INPUT: 0@3 tensor<16x2xf32> hex:c0afc6f7,3fc8607f,4087d6ee,c0629d48,c04914a9,3f95ab14,c084531f,40aa8f50,40852d5f,3fe6fd49,c0a7faca,4006143b,c0730a13,c0568130,c00aec02,3fb84977,3e8c5355,40341e48,40a6f117,c0538488,3ddbff5e,406a1b20,3fe528ee,402fc959,c06d8e05,4021b323,bf11efe8,3f9a7369,3f85c18c,3da864eb,40a90562,c05fe164
// INPUT: 0@4 tensor<16x2xf32> hex:bfb602da,bfec4fd5,c090db43,3fac6100,3dc556b2,40684e6a,c04cdb6b,4004b287,c073284c,c108803c,bee1242d,40a9f57f,bfb2d4f7,bf7c7eaa,3f424f3b,3ff9f8d2,c062b4a6,be6eb79a,bf12bed6,40037253,bf491122,3fad6436,400eb6f3,bc5de90e,3f35ec7d,bf7915e9,c0052fb5,3fa0c5a3,3fd28f4e,bffcb2f7,bf9d1468,c0511609
// INPUT: 0@5 tensor<16x2xf32> hex:405877bb,c0203270,3f12202b,3f7f5375,40c769ac,403d47e9,bec36606,4087387d,c03a4b09,bfc74228,40038de3,3f92d639,be252c40,c051c7d9,3dda1d90,407ca43c,c05195e2,40ce4789,4016acb5,c05a38ea,bf4cf9f9,c00ab246,bf96bd13,40861f73,4018cc15,c04a7e05,405728f9,c0421cfb,3f949df2,bfff22ac,3fa7b175,c0999e8a
// INPUT: 0@6 tensor<16x2xf32> hex:3f9f2259,bf0b8485,bf29f94b,408b4978,3fae408b,bd8dacff,3e4d9992,3ddbedf4,c0a3b3f7,bf0e9148,c0c8c5fe,40c446fb,beb7b94c,3f79a192,401a9f0c,c0a0445c,3ed435b5,bff3395d,40a49e3b,bea74f02,4042bae8,3f84474f,40621336,4010b80f,3fc04bbc,befcfcbb,402619ed,bdc3ccf9,4071c307,3fce3ff4,403e69d8,be531eec
// INPUT: 0@7 tensor<16x2xf32> hex:401e7656,c04ea1b9,c09b8665,40275d77,40997feb,4093cfa6,3f8022ad,c06b9272,bffd94ae,4099743e,be149276,bfa0bd14,c03954fc,3f52b9c3,bfd620b5,c0a1667b,3f8cc863,be5a5fa0,bfcc362e,3f2b659d,c0818a74,3e8aa254,c0313d70,3f5cac8a,beeaf0fb,c07ca75d,bf1f4028,3fb7a672,bf936ce5,4002a54c,c03df613,bce45a0e
// EXPECT: 0@0 tensor<2x2xf32> hex:40a4227a,c10afa90,c006b756,3fdc1d1a
// EXPECT: 0@1 tensor<2x2xf32> hex:3fcf7d50,417af7ff,c13e7deb,403eb77e
// EXPECT: 0@2 tensor<2x2xf32> hex:c15953c6,c03c6ce8,c132c562,4096abb1
// EXPECT: 0@3 tensor<2x2xf32> hex:c10f38ca,c0dc448e,406280b0,c12fd1fe
// EXPECT: 0@4 tensor<2x2xf32> hex:c000c9ba,412cdae8,41518998,3f91d4c2
// EXPECT: 0@5 tensor<2x2xf32> hex:c088f5fc,c079f6c6,c032a514,40d6be0f
// EXPECT: 0@6 tensor<2x2xf32> hex:40853146,3ff0ce76,40e37349,3fb19d48
// EXPECT: 0@7 tensor<2x2xf32> hex:408027d9,3d6618c0,417c9c9f,c11ab8c7
// GENERATOR: conformance/gen/tile_collectives.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module attributes {tessera.mesh = {axes = ["x"], shape = [8]}} {
  func.func @k(%x: memref<16x2xf32>, %y: memref<2x2xf32>) {
    tile.reduce_scatter %x, %y {axes = ["x"], op = "sum"} : (memref<16x2xf32>, memref<2x2xf32>) -> ()
    return
  }
  func.func @main(%a0: tensor<16x2xf32>) -> tensor<2x2xf32> {
    %r0 = tile.launch %a0 {callee = @k, grid = [2], tiles = 4, lanes = 32} : (tensor<16x2xf32>) -> tensor<2x2xf32>
    return %r0 : tensor<2x2xf32>
  }
}

// -----

// CASE: all_to_all_nvl72_tp_f32
// RULE: bitexact
// REQUIRES: op=tile.launch op=tile.all_to_all dtype=f32 level=tile mesh=72
// INPUT: 0@0 tensor<9x2xf32> hex:40773d11,3f077441,3fe38e05,40a93780,3e4a1854,c084c158,bf5a9de8,c010b3b6,bf1d4f09,bfb978db,bfa5eaad,bf087cd3,40994fbf,3f0667ba,c037154c,407b0dcd,409260cd,3e20ec0e
// INPUT: 0@1 tensor<9x2xf32> hex:bfe889b5,409bd422,3feb092f,4039a921,3ed6a09a,c03fe05c,40a7569e,be0ab1f0,3fb34fba,c0a7d6a8,bfae7046,bf85a2db,3ff3c20f,401d6740,bffadd12,c0ce1b18,3f720d05,bf6df87a
// INPUT: 0@2 tensor<9x2xf32> hex:404c9fc1,c0161ad0,404eafe0,c05f1cba,c01d1c15,bf135921,bdd85160,402ff5d1,3ee928ac,c0b031a7,40b6110a,c012258e,40023cb5,3f8c66b7,be97885c,404042e2,3f952812,bf960279
// INPUT: 0@3 tensor<9x2xf32> hex:c0a11b5d,bfe45e85,bffdd56e,3e17551d,bfe56eb7,c027e538,c0a8884e,c0619643,3fba062c,c10ded0a,3f182044,402b9571,3f687f64,bf7a3c6a,c04d9e34,3f7980a4,403f99bb,c0636f5e
// INPUT: 0@4 tensor<9x2xf32> hex:3ef6672b,c026d264,c00e6a8b,3ec1bcd3,3faabe48,40a317fc,3fb3bae8,bff48b35,3f923898,3fc87284,4087ee8d,c0a4322a,400535a8,3eab66ac,c0461bee,40a9f369,c0a6bcac,3f4f42e7
// INPUT: 0@5 tensor<9x2xf32> hex:bd50afbc,be49dba9,bf9e088d,40f46995,c044e3b2,c04a445a,bff3b4da,40883648,bf709486,405c3521,c016dbee,4093eee3,c00fcfe0,c02eb696,3e471e16,40825bcb,bfbdccb4,bf1536cf
// INPUT: 0@6 tensor<9x2xf32> hex:c0f6aa10,bf00ef68,bf0091cb,4095f9dd,be852160,403acf34,406cc523,bd50d737,c06ecd09,40046405,3fde9bf1,3fa3095c,401a5aa4,40d66ec3,bf4780a8,c03c769a,bec7b5cd,bfeefcb5
// INPUT: 0@7 tensor<9x2xf32> hex:4004bb47,c0304fc3,40756235,3e465f89,4031f56e,c0927277,4027dbb0,4019a315,c0797bac,c0debec3,bf9be03b,3f888636,3fae8a50,3e0db442,c01aa80a,c089cac5,bfd04e66,40d9fb56
// INPUT: 0@8 tensor<9x2xf32> hex:bf7de950,3f83f7ec,bfa7ca06,40435fde,3fca61a5,3dd78c76,bf838a0d,41310d04,c076bfd6,c0406610,3fe0dffc,3fe3adec,40a587fc,bedd4811,407899e9,c090e115,bf82d264,c06091de
// INPUT: 0@9 tensor<9x2xf32> hex:c09a0196,4010fdf7,402cee3c,40939ced,bf42aadc,4068daeb,bf47f5d0,3ef03c19,bf845c41,3fe91295,4072e9a3,3f0c4c6d,4095772e,4002b0bb,c0210a03,c086adfb,bf857a69,3f0aaa23
// INPUT: 0@10 tensor<9x2xf32> hex:403c9101,c08622b3,4063a933,3f8ba5d3,bf80eb71,3f98a9b8,bf21195a,bf8ee160,401cb062,4057496a,4009874e,40893f3c,3f862c2c,c01432f3,bfcd9d11,bf14181c,3d8d1986,3edd4939
// INPUT: 0@11 tensor<9x2xf32> hex:3f1c756f,4044541c,4033666a,402502a8,c061d45f,bfd3d432,c00a23e6,3e630679,3e07fa42,40561106,bfbefad9,c07f2545,bfa1b71a,4039460d,3fd1c6cf,c03522af,40dc38e0,c00e788d
// INPUT: 0@12 tensor<9x2xf32> hex:bef040d6,3ef02fbf,402849e6,c0050dd4,3f3d2b07,3fbc4908,401c6dc0,c09bd783,bfe0f3dc,c01988b3,c05fc49a,c018b30e,bf7693bd,400cf64f,3fb297fe,c011ff5e,bfb6c77a,bfb24758
// INPUT: 0@13 tensor<9x2xf32> hex:bfa25a21,bf48bc6b,bf34957a,3fb7a9b2,c04edd72,401bcc5f,3ffe33bb,c03ecdbd,3f95fb86,3f7d3f6a,bf97beaa,40f75b30,3f9c4355,3fc7c3f6,be4240e6,40c8a099,c0a761d0,bf7c7a06
// INPUT: 0@14 tensor<9x2xf32> hex:befa3dbc,408f2b7c,c0241fcf,bf8921e3,c0d7aae6,c06d711d,40167ca6,3f4b1d82,3f1cc74b,40438422,40548aff,c082c9b4,40a3593d,401ae885,bf42f830,3e568b8e,c0767759,c014ff57
// INPUT: 0@15 tensor<9x2xf32> hex:3f5d698e,bebdfddf,bfc8d39b,c024bf1b,3c80261b,bfee0a10,c00150d8,3f59d93d,c0045a51,4041a9cb,bfebe39b,c089431c,4058472c,403c9e37,c07a5b7f,bf3453f9,3ea16b69,bfd5faa3
// INPUT: 0@16 tensor<9x2xf32> hex:c090133b,40580479,bfcca5f6,bf9c053b,bfd2922b,409fbd86,402f9c7f,c071c284,c0a86933,c0c70c0b,4001cbaf,c037b1eb,c0158eee,3eb1e62d,3fc50579,3fe10689,402f1aee,40c2b4f7
// INPUT: 0@17 tensor<9x2xf32> hex:bfe30b38,40261a2e,40bcde34,c05def26,c018e300,c0280a98,4006e4c1,4060f8c4,40259228,bee8888c,c0c948a6,bfd9fdd6,3fbfa130,40816580,402230b9,3fbf2ce3,40bd556f,c05af841
// INPUT: 0@18 tensor<9x2xf32> hex:3fde2ef6,3ff70a4d,4066e725,40412e59,bf167edb,408f11b7,3fd4d27c,c08c64c4,4088b6cd,3fda4adc,be9f64af,4057597e,bf9fa747,3f7e02e6,c082d3bb,3e92eeb8,c020e72d,c036cfc9
// INPUT: 0@19 tensor<9x2xf32> hex:c058e4a2,bf885fcf,40137300,becb1d33,3eed7aec,3e84f3ce,3ff5db69,4030702c,3f828c74,bf131038,bfc1c8c9,4035b923,bf0b17cc,4066542e,40909749,c01066fe,4018716f,bea2898d
// INPUT: 0@20 tensor<9x2xf32> hex:c00e5d74,40717085,bf3794eb,c050189d,bed43fc3,3fc7c4e9,3f414199,bfb1dafe,3f1e8b20,3fae791f,bf37785e,c0b2308b,403265f8,3fc5d3d8,c0b5d841,3fb0a5bf,3f636241,bf5f5621
// INPUT: 0@21 tensor<9x2xf32> hex:3fddcbe0,4083229f,c060cb78,405636b5,3f004a76,bfbee503,3f5fe0cc,bef2fcfe,c05ffd8b,3ece87f6,40954b18,3fc4f96a,bfdc8a3c,3fd50a47,bf566340,3e0f057d,3f15a2fe,c0313fda
// INPUT: 0@22 tensor<9x2xf32> hex:c0838b40,3dd5080f,c048d296,c12d420e,4060f280,c03eead6,bedf6ceb,c07519d0,406cb143,3f55b744,bd7fd11b,405e4b6d,c06277df,4043ce95,c107a98b,3fb826d1,bf3058c1,c0a606df
// INPUT: 0@23 tensor<9x2xf32> hex:407707bd,3de51213,4023f6d5,c0575c1f,3ff66388,bff7cc78,3fe31174,3fb762bd,405b9c4d,400d55d4,bf6dba2d,c0ab2bf8,40718232,40839285,be416bd8,3f3684d4,3f7ca3e4,40a1f4c4
// INPUT: 0@24 tensor<9x2xf32> hex:40c9a46a,beddbbb0,bd6fdf71,3fc30d8a,bf780a85,c0a296f9,bd2e36c6,4001a990,c02a8c6f,bf4235db,40c54552,4005717f,bfa06bfa,3ed08f8a,40290730,4082ed77,4087b123,c0bc8b0c
// INPUT: 0@25 tensor<9x2xf32> hex:bfc088a9,3fd978eb,40342214,c0acdd7c,3fb7e7ed,3f116350,403a28e9,403a5811,407eedef,c08d2cb2,3daa8fd4,bf5e85ad,3f520de7,3eb8fa49,be01a294,bf6b2b98,3ebb91de,4081b2a9
// INPUT: 0@26 tensor<9x2xf32> hex:bda1e5db,3f8b879f,409c65d5,40b3e405,bef9c2b7,40c26341,bdf2fb9f,bfb53620,c00bf3aa,bff682bf,bff5ee5b,bddb3154,c0cc362b,c0568611,4012ac02,c0894f8b,401cfb8b,c0595905
// INPUT: 0@27 tensor<9x2xf32> hex:bf6c1ff5,bf981989,3fa7bd25,3ff8819e,40817b38,c08caf2a,bec2b2c3,bfa639f6,c0356fde,3f83dd89,4078d51a,c088d84a,bfab6eaf,3f8e56d4,bf3256e7,c06a17d2,bf546276,bdc345aa
// INPUT: 0@28 tensor<9x2xf32> hex:bfc00c92,40354a0c,bc7f16a1,be3b7a11,3fb3940b,c00149c6,bf1496f4,c017dc4c,c0067ee9,bf17a4d7,3f8a7784,408d1bc3,c0305258,407301d9,beaf4d10,c06938ea,3fc13dd6,c08f7ac9
// INPUT: 0@29 tensor<9x2xf32> hex:40801d8b,bf4f9cc6,bf169c2d,40ab8949,3f2176c2,404a5e55,40648ef3,c05e37f3,c007e64a,3eeb7ea9,3fa8bb99,bfccde35,406a7f28,c081f1dd,be865dc9,c09815d5,4006058b,bfdd2a72
// INPUT: 0@30 tensor<9x2xf32> hex:c05346e8,3ffce070,3f977061,4066411d,be977e1b,409cbfde,c053d91f,becb0c08,bfe50e45,c0950cdf,3db748be,3eca4466,3f2ec79c,c0b5e130,be8ac607,4002a5bf,c0a887e8,3ff081d4
// INPUT: 0@31 tensor<9x2xf32> hex:c0b515d5,c01ca378,bf93330c,4047fe5f,bf2aceba,4009f120,bfb6dfe2,3f51a78d,404a675d,4091bbb3,402850d2,c09e0da6,4004a309,405ab669,40aec91c,bff3d0f2,410db361,3f688c50
// INPUT: 0@32 tensor<9x2xf32> hex:405401ee,bff57245,c05b7e53,c097d4d4,3ec76a62,3f951314,4089f478,3feaf9ab,bf16866f,4098a9e0,3fb21736,3e4ebb9d,bf9f470c,c074087b,4090095b,3f385356,c08ebc12,3f4859fa
// INPUT: 0@33 tensor<9x2xf32> hex:4057e91f,408480c7,c02077e4,c09e8536,3f33fc1b,405e481c,c0e9b282,bf640f55,bdf3c1bc,3ea24014,c0278396,bfdb150b,3fef8c41,40816dfa,bf931bf3,3cbaeb4a,bef134ca,bf9a2f64
// INPUT: 0@34 tensor<9x2xf32> hex:c032c7c8,3d2b2863,c0128d97,41036db5,407619f6,40ff43f5,3fe9b025,3d051fed,400d6f04,3fc91d50,407c3288,bf530b68,408de921,403a4a7c,bfb4dda3,c0719c97,bfb45c6d,bf84dac0
// INPUT: 0@35 tensor<9x2xf32> hex:c06a05c9,c0a5982d,3f76ca36,4091bdc3,40188353,3f721624,c05b0dff,c03d33a8,bf8b104e,3f2d103c,c01e27ed,be227919,40307531,400406b2,c02ae3a7,c00159cb,c02e68bb,bf452b66
// INPUT: 0@36 tensor<9x2xf32> hex:408abd3d,40302166,3fe8d1d0,3f568551,3fe39db5,3e35b9c0,402767a5,3def9b75,bf9dc016,40c31593,bee512c0,3f337969,3f8a6f71,403a6924,c016b6fe,bf1de4a3,bfd4c52b,bf44d698
// INPUT: 0@37 tensor<9x2xf32> hex:3f392b35,bf47dd2f,bfea3a8d,bf4648d7,402ea424,beacdeb9,40812fec,bfe011b9,c0961a0a,3f632123,404d35cb,40600c4b,bfb539c7,409a24fb,c0574d44,3fec4458,40ed61aa,bfc5471b
// INPUT: 0@38 tensor<9x2xf32> hex:bc5677c1,c0036046,c0224a6c,bf998121,40b93046,3f013ca4,3f9f4205,bf2cf75d,40828ccb,c0c85abd,be417997,3fcf1ac0,3fc05fbc,40b3fe45,bf86dd0b,bf08996c,408acb32,4067843f
// INPUT: 0@39 tensor<9x2xf32> hex:401a1026,404d43bf,bfbcdcb3,c06c8a92,3fb970c0,3c9599a3,bf6aa556,c00f4572,c0011d73,bd9ecdff,3d3927be,3d59863b,3dbd0d02,bfeaf6dd,3f49054d,3ff0195d,bfa658ef,3fca1a83
// INPUT: 0@40 tensor<9x2xf32> hex:c05ab918,c08770f1,be1f635c,bfe3090d,3f0d67bc,bf9e1913,c0c49e3b,c0ba5d33,3fde3c8e,3f42d917,c038055b,bf44357e,bf983849,bf8eb77c,3fe086a4,bf33f889,405c490f,3e9a30fd
// INPUT: 0@41 tensor<9x2xf32> hex:c0709eda,bff4ee3c,c09d36ca,40e85b29,3ccabfab,c095bfd8,c0b16708,c00f7c13,3cd4a6fe,3fcd843d,3f67e3a4,c08131b7,409e9184,c0746d48,40bdc930,bfa5f1d4,c0c74ace,bf785f06
// INPUT: 0@42 tensor<9x2xf32> hex:bf3c4e5e,bf1b7029,c07802f4,bee1fb55,3fcfd043,bf22cd03,c0796c2c,3fd70c64,bfe78413,be7de614,c018edaf,bfbf58b6,40334ce0,c0052c2b,c0e77bda,404f94ec,3edabffb,3faa5c54
// INPUT: 0@43 tensor<9x2xf32> hex:3ed4cb04,bf9c45bc,becdbeee,4024b681,4047778d,c0101342,3df9704d,3f99acd7,4017bbee,bfbd665e,c01ab224,c08683c8,bf72d8ff,3f0210ad,40839dee,401cccfb,bff8fd0f,c0956151
// INPUT: 0@44 tensor<9x2xf32> hex:beebc951,3f6bca82,400913d0,bfb17ade,401d3737,c01845a7,3fe5ced9,404d3d11,3f2eb1ee,c0259448,c01da09d,40bd0412,bf85ed8f,c02d4233,befb5ed3,bfe537fc,c04f0251,4044fa82
// INPUT: 0@45 tensor<9x2xf32> hex:bfc899f4,c021c589,c0177777,3f6bb207,402ed95e,408b89e5,bfcea4fd,bffa023c,3d52ed25,3ea8f5f9,bfefebe6,c00babb5,4005e425,c02d44ec,bffb2b2f,c07c2dce,bfc772fa,bc17cf6e
// INPUT: 0@46 tensor<9x2xf32> hex:40203fc7,3f21b0c4,bf939d51,3f3f4ea3,400d1547,404428a3,c05d1512,3f81ec11,bff6de8f,3ff0ac03,3ff3c3bf,bf023e94,40cab969,c04553e3,400b0e7f,3e686ca6,3f9e8732,401c3085
// INPUT: 0@47 tensor<9x2xf32> hex:3f973b28,3e81c598,bfbf738b,c0d9f6c5,40b92c77,3e440de0,c0046f77,3eb02964,3f63c87d,bf9eee50,3f378650,402ac5f6,c05b8ab0,3f8ca8f7,402f5140,3fb7ad08,c0bc7538,bf0f5216
// INPUT: 0@48 tensor<9x2xf32> hex:401f9fed,bb8bc7b9,bfd1d43f,40da9b32,401d4392,40026d13,4021eeeb,40472ade,3fb47c10,be9933d4,bfd0756d,c02f26dc,bffffb79,3f8cbf07,bed83edc,408410a2,bf856f80,401b40e4
// INPUT: 0@49 tensor<9x2xf32> hex:bf8c2379,bf305103,bfe3df36,bfd399c4,40373c52,40d94a76,c06aba56,40b41d1a,c03b2c02,bf8acd72,409e3a17,bf66a8cb,bb59642a,3e8d437d,bfa7f0b4,3ffb5ebb,bff3b9b2,3f478b95
// INPUT: 0@50 tensor<9x2xf32> hex:c0174bbf,c0317486,c09a3f1d,40285bf4,40ebf128,4011a94c,40657e6b,bf5e3a8a,3e608d5f,3faaf042,3f05da01,3f141a2a,bde0159c,bea58e6d,bf86a92a,c00953f3,bff78b11,40d32c50
// INPUT: 0@51 tensor<9x2xf32> hex:c10dfc08,40823f84,c065d382,be5795e8,bfe15ac3,bff1b7fd,c082cd6d,bfb977c3,bef73a61,bfc94fbe,bfbf1789,bcbac454,4073c77e,402f02d3,c01da603,bffc0987,408c697e,3fcaa1a6
// INPUT: 0@52 tensor<9x2xf32> hex:c0a18495,3e849fdb,404a1351,3fdbd489,bf913aea,bf8494bd,3ce4f0d2,4027ea34,bd0e4057,40eb0417,3ffae366,3f55d66b,407b0245,c08a69dd,402cec15,bf845a85,be2e6532,bf5354d0
// INPUT: 0@53 tensor<9x2xf32> hex:bf59e991,3e0e4069,c098e631,40a84b04,3fbf45c1,3f88415b,40dff04b,c04efd9c,c08ed734,4054b700,c0770450,3ff08d7c,be0cae4f,3fb9a777,c01146dd,3f7d044a,406f6559,40c11c7e
// INPUT: 0@54 tensor<9x2xf32> hex:c070860a,c09849b2,40be7646,bfb25524,3f9f508d,3f162481,c06e2784,c00e2038,3fcdb719,bf500df4,4014aca8,c07f29a5,bfbfbad3,3ed3a894,3d7c9cf3,bfb3ad8c,bff2290c,3f30d695
// INPUT: 0@55 tensor<9x2xf32> hex:c0c58c04,3fdbfdc5,3f2da353,bfeacdb0,40ce28f8,40fac6e7,c00b4964,c0f9adc2,be0a52a9,405b83c7,4036bf45,402e4f22,4087c82e,3dd8a932,4058a240,bfdf3a23,3fa19d18,3fb6f61a
// INPUT: 0@56 tensor<9x2xf32> hex:be22cb5d,3f4d572a,bf397a06,c05cb50b,3f909875,bea6a711,bfd85929,404c19e0,3ff170eb,bf8f25bf,c00d59ad,3ea37e9d,c076e829,40da3500,bf5c0e72,40b4ccbc,c0b9aeb6,4008e95a
// INPUT: 0@57 tensor<9x2xf32> hex:c0433841,3fe655e0,c05e20a0,3fe3bde5,c0925611,beea6301,c03e8fb9,3fb087b1,c02894db,bd623c46,bf4b6551,c020b55f,bd1e267b,3e7f0c4a,c02cc277,c06359ef,bf7abf71,3f88ca9b
// INPUT: 0@58 tensor<9x2xf32> hex:bf5d75fb,bfb96c93,3feab074,bd080594,3e82ab52,3fd5a2d7,c04229ca,c02e01d5,bf55a3e5,c014538a,40362eb5,c015fdf2,bf78a595,406bb471,bfb66829,c08ce9a3,c0410242,40074887
// INPUT: 0@59 tensor<9x2xf32> hex:c0a614db,3f6c988c,bfb83e87,400ad423,3f0a9ed3,40154443,400c41e8,3fc258d8,3e966309,406c0896,40487283,bfd2e573,bfe62f5c,c0011c5f,c0038985,bfc09932,bfc88428,40429963
// INPUT: 0@60 tensor<9x2xf32> hex:c05f621a,405c1333,40851682,40665d67,3ddd09c8,c0a76c77,401d39b6,4081a54f,c047d53a,c0100f99,bfe5cf43,bf85852f,3e11f765,c0daf97d,400c6694,3d0d7f2b,c0cce010,403e68eb
// INPUT: 0@61 tensor<9x2xf32> hex:bfdcae8e,c0354f1d,bec14b02,be72c0ae,40415392,bf168198,3ebcc876,3fc44601,40249a8e,c05f0499,403c88e7,c0acfbe3,bea73239,c02d7cf8,3e8c83fe,40078654,3fd4d436,bfb6ca18
// INPUT: 0@62 tensor<9x2xf32> hex:c112cac9,c079b0cb,c07f4049,c0233e45,bfd42797,3e400aec,bf4022e1,bfa18808,3f3f0163,40e74f88,3f99aebc,3e1ff919,4082f6dd,c05c4053,be89fa4b,3e695b5f,4014f11c,c027b6f7
// INPUT: 0@63 tensor<9x2xf32> hex:bf60e647,3f5c9f0e,3ec1f6d1,bfb709e0,3e4859ee,3fefd64e,3fc5b30e,bf48b025,400ba536,3e4f207f,401d4e4c,c00bf9c0,405f297a,3f9db8f7,be89c944,40245d2a,bf2a174c,3fdaab18
// INPUT: 0@64 tensor<9x2xf32> hex:40eddf1f,bfca46fb,3eda3496,c01de25c,bfe6236a,3f4f2644,bf7de05c,3faab17e,40ba57d7,c056c2e7,40b2bfa2,3fe89d54,3fac661b,3f5190cc,402317d8,bfea664e,c01a2060,c026d79f
// INPUT: 0@65 tensor<9x2xf32> hex:bf3fda6c,3e9955c3,405e0ff7,c027a7d1,c08f7685,3f9561ee,c0a719be,40336782,c02bc438,bfdcf322,3fe16b94,40a353e1,c03d95fa,bc9141aa,3fabfea0,40520dec,40a08aac,4087a642
// INPUT: 0@66 tensor<9x2xf32> hex:3f97b507,befd8bb9,bfab2109,3fb8b8a5,40ab7715,4028a7e2,c04deb98,bf03c381,beb4c4ff,c02792fa,bf907620,bf3297d3,c0ebc34b,3fbf13d9,bfcc8354,c0ef832f,bf41d35e,bf77432a
// INPUT: 0@67 tensor<9x2xf32> hex:3f4a5851,3f810fc6,c0828755,3d1b03c3,c090c3e9,40219a2d,3ec92769,bdae3796,c023d9fe,c0c978a3,3fab9f38,4047b382,3faa0554,c08d7437,c021557d,40b51414,bf078533,c0676471
// INPUT: 0@68 tensor<9x2xf32> hex:408c8f15,403bcccf,c0357bba,bfbf9246,40305e72,3ddb8d95,bf3cc9dc,c076dfe1,bf291e9c,c0985c38,c02cda1e,408ec112,c0eee1c5,3f7d23e1,c05a6120,bf9c3bc4,be4d66c9,3f3271ce
// INPUT: 0@69 tensor<9x2xf32> hex:401c5068,bfeadfe3,bfbb5fd1,3dcef406,408ce266,bfea60da,bfac28e2,3fff4166,40744b89,40327924,3e19cc94,3e4b8bd1,3f492537,3f037117,3cbbee2f,40260636,40b2474a,be818285
// INPUT: 0@70 tensor<9x2xf32> hex:bf535bf3,3f28f39e,3f8336a1,4013e586,3f8756d3,4025a18c,c07dd5ed,3e9ad6b2,40301409,404d931b,3d5b0525,4002619f,404ddf9c,40b06d63,bfe78b0c,4006ccdc,bff57c39,3ec23075
// INPUT: 0@71 tensor<9x2xf32> hex:3fbe0aab,c00096aa,3f8a093e,3f9ac42d,c033296f,3d395584,bf885f88,c00c0322,c055e3db,4051d67c,4090b94e,4002537f,c0cb794e,408996d8,c076d719,3e075798,3eb7ed75,400f790b
// EXPECT: 0@0 tensor<9x2xf32> hex:40773d11,3f077441,404c9fc1,c0161ad0,3ef6672b,c026d264,c0f6aa10,bf00ef68,bf7de950,3f83f7ec,403c9101,c08622b3,bef040d6,3ef02fbf,befa3dbc,408f2b7c,c090133b,40580479
// EXPECT: 0@1 tensor<9x2xf32> hex:bfe889b5,409bd422,c0a11b5d,bfe45e85,bd50afbc,be49dba9,4004bb47,c0304fc3,c09a0196,4010fdf7,3f1c756f,4044541c,bfa25a21,bf48bc6b,3f5d698e,bebdfddf,bfe30b38,40261a2e
// EXPECT: 0@2 tensor<9x2xf32> hex:3fe38e05,40a93780,404eafe0,c05f1cba,c00e6a8b,3ec1bcd3,bf0091cb,4095f9dd,bfa7ca06,40435fde,4063a933,3f8ba5d3,402849e6,c0050dd4,c0241fcf,bf8921e3,bfcca5f6,bf9c053b
// EXPECT: 0@3 tensor<9x2xf32> hex:3feb092f,4039a921,bffdd56e,3e17551d,bf9e088d,40f46995,40756235,3e465f89,402cee3c,40939ced,4033666a,402502a8,bf34957a,3fb7a9b2,bfc8d39b,c024bf1b,40bcde34,c05def26
// EXPECT: 0@4 tensor<9x2xf32> hex:3e4a1854,c084c158,c01d1c15,bf135921,3faabe48,40a317fc,be852160,403acf34,3fca61a5,3dd78c76,bf80eb71,3f98a9b8,3f3d2b07,3fbc4908,c0d7aae6,c06d711d,bfd2922b,409fbd86
// EXPECT: 0@5 tensor<9x2xf32> hex:3ed6a09a,c03fe05c,bfe56eb7,c027e538,c044e3b2,c04a445a,4031f56e,c0927277,bf42aadc,4068daeb,c061d45f,bfd3d432,c04edd72,401bcc5f,3c80261b,bfee0a10,c018e300,c0280a98
// EXPECT: 0@6 tensor<9x2xf32> hex:bf5a9de8,c010b3b6,bdd85160,402ff5d1,3fb3bae8,bff48b35,406cc523,bd50d737,bf838a0d,41310d04,bf21195a,bf8ee160,401c6dc0,c09bd783,40167ca6,3f4b1d82,402f9c7f,c071c284
// EXPECT: 0@7 tensor<9x2xf32> hex:40a7569e,be0ab1f0,c0a8884e,c0619643,bff3b4da,40883648,4027dbb0,4019a315,bf47f5d0,3ef03c19,c00a23e6,3e630679,3ffe33bb,c03ecdbd,c00150d8,3f59d93d,4006e4c1,4060f8c4
// EXPECT: 0@8 tensor<9x2xf32> hex:bf1d4f09,bfb978db,3ee928ac,c0b031a7,3f923898,3fc87284,c06ecd09,40046405,c076bfd6,c0406610,401cb062,4057496a,bfe0f3dc,c01988b3,3f1cc74b,40438422,c0a86933,c0c70c0b
// EXPECT: 0@9 tensor<9x2xf32> hex:3fb34fba,c0a7d6a8,3fba062c,c10ded0a,bf709486,405c3521,c0797bac,c0debec3,bf845c41,3fe91295,3e07fa42,40561106,3f95fb86,3f7d3f6a,c0045a51,4041a9cb,40259228,bee8888c
// EXPECT: 0@10 tensor<9x2xf32> hex:bfa5eaad,bf087cd3,40b6110a,c012258e,4087ee8d,c0a4322a,3fde9bf1,3fa3095c,3fe0dffc,3fe3adec,4009874e,40893f3c,c05fc49a,c018b30e,40548aff,c082c9b4,4001cbaf,c037b1eb
// EXPECT: 0@11 tensor<9x2xf32> hex:bfae7046,bf85a2db,3f182044,402b9571,c016dbee,4093eee3,bf9be03b,3f888636,4072e9a3,3f0c4c6d,bfbefad9,c07f2545,bf97beaa,40f75b30,bfebe39b,c089431c,c0c948a6,bfd9fdd6
// EXPECT: 0@12 tensor<9x2xf32> hex:40994fbf,3f0667ba,40023cb5,3f8c66b7,400535a8,3eab66ac,401a5aa4,40d66ec3,40a587fc,bedd4811,3f862c2c,c01432f3,bf7693bd,400cf64f,40a3593d,401ae885,c0158eee,3eb1e62d
// EXPECT: 0@13 tensor<9x2xf32> hex:3ff3c20f,401d6740,3f687f64,bf7a3c6a,c00fcfe0,c02eb696,3fae8a50,3e0db442,4095772e,4002b0bb,bfa1b71a,4039460d,3f9c4355,3fc7c3f6,4058472c,403c9e37,3fbfa130,40816580
// EXPECT: 0@14 tensor<9x2xf32> hex:c037154c,407b0dcd,be97885c,404042e2,c0461bee,40a9f369,bf4780a8,c03c769a,407899e9,c090e115,bfcd9d11,bf14181c,3fb297fe,c011ff5e,bf42f830,3e568b8e,3fc50579,3fe10689
// EXPECT: 0@15 tensor<9x2xf32> hex:bffadd12,c0ce1b18,c04d9e34,3f7980a4,3e471e16,40825bcb,c01aa80a,c089cac5,c0210a03,c086adfb,3fd1c6cf,c03522af,be4240e6,40c8a099,c07a5b7f,bf3453f9,402230b9,3fbf2ce3
// EXPECT: 0@16 tensor<9x2xf32> hex:409260cd,3e20ec0e,3f952812,bf960279,c0a6bcac,3f4f42e7,bec7b5cd,bfeefcb5,bf82d264,c06091de,3d8d1986,3edd4939,bfb6c77a,bfb24758,c0767759,c014ff57,402f1aee,40c2b4f7
// EXPECT: 0@17 tensor<9x2xf32> hex:3f720d05,bf6df87a,403f99bb,c0636f5e,bfbdccb4,bf1536cf,bfd04e66,40d9fb56,bf857a69,3f0aaa23,40dc38e0,c00e788d,c0a761d0,bf7c7a06,3ea16b69,bfd5faa3,40bd556f,c05af841
// EXPECT: 0@18 tensor<9x2xf32> hex:3fde2ef6,3ff70a4d,c00e5d74,40717085,c0838b40,3dd5080f,40c9a46a,beddbbb0,bda1e5db,3f8b879f,bfc00c92,40354a0c,c05346e8,3ffce070,405401ee,bff57245,c032c7c8,3d2b2863
// EXPECT: 0@19 tensor<9x2xf32> hex:c058e4a2,bf885fcf,3fddcbe0,4083229f,407707bd,3de51213,bfc088a9,3fd978eb,bf6c1ff5,bf981989,40801d8b,bf4f9cc6,c0b515d5,c01ca378,4057e91f,408480c7,c06a05c9,c0a5982d
// EXPECT: 0@20 tensor<9x2xf32> hex:4066e725,40412e59,bf3794eb,c050189d,c048d296,c12d420e,bd6fdf71,3fc30d8a,409c65d5,40b3e405,bc7f16a1,be3b7a11,3f977061,4066411d,c05b7e53,c097d4d4,c0128d97,41036db5
// EXPECT: 0@21 tensor<9x2xf32> hex:40137300,becb1d33,c060cb78,405636b5,4023f6d5,c0575c1f,40342214,c0acdd7c,3fa7bd25,3ff8819e,bf169c2d,40ab8949,bf93330c,4047fe5f,c02077e4,c09e8536,3f76ca36,4091bdc3
// EXPECT: 0@22 tensor<9x2xf32> hex:bf167edb,408f11b7,bed43fc3,3fc7c4e9,4060f280,c03eead6,bf780a85,c0a296f9,bef9c2b7,40c26341,3fb3940b,c00149c6,be977e1b,409cbfde,3ec76a62,3f951314,407619f6,40ff43f5
// EXPECT: 0@23 tensor<9x2xf32> hex:3eed7aec,3e84f3ce,3f004a76,bfbee503,3ff66388,bff7cc78,3fb7e7ed,3f116350,40817b38,c08caf2a,3f2176c2,404a5e55,bf2aceba,4009f120,3f33fc1b,405e481c,40188353,3f721624
// EXPECT: 0@24 tensor<9x2xf32> hex:3fd4d27c,c08c64c4,3f414199,bfb1dafe,bedf6ceb,c07519d0,bd2e36c6,4001a990,bdf2fb9f,bfb53620,bf1496f4,c017dc4c,c053d91f,becb0c08,4089f478,3feaf9ab,3fe9b025,3d051fed
// EXPECT: 0@25 tensor<9x2xf32> hex:3ff5db69,4030702c,3f5fe0cc,bef2fcfe,3fe31174,3fb762bd,403a28e9,403a5811,bec2b2c3,bfa639f6,40648ef3,c05e37f3,bfb6dfe2,3f51a78d,c0e9b282,bf640f55,c05b0dff,c03d33a8
// EXPECT: 0@26 tensor<9x2xf32> hex:4088b6cd,3fda4adc,3f1e8b20,3fae791f,406cb143,3f55b744,c02a8c6f,bf4235db,c00bf3aa,bff682bf,c0067ee9,bf17a4d7,bfe50e45,c0950cdf,bf16866f,4098a9e0,400d6f04,3fc91d50
// EXPECT: 0@27 tensor<9x2xf32> hex:3f828c74,bf131038,c05ffd8b,3ece87f6,405b9c4d,400d55d4,407eedef,c08d2cb2,c0356fde,3f83dd89,c007e64a,3eeb7ea9,404a675d,4091bbb3,bdf3c1bc,3ea24014,bf8b104e,3f2d103c
// EXPECT: 0@28 tensor<9x2xf32> hex:be9f64af,4057597e,bf37785e,c0b2308b,bd7fd11b,405e4b6d,40c54552,4005717f,bff5ee5b,bddb3154,3f8a7784,408d1bc3,3db748be,3eca4466,3fb21736,3e4ebb9d,407c3288,bf530b68
// EXPECT: 0@29 tensor<9x2xf32> hex:bfc1c8c9,4035b923,40954b18,3fc4f96a,bf6dba2d,c0ab2bf8,3daa8fd4,bf5e85ad,4078d51a,c088d84a,3fa8bb99,bfccde35,402850d2,c09e0da6,c0278396,bfdb150b,c01e27ed,be227919
// EXPECT: 0@30 tensor<9x2xf32> hex:bf9fa747,3f7e02e6,403265f8,3fc5d3d8,c06277df,4043ce95,bfa06bfa,3ed08f8a,c0cc362b,c0568611,c0305258,407301d9,3f2ec79c,c0b5e130,bf9f470c,c074087b,408de921,403a4a7c
// EXPECT: 0@31 tensor<9x2xf32> hex:bf0b17cc,4066542e,bfdc8a3c,3fd50a47,40718232,40839285,3f520de7,3eb8fa49,bfab6eaf,3f8e56d4,406a7f28,c081f1dd,4004a309,405ab669,3fef8c41,40816dfa,40307531,400406b2
// EXPECT: 0@32 tensor<9x2xf32> hex:c082d3bb,3e92eeb8,c0b5d841,3fb0a5bf,c107a98b,3fb826d1,40290730,4082ed77,4012ac02,c0894f8b,beaf4d10,c06938ea,be8ac607,4002a5bf,4090095b,3f385356,bfb4dda3,c0719c97
// EXPECT: 0@33 tensor<9x2xf32> hex:40909749,c01066fe,bf566340,3e0f057d,be416bd8,3f3684d4,be01a294,bf6b2b98,bf3256e7,c06a17d2,be865dc9,c09815d5,40aec91c,bff3d0f2,bf931bf3,3cbaeb4a,c02ae3a7,c00159cb
// EXPECT: 0@34 tensor<9x2xf32> hex:c020e72d,c036cfc9,3f636241,bf5f5621,bf3058c1,c0a606df,4087b123,c0bc8b0c,401cfb8b,c0595905,3fc13dd6,c08f7ac9,c0a887e8,3ff081d4,c08ebc12,3f4859fa,bfb45c6d,bf84dac0
// EXPECT: 0@35 tensor<9x2xf32> hex:4018716f,bea2898d,3f15a2fe,c0313fda,3f7ca3e4,40a1f4c4,3ebb91de,4081b2a9,bf546276,bdc345aa,4006058b,bfdd2a72,410db361,3f688c50,bef134ca,bf9a2f64,c02e68bb,bf452b66
// EXPECT: 0@36 tensor<9x2xf32> hex:408abd3d,40302166,bc5677c1,c0036046,c05ab918,c08770f1,bf3c4e5e,bf1b7029,beebc951,3f6bca82,40203fc7,3f21b0c4,401f9fed,bb8bc7b9,c0174bbf,c0317486,c0a18495,3e849fdb
// EXPECT: 0@37 tensor<9x2xf32> hex:3f392b35,bf47dd2f,401a1026,404d43bf,c0709eda,bff4ee3c,3ed4cb04,bf9c45bc,bfc899f4,c021c589,3f973b28,3e81c598,bf8c2379,bf305103,c10dfc08,40823f84,bf59e991,3e0e4069
// EXPECT: 0@38 tensor<9x2xf32> hex:3fe8d1d0,3f568551,c0224a6c,bf998121,be1f635c,bfe3090d,c07802f4,bee1fb55,400913d0,bfb17ade,bf939d51,3f3f4ea3,bfd1d43f,40da9b32,c09a3f1d,40285bf4,404a1351,3fdbd489
// EXPECT: 0@39 tensor<9x2xf32> hex:bfea3a8d,bf4648d7,bfbcdcb3,c06c8a92,c09d36ca,40e85b29,becdbeee,4024b681,c0177777,3f6bb207,bfbf738b,c0d9f6c5,bfe3df36,bfd399c4,c065d382,be5795e8,c098e631,40a84b04
// EXPECT: 0@40 tensor<9x2xf32> hex:3fe39db5,3e35b9c0,40b93046,3f013ca4,3f0d67bc,bf9e1913,3fcfd043,bf22cd03,401d3737,c01845a7,400d1547,404428a3,401d4392,40026d13,40ebf128,4011a94c,bf913aea,bf8494bd
// EXPECT: 0@41 tensor<9x2xf32> hex:402ea424,beacdeb9,3fb970c0,3c9599a3,3ccabfab,c095bfd8,4047778d,c0101342,402ed95e,408b89e5,40b92c77,3e440de0,40373c52,40d94a76,bfe15ac3,bff1b7fd,3fbf45c1,3f88415b
// EXPECT: 0@42 tensor<9x2xf32> hex:402767a5,3def9b75,3f9f4205,bf2cf75d,c0c49e3b,c0ba5d33,c0796c2c,3fd70c64,3fe5ced9,404d3d11,c05d1512,3f81ec11,4021eeeb,40472ade,40657e6b,bf5e3a8a,3ce4f0d2,4027ea34
// EXPECT: 0@43 tensor<9x2xf32> hex:40812fec,bfe011b9,bf6aa556,c00f4572,c0b16708,c00f7c13,3df9704d,3f99acd7,bfcea4fd,bffa023c,c0046f77,3eb02964,c06aba56,40b41d1a,c082cd6d,bfb977c3,40dff04b,c04efd9c
// EXPECT: 0@44 tensor<9x2xf32> hex:bf9dc016,40c31593,40828ccb,c0c85abd,3fde3c8e,3f42d917,bfe78413,be7de614,3f2eb1ee,c0259448,bff6de8f,3ff0ac03,3fb47c10,be9933d4,3e608d5f,3faaf042,bd0e4057,40eb0417
// EXPECT: 0@45 tensor<9x2xf32> hex:c0961a0a,3f632123,c0011d73,bd9ecdff,3cd4a6fe,3fcd843d,4017bbee,bfbd665e,3d52ed25,3ea8f5f9,3f63c87d,bf9eee50,c03b2c02,bf8acd72,bef73a61,bfc94fbe,c08ed734,4054b700
// EXPECT: 0@46 tensor<9x2xf32> hex:bee512c0,3f337969,be417997,3fcf1ac0,c038055b,bf44357e,c018edaf,bfbf58b6,c01da09d,40bd0412,3ff3c3bf,bf023e94,bfd0756d,c02f26dc,3f05da01,3f141a2a,3ffae366,3f55d66b
// EXPECT: 0@47 tensor<9x2xf32> hex:404d35cb,40600c4b,3d3927be,3d59863b,3f67e3a4,c08131b7,c01ab224,c08683c8,bfefebe6,c00babb5,3f378650,402ac5f6,409e3a17,bf66a8cb,bfbf1789,bcbac454,c0770450,3ff08d7c
// EXPECT: 0@48 tensor<9x2xf32> hex:3f8a6f71,403a6924,3fc05fbc,40b3fe45,bf983849,bf8eb77c,40334ce0,c0052c2b,bf85ed8f,c02d4233,40cab969,c04553e3,bffffb79,3f8cbf07,bde0159c,bea58e6d,407b0245,c08a69dd
// EXPECT: 0@49 tensor<9x2xf32> hex:bfb539c7,409a24fb,3dbd0d02,bfeaf6dd,409e9184,c0746d48,bf72d8ff,3f0210ad,4005e425,c02d44ec,c05b8ab0,3f8ca8f7,bb59642a,3e8d437d,4073c77e,402f02d3,be0cae4f,3fb9a777
// EXPECT: 0@50 tensor<9x2xf32> hex:c016b6fe,bf1de4a3,bf86dd0b,bf08996c,3fe086a4,bf33f889,c0e77bda,404f94ec,befb5ed3,bfe537fc,400b0e7f,3e686ca6,bed83edc,408410a2,bf86a92a,c00953f3,402cec15,bf845a85
// EXPECT: 0@51 tensor<9x2xf32> hex:c0574d44,3fec4458,3f49054d,3ff0195d,40bdc930,bfa5f1d4,40839dee,401cccfb,bffb2b2f,c07c2dce,402f5140,3fb7ad08,bfa7f0b4,3ffb5ebb,c01da603,bffc0987,c01146dd,3f7d044a
// EXPECT: 0@52 tensor<9x2xf32> hex:bfd4c52b,bf44d698,408acb32,4067843f,405c490f,3e9a30fd,3edabffb,3faa5c54,c04f0251,4044fa82,3f9e8732,401c3085,bf856f80,401b40e4,bff78b11,40d32c50,be2e6532,bf5354d0
// EXPECT: 0@53 tensor<9x2xf32> hex:40ed61aa,bfc5471b,bfa658ef,3fca1a83,c0c74ace,bf785f06,bff8fd0f,c0956151,bfc772fa,bc17cf6e,c0bc7538,bf0f5216,bff3b9b2,3f478b95,408c697e,3fcaa1a6,406f6559,40c11c7e
// EXPECT: 0@54 tensor<9x2xf32> hex:c070860a,c09849b2,be22cb5d,3f4d572a,bf5d75fb,bfb96c93,c05f621a,405c1333,c112cac9,c079b0cb,40eddf1f,bfca46fb,3f97b507,befd8bb9,408c8f15,403bcccf,bf535bf3,3f28f39e
// EXPECT: 0@55 tensor<9x2xf32> hex:c0c58c04,3fdbfdc5,c0433841,3fe655e0,c0a614db,3f6c988c,bfdcae8e,c0354f1d,bf60e647,3f5c9f0e,bf3fda6c,3e9955c3,3f4a5851,3f810fc6,401c5068,bfeadfe3,3fbe0aab,c00096aa
// EXPECT: 0@56 tensor<9x2xf32> hex:40be7646,bfb25524,bf397a06,c05cb50b,3feab074,bd080594,40851682,40665d67,c07f4049,c0233e45,3eda3496,c01de25c,bfab2109,3fb8b8a5,c0357bba,bfbf9246,3f8336a1,4013e586
// EXPECT: 0@57 tensor<9x2xf32> hex:3f2da353,bfeacdb0,c05e20a0,3fe3bde5,bfb83e87,400ad423,bec14b02,be72c0ae,3ec1f6d1,bfb709e0,405e0ff7,c027a7d1,c0828755,3d1b03c3,bfbb5fd1,3dcef406,3f8a093e,3f9ac42d
// EXPECT: 0@58 tensor<9x2xf32> hex:3f9f508d,3f162481,3f909875,bea6a711,3e82ab52,3fd5a2d7,3ddd09c8,c0a76c77,bfd42797,3e400aec,bfe6236a,3f4f2644,40ab7715,4028a7e2,40305e72,3ddb8d95,3f8756d3,4025a18c
// EXPECT: 0@59 tensor<9x2xf32> hex:40ce28f8,40fac6e7,c0925611,beea6301,3f0a9ed3,40154443,40415392,bf168198,3e4859ee,3fefd64e,c08f7685,3f9561ee,c090c3e9,40219a2d,408ce266,bfea60da,c033296f,3d395584
// EXPECT: 0@60 tensor<9x2xf32> hex:c06e2784,c00e2038,bfd85929,404c19e0,c04229ca,c02e01d5,401d39b6,4081a54f,bf4022e1,bfa18808,bf7de05c,3faab17e,c04deb98,bf03c381,bf3cc9dc,c076dfe1,c07dd5ed,3e9ad6b2
// EXPECT: 0@61 tensor<9x2xf32> hex:c00b4964,c0f9adc2,c03e8fb9,3fb087b1,400c41e8,3fc258d8,3ebcc876,3fc44601,3fc5b30e,bf48b025,c0a719be,40336782,3ec92769,bdae3796,bfac28e2,3fff4166,bf885f88,c00c0322
// EXPECT: 0@62 tensor<9x2xf32> hex:3fcdb719,bf500df4,3ff170eb,bf8f25bf,bf55a3e5,c014538a,c047d53a,c0100f99,3f3f0163,40e74f88,40ba57d7,c056c2e7,beb4c4ff,c02792fa,bf291e9c,c0985c38,40301409,404d931b
// EXPECT: 0@63 tensor<9x2xf32> hex:be0a52a9,405b83c7,c02894db,bd623c46,3e966309,406c0896,40249a8e,c05f0499,400ba536,3e4f207f,c02bc438,bfdcf322,c023d9fe,c0c978a3,40744b89,40327924,c055e3db,4051d67c
// EXPECT: 0@64 tensor<9x2xf32> hex:4014aca8,c07f29a5,c00d59ad,3ea37e9d,40362eb5,c015fdf2,bfe5cf43,bf85852f,3f99aebc,3e1ff919,40b2bfa2,3fe89d54,bf907620,bf3297d3,c02cda1e,408ec112,3d5b0525,4002619f
// EXPECT: 0@65 tensor<9x2xf32> hex:4036bf45,402e4f22,bf4b6551,c020b55f,40487283,bfd2e573,403c88e7,c0acfbe3,401d4e4c,c00bf9c0,3fe16b94,40a353e1,3fab9f38,4047b382,3e19cc94,3e4b8bd1,4090b94e,4002537f
// EXPECT: 0@66 tensor<9x2xf32> hex:bfbfbad3,3ed3a894,c076e829,40da3500,bf78a595,406bb471,3e11f765,c0daf97d,4082f6dd,c05c4053,3fac661b,3f5190cc,c0ebc34b,3fbf13d9,c0eee1c5,3f7d23e1,404ddf9c,40b06d63
// EXPECT: 0@67 tensor<9x2xf32> hex:4087c82e,3dd8a932,bd1e267b,3e7f0c4a,bfe62f5c,c0011c5f,bea73239,c02d7cf8,405f297a,3f9db8f7,c03d95fa,bc9141aa,3faa0554,c08d7437,3f492537,3f037117,c0cb794e,408996d8
// EXPECT: 0@68 tensor<9x2xf32> hex:3d7c9cf3,bfb3ad8c,bf5c0e72,40b4ccbc,bfb66829,c08ce9a3,400c6694,3d0d7f2b,be89fa4b,3e695b5f,402317d8,bfea664e,bfcc8354,c0ef832f,c05a6120,bf9c3bc4,bfe78b0c,4006ccdc
// EXPECT: 0@69 tensor<9x2xf32> hex:4058a240,bfdf3a23,c02cc277,c06359ef,c0038985,bfc09932,3e8c83fe,40078654,be89c944,40245d2a,3fabfea0,40520dec,c021557d,40b51414,3cbbee2f,40260636,c076d719,3e075798
// EXPECT: 0@70 tensor<9x2xf32> hex:bff2290c,3f30d695,c0b9aeb6,4008e95a,c0410242,40074887,c0cce010,403e68eb,4014f11c,c027b6f7,c01a2060,c026d79f,bf41d35e,bf77432a,be4d66c9,3f3271ce,bff57c39,3ec23075
// EXPECT: 0@71 tensor<9x2xf32> hex:3fa19d18,3fb6f61a,bf7abf71,3f88ca9b,bfc88428,40429963,3fd4d436,bfb6ca18,bf2a174c,3fdaab18,40a08aac,4087a642,bf078533,c0676471,40b2474a,be818285,3eb7ed75,400f790b
// GENERATOR: conformance/gen/tile_collectives.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module attributes {tessera.mesh = {axes = ["dp", "tp", "pp"], shape = [4, 9, 2]}} {
  func.func @k(%x: memref<9x2xf32>, %y: memref<9x2xf32>) {
    tile.all_to_all %x, %y {axes = ["tp"]} : (memref<9x2xf32>, memref<9x2xf32>) -> ()
    return
  }
  func.func @main(%a0: tensor<9x2xf32>) -> tensor<9x2xf32> {
    %r0 = tile.launch %a0 {callee = @k, grid = [2], tiles = 4, lanes = 32} : (tensor<9x2xf32>) -> tensor<9x2xf32>
    return %r0 : tensor<9x2xf32>
  }
}

// -----

// CASE: reduce_scatter_sum_nvl72_all_i32
// RULE: bitexact
// REQUIRES: op=tile.launch op=tile.reduce_scatter dtype=i32 level=tile mesh=72
// INPUT: 0@0 tensor<72xi32> hex:e6bf91e6,388bc953,ff930e8a,26d9c904,3c4f6664,2da35292,09adcf23,52726040,08a8f525,91c9760e,f4f8cee1,ef37a514,d77ac5b3,a017cc56,c1cfa3f3,75b3fe87,d0d3eb41,902965ec,e2775638,1118a1eb,49e0a6b5,bea32166,d7c058cb,a45bdfb0,e949a6e0,b781f216,c86817f1,8b4f1fe2,6c7c49c8,511dba53,d62bef6f,32b89214,8871cf27,40ba98d3,215fc490,94914c60,02752142,855f9ddd,028b92c6,95ca89f4,9d918786,65a78dd5,fbf7da34,0421b92f,771dc619,51c6c2d5,396a96b1,752a5480,131aadc3,9fc8f87e,f2f2b057,2e75b6a6,268f6259,9370d2ef,9fb6a51a,96a42cbe,dc805ece,df63de1b,6f925f8b,4e7880f9,9e44bdd4,2558e6e3,987a2fd5,4827bb53,385ddb06,da3409e5,8e2aacce,feb49e8a,d1358b7c,84eefe02,d29ddad7,c89a9944
// INPUT: 0@1 tensor<72xi32> hex:73bc5eca,5bc7fdca,af2e4fd3,c27bb28f,b64b064f,b7b14ef4,ea50b47b,efdacade,1aaa95c2,2150f9f2,f758df95,2a32752a,5bbbf200,810268f3,9e5f4cc4,7a3d268b,dd39439b,c0edd98e,d4ac5655,39a4fb0e,6e2f03b3,7a1ad904,cbd3fb4d,e88117ba,bb827bb9,71254f47,0c6d873e,a7875ba6,2bb886e6,8d711e9b,b0d2dff6,b65fc574,cf0dd01a,1c1148c5,a7537052,8d4d49e4,33c9efae,047ed092,e0f151d4,a3e08200,a3115027,75fde151,c98e1224,5ac87a0f,0e4da563,3bb85b33,497f83ae,569d26f5,a574d724,8746fe9d,9fa11250,4dcf5600,14c57222,ec47e4d4,487f6764,81c4c0ba,767f1410,aed9529a,c05ad024,7e29eacb,f82c58b7,4e19bbce,ac3fa0dd,174e57da,10669e4a,c4d0972b,72c5f8a6,40fa3394,6d06b44b,c7a21cbe,17e595d7,9436a0f0
// INPUT: 0@2 tensor<72xi32> hex:959ab445,5f2b69e0,2c5e6b77,91ab844c,4de1f9a3,98de31df,64a4a870,f4db5c00,d2d1628f,6ca22678,a06cadb5,01aee712,269f0dc0,34ad52f1,fad8cc42,14e83258,5544d6e6,be82be4b,4b3f9fee,fc33e8c5,16de57b3,b1b7ebe1,9a1b0e08,018283cc,ff3b6239,c272f038,e83817da,639315dd,2f84ace1,efa420bd,725d2d6e,4bcac508,ad08064d,78f8fbe1,de07586b,3a6f2860,4f156e67,e43df1e0,dcee2028,4c63d4dd,1440ade8,ff5ee915,fb62f9e3,4009963d,57d73595,55d57639,ac79800c,ae3a1ebf,0c259a79,9ad03f5e,639f704f,c6835ba6,e2c95332,21742c47,a8a604dc,16f7466f,3b433eba,42e7d11d,bc141731,62b7de4c,1dfe7635,3e9bbeb4,a7e4f74f,47f9305d,485878f0,d8a294e6,49b5a1fa,e3a40ff8,0a28ae6d,779ce6dc,dd6cab4c,15ce6fbe
// INPUT: 0@3 tensor<72xi32> hex:5eb7f5b9,3086b588,d699d2a0,155f0b14,868e97e1,80ee8fcd,1a6c4d17,6be33c13,00858a03,310f158b,47fa858a,5fc92d75,83fd26d3,c3c1110c,0297c562,f8816f15,05519109,e3ef3de6,4cdb88e5,a9be9bf2,faf8dddd,04a394f3,f070feab,5ebd1b14,8f6f7246,d0f06b9f,a9a90b49,6e312b69,32b8bb56,5d62373b,2f50e77b,d103522b,d8df607f,d2badec3,93532a4f,e839f78a,5ad72cec,a6c885c5,d0ba3684,a27b3192,53db7d82,16773078,446f04ab,99809009,3ad73324,2d899dd0,96c2e81c,929067db,3c2e4734,0627616a,e5e9748f,a4333ce1,03ae6f75,e706dd81,3720721e,e3ea5ebb,9db8a80e,debd8704,c2b0228c,08c903ec,cbd09b55,1136de0f,f279894b,606099e6,81e68790,9edab2c8,7474dca9,b9493ea7,88d73ca0,c1914c0e,180b748e,1990c3b0
// INPUT: 0@4 tensor<72xi32> hex:785c282e,ae53398e,e91d41a0,0cbf442d,b35b59b3,f586e7b0,e1a2e7ba,e5893c47,f4e36b84,5aa9079b,821cca04,9ee955c8,a50dd23c,5a2e72b0,0b8a259b,011e8759,b26803a0,a1d49111,e4979781,64d08b43,de370c22,db972e6a,952baa74,93505149,3d80ab95,241ea25c,499293fb,6f55289d,8508d48f,ff517832,bd5a5240,0a9c82ea,68377008,55bbacbf,0abbc7dd,0c67578b,51a7170b,b8c4fa74,7ed81356,c1762e28,db08e81f,8f4f9a5f,738a54a0,4e818b51,3e3c35d3,63fbf225,83f4cf2f,7d56c5b4,d12ad600,2a0649f5,f9b94451,6fd8995c,8b37e79b,120eba7b,61eec166,0248db38,56a920fd,c0c21eaa,de0cf029,b1b3c8a6,84e244c6,87f688d9,7070d357,2f5f0b4b,0f91c5f8,3ffc3719,20e52bd9,a42cda35,9205d9bb,f73c040e,6552253f,7e6bfb88
// INPUT: 0@5 tensor<72xi32> hex:4e4415ec,f4665379,a835a7f2,e315c7b6,e215b8ed,4f951696,ebc20832,8def0877,021d7824,63b799e7,62ba54fd,7d649dae,5f29ef13,ba39d5b4,3ab33269,65ed8686,3ee373a7,fe9637f2,9a2f77ed,c5dcd7e3,5dc71ebe,61b3598e,a11ac3ea,6f24639a,3d0f5de9,b6f8f6ed,c227540a,148f6233,087fe459,0a7af550,e9a2b98b,0085d3fa,870a00c0,71dc5e9c,cbcd7bab,5b08c6df,1cc59b3e,01e4b69a,838a67af,ff408da1,e89bd914,adadc2a5,c56fe168,4d0071fb,3cd04ba2,bd3bfc33,2801ae83,77da663d,de355a91,b4f29d50,69ea31f1,07bcc044,be41621e,a9b82e1c,f293fa72,a9fcf834,2aec3e77,0de9d259,d1c6740e,9b5af90a,86479f57,46a738c1,c110f576,29621e76,74c7261a,7dc4c78f,6ea8da2c,d920dc87,88f0eeda,b29f0bc8,879aaad0,91f0e436
// INPUT: 0@6 tensor<72xi32> hex:01d09f7b,af5bfd2b,3436d4a1,9669840a,26604f20,76e9404b,08b32b38,73cde27d,2d24f841,0bdbfc82,211c1967,70574bdf,64949277,b6628e40,307732fc,642d500e,c90f9587,89bfc237,a033a6cc,a0985887,57cf349e,6fef591d,c5f781ae,6494ece4,f62d588b,e9927080,7d5e238d,f6c67725,a744951b,abfbd3d4,65ebba16,e804d7d8,d6394412,2c158153,9b0462b6,78ceae94,1bcd27a3,2089b03f,769465d3,017637ce,6879c7f7,329311e4,0e51dbed,aa56f43f,e3bf8841,aa5b76c0,47e07ee2,9b1eb10b,315ea69c,006e69dc,1f6e7180,81c2b765,2dcb3f66,c2b9a50e,e1587927,56068f65,3810a055,63099484,3415a4f3,63b24080,804252d8,7a571ffa,2b7e289e,2024c79f,861ba8a2,c8ebf7c4,d54f5276,9497c52c,5956d51a,bd056fdf,85eee57c,1874d308
// INPUT: 0@7 tensor<72xi32> hex:5cc8bd8a,034a1915,8d688cb3,6da6f3cf,8ec84aa6,7922d8e9,530c5870,f7d80792,456efcd9,dcaaaff4,63014775,0e757278,886dd737,0332d2ab,f98865ec,6fa284ce,b8001833,fdb427a2,6ac17c9f,1dae559b,983ebc0b,1d489f12,268224ba,21744685,3aed22b2,a378f285,7113e936,5879b1b2,9523f952,589c42f8,7b017736,a93b2db8,cac0934a,42cbec3e,9d6d392d,4c0c6ae6,587edd5b,3d650a3d,7e27aa52,2c8debe3,b50cf379,25ec4073,7695ce73,62ca1f78,7c445a33,3e7a4c52,7c7ce1c7,34b69b04,62799c2f,ffb3bb35,84dbba39,95b70ed0,e7e6342f,054e6e4a,58d8257c,874ac2f0,a33c34e0,1621ddea,693ad58d,6bf3e6fe,1bb829f9,4d4e49c9,4359b61c,b5a42d56,4ddc2226,ffd97a78,1544635a,8588370b,8e30b286,5d7c6e87,fa4d143b,102d2469
// INPUT: 0@8 tensor<72xi32> hex:6fdc5616,75dd3a79,8ccdfee1,14b7f710,661befc1,7a812e01,1257a4f1,879ba929,ebeed93f,609f7c87,d6fc415e,91bf042e,cf3d2d50,eac516ac,69b2e2c4,12c9d198,593d14e3,3987d754,d8984f70,a57474e8,8146ec32,6493602d,b3145401,ce164af6,7acad651,d60258c5,32fa24cb,8df5bbad,93febc01,97226b4d,fb08cf2d,1b8e9fd0,2ab6b8fd,5cae703a,f0c4e9fd,1a3751d7,7ac29ea7,39f26cfd,8a691287,47021382,bc629414,bdf71acb,242ac30f,c0cb14f7,7adb4dca,d780b51d,05e13e83,31ddb62c,5dcdd696,6f3385d9,fc8bab2c,8e9f18e4,937b0fe8,ad24fb7a,6fa93e04,4eba0966,b4ccc4a6,705b74c9,0a3cec39,630ad0d3,4bab8f2e,33c6236e,59029dbc,d37716ba,f5cd183d,4cf684e9,30279c30,ef438d33,a0b36074,7988f21e,307f7634,ac159864
// INPUT: 0@9 tensor<72xi32> hex:b9a11041,ecfcaf1c,ba4a84f4,eb4a1d8c,e1fa5dcf,7e85e68a,cdb8fe9d,498599cb,9abf0323,1ebc5c11,826b0b2a,df1344fd,bc0af27d,8ae127d1,479baad9,870fb20f,a8a3f85b,a4ae5645,9dfed6ac,9600585b,1d7a8f44,d49ba628,96392205,bb9084dc,bb80ed8e,43ac0a10,ee532eeb,14869ec1,37028d45,9627559e,8ee4856c,e2e69698,a1b0222e,af3d2414,927142fa,37d77eed,9a826e63,7511886a,47cbb447,2d3f5672,615d6239,83831351,86fe2e91,94a5c2a8,3f851a17,3fa5fd9a,862e18db,cb0b3867,0483e9d1,e4f4faaf,6eda0e2d,44511ac0,786e0072,f1854fe5,373385ef,e8008d7c,de2061e1,49627fa6,93fc1cdb,8d8f47a6,accd6676,b71a7132,53d1c9e3,1a00a884,b7a18c3e,27f616d5,ba01a113,2fe7d794,07b583c2,347e8f3b,a18a20ae,8f46c7dc
// INPUT: 0@10 tensor<72xi32> hex:1c4c19e3,f952c823,98163ca0,295e10b3,14a252fa,65ed8a9e,5e5253fc,7d95bc73,8dc4c9d7,413cc9c1,8dbf22a8,68228800,42356630,c3796abf,40cad8cb,1c9c2c84,ec2a13ec,eae0508e,dcb59848,26da188b,f01659f6,ae2fab50,a2722f40,2b856edd,05175ced,308a2357,0cc18961,4680b837,fee232f8,f5eff652,f86ee7e0,a59853d5,8043ec38,ed2919f2,2d6df08a,0623580f,ef93d62b,b7b408e0,f2494487,d8d5dd46,861d0318,5dc075db,98068d73,08a51c95,35d5e7e1,212dca3b,37465223,0075d7a2,3f21f8d0,17b2db1f,4743956b,fee92a46,312c4913,62647794,c178b343,e2a2ac1b,cccd8655,d798de6b,69d3d765,0ce3cc1c,fbdd7abc,449f349b,16412f2c,8336055b,2f2127d4,2579c900,c2ec06b2,c806d57a,1c8140cd,b4c083be,da47688e,aa691e16
// INPUT: 0@11 tensor<72xi32> hex:df42d51c,cb112c88,17e20696,212b3cd3,effa50d5,a34d3620,0c29d470,90f3f8f2,76841b7d,3bbd7409,5327df7f,a1d53f62,f6c93bd6,62a8a2a2,663ad481,d9f4f1aa,d7bdb7ae,f8af1b96,559bd776,cc4f1191,be6f39a1,2ee68d06,9de650a8,7e909409,73f98312,8ea8b0ec,86330228,92729812,2f93b04e,bc866b03,c06f8632,ab63dcd5,a90a7526,91692443,f8059877,7e00bddd,7ea1ff3b,f7d28cca,032d026f,ff8f408c,33083a36,aa60a75e,d5e04a8c,b37c3cf2,b12b71c8,3eeaef6e,69ccd2b6,2c8489c6,d37a12c1,1c7a2f2d,9ea7c630,e13b7690,c1d9c788,9ed175cf,e2c567ba,841dd9cb,d503602f,4b0f9bd9,3a45c70a,19525b70,505f7b7f,3180777f,9a40460c,48d66189,0e6fb752,e692fd1f,60a4fc56,8f649d80,d3143bd4,45917937,4fffd7ae,81e610d3
// INPUT: 0@12 tensor<72xi32> hex:e3a1d261,88aca735,7ce1c89d,6ceb8151,b85e567d,71fc303d,3e5931d4,656ec037,d97f9bbf,81afa57c,f34897e8,a396f944,82ea332a,7ffb10f3,e263a131,ac3e5655,66a49a7d,ffb8db70,e1b20712,33438cbc,68cbe801,401f4729,417197af,1e1fe1a5,82c081b8,2bad48cd,de30798c,e5d9354f,9c91833a,93659a16,fed91d4c,cec1f3c7,68624202,25eb932c,b80ed837,cf829f0e,4b1392fa,a662c840,8bba5a6f,c33263b1,430914b2,0897ce86,5c8a2bad,42e37378,89aecb77,4161df17,6b72c32b,89bcd806,7d147249,6b8b721e,b43f7051,e0c16435,4d743ee1,f8dc0d4b,d8cb8dcb,531536c5,876870ac,618862ff,3285e35a,3966cbf1,16096bf0,339fd395,7807cd7d,2f51bd0d,9492e99f,c00e5089,6f7a9555,18dea509,209a12ff,89b1d4f3,f519663c,c62c5603
// INPUT: 0@13 tensor<72xi32> hex:ef40da89,061431cd,ed36c7f3,cab27326,79d6950c,e17be1be,489c4660,4906432f,436b680e,19442f87,498cf4c8,b7a12bb4,33f3f47e,e0e668e9,c7eaee41,0da6ac6f,dbddc9bd,02450c07,399c2821,394ef0f3,faf04ff5,0062fb09,9a0a5cd3,0148a1f0,3961eef2,788b0b98,d1f6847b,df9148fc,15421b40,7c41b016,40b58596,50c369d3,f1b36e40,f762e7d0,56f5e131,9cd8ad0b,006335c5,a3121edc,460d8044,db2163c9,9a1b3388,1442b69c,4c699843,f6e464d9,4188f30d,0596217f,6ff37402,d455de4b,39cb49da,06e69bed,6df96c4a,a887cd88,40f1e048,146cfa3e,17a00b82,e845f63f,7a8cfc90,028e37b9,5221e54a,1517696d,c073c6cb,ac0cbb14,580d8faa,54facd14,56d98b8c,28055ab9,db7e2795,1a6823dc,4ba4bfa1,f9196d1c,89408636,c1497d6a
// INPUT: 0@14 tensor<72xi32> hex:9a899ebc,cd167df8,ca21c2a2,c229533a,19819615,0fcc7494,db9c5bbd,9113f4bf,7463c47c,4885667e,fb541620,f10e3411,3cbae39d,6bac0f35,adffb809,8a557023,10a72c19,e675a386,f7d7b4cd,2ac5d9ff,77afb7ce,97a0d64c,61a637a8,b0a63dd0,dca4f3ef,e57e83b1,85142242,24716f6d,d6b3ae13,8e78bfc1,5c063ff4,46b21f41,e638f76b,527651d5,047fd2a2,0bf72344,6b058a1b,6dcde5af,7cca23b3,3cf28e98,6857c4f4,60e28a3a,a7bb44a8,68c8d9bb,aee6eaf5,1c0219b1,e2b5d8e3,e79911bd,c95598bd,ce55523c,0b8b9b5f,28e046fc,3c263e11,453529d7,7f6d6928,631aebc1,bf3eda7c,462ca69c,b8dd7ed9,64131dde,57f06d76,29b64b6d,5aeeba45,e814a86a,0f6029e5,8a4c8599,9d32a027,2408b0c1,f2cfc1c1,e3420d59,8494d967,7aaa8bee
// INPUT: 0@15 tensor<72xi32> hex:b3abe8c2,c4d10e41,66db187f,2cc00fb6,8c0b2b8a,ebe911b4,e8289c37,66b2ca8e,624a8ffa,011b30f5,8d6c6feb,f78e14fc,f07ddf05,53652769,59c34dc5,8d359247,c6202b14,236bed92,7d114d90,885bbe5d,f9940deb,15a4f880,a689e93d,27117afc,999281e6,2faf2932,8f646765,6727f6e8,b0c3bbb7,e2a845e8,685333df,a4b41011,2be64cf4,28ed003c,82dda801,df0d934e,b546c223,a6c365aa,2c77190f,8f1e6d7e,59cd4002,be059fe8,6f3c73a1,e5658237,9dba0621,2c5c16f5,bbbfc2a8,d037e676,19c84ea4,1007f4f4,1ef6d8e8,345a9f90,4e842a11,dcb4c7dd,306209e3,b5f5639f,f60bcf6b,46fa03dd,a6a239b0,9c399861,c2d11c6c,6e999e98,25c48410,8f0f0a0f,ddc95367,3f711577,84053d30,d5a802d5,3c520a68,d20128cb,3db06e11,51203560
// INPUT: 0@16 tensor<72xi32> hex:60e0fb09,19da1118,b63b93ff,8e715bd8,2c6fb8e1,4814bb4e,b906bea8,23833b58,79deb154,f3e13422,41192dc8,d6600c38,b5134b5c,f93ea1b6,1bfd94f6,fed4a792,c64a7024,f22c90cf,4249ddf5,eda11b1a,15738956,6f9f52ae,7e7c8fc2,ab10e8ed,ecfa5af1,cf8a2d69,7dbd2e26,288088ff,b89a3b61,110f3f46,a98b351f,2355a101,6f43694e,deb80989,b8e286f5,34a1b866,dead688a,a824ecd4,582e2c37,22ffc137,33866e68,a028a06c,b5d3d1fd,e32f47a1,fd003fa8,b62e7da8,ed730fa2,c979b4ca,11f98ce9,b2d36227,6ada592f,6b8ac323,313be487,f933b56b,35d0c5cf,26415a4a,24967365,e010a20a,7cd135e0,735cee85,74bf21ce,12256f92,db517ec3,60d3d2ae,a9ddd05c,b742a0ef,ced3a21e,8e2c7148,ffeb0d8f,be730272,8402a577,36dee879
// INPUT: 0@17 tensor<72xi32> hex:35ed254d,d531ba9c,be610089,7a029db3,282532d3,2f5d9979,7e8f2da7,3a916056,dfe9dc1a,ac40c714,b98477b3,b6b529a4,e857f2c3,9941e61e,6a9a3677,f98e182c,587423cc,92aded87,0ae09ef9,4eaa57bf,88d89bfc,9fa67aa8,ab349a43,37fade45,e4308175,78dd00b0,5199241d,7f0e39f3,ad0ea48f,603f0202,784e7117,7ae18d76,0fb70531,32debeee,dc822902,a86e132a,6ce08ed9,f5e196d7,2996f617,0116b18c,c2eb8741,61e4537c,c28b1931,3b9ae31b,1c001671,bc40f37e,bab0f62d,6f2f6d2f,5d045e25,73bda481,c4dc837d,e97c0a1c,37bbe545,22759ded,a320ed3a,a4d6bf9c,f1e49157,341c6d9e,4863b428,c37c794a,d2d2fb92,66dd2e15,f558c31b,2d70f677,c60bc4bc,d9e2f2b0,69fddd55,d1f45855,876e744d,256439ac,0582d4db,317dee82
// INPUT: 0@18 tensor<72xi32> hex:5b0a03c1,0622b739,d7b67965,b1d0f628,bb52ece3,50739e72,721986b3,f3a398e9,9e64e5bc,e475bb98,50ca01a6,87db0740,c66a7d33,197a723b,4db432a4,2f6c08cb,47e28689,40abf2fd,6364bf3a,31e4b648,585f8d0e,49701a94,716c4d86,7f193bc3,34cec9e8,c2faace2,82513a7e,e8b2f670,f7af2b24,19510cca,7762d7b9,05a32122,a3526f7a,f04cdec1,7797d3ec,2d3312ca,7ffb2eb7,9b2a95ed,95b0a493,04b27e20,801aa1b3,f1804bdc,21dacb55,fd0037bc,4ada7cde,3e94ab71,edc2640a,5e189321,2a7ae4d8,4fda772a,3aa6f78a,83fdf550,a26d62b3,49461d54,361533f6,9ee96b91,51d89aed,aaab0e9a,7048568e,65034e0c,97d87141,d8a88c8d,f1e2349f,748ee022,9b027296,eaa005d8,55a99faa,ae81caa3,eb404746,e8ce16bd,39c8571f,8bd04dad
// INPUT: 0@19 tensor<72xi32> hex:95578efb,11307c44,3f0853f4,c450c2e0,57aa93b0,9bca643b,f8753639,06b6787d,ce7d681e,8553dfa4,8a1ee2b5,d89dd15d,35e89c70,d3d6b43e,a6249dad,81242334,9997f0cf,4610882f,3ea12777,f75efeea,461ce111,23692cdf,e73523d3,83c2aebf,0d376ed4,4d8abcd0,32aabbb1,77bf5fcc,2f9bb408,8f239100,072734d6,8fea1314,acf33935,78c7b01f,ed841c71,03c74235,6a38d88a,75ceca48,69b5d8bc,995954ec,801180da,e676c94e,9b5d9ce8,f836b13a,c5be0718,74b006c5,29aa3d26,e3a36428,bfd9f947,c649d916,d2707aef,2db5bcf6,9906f335,5f4e9276,c18d053b,a605125b,09519da5,5808451f,e2573f70,457ea7ac,f11e82d9,f0db77a2,8f6c1179,e5f140b5,a63e44e0,db2edd3b,e5f01ea3,dc91d16e,83ee9116,c7d7df31,d5b1d1f1,182e62b9
// INPUT: 0@20 tensor<72xi32> hex:cfdd0750,ee6bc21c,bf2f1a1f,e8f733e9,193f40eb,0ffb6b76,bd3d4021,7e0b98b7,b01e4f73,10b4b5fe,9d31c4f0,e4d12354,2005ed83,df8207cd,8bbe11fc,e9daabcd,0f24b766,bccd0fc2,a9f8d476,74bc8d0e,aa7e111d,051348ec,36d7504b,88368d2e,640af863,189397dd,274a87dc,871ee98e,3ca4d178,11e181b0,1894b7f9,26e7afe8,405e022d,77aa88c8,7e41a45a,60e088c7,c66e7b09,4b2a045c,9b5feca1,c6aab15b,5fbaa6f4,83a3ac18,c6e4eb68,0c38d5ed,3627bcca,20f299b0,62b4427b,0b4ee3f6,ca0a70df,4209cd53,9b6325ff,a92e479c,2c18e796,f494b344,386d8003,97923e2a,81939286,e28cc6e6,09067399,81a62435,7082c1f1,8d4f81df,2fd43cc2,9b0834fd,698f7c57,8f7aa18f,6c53ac64,a68a3975,f5492ca2,dffbfe09,de9178fb,f835cc38
// INPUT: 0@21 tensor<72xi32> hex:45a2e629,148c4a5c,96bd8ddf,0ae46f69,746d6f2c,1b051cab,c2c1d78c,3366f91a,8036258a,69fbce44,98df1468,03dbb044,e483b7e9,6747c0d8,dc658553,c802203c,1503fb67,abbb6ddc,7bf6ae1f,1b9e63ba,600da070,2002c2b6,9849df2b,6b68f9b8,e3024b94,f518eef3,134c17f5,36bf92f5,c981879c,adc6b404,5ef57cb1,e38cc11b,ef26f2f4,e6a986b5,bc36eb7d,72c263a8,9c09e35e,441123ee,02824045,9b66246d,8786d60f,8f145b33,162f0a4b,4d824a16,073de78b,1dbf4059,e4a69070,22b944a8,4ad30b1b,b3004b8a,20c09e80,ed97fe8c,1c1aee39,2fcb0667,a8110b8c,b4dea93b,af9d2d75,8618dd41,5d2c9350,062c1478,a1e1d169,46a53168,d60aff0a,876ee1d7,8efc19c0,6bf59551,b659308a,51998af7,b5227b90,9ec8a10b,d55bd7f1,15ff872b
// INPUT: 0@22 tensor<72xi32> hex:5f4ffcdd,f6b2e756,3c6ff745,d47fc793,2cebad71,c7996b03,d508f2dd,fcf913cc,b4d4c546,712134f5,088f3b6f,058ee570,747de777,cebfc551,ae99c04a,6ce3894c,7563bb55,a40b8b2d,966002f3,d03b499a,e41b66d4,28d8dc6b,8b337621,a8b53a0c,66234a8b,c3e3cf4f,70ff1a8f,ad598938,f8f60760,d35dfd6d,2d43c9e5,540dc100,c7271555,87219df9,16fa8a9e,367aa2bd,a05a8633,4189377b,60850379,b2e34677,016d25f9,80f18960,477cede0,e30dc378,6cb23684,bdcb20c5,4927f166,63d6d800,b326abe9,c5bfb7b0,74d8ddfc,7bc93867,0c01a937,18fce6bc,2c6274b6,5edc5da1,73574431,77b9214a,4de2892f,b8d3b71d,8ab40792,ce9ae2a9,bfef7c61,abfa6fbe,df9050a1,f34fbd3a,35f4b7bb,60c95adc,21bba025,76d63204,8a63e542,0628eb62
// INPUT: 0@23 tensor<72xi32> hex:29daa86a,0881c9d6,5e13f51c,758ddcc1,a61ea2ac,8ac3d6e9,336b5187,5a3fe523,828cf7e7,bfb16361,89b02a0f,9861ae75,cf57638f,bf297d7c,59376632,f4ce8871,9f6523c0,d65de0a2,14349ca9,f28a5226,42d6b560,c865d972,51c4335f,2826cca5,315438ad,e4eda062,b86c0eeb,49af7f8c,c3f9376c,d0fd4bc0,5908b36e,b70dffa3,73e04fd3,eba52d64,dafb2a00,6dcb6182,94c8f340,890f5985,cfd333f8,cdaf4011,0b6833d5,14eebfd9,c7452132,02db4f59,298684d5,53960109,bc54ccb4,35538946,f5d6434e,32c35af1,5439d948,92477cc0,17e9f449,461de4e2,4c1ef395,3ca263d4,4d4eda66,e94f4297,cc27e590,d679689f,ddbcf304,069d6f49,b69c850c,d40921f1,c2591d9d,efde7b62,4d9091e8,5f16c026,5788920d,bb5a5b75,761a9025,9e8379d6
// INPUT: 0@24 tensor<72xi32> hex:39b56236,74111790,0e5aeb80,0ca089e5,72630e35,8eda7678,59226dac,2ef7c858,97737859,24aedde4,6178f207,bd193d04,f8017eb3,0c65191a,efb69bc2,7f70ae83,f1562b4b,cee033f8,4977a28d,d6280ded,3565b608,887f2551,da015b78,8ea4a46a,0aa02ac7,c967e429,d35a35ac,5eeb4528,6db674aa,60cab158,ee9fa100,ace57f19,ca9a1d38,cb0a856c,6ace55ca,3de46b70,79cc494e,49549e8c,e363851a,c17d704b,d76781a0,e17128bd,8309db7d,ff09d764,fd0de554,63761345,a0a0ae41,7e4ebb3a,fefd1a62,d9b8aa07,16213764,56bb7f66,87667223,12011f2e,6f5fb381,2bbc296b,831b8586,15c80fa5,96c20e73,e9c45476,f1b97d90,1771cc8d,93a592e2,37e68530,1011d46d,bfba753f,6aae9dfd,65f67cfe,696449e2,939b3f0c,68b61ec6,2348cb77
// INPUT: 0@25 tensor<72xi32> hex:46540b59,97178428,bec79965,d41fec04,9c4d5db2,fc31b152,91894e46,ec6d36fc,b75e3b6d,b7dac7cc,006c9526,e0285cd5,1ed9d2b7,94bddef6,d488fcc2,91caeb6c,f994f548,94b6211c,9f623ca7,2d54576c,c4d249e2,44ea7215,eb58bd1e,400a4582,e0f3836f,8c684193,81589aa8,3fa1e65e,5eaa8983,bce49018,e1f62db7,c315d267,37b8a836,aa5ef6a7,d8416c02,6e0491a8,22b10707,aa525ef3,36c070e1,9a6adcec,1a1b7152,f8557a56,6a78a5bb,f18232a7,b15dd765,a211a6f6,7fa29afa,e3ca11d7,7974fb49,6f665d74,0737ed2a,b1d3d0c1,d9966ca6,c1aaf95d,c4f07d4d,219ebddf,913019d9,69a10f17,d5132228,e51df4e1,d765a856,c0058bbf,71ec913d,43dc88a0,c453801a,f94b5f22,7f034fee,dff4bd4e,d9f8561f,a7e1966f,25be42fd,0526425e
// INPUT: 0@26 tensor<72xi32> hex:1905d7b9,88eb2430,8dc532b6,82f678b8,e99cabe2,cde90d95,e03181ce,0daeb47c,0fe28581,b78b47e8,b8362e2b,855ed7c7,fc13cd5e,7009dfb2,475c32bc,aafaaf66,a43fe11a,1f9e9036,9a3db194,a86127ec,b30ec37d,2c3f1b39,8f16fc45,177efdbe,a507f2f4,a06e788a,03becf25,d441083c,34c40298,2f3dd18c,a524ea56,72e3fd91,e220973e,b1c55875,429d5ce3,78434532,9b74cee3,9521348e,dc4e6537,fb390391,bdf98487,de55d887,f1aa4f72,318104f4,97a55d98,24274bec,f9b12002,375f1cc5,1665c5b4,bbc34163,21265e56,dbdea1cd,20ba5f73,5601baf1,c2f30757,7a205db8,ad4ff81e,10da1ec8,4f19856a,4942c259,33b08bc9,85a573c3,c5ca914b,551e29ad,691251cd,a43148ef,fef77d7b,bec07287,2e6be22a,a85d40ad,c13b8aeb,31a8b6a6
// INPUT: 0@27 tensor<72xi32> hex:830e77a2,ec6fef02,2e857ce1,26031346,f35b6d72,7ef8fcea,daec89d1,f7e38581,08310a44,2cf4e5e9,c7bf902b,c4214033,bf0a7b99,6840f66a,de1068eb,4c22d0aa,b3a0f85d,b346d8a1,e3f41ee1,64e710a8,857567b3,fffa5d84,a13698d3,8859deb1,a03bcb01,2604713c,8fb1ddb4,9189097a,85d9e9c1,53630fd4,b24c280b,ea886ff0,eacbd81b,4c13c4d6,48f814a0,11d3b0c9,b7068400,6042d144,133b4720,8670224c,9a3938f5,3ac29ead,a318dbda,e1fe1f0f,13d6eb14,1c40f373,b2a0c7c8,07fc3758,34481a84,5f479f0b,6ed2a60a,6a5ba4d8,eb154777,47d68956,395c4cf6,1ca1dbbd,8cb5e677,d85c26c3,3b307945,cde61675,a5f80d7f,01f69e5f,5d3c26b6,d3396806,f47a9a1a,bb621341,2bccdf4d,cf08dc5a,646fc07a,3b8ae8e8,cea61cc0,b3659742
// INPUT: 0@28 tensor<72xi32> hex:b286600c,a9e55aad,28cfbbf3,ab27ce5f,a3f091fe,04747bb3,82e4047d,56c047a1,58062647,db4a5e60,80dfbea8,342fa122,c5c67974,ef1530d5,0e3a3116,4849f7e6,3789c5e9,beca67eb,e6bcbeee,cb456df2,0f753a0f,9750d527,ef82cd71,bbffa88d,0fb1db12,99e3d372,c9bb9721,3d60ea66,da93104a,18f8ee42,79d669be,b8df7cce,acccd5a7,c79b3347,f44791a0,e145dd62,0323595f,ef350e58,73518832,97d89f7e,d61424f4,b16329ee,9f27ba81,2300e8ba,c8c18da5,78070eb5,f0c7e9e2,93b1de8e,6323db53,11c6c8ec,038f7f44,cf7bc491,a61111a1,a99ef341,7a7b3120,e58d808d,33f309c6,98677453,9fef034b,a1775178,d97c51d5,e4196c6c,7fdc7e25,db764ce0,ecd285d4,774c4823,9b4de123,d3737c2e,04f4e0c4,18687415,35d69ac1,74762342
// INPUT: 0@29 tensor<72xi32> hex:0f8acd71,644d11e9,82cf5038,4f4ccce7,51a433fb,64572cf7,cf540437,9303d434,88349507,a1f7e833,8edaeb79,7af8b97a,c3895024,64148701,f362cf05,5a773d4a,8bcc4419,d1d0850b,f9b2334f,9ca2daf0,86d7c234,2349b612,b4c4465a,8ba02676,2ed1b462,8860a665,747c2ba1,9c7dcc1c,622a238a,4891ef3f,595a89b4,923e0d80,1d1bced8,baa04c86,95e8f0e5,a6292358,8ca27194,a35f09cf,89a7f16a,91ef585f,abde3ca2,b571be9a,5547f5cd,6ef813f8,efe19a4f,778ee5a2,553abdd0,152a17ef,ff371d7a,73d14234,5d9e12a3,bd56562a,51662214,64f7a596,d99b89b7,9ae9fb08,aa688257,9d411929,2f2e2bce,af7807bd,c3786e89,77d42f7d,425731fe,3e09a9a0,425d87c8,bf8255f6,8819e58c,be7cdad0,c0fe6c97,4199f501,4012b20e,a48c99de
// INPUT: 0@30 tensor<72xi32> hex:d952c37e,0b6a112b,ac550795,85091e86,ba896780,4d444cd4,9470373a,c84ccc21,8679be3e,ece43b44,3001e327,81f9a89f,8a420771,93a749fd,147e6bd8,9cfc3d3c,5efe3df6,94e5e1a3,6809c564,c402c093,aac44528,270d995d,cb4f1be5,49053ef1,31f144c1,f7643a51,55374102,b22ea23d,69422807,ed63d59f,fe99c945,f38c7623,95ede53a,6a63c45b,d2c1ce1d,c0cbdb58,a081c80d,c2def473,6c689e9d,20ca9070,efd92004,e8d927f4,31877afb,671be462,f711670a,242a8772,34eabeb2,8ee172c0,dd7f790b,b85f0d14,776def25,b5c1e4c6,f98d4af8,956cc067,3c476851,1bc75a3b,5a2f523d,4e5a4afe,49b6fc14,a2dda4aa,2812efb1,166d7da1,191e7c1a,1c1d3e0b,8926b3fd,96fa1206,f188ea5b,21e95420,45a91379,967f9599,a4fcad5c,fc1c722e
// INPUT: 0@31 tensor<72xi32> hex:12b2f715,9c472834,248d974a,f669d3fd,85acfc45,a98f4c42,3b0e9d6e,3a7ed14c,836bbc66,86685185,5b2fadba,cebd0988,093fbd5a,f21634e4,dcb80723,bca400c3,bb883290,ca571d03,6a2010fc,1ec1d9d6,ca76b677,103e461c,99ce6f0c,5c129e11,cccca3bc,4c2b30a6,b595a955,95e4dce8,5b01a8ef,6d03c07e,a5750125,c774b49e,8b237862,518291ff,04523992,d8235039,ae64e688,ff2a19ac,843f6531,b1e26964,bdd2775b,9adb9fcd,5c26843a,85adc403,857ccf56,3d537e22,5a1de182,b35ed5bc,814e1aaa,3740c315,d3663e7d,9262b3c2,5e742dfa,714ecd4b,1ebbd6a0,567b6ea8,27ac7844,70335a42,b856ecaa,880590bb,f18b5cb0,5dffe2f9,b7d761da,be728605,599c2b29,04ec6317,53c21974,bdc489ea,13afdcec,586736bc,1724bec5,c7938981
// INPUT: 0@32 tensor<72xi32> hex:5db24bb8,9c4bf788,0f46d29a,4dc46ab3,b7b18d41,5dee5c35,618361e6,60b46204,f27e4785,36f8ee71,ecc2a4b0,9d14d12f,50356384,e513b261,908d85b0,f05e7c80,781a7891,29fca1e3,b68b01e8,205d7d32,bf804141,22bc90ad,d813e380,c3033f96,1f5fd799,b6b4a97f,cdc5931d,d82c342c,a44df8cb,f457191a,387dd3f2,1b0d14ff,2c267127,4c1617f2,f2fee6ea,21e2de49,664a22d9,597ad2bf,78b2f492,eed245c6,af405cd3,6090659f,b936409b,be08171c,27127882,94cff119,710e0fb6,3321eeea,804d3e6c,d19d3c71,4126c72e,87dd43ba,863e7a61,6aecd48b,63b9827b,2f0ee053,d2ecb97c,2afdd456,377ee2e8,7249b9ba,2f293a49,fec29437,628bf976,f81a7084,7cec9b94,ba2f07b5,d86255bf,76ae105f,79d4e967,7a9c6c76,2acaf03a,98b8d14f
// INPUT: 0@33 tensor<72xi32> hex:fa1823e9,3befaa07,680ce640,83d47515,4304d27b,c507d1ac,2b412c04,3faaa071,9b4dad3c,fa962985,5e6d08af,cb073386,c8b1c7f6,2eee9ffb,fc07a6d8,bbff1701,80e943f5,c50d5e53,d07ddfb4,aeacca4e,c4986e9c,efd34b8e,ad77f577,4e035de5,3ce3dc8e,9dd95671,4015f1cd,a32b60a6,f07f5a74,67f7e98a,0052a918,d9e8b84d,913e54a4,b0461e5e,3ebde843,216e0533,9a641a39,0dc97f16,a25655d2,147568c3,54f2cced,3df19035,1d7fa5c9,04c91379,5c9f6b91,9ac2a14d,d22dd2b4,8e97e69f,646b8cae,91736b4c,3607fdd9,19a589e1,57f4e1b8,ea01457c,04fdd75f,9b8d0ed2,0e4ef61c,d843c572,a67e5bd8,932f6023,09b477a5,4e8e6691,6f96b316,bbb1b740,d8b45378,45efcf08,416c3850,e459484e,0fca2762,878aac71,e47ccdf5,a5354eca
// INPUT: 0@34 tensor<72xi32> hex:14da008d,cd55c72d,e6ef9370,316d5fac,c54a2a7f,6aecbd5e,27fa03e1,e2f0afe7,4eb5d001,0b9d4898,7f2fbc19,198d76d8,e6cba966,5afa32d5,461c0d66,4d765792,c59b3bb8,c3c53976,a38e0a5f,42cddf61,2c7aa3f0,bf4ae161,5aa48caa,7da6f44b,3751e07a,3a7f2bd4,f9b04876,63f61d88,9f7c5b4c,41d6e6f7,94c360a0,447a4de6,26c3b344,53b635e3,8cc8ef5e,2367c17b,7f25bce6,f5e14057,0c239fd3,b6e8129b,a09dde0a,937b3f82,7d03c59b,00b4dcb8,55fb7352,979685d5,56f43589,c0d13a56,34682edb,13db556b,1621a1b5,bd043035,82776ffb,fb1adf81,cfea319d,8213fc42,7e1c30e3,a002be86,46ef71f7,c8b02925,966d5d84,af03a5be,98137e99,eb6ad6aa,c719c5ff,99ab4935,2a048b3e,be03ef7f,d111ce1a,f4687233,e566ebb5,ef28da98
// INPUT: 0@35 tensor<72xi32> hex:968643ce,0964e1fa,b5680721,9ac80242,37166d51,7615123d,28bbfbfb,c4ad5a6c,199787b8,44af39b1,0705921b,d16539b2,4ee286c0,12140822,61021870,4913c9b0,9e581d17,1a3be7fa,a6730145,a25d1275,3c65f0b9,74deae17,f9a0736b,6aa52b75,86288f7b,0578ffc7,0ca2015c,baa2934f,35ce72d4,6d44b8ed,25036c36,f1e64e2a,9afe6958,b067d28e,e33c008a,cad96960,3caa2a66,7bd80a4a,fdb6f9f5,6110cd79,b2926621,b2bfbeba,abe45f6d,0b02e973,f22f4905,75e6c3d1,0768819f,88124f5e,7dd6c8c5,92deacb6,e6f96e26,bd3e5274,484ddaa3,6b9a534c,90fa9904,9f4c36d8,62b3a0ab,05e6e3c8,017b2973,82a3e38a,ce4d12d7,3836e500,bc693821,6d291850,92757bb0,4f6317aa,6ad85707,dd07e6b4,6e57d24c,68fbab78,9851dd36,fc70114f
// INPUT: 0@36 tensor<72xi32> hex:13cd56c5,3ca653f8,90f4b562,477b8c5b,2d177f22,bad5a991,d00c7dbe,81431bc1,8aec5543,0c435dab,7f10f5e6,64e25f54,fc54903d,d74c201f,0059eb50,113fdb52,a0b42ac8,f39d64c1,364a4f33,6047e1dd,3ab5608c,7bc00c6a,666e6386,94fc672a,7a3d8a3a,4201987e,e7b20133,bc2369b7,5f171985,1b3ff3aa,7cbbb1c3,7e30165f,93b20162,d7e9e88e,892ba43e,ade82a14,20d24ade,0d3362be,ac58c2e9,036cf496,ff928339,564925d5,a3840d02,bc76caff,9c99bacc,faff2d30,057eb320,a74fd454,831d30b3,8364a6d2,5b3e81a7,e988ae23,0afbf471,11662e69,8ab1d6ec,ab2ca8ef,11c79932,2b71dd5a,69ade46d,80a0a96b,bc591fc1,eb8286de,3d229aad,53ad366e,dfb5ff2d,25b5b608,83cbaeed,3ea9fe81,cb4115c8,5546e28f,ee96f6d8,bdb1cf6b
// INPUT: 0@37 tensor<72xi32> hex:5f88fa36,22663bf5,60499183,3ee83a96,3b720dea,cd6df601,85918669,190460c2,91a0f18e,831dc6e6,814ec0b7,f3089b92,c609cbe4,f0bd6905,bc143e82,4424f4e9,ee1a4133,b1f08ad9,c6624609,c190731b,ffbe3b39,46ab2366,8c497c10,decc07de,448ae833,e9091c6b,7cb81f63,6dc42dc5,891834c2,b9a48419,ea91c3a0,dcb93f6b,2e987023,6d87b714,369a2fe2,84e50347,b212f9af,7941aba2,4c74cd35,82672aa9,4b5859d2,773d8e39,2444433f,7e293f2b,e6da0b67,ad5df1ab,1bda960e,d50d6ad4,afe10297,f23ba009,d56bcc7a,77032c85,c8c81efa,8bb1c5c1,789069e8,b35f5160,473d4929,37bd7021,5495eece,33960398,a057fce9,6f480128,47aed72f,def30e36,fc8eda32,661d9dec,4e445dab,9a6b4985,f8dbd336,296f0e66,b41162ff,cb76ad54
// INPUT: 0@38 tensor<72xi32> hex:fe7eff11,a12bcc39,28ffcde3,ef7c0c75,618b98e8,b6f60ba9,75387877,43b05403,d5b15e1e,475c6a6f,f0a4ac5a,cf6ea108,32984a92,8d7b3ac8,2705c893,da45235a,db4d2d16,71003627,1bfd33e1,0784e0ed,6a152f53,6e337f47,585252e3,bb403335,ae9ac695,7c4b8f95,fef9947a,78cdc393,bfd62789,9b97a51e,63be999c,b07f9f68,32c59b20,04064e00,a5886f10,1c53a761,33014dbf,db911f0b,5d974621,f8225c16,c47317c4,6b4d89f2,eda5cf5a,ac216458,32ab0eed,7bb7b22e,3d51c539,ae7cc4b3,e91b15c4,5116e12a,d76727c1,fd75c91d,ba7fa324,e6fa535b,9669afa2,ae877862,2b7e2a1a,d95f7598,8a155de1,083f6634,20957306,8aa06b9b,7e71b8eb,6e06b547,981e9865,de171a8c,09201238,362bca8e,cce6a4bf,642ac60d,e7427775,8e5a4b90
// INPUT: 0@39 tensor<72xi32> hex:c9694617,f0b5bb91,7449922d,c1728148,72678863,877c96d5,4cafe193,7653a905,0dff6dc2,3745d371,9062c496,fa080000,b70716d0,8ca46f06,1d88ac32,6c8efc2f,70f3a39c,e11d9032,97722e96,1c7f8dd2,125c89a3,1d460812,16af5191,cd3bea9e,85fc6fb3,d8d42ace,52628e11,6c3e2006,07cbe94b,1f0d3afa,92ee94ea,93496fde,cb06028a,f1cc118c,baf5548f,068d0a6b,3983b6c7,b0a40f84,8f553198,e23e7b55,69e874eb,b7038a95,51a031ae,764dc76a,b7c36985,92356104,8dd7a138,ac4d48b1,d1fef096,1a7b482d,55548818,592f646d,39d3465d,4bb734ac,e8ad2652,38168575,b23fdbd6,de296aee,0655e06b,92162a92,b6eabccc,c308db33,eaa30a54,a0898cdb,8b69ab7e,7708bc45,00794f5e,edba5d19,cbf26300,bea8cf94,aa451a33,ca097b4d
// INPUT: 0@40 tensor<72xi32> hex:ca9b2719,9f353b39,08e7b114,cb394248,b1a061a7,f42abc45,ce7f5582,24d0af9e,fd08e181,352884c1,008c55b2,c9246e8b,abe77384,e7ac1e0b,69043929,7bd8a876,facbda70,afda93e9,417511fb,15813903,a337c701,6a26b1a2,bd7c1aa9,3a8d88c3,6cef1cdc,ac11cb23,c0477a3b,e2274e1c,8006729e,1e445ce1,88f856b3,f6818381,0da8db12,edfba394,dba47439,7396e247,7caa6016,ce6fb541,d43dca4b,4025e333,ca0520d1,f73cef5a,47dec510,a2281cf4,dca2747f,70d15ff9,d7005e42,8b877d71,12639088,d0998a10,7061c65c,52b01817,94cddf47,550fe731,599a92c5,46e0050c,69562eb7,4b153028,718c4c91,dcff2e81,7bc2cf2e,48ace9f3,2f49b6cf,788d796f,bc3a07fb,20ed2f60,a89a1f2b,18667933,1a6bd6fe,78693bdf,180b61b6,2e141788
// INPUT: 0@41 tensor<72xi32> hex:cb442d22,684b81a8,02c52f33,1ad26bda,adf57cf7,f55a43c2,338566df,3c51d183,934f3ea0,7a834bd5,349fe67d,8c9c8f4f,834ddf20,03058d28,917c1dc7,8227e073,ba56c638,7f20f4d7,4eef8fa7,29f6f822,2235c33e,861d4845,e1c75911,a5f6c485,f04e557a,9af07e16,b095a634,59df00e2,a6f5c9e5,690d442f,a741020f,2dcf6ad3,45028fae,26458522,fa05c940,115b5977,9870b740,90a615c5,76321fce,358a63d1,0fa59538,ea1b2f2a,0365178d,b5801374,e24aed47,c7a70d53,8947a370,bab1a077,c061dc04,a958b6b0,a511d27f,b5a4ca1d,a63ca8c8,7f9c0a42,afab0e55,fa0e97bf,b0e2e5a9,4b0b5da7,b0ecb749,81bb676e,54a7d5c1,547a5cb8,42e94da7,39b38e8e,656a8b04,b7b13414,992b5f7b,325014a0,91af55fe,427c5861,160ee049,f794d933
// INPUT: 0@42 tensor<72xi32> hex:9873d0ab,136eedc0,8db63d1d,f33a8815,e9e849eb,504bf50f,6b6f972f,9800eb81,33eb3668,79ecdab8,c5163b6c,2ebc10c6,da8d2f18,d9986e9b,9a8a0348,b4329478,4c00e2a6,365cdfea,10f814dc,99ddacef,cf899cc3,422b4dc4,9841a7cf,da1ddad5,ed61a1bd,a52ba61c,dda370b1,3e6ad262,226b79d6,5811cdd1,83f65960,9d92bd65,43e74484,47b5bbf4,c56c9397,e21b6d01,e9775e4b,5adf2666,e6b87d91,c6ecc8bd,71c7ca8c,b1ebe993,18bf9d37,c72f29a9,aee3e02a,e58fb91d,567b5c8e,7ce8e7f3,637fff4a,55f40141,a625728f,82129b49,e53ac443,0b2e4edd,b3af1c31,386c9593,8eb149b8,70167ff2,b4003726,178030b0,52d5e558,9188c51a,f23b38a2,889c8f97,c36ae680,efb79c60,5e365d83,f375c739,87a91264,4ff701f6,fb9bf3df,906f67e8
// INPUT: 0@43 tensor<72xi32> hex:47a85afb,1a2874e7,f0330b29,9bf752e8,4e847da2,90da8c42,65aa4112,348a9db1,fa554a39,61144352,89e3ff57,7364875e,616ce8dc,a8c256df,3d94d68b,4988c1c5,fd580010,047df152,c23444d7,bae53894,90a3c184,09084228,804e4d53,346e9a52,d9bf6ee1,c6b0f4db,8c9e6b82,5978b769,86e08cc2,5b4cedee,d920ddd8,5c360a21,44f739f7,90bd12db,da47fd4f,2076c5df,a7f59f8d,0357c2ca,11a1db68,e7b1c777,cf19f34f,3752a990,36ab98d8,b4d19bbc,999e1d2c,4e1516d1,80706205,2f058917,8332c9d2,7384f4ee,61de99e2,4a992ee0,f681ccc7,a822fbfc,ede6e63e,73da02c8,1b2002eb,878dc792,56fb3088,2832a9a9,53c78ef5,a7b05572,2dbfb7cb,fdca75d5,a7556ac0,a4849d5a,4aae9055,5a7e844c,ea04fb12,845774ab,20d524a1,77c55339
// INPUT: 0@44 tensor<72xi32> hex:49f8d9b7,d1402b09,3c099b1c,7cf85ad8,77dc7137,2ca8082b,209950a6,42a33b05,b7fca123,db8e5390,e96117e9,9b5e546c,c30ec350,8884b458,3943c922,81c08898,b86b2630,9e2ebd7a,4e227747,1769591e,01bbdede,d249f7d6,ff29322a,0d1a45d9,a87cdff3,d9f5abfa,c676eb8a,55fb32f8,ade64770,d8f96286,f1de6bb0,015482be,c92b868f,184c422b,6b1e0e8a,30e4acfb,7323ec2e,ffa2ab7d,adc02395,aa93f121,ff0c8568,c22eaae5,83262c02,34d5b978,0e3987b5,3a57d9fd,b891a18d,5e34d0b0,a0d0abd0,496cc3c0,4828a066,ddb41d21,7834a584,c5bef80f,e248c45e,57c36fc7,bed780cd,5bda8d72,d4bae097,f627dc9f,f6f87323,63bb69ea,22835f17,2c968fc5,766fd8ac,7586dd86,13378d2e,7d1c0e32,0e9ed907,2f16c76c,e7ee17e0,fd4e0db9
// INPUT: 0@45 tensor<72xi32> hex:09cd891a,dcf4d4f1,de26ce02,8198e281,ee290763,18e7c323,4a07e91b,6528e4d7,21b79489,e322c60b,f14afa9e,02d63bed,15ed08a4,22e66521,f2271bb4,0aacb0a6,2560e699,dd9a2f5e,9625b20d,f83da732,e71c19ac,a4b6eba7,d6b516cc,8fa9ec92,8ad82fb4,127209a5,9a1f348a,da350a8e,b5482dd0,7400f686,32af6ca5,2a3985c0,8f0c4f49,bec44cee,0a10e5aa,4db31696,2a2bef16,5c29e6d8,3fbf4621,4cbb516f,eb7e2f1b,423535e4,45c35114,74b87110,c92ced8d,dd59bbc4,98ce9634,3f7936dd,1d75b116,c5b511a4,967b3a07,338dfbe2,0d1a44fd,c7ddbff6,b2615486,864ecd77,40482286,af77fa94,a34492f5,12347e1c,128f0f58,88886f6c,7e24f062,cedab45b,debfcc86,b5bad900,f43d156f,67d52454,095a37e7,317d44fb,08af8cbe,adc152b2
// INPUT: 0@46 tensor<72xi32> hex:20e4fd74,93f3ec73,9546d8a5,cbf7a28c,3d6df58b,01b3913e,ef5d2fe9,4eee13a5,19f933d1,a9e73dcf,8ceec417,a0f6b17e,7750c004,17ca7aa5,f4b5f9cc,a6c2df31,4b816ac5,030f2a40,f1b993fe,344071fa,cf508e78,ea9b098b,ce980f33,35efcafc,02bc88bd,40cb8b75,01317888,1c8bd592,c6704a23,0d1174db,773fb400,a3c88966,deee89fc,d5e5e1e8,d543f2b9,62de895d,26609052,65e62461,b60b6b2f,ca34b545,a5063da6,d53879d9,0a122cb3,16d813a9,9ad007db,517a3a66,6999b338,1aa4e275,a185d6ce,1be339db,78c12da8,d7cf59a5,7dd9d637,2f536db3,5c47b0a0,aef91934,5ba94fa7,5dc012ec,ae7a3400,1205f2b7,f5a9d61b,9eebab62,6d109913,8f41c04e,d15decb7,a4d563db,c8bf4c7c,6ca20902,c6c5f183,d949cbad,61232e95,f6769ec4
// INPUT: 0@47 tensor<72xi32> hex:a663bab6,3dfeedd3,16b0c13c,79fe214c,faa9fd15,ca1eba63,5f9e9d1b,cab9b928,8f469583,9c37b9df,05884800,abc79116,17d4f518,344e28ae,7a408f67,857559a3,be3c361a,02543124,f107f342,2998cada,89f245ea,9454ceee,5f0f6c62,3c89461a,57320700,9a1bafbc,1083383e,efa4d703,da364897,1e2f0a46,f661663e,9ab8677f,e6cde0fe,3cf3d1b5,5a5d6613,f4c4b4dc,85802129,74187c8d,8502e710,29ee535e,ff22ddb1,b64b35d9,f11d9955,48bf650a,c94ff060,ca5a7689,e0590d7d,a54addd1,c21db358,00f8951c,0f4cf490,fe82ef51,4a6f278b,8238bc31,b2eca609,7dae6d51,1a3c74a0,5dab80f7,01a88347,314e16b6,3751da1b,dcc083f3,fbecda1a,c7a238a1,b1ab0ae4,70479ccb,bf2d1b2a,33c14413,93c677d8,373776d4,ede43519,c768c2bb
// INPUT: 0@48 tensor<72xi32> hex:fa6f7d58,91d05020,0dd1e642,70276de2,f1309b86,a0aa6469,a8e584cc,c9f66d62,84bd9fc9,281c90f9,1f90612b,2a457475,652d76e6,bd4ab6b6,5eb6e7fc,8f9fd2f7,15a58bd0,ba0a5d57,8d0d0320,bb2c7859,59cbc209,b4506d4b,64c26c00,8c889c45,026381d9,8d8cde3e,7cf91f12,925eb5b6,86727f25,200f1600,a0dfc32c,270ca885,b4c25579,5f2dc996,4310a73f,38dbb90a,870756a5,fa346b6d,3e554cb3,e4217682,39308860,49b902de,cdc03497,077e1a61,eaa6927d,55ffe136,e00f7cf6,91e795d3,09f1e131,24db76e2,46ee2cec,97b61a1d,aa1d2e46,700bc06b,f88ad7a7,4a0d8d36,2b13baca,92dfd9db,f7301c5c,d1c6533b,979bfbb1,f5433d46,871a0bc8,8fd52e40,4acb13b5,c5ab54e0,34d5b8cb,250c94c6,18c00414,d62fc25d,bc35c5f8,133fa0c8
// INPUT: 0@49 tensor<72xi32> hex:a5277a29,9f2a2d77,51dce07a,05cb6d61,9ba7253b,fd2a4bb2,c0eacfc9,152a5408,05a7c40a,2842e23e,add389c0,46bfcfe5,28b96856,30ee2666,26b27e97,f92c0cd8,a0b5d17e,29820906,efb35784,0e7761d3,a843f85a,4c880c34,ba5a8ea5,713cd8fc,9544f596,b4e27f48,d78848e8,16fcd1b7,26070523,8b3e00ce,2a7fa500,8beab1cb,da49e45a,2ee45012,4799b802,5dffa250,f1a75275,1307f2ab,ac165608,dcbf4ce0,9eacbb71,bad2c15c,0b6c6ed8,bd4125da,68117f04,383334f5,09643388,0c3c9bff,4b6b550c,0dcb3de7,5a06dd87,b5ec1395,266d69ad,0a12c09f,68d635e6,0bbb8024,4493093f,d9436c43,3f7c0750,e2809cd5,2de53a99,af5cb445,12f9e887,868a5566,24cc04bf,fd78505e,358c0ddd,0a68f696,94506c65,9316f40c,3af16af5,30e34200
// INPUT: 0@50 tensor<72xi32> hex:866c080e,8a661b0a,af4b7442,84c5a35d,06bb706c,d840b59f,e5824a16,9b842d13,5c9a75ec,8d86b89c,be4f1e5b,dcd3796c,aa2e2eea,a9a1ea3e,bd0a0704,0180b9f1,7ce263e1,076617e9,e83df62f,dad84c88,face6c6e,1550538a,98b2966f,464da938,3e7a13d7,9468d079,42febdf7,0cf92577,0f68f5f2,625334d0,51267053,789c38b8,b5e141e6,a5f311b0,801c09d5,39b0a7b8,3ef4a25b,3b8091e1,dd562bd3,42e2eca8,0536985f,efbc90cc,c6d801e3,11c93825,58c1ab20,fee2f1f9,b868f90d,a567528a,f0c1ec88,99f73700,cf652867,1134a565,ab93a0bd,2d095658,74fc6aaf,1fe6c722,dedf5064,45c81515,1731dbd1,aa541a24,bc0faa31,7f853c74,2b6f64a1,305aa144,f24df829,31415db2,ade60687,a2615121,522b29b3,6a4abd35,9378afcf,dee73b8a
// INPUT: 0@51 tensor<72xi32> hex:2ca1596c,fb90c3eb,243ff9b8,4e8519b2,1ba0ffb8,0ca9c6b3,36c9a95c,46e226e8,f792a001,c9ba3ed6,4c992b35,06577a71,ba94c63a,6ec5120d,d3e38ded,c0e979b3,df9e6f37,7faa4ee8,644aaf15,b142b9b5,47f54774,d9564ea8,b429963c,8dac3bd7,18946cce,37c0ba15,0df30d23,6ee6b7ab,fc4641cc,cb5e32e6,459172f9,951179ee,a20e6907,17df9355,3747c9fa,2d1d6686,5c77cc54,7584d6cb,dbb75d96,dc157d5f,fe9aaca7,03f1ce2c,52e7956c,39d0ffa4,da4d2968,b54d3eaa,3bee9761,13beb090,8a0a8f64,f9109fe2,8abbbb66,8897ab6c,c98f400e,18b4951c,43fc3a70,02a9bb8f,96c7c0d1,8bf5d1c4,7500b101,8f8e710c,2bc201b3,fe51236c,f6422f1a,ef192cd0,fb278dd6,f2c4a5fe,8362d54b,6340e72d,d16632e6,c6a1e751,bdb7c2da,bebdef63
// INPUT: 0@52 tensor<72xi32> hex:459dfa9e,514398d0,49d71914,ab691b63,fde98dc2,d95040e6,eb1b558a,dce59811,978328fa,f67dcb0a,d38e0ee1,ce10b8ea,85ebe9e1,f3de4991,81aa1303,1c83aa79,2aedc743,30e52f8a,4e6f719e,ed519acb,e7ad5fc3,9615576d,78cc0863,5b1f01b5,0f172b4b,dc39d9b9,b8dd1b77,eac054a3,c02f07af,f0ad232a,f50b84c4,e4c9bdce,69aa407c,d9c37ec2,eb7b2781,478efa81,c887ce6b,4899911c,7f002e94,16cf30cd,3ce4ea26,e787d2f6,77fcb5ed,a5ad1c84,18e572c4,cd70c03a,f97e1f38,a2c0a9a4,916bd67f,7ca4b932,1ae62b72,a45c47b7,41b3f016,93f73435,f1248723,96dcc773,8ed104f8,45abe368,5042b9dc,ffc5db68,fb980b74,d95a2803,3a55f860,c11c38cc,d6cb81e4,4716bcef,4a54806f,2532ef93,a69bb100,efeac31c,b0ab752c,41652d87
// INPUT: 0@53 tensor<72xi32> hex:410611c6,f0ae9689,ca6b5a9b,1c07289f,97a05fd0,2291b778,954e55a6,e69198c2,09c3855a,a75aae0d,6e9fe07f,e09ebe69,7f415dd3,68132102,33d63d5a,6cb77883,4197c759,ab0c0573,995a7067,9e474609,07fcf4d3,968759ee,836bc362,c2525d85,505db161,5785cb55,a0a822b1,02c2efba,e2f1bb8b,3d24d63f,baef44a5,ad42cb1f,b0a7fa9d,1f13ace8,335fc1fb,08d0b08d,0db6c640,fd013868,8d484447,a21efcff,eaad4dfd,b78bded7,cdaefa9d,bbbace17,b030bd41,4522d10e,8c149da3,378417a4,4c2be841,98369bbe,c476e155,58294a90,6e07caad,a363cdc1,a813cb6f,b9e04328,de5995e6,93ee562e,49ff587e,38e1923e,374e3dba,261bc919,08571d52,1d59d363,6669d622,4355196c,17d96439,a4cb6520,916d28ff,ff5318a4,ed968c68,1bcc4ea3
// INPUT: 0@54 tensor<72xi32> hex:185b94d2,1c0eb194,babf8dcc,7a0bdd4a,4126433d,5d9e80dc,b9f9cd79,9c2466dd,80d46f2f,44a8b51a,f6aa39ce,f2410bd6,6c1d5fb1,5d9b889e,f63f3af7,0720bbb1,619b8232,593c9c1c,3956b19e,85f8886f,912abca8,d1578275,0c82e07b,5628b191,cf8b06e4,4e0c46f3,d534c933,24213d08,e291f838,75edb871,fcec7671,24547cfd,77ce233e,152b057f,839822c4,91b12545,4847bc2c,f2a7880e,5928d2d5,00c2ccbe,08a79cbc,1276fcd8,0367c6d2,0b642d01,ed8615eb,b48a61ec,3d7bc8e2,78522ebe,c2b01c15,d5f12681,fd183f7e,f3cb4ba5,b75a0a7a,0e30c0d2,b9a9588c,b878696b,39f8006d,be3a089e,d13cf98c,e0b9950d,96feb9be,8f33bbb1,d559e04b,7511dead,69a65793,139bab32,58022ac2,1e70cca8,82125c48,e3050b88,b4306c84,e1d63ecf
// INPUT: 0@55 tensor<72xi32> hex:0620fcb7,f9d2dbc4,0a92cc2e,886900ba,7e656ae7,4d7dafb0,ba8480c2,6f379c4d,b1e2a555,b6a69eee,1c4fe56d,f5a3bb03,ffc70f9f,e966536f,285a551c,b0797ce5,69c92af7,8654f7f7,5574e5c9,a9ebbf09,555f5449,a832ed07,ffea2b4e,b66f3ffe,8db1ff3e,9e0c8900,136f6167,27b40b7f,bb94733a,3ea3db6c,84d68da8,e840e552,0642ea3f,ff958ebf,0409ab41,e3f36f59,bba39fe6,2025d0f1,3800dddb,16d6bd92,9df7582c,bedf4c14,3451124a,df91b8ad,363d614c,2d36b2b2,ed6709ce,28d5f6a3,2b1449b9,55741e8e,621c9a9c,48dcd417,3c989c2e,e4b18f72,c7beb8d4,bbe60444,e9295d5f,9592017e,186e44c9,1768d9a2,a30d799b,c773b343,1cbf1815,9219050d,ec3c81ce,d232d650,f8b502a4,4da2579d,b5c5c5f5,303194a5,79951e29,552feead
// INPUT: 0@56 tensor<72xi32> hex:55aaf8ad,bf41e17c,853c0dbb,a376a2d2,c7f79003,d9f318c5,8a1dd80e,d077f4ef,e2ea06e8,7d08b5ec,14aff86a,8e92578e,429b378d,b52bb1ae,db253f6a,0b864e89,171c085d,e8b5f5cc,9638de2f,67f57f47,d59bdeee,1d61e840,c3986fcf,cea19770,5c02c3ff,95b1ae4f,278338db,1fba7016,91e56749,bbf31df0,97919320,38d6822e,a93e9481,17e4d78e,3ee565e3,fc30f9a2,dc258e1b,cc0b5783,1d6316b8,dbc45b83,fa85716c,54f0f257,e3752b31,6bdea711,9ccd2504,6ad28b88,c061dccc,e26583d7,862333cb,4a7fcd40,f4f6d641,6c1dcd4c,49d81111,b1ac0645,e91cf2bd,0ccbb66b,b0debeeb,9ff025ea,3b69ade8,2b764804,c2f47f5f,4ae75c40,ab0bb4ac,e469ee3b,6d478119,f599ae2e,23050357,ba9801f5,1ad98784,d5468a3a,57ad22b0,d080876b
// INPUT: 0@57 tensor<72xi32> hex:fd9b3c5f,d4ca1465,fdb6ac35,c660dee1,7bc8a639,c0b89676,9710f606,0696a421,2ab2b7c2,f44d9e53,1cf794bb,da718b7d,8d23141d,4168f673,b119b395,8db95df7,b5cab7ca,a015d2d9,92768513,964fd8e1,baecb233,51e415ad,8fa8f695,7174df6f,81984275,2ffe9d30,805fdb8e,43b662ed,10cac390,1957f0cc,cf484d83,ef7b5bfb,c4f96883,952f9b04,d00164d9,6fed627e,0a14a975,1cd655c9,dd18648d,db3fdcf1,74382099,a2d066fc,46cb76f2,d48485a8,37cd801b,6fd20e41,2cfa55d7,d842a8cc,cc8687aa,af4f7fd4,b9a8853f,2f32e469,d0733345,edeb9e1e,1859feac,91d1d2cd,b88642d2,e622ec0f,cd3bf79f,0f43f76a,95ee02d6,4ba31612,56c55bfb,4f59d99b,e1eacf9a,9c6490a0,f84e1a4b,e14fcb85,7b55a07d,ae834f77,aab60008,45d8c657
// INPUT: 0@58 tensor<72xi32> hex:2d5e0b50,e60f1b22,5d7757a5,a5068f5f,c04f7eb2,443f8955,06d89273,b8780bff,c3fe4e44,f396e2f8,0aa4bef5,53d3c277,3da00d78,4cc6d9e9,79a24c76,a8b4ac70,f71c8bc1,816f326c,f0a6412e,2d576e89,580de295,5b1e044b,7b4e184f,c44ce180,15c28e30,e9b4b3d5,bff14191,04d611f4,e8f68514,65996c99,cddbcb43,9713f161,7db95955,b8222a55,0896ddb6,9c1668bd,3b5b687b,8064c4ca,5a416211,6891dd74,28801d50,c0777678,97419671,5dd74c98,f13fa208,fd4053b2,da3b116b,57bc92e4,51bd561b,5e3fd199,bd0eb69e,0919a691,9e88a500,07010c4e,017571be,c2067772,605360a0,0498323f,50bbffdf,497d5e0c,b5c0a7a9,4a57a12c,28d339b7,f9c772d3,8e5d0af7,2caa994d,e94d0c37,1e4c6094,0a880084,130ed079,8d080fbf,8b95261b
// INPUT: 0@59 tensor<72xi32> hex:7fed8bc3,6ae161df,54365d9e,8ff4752d,254096a0,763ce6a3,cfbdf89a,ee13fb3b,4e1db9b5,c6ddeb59,af2e2baa,134f127a,11d80b6a,3eb4b74e,1f14643f,3af97d3e,f6a76d09,b90d2232,ee1163b8,d3113553,92f332ff,f9131e09,b0f62546,1a1b78bc,33d11f6e,b9524ce2,fb2792f0,2bb4ed5c,d35ed558,6f6cb7da,b3ae5e48,179eac37,a927e060,66e91df2,e6f7c13b,18b683da,02bb1046,c158da06,420909fb,40daaaab,0478b729,992b6917,2dc042b5,002a3bb2,6e421852,be0c7e0a,a62d5e6a,bee1a06a,63c29080,f6f74b2e,9a492025,017ccf43,4e148d8b,083e8ad5,698860e1,52b5c4e5,3cad7692,db7f7190,8b313624,7ed67d94,ad93dea8,24eef9a6,77738685,478da726,0261dd57,056a350c,b29521e7,71ddb183,f284bf96,80e84113,c75bfe59,7cdb5871
// INPUT: 0@60 tensor<72xi32> hex:7cf1d560,bdb56a92,c925edaf,d73a9918,cc9ba7d0,334e1c52,4747d63b,109c9779,60452022,f368ba44,e20bfdac,95efb2bc,475b84eb,78aecf0c,e624c3c8,04ae6721,a422b0b8,e0a4caf4,d5bba168,2fad0c49,dcfd450e,f3fb80b3,c42dbca7,f4946cb7,e56f9724,4f62f341,7e8bef5d,4e20684d,9c4573d7,40ca1fa3,cf03fab8,75b74f56,611a7ba7,0ded38cf,083f7465,fa5cdb41,db167c4d,dd663a41,0bf24c70,21bfa355,d584ae8e,a27b7676,cdf8b279,7f3cda00,fcefc5a1,7f6e5ba5,ae0adf4a,b878b2ec,072413f6,e139ed19,dbfb39a9,b076ff40,d4f12390,68b4c618,aef0b3d5,ad7b8d8e,695fe362,2a31f9cc,7d3d17de,cc30fffb,7298d571,24306226,335709f4,d900a4a5,f594023f,cc6428ac,3dfe5104,1d2c5bf6,d3080144,9154acdd,aaafbd8c,5a5a8e03
// INPUT: 0@61 tensor<72xi32> hex:d7b753c1,84accfc6,527f2a78,735ca260,95a06b5a,1256fd50,9ebb2c8b,d309deca,3d009eec,80cea336,b8d730b8,0244cefb,ac787af3,391e9b89,8aee1876,ab1ecb68,94fbc030,c148a239,20a1bf85,f1cce896,d7199eff,cffc88a7,d88947f2,d8427efc,df4da299,2fec64ca,7f23b860,dc147d70,e5efd4d5,aa7ab343,7a9adb13,f40ad80e,67f9953a,19d6dd27,9910a892,e90188e4,4b0d672a,e6dffac0,d120f356,8e09b9f9,e28331f0,0e170bc8,21139242,668ee1e2,1184a801,86cc7ccb,8310f3d9,cebccff1,2f4f7fa2,d540fad4,9542fa79,e6d5672d,384dafa2,b8ae8df8,28537e22,9d11e618,6c1b7a14,e5738260,1f92589d,c1378e99,85e65602,044adaa3,78103123,8a1a8279,58a09b8f,127d9d1a,80747373,e85c1d30,07310bc1,1c999869,c8b97ebe,8a6f72eb
// INPUT: 0@62 tensor<72xi32> hex:a478eaf2,019679e1,df10d644,dd2a9121,12ecab0c,7aabd2b2,f4b8eb6d,6bd225ce,a5d4a75a,e6fd619c,1f49c35e,2920a5d0,c775ef84,70f89eac,641fa5ba,2ce1ce86,4384a73c,eb9eebe9,c17c13df,e8bfbf7c,3e6d5a9e,ab2228ee,a87a67ed,e7d6486c,ec6c9457,ce04909e,b78483d7,d4fd59d3,aecc397f,2aa4dc82,d51672d4,26503438,d1e34188,72b182d9,02d02038,4f56cb58,19af3e1f,1f02c1d2,f6a05081,47d5b338,31f0411e,728c8741,8c4fc8ce,819b8244,cfeb7606,290648e9,bc7b62b7,72fa3339,91c2a0f9,76fa2f4a,b005fc17,6c256bc6,63c471b6,148c95eb,1fd3cccb,3dae7506,34e1df52,1ec1059c,72608a7a,cf533ffc,74432e06,f04b08db,30356c2b,167ae9d7,fd4b354b,49ac2e79,7e53e3da,fe32aded,6bdf4cee,109fef82,7e72f684,1ff72030
// INPUT: 0@63 tensor<72xi32> hex:e2ec29a2,460f100e,36e62d00,13a0cbae,d6516998,908a713f,d24c78d5,1e951cfe,42f52f55,6de65ca4,411df691,7ee5b227,bc1b3021,ce8e308f,fb714c51,97844621,b0b36485,7ad6f27f,aa1ec6ca,661d410b,91d8602b,e69335db,c302c44e,b7fe0331,3063a6ad,55d8206f,150bb117,91381ab1,abfcebff,6fcc6785,caad4968,47f7aeff,d62ce220,ab7e7ac0,bd443041,3643238b,c61e3c60,6dfbf2f5,acacded4,12ea538e,701b34e6,acec1d09,6ad62385,c334bcde,21231d95,3d1e6e9e,46dc1a30,dfcc2521,27fe4013,4c0fef25,8dc17c36,e0bb716d,dc5242fd,20aca32c,f611b36a,250e90f7,05d7f9be,b19eb90e,a9332c86,75771ae1,615eecd6,23d7c3cf,67e8ee55,5d5df694,4929d377,1fc6e819,44b02b89,98a11686,1c048b75,17826d87,bb1220b0,85b08fc8
// INPUT: 0@64 tensor<72xi32> hex:7e4286b5,4eaf6e37,266c6dbf,f40b6c5e,82ec767b,94310a25,f028f6f3,18dd6a77,67e73575,1218b85c,5334596d,ae508f69,f5ae03ef,5687a944,92264823,248c0e01,9bc060e0,3b310484,5f91813b,e5cffb90,a0ef73d9,443ae19a,01cf2730,9b9266a1,f9c71bc0,514239d4,001b2cc8,688c8bb8,2dce37b9,dcde4dfc,c6282b1e,a7afa78b,eb76ed40,6f83b6fb,fe83dfd7,2c86632b,fd328c1f,da30063e,7ad7a31a,6b61388d,5e7d2bc5,e8a8e682,06c6b939,fed9f0b6,b84fba5e,de4dd1c7,aa9f5f29,0a1e8d04,80f4e0fe,338a8504,da76f5cd,472160b7,4f18af23,c50e0e4a,4a474b5f,231e8c63,c6ecc9af,b69778ad,0946956e,e9a9600d,3a56ced3,49a33971,4cf786fb,9224461f,82b398d9,1af17754,76611f63,38293ea2,512ff421,d21b53f5,9a58cb27,2ee5979a
// INPUT: 0@65 tensor<72xi32> hex:d6c97909,5d3e2391,7ffc44be,dc8df64d,adcc40fc,7e9228d7,cd119de5,9fb5267c,349f58f2,334c9412,b23bcb1c,dc57313d,1b0cf1db,2e6cc510,79fcd06c,498c5b22,ded1ed84,3a6774a1,559f7269,d3bada84,f6fae905,40342a68,07d5cb83,50f6a41a,262fdc5b,9dc8c841,fd13819b,5249e76f,98efb55a,6075fb84,2b05779f,20a3e851,a4e80dd2,fb9410e7,deed0d43,473e71fb,9de6a3d4,16d8ca1f,5a9e4510,9b8d528c,9583d8ac,90ac6807,2acd8798,cf280e43,2ed277fa,6eb98135,ccf8e11b,9215a67a,bafee0d1,9949489c,b8749e86,16da343c,71938093,da6dd686,a989a687,918e5c28,d5ad2ae0,c495159a,908366f0,bf05a5cb,b70d8a28,7c834550,36d5b540,9e0a7f98,ebf0ad7d,d1766386,f4f71120,5bab32dd,f6e31b96,8b83fb4f,39966862,064921b9
// INPUT: 0@66 tensor<72xi32> hex:58892481,7bd6acc9,dfb4ce62,896e3c83,2b3f3f87,8f593162,b9c12a8d,7caa9751,804b44e2,befe1753,6680e56d,675820cf,7cd2de5a,b3cb3e6d,f26022c0,6599d130,5f9ebc6d,7f78ef25,09ab8b18,ea632740,32214809,40059852,844764b4,a3c41ac5,90457b5b,3147752f,8dac2574,9745b15f,c4df8d6e,515e0fde,d095d300,0fe75534,201b2a56,744ad75a,5b3ada96,9b65398d,4a9801a4,392806e3,77bce087,04c06f7d,571101a5,fcb6a6de,64a1d95b,30d1b8e9,c33d904d,2e2898bf,27ddb0a0,d3a4b139,766615af,8bbb46fc,56fef652,dd9720a2,5dacaf88,88af4124,38e3a874,56c240c4,1e72079d,e2a59684,e119d9b6,07a91c1e,3000395f,85bd06a9,113ee446,e08f45c0,0fe63126,e51e0cc7,19f2ac4b,a5cd0ef7,195f0cb6,cf57c41d,5e1c1954,8d99f8c0
// INPUT: 0@67 tensor<72xi32> hex:5995a528,4260f519,eccb4b60,c786acde,049c659f,d6af79bd,a3ab3669,b84f8ac1,55107070,16f79892,4e4d884b,b676e848,58f29dbf,163aa710,42974dff,fcb8363b,9e47baca,ed2471f1,df340ec7,4fb43e8b,829466a6,a3d66653,72424725,2bcadca4,44e280dd,4525bea7,1fc6dfc5,8c902510,bb82e62d,6786800b,c0accf5c,8a4e3550,8b9f7126,dcb788dc,384d8947,68dfeba8,6b35f202,267d9438,6879f747,8f27b473,360b7fbd,51d3c4dd,1453e1d3,e8149862,99c2d6ec,5fbfeae1,d4c49d0e,fda4953d,a85d5879,faf356a3,327123e6,dd8ab74a,55a2c80a,db5a1de2,ffba34a8,28bc4d03,fdfdb95f,a7342422,f9bdfb3c,01b2563d,238f9788,8f339452,74fb891e,4d647858,9b6d7e07,c6a2e02b,a0fec267,f752e63c,29544d3e,cd721ea2,be1a7b90,5b45c73a
// INPUT: 0@68 tensor<72xi32> hex:58df419d,24c71c79,53546887,2a03315c,1d45dc73,5893983f,2e281a22,66702ec4,7513876f,d7c7e2dd,93f5731e,9ad5f4f3,d5134c74,c7e9d66d,d2dec1af,76f9b0c5,712ff1bc,08f9ca05,afd4b85f,162d2c2c,e294b24f,2eeee1d7,a7f67140,7e41efd8,4c9be158,d3a3a11a,69197720,f7a3b94d,d0a992f3,ca12ad43,bec22f4e,2f601448,0bb7f9e5,65cd291f,d55ee8e7,45286026,afdc619c,25624bb7,96c51215,9d114bdf,1dbe834f,e141d5bb,b1c7ab10,72f1c947,a8d76f79,e5254ced,89e54d4a,a191e499,eb271ece,7a8bf9fa,8a13805c,ab7e185d,64e80f7e,1021cfdf,ec48b99b,3c081fe8,0947f532,e8184129,1368685a,8eb13a26,868d3775,3fe55ff0,e803c574,bc67f384,3aab9c7f,dcc04a65,47ecf5d2,024c0af7,64c7aa72,fc042c5f,9280cac1,80f546f0
// INPUT: 0@69 tensor<72xi32> hex:48880f80,17a1f651,576dad02,152585e6,ee29ff82,99b3c628,4de2b6de,72a35fbe,ebaebb44,d3298e04,4fdf889d,cad06716,50df0b71,be0b13e6,c5e04cd3,fcad967c,03571480,0b129763,4720d18a,0cafb2d9,64ae9631,8d1bb2de,065ee676,9dfcbbbf,0f216aa8,db105a29,65816b25,79a0f5ee,76aa3e06,2e177e48,1a765840,613de269,d454cdac,1a45914d,15ba8d20,eae5bc9d,bb2c4be8,0efe8291,8fce8dd7,8653f54c,3f94e7cc,cabb0b49,d43dbfe6,ddf2f289,f5841049,bb510d2d,b8093bc5,497af0a4,583628ac,84cc04e2,1c50f6d3,c31beee2,e03ac2e4,de3204c5,b2c0b053,df93f7e2,949ebc08,6266f6c3,5e01f540,615f1f7e,45eb2ab9,5e4dbafb,e0975110,56f95d27,f90916ad,dea1bf1d,7a04ebaf,9b7e57c6,3940285d,1ef57305,cb4a7a53,6629bbfa
// INPUT: 0@70 tensor<72xi32> hex:4ed99f31,c896e13e,227fd390,f6d0f20e,01470ed1,c2b0f359,fcc20b8e,a8f798b0,5dd8829c,8a3c9df9,da124e33,3d12efd9,ebbf4c76,653ba57a,ecbd0f1d,e59747ae,f43d46ff,908eeb82,79622aa9,d84dab72,b6d967fe,16d13284,4787f4c7,404f1551,0dfc1013,06a47679,9047555e,578ebf0b,ff715c78,a39b3d3e,6b8a496c,7998e35b,2ea15912,a8f6a48a,7eb6f0de,bcfe174e,b9859c22,e4d7a8a2,b147f4b2,65919ac5,e9c101ff,29636508,16bbc7cc,c3dc5594,bd6ba4b9,19970c2a,26598b64,655e0ead,3b24f2f6,b9f35076,c0100f00,74d06873,906cfa1b,ad291658,74dbc84d,881bb633,81ef6b87,5966d353,5642aac0,95b6a6d2,d9265c20,f3d69161,28a3d9ed,8dfb599a,bbe2f040,da06f96c,9f48ad5c,24d9c1c8,6711e328,67d72f66,1212e660,b3525b75
// INPUT: 0@71 tensor<72xi32> hex:1729ecf6,4a1cc748,9cf96878,c6173406,a576724d,d3f0127c,15e314c1,11391225,1a562bf6,dd4b6990,2e33207f,9ea97ead,7e4da7f7,0617fb99,926595b6,d6c46f37,1f5a1c6f,95e0bfe7,9f5236a8,272584b0,41a23dfd,50ef5ab2,376d192e,0dcb8cdb,ea171a6f,1e1a2081,6c3dc173,d76ce266,f24e7e02,1aaae4a0,842717af,dc7799df,abd8c7eb,d3453634,626e0c3c,bbce98ff,05e73abb,bfcf3d33,b58847bc,46a2c27a,db251dd6,9d4f50c7,387a39c9,2e7c2c33,9a564c69,a53afdaf,b01f6f0a,35d070af,ad896073,4c273cba,daf0dc4a,f40ee047,06252bfd,c8d0d3ad,264ac75f,b46d901b,97ed1570,2653465a,c06ac22a,2750bc06,fb22efe5,3fd048dd,c51ff9ad,8dbd707c,de41868f,bec907ed,2a6a2cae,49b7da76,e107af71,2940dd0b,b216a300,e28bfb20
// EXPECT: 0@0 tensor<1xi32> hex:5caa36b9
// EXPECT: 0@1 tensor<1xi32> hex:8c6e7a90
// EXPECT: 0@2 tensor<1xi32> hex:5aadc095
// EXPECT: 0@3 tensor<1xi32> hex:4b54f515
// EXPECT: 0@4 tensor<1xi32> hex:15601587
// EXPECT: 0@5 tensor<1xi32> hex:16856a09
// EXPECT: 0@6 tensor<1xi32> hex:6e79432a
// EXPECT: 0@7 tensor<1xi32> hex:feefe3d7
// EXPECT: 0@8 tensor<1xi32> hex:3945be06
// EXPECT: 0@9 tensor<1xi32> hex:c283be22
// EXPECT: 0@10 tensor<1xi32> hex:56d864b8
// EXPECT: 0@11 tensor<1xi32> hex:6babea21
// EXPECT: 0@12 tensor<1xi32> hex:870e06cb
// EXPECT: 0@13 tensor<1xi32> hex:6f1f5db3
// EXPECT: 0@14 tensor<1xi32> hex:79de5e8f
// EXPECT: 0@15 tensor<1xi32> hex:6c6997c4
// EXPECT: 0@16 tensor<1xi32> hex:054eb5d9
// EXPECT: 0@17 tensor<1xi32> hex:bc1fed3c
// EXPECT: 0@18 tensor<1xi32> hex:ee2c9464
// EXPECT: 0@19 tensor<1xi32> hex:ce180c2b
// EXPECT: 0@20 tensor<1xi32> hex:77a5ee7d
// EXPECT: 0@21 tensor<1xi32> hex:3c8df64e
// EXPECT: 0@22 tensor<1xi32> hex:0c5ea403
// EXPECT: 0@23 tensor<1xi32> hex:476392cb
// EXPECT: 0@24 tensor<1xi32> hex:dc7b2450
// EXPECT: 0@25 tensor<1xi32> hex:4a143ee0
// EXPECT: 0@26 tensor<1xi32> hex:95384780
// EXPECT: 0@27 tensor<1xi32> hex:427a4d0f
// EXPECT: 0@28 tensor<1xi32> hex:72ddb127
// EXPECT: 0@29 tensor<1xi32> hex:5a7cc7c1
// EXPECT: 0@30 tensor<1xi32> hex:55d351c2
// EXPECT: 0@31 tensor<1xi32> hex:c33f5212
// EXPECT: 0@32 tensor<1xi32> hex:788a5b0b
// EXPECT: 0@33 tensor<1xi32> hex:35a8f8d7
// EXPECT: 0@34 tensor<1xi32> hex:40be1b4f
// EXPECT: 0@35 tensor<1xi32> hex:ce2c725c
// EXPECT: 0@36 tensor<1xi32> hex:ccaa1c5a
// EXPECT: 0@37 tensor<1xi32> hex:cb8dd583
// EXPECT: 0@38 tensor<1xi32> hex:22c53cd0
// EXPECT: 0@39 tensor<1xi32> hex:5e1e4368
// EXPECT: 0@40 tensor<1xi32> hex:210c37f7
// EXPECT: 0@41 tensor<1xi32> hex:60112400
// EXPECT: 0@42 tensor<1xi32> hex:ed055121
// EXPECT: 0@43 tensor<1xi32> hex:a9572f7e
// EXPECT: 0@44 tensor<1xi32> hex:95e9ead0
// EXPECT: 0@45 tensor<1xi32> hex:348b4891
// EXPECT: 0@46 tensor<1xi32> hex:a93e3714
// EXPECT: 0@47 tensor<1xi32> hex:82c3a3b3
// EXPECT: 0@48 tensor<1xi32> hex:6995d186
// EXPECT: 0@49 tensor<1xi32> hex:05c14c66
// EXPECT: 0@50 tensor<1xi32> hex:3fae9c59
// EXPECT: 0@51 tensor<1xi32> hex:09c835fb
// EXPECT: 0@52 tensor<1xi32> hex:c880dfbd
// EXPECT: 0@53 tensor<1xi32> hex:53986c5d
// EXPECT: 0@54 tensor<1xi32> hex:db39cbf9
// EXPECT: 0@55 tensor<1xi32> hex:b11526b1
// EXPECT: 0@56 tensor<1xi32> hex:b5c09a16
// EXPECT: 0@57 tensor<1xi32> hex:9bdef9b7
// EXPECT: 0@58 tensor<1xi32> hex:2cd4cfb4
// EXPECT: 0@59 tensor<1xi32> hex:f1999303
// EXPECT: 0@60 tensor<1xi32> hex:0bbadd27
// EXPECT: 0@61 tensor<1xi32> hex:d0eac76c
// EXPECT: 0@62 tensor<1xi32> hex:fe9f80c9
// EXPECT: 0@63 tensor<1xi32> hex:dc03fcfb
// EXPECT: 0@64 tensor<1xi32> hex:1e99c2c7
// EXPECT: 0@65 tensor<1xi32> hex:b8349f72
// EXPECT: 0@66 tensor<1xi32> hex:8878b81f
// EXPECT: 0@67 tensor<1xi32> hex:8218e236
// EXPECT: 0@68 tensor<1xi32> hex:73e6ec35
// EXPECT: 0@69 tensor<1xi32> hex:0a971eac
// EXPECT: 0@70 tensor<1xi32> hex:9d70b1d3
// EXPECT: 0@71 tensor<1xi32> hex:85af81fa
// GENERATOR: conformance/gen/tile_collectives.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module attributes {tessera.mesh = {axes = ["dp", "tp", "pp"], shape = [4, 9, 2]}} {
  func.func @k(%x: memref<72xi32>, %y: memref<1xi32>) {
    tile.reduce_scatter %x, %y {axes = ["dp", "tp", "pp"], op = "sum"} : (memref<72xi32>, memref<1xi32>) -> ()
    return
  }
  func.func @main(%a0: tensor<72xi32>) -> tensor<1xi32> {
    %r0 = tile.launch %a0 {callee = @k, grid = [2], tiles = 4, lanes = 32} : (tensor<72xi32>) -> tensor<1xi32>
    return %r0 : tensor<1xi32>
  }
}

// -----

// CASE: send_fifo_2x4_tp_f32
// NOTE: Two messages per pair on one channel arrive in send order; group rank 0 receives nothing (zeros).
// RULE: bitexact
// REQUIRES: op=tile.launch op=tile.send op=tile.recv dtype=f32 level=tile mesh=8
// INPUT: 0@0 tensor<4xf32> hex:3ec17305,bd8b621a,c05e1e8b,bf811987
// INPUT: 0@1 tensor<4xf32> hex:c0b9f5a6,401b6ac7,40321cca,3fa1cc27
// INPUT: 0@2 tensor<4xf32> hex:3edbc7a9,bfa68c3d,c0516785,c05abb6d
// INPUT: 0@3 tensor<4xf32> hex:c05c8a96,3f8f4772,40348527,3f4175c5
// INPUT: 0@4 tensor<4xf32> hex:c006b945,bfd548a5,3f027827,be829278
// INPUT: 0@5 tensor<4xf32> hex:c05a0096,bee28481,c03be9db,c03370e1
// INPUT: 0@6 tensor<4xf32> hex:bfcb62a6,bffaaf43,c0a8d89c,3f925765
// INPUT: 0@7 tensor<4xf32> hex:3f160de5,403787e6,c0acbf9b,bed72024
// INPUT: 1@0 tensor<4xf32> hex:40695c1a,400b33dc,bfff0d96,bec22739
// INPUT: 1@1 tensor<4xf32> hex:3ec92b2e,40e93d8f,bf96d5c1,40046c6f
// INPUT: 1@2 tensor<4xf32> hex:405abf3a,c03cad4e,c005b6a6,40a19ba5
// INPUT: 1@3 tensor<4xf32> hex:bf8e94f2,c04f16a8,3f73fcca,c05ababd
// INPUT: 1@4 tensor<4xf32> hex:c0aa081f,4032c03e,405e19ee,4047666c
// INPUT: 1@5 tensor<4xf32> hex:c0631070,407f8033,4028068b,4076e1f8
// INPUT: 1@6 tensor<4xf32> hex:3e9b0581,405d71c0,4016faa3,c07bd2c1
// INPUT: 1@7 tensor<4xf32> hex:c05a0923,3fd079ba,c0a422b4,40c01e52
// EXPECT: 0@0 tensor<4xf32> hex:00000000,00000000,00000000,00000000
// EXPECT: 0@1 tensor<4xf32> hex:3ec17305,bd8b621a,c05e1e8b,bf811987
// EXPECT: 0@2 tensor<4xf32> hex:c0b9f5a6,401b6ac7,40321cca,3fa1cc27
// EXPECT: 0@3 tensor<4xf32> hex:3edbc7a9,bfa68c3d,c0516785,c05abb6d
// EXPECT: 0@4 tensor<4xf32> hex:00000000,00000000,00000000,00000000
// EXPECT: 0@5 tensor<4xf32> hex:c006b945,bfd548a5,3f027827,be829278
// EXPECT: 0@6 tensor<4xf32> hex:c05a0096,bee28481,c03be9db,c03370e1
// EXPECT: 0@7 tensor<4xf32> hex:bfcb62a6,bffaaf43,c0a8d89c,3f925765
// EXPECT: 1@0 tensor<4xf32> hex:00000000,00000000,00000000,00000000
// EXPECT: 1@1 tensor<4xf32> hex:40695c1a,400b33dc,bfff0d96,bec22739
// EXPECT: 1@2 tensor<4xf32> hex:3ec92b2e,40e93d8f,bf96d5c1,40046c6f
// EXPECT: 1@3 tensor<4xf32> hex:405abf3a,c03cad4e,c005b6a6,40a19ba5
// EXPECT: 1@4 tensor<4xf32> hex:00000000,00000000,00000000,00000000
// EXPECT: 1@5 tensor<4xf32> hex:c0aa081f,4032c03e,405e19ee,4047666c
// EXPECT: 1@6 tensor<4xf32> hex:c0631070,407f8033,4028068b,4076e1f8
// EXPECT: 1@7 tensor<4xf32> hex:3e9b0581,405d71c0,4016faa3,c07bd2c1
// GENERATOR: conformance/gen/tile_collectives.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module attributes {tessera.mesh = {axes = ["dp", "tp"], shape = [2, 4]}} {
  func.func @k(%a: memref<4xf32>, %b: memref<4xf32>, %y: memref<4xf32>, %z: memref<4xf32>) {
    tile.send %a {axes = ["tp"], pairs = [[0, 1], [1, 2], [2, 3]], channel = 3} : (memref<4xf32>) -> ()
    tile.send %b {axes = ["tp"], pairs = [[0, 1], [1, 2], [2, 3]], channel = 3} : (memref<4xf32>) -> ()
    tile.recv %y {axes = ["tp"], pairs = [[0, 1], [1, 2], [2, 3]], channel = 3} : (memref<4xf32>) -> ()
    tile.recv %z {axes = ["tp"], pairs = [[0, 1], [1, 2], [2, 3]], channel = 3} : (memref<4xf32>) -> ()
    return
  }
  func.func @main(%a0: tensor<4xf32>, %a1: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>) {
    %r0, %r1 = tile.launch %a0, %a1 {callee = @k, grid = [2], tiles = 4, lanes = 32} : (tensor<4xf32>, tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>)
    return %r0, %r1 : tensor<4xf32>, tensor<4xf32>
  }
}

// -----

// CASE: send_fifo_2x4_tp_e4m3
// NOTE: Two messages per pair on one channel arrive in send order; group rank 0 receives nothing (zeros).
// RULE: bitexact
// REQUIRES: op=tile.launch op=tile.send op=tile.recv dtype=f8E4M3FN level=tile mesh=8
// INPUT: 0@0 tensor<4xf8E4M3FN> hex:c5,c4,c4,35
// INPUT: 0@1 tensor<4xf8E4M3FN> hex:4a,35,cc,22
// INPUT: 0@2 tensor<4xf8E4M3FN> hex:25,4d,44,35
// INPUT: 0@3 tensor<4xf8E4M3FN> hex:ca,ad,4a,3b
// INPUT: 0@4 tensor<4xf8E4M3FN> hex:ac,43,46,b1
// INPUT: 0@5 tensor<4xf8E4M3FN> hex:be,31,3d,bc
// INPUT: 0@6 tensor<4xf8E4M3FN> hex:c6,42,44,30
// INPUT: 0@7 tensor<4xf8E4M3FN> hex:24,49,ba,ba
// INPUT: 1@0 tensor<4xf8E4M3FN> hex:c7,c7,46,42
// INPUT: 1@1 tensor<4xf8E4M3FN> hex:c8,3e,4c,25
// INPUT: 1@2 tensor<4xf8E4M3FN> hex:cb,41,3c,3a
// INPUT: 1@3 tensor<4xf8E4M3FN> hex:c2,42,ca,c2
// INPUT: 1@4 tensor<4xf8E4M3FN> hex:c3,bb,4a,bd
// INPUT: 1@5 tensor<4xf8E4M3FN> hex:b9,9c,b3,cd
// INPUT: 1@6 tensor<4xf8E4M3FN> hex:c2,c7,3f,ac
// INPUT: 1@7 tensor<4xf8E4M3FN> hex:c5,ca,31,45
// EXPECT: 0@0 tensor<4xf8E4M3FN> hex:00,00,00,00
// EXPECT: 0@1 tensor<4xf8E4M3FN> hex:c5,c4,c4,35
// EXPECT: 0@2 tensor<4xf8E4M3FN> hex:4a,35,cc,22
// EXPECT: 0@3 tensor<4xf8E4M3FN> hex:25,4d,44,35
// EXPECT: 0@4 tensor<4xf8E4M3FN> hex:00,00,00,00
// EXPECT: 0@5 tensor<4xf8E4M3FN> hex:ac,43,46,b1
// EXPECT: 0@6 tensor<4xf8E4M3FN> hex:be,31,3d,bc
// EXPECT: 0@7 tensor<4xf8E4M3FN> hex:c6,42,44,30
// EXPECT: 1@0 tensor<4xf8E4M3FN> hex:00,00,00,00
// EXPECT: 1@1 tensor<4xf8E4M3FN> hex:c7,c7,46,42
// EXPECT: 1@2 tensor<4xf8E4M3FN> hex:c8,3e,4c,25
// EXPECT: 1@3 tensor<4xf8E4M3FN> hex:cb,41,3c,3a
// EXPECT: 1@4 tensor<4xf8E4M3FN> hex:00,00,00,00
// EXPECT: 1@5 tensor<4xf8E4M3FN> hex:c3,bb,4a,bd
// EXPECT: 1@6 tensor<4xf8E4M3FN> hex:b9,9c,b3,cd
// EXPECT: 1@7 tensor<4xf8E4M3FN> hex:c2,c7,3f,ac
// GENERATOR: conformance/gen/tile_collectives.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module attributes {tessera.mesh = {axes = ["dp", "tp"], shape = [2, 4]}} {
  func.func @k(%a: memref<4xf8E4M3FN>, %b: memref<4xf8E4M3FN>, %y: memref<4xf8E4M3FN>, %z: memref<4xf8E4M3FN>) {
    tile.send %a {axes = ["tp"], pairs = [[0, 1], [1, 2], [2, 3]], channel = 3} : (memref<4xf8E4M3FN>) -> ()
    tile.send %b {axes = ["tp"], pairs = [[0, 1], [1, 2], [2, 3]], channel = 3} : (memref<4xf8E4M3FN>) -> ()
    tile.recv %y {axes = ["tp"], pairs = [[0, 1], [1, 2], [2, 3]], channel = 3} : (memref<4xf8E4M3FN>) -> ()
    tile.recv %z {axes = ["tp"], pairs = [[0, 1], [1, 2], [2, 3]], channel = 3} : (memref<4xf8E4M3FN>) -> ()
    return
  }
  func.func @main(%a0: tensor<4xf8E4M3FN>, %a1: tensor<4xf8E4M3FN>) -> (tensor<4xf8E4M3FN>, tensor<4xf8E4M3FN>) {
    %r0, %r1 = tile.launch %a0, %a1 {callee = @k, grid = [2], tiles = 4, lanes = 32} : (tensor<4xf8E4M3FN>, tensor<4xf8E4M3FN>) -> (tensor<4xf8E4M3FN>, tensor<4xf8E4M3FN>)
    return %r0, %r1 : tensor<4xf8E4M3FN>, tensor<4xf8E4M3FN>
  }
}
