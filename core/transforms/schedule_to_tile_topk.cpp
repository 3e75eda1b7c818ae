// tessera.topk as a scalar selection kernel (docs/ops/schedule/lowering.md, "Top-k"). The Graph
// IR kernel (interp/graph/kernels_index.cpp) sorts each slice along the axis by a strict total
// order (the values' order with NaN above +Inf and -0 == +0, ties broken by the smaller index)
// and keeps the first k. The same k elements in the same order are, for j = 0 .. k-1, the
// first element of the order that comes after the (j-1)-th: one scan of the slice per j.
#include <sstream>

#include "core/transforms/schedule_to_tile_reduce.h"

namespace tessera::transforms {

namespace {

std::string memref(const std::vector<int64_t>& shape, DType t) {
  std::string m = "memref<";
  for (int64_t e : shape) m += std::to_string(e) + "x";
  return m + dtype_mlir_name(t) + ">";
}

// "a, b, c" and "index, index, index" for the indices of a rank-r access.
std::string index_types(size_t r) {
  std::string s;
  for (size_t i = 0; i < r; ++i) s += i ? ", index" : "index";
  return s;
}

// Group g is the slice along `axis` at the other dims' indices, taken from g by remsi/divsi,
// innermost first (printed to `s`); returns each dim's index name ("" at the axis).
std::vector<std::string> slice_indices(std::ostringstream& s, const std::vector<int64_t>& shape,
                                       int64_t axis) {
  const int64_t rank = static_cast<int64_t>(shape.size());
  std::vector<std::string> at(shape.size());
  std::string q = "%g";
  for (int64_t d = rank - 1; d >= 0; --d) {
    if (d == axis) continue;
    const std::string ds = std::to_string(d);
    s << "    %d" << ds << " = arith.constant {value = " << shape[static_cast<size_t>(d)]
      << " : index} : index\n"
      << "    %i" << ds << " = arith.remsi " << q << ", %d" << ds << " : index\n"
      << "    %q" << ds << " = arith.divsi " << q << ", %d" << ds << " : index\n";
    at[static_cast<size_t>(d)] = "%i" + ds;
    q = "%q" + ds;
  }
  return at;
}

// "i0, j, i2": the indices of `at` with `along` at the axis (none: the axis is dropped).
std::string join_indices(const std::vector<std::string>& at, int64_t axis,
                         const std::string& along) {
  std::string a;
  for (size_t d = 0; d < at.size(); ++d) {
    const std::string& v = static_cast<int64_t>(d) == axis ? along : at[d];
    if (v.empty()) continue;
    a += (a.empty() ? "" : ", ") + v;
  }
  return a;
}

}  // namespace

ScalarKernel plan_topk(const ir::Op& group, const ir::Op& op, const std::string& name) {
  if (op.attrs.get("numeric_policy")) return ScalarKernel::stay("a numeric policy");
  if (group.operands.size() != 1 || group.results.size() != 2)
    return ScalarKernel::stay("internal: the group's operands are not the op's");
  const ir::Type& x = group.operands[0]->type;
  const DType t = x.dtype;
  const bool nf = dtype_is_low_precision_float(t);
  if (t != DType::f32 && t != DType::f64 && t != DType::bf16 && t != DType::f16)
    return ScalarKernel::stay(std::string("topk of ") + dtype_mlir_name(t));
  if (!x.has_static_shape() || x.rank() < 1)
    return ScalarKernel::stay("not a static shape of rank >= 1");
  const int64_t rank = x.rank();
  int64_t axis = op.attrs.get_int("axis", -1);
  if (axis < -rank || axis >= rank) return ScalarKernel::stay("bad axis");
  if (axis < 0) axis += rank;
  const int64_t n = x.shape[static_cast<size_t>(axis)], k = op.attrs.get_int("k", 0);
  if (k < 0 || k > n) return ScalarKernel::stay("k outside [0, n]");
  const std::optional<int64_t> count = x.num_elements();
  if (!count || *count == 0) return ScalarKernel::stay("an empty tensor or too many elements");
  std::vector<int64_t> oshape = x.shape;
  oshape[static_cast<size_t>(axis)] = k;
  if (group.result(0)->type != ir::Type::tensor(t, oshape) ||
      group.result(1)->type != ir::Type::tensor(DType::i64, oshape))
    return ScalarKernel::stay("results of other types");
  if (k == 0) {  // empty results: a kernel that writes nothing (the Graph IR kernel's return)
    ScalarKernel r;
    r.kernel = "  func.func @" + name + "(%x: " + memref(x.shape, t) +
               ", %vals: " + memref(oshape, t) + ", %idx: " + memref(oshape, DType::i64) +
               ") {\n    return\n  }\n";
    r.grid = {1};
    return r;
  }
  const bool largest = op.attrs.get_bool("largest", true);
  const DType c = nf ? DType::f32 : t;  // compared in f32 (narrow floats widen exactly)
  const std::string ts(dtype_mlir_name(t));
  const std::string mx = memref(x.shape, t), mv = memref(oshape, t),
                    mi = memref(oshape, DType::i64);
  const std::string it = index_types(static_cast<size_t>(rank));
  std::ostringstream s;
  s << "  func.func @" << name << "(%x: " << mx << ", %vals: " << mv << ", %idx: " << mi << ") {\n"
    << "    %g = tile.group_id {dim = 0} : index\n"
    << "    %c0 = arith.constant {value = 0 : index} : index\n"
    << "    %c1 = arith.constant {value = 1 : index} : index\n"
    << "    %cm1 = arith.constant {value = -1 : index} : index\n"
    << "    %n = arith.constant {value = " << n << " : index} : index\n"
    << "    %k = arith.constant {value = " << k << " : index} : index\n";
  // Group g is slice (o, i): o over the dims before the axis, i over those after.
  const std::vector<std::string> at = slice_indices(s, x.shape, axis);
  auto access = [&](const std::string& along) { return join_indices(at, axis, along); };
  // value(e) of the slice, compared type; `p` prefixes the names.
  auto value = [&](const std::string& p, const std::string& e, const std::string& ind) {
    s << ind << p << "r = tile.load %x, " << access(e) << " : (" << mx << ", " << it << ") -> "
      << ts << "\n";
    if (!nf) return p + "r";
    s << ind << p << "v = arith.extf " << p << "r : (" << ts << ") -> f32\n";
    return p + "v";
  };
  // before(a, b): a's value comes first in the order (largest: greater; NaN above +Inf), or the
  // values tie (equal, or both NaN) and a's index is smaller.
  auto before = [&](const std::string& p, const std::string& va, const std::string& ia,
                    const std::string& vb, const std::string& ib, const std::string& ind) {
    const std::string hi = largest ? va : vb, lo = largest ? vb : va;
    auto cmp = [&](const std::string& r, const char* pred, const std::string& a,
                   const std::string& b, const char* type) {
      s << ind << r << " = arith.cmp" << (type[0] == 'i' ? "i " : "f ") << a << ", " << b
        << " {predicate = \"" << pred << "\"} : (" << type << ", " << type << ") -> i1\n";
    };
    const char* ct = c == DType::f64 ? "f64" : "f32";
    cmp(p + "nh", "une", hi, hi, ct);  // hi is NaN (x != x)
    cmp(p + "nl", "oeq", lo, lo, ct);  // lo is not NaN
    cmp(p + "gt", "ogt", hi, lo, ct);
    cmp(p + "eq", "oeq", hi, lo, ct);
    cmp(p + "nn", "une", lo, lo, ct);  // lo is NaN
    cmp(p + "li", "slt", ia, ib, "index");
    s << ind << p << "a1 = arith.andi " << p << "nh, " << p << "nl : i1\n"  // NaN above a number
      << ind << p << "a2 = arith.ori " << p << "a1, " << p << "gt : i1\n"   // strictly first
      << ind << p << "b1 = arith.andi " << p << "nh, " << p << "nn : i1\n"  // both NaN
      << ind << p << "b2 = arith.ori " << p << "b1, " << p << "eq : i1\n"   // a tie
      << ind << p << "b3 = arith.andi " << p << "b2, " << p << "li : i1\n"  // tie, a's index first
      << ind << p << "bf = arith.ori " << p << "a2, " << p << "b3 : i1\n";
    return p + "bf";
  };
  // j = 0 .. k-1 carries the previous pick (-1 before the first); each scan carries the best
  // candidate so far (-1: none).
  s << "    %last = \"scf.for\"(%c0, %k, %c1, %cm1) ({\n"
    << "    ^bb0(%j: index, %prev: index):\n"
    << "      %first = arith.cmpi %prev, %c0 {predicate = \"slt\"} : (index, index) -> i1\n"
    << "      %pc = arith.maxsi %prev, %c0 : index\n";
  const std::string vp = value("%p", "%pc", "      ");
  s << "      %best = \"scf.for\"(%c0, %n, %c1, %cm1) ({\n"
    << "      ^bb0(%e: index, %b: index):\n";
  const std::string in = "        ";
  const std::string ve = value("%e", "%e", in);
  const std::string after = before("%pa", vp, "%prev", ve, "%e", in);  // prev before e
  s << in << "%ok = arith.ori %first, " << after << " : i1\n"
    << in << "%none = arith.cmpi %b, %c0 {predicate = \"slt\"} : (index, index) -> i1\n"
    << in << "%bc = arith.maxsi %b, %c0 : index\n";
  const std::string vb = value("%b", "%bc", in);
  const std::string better = before("%eb", ve, "%e", vb, "%b", in);  // e before best
  s << in << "%nb = arith.ori %none, " << better << " : i1\n"
    << in << "%take = arith.andi %ok, %nb : i1\n"
    << in << "%nx = arith.select %take, %e, %b : (i1, index, index) -> index\n"
    << in << "\"scf.yield\"(%nx) : (index) -> ()\n"
    << "      }) : (index, index, index, index) -> index\n"
    << "      %w = tile.load %x, " << access("%best") << " : (" << mx << ", " << it << ") -> " << ts
    << "\n"
    << "      tile.store %w, %vals, " << access("%j") << " : (" << ts << ", " << mv << ", " << it
    << ") -> ()\n"
    << "      %wi = arith.index_cast %best : (index) -> i64\n"
    << "      tile.store %wi, %idx, " << access("%j") << " : (i64, " << mi << ", " << it
    << ") -> ()\n"
    << "      \"scf.yield\"(%best) : (index) -> ()\n"
    << "    }) : (index, index, index, index) -> index\n"
    << "    return\n  }\n";
  ScalarKernel r;
  r.kernel = s.str();
  r.grid = {*count / n};
  return r;
}

ScalarKernel plan_normalization_stats(const ir::Op& group, const ir::Op& op,
                                      const std::string& name) {
  if (op.attrs.get("numeric_policy")) return ScalarKernel::stay("a numeric policy");
  if (group.operands.size() != 1 || group.results.size() != 2)
    return ScalarKernel::stay("internal: the group's operands are not the op's");
  const ir::Type& x = group.operands[0]->type;
  if (x.dtype != DType::f32 || !x.has_static_shape() || x.rank() < 1)
    return ScalarKernel::stay("not f32 of static shape (tile.sqrt takes f32)");
  const int64_t rank = x.rank();
  int64_t axis = op.attrs.get_int("axis", -1);
  if (axis < -rank || axis >= rank) return ScalarKernel::stay("bad axis");
  if (axis < 0) axis += rank;
  const int64_t n = x.shape[static_cast<size_t>(axis)];
  const std::optional<int64_t> count = x.num_elements();
  if (!count || *count == 0) return ScalarKernel::stay("an empty tensor or too many elements");
  std::vector<int64_t> oshape = x.shape;
  oshape.erase(oshape.begin() + axis);
  for (const auto& r : group.results)
    if (r->type != ir::Type::tensor(DType::f32, oshape) || oshape.empty())
      return ScalarKernel::stay("results of another shape");
  // interp/graph/kernels_misc_carriers.cpp (row_stats): sum = x0 + x1 + ... in index order,
  // m = sum / n; sq = d0 * d0 + d1 * d1 + ... with d = x - m; inv = 1 / sqrt(sq / n + eps).
  const std::string mx = memref(x.shape, DType::f32), mo = memref(oshape, DType::f32);
  const std::string it = index_types(static_cast<size_t>(rank)), ot = index_types(oshape.size());
  const float eps = static_cast<float>(op.attrs.get_float("epsilon", 1e-5));
  std::ostringstream s;
  s << "  func.func @" << name << "(%x: " << mx << ", %mean: " << mo << ", %inv: " << mo << ") {\n"
    << "    %g = tile.group_id {dim = 0} : index\n"
    << "    %c0 = arith.constant {value = 0 : index} : index\n"
    << "    %c1 = arith.constant {value = 1 : index} : index\n"
    << "    %n = arith.constant {value = " << n << " : index} : index\n"
    << "    %cnt = arith.constant {value = "
    << ir::format_float(static_cast<double>(static_cast<float>(n)), DType::f32) << " : f32} : f32\n"
    << "    %eps = arith.constant {value = " << ir::format_float(eps, DType::f32)
    << " : f32} : f32\n"
    << "    %one = arith.constant {value = 1.0 : f32} : f32\n";
  const std::vector<std::string> at = slice_indices(s, x.shape, axis);
  auto load = [&](const std::string& r, const std::string& j, const char* ind) {
    s << ind << r << " = tile.load %x, " << join_indices(at, axis, j) << " : (" << mx << ", " << it
      << ") -> f32\n";
  };
  auto f = [&](const char* ind, const std::string& r, const char* op, const std::string& a,
               const std::string& b) {
    s << ind << r << " = " << op << " " << a << ", " << b << " : (f32, f32) -> f32\n";
  };
  load("%x0", "%c0", "    ");
  s << "    %sum = \"scf.for\"(%c1, %n, %c1, %x0) ({\n    ^bb0(%j: index, %a: f32):\n";
  load("%xj", "%j", "      ");
  f("      ", "%s", "arith.addf", "%a", "%xj");
  s << "      \"scf.yield\"(%s) : (f32) -> ()\n    }) : (index, index, index, f32) -> f32\n";
  f("    ", "%m", "arith.divf", "%sum", "%cnt");
  f("    ", "%dx0", "arith.subf", "%x0", "%m");
  f("    ", "%px0", "arith.mulf", "%dx0", "%dx0");
  s << "    %sq = \"scf.for\"(%c1, %n, %c1, %px0) ({\n    ^bb0(%k: index, %b: f32):\n";
  load("%xk", "%k", "      ");
  f("      ", "%dk", "arith.subf", "%xk", "%m");
  f("      ", "%pk", "arith.mulf", "%dk", "%dk");
  f("      ", "%t", "arith.addf", "%b", "%pk");
  s << "      \"scf.yield\"(%t) : (f32) -> ()\n    }) : (index, index, index, f32) -> f32\n";
  f("    ", "%var", "arith.divf", "%sq", "%cnt");
  f("    ", "%ve", "arith.addf", "%var", "%eps");
  s << "    %rt = tile.sqrt %ve : (f32) -> f32\n";
  f("    ", "%iv", "arith.divf", "%one", "%rt");
  const std::string oa = join_indices(at, axis, "");
  s << "    tile.store %m, %mean, " << oa << " : (f32, " << mo << ", " << ot << ") -> ()\n"
    << "    tile.store %iv, %inv, " << oa << " : (f32, " << mo << ", " << ot << ") -> ()\n"
    << "    return\n  }\n";
  ScalarKernel r;
  r.kernel = s.str();
  r.grid = {*count / n};
  return r;
}

}  // namespace tessera::transforms
