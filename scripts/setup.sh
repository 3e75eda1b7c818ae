#!/usr/bin/env bash
# Installs everything Tessera needs on a fresh Debian machine; safe to run again.
set -euo pipefail
APT_PKGS=(cmake g++ ninja-build libtbb-dev libboost-program-options-dev libboost-graph-dev
  doctest-dev pybind11-dev ccache librandom123-dev nlohmann-json3-dev mlir-15-tools clang-format
  clang libclang-rt-dev xz-utils llvm-14-tools)
APT_PKGS+=(chromium)  # renders the numerics report in tests/numerics_report
missing=()
for p in "${APT_PKGS[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ "${#missing[@]}" -gt 0 ]; then
  SUDO=""; [ "$(id -u)" -eq 0 ] || SUDO="sudo"
  export DEBIAN_FRONTEND=noninteractive
  $SUDO apt-get update -qq
  $SUDO apt-get install -y -qq "${missing[@]}" >/dev/null
fi
PY=${PYTHON:-python3}
"$PY" - <<'PYEOF' || "$PY" -m pip install -q -r "$(dirname "$0")/../requirements-test.txt"
import numpy, ml_dtypes, pytest, jax, scikit_build_core  # noqa: F401
import pybind11
assert tuple(int(p) for p in pybind11.__version__.split(".")[:2]) >= (2, 12)
PYEOF
# The cuDNN frontend's C++ headers (backends/cuda/libs, under the package's include/): installed
# with --no-deps, since its Python dependencies pull in cutlass-dsl and only the headers are used.
"$PY" - <<'PYEOF' 2>/dev/null || "$PY" -m pip install -q --no-deps "nvidia-cudnn-frontend>=1.12"
import importlib.metadata
importlib.metadata.version("nvidia-cudnn-frontend")
PYEOF
# cuobjdump + nvdisasm wheels (tests/cuda/sass_test.py reads the SASS of generated kernels).
"$PY" - <<'PYEOF' 2>/dev/null || "$PY" -m pip install -q "nvidia-cuda-cuobjdump>=13.0" "nvidia-cuda-nvdisasm>=13.0"
import glob, nvidia  # noqa: E401
assert any(glob.glob(p + "/*/bin/nvdisasm") for p in nvidia.__path__)
assert any(glob.glob(p + "/*/bin/cuobjdump") for p in nvidia.__path__)
PYEOF
# The Python package (docs/python.md): its extension is built in the build tree the usual way
# (scripts/build.sh configures it), then pip installs the package from that same tree
# (pyproject.toml: scikit-build-core, build-dir), so nothing is built twice.
# TESSERA_NO_PIP_INSTALL=1 skips this step.
if [ -z "${TESSERA_NO_PIP_INSTALL:-}" ]; then
  root="$(cd "$(dirname "$0")/.." && pwd)"
  build="${TESSERA_BUILD_DIR:-$root/build}"
  bash "$root/scripts/build.sh" --target tessera_python
  "$PY" -m pip install -q --no-build-isolation --config-settings=build-dir="$build" "$root" 2>&1 |
    { grep -v "Running pip as the 'root' user" || true; }
fi
