#!/usr/bin/env bash
# ThreadSanitizer job: the tile and mesh examples run at --threads 2 in a TSan build of
# tessera-interp (build-tsan: core + interp only) linked against a TSan-built oneTBB, so TBB's own
# synchronisation is visible to TSan and any report is a real race in our code.
#
# TBB: Debian's libtbb is not instrumented (TSan would see task hand-offs inside it as races), so
# the job builds libtbb from Debian's own source package of the installed version (apt-get source
# onetbb, with a temporary deb-src list; nothing on the system changes) with TBB_SANITIZE=thread,
# once per build tree. TESSERA_TBB_SRC=DIR uses an unpacked oneTBB source tree instead.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
build="${TESSERA_TSAN_BUILD_DIR:-$root/build-tsan}"
cxx="$(command -v clang++-14 || command -v clang++)"
cc="$(command -v clang-14 || command -v clang)"
launcher=()
if command -v ccache >/dev/null 2>&1; then
  export CCACHE_BASEDIR="${CCACHE_BASEDIR:-$(dirname "$root")}"
  launcher=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache -DCMAKE_C_COMPILER_LAUNCHER=ccache)
fi
start=$SECONDS
tbb="$build/tbb-tsan"
mkdir -p "$build"

fetch_tbb_source() {  # prints the unpacked source folder
  if [ -n "${TESSERA_TBB_SRC:-}" ]; then echo "$TESSERA_TBB_SRC"; return; fi
  local dl="$build/tbb-download" version
  version="$(dpkg-query -W -f='${source:Version}' libtbb-dev)"
  rm -rf "$dl" && mkdir -p "$dl/lists/partial"
  echo "deb-src http://deb.debian.org/debian $(. /etc/os-release && echo "$VERSION_CODENAME") main" \
    >"$dl/sources.list"
  local opts=(-o Dir::Etc::SourceList="$dl/sources.list" -o Dir::Etc::SourceParts=/dev/null
    -o Dir::State::Lists="$dl/lists" -o APT::Sandbox::User=root)
  apt-get "${opts[@]}" update -qq >&2
  (cd "$dl" && apt-get "${opts[@]}" source --download-only -qq "onetbb=$version" >&2)
  tar -C "$dl" -xf "$dl"/onetbb_*.orig.tar.* >&2
  find "$dl" -mindepth 1 -maxdepth 1 -type d ! -name lists | head -n 1
}

if [ ! -f "$tbb/lib/cmake/TBB/TBBConfig.cmake" ]; then
  src="$(fetch_tbb_source)"
  [ -f "$src/CMakeLists.txt" ] || { echo "tsan: FAILED: no oneTBB source (got '$src')"; exit 1; }
  cmake -S "$src" -B "$build/tbb-build" -G Ninja -DCMAKE_BUILD_TYPE=Release \
    -DCMAKE_C_COMPILER="$cc" -DCMAKE_CXX_COMPILER="$cxx" "${launcher[@]}" \
    -DCMAKE_CXX_FLAGS_RELEASE="-O1 -g1" -DTBB_SANITIZE=thread -DTBB_TEST=OFF \
    -DTBB_EXAMPLES=OFF -DTBB_STRICT=OFF -DTBBMALLOC_BUILD=OFF -DTBB_ENABLE_IPO=OFF \
    -DCMAKE_INSTALL_PREFIX="$tbb" >/dev/null
  cmake --build "$build/tbb-build" -j "$(nproc)" --target install >/dev/null
fi
tbb_secs=$((SECONDS - start))

if [ ! -f "$build/build.ninja" ]; then
  cmake -S "$root" -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=Release \
    -DCMAKE_C_COMPILER="$cc" -DCMAKE_CXX_COMPILER="$cxx" "${launcher[@]}" \
    -DCMAKE_CXX_FLAGS_RELEASE="-O1 -gline-tables-only" -DTESSERA_SANITIZE=thread \
    -DTBB_DIR="$tbb/lib/cmake/TBB" -DTESSERA_CUDA=OFF -DTESSERA_NO_BENCHMARKS=ON \
    -DTESSERA_TEST_DIRS=none >/dev/null
fi
cmake --build "$build" -j "$(nproc)" --target tessera-interp
interp="$build/bin/tessera-interp"
if ldd "$interp" | grep -q "/usr/lib/.*libtbb"; then
  echo "tsan: FAILED: $interp links the system libtbb, not $tbb"
  exit 1
fi
build_secs=$((SECONDS - start))

# Self-check: TSan sees through the TBB build (no report for clean hand-offs, one for a race).
probe="$root/tests/tsan/tbb_probe.cpp"
for variant in clean race; do
  def=()
  [ "$variant" = race ] && def=(-DPROBE_RACE)
  "$cxx" -std=c++20 -O1 -g -fsanitize=thread "${def[@]}" -I"$tbb/include" "$probe" -L"$tbb/lib" \
    -Wl,-rpath,"$tbb/lib" -ltbb -o "$build/tbb_probe_$variant"
  reports=0
  for attempt in 1 2 3; do  # a race shows only when both workers run the body at once
    reports="$(TSAN_OPTIONS=exitcode=0 "$build/tbb_probe_$variant" 2>&1 |
      grep -c "WARNING: ThreadSanitizer" || true)"
    [ "$variant" = clean ] || [ "$reports" != 0 ] && break
  done
  if { [ "$variant" = clean ] && [ "$reports" != 0 ]; } || { [ "$variant" = race ] && [ "$reports" = 0 ]; }; then
    echo "tsan: FAILED: self-check '$variant' gave $reports TSan reports; TBB is not visible to TSan"
    exit 1
  fi
done

inputs="$build/inputs"
rm -rf "$inputs" && mkdir -p "$inputs"
# One seeded random .npy per @main parameter (per rank for mesh programs): NAME[@RANK]=FILE.
make_inputs() {
  python3 - "$1" "$inputs" <<'PY'
import pathlib, re, sys
import numpy as np
path, out = pathlib.Path(sys.argv[1]), pathlib.Path(sys.argv[2])
text = path.read_text()
ranks = 1
mesh = re.search(r"tessera\.mesh = \{axes = \[[^\]]*\], shape = \[([0-9, ]+)\]", text)
if mesh:
    for d in mesh.group(1).split(","):
        ranks *= int(d)
sig = re.search(r"func\.func @main\((.*?)\)\s*(->|\{)", text, re.S).group(1)
rng = np.random.default_rng(7)
for name, dims in re.findall(r"%(\w+): tensor<([0-9x]*)f32>", sig):
    shape = [int(d) for d in dims.split("x") if d]
    # The same tensor on every rank: valid whichever mesh axes replicate the parameter.
    f = out / f"{path.stem}.{name}.npy"
    np.save(f, rng.standard_normal(shape).astype(np.float32))
    for r in range(ranks):
        print(f"{name}@{r}={f}" if mesh else f"{name}={f}")
PY
}
export TSAN_OPTIONS="halt_on_error=1:second_deadlock_stack=1:exitcode=66"
runs=0
failed=()
for ex in tile/gemm tile/reduction tile/saxpy tile/flash_attention mesh/ring_all_reduce \
  mesh/tp_collectives; do
  args=()
  while IFS= read -r a; do args+=(--input "$a"); done < <(make_inputs "$root/examples/$ex.mlir")
  for check in "" "--check=all"; do
    [ -n "$check" ] && [ "${ex%%/*}" = mesh ] && continue
    log="$build/tsan-${ex//\//_}${check:+-check}.log"
    runs=$((runs + 1))
    if ! "$interp" run "$root/examples/$ex.mlir" "${args[@]}" --threads 2 $check >"$log" 2>&1 ||
      grep -q "WARNING: ThreadSanitizer" "$log"; then
      failed+=("$ex${check:+ $check}")
      tail -n 80 "$log"
    fi
  done
done
secs=$((SECONDS - start))
if [ "${#failed[@]}" -gt 0 ]; then
  echo "tsan: FAILED ${#failed[@]} of $runs runs (${failed[*]}); logs in $build/tsan-*.log"
  exit 1
fi
echo "tsan: $runs example runs at --threads 2, no race (TSan-built oneTBB ${tbb_secs}s," \
  "build ${build_secs}s, total ${secs}s)"
