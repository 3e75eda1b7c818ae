// func.call: nested calls and multiple results.
// Generated file: edit the generator named in each case, then rerun it.

// CASE: nested_calls_f32
// NOTE: main calls fma_like (which calls square) and square again; 1e20^2 overflows to Inf.
// RULE: bitexact
// REQUIRES: op=func.call op=tessera.mul op=tessera.add dtype=f32 level=graph
// INPUT: 0 tensor<2x3xf32> hex:3fc00000,c0000000,1f0dabc6,60ad78ec,3dcccccd,80000000
// INPUT: 1 tensor<3xf32> hex:3e800000,c0800000,3f800000
// EXPECT: 0 tensor<2x3xf32> hex:40c80000,00000000,3f800000,7f800000,417eb8bb,3f800000
// EXPECT: 1 tensor<2x3xf32> hex:40100000,40800000,0009ccd5,7f800000,3c23d70b,00000000
// GENERATOR: conformance/gen/builtin_call.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module {
  func.func @square(%x: tensor<2x3xf32>) -> tensor<2x3xf32> {
    %y = tessera.mul %x, %x : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
    return %y : tensor<2x3xf32>
  }
  func.func @fma_like(%x: tensor<2x3xf32>, %b: tensor<3xf32>) -> (tensor<2x3xf32>, tensor<2x3xf32>) {
    %s = func.call %x {callee = @square} : (tensor<2x3xf32>) -> tensor<2x3xf32>
    %t = tessera.add %s, %b : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
    return %t, %s : tensor<2x3xf32>, tensor<2x3xf32>
  }
  func.func @main(%x: tensor<2x3xf32>, %b: tensor<3xf32>) -> (tensor<2x3xf32>, tensor<2x3xf32>) {
    %q:2 = func.call %x, %b {callee = @fma_like} : (tensor<2x3xf32>, tensor<3xf32>) -> (tensor<2x3xf32>, tensor<2x3xf32>)
    %r = func.call %q#0 {callee = @square} : (tensor<2x3xf32>) -> tensor<2x3xf32>
    return %r, %q#1 : tensor<2x3xf32>, tensor<2x3xf32>
  }
}
