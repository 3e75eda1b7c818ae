// `tessera-interp run` on mesh modules: sharding inputs, running all ranks, assembling outputs.
#include "interp/mesh/cli/mesh_cli.h"

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <map>

#include "core/support/error.h"
#include "interp/cli/cli.h"
#include "interp/cli/format.h"
#include "interp/io/npy.h"
#include "interp/mesh/collectives.h"
#include "interp/mesh/executor.h"

namespace tessera::cli {

using interp::Tensor;

int run_mesh_cli(const interp::LoadedModule& lm, const std::vector<std::string>& input_specs,
                 const interp::RunOptions& ro, const std::string& output_dir, bool print,
                 bool per_rank) {
  const tessera::mesh::Mesh m = interp::mesh::module_mesh(lm);
  const int64_t n = m.size();
  const ir::Op* func = lm.module->lookup_func(ro.entry);
  if (!func || func->regions.empty()) throw Error("no function body named '" + ro.entry + "'");
  const ir::Block& entry = func->regions[0].front();
  const size_t nargs = entry.args.size();
  // (parameter, rank or -1 for global) -> file
  std::map<std::pair<size_t, int64_t>, std::string> files;
  for (const std::string& spec : input_specs) {
    auto eq = spec.find('=');
    if (eq == std::string::npos || eq == 0 || eq + 1 == spec.size())
      throw UsageError{"--input expects NAME=FILE.npy or NAME@RANK=FILE.npy, got '" + spec + "'"};
    std::string name = spec.substr(0, eq);
    int64_t rank = -1;
    if (auto at = name.find('@'); at != std::string::npos) {
      std::string r = name.substr(at + 1);
      if (r.empty() || r.size() > 7 || r.find_first_not_of("0123456789") != std::string::npos ||
          std::stoll(r) >= n)
        throw UsageError{"--input '" + spec + "': rank must be in [0, " + std::to_string(n) + ")"};
      rank = std::stoll(r);
      name = name.substr(0, at);
    }
    if (!name.empty() && name[0] == '%') name.erase(0, 1);
    size_t idx = nargs;
    for (size_t k = 0; k < nargs; ++k)
      if (entry.args[k]->name == name) idx = k;
    if (idx == nargs && !name.empty() && name.size() < 6 &&
        name.find_first_not_of("0123456789") == std::string::npos)
      idx = std::stoul(name);
    if (idx >= nargs)
      throw UsageError{"--input names '" + name + "', which is not a parameter of @" + ro.entry};
    if (!files.emplace(std::make_pair(idx, rank), spec.substr(eq + 1)).second)
      throw UsageError{"parameter '" + name + "' is bound twice"};
  }
  std::vector<std::vector<Tensor>> per(static_cast<size_t>(n), std::vector<Tensor>(nargs));
  for (size_t k = 0; k < nargs; ++k) {
    const ir::Value& p = *entry.args[k];
    auto g = files.find({k, -1});
    if (g != files.end()) {
      std::string err;
      auto spec = tessera::mesh::arg_shard_spec(*func, k, m, err);
      if (!spec) throw Error("parameter '%" + p.name + "': " + err);
      auto shards =
          interp::mesh::shard_global(m, *spec, load_param_npy(g->second, p, ro.max_memory));
      for (int64_t r = 0; r < n; ++r) {
        if (files.count({k, r}))
          throw UsageError{"parameter '" + p.name + "' is bound globally and per rank"};
        per[static_cast<size_t>(r)][k] = shards[static_cast<size_t>(r)];
      }
      continue;
    }
    for (int64_t r = 0; r < n; ++r) {
      auto f = files.find({k, r});
      if (f == files.end())
        throw UsageError{"missing --input for parameter '%" + p.name + "' (" +
                         ir::to_string(p.type) + "): give " + p.name + "=GLOBAL.npy or " + p.name +
                         "@R=FILE.npy for every rank R" +
                         (r > 0 ? " (rank " + std::to_string(r) + " is missing)" : "")};
      per[static_cast<size_t>(r)][k] = load_param_npy(f->second, p, ro.max_memory);
    }
  }
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
    std::ofstream tf(trace_file);
    for (size_t r = 0; r < trace.size(); ++r)
      for (const std::string& line : trace[r]) tf << "rank " << r << ": " << line << "\n";
    if (!tf) throw Error(trace_file + ": cannot write the p2p trace");
  }
  const size_t nres = outs.empty() ? 0 : outs[0].size();
  auto write = [&](const std::string& stem, const Tensor& t) {
    if (output_dir.empty()) return;
    std::error_code ec;
    std::filesystem::create_directories(output_dir, ec);
    if (ec) throw Error(output_dir + ": cannot create output directory: " + ec.message());
    io::write_npy(output_dir + "/" + stem + ".npy", t.to_host());
  };
  for (size_t k = 0; k < nres; ++k) {
    std::string stem = result_stem(*func, k);
    if (per_rank) {
      for (int64_t r = 0; r < n; ++r) {
        const Tensor& t = outs[static_cast<size_t>(r)][k];
        write(stem + "@" + std::to_string(r), t);
        if (print || output_dir.empty())
          std::cout << format_tensor(stem + "@" + std::to_string(r), t);
      }
      continue;
    }
    std::string err;
    auto spec = tessera::mesh::result_shard_spec(*func, k, m, err);
    if (!spec) throw Error("result #" + std::to_string(k) + ": " + err);
    std::vector<Tensor> shards;
    for (int64_t r = 0; r < n; ++r) shards.push_back(outs[static_cast<size_t>(r)][k]);
    Tensor global;
    try {
      global = interp::mesh::unshard(m, *spec, shards);
    } catch (const Error& e) {
      throw Error("result '" + stem + "' (" + tessera::mesh::to_string(*spec, m) +
                  "): " + e.what() + "; declare tessera.result_shards or use --per-rank-outputs");
    }
    write(stem, global);
    if (print || output_dir.empty()) std::cout << format_tensor(stem, global);
  }
  return ro.tile.log ? print_tile_reports(*ro.tile.log) : 0;
}

}  // namespace tessera::cli
