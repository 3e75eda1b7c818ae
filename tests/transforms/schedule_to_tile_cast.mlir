// RUN: tessera-opt %s --pass graph-to-schedule --pass schedule-to-tile | FileCheck %s
// Schedule -> Tile: tessera.cast in scalar chains (docs/ops/schedule/lowering.md, "Casts"), narrow
// floats and unsigned integers included (docs/ops/tile/scalar.md, "Conversions").
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
  // Narrow floats and unsigned integers are storage-only scalars: loaded, converted, stored
  // (docs/ops/tile/scalar.md, "Conversions").
  // CHECK-LABEL: func.func @bf16(
  // CHECK: tile.launch %{{.*}} {callee = @bf16_g0_kernel
  func.func @bf16(%x: tensor<16xf32>) -> tensor<16xbf16> {
    %y = "tessera.cast"(%x) : (tensor<16xf32>) -> tensor<16xbf16>
    return %y : tensor<16xbf16>
  }
  // The cast's numeric_policy goes to its rounding step.
  // CHECK-LABEL: func.func @fp8(
  // CHECK: tile.launch %{{.*}} {callee = @fp8_g0_kernel
  func.func @fp8(%x: tensor<16xf32>) -> tensor<16xf8E4M3FN> {
    %y = "tessera.cast"(%x) {numeric_policy = {profile = "cuda", saturate = true}} : (tensor<16xf32>) -> tensor<16xf8E4M3FN>
    return %y : tensor<16xf8E4M3FN>
  }
  // CHECK-LABEL: func.func @policy(
  // CHECK: tile.launch %{{.*}} {callee = @policy_g0_kernel
  func.func @policy(%x: tensor<16xi32>) -> tensor<16xf32> {
    %y = "tessera.cast"(%x) {numeric_policy = {rounding = "rtz"}} : (tensor<16xi32>) -> tensor<16xf32>
    return %y : tensor<16xf32>
  }
  // Narrow to narrow: widen exactly to f32, then one rounding.
  // CHECK-LABEL: func.func @narrow(
  // CHECK: tile.launch %{{.*}} {callee = @narrow_g0_kernel
  func.func @narrow(%x: tensor<16xf16>) -> tensor<16xf8E5M2> {
    %y = "tessera.cast"(%x) : (tensor<16xf16>) -> tensor<16xf8E5M2>
    return %y : tensor<16xf8E5M2>
  }
  // Unsigned: zero-extended through index, fptoui saturates, uitofp rounds once.
  // CHECK-LABEL: func.func @uns(
  // CHECK: tile.launch %{{.*}} {callee = @uns_g0_kernel
  func.func @uns(%x: tensor<16xui8>) -> tensor<16xi32> {
    %y = "tessera.cast"(%x) : (tensor<16xui8>) -> tensor<16xi32>
    return %y : tensor<16xi32>
  }
  // CHECK-LABEL: func.func @to_uns(
  // CHECK: tile.launch %{{.*}} {callee = @to_uns_g0_kernel
  func.func @to_uns(%x: tensor<16xf32>) -> tensor<16xui16> {
    %y = "tessera.cast"(%x) : (tensor<16xf32>) -> tensor<16xui16>
    return %y : tensor<16xui16>
  }
  // A bf16 chain: each op widens its operands, computes in f32 and rounds back once, as the
  // Graph IR interpreter computes low-precision ops.
  // CHECK-LABEL: func.func @bf16_chain(
  // CHECK: tile.launch %{{.*}} {callee = @bf16_chain_g0_kernel
  func.func @bf16_chain(%a: tensor<16xbf16>, %b: tensor<16xbf16>) -> tensor<16xbf16> {
    %y = tessera.add %a, %b : (tensor<16xbf16>, tensor<16xbf16>) -> tensor<16xbf16>
    %z = tessera.mul %y, %b : (tensor<16xbf16>, tensor<16xbf16>) -> tensor<16xbf16>
    return %z : tensor<16xbf16>
  }
  // What stays, with the reason.
  // CHECK-LABEL: func.func @sr(
  // CHECK: schedule.not_lowered = "stochastic rounding (its Philox stream is the Graph IR op's plan step, which no Tile IR conversion carries)"
  func.func @sr(%x: tensor<16xf32>) -> tensor<16xbf16> {
    %y = "tessera.cast"(%x) {numeric_policy = {rounding = "stochastic", seed = 3}} : (tensor<16xf32>) -> tensor<16xbf16>
    return %y : tensor<16xbf16>
  }
  // i4 casts are byte kernels (schedule_to_tile_i4.mlir); i4 -> i1 is not one of them.
  // CHECK-LABEL: func.func @i4(
  // CHECK: schedule.not_lowered = "no exact scalar lowering for a cast from i4 to i1: the result is neither a float that holds [-8, 7] exactly nor a signed integer of 8 to 64 bits"
  func.func @i4(%x: tensor<16xi4>) -> tensor<16xi1> {
    %y = "tessera.cast"(%x) : (tensor<16xi4>) -> tensor<16xi1>
    return %y : tensor<16xi1>
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
  // CHECK-LABEL: func.func @bf16_g0_kernel(
  // CHECK: %v0 = tile.load %in0, %x0_i : (memref<?xf32>, index) -> f32
  // CHECK: %v1 = arith.truncf %v0 : (f32) -> bf16
  // CHECK: tile.store %v1, %out, %g, %c : (bf16, memref<?x?xbf16>, index, index) -> ()
  // CHECK-LABEL: func.func @fp8_g0_kernel(
  // CHECK: %v1 = arith.truncf %v0 {numeric_policy = {profile = "cuda", saturate = true}} : (f32) -> f8E4M3FN
  // CHECK-LABEL: func.func @policy_g0_kernel(
  // CHECK: %v1 = arith.sitofp %v0 {numeric_policy = {rounding = "rtz"}} : (i32) -> f32
  // CHECK-LABEL: func.func @narrow_g0_kernel(
  // CHECK: %v0 = tile.load %in0, %x0_i : (memref<?xf16>, index) -> f16
  // CHECK: %v1 = arith.extf %v0 : (f16) -> f32
  // CHECK: %v2 = arith.truncf %v1 : (f32) -> f8E5M2
  // CHECK-LABEL: func.func @uns_g0_kernel(
  // CHECK: %v1 = arith.index_castui %v0 : (ui8) -> index
  // CHECK: %v2 = arith.index_cast %v1 : (index) -> i32
  // CHECK-LABEL: func.func @to_uns_g0_kernel(
  // CHECK: %v1 = arith.fptoui %v0 : (f32) -> ui16
  // CHECK-LABEL: func.func @bf16_chain_g0_kernel(
  // CHECK: %v3 = arith.extf %v0 : (bf16) -> f32
  // CHECK: %v4 = arith.extf %v1 : (bf16) -> f32
  // CHECK: %v5 = arith.addf %v3, %v4 : (f32, f32) -> f32
  // CHECK: %v6 = arith.truncf %v5 : (f32) -> bf16
  // CHECK: %v7 = arith.extf %v6 : (bf16) -> f32
  // CHECK: %v8 = arith.extf %v2 : (bf16) -> f32
  // CHECK: %v9 = arith.mulf %v7, %v8 : (f32, f32) -> f32
  // CHECK: %v10 = arith.truncf %v9 : (f32) -> bf16
  // CHECK: tile.store %v10
}
