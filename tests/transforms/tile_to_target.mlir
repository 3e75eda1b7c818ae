// RUN: tessera-opt %s --pass tile-to-target | FileCheck %s
// A tile is a warp: ids become special registers, an async copy becomes a loop of per-lane
// cp.async through the xor swizzle's address arithmetic, the barrier bar.sync, tile.mma an FMA
// chain per row with b broadcast by shfl.sync idx, row_sum a sequential addf chain.
module {
  // CHECK-LABEL: func.func @k
  func.func @k(%a: memref<32x32xf32>, %b: memref<32x1xf32>, %out: memref<32x1xf32>) {
    // CHECK: %[[LANE32:[0-9a-z_]+]] = tessera_nvidia.laneid
    // CHECK-NEXT: %[[LANE:[0-9a-z_]+]] = arith.index_cast %[[LANE32]] : (i32) -> index
    // CHECK: tessera_nvidia.warpid
    %t = tile.local_id : index
    %c0 = arith.constant {value = 0 : index} : index
    // A register buffer: a local copy per lane, stored by every lane (no lane-0 scf.if).
    // CHECK: %[[R:[0-9a-z_]+]] = tessera_nvidia.alloc_local : () -> memref<2xf32, 5>
    // CHECK: tessera_nvidia.st %{{.*}}, %[[R]], %{{.*}} : (f32, memref<2xf32, 5>, index) -> ()
    %reg = tile.alloc_register : memref<2xf32, 5>
    %one = arith.constant {value = 1.0 : f32} : f32
    tile.store %one, %reg, %c0 : (f32, memref<2xf32, 5>, index) -> ()
    // CHECK: %[[S:[0-9a-z_]+]] = tessera_nvidia.alloc_shared : () -> memref<32x36xf32, 3>
    %s = tile.alloc_shared {padding = 4} : memref<32x32xf32, 3>
    // CHECK: %[[X:[0-9a-z_]+]] = tessera_nvidia.alloc_shared : () -> memref<32x32xf32, 3>
    %x = tile.alloc_shared {swizzle = "xor"} : memref<32x32xf32, 3>
    // CHECK: "scf.for"
    // CHECK: tessera_nvidia.cp_async %a, %{{.*}}, %[[S]], %{{.*}} {bytes = 4}
    tile.async_copy %a, %s, %c0, %c0 : (memref<32x32xf32>, memref<32x32xf32, 3>, index, index) -> ()
    // CHECK: "scf.for"
    // CHECK: arith.xori
    // CHECK: tessera_nvidia.cp_async %a, %{{.*}}, %[[X]], %{{.*}} {bytes = 4}
    tile.async_copy %a, %x, %c0, %c0 : (memref<32x32xf32>, memref<32x32xf32, 3>, index, index) -> ()
    // A masked copy (rows 16.. of %a, half outside): src_size 4 inside, 0 (zero fill) outside
    // from element 0.
    // CHECK: %[[M:[0-9a-z_]+]] = tessera_nvidia.alloc_shared : () -> memref<32x32xf32, 3>
    %m = tile.alloc_shared : memref<32x32xf32, 3>
    %c16 = arith.constant {value = 16 : index} : index
    // CHECK: "scf.for"
    // CHECK: %[[IN:[0-9a-z_]+]] = arith.andi
    // CHECK-NEXT: %[[FROM:[0-9a-z_]+]] = arith.select %[[IN]], %{{.*}}, %{{.*}} : (i1, index, index) -> index
    // CHECK: %[[N:[0-9a-z_]+]] = arith.select %[[IN]], %{{.*}}, %{{.*}} : (i1, i32, i32) -> i32
    // CHECK-NEXT: tessera_nvidia.cp_async %a, %[[FROM]], %[[M]], %{{.*}}, %[[N]] {bytes = 4}
    tile.async_copy %a, %m, %c16, %c0 {mask = true} : (memref<32x32xf32>, memref<32x32xf32, 3>, index, index) -> ()
    // CHECK: tessera_nvidia.cp_async_commit_group
    tile.commit_group : () -> ()
    // CHECK-NEXT: tessera_nvidia.cp_async_wait_group {n = 0}
    tile.wait_group {n = 0} : () -> ()
    // CHECK-NEXT: tessera_nvidia.bar_sync
    tile.barrier : () -> ()
    // CHECK: tessera_nvidia.ld %[[S]]
    %ta = tile.load_tile %s, %c0, %c0 : (memref<32x32xf32, 3>, index, index) -> tensor<32x32xf32>
    %tb = tile.load_tile %b, %c0, %c0 : (memref<32x1xf32>, index, index) -> tensor<32x1xf32>
    // CHECK: %[[R0:[0-9a-z_]+]] = arith.addf %{{.*}}, %{{.*}} : (f32, f32) -> f32
    // CHECK-NEXT: arith.addf %[[R0]], %{{.*}} : (f32, f32) -> f32
    %rows = tile.row_sum %ta : (tensor<32x32xf32>) -> tensor<32xf32>
    %z = tile.broadcast %rows : (tensor<32xf32>) -> tensor<32x1xf32>
    // K = 32 >= 16: an scf.for over k (not unrolled). a and b go to local arrays once, the
    // accumulator is the loop's carried value; each iteration broadcasts b(k, n) from lane
    // k % 32 and folds one FMA.
    // CHECK: %[[LA:[0-9a-z_]+]] = tessera_nvidia.alloc_local : () -> memref<32xf32, 5>
    // CHECK: %[[LB:[0-9a-z_]+]] = tessera_nvidia.alloc_local : () -> memref<1xf32, 5>
    // CHECK: %[[D:[0-9a-z_]+]] = "scf.for"(%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}})
    // CHECK-NEXT: ^bb0(%k: index, %[[ACC:[0-9a-z_]+]]: f32):
    // CHECK: %[[OWN:[0-9a-z_]+]] = arith.index_cast %{{.*}} : (index) -> i32
    // CHECK-NEXT: %[[AV:[0-9a-z_]+]] = tessera_nvidia.ld %[[LA]], %k
    // CHECK-NEXT: %[[BM:[0-9a-z_]+]] = tessera_nvidia.ld %[[LB]]
    // CHECK-NEXT: %[[BV:[0-9a-z_]+]] = tessera_nvidia.shfl_sync %[[BM]], %[[OWN]], %{{.*}} {mode = "idx"}
    // CHECK-NEXT: %[[F:[0-9a-z_]+]] = tessera_nvidia.fma %[[AV]], %[[BV]], %[[ACC]] : (f32, f32, f32) -> f32
    // CHECK-NEXT: scf.yield %[[F]] : (f32) -> ()
    // CHECK-NEXT: }) : (index, index, index, f32) -> f32
    // CHECK-NOT: tessera_nvidia.fma
    %d = tile.mma %ta, %tb, %z : (tensor<32x32xf32>, tensor<32x1xf32>, tensor<32x1xf32>) -> tensor<32x1xf32>
    // CHECK: tessera_nvidia.st %[[D]], %out
    %row = arith.muli %t, %c0 : index
    tile.store_tile %d, %out, %row, %c0 : (tensor<32x1xf32>, memref<32x1xf32>, index, index) -> ()
    // CHECK-NOT: tile.
    // CHECK: return
    return
  }
  // bf16 tile.mma: mma.sync m16n8k16 on fragments gathered by shuffles and packed through
  // local memory, one per (16-row, 8-column, 16-deep) block, K blocks in increasing order.
  // CHECK-LABEL: func.func @kb
  func.func @kb(%a: memref<32x32xbf16>, %b: memref<32x8xbf16>, %out: memref<32x8xf32>) {
    %c0 = arith.constant {value = 0 : index} : index
    %ta = tile.load_tile %a, %c0, %c0 : (memref<32x32xbf16>, index, index) -> tensor<32x32xbf16>
    %tb = tile.load_tile %b, %c0, %c0 : (memref<32x8xbf16>, index, index) -> tensor<32x8xbf16>
    %z = tile.zeros : tensor<32x8xf32>
    // CHECK: tessera_nvidia.alloc_local : () -> memref<8xbf16, 5>
    // CHECK: %[[A0:[0-9a-z_]+]] = tessera_nvidia.ld %{{.*}}, %{{.*}} : (memref<8xbf16, 5>, i32) -> vector<8xbf16>
    // CHECK: %[[B0:[0-9a-z_]+]] = tessera_nvidia.ld %{{.*}}, %{{.*}} : (memref<4xbf16, 5>, i32) -> vector<4xbf16>
    // CHECK-NEXT: %[[D0:[0-9a-z_]+]] = tessera_nvidia.mma_sync %[[A0]], %[[B0]], %{{.*}} {shape = "m16n8k16"}
    // CHECK: tessera_nvidia.mma_sync %{{.*}}, %{{.*}}, %[[D0]] {shape = "m16n8k16"}
    %d = tile.mma %ta, %tb, %z : (tensor<32x32xbf16>, tensor<32x8xbf16>, tensor<32x8xf32>) -> tensor<32x8xf32>
    tile.store_tile %d, %out, %c0, %c0 : (tensor<32x8xf32>, memref<32x8xf32>, index, index) -> ()
    return
  }
  // CHECK-LABEL: func.func @main
  func.func @main(%a: tensor<32x32xf32>, %b: tensor<32x1xf32>, %b8: tensor<32x8xf32>)
      -> (tensor<32x1xf32>, tensor<32x8xf32>) {
    // CHECK: tessera_nvidia.launch %a, %b {block = [64], callee = @k, grid = [1]}
    %o = tile.launch %a, %b {callee = @k, grid = [1], tiles = 2, lanes = 32}
        : (tensor<32x32xf32>, tensor<32x1xf32>) -> tensor<32x1xf32>
    %ab = "tessera.cast"(%a) : (tensor<32x32xf32>) -> tensor<32x32xbf16>
    %bb = "tessera.cast"(%b8) : (tensor<32x8xf32>) -> tensor<32x8xbf16>
    %o2 = tile.launch %ab, %bb {callee = @kb, grid = [1], tiles = 1, lanes = 32}
        : (tensor<32x32xbf16>, tensor<32x8xbf16>) -> tensor<32x8xf32>
    return %o, %o2 : tensor<32x1xf32>, tensor<32x8xf32>
  }
}
