// Verifier tests of schedule.group: one case per constraint label (docs/ops/schedule/group.md).
// schedule_c1
func.func @f(%a: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error@+1 {{groups @nowhere, which is not a function of this module (schedule_c1)}}
  %0 = schedule.group %a {callee = @nowhere, kind = "whole"} : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----
// schedule_c1 (operand types)
func.func @g(%x: tensor<4xf32>) -> tensor<4xf32> {
  return %x : tensor<4xf32>
}
func.func @f(%a: tensor<4xf64>) -> tensor<4xf32> {
  // expected-error@+1 {{operand #0 has type tensor<4xf64> but @g takes tensor<4xf32> (schedule_c1)}}
  %0 = schedule.group %a {callee = @g, kind = "whole"} : (tensor<4xf64>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----
// schedule_c2
func.func @g(%x: tensor<4xf32>) -> tensor<4xf32> {
  return %x : tensor<4xf32>
}
func.func @f(%a: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error@+1 {{'kind' is one of "gemm", "conv", "attention", "row", "elementwise", "whole" (schedule_c2)}}
  %0 = schedule.group %a {callee = @g, kind = "loop"} : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----
// schedule_c3
func.func @g(%x: tensor<?xf32>) -> tensor<?xf32> {
  %y = tessera.neg %x : (tensor<?xf32>) -> tensor<?xf32>
  return %y : tensor<?xf32>
}
func.func @f(%a: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error@+1 {{'tile_shape' of a 'elementwise' group has 1 extents (schedule_c3)}}
  %0 = schedule.group %a {callee = @g, kind = "elementwise", tile_shape = [2, 2]} : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----
// schedule_c4
func.func @g(%x: tensor<?xf32>) -> tensor<?xf32> {
  %y = tessera.neg %x : (tensor<?xf32>) -> tensor<?xf32>
  return %y : tensor<?xf32>
}
func.func @f(%a: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error@+1 {{'warps' is an integer in [1, 32] (schedule_c4)}}
  %0 = schedule.group %a {callee = @g, kind = "elementwise", tile_shape = [2], warps = 64} : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----
// schedule_c5
func.func @g(%x: tensor<?xf32>) -> tensor<?xf32> {
  %y = tessera.neg %x : (tensor<?xf32>) -> tensor<?xf32>
  return %y : tensor<?xf32>
}
func.func @f(%a: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error@+1 {{'placement' is "replicated" (schedule_c5)}}
  %0 = schedule.group %a {callee = @g, kind = "elementwise", tile_shape = [2], placement = "tp"} : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----
// schedule_c6
func.func @g(%x: tensor<?x4xf32>, %w: tensor<4x4xf32>) -> tensor<?x4xf32> {
  %y = tessera.neg %x : (tensor<?x4xf32>) -> tensor<?x4xf32>
  return %y : tensor<?x4xf32>
}
func.func @f(%a: tensor<4x4xf32>, %w: tensor<4x4xf32>) -> tensor<4x4xf32> {
  // expected-error@+1 {{a 'gemm' group starts with tessera.matmul, not tessera.neg (schedule_c6)}}
  %0 = schedule.group %a, %w {callee = @g, kind = "gemm", tile_shape = [2, 2, 2]} : (tensor<4x4xf32>, tensor<4x4xf32>) -> tensor<4x4xf32>
  return %0 : tensor<4x4xf32>
}

// -----
// schedule_c6 (row axis)
func.func @g(%x: tensor<4x?xf32>) -> tensor<4x?xf32> {
  %y = tessera.softmax %x {axis = 0} : (tensor<4x?xf32>) -> tensor<4x?xf32>
  return %y : tensor<4x?xf32>
}
func.func @f(%a: tensor<4x4xf32>) -> tensor<4x4xf32> {
  // expected-error@+1 {{a 'row' group normalises along the last axis (schedule_c6)}}
  %0 = schedule.group %a {callee = @g, kind = "row", tile_shape = [2, 4]} : (tensor<4x4xf32>) -> tensor<4x4xf32>
  return %0 : tensor<4x4xf32>
}

// -----
// schedule_c6 (attention on rank-3 flash_attn)
func.func @g(%q: tensor<?x4x8xf32>, %k: tensor<?x4x8xf32>, %v: tensor<?x4x8xf32>) -> tensor<?x4x8xf32> {
  %o = "tessera.flash_attn"(%q, %k, %v) : (tensor<?x4x8xf32>, tensor<?x4x8xf32>, tensor<?x4x8xf32>) -> tensor<?x4x8xf32>
  return %o : tensor<?x4x8xf32>
}
func.func @f(%q: tensor<2x4x8xf32>, %k: tensor<2x4x8xf32>, %v: tensor<2x4x8xf32>) -> tensor<2x4x8xf32> {
  // expected-error@+1 {{an 'attention' group needs flash_attn operands of rank 4 (schedule_c6)}}
  %0 = schedule.group %q, %k, %v {callee = @g, kind = "attention", tile_shape = [1, 4, 8]} : (tensor<2x4x8xf32>, tensor<2x4x8xf32>, tensor<2x4x8xf32>) -> tensor<2x4x8xf32>
  return %0 : tensor<2x4x8xf32>
}

// -----
// schedule_c7
func.func @g(%a: tensor<?x4xf32>, %b: tensor<4x?xf32>) -> tensor<?x?xf32> {
  %m = tessera.matmul %a, %b : (tensor<?x4xf32>, tensor<4x?xf32>) -> tensor<?x?xf32>
  %y = tessera.add %m, %a : (tensor<?x?xf32>, tensor<?x4xf32>) -> tensor<?x?xf32>
  return %y : tensor<?x?xf32>
}
func.func @f(%a: tensor<4x4xf32>, %b: tensor<4x4xf32>) -> tensor<4x4xf32> {
  // expected-error@+1 {{parameter #0 is sliced for the anchor and cannot also feed the epilogue (schedule_c7)}}
  %0 = schedule.group %a, %b {callee = @g, kind = "gemm", tile_shape = [2, 2, 2]} : (tensor<4x4xf32>, tensor<4x4xf32>) -> tensor<4x4xf32>
  return %0 : tensor<4x4xf32>
}

// -----
// schedule_c7 (epilogue)
func.func @g(%a: tensor<?x4xf32>, %b: tensor<4x?xf32>) -> tensor<?x?xf32> {
  %m = tessera.matmul %a, %b : (tensor<?x4xf32>, tensor<4x?xf32>) -> tensor<?x?xf32>
  %y = tessera.softmax %m : (tensor<?x?xf32>) -> tensor<?x?xf32>
  return %y : tensor<?x?xf32>
}
func.func @f(%a: tensor<4x4xf32>, %b: tensor<4x4xf32>) -> tensor<4x4xf32> {
  // expected-error@+1 {{the epilogue op tessera.softmax of a tiled group must be elementwise with the anchor's result shape (schedule_c7)}}
  %0 = schedule.group %a, %b {callee = @g, kind = "gemm", tile_shape = [2, 2, 2]} : (tensor<4x4xf32>, tensor<4x4xf32>) -> tensor<4x4xf32>
  return %0 : tensor<4x4xf32>
}
