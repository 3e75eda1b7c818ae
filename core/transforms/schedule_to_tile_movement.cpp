// Data movement: every result element is one input element, out[o] = in[base + sum_d o_d s_d],
// copied by one Tile IR kernel of scalar loads and stores (docs/ops/schedule/lowering.md,
// "Data movement"). Copies are exact for every element type a scalar register holds.
#include "core/transforms/schedule_to_tile_movement.h"

#include <cstdio>
#include <cstring>
#include <optional>
#include <sstream>
#include <string_view>
#include <vector>

#include "core/numerics/convert.h"
#include "core/numerics/convert_pack.h"
#include "core/ops/infer_util.h"

namespace tessera::transforms {

namespace {

// Row-major strides (in elements) of `shape`.
std::vector<int64_t> strides_of(const std::vector<int64_t>& shape) {
  std::vector<int64_t> s(shape.size(), 1);
  for (size_t d = shape.size(); d-- > 1;) s[d - 1] = s[d] * shape[d];
  return s;
}

std::optional<std::vector<int64_t>> ints(const ir::Op& op, const char* name) {
  const ir::Attr* a = op.attrs.get(name);
  return a ? a->as_int_array() : std::nullopt;
}

// The input offset of each output dim (`step`, 0 for a repeated dim) and of element 0 (`base`)
// for the verified op `op`; false for an op that is not data movement.
bool index_map(const ir::Op& op, std::vector<int64_t>& step, int64_t& base) {
  const ir::Type& in = op.operands[0]->type;
  const ir::Type& out = op.result(0)->type;
  const std::vector<int64_t> is = strides_of(in.shape);
  const size_t r = static_cast<size_t>(out.rank());
  step.assign(r, 0);
  base = 0;
  if (op.name == "tessera.transpose" || op.name == "tessera.permute") {
    const std::vector<int64_t> perm =
        ops::transpose_perm(op, static_cast<int64_t>(r)).value_or(std::vector<int64_t>{});
    if (perm.size() != r) return false;
    for (size_t d = 0; d < r; ++d) step[d] = is[static_cast<size_t>(perm[d])];
    return true;
  }
  if (op.name == "tessera.broadcast" || op.name == "tessera.expand" ||
      op.name == "tessera.broadcast_in_dim") {
    const size_t k0 = r - static_cast<size_t>(in.rank());
    std::vector<int64_t> map;
    if (auto m = ints(op, "broadcast_dimensions"))
      map = *m;
    else
      for (size_t k = 0; k < is.size(); ++k) map.push_back(static_cast<int64_t>(k0 + k));
    for (size_t k = 0; k < is.size(); ++k)
      if (in.shape[k] != 1) step[static_cast<size_t>(map[k])] = is[k];
    return true;
  }
  if (op.name == "tessera.slice") {
    std::vector<int64_t> start = ints(op, "start").value_or(std::vector<int64_t>(r, 0));
    std::vector<int64_t> str = ints(op, "strides").value_or(std::vector<int64_t>(r, 1));
    for (size_t d = 0; d < r; ++d) {
      step[d] = is[d] * str[d];
      base += start[d] * is[d];
    }
    return true;
  }
  if (op.name == "tessera.reshape" || op.name == "tessera.squeeze" ||
      op.name == "tessera.unsqueeze" || op.name == "tessera.flatten") {
    // The same row-major order: flat index to flat index.
    step = strides_of(out.shape);
    return true;
  }
  return false;
}

// One operand's part of the result: out[o] = in[base + sum_d (o_d - off_d) s_d] for o inside
// [off, off + extent) along `axis` (-1: the whole result).
struct Source {
  std::vector<int64_t> step;
  int64_t base = 0;
  int axis = -1;           // concat axis, or -1
  int64_t off = 0, n = 0;  // the window along `axis`
};

std::string kernel_text(const std::string& name, const std::string& et,
                        const std::vector<int64_t>& out, const std::vector<Source>& src) {
  const size_t r = out.size();
  const std::string mi = "memref<?x" + et + ">", mo = "memref<?x?x" + et + ">";
  std::ostringstream k;
  auto cst = [&](const std::string& v, int64_t x) {
    k << "    " << v << " = arith.constant {value = " << x << " : index} : index\n";
  };
  k << "  func.func @" << name << "(";
  for (size_t s = 0; s < src.size(); ++s) k << "%in" << s << ": " << mi << ", ";
  k << "%out: " << mo << ") {\n"
    << "    %g = tile.group_id {dim = 0} : index\n";
  cst("%c0", 0);
  cst("%c1", 1);
  // The row's leading indices o_d (d < r - 1), innermost first: o = rest mod n, rest /= n.
  k << "    %rest0 = arith.addi %g, %c0 : index\n";
  for (size_t d = r - 1; d-- > 0;) {
    const std::string n = std::to_string(d), rest = "%rest" + std::to_string(r - 2 - d);
    cst("%n" + n, out[d]);
    k << "    %o" << n << " = arith.remsi " << rest << ", %n" << n << " : index\n";
    if (d > 0)  // what the outer dims index
      k << "    %rest" << r - 1 - d << " = arith.divsi " << rest << ", %n" << n << " : index\n";
  }
  for (size_t s = 0; s < src.size(); ++s) {
    const Source& so = src[s];
    const std::string p = "%x" + std::to_string(s) + "_";
    const bool last = so.axis == static_cast<int>(r) - 1;  // a window of columns
    const bool row = so.axis >= 0 && !last;                // a window of rows
    std::string ind = "    ";
    if (row) {  // this operand writes the rows whose o_axis is in [off, off + n)
      const std::string a = "%o" + std::to_string(so.axis);
      cst(p + "lo", so.off);
      cst(p + "hi", so.off + so.n);
      k << "    " << p << "ge = arith.cmpi " << a << ", " << p << "lo {predicate = \"sge\"} : "
        << "(index, index) -> i1\n"
        << "    " << p << "lt = arith.cmpi " << a << ", " << p << "hi {predicate = \"slt\"} : "
        << "(index, index) -> i1\n"
        << "    " << p << "in = arith.andi " << p << "ge, " << p << "lt : i1\n"
        << "    \"scf.if\"(" << p << "in) ({\n";
      ind = "      ";
    }
    auto icst = [&](const std::string& v, int64_t x) {
      k << ind << v << " = arith.constant {value = " << x << " : index} : index\n";
    };
    icst(p + "at", so.base);
    std::string at = p + "at";
    for (size_t d = 0; d + 1 < r; ++d) {
      const std::string n = std::to_string(d);
      std::string o = "%o" + n;
      if (row && static_cast<int>(d) == so.axis) {
        k << ind << p << "o" << n << " = arith.subi " << o << ", " << p << "lo : index\n";
        o = p + "o" + n;
      }
      icst(p + "s" + n, so.step[d]);
      k << ind << p << "p" << n << " = arith.muli " << o << ", " << p << "s" << n << " : index\n"
        << ind << p << "at" << n << " = arith.addi " << at << ", " << p << "p" << n << " : index\n";
      at = p + "at" + n;
    }
    icst(p + "w", last ? so.n : out.back());
    icst(p + "sl", so.step.back());
    icst(p + "col", last ? so.off : 0);
    k << ind << "\"scf.for\"(%c0, " << p << "w, %c1) ({\n"
      << ind << "^bb0(" << p << "c: index):\n"
      << ind << "  " << p << "q = arith.muli " << p << "c, " << p << "sl : index\n"
      << ind << "  " << p << "i = arith.addi " << at << ", " << p << "q : index\n"
      << ind << "  " << p << "j = arith.addi " << p << "c, " << p << "col : index\n"
      << ind << "  " << p << "v = tile.load %in" << s << ", " << p << "i : (" << mi
      << ", index) -> " << et << "\n"
      << ind << "  tile.store " << p << "v, %out, %g, " << p << "j : (" << et << ", " << mo
      << ", index, index) -> ()\n"
      << ind << "  \"scf.yield\"() : () -> ()\n"
      << ind << "}) : (index, index, index) -> ()\n";
    if (row)
      k << "      \"scf.yield\"() : () -> ()\n"
        << "    }, { \"scf.yield\"() : () -> () }) : (i1) -> ()\n";
  }
  k << "    return\n  }\n";
  return k.str();
}

// tessera.concat: operand k fills the window [off_k, off_k + n_k) of the axis.
bool concat_sources(const ir::Op& op, std::vector<Source>& src) {
  if (op.name != "tessera.concat") return false;
  const int64_t rank = op.result(0)->type.rank();
  int64_t axis = op.attrs.get_int("axis", 0);
  if (axis < 0) axis += rank;
  int64_t off = 0;
  for (const ir::Value* v : op.operands) {
    Source s;
    s.step = strides_of(v->type.shape);
    s.axis = static_cast<int>(axis);
    s.off = off;
    s.n = v->type.shape[static_cast<size_t>(axis)];
    off += s.n;
    src.push_back(std::move(s));
  }
  return true;
}

}  // namespace

bool is_movement_op(std::string_view name) {
  constexpr std::string_view kOps[] = {
      "tessera.transpose",        "tessera.permute", "tessera.broadcast", "tessera.expand",
      "tessera.broadcast_in_dim", "tessera.slice",   "tessera.reshape",   "tessera.squeeze",
      "tessera.unsqueeze",        "tessera.flatten", "tessera.concat"};
  for (std::string_view k : kOps)
    if (name == k) return true;
  return false;
}

MovementPlan plan_movement_op(const ir::Op& op, const std::string& name) {
  MovementPlan p;
  p.movement = is_movement_op(op.name);
  if (!p.movement) return p;
  auto stay = [&](std::string why) {
    p.why = std::move(why);
    return p;
  };
  if (op.num_results() != 1) return stay("internal: not one result");
  // Static, non-empty shapes whose element counts fit in int64 (so every stride and offset
  // below does: each is at most an operand's element count).
  std::vector<const ir::Type*> types;
  for (const ir::Value* v : op.operands) types.push_back(&v->type);
  types.push_back(&op.result(0)->type);
  for (const ir::Type* t : types) {
    const std::optional<int64_t> n =
        t->is_tensor() && t->has_static_shape() ? t->num_elements() : std::nullopt;
    if (!n || *n == 0) return stay("an empty tensor, a dynamic shape or too many elements");
  }
  std::vector<Source> src(1);
  if (op.operands.size() != 1 || !index_map(op, src[0].step, src[0].base)) {
    src.clear();
    if (!concat_sources(op, src)) return stay("internal: no index map");
  }
  if (op.attrs.get("numeric_policy")) return stay("a numeric policy");
  const ir::Type& out = op.result(0)->type;
  for (const ir::Value* v : op.operands)
    if (v->type.dtype != out.dtype) return stay("operands of another element type");
  if (out.rank() < 1) return stay("not a static shape of rank >= 1");
  const DType dt = out.dtype;
  // Memory and scalar registers hold every element type but i4, tf32 and the complex types
  // (docs/ops/tile/scalar.md): integers, f32, f64, and the storage-only narrow floats and
  // unsigned integers, which tile.load and tile.store move bit for bit (an index tensor stays:
  // its width is the target's).
  if (dt == DType::i4 || dt == DType::tf32 || dt == DType::index || dtype_is_complex(dt))
    return stay(std::string("no scalar register of ") + dtype_mlir_name(dt));
  for (const ir::Value* v : op.operands) p.in_sizes.push_back(*v->type.num_elements());
  p.rows = 1;
  for (int64_t d = 0; d + 1 < out.rank(); ++d) p.rows *= out.shape[static_cast<size_t>(d)];
  p.width = out.shape.back();
  p.kernel = kernel_text(name, dtype_mlir_name(dt), out.shape, src);
  return p;
}

MovementPlan plan_movement(const ir::Op& group, const ir::Op& callee, const std::string& name) {
  const auto& ops = callee.regions[0].front().ops;
  if (ops.size() != 2 || !is_movement_op(ops.front()->name))
    return {};  // not one data-movement op and the return
  const ir::Op& op = *ops.front();
  MovementPlan p = plan_movement_op(op, name);
  if (p.kernel.empty()) return p;
  const ir::Type& out = group.result(0)->type;
  bool same = group.operands.size() == op.operands.size() && out == op.result(0)->type;
  for (size_t i = 0; same && i < op.operands.size(); ++i)
    same = group.operands[i]->type == op.operands[i]->type;
  if (!same) {
    p.kernel.clear();
    p.why = "the group's operands or result are not the op's";
  }
  return p;
}

namespace {

// The `value` literal of element `bits` (of `esz` bytes) of type `dt` in an arith.constant of
// `reg` (f32 for a narrow float, which then goes through arith.truncf); false where the literal
// cannot say it exactly (a narrow NaN).
bool constant_literal(DType dt, uint64_t bits, std::string& lit, DType& reg) {
  char buf[40];
  reg = dt;
  if (dt == DType::f32 || dt == DType::f64) {  // hex: the exact bits, NaN payloads included
    std::snprintf(buf, sizeof buf, dt == DType::f32 ? "0x%08llX" : "0x%016llX",
                  static_cast<unsigned long long>(bits));
    lit = std::string(buf) + (dt == DType::f32 ? " : f32" : " : f64");
    return true;
  }
  if (dt == DType::i1) {
    lit = (bits & 1) ? "true" : "false";
    return true;
  }
  if (dtype_is_int(dt) && !dtype_is_unsigned(dt)) {  // sign-extended to 64 bits
    const int w = dtype_bits(dt);
    int64_t v = static_cast<int64_t>(bits << (64 - w)) >> (64 - w);
    lit = std::to_string(v) + " : " + dtype_mlir_name(dt);
    return true;
  }
  if (!dtype_is_low_precision_float(dt)) return false;
  const float f = num::narrow_register(dt, bits);
  if (f != f) return false;
  uint32_t fb;
  std::memcpy(&fb, &f, sizeof fb);
  std::snprintf(buf, sizeof buf, "0x%08X : f32", fb);
  lit = buf;
  reg = DType::f32;
  return true;
}

}  // namespace

MovementPlan plan_constant(const ir::Op& group, const ir::Op& callee, const std::string& name) {
  MovementPlan p;
  const auto& ops = callee.regions[0].front().ops;
  if (ops.size() != 2 || ops.front()->name != "tessera.constant") return p;
  p.movement = true;
  auto stay = [&](std::string why) {
    p.why = std::move(why);
    return p;
  };
  const ir::Op& op = *ops.front();
  const ir::Type& out = op.result(0)->type;
  const ir::Attr* value = op.attrs.get("value");
  const std::optional<int64_t> n = out.has_static_shape() ? out.num_elements() : std::nullopt;
  if (!n || *n == 0 || out.rank() < 1) return stay("not a static, non-empty shape of rank >= 1");
  if (*n > 1024) return stay("more than 1024 elements (one scalar store per element)");
  if (!group.operands.empty() || group.result(0)->type != out)
    return stay("the group's operands or result are not the op's");
  if (!value || value->kind != ir::Attr::Kind::dense || value->data.size() % *n != 0)
    return stay("internal: no dense value of the result's size");
  const size_t esz = value->data.size() / static_cast<size_t>(*n);
  if (esz != 1 && esz != 2 && esz != 4 && esz != 8) return stay("an element of no scalar width");
  const DType dt = out.dtype;
  const std::string et = dtype_mlir_name(dt), mo = "memref<?x?x" + et + ">";
  const int64_t w = out.shape.back(), rows = *n / w;
  std::ostringstream k;
  k << "  func.func @" << name << "(%out: " << mo << ") {\n";
  for (int64_t i = 0; i < std::max(rows, w); ++i)
    k << "    %i" << i << " = arith.constant {value = " << i << " : index} : index\n";
  for (int64_t e = 0; e < *n; ++e) {
    uint64_t bits = 0;
    std::memcpy(&bits, value->data.data() + static_cast<size_t>(e) * esz, esz);
    std::string lit;
    DType reg;
    if (!constant_literal(dt, bits, lit, reg))
      return stay(std::string("an element of ") + et + " no arith.constant spells exactly");
    const std::string v = "%v" + std::to_string(e);
    k << "    " << v << " = arith.constant {value = " << lit << "} : " << dtype_mlir_name(reg)
      << "\n";
    std::string s = v;
    if (reg != dt) {  // exact: the value is of the narrow format
      k << "    " << v << "n = arith.truncf " << v << " : (f32) -> " << et << "\n";
      s += "n";
    }
    k << "    tile.store " << s << ", %out, %i" << e / w << ", %i" << e % w << " : (" << et << ", "
      << mo << ", index, index) -> ()\n";
  }
  k << "    return\n  }\n";
  p.kernel = k.str();
  p.rows = rows;
  p.width = w;
  return p;
}

}  // namespace tessera::transforms
