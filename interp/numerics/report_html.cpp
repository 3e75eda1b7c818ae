// The numerics report as one static HTML page: an op table and inline SVG plots (no script).
#include <algorithm>
#include <cmath>
#include <sstream>

#include "core/numerics/formats.h"
#include "interp/numerics/report.h"

namespace tessera::interp::numerics {
namespace {

std::string esc(const std::string& s) {
  std::string o;
  for (char c : s) {
    switch (c) {
      case '<':
        o += "&lt;";
        break;
      case '>':
        o += "&gt;";
        break;
      case '&':
        o += "&amp;";
        break;
      case '"':
        o += "&quot;";
        break;
      default:
        o += c;
    }
  }
  return o;
}

std::string num(double v, int prec = 4) {
  std::ostringstream os;
  os.precision(prec);
  os << v;
  return os.str();
}

/// A count cell, highlighted when non-zero; "-" when the counter does not apply.
std::string count_cell(uint64_t v, bool applies = true, const char* cls = "bad") {
  if (!applies) return "<td class=\"na\">-</td>";
  return v ? std::string("<td class=\"") + cls + "\">" + std::to_string(v) + "</td>" : "<td>0</td>";
}

constexpr const char* kStyle = R"(
body{font:13px/1.4 system-ui,sans-serif;margin:20px;color:#222}
h1{font-size:20px}h2{font-size:16px;margin-top:28px}
table{border-collapse:collapse}th,td{border:1px solid #ccc;padding:2px 5px;text-align:right;white-space:nowrap}
th{background:#f0f0f0;position:sticky;top:0}td.l{text-align:left}td.na{color:#aaa}
td.bad{background:#fdd;font-weight:bold}td.warn{background:#ffe9b3}
.bar{display:inline-block;height:9px;background:#4a7bd0;vertical-align:middle}
svg text{font:10px sans-serif}.legend span{display:inline-block;width:10px;height:10px;margin:0 4px}
.hist{display:inline-block;margin:4px 10px;vertical-align:top}
)";

struct Row {
  const OpRecord* rec;
  OpEntry e;
  std::string label;
};

void op_table(std::ostringstream& os, const std::vector<Row>& rows, bool shadow) {
  os << "<table id=\"ops\"><thead><tr><th>#</th><th>op</th><th>value</th><th>location</th>"
        "<th>dtype</th><th>elements</th><th>NaN</th><th>+Inf</th><th>-Inf</th><th>overflow</th>"
        "<th>saturated</th><th>underflow&#8594;0</th><th>underflow&#8594;subn.</th>"
        "<th>rounded</th><th>subnormal</th><th>min</th><th>max</th><th>absmax</th>"
        "<th>range use</th>";
  if (shadow)
    os << "<th>max ulp</th><th>mean ulp</th><th>own mean ulp</th><th>inherited mean ulp</th>"
          "<th>max rel</th>";
  os << "</tr></thead><tbody>\n";
  for (size_t k = 0; k < rows.size(); ++k) {
    const OpRecord& r = *rows[k].rec;
    const ValueStats& s = rows[k].e.value;
    const bool fl = s.count > 0, u = s.has_unrounded;
    os << "<tr><td>" << k << "</td><td class=\"l\">" << esc(r.op) << "</td><td class=\"l\">"
       << (r.value.empty() ? "" : "%" + esc(r.value)) << "</td><td class=\"l\">" << esc(r.location)
       << "</td><td>" << esc(r.dtype) << "</td><td>" << s.count << "</td>" << count_cell(s.nan, fl)
       << count_cell(s.pos_inf, fl) << count_cell(s.neg_inf, fl) << count_cell(s.overflow, fl)
       << count_cell(s.saturated, fl && u, "warn") << count_cell(s.underflow_zero, fl && u, "warn")
       << count_cell(s.underflow_subnormal, fl && u, "warn")
       << count_cell(s.rounded, fl && u, "warn") << count_cell(s.subnormal, fl, "warn");
    if (fl) {
      const double use = s.range_use();
      const double w = use > 0 ? std::clamp(60.0 + 60.0 * std::log10(use) / 10.0, 1.0, 60.0) : 0;
      os << "<td>" << num(s.min) << "</td><td>" << num(s.max) << "</td><td>" << num(s.absmax)
         << "</td><td><span class=\"bar\" style=\"width:" << num(w, 3) << "px\"></span> "
         << num(100 * use, 3) << "%</td>";
    } else {
      os << "<td class=\"na\">-</td><td class=\"na\">-</td><td class=\"na\">-</td>"
            "<td class=\"na\">-</td>";
    }
    if (shadow) {
      const OpEntry& e = rows[k].e;
      if (e.shadowed)
        os << "<td>" << num(e.total.max_ulp) << "</td><td>" << num(e.total.mean_ulp())
           << "</td><td>" << num(e.own.mean_ulp()) << "</td><td>" << num(e.inherited.mean_ulp())
           << "</td><td>" << num(e.total.max_rel) << "</td>";
      else
        os << "<td class=\"na\" colspan=\"5\">" << esc(e.shadow_note) << "</td>";
    }
    os << "</tr>\n";
  }
  os << "</tbody></table>\n";
}

/// Horizontal bars on a log10 axis from 1e-3 to 1e9 (values outside are clamped to it).
void error_bars(std::ostringstream& os, const std::vector<Row>& rows) {
  const int lh = 16, left = 220, width = 480;
  const int h = static_cast<int>(rows.size()) * lh + 30;
  auto x_of = [&](double v) {
    const double l = v > 0 ? std::clamp(std::log10(v), -3.0, 9.0) : -3.0;
    return left + (l + 3.0) / 12.0 * width;
  };
  os << "<svg class=\"plot\" id=\"error-bars\" width=\"" << left + width + 20 << "\" height=\"" << h
     << "\" xmlns=\"http://www.w3.org/2000/svg\">\n";
  for (int d = -3; d <= 9; d += 2) {
    const double x = left + (d + 3) / 12.0 * width;
    os << "<line x1=\"" << x << "\" y1=\"0\" x2=\"" << x << "\" y2=\"" << h - 18
       << "\" stroke=\"#ddd\"/><text x=\"" << x - 8 << "\" y=\"" << h - 5 << "\">1e" << d
       << "</text>\n";
  }
  for (size_t k = 0; k < rows.size(); ++k) {
    const OpEntry& e = rows[k].e;
    const int y = static_cast<int>(k) * lh + 4;
    os << "<text x=\"4\" y=\"" << y + 10 << "\">" << esc(rows[k].label) << "</text>";
    if (!e.shadowed) continue;
    const double own = x_of(e.own.mean_ulp()), tot = x_of(e.total.mean_ulp());
    const double mx = x_of(e.total.max_ulp);
    os << "<rect x=\"" << left << "\" y=\"" << y << "\" width=\"" << tot - left
       << "\" height=\"6\" fill=\"#f0a040\"><title>total mean " << num(e.total.mean_ulp())
       << " ulp</title></rect><rect x=\"" << left << "\" y=\"" << y + 6 << "\" width=\""
       << own - left << "\" height=\"6\" fill=\"#c03030\"><title>own mean " << num(e.own.mean_ulp())
       << " ulp</title></rect><line x1=\"" << mx << "\" y1=\"" << y << "\" x2=\"" << mx
       << "\" y2=\"" << y + 12 << "\" stroke=\"#000\"><title>max " << num(e.total.max_ulp)
       << " ulp</title></line>\n";
  }
  os << "</svg>\n<p class=\"legend\"><span style=\"background:#f0a040\"></span>mean error "
        "(ulp of the result type) <span style=\"background:#c03030\"></span>of it the op's own "
        "<span style=\"background:#000;width:2px\"></span>max</p>\n";
}

/// One small histogram of floor(log2|x|) per op, the format's normal range shaded.
void histogram(std::ostringstream& os, const Row& row) {
  const ValueStats& s = row.e.value;
  size_t lo = s.exp_hist.size(), hi = 0;
  uint64_t top = 0;
  for (size_t k = 0; k < s.exp_hist.size(); ++k)
    if (s.exp_hist[k]) {
      lo = std::min(lo, k);
      hi = k;
      top = std::max(top, s.exp_hist[k]);
    }
  if (top == 0) return;
  const int e_lo = static_cast<int>(lo) + kExpLo, e_hi = static_cast<int>(hi) + kExpLo;
  const int bins = e_hi - e_lo + 1, bw = std::max(2, std::min(10, 240 / bins));
  const int w = std::max(bins * bw + 20, 100), h = 80;
  os << "<div class=\"hist\"><div>" << esc(row.label) << "</div><svg class=\"plot exp-hist\" "
     << "width=\"" << w << "\" height=\"" << h << "\" xmlns=\"http://www.w3.org/2000/svg\">";
  for (int b = 0; b < bins; ++b) {
    const uint64_t c = s.exp_hist[lo + static_cast<size_t>(b)];
    const double bh =
        c ? 4 + 50.0 * std::log1p(static_cast<double>(c)) / std::log1p(static_cast<double>(top))
          : 0;
    const int e = e_lo + b;
    const bool sub = s.min_normal > 0 && std::ldexp(1.0, e) < s.min_normal;
    const bool over = s.max_finite > 0 && std::ldexp(1.0, e) > s.max_finite;
    os << "<rect x=\"" << 10 + b * bw << "\" y=\"" << 60 - bh << "\" width=\"" << bw - 1
       << "\" height=\"" << bh << "\" fill=\"" << (sub || over ? "#c03030" : "#4a7bd0")
       << "\"><title>2^" << e << ": " << c << "</title></rect>";
  }
  os << "<text x=\"10\" y=\"74\">2^" << e_lo << "</text><text x=\"" << w - 2
     << "\" y=\"74\" text-anchor=\"end\">2^" << e_hi << "</text></svg></div>\n";
}

}  // namespace

std::string report_html(const Monitor& m, const ReportHeader& h) {
  const std::vector<OpRecord> recs = m.records();
  std::vector<Row> rows;
  for (size_t k = 0; k < recs.size(); ++k) {
    const OpRecord& r = recs[k];
    rows.push_back(
        {&r, r.merged(), std::to_string(k) + " " + r.op + (r.value.empty() ? "" : " %" + r.value)});
  }
  const bool shadow = m.options().shadow;
  std::ostringstream os;
  os << "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
        "<title>Numerics report: "
     << esc(h.program) << "</title><style>" << kStyle << "</style></head><body>\n"
     << "<h1>Numerics report: " << esc(h.program) << " @" << esc(h.entry) << "</h1>\n";
  if (const StopInfo* s = m.stopped())
    os << "<p id=\"stopped\" class=\"bad\"><b>Stopped</b> at " << esc(s->op) << " ("
       << esc(s->location) << "): " << esc(s->what) << " at flat index " << s->element << "</p>\n";
  os << "<p>One row per op result, in source order; ranks and repeated calls are merged. "
        "Red cells: NaN, Inf, overflow; amber: rounding events. Columns are explained in "
        "docs/numerics-report.md.</p>\n<h2>Ops</h2>\n";
  op_table(os, rows, shadow);
  if (shadow) {
    os << "<h2>Error per op against the f64 shadow (log scale)</h2>\n";
    error_bars(os, rows);
  }
  os << "<h2>Exponent histograms (floor(log2|x|); red: outside the format's normal range)</h2>\n";
  for (const Row& r : rows) histogram(os, r);
  os << "</body></html>\n";
  return os.str();
}

}  // namespace tessera::interp::numerics
