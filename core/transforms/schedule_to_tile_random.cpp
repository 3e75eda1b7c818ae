// tessera.uniform, tessera.rng_uniform, tessera.dropout, tessera_rng.bernoulli and
// tessera.poisson as scalar kernels: element i draws its Philox word(s) through
// schedule_to_tile_philox.h and repeats the Graph IR kernel's arithmetic
// (interp/graph/kernels_random.cpp, kernels_misc_views.cpp): the same uniforms (exact in f32 and
// f64), one rounding per step in the compute type, one rounding to storage. The offset operand,
// when negative, selects the address past its end, so the tile.load that follows stops the run with
// the bounds error (uniform_c4, dropout_c5).
#include "core/transforms/schedule_to_tile_random.h"

#include <algorithm>
#include <array>
#include <cstdint>
#include <optional>
#include <vector>

#include "core/ops/random_spec.h"
#include "core/transforms/schedule_to_tile_cos64.h"
#include "core/transforms/schedule_to_tile_emit.h"
#include "core/transforms/schedule_to_tile_exp64.h"
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

/// poisson's count for the uniform `u` (f64): k = 0, p = f = exp(-lam) (a constant); while
/// u >= f and p > 0 and k < 4096: k = k + 1, p = (p * lam) / k, f = f + p (one scf.while, f64
/// steps rounded as the kernel's). Returns k, an i64.
std::string poisson_count(Text& t, const std::string& u, double lam) {
  constexpr DType F = DType::f64;
  const std::string k0 = t.int_cst(0, I64);
  const std::string p0 = t.fcst(ops::poisson_p0(lam), F);
  const std::string zero = t.fcst(0.0, F), lc = t.fcst(lam, F);
  const std::string one = t.int_cst(1, I64), cap = t.int_cst(4096, I64);
  const std::string r = t.fresh(), k = t.fresh(), p = t.fresh(), f = t.fresh();
  const std::string sig = "(i64, f64, f64)";
  t.k << t.ind << r << ":3 = \"scf.while\"(" << k0 << ", " << p0 << ", " << p0 << ") ({\n"
      << t.ind << "^bb0(" << k << ": i64, " << p << ": f64, " << f << ": f64):\n";
  const std::string outer = t.ind;
  t.ind += "  ";
  const std::string more = t.cmpf("oge", u, f, F);
  const std::string pos = t.cmpf("ogt", p, zero, F);
  const std::string below = t.cmpi("slt", k, cap, I64);
  const std::string go = t.logic("arith.andi", t.logic("arith.andi", more, pos), below);
  t.k << t.ind << "\"scf.condition\"(" << go << ", " << k << ", " << p << ", " << f
      << ") : (i1, i64, f64, f64) -> ()\n";
  t.ind = outer;
  const std::string k2 = t.fresh(), p2 = t.fresh(), f2 = t.fresh();
  t.k << t.ind << "}, {\n"
      << t.ind << "^bb0(" << k2 << ": i64, " << p2 << ": f64, " << f2 << ": f64):\n";
  t.ind += "  ";
  const std::string kn = t.bin("arith.addi", k2, one, I64);
  const std::string kd = t.un("arith.sitofp", kn, I64, F);
  const std::string pn = t.bin("arith.divf", t.bin("arith.mulf", p2, lc, F), kd, F);
  const std::string fn = t.bin("arith.addf", f2, pn, F);
  t.k << t.ind << "\"scf.yield\"(" << kn << ", " << pn << ", " << fn << ") : " << sig << " -> ()\n";
  t.ind = outer;
  t.k << t.ind << "}) : " << sig << " -> " << sig << "\n";
  return r + "#0";
}

/// randn and its guide names (the same Graph IR kernel: kernels_misc_views.cpp).
bool is_normal(std::string_view op) {
  return op == "tessera.randn" || op == "tessera.rng_normal" || op == "tessera_rng.normal";
}

/// The element value of output element `i` (an index value) of `op`, of type p.ct (or i1).
std::string element(Text& t, const ir::Op& op, const Plan& p, const std::array<std::string, 2>& s,
                    const std::string& i) {
  const uint64_t seed = uint64_t(op.attrs.get_int("seed", 0));
  if (op.name == "tessera_rng.bernoulli") {
    const std::string u = philox::u24(t, philox::word(t, seed, s, i), DType::f64);
    const std::string pc = t.fcst(op.attrs.get_float("p", 0.5), DType::f64);
    return t.cmpf("olt", u, pc, DType::f64);
  }
  if (op.name == "tessera.poisson") {
    const std::string u = philox::u53(t, philox::word_pair(t, seed, s, i));
    const std::string k = poisson_count(t, u, op.attrs.get_float("lam", 1.0));
    if (p.st == I64) return k;
    if (p.st == DType::i32)
      return t.un("arith.index_cast", t.un("arith.index_cast", k, I64, DType::index), DType::index,
                  DType::i32);                  // k <= 4096: exact
    return t.un("arith.sitofp", k, I64, p.st);  // exact
  }
  const DType ct = *p.ct;
  if (is_normal(op.name)) {  // randn: mean + stddev * box_muller(u1, u2) in f64
    constexpr DType F = DType::f64;
    const std::string z = randn_normal(t, philox::word_pair(t, seed, s, i));
    const std::string sz = t.bin("arith.mulf", t.fcst(op.attrs.get_float("stddev", 1.0), F), z, F);
    return t.bin("arith.addf", t.fcst(op.attrs.get_float("mean", 0.0), F), sz, F);
  }
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
  const bool like = op.name == "tessera_rng.normal";  // the operand gives only the shape
  if (is_normal(op.name)) {
    // f64, computed in f64, and f32, rounded once from it (the kernel's static_cast<T>).
    if (r.dtype != DType::f32 && r.dtype != DType::f64)
      return "randn results of " + index_kernel::ty(r.dtype) + " (f32 and f64 lower)";
    p.ct = DType::f64;
  } else if (bern) {
    if (r.dtype != DType::i1) return "a bernoulli result other than i1";
  } else if (op.name == "tessera.poisson") {
    if (r.dtype != DType::i32 && r.dtype != DType::i64 && r.dtype != DType::f32 &&
        r.dtype != DType::f64)
      return "poisson counts of " + index_kernel::ty(r.dtype);
  } else if (!(p.ct = compute_type(r.dtype))) {
    return "results of " + index_kernel::ty(r.dtype) + " (f32, f64, bf16 and f16 lower)";
  }
  const size_t data = bern || drop || like ? 1 : 0;  // operands before the optional offset
  if (group.operands.size() < data || group.operands.size() > data + (bern || like ? 0 : 1))
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
         op == "tessera_rng.bernoulli" || op == "tessera.poisson" || is_normal(op);
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
      t.store(v, p.st, "%g", j);
  });
  ScalarKernel k;
  k.kernel = t.end();
  k.grid = {rows};
  k.flat = p.flat;
  k.out_2d = {rows, w};
  return k;
}

std::string box_muller_f64(Text& t, const std::string& u1, const std::string& u2) {
  constexpr DType F = DType::f64;
  TextEmit te{t};
  const std::string lg = log64_emit(u1, te);
  const std::string m2 = t.bin("arith.mulf", t.fcst(-2.0, F), lg, F);
  const std::string r = t.un("tile.sqrt", m2, F, F);
  const std::string a = t.bin("arith.mulf", t.fcst(ops::kRandnTwoPi, F), u2, F);
  return t.bin("arith.mulf", r, cos64_f64(t, a), F);
}

std::string randn_normal(Text& t, const std::array<std::string, 2>& w) {
  constexpr DType F = DType::f64;
  // u1 = ((w0 >> 8) + 1) 2^-24 = u24(w0) + 2^-24 and u2 = u24(w1), exact in f64.
  const std::string u1 = t.bin("arith.addf", philox::u24(t, w[0], F), t.fcst(0x1p-24, F), F);
  const std::string u2 = philox::u24(t, w[1], F);
  return box_muller_f64(t, u1, u2);
}

}  // namespace tessera::transforms
