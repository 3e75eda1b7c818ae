// Shared pieces of the tessera-interp subcommands.
#pragma once

#include <boost/program_options.hpp>
#include <string>
#include <vector>

namespace tessera::cli {

#define TESSERA_COMMAND(id, name, summary) int cmd_##id(const std::vector<std::string>& args);
#include "interp/cli/commands.def"
#undef TESSERA_COMMAND

/// Thrown for bad command-line usage (exit code 2).
struct UsageError {
  std::string message;
};

/// Parses `args` against `desc` (plus positionals); converts Boost errors to UsageError.
boost::program_options::variables_map parse_args(
    const std::vector<std::string>& args, const boost::program_options::options_description& desc,
    const boost::program_options::positional_options_description& pos);

/// Reads a whole file; throws tessera::Error naming the path when it cannot.
std::string read_file(const std::string& path, uint64_t max_bytes = uint64_t{1} << 31);

/// The top-level --help text (lists every subcommand).
std::string main_help();

}  // namespace tessera::cli
