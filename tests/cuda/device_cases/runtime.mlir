// CUDA runtime paths the conformance suite does not single out: chained launches (an output fed
// to a later launch), a memref with a dynamic dimension, scalar kernel parameters (f32, i32),
// two results returned in another order, and outputs that start zeroed. Target IR, so the
// programs reach the device as written. Expectations derived by hand (exact in f32 and i32).
// CI runs these on the reference backend (tests/cuda/CMakeLists.txt); scripts/gpu_check.sh runs
// them on the device and diffs them against the interpreter.

// CASE: chained_launches_f32
// NOTE: s = x * 0.5 over a dynamic memref (2 blocks of 4 threads); t = s + x (1 block of 8).
// RULE: bitexact
// REQUIRES: op=tessera_nvidia.launch dtype=f32 level=target
// INPUT: 0 tensor<8xf32> hex:3f800000,40000000,40400000,40800000,40a00000,40c00000,40e00000,41000000
// INPUT: 1 tensor<f32> hex:3f000000
// EXPECT: 0 tensor<8xf32> hex:3fc00000,40400000,40900000,40c00000,40f00000,41100000,41280000,41400000
// EXPECT: 1 tensor<8xf32> hex:3f000000,3f800000,3fc00000,40000000,40200000,40400000,40600000,40800000
// GENERATOR: hand-written (x * 0.5 and x + x * 0.5 of 1..8)
module {
  func.func @scale(%x: memref<?xf32>, %alpha: f32, %o: memref<?xf32>) {
    %t = tessera_nvidia.tid {dim = 0} : () -> i32
    %b = tessera_nvidia.ctaid {dim = 0} : () -> i32
    %n = tessera_nvidia.ntid {dim = 0} : () -> i32
    %bn = arith.muli %b, %n : (i32, i32) -> i32
    %i = arith.addi %bn, %t : (i32, i32) -> i32
    %v = tessera_nvidia.ld %x, %i : (memref<?xf32>, i32) -> f32
    %r = arith.mulf %v, %alpha : (f32, f32) -> f32
    tessera_nvidia.st %r, %o, %i : (f32, memref<?xf32>, i32) -> ()
    return
  }
  func.func @add(%a: memref<8xf32>, %b: memref<8xf32>, %o: memref<8xf32>) {
    %i = tessera_nvidia.tid {dim = 0} : () -> i32
    %u = tessera_nvidia.ld %a, %i : (memref<8xf32>, i32) -> f32
    %v = tessera_nvidia.ld %b, %i : (memref<8xf32>, i32) -> f32
    %r = arith.addf %u, %v : (f32, f32) -> f32
    tessera_nvidia.st %r, %o, %i : (f32, memref<8xf32>, i32) -> ()
    return
  }
  func.func @main(%x: tensor<8xf32>, %alpha: tensor<f32>) -> (tensor<8xf32>, tensor<8xf32>) {
    %s = tessera_nvidia.launch %x, %alpha {callee = @scale, grid = [2], block = [4]}
        : (tensor<8xf32>, tensor<f32>) -> tensor<8xf32>
    %t = tessera_nvidia.launch %s, %x {callee = @add, grid = [1], block = [8]}
        : (tensor<8xf32>, tensor<8xf32>) -> tensor<8xf32>
    return %t, %s : tensor<8xf32>, tensor<8xf32>
  }
}

// -----

// CASE: zeroed_outputs_i32
// NOTE: threads i < n (n = 5, an i32 scalar parameter) store 3 * i; the rest of the output keeps
// NOTE: the zeros it starts with.
// RULE: bitexact
// REQUIRES: op=tessera_nvidia.launch dtype=i32 level=target
// INPUT: 0 tensor<i32> hex:00000005
// EXPECT: 0 tensor<16xi32> hex:00000000,00000003,00000006,00000009,0000000c,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000
// GENERATOR: hand-written (3 * i for i < 5, else 0)
module {
  func.func @fill(%n: i32, %o: memref<16xi32>) {
    %i = tessera_nvidia.tid {dim = 0} : () -> i32
    %three = arith.constant {value = 3 : i32} : () -> i32
    %inside = arith.cmpi %i, %n {predicate = 2} : (i32, i32) -> i1
    "scf.if"(%inside) ({
      %v = arith.muli %i, %three : (i32, i32) -> i32
      tessera_nvidia.st %v, %o, %i : (i32, memref<16xi32>, i32) -> ()
      "scf.yield"() : () -> ()
    }, { "scf.yield"() : () -> () }) : (i1) -> ()
    return
  }
  func.func @main(%n: tensor<i32>) -> tensor<16xi32> {
    %o = tessera_nvidia.launch %n {callee = @fill, grid = [1], block = [16]}
        : (tensor<i32>) -> tensor<16xi32>
    return %o : tensor<16xi32>
  }
}

// -----

// CASE: shared_starts_zeroed_f32
// NOTE: @dirty fills its block's shared array with 3.0 (and returns what it read back after the
// barrier); @read then adds its own shared array, never written, to x. Shared memory starts
// zeroed (docs/ops/tile/memory.md tile.alloc_shared, docs/ops/target/memory.md), so the sum is x
// itself; on a GPU the array may hold what @dirty left there unless the kernel zeroes it, which
// deterministic mode does (the runner compiles bitexact cases in it).
// RULE: bitexact
// REQUIRES: op=tessera_nvidia.launch dtype=f32 level=target
// INPUT: 0 tensor<32xf32> hex:3f800000,40000000,40400000,40800000,40a00000,40c00000,40e00000,41000000,41100000,41200000,41300000,41400000,41500000,41600000,41700000,41800000,41880000,41900000,41980000,41a00000,41a80000,41b00000,41b80000,41c00000,41c80000,41d00000,41d80000,41e00000,41e80000,41f00000,41f80000,42000000
// EXPECT: 0 tensor<32xf32> hex:3f800000,40000000,40400000,40800000,40a00000,40c00000,40e00000,41000000,41100000,41200000,41300000,41400000,41500000,41600000,41700000,41800000,41880000,41900000,41980000,41a00000,41a80000,41b00000,41b80000,41c00000,41c80000,41d00000,41d80000,41e00000,41e80000,41f00000,41f80000,42000000
// EXPECT: 1 tensor<32xf32> hex:40400000,40400000,40400000,40400000,40400000,40400000,40400000,40400000,40400000,40400000,40400000,40400000,40400000,40400000,40400000,40400000,40400000,40400000,40400000,40400000,40400000,40400000,40400000,40400000,40400000,40400000,40400000,40400000,40400000,40400000,40400000,40400000
// GENERATOR: hand-written (x + 0 = x for x = 1..32; 3.0 stored and read back)
module {
  func.func @dirty(%o: memref<32xf32>) {
    %t = tessera_nvidia.tid {dim = 0} : () -> i32
    %s = tessera_nvidia.alloc_shared : () -> memref<32xf32, 3>
    %c = arith.constant {value = 3.0 : f32} : () -> f32
    tessera_nvidia.st %c, %s, %t : (f32, memref<32xf32, 3>, i32) -> ()
    tessera_nvidia.bar_sync : () -> ()
    %v = tessera_nvidia.ld %s, %t : (memref<32xf32, 3>, i32) -> f32
    tessera_nvidia.st %v, %o, %t : (f32, memref<32xf32>, i32) -> ()
    return
  }
  func.func @read(%x: memref<32xf32>, %o: memref<32xf32>) {
    %t = tessera_nvidia.tid {dim = 0} : () -> i32
    %s = tessera_nvidia.alloc_shared : () -> memref<32xf32, 3>
    %z = tessera_nvidia.ld %s, %t : (memref<32xf32, 3>, i32) -> f32
    %v = tessera_nvidia.ld %x, %t : (memref<32xf32>, i32) -> f32
    %r = arith.addf %v, %z : (f32, f32) -> f32
    tessera_nvidia.st %r, %o, %t : (f32, memref<32xf32>, i32) -> ()
    return
  }
  func.func @main(%x: tensor<32xf32>) -> (tensor<32xf32>, tensor<32xf32>) {
    %d = tessera_nvidia.launch {callee = @dirty, grid = [1], block = [32]} : () -> tensor<32xf32>
    %r = tessera_nvidia.launch %x {callee = @read, grid = [1], block = [32]}
        : (tensor<32xf32>) -> tensor<32xf32>
    return %r, %d : tensor<32xf32>, tensor<32xf32>
  }
}
