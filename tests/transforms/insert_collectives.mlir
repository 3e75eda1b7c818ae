// RUN: tessera-opt %s --pass insert-collectives | FileCheck %s
// Megatron MLP on tp: column-parallel W1 (N sharded), row-parallel W2 (K sharded), y replicated.
module attributes {tessera.mesh = {axes = ["dp", "tp"], shape = [2, 4]}} {
  // CHECK-LABEL: func.func @mlp
  // CHECK: tessera.matmul %x, %w1
  // CHECK-NOT: tessera.all_gather
  // CHECK: tessera.relu
  // CHECK: %[[P:[0-9a-z_]+]] = tessera.matmul %a, %w2
  // CHECK-NEXT: %[[Y:[0-9a-z_]+]] = tessera.all_reduce %[[P]] {axes = ["tp"], op = "sum"}
  // CHECK-NEXT: return %[[Y]] : tensor<8x16xf32>
  func.func @mlp(%x: tensor<8x16xf32> {tessera.shard = {partition = ["row"], mesh_axes = ["dp"]}},
                 %w1: tensor<16x8xf32> {tessera.shard = {partition = ["col"], mesh_axes = ["tp"]}},
                 %w2: tensor<8x16xf32> {tessera.shard = {partition = ["row"], mesh_axes = ["tp"]}})
      -> tensor<8x16xf32> attributes {tessera.result_shards = [{partition = ["row"], mesh_axes = ["dp"]}]} {
    %h = "tessera.matmul"(%x, %w1) : (tensor<8x16xf32>, tensor<16x8xf32>) -> tensor<8x8xf32>
    %a = "tessera.relu"(%h) : (tensor<8x8xf32>) -> tensor<8x8xf32>
    %y = "tessera.matmul"(%a, %w2) : (tensor<8x8xf32>, tensor<8x16xf32>) -> tensor<8x16xf32>
    return %y : tensor<8x16xf32>
  }

  // Column-parallel with a replicated result: S(1) -> R is an all_gather on dim 1.
  // CHECK-LABEL: func.func @column_parallel
  // CHECK-SAME: -> tensor<4x32xf32> {
  // CHECK: tessera.matmul
  // CHECK-NEXT: tessera.all_gather %y {axes = ["tp"], dim = 1}
  // CHECK-SAME: -> tensor<4x32xf32>
  func.func @column_parallel(%x: tensor<4x16xf32>,
                             %w: tensor<16x8xf32> {tessera.shard = {partition = ["col"], mesh_axes = ["tp"]}})
      -> tensor<4x8xf32> {
    %y = "tessera.matmul"(%x, %w) : (tensor<4x16xf32>, tensor<16x8xf32>) -> tensor<4x8xf32>
    return %y : tensor<4x8xf32>
  }

  // Row-parallel into a sequence-sharded result: P -> S is one reduce_scatter.
  // CHECK-LABEL: func.func @row_parallel_scatter
  // CHECK: tessera.matmul
  // CHECK-NEXT: tessera.reduce_scatter %y {axes = ["tp"], dim = 0, op = "sum"}
  // CHECK-SAME: -> tensor<2x16xf32>
  // CHECK-NOT: all_reduce
  func.func @row_parallel_scatter(%x: tensor<8x4xf32> {tessera.shard = {partition = ["col"], mesh_axes = ["tp"]}},
                                  %w: tensor<4x16xf32> {tessera.shard = {partition = ["row"], mesh_axes = ["tp"]}})
      -> tensor<8x16xf32> attributes {tessera.result_shards = [{partition = ["row"], mesh_axes = ["tp"]}]} {
    %y = "tessera.matmul"(%x, %w) : (tensor<8x4xf32>, tensor<4x16xf32>) -> tensor<8x16xf32>
    return %y : tensor<8x16xf32>
  }

  // One axis cannot shard both M and N: the pass gathers N (w's columns) before the matmul.
  // CHECK-LABEL: func.func @axis_clash
  // CHECK: %[[G:[0-9a-z_]+]] = tessera.all_gather %w {axes = ["tp"], dim = 1}
  // CHECK-NEXT: tessera.matmul %x, %[[G]]
  // CHECK-SAME: -> tensor<2x8xf32>
  func.func @axis_clash(%x: tensor<2x16xf32> {tessera.shard = {partition = ["row"], mesh_axes = ["tp"]}},
                        %w: tensor<16x2xf32> {tessera.shard = {partition = ["col"], mesh_axes = ["tp"]}})
      -> tensor<2x2xf32> attributes {tessera.result_shards = [{partition = ["row"], mesh_axes = ["tp"]}]} {
    %y = "tessera.matmul"(%x, %w) : (tensor<2x16xf32>, tensor<16x2xf32>) -> tensor<2x2xf32>
    return %y : tensor<2x2xf32>
  }

  // S(0) -> S(1) on the same axis is an all_to_all.
  // CHECK-LABEL: func.func @reshard
  // CHECK: tessera.all_to_all %x {axes = ["tp"], concat_dim = 0, split_dim = 1}
  // CHECK-SAME: -> tensor<8x2xf32>
  func.func @reshard(%x: tensor<2x8xf32> {tessera.shard = {partition = [0], mesh_axes = ["tp"]}})
      -> tensor<2x8xf32> attributes {tessera.result_shards = [{partition = [1], mesh_axes = ["tp"]}]} {
    return %x : tensor<2x8xf32>
  }

  // Every Graph IR op with the record's kElementwise trait keeps its operands' sharding: pow,
  // cmp_gt and select (absent from the old hand-written lists) need no gather.
  // CHECK-LABEL: func.func @elementwise_traits
  // CHECK: tessera.pow %x, %y
  // CHECK-NOT: tessera.all_gather
  // CHECK: tessera.cmp_gt %x, %y
  // CHECK-NOT: tessera.all_gather
  // CHECK: tessera.select
  // CHECK-NOT: tessera.all_gather
  // CHECK: return
  func.func @elementwise_traits(%x: tensor<8x4xf32> {tessera.shard = {partition = ["row"], mesh_axes = ["tp"]}},
                                %y: tensor<8x4xf32> {tessera.shard = {partition = ["row"], mesh_axes = ["tp"]}})
      -> tensor<8x4xf32> attributes {tessera.result_shards = [{partition = ["row"], mesh_axes = ["tp"]}]} {
    %p = "tessera.pow"(%x, %y) : (tensor<8x4xf32>, tensor<8x4xf32>) -> tensor<8x4xf32>
    %c = "tessera.cmp_gt"(%x, %y) : (tensor<8x4xf32>, tensor<8x4xf32>) -> tensor<8x4xi1>
    %s = "tessera.select"(%c, %p, %x) : (tensor<8x4xi1>, tensor<8x4xf32>, tensor<8x4xf32>) -> tensor<8x4xf32>
    return %s : tensor<8x4xf32>
  }

  // A partial sum passes through kLinear ops (neg) and is reduced before non-linear ones (exp).
  // CHECK-LABEL: func.func @linear_traits
  // CHECK: %[[P:[0-9a-z_]+]] = tessera.matmul %x, %w
  // CHECK-NEXT: %[[N:[0-9a-z_]+]] = tessera.neg %[[P]]
  // CHECK-NEXT: %[[R:[0-9a-z_]+]] = tessera.all_reduce %[[N]] {axes = ["tp"], op = "sum"}
  // CHECK-NEXT: tessera.exp %[[R]]
  func.func @linear_traits(%x: tensor<4x8xf32> {tessera.shard = {partition = ["col"], mesh_axes = ["tp"]}},
                           %w: tensor<8x4xf32> {tessera.shard = {partition = ["row"], mesh_axes = ["tp"]}})
      -> tensor<4x4xf32> {
    %p = "tessera.matmul"(%x, %w) : (tensor<4x8xf32>, tensor<8x4xf32>) -> tensor<4x4xf32>
    %n = "tessera.neg"(%p) : (tensor<4x4xf32>) -> tensor<4x4xf32>
    %e = "tessera.exp"(%n) : (tensor<4x4xf32>) -> tensor<4x4xf32>
    return %e : tensor<4x4xf32>
  }
}
