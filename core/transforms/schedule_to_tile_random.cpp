// tessera.uniform, tessera.rng_uniform, tessera.dropout and tessera_rng.bernoulli as scalar
// kernels: element i draws its Philox word(s) through schedule_to_tile_philox.h and repeats the
// Graph IR kernel's arithmetic (interp/graph/kernels_random.cpp, kernels_misc_views.cpp): the
// same uniforms (exact in f32 and f64), one rounding per step in the compute type, one rounding
// to storage. The offset operand, when negative, selects the address past its end, so the
// tile.load that follows stops the run with the bounds error (uniform_c4, dropout_c5).
#include "core/transforms/schedule_to_tile_random.h"

#include <algorithm>
#include <array>
#include <cstdint>
#include <optional>
#include <vector>

#include "core/transforms/schedule_to_tile_index.h"
#include "core/transforms/schedule_to_tile_philox.h"
#include "core/transforms/schedule_to_tile_text.h"

namespace tessera::transforms {

namespace {

using scalar_text::Text;
constexpr DType I64 = DType::i64;
/// The most elements one group draws: groups of consecutive elements keep a launch parallel.
constexpr int64_t kMaxRun = 1024;

/// The compute type of the Graph IR kernel for storage type t (random.md: f64 for f64, f32
/// otherwise), or nullopt for a type the scalar kernel does not store (fp8 and other formats
/// whose rounding at storage has its own options).
std::optional<DType> compute_type(DType t) {
  if (t == DType::f64) return DType::f64;
  if (computed_in_f32(t)) return DType::f32;
  return std::nullopt;
}

/// The largest divisor of n that is at most kMaxRun: the elements of one group.
int64_t run_length(int64_t n) {
  for (int64_t w = std::min(n, kMaxRun); w > 1; --w)
    if (n % w == 0) return w;
  return 1;
}

/// The stream words of `stream` plus the offset operand `%in<k>` (when `offset`): an index
/// value >= 0 after a load that fails when it is negative.
std::array<std::string, 2> stream_words(Text& t, uint64_t stream, bool offset, int k, DType ot) {
  if (!offset) {
    const std::string lo = t.int_cst(int64_t(stream & 0xFFFFFFFFu), I64);
    const std::string hi = t.int_cst(int64_t(stream >> 32), I64);
    return {lo, hi};
  }
  const std::string mem = "%in" + std::to_string(k);
  const bool u = ot == DType::u8 || ot == DType::u16 || ot == DType::u32 || ot == DType::u64;
  const char* cast = u ? "arith.index_castui" : "arith.index_cast";
  const std::string first = t.un(cast, t.load(mem, ot, "%c0"), ot, DType::index);
  // A negative offset (or a ui64 one of 2^63 or more) reads element 1 of the one-element
  // operand: the bounds error stops the run as the Graph IR kernel's check does.
  const std::string neg = t.cmpi("slt", first, "%c0");
  const std::string at = t.select(neg, "%c1", "%c0", DType::index);
  const std::string v = t.un(cast, t.load(mem, ot, at), ot, DType::index);
  const std::string sc = t.icst(int64_t(stream));
  const std::string sum = t.idx("arith.addi", sc, v);  // modulo 2^64, as the kernel's uint64_t
  return philox::split64(t, t.un("arith.index_cast", sum, DType::index, I64));
}

struct Plan {
  DType st;                   // result storage type
  std::optional<DType> ct;    // compute type (floats)
  std::vector<DType> ins;     // operand storage types
  std::vector<int64_t> flat;  // operand sizes
  int offset = -1;            // the offset operand's position, or -1
  int64_t n = 0;
};

/// The element value of output element `i` (an index value) of `op`, of type p.ct (or i1).
std::string element(Text& t, const ir::Op& op, const Plan& p, const std::array<std::string, 2>& s,
                    const std::string& i) {
  const uint64_t seed = uint64_t(op.attrs.get_int("seed", 0));
  if (op.name == "tessera_rng.bernoulli") {
    const std::string u = philox::u24(t, philox::word(t, seed, s, i), DType::f64);
    const std::string pc = t.fcst(op.attrs.get_float("p", 0.5), DType::f64);
    return t.cmpf("olt", u, pc, DType::f64);
  }
  const DType ct = *p.ct;
  if (op.name == "tessera.dropout") {
    const std::string x = t.load_as("%in0", p.st, ct, i);
    if (!op.attrs.get_bool("training", true)) return x;
    const double pr = op.attrs.get_float("p", 0.5);
    const std::string u = philox::u24(t, philox::word(t, seed, s, i), DType::f64);
    const std::string pc = t.fcst(pr, DType::f64);
    const std::string keep = t.cmpf("oge", u, pc, DType::f64);
    // scale = T(1 / (1 - p)): the quotient in f64, rounded to the compute type (fcst).
    const std::string scale =
        t.fcst(ct == DType::f64 ? 1.0 / (1.0 - pr) : double(float(1.0 / (1.0 - pr))), ct);
    const std::string y = t.bin("arith.mulf", x, scale, ct);
    const std::string zero = t.fcst(0.0, ct);
    return t.select(keep, y, zero, ct);
  }
  // uniform, rng_uniform: lo + w * u, lo = T(low), w = T(high) - lo (one rounding each).
  const double low = op.attrs.get_float("low", 0.0), high = op.attrs.get_float("high", 1.0);
  const double lo = ct == DType::f64 ? low : double(float(low));
  const double w = ct == DType::f64 ? high - low : double(float(high) - float(low));
  const std::string u = ct == DType::f64 ? philox::u53(t, philox::word_pair(t, seed, s, i))
                                         : philox::u24(t, philox::word(t, seed, s, i), ct);
  const std::string wc = t.fcst(w, ct);
  const std::string lc = t.fcst(lo, ct);
  return t.bin("arith.addf", lc, t.bin("arith.mulf", wc, u, ct), ct);
}

/// Operand and result types of the group, or why it stays.
std::string check(const ir::Op& group, const ir::Op& op, Plan& p) {
  if (group.results.size() != 1) return "a random group of several results";
  const ir::Type& r = group.result(0)->type;
  if (!r.is_tensor() || !r.has_static_shape()) return "not a static shape";
  const std::optional<int64_t> n = r.num_elements();
  if (!n) return "too many elements";
  if (*n == 0) return "an empty tensor";
  p.n = *n;
  p.st = r.dtype;
  const bool bern = op.name == "tessera_rng.bernoulli", drop = op.name == "tessera.dropout";
  if (bern) {
    if (r.dtype != DType::i1) return "a bernoulli result other than i1";
  } else if (!(p.ct = compute_type(r.dtype))) {
    return "results of " + index_kernel::ty(r.dtype) + " (f32, f64, bf16 and f16 lower)";
  }
  const size_t data = bern || drop ? 1 : 0;  // operands before the optional offset
  if (group.operands.size() < data || group.operands.size() > data + (bern ? 0 : 1))
    return "a random group of other operands than the op's";
  for (size_t k = 0; k < group.operands.size(); ++k) {
    const ir::Type& a = group.operands[k]->type;
    if (!a.is_tensor() || !a.has_static_shape()) return "not a static shape";
    if (!index_kernel::movable(a.dtype)) return "an operand of " + index_kernel::ty(a.dtype);
    const std::optional<int64_t> m = a.num_elements();
    if (!m) return "too many elements";
    if (k == data) {
      if (!index_kernel::index_type(a.dtype) || *m != 1)
        return "an offset of other than one integer";
      p.offset = int(k);
    }
    p.ins.push_back(a.dtype);
    p.flat.push_back(std::max<int64_t>(*m, 1));
  }
  if (drop && group.operands[0]->type.dtype != r.dtype) return "a dropout changing the type";
  return "";
}

}  // namespace

bool is_random_op(std::string_view op) {
  return op == "tessera.uniform" || op == "tessera.rng_uniform" || op == "tessera.dropout" ||
         op == "tessera_rng.bernoulli";
}

ScalarKernel plan_random(const ir::Op& group, const ir::Op& op, const std::string& name) {
  Plan p;
  if (std::string why = check(group, op, p); !why.empty()) return ScalarKernel::stay(why);
  const int64_t w = run_length(p.n), rows = p.n / w;
  Text t;
  t.k << scalar_text::header(name, p.ins, p.st);
  const uint64_t stream = uint64_t(op.attrs.get_int("stream", 0));
  const std::array<std::string, 2> s = stream_words(t, stream, p.offset >= 0, p.offset,
                                                    p.offset >= 0 ? p.ins[size_t(p.offset)] : I64);
  const std::string wc = t.icst(w);
  const std::string base = t.idx("arith.muli", "%g", wc);
  t.each("%c0", wc, "%c1", [&](const std::string& j) {
    const std::string i = t.idx("arith.addi", base, j);
    const std::string v = element(t, op, p, s, i);
    if (p.ct)
      t.store_as(v, *p.ct, p.st, "%g", j);
    else
      t.store(v, DType::i1, "%g", j);
  });
  ScalarKernel k;
  k.kernel = t.end();
  k.grid = {rows};
  k.flat = p.flat;
  k.out_2d = {rows, w};
  return k;
}

}  // namespace tessera::transforms
