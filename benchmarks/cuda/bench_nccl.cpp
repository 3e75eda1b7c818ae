// bench_nccl: all_reduce (f32 sum) bus bandwidth over sizes, NCCL's own (default mode) and the
// deterministic all_gather + rank-order fold, on every visible GPU in one process (a 1-axis mesh),
// or one GPU per process under a launcher (RANK/WORLD_SIZE or Open MPI; the unique id through
// $TESSERA_NCCL_ID_FILE). Checks both modes first with inputs whose sums are exact.
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include "backends/cuda/libs/nccl_mesh.h"
#include "benchmarks/cuda/bench_util.h"

using namespace tessera;
using namespace tessera::cuda::libs;

namespace {

struct Buffers {
  std::vector<void*> send, recv;
  NcclMesh* mesh = nullptr;
  Buffers(NcclMesh& m, size_t bytes) : mesh(&m) {
    for (int i = 0; i < m.members(); ++i) {
      bench::require_cuda(cudaSetDevice(m.device(i)), "cudaSetDevice");
      void* a = nullptr;
      void* b = nullptr;
      bench::require_cuda(cudaMalloc(&a, bytes), "cudaMalloc");
      bench::require_cuda(cudaMalloc(&b, bytes), "cudaMalloc");
      send.push_back(a);
      recv.push_back(b);
    }
  }
  ~Buffers() {
    for (size_t i = 0; i < send.size(); ++i) {
      (void)cudaSetDevice(mesh->device(static_cast<int>(i)));
      (void)cudaFree(send[i]);
      (void)cudaFree(recv[i]);
    }
  }
  std::vector<const void*> csend() const { return {send.begin(), send.end()}; }
};

/// Rank r holds x_r[i] = (i % 17) + r (small integers: every sum is exact in any order), so both
/// modes must give sum_r x_r[i] = ranks * (i % 17) + ranks * (ranks - 1) / 2 exactly.
int check(NcclMesh& mesh, int ranks, bool deterministic) {
  const int64_t count = 100003;
  Buffers buf(mesh, count * 4);
  for (int m = 0; m < mesh.members(); ++m) {
    std::vector<float> x(count);
    for (int64_t i = 0; i < count; ++i) x[i] = float(i % 17 + mesh.linear_index(m));
    bench::require_cuda(cudaSetDevice(mesh.device(m)), "cudaSetDevice");
    bench::require_cuda(cudaMemcpy(buf.send[m], x.data(), count * 4, cudaMemcpyHostToDevice),
                        "cudaMemcpy");
  }
  bench::require(mesh.all_reduce(0, buf.csend(), buf.recv, count, LibDtype::kF32, ReduceOp::kSum,
                                 deterministic),
                 "all_reduce");
  bench::require(mesh.synchronize(), "synchronize");
  int bad = 0;
  for (int m = 0; m < mesh.members(); ++m) {
    std::vector<float> y(count);
    bench::require_cuda(cudaSetDevice(mesh.device(m)), "cudaSetDevice");
    bench::require_cuda(cudaMemcpy(y.data(), buf.recv[m], count * 4, cudaMemcpyDeviceToHost),
                        "cudaMemcpy");
    for (int64_t i = 0; i < count; ++i) {
      if (y[i] != float(ranks * (i % 17) + ranks * (ranks - 1) / 2)) ++bad;
    }
  }
  std::printf("check all_reduce f32 sum, %d ranks, %s: %s (%d elements differ)\n", ranks,
              deterministic ? "deterministic (gather + fold)" : "NCCL", bad ? "FAIL" : "ok", bad);
  return bad ? 1 : 0;
}

}  // namespace

int main() {
  if (bench::no_device("bench_nccl")) return 0;
  LaunchEnv env;
  bench::require(read_launch_env([](const char* n) { return std::getenv(n); }, &env),
                 "launch environment");
  std::unique_ptr<NcclMesh> mesh;
  int ranks = 0;
  if (env.world > 1) {
    const char* id = std::getenv("TESSERA_NCCL_ID_FILE");
    if (!id) {
      std::fprintf(stderr,
                   "error: bench_nccl: %d processes (%s) need TESSERA_NCCL_ID_FILE, a "
                   "path every rank can read\n",
                   env.world, env.source.c_str());
      return 1;
    }
    bench::require(NcclMesh::create_distributed({env.world}, env, id, 120000, &mesh), "mesh");
    ranks = env.world;
  } else {
    int n = 0;
    bench::require_cuda(cudaGetDeviceCount(&n), "cudaGetDeviceCount");
    std::vector<int> devices;
    for (int i = 0; i < n; ++i) devices.push_back(i);
    bench::require(NcclMesh::create_local({n}, devices, &mesh), "mesh");
    ranks = n;
  }
  bool lead = env.rank == 0;
  if (lead) {
    std::printf("bench_nccl on %s; NCCL %s; %d rank(s) (%s)\n",
                bench::machine_line(mesh->device(0)).c_str(), nccl_version_text().c_str(), ranks,
                env.world > 1 ? env.source.c_str() : "one process, every visible GPU");
    if (ranks == 1) {
      std::printf(
          "only 1 GPU: all_reduce over 1 rank is a copy; bus bandwidth is 0 by definition "
          "(factor 2(n-1)/n), so algorithm bandwidth is reported\n");
    }
  }
  int failures = check(*mesh, ranks, false) + check(*mesh, ranks, true);
  const double factor = 2.0 * (ranks - 1) / ranks;
  if (lead) {
    std::printf("\nall_reduce f32 sum (median of 20 after 3 warm-ups, member 0's stream)\n");
    std::printf("%12s | %10s %10s %10s | %10s %10s %10s | %7s\n", "bytes", "NCCL ms", "algbw GB/s",
                "busbw GB/s", "det ms", "algbw GB/s", "busbw GB/s", "det/NCCL");
  }
  for (int64_t bytes = 1 << 12; bytes <= (int64_t{1} << 30); bytes *= 4) {
    int64_t count = bytes / 4;
    Buffers buf(*mesh, static_cast<size_t>(bytes));
    double ms[2];
    for (int det = 0; det < 2; ++det) {
      bench::require_cuda(cudaSetDevice(mesh->device(0)), "cudaSetDevice");
      ms[det] = bench::median_ms(mesh->stream(0), 3, 20, [&] {
        bench::require(mesh->all_reduce(0, buf.csend(), buf.recv, count, LibDtype::kF32,
                                        ReduceOp::kSum, det == 1),
                       "all_reduce");
        bench::require(mesh->synchronize(), "synchronize");
        // synchronize() visits every device; the timing events live on member 0's.
        bench::require_cuda(cudaSetDevice(mesh->device(0)), "cudaSetDevice");
      });
    }
    if (lead) {
      auto alg = [&](double t) { return double(bytes) / (t * 1e-3) / 1e9; };
      std::printf("%12ld | %10.3f %10.1f %10.1f | %10.3f %10.1f %10.1f | %7.2f\n", long(bytes),
                  ms[0], alg(ms[0]), alg(ms[0]) * factor, ms[1], alg(ms[1]), alg(ms[1]) * factor,
                  ms[1] / ms[0]);
    }
  }
  if (lead) {
    std::printf(
        "det/NCCL = deterministic time / NCCL time; the deterministic path moves n times "
        "the data (all_gather) and adds the fold kernel; times include the host's "
        "synchronize\n");
  }
  return failures ? 1 : 0;
}
