// RUN: tessera-opt %s --pass graph-to-schedule --pass schedule-to-tile | FileCheck %s
// Schedule -> Tile: tessera.cast in scalar chains (docs/ops/schedule/lowering.md, "Casts").
module {
  // A cast fused with the ops of its chain: i32 -> f32, a mul, f32 -> i8 is one kernel.
  // CHECK-LABEL: func.func @chain(
  // CHECK: tile.launch %{{.*}}, %{{.*}} {callee = @chain_g0_kernel, grid = [4], lanes = 32, tiles = 1}
  func.func @chain(%x: tensor<4x8xi32>, %s: tensor<4x8xf32>) -> tensor<4x8xi8> {
    %y = "tessera.cast"(%x) : (tensor<4x8xi32>) -> tensor<4x8xf32>
    %z = tessera.mul %y, %s : (tensor<4x8xf32>, tensor<4x8xf32>) -> tensor<4x8xf32>
    %q = "tessera.cast"(%z) : (tensor<4x8xf32>) -> tensor<4x8xi8>
    return %q : tensor<4x8xi8>
  }
  // int -> int wraps through index; i1 comes from != 0 (floats: une, NaN included).
  // CHECK-LABEL: func.func @to_bool(
  // CHECK: tile.launch
  func.func @to_bool(%x: tensor<16xf64>) -> tensor<16xi1> {
    %y = "tessera.cast"(%x) : (tensor<16xf64>) -> tensor<16xi1>
    return %y : tensor<16xi1>
  }
  // f32 <-> f64: arith.extf (exact) and arith.truncf (one RNE rounding), fused with the chain.
  // CHECK-LABEL: func.func @f2f(
  // CHECK: tile.launch %{{.*}}, %{{.*}} {callee = @f2f_g0_kernel
  func.func @f2f(%x: tensor<16xf32>, %s: tensor<16xf64>) -> tensor<16xf32> {
    %y = "tessera.cast"(%x) : (tensor<16xf32>) -> tensor<16xf64>
    %z = tessera.mul %y, %s : (tensor<16xf64>, tensor<16xf64>) -> tensor<16xf64>
    %w = "tessera.cast"(%z) : (tensor<16xf64>) -> tensor<16xf32>
    return %w : tensor<16xf32>
  }
  // What stays, with the reason.
  // CHECK-LABEL: func.func @bf16(
  // CHECK: schedule.not_lowered = "no exact scalar lowering for a cast from f32 to bf16: no Tile IR scalar register holds bf16"
  func.func @bf16(%x: tensor<16xf32>) -> tensor<16xbf16> {
    %y = "tessera.cast"(%x) : (tensor<16xf32>) -> tensor<16xbf16>
    return %y : tensor<16xbf16>
  }
  // CHECK-LABEL: func.func @fp8(
  // CHECK: schedule.not_lowered = "no exact scalar lowering for a cast from f32 to f8E4M3FN: no Tile IR scalar register holds f8E4M3FN"
  func.func @fp8(%x: tensor<16xf32>) -> tensor<16xf8E4M3FN> {
    %y = "tessera.cast"(%x) : (tensor<16xf32>) -> tensor<16xf8E4M3FN>
    return %y : tensor<16xf8E4M3FN>
  }
  // CHECK-LABEL: func.func @policy(
  // CHECK: schedule.not_lowered = "a numeric policy"
  func.func @policy(%x: tensor<16xi32>) -> tensor<16xf32> {
    %y = "tessera.cast"(%x) {numeric_policy = {rounding = "rtz"}} : (tensor<16xi32>) -> tensor<16xf32>
    return %y : tensor<16xf32>
  }
  // The kernels follow the functions. f32 -> i8: NaN and values beyond the i64 range are
  // selected away before fptosi (Target IR refuses them), then the i64 value is clamped to i8's
  // range and its low bits kept.
  // CHECK-LABEL: func.func @chain_g0_kernel(
  // CHECK: %v2 = arith.sitofp %v0 : (i32) -> f32
  // CHECK: %v3 = arith.mulf %v2, %v1 : (f32, f32) -> f32
  // CHECK: %v4 = arith.cmpf %v3, %v3 {predicate = "une"}
  // CHECK: %v5 = arith.cmpf %v3, %k{{[0-9]+}} {predicate = "oge"}
  // CHECK: %v6 = arith.cmpf %v3, %k{{[0-9]+}} {predicate = "olt"}
  // CHECK: %v9 = arith.select %v8, %k{{[0-9]+}}, %v3
  // CHECK: %v10 = arith.fptosi %v9 : (f32) -> i64
  // CHECK: %v13 = arith.maxsi %v12, %k{{[0-9]+}} : (i64, i64) -> i64
  // CHECK: %v14 = arith.minsi %v13, %k{{[0-9]+}} : (i64, i64) -> i64
  // CHECK: %v15 = arith.index_cast %v14 : (i64) -> index
  // CHECK: %v16 = arith.index_cast %v15 : (index) -> i8
  // CHECK: tile.store %v16
  // CHECK-LABEL: func.func @to_bool_g0_kernel(
  // CHECK: %v1 = arith.cmpf %v0, %k0 {predicate = "une"} : (f64, f64) -> i1
  // CHECK-LABEL: func.func @f2f_g0_kernel(
  // CHECK: %v2 = arith.extf %v0 : (f32) -> f64
  // CHECK: %v3 = arith.mulf %v2, %v1 : (f64, f64) -> f64
  // CHECK: %v4 = arith.truncf %v3 : (f64) -> f32
  // CHECK: tile.store %v4
}
