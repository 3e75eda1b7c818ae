// A stand-in for tessera::interp::run_module_text so the reference backend's ABI glue is testable.
#include <cstring>
#include <stdexcept>
#include <string>

#include "core/support/error.h"
#include "interp/api.h"

namespace tessera::interp {

// Echoes its inputs, except for marker strings in the module text:
//   stub.bad            -> tessera::Error (a user error in the module)
//   stub.throw_internal -> std::logic_error (a bug inside the implementation)
//   stub.options        -> one i64 tensor {threads, entry length, max_memory is default ? 1 : 0}
// Built with STUB_PERTURB it flips the lowest bit of the first output byte (a differing backend).
std::vector<HostTensor> run_module_text(const std::string& text,
                                        const std::vector<HostTensor>& inputs,
                                        const RunOptions& options) {
  if (text.find("stub.bad") != std::string::npos) {
    throw Error(options.source_name + ":1:1: error: stub rejects this module");
  }
  if (text.find("stub.throw_internal") != std::string::npos) {
    throw std::logic_error("stub: broken invariant");
  }
  if (text.find("stub.options") != std::string::npos) {
    int64_t vals[3] = {options.threads, static_cast<int64_t>(options.entry.size()),
                       options.max_memory == RunOptions{}.max_memory ? 1 : 0};
    HostTensor t;
    t.dtype = DType::i64;
    t.shape = {3};
    t.data.resize(sizeof vals);
    std::memcpy(t.data.data(), vals, sizeof vals);
    return {t};
  }
#ifdef STUB_PERTURB
  // The "other backend" of diff tests: flips the lowest bit of output 0, element 0.
  std::vector<HostTensor> out = inputs;
  if (!out.empty() && !out[0].data.empty()) out[0].data[0] ^= std::byte{1};
  return out;
#else
  return inputs;
#endif
}

}  // namespace tessera::interp
