#!/usr/bin/env bash
# scripts/gpu_check.sh on a machine without a usable CUDA device: it must stop at once with exit 1,
# saying why, instead of hanging or running the later steps. The build directory serves as the
# bundle (bin/tessera-conform, lib/tessera/plugins/). On a machine with a device: not applicable.
set -uo pipefail
root="$1" build="$2"
out="$(mktemp -d)"
trap 'rm -rf "$out"' EXIT
start=$(date +%s)
OUT="$out" TESSERA_CUDA_CACHE="$out/cache" timeout 120 bash "$root/scripts/gpu_check.sh" "$build" \
  >"$out/stdout" 2>&1
rc=$?
took=$(($(date +%s) - start))
if grep -q "backend cuda is unavailable" "$out/gpu_check.log"; then
  [ "$rc" -eq 1 ] || { echo "FAIL: exit $rc, want 1"; cat "$out/stdout"; exit 1; }
  grep -q "no usable CUDA device; stopping" "$out/gpu_check.log" || { echo "FAIL: no stop line"; exit 1; }
  grep -q "== 3\." "$out/gpu_check.log" && { echo "FAIL: later steps ran"; exit 1; }
  [ "$took" -lt 60 ] || { echo "FAIL: took ${took}s"; exit 1; }
  echo "ok: no device, exit 1 after ${took}s"
else
  echo "a CUDA device is present: the no-device path does not apply"
fi
# The case directory gpu_check.sh builds holds every case of a plain run, less the flash attention
# file, plus tests/cuda/device_cases (counted by the cuda backend's SKIP lines, fast without a device).
count() {  # cases tessera-conform finds under $1 (all skipped without a device)
  "$build/bin/tessera-conform" --backend cuda --cases "$1" | tail -1 |
    sed -n 's/^0 passed, 0 failed, \([0-9]*\) skipped$/\1/p'
}
if grep -q "backend cuda is unavailable" "$out/gpu_check.log"; then
  bash "$root/scripts/gpu_cases.sh" "$out/cases"
  all=$(count "$root/conformance/cases") flash=$(count "$root/conformance/cases/tile/flash_attention.mlir")
  dev=$(count "$root/tests/cuda/device_cases") got=$(count "$out/cases")
  [ -n "$got" ] && [ "$got" -eq $((all - flash + dev)) ] && [ "$dev" -gt 0 ] ||
    { echo "FAIL: gpu_cases.sh dir has '$got' cases, want $all - $flash + $dev"; exit 1; }
  bash "$root/scripts/gpu_cases.sh" "$out/cases_flash" --flash
  [ "$(count "$out/cases_flash")" -eq $((all + dev)) ] || { echo "FAIL: --flash count"; exit 1; }
  echo "ok: gpu_cases.sh: $got cases ($all - $flash flash attention + $dev device cases)"
fi
# Usage errors: exit 2.
bash "$root/scripts/gpu_check.sh" >/dev/null 2>&1
[ $? -eq 2 ] || { echo "FAIL: no argument should exit 2"; exit 1; }
bash "$root/scripts/gpu_check.sh" /nonexistent >/dev/null 2>&1
[ $? -eq 2 ] || { echo "FAIL: a missing bundle should exit 2"; exit 1; }
