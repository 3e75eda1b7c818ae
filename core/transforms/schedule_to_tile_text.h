// Kernel text of the scalar Schedule -> Tile lowerings: numbered scalar values, constants,
// conversions and scf.for folds (schedule_to_tile_reduce.cpp, schedule_to_tile_attn.cpp).
#pragma once

#include <sstream>
#include <string>
#include <vector>

#include "core/ir/attribute.h"
#include "core/ir/ir.h"

namespace tessera::transforms::scalar_text {

inline std::string ty(DType t) { return std::string(dtype_mlir_name(t)); }

inline bool narrow(DType t) { return dtype_is_low_precision_float(t); }

// Kernel text with numbered scalar values.
struct Text {
  std::ostringstream k;
  int next = 0;
  std::string ind = "    ";

  std::string fresh() { return "%t" + std::to_string(next++); }
  std::string icst(int64_t v) {
    std::string r = fresh();
    k << ind << r << " = arith.constant {value = " << v << " : index} : index\n";
    return r;
  }
  std::string fcst(double v, DType t) {
    std::string r = fresh();
    k << ind << r << " = arith.constant {value = " << ir::format_float(v, t) << " : " << ty(t)
      << "} : " << ty(t) << "\n";
    return r;
  }
  std::string idx(const char* op, const std::string& a, const std::string& b) {
    std::string r = fresh();
    k << ind << r << " = " << op << " " << a << ", " << b << " : index\n";
    return r;
  }
  std::string bin(const char* op, const std::string& a, const std::string& b, DType t) {
    std::string r = fresh();
    k << ind << r << " = " << op << " " << a << ", " << b << " : (" << ty(t) << ", " << ty(t)
      << ") -> " << ty(t) << "\n";
    return r;
  }
  std::string un(const char* op, const std::string& a, DType from, DType to) {
    std::string r = fresh();
    k << ind << r << " = " << op << " " << a << " : (" << ty(from) << ") -> " << ty(to) << "\n";
    return r;
  }
  std::string load(const std::string& mem, DType t, const std::string& i) {
    std::string r = fresh();
    k << ind << r << " = tile.load " << mem << ", " << i << " : (memref<?x" << ty(t)
      << ">, index) -> " << ty(t) << "\n";
    return r;
  }
  // A float conversion with the Graph IR kernel's static_cast: exact widening or one RNE
  // rounding (arith.extf / arith.truncf: num::convert_bits, docs/ops/tile/scalar.md).
  std::string convert(const std::string& v, DType from, DType to) {
    if (from == to) return v;
    const bool wider = to == DType::f64 || (to == DType::f32 && narrow(from));
    return un(wider ? "arith.extf" : "arith.truncf", v, from, to);
  }
  // "scf.for"(lb, ub, 1, init) carrying one scalar of type t; `body` gets the induction
  // variable and the carried value and returns the next one.
  template <typename F>
  std::string fold(const std::string& lb, const std::string& ub, const std::string& one,
                   const std::string& init, DType t, F body) {
    return folds(lb, ub, one, {init}, {t},
                 [&](const std::string& iv, const std::vector<std::string>& a) {
                   return std::vector<std::string>{body(iv, a[0])};
                 })
        .front();
  }
  // "scf.for"(lb, ub, one, inits...) carrying one scalar per init (types `ts`); `body` gets the
  // induction variable and the carried values and returns the next ones. Returns the results.
  template <typename F>
  std::vector<std::string> folds(const std::string& lb, const std::string& ub,
                                 const std::string& one, const std::vector<std::string>& inits,
                                 const std::vector<DType>& ts, F body) {
    std::vector<std::string> rs, as;
    std::string types;
    for (size_t i = 0; i < inits.size(); ++i) {
      rs.push_back(fresh());
      types += ", " + ty(ts[i]);
    }
    const std::string iv = fresh();
    for (size_t i = 0; i < inits.size(); ++i) as.push_back(fresh());
    k << ind;
    for (size_t i = 0; i < rs.size(); ++i) k << (i ? ", " : "") << rs[i];
    k << (rs.empty() ? "" : " = ") << "\"scf.for\"(" << lb << ", " << ub << ", " << one;
    for (const std::string& v : inits) k << ", " << v;
    k << ") ({\n" << ind << "^bb0(" << iv << ": index";
    for (size_t i = 0; i < as.size(); ++i) k << ", " << as[i] << ": " << ty(ts[i]);
    k << "):\n";
    const std::string outer = ind;
    ind += "  ";
    const std::vector<std::string> next = body(iv, as);
    k << ind << "\"scf.yield\"(";
    for (size_t i = 0; i < next.size(); ++i) k << (i ? ", " : "") << next[i];
    k << ") : (" << (types.empty() ? "" : types.substr(2)) << ") -> ()\n";
    ind = outer;
    k << ind << "}) : (index, index, index" << types << ") -> ";
    if (rs.size() == 1)
      k << ty(ts[0]);
    else
      k << "(" << (types.empty() ? "" : types.substr(2)) << ")";
    k << "\n";
    return rs;
  }
  // "scf.for"(lb, ub, one) without carried values; `body` gets the induction variable.
  template <typename F>
  void each(const std::string& lb, const std::string& ub, const std::string& one, F body) {
    folds(lb, ub, one, {}, {}, [&](const std::string& iv, const std::vector<std::string>&) {
      body(iv);
      return std::vector<std::string>{};
    });
  }
  // "scf.if"(cond) with `body` in the then region and an empty else region.
  template <typename F>
  void when(const std::string& cond, F body) {
    k << ind << "\"scf.if\"(" << cond << ") ({\n";
    const std::string outer = ind;
    ind += "  ";
    body();
    k << ind << "\"scf.yield\"() : () -> ()\n";
    ind = outer;
    k << ind << "}, {\n" << ind << "  \"scf.yield\"() : () -> ()\n" << ind << "}) : (i1) -> ()\n";
  }
  // arith.cmpf (floats) or arith.cmpi with `pred` on two scalars of type t: an i1.
  std::string cmp(const char* pred, const std::string& a, const std::string& b, DType t) {
    std::string r = fresh();
    const bool fl = t == DType::f32 || t == DType::f64;
    k << ind << r << " = arith.cmp" << (fl ? "f " : "i ") << a << ", " << b << " {predicate = \""
      << pred << "\"} : (" << ty(t) << ", " << ty(t) << ") -> i1\n";
    return r;
  }
  std::string select(const std::string& c, const std::string& a, const std::string& b, DType t) {
    std::string r = fresh();
    k << ind << r << " = arith.select " << c << ", " << a << ", " << b << " : (i1, " << ty(t)
      << ", " << ty(t) << ") -> " << ty(t) << "\n";
    return r;
  }
  // tile.load of a scalar of type t from `mem` of type `mt` at the indices "i, j, ...".
  std::string load_at(const std::string& mem, const std::string& mt, DType t, const std::string& at,
                      int rank = 1) {
    std::string r = fresh();
    k << ind << r << " = tile.load " << mem << ", " << at << " : (" << mt;
    for (int d = 0; d < rank; ++d) k << ", index";
    k << ") -> " << ty(t) << "\n";
    return r;
  }
  void store_at(const std::string& v, DType t, const std::string& mem, const std::string& mt,
                const std::string& at, int rank = 1) {
    k << ind << "tile.store " << v << ", " << mem << ", " << at << " : (" << ty(t) << ", " << mt;
    for (int d = 0; d < rank; ++d) k << ", index";
    k << ") -> ()\n";
  }
  void store(const std::string& v, DType t, const std::string& row) {
    k << ind << "tile.store " << v << ", %out, " << row << ", %c0 : (" << ty(t) << ", memref<?x?x"
      << ty(t) << ">, index, index) -> ()\n";
  }
};

/// The signature of a scalar kernel: flat operands %in0.. of `ins`, the result %out as
/// [rows, width] of `out`; %g is the group id, %c0 and %c1 the index constants.
inline std::string header(const std::string& name, const std::vector<DType>& ins, DType out) {
  std::ostringstream h;
  h << "  func.func @" << name << "(";
  for (size_t i = 0; i < ins.size(); ++i) h << "%in" << i << ": memref<?x" << ty(ins[i]) << ">, ";
  h << "%out: memref<?x?x" << ty(out) << ">) {\n"
    << "    %g = tile.group_id {dim = 0} : index\n"
    << "    %c0 = arith.constant {value = 0 : index} : index\n"
    << "    %c1 = arith.constant {value = 1 : index} : index\n";
  return h.str();
}

/// std::fma(a, b, c) of f32 scalars, rounded once (the Graph IR kernels' dot products and
/// accumulations), from the ops Tile IR has: no fused op exists (docs/ops/tile/scalar.md). The
/// product a * b is exact in f64 and the sum s = a * b + c rounds once there, its error e
/// exact by Knuth's two-sum. The f32 midpoints are f64 values and rounding is monotone, so
/// RN32(a * b + c) = RN32(s) unless s is exactly a midpoint of two f32 neighbours and e != 0;
/// then the exact sum lies on e's side of it, and s moved a quarter of the neighbours' gap
/// that way rounds there. A midpoint is found by reflecting r = RN32(s) through s: the
/// reflection 2s - r is an f32 exactly when s is one (an infinite r counts as +-2^128, so the
/// overflow threshold FLT_MAX + half an ulp is a midpoint too). Infinities and NaNs give a NaN
/// e, which never moves s. docs/ops/schedule/lowering.md, "Attention".
inline std::string fma_f32(Text& t, const std::string& a, const std::string& b,
                           const std::string& c) {
  constexpr DType f = DType::f32, d = DType::f64;
  // One value per statement: the text does not depend on the compiler's argument order.
  const std::string aw = t.convert(a, f, d), bw = t.convert(b, f, d);
  const std::string p = t.bin("arith.mulf", aw, bw, d);
  const std::string cd = t.convert(c, f, d);
  const std::string s = t.bin("arith.addf", p, cd, d);
  const std::string a1 = t.bin("arith.subf", s, cd, d), b1 = t.bin("arith.subf", s, a1, d);
  const std::string da = t.bin("arith.subf", p, a1, d), db = t.bin("arith.subf", cd, b1, d);
  const std::string e = t.bin("arith.addf", da, db, d);
  const std::string r = t.convert(s, d, f), rw = t.convert(r, f, d);
  const std::string fmax = t.fcst(3.4028234663852886e38, d), top = t.fcst(0x1p128, d);
  const std::string nfmax = t.un("arith.negf", fmax, d, d), ntop = t.un("arith.negf", top, d, d);
  const std::string hi = t.cmp("ogt", rw, fmax, d), lo = t.cmp("olt", rw, nfmax, d);
  const std::string rf = t.select(hi, top, t.select(lo, ntop, rw, d), d);
  const std::string dd = t.bin("arith.subf", s, rf, d), d2 = t.bin("arith.addf", dd, dd, d);
  const std::string nb = t.bin("arith.addf", rf, d2, d);
  const std::string on = t.cmp("oeq", t.convert(t.convert(nb, d, f), f, d), nb, d);
  const std::string zero = t.fcst(0.0, d), half = t.fcst(0.5, d);
  const std::string nz = t.cmp("one", e, zero, d);
  const std::string mid = t.bin("arith.andi", on, nz, DType::i1);
  const std::string h = t.bin("arith.mulf", dd, half, d), nh = t.un("arith.negf", h, d, d);
  const std::string ep = t.cmp("ogt", e, zero, d), dp = t.cmp("ogt", dd, zero, d);
  const std::string flip = t.bin("arith.xori", ep, dp, DType::i1);
  const std::string moved = t.convert(t.bin("arith.addf", s, t.select(flip, nh, h, d), d), d, f);
  return t.select(mid, moved, r, f);
}

}  // namespace tessera::transforms::scalar_text
