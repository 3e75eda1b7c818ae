// Interpreter tensors.
#include "interp/tensor.h"

#include <sys/mman.h>

#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <string>

#include "core/support/error.h"

namespace tessera::interp {

namespace {

constexpr size_t kHugeFrom = size_t{4} << 20;  // numpy's threshold for the same advice
constexpr uintptr_t kPage = 4096;

/// `bytes` (> 0) of 64-byte aligned storage. From 4 MB on, the pages of the block are advised
/// for transparent huge pages (where the kernel gives them on request): streaming kernels over
/// 16 MB tensors otherwise spend a share of their time in TLB misses. The block itself stays an
/// ordinary heap block (a 2 MB aligned one made glibc return and re-fault it on every call).
std::byte* allocate_storage(size_t bytes) {
  const size_t alloc = (bytes + 63) / 64 * 64;
  if (alloc < bytes) throw Error("tensor byte size overflows");
  void* p = std::aligned_alloc(64, alloc);
  if (!p) throw Error("out of memory allocating " + std::to_string(bytes) + " bytes");
  if (alloc >= kHugeFrom) {
    const uintptr_t lo = (reinterpret_cast<uintptr_t>(p) + kPage - 1) & ~(kPage - 1);
    const uintptr_t hi = (reinterpret_cast<uintptr_t>(p) + alloc) & ~(kPage - 1);
    (void)madvise(reinterpret_cast<void*>(lo), hi - lo, MADV_HUGEPAGE);  // advice only
  }
  return static_cast<std::byte*>(p);
}

}  // namespace

size_t storage_bytes(DType dtype, const std::vector<int64_t>& shape, int64_t* numel_out) {
  int64_t n = 1;
  for (int64_t d : shape) {
    if (d < 0) throw Error("tensor dimension " + std::to_string(d) + " is negative");
    if (__builtin_mul_overflow(n, d, &n))
      throw Error("tensor shape has more elements than fit in 64 bits");
  }
  int bits = dtype_bits(dtype);
  int64_t bytes;
  if (bits < 8) {
    bytes = n / 2 + (n & 1);
  } else if (__builtin_mul_overflow(n, static_cast<int64_t>(bits / 8), &bytes)) {
    throw Error("tensor byte size overflows 64 bits");
  }
  if (numel_out) *numel_out = n;
  return static_cast<size_t>(bytes);
}

Tensor::Tensor(DType dtype, std::vector<int64_t> shape) : dtype_(dtype), shape_(std::move(shape)) {
  nbytes_ = storage_bytes(dtype_, shape_, &numel_);
  storage_ = std::shared_ptr<std::byte>(allocate_storage(nbytes_ == 0 ? 64 : nbytes_),
                                        [](std::byte* q) { std::free(q); });
  // Packed sub-byte storage (i4: two per byte) starts zeroed: an odd count's pad nibble, and a
  // kernel that writes whole bytes, then never read an undefined bit.
  if (dtype_bits(dtype_) < 8 && nbytes_ > 0) std::memset(storage_.get(), 0, nbytes_);
}

std::vector<Tensor> Tensor::slices(DType dtype, const std::vector<int64_t>& shape, size_t count) {
  if (count == 0) return {};
  int64_t numel = 0;
  const size_t nbytes = storage_bytes(dtype, shape, &numel);
  const size_t stride = (nbytes + 63) / 64 * 64;  // every slice starts 64-byte aligned
  size_t alloc = 0;
  if (__builtin_mul_overflow(stride, count, &alloc))
    throw Error("tensor slices need more bytes than fit in 64 bits");
  if (alloc == 0) alloc = 64;
  // One owner (and one control block); every slice aliases it at its own offset.
  const std::shared_ptr<std::byte> block(allocate_storage(alloc),
                                         [](std::byte* q) { std::free(q); });
  std::vector<Tensor> out(count);
  for (size_t k = 0; k < count; ++k) {
    Tensor& t = out[k];
    t.dtype_ = dtype;
    t.shape_ = shape;
    t.numel_ = numel;
    t.nbytes_ = nbytes;
    t.slice_ = true;
    t.storage_ = std::shared_ptr<std::byte>(block, block.get() + k * stride);
  }
  return out;
}

Tensor Tensor::borrow(DType dtype, std::vector<int64_t> shape, std::shared_ptr<std::byte> storage) {
  Tensor t;
  t.dtype_ = dtype;
  t.shape_ = std::move(shape);
  t.nbytes_ = storage_bytes(dtype, t.shape_, &t.numel_);
  t.borrowed_ = true;
  t.storage_ = std::move(storage);
  return t;
}

Tensor Tensor::view_as(std::vector<int64_t> shape) const {
  return reuse_as(dtype_, std::move(shape));
}

Tensor Tensor::reuse_as(DType dtype, std::vector<int64_t> shape) const {
  Tensor t;
  t.dtype_ = dtype;
  t.shape_ = std::move(shape);
  t.nbytes_ = storage_bytes(dtype, t.shape_, &t.numel_);
  if (t.nbytes_ > nbytes_) throw Error("internal: view larger than its storage");
  t.slice_ = slice_;
  t.borrowed_ = borrowed_;
  t.storage_ = storage_;
  return t;
}

Tensor Tensor::from_host(const HostTensor& h) {
  Tensor t(h.dtype, h.shape);
  if (h.data.size() != t.nbytes_)
    throw Error("input holds " + std::to_string(h.data.size()) + " bytes but its shape needs " +
                std::to_string(t.nbytes_));
  if (t.nbytes_) std::memcpy(t.bytes(), h.data.data(), t.nbytes_);
  return t;
}

HostTensor Tensor::to_host() const {
  HostTensor h;
  h.dtype = dtype_;
  h.shape = shape_;
  h.data.resize(nbytes_);
  if (nbytes_) std::memcpy(h.data.data(), bytes(), nbytes_);
  return h;
}

std::vector<int64_t> row_major_strides(const std::vector<int64_t>& shape) {
  std::vector<int64_t> s(shape.size(), 1);
  for (size_t k = shape.size(); k-- > 1;) s[k - 1] = s[k] * shape[k];
  return s;
}

}  // namespace tessera::interp
