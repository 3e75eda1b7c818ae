// MLIR-style `expected-error` checking for verifier tests.
#include "interp/tools/interp/expected_diags.h"

#include <cctype>
#include <cstdint>
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

/// Reads the directives `expected-(error|warning)[ ][@(+N|-N|N|above|below)][ ]{{text}}` of
/// one line (MLIR's syntax). A directive it cannot read, or one pointing outside the file
/// (lines 1 .. `last_line`), is reported in `report` and counted in `failures`: a directive
/// that is silently skipped would be a check that cannot fail.
void parse_directives(const std::string& line, uint32_t ln, uint32_t last_line,
                      const std::string& name, std::vector<Expectation>& want, std::string& report,
                      int& failures) {
  for (size_t at = line.find("expected-"); at != std::string::npos;
       at = line.find("expected-", at + 1)) {
    size_t p = at + 9, w = p;
    while (w < line.size() && (std::isalpha(static_cast<unsigned char>(line[w])) || line[w] == '-'))
      ++w;
    const std::string kind = line.substr(p, w - p);
    if (kind.rfind("error", 0) != 0 && kind.rfind("warning", 0) != 0 &&
        kind.rfind("note", 0) != 0 && kind.rfind("remark", 0) != 0)
      continue;  // prose such as "expected-value", not a directive
    auto bad = [&](const std::string& why) {
      ++failures;
      report += name + ":" + std::to_string(ln) + ":" + std::to_string(at + 1) +
                ": error: cannot use directive 'expected-" + kind + "': " + why + "\n";
    };
    if (kind != "error" && kind != "warning") {
      bad("only expected-error and expected-warning are supported");
      continue;
    }
    auto skip_spaces = [&] {
      while (w < line.size() && (line[w] == ' ' || line[w] == '\t')) ++w;
    };
    skip_spaces();
    int64_t target = ln;
    if (w < line.size() && line[w] == '@') {
      ++w;
      if (line.compare(w, 5, "above") == 0) {
        target = int64_t{ln} - 1;
        w += 5;
      } else if (line.compare(w, 5, "below") == 0) {
        target = int64_t{ln} + 1;
        w += 5;
      } else {
        char sign = w < line.size() && (line[w] == '+' || line[w] == '-') ? line[w++] : 0;
        size_t digits = w;
        int64_t off = 0;
        while (w < line.size() && std::isdigit(static_cast<unsigned char>(line[w])) &&
               w - digits < 12)
          off = off * 10 + (line[w++] - '0');
        if (w == digits || (w < line.size() && std::isdigit(static_cast<unsigned char>(line[w])))) {
          bad("expected a line offset @+N, @-N, a line @N, @above or @below");
          continue;
        }
        target = sign == '+' ? ln + off : sign == '-' ? ln - off : off;
      }
    }
    if (target < 1 || target > int64_t{last_line}) {
      bad("it points at line " + std::to_string(target) + ", outside the file (lines 1 to " +
          std::to_string(last_line) + ")");
      continue;
    }
    skip_spaces();
    size_t close = line.compare(w, 2, "{{") == 0 ? line.find("}}", w + 2) : std::string::npos;
    if (close == std::string::npos) {
      bad("expected the message as {{text}}");
      continue;
    }
    want.push_back({kind == "error" ? Severity::error : Severity::warning,
                    static_cast<uint32_t>(target), line.substr(w + 2, close - w - 2)});
    at = close;
  }
}

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
  const uint32_t last_line = line_no - 1;
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
      parse_directives(line, ln, last_line, name, want, report, failures);
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
        Diagnostic unexpected = d;
        unexpected.message = "unexpected diagnostic (no expected-error for it): " + d.message;
        report += diag.render(unexpected);
      }
    }
    for (const Expectation& x : want)
      if (!x.seen) {
        ++failures;
        report += name + ":" + std::to_string(x.line) + ": error: expected " +
                  (x.severity == Severity::error ? "error" : "warning") + " {{" + x.text +
                  "}} was not produced\n";
      }
  }
  return failures;
}

}  // namespace tessera::cli
