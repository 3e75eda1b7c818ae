// Per-case results of a conformance run and the JUnit XML writer.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace tessera::conform {

/// The outcome of one case (or of one unreadable case file, reported as a failed case).
struct CaseResult {
  enum class Status { passed, failed, skipped } status = Status::passed;
  std::string id;       ///< "<path relative to the case root, no .mlir>/<case name>".
  std::string file;     ///< Case file path.
  int line = 0;         ///< Line of the case in its file.
  std::string message;  ///< Failure details or skip reason; for diffs, the diff report.
  double seconds = 0;
  /// --levels: per lower level, "exact" (bit-exact, every group lowered), "partial" (bit-exact,
  /// some fusion group left at Schedule IR), "not-lowered" or "failed"; JUnit properties.
  std::vector<std::pair<std::string, std::string>> levels = {};
};

/// Totals of a run.
struct RunSummary {
  int64_t passed = 0, failed = 0, skipped = 0;
};

/// Counts results by status.
RunSummary summarize(const std::vector<CaseResult>& results);

/// "N passed, N failed, N skipped".
std::string summary_line(const RunSummary& s);

/// Escapes text for XML attributes and character data; drops characters XML 1.0 forbids.
std::string xml_escape(const std::string& text);

/// Writes a JUnit XML report (one testsuite named "tessera-conform"). `properties` are
/// name/value pairs recorded in the suite. Throws tessera::Error if the file cannot be written.
void write_junit(const std::string& path, const std::vector<CaseResult>& results,
                 const std::vector<std::pair<std::string, std::string>>& properties,
                 double total_seconds);

}  // namespace tessera::conform
