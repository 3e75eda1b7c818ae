// ScalarEmitter: the text of scalar Tile IR kernels (scalar_emitter.h).
#include "core/transforms/scalar_emitter.h"

namespace tessera::transforms {

std::string static_memref(const std::vector<int64_t>& shape, DType t, bool shared) {
  std::string m = "memref<";
  for (int64_t e : shape) m += std::to_string(e) + "x";
  return m + dtype_mlir_name(t) + (shared ? ", 3>" : ">");
}

void ScalarEmitter::param(const std::string& name, const std::vector<int64_t>& shape, DType t) {
  const std::string m = static_memref(shape, t);
  params_.push_back("%" + name + ": " + m);
  mems_["%" + name] = {m, std::string(dtype_mlir_name(t))};
}

std::string ScalarEmitter::fresh() { return "%t" + std::to_string(next_++); }

void ScalarEmitter::line(const std::string& s) {
  body_ << std::string(static_cast<size_t>(depth_) * 2, ' ') << s << "\n";
}

std::string ScalarEmitter::idx(int64_t v) {
  const std::string key = "i" + std::to_string(v);
  auto it = consts_.find(key);
  if (it != consts_.end()) return it->second;
  const std::string n = v < 0 ? "%cm" + std::to_string(-v) : "%c" + std::to_string(v);
  head_ << "    " << n << " = arith.constant {value = " << v << " : index} : index\n";
  return consts_[key] = n;
}

std::string ScalarEmitter::flt(DType t, double v) {
  const std::string ty(dtype_mlir_name(t));
  const std::string lit = ir::format_float(v, t);
  const std::string key = ty + lit;
  auto it = consts_.find(key);
  if (it != consts_.end()) return it->second;
  const std::string n = "%k" + std::to_string(consts_.size());
  head_ << "    " << n << " = arith.constant {value = " << lit << " : " << ty << "} : " << ty
        << "\n";
  return consts_[key] = n;
}

std::string ScalarEmitter::group_id() {
  auto it = consts_.find("g");
  if (it != consts_.end()) return it->second;
  head_ << "    %g = tile.group_id {dim = 0} : index\n";
  return consts_["g"] = "%g";
}

std::vector<std::string> ScalarEmitter::batch_indices(const std::vector<int64_t>& batch) {
  std::vector<std::string> at(batch.size());
  if (batch.empty()) return at;
  std::string q = group_id();
  auto hoisted = [&](const char* op, const std::string& a, int64_t b) {
    const std::string r = fresh(), c = idx(b);
    head_ << "    " << r << " = " << op << " " << a << ", " << c << " : index\n";
    return r;
  };
  for (size_t d = batch.size(); d-- > 0;) {  // innermost first
    at[d] = hoisted("arith.remsi", q, batch[d]);
    if (d > 0) q = hoisted("arith.divsi", q, batch[d]);
  }
  return at;
}

std::string ScalarEmitter::iop(const char* op, const std::string& a, const std::string& b) {
  const std::string r = fresh();
  line(r + " = " + op + " " + a + ", " + b + " : index");
  return r;
}

std::string ScalarEmitter::fop(const char* op, const Val& a, const Val& b) {
  const std::string r = fresh();
  line(r + " = " + op + " " + a.name + ", " + b.name + " : (" + a.type + ", " + b.type + ") -> " +
       a.type);
  return r;
}

std::string ScalarEmitter::un(const char* op, const Val& a) {
  const std::string r = fresh();
  line(r + " = " + op + " " + a.name + " : (" + a.type + ") -> " + a.type);
  return r;
}

std::string ScalarEmitter::cmp(const char* pred, const Val& a, const Val& b) {
  const bool fl = a.type == "f32" || a.type == "f64";
  const std::string r = fresh();
  line(r + " = " + (fl ? "arith.cmpf " : "arith.cmpi ") + a.name + ", " + b.name +
       " {predicate = \"" + pred + "\"} : (" + a.type + ", " + b.type + ") -> i1");
  return r;
}

std::string ScalarEmitter::bop(const char* op, const std::string& a, const std::string& b) {
  const std::string r = fresh();
  line(r + " = " + op + " " + a + ", " + b + " : i1");
  return r;
}

std::string ScalarEmitter::sel(const std::string& c, const Val& a, const Val& b) {
  const std::string r = fresh();
  line(r + " = arith.select " + c + ", " + a.name + ", " + b.name + " : (i1, " + a.type + ", " +
       b.type + ") -> " + a.type);
  return r;
}

std::string ScalarEmitter::cast(const char* op, const Val& a, const std::string& to) {
  const std::string r = fresh();
  line(r + " = " + op + " " + a.name + " : (" + a.type + ") -> " + to);
  return r;
}

void ScalarEmitter::shared(const std::string& name, const std::vector<int64_t>& shape, DType t) {
  const std::string m = static_memref(shape, t, true);
  head_ << "    %" << name << " = tile.alloc_shared : " << m << "\n";
  mems_["%" + name] = {m, std::string(dtype_mlir_name(t))};
}

namespace {
std::string join(const std::vector<std::string>& v, const std::string& each = "") {
  std::string s;
  for (size_t i = 0; i < v.size(); ++i) s += (i ? ", " : "") + (each.empty() ? v[i] : each);
  return s;
}
}  // namespace

std::string ScalarEmitter::load(const std::string& mem, const std::vector<std::string>& at) {
  const auto& [m, e] = mems_.at(mem);
  const std::string r = fresh();
  line(r + " = tile.load " + mem + ", " + join(at) + " : (" + m + ", " + join(at, "index") +
       ") -> " + e);
  return r;
}

void ScalarEmitter::store(const Val& v, const std::string& mem,
                          const std::vector<std::string>& at) {
  const auto& [m, e] = mems_.at(mem);
  line("tile.store " + v.name + ", " + mem + ", " + join(at) + " : (" + v.type + ", " + m + ", " +
       join(at, "index") + ") -> ()");
}

std::vector<ScalarEmitter::Val> ScalarEmitter::loop(const std::string& lo, const std::string& hi,
                                                    const std::vector<Val>& init,
                                                    const Body& body) {
  const std::string r = fresh(), iv = fresh();
  std::vector<std::string> names, types;
  std::vector<Val> carried;
  for (const Val& v : init) {
    names.push_back(v.name);
    types.push_back(v.type);
    carried.push_back({fresh(), v.type});
  }
  const std::string one = idx(1);
  std::string head = init.empty()       ? ""
                     : init.size() == 1 ? r + " = "
                                        : r + ":" + std::to_string(init.size()) + " = ";
  line(head + "\"scf.for\"(" + lo + ", " + hi + ", " + one + (init.empty() ? "" : ", ") +
       join(names) + ") ({");
  std::string args = "^bb0(" + iv + ": index";
  for (const Val& c : carried) args += ", " + c.name + ": " + c.type;
  body_ << std::string(static_cast<size_t>(depth_) * 2, ' ') << args << "):\n";
  ++depth_;
  const std::vector<Val> y = body(iv, carried);
  std::vector<std::string> yn;
  for (const Val& v : y) yn.push_back(v.name);
  line("\"scf.yield\"(" + join(yn) + ") : (" + join(types) + ") -> ()");
  --depth_;
  std::string results = init.empty() ? "()" : init.size() == 1 ? types[0] : "(" + join(types) + ")";
  line("}) : (index, index, index" + (init.empty() ? "" : ", " + join(types)) + ") -> " + results);
  std::vector<Val> out;
  for (size_t i = 0; i < init.size(); ++i)
    out.push_back({init.size() == 1 ? r : r + "#" + std::to_string(i), types[i]});
  return out;
}

void ScalarEmitter::when(const std::string& c, const std::function<void()>& body) {
  line("\"scf.if\"(" + c + ") ({");
  ++depth_;
  body();
  line("\"scf.yield\"() : () -> ()");
  --depth_;
  line("}, { \"scf.yield\"() : () -> () }) : (i1) -> ()");
}

std::string ScalarEmitter::text() const {
  std::string s = "  func.func @" + func_ + "(" + join(params_) + ") {\n";
  return s + head_.str() + body_.str() + "    return\n  }\n";
}

}  // namespace tessera::transforms
