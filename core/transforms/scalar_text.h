// Scalar Tile IR kernel text with numbered values: the builder the scalar kernels of
// schedule-to-tile share (schedule_to_tile_reduce.cpp, _attnstate*.cpp, _norm.cpp). Every helper
// writes one op (or one loop) at the current indentation and returns its result's name.
#pragma once

#include <cstdint>
#include <sstream>
#include <string>
#include <vector>

#include "core/numerics/dtype.h"

namespace tessera::transforms {

/// The MLIR spelling of `t` (f32, f64, bf16, index, ...).
std::string mlir_type(DType t);

/// `func.func @name(%in0: memref<?xT0>, ..., %out: memref<?x?xTout>) {` with `%g` (the group id
/// along dim 0), `%c0` and `%c1` (index constants) defined.
std::string scalar_header(const std::string& name, const std::vector<DType>& ins, DType out);

/// The most elements a scalar kernel keeps in one local buffer: Target IR gives every lane its
/// own copy (CUDA local memory), 16 KiB of f32.
inline constexpr int64_t kMaxLocalElements = 4096;

/// f32, bf16 or f16: the types a Graph IR kernel without the low-precision trait computes in f32
/// (the executor widens bf16/f16 operands exactly and rounds the results once at storage).
inline bool computed_in_f32(DType t) {
  return t == DType::f32 || t == DType::bf16 || t == DType::f16;
}

/// A per-tile local buffer (tile.alloc_register) of `n` elements of `t`.
struct LocalBuffer {
  std::string name;
  std::string type;  ///< `memref<n x T, 5>`
  DType t;
};

struct ScalarText {
  std::ostringstream k;
  int next = 0;
  std::string ind = "    ";

  std::string fresh() { return "%t" + std::to_string(next++); }
  std::string icst(int64_t v);
  /// An `arith.constant` of `t` from `v` (shortest round-trip digits; non-finite as bits).
  std::string fcst(double v, DType t);
  /// `op a, b` on index values.
  std::string idx(const char* op, const std::string& a, const std::string& b);
  /// `op a, b` on two values of `t`, result `t`.
  std::string bin(const char* op, const std::string& a, const std::string& b, DType t);
  /// A one-operand op from `from` to `to`.
  std::string un(const char* op, const std::string& a, DType from, DType to);
  /// `arith.cmpf` with `pred` ("olt", "ogt", "oeq", "uno", ...): an i1.
  std::string cmpf(const char* pred, const std::string& a, const std::string& b, DType t);
  /// `arith.select c, a, b` on values of `t`.
  std::string select(const std::string& c, const std::string& a, const std::string& b, DType t);
  /// `arith.andi` of two i1.
  std::string and1(const std::string& a, const std::string& b);
  /// `arith.truncf` f64 -> f32 with the numeric_policy rounding `mode` (rne, rtz, rup, rdown).
  std::string truncf_mode(const std::string& a, const char* mode);
  /// `mem[i]` of a `memref<?xT>` kernel parameter.
  std::string load(const std::string& mem, DType t, const std::string& i);
  /// `mem[i]` of storage type `st` as a value of `t` (`convert`: narrow floats widen exactly,
  /// as the Graph IR executor widens them around a kernel).
  std::string load_as(const std::string& mem, DType st, DType t, const std::string& i);
  /// `%out[row, col] = v` of type `t` stored as `st` (one RNE rounding: the executor's rounding
  /// of a widened kernel's result at storage).
  void store_out_as(const std::string& v, DType t, DType st, const std::string& row,
                    const std::string& col);
  /// A float conversion with the Graph IR kernel's static_cast: exact widening or one RNE
  /// rounding (arith.extf / arith.truncf: num::convert_bits, docs/ops/tile/scalar.md).
  std::string convert(const std::string& v, DType from, DType to);
  /// `%out[row, %c0] = v`.
  void store(const std::string& v, DType t, const std::string& row);
  /// `%out[row, col] = v`.
  void store_out(const std::string& v, DType t, const std::string& row, const std::string& col);
  LocalBuffer alloc(int64_t n, DType t);
  std::string load_local(const LocalBuffer& b, const std::string& i);
  void store_local(const std::string& v, const LocalBuffer& b, const std::string& i);

  /// std::max(a, b) of the Graph IR kernels: (a < b) ? b : a, so a NaN b is skipped.
  std::string std_max(const std::string& a, const std::string& b, DType t);
  /// The softmax weights of f32 scores in `buf`: buf[j] = exp(buf[j] - m) (tile.exp: the
  /// spec's expf) for j in [0, n), and their sum folded from +0 in increasing j (`s += e_j`).
  std::string exp_shift_sum(const LocalBuffer& buf, const std::string& n, const std::string& m);

  /// std::fma(a, b, c) of three f32 values, rounded once, from f64 ops: the product is exact in
  /// f64 and the sum P + C rounds once (S); its error e comes exactly from TwoSum. S rounded to
  /// f32 is the fma unless S is a midpoint of two f32 neighbours L < U and e != 0 (a second
  /// rounding would then break the tie by evenness): then the fma is U (e > 0) or L (e < 0).
  /// L and U are S rounded down and up, clamped to +-2^128 so that the overflow threshold
  /// (FLT_MAX + half an ulp) is a midpoint too. Infinite or NaN S: S rounded (e is NaN).
  std::string fma_f32(const std::string& a, const std::string& b, const std::string& c);

  /// "scf.for"(lb, ub, 1, init) carrying one scalar of type t; `body` gets the induction
  /// variable and the carried value and returns the next one.
  template <typename F>
  std::string fold(const std::string& lb, const std::string& ub, const std::string& one,
                   const std::string& init, DType t, F body) {
    const std::string r = fresh(), iv = fresh(), a = fresh();
    k << ind << r << " = \"scf.for\"(" << lb << ", " << ub << ", " << one << ", " << init
      << ") ({\n"
      << ind << "^bb0(" << iv << ": index, " << a << ": " << mlir_type(t) << "):\n";
    const std::string outer = ind;
    ind += "  ";
    const std::string next_value = body(iv, a);
    k << ind << "\"scf.yield\"(" << next_value << ") : (" << mlir_type(t) << ") -> ()\n";
    ind = outer;
    k << ind << "}) : (index, index, index, " << mlir_type(t) << ") -> " << mlir_type(t) << "\n";
    return r;
  }

  /// "scf.for"(lb, ub, %c1) without carried values; `body` gets the induction variable.
  template <typename F>
  void each(const std::string& lb, const std::string& ub, F body) {
    const std::string iv = fresh();
    k << ind << "\"scf.for\"(" << lb << ", " << ub << ", %c1) ({\n"
      << ind << "^bb0(" << iv << ": index):\n";
    const std::string outer = ind;
    ind += "  ";
    body(iv);
    k << ind << "\"scf.yield\"() : () -> ()\n";
    ind = outer;
    k << ind << "}) : (index, index, index) -> ()\n";
  }
};

}  // namespace tessera::transforms
