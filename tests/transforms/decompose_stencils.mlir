// RUN: tessera-opt %s --pass decompose-stencils | FileCheck %s
// decompose-stencils (core/transforms/decompose_stencils.h): stencil.apply becomes, per tap, a
// gather of the field (with the dirichlet constants appended by a concat) at the index each
// element reads, the neumann terms added, the product with the coefficient (rounded to f32), and
// the sum over taps in tap order; the topology, stencil and halo ops are dropped. Hand-derived
// from docs/ops/graph/neighbors.md on 3 elements with taps -1 and +1.
module {
  // dirichlet(2.5): tap -1 reads [c, x0, x1], tap +1 reads [x1, x2, c], c at index 3.
  // CHECK-LABEL: func.func @dirichlet(
  // CHECK-NOT: tessera.neighbors
  // 2.5f = 0x40200000 (little-endian bytes).
  // CHECK: %[[C:.*]] = tessera.constant {value = dense<"0x00002040"> : tensor<1xf32>}
  // CHECK-NEXT: %[[S:.*]] = tessera.concat %x, %[[C]] {axis = 0}
  // CHECK-NEXT: %[[I0:.*]] = tessera.constant {value = dense<"0x030000000000000000000000000000000100000000000000"> : tensor<3xi64>}
  // CHECK-NEXT: %[[G0:.*]] = tessera.gather %[[S]], %[[I0]] {axis = 0}
  // 0.5f = 0x3F000000.
  // CHECK-NEXT: %[[C0:.*]] = tessera.constant {value = dense<"0x0000003F0000003F0000003F"> : tensor<3xf32>}
  // CHECK-NEXT: %[[T0:.*]] = tessera.mul %[[G0]], %[[C0]]
  // CHECK-NEXT: %[[I1:.*]] = tessera.constant {value = dense<"0x010000000000000002000000000000000300000000000000"> : tensor<3xi64>}
  // CHECK-NEXT: %[[G1:.*]] = tessera.gather %[[S]], %[[I1]] {axis = 0}
  // CHECK-NEXT: %[[C1:.*]] = tessera.constant {value = dense<"0x000000400000004000000040"> : tensor<3xf32>}
  // CHECK-NEXT: %[[T1:.*]] = tessera.mul %[[G1]], %[[C1]]
  // CHECK-NEXT: %[[R:.*]] = tessera.add %[[T0]], %[[T1]]
  // CHECK-NEXT: return %[[R]]
  func.func @dirichlet(%x: tensor<3xf32>) -> tensor<3xf32> {
    %t = "tessera.neighbors.topology.create"() {kind = "1d_mesh"} : () -> !tessera.neighbors.topology
    %st = "tessera.neighbors.stencil.define"() {taps = [dense<[-1]> : tensor<1xi64>, dense<[1]> : tensor<1xi64>], coeffs = [0.5 : f64, 2.0 : f64], bc = "dirichlet(2.5)"} : () -> index
    %h = "tessera.neighbors.halo.region"(%x) {halo.width = [1]} : (tensor<3xf32>) -> tensor<3xf32>
    %y = "tessera.neighbors.stencil.apply"(%st, %h, %t) : (index, tensor<3xf32>, !tessera.neighbors.topology) -> tensor<3xf32>
    return %y : tensor<3xf32>
  }
  // neumann(-1.0): tap -1 reads [x0, x0, x1] + [-1, -0, -0]; tap +1 reads [x1, x2, x2] +
  // [-0, -0, -1] (-0.0 leaves a value as it is). No constants: no concat.
  // CHECK-LABEL: func.func @neumann(
  // CHECK-NOT: tessera.concat
  // CHECK: %[[J0:.*]] = tessera.constant {value = dense<"0x000000000000000000000000000000000100000000000000"> : tensor<3xi64>}
  // CHECK-NEXT: %[[H0:.*]] = tessera.gather %x, %[[J0]] {axis = 0}
  // -1.0f = 0xBF800000, -0.0f = 0x80000000.
  // CHECK-NEXT: %[[N0:.*]] = tessera.constant {value = dense<"0x000080BF0000008000000080"> : tensor<3xf32>}
  // CHECK-NEXT: %[[A0:.*]] = tessera.add %[[H0]], %[[N0]]
  // CHECK-NEXT: tessera.constant {value = dense<"0x0000803F0000803F0000803F"> : tensor<3xf32>}
  // CHECK-NEXT: tessera.mul %[[A0]]
  // CHECK-NEXT: %[[J1:.*]] = tessera.constant {value = dense<"0x010000000000000002000000000000000200000000000000"> : tensor<3xi64>}
  // CHECK-NEXT: tessera.gather %x, %[[J1]] {axis = 0}
  // CHECK-NEXT: tessera.constant {value = dense<"0x0000008000000080000080BF"> : tensor<3xf32>}
  // CHECK-NEXT: tessera.add
  // CHECK-NEXT: tessera.constant
  // CHECK-NEXT: tessera.mul
  // CHECK-NEXT: tessera.add
  // CHECK-NEXT: return
  func.func @neumann(%x: tensor<3xf32>) -> tensor<3xf32> {
    %t = "tessera.neighbors.topology.create"() {kind = "1d_mesh"} : () -> !tessera.neighbors.topology
    %st = "tessera.neighbors.stencil.define"() {taps = [dense<[-1]> : tensor<1xi64>, dense<[1]> : tensor<1xi64>], bc = "neumann(-1.0)"} : () -> index
    %y = "tessera.neighbors.stencil.apply"(%st, %x, %t) : (index, tensor<3xf32>, !tessera.neighbors.topology) -> tensor<3xf32>
    return %y : tensor<3xf32>
  }
  // A dynamic field stays (its function stays at Graph IR).
  // CHECK-LABEL: func.func @dynamic(
  // CHECK: tessera.neighbors.stencil.apply
  func.func @dynamic(%x: tensor<?xf32>) -> tensor<?xf32> {
    %t = "tessera.neighbors.topology.create"() {kind = "1d_mesh"} : () -> !tessera.neighbors.topology
    %st = "tessera.neighbors.stencil.define"() {taps = [dense<[1]> : tensor<1xi64>]} : () -> index
    %y = "tessera.neighbors.stencil.apply"(%st, %x, %t) : (index, tensor<?xf32>, !tessera.neighbors.topology) -> tensor<?xf32>
    return %y : tensor<?xf32>
  }
}
