#!/usr/bin/env bash
# GPU check of the spec's expf (docs/numerics.md "exp"): builds tests/cuda/device/expf_check.cu
# with the CUDA prelude and runs it (about a minute on an H100). Needs nvcc and a device; run
# from the repository root. Exit 0 when every one of the 2^32 inputs agrees with the host.
set -euo pipefail
root="$(cd "$(dirname "$0")/../../.." && pwd)"
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
# The prelude as device_prelude() starts: prelude_head's includes, device/narrow.h, prelude_core.
python3 - "$root/backends/cuda/codegen/prelude.cpp" "$root/backends/cuda/codegen/device/narrow.h" \
  "$tmp/prelude.cuh" <<'PY'
import sys
s = open(sys.argv[1]).read()
parts, at = [], 0
while 'R"cuda(' in s[at:]:
    a = s.index('R"cuda(', at) + len('R"cuda(')
    at = s.index(')cuda"', a)
    parts.append(s[a:at])
open(sys.argv[3], "w").write(parts[0] + open(sys.argv[2]).read() + "".join(parts[1:]))
PY
arch="${ARCH:-sm_90}"
nvcc -O2 -std=c++17 -Xcompiler -ffp-contract=off -arch="$arch" -I"$root" -DPRELUDE_FILE="\"$tmp/prelude.cuh\"" \
  "$root/tests/cuda/device/expf_check.cu" -o "$tmp/expf_check"
if [ "${COMPILE_ONLY:-0}" = 1 ]; then echo "compiled"; exit 0; fi
"$tmp/expf_check"
