#!/usr/bin/env bash
# Runs the library tests and the CUDA benchmarks on a GPU machine, with the vendor libraries taken
# from the toolkit or from Python's pip wheels (nvidia-cublas, nvidia-cudnn-cu13, nvidia-nccl-cu13,
# nvidia-cuda-nvrtc). Usage: bash benchmarks/cuda/run_on_gpu.sh [BIN_DIR] (default build/bin);
# each program's output also goes to $OUT/<program>.txt when OUT is set. About 2 minutes.
set -uo pipefail
bin="${1:-build/bin}"
out="${OUT:-}"
libdirs="$(python3 - <<'PYEOF' 2>/dev/null
import glob, os, site
roots = list(site.getsitepackages()) + [site.getusersitepackages()]
dirs = set()
for r in roots:
    for so in glob.glob(os.path.join(r, "nvidia", "**", "lib*.so*"), recursive=True):
        dirs.add(os.path.dirname(so))
print(":".join(sorted(dirs)))
PYEOF
)"
# The GPU machine's wheels live in /opt/torch/.venv, whichever python3 is first on PATH.
for d in /opt/torch/.venv/lib/python3*/site-packages/nvidia/*/lib; do
  [ -d "$d" ] && libdirs="${libdirs:+$libdirs:}$d"
done
export LD_LIBRARY_PATH="${libdirs:+$libdirs:}/usr/local/cuda/lib64:/usr/local/cuda/lib:${LD_LIBRARY_PATH:-}"
# NVRTC needs cuda_fp16.h & co. for the generated GEMM: the toolkit's, else a wheel's.
if [ -z "${TESSERA_CUDA_INCLUDE:-}" ] && [ ! -f /usr/local/cuda/include/cuda_fp16.h ]; then
  inc="$(python3 -c 'import glob, site; print(next(iter(sorted(glob.glob(site.getsitepackages()[0] + "/nvidia/**/include/cuda_fp16.h", recursive=True))), "")[:-len("/cuda_fp16.h")])' 2>/dev/null)"
  [ -n "$inc" ] && export TESSERA_CUDA_INCLUDE="$inc"
fi
echo "CUDA headers for NVRTC: ${TESSERA_CUDA_INCLUDE:-compiled-in default}"
nvidia-smi --query-gpu=name,driver_version,memory.total --format=csv,noheader || true
echo "loadavg: $(cat /proc/loadavg)"
status=0
for p in test_cuda_libs bench_cuda_gemm bench_cuda_attention bench_nccl; do
  echo "=== $p"
  if [ ! -x "$bin/$p" ]; then echo "missing: $bin/$p"; status=1; continue; fi
  if ldd "$bin/$p" | grep "not found"; then status=1; continue; fi
  start=$(date +%s)
  if [ -n "$out" ]; then
    timeout 170 "$bin/$p" >"$out/$p.txt" 2>&1; rc=$?
    cat "$out/$p.txt"
  else
    timeout 170 "$bin/$p" 2>&1; rc=$?
  fi
  echo "=== $p exit $rc, $(($(date +%s) - start)) s"
  [ "$rc" -eq 0 ] || status=1
done
exit $status
