// RUN: tessera-opt %s --pass inline-calls | FileCheck %s
// RUN: tessera-opt %s --pass graph-to-schedule | FileCheck --check-prefix=SCHED %s
// inline-calls (core/transforms/inline_calls.h): a call whose callee calls is replaced by the
// callee's body with its own calls already inlined; uses of the call's results read the inlined
// values. A call whose types differ from the callee's (a dynamic parameter) stays. graph-to-schedule
// runs the inliner first, so @fma_like's groups hold @square's op; @main, which keeps a call,
// stays at Graph IR.
module {
  func.func @square(%x: tensor<2x3xf32>) -> tensor<2x3xf32> {
    %y = tessera.mul %x, %x : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
    return %y : tensor<2x3xf32>
  }
  // SCHED-LABEL: func.func @fma_like(
  // SCHED-NEXT: %[[G0:.*]] = schedule.group %x, %x {callee = @fma_like_g0
  // SCHED-NEXT: %[[G1:.*]] = schedule.group %[[G0]], %b {callee = @fma_like_g1
  // SCHED-NEXT: return %[[G1]], %[[G0]]
  // CHECK-LABEL: func.func @fma_like(
  // CHECK-NEXT: %[[S:.*]] = tessera.mul %x, %x
  // CHECK-NEXT: %[[T:.*]] = tessera.add %[[S]], %b
  // CHECK-NEXT: return %[[T]], %[[S]]
  func.func @fma_like(%x: tensor<2x3xf32>, %b: tensor<3xf32>) -> (tensor<2x3xf32>, tensor<2x3xf32>) {
    %s = func.call %x {callee = @square} : (tensor<2x3xf32>) -> tensor<2x3xf32>
    %t = tessera.add %s, %b : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
    return %t, %s : tensor<2x3xf32>, tensor<2x3xf32>
  }
  func.func @dyn(%x: tensor<?x3xf32>) -> tensor<?x3xf32> {
    %y = tessera.neg %x : (tensor<?x3xf32>) -> tensor<?x3xf32>
    return %y : tensor<?x3xf32>
  }
  // CHECK-LABEL: func.func @main(
  // CHECK-NOT: func.call {{.*}}@fma_like
  // CHECK-NOT: func.call {{.*}}@square
  // CHECK: %[[M1:.*]] = tessera.mul %x, %x
  // CHECK-NEXT: %[[A:.*]] = tessera.add %[[M1]], %b
  // CHECK-NEXT: %[[M2:.*]] = tessera.mul %[[A]], %[[A]]
  // CHECK-NEXT: %[[D:.*]] = func.call %[[M2]] {callee = @dyn}
  // CHECK-NEXT: return %[[D]], %[[M1]]
  // SCHED-LABEL: func.func @main(
  // SCHED-NOT: schedule.group
  // SCHED: func.call {{.*}}@dyn
  func.func @main(%x: tensor<2x3xf32>, %b: tensor<3xf32>) -> (tensor<2x3xf32>, tensor<2x3xf32>) {
    %q:2 = func.call %x, %b {callee = @fma_like} : (tensor<2x3xf32>, tensor<3xf32>) -> (tensor<2x3xf32>, tensor<2x3xf32>)
    %r = func.call %q#0 {callee = @square} : (tensor<2x3xf32>) -> tensor<2x3xf32>
    %d = func.call %r {callee = @dyn} : (tensor<2x3xf32>) -> tensor<2x3xf32>
    return %d, %q#1 : tensor<2x3xf32>, tensor<2x3xf32>
  }
}
