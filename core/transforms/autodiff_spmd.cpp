// The shard_map boundary of a derivative program (docs/autodiff.md, "Collectives").
#include "core/transforms/autodiff_spmd.h"

#include <algorithm>
#include <optional>
#include <string>

#include "core/mesh/mesh.h"
#include "core/transforms/autodiff_builder.h"

namespace tessera::transforms::autodiff {
namespace {

using ir::Attr;
using mesh::Mesh;
using mesh::ShardSpec;

bool is_replicated(const ShardSpec& s) {
  if (!s.partial.empty()) return false;
  for (const auto& d : s.dim_axes)
    if (!d.empty()) return false;
  return true;
}

/// Mesh axes that shard none of the dims of `s` and hold no partial sum: its replica axes.
std::vector<int> replica_axes(const ShardSpec& s, const Mesh& m) {
  std::vector<int> out;
  for (int a = 0; a < static_cast<int>(m.axes.size()); ++a) {
    bool used = std::find(s.partial.begin(), s.partial.end(), a) != s.partial.end();
    for (const auto& d : s.dim_axes) used = used || std::count(d.begin(), d.end(), a) > 0;
    if (!used) out.push_back(a);
  }
  return out;
}

Attr dict_with_shard(const ShardSpec& s, const Mesh& m) {
  Attr d;
  d.kind = Attr::Kind::dict;
  if (!is_replicated(s)) d.dict.emplace_back("tessera.shard", mesh::shard_spec_attr(s, m));
  return d;
}

/// Moves the ops of `blk` from index `from` on to position `to` (keeping their order).
void move_ops(ir::Block& blk, size_t from, size_t to) {
  std::rotate(blk.ops.begin() + static_cast<std::ptrdiff_t>(to),
              blk.ops.begin() + static_cast<std::ptrdiff_t>(from), blk.ops.end());
}

}  // namespace

bool spmd_boundary(ir::Module& m, const ir::Op& primal, ir::Op& deriv,
                   const std::vector<size_t>& wrt, Mode mode, DiagnosticEngine& diag) {
  std::string err;
  std::optional<Mesh> mesh = mesh::read_mesh(m.op(), err);
  if (!mesh) {
    if (!err.empty()) diag.error(m.op().loc, "tessera.mesh: " + err);
    return err.empty();
  }
  const ir::Block& pb = primal.regions[0].front();
  ir::Block& body = deriv.regions[0].front();
  const std::vector<ir::Type> prets = ir::func_result_types(primal);
  std::vector<ShardSpec> arg_specs, ret_specs;
  for (size_t k = 0; k < pb.args.size(); ++k) {
    auto s = mesh::arg_shard_spec(primal, k, *mesh, err);
    if (!s) return diag.error(primal.loc, "tessera.shard: " + err), false;
    arg_specs.push_back(*s);
  }
  for (size_t k = 0; k < prets.size(); ++k) {
    auto s = mesh::result_shard_spec(primal, k, *mesh, err);
    if (!s) return diag.error(primal.loc, "tessera.result_shards: " + err), false;
    ret_specs.push_back(*s);
  }
  std::vector<size_t> float_rets;
  for (size_t k = 0; k < prets.size(); ++k)
    if (prets[k].is_tensor() && dtype_is_float(prets[k].dtype) && !dtype_is_complex(prets[k].dtype))
      float_rets.push_back(k);

  // Layouts of the derivative's parameters and results.
  std::vector<ShardSpec> in = arg_specs, out = ret_specs;
  if (mode == Mode::reverse) {
    for (size_t k : float_rets) {
      // Every addend of a partial result gets the whole cotangent: replicated over those axes.
      ShardSpec ct = ret_specs[k];
      ct.partial.clear();
      in.push_back(ct);
    }
    for (size_t w : wrt) {
      ShardSpec g = arg_specs[w];
      g.partial.clear();
      out.push_back(g);
    }
  } else {
    for (size_t w : wrt) in.push_back(arg_specs[w]);
    for (size_t k : float_rets) out.push_back(ret_specs[k]);
  }
  if (in.size() != body.args.size() || body.ops.empty() || body.ops.back()->name != "func.return" ||
      body.ops.back()->operands.size() != out.size()) {
    diag.error(deriv.loc, "autodiff: internal: the derivative of @" + ir::func_name(primal) +
                              " does not have the expected signature");
    return false;
  }
  std::vector<Attr> arg_attrs, res_attrs;
  for (const ShardSpec& s : in) arg_attrs.push_back(dict_with_shard(s, *mesh));
  bool sharded = false;
  for (const ShardSpec& s : out) {
    res_attrs.push_back(mesh::shard_spec_attr(s, *mesh));
    sharded = sharded || !is_replicated(s);
  }
  deriv.attrs.set("arg_attrs", Attr::array_attr(std::move(arg_attrs)));
  if (sharded) deriv.attrs.set("tessera.result_shards", Attr::array_attr(std::move(res_attrs)));
  if (mode != Mode::reverse) return true;

  Builder b(body, diag);
  b.set_loc(primal.loc);
  // Cotangents of replicated results: each replica's share is 1/R (exact for powers of two).
  for (size_t c = 0; c < float_rets.size(); ++c) {
    const ShardSpec& s = ret_specs[float_rets[c]];
    int64_t r = 1;
    for (int a : replica_axes(s, *mesh)) r *= mesh->shape[static_cast<size_t>(a)];
    if (r == 1) continue;
    ir::Value* ct = body.args[pb.args.size() + c].get();
    const size_t first = body.ops.size();
    ir::Value* share = b.scale(ct, 1.0 / static_cast<double>(r));
    if (!b.ok()) return false;
    for (size_t i = 0; i < first; ++i)
      for (ir::Value*& v : body.ops[i]->operands)
        if (v == ct) v = share;
    move_ops(body, first, 0);
  }
  // Gradients of parameters replicated over some axes: summed over them. A partial parameter's
  // addends each get the whole cotangent of their sum, so partial axes are not summed: the
  // gradient is the same on those ranks (laid out replicated there).
  ir::Op* ret = body.ops.back().get();
  const size_t ret_at = body.ops.size() - 1;
  for (size_t j = 0; j < wrt.size(); ++j) {
    std::vector<int> axes = replica_axes(arg_specs[wrt[j]], *mesh);
    if (axes.empty()) continue;
    std::vector<Attr> names;
    for (int a : axes) names.push_back(Attr::string_attr(mesh->axes[static_cast<size_t>(a)]));
    ir::AttrDict at;
    at.set("axes", Attr::array_attr(std::move(names)));
    at.set("op", Attr::string_attr("sum"));
    ir::Value*& g = ret->operands[prets.size() + j];
    g = b.emit1("tessera.all_reduce", {g}, std::move(at), {g->type});
    if (!b.ok()) return false;
  }
  // The return goes back to the end, after the sums.
  std::rotate(body.ops.begin() + static_cast<std::ptrdiff_t>(ret_at),
              body.ops.begin() + static_cast<std::ptrdiff_t>(ret_at) + 1, body.ops.end());
  return true;
}

}  // namespace tessera::transforms::autodiff
