// Conformance case files: parsing the `// -----`-separated MLIR files and comparing outputs.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "interp/api.h"

namespace tessera::conform {

/// How a backend's output is compared with the expected tensor (docs/conformance.md, "Comparison
/// rules").
struct Rule {
  enum class Kind { bitexact, ulp, tol } kind = Kind::bitexact;
  int64_t max_ulp = 0;        ///< For ulp: largest allowed distance in ordered bit patterns.
  double rtol = 0, atol = 0;  ///< For tol: |got - want| <= atol + rtol * |want|.
  bool strict_nan = false;    ///< NaNs must match bit for bit too (sign and payload).
};

/// One case: a program, its inputs, the expected outputs and how to compare them.
struct Case {
  std::string name, file;  ///< Case name (unique in its file) and the case file's path.
  int line = 0;            ///< Line of the `// CASE:` directive.
  int program_line = 0;    ///< File line of the program's first line (to map diagnostics).
  std::string program, entry = "main";  ///< MLIR module text, verbatim; function to run.
  std::vector<interp::HostTensor> inputs, expected;  ///< In argument / result order.
  /// Number of ranks the case runs on: N from `REQUIRES: mesh=N`, else 1.
  int64_t ranks = 1;
  /// For ranks > 1: rank_inputs[r] / rank_expected[r] are rank r's arguments / results, from
  /// per-rank directives (`INPUT: i@r ...`) or a plain `INPUT: i ...` repeated on every rank.
  /// `inputs` / `expected` are then empty. For ranks == 1 these are empty.
  std::vector<std::vector<interp::HostTensor>> rank_inputs, rank_expected;
  Rule rule;
  /// REQUIRES capabilities, `key=value` each (e.g. "dtype=f32"). Not named `requires`: that is a
  /// C++20 keyword.
  std::vector<std::string> requirements;
  std::string generator;  ///< The GENERATOR directive's text, if any.
};

/// Largest `mesh=N` a case may require (the mesh model's limit, 2^20 ranks).
inline constexpr int64_t kMaxCaseRanks = int64_t{1} << 20;

/// Parses every case in one file. Throws tessera::Error("file:line: error: ...") on any problem.
std::vector<Case> load_case_file(const std::string& path);

/// Every `*.mlir` file under `root` (recursively; `root` itself if it is a file), sorted.
/// Throws tessera::Error if `root` does not exist.
std::vector<std::string> find_case_files(const std::string& root);

/// Parses a tensor type such as `tensor<2x3xf32>` or `tensor<f8E4M3FN>` (0-d) into dtype and
/// shape. Throws tessera::Error (without location) if malformed.
interp::HostTensor parse_tensor_type(const std::string& text);

/// The MLIR spelling of a tensor's type, e.g. `tensor<2x3xf32>`.
std::string tensor_type_string(const interp::HostTensor& t);

/// Sentinel distance for elements that can never match under ulp (NaN vs number, Inf vs finite,
/// invalid encodings).
inline constexpr int64_t kUlpInfinite = INT64_MAX;

/// Number of ulp histogram buckets: 0, 1, 2, 3-4, 5-8, 9-16, 17-256, >256 (incl. kUlpInfinite).
inline constexpr int kUlpBuckets = 8;

/// Outcome of compare().
struct Comparison {
  bool ok = false;
  std::string message;      ///< "ok: ..." or the first difference with a summary.
  int64_t first_diff = -1;  ///< Flat C-order index of the first failing element, or -1.
  int64_t max_ulp = 0;      ///< Largest ulp distance seen (kUlpInfinite if any NaN/Inf clash).
  std::vector<int64_t> ulp_histogram;  ///< kUlpBuckets counts over all elements.
};

/// Compares `got` with `want` under `rule`. Never throws: dtype, shape or size mismatches give
/// ok = false with a message. See docs/conformance.md for the exact rules per dtype family.
Comparison compare(const interp::HostTensor& got, const interp::HostTensor& want, const Rule& rule);

}  // namespace tessera::conform
