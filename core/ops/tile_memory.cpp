// Verifier hooks of Tile IR launch, memory, synchronisation and atomic ops (docs/tile-ir.md).
#include <algorithm>

#include "core/ops/packed_i4.h"
#include "core/ops/tile_util.h"

namespace tessera::ops {
namespace {

using namespace tile;

/// mem_c1: every element type but i4 (two per byte), tf32 (a compute mode) and the complex
/// types. i16, the narrow floats and the unsigned integers are accessed with scalar loads and
/// stores only (register tiles hold f32, bf16, f16, i32, i1).
bool memory_dtype_ok(DType d) { return d != DType::i4 && d != DType::tf32 && !dtype_is_complex(d); }

/// mem_c1: operand k is a memref of a supported element type and static rank.
bool require_memref(InferCtx& ctx, size_t k, const char* label) {
  const ir::Type& t = ctx.operands[k];
  if (!t.is_memref())
    return ctx.fail("operand #" + std::to_string(k) + " must be a memref, got " + ir::to_string(t),
                    label);
  if (!memory_dtype_ok(t.dtype))
    return ctx.fail(std::string("memref element type ") + dtype_mlir_name(t.dtype) +
                        " is not supported in Tile IR memory",
                    label);
  if (t.memspace != kGlobalSpace && t.memspace != kSharedSpace && t.memspace != kLocalSpace)
    return ctx.fail("memory space " + std::to_string(t.memspace) +
                        " is not 0 (global), 3 (shared) or 5 (local)",
                    label);
  return true;
}

/// mem_c2: after the memref come exactly rank(memref) index operands.
bool require_index_count(InferCtx& ctx, size_t mem, size_t first, const char* label) {
  size_t want = static_cast<size_t>(ctx.operands[mem].rank());
  if (ctx.operands.size() - first != want)
    return ctx.fail("expects " + std::to_string(want) + " indices for " +
                        ir::to_string(ctx.operands[mem]) + ", got " +
                        std::to_string(ctx.operands.size() - first),
                    label);
  return require_indices(ctx, first, label);
}

/// load_c1/store_c1: the value is an element scalar or vector<W x T> with W in 1, 2, 4, 8.
bool element_value_ok(InferCtx& ctx, const ir::Type& v, DType mem, const char* label) {
  DType want = mem;
  if (v.is_scalar() && v.dtype == want && (is_scalar_reg(v) || is_storage_scalar(v))) return true;
  if (v.kind == ir::TypeKind::vector && v.rank() == 1 && v.dtype == want) {
    if (!aggregate_dtype_ok(want))
      return ctx.fail(std::string("register tiles hold f32, bf16, f16, i32 or i1, not ") +
                          dtype_mlir_name(want) + "; access " + dtype_mlir_name(want) +
                          " memory with scalar loads and stores",
                      label);
    int64_t w = v.shape[0];
    if (w == 1 || w == 2 || w == 4 || w == 8) return true;
    return ctx.fail("vector width must be 1, 2, 4 or 8, got " + std::to_string(w), label);
  }
  if (v.is_scalar() && v.dtype == want)
    return ctx.fail("scalar registers hold integers, index, f32 and f64, not " + ir::to_string(v) +
                        "; access " + dtype_mlir_name(mem) + " memory as vector<1x" +
                        dtype_mlir_name(mem) + "> or a register tile",
                    label);
  return ctx.fail("value type " + ir::to_string(v) + " does not match the memref element type " +
                      dtype_mlir_name(mem),
                  label);
}

/// tile_c1: a 2-D register tile of the memref's element type; mask/padding attributes.
bool tile_access_ok(InferCtx& ctx, const ir::Type& t, DType mem, const char* label) {
  if (!t.is_tensor() || t.rank() != 2 || !t.has_static_shape() || t.dtype != mem)
    return ctx.fail("register tile must be a static 2-D tensor of " +
                        std::string(dtype_mlir_name(mem)) + ", got " + ir::to_string(t),
                    label);
  if (!aggregate_dtype_ok(mem))
    return ctx.fail(
        std::string("register tiles hold f32, bf16, f16, i32 or i1, not ") + dtype_mlir_name(mem),
        label);
  const ir::Attr* m = ctx.attr("mask");
  if (m && m->kind != ir::Attr::Kind::boolean)
    return ctx.fail("attribute 'mask' must be true or false", label);
  const ir::Attr* p = ctx.attr("padding");
  if (p && !p->is_number()) return ctx.fail("attribute 'padding' must be a number", label);
  return true;
}

}  // namespace

bool infer_TileLaunch(InferCtx& ctx) {
  ctx.result_label = "launch_c4";
  const ir::Attr* callee = ctx.attr("callee");
  // launch_c1: `callee` names a function of the module that has a body.
  if (!callee || callee->kind != ir::Attr::Kind::symbol)
    return ctx.fail("needs a 'callee' symbol attribute", "launch_c1");
  const ir::Op* fn = ir::lookup_callee(ctx.op);  // the module's symbol table, O(1)
  if (!fn || ir::is_declaration(*fn))
    return ctx.fail("callee @" + callee->s + " is not a function with a body in this module",
                    "launch_c1");
  // launch_c2: grid is 1-3 positive integers; tiles and lanes are in [1, 1024].
  auto grid = ctx.attr("grid") ? ctx.attr("grid")->as_int_array() : std::nullopt;
  if (!grid || grid->empty() || grid->size() > 3)
    return ctx.fail("needs 'grid', an array of 1 to 3 positive integers", "launch_c2");
  for (int64_t g : *grid)
    if (g < 1 || g > (int64_t{1} << 31))
      return ctx.fail("grid sizes must be positive", "launch_c2");
  int64_t tiles, lanes;
  if (!int_attr(ctx, "tiles", 1, "launch_c2", tiles) ||
      !int_attr(ctx, "lanes", 32, "launch_c2", lanes))
    return false;
  if (tiles < 1 || tiles > 1024 || lanes < 1 || lanes > 1024)
    return ctx.fail("'tiles' and 'lanes' must be in [1, 1024]", "launch_c2");
  // launch_c3: operands bind the first parameters (tensor -> memref of the same element type
  // and shape in space 0, 0-d tensor -> scalar); each result binds one further memref
  // parameter, a fresh output buffer.
  const ir::Block& entry = fn->regions[0].front();
  size_t nops = ctx.operands.size(), nres = ctx.declared.size();
  if (entry.args.size() != nops + nres)
    return ctx.fail("callee @" + callee->s + " takes " + std::to_string(entry.args.size()) +
                        " parameters but the launch binds " + std::to_string(nops) +
                        " operands and " + std::to_string(nres) + " results",
                    "launch_c3");
  for (size_t k = 0; k < nops + nres; ++k) {
    const ir::Type& p = entry.args[k]->type;
    const ir::Type& t = k < nops ? ctx.operands[k] : ctx.declared[k - nops];
    std::string what =
        k < nops ? "operand #" + std::to_string(k) : "result #" + std::to_string(k - nops);
    bool ok = false;
    if (p.is_memref() && t.is_tensor())
      ok = p.memspace == kGlobalSpace &&
           ((p.dtype == t.dtype && ir::types_compatible(ir::Type::tensor(p.dtype, p.shape), t)) ||
            packed_i4_fits(t, p));
    else if (p.is_scalar() && t.is_tensor() && k < nops)
      ok = t.rank() == 0 && t.dtype == p.dtype;
    if (!ok)
      return ctx.fail(what + " (" + ir::to_string(t) + ") does not bind parameter #" +
                          std::to_string(k) + " of @" + callee->s + " (" + ir::to_string(p) + ")",
                      "launch_c3");
    if (k >= nops && !t.has_static_shape())
      return ctx.fail(what + " must have a static shape", "launch_c4");
  }
  ctx.results.assign(ctx.declared.begin(), ctx.declared.end());
  return true;
}

bool infer_TileDim(InferCtx& ctx) {
  ctx.result_label = "dim_c1";
  // dim_c1: `dim` indexes a dimension of the memref; the result is its size as an index.
  return require_memref(ctx, 0, "dim_c1") && infer_memref_dim(ctx, "dim_c1");
}

bool infer_TileLoad(InferCtx& ctx) {
  ctx.result_label = "load_c1";
  if (!require_memref(ctx, 0, "mem_c1") || !require_index_count(ctx, 0, 1, "mem_c2")) return false;
  if (!element_value_ok(ctx, ctx.declared[0], ctx.operands[0].dtype, "load_c1")) return false;
  ctx.results.assign(ctx.declared.begin(), ctx.declared.end());
  return true;
}

bool infer_TileStore(InferCtx& ctx) {
  if (!require_memref(ctx, 1, "mem_c1") || !require_index_count(ctx, 1, 2, "mem_c2")) return false;
  return element_value_ok(ctx, ctx.operands[0], ctx.operands[1].dtype, "store_c1");
}

bool infer_TileLoadTile(InferCtx& ctx) {
  ctx.result_label = "tile_c1";
  if (!require_memref(ctx, 0, "mem_c1")) return false;
  if (ctx.operands[0].rank() < 2) return ctx.fail("needs a memref of rank 2 or more", "tile_c2");
  if (!require_index_count(ctx, 0, 1, "mem_c2")) return false;
  if (!tile_access_ok(ctx, ctx.declared[0], ctx.operands[0].dtype, "tile_c1")) return false;
  ctx.results.assign(ctx.declared.begin(), ctx.declared.end());
  return true;
}

bool infer_TileStoreTile(InferCtx& ctx) {
  if (!require_memref(ctx, 1, "mem_c1")) return false;
  if (ctx.operands[1].rank() < 2) return ctx.fail("needs a memref of rank 2 or more", "tile_c2");
  if (!require_index_count(ctx, 1, 2, "mem_c2")) return false;
  return tile_access_ok(ctx, ctx.operands[0], ctx.operands[1].dtype, "tile_c1");
}

/// alloc_c1: a static memref in the right space; alloc_c2: swizzle, alignment and padding.
static bool infer_alloc(InferCtx& ctx, int64_t space, bool shared) {
  ctx.result_label = "alloc_c1";
  const ir::Type& t = ctx.declared[0];
  if (!t.is_memref() || t.memspace != space || !t.has_static_shape() || t.rank() < 1 ||
      !memory_dtype_ok(t.dtype))
    return ctx.fail("result must be a static memref in memory space " + std::to_string(space) +
                        ", got " + ir::to_string(t),
                    "alloc_c1");
  if (!t.byte_size() || *t.byte_size() > (int64_t{1} << 30))
    return ctx.fail("allocation is too large", "alloc_c1");
  if (shared) {
    std::string swz;
    int64_t align, pad;
    if (!string_choice(ctx, "swizzle", "none|xor", "none", "alloc_c2", swz) ||
        !int_attr(ctx, "alignment", 16, "alloc_c2", align) ||
        !int_attr(ctx, "padding", 0, "alloc_c2", pad))
      return false;
    if (align < 1 || (align & (align - 1)) != 0 || align > 4096)
      return ctx.fail("'alignment' must be a power of two in [1, 4096]", "alloc_c2");
    if (pad < 0 || pad > 1024) return ctx.fail("'padding' must be in [0, 1024]", "alloc_c2");
    if (swz == "xor") {
      // The xor swizzle permutes 16-byte chunks of a row: the row needs a power-of-two count.
      int64_t esize = std::max(1, dtype_bits(t.dtype) / 8);
      int64_t cols = t.shape.back();
      int64_t per = std::max<int64_t>(1, 16 / esize);
      int64_t chunks = cols / per;
      if (t.rank() < 2 || cols % per != 0 || chunks < 1 || (chunks & (chunks - 1)) != 0)
        return ctx.fail(
            "swizzle \"xor\" needs rank >= 2 and rows of a power-of-two number of "
            "16-byte chunks",
            "alloc_c2");
    }
  }
  ctx.results = {t};
  return true;
}
bool infer_TileAllocShared(InferCtx& c) { return infer_alloc(c, kSharedSpace, true); }
bool infer_TileAllocRegister(InferCtx& c) { return infer_alloc(c, kLocalSpace, false); }

bool infer_TileBarrier(InferCtx&) { return true; }
bool infer_TileCommitGroup(InferCtx&) { return true; }

bool infer_TileWaitGroup(InferCtx& ctx) {
  int64_t n;
  // async_c3: wait_group's `n` (pending groups allowed to remain) is in [0, 64].
  if (!int_attr(ctx, "n", 0, "async_c3", n)) return false;
  if (n < 0 || n > 64) return ctx.fail("attribute 'n' must be in [0, 64]", "async_c3");
  return true;
}

bool infer_TileAsyncCopy(InferCtx& ctx) {
  // async_c1: global source (rank >= 2) to a 2-D shared destination of the same element type.
  if (!require_memref(ctx, 0, "async_c1") || !require_memref(ctx, 1, "async_c1")) return false;
  const ir::Type& src = ctx.operands[0];
  const ir::Type& dst = ctx.operands[1];
  if (src.memspace != kGlobalSpace || dst.memspace != kSharedSpace)
    return ctx.fail("copies from global memory (space 0) to shared memory (space 3)", "async_c1");
  if (src.rank() < 2 || dst.rank() != 2 || src.dtype != dst.dtype)
    return ctx.fail("needs a source of rank >= 2 and a 2-D destination of the same element type",
                    "async_c1");
  // async_c2: one index per source dimension gives the slice origin.
  return require_index_count(ctx, 0, 2, "async_c2");
}

/// atomic_c1: kind add|max|min on a global or shared memref; the value and result are scalars of
/// its element type (i32, i64, f32 or f64).
static bool infer_atomic(InferCtx& ctx, size_t mem) {
  ctx.result_label = "atomic_c1";
  if (!require_memref(ctx, mem, "mem_c1") || !require_index_count(ctx, mem, mem + 1, "mem_c2"))
    return false;
  const ir::Type& m = ctx.operands[mem];
  if (m.memspace == kLocalSpace)
    return ctx.fail("atomics act on global or shared memory", "atomic_c1");
  if (m.dtype != DType::i32 && m.dtype != DType::i64 && m.dtype != DType::f32 &&
      m.dtype != DType::f64)
    return ctx.fail("atomics need an i32, i64, f32 or f64 memref", "atomic_c1");
  for (size_t k = 0; k < mem; ++k)
    if (!(ctx.operands[k].is_scalar() && ctx.operands[k].dtype == m.dtype))
      return ctx.fail("value operands must be scalars of the memref element type", "atomic_c1");
  if (mem == 1) {
    std::string kind;
    if (!ctx.attr("kind")) return ctx.fail("needs a 'kind' attribute", "atomic_c1");
    if (!string_choice(ctx, "kind", "add|max|min", "", "atomic_c1", kind)) return false;
  }
  ctx.results = {ir::Type::scalar(m.dtype)};
  return true;
}
bool infer_TileAtomic(InferCtx& c) { return infer_atomic(c, 1); }
bool infer_TileAtomicCas(InferCtx& c) { return infer_atomic(c, 2); }

}  // namespace tessera::ops
