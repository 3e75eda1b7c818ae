// Diagnostics with file:line:col, the source line and a caret, plus attached notes.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "core/ir/ir.h"

namespace tessera {

/// Holds the text of every parsed buffer so diagnostics can quote source lines.
class SourceManager {
 public:
  /// Registers a buffer and returns its id (ids start at 1; 0 means unknown).
  uint32_t add(std::string name, std::string text);
  const std::string& name(uint32_t id) const;
  const std::string& text(uint32_t id) const;
  /// The text of line `line` (1-based) of buffer `id`, without the newline.
  std::string line_text(uint32_t id, uint32_t line) const;

 private:
  std::vector<std::pair<std::string, std::string>> buffers_;
};

enum class Severity { error, warning, note };

struct Diagnostic {
  Severity severity = Severity::error;
  ir::Location loc;
  std::string message;
  std::vector<Diagnostic> notes;
};

/// Collects diagnostics; renders them MLIR-style.
class DiagnosticEngine {
 public:
  explicit DiagnosticEngine(const SourceManager* sm = nullptr) : sm_(sm) {}
  Diagnostic& error(ir::Location loc, std::string message);
  Diagnostic& warning(ir::Location loc, std::string message);
  /// Error about an op, prefixed `'op.name' op ` as MLIR does, with the label appended:
  /// "'tessera.matmul' op K differs (matmul_c2)".
  Diagnostic& op_error(const ir::Op& op, std::string message, const char* label);
  bool has_errors() const { return errors_ > 0; }
  size_t error_count() const { return errors_; }
  const std::vector<Diagnostic>& all() const { return diags_; }
  /// `file:line:col: error: msg`, the source line, a caret, then notes.
  std::string render() const;
  std::string render(const Diagnostic& d) const;
  void set_source_manager(const SourceManager* sm) { sm_ = sm; }

 private:
  const SourceManager* sm_;
  std::vector<Diagnostic> diags_;
  size_t errors_ = 0;
};

/// Formats a location as `file:line:col` (or `<unknown>`).
std::string format_location(const SourceManager* sm, ir::Location loc);

}  // namespace tessera
