#!/usr/bin/env bash
# Builds the case directory scripts/gpu_check.sh runs: conformance/cases (every file symlinked one
# by one, since tessera-conform does not follow directory links) without the tile flash attention
# case (minutes of NVRTC) unless --flash, plus tests/cuda/device_cases as cuda_runtime/.
# Usage: scripts/gpu_cases.sh OUTDIR [--flash]
set -euo pipefail
if [ $# -lt 1 ] || [ $# -gt 2 ] || { [ $# -eq 2 ] && [ "$2" != --flash ]; }; then
  echo "usage: scripts/gpu_cases.sh OUTDIR [--flash]" >&2
  exit 2
fi
root="$(cd "$(dirname "$0")/.." && pwd)"
out="$1"
mkdir -p "$out"
out="$(cd "$out" && pwd)"
link_tree() {  # link_tree SRC DST: directories made, files symlinked
  local src="$1" dst="$2" f rel
  while IFS= read -r -d '' f; do
    rel="${f#"$src"/}"
    case "$rel" in tile/flash_attention.*) [ "${flash:-0}" = 1 ] || continue ;; esac
    mkdir -p "$dst/$(dirname "$rel")"
    ln -sf "$f" "$dst/$rel"
  done < <(find "$src" -type f -print0)
}
flash=0
[ "${2:-}" = --flash ] && flash=1
link_tree "$root/conformance/cases" "$out"
[ -d "$root/tests/cuda/device_cases" ] && link_tree "$root/tests/cuda/device_cases" "$out/cuda_runtime"
exit 0
