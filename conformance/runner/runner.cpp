// The tessera-conform driver: load cases, match capabilities, run, compare, diff and report.
#include "conformance/runner/runner.h"

#include <fnmatch.h>

#include <map>

#include <charconv>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <optional>
#include <ostream>

#include "conformance/lib/case_file.h"
#include "conformance/runner/bitdiff.h"
#include "conformance/runner/levels.h"
#include "conformance/runner/report.h"
#include "core/support/error.h"

namespace tessera::conform {
namespace {

namespace fs = std::filesystem;
using plugins::Backend;
using plugins::BackendError;
using Clock = std::chrono::steady_clock;

std::optional<DType> dtype_by_name(const std::string& name) {
  for (int i = 0; i < kNumDTypes; ++i) {
    DType t = static_cast<DType>(i);
    if (name == dtype_mlir_name(t) || name == dtype_short_name(t)) return t;
  }
  return std::nullopt;
}

double since(Clock::time_point t0) {
  return std::chrono::duration<double>(Clock::now() - t0).count();
}

// One backend under test with the options it runs with.
struct Target {
  std::string label;  // as given on the command line, plus threads when they matter
  Backend backend;
  plugins::CompileOptions compile;
};

using RankOutputs = std::vector<std::vector<plugins::HostTensor>>;  // [rank][result]

// Runs a case; one output list per rank (one list for single-device cases). Mesh cases compile for
// c.ranks devices and run through run_mesh with the per-rank argument lists.
RankOutputs run_case(const Target& t, const Case& c) {
  plugins::CompileOptions o = t.compile;
  // A bitexact case demands the interpreter's bits; only a backend's deterministic mode promises
  // them (a default mode may hand matmul and attention to vendor libraries with their own
  // reduction orders: docs/cuda.md, "Default mode"). So it compiles in deterministic mode.
  if (c.rule.kind == Rule::Kind::bitexact && t.backend.capabilities().deterministic)
    o.deterministic = true;
  o.entry = c.entry;
  o.source_name = c.file;
  o.num_devices = c.ranks;
  // Pad with the lines before the program so diagnostics carry the case file's line numbers.
  std::string text(static_cast<size_t>(c.program_line > 1 ? c.program_line - 1 : 0), '\n');
  text += c.program;
  plugins::Executable exe = t.backend.compile(text, o);
  if (c.ranks > 1) return t.backend.run_mesh(exe, c.rank_inputs);
  return {t.backend.run(exe, c.inputs)};
}

// Reports of at most this many failing ranks are printed in full; the rest are counted.
constexpr int kMaxRankReports = 4;

// Runs `check` on every rank's outputs; joins the reports of failing ranks ("rank r: ...").
template <typename Fn>
std::string per_rank_report(size_t ranks, Fn check) {
  std::string report;
  int failing = 0;
  for (size_t r = 0; r < ranks; ++r) {
    std::string one = check(r);
    if (one.empty()) continue;
    if (++failing > kMaxRankReports) continue;
    if (!report.empty()) report += '\n';
    for (size_t pos = 0; pos <= one.size();) {  // prefix every line with its rank
      size_t nl = one.find('\n', pos);
      if (nl == std::string::npos) nl = one.size();
      if (pos != 0) report += '\n';
      report.append("rank ").append(std::to_string(r)).append(": ");
      report.append(one, pos, nl - pos);
      pos = nl + 1;
    }
  }
  if (failing > kMaxRankReports) {
    report += "\n(" + std::to_string(failing - kMaxRankReports) + " more failing ranks of " +
              std::to_string(ranks) + ")";
  }
  return report;
}

std::string histogram_text(const std::vector<int64_t>& h) {
  static const char* kLabels[] = {"0", "1", "2", "3-4", "5-8", "9-16", "17-256", ">256"};
  std::string out;
  for (size_t i = 0; i < h.size(); ++i) {
    if (!out.empty()) out += ' ';
    out += std::string(i < 8 ? kLabels[i] : "?") + ":" + std::to_string(h[i]);
  }
  return out;
}

std::string ulp_text(int64_t ulp) {
  return ulp == kUlpInfinite ? std::string("inf") : std::to_string(ulp);
}

// Checks one rank's outputs against its expectations; returns "" or the failure report.
std::string check_rank(const Case& c, const std::vector<plugins::HostTensor>& want,
                       const std::vector<plugins::HostTensor>& got) {
  if (got.size() != want.size()) {
    return "expected " + std::to_string(want.size()) + " outputs, got " +
           std::to_string(got.size());
  }
  std::string report;
  for (size_t i = 0; i < got.size(); ++i) {
    Comparison cmp = compare(got[i], want[i], c.rule);
    if (!cmp.ok) {
      if (!report.empty()) report += '\n';
      report += "output " + std::to_string(i) + ": " + cmp.message;
      // How far off the whole output is, not only its first element (docs/conformance.md).
      if (cmp.first_diff >= 0) report += "\n  ulp histogram " + histogram_text(cmp.ulp_histogram);
    }
  }
  return report;
}

// Checks every rank's outputs against the case's expectations; returns "" or the report.
std::string check_expected(const Case& c, const RankOutputs& got) {
  if (c.ranks == 1) return got.size() == 1 ? check_rank(c, c.expected, got[0]) : "no outputs";
  if (got.size() != c.rank_expected.size()) {
    return "expected outputs of " + std::to_string(c.rank_expected.size()) + " ranks, got " +
           std::to_string(got.size());
  }
  return per_rank_report(got.size(),
                         [&](size_t r) { return check_rank(c, c.rank_expected[r], got[r]); });
}

std::string hex_bits(uint64_t v) {
  char buf[24];
  std::snprintf(buf, sizeof buf, "0x%llx", static_cast<unsigned long long>(v));
  return buf;
}

// Bit-for-bit diff of two runs; sets `identical` (no element differs other than as two NaNs)
// and adds the element counts to `sum`. Elements NaN on both sides with a different payload or
// sign are listed apart and do not make the runs differ (docs/conformance.md, "Diffs").
std::string diff_outputs(const std::vector<plugins::HostTensor>& a,
                         const std::vector<plugins::HostTensor>& b, bool& identical, BitDiff& sum) {
  identical = a.size() == b.size();
  if (!identical) {
    return "output counts differ: " + std::to_string(a.size()) + " vs " + std::to_string(b.size());
  }
  Rule bitexact;
  bitexact.kind = Rule::Kind::bitexact;
  bitexact.strict_nan = false;  // NaN-payload elements are reported below, not as differences
  std::string report, nans;
  int64_t total = 0, nan_total = 0;
  for (size_t i = 0; i < a.size(); ++i) {
    BitDiff bd = bitwise_diff(a[i], b[i]);
    sum.total += bd.total;
    sum.differing += bd.differing;
    sum.nan_payload += bd.nan_payload;
    total += bd.total;
    nan_total += bd.nan_payload;
    if (bd.nan_payload > 0) {
      nans += "\n  output " + std::to_string(i) + ": " + std::to_string(bd.nan_payload) + " of " +
              std::to_string(bd.total) +
              " elements NaN on both sides with a different payload or " +
              "sign; first at element " + std::to_string(bd.first_nan) + ": " + hex_bits(bd.nan_a) +
              " vs " + hex_bits(bd.nan_b);
    }
    if (bd.differing == 0) continue;
    identical = false;
    Comparison cmp = compare(a[i], b[i], bitexact);
    if (!report.empty()) report += '\n';
    report += "output " + std::to_string(i) + ": " + std::to_string(bd.differing) + " of " +
              std::to_string(bd.total) + " elements differ bitwise; first difference at element " +
              std::to_string(bd.first) + "; max ulp " + ulp_text(cmp.max_ulp) + "; ulp histogram " +
              histogram_text(cmp.ulp_histogram) + "\n  " + cmp.message;
  }
  if (!identical) return report + nans;
  if (nan_total > 0) {
    return "bit-identical except NaN payloads (" + std::to_string(a.size()) + " outputs, 0 of " +
           std::to_string(total) + " elements differ, " + std::to_string(nan_total) +
           " NaN-payload)" + nans;
  }
  return "bit-identical (" + std::to_string(a.size()) + " outputs, 0 of " + std::to_string(total) +
         " elements differ)";
}

// Bit-for-bit diff of two runs over every rank; sets `identical`; adds counts to `sum`.
std::string diff_ranks(const RankOutputs& a, const RankOutputs& b, bool& identical, BitDiff& sum) {
  if (a.size() != b.size()) {
    identical = false;
    return "rank counts differ: " + std::to_string(a.size()) + " vs " + std::to_string(b.size());
  }
  if (a.size() == 1) return diff_outputs(a[0], b[0], identical, sum);
  identical = true;
  const int64_t nan_before = sum.nan_payload;
  std::string report = per_rank_report(a.size(), [&](size_t r) {
    bool same = false;
    const int64_t n0 = sum.nan_payload;
    std::string msg = diff_outputs(a[r], b[r], same, sum);
    if (!same) identical = false;
    return same && sum.nan_payload == n0 ? std::string() : msg;
  });
  if (!identical) return report;
  return "bit-identical" +
         std::string(nan_before == sum.nan_payload ? "" : " except NaN payloads") + " (" +
         std::to_string(a.size()) + " ranks x " + std::to_string(a.empty() ? 0 : a[0].size()) +
         " outputs)" + (nan_before == sum.nan_payload ? std::string() : "\n" + report);
}

class Progress {
 public:
  Progress(std::ostream& out, bool enabled, size_t total)
      : out_(out), enabled_(enabled), total_(total) {}
  void show(size_t done, const std::string& id) {
    if (!enabled_) return;
    const int width = 30;
    int fill = total_ ? static_cast<int>(done * width / total_) : width;
    std::string name = id.size() > 40 ? "..." + id.substr(id.size() - 37) : id;
    out_ << "\r\033[K[" << std::string(fill, '#') << std::string(width - fill, ' ') << "] " << done
         << "/" << total_ << " " << name << std::flush;
  }
  void clear() {
    if (enabled_) out_ << "\r\033[K" << std::flush;
  }

 private:
  std::ostream& out_;
  bool enabled_;
  size_t total_;
};

std::string relative_id(const fs::path& root, const std::string& file) {
  std::error_code ec;
  fs::path rel = fs::is_directory(root, ec) ? fs::path(file).lexically_relative(root)
                                            : fs::path(file).filename();
  if (rel.empty() || rel.native().rfind("..", 0) == 0) rel = fs::path(file).filename();
  rel.replace_extension();
  return rel.generic_string();
}

}  // namespace

std::string unmet_requirement(const std::vector<std::string>& requirements,
                              const plugins::Capabilities& caps, bool deterministic) {
  if (!caps.unavailable_reason.empty()) return "backend unavailable: " + caps.unavailable_reason;
  if (deterministic && !caps.deterministic) return "backend has no deterministic mode";
  for (const std::string& req : requirements) {
    size_t eq = req.find('=');
    if (eq == std::string::npos || eq == 0 || eq + 1 == req.size()) {
      throw Error("malformed requirement '" + req + "' (expected key=value)");
    }
    std::string key = req.substr(0, eq), value = req.substr(eq + 1);
    if (key == "op") {
      if (!caps.supports_op(value)) return "backend does not support op " + value;
    } else if (key == "dtype") {
      std::optional<DType> t = dtype_by_name(value);
      if (!t) throw Error("requirement '" + req + "': unknown dtype '" + value + "'");
      if (!caps.supports_dtype(*t)) return "backend does not support dtype " + value;
    } else if (key == "mesh") {
      int64_t n = 0;
      auto [p, ec] = std::from_chars(value.data(), value.data() + value.size(), n);
      if (ec != std::errc() || p != value.data() + value.size() || n < 1) {
        throw Error("requirement '" + req + "': mesh size must be a positive integer");
      }
      if (n > caps.max_mesh_size) {
        return "needs a mesh of " + value + " ranks; backend supports up to " +
               std::to_string(caps.max_mesh_size);
      }
    } else if (key == "level") {
      if (value != "graph" && value != "schedule" && value != "tile" && value != "target") {
        throw Error("requirement '" + req + "': level must be graph, schedule, tile or target");
      }
      if (!caps.supports_level(value)) return "backend does not run " + value + " IR";
    } else if (key == "deterministic") {
      if (value != "1") throw Error("requirement '" + req + "': only deterministic=1 is valid");
      if (!caps.deterministic) return "backend has no deterministic mode";
    } else {
      throw Error("unknown requirement key '" + key + "' in '" + req +
                  "' (known: op, dtype, mesh, level, deterministic)");
    }
  }
  return "";
}

bool case_matches_filter(const std::string& glob, const std::string& id, const std::string& name) {
  if (glob.empty()) return true;
  return fnmatch(glob.c_str(), id.c_str(), 0) == 0 || fnmatch(glob.c_str(), name.c_str(), 0) == 0;
}

std::string error_line(const std::string& what) {
  const size_t head = what.find(": error: ");
  if (head != std::string::npos && head < what.find('\n')) return what;
  return "tessera-conform: error: " + what;
}

// Per-level tallies of --levels.
struct LevelTally {
  int64_t exact = 0, failed = 0, not_lowered = 0, partial = 0;
  std::map<std::string, int64_t> reasons;  // why groups stayed at Schedule IR, with counts
};

// Runs case `c` lowered to each level of `levels` (after its Graph IR run gave `graph`); returns
// the failures ("level L: ...") and prints cases that do not lower.
std::string run_levels(const Target& t, const Case& c, const std::string& id,
                       const std::vector<std::string>& levels, const RankOutputs& graph,
                       std::map<std::string, LevelTally>& tally, std::ostream& out,
                       std::vector<std::pair<std::string, std::string>>& outcome) {
  std::string failures;
  for (const std::string& level : levels) {
    if (level == "graph") continue;
    LevelTally& lt = tally[level];
    LoweredProgram lp = lower_program(c.program, c.file, level);
    if (lp.error) {
      ++lt.failed;
      outcome.emplace_back(level, "failed");
      failures +=
          (failures.empty() ? "" : "\n") + ("level " + level + ": lowering failed: " + lp.why);
      continue;
    }
    if (!lp.lowered) {
      ++lt.not_lowered;
      outcome.emplace_back(level, "not-lowered");
      out << "NOT LOWERED (" << level << ") " << id << ": " << lp.why << "\n";
      continue;
    }
    if (!lp.not_lowered.empty()) ++lt.partial;
    for (const std::string& w : lp.not_lowered) ++lt.reasons[w.substr(w.find(": ") + 2)];
    Case lc = c;
    lc.program = lp.text;
    lc.program_line = 0;
    std::string msg;
    try {
      RankOutputs got = run_case(t, lc);
      bool identical = false;
      BitDiff unused;
      std::string d = diff_ranks(graph, got, identical, unused);
      if (!identical) msg = "differs from Graph IR: " + d;
    } catch (const std::exception& e) {
      msg = e.what();
    }
    if (msg.empty()) {
      ++lt.exact;
      outcome.emplace_back(level, lp.not_lowered.empty() ? "exact" : "partial");
    } else {
      ++lt.failed;
      outcome.emplace_back(level, "failed");
      failures += (failures.empty() ? "" : "\n") + ("level " + level + ": " + msg);
    }
  }
  return failures;
}

int run_conformance(const RunnerOptions& o, plugins::Registry& registry, std::ostream& out,
                    std::ostream& err, bool progress_bar) {
  const auto t_start = Clock::now();
  std::vector<Target> targets;
  std::vector<std::pair<std::string, std::string>> props;
  std::vector<std::string> files;
  std::vector<std::string> levels;
  std::map<std::string, LevelTally> tally;
  try {
    auto make = [&](const std::string& name, int threads) {
      plugins::CompileOptions co;
      co.threads = threads;
      co.deterministic = o.deterministic;
      Backend b = Backend::create(registry.open(name));
      std::string label =
          name + (o.diff_backend.empty() ? "" : " (threads " + std::to_string(threads) + ")");
      return Target{label, std::move(b), co};
    };
    targets.push_back(make(o.backend, o.threads));
    if (!o.diff_backend.empty()) {
      targets.push_back(make(o.diff_backend, o.diff_threads.value_or(o.threads)));
    }
    files = find_case_files(o.cases);
    if (!o.levels.empty()) levels = parse_levels(o.levels);
  } catch (const std::exception& e) {
    err << error_line(e.what()) << "\n";
    return kExitInputError;
  }
  if (o.require_device) {
    for (const Target& t : targets) {
      const std::string& why = t.backend.capabilities().unavailable_reason;
      if (why.empty()) continue;
      err << error_line("--require-device: backend " + t.label + " is unavailable: " + why) << "\n";
      return kExitInputError;
    }
  }
  for (size_t i = 0; i < targets.size(); ++i) {
    const Target& t = targets[i];
    std::string info = t.backend.platform_info();
    out << (i == 0 ? "backend: " : "diff backend: ") << t.label << " [" << t.backend.origin()
        << (info.empty() ? "" : ", " + info) << "]\n";
    props.push_back({i == 0 ? "backend" : "diff_backend", t.label});
    props.push_back({i == 0 ? "backend_origin" : "diff_backend_origin", t.backend.origin()});
  }
  props.push_back({"deterministic", o.deterministic ? "1" : "0"});
  props.push_back({"cases", o.cases});

  // Load every file first so the progress bar knows the total; broken files become failures.
  std::vector<CaseResult> results;
  std::vector<std::pair<std::string, Case>> todo;
  for (const std::string& file : files) {
    std::string file_id = relative_id(o.cases, file);
    try {
      for (Case& c : load_case_file(file)) {
        std::string id = file_id + "/" + c.name;
        if (case_matches_filter(o.filter, id, c.name)) todo.emplace_back(id, std::move(c));
      }
    } catch (const std::exception& e) {
      if (!case_matches_filter(o.filter, file_id, file_id)) continue;
      results.push_back({CaseResult::Status::failed,
                         file_id,
                         file,
                         0,
                         std::string("cannot load case file: ") + e.what(),
                         0,
                         {}});
      out << "FAIL " << file_id << " (" << file << ")\n  cannot load case file: " << e.what()
          << "\n";
    }
  }

  Progress progress(out, progress_bar, todo.size());
  const bool diffing = targets.size() > 1;
  BitDiff diff_sum;  // over every case both backends ran
  int64_t diff_cases = 0, diff_cases_differing = 0, diff_cases_nan = 0;
  for (size_t k = 0; k < todo.size(); ++k) {
    const auto& [id, c] = todo[k];
    progress.show(k, id);
    const auto t0 = Clock::now();
    CaseResult r{CaseResult::Status::passed, id, c.file, c.line, "", 0, {}};
    try {
      std::string skip;
      for (const Target& t : targets) {
        std::string why =
            unmet_requirement(c.requirements, t.backend.capabilities(), o.deterministic);
        if (!why.empty() && skip.empty()) skip = t.label + ": " + why;
      }
      if (!skip.empty()) {
        r.status = CaseResult::Status::skipped;
        r.message = skip;
      } else {
        std::vector<RankOutputs> outs;
        for (const Target& t : targets) {
          try {
            outs.push_back(run_case(t, c));
          } catch (const BackendError& e) {
            if (e.code() != TESSERA_ERROR_UNIMPLEMENTED) throw;
            r.status = CaseResult::Status::skipped;
            r.message = t.label + ": " + e.what();
            break;
          }
        }
        if (r.status != CaseResult::Status::skipped) {
          if (diffing) {
            bool identical = false;
            const int64_t nan_before = diff_sum.nan_payload;
            r.message = diff_ranks(outs[0], outs[1], identical, diff_sum);
            ++diff_cases;
            if (diff_sum.nan_payload != nan_before) ++diff_cases_nan;
            if (!identical) {
              r.status = CaseResult::Status::failed;
              ++diff_cases_differing;
            }
          } else {
            r.message = check_expected(c, outs[0]);
            if (!r.message.empty()) r.status = CaseResult::Status::failed;
            if (!levels.empty()) {
              std::string lf = run_levels(targets[0], c, id, levels, outs[0], tally, out, r.levels);
              if (!lf.empty()) {
                r.status = CaseResult::Status::failed;
                r.message += (r.message.empty() ? "" : "\n") + lf;
              }
            }
          }
        }
      }
    } catch (const std::exception& e) {
      r.status = CaseResult::Status::failed;
      r.message = e.what();
    }
    r.seconds = since(t0);
    progress.clear();
    std::string where = c.file + ":" + std::to_string(c.line);
    if (r.status == CaseResult::Status::failed) {
      out << "FAIL " << id << " (" << where << ")\n";
      std::string msg = r.message;
      for (size_t pos = 0; pos <= msg.size();) {
        size_t nl = msg.find('\n', pos);
        if (nl == std::string::npos) nl = msg.size();
        out << "  " << msg.substr(pos, nl - pos) << "\n";
        pos = nl + 1;
      }
    } else if (r.status == CaseResult::Status::skipped) {
      out << "SKIP " << id << ": " << r.message << "\n";
    } else if (diffing) {  // NANP: identical but for NaN payloads (the message lists them)
      const bool nanp = r.message.find("except NaN payloads") != std::string::npos;
      out << (nanp ? "NANP " : "SAME ") << id << ": " << r.message << "\n";
    }
    results.push_back(std::move(r));
  }
  progress.clear();
  RunSummary s = summarize(results);
  if (!o.junit.empty()) {
    try {
      write_junit(o.junit, results, props, since(t_start));
    } catch (const std::exception& e) {
      err << error_line(e.what()) << "\n";
      out << summary_line(s) << "\n";
      return kExitInputError;
    }
  }
  for (const auto& [level, lt] : tally) {
    out << "level " << level << ": " << lt.exact << " bit-exact with Graph IR, " << lt.failed
        << " failed, " << lt.not_lowered << " not lowered";
    if (lt.partial) out << ", " << lt.partial << " with fusion groups left at Schedule IR";
    out << "\n";
    for (const auto& [why, n] : lt.reasons) out << "  " << n << " group(s): " << why << "\n";
  }
  if (diffing) {
    out << "diff: " << diff_sum.differing << " of " << diff_sum.total
        << " elements differ bitwise, in " << diff_cases_differing << " of " << diff_cases
        << " cases run on both backends\n";
    out << "diff: " << diff_sum.nan_payload
        << " elements are NaN on both sides with a different payload or sign, in " << diff_cases_nan
        << " cases (not differences: the spec leaves NaN payloads open)\n";
  }
  out << summary_line(s) << "\n";
  return s.failed > 0 ? kExitInputError : kExitOk;
}

}  // namespace tessera::conform
