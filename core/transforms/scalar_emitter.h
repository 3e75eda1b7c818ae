// A builder of scalar Tile IR kernels (one lane of one group walks loops on scalar registers):
// fresh SSA names, index and float constants hoisted to the entry block, typed memory accesses
// and scf.for / scf.if with carried values. Used by the linear-algebra and DFT kernels of
// schedule_to_tile_linalg.cpp and schedule_to_tile_fft.cpp.
#pragma once

#include <cstdint>
#include <functional>
#include <map>
#include <sstream>
#include <string>
#include <vector>

#include "core/ir/ir.h"

namespace tessera::transforms {

/// "memref<AxBxT>" (space 0) or "memref<AxBxT, 3>" (shared memory) of a static shape.
std::string static_memref(const std::vector<int64_t>& shape, DType t, bool shared = false);

class ScalarEmitter {
 public:
  /// A value and its type name ("index", "f32", ...).
  struct Val {
    std::string name, type;
  };
  using Body = std::function<std::vector<Val>(const std::string& iv, const std::vector<Val>&)>;

  explicit ScalarEmitter(std::string func) : func_(std::move(func)) {}

  /// The kernel's next parameter: a memref of a static shape, named %`name`.
  void param(const std::string& name, const std::vector<int64_t>& shape, DType t);

  std::string idx(int64_t v);          ///< an index constant (hoisted)
  std::string flt(DType t, double v);  ///< a float constant of f32 or f64 (hoisted)
  std::string group_id();              ///< tile.group_id {dim = 0} (hoisted)
  /// The indices of group %g over the dims `batch` (row-major), by remsi and divsi (hoisted).
  std::vector<std::string> batch_indices(const std::vector<int64_t>& batch);
  std::string iop(const char* op, const std::string& a, const std::string& b);  ///< on index
  std::string fop(const char* op, const Val& a, const Val& b);    ///< a float binary op
  std::string un(const char* op, const Val& a);                   ///< negf, tile.sqrt
  std::string cmp(const char* pred, const Val& a, const Val& b);  ///< cmpf or cmpi by type
  std::string bop(const char* op, const std::string& a, const std::string& b);  ///< on i1
  std::string sel(const std::string& c, const Val& a, const Val& b);
  std::string cast(const char* op, const Val& a, const std::string& to);
  /// A shared-memory buffer of a static shape (tile.alloc_shared, hoisted), registered as `name`.
  void shared(const std::string& name, const std::vector<int64_t>& shape, DType t);
  std::string load(const std::string& mem, const std::vector<std::string>& at);
  void store(const Val& v, const std::string& mem, const std::vector<std::string>& at);
  const std::string& elem(const std::string& mem) const { return mems_.at(mem).second; }
  /// for iv in [lo, hi) step 1 carrying `init`; returns the loop's results (the last yields).
  std::vector<Val> loop(const std::string& lo, const std::string& hi, const std::vector<Val>& init,
                        const Body& body);
  /// Runs `body` when `c` holds (no results).
  void when(const std::string& c, const std::function<void()>& body);
  /// The whole func.func.
  std::string text() const;

 private:
  std::string fresh();
  void line(const std::string& s);
  std::string func_;
  std::vector<std::string> params_;
  std::map<std::string, std::pair<std::string, std::string>> mems_;  // name -> (memref, elem)
  std::ostringstream head_, body_;
  std::map<std::string, std::string> consts_;
  int next_ = 0, depth_ = 2;
};

}  // namespace tessera::transforms
