// Output comparison for conformance: bitexact, ulp distance on ordered bit patterns, tolerances.
#include "conformance/lib/case_file.h"

#include <cmath>
#include <cstdio>
#include <cstring>
#include <limits>

#include "interp/io/npy.h"

namespace tessera::conform {
namespace {

/// How the bits of one element type encode a value. Specials: what the all-ones exponent means.
struct Format {
  enum class Specials { kInteger, kIeee, kFiniteNanOnes, kNone, kUnsignedExp };
  Specials specials = Specials::kInteger;
  int bits = 8;  ///< Meaningful bits of one element.
  int exp_bits = 0, man_bits = 0, bias = 0;
  bool is_signed = true;  ///< Integers: two's complement; floats: has a sign bit.
};

Format format_of(DType t) {
  using S = Format::Specials;
  switch (t) {
    case DType::f64:
      return {S::kIeee, 64, 11, 52, 1023, true};
    case DType::f32:
    case DType::tf32:
      return {S::kIeee, 32, 8, 23, 127, true};
    case DType::f16:
      return {S::kIeee, 16, 5, 10, 15, true};
    case DType::bf16:
      return {S::kIeee, 16, 8, 7, 127, true};
    case DType::f8e4m3:
      return {S::kFiniteNanOnes, 8, 4, 3, 7, true};  // NaN = S.1111.111
    case DType::f8e5m2:
      return {S::kIeee, 8, 5, 2, 15, true};
    case DType::f6e2m3:
      return {S::kNone, 6, 2, 3, 1, true};
    case DType::f6e3m2:
      return {S::kNone, 6, 3, 2, 3, true};
    case DType::f4e2m1:
      return {S::kNone, 4, 2, 1, 1, true};
    case DType::e8m0:
      return {S::kUnsignedExp, 8, 8, 0, 127, false};  // 0xFF = NaN
    case DType::i4:
      return {S::kInteger, 4, 0, 0, 0, true};
    default:
      return {S::kInteger, dtype_bits(t), 0, 0, 0, !dtype_is_unsigned(t)};
  }
}

uint64_t load_bits(const interp::HostTensor& t, int64_t i) {
  if (t.dtype == DType::i4) return (static_cast<uint64_t>(t.data[i / 2]) >> (4 * (i % 2))) & 0xF;
  int n = dtype_bits(t.dtype) / 8;
  uint64_t v = 0;
  for (int b = n - 1; b >= 0; --b) v = (v << 8) | static_cast<uint64_t>(t.data[i * n + b]);
  return v;
}

/// One element seen through its format.
struct Elem {
  uint64_t bits = 0;
  bool valid = true;  ///< False for fp6/fp4 bytes with their unused high bits set.
  bool nan = false, inf = false;
  uint64_t key = 0;  ///< Monotone in the value; +0 and -0 share a key.
};

Elem classify(const Format& f, uint64_t bits) {
  Elem e;
  e.bits = bits;
  uint64_t mask = f.bits == 64 ? ~uint64_t{0} : (uint64_t{1} << f.bits) - 1;
  if ((bits & ~mask) != 0) {
    e.valid = false;
    return e;
  }
  constexpr uint64_t kMid = uint64_t{1} << 63;
  if (f.specials == Format::Specials::kInteger) {
    if (f.is_signed && f.bits < 64 && (bits >> (f.bits - 1)) != 0) bits |= ~mask;  // sign-extend
    e.key = f.is_signed ? bits ^ kMid : bits;
    return e;
  }
  if (f.specials == Format::Specials::kUnsignedExp) {
    e.nan = bits == 0xFF;
    e.key = bits;
    return e;
  }
  uint64_t sign_bit = uint64_t{1} << (f.bits - 1);
  uint64_t mag = bits & (sign_bit - 1);
  uint64_t exp_ones = (uint64_t{1} << f.exp_bits) - 1;
  uint64_t man = mag & ((uint64_t{1} << f.man_bits) - 1);
  uint64_t exp = mag >> f.man_bits;
  if (f.specials == Format::Specials::kIeee && exp == exp_ones) {
    e.nan = man != 0;
    e.inf = man == 0;
  }
  if (f.specials == Format::Specials::kFiniteNanOnes) {
    e.nan = exp == exp_ones && man == (uint64_t{1} << f.man_bits) - 1;
  }
  e.key = (bits & sign_bit) != 0 ? kMid - mag : kMid + mag;
  return e;
}

double decode(const Format& f, const Elem& e) {
  if (e.nan) return std::numeric_limits<double>::quiet_NaN();
  if (f.specials == Format::Specials::kInteger) {
    return f.is_signed ? static_cast<double>(static_cast<int64_t>(e.key ^ (uint64_t{1} << 63)))
                       : static_cast<double>(e.key);
  }
  if (f.specials == Format::Specials::kUnsignedExp) {
    return std::ldexp(1.0, static_cast<int>(e.bits) - f.bias);
  }
  if (f.bits == 64) {
    double d;
    std::memcpy(&d, &e.bits, sizeof d);
    return d;
  }
  bool neg = (e.bits >> (f.bits - 1)) & 1;
  if (e.inf) return neg ? -HUGE_VAL : HUGE_VAL;
  uint64_t man = e.bits & ((uint64_t{1} << f.man_bits) - 1);
  int exp = static_cast<int>((e.bits >> f.man_bits) & ((uint64_t{1} << f.exp_bits) - 1));
  double v = exp == 0 ? std::ldexp(static_cast<double>(man), 1 - f.bias - f.man_bits)
                      : std::ldexp(static_cast<double>(man | (uint64_t{1} << f.man_bits)),
                                   exp - f.bias - f.man_bits);
  return neg ? -v : v;
}

/// Distance in ordered bit patterns; kUlpInfinite when no finite distance is meaningful.
int64_t ulp_distance(const Elem& g, const Elem& w, bool strict_nan) {
  if (!g.valid || !w.valid) return g.bits == w.bits ? 0 : kUlpInfinite;
  if (g.nan || w.nan) return g.nan && w.nan && (!strict_nan || g.bits == w.bits) ? 0 : kUlpInfinite;
  if (g.inf || w.inf) return g.bits == w.bits ? 0 : kUlpInfinite;
  uint64_t d = g.key > w.key ? g.key - w.key : w.key - g.key;
  return d >= static_cast<uint64_t>(kUlpInfinite) ? kUlpInfinite - 1 : static_cast<int64_t>(d);
}

int bucket_of(int64_t d) {
  if (d <= 2) return static_cast<int>(d);
  if (d <= 4) return 3;
  if (d <= 8) return 4;
  if (d <= 16) return 5;
  if (d <= 256) return 6;
  return 7;
}

bool passes(const Rule& rule, const Format& f, const Elem& g, const Elem& w, int64_t dist) {
  bool nan_pair = g.nan && w.nan;
  switch (rule.kind) {
    case Rule::Kind::bitexact:
      return g.bits == w.bits || (nan_pair && !rule.strict_nan);
    case Rule::Kind::ulp:
      return dist <= rule.max_ulp;
    case Rule::Kind::tol: {
      if (!g.valid || !w.valid) return false;
      if (g.nan || w.nan) return nan_pair && (!rule.strict_nan || g.bits == w.bits);
      double gv = decode(f, g), wv = decode(f, w);
      if (std::isinf(gv) || std::isinf(wv)) return gv == wv;
      return std::fabs(gv - wv) <= rule.atol + rule.rtol * std::fabs(wv);
    }
  }
  return false;
}

std::string describe(const Format& f, const Elem& e, DType t) {
  char buf[64];
  int digits = t == DType::i4 ? 1 : dtype_bits(t) / 4;
  std::snprintf(buf, sizeof buf, "0x%0*llx", digits, static_cast<unsigned long long>(e.bits));
  std::string s = buf;
  if (!e.valid) return s + " (invalid encoding)";
  std::snprintf(buf, sizeof buf, " (%.17g)", decode(f, e));
  return s + buf;
}

std::string multi_index(const std::vector<int64_t>& shape, int64_t flat) {
  std::vector<int64_t> idx(shape.size());
  for (size_t k = shape.size(); k-- > 0;) {
    idx[k] = shape[k] == 0 ? 0 : flat % shape[k];
    flat = shape[k] == 0 ? 0 : flat / shape[k];
  }
  std::string s = "[";
  for (size_t k = 0; k < idx.size(); ++k) {
    if (k > 0) s += ",";
    s += std::to_string(idx[k]);
  }
  return s + "]";
}

std::string rule_name(const Rule& r) {
  switch (r.kind) {
    case Rule::Kind::bitexact:
      return "bitexact";
    case Rule::Kind::ulp:
      return "ulp:" + std::to_string(r.max_ulp);
    case Rule::Kind::tol: {
      char buf[96];
      std::snprintf(buf, sizeof buf, "tol:rtol=%g,atol=%g", r.rtol, r.atol);
      return buf;
    }
  }
  return "?";
}

std::string ulp_text(int64_t d) { return d == kUlpInfinite ? "inf" : std::to_string(d); }

}  // namespace

Comparison compare(const interp::HostTensor& got, const interp::HostTensor& want,
                   const Rule& rule) {
  if (dtype_is_complex(want.dtype) && got.dtype == want.dtype && got.shape == want.shape) {
    // A complex tensor compares as its real and imaginary parts: floats with a trailing dim 2.
    auto parts = [](const interp::HostTensor& t) {
      interp::HostTensor p = t;
      p.dtype = t.dtype == DType::c64 ? DType::f32 : DType::f64;
      p.shape.push_back(2);
      return p;
    };
    return compare(parts(got), parts(want), rule);
  }
  Comparison c;
  c.ulp_histogram.assign(kUlpBuckets, 0);
  if (got.dtype != want.dtype || got.shape != want.shape) {
    c.message =
        "type mismatch: got " + tensor_type_string(got) + ", want " + tensor_type_string(want);
    return c;
  }
  int64_t count = 0, bytes = 0;
  try {
    count = io::element_count(want.shape);
    bytes = io::storage_bytes(want.dtype, count);
  } catch (const std::exception& e) {
    c.message = std::string("bad shape: ") + e.what();
    return c;
  }
  for (const auto* t : {&got, &want}) {
    if (static_cast<int64_t>(t->data.size()) != bytes) {
      c.message = std::string(t == &got ? "got" : "want") + " holds " +
                  std::to_string(t->data.size()) + " bytes, " + tensor_type_string(want) +
                  " needs " + std::to_string(bytes);
      return c;
    }
  }
  Format f = format_of(want.dtype);
  int64_t failures = 0;
  for (int64_t i = 0; i < count; ++i) {
    Elem g = classify(f, load_bits(got, i)), w = classify(f, load_bits(want, i));
    int64_t d = ulp_distance(g, w, rule.strict_nan);
    c.max_ulp = std::max(c.max_ulp, d);
    ++c.ulp_histogram[bucket_of(d)];
    if (passes(rule, f, g, w, d)) continue;
    if (failures++ == 0) {
      c.first_diff = i;
      c.message = "first difference at element " + std::to_string(i) + " " +
                  multi_index(want.shape, i) + ": got " + describe(f, g, want.dtype) + ", want " +
                  describe(f, w, want.dtype) + ", " + ulp_text(d) + " ulp";
    }
  }
  c.ok = failures == 0;
  std::string summary = std::to_string(count) + " elements, max " + ulp_text(c.max_ulp) +
                        " ulp, rule " + rule_name(rule);
  if (c.ok) {
    c.message = "ok: " + summary;
  } else {
    c.message = std::to_string(failures) + " of " + summary + " failed; " + c.message;
  }
  return c;
}

}  // namespace tessera::conform
