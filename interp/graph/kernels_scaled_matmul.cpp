// tessera.scaled_matmul kernel (docs/ops/graph/scaled_matmul.md): per scale block an FMA chain
// in f32, then acc = acc + partial * (a_scale * b_scale), blocks in increasing order. a and b
// arrive widened to f32 (exact for every format they may hold); the executor rounds the result.
#include <cmath>
#include <cstdint>
#include <limits>

#include <tbb/parallel_for.h>

#include "core/ops/scaled_matmul.h"
#include "interp/graph/kernel.h"

namespace tessera::interp {
namespace {

/// An E8M0 byte as a value: 2^(bits - 127); 0xFF is NaN.
float e8m0_value(uint8_t bits) {
  if (bits == 0xFF) return std::numeric_limits<float>::quiet_NaN();
  return std::ldexp(1.0f, static_cast<int>(bits) - 127);
}

/// Scale `i` of a scale tensor as f32 (an E8M0 byte or an f32 value).
float scale_at(const Tensor& t, bool e8m0, int64_t i) {
  return e8m0 ? e8m0_value(t.data<uint8_t>()[i]) : t.data<float>()[i];
}

}  // namespace

void kernel_ScaledMatmul(KernelCtx& c) {
  const Tensor& ta = c.input(0);
  const Tensor& tb = c.input(1);
  const Tensor& sa = c.input(2);
  const Tensor& sb = c.input(3);
  const ops::ScaleLayout lay = ops::read_scale_layout(c.op);
  const bool tr = c.op.attrs.get_bool("transpose_b", false);
  const size_t ra = ta.shape().size(), rb = tb.shape().size();
  const int64_t batches = ra == 3 ? ta.shape()[0] : 1;
  const int64_t m = ta.shape()[ra - 2], k = ta.shape()[ra - 1];
  const int64_t n = tr ? tb.shape()[rb - 2] : tb.shape()[rb - 1];
  const int64_t kb = tr ? tb.shape()[rb - 1] : tb.shape()[rb - 2];
  // scaled_matmul_c3/c4 hold statically; a dynamic dim is checked here.
  if (kb != k) c.fail("contraction dims differ at run time (scaled_matmul_c3)");
  if (k % lay.bk != 0) c.fail("K is not a whole number of scale blocks (scaled_matmul_c4)");
  const int64_t nk = k / lay.bk, nn = n / lay.bn + (n % lay.bn != 0);
  const bool b_batched = rb == 3;
  if (sa.numel() != batches * m * nk || sb.numel() != (b_batched ? batches : 1) * nk * nn)
    c.fail("scale shapes do not match a and b at run time (scaled_matmul_c5)");
  const float* pa = ta.data<float>();
  const float* pb = tb.data<float>();
  float* po = c.output().data<float>();
  tbb::parallel_for(int64_t{0}, batches * m, [&](int64_t row) {
    const int64_t bi = row / m;
    const float* arow = pa + row * k;
    const float* bmat = pb + (b_batched ? bi * k * n : 0);
    const int64_t sb_base = b_batched ? bi * nk * nn : 0;
    for (int64_t j = 0; j < n; ++j) {
      float acc = 0.0f;
      for (int64_t blk = 0; blk < nk; ++blk) {
        float part = 0.0f;
        for (int64_t p = blk * lay.bk; p < (blk + 1) * lay.bk; ++p) {
          const float bv = tr ? bmat[j * k + p] : bmat[p * n + j];
          part = std::fma(arow[p], bv, part);
        }
        const float s = scale_at(sa, lay.e8m0, row * nk + blk) *
                        scale_at(sb, lay.e8m0, sb_base + blk * nn + j / lay.bn);
        acc = acc + part * s;
      }
      po[row * n + j] = acc;
    }
  });
}

}  // namespace tessera::interp
