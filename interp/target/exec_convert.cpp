// Conversions of Target IR registers (docs/ops/tile/scalar.md, "Conversions"): per active lane,
// exactly the Tile IR interpreter's conversion.
#include "interp/target/exec_convert.h"

#include <bit>

#include "interp/tile/convert_cell.h"

namespace tessera::interp::target {

bool exec_convert(Warp& w, const Inst& in) {
  if (in.opc != Opc::kExtF && in.opc != Opc::kTruncF && in.opc != Opc::kConvert) return false;
  Cell* d = w.reg(in.dst);
  const Cell* x = w.reg(in.a);
  if (in.opc == Opc::kConvert) {  // tile/convert_cell.h: the Tile IR interpreter's conversion
    const DType from = static_cast<DType>(in.mode);
    const bool signed_view = (in.imm & tile::kSignedView) != 0;
    const num::ConvertOptions o = tile::unpack_convert(in.imm);
    for (uint32_t m = w.active; m; m &= m - 1) {
      const int l = std::countr_zero(m);
      d[l] = tile::convert_cell(from, x[l], in.dt, signed_view, o);
    }
    return true;
  }
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
