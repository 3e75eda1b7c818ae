// RUN: not tessera-opt %s --pass inline-calls 2>&1 | FileCheck %s
// inline_c1: a call chain that comes back to a function it passed through cannot be inlined;
// the error is located at the call that closes the cycle and names the chain, and the exit is non-zero.
// CHECK: inline_calls_recursion.mlir:[[@LINE+8]]:10: error: 'func.call' op recursive call chain @a -> @b -> @a cannot be inlined: it would never end (inline_c1)
module {
  func.func @a(%x: tensor<2xf32>) -> tensor<2xf32> {
    %y = func.call %x {callee = @b} : (tensor<2xf32>) -> tensor<2xf32>
    return %y : tensor<2xf32>
  }
  func.func @b(%x: tensor<2xf32>) -> tensor<2xf32> {
    %n = tessera.neg %x : (tensor<2xf32>) -> tensor<2xf32>
    %y = func.call %n {callee = @a} : (tensor<2xf32>) -> tensor<2xf32>
    return %y : tensor<2xf32>
  }
}
