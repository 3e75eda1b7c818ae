#!/usr/bin/env bash
# Python for the ASan build tree (its Python3_EXECUTABLE): python is not instrumented, so the
# shared ASan runtime that our modules, plugins and tools link is preloaded into it. CPython
# leaves objects alive at exit by design, so leak checking is off in this process tree (the tools
# python-driven tests start inherit that); native tests keep detect_leaks=1 (scripts/ci_asan.sh).
rt="${TESSERA_ASAN_RUNTIME:-}"
if [ -z "$rt" ]; then
  cxx="$(command -v clang++-14 || command -v clang++)"
  rt="$("$cxx" -print-file-name=libclang_rt.asan-x86_64.so)"
fi
export LD_PRELOAD="$rt${LD_PRELOAD:+:$LD_PRELOAD}"
export ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0"
exec "${TESSERA_REAL_PYTHON:-python3}" "$@"
