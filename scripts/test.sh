#!/usr/bin/env bash
# Every test: set up, build everything (tools, plugins, device-code checks), then run ctest, which
# covers doctest suites, pytest suites, verifier tests and the conformance runs.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
bash "$root/scripts/setup.sh"
bash "$root/scripts/check_format.sh"
bash "$root/scripts/build.sh"
build="${TESSERA_BUILD_DIR:-$root/build}"
cd "$build"
ctest -j "$(nproc)" --output-on-failure --timeout 900
