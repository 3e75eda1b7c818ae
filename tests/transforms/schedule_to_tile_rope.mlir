// RUN: tessera-opt %s --pass graph-to-schedule --pass schedule-to-tile | FileCheck %s
// Schedule -> Tile: tessera.rope and tessera.ntk_rope as scalar kernels (docs/ops/schedule/
// lowering.md, "Rotary embeddings"): one group per row of x's last axis, theta's row g mod its
// rows, cos and sin by the spec's sincosf steps (docs/numerics.md, "sin and cos") in f64.
module {
  // CHECK-LABEL: func.func @rp(
  // CHECK: %[[X:.*]] = tessera.reshape %x : (tensor<2x4x8xf32>) -> tensor<64xf32>
  // CHECK: %[[T:.*]] = tessera.reshape %th : (tensor<4x8xf32>) -> tensor<32xf32>
  // CHECK: tile.launch %[[X]], %[[T]] {callee = @rp_g0_kernel, grid = [8]{{.*}} -> tensor<8x8xf32>
  func.func @rp(%x: tensor<2x4x8xf32>, %th: tensor<4x8xf32>) -> tensor<2x4x8xf32> {
    %r = "tessera.rope"(%x, %th) : (tensor<2x4x8xf32>, tensor<4x8xf32>) -> tensor<2x4x8xf32>
    return %r : tensor<2x4x8xf32>
  }
  // ntk_rope: theta / f32(scale) first.
  // CHECK-LABEL: func.func @ntk(
  // CHECK: tile.launch %{{.*}}, %{{.*}} {callee = @ntk_g0_kernel, grid = [3]{{.*}} -> tensor<3x4xbf16>
  func.func @ntk(%x: tensor<3x4xbf16>, %th: tensor<4xbf16>) -> tensor<3x4xbf16> {
    %r = tessera.ntk_rope %x, %th {scale = 3.0 : f64} : (tensor<3x4xbf16>, tensor<4xbf16>) -> tensor<3x4xbf16>
    return %r : tensor<3x4xbf16>
  }
  // f64 lowers too: in f64, cos and sin by the spec's sincos64 (docs/numerics.md).
  // CHECK-LABEL: func.func @f64(
  // CHECK-NOT: schedule.not_lowered
  // CHECK: tile.launch %{{.*}}, %{{.*}} {callee = @f64_g0_kernel, grid = [3]{{.*}} -> tensor<3x6xf64>
  func.func @f64(%x: tensor<3x6xf64>, %th: tensor<3x6xf64>) -> tensor<3x6xf64> {
    %r = "tessera.rope"(%x, %th) : (tensor<3x6xf64>, tensor<3x6xf64>) -> tensor<3x6xf64>
    return %r : tensor<3x6xf64>
  }
  // CHECK-LABEL: func.func @rp_g0_kernel(
  // CHECK: %[[TROW:.*]] = arith.remsi %g, %{{.*}} : (index, index) -> index
  // CHECK-DAG: %[[SHIFT:.*]] = arith.constant {value = 6.755399441055744e+15} : () -> f64
  // CHECK-DAG: %[[TWOPI:.*]] = arith.constant {value = 6.366197723675814e-01} : () -> f64
  // CHECK-DAG: %[[P1:.*]] = arith.constant {value = 1.570796325802803e+00} : () -> f64
  // CHECK: "scf.for"
  // CHECK: arith.muli %[[TROW]]
  // CHECK: %[[A:.*]] = tile.load %in1
  // CHECK: %[[AD:.*]] = arith.extf %[[A]] : (f32) -> f64
  // CHECK: %[[Y:.*]] = arith.mulf %[[AD]], %[[TWOPI]]
  // CHECK: %[[YS:.*]] = arith.addf %[[Y]], %[[SHIFT]]
  // CHECK: %[[KD:.*]] = arith.subf %[[YS]], %[[SHIFT]]
  // CHECK: %[[KP1:.*]] = arith.mulf %[[KD]], %[[P1]]
  // CHECK: arith.subf %[[AD]], %[[KP1]]
  // CHECK-COUNT-2: arith.cmpf %{{.*}} {predicate = "oeq"}
  // CHECK: %[[SIN:.*]] = arith.truncf %{{.*}} : (f64) -> f32
  // CHECK: %[[COS:.*]] = arith.truncf %{{.*}} : (f64) -> f32
  // CHECK: %[[XE:.*]] = tile.load %in0
  // CHECK: %[[XO:.*]] = tile.load %in0
  // CHECK: %[[PA:.*]] = arith.mulf %[[XE]], %[[COS]] : (f32, f32) -> f32
  // CHECK: %[[PB:.*]] = arith.mulf %[[XO]], %[[SIN]] : (f32, f32) -> f32
  // CHECK: %[[PD:.*]] = arith.mulf %[[XE]], %[[SIN]] : (f32, f32) -> f32
  // CHECK: %[[PF:.*]] = arith.mulf %[[XO]], %[[COS]] : (f32, f32) -> f32
  // CHECK: %[[Y0:.*]] = arith.subf %[[PA]], %[[PB]] : (f32, f32) -> f32
  // CHECK: %[[Y1:.*]] = arith.addf %[[PD]], %[[PF]] : (f32, f32) -> f32
  // CHECK: tile.store %[[Y0]], %out, %g
  // CHECK: tile.store %[[Y1]], %out, %g
  // CHECK-LABEL: func.func @ntk_g0_kernel(
  // CHECK: %[[S:.*]] = arith.constant {value = 3.0e+00 : f32} : () -> f32
  // CHECK: %[[TH:.*]] = arith.extf %{{.*}} : (bf16) -> f32
  // CHECK: arith.divf %[[TH]], %[[S]] : (f32, f32) -> f32
  // CHECK: arith.truncf %{{.*}} : (f32) -> bf16
  // sincos64: |theta| against pi/4 and 2^512, the scaled argument, the first piece of 2/pi or of
  // (2^512 2/pi) mod 2^54 by a select, Dekker's product, mod 4 (2^54, 2^-30, shift), ...
  // CHECK-LABEL: func.func @f64_g0_kernel(
  // CHECK: %[[A:.*]] = tile.load %in1
  // CHECK: %[[NEG:.*]] = arith.cmpf %[[A]], %{{.*}} {predicate = "olt"}
  // CHECK: %[[AX:.*]] = arith.select %[[NEG]], %{{.*}}, %[[A]] : (i1, f64, f64) -> f64
  // CHECK: %[[QP:.*]] = arith.constant {value = 7.853981633974483e-01} : () -> f64
  // CHECK: arith.cmpf %[[AX]], %[[QP]] {predicate = "olt"}
  // CHECK: %[[B:.*]] = arith.constant {value = 1.3407807929942597e+154} : () -> f64
  // CHECK: %[[BIG:.*]] = arith.cmpf %[[AX]], %[[B]] {predicate = "oge"}
  // CHECK: %[[XS:.*]] = arith.select %[[BIG]], %{{.*}}, %[[AX]] : (i1, f64, f64) -> f64
  // CHECK: %[[P0B:.*]] = arith.constant {value = 6.222771207056689e+14} : () -> f64
  // CHECK: %[[P0:.*]] = arith.constant {value = 6.366197723675814e-01} : () -> f64
  // CHECK: %[[C0:.*]] = arith.select %[[BIG]], %[[P0B]], %[[P0]] : (i1, f64, f64) -> f64
  // CHECK: arith.mulf %[[XS]], %[[C0]] : (f64, f64) -> f64
  // CHECK: arith.constant {value = 1.8014398509481984e+16} : () -> f64
  // CHECK: arith.constant {value = 9.313225746154785e-10} : () -> f64
  // CHECK: arith.constant {value = 6.755399441055744e+15} : () -> f64
  // ... 14 pieces, then the series, the quadrant (q = k - 4 round(k / 4)) and the selects,
  // NaN for NaN and +-Inf, and the four f64 products of the rotation.
  // CHECK-COUNT-4: arith.cmpf %{{.*}} {predicate = "oeq"}
  // CHECK: arith.divf
  // CHECK: %[[XE:.*]] = tile.load %in0
  // CHECK: %[[XO:.*]] = tile.load %in0
  // CHECK: arith.mulf %[[XE]], %{{.*}} : (f64, f64) -> f64
  // CHECK: %[[Y0:.*]] = arith.subf %{{.*}}, %{{.*}} : (f64, f64) -> f64
  // CHECK: %[[Y1:.*]] = arith.addf %{{.*}}, %{{.*}} : (f64, f64) -> f64
  // CHECK: tile.store %[[Y0]], %out, %g
  // CHECK: tile.store %[[Y1]], %out, %g
}
