// tessera-interp run FILE: run a function on .npy inputs and write .npy outputs.
#include <unistd.h>

#include <iostream>

#include "core/support/error.h"
#include "interp/numerics/monitor.h"
#include "interp/numerics/progress.h"
#include "interp/numerics/report.h"
#include "interp/session.h"
#include "interp/session/outputs.h"
#include "interp/tile/options.h"
#include "interp/tools/interp/cli.h"

namespace tessera::cli {

using namespace tessera::interp;

namespace {

/// The numerics monitor the options ask for (docs/numerics-report.md), or null.
std::shared_ptr<numerics::Monitor> make_monitor(const boost::program_options::variables_map& vm) {
  numerics::MonitorOptions mo;
  mo.stats = vm.count("numerics-report") > 0;
  if (vm.count("shadow")) {
    if (vm["shadow"].as<std::string>() != "f64")
      throw UsageError{"--shadow takes f64 (the only shadow precision)"};
    mo.shadow = true;
  }
  if (vm.count("stop-on")) {
    std::string list = vm["stop-on"].as<std::string>() + ",";
    for (size_t at = 0, c; (c = list.find(',', at)) != std::string::npos; at = c + 1) {
      const std::string w = list.substr(at, c - at);
      if (w == "nan")
        mo.stop_nan = true;
      else if (w == "inf")
        mo.stop_inf = true;
      else
        throw UsageError{"--stop-on takes nan, inf or nan,inf (not '" + w + "')"};
    }
  }
  if (vm.count("probe")) mo.probes = vm["probe"].as<std::vector<std::string>>();
  mo.probe_dir = vm["probe-dir"].as<std::string>();
  if (!mo.stats && !mo.shadow && !mo.stop_nan && !mo.stop_inf && mo.probes.empty()) return nullptr;
  return std::make_shared<numerics::Monitor>(mo, nullptr);
}

}  // namespace

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
      "SECONDS]\n"
      "                          [--numerics-report FILE.json|FILE.html] [--shadow f64]\n"
      "                          [--stop-on nan|inf|nan,inf] [--probe NAME]... [--probe-dir "
      "DIR]\n\nOptions");
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
      "write a trace: Graph IR ops, collectives (bytes per rank) and tile kernels a "
      "Chrome/Perfetto FILE.json (mesh programs: of every rank); "
      "mesh programs with another FILE name every rank's sends and recvs")(
      "numerics-report", po::value<std::string>(),
      "write per-op numerics statistics (docs/numerics-report.md): FILE.html a page, else JSON")(
      "shadow", po::value<std::string>(),
      "f64: run every op again in f64 alongside and report its error in ulps (own, inherited)")(
      "stop-on", po::value<std::string>(),
      "nan, inf or nan,inf: stop at the first op producing one from finite inputs (exit 3)")(
      "probe", po::value<std::vector<std::string>>()->composing(),
      "NAME (SSA name) or FILE:LINE: write that value to DIR/NAME.npy (mesh: NAME@RANK.npy; "
      "inside a tile kernel: [groups, tiles, value shape...])")(
      "probe-dir", po::value<std::string>()->default_value("."), "where --probe writes");
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
  auto monitor = make_monitor(vm);
  // A progress bar only on a terminal: logs and pipes get nothing (docs/cli.md).
  auto progress = isatty(STDERR_FILENO) ? std::make_shared<numerics::Progress>(std::cerr) : nullptr;
  auto observers = std::make_shared<numerics::ObserverList>();
  observers->add(monitor);
  observers->add(progress);
  if (!observers->empty()) ro.observer = observers;
  const auto specs =
      vm.count("input") ? vm["input"].as<std::vector<std::string>>() : std::vector<std::string>{};
  const bool per_rank = vm.count("per-rank-outputs") > 0;
  std::string text = read_file(path);
  if (const std::string level = vm["level"].as<std::string>(); level != "graph")
    text = lower_module_text(text, path, level, false);
  Session session(text, ro);
  if (monitor) monitor->set_sources(&session.module().sm);
  std::cerr << session.module().warnings;
  if (per_rank && !session.mesh())
    throw UsageError{"--per-rank-outputs needs a module with a tessera.mesh"};
  ResultWriter out(vm.count("output-dir") ? vm["output-dir"].as<std::string>() : "",
                   vm.count("print") > 0);
  const RankTensors inputs = session.bind(specs);
  RankTensors results;
  const std::string report =
      vm.count("numerics-report") ? vm["numerics-report"].as<std::string>() : "";
  const numerics::ReportHeader header{path, ro.entry};
  try {
    results = session.run(inputs);
    if (progress) progress->clear();
  } catch (const Error& e) {
    if (progress) progress->clear();
    print_tile_reports(*ro.tile.log);  // what the sanitizers found before the error
    if (monitor && monitor->stopped()) {
      std::cerr << e.what();
      if (!report.empty()) numerics::write_report(*monitor, header, report);
      return kExitCheckFired;
    }
    throw;
  }
  session.write(results, out, per_rank);
  if (monitor) {
    if (!report.empty()) numerics::write_report(*monitor, header, report);
    for (const std::string& p : monitor->unmatched_probes())
      std::cerr << "tessera-interp run: warning: --probe " << p << " matched no value\n";
  }
  return print_tile_reports(*ro.tile.log);
}

}  // namespace tessera::cli
