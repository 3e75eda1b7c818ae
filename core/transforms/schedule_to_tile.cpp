// Schedule IR -> Tile IR: which kernel a fusion group lowers to (docs/ops/schedule/lowering.md,
// "Schedule -> Tile"). The pass that rewrites the module is schedule_to_tile_pass.cpp.
#include "core/transforms/schedule_to_tile_plan.h"

#include <algorithm>
#include <cmath>
#include <numeric>
#include <optional>
#include <unordered_map>

#include "core/ops/registry.h"
#include "core/ops/schedule_util.h"
#include "core/transforms/lowered_ops.h"
#include "core/transforms/schedule_to_tile_attn.h"
#include "core/transforms/schedule_to_tile_conv.h"
#include "core/transforms/schedule_to_tile_elementwise.h"
#include "core/transforms/schedule_to_tile_i4.h"
#include "core/transforms/schedule_to_tile_loss.h"
#include "core/transforms/schedule_to_tile_models.h"
#include "core/transforms/schedule_to_tile_movement.h"
#include "core/transforms/schedule_to_tile_quantize.h"
#include "core/transforms/schedule_to_tile_random.h"
#include "core/transforms/schedule_to_tile_reduce.h"
#include "core/transforms/schedule_to_tile_scalar.h"
#include "core/transforms/tile_templates.h"

namespace tessera::transforms {

namespace {

namespace sched = ops::sched;

/// A scalar kernel (schedule_to_tile_scalar.cpp) as the group's launch: one block per row.
Lowering scalar_lowering(ScalarChain&& s) {
  Lowering l;
  l.kernel = std::move(s.kernel);
  l.grid = {s.rows};
  l.flat = std::move(s.in_sizes);
  l.as_2d = {l.flat[0]};
  l.out_2d = {s.rows, s.width};
  return l;
}

Lowering stay(std::string why) {
  Lowering l;
  l.why = std::move(why);
  return l;
}

/// A scalar kernel of schedule_to_tile_reduce.cpp or _optim.cpp as the group's launch.
Lowering scalar_lowering(ScalarKernel&& s) {
  if (s.kernel.empty()) return stay(std::move(s.why));
  Lowering l;
  l.kernel = std::move(s.kernel);
  l.grid = std::move(s.grid);
  l.flat = std::move(s.flat);
  if (!l.flat.empty()) l.as_2d = {l.flat[0]};
  l.out_2d = std::move(s.out_2d);
  l.perm = std::move(s.perm);
  return l;
}

// A row kernel holds a whole row in registers: a [32, W] tile (W columns per lane at Target IR).
constexpr int64_t kMaxRowWidth = 1024;

bool is_f32(const ir::Type& t) { return t.is_tensor() && t.dtype == DType::f32; }

const ir::Op* only_op(const ir::Op& callee) {
  const auto& ops = callee.regions[0].front().ops;
  return ops.size() == 2 ? ops.front().get() : nullptr;  // the op and the return
}

// Graph IR elementwise ops whose f32 semantics are one arith op on tiles (IEEE, one rounding;
// max and min are IEEE 754-2019 maximum and minimum on both levels).
const char* arith_of(std::string_view op) {
  constexpr std::pair<std::string_view, const char*> kOps[] = {
      {"tessera.add", "arith.addf"},
      {"tessera.sub", "arith.subf"},
      {"tessera.mul", "arith.mulf"},
      {"tessera.div", "arith.divf"},
      {"tessera.max", "arith.maximumf"},
      {"tessera.min", "arith.minimumf"},
      {"tessera.neg", "arith.negf"},
      // sqrt: both levels round the exact square root once (std::sqrt of a float, tile.sqrt).
      {"tessera.sqrt", "tile.sqrt"},
      // exp: both levels compute the spec's expf (docs/numerics.md "exp").
      {"tessera.exp", "tile.exp"},
      // log: both levels compute the spec's logf (docs/numerics.md "log").
      {"tessera.log", "tile.log"},
      // relu(x) = x > 0 ? x : +0 with NaN kept is maximumf(x, +0): -0 and negatives give +0.
      {"tessera.relu", "arith.maximumf"},
  };
  for (const auto& [g, a] : kOps)
    if (op == g) return a;
  return nullptr;
}

// The epilogue of a gemm group (ops after the matmul) as steps on the accumulator tile, or
// nullopt with `why`. Epilogue parameters are [M, N] tensors or row biases [N].
std::optional<GemmEpilogue> gemm_epilogue(const ir::Op& group, const ir::Op& callee,
                                          std::string& why) {
  GemmEpilogue e;
  const ir::Block& body = callee.regions[0].front();
  const ir::Op& mm = *body.ops.front();
  if (mm.operands[0] != body.args[0].get() || mm.operands[1] != body.args[1].get()) {
    why = "the matmul does not take the group's first two parameters";
    return std::nullopt;
  }
  const ir::Type& out = group.result(0)->type;
  for (size_t p = 2; p < group.operands.size(); ++p) {
    const ir::Type& t = group.operands[p]->type;
    const bool full = is_f32(t) && t.shape == out.shape;
    const bool bias = is_f32(t) && t.rank() == 1 && t.shape[0] == out.shape[1];
    if (!full && !bias) {
      why = "an epilogue operand is neither [M, N] nor a row bias [N]";
      return std::nullopt;
    }
    e.bias.push_back(bias && !full);
  }
  std::unordered_map<const ir::Value*, int> id;
  id[mm.result(0)] = 0;
  for (size_t p = 2; p < body.args.size(); ++p) id[body.args[p].get()] = static_cast<int>(p) - 1;
  for (size_t k = 1; k < body.ops.size(); ++k) {
    const ir::Op& o = *body.ops[k];
    if (o.name == "func.return") {
      e.result = id.at(o.operands[0]);
      return e;
    }
    const char* a = arith_of(o.name);
    if (!a || o.attrs.get("numeric_policy")) {
      why = "no Tile IR lowering for " + o.name + " in a GEMM epilogue yet";
      return std::nullopt;
    }
    const int x = id.at(o.operands[0]);
    const int y = o.name == "tessera.relu" ? kZeroTile
                  : o.operands.size() > 1  ? id.at(o.operands[1])
                                           : -1;
    id[o.result(0)] = static_cast<int>(body.args.size()) - 1 + static_cast<int>(e.steps.size());
    e.steps.push_back({a, x, y});
  }
  why = "the group's function does not return";
  return std::nullopt;
}

Lowering lower_gemm(const ir::Op& group, const ir::Op& callee, const std::string& name) {
  Lowering l;
  const ir::Op& mm = *callee.regions[0].front().ops.front();
  const ir::Type &a = group.operands[0]->type, &b = group.operands[1]->type;
  const ir::Type& c = group.result(0)->type;
  if (const char* why = gemm_stays(mm, a, b)) {
    // Batched and f64 products: the scalar kernel (schedule_to_tile_gemm_scalar.cpp), without
    // epilogue.
    if ((std::string_view(why).starts_with("a batched") ||
         std::string_view(why).starts_with("an f64") ||
         std::string_view(why).starts_with("a numeric policy")) &&
        only_op(callee))
      return scalar_lowering(plan_scalar_matmul(group, mm, name));
    return stay(why);
  }
  const bool ta = mm.attrs.get_bool("transpose_a", false),
             tb = mm.attrs.get_bool("transpose_b", false);
  // An f32 accumulator rounds once to any other float result (a tessera.cast after the launch,
  // the Graph IR kernel's conversion); with an epilogue the ops between would round in its type.
  const bool cast_out = c.is_tensor() && c.dtype != DType::f32;
  if (cast_out && (only_op(callee) == nullptr || c.dtype == DType::tf32 ||
                   !dtype_is_float(c.dtype) || c.dtype == DType::f64 || c.rank() != 2))
    return stay("not a 2-D f32 matmul, nor bf16/f16 with an f32 result");
  // Transposed operands go through tessera.transpose first; other narrow floats (fp8, mixed
  // types, bf16/f16 of odd K or N) widen exactly to f32 (tessera.cast), whose FMA chain from +0
  // over k is the Graph IR kernel's (it decodes every input to f32 the same way).
  const int64_t m = ta ? a.shape[1] : a.shape[0], k = ta ? a.shape[0] : a.shape[1],
                n = tb ? b.shape[0] : b.shape[1];
  const bool low = a.dtype == b.dtype && (a.dtype == DType::bf16 || a.dtype == DType::f16) &&
                   n % 2 == 0 && k % 2 == 0;
  l.prep.resize(2);
  for (size_t i = 0; i < 2; ++i) {
    const ir::Type& t = group.operands[i]->type;
    const bool tr = i == 0 ? ta : tb;
    std::vector<int64_t> shape = t.shape;
    if (tr) {
      std::swap(shape[0], shape[1]);
      ir::AttrDict perm;
      perm.set("perm",
               ir::Attr::array_attr({ir::Attr::integer_attr(1), ir::Attr::integer_attr(0)}));
      l.prep[i].push_back({"tessera.transpose", shape, t.dtype, perm});
    }
    if (!low && t.dtype != DType::f32) l.prep[i].push_back({"tessera.cast", shape, DType::f32});
  }
  if (cast_out) {
    l.post = {{"tessera.cast", c.shape, c.dtype}};
    l.post_in = c.shape;
  }
  auto ts = group.attrs.get("tile_shape")->as_int_array().value_or(std::vector<int64_t>{});
  const int64_t bm = ts[0], bn = ts[1];
  if (bm % 32 || bn % 32 || bm * bn < 2048 || ts[2] < 1 || ts[2] > 256)
    return stay("tile_shape needs BM and BN multiples of 32 with at least 2 tiles");
  if (k == 0 || m == 0 || n == 0) return stay("an empty matmul");
  // M and N edges are masked. f32 K is not padded: BK divides K (the gcd with the schedule's).
  // bf16/f16: mma.sync takes K blocks of 16 and the lowering B slabs of whole 32-row blocks, so
  // BK is the schedule's rounded up to a multiple of 32 and K is padded at its *start*: the
  // first block begins at K - nk BK <= 0 and its masked copies zero-fill the columns below 0.
  // Padding at the end would not keep the bits: fma(0, 0, acc) turns acc = -0 into +0, and acc
  // is -0 after a product that underflows to -0 (-1e-30 * 1e-30) with only -0 terms before it.
  // At the start every padded step is fma(0, 0, +0) = +0, the chain's initial value. cp.async
  // copies bf16/f16 in 4-byte pairs, aligned when K and N are even (odd ones widen to f32).
  const int64_t bk = low ? std::min<int64_t>((ts[2] + 31) / 32 * 32, 256) : std::gcd(k, ts[2]);
  std::string why;
  auto epilogue = gemm_epilogue(group, callee, why);
  if (!epilogue) return stay(why);
  epilogue->dtype = low ? a.dtype : DType::f32;
  l.kernel = gemm_kernel(name, bm, bn, bk, *epilogue);
  l.bias = epilogue->bias;
  l.grid = {(m + bm - 1) / bm, (n + bn - 1) / bn};
  l.tiles = (bm / 32) * (bn / 32);
  if (cast_out) return l;  // validate compares the cast's result, not the launch's
  l.group_tile = {bm, bn};
  l.tile_split = {bm / 32, bn / 32};
  return l;
}

Lowering lower_attention(const ir::Op& group, const ir::Op& callee, const std::string& name) {
  Lowering l;
  const ir::Op* fa = only_op(callee);
  if (!fa) return stay("an epilogue");
  if (fa->name != "tessera.flash_attn") return stay("an 'attention' group of " + fa->name);
  if (fa->attrs.get("numeric_policy")) return stay("a numeric policy");
  const ir::Type& q = group.operands[0]->type;
  bool tiled = is_f32(q) && q.rank() == 4 && q.shape[3] == 64 && q.shape[2] % 64 == 0 &&
               q.shape[2] != 0 && group.result(0)->type == q;
  for (const ir::Value* v : group.operands) tiled = tiled && v->type == q;
  // Other shapes and types (Sq != Sk, D != Dv, any D, bf16/f16): the scalar row kernel.
  if (!tiled) return scalar_lowering(plan_flash_attn(group, *fa, name));  // _attn.cpp
  double scale = 1.0 / std::sqrt(64.0);
  if (const ir::Attr* s = fa->attrs.get("scale")) scale = s->as_double();
  l.kernel = attention_kernel(name, fa->attrs.get_bool("causal", false), static_cast<float>(scale));
  l.grid = {q.shape[2] / 64, q.shape[1], q.shape[0]};
  l.tiles = 2;
  l.group_tile = {1, 1, 64, 64};
  l.tile_split = {1, 1, 2, 1};
  return l;
}

// layer_norm, rmsnorm and softmax along the last axis lower to one row kernel; tile.exp and
// tessera.softmax compute the same expf (docs/numerics.md "exp"), tile.log and
// tessera.log_softmax the same logf ("log").
Lowering lower_row(const ir::Op& group, const ir::Op& callee, const std::string& name) {
  const ir::Op* op = only_op(callee);
  const bool log_form = op && op->name == "tessera.log_softmax";
  const bool soft = op && (op->name == "tessera.softmax" || log_form);
  // layernorm_safe and rmsnorm_safe are the guide's names: the same kernels, bit for bit
  // (docs/ops/graph/guide_names.md).
  const bool centre =
      op && (op->name == "tessera.layer_norm" || op->name == "tessera.layernorm_safe");
  if (!op ||
      (!soft && !centre && op->name != "tessera.rmsnorm" && op->name != "tessera.rmsnorm_safe"))
    return stay("no Tile IR lowering for this 'row' group yet (an epilogue)");
  if (op->attrs.get("numeric_policy")) return stay("a numeric policy");
  const ir::Type& x = group.operands[0]->type;
  const bool f64 = x.is_tensor() && x.dtype == DType::f64;
  // bf16 / f16: the executor widens them to f32 around the kernel (schedule_to_tile_norm.cpp).
  const bool narrow = x.is_tensor() && (x.dtype == DType::bf16 || x.dtype == DType::f16);
  if ((!is_f32(x) && !f64 && !narrow) || group.result(0)->type.dtype != x.dtype || x.rank() < 1 ||
      !x.has_static_shape())
    return stay("not f32, f64, bf16 or f16 of static shape");
  // softmax rows run along the last axis here (other axes: lower_softmax_axis); a norm's row
  // is the trailing block x[i, axis:] (normalization.md), contiguous: W = prod(shape[axis:]).
  int64_t axis = op->attrs.get_int("axis", -1);
  if (axis < -x.rank() || axis >= x.rank()) return stay("bad axis");
  if (axis < 0) axis += x.rank();
  if (soft && axis != x.rank() - 1) return stay("normalizes along an axis other than the last");
  for (const ir::Value* v : group.operands)
    if (v->type.dtype != x.dtype) return stay("gamma or beta is not of x's type");
  int64_t rows = 1, width = 1;
  for (int64_t d = 0; d < x.rank(); ++d) {
    int64_t& p = d < axis ? rows : width;
    if (__builtin_mul_overflow(p, x.shape[static_cast<size_t>(d)], &p))
      return stay("too many elements");
  }
  // schedule_to_tile_norm.cpp: register tiles hold no f64, a row kernel's row is one tile.
  if ((f64 || narrow || width > kMaxRowWidth) && soft)
    return scalar_lowering(plan_scalar_softmax(group, *op, rows, width, 1, name));
  if (f64 || narrow || width > kMaxRowWidth)
    return scalar_lowering(plan_scalar_norm(group, *op, rows, width, name));
  if (rows == 0 || width == 0) return stay("an empty tensor");
  if (width > kMaxRowWidth) return stay("rows longer than 1024 elements");
  const size_t params = group.operands.size();
  Lowering l;
  if (soft) {
    l.kernel = softmax_kernel(name, width, log_form);
    l.grid = {(rows + 31) / 32};
    l.tiles = 1;
    l.as_2d = {rows, width};
    l.spread.assign(params, false);
    return l;
  }
  l.kernel = norm_kernel(name, width, centre, params > 1, params > 2,
                         static_cast<float>(op->attrs.get_float("epsilon", 1e-5)));
  l.grid = {(rows + 31) / 32};
  l.tiles = 1;
  l.as_2d = {rows, width};
  l.spread.assign(params, true);
  l.spread[0] = false;
  l.prep.resize(params);  // gamma, beta of shape x.shape[axis:] -> [W] before the spread
  for (size_t i = 1; i < params; ++i)
    if (group.operands[i]->type.rank() != 1) l.prep[i] = {{"tessera.reshape", {width}, DType::f32}};
  return l;
}

Lowering lower_elementwise(const ir::Op& group, const ir::Op& callee, const std::string& name) {
  // schedule_to_tile_scalar.cpp: types no register tile holds (f64, i8, i64), and casts.
  bool scalar = false;
  for (const ir::Value* v : group.operands) scalar |= scalar_chain_type(v->type.dtype);
  // Conversions are scalar ops, and so are tanh, gelu's erf form and pow: the spec's tanhf, erfcf
  // and pow64 compute in f64, which no register tile holds (schedule_to_tile_scalar.cpp,
  // tanh_steps, erfc_steps).
  for (const auto& op : callee.regions[0].front().ops)
    scalar |= op->name == "tessera.cast" || op->name == "tessera.tanh" ||
              op->name == "tessera.pow" ||
              (op->name == "tessera.gelu" && op->attrs.get_string("approximate", "none") != "tanh");
  if (std::optional<ScalarKernel> k = plan_i4_cast(group, callee, name))  // _i4.cpp
    return scalar_lowering(std::move(*k));
  if (scalar) {
    ScalarChain s = plan_scalar_chain(group, callee, name);
    if (s.kernel.empty()) return stay(s.why);
    return scalar_lowering(std::move(s));
  }
  // schedule_to_tile_elementwise.cpp: every tile element type, broadcast operands.
  ElementwiseChain c = plan_elementwise_chain(group, callee, name, arith_of);
  if (c.kernel.empty()) return stay(c.why);
  Lowering l;
  const ir::Type& out = group.result(0)->type;
  int64_t rows = 1;
  for (int64_t d = 0; d + 1 < out.rank(); ++d) rows *= out.shape[static_cast<size_t>(d)];
  const int64_t width = out.shape.back();
  l.kernel = std::move(c.kernel);
  l.expand = std::move(c.expand);
  l.grid = {(rows + 31) / 32, (width + 63) / 64};
  l.tiles = 1;
  if (out.rank() == 2) {
    l.group_tile = {32, 64};
    l.tile_split = {1, 1};
  } else {
    l.as_2d = {rows, width};  // the launch sees [rows, width]; reshapes around it
  }
  return l;
}

// tessera.reduce over trailing axes (the last one, or a suffix of them, or all): the reduced
// elements of one output are then a contiguous run in row-major order, the kernel's row.
// softmax along an axis other than the last: the axis moves last (tessera.transpose of the
// other axes in order, then it), the row kernel runs, and the result is transposed back. Each
// row is then one softmax slice in its index order, as tessera.softmax computes it.
Lowering lower_softmax_axis(const ir::Op& group, const ir::Op& op, const std::string& name) {
  if (op.attrs.get("numeric_policy")) return stay("a numeric policy");
  const ir::Type& x = group.operands[0]->type;
  const bool scalar_only = x.is_tensor() && (x.dtype == DType::bf16 || x.dtype == DType::f16 ||
                                             x.dtype == DType::f64);  // the scalar kernel's types
  if ((!is_f32(x) && !scalar_only) || group.result(0)->type.dtype != x.dtype || x.rank() < 1 ||
      !x.has_static_shape())
    return stay("not f32, f64, bf16 or f16 of static shape");
  const int64_t rank = x.rank();
  int64_t axis = op.attrs.get_int("axis", -1);
  if (axis < -rank || axis >= rank) return stay("bad axis");
  if (axis < 0) axis += rank;
  const bool safe = op.name == "tessera.softmax_safe";
  if (!safe && (scalar_only || x.shape[static_cast<size_t>(axis)] > kMaxRowWidth)) {
    int64_t outer = 1, inner = 1;  // schedule_to_tile_norm.cpp: rows of any stride, any width
    for (int64_t d = 0; d < rank; ++d)
      if (d != axis &&
          __builtin_mul_overflow(d < axis ? outer : inner, x.shape[static_cast<size_t>(d)],
                                 d < axis ? &outer : &inner))
        return stay("too many elements");
    return scalar_lowering(
        plan_scalar_softmax(group, op, outer, x.shape[static_cast<size_t>(axis)], inner, name));
  }
  if (scalar_only) return stay("softmax_safe of " + std::string(dtype_mlir_name(x.dtype)));
  std::vector<int64_t> perm, inverse(static_cast<size_t>(rank));
  int64_t rows = 1;
  for (int64_t d = 0; d < rank; ++d)
    if (d != axis) {
      perm.push_back(d);
      rows *= x.shape[static_cast<size_t>(d)];
    }
  perm.push_back(axis);
  for (int64_t d = 0; d < rank; ++d) inverse[static_cast<size_t>(perm[static_cast<size_t>(d)])] = d;
  const int64_t width = x.shape[static_cast<size_t>(axis)];
  if (rows == 0 || width == 0) return stay("an empty tensor");
  if (width > kMaxRowWidth) return stay("rows longer than 1024 elements");
  Lowering l;
  l.kernel = softmax_kernel(name, width, op.name == "tessera.log_softmax",
                            op.name == "tessera.softmax_safe");
  l.grid = {(rows + 31) / 32};
  l.tiles = 1;
  l.as_2d = {rows, width};
  l.spread.assign(1, false);
  if (axis != rank - 1) {
    l.perm = perm;
    l.out_perm = inverse;
  }
  return l;
}

Lowering lower_reduce(const ir::Op& group, const ir::Op& callee, const std::string& name) {
  const ir::Op* op = only_op(callee);
  if (op && (op->name == "tessera.softmax" || op->name == "tessera.log_softmax" ||
             op->name == "tessera.softmax_safe"))
    return lower_softmax_axis(group, *op, name);
  if (op && (op->name == "tessera.layer_norm" || op->name == "tessera.rmsnorm" ||
             op->name == "tessera.layernorm_safe" || op->name == "tessera.rmsnorm_safe"))
    return lower_row(group, callee, name);  // a row of the trailing dims from `axis`
  if (op && op->name == "tessera.mse") {    // schedule_to_tile_loss.cpp: one row of n elements
    LossPlan m = plan_mse(group, *op, name);
    if (m.kernel.empty())  // f64, or more than one register tile: schedule_to_tile_reduce.cpp
      return scalar_lowering(plan_scalar_mse(group, *op, name));
    Lowering l;
    l.kernel = std::move(m.kernel);
    l.grid = {1};
    l.as_2d = {1, m.width};
    l.out_2d = {1, 1};
    return l;
  }
  if (!op || op->name != "tessera.reduce")
    return stay("no Tile IR lowering for 'whole' groups of " +
                (op ? op->name : std::string("several ops")) + " yet");
  const ir::Type& x = group.operands[0]->type;
  if (!x.is_tensor() || x.rank() < 1 || !x.has_static_shape() ||
      group.result(0)->type.dtype != x.dtype)
    return stay("not a reduction of static shape");
  // An accumulator policy ({accum = "f32" | "f64"}, reduce_c5) is the scalar kernel's.
  std::optional<DType> accum;
  if (const ir::Attr* pol = op->attrs.get("numeric_policy")) {
    const ir::Attr* acc = pol->get("accum");
    if (pol->kind != ir::Attr::Kind::dict || pol->dict.size() != 1 || !acc ||
        acc->kind != ir::Attr::Kind::string || (acc->s != "f32" && acc->s != "f64"))
      return stay("a numeric policy other than {accum = \"f32\" | \"f64\"}");
    accum = acc->s == "f64" ? DType::f64 : DType::f32;
  }
  const std::string kind = op->attrs.get_string("kind", "");
  RowReduce k;
  if (kind == "sum")
    k = RowReduce::sum;
  else if (kind == "mean")
    k = RowReduce::mean;
  else if (kind == "max")
    k = RowReduce::max;
  else if (kind == "min")
    k = RowReduce::min;
  else
    return stay("no Tile IR lowering for reduce kind '" + kind + "'");
  const int64_t rank = x.rank();
  std::vector<bool> reduced(static_cast<size_t>(rank), true);
  if (const ir::Attr* axes = op->attrs.get("axes")) {
    auto v = axes->is_int() ? std::optional(std::vector<int64_t>{axes->i}) : axes->as_int_array();
    if (!v) return stay("bad axes");
    reduced.assign(static_cast<size_t>(rank), false);
    for (int64_t a : *v) {
      if (a < -rank || a >= rank) return stay("bad axes");
      reduced[static_cast<size_t>(a < 0 ? a + rank : a)] = true;
    }
  }
  // The kept axes, then the reduced ones, each in their order: a transpose to that order (when
  // it is not the identity) makes each output's elements one row in tessera.reduce's row-major
  // order over the reduced dims.
  std::vector<int64_t> perm;
  int64_t rows = 1, width = 1;
  for (int64_t d = 0; d < rank; ++d)
    if (!reduced[static_cast<size_t>(d)]) {
      perm.push_back(d);
      rows *= x.shape[static_cast<size_t>(d)];
    }
  for (int64_t d = 0; d < rank; ++d)
    if (reduced[static_cast<size_t>(d)]) {
      perm.push_back(d);
      width *= x.shape[static_cast<size_t>(d)];
    }
  bool identity = true;
  for (int64_t d = 0; d < rank; ++d) identity &= perm[static_cast<size_t>(d)] == d;
  if (rows == 0) return stay("an empty tensor");
  if (!is_f32(x) || accum || width == 0 || width > kMaxRowWidth) {  // schedule_to_tile_reduce.cpp
    ScalarKernel s = plan_scalar_reduce(name, x.dtype, rows, width, kind, accum);
    if (!identity) s.perm = perm;
    return scalar_lowering(std::move(s));
  }
  Lowering l;
  l.kernel = row_reduce_kernel(name, width, k);
  if (!identity) l.perm = perm;
  l.grid = {(rows + 31) / 32};
  l.tiles = 1;
  l.as_2d = {rows, width};
  l.out_2d = {rows, 1};
  return l;
}

}  // namespace

Lowering plan_lowering(const ir::Op& group, const ir::Op& callee, const std::string& name) {
  // The op record's lower hook names the Graph IR ops some Tile IR kernel here handles
  // (core/ops/graph_ops.def); a group holding any other op stays.
  for (const auto& op : callee.regions[0].front().ops) {
    if (const char* why = libm_reason(op->name)) return stay(why);  // _reduce.cpp
    if (op->def && op->def->level == ops::Level::graph && op->def->hooks.lower != ops::Hook::pass &&
        !lowered_by_list(op->name))
      return stay("no Tile IR lowering for " + op->name + " (its op record's lower hook)");
  }
  // schedule_to_tile_random.cpp: uniform, dropout, bernoulli on Philox words (any group kind).
  if (const ir::Op* op = only_op(callee); op && is_random_op(op->name)) {
    Lowering l = scalar_lowering(plan_random(group, *op, name));
    if (l.as_2d.empty()) l.as_2d = l.out_2d;  // no operand: the result alone is reshaped
    return l;
  }
  auto kind = sched::parse_group_kind(group.attrs.get_string("kind", ""));
  if (kind == sched::GroupKind::gemm) return lower_gemm(group, callee, name);
  if (kind == sched::GroupKind::attention) return lower_attention(group, callee, name);
  if (kind == sched::GroupKind::conv) {  // schedule_to_tile_conv.cpp: the implicit GEMM
    ConvPlan c = plan_conv(group, callee, name);
    if (c.kernel.empty()) return stay(c.why);
    Lowering l;
    l.kernel = std::move(c.kernel);
    l.grid = std::move(c.grid);
    l.prep = std::move(c.prep);
    l.post = std::move(c.post);
    l.post_in = std::move(c.out_shape);
    return l;
  }
  if (kind == sched::GroupKind::row) return lower_row(group, callee, name);
  if (kind == sched::GroupKind::elementwise) return lower_elementwise(group, callee, name);
  if (kind == sched::GroupKind::whole && is_quantize_group(callee)) {
    QuantizePlan q = plan_quantize(group, callee, name);  // schedule_to_tile_quantize.cpp
    if (q.kernel.empty()) return stay(q.why);
    Lowering l;  // x flattened; the codes and the scale come out at the group's result types
    l.kernel = std::move(q.kernel);
    l.grid = std::move(q.grid);
    l.prep = {{GraphStep{"tessera.reshape", {q.in_size}, group.operands[0]->type.dtype}}};
    return l;
  }
  if (kind == sched::GroupKind::whole &&
      callee.regions[0].front().ops.front()->name == "tessera.dequantize") {
    ScalarChain s = plan_dequantize(group, callee, name);  // schedule_to_tile_scalar.cpp
    if (s.kernel.empty()) return stay(s.why);
    return scalar_lowering(std::move(s));
  }
  if (kind == sched::GroupKind::whole) {
    // compare_scalar and masked_fill (no elementwise trait: their scalar is an attribute) are
    // one-op elementwise chains (schedule_to_tile_activation.cpp).
    const std::string& first = callee.regions[0].front().ops.front()->name;
    if (first == "tessera.compare_scalar" || first == "tessera.masked_fill")
      return lower_elementwise(group, callee, name);
    // schedule_to_tile_movement.cpp: a constant's elements, stored by one group.
    MovementPlan cst = plan_constant(group, callee, name);
    if (cst.movement && cst.kernel.empty()) return stay(cst.why);
    if (cst.movement) {
      Lowering l;
      l.kernel = std::move(cst.kernel);
      l.grid = {1};
      l.as_2d = l.out_2d = {cst.rows, cst.width};
      return l;
    }
    // schedule_to_tile_movement.cpp: transpose, permute, broadcast, slice, reshape.
    MovementPlan mv = plan_movement(group, callee, name);
    if (mv.movement && mv.kernel.empty()) return stay(mv.why);
    if (mv.movement) {
      Lowering l;
      l.kernel = std::move(mv.kernel);
      l.grid = {mv.rows};
      l.flat = std::move(mv.in_sizes);
      l.as_2d = {l.flat[0]};
      l.out_2d = {mv.rows, mv.width};
      return l;
    }
    const ir::Op* op = only_op(callee);  // schedule_to_tile_reduce.cpp, _optim.cpp
    if (op && op->name == "tessera.cross_entropy")
      return scalar_lowering(plan_cross_entropy(group, *op, name));
    if (op && op->name == "tessera.binary_cross_entropy")  // schedule_to_tile_bce.cpp
      return scalar_lowering(plan_binary_cross_entropy(group, *op, name));
    if (op && op->name == "tessera.loss.cross_entropy")
      return scalar_lowering(plan_loss_cross_entropy(group, *op, name));
    if (op &&
        (op->name == "tessera.sgd" || op->name == "tessera.adam" || op->name == "tessera.adamw" ||
         op->name == "tessera.nesterov" || op->name == "tessera.momentum_backward" ||
         op->name == "tessera.loss.mse_backward" || op->name == "tessera.adam_backward" ||
         op->name == "tessera.loss.binary_cross_entropy_backward"))
      return scalar_lowering(plan_optimizer(group, *op, name));
    if (op && op->name.starts_with("tessera.rl."))  // schedule_to_tile_rl.cpp
      return scalar_lowering(plan_rl_loss(group, *op, name));
    if (op && op->name == "tessera.topk") return scalar_lowering(plan_topk(group, *op, name));
    // flash_attn of rank 2 and 3, and flash_attention (its guide name, the same Graph IR
    // kernel: docs/ops/graph/guide_names.md) in every rank (schedule_to_tile_attn.cpp).
    if (op && (op->name == "tessera.flash_attn" || op->name == "tessera.flash_attention"))
      return scalar_lowering(plan_flash_attn(group, *op, name));
    if (op && (op->name == "tessera.attn_sliding_window" ||
               op->name == "tessera.attn_compressed_blocks" ||
               op->name == "tessera.attn_local_window_2d"))
      return scalar_lowering(plan_sparse_attn(group, *op, name));
    if (op && (op->name == "tessera.attn_with_stats" || op->name == "tessera.softmax_merge" ||
               op->name == "tessera.softmax_finalize"))  // schedule_to_tile_attnstats.cpp
      return scalar_lowering(plan_softmax_stats(group, *op, name));
    if (op && op->name == "tessera.attn.lse_accumulate")  // schedule_to_tile_attnstats.cpp
      return scalar_lowering(plan_lse_accumulate(group, name));
    if (op && (op->name == "tessera.attn_top_k_blocks" ||
               op->name == "tessera.msa_sparse_attention"))  // schedule_to_tile_attn.cpp
      return scalar_lowering(plan_block_attn(group, *op, name));
    if (op && (op->name == "tessera.deepseek_sparse_attention" ||
               op->name == "tessera.native_sparse_attn_fused"))
      return scalar_lowering(plan_nsa_attn(group, *op, name));
    if (op && op->name == "tessera.lookahead_sparse_attention")
      return scalar_lowering(plan_lookahead_attn(group, *op, name));
    if (op && op->name == "tessera.msa_index_scores")  // schedule_to_tile_attnselect.cpp
      return scalar_lowering(plan_msa_index_scores(group, *op, name));
    if (op && op->name == "tessera.msa_select_blocks")
      return scalar_lowering(plan_msa_select_blocks(group, *op, name));
    if (op && (op->name == "tessera.gather" || op->name == "tessera.embedding" ||
               op->name == "tessera.scatter"))  // schedule_to_tile_index.cpp
      return scalar_lowering(plan_index(group, *op, name));
    if (op)  // schedule_to_tile_models.cpp: KV cache, grouped and fused GEMMs, MoE routing
      if (std::optional<ScalarKernel> m = plan_model_op(group, *op, name))
        return scalar_lowering(std::move(*m));
    if (op && is_linear_attn_family(op->name))  // schedule_to_tile_attnstate.cpp
      return scalar_lowering(plan_linear_attn(group, *op, name));
    if (op && op->name == "tessera.selective_ssm")  // schedule_to_tile_ssm.cpp
      return scalar_lowering(plan_selective_ssm(group, *op, name));
    if (op && op->name == "tessera.depth_attn")
      return scalar_lowering(plan_depth_attn(group, *op, name));
    if (op && (op->name == "tessera.tri_solve" || op->name == "tessera.cholesky" ||
               op->name == "tessera.cholesky_solve" || op->name == "tessera.lu" ||
               op->name == "tessera.qr"))
      return scalar_lowering(plan_linalg(group, *op, name));  // schedule_to_tile_linalg.cpp
    if (op && op->name == "tessera.svd")
      return scalar_lowering(plan_svd(group, *op, name));  // schedule_to_tile_svd.cpp
    if (op &&
        (op->name == "tessera.fft" || op->name == "tessera.ifft" || op->name == "tessera.fft2d"))
      return scalar_lowering(plan_fft(group, *op, name));  // schedule_to_tile_fft.cpp
    if (op && op->name == "tessera.spmm")                  // schedule_to_tile_linalg.cpp
      return scalar_lowering(plan_spmm(group, *op, name));
    if (op && (op->name.starts_with("tessera.clifford.") ||
               op->name.starts_with("tessera_clifford.")))  // schedule_to_tile_clifford.cpp
      return scalar_lowering(plan_clifford(group, *op, name));
    if (op && op->name == "tessera.normalization_stats")
      return scalar_lowering(plan_normalization_stats(group, *op, name));
    if (op && (op->name == "tessera.rope" || op->name == "tessera.ntk_rope"))
      return scalar_lowering(plan_rope(group, *op, name));  // schedule_to_tile_rope.cpp
    if (op && (op->name.starts_with("tessera.ebm.") ||
               op->name == "tessera.guided_denoise_region"))  // schedule_to_tile_ebm.cpp
      return scalar_lowering(plan_ebm(group, *op, name));
    return lower_reduce(group, callee, name);
  }
  return stay(std::string("no Tile IR lowering for '") + group.attrs.get_string("kind", "") +
              "' groups yet");
}

}  // namespace tessera::transforms
