// Graph IR shape kernels: they move element bytes and never look at values (any element type).
#include <cstring>

#include <tbb/parallel_for.h>

#include "core/ops/infer_util.h"
#include "interp/graph/kernel.h"

namespace tessera::interp {
namespace {

/// Element size in bytes; sub-byte i4 (packed) is supported only by reshape and constant.
size_t elem_bytes(const KernelCtx& ctx, DType t) {
  if (dtype_bits(t) < 8) ctx.fail("packed i4 tensors are not supported by this op; cast first");
  return size_t(dtype_bits(t)) / 8;
}

/// out[idx] = in[base + sum_d idx_d * istride_d] over the output shape (strides in elements).
template <size_t E>
void gather_e(const std::byte* in, std::byte* out, const std::vector<int64_t>& shape,
              const std::vector<int64_t>& istride, int64_t base) {
  const size_t r = shape.size();
  int64_t numel = 1;
  for (int64_t s : shape) numel *= s;
  if (numel == 0) return;
  if (r == 0) {
    std::memcpy(out, in + base * int64_t(E), E);
    return;
  }
  const int64_t last = shape[r - 1], ls = istride[r - 1], rows = numel / last;
  tbb::parallel_for(tbb::blocked_range<int64_t>(0, rows, 64), [&](auto rg) {
    for (int64_t row = rg.begin(); row < rg.end(); ++row) {
      int64_t off = base, rem = row;
      for (size_t d = r - 1; d-- > 0;) {
        off += (rem % shape[d]) * istride[d];
        rem /= shape[d];
      }
      std::byte* o = out + row * last * int64_t(E);
      const std::byte* src = in + off * int64_t(E);
      if (ls == 1) {
        std::memcpy(o, src, size_t(last) * E);
      } else {
        for (int64_t j = 0; j < last; ++j)
          std::memcpy(o + j * int64_t(E), src + j * ls * int64_t(E), E);
      }
    }
  });
}

void gather(const KernelCtx& ctx, const Tensor& in, Tensor& out,
            const std::vector<int64_t>& istride, int64_t base) {
  switch (elem_bytes(ctx, in.dtype())) {
    case 1:
      return gather_e<1>(in.bytes(), out.bytes(), out.shape(), istride, base);
    case 2:
      return gather_e<2>(in.bytes(), out.bytes(), out.shape(), istride, base);
    case 4:
      return gather_e<4>(in.bytes(), out.bytes(), out.shape(), istride, base);
    default:
      return gather_e<8>(in.bytes(), out.bytes(), out.shape(), istride, base);
  }
}

void transpose(KernelCtx& ctx) {
  const Tensor& in = ctx.input(0);
  // The verifier's permutation (transpose_c1: perm, upstream's dim names, or reversed dims).
  auto perm = ops::transpose_perm(ctx.op, in.rank());
  if (!perm || static_cast<int64_t>(perm->size()) != in.rank()) ctx.fail("bad 'perm'");
  auto s = row_major_strides(in.shape());
  std::vector<int64_t> istride;
  for (int64_t p : *perm) istride.push_back(s[size_t(p)]);
  gather(ctx, in, ctx.output(), istride, 0);
}

}  // namespace

void kernel_Transpose(KernelCtx& c) { transpose(c); }
void kernel_Permute(KernelCtx& c) { transpose(c); }

void kernel_Reshape(KernelCtx& ctx) {
  const Tensor& in = ctx.input(0);
  if (in.nbytes() != ctx.output().nbytes()) ctx.fail("internal: reshape size mismatch");
  std::memcpy(ctx.output().bytes(), in.bytes(), in.nbytes());
}

void kernel_Broadcast(KernelCtx& ctx) {
  const Tensor& in = ctx.input(0);
  Tensor& out = ctx.output();
  std::vector<int64_t> map;
  if (auto dims = ctx.op.attrs.get("broadcast_dimensions"))
    map = *dims->as_int_array();
  else
    for (int64_t k = 0; k < in.rank(); ++k) map.push_back(out.rank() - in.rank() + k);
  auto s = row_major_strides(in.shape());
  std::vector<int64_t> istride(size_t(out.rank()), 0);
  for (size_t k = 0; k < map.size(); ++k)
    if (in.dim(int64_t(k)) != 1) istride[size_t(map[k])] = s[k];
  gather(ctx, in, out, istride, 0);
}

void kernel_Concat(KernelCtx& ctx) {
  Tensor& out = ctx.output();
  const size_t e = elem_bytes(ctx, out.dtype());
  const int64_t rank = out.rank();
  int64_t axis = ctx.op.attrs.get_int("axis", 0);
  if (axis < 0) axis += rank;
  int64_t outer = 1;
  for (int64_t d = 0; d < axis; ++d) outer *= out.dim(d);
  const int64_t out_row = out.numel() / (outer == 0 ? 1 : outer) * int64_t(e);
  int64_t offset = 0;
  for (const Tensor* t : ctx.in) {
    const int64_t row = outer == 0 ? 0 : t->numel() / outer * int64_t(e);
    for (int64_t o = 0; o < outer; ++o)
      std::memcpy(out.bytes() + o * out_row + offset, t->bytes() + o * row, size_t(row));
    offset += row;
  }
}

void kernel_Slice(KernelCtx& ctx) {
  const Tensor& in = ctx.input(0);
  const auto& at = ctx.op.attrs;
  auto start = *at.get("start")->as_int_array();
  std::vector<int64_t> strides(start.size(), 1);
  if (auto s = at.get("strides")) strides = *s->as_int_array();
  auto s = row_major_strides(in.shape());
  std::vector<int64_t> istride(start.size());
  int64_t base = 0;
  for (size_t d = 0; d < start.size(); ++d) {
    istride[d] = s[d] * strides[d];
    base += start[d] * s[d];
  }
  gather(ctx, in, ctx.output(), istride, base);
}

void kernel_Constant(KernelCtx& ctx) {
  const ir::Attr* v = ctx.op.attrs.get("value");
  Tensor& out = ctx.output();
  if (!v || v->data.size() != out.nbytes()) ctx.fail("internal: constant size mismatch");
  // An empty constant (an empty result lowered to no launch) has no data: no copy, and
  // memcpy of a null pointer is undefined even for 0 bytes.
  if (out.nbytes() != 0) std::memcpy(out.bytes(), v->data.data(), out.nbytes());
}

}  // namespace tessera::interp
