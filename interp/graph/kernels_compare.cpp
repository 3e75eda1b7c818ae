// Graph IR comparisons (cmpeq .. cmpge, with the op's signedness) and select: numpy
// broadcasting, an i1 result stored one byte per element.
#include <cstdint>
#include <type_traits>

#include "interp/graph/elementwise_map.h"

namespace tessera::interp {
namespace {

using elementwise::binary_map;
using elementwise::kGrain;

/// A comparison; integer operands compare as the type's signedness unless the op's `signedness`
/// (compare_c4) says "signed" or "unsigned": then the same bits are read as that signedness.
template <typename F>
void compare(KernelCtx& ctx, F f) {
  const ir::Attr* s = ctx.op.attrs.get("signedness");
  const int sign = !s ? 0 : s->s == "unsigned" ? 1 : 2;  // 0 the type's, 1 unsigned, 2 signed
  dispatch_any(ctx, ctx.input(0).dtype(), [&]<typename T>() {
    if constexpr (std::is_integral_v<T> && !std::is_same_v<T, bool>) {
      using U = std::make_unsigned_t<T>;
      using S = std::make_signed_t<T>;
      binary_map<T, uint8_t>(ctx, [&](T x, T y) -> uint8_t {
        if (sign == 1) return f(static_cast<U>(x), static_cast<U>(y)) ? 1 : 0;
        if (sign == 2) return f(static_cast<S>(x), static_cast<S>(y)) ? 1 : 0;
        return f(x, y) ? 1 : 0;
      });
    } else {
      binary_map<T, uint8_t>(ctx, [&](T x, T y) -> uint8_t { return f(x, y) ? 1 : 0; });
    }
  });
}

}  // namespace

void kernel_CmpEq(KernelCtx& c) {
  compare(c, [](auto x, auto y) { return x == y; });
}
void kernel_CmpNe(KernelCtx& c) {
  compare(c, [](auto x, auto y) { return x != y; });
}
void kernel_CmpLt(KernelCtx& c) {
  compare(c, [](auto x, auto y) { return x < y; });
}
void kernel_CmpLe(KernelCtx& c) {
  compare(c, [](auto x, auto y) { return x <= y; });
}
void kernel_CmpGt(KernelCtx& c) {
  compare(c, [](auto x, auto y) { return x > y; });
}
void kernel_CmpGe(KernelCtx& c) {
  compare(c, [](auto x, auto y) { return x >= y; });
}

void kernel_Select(KernelCtx& c) {
  dispatch_any(c, c.output().dtype(), [&]<typename T>() {
    const Tensor& cond = c.input(0);
    const Tensor& a = c.input(1);
    const Tensor& b = c.input(2);
    Tensor& out = c.output();
    BroadcastIndexer ic(cond.shape(), out.shape()), ia(a.shape(), out.shape()),
        ib(b.shape(), out.shape());
    const uint8_t* pc = cond.data<uint8_t>();
    const T* pa = a.data<T>();
    const T* pb = b.data<T>();
    for_output(out.data<T>(), out.numel(), kGrain, [&](int64_t lo, int64_t len, T* d) {
      for (int64_t i = 0; i < len; ++i) {
        const int64_t k = lo + i;
        d[i] = pc[ic.map(k)] ? pa[ia.map(k)] : pb[ib.map(k)];
      }
    });
  });
}

}  // namespace tessera::interp
