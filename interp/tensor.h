// Interpreter tensors: dense, C-ordered, 64-byte aligned storage shared by reference.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <vector>

#include "core/ir/type.h"
#include "interp/api.h"

namespace tessera::interp {

/// A dense C-ordered tensor. Copying a Tensor shares its storage.
class Tensor {
 public:
  Tensor() = default;
  /// Allocates uninitialised storage; throws tessera::Error if the size overflows.
  Tensor(DType dtype, std::vector<int64_t> shape);
  /// `count` tensors of one type carved from one allocation (one malloc instead of `count`, for
  /// collectives that make an output per rank). Each slice starts 64-byte aligned and shares no
  /// cache line with another (threads may write different slices at once); the allocation lives
  /// until the last slice (or a copy or view of one) is dropped.
  static std::vector<Tensor> slices(DType dtype, const std::vector<int64_t>& shape, size_t count);
  /// Wraps `storage` that another owner holds (a numpy array the Python package passes without a
  /// copy): it must hold storage_bytes(dtype, shape) bytes and start 64-byte aligned. The plan
  /// never recycles it (sole_owner() is false), so the owner's data is never overwritten.
  static Tensor borrow(DType dtype, std::vector<int64_t> shape, std::shared_ptr<std::byte> storage);

  DType dtype() const { return dtype_; }
  const std::vector<int64_t>& shape() const { return shape_; }
  int64_t rank() const { return static_cast<int64_t>(shape_.size()); }
  int64_t dim(int64_t k) const { return shape_[static_cast<size_t>(k)]; }
  int64_t numel() const { return numel_; }
  size_t nbytes() const { return nbytes_; }
  ir::Type type() const { return ir::Type::tensor(dtype_, shape_); }
  /// True when no other Tensor shares this storage (so it may be recycled). Always false for a
  /// slice (see slices()): recycling one would pin its whole allocation for one slice's worth of
  /// reuse, so slices go back to the heap together instead.
  bool sole_owner() const { return !slice_ && !borrowed_ && storage_.use_count() == 1; }
  /// True when this tensor's storage is one slice of a shared allocation (see slices()).
  bool is_slice() const { return slice_; }

  std::byte* bytes() { return storage_.get(); }
  const std::byte* bytes() const { return storage_.get(); }
  template <typename T>
  T* data() {
    return reinterpret_cast<T*>(storage_.get());
  }
  template <typename T>
  const T* data() const {
    return reinterpret_cast<const T*>(storage_.get());
  }

  /// Shares `other`'s storage with a new shape of the same byte size (reshape without copy).
  Tensor view_as(std::vector<int64_t> shape) const;
  /// Reuses this tensor's storage (same byte size) for a new dtype/shape.
  Tensor reuse_as(DType dtype, std::vector<int64_t> shape) const;

  static Tensor from_host(const HostTensor& h);
  HostTensor to_host() const;

 private:
  DType dtype_ = DType::f32;
  std::vector<int64_t> shape_;
  int64_t numel_ = 0;
  size_t nbytes_ = 0;
  bool slice_ = false;     ///< storage_ aliases part of a larger allocation
  bool borrowed_ = false;  ///< storage_ belongs to another owner (borrow())
  std::shared_ptr<std::byte> storage_;
};

/// Row-major strides (in elements) of a shape.
std::vector<int64_t> row_major_strides(const std::vector<int64_t>& shape);

/// Byte size of `numel` elements of `dtype`, or throws tessera::Error on overflow.
size_t storage_bytes(DType dtype, const std::vector<int64_t>& shape, int64_t* numel_out = nullptr);

}  // namespace tessera::interp
