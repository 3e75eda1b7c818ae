// Verifier tests for mesh collectives (docs/collectives.md, per op docs/ops/mesh/collectives.md).
// One failing program per constraint, and for every mesh op at least one whose error is on that op.

// mesh_c1
func.func @mesh_c1(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error@+1 {{needs a module-level tessera.mesh attribute (mesh_c1)}}
  %0 = tessera.all_reduce %x {axes = ["tp"], op = "sum"} : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----
// mesh_c2: unknown axis
module attributes {tessera.mesh = {axes = ["dp", "tp"], shape = [2, 4]}} {
  func.func @mesh_c2(%x: tensor<4xf32>) -> tensor<4xf32> {
    // expected-error@+1 {{unknown mesh axis 'pp' (mesh_c2)}}
    %0 = tessera.all_reduce %x {axes = ["pp"], op = "sum"} : (tensor<4xf32>) -> tensor<4xf32>
    return %0 : tensor<4xf32>
  }
}

// -----
// mesh_c2: axes out of mesh order
module attributes {tessera.mesh = {axes = ["dp", "tp"], shape = [2, 4]}} {
  func.func @mesh_c2_order(%x: tensor<4xf32>) -> tensor<4xf32> {
    // expected-error@+1 {{listed in mesh order (mesh_c2)}}
    %0 = tessera.all_reduce %x {axes = ["tp", "dp"], op = "sum"} : (tensor<4xf32>) -> tensor<4xf32>
    return %0 : tensor<4xf32>
  }
}

// -----
// mesh_c3
module attributes {tessera.mesh = {axes = ["tp"], shape = [4]}} {
  func.func @mesh_c3(%x: tensor<4xf4E2M1FN>) -> tensor<4xf4E2M1FN> {
    // expected-error@+1 {{cannot be reduced by collectives (mesh_c3)}}
    %0 = tessera.all_reduce %x {axes = ["tp"], op = "sum"} : (tensor<4xf4E2M1FN>) -> tensor<4xf4E2M1FN>
    return %0 : tensor<4xf4E2M1FN>
  }
}

// -----
// mesh_c4
module attributes {tessera.mesh = {axes = ["tp"], shape = [4]}} {
  func.func @mesh_c4(%x: tensor<4xf32>) -> tensor<4xf32> {
    // expected-error@+1 {{or "avg" (mesh_c4)}}
    %0 = tessera.all_reduce %x {axes = ["tp"], op = "mean"} : (tensor<4xf32>) -> tensor<4xf32>
    return %0 : tensor<4xf32>
  }
}

// -----
// mesh_c5
module attributes {tessera.mesh = {axes = ["tp"], shape = [4]}} {
  func.func @mesh_c5(%x: tensor<2x3xf32>) -> tensor<2x3xf32> {
    // expected-error@+1 {{(mesh_c5)}}
    %0 = tessera.all_gather %x {axes = ["tp"], dim = 0} : (tensor<2x3xf32>) -> tensor<2x3xf32>
    return %0 : tensor<2x3xf32>
  }
}

// -----
// all_gather_c1
module attributes {tessera.mesh = {axes = ["tp"], shape = [4]}} {
  func.func @all_gather_c1(%x: tensor<2x3xf32>) -> tensor<8x3xf32> {
    // expected-error@+1 {{(all_gather_c1)}}
    %0 = tessera.all_gather %x {axes = ["tp"], dim = 2} : (tensor<2x3xf32>) -> tensor<8x3xf32>
    return %0 : tensor<8x3xf32>
  }
}

// -----
// reduce_scatter_c1
module attributes {tessera.mesh = {axes = ["tp"], shape = [4]}} {
  func.func @reduce_scatter_c1(%x: tensor<6xf32>) -> tensor<1xf32> {
    // expected-error@+1 {{does not divide by the group size 4 (reduce_scatter_c1)}}
    %0 = tessera.reduce_scatter %x {axes = ["tp"], op = "sum", dim = 0} : (tensor<6xf32>) -> tensor<1xf32>
    return %0 : tensor<1xf32>
  }
}

// -----
// all_to_all_c2
module attributes {tessera.mesh = {axes = ["tp"], shape = [4]}} {
  func.func @all_to_all_c2(%x: tensor<6x4xf32>) -> tensor<6x4xf32> {
    // expected-error@+1 {{(all_to_all_c2)}}
    %0 = tessera.all_to_all %x {axes = ["tp"], split_dim = 0, concat_dim = 1} : (tensor<6x4xf32>) -> tensor<6x4xf32>
    return %0 : tensor<6x4xf32>
  }
}

// -----
// root_c1
module attributes {tessera.mesh = {axes = ["tp"], shape = [4]}} {
  func.func @root_c1(%x: tensor<4xf32>) -> tensor<4xf32> {
    // expected-error@+1 {{group rank in [0, 4) (root_c1)}}
    %0 = tessera.collective_broadcast %x {axes = ["tp"], root = 4} : (tensor<4xf32>) -> tensor<4xf32>
    return %0 : tensor<4xf32>
  }
}

// -----
// pairs_c1
module attributes {tessera.mesh = {axes = ["tp"], shape = [4]}} {
  func.func @pairs_c1(%x: tensor<4xf32>) -> tensor<4xf32> {
    // expected-error@+1 {{(pairs_c1)}}
    %0 = tessera.ppermute %x {axes = ["tp"], pairs = [[0, 1], [2, 1]]} : (tensor<4xf32>) -> tensor<4xf32>
    return %0 : tensor<4xf32>
  }
}

// -----
// channel_c1
module attributes {tessera.mesh = {axes = ["pp"], shape = [2]}} {
  func.func @channel_c1(%x: tensor<4xf32>) -> tensor<4xf32> {
    // expected-error@+1 {{(channel_c1)}}
    "tessera.send"(%x) {axes = ["pp"], pairs = [[0, 1]]} : (tensor<4xf32>) -> ()
    return %x : tensor<4xf32>
  }
}

// -----
// recv_c1
module attributes {tessera.mesh = {axes = ["pp"], shape = [2]}} {
  func.func @recv_c1() -> tensor<?xf32> {
    // expected-error@+1 {{statically shaped tensor, got tensor<?xf32> (recv_c1)}}
    %0 = "tessera.recv"() {axes = ["pp"], pairs = [[0, 1]], channel = 0} : () -> tensor<?xf32>
    return %0 : tensor<?xf32>
  }
}

// -----
// redistribute_c1
module attributes {tessera.mesh = {axes = ["tp"], shape = [4]}} {
  func.func @redistribute_c1(%x: tensor<2x3xf32>) -> tensor<8x3xf32> {
    // expected-error@+1 {{dimension 0 is partitioned twice (redistribute_c1)}}
    %0 = tessera.redistribute %x {src = {partition = [0, "row"], mesh_axes = ["tp", "tp"]}, dst = {}} : (tensor<2x3xf32>) -> tensor<8x3xf32>
    return %0 : tensor<8x3xf32>
  }
}

// -----
// redistribute_c3
module attributes {tessera.mesh = {axes = ["tp"], shape = [4]}} {
  func.func @redistribute_c3(%x: tensor<2x3xf32>) -> tensor<2x3xf32> {
    // expected-error@+1 {{does not divide into 4 shards (redistribute_c3)}}
    %0 = tessera.redistribute %x {src = {}, dst = {partition = [1], mesh_axes = ["tp"]}} : (tensor<2x3xf32>) -> tensor<2x3xf32>
    return %0 : tensor<2x3xf32>
  }
}

// -----
// all_to_all_c1: split_dim is not a dim of the operand
module attributes {tessera.mesh = {axes = ["tp"], shape = [4]}} {
  func.func @all_to_all_c1(%x: tensor<8x4xf32>) -> tensor<8x4xf32> {
    // expected-error@+1 {{(all_to_all_c1)}}
    %0 = tessera.all_to_all %x {axes = ["tp"], split_dim = 2, concat_dim = 0} : (tensor<8x4xf32>) -> tensor<8x4xf32>
    return %0 : tensor<8x4xf32>
  }
}

// -----
// scatter_c1: the scattered dim does not divide by the group size
module attributes {tessera.mesh = {axes = ["tp"], shape = [4]}} {
  func.func @scatter_c1(%x: tensor<6x4xf32>) -> tensor<2x4xf32> {
    // expected-error@+1 {{(scatter_c1)}}
    %0 = tessera.collective_scatter %x {axes = ["tp"], dim = 0, root = 0} : (tensor<6x4xf32>) -> tensor<2x4xf32>
    return %0 : tensor<2x4xf32>
  }
}

// -----
// axis_index_c1: the result must be tensor<i32>
module attributes {tessera.mesh = {axes = ["tp"], shape = [4]}} {
  func.func @axis_index_c1() -> tensor<f32> {
    // expected-error@+1 {{(axis_index_c1)}}
    %0 = tessera.axis_index {axes = ["tp"]} : () -> tensor<f32>
    return %0 : tensor<f32>
  }
}

// -----
// redistribute_c2: partial values of a type that cannot be reduced
module attributes {tessera.mesh = {axes = ["tp"], shape = [4]}} {
  func.func @redistribute_c2(%x: tensor<4xi1>) -> tensor<4xi1> {
    // expected-error@+1 {{(redistribute_c2)}}
    %0 = tessera.redistribute %x {src = {partial = ["tp"]}, dst = {}} : (tensor<4xi1>) -> tensor<4xi1>
    return %0 : tensor<4xi1>
  }
}

// -----
// mesh_c1: a malformed mesh (unknown key)
module attributes {tessera.mesh = {axes = ["tp"], shape = [4], size = 4}} {
  func.func @mesh_c1_malformed(%x: tensor<4xf32>) -> tensor<4xf32> {
    // expected-error@+1 {{unknown key 'size' (mesh_c1)}}
    %0 = tessera.collective_broadcast %x {axes = ["tp"], root = 0} : (tensor<4xf32>) -> tensor<4xf32>
    return %0 : tensor<4xf32>
  }
}

// -----
// mesh_c2: axes must not be empty
module attributes {tessera.mesh = {axes = ["dp", "tp"], shape = [2, 4]}} {
  func.func @mesh_c2_empty() -> tensor<i32> {
    // expected-error@+1 {{'axes' must be a non-empty array of mesh axis names (mesh_c2)}}
    %0 = tessera.axis_index {axes = []} : () -> tensor<i32>
    return %0 : tensor<i32>
  }
}

// -----
// mesh_c3: i4 cannot be moved
module attributes {tessera.mesh = {axes = ["dp", "tp"], shape = [2, 4]}} {
  func.func @mesh_c3_move(%x: tensor<4xi4>) -> tensor<16xi4> {
    // expected-error@+1 {{element type i4 cannot be moved by collectives (mesh_c3)}}
    %0 = tessera.all_gather %x {axes = ["tp"], dim = 0} : (tensor<4xi4>) -> tensor<16xi4>
    return %0 : tensor<16xi4>
  }
}

// -----
// mesh_c3: i1 can be moved but not reduced
module attributes {tessera.mesh = {axes = ["dp", "tp"], shape = [2, 4]}} {
  func.func @mesh_c3_collective_reduce(%x: tensor<4xi1>) -> tensor<4xi1> {
    // expected-error@+1 {{element type i1 cannot be reduced by collectives (mesh_c3)}}
    %0 = tessera.collective_reduce %x {axes = ["tp"], op = "max", root = 0} : (tensor<4xi1>) -> tensor<4xi1>
    return %0 : tensor<4xi1>
  }
}

// -----
// mesh_c4: reduce_scatter needs op
module attributes {tessera.mesh = {axes = ["dp", "tp"], shape = [2, 4]}} {
  func.func @mesh_c4_reduce_scatter(%x: tensor<8xf32>) -> tensor<2xf32> {
    // expected-error@+1 {{or "avg" (mesh_c4)}}
    %0 = tessera.reduce_scatter %x {axes = ["tp"], dim = 0} : (tensor<8xf32>) -> tensor<2xf32>
    return %0 : tensor<2xf32>
  }
}

// -----
// mesh_c5: reduce_scatter result keeps the full dim
module attributes {tessera.mesh = {axes = ["dp", "tp"], shape = [2, 4]}} {
  func.func @mesh_c5_reduce_scatter(%x: tensor<8xf32>) -> tensor<8xf32> {
    // expected-error@+1 {{(mesh_c5)}}
    %0 = tessera.reduce_scatter %x {axes = ["tp"], op = "sum", dim = 0} : (tensor<8xf32>) -> tensor<8xf32>
    return %0 : tensor<8xf32>
  }
}

// -----
// mesh_c5: collective_gather's result is the gathered shape on every rank
module attributes {tessera.mesh = {axes = ["dp", "tp"], shape = [2, 4]}} {
  func.func @mesh_c5_collective_gather(%x: tensor<2x3xf32>) -> tensor<2x3xf32> {
    // expected-error@+1 {{(mesh_c5)}}
    %0 = tessera.collective_gather %x {axes = ["tp"], dim = 0, root = 0} : (tensor<2x3xf32>) -> tensor<2x3xf32>
    return %0 : tensor<2x3xf32>
  }
}

// -----
// reduce_scatter_c1: dim is not a dim of the operand
module attributes {tessera.mesh = {axes = ["dp", "tp"], shape = [2, 4]}} {
  func.func @reduce_scatter_c1_dim(%x: tensor<8xf32>) -> tensor<2xf32> {
    // expected-error@+1 {{attribute 'dim' must be a dimension of the rank-1 operand (reduce_scatter_c1)}}
    %0 = tessera.reduce_scatter %x {axes = ["tp"], op = "sum", dim = 1} : (tensor<8xf32>) -> tensor<2xf32>
    return %0 : tensor<2xf32>
  }
}

// -----
// all_to_all_c1: concat_dim is not a dim of the operand
module attributes {tessera.mesh = {axes = ["dp", "tp"], shape = [2, 4]}} {
  func.func @all_to_all_c1_concat(%x: tensor<8x4xf32>) -> tensor<2x16xf32> {
    // expected-error@+1 {{attribute 'concat_dim' must be a dimension of the rank-2 operand (all_to_all_c1)}}
    %0 = tessera.all_to_all %x {axes = ["tp"], split_dim = 0, concat_dim = -3} : (tensor<8x4xf32>) -> tensor<2x16xf32>
    return %0 : tensor<2x16xf32>
  }
}

// -----
// all_gather_c1: collective_gather checks dim as all_gather does
module attributes {tessera.mesh = {axes = ["dp", "tp"], shape = [2, 4]}} {
  func.func @all_gather_c1_collective_gather(%x: tensor<2x3xf32>) -> tensor<8x3xf32> {
    // expected-error@+1 {{(all_gather_c1)}}
    %0 = tessera.collective_gather %x {axes = ["tp"], root = 0} : (tensor<2x3xf32>) -> tensor<8x3xf32>
    return %0 : tensor<8x3xf32>
  }
}

// -----
// scatter_c1: dim is not a dim of the operand
module attributes {tessera.mesh = {axes = ["dp", "tp"], shape = [2, 4]}} {
  func.func @scatter_c1_dim(%x: tensor<8x4xf32>) -> tensor<2x4xf32> {
    // expected-error@+1 {{attribute 'dim' must be a dimension of the rank-2 operand (scatter_c1)}}
    %0 = tessera.collective_scatter %x {axes = ["tp"], dim = 2, root = 0} : (tensor<8x4xf32>) -> tensor<2x4xf32>
    return %0 : tensor<2x4xf32>
  }
}

// -----
// root_c1: collective_reduce with a negative root
module attributes {tessera.mesh = {axes = ["dp", "tp"], shape = [2, 4]}} {
  func.func @root_c1_collective_reduce(%x: tensor<4xf32>) -> tensor<4xf32> {
    // expected-error@+1 {{group rank in [0, 4) (root_c1)}}
    %0 = tessera.collective_reduce %x {axes = ["tp"], op = "sum", root = -1} : (tensor<4xf32>) -> tensor<4xf32>
    return %0 : tensor<4xf32>
  }
}

// -----
// root_c1: collective_gather over dp x tp (n = 8), root 8 is outside
module attributes {tessera.mesh = {axes = ["dp", "tp"], shape = [2, 4]}} {
  func.func @root_c1_collective_gather(%x: tensor<1x3xf32>) -> tensor<8x3xf32> {
    // expected-error@+1 {{group rank in [0, 8) (root_c1)}}
    %0 = tessera.collective_gather %x {axes = ["dp", "tp"], dim = 0, root = 8} : (tensor<1x3xf32>) -> tensor<8x3xf32>
    return %0 : tensor<8x3xf32>
  }
}

// -----
// root_c1: collective_scatter needs root
module attributes {tessera.mesh = {axes = ["dp", "tp"], shape = [2, 4]}} {
  func.func @root_c1_collective_scatter(%x: tensor<8xf32>) -> tensor<2xf32> {
    // expected-error@+1 {{(root_c1)}}
    %0 = tessera.collective_scatter %x {axes = ["tp"], dim = 0} : (tensor<8xf32>) -> tensor<2xf32>
    return %0 : tensor<2xf32>
  }
}

// -----
// pairs_c1: send with a pair entry outside the group
module attributes {tessera.mesh = {axes = ["dp", "tp"], shape = [2, 4]}} {
  func.func @pairs_c1_send(%x: tensor<4xf32>) -> tensor<4xf32> {
    // expected-error@+1 {{pair entry 4 is not a group rank in [0, 4) (pairs_c1)}}
    tessera.send %x {axes = ["tp"], pairs = [[0, 4]], channel = 0} : (tensor<4xf32>) -> ()
    return %x : tensor<4xf32>
  }
}

// -----
// pairs_c1: recv with a rank as source twice
module attributes {tessera.mesh = {axes = ["dp", "tp"], shape = [2, 4]}} {
  func.func @pairs_c1_recv() -> tensor<4xf32> {
    // expected-error@+1 {{may be the source of one pair and the destination of one pair (pairs_c1)}}
    %0 = tessera.recv {axes = ["tp"], pairs = [[0, 1], [0, 2]], channel = 0} : () -> tensor<4xf32>
    return %0 : tensor<4xf32>
  }
}

// -----
// channel_c1: send with a negative channel
module attributes {tessera.mesh = {axes = ["dp", "tp"], shape = [2, 4]}} {
  func.func @channel_c1_send(%x: tensor<4xf32>) -> tensor<4xf32> {
    // expected-error@+1 {{attribute 'channel' must be a non-negative integer (channel_c1)}}
    tessera.send %x {axes = ["tp"], pairs = [[0, 1]], channel = -1} : (tensor<4xf32>) -> ()
    return %x : tensor<4xf32>
  }
}

// -----
// channel_c1: recv with a string channel
module attributes {tessera.mesh = {axes = ["dp", "tp"], shape = [2, 4]}} {
  func.func @channel_c1_recv() -> tensor<4xf32> {
    // expected-error@+1 {{(channel_c1)}}
    %0 = tessera.recv {axes = ["tp"], pairs = [[0, 1]], channel = "0"} : () -> tensor<4xf32>
    return %0 : tensor<4xf32>
  }
}

// -----
// recv_c1: recv of i4
module attributes {tessera.mesh = {axes = ["dp", "tp"], shape = [2, 4]}} {
  func.func @recv_c1_i4() -> tensor<4xi4> {
    // expected-error@+1 {{statically shaped tensor, got tensor<4xi4> (recv_c1)}}
    %0 = tessera.recv {axes = ["tp"], pairs = [[0, 1]], channel = 0} : () -> tensor<4xi4>
    return %0 : tensor<4xi4>
  }
}

// -----
// mesh_c2: axis_index needs axes
module attributes {tessera.mesh = {axes = ["dp", "tp"], shape = [2, 4]}} {
  func.func @mesh_c2_axis_index() -> tensor<i32> {
    // expected-error@+1 {{(mesh_c2)}}
    %0 = tessera.axis_index : () -> tensor<i32>
    return %0 : tensor<i32>
  }
}

// -----
// mesh_c3: redistribute of i4
module attributes {tessera.mesh = {axes = ["dp", "tp"], shape = [2, 4]}} {
  func.func @mesh_c3_redistribute(%x: tensor<4xi4>) -> tensor<4xi4> {
    // expected-error@+1 {{cannot be moved by collectives (mesh_c3)}}
    %0 = tessera.redistribute %x {src = {}, dst = {}} : (tensor<4xi4>) -> tensor<4xi4>
    return %0 : tensor<4xi4>
  }
}

// -----
// mesh_c5: redistribute result is the local shape under dst (global 8x3 over tp: 2x3)
module attributes {tessera.mesh = {axes = ["dp", "tp"], shape = [2, 4]}} {
  func.func @mesh_c5_redistribute(%x: tensor<8x3xf32>) -> tensor<8x3xf32> {
    // expected-error@+1 {{(mesh_c5)}}
    %0 = tessera.redistribute %x {src = {}, dst = {partition = [0], mesh_axes = ["tp"]}} : (tensor<8x3xf32>) -> tensor<8x3xf32>
    return %0 : tensor<8x3xf32>
  }
}
