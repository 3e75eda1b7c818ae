// The numerics report as JSON, and writing either form to a file.
#include <fstream>
#include <nlohmann/json.hpp>

#include "core/support/error.h"
#include "interp/numerics/report.h"

namespace tessera::interp::numerics {
namespace {

using nlohmann::json;

json error_json(const ErrorStats& e) {
  return {{"max_ulp", e.max_ulp},     {"mean_ulp", e.mean_ulp()}, {"max_rel", e.max_rel},
          {"mean_rel", e.mean_rel()}, {"compared", e.n},          {"mismatched", e.mismatched}};
}

/// The exponent histogram trimmed to its non-zero range: {"lo": e0, "counts": [...]}.
json hist_json(const ValueStats& s) {
  size_t lo = s.exp_hist.size(), hi = 0;
  for (size_t k = 0; k < s.exp_hist.size(); ++k)
    if (s.exp_hist[k]) {
      lo = std::min(lo, k);
      hi = k;
    }
  json counts = json::array();
  if (lo <= hi && lo < s.exp_hist.size())
    for (size_t k = lo; k <= hi; ++k) counts.push_back(s.exp_hist[k]);
  return {{"lo", lo < s.exp_hist.size() ? static_cast<int>(lo) + kExpLo : 0}, {"counts", counts}};
}

json op_json(const OpRecord& r, const MonitorOptions& o) {
  const OpEntry e = r.merged();
  const ValueStats& s = e.value;
  json j = {{"op", r.op},
            {"value", r.value.empty() ? json(nullptr) : json("%" + r.value)},
            {"result", r.result},
            {"location", r.location},
            {"line", r.line},
            {"col", r.col},
            {"dtype", r.dtype},
            {"ranks", r.ranks.size()},
            {"calls", e.calls},
            {"elements", s.count},
            {"nan", s.nan},
            {"pos_inf", s.pos_inf},
            {"neg_inf", s.neg_inf},
            {"overflow", s.overflow},
            {"saturated", s.has_unrounded ? json(s.saturated) : json(nullptr)},
            {"underflow_zero", s.has_unrounded ? json(s.underflow_zero) : json(nullptr)},
            {"underflow_subnormal", s.has_unrounded ? json(s.underflow_subnormal) : json(nullptr)},
            {"rounded", s.has_unrounded ? json(s.rounded) : json(nullptr)},
            {"zero", s.zero},
            {"subnormal", s.subnormal},
            {"min", s.min},
            {"max", s.max},
            {"absmax", s.absmax},
            {"max_finite", s.max_finite},
            {"range_use", s.range_use()},
            {"subnormal_fraction",
             s.count ? static_cast<double>(s.subnormal) / static_cast<double>(s.count) : 0.0},
            {"exp_hist", hist_json(s)}};
  if (o.shadow)
    j["shadow"] = {{"available", e.shadowed},
                   {"note", e.shadow_note},
                   {"total", error_json(e.total)},
                   {"own", error_json(e.own)},
                   {"inherited", error_json(e.inherited)}};
  return j;
}

}  // namespace

std::string report_json(const Monitor& m, const ReportHeader& h) {
  json ops = json::array();
  for (const OpRecord& r : m.records()) ops.push_back(op_json(r, m.options()));
  json j = {{"schema", "tessera.numerics-report/1"},
            {"program", h.program},
            {"entry", h.entry},
            {"shadow", m.options().shadow ? json("f64") : json(nullptr)},
            {"ops", ops},
            {"stopped", nullptr}};
  if (const StopInfo* s = m.stopped())
    j["stopped"] = {{"op", s->op},           {"location", s->location}, {"what", s->what},
                    {"element", s->element}, {"rank", s->rank},         {"message", s->message}};
  return j.dump(1, ' ', false, json::error_handler_t::replace) + "\n";
}

void write_report(const Monitor& m, const ReportHeader& h, const std::string& path) {
  const bool html = path.ends_with(".html") || path.ends_with(".htm");
  const std::string text = html ? report_html(m, h) : report_json(m, h);
  std::ofstream f(path, std::ios::binary | std::ios::trunc);
  if (!f) throw Error(path + ": error: cannot write the numerics report");
  f << text;
  f.close();
  if (!f) throw Error(path + ": error: writing the numerics report failed");
}

}  // namespace tessera::interp::numerics
