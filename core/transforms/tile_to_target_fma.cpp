// Pass tile-to-target: f32 tile.mma (sequential model) as an scf.for over K, so the kernel's
// size does not grow with K (docs/ops/target/lowering.md). The operands' registers are spilled
// to per-lane local arrays once; each iteration k reads b(k, n) in its owner lane, broadcasts it
// by shfl.sync idx and folds fma(a(r, k), b, d) into every lane's accumulators. Every element's
// FMA chain still runs over k = 0, 1, ... from c, so the bits are those of the unrolled form.
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
  ir::Value* ld = spill(c.regs);
  ir::Value* full = cst_i32(-1);
  ir::AttrDict idx_mode;
  idx_mode.set("mode", ir::Attr::string_attr("idx"));
  ir::Op* loop = emit("scf.for", {cst_index(0), cst_index(K), cst_index(1)}, {});
  loop->regions.emplace_back();
  loop->regions[0].blocks.push_back(std::make_unique<ir::Block>());
  ir::Block* body = loop->regions[0].blocks.back().get();
  body->parent = loop;
  ir::Value* k = body->add_arg(ix, "k");
  {
    Scope s(*this, body);
    // b as [K, N]: (k, n) in lane k % 32, slot (k / 32) N + n; as [N, K]: lane n % 32, slot
    // (n / 32) K + k.
    ir::Value* kl = emit1("arith.remsi", {k, cst_index(kLanes)}, ix);
    ir::Value* kq = emit1("arith.divsi", {k, cst_index(kLanes)}, ix);
    ir::Value* owner = emit1("arith.index_cast", {kl}, i32);
    ir::Value* brow = mul(kq, cst_index(N));
    std::vector<ir::Value*> av;  // a(r, k) of each row block, read once per iteration
    for (int64_t mb = 0; mb < M / kLanes; ++mb)
      av.push_back(emit1("tessera_nvidia.ld", {la, add_c(k, mb * K)}, f));
    for (int64_t n = 0; n < N; ++n) {
      ir::Value* slot = bcol ? add_c(k, (n / kLanes) * K) : add_c(brow, n);
      ir::Value* mine = emit1("tessera_nvidia.ld", {lb, slot}, f);
      ir::Value* src = bcol ? cst_i32(n % kLanes) : owner;
      ir::Value* bv = emit1("tessera_nvidia.shfl_sync", {mine, src, full}, f, idx_mode);
      for (int64_t mb = 0; mb < M / kLanes; ++mb) {
        ir::Value* di = cst_index(mb * N + n);
        ir::Value* acc = emit1("tessera_nvidia.ld", {ld, di}, f);
        emit("tessera_nvidia.st",
             {emit1("tessera_nvidia.fma", {av[static_cast<size_t>(mb)], bv, acc}, f), ld, di}, {});
      }
    }
    emit("scf.yield", {}, {});
  }
  Lowered d = c;
  for (size_t r = 0; r < d.regs.size(); ++r)
    d.regs[r] = emit1("tessera_nvidia.ld", {ld, cst_index(static_cast<int64_t>(r))}, f);
  set(op.result(0), d);
}

}  // namespace tessera::transforms::t2t
