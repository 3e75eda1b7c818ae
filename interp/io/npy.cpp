// NumPy .npy reader and writer: a strict header parser, byte-order and Fortran-order conversion.
#include "interp/io/npy.h"

#include <algorithm>
#include <array>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <limits>
#include <string_view>

#include "core/support/error.h"

namespace tessera::io {
namespace {

constexpr std::array<unsigned char, 6> kMagic = {0x93, 'N', 'U', 'M', 'P', 'Y'};

[[noreturn]] void fail(const std::string& name, const std::string& reason) {
  throw Error(name + ": error: npy: " + reason);
}

/// What the header dictionary says about the data.
struct Header {
  DType dtype = DType::u8;
  int item_bytes = 1;
  bool big_endian = false;
  bool fortran_order = false;
  std::vector<int64_t> shape;
  bool raw_void = false;  ///< descr V1 / V2: raw bits of a format numpy lacks (ml_dtypes)
};

/// Strict parser for the Python-literal dict numpy writes, e.g.
/// {'descr': '<f4', 'fortran_order': False, 'shape': (2, 3), }
class HeaderParser {
 public:
  HeaderParser(std::string_view text, const std::string& name, bool allow_void)
      : s_(text), name_(name), allow_void_(allow_void) {}

  Header parse() {
    bool seen_descr = false, seen_order = false, seen_shape = false;
    Header h;
    skip_ws();
    expect('{', "header must start with '{'");
    skip_ws();
    while (!at('}')) {
      std::string key = parse_string("a key");
      skip_ws();
      expect(':', "expected ':' after key '" + key + "'");
      skip_ws();
      if (key == "descr") {
        if (seen_descr) bad("duplicate key 'descr'");
        seen_descr = true;
        if (at('[') || at('{')) bad("structured dtypes are not supported");
        parse_descr(parse_string("the 'descr' value"), h);
      } else if (key == "fortran_order") {
        if (seen_order) bad("duplicate key 'fortran_order'");
        seen_order = true;
        h.fortran_order = parse_bool();
      } else if (key == "shape") {
        if (seen_shape) bad("duplicate key 'shape'");
        seen_shape = true;
        h.shape = parse_shape();
      } else {
        bad("unexpected key '" + key + "'");
      }
      skip_ws();
      if (at(',')) {
        ++pos_;
        skip_ws();
      } else if (!at('}')) {
        bad("expected ',' or '}' after the value of '" + key + "'");
      }
    }
    ++pos_;
    skip_ws();
    if (pos_ != s_.size()) bad("trailing characters after the header dictionary");
    if (!seen_descr) bad("missing key 'descr'");
    if (!seen_order) bad("missing key 'fortran_order'");
    if (!seen_shape) bad("missing key 'shape'");
    return h;
  }

 private:
  [[noreturn]] void bad(const std::string& what) {
    fail(name_, "malformed header: " + what + " (at column " + std::to_string(pos_ + 1) + ")");
  }
  bool at(char c) const { return pos_ < s_.size() && s_[pos_] == c; }
  void skip_ws() {
    while (pos_ < s_.size() &&
           (s_[pos_] == ' ' || s_[pos_] == '\t' || s_[pos_] == '\n' || s_[pos_] == '\r')) {
      ++pos_;
    }
  }
  void expect(char c, const std::string& what) {
    if (!at(c)) bad(what);
    ++pos_;
  }

  std::string parse_string(const std::string& what) {
    if (!at('\'') && !at('"')) bad("expected a quoted string for " + what);
    char quote = s_[pos_++];
    std::string out;
    while (pos_ < s_.size() && s_[pos_] != quote) {
      char c = s_[pos_];
      if (c == '\n') bad("unterminated string");
      if (c == '\\' || static_cast<unsigned char>(c) >= 0x80) {
        bad("unsupported character in a string");
      }
      out.push_back(c);
      ++pos_;
    }
    if (pos_ >= s_.size()) bad("unterminated string");
    ++pos_;
    return out;
  }

  bool parse_bool() {
    if (s_.substr(pos_, 4) == "True") {
      pos_ += 4;
      return true;
    }
    if (s_.substr(pos_, 5) == "False") {
      pos_ += 5;
      return false;
    }
    bad("'fortran_order' must be True or False");
  }

  int64_t parse_dim() {
    if (at('-')) bad("negative dimension in 'shape'");
    if (pos_ >= s_.size() || s_[pos_] < '0' || s_[pos_] > '9') bad("expected a dimension");
    uint64_t v = 0;
    while (pos_ < s_.size() && s_[pos_] >= '0' && s_[pos_] <= '9') {
      uint64_t digit = static_cast<uint64_t>(s_[pos_] - '0');
      if (__builtin_mul_overflow(v, uint64_t{10}, &v) || __builtin_add_overflow(v, digit, &v) ||
          v > static_cast<uint64_t>(std::numeric_limits<int64_t>::max())) {
        bad("dimension does not fit in 64 bits");
      }
      ++pos_;
    }
    if (at('.') || at('e') || at('E')) bad("dimension is not an integer");
    if (at('L')) ++pos_;  // Python 2 long literal, written by old numpy.
    return static_cast<int64_t>(v);
  }

  std::vector<int64_t> parse_shape() {
    if (!at('(')) bad("'shape' must be a tuple");
    ++pos_;
    std::vector<int64_t> dims;
    bool trailing_comma = false;
    skip_ws();
    while (!at(')')) {
      if (dims.size() >= 64) bad("more than 64 dimensions");
      dims.push_back(parse_dim());
      skip_ws();
      trailing_comma = false;
      if (at(',')) {
        ++pos_;
        trailing_comma = true;
        skip_ws();
      } else if (!at(')')) {
        bad("expected ',' or ')' in 'shape'");
      }
    }
    ++pos_;
    if (dims.size() == 1 && !trailing_comma) bad("'shape' (n) is not a tuple; write (n,)");
    return dims;
  }

  void parse_descr(const std::string& d, Header& h) {
    if (d.size() < 2) bad("unknown dtype '" + d + "'");
    char order = d[0];
    std::string rest = d.substr(1);
    if (order != '<' && order != '>' && order != '|' && order != '=') {
      order = '|';
      rest = d;
    }
    struct Entry {
      const char* code;
      DType dtype;
      int bytes;
    };
    static constexpr Entry kTable[] = {
        {"b1", DType::i1, 1},  {"i1", DType::i8, 1},     {"i2", DType::i16, 2},
        {"i4", DType::i32, 4}, {"i8", DType::i64, 8},    {"u1", DType::u8, 1},
        {"u2", DType::u16, 2}, {"u4", DType::u32, 4},    {"u8", DType::u64, 8},
        {"f2", DType::f16, 2}, {"f4", DType::f32, 4},    {"f8", DType::f64, 8},
        {"c8", DType::c64, 8}, {"c16", DType::c128, 16},
    };
    for (const Entry& e : kTable) {
      if (rest == e.code) {
        h.dtype = e.dtype;
        h.item_bytes = e.bytes;
        h.big_endian = order == '>';
        return;
      }
    }
    // ml_dtypes arrays saved by np.save: 'V1' / 'V2', and 'f1' for float8_e5m2.
    if (allow_void_ && (rest == "V1" || rest == "V2" || rest == "f1")) {
      h.dtype = rest == "V2" ? DType::u16 : DType::u8;
      h.item_bytes = rest == "V2" ? 2 : 1;
      h.big_endian = order == '>';
      h.raw_void = true;
      return;
    }
    char kind = rest.empty() ? '?' : rest[0];
    if (kind == 'O') bad("object dtype '" + d + "' is refused (it would need pickle)");
    if (kind == 'V') bad("void/structured dtype '" + d + "' is not supported");
    if (kind == 'c') bad("complex dtype '" + d + "' is not supported");
    if (kind == 'S' || kind == 'U' || kind == 'a') bad("string dtype '" + d + "' is not supported");
    if (kind == 'M' || kind == 'm') bad("datetime dtype '" + d + "' is not supported");
    bad("unknown dtype '" + d + "'");
  }

  std::string_view s_;
  const std::string& name_;
  bool allow_void_ = false;
  size_t pos_ = 0;
};

/// Position and size of the header, from the fixed preamble.
struct Preamble {
  uint64_t header_start = 0;
  uint64_t header_len = 0;
};

Preamble parse_preamble(std::span<const std::byte> head, uint64_t file_size,
                        const std::string& name) {
  if (head.size() < 8) fail(name, "truncated preamble (" + std::to_string(file_size) + " bytes)");
  if (std::memcmp(head.data(), kMagic.data(), kMagic.size()) != 0) {
    fail(name, "bad magic (not a .npy file)");
  }
  int major = static_cast<int>(head[6]), minor = static_cast<int>(head[7]);
  if ((major < 1 || major > 3) || minor != 0) {
    fail(name, "unsupported format version " + std::to_string(major) + "." + std::to_string(minor));
  }
  Preamble p;
  int len_bytes = major == 1 ? 2 : 4;
  p.header_start = 8 + static_cast<uint64_t>(len_bytes);
  if (head.size() < p.header_start) fail(name, "truncated preamble");
  for (int i = len_bytes - 1; i >= 0; --i) {
    p.header_len = (p.header_len << 8) | static_cast<uint64_t>(head[8 + i]);
  }
  if (p.header_len > kNpyMaxHeaderBytes) {
    fail(name, "header length " + std::to_string(p.header_len) + " exceeds the limit of " +
                   std::to_string(kNpyMaxHeaderBytes) + " bytes");
  }
  if (p.header_start + p.header_len > file_size) {
    fail(name, "truncated header: header length says " + std::to_string(p.header_len) +
                   " bytes but the file has " + std::to_string(file_size - p.header_start));
  }
  return p;
}

/// Bytes of data the header promises; checks overflow and the caller's limit.
uint64_t data_bytes_for(const Header& h, uint64_t max_bytes, const std::string& name) {
  uint64_t count = 1;
  for (int64_t d : h.shape) {
    if (__builtin_mul_overflow(count, static_cast<uint64_t>(d), &count)) {
      fail(name, "shape element count overflows 64 bits");
    }
  }
  uint64_t bytes = 0;
  if (__builtin_mul_overflow(count, static_cast<uint64_t>(h.item_bytes), &bytes) ||
      bytes > static_cast<uint64_t>(std::numeric_limits<int64_t>::max())) {
    fail(name, "shape byte size overflows 64 bits");
  }
  if (bytes > max_bytes) {
    fail(name, "data of " + std::to_string(bytes) + " bytes exceeds the limit of " +
                   std::to_string(max_bytes) + " bytes");
  }
  return bytes;
}

void check_data_size(uint64_t have, uint64_t want, const std::string& name) {
  if (have < want) {
    fail(name, "truncated data: expected " + std::to_string(want) + " bytes, file has " +
                   std::to_string(have));
  }
  if (have > want) {
    fail(name, "trailing garbage: " + std::to_string(have - want) +
                   " bytes after the data (expected " + std::to_string(want) + ")");
  }
}

void byteswap_items(std::vector<std::byte>& data, int item_bytes) {
  if (item_bytes == 1) return;
  for (size_t i = 0; i + item_bytes <= data.size(); i += item_bytes) {
    std::reverse(data.begin() + static_cast<ptrdiff_t>(i),
                 data.begin() + static_cast<ptrdiff_t>(i + item_bytes));
  }
}

/// Reorders Fortran-ordered data into C order.
std::vector<std::byte> fortran_to_c(const std::vector<std::byte>& src,
                                    const std::vector<int64_t>& shape, int item_bytes) {
  size_t rank = shape.size();
  std::vector<std::byte> dst(src.size());
  if (rank < 2 || src.empty()) return src;
  std::vector<int64_t> stride(rank), idx(rank, 0);  // Fortran strides, in elements.
  int64_t s = 1;
  for (size_t k = 0; k < rank; ++k) {
    stride[k] = s;
    s *= shape[k];
  }
  int64_t count = s, src_off = 0;
  for (int64_t n = 0; n < count; ++n) {
    std::memcpy(dst.data() + n * item_bytes, src.data() + src_off * item_bytes,
                static_cast<size_t>(item_bytes));
    for (size_t k = rank; k-- > 0;) {  // C-order odometer: last index moves fastest.
      if (++idx[k] < shape[k]) {
        src_off += stride[k];
        break;
      }
      src_off -= stride[k] * (shape[k] - 1);
      idx[k] = 0;
    }
  }
  return dst;
}

interp::HostTensor finish(const Header& h, std::vector<std::byte> data, const std::string& name) {
  // A complex element is two floats: each is swapped on its own.
  if (h.big_endian)
    byteswap_items(data, dtype_is_complex(h.dtype) ? h.item_bytes / 2 : h.item_bytes);
  if (h.fortran_order) data = fortran_to_c(data, h.shape, h.item_bytes);
  if (h.dtype == DType::i1) {
    for (size_t i = 0; i < data.size(); ++i) {
      if (static_cast<unsigned>(data[i]) > 1) {
        fail(name, "bool element " + std::to_string(i) + " has byte value " +
                       std::to_string(static_cast<unsigned>(data[i])) + " (must be 0 or 1)");
      }
    }
  }
  interp::HostTensor t;
  t.dtype = h.dtype;
  t.shape = h.shape;
  t.data = std::move(data);
  return t;
}

Header parse_header_text(std::span<const std::byte> bytes, const std::string& name,
                         bool* raw_void) {
  std::string_view text(reinterpret_cast<const char*>(bytes.data()), bytes.size());
  Header h = HeaderParser(text, name, raw_void != nullptr).parse();
  if (raw_void) *raw_void = h.raw_void;
  return h;
}

std::string descr_for(DType t) {
  switch (t) {
    case DType::f64:
      return "<f8";
    case DType::f32:
    case DType::tf32:
      return "<f4";
    case DType::f16:
      return "<f2";
    case DType::bf16:
    case DType::u16:
      return "<u2";
    case DType::i1:
      return "|b1";
    case DType::i4:
    case DType::i8:
      return "|i1";
    case DType::i16:
      return "<i2";
    case DType::i32:
      return "<i4";
    case DType::i64:
    case DType::index:
      return "<i8";
    case DType::u32:
      return "<u4";
    case DType::u64:
      return "<u8";
    case DType::c64:
      return "<c8";
    case DType::c128:
      return "<c16";
    default:
      return "|u1";  // u8 and the 8-bit float formats as raw bits.
  }
}

}  // namespace

int64_t element_count(const std::vector<int64_t>& shape) {
  int64_t n = 1;
  for (int64_t d : shape) {
    if (d < 0) throw Error("negative dimension " + std::to_string(d));
    if (__builtin_mul_overflow(n, d, &n)) throw Error("tensor element count overflows 64 bits");
  }
  return n;
}

int64_t storage_bytes(DType dtype, int64_t count) {
  if (dtype == DType::i4) return count / 2 + count % 2;
  int64_t bytes = 0;
  if (__builtin_mul_overflow(count, int64_t{dtype_bits(dtype) / 8}, &bytes)) {
    throw Error("tensor byte size overflows 64 bits");
  }
  return bytes;
}

interp::HostTensor parse_npy(std::span<const std::byte> bytes, const std::string& name,
                             uint64_t max_bytes, bool* raw_void) {
  Preamble p = parse_preamble(bytes.first(std::min<size_t>(bytes.size(), 12)), bytes.size(), name);
  Header h = parse_header_text(bytes.subspan(p.header_start, p.header_len), name, raw_void);
  uint64_t data_start = p.header_start + p.header_len;
  uint64_t want = data_bytes_for(h, max_bytes, name);
  check_data_size(bytes.size() - data_start, want, name);
  std::vector<std::byte> data(bytes.begin() + static_cast<ptrdiff_t>(data_start), bytes.end());
  return finish(h, std::move(data), name);
}

interp::HostTensor read_npy(const std::string& path, uint64_t max_bytes, bool* raw_void) {
  std::error_code ec;
  if (!std::filesystem::is_regular_file(path, ec)) fail(path, "no such regular file");
  std::ifstream in(path, std::ios::binary);
  if (!in) fail(path, "cannot open file");
  in.seekg(0, std::ios::end);
  std::streamoff end = in.tellg();
  if (end < 0) fail(path, "cannot determine the file size");
  uint64_t file_size = static_cast<uint64_t>(end);
  in.seekg(0, std::ios::beg);
  auto read_exact = [&](std::vector<std::byte>& buf, const char* what) {
    if (!buf.empty() &&
        !in.read(reinterpret_cast<char*>(buf.data()), static_cast<std::streamsize>(buf.size()))) {
      fail(path, std::string("read error in the ") + what);
    }
  };
  std::vector<std::byte> head(static_cast<size_t>(std::min<uint64_t>(file_size, 12)));
  read_exact(head, "preamble");
  Preamble p = parse_preamble(head, file_size, path);
  std::vector<std::byte> header(static_cast<size_t>(p.header_len));
  in.seekg(static_cast<std::streamoff>(p.header_start), std::ios::beg);
  read_exact(header, "header");
  Header h = parse_header_text(header, path, raw_void);
  uint64_t data_start = p.header_start + p.header_len;
  uint64_t want = data_bytes_for(h, max_bytes, path);
  check_data_size(file_size - data_start, want, path);  // Before allocating anything large.
  std::vector<std::byte> data(static_cast<size_t>(want));
  read_exact(data, "data");
  return finish(h, std::move(data), path);
}

std::vector<std::byte> encode_npy(const interp::HostTensor& t) {
  int64_t count = element_count(t.shape);
  if (static_cast<int64_t>(t.data.size()) != storage_bytes(t.dtype, count)) {
    throw Error("encode_npy: tensor data has " + std::to_string(t.data.size()) +
                " bytes, its shape needs " + std::to_string(storage_bytes(t.dtype, count)));
  }
  std::string dict = "{'descr': '" + descr_for(t.dtype) + "', 'fortran_order': False, 'shape': (";
  for (size_t i = 0; i < t.shape.size(); ++i) {
    const char* sep = t.shape.size() == 1 ? "," : i + 1 < t.shape.size() ? ", " : "";
    dict += std::to_string(t.shape[i]) + sep;
  }
  dict += "), }";
  size_t prefix = 10;
  if (dict.size() + 1 + prefix > 65535) prefix = 12;
  size_t total = prefix + dict.size() + 1;
  size_t padded = (total + 63) / 64 * 64;
  dict.append(padded - total, ' ');
  dict.push_back('\n');

  std::vector<std::byte> out;
  out.reserve(padded + t.data.size() * (t.dtype == DType::i4 ? 4 : 1));
  for (unsigned char c : kMagic) out.push_back(static_cast<std::byte>(c));
  out.push_back(std::byte{static_cast<unsigned char>(prefix == 10 ? 1 : 2)});
  out.push_back(std::byte{0});
  uint64_t len = dict.size();
  for (size_t i = 0; i < prefix - 8; ++i) {
    out.push_back(static_cast<std::byte>((len >> (8 * i)) & 0xff));
  }
  for (char c : dict) out.push_back(static_cast<std::byte>(c));
  if (t.dtype == DType::i4) {
    for (int64_t i = 0; i < count; ++i) {
      unsigned nib = (static_cast<unsigned>(t.data[i / 2]) >> (4 * (i % 2))) & 0xF;
      int v = nib >= 8 ? static_cast<int>(nib) - 16 : static_cast<int>(nib);
      out.push_back(static_cast<std::byte>(static_cast<uint8_t>(v)));
    }
    return out;
  }
  // Host is little endian (x86-64, aarch64), so the in-memory bytes are the file bytes.
  out.insert(out.end(), t.data.begin(), t.data.end());
  return out;
}

void write_npy(const std::string& path, const interp::HostTensor& tensor) {
  std::vector<std::byte> bytes = encode_npy(tensor);
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  if (!out) throw Error(path + ": error: cannot open the file for writing");
  out.write(reinterpret_cast<const char*>(bytes.data()),
            static_cast<std::streamsize>(bytes.size()));
  out.close();  // a full disk shows only when the buffered bytes reach the file
  if (out.fail()) throw Error(path + ": error: writing the file failed (disk full?)");
}

namespace {

/// Formats numpy has no dtype for: a file carries them as raw bytes, one value per byte.
bool one_byte_format(DType t) {
  switch (t) {
    case DType::f8e4m3:
    case DType::f8e5m2:
    case DType::f6e2m3:
    case DType::f6e3m2:
    case DType::f4e2m1:
    case DType::e8m0:
      return true;
    default:
      return false;
  }
}

}  // namespace

bool dtype_binds(DType file, bool raw_void, DType want) {
  if (raw_void)
    return file == DType::u8 ? one_byte_format(want) || want == DType::i4
                             : want == DType::bf16 && file == DType::u16;
  if (file == want) return true;
  switch (want) {
    case DType::tf32:
      return file == DType::f32;
    case DType::index:
      return file == DType::i64;
    case DType::i4:
      return file == DType::i8;
    case DType::bf16:
      return file == DType::u16;
    default:
      return one_byte_format(want) && file == DType::u8;
  }
}

void adopt_dtype(interp::HostTensor& t, bool raw_void, DType want) {
  if (!dtype_binds(t.dtype, raw_void, want))
    throw Error(std::string("a .npy file of ") + (raw_void ? "raw " : "") +
                dtype_mlir_name(t.dtype) + " data cannot carry " + dtype_mlir_name(want));
  if (raw_void && want == DType::i4) {
    // ml_dtypes.int4 keeps one value per byte in the low nibble (two's complement, high
    // nibble zero); reinterpret_as packs int8 values.
    for (size_t i = 0; i < t.data.size(); ++i) {
      auto b = static_cast<unsigned>(t.data[i]);
      if (b > 0xF)
        throw Error("int4 element " + std::to_string(i) + " has byte value " + std::to_string(b) +
                    " (an ml_dtypes int4 byte holds one nibble, at most 15)");
      t.data[i] = static_cast<std::byte>(static_cast<int8_t>(b >= 8 ? int(b) - 16 : int(b)));
    }
    t.dtype = DType::i8;
  }
  if (t.dtype != want) reinterpret_as(t, want);
}

void reinterpret_as(interp::HostTensor& t, DType target) {
  int64_t count = element_count(t.shape);
  if (static_cast<int64_t>(t.data.size()) != storage_bytes(t.dtype, count)) {
    throw Error("reinterpret_as: tensor data size does not match its shape");
  }
  std::string what = std::string("reinterpret_as: cannot view ") + dtype_mlir_name(t.dtype) +
                     " as " + dtype_mlir_name(target);
  if (target == DType::i4) {
    if (t.dtype != DType::i8 && t.dtype != DType::i4) throw Error(what + " (i4 comes from i8)");
    if (t.dtype == DType::i4) return;
    std::vector<std::byte> packed(static_cast<size_t>(storage_bytes(DType::i4, count)));
    for (int64_t i = 0; i < count; ++i) {
      int v = static_cast<int8_t>(t.data[i]);
      if (v < -8 || v > 7) {
        throw Error(what + ": element " + std::to_string(i) + " = " + std::to_string(v) +
                    " is outside [-8, 7]");
      }
      packed[i / 2] |= static_cast<std::byte>((static_cast<unsigned>(v) & 0xF) << (4 * (i % 2)));
    }
    t.data = std::move(packed);
    t.dtype = DType::i4;
    return;
  }
  if (t.dtype == DType::i4 || dtype_bits(t.dtype) != dtype_bits(target)) {
    throw Error(what + " (element widths differ: " + std::to_string(dtype_bits(t.dtype)) + " vs " +
                std::to_string(dtype_bits(target)) + " bits)");
  }
  unsigned limit = 0;
  if (target == DType::f6e2m3 || target == DType::f6e3m2) limit = 0x3F;
  if (target == DType::f4e2m1) limit = 0x0F;
  if (target == DType::i1) limit = 1;
  if (limit != 0) {
    for (size_t i = 0; i < t.data.size(); ++i) {
      if (static_cast<unsigned>(t.data[i]) > limit) {
        throw Error(what + ": element " + std::to_string(i) + " has byte value " +
                    std::to_string(static_cast<unsigned>(t.data[i])) + " (at most " +
                    std::to_string(limit) + ")");
      }
    }
  }
  t.dtype = target;
}

}  // namespace tessera::io
