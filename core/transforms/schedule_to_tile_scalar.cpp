// Scalar elementwise chains: out[g, c] = f(in_0[...], in_1[...], ...) with one scalar load per
// operand, the chain's arith ops on scalar registers (one rounding per op, in the element type)
// and one scalar store (docs/ops/schedule/lowering.md, "Scalar chains").
#include "core/transforms/schedule_to_tile_scalar.h"

#include <optional>
#include <sstream>
#include <string_view>
#include <tuple>
#include <unordered_map>

namespace tessera::transforms {

namespace {

constexpr int kZero = -2;  // a scalar 0 of the chain's type (relu)

struct Step {
  const char* op;
  std::vector<int> in;
  DType type;
  const char* pred = "";
};

// One Graph IR op on scalars of type `t` (a select's branches' type): the arith op with the
// Graph IR kernel's rounding (f64: one IEEE rounding per op; integers wrap to the width).
bool scalar_step(std::string_view op, DType t, const std::vector<int>& in,
                 std::vector<Step>& steps) {
  const bool fl = t == DType::f64;
  constexpr std::tuple<std::string_view, const char*, const char*> kBin[] = {
      {"tessera.add", "arith.addf", "arith.addi"},
      {"tessera.sub", "arith.subf", "arith.subi"},
      {"tessera.mul", "arith.mulf", "arith.muli"},
      {"tessera.div", "arith.divf", nullptr},
      {"tessera.max", "arith.maximumf", "arith.maxsi"},
      {"tessera.min", "arith.minimumf", "arith.minsi"},
  };
  for (const auto& [g, f, i] : kBin)
    if (op == g) {
      const char* a = fl ? f : i;
      return a && (steps.push_back({a, in, t}), true);
    }
  constexpr std::tuple<std::string_view, const char*, const char*> kCmp[] = {
      {"tessera.cmp_eq", "oeq", "eq"},  {"tessera.cmp_ne", "une", "ne"},
      {"tessera.cmp_lt", "olt", "slt"}, {"tessera.cmp_le", "ole", "sle"},
      {"tessera.cmp_gt", "ogt", "sgt"}, {"tessera.cmp_ge", "oge", "sge"},
  };
  for (const auto& [g, f, i] : kCmp)
    if (op == g)
      return steps.push_back({fl ? "arith.cmpf" : "arith.cmpi", in, DType::i1, fl ? f : i}), true;
  if (op == "tessera.select") return steps.push_back({"arith.select", in, t}), true;
  if (fl && op == "tessera.neg") return steps.push_back({"arith.negf", in, t}), true;
  // relu: maximumf(x, +0) gives +0 for -0 and negatives and keeps NaN (tessera.relu).
  if (fl && op == "tessera.relu")
    return steps.push_back({"arith.maximumf", {in[0], kZero}, t}), true;
  return false;
}

std::vector<int64_t> strides_of(const std::vector<int64_t>& shape) {
  std::vector<int64_t> s(shape.size(), 1);
  for (size_t d = shape.size(); d-- > 1;) s[d - 1] = s[d] * shape[d];
  return s;
}

// The input offset each result dim walks for an operand broadcast (numpy) to `out`.
std::vector<int64_t> bcast_steps(const std::vector<int64_t>& in, const std::vector<int64_t>& out) {
  std::vector<int64_t> step(out.size(), 0);
  const std::vector<int64_t> is = strides_of(in);
  const size_t off = out.size() - in.size();
  for (size_t d = 0; d < in.size(); ++d)
    if (in[d] != 1) step[off + d] = is[d];
  return step;
}

std::string kernel_text(const std::string& name, const std::vector<int64_t>& out,
                        const std::vector<const ir::Type*>& ins, const std::vector<Step>& steps,
                        int result, DType zero_type) {
  const size_t r = out.size(), n = ins.size();
  std::vector<DType> type;
  for (const ir::Type* t : ins) type.push_back(t->dtype);
  for (const Step& s : steps) type.push_back(s.type);
  auto nm = [&](int v) { return std::string(dtype_mlir_name(type[static_cast<size_t>(v)])); };
  const DType rt = type[static_cast<size_t>(result)];
  std::ostringstream k;
  auto cst = [&](const std::string& ind, const std::string& v, int64_t x) {
    k << ind << v << " = arith.constant {value = " << x << " : index} : index\n";
  };
  k << "  func.func @" << name << "(";
  for (size_t i = 0; i < n; ++i)
    k << "%in" << i << ": memref<?x" << dtype_mlir_name(ins[i]->dtype) << ">, ";
  k << "%out: memref<?x?x" << dtype_mlir_name(rt) << ">) {\n"
    << "    %g = tile.group_id {dim = 0} : index\n";
  cst("    ", "%c0", 0);
  cst("    ", "%c1", 1);
  cst("    ", "%w", out.back());
  k << "    %rest0 = arith.addi %g, %c0 : index\n";
  for (size_t d = r - 1; d-- > 0;) {  // the row's leading indices, innermost first
    const std::string s = std::to_string(d), rest = "%rest" + std::to_string(r - 2 - d);
    cst("    ", "%n" + s, out[d]);
    k << "    %o" << s << " = arith.remsi " << rest << ", %n" << s << " : index\n";
    if (d > 0)
      k << "    %rest" << r - 1 - d << " = arith.divsi " << rest << ", %n" << s << " : index\n";
  }
  std::vector<std::vector<int64_t>> step;
  for (size_t i = 0; i < n; ++i) {
    step.push_back(bcast_steps(ins[i]->shape, out));
    const std::string p = "%x" + std::to_string(i) + "_";
    std::string at = "%c0";
    for (size_t d = 0; d + 1 < r; ++d) {
      const std::string s = std::to_string(d);
      cst("    ", p + "s" + s, step[i][d]);
      k << "    " << p << "p" << s << " = arith.muli %o" << s << ", " << p << "s" << s
        << " : index\n"
        << "    " << p << "at" << s << " = arith.addi " << at << ", " << p << "p" << s
        << " : index\n";
      at = p + "at" + s;
    }
    cst("    ", p + "sl", step[i].back());
    k << "    " << p << "row = arith.addi " << at << ", %c0 : index\n";
  }
  if (zero_type != DType::i4)
    k << "    %zero = arith.constant {value = 0.0 : " << dtype_mlir_name(zero_type)
      << "} : " << dtype_mlir_name(zero_type) << "\n";
  k << "    \"scf.for\"(%c0, %w, %c1) ({\n    ^bb0(%c: index):\n";
  for (size_t i = 0; i < n; ++i) {
    const std::string p = "%x" + std::to_string(i) + "_";
    k << "      " << p << "q = arith.muli %c, " << p << "sl : index\n"
      << "      " << p << "i = arith.addi " << p << "row, " << p << "q : index\n"
      << "      %v" << i << " = tile.load %in" << i << ", " << p << "i : (memref<?x"
      << nm(static_cast<int>(i)) << ">, index) -> " << nm(static_cast<int>(i)) << "\n";
  }
  for (size_t s = 0; s < steps.size(); ++s) {
    const Step& st = steps[s];
    k << "      %v" << n + s << " = " << st.op << " ";
    for (size_t i = 0; i < st.in.size(); ++i)
      k << (i ? ", " : "") << (st.in[i] == kZero ? "%zero" : "%v" + std::to_string(st.in[i]));
    if (*st.pred) k << " {predicate = \"" << st.pred << "\"}";
    k << " : (";
    for (size_t i = 0; i < st.in.size(); ++i)
      k << (i ? ", " : "")
        << (st.in[i] == kZero ? std::string(dtype_mlir_name(zero_type)) : nm(st.in[i]));
    k << ") -> " << dtype_mlir_name(st.type) << "\n";
  }
  k << "      tile.store %v" << result << ", %out, %g, %c : (" << nm(result) << ", memref<?x?x"
    << nm(result) << ">, index, index) -> ()\n"
    << "      \"scf.yield\"() : () -> ()\n"
    << "    }) : (index, index, index) -> ()\n    return\n  }\n";
  return k.str();
}

}  // namespace

bool scalar_chain_type(DType t) {
  return t == DType::f64 || t == DType::i8 || t == DType::i16 || t == DType::i64;
}

ScalarChain plan_scalar_chain(const ir::Op& group, const ir::Op& callee, const std::string& name) {
  ScalarChain c;
  auto stay = [&](std::string why) {
    c.kernel.clear();
    c.why = std::move(why);
    return c;
  };
  const ir::Type& out = group.result(0)->type;
  if (!out.is_tensor() || out.rank() < 1 || !out.has_static_shape())
    return stay("not a tensor of static shape");
  std::vector<const ir::Type*> ins;
  for (const ir::Value* v : group.operands) {
    const DType t = v->type.dtype;
    if (!v->type.is_tensor() || !v->type.has_static_shape() ||
        !(scalar_chain_type(t) || t == DType::i1))
      return stay(std::string("no scalar chain for ") + dtype_mlir_name(t));
    const std::optional<int64_t> count =
        v->type.has_static_shape() ? v->type.num_elements() : std::nullopt;
    if (!count) return stay("too many elements");
    const auto& sh = v->type.shape;
    bool fits = sh.size() <= out.shape.size();
    for (size_t d = 0; fits && d < sh.size(); ++d)
      fits = sh[d] == 1 || sh[d] == out.shape[out.shape.size() - sh.size() + d];
    if (!fits) return stay("an operand does not broadcast to the result");
    int64_t n = 1;
    for (int64_t e : sh) n *= e;
    if (n == 0) return stay("an empty tensor");
    c.in_sizes.push_back(n);
    ins.push_back(&v->type);
  }
  if (!out.num_elements() || *out.num_elements() == 0)
    return stay("an empty tensor or too many elements");
  c.rows = 1;  // <= the element count: no overflow
  for (int64_t d = 0; d + 1 < out.rank(); ++d) c.rows *= out.shape[static_cast<size_t>(d)];
  c.width = out.shape.back();
  if (c.rows == 0 || c.width == 0) return stay("an empty tensor");
  const ir::Block& body = callee.regions[0].front();
  std::unordered_map<const ir::Value*, int> id;
  std::vector<DType> type;
  for (const ir::Type* t : ins) type.push_back(t->dtype);
  for (const auto& a : body.args) id[a.get()] = a->index;
  const int n = static_cast<int>(ins.size());
  std::vector<Step> steps;
  DType zero = DType::i4;  // none
  for (const auto& o : body.ops) {
    if (o->name == "func.return") {
      c.kernel = kernel_text(name, out.shape, ins, steps, id.at(o->operands[0]), zero);
      return c;
    }
    if (o->attrs.get("numeric_policy")) return stay("a numeric policy");
    std::vector<int> in;
    for (const ir::Value* v : o->operands) {
      auto it = id.find(v);
      if (it == id.end()) return stay("an operand from outside the chain");
      in.push_back(it->second);
    }
    // Guards for hand-written Schedule IR: one result, and the operands the steps read.
    const bool select = o->name == "tessera.select";
    if (o->results.size() != 1 || in.size() < (select ? 3u : 1u))
      return stay("no exact scalar lowering for " + o->name);
    const DType t = type[static_cast<size_t>(in[select ? 1 : 0])];
    if (!scalar_chain_type(t) || !scalar_step(o->name, t, in, steps))
      return stay("no exact scalar lowering for " + o->name + " on " + dtype_mlir_name(t));
    if (steps.back().type != o->result(0)->type.dtype) return stay("internal: result type");
    for (int v : steps.back().in)
      if (v == kZero) zero = t;
    type.push_back(steps.back().type);
    id[o->result(0)] = n + static_cast<int>(steps.size()) - 1;
  }
  return stay("the group's function does not return");
}

}  // namespace tessera::transforms
