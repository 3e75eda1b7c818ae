// tessera.mse as a Tile IR row reduction: the Graph IR kernel (interp/graph/kernels_loss.cpp,
// docs/ops/graph/losses.md) computes d_i = a_i - b_i, then acc = d_0 * d_0 and
// acc = acc + d_i * d_i for i = 1 .. n-1 (each product and sum rounded once), then acc / n for
// "mean". tile.row_sum is exactly that sequential chain from the row's first element.
#include "core/transforms/schedule_to_tile_loss.h"

#include <sstream>

#include "core/ir/attribute.h"

namespace tessera::transforms {

namespace {

constexpr int64_t kMaxWidth = 1024;  // the row is one register tile (W registers per lane)

std::string mse_kernel(const std::string& name, int64_t n, bool mean) {
  const std::string mem = "memref<?x?xf32>";
  const std::string reg = "tensor<32x" + std::to_string(n) + "xf32>", col = "tensor<32xf32>";
  std::ostringstream k;
  k << "  func.func @" << name << "(%a: " << mem << ", %b: " << mem << ", %out: " << mem << ") {\n"
    << "    %g = tile.group_id {dim = 0} : index\n"
    << "    %c0 = arith.constant {value = 0 : index} : index\n"
    << "    %c32 = arith.constant {value = 32 : index} : index\n"
    << "    %r0 = arith.muli %g, %c32 : index\n"
    << "    %x = tile.load_tile %a, %r0, %c0 {mask = true} : (" << mem << ", index, index) -> "
    << reg << "\n"
    << "    %y = tile.load_tile %b, %r0, %c0 {mask = true} : (" << mem << ", index, index) -> "
    << reg << "\n"
    << "    %d = arith.subf %x, %y : " << reg << "\n"
    << "    %p = arith.mulf %d, %d : " << reg << "\n";
  if (mean) {
    // One f32 division of the sum by n rounded to f32 (static_cast<T>(n) in the kernel).
    k << "    %s = tile.row_sum %p : (" << reg << ") -> " << col << "\n"
      << "    %n = tile.full {value = "
      << ir::format_float(static_cast<double>(static_cast<float>(n)), DType::f32)
      << " : f32} : " << col << "\n"
      << "    %r = arith.divf %s, %n : " << col << "\n";
  } else {
    k << "    %r = tile.row_sum %p : (" << reg << ") -> " << col << "\n";
  }
  k << "    %rc = tile.broadcast %r : (" << col << ") -> tensor<32x1xf32>\n"
    << "    tile.store_tile %rc, %out, %r0, %c0 {mask = true} : (tensor<32x1xf32>, " << mem
    << ", index, index) -> ()\n    return\n  }\n";
  return k.str();
}

}  // namespace

LossPlan plan_mse(const ir::Op& group, const ir::Op& op, const std::string& name) {
  LossPlan p;
  auto stay = [&](std::string why) {
    p.why = std::move(why);
    return p;
  };
  if (op.attrs.get("numeric_policy")) return stay("a numeric policy");
  if (group.operands.size() != 2) return stay("mse without two operands");
  const ir::Type& a = group.operands[0]->type;
  const ir::Type& b = group.operands[1]->type;
  auto f32 = [](const ir::Type& t) { return t.is_tensor() && t.dtype == DType::f32; };
  if (!f32(a) || !f32(b) || !f32(group.result(0)->type) || !a.has_static_shape() ||
      a.shape != b.shape)
    return stay("not an f32 mse of static shape");
  const auto n = a.num_elements();
  if (!n || *n == 0) return stay("an empty tensor");
  if (*n > kMaxWidth) return stay("more than 1024 elements (the row is one register tile)");
  const std::string red = op.attrs.get_string("reduction", "mean");
  if (red != "mean" && red != "sum") return stay("reduction '" + red + "'");
  p.width = *n;
  p.kernel = mse_kernel(name, *n, red == "mean");
  return p;
}

}  // namespace tessera::transforms
