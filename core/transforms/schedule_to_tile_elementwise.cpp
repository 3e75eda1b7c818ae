// Fused elementwise chains: Graph IR elementwise ops of one element type -> one Tile IR kernel
// of 32 x 64 register tiles (docs/ops/schedule/lowering.md, "Elementwise chains").
#include "core/transforms/schedule_to_tile_elementwise.h"

#include <sstream>
#include <string_view>
#include <unordered_map>

namespace tessera::transforms {

namespace {

// Special operands of a step besides values: a tile of +0 and a tile of 1.
constexpr int kZero = -2;
constexpr int kOne = -3;

struct Step {
  const char* op;
  int a, b;  // b == -1: unary
};

enum class Elem { f32, half, i32 };  // half: bf16 or f16 (tiles round every result to it)

// The steps of one Graph IR op on value `x` (and `y`), appended to `steps`; false when the op
// has no exact Tile IR form for the element kind. Each step rounds once to the tile's type,
// which is the Graph IR op's rounding only where the op is one IEEE operation (docs/ops/graph/
// elementwise.md: narrow floats are computed in f32 and rounded once at storage).
bool steps_of(std::string_view op, Elem e, int x, int y, int next, std::vector<Step>& steps) {
  const bool fl = e != Elem::i32;
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
    if (fl && op == g) return steps.push_back({a, x, y}), true;
  for (const auto& [g, a] : kInt)
    if (!fl && op == g) return steps.push_back({a, x, y}), true;
  if (!fl) return false;
  if (op == "tessera.neg") return steps.push_back({"arith.negf", x, -1}), true;
  // relu(x) = x > 0 ? x : +0, NaN kept: maximumf(x, +0) gives +0 for -0 and negatives.
  if (op == "tessera.relu") return steps.push_back({"arith.maximumf", x, kZero}), true;
  if (e != Elem::f32) return false;  // tile.sqrt takes f32 tiles; rsqrt rounds twice in f32
  if (op == "tessera.sqrt") return steps.push_back({"tile.sqrt", x, -1}), true;
  // rsqrt(x) = 1 / sqrt(x), two roundings (the Graph IR kernel's order).
  if (op == "tessera.rsqrt") {
    steps.push_back({"tile.sqrt", x, -1});
    steps.push_back({"arith.divf", kOne, next});
    return true;
  }
  return false;
}

std::string kernel_text(const std::string& name, const std::string& et, int inputs,
                        const std::vector<Step>& steps, int result) {
  const std::string mem = "memref<?x?x" + et + ">", reg = "tensor<32x64x" + et + ">";
  std::ostringstream k;
  k << "  func.func @" << name << "(";
  for (int i = 0; i < inputs; ++i) k << "%in" << i << ": " << mem << ", ";
  k << "%out: " << mem << ") {\n"
    << "    %g = tile.group_id {dim = 0} : index\n"
    << "    %h = tile.group_id {dim = 1} : index\n"
    << "    %c32 = arith.constant {value = 32 : index} : index\n"
    << "    %c64 = arith.constant {value = 64 : index} : index\n"
    << "    %r0 = arith.muli %g, %c32 : index\n"
    << "    %k0 = arith.muli %h, %c64 : index\n";
  for (int i = 0; i < inputs; ++i)
    k << "    %v" << i << " = tile.load_tile %in" << i << ", %r0, %k0 {mask = true} : (" << mem
      << ", index, index) -> " << reg << "\n";
  bool zero = false, one = false;
  for (const Step& s : steps) {
    zero |= s.a == kZero || s.b == kZero;
    one |= s.a == kOne || s.b == kOne;
  }
  if (zero) k << "    %zero = tile.zeros : " << reg << "\n";
  if (one) k << "    %one = tile.full {value = 1.0 : f32} : " << reg << "\n";
  auto ref = [](int v) {
    return v == kZero ? std::string("%zero") : v == kOne ? "%one" : "%v" + std::to_string(v);
  };
  for (size_t s = 0; s < steps.size(); ++s) {
    const bool tile_op = std::string_view(steps[s].op).starts_with("tile.");
    k << "    %v" << inputs + static_cast<int>(s) << " = " << steps[s].op << " " << ref(steps[s].a);
    if (steps[s].b != -1) k << ", " << ref(steps[s].b);
    k << " : " << (tile_op ? "(" + reg + ") -> " + reg : reg) << "\n";
  }
  k << "    tile.store_tile %v" << result << ", %out, %r0, %k0 {mask = true} : (" << reg << ", "
    << mem << ", index, index) -> ()\n    return\n  }\n";
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
                                        const std::string& name) {
  ElementwiseChain c;
  auto stay = [&](std::string why) {
    c.kernel.clear();
    c.why = std::move(why);
    return c;
  };
  const ir::Type& out = group.result(0)->type;
  if (!out.is_tensor() || out.rank() < 1 || !out.has_static_shape())
    return stay("not a tensor of static shape");
  const DType dt = out.dtype;
  Elem e;
  if (dt == DType::f32)
    e = Elem::f32;
  else if (dt == DType::bf16 || dt == DType::f16)
    return stay(std::string("Target IR has no ") + dtype_mlir_name(dt) +
                " registers to round each op's result to (a " + dtype_mlir_name(dt) +
                " register tile's arithmetic does not lower to Target IR)");
  else if (dt == DType::i32)
    e = Elem::i32;
  else
    return stay(std::string("no register tile of ") + dtype_mlir_name(dt) +
                " (Tile IR tiles hold f32, bf16, f16, i32 and i1; chains lower f32 and i32)");
  for (const ir::Value* v : group.operands) {
    if (!v->type.is_tensor() || v->type.dtype != dt || !v->type.has_static_shape())
      return stay("an operand's element type differs from the result's");
    if (!broadcasts_to(v->type.shape, out.shape)) return stay("an operand does not broadcast");
    c.expand.push_back(v->type.shape != out.shape);
  }
  for (int64_t d : out.shape)
    if (d == 0) return stay("an empty tensor");
  const ir::Block& body = callee.regions[0].front();
  std::unordered_map<const ir::Value*, int> id;
  for (const auto& a : body.args) id[a.get()] = a->index;
  const int inputs = static_cast<int>(body.args.size());
  std::vector<Step> steps;
  for (const auto& o : body.ops) {
    if (o->name == "func.return") {
      c.kernel = kernel_text(name, dtype_mlir_name(dt), inputs, steps, id.at(o->operands[0]));
      return c;
    }
    if (o->attrs.get("numeric_policy")) return stay("a numeric policy");
    for (const auto& r : o->results)
      if (r->type.dtype != dt) return stay(o->name + " changes the element type");
    const int x = id.at(o->operands[0]);
    const int y = o->operands.size() > 1 ? id.at(o->operands[1]) : -1;
    if (!steps_of(o->name, e, x, y, inputs + static_cast<int>(steps.size()), steps))
      return stay("no exact Tile IR lowering for " + o->name + " on " + dtype_mlir_name(dt) +
                  " in an elementwise chain");
    id[o->result(0)] = inputs + static_cast<int>(steps.size()) - 1;
  }
  return stay("the group's function does not return");
}

}  // namespace tessera::transforms
