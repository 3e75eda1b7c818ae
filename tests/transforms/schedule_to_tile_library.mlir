// RUN: tessera-opt %s --pass graph-to-schedule --pass schedule-to-tile | FileCheck %s
// Schedule -> Tile with the module attribute tessera.library_groups (set by the CUDA backend in
// default mode, core/transforms/library_groups.h): a one-op matmul group whose lowering takes
// several launches (a transpose, a cast, a rounding kernel) stays whole for the vendor library;
// one that lowers to a single launch on its own operands still lowers (the library may take it,
// the generated kernel is the fallback); other groups are not affected. A flash_attn group stays
// whole only when cuDNN SDPA takes it (core/transforms/sdpa_support.h, the predicate the library
// asks at run time): f32, or v with Dv != D, lowers to generated kernels.
module attributes {tessera.library_groups} {
  // CHECK-LABEL: func.func @bf16_out(
  // CHECK: schedule.group %a, %b {{.*}}schedule.not_lowered = "default mode: left whole for the vendor library (its Tile IR lowering takes several launches)"
  // CHECK-NOT: tile.launch
  // CHECK: return
  func.func @bf16_out(%a: tensor<8x40xbf16>, %b: tensor<40x12xbf16>) -> tensor<8x12xbf16> {
    %0 = "tessera.matmul"(%a, %b) : (tensor<8x40xbf16>, tensor<40x12xbf16>) -> tensor<8x12xbf16>
    return %0 : tensor<8x12xbf16>
  }
  // CHECK-LABEL: func.func @transposed(
  // CHECK: schedule.not_lowered = "default mode: left whole
  func.func @transposed(%a: tensor<4x8xf32>, %b: tensor<5x8xf32>) -> tensor<4x5xf32> {
    %0 = "tessera.matmul"(%a, %b) {transpose_b = true} : (tensor<4x8xf32>, tensor<5x8xf32>) -> tensor<4x5xf32>
    return %0 : tensor<4x5xf32>
  }
  // CHECK-LABEL: func.func @one_launch(
  // CHECK: tile.launch %a, %b {callee = @one_launch_g0_kernel
  // CHECK-NOT: not_lowered
  // CHECK: return
  func.func @one_launch(%a: tensor<2x8xbf16>, %b: tensor<8x8xbf16>) -> tensor<2x8xf32> {
    %0 = "tessera.matmul"(%a, %b) : (tensor<2x8xbf16>, tensor<8x8xbf16>) -> tensor<2x8xf32>
    return %0 : tensor<2x8xf32>
  }
  // CHECK-LABEL: func.func @not_library(
  // CHECK: tile.launch
  // CHECK-NOT: not_lowered
  func.func @not_library(%a: tensor<4x8xf32>) -> tensor<8x4xf32> {
    %0 = "tessera.transpose"(%a) {perm = [1, 0]} : (tensor<4x8xf32>) -> tensor<8x4xf32>
    return %0 : tensor<8x4xf32>
  }
  // CHECK-LABEL: func.func @attn_bf16(
  // CHECK: schedule.group %q, %k, %v {{.*}}schedule.not_lowered = "default mode: left whole
  // CHECK-NOT: tile.launch
  // CHECK: return
  func.func @attn_bf16(%q: tensor<1x2x8x8xbf16>, %k: tensor<1x2x8x8xbf16>, %v: tensor<1x2x8x8xbf16>) -> tensor<1x2x8x8xbf16> {
    %o = "tessera.flash_attn"(%q, %k, %v) {causal = true} : (tensor<1x2x8x8xbf16>, tensor<1x2x8x8xbf16>, tensor<1x2x8x8xbf16>) -> tensor<1x2x8x8xbf16>
    return %o : tensor<1x2x8x8xbf16>
  }
  // CHECK-LABEL: func.func @attn_f32(
  // CHECK-NOT: not_lowered
  // CHECK: tile.launch {{.*}}{callee = @attn_f32_g0_kernel
  // CHECK-NOT: not_lowered
  // CHECK: return
  func.func @attn_f32(%q: tensor<1x2x8x8xf32>, %k: tensor<1x2x8x8xf32>, %v: tensor<1x2x8x8xf32>) -> tensor<1x2x8x8xf32> {
    %o = "tessera.flash_attn"(%q, %k, %v) {causal = true} : (tensor<1x2x8x8xf32>, tensor<1x2x8x8xf32>, tensor<1x2x8x8xf32>) -> tensor<1x2x8x8xf32>
    return %o : tensor<1x2x8x8xf32>
  }
  // CHECK-LABEL: func.func @attn_bf16_dv(
  // CHECK-NOT: not_lowered
  // CHECK: tile.launch {{.*}}{callee = @attn_bf16_dv_g0_kernel
  // CHECK-NOT: not_lowered
  // CHECK: return
  func.func @attn_bf16_dv(%q: tensor<1x2x8x8xbf16>, %k: tensor<1x2x8x8xbf16>, %v: tensor<1x2x8x16xbf16>) -> tensor<1x2x8x16xbf16> {
    %o = "tessera.flash_attn"(%q, %k, %v) : (tensor<1x2x8x8xbf16>, tensor<1x2x8x8xbf16>, tensor<1x2x8x16xbf16>) -> tensor<1x2x8x16xbf16>
    return %o : tensor<1x2x8x16xbf16>
  }
}
