// The compile-only check of the CUDA backend (issue #14, item 7): every conformance case lowered
// to Target IR, generated and NVRTC-compiled for several architectures, without a GPU. Shared by
// `tessera-cuda-gen --cases DIR --compile-only` and `tessera-conform --backend cuda
// --compile-only`.
#pragma once

#include <iosfwd>
#include <string>
#include <vector>

namespace tessera::cuda {

/// What to check.
struct CompileOnlyOptions {
  std::string cases;                    ///< Case directory or file.
  std::string filter;                   ///< fnmatch glob over case ids or names; empty = all.
  std::string exclude;                  ///< Cases matching this glob are left out; empty = none.
  bool compile = true;                  ///< False: generate only (no NVRTC).
  std::vector<int> archs{80, 90, 100};  ///< Compute capabilities x 10.
  bool deterministic = false;           ///< Generate in deterministic mode.
  std::string report;  ///< When set: a TSV report (id, status, target ops, detail) to this file.
  std::string tool = "tessera-cuda-gen";  ///< Prefix of setup error lines.
};

/// One case's outcome.
struct CompileOnlyResult {
  enum class Status { kOk, kFail, kSkip } status = Status::kSkip;
  std::string id;      ///< "<file stem>/<case name>".
  std::string detail;  ///< SKIP: why it has no Target IR kernel; FAIL: the first error.
  size_t kernels = 0;
  std::vector<std::string> target_ops;  ///< Ops of its generated kernels.
  std::vector<std::string> case_ops;    ///< The ops its `REQUIRES: op=...` names.
};

/// Runs the check: prints `OK`, `FAIL` or `SKIP` per case and a summary line to `out`, and
/// returns the exit status (0 when nothing failed, 1 otherwise; setup errors also give 1).
/// Kernels are generated and compiled in parallel (TBB); identical kernels are compiled once per
/// architecture, and distinct ones are batched into a few translation units.
int run_compile_only(const CompileOnlyOptions& options, std::ostream& out);

/// The same, returning the per-case results instead of printing them (for tests and the report).
std::vector<CompileOnlyResult> compile_only_results(const CompileOnlyOptions& options);

}  // namespace tessera::cuda
