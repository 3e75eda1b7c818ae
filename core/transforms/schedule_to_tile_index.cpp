// tessera.gather, tessera.embedding and tessera.scatter as scalar kernels
// (docs/ops/schedule/lowering.md, "Indexing"): the element moves of the Graph IR kernels
// (interp/graph/kernels_index.cpp). An index outside [0, n) selects the address one past the
// operand's end, so the tile.load or tile.store that follows stops the run with the Tile and
// Target IR bounds error, as gather_c4, embedding_c4 and scatter_c6 stop the Graph IR kernel.
#include "core/transforms/schedule_to_tile_reduce.h"

#include "core/transforms/schedule_to_tile_index.h"

namespace tessera::transforms {

namespace {

using namespace index_kernel;

// gather and embedding: out[o, j, :] = src[o, idx[j], :], one group per output row (o, j).
ScalarKernel plan_take(const ir::Op& group, int64_t axis, const std::string& name) {
  if (group.operands.size() != 2) return ScalarKernel::stay("without two operands");
  const ir::Type& src = group.operands[0]->type;
  const ir::Type& idx = group.operands[1]->type;
  if (!src.has_static_shape() || !idx.has_static_shape() || src.rank() < 1)
    return ScalarKernel::stay("not a static shape");
  if (!movable(src.dtype)) return ScalarKernel::stay("no scalar register of " + ty(src.dtype));
  if (!index_type(idx.dtype)) return ScalarKernel::stay("indices of " + ty(idx.dtype));
  if (axis < 0) axis += src.rank();
  const std::optional<int64_t> sn = src.num_elements(), m = idx.num_elements();
  int64_t outer = 0, inner = 0, rows = 0;
  if (!sn || !m || !split(src.shape, axis, outer, inner) ||
      __builtin_mul_overflow(outer, *m, &rows))
    return ScalarKernel::stay("too many elements");
  if (rows == 0 || inner == 0) return ScalarKernel::stay("an empty tensor");
  const int64_t n = src.shape[static_cast<size_t>(axis)];
  const std::string t = ty(src.dtype);
  Kernel k;
  k.k << "  func.func @" << name << "(%in0: memref<?x" << t << ">, %in1: memref<?x" << ty(idx.dtype)
      << ">, %out: memref<?x?x" << t << ">) {\n"
      << "    %g = tile.group_id {dim = 0} : index\n";
  k.cst("%c0", 0);
  k.cst("%c1", 1);
  k.cst("%m", *m);
  k.cst("%n", n);
  k.cst("%inner", inner);
  k.cst("%end", *sn);
  k.op("%o", "arith.divsi", "%g", "%m");
  k.op("%j", "arith.remsi", "%g", "%m");
  k.op("%on", "arith.muli", "%o", "%n");
  k.op("%base", "arith.muli", "%on", "%inner");
  k.checked(idx.dtype, "%j", "%base", "%end");
  k.k << "    \"scf.for\"(%c0, %inner, %c1) ({\n"
      << "    ^bb0(%c: index):\n"
      << "      %i = arith.addi %at, %c : index\n"
      << "      %v = tile.load %in0, %i : (memref<?x" << t << ">, index) -> " << t << "\n"
      << "      tile.store %v, %out, %g, %c : (" << t << ", memref<?x?x" << t
      << ">, index, index) -> ()\n"
      << "      \"scf.yield\"() : () -> ()\n"
      << "    }) : (index, index, index) -> ()\n"
      << "    return\n  }\n";
  ScalarKernel s;
  s.kernel = k.k.str();
  s.grid = {rows};
  s.flat = {*sn, *m};
  s.out_2d = {rows, inner};
  return s;
}

bool add_type(DType t) {
  return t == DType::f32 || t == DType::f64 || t == DType::i8 || t == DType::i16 ||
         t == DType::i32 || t == DType::i64;
}

}  // namespace

ScalarKernel plan_index(const ir::Op& group, const ir::Op& op, const std::string& name) {
  if (op.name == "tessera.embedding") return plan_take(group, 0, name);
  if (op.name == "tessera.gather") return plan_take(group, op.attrs.get_int("axis", 0), name);
  // tessera.scatter: one group per outer slice copies dst, then applies the updates in C order
  // of `updates` (kernel_Scatter's order for duplicate indices).
  if (group.operands.size() != 3) return ScalarKernel::stay("scatter without three operands");
  const ir::Type& dst = group.operands[0]->type;
  const ir::Type& idx = group.operands[1]->type;
  const ir::Type& upd = group.operands[2]->type;
  if (!dst.has_static_shape() || !idx.has_static_shape() || !upd.has_static_shape() ||
      dst.rank() < 1)
    return ScalarKernel::stay("not a static shape");
  const DType dt = dst.dtype;
  if (!movable(dt)) return ScalarKernel::stay("no scalar register of " + ty(dt));
  if (!index_type(idx.dtype)) return ScalarKernel::stay("indices of " + ty(idx.dtype));
  const bool add = op.attrs.get_string("reduction", "none") == "add";
  if (add && !add_type(dt)) return ScalarKernel::stay("scatter add of " + ty(dt));
  int64_t axis = op.attrs.get_int("axis", 0);
  if (axis < 0) axis += dst.rank();
  const std::optional<int64_t> dn = dst.num_elements(), m = idx.num_elements(),
                               un = upd.num_elements();
  int64_t outer = 0, inner = 0;
  if (!dn || !m || !un || !split(dst.shape, axis, outer, inner))
    return ScalarKernel::stay("too many elements");
  if (*dn == 0 || *m == 0 || inner == 0) return ScalarKernel::stay("an empty tensor");
  const int64_t n = dst.shape[static_cast<size_t>(axis)], w = n * inner;  // w <= *dn
  const std::string t = ty(dt), mo = "memref<?x?x" + t + ">";
  Kernel k;
  k.k << "  func.func @" << name << "(%in0: memref<?x" << t << ">, %in1: memref<?x" << ty(idx.dtype)
      << ">, %in2: memref<?x" << t << ">, %out: " << mo << ") {\n"
      << "    %g = tile.group_id {dim = 0} : index\n";
  k.cst("%c0", 0);
  k.cst("%c1", 1);
  k.cst("%m", *m);
  k.cst("%n", n);
  k.cst("%inner", inner);
  k.cst("%w", w);
  k.cst("%outer", outer);
  k.op("%base", "arith.muli", "%g", "%w");
  k.op("%gm", "arith.muli", "%g", "%m");
  k.k << "    \"scf.for\"(%c0, %w, %c1) ({\n"
      << "    ^bb0(%e: index):\n"
      << "      %di = arith.addi %base, %e : index\n"
      << "      %dv = tile.load %in0, %di : (memref<?x" << t << ">, index) -> " << t << "\n"
      << "      tile.store %dv, %out, %g, %e : (" << t << ", " << mo << ", index, index) -> ()\n"
      << "      \"scf.yield\"() : () -> ()\n"
      << "    }) : (index, index, index) -> ()\n"
      << "    \"scf.for\"(%c0, %m, %c1) ({\n"
      << "    ^bb0(%j: index):\n";
  // The checked column of update j; an index out of range selects row `outer`, past the end.
  Kernel body;
  body.checked(idx.dtype, "%j", "%c0", "%c0");
  body.k << "    %row = arith.select %ok, %g, %outer : (i1, index, index) -> index\n";
  std::istringstream lines(body.k.str());
  for (std::string line; std::getline(lines, line);) k.k << "  " << line << "\n";
  k.k << "      %uj = arith.addi %gm, %j : index\n"
      << "      %ub = arith.muli %uj, %inner : index\n"
      << "      \"scf.for\"(%c0, %inner, %c1) ({\n"
      << "      ^bb0(%c: index):\n"
      << "        %col = arith.addi %at, %c : index\n"
      << "        %ui = arith.addi %ub, %c : index\n"
      << "        %u = tile.load %in2, %ui : (memref<?x" << t << ">, index) -> " << t << "\n";
  std::string v = "%u";
  if (add) {
    const bool f = dt == DType::f32 || dt == DType::f64;
    k.k << "        %old = tile.load %out, %row, %col : (" << mo << ", index, index) -> " << t
        << "\n"
        << "        %sum = " << (f ? "arith.addf" : "arith.addi") << " %old, %u : (" << t << ", "
        << t << ") -> " << t << "\n";
    v = "%sum";
  }
  k.k << "        tile.store " << v << ", %out, %row, %col : (" << t << ", " << mo
      << ", index, index) -> ()\n"
      << "        \"scf.yield\"() : () -> ()\n"
      << "      }) : (index, index, index) -> ()\n"
      << "      \"scf.yield\"() : () -> ()\n"
      << "    }) : (index, index, index) -> ()\n"
      << "    return\n  }\n";
  ScalarKernel s;
  s.kernel = k.k.str();
  s.grid = {outer};
  s.flat = {*dn, *m, *un};
  s.out_2d = {outer, w};
  return s;
}

}  // namespace tessera::transforms
