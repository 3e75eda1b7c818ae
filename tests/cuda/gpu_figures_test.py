#!/usr/bin/env python3
"""scripts/gpu_figures.py on a gpu_check.sh output folder written here in the formats the programs
print (gpu_check.sh, tessera-conform's JUnit and diff summary, bench_cuda_gemm,
bench_cuda_attention, bench_nccl, doctest). Expected ratios derived by hand from the numbers."""
import os
import subprocess
import sys
import tempfile

script = sys.argv[1]
LOG = """== 1. device and versions (04:00:00)
name, driver_version, compute_cap, memory.total [MiB]
NVIDIA H200, 580.65.06, 9.0, 143771 MiB
== 3. deterministic diff: --backend reference --diff-backend cuda (04:01:00)
diff: 0 of 12345 elements differ bitwise, in 0 of 7 cases run on both backends
diff: 42 elements are NaN on both sides with a different payload or sign, in 5 cases (not differences: the spec leaves NaN payloads open)
== 6. benchmarks/cuda (loadavg 0.50 0.40 0.30) (04:02:00)
"""
XML = """<?xml version="1.0" encoding="UTF-8"?>
<testsuites name="tessera-conform" tests="10" failures="2" errors="0" skipped="5" time="1.0">
  <testsuite name="tessera-conform" tests="10" failures="2" errors="0" skipped="5" time="1.0">
  </testsuite>
</testsuites>
"""
BENCH = """-- bench_cuda_gemm
check generated f32 x f32 -> f32 256^3 (tsr_main_g0_kernel, grid [4, 4, 1], block [128, 1, 1]) vs the spec's fma chain on the host: bit-exact (0 of 65536 elements differ in bits)
check generated bf16 x bf16 -> f32 256^3 (tsr_main_g0_kernel, grid [4, 4, 1], block [128, 1, 1]) vs the spec's fma chain on the host: bit-exact (0 of 65536 elements differ in bits)
size       path                                                 ms    TFLOP/s
2048^3     cuBLASLt f32 -> f32 (peer)                        0.500      34.36
2048^3     generated f32 -> f32, deterministic (ours)        5.000       3.44
2048^3     f32 ratio ours / peer (TFLOP/s): 0.100
f32 8192^3 skipped: 2048^3 took 5 ms, so 8192^3 would take about 0 s a run
size       path                                                 ms    TFLOP/s
2048^3     cuBLASLt bf16 -> f32 (peer)                       0.100     171.80
2048^3     generated bf16 -> f32, deterministic (ours)       2.000       8.59
2048^3     bf16 ratio ours / peer (TFLOP/s): 0.050
8192^3     cuBLASLt bf16 -> f32 (peer)                       2.000     549.76
8192^3     generated bf16 -> f32, deterministic (ours)     100.000      11.00
8192^3     bf16 ratio ours / peer (TFLOP/s): 0.020

GEMM bf16 x bf16 -> bf16, M = N = K = 8192 (median of 20 after 5 warm-ups, the two paths timed alternately)
cuBLASLt algorithm, peer: algo 66 tile 20 stages 8 splitK 1 reduction 0 swizzle 0 custom 0 inner 0 cluster 2
cuBLASLt algorithm, ours: algo 66 tile 20 stages 8 splitK 1 reduction 0 swizzle 0 custom 0 inner 0 cluster 2 (same as the peer)
path                                                 ms    TFLOP/s
cuBLASLt, called directly (peer)                  1.500      733.0
default mode: try_library_kernel -> cuBLASLt      1.600      687.2
ratio default / peer (TFLOP/s): 0.938
-- bench_cuda_attention

Causal flash attention bf16 B 4, H 16, S 4096, D 128 (median of 15 after 3 warm-ups; causal flops = half)
path                                                   ms    TFLOP/s
cuDNN SDPA graph, run directly (peer)               2.000      400.0
default mode: try_library_kernel -> cuDNN           2.500      320.0
ratio default / peer (TFLOP/s): 0.800

deterministic mode: tessera.flash_attn f32 through the CUDA plugin (generated kernel, TESSERA_DETERMINISM_REQUIRED)
check generated causal [1, 2, 128, 64] f32 vs the reference plugin: bit-exact (0 of 16384 elements differ in bits); vs host f64: ok (max error 1.00e-07)
Causal attention B 4, H 16, S 4096, D 64 (ours: median of 5 executes after 1, the plugin's output allocation included; peer: median of 15 after 3)
path                                                               ms    TFLOP/s
cuDNN SDPA bf16 (peer, tensor cores)                            0.500     275.00
generated f32, deterministic (ours, f32 FMA chains)            50.000       2.75
deterministic attention ratio ours / peer (TFLOP/s): 0.0100
-- bench_nccl
bench_nccl on NVIDIA H200; NCCL 2.27.7; 1 rank(s) (single process)

all_reduce f32 sum (median of 20 after 3 warm-ups, member 0's stream)
       bytes |    NCCL ms algbw GB/s busbw GB/s |     det ms algbw GB/s busbw GB/s | det/NCCL
        4096 |      0.010        0.4        0.0 |      0.020        0.2        0.0 |    2.00
     1048576 |      0.020       52.4        0.0 |      0.040       26.2        0.0 |    2.00
"""
with tempfile.TemporaryDirectory() as d:
    for name, text in (("gpu_check.log", LOG), ("conform_cuda.xml", XML), ("bench.txt", BENCH),
                       ("libs.txt", "[doctest] test cases: 20 | 20 passed | 0 failed | 0 skipped\n")):
        with open(os.path.join(d, name), "w") as f:
            f.write(text)
    out = subprocess.run([sys.executable, script, d], capture_output=True, text=True)
    assert out.returncode == 0, out.stderr
    t = out.stdout
    want = [
        "| Device | NVIDIA H200, 580.65.06, 9.0, 143771 MiB |",
        # 687.2 / 733.0 = 0.9375...
        "ours 1.600 ms (687.2 TFLOP/s), cuBLASLt 1.500 ms (733.0 TFLOP/s), ratio 0.938",
        "ours 2.500 ms (320.0 TFLOP/s), cuDNN 2.000 ms (400.0 TFLOP/s), ratio 0.800",
        "ratio 0.938; same cuBLASLt algorithm (algo 66 tile 20 stages 8 splitK 1",
        "| Deterministic GEMM f32 (generated / cuBLASLt f32, TFLOP/s) | 2048^3 0.100; 8192^3 skipped: "
        "2048^3 took 5 ms, so 8192^3 would take about 0 s a run; 256^3 check: bit-exact (0 of 65536",
        "| 2048^3 0.050; 8192^3 0.020; 256^3 check: bit-exact (0 of 65536 elements differ in bits) |",
        "| Deterministic attention | f32 B4 H16 S4096 D64 causal: ours 50.000 ms (2.75 TFLOP/s), "
        "cuDNN bf16 0.500 ms (275.00 TFLOP/s), ratio 0.0100; check: bit-exact (0 of 16384 elements "
        "differ in bits); vs host f64: ok (max error 1.00e-07) |",
        "1 rank: bus bandwidth is 0 by definition; algorithm bandwidth NCCL 52.4 GB/s, "
        "deterministic gather + fold 26.2 GB/s (at 1048576 bytes)",
        "3 passed, 2 failed, 5 skipped (of 10)",
        "diff: 0 of 12345 elements differ bitwise, in 0 of 7 cases run on both backends; "
        "NaN-payload elements (not differences): 42 in 5 cases",
        "| Deterministic diff cases (diff.xml) | not measured (no diff.xml) |",
        "test cases: 20 | 20 passed",
        "| loadavg at the benchmarks | 0.50 0.40 0.30 |",
    ]
    for w in want:
        assert w.replace("|", "\\|") in t or w in t, "missing %r in:\n%s" % (w, t)
    bad = subprocess.run([sys.executable, script], capture_output=True, text=True)
    assert bad.returncode == 2, bad.returncode
    bad = subprocess.run([sys.executable, script, os.path.join(d, "nope")], capture_output=True, text=True)
    assert bad.returncode == 1 and "error:" in bad.stderr
print("ok")
