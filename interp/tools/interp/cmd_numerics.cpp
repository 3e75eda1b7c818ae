// tessera-interp numerics FORMAT: print a format's parameters and special encodings.
#include <cinttypes>
#include <cmath>
#include <cstdio>
#include <iostream>
#include <string>

#include "core/ir/type.h"
#include "core/numerics/convert.h"
#include "core/numerics/formats.h"
#include "interp/tools/interp/cli.h"

namespace tessera::cli {
namespace {

std::string hex_bits(uint64_t bits, int width_bits) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "0x%0*" PRIX64, (width_bits + 3) / 4, bits);
  return buf;
}

/// "448 (0x7E)" or "0.015625 = 2^-6 (0x08)": the value to 17 digits, a power of two when exact.
std::string value_line(DType t, uint64_t bits) {
  const double v = num::to_double(t, bits);
  char buf[96];
  int e = 0;
  const double m = std::frexp(v, &e);
  if (m == 0.5)
    std::snprintf(buf, sizeof buf, "%.17g = 2^%d", v, e - 1);
  else
    std::snprintf(buf, sizeof buf, "%.17g", v);
  return std::string(buf) + " (" + hex_bits(bits, num::float_desc(t).storage_bits()) + ")";
}

void print_float(DType t, std::ostream& os) {
  const num::FloatDesc d = num::float_desc(t);
  const int w = d.storage_bits();
  const uint64_t s = d.sign_bit();
  const uint64_t exp_all = uint64_t(d.exp_field_max()) << d.man_bits;
  std::string layout = d.has_sign ? "s." : "";
  layout += std::string(size_t(d.exp_bits), 'e');
  if (d.man_bits) layout += "." + std::string(size_t(d.man_bits), 'm');
  auto line = [&](const char* key, const std::string& v) {
    os << key << std::string(16 - std::string(key).size(), ' ') << v << "\n";
  };
  line("format", std::string(dtype_short_name(t)) + " (" + dtype_mlir_name(t) + ")");
  line("layout", layout + " (" + std::to_string(d.has_sign) + " sign, " +
                     std::to_string(d.exp_bits) + " exponent, " + std::to_string(d.man_bits) +
                     " mantissa bits; " + std::to_string(w) + " bits)");
  line("bias", std::to_string(d.bias));
  line("emin", std::to_string(d.emin()));
  line("emax", std::to_string(d.emax()));
  line("max finite", value_line(t, d.max_finite_bits()));
  if (d.specials == num::Specials::kExponent) {
    line("min normal", value_line(t, 0));
    line("min subnormal", "none");
    line("epsilon", "none (no mantissa)");
    line("zero", "none");
    line("inf", "none");
    line("nan", hex_bits(0xFF, 8));
  } else {
    line("min normal", value_line(t, uint64_t(1) << d.man_bits));
    line("min subnormal", d.man_bits ? value_line(t, 1) : "none");
    char eps[64];
    std::snprintf(eps, sizeof eps, "%.17g = 2^-%d", std::ldexp(1.0, -d.man_bits), d.man_bits);
    line("epsilon", eps);
    line("zero", hex_bits(0, w) + ", " + hex_bits(s, w));
    switch (d.specials) {
      case num::Specials::kIeee:
        line("inf", hex_bits(exp_all, w) + ", " + hex_bits(s | exp_all, w));
        line("nan", hex_bits(exp_all | 1, w) + ".." +
                        hex_bits(exp_all | num::low_mask(d.man_bits), w) +
                        " with either sign (quiet: " +
                        hex_bits(exp_all | (uint64_t(1) << (d.man_bits - 1)), w) + ")");
        break;
      case num::Specials::kFnNan:
        line("inf", "none");
        line("nan", hex_bits(exp_all | num::low_mask(d.man_bits), w) + ", " +
                        hex_bits(s | exp_all | num::low_mask(d.man_bits), w));
        break;
      default:
        line("inf", "none");
        line("nan", "none (every pattern is finite)");
        break;
    }
  }
  line("storage", w <= 8 ? (w < 8 ? "one byte, high bits zero; .npy uint8" : "one byte; .npy uint8")
                         : (t == DType::bf16 ? "two bytes; .npy uint16" : "native numpy type"));
  line("sr bits", std::to_string(d.sr_bits) + " random bits per element (stochastic rounding)");
}

void print_int(DType t, std::ostream& os) {
  const num::IntDesc d = num::int_desc(t);
  char lo[32], hi[32];
  if (d.bits == 1) {
    std::snprintf(lo, sizeof lo, "0");
    std::snprintf(hi, sizeof hi, "1");
  } else if (d.is_signed) {
    std::snprintf(lo, sizeof lo, "%" PRId64,
                  d.bits == 64 ? INT64_MIN : -(int64_t(1) << (d.bits - 1)));
    std::snprintf(hi, sizeof hi, "%" PRId64,
                  d.bits == 64 ? INT64_MAX : (int64_t(1) << (d.bits - 1)) - 1);
  } else {
    std::snprintf(lo, sizeof lo, "0");
    std::snprintf(hi, sizeof hi, "%" PRIu64,
                  d.bits == 64 ? UINT64_MAX : (uint64_t(1) << d.bits) - 1);
  }
  os << "format          " << dtype_short_name(t) << " (" << dtype_mlir_name(t) << ")\n"
     << "bits            " << d.bits << (d.is_signed ? " signed" : " unsigned") << "\n"
     << "min             " << lo << "\n"
     << "max             " << hi << "\n"
     << "conversions     float -> int truncates and saturates (NaN -> 0); int -> int wraps\n";
}

}  // namespace

int cmd_numerics(const std::vector<std::string>& args) {
  namespace po = boost::program_options;
  po::options_description desc(
      "Usage: tessera-interp numerics FORMAT\n\n"
      "Prints a format's bias, largest finite, smallest normal and subnormal values and its\n"
      "special encodings (FORMAT: f32, bf16, fp8_e4m3, e5m2, fp6_e2m3, fp4_e2m1, e8m0, i8, "
      "...).\n\n"
      "Options");
  desc.add_options()("help,h", "show this help")("format", po::value<std::string>(), "format");
  po::positional_options_description pos;
  pos.add("format", 1);
  auto vm = parse_args(args, desc, pos);
  if (vm.count("help")) {
    std::cout << desc << "\n";
    return 0;
  }
  if (!vm.count("format")) throw UsageError{"missing FORMAT"};
  const std::string name = vm["format"].as<std::string>();
  auto t = ir::parse_dtype_any(name);
  if (!t || *t == DType::index) throw UsageError{"unknown format '" + name + "'"};
  if (dtype_is_float(*t))
    print_float(*t, std::cout);
  else
    print_int(*t, std::cout);
  return 0;
}

}  // namespace tessera::cli
