// Text of the scalar kernels of the Schedule -> Tile lowering (schedule_to_tile_reduce.cpp,
// schedule_to_tile_rl.cpp, schedule_to_tile_bce.cpp): numbered scalar statements, sequential
// folds and the kernel header.
#pragma once

#include <sstream>
#include <string>
#include <vector>

#include "core/ir/attribute.h"
#include "core/ir/ir.h"

namespace tessera::transforms::scalar_text {

/// The MLIR name of an element type.
inline std::string ty(DType t) { return std::string(dtype_mlir_name(t)); }

/// bf16, f16 and the 8/6/4-bit floats: widened to f32 by the Graph IR kernels.
inline bool narrow(DType t) { return dtype_is_low_precision_float(t); }

/// Kernel text with numbered scalar values (%t0, %t1, ...), each helper one statement.
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
    const std::string r = fresh(), iv = fresh(), a = fresh();
    k << ind << r << " = \"scf.for\"(" << lb << ", " << ub << ", " << one << ", " << init
      << ") ({\n"
      << ind << "^bb0(" << iv << ": index, " << a << ": " << ty(t) << "):\n";
    const std::string outer = ind;
    ind += "  ";
    const std::string next = body(iv, a);
    k << ind << "\"scf.yield\"(" << next << ") : (" << ty(t) << ") -> ()\n";
    ind = outer;
    k << ind << "}) : (index, index, index, " << ty(t) << ") -> " << ty(t) << "\n";
    return r;
  }
  // arith.cmpf `pred` of two scalars of type t (an i1).
  std::string cmpf(const char* pred, const std::string& a, const std::string& b, DType t) {
    std::string r = fresh();
    k << ind << r << " = arith.cmpf " << a << ", " << b << " {predicate = \"" << pred << "\"} : ("
      << ty(t) << ", " << ty(t) << ") -> i1\n";
    return r;
  }
  // An integer constant of type t.
  std::string int_cst(int64_t v, DType t) {
    std::string r = fresh();
    k << ind << r << " = arith.constant {value = " << v << " : " << ty(t) << "} : " << ty(t)
      << "\n";
    return r;
  }
  // arith.cmpi `pred` of two integer scalars of type t (an i1).
  std::string cmpi(const char* pred, const std::string& a, const std::string& b,
                   DType t = DType::index) {
    std::string r = fresh();
    k << ind << r << " = arith.cmpi " << a << ", " << b << " {predicate = \"" << pred << "\"} : ("
      << ty(t) << ", " << ty(t) << ") -> i1\n";
    return r;
  }
  // The index `at` when 0 <= label < classes, else `oob` (an index out of bounds, whose load
  // stops the run as the Graph IR kernels' label checks stop theirs).
  std::string label_at(const std::string& label, const std::string& classes, const std::string& at,
                       const std::string& oob) {
    const std::string lo = cmpi("sge", label, "%c0");
    const std::string hi = cmpi("slt", label, classes);
    return select(bin("arith.andi", lo, hi, DType::i1), at, oob, DType::index);
  }
  // arith.select c, a, b of scalars of type t.
  std::string select(const std::string& c, const std::string& a, const std::string& b, DType t) {
    std::string r = fresh();
    k << ind << r << " = arith.select " << c << ", " << a << ", " << b << " : (i1, " << ty(t)
      << ", " << ty(t) << ") -> " << ty(t) << "\n";
    return r;
  }
  // Closes the kernel; its whole text.
  std::string end() {
    k << "    return\n  }\n";
    return k.str();
  }
  void store(const std::string& v, DType t, const std::string& row) {
    k << ind << "tile.store " << v << ", %out, " << row << ", %c0 : (" << ty(t) << ", memref<?x?x"
      << ty(t) << ">, index, index) -> ()\n";
  }
};

/// `func.func @name(%in<i>: memref<?xT_i>, ..., %out: memref<?x?xT>)` with %g (the group id),
/// %c0 and %c1 defined.
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

}  // namespace tessera::transforms::scalar_text
