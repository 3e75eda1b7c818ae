// A stand-in for tessera::interp::compile_module_text so the reference backend's ABI glue is
// testable without the interpreter.
#include <cstdlib>
#include <cstring>
#include <stdexcept>
#include <string>

#include "core/support/error.h"
#include "interp/api.h"
#include "tests/plugins/signature_scan.h"

namespace tessera::interp {
namespace {

// Echoes its inputs, except for marker strings in the module text:
//   stub.bad            -> tessera::Error at run (a user error in the module)
//   stub.throw_internal -> std::logic_error at run (a bug inside the implementation)
//   stub.options        -> one i64 tensor {threads, entry length, max_memory is default ? 1 : 0}
// Built with STUB_PERTURB it flips the lowest bit of the first output byte (a differing backend);
// with STUB_PERTURB_NAN it changes the sign and payload of every f32 NaN (nothing else; with
// TESSERA_STUB_FLIP=1 in the environment it also flips that first bit).
class StubModule final : public CompiledModule {
 public:
  StubModule(std::string text, RunOptions options, size_t results)
      : text_(std::move(text)), options_(std::move(options)), results_(results) {}
  size_t num_results() const override { return results_; }

  std::vector<HostTensor> run(const std::vector<HostTensor>& inputs) const override {
    if (text_.find("stub.bad") != std::string::npos)
      throw Error(options_.source_name + ":1:1: error: stub rejects this module");
    if (text_.find("stub.throw_internal") != std::string::npos)
      throw std::logic_error("stub: broken invariant");
    if (text_.find("stub.options") != std::string::npos) {
      int64_t vals[3] = {options_.threads, static_cast<int64_t>(options_.entry.size()),
                         options_.max_memory == RunOptions{}.max_memory ? 1 : 0};
      HostTensor t;
      t.dtype = DType::i64;
      t.shape = {3};
      t.data.resize(sizeof vals);
      std::memcpy(t.data.data(), vals, sizeof vals);
      return {t};
    }
#if defined(STUB_PERTURB_NAN)
    // The "other backend" whose NaNs differ in payload and sign only: every f32 NaN of every
    // output gets its sign and lowest mantissa bit flipped (still a NaN).
    std::vector<HostTensor> out = inputs;
    for (HostTensor& t : out) {
      if (t.dtype != DType::f32) continue;
      for (size_t i = 0; i + 4 <= t.data.size(); i += 4) {
        uint32_t b;
        std::memcpy(&b, t.data.data() + i, 4);
        if ((b & 0x7fffffffu) > 0x7f800000u) b ^= 0x80000001u;
        if ((b & 0x7fffffffu) == 0x7f800000u) b |= 2u;  // mantissa 1 -> 0 made Inf: keep a NaN
        std::memcpy(t.data.data() + i, &b, 4);
      }
    }
    // TESSERA_STUB_FLIP=1: also flip the lowest bit of output 0's element 0 (a real difference
    // beside the NaN payloads).
    const char* flip = std::getenv("TESSERA_STUB_FLIP");
    if (flip && std::string(flip) == "1" && !out.empty() && !out[0].data.empty())
      out[0].data[0] ^= std::byte{1};
    return out;
#elif defined(STUB_PERTURB)
    // The "other backend" of diff tests: flips the lowest bit of output 0, element 0.
    std::vector<HostTensor> out = inputs;
    if (!out.empty() && !out[0].data.empty()) out[0].data[0] ^= std::byte{1};
    return out;
#else
    return inputs;
#endif
  }

  std::vector<std::vector<HostTensor>> run_ranks(
      const std::vector<std::vector<HostTensor>>& per_rank) const override {
    std::vector<std::vector<HostTensor>> out;
    for (const auto& row : per_rank) out.push_back(run(row));
    return out;
  }

 private:
  std::string text_;
  RunOptions options_;
  size_t results_;
};

}  // namespace

std::unique_ptr<CompiledModule> compile_module_text(const std::string& text,
                                                    const RunOptions& options) {
  auto results = test_stub::count_entry_results(text, options.entry);
  if (!results)
    throw Error(options.source_name + ": error: no function 'func.func @" + options.entry +
                "(...)' found in the module");
  return std::make_unique<StubModule>(text, options, *results);
}

}  // namespace tessera::interp
