// Diagnostics: rendering with source lines and carets.
#include "core/support/diagnostics.h"

namespace tessera {

uint32_t SourceManager::add(std::string name, std::string text) {
  buffers_.emplace_back(std::move(name), std::move(text));
  return static_cast<uint32_t>(buffers_.size());
}

const std::string& SourceManager::name(uint32_t id) const {
  static const std::string kUnknown = "<unknown>";
  return id == 0 || id > buffers_.size() ? kUnknown : buffers_[id - 1].first;
}

const std::string& SourceManager::text(uint32_t id) const {
  static const std::string kEmpty;
  return id == 0 || id > buffers_.size() ? kEmpty : buffers_[id - 1].second;
}

std::string SourceManager::line_text(uint32_t id, uint32_t line) const {
  const std::string& t = text(id);
  size_t pos = 0;
  for (uint32_t l = 1; l < line; ++l) {
    pos = t.find('\n', pos);
    if (pos == std::string::npos) return {};
    ++pos;
  }
  size_t end = t.find('\n', pos);
  return t.substr(pos, end == std::string::npos ? std::string::npos : end - pos);
}

std::string format_location(const SourceManager* sm, ir::Location loc) {
  if (!loc.known()) return "<unknown>";
  std::string file = sm ? sm->name(loc.file) : "<input>";
  return file + ":" + std::to_string(loc.line) + ":" + std::to_string(loc.col);
}

Diagnostic& DiagnosticEngine::error(ir::Location loc, std::string message) {
  ++errors_;
  diags_.push_back({Severity::error, loc, std::move(message), {}});
  return diags_.back();
}

Diagnostic& DiagnosticEngine::warning(ir::Location loc, std::string message) {
  diags_.push_back({Severity::warning, loc, std::move(message), {}});
  return diags_.back();
}

Diagnostic& DiagnosticEngine::op_error(const ir::Op& op, std::string message, const char* label) {
  std::string m = "'" + op.name + "' op " + message;
  if (label && *label) m += std::string(" (") + label + ")";
  return error(op.loc, std::move(m));
}

std::string DiagnosticEngine::render(const Diagnostic& d) const {
  static const char* kSev[] = {"error", "warning", "note"};
  std::string out = format_location(sm_, d.loc) + ": " + kSev[static_cast<int>(d.severity)] + ": " +
                    d.message + "\n";
  if (sm_ && d.loc.known()) {
    std::string line = sm_->line_text(d.loc.file, d.loc.line);
    if (line.size() > 200) {  // Keep huge lines readable: show a window around the column.
      size_t start = d.loc.col > 80 ? d.loc.col - 80 : 0;
      std::string caret(d.loc.col - 1 - start, ' ');
      out += line.substr(start, 160) + "\n" + caret + "^\n";
    } else {
      out += line + "\n";
      std::string caret;
      for (uint32_t k = 1; k < d.loc.col && k - 1 < line.size(); ++k)
        caret += line[k - 1] == '\t' ? '\t' : ' ';
      out += caret + "^\n";
    }
  }
  for (const Diagnostic& n : d.notes) out += render(n);
  return out;
}

std::string DiagnosticEngine::render() const {
  std::string out;
  for (const Diagnostic& d : diags_) out += render(d);
  return out;
}

}  // namespace tessera
