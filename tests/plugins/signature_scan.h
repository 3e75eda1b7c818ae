// Counts an entry function's results from module text, so executables know their output count.
#pragma once

// The stub interpreter of the ABI tests (stub_interp.cpp) links no parser: this scanner gives it
// the entry's result count from the pretty `func.func @name(...) -> ...` form. The real
// reference backend counts results on the parsed, verified module (interp::CompiledModule).

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

namespace tessera::test_stub {

namespace scan_detail {

// Index just past the bracket group opening at `i` (text[i] is an opener), skipping string
// literals; npos if unbalanced.
inline size_t skip_group(std::string_view text, size_t i) {
  int depth = 0;
  for (; i < text.size(); ++i) {
    char c = text[i];
    if (c == '"') {
      for (++i; i < text.size() && text[i] != '"'; ++i) {
        if (text[i] == '\\') ++i;
      }
      if (i >= text.size()) return std::string_view::npos;
    } else if (c == '(' || c == '<' || c == '[' || c == '{') {
      ++depth;
    } else if (c == ')' || c == '>' || c == ']' || c == '}') {
      if (c == '>' && i > 0 && text[i - 1] == '-') continue;  // "->" inside a function type
      if (--depth == 0) return i + 1;
    }
  }
  return std::string_view::npos;
}

inline size_t skip_space(std::string_view text, size_t i) {
  while (i < text.size() &&
         (text[i] == ' ' || text[i] == '\t' || text[i] == '\n' || text[i] == '\r')) {
    ++i;
  }
  return i;
}

}  // namespace scan_detail

/// Number of results of `func.func @entry`, or nullopt when the signature cannot be found.
inline std::optional<size_t> count_entry_results(std::string_view text, const std::string& entry) {
  using namespace scan_detail;
  const std::string needle = "@" + entry;
  for (size_t pos = text.find("func.func"); pos != std::string_view::npos;
       pos = text.find("func.func", pos + 1)) {
    size_t at = text.find('@', pos);
    if (at == std::string_view::npos) return std::nullopt;
    // Only visibility keywords may sit between func.func and the name.
    std::string_view between = text.substr(pos + 9, at - pos - 9);
    if (between.find_first_not_of(" \t\r\nprivatepublicnested") != std::string_view::npos) continue;
    if (text.compare(at, needle.size(), needle) != 0) continue;
    size_t i = skip_space(text, at + needle.size());
    if (i >= text.size() || text[i] != '(') continue;  // a longer name with this prefix
    i = skip_group(text, i);
    if (i == std::string_view::npos) return std::nullopt;
    i = skip_space(text, i);
    if (text.compare(i, 2, "->") != 0) return 0;
    i = skip_space(text, i + 2);
    if (i < text.size() && text[i] == '(') {
      size_t end = skip_group(text, i);
      if (end == std::string_view::npos) return std::nullopt;
      // Count top-level commas between the parentheses.
      std::string_view inner = text.substr(i + 1, end - i - 2);
      if (inner.find_first_not_of(" \t\r\n") == std::string_view::npos) return 0;
      size_t count = 1;
      for (size_t k = 0; k < inner.size(); ++k) {
        char c = inner[k];
        if (c == '(' || c == '<' || c == '[' || c == '{' || c == '"') {
          size_t next = skip_group(inner, k);
          if (c == '"') {  // skip_group handles strings only inside groups: scan manually
            next = inner.find('"', k + 1);
            if (next == std::string_view::npos) return std::nullopt;
            next += 1;
          }
          if (next == std::string_view::npos) return std::nullopt;
          k = next - 1;
        } else if (c == ',') {
          ++count;
        }
      }
      return count;
    }
    return 1;
  }
  return std::nullopt;
}

}  // namespace tessera::test_stub
