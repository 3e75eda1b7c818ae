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
# Usage errors: exit 2.
bash "$root/scripts/gpu_check.sh" >/dev/null 2>&1
[ $? -eq 2 ] || { echo "FAIL: no argument should exit 2"; exit 1; }
bash "$root/scripts/gpu_check.sh" /nonexistent >/dev/null 2>&1
[ $? -eq 2 ] || { echo "FAIL: a missing bundle should exit 2"; exit 1; }
