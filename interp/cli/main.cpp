// tessera-interp: dispatches to a subcommand; turns every error into a message and an exit code.
#include <cstring>
#include <exception>
#include <iostream>
#include <new>

#include "core/support/error.h"
#include "interp/cli/cli.h"

int main(int argc, char** argv) {
  using namespace tessera;
  if (argc < 2 || !std::strcmp(argv[1], "--help") || !std::strcmp(argv[1], "-h")) {
    (argc < 2 ? std::cerr : std::cout) << cli::main_help();
    return argc < 2 ? kExitUsage : kExitOk;
  }
  std::vector<std::string> args(argv + 2, argv + argc);
  std::string cmd = argv[1];
  try {
#define TESSERA_COMMAND(id, name, summary) \
  if (cmd == name) return cli::cmd_##id(args);
#include "interp/cli/commands.def"
#undef TESSERA_COMMAND
    std::cerr << "tessera-interp: unknown command '" << cmd << "'\n\n" << cli::main_help();
    return kExitUsage;
  } catch (const cli::UsageError& e) {
    std::cerr << "tessera-interp " << cmd << ": " << e.message << "\n";
    return kExitUsage;
  } catch (const Error& e) {
    std::cerr << e.what();
    if (std::strlen(e.what()) && e.what()[std::strlen(e.what()) - 1] != '\n') std::cerr << "\n";
    return kExitInputError;
  } catch (const std::bad_alloc&) {
    std::cerr << "tessera-interp: out of memory\n";
    return kExitInputError;
  } catch (const std::exception& e) {
    std::cerr << "tessera-interp: internal error: " << e.what() << "\n";
    return 70;
  }
}
