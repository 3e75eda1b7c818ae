// Verifier hooks of Target IR (docs/ops/target/): special registers, memory, warp-synchronous ops.
#include "core/ops/contractions.h"
#include "core/ops/packed_i4.h"
#include "core/ops/policy.h"
#include "core/ops/target_fragments.h"
#include "core/ops/tile_util.h"
#include "core/support/error.h"

namespace tessera::ops {
namespace {

using tile::int_attr;
using tile::string_choice;

ir::Type vec(DType d, int64_t n) { return ir::Type{ir::TypeKind::vector, d, {n}, 0, {}}; }

bool is_i32(const ir::Type& t) { return t.is_scalar() && t.dtype == DType::i32; }

/// A lane index operand: i32 or index.
bool lane_index(const ir::Type& t) {
  return t.is_scalar() && (t.dtype == DType::i32 || t.dtype == DType::index);
}

/// Element types Target IR memory holds and registers carry per lane.
bool mem_dtype_ok(DType d) {
  return tile::is_int_reg_dtype(d) || d == DType::f64 || d == DType::f32 ||
         tile::is_storage_scalar(ir::Type::scalar(d));  // narrow floats, ui8..ui64
}

/// Bytes of one element in Target IR memory (index: 8).
int64_t elem_bytes(DType d) { return d == DType::index ? 8 : std::max(1, dtype_bits(d) / 8); }

bool require_memref(InferCtx& ctx, size_t k, const char* label) {
  const ir::Type& t = ctx.operands[k];
  if (!t.is_memref() || !mem_dtype_ok(t.dtype) ||
      (t.memspace != 0 && t.memspace != 3 && t.memspace != 5))
    return ctx.fail("operand #" + std::to_string(k) +
                        " must be a memref in space 0, 3 or 5 of a Target IR element type, got " +
                        ir::to_string(t),
                    label);
  return true;
}

/// A per-lane value of element type `d`: the scalar, or vector<v x d> with v in {1, 2, 4, 8}
/// and v * bytes <= 16 (PTX .v2/.v4 and 128-bit accesses).
bool vec_value_ok(const ir::Type& t, DType d) {
  if (t.is_scalar()) return t.dtype == d;
  if (t.kind != ir::TypeKind::vector || t.rank() != 1 || t.dtype != d) return false;
  int64_t v = t.shape[0];
  return (v == 1 || v == 2 || v == 4 || v == 8 || v == 16) && v * elem_bytes(d) <= 16;
}

bool sreg(InferCtx& ctx, bool has_dim) {
  ctx.result_label = "tnv_sreg_c1";
  // tnv_sreg_c1: `dim` is 0 (x), 1 (y) or 2 (z); the result is an i32.
  if (has_dim) {
    int64_t d;
    if (!int_attr(ctx, "dim", 0, "tnv_sreg_c1", d)) return false;
    if (d < 0 || d > 2) return ctx.fail("attribute 'dim' must be 0, 1 or 2", "tnv_sreg_c1");
  }
  ctx.results = {ir::Type::scalar(DType::i32)};
  return true;
}

}  // namespace

bool infer_TargetTid(InferCtx& ctx) { return sreg(ctx, true); }
bool infer_TargetNtid(InferCtx& ctx) { return sreg(ctx, true); }
bool infer_TargetCtaid(InferCtx& ctx) { return sreg(ctx, true); }
bool infer_TargetNctaid(InferCtx& ctx) { return sreg(ctx, true); }
bool infer_TargetLaneId(InferCtx& ctx) { return sreg(ctx, false); }
bool infer_TargetWarpId(InferCtx& ctx) { return sreg(ctx, false); }

bool infer_TargetFma(InferCtx& ctx) {
  ctx.result_label = "tnv_fma_c1";
  // tnv_fma_c1: three f32 (or f64) scalars of one type; the result has their type.
  const ir::Type& a = ctx.operands[0];
  if (!a.is_scalar() || (a.dtype != DType::f32 && a.dtype != DType::f64) || ctx.operands[1] != a ||
      ctx.operands[2] != a)
    return ctx.fail("operands must be three f32 or three f64 scalars", "tnv_fma_c1");
  ctx.results = {a};
  return true;
}

bool infer_TargetExp(InferCtx& ctx) {
  ctx.result_label = "tnv_exp_c1";
  // tnv_exp_c1: an f32 scalar; the result is f32.
  if (ctx.operands[0] != ir::Type::scalar(DType::f32))
    return ctx.fail("operand must be an f32 scalar", "tnv_exp_c1");
  ctx.results = {ctx.operands[0]};
  return true;
}

bool infer_TargetLog(InferCtx& ctx) {
  ctx.result_label = "tnv_log_c1";
  // tnv_log_c1: an f32 scalar; the result is f32.
  if (ctx.operands[0] != ir::Type::scalar(DType::f32))
    return ctx.fail("operand must be an f32 scalar", "tnv_log_c1");
  ctx.results = {ctx.operands[0]};
  return true;
}

bool infer_TargetSqrt(InferCtx& ctx) {
  ctx.result_label = "tnv_sqrt_c1";
  // tnv_sqrt_c1: an f32 or f64 scalar; the result has its type.
  if (ctx.operands[0] != ir::Type::scalar(DType::f32) &&
      ctx.operands[0] != ir::Type::scalar(DType::f64))
    return ctx.fail("operand must be an f32 or f64 scalar", "tnv_sqrt_c1");
  ctx.results = {ctx.operands[0]};
  return true;
}

bool infer_TargetExit(InferCtx&) { return true; }

namespace {

bool alloc(InferCtx& ctx, int64_t space, const char* label) {
  ctx.result_label = label;
  // tnv_alloc_c1: a static memref of a Target IR element type in space 3 (shared) or 5 (local).
  const ir::Type& t = ctx.declared[0];
  if (!t.is_memref() || t.memspace != space || !t.has_static_shape() || !mem_dtype_ok(t.dtype) ||
      !t.byte_size())
    return ctx.fail("result must be a static memref in memory space " + std::to_string(space) +
                        ", got " + ir::to_string(t),
                    label);
  ctx.results = {t};
  return true;
}

}  // namespace

bool infer_TargetAllocShared(InferCtx& ctx) { return alloc(ctx, 3, "tnv_alloc_c1"); }
bool infer_TargetAllocLocal(InferCtx& ctx) { return alloc(ctx, 5, "tnv_alloc_c1"); }

bool infer_TargetDim(InferCtx& ctx) {
  ctx.result_label = "tnv_dim_c1";
  // tnv_dim_c1: `dim` indexes a dimension of a memref operand; the result is an index.
  return require_memref(ctx, 0, "tnv_dim_c1") && tile::infer_memref_dim(ctx, "tnv_dim_c1");
}

bool infer_TargetLd(InferCtx& ctx) {
  ctx.result_label = "tnv_mem_c2";
  // tnv_mem_c1: a memref and one linear element index (i32 or index).
  if (!require_memref(ctx, 0, "tnv_mem_c1")) return false;
  if (!lane_index(ctx.operands[1]))
    return ctx.fail("the element index must be i32 or index", "tnv_mem_c1");
  // tnv_mem_c2: the value is the element type or vector<v x T>, v * sizeof(T) <= 16 bytes.
  if (!vec_value_ok(ctx.declared[0], ctx.operands[0].dtype))
    return ctx.fail("result must be " + ir::to_string(ir::Type::scalar(ctx.operands[0].dtype)) +
                        " or a vector of it of at most 16 bytes, got " +
                        ir::to_string(ctx.declared[0]),
                    "tnv_mem_c2");
  ctx.results = {ctx.declared[0]};
  return true;
}

bool infer_TargetSt(InferCtx& ctx) {
  if (!require_memref(ctx, 1, "tnv_mem_c1")) return false;
  if (!lane_index(ctx.operands[2]))
    return ctx.fail("the element index must be i32 or index", "tnv_mem_c1");
  if (!vec_value_ok(ctx.operands[0], ctx.operands[1].dtype))
    return ctx.fail(
        "the stored value must be " + ir::to_string(ir::Type::scalar(ctx.operands[1].dtype)) +
            " or a vector of it of at most 16 bytes, got " + ir::to_string(ctx.operands[0]),
        "tnv_mem_c2");
  return true;
}

bool infer_TargetCpAsync(InferCtx& ctx) {
  // tnv_cp_c1: (src global memref, src index, dst shared memref, dst index) of one element type;
  // `bytes` is 4, 8 or 16 and a multiple of the element size.
  const ir::Type& s = ctx.operands[0];
  const ir::Type& d = ctx.operands[2];
  if (!require_memref(ctx, 0, "tnv_cp_c1") || !require_memref(ctx, 2, "tnv_cp_c1")) return false;
  if (s.memspace != 0 || d.memspace != 3 || s.dtype != d.dtype)
    return ctx.fail("copies from a global memref to a shared memref of the same element type",
                    "tnv_cp_c1");
  if (!lane_index(ctx.operands[1]) || !lane_index(ctx.operands[3]))
    return ctx.fail("element indices must be i32 or index", "tnv_cp_c1");
  // tnv_cp_c2: the optional fifth operand, src_size, is an i32 or index.
  if (ctx.operands.size() == 5 && !lane_index(ctx.operands[4]))
    return ctx.fail("src_size must be i32 or index", "tnv_cp_c2");
  int64_t bytes;
  if (!int_attr(ctx, "bytes", 4, "tnv_cp_c1", bytes)) return false;
  if ((bytes != 4 && bytes != 8 && bytes != 16) || bytes % elem_bytes(s.dtype) != 0)
    return ctx.fail("attribute 'bytes' must be 4, 8 or 16 and a multiple of the element size",
                    "tnv_cp_c1");
  return true;
}

bool infer_TargetCommitGroup(InferCtx&) { return true; }

bool infer_TargetWaitGroup(InferCtx& ctx) {
  // tnv_wait_c1: `n` (async groups left pending) is in [0, 255].
  int64_t n;
  if (!int_attr(ctx, "n", 0, "tnv_wait_c1", n)) return false;
  if (n < 0 || n > 255) return ctx.fail("attribute 'n' must be in [0, 255]", "tnv_wait_c1");
  return true;
}

bool infer_TargetBarSync(InferCtx&) { return true; }

bool infer_TargetAtom(InferCtx& ctx) {
  ctx.result_label = "tnv_atom_c1";
  // tnv_atom_c1: (value, memref, index); the memref holds i32 or f32 in space 0 or 3; `kind`
  // is add, min, max or exch; value and result have the element type.
  std::string kind;
  if (!string_choice(ctx, "kind", "add|min|max|exch|cas", "add", "tnv_atom_c1", kind)) return false;
  if (!require_memref(ctx, 1, "tnv_atom_c1")) return false;
  const ir::Type& m = ctx.operands[1];
  if ((m.dtype != DType::i32 && m.dtype != DType::f32) || m.memspace == 5)
    return ctx.fail("atomics work on i32 or f32 in global or shared memory", "tnv_atom_c1");
  if (ctx.operands[0] != ir::Type::scalar(m.dtype) || !lane_index(ctx.operands[2]))
    return ctx.fail("the value must have the element type and the index be i32 or index",
                    "tnv_atom_c1");
  // tnv_atom_c2: `cas` takes a fourth operand, the compare value, of the element type; the
  // other kinds take none.
  if ((kind == "cas") != (ctx.operands.size() == 4) ||
      (kind == "cas" && ctx.operands[3] != ir::Type::scalar(m.dtype)))
    return ctx.fail("kind \"cas\" (and only it) takes a compare value of the element type",
                    "tnv_atom_c2");
  ctx.results = {ir::Type::scalar(m.dtype)};
  return true;
}

bool infer_TargetShfl(InferCtx& ctx) {
  ctx.result_label = "tnv_shfl_c1";
  // tnv_shfl_c1: (value, lane operand, member mask): value i32, f32, bf16 or f16 (a 16-bit
  // value travels in the low half of the 32-bit register), the others i32; `mode`
  // is up, down, bfly or idx; the result has the value's type.
  std::string mode;
  if (!string_choice(ctx, "mode", "up|down|bfly|idx", "idx", "tnv_shfl_c1", mode)) return false;
  const ir::Type& v = ctx.operands[0];
  if (!v.is_scalar() ||
      (v.dtype != DType::i32 && v.dtype != DType::f32 && v.dtype != DType::bf16 &&
       v.dtype != DType::f16) ||
      !is_i32(ctx.operands[1]) || !is_i32(ctx.operands[2]))
    return ctx.fail("operands must be (i32, f32, bf16 or f16 value, i32 lane, i32 member mask)",
                    "tnv_shfl_c1");
  ctx.results = {v};
  return true;
}

bool infer_TargetVote(InferCtx& ctx) {
  ctx.result_label = "tnv_vote_c1";
  // tnv_vote_c1: (i1 predicate, i32 member mask); `mode` all/any give i1, ballot gives i32.
  std::string mode;
  if (!string_choice(ctx, "mode", "all|any|ballot", "any", "tnv_vote_c1", mode)) return false;
  if (ctx.operands[0] != ir::Type::scalar(DType::i1) || !is_i32(ctx.operands[1]))
    return ctx.fail("operands must be (i1 predicate, i32 member mask)", "tnv_vote_c1");
  ctx.results = {ir::Type::scalar(mode == "ballot" ? DType::i32 : DType::i1)};
  return true;
}

bool infer_TargetLdmatrix(InferCtx& ctx) {
  ctx.result_label = "tnv_ldm_c2";
  // tnv_ldm_c1: a 2-D shared memref of 16-bit floats, row and column indices; `num` is 1, 2
  // or 4 (8x8 matrices), `trans` a bool.
  const ir::Type& m = ctx.operands[0];
  if (!m.is_memref() || m.memspace != 3 || m.rank() != 2 || !m.has_static_shape() ||
      (m.dtype != DType::f16 && m.dtype != DType::bf16))
    return ctx.fail(
        "operand #0 must be a static 2-D shared memref of f16 or bf16, got " + ir::to_string(m),
        "tnv_ldm_c1");
  if (!lane_index(ctx.operands[1]) || !lane_index(ctx.operands[2]))
    return ctx.fail("row and column must be i32 or index", "tnv_ldm_c1");
  int64_t num;
  if (!int_attr(ctx, "num", 1, "tnv_ldm_c1", num)) return false;
  if (num != 1 && num != 2 && num != 4)
    return ctx.fail("attribute 'num' must be 1, 2 or 4", "tnv_ldm_c1");
  const ir::Attr* tr = ctx.attr("trans");
  if (tr && tr->kind != ir::Attr::Kind::boolean)
    return ctx.fail("attribute 'trans' must be a bool", "tnv_ldm_c1");
  // tnv_ldm_c2: the result is vector<2 num x T>: two elements of each matrix per lane.
  ctx.results = {vec(m.dtype, 2 * num)};
  return true;
}

bool infer_TargetMmaSync(InferCtx& ctx) {
  ctx.result_label = "tnv_mma_c2";
  // tnv_mma_c1: `shape` is m16n8k16 (bf16/f16), m16n8k8 (tf32 held as f32) or m16n8k32
  // (e4m3/e5m2); a and b are the per-lane fragments of that shape, c is vector<4xf32>.
  const ir::Attr* sa = ctx.attr("shape");
  std::optional<target::MmaInfo> info;
  if (sa && sa->kind == ir::Attr::Kind::string) info = target::mma_info(sa->s);
  if (!info)
    return ctx.fail("attribute 'shape' must be \"m16n8k16\", \"m16n8k8\" or \"m16n8k32\"",
                    "tnv_mma_c1");
  const ir::Type& a = ctx.operands[0];
  const ir::Type& b = ctx.operands[1];
  DType in = a.dtype;
  if (!target::mma_input_ok(info->shape, in) || a != vec(in, info->a_regs) ||
      b != vec(in, info->b_regs))
    return ctx.fail("shape " + sa->s + " takes a: " + ir::to_string(vec(in, info->a_regs)) +
                        " and b: " + ir::to_string(vec(in, info->b_regs)) +
                        " of its input type, got " + ir::to_string(a) + " and " + ir::to_string(b),
                    "tnv_mma_c1");
  if (ctx.operands[2] != vec(DType::f32, 4))
    return ctx.fail("c must be vector<4xf32>", "tnv_mma_c1");
  // tnv_mma_c3: the policy's accumulator is f32 and its accum_model is known.
  try {
    NumericPolicy p = read_policy(ctx.op);
    DType model_in = info->shape == target::MmaShape::m16n8k8 ? DType::tf32 : in;
    if (p.accum != DType::f32) return ctx.fail("the accumulator is f32", "tnv_mma_c3");
    if (!accum_model_by_name(p.accum_model, DType::f32, model_in))
      return ctx.fail("unknown accum_model \"" + p.accum_model + "\"", "tnv_mma_c3");
  } catch (const Error& e) {
    return ctx.fail(e.what(), "tnv_mma_c3");
  }
  // tnv_mma_c2: the result is vector<4xf32> (D).
  ctx.results = {vec(DType::f32, 4)};
  return true;
}

bool infer_TargetLaunch(InferCtx& ctx) {
  ctx.result_label = "tnv_launch_c3";
  const ir::Attr* callee = ctx.attr("callee");
  // tnv_launch_c1: `callee` names a function of the module that has a body.
  if (!callee || callee->kind != ir::Attr::Kind::symbol)
    return ctx.fail("needs a 'callee' symbol attribute", "tnv_launch_c1");
  const ir::Op* fn = ir::lookup_callee(ctx.op);
  if (!fn || fn->regions.empty())
    return ctx.fail("callee @" + callee->s + " is not a function with a body in this module",
                    "tnv_launch_c1");
  // tnv_launch_c2: grid is 1-3 positive integers, block 1-3 positive integers whose product
  // (threads per block) is at most 1024.
  auto grid = ctx.attr("grid") ? ctx.attr("grid")->as_int_array() : std::nullopt;
  auto block = ctx.attr("block") ? ctx.attr("block")->as_int_array() : std::nullopt;
  if (!grid || grid->empty() || grid->size() > 3 || !block || block->empty() || block->size() > 3)
    return ctx.fail("needs 'grid' and 'block', arrays of 1 to 3 positive integers",
                    "tnv_launch_c2");
  for (int64_t g : *grid)
    if (g < 1 || g > (int64_t{1} << 31))
      return ctx.fail("grid sizes must be positive", "tnv_launch_c2");
  int64_t threads = 1;
  for (int64_t b : *block) {
    if (b < 1 || b > 1024) return ctx.fail("block sizes must be in [1, 1024]", "tnv_launch_c2");
    threads *= b;
  }
  if (threads > 1024) return ctx.fail("a block has at most 1024 threads", "tnv_launch_c2");
  // tnv_launch_c3: operands bind the first parameters (tensor -> global memref of the same
  // element type and shape, 0-d tensor -> scalar); each result binds one further memref.
  const ir::Block& entry = fn->regions[0].front();
  size_t nops = ctx.operands.size(), nres = ctx.declared.size();
  if (entry.args.size() != nops + nres)
    return ctx.fail("callee @" + callee->s + " takes " + std::to_string(entry.args.size()) +
                        " parameters but the launch binds " + std::to_string(nops) +
                        " operands and " + std::to_string(nres) + " results",
                    "tnv_launch_c3");
  for (size_t k = 0; k < nops + nres; ++k) {
    const ir::Type& p = entry.args[k]->type;
    const ir::Type& t = k < nops ? ctx.operands[k] : ctx.declared[k - nops];
    bool ok = false;
    if (p.is_memref() && t.is_tensor())
      ok = p.memspace == 0 &&
           ((p.dtype == t.dtype && ir::types_compatible(ir::Type::tensor(p.dtype, p.shape), t)) ||
            packed_i4_fits(t, p)) &&
           (k < nops || t.has_static_shape());
    else if (p.is_scalar() && t.is_tensor() && k < nops)
      ok = t.rank() == 0 && t.dtype == p.dtype;
    if (!ok)
      return ctx.fail(
          (k < nops ? "operand #" + std::to_string(k) : "result #" + std::to_string(k - nops)) +
              " (" + ir::to_string(t) + ") does not bind parameter #" + std::to_string(k) +
              " of @" + callee->s + " (" + ir::to_string(p) + ")",
          "tnv_launch_c3");
  }
  ctx.results.assign(ctx.declared.begin(), ctx.declared.end());
  return true;
}

}  // namespace tessera::ops
