// func.call of functions with collectives in mesh programs (docs/collectives.md, Execution).
// Generated file: edit the generator named in each case, then rerun it.

// CASE: nested_f32
// NOTE: Inputs are small integers: every fold order gives the same bits.
// RULE: bitexact
// REQUIRES: op=func.call op=tessera.all_reduce op=tessera.all_gather dtype=f32 level=graph mesh=8
// INPUT: 0@0 tensor<6xf32> hex:bf800000,40c00000,41000000,c0800000,c0e00000,40000000
// INPUT: 0@1 tensor<6xf32> hex:40400000,40a00000,40000000,40800000,40e00000,40e00000
// INPUT: 0@2 tensor<6xf32> hex:40e00000,40c00000,40800000,40e00000,c1000000,c1000000
// INPUT: 0@3 tensor<6xf32> hex:40a00000,bf800000,40800000,00000000,40e00000,c0e00000
// INPUT: 0@4 tensor<6xf32> hex:40400000,c1000000,c0c00000,40c00000,c0800000,41000000
// INPUT: 0@5 tensor<6xf32> hex:c0400000,40a00000,41000000,c0400000,41000000,40400000
// INPUT: 0@6 tensor<6xf32> hex:41000000,c0400000,00000000,40800000,41000000,c0800000
// INPUT: 0@7 tensor<6xf32> hex:00000000,40a00000,40c00000,41000000,c0a00000,41000000
// EXPECT: 0@0 tensor<6xf32> hex:41600000,41800000,41900000,40e00000,bf800000,c0c00000
// EXPECT: 0@1 tensor<6xf32> hex:41600000,41800000,41900000,40e00000,bf800000,c0c00000
// EXPECT: 0@2 tensor<6xf32> hex:41600000,41800000,41900000,40e00000,bf800000,c0c00000
// EXPECT: 0@3 tensor<6xf32> hex:41600000,41800000,41900000,40e00000,bf800000,c0c00000
// EXPECT: 0@4 tensor<6xf32> hex:41000000,bf800000,41000000,41700000,40e00000,41700000
// EXPECT: 0@5 tensor<6xf32> hex:41000000,bf800000,41000000,41700000,40e00000,41700000
// EXPECT: 0@6 tensor<6xf32> hex:41000000,bf800000,41000000,41700000,40e00000,41700000
// EXPECT: 0@7 tensor<6xf32> hex:41000000,bf800000,41000000,41700000,40e00000,41700000
// EXPECT: 1@0 tensor<12xf32> hex:bf800000,40c00000,41000000,c0800000,c0e00000,40000000,40400000,c1000000,c0c00000,40c00000,c0800000,41000000
// EXPECT: 1@1 tensor<12xf32> hex:40400000,40a00000,40000000,40800000,40e00000,40e00000,c0400000,40a00000,41000000,c0400000,41000000,40400000
// EXPECT: 1@2 tensor<12xf32> hex:40e00000,40c00000,40800000,40e00000,c1000000,c1000000,41000000,c0400000,00000000,40800000,41000000,c0800000
// EXPECT: 1@3 tensor<12xf32> hex:40a00000,bf800000,40800000,00000000,40e00000,c0e00000,00000000,40a00000,40c00000,41000000,c0a00000,41000000
// EXPECT: 1@4 tensor<12xf32> hex:bf800000,40c00000,41000000,c0800000,c0e00000,40000000,40400000,c1000000,c0c00000,40c00000,c0800000,41000000
// EXPECT: 1@5 tensor<12xf32> hex:40400000,40a00000,40000000,40800000,40e00000,40e00000,c0400000,40a00000,41000000,c0400000,41000000,40400000
// EXPECT: 1@6 tensor<12xf32> hex:40e00000,40c00000,40800000,40e00000,c1000000,c1000000,41000000,c0400000,00000000,40800000,41000000,c0800000
// EXPECT: 1@7 tensor<12xf32> hex:40a00000,bf800000,40800000,00000000,40e00000,c0e00000,00000000,40a00000,40c00000,41000000,c0a00000,41000000
// GENERATOR: conformance/gen/mesh_collectives.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module attributes {tessera.mesh = {axes = ["dp", "tp"], shape = [2, 4]}} {
  func.func @sum_tp(%a: tensor<6xf32>) -> tensor<6xf32> {
    %s = "tessera.all_reduce"(%a) {axes = ["tp"], op = "sum"} : (tensor<6xf32>) -> tensor<6xf32>
    return %s : tensor<6xf32>
  }
  func.func @both(%a: tensor<6xf32>) -> (tensor<6xf32>, tensor<12xf32>) {
    %s = "func.call"(%a) {callee = @sum_tp} : (tensor<6xf32>) -> tensor<6xf32>
    %g = "tessera.all_gather"(%a) {axes = ["dp"], dim = 0} : (tensor<6xf32>) -> tensor<12xf32>
    return %s, %g : tensor<6xf32>, tensor<12xf32>
  }
  func.func @main(%a: tensor<6xf32>) -> (tensor<6xf32>, tensor<12xf32>) {
    %r:2 = "func.call"(%a) {callee = @both} : (tensor<6xf32>) -> (tensor<6xf32>, tensor<12xf32>)
    return %r#0, %r#1 : tensor<6xf32>, tensor<12xf32>
  }
}

// -----

// CASE: nested_bf16
// NOTE: Inputs are small integers: every fold order gives the same bits.
// RULE: bitexact
// REQUIRES: op=func.call op=tessera.all_reduce op=tessera.all_gather dtype=bf16 level=graph mesh=8
// INPUT: 0@0 tensor<6xbf16> hex:c0e0,40e0,40c0,40e0,40c0,4080
// INPUT: 0@1 tensor<6xbf16> hex:3f80,3f80,c0e0,40e0,40e0,c0e0
// INPUT: 0@2 tensor<6xbf16> hex:4000,c000,4080,4000,3f80,0000
// INPUT: 0@3 tensor<6xbf16> hex:c0e0,40a0,40e0,c0a0,bf80,c0e0
// INPUT: 0@4 tensor<6xbf16> hex:bf80,c0c0,c000,4100,c0c0,c0c0
// INPUT: 0@5 tensor<6xbf16> hex:4040,c0a0,c100,c000,c0a0,4000
// INPUT: 0@6 tensor<6xbf16> hex:3f80,40a0,4000,c0e0,c0e0,40e0
// INPUT: 0@7 tensor<6xbf16> hex:4080,4080,40a0,c040,3f80,c0a0
// EXPECT: 0@0 tensor<6xbf16> hex:c130,4130,4120,4130,4150,c120
// EXPECT: 0@1 tensor<6xbf16> hex:c130,4130,4120,4130,4150,c120
// EXPECT: 0@2 tensor<6xbf16> hex:c130,4130,4120,4130,4150,c120
// EXPECT: 0@3 tensor<6xbf16> hex:c130,4130,4120,4130,4150,c120
// EXPECT: 0@4 tensor<6xbf16> hex:40e0,c000,c040,c080,c188,c000
// EXPECT: 0@5 tensor<6xbf16> hex:40e0,c000,c040,c080,c188,c000
// EXPECT: 0@6 tensor<6xbf16> hex:40e0,c000,c040,c080,c188,c000
// EXPECT: 0@7 tensor<6xbf16> hex:40e0,c000,c040,c080,c188,c000
// EXPECT: 1@0 tensor<12xbf16> hex:c0e0,40e0,40c0,40e0,40c0,4080,bf80,c0c0,c000,4100,c0c0,c0c0
// EXPECT: 1@1 tensor<12xbf16> hex:3f80,3f80,c0e0,40e0,40e0,c0e0,4040,c0a0,c100,c000,c0a0,4000
// EXPECT: 1@2 tensor<12xbf16> hex:4000,c000,4080,4000,3f80,0000,3f80,40a0,4000,c0e0,c0e0,40e0
// EXPECT: 1@3 tensor<12xbf16> hex:c0e0,40a0,40e0,c0a0,bf80,c0e0,4080,4080,40a0,c040,3f80,c0a0
// EXPECT: 1@4 tensor<12xbf16> hex:c0e0,40e0,40c0,40e0,40c0,4080,bf80,c0c0,c000,4100,c0c0,c0c0
// EXPECT: 1@5 tensor<12xbf16> hex:3f80,3f80,c0e0,40e0,40e0,c0e0,4040,c0a0,c100,c000,c0a0,4000
// EXPECT: 1@6 tensor<12xbf16> hex:4000,c000,4080,4000,3f80,0000,3f80,40a0,4000,c0e0,c0e0,40e0
// EXPECT: 1@7 tensor<12xbf16> hex:c0e0,40a0,40e0,c0a0,bf80,c0e0,4080,4080,40a0,c040,3f80,c0a0
// GENERATOR: conformance/gen/mesh_collectives.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module attributes {tessera.mesh = {axes = ["dp", "tp"], shape = [2, 4]}} {
  func.func @sum_tp(%a: tensor<6xbf16>) -> tensor<6xbf16> {
    %s = "tessera.all_reduce"(%a) {axes = ["tp"], op = "sum"} : (tensor<6xbf16>) -> tensor<6xbf16>
    return %s : tensor<6xbf16>
  }
  func.func @both(%a: tensor<6xbf16>) -> (tensor<6xbf16>, tensor<12xbf16>) {
    %s = "func.call"(%a) {callee = @sum_tp} : (tensor<6xbf16>) -> tensor<6xbf16>
    %g = "tessera.all_gather"(%a) {axes = ["dp"], dim = 0} : (tensor<6xbf16>) -> tensor<12xbf16>
    return %s, %g : tensor<6xbf16>, tensor<12xbf16>
  }
  func.func @main(%a: tensor<6xbf16>) -> (tensor<6xbf16>, tensor<12xbf16>) {
    %r:2 = "func.call"(%a) {callee = @both} : (tensor<6xbf16>) -> (tensor<6xbf16>, tensor<12xbf16>)
    return %r#0, %r#1 : tensor<6xbf16>, tensor<12xbf16>
  }
}

// -----

// CASE: nested_i32
// NOTE: Inputs are small integers: every fold order gives the same bits.
// RULE: bitexact
// REQUIRES: op=func.call op=tessera.all_reduce op=tessera.all_gather dtype=i32 level=graph mesh=8
// INPUT: 0@0 tensor<6xi32> hex:80875b80,18905e53,b9605770,183d8d9c,64468dd0,c478ce6d
// INPUT: 0@1 tensor<6xi32> hex:c1219ea9,ab5d53d0,d503dfc1,443732bc,29a905e7,2c347202
// INPUT: 0@2 tensor<6xi32> hex:8aaadbbe,4cdd2436,3d991507,b8362d94,18ec9054,392431b6
// INPUT: 0@3 tensor<6xi32> hex:8dc5bd8f,93194b62,b89f9d83,81e0e71e,1cbabd6d,adef6bcb
// INPUT: 0@4 tensor<6xi32> hex:13c1f858,4833f2d4,c3cd0254,0a41fe0c,243c6985,1de06122
// INPUT: 0@5 tensor<6xi32> hex:c2873efc,17afcca4,bb0db0cf,22c93c9d,c910f325,d2a9f443
// INPUT: 0@6 tensor<6xi32> hex:74bcf74a,387975bf,a3d46dd2,83c12f6e,9825f6a4,e0917a20
// INPUT: 0@7 tensor<6xi32> hex:6474f266,8dfe7411,9d1ad223,a035e883,c30a54c2,67931067
// EXPECT: 0@0 tensor<6xi32> hex:5a199376,a3e421bb,849ce9bb,968bd50a,c396e178,d7c0ddf0
// EXPECT: 0@1 tensor<6xi32> hex:5a199376,a3e421bb,849ce9bb,968bd50a,c396e178,d7c0ddf0
// EXPECT: 0@2 tensor<6xi32> hex:5a199376,a3e421bb,849ce9bb,968bd50a,c396e178,d7c0ddf0
// EXPECT: 0@3 tensor<6xi32> hex:5a199376,a3e421bb,849ce9bb,968bd50a,c396e178,d7c0ddf0
// EXPECT: 0@4 tensor<6xi32> hex:af7b2104,265ba948,bfc9f318,5102529a,487da810,38aedfec
// EXPECT: 0@5 tensor<6xi32> hex:af7b2104,265ba948,bfc9f318,5102529a,487da810,38aedfec
// EXPECT: 0@6 tensor<6xi32> hex:af7b2104,265ba948,bfc9f318,5102529a,487da810,38aedfec
// EXPECT: 0@7 tensor<6xi32> hex:af7b2104,265ba948,bfc9f318,5102529a,487da810,38aedfec
// EXPECT: 1@0 tensor<12xi32> hex:80875b80,18905e53,b9605770,183d8d9c,64468dd0,c478ce6d,13c1f858,4833f2d4,c3cd0254,0a41fe0c,243c6985,1de06122
// EXPECT: 1@1 tensor<12xi32> hex:c1219ea9,ab5d53d0,d503dfc1,443732bc,29a905e7,2c347202,c2873efc,17afcca4,bb0db0cf,22c93c9d,c910f325,d2a9f443
// EXPECT: 1@2 tensor<12xi32> hex:8aaadbbe,4cdd2436,3d991507,b8362d94,18ec9054,392431b6,74bcf74a,387975bf,a3d46dd2,83c12f6e,9825f6a4,e0917a20
// EXPECT: 1@3 tensor<12xi32> hex:8dc5bd8f,93194b62,b89f9d83,81e0e71e,1cbabd6d,adef6bcb,6474f266,8dfe7411,9d1ad223,a035e883,c30a54c2,67931067
// EXPECT: 1@4 tensor<12xi32> hex:80875b80,18905e53,b9605770,183d8d9c,64468dd0,c478ce6d,13c1f858,4833f2d4,c3cd0254,0a41fe0c,243c6985,1de06122
// EXPECT: 1@5 tensor<12xi32> hex:c1219ea9,ab5d53d0,d503dfc1,443732bc,29a905e7,2c347202,c2873efc,17afcca4,bb0db0cf,22c93c9d,c910f325,d2a9f443
// EXPECT: 1@6 tensor<12xi32> hex:8aaadbbe,4cdd2436,3d991507,b8362d94,18ec9054,392431b6,74bcf74a,387975bf,a3d46dd2,83c12f6e,9825f6a4,e0917a20
// EXPECT: 1@7 tensor<12xi32> hex:8dc5bd8f,93194b62,b89f9d83,81e0e71e,1cbabd6d,adef6bcb,6474f266,8dfe7411,9d1ad223,a035e883,c30a54c2,67931067
// GENERATOR: conformance/gen/mesh_collectives.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module attributes {tessera.mesh = {axes = ["dp", "tp"], shape = [2, 4]}} {
  func.func @sum_tp(%a: tensor<6xi32>) -> tensor<6xi32> {
    %s = "tessera.all_reduce"(%a) {axes = ["tp"], op = "sum"} : (tensor<6xi32>) -> tensor<6xi32>
    return %s : tensor<6xi32>
  }
  func.func @both(%a: tensor<6xi32>) -> (tensor<6xi32>, tensor<12xi32>) {
    %s = "func.call"(%a) {callee = @sum_tp} : (tensor<6xi32>) -> tensor<6xi32>
    %g = "tessera.all_gather"(%a) {axes = ["dp"], dim = 0} : (tensor<6xi32>) -> tensor<12xi32>
    return %s, %g : tensor<6xi32>, tensor<12xi32>
  }
  func.func @main(%a: tensor<6xi32>) -> (tensor<6xi32>, tensor<12xi32>) {
    %r:2 = "func.call"(%a) {callee = @both} : (tensor<6xi32>) -> (tensor<6xi32>, tensor<12xi32>)
    return %r#0, %r#1 : tensor<6xi32>, tensor<12xi32>
  }
}
