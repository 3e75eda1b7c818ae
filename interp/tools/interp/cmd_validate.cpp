// tessera-interp validate FILE --input ...: run every IR level, name the first divergence.
#include <unistd.h>

#include <iostream>

#include "core/support/error.h"
#include "interp/numerics/progress.h"
#include "interp/schedule/validate.h"
#include "interp/session.h"
#include "interp/tools/interp/cli.h"

namespace tessera::cli {

using namespace tessera::interp;

int cmd_validate(const std::vector<std::string>& args) {
  namespace po = boost::program_options;
  po::options_description desc(
      "Usage: tessera-interp validate FILE [--entry NAME] [--input NAME=FILE.npy]...\n"
      "                               [--schedule FILE] [--tile FILE] [--threads N]\n\nOptions");
  desc.add_options()("entry", po::value<std::string>()->default_value("main"), "function to run")(
      "input,i", po::value<std::vector<std::string>>()->composing(),
      "NAME=FILE.npy: bind a parameter (by name without '%', or by position) to a .npy file")(
      "schedule", po::value<std::string>(),
      "check this Schedule IR module instead of lowering FILE (e.g. an edited one)")(
      "tile", po::value<std::string>(),
      "check this Tile IR module instead of lowering the Schedule IR")(
      "threads", po::value<int>()->default_value(0),
      "worker threads (0 = all cores); results do not depend on it")(
      "max-memory", po::value<uint64_t>()->default_value(uint64_t{8} << 30),
      "refuse programs whose live buffers would exceed this many bytes");
  auto parsed = parse_file_command(args, desc);
  if (!parsed) return 0;
  auto& vm = *parsed;
  const int threads = vm["threads"].as<int>();
  if (threads < 0 || threads > 1024) throw UsageError{"--threads must be between 0 and 1024"};
  const std::string path = vm["file"].as<std::string>();
  ValidateOptions vo;
  vo.run.entry = vm["entry"].as<std::string>();
  vo.run.threads = threads;
  vo.run.max_memory = vm["max-memory"].as<uint64_t>();
  vo.run.tile.max_memory = vo.run.max_memory;
  vo.run.source_name = path;
  if (vm.count("schedule")) {
    vo.schedule.name = vm["schedule"].as<std::string>();
    vo.schedule.text = read_file(vo.schedule.name);
  }
  if (vm.count("tile")) {
    vo.tile.name = vm["tile"].as<std::string>();
    vo.tile.text = read_file(vo.tile.name);
  }
  const std::string text = read_file(path);
  RunOptions ro = vo.run;
  Session session(text, ro);
  std::cerr << session.module().warnings;
  if (session.mesh()) throw UsageError{"validate runs single-device programs (no tessera.mesh)"};
  const auto specs =
      vm.count("input") ? vm["input"].as<std::vector<std::string>>() : std::vector<std::string>{};
  const RankTensors inputs = session.bind(specs);
  // A progress bar of each level's run, only on a terminal (as tessera-interp run; docs/cli.md).
  auto progress = isatty(STDERR_FILENO) ? std::make_shared<numerics::Progress>(std::cerr) : nullptr;
  vo.run.observer = progress;
  std::vector<LevelVerdict> verdicts;
  try {
    verdicts = validate_levels(text, inputs.at(0), vo);
  } catch (...) {
    if (progress) progress->clear();
    throw;
  }
  if (progress) progress->clear();
  bool all = true;
  for (const LevelVerdict& v : verdicts) {
    if (!v.ran) {
      std::cout << v.level << ": skipped: " << v.message << "\n";
    } else if (v.agree) {
      std::cout << v.level << ": bit-exact with graph\n";
    } else {
      std::cout << v.level << ": differs from graph: " << v.message << "\n";
      all = false;
    }
  }
  return all ? 0 : 1;
}

}  // namespace tessera::cli
