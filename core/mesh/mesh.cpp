// Device meshes, ShardSpecs and collective groups.
#include "core/mesh/mesh.h"

#include <algorithm>

namespace tessera::mesh {

using ir::Attr;

int64_t Mesh::size() const {
  int64_t n = 1;
  for (int64_t s : shape) n *= s;
  return n;
}

int Mesh::axis_index(std::string_view name) const {
  for (size_t k = 0; k < axes.size(); ++k)
    if (axes[k] == name) return static_cast<int>(k);
  return -1;
}

std::vector<int64_t> Mesh::coords(int64_t rank) const {
  std::vector<int64_t> c(shape.size());
  for (size_t k = shape.size(); k-- > 0;) {
    c[k] = rank % shape[k];
    rank /= shape[k];
  }
  return c;
}

int64_t Mesh::rank_of(const std::vector<int64_t>& c) const {
  int64_t r = 0;
  for (size_t k = 0; k < shape.size(); ++k) r = r * shape[k] + c[k];
  return r;
}

std::string Mesh::describe_rank(int64_t rank) const {
  auto c = coords(rank);
  std::string s = "rank " + std::to_string(rank) + " (";
  for (size_t k = 0; k < axes.size(); ++k)
    s += (k ? ", " : "") + axes[k] + "=" + std::to_string(c[k]);
  return s + ")";
}

Groups make_groups(const Mesh& m, const std::vector<int>& axes) {
  Groups g;
  int64_t n = m.size();
  for (int a : axes) g.group_size *= m.shape[static_cast<size_t>(a)];
  g.group_of.assign(static_cast<size_t>(n), -1);
  g.rank_in_group.assign(static_cast<size_t>(n), 0);
  std::vector<bool> in_group(m.shape.size(), false);
  for (int a : axes) in_group[static_cast<size_t>(a)] = true;
  for (int64_t r = 0; r < n; ++r) {
    if (g.group_of[static_cast<size_t>(r)] >= 0) continue;
    // r is the group's first member (all named coordinates zero): enumerate the group.
    auto base = m.coords(r);
    std::vector<int64_t> members;
    members.reserve(static_cast<size_t>(g.group_size));
    for (int64_t q = 0; q < g.group_size; ++q) {
      auto c = base;
      int64_t rest = q;
      for (size_t k = axes.size(); k-- > 0;) {
        auto ax = static_cast<size_t>(axes[k]);
        c[ax] = rest % m.shape[ax];
        rest /= m.shape[ax];
      }
      int64_t gr = m.rank_of(c);
      g.group_of[static_cast<size_t>(gr)] = static_cast<int64_t>(g.members.size());
      g.rank_in_group[static_cast<size_t>(gr)] = q;
      members.push_back(gr);
    }
    g.members.push_back(std::move(members));
  }
  return g;
}

int64_t ShardSpec::shards(const Mesh& m, size_t d) const {
  int64_t n = 1;
  if (d >= dim_axes.size()) return 1;  // a dim the spec does not name is not sharded
  for (int a : dim_axes[d]) n *= m.shape[static_cast<size_t>(a)];
  return n;
}

const ir::Op* enclosing_module(const ir::Op& op) {
  const ir::Op* o = &op;
  while (o && o->name != "builtin.module") o = o->parent ? o->parent->parent : nullptr;
  return o;
}

std::optional<Mesh> read_mesh(const ir::Op& module, std::string& err) {
  const Attr* a = module.attrs.get("tessera.mesh");
  if (!a) return std::nullopt;
  auto bad = [&](const std::string& m) -> std::optional<Mesh> {
    err = "tessera.mesh: " + m;
    return std::nullopt;
  };
  if (a->kind != Attr::Kind::dict) return bad("must be a dictionary {axes = [...], shape = [...]}");
  Mesh m;
  const Attr* axes = a->get("axes");
  const Attr* shape = a->get("shape");
  if (!axes || axes->kind != Attr::Kind::array) return bad("needs 'axes', an array of strings");
  for (const Attr& e : axes->elems) {
    if (e.kind != Attr::Kind::string || e.s.empty())
      return bad("axis names must be non-empty strings");
    if (m.axis_index(e.s) >= 0) return bad("axis '" + e.s + "' is named twice");
    m.axes.push_back(e.s);
  }
  auto sh = shape ? shape->as_int_array() : std::nullopt;
  if (!sh || sh->size() != m.axes.size())
    return bad("needs 'shape', an array of one integer per axis");
  int64_t n = 1;
  for (int64_t s : *sh) {
    if (s < 1) return bad("axis sizes must be >= 1");
    if (__builtin_mul_overflow(n, s, &n) || n > (int64_t{1} << 20))
      return bad("more than 2^20 ranks");
  }
  m.shape = *sh;
  if (const Attr* dev = a->get("devices")) {
    if (dev->kind != Attr::Kind::array || static_cast<int64_t>(dev->elems.size()) != n)
      return bad("'devices' must list one string per rank (" + std::to_string(n) + ")");
    for (const Attr& e : dev->elems) {
      if (e.kind != Attr::Kind::string) return bad("'devices' entries must be strings");
      m.devices.push_back(e.s);
    }
  }
  for (const auto& [k, v] : a->dict)
    if (k != "axes" && k != "shape" && k != "devices") return bad("unknown key '" + k + "'");
  return m;
}

namespace {

/// Axis names from a string or an array of strings.
bool axis_list(const Attr& e, const Mesh& m, std::vector<int>& out, std::string& err) {
  std::vector<const Attr*> names;
  if (e.kind == Attr::Kind::string) {
    names.push_back(&e);
  } else if (e.kind == Attr::Kind::array) {
    for (const Attr& x : e.elems) names.push_back(&x);
  } else {
    err = "mesh axes must be strings or arrays of strings";
    return false;
  }
  for (const Attr* x : names) {
    if (x->kind != Attr::Kind::string) {
      err = "mesh axes must be strings or arrays of strings";
      return false;
    }
    int k = m.axis_index(x->s);
    if (k < 0) {
      err = "unknown mesh axis '" + x->s + "'";
      return false;
    }
    if (!out.empty() && k <= out.back()) {
      err = "mesh axes must be distinct and listed in mesh order";
      return false;
    }
    out.push_back(k);
  }
  return true;
}

}  // namespace

std::optional<std::vector<int>> read_axes(const Attr* a, const Mesh& m, std::string& err) {
  if (!a || a->kind != Attr::Kind::array || a->elems.empty()) {
    err = "'axes' must be a non-empty array of mesh axis names";
    return std::nullopt;
  }
  std::vector<int> out;
  if (!axis_list(*a, m, out, err)) return std::nullopt;
  return out;
}

std::optional<ShardSpec> read_shard_spec(const Attr& a, const Mesh& m, size_t rank,
                                         std::string& err) {
  if (a.kind != Attr::Kind::dict) {
    err = "a ShardSpec must be a dictionary {partition = [...], mesh_axes = [...]}";
    return std::nullopt;
  }
  ShardSpec s = ShardSpec::replicated(rank);
  const Attr* part = a.get("partition");
  const Attr* axes = a.get("mesh_axes");
  if ((part == nullptr) != (axes == nullptr) ||
      (part && (part->kind != Attr::Kind::array || axes->kind != Attr::Kind::array ||
                part->elems.size() != axes->elems.size()))) {
    err = "'partition' and 'mesh_axes' must be arrays of the same length";
    return std::nullopt;
  }
  std::vector<int> used;
  for (size_t k = 0; part && k < part->elems.size(); ++k) {
    const Attr& p = part->elems[k];
    int64_t d = -1;
    if (p.kind == Attr::Kind::integer)
      d = p.i;
    else if (p.kind == Attr::Kind::string && p.s == "row")
      d = 0;
    else if (p.kind == Attr::Kind::string && p.s == "col")
      d = 1;
    if (d < 0 || d >= static_cast<int64_t>(rank)) {
      err = "partition entry " + ir::to_string(p) + " is not a dimension of a rank-" +
            std::to_string(rank) + " tensor (use an index, \"row\" = 0 or \"col\" = 1)";
      return std::nullopt;
    }
    auto& dst = s.dim_axes[static_cast<size_t>(d)];
    if (!dst.empty()) {
      err = "dimension " + std::to_string(d) + " is partitioned twice";
      return std::nullopt;
    }
    if (!axis_list(axes->elems[k], m, dst, err)) return std::nullopt;
    used.insert(used.end(), dst.begin(), dst.end());
  }
  if (const Attr* p = a.get("partial")) {
    if (!axis_list(*p, m, s.partial, err)) return std::nullopt;
    used.insert(used.end(), s.partial.begin(), s.partial.end());
  }
  std::sort(used.begin(), used.end());
  if (std::adjacent_find(used.begin(), used.end()) != used.end()) {
    err = "a mesh axis may shard at most one dimension (or be partial)";
    return std::nullopt;
  }
  for (const auto& [k, v] : a.dict)
    if (k != "partition" && k != "mesh_axes" && k != "partial") {
      err = "unknown ShardSpec key '" + k + "'";
      return std::nullopt;
    }
  return s;
}

Attr shard_spec_attr(const ShardSpec& s, const Mesh& m) {
  Attr d;
  d.kind = Attr::Kind::dict;
  std::vector<Attr> part, axes;
  for (size_t k = 0; k < s.dim_axes.size(); ++k) {
    if (s.dim_axes[k].empty()) continue;
    part.push_back(Attr::integer_attr(static_cast<int64_t>(k)));
    if (s.dim_axes[k].size() == 1) {
      axes.push_back(Attr::string_attr(m.axes[static_cast<size_t>(s.dim_axes[k][0])]));
    } else {
      std::vector<Attr> names;
      for (int a : s.dim_axes[k])
        names.push_back(Attr::string_attr(m.axes[static_cast<size_t>(a)]));
      axes.push_back(Attr::array_attr(std::move(names)));
    }
  }
  if (!part.empty()) {
    d.dict.emplace_back("mesh_axes", Attr::array_attr(std::move(axes)));
    d.dict.emplace_back("partition", Attr::array_attr(std::move(part)));
  }
  if (!s.partial.empty()) {
    std::vector<Attr> names;
    for (int a : s.partial) names.push_back(Attr::string_attr(m.axes[static_cast<size_t>(a)]));
    d.dict.emplace_back("partial", Attr::array_attr(std::move(names)));
  }
  std::sort(d.dict.begin(), d.dict.end(), [](auto& x, auto& y) { return x.first < y.first; });
  return d;
}

std::optional<std::vector<int64_t>> local_shape(const std::vector<int64_t>& global,
                                                const ShardSpec& s, const Mesh& m,
                                                std::string& err) {
  if (global.size() != s.dim_axes.size()) {  // the spec has one entry per dim
    err = "a rank-" + std::to_string(global.size()) + " tensor cannot have a ShardSpec for rank " +
          std::to_string(s.dim_axes.size());
    return std::nullopt;
  }
  std::vector<int64_t> out = global;
  for (size_t d = 0; d < global.size(); ++d) {
    int64_t n = s.shards(m, d);
    if (global[d] == ir::kDynamic) continue;
    if (global[d] % n != 0) {
      err = "dimension " + std::to_string(d) + " of size " + std::to_string(global[d]) +
            " does not divide into " + std::to_string(n) + " shards";
      return std::nullopt;
    }
    out[d] = global[d] / n;
  }
  return out;
}

std::vector<int64_t> global_shape(const std::vector<int64_t>& local, const ShardSpec& s,
                                  const Mesh& m) {
  std::vector<int64_t> out = local;
  for (size_t d = 0; d < local.size(); ++d)
    if (local[d] != ir::kDynamic) out[d] = local[d] * s.shards(m, d);
  return out;
}

int64_t shard_index(const ShardSpec& s, const Mesh& m, size_t d, int64_t rank) {
  auto c = m.coords(rank);
  int64_t idx = 0;
  if (d >= s.dim_axes.size()) return 0;  // a dim the spec does not name is not sharded
  for (int a : s.dim_axes[d])
    idx = idx * m.shape[static_cast<size_t>(a)] + c[static_cast<size_t>(a)];
  return idx;
}

std::optional<ShardSpec> arg_shard_spec(const ir::Op& func, size_t k, const Mesh& m,
                                        std::string& err) {
  const ir::Block& entry = func.regions.at(0).front();
  size_t rank = static_cast<size_t>(entry.args.at(k)->type.rank());
  const Attr* aa = func.attrs.get("arg_attrs");
  if (!aa || k >= aa->elems.size()) return ShardSpec::replicated(rank);
  const Attr* s = aa->elems[k].get("tessera.shard");
  if (!s) return ShardSpec::replicated(rank);
  return read_shard_spec(*s, m, rank, err);
}

std::optional<ShardSpec> result_shard_spec(const ir::Op& func, size_t k, const Mesh& m,
                                           std::string& err) {
  auto types = ir::func_result_types(func);
  size_t rank = k < types.size() ? static_cast<size_t>(types[k].rank()) : 0;
  const Attr* rs = func.attrs.get("tessera.result_shards");
  if (!rs) return ShardSpec::replicated(rank);
  if (rs->kind != Attr::Kind::array || rs->elems.size() != types.size()) {
    err = "tessera.result_shards must be an array of one ShardSpec per result";
    return std::nullopt;
  }
  return read_shard_spec(rs->elems[k], m, rank, err);
}

std::string to_string(const ShardSpec& s, const Mesh& m) {
  return ir::to_string(shard_spec_attr(s, m));
}

bool reducible(DType t) {
  switch (t) {
    case DType::f64:
    case DType::f32:
    case DType::f16:
    case DType::bf16:
    case DType::f8e4m3:
    case DType::f8e5m2:
    case DType::i8:
    case DType::i16:
    case DType::i32:
    case DType::i64:
    case DType::index:
    case DType::u8:
    case DType::u16:
    case DType::u32:
    case DType::u64:
      return true;
    default:
      return false;
  }
}

}  // namespace tessera::mesh
