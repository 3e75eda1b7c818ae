// Pass tile-to-target: f32 tile.mma (sequential model) as scf.for loops over K, so the kernel's
// size does not grow with K (docs/ops/target/lowering.md). a and b are spilled to per-lane
// local arrays once (a register slot cannot be indexed by k); the accumulators are the loop's
// carried values. Iteration k reads b(k, n) in its owner lane, broadcasts it by shfl.sync idx
// and folds fma(a(r, k), b, d) into every lane's accumulators. Every element's
// FMA chain still runs over k = 0, 1, ... from c, so the bits are those of the unrolled form.
#include <algorithm>

#include "core/transforms/tile_to_target_impl.h"

namespace tessera::transforms::t2t {

void Lowering::mma_fma_loop(const ir::Op& op, const Lowered& a, const Lowered& b, const Lowered& c,
                            bool bcol) {
  const int64_t M = a.rows, K = a.cols, N = c.cols;
  const ir::Type ix = ir::Type::scalar(DType::index), i32 = ir::Type::scalar(DType::i32);
  const ir::Type f = ir::Type::scalar(DType::f32);
  auto spill = [&](const std::vector<ir::Value*>& regs) {
    const auto n = static_cast<int64_t>(regs.size());
    ir::Value* buf =
        emit1("tessera_nvidia.alloc_local", {}, ir::Type::memref(DType::f32, {n}, kLocalSpace));
    for (int64_t k = 0; k < n; ++k)
      emit("tessera_nvidia.st", {regs[static_cast<size_t>(k)], buf, cst_index(k)}, {});
    return buf;
  };
  ir::Value* la = spill(a.regs);
  ir::Value* lb = spill(b.regs);
  ir::Value* full = cst_i32(-1);
  ir::AttrDict idx_mode;
  idx_mode.set("mode", ir::Attr::string_attr("idx"));
  // The accumulators are the loops' carried values (registers, no local memory). b as [K, N]
  // holds (k, n) in lane k % 32, slot (k / 32) N + n; as [N, K] in lane n % 32, slot
  // (n / 32) K + k. For [K, N] one loop per 32 values of k, in increasing order (the chains
  // continue from loop to loop), so that each slot is a constant.
  std::vector<ir::Value*> carried = c.regs;
  const int64_t step = bcol ? K : kLanes;
  for (int64_t lo = 0; lo < K; lo += step) {
    std::vector<ir::Value*> in = {cst_index(lo), cst_index(std::min(K, lo + step)), cst_index(1)};
    in.insert(in.end(), carried.begin(), carried.end());
    ir::Op* loop = emit("scf.for", in, std::vector<ir::Type>(carried.size(), f));
    loop->regions.emplace_back();
    loop->regions[0].blocks.push_back(std::make_unique<ir::Block>());
    ir::Block* body = loop->regions[0].blocks.back().get();
    body->parent = loop;
    ir::Value* k = body->add_arg(ix, "k");
    std::vector<ir::Value*> acc;
    for (size_t r = 0; r < carried.size(); ++r) acc.push_back(body->add_arg(f));
    {
      Scope s(*this, body);
      ir::Value* owner =
          bcol ? nullptr
               : emit1("arith.index_cast", {emit1("arith.remsi", {k, cst_index(kLanes)}, ix)}, i32);
      std::vector<ir::Value*> av;  // a(r, k) of each row block, read once per iteration
      for (int64_t mb = 0; mb < M / kLanes; ++mb)
        av.push_back(emit1("tessera_nvidia.ld", {la, add_c(k, mb * K)}, f));
      std::vector<ir::Value*> col_blocks;  // [N, K]: the lane's b(n, k) of each 32 columns
      for (int64_t n = 0; n < N; ++n) {
        ir::Value* mine = nullptr;
        if (bcol) {
          const auto nb = static_cast<size_t>(n / kLanes);
          if (col_blocks.size() <= nb)
            col_blocks.push_back(emit1("tessera_nvidia.ld", {lb, add_c(k, (n / kLanes) * K)}, f));
          mine = col_blocks[nb];
        } else {
          mine = emit1("tessera_nvidia.ld", {lb, cst_index((lo / kLanes) * N + n)}, f);
        }
        ir::Value* src = bcol ? cst_i32(n % kLanes) : owner;
        ir::Value* bv = emit1("tessera_nvidia.shfl_sync", {mine, src, full}, f, idx_mode);
        for (int64_t mb = 0; mb < M / kLanes; ++mb) {
          ir::Value*& d = acc[static_cast<size_t>(mb * N + n)];
          d = emit1("tessera_nvidia.fma", {av[static_cast<size_t>(mb)], bv, d}, f);
        }
      }
      emit("scf.yield", acc, {});
    }
    for (size_t r = 0; r < carried.size(); ++r) carried[r] = loop->result(r);
  }
  Lowered d = c;
  d.regs = carried;
  set(op.result(0), d);
}

}  // namespace tessera::transforms::t2t
