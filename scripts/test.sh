#!/usr/bin/env bash
# Every test: set up, build everything (tools, plugins, device-code checks), then run ctest, which
# covers doctest suites, pytest suites, verifier tests and the conformance runs; then the
# hardening jobs, each in its own clang build tree: ASan+UBSan over the whole suite (also the
# clang -Werror build), libFuzzer targets, ThreadSanitizer over the tile and mesh examples.
# TESSERA_CI_JOBS picks the hardening jobs (default "asan fuzz tsan"; "" = none).
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
bash "$root/scripts/setup.sh"
bash "$root/scripts/check_format.sh"
start=$SECONDS
bash "$root/scripts/build.sh"
build="${TESSERA_BUILD_DIR:-$root/build}"
(cd "$build" && ctest -j "$(nproc)" --output-on-failure --timeout 900)
summary=("main (g++ -Werror): build and ctest passed in $((SECONDS - start))s")
# Every hardening job runs even when an earlier one fails; the run fails if any did.
status=0
log="$(mktemp)"
for job in ${TESSERA_CI_JOBS-asan fuzz tsan}; do
  t=$SECONDS
  rc=0
  bash "$root/scripts/ci_$job.sh" 2>&1 | tee "$log" || rc=$?
  summary+=("$(tail -n 1 "$log") [$((SECONDS - t))s]")
  [ "$rc" -eq 0 ] || status=1
done
rm -f "$log"
printf '%s\n' "${summary[@]}"
exit "$status"
