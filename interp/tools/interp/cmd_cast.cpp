// tessera-interp cast IN.npy OUT.npy --to FORMAT: convert a .npy file with the numerics library.
#include <tbb/global_control.h>

#include <cerrno>
#include <cstdlib>
#include <iostream>
#include <memory>

#include "core/ir/type.h"
#include "core/numerics/convert_array.h"
#include "core/ops/policy.h"
#include "core/support/error.h"
#include "interp/io/npy.h"
#include "interp/tools/interp/cli.h"

namespace tessera::cli {
namespace {

DType parse_format(const std::string& flag, const std::string& name) {
  auto d = ir::parse_dtype_any(name);
  if (!d || *d == DType::index)
    throw UsageError{"--" + flag + ": unknown format '" + name +
                     "' (e.g. f32, bf16, fp8_e4m3, "
                     "e5m2, fp6_e2m3, fp6_e3m2, fp4_e2m1, e8m0, i8, int4)"};
  return *d;
}

/// A decimal uint64 (Boost would silently wrap "-3" around).
uint64_t parse_seed(const std::string& s) {
  if (s.empty() || s.size() > 20 || s.find_first_not_of("0123456789") != std::string::npos)
    throw UsageError{"--seed must be a decimal number in [0, 2^64), got '" + s + "'"};
  errno = 0;
  const unsigned long long v = std::strtoull(s.c_str(), nullptr, 10);
  if (errno == ERANGE) throw UsageError{"--seed is above 2^64 - 1: '" + s + "'"};
  return v;
}

}  // namespace

int cmd_cast(const std::vector<std::string>& args) {
  namespace po = boost::program_options;
  po::options_description desc(
      "Usage: tessera-interp cast IN.npy OUT.npy --to FORMAT [--from FORMAT] [--rounding MODE]\n"
      "                           [--saturate] [--profile ocp|cuda] [--seed N] [--threads N]\n\n"
      "Converts every element of IN.npy to FORMAT with the numerics library. Low-precision\n"
      "results are written as raw bit patterns (uint8 for fp8/fp6/fp4/e8m0, uint16 for bf16).\n\n"
      "Options");
  desc.add_options()("help,h", "show this help")(
      "to", po::value<std::string>(), "destination format (f32, bf16, fp8_e4m3, e2m1, e8m0, ...)")(
      "from", po::value<std::string>(),
      "read IN.npy's raw bits (uint8/uint16) as this format instead of its numpy dtype")(
      "rounding", po::value<std::string>()->default_value("rne"),
      "rne | rtz | rup | rdown | rna | stochastic")(
      "saturate", "clamp finite overflow (and Inf in profile cuda) to the largest finite value")(
      "profile", po::value<std::string>()->default_value("ocp"), "ocp (ml_dtypes) | cuda (PTX)")(
      "seed", po::value<std::string>()->default_value("0"),
      "Philox key of stochastic rounding (0 .. 2^64-1)")(
      "threads", po::value<int>()->default_value(0), "worker threads (0 = all cores)")(
      "in", po::value<std::string>(), "input .npy")("out", po::value<std::string>(), "output .npy");
  po::positional_options_description pos;
  pos.add("in", 1).add("out", 1);
  auto vm = parse_args(args, desc, pos);
  if (vm.count("help")) {
    std::cout << desc << "\n";
    return 0;
  }
  if (!vm.count("in") || !vm.count("out")) throw UsageError{"expects IN.npy and OUT.npy"};
  if (!vm.count("to")) throw UsageError{"missing --to FORMAT"};
  const DType to = parse_format("to", vm["to"].as<std::string>());
  num::ConvertOptions opt;
  auto mode = ops::parse_rounding(vm["rounding"].as<std::string>());
  if (!mode)
    throw UsageError{"--rounding: unknown mode '" + vm["rounding"].as<std::string>() +
                     "' (rne, rtz, rup, rdown, rna, stochastic)"};
  opt.rounding = *mode;
  const std::string profile = vm["profile"].as<std::string>();
  if (profile == "cuda")
    opt.profile = num::Profile::kCuda;
  else if (profile != "ocp")
    throw UsageError{"--profile must be ocp or cuda, got '" + profile + "'"};
  opt.saturate = vm.count("saturate") > 0;
  opt.seed = parse_seed(vm["seed"].as<std::string>());
  const int threads = vm["threads"].as<int>();
  if (threads < 0 || threads > 1024) throw UsageError{"--threads must be between 0 and 1024"};
  std::unique_ptr<tbb::global_control> gc;
  if (threads > 0)
    gc = std::make_unique<tbb::global_control>(tbb::global_control::max_allowed_parallelism,
                                               size_t(threads));
  std::optional<DType> from;
  if (vm.count("from")) from = parse_format("from", vm["from"].as<std::string>());

  const std::string in_path = vm["in"].as<std::string>();
  // With --from, raw bits may also come as the 'V1'/'V2'/'f1' files np.save writes for ml_dtypes.
  bool raw_void = false;
  interp::HostTensor in =
      io::read_npy(in_path, io::kDefaultNpyMaxBytes, from ? &raw_void : nullptr);
  if (from && *from != in.dtype) {
    try {
      io::reinterpret_as(in, *from);
    } catch (const Error& e) {
      throw Error(in_path + ": error: cannot read its " + dtype_short_name(in.dtype) + " data as " +
                  dtype_short_name(*from) + ": " + e.what());
    }
  }
  const int64_t n = io::element_count(in.shape);
  interp::HostTensor out;
  out.dtype = to;
  out.shape = in.shape;
  out.data.resize(static_cast<size_t>(io::storage_bytes(to, n)));
  num::convert_array(in.dtype, in.data.data(), to, out.data.data(), static_cast<size_t>(n), opt);
  io::write_npy(vm["out"].as<std::string>(), out);
  return 0;
}

}  // namespace tessera::cli
