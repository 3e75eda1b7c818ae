// tessera.reduce kernel: sequential folds in row-major order, parallel over output elements only.
#include <algorithm>
#include <cmath>
#include <limits>
#include <optional>
#include <string>
#include <vector>

#include <tbb/parallel_for.h>

#include "interp/graph/ieee_minmax.h"
#include "interp/graph/isa.h"
#include "interp/graph/kernel.h"

namespace tessera::interp {
namespace {

/// Flat input offsets: `bases` of each output element (kept dims, row-major) and `offsets` of
/// each reduced element relative to a base (reduced dims, row-major = the documented order).
struct ReduceIndex {
  std::vector<int64_t> bases, offsets;
};

ReduceIndex index_reduction(const std::vector<int64_t>& shape, const std::vector<bool>& reduced) {
  std::vector<int64_t> strides = row_major_strides(shape);
  ReduceIndex ix{{0}, {0}};
  // Expanding dims from the outermost keeps both lists in row-major order.
  for (size_t d = 0; d < shape.size(); ++d) {
    auto& list = reduced[d] ? ix.offsets : ix.bases;
    std::vector<int64_t> next;
    next.reserve(list.size() * static_cast<size_t>(shape[d]));
    for (int64_t base : list)
      for (int64_t k = 0; k < shape[d]; ++k) next.push_back(base + k * strides[d]);
    list = std::move(next);
  }
  return ix;
}

/// Reads the explicitly requested accumulator type (numeric_policy accum), if any.
std::optional<DType> explicit_accum(const ir::Op& op) {
  const ir::Attr* pol = op.attrs.get("numeric_policy");
  const ir::Attr* acc = pol ? pol->get("accum") : nullptr;
  if (!acc || acc->kind != ir::Attr::Kind::string) return std::nullopt;
  if (acc->s == "f64") return DType::f64;
  if (acc->s == "f32") return DType::f32;
  return std::nullopt;
}

/// Whether v[i] == v[0] + i for every i (a run of neighbouring elements).
bool consecutive(const std::vector<int64_t>& v) {
  for (size_t i = 1; i < v.size(); ++i)
    if (v[i] != v[0] + static_cast<int64_t>(i)) return false;
  return true;
}

/// Outputs [o, o + G) at once: their G sequential chains (each in its documented order)
/// interleaved, so one chain's latency overlaps the others'. `col` says the outputs are
/// neighbours in memory (a reduction over leading axes): then the G chains step through one
/// contiguous run per reduced element, as vectors. Otherwise each reduced run is contiguous
/// (a reduction over trailing axes: offsets 0, 1, 2, ...).
template <int G, typename T, typename A>
void reduce_group(const T* in, const ReduceIndex& ix, int64_t o, T* out, bool col, bool is_max,
                  bool is_min, bool is_mean) {
  const auto& offs = ix.offsets;
  const size_t k_count = offs.size();
  const T* p[G];
  for (int g = 0; g < G; ++g) p[g] = in + ix.bases[static_cast<size_t>(o + g)];
  auto at = [&](int g, size_t j) { return col ? p[0][offs[j] + g] : p[g][j]; };
  if (is_max || is_min) {
    T acc[G];
    for (int g = 0; g < G; ++g) acc[g] = at(g, 0);
    for (size_t j = 1; j < k_count; ++j)
      for (int g = 0; g < G; ++g)
        acc[g] = is_max ? ieee_max(acc[g], at(g, j)) : ieee_min(acc[g], at(g, j));
    for (int g = 0; g < G; ++g) out[o + g] = acc[g];
    return;
  }
  A acc[G];
  for (int g = 0; g < G; ++g) acc[g] = static_cast<A>(at(g, 0));
  if (col) {
    for (size_t j = 1; j < k_count; ++j) {
      const T* row = p[0] + offs[j];
      for (int g = 0; g < G; ++g) acc[g] = acc[g] + static_cast<A>(row[g]);
    }
  } else {
    for (size_t j = 1; j < k_count; ++j)
      for (int g = 0; g < G; ++g) acc[g] = acc[g] + static_cast<A>(p[g][j]);
  }
  for (int g = 0; g < G; ++g) {
    if (is_mean) acc[g] = acc[g] / static_cast<A>(k_count);
    out[o + g] = static_cast<T>(acc[g]);
  }
}

template <typename T, typename A>
void run_reduce(KernelCtx& c, const ReduceIndex& ix, const std::string& kind) {
  const T* in = c.input(0).data<T>();
  T* out = c.output().data<T>();
  const auto& offs = ix.offsets;
  const int64_t k_count = static_cast<int64_t>(offs.size());
  const int64_t m = static_cast<int64_t>(ix.bases.size());
  const int64_t grain = std::max<int64_t>(1, 16384 / std::max<int64_t>(k_count, 1));
  const bool is_max = kind == "max", is_min = kind == "min", is_mean = kind == "mean";
  const bool col = consecutive(ix.bases), row = consecutive(offs);
  if (active_isa() != Isa::kScalar && k_count > 0 && (col || row)) {
    // Neighbouring outputs: 64 chains (a run of 256 bytes of f32 per reduced element); rows: 8.
    tbb::parallel_for(tbb::blocked_range<int64_t>(0, m, col ? 64 : std::max<int64_t>(8, grain)),
                      [&](auto r) {
                        int64_t o = r.begin();
                        if (col)
                          for (; o + 64 <= r.end(); o += 64)
                            reduce_group<64, T, A>(in, ix, o, out, true, is_max, is_min, is_mean);
                        for (; o + 8 <= r.end(); o += 8)
                          reduce_group<8, T, A>(in, ix, o, out, col, is_max, is_min, is_mean);
                        for (; o < r.end(); ++o)
                          reduce_group<1, T, A>(in, ix, o, out, col, is_max, is_min, is_mean);
                      });
    return;
  }
  // The readable reference: one output at a time.
  tbb::parallel_for(tbb::blocked_range<int64_t>(0, m, grain), [&](auto r) {
    for (int64_t o = r.begin(); o < r.end(); ++o) {
      const T* p = in + ix.bases[static_cast<size_t>(o)];
      if (is_max || is_min) {
        T acc = is_max ? -std::numeric_limits<T>::infinity() : std::numeric_limits<T>::infinity();
        if (k_count > 0) acc = p[offs[0]];
        for (int64_t j = 1; j < k_count; ++j)
          acc = is_max ? ieee_max(acc, p[offs[static_cast<size_t>(j)]])
                       : ieee_min(acc, p[offs[static_cast<size_t>(j)]]);
        out[o] = acc;
        continue;
      }
      // Sum: start from the first element (so a sum of -0s is -0); empty sum is +0.
      A acc = k_count > 0 ? static_cast<A>(p[offs[0]]) : A(0);
      for (int64_t j = 1; j < k_count; ++j)
        acc = acc + static_cast<A>(p[offs[static_cast<size_t>(j)]]);
      if (is_mean) acc = acc / static_cast<A>(k_count);
      out[o] = static_cast<T>(acc);
    }
  });
}

}  // namespace

void kernel_Reduce(KernelCtx& c) {
  const Tensor& x = c.input(0);
  const int64_t rank = x.rank();
  std::vector<bool> reduced(static_cast<size_t>(rank), true);
  if (const ir::Attr* axes = c.op.attrs.get("axes")) {
    // An integer names one axis (upstream's `axis = 1`, docs/ops/graph/reductions.md).
    auto v = axes->is_int() ? std::optional(std::vector<int64_t>{axes->i}) : axes->as_int_array();
    if (!v) c.fail("attribute 'axes' must be an integer or an array of integers");
    reduced.assign(static_cast<size_t>(rank), false);
    for (int64_t a : *v) {
      if (a < -rank || a >= rank) c.fail("axis out of range");
      reduced[static_cast<size_t>(a < 0 ? a + rank : a)] = true;
    }
  }
  std::string kind = c.op.attrs.get_string("kind", "");
  ReduceIndex ix = index_reduction(x.shape(), reduced);
  dispatch_float(c, x.dtype(), [&]<typename T>() {
    DType acc = explicit_accum(c.op).value_or(x.dtype());
    if (acc == DType::f64)
      run_reduce<T, double>(c, ix, kind);
    else
      run_reduce<T, float>(c, ix, kind);
  });
}

}  // namespace tessera::interp
