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

// -----
// tcoll_c5: reduce_scatter source not n times the destination along dim 0
module attributes {tessera.mesh = {axes = ["dp", "tp"], shape = [2, 4]}} {
  func.func @k(%x: memref<8x2xf32>, %y: memref<4x2xf32>) {
    // expected-error@+1 {{source memref<8x2xf32> must be the destination memref<4x2xf32> with dim 0 times the group size 8 (tcoll_c5)}}
    tile.reduce_scatter %x, %y {axes = ["dp", "tp"], op = "sum"} : (memref<8x2xf32>, memref<4x2xf32>) -> ()
    return
  }
}

// -----
// tcoll_c5: collective_scatter with a different element type
module attributes {tessera.mesh = {axes = ["tp"], shape = [4]}} {
  func.func @k(%x: memref<8xf32>, %y: memref<2xi32>) {
    // expected-error@+1 {{(tcoll_c5)}}
    tile.collective_scatter %x, %y {axes = ["tp"], root = 0} : (memref<8xf32>, memref<2xi32>) -> ()
    return
  }
}

// -----
// tcoll_c3: reduce_scatter needs op
module attributes {tessera.mesh = {axes = ["tp"], shape = [4]}} {
  func.func @k(%x: memref<8xf32>, %y: memref<2xf32>) {
    // expected-error@+1 {{needs attribute 'op' (tcoll_c3)}}
    tile.reduce_scatter %x, %y {axes = ["tp"]} : (memref<8xf32>, memref<2xf32>) -> ()
    return
  }
}

// -----
// tcoll_c6: ppermute destination of another shape
module attributes {tessera.mesh = {axes = ["tp"], shape = [4]}} {
  func.func @k(%x: memref<8xf32>, %y: memref<4xf32>) {
    // expected-error@+1 {{destination memref<4xf32> must have the source's type memref<8xf32> (tcoll_c6)}}
    tile.ppermute %x, %y {axes = ["tp"], pairs = [[0, 1]]} : (memref<8xf32>, memref<4xf32>) -> ()
    return
  }
}

// -----
// tcoll_c6: collective_reduce destination of another element type
module attributes {tessera.mesh = {axes = ["tp"], shape = [4]}} {
  func.func @k(%x: memref<8xf32>, %y: memref<8xf16>) {
    // expected-error@+1 {{(tcoll_c6)}}
    tile.collective_reduce %x, %y {axes = ["tp"], op = "sum", root = 1} : (memref<8xf32>, memref<8xf16>) -> ()
    return
  }
}

// -----
// tcoll_c7: all_to_all dim 0 does not split into n blocks
module attributes {tessera.mesh = {axes = ["tp"], shape = [4]}} {
  func.func @k(%x: memref<6x2xf32>, %y: memref<6x2xf32>) {
    // expected-error@+1 {{dim 0 of size 6 does not divide by the group size 4 (tcoll_c7)}}
    tile.all_to_all %x, %y {axes = ["tp"]} : (memref<6x2xf32>, memref<6x2xf32>) -> ()
    return
  }
}

// -----
// root_c1 at Tile level: root outside the group
module attributes {tessera.mesh = {axes = ["dp", "tp"], shape = [2, 4]}} {
  func.func @k(%y: memref<8xf32>) {
    // expected-error@+1 {{attribute 'root' must be a group rank in [0, 2) (root_c1)}}
    tile.collective_broadcast %y {axes = ["dp"], root = 2} : (memref<8xf32>) -> ()
    return
  }
}

// -----
// pairs_c1 at Tile level: a rank is the destination twice
module attributes {tessera.mesh = {axes = ["tp"], shape = [4]}} {
  func.func @k(%y: memref<8xf32>) {
    // expected-error@+1 {{each group rank may be the source of one pair and the destination of one pair (pairs_c1)}}
    tile.send %y {axes = ["tp"], pairs = [[0, 1], [2, 1]], channel = 0} : (memref<8xf32>) -> ()
    return
  }
}

// -----
// channel_c1 at Tile level
module attributes {tessera.mesh = {axes = ["tp"], shape = [4]}} {
  func.func @k(%y: memref<8xf32>) {
    // expected-error@+1 {{attribute 'channel' must be a non-negative integer (channel_c1)}}
    tile.recv %y {axes = ["tp"], pairs = [[0, 1]], channel = -1} : (memref<8xf32>) -> ()
    return
  }
}

// -----
// tcoll_c2: gather source in shared memory
module attributes {tessera.mesh = {axes = ["tp"], shape = [4]}} {
  func.func @k(%x: memref<2xf32, 3>, %y: memref<8xf32>) {
    // expected-error@+1 {{operand #0 must be a global memref (space 0) (tcoll_c2)}}
    tile.collective_gather %x, %y {axes = ["tp"], root = 0} : (memref<2xf32, 3>, memref<8xf32>) -> ()
    return
  }
}
