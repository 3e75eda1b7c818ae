// Faults planted inside a tile kernel (tests/numerics_report/test_tile.py): 4 groups of 2 tiles
// of 8 lanes; tile (g, t) reads row [g, t, :] of each input as a lane vector.
//   %p = x * s overflows f32 where x * s > 3.4e38 (the test puts one such lane in group 1),
//   %r = sqrt(x) is NaN where x < 0 (one lane in group 2),
//   %d = a + b on bf16 lane vectors rounds (precision loss).
// @main launches the same kernel from Graph IR (the test adds a 2-rank mesh for per-rank probes).
module {
  func.func @k(%x: memref<4x2x8xf32>, %s: memref<4x2x8xf32>, %a: memref<4x2x8xbf16>,
               %b: memref<4x2x8xbf16>, %o: memref<4x2x8xf32>, %q: memref<4x2x8xf32>,
               %ob: memref<4x2x8xbf16>) attributes {tile.grid = [4], tile.tiles = 2, tile.lanes = 8} {
    %g = tile.group_id : index
    %t = tile.local_id : index
    %c0 = arith.constant {value = 0 : index} : index
    %f = tile.load %x, %g, %t, %c0 : (memref<4x2x8xf32>, index, index, index) -> f32
    %v = tile.load %x, %g, %t, %c0 : (memref<4x2x8xf32>, index, index, index) -> vector<8xf32>
    %w = tile.load %s, %g, %t, %c0 : (memref<4x2x8xf32>, index, index, index) -> vector<8xf32>
    %p = arith.mulf %v, %w : vector<8xf32>
    %r = tile.sqrt %v : vector<8xf32>
    %va = tile.load %a, %g, %t, %c0 : (memref<4x2x8xbf16>, index, index, index) -> vector<8xbf16>
    %vb = tile.load %b, %g, %t, %c0 : (memref<4x2x8xbf16>, index, index, index) -> vector<8xbf16>
    %d = arith.addf %va, %vb : vector<8xbf16>
    %h = arith.addf %f, %f : f32
    tile.store %p, %o, %g, %t, %c0 : (vector<8xf32>, memref<4x2x8xf32>, index, index, index) -> ()
    tile.store %r, %q, %g, %t, %c0 : (vector<8xf32>, memref<4x2x8xf32>, index, index, index) -> ()
    tile.store %d, %ob, %g, %t, %c0 : (vector<8xbf16>, memref<4x2x8xbf16>, index, index, index) -> ()
    return
  }
  func.func @main(%x: tensor<4x2x8xf32>, %s: tensor<4x2x8xf32>, %a: tensor<4x2x8xbf16>,
                  %b: tensor<4x2x8xbf16>) -> (tensor<4x2x8xf32>, tensor<4x2x8xf32>, tensor<4x2x8xbf16>) {
    %o, %q, %ob = tile.launch %x, %s, %a, %b {callee = @k, grid = [4], tiles = 2, lanes = 8}
        : (tensor<4x2x8xf32>, tensor<4x2x8xf32>, tensor<4x2x8xbf16>, tensor<4x2x8xbf16>)
        -> (tensor<4x2x8xf32>, tensor<4x2x8xf32>, tensor<4x2x8xbf16>)
    return %o, %q, %ob : tensor<4x2x8xf32>, tensor<4x2x8xf32>, tensor<4x2x8xbf16>
  }
}
