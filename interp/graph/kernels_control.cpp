// Control flow in the Graph IR interpreter: scf.for / scf.if / scf.while (regions) and
// tessera.control_for / control_while / control_if / control_scan (function bodies); spec in
// docs/ops/graph/control-flow.md. A region runs as a plan compiled once per op execution for
// the concrete types of its block arguments and captured values; a body function runs as a plan
// compiled once per op execution as well. Loops stop with a diagnostic past --max-steps
// iterations (the same limit the tile simulator applies per group).
#include <cstring>

#include "core/ops/registry.h"
#include "interp/graph/control_payload.h"
#include "interp/graph/kernel.h"
#include "interp/graph/plan.h"

namespace tessera::interp {
namespace {

/// The type a value has at run time: its declared type for scalars (a 0-d tensor holds it),
/// the tensor's concrete type otherwise.
ir::Type run_type(const ir::Type& declared, const Tensor& t) {
  return declared.is_scalar() ? declared : t.type();
}

int64_t scalar_int(const Tensor& t) {
  int64_t v = 0;
  std::memcpy(&v, t.bytes(), static_cast<size_t>(dtype_bits(t.dtype()) / 8));
  return v;
}

/// A flag decides by its first element: true, or > 0 (NaN is false).
bool flag_value(const KernelCtx& c, const Tensor& f) {
  if (f.numel() < 1) c.fail("the flag is empty");
  switch (f.dtype()) {
    case DType::i1:
      return f.data<uint8_t>()[0] != 0;
    case DType::f32:
      return f.data<float>()[0] > 0.0f;
    case DType::f64:
      return f.data<double>()[0] > 0.0;
    default:
      c.fail(std::string("a flag of type ") + dtype_mlir_name(f.dtype()) + " cannot decide");
  }
}

Tensor index_scalar(int64_t v) {
  Tensor t(DType::index, {});
  std::memcpy(t.bytes(), &v, sizeof v);
  return t;
}

/// A region of ctx.op compiled for its block arguments (`args`) and the op's captures (the
/// inputs after its operands), ready to run repeatedly.
struct RegionRunner {
  Plan plan;
  std::vector<Tensor> captures;

  RegionRunner(const KernelCtx& c, const ir::Region& r, const std::vector<Tensor>& args) {
    const ir::Block& b = r.front();
    std::vector<const ir::Value*> vals;
    std::vector<ir::Type> types;
    for (size_t k = 0; k < b.args.size(); ++k) {
      vals.push_back(b.args[k].get());
      types.push_back(run_type(b.args[k]->type, args[k]));
    }
    const auto caps = region_captures(c.op);
    for (size_t k = 0; k < caps.size(); ++k) {
      const Tensor& t = c.input(c.op.operands.size() + k);
      vals.push_back(caps[k]);
      types.push_back(run_type(caps[k]->type, t));
      captures.push_back(t);
    }
    PlanOptions po;
    po.max_memory = c.run.max_memory;
    po.fuse = c.run.observer == nullptr;
    plan = compile_block_plan(b, vals, types, *c.run.sm, po);
  }
  std::vector<Tensor> run(const KernelCtx& c, std::vector<Tensor> args) const {
    args.insert(args.end(), captures.begin(), captures.end());
    return run_plan(plan, args, c.run);
  }
};

/// A function named by a symbol attribute, compiled for `args`.
Plan body_plan(const KernelCtx& c, const char* attr, const std::vector<Tensor>& args) {
  for (const char* p : {"body_opcodes", "cond_opcodes", "then_opcodes", "else_opcodes"})
    if (c.op.attrs.get(p))
      c.fail(std::string("the executable-payload form ('") + p +
             "') does not run here; give the body as a function");
  const ir::Attr* a = c.op.attrs.get(attr);
  const ir::Op* f = a ? c.run.lookup_func(a->s) : nullptr;
  if (!f) c.fail(std::string("'") + attr + "' does not name a function of the module");
  if (ir::is_declaration(*f))
    c.fail(std::string("'") + attr + "' names @" + a->s +
           ", a declaration without a body, which cannot run");
  if (c.run.call_depth >= RunContext::kMaxCallDepth)
    c.fail("calls nest deeper than " + std::to_string(RunContext::kMaxCallDepth));
  const ir::Block& entry = f->regions[0].front();
  if (entry.args.size() != args.size())
    c.fail("@" + a->s + " takes " + std::to_string(entry.args.size()) + " arguments, not " +
           std::to_string(args.size()));
  std::vector<ir::Type> types;
  for (size_t k = 0; k < args.size(); ++k) types.push_back(run_type(entry.args[k]->type, args[k]));
  PlanOptions po;
  po.max_memory = c.run.max_memory;
  po.fuse = c.run.observer == nullptr;
  return compile_plan(*f, types, *c.run.sm, po);
}

void check_steps(const KernelCtx& c, uint64_t n) {
  if (n > c.run.tile.max_steps)
    c.fail("loop runs more than " + std::to_string(c.run.tile.max_steps) +
           " iterations (--max-steps)");
}

/// Copies results into the op's outputs (their types were inferred by the plan).
void set_outputs(const KernelCtx& c, std::vector<Tensor> vals) {
  for (size_t k = 0; k < c.out.size(); ++k) {
    if (vals[k].shape() != c.output(k).shape() || vals[k].dtype() != c.output(k).dtype())
      c.fail("result #" + std::to_string(k) + " has type " + ir::to_string(vals[k].type()) +
             ", expected " + ir::to_string(c.output(k).type()));
    c.output(k) = std::move(vals[k]);
  }
}

}  // namespace

void kernel_ScfFor(KernelCtx& c) {
  const int64_t lb = scalar_int(c.input(0)), ub = scalar_int(c.input(1)),
                step = scalar_int(c.input(2));
  if (step <= 0) c.fail("scf.for step must be positive, got " + std::to_string(step));
  std::vector<Tensor> iters;
  for (size_t k = 3; k < c.op.operands.size(); ++k) iters.push_back(c.input(k));
  if (lb < ub) {
    const uint64_t trips =
        (static_cast<uint64_t>(ub) - static_cast<uint64_t>(lb) - 1) / static_cast<uint64_t>(step) +
        1;
    check_steps(c, trips);
    std::vector<Tensor> args{index_scalar(lb)};
    args.insert(args.end(), iters.begin(), iters.end());
    const RegionRunner body(c, c.op.regions[0], args);
    int64_t iv = lb;
    for (uint64_t t = 0; t < trips;
         ++t, iv = static_cast<int64_t>(static_cast<uint64_t>(iv) + static_cast<uint64_t>(step))) {
      args = {index_scalar(iv)};
      args.insert(args.end(), iters.begin(), iters.end());
      iters = body.run(c, std::move(args));
    }
  }
  set_outputs(c, std::move(iters));
}

void kernel_ScfIf(KernelCtx& c) {
  const bool cond = c.input(0).data<uint8_t>()[0] != 0;
  const ir::Region& r = c.op.regions[cond ? 0 : 1];
  const RegionRunner branch(c, r, {});
  set_outputs(c, branch.run(c, {}));
}

/// schedule.mesh.region (docs/ops/schedule/upstream-forms.md): on one device the
/// body runs once over whole tensors; the results are the values its schedule.yield names.
void kernel_SchedMeshRegion(KernelCtx& c) {
  const RegionRunner body(c, c.op.regions[0], {});
  set_outputs(c, body.run(c, {}));
}

void kernel_ScfWhile(KernelCtx& c) {
  std::vector<Tensor> vals;
  for (size_t k = 0; k < c.op.operands.size(); ++k) vals.push_back(c.input(k));
  const RegionRunner before(c, c.op.regions[0], vals);
  std::unique_ptr<RegionRunner> after;  // compiled on the first pass through it
  for (uint64_t n = 0;; ++n) {
    check_steps(c, n);
    std::vector<Tensor> cv = before.run(c, vals);
    const bool go = cv[0].data<uint8_t>()[0] != 0;
    std::vector<Tensor> passed(cv.begin() + 1, cv.end());
    if (!go) return set_outputs(c, std::move(passed));
    if (!after) after = std::make_unique<RegionRunner>(c, c.op.regions[1], passed);
    vals = after->run(c, std::move(passed));
  }
}

namespace {

/// The carried operand positions of control_for / control_while (control_*_c2).
std::vector<size_t> carried_positions(const KernelCtx& c) {
  std::vector<size_t> pos;
  if (const ir::Attr* a = c.op.attrs.get("carry_arg_index"))
    pos.push_back(static_cast<size_t>(a->i));
  else
    for (size_t k = 0; k < c.in.size(); ++k) pos.push_back(k);
  return pos;
}

std::vector<Tensor> all_inputs(const KernelCtx& c) {
  std::vector<Tensor> v;
  for (const Tensor* t : c.in) v.push_back(*t);
  return v;
}

/// control_while in the payload form (control_payload_c3): both @cond and @body are payloads
/// over the operands and then the live carry; @cond's value is the flag.
void control_while_payload(const KernelCtx& c, const std::vector<size_t>& pos) {
  if (!has_payload(c.op, "body") || !has_payload(c.op, "cond"))
    c.fail(
        "the payload form needs both 'body_opcodes' and 'cond_opcodes' to run "
        "(control_payload_c3)");
  std::vector<Tensor> ids = all_inputs(c);
  ids.push_back(c.input(pos.at(0)));
  const auto cond = payload_body(c, "cond", ids);
  const auto body = payload_body(c, "body", ids);
  const RunContext inner = c.run.nested_call();
  const int64_t max_iters = c.op.attrs.get_int("max_iters", 0);
  for (int64_t i = 0; i < max_iters; ++i) {
    check_steps(c, static_cast<uint64_t>(i));
    if (!flag_value(c, run_plan(cond->plan, ids, inner).at(0))) break;
    ids.back() = std::move(run_plan(body->plan, ids, inner)[0]);
  }
  set_outputs(c, {ids.back()});
}

}  // namespace

void kernel_ControlFor(KernelCtx& c) {
  const int64_t start = c.op.attrs.get_int("start", 0), stop = c.op.attrs.get_int("stop", 0),
                step = c.op.attrs.get_int("step", 1);
  const auto pos = carried_positions(c);
  std::vector<Tensor> args = all_inputs(c);
  if (start < stop) {
    const uint64_t trips = (static_cast<uint64_t>(stop) - static_cast<uint64_t>(start) - 1) /
                               static_cast<uint64_t>(step) +
                           1;
    check_steps(c, trips);
    const RunContext inner = c.run.nested_call();
    if (has_payload(c.op, "body")) {  // control_payload_c3: ids = operands, then the live carry
      std::vector<Tensor> ids = all_inputs(c);
      ids.push_back(args[pos.at(0)]);
      const auto body = payload_body(c, "body", ids);
      for (uint64_t t = 0; t < trips; ++t)
        ids.back() = std::move(run_plan(body->plan, ids, inner)[0]);
      args[pos[0]] = ids.back();
      return set_outputs(c, {args[pos[0]]});
    }
    const Plan body = body_plan(c, "body", args);
    for (uint64_t t = 0; t < trips; ++t) {
      auto next = run_plan(body, args, inner);
      for (size_t k = 0; k < pos.size(); ++k) args[pos[k]] = std::move(next[k]);
    }
  }
  std::vector<Tensor> out;
  for (size_t p : pos) out.push_back(args[p]);
  set_outputs(c, std::move(out));
}

void kernel_ControlWhile(KernelCtx& c) {
  const int64_t max_iters = c.op.attrs.get_int("max_iters", 0);
  const auto pos = carried_positions(c);
  std::vector<Tensor> args = all_inputs(c);
  // control_while_c4: @cond and @body take every operand, or the carried ones alone.
  auto carried_only = [&](const char* attr) {
    const ir::Op* f = c.run.lookup_func(c.op.attrs.get(attr)->s);
    const ir::Attr* ft = f ? f->attrs.get("function_type") : nullptr;
    return ft && ft->kind == ir::Attr::Kind::func_type && c.op.attrs.get("carry_arg_index") &&
           ft->elems[0].elems.size() == pos.size() && pos.size() < args.size();
  };
  auto args_for = [&](bool only) {
    if (!only) return args;
    std::vector<Tensor> v;
    for (size_t p : pos) v.push_back(args[p]);
    return v;
  };
  if (has_payload(c.op, "body") || has_payload(c.op, "cond")) return control_while_payload(c, pos);
  const bool cond_only = carried_only("cond"), body_only = carried_only("body");
  const Plan cond = body_plan(c, "cond", args_for(cond_only));
  const Plan body = body_plan(c, "body", args_for(body_only));
  const RunContext inner = c.run.nested_call();
  // The bound is checked first: @cond never runs once max_iters iterations are done.
  for (int64_t i = 0; i < max_iters; ++i) {
    check_steps(c, static_cast<uint64_t>(i));
    if (!flag_value(c, run_plan(cond, args_for(cond_only), inner).at(0))) break;
    auto next = run_plan(body, args_for(body_only), inner);
    for (size_t k = 0; k < pos.size(); ++k) args[pos[k]] = std::move(next[k]);
  }
  std::vector<Tensor> out;
  for (size_t p : pos) out.push_back(args[p]);
  set_outputs(c, std::move(out));
}

void kernel_ControlIf(KernelCtx& c) {
  const auto fi = static_cast<size_t>(c.op.attrs.get_int("flag_arg_index", 0));
  if (has_payload(c.op, "then")) {  // control_payload_c3: ids = every operand, the flag included
    const std::vector<Tensor> ids = all_inputs(c);
    const auto p = payload_body(c, flag_value(c, c.input(fi)) ? "then" : "else", ids);
    return set_outputs(c, run_plan(p->plan, ids, c.run.nested_call()));
  }
  std::vector<Tensor> args;
  for (size_t k = 0; k < c.in.size(); ++k)
    if (k != fi) args.push_back(c.input(k));
  const char* branch = flag_value(c, c.input(fi)) ? "then_branch" : "else_branch";
  // control_if_c2: a branch with fewer parameters takes the leading operands alone.
  if (const ir::Attr* a = c.op.attrs.get(branch))
    if (const ir::Op* f = c.run.lookup_func(a->s); f && !f->regions.empty() &&
                                                   !f->regions[0].empty() &&
                                                   f->regions[0].front().args.size() < args.size())
      args.resize(f->regions[0].front().args.size());
  const Plan p = body_plan(c, branch, args);
  set_outputs(c, run_plan(p, args, c.run.nested_call()));
}

void kernel_ControlScan(KernelCtx& c) {
  const int64_t trip = c.op.attrs.get_int("trip", 0);
  const Tensor& xs = c.input(1);
  if (xs.shape().empty() || xs.shape()[0] != trip)
    c.fail("xs has " + std::to_string(xs.shape().empty() ? 0 : xs.shape()[0]) +
           " slices but trip is " + std::to_string(trip) + " (control_scan_c2)");
  check_steps(c, static_cast<uint64_t>(trip));
  std::vector<int64_t> slice_shape(xs.shape().begin() + 1, xs.shape().end());
  const size_t xbytes = xs.nbytes() / static_cast<size_t>(trip);
  auto slice = [&](int64_t t) {
    Tensor s(xs.dtype(), slice_shape);
    std::memcpy(s.bytes(), xs.bytes() + static_cast<size_t>(t) * xbytes, xbytes);
    return s;
  };
  std::vector<Tensor> args = all_inputs(c);
  args[1] = slice(0);
  const Plan body = body_plan(c, "body", args);
  const RunContext inner = c.run.nested_call();
  Tensor& ys = c.output(1);
  const size_t ybytes = ys.nbytes() / static_cast<size_t>(trip);
  for (int64_t t = 0; t < trip; ++t) {
    args[1] = slice(t);
    auto r = run_plan(body, args, inner);
    if (r[1].nbytes() != ybytes || r[1].dtype() != ys.dtype())
      c.fail("body output y has type " + ir::to_string(r[1].type()) + ", not a slice of ys");
    std::memcpy(ys.bytes() + static_cast<size_t>(t) * ybytes, r[1].bytes(), ybytes);
    args[0] = std::move(r[0]);
  }
  if (args[0].shape() != c.output(0).shape() || args[0].dtype() != c.output(0).dtype())
    c.fail("the carry changed type to " + ir::to_string(args[0].type()));
  c.output(0) = std::move(args[0]);
}

}  // namespace tessera::interp
