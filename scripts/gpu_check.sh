#!/usr/bin/env bash
# The CUDA backend's checks on a machine with a GPU, from a bundle made by scripts/gpu_bundle.sh.
# Run from the repository root (the conformance cases are read from conformance/cases):
#   scripts/gpu_check.sh BUNDLE[.tar.xz]   results in $OUT (default ./gpu_check_out)
# Steps, each under `timeout`, all logged to $OUT/gpu_check.log:
#   1. nvidia-smi, driver, nvcc and NVRTC versions
#   2. tessera-conform --backend cuda --require-device over conformance/cases and
#      tests/cuda/device_cases (JUnit: $OUT/conform_cuda.xml); the mesh cases run with rank r on
#      GPU r % G (virtual ranks), summed up as "mesh cases: N, F failed, S skipped" and
#      "tile collective cases: N, F failed, S skipped"
#   3. tessera-conform --deterministic --backend reference --diff-backend cuda ($OUT/diff.xml)
#   4. cuobjdump -sass of the cached CUBINs: HMMA / LDGSTS / F2FP counts per kernel ($OUT/sass.txt)
#   5. test_cuda_libs: cuBLASLt, cuDNN and NCCL paths and the prelude's narrow-float conversions
#      on the device ($OUT/libs.txt)
#   5b. the block-scaled MX matmul through cuBLASLt on sm_100+ ("skipped: sm_NN" before that)
#   6. benchmarks: bench_cuda_gemm, bench_cuda_attention, bench_nccl ($OUT/bench.txt)
# At most 6 files in $OUT: gpu_check.log, conform_cuda.xml, diff.xml, sass.txt, libs.txt,
# bench.txt (scripts/gpu_figures.py reads them).
# Without a usable device step 2 fails at once and the script stops with exit 1.
# TESSERA_GPU_CHECK_BUDGET (seconds, default 300) bounds the whole script.
# TESSERA_GPU_CHECK_FLASH=1 also runs the tile flash attention case (minutes of NVRTC).
# TESSERA_GPU_CHECK_ONLY=REGEX runs steps 2 and 3 on the matching case files only.
set -uo pipefail
if [ $# -ne 1 ]; then
  echo "usage: scripts/gpu_check.sh BUNDLE   (BUNDLE or BUNDLE.tar.xz from scripts/gpu_bundle.sh)" >&2
  exit 2
fi
src="$1"
if [ -f "$src" ] && [ "${src%.tar.xz}" != "$src" ]; then  # the packed bundle: unpack it first
  unpack="$(mktemp -d /tmp/tessera_bundle.XXXXXX)"
  if ! tar -C "$unpack" -xJf "$src"; then
    echo "gpu_check: error: cannot unpack $src" >&2
    exit 2
  fi
  src="$(find "$unpack" -mindepth 1 -maxdepth 1 -type d | head -1)"
fi
if [ ! -x "$src/bin/tessera-conform" ]; then
  echo "gpu_check: error: $1 is not a bundle from scripts/gpu_bundle.sh (no bin/tessera-conform)" >&2
  exit 2
fi
bundle="$(cd "$src" && pwd)"
root="$(cd "$(dirname "$0")/.." && pwd)"
out="${OUT:-$root/gpu_check_out}"
mkdir -p "$out"
log="$out/gpu_check.log"
: >"$log"
say() { echo "$*" | tee -a "$log"; }
# One budget for the whole script (seconds); each step's timeout is cut to what is left.
deadline=$(($(date +%s) + ${TESSERA_GPU_CHECK_BUDGET:-300}))
left() {  # left CAP [RESERVE]: min(CAP, seconds to the deadline less RESERVE), at least 5
  local l=$((deadline - ${2:-0} - $(date +%s)))
  [ "$l" -gt "$1" ] && l="$1"
  [ "$l" -lt 5 ] && l=5
  echo "$l"
}
step() { say ""; say "== $* ($(date -u +%H:%M:%S))"; }
status=0

step "1. device and versions"
if command -v nvidia-smi >/dev/null 2>&1; then
  timeout 20 nvidia-smi 2>&1 | tee -a "$log"
  timeout 20 nvidia-smi --query-gpu=name,driver_version,compute_cap,memory.total --format=csv \
    2>&1 | tee -a "$log"
else
  say "nvidia-smi: not found"
fi
nvcc_path="$(command -v nvcc || true)"
[ -z "$nvcc_path" ] && [ -x /usr/local/cuda/bin/nvcc ] && nvcc_path=/usr/local/cuda/bin/nvcc
cuda_home="${CUDA_HOME:-$([ -n "$nvcc_path" ] && dirname "$(dirname "$(readlink -f "$nvcc_path")")" || echo /usr/local/cuda)}"
[ -n "$nvcc_path" ] && timeout 20 "$nvcc_path" --version 2>&1 | tail -2 | tee -a "$log"
# The toolkit's libraries (NVRTC), then the Python wheels' copies as fallbacks.
libdirs=""
for d in "$cuda_home/lib64" "$cuda_home/lib" "$cuda_home/targets/x86_64-linux/lib"; do
  [ -d "$d" ] && libdirs="$libdirs:$d"
done
for d in /opt/torch/.venv/lib/python3*/site-packages/nvidia/*/lib; do
  [ -d "$d" ] && libdirs="$libdirs:$d"
done
export LD_LIBRARY_PATH="${libdirs#:}${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
for d in "$cuda_home/include" "$cuda_home/targets/x86_64-linux/include"; do
  [ -f "$d/cuda_fp16.h" ] && { export TESSERA_CUDA_INCLUDE="$d"; break; }
done
export TESSERA_CUDA_CACHE="${TESSERA_CUDA_CACHE:-/tmp/tessera-gpu-check-cache}"
mkdir -p "$TESSERA_CUDA_CACHE"
# The bundle's warm cache (gpu_bundle.sh): the runtime finds its CUBINs instead of running NVRTC.
[ -d "$bundle/cache" ] && cp -n "$bundle"/cache/*.tcubin "$TESSERA_CUDA_CACHE"/ 2>/dev/null
warm_count="$(find "$TESSERA_CUDA_CACHE" -name '*.tcubin' | wc -l)"
say "warm cache: $warm_count CUBINs in $TESSERA_CUDA_CACHE"
say "CUDA home: $cuda_home; TESSERA_CUDA_INCLUDE=${TESSERA_CUDA_INCLUDE:-unset}"
say "LD_LIBRARY_PATH=$LD_LIBRARY_PATH"
# The cuda plugin links cuBLASLt and cuDNN (default mode's libraries): unresolved ones stop it
# from loading at all, so say so here.
for f in "$bundle"/lib/tessera/plugins/libtessera_cuda.so "$bundle"/libexec/test_cuda_libs; do
  [ -f "$f" ] || continue
  miss="$(LD_LIBRARY_PATH="$bundle/lib:$LD_LIBRARY_PATH" ldd "$f" 2>&1 | grep 'not found' | tr -s ' \t' ' ')"
  say "$(basename "$f") libraries: ${miss:-all found}"
done
say "cache: $TESSERA_CUDA_CACHE; bundle commit: $(cat "$bundle/COMMIT" 2>/dev/null || echo unknown)"

# The cases (scripts/gpu_cases.sh): every file linked one by one, flash attention left out
# unless TESSERA_GPU_CHECK_FLASH=1, plus tests/cuda/device_cases.
cases="$(mktemp -d /tmp/tessera-cases.XXXXXX)"
flash_arg=()
[ "${TESSERA_GPU_CHECK_FLASH:-0}" = 1 ] && flash_arg=(--flash)
bash "$root/scripts/gpu_cases.sh" "$cases" "${flash_arg[@]+"${flash_arg[@]}"}"
# TESSERA_GPU_CHECK_ONLY=REGEX: only the case files whose path under the case directory matches
# it (bash =~), and only steps 2 and 3: a short re-check of a few ops.
if [ -n "${TESSERA_GPU_CHECK_ONLY:-}" ]; then
  while IFS= read -r -d '' f; do
    [[ "${f#"$cases"/}" =~ $TESSERA_GPU_CHECK_ONLY ]] || rm -f "$f"
  done < <(find "$cases" -name '*.mlir' -print0)
fi
say "cases: $(find "$cases" -name '*.mlir' | wc -l) files in $cases"
conform="$bundle/bin/tessera-conform"

step "2. conformance on the device: --backend cuda --require-device"
timeout "$(left 100 200)" "$conform" --backend cuda --require-device --cases "$cases" \
  --junit "$out/conform_cuda.xml" >"$out/.conform.txt" 2>&1
rc=$?
no_device=0
grep -q -- '--require-device: backend' "$out/.conform.txt" && no_device=1
# SKIP lines are many and alike: counted by reason; everything else is kept.
grep -v '^SKIP ' "$out/.conform.txt" | tee -a "$log"
say "skipped, by reason (count, first 90 characters):"
grep '^SKIP ' "$out/.conform.txt" | sed 's/^SKIP [^:]*: //' | cut -c1-90 | sort | uniq -c |
  sort -rn | head -25 | tee -a "$log"
rm -f "$out/.conform.txt"
# The mesh cases (conformance/cases/mesh, device_cases/mesh.mlir) run with virtual ranks: rank r
# on GPU r % G.
[ -f "$out/conform_cuda.xml" ] && say "$(awk '/<testcase classname="(cuda_runtime\.)?mesh\./ {n++; m=1; next}
  /<testcase / {m=0} m && /<failure/ {f++} m && /<skipped/ {s++}
  END {printf "mesh cases: %d, %d failed, %d skipped\n", n, f, s}' "$out/conform_cuda.xml")"
# The Tile IR collective cases (conformance/cases/tile/collectives.mlir): kernels split at their
# collectives into launches and collective steps of the mesh plan (docs/cuda.md).
[ -f "$out/conform_cuda.xml" ] && say "$(awk '/<testcase classname="tile\.collectives/ {n++; m=1; next}
  /<testcase / {m=0} m && /<failure/ {f++} m && /<skipped/ {s++}
  END {printf "tile collective cases: %d, %d failed, %d skipped\n", n, f, s}' "$out/conform_cuda.xml")"
say "exit status $rc"
# Entries added during the run were compiled on the device: warm-cache misses.
say "cache: $(( $(find "$TESSERA_CUDA_CACHE" -name '*.tcubin' | wc -l) - warm_count )) CUBINs compiled on the device (not in the warm cache)"
if [ "$rc" -ne 0 ]; then
  status=1
  [ "$rc" -eq 124 ] && say "gpu_check: the conformance run timed out"
  if [ "$no_device" = 1 ]; then
    say "gpu_check: no usable CUDA device; stopping."
    exit 1
  fi
fi

step "3. deterministic diff: --backend reference --diff-backend cuda"
timeout "$(left 60 160)" "$conform" --deterministic --backend reference --diff-backend cuda --cases "$cases" \
  --junit "$out/diff.xml" 2>&1 | grep -v '^SKIP \|^SAME ' | tee -a "$log"
rc=${PIPESTATUS[0]}
say "exit status $rc"
[ "$rc" -ne 0 ] && status=1
if [ -n "${TESSERA_GPU_CHECK_ONLY:-}" ]; then
  say ""
  say "gpu_check: done (TESSERA_GPU_CHECK_ONLY: steps 2 and 3 only), status $status ($(date -u +%H:%M:%S))"
  exit "$status"
fi

step "4. SASS of the cached CUBINs (HMMA = tensor-core MMA, LDGSTS = cp.async)"
if command -v cuobjdump >/dev/null 2>&1 || [ -x "$cuda_home/bin/cuobjdump" ]; then
  objdump="$(command -v cuobjdump || echo "$cuda_home/bin/cuobjdump")"
  : >"$out/sass.txt"
  # Besides the cached CUBINs: the generator's Target op test kernel (mma.sync bf16/fp8, ldmatrix,
  # cp.async), compiled by tessera-cuda-gen for the device's architecture.
  sm="$(nvidia-smi --query-gpu=compute_cap --format=csv,noheader 2>/dev/null | head -1 | tr -d ' .')"
  gen_dir="$(mktemp -d /tmp/tessera-gen.XXXXXX)"
  [ -n "$sm" ] && timeout "$(left 60 130)" "$bundle/bin/tessera-cuda-gen" \
    "$root/tests/cuda/codegen/target_ops.mlir" --arch "sm_$sm" --compile --cubin-dir "$gen_dir" \
    >/dev/null 2>>"$log"
  done_n=0
  for f in "$gen_dir"/*.cubin "$TESSERA_CUDA_CACHE"/*.tcubin; do
    [ -f "$f" ] || continue
    # Keep the later steps' reserve: stop here rather than run each cuobjdump at the 5 s floor.
    if [ $((deadline - 130 - $(date +%s))) -lt 5 ]; then
      say "SASS: stopped after $done_n CUBINs (the later steps' time)"
      break
    fi
    done_n=$((done_n + 1))
    case "$f" in
      *.tcubin) tail -c +65 "$f" >/tmp/tessera-sass.cubin ;;  # the cache's 64-byte header
      *) cp "$f" /tmp/tessera-sass.cubin ;;
    esac
    timeout "$(left 30 130)" "$objdump" -sass /tmp/tessera-sass.cubin >/tmp/tessera-sass.txt 2>&1
    # Per kernel: name, HMMA, LDGSTS and F2FP counts (F2FP: CUDA's float -> bf16/f16/fp8
    # conversion instruction, which the prelude's device/narrow.h replaced: expect 0).
    awk -v entry="$(basename "$f")" '
      function row() { printf "%-40s %-34s HMMA %5d LDGSTS %5d F2FP %5d\n", entry, fn, h, l, c }
      /Function :/ { if (fn != "") row(); fn = $3; h = 0; l = 0; c = 0 }
      /HMMA/ { h++ } /LDGSTS/ { l++ } /F2FP/ { c++ }
      END { if (fn != "") row() }' \
      /tmp/tessera-sass.txt >>"$out/sass.txt"
  done
  say "$(wc -l <"$out/sass.txt") kernels; with HMMA, LDGSTS or F2FP:"
  grep -v 'HMMA     0 LDGSTS     0 F2FP     0' "$out/sass.txt" | tee -a "$log"
  say "kernels with F2FP: $(grep -vc 'F2FP     0$' "$out/sass.txt" || true)"
else
  say "cuobjdump: not found"
fi

step "5. test_cuda_libs (cuBLASLt, cuDNN, NCCL on the device)"
if [ -x "$bundle/bin/test_cuda_libs" ]; then
  timeout "$(left 40 110)" "$bundle/bin/test_cuda_libs" >"$out/libs.txt" 2>&1
  rc=$?
  tail -15 "$out/libs.txt" | tee -a "$log"
  say "exit status $rc"
  [ "$rc" -ne 0 ] && status=1
else
  say "test_cuda_libs: not in the bundle"
fi

# Block-scaled MX matmul through cuBLASLt (VEC32_UE8M0) runs only on compute capability >= 10.0:
# the test prints "skipped: sm_NN" below that, else the product's check against f64.
step "5b. block-scaled MX matmul through cuBLASLt (sm_100 and later only)"
if [ -x "$bundle/bin/test_cuda_libs" ]; then
  timeout "$(left 20 100)" "$bundle/bin/test_cuda_libs" -s -tc="device: block-scaled*" 2>&1 |
    grep -E "block-scaled MX matmul|ERROR|out\[|test cases" | tee -a "$log"
  rc=${PIPESTATUS[0]}
  say "exit status $rc"
  [ "$rc" -ne 0 ] && status=1
fi

linebuf=()
command -v stdbuf >/dev/null 2>&1 && linebuf=(stdbuf -oL -eL)
step "6. benchmarks/cuda (loadavg $(cut -d' ' -f1-3 /proc/loadavg))"
: >"$out/bench.txt"
for name in bench_cuda_gemm:55 bench_cuda_attention:40 bench_nccl:15; do
  b="$bundle/bin/${name%%:*}"
  if [ ! -x "$b" ]; then
    say "${name%%:*}: not in the bundle"
    continue
  fi
  rest=0
  case "${name%%:*}" in bench_cuda_gemm) rest=55 ;; bench_cuda_attention) rest=15 ;; esac
  say "-- ${name%%:*}"
  echo "-- ${name%%:*}" >>"$out/bench.txt"
  # Line-buffered, so what a benchmark printed survives its timeout (stdout is a pipe here).
  timeout "$(left "${name#*:}" "$rest")" "${linebuf[@]+"${linebuf[@]}"}" "$b" 2>&1 | tee -a "$out/bench.txt" | tee -a "$log"
  rc=${PIPESTATUS[0]}
  echo "-- ${name%%:*} exit $rc" | tee -a "$out/bench.txt" | tee -a "$log"
  [ "$rc" -ne 0 ] && status=1
done
say ""
say "gpu_check: done, status $status ($(date -u +%H:%M:%S))"
rm -rf "$cases"
exit "$status"
