// Decoding a tile kernel: registers, aggregate arena offsets, jumps for scf.*, the dispatch table.
#include <algorithm>
#include <iterator>

#include "core/ops/tile_util.h"
#include "core/support/error.h"
#include "interp/tile/decoder.h"

namespace tessera::interp::tile {
namespace {

using ops::OpKind;
using DecodeFn = void (Decoder::*)(const ir::Op&);

struct DecodeEntry {
  OpKind kind;
  DecodeFn fn;
};

/// One entry per op whose record names the tile hook `exec`.
#define TESSERA_TILE_ENTRY_exec(id) {OpKind::id, &Decoder::decode_##id},
#define TESSERA_TILE_ENTRY_none(id)
#define TESSERA_TILE_ENTRY__(id)
constexpr DecodeEntry kDecoders[] = {
#define TESSERA_OP(id, name, level, mino, maxo, nres, traits, attrs, hooks) \
  TESSERA_CAT(TESSERA_TILE_ENTRY_, TESSERA_HOOK_TILE hooks)(id)
#include "core/ops/ops.def"
#undef TESSERA_OP
};

/// A tile-level op states its tile hook: `exec` (decoded here) or `none` (refused by name).
#define TESSERA_TILE_STATED_exec true
#define TESSERA_TILE_STATED_none true
#define TESSERA_TILE_STATED__ false
#define TESSERA_OP(id, name, level, mino, maxo, nres, traits, attrs, hooks)     \
  static_assert(ops::Level::level != ops::Level::tile ||                        \
                    TESSERA_CAT(TESSERA_TILE_STATED_, TESSERA_HOOK_TILE hooks), \
                "tile-level op " #id " must state its tile hook (exec or none) in its record");
#include "core/ops/ops.def"
#undef TESSERA_OP

const DecodeEntry* decoder_of(OpKind k) {
  for (const DecodeEntry& e : kDecoders)
    if (e.kind == k) return &e;
  return nullptr;
}

}  // namespace

bool has_decoder(ops::OpKind kind) { return decoder_of(kind) != nullptr; }

void Decoder::run(const ir::Op& func) {
  const ir::Block& entry = func.regions[0].front();
  for (const auto& a : entry.args) {
    Slot s = define(a.get());
    if (s.agg) fail(func, "kernel parameters must be memrefs or scalars");
    p_.param_regs.push_back(s.idx);
    p_.param_types.push_back(a->type);
  }
  block(entry);
}

void Decoder::one(const ir::Op& op) {
  if (op.name == "func.return") {
    emit(make(Opc::kExit, op));
    return;
  }
  // Ops whose tile hook is not `exec` (tile.launch, Graph IR, mesh ops) have no entry.
  const DecodeEntry* e = op.def ? decoder_of(op.def->kind) : nullptr;
  if (!e) fail(op, "cannot run inside a tile kernel (only Tile IR, arith.* and scf.* ops can)");
  (this->*(e->fn))(op);
}

void Decoder::fail(const ir::Op& op, const std::string& msg) {
  DiagnosticEngine d(&sm_);
  d.op_error(op, msg, "");
  throw Error(d.render());
}

void Decoder::fail_value(const ir::Value* v, const std::string& msg) {
  DiagnosticEngine d(&sm_);
  d.error(v->loc, msg + " (" + ir::to_string(v->type) + ")");
  throw Error(d.render());
}

int32_t Decoder::arena(const ir::Value* v, int64_t n) {
  if (n > kMaxArenaCells - p_.agg_floats)
    fail_value(v, "the kernel's register tiles together exceed " + std::to_string(kMaxArenaCells) +
                      " elements per tile");
  const int32_t at = p_.agg_floats;
  p_.agg_floats += static_cast<int32_t>(n);
  return at;
}

Slot Decoder::define(const ir::Value* v) {
  const ir::Type& t = v->type;
  Slot s;
  s.dt = t.dtype;
  if (t.kind == ir::TypeKind::vector || t.is_tensor()) {
    if (!t.has_static_shape() || t.rank() > 2)
      fail_value(v, "register tiles need a static rank-1 or rank-2 shape");
    // Every dimension is checked before it is narrowed to 32 bits (2^32 must not become 0).
    int64_t n = 1;
    for (int64_t d : t.shape) {
      if (d < 1) fail_value(v, "register tiles need positive dimensions");
      if (d > kMaxTileElems || n * d > kMaxTileElems)
        fail_value(v, "register tiles hold at most " + std::to_string(kMaxTileElems) + " elements");
      n *= d;
    }
    s.agg = true;
    s.rank = static_cast<int32_t>(t.rank());
    s.rows = t.rank() >= 1 ? static_cast<int32_t>(t.shape[0]) : 1;
    s.cols = t.rank() == 2 ? static_cast<int32_t>(t.shape[1]) : 1;
    s.idx = arena(v, n);
  } else {
    // Scalars are register types or storage-only scalars (narrow floats held as f32 cells).
    if (t.is_scalar() && !ops::tile::is_scalar_reg(t) && !ops::tile::is_storage_scalar(t))
      fail_value(v,
                 "scalar registers hold integers, index, f32, f64 and the storage-only "
                 "scalars; pass a memref");
    if (p_.num_regs >= kMaxArenaCells) fail_value(v, "the kernel has too many scalar values");
    s.idx = p_.num_regs++;
  }
  slots_[v] = s;
  p_.slots[v] = s;
  return s;
}

Slot Decoder::get(const ir::Value* v) {
  auto it = slots_.find(v);
  if (it == slots_.end()) throw Error("internal: tile decoder met an undefined value");
  return it->second;
}

int Decoder::emit(Inst in) {
  p_.code.push_back(in);
  return static_cast<int>(p_.code.size()) - 1;
}

Inst Decoder::make(Opc opc, const ir::Op& op) {
  Inst in;
  in.opc = opc;
  in.op = &op;
  in.lane_ops = static_cast<uint64_t>(lanes_);
  return in;
}

int32_t Decoder::list_of(const ir::Op& op, size_t first) {
  int32_t start = static_cast<int32_t>(p_.lists.size());
  for (size_t k = first; k < op.operands.size(); ++k) p_.lists.push_back(get(op.operands[k]).idx);
  return start;
}

void Decoder::move(const ir::Op& op, Slot to, Slot from) {
  Inst in = make(from.agg ? Opc::kMovAgg : Opc::kMov, op);
  in.dst = to.idx;
  in.a = from.idx;
  in.rows = from.numel();
  in.cols = 1;
  in.lane_ops = from.agg ? static_cast<uint64_t>(from.numel()) : 0;
  emit(in);
}

void Decoder::block(const ir::Block& b) {
  for (const auto& o : b.ops) one(*o);
}

const ir::Op& Decoder::body(const ir::Region& r) {
  const ir::Block& b = r.front();
  for (size_t k = 0; k + 1 < b.ops.size(); ++k) one(*b.ops[k]);
  return *b.ops.back();
}

void Decoder::scf_for(const ir::Op& op) {
  const ir::Block& b = op.regions[0].front();
  std::vector<Slot> res;
  for (size_t k = 0; k < op.num_results(); ++k) res.push_back(define(op.result(k)));
  Slot iv = define(b.args[0].get());
  std::vector<Slot> args;
  for (size_t k = 1; k < b.args.size(); ++k) args.push_back(define(b.args[k].get()));
  for (size_t k = 0; k < res.size(); ++k) move(op, res[k], get(op.operands[3 + k]));
  move(op, iv, get(op.operands[0]));
  Inst chk = make(Opc::kForCheck, op);
  chk.a = get(op.operands[2]).idx;
  emit(chk);
  Inst test = make(Opc::kForTest, op);
  test.a = iv.idx;
  test.b = get(op.operands[1]).idx;
  int head = emit(test);
  for (size_t k = 0; k < res.size(); ++k) move(op, args[k], res[k]);
  const ir::Op& y = body(op.regions[0]);
  for (size_t k = 0; k < res.size(); ++k) move(y, res[k], get(y.operands[k]));
  Inst inc = make(Opc::kForInc, op);
  inc.dst = iv.idx;
  inc.a = get(op.operands[2]).idx;
  emit(inc);
  Inst j = make(Opc::kJmp, op);
  j.target = head;
  emit(j);
  p_.code[static_cast<size_t>(head)].target = static_cast<int32_t>(p_.code.size());
}

void Decoder::scf_if(const ir::Op& op) {
  std::vector<Slot> res;
  for (size_t k = 0; k < op.num_results(); ++k) res.push_back(define(op.result(k)));
  Inst br = make(Opc::kJmpIfNot, op);
  br.a = get(op.operands[0]).idx;
  int at = emit(br);
  const ir::Op& y1 = body(op.regions[0]);
  for (size_t k = 0; k < res.size(); ++k) move(y1, res[k], get(y1.operands[k]));
  if (op.regions.size() < 2) {
    p_.code[static_cast<size_t>(at)].target = static_cast<int32_t>(p_.code.size());
    return;
  }
  Inst j = make(Opc::kJmp, op);
  int jat = emit(j);
  p_.code[static_cast<size_t>(at)].target = static_cast<int32_t>(p_.code.size());
  const ir::Op& y2 = body(op.regions[1]);
  for (size_t k = 0; k < res.size(); ++k) move(y2, res[k], get(y2.operands[k]));
  p_.code[static_cast<size_t>(jat)].target = static_cast<int32_t>(p_.code.size());
}

void Decoder::scf_while(const ir::Op& op) {
  const ir::Block& before = op.regions[0].front();
  const ir::Block& after = op.regions[1].front();
  std::vector<Slot> res, bargs, aargs;
  for (size_t k = 0; k < op.num_results(); ++k) res.push_back(define(op.result(k)));
  for (const auto& a : before.args) bargs.push_back(define(a.get()));
  for (const auto& a : after.args) aargs.push_back(define(a.get()));
  for (size_t k = 0; k < bargs.size(); ++k) move(op, bargs[k], get(op.operands[k]));
  int head = static_cast<int>(p_.code.size());
  const ir::Op& cond = body(op.regions[0]);
  for (size_t k = 0; k < res.size(); ++k) move(cond, res[k], get(cond.operands[k + 1]));
  Inst br = make(Opc::kJmpIfNot, cond);
  br.a = get(cond.operands[0]).idx;
  int at = emit(br);
  for (size_t k = 0; k < aargs.size(); ++k) move(cond, aargs[k], res[k]);
  const ir::Op& y = body(op.regions[1]);
  // Two-step copy: yields may read the before-region arguments they overwrite.
  std::vector<Slot> tmp;
  for (size_t k = 0; k < bargs.size(); ++k) {
    Slot s = get(y.operands[k]);
    Slot t = s;
    if (s.agg) {
      t.idx = arena(y.operands[k], s.numel());
    } else {
      if (p_.num_regs >= kMaxArenaCells) fail(y, "the kernel has too many scalar values");
      t.idx = p_.num_regs++;
    }
    move(y, t, s);
    tmp.push_back(t);
  }
  for (size_t k = 0; k < bargs.size(); ++k) move(y, bargs[k], tmp[k]);
  Inst j = make(Opc::kJmp, op);
  j.target = head;
  emit(j);
  p_.code[static_cast<size_t>(at)].target = static_cast<int32_t>(p_.code.size());
}

Program decode(const ir::Op& func, int lanes, const SourceManager& sm) {
  Program p;
  p.func = &func;
  p.name = func.attrs.get_string("sym_name", "?");
  p.lanes = lanes;
  if (func.regions.empty() || func.regions[0].empty())
    throw Error("tile kernel @" + p.name + " has no body");
  Decoder d(p, lanes, sm);
  d.run(func);
  if (p.code.empty() || p.code.back().opc != Opc::kExit) {
    Inst ex;
    ex.opc = Opc::kExit;
    ex.op = &func;
    p.code.push_back(ex);
  }
  for (Inst& in : p.code)
    in.cost = static_cast<uint32_t>(
        std::max<uint64_t>(1, std::min<uint64_t>(in.lane_ops / std::max(lanes, 1), 1u << 30)));
  return p;
}

}  // namespace tessera::interp::tile
