// A module compiled by a backend plugin and run on numpy arrays.
#include "python/src/plugin_executable.h"

#include <cstdlib>
#include <memory>
#include <vector>

#include "core/support/error.h"
#include "plugins/loader.h"
#include "python/src/arrays.h"

namespace tessera::python {

namespace {

/// One registry per process: libraries stay loaded (and cached by path) once opened.
plugins::Registry& registry() {
  static plugins::Registry* r = [] {
    auto* reg = new plugins::Registry();
    const char* dir = std::getenv("TESSERA_PLUGIN_DIR");
    reg->set_plugin_dir(dir && *dir ? std::string(dir) : std::string(TESSERA_BUILD_PLUGIN_DIR));
    return reg;
  }();
  return *r;
}

/// A numpy array owning `h`'s bytes (moved, not copied); int4 goes through a Tensor.
py::array host_to_numpy(HostTensor&& h) {
  if (h.dtype == DType::i4) return to_numpy(interp::Tensor::from_host(h));
  auto* owner = new std::vector<std::byte>(std::move(h.data));
  py::capsule base(owner, [](void* p) { delete static_cast<std::vector<std::byte>*>(p); });
  py::dtype dt = lookup_dtype(h.dtype);
  return py::array(dt, h.shape, c_strides(h.shape, dt.itemsize()), owner->data(), base);
}

}  // namespace

PluginExecutable::PluginExecutable(const std::string& text, const CompileOptions& o,
                                   const std::string& backend)
    : backend_(plugins::Backend::create(registry().open(backend))), exe_([&] {
        const auto& caps = backend_.capabilities();
        if (!caps.unavailable_reason.empty())
          throw Error("backend '" + backend + "' is not available: " + caps.unavailable_reason);
        plugins::CompileOptions co;
        co.entry = o.entry;
        co.deterministic = true;
        co.threads = o.threads;
        co.max_memory = o.max_memory;
        co.source_name = o.filename;
        return backend_.compile(text, co);
      }()) {
  if (!o.checks.empty())
    throw Error("backend '" + backend + "': sanitizers (check=) run on the reference backend only");
}

py::list PluginExecutable::run(const py::object& inputs, bool per_rank) {
  if (exe_.num_devices() != 1 || per_rank)
    throw Error("mesh programs run on the reference backend from Python");
  std::vector<HostTensor> in;
  size_t k = 0;
  for (const py::handle v : py::reinterpret_borrow<py::sequence>(inputs)) {
    const auto a = py::array::ensure(v);
    if (!a) throw Error("input #" + std::to_string(k) + " is not an array");
    in.push_back(to_host_tensor(a, "input #" + std::to_string(k)));
    ++k;
  }
  std::vector<HostTensor> out;
  {
    py::gil_scoped_release nogil;
    out = backend_.run(exe_, in);
  }
  py::list res;
  for (HostTensor& h : out) res.append(host_to_numpy(std::move(h)));
  return res;
}

}  // namespace tessera::python
