// Scalar kernel text with numbered values, shared by the scalar kernels of schedule-to-tile
// (schedule_to_tile_reduce.cpp, _fma.cpp, _gemm_scalar.cpp, _attn*.cpp): constants, arith ops,
// loads and stores, conversions, scf.for folds carrying one or more scalars, scf.if.
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
  /// arith.cmpf (floats) or arith.cmpi of `a` and `b` of type `t` by `pred`: an i1.
  std::string cmp(const std::string& a, const std::string& b, const char* pred, DType t) {
    std::string r = fresh();
    const bool f = t == DType::f32 || t == DType::f64 || narrow(t);
    k << ind << r << " = " << (f ? "arith.cmpf " : "arith.cmpi ") << a << ", " << b
      << " {predicate = \"" << pred << "\"} : (" << ty(t) << ", " << ty(t) << ") -> i1\n";
    return r;
  }
  /// `c ? a : b` of type `t`.
  std::string select(const std::string& c, const std::string& a, const std::string& b, DType t) {
    std::string r = fresh();
    k << ind << r << " = arith.select " << c << ", " << a << ", " << b << " : (i1, " << ty(t)
      << ", " << ty(t) << ") -> " << ty(t) << "\n";
    return r;
  }
  /// arith.andi / arith.ori of two i1 values.
  std::string logic(const char* op, const std::string& a, const std::string& b) {
    std::string r = fresh();
    k << ind << r << " = " << op << " " << a << ", " << b << " : i1\n";
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
  /// cmp with the predicate first (the attention kernels' spelling).
  std::string cmp_by(const char* pred, const std::string& a, const std::string& b, DType t) {
    return cmp(a, b, pred, t);
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
  // mem[i] of a memref<?xST> parameter as a value of t (convert: narrow floats widen exactly, as
  // the Graph IR executor widens them around a kernel).
  std::string load_as(const std::string& mem, DType st, DType t, const std::string& i) {
    return convert(load(mem, st, i), st, t);
  }
  // %out[row, col] = v of type t stored as st (one RNE rounding: the executor's rounding of a
  // widened kernel's result at storage).
  void store_as(const std::string& v, DType t, DType st, const std::string& row,
                const std::string& col) {
    store(convert(v, t, st), st, row, col);
  }
  /// A per-tile local buffer (tile.alloc_register, `memref<n x T, 5>`) of n elements of t.
  struct Local {
    std::string name, type;
    DType t;
  };
  Local alloc(int64_t n, DType t) {
    Local b{fresh(), "memref<" + std::to_string(n) + "x" + ty(t) + ", 5>", t};
    k << ind << b.name << " = tile.alloc_register : " << b.type << "\n";
    return b;
  }
  std::string load_local(const Local& b, const std::string& i) {
    return load_at(b.name, b.type, b.t, i);
  }
  void store_local(const std::string& v, const Local& b, const std::string& i) {
    store_at(v, b.t, b.name, b.type, i);
  }
  // std::max(a, b) of the Graph IR kernels: (a < b) ? b : a, so a NaN b is skipped.
  std::string std_max(const std::string& a, const std::string& b, DType t) {
    return select(cmp_by("olt", a, b, t), b, a, t);
  }
  // Softmax weights of the f32 scores in `buf`: buf[j] = exp(buf[j] - m) (tile.exp, the spec's
  // expf) for j in [0, n), and their sum folded from +0 in increasing j.
  std::string exp_shift_sum(const Local& buf, const std::string& n, const std::string& m) {
    constexpr DType f = DType::f32;
    return fold("%c0", n, "%c1", fcst(0.0, f), f, [&](const std::string& j, const std::string& s) {
      const std::string e = un("tile.exp", bin("arith.subf", load_local(buf, j), m, f), f, f);
      store_local(e, buf, j);
      return bin("arith.addf", s, e, f);
    });
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

  /// cmp of floats / integers with the predicate first (the loss kernels' spelling).
  std::string cmpf(const char* pred, const std::string& a, const std::string& b, DType t) {
    return cmp(a, b, pred, t);
  }
  std::string cmpi(const char* pred, const std::string& a, const std::string& b,
                   DType t = DType::index) {
    return cmp(a, b, pred, t);
  }
  /// An integer constant of type t.
  std::string int_cst(int64_t v, DType t) {
    std::string r = fresh();
    k << ind << r << " = arith.constant {value = " << v << " : " << ty(t) << "} : " << ty(t)
      << "\n";
    return r;
  }
  /// The index `at` when 0 <= label < classes, else `oob` (an index out of bounds, whose load
  /// stops the run as the Graph IR kernels' label checks stop theirs).
  std::string label_at(const std::string& label, const std::string& classes, const std::string& at,
                       const std::string& oob) {
    const std::string lo = cmpi("sge", label, "%c0");
    const std::string hi = cmpi("slt", label, classes);
    return select(bin("arith.andi", lo, hi, DType::i1), at, oob, DType::index);
  }
  /// Closes the kernel; its whole text.
  std::string end() {
    k << "    return\n  }\n";
    return k.str();
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
