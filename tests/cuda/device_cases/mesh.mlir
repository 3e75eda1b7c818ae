// Mesh programs on the CUDA plugin (docs/cuda.md, "Meshes on the plugin"): compute ops run per
// rank as generated kernels, collectives as device-to-device copies and the rank-order fold, on
// one stream per rank (virtual ranks when the ranks outnumber the GPUs). Expectations derived by
// hand (small integers: exact in f32 and i32). CI runs these on the reference backend
// (tests/cuda/CMakeLists.txt); scripts/gpu_check.sh runs them on the device.

// CASE: add_then_all_reduce_and_gather_f32
// NOTE: rank r holds a = 4r + 1 .. 4r + 4; s = a + a; all_reduce(sum) of s over the 4 ranks is
// NOTE: 2 * (sum of column i of 1..16 laid out 4 x 4) = 56, 64, 72, 80; all_gather is 2, 4, .., 32.
// RULE: bitexact
// REQUIRES: op=tessera.add op=tessera.all_reduce op=tessera.all_gather dtype=f32 level=graph mesh=4
// INPUT: 0@0 tensor<4xf32> hex:3f800000,40000000,40400000,40800000
// INPUT: 0@1 tensor<4xf32> hex:40a00000,40c00000,40e00000,41000000
// INPUT: 0@2 tensor<4xf32> hex:41100000,41200000,41300000,41400000
// INPUT: 0@3 tensor<4xf32> hex:41500000,41600000,41700000,41800000
// EXPECT: 0 tensor<4xf32> hex:42600000,42800000,42900000,42a00000
// EXPECT: 1 tensor<16xf32> hex:40000000,40800000,40c00000,41000000,41200000,41400000,41600000,41800000,41900000,41a00000,41b00000,41c00000,41d00000,41e00000,41f00000,42000000
// GENERATOR: hand-written (sums of small integers)
module attributes {tessera.mesh = {axes = ["x"], shape = [4]}} {
  func.func @main(%a: tensor<4xf32>) -> (tensor<4xf32>, tensor<16xf32>) {
    %s = "tessera.add"(%a, %a) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
    %r = "tessera.all_reduce"(%s) {axes = ["x"], op = "sum"} : (tensor<4xf32>) -> tensor<4xf32>
    %g = "tessera.all_gather"(%s) {axes = ["x"], dim = 0} : (tensor<4xf32>) -> tensor<16xf32>
    return %r, %g : tensor<4xf32>, tensor<16xf32>
  }
}

// -----

// CASE: all_gather_then_add_2x2_i32
// NOTE: rank r = (dp, tp) holds [r, 10 + r]; all_gather over tp along dim 0 gives ranks 0, 1
// NOTE: [0, 10, 1, 11] and ranks 2, 3 [2, 12, 3, 13]; the add doubles them.
// RULE: bitexact
// REQUIRES: op=tessera.all_gather op=tessera.add dtype=i32 level=graph mesh=4
// INPUT: 0@0 tensor<2xi32> hex:00000000,0000000a
// INPUT: 0@1 tensor<2xi32> hex:00000001,0000000b
// INPUT: 0@2 tensor<2xi32> hex:00000002,0000000c
// INPUT: 0@3 tensor<2xi32> hex:00000003,0000000d
// EXPECT: 0@0 tensor<4xi32> hex:00000000,00000014,00000002,00000016
// EXPECT: 0@1 tensor<4xi32> hex:00000000,00000014,00000002,00000016
// EXPECT: 0@2 tensor<4xi32> hex:00000004,00000018,00000006,0000001a
// EXPECT: 0@3 tensor<4xi32> hex:00000004,00000018,00000006,0000001a
// GENERATOR: hand-written (small integers)
module attributes {tessera.mesh = {axes = ["dp", "tp"], shape = [2, 2]}} {
  func.func @main(%a: tensor<2xi32>) -> tensor<4xi32> {
    %g = "tessera.all_gather"(%a) {axes = ["tp"], dim = 0} : (tensor<2xi32>) -> tensor<4xi32>
    %s = "tessera.add"(%g, %g) : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi32>
    return %s : tensor<4xi32>
  }
}
