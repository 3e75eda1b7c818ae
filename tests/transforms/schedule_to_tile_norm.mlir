// RUN: tessera-opt %s --pass graph-to-schedule --pass schedule-to-tile | FileCheck %s
// Schedule -> Tile: f64, bf16, f16 and wide f32 norms and (but f64) softmax as scalar kernels,
// one group per row (docs/ops/schedule/lowering.md, "Scalar normalization"); f64 softmax stays.
module {
  // CHECK-LABEL: func.func @ln(
  // CHECK: %[[X:.*]] = tessera.reshape %x : (tensor<3x10xf64>) -> tensor<30xf64>
  // CHECK: tile.launch %[[X]], %{{.*}}, %{{.*}} {callee = @ln_g0_kernel, grid = [3]{{.*}} -> tensor<3x10xf64>
  func.func @ln(%x: tensor<3x10xf64>, %g: tensor<10xf64>, %b: tensor<10xf64>) -> tensor<3x10xf64> {
    %r = "tessera.layer_norm"(%x, %g, %b) : (tensor<3x10xf64>, tensor<10xf64>, tensor<10xf64>) -> tensor<3x10xf64>
    return %r : tensor<3x10xf64>
  }
  // rmsnorm over the trailing [4, 5] block: rows of 20, gamma flattened to [20].
  // CHECK-LABEL: func.func @rms(
  // CHECK: tessera.reshape %g : (tensor<4x5xf64>) -> tensor<20xf64>
  // CHECK: tile.launch {{.*}}callee = @rms_g0_kernel, grid = [3]{{.*}} -> tensor<3x20xf64>
  func.func @rms(%x: tensor<3x4x5xf64>, %g: tensor<4x5xf64>) -> tensor<3x4x5xf64> {
    %r = "tessera.rmsnorm"(%x, %g) {axis = 1, epsilon = 0.5} : (tensor<3x4x5xf64>, tensor<4x5xf64>) -> tensor<3x4x5xf64>
    return %r : tensor<3x4x5xf64>
  }
  // f64 softmax: the scalar kernel, its exp the spec's exp64 (schedule_to_tile_exp64.mlir).
  // CHECK-LABEL: func.func @sm(
  // CHECK: tile.launch %{{.*}} {callee = @sm_g0_kernel, grid = [4]
  func.func @sm(%x: tensor<4x9xf64>) -> tensor<4x9xf64> {
    %r = "tessera.softmax"(%x) : (tensor<4x9xf64>) -> tensor<4x9xf64>
    return %r : tensor<4x9xf64>
  }
  // CHECK-LABEL: func.func @lsm(
  // CHECK: tile.launch %{{.*}} {callee = @lsm_g0_kernel, grid = [9]
  func.func @lsm(%x: tensor<4x9xf64>) -> tensor<4x9xf64> {
    %r = "tessera.log_softmax"(%x) {axis = 0} : (tensor<4x9xf64>) -> tensor<4x9xf64>
    return %r : tensor<4x9xf64>
  }
  // bf16 softmax along axis 1 of [3, 5, 4]: 12 rows of 5 with stride 4, widened to f32 on
  // load, rounded to bf16 at the store [g / 4, j * 4 + g % 4] of a [3, 20] result.
  // CHECK-LABEL: func.func @smb(
  // CHECK: tile.launch {{.*}}callee = @smb_g0_kernel, grid = [12]{{.*}} : (tensor<60xbf16>) -> tensor<3x20xbf16>
  func.func @smb(%x: tensor<3x5x4xbf16>) -> tensor<3x5x4xbf16> {
    %r = "tessera.softmax"(%x) {axis = 1} : (tensor<3x5x4xbf16>) -> tensor<3x5x4xbf16>
    return %r : tensor<3x5x4xbf16>
  }
  // f32 rows of 2000 elements: too wide for a register tile, the scalar kernel.
  // CHECK-LABEL: func.func @wide(
  // CHECK: tile.launch {{.*}}callee = @wide_g0_kernel, grid = [2]{{.*}} -> tensor<2x2000xf32>
  func.func @wide(%x: tensor<2x2000xf32>) -> tensor<2x2000xf32> {
    %r = "tessera.rmsnorm"(%x) : (tensor<2x2000xf32>) -> tensor<2x2000xf32>
    return %r : tensor<2x2000xf32>
  }
  // layer_norm: the sum chain from x[0], / n, the squared differences' chain from d_0 * d_0,
  // 1 / sqrt(sq / n + eps), then per element (x - mean) * scale * gamma + beta.
  // CHECK-LABEL: func.func @ln_g0_kernel(
  // CHECK: %[[N:.*]] = arith.constant {value = 1.0e+01} : () -> f64
  // CHECK: %[[EPS:.*]] = arith.constant {value = 1.0e-05} : () -> f64
  // CHECK: %[[X0:.*]] = tile.load %in0
  // CHECK: %[[SUM:.*]] = "scf.for"(%c1, %{{.*}}, %c1, %[[X0]])
  // CHECK: arith.addf
  // CHECK: %[[MEAN:.*]] = arith.divf %[[SUM]], %[[N]] : (f64, f64) -> f64
  // CHECK: %[[D0:.*]] = arith.subf %{{.*}}, %[[MEAN]]
  // CHECK: %[[SQ0:.*]] = arith.mulf %[[D0]], %[[D0]]
  // CHECK: %[[SQ:.*]] = "scf.for"(%c1, %{{.*}}, %c1, %[[SQ0]])
  // CHECK: %[[VAR:.*]] = arith.divf %[[SQ]], %[[N]]
  // CHECK: %[[VE:.*]] = arith.addf %[[VAR]], %[[EPS]]
  // CHECK: %[[ROOT:.*]] = tile.sqrt %[[VE]] : (f64) -> f64
  // CHECK: %[[SCALE:.*]] = arith.divf %{{.*}}, %[[ROOT]]
  // CHECK: %[[C:.*]] = arith.subf %{{.*}}, %[[MEAN]]
  // CHECK: %[[Y:.*]] = arith.mulf %[[C]], %[[SCALE]]
  // CHECK: %[[G:.*]] = tile.load %in1
  // CHECK: %[[YG:.*]] = arith.mulf %[[Y]], %[[G]]
  // CHECK: %[[B:.*]] = tile.load %in2
  // CHECK: %[[YB:.*]] = arith.addf %[[YG]], %[[B]]
  // CHECK: tile.store %[[YB]], %out, %g
  // rmsnorm: no sum chain, the mean is +0 (x - 0 keeps every x).
  // CHECK-LABEL: func.func @rms_g0_kernel(
  // CHECK: %[[E:.*]] = arith.constant {value = 5.0e-01} : () -> f64
  // CHECK: %[[Z:.*]] = arith.constant {value = 0.0e+00} : () -> f64
  // CHECK-NOT: arith.divf %{{.*}}, %{{.*}} : (f64, f64) -> f64
  // CHECK: arith.subf %{{.*}}, %[[Z]]
  // CHECK: tile.sqrt
  // CHECK-LABEL: func.func @smb_g0_kernel(
  // CHECK: %[[R:.*]] = arith.remsi %g
  // CHECK: %[[X0:.*]] = tile.load %in0, %{{.*}} : (memref<?xbf16>, index) -> bf16
  // CHECK: arith.extf %[[X0]] : (bf16) -> f32
  // CHECK: arith.maximumf
  // CHECK: tile.exp
  // CHECK: arith.addf
  // CHECK: %[[Y:.*]] = arith.divf
  // CHECK: %[[YB:.*]] = arith.truncf %[[Y]] : (f32) -> bf16
  // CHECK: tile.store %[[YB]], %out
  // CHECK-LABEL: func.func @wide_g0_kernel(
  // CHECK: %[[N:.*]] = arith.constant {value = 2.0e+03 : f32} : () -> f32
  // CHECK: tile.sqrt %{{.*}} : (f32) -> f32
}
