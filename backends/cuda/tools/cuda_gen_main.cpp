// tessera-cuda-gen: Target IR (or Graph/Tile IR, lowered) to CUDA C++, and NVRTC compilation of
// the result for several architectures; --compile-only runs that over the conformance cases.
#include <boost/program_options.hpp>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <sstream>

#include "backends/cuda/nvrtc_compile.h"
#include "backends/cuda/tools/compile_only.h"
#include "backends/cuda/tools/lower_and_generate.h"
#include "core/support/error.h"

namespace po = boost::program_options;
namespace fs = std::filesystem;
using namespace tessera;

namespace {

struct Options {
  std::string file, arch = "sm_80,sm_90,sm_100", cases, filter, cubin_dir, report, exclude;
  bool compile = false, compile_only = false, generate_only = false, deterministic = false,
       help = false;
};

po::options_description describe(Options& o) {
  po::options_description d("Options", 100, 50);
  d.add_options()("help,h", po::bool_switch(&o.help), "print this help and exit")(
      "file", po::value(&o.file)->value_name("FILE"), "the module (Graph, Tile or Target IR)")(
      "arch", po::value(&o.arch)->value_name("LIST"),
      "architectures (default sm_80,sm_90,sm_100); FILE's text is generated for the first")(
      "compile", po::bool_switch(&o.compile), "also NVRTC-compile FILE's kernels for --arch")(
      "cubin-dir", po::value(&o.cubin_dir)->value_name("DIR"),
      "with --compile: write <DIR>/<FILE stem>.sm_NN.cubin")(
      "deterministic", po::bool_switch(&o.deterministic),
      "refuse ops whose device result depends on the schedule (mma_sync, f32 atomics)")(
      "cases", po::value(&o.cases)->value_name("DIR"), "conformance case directory or file")(
      "compile-only", po::bool_switch(&o.compile_only),
      "with --cases: generate and compile every case's kernels for --arch; exit 1 on any error")(
      "filter", po::value(&o.filter)->value_name("GLOB"), "with --cases: case ids to include")(
      "exclude", po::value(&o.exclude)->value_name("GLOB"), "with --cases: case ids to leave out")(
      "generate-only", po::bool_switch(&o.generate_only),
      "with --compile-only: generate every case's kernels but do not compile them")(
      "report", po::value(&o.report)->value_name("FILE"),
      "with --cases: write a TSV line per case (id, status, kernels, Target ops, detail)");
  return d;
}

std::string help_text() {
  Options o;
  std::ostringstream s;
  s << "Usage: tessera-cuda-gen FILE [--arch LIST] [--compile [--cubin-dir DIR]]\n"
       "       tessera-cuda-gen --cases DIR --compile-only [--filter GLOB] [--exclude GLOB]\n"
       "                        [--arch LIST] [--generate-only] [--report FILE]\n"
       "\n"
       "Lowers FILE to Target IR (unless it launches Target IR kernels already), prints the\n"
       "CUDA C++ the CUDA backend generates for it, and with --compile compiles it with NVRTC.\n"
       "--compile-only does that for every conformance case (as tessera-conform --backend cuda\n"
       "--compile-only): a case whose program does not lower to a Target IR kernel is listed\n"
       "as SKIP with the reason, not as a failure. A mesh case (REQUIRES: mesh=N) is checked\n"
       "through the plugin's mesh plan: each compute op and each piece of a tile kernel split\n"
       "at its collectives generated alone, plus the rank-order fold kernels.\n"
       "Exit status: 0 success, 1 generation or compile errors, 2 usage errors.\n"
       "\n"
    << describe(o);
  return s.str();
}

std::string read_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw Error("cannot read " + path);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

/// Compiles `src` for every arch; returns "" or the first error.
std::string compile_all(const cuda::Generated& first, const std::string& text,
                        const std::string& name, const std::vector<int>& archs, bool det,
                        const std::string& cubin_stem, std::ostream& log) {
  for (int sm : archs) {
    cuda::CodegenOptions co{sm, det};
    cuda::Generated g = sm == archs[0] ? first : cuda::lower_and_generate(text, name, co);
    if (!g.ok) return "sm_" + std::to_string(sm) + ": " + g.error;
    cuda::NvrtcOutput r = cuda::nvrtc_compile(g.source, name + ".cu", sm, {TESSERA_CUDA_INCLUDE});
    if (!r.ok) return "sm_" + std::to_string(sm) + ": " + r.error;
    log << "  sm_" << sm << ": " << r.cubin_bytes << " bytes of cubin\n";
    if (!cubin_stem.empty()) {
      std::string path = cubin_stem + ".sm_" + std::to_string(sm) + ".cubin";
      std::ofstream f(path, std::ios::binary);
      f.write(r.cubin.data(), static_cast<std::streamsize>(r.cubin.size()));
      if (!f) return "cannot write " + path;
    }
  }
  return "";
}

int run_file(const Options& o, const std::vector<int>& archs) {
  std::string text = read_file(o.file);
  cuda::Generated g = cuda::lower_and_generate(text, o.file, {archs[0], o.deterministic});
  if (!g.ok) {
    std::cerr << g.error;
    if (!g.error.empty() && g.error.back() != '\n') std::cerr << "\n";
    return kExitInputError;
  }
  std::cout << g.source;
  if (!o.compile) return kExitOk;
  std::string stem;
  if (!o.cubin_dir.empty()) stem = (fs::path(o.cubin_dir) / fs::path(o.file).stem()).string();
  std::string err = compile_all(g, text, o.file, archs, o.deterministic, stem, std::cerr);
  if (!err.empty()) {
    std::cerr << "tessera-cuda-gen: error: " << err << "\n";
    return kExitInputError;
  }
  return kExitOk;
}

int run_cases(const Options& o, const std::vector<int>& archs) {
  cuda::CompileOnlyOptions co;
  co.cases = o.cases;
  co.filter = o.filter;
  co.archs = archs;
  co.deterministic = o.deterministic;
  co.report = o.report;
  co.exclude = o.exclude;
  co.compile = !o.generate_only;
  return cuda::run_compile_only(co, std::cout);
}

}  // namespace

int main(int argc, char** argv) {
  Options o;
  std::vector<int> archs;
  try {
    po::positional_options_description pos;
    pos.add("file", 1);
    po::variables_map vm;
    po::options_description d = describe(o);
    po::store(po::command_line_parser(argc, argv).options(d).positional(pos).run(), vm);
    po::notify(vm);
    if (o.help) {
      std::cout << help_text();
      return kExitOk;
    }
    if (o.file.empty() == o.cases.empty())
      throw Error("give either FILE or --cases DIR (see tessera-cuda-gen --help)");
    if (!o.cases.empty() && !o.compile_only)
      throw Error("--cases needs --compile-only (see tessera-cuda-gen --help)");
    if (o.cases.empty() && (o.compile_only || !o.filter.empty() || !o.report.empty()))
      throw Error(
          "--compile-only, --filter and --report need --cases (see tessera-cuda-gen --help)");
    if (!o.cubin_dir.empty() && !o.compile) throw Error("--cubin-dir needs --compile");
    archs = cuda::parse_archs(o.arch);
  } catch (const std::exception& e) {
    std::cerr << "tessera-cuda-gen: error: " << e.what() << "\n";
    return kExitUsage;
  }
  try {
    return o.file.empty() ? run_cases(o, archs) : run_file(o, archs);
  } catch (const std::exception& e) {
    std::cerr << "tessera-cuda-gen: error: " << e.what() << "\n";
    return kExitInputError;
  }
}
