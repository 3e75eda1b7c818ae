// tessera_nvidia.* ops: special registers, lane arithmetic, memory, async copies, warp ops and
// tensor-core ops, one statement each (docs/cuda.md has the table).
#include "backends/cuda/codegen/emitter.h"

#include "core/ops/policy.h"
#include "core/ops/target_fragments.h"

namespace tessera::cuda {
namespace {

const char* axis(const ir::Op& o) {
  int64_t d = o.attrs.get_int("dim", 0);
  if (d < 0 || d > 2) throw CodegenError(o, o.name + ": dim must be 0, 1 or 2");
  return d == 0 ? "x" : d == 1 ? "y" : "z";
}

std::string idx(const std::string& v) { return "(tsr::i64)" + v; }

int64_t vector_width(const ir::Type& t) {
  return t.kind == ir::TypeKind::vector ? t.shape.at(0) : 1;
}

/// The prelude's emulation of `o` (mma_sync) with the interpreter's sequential f32 FMA chain
/// (backends/cuda/codegen/device/mma_sequential.h), or a CodegenError for another model.
std::string deterministic_mma(const ir::Op& o) {
  std::optional<ops::target::MmaInfo> info = ops::target::mma_info(o.attrs.get_string("shape", ""));
  if (!info) throw CodegenError(o, "mma_sync: unsupported shape");
  std::string model;
  try {
    model = ops::read_policy(o).accum_model;
  } catch (const std::exception& e) {
    throw CodegenError(o, std::string("mma_sync: ") + e.what());
  }
  if (model != "sequential")
    throw CodegenError(o, "mma_sync: accum_model '" + model +
                              "' has no deterministic device emulation (only the default "
                              "sequential f32 FMA chain is emulated)");
  int s = info->shape == ops::target::MmaShape::m16n8k16  ? 0
          : info->shape == ops::target::MmaShape::m16n8k8 ? 1
                                                          : 2;
  return "tsr::mma_seq_sync<" + std::to_string(s) + ", " + (s == 1 ? "true" : "false") + ">";
}

}  // namespace

bool Emitter::emit_target(const ir::Op& o) {
  const std::string& n = o.name;
  if (n.rfind("tessera_nvidia.", 0) != 0) return false;
  std::string op = n.substr(15);
  if (op == "tid" || op == "ntid" || op == "ctaid" || op == "nctaid") {
    static const char* kReg[] = {"threadIdx", "blockDim", "blockIdx", "gridDim"};
    int k = op == "tid" ? 0 : op == "ntid" ? 1 : op == "ctaid" ? 2 : 3;
    line("const tsr::i32 " + define(o.result()) + " = (tsr::i32)" + kReg[k] + "." + axis(o) + ";");
  } else if (op == "laneid") {
    line("const tsr::i32 " + define(o.result()) + " = tsr::laneid();");
  } else if (op == "warpid") {
    line("const tsr::i32 " + define(o.result()) + " = tsr::warp_index();");
  } else if (op == "fma") {
    DType d = o.result()->type.dtype;
    if (o.result()->type.kind != ir::TypeKind::scalar || (d != DType::f32 && d != DType::f64))
      throw CodegenError(o, n + ": only scalar f32/f64 is generated");
    std::string t = reg_type(o, o.result()->type);
    line(t + " " + define(o.result()) + " = " + (d == DType::f32 ? "__fmaf_rn(" : "__fma_rn(") +
         name(o.operands[0]) + ", " + name(o.operands[1]) + ", " + name(o.operands[2]) + ");");
  } else if (op == "exp") {
    if (o.result()->type != ir::Type::scalar(DType::f32))
      throw CodegenError(o, n + ": only scalar f32 is generated");
    line("float " + define(o.result()) + " = tsr::exp_f32(" + name(o.operands[0]) + ");");
  } else if (op == "sqrt") {
    // sqrt.rn: correctly rounded, as the interpreter's std::sqrt.
    DType d = o.result()->type.dtype;
    if (o.result()->type.kind != ir::TypeKind::scalar || (d != DType::f32 && d != DType::f64))
      throw CodegenError(o, n + ": only scalar f32/f64 is generated");
    line(reg_type(o, o.result()->type) + " " + define(o.result()) + " = " +
         (d == DType::f32 ? "__fsqrt_rn(" : "__dsqrt_rn(") + name(o.operands[0]) + ");");
  } else if (op == "log") {
    if (o.result()->type != ir::Type::scalar(DType::f32))
      throw CodegenError(o, n + ": only scalar f32 is generated");
    line("float " + define(o.result()) + " = tsr::log_f32(" + name(o.operands[0]) + ");");
  } else if (op == "exit") {
    line("return;");
  } else if (op == "bar_sync") {
    line("tsr::bar_sync();");
  } else if (op == "launch") {
    throw CodegenError(o, n + ": a launch inside a kernel is not generated");
  } else {
    return emit_target_memory(o) || emit_target_warp(o);
  }
  return true;
}

bool Emitter::emit_target_memory(const ir::Op& o) {
  std::string op = o.name.substr(15);
  if (op == "alloc_shared" || op == "alloc_local") {
    const ir::Type& t = o.result()->type;
    std::optional<int64_t> count = t.num_elements();
    if (!t.is_memref() || !count || *count <= 0)
      throw CodegenError(o, o.name + ": needs a static, non-empty memref");
    std::string v = define(o.result());
    std::string m = mem_type(o, t.dtype);
    if (op == "alloc_shared") {
      std::string decl =
          "__shared__ __align__(16) " + m + " " + v + "_mem[" + std::to_string(*count) + "];";
      if (options().deterministic) {
        shared_.push_back({decl, v + "_mem"});  // declared and zeroed at block start (kernel())
      } else {
        line(decl);
      }
    } else {
      // Zeroed, as the interpreter zeroes local arrays (docs/ops/target/memory.md).
      line(m + " " + v + "_mem[" + std::to_string(*count) + "] = {};");
    }
    line(m + "* " + v + " = " + v + "_mem;");
  } else if (op == "dim") {
    const ir::Type& t = o.operands[0]->type;
    int64_t d = int_attr(o, "dim");
    if (!t.is_memref() || d < 0 || d >= t.rank()) throw CodegenError(o, "dim: bad dimension");
    std::string v = t.shape[static_cast<size_t>(d)] >= 0
                        ? std::to_string(t.shape[static_cast<size_t>(d)])
                        : dim_param(o.operands[0], static_cast<size_t>(d));
    if (v.empty())
      throw CodegenError(o, "dim: the dynamic size of a memref that is not a kernel argument");
    line("const tsr::i64 " + define(o.result()) + " = " + v + ";");
  } else if (op == "ld") {
    const ir::Type& t = o.result()->type;
    int64_t w = vector_width(t);
    std::string call = t.kind == ir::TypeKind::vector ? "tsr::ldv<" + std::to_string(w) + ">("
                                                      : std::string("tsr::ld(");
    line(reg_type(o, t) + " " + define(o.result()) + " = " + call + name(o.operands[0]) + ", " +
         idx(name(o.operands[1])) + ");");
  } else if (op == "st") {
    const ir::Type& t = o.operands[0]->type;
    std::string call = t.kind == ir::TypeKind::vector
                           ? "tsr::stv<" + std::to_string(vector_width(t)) + ">("
                           : std::string("tsr::st(");
    line(call + name(o.operands[1]) + ", " + idx(name(o.operands[2])) + ", " + name(o.operands[0]) +
         ");");
  } else if (op == "cp_async") {
    int64_t bytes = int_attr(o, "bytes");
    if (bytes != 4 && bytes != 8 && bytes != 16) throw CodegenError(o, "cp_async: bad bytes");
    std::string size =
        o.operands.size() == 5 ? "(tsr::u32)" + name(o.operands[4]) : std::to_string(bytes) + "u";
    line("tsr::cp_async<" + std::to_string(bytes) + ">(" + name(o.operands[2]) + " + " +
         idx(name(o.operands[3])) + ", " + name(o.operands[0]) + " + " + idx(name(o.operands[1])) +
         ", " + size + ");");
  } else if (op == "cp_async_commit_group") {
    line("tsr::cp_async_commit();");
  } else if (op == "cp_async_wait_group") {
    int64_t k = int_attr(o, "n");
    if (k < 0 || k > 255) throw CodegenError(o, "cp_async_wait_group: n outside [0, 255]");
    line("tsr::cp_async_wait<" + std::to_string(k) + ">();");
  } else if (op == "atom") {
    std::string kind = o.attrs.get_string("kind", "");
    DType d = o.result()->type.dtype;
    bool f = d == DType::f32;
    if (d != DType::i32 && !f) throw CodegenError(o, "atom: only i32 and f32 are generated");
    if (f && options().deterministic && (kind == "add" || kind == "cas"))
      throw CodegenError(o, "atom: f32 " + kind + " is refused in deterministic mode");
    std::string t = reg_type(o, o.result()->type);
    std::string addr = name(o.operands[1]) + " + " + idx(name(o.operands[2]));
    std::string v = define(o.result()), x = name(o.operands[0]);
    if (f && (kind == "min" || kind == "max")) {
      line(t + " " + v + " = tsr::atomic_minmaxf<" + (kind == "max" ? "true" : "false") + ">(" +
           addr + ", " + x + ");");
    } else if (kind == "add" || kind == "min" || kind == "max" || kind == "exch") {
      std::string fn = kind == "add"   ? "atomicAdd"
                       : kind == "min" ? "atomicMin"
                       : kind == "max" ? "atomicMax"
                                       : "atomicExch";
      line(t + " " + v + " = " + fn + "(" + addr + ", " + x + ");");
    } else if (kind == "cas" && o.operands.size() == 4) {
      // Bitwise compare, also for f32 (-0 and +0 differ; a NaN matches the same bits).
      std::string cmp = name(o.operands[3]);
      if (f)
        line(t + " " + v + " = __uint_as_float(atomicCAS((unsigned int*)(" + addr +
             "), __float_as_uint(" + cmp + "), __float_as_uint(" + x + ")));");
      else
        line(t + " " + v + " = atomicCAS(" + addr + ", " + cmp + ", " + x + ");");
    } else {
      throw CodegenError(o, "atom: unknown kind '" + kind + "'");
    }
  } else {
    return false;
  }
  return true;
}

bool Emitter::emit_target_warp(const ir::Op& o) {
  std::string op = o.name.substr(15);
  if (op == "shfl_sync") {
    std::string mode = o.attrs.get_string("mode", "");
    if (mode != "up" && mode != "down" && mode != "bfly" && mode != "idx")
      throw CodegenError(o, "shfl_sync: unknown mode '" + mode + "'");
    const ir::Type& t = o.result()->type;
    std::string v = define(o.result()), a = name(o.operands[0]), b = name(o.operands[1]),
                m = name(o.operands[2]);
    if (t.dtype == DType::f32 || t.dtype == DType::i32) {
      line(reg_type(o, t) + " " + v + " = tsr::shfl_" + mode + "(" + a + ", " + b + ", " + m +
           ");");
    } else if (t.dtype == DType::bf16 || t.dtype == DType::f16) {
      line("float " + v + " = tsr::shfl16<" + mem_type(o, t.dtype) + ">(" + a +
           ", [&](tsr::u32 x) { return tsr::shfl_" + mode + "_b32(x, " + b + ", " + m + "); });");
    } else {
      throw CodegenError(o, "shfl_sync: value must be i32, f32, bf16 or f16");
    }
  } else if (op == "vote_sync") {
    std::string mode = o.attrs.get_string("mode", "");
    if (mode != "all" && mode != "any" && mode != "ballot")
      throw CodegenError(o, "vote_sync: unknown mode '" + mode + "'");
    std::string t = mode == "ballot" ? "tsr::i32" : "bool";
    line(t + " " + define(o.result()) + " = tsr::vote_" + mode + "(" + name(o.operands[0]) + ", " +
         name(o.operands[1]) + ");");
  } else if (op == "ldmatrix") {
    const ir::Type& m = o.operands[0]->type;
    int64_t num = int_attr(o, "num");
    bool trans = o.attrs.get_bool("trans", false);
    if (!m.is_memref() || m.rank() != 2 || m.shape[1] < 0 || (num != 1 && num != 2 && num != 4))
      throw CodegenError(o, "ldmatrix: needs a static 2-D shared memref and num 1, 2 or 4");
    std::string addr = name(o.operands[0]) + " + " + idx(name(o.operands[1])) + " * " +
                       std::to_string(m.shape[1]) + " + " + idx(name(o.operands[2]));
    line(reg_type(o, o.result()->type) + " " + define(o.result()) + " = tsr::ldmatrix<" +
         std::to_string(num) + ", " + (trans ? "true" : "false") + ">(" + addr + ");");
  } else if (op == "mma_sync") {
    std::string shape = o.attrs.get_string("shape", "");
    DType in = o.operands[0]->type.dtype;
    if (options().deterministic) {
      line("tsr::vec<float, 4> " + define(o.result()) + " = " + deterministic_mma(o) + "(" +
           name(o.operands[0]) + ", " + name(o.operands[1]) + ", " + name(o.operands[2]) + ");");
      return true;
    }
    std::string fn;
    if (shape == "m16n8k16" && in == DType::bf16) fn = "mma_m16n8k16_bf16";
    if (shape == "m16n8k16" && in == DType::f16) fn = "mma_m16n8k16_f16";
    if (shape == "m16n8k8" && in == DType::f32) fn = "mma_m16n8k8_tf32";
    if (shape == "m16n8k32" && (in == DType::f8e4m3 || in == DType::f8e5m2)) {
      if (options().sm < 89)
        throw CodegenError(o, "mma_sync m16n8k32 (fp8) needs sm_89 or newer, not sm_" +
                                  std::to_string(options().sm));
      fn = in == DType::f8e4m3 ? "mma_m16n8k32_e4m3" : "mma_m16n8k32_e5m2";
    }
    if (fn.empty()) throw CodegenError(o, "mma_sync: unsupported shape/type " + shape);
    line("tsr::vec<float, 4> " + define(o.result()) + " = tsr::" + fn + "(" + name(o.operands[0]) +
         ", " + name(o.operands[1]) + ", " + name(o.operands[2]) + ");");
  } else {
    return false;
  }
  return true;
}

}  // namespace tessera::cuda
