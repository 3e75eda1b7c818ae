#!/usr/bin/env bash
# libFuzzer job: runs each fuzz target of the ASan tree (scripts/ci_asan.sh builds it) for a fixed
# budget, seeded with the repository's programs, .npy files and case files. A crash fails the
# job; keep the (minimised) input as tests/fuzz/regressions/<target>/crash-<what>, where the
# normal test fuzz.replay_<target> replays it in every build.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
build="${TESSERA_ASAN_BUILD_DIR:-$root/build-asan}"
secs="${TESSERA_FUZZ_SECONDS:-60}"  # a cap; the runs below are the budget
# A fixed seed and a fixed number of runs per target make the inputs tried the same on every run,
# so a CI verdict reproduces; TESSERA_FUZZ_SEED=0 lets libFuzzer pick a seed, TESSERA_FUZZ_RUNS
# scales the budget (default: about 20-30 s per target on this machine).
fuzz_seed="${TESSERA_FUZZ_SEED:-1}"
targets=(text npy case_file plugin)
declare -A runs_of=([text]=40000 [npy]=600000 [case_file]=30000 [plugin]=400000)
scale="${TESSERA_FUZZ_RUNS:-1}"
cmake --build "$build" -j "$(nproc)" --target "${targets[@]/#/fuzz_}" >/dev/null
# libFuzzer's link puts libstdc++ before the shared ASan runtime; preloading it restores the order.
cxx="$(command -v clang++-14 || command -v clang++)"
export LD_PRELOAD="$("$cxx" -print-file-name=libclang_rt.asan-x86_64.so)"
export ASAN_OPTIONS="detect_leaks=1:strict_string_checks=1"
export UBSAN_OPTIONS="halt_on_error=1:print_stacktrace=1"
work="$build/fuzz"
rm -rf "$work"
mkdir -p "$work"
cd "$root"
seed() {  # seed TARGET PATTERN...: copies the repository's files matching PATTERN into a corpus
  local dir="$work/corpus/$1" i=0
  shift
  mkdir -p "$dir"
  while IFS= read -r f; do
    cp "$f" "$dir/$i-$(basename "$f")"
    i=$((i + 1))
  done < <(git ls-files "$@")
}
seed text '*.mlir'
seed npy '*.npy'
seed case_file 'conformance/cases/*.mlir' 'tests/conform_runner/*.mlir'
seed plugin 'tests/fuzz/regressions/plugin/*'
for t in "${targets[@]}"; do cp tests/fuzz/regressions/"$t"/* "$work/corpus/$t/" 2>/dev/null || true; done
failed=()
report=()
for t in "${targets[@]}"; do
  mkdir -p "$work/artifacts/$t"
  log="$work/$t.log"
  if "$build/bin/fuzz_$t" "$work/corpus/$t" -runs=$((runs_of[$t] * scale)) -max_total_time="$secs" -seed="$fuzz_seed" -max_len=65536 \
    -timeout=20 -rss_limit_mb=4096 -print_final_stats=1 \
    -artifact_prefix="$work/artifacts/$t/" >"$log" 2>&1; then
    runs="$(grep -Eo 'stat::number_of_executed_units: *[0-9]+' "$log" | grep -Eo '[0-9]+$' || echo '?')"
    report+=("$t ${runs} runs")
  else
    failed+=("$t")
    tail -n 60 "$log"
    report+=("$t FAILED: $(ls "$work/artifacts/$t" | head -n 1)")
  fi
done
if [ "${#failed[@]}" -gt 0 ]; then
  echo "fuzz: FAILED (${failed[*]}), ${secs}s each: ${report[*]}; inputs in $work/artifacts/;" \
    "add each as tests/fuzz/regressions/<target>/crash-<what>"
  exit 1
fi
echo "fuzz: ${#targets[@]} targets (seed $fuzz_seed, fixed runs), no crash: $(IFS=,; echo "${report[*]}")"
