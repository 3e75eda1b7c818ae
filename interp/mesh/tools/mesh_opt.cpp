// tessera-mesh-opt FILE [--pass insert-collectives]: run mesh passes and print the module.
#include <fstream>
#include <iostream>
#include <sstream>
#include <string>

#include "core/mesh/insert_collectives.h"
#include "core/support/diagnostics.h"
#include "core/text/parser.h"
#include "core/text/printer.h"
#include "core/verify/verifier.h"

int main(int argc, char** argv) {
  using namespace tessera;
  std::string file, pass = "insert-collectives";
  for (int k = 1; k < argc; ++k) {
    std::string a = argv[k];
    if (a == "--pass" && k + 1 < argc) {
      pass = argv[++k];
    } else if (a == "-h" || a == "--help") {
      std::cout << "Usage: tessera-mesh-opt FILE [--pass insert-collectives]\n";
      return 0;
    } else if (file.empty() && !a.empty() && a[0] != '-') {
      file = a;
    } else {
      std::cerr << "tessera-mesh-opt: unexpected argument '" << a << "'\n";
      return 2;
    }
  }
  if (file.empty() || pass != "insert-collectives") {
    std::cerr << "tessera-mesh-opt: need FILE; the only pass is insert-collectives\n";
    return 2;
  }
  std::ifstream in(file, std::ios::binary);
  if (!in) {
    std::cerr << file << ": cannot open\n";
    return 1;
  }
  std::stringstream ss;
  ss << in.rdbuf();
  SourceManager sm;
  DiagnosticEngine diag(&sm);
  auto m = text::parse_module(ss.str(), file, sm, diag);
  if (!m || !verify::verify_module(*m, diag) || !mesh::insert_collectives(*m, diag)) {
    std::cerr << diag.render();
    return 1;
  }
  std::cout << text::print_module(*m);
  return 0;
}
