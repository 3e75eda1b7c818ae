// Verifier hooks of the tessera.neighbors ops (docs/ops/graph/neighbors.md).
#include "core/ops/neighbors.h"

#include <cmath>
#include <cstdlib>
#include <cstring>

#include "core/ops/infer_util.h"

namespace tessera::ops {

namespace {

constexpr const char* kTopologyType = "!tessera.neighbors.topology";
constexpr const char* kHaloType = "!tessera.neighbors.halo";

ir::Type opaque_type(const char* spelling) {
  ir::Type t;
  t.kind = ir::TypeKind::opaque;
  t.opaque = spelling;
  return t;
}

bool is_opaque(const ir::Type& t, const char* spelling) {
  return t.kind == ir::TypeKind::opaque && t.opaque == spelling;
}

/// "dirichlet(2.5)" -> 2.5; nullopt unless `s` is `word(number)`.
std::optional<double> call_arg(const std::string& s, const std::string& word) {
  if (s.rfind(word + "(", 0) != 0 || s.back() != ')') return std::nullopt;
  const std::string num = s.substr(word.size() + 1, s.size() - word.size() - 2);
  char* end = nullptr;
  const double v = std::strtod(num.c_str(), &end);
  if (num.empty() || end != num.c_str() + num.size() || !std::isfinite(v)) return std::nullopt;
  return v;
}

std::optional<Boundary> parse_boundary(const std::string& s) {
  if (s == "periodic") return Boundary{Boundary::Kind::periodic, 0.0};
  if (s == "reflect") return Boundary{Boundary::Kind::reflect, 0.0};
  if (auto v = call_arg(s, "dirichlet")) return Boundary{Boundary::Kind::dirichlet, *v};
  if (auto v = call_arg(s, "neumann")) return Boundary{Boundary::Kind::neumann, *v};
  return std::nullopt;
}

/// A tap: `dense<[1, 0]> : tensor<2xi64>` (i64 or i32 elements, rank 1), or `[1, 0]`.
std::optional<std::vector<int64_t>> tap_offsets(const ir::Attr& a) {
  if (a.kind != ir::Attr::Kind::dense) return a.as_int_array();
  const ir::Type& t = a.type;
  if (t.shape.size() != 1 || (t.dtype != DType::i64 && t.dtype != DType::i32)) return std::nullopt;
  const size_t width = t.dtype == DType::i64 ? 8 : 4;
  const size_t n = a.data.size() / width;
  // A splat (`dense<0> : tensor<2xi64>`) stores one element.
  if (t.shape[0] < 0 || (n != static_cast<size_t>(t.shape[0]) && n != 1)) return std::nullopt;
  std::vector<int64_t> out;
  for (int64_t k = 0; k < t.shape[0]; ++k) {
    const size_t at = n == 1 ? 0 : static_cast<size_t>(k) * width;
    if (width == 8) {
      int64_t v = 0;
      std::memcpy(&v, a.data.data() + at, 8);
      out.push_back(v);
    } else {
      int32_t v = 0;
      std::memcpy(&v, a.data.data() + at, 4);
      out.push_back(v);
    }
  }
  return out;
}

/// `halo_width`, if present, holds one integer >= 0 per dim of `x` (neighbors_c6, neighbors_c9).
bool check_halo_width(InferCtx& ctx, const ir::Type& x, const char* label) {
  const ir::Attr* w = ctx.attr("halo_width");
  if (!w) return true;
  auto v = w->as_int_array();
  bool ok = v && v->size() == x.shape.size();
  for (size_t d = 0; ok && d < v->size(); ++d) ok = (*v)[d] >= 0;
  if (ok) return true;
  return ctx.fail("halo_width must hold one integer >= 0 per dim of " + ir::to_string(x), label);
}

}  // namespace

int topology_rank(const std::string& kind) {
  if (kind.size() == 7 && kind[0] >= '1' && kind[0] <= '8' && kind.substr(1) == "d_mesh")
    return kind[0] - '0';
  return 0;
}

std::optional<Stencil> read_stencil(const ir::Op& op, std::string& error, const char*& label) {
  Stencil st;
  label = "neighbors_c1";
  // neighbors_c1: taps is a non-empty array of non-empty integer vectors of one length.
  const ir::Attr* taps = op.attrs.get("taps");
  if (!taps || taps->kind != ir::Attr::Kind::array || taps->elems.empty()) {
    error = "requires a non-empty 'taps' array";
    return std::nullopt;
  }
  for (size_t t = 0; t < taps->elems.size(); ++t) {
    auto v = tap_offsets(taps->elems[t]);
    if (!v || v->empty() || v->size() > 8) {
      error = "tap " + std::to_string(t) + " must be an integer vector of 1 to 8 offsets";
      return std::nullopt;
    }
    if (!st.taps.empty() && v->size() != st.taps[0].size()) {
      error = "tap " + std::to_string(t) + " has " + std::to_string(v->size()) +
              " offsets, expected " + std::to_string(st.taps[0].size());
      return std::nullopt;
    }
    for (int64_t o : *v)
      if (o < -(int64_t{1} << 31) || o > (int64_t{1} << 31)) {
        error = "tap " + std::to_string(t) + " has an offset beyond 2^31";
        return std::nullopt;
      }
    st.taps.push_back(*v);
  }
  // neighbors_c2: coeffs, if present, is one finite number per tap.
  label = "neighbors_c2";
  if (const ir::Attr* c = op.attrs.get("coeffs")) {
    if (c->kind != ir::Attr::Kind::array || c->elems.size() != st.taps.size()) {
      error = "requires one coefficient per tap (" + std::to_string(st.taps.size()) + " taps)";
      return std::nullopt;
    }
    for (const ir::Attr& e : c->elems) {
      if (!e.is_number() || !std::isfinite(e.as_double())) {
        error = "coefficients must be finite numbers";
        return std::nullopt;
      }
      st.coeffs.push_back(e.as_double());
    }
  } else {
    st.coeffs.assign(st.taps.size(), 1.0);
  }
  // neighbors_c3: bc is one rule, or one per dim, separated by commas.
  label = "neighbors_c3";
  const size_t rank = st.taps[0].size();
  std::string bc = "dirichlet(0)";
  if (const ir::Attr* b = op.attrs.get("bc")) {
    if (b->kind != ir::Attr::Kind::string) {
      error = "'bc' must be a string";
      return std::nullopt;
    }
    bc = b->s;
  }
  size_t start = 0;
  while (true) {
    const size_t comma = bc.find(',', start);
    const std::string part = bc.substr(start, comma == std::string::npos ? comma : comma - start);
    auto rule = parse_boundary(part);
    if (!rule) {
      error = "boundary rule \"" + part +
              "\" is not periodic, reflect, dirichlet(number) or neumann(number)";
      return std::nullopt;
    }
    st.bc.push_back(*rule);
    if (comma == std::string::npos) break;
    start = comma + 1;
  }
  if (st.bc.size() != 1 && st.bc.size() != rank) {
    error = "'bc' has " + std::to_string(st.bc.size()) + " rules for rank-" + std::to_string(rank) +
            " taps (give one, or one per dim)";
    return std::nullopt;
  }
  if (st.bc.size() == 1) st.bc.assign(rank, st.bc[0]);
  return st;
}

bool infer_NbrTopologyCreate(InferCtx& ctx) {
  ctx.result_label = "neighbors_c4";
  // neighbors_c4: kind is "Nd_mesh" (N in 1..8), "dynamic", "adaptive" or "fault".
  const ir::Attr* k = ctx.attr("kind");
  const bool ok =
      k && k->kind == ir::Attr::Kind::string &&
      (topology_rank(k->s) > 0 || k->s == "dynamic" || k->s == "adaptive" || k->s == "fault");
  if (!ok)
    return ctx.fail(
        "topology kind must be \"Nd_mesh\" (N in 1..8), \"dynamic\", \"adaptive\" or "
        "\"fault\"",
        "neighbors_c4");
  if (const ir::Attr* d = ctx.attr("defaults"); d && d->kind != ir::Attr::Kind::string)
    return ctx.fail("attribute 'defaults' must be a string", "neighbors_c4");
  ctx.results = {opaque_type(kTopologyType)};
  return true;
}

bool infer_NbrStencilDefine(InferCtx& ctx) {
  ctx.result_label = "neighbors_c5";  // neighbors_c5: the result is `index` (a stencil handle)
  std::string err;
  const char* label = nullptr;
  if (!read_stencil(ctx.op, err, label)) return ctx.fail(err, label);
  ctx.results = {ir::Type::scalar(DType::index)};
  return true;
}

bool infer_NbrHaloRegion(InferCtx& ctx) {
  ctx.result_label = "neighbors_c6";
  // neighbors_c6: a float tensor, an optional topology, halo_width one integer >= 0 per dim;
  // the result is the tensor's type, or a !tessera.neighbors.halo token.
  if (!require_float(ctx, 0, "neighbors_c6")) return false;
  const ir::Type& x = ctx.operands[0];
  if (ctx.operands.size() == 2 && !is_opaque(ctx.operands[1], kTopologyType))
    return ctx.fail("operand #1 must be a !tessera.neighbors.topology", "neighbors_c6");
  if (!check_halo_width(ctx, x, "neighbors_c6")) return false;
  const bool token = !ctx.declared.empty() && is_opaque(ctx.declared[0], kHaloType);
  ctx.results = {token ? opaque_type(kHaloType) : x};
  return true;
}

bool infer_NbrStencilApply(InferCtx& ctx) {
  ctx.result_label = "neighbors_c8";  // neighbors_c8: the result has the field's type
  // neighbors_c7: operand 0 is the index result of a stencil.define, operand 1 a float tensor
  // of the taps' rank, operand 2 a topology; an "Nd_mesh" topology has N equal to that rank.
  const ir::Value* sv = ctx.op.operands[0];
  if (!sv->def || sv->def->name != "tessera.neighbors.stencil.define")
    return ctx.fail("operand #0 must be the result of a tessera.neighbors.stencil.define",
                    "neighbors_c7");
  std::string err;
  const char* label = nullptr;
  auto st = read_stencil(*sv->def, err, label);
  if (!st) return ctx.fail("its stencil is invalid: " + err, "neighbors_c7");
  if (!require_float(ctx, 1, "neighbors_c7")) return false;
  const ir::Type& x = ctx.operands[1];
  if (x.shape.size() != st->taps[0].size())
    return ctx.fail("the field " + ir::to_string(x) + " does not have the taps' rank " +
                        std::to_string(st->taps[0].size()),
                    "neighbors_c7");
  if (!is_opaque(ctx.operands[2], kTopologyType))
    return ctx.fail("operand #2 must be a !tessera.neighbors.topology", "neighbors_c7");
  const ir::Value* tv = ctx.op.operands[2];
  if (tv->def && tv->def->name == "tessera.neighbors.topology.create") {
    const int n = topology_rank(tv->def->attrs.get_string("kind", ""));
    if (n > 0 && static_cast<size_t>(n) != x.shape.size())
      return ctx.fail("a " + std::to_string(n) + "d_mesh topology cannot apply a rank-" +
                          std::to_string(x.shape.size()) + " stencil",
                      "neighbors_c7");
  }
  ctx.results = {x};
  return true;
}

bool infer_NbrHaloExchange(InferCtx& ctx) {
  ctx.result_label = "neighbors_c9";
  // neighbors_c9: a float tensor gives one result of its type (halo_width as in neighbors_c6);
  // a !tessera.neighbors.halo token gives no result.
  const ir::Type& x = ctx.operands[0];
  if (is_opaque(x, kHaloType)) {
    if (!ctx.declared.empty())
      return ctx.fail("exchanging a !tessera.neighbors.halo token has no result", "neighbors_c9");
    ctx.results = {};
    return true;
  }
  if (!require_float(ctx, 0, "neighbors_c9")) return false;
  if (ctx.declared.size() != 1)
    return ctx.fail("exchanging a tensor has one result", "neighbors_c9");
  if (!check_halo_width(ctx, x, "neighbors_c9")) return false;
  ctx.results = {x};
  return true;
}

bool infer_NbrPipelineConfig(InferCtx& ctx) {
  // neighbors_c10: overlap is "none", "partial" or "full"; depth an integer >= 1.
  if (const ir::Attr* o = ctx.attr("overlap");
      o && (o->kind != ir::Attr::Kind::string ||
            (o->s != "none" && o->s != "partial" && o->s != "full")))
    return ctx.fail("overlap must be \"none\", \"partial\" or \"full\"", "neighbors_c10");
  if (const ir::Attr* d = ctx.attr("depth"); d && (d->kind != ir::Attr::Kind::integer || d->i < 1))
    return ctx.fail("depth must be an integer >= 1", "neighbors_c10");
  ctx.results = {};
  return true;
}

}  // namespace tessera::ops
