// The float and unsigned conversions of arith (docs/ops/tile/scalar.md, "Conversions") on
// scalars and tensors in the Graph IR interpreter: every element through num::convert_bits, the
// conversion tessera.cast runs, with the op's numeric_policy.
#include <algorithm>
#include <cstring>

#include "core/numerics/convert.h"
#include "core/ops/policy.h"
#include "interp/graph/kernel.h"

namespace tessera::interp {
namespace {

size_t esize(DType d) { return static_cast<size_t>(std::max(1, dtype_bits(d) / 8)); }

uint64_t load_bits(const Tensor& t, int64_t k) {
  uint64_t u = 0;
  std::memcpy(&u, t.bytes() + static_cast<size_t>(k) * esize(t.dtype()), esize(t.dtype()));
  return u;
}

void store_bits(Tensor& t, int64_t k, uint64_t u) {
  std::memcpy(t.bytes() + static_cast<size_t>(k) * esize(t.dtype()), &u, esize(t.dtype()));
}

/// out[k] = convert(in[k]) reading the source as `from` (its own type, or the wider integer
/// type the signed/unsigned view of the op gives).
void convert_each(KernelCtx& c, bool signed_view) {
  const Tensor& in = c.input(0);
  Tensor& out = c.output();
  const num::ConvertOptions o = ops::read_policy(c.op).convert;
  const DType a = in.dtype(), b = out.dtype();
  const num::IntDesc ad = dtype_is_int(a) ? num::int_desc(a) : num::IntDesc{};
  for (int64_t k = 0; k < out.numel(); ++k) {
    uint64_t u = load_bits(in, k);
    DType from = a;
    if (dtype_is_int(a)) {  // the exact value as an i64 (signed view; i1 true is -1) or a u64
      u &= num::low_mask(ad.bits);
      if (signed_view && ad.bits < 64 && ((u >> (ad.bits - 1)) & 1)) u |= ~num::low_mask(ad.bits);
      from = signed_view ? DType::i64 : DType::u64;
    }
    store_bits(out, k, num::convert_bits(from, u, b, o));
  }
}

}  // namespace

// Narrow-float forms of extf, truncf and sitofp (kernels_arith.cpp keeps f32 <-> f64 and the
// f32/f64 sitofp, whose NaN payload rules are the host's conversions).
void kernel_convert_narrow(KernelCtx& c, bool signed_view) { convert_each(c, signed_view); }

void kernel_ArithUIToFP(KernelCtx& c) { convert_each(c, false); }

// Truncates toward zero and saturates; NaN and negatives give 0 (docs/numerics.md).
void kernel_ArithFPToUI(KernelCtx& c) { convert_each(c, false); }

// The source zero-extended (read as unsigned), the result keeping its low bits.
void kernel_ArithIndexCastUI(KernelCtx& c) { convert_each(c, false); }

}  // namespace tessera::interp
