// Verifier tests for the tessera.neighbors ops (docs/ops/graph/neighbors.md).
// Each chunk is one failing program named after the constraint it breaks.

// neighbors_c1
func.func @neighbors_c1() -> index {
  // expected-error@+1 {{tap 1 has 1 offsets, expected 2 (neighbors_c1)}}
  %st = "tessera.neighbors.stencil.define"() {taps = [dense<[0, 0]> : tensor<2xi64>, dense<[1]> : tensor<1xi64>]} : () -> index
  return %st : index
}

// -----
// neighbors_c1: no taps
func.func @neighbors_c1() -> index {
  // expected-error@+1 {{requires a non-empty 'taps' array (neighbors_c1)}}
  %st = "tessera.neighbors.stencil.define"() {coeffs = [1.0 : f64]} : () -> index
  return %st : index
}

// -----
// neighbors_c1: float taps
func.func @neighbors_c1() -> index {
  // expected-error@+1 {{tap 0 must be an integer vector of 1 to 8 offsets (neighbors_c1)}}
  %st = "tessera.neighbors.stencil.define"() {taps = [dense<[0.0, 1.0]> : tensor<2xf32>]} : () -> index
  return %st : index
}

// -----
// neighbors_c2
func.func @neighbors_c2() -> index {
  // expected-error@+1 {{requires one coefficient per tap (2 taps) (neighbors_c2)}}
  %st = "tessera.neighbors.stencil.define"() {taps = [dense<[0]> : tensor<1xi64>, dense<[1]> : tensor<1xi64>], coeffs = [1.0 : f64]} : () -> index
  return %st : index
}

// -----
// neighbors_c3
func.func @neighbors_c3() -> index {
  // expected-error@+1 {{boundary rule "wrap" is not periodic, reflect, dirichlet(number) or neumann(number) (neighbors_c3)}}
  %st = "tessera.neighbors.stencil.define"() {taps = [dense<[0]> : tensor<1xi64>], bc = "wrap"} : () -> index
  return %st : index
}

// -----
// neighbors_c3: count
func.func @neighbors_c3() -> index {
  // expected-error@+1 {{'bc' has 2 rules for rank-3 taps (give one, or one per dim) (neighbors_c3)}}
  %st = "tessera.neighbors.stencil.define"() {taps = [dense<[0, 0, 1]> : tensor<3xi64>], bc = "periodic,reflect"} : () -> index
  return %st : index
}

// -----
// neighbors_c4
func.func @neighbors_c4() -> !tessera.neighbors.topology {
  // expected-error@+1 {{topology kind must be "Nd_mesh" (N in 1..8), "dynamic", "adaptive" or "fault" (neighbors_c4)}}
  %t = "tessera.neighbors.topology.create"() {kind = "2d_mseh"} : () -> !tessera.neighbors.topology
  return %t : !tessera.neighbors.topology
}

// -----
// neighbors_c5
func.func @neighbors_c5() -> i64 {
  // expected-error@+1 {{(neighbors_c5)}}
  %st = "tessera.neighbors.stencil.define"() {taps = [dense<[0]> : tensor<1xi64>]} : () -> i64
  return %st : i64
}

// -----
// neighbors_c6
func.func @neighbors_c6(%x: tensor<4x4xf32>) -> tensor<4x4xf32> {
  // expected-error@+1 {{halo_width must hold one integer >= 0 per dim of tensor<4x4xf32> (neighbors_c6)}}
  %h = "tessera.neighbors.halo.region"(%x) {halo.width = [1]} : (tensor<4x4xf32>) -> tensor<4x4xf32>
  return %h : tensor<4x4xf32>
}

// -----
// neighbors_c7: handle from an argument
func.func @neighbors_c7(%st: index, %x: tensor<4xf32>, %t: !tessera.neighbors.topology) -> tensor<4xf32> {
  // expected-error@+1 {{operand #0 must be the result of a tessera.neighbors.stencil.define (neighbors_c7)}}
  %y = "tessera.neighbors.stencil.apply"(%st, %x, %t) : (index, tensor<4xf32>, !tessera.neighbors.topology) -> tensor<4xf32>
  return %y : tensor<4xf32>
}

// -----
// neighbors_c7: rank of the field
func.func @neighbors_c7(%x: tensor<4xf32>) -> tensor<4xf32> {
  %t = "tessera.neighbors.topology.create"() {kind = "dynamic"} : () -> !tessera.neighbors.topology
  %st = "tessera.neighbors.stencil.define"() {taps = [dense<[0, 1]> : tensor<2xi64>]} : () -> index
  // expected-error@+1 {{the field tensor<4xf32> does not have the taps' rank 2 (neighbors_c7)}}
  %y = "tessera.neighbors.stencil.apply"(%st, %x, %t) : (index, tensor<4xf32>, !tessera.neighbors.topology) -> tensor<4xf32>
  return %y : tensor<4xf32>
}

// -----
// neighbors_c7: mesh rank
func.func @neighbors_c7(%x: tensor<4xf32>) -> tensor<4xf32> {
  %t = "tessera.neighbors.topology.create"() {kind = "2d_mesh"} : () -> !tessera.neighbors.topology
  %st = "tessera.neighbors.stencil.define"() {taps = [dense<[1]> : tensor<1xi64>]} : () -> index
  // expected-error@+1 {{a 2d_mesh topology cannot apply a rank-1 stencil (neighbors_c7)}}
  %y = "tessera.neighbors.stencil.apply"(%st, %x, %t) : (index, tensor<4xf32>, !tessera.neighbors.topology) -> tensor<4xf32>
  return %y : tensor<4xf32>
}

// -----
// neighbors_c8
func.func @neighbors_c8(%x: tensor<4xf32>) -> tensor<4xf64> {
  %t = "tessera.neighbors.topology.create"() {kind = "1d_mesh"} : () -> !tessera.neighbors.topology
  %st = "tessera.neighbors.stencil.define"() {taps = [dense<[1]> : tensor<1xi64>]} : () -> index
  // expected-error@+1 {{(neighbors_c8)}}
  %y = "tessera.neighbors.stencil.apply"(%st, %x, %t) : (index, tensor<4xf32>, !tessera.neighbors.topology) -> tensor<4xf64>
  return %y : tensor<4xf64>
}

// -----
// neighbors_c9
func.func @neighbors_c9(%x: tensor<4x4xf32>) -> tensor<4x4xf32> {
  // expected-error@+1 {{halo_width must hold one integer >= 0 per dim of tensor<4x4xf32> (neighbors_c9)}}
  %y = "tessera.neighbors.halo.exchange"(%x) {halo.width = [0, -1]} : (tensor<4x4xf32>) -> tensor<4x4xf32>
  return %y : tensor<4x4xf32>
}

// -----
// neighbors_c9: a token exchange has no result
func.func @neighbors_c9(%x: tensor<4xf32>, %t: !tessera.neighbors.topology) -> tensor<4xf32> {
  %h = "tessera.neighbors.halo.region"(%x, %t) {halo.width = [1]} : (tensor<4xf32>, !tessera.neighbors.topology) -> !tessera.neighbors.halo
  // expected-error@+1 {{exchanging a !tessera.neighbors.halo token has no result (neighbors_c9)}}
  %y = "tessera.neighbors.halo.exchange"(%h) : (!tessera.neighbors.halo) -> tensor<4xf32>
  return %y : tensor<4xf32>
}

// -----
// neighbors_c10
func.func @neighbors_c10() {
  // expected-error@+1 {{depth must be an integer >= 1 (neighbors_c10)}}
  "tessera.neighbors.pipeline.config"() {overlap = "full", depth = 0 : i64} : () -> ()
  return
}

// -----
// generic_c5: upstream's `halo.width` is an alias of `halo_width`; giving both is an error.
func.func @neighbors_halo_alias(%x: tensor<4x4xf32>) -> tensor<4x4xf32> {
  // expected-error@+1 {{has both 'halo_width' and its alias 'halo.width' (generic_c5)}}
  %h = "tessera.neighbors.halo.region"(%x) {halo_width = [1, 1], halo.width = [1, 1]} : (tensor<4x4xf32>) -> tensor<4x4xf32>
  return %h : tensor<4x4xf32>
}

// -----
// neighbors_c9: the canonical spelling is checked like the alias.
func.func @neighbors_c9_canonical(%x: tensor<4x4xf32>) -> tensor<4x4xf32> {
  // expected-error@+1 {{halo_width must hold one integer >= 0 per dim of tensor<4x4xf32> (neighbors_c9)}}
  %y = "tessera.neighbors.halo.exchange"(%x) {halo_width = [1]} : (tensor<4x4xf32>) -> tensor<4x4xf32>
  return %y : tensor<4x4xf32>
}
