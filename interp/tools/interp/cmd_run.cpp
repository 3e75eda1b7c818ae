// tessera-interp run FILE: run a function on .npy inputs and write .npy outputs.
#include <iostream>

#include "core/support/error.h"
#include "interp/session.h"
#include "interp/session/outputs.h"
#include "interp/tile/options.h"
#include "interp/tools/interp/cli.h"

namespace tessera::cli {

using namespace tessera::interp;

int cmd_run(const std::vector<std::string>& args) {
  namespace po = boost::program_options;
  po::options_description desc(
      "Usage: tessera-interp run FILE [--entry NAME] [--input NAME=FILE.npy]... [--output-dir "
      "DIR]\n"
      "                          [--threads N] [--print] [--max-memory BYTES] [--check LIST]\n"
      "                          [--check-limit N] [--schedule-seed N] [--trace "
      "FILE.json]\n"
      "                          [--level graph|schedule|tile|target]\n"
      "                          [--max-steps N] [--max-group-steps N] [--time-limit "
      "SECONDS]\n\nOptions");
  desc.add_options()("entry", po::value<std::string>()->default_value("main"), "function to run")(
      "level", po::value<std::string>()->default_value("graph"),
      "lower a Graph IR module to this level first: graph, schedule, tile or target")(
      "input,i", po::value<std::vector<std::string>>()->composing(),
      "NAME=FILE.npy: bind a parameter (by name without '%', or by position) to a .npy file")(
      "output-dir,o", po::value<std::string>(), "write each result as DIR/<name or index>.npy")(
      "threads", po::value<int>()->default_value(0),
      "worker threads (0 = all cores); results do not depend on it")(
      "print", "print the results to standard output")(
      "per-rank-outputs",
      "mesh programs: write DIR/<name>@<rank>.npy per rank (docs/collectives.md)")(
      "max-memory", po::value<uint64_t>()->default_value(uint64_t{8} << 30),
      "refuse programs whose live buffers would exceed this many bytes")(
      "check", po::value<std::string>(),
      "tile sanitizers: LIST of bounds,races,barriers,init,async or all (exit 3 on a report)")(
      "check-limit", po::value<uint64_t>()->default_value(100),
      "print at most N sanitizer reports")(
      "schedule-seed", po::value<uint64_t>()->default_value(0),
      "tile kernels: reproducibly permute the interleaving of tiles and groups (0 = in order)")(
      "max-steps", po::value<uint64_t>()->default_value(uint64_t{1} << 36),
      "tile kernels: stop the run after N instructions over all groups, launches and ranks")(
      "max-group-steps", po::value<uint64_t>()->default_value(uint64_t{1} << 28),
      "tile kernels: stop the run when one group executes more than N instructions")(
      "time-limit", po::value<double>()->default_value(3600.0),
      "tile kernels: stop the run after SECONDS of wall time (0 = no limit)")(
      "trace", po::value<std::string>(),
      "write a trace: tile kernels a Chrome/Perfetto FILE.json (mesh programs: of every rank); "
      "mesh programs with another FILE name every rank's sends and recvs");
  auto parsed = parse_file_command(args, desc);
  if (!parsed) return 0;
  auto& vm = *parsed;
  int threads = vm["threads"].as<int>();
  if (threads < 0 || threads > 1024) throw UsageError{"--threads must be between 0 and 1024"};
  std::string path = vm["file"].as<std::string>();
  RunOptions ro;
  ro.entry = vm["entry"].as<std::string>();
  ro.threads = threads;
  ro.max_memory = vm["max-memory"].as<uint64_t>();
  ro.source_name = path;
  try {  // Tile IR debugging (docs/tile-ir.md, "Sanitizers")
    ro.tile.checks = vm.count("check") ? tile::parse_check_list(vm["check"].as<std::string>()) : 0;
  } catch (const Error& e) {
    throw UsageError{e.what()};
  }
  ro.tile.check_limit = vm["check-limit"].as<uint64_t>();
  ro.tile.schedule_seed = vm["schedule-seed"].as<uint64_t>();
  if (vm.count("trace")) ro.tile.trace_path = vm["trace"].as<std::string>();
  // The run's limits of tile launches (docs/tile-ir.md, "Limits").
  ro.tile.max_total_steps = vm["max-steps"].as<uint64_t>();
  ro.tile.max_steps = vm["max-group-steps"].as<uint64_t>();
  ro.tile.time_limit = vm["time-limit"].as<double>();
  if (!(ro.tile.time_limit >= 0) || ro.tile.time_limit > 1e9)
    throw UsageError{"--time-limit must be between 0 and 1e9 seconds"};
  ro.tile.max_memory = ro.max_memory;
  ro.tile.budget = std::make_shared<TileRunBudget>();
  ro.tile.log = std::make_shared<TileCheckLog>();
  const auto specs =
      vm.count("input") ? vm["input"].as<std::vector<std::string>>() : std::vector<std::string>{};
  const bool per_rank = vm.count("per-rank-outputs") > 0;
  std::string text = read_file(path);
  if (const std::string level = vm["level"].as<std::string>(); level != "graph")
    text = lower_module_text(text, path, level, false);
  Session session(text, ro);
  std::cerr << session.module().warnings;
  if (per_rank && !session.mesh())
    throw UsageError{"--per-rank-outputs needs a module with a tessera.mesh"};
  ResultWriter out(vm.count("output-dir") ? vm["output-dir"].as<std::string>() : "",
                   vm.count("print") > 0);
  const RankTensors inputs = session.bind(specs);
  RankTensors results;
  try {
    results = session.run(inputs);
  } catch (const Error&) {
    print_tile_reports(*ro.tile.log);  // what the sanitizers found before the error
    throw;
  }
  session.write(results, out, per_rank);
  return print_tile_reports(*ro.tile.log);
}

}  // namespace tessera::cli
