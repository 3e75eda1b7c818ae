// tessera.topk as a scalar selection kernel (docs/ops/schedule/lowering.md, "Top-k"). The Graph
// IR kernel (interp/graph/kernels_index.cpp) sorts each slice along the axis by a strict total
// order (the values' order with NaN above +Inf and -0 == +0, ties broken by the smaller index)
// and keeps the first k. The same k elements in the same order are, for j = 0 .. k-1, the
// first element of the order that comes after the (j-1)-th: one scan of the slice per j.
#include <sstream>

#include "core/transforms/schedule_to_tile_reduce.h"

namespace tessera::transforms {

namespace {

ScalarKernel stay(std::string why) {
  ScalarKernel s;
  s.why = std::move(why);
  return s;
}

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

}  // namespace

ScalarKernel plan_topk(const ir::Op& group, const ir::Op& op, const std::string& name) {
  if (op.attrs.get("numeric_policy")) return stay("a numeric policy");
  if (group.operands.size() != 1 || group.results.size() != 2)
    return stay("internal: the group's operands are not the op's");
  const ir::Type& x = group.operands[0]->type;
  const DType t = x.dtype;
  const bool nf = dtype_is_low_precision_float(t);
  if (t != DType::f32 && t != DType::f64 && t != DType::bf16 && t != DType::f16)
    return stay(std::string("topk of ") + dtype_mlir_name(t));
  if (!x.has_static_shape() || x.rank() < 1) return stay("not a static shape of rank >= 1");
  const int64_t rank = x.rank();
  int64_t axis = op.attrs.get_int("axis", -1);
  if (axis < -rank || axis >= rank) return stay("bad axis");
  if (axis < 0) axis += rank;
  const int64_t n = x.shape[static_cast<size_t>(axis)], k = op.attrs.get_int("k", 0);
  if (k < 1 || k > n) return stay("k outside [1, n] (k = 0: empty results)");
  const std::optional<int64_t> count = x.num_elements();
  if (!count || *count == 0) return stay("an empty tensor or too many elements");
  std::vector<int64_t> oshape = x.shape;
  oshape[static_cast<size_t>(axis)] = k;
  if (group.result(0)->type != ir::Type::tensor(t, oshape) ||
      group.result(1)->type != ir::Type::tensor(DType::i64, oshape))
    return stay("results of other types");
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
  // Group g is slice (o, i): o over the dims before the axis, i over those after; each dim's
  // index from g by remsi/divsi, innermost first.
  std::vector<std::string> at(static_cast<size_t>(rank));
  std::string q = "%g";
  for (int64_t d = rank - 1; d >= 0; --d) {
    if (d == axis) continue;
    const std::string ds = std::to_string(d);
    s << "    %d" << ds << " = arith.constant {value = " << x.shape[static_cast<size_t>(d)]
      << " : index} : index\n"
      << "    %i" << ds << " = arith.remsi " << q << ", %d" << ds << " : index\n"
      << "    %q" << ds << " = arith.divsi " << q << ", %d" << ds << " : index\n";
    at[static_cast<size_t>(d)] = "%i" + ds;
    q = "%q" + ds;
  }
  auto access = [&](const std::string& along) {
    std::string a;
    for (int64_t d = 0; d < rank; ++d)
      a += (d ? ", " : "") + (d == axis ? along : at[static_cast<size_t>(d)]);
    return a;
  };
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

}  // namespace tessera::transforms
