#!/usr/bin/env bash
# tessera-cuda-warm: fills a cache from the device cases (4 kernel cases x 2 modes = 8 CUBINs; the
# bf16 library case also has a generated kernel, the fallback of default mode), a second
# run finds every one of them (the keys are stable across processes), a mesh-free case the backend
# refuses is counted, not failed, and usage errors exit 2.
set -uo pipefail
warm="$1" cases="$2" root="$3"
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
fail() { echo "FAIL: $*"; cat "$tmp/out" 2>/dev/null; exit 1; }
"$warm" --cases "$cases" --cache "$tmp/c" --jobs 2 >"$tmp/out" 2>&1 || fail "first run exit $?"
grep -q "^8 compiled, 0 already cached, 0 without generated kernels, 0 failed" "$tmp/out" ||
  fail "first run"
[ "$(find "$tmp/c" -name '*.sm_90.tcubin' | wc -l)" -eq 8 ] || fail "8 entries"
"$warm" --cases "$cases" --cache "$tmp/c" >"$tmp/out" 2>&1 || fail "second run exit $?"
grep -q "^0 compiled, 8 already cached," "$tmp/out" || fail "second run: all cached"
"$warm" --cases "$cases" --cache "$tmp/c" --modes deterministic --filter 'zeroed*' >"$tmp/out" 2>&1
grep -q "^0 compiled, 1 already cached," "$tmp/out" || fail "filter and one mode"
# matmul's numeric-policy cases stay at Schedule IR (their accumulation models are not lowered).
"$warm" --cases "$root/conformance/cases/graph/matmul.mlir" --filter 'matmul_tc_*' \
  --cache "$tmp/c" --modes default >"$tmp/out" 2>&1 || fail "refused cases are not failures"
grep -q "^0 compiled, 0 already cached, [1-9][0-9]* without generated kernels, 0 failed" \
  "$tmp/out" || fail "numeric policies: counted as without kernels"
for bad in "--cases $cases" "--cases $cases --cache $tmp/c --modes fast" \
            "--cases $cases --cache $tmp/c --arch 90x" "--cases $cases --cache $tmp/c --jobs 0"; do
  # shellcheck disable=SC2086
  "$warm" $bad >"$tmp/out" 2>&1
  [ $? -eq 2 ] || fail "usage error expected for: $bad"
done
echo "ok"
