// RUN: tessera-opt %s --pass graph-to-schedule --pass schedule-to-tile | FileCheck %s
// Schedule -> Tile: the tessera.ebm steps and candidates and tessera.guided_denoise_region as
// scalar kernels (docs/ops/schedule/lowering.md, "EBM steps and candidates"): one group per row,
// each element read into f64, the Graph IR kernel's f64 steps in its order, one rounding at the
// store (two for bf16: to f32, then to bf16).
module {
  // (y - eta g) + a n with a = noise_scale; rows of the last axis.
  // CHECK-LABEL: func.func @step(
  // CHECK: tile.launch %{{.*}}, %{{.*}}, %{{.*}} {callee = @step_g0_kernel, grid = [3]{{.*}} -> tensor<3x5xf32>
  func.func @step(%y: tensor<3x5xf32>, %g: tensor<3x5xf32>, %n: tensor<3x5xf32>) -> tensor<3x5xf32> {
    %r = "tessera.ebm.inner_step"(%y, %g, %n) {eta = 0.125 : f64, noise_scale = 0.25 : f64} : (tensor<3x5xf32>, tensor<3x5xf32>, tensor<3x5xf32>) -> tensor<3x5xf32>
    return %r : tensor<3x5xf32>
  }
  // sphere: three passes over the row (s . v, |w|^2, w / |w|), sqrt in f64.
  // CHECK-LABEL: func.func @sph(
  // CHECK: tile.launch %{{.*}}, %{{.*}} {callee = @sph_g0_kernel, grid = [2]{{.*}} -> tensor<2x4xf64>
  func.func @sph(%s: tensor<2x4xf64>, %g: tensor<2x4xf64>) -> tensor<2x4xf64> {
    %r = "tessera.ebm.sphere_langevin_step"(%s, %g) {eta = 0.01 : f64} : (tensor<2x4xf64>, tensor<2x4xf64>) -> tensor<2x4xf64>
    return %r : tensor<2x4xf64>
  }
  // energy of bf16 rows: one value per row, 0.5 * sum in f64, rounded to f32 then bf16.
  // CHECK-LABEL: func.func @en(
  // CHECK: tile.launch %{{.*}}, %{{.*}} {callee = @en_g0_kernel, grid = [3]{{.*}} -> tensor<3x1xbf16>
  func.func @en(%x: tensor<3x5xbf16>, %y: tensor<3x5xbf16>) -> tensor<3xbf16> {
    %r = "tessera.ebm.energy_quadratic"(%x, %y) {} : (tensor<3x5xbf16>, tensor<3x5xbf16>) -> tensor<3xbf16>
    return %r : tensor<3xbf16>
  }
  // bivector of Cl(2): blade 3 alone (two bits) steps, the others store +0; unrolled.
  // CHECK-LABEL: func.func @biv(
  // CHECK: tile.launch %{{.*}}, %{{.*}} {callee = @biv_g0_kernel, grid = [2]
  func.func @biv(%y: tensor<2x4xf32>, %g: tensor<2x4xf32>) -> tensor<2x4xf32> {
    %r = "tessera.ebm.bivector_langevin_step"(%y, %g) {eta = 0.5 : f64} : (tensor<2x4xf32>, tensor<2x4xf32>) -> tensor<2x4xf32>
    return %r : tensor<2x4xf32>
  }
  // decode_init copy: one group per candidate, reading x's row g / K.
  // CHECK-LABEL: func.func @dc(
  // CHECK: tile.launch %{{.*}} {callee = @dc_g0_kernel, grid = [6]{{.*}} -> tensor<6x5xf32>
  func.func @dc(%x: tensor<3x5xf32>) -> tensor<3x2x5xf32> {
    %r = "tessera.ebm.decode_init"(%x) {steps = 2 : i64, strategy = "copy"} : (tensor<3x5xf32>) -> tensor<3x2x5xf32>
    return %r : tensor<3x2x5xf32>
  }
  // self_verify hard_argmin: one group per batch row.
  // CHECK-LABEL: func.func @sv(
  // CHECK: tile.launch %{{.*}}, %{{.*}} {callee = @sv_g0_kernel, grid = [2]{{.*}} -> tensor<2x4xf32>
  func.func @sv(%e: tensor<2x3xf32>, %c: tensor<2x3x4xf32>) -> tensor<2x4xf32> {
    %r = "tessera.ebm.self_verify"(%e, %c) {} : (tensor<2x3xf32>, tensor<2x3x4xf32>) -> tensor<2x4xf32>
    return %r : tensor<2x4xf32>
  }
  // guided_denoise_region in f32: gamma rounded to f32, three f32 steps.
  // CHECK-LABEL: func.func @gd(
  // CHECK: tile.launch %{{.*}}, %{{.*}}, %{{.*}} {callee = @gd_g0_kernel, grid = [4]{{.*}} -> tensor<4x9xf32>
  func.func @gd(%a: tensor<4x9xf32>, %b: tensor<4x9xf32>, %c: tensor<4x9xf32>) -> tensor<4x9xf32> {
    %r = "tessera.guided_denoise_region"(%a, %b, %c) {timestep = 4 : i64, gamma = 0.1 : f64} : (tensor<4x9xf32>, tensor<4x9xf32>, tensor<4x9xf32>) -> tensor<4x9xf32>
    return %r : tensor<4x9xf32>
  }
  // partition_exact lowers: a rank-0 result, one group over every energy.
  // CHECK-LABEL: func.func @part(
  // CHECK-NOT: schedule.not_lowered
  // CHECK: tile.launch %{{.*}} {callee = @part_g0_kernel, grid = [1]
  func.func @part(%e: tensor<2x3xf32>) -> tensor<f32> {
    %r = "tessera.ebm.partition_exact"(%e) {temperature = 0.75 : f64} : (tensor<2x3xf32>) -> tensor<f32>
    return %r : tensor<f32>
  }
  // langevin_step_philox lowers: one group per row, the key and counter read at run time.
  // CHECK-LABEL: func.func @lph(
  // CHECK-NOT: schedule.not_lowered
  // CHECK: tile.launch %{{.*}} {callee = @lph_g0_kernel, grid = [2]
  func.func @lph(%y: tensor<2x3xf64>, %g: tensor<2x3xf64>, %s: tensor<1xi64>, %c: tensor<4xi64>) -> tensor<2x3xf64> {
    %r = "tessera.ebm.langevin_step_philox"(%y, %g, %s, %c) {eta = 0.125 : f64, temperature = 0.5 : f64} : (tensor<2x3xf64>, tensor<2x3xf64>, tensor<1xi64>, tensor<4xi64>) -> tensor<2x3xf64>
    return %r : tensor<2x3xf64>
  }
  // What stays: the C library's f64 exp.
  // CHECK-LABEL: func.func @soft(
  // CHECK: schedule.not_lowered = "self_verify's softmin weights are the C library's exp of an f64
  func.func @soft(%e: tensor<2x3xf32>, %c: tensor<2x3x4xf32>) -> tensor<2x4xf32> {
    %r = "tessera.ebm.self_verify"(%e, %c) {reduction = "softmin", temperature = 0.5 : f64} : (tensor<2x3xf32>, tensor<2x3x4xf32>) -> tensor<2x4xf32>
    return %r : tensor<2x4xf32>
  }
  // decode_init's noise without a noise operand lowers: randn's stream (Philox, Box-Muller).
  // CHECK-LABEL: func.func @randn(
  // CHECK-NOT: schedule.not_lowered
  // CHECK: tile.launch %{{.*}} {callee = @randn_g0_kernel, grid = [6]
  func.func @randn(%x: tensor<3x5xf32>) -> tensor<3x2x5xf32> {
    %r = "tessera.ebm.decode_init"(%x) {seed = 3 : i64, steps = 2 : i64, strategy = "noise"} : (tensor<3x5xf32>) -> tensor<3x2x5xf32>
    return %r : tensor<3x2x5xf32>
  }
  // CHECK-LABEL: func.func @step_g0_kernel(
  // CHECK-DAG: %[[ETA:.*]] = arith.constant {value = 1.25e-01} : () -> f64
  // CHECK-DAG: %[[A:.*]] = arith.constant {value = 2.5e-01} : () -> f64
  // CHECK: "scf.for"
  // CHECK: %[[Y:.*]] = arith.extf %{{.*}} : (f32) -> f64
  // CHECK: %[[G:.*]] = arith.extf %{{.*}} : (f32) -> f64
  // CHECK: %[[EG:.*]] = arith.mulf %[[ETA]], %[[G]] : (f64, f64) -> f64
  // CHECK: %[[D:.*]] = arith.subf %[[Y]], %[[EG]]
  // CHECK: %[[N:.*]] = arith.extf %{{.*}} : (f32) -> f64
  // CHECK: %[[AN:.*]] = arith.mulf %[[A]], %[[N]]
  // CHECK: %[[V:.*]] = arith.addf %[[D]], %[[AN]]
  // CHECK: %[[R:.*]] = arith.truncf %[[V]] : (f64) -> f32
  // CHECK: tile.store %[[R]], %out, %g
  // CHECK-LABEL: func.func @sph_g0_kernel(
  // CHECK: %[[SV:.*]] = "scf.for"
  // CHECK: %[[N2:.*]] = "scf.for"
  // CHECK: arith.mulf %[[SV]], %{{.*}} : (f64, f64) -> f64
  // CHECK: %[[NRM:.*]] = tile.sqrt %[[N2]] : (f64) -> f64
  // CHECK: %[[POS:.*]] = arith.cmpf %[[NRM]], %{{.*}} {predicate = "ogt"}
  // CHECK: %[[Q:.*]] = arith.divf %[[W:.*]], %[[NRM]] : (f64, f64) -> f64
  // CHECK: arith.select %[[POS]], %[[Q]], %[[W]] : (i1, f64, f64) -> f64
  // CHECK-LABEL: func.func @en_g0_kernel(
  // CHECK: %[[HALF:.*]] = arith.constant {value = 5.0e-01} : () -> f64
  // CHECK: %[[S:.*]] = "scf.for"
  // CHECK: arith.extf %{{.*}} : (bf16) -> f32
  // CHECK: arith.extf %{{.*}} : (f32) -> f64
  // CHECK: %[[E:.*]] = arith.mulf %[[HALF]], %[[S]] : (f64, f64) -> f64
  // CHECK: %[[E32:.*]] = arith.truncf %[[E]] : (f64) -> f32
  // CHECK: %[[E16:.*]] = arith.truncf %[[E32]] : (f32) -> bf16
  // CHECK: tile.store %[[E16]], %out, %g, %c0
  // CHECK-LABEL: func.func @biv_g0_kernel(
  // CHECK-COUNT-3: tile.store %{{.*}}, %out, %g
  // CHECK: arith.subf
  // CHECK: tile.store
  // CHECK-NOT: tile.store
  // CHECK-LABEL: func.func @dc_g0_kernel(
  // CHECK: %[[B:.*]] = arith.divsi %g, %{{.*}} : (index, index) -> index
  // CHECK: arith.muli %[[B]], %{{.*}} : (index, index) -> index
  // CHECK-LABEL: func.func @sv_g0_kernel(
  // CHECK: %[[NAN:.*]] = arith.constant {value = 0x7FF8000000000000 : f64} : () -> f64
  // CHECK: %[[BEST:.*]]:2 = "scf.for"(%c0, %{{.*}}, %c1, %c0, %[[NAN]])
  // CHECK: {predicate = "oeq"}
  // CHECK: {predicate = "une"}
  // CHECK: {predicate = "olt"}
  // CHECK: arith.addi %{{.*}}, %[[BEST]]#0 : (index, index) -> index
  // CHECK-LABEL: func.func @gd_g0_kernel(
  // CHECK: %[[GM:.*]] = arith.constant {value = 1.0000000149011612e-01 : f32} : () -> f32
  // CHECK: %[[DL:.*]] = arith.subf %{{.*}}, %{{.*}} : (f32, f32) -> f32
  // CHECK: %[[ST:.*]] = arith.mulf %[[GM]], %[[DL]] : (f32, f32) -> f32
  // CHECK: arith.addf %{{.*}}, %[[ST]] : (f32, f32) -> f32
  // partition_exact's kernel: l = -e / T and the max with a NaN flag (one fold of two f64),
  // then the sum of exp64(l - m) (the shift 0x1.8p52 of exp64's reduction), log64, the selects.
  // CHECK-LABEL: func.func @part_g0_kernel(
  // CHECK: "scf.for"
  // CHECK: %[[E:.*]] = tile.load %in0
  // CHECK: %[[EW:.*]] = arith.extf %[[E]] : (f32) -> f64
  // CHECK: %[[NE:.*]] = arith.negf %[[EW]]
  // CHECK: %[[L:.*]] = arith.divf %[[NE]], %{{.*}} : (f64, f64) -> f64
  // CHECK: arith.cmpf %[[L]], %[[L]] {predicate = "une"}
  // CHECK: arith.cmpf %{{.*}}, %[[L]] {predicate = "olt"}
  // CHECK: "scf.for"
  // CHECK: arith.constant {value = 6.755399441055744e+15} : () -> f64
  // CHECK: arith.cmpf %{{.*}} {predicate = "ogt"}
  // CHECK: arith.truncf %{{.*}} : (f64) -> f32
  // CHECK: tile.store
  // The seed's words, the counter word 0 plus i (masked, carry by shrsi 32), a Philox round's
  // product by 0xD2511F53 and a run-time round key (+ 0x9E3779B9, masked), u = (w + 0.5) 2^-32,
  // the sqrt of -2 log64, cos64's 2/pi, then (y - eta g) + a z (f64 constants in the entry block).
  // CHECK-LABEL: func.func @lph_g0_kernel(%in0: memref<?xf64>, %in1: memref<?xf64>, %in2: memref<?xi64>, %in3: memref<?xi64>
  // CHECK: %[[SEED:.*]] = tile.load %in2
  // CHECK: arith.andi %[[SEED]]
  // CHECK: %[[C0:.*]] = tile.load %in3
  // CHECK: arith.andi %[[C0]]
  // CHECK: arith.constant {value = 3528531795} : () -> i64
  // CHECK: arith.constant {value = 2654435769} : () -> i64
  // CHECK: arith.sitofp
  // CHECK: tile.sqrt
  // CHECK: arith.constant {value = 6.366197723675814e-01} : () -> f64
  // CHECK: %[[Y:.*]] = tile.load %in0
  // CHECK: %[[G:.*]] = tile.load %in1
  // CHECK: %[[EG:.*]] = arith.mulf %{{.*}}, %[[G]]
  // CHECK: %[[V:.*]] = arith.subf %[[Y]], %[[EG]]
  // CHECK: %[[AZ:.*]] = arith.mulf %{{.*}}, %{{.*}}
  // CHECK: %[[R:.*]] = arith.addf %[[V]], %[[AZ]]
  // CHECK: tile.store %[[R]], %out, %g
}
