#!/usr/bin/env bash
# Builds (in this checkout's build dir) what a GPU check needs and packs it into OUTDIR for a
# machine that has the CUDA toolkit and driver but none of our build's other libraries:
#   OUTDIR/bin/NAME            wrapper: LD_LIBRARY_PATH=OUTDIR/lib, then exec libexec/NAME
#   OUTDIR/libexec/NAME        the stripped executables
#   OUTDIR/lib/*.so*           every non-system shared library they need (TBB, Boost, libstdc++)
#   OUTDIR/lib/tessera/plugins the cuda and reference plugins (found as <exe>/../lib/tessera/plugins)
#   OUTDIR.tar.xz              all of it, packed: what travels to the device machine
#   OUTDIR/cache              a warm NVRTC cache (tessera-cuda-warm; TESSERA_BUNDLE_WARM=0 skips it,
#                              TESSERA_BUNDLE_ARCH picks the architecture, default sm_90)
# Also bundled: benchmarks/cuda programs and test_cuda_libs, when this build has them.
# Left out: glibc's own libraries and the loader, libcuda (the driver) and the CUDA toolkit's
# libraries (NVRTC, cuBLAS, cuDNN, NCCL): the device machine has those (scripts/gpu_check.sh).
# Usage: scripts/gpu_bundle.sh OUTDIR        (docs/cuda.md, "Running on a GPU")
# TESSERA_BUNDLE_BENCH_DIR (default benchmarks/cuda): the folder whose programs are bundled too.
set -euo pipefail
if [ $# -ne 1 ] || [ "$1" = "-h" ] || [ "$1" = "--help" ]; then
  echo "usage: scripts/gpu_bundle.sh OUTDIR" >&2
  exit 2
fi
root="$(cd "$(dirname "$0")/.." && pwd)"
build="${TESSERA_BUILD_DIR:-$root/build}"
out="$1"
limit_mib="${TESSERA_BUNDLE_LIMIT_MIB:-45}"

tools=(tessera-conform tessera-interp tessera-cuda-gen)
plugins=(tessera_cuda tessera_reference)
echo "gpu_bundle: building ${tools[*]} ${plugins[*]} tessera-cuda-warm in $build"
bash "$root/scripts/build.sh" --target "${tools[@]}" "${plugins[@]}" tessera-cuda-warm >/dev/null
# The programs benchmarks/cuda/ defines in this configuration, if any: their object directories.
# The target list is read once into a variable: `ninja ... | grep -q` under pipefail fails when
# grep stops at its first match and ninja dies of SIGPIPE (that dropped test_cuda_libs).
bench=()
targets=""
if command -v ninja >/dev/null 2>&1 && [ -f "$build/build.ninja" ]; then
  targets="$(ninja -C "$build" -t targets all 2>/dev/null || true)"
  mapfile -t bench < <(printf '%s\n' "$targets" |
    grep -o "^${TESSERA_BUNDLE_BENCH_DIR:-benchmarks/cuda}/CMakeFiles/[A-Za-z0-9_.+-]*\.dir" | sed 's|.*/||; s|\.dir$||' | sort -u)
fi
# The library tests (tests/cuda: cuBLASLt, cuDNN, NCCL paths) travel with the benchmarks.
if [ "${#bench[@]}" -gt 0 ] && grep -q '^test_cuda_libs:' <<<"$targets"; then
  bench+=(test_cuda_libs)
fi
if [ "${#bench[@]}" -gt 0 ]; then
  echo "gpu_bundle: building ${bench[*]}"
  bash "$root/scripts/build.sh" --target "${bench[@]}" >/dev/null
fi

rm -rf "$out"
mkdir -p "$out/bin" "$out/libexec" "$out/lib/tessera/plugins"
out="$(cd "$out" && pwd)"

# A library travels unless glibc, the loader, the driver or the CUDA toolkit provides it there.
system_lib() {
  case "$(basename "$1")" in
    libc.so* | libm.so* | libpthread.so* | libdl.so* | librt.so* | ld-linux*.so* | libcuda.so* | \
      libnvrtc*.so* | libcudart*.so* | libcublas*.so* | libcudnn*.so* | libnccl*.so* | \
      libnvJitLink*.so* | libcufft*.so* | libcurand*.so* | libcusparse*.so* | libcusolver*.so*)
      return 0 ;;
  esac
  case "$1" in /usr/local/cuda* | */nvidia/*/lib/*) return 0 ;; esac
  return 1
}

copy_deps() {  # ldd of $1; copies each needed non-system library once
  ldd "$1" | awk '/=> \// {print $3}' | while read -r lib; do
    system_lib "$lib" && continue
    [ -e "$out/lib/$(basename "$lib")" ] && continue
    cp -L "$lib" "$out/lib/"
  done
}

find_built() {  # path of a built executable (bin/ holds the tools; tests/benchmarks vary)
  local n="$1" p
  for p in "$build/bin/$n" "$build/benchmarks/cuda/$n"; do [ -x "$p" ] && { echo "$p"; return; }; done
  find "$build" -type f -name "$n" -perm -u+x | head -1
}

for n in "${tools[@]}" "${bench[@]+"${bench[@]}"}"; do
  [ -n "$n" ] || continue
  src="$(find_built "$n")"
  if [ -z "$src" ]; then echo "gpu_bundle: error: $n was not built" >&2; exit 1; fi
  cp "$src" "$out/libexec/$n"
  copy_deps "$src"
  cat >"$out/bin/$n" <<WRAP
#!/bin/sh
# Runs libexec/$n with the bundle's libraries first (scripts/gpu_bundle.sh).
here="\$(cd "\$(dirname "\$0")/.." && pwd)"
LD_LIBRARY_PATH="\$here/lib\${LD_LIBRARY_PATH:+:\$LD_LIBRARY_PATH}" exec "\$here/libexec/$n" "\$@"
WRAP
  chmod +x "$out/bin/$n"
done
for p in "${plugins[@]}"; do
  src="$build/lib/tessera/plugins/lib$p.so"
  [ -f "$src" ] || { echo "gpu_bundle: error: $src was not built" >&2; exit 1; }
  cp "$src" "$out/lib/tessera/plugins/"
  copy_deps "$src"
done
# A warm NVRTC cache for the device's architecture: every case gpu_check.sh runs, compiled here
# in both modes with the runtime's keys (NVRTC here must be the device's version, 13.0).
if [ "${TESSERA_BUNDLE_WARM:-1}" = 1 ]; then
  cases="$(mktemp -d /tmp/tessera-bundle-cases.XXXXXX)"
  bash "$root/scripts/gpu_cases.sh" "$cases"
  echo "gpu_bundle: warming the NVRTC cache for ${TESSERA_BUNDLE_ARCH:-sm_90} (minutes)"
  if ! "$build/bin/tessera-cuda-warm" --cases "$cases" --cache "$out/cache" \
      --arch "${TESSERA_BUNDLE_ARCH:-sm_90}" --jobs "$(nproc)" >"$out/cache.log" 2>&1; then
    echo "gpu_bundle: warning: some cases did not compile (see $out/cache.log)" >&2
  fi
  tail -1 "$out/cache.log"
  rm -rf "$cases"
fi
chmod -R u+w "$out"
find "$out/libexec" "$out/lib" -type f \( -name '*.so*' -o -perm -u+x \) -print0 |
  xargs -0 strip --strip-unneeded 2>/dev/null || true
git -C "$root" rev-parse HEAD >"$out/COMMIT" 2>/dev/null || true

size_kib="$(du -sk "$out" | cut -f1)"
echo "gpu_bundle: $out holds $((size_kib / 1024)) MiB:"
(cd "$out" && find . -type f | sort | sed 's/^/  /')
# What travels is the xz archive beside OUTDIR (the device tool's tree limit is 64 MiB in all);
# scripts/gpu_check.sh takes either the folder or the archive.
archive="$out.tar.xz"
tar -C "$(dirname "$out")" -cf - "$(basename "$out")" | xz -T0 -6 >"$archive.tmp"
mv "$archive.tmp" "$archive"
arch_kib="$(du -sk "$archive" | cut -f1)"
echo "gpu_bundle: $archive holds $((arch_kib / 1024)) MiB"
if [ "$arch_kib" -gt $((limit_mib * 1024)) ]; then
  echo "gpu_bundle: error: the archive is over ${limit_mib} MiB" >&2
  exit 1
fi
