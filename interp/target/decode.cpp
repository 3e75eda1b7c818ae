// Decoding a Target IR kernel: per-lane register slots, mask-stack control flow, dispatch by kind.
#include <algorithm>
#include <cstring>
#include <map>
#include <unordered_map>
#include <unordered_set>

#include "core/ops/contractions.h"
#include "core/ops/policy.h"
#include "core/ops/registry.h"
#include "core/ops/tile_util.h"
#include "core/support/error.h"
#include "interp/target/decode_opt.h"
#include "interp/target/program.h"
#include "interp/tile/convert_cell.h"

namespace tessera::interp::target {
namespace {

using ops::OpKind;
using tile::Bin;

struct Slot {
  int32_t idx = -1;
  int16_t w = 1;
  DType dt = DType::f32;
};

class Decoder {
 public:
  Decoder(Program& p, const SourceManager& sm) : p_(p), sm_(sm) {}

  void run(const ir::Op& func) {
    const ir::Block& entry = func.regions.at(0).front();
    count_uses(func);
    for (const auto& a : entry.args) {
      if (!a->type.is_memref() && !a->type.is_scalar())
        fail(func, "kernel parameters must be memrefs or scalars");
      p_.param_slots.push_back(define(a.get()).idx);
      p_.param_types.push_back(a->type);
    }
    block(entry);
    Inst r;
    r.opc = Opc::kRet;
    r.op = &func;
    emit(r);
  }

 private:
  Program& p_;
  const SourceManager& sm_;
  std::unordered_map<const ir::Value*, Slot> slots_;
  /// Values a loop body computes and yields, defined straight into the iteration argument's
  /// slot (no move at the yield): see scf_for.
  std::unordered_map<const ir::Value*, Slot> into_;
  /// Integer constants (arith.constant results) by value.
  std::unordered_map<const ir::Value*, int64_t> ints_;
  /// alloc_shared / alloc_local results: their allocation numbers.
  std::unordered_map<const ir::Value*, int32_t> alloc_of_;
  /// How many operands (of ops at any depth) name each value.
  std::unordered_map<const ir::Value*, int32_t> uses_;

  void count_uses(const ir::Op& op) {
    for (const ir::Value* v : op.operands) ++uses_[v];
    for (const ir::Region& r : op.regions)
      for (const auto& b : r.blocks)
        for (const auto& o : b->ops) count_uses(*o);
  }
  /// Pure integer ops already computed, per enclosing region (innermost last): a later op of
  /// the same key reads the earlier value (decode_opt.h).
  std::vector<std::map<PureKey, const ir::Value*>> known_{1};
  /// Loop-invariant ops decoded before their loop; skipped where they stand.
  std::unordered_set<const ir::Op*> hoisted_;
  struct RegionScope {  ///< values computed inside a region are not known after it
    Decoder& d;
    explicit RegionScope(Decoder& dec) : d(dec) { d.known_.emplace_back(); }
    ~RegionScope() { d.known_.pop_back(); }
  };

  int32_t uses(const ir::Value* v) const {
    auto it = uses_.find(v);
    return it == uses_.end() ? 0 : it->second;
  }

  /// An ld or st (the last instruction) of an allocation at a constant index inside it and
  /// aligned: target = allocation + 1, imm = the index (a static access, no per-lane checks).
  void static_access(const ir::Op& op, size_t mem, size_t index) {
    auto a = alloc_of_.find(op.operands.at(mem));
    auto c = ints_.find(op.operands.at(index));
    if (a == alloc_of_.end() || c == ints_.end()) return;
    Inst& in = p_.code.back();
    const int64_t numel = p_.allocs[static_cast<size_t>(a->second)].numel;
    if (c->second < 0 || c->second > numel - in.w || c->second % in.w != 0) return;
    in.target = a->second + 1;
    in.imm = c->second;
  }

  [[noreturn]] void fail(const ir::Op& op, const std::string& msg) {
    DiagnosticEngine d(&sm_);
    d.op_error(op, msg, "");
    throw Error(d.render());
  }

  static int16_t width_of(const ir::Type& t) {
    if (t.kind == ir::TypeKind::vector && t.rank() == 1) return static_cast<int16_t>(t.shape[0]);
    return 1;
  }

  Slot define(const ir::Value* v) {
    if (auto it = into_.find(v); it != into_.end()) {  // written straight into a loop's slot
      slots_[v] = it->second;
      return it->second;
    }
    Slot s{p_.num_slots, width_of(v->type), v->type.dtype};
    if (v->type.is_memref()) s.dt = DType::i64;  // a buffer handle
    p_.num_slots += s.w;
    p_.slot_width.resize(static_cast<size_t>(p_.num_slots), 0);
    p_.slot_width[static_cast<size_t>(s.idx)] = s.w;
    slots_[v] = s;
    return s;
  }
  /// A conversion of tile/convert_cell.h: source type in mode, options (and the signed view of
  /// sitofp) in imm.
  void convert(const ir::Op& op, bool signed_view) {
    simple(op, Opc::kConvert, static_cast<uint8_t>(op.operands[0]->type.dtype));
    p_.code.back().imm =
        tile::pack_convert(ops::read_policy(op).convert) | (signed_view ? tile::kSignedView : 0);
  }
  Slot temp(const Slot& like) {
    Slot s{p_.num_slots, like.w, like.dt};
    p_.num_slots += s.w;
    p_.slot_width.resize(static_cast<size_t>(p_.num_slots), 0);
    p_.slot_width[static_cast<size_t>(s.idx)] = s.w;
    return s;
  }
  void alias(const ir::Value* v, const Slot& s) { slots_[v] = s; }
  Slot use(const ir::Op& op, const ir::Value* v) {
    auto it = slots_.find(v);
    if (it == slots_.end()) fail(op, "uses a value defined outside the kernel");
    return it->second;
  }
  int32_t emit(Inst in) {
    p_.code.push_back(in);
    return static_cast<int32_t>(p_.code.size() - 1);
  }
  int32_t here() const { return static_cast<int32_t>(p_.code.size()); }
  static Inst make(Opc o, const ir::Op& op) {
    Inst in;
    in.opc = o;
    in.op = &op;
    return in;
  }
  void mov(const ir::Op& op, const Slot& dst, const Slot& src) {
    Inst in = make(Opc::kMov, op);
    in.dst = dst.idx;
    in.a = src.idx;
    in.w = dst.w;
    emit(in);
  }

  void block(const ir::Block& b) {
    for (const auto& o : b.ops) one(*o);
  }
  /// Operand k's slot.
  int32_t opnd(const ir::Op& op, size_t k) { return use(op, op.operands.at(k)).idx; }

  void one(const ir::Op& op);
  void decode_op(const ir::Op& op);
  void scf_if(const ir::Op& op);
  void scf_for(const ir::Op& op);
  void write_yields_in_place(const ir::Block& body, const std::vector<Slot>& iters);
  void scf_while(const ir::Op& op);
  void yield_into(const ir::Op& term, const std::vector<Slot>& dst);
  void simple(const ir::Op& op, Opc o, uint8_t mode = 0);
  void mma(const ir::Op& op);
  void constant(const ir::Op& op);
  void fuse_fma(const ir::Op& fma);
};

void Decoder::simple(const ir::Op& op, Opc o, uint8_t mode) {
  Inst in = make(o, op);
  in.mode = mode;
  if (!op.results.empty()) {
    Slot r = define(op.result());
    in.dst = r.idx;
    in.w = r.w;
    in.dt = r.dt;
  }
  int32_t* fields[] = {&in.a, &in.b, &in.c, &in.d, &in.e};
  for (size_t k = 0; k < op.operands.size() && k < 5; ++k) *fields[k] = opnd(op, k);
  if (!op.operands.empty() && op.results.empty()) in.dt = op.operands[0]->type.dtype;
  emit(in);
}

void Decoder::yield_into(const ir::Op& term, const std::vector<Slot>& dst) {
  if (term.operands.size() != dst.size()) fail(term, "yields the wrong number of values");
  std::vector<Slot> src;
  for (const ir::Value* v : term.operands) src.push_back(use(term, v));
  // Straight moves unless one reads a slot another writes (a permutation of the slots).
  bool clash = false;
  for (size_t k = 0; k < src.size(); ++k)
    for (size_t j = 0; j < dst.size(); ++j) clash |= j != k && src[k].idx == dst[j].idx;
  if (!clash) {
    for (size_t k = 0; k < dst.size(); ++k)
      if (src[k].idx != dst[k].idx) mov(term, dst[k], src[k]);
    return;
  }
  // Through temporaries.
  std::vector<Slot> tmp;
  for (size_t k = 0; k < dst.size(); ++k) {
    tmp.push_back(temp(dst[k]));
    mov(term, tmp.back(), src[k]);
  }
  for (size_t k = 0; k < dst.size(); ++k) mov(term, dst[k], tmp[k]);
}

void Decoder::scf_if(const ir::Op& op) {
  std::vector<Slot> res;
  for (const auto& r : op.results) res.push_back(define(r.get()));
  Inst beg = make(Opc::kIfBegin, op);
  beg.a = opnd(op, 0);
  int32_t ib = emit(beg);
  auto arm = [&](const ir::Region& reg) {
    if (reg.blocks.empty()) return;
    RegionScope scope(*this);
    const ir::Block& b = reg.front();
    for (size_t k = 0; k + 1 < b.ops.size(); ++k) one(*b.ops[k]);
    if (!b.ops.empty()) {
      const ir::Op& t = *b.ops.back();
      if (t.def && t.def->kind == OpKind::ScfYield)
        yield_into(t, res);
      else
        one(t);
    }
  };
  arm(op.regions.at(0));
  Inst el = make(Opc::kElse, op);
  el.a = beg.a;
  int32_t ie = emit(el);
  p_.code[static_cast<size_t>(ib)].target = ie;
  if (op.regions.size() > 1) arm(op.regions[1]);
  int32_t ip = emit(make(Opc::kPop, op));
  p_.code[static_cast<size_t>(ie)].target = ip;
}

namespace {

/// True when `op` or an op nested in it reads `v`.
bool reads(const ir::Op& op, const ir::Value* v) {
  for (const ir::Value* o : op.operands)
    if (o == v) return true;
  for (const ir::Region& r : op.regions)
    for (const auto& b : r.blocks)
      for (const auto& o : b->ops)
        if (reads(*o, v)) return true;
  return false;
}

/// Ops that compute lane by lane (each lane reads its operands before writing its result), so
/// that their result may share a slot with an operand.
bool lane_wise(OpKind k) {
  switch (k) {
    case OpKind::ArithAddF:
    case OpKind::ArithSubF:
    case OpKind::ArithMulF:
    case OpKind::ArithDivF:
    case OpKind::ArithMaximumF:
    case OpKind::ArithMinimumF:
    case OpKind::ArithNegF:
    case OpKind::ArithAddI:
    case OpKind::ArithSubI:
    case OpKind::ArithMulI:
    case OpKind::ArithSelect:
    case OpKind::TargetFma:
    case OpKind::TargetExp:
    case OpKind::TargetLog:
    case OpKind::TargetSqrt:
    case OpKind::TargetLd:
    case OpKind::TargetShfl:
      return true;
    default:
      return false;
  }
}

}  // namespace

void Decoder::write_yields_in_place(const ir::Block& body, const std::vector<Slot>& iters) {
  // A scalar the body computes at its top level and yields once as iteration value k is
  // written straight into k's slot when nothing after its definition still reads the old
  // value of k: the yield then moves nothing. (All lanes that run the body run its top level.)
  if (body.ops.empty()) return;
  const ir::Op& yield = *body.ops.back();
  if (yield.operands.size() != iters.size()) return;
  for (size_t k = 0; k < iters.size(); ++k) {
    const ir::Value* v = yield.operands[k];
    const ir::Op* d = v->def;
    if (!d || d->parent != &body || !d->def || !lane_wise(d->def->kind) || iters[k].w != 1 ||
        width_of(v->type) != 1 || d->results.size() != 1 ||
        std::count(yield.operands.begin(), yield.operands.end(), v) != 1)
      continue;
    const ir::Value* arg = body.args[k + 1].get();
    bool later = false;
    auto at =
        std::find_if(body.ops.begin(), body.ops.end(), [&](const auto& o) { return o.get() == d; });
    for (auto it = at + 1; it != body.ops.end() && !later; ++it) later = reads(**it, arg);
    if (!later) into_[v] = iters[k];
  }
}

void Decoder::scf_for(const ir::Op& op) {
  const ir::Block& body = op.regions.at(0).front();
  if (body.args.size() != op.operands.size() - 2) fail(op, "loop body arguments do not match");
  // Loop-invariant pure integer ops (address arithmetic) run once, before the loop.
  for (const ir::Op* h : loop_invariant_ops(body)) {
    one(*h);
    hoisted_.insert(h);
  }
  RegionScope scope(*this);
  Slot iv = define(body.args[0].get());
  mov(op, iv, use(op, op.operands[0]));
  Slot ub = use(op, op.operands[1]), step = use(op, op.operands[2]);
  std::vector<Slot> iters;
  for (size_t k = 1; k < body.args.size(); ++k) {
    Slot s = define(body.args[k].get());
    mov(op, s, use(op, op.operands[2 + k]));
    iters.push_back(s);
    alias(op.results.at(k - 1).get(), s);
  }
  write_yields_in_place(body, iters);
  emit(make(Opc::kPush, op));
  Inst test = make(Opc::kForTest, op);
  test.a = iv.idx;
  test.b = ub.idx;
  int32_t it = emit(test);
  for (size_t k = 0; k + 1 < body.ops.size(); ++k) one(*body.ops[k]);
  if (!body.ops.empty()) yield_into(*body.ops.back(), iters);
  Inst inc = make(Opc::kIBin, op);
  inc.mode = static_cast<uint8_t>(Bin::add);
  inc.dt = iv.dt;
  inc.dst = iv.idx;
  inc.a = iv.idx;
  inc.b = step.idx;
  emit(inc);
  Inst j = make(Opc::kJmp, op);
  j.target = it;
  emit(j);
  p_.code[static_cast<size_t>(it)].target = emit(make(Opc::kPop, op));
}

void Decoder::scf_while(const ir::Op& op) {
  // Lanes leave when their condition fails; each keeps the values its last scf.condition
  // forwarded (the result slots are written under the active mask before the test).
  const ir::Block& before = op.regions.at(0).front();
  const ir::Block& after = op.regions.at(1).front();
  if (before.ops.empty() || after.ops.empty()) fail(op, "needs non-empty regions");
  std::vector<Slot> res, bargs, aargs;
  RegionScope scope(*this);  // (one scope for both regions: the after region sees no value of
                             // the before region but the forwarded ones)
  for (const auto& r : op.results) res.push_back(define(r.get()));
  for (const auto& a : before.args) bargs.push_back(define(a.get()));
  for (const auto& a : after.args) aargs.push_back(define(a.get()));
  if (bargs.size() != op.operands.size() || aargs.size() != res.size())
    fail(op, "region arguments do not match");
  for (size_t k = 0; k < bargs.size(); ++k) mov(op, bargs[k], use(op, op.operands[k]));
  emit(make(Opc::kPush, op));
  const int32_t head = here();
  for (size_t k = 0; k + 1 < before.ops.size(); ++k) one(*before.ops[k]);
  const ir::Op& cond = *before.ops.back();
  if (cond.operands.size() != res.size() + 1) fail(cond, "forwards the wrong number of values");
  for (size_t k = 0; k < res.size(); ++k) mov(cond, res[k], use(cond, cond.operands[k + 1]));
  Inst t = make(Opc::kWhileTest, cond);
  t.a = opnd(cond, 0);
  const int32_t it = emit(t);
  for (size_t k = 0; k < aargs.size(); ++k) mov(cond, aargs[k], res[k]);
  for (size_t k = 0; k + 1 < after.ops.size(); ++k) one(*after.ops[k]);
  yield_into(*after.ops.back(), bargs);
  Inst j = make(Opc::kJmp, op);
  j.target = head;
  emit(j);
  p_.code[static_cast<size_t>(it)].target = emit(make(Opc::kPop, op));
}

void Decoder::mma(const ir::Op& op) {
  auto info = ops::target::mma_info(op.attrs.get("shape")->s);
  DType in = op.operands[0]->type.dtype;
  ops::NumericPolicy pol = ops::read_policy(op);
  auto model =
      ops::accum_model_by_name(pol.accum_model, DType::f32,
                               info->shape == ops::target::MmaShape::m16n8k8 ? DType::tf32 : in);
  if (!model) fail(op, "unknown accumulation model");
  simple(op, Opc::kMma, static_cast<uint8_t>(info->shape));
  p_.code.back().dt = in;
  p_.code.back().target = static_cast<int32_t>(p_.models.size());
  p_.models.push_back(*model);
}

void Decoder::fuse_fma(const ir::Op& fma) {
  // The fma just emitted (f32) reads, as operand a or b, the result of the shfl.sync idx
  // emitted just before it, with the constant full member mask, read by nothing else: the
  // shfl becomes kShflFma. If the shfl's value is in turn an f32 ld of a local allocation at a
  // constant index (a static access) read by nothing else, that ld becomes kLdShflFma.
  const size_t n = p_.code.size();
  if (n < 2 || p_.code[n - 1].dt != DType::f32) return;
  Inst& sh = p_.code[n - 2];
  if (sh.opc != Opc::kShfl || sh.mode != 3 || sh.dt != DType::f32) return;
  const ir::Value* bv = sh.op->result();
  const bool is_b = fma.operands.at(1) == bv;
  if ((!is_b && fma.operands.at(0) != bv) || uses(bv) != 1) return;
  auto mask = ints_.find(sh.op->operands.at(2));
  if (mask == ints_.end() || static_cast<uint32_t>(mask->second) != kFull) return;
  sh.opc = Opc::kShflFma;
  sh.fma_b = is_b ? 1 : 0;
  if (n < 3) return;
  Inst& ld = p_.code[n - 3];
  const ir::Value* lv = sh.op->operands.at(0);
  if (ld.opc != Opc::kLd || ld.target <= 0 || ld.w != 1 || ld.op->result() != lv || uses(lv) != 1 ||
      sh.op->operands.at(1) == lv)
    return;
  const Alloc& a = p_.allocs[static_cast<size_t>(ld.target - 1)];
  if (a.space != 5 /* local */ || a.dt != DType::f32 || ld.dt != DType::f32) return;
  ld.opc = Opc::kLdShflFma;
  ld.fma_b = sh.fma_b;
}

void Decoder::constant(const ir::Op& op) {
  Slot r = define(op.result());
  Inst in = make(Opc::kConst, op);
  in.dst = r.idx;
  in.dt = r.dt;
  const ir::Attr* v = op.attrs.get("value");
  Cell c{};
  if (r.dt == DType::f32)
    c.f = static_cast<float>(v->as_double());
  else if (r.dt == DType::f64)
    c.d = v->as_double();
  else if (v->kind == ir::Attr::Kind::boolean)
    c.i = v->b ? 1 : 0;
  else
    c.i = tile::canonical_int(v->is_int() ? v->i : static_cast<int64_t>(v->f), r.dt);
  if (r.w != 1 || (dtype_is_float(r.dt) && r.dt != DType::f32 && r.dt != DType::f64))
    fail(op, "Target IR constants are f32, f64 or integer scalars");
  std::memcpy(&in.imm, &c, sizeof c);
  emit(in);
  if (dtype_is_int(r.dt) || r.dt == DType::index) ints_[op.result()] = c.i;
}

void Decoder::one(const ir::Op& op) {
  if (hoisted_.count(&op)) return;  // decoded before its loop
  // A pure integer op whose value is already known in an enclosing region reads that value,
  // unless its value must be written into a loop's iteration register (into_).
  const bool pure = pure_int_op(op) && op.operands.size() <= 3 && !into_.count(op.result());
  if (!pure) return decode_op(op);
  const PureKey key = pure_key(op);
  for (auto s = known_.rbegin(); s != known_.rend(); ++s)
    if (auto it = s->find(key); it != s->end()) {
      if (auto c = ints_.find(it->second); c != ints_.end()) ints_[op.result()] = c->second;
      return alias(op.result(), use(op, it->second));
    }
  decode_op(op);
  known_.back().emplace(key, op.result());
}

void Decoder::decode_op(const ir::Op& op) {
  if (!op.def) fail(op, "is not a registered op");
  const std::string_view n = op.name;
  auto bin = [&](Bin b) { simple(op, n.back() == 'f' ? Opc::kFBin : Opc::kIBin, uint8_t(b)); };
  switch (op.def->kind) {
    case OpKind::ArithConstant:
      return constant(op);
    case OpKind::ArithAddI:
    case OpKind::ArithAddF:
      return bin(Bin::add);
    case OpKind::ArithSubI:
    case OpKind::ArithSubF:
      return bin(Bin::sub);
    case OpKind::ArithMulI:
    case OpKind::ArithMulF:
      return bin(Bin::mul);
    case OpKind::ArithDivSI:
    case OpKind::ArithDivF:
      return bin(Bin::div);
    case OpKind::ArithRemSI:
      return bin(Bin::rem);
    case OpKind::ArithMinSI:
      return bin(Bin::min);
    case OpKind::ArithMaxSI:
      return bin(Bin::max);
    case OpKind::ArithMinimumF:
      return simple(op, Opc::kFBin, uint8_t(Bin::min));
    case OpKind::ArithMaximumF:
      return simple(op, Opc::kFBin, uint8_t(Bin::max));
    case OpKind::ArithAndI:
      return bin(Bin::band);
    case OpKind::ArithOrI:
      return bin(Bin::bor);
    case OpKind::ArithXOrI:
      return bin(Bin::bxor);
    case OpKind::ArithShLI:
      return bin(Bin::shl);
    case OpKind::ArithShRSI:
      return bin(Bin::shr);
    case OpKind::ArithNegF:
      return simple(op, Opc::kNegF);
    case OpKind::ArithCmpI:
    case OpKind::ArithCmpF: {
      bool fl = op.def->kind == OpKind::ArithCmpF;
      auto p = ops::tile::arith_predicate(op.attrs.get("predicate"), fl);
      simple(op, fl ? Opc::kFCmp : Opc::kICmp, tile::cmp_of(p.value_or("eq"), fl));
      p_.code.back().dt = op.operands[0]->type.dtype;
      return;
    }
    case OpKind::ArithSelect:
      return simple(op, Opc::kSelect);
    case OpKind::ArithIndexCast:
      return simple(op, Opc::kIndexCast);
    case OpKind::ArithSIToFP:
      if (dtype_is_low_precision_float(op.result()->type.dtype) || op.attrs.get("numeric_policy"))
        return convert(op, true);
      return simple(op, Opc::kSIToFP);
    case OpKind::ArithFPToSI:
      simple(op, Opc::kFPToSI);
      p_.code.back().imm = static_cast<int64_t>(op.operands[0]->type.dtype);
      return;
    case OpKind::ArithExtF:
      if (dtype_is_low_precision_float(op.operands[0]->type.dtype)) return convert(op, false);
      return simple(op, Opc::kExtF);
    case OpKind::ArithTruncF:
      if (dtype_is_low_precision_float(op.result()->type.dtype) || op.attrs.get("numeric_policy"))
        return convert(op, false);
      return simple(op, Opc::kTruncF);
    case OpKind::ArithUIToFP:
    case OpKind::ArithFPToUI:
    case OpKind::ArithIndexCastUI:
      return convert(op, false);
    case OpKind::ScfIf:
      return scf_if(op);
    case OpKind::ScfFor:
      return scf_for(op);
    case OpKind::ScfWhile:
      return scf_while(op);
    case OpKind::Return:
      if (!op.operands.empty()) fail(op, "a kernel returns nothing");
      return simple(op, Opc::kRet);
    case OpKind::TargetTid:
    case OpKind::TargetNtid:
    case OpKind::TargetCtaid:
    case OpKind::TargetNctaid: {
      uint8_t base = op.def->kind == OpKind::TargetTid     ? kTid
                     : op.def->kind == OpKind::TargetNtid  ? kNtid
                     : op.def->kind == OpKind::TargetCtaid ? kCtaid
                                                           : kNctaid;
      return simple(op, Opc::kSreg, uint8_t(base + op.attrs.get_int("dim", 0)));
    }
    case OpKind::TargetLaneId:
      return simple(op, Opc::kSreg, kLaneId);
    case OpKind::TargetWarpId:
      return simple(op, Opc::kSreg, kWarpId);
    case OpKind::TargetFma:
      simple(op, Opc::kFma);
      return fuse_fma(op);
    case OpKind::TargetExp:
      return simple(op, Opc::kExp);
    case OpKind::TargetLog:
      return simple(op, Opc::kLog);
    case OpKind::TargetSqrt:
      return simple(op, Opc::kSqrtF);
    case OpKind::TargetDim:
      simple(op, Opc::kDim);
      p_.code.back().imm = op.attrs.get_int("dim", 0);
      return;
    case OpKind::TargetExit:
      return simple(op, Opc::kExit);
    case OpKind::TargetAllocShared:
    case OpKind::TargetAllocLocal: {
      const ir::Type& t = op.result()->type;
      simple(op, Opc::kAlloc);
      p_.code.back().target = static_cast<int32_t>(p_.allocs.size());
      p_.code.back().imm = t.memspace;
      alloc_of_[op.result()] = static_cast<int32_t>(p_.allocs.size());
      p_.allocs.push_back(Alloc{t.dtype, *t.num_elements(), t.shape, static_cast<int>(t.memspace)});
      return;
    }
    case OpKind::TargetLd:
      simple(op, Opc::kLd);
      return static_access(op, 0, 1);
    case OpKind::TargetSt:
      simple(op, Opc::kSt);
      p_.code.back().w = width_of(op.operands[0]->type);
      return static_access(op, 1, 2);
    case OpKind::TargetCpAsync:
      simple(op, Opc::kCpAsync);
      p_.code.back().imm = op.attrs.get_int("bytes", 4);
      return;
    case OpKind::TargetCommitGroup:
      return simple(op, Opc::kCommit);
    case OpKind::TargetWaitGroup:
      simple(op, Opc::kWait);
      p_.code.back().imm = op.attrs.get_int("n", 0);
      return;
    case OpKind::TargetBarSync:
      return simple(op, Opc::kBar);
    case OpKind::TargetAtom: {
      std::string kind = op.attrs.get_string("kind", "add");
      p_.has_atomics = true;
      simple(op, Opc::kAtom,
             kind == "add"   ? 0
             : kind == "min" ? 1
             : kind == "max" ? 2
             : kind == "cas" ? 4
                             : 3);
      return;
    }
    case OpKind::TargetShfl: {
      std::string mode = op.attrs.get_string("mode", "idx");
      simple(op, Opc::kShfl, mode == "up" ? 0 : mode == "down" ? 1 : mode == "bfly" ? 2 : 3);
      // idx from a constant lane with the constant full member mask: a broadcast whenever the
      // whole warp runs it (imm 1, target = the lane).
      auto lane = ints_.find(op.operands.at(1)), mask = ints_.find(op.operands.at(2));
      if (p_.code.back().mode == 3 && lane != ints_.end() && mask != ints_.end() &&
          static_cast<uint32_t>(mask->second) == kFull) {
        p_.code.back().imm = 1;
        p_.code.back().target = static_cast<int32_t>(lane->second & 31);
      }
      return;
    }
    case OpKind::TargetVote: {
      std::string mode = op.attrs.get_string("mode", "any");
      return simple(op, Opc::kVote, mode == "all" ? 0 : mode == "any" ? 1 : 2);
    }
    case OpKind::TargetLdmatrix: {
      const ir::Attr* tr = op.attrs.get("trans");
      simple(op, Opc::kLdmatrix, tr && tr->b ? 1 : 0);
      p_.code.back().imm = op.attrs.get_int("num", 1) | (op.operands[0]->type.shape[1] << 8);
      p_.code.back().dt = op.operands[0]->type.dtype;
      return;
    }
    case OpKind::TargetMmaSync:
      return mma(op);
    default:
      fail(op,
           "is not a Target IR op (the target interpreter runs tessera_nvidia.*, arith.* "
           "and scf.if/scf.for/scf.while)");
  }
}

}  // namespace

bool has_decoder(ops::OpKind kind) {
  const ops::OpDef& d = ops::op_def(kind);
  return d.level == ops::Level::target && kind != OpKind::TargetLaunch;
}

bool is_target_kernel(const ir::Op& func) {
  for (const ir::Region& r : func.regions)
    for (const auto& b : r.blocks)
      for (const auto& o : b->ops) {
        if (o->def && o->def->level == ops::Level::target) return true;
        if (is_target_kernel(*o)) return true;
      }
  return false;
}

Program decode(const ir::Op& func, const SourceManager& sm) {
  Program p;
  p.func = &func;
  p.name = func.attrs.get_string("sym_name", "?");
  Decoder(p, sm).run(func);
  mark_fused_runs(p);
  allocate_registers(p);
  return p;
}

}  // namespace tessera::interp::target
