// Command-line options of tessera-conform.
#pragma once

#include <optional>
#include <string>
#include <vector>

namespace tessera::conform {

/// Everything tessera-conform is asked to do.
struct RunnerOptions {
  std::string backend = "reference";  ///< Name or path of the backend under test.
  std::string filter;                 ///< Glob over case ids; empty = all.
  std::string junit;                  ///< JUnit XML output path; empty = none.
  bool deterministic = false;         ///< Request (and require) deterministic mode.
  std::string diff_backend;           ///< Second backend for bit-for-bit diffs; empty = none.
  int threads = 0;                    ///< Worker threads for the backend; 0 = its default.
  std::optional<int> diff_threads;    ///< Threads for the diff backend; default = threads.
  std::string cases;                  ///< Case directory or file.
  bool list_backends = false;         ///< Print the known backends and exit.
  std::string levels;  ///< --levels: "all" or a list of IR levels to lower each case to.
  bool help = false;
  bool require_device = false;  ///< --require-device: an unavailable backend is an error (exit 1).
  /// --compile-only (backend cuda): generate and NVRTC-compile every case's kernels, run nothing.
  bool compile_only = false;
  std::string arch = "sm_80,sm_90,sm_100";  ///< --arch: architectures for --compile-only.
};

/// The --help text (also reproduced verbatim in docs/conformance.md, "The runner").
std::string runner_help_text();

/// Parses argv. Throws tessera::Error with a usage message on bad options (exit 2).
RunnerOptions parse_runner_options(int argc, const char* const* argv,
                                   const std::string& default_cases_dir);

}  // namespace tessera::conform
