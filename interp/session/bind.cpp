// Binding `--input` files to parameters: names, positions, ranks, dtype rules, sharding.
#include "interp/session/bind.h"

#include <map>

#include "core/support/error.h"
#include "interp/io/npy.h"
#include "interp/mesh/collectives.h"

namespace tessera::interp {
namespace {

/// "parameter '%x'" as every message names it.
std::string param_words(const ir::Value& p) { return "parameter '%" + p.name + "'"; }

std::string shape_text(const std::vector<int64_t>& shape) {
  std::string s;
  for (int64_t d : shape) s += (s.empty() ? "" : "x") + std::to_string(d);
  return s.empty() ? "()" : s;
}

/// The numpy name of the dtype a file's header declared.
std::string numpy_name(DType d, bool raw_void) {
  if (raw_void)
    return d == DType::u8 ? "raw 1-byte values (numpy 'V1' or 'f1', e.g. an ml_dtypes array)"
                          : "raw 2-byte values (numpy 'V2', e.g. ml_dtypes.bfloat16)";
  switch (d) {
    case DType::i8:
      return "int8";
    case DType::i16:
      return "int16";
    case DType::i32:
      return "int32";
    case DType::i64:
      return "int64";
    case DType::f16:
      return "float16";
    case DType::f32:
      return "float32";
    case DType::f64:
      return "float64";
    default:  // bool, uint8..uint64, complex64/128: the short names are numpy's
      return dtype_short_name(d);
  }
}

/// The ml_dtypes type whose np.save output ('V1' / 'V2') carries `t`, or nullptr.
const char* ml_dtypes_name(DType t) {
  switch (t) {
    case DType::bf16:
      return "bfloat16";
    case DType::f8e4m3:
      return "float8_e4m3fn";
    case DType::f8e5m2:
      return "float8_e5m2";
    case DType::f6e2m3:
      return "float6_e2m3fn";
    case DType::f6e3m2:
      return "float6_e3m2fn";
    case DType::f4e2m1:
      return "float4_e2m1fn";
    case DType::e8m0:
      return "float8_e8m0fnu";
    case DType::i4:
      return "int4";
    default:
      return nullptr;
  }
}

/// The numpy dtype (besides an ml_dtypes array) that carries `t` in a .npy file.
std::string carrier(DType t) {
  switch (t) {
    case DType::tf32:
      return "float32";
    case DType::index:
      return "int64";
    case DType::i4:
      return "int8 (values in [-8, 7])";
    case DType::bf16:
      return "uint16 (raw bits)";
    default:
      if (ml_dtypes_name(t)) return "uint8 (raw bits, one value per byte)";
      return numpy_name(t, false);
  }
}

/// Whether a tensor of `shape` can bind a parameter of type `p`: a shaped parameter (tensor,
/// or memref of a kernel run directly) of the same rank and every static dim equal; a scalar
/// parameter takes a 0-d array.
bool shape_admits(const ir::Type& p, const std::vector<int64_t>& shape) {
  if (!p.is_shaped()) return shape.empty();
  if (p.shape.size() != shape.size()) return false;
  for (size_t d = 0; d < shape.size(); ++d)
    if (p.shape[d] != ir::kDynamic && p.shape[d] != shape[d]) return false;
  return true;
}

/// The global shape `ir::Type` for messages ("8x?x3").
std::string dims_text(const std::vector<int64_t>& shape) {
  std::string s;
  for (int64_t d : shape)
    s += (s.empty() ? "" : "x") + (d == ir::kDynamic ? "?" : std::to_string(d));
  return s.empty() ? "()" : s;
}

[[noreturn]] void fail_at_param(const LoadedModule& lm, const ir::Value& p,
                                const std::string& msg) {
  DiagnosticEngine d(&lm.sm);
  d.error(p.loc, msg);
  throw Error(d.render());
}

/// "the file" or "the tensor" (given in memory), as messages name where an input came from.
std::string holder(const InputBinding& b) { return b.value ? "the tensor" : "the file"; }

/// Splits the global tensor of `src` for parameter k over the mesh.
std::vector<Tensor> load_global(const LoadedModule& lm, const ir::Op& func, size_t k,
                                const InputBinding& src, const tessera::mesh::Mesh& m,
                                uint64_t max_bytes) {
  const std::string& file = src.file;
  const ir::Value& p = *func.regions[0].front().args[k];
  std::string err;
  auto spec = tessera::mesh::arg_shard_spec(func, k, m, err);
  if (!spec) fail_at_param(lm, p, param_words(p) + ": " + err);
  Tensor g = load_input(src, func, k, max_bytes, false);
  const std::string per_rank = param_words(p) + " is " + ir::to_string(p.type) +
                               " on each rank, sharded " + tessera::mesh::to_string(*spec, m);
  const auto want = tessera::mesh::global_shape(p.type.shape, *spec, m);
  // A ShardSpec has one entry per dim of the parameter: check the rank before using it.
  if (static_cast<size_t>(g.rank()) != p.type.shape.size())
    throw Error(file + ": error: " + per_rank + ", so its global tensor has rank " +
                std::to_string(p.type.shape.size()) + " (" + dims_text(want) + "), but " +
                holder(src) + " holds a tensor of shape " + shape_text(g.shape()) + " (rank " +
                std::to_string(g.rank()) + ")");
  // Before allocating: the distinct shards (one per block; replicas share it) plus the zeros
  // of the ranks that do not hold a partial value must fit in --max-memory.
  uint64_t blocks = 1, partial_group = 1;
  for (size_t d = 0; d < spec->dim_axes.size(); ++d) blocks *= spec->shards(m, d);
  for (int a : spec->partial) partial_group *= m.shape[static_cast<size_t>(a)];
  const auto n = static_cast<uint64_t>(m.size());
  uint64_t bytes = 0;
  if (__builtin_mul_overflow(g.nbytes() / blocks, blocks + n - n / partial_group, &bytes) ||
      bytes > max_bytes)
    throw Error(file + ": error: " + param_words(p) + ": its shards on " + std::to_string(n) +
                " ranks need more than the limit of " + std::to_string(max_bytes) +
                " bytes (--max-memory)");
  std::vector<Tensor> shards;
  try {
    shards = mesh::shard_global(m, *spec, g);
  } catch (const Error& e) {
    throw Error(file + ": error: " + param_words(p) + ": " + e.what());
  }
  if (!shards.empty() && !shape_admits(p.type, shards[0].shape()))
    throw Error(file + ": error: " + per_rank + ", so its global tensor is " + dims_text(want) +
                ", but " + holder(src) + " holds " + shape_text(g.shape()) + " (local shards " +
                ir::to_string(shards[0].type()) + ")");
  return shards;
}

}  // namespace

namespace {

/// Resolves NAME (a parameter's name with or without '%', or its position; `NAME@R` for rank R
/// of a mesh program of `ranks` > 0 ranks) into `b.param` and `b.rank`; `spec` is the whole
/// binding as the caller wrote it, for messages. One rule for files and tensors in memory.
void resolve_name(const ir::Op& func, std::string name, int64_t ranks, const std::string& spec,
                  InputBinding& b) {
  const ir::Block& entry = func.regions[0].front();
  const size_t nargs = entry.args.size();
  if (auto at = name.find('@'); at != std::string::npos) {
    if (ranks <= 0)
      throw UsageError{"--input '" + spec +
                       "': per-rank inputs (NAME@RANK) need a module with a tessera.mesh"};
    std::string r = name.substr(at + 1);
    if (r.empty() || r.size() > 7 || r.find_first_not_of("0123456789") != std::string::npos ||
        std::stoll(r) >= ranks)
      throw UsageError{"--input '" + spec + "': rank must be in [0, " + std::to_string(ranks) +
                       ")"};
    b.rank = std::stoll(r);
    name = name.substr(0, at);
  }
  if (!name.empty() && name[0] == '%') name.erase(0, 1);
  b.param = nargs;
  for (size_t k = 0; k < nargs; ++k)
    if (entry.args[k]->name == name) b.param = k;
  if (b.param == nargs && !name.empty() && name.size() < 6 &&
      name.find_first_not_of("0123456789") == std::string::npos)
    b.param = std::stoul(name);
  if (b.param >= nargs)
    throw UsageError{"--input names '" + name + "', which is not a parameter of @" +
                     ir::func_name(func)};
}

/// Refuses a second binding of one (parameter, rank).
void check_unique(const std::vector<InputBinding>& bs, const ir::Op& func) {
  std::map<std::pair<size_t, int64_t>, size_t> seen;
  for (size_t i = 0; i < bs.size(); ++i)
    if (!seen.emplace(std::make_pair(bs[i].param, bs[i].rank), i).second)
      throw UsageError{"parameter '" + func.regions[0].front().args[bs[i].param]->name +
                       "' is bound twice"};
}

}  // namespace

std::vector<InputBinding> parse_inputs(const ir::Op& func, const std::vector<std::string>& specs,
                                       int64_t ranks) {
  std::vector<InputBinding> out;
  for (const std::string& spec : specs) {
    auto eq = spec.find('=');
    if (eq == std::string::npos || eq == 0 || eq + 1 == spec.size())
      throw UsageError{"--input expects NAME=FILE.npy" +
                       std::string(ranks > 0 ? " or NAME@RANK=FILE.npy" : "") + ", got '" + spec +
                       "'"};
    InputBinding b;
    b.file = spec.substr(eq + 1);
    resolve_name(func, spec.substr(0, eq), ranks, spec, b);
    out.push_back(std::move(b));
  }
  check_unique(out, func);
  return out;
}

std::vector<InputBinding> name_values(const ir::Op& func, const std::vector<NamedTensor>& values,
                                      int64_t ranks) {
  std::vector<InputBinding> out;
  for (const NamedTensor& v : values) {
    if (v.name.empty()) throw UsageError{"an input tensor has no parameter name or position"};
    InputBinding b;
    b.file = "<input " + v.name + ">";
    b.value = &v.value;
    resolve_name(func, v.name, ranks, v.name, b);
    out.push_back(std::move(b));
  }
  check_unique(out, func);
  return out;
}

Tensor load_input(const InputBinding& src, const ir::Op& func, size_t k, uint64_t max_bytes,
                  bool check_shape) {
  const ir::Value& p = *func.regions[0].front().args[k];
  const std::string& file = src.file;
  bool raw_void = false;
  HostTensor h;
  if (src.value) {
    h = *src.value;  // a tensor in memory: the same dtype and shape rules as a file
  } else {
    try {
      h = io::read_npy(file, max_bytes, &raw_void);
    } catch (const Error& e) {
      std::string what = e.what();
      if (what.find("exceeds the limit") == std::string::npos) throw;
      throw Error(what + " (--max-memory)");
    }
  }
  const DType want = p.type.dtype;
  if (!io::dtype_binds(h.dtype, raw_void, want)) {
    std::string rule = std::string("parameters of element type ") + dtype_mlir_name(want) +
                       " take " + carrier(want);
    if (const char* ml = ml_dtypes_name(want))
      rule += " or an ml_dtypes." + std::string(ml) + " array";
    throw Error(file + ": error: " + param_words(p) + " is " + ir::to_string(p.type) + " but " +
                holder(src) + " holds " + numpy_name(h.dtype, raw_void) + " data; " + rule +
                " (convert with numpy or `tessera-interp cast`)");
  }
  try {
    io::adopt_dtype(h, raw_void, want);
  } catch (const Error& e) {
    std::string what = e.what();
    if (what.find(": error: ") != std::string::npos) throw;
    throw Error(file + ": error: " + param_words(p) + " (" + ir::to_string(p.type) + "): " + what);
  }
  Tensor t = Tensor::from_host(h);
  if (check_shape && !shape_admits(p.type, t.shape()))
    throw Error(file + ": error: input #" + std::to_string(k) + " ('%" + p.name + "') has type " +
                ir::to_string(t.type()) + " but the function expects " + ir::to_string(p.type));
  return t;
}

std::vector<std::vector<Tensor>> bind_bindings(const LoadedModule& lm, const ir::Op& func,
                                               const std::vector<InputBinding>& bindings,
                                               const tessera::mesh::Mesh* mesh,
                                               uint64_t max_bytes) {
  const ir::Block& entry = func.regions[0].front();
  const size_t nargs = entry.args.size();
  const int64_t n = mesh ? mesh->size() : 1;
  std::map<std::pair<size_t, int64_t>, const InputBinding*> src;  // (param, rank or -1)
  for (const InputBinding& b : bindings) src[{b.param, b.rank}] = &b;
  std::vector<std::vector<Tensor>> per(static_cast<size_t>(n), std::vector<Tensor>(nargs));
  for (size_t k = 0; k < nargs; ++k) {
    const ir::Value& p = *entry.args[k];
    auto g = src.find({k, -1});
    if (g != src.end()) {
      for (int64_t r = 0; mesh && r < n; ++r)
        if (src.count({k, r}))
          throw UsageError{"parameter '" + p.name + "' is bound globally and per rank"};
      if (!mesh) {
        per[0][k] = load_input(*g->second, func, k, max_bytes, true);
        continue;
      }
      auto shards = load_global(lm, func, k, *g->second, *mesh, max_bytes);
      for (int64_t r = 0; r < n; ++r)
        per[static_cast<size_t>(r)][k] = shards[static_cast<size_t>(r)];
      continue;
    }
    for (int64_t r = 0; r < n; ++r) {
      auto f = src.find({k, mesh ? r : -1});
      if (f == src.end()) {
        std::string what = "missing --input for parameter '%" + p.name + "' (#" +
                           std::to_string(k) + ", " + ir::to_string(p.type) + ")";
        if (mesh)
          what += ": give " + p.name + "=GLOBAL.npy or " + p.name + "@R=FILE.npy for every rank R" +
                  (r > 0 ? " (rank " + std::to_string(r) + " is missing)" : "");
        throw UsageError{what};
      }
      per[static_cast<size_t>(r)][k] = load_input(*f->second, func, k, max_bytes, true);
    }
  }
  return per;
}

std::vector<std::vector<Tensor>> bind_inputs(const LoadedModule& lm, const ir::Op& func,
                                             const std::vector<std::string>& specs,
                                             const tessera::mesh::Mesh* mesh, uint64_t max_bytes) {
  const int64_t ranks = mesh ? mesh->size() : 0;
  return bind_bindings(lm, func, parse_inputs(func, specs, ranks), mesh, max_bytes);
}

std::vector<std::vector<Tensor>> bind_values(const LoadedModule& lm, const ir::Op& func,
                                             const std::vector<NamedTensor>& values,
                                             const tessera::mesh::Mesh* mesh, uint64_t max_bytes) {
  const int64_t ranks = mesh ? mesh->size() : 0;
  return bind_bindings(lm, func, name_values(func, values, ranks), mesh, max_bytes);
}

}  // namespace tessera::interp
