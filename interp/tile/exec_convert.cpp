// Conversions of Tile IR scalars (docs/ops/tile/scalar.md, arith.extf, truncf, sitofp, uitofp,
// fptoui, index_castui): kept out of exec.cpp's hot switch, reached from exec_unary's default.
#include "interp/tile/exec_ops.h"

#include "interp/tile/convert_cell.h"

namespace tessera::interp::tile {

bool exec_convert(const Inst& in, Cell* R) {
  switch (in.opc) {
    case Opc::kExtF:  // exact: every f32 is an f64 (NaN stays NaN, quieted)
      R[in.dst].d = static_cast<double>(R[in.a].f);
      return true;
    case Opc::kTruncF:  // one rounding to nearest even; beyond the f32 range: +-Inf
      R[in.dst].f = static_cast<float>(R[in.a].d);
      return true;
    case Opc::kConvert:  // convert_cell.h: num::convert_bits, tessera.cast's conversion
      R[in.dst] = convert_cell(static_cast<DType>(in.mode), R[in.a], in.dt, in.bcast != 0,
                               unpack_convert(in.imm));
      return true;
    default:
      return false;
  }
}

}  // namespace tessera::interp::tile
