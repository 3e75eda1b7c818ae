// Per-case results of a conformance run and the JUnit XML writer.
#include "conformance/runner/report.h"

#include <cstdio>
#include <fstream>
#include <sstream>

#include "core/support/error.h"

namespace tessera::conform {

RunSummary summarize(const std::vector<CaseResult>& results) {
  RunSummary s;
  for (const CaseResult& r : results) {
    switch (r.status) {
      case CaseResult::Status::passed:
        ++s.passed;
        break;
      case CaseResult::Status::failed:
        ++s.failed;
        break;
      case CaseResult::Status::skipped:
        ++s.skipped;
        break;
    }
  }
  return s;
}

std::string summary_line(const RunSummary& s) {
  return std::to_string(s.passed) + " passed, " + std::to_string(s.failed) + " failed, " +
         std::to_string(s.skipped) + " skipped";
}

std::string xml_escape(const std::string& text) {
  std::string out;
  out.reserve(text.size());
  for (unsigned char c : text) {
    switch (c) {
      case '&':
        out += "&amp;";
        break;
      case '<':
        out += "&lt;";
        break;
      case '>':
        out += "&gt;";
        break;
      case '"':
        out += "&quot;";
        break;
      case '\'':
        out += "&apos;";
        break;
      default:
        // XML 1.0 allows only tab, LF and CR below 0x20; bytes >= 0x80 pass (UTF-8 text).
        if (c >= 0x20 || c == '\t' || c == '\n' || c == '\r') {
          out += static_cast<char>(c);
        } else {
          out += '?';
        }
    }
  }
  return out;
}

namespace {

std::string seconds_text(double s) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.3f", s);
  return buf;
}

// JUnit's classname: the id without its last component ("graph/add"), dotted.
std::string classname_of(const std::string& id) {
  size_t slash = id.rfind('/');
  std::string cls = slash == std::string::npos ? "conformance" : id.substr(0, slash);
  for (char& c : cls) {
    if (c == '/') c = '.';
  }
  return cls;
}

std::string name_of(const std::string& id) {
  size_t slash = id.rfind('/');
  return slash == std::string::npos ? id : id.substr(slash + 1);
}

}  // namespace

void write_junit(const std::string& path, const std::vector<CaseResult>& results,
                 const std::vector<std::pair<std::string, std::string>>& properties,
                 double total_seconds) {
  RunSummary s = summarize(results);
  std::ostringstream x;
  x << "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n";
  x << "<testsuites name=\"tessera-conform\" tests=\"" << results.size() << "\" failures=\""
    << s.failed << "\" errors=\"0\" skipped=\"" << s.skipped << "\" time=\""
    << seconds_text(total_seconds) << "\">\n";
  x << "  <testsuite name=\"tessera-conform\" tests=\"" << results.size() << "\" failures=\""
    << s.failed << "\" errors=\"0\" skipped=\"" << s.skipped << "\" time=\""
    << seconds_text(total_seconds) << "\">\n";
  if (!properties.empty()) {
    x << "    <properties>\n";
    for (const auto& [k, v] : properties) {
      x << "      <property name=\"" << xml_escape(k) << "\" value=\"" << xml_escape(v) << "\"/>\n";
    }
    x << "    </properties>\n";
  }
  for (const CaseResult& r : results) {
    x << "    <testcase classname=\"" << xml_escape(classname_of(r.id)) << "\" name=\""
      << xml_escape(name_of(r.id)) << "\" file=\"" << xml_escape(r.file) << "\" line=\"" << r.line
      << "\" time=\"" << seconds_text(r.seconds) << "\"";
    std::string first_line = r.message.substr(0, r.message.find('\n'));
    std::string level_props;  // --levels: one property per lower level
    for (const auto& [level, how] : r.levels)
      level_props += "        <property name=\"level." + xml_escape(level) + "\" value=\"" +
                     xml_escape(how) + "\"/>\n";
    if (!level_props.empty())
      level_props = "      <properties>\n" + level_props + "      </properties>\n";
    switch (r.status) {
      case CaseResult::Status::passed:
        if (r.message.empty() && level_props.empty()) {
          x << "/>\n";
        } else {
          x << ">\n" << level_props;
          if (!r.message.empty())
            x << "      <system-out>" << xml_escape(r.message) << "</system-out>\n";
          x << "    </testcase>\n";
        }
        break;
      case CaseResult::Status::skipped:
        x << ">\n      <skipped message=\"" << xml_escape(first_line) << "\"/>\n"
          << "    </testcase>\n";
        break;
      case CaseResult::Status::failed:
        x << ">\n"
          << level_props << "      <failure message=\"" << xml_escape(first_line) << "\">"
          << xml_escape(r.message) << "</failure>\n    </testcase>\n";
        break;
    }
  }
  x << "  </testsuite>\n</testsuites>\n";
  std::ofstream f(path, std::ios::binary | std::ios::trunc);
  if (!f) throw Error(path + ": error: cannot open the JUnit report for writing");
  f << x.str();
  f.close();
  if (f.fail()) throw Error(path + ": error: writing the JUnit report failed (disk full?)");
}

}  // namespace tessera::conform
