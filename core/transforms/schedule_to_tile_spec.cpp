// tessera.spec_accept as a scalar kernel (docs/ops/schedule/lowering.md, "Speculative
// decoding"): the greedy longest-prefix acceptance of interp/graph/kernels_spec_accept.cpp on
// i32 token ids, one group. The sampling forms stay: spec_accept_sample's CDF inversion and
// spec_accept_tree_sample's std::exp (the C library's, on f64) are not lowered.
#include "core/transforms/schedule_to_tile_models.h"

#include "core/transforms/schedule_to_tile_text.h"

namespace tessera::transforms {

using namespace scalar_text;

ScalarKernel plan_spec_accept(const ir::Op& group, const std::string& name) {
  if (group.operands.size() != 2) return ScalarKernel::stay("without two operands");
  const ir::Type &d = group.operands[0]->type, &tg = group.operands[1]->type;
  if (!d.has_static_shape() || !tg.has_static_shape() || d.rank() != 2 || tg.rank() != 2 ||
      d.dtype != DType::i32 || tg.dtype != DType::i32)
    return ScalarKernel::stay("not a static shape");
  const int64_t paths = d.shape[0], depth = d.shape[1];
  // spec_accept_c1: P >= 1 (the Graph IR kernel fails on P = 0 at run time).
  if (paths == 0) return ScalarKernel::stay("no paths (spec_accept_c1 fails at run time)");
  Text t;
  t.k << header(name, {DType::i32, DType::i32}, DType::i32);
  const std::string pc = t.icst(paths), dc = t.icst(depth), tw = t.icst(depth + 1);
  // key = (len + 1) P + (P - 1 - path): a path replaces the best one only with a longer prefix
  // (the first path wins ties), as the Graph IR kernel's `len > best_len`; the initial key 0
  // is below every path's.
  const std::string key = t.fold(
      "%c0", pc, "%c1", "%c0", DType::index, [&](const std::string& p, const std::string& k) {
        const std::string drow = t.idx("arith.muli", p, dc), trow = t.idx("arith.muli", p, tw);
        // len: the first mismatch's column (a column i extends it only while len == i).
        const std::string len = t.fold(
            "%c0", dc, "%c1", "%c0", DType::index, [&](const std::string& i, const std::string& l) {
              const std::string dv = t.load("%in0", DType::i32, t.idx("arith.addi", drow, i));
              const std::string tv = t.load("%in1", DType::i32, t.idx("arith.addi", trow, i));
              const std::string same = t.cmp(dv, tv, "eq", DType::i32);
              const std::string r = t.logic("arith.andi", same, t.cmp(l, i, "eq", DType::index));
              return t.select(r, t.idx("arith.addi", i, "%c1"), l, DType::index);
            });
        const std::string rev = t.idx("arith.subi", t.idx("arith.subi", pc, "%c1"), p);
        const std::string nk =
            t.idx("arith.addi", t.idx("arith.muli", t.idx("arith.addi", len, "%c1"), pc), rev);
        return t.select(t.cmp(nk, k, "sgt", DType::index), nk, k, DType::index);
      });
  const std::string best_path =
      t.idx("arith.subi", t.idx("arith.subi", pc, "%c1"), t.idx("arith.remsi", key, pc));
  const std::string best_len = t.idx("arith.subi", t.idx("arith.divsi", key, pc), "%c1");
  const std::string tok =
      t.load("%in1", DType::i32, t.idx("arith.addi", t.idx("arith.muli", best_path, tw), best_len));
  t.store(t.un("arith.index_cast", best_path, DType::index, DType::i32), DType::i32, "%c0", "%c0");
  t.store(t.un("arith.index_cast", best_len, DType::index, DType::i32), DType::i32, "%c0", "%c1");
  t.store(tok, DType::i32, "%c0", t.icst(2));
  t.k << "    return\n  }\n";
  ScalarKernel s;
  s.kernel = t.k.str();
  s.grid = {1};
  s.flat = {paths * depth, paths * (depth + 1)};
  s.out_2d = {1, 3};
  return s;
}

}  // namespace tessera::transforms
