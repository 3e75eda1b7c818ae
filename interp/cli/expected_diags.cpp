// MLIR-style `expected-error` checking for verifier tests.
#include "interp/cli/expected_diags.h"

#include <regex>
#include <vector>

#include "core/support/diagnostics.h"
#include "core/text/parser.h"
#include "core/verify/verifier.h"

namespace tessera::cli {
namespace {

struct Expectation {
  Severity severity;
  uint32_t line;
  std::string text;
  bool seen = false;
};

}  // namespace

int check_expected_diagnostics(const std::string& text, const std::string& name,
                               std::string& report) {
  // Split into chunks, keeping line numbers global by padding each chunk with blank lines.
  std::vector<std::string> chunks(1);
  std::vector<uint32_t> first_line{1};
  uint32_t line_no = 1;
  size_t pos = 0;
  while (pos <= text.size()) {
    size_t end = text.find('\n', pos);
    std::string line = text.substr(pos, end == std::string::npos ? std::string::npos : end - pos);
    if (line.rfind("// -----", 0) == 0) {
      chunks.emplace_back();
      first_line.push_back(line_no + 1);
    } else {
      chunks.back() += line + "\n";
    }
    ++line_no;
    if (end == std::string::npos) break;
    pos = end + 1;
  }
  static const std::regex kAnn(R"(expected-(error|warning)(@([+-]?)(\d+))?\s*\{\{(.*?)\}\})");
  int failures = 0;
  for (size_t c = 0; c < chunks.size(); ++c) {
    std::string padded(first_line[c] - 1, '\n');
    padded += chunks[c];
    std::vector<Expectation> want;
    uint32_t ln = 1;
    size_t p = 0;
    while (p < padded.size()) {
      size_t e = padded.find('\n', p);
      std::string line = padded.substr(p, e == std::string::npos ? std::string::npos : e - p);
      for (std::sregex_iterator it(line.begin(), line.end(), kAnn), end; it != end; ++it) {
        const auto& m = *it;
        uint32_t target = ln;
        if (m[2].matched) {
          auto off = static_cast<uint32_t>(std::stoul(m[4].str()));
          target = m[3].str() == "-" ? ln - off : m[3].str() == "+" ? ln + off : off;
        }
        want.push_back(
            {m[1].str() == "error" ? Severity::error : Severity::warning, target, m[5].str()});
      }
      ++ln;
      if (e == std::string::npos) break;
      p = e + 1;
    }
    SourceManager sm;
    DiagnosticEngine diag(&sm);
    auto m = text::parse_module(padded, name, sm, diag);
    if (m) verify::verify_module(*m, diag);
    for (const Diagnostic& d : diag.all()) {
      if (d.severity == Severity::note) continue;
      bool matched = false;
      for (Expectation& x : want)
        if (!x.seen && x.severity == d.severity && x.line == d.loc.line &&
            d.message.find(x.text) != std::string::npos) {
          x.seen = matched = true;
          break;
        }
      if (!matched && (d.severity == Severity::error || !want.empty())) {
        if (d.severity == Severity::warning) continue;  // unexpected warnings are tolerated
        ++failures;
        report += "unexpected: " + diag.render(d);
      }
    }
    for (const Expectation& x : want)
      if (!x.seen) {
        ++failures;
        report += name + ":" + std::to_string(x.line) + ": expected " +
                  (x.severity == Severity::error ? "error" : "warning") + " {{" + x.text +
                  "}} was not produced\n";
      }
  }
  return failures;
}

}  // namespace tessera::cli
