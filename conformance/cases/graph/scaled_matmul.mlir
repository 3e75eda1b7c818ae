// tessera.scaled_matmul: per-block partial sums times a_scale * b_scale.
// Generated file: edit the generator named in each case, then rerun it.

// CASE: mxfp8_e8m0_block32
// NOTE: OCP MX: E8M0 scales over blocks of 32 along K.
// RULE: bitexact
// REQUIRES: op=tessera.scaled_matmul dtype=f8E4M3FN level=graph
// INPUT: 0 tensor<5x64xf8E4M3FN> npy:scaled_matmul.mxfp8_e8m0_block32.input0.npy
// INPUT: 1 tensor<64x6xf8E4M3FN> npy:scaled_matmul.mxfp8_e8m0_block32.input1.npy
// INPUT: 2 tensor<5x2xui8> hex:7f,7d,82,7c,7f,7a,7a,80,7e,7f
// INPUT: 3 tensor<2x6xui8> hex:7d,80,80,7d,81,80,81,7f,7f,81,80,7a
// EXPECT: 0 tensor<5x6xf32> hex:c08c3240,c0c43100,418b5960,403dce80,41471480,4045911c,c0fc3b00,422cc700,4286b4f8,c1303d80,c3889bdc,429beb6e,3f584800,c02a9588,c1002cc4,3ac78000,421e8800,418eca39,4226cb6e,c113ca70,c161e510,42c5969c,bffefe00,3f4d2c00,c2479143,c0a00e00,419efdc8,c1867b00,40b05280,c00cf020
// GENERATOR: conformance/gen/graph_swiglu.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module {
  func.func @main(%a: tensor<5x64xf8E4M3FN>, %b: tensor<64x6xf8E4M3FN>, %sa: tensor<5x2xui8>, %sb: tensor<2x6xui8>) -> tensor<5x6xf32> {
    %0 = "tessera.scaled_matmul"(%a, %b, %sa, %sb) {scale_layout = {granularity = "block", block = [1, 32], format = "e8m0"}} : (tensor<5x64xf8E4M3FN>, tensor<64x6xf8E4M3FN>, tensor<5x2xui8>, tensor<2x6xui8>) -> tensor<5x6xf32>
    return %0 : tensor<5x6xf32>
  }
}

// -----

// CASE: fp32_scales_block4x16
// NOTE: f32 scales; b_scale covers 4 output columns (the last block partly).
// RULE: bitexact
// REQUIRES: op=tessera.scaled_matmul dtype=f8E4M3FN level=graph
// INPUT: 0 tensor<4x32xf8E4M3FN> hex:ba,2a,1b,af,30,30,35,3d,31,38,b3,3f,37,33,3e,2e,9a,be,38,32,a5,ba,3f,bf,3c,39,37,28,ba,3b,3c,3d,33,b6,1e,b1,b3,35,3d,b0,a2,38,3d,a0,bd,ba,be,13,20,ba,bc,ba,37,39,b7,b6,b6,b3,bd,bf,9b,b8,ba,38,22,3d,32,b0,bc,39,14,3d,32,bd,3d,8a,30,2a,b3,ba,bb,be,39,28,b0,bd,36,2f,36,37,3d,3b,9d,34,3c,b1,23,bb,ba,b3,bd,3f,2d,32,39,3e,a7,b9,b6,bd,37,40,38,38,26,33,9d,ba,38,34,bc,3b,99,39,3d,9a,2c,2b
// INPUT: 1 tensor<32x10xf8E4M3FN> npy:scaled_matmul.fp32_scales_block4x16.input1.npy
// INPUT: 2 tensor<4x2xf32> hex:3fb41526,404266f3,3f88e1be,3f52824a,40587ea5,4062e551,404a3d3e,3ebc8364
// INPUT: 3 tensor<2x3xf32> hex:40155c3c,4023a6eb,3fafafd5,3f27be61,3fa260d8,402be740
// EXPECT: 0 tensor<4x10xf32> hex:c0bb6636,41bc457e,419570ad,40825bd0,41498558,c10daaf6,c0dd6ef4,c1b32bd3,428a7515,c0a9af3a,409a727e,401ca853,c125674a,c102c7f8,c05da08c,c1ddaf9e,c19973cd,410df49c,c103bc7e,c0d34d46,41c33d30,3ea66888,c29324b0,c202a528,428c6d26,c1ec2f64,c16aaf82,c10c4622,c206e9ce,befb3100,41bd1475,428158fb,4155663c,42181e55,bfda7c93,c11dcace,42e27620,c146b82b,bdb1b640,c2441cda
// GENERATOR: conformance/gen/graph_swiglu.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module {
  func.func @main(%a: tensor<4x32xf8E4M3FN>, %b: tensor<32x10xf8E4M3FN>, %sa: tensor<4x2xf32>, %sb: tensor<2x3xf32>) -> tensor<4x10xf32> {
    %0 = "tessera.scaled_matmul"(%a, %b, %sa, %sb) {scale_layout = {granularity = "block", block = [4, 16], format = "fp32"}} : (tensor<4x32xf8E4M3FN>, tensor<32x10xf8E4M3FN>, tensor<4x2xf32>, tensor<2x3xf32>) -> tensor<4x10xf32>
    return %0 : tensor<4x10xf32>
  }
}
