// Shared pieces of the tessera-interp subcommands.
#include "interp/tools/interp/cli.h"

#include <filesystem>
#include <fstream>
#include <iostream>
#include <sstream>

#include "core/support/error.h"

namespace tessera::cli {

namespace po = boost::program_options;

po::variables_map parse_args(const std::vector<std::string>& args,
                             const po::options_description& desc,
                             const po::positional_options_description& pos) {
  po::variables_map vm;
  try {
    po::store(po::command_line_parser(args).options(desc).positional(pos).run(), vm);
    po::notify(vm);
  } catch (const po::error& e) {
    throw UsageError{e.what()};
  }
  return vm;
}

std::optional<po::variables_map> parse_file_command(const std::vector<std::string>& args,
                                                    po::options_description& desc) {
  desc.add_options()("help,h", "show this help")("file", po::value<std::string>(), "the module");
  po::positional_options_description pos;
  pos.add("file", 1);
  auto vm = parse_args(args, desc, pos);
  if (vm.count("help")) {
    std::cout << desc << "\n";
    return std::nullopt;
  }
  if (!vm.count("file")) throw UsageError{"missing FILE"};
  return vm;
}

std::string read_file(const std::string& path, uint64_t max_bytes) {
  std::error_code ec;
  if (std::filesystem::exists(path, ec) && !std::filesystem::is_regular_file(path, ec))
    throw Error(path + ": error: not a regular file");
  std::ifstream in(path, std::ios::binary);
  if (!in) throw Error(path + ": error: cannot open file");
  in.seekg(0, std::ios::end);
  auto size = static_cast<uint64_t>(in.tellg());
  if (size > max_bytes)
    throw Error(path + ": error: file is larger than " + std::to_string(max_bytes) + " bytes");
  in.seekg(0);
  std::string s(size, '\0');
  in.read(s.data(), static_cast<std::streamsize>(size));
  if (!in) throw Error(path + ": error: read failed");
  return s;
}

std::string main_help() {
  std::ostringstream os;
  os << "Usage: tessera-interp <command> [options]\n\n"
        "Runs Tessera programs on the CPU, bit-exactly.\n\nCommands:\n";
#define TESSERA_COMMAND(id, name, summary) \
  os << "  " << std::string(name).append(12 - std::string(name).size(), ' ') << summary << "\n";
#include "interp/tools/interp/commands.def"
#undef TESSERA_COMMAND
  os << "\nRun 'tessera-interp <command> --help' for a command's options.\n"
        "Exit codes: 0 success, 1 diagnosed error in the input, 2 bad usage, 3 a check fired.\n";
  return os.str();
}

int print_tile_reports(const interp::TileCheckLog& log) {
  for (const std::string& r : log.reports) std::cerr << r;
  if (log.total > log.reports.size())
    std::cerr << (log.total - log.reports.size()) << " more reports (--check-limit)\n";
  return log.total > 0 ? kExitCheckFired : 0;
}

}  // namespace tessera::cli
