// `tessera-interp run` on mesh modules: binding inputs, running all ranks, assembling outputs.
#include "interp/mesh/cli/mesh_cli.h"

#include "core/support/error.h"
#include "interp/cli/cli.h"
#include "interp/cli/inputs.h"
#include "interp/mesh/collectives.h"
#include "interp/mesh/executor.h"

namespace tessera::cli {

using interp::Tensor;

int run_mesh_cli(const interp::LoadedModule& lm, const ir::Op& func,
                 const std::vector<std::string>& input_specs, const interp::RunOptions& ro,
                 ResultWriter& out, bool per_rank) {
  const tessera::mesh::Mesh m = interp::mesh::module_mesh(lm);
  const int64_t n = m.size();
  auto per = bind_inputs(lm, func, input_specs, &m, ro.max_memory);
  interp::ThreadLimit limit(ro.threads);
  interp::mesh::MeshRunOptions mo;
  mo.entry = ro.entry;
  mo.max_memory = ro.max_memory;
  mo.tile = ro.tile;  // sanitizers and schedule seed of tile kernels on every rank
  // `run --trace FILE` on a mesh module writes every rank's sends and recvs in program order
  // (docs/collectives.md, "Pipelines"); `--trace FILE.json` a Perfetto trace of the tile kernels
  // of every rank (written by the executor).
  const std::string& trace_file = ro.tile.trace_path;
  std::vector<std::vector<std::string>> trace;
  if (!trace_file.empty() && !trace_file.ends_with(".json")) mo.p2p_trace = &trace;
  auto outs = interp::mesh::run_mesh(lm, per, mo);
  if (mo.p2p_trace) {
    std::string text;
    for (size_t r = 0; r < trace.size(); ++r)
      for (const std::string& line : trace[r])
        text += "rank " + std::to_string(r) + ": " + line + "\n";
    write_text_file(trace_file, text, "p2p trace");
  }
  const size_t nres = outs.empty() ? 0 : outs[0].size();
  for (size_t k = 0; k < nres; ++k) {
    std::string stem = result_stem(func, k);
    if (per_rank) {
      for (int64_t r = 0; r < n; ++r)
        out.write(stem + "@" + std::to_string(r), outs[static_cast<size_t>(r)][k]);
      continue;
    }
    std::string err;
    auto spec = tessera::mesh::result_shard_spec(func, k, m, err);
    if (!spec) throw Error(lm.sm.name(1) + ": error: result #" + std::to_string(k) + ": " + err);
    std::vector<Tensor> shards;
    for (int64_t r = 0; r < n; ++r) shards.push_back(outs[static_cast<size_t>(r)][k]);
    Tensor global;
    try {
      global = interp::mesh::unshard(m, *spec, shards);
    } catch (const Error& e) {
      throw Error(lm.sm.name(1) + ": error: result '" + stem + "' (" +
                  tessera::mesh::to_string(*spec, m) + "): " + e.what() +
                  "; declare tessera.result_shards or use --per-rank-outputs");
    }
    out.write(stem, global);
  }
  return ro.tile.log ? print_tile_reports(*ro.tile.log) : 0;
}

}  // namespace tessera::cli
