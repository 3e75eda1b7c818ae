// Scalar kernel text with numbered values, shared by the scalar kernels of schedule-to-tile
// (schedule_to_tile_reduce.cpp, _fma.cpp, _gemm_scalar.cpp): constants, arith ops, loads,
// conversions and scf.for folds carrying one scalar.
#pragma once

#include <cstdint>
#include <functional>
#include <map>
#include <sstream>
#include <string>
#include <vector>

#include "core/ir/attribute.h"
#include "core/ir/ir.h"

namespace tessera::transforms::scalar_text {

inline std::string ty(DType t) { return std::string(dtype_mlir_name(t)); }

inline bool narrow(DType t) { return dtype_is_low_precision_float(t); }

/// "memref<AxBxT>" of a static shape; `shared`: in shared memory (space 3).
inline std::string static_memref(const std::vector<int64_t>& shape, DType t, bool shared = false) {
  std::string m = "memref<";
  for (int64_t e : shape) m += std::to_string(e) + "x";
  return m + ty(t) + (shared ? ", 3>" : ">");
}

/// Kernel text with numbered scalar values.
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
  void store(const std::string& v, DType t, const std::string& row,
             const std::string& col = "%c0") {
    k << ind << "tile.store " << v << ", %out, " << row << ", " << col << " : (" << ty(t)
      << ", memref<?x?x" << ty(t) << ">, index, index) -> ()\n";
  }

  // Kernels on memrefs of static shapes with loops that carry several values
  // (schedule_to_tile_linalg.cpp, _fft.cpp). Values used across loops are hoisted: `head` is
  // the entry block's start (constants, allocations, the group's indices), printed before `k`.
  std::ostringstream head;
  std::map<std::string, std::string> hoisted;  // constant or allocation -> its name

  /// An index constant in the entry block, one per value.
  std::string c(int64_t v) {
    return hoist("i" + std::to_string(v),
                 "arith.constant {value = " + std::to_string(v) + " : index} : index");
  }
  /// A float constant of type t in the entry block (the shortest decimal of the double).
  std::string fc(double v, DType t) {
    const std::string lit = ir::format_float(v, t) + " : " + ty(t);
    return hoist(lit, "arith.constant {value = " + lit + "} : " + ty(t));
  }
  /// tile.alloc_shared of `memref` in the entry block (a group's buffer), named %`name`.
  void shared(const std::string& name, const std::string& memref) {
    head << "    %" << name << " = tile.alloc_shared : " << memref << "\n";
  }
  /// The indices of group %g over the dims `batch` (row-major): remsi and divsi from the
  /// innermost dim, in the entry block.
  std::vector<std::string> group_indices(const std::vector<int64_t>& batch) {
    std::vector<std::string> at(batch.size());
    std::string q = "%g";
    for (size_t d = batch.size(); d-- > 0;) {
      const std::string n = c(batch[d]);
      at[d] = fresh();
      head << "    " << at[d] << " = arith.remsi " << q << ", " << n << " : index\n";
      if (d == 0) break;
      const std::string r = fresh();
      head << "    " << r << " = arith.divsi " << q << ", " << n << " : index\n";
      q = r;
    }
    return at;
  }
  /// arith.cmpf (float t) or arith.cmpi (integers, index) with `pred`.
  std::string cmp(const char* pred, const std::string& a, const std::string& b, DType t) {
    const bool fl = t == DType::f32 || t == DType::f64;
    std::string r = fresh();
    k << ind << r << " = " << (fl ? "arith.cmpf " : "arith.cmpi ") << a << ", " << b
      << " {predicate = \"" << pred << "\"} : (" << ty(t) << ", " << ty(t) << ") -> i1\n";
    return r;
  }
  std::string sel(const std::string& cond, const std::string& a, const std::string& b, DType t) {
    std::string r = fresh();
    k << ind << r << " = arith.select " << cond << ", " << a << ", " << b << " : (i1, " << ty(t)
      << ", " << ty(t) << ") -> " << ty(t) << "\n";
    return r;
  }
  /// tile.load / tile.store of one element of `mem` (of type `memref`, elements t) at `at`.
  std::string load(const std::string& mem, const std::string& memref, DType t,
                   const std::vector<std::string>& at) {
    std::string r = fresh();
    k << ind << r << " = tile.load " << mem << ", " << join(at) << " : (" << memref << ", "
      << index_list(at.size()) << ") -> " << ty(t) << "\n";
    return r;
  }
  void store(const std::string& v, DType t, const std::string& mem, const std::string& memref,
             const std::vector<std::string>& at) {
    k << ind << "tile.store " << v << ", " << mem << ", " << join(at) << " : (" << ty(t) << ", "
      << memref << ", " << index_list(at.size()) << ") -> ()\n";
  }
  /// "scf.for"(lo, hi, 1, init...) carrying the values `init` (name, type); `body` gets the
  /// induction variable and the carried names and returns the next ones. Returns the results.
  using Carried = std::vector<std::pair<std::string, DType>>;
  std::vector<std::string> loop(const std::string& lo, const std::string& hi, const Carried& init,
                                const std::function<std::vector<std::string>(
                                    const std::string&, const std::vector<std::string>&)>& body) {
    const std::string r = fresh(), iv = fresh();
    std::vector<std::string> names, types, args;
    for (const auto& [v, t] : init) {
      names.push_back(v);
      types.push_back(ty(t));
      args.push_back(fresh());
    }
    const std::string one = c(1);
    k << ind
      << (init.empty()       ? ""
          : init.size() == 1 ? r + " = "
                             : r + ":" + std::to_string(init.size()) + " = ")
      << "\"scf.for\"(" << lo << ", " << hi << ", " << one << (init.empty() ? "" : ", ")
      << join(names) << ") ({\n"
      << ind << "^bb0(" << iv << ": index";
    for (size_t i = 0; i < args.size(); ++i) k << ", " << args[i] << ": " << types[i];
    k << "):\n";
    const std::string outer = ind;
    ind += "  ";
    const std::vector<std::string> next = body(iv, args);
    k << ind << "\"scf.yield\"(" << join(next) << ") : (" << join(types) << ") -> ()\n";
    ind = outer;
    k << ind << "}) : (index, index, index" << (init.empty() ? "" : ", ") << join(types) << ") -> "
      << (init.empty()       ? "()"
          : init.size() == 1 ? types[0]
                             : "(" + join(types) + ")")
      << "\n";
    std::vector<std::string> out;
    for (size_t i = 0; i < init.size(); ++i)
      out.push_back(init.size() == 1 ? r : r + "#" + std::to_string(i));
    return out;
  }
  /// "scf.if"(cond) running `body`, no results.
  void when(const std::string& cond, const std::function<void()>& body) {
    k << ind << "\"scf.if\"(" << cond << ") ({\n";
    const std::string outer = ind;
    ind += "  ";
    body();
    k << ind << "\"scf.yield\"() : () -> ()\n";
    ind = outer;
    k << ind << "}, { \"scf.yield\"() : () -> () }) : (i1) -> ()\n";
  }

 private:
  std::string hoist(const std::string& key, const std::string& def) {
    auto it = hoisted.find(key);
    if (it != hoisted.end()) return it->second;
    const std::string r = fresh();
    head << "    " << r << " = " << def << "\n";
    return hoisted[key] = r;
  }
  static std::string join(const std::vector<std::string>& v) {
    std::string s;
    for (size_t i = 0; i < v.size(); ++i) s += (i ? ", " : "") + v[i];
    return s;
  }
  static std::string index_list(size_t n) {
    std::string s;
    for (size_t i = 0; i < n; ++i) s += i ? ", index" : "index";
    return s;
  }
};

/// The kernel's signature (%in0.. as [N] memrefs, %out [R, W]) and %g, %c0, %c1.
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
