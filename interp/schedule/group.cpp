// schedule.group: runs a fusion group following its schedule (docs/ops/schedule/group.md,
// "Execution"): the output is cut into tiles of the group's extents; tiles run one after the other
// in row-major order of the tile grid; each tile runs the group's Graph IR function on its
// operands' slices and its result is copied into the output at the tile's offset.
#include <algorithm>
#include <cstring>
#include <map>

#include "core/ops/registry.h"
#include "core/ops/schedule_util.h"
#include "interp/graph/kernel.h"
#include "interp/graph/plan.h"

namespace tessera::interp {

namespace {

namespace sched = ops::sched;

// Bytes per element, or 0 for packed formats (i4), which a group runs whole.
size_t elem_bytes(const Tensor& t) {
  if (t.numel() == 0) return 0;
  const size_t n = static_cast<size_t>(t.numel());
  return t.nbytes() % n == 0 ? t.nbytes() / n : 0;
}

// Copies the box (off, size) of `src` into `dst` at `dst_off` (both row-major; `into`: dst is the
// big tensor). One contiguous run per innermost row.
void copy_box(const Tensor& src, Tensor& dst, const std::vector<int64_t>& src_off,
              const std::vector<int64_t>& dst_off, const std::vector<int64_t>& size, size_t esz) {
  const size_t r = size.size();
  if (r == 0) {
    std::memcpy(dst.bytes(), src.bytes(), esz);
    return;
  }
  for (int64_t s : size)
    if (s == 0) return;
  std::vector<int64_t> idx(r, 0);
  auto flat = [&](const Tensor& t, const std::vector<int64_t>& off) {
    int64_t f = 0;
    for (size_t d = 0; d < r; ++d) f = f * t.dim(static_cast<int64_t>(d)) + off[d] + idx[d];
    return static_cast<size_t>(f) * esz;
  };
  const size_t run = static_cast<size_t>(size[r - 1]) * esz;
  while (true) {
    std::memcpy(dst.bytes() + flat(dst, dst_off), src.bytes() + flat(src, src_off), run);
    size_t d = r - 1;
    while (d > 0) {
      --d;
      if (++idx[d] < size[d]) break;
      idx[d] = 0;
      if (d == 0) return;
    }
    if (r == 1) return;
  }
}

Tensor slice_of(const Tensor& t, const sched::SliceDims& s, size_t esz) {
  if (s.size == t.shape()) return t;
  Tensor out(t.dtype(), s.size);
  copy_box(t, out, s.offset, std::vector<int64_t>(s.size.size(), 0), s.size, esz);
  return out;
}

void run_whole(KernelCtx& ctx, const ir::Op& callee, const RunContext& inner) {
  std::vector<ir::Type> types;
  std::vector<Tensor> args;
  for (const Tensor* t : ctx.in) {
    types.push_back(t->type());
    args.push_back(*t);
  }
  PlanOptions po;
  po.max_memory = ctx.run.max_memory;
  po.fuse = ctx.run.observer == nullptr;
  Plan plan = compile_plan(callee, types, *ctx.run.sm, po);
  auto results = run_plan(plan, args, inner);
  for (size_t k = 0; k < results.size() && k < ctx.out.size(); ++k) {
    if (results[k].shape() != ctx.output(k).shape() || results[k].dtype() != ctx.output(k).dtype())
      ctx.fail("result #" + std::to_string(k) + " of the group has type " +
               ir::to_string(results[k].type()));
    ctx.output(k) = results[k];
  }
}

}  // namespace

void kernel_ScheduleGroup(KernelCtx& ctx) {
  const ir::Attr* name = ctx.op.attrs.get("callee");
  const ir::Op* callee = name ? ctx.run.lookup_func(name->s) : nullptr;
  if (!callee) ctx.fail("callee not found (schedule_c1)");
  if (ctx.run.call_depth >= RunContext::kMaxCallDepth)
    ctx.fail("groups nest deeper than " + std::to_string(RunContext::kMaxCallDepth));
  const RunContext inner = ctx.run.nested_call();
  auto kind = sched::parse_group_kind(ctx.op.attrs.get_string("kind", ""));
  if (!kind) ctx.fail("unknown group kind (schedule_c2)");
  std::string err;
  const char* label = "schedule_c6";
  auto gp = sched::analyse_group(*callee, *kind, err, label);
  if (!gp) ctx.fail(err + " (" + label + ")");
  if (*kind == sched::GroupKind::whole || ctx.out.size() != 1)
    return run_whole(ctx, *callee, inner);
  Tensor& out = ctx.output(0);
  const size_t esz = elem_bytes(out);
  bool packed = esz == 0;
  for (const Tensor* t : ctx.in) packed |= elem_bytes(*t) == 0 && t->numel() != 0;
  if (packed || out.numel() == 0) return run_whole(ctx, *callee, inner);

  std::vector<int64_t> ts;
  if (const ir::Attr* a = ctx.op.attrs.get("tile_shape"))
    ts = a->as_int_array().value_or(std::vector<int64_t>{});
  const std::vector<int64_t> ext = sched::tile_extents(*kind, ts, out.shape());
  const size_t r = ext.size();
  std::vector<int64_t> grid(r);
  for (size_t d = 0; d < r; ++d) grid[d] = (out.shape()[d] + ext[d] - 1) / ext[d];
  PlanOptions po;
  po.max_memory = ctx.run.max_memory;
  po.fuse = ctx.run.observer == nullptr;
  std::map<std::vector<int64_t>, Plan> plans;  // by tile size (edge tiles differ)
  std::vector<int64_t> t(r, 0), off(r), sz(r);
  while (true) {
    for (size_t d = 0; d < r; ++d) {
      off[d] = t[d] * ext[d];
      sz[d] = std::min(ext[d], out.shape()[d] - off[d]);
    }
    std::vector<Tensor> args;
    std::vector<ir::Type> types;
    for (size_t i = 0; i < ctx.in.size(); ++i) {
      const Tensor& a = *ctx.in[i];
      args.push_back(slice_of(a, sched::arg_slice(*gp, i, a.shape(), off, sz), elem_bytes(a)));
      types.push_back(args.back().type());
    }
    auto it = plans.find(sz);
    if (it == plans.end())
      it = plans.emplace(sz, compile_plan(*callee, types, *ctx.run.sm, po)).first;
    auto res = run_plan(it->second, args, inner);
    if (res.size() != 1 || res[0].shape() != sz || res[0].dtype() != out.dtype())
      ctx.fail("a tile of the group computed " +
               (res.empty() ? std::string("nothing") : ir::to_string(res[0].type())) +
               " where the schedule expects " + ir::to_string(ir::Type::tensor(out.dtype(), sz)));
    copy_box(res[0], out, std::vector<int64_t>(r, 0), off, sz, esz);
    // Next tile, row-major over the grid.
    size_t d = r;
    while (d > 0) {
      --d;
      if (++t[d] < grid[d]) break;
      t[d] = 0;
      if (d == 0) return;
    }
    if (r == 0) return;
  }
}

}  // namespace tessera::interp
