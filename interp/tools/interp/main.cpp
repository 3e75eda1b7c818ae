// tessera-interp: dispatches to a subcommand; turns every error into a message and an exit code.
#include <cstring>
#include <exception>
#include <iostream>
#include <new>

#include "core/support/error.h"
#include "interp/session/outputs.h"
#include "interp/tools/interp/cli.h"

namespace {

/// Prints an error so that it reads "LOCATION: error: ..." (docs/cli.md): a message that does not
/// start with such a head gets the tool's name as its location.
void print_error(const std::string& msg, const std::string& where) {
  const size_t line_end = msg.find('\n');
  const size_t head = msg.find(": error: ");
  if (head == std::string::npos || head > line_end) std::cerr << where << ": error: ";
  std::cerr << msg;
  if (msg.empty() || msg.back() != '\n') std::cerr << "\n";
}

}  // namespace

int main(int argc, char** argv) {
  using namespace tessera;
  if (argc < 2 || !std::strcmp(argv[1], "--help") || !std::strcmp(argv[1], "-h")) {
    (argc < 2 ? std::cerr : std::cout) << cli::main_help();
    return argc < 2 ? kExitUsage : kExitOk;
  }
  std::vector<std::string> args(argv + 2, argv + argc);
  std::string cmd = argv[1];
  const std::string tool = "tessera-interp " + cmd;
  try {
    int rc = -1;
#define TESSERA_COMMAND(id, name, summary) \
  if (cmd == name) rc = cli::cmd_##id(args);
#include "interp/tools/interp/commands.def"
#undef TESSERA_COMMAND
    if (rc < 0) {
      std::cerr << "tessera-interp: error: unknown command '" << cmd << "'\n\n" << cli::main_help();
      return kExitUsage;
    }
    interp::flush_stdout();  // results printed to a full disk are an error, not a short file
    return rc;
  } catch (const cli::UsageError& e) {
    std::cerr << tool << ": error: " << e.message << "\n";
    return kExitUsage;
  } catch (const Error& e) {
    print_error(e.what(), tool);
    return kExitInputError;
  } catch (const std::bad_alloc&) {
    std::cerr << tool << ": error: out of memory\n";
    return kExitInputError;
  } catch (const std::exception& e) {
    std::cerr << tool << ": error: internal error: " << e.what() << "\n";
    return 70;
  }
}
