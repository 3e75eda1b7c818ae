// --shadow f64 inside a tile kernel (tests/numerics_report/test_tile_shadow.py): 4 groups of 2
// tiles of 8 lanes; tile (g, t) reads row [g, t, :] of each input as a lane vector.
//   %d = a + b on bf16 lane vectors: the planted precision loss (b is about one bf16 ulp of a),
//   %e = d - a: exact (Sterbenz), so all of its error is inherited from %d,
//   %p = x * s and %q = exp(p) in f32: at most half an ulp and about one ulp of their own.
module {
  func.func @k(%a: memref<4x2x8xbf16>, %b: memref<4x2x8xbf16>, %x: memref<4x2x8xf32>,
               %s: memref<4x2x8xf32>, %oe: memref<4x2x8xbf16>, %oq: memref<4x2x8xf32>)
      attributes {tile.grid = [4], tile.tiles = 2, tile.lanes = 8} {
    %g = tile.group_id : index
    %t = tile.local_id : index
    %c0 = arith.constant {value = 0 : index} : index
    %va = tile.load %a, %g, %t, %c0 : (memref<4x2x8xbf16>, index, index, index) -> vector<8xbf16>
    %vb = tile.load %b, %g, %t, %c0 : (memref<4x2x8xbf16>, index, index, index) -> vector<8xbf16>
    %d = arith.addf %va, %vb : vector<8xbf16>
    %e = arith.subf %d, %va : vector<8xbf16>
    %v = tile.load %x, %g, %t, %c0 : (memref<4x2x8xf32>, index, index, index) -> vector<8xf32>
    %w = tile.load %s, %g, %t, %c0 : (memref<4x2x8xf32>, index, index, index) -> vector<8xf32>
    %p = arith.mulf %v, %w : vector<8xf32>
    %q = tile.exp %p : vector<8xf32>
    tile.store %e, %oe, %g, %t, %c0 : (vector<8xbf16>, memref<4x2x8xbf16>, index, index, index) -> ()
    tile.store %q, %oq, %g, %t, %c0 : (vector<8xf32>, memref<4x2x8xf32>, index, index, index) -> ()
    return
  }
}
