#!/usr/bin/env bash
# GPU checks of the CUDA generator (run on a machine with a GPU, from the repository root):
# the deterministic mma.sync emulation bit for bit against the host's sequential fmaf chain.
# Needs nvcc; takes seconds. Exit 0 when every check passes.
set -euo pipefail
root="$(cd "$(dirname "$0")/../../.." && pwd)"
out="${OUT:-$(mktemp -d)}"
nvidia-smi --query-gpu=name,compute_cap --format=csv,noheader || true
cap=$(nvidia-smi --query-gpu=compute_cap --format=csv,noheader | head -1 | tr -d '.')
nvcc -std=c++17 --fmad=false -arch="sm_${cap:-80}" -I"$root" \
  "$root/tests/cuda/gpu/mma_sequential_check.cu" -o "$out/mma_sequential_check"
"$out/mma_sequential_check"
