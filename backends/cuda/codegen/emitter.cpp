// The generator's driver: kernel signature, value names, types and the walk over ops.
#include "backends/cuda/codegen/emitter.h"

#include <set>

namespace tessera::cuda {

int64_t int_attr(const ir::Op& o, const char* key) {
  const ir::Attr* a = o.attrs.get(key);
  if (a == nullptr || !a->is_int())
    throw CodegenError(o, o.name + ": missing integer attribute '" + key + "'");
  return a->i;
}

std::string Emitter::name(const ir::Value* v) const {
  auto it = names_.find(v);
  if (it == names_.end()) throw std::logic_error("codegen: value used before its definition");
  return it->second;
}

std::string Emitter::define(const ir::Value* v) {
  std::string n = "v" + std::to_string(next_++);
  names_[v] = n;
  return n;
}

std::string Emitter::mem_type(const ir::Op& at, DType d) const {
  switch (d) {
    case DType::f64:
      return "double";
    case DType::f32:
      return "float";
    case DType::f16:
      return "__half";
    case DType::bf16:
      return "__nv_bfloat16";
    case DType::f8e4m3:
      return "tsr::f8e4m3";
    case DType::f8e5m2:
      return "tsr::f8e5m2";
    case DType::i1:
      return "bool";
    case DType::i8:
      return "tsr::i8";
    case DType::i16:
      return "tsr::i16";
    case DType::i32:
      return "tsr::i32";
    case DType::i64:
    case DType::index:
      return "tsr::i64";
    case DType::u8:
      return "tsr::u8";
    case DType::u16:
      return "tsr::u16";
    case DType::u32:
      return "tsr::u32";
    case DType::u64:
      return "tsr::u64";
    case DType::f6e2m3:  // one byte each (device/convert.h)
      return "tsr::f6e2m3";
    case DType::f6e3m2:
      return "tsr::f6e3m2";
    case DType::f4e2m1:
      return "tsr::f4e2m1";
    case DType::e8m0:
      return "tsr::e8m0";
    default:
      throw CodegenError(at, at.name + ": element type " + dtype_mlir_name(d) +
                                 " has no CUDA mapping in the generator");
  }
}

std::string Emitter::reg_type(const ir::Op& at, const ir::Type& t) const {
  if (t.is_memref()) return mem_type(at, t.dtype) + "*";
  std::string s;
  switch (t.dtype) {
    case DType::f16:
    case DType::bf16:
    case DType::f8e4m3:
    case DType::f8e5m2:
    case DType::f6e2m3:
    case DType::f6e3m2:
    case DType::f4e2m1:
    case DType::e8m0:
      s = "float";
      break;  // widened in registers
    default:
      s = mem_type(at, t.dtype);
  }
  if (t.kind == ir::TypeKind::scalar) return s;
  if (t.kind == ir::TypeKind::vector && t.shape.size() == 1 && t.shape[0] > 0 && t.shape[0] <= 64) {
    return "tsr::vec<" + s + ", " + std::to_string(t.shape[0]) + ">";
  }
  throw CodegenError(at, at.name +
                             ": a value of this type has no register form in the "
                             "generator (scalars and 1-D vectors of <= 64 elements only)");
}

void Emitter::line(const std::string& text) {
  out_.append(static_cast<size_t>(indent_) * 2, ' ');
  out_ += text;
  out_ += '\n';
}

void Emitter::open(const std::string& text) {
  line(text + " {");
  ++indent_;
}

void Emitter::close(const std::string& text) {
  --indent_;
  line(text);
}

std::string Emitter::dim_param(const ir::Value* memref, size_t dim) const {
  auto it = dim_params_.find(memref);
  if (it == dim_params_.end() || dim >= it->second.size()) return "";
  return it->second[dim];
}

void Emitter::region(const ir::Op& owner, const ir::Region& r,
                     const std::vector<std::string>& yield_to) {
  if (r.empty()) return;
  if (r.blocks.size() != 1)
    throw CodegenError(owner, owner.name + ": regions of more than one block are not generated");
  yield_to_.push_back(yield_to);
  for (const auto& o : r.front().ops) op(*o);
  yield_to_.pop_back();
}

void Emitter::op(const ir::Op& o) {
  if (o.regions.empty() && o.name == "func.return") {
    line("return;");
    return;
  }
  if (emit_arith(o) || emit_scf(o) || emit_target(o)) return;
  throw CodegenError(o, o.name + ": no CUDA translation for this op");
}

std::string Emitter::kernel(const ir::Op& func) {
  if (ir::is_declaration(func) || func.regions[0].blocks.size() != 1)
    throw CodegenError(func, "kernel " + ir::func_name(func) + " has no single-block body");
  if (!ir::func_result_types(func).empty())
    throw CodegenError(func, "kernel " + ir::func_name(func) + " returns values");
  const ir::Block& body = func.regions[0].front();
  KernelSignature sig = kernel_signature(func);
  for (const auto& arg : body.args) define(arg.get());  // v0, v1, ...: the signature's names
  std::string head = "extern \"C\" __global__ void " + sig.symbol + "(";
  for (size_t i = 0; i < sig.params.size(); ++i) {
    const KernelParam& p = sig.params[i];
    if (p.kind == KernelParam::Kind::dim) {
      const ir::Value* a = body.args[p.arg].get();
      dim_params_[a].resize(a->type.shape.size());
      dim_params_[a][static_cast<size_t>(p.dim)] = p.name;
    }
    head += (i ? ", " : "") + p.c_type + " " + p.name;
  }
  head += ") {\n";
  for (const auto& o : body.ops) op(*o);
  // Deterministic mode: shared arrays start zeroed, as in the interpreters (docs/ops/tile/
  // memory.md, tile.alloc_shared; docs/ops/target/memory.md): every thread of the block zeroes
  // its share of each, then one barrier, before any other statement (all threads reach it).
  std::string prologue;
  for (const SharedArray& a : shared_) prologue += "  " + a.decl + "\n";
  for (const SharedArray& a : shared_)
    prologue += "  tsr::zero_shared(" + a.name + ", sizeof " + a.name + ");\n";
  if (!shared_.empty()) prologue += "  tsr::bar_sync();\n";
  return head + prologue + out_ + "}\n";
}

KernelSignature kernel_signature(const ir::Op& func) {
  if (ir::is_declaration(func) || func.regions[0].blocks.size() != 1)
    throw CodegenError(func, "kernel " + ir::func_name(func) + " has no single-block body");
  Emitter types(CodegenOptions{});
  KernelSignature sig;
  sig.symbol = kernel_symbol(ir::func_name(func));
  const ir::Block& body = func.regions[0].front();
  for (size_t i = 0; i < body.args.size(); ++i) {
    const ir::Type& t = body.args[i]->type;
    std::string n = "v" + std::to_string(i);
    KernelParam p;
    p.arg = i;
    p.dtype = t.dtype;
    p.name = n;
    if (!t.is_memref()) {
      p.kind = KernelParam::Kind::scalar;
      p.c_type = types.reg_type(func, t);
      std::optional<int64_t> count = t.num_elements();
      int64_t elems = t.kind == ir::TypeKind::vector && count ? *count : 1;
      // Registers widen bf16/f16/fp8/fp6/fp4/e8m0 to f32 (reg_type): 4-byte parameters.
      bool wide = dtype_is_low_precision_float(t.dtype);
      size_t elem = t.dtype == DType::i1 ? 1
                    : wide               ? 4
                                         : static_cast<size_t>(dtype_bits(t.dtype) / 8);
      p.bytes = static_cast<size_t>(elems) * elem;
      sig.params.push_back(p);
      continue;
    }
    if (t.memspace != 0)
      throw CodegenError(func, "kernel argument " + n + " is not a global memref");
    p.kind = KernelParam::Kind::pointer;
    p.c_type = types.mem_type(func, t.dtype) + "*";
    sig.params.push_back(p);
    for (size_t d = 0; d < t.shape.size(); ++d) {
      if (t.shape[d] >= 0) continue;
      KernelParam dp;
      dp.kind = KernelParam::Kind::dim;
      dp.arg = i;
      dp.dim = static_cast<int>(d);
      dp.dtype = DType::i64;
      dp.c_type = "tsr::i64";
      dp.name = n + "_dim" + std::to_string(d);
      sig.params.push_back(dp);
    }
  }
  return sig;
}

std::string kernel_symbol(const std::string& func_name) {
  std::string s = "tsr_";
  for (char c : func_name) {
    bool ok = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9');
    s += ok ? c : '_';
  }
  return s;
}

std::string generate_kernel(const ir::Op& func, const CodegenOptions& options) {
  Emitter e(options);
  return e.kernel(func);
}

std::vector<const ir::Op*> launched_kernels(const ir::Module& module) {
  std::vector<const ir::Op*> out;
  std::set<const ir::Op*> seen;
  for (const ir::Op* f : module.funcs()) {
    ir::walk(const_cast<ir::Op&>(*f), [&](ir::Op& o) {
      if (o.name != "tessera_nvidia.launch") return;
      const ir::Op* callee = ir::lookup_callee(o);
      if (callee != nullptr && seen.insert(callee).second) out.push_back(callee);
    });
  }
  return out;
}

std::string generate_module(const ir::Module& module, const CodegenOptions& options) {
  std::string out(device_prelude());
  for (const ir::Op* k : launched_kernels(module)) {
    out += "\n// kernel @" + ir::func_name(*k) + "\n";
    out += generate_kernel(*k, options);
  }
  return out;
}

}  // namespace tessera::cuda
