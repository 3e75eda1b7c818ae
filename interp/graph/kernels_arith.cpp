// arith.* on scalars and tensors in the Graph IR interpreter (docs/ops/graph/control-flow.md).
// Semantics are those of the Tile IR simulator (docs/tile-ir.md, arith_c1..c6): integers wrap
// to their width, MIN / -1 is MIN, a shift outside [0, bits) gives 0 or the sign fill, a zero
// divisor stops the run; float min/max propagate NaN and order -0 below +0.
#include <cmath>
#include <cstring>
#include <limits>

#include "core/ops/tile_util.h"
#include "interp/graph/kernel.h"

namespace tessera::interp {
namespace {

int int_width(DType d) {
  switch (d) {
    case DType::i1:
      return 1;
    case DType::i8:
    case DType::u8:
      return 8;
    case DType::i16:
    case DType::u16:
      return 16;
    case DType::i32:
    case DType::u32:
      return 32;
    default:
      return 64;
  }
}

/// Element k of an integer tensor as the signed value of its width (i1 true reads as -1, as
/// MLIR's signed view of i1 has it; ui types read their bits, sign-extended from the width).
int64_t load_int(const Tensor& t, int64_t k) {
  const std::byte* p = t.bytes() + k * (dtype_bits(t.dtype()) / 8);
  uint64_t u = 0;
  std::memcpy(&u, p, static_cast<size_t>(dtype_bits(t.dtype()) / 8));
  const int w = int_width(t.dtype());
  if (w == 64) return static_cast<int64_t>(u);
  u &= (uint64_t{1} << w) - 1;
  const uint64_t sign = uint64_t{1} << (w - 1);
  return static_cast<int64_t>((u ^ sign) - sign);
}

/// Stores v wrapped to the width of t's type (i1 keeps its low bit as 0 or 1).
void store_int(Tensor& t, int64_t k, int64_t v) {
  const int w = int_width(t.dtype());
  uint64_t u = static_cast<uint64_t>(v);
  if (w < 64) u &= (uint64_t{1} << w) - 1;
  std::memcpy(t.bytes() + k * (dtype_bits(t.dtype()) / 8), &u,
              static_cast<size_t>(dtype_bits(t.dtype()) / 8));
}

double load_float(const Tensor& t, int64_t k) {
  return t.dtype() == DType::f64 ? t.data<double>()[k] : t.data<float>()[k];
}

void store_float(Tensor& t, int64_t k, double v) {
  if (t.dtype() == DType::f64)
    t.data<double>()[k] = v;
  else
    t.data<float>()[k] = static_cast<float>(v);
}

enum class IntOp { add, sub, mul, div, rem, min, max, band, bor, bxor, shl, shr };

int64_t int_apply(const KernelCtx& c, IntOp m, int64_t a, int64_t b, int bits) {
  const uint64_t ua = static_cast<uint64_t>(a), ub = static_cast<uint64_t>(b);
  const int64_t lo = bits == 64 ? std::numeric_limits<int64_t>::min() : -(int64_t{1} << (bits - 1));
  switch (m) {
    case IntOp::add:
      return static_cast<int64_t>(ua + ub);
    case IntOp::sub:
      return static_cast<int64_t>(ua - ub);
    case IntOp::mul:
      return static_cast<int64_t>(ua * ub);
    case IntOp::div:
    case IntOp::rem:
      if (b == 0) c.fail("integer division by zero");
      if (a == lo && b == -1) return m == IntOp::div ? a : 0;
      if (a == std::numeric_limits<int64_t>::min() && b == -1) return m == IntOp::div ? a : 0;
      return m == IntOp::div ? a / b : a % b;
    case IntOp::min:
      return a < b ? a : b;
    case IntOp::max:
      return a > b ? a : b;
    case IntOp::band:
      return a & b;
    case IntOp::bor:
      return a | b;
    case IntOp::bxor:
      return a ^ b;
    case IntOp::shl:
      return b < 0 || b >= bits ? 0 : static_cast<int64_t>(ua << b);
    case IntOp::shr:
      return b < 0 || b >= bits ? (a < 0 ? -1 : 0) : a >> b;
  }
  return 0;
}

void int_binary(KernelCtx& c, IntOp m) {
  const Tensor &a = c.input(0), &b = c.input(1);
  Tensor& out = c.output();
  const int bits = int_width(a.dtype());
  for (int64_t k = 0; k < out.numel(); ++k)
    store_int(out, k, int_apply(c, m, load_int(a, k), load_int(b, k), bits));
}

enum class FloatOp { add, sub, mul, div, max, min };

void float_binary(KernelCtx& c, FloatOp m) {
  const Tensor &a = c.input(0), &b = c.input(1);
  Tensor& out = c.output();
  auto run = [&]<typename T>() {
    const T* x = a.data<T>();
    const T* y = b.data<T>();
    T* r = out.data<T>();
    for (int64_t k = 0; k < out.numel(); ++k) {
      const T p = x[k], q = y[k];
      switch (m) {
        case FloatOp::add:
          r[k] = p + q;
          break;
        case FloatOp::sub:
          r[k] = p - q;
          break;
        case FloatOp::mul:
          r[k] = p * q;
          break;
        case FloatOp::div:
          r[k] = p / q;
          break;
        case FloatOp::max:
          r[k] = std::isnan(p) || std::isnan(q) ? p + q
                 : p == q                       ? (std::signbit(p) ? q : p)
                 : p > q                        ? p
                                                : q;
          break;
        case FloatOp::min:
          r[k] = std::isnan(p) || std::isnan(q) ? p + q
                 : p == q                       ? (std::signbit(p) ? p : q)
                 : p < q                        ? p
                                                : q;
          break;
      }
    }
  };
  dispatch_float(c, out.dtype(), run);
}

/// The predicate of arith.cmpi / arith.cmpf by name (the verifier checked it, arith_c4).
std::string predicate(const KernelCtx& c, bool is_float) {
  auto p = ops::tile::arith_predicate(c.op.attrs.get("predicate"), is_float);
  if (!p) c.fail("bad comparison predicate (arith_c4)");
  return *p;
}

bool int_compare(const std::string& p, int64_t a, int64_t b, int bits) {
  const uint64_t mask = bits == 64 ? ~uint64_t{0} : (uint64_t{1} << bits) - 1;
  const uint64_t ua = static_cast<uint64_t>(a) & mask, ub = static_cast<uint64_t>(b) & mask;
  if (p == "eq") return a == b;
  if (p == "ne") return a != b;
  if (p == "slt") return a < b;
  if (p == "sle") return a <= b;
  if (p == "sgt") return a > b;
  if (p == "sge") return a >= b;
  if (p == "ult") return ua < ub;
  if (p == "ule") return ua <= ub;
  if (p == "ugt") return ua > ub;
  return ua >= ub;  // uge
}

bool float_compare(const std::string& p, double a, double b) {
  const bool unordered = std::isnan(a) || std::isnan(b);
  if (unordered) return p[0] == 'u';  // ueq, une, ult, ... hold; the ordered ones do not
  const std::string rel = p.substr(1);
  if (rel == "eq") return a == b;
  if (rel == "ne") return a != b;
  if (rel == "lt") return a < b;
  if (rel == "le") return a <= b;
  if (rel == "gt") return a > b;
  return a >= b;  // ge
}

}  // namespace

void kernel_ArithAddI(KernelCtx& c) { int_binary(c, IntOp::add); }
void kernel_ArithSubI(KernelCtx& c) { int_binary(c, IntOp::sub); }
void kernel_ArithMulI(KernelCtx& c) { int_binary(c, IntOp::mul); }
void kernel_ArithDivSI(KernelCtx& c) { int_binary(c, IntOp::div); }
void kernel_ArithRemSI(KernelCtx& c) { int_binary(c, IntOp::rem); }
void kernel_ArithMinSI(KernelCtx& c) { int_binary(c, IntOp::min); }
void kernel_ArithMaxSI(KernelCtx& c) { int_binary(c, IntOp::max); }
void kernel_ArithAndI(KernelCtx& c) { int_binary(c, IntOp::band); }
void kernel_ArithOrI(KernelCtx& c) { int_binary(c, IntOp::bor); }
void kernel_ArithXOrI(KernelCtx& c) { int_binary(c, IntOp::bxor); }
void kernel_ArithShLI(KernelCtx& c) { int_binary(c, IntOp::shl); }
void kernel_ArithShRSI(KernelCtx& c) { int_binary(c, IntOp::shr); }
void kernel_ArithAddF(KernelCtx& c) { float_binary(c, FloatOp::add); }
void kernel_ArithSubF(KernelCtx& c) { float_binary(c, FloatOp::sub); }
void kernel_ArithMulF(KernelCtx& c) { float_binary(c, FloatOp::mul); }
void kernel_ArithDivF(KernelCtx& c) { float_binary(c, FloatOp::div); }
void kernel_ArithMaximumF(KernelCtx& c) { float_binary(c, FloatOp::max); }
void kernel_ArithMinimumF(KernelCtx& c) { float_binary(c, FloatOp::min); }

void kernel_ArithNegF(KernelCtx& c) {
  for (int64_t k = 0; k < c.output().numel(); ++k)
    store_float(c.output(), k, -load_float(c.input(0), k));
}

void kernel_ArithCmpI(KernelCtx& c) {
  const std::string p = predicate(c, false);
  const int bits = int_width(c.input(0).dtype());
  for (int64_t k = 0; k < c.output().numel(); ++k)
    c.output().data<uint8_t>()[k] =
        int_compare(p, load_int(c.input(0), k), load_int(c.input(1), k), bits) ? 1 : 0;
}

void kernel_ArithCmpF(KernelCtx& c) {
  const std::string p = predicate(c, true);
  for (int64_t k = 0; k < c.output().numel(); ++k) {
    const double a = load_float(c.input(0), k), b = load_float(c.input(1), k);
    const bool v = p == "true" || (p != "false" && float_compare(p, a, b));
    c.output().data<uint8_t>()[k] = v ? 1 : 0;
  }
}

void kernel_ArithSelect(KernelCtx& c) {
  const Tensor &cond = c.input(0), &a = c.input(1), &b = c.input(2);
  Tensor& out = c.output();
  const size_t w = static_cast<size_t>(dtype_bits(out.dtype()) / 8);
  const bool splat = cond.numel() == 1 && out.numel() != 1;
  for (int64_t k = 0; k < out.numel(); ++k) {
    const bool take_a = cond.data<uint8_t>()[splat ? 0 : k] != 0;
    std::memcpy(out.bytes() + static_cast<size_t>(k) * w,
                (take_a ? a : b).bytes() + static_cast<size_t>(k) * w, w);
  }
}

void kernel_ArithIndexCast(KernelCtx& c) {
  for (int64_t k = 0; k < c.output().numel(); ++k)
    store_int(c.output(), k, load_int(c.input(0), k));
}

void kernel_convert_narrow(KernelCtx& c, bool signed_view);  // kernels_convert.cpp

void kernel_ArithSIToFP(KernelCtx& c) {
  if (dtype_is_low_precision_float(c.output().dtype())) return kernel_convert_narrow(c, true);
  for (int64_t k = 0; k < c.output().numel(); ++k)
    store_float(c.output(), k, static_cast<double>(load_int(c.input(0), k)));
}

// arith.extf / arith.truncf: the value in the result type (exact, or one RNE rounding).
void kernel_ArithExtF(KernelCtx& c) {
  if (dtype_is_low_precision_float(c.input(0).dtype())) return kernel_convert_narrow(c, false);
  for (int64_t k = 0; k < c.output().numel(); ++k)
    store_float(c.output(), k, load_float(c.input(0), k));
}

void kernel_ArithTruncF(KernelCtx& c) {
  if (dtype_is_low_precision_float(c.output().dtype()) || c.op.attrs.get("numeric_policy"))
    return kernel_convert_narrow(c, false);
  for (int64_t k = 0; k < c.output().numel(); ++k)
    store_float(c.output(), k, load_float(c.input(0), k));  // one RNE rounding
}

void kernel_ArithFPToSI(KernelCtx& c) {
  const int bits = int_width(c.output().dtype());
  const double hi = std::ldexp(1.0, bits - 1);
  for (int64_t k = 0; k < c.output().numel(); ++k) {
    const double v = std::trunc(load_float(c.input(0), k));
    if (!(v >= -hi && v < hi))  // NaN, Inf and out-of-range values have no integer (arith_c6)
      c.fail("arith.fptosi: element " + std::to_string(k) + " (" + std::to_string(v) +
             ") does not fit " + dtype_mlir_name(c.output().dtype()));
    store_int(c.output(), k, static_cast<int64_t>(v));
  }
}

void kernel_ArithConstant(KernelCtx& c) {
  const ir::Attr* v = c.op.attrs.get("value");
  Tensor& out = c.output();
  if (!v) c.fail("needs a 'value' attribute");
  if (v->kind == ir::Attr::Kind::dense) {
    if (v->data.size() != out.nbytes()) c.fail("dense value does not match the result type");
    if (!v->data.empty()) std::memcpy(out.bytes(), v->data.data(), v->data.size());
    return;
  }
  for (int64_t k = 0; k < out.numel(); ++k) {
    if (dtype_is_float(out.dtype()))
      store_float(out, k, v->as_double());
    else
      store_int(out, k, v->kind == ir::Attr::Kind::boolean ? (v->b ? 1 : 0) : v->i);
  }
}

}  // namespace tessera::interp
