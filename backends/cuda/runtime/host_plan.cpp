// The host program of a lowered module as launch steps.
#include "backends/cuda/runtime/host_plan.h"

#include <map>
#include <optional>

#include "backends/cuda/codegen/codegen.h"
#include "backends/cuda/runtime/failure.h"

namespace tessera::cuda {
namespace {

[[noreturn]] void invalid(const SourceManager& sm, const ir::Op& op, const std::string& message) {
  throw Failure(TESSERA_ERROR_INVALID_ARGUMENT, at_op(sm, op, message));
}

TensorSpec tensor_spec(const SourceManager& sm, const ir::Op& at, const ir::Type& t) {
  if (!t.is_tensor() || !t.has_static_shape())
    throw Failure(
        TESSERA_ERROR_UNIMPLEMENTED,
        at_op(sm, at, "the CUDA backend runs host programs on statically shaped tensors only"));
  return TensorSpec{t.dtype, t.shape};
}

std::array<unsigned, 3> dims3(const SourceManager& sm, const ir::Op& op, const char* key,
                              const std::array<int64_t, 3>& limit) {
  const ir::Attr* a = op.attrs.get(key);
  auto v = a ? a->as_int_array() : std::nullopt;
  if (!v || v->empty() || v->size() > 3)
    invalid(sm, op, std::string("needs '") + key + "' of 1 to 3 positive sizes (tnv_launch_c2)");
  std::array<unsigned, 3> out{1, 1, 1};
  for (size_t i = 0; i < v->size(); ++i) {
    if ((*v)[i] < 1 || (*v)[i] > limit[i])
      invalid(sm, op,
              std::string("'") + key + "' size " + std::to_string((*v)[i]) + " is outside [1, " +
                  std::to_string(limit[i]) + "] (tnv_launch_c2)");
    out[i] = static_cast<unsigned>((*v)[i]);
  }
  return out;
}

LaunchStep launch_step(const SourceManager& sm, const ir::Op& op,
                       std::map<const ir::Value*, int>& slots, int& next_slot) {
  LaunchStep s;
  s.where = format_location(&sm, op.loc);
  const ir::Op* callee = ir::lookup_callee(op);
  if (callee == nullptr || ir::is_declaration(*callee))
    invalid(sm, op, "callee not found (tnv_launch_c1)");
  s.symbol = kernel_symbol(ir::func_name(*callee));
  // CUDA limits: grid.x < 2^31, grid.y/z < 2^16; a block holds at most 1024 threads.
  s.grid = dims3(sm, op, "grid", {(int64_t{1} << 31) - 1, 65535, 65535});
  s.block = dims3(sm, op, "block", {1024, 1024, 64});
  if (uint64_t{s.block[0]} * s.block[1] * s.block[2] > 1024)
    invalid(sm, op, "a block holds at most 1024 threads (tnv_launch_c2)");
  const ir::Block& body = callee->regions[0].front();
  if (body.args.size() != op.operands.size() + op.num_results())
    invalid(sm, op, "the launch does not bind the callee's parameters (tnv_launch_c3)");
  for (const auto& arg : body.args) {
    const ir::Type& t = arg->type;
    if (!t.is_memref() && !t.is_scalar())
      throw Failure(TESSERA_ERROR_UNIMPLEMENTED,
                    at_op(sm, *callee,
                          "kernel parameter %" + arg->name + " is neither a memref nor a scalar"));
    s.params.push_back(ParamSpec{t.is_memref(), t.dtype, t.shape});
  }
  for (const ir::Value* v : op.operands) {
    auto it = slots.find(v);
    if (it == slots.end()) invalid(sm, op, "operand defined outside the host function");
    s.operands.push_back(it->second);
  }
  for (size_t r = 0; r < op.num_results(); ++r) {
    s.result_types.push_back(tensor_spec(sm, op, op.result(r)->type));
    slots[op.result(r)] = next_slot;
    s.results.push_back(next_slot++);
  }
  return s;
}

/// Why host op `o` cannot run: what it stands for, and the lowering's own reason when it gave one.
std::string not_lowered_text(const ir::Op& o) {
  std::string what;
  for (const ir::Op* g : grouped_ops(o)) what += (what.empty() ? "" : ", ") + g->name;
  std::string text = "the CUDA backend cannot run " + what +
                     ": it stays in the host function after lowering to Target IR (only "
                     "tessera_nvidia.launch runs on the device)";
  if (const ir::Attr* why = o.attrs.get("schedule.not_lowered");
      why && why->kind == ir::Attr::Kind::string)
    text += "; lowering: " + why->s;
  return text;
}

/// A host op that only renames bytes: a `tessera.reshape` between static tensors of one element
/// type and element count (docs/ops/graph: a reshape keeps the row-major order of the elements).
bool is_byte_copy(const ir::Op& o) {
  if (o.name != "tessera.reshape" || o.operands.size() != 1 || o.num_results() != 1) return false;
  const ir::Type& a = o.operands[0]->type;
  const ir::Type& r = o.result(0)->type;
  if (!a.is_tensor() || !r.is_tensor() || a.dtype != r.dtype) return false;
  auto count = [](const ir::Type& t) -> std::optional<int64_t> {
    int64_t n = 1;
    for (int64_t d : t.shape)
      if (d < 0 || __builtin_mul_overflow(n, d, &n)) return std::nullopt;
    return n;
  };
  auto na = count(a), nr = count(r);
  return na && nr && *na == *nr;
}

/// A host op whose results are all static tensors of zero elements: nothing to compute (an
/// empty result of any op is the empty tensor; schedule-to-tile leaves `tessera.constant`s).
bool only_empty_results(const ir::Op& o) {
  if (o.num_results() == 0) return false;
  for (size_t r = 0; r < o.num_results(); ++r) {
    const ir::Type& t = o.result(r)->type;
    std::optional<int64_t> n = t.num_elements();
    if (!t.is_tensor() || !t.has_static_shape() || !n || *n != 0) return false;
  }
  return true;
}

/// A host op a library carries out, or nullptr.
std::shared_ptr<const LibraryKernel> library_kernel(const LibraryHooks* library, const ir::Op& op,
                                                    int sm_version) {
  if (library == nullptr || library->try_library_kernel == nullptr) return nullptr;
  return library->try_library_kernel(op, sm_version);
}

}  // namespace

HostPlan build_host_plan(const ir::Module& module, const std::string& entry,
                         const SourceManager& sm, const LibraryHooks* library, int sm_version) {
  const ir::Op* f = module.lookup_func(entry);
  if (f == nullptr || ir::is_declaration(*f))
    throw Failure(TESSERA_ERROR_INVALID_ARGUMENT, "compile: no function @" + entry + " to run");
  if (f->regions[0].blocks.size() != 1)
    throw Failure(TESSERA_ERROR_UNIMPLEMENTED,
                  at_op(sm, *f, "the CUDA backend runs single-block host functions only"));
  HostPlan plan;
  std::map<const ir::Value*, int> slots;
  const ir::Block& body = f->regions[0].front();
  for (const auto& a : body.args) {
    plan.inputs.push_back(tensor_spec(sm, *f, a->type));
    slots[a.get()] = plan.num_slots++;
  }
  for (const auto& o : body.ops) {
    if (o->name == "tessera_nvidia.launch") {
      plan.steps.push_back(launch_step(sm, *o, slots, plan.num_slots));
      if (o->attrs.get("schedule.group") != nullptr)
        plan.steps.back().library = library_kernel(library, *o, sm_version);
    } else if (o->name == "func.return") {
      for (const ir::Value* v : o->operands) {
        auto it = slots.find(v);
        if (it == slots.end()) invalid(sm, *o, "returns a value defined outside the function");
        plan.returns.push_back(it->second);
      }
    } else if (is_byte_copy(*o)) {
      LaunchStep s;
      s.copy = true;
      s.where = format_location(&sm, o->loc);
      auto it = slots.find(o->operands[0]);
      if (it == slots.end()) invalid(sm, *o, "operand defined outside the host function");
      s.operands.push_back(it->second);
      s.result_types.push_back(tensor_spec(sm, *o, o->result(0)->type));
      slots[o->result(0)] = plan.num_slots;
      s.results.push_back(plan.num_slots++);
      plan.steps.push_back(std::move(s));
    } else if (only_empty_results(*o)) {
      LaunchStep s;
      s.empty = true;
      s.where = format_location(&sm, o->loc);
      for (size_t r = 0; r < o->num_results(); ++r) {
        s.result_types.push_back(tensor_spec(sm, *o, o->result(r)->type));
        slots[o->result(r)] = plan.num_slots;
        s.results.push_back(plan.num_slots++);
      }
      plan.steps.push_back(std::move(s));
    } else if (auto lib = library_kernel(library, *o, sm_version)) {
      LaunchStep s;
      s.library = std::move(lib);
      s.where = format_location(&sm, o->loc);
      for (const ir::Value* v : o->operands) {
        auto it = slots.find(v);
        if (it == slots.end()) invalid(sm, *o, "operand defined outside the host function");
        s.operands.push_back(it->second);
      }
      for (size_t r = 0; r < o->num_results(); ++r) {
        s.result_types.push_back(tensor_spec(sm, *o, o->result(r)->type));
        slots[o->result(r)] = plan.num_slots;
        s.results.push_back(plan.num_slots++);
      }
      plan.steps.push_back(std::move(s));
    } else {
      throw Failure(TESSERA_ERROR_UNIMPLEMENTED, at_op(sm, *o, not_lowered_text(*o)));
    }
  }
  return plan;
}

}  // namespace tessera::cuda
