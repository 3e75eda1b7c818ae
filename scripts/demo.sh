#!/usr/bin/env bash
# The main job: set up, build tessera-interp, make the example's inputs and run it, printing results.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
bash "$root/scripts/setup.sh"
bash "$root/scripts/build.sh" --target tessera-interp
build="${TESSERA_BUILD_DIR:-$root/build}"
inputs="$build/example-inputs"
python3 "$root/examples/make_inputs.py" "$inputs" >/dev/null
example="${1:-mlp}"  # or attention_block, layernorm_gelu, mesh/ring_all_reduce
args=()
for f in "$inputs/$example".*.npy; do
  name="$(basename "$f" .npy)"
  args+=(--input "${name#"$(basename "$example")".}=$f")
done
echo "tessera-interp run examples/$example.mlir ${args[*]} --print"
"$build/bin/tessera-interp" run "$root/examples/$example.mlir" "${args[@]}" --print
