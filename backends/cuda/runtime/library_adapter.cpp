// Default mode's bridge from the runtime's library hook to backends/cuda/libs.
#include "backends/cuda/runtime/library_adapter.h"

#include <mutex>

#include "backends/cuda/runtime/executor.h"
#include "backends/cuda/runtime/failure.h"

namespace tessera::cuda {
namespace {

bool is_library_op(const std::string& name) {
  return name == "tessera.matmul" || name == "tessera.flash_attn" ||
         name == "tessera.flash_attention" || name == "tessera.scaled_matmul";
}

/// A boolean attribute under either of its spellings (the .def files' aliases).
bool flag(const ir::Op& op, const char* name, const char* alias) {
  return op.attrs.get_bool(name, false) || op.attrs.get_bool(alias, false);
}

/// Whether `g`, the single op of the group `host` stands for, reads the group's arguments in
/// order and its result is what the group returns.
bool whole_group(const ir::Op& host, const ir::Op& g) {
  if (&host == &g) return true;  // a bare Graph op in the host function
  if (g.num_results() != 1) return false;
  const ir::Block* body = g.parent;
  if (body == nullptr || body->args.size() != g.operands.size() || body->ops.empty()) return false;
  for (size_t i = 0; i < g.operands.size(); ++i)
    if (g.operands[i] != body->args[i].get()) return false;
  const ir::Op& ret = *body->ops.back();
  return ret.name == "func.return" && ret.operands.size() == 1 && ret.operands[0] == g.result();
}

/// The handles every library kernel of the process shares: created on first use, never
/// destroyed (cuBLASLt/cuDNN handles must not be released after the driver's own teardown at
/// exit), used under the mutex.
struct SharedContext {
  std::mutex mu;
  libs::LibraryContext ctx;
};
SharedContext& shared_context() {
  static SharedContext* s = new SharedContext;
  return *s;
}

libs::LibTensor lib_tensor(const DeviceTensor& t) {
  return {dtype_mlir_name(t.dtype), t.shape, t.memory ? t.memory->data() : nullptr};
}

class AdapterKernel : public LibraryKernel {
 public:
  AdapterKernel(LibraryCall call, LibraryEntry entry) : call_(std::move(call)), entry_(entry) {}
  std::string name() const override { return "cuBLASLt/cuDNN library path for " + call_.op_name; }
  bool enqueue(void* stream, const std::vector<const DeviceTensor*>& inputs,
               const std::vector<const DeviceTensor*>& outputs) const override {
    if (outputs.size() != 1)
      throw Failure(TESSERA_ERROR_INTERNAL, name() + ": expects one result, the plan has " +
                                                std::to_string(outputs.size()));
    std::vector<libs::LibTensor> ins;
    for (const DeviceTensor* t : inputs) ins.push_back(lib_tensor(*t));
    libs::LibTensor out = lib_tensor(*outputs[0]);
    SharedContext& s = shared_context();
    libs::LibResult r;
    {
      std::lock_guard<std::mutex> lock(s.mu);
      r = entry_(s.ctx, call_.op_name, call_.attrs, ins, out, /*deterministic=*/false,
                 static_cast<cudaStream_t>(stream));
    }
    switch (r.outcome) {
      case libs::LibOutcome::kDone:
        return true;
      case libs::LibOutcome::kNotHandled:
        if (call_.has_fallback) return false;
        unimplemented("the CUDA backend cannot run " + call_.op_name +
                      ": no generated kernel, and the library declined: " + r.message);
      case libs::LibOutcome::kFailed:
        break;
    }
    throw Failure(TESSERA_ERROR_INTERNAL, call_.op_name + " through the library: " + r.message);
  }

 private:
  LibraryCall call_;
  LibraryEntry entry_;
};

}  // namespace

std::optional<LibraryCall> library_call_for(const ir::Op& op) {
  std::vector<const ir::Op*> ops = grouped_ops(op);
  if (ops.size() != 1 || !is_library_op(ops[0]->name) || !whole_group(op, *ops[0]))
    return std::nullopt;
  const ir::Op& g = *ops[0];
  if (op.name == "tessera_nvidia.launch" && op.num_results() != 1) return std::nullopt;
  LibraryCall c;
  c.op_name = g.name;
  c.has_fallback = op.name == "tessera_nvidia.launch";
  if (g.name == "tessera.matmul") {
    c.attrs.transpose_a = flag(g, "transpose_a", "transposeA");
    c.attrs.transpose_b = flag(g, "transpose_b", "transposeB");
    c.attrs.has_numeric_policy = g.attrs.get("numeric_policy") != nullptr;
  } else if (g.name == "tessera.scaled_matmul") {
    c.attrs.transpose_b = flag(g, "transpose_b", "transposeB");
    c.attrs.has_numeric_policy = g.attrs.get("numeric_policy") != nullptr;
    c.attrs.has_batching = g.attrs.get("batching") != nullptr;
    if (const ir::Attr* l = g.attrs.get("scale_layout"); l != nullptr) {
      if (const ir::Attr* b = l->get("block"); b != nullptr) {
        std::optional<std::vector<int64_t>> v = b->as_int_array();
        if (v && v->size() == 2) {
          c.attrs.scale_block_n = (*v)[0];
          c.attrs.scale_block_k = (*v)[1];
        }
      }
      if (const ir::Attr* f = l->get("format"); f != nullptr && f->kind == ir::Attr::Kind::string)
        c.attrs.scale_format = f->s;
    }
  } else {
    c.attrs.causal = g.attrs.get_bool("causal", false);
    if (const ir::Attr* s = g.attrs.get("scale"); s != nullptr && s->is_number())
      c.attrs.scale = s->as_double();
  }
  return c;
}

std::shared_ptr<const LibraryKernel> make_library_kernel(LibraryCall call, LibraryEntry entry) {
  return std::make_shared<AdapterKernel>(std::move(call), entry);
}

std::shared_ptr<const LibraryKernel> libs_library_kernel(const ir::Op& op, int /*sm*/) {
  std::optional<LibraryCall> c = library_call_for(op);
  if (!c) return nullptr;
  return make_library_kernel(std::move(*c), &libs::try_library_kernel);
}

}  // namespace tessera::cuda
