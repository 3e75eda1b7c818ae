// Translation validation across IR levels (docs/ops/schedule/lowering.md, "Validation").
#include "interp/schedule/validate.h"

#include <cinttypes>
#include <cmath>
#include <cstddef>
#include <cstdio>
#include <cstring>
#include <optional>
#include <unordered_map>

#include "core/numerics/convert.h"
#include "core/ops/schedule_util.h"
#include "core/support/error.h"
#include "core/text/printer.h"
#include "core/transforms/levels.h"
#include "core/transforms/passes.h"
#include "core/verify/verifier.h"
#include "interp/session.h"

namespace tessera::interp {

namespace {

using Slot = std::pair<size_t, size_t>;           // (op index in the entry body, result)
using Values = std::vector<std::vector<Tensor>>;  // by op index, then result

// A module whose entry returns every tensor result of every op of its body, run once.
struct Probe {
  std::unique_ptr<LoadedModule> lm;
  const ir::Op* entry = nullptr;
  Values values;
};

Probe run_probe(const std::string& text, const std::string& name, const std::string& entry,
                const std::vector<Tensor>& inputs, RunOptions ro) {
  Probe p;
  p.lm = load_module(text, name);
  ir::Op* f = p.lm->module->lookup_func(entry);
  if (!f || f->regions.empty() || f->regions[0].empty())
    throw Error(name + ": error: no function body named '" + entry + "'");
  p.entry = f;
  ir::Block& b = f->regions[0].front();
  ir::Op* ret = b.ops.back().get();
  std::vector<Slot> slots;
  std::vector<ir::Value*> vals;
  std::vector<ir::Type> types;
  for (size_t k = 0; k + 1 < b.ops.size(); ++k)
    for (size_t r = 0; r < b.ops[k]->num_results(); ++r)
      if (b.ops[k]->result(r)->type.is_tensor()) {
        slots.push_back({k, r});
        vals.push_back(b.ops[k]->result(r));
        types.push_back(b.ops[k]->result(r)->type);
      }
  ret->operands = vals;
  std::vector<ir::Type> ins;
  for (const auto& a : b.args) ins.push_back(a->type);
  f->attrs.set("function_type", ir::Attr::func_type_attr(ins, types));
  ro.entry = entry;
  ro.source_name = name;
  std::vector<Tensor> res = run_function(*p.lm, inputs, ro);
  p.values.resize(b.ops.size());
  for (size_t i = 0; i < slots.size() && i < res.size(); ++i) {
    auto& v = p.values[slots[i].first];
    if (v.size() <= slots[i].second) v.resize(slots[i].second + 1);
    v[slots[i].second] = res[i];
  }
  return p;
}

// The Graph IR value that result r of lowered op `o` computes.
std::optional<Slot> origin_of(const ir::Module& m, const ir::Op& o, size_t r) {
  const ir::Op* callee = nullptr;
  if (o.name == "schedule.group") {
    callee = ir::lookup_callee(o);
  } else if (const ir::Attr* g = o.attrs.get("schedule.group")) {
    callee = m.lookup_func(g->s);
  } else if (const ir::Attr* a = o.attrs.get("schedule.origin"); a && a->is_int()) {
    return Slot{static_cast<size_t>(a->i), r};
  }
  if (!callee || callee->regions.empty()) return std::nullopt;
  const ir::Op& ret = *callee->regions[0].front().ops.back();
  if (r >= ret.operands.size() || !ret.operands[r]->def) return std::nullopt;
  const ir::Attr* a = ret.operands[r]->def->attrs.get("schedule.origin");
  if (!a || !a->is_int() || a->i < 0) return std::nullopt;
  return Slot{static_cast<size_t>(a->i), static_cast<size_t>(ret.operands[r]->index)};
}

const Tensor* graph_value(const Values& g, Slot s) {
  if (s.first >= g.size() || s.second >= g[s.first].size()) return nullptr;
  return &g[s.first][s.second];
}

// The first element whose bits differ (-1: shapes or types differ), or nullopt.
std::optional<int64_t> first_diff(const Tensor& a, const Tensor& b) {
  if (a.shape() != b.shape() || a.dtype() != b.dtype()) return -1;
  if (a.nbytes() == 0) return std::nullopt;
  const size_t n = static_cast<size_t>(a.numel());
  const size_t esz = a.nbytes() % n == 0 ? a.nbytes() / n : 1;
  // Two NaNs match, as in the conformance rule `bitexact`: no op's spec fixes a NaN's sign or
  // payload (x86 and the Graph IR kernels already differ there).
  auto both_nan = [&](size_t i) {
    if (a.dtype() == DType::f32)
      return std::isnan(a.data<float>()[i]) && std::isnan(b.data<float>()[i]);
    if (a.dtype() == DType::f64)
      return std::isnan(a.data<double>()[i]) && std::isnan(b.data<double>()[i]);
    if (!dtype_is_low_precision_float(a.dtype()) || esz > 8) return false;
    uint64_t x = 0, y = 0;  // bf16, f16, fp8, fp6, fp4, e8m0: their NaNs too
    std::memcpy(&x, a.bytes() + i * esz, esz);
    std::memcpy(&y, b.bytes() + i * esz, esz);
    return std::isnan(num::to_double(a.dtype(), x)) && std::isnan(num::to_double(a.dtype(), y));
  };
  const bool packed = a.nbytes() < n;  // i4: two elements per byte, low nibble first
  for (size_t i = 0; i * esz < a.nbytes(); ++i)
    if (std::memcmp(a.bytes() + i * esz, b.bytes() + i * esz, esz) != 0 && !both_nan(i)) {
      if (!packed) return static_cast<int64_t>(i);
      const bool low_same = std::to_integer<unsigned>(a.bytes()[i] ^ b.bytes()[i]) % 16u == 0;
      return static_cast<int64_t>(2 * i + (low_same ? 1 : 0));
    }
  return std::nullopt;
}

std::vector<int64_t> unflatten(int64_t i, const std::vector<int64_t>& shape) {
  std::vector<int64_t> idx(shape.size());
  for (size_t d = shape.size(); d-- > 0;) {
    idx[d] = shape[d] ? i % shape[d] : 0;
    i = shape[d] ? i / shape[d] : 0;
  }
  return idx;
}

std::string index_str(const std::vector<int64_t>& idx) {
  std::string s = "[";
  for (size_t d = 0; d < idx.size(); ++d) s += (d ? ", " : "") + std::to_string(idx[d]);
  return s + "]";
}

std::string element_str(const Tensor& t, int64_t i) {
  char buf[96];
  if (t.dtype() == DType::f32) {
    float v;
    uint32_t bits;
    std::memcpy(&v, t.bytes() + i * 4, 4);
    std::memcpy(&bits, &v, 4);
    std::snprintf(buf, sizeof buf, "%.9g (0x%08" PRIx32 ")", static_cast<double>(v), bits);
    return buf;
  }
  if (t.dtype() == DType::f64) {
    double v;
    uint64_t bits;
    std::memcpy(&v, t.bytes() + i * 8, 8);
    std::memcpy(&bits, &v, 8);
    std::snprintf(buf, sizeof buf, "%.17g (0x%016" PRIx64 ")", v, bits);
    return buf;
  }
  const size_t n = static_cast<size_t>(t.numel());
  if (t.nbytes() < n) {  // i4, packed: element i is a nibble of byte i / 2, low nibble first
    const auto byte = std::to_integer<unsigned>(t.bytes()[static_cast<size_t>(i) / 2]);
    const unsigned nib = (i % 2 ? byte >> 4 : byte) & 0x0Fu;
    std::snprintf(buf, sizeof buf, "%d (0x%x)", static_cast<int>(nib) - (nib & 8u ? 16 : 0), nib);
    return buf;
  }
  const size_t esz = n && t.nbytes() % n == 0 ? t.nbytes() / n : 1;
  std::string s = "0x";
  for (size_t b = esz; b-- > 0;) {
    std::snprintf(buf, sizeof buf, "%02x",
                  static_cast<unsigned>(t.bytes()[static_cast<size_t>(i) * esz + b]));
    s += buf;
  }
  return s;
}

std::string where(const LoadedModule& lm, const ir::Op& op) {
  std::string s = "'" + op.name + "'";
  if (op.loc.known())
    s += " at " + lm.sm.name(op.loc.file) + ":" + std::to_string(op.loc.line) + ":" +
         std::to_string(op.loc.col);
  return s;
}

std::string divergence(const Tensor& want, const Tensor& got, int64_t e, const std::string& level) {
  if (e < 0)
    return "has type " + ir::to_string(got.type()) + " where Graph IR has " +
           ir::to_string(want.type());
  return "element " + index_str(unflatten(e, want.shape())) + ": graph " + element_str(want, e) +
         ", " + level + " " + element_str(got, e);
}

struct Ctx {
  const Probe& graph;
  const std::vector<Tensor>& inputs;
  RunOptions ro;
};

// Inside a diverging group: runs its body on the group's operands and names the first op whose
// value differs from the Graph IR op it came from; empty when every op agrees.
std::string locate_op(const Ctx& c, const std::string& text, const std::string& name,
                      const std::string& callee, const std::vector<Tensor>& args,
                      const std::string& level) {
  Probe p = run_probe(text, name, callee, args, c.ro);
  const ir::Block& b = p.entry->regions[0].front();
  for (size_t k = 0; k + 1 < b.ops.size(); ++k) {
    const ir::Attr* a = b.ops[k]->attrs.get("schedule.origin");
    if (!a || !a->is_int() || a->i < 0) continue;
    for (size_t r = 0; r < p.values[k].size(); ++r) {
      const Tensor* want = graph_value(c.graph.values, {static_cast<size_t>(a->i), r});
      if (!want) continue;
      if (auto e = first_diff(*want, p.values[k][r])) {
        const ir::Op& gop = *c.graph.entry->regions[0].front().ops[static_cast<size_t>(a->i)];
        return "op " + where(*p.lm, *b.ops[k]) + " (from Graph IR op " + where(*c.graph.lm, gop) +
               ") " + divergence(*want, p.values[k][r], *e, level);
      }
    }
  }
  return {};
}

// The group and tile that computed element `e` of a diverging op's result.
std::string tile_of(const ir::Op& o, const Tensor& t, int64_t e) {
  if (e < 0) return {};
  const auto idx = unflatten(e, t.shape());
  std::vector<int64_t> gt, split;
  if (const ir::Attr* a = o.attrs.get("schedule.tile")) gt = a->as_int_array().value_or(gt);
  if (const ir::Attr* a = o.attrs.get("schedule.tiles")) split = a->as_int_array().value_or(split);
  if (o.name == "schedule.group") {
    auto kind = ops::sched::parse_group_kind(o.attrs.get_string("kind", ""));
    std::vector<int64_t> ts;
    if (const ir::Attr* a = o.attrs.get("tile_shape")) ts = a->as_int_array().value_or(ts);
    gt = ops::sched::tile_extents(kind.value_or(ops::sched::GroupKind::whole), ts, t.shape());
    split.assign(gt.size(), 1);
  }
  if (gt.empty() || gt.size() > idx.size() || split.size() != gt.size()) return {};
  const size_t off = idx.size() - gt.size();
  std::vector<int64_t> group, tile;
  int64_t linear = 0;
  for (size_t d = 0; d < gt.size(); ++d) {
    group.push_back(idx[off + d] / gt[d]);
    const int64_t per = std::max<int64_t>(1, gt[d] / std::max<int64_t>(1, split[d]));
    linear = linear * split[d] + (idx[off + d] % gt[d]) / per;
  }
  std::string s = " (group " + index_str(group);
  if (o.name == "tile.launch") s += ", tile " + std::to_string(linear);
  return s + ")";
}

LevelVerdict compare_level(const Ctx& c, const std::string& level, const std::string& text,
                           const std::string& name) {
  LevelVerdict v;
  v.level = level;
  v.ran = true;
  Probe low = run_probe(text, name, c.ro.entry, c.inputs, c.ro);
  const ir::Block& b = low.entry->regions[0].front();
  std::unordered_map<const ir::Op*, size_t> index;
  for (size_t k = 0; k < b.ops.size(); ++k) index[b.ops[k].get()] = k;
  auto tensor_of = [&](const ir::Value* val) -> Tensor {
    if (!val->def) return c.inputs.at(static_cast<size_t>(val->index));
    return low.values.at(index.at(val->def)).at(static_cast<size_t>(val->index));
  };
  for (size_t k = 0; k + 1 < b.ops.size(); ++k) {
    const ir::Op& o = *b.ops[k];
    for (size_t r = 0; r < low.values[k].size(); ++r) {
      auto slot = origin_of(*low.lm->module, o, r);
      const Tensor* want = slot ? graph_value(c.graph.values, *slot) : nullptr;
      if (!want) continue;
      const Tensor& got = low.values[k][r];
      auto e = first_diff(*want, got);
      if (!e) continue;
      v.agree = false;
      // The Graph IR body to search for the diverging op: the group's function (a launch keeps
      // its name in `schedule.group`, its operands then bind the function's parameters).
      const ir::Op* callee = o.name == "schedule.group" ? ir::lookup_callee(o) : nullptr;
      if (const ir::Attr* g = o.attrs.get("schedule.group"); g && o.name == "tile.launch")
        callee = low.lm->module->lookup_func(g->s);
      const ir::Attr* cattr = o.attrs.get("callee");
      std::string what = "'" + o.name + "'";
      if (cattr && o.name == "schedule.group") what = "fusion group @" + cattr->s;
      if (cattr && o.name == "tile.launch") what = "tile.launch of @" + cattr->s;
      if (const ir::Attr* g = o.attrs.get("schedule.group")) what += " (group @" + g->s + ")";
      std::string detail;
      if (callee) {
        std::vector<Tensor> args;
        for (const ir::Value* a : o.operands) {
          // A launch operand reshaped by the lowering binds the body as the value before.
          if (a->def && a->def->name == "tessera.reshape" && !a->def->attrs.get("schedule.origin"))
            a = a->def->operands[0];
          args.push_back(tensor_of(a));
        }
        try {
          detail = locate_op(c, text, name, ir::func_name(*callee), args, level);
        } catch (const Error&) {
          detail.clear();  // the launch's operands do not bind the body (e.g. a reshaped bias)
        }
      }
      if (detail.empty()) detail = divergence(*want, got, *e, level) + tile_of(o, got, *e);
      v.message = what + ": " + detail;
      return v;
    }
  }
  return v;
}

std::string lower_text(const std::string& text, const std::string& name, const char* pass) {
  auto lm = load_module(text, name);
  DiagnosticEngine diag(&lm->sm);
  const transforms::PassInfo* p = transforms::lookup_pass(pass);
  if (!p) throw Error(std::string("error: pass '") + pass + "' is not in this build");
  if (!p->run(*lm->module, diag) || !verify::verify_module(*lm->module, diag))
    throw Error(diag.render());
  return text::print_module(*lm->module);
}

}  // namespace

std::vector<LevelVerdict> validate_levels(const std::string& graph_text,
                                          const std::vector<Tensor>& inputs,
                                          const ValidateOptions& opts) {
  RunOptions ro = opts.run;
  if (!ro.tile.budget) ro.tile.budget = std::make_shared<TileRunBudget>();
  if (!ro.tile.log) ro.tile.log = std::make_shared<TileCheckLog>();
  const std::string& gname = ro.source_name;
  // graph-to-schedule inlines calls and decomposes stencils before it groups (Graph IR to Graph
  // IR, docs/ops/schedule/lowering.md): the groups' schedule.origin count the ops of that form,
  // so the Graph IR values they are compared with come from it too (a --schedule module is one
  // that lowering made, or an edit of one).
  const bool rewrites = graph_text.find("func.call") != std::string::npos ||
                        graph_text.find("neighbors.stencil.apply") != std::string::npos;
  const std::string rewritten = rewrites ? lower_text(lower_text(graph_text, gname, "inline-calls"),
                                                      gname, "decompose-stencils")
                                         : std::string();
  Probe graph = run_probe(rewrites ? rewritten : graph_text, gname, ro.entry, inputs, ro);
  Ctx c{graph, inputs, ro};
  std::vector<LevelVerdict> out;
  const std::string s_text = opts.schedule.text.empty()
                                 ? lower_text(graph_text, gname, "graph-to-schedule")
                                 : opts.schedule.text;
  const std::string s_name =
      opts.schedule.text.empty() ? gname + " (lowered to schedule)" : opts.schedule.name;
  out.push_back(compare_level(c, "schedule", s_text, s_name));
  const std::string t_text =
      opts.tile.text.empty() ? lower_text(s_text, s_name, "schedule-to-tile") : opts.tile.text;
  const std::string t_name =
      opts.tile.text.empty()
          ? (opts.schedule.text.empty() ? gname : opts.schedule.name) + " (lowered to tile)"
          : opts.tile.name;
  out.push_back(compare_level(c, "tile", t_text, t_name));
  // Target IR: through the level table's pass once it has one (the table says why not).
  const transforms::LevelInfo* target = transforms::lookup_level("target");
  if (target && target->pass) {
    const std::string name = t_name + " (lowered to target)";
    out.push_back(compare_level(c, "target", lower_text(t_text, t_name, target->pass), name));
    return out;
  }
  LevelVerdict tv;
  tv.level = "target";
  tv.message = target ? target->missing : "no target level";
  out.push_back(tv);
  return out;
}

}  // namespace tessera::interp
