// tessera.kv_cache.append and tessera.kv_cache.read (tensor form) as scalar kernels
// (docs/ops/schedule/lowering.md, "KV cache"): the byte moves of the Graph IR kernels
// (interp/graph/kernels_kv_cache.cpp), one group per slice before the sequence axis. A position
// outside its range (kv_cache_append_c5, kv_cache_read_c5) selects an address past the end, so
// the first tile.store (append) or tile.load (read) of the window stops the run with the Tile
// and Target IR bounds error, as the Graph IR kernel stops.
#include "core/transforms/schedule_to_tile_reduce.h"

#include "core/transforms/schedule_to_tile_index.h"

namespace tessera::transforms {

namespace {

using namespace index_kernel;

// The copy loop `for e in [0, count)`: out[`row`, `col` + e] = `src`[`from` + e]; `p` prefixes
// its names.
void copy_loop(Kernel& k, const std::string& p, const std::string& count, const std::string& src,
               DType t, const std::string& from, const std::string& row, const std::string& col) {
  const std::string ts = ty(t), mo = "memref<?x?x" + ts + ">";
  k.k << "    \"scf.for\"(%c0, " << count << ", %c1) ({\n"
      << "    ^bb0(%" << p << "e: index):\n"
      << "      %" << p << "i = arith.addi " << from << ", %" << p << "e : index\n"
      << "      %" << p << "o = arith.addi " << col << ", %" << p << "e : index\n"
      << "      %" << p << "v = tile.load " << src << ", %" << p << "i : (memref<?x" << ts
      << ">, index) -> " << ts << "\n"
      << "      tile.store %" << p << "v, %out, " << row << ", %" << p << "o : (" << ts << ", "
      << mo << ", index, index) -> ()\n"
      << "      \"scf.yield\"() : () -> ()\n"
      << "    }) : (index, index, index) -> ()\n";
}

}  // namespace

ScalarKernel plan_kv_cache(const ir::Op& group, const ir::Op& op, const std::string& name) {
  const bool append = op.name == "tessera.kv_cache.append";
  if (group.operands.size() != (append ? 3u : 2u) || group.results.size() != 1)
    return ScalarKernel::stay("internal: the group's operands are not the op's");
  const ir::Type& cache = group.operands[0]->type;
  if (!cache.is_tensor())
    return ScalarKernel::stay("a !tessera.kv_cache handle (bookkeeping only, no contents)");
  const ir::Type& win = append ? group.operands[1]->type : group.result(0)->type;
  const ir::Type& pos = group.operands[append ? 2 : 1]->type;
  if (!cache.has_static_shape() || !win.has_static_shape() || cache.rank() < 1 ||
      win.rank() != cache.rank())
    return ScalarKernel::stay("not a static shape");
  if (!movable(cache.dtype)) return ScalarKernel::stay("no scalar register of " + ty(cache.dtype));
  if (!index_type(pos.dtype)) return ScalarKernel::stay("a position of " + ty(pos.dtype));
  int64_t axis = op.attrs.get_int("axis", -2);
  if (axis < -cache.rank() || axis >= cache.rank()) return ScalarKernel::stay("bad axis");
  if (axis < 0) axis += cache.rank();
  const std::optional<int64_t> cn = cache.num_elements(), wn = win.num_elements();
  int64_t outer = 0, inner = 0;
  if (!cn || !wn || !split(cache.shape, axis, outer, inner))
    return ScalarKernel::stay("too many elements");
  const int64_t seq = cache.shape[static_cast<size_t>(axis)];
  const int64_t len = win.shape[static_cast<size_t>(axis)];
  // An empty window moves nothing, so no access would check the position (c5): it stays.
  if (*cn == 0 || *wn == 0) return ScalarKernel::stay("an empty tensor");
  if (len > seq) return ScalarKernel::stay("a window longer than the cache");
  const std::string t = ty(cache.dtype), tp = ty(pos.dtype);
  Kernel k;
  k.k << "  func.func @" << name << "(%in0: memref<?x" << t << ">, ";
  if (append) k.k << "%in1: memref<?x" << t << ">, ";
  const std::string pm = append ? "%in2" : "%in1";
  k.k << pm << ": memref<?x" << tp << ">, %out: memref<?x?x" << t << ">) {\n"
      << "    %g = tile.group_id {dim = 0} : index\n";
  k.cst("%c0", 0);
  k.cst("%c1", 1);
  k.cst("%n", seq - len + 1);  // the valid positions [0, S - T]
  k.cst("%inner", inner);
  k.cst("%sw", seq * inner);  // one slice of the cache (<= its element count)
  k.cst("%ww", len * inner);  // one slice of the window
  k.op("%base", "arith.muli", "%g", "%sw");
  k.op("%wbase", "arith.muli", "%g", "%ww");
  ScalarKernel s;
  if (append) {
    // The slice of the cache, then the entries at pos * inner; a bad position stores to row
    // `outer`, past the result's end.
    copy_loop(k, "c", "%sw", "%in0", cache.dtype, "%base", "%g", "%c0");
    k.cst("%outer", outer);
    k.checked(pos.dtype, "%c0", "%c0", "%c0", pm);
    k.k << "    %row = arith.select %ok, %g, %outer : (i1, index, index) -> index\n";
    copy_loop(k, "w", "%ww", "%in1", cache.dtype, "%wbase", "%row", "%at");
    s.flat = {*cn, *wn, 1};
    s.out_2d = {outer, seq * inner};
  } else {
    // The window from base + start * inner; a bad start reads from the cache's end.
    k.cst("%end", *cn);
    k.checked(pos.dtype, "%c0", "%base", "%end", pm);
    copy_loop(k, "w", "%ww", "%in0", cache.dtype, "%at", "%g", "%c0");
    s.flat = {*cn, 1};
    s.out_2d = {outer, len * inner};
  }
  k.k << "    return\n  }\n";
  s.kernel = k.k.str();
  s.grid = {outer};
  return s;
}

}  // namespace tessera::transforms
