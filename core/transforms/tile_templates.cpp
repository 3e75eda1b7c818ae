// Tile IR kernel texts of the Schedule -> Tile lowering (docs/ops/schedule/lowering.md). The
// shapes follow the seed kernels examples/tile/gemm.mlir and examples/tile/flash_attention.mlir,
// parameterised by the group's schedule.
#include "core/transforms/tile_templates.h"

#include <sstream>

#include "core/ir/attribute.h"

namespace tessera::transforms {

namespace {

// Replaces every `$key` of `text` by its value (keys are tried longest first by the caller).
std::string fill(std::string text, const std::vector<std::pair<std::string, std::string>>& kv) {
  for (const auto& [k, v] : kv) {
    const std::string key = "$" + k;
    for (size_t p = text.find(key); p != std::string::npos; p = text.find(key, p + v.size()))
      text.replace(p, key.size(), v);
  }
  return text;
}

// The type after ':' of a step on `reg` tiles: arith ops take the short form, tile ops (unary
// tile.sqrt) the function type.
std::string type_of(const char* op, const std::string& reg) {
  return std::string_view(op).starts_with("tile.") ? "(" + reg + ") -> " + reg : reg;
}

constexpr const char* kGemm =
    R"(  func.func @$NAME(%a: memref<?x?x$T>, %b: memref<?x?x$T>, $EXTRA%c: memref<?x?xf32>) {
    %t = tile.local_id : index
    %gm = tile.group_id {dim = 0} : index
    %gn = tile.group_id {dim = 1} : index
    %c0 = arith.constant {value = 0 : index} : index
    %c1 = arith.constant {value = 1 : index} : index
    %c2 = arith.constant {value = 2 : index} : index
    %c32 = arith.constant {value = 32 : index} : index
    %cbm = arith.constant {value = $BM : index} : index
    %cbn = arith.constant {value = $BN : index} : index
    %cbk = arith.constant {value = $BK : index} : index
    %ccols = arith.constant {value = $COLS : index} : index
    %kdim = tile.dim %a {dim = 1} : (memref<?x?x$T>) -> index
$NK    %kfull = arith.muli %nk, %cbk : index
    %koff = arith.subi %kdim, %kfull : index
    %m0 = arith.muli %gm, %cbm : index
    %n0 = arith.muli %gn, %cbn : index
    %tm = arith.divsi %t, %ccols : index
    %tn = arith.remsi %t, %ccols : index
    %qm = arith.muli %tm, %c32 : index
    %qn = arith.muli %tn, %c32 : index
    %sa0 = tile.alloc_shared $SWZ: memref<$BMx$BKx$T, 3>
    %sa1 = tile.alloc_shared $SWZ: memref<$BMx$BKx$T, 3>
    %sb0 = tile.alloc_shared {padding = $PAD} : memref<$BKx$BNx$T, 3>
    %sb1 = tile.alloc_shared {padding = $PAD} : memref<$BKx$BNx$T, 3>
    %is_a = arith.cmpi %t, %c0 {predicate = 0} : (index, index) -> i1
    %is_b = arith.cmpi %t, %c1 {predicate = 0} : (index, index) -> i1
    "scf.if"(%is_a) ({
      tile.async_copy %a, %sa0, %m0, %koff {mask = true} : (memref<?x?x$T>, memref<$BMx$BKx$T, 3>, index, index) -> ()
      "scf.yield"() : () -> ()
    }, { "scf.yield"() : () -> () }) : (i1) -> ()
    "scf.if"(%is_b) ({
      tile.async_copy %b, %sb0, %koff, %n0 {mask = true} : (memref<?x?x$T>, memref<$BKx$BNx$T, 3>, index, index) -> ()
      "scf.yield"() : () -> ()
    }, { "scf.yield"() : () -> () }) : (i1) -> ()
    tile.commit_group : () -> ()
    %zero = tile.zeros : tensor<32x32xf32>
    %acc = "scf.for"(%c0, %nk, %c1, %zero) ({
    ^bb0(%kb: index, %acc_in: tensor<32x32xf32>):
      %stage = arith.remsi %kb, %c2 : index
      %even = arith.cmpi %stage, %c0 {predicate = 0} : (index, index) -> i1
      %cur_a = arith.select %even, %sa0, %sa1 : (i1, memref<$BMx$BKx$T, 3>, memref<$BMx$BKx$T, 3>) -> memref<$BMx$BKx$T, 3>
      %cur_b = arith.select %even, %sb0, %sb1 : (i1, memref<$BKx$BNx$T, 3>, memref<$BKx$BNx$T, 3>) -> memref<$BKx$BNx$T, 3>
      %nxt_a = arith.select %even, %sa1, %sa0 : (i1, memref<$BMx$BKx$T, 3>, memref<$BMx$BKx$T, 3>) -> memref<$BMx$BKx$T, 3>
      %nxt_b = arith.select %even, %sb1, %sb0 : (i1, memref<$BKx$BNx$T, 3>, memref<$BKx$BNx$T, 3>) -> memref<$BKx$BNx$T, 3>
      %kn = arith.addi %kb, %c1 : index
      %more = arith.cmpi %kn, %nk {predicate = 2} : (index, index) -> i1
      %kstep = arith.muli %kn, %cbk : index
      %ka = arith.addi %kstep, %koff : index
      %issue_a = arith.andi %more, %is_a : i1
      %issue_b = arith.andi %more, %is_b : i1
      "scf.if"(%issue_a) ({
        tile.async_copy %a, %nxt_a, %m0, %ka {mask = true} : (memref<?x?x$T>, memref<$BMx$BKx$T, 3>, index, index) -> ()
        "scf.yield"() : () -> ()
      }, { "scf.yield"() : () -> () }) : (i1) -> ()
      "scf.if"(%issue_b) ({
        tile.async_copy %b, %nxt_b, %ka, %n0 {mask = true} : (memref<?x?x$T>, memref<$BKx$BNx$T, 3>, index, index) -> ()
        "scf.yield"() : () -> ()
      }, { "scf.yield"() : () -> () }) : (i1) -> ()
      tile.commit_group : () -> ()
      tile.wait_group {n = 1} : () -> ()
      tile.barrier : () -> ()
      %ta = tile.load_tile %cur_a, %qm, %c0 : (memref<$BMx$BKx$T, 3>, index, index) -> tensor<32x$BKx$T>
      %tb = tile.load_tile %cur_b, %c0, %qn : (memref<$BKx$BNx$T, 3>, index, index) -> tensor<$BKx32x$T>
      %acc_out = tile.mma %ta, %tb, %acc_in : (tensor<32x$BKx$T>, tensor<$BKx32x$T>, tensor<32x32xf32>) -> tensor<32x32xf32>
      tile.barrier : () -> ()
      "scf.yield"(%acc_out) : (tensor<32x32xf32>) -> ()
    }) : (index, index, index, tensor<32x32xf32>) -> tensor<32x32xf32>
    %rm = arith.addi %m0, %qm : index
    %rn = arith.addi %n0, %qn : index
$EPI    tile.store_tile $OUT, %c, %rm, %rn {mask = true} : (tensor<32x32xf32>, memref<?x?xf32>, index, index) -> ()
    return
  }
)";

constexpr const char* kAttention =
    R"(  func.func @$NAME(%q: memref<?x?x?x64xf32>, %k: memref<?x?x?x64xf32>,
                         %v: memref<?x?x?x64xf32>, %o: memref<?x?x?x64xf32>) {
    %t = tile.local_id : index
    %g = tile.group_id {dim = 0} : index
    %h = tile.group_id {dim = 1} : index
    %b = tile.group_id {dim = 2} : index
    %c0 = arith.constant {value = 0 : index} : index
    %c1 = arith.constant {value = 1 : index} : index
    %c32 = arith.constant {value = 32 : index} : index
    %c64 = arith.constant {value = 64 : index} : index
    %scale = arith.constant {value = $SCALE : f32} : f32
    %sk = tile.alloc_shared : memref<64x64xf32, 3>
    %sv = tile.alloc_shared : memref<64x64xf32, 3>
    %gq = arith.muli %g, %c64 : index
    %tq = arith.muli %t, %c32 : index
    %q0 = arith.addi %gq, %tq : index
    %qt = tile.load_tile %q, %b, %h, %q0, %c0 : (memref<?x?x?x64xf32>, index, index, index, index) -> tensor<32x64xf32>
    %m_init = tile.full {value = 0xFF800000 : f32} : tensor<32xf32>
    %l_init = tile.zeros : tensor<32xf32>
    %acc_init = tile.zeros : tensor<32x64xf32>
    %s_zero = tile.zeros : tensor<32x64xf32>
    %scale_t = tile.broadcast %scale : (f32) -> tensor<32x64xf32>
    %seq = tile.dim %k {dim = 2} : (memref<?x?x?x64xf32>) -> index
    %all = arith.divsi %seq, %c64 : index
    %diag = arith.addi %g, %c1 : index
    %nkb = $NKB
    %is_k = arith.cmpi %t, %c0 {predicate = 0} : (index, index) -> i1
    %m, %l, %acc = "scf.for"(%c0, %nkb, %c1, %m_init, %l_init, %acc_init) ({
    ^bb0(%kb: index, %m_i: tensor<32xf32>, %l_i: tensor<32xf32>, %acc_i: tensor<32x64xf32>):
      %k0 = arith.muli %kb, %c64 : index
      "scf.if"(%is_k) ({
        tile.async_copy %k, %sk, %b, %h, %k0, %c0 : (memref<?x?x?x64xf32>, memref<64x64xf32, 3>, index, index, index, index) -> ()
        "scf.yield"() : () -> ()
      }, {
        tile.async_copy %v, %sv, %b, %h, %k0, %c0 : (memref<?x?x?x64xf32>, memref<64x64xf32, 3>, index, index, index, index) -> ()
        "scf.yield"() : () -> ()
      }) : (i1) -> ()
      tile.commit_group : () -> ()
      tile.wait_group {n = 0} : () -> ()
      tile.barrier : () -> ()
      %kt = tile.load_tile %sk, %c0, %c0 : (memref<64x64xf32, 3>, index, index) -> tensor<64x64xf32>
      %vt = tile.load_tile %sv, %c0, %c0 : (memref<64x64xf32, 3>, index, index) -> tensor<64x64xf32>
      %dots = tile.mma %qt, %kt, %s_zero {layout_b = "col"} : (tensor<32x64xf32>, tensor<64x64xf32>, tensor<32x64xf32>) -> tensor<32x64xf32>
      %scaled = arith.mulf %dots, %scale_t : tensor<32x64xf32>
      $MASK
      %rmax = tile.row_max %s : (tensor<32x64xf32>) -> tensor<32xf32>
      %m_new = tile.maximum %m_i, %rmax : (tensor<32xf32>, tensor<32xf32>) -> tensor<32xf32>
      %dm = arith.subf %m_i, %m_new : tensor<32xf32>
      %alpha = tile.exp %dm : (tensor<32xf32>) -> tensor<32xf32>
      %l_scaled = arith.mulf %l_i, %alpha : tensor<32xf32>
      %m_rows = tile.broadcast %m_new : (tensor<32xf32>) -> tensor<32x64xf32>
      %shift = arith.subf %s, %m_rows : tensor<32x64xf32>
      %p = tile.exp %shift : (tensor<32x64xf32>) -> tensor<32x64xf32>
      %l_new = tile.row_sum %p, %l_scaled : (tensor<32x64xf32>, tensor<32xf32>) -> tensor<32xf32>
      %alpha_rows = tile.broadcast %alpha : (tensor<32xf32>) -> tensor<32x64xf32>
      %acc_scaled = arith.mulf %acc_i, %alpha_rows : tensor<32x64xf32>
      %acc_new = tile.mma %p, %vt, %acc_scaled : (tensor<32x64xf32>, tensor<64x64xf32>, tensor<32x64xf32>) -> tensor<32x64xf32>
      tile.barrier : () -> ()
      "scf.yield"(%m_new, %l_new, %acc_new) : (tensor<32xf32>, tensor<32xf32>, tensor<32x64xf32>) -> ()
    }) : (index, index, index, tensor<32xf32>, tensor<32xf32>, tensor<32x64xf32>) -> (tensor<32xf32>, tensor<32xf32>, tensor<32x64xf32>)
    %l_rows = tile.broadcast %l : (tensor<32xf32>) -> tensor<32x64xf32>
    %out = arith.divf %acc, %l_rows : tensor<32x64xf32>
    tile.store_tile %out, %o, %b, %h, %q0, %c0 : (tensor<32x64xf32>, memref<?x?x?x64xf32>, index, index, index, index) -> ()
    return
  }
)";

}  // namespace

std::string elementwise_kernel(const std::string& name, int64_t width, int inputs,
                               const std::vector<ElementwiseStep>& steps, int result) {
  (void)width;  // the kernel is shape-generic; the launch grid covers the tensor
  const std::string mem = "memref<?x?xf32>", reg = "tensor<32x64xf32>";
  std::ostringstream k;
  k << "  func.func @" << name << "(";
  for (int i = 0; i < inputs; ++i) k << "%in" << i << ": " << mem << ", ";
  k << "%out: " << mem << ") {\n";
  k << "    %g = tile.group_id {dim = 0} : index\n"
    << "    %h = tile.group_id {dim = 1} : index\n"
    << "    %c32 = arith.constant {value = 32 : index} : index\n"
    << "    %c64 = arith.constant {value = 64 : index} : index\n"
    << "    %r0 = arith.muli %g, %c32 : index\n"
    << "    %k0 = arith.muli %h, %c64 : index\n";
  for (int i = 0; i < inputs; ++i)
    k << "    %v" << i << " = tile.load_tile %in" << i << ", %r0, %k0 {mask = true} : (" << mem
      << ", index, index) -> " << reg << "\n";
  for (const ElementwiseStep& st : steps)
    if (st.b == kZeroTile) {
      k << "    %zero = tile.zeros : " << reg << "\n";
      break;
    }
  for (size_t s = 0; s < steps.size(); ++s) {
    k << "    %v" << inputs + static_cast<int>(s) << " = " << steps[s].op << " %v" << steps[s].a;
    if (steps[s].b >= 0) k << ", %v" << steps[s].b;
    if (steps[s].b == kZeroTile) k << ", %zero";
    k << " : " << type_of(steps[s].op, reg) << "\n";
  }
  k << "    tile.store_tile %v" << result << ", %out, %r0, %k0 {mask = true} : (" << reg << ", "
    << mem << ", index, index) -> ()\n    return\n  }\n";
  return k.str();
}

std::string norm_kernel(const std::string& name, int64_t width, bool centre, bool gamma, bool beta,
                        float eps) {
  const std::string mem = "memref<?x?xf32>", w = std::to_string(width);
  const std::string reg = "tensor<32x" + w + "xf32>", col = "tensor<32xf32>";
  auto f32 = [](double v) { return ir::format_float(v, DType::f32); };
  auto load = [&](const std::string& v, const std::string& m) {
    return "    " + v + " = tile.load_tile " + m + ", %r0, %c0 {mask = true} : (" + mem +
           ", index, index) -> " + reg + "\n";
  };
  std::ostringstream k;
  k << "  func.func @" << name << "(%in: " << mem << ", " << (gamma ? "%gm: " + mem + ", " : "")
    << (beta ? "%bt: " + mem + ", " : "") << "%out: " << mem << ") {\n"
    << "    %g = tile.group_id {dim = 0} : index\n"
    << "    %c0 = arith.constant {value = 0 : index} : index\n"
    << "    %c32 = arith.constant {value = 32 : index} : index\n"
    << "    %r0 = arith.muli %g, %c32 : index\n"
    << load("%x", "%in")
    << "    %n = tile.full {value = " << f32(static_cast<double>(static_cast<float>(width)))
    << " : f32} : " << col << "\n";
  // rmsnorm's d is x itself (the Graph IR kernel's x - 0 is x for every x).
  const std::string d = centre ? "%d" : "%x";
  if (centre)
    k << "    %s = tile.row_sum %x : (" << reg << ") -> " << col << "\n"
      << "    %mean = arith.divf %s, %n : " << col << "\n"
      << "    %mb = tile.broadcast %mean : (" << col << ") -> " << reg << "\n"
      << "    %d = arith.subf %x, %mb : " << reg << "\n";
  k << "    %dd = arith.mulf " << d << ", " << d << " : " << reg << "\n"
    << "    %sq = tile.row_sum %dd : (" << reg << ") -> " << col << "\n"
    << "    %var = arith.divf %sq, %n : " << col << "\n"
    << "    %eps = tile.full {value = " << f32(static_cast<double>(eps)) << " : f32} : " << col
    << "\n"
    << "    %ve = arith.addf %var, %eps : " << col << "\n"
    << "    %sd = tile.sqrt %ve : (" << col << ") -> " << col << "\n"
    << "    %one = tile.full {value = 1.0 : f32} : " << col << "\n"
    << "    %scale = arith.divf %one, %sd : " << col << "\n"
    << "    %sb = tile.broadcast %scale : (" << col << ") -> " << reg << "\n"
    << "    %y0 = arith.mulf " << d << ", %sb : " << reg << "\n";
  std::string y = "%y0";
  if (gamma) {
    k << load("%gt", "%gm") << "    %y1 = arith.mulf %y0, %gt : " << reg << "\n";
    y = "%y1";
  }
  if (beta) {
    k << load("%btt", "%bt") << "    %y2 = arith.addf " << y << ", %btt : " << reg << "\n";
    y = "%y2";
  }
  k << "    tile.store_tile " << y << ", %out, %r0, %c0 {mask = true} : (" << reg << ", " << mem
    << ", index, index) -> ()\n    return\n  }\n";
  return k.str();
}

std::string softmax_kernel(const std::string& name, int64_t width, bool log_form, bool safe) {
  const std::string mem = "memref<?x?xf32>", w = std::to_string(width);
  const std::string reg = "tensor<32x" + w + "xf32>", col = "tensor<32xf32>";
  std::ostringstream k;
  k << "  func.func @" << name << "(%in: " << mem << ", %out: " << mem << ") {\n"
    << "    %g = tile.group_id {dim = 0} : index\n"
    << "    %c0 = arith.constant {value = 0 : index} : index\n"
    << "    %c32 = arith.constant {value = 32 : index} : index\n"
    << "    %r0 = arith.muli %g, %c32 : index\n"
    << "    %x = tile.load_tile %in, %r0, %c0 {mask = true} : (" << mem << ", index, index) -> "
    << reg << "\n"
    << "    %m = tile.row_max %x : (" << reg << ") -> " << col << "\n"
    << "    %mb = tile.broadcast %m : (" << col << ") -> " << reg << "\n"
    << "    %d = arith.subf %x, %mb : " << reg << "\n"
    << "    %e = tile.exp %d : (" << reg << ") -> " << reg << "\n"
    << "    %s = tile.row_sum %e : (" << reg << ") -> " << col << "\n";
  if (log_form)  // log_softmax: (x - m) - log(s)
    k << "    %ls = tile.log %s : (" << col << ") -> " << col << "\n"
      << "    %lb = tile.broadcast %ls : (" << col << ") -> " << reg << "\n"
      << "    %y = arith.subf %d, %lb : " << reg << "\n";
  else
    k << "    %sb = tile.broadcast %s : (" << col << ") -> " << reg << "\n"
      << "    %y = arith.divf %e, %sb : " << reg << "\n";
  if (safe)  // a row whose max is -Inf holds -Inf only: +0 there (softmax_safe)
    k << "    %ninf = tile.full {value = 0xFF800000 : f32} : " << reg << "\n"
      << "    %zero = tile.full {value = 0.0 : f32} : " << reg << "\n"
      << "    %all = arith.cmpf %mb, %ninf {predicate = \"oeq\"} : (" << reg << ", " << reg
      << ") -> tensor<32x" << w << "xi1>\n"
      << "    %ys = arith.select %all, %zero, %y : (tensor<32x" << w << "xi1>, " << reg << ", "
      << reg << ") -> " << reg << "\n";
  k << "    tile.store_tile " << (safe ? "%ys" : "%y") << ", %out, %r0, %c0 {mask = true} : ("
    << reg << ", " << mem << ", index, index) -> ()\n    return\n  }\n";
  return k.str();
}

std::string row_reduce_kernel(const std::string& name, int64_t width, RowReduce kind) {
  const std::string mem = "memref<?x?xf32>", w = std::to_string(width);
  const std::string reg = "tensor<32x" + w + "xf32>", col = "tensor<32xf32>";
  std::ostringstream k;
  k << "  func.func @" << name << "(%in: " << mem << ", %out: " << mem << ") {\n"
    << "    %g = tile.group_id {dim = 0} : index\n"
    << "    %c0 = arith.constant {value = 0 : index} : index\n"
    << "    %c32 = arith.constant {value = 32 : index} : index\n"
    << "    %r0 = arith.muli %g, %c32 : index\n"
    << "    %x = tile.load_tile %in, %r0, %c0 {mask = true} : (" << mem << ", index, index) -> "
    << reg << "\n";
  switch (kind) {
    case RowReduce::sum:
      k << "    %r = tile.row_sum %x : (" << reg << ") -> " << col << "\n";
      break;
    case RowReduce::mean:
      // The sum chain, then one f32 division by the element count (tessera.reduce's mean).
      k << "    %s = tile.row_sum %x : (" << reg << ") -> " << col << "\n"
        << "    %n = tile.full {value = "
        << ir::format_float(static_cast<double>(static_cast<float>(width)), DType::f32)
        << " : f32} : " << col << "\n"
        << "    %r = arith.divf %s, %n : " << col << "\n";
      break;
    case RowReduce::max:
      k << "    %r = tile.row_max %x : (" << reg << ") -> " << col << "\n";
      break;
    case RowReduce::min:
      // min(a, b) = -max(-a, -b) exactly (negation is exact; -0 < +0 and NaN kept both ways).
      k << "    %nx = arith.negf %x : " << reg << "\n"
        << "    %nm = tile.row_max %nx : (" << reg << ") -> " << col << "\n"
        << "    %r = arith.negf %nm : " << col << "\n";
      break;
  }
  k << "    %rc = tile.broadcast %r : (" << col << ") -> tensor<32x1xf32>\n"
    << "    tile.store_tile %rc, %out, %r0, %c0 {mask = true} : (tensor<32x1xf32>, " << mem
    << ", index, index) -> ()\n    return\n  }\n";
  return k.str();
}

std::string gemm_kernel(const std::string& name, int64_t bm, int64_t bn, int64_t bk) {
  return gemm_kernel(name, bm, bn, bk, GemmEpilogue{});
}

std::string gemm_kernel(const std::string& name, int64_t bm, int64_t bn, int64_t bk,
                        const GemmEpilogue& e) {
  const std::string reg = "tensor<32x32xf32>";
  std::ostringstream extra, epi;
  auto val = [&](int v) { return v == 0 ? std::string("%acc") : "%e" + std::to_string(v); };
  bool any_bias = false;
  for (size_t p = 0; p < e.bias.size(); ++p) {
    const std::string mem = e.bias[p] ? "memref<1x?xf32>" : "memref<?x?xf32>";
    extra << "%p" << p << ": " << mem << ", ";
    if (e.bias[p] && !any_bias) {
      any_bias = true;
      epi << "    %ones = tile.full {value = 1.0 : f32} : tensor<32x1xf32>\n"
          << "    %negz = tile.full {value = 0x80000000 : f32} : " << reg << "\n";
    }
    const std::string v = val(static_cast<int>(p) + 1);
    if (e.bias[p]) {
      epi << "    %row" << p << " = tile.load_tile %p" << p << ", %c0, %rn {mask = true} : (" << mem
          << ", index, index) -> tensor<1x32xf32>\n"
          << "    " << v << " = tile.mma %ones, %row" << p << ", %negz : (tensor<32x1xf32>, "
          << "tensor<1x32xf32>, " << reg << ") -> " << reg << "\n";
    } else {
      epi << "    " << v << " = tile.load_tile %p" << p << ", %rm, %rn {mask = true} : (" << mem
          << ", index, index) -> " << reg << "\n";
    }
  }
  const int first = static_cast<int>(e.bias.size()) + 1;
  for (const ElementwiseStep& st : e.steps)
    if (st.b == kZeroTile) {
      epi << "    %zero_t = tile.zeros : " << reg << "\n";
      break;
    }
  for (size_t k = 0; k < e.steps.size(); ++k) {
    epi << "    " << val(first + static_cast<int>(k)) << " = " << e.steps[k].op << " "
        << val(e.steps[k].a);
    if (e.steps[k].b >= 0) epi << ", " << val(e.steps[k].b);
    if (e.steps[k].b == kZeroTile) epi << ", %zero_t";
    epi << " : " << type_of(e.steps[k].op, reg) << "\n";
  }
  // K blocks: BK divides K for f32; bf16/f16 round the count up and pad the *first* block:
  // block j covers columns koff + j BK with koff = K - nk BK <= 0, and the masked copies
  // zero-fill the columns below 0. The chain then starts with fma(0, 0, +0) = +0 steps, which
  // leave the initial +0 as it is, and continues as tessera.matmul's (see lower_gemm).
  const std::string nk = e.dtype == DType::f32
                             ? "    %nk = arith.divsi %kdim, %cbk : index\n"
                             : "    %cbk1 = arith.constant {value = " + std::to_string(bk - 1) +
                                   " : index} : index\n    %kup = arith.addi %kdim, %cbk1 : index\n"
                                   "    %nk = arith.divsi %kup, %cbk : index\n";
  // The xor swizzle needs rows of a power-of-two number of 16-byte chunks (alloc_c2).
  const bool swizzle = bk >= 4 && (bk & (bk - 1)) == 0;
  return fill(kGemm, {{"NAME", name},
                      {"SWZ", swizzle ? "{swizzle = \"xor\"} " : ""},
                      {"EXTRA", extra.str()},
                      {"EPI", epi.str()},
                      {"OUT", val(e.result)},
                      {"COLS", std::to_string(bn / 32)},
                      {"BM", std::to_string(bm)},
                      {"BN", std::to_string(bn)},
                      {"BK", std::to_string(bk)},
                      {"PAD", e.dtype == DType::f32 ? "4" : "8"},
                      {"NK", nk},
                      {"T", e.dtype == DType::bf16  ? "bf16"
                            : e.dtype == DType::f16 ? "f16"
                                                    : "f32"}});
}

std::string attention_kernel(const std::string& name, bool causal, float scale) {
  return fill(kAttention,
              {{"NAME", name},
               {"SCALE", ir::format_float(static_cast<double>(scale), DType::f32)},
               {"NKB", causal ? "arith.minsi %diag, %all : index" : "arith.addi %all, %c0 : index"},
               {"MASK", causal ? "%s = tile.causal_mask %scaled, %q0, %k0 : (tensor<32x64xf32>, "
                                 "index, index) -> tensor<32x64xf32>"
                               : "%s = arith.mulf %dots, %scale_t : tensor<32x64xf32>"}});
}

}  // namespace tessera::transforms
