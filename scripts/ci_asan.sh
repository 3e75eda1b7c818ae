#!/usr/bin/env bash
# ASan + UBSan job: one clang build tree (build-asan) that is also the clang -Wall -Wextra -Werror
# check and the libFuzzer build (scripts/ci_fuzz.sh); then the whole ctest suite runs in it.
# Environment (README "Development"): native tests run with ASAN_OPTIONS detect_leaks=1;
# python-driven tests run python through scripts/asan_python.sh (LD_PRELOAD of the shared ASan
# runtime, detect_leaks=0); UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1 makes any UB fatal.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
build="${TESSERA_ASAN_BUILD_DIR:-$root/build-asan}"
cxx="$(command -v clang++-14 || command -v clang++)"
cc="$(command -v clang-14 || command -v clang)"
export TESSERA_ASAN_RUNTIME="$("$cxx" -print-file-name=libclang_rt.asan-x86_64.so)"
launcher=()
if command -v ccache >/dev/null 2>&1; then
  export CCACHE_BASEDIR="${CCACHE_BASEDIR:-$(dirname "$root")}"
  launcher=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache -DCMAKE_C_COMPILER_LAUNCHER=ccache)
fi
start=$SECONDS
if [ ! -f "$build/build.ninja" ]; then
  # -O1 keeps the instrumented suite fast enough; asserts stay on (no NDEBUG).
  cmake -S "$root" -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=Release \
    -DCMAKE_C_COMPILER="$cc" -DCMAKE_CXX_COMPILER="$cxx" "${launcher[@]}" \
    -DCMAKE_CXX_FLAGS_RELEASE="-O1 -gline-tables-only" -DCMAKE_C_FLAGS_RELEASE="-O1 -gline-tables-only" \
    -DTESSERA_SANITIZE=address,undefined -DTESSERA_FUZZ=ON -DTESSERA_WERROR=ON \
    -DTESSERA_CUDA=OFF -DTESSERA_NO_BENCHMARKS=ON \
    -DPython3_EXECUTABLE="$root/scripts/asan_python.sh" >/dev/null
fi
cmake --build "$build" -j "$(nproc)" "$@"
built=$((SECONDS - start))
export ASAN_OPTIONS="detect_leaks=1:strict_string_checks=1:detect_stack_use_after_return=1:check_initialization_order=1"
export UBSAN_OPTIONS="halt_on_error=1:print_stacktrace=1"
cd "$build"
status=0
ctest -j "$(nproc)" --output-on-failure --timeout 1800 > ctest.log 2>&1 || status=$?
tail -n 40 ctest.log
summary="$(grep -E "tests passed|tests failed" ctest.log | tail -n 1 || true)"
echo "asan+ubsan (clang, -Werror): built in ${built}s, ctest: ${summary:-no result} ($((SECONDS - start))s)"
exit "$status"
