#!/usr/bin/env bash
# Configures and builds Tessera into ./build (Release, Ninja). Extra arguments go to the build step.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
build="${TESSERA_BUILD_DIR:-$root/build}"
# ccache, where installed, makes rebuilds of a fresh clone cheap (paths relative to the checkout).
launcher=()
if command -v ccache >/dev/null 2>&1; then
  export CCACHE_BASEDIR="${CCACHE_BASEDIR:-$(dirname "$root")}"
  launcher=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache -DCMAKE_C_COMPILER_LAUNCHER=ccache)
fi
if [ ! -f "$build/build.ninja" ]; then
  # Warnings are errors (TESSERA_WERROR=OFF to relax locally): the tree is warning-free with g++
  # here and with clang++ in scripts/ci_asan.sh.
  cmake -S "$root" -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=Release "${launcher[@]}" \
    -DTESSERA_WERROR="${TESSERA_WERROR:-ON}" -DPython3_EXECUTABLE="$(command -v python3)" >/dev/null
fi
cmake --build "$build" -j "$(nproc)" "$@"
