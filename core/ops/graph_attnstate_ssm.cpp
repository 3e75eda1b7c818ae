// Verifier hook of tessera.selective_ssm (docs/ops/graph/selective_ssm.md).
#include "core/ops/selective_ssm.h"

#include "core/ops/graph_attnstate_common.h"

namespace tessera::ops {

std::optional<SsmOperands> read_ssm_operands(const ir::Op& op, std::string& err) {
  const size_t n = op.operands.size();
  SsmOperands r;
  const ir::Attr* clauses = op.attrs.get("operand_clauses");
  const ir::Attr* seg = op.attrs.get("operandSegmentSizes");
  if (clauses && seg)
    return err = "give operand_clauses or operandSegmentSizes, not both", std::nullopt;
  size_t named = 5;
  if (clauses) {
    if (clauses->kind != ir::Attr::Kind::dict)
      return err = "operand_clauses must be a dictionary", std::nullopt;
    for (const auto& [word, span] : clauses->dict) {
      const auto v = span.as_int_array();
      if ((word != "gate" && word != "init") || !v || v->size() != 2 || (*v)[1] != 1 ||
          (*v)[0] < 5 || (*v)[0] >= int64_t(n))
        return err = "operand clause '" + word + "' must be gate(%g) or init(%s) with one operand",
               std::nullopt;
      (word == "gate" ? r.gate : r.init) = int((*v)[0]);
      ++named;
    }
  } else if (seg) {
    const auto v = seg->kind == ir::Attr::Kind::dense_array ? seg->as_int_array() : std::nullopt;
    bool ok = v && v->size() == 7;
    for (size_t g = 0; ok && g < 7; ++g) ok = (*v)[g] == 1 || (g >= 5 && (*v)[g] == 0);
    if (!ok)
      return err =
                 "operandSegmentSizes must be array<i32: 1, 1, 1, 1, 1, G, I> with G, I in {0, 1}",
             std::nullopt;
    int next = 5;
    if ((*v)[5] == 1) r.gate = next++;
    if ((*v)[6] == 1) r.init = next++;
    named = size_t(next);
  } else if (n == 7) {
    r.gate = 5, r.init = 6, named = 7;
  } else if (n == 6) {
    return err = "a sixth operand must be named: write gate(%g) or init(%s)", std::nullopt;
  }
  if (named != n)
    return err = "the operand count " + std::to_string(n) + " does not match the named operands",
           std::nullopt;
  if (r.gate >= 0 && r.gate == r.init) return err = "gate and init name one operand", std::nullopt;
  return r;
}

bool infer_SelectiveSsm(InferCtx& ctx) {
  ctx.result_label = "selective_ssm_c7";  // selective_ssm_c7: the result has x's type
  // selective_ssm_c1: every operand is an f16/bf16/f32/f64 tensor of x's element type.
  for (size_t k = 0; k < ctx.operands.size(); ++k)
    if (!attnstate::require_state_float(ctx, k, "selective_ssm_c1")) return false;
  // selective_ssm_c5: the optional operands are named.
  std::string err;
  const auto where = read_ssm_operands(ctx.op, err);
  if (!where) return ctx.fail(err, "selective_ssm_c5");
  const auto& x = ctx.operands[0].shape;
  const auto& a = ctx.operands[1].shape;
  const auto& b = ctx.operands[2].shape;
  const auto& c = ctx.operands[3].shape;
  const auto& dl = ctx.operands[4].shape;
  using attnstate::dims_agree;
  // selective_ssm_c2: x and delta are [B, S, D]; b and c are [B, S, N].
  bool ok = x.size() == 3 && dl.size() == 3 && b.size() == 3 && c.size() == 3;
  for (size_t d = 0; ok && d < 3; ++d) ok = dims_agree(x[d], dl[d]) && dims_agree(b[d], c[d]);
  ok = ok && dims_agree(x[0], b[0]) && dims_agree(x[1], b[1]);
  if (!ok)
    return ctx.fail("x " + shape_str(x) + " and delta " + shape_str(dl) + " must be (B, S, D), b " +
                        shape_str(b) + " and c " + shape_str(c) + " (B, S, N)",
                    "selective_ssm_c2");
  // selective_ssm_c3: a is [D] or [D, N].
  if (a.empty() || a.size() > 2)
    return ctx.fail("a must be (D,) or (D, N), got " + shape_str(a), "selective_ssm_c3");
  if (!dims_agree(a[0], x[2]))
    return ctx.fail("a leading dim must equal x channel dim D", "selective_ssm_c3");
  if (a.size() == 2 && !dims_agree(a[1], b[2]))
    return ctx.fail("a trailing dim must equal state dim N", "selective_ssm_c3");
  // selective_ssm_c4: the gate is (B, S, D); the initial state is (B, D, N).
  if (where->gate >= 0) {
    const auto& g = ctx.operands[size_t(where->gate)].shape;
    if (g.size() != 3 || !dims_agree(g[0], x[0]) || !dims_agree(g[1], x[1]) ||
        !dims_agree(g[2], x[2]))
      return ctx.fail("gate must have x's shape (B, S, D), got " + shape_str(g),
                      "selective_ssm_c4");
  }
  if (where->init >= 0) {
    const auto& s = ctx.operands[size_t(where->init)].shape;
    if (s.size() != 3 || !dims_agree(s[0], x[0]) || !dims_agree(s[1], x[2]) ||
        !dims_agree(s[2], b[2]))
      return ctx.fail("state must have shape (B, D, N) compatible with x and b",
                      "selective_ssm_c4");
  }
  // selective_ssm_c6: chunk_size, where given, is a positive integer (a layout hint only).
  bool good = true;
  (void)attnstate::positive_int_attr(ctx, "chunk_size", "selective_ssm_c6", good);
  if (!good) return false;
  ctx.results = {ctx.operands[0]};
  return true;
}

}  // namespace tessera::ops
