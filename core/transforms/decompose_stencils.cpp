// The stencil decomposition of decompose_stencils.h.
#include "core/transforms/decompose_stencils.h"

#include <algorithm>
#include <cmath>
#include <unordered_map>
#include <unordered_set>
#include <vector>

#include "core/ops/neighbors.h"
#include "core/transforms/autodiff_builder.h"

namespace tessera::transforms {
namespace {

/// Most index entries (elements times taps) a decomposition embeds as constants.
constexpr int64_t kMaxEntries = int64_t{1} << 20;

/// What element `idx` reads through tap `tap`: field element `src`, or (src < 0) the dirichlet
/// constant `base`; then `ramps` (neumann terms g * dist) added one at a time in this order.
template <typename T>
struct Read {
  int64_t src = -1;
  T base = T(0);
  std::vector<T> ramps;
};

/// The read of interp/graph/kernels_neighbors.cpp, dim by dim from the last: a dirichlet dim ends
/// the walk; a neumann dim clamps and collects a term; the terms add in increasing dim order.
template <typename T>
Read<T> read_of(const std::vector<int64_t>& idx, const std::vector<int64_t>& tap,
                const std::vector<int64_t>& shape, const ops::Stencil& st) {
  const size_t rank = shape.size();
  std::vector<int64_t> j(rank);
  Read<T> r;
  for (size_t d = rank; d-- > 0;) {
    const int64_t n = shape[d];
    j[d] = idx[d] + tap[d];
    if (j[d] >= 0 && j[d] < n) continue;
    const ops::Boundary& b = ops::rule_of(st, d);
    if (b.kind == ops::Boundary::Kind::dirichlet) {
      r.base = static_cast<T>(b.value);
      std::reverse(r.ramps.begin(), r.ramps.end());
      return r;
    }
    if (b.kind == ops::Boundary::Kind::neumann) {
      const int64_t dist = j[d] < 0 ? -j[d] : j[d] - (n - 1);
      r.ramps.push_back(static_cast<T>(b.value) * static_cast<T>(dist));
      j[d] = j[d] < 0 ? 0 : n - 1;
    } else {
      j[d] = ops::wrap_coord(j[d], n, b.kind);
    }
  }
  r.src = 0;
  for (size_t d = 0; d < rank; ++d) r.src = r.src * shape[d] + j[d];
  std::reverse(r.ramps.begin(), r.ramps.end());
  return r;
}

/// The flat result of the stencil on `flat` (the field as [n]), or nullptr after an error. The
/// dirichlet constants are appended to the field (a concat), so that one gather per tap reads
/// both elements and constants.
template <typename T>
ir::Value* emit_stencil(autodiff::Builder& b, ir::Value* flat, const std::vector<int64_t>& shape,
                        int64_t n, const ops::Stencil& st) {
  const DType t = flat->type.dtype;
  std::vector<std::vector<Read<T>>> reads(st.taps.size());
  std::vector<double> consts;  // distinct dirichlet constants, in order of first use
  std::vector<int64_t> idx(shape.size());
  for (size_t k = 0; k < st.taps.size(); ++k) {
    reads[k].reserve(static_cast<size_t>(n));
    for (int64_t i = 0; i < n; ++i) {
      for (int64_t rem = i, d = static_cast<int64_t>(shape.size()) - 1; d >= 0; --d) {
        idx[static_cast<size_t>(d)] = rem % shape[static_cast<size_t>(d)];
        rem /= shape[static_cast<size_t>(d)];
      }
      Read<T> r = read_of<T>(idx, st.taps[k], shape, st);
      if (r.src < 0) {
        auto same = [&](double c) {
          return c == r.base && std::signbit(c) == std::signbit(r.base);
        };
        auto it = std::find_if(consts.begin(), consts.end(), same);
        r.src = n + (it - consts.begin());
        if (it == consts.end()) consts.push_back(static_cast<double>(r.base));
      }
      reads[k].push_back(std::move(r));
    }
  }
  ir::Value* source = flat;
  if (!consts.empty()) {
    ir::AttrDict axis0;
    axis0.set("axis", ir::Attr::integer_attr(0));
    source = b.emit1("tessera.concat", {flat, b.vector(consts, t)}, std::move(axis0));
  }
  ir::Value* acc = nullptr;
  for (size_t k = 0; k < st.taps.size(); ++k) {
    std::vector<int64_t> src;
    size_t layers = 0;
    for (const Read<T>& r : reads[k]) {
      src.push_back(r.src);
      layers = std::max(layers, r.ramps.size());
    }
    ir::AttrDict axis0;
    axis0.set("axis", ir::Attr::integer_attr(0));
    ir::Value* v = b.emit1("tessera.gather", {source, b.int_vector(src)}, std::move(axis0));
    // Elements with fewer terms add -0.0, which leaves every value (-0.0 included) as it is.
    for (size_t l = 0; l < layers; ++l) {
      std::vector<double> term;
      for (const Read<T>& r : reads[k])
        term.push_back(l < r.ramps.size() ? static_cast<double>(r.ramps[l]) : -0.0);
      v = b.add(v, b.vector(term, t));
    }
    // The coefficient rounded to T, one product (a vector: rank-0 constants do not lower).
    const double c = static_cast<T>(st.coeffs[k]);
    v = b.mul(v, b.vector(std::vector<double>(static_cast<size_t>(n), c), t));
    acc = k == 0 ? v : b.add(acc, v);
  }
  return b.ok() ? acc : nullptr;
}

/// The field operand of `apply`, seen through a tensor halo.region (the field itself).
ir::Value* field_of(const ir::Op& apply) {
  ir::Value* x = apply.operands[1];
  if (x->def != nullptr && x->def->name == "tessera.neighbors.halo.region" &&
      x->def->operands[0]->type == x->type)
    return x->def->operands[0];
  return x;
}

/// Decomposes `apply` into `out` (ops appended); the replacement of its result, or nullptr when
/// it stays.
ir::Value* decompose(const ir::Op& apply, std::vector<std::unique_ptr<ir::Op>>& out) {
  if (apply.operands.size() != 3 || apply.num_results() != 1) return nullptr;
  const ir::Op* def = apply.operands[0]->def;
  if (def == nullptr || def->name != "tessera.neighbors.stencil.define") return nullptr;
  std::string error;
  const char* label = nullptr;
  std::optional<ops::Stencil> st = ops::read_stencil(*def, error, label);
  ir::Value* x = field_of(apply);
  const ir::Type& xt = x->type;
  if (!st || !xt.is_tensor() || !xt.has_static_shape() || xt.shape.empty() ||
      xt.shape.size() != st->taps[0].size() || xt.shape.size() > 8 ||
      (xt.dtype != DType::f32 && xt.dtype != DType::f64) || !(apply.result()->type == xt))
    return nullptr;
  int64_t n = 1;
  for (int64_t e : xt.shape)
    if (e <= 0 || __builtin_mul_overflow(n, e, &n) || n > kMaxEntries) return nullptr;
  if (static_cast<int64_t>(st->taps.size()) > kMaxEntries / n) return nullptr;
  ir::Block scratch;
  DiagnosticEngine quiet;  // a builder failure (an internal limit) leaves the op as it is
  autodiff::Builder b(scratch, quiet);
  b.set_loc(apply.loc);
  ir::Value* flat = b.reshape(x, {n});
  ir::Value* r = xt.dtype == DType::f64 ? emit_stencil<double>(b, flat, xt.shape, n, *st)
                                        : emit_stencil<float>(b, flat, xt.shape, n, *st);
  if (r == nullptr) return nullptr;
  r = b.reshape(r, xt.shape);
  if (!b.ok() || r == nullptr) return nullptr;
  for (auto& o : scratch.ops) out.push_back(std::move(o));
  return r;
}

bool is_metadata(const ir::Op& o) {
  return o.name == "tessera.neighbors.topology.create" ||
         o.name == "tessera.neighbors.stencil.define" || o.name == "tessera.neighbors.halo.region";
}

void run(ir::Op& f) {
  if (ir::is_declaration(f) || f.regions[0].blocks.size() != 1) return;
  ir::Block& body = f.regions[0].front();
  std::unordered_map<const ir::Value*, ir::Value*> repl;
  std::vector<std::unique_ptr<ir::Op>> out;
  for (auto& up : body.ops) {
    for (auto& v : up->operands)
      if (auto it = repl.find(v); it != repl.end()) v = it->second;
    if (up->name == "tessera.neighbors.stencil.apply") {
      const size_t before = out.size();
      if (ir::Value* r = decompose(*up, out)) {
        repl[up->result()] = r;
        continue;
      }
      out.resize(before);
    }
    out.push_back(std::move(up));
  }
  if (repl.empty()) {  // nothing decomposed: the ops go back as they were
    body.ops = std::move(out);
    return;
  }
  // Uses in nested regions, then the metadata left without uses (from the last op back).
  std::unordered_set<const ir::Value*> used;
  for (auto& o : out)
    ir::walk(*o, [&](ir::Op& op) {
      for (auto& v : op.operands) {
        if (auto it = repl.find(v); it != repl.end()) v = it->second;
      }
    });
  for (size_t k = out.size(); k-- > 0;) {
    bool dead = is_metadata(*out[k]);
    for (const auto& r : out[k]->results) dead = dead && !used.count(r.get());
    if (dead) {
      out[k].reset();
      continue;
    }
    ir::walk(*out[k], [&](ir::Op& op) {
      for (const ir::Value* v : op.operands) used.insert(v);
    });
  }
  body.ops.clear();
  for (auto& o : out)
    if (o) body.append(std::move(o));
}

}  // namespace

bool decompose_stencils(ir::Module& m, DiagnosticEngine&) {
  if (m.op().attrs.get("tessera.mesh")) return true;
  for (ir::Op* f : m.funcs()) run(*f);
  return true;
}

}  // namespace tessera::transforms
