// Compile for a device: lowering, host plan, generator, NVRTC through the cache.
#include "backends/cuda/runtime/compile.h"

#include <cstdlib>
#include <filesystem>

#include "backends/cuda/codegen/codegen.h"
#include "backends/cuda/codegen/lower_front.h"
#include "backends/cuda/cuda_status.h"
#include "backends/cuda/nvrtc_compile.h"
#include "backends/cuda/runtime/failure.h"
#include "core/support/diagnostics.h"
#include "core/text/parser.h"
#include "core/transforms/library_groups.h"
#include "core/verify/verifier.h"

#ifndef TESSERA_CUDA_INCLUDE
#define TESSERA_CUDA_INCLUDE "/usr/local/cuda/include"
#endif

namespace tessera::cuda {
std::vector<std::string> nvrtc_include_dirs() {
  std::vector<std::string> out;
  std::error_code ec;
  auto add = [&](const std::string& d) {
    if (d.empty() || !std::filesystem::is_directory(d, ec)) return;
    for (const std::string& have : out)
      if (have == d) return;
    out.push_back(d);
  };
  if (const char* e = std::getenv("TESSERA_CUDA_INCLUDE")) add(e);
  add(TESSERA_CUDA_INCLUDE);
  add("/usr/local/cuda/include");
  return out;
}

Cubin compile_cubin(const std::string& source, const std::string& name, int sm,
                    const std::string& options, const CubinCache& cache) {
  Cubin c;
  CubinKey key{source, sm, nvrtc_version_text(), options};
  c.key_hash = cubin_key_hash(key);
  if (auto hit = cache.load(c.key_hash, sm)) {
    c.image = std::move(*hit);
    c.cache_hit = true;
    return c;
  }
  NvrtcOutput out = nvrtc_compile(source, name, sm, nvrtc_include_dirs());
  if (!out.ok)
    throw Failure(TESSERA_ERROR_INTERNAL, name + ": NVRTC rejected the generated CUDA C++ for sm_" +
                                              std::to_string(sm) + ": " + out.error);
  c.image = std::move(out.cubin);
  (void)cache.store(c.key_hash, sm, c.image);  // an unusable cache directory is not an error
  return c;
}

CompiledProgram generate_program(const CompileRequest& r) {
  SourceManager sm;
  DiagnosticEngine diag(&sm);
  std::unique_ptr<ir::Module> m = text::parse_module(r.text, r.source_name, sm, diag);
  if (!m || !verify::verify_module(*m, diag))
    throw Failure(TESSERA_ERROR_INVALID_ARGUMENT, diag.render());
  // The module verified: a lowering that fails on it is a limit of the pipeline (e.g. "has no
  // Target IR lowering yet"), not bad input, so it is UNIMPLEMENTED with the pass's message.
  // Default mode with a library hook: GEMM and attention groups the Tile IR lowering would split
  // into several launches stay whole for cuBLASLt/cuDNN (core/transforms/library_groups.h).
  if (!r.deterministic && r.library != nullptr)
    m->op().attrs.set(transforms::kLibraryGroupsAttr, ir::Attr::unit_attr());
  if (std::string err; !lower_for_cuda(*m, diag, err))
    throw Failure(TESSERA_ERROR_UNIMPLEMENTED,
                  err.empty() ? diag.render() : r.source_name + ": " + err);
  CompiledProgram p;
  p.plan = build_host_plan(*m, r.entry, sm, r.deterministic ? nullptr : r.library, r.sm);
  bool launches = false;
  for (const LaunchStep& s : p.plan.steps) launches = launches || !s.symbol.empty();
  if (!launches) return p;
  CodegenOptions opts;
  opts.sm = r.sm;
  opts.deterministic = r.deterministic;
  try {
    // The text generate_module writes, with each kernel kept alone as well.
    p.cuda_source = device_prelude();
    for (const ir::Op* k : launched_kernels(*m)) {
      p.kernel_sources.push_back(generate_kernel(*k, opts));
      p.cuda_source += "\n// kernel @" + ir::func_name(*k) + "\n" + p.kernel_sources.back();
    }
  } catch (const CodegenError& e) {
    DiagnosticEngine d(&sm);
    d.op_error(e.op(), std::string(e.what()) + " (the CUDA generator does not translate it)",
               nullptr);
    throw Failure(TESSERA_ERROR_UNIMPLEMENTED, d.render());
  }
  return p;
}

CompiledProgram compile_program(const CompileRequest& r, const CubinCache& cache) {
  CompiledProgram p = generate_program(r);
  if (p.cuda_source.empty()) return p;
  const std::string option_text =
      std::string("generator deterministic=") + (r.deterministic ? "1" : "0");
  p.cubin = compile_cubin(p.cuda_source, r.source_name, r.sm, option_text, cache);
  return p;
}

}  // namespace tessera::cuda
