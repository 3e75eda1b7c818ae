// A 2x4 mesh (dp x tp): x is sharded by rows over tp; all_gather rebuilds it on every rank,
// all_reduce sums the shards over tp.
module attributes {tessera.mesh = {axes = ["dp", "tp"], shape = [2, 4]}} {
  func.func @main(%x: tensor<2x3xf32> {tessera.shard = {partition = ["row"], mesh_axes = ["tp"]}})
      -> (tensor<8x3xf32>, tensor<2x3xf32>) {
    %g = tessera.all_gather %x {axes = ["tp"], dim = 0} : (tensor<2x3xf32>) -> tensor<8x3xf32>
    %s = tessera.all_reduce %x {axes = ["tp"], op = "sum"} : (tensor<2x3xf32>) -> tensor<2x3xf32>
    return %g, %s : tensor<8x3xf32>, tensor<2x3xf32>
  }
}
