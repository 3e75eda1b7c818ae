// The fused attention block of interp/graph/fusion.h: scores, scale, softmax and the product with
// v per block of query rows, each step with the roundings of the unfused ops.
#include <algorithm>
#include <vector>

#include <tbb/enumerable_thread_specific.h>
#include <tbb/parallel_for.h>

#include "interp/graph/fusion.h"
#include "interp/graph/isa.h"
#include "interp/graph/matmul_microkernel.h"
#include "interp/graph/softmax_rows.h"

namespace tessera::interp {
namespace {

/// Query rows per task: a multiple of both register tiles' rows (6 and 12); 48 rows of 2048
/// scores (384 KB) stay in L2 between the steps.
constexpr int64_t kRowBlock = 48;

/// Where the mul of the fused chain holds the scale: none, first (c * s) or second (s * c).
enum class ScaleAt { kNone, kFirst, kSecond };

void attention_block(KernelCtx& c, ScaleAt at) {
  // The fused ops, through the definitions: %p = softmax(%t), %t = mul(...) or %t = %s.
  const ir::Op* softmax = c.op.operands[0]->def;
  const ir::Op* scores = softmax->operands[0]->def;
  if (at != ScaleAt::kNone) scores = scores->operands[at == ScaleAt::kFirst ? 1 : 0]->def;
  const bool ta = scores->attrs.get_bool("transpose_a", false);
  const bool tb = scores->attrs.get_bool("transpose_b", false);
  const bool tv = c.op.attrs.get_bool("transpose_b", false);
  const Tensor& q = c.input(0);
  const Tensor& k = c.input(1);
  const Tensor& v = c.input(2);
  const float scale = at == ScaleAt::kNone ? 1.0f : c.input(3).data<float>()[0];
  Tensor& out = c.output();
  const auto& os = out.shape();
  const size_t r = os.size();
  const int64_t sq = os[r - 2], dv = os[r - 1];
  const int64_t d = ta ? q.shape()[r - 2] : q.shape()[r - 1];
  const int64_t sk = tb ? k.shape()[r - 2] : k.shape()[r - 1];
  int64_t batches = 1;
  for (size_t i = 0; i + 2 < r; ++i) batches *= os[i];
  const Isa isa = active_isa();  // never kScalar: the scalar ISA does not fuse
  const GemmIsa gisa = isa == Isa::kAvx512 ? GemmIsa::kAvx512 : GemmIsa::kAvx2;
  tbb::enumerable_thread_specific<std::vector<float>> scratch;
  const size_t need = static_cast<size_t>(kRowBlock * sk + gemm_rows_scratch(kRowBlock));
  for (int64_t b = 0; b < batches; ++b) {
    const float* qb = q.data<float>() + b * sq * d;
    const float* kb = k.data<float>() + b * sk * d;
    const float* vb = v.data<float>() + b * sk * dv;
    float* ob = out.data<float>() + b * sq * dv;
    // The logical [sq, d], [d, sk] and [sk, dv] operands of the two products.
    const MatView qv = ta ? MatView{qb, 1, sq} : MatView{qb, d, 1};
    const PackedB kp(d, sk, tb ? MatView{kb, 1, d} : MatView{kb, sk, 1}, gisa);
    const PackedB vp(sk, dv, tv ? MatView{vb, 1, sk} : MatView{vb, dv, 1}, gisa);
    const int64_t blocks = (sq + kRowBlock - 1) / kRowBlock;
    tbb::parallel_for(tbb::blocked_range<int64_t>(0, blocks, 1), [&](auto range) {
      std::vector<float>& buf = scratch.local();
      if (buf.size() < need) buf.resize(need);
      float* s = buf.data();
      float* pack = s + kRowBlock * sk;
      for (int64_t blk = range.begin(); blk < range.end(); ++blk) {
        const int64_t i0 = blk * kRowBlock, rows = std::min(kRowBlock, sq - i0);
        gemm_rows(kp, rows, MatView{qb + i0 * qv.rs, qv.rs, qv.cs}, s, sk, pack);
        const int64_t n = rows * sk;
        if (at == ScaleAt::kSecond)  // the mul's f32 products, in its operand order
          for (int64_t j = 0; j < n; ++j) s[j] = s[j] * scale;
        else if (at == ScaleAt::kFirst)
          for (int64_t j = 0; j < n; ++j) s[j] = scale * s[j];
        if (sk > 0) softmax_block_f32(s, s, rows, sk, false, isa);
        gemm_rows(vp, rows, MatView{s, sk, 1}, ob + i0 * dv, dv, pack);
      }
    });
  }
}

}  // namespace

void kernel_attention_block(KernelCtx& c) { attention_block(c, ScaleAt::kNone); }
void kernel_attention_block_scale_first(KernelCtx& c) { attention_block(c, ScaleAt::kFirst); }
void kernel_attention_block_scale_second(KernelCtx& c) { attention_block(c, ScaleAt::kSecond); }

}  // namespace tessera::interp
