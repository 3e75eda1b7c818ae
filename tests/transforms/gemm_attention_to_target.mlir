// RUN: tessera-opt %s --pass graph-to-schedule --pass schedule-to-tile --pass tile-to-target | FileCheck %s
// Graph -> Target for the two templates the CUDA backend compiles most: a bf16 GEMM (bf16
// shared buffers filled by 4-byte cp.async pairs, fragments by ldmatrix, mma.sync m16n8k16 with
// the f32 accumulator, K blocks in increasing order) and causal flash attention, whose f32
// tile.mma stays scf.for loops over K inside the key-block loop (not unrolled: 64 shuffles per
// product and k, not 64 x 64).
module {
  // CHECK-LABEL: func.func @gemm_bf16_g0_kernel(%a: memref<?x?xbf16>, %b: memref<?x?xbf16>, %c: memref<?x?xf32>)
  // CHECK: tessera_nvidia.alloc_shared {{.*}}memref<64x32xbf16, 3>
  // CHECK: tessera_nvidia.cp_async %a, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} {bytes = 4} : (memref<?x?xbf16>, index, memref<64x32xbf16, 3>, index, i32) -> ()
  // CHECK: tessera_nvidia.cp_async %b, %{{.*}} {bytes = 4} : (memref<?x?xbf16>, index, memref<32x72xbf16, 3>, index, i32) -> ()
  // CHECK: = "scf.for"(
  // CHECK: tessera_nvidia.cp_async_wait_group {n = 1}
  // CHECK: tessera_nvidia.ldmatrix %{{.*}} {num = 4, trans = false} : (memref<64x32xbf16, 3>, index, index) -> vector<8xbf16>
  // CHECK: %[[B0:[0-9a-z_]+]] = tessera_nvidia.ldmatrix %{{.*}} {num = 2, trans = true} : (memref<32x72xbf16, 3>, index, index) -> vector<4xbf16>
  // CHECK-NEXT: %[[D0:[0-9a-z_]+]] = tessera_nvidia.mma_sync %{{.*}}, %[[B0]], %{{.*}} {shape = "m16n8k16"} : (vector<8xbf16>, vector<4xbf16>, vector<4xf32>) -> vector<4xf32>
  // CHECK: tessera_nvidia.mma_sync %{{.*}}, %{{.*}}, %[[D0]] {shape = "m16n8k16"}
  // CHECK-NOT: tile.
  // CHECK: return
  func.func @gemm_bf16(%a: tensor<40x64xbf16>, %b: tensor<64x48xbf16>) -> tensor<40x48xf32> {
    %0 = "tessera.matmul"(%a, %b) : (tensor<40x64xbf16>, tensor<64x48xbf16>) -> tensor<40x48xf32>
    return %0 : tensor<40x48xf32>
  }
  // CHECK-LABEL: func.func @attn_g0_kernel(
  // CHECK: = "scf.for"(
  // q . k: a (32x64) and k (64x64, read as [N, K]) spilled once, then the loop over K.
  // CHECK: %[[QA:[0-9a-z_]+]] = tessera_nvidia.alloc_local : () -> memref<64xf32, 5>
  // CHECK: %[[KB:[0-9a-z_]+]] = tessera_nvidia.alloc_local : () -> memref<128xf32, 5>
  // CHECK: = "scf.for"(
  // CHECK-NEXT: ^bb0(%[[K:[0-9a-z_]+]]: index, %{{.*}}: f32,
  // CHECK: tessera_nvidia.ld %[[QA]], %[[K]]
  // k's slot of the lane's first 32 columns is read once and shuffled from lanes 0, 1, ...
  // CHECK: %[[KV:[0-9a-z_]+]] = tessera_nvidia.ld %[[KB]], %[[K]]
  // CHECK-NEXT: tessera_nvidia.shfl_sync %[[KV]], {{.*}} {mode = "idx"}
  // CHECK-NEXT: tessera_nvidia.fma
  // CHECK-NEXT: tessera_nvidia.shfl_sync %[[KV]], {{.*}} {mode = "idx"}
  // CHECK-NEXT: tessera_nvidia.fma
  // CHECK: scf.yield
  // CHECK-NEXT: }) : (index, index, index, f32,
  // p . v (b as [K, N], K = 64): one loop per 32 values of k; the second continues the first's
  // chains; each column's slot is a constant.
  // CHECK: %[[PV:[0-9a-z_]+]]:64 = "scf.for"(
  // CHECK-NEXT: ^bb0(%{{[0-9a-z_]+}}: index, %{{.*}}: f32,
  // CHECK: tessera_nvidia.fma
  // CHECK: scf.yield
  // CHECK-NEXT: }) : (index, index, index, f32,
  // CHECK-NEXT: = "scf.for"(%{{[0-9a-z_]+}}, %{{[0-9a-z_]+}}, %{{[0-9a-z_]+}}, %[[PV]]#0, %[[PV]]#1,
  // CHECK-NEXT: ^bb0(%[[K2:[0-9a-z_]+]]: index, %{{.*}}: f32,
  // CHECK: tessera_nvidia.ld %{{[0-9a-z_]+}}, %[[K2]]
  // CHECK-NEXT: tessera_nvidia.ld %{{[0-9a-z_]+}}, %{{[0-9a-z_]+}} : (memref<128xf32, 5>, index) -> f32
  // CHECK-NEXT: tessera_nvidia.shfl_sync
  // CHECK-NEXT: tessera_nvidia.fma
  // CHECK: scf.yield
  // CHECK-NEXT: }) : (index, index, index, f32,
  // CHECK-NOT: tile.
  // CHECK: return
  func.func @attn(%q: tensor<1x1x128x64xf32>, %k: tensor<1x1x128x64xf32>, %v: tensor<1x1x128x64xf32>) -> tensor<1x1x128x64xf32> {
    %0 = "tessera.flash_attn"(%q, %k, %v) {causal = true} : (tensor<1x1x128x64xf32>, tensor<1x1x128x64xf32>, tensor<1x1x128x64xf32>) -> tensor<1x1x128x64xf32>
    return %0 : tensor<1x1x128x64xf32>
  }
}
