// A synthetic corpus file (written for this test, not upstream's): chunks split at `// -----`.
func.func @main(%a: tensor<3x4xf32>, %b: tensor<4x2xf32>, %c: tensor<3x2xf32>) -> tensor<3x2xf32> {
  %p = "tessera.matmul"(%a, %b) : (tensor<3x4xf32>, tensor<4x2xf32>) -> tensor<3x2xf32>
  %s = "tessera.add"(%p, %c) : (tensor<3x2xf32>, tensor<3x2xf32>) -> tensor<3x2xf32>
  return %s : tensor<3x2xf32>
}

// -----
// Upstream marks a chunk it expects to be rejected; the measurement leaves such chunks out.
func.func @rejected(%a: tensor<3xf32>, %b: tensor<4xf32>) -> tensor<3xf32> {
  // expected-error @+1 {{shapes}}
  %s = "tessera.add"(%a, %b) : (tensor<3xf32>, tensor<4xf32>) -> tensor<3xf32>
  return %s : tensor<3xf32>
}

// -----
func.func @halve(%x: tensor<5xf32>) -> tensor<5xf32> {
  %h = "tessera.mul"(%x, %x) : (tensor<5xf32>, tensor<5xf32>) -> tensor<5xf32>
  %t = "tessera.tanh"(%h) : (tensor<5xf32>) -> tensor<5xf32>
  return %t : tensor<5xf32>
}
func.func @loop(%x: tensor<5xf32>) -> tensor<5xf32> {
  %r = "tessera.control_for"(%x) {body = @halve, start = 0 : i64, stop = 3 : i64, step = 1 : i64}
      : (tensor<5xf32>) -> tensor<5xf32>
  return %r : tensor<5xf32>
}
