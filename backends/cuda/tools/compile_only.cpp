// The compile-only check: lower every case, generate its kernels per architecture, deduplicate
// identical kernels, batch the distinct ones into a few NVRTC translation units and compile them
// in parallel; a failing batch is recompiled kernel by kernel to name the culprit.
#include "backends/cuda/tools/compile_only.h"

#include <fnmatch.h>
#include <tbb/parallel_for.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <map>
#include <ostream>
#include <sstream>

#include "backends/cuda/nvrtc_compile.h"
#include "backends/cuda/runtime/failure.h"
#include "backends/cuda/runtime/mesh_kernels.h"
#include "backends/cuda/tools/lower_and_generate.h"
#include "conformance/lib/case_file.h"
#include "core/support/error.h"

namespace tessera::cuda {
namespace {

using Status = CompileOnlyResult::Status;

/// A batch holds distinct kernels up to this much text (NVRTC parses the prelude once per batch).
constexpr size_t kBatchBytes = 96 * 1024;
constexpr size_t kBatchKernels = 32;

struct Job {
  conform::Case c;
  int64_t ranks = 1;  ///< > 1: a mesh case, checked through the plugin's mesh plan.
  CompileOnlyResult r;
  std::vector<std::vector<size_t>> kernels;     ///< [arch][k]: index into ArchKernels
  std::vector<std::vector<std::string>> texts;  ///< [arch][k]: generated text, until indexed
  bool folds = false;  ///< A mesh plan that launches the fold kernels (libs/fold_kernel.h).
};

/// The distinct kernels of one architecture and what compiling them gave.
struct ArchKernels {
  int sm = 0;
  std::vector<std::string> text;   ///< Kernel text (as generated: `extern "C" __global__ ...`).
  std::vector<std::string> owner;  ///< Id of the first case that has it (names its unit).
  std::vector<std::string> error;  ///< "" when it compiled.
  std::map<std::string, size_t> index;
  bool folds = false;      ///< Some case needs the fold kernels' unit for this architecture.
  std::string fold_error;  ///< "" when it compiled (or was not needed).
};

/// A kernel placed in its own namespace without C linkage, so that kernels of different cases
/// with one symbol share a translation unit.
std::string namespaced(const std::string& kernel, size_t n) {
  static const std::string kExtern = "extern \"C\" ";
  std::string body = kernel.rfind(kExtern, 0) == 0 ? kernel.substr(kExtern.size()) : kernel;
  return "namespace tsr_k" + std::to_string(n) + " {\n" + body + "}\n";
}

/// The fold kernels' unit, "" in a build without backends/cuda/libs (no plan folds there: the
/// plan is refused first).
const std::string& fold_source() {
#ifdef TESSERA_CUDA_HAVE_LIBS
  return libs::fold_kernel_source();
#else
  static const std::string kNone;
  return kNone;
#endif
}

NvrtcOutput compile(const std::string& source, const std::string& name, int sm) {
  return nvrtc_compile(source, name, sm, {TESSERA_CUDA_INCLUDE});
}

/// Compiles arch `a`'s distinct kernels: batches, then single kernels of any failing batch.
void compile_arch(ArchKernels& a, size_t& units) {
  std::vector<std::pair<size_t, size_t>> batches;  // [begin, end)
  for (size_t i = 0; i < a.text.size();) {
    size_t j = i, bytes = 0;
    while (j < a.text.size() && j - i < kBatchKernels && (j == i || bytes < kBatchBytes))
      bytes += a.text[j++].size();
    batches.emplace_back(i, j);
    i = j;
  }
  a.error.assign(a.text.size(), "");
  std::vector<char> batch_failed(batches.size(), 0);
  tbb::parallel_for(size_t{0}, batches.size(), [&](size_t b) {
    std::string src(device_prelude());
    for (size_t k = batches[b].first; k < batches[b].second; ++k) src += namespaced(a.text[k], k);
    NvrtcOutput r = compile(src, "batch" + std::to_string(b) + ".cu", a.sm);
    batch_failed[b] = r.ok ? 0 : 1;
  });
  units += batches.size();
  std::vector<size_t> retry;
  for (size_t b = 0; b < batches.size(); ++b)
    if (batch_failed[b])
      for (size_t k = batches[b].first; k < batches[b].second; ++k) retry.push_back(k);
  units += retry.size();
  tbb::parallel_for(size_t{0}, retry.size(), [&](size_t i) {
    size_t k = retry[i];
    NvrtcOutput r = compile(std::string(device_prelude()) + a.text[k], a.owner[k] + ".cu", a.sm);
    if (!r.ok) a.error[k] = r.error.empty() ? "NVRTC failed without a log" : r.error;
  });
  if (a.folds) {  // as the executor loads it: its own unit, no include directory
    NvrtcOutput r = nvrtc_compile(fold_source(), "tessera_fold.cu", a.sm, {});
    if (!r.ok) a.fold_error = "fold kernels: " + (r.error.empty() ? "NVRTC failed" : r.error);
    ++units;
  }
}

/// A mesh case (ranks > 1): the plugin's mesh plan (mesh_plan.h) built as `compile` builds it,
/// each compute op lowered and generated alone, for every architecture; its kernels are the
/// compute programs' kernels and the fold kernels (mesh_kernels.h).
void generate_mesh(Job& j, const CompileOnlyOptions& o) {
  j.texts.resize(o.archs.size());
  for (size_t a = 0; a < o.archs.size(); ++a) {
    MeshCompile mc;
    mc.sm = o.archs[a];
    mc.deterministic = o.deterministic;
    mc.generate_only = true;
    MeshPlan plan;
    MeshPlanKernels k;
    try {
      plan = mesh_plan_from_text(j.c.program, j.c.file, j.c.entry, j.ranks, &mc);
      k = mesh_plan_kernels(plan);
    } catch (const Failure& f) {
      const bool skip = f.code() == TESSERA_ERROR_UNIMPLEMENTED;
      j.r.status = skip ? Status::kSkip : Status::kFail;
      j.r.detail =
          (skip ? "" : "sm_" + std::to_string(o.archs[a]) + ": ") + "mesh plan: " + f.what();
      return;
    } catch (const std::exception& e) {
      j.r.status = Status::kFail;
      j.r.detail = "sm_" + std::to_string(o.archs[a]) + ": mesh plan: " + e.what();
      return;
    }
    j.r.kernels = k.compute_kernels.size() + k.fold_kernels.size();
    j.folds = j.folds || !k.fold_source.empty();
    j.r.detail = "mesh plan on " + std::to_string(plan.ranks) + " ranks, " + summarize(plan, k);
    if (j.r.kernels == 0)
      j.r.detail += "; no generated kernel: it runs as copies and constants only";
    j.texts[a] = std::move(k.compute_kernels);
  }
  j.r.status = Status::kOk;
}

/// Lowers and generates one case for every architecture; keeps the kernel texts in `texts`.
void generate(Job& j, const CompileOnlyOptions& o) {
  if (j.ranks > 1) return generate_mesh(j, o);
  j.texts.resize(o.archs.size());
  for (size_t a = 0; a < o.archs.size(); ++a) {
    Generated g = lower_and_generate(j.c.program, j.c.file, {o.archs[a], o.deterministic});
    if (!g.ok) {
      j.r.status = g.lowered ? Status::kFail : Status::kSkip;
      j.r.detail = g.lowered ? "sm_" + std::to_string(o.archs[a]) + ": " + g.error : g.error;
      return;
    }
    if (g.kernels == 0 && g.empty_ops > 0 && g.not_lowered.empty() && g.host_ops.empty()) {
      j.r.status = Status::kOk;  // every group's result is empty: it runs, with no kernel
      j.r.detail = "no kernel: every computed result is empty";
      return;
    }
    if (g.kernels == 0) {
      j.r.status = Status::kSkip;
      j.r.detail = "no Target IR kernel after lowering";
      for (size_t i = 0; i < g.not_lowered.size(); ++i)
        j.r.detail += (i == 0 ? ": " : "; ") + g.not_lowered[i];
      if (g.not_lowered.empty() && !g.host_ops.empty()) {  // else the ops are in the groups
        j.r.detail += ": ";
        j.r.detail += "ops left above Target IR:";
        for (const std::string& op : g.host_ops) j.r.detail += " " + op;
      }
      if (g.not_lowered.empty() && g.host_ops.empty()) j.r.detail += " (no compute to generate)";
      return;
    }
    j.r.kernels = g.kernels;
    j.r.target_ops = g.target_ops;
    j.texts[a] = std::move(g.kernel_sources);
  }
  j.r.status = Status::kOk;
}

/// The first line of a multi-line error, for the one-line report.
std::string first_line(const std::string& s) {
  size_t nl = s.find('\n');
  return nl == std::string::npos ? s : s.substr(0, nl);
}

std::vector<Job> load_jobs(const CompileOnlyOptions& o, std::vector<CompileOnlyResult>& broken) {
  std::vector<Job> jobs;
  for (const std::string& file : conform::find_case_files(o.cases)) {
    std::vector<conform::Case> cases;
    std::string stem = std::filesystem::path(file).stem().string();
    try {
      cases = conform::load_case_file(file);
    } catch (const std::exception& e) {
      CompileOnlyResult r;
      r.status = Status::kFail;
      r.id = stem;
      r.detail = std::string("cannot load case file: ") + e.what();
      broken.push_back(r);
      continue;
    }
    for (conform::Case& c : cases) {
      std::string id = stem + "/" + c.name;
      if (!o.filter.empty() && fnmatch(o.filter.c_str(), id.c_str(), 0) != 0 &&
          fnmatch(o.filter.c_str(), c.name.c_str(), 0) != 0)
        continue;
      if (!o.exclude.empty() && (fnmatch(o.exclude.c_str(), id.c_str(), 0) == 0 ||
                                 fnmatch(o.exclude.c_str(), c.name.c_str(), 0) == 0))
        continue;
      Job j;
      j.r.id = id;
      for (const std::string& req : c.requirements)
        if (req.rfind("op=", 0) == 0) j.r.case_ops.push_back(req.substr(3));
      j.c.program = std::move(c.program);
      j.c.file = c.file;
      j.c.entry = c.entry;
      j.ranks = c.ranks;
      jobs.push_back(std::move(j));
    }
  }
  return jobs;
}

/// Counts of the last run's compilation (for the summary line).
struct Stats {
  size_t distinct = 0, units = 0;
  size_t fold_units = 0;  ///< Units of the mesh fold kernels (one per architecture that folds).
};

std::vector<CompileOnlyResult> results_and_stats(const CompileOnlyOptions& o, Stats& stats) {
  std::vector<CompileOnlyResult> broken;
  std::vector<Job> jobs = load_jobs(o, broken);
  tbb::parallel_for(size_t{0}, jobs.size(), [&](size_t i) { generate(jobs[i], o); });
  // Distinct kernels per architecture, in case order (so batches and reports are stable).
  std::vector<ArchKernels> arch(o.archs.size());
  for (size_t a = 0; a < o.archs.size(); ++a) {
    arch[a].sm = o.archs[a];
    for (Job& j : jobs) {
      if (j.r.status != Status::kOk) continue;
      arch[a].folds = arch[a].folds || j.folds;
      j.kernels.resize(o.archs.size());
      for (std::string& t : j.texts[a]) {
        auto [it, fresh] = arch[a].index.emplace(t, arch[a].text.size());
        if (fresh) {
          arch[a].text.push_back(t);
          arch[a].owner.push_back(j.r.id);
        }
        j.kernels[a].push_back(it->second);
      }
      j.texts[a].clear();
    }
  }
  for (ArchKernels& a : arch) {
    stats.distinct += a.text.size();
    if (o.compile) {
      compile_arch(a, stats.units);
      stats.fold_units += a.folds ? 1 : 0;
    } else
      a.error.assign(a.text.size(), "");
  }
  std::vector<CompileOnlyResult> out = std::move(broken);
  for (Job& j : jobs) {
    for (size_t a = 0; a < o.archs.size() && j.r.status == Status::kOk; ++a) {
      if (j.folds && !arch[a].fold_error.empty()) {
        j.r.status = Status::kFail;
        j.r.detail = "sm_" + std::to_string(o.archs[a]) + ": " + arch[a].fold_error;
        break;
      }
      for (size_t k : j.kernels[a])
        if (!arch[a].error[k].empty()) {
          j.r.status = Status::kFail;
          j.r.detail = "sm_" + std::to_string(o.archs[a]) + ": " + arch[a].error[k];
          break;
        }
    }
    out.push_back(std::move(j.r));
  }
  return out;
}

}  // namespace

std::vector<CompileOnlyResult> compile_only_results(const CompileOnlyOptions& o) {
  Stats stats;
  return results_and_stats(o, stats);
}

int run_compile_only(const CompileOnlyOptions& o, std::ostream& out) {
  auto t0 = std::chrono::steady_clock::now();
  Stats stats;
  std::vector<CompileOnlyResult> results = results_and_stats(o, stats);
  double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  int ok = 0, failed = 0, skipped = 0;
  std::ostringstream tsv;
  tsv << "id\tstatus\tkernels\tcase_ops\ttarget_ops\tdetail\n";
  for (const CompileOnlyResult& r : results) {
    const char* tag = r.status == Status::kOk     ? "OK  "
                      : r.status == Status::kFail ? "FAIL"
                                                  : "SKIP";
    (r.status == Status::kOk ? ok : r.status == Status::kFail ? failed : skipped)++;
    out << tag << " " << r.id;
    if (r.status == Status::kOk)
      out << " (" << r.kernels << " kernel(s))\n";
    else if (r.status == Status::kSkip)
      out << ": " << first_line(r.detail) << "\n";
    else
      out << ": " << r.detail << (r.detail.empty() || r.detail.back() != '\n' ? "\n" : "");
    std::string ops;
    for (const std::string& op : r.target_ops) ops += (ops.empty() ? "" : ",") + op;
    std::string cops;
    for (const std::string& op : r.case_ops) cops += (cops.empty() ? "" : ",") + op;
    tsv << r.id << "\t" << (r.status == Status::kOk ? "ok" : tag) << "\t" << r.kernels << "\t"
        << cops << "\t" << ops << "\t" << first_line(r.detail) << "\n";
  }
  std::string archs;
  for (int sm : o.archs) archs += (archs.empty() ? "sm_" : ", sm_") + std::to_string(sm);
  out << ok << (o.compile ? " compiled for " : " generated (not compiled) for ") << archs << ", "
      << failed << " failed, " << skipped << " skipped (no Target IR kernel)\n";
  out << "(" << stats.distinct << " distinct kernel(s) over all architectures in " << stats.units
      << " NVRTC translation unit(s)";
  if (stats.fold_units > 0) out << ", " << stats.fold_units << " of them the mesh fold kernels";
  out << ", " << static_cast<int>(secs + 0.5) << " s)\n";
  if (!o.report.empty()) {
    std::ofstream f(o.report);
    f << tsv.str();
    if (!f) {
      out << o.tool << ": error: cannot write " << o.report << "\n";
      return kExitInputError;
    }
  }
  return failed > 0 ? kExitInputError : kExitOk;
}

}  // namespace tessera::cuda
