// Numerics reports: JSON for scripts, one static HTML page for people (docs/numerics-report.md).
#pragma once

#include <string>

#include "interp/numerics/monitor.h"

namespace tessera::interp::numerics {

/// What the report says about the run itself.
struct ReportHeader {
  std::string program;  ///< source file
  std::string entry;
};

/// The report as JSON (schema "tessera.numerics-report/1", docs/numerics-report.md).
std::string report_json(const Monitor& m, const ReportHeader& h);

/// The report as one self-contained HTML page: inline CSS and SVG, no script, no network.
std::string report_html(const Monitor& m, const ReportHeader& h);

/// Writes the report to `path`: HTML when it ends in ".html" or ".htm", else JSON. Throws
/// tessera::Error naming the file when it cannot be written.
void write_report(const Monitor& m, const ReportHeader& h, const std::string& path);

}  // namespace tessera::interp::numerics
