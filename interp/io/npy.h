// NumPy .npy (format 1.0/2.0/3.0) reading and writing for host tensors, strict about bad input.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "core/numerics/dtype.h"
#include "interp/api.h"

namespace tessera::io {

/// Default upper bound on the data section of a .npy file (bytes); a parameter of every reader.
inline constexpr uint64_t kDefaultNpyMaxBytes = uint64_t{4} << 30;

/// Longest header dictionary accepted, in bytes (numpy itself refuses more than 10,000 by default).
inline constexpr uint64_t kNpyMaxHeaderBytes = uint64_t{1} << 20;

/// Reads a .npy file into a dense C-ordered, native-endian tensor.
///
/// Accepted: versions 1.0, 2.0 and 3.0; descr bool, int8..int64, uint8..uint64, float16/32/64 in
/// either byte order ('<', '>', '=', '|'); fortran_order True or False (converted to C order).
/// Mapping: b1 -> i1, i1 -> i8, i2 -> i16, i4 -> i32, i8 -> i64, u1 -> u8, u2 -> u16, u4 -> u32,
/// u8 -> u64, f2 -> f16, f4 -> f32, f8 -> f64. Low-precision floats arrive as u8/u16 raw bits; use
/// reinterpret_as() to give them their type.
///
/// Refused with a tessera::Error that starts with "<path>: error: npy: ": bad magic, unknown
/// version, truncated preamble, header or data, a header length beyond the file or
/// kNpyMaxHeaderBytes, a malformed header dictionary, object/structured/string/complex/datetime
/// dtypes, negative or non-integer dims, element counts or byte sizes overflowing 64 bits, data
/// larger than `max_bytes`, bool bytes other than 0 and 1, and trailing bytes after the data (a
/// file that is longer than its header says was written wrongly, so it is not trusted).
///
/// With `raw_void` non-null, descr V1, V2 and f1 (what np.save writes for ml_dtypes arrays such
/// as bfloat16, float8_e4m3fn, float8_e5m2) are also accepted, as u8 / u16 raw bits ('>V2' is
/// byte-swapped), and *raw_void tells whether the file had one; the caller decides which format the
/// bits are.
interp::HostTensor read_npy(const std::string& path, uint64_t max_bytes = kDefaultNpyMaxBytes,
                            bool* raw_void = nullptr);

/// Same as read_npy, from bytes already in memory; `name` is used in error messages.
interp::HostTensor parse_npy(std::span<const std::byte> bytes, const std::string& name,
                             uint64_t max_bytes = kDefaultNpyMaxBytes, bool* raw_void = nullptr);

/// Encodes a tensor as a version 1.0 .npy file (version 2.0 if the header needs it): C order,
/// little endian. f16 -> '<f2', tf32 -> '<f4', bf16 -> '<u2', fp8/fp6/fp4/e8m0 -> '|u1' raw bits,
/// i1 -> '|b1', i4 -> '|i1' one sign-extended value per byte, index -> '<i8'.
/// Throws tessera::Error if the tensor's data size does not match its shape.
std::vector<std::byte> encode_npy(const interp::HostTensor& tensor);

/// Writes encode_npy(tensor) to `path`; throws tessera::Error naming the file on I/O failure.
void write_npy(const std::string& path, const interp::HostTensor& tensor);

/// Gives raw-bit data its real element type in place, e.g. u8 -> f8e4m3, u16 -> bf16, f32 -> tf32.
/// The source must be an integer (or same-width float) type of the same byte width. Two targets
/// validate values: fp6/fp4 bytes must have their unused high bits clear, i1 bytes must be 0 or 1.
/// i8 -> i4 is also accepted: values must lie in [-8, 7] and are packed two per byte, low nibble
/// first (the inverse of how encode_npy writes i4). Throws tessera::Error otherwise.
void reinterpret_as(interp::HostTensor& tensor, DType target);

/// The binding rule of .npy files (docs/cli.md, "Inputs and outputs"): whether a file of dtype
/// `file` (`raw_void`: its descr was V1/V2/f1, see read_npy) may carry a tensor of `want`. Only
/// the same dtype, or a carrier of the same bits: uint8 (or V1/f1) for the one-byte float
/// formats, uint16 (or V2) for bf16, int8 (or V1, ml_dtypes.int4) for i4, float32 for tf32,
/// int64 for index. Never a conversion or a reinterpretation of other bits.
bool dtype_binds(DType file, bool raw_void, DType want);

/// Gives a tensor read from a .npy file its element type `want` under dtype_binds (ml_dtypes
/// int4 nibbles are sign-extended and packed; fp6/fp4/i1 values are range-checked). Throws
/// tessera::Error, without a location, when the rule refuses it or a value is out of range.
void adopt_dtype(interp::HostTensor& tensor, bool raw_void, DType want);

/// Number of elements of a shape; throws tessera::Error on negative dims or overflow.
int64_t element_count(const std::vector<int64_t>& shape);

/// Bytes a dense tensor of `count` elements of `dtype` occupies (i4 packs two per byte).
int64_t storage_bytes(DType dtype, int64_t count);

}  // namespace tessera::io
