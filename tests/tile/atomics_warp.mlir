// Atomics (shared and global, integer) and warp primitives: checked against numpy in test_tile.py.
// Each of 4 groups x 8 tiles adds its local id to a shared counter and does atomic max of its
// linear id on a global cell; tile 0 of each group writes the counter to out[g]. Lanes: every
// tile shuffles lane ids (xor 1), votes, and reduces; tile 0 of group 0 writes those to misc.
module {
  func.func @k(%cnt: memref<4xi32>, %mx: memref<1xi32>, %misc: memref<4xi32>)
      attributes {tile.grid = [4], tile.tiles = 8, tile.lanes = 32} {
    %t = tile.local_id : index
    %g = tile.group_id : index
    %lin = tile.linear_id : index
    %c0 = arith.constant {value = 0 : index} : index
    %z = arith.constant {value = 0 : i32} : i32
    %s = tile.alloc_shared : memref<1xi32, 3>
    %first = arith.cmpi %t, %c0 {predicate = 0} : (index, index) -> i1
    "scf.if"(%first) ({
      tile.store %z, %s, %c0 : (i32, memref<1xi32, 3>, index) -> ()
      "scf.yield"() : () -> ()
    }, { "scf.yield"() : () -> () }) : (i1) -> ()
    tile.barrier : () -> ()
    %t32 = arith.index_cast %t : (index) -> i32
    %old = tile.atomic %t32, %s, %c0 {kind = "add"} : (i32, memref<1xi32, 3>, index) -> i32
    %l32 = arith.index_cast %lin : (index) -> i32
    %old2 = tile.atomic %l32, %mx, %c0 {kind = "max"} : (i32, memref<1xi32>, index) -> i32
    tile.barrier : () -> ()
    "scf.if"(%first) ({
      %v = tile.load %s, %c0 : (memref<1xi32, 3>, index) -> i32
      tile.store %v, %cnt, %g : (i32, memref<4xi32>, index) -> ()
      "scf.yield"() : () -> ()
    }, { "scf.yield"() : () -> () }) : (i1) -> ()
    %lanes = tile.lane_id : vector<32xi32>
    %one = arith.constant {value = 1 : i32} : i32
    %sh = tile.shuffle %lanes, %one {mode = "xor"} : (vector<32xi32>, i32) -> vector<32xi32>
    %sum = tile.warp_reduce %sh {kind = "sum"} : (vector<32xi32>) -> i32
    %three = arith.constant {value = 3 : i32} : i32
    %down = tile.shuffle %lanes, %three {mode = "down"} : (vector<32xi32>, i32) -> vector<32xi32>
    %dmax = tile.warp_reduce %down {kind = "min"} : (vector<32xi32>) -> i32
    %ten = tile.full {value = 10 : i32} : vector<32xi32>
    %lt = arith.cmpi %lanes, %ten {predicate = 2} : (vector<32xi32>, vector<32xi32>) -> vector<32xi1>
    %ballot = tile.vote %lt {kind = "ballot"} : (vector<32xi1>) -> i64
    %ballot_idx = arith.index_cast %ballot : (i64) -> index
    %b32 = arith.index_cast %ballot_idx : (index) -> i32
    %any = tile.vote %lt {kind = "all"} : (vector<32xi1>) -> i1
    %one32 = arith.constant {value = 1 : i32} : i32
    %zero32 = arith.constant {value = 0 : i32} : i32
    %a32 = arith.select %any, %one32, %zero32 : (i1, i32, i32) -> i32
    %g0 = arith.cmpi %lin, %c0 {predicate = 0} : (index, index) -> i1
    "scf.if"(%g0) ({
      %c1 = arith.constant {value = 1 : index} : index
      %c2 = arith.constant {value = 2 : index} : index
      %c3 = arith.constant {value = 3 : index} : index
      tile.store %sum, %misc, %c0 : (i32, memref<4xi32>, index) -> ()
      tile.store %dmax, %misc, %c1 : (i32, memref<4xi32>, index) -> ()
      tile.store %b32, %misc, %c2 : (i32, memref<4xi32>, index) -> ()
      tile.store %a32, %misc, %c3 : (i32, memref<4xi32>, index) -> ()
      "scf.yield"() : () -> ()
    }, { "scf.yield"() : () -> () }) : (i1) -> ()
    return
  }
}
