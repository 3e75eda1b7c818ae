// The numerics monitor: per-op statistics, --stop-on and --probe (shadow runs: shadow.cpp).
#include "interp/numerics/monitor.h"

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <sstream>

#include "core/support/error.h"
#include "interp/graph/plan.h"
#include "interp/io/npy.h"
#include "interp/numerics/shadow.h"
#include "interp/numerics/text.h"
#include "interp/run_context.h"

namespace tessera::interp::numerics {
namespace {

std::string loc_string(const SourceManager* sm, ir::Location loc) {
  if (!loc.known()) return "<unknown>";
  std::string file = sm ? sm->name(loc.file) : std::string("<input>");
  return file + ":" + std::to_string(loc.line) + ":" + std::to_string(loc.col);
}

bool all_finite(std::span<const Tensor* const> inputs) {
  for (const Tensor* t : inputs)
    if (t && first_nonfinite(*t, true, true) >= 0) return false;
  return true;
}

/// A file-name-safe stem.
std::string safe_stem(const std::string& s) {
  std::string out;
  for (char c : s) out += std::isalnum(static_cast<unsigned char>(c)) || c == '_' ? c : '_';
  return out.empty() ? std::string("value") : out;
}

}  // namespace

void ErrorStats::merge(const ErrorStats& o) {
  max_ulp = std::max(max_ulp, o.max_ulp);
  max_rel = std::max(max_rel, o.max_rel);
  sum_ulp += o.sum_ulp;
  sum_rel += o.sum_rel;
  n += o.n;
  n_rel += o.n_rel;
  mismatched += o.mismatched;
}

OpEntry OpRecord::merged() const {
  OpEntry m;
  for (const auto& [rank, e] : ranks) {
    m.value.merge(e.value);
    m.calls += e.calls;
    m.shadowed = m.shadowed || e.shadowed;
    if (m.shadow_note.empty()) m.shadow_note = e.shadow_note;
    m.total.merge(e.total);
    m.own.merge(e.own);
    m.inherited.merge(e.inherited);
  }
  return m;
}

Monitor::Monitor(MonitorOptions opts, const SourceManager* sm)
    : opts_(std::move(opts)), sm_(sm), probe_hit_(opts_.probes.size(), false) {}

Monitor::~Monitor() = default;

Monitor::RankState& Monitor::rank_state(int64_t rank) {
  std::lock_guard<std::mutex> lock(mu_);
  auto& p = ranks_[rank];
  if (!p) p = std::make_unique<RankState>();
  return *p;
}

OpEntry& Monitor::entry_for(const ir::Op& op, size_t r, const std::string& dtype, int64_t rank) {
  std::lock_guard<std::mutex> lock(mu_);
  auto& p = records_[{&op, r}];
  if (!p) {
    p = std::make_unique<OpRecord>();
    p->op = op.name;
    p->value = r < op.results.size() ? op.results[r]->name : std::string();
    p->result = r;
    p->location = loc_string(sm_, op.loc);
    p->line = op.loc.line;
    p->col = op.loc.col;
    p->dtype = dtype;
    p->first_seen = seen_++;
  }
  return p->ranks[rank];
}

std::vector<OpRecord> Monitor::records() const {
  std::lock_guard<std::mutex> lock(mu_);
  std::vector<OpRecord> out;
  for (const auto& [key, rec] : records_) out.push_back(*rec);
  std::sort(out.begin(), out.end(), [](const OpRecord& a, const OpRecord& b) {
    return std::tie(a.line, a.col, a.result, a.first_seen) <
           std::tie(b.line, b.col, b.result, b.first_seen);
  });
  return out;
}

std::vector<std::string> Monitor::unmatched_probes() const {
  std::lock_guard<std::mutex> lock(mu_);
  std::vector<std::string> out;
  for (size_t k = 0; k < opts_.probes.size(); ++k)
    if (!probe_hit_[k]) out.push_back(opts_.probes[k]);
  return out;
}

void Monitor::check_stop(const ir::Op& op, size_t r, const Tensor& out,
                         std::span<const Tensor* const> inputs, const ValueStats& s, int64_t rank) {
  const bool nan = opts_.stop_nan && s.nan > 0;
  const bool inf = opts_.stop_inf && s.pos_inf + s.neg_inf > 0;
  if (!nan && !inf) return;
  if (!all_finite(inputs)) return;  // not the first: a non-finite value came in
  const int64_t k = first_nonfinite(out, nan, inf);
  const double v = element_as_double(out, k);
  StopInfo info;
  info.op = op.name;
  info.location = loc_string(sm_, op.loc);
  info.what = v != v ? "NaN" : v > 0 ? "+Inf" : "-Inf";
  info.element = k;
  info.rank = rank;
  std::ostringstream msg;
  msg << "'" << op.name << "' op produced " << info.what << " from finite inputs at element "
      << index_text(out.shape(), k) << " (flat index " << k << ") of result #" << r;
  if (rank >= 0) msg << " on rank " << rank;
  msg << " (--stop-on)";
  DiagnosticEngine d(sm_);
  Diagnostic& e = d.error(op.loc, msg.str());
  for (size_t i = 0; i < inputs.size(); ++i) {
    const Tensor& t = *inputs[i];
    std::ostringstream n;
    n << "input #" << i << " " << ir::to_string(t.type());
    if (dtype_is_float(t.dtype()) && t.numel() > 0) {
      const ValueStats is = compute_stats(t, nullptr);
      n << ": min " << num_text(is.min) << ", max " << num_text(is.max) << ", absmax "
        << num_text(is.absmax);
      if (t.numel() == out.numel())
        n << "; element " << k << " is " << num_text(element_as_double(t, k));
    }
    e.notes.push_back(Diagnostic{Severity::note, op.loc, n.str(), {}});
  }
  info.message = d.render();
  {
    std::lock_guard<std::mutex> lock(mu_);
    if (!stop_) stop_ = info;
  }
  throw Error(info.message);
}

std::vector<std::pair<std::string, size_t>> Monitor::probe_stems(const ir::Op& op, size_t r) const {
  std::vector<std::pair<std::string, size_t>> out;
  if (r >= op.results.size()) return out;
  const std::string file = op.loc.known() && sm_ ? sm_->name(op.loc.file) : std::string();
  const std::string base = std::filesystem::path(file).filename().string();
  const std::string& name = op.results[r]->name;
  for (size_t p = 0; p < opts_.probes.size(); ++p) {
    const std::string& want = opts_.probes[p];
    std::string stem;
    if (!name.empty() && (want == name || want == "%" + name)) stem = name;
    const size_t colon = want.rfind(':');
    if (stem.empty() && colon != std::string::npos && op.loc.known()) {
      const std::string f = want.substr(0, colon), l = want.substr(colon + 1);
      if ((f == file || f == base) && l == std::to_string(op.loc.line))
        stem = name.empty() ? "line" + l + "_" + std::to_string(r) : name;
    }
    if (!stem.empty()) out.emplace_back(stem, p);
  }
  return out;
}

void Monitor::write_probe(const std::string& stem, size_t p, const Tensor& t, int64_t rank) {
  std::error_code ec;
  std::filesystem::create_directories(opts_.probe_dir, ec);  // a failure shows when writing
  std::string path = opts_.probe_dir + "/" + safe_stem(stem);
  if (rank >= 0) path += "@" + std::to_string(rank);
  io::write_npy(path + ".npy", t.to_host());
  std::lock_guard<std::mutex> lock(mu_);
  probe_hit_[p] = true;
}

void Monitor::write_probes(const ir::Op& op, std::span<const Tensor* const> outputs, int64_t rank) {
  if (opts_.probes.empty()) return;
  for (size_t r = 0; r < outputs.size() && r < op.results.size(); ++r)
    for (const auto& [stem, p] : probe_stems(op, r)) write_probe(stem, p, *outputs[r], rank);
}

void Monitor::after_step(const StepEvent& e, const RunContext& run) {
  const ir::Op& op = *e.step.op;
  if (!opts_.stats && !opts_.shadow && !opts_.stop_nan && !opts_.stop_inf) {
    write_probes(op, e.outputs, run.rank);  // probes alone need no statistics
    return;
  }
  std::vector<OpEntry*> entries;
  for (size_t r = 0; r < e.outputs.size(); ++r) {
    const Tensor& out = *e.outputs[r];
    OpEntry& entry = entry_for(op, r, dtype_mlir_name(out.dtype()), run.rank);
    entries.push_back(&entry);
    ++entry.calls;
    if (!dtype_is_float(out.dtype())) continue;
    // A cast's unrounded value is its operand; other steps round only at storage.
    const Tensor* pre = r < e.unrounded.size() ? e.unrounded[r] : nullptr;
    if (!pre && op.name == "tessera.cast" && !e.inputs.empty()) pre = e.inputs[0];
    ValueStats s = compute_stats(out, pre);
    // Overflow: Inf from finite operands, or from a finite value before storage rounding.
    if (s.pos_inf + s.neg_inf > s.overflow && all_finite(e.inputs))
      s.overflow = s.pos_inf + s.neg_inf;
    entry.value.merge(s);
    check_stop(op, r, out, e.inputs, s, run.rank);
  }
  write_probes(op, e.outputs, run.rank);
  if (opts_.shadow) shadow_step(e, run, entries);
}

void Monitor::after_collective(const ir::Op& op, std::span<const Tensor* const> inputs,
                               std::span<const Tensor* const> outputs, const RunContext&) {
  if (op.results.empty()) return;
  for (size_t r = 0; r < outputs.size(); ++r) {
    const Tensor& out = *outputs[r];
    const auto rank = static_cast<int64_t>(r);
    OpEntry& entry = entry_for(op, 0, dtype_mlir_name(out.dtype()), rank);
    ++entry.calls;
    if (dtype_is_float(out.dtype())) {
      ValueStats s = compute_stats(out, nullptr);
      if (s.pos_inf + s.neg_inf > 0 && all_finite(inputs)) s.overflow = s.pos_inf + s.neg_inf;
      entry.value.merge(s);
      check_stop(op, 0, out, r < inputs.size() ? inputs.subspan(r, 1) : inputs.first(0), s, rank);
    }
    const Tensor* one[] = {&out};
    write_probes(op, one, rank);
    if (opts_.shadow) shadow_collective(op, out, rank, entry);
  }
}

}  // namespace tessera::interp::numerics
