// Shared pieces of the tessera-interp subcommands.
#pragma once

#include <boost/program_options.hpp>
#include <optional>
#include <string>
#include <vector>

#include "core/ir/ir.h"
#include "interp/api.h"
#include "interp/session.h"
#include "interp/tensor.h"

namespace tessera::cli {

#define TESSERA_COMMAND(id, name, summary) int cmd_##id(const std::vector<std::string>& args);
#include "interp/tools/interp/commands.def"
#undef TESSERA_COMMAND

/// Thrown for bad command-line usage (exit code 2); the session API throws it for bad bindings.
using interp::UsageError;

/// Parses `args` against `desc` (plus positionals); converts Boost errors to UsageError.
boost::program_options::variables_map parse_args(
    const std::vector<std::string>& args, const boost::program_options::options_description& desc,
    const boost::program_options::positional_options_description& pos);

/// The common shape of a subcommand taking one FILE plus options: adds `--help` and the FILE
/// positional to `desc`, parses, prints the help (returning nullopt) when asked, and refuses a
/// missing FILE. The FILE is in vm["file"].
std::optional<boost::program_options::variables_map> parse_file_command(
    const std::vector<std::string>& args, boost::program_options::options_description& desc);

/// Reads a whole file; throws tessera::Error naming the path when it cannot.
std::string read_file(const std::string& path, uint64_t max_bytes = uint64_t{1} << 31);

/// Prints the sanitizer reports of `log` to stderr (and how many were over --check-limit);
/// returns the exit status of a run: kExitCheckFired when any report fired, else 0.
int print_tile_reports(const interp::TileCheckLog& log);

/// `text` (from `path`) lowered to `level` and printed (cmd_lower.cpp); throws Error, or
/// UsageError for an unknown level.
std::string lower_module_text(const std::string& text, const std::string& path,
                              const std::string& level, bool generic);

/// The top-level --help text (lists every subcommand).
std::string main_help();

}  // namespace tessera::cli
