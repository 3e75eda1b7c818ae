// RUN: tessera-opt %s --pass graph-to-schedule --pass schedule-to-tile | FileCheck %s
// Schedule -> Tile: scalar reductions, cross_entropy, optimizers and topk as scalar kernels in
// the Graph IR kernels' order (docs/ops/schedule/lowering.md, "Scalar reductions", "Losses",
// "Optimizers", "Top-k"); what stays, with its reason.
module {
  // An f64 mean over axis 0: the axis moves last, one group per output walks its row.
  // CHECK-LABEL: func.func @rf64(
  // The transpose before the launch is itself a gather launch (docs/ops/schedule/lowering.md,
  // "Data movement around launches").
  // CHECK: %[[F:.*]] = tessera.reshape %x : (tensor<5x7xf64>) -> tensor<35xf64>
  // CHECK: %[[T:.*]] = tile.launch %[[F]] {callee = @rf64_move0_kernel, grid = [7]{{.*}} : (tensor<35xf64>) -> tensor<7x5xf64>
  // CHECK: %[[R:.*]] = tessera.reshape %[[T]] : (tensor<7x5xf64>) -> tensor<35xf64>
  // CHECK: %[[L:.*]] = tile.launch %[[R]] {callee = @rf64_g0_kernel, grid = [7]
  // CHECK: tessera.reshape %[[L]] {schedule.group = @rf64_g0} : (tensor<7x1xf64>) -> tensor<7xf64>
  func.func @rf64(%x: tensor<5x7xf64>) -> tensor<7xf64> {
    %r = "tessera.reduce"(%x) {kind = "mean", axes = [0]} : (tensor<5x7xf64>) -> tensor<7xf64>
    return %r : tensor<7xf64>
  }
  // CHECK-LABEL: func.func @rbf16(
  // CHECK: tile.launch %{{.*}} {callee = @rbf16_g0_kernel, grid = [4]
  func.func @rbf16(%x: tensor<4x9xbf16>) -> tensor<4xbf16> {
    %r = "tessera.reduce"(%x) {kind = "sum", axes = [1], numeric_policy = {accum = "f64"}} : (tensor<4x9xbf16>) -> tensor<4xbf16>
    return %r : tensor<4xbf16>
  }
  // An f32 reduction over no axis: each output is its element (rows of W = 1, the tile kernel).
  // CHECK-LABEL: func.func @noaxis(
  // CHECK: tile.launch %{{.*}} {callee = @noaxis_g0_kernel, grid = [1]
  func.func @noaxis(%x: tensor<3x4xf32>) -> tensor<3x4xf32> {
    %r = "tessera.reduce"(%x) {kind = "sum", axes = []} : (tensor<3x4xf32>) -> tensor<3x4xf32>
    return %r : tensor<3x4xf32>
  }
  // CHECK-LABEL: func.func @xent(
  // CHECK: %[[X:.*]] = tessera.reshape %x : (tensor<8x10xf32>) -> tensor<80xf32>
  // CHECK: %[[Y:.*]] = tessera.reshape %y : (tensor<8xi32>) -> tensor<8xi32>
  // CHECK: tile.launch %[[X]], %[[Y]] {callee = @xent_g0_kernel, grid = [1]
  func.func @xent(%x: tensor<8x10xf32>, %y: tensor<8xi32>) -> tensor<f32> {
    %r = "tessera.cross_entropy"(%x, %y) : (tensor<8x10xf32>, tensor<8xi32>) -> tensor<f32>
    return %r : tensor<f32>
  }
  // reduction = "none": one group per row.
  // CHECK-LABEL: func.func @xnone(
  // CHECK: tile.launch %{{.*}}, %{{.*}} {callee = @xnone_g0_kernel, grid = [3]
  func.func @xnone(%x: tensor<3x3xf32>, %y: tensor<3xui8>) -> tensor<3xf32> {
    %r = "tessera.cross_entropy"(%x, %y) {reduction = "none"} : (tensor<3x3xf32>, tensor<3xui8>) -> tensor<3xf32>
    return %r : tensor<3xf32>
  }
  // adamw: one launch with three results, in their own shapes.
  // CHECK-LABEL: func.func @adam(
  // CHECK: %r:3 = tile.launch %p, %g, %m, %v {callee = @adam_g0_kernel, grid = [3]
  func.func @adam(%p: tensor<3x16xf32>, %g: tensor<3x16xf32>, %m: tensor<3x16xf32>, %v: tensor<3x16xf32>) -> (tensor<3x16xf32>, tensor<3x16xf32>, tensor<3x16xf32>) {
    %r:3 = "tessera.adamw"(%p, %g, %m, %v) {lr = 1.0e-03, step = 10} : (tensor<3x16xf32>, tensor<3x16xf32>, tensor<3x16xf32>, tensor<3x16xf32>) -> (tensor<3x16xf32>, tensor<3x16xf32>, tensor<3x16xf32>)
    return %r#0, %r#1, %r#2 : tensor<3x16xf32>, tensor<3x16xf32>, tensor<3x16xf32>
  }
  // adam with a ui8 step operand (adam_c4): a scalar parameter, checked (>= 1, below 2^63 - 1;
  // else %off moves the column loop past the row's end: a bounds error), converted to f64, the
  // corrections T(1 - pow64(beta, step)) once per group, then the column loop.
  // CHECK-LABEL: func.func @adamstep(
  // CHECK: %r:3 = tile.launch %p, %g, %m, %v, %t {callee = @adamstep_g0_kernel, grid = [2]
  func.func @adamstep(%p: tensor<2x8xf32>, %g: tensor<2x8xf32>, %m: tensor<2x8xf32>, %v: tensor<2x8xf32>, %t: tensor<ui8>) -> tensor<2x8xf32> {
    %r:3 = "tessera.adam"(%p, %g, %m, %v, %t) {lr = 1.0e-02} : (tensor<2x8xf32>, tensor<2x8xf32>, tensor<2x8xf32>, tensor<2x8xf32>, tensor<ui8>) -> (tensor<2x8xf32>, tensor<2x8xf32>, tensor<2x8xf32>)
    return %r#0 : tensor<2x8xf32>
  }
  // CHECK-LABEL: func.func @topk(
  // CHECK: %r:2 = tile.launch %x {callee = @topk_g0_kernel, grid = [4]
  func.func @topk(%x: tensor<4x9xf32>) -> (tensor<4x3xf32>, tensor<4x3xi64>) {
    %r:2 = "tessera.topk"(%x) {k = 3} : (tensor<4x9xf32>) -> (tensor<4x3xf32>, tensor<4x3xi64>)
    return %r#0, %r#1 : tensor<4x3xf32>, tensor<4x3xi64>
  }
  // softmax_safe: the softmax row kernel, then +0 on the rows whose max is -Inf.
  // CHECK-LABEL: func.func @ssafe(
  // CHECK: tile.launch %{{.*}} {callee = @ssafe_g0_kernel, grid = [1]
  func.func @ssafe(%x: tensor<4x6xf32>) -> tensor<4x6xf32> {
    %r = "tessera.softmax_safe"(%x) : (tensor<4x6xf32>) -> tensor<4x6xf32>
    return %r : tensor<4x6xf32>
  }
  // f64 cross_entropy: its exp and log are the spec's exp64 and log64.
  // CHECK-LABEL: func.func @xf64(
  // CHECK: tile.launch %{{.*}} {callee = @xf64_g0_kernel, grid = [1]
  // What stays.
  func.func @xf64(%x: tensor<4x3xf64>, %y: tensor<4xi32>) -> tensor<f64> {
    %r = "tessera.cross_entropy"(%x, %y) : (tensor<4x3xf64>, tensor<4xi32>) -> tensor<f64>
    return %r : tensor<f64>
  }
  // f64 adam: tile.sqrt of an f64 scalar (sqrt_c1).
  // CHECK-LABEL: func.func @adamf64(
  // CHECK: tile.launch %p, %g, %m, %v {callee = @adamf64_g0_kernel
  func.func @adamf64(%p: tensor<4xf64>, %g: tensor<4xf64>, %m: tensor<4xf64>, %v: tensor<4xf64>) -> tensor<4xf64> {
    %r:3 = "tessera.adam"(%p, %g, %m, %v) : (tensor<4xf64>, tensor<4xf64>, tensor<4xf64>, tensor<4xf64>) -> (tensor<4xf64>, tensor<4xf64>, tensor<4xf64>)
    return %r#0 : tensor<4xf64>
  }
  // binary_cross_entropy of f64: the spec's exp64 and log1p64 (f32: schedule_to_tile_loss.mlir).
  // CHECK-LABEL: func.func @bce(
  // CHECK: tile.launch %{{.*}} {callee = @bce_g0_kernel, grid = [1]
  func.func @bce(%z: tensor<6xf64>, %t: tensor<6xf64>) -> tensor<f64> {
    %r = "tessera.binary_cross_entropy"(%z, %t) : (tensor<6xf64>, tensor<6xf64>) -> tensor<f64>
    return %r : tensor<f64>
  }
  // k = 0: empty results, a kernel that writes nothing.
  // CHECK-LABEL: func.func @topk0(
  // CHECK: tile.launch %x {callee = @topk0_g0_kernel, grid = [1]
  func.func @topk0(%x: tensor<4x9xf32>) -> tensor<4x0xf32> {
    %r:2 = "tessera.topk"(%x) {k = 0} : (tensor<4x9xf32>) -> (tensor<4x0xf32>, tensor<4x0xi64>)
    return %r#0 : tensor<4x0xf32>
  }
  // The f64 fold: from the first element, one addf per step, then divf by W.
  // CHECK-LABEL: func.func @rf64_g0_kernel(%in0: memref<?xf64>, %out: memref<?x?xf64>)
  // CHECK: %[[W:.*]] = arith.constant {value = 5 : index}
  // CHECK: %[[ROW:.*]] = arith.muli %g, %[[W]]
  // CHECK: %[[X0:.*]] = tile.load %in0, %[[ROW]] : (memref<?xf64>, index) -> f64
  // CHECK: %[[S:.*]] = "scf.for"(%c1, %[[W]], %c1, %[[X0]]) ({
  // CHECK: ^bb0(%[[J:.*]]: index, %[[A:.*]]: f64):
  // CHECK: %[[XJ:.*]] = tile.load %in0
  // CHECK: %[[N:.*]] = arith.addf %[[A]], %[[XJ]] : (f64, f64) -> f64
  // CHECK: scf.yield %[[N]]
  // CHECK: %[[C:.*]] = arith.constant {value = 5.0e+00} : () -> f64
  // CHECK: %[[M:.*]] = arith.divf %[[S]], %[[C]]
  // CHECK: tile.store %[[M]], %out, %g, %c0
  // bf16 with an f64 accumulator: widened exactly, summed in f64, rounded f64 -> f32 -> bf16.
  // CHECK-LABEL: func.func @rbf16_g0_kernel(
  // CHECK: arith.extf %{{.*}} : (bf16) -> f32
  // CHECK-NEXT: arith.extf %{{.*}} : (f32) -> f64
  // CHECK: arith.addf %{{.*}} : (f64, f64) -> f64
  // CHECK: %[[T1:.*]] = arith.truncf %{{.*}} : (f64) -> f32
  // CHECK-NEXT: %[[T2:.*]] = arith.truncf %[[T1]] : (f32) -> bf16
  // CHECK-NEXT: tile.store %[[T2]]
  // cross_entropy: max chain, sum of exp(x - m), the label's logit (index N when out of range),
  // log(s) - (x[label] - m), then the rows' sum and the mean.
  // CHECK-LABEL: func.func @xent_g0_kernel(%in0: memref<?xf32>, %in1: memref<?xi32>, %out: memref<?x?xf32>)
  // CHECK: arith.maximumf
  // CHECK: tile.exp
  // CHECK: tile.exp
  // CHECK: arith.addf
  // CHECK: %[[LAB:.*]] = arith.index_cast %{{.*}} : (i32) -> index
  // CHECK: arith.cmpi %[[LAB]], %c0 {predicate = "sge"}
  // CHECK: arith.cmpi %[[LAB]], %{{.*}} {predicate = "slt"}
  // CHECK: arith.select %{{.*}} : (i1, index, index) -> index
  // CHECK: %[[D:.*]] = arith.subf
  // CHECK: %[[LG:.*]] = tile.log
  // CHECK: arith.subf %[[LG]], %[[D]]
  // CHECK: arith.constant {value = 8.0e+00 : f32} : () -> f32
  // CHECK-LABEL: func.func @xnone_g0_kernel(
  // CHECK: arith.index_castui %{{.*}} : (ui8) -> index
  // adamw's steps in the kernel's order (constants rounded to f32).
  // CHECK-LABEL: func.func @adam_g0_kernel(
  // CHECK-SAME: %out0: memref<3x16xf32>, %out1: memref<3x16xf32>, %out2: memref<3x16xf32>)
  // CHECK: %s0 = arith.mulf %k2, %v2
  // CHECK-NEXT: %s1 = arith.mulf %k3, %v1
  // CHECK-NEXT: %s2 = arith.addf %s0, %s1
  // CHECK-NEXT: %s3 = arith.mulf %v1, %v1
  // CHECK-NEXT: %s4 = arith.mulf %k4, %v3
  // CHECK-NEXT: %s5 = arith.mulf %k5, %s3
  // CHECK-NEXT: %s6 = arith.addf %s4, %s5
  // CHECK-NEXT: %s7 = arith.divf %s6, %k1
  // CHECK-NEXT: %s8 = tile.sqrt %s7
  // CHECK-NEXT: %s9 = arith.addf %s8, %k6
  // CHECK-NEXT: %s10 = arith.divf %s2, %k0
  // CHECK-NEXT: %s11 = arith.divf %s10, %s9
  // CHECK-NEXT: %s12 = arith.mulf %k7, %v0
  // CHECK-NEXT: %s13 = arith.addf %s11, %s12
  // CHECK-NEXT: %s14 = arith.mulf %k8, %s13
  // CHECK-NEXT: %s15 = arith.subf %v0, %s14
  // CHECK-NEXT: tile.store %s15, %out0
  // CHECK-NEXT: tile.store %s2, %out1
  // CHECK-NEXT: tile.store %s6, %out2
  // CHECK-LABEL: func.func @adamstep_g0_kernel(
  // CHECK-SAME: %in4: ui8, %out0: memref<2x8xf32>
  // CHECK: %[[L:.*]] = arith.index_castui %in4 : (ui8) -> index
  // CHECK: %[[GE:.*]] = arith.cmpi %[[L]], %{{.*}} {predicate = "sge"}
  // CHECK: %[[LT:.*]] = arith.cmpi %[[L]], %{{.*}} {predicate = "slt"}
  // CHECK: %[[OK:.*]] = arith.andi %[[GE]], %[[LT]]
  // CHECK: %off = arith.select %[[OK]], %c0, %w
  // CHECK: %[[S:.*]] = arith.sitofp %{{.*}} : (i64) -> f64
  // CHECK: arith.constant {value = 9.0e-01} : () -> f64
  // CHECK: %[[C1:.*]] = arith.truncf %{{.*}} : (f64) -> f32
  // CHECK: arith.constant {value = 9.99e-01} : () -> f64
  // CHECK: %[[C2:.*]] = arith.truncf %{{.*}} : (f64) -> f32
  // CHECK: "scf.for"(%c0, %w, %c1)
  // CHECK: %cx = arith.addi %c, %off
  // CHECK-NEXT: %v0 = tile.load %in0, %i0, %cx
  // CHECK: arith.divf %s6, %[[C2]]
  // CHECK: arith.divf %s2, %[[C1]]
  // CHECK: tile.store %s13, %out0, %i0, %cx
  // topk: k scans of the row, each keeping the first element after the previous pick.
  // CHECK-LABEL: func.func @topk_g0_kernel(%x: memref<4x9xf32>, %vals: memref<4x3xf32>, %idx: memref<4x3xi64>)
  // CHECK: "scf.for"(%c0, %k, %c1, %cm1)
  // CHECK: "scf.for"(%c0, %n, %c1, %cm1)
  // CHECK: arith.select %take, %e, %b
  // CHECK: tile.store %w, %vals, %i0, %j
  // CHECK: tile.store %wi, %idx, %i0, %j
  // CHECK-LABEL: func.func @ssafe_g0_kernel(
  // CHECK: %y = arith.divf %e, %sb
  // CHECK-NEXT: %ninf = tile.full {value = 0xFF800000 : f32}
  // CHECK-NEXT: %zero = tile.full {value = 0.0e+00 : f32}
  // CHECK-NEXT: %all = arith.cmpf %mb, %ninf {predicate = "oeq"}
  // CHECK-NEXT: %ys = arith.select %all, %zero, %y
  // CHECK-NEXT: tile.store_tile %ys, %out
  // CHECK-LABEL: func.func @adamf64_g0_kernel(
  // CHECK: tile.sqrt %{{.*}} : (f64) -> f64
}
