// Pass tile-to-target: one rule per Tile IR op (docs/ops/target/lowering.md). Register tiles are
// distributed by rows (tile_to_target_impl.h); every rule keeps the Tile IR spec's evaluation
// order, so a lowered kernel computes the same bits.
#include <algorithm>
#include <limits>

#include "core/transforms/tile_to_target_impl.h"

namespace tessera::transforms::t2t {
namespace {

using ops::OpKind;

Lowered scalar(ir::Value* v) {
  Lowered l;
  l.regs = {v};
  return l;
}

ir::Type f32() { return ir::Type::scalar(DType::f32); }
ir::Type index_t() { return ir::Type::scalar(DType::index); }

/// The scalar form of Tile IR arith / tile ops applied per element of a register tile.
const char* elementwise_name(const ir::Op& op) {
  switch (op.def->kind) {
    case OpKind::TileExp:
      return "tessera_nvidia.exp";
    case OpKind::TileLog:
      return "tessera_nvidia.log";
    case OpKind::TileSqrt:
      return "tessera_nvidia.sqrt";
    case OpKind::TileMaximum:
      return "arith.maximumf";
    default:
      return op.name.c_str();
  }
}

}  // namespace

void Lowering::clone_scalar(const ir::Op& op) {
  std::vector<ir::Value*> in;
  for (const ir::Value* v : op.operands) in.push_back(at(v).one());
  std::vector<ir::Type> res;
  for (const auto& r : op.results) res.push_back(r->type);
  // A select of memrefs takes the lowered memrefs' type (shared padding changes it).
  if (op.def->kind == OpKind::ArithSelect && op.operands[1]->type.is_memref()) {
    const Lowered& x = at(op.operands[1]);
    const Lowered& y = at(op.operands[2]);
    if (x.chunk != y.chunk || x.pcols != y.pcols || x.lcols != y.lcols ||
        in[1]->type != in[2]->type)
      unsupported(op, "selects between shared buffers of different layouts");
    res = {in[1]->type};
    ir::Op* n = emit(op.name.c_str(), in, res, op.attrs);
    Lowered l = x;
    l.regs = {n->result(0)};
    set(op.result(0), l);
    return;
  }
  ir::Op* n = emit(op.name.c_str(), in, res, op.attrs);
  for (size_t k = 0; k < op.results.size(); ++k) {
    Lowered l;
    l.regs = {n->result(k)};
    set(op.result(k), l);
  }
}

void Lowering::elementwise(const ir::Op& op) {
  auto [rows, cols] = tile_shape(op.result(0)->type);
  const DType dt = op.result(0)->type.dtype;
  if ((dt != DType::f32 && dt != DType::i32 && dt != DType::i1) || rows % kLanes != 0)
    unsupported(op, "register tiles must be f32, i32 or i1 with a multiple of 32 rows");
  Lowered out;
  out.tile = true;
  out.rows = rows;
  out.cols = cols;
  const size_t slots = static_cast<size_t>(rows / kLanes * cols);
  for (size_t s = 0; s < slots; ++s) {
    std::vector<ir::Value*> in;
    for (const ir::Value* v : op.operands) {
      const Lowered& l = at(v);
      if (!l.tile) {
        in.push_back(l.one());
        continue;
      }
      if (l.rows != rows || l.cols != cols)
        unsupported(op, "operands of different shapes (broadcast them with tile.broadcast)");
      in.push_back(l.regs[s]);
    }
    out.regs.push_back(emit1(elementwise_name(op), in, ir::Type::scalar(dt), op.attrs));
  }
  set(op.result(0), out);
}

void Lowering::memref_layout(const ir::Op& op) {
  // tile.alloc_shared: the same rows, each padded and (xor) swizzled by address arithmetic.
  const ir::Type& t = op.result(0)->type;
  if (t.rank() < 1 || !t.has_static_shape()) unsupported(op, "shared tiles must be static");
  int64_t rows = 1;
  for (int64_t d = 0; d + 1 < t.rank(); ++d) rows *= t.shape[static_cast<size_t>(d)];
  Lowered l;
  l.lcols = t.shape.back();
  l.pcols = l.lcols + op.attrs.get_int("padding", 0);
  const int64_t esize = std::max(1, dtype_bits(t.dtype) / 8);
  l.chunk = op.attrs.get_string("swizzle", "none") == "xor" ? std::max<int64_t>(1, 16 / esize) : 0;
  ir::Type phys = t.rank() == 1 ? ir::Type::memref(t.dtype, {l.pcols}, 3)
                                : ir::Type::memref(t.dtype, {rows, l.pcols}, 3);
  l.regs = {emit1("tessera_nvidia.alloc_shared", {}, phys)};
  l.shape = t.shape;
  set(op.result(0), l);
}

void Lowering::alloc_register(const ir::Op& op) {
  // A tile's private buffer: one local copy per lane, which scalar stores keep identical (every
  // lane stores the tile's uniform value) and scalar loads read.
  const ir::Type& t = op.result(0)->type;
  bool empty = false;
  for (int64_t n : t.shape) empty |= n < 1;
  if (!t.has_static_shape() || empty || (t.dtype != DType::f32 && t.dtype != DType::i32))
    unsupported(op, "register buffers must be f32 or i32 with a static, non-empty shape");
  Lowered l;
  l.regs = {emit1("tessera_nvidia.alloc_local", {}, t)};
  l.shape = t.shape;
  set(op.result(0), l);
}

ir::Value* Lowering::linear(const ir::Value* old_m, const std::vector<ir::Value*>& idx) {
  const Lowered& m = at(old_m);
  const size_t rank = idx.size();
  if (m.lcols > 0 && rank == 1) return idx[0];  // 1-D shared: padding only follows the row
  if (m.lcols > 0) {  // shared: flattened row, swizzled column, padded row length
    ir::Value* row = idx[0];
    for (size_t d = 1; d + 1 < rank; ++d) row = add(mul(row, dim(old_m, d)), idx[d]);
    ir::Value* col = idx[rank - 1];
    if (m.chunk > 0) {
      ir::Value* ch = cst_index(m.chunk);
      ir::Value* q = emit1("arith.divsi", {col, ch}, index_t());
      ir::Value* rm = emit1("arith.remsi", {col, ch}, index_t());
      ir::Value* rr = emit1("arith.remsi", {row, cst_index(m.lcols / m.chunk)}, index_t());
      ir::Value* x = emit1("arith.xori", {q, rr}, index_t());
      col = add(mul(x, ch), rm);
    }
    return add(mul(row, cst_index(m.pcols)), col);
  }
  ir::Value* lin = idx[0];
  for (size_t d = 1; d < rank; ++d) lin = add(mul(lin, dim(old_m, d)), idx[d]);
  return lin;
}

ir::Value* Lowering::window_inside(const ir::Value* m, const std::vector<ir::Value*>& at_idx) {
  // Every index in [0, size): one unsigned comparison per dimension (negative ones are huge).
  ir::AttrDict ult;
  ult.set("predicate", ir::Attr::string_attr("ult"));
  ir::Value* ok = nullptr;
  for (size_t d = 0; d < at_idx.size(); ++d) {
    ir::Value* in = emit1("arith.cmpi", {at_idx[d], dim(m, d)}, ir::Type::scalar(DType::i1), ult);
    ok = ok ? emit1("arith.andi", {ok, in}, ir::Type::scalar(DType::i1)) : in;
  }
  return ok;
}

void Lowering::load_tile(const ir::Op& op) {
  // mask = true: an element outside the buffer reads `padding` (the load itself goes to element
  // 0 and its value is discarded, so no access is out of bounds).
  const bool masked = op.attrs.get_bool("mask", false);
  const ir::Type& rt = op.result(0)->type;
  // i32 and i1 tiles: 32-row blocks, masked or not (elementwise chains).
  const bool i32 = rt.dtype == DType::i32, i1 = rt.dtype == DType::i1;
  if (masked && rt.dtype != DType::f32 && !i32 && !i1)
    unsupported(op, "masked loads of bf16/f16 tiles");
  auto [rows, cols] = tile_shape(rt);
  const bool low = rt.dtype == DType::bf16 || rt.dtype == DType::f16;
  if (rt.rank() != 2 || (rt.dtype != DType::f32 && !low && !i32 && !i1) ||
      ((low || i32 || i1) && rows % kLanes != 0))
    unsupported(op, "loads f32 tiles, or bf16, f16, i32 or i1 tiles of a multiple of 32 rows");
  const ir::Value* m = op.operands[0];
  if (m->type.memspace == kLocalSpace)
    unsupported(op, "register tiles of register buffers are not lowered (only scalar access)");
  std::vector<ir::Value*> idx;
  for (size_t k = 1; k < op.operands.size(); ++k) idx.push_back(at(op.operands[k]).one());
  Lowered out;
  out.tile = true;
  out.rows = rows;
  out.cols = cols;
  ir::Value* base_row = idx[idx.size() - 2];
  ir::Value* base_col = idx.back();
  // f32 tiles of fewer (or not a multiple of) 32 rows: the last row block has lanes past the
  // tile's rows, which load element 0 and hold +0 (no op reads them: see the lowering page).
  ir::AttrDict ult;
  ult.set("predicate", ir::Attr::string_attr("ult"));
  for (int64_t rb = 0; rb < (rows + kLanes - 1) / kLanes; ++rb) {
    std::vector<ir::Value*> at_idx = idx;
    at_idx[idx.size() - 2] = add(base_row, lane_row(rb));
    ir::Value* row_ok =
        (rb + 1) * kLanes > rows
            ? emit1("arith.cmpi", {lane_row(rb), cst_index(rows)}, ir::Type::scalar(DType::i1), ult)
            : nullptr;
    for (int64_t c = 0; c < cols; ++c) {
      at_idx.back() = add_c(base_col, c);
      ir::Value* lin = linear(m, at_idx);
      ir::Value* inside = masked ? window_inside(m, at_idx) : nullptr;
      if (row_ok)
        inside =
            inside ? emit1("arith.andi", {row_ok, inside}, ir::Type::scalar(DType::i1)) : row_ok;
      if (inside) lin = emit1("arith.select", {inside, lin, cst_index(0)}, index_t());
      ir::Value* v = emit1("tessera_nvidia.ld", {at(m).one(), lin}, ir::Type::scalar(rt.dtype));
      if (masked && i32)  // an integer tile's padding is 0
        v = emit1("arith.select", {inside, v, cst_i32(0)}, ir::Type::scalar(DType::i32));
      else if (masked && i1)  // inside and v: v inside, false (0) outside
        v = emit1("arith.andi", {inside, v}, ir::Type::scalar(DType::i1));
      else if (masked)
        v = emit1("arith.select", {inside, v, cst_f32(op.attrs.get_float("padding", 0.0))}, f32());
      else if (row_ok)
        v = emit1("arith.select", {inside, v, cst_f32(0.0)}, f32());
      out.regs.push_back(v);
    }
  }
  set(op.result(0), out);
}

void Lowering::store_tile(const ir::Op& op) {
  // mask = true: elements outside the buffer are skipped (an scf.if per element).
  const bool masked = op.attrs.get_bool("mask", false);
  const Lowered& v = at(op.operands[0]);
  if (!v.tile || v.rows % kLanes != 0 || op.operands[0]->type.rank() != 2)
    unsupported(op, "stores 2-D f32 tiles of a multiple of 32 rows");
  const ir::Value* m = op.operands[1];
  if (m->type.memspace == kLocalSpace)
    unsupported(op, "register tiles of register buffers are not lowered (only scalar access)");
  std::vector<ir::Value*> idx;
  for (size_t k = 2; k < op.operands.size(); ++k) idx.push_back(at(op.operands[k]).one());
  ir::Value* base_row = idx[idx.size() - 2];
  ir::Value* base_col = idx.back();
  for (int64_t rb = 0; rb < v.rows / kLanes; ++rb) {
    std::vector<ir::Value*> at_idx = idx;
    at_idx[idx.size() - 2] = add(base_row, lane_row(rb));
    for (int64_t c = 0; c < v.cols; ++c) {
      at_idx.back() = add_c(base_col, c);
      ir::Value* lin = linear(m, at_idx);
      ir::Value* val = v.regs[static_cast<size_t>(rb * v.cols + c)];
      ir::Value* mem = at(m).one();
      if (!masked) {
        emit("tessera_nvidia.st", {val, mem, lin}, {});
        continue;
      }
      when(window_inside(m, at_idx), [&] { emit("tessera_nvidia.st", {val, mem, lin}, {}); });
    }
  }
}

void Lowering::scalar_load_store(const ir::Op& op, bool store) {
  const size_t mi = store ? 1 : 0;
  const ir::Value* m = op.operands[mi];
  std::vector<ir::Value*> idx;
  for (size_t k = mi + 1; k < op.operands.size(); ++k) idx.push_back(at(op.operands[k]).one());
  if (idx.empty()) idx.push_back(cst_index(0));
  ir::Value* lin = linear(m, idx);
  if (store && m->type.memspace == kLocalSpace) {  // every lane's copy of a register buffer
    emit("tessera_nvidia.st", {at(op.operands[0]).one(), at(m).one(), lin}, {});
    return;
  }
  if (store) {  // one store per tile, as Tile IR makes it: lane 0's
    ir::Value* v = at(op.operands[0]).one();
    ir::Value* mem = at(m).one();
    on_lane0({}, {}, [&] {
      emit("tessera_nvidia.st", {v, mem, lin}, {});
      return std::vector<ir::Value*>{};
    });
    return;
  }
  Lowered l;
  l.regs = {emit1("tessera_nvidia.ld", {at(m).one(), lin}, op.result(0)->type)};
  set(op.result(0), l);
}

void Lowering::atomic(const ir::Op& op) {
  // One atomic per tile (lane 0's), its old value broadcast to the tile's lanes. tile.atomic_cas
  // (cmp, value, memref, indices) is atom kind "cas" (value, memref, index, cmp).
  const ir::Type t = op.result(0)->type;
  if (t.dtype != DType::i32 && t.dtype != DType::f32) unsupported(op, "atomics on i32 or f32");
  const bool cas = op.def->kind == OpKind::TileAtomicCas;
  const size_t mi = cas ? 2 : 1;
  const ir::Value* m = op.operands[mi];
  std::vector<ir::Value*> idx;
  for (size_t k = mi + 1; k < op.operands.size(); ++k) idx.push_back(at(op.operands[k]).one());
  if (idx.empty()) idx.push_back(cst_index(0));
  ir::Value* lin = linear(m, idx);
  std::vector<ir::Value*> args = {at(op.operands[mi - 1]).one(), at(m).one(), lin};
  if (cas) args.push_back(at(op.operands[0]).one());
  ir::AttrDict a;
  a.set("kind", ir::Attr::string_attr(cas ? "cas" : op.attrs.get_string("kind", "add")));
  ir::Value* zero = t.dtype == DType::f32 ? cst_f32(0.0) : cst_i32(0);
  ir::Op* n = on_lane0({t}, {zero}, [&] {
    return std::vector<ir::Value*>{emit1("tessera_nvidia.atom", args, t, a)};
  });
  ir::AttrDict idx_mode;
  idx_mode.set("mode", ir::Attr::string_attr("idx"));
  set(op.result(0), scalar(emit1("tessera_nvidia.shfl_sync",
                                 {n->result(0), cst_i32(0), cst_i32(-1)}, t, idx_mode)));
}

void Lowering::async_copy(const ir::Op& op) {
  // Every lane copies elements e = i * 32 + lane of the destination tile, i = 0, 1, ...
  // mask = true: an element outside the source is a cp_async with src_size 0 (PTX's zero fill,
  // landing at the wait_group as the Tile IR copy does) from element 0, so nothing is read.
  const bool masked = op.attrs.get_bool("mask", false);
  const ir::Value* src = op.operands[0];
  const ir::Value* dst = op.operands[1];
  const ir::Type& dt = dst->type;
  const bool low = dt.dtype == DType::bf16 || dt.dtype == DType::f16;
  if (dt.rank() != 2 || (dt.dtype != DType::f32 && !low) || src->type.rank() < 2)
    unsupported(op, "copies 2-D f32, bf16 or f16 shared tiles");
  // cp.async copies 4 bytes at least: bf16/f16 go by pairs of adjacent columns (the hardware
  // needs the pair's source 4-byte aligned: an even row length and column).
  const int64_t per = low ? 2 : 1;
  const int64_t rows = dt.shape[0], cols = dt.shape[1];
  if (cols % per != 0 || (rows * cols / per) % kLanes != 0)
    unsupported(op,
                "the tile must hold a multiple of 32 elements (of 32 pairs, even columns, "
                "for bf16/f16)");
  std::vector<ir::Value*> idx;
  for (size_t k = 2; k < op.operands.size(); ++k) idx.push_back(at(op.operands[k]).one());
  ir::Op* loop =
      emit("scf.for", {cst_index(0), cst_index(rows * cols / per / kLanes), cst_index(1)}, {});
  loop->regions.emplace_back();
  loop->regions[0].blocks.push_back(std::make_unique<ir::Block>());
  ir::Block* body = loop->regions[0].blocks.back().get();
  body->parent = loop;
  ir::Value* i = body->add_arg(index_t(), "i");
  Scope s(*this, body);
  ir::Value* e = add(mul(i, cst_index(kLanes)), lane());
  if (per > 1) e = mul(e, cst_index(per));
  ir::Value* r = emit1("arith.divsi", {e, cst_index(cols)}, index_t());
  ir::Value* c = emit1("arith.remsi", {e, cst_index(cols)}, index_t());
  std::vector<ir::Value*> sidx = idx;
  sidx[idx.size() - 2] = add(idx[idx.size() - 2], r);
  sidx.back() = add(idx.back(), c);
  ir::Value* from = linear(src, sidx);
  ir::Value* to = linear(dst, {r, c});
  ir::AttrDict a;
  a.set("bytes", ir::Attr::integer_attr(4));
  std::vector<ir::Value*> args = {at(src).one(), from, at(dst).one(), to};
  if (masked) {
    const ir::Type i32 = ir::Type::scalar(DType::i32);
    ir::Value* inside = window_inside(src, sidx);
    args[1] = emit1("arith.select", {inside, from, cst_index(0)}, index_t());
    ir::Value* size = cst_i32(4);
    if (per > 1) {  // a pair at the source's last column: its first element only
      std::vector<ir::Value*> next = sidx;
      next.back() = add_c(sidx.back(), 1);
      size = emit1("arith.select", {window_inside(src, next), size, cst_i32(2)}, i32);
    }
    args.push_back(emit1("arith.select", {inside, size, cst_i32(0)}, i32));
  }
  emit("tessera_nvidia.cp_async", args, {}, std::move(a));
  emit("scf.yield", {}, {});
}

void Lowering::mma(const ir::Op& op) {
  // d[r][n] = fma chain over k = 0, 1, ... from c[r][n]: lane r % 32 owns row r of a, c and d;
  // b[k][n] is broadcast from its owner lane by shfl.sync idx.
  const Lowered& a = at(op.operands[0]);
  const Lowered& b = at(op.operands[1]);
  const Lowered& c = at(op.operands[2]);
  if (op.attrs.get_string("layout_a", "row") != "row")
    unsupported(op, "layout_a = \"col\" is not lowered yet");
  const bool bcol = op.attrs.get_string("layout_b", "row") == "col";
  const DType in = op.operands[0]->type.dtype;
  if (in == DType::bf16 || in == DType::f16) return mma_sync(op);
  // b may have any number of rows (a K-slab of fewer than 32): only its rows k < K are read.
  if (in != DType::f32 || !a.tile || !b.tile || !c.tile || a.rows % kLanes != 0 ||
      c.rows % kLanes != 0)
    unsupported(op, "lowers f32 register tiles, a and c with a multiple of 32 rows");
  if (op.attrs.get("numeric_policy"))
    unsupported(op, "f32 tile.mma with a numeric policy is not lowered (only the FMA chain)");
  const int64_t M = a.rows, K = a.cols, N = c.cols;
  if (K >= kFmaLoopMinK) return mma_fma_loop(op, a, b, c, bcol);
  Lowered d = c;
  ir::Value* full = cst_i32(-1);
  ir::AttrDict idx_mode;
  idx_mode.set("mode", ir::Attr::string_attr("idx"));
  for (int64_t n = 0; n < N; ++n)
    for (int64_t k = 0; k < K; ++k) {
      // b as [K, N] holds (k, n) in lane k % 32, slot (k / 32) N + n; as [N, K] in lane n % 32.
      const int64_t lane = bcol ? n % kLanes : k % kLanes;
      const int64_t slot = bcol ? (n / kLanes) * K + k : (k / kLanes) * N + n;
      ir::Value* bv =
          emit1("tessera_nvidia.shfl_sync",
                {b.regs[static_cast<size_t>(slot)], cst_i32(lane), full}, f32(), idx_mode);
      for (int64_t mb = 0; mb < M / kLanes; ++mb) {
        ir::Value*& acc = d.regs[static_cast<size_t>(mb * N + n)];
        acc =
            emit1("tessera_nvidia.fma", {a.regs[static_cast<size_t>(mb * K + k)], bv, acc}, f32());
      }
    }
  set(op.result(0), d);
}

void Lowering::row_fold(const ir::Op& op, bool sum) {
  // Sequential over the columns of each row, from the init (or column 0): the tile spec's order.
  const Lowered& x = at(op.operands[0]);
  if (!x.tile || x.rows % kLanes != 0) unsupported(op, "needs a tile of a multiple of 32 rows");
  const Lowered* init = op.operands.size() > 1 ? &at(op.operands[1]) : nullptr;
  Lowered out;
  out.tile = true;
  out.rows = x.rows;
  out.cols = 1;
  for (int64_t rb = 0; rb < x.rows / kLanes; ++rb) {
    const size_t base = static_cast<size_t>(rb * x.cols);
    ir::Value* acc = init ? init->regs[static_cast<size_t>(rb)] : x.regs[base];
    for (int64_t c = init ? 0 : 1; c < x.cols; ++c)
      acc = emit1(sum ? "arith.addf" : "arith.maximumf",
                  {acc, x.regs[base + static_cast<size_t>(c)]}, f32());
    out.regs.push_back(acc);
  }
  set(op.result(0), out);
}

void Lowering::causal_mask(const ir::Op& op) {
  const Lowered& s = at(op.operands[0]);
  ir::Value* r0 = at(op.operands[1]).one();
  ir::Value* c0 = at(op.operands[2]).one();
  // The masked value: `value`, by default -inf (docs/ops/tile/compute.md).
  ir::Value* fill = cst_f32(op.attrs.get("value") ? op.attrs.get("value")->as_double()
                                                  : -std::numeric_limits<double>::infinity());
  ir::AttrDict gt;
  gt.set("predicate", ir::Attr::string_attr("sgt"));
  Lowered out = s;
  for (int64_t rb = 0; rb < s.rows / kLanes; ++rb) {
    ir::Value* row = add(r0, lane_row(rb));
    for (int64_t c = 0; c < s.cols; ++c) {
      ir::Value* after = emit1("arith.cmpi", {add_c(c0, c), row}, ir::Type::scalar(DType::i1), gt);
      ir::Value*& v = out.regs[static_cast<size_t>(rb * s.cols + c)];
      v = emit1("arith.select", {after, fill, v}, f32());
    }
  }
  set(op.result(0), out);
}

void Lowering::region(ir::Op& op, const ir::Block& old, const std::vector<const Lowered*>& like) {
  op.regions.emplace_back();
  op.regions.back().blocks.push_back(std::make_unique<ir::Block>());
  ir::Block* b = op.regions.back().blocks.back().get();
  b->parent = &op;
  for (size_t k = 0; k < old.args.size(); ++k) {
    Lowered l = *like[k];
    for (ir::Value*& r : l.regs) r = b->add_arg(r->type);
    set(old.args[k].get(), l);
  }
  Scope s(*this, b);
  for (const auto& o : old.ops) this->op(*o);
}

void Lowering::scf_for(const ir::Op& op) {
  std::vector<ir::Value*> in;
  for (size_t k = 0; k < 3; ++k) in.push_back(at(op.operands[k]).one());
  std::vector<const Lowered*> like;
  Lowered iv;
  iv.regs = {in[0]};
  like.push_back(&iv);
  std::vector<ir::Type> res;
  for (size_t k = 3; k < op.operands.size(); ++k) {
    const Lowered& l = at(op.operands[k]);
    like.push_back(&l);
    for (ir::Value* r : l.regs) {
      in.push_back(r);
      res.push_back(r->type);
    }
  }
  ir::Op* n = emit("scf.for", in, res);
  region(*n, op.regions.at(0).front(), like);
  size_t next = 0;
  for (size_t k = 0; k < op.results.size(); ++k) {
    Lowered l = *like[k + 1];
    for (ir::Value*& r : l.regs) r = n->result(next++);
    set(op.result(k), l);
  }
}

void Lowering::scf_while(const ir::Op& op) {
  // Scalars only: the carried values are uniform over a tile (lanes still leave together).
  std::vector<ir::Value*> in;
  std::vector<const Lowered*> like;
  for (const ir::Value* v : op.operands) {
    const Lowered& l = at(v);
    if (l.tile) unsupported(op, "carries register tiles (not lowered yet)");
    in.push_back(l.one());
    like.push_back(&l);
  }
  std::vector<ir::Type> res;
  for (size_t k = 0; k < op.results.size(); ++k) {
    if (!op.result(k)->type.is_scalar()) unsupported(op, "results must be scalars");
    res.push_back(op.result(k)->type);
  }
  ir::Op* n = emit("scf.while", in, res);
  region(*n, op.regions.at(0).front(), like);
  // After-region arguments: scalars of the results' types (region() reads only their types).
  std::vector<Lowered> typed(op.results.size());
  std::vector<const Lowered*> after_like;
  for (size_t k = 0; k < typed.size(); ++k) {
    typed[k].regs = {n->result(k)};
    after_like.push_back(&typed[k]);
  }
  region(*n, op.regions.at(1).front(), after_like);
  for (size_t k = 0; k < op.results.size(); ++k) set(op.result(k), scalar(n->result(k)));
}

void Lowering::scf_if(const ir::Op& op) {
  std::vector<ir::Type> res;
  std::vector<Lowered> shapes;
  for (const auto& r : op.results) {
    auto [rows, cols] = tile_shape(r->type);
    Lowered l;
    if (rows > 0) {
      if (r->type.dtype != DType::f32 || rows % kLanes != 0)
        unsupported(op, "register tile results must be f32 with a multiple of 32 rows");
      l.tile = true;
      l.rows = rows;
      l.cols = cols;
      l.regs.assign(static_cast<size_t>(rows / kLanes * cols), nullptr);
      res.insert(res.end(), l.regs.size(), f32());
    } else if (r->type.is_scalar()) {
      l.regs = {nullptr};
      res.push_back(r->type);
    } else {
      unsupported(op, "results must be scalars or register tiles");
    }
    shapes.push_back(l);
  }
  ir::Op* n = emit("scf.if", {at(op.operands[0]).one()}, res);
  for (const ir::Region& r : op.regions) {
    if (r.empty()) continue;
    region(*n, r.front(), {});
  }
  size_t next = 0;
  for (size_t k = 0; k < shapes.size(); ++k) {
    for (ir::Value*& v : shapes[k].regs) v = n->result(next++);
    set(op.result(k), shapes[k]);
  }
}

void Lowering::id(const ir::Op& o) {
  switch (o.def->kind) {
    case OpKind::TileLocalId:
      return set(o.result(0), scalar(sreg("tessera_nvidia.warpid", -1)));
    case OpKind::TileGroupId:
      return set(o.result(0), scalar(sreg("tessera_nvidia.ctaid", o.attrs.get_int("dim", 0))));
    case OpKind::TileNumGroups:
      return set(o.result(0), scalar(sreg("tessera_nvidia.nctaid", o.attrs.get_int("dim", 0))));
    case OpKind::TileLinearId: {  // g * T + t, g = x + X (y + Y z) (docs/ops/tile/ids.md)
      ir::Value* g = sreg("tessera_nvidia.ctaid", 2);
      for (int64_t d = 1; d >= 0; --d)
        g = add(mul(g, sreg("tessera_nvidia.nctaid", d)), sreg("tessera_nvidia.ctaid", d));
      ir::Value* tiles =
          emit1("arith.divsi", {sreg("tessera_nvidia.ntid", 0), cst_index(kLanes)}, index_t());
      return set(o.result(0), scalar(add(mul(g, tiles), sreg("tessera_nvidia.warpid", -1))));
    }
    case OpKind::TileGroupSize: {
      ir::Value* nt = sreg("tessera_nvidia.ntid", 0);
      return set(o.result(0), scalar(emit1("arith.divsi", {nt, cst_index(kLanes)}, index_t())));
    }
    case OpKind::TileLaneId: {
      if (tile_shape(o.result(0)->type).first != kLanes) unsupported(o, "needs 32 lanes");
      Lowered l;
      l.tile = true;
      l.rows = kLanes;
      l.regs = {emit1("tessera_nvidia.laneid", {}, ir::Type::scalar(DType::i32))};
      return set(o.result(0), l);
    }
    default:
      unsupported(o, "is not an id op");
  }
}

void Lowering::op(const ir::Op& o) {
  loc_ = o.loc;
  if (!o.def) unsupported(o, "is not a registered op");
  // The op record's lower hook says which ops this pass handles (core/ops/tile_ops.def).
  if (o.def->hooks.lower != ops::Hook::pass) unsupported(o, "has no Target IR lowering yet");
  const bool on_tiles = !o.results.empty() && tile_shape(o.result(0)->type).first > 0;
  switch (o.def->kind) {
    case OpKind::TileLocalId:
    case OpKind::TileGroupId:
    case OpKind::TileNumGroups:
    case OpKind::TileLinearId:
    case OpKind::TileGroupSize:
    case OpKind::TileLaneId:
      return id(o);
    case OpKind::TileDim: {
      const Lowered& m = at(o.operands[0]);
      const int64_t d = o.attrs.get_int("dim", 0);
      if (d < 0 || d >= static_cast<int64_t>(m.shape.size())) unsupported(o, "bad dimension");
      return set(o.result(0), scalar(dim(o.operands[0], static_cast<size_t>(d))));
    }
    case OpKind::TileAllocShared:
      return memref_layout(o);
    case OpKind::TileAllocRegister:
      return alloc_register(o);
    case OpKind::TileLoadTile:
      return load_tile(o);
    case OpKind::TileStoreTile:
      return store_tile(o);
    case OpKind::TileLoad:
      return scalar_load_store(o, false);
    case OpKind::TileStore:
      return scalar_load_store(o, true);
    case OpKind::TileReduce:
      return reduce(o);
    case OpKind::TileAtomic:
    case OpKind::TileAtomicCas:
      return atomic(o);
    case OpKind::TileAsyncCopy:
      return async_copy(o);
    case OpKind::TileCommitGroup:
      emit("tessera_nvidia.cp_async_commit_group", {}, {});
      return;
    case OpKind::TileWaitGroup: {
      ir::AttrDict a;
      a.set("n", ir::Attr::integer_attr(o.attrs.get_int("n", 0)));
      emit("tessera_nvidia.cp_async_wait_group", {}, {}, std::move(a));
      return;
    }
    case OpKind::TileBarrier:
      emit("tessera_nvidia.bar_sync", {}, {});
      return;
    case OpKind::TileMma:
      return mma(o);
    case OpKind::TileRowMax:
      return row_fold(o, false);
    case OpKind::TileRowSum:
      return row_fold(o, true);
    case OpKind::TileCausalMask:
      return causal_mask(o);
    case OpKind::TileZeros:
    case OpKind::TileFull: {
      auto [rows, cols] = tile_shape(o.result(0)->type);
      const DType fdt = o.result(0)->type.dtype;
      if ((fdt != DType::f32 && fdt != DType::i32) || rows % kLanes != 0)
        unsupported(o, "register tiles must be f32 or i32 with a multiple of 32 rows");
      const ir::Attr* v = o.attrs.get("value");
      ir::Value* x = cst_f32(v ? v->as_double() : 0.0);
      if (o.result(0)->type.dtype == DType::i32)
        x = cst_i32(v ? static_cast<int32_t>(v->as_double()) : 0);
      Lowered l;
      l.tile = true;
      l.rows = rows;
      l.cols = cols;
      l.regs.assign(static_cast<size_t>(rows / kLanes * cols), x);
      return set(o.result(0), l);
    }
    case OpKind::TileBroadcast: {
      auto [rows, cols] = tile_shape(o.result(0)->type);
      if (o.result(0)->type.dtype != DType::f32 || rows % kLanes != 0)
        unsupported(o, "register tiles must be f32 with a multiple of 32 rows");
      const Lowered& x = at(o.operands[0]);
      Lowered l;
      l.tile = true;
      l.rows = rows;
      l.cols = cols;
      for (int64_t rb = 0; rb < rows / kLanes; ++rb)
        for (int64_t c = 0; c < cols; ++c) {
          if (!x.tile)
            l.regs.push_back(x.one());
          else if (x.cols == 1 && x.rows == rows)
            l.regs.push_back(x.regs[static_cast<size_t>(rb)]);
          else
            unsupported(o, "broadcasts a scalar or a column of the result's rows");
        }
      return set(o.result(0), l);
    }
    case OpKind::TileSqrt:
      if (!on_tiles)
        return set(o.result(0), scalar(emit1("tessera_nvidia.sqrt", {at(o.operands[0]).one()},
                                             o.result(0)->type)));  // f32 or f64 (sqrt_c1)
      return elementwise(o);
    case OpKind::TileFma: {  // scalars only (fma_c1): PTX fma.rn of their type
      std::vector<ir::Value*> in;
      for (const ir::Value* v : o.operands) in.push_back(at(v).one());
      return set(o.result(0), scalar(emit1("tessera_nvidia.fma", in, o.result(0)->type)));
    }
    case OpKind::TileExp:
    case OpKind::TileLog:
    case OpKind::TileMaximum:
      // On scalars (a scalar chain's exp, then e.g. a narrowing cast): one scalar instruction,
      // as for tile.sqrt; on register tiles, one per element.
      if (!on_tiles && !o.result(0)->type.is_tensor()) {
        std::vector<ir::Value*> in;
        for (const ir::Value* v : o.operands) in.push_back(at(v).one());
        return set(o.result(0), scalar(emit1(elementwise_name(o), in, o.result(0)->type, o.attrs)));
      }
      return elementwise(o);
    case OpKind::TileShuffle:
      return shuffle(o);
    case OpKind::TileVote:
      return vote(o);
    case OpKind::TileWarpReduce:
      return warp_reduce(o);
    case OpKind::ScfFor:
      return scf_for(o);
    case OpKind::ScfIf:
      return scf_if(o);
    case OpKind::ScfWhile:
      return scf_while(o);
    case OpKind::ScfCondition: {
      std::vector<ir::Value*> in;
      for (const ir::Value* v : o.operands) in.push_back(at(v).one());
      emit("scf.condition", in, {});
      return;
    }
    case OpKind::ScfYield: {
      std::vector<ir::Value*> in;
      for (const ir::Value* v : o.operands)
        for (ir::Value* r : at(v).regs) in.push_back(r);
      emit("scf.yield", in, {});
      return;
    }
    case OpKind::Return:
      emit("func.return", {}, {});
      return;
    default:
      break;
  }
  if (o.name.rfind("arith.", 0) == 0) {
    if (on_tiles) return elementwise(o);
    bool tiles_in = false;
    for (const ir::Value* v : o.operands) tiles_in |= at(v).tile;
    if (tiles_in) unsupported(o, "is not lowered on register tiles");
    return clone_scalar(o);
  }
  unsupported(o, "has no Target IR lowering yet");
}

}  // namespace tessera::transforms::t2t
