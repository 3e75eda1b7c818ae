#!/usr/bin/env bash
# Regenerates the generated docs (docs/status.md, docs/cli.md) from a built tree.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
build="${TESSERA_BUILD_DIR:-$root/build}"
tmp="$(mktemp -d)"
"$build/bin/tessera-conform" --cases "$root/conformance/cases" --backend reference --junit "$tmp/ref.xml" >/dev/null || true
"$build/bin/tessera-conform" --cases "$root/conformance/cases" \
  --backend "$build/lib/tessera/plugins/libtessera_reference.so" --junit "$tmp/plugin.xml" >/dev/null || true
"$build/bin/tessera-conform" --cases "$root/conformance/cases" --deterministic --levels all --junit "$tmp/levels.xml" >/dev/null || true
python3 "$root/scripts/gen_status.py" --op-table "$build/bin/tessera-op-table" --junit reference="$tmp/ref.xml" --junit reference-plugin="$tmp/plugin.xml" --levels-junit "$tmp/levels.xml"
python3 "$root/scripts/gen_cli_doc.py" "$build/bin"
# docs/cuda.md's supported-op matrix: the compile-only check as CI runs it (tests/cuda).
if [ -x "$build/bin/tessera-cuda-gen" ]; then
  "$build/bin/tessera-cuda-gen" --cases "$root/conformance/cases" --compile-only \
    --exclude "flash_attention/*" --report "$tmp/cuda.tsv" >/dev/null || true
  "$build/bin/tessera-cuda-gen" --cases "$root/conformance/cases/tile" --compile-only \
    --generate-only --filter "flash_attention/*" --report "$tmp/cuda_gen.tsv" >/dev/null || true
  python3 "$root/scripts/gen_cuda_status.py" --compiled "$tmp/cuda.tsv" --generated "$tmp/cuda_gen.tsv"
fi
rm -rf "$tmp"
echo "updated docs/status.md and docs/cli.md"
