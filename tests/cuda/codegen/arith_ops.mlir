// The CUDA text of the arith ops added for the compile-only suite (shifts, fptosi, extf, truncf,
// cmpf codes, vector arith, f32 atomic min/max, sqrt), written by hand from docs/ops/tile/scalar.md and
// docs/ops/target/, and an NVRTC compile of the result for three architectures.
// RUN: tessera-cuda-gen %s --arch sm_90 | FileCheck %s
// RUN: tessera-cuda-gen %s --compile --arch sm_80,sm_90,sm_100 | FileCheck %s
module {
  func.func @k(%a: memref<1024xf32>, %h: memref<512xbf16>, %o: memref<1024xf32>,
               %io: memref<1024xi32>) {
    %l = tessera_nvidia.laneid : () -> i32
    // CHECK: const tsr::i32 [[L:v[0-9]+]] = tsr::laneid();
    %s = arith.shli %l, %l : (i32, i32) -> i32
    // CHECK: tsr::i32 [[S:v[0-9]+]] = tsr::shli([[L]], [[L]]);
    %r = arith.shrsi %s, %l : (i32, i32) -> i32
    // CHECK: tsr::i32 {{v[0-9]+}} = tsr::shrsi([[S]], [[L]]);
    %x = tessera_nvidia.ld %a, %l : (memref<1024xf32>, i32) -> f32
    // CHECK: float [[X:v[0-9]+]] = tsr::ld(
    %q = tessera_nvidia.sqrt %x : (f32) -> f32
    // CHECK: float [[Q:v[0-9]+]] = __fsqrt_rn([[X]]);
    %n = arith.fptosi %q : (f32) -> i32
    // CHECK: tsr::i32 {{v[0-9]+}} = tsr::i32(tsr::u64(tsr::fptosi_i64([[Q]])));
    %c = arith.cmpf %x, %q {predicate = 9} : (f32, f32) -> i1
    // CHECK: bool {{v[0-9]+}} = (([[X]] != [[X]] || [[Q]] != [[Q]]) || ([[X]] > [[Q]]));
    %c2 = arith.cmpf %x, %q {predicate = 6} : (f32, f32) -> i1
    // CHECK: bool {{v[0-9]+}} = (!([[X]] != [[X]] || [[Q]] != [[Q]]) && ([[X]] != [[Q]]));
    %e = arith.extf %q : (f32) -> f64
    // CHECK: {{(const )?}}double [[E:v[0-9]+]] = tsr::extf([[Q]]);
    %t = arith.truncf %e : (f64) -> f32
    // CHECK: {{(const )?}}float {{v[0-9]+}} = tsr::truncf_rn([[E]]);
    %four = arith.constant {value = 4 : i32} : () -> i32
    %i = arith.muli %l, %four : (i32, i32) -> i32
    %v = tessera_nvidia.ld %a, %i : (memref<1024xf32>, i32) -> vector<4xf32>
    // CHECK: tsr::vec<float, 4> [[V:v[0-9]+]] = tsr::ldv<4>(
    %w = arith.mulf %v, %v : (vector<4xf32>, vector<4xf32>) -> vector<4xf32>
    // CHECK: tsr::vec<float, 4> [[W:v[0-9]+]];
    // CHECK-NEXT: for (int k = 0; k < 4; ++k) [[W]].e[k] = __fmul_rn([[V]].e[k], [[V]].e[k]);
    %hb = tessera_nvidia.ld %h, %i : (memref<512xbf16>, i32) -> vector<4xbf16>
    %hs = arith.addf %hb, %hb : (vector<4xbf16>, vector<4xbf16>) -> vector<4xbf16>
    // CHECK: for (int k = 0; k < 4; ++k) [[HS:v[0-9]+]].e[k] = tsr::round_to<__nv_bfloat16>(__fadd_rn(
    %m = arith.cmpf %w, %v {predicate = 4} : (vector<4xf32>, vector<4xf32>) -> vector<4xi1>
    // CHECK: tsr::vec<bool, 4> [[M:v[0-9]+]];
    %sel = arith.select %m, %w, %v : (vector<4xi1>, vector<4xf32>, vector<4xf32>) -> vector<4xf32>
    // CHECK: for (int k = 0; k < 4; ++k) {{v[0-9]+}}.e[k] = ([[M]].e[k] ? [[W]].e[k] : [[V]].e[k]);
    tessera_nvidia.st %sel, %o, %i : (vector<4xf32>, memref<1024xf32>, i32) -> ()
    tessera_nvidia.st %hs, %h, %i : (vector<4xbf16>, memref<512xbf16>, i32) -> ()
    %mx = tessera_nvidia.atom %x, %o, %l {kind = "max"} : (f32, memref<1024xf32>, i32) -> f32
    // CHECK: float {{v[0-9]+}} = tsr::atomic_minmaxf<true>([[O:v[0-9]+]] + (tsr::i64)[[L]], [[X]]);
    %mn = tessera_nvidia.atom %x, %o, %l {kind = "min"} : (f32, memref<1024xf32>, i32) -> f32
    // CHECK: float {{v[0-9]+}} = tsr::atomic_minmaxf<false>(
    tessera_nvidia.st %n, %io, %l : (i32, memref<1024xi32>, i32) -> ()
    tessera_nvidia.st %r, %io, %i : (i32, memref<1024xi32>, i32) -> ()
    return
  }
  func.func @main(%a: tensor<1024xf32>, %h: tensor<512xbf16>) -> (tensor<1024xf32>, tensor<1024xi32>) {
    %o, %io = tessera_nvidia.launch %a, %h {callee = @k, grid = [1], block = [32]}
        : (tensor<1024xf32>, tensor<512xbf16>) -> (tensor<1024xf32>, tensor<1024xi32>)
    return %o, %io : tensor<1024xf32>, tensor<1024xi32>
  }
}
