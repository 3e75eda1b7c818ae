// Float-to-float conversions of Target IR registers (docs/ops/tile/scalar.md, arith.extf and
// arith.truncf): per active lane, exactly the Tile IR interpreter's conversion.
#include "interp/target/exec_convert.h"

#include <bit>

namespace tessera::interp::target {

bool exec_convert(Warp& w, const Inst& in) {
  if (in.opc != Opc::kExtF && in.opc != Opc::kTruncF) return false;
  Cell* d = w.reg(in.dst);
  const Cell* x = w.reg(in.a);
  for (uint32_t m = w.active; m; m &= m - 1) {
    const int l = std::countr_zero(m);
    if (in.opc == Opc::kExtF)
      d[l].d = static_cast<double>(x[l].f);  // exact; a NaN is quieted, its payload kept
    else
      d[l].f = static_cast<float>(x[l].d);  // one RNE rounding; NaN: quieted, payload's top bits
  }
  return true;
}

}  // namespace tessera::interp::target
