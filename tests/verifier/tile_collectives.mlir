// Verifier tests for Tile IR collectives (docs/ops/tile/collectives.md).
// Each chunk is one failing program named after the constraint it breaks.

// tcoll_c1: no mesh
func.func @k(%y: memref<8xf32>) {
  // expected-error@+1 {{needs a module-level tessera.mesh attribute (tcoll_c1)}}
  tile.all_reduce %y {axes = ["tp"], op = "sum"} : (memref<8xf32>) -> ()
  return
}

// -----
// tcoll_c1: unknown axis
module attributes {tessera.mesh = {axes = ["dp", "tp"], shape = [2, 4]}} {
  func.func @k(%y: memref<8xf32>) {
    // expected-error@+1 {{unknown mesh axis 'pp' (tcoll_c1)}}
    tile.all_reduce %y {axes = ["pp"], op = "sum"} : (memref<8xf32>) -> ()
    return
  }
}

// -----
// tcoll_c2: shared memory
module attributes {tessera.mesh = {axes = ["tp"], shape = [4]}} {
  func.func @k(%y: memref<8xf32, 3>) {
    // expected-error@+1 {{operand #0 must be a global memref (space 0) (tcoll_c2)}}
    tile.all_reduce %y {axes = ["tp"], op = "sum"} : (memref<8xf32, 3>) -> ()
    return
  }
}

// -----
// tcoll_c2: i1 cannot be reduced
module attributes {tessera.mesh = {axes = ["tp"], shape = [4]}} {
  func.func @k(%y: memref<8xi1>) {
    // expected-error@+1 {{element type i1 cannot be reduced by tile collectives (tcoll_c2)}}
    tile.all_reduce %y {axes = ["tp"], op = "sum"} : (memref<8xi1>) -> ()
    return
  }
}

// -----
// tcoll_c3
module attributes {tessera.mesh = {axes = ["tp"], shape = [4]}} {
  func.func @k(%y: memref<8xf32>) {
    // expected-error@+1 {{(tcoll_c3)}}
    tile.all_reduce %y {axes = ["tp"], op = "mean"} : (memref<8xf32>) -> ()
    return
  }
}

// -----
// tcoll_c4: destination not n times the source along dim 0
module attributes {tessera.mesh = {axes = ["tp"], shape = [4]}} {
  func.func @k(%x: memref<8x2xf32>, %y: memref<16x2xf32>) {
    // expected-error@+1 {{with dim 0 times the group size 4 (tcoll_c4)}}
    tile.all_gather %x, %y {axes = ["tp"]} : (memref<8x2xf32>, memref<16x2xf32>) -> ()
    return
  }
}
