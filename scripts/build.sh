#!/usr/bin/env bash
# Configures and builds Tessera into ./build (Release, Ninja). Extra arguments go to the build step.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
build="${TESSERA_BUILD_DIR:-$root/build}"
if [ ! -f "$build/build.ninja" ]; then
  cmake -S "$root" -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=Release \
    -DPython3_EXECUTABLE="$(command -v python3)" >/dev/null
fi
cmake --build "$build" -j "$(nproc)" "$@"
