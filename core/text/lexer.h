// Tokenizer for the MLIR text syntax used by Tessera.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "core/ir/ir.h"

namespace tessera::text {

enum class Tok : uint8_t {
  eof,
  error,
  bare_id,     ///< module, func.func, tensor, f32, tessera.add, x
  percent_id,  ///< %a, %0, %x#1 (text excludes the `%`)
  caret_id,    ///< ^bb0
  at_id,       ///< @main
  excl_id,     ///< !tessera.token<...> (text is the whole spelling)
  hash_id,     ///< #alias, #dialect.attr<...> (text excludes the `#`, includes any `<...>`)
  string,      ///< "text" (text is the unescaped value)
  integer,
  floating,
  l_paren,
  r_paren,
  l_brace,
  r_brace,
  l_square,
  r_square,
  less,
  greater,
  comma,
  colon,
  equal,
  arrow,
  minus,
  plus,
  question,
  star,
};

struct Token {
  Tok kind = Tok::eof;
  std::string text;
  ir::Location loc;
};

/// Splits text into tokens; `//` comments are skipped.
class Lexer {
 public:
  Lexer(std::string_view text, uint32_t file_id);
  Token next();
  /// Reads the raw text between a `<` just consumed and its matching `>`, balancing `<>`, `()`,
  /// `[]`, `{}` and skipping strings. Returns false when unbalanced.
  bool scan_angle_body(std::string& body);
  ir::Location here() const;
  /// Skips white space and consumes `c` if it comes next (used right after a type keyword).
  bool eat_char(char c);

 private:
  Token make(Tok k, std::string text, ir::Location loc) const { return {k, std::move(text), loc}; }
  Token lex_number(ir::Location loc);
  Token lex_string(ir::Location loc);
  void skip_space();
  char peek(size_t k = 0) const { return pos_ + k < text_.size() ? text_[pos_ + k] : '\0'; }
  void advance();

  std::string_view text_;
  size_t pos_ = 0;
  uint32_t file_, line_ = 1, col_ = 1;
};

}  // namespace tessera::text
