// cuDNN fused attention through the cuDNN frontend's graph API (header-only C++).
#include "backends/cuda/libs/cudnn_sdpa.h"

#include <cudnn.h>
#include <cudnn_frontend.h>

#include <cmath>

#include "core/transforms/sdpa_support.h"

namespace tessera::cuda::libs {

namespace fe = cudnn_frontend;

namespace {

Status frontend_check(const char* step, fe::error_t e) {
  if (e.is_good()) return {};
  return Status::error(std::string("cuDNN frontend ") + step + " failed: " + e.get_message());
}

std::shared_ptr<fe::graph::Tensor_attributes> bhsd(fe::graph::Graph& g, const char* name, int64_t b,
                                                   int64_t h, int64_t s, int64_t d) {
  return g.tensor(fe::graph::Tensor_attributes()
                      .set_name(name)
                      .set_dim({b, h, s, d})
                      .set_stride({h * s * d, s * d, d, 1}));
}

}  // namespace

std::string cudnn_text(const char* call, int status) {
  const char* text = cudnnGetErrorString(static_cast<cudnnStatus_t>(status));
  return std::string(call) + " returned " + (text ? text : "unknown cuDNN status") + " (code " +
         std::to_string(status) + ")";
}

Status check_sdpa_args(const SdpaArgs& a) {
  // The same predicate decides at compile time whether a group is left for this library.
  std::string why = transforms::sdpa_dims_decline(dtype_name(a.dtype), a.b, a.h, a.s_q, a.s_kv, a.d,
                                                  a.causal, a.scale);
  if (!why.empty()) return Status::error(why);
  if (!a.q || !a.k || !a.v || !a.out) {
    return Status::error("cuDNN SDPA: a null device pointer");
  }
  return {};
}

/// One built graph with the uids of its tensors.
struct CudnnSdpa::Built {
  fe::graph::Graph graph;
  std::shared_ptr<fe::graph::Tensor_attributes> q, k, v, o;
  int64_t workspace = 0;
};

Status CudnnSdpa::create(std::unique_ptr<CudnnSdpa>* out) {
  std::unique_ptr<CudnnSdpa> c(new CudnnSdpa());
  cudnnHandle_t h = nullptr;
  cudnnStatus_t st = cudnnCreate(&h);
  if (st != CUDNN_STATUS_SUCCESS) {
    (void)cudaGetLastError();
    return Status::error(cudnn_text("cudnnCreate", st));
  }
  c->handle_ = h;
  *out = std::move(c);
  return {};
}

CudnnSdpa::~CudnnSdpa() {
  built_.clear();
  if (workspace_) (void)cudaFree(workspace_);
  if (handle_) cudnnDestroy(static_cast<cudnnHandle_t>(handle_));
}

size_t CudnnSdpa::version() { return cudnnGetVersion(); }

Status CudnnSdpa::build(const SdpaArgs& a, Built** out) {
  Key key{a.b, a.h, a.s_q, a.s_kv, a.d, static_cast<int>(a.dtype), a.causal, a.scale};
  if (auto it = built_.find(key); it != built_.end()) {
    *out = it->second.get();
    return {};
  }
  auto b = std::make_unique<Built>();
  fe::graph::Graph& g = b->graph;
  g.set_io_data_type(a.dtype == LibDtype::kBF16 ? fe::DataType_t::BFLOAT16 : fe::DataType_t::HALF)
      .set_intermediate_data_type(fe::DataType_t::FLOAT)
      .set_compute_data_type(fe::DataType_t::FLOAT);
  b->q = bhsd(g, "Q", a.b, a.h, a.s_q, a.d);
  b->k = bhsd(g, "K", a.b, a.h, a.s_kv, a.d);
  b->v = bhsd(g, "V", a.b, a.h, a.s_kv, a.d);
  auto options = fe::graph::SDPA_attributes()
                     .set_name("tessera_flash_attn")
                     .set_generate_stats(false)
                     .set_attn_scale(a.scale);
  if (a.causal) {
    // Keys j <= i: the top-left-aligned diagonal, as tessera.flash_attn's causal mask.
    options.set_diagonal_alignment(fe::DiagonalAlignment_t::TOP_LEFT)
        .set_diagonal_band_right_bound(0);
  }
  auto [o, stats] = g.sdpa(b->q, b->k, b->v, options);
  (void)stats;
  o->set_output(true)
      .set_dim({a.b, a.h, a.s_q, a.d})
      .set_stride({a.h * a.s_q * a.d, a.s_q * a.d, a.d, 1});
  b->o = o;
  auto h = static_cast<cudnnHandle_t>(handle_);
  if (Status s = frontend_check("validate", g.validate()); !s.ok()) return s;
  if (Status s = frontend_check("build_operation_graph", g.build_operation_graph(h)); !s.ok()) {
    return s;
  }
  if (Status s =
          frontend_check("create_execution_plans", g.create_execution_plans({fe::HeurMode_t::A}));
      !s.ok()) {
    return s;
  }
  if (Status s = frontend_check("check_support", g.check_support(h)); !s.ok()) return s;
  if (Status s = frontend_check("build_plans", g.build_plans(h)); !s.ok()) return s;
  if (Status s = frontend_check("get_workspace_size", g.get_workspace_size(b->workspace));
      !s.ok()) {
    return s;
  }
  *out = b.get();
  built_.emplace(key, std::move(b));
  return {};
}

Status CudnnSdpa::forward(const SdpaArgs& a, cudaStream_t stream) {
  if (Status s = check_sdpa_args(a); !s.ok()) return s;
  // The frontend reports through error_t, but some of its helpers throw; none may escape.
  try {
    return run(a, stream);
  } catch (const std::exception& e) {
    return Status::error(std::string("cuDNN frontend threw: ") + e.what());
  }
}

Status CudnnSdpa::run(const SdpaArgs& a, cudaStream_t stream) {
  auto h = static_cast<cudnnHandle_t>(handle_);
  cudnnStatus_t st = cudnnSetStream(h, stream);
  if (st != CUDNN_STATUS_SUCCESS) return Status::error(cudnn_text("cudnnSetStream", st));
  Built* b = nullptr;
  if (Status s = build(a, &b); !s.ok()) return s;
  if (static_cast<size_t>(b->workspace) > workspace_bytes_) {
    if (workspace_) (void)cudaFree(workspace_);
    workspace_ = nullptr;
    workspace_bytes_ = 0;
    if (Status s = cuda_check("cudaMalloc", cudaMalloc(&workspace_, b->workspace)); !s.ok()) {
      return s;
    }
    workspace_bytes_ = static_cast<size_t>(b->workspace);
  }
  std::unordered_map<std::shared_ptr<fe::graph::Tensor_attributes>, void*> pack{
      {b->q, const_cast<void*>(a.q)},
      {b->k, const_cast<void*>(a.k)},
      {b->v, const_cast<void*>(a.v)},
      {b->o, a.out}};
  return frontend_check("execute", b->graph.execute(h, pack, workspace_));
}

}  // namespace tessera::cuda::libs
