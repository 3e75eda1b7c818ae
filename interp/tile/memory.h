// Element access for the tile simulator: conversions, index resolution, sanitizer shadows.
#pragma once

#include <algorithm>
#include <cstring>

#include "core/numerics/convert.h"
#include "interp/tile/convert_cell.h"
#include "interp/tile/sim.h"

namespace tessera::interp::tile {

/// An aggregate (register tile) element read as int32 bits.
inline int32_t agg_i(const float* p) {
  int32_t v;
  std::memcpy(&v, p, 4);
  return v;
}
inline void agg_set_i(float* p, int32_t v) { std::memcpy(p, &v, 4); }

/// Memory element at physical index `p` as a register-tile value.
inline float load_agg(const Buffer& b, int64_t p) {
  const std::byte* at = b.data + p * b.esize;
  switch (b.dt) {
    case DType::f32: {
      float v;
      std::memcpy(&v, at, 4);
      return v;
    }
    case DType::bf16: {
      uint16_t v;
      std::memcpy(&v, at, 2);
      return num::to_float<num::BF16>(v);
    }
    case DType::f16: {
      uint16_t v;
      std::memcpy(&v, at, 2);
      return num::to_float<num::F16>(v);
    }
    case DType::f64: {
      double v;
      std::memcpy(&v, at, 8);
      return static_cast<float>(v);
    }
    case DType::i32: {
      float v;
      std::memcpy(&v, at, 4);
      return v;
    }  // bits
    default: {
      int32_t v = b.dt == DType::i1 ? (static_cast<uint8_t>(*at) & 1) : static_cast<int8_t>(*at);
      float f;
      std::memcpy(&f, &v, 4);
      return f;
    }
  }
}

/// Stores a register-tile value (element types always match, so this never rounds, except for
/// bf16/f16 tiles whose values are already representable).
inline void store_agg(Buffer& b, int64_t p, float v) {
  std::byte* at = b.data + p * b.esize;
  switch (b.dt) {
    case DType::f32:
    case DType::i32:
      std::memcpy(at, &v, 4);
      return;
    case DType::bf16: {
      uint16_t x = num::from_float<num::BF16>(v);
      std::memcpy(at, &x, 2);
      return;
    }
    case DType::f16: {
      uint16_t x = num::from_float<num::F16>(v);
      std::memcpy(at, &x, 2);
      return;
    }
    case DType::f64: {
      double d = v;
      std::memcpy(at, &d, 8);
      return;
    }
    default: {
      int32_t i = agg_i(&v);
      *at = static_cast<std::byte>(b.dt == DType::i1 ? (i & 1) : i);
      return;
    }
  }
}

/// Memory element as a scalar register.
inline Cell load_cell(const Buffer& b, int64_t p) {
  const std::byte* at = b.data + p * b.esize;
  Cell c{};
  switch (b.dt) {
    case DType::f32:
      std::memcpy(&c.f, at, 4);
      break;
    case DType::f64:
      std::memcpy(&c.d, at, 8);
      break;
    case DType::i32: {
      int32_t v;
      std::memcpy(&v, at, 4);
      c.i = v;
      break;
    }
    case DType::i64:
    case DType::index:
      std::memcpy(&c.i, at, 8);
      break;
    case DType::i1:
      c.i = static_cast<uint8_t>(*at) & 1;
      break;
    case DType::i8:
      c.i = static_cast<int8_t>(*at);
      break;
    default: {  // i16, the narrow floats and the unsigned integers (convert_cell.h's forms)
      uint64_t bits = 0;
      std::memcpy(&bits, at, static_cast<size_t>(b.esize));
      c = cell_from_bits(b.dt, bits);
      break;
    }
  }
  return c;
}

inline void store_cell(Buffer& b, int64_t p, Cell c) {
  std::byte* at = b.data + p * b.esize;
  switch (b.dt) {
    case DType::f32:
      std::memcpy(at, &c.f, 4);
      break;
    case DType::f64:
      std::memcpy(at, &c.d, 8);
      break;
    case DType::i32: {
      int32_t v = static_cast<int32_t>(c.i);
      std::memcpy(at, &v, 4);
      break;
    }
    case DType::i64:
    case DType::index:
      std::memcpy(at, &c.i, 8);
      break;
    case DType::i1:
      *at = static_cast<std::byte>(c.i & 1);
      break;
    case DType::i8:
      *at = static_cast<std::byte>(c.i);
      break;
    default: {
      const uint64_t bits = bits_of_cell(b.dt, c);
      std::memcpy(at, &bits, static_cast<size_t>(b.esize));  // little-endian: the low bytes
      break;
    }
  }
}

/// Visits logical elements [e, e + len) of `b` as runs that are contiguous in its physical
/// layout: f(offset, phys, n) for logical elements e + offset .. e + offset + n - 1, which live at
/// physical elements phys .. phys + n - 1. One run for a plain buffer; at most one per row for a
/// padded one; one per 16-byte chunk for an xor-swizzled one (Buffer::phys, without its
/// per-element divisions). Runs come in logical order.
template <typename F>
inline void for_phys_runs(const Buffer& b, int64_t e, int64_t len, F f) {
  if (len <= 0) return;
  if (b.plain) return f(int64_t{0}, e, len);
  int64_t row = e / b.cols, col = e - row * b.cols, done = 0;
  // chunk = 16 / esize and cols / chunk are powers of two (alloc_c2): shifts and masks.
  const int shift = b.chunk > 0 ? __builtin_ctzll(static_cast<unsigned long long>(b.chunk)) : 0;
  const int64_t chunks = b.chunk > 0 ? b.cols >> shift : 1;
  while (done < len) {
    const int64_t in_row = std::min(len - done, b.cols - col);
    const int64_t row0 = row * b.phys_cols;
    if (b.chunk <= 0) {
      f(done, row0 + col, in_row);
    } else {
      const int64_t x = row & (chunks - 1), end = col + in_row;
      int64_t c = col;
      if (const int64_t off = c & (b.chunk - 1); off != 0) {  // a partial first chunk
        const int64_t n = std::min(b.chunk - off, in_row);
        f(done, row0 + (((c >> shift) ^ x) << shift) + off, n);
        c += n;
      }
      for (; c + b.chunk <= end; c += b.chunk)  // whole chunks: the common case
        f(done + (c - col), row0 + (((c >> shift) ^ x) << shift), b.chunk);
      if (c < end) f(done + (c - col), row0 + (((c >> shift) ^ x) << shift), end - c);
    }
    done += in_row;
    col = 0;
    ++row;
  }
}

/// memcpy of n bytes with the 16-byte case (one swizzle chunk of any element type) inlined.
inline void copy_run(void* dst, const void* src, size_t n) {
  if (n == 16)
    std::memcpy(dst, src, 16);
  else
    std::memcpy(dst, src, n);
}

/// The buffer a memref handle names, for tile t of g.
Buffer& buffer_of(GroupState& g, int32_t t, int64_t handle);

/// Kinds of checked accesses.
enum class AccessKind : uint8_t { kRead, kWrite, kAtomic };

/// Runs the races/init/async checks for one element access (shadow must exist). Reports
/// through add_report; the access itself always proceeds.
void shadow_access(GroupState& g, int32_t t, Buffer& b, int64_t elem, int32_t lane, int32_t inst,
                   AccessKind kind);

/// Reports an out-of-bounds access (check bounds on) or throws tessera::Error (off).
/// `what` describes the index, e.g. "[3, 64] outside [64, 64]".
void out_of_bounds(GroupState& g, int32_t t, const Buffer& b, int32_t lane, int32_t inst,
                   const std::string& what);

/// Throws tessera::Error when instruction `inst` writes a read-only buffer (a launch operand).
void check_writable(GroupState& g, int32_t t, const Buffer& b, int32_t inst);

/// Whether accesses to `b` need shadow_access.
inline bool shadowed(const Buffer& b) { return b.tracked || !b.shadow.empty(); }

/// Formats an index tuple "[i, j]".
std::string index_str(const int64_t* idx, size_t n);

}  // namespace tessera::interp::tile
