// Fused elementwise chains: Graph IR elementwise ops of one element type -> one Tile IR kernel
// of 32 x 64 register tiles (docs/ops/schedule/lowering.md, "Elementwise chains").
#include "core/transforms/schedule_to_tile_elementwise.h"

#include <cstdio>
#include <sstream>
#include <string_view>
#include <tuple>
#include <unordered_map>

#include "core/transforms/schedule_to_tile_activation.h"

namespace tessera::transforms {

namespace {

// Special operands of a step besides values: a tile of +0 and a tile of 1.
constexpr int kZero = -2;
constexpr int kOne = -3;

struct Step {
  const char* op;
  std::vector<int> in;    // value ids, or kZero / kOne
  DType type;             // the result's element type
  const char* pred = "";  // arith.cmpf / cmpi predicate
};

// Graph IR comparison -> (cmpf predicate, cmpi predicate): IEEE ordered comparisons, except
// cmp_ne which is true for NaN (unordered or not equal); signed integer comparisons.
std::pair<const char*, const char*> predicates(std::string_view op) {
  constexpr std::tuple<std::string_view, const char*, const char*> kCmp[] = {
      {"tessera.cmp_eq", "oeq", "eq"},  {"tessera.cmp_ne", "une", "ne"},
      {"tessera.cmp_lt", "olt", "slt"}, {"tessera.cmp_le", "ole", "sle"},
      {"tessera.cmp_gt", "ogt", "sgt"}, {"tessera.cmp_ge", "oge", "sge"},
  };
  for (const auto& [g, f, i] : kCmp)
    if (op == g) return {f, i};
  return {nullptr, nullptr};
}

// The steps of one Graph IR op on values `in` (of element type `t`, the first operand's; a
// select's branches' for select), appended to `steps`; false when the op has no exact Tile IR
// form for the type. Each step rounds once to the tile's type, which is the Graph IR op's
// rounding (docs/ops/graph/elementwise.md: one IEEE rounding per step).
bool steps_of(std::string_view op, DType t, const std::vector<int>& in, int next, UnaryTileOp unary,
              std::vector<Step>& steps) {
  const bool fl = t == DType::f32;
  constexpr std::pair<std::string_view, const char*> kFloat[] = {
      {"tessera.add", "arith.addf"},     {"tessera.sub", "arith.subf"},
      {"tessera.mul", "arith.mulf"},     {"tessera.div", "arith.divf"},
      {"tessera.max", "arith.maximumf"}, {"tessera.min", "arith.minimumf"},
  };
  constexpr std::pair<std::string_view, const char*> kInt[] = {
      {"tessera.add", "arith.addi"},  {"tessera.sub", "arith.subi"},  {"tessera.mul", "arith.muli"},
      {"tessera.max", "arith.maxsi"}, {"tessera.min", "arith.minsi"},
  };
  for (const auto& [g, a] : kFloat)
    if (fl && op == g) return steps.push_back({a, in, t}), true;
  // i1 wraps modulo 2 (docs/ops/graph/elementwise.md): add and sub are xor (addi, subi on i1),
  // mul is and (muli); max is or and min is and, which are not maxsi/minsi on i1 (signed: true
  // is -1, so maxsi is and), hence ori and andi.
  constexpr std::pair<std::string_view, const char*> kBool[] = {
      {"tessera.add", "arith.addi"}, {"tessera.sub", "arith.subi"}, {"tessera.mul", "arith.muli"},
      {"tessera.max", "arith.ori"},  {"tessera.min", "arith.andi"},
  };
  for (const auto& [g, a] : kInt)
    if (t == DType::i32 && op == g) return steps.push_back({a, in, t}), true;
  for (const auto& [g, a] : kBool)
    if (t == DType::i1 && op == g) return steps.push_back({a, in, t}), true;
  if (auto [f, i] = predicates(op); f && t != DType::i1) {
    steps.push_back({fl ? "arith.cmpf" : "arith.cmpi", in, DType::i1, fl ? f : i});
    return true;
  }
  // select(c, a, b): the branches' type; the condition is an i1 tile.
  if (op == "tessera.select" && t != DType::i1)
    return steps.push_back({"arith.select", in, t}), true;
  if (!fl) return false;
  if (op == "tessera.neg") return steps.push_back({"arith.negf", in, t}), true;
  // abs(x) = maximumf(x, -x): |x|, +0 for -0 (maximumf orders -0 below +0), NaN kept.
  if (op == "tessera.abs") {
    steps.push_back({"arith.negf", in, t});
    steps.push_back({"arith.maximumf", {in[0], next}, t});
    return true;
  }
  // relu(x) = x > 0 ? x : +0, NaN kept: maximumf(x, +0) gives +0 for -0 and negatives.
  if (op == "tessera.relu") return steps.push_back({"arith.maximumf", {in[0], kZero}, t}), true;
  // sqrt (and what else the shared table names): one exact tile op on f32 tiles.
  if (const char* a = unary(op); a && in.size() == 1 && std::string_view(a).starts_with("tile."))
    return steps.push_back({a, in, t}), true;
  // rsqrt(x) = 1 / sqrt(x), two roundings (the Graph IR kernel's order).
  if (op == "tessera.rsqrt") {
    steps.push_back({"tile.sqrt", in, t});
    steps.push_back({"arith.divf", {kOne, next}, t});
    return true;
  }
  return false;
}

std::string reg_of(DType t) { return std::string("tensor<32x64x") + dtype_mlir_name(t) + ">"; }
std::string mem_of(DType t) { return std::string("memref<?x?x") + dtype_mlir_name(t) + ">"; }

std::string kernel_text(const std::string& name, const std::vector<DType>& inputs,
                        const std::vector<Step>& steps, int result,
                        const std::vector<uint32_t>& consts) {
  std::vector<DType> type = inputs;  // per value id
  for (const Step& s : steps) type.push_back(s.type);
  const int n = static_cast<int>(inputs.size());
  const DType rt = type[static_cast<size_t>(result)];
  std::ostringstream k;
  k << "  func.func @" << name << "(";
  for (int i = 0; i < n; ++i) k << "%in" << i << ": " << mem_of(inputs[i]) << ", ";
  k << "%out: " << mem_of(rt) << ") {\n"
    << "    %g = tile.group_id {dim = 0} : index\n"
    << "    %h = tile.group_id {dim = 1} : index\n"
    << "    %c32 = arith.constant {value = 32 : index} : index\n"
    << "    %c64 = arith.constant {value = 64 : index} : index\n"
    << "    %r0 = arith.muli %g, %c32 : index\n"
    << "    %k0 = arith.muli %h, %c64 : index\n";
  for (int i = 0; i < n; ++i)
    k << "    %v" << i << " = tile.load_tile %in" << i << ", %r0, %k0 {mask = true} : ("
      << mem_of(inputs[i]) << ", index, index) -> " << reg_of(inputs[i]) << "\n";
  bool zero = false, one = false;
  for (const Step& s : steps)
    for (int v : s.in) {
      zero |= v == kZero;
      one |= v == kOne;
    }
  // kZero and kOne only occur in f32 steps (relu, rsqrt).
  if (zero) k << "    %zero = tile.zeros : " << reg_of(DType::f32) << "\n";
  if (one) k << "    %one = tile.full {value = 1.0 : f32} : " << reg_of(DType::f32) << "\n";
  // The activations' f32 constants, written as their bits (schedule_to_tile_activation.cpp).
  for (size_t c = 0; c < consts.size(); ++c) {
    char bits[16];
    std::snprintf(bits, sizeof bits, "0x%08X", static_cast<unsigned>(consts[c]));
    k << "    %cst" << c << " = tile.full {value = " << bits << " : f32} : " << reg_of(DType::f32)
      << "\n";
  }
  auto ref = [](int v) {
    if (v <= kChainConst) return "%cst" + std::to_string(kChainConst - v);
    return v == kZero ? std::string("%zero") : v == kOne ? "%one" : "%v" + std::to_string(v);
  };
  auto type_of = [&](int v) { return v < 0 ? DType::f32 : type[static_cast<size_t>(v)]; };
  for (size_t s = 0; s < steps.size(); ++s) {
    const Step& st = steps[s];
    k << "    %v" << n + static_cast<int>(s) << " = " << st.op << " ";
    for (size_t i = 0; i < st.in.size(); ++i) k << (i ? ", " : "") << ref(st.in[i]);
    if (*st.pred) k << " {predicate = \"" << st.pred << "\"}";
    k << " : (";
    for (size_t i = 0; i < st.in.size(); ++i) k << (i ? ", " : "") << reg_of(type_of(st.in[i]));
    k << ") -> " << reg_of(st.type) << "\n";
  }
  k << "    tile.store_tile %v" << result << ", %out, %r0, %k0 {mask = true} : (" << reg_of(rt)
    << ", " << mem_of(rt) << ", index, index) -> ()\n    return\n  }\n";
  return k.str();
}

// numpy broadcasting of `from` to `to` (trailing alignment; a dim of 1 or a missing one repeats).
bool broadcasts_to(const std::vector<int64_t>& from, const std::vector<int64_t>& to) {
  if (from.size() > to.size()) return false;
  const size_t off = to.size() - from.size();
  for (size_t d = 0; d < from.size(); ++d)
    if (from[d] != 1 && from[d] != to[off + d]) return false;
  return true;
}

}  // namespace

ElementwiseChain plan_elementwise_chain(const ir::Op& group, const ir::Op& callee,
                                        const std::string& name, UnaryTileOp unary_tile_op) {
  ElementwiseChain c;
  auto stay = [&](std::string why) {
    c.kernel.clear();
    c.why = std::move(why);
    return c;
  };
  const ir::Type& out = group.result(0)->type;
  if (!out.is_tensor() || out.rank() < 1 || !out.has_static_shape())
    return stay("not a tensor of static shape");
  auto tiled = [](DType t) { return t == DType::f32 || t == DType::i32 || t == DType::i1; };
  std::vector<DType> inputs;
  for (const ir::Value* v : group.operands) {
    const DType t = v->type.dtype;
    if (t == DType::bf16 || t == DType::f16)
      return stay(std::string("Target IR has no ") + dtype_mlir_name(t) +
                  " registers to round each op's result to (a " + dtype_mlir_name(t) +
                  " register tile's arithmetic does not lower to Target IR)");
    if (!v->type.is_tensor() || !tiled(t))
      return stay(dtype_is_unsigned(t)
                      ? std::string("Tile IR memory has no unsigned element type (") +
                            dtype_mlir_name(t) + ")"
                      : std::string("no register tile or scalar register of ") +
                            dtype_mlir_name(t));
    if (!v->type.has_static_shape() || !broadcasts_to(v->type.shape, out.shape))
      return stay("an operand does not broadcast to the result");
    c.expand.push_back(v->type.shape != out.shape);
    inputs.push_back(t);
  }
  if (!out.num_elements() || *out.num_elements() == 0)
    return stay("an empty tensor or too many elements");
  const ir::Block& body = callee.regions[0].front();
  std::unordered_map<const ir::Value*, int> id;
  std::vector<DType> type = inputs;
  for (const auto& a : body.args) id[a.get()] = a->index;
  const int n = static_cast<int>(inputs.size());
  std::vector<Step> steps;
  std::vector<uint32_t> consts;  // f32 constant tiles of the activations
  for (const auto& o : body.ops) {
    if (o->name == "func.return") {
      c.kernel = kernel_text(name, inputs, steps, id.at(o->operands[0]), consts);
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
      return stay("no exact Tile IR lowering for " + o->name + " in an elementwise chain");
    // The type the op computes in: a select's branches', else its first operand's.
    const DType t = type[static_cast<size_t>(in[select ? 1 : 0])];
    const size_t before = steps.size();
    std::vector<ActivationStep> act;  // sigmoid, silu, gelu, silu_mul on f32
    std::string why;
    if (t == DType::f32 &&
        activation_steps(*o, in, n + static_cast<int>(steps.size()), act, consts, why)) {
      for (ActivationStep& a : act)
        steps.push_back({a.op, std::move(a.in), a.i1 ? DType::i1 : DType::f32, a.pred});
    } else if (!why.empty()) {
      return stay(why);
    } else if (!steps_of(o->name, t, in, n + static_cast<int>(steps.size()), unary_tile_op, steps))
      return stay("no exact Tile IR lowering for " + o->name + " on " + dtype_mlir_name(t) +
                  " in an elementwise chain");
    for (size_t s = before; s < steps.size(); ++s) type.push_back(steps[s].type);
    if (steps.back().type != o->result(0)->type.dtype) return stay("internal: result type");
    id[o->result(0)] = n + static_cast<int>(steps.size()) - 1;
  }
  return stay("the group's function does not return");
}

}  // namespace tessera::transforms
