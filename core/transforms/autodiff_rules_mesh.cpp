// Autodiff rules of the mesh collectives: JAX shard_map's transposition rules
// (docs/autodiff.md, "Collectives"). Every differentiable collective is linear in its operand,
// so its jvp is the op itself on the tangent and its vjp is the transposed collective.
#include "core/transforms/autodiff_rules_mesh.h"

#include <algorithm>
#include <initializer_list>
#include <optional>
#include <string>

#include "core/mesh/mesh.h"
#include "core/transforms/autodiff_builder.h"

namespace tessera::transforms::autodiff {
namespace {

using ir::Attr;
using ir::AttrDict;

const Attr* attr(const ir::Op& op, std::string_view name) { return op.attrs.get(name); }

/// A copy of attribute `name` of `op` (the verifier has checked its presence).
Attr copy_attr(const ir::Op& op, std::string_view name) {
  const Attr* a = attr(op, name);
  return a ? *a : Attr::unit_attr();
}

/// The group size n of `op`'s `axes` (product of the axes' sizes), or 0 after b.fail().
int64_t group_size(Builder& b, const ir::Op& op) {
  const ir::Op* module = mesh::enclosing_module(op);
  std::string err;
  std::optional<mesh::Mesh> m = module ? mesh::read_mesh(*module, err) : std::nullopt;
  std::optional<std::vector<int>> axes =
      m ? mesh::read_axes(attr(op, "axes"), *m, err) : std::nullopt;
  if (!axes) {
    b.fail("'" + op.name + "': cannot read the mesh axes to differentiate it" +
           (err.empty() ? std::string() : ": " + err));
    return 0;
  }
  int64_t n = 1;
  for (int a : *axes) n *= m->shape[static_cast<size_t>(a)];
  return n;
}

/// The reduction of a sum-like collective: "sum" or "avg" (both linear); anything else has no
/// derivative here (JAX defines none for pmax / pmin / a product over ranks either).
bool linear_reduction(Builder& b, const ir::Op& op, bool& avg) {
  const std::string kind = op.attrs.get_string("op", "");
  avg = kind == "avg";
  if (kind == "sum" || avg) return true;
  b.fail("'" + op.name + "' with op = \"" + kind +
         "\" has no derivative (only \"sum\" and \"avg\" are linear; JAX differentiates psum "
         "and pmean only)");
  return false;
}

/// `op`'s `axes` and copies of its attributes `names`.
AttrDict with_axes(const ir::Op& op, std::initializer_list<std::string_view> names = {}) {
  AttrDict a;
  a.set("axes", copy_attr(op, "axes"));
  for (std::string_view n : names) a.set(std::string(n), copy_attr(op, n));
  return a;
}

/// The transposed collective: dx = `name`(dy) with the attributes `a` and x's type; with
/// `avg`, times 1/n (an average over a group of n ranks transposes to a copy scaled by 1/n).
bool transpose_to(VjpCtx& c, const char* name, AttrDict a, bool avg = false) {
  ir::Value* g = c.b.emit1(name, {c.dy[0]}, std::move(a), {c.x[0]->type});
  if (avg) {
    const int64_t n = group_size(c.b, c.op);
    if (n == 0) return false;
    g = c.b.scale(g, 1.0 / static_cast<double>(n));
  }
  c.dx[0] = g;
  return c.b.ok();
}

/// Every differentiable collective is linear: its tangent is the same op on the tangent.
bool jvp_same_op(JvpCtx& c) {
  if (c.op.name == "tessera.all_reduce" || c.op.name == "tessera.reduce_scatter" ||
      c.op.name == "tessera.collective_reduce") {
    bool avg = false;
    if (!linear_reduction(c.b, c.op, avg)) return false;
  }
  c.dy.assign(1, nullptr);
  if (c.dx.empty() || c.dx[0] == nullptr) return true;  // zero in, zero out
  c.dy[0] = c.b.copy(c.op, {c.dx[0]}).at(0);
  return c.b.ok();
}

// all_reduce(sum): psum's transpose is psum (JAX with check_vma=False: cotangents are per-rank
// values, and a replicated result's cotangent is split among its replicas where it is seeded).
// avg: y = (1/n) J x with J all ones, symmetric, so the transpose is the same op.
bool vjp_all_reduce(VjpCtx& c) {
  bool avg = false;
  if (!linear_reduction(c.b, c.op, avg)) return false;
  AttrDict a = with_axes(c.op);
  a.set("op", Attr::string_attr(avg ? "avg" : "sum"));
  return transpose_to(c, "tessera.all_reduce", std::move(a));
}

// all_gather(dim) <-> reduce_scatter(sum, dim): the same dim and block order.
bool vjp_all_gather(VjpCtx& c) {
  AttrDict a = with_axes(c.op, {"dim"});
  a.set("op", Attr::string_attr("sum"));
  return transpose_to(c, "tessera.reduce_scatter", std::move(a));
}

bool vjp_reduce_scatter(VjpCtx& c) {
  bool avg = false;
  if (!linear_reduction(c.b, c.op, avg)) return false;
  return transpose_to(c, "tessera.all_gather", with_axes(c.op, {"dim"}), avg);
}

// all_to_all(split s, concat c) transposes to all_to_all(split c, concat s).
bool vjp_all_to_all(VjpCtx& c) {
  AttrDict a = with_axes(c.op);
  a.set("split_dim", copy_attr(c.op, "concat_dim"));
  a.set("concat_dim", copy_attr(c.op, "split_dim"));
  return transpose_to(c, "tessera.all_to_all", std::move(a));
}

/// `pairs` with source and destination swapped (the inverse permutation).
Attr inverse_pairs(const ir::Op& op) {
  std::vector<Attr> out;
  if (const Attr* p = attr(op, "pairs"))
    for (const Attr& pr : p->elems)
      if (pr.elems.size() == 2) out.push_back(Attr::array_attr({pr.elems[1], pr.elems[0]}));
  return Attr::array_attr(std::move(out));
}

// ppermute(perm) -> ppermute(inverse perm); a rank that no pair reaches got zeros, so its
// operand (a rank that is no source) gets a zero cotangent, which the inverse gives it.
bool vjp_ppermute(VjpCtx& c) {
  AttrDict a = with_axes(c.op);
  a.set("pairs", inverse_pairs(c.op));
  return transpose_to(c, "tessera.ppermute", std::move(a));
}

// collective_broadcast(root) <-> collective_reduce(sum, root): y_g = x_root, so x_root's
// cotangent is the sum of every rank's, and the other ranks' operands (never read) get zeros,
// which is what collective_reduce leaves off the root.
bool vjp_broadcast(VjpCtx& c) {
  AttrDict a = with_axes(c.op, {"root"});
  a.set("op", Attr::string_attr("sum"));
  return transpose_to(c, "tessera.collective_reduce", std::move(a));
}

bool vjp_reduce(VjpCtx& c) {
  bool avg = false;
  if (!linear_reduction(c.b, c.op, avg)) return false;
  return transpose_to(c, "tessera.collective_broadcast", with_axes(c.op, {"root"}), avg);
}

// collective_gather(dim, root) <-> collective_scatter(dim, root).
bool vjp_gather(VjpCtx& c) {
  return transpose_to(c, "tessera.collective_scatter", with_axes(c.op, {"dim", "root"}));
}

bool vjp_scatter(VjpCtx& c) {
  return transpose_to(c, "tessera.collective_gather", with_axes(c.op, {"dim", "root"}));
}

/// The layout of the cotangent of a value laid out as `s` (docs/autodiff.md, "redistribute"):
/// the same sharded dims; its replica axes become partial (a replicated value's cotangent is
/// split among the replicas) and its partial axes replicated (each addend of a partial sum gets
/// the whole cotangent).
mesh::ShardSpec dual_spec(const mesh::ShardSpec& s, const mesh::Mesh& m) {
  mesh::ShardSpec d{s.dim_axes, {}};
  for (int a = 0; a < static_cast<int>(m.axes.size()); ++a) {
    bool used = std::find(s.partial.begin(), s.partial.end(), a) != s.partial.end();
    for (const auto& dim : s.dim_axes) used = used || std::count(dim.begin(), dim.end(), a) > 0;
    if (!used) d.partial.push_back(a);
  }
  return d;
}

// redistribute(src -> dst) is the identity on the global value, so its transpose moves the
// cotangent back: redistribute(dual(dst) -> dual(src)). S -> R (a gather) transposes to
// P -> S (a reduce_scatter), P -> R (a psum) to P -> R, R -> S (a chunk) to S -> P.
bool vjp_redistribute(VjpCtx& c) {
  const ir::Op* module = mesh::enclosing_module(c.op);
  std::string err;
  std::optional<mesh::Mesh> m = module ? mesh::read_mesh(*module, err) : std::nullopt;
  const size_t rank = c.x[0]->type.shape.size();
  const Attr* src_a = attr(c.op, "src");
  const Attr* dst_a = attr(c.op, "dst");
  std::optional<mesh::ShardSpec> src, dst;
  if (m && src_a && dst_a) {
    src = mesh::read_shard_spec(*src_a, *m, rank, err);
    if (src) dst = mesh::read_shard_spec(*dst_a, *m, rank, err);
  }
  if (!src || !dst) {
    c.b.fail("'tessera.redistribute': cannot read the mesh or the layouts to differentiate it" +
             (err.empty() ? std::string() : ": " + err));
    return false;
  }
  AttrDict a;
  a.set("src", mesh::shard_spec_attr(dual_spec(*dst, *m), *m));
  a.set("dst", mesh::shard_spec_attr(dual_spec(*src, *m), *m));
  return transpose_to(c, "tessera.redistribute", std::move(a));
}

/// The attributes of a message op: `axes`, `pairs` (reversed when asked), `channel` plus
/// `channel_offset`, and the trace `label` when there is one.
AttrDict message_attrs(const ir::Op& op, bool reverse, int64_t channel_offset) {
  AttrDict a = with_axes(op);
  a.set("pairs", reverse ? inverse_pairs(op) : copy_attr(op, "pairs"));
  a.set("channel", Attr::integer_attr(op.attrs.get_int("channel", 0) + channel_offset));
  if (const Attr* l = attr(op, "label")) a.set("label", *l);
  return a;
}

/// Tangents travel on their own channels, so a tangent message never overtakes a primal one
/// that the same pair of ranks posted on the same channel (FIFO per channel).
constexpr int64_t kTangentChannel = int64_t{1} << 40;

}  // namespace

// send -> recv from the destination back to the source: the send operand's cotangent. Emitted
// even when the operand wants none, to take the message the recv's transpose posted.
bool vjp_Send(VjpCtx& c) {
  c.dx.assign(c.x.size(), nullptr);
  if (c.x.empty()) return true;
  ir::Value* g = c.b.emit1("tessera.recv", {}, message_attrs(c.op, true, 0), {c.x[0]->type});
  if (c.wants(0)) c.dx[0] = g;
  return c.b.ok();
}

// recv -> send of the result's cotangent (zeros when none reached it) back to the source. The
// reverse sweep meets the recv first, so this message is posted before vjp_Send takes it.
bool vjp_Recv(VjpCtx& c) {
  if (c.y.empty()) return true;
  ir::Value* ct = !c.dy.empty() && c.dy[0] ? c.dy[0] : c.b.zeros(c.y[0]->type);
  c.b.emit("tessera.send", {ct}, message_attrs(c.op, true, 0), {});
  return c.b.ok();
}

bool jvp_Send(JvpCtx& c) {
  if (c.x.empty()) return true;
  ir::Value* t = !c.dx.empty() && c.dx[0] ? c.dx[0] : c.b.zeros(c.x[0]->type);
  c.b.emit("tessera.send", {t}, message_attrs(c.op, false, kTangentChannel), {});
  return c.b.ok();
}

bool jvp_Recv(JvpCtx& c) {
  c.dy.assign(c.y.size(), nullptr);
  if (c.y.empty()) return true;
  c.dy[0] =
      c.b.emit1("tessera.recv", {}, message_attrs(c.op, false, kTangentChannel), {c.y[0]->type});
  return c.b.ok();
}

namespace {

/// The vjp of a one-operand collective runs only when its operand wants a cotangent and its
/// result has a nonzero one (a zero cotangent transposes to zero).
template <bool (*F)(VjpCtx&)>
bool guarded(VjpCtx& c) {
  if (c.dx.size() < c.x.size()) c.dx.resize(c.x.size(), nullptr);
  if (c.x.empty() || !c.wants(0) || c.dy.empty() || c.dy[0] == nullptr) return true;
  return F(c);
}

}  // namespace

bool vjp_AllReduce(VjpCtx& c) { return guarded<vjp_all_reduce>(c); }
bool jvp_AllReduce(JvpCtx& c) { return jvp_same_op(c); }
bool vjp_AllGather(VjpCtx& c) { return guarded<vjp_all_gather>(c); }
bool jvp_AllGather(JvpCtx& c) { return jvp_same_op(c); }
bool vjp_ReduceScatter(VjpCtx& c) { return guarded<vjp_reduce_scatter>(c); }
bool jvp_ReduceScatter(JvpCtx& c) { return jvp_same_op(c); }
bool vjp_AllToAll(VjpCtx& c) { return guarded<vjp_all_to_all>(c); }
bool jvp_AllToAll(JvpCtx& c) { return jvp_same_op(c); }
bool vjp_Ppermute(VjpCtx& c) { return guarded<vjp_ppermute>(c); }
bool jvp_Ppermute(JvpCtx& c) { return jvp_same_op(c); }
bool vjp_CollectiveBroadcast(VjpCtx& c) { return guarded<vjp_broadcast>(c); }
bool jvp_CollectiveBroadcast(JvpCtx& c) { return jvp_same_op(c); }
bool vjp_CollectiveReduce(VjpCtx& c) { return guarded<vjp_reduce>(c); }
bool jvp_CollectiveReduce(JvpCtx& c) { return jvp_same_op(c); }
bool vjp_CollectiveGather(VjpCtx& c) { return guarded<vjp_gather>(c); }
bool jvp_CollectiveGather(JvpCtx& c) { return jvp_same_op(c); }
bool vjp_CollectiveScatter(VjpCtx& c) { return guarded<vjp_scatter>(c); }
bool jvp_CollectiveScatter(JvpCtx& c) { return jvp_same_op(c); }
bool vjp_Redistribute(VjpCtx& c) { return guarded<vjp_redistribute>(c); }
bool jvp_Redistribute(JvpCtx& c) { return jvp_same_op(c); }

}  // namespace tessera::transforms::autodiff
