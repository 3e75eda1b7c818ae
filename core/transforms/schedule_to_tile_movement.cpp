// Data movement: every result element is one input element, out[o] = in[base + sum_d o_d s_d],
// copied by one Tile IR kernel of scalar loads and stores (docs/ops/schedule/lowering.md,
// "Data movement"). Copies are exact for every element type a scalar register holds.
#include "core/transforms/schedule_to_tile_movement.h"

#include <optional>
#include <sstream>
#include <vector>

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
    std::vector<int64_t> perm;
    if (auto p = ints(op, "perm"))
      perm = *p;
    else
      for (size_t d = r; d-- > 0;) perm.push_back(static_cast<int64_t>(d));  // reversed dims
    for (size_t d = 0; d < r; ++d) step[d] = is[static_cast<size_t>(perm[d])];
    return true;
  }
  if (op.name == "tessera.broadcast") {
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
  if (op.name == "tessera.reshape") {  // the same row-major order: flat index to flat index
    step = strides_of(out.shape);
    return true;
  }
  return false;
}

std::string kernel_text(const std::string& name, const std::string& et,
                        const std::vector<int64_t>& out, const std::vector<int64_t>& step,
                        int64_t base) {
  const size_t r = out.size();
  const std::string mi = "memref<?x" + et + ">", mo = "memref<?x?x" + et + ">";
  std::ostringstream k;
  auto cst = [&](const std::string& v, int64_t x) {
    k << "    " << v << " = arith.constant {value = " << x << " : index} : index\n";
  };
  k << "  func.func @" << name << "(%in: " << mi << ", %out: " << mo << ") {\n"
    << "    %g = tile.group_id {dim = 0} : index\n";
  cst("%c0", 0);
  cst("%c1", 1);
  cst("%w", out.back());
  cst("%slast", step.back());
  cst("%at0", base);
  // The row's input offset: the leading dims of row g, innermost first (g mod n, g / n).
  k << "    %rest0 = arith.addi %g, %c0 : index\n";
  std::string at = "%at0";
  for (size_t d = r - 1; d-- > 0;) {
    const std::string n = std::to_string(d);
    cst("%n" + n, out[d]);
    cst("%s" + n, step[d]);
    const std::string rest = "%rest" + std::to_string(r - 2 - d);
    k << "    %o" << n << " = arith.remsi " << rest << ", %n" << n << " : index\n"
      << "    %rest" << r - 1 - d << " = arith.divsi " << rest << ", %n" << n << " : index\n"
      << "    %p" << n << " = arith.muli %o" << n << ", %s" << n << " : index\n"
      << "    %at" << n << "_ = arith.addi " << at << ", %p" << n << " : index\n";
    at = "%at" + n + "_";
  }
  k << "    \"scf.for\"(%c0, %w, %c1) ({\n"
    << "    ^bb0(%c: index):\n"
    << "      %q = arith.muli %c, %slast : index\n"
    << "      %i = arith.addi " << at << ", %q : index\n"
    << "      %v = tile.load %in, %i : (" << mi << ", index) -> " << et << "\n"
    << "      tile.store %v, %out, %g, %c : (" << et << ", " << mo << ", index, index) -> ()\n"
    << "      \"scf.yield\"() : () -> ()\n"
    << "    }) : (index, index, index) -> ()\n"
    << "    return\n  }\n";
  return k.str();
}

}  // namespace

MovementPlan plan_movement(const ir::Op& group, const ir::Op& callee, const std::string& name) {
  MovementPlan p;
  const auto& ops = callee.regions[0].front().ops;
  if (ops.size() != 2) return p;  // the op and the return
  const ir::Op& op = *ops.front();
  std::vector<int64_t> step;
  int64_t base = 0;
  if (op.operands.size() != 1 || !index_map(op, step, base)) return p;
  p.movement = true;
  auto stay = [&](std::string why) {
    p.why = std::move(why);
    return p;
  };
  if (op.attrs.get("numeric_policy")) return stay("a numeric policy");
  const ir::Type& in = group.operands[0]->type;
  const ir::Type& out = group.result(0)->type;
  if (!in.has_static_shape() || !out.has_static_shape() || out.rank() < 1)
    return stay("not a static shape of rank >= 1");
  const DType dt = out.dtype;
  // Scalar registers hold integers, index, f32 and f64 (docs/ops/tile/scalar.md).
  const bool scalar = dt == DType::f32 || dt == DType::f64 ||
                      (dtype_is_int(dt) && dt != DType::i4 && dt != DType::index);
  if (!scalar)
    return stay(std::string("no scalar register of ") + dtype_mlir_name(dt) +
                " (scalar registers hold integers, f32 and f64)");
  p.in_size = 1;
  for (int64_t n : in.shape) p.in_size *= n;
  p.rows = 1;
  for (int64_t d = 0; d + 1 < out.rank(); ++d) p.rows *= out.shape[static_cast<size_t>(d)];
  p.width = out.shape.back();
  if (p.in_size == 0 || p.rows == 0 || p.width == 0) return stay("an empty tensor");
  p.kernel = kernel_text(name, dtype_mlir_name(dt), out.shape, step, base);
  return p;
}

}  // namespace tessera::transforms
