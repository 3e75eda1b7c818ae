// Maps a flat output index to the flat index of a broadcast input (numpy rules).
#pragma once

#include <cstdint>
#include <vector>

namespace tessera::interp {

/// Precomputes, per output dim, the input stride (0 where the input dim is broadcast).
class BroadcastIndexer {
 public:
  BroadcastIndexer(const std::vector<int64_t>& in_shape, const std::vector<int64_t>& out_shape) {
    size_t r = out_shape.size(), off = r - in_shape.size();
    out_shape_ = out_shape;
    strides_.assign(r, 0);
    int64_t s = 1;
    for (size_t k = in_shape.size(); k-- > 0;) {
      strides_[k + off] = in_shape[k] == 1 ? 0 : s;
      s *= in_shape[k];
    }
    identity_ = in_shape == out_shape;
  }
  int64_t map(int64_t flat) const {
    if (identity_) return flat;
    int64_t idx = 0;
    for (size_t k = out_shape_.size(); k-- > 0;) {
      int64_t d = out_shape_[k];
      idx += (flat % d) * strides_[k];
      flat /= d;
    }
    return idx;
  }

 private:
  std::vector<int64_t> out_shape_, strides_;
  bool identity_ = false;
};

}  // namespace tessera::interp
