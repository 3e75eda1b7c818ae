// Case-file parser: splits on `// -----`, reads the directives, decodes hex/splat/npy tensors.
#include "conformance/lib/case_file.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string_view>

#include "core/support/error.h"
#include "interp/io/npy.h"

namespace tessera::conform {
namespace {

namespace fs = std::filesystem;

constexpr uint64_t kMaxCaseFileBytes = uint64_t{256} << 20;
constexpr int64_t kMaxInlineBytes = int64_t{256} << 20;  ///< hex/splat tensors.

std::string_view trim(std::string_view s) {
  size_t b = s.find_first_not_of(" \t\r");
  if (b == std::string_view::npos) return {};
  size_t e = s.find_last_not_of(" \t\r");
  return s.substr(b, e - b + 1);
}

std::vector<std::string> split_ws(std::string_view s) {
  std::vector<std::string> out;
  std::istringstream in{std::string(s)};
  for (std::string tok; in >> tok;) out.push_back(tok);
  return out;
}

bool is_separator(std::string_view line) { return trim(line) == "// -----"; }

/// A `// KEY: value` line: KEY is upper-case letters, digits and '_' and starts with a letter.
bool split_directive(std::string_view line, std::string& key, std::string& value) {
  std::string_view t = trim(line);
  if (t.substr(0, 2) != "//") return false;
  t = trim(t.substr(2));
  size_t i = 0;
  if (t.empty() || t[0] < 'A' || t[0] > 'Z') return false;
  while (i < t.size() &&
         ((t[i] >= 'A' && t[i] <= 'Z') || (t[i] >= '0' && t[i] <= '9') || t[i] == '_')) {
    ++i;
  }
  if (i >= t.size() || t[i] != ':') return false;
  key = std::string(t.substr(0, i));
  value = std::string(trim(t.substr(i + 1)));
  return true;
}

bool all_of_chars(std::string_view s, std::string_view extra) {
  return !s.empty() && std::all_of(s.begin(), s.end(), [&](char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
           extra.find(c) != std::string_view::npos;
  });
}

bool parse_double(std::string_view s, double& out) {
  const char* end = s.data() + s.size();
  auto [p, ec] = std::from_chars(s.data(), end, out);
  return ec == std::errc() && p == end && std::isfinite(out) && out >= 0;
}

bool parse_int(std::string_view s, int64_t& out) {
  const char* end = s.data() + s.size();
  auto [p, ec] = std::from_chars(s.data(), end, out);
  return !s.empty() && ec == std::errc() && p == end;
}

/// Hex digits per element in `hex:` payloads: two per byte, one for i4.
int hex_digits(DType t) { return t == DType::i4 ? 1 : dtype_bits(t) / 4; }

/// The INPUT or EXPECT tensors of one case while parsing: per index either one plain tensor or
/// one tensor per rank (given as `i@0`, `i@1`, ... in order).
struct TensorList {
  std::vector<std::vector<interp::HostTensor>> entries;
  int64_t open_ranks = 0;  ///< Ranks given so far of the last entry, if it is per-rank and open.
  int open_line = 0;       ///< Line of the open entry's first directive.
};

/// Parses one case chunk; `fail` adds file:line.
class ChunkParser {
 public:
  ChunkParser(const std::string& path, const std::vector<std::string>& lines)
      : path_(path), lines_(lines) {}

  /// Returns false for a chunk holding only blank lines and free comments.
  bool parse(size_t begin, size_t end, Case& c) {
    c.file = path_;
    size_t program_begin = end;
    int first_directive = 0;
    for (size_t i = begin; i < end; ++i) {
      line_ = static_cast<int>(i + 1);
      std::string key, value;
      bool is_directive = split_directive(lines_[i], key, value);
      if (program_begin != end) {
        if (is_directive) {
          fail("directive '" + key + "' after the program text; directives go before it");
        }
        continue;
      }
      std::string_view t = trim(lines_[i]);
      if (is_directive) {
        if (first_directive == 0) first_directive = line_;
        directive(key, value, c);
      } else if (!t.empty() && t.substr(0, 2) != "//") {
        program_begin = i;
      }
    }
    if (first_directive == 0 && program_begin == end) return false;
    if (!seen_case_) {
      line_ = first_directive != 0 ? first_directive : static_cast<int>(program_begin + 1);
      fail("case has no '// CASE:' directive");
    }
    line_ = c.line;
    if (program_begin == end) fail("case '" + c.name + "' has no program text");
    if (outputs_.entries.empty()) fail("case '" + c.name + "' has no EXPECT directive");
    finish(inputs_, "INPUT", c, c.inputs, c.rank_inputs);
    finish(outputs_, "EXPECT", c, c.expected, c.rank_expected);
    size_t last = end;
    while (last > program_begin && trim(lines_[last - 1]).empty()) --last;
    c.program_line = static_cast<int>(program_begin + 1);
    for (size_t i = program_begin; i < last; ++i) c.program += lines_[i] + "\n";
    return true;
  }

 private:
  [[noreturn]] void fail(const std::string& msg) const {
    throw Error(path_ + ":" + std::to_string(line_) + ": error: " + msg);
  }

  /// Checks that per-rank entries are complete and lays the tensors out per rank.
  void finish(TensorList& list, const std::string& key, const Case& c,
              std::vector<interp::HostTensor>& flat,
              std::vector<std::vector<interp::HostTensor>>& per_rank) {
    if (list.open_ranks != 0) {
      line_ = list.open_line;
      fail(key + " " + std::to_string(list.entries.size() - 1) + " gives " +
           std::to_string(list.open_ranks) + " of the " + std::to_string(c.ranks) +
           " ranks (expected @0 .. @" + std::to_string(c.ranks - 1) + ")");
    }
    if (c.ranks == 1) {
      for (auto& e : list.entries) flat.push_back(std::move(e[0]));
      return;
    }
    per_rank.assign(static_cast<size_t>(c.ranks), {});
    for (auto& e : list.entries) {
      for (int64_t r = 0; r < c.ranks; ++r) {
        per_rank[static_cast<size_t>(r)].push_back(e.size() == 1 ? e[0]
                                                                 : e[static_cast<size_t>(r)]);
      }
    }
  }

  void once(bool& seen, const std::string& key) {
    if (seen) fail("duplicate " + key + " directive");
    seen = true;
  }

  void directive(const std::string& key, const std::string& value, Case& c) {
    if (key == "CASE") {
      once(seen_case_, key);
      if (!all_of_chars(value, "_.-")) fail("bad case name '" + value + "' (use [A-Za-z0-9_.-])");
      c.name = value;
      c.line = line_;
    } else if (key == "ENTRY") {
      once(seen_entry_, key);
      if (!all_of_chars(value, "_$.") || (value[0] >= '0' && value[0] <= '9')) {
        fail("bad entry function name '" + value + "'");
      }
      c.entry = value;
    } else if (key == "RULE") {
      once(seen_rule_, key);
      c.rule = parse_rule(value);
    } else if (key == "REQUIRES") {
      std::vector<std::string> toks = split_ws(value);
      if (toks.empty()) fail("empty REQUIRES directive");
      for (const std::string& tok : toks) {
        size_t eq = tok.find('=');
        if (eq == std::string::npos || !all_of_chars(tok.substr(0, eq), "_") ||
            eq + 1 == tok.size()) {
          fail("bad requirement '" + tok + "' (expected key=value)");
        }
        c.requirements.push_back(tok);
        if (tok.rfind("mesh=", 0) == 0) mesh_requirement(tok, c);
      }
    } else if (key == "INPUT" || key == "EXPECT") {
      add_tensor(key, value, key == "INPUT" ? inputs_ : outputs_, c);
    } else if (key == "GENERATOR") {
      once(seen_generator_, key);
      if (value.empty()) fail("empty GENERATOR directive");
      c.generator = value;
    } else if (key == "NOTE") {
      // Free text for readers.
    } else {
      fail("unknown directive '" + key +
           "' (known: CASE, ENTRY, RULE, REQUIRES, INPUT, EXPECT, "
           "GENERATOR, NOTE)");
    }
  }

  void mesh_requirement(const std::string& tok, Case& c) {
    int64_t n = 0;
    if (seen_mesh_) fail("duplicate mesh= requirement");
    seen_mesh_ = true;
    if (!parse_int(std::string_view(tok).substr(5), n) || n < 1 || n > kMaxCaseRanks) {
      fail("bad requirement '" + tok +
           "' (mesh=N needs 1 <= N <= " + std::to_string(kMaxCaseRanks) + ")");
    }
    if (!inputs_.entries.empty() || !outputs_.entries.empty()) {
      fail("REQUIRES mesh=N must come before the INPUT and EXPECT directives");
    }
    c.ranks = n;
  }

  /// `INPUT: i type payload` (plain; every rank when the case has several) or `INPUT: i@r ...`
  /// (rank r's tensor; ranks 0 .. N-1 of one index on consecutive directives).
  void add_tensor(const std::string& key, const std::string& value, TensorList& list,
                  const Case& c) {
    std::string index = split_ws(value).empty() ? std::string() : split_ws(value)[0];
    size_t at = index.find('@');
    const int64_t want = static_cast<int64_t>(list.entries.size()) - (list.open_ranks ? 1 : 0);
    int64_t idx = -1, rank = -1;
    if (!parse_int(std::string_view(index).substr(0, at), idx) || idx != want) {
      fail(key + " index '" + index + "' out of order (expected " + std::to_string(want) +
           (list.open_ranks ? "@" + std::to_string(list.open_ranks) : std::string()) + ")");
    }
    if (at == std::string::npos) {
      if (list.open_ranks != 0) {
        fail(key + " " + index + ": expected " + index + "@" + std::to_string(list.open_ranks) +
             " (per-rank tensors list every rank)");
      }
      list.entries.push_back({parse_tensor(key, value, index)});
      return;
    }
    if (c.ranks == 1) {
      fail(key + " " + index +
           ": a per-rank tensor needs an earlier 'REQUIRES: mesh=N' with N > 1");
    }
    if (!parse_int(std::string_view(index).substr(at + 1), rank) || rank != list.open_ranks) {
      fail(key + " " + index + ": rank out of order (expected " + std::to_string(idx) + "@" +
           std::to_string(list.open_ranks) + ")");
    }
    if (rank == 0) {
      list.entries.emplace_back();
      list.open_line = line_;
    }
    list.entries.back().push_back(parse_tensor(key, value, index));
    list.open_ranks = rank + 1 == c.ranks ? 0 : rank + 1;
  }

  Rule parse_rule(const std::string& value) {
    std::vector<std::string> toks = split_ws(value);
    if (toks.empty()) fail("empty RULE directive");
    Rule r;
    const std::string& k = toks[0];
    if (k == "bitexact") {
      r.kind = Rule::Kind::bitexact;
    } else if (k.rfind("ulp:", 0) == 0) {
      r.kind = Rule::Kind::ulp;
      if (!parse_int(std::string_view(k).substr(4), r.max_ulp) || r.max_ulp < 0) {
        fail("bad ulp bound in '" + k + "' (expected ulp:N with N >= 0)");
      }
    } else if (k.rfind("tol:", 0) == 0) {
      r.kind = Rule::Kind::tol;
      std::string_view rest = std::string_view(k).substr(4);
      bool any = false;
      while (!rest.empty()) {
        size_t comma = rest.find(',');
        std::string_view item = rest.substr(0, comma);
        rest = comma == std::string_view::npos ? std::string_view{} : rest.substr(comma + 1);
        double* target = item.rfind("rtol=", 0) == 0   ? &r.rtol
                         : item.rfind("atol=", 0) == 0 ? &r.atol
                                                       : nullptr;
        if (target == nullptr || !parse_double(item.substr(5), *target)) {
          fail("bad tolerance '" + std::string(item) + "' (expected rtol=X or atol=Y, X,Y >= 0)");
        }
        any = true;
      }
      if (!any) fail("tol rule needs rtol= and/or atol=");
    } else {
      fail("unknown rule '" + k + "' (expected bitexact, ulp:N or tol:rtol=X,atol=Y)");
    }
    for (size_t i = 1; i < toks.size(); ++i) {
      if (toks[i] != "strict_nan") fail("unknown rule option '" + toks[i] + "'");
      r.strict_nan = true;
    }
    return r;
  }

  /// The tensor of a directive whose index token `index` was already checked.
  interp::HostTensor parse_tensor(const std::string& key, const std::string& value,
                                  const std::string& index) {
    std::istringstream in(value);
    std::string skip, type;
    in >> skip >> type;
    std::string payload;
    std::getline(in, payload);
    payload = std::string(trim(payload));
    interp::HostTensor t;
    int64_t count = 0, bytes = 0;
    try {
      t = parse_tensor_type(type);
      count = io::element_count(t.shape);
      bytes = io::storage_bytes(t.dtype, count);
    } catch (const Error& e) {
      fail(key + " " + index + ": " + e.what());
    }
    std::string where = key + " " + index + ": ";
    if (payload.rfind("npy:", 0) == 0) return load_npy(where, t, payload.substr(4));
    bool splat = payload.rfind("splat:", 0) == 0;
    if (!splat && payload.rfind("hex:", 0) != 0) {
      fail(where + "payload must start with hex:, splat: or npy:");
    }
    if (bytes > kMaxInlineBytes) fail(where + "inline tensor too large; use npy:");
    std::string digits;
    for (char ch : payload.substr(splat ? 6 : 4)) {
      if (ch != ' ' && ch != '\t') digits.push_back(ch);
    }
    std::vector<uint64_t> vals;
    int width = hex_digits(t.dtype);
    for (size_t pos = 0; !digits.empty();) {
      size_t comma = digits.find(',', pos);
      size_t stop = comma == std::string::npos ? digits.size() : comma;
      std::string_view h(digits.data() + pos, stop - pos);
      uint64_t v = 0;
      auto [p, ec] = std::from_chars(h.data(), h.data() + h.size(), v, 16);
      if (static_cast<int>(h.size()) != width || ec != std::errc() || p != h.data() + h.size()) {
        fail(where + "element " + std::to_string(vals.size()) + " '" + std::string(h) +
             "' is not " + std::to_string(width) + " hex digits for " + dtype_mlir_name(t.dtype));
      }
      vals.push_back(v);
      if (comma == std::string::npos) break;
      pos = comma + 1;
    }
    if (splat && vals.size() != 1) fail(where + "splat: takes exactly one value");
    if (!splat && static_cast<int64_t>(vals.size()) != count) {
      fail(where + "has " + std::to_string(vals.size()) + " values, type " + type + " needs " +
           std::to_string(count));
    }
    t.data.assign(static_cast<size_t>(bytes), std::byte{0});
    int elem_bytes = dtype_bits(t.dtype) / 8;
    for (int64_t i = 0; i < count; ++i) {
      uint64_t v = vals[splat ? 0 : static_cast<size_t>(i)];
      check_value(where, t.dtype, v, i);
      if (t.dtype == DType::i4) {
        t.data[i / 2] |= static_cast<std::byte>(v << (4 * (i % 2)));
        continue;
      }
      for (int b = 0; b < elem_bytes; ++b) {  // Little-endian storage.
        t.data[static_cast<size_t>(i * elem_bytes + b)] = static_cast<std::byte>(v >> (8 * b));
      }
    }
    return t;
  }

  void check_value(const std::string& where, DType t, uint64_t v, int64_t i) {
    uint64_t limit = t == DType::f6e2m3 || t == DType::f6e3m2 ? 0x3F
                     : t == DType::f4e2m1                     ? 0x0F
                     : t == DType::i1                         ? 0x01
                                                              : ~uint64_t{0};
    if (v > limit) {
      fail(where + "element " + std::to_string(i) + " is out of range for " + dtype_mlir_name(t));
    }
  }

  interp::HostTensor load_npy(const std::string& where, const interp::HostTensor& declared,
                              const std::string& rel) {
    if (rel.empty()) fail(where + "empty npy: path");
    fs::path p = fs::path(rel).is_absolute() ? fs::path(rel) : fs::path(path_).parent_path() / rel;
    interp::HostTensor t;
    try {
      bool raw_void = false;  // the binding rule of tessera-interp run (docs/cli.md)
      t = io::read_npy(p.string(), io::kDefaultNpyMaxBytes, &raw_void);
      io::adopt_dtype(t, raw_void, declared.dtype);
    } catch (const Error& e) {
      fail(where + e.what());
    }
    if (t.shape != declared.shape) {
      fail(where + p.string() + " has shape " + tensor_type_string(t) + ", declared " +
           tensor_type_string(declared));
    }
    return t;
  }

  const std::string& path_;
  const std::vector<std::string>& lines_;
  int line_ = 0;
  bool seen_case_ = false, seen_entry_ = false, seen_rule_ = false, seen_generator_ = false;
  bool seen_mesh_ = false;
  TensorList inputs_, outputs_;
};

}  // namespace

interp::HostTensor parse_tensor_type(const std::string& text) {
  std::string_view s = text;
  if (s.size() < 9 || s.substr(0, 7) != "tensor<" || s.back() != '>') {
    throw Error("bad tensor type '" + text + "' (expected tensor<DxDx...xTYPE>)");
  }
  s = s.substr(7, s.size() - 8);
  interp::HostTensor t;
  size_t x;
  while ((x = s.find('x')) != std::string_view::npos && x > 0 &&
         ((s[0] >= '0' && s[0] <= '9') || s[0] == '-' || s[0] == '?')) {
    int64_t d = 0;
    if (!parse_int(s.substr(0, x), d) || d < 0) {
      throw Error("bad dimension '" + std::string(s.substr(0, x)) + "' in '" + text + "'");
    }
    t.shape.push_back(d);
    s = s.substr(x + 1);
  }
  for (int i = 0; i < kNumDTypes; ++i) {
    DType d = static_cast<DType>(i);
    if (s == dtype_mlir_name(d)) {
      t.dtype = d;
      return t;
    }
  }
  throw Error("unknown element type '" + std::string(s) + "' in '" + text + "'");
}

std::string tensor_type_string(const interp::HostTensor& t) {
  std::string s = "tensor<";
  for (int64_t d : t.shape) s += std::to_string(d) + "x";
  return s + dtype_mlir_name(t.dtype) + ">";
}

std::vector<Case> load_case_file(const std::string& path) {
  std::error_code ec;
  if (!fs::is_regular_file(path, ec)) throw Error(path + ":0: error: no such case file");
  uint64_t size = fs::file_size(path, ec);
  if (ec || size > kMaxCaseFileBytes) throw Error(path + ":0: error: case file too large");
  std::ifstream in(path, std::ios::binary);
  if (!in) throw Error(path + ":0: error: cannot open case file");
  std::vector<std::string> lines;
  for (std::string line; std::getline(in, line);) {
    if (!line.empty() && line.back() == '\r') line.pop_back();
    if (line.find('\0') != std::string::npos) {
      throw Error(path + ":" + std::to_string(lines.size() + 1) + ": error: NUL byte in text");
    }
    lines.push_back(std::move(line));
  }
  std::vector<Case> cases;
  size_t begin = 0;
  for (size_t i = 0; i <= lines.size(); ++i) {
    if (i < lines.size() && !is_separator(lines[i])) continue;
    Case c;
    if (ChunkParser(path, lines).parse(begin, i, c)) {
      for (const Case& prev : cases) {
        if (prev.name == c.name) {
          throw Error(path + ":" + std::to_string(c.line) + ": error: duplicate case name '" +
                      c.name + "' (first at line " + std::to_string(prev.line) + ")");
        }
      }
      cases.push_back(std::move(c));
    }
    begin = i + 1;
  }
  return cases;
}

std::vector<std::string> find_case_files(const std::string& root) {
  std::error_code ec;
  if (fs::is_regular_file(root, ec)) return {root};
  if (!fs::is_directory(root, ec)) throw Error(root + ": error: no such case file or directory");
  std::vector<std::string> out;
  fs::recursive_directory_iterator it(root, fs::directory_options::skip_permission_denied, ec);
  if (ec) throw Error(root + ": error: cannot list directory: " + ec.message());
  for (; it != fs::recursive_directory_iterator(); it.increment(ec)) {
    if (ec) throw Error(root + ": error: cannot list directory: " + ec.message());
    if (it->is_regular_file(ec) && it->path().extension() == ".mlir") {
      out.push_back(it->path().string());
    }
  }
  std::sort(out.begin(), out.end());
  return out;
}

}  // namespace tessera::conform
