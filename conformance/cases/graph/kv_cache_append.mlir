// tessera.kv_cache.append: write entries at a position of the cache.
// Generated file: edit the generator named in each case, then rerun it.

// CASE: bhsd_f32
// RULE: bitexact
// REQUIRES: op=tessera.kv_cache.append dtype=f32 level=graph
// INPUT: 0 tensor<1x2x8x4xf32> hex:bfb561d2,3e12e245,bef6fdbd,bf4d69e9,3fc98055,be56e167,be84de99,be8213a2,beebb63f,3f938cc7,bfd4fe0c,be823806,3e815a2a,be0b0e46,3f3a036f,be5d016f,bf6cafdb,3fc29468,bf893b89,beca7d25,3f01b967,3fc9a33b,3f6044ae,bddd704b,3e9e2820,be023625,3f1b4181,40077afd,3fcec2ab,bf908d02,4001a81f,3ea92a1d,3ed35b93,be0dc144,3fc4a68b,bf8bb6fb,3d3cdab5,bf253256,3f35cc95,3dc2f085,3db30e63,bec89374,3c6ab8e5,3e48dd8e,bf1c12a3,be3c57cd,beb9b790,3ec03780,be83cd95,3f21b4f9,3f857628,bcdaf47a,3e804e1f,3fc12b4b,3e706029,bf2b4371,bfb9ea6e,3fbb6c6f,be6bfff7,c0070f71,3f6a04f4,3d74daeb,3f65e6fa,3f411004
// INPUT: 1 tensor<1x2x3x4xf32> hex:3fa136bd,3f900a69,3e59e5b3,3edb8987,be0b319d,beeccb3c,3ed0f1a1,3fdaff64,3f0562ce,bf4c5427,3bd32a7c,3dd47319,3fd897a3,bec057c5,3e8f975f,bf63e904,be916632,be82cc31,3fc86e5a,be01ca9c,bdc332e3,3e96471e,bf668fd4,bf15c2b2
// INPUT: 2 tensor<i64> hex:0000000000000005
// EXPECT: 0 tensor<1x2x8x4xf32> hex:bfb561d2,3e12e245,bef6fdbd,bf4d69e9,3fc98055,be56e167,be84de99,be8213a2,beebb63f,3f938cc7,bfd4fe0c,be823806,3e815a2a,be0b0e46,3f3a036f,be5d016f,bf6cafdb,3fc29468,bf893b89,beca7d25,3fa136bd,3f900a69,3e59e5b3,3edb8987,be0b319d,beeccb3c,3ed0f1a1,3fdaff64,3f0562ce,bf4c5427,3bd32a7c,3dd47319,3ed35b93,be0dc144,3fc4a68b,bf8bb6fb,3d3cdab5,bf253256,3f35cc95,3dc2f085,3db30e63,bec89374,3c6ab8e5,3e48dd8e,bf1c12a3,be3c57cd,beb9b790,3ec03780,be83cd95,3f21b4f9,3f857628,bcdaf47a,3fd897a3,bec057c5,3e8f975f,bf63e904,be916632,be82cc31,3fc86e5a,be01ca9c,bdc332e3,3e96471e,bf668fd4,bf15c2b2
// GENERATOR: conformance/gen/graph_kv_gemm.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module {
  func.func @main(%cache: tensor<1x2x8x4xf32>, %new: tensor<1x2x3x4xf32>, %pos: tensor<i64>) -> tensor<1x2x8x4xf32> {
    %0 = "tessera.kv_cache.append"(%cache, %new, %pos) : (tensor<1x2x8x4xf32>, tensor<1x2x3x4xf32>, tensor<i64>) -> tensor<1x2x8x4xf32>
    return %0 : tensor<1x2x8x4xf32>
  }
}

// -----

// CASE: bf16_one_token
// RULE: bitexact
// REQUIRES: op=tessera.kv_cache.append dtype=bf16 level=graph
// INPUT: 0 tensor<2x6x3xbf16> hex:3f8b,bf44,3e98,3f13,bf45,bf74,be4d,3ff0,bef9,3dc8,c056,3f47,bf08,bee1,bfcc,3e28,3e1f,3ecd,bf6a,3e9c,3f01,3f98,3e0b,3fa4,3dff,3e9e,3e26,beb7,bfc1,3ee4,3da8,bf48,bf92,bf5f,3dd1,3f1d
// INPUT: 1 tensor<2x1x3xbf16> hex:bf5a,3f46,be7d,be89,bf30,3fd1
// INPUT: 2 tensor<i64> hex:0000000000000000
// EXPECT: 0 tensor<2x6x3xbf16> hex:bf5a,3f46,be7d,3f13,bf45,bf74,be4d,3ff0,bef9,3dc8,c056,3f47,bf08,bee1,bfcc,3e28,3e1f,3ecd,be89,bf30,3fd1,3f98,3e0b,3fa4,3dff,3e9e,3e26,beb7,bfc1,3ee4,3da8,bf48,bf92,bf5f,3dd1,3f1d
// GENERATOR: conformance/gen/graph_kv_gemm.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module {
  func.func @main(%cache: tensor<2x6x3xbf16>, %new: tensor<2x1x3xbf16>, %pos: tensor<i64>) -> tensor<2x6x3xbf16> {
    %0 = "tessera.kv_cache.append"(%cache, %new, %pos) : (tensor<2x6x3xbf16>, tensor<2x1x3xbf16>, tensor<i64>) -> tensor<2x6x3xbf16>
    return %0 : tensor<2x6x3xbf16>
  }
}

// -----

// CASE: axis0_i32
// RULE: bitexact
// REQUIRES: op=tessera.kv_cache.append dtype=i32 level=graph
// INPUT: 0 tensor<5x2xi32> hex:00000000,00000001,00000002,00000003,00000004,00000005,00000006,00000007,00000008,00000009
// INPUT: 1 tensor<2x2xi32> hex:ffffffff,ffffffff,ffffffff,ffffffff
// INPUT: 2 tensor<i64> hex:0000000000000003
// EXPECT: 0 tensor<5x2xi32> hex:00000000,00000001,00000002,00000003,00000004,00000005,ffffffff,ffffffff,ffffffff,ffffffff
// GENERATOR: conformance/gen/graph_kv_gemm.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module {
  func.func @main(%cache: tensor<5x2xi32>, %new: tensor<2x2xi32>, %pos: tensor<i64>) -> tensor<5x2xi32> {
    %0 = "tessera.kv_cache.append"(%cache, %new, %pos) {axis = 0} : (tensor<5x2xi32>, tensor<2x2xi32>, tensor<i64>) -> tensor<5x2xi32>
    return %0 : tensor<5x2xi32>
  }
}
