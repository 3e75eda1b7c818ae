// tessera.neighbors.stencil.apply on one device: taps over a field with its boundary rules.
// Generated file: edit the generator named in each case, then rerun it.

// CASE: laplacian_periodic
// NOTE: The 5-point Laplacian on a torus.
// RULE: bitexact
// REQUIRES: op=tessera.neighbors.stencil.apply dtype=f32 level=graph
// INPUT: 0 tensor<6x5xf32> hex:bec2c647,bc938e07,bf1b52f3,bfc98ce7,3fda8e9c,3e8346a2,bfd0cf7d,3fa9fec5,befc99c4,bf4b6408,bb344ed3,bf1d5f30,3e0ed702,be9c7209,bf61de13,3fc0f489,3f96303f,3f5d2237,bf90abac,bfc11a08,bf8a376f,beeda945,3fb93263,3f9d4106,3fc8148f,3f7dc246,3f6a1a77,3f393fdb,3f8b7ec6,bf7ecb0f
// EXPECT: 0 tensor<6x5xf32> hex:408eae5e,bfd0e46d,4038b4bc,40ffdc46,c129320e,c07569ee,40ef4424,c0fcefe6,3f207a38,4071096c,3e8e40ba,4008cfee,3f36b08c,bf92743e,3f6af2e2,c0ee5361,c059aaa0,bfe9b299,40999292,40e2f5a1,40fd576a,4089f86d,c05be0e8,bff8ea0d,c109b907,c0b03176,c01b3634,bd4d5950,c09f4325,41155326
// GENERATOR: conformance/gen/graph_neighbors.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module {
  func.func @main(%x: tensor<6x5xf32>) -> tensor<6x5xf32> {
    %t = "tessera.neighbors.topology.create"() {kind = "2d_mesh"} : () -> !tessera.neighbors.topology
    %st = "tessera.neighbors.stencil.define"() {taps = [dense<[0, 0]> : tensor<2xi64>, dense<[1, 0]> : tensor<2xi64>, dense<[-1, 0]> : tensor<2xi64>, dense<[0, 1]> : tensor<2xi64>, dense<[0, -1]> : tensor<2xi64>], coeffs = [-4.0 : f64, 1.0 : f64, 1.0 : f64, 1.0 : f64, 1.0 : f64], bc = "periodic"} : () -> index
    %h = "tessera.neighbors.halo.region"(%x) {halo.width = [1, 1]} : (tensor<6x5xf32>) -> tensor<6x5xf32>
    %y = "tessera.neighbors.stencil.apply"(%st, %h, %t) : (index, tensor<6x5xf32>, !tessera.neighbors.topology) -> tensor<6x5xf32>
    return %y : tensor<6x5xf32>
  }
}

// -----

// CASE: dirichlet_neumann
// NOTE: Constant rows beyond dim 0; a gradient beyond dim 1, applied after dim 0.
// RULE: bitexact
// REQUIRES: op=tessera.neighbors.stencil.apply dtype=f32 level=graph
// INPUT: 0 tensor<6x5xf32> hex:bec2c647,bc938e07,bf1b52f3,bfc98ce7,3fda8e9c,3e8346a2,bfd0cf7d,3fa9fec5,befc99c4,bf4b6408,bb344ed3,bf1d5f30,3e0ed702,be9c7209,bf61de13,3fc0f489,3f96303f,3f5d2237,bf90abac,bfc11a08,bf8a376f,beeda945,3fb93263,3f9d4106,3fc8148f,3f7dc246,3f6a1a77,3f393fdb,3f8b7ec6,bf7ecb0f
// EXPECT: 0 tensor<6x5xf32> hex:402f91da,408077eb,40953cac,4066c1c4,40cf9650,c03a7937,c017855e,3f9e8629,c003ba13,c09aabf6,bf63d0f0,3f050521,c0312156,3fc84f70,c0460259,bf3e9eda,3f936b0e,3d9a0320,bf1d37d5,bffb8f46,3ea11e80,4057a8fc,408eccc6,407913e2,bf86f069,bfd84a6e,3e3e32d0,3fa8aafe,409f828a,400da191
// GENERATOR: conformance/gen/graph_neighbors.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module {
  func.func @main(%x: tensor<6x5xf32>) -> tensor<6x5xf32> {
    %t = "tessera.neighbors.topology.create"() {kind = "2d_mesh"} : () -> !tessera.neighbors.topology
    %st = "tessera.neighbors.stencil.define"() {taps = [dense<[0, 0]> : tensor<2xi64>, dense<[1, 0]> : tensor<2xi64>, dense<[0, 1]> : tensor<2xi64>, dense<[-1, -1]> : tensor<2xi64>], coeffs = [1.0 : f64, 0.5 : f64, 0.25 : f64, 2.0 : f64], bc = "dirichlet(2.5),neumann(-1.0)"} : () -> index
    %h = "tessera.neighbors.halo.region"(%x) {halo.width = [1, 1]} : (tensor<6x5xf32>) -> tensor<6x5xf32>
    %y = "tessera.neighbors.stencil.apply"(%st, %h, %t) : (index, tensor<6x5xf32>, !tessera.neighbors.topology) -> tensor<6x5xf32>
    return %y : tensor<6x5xf32>
  }
}

// -----

// CASE: reflect_1d
// NOTE: numpy's reflect: index -1 reads 1.
// RULE: bitexact
// REQUIRES: op=tessera.neighbors.stencil.apply dtype=f32 level=graph
// INPUT: 0 tensor<9xf32> hex:bec07e5b,bfa55a14,bf547f02,bfb690c4,bed4556a,3f06ba28,3ebe5fe5,3fd7345d,3fbddce9
// EXPECT: 0 tensor<9xf32> hex:bf554789,bf83ce89,bf746822,bf6561f5,bec88e87,3e68e41e,3f327544,3fa1d478,3fab8bb5
// GENERATOR: conformance/gen/graph_neighbors.py numpy=2.4.6 ml_dtypes=0.6.0 jax=0.10.2
module {
  func.func @main(%x: tensor<9xf32>) -> tensor<9xf32> {
    %t = "tessera.neighbors.topology.create"() {kind = "1d_mesh"} : () -> !tessera.neighbors.topology
    %st = "tessera.neighbors.stencil.define"() {taps = [dense<[-2]> : tensor<1xi64>, dense<[-1]> : tensor<1xi64>, dense<[0]> : tensor<1xi64>, dense<[1]> : tensor<1xi64>, dense<[2]> : tensor<1xi64>], coeffs = [0.1 : f64, 0.2 : f64, 0.4 : f64, 0.2 : f64, 0.1 : f64], bc = "reflect"} : () -> index
    %h = "tessera.neighbors.halo.region"(%x) {halo.width = [1]} : (tensor<9xf32>) -> tensor<9xf32>
    %y = "tessera.neighbors.stencil.apply"(%st, %h, %t) : (index, tensor<9xf32>, !tessera.neighbors.topology) -> tensor<9xf32>
    return %y : tensor<9xf32>
  }
}
