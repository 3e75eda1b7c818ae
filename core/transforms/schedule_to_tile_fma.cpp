// The fma step of the scalar kernels' FMA chains (schedule_to_tile_fma.h): one `tile.fma`.
#include "core/transforms/schedule_to_tile_fma.h"

namespace tessera::transforms {

using scalar_text::Text;

std::string fma_of(Text& t, const std::string& a, const std::string& b, const std::string& c,
                   DType ty) {
  const std::string r = t.fresh(), n = scalar_text::ty(ty);
  t.k << t.ind << r << " = tile.fma " << a << ", " << b << ", " << c << " : (" << n << ", " << n
      << ", " << n << ") -> " << n << "\n";
  return r;
}

std::string fma_f32(Text& t, const std::string& a, const std::string& b, const std::string& c) {
  return fma_of(t, a, b, c, DType::f32);
}

}  // namespace tessera::transforms
