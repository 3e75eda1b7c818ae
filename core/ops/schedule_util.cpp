// Schedule IR structure: group kinds, parameter roles, tile grids (docs/ops/schedule/group.md).
#include "core/ops/schedule_util.h"

#include <algorithm>

#include "core/ops/registry.h"

namespace tessera::ops::sched {

namespace {

constexpr std::pair<GroupKind, const char*> kKinds[] = {
    {GroupKind::gemm, "gemm"},
    {GroupKind::conv, "conv"},
    {GroupKind::attention, "attention"},
    {GroupKind::row, "row"},
    {GroupKind::elementwise, "elementwise"},
    {GroupKind::whole, "whole"},
};

bool is_row_op(std::string_view n) {
  return n == "tessera.softmax" || n == "tessera.log_softmax" || n == "tessera.layer_norm" ||
         n == "tessera.rmsnorm";
}

const char* anchor_name(GroupKind k) {
  switch (k) {
    case GroupKind::gemm:
      return "tessera.matmul";
    case GroupKind::conv:
      return "tessera.conv2d_nhwc";
    case GroupKind::attention:
      return "tessera.flash_attn";
    default:
      return nullptr;
  }
}

bool fail(std::string& err, const char*& label, std::string msg, const char* lab) {
  err = std::move(msg);
  label = lab;
  return false;
}

// The anchor's kind-specific checks (schedule_c6).
bool check_anchor(GroupKind kind, const ir::Op& a, std::string& err, const char*& label) {
  if (const char* want = anchor_name(kind); want && a.name != want)
    return fail(err, label,
                std::string("a '") + group_kind_name(kind) + "' group starts with " + want +
                    ", not " + a.name,
                "schedule_c6");
  if (kind == GroupKind::gemm)
    for (const ir::Value* v : a.operands)
      if (v->type.rank() < 2)
        return fail(err, label, "a 'gemm' group needs matmul operands of rank >= 2", "schedule_c6");
  if (kind == GroupKind::attention)
    for (const ir::Value* v : a.operands)
      if (v->type.rank() != 4)
        return fail(err, label, "an 'attention' group needs flash_attn operands of rank 4",
                    "schedule_c6");
  if (kind == GroupKind::row) {
    if (!is_row_op(a.name))
      return fail(
          err, label,
          "a 'row' group starts with softmax, log_softmax, layer_norm or rmsnorm, not " + a.name,
          "schedule_c6");
    const int64_t rank = a.operands[0]->type.rank();
    int64_t axis = a.attrs.get_int("axis", -1);
    if (axis < 0) axis += rank;
    if (axis != rank - 1)
      return fail(err, label, "a 'row' group normalises along the last axis", "schedule_c6");
  }
  if (kind == GroupKind::elementwise && !(a.def && a.def->has(kElementwise)))
    return fail(err, label, "an 'elementwise' group starts with an elementwise op, not " + a.name,
                "schedule_c6");
  return true;
}

ArgRole anchor_role(GroupKind kind, size_t pos, GroupPlan& plan) {
  switch (kind) {
    case GroupKind::gemm:
      return pos == 0 ? ArgRole::gemm_a : ArgRole::gemm_b;
    case GroupKind::conv:
      plan.batch_dims = 1;
      return pos == 0 ? ArgRole::batch : ArgRole::whole;
    case GroupKind::attention:
      plan.batch_dims = 2;
      return ArgRole::batch;
    case GroupKind::row:
    case GroupKind::elementwise:
      return ArgRole::tiled;
    case GroupKind::whole:
      break;
  }
  return ArgRole::whole;
}

}  // namespace

std::optional<GroupKind> parse_group_kind(std::string_view s) {
  for (const auto& [k, n] : kKinds)
    if (s == n) return k;
  return std::nullopt;
}

const char* group_kind_name(GroupKind k) {
  for (const auto& [kk, n] : kKinds)
    if (kk == k) return n;
  return "?";
}

std::optional<GroupPlan> analyse_group(const ir::Op& callee, GroupKind kind, std::string& err,
                                       const char*& label) {
  GroupPlan plan;
  plan.kind = kind;
  if (callee.regions.empty() || callee.regions[0].empty()) {
    fail(err, label, "the group's function has no body", "schedule_c1");
    return std::nullopt;
  }
  const ir::Block& body = callee.regions[0].front();
  plan.roles.assign(body.args.size(), ArgRole::whole);
  std::vector<const ir::Op*> ops;
  const ir::Op* ret = nullptr;
  for (const auto& o : body.ops) {
    if (o->name == "func.return") {
      ret = o.get();
      continue;
    }
    // schedule_c6: a group's function holds Graph IR only.
    if (!o->def || o->def->level != Level::graph || !o->regions.empty()) {
      fail(err, label, "the group's function holds Graph IR ops only, not " + o->name,
           "schedule_c6");
      return std::nullopt;
    }
    ops.push_back(o.get());
  }
  if (!ops.empty()) plan.anchor = ops.front();
  if (kind == GroupKind::whole) return plan;
  if (!plan.anchor || !ret) {
    fail(err, label, "a tiled group's function has an anchor op and returns", "schedule_c6");
    return std::nullopt;
  }
  if (!check_anchor(kind, *plan.anchor, err, label)) return std::nullopt;
  // schedule_c7: one result, the anchor's shape, produced by elementwise epilogue ops.
  const std::vector<int64_t>& shape = plan.anchor->result(0)->type.shape;
  if (ret->operands.size() != 1 || ret->operands[0]->type.shape != shape) {
    fail(err, label, "a tiled group returns one value shaped like its anchor's result",
         "schedule_c7");
    return std::nullopt;
  }
  for (size_t k = 1; k < ops.size(); ++k)
    if (!ops[k]->def->has(kElementwise) || ops[k]->result(0)->type.shape != shape) {
      fail(err, label,
           "the epilogue op " + ops[k]->name + " of a tiled group must be elementwise with the " +
               "anchor's result shape",
           "schedule_c7");
      return std::nullopt;
    }
  std::vector<int> anchor_use(body.args.size(), -1), other_use(body.args.size(), 0);
  for (size_t p = 0; p < plan.anchor->operands.size(); ++p) {
    const ir::Value* v = plan.anchor->operands[p];
    if (!v->def && v->owner == &body)
      anchor_use[static_cast<size_t>(v->index)] = static_cast<int>(p);
  }
  for (size_t k = 1; k < ops.size(); ++k)
    for (const ir::Value* v : ops[k]->operands)
      if (!v->def && v->owner == &body) other_use[static_cast<size_t>(v->index)] = 1;
  for (size_t i = 0; i < body.args.size(); ++i) {
    if (anchor_use[i] >= 0) {
      plan.roles[i] = anchor_role(kind, static_cast<size_t>(anchor_use[i]), plan);
      if (other_use[i] && plan.roles[i] != ArgRole::tiled) {
        fail(err, label,
             "parameter #" + std::to_string(i) +
                 " is sliced for the anchor and cannot also feed the epilogue",
             "schedule_c7");
        return std::nullopt;
      }
    } else if (other_use[i]) {
      plan.roles[i] = ArgRole::tiled;
    }
  }
  return plan;
}

std::vector<int64_t> tile_extents(GroupKind kind, const std::vector<int64_t>& tile_shape,
                                  const std::vector<int64_t>& out) {
  std::vector<int64_t> ext = out;
  const size_t r = out.size();
  if (kind == GroupKind::gemm && r >= 2 && tile_shape.size() == 3) {
    for (size_t d = 0; d + 2 < r; ++d) ext[d] = std::min<int64_t>(1, out[d]);
    ext[r - 2] = std::min(tile_shape[0], out[r - 2]);
    ext[r - 1] = std::min(tile_shape[1], out[r - 1]);
  } else if (kind != GroupKind::whole && kind != GroupKind::gemm && tile_shape.size() == r) {
    for (size_t d = 0; d < r; ++d) ext[d] = std::min(tile_shape[d], out[d]);
    // attention tiles (batch, head) and conv the batch: the rest of a tile is whole.
    const size_t whole_from = kind == GroupKind::attention ? 2 : kind == GroupKind::conv ? 1 : r;
    for (size_t d = whole_from; d < r; ++d) ext[d] = out[d];
  }
  for (int64_t& e : ext) e = std::max<int64_t>(e, 1);
  return ext;
}

SliceDims arg_slice(const GroupPlan& plan, size_t arg, const std::vector<int64_t>& shape,
                    const std::vector<int64_t>& off, const std::vector<int64_t>& sz) {
  SliceDims s;
  const int64_t r = static_cast<int64_t>(shape.size());
  const int64_t out_r = static_cast<int64_t>(off.size());
  s.offset.assign(shape.size(), 0);
  s.size = shape;
  auto follow = [&](int64_t d, int64_t od) {
    if (od < 0 || od >= out_r || shape[static_cast<size_t>(d)] == 1) return;
    s.offset[static_cast<size_t>(d)] = off[static_cast<size_t>(od)];
    s.size[static_cast<size_t>(d)] = sz[static_cast<size_t>(od)];
  };
  const ArgRole role = plan.roles[arg];
  switch (role) {
    case ArgRole::tiled:
      for (int64_t d = 0; d < r; ++d) follow(d, d + out_r - r);
      break;
    case ArgRole::gemm_a:
    case ArgRole::gemm_b: {
      for (int64_t d = 0; d + 2 < r; ++d) follow(d, d + out_r - r);
      const bool a = role == ArgRole::gemm_a;
      const bool t = plan.anchor->attrs.get_bool(a ? "transpose_a" : "transpose_b", false);
      const int64_t d = a ? (t ? r - 1 : r - 2) : (t ? r - 2 : r - 1);
      s.offset[static_cast<size_t>(d)] = off[static_cast<size_t>(out_r - (a ? 2 : 1))];
      s.size[static_cast<size_t>(d)] = sz[static_cast<size_t>(out_r - (a ? 2 : 1))];
      break;
    }
    case ArgRole::batch:
      for (int64_t d = 0; d < std::min<int64_t>(plan.batch_dims, r); ++d) follow(d, d);
      break;
    case ArgRole::whole:
      break;
  }
  return s;
}

}  // namespace tessera::ops::sched
