// The deterministic GEMM through lowering, the generator and NVRTC (see generated_gemm.h).
#include "benchmarks/cuda/generated_gemm.h"

#include <cstdlib>
#include <regex>
#include <vector>

#include "backends/cuda/codegen/codegen.h"
#include "backends/cuda/nvrtc_compile.h"
#include "core/support/diagnostics.h"
#include "core/text/parser.h"
#include "core/transforms/levels.h"
#include "core/verify/verifier.h"

namespace tessera::bench {

using cuda::libs::Status;

namespace {

std::string module_text(int64_t n, const std::string& in_type) {
  std::string dims = "tensor<" + std::to_string(n) + "x" + std::to_string(n) + "x";
  std::string t = dims + in_type + ">", r = dims + "f32>";
  return "module {\n  func.func @main(%a: " + t + ", %b: " + t + ") -> " + r +
         " {\n    %0 = \"tessera.matmul\"(%a, %b) : (" + t + ", " + t + ") -> " + r +
         "\n    return %0 : " + r + "\n  }\n}\n";
}

}  // namespace

Status GeneratedGemm::build(int64_t n, int sm, GeneratedGemm* out, const std::string& in_type) {
  out->n_ = n;
  SourceManager srcm;
  DiagnosticEngine diag(&srcm);
  auto m = text::parse_module(module_text(n, in_type), "gemm.mlir", srcm, diag);
  if (!m || !verify::verify_module(*m, diag)) return Status::error(diag.render());
  std::string err;
  if (!transforms::lower_to_level(*m, "target", diag, err)) {
    return Status::error("lowering: " + (err.empty() ? diag.render() : err));
  }
  std::vector<const ir::Op*> launches;
  for (ir::Op* f : m->funcs()) {
    ir::walk(*f, [&](ir::Op& o) {
      if (o.name == "tessera_nvidia.launch") launches.push_back(&o);
    });
  }
  if (launches.size() != 1) {
    return Status::error("the lowered matmul has " + std::to_string(launches.size()) +
                         " Target IR launches (one expected)");
  }
  auto grid = launches[0]->attrs.get("grid")->as_int_array();
  auto block = launches[0]->attrs.get("block")->as_int_array();
  if (!grid || !block || grid->size() > 3 || block->size() > 3) {
    return Status::error("the launch has no usable grid/block");
  }
  for (size_t i = 0; i < grid->size(); ++i) out->grid_[i] = (*grid)[i];
  for (size_t i = 0; i < block->size(); ++i) out->block_[i] = (*block)[i];
  std::string source;
  try {
    source = cuda::generate_module(*m, cuda::CodegenOptions{sm, true});
  } catch (const cuda::CodegenError& e) {
    return Status::error(std::string("generator: ") + e.what());
  }
  // The kernel's symbol and parameters: a pointer per buffer, then one long long per dynamic
  // dimension (codegen.h); every buffer here is n x n, so each dimension parameter is n.
  std::smatch sig;
  std::regex re("extern \"C\" __global__ void (\\w+)\\(([^)]*)\\)");
  if (!std::regex_search(source, sig, re)) return Status::error("no kernel in the generated code");
  out->symbol_ = sig[1];
  std::string params = sig[2];
  int pointers = 0, dims = 0;
  for (char c : params) pointers += c == '*';
  for (size_t p = params.find("_dim"); p != std::string::npos; p = params.find("_dim", p + 1)) {
    ++dims;
  }
  if (pointers != 3 || dims % 3 != 0) {
    return Status::error("unexpected kernel parameters: " + params);
  }
  out->params_per_buffer_ = 1 + dims / 3;
  // The prelude includes cuda_fp16.h, cuda_bf16.h, cuda_fp8.h: the toolkit's include directory,
  // or $TESSERA_CUDA_INCLUDE on a machine whose headers are elsewhere (pip wheels).
  const char* env = std::getenv("TESSERA_CUDA_INCLUDE");
  std::string include = env && *env ? env : TESSERA_CUDA_INCLUDE;
  cuda::NvrtcOutput c = cuda::nvrtc_compile(source, "gemm.cu", sm, {include});
  if (!c.ok) return Status::error("NVRTC: " + c.error);
  cudaLibrary_t lib = nullptr;
  if (Status s = cuda::libs::cuda_check(
          "cudaLibraryLoadData",
          cudaLibraryLoadData(&lib, c.cubin.data(), nullptr, nullptr, 0, nullptr, nullptr, 0));
      !s.ok()) {
    return s;
  }
  out->library_ = lib;
  cudaKernel_t k = nullptr;
  if (Status s = cuda::libs::cuda_check("cudaLibraryGetKernel",
                                        cudaLibraryGetKernel(&k, lib, out->symbol_.c_str()));
      !s.ok()) {
    return s;
  }
  out->kernel_ = k;
  return {};
}

GeneratedGemm::~GeneratedGemm() {
  if (library_) (void)cudaLibraryUnload(static_cast<cudaLibrary_t>(library_));
}

Status GeneratedGemm::run(const void* a, const void* b, float* out, cudaStream_t stream) const {
  if (Status s = cuda::libs::cuda_check(
          "cudaMemsetAsync",
          cudaMemsetAsync(out, 0, static_cast<size_t>(n_ * n_) * sizeof(float), stream));
      !s.ok()) {
    return s;
  }
  const void* ptrs[3] = {a, b, out};
  long long dim = n_;
  std::vector<void*> args;
  for (int i = 0; i < 3; ++i) {
    args.push_back(&ptrs[i]);
    for (int d = 1; d < params_per_buffer_; ++d) args.push_back(&dim);
  }
  dim3 grid(static_cast<unsigned>(grid_[0]), static_cast<unsigned>(grid_[1]),
            static_cast<unsigned>(grid_[2]));
  dim3 block(static_cast<unsigned>(block_[0]), static_cast<unsigned>(block_[1]),
             static_cast<unsigned>(block_[2]));
  return cuda::libs::cuda_check("cudaLaunchKernel",
                                cudaLaunchKernel(kernel_, grid, block, args.data(), 0, stream));
}

std::string GeneratedGemm::describe() const {
  auto three = [](const int64_t* v) {
    return "[" + std::to_string(v[0]) + ", " + std::to_string(v[1]) + ", " + std::to_string(v[2]) +
           "]";
  };
  return symbol_ + ", grid " + three(grid_) + ", block " + three(block_);
}

}  // namespace tessera::bench
