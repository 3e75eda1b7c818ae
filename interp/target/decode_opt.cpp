// Decoder-level optimizations that change no result (decode_opt.h).
#include "interp/target/decode_opt.h"

#include <algorithm>
#include <unordered_set>

#include "core/ops/registry.h"
#include "core/ops/tile_util.h"

namespace tessera::interp::target {

using ops::OpKind;

std::optional<int64_t> constant_int(const ir::Value* v) {
  const ir::Op* d = v->def;
  if (!d || !d->def || d->def->kind != OpKind::ArithConstant) return std::nullopt;
  const ir::Attr* a = d->attrs.get("value");
  if (!a || !a->is_int() || !(dtype_is_int(v->type.dtype) || v->type.dtype == DType::index))
    return std::nullopt;
  return a->i;
}

bool pure_int_op(const ir::Op& op) {
  if (!op.def || op.results.size() != 1 || !op.regions.empty()) return false;
  const ir::Type& t = op.result()->type;
  if (t.kind == ir::TypeKind::vector) return false;
  switch (op.def->kind) {
    case OpKind::ArithAddI:
    case OpKind::ArithSubI:
    case OpKind::ArithMulI:
    case OpKind::ArithAndI:
    case OpKind::ArithOrI:
    case OpKind::ArithXOrI:
    case OpKind::ArithShLI:
    case OpKind::ArithShRSI:
    case OpKind::ArithMinSI:
    case OpKind::ArithMaxSI:
    case OpKind::ArithCmpI:
    case OpKind::ArithIndexCast:
    case OpKind::ArithSelect:
      return true;
    case OpKind::ArithConstant:
      return constant_int(op.result()).has_value();
    case OpKind::ArithDivSI:
    case OpKind::ArithRemSI: {
      // The only run-time error of these ops is a zero divisor.
      auto d = op.operands.size() == 2 ? constant_int(op.operands[1]) : std::nullopt;
      return d && *d != 0;
    }
    default:
      return false;
  }
}

PureKey pure_key(const ir::Op& op) {
  std::array<const ir::Value*, 3> v{nullptr, nullptr, nullptr};
  for (size_t k = 0; k < op.operands.size() && k < 3; ++k) v[k] = op.operands[k];
  int64_t extra = 0;
  if (op.def->kind == OpKind::ArithCmpI) {
    auto p = ops::tile::arith_predicate(op.attrs.get("predicate"), false);
    extra = static_cast<int64_t>(std::hash<std::string>{}(p.value_or("?")));
  } else if (op.def->kind == OpKind::ArithConstant) {
    extra = *constant_int(op.result());
  }
  return {static_cast<int>(op.def->kind), extra, static_cast<int>(op.result()->type.dtype), v};
}

std::vector<const ir::Op*> loop_invariant_ops(const ir::Block& body) {
  std::vector<const ir::Op*> out;
  if (body.ops.empty()) return out;
  std::unordered_set<const ir::Value*> inside;  // values that change with the iteration
  for (const auto& a : body.args) inside.insert(a.get());
  const ir::Op& term = *body.ops.back();
  for (size_t k = 0; k + 1 < body.ops.size(); ++k) {
    const ir::Op& op = *body.ops[k];
    bool inv =
        pure_int_op(op) && op.operands.size() <= 3 &&
        std::find(term.operands.begin(), term.operands.end(), op.result()) == term.operands.end();
    for (const ir::Value* v : op.operands) inv = inv && !inside.count(v);
    if (inv) {
      out.push_back(&op);
      continue;
    }
    for (const auto& r : op.results) inside.insert(r.get());
  }
  return out;
}

void mark_fused_runs(Program& p) {
  // A run: fused instructions back to back (each followed by those it absorbs), as the
  // unrolled FMA loops of tile.mma lower. No jump lands inside one (they are one block's ops).
  for (size_t i = 0; i < p.code.size();) {
    Inst& first = p.code[i];
    if (first.opc != Opc::kShflFma && first.opc != Opc::kLdShflFma) {
      ++i;
      continue;
    }
    size_t j = i;
    int n = 0;
    while (j < p.code.size() && n < INT16_MAX &&
           (p.code[j].opc == Opc::kShflFma || p.code[j].opc == Opc::kLdShflFma)) {
      j += p.code[j].opc == Opc::kLdShflFma ? 3 : 2;
      ++n;
    }
    first.run = static_cast<int16_t>(n);
    i = j;
  }
}

}  // namespace tessera::interp::target
