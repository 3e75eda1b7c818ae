// tessera-cuda-warm: fills the CUDA backend's on-disk NVRTC cache without a device, by compiling
// every conformance case exactly as the plugin's compile does (same text, pipeline, generator,
// NVRTC options, key and entry format), so a later run on a GPU finds its CUBINs there.
#include <atomic>
#include <boost/program_options.hpp>
#include <cstdio>
#include <iostream>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include <fnmatch.h>

#include "backends/cuda/runtime/compile.h"
#include "backends/cuda/runtime/failure.h"
#include "conformance/lib/case_file.h"

namespace po = boost::program_options;
namespace tc = tessera::cuda;

namespace {

const char* kUsage =
    "Usage: tessera-cuda-warm --cases DIR --cache DIR [--arch LIST] [--filter GLOB]\n"
    "                         [--modes LIST] [--jobs N]\n"
    "\n"
    "Compiles every conformance case as the CUDA backend's compile does (level pipeline,\n"
    "host plan, generator, NVRTC) and stores the CUBINs in the on-disk cache DIR, with the\n"
    "runtime's keys and entry format, so a run on a GPU of that architecture finds them.\n"
    "Cases the backend would refuse (UNIMPLEMENTED, mesh cases) are counted, not errors.\n"
    "Exit status: 0 success, 1 NVRTC rejected generated code or a case file is broken,\n"
    "2 usage errors.\n";

struct Job {
  std::string id;
  tc::CompileRequest request;
};

struct Tally {
  std::atomic<int> compiled{0}, cached{0}, refused{0}, failed{0};
};

bool parse_modes(const std::string& list, std::vector<bool>& out) {
  size_t pos = 0;
  while (pos <= list.size()) {
    size_t comma = list.find(',', pos);
    if (comma == std::string::npos) comma = list.size();
    std::string m = list.substr(pos, comma - pos);
    if (m == "default")
      out.push_back(false);
    else if (m == "deterministic")
      out.push_back(true);
    else
      return false;
    pos = comma + 1;
  }
  return !out.empty();
}

void run_job(const Job& j, const tc::CubinCache& cache, Tally& t, std::mutex& out_mu) {
  std::string line;
  try {
    tc::CompiledProgram p = tc::compile_program(j.request, cache);
    if (p.cubin.image.empty()) {
      ++t.refused;
      line = "NONE " + j.id + ": no generated kernel";
    } else {
      ++(p.cubin.cache_hit ? t.cached : t.compiled);
      line = std::string(p.cubin.cache_hit ? "HIT  " : "OK   ") + j.id + " " + p.cubin.key_hash;
    }
  } catch (const tc::Failure& f) {
    const bool refused = f.code() != TESSERA_ERROR_INTERNAL;
    ++(refused ? t.refused : t.failed);
    std::string what = f.what();
    line = (refused ? "NONE " : "FAIL ") + j.id + ": " + what.substr(0, what.find('\n'));
    if (!refused) line += "\n" + what;
  }
  std::lock_guard<std::mutex> lock(out_mu);
  std::cout << line << "\n";
}

}  // namespace

int main(int argc, char** argv) {
  std::string cases, cache_dir, archs = "sm_90", filter, modes = "default,deterministic";
  int jobs = 1;
  bool help = false;
  po::options_description d("Options", 100, 50);
  d.add_options()("help,h", po::bool_switch(&help), "print this help and exit")(
      "cases", po::value(&cases)->value_name("DIR"), "conformance case directory or file")(
      "cache", po::value(&cache_dir)->value_name("DIR"), "the cache directory to fill")(
      "arch", po::value(&archs)->value_name("LIST"), "architectures (default sm_90)")(
      "filter", po::value(&filter)->value_name("GLOB"), "case ids (file stem/name) to include")(
      "modes", po::value(&modes)->value_name("LIST"),
      "default, deterministic or both (default both: tessera-conform with and without "
      "--deterministic)")("jobs", po::value(&jobs)->value_name("N"),
                          "parallel compiles (default 1)");
  std::vector<int> sms;
  std::vector<bool> mode_list;
  try {
    po::variables_map vm;
    po::store(po::command_line_parser(argc, argv).options(d).run(), vm);
    po::notify(vm);
    if (help) {
      std::cout << kUsage << "\n" << d;
      return 0;
    }
    if (cases.empty() || cache_dir.empty())
      throw std::runtime_error("--cases and --cache are required");
    if (jobs < 1 || jobs > 256) throw std::runtime_error("--jobs must be in [1, 256]");
    if (!parse_modes(modes, mode_list))
      throw std::runtime_error("--modes: expected default, deterministic or both, comma-separated");
    for (size_t pos = 0; pos <= archs.size();) {
      size_t comma = archs.find(',', pos);
      if (comma == std::string::npos) comma = archs.size();
      std::string a = archs.substr(pos, comma - pos);
      if (a.rfind("sm_", 0) == 0) a = a.substr(3);
      if (a.empty() || a.size() > 3 || a.find_first_not_of("0123456789") != std::string::npos)
        throw std::runtime_error("--arch: expected sm_NN, got '" + archs.substr(pos, comma - pos) +
                                 "'");
      sms.push_back(std::stoi(a));
      pos = comma + 1;
    }
  } catch (const std::exception& e) {
    std::cerr << "tessera-cuda-warm: error: " << e.what() << " (see --help)\n";
    return 2;
  }
  tc::CubinCache cache(cache_dir);
  std::vector<Job> todo;
  int broken = 0;
  try {
    for (const std::string& file : tessera::conform::find_case_files(cases)) {
      std::string stem = file.substr(file.find_last_of('/') + 1);
      stem = stem.substr(0, stem.rfind('.'));
      std::vector<tessera::conform::Case> loaded;
      try {
        loaded = tessera::conform::load_case_file(file);
      } catch (const std::exception& e) {
        std::cout << "FAIL " << file << ": cannot load case file: " << e.what() << "\n";
        ++broken;
        continue;
      }
      for (const auto& c : loaded) {
        const std::string id = stem + "/" + c.name;
        if (!filter.empty() && fnmatch(filter.c_str(), id.c_str(), 0) != 0 &&
            fnmatch(filter.c_str(), c.name.c_str(), 0) != 0)
          continue;
        if (c.ranks > 1) continue;  // meshes: their compute ops are compiled per op, not warmed
        for (int sm : sms) {
          for (bool det : mode_list) {
            Job j;
            j.id = id + " sm_" + std::to_string(sm) + (det ? " deterministic" : " default");
            // The text tessera-conform compiles: the program padded to its file line numbers.
            j.request.text.assign(static_cast<size_t>(c.program_line > 1 ? c.program_line - 1 : 0),
                                  '\n');
            j.request.text += c.program;
            j.request.source_name = c.file;
            j.request.entry = c.entry;
            j.request.sm = sm;
            j.request.deterministic = det;
            todo.push_back(std::move(j));
          }
        }
      }
    }
  } catch (const std::exception& e) {
    std::cerr << "tessera-cuda-warm: error: " << e.what() << "\n";
    return 1;
  }
  Tally t;
  std::mutex out_mu;
  std::atomic<size_t> next{0};
  auto worker = [&] {
    for (size_t k; (k = next.fetch_add(1)) < todo.size();) run_job(todo[k], cache, t, out_mu);
  };
  std::vector<std::thread> pool;
  for (int i = 1; i < jobs; ++i) pool.emplace_back(worker);
  worker();
  for (std::thread& th : pool) th.join();
  std::cout << t.compiled << " compiled, " << t.cached << " already cached, " << t.refused
            << " without generated kernels, " << t.failed + broken << " failed (" << cache.dir()
            << ")\n";
  return t.failed + broken > 0 ? 1 : 0;
}
