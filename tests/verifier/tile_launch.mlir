// Verifier tests for tile.launch (docs/ops/tile/launch.md).
// Each chunk is one failing program named after the constraint it breaks.

// launch_c2 (tiles out of range)
func.func @k(%x: memref<8xf32>, %o: memref<8xf32>) {
  return
}
func.func @main(%x: tensor<8xf32>) -> tensor<8xf32> {
  // expected-error@+1 {{'tiles' and 'lanes' must be in [1, 1024] (launch_c2)}}
  %0 = tile.launch %x {callee = @k, grid = [2], tiles = 2048} : (tensor<8xf32>) -> tensor<8xf32>
  return %0 : tensor<8xf32>
}

// -----
// launch_c3 (parameter count)
func.func @k(%x: memref<8xf32>) {
  return
}
func.func @main(%x: tensor<8xf32>) -> tensor<8xf32> {
  // expected-error@+1 {{callee @k takes 1 parameters but the launch binds 1 operands and 1 results (launch_c3)}}
  %0 = tile.launch %x {callee = @k, grid = [1]} : (tensor<8xf32>) -> tensor<8xf32>
  return %0 : tensor<8xf32>
}

// -----
// launch_c4
func.func @k(%x: memref<?xf32>, %o: memref<?xf32>) {
  return
}
func.func @main(%x: tensor<?xf32>) -> tensor<?xf32> {
  // expected-error@+1 {{result #0 must have a static shape (launch_c4)}}
  %0 = tile.launch %x {callee = @k, grid = [1]} : (tensor<?xf32>) -> tensor<?xf32>
  return %0 : tensor<?xf32>
}

// -----
// launch_c3 (an i4 tensor binds a rank-1 i8 memref of its ceil(n / 2) packed bytes: 5 -> 3)
func.func @k(%x: memref<2xi8>, %o: memref<?xi8>) {
  return
}
func.func @main(%x: tensor<5xi4>) -> tensor<5xi4> {
  // expected-error@+1 {{operand #0 (tensor<5xi4>) does not bind parameter #0 of @k (memref<2xi8>) (launch_c3)}}
  %0 = tile.launch %x {callee = @k, grid = [1]} : (tensor<5xi4>) -> tensor<5xi4>
  return %0 : tensor<5xi4>
}

// -----
// launch_c3 (the packed bytes are i8, not ui8)
func.func @k(%x: memref<3xi8>, %o: memref<?xui8>) {
  return
}
func.func @main(%x: tensor<5xi4>) -> tensor<5xi4> {
  // expected-error@+1 {{result #0 (tensor<5xi4>) does not bind parameter #1 of @k (memref<?xui8>) (launch_c3)}}
  %0 = tile.launch %x {callee = @k, grid = [1]} : (tensor<5xi4>) -> tensor<5xi4>
  return %0 : tensor<5xi4>
}
