// Helpers of the scalar kernels that move elements by run-time indices (gather, scatter,
// embedding: schedule_to_tile_index.cpp; the KV cache: schedule_to_tile_kv.cpp). An index
// outside its range selects an address past the operand's end, so the tile.load or tile.store
// that uses it stops the run with the Tile and Target IR bounds error.
#pragma once

#include <cstdint>
#include <sstream>
#include <string>
#include <vector>

#include "core/ir/ir.h"

namespace tessera::transforms::index_kernel {

inline std::string ty(DType t) { return std::string(dtype_mlir_name(t)); }

inline bool index_type(DType t) {
  return t == DType::i8 || t == DType::i16 || t == DType::i32 || t == DType::i64 ||
         t == DType::u8 || t == DType::u16 || t == DType::u32 || t == DType::u64;
}

// Element types tile.load and tile.store move bit for bit (schedule_to_tile_movement.cpp).
inline bool movable(DType t) {
  return t != DType::i4 && t != DType::tf32 && t != DType::index && !dtype_is_complex(t);
}

// [outer, n, inner] around `axis` of `s`, or false on overflow.
inline bool split(const std::vector<int64_t>& s, int64_t axis, int64_t& outer, int64_t& inner) {
  outer = inner = 1;
  for (size_t d = 0; d < s.size(); ++d) {
    if (static_cast<int64_t>(d) == axis) continue;
    int64_t& p = static_cast<int64_t>(d) < axis ? outer : inner;
    if (__builtin_mul_overflow(p, s[d], &p)) return false;
  }
  return true;
}

/// A scalar kernel's text, with the index arithmetic of its element moves.
struct Kernel {
  std::ostringstream k;
  void cst(const std::string& v, int64_t x) {
    k << "    " << v << " = arith.constant {value = " << x << " : index} : index\n";
  }
  void op(const std::string& r, const char* o, const std::string& a, const std::string& b) {
    k << "    " << r << " = " << o << " " << a << ", " << b << " : index\n";
  }
  // %at = mem[j] (cast to index) checked against [0, %n): `scaled` = %li * %inner + `base`
  // when it lies there, `bad` (one past the end) when it does not.
  void checked(DType it, const std::string& j, const std::string& base, const std::string& bad,
               const std::string& mem = "%in1") {
    const bool u = it == DType::u8 || it == DType::u16 || it == DType::u32 || it == DType::u64;
    k << "    %raw = tile.load " << mem << ", " << j << " : (memref<?x" << ty(it) << ">, index) -> "
      << ty(it) << "\n"
      << "    %li = " << (u ? "arith.index_castui" : "arith.index_cast") << " %raw : (" << ty(it)
      << ") -> index\n"
      << "    %ge = arith.cmpi %li, %c0 {predicate = \"sge\"} : (index, index) -> i1\n"
      << "    %lt = arith.cmpi %li, %n {predicate = \"slt\"} : (index, index) -> i1\n"
      << "    %ok = arith.andi %ge, %lt : i1\n"
      << "    %good = arith.select %ok, %li, %c0 : (i1, index, index) -> index\n";
    op("%sc", "arith.muli", "%good", "%inner");
    op("%ad", "arith.addi", "%sc", base);
    k << "    %at = arith.select %ok, %ad, " << bad << " : (i1, index, index) -> index\n";
  }
};

}  // namespace tessera::transforms::index_kernel
