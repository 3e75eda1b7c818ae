#!/usr/bin/env bash
# Fails when a C/C++ source differs from .clang-format (clang-format 14 from Debian).
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
cd "$root"
fmt="$(command -v clang-format-14 || command -v clang-format)"
mapfile -t files < <(git ls-files '*.h' '*.cpp' '*.cu' '*.c')
[ "${#files[@]}" -eq 0 ] && exit 0
"$fmt" --dry-run --Werror "${files[@]}"
echo "format: ${#files[@]} files clean"
