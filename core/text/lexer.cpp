// Tokenizer for the MLIR text syntax used by Tessera.
#include "core/text/lexer.h"

#include <cctype>

namespace tessera::text {

static bool is_id_char(char c) {
  return std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '$' || c == '.';
}

Lexer::Lexer(std::string_view text, uint32_t file_id) : text_(text), file_(file_id) {}

ir::Location Lexer::here() const { return {file_, line_, col_}; }

void Lexer::advance() {
  if (pos_ < text_.size() && text_[pos_] == '\n') {
    ++line_;
    col_ = 1;
  } else {
    ++col_;
  }
  ++pos_;
}

void Lexer::skip_space() {
  for (;;) {
    char c = peek();
    if (c == ' ' || c == '\t' || c == '\n' || c == '\r') {
      advance();
    } else if (c == '/' && peek(1) == '/') {
      while (pos_ < text_.size() && peek() != '\n') advance();
    } else {
      return;
    }
  }
}

Token Lexer::lex_number(ir::Location loc) {
  size_t start = pos_;
  if (peek() == '0' && (peek(1) == 'x' || peek(1) == 'X')) {
    advance();
    advance();
    while (std::isxdigit(static_cast<unsigned char>(peek()))) advance();
    return make(Tok::integer, std::string(text_.substr(start, pos_ - start)), loc);
  }
  while (std::isdigit(static_cast<unsigned char>(peek()))) advance();
  bool is_float = false;
  if (peek() == '.') {
    is_float = true;
    advance();
    while (std::isdigit(static_cast<unsigned char>(peek()))) advance();
    if (peek() == 'e' || peek() == 'E') {
      char n1 = peek(1);
      if (std::isdigit(static_cast<unsigned char>(n1)) ||
          ((n1 == '+' || n1 == '-') && std::isdigit(static_cast<unsigned char>(peek(2))))) {
        advance();
        if (peek() == '+' || peek() == '-') advance();
        while (std::isdigit(static_cast<unsigned char>(peek()))) advance();
      }
    }
  }
  return make(is_float ? Tok::floating : Tok::integer,
              std::string(text_.substr(start, pos_ - start)), loc);
}

Token Lexer::lex_string(ir::Location loc) {
  advance();  // opening quote
  std::string out;
  while (pos_ < text_.size()) {
    char c = peek();
    if (c == '"') {
      advance();
      return make(Tok::string, std::move(out), loc);
    }
    if (c == '\n') break;
    if (c == '\\') {
      advance();
      char e = peek();
      if (e == 'n') {
        out += '\n';
        advance();
      } else if (e == 't') {
        out += '\t';
        advance();
      } else if (e == '"' || e == '\\') {
        out += e;
        advance();
      } else if (std::isxdigit(static_cast<unsigned char>(e)) &&
                 std::isxdigit(static_cast<unsigned char>(peek(1)))) {
        out += static_cast<char>(std::stoi(std::string(text_.substr(pos_, 2)), nullptr, 16));
        advance();
        advance();
      } else {
        return make(Tok::error, "unknown escape sequence in string", here());
      }
      continue;
    }
    out += c;
    advance();
  }
  return make(Tok::error, "unterminated string literal", loc);
}

Token Lexer::next() {
  skip_space();
  ir::Location loc = here();
  if (pos_ >= text_.size()) return make(Tok::eof, "", loc);
  char c = peek();
  auto single = [&](Tok k) {
    advance();
    return make(k, std::string(1, c), loc);
  };
  switch (c) {
    case '(':
      return single(Tok::l_paren);
    case ')':
      return single(Tok::r_paren);
    case '{':
      return single(Tok::l_brace);
    case '}':
      return single(Tok::r_brace);
    case '[':
      return single(Tok::l_square);
    case ']':
      return single(Tok::r_square);
    case '<':
      return single(Tok::less);
    case '>':
      return single(Tok::greater);
    case ',':
      return single(Tok::comma);
    case ':':
      return single(Tok::colon);
    case '=':
      return single(Tok::equal);
    case '+':
      return single(Tok::plus);
    case '?':
      return single(Tok::question);
    case '*':
      return single(Tok::star);
    case '"':
      return lex_string(loc);
    case '-':
      if (peek(1) == '>') {
        advance();
        advance();
        return make(Tok::arrow, "->", loc);
      }
      return single(Tok::minus);
    default:
      break;
  }
  if (std::isdigit(static_cast<unsigned char>(c))) return lex_number(loc);
  if (c == '%' || c == '^' || c == '@' || c == '#' || c == '!') {
    advance();
    if (c == '@' && peek() == '"') {
      Token s = lex_string(loc);
      if (s.kind == Tok::error) return s;
      return make(Tok::at_id, s.text, loc);
    }
    size_t start = pos_;
    while (is_id_char(peek()) || (c == '%' && peek() == '-')) advance();
    if (pos_ == start)
      return make(Tok::error, std::string("expected identifier after '") + c + "'", loc);
    std::string id(text_.substr(start, pos_ - start));
    if (c == '%' && peek() == '#' && std::isdigit(static_cast<unsigned char>(peek(1)))) {
      advance();
      id += '#';
      while (std::isdigit(static_cast<unsigned char>(peek()))) {
        id += peek();
        advance();
      }
    }
    if (c == '!') {
      id = "!" + id;
      if (peek() == '<') {
        advance();
        std::string body;
        if (!scan_angle_body(body)) return make(Tok::error, "unbalanced '<' in dialect type", loc);
        id += "<" + body + ">";
      }
      return make(Tok::excl_id, id, loc);
    }
    if (c == '#' && peek() == '<') {  // a dialect attribute: `#tile.layout<...>`
      advance();
      std::string body;
      if (!scan_angle_body(body))
        return make(Tok::error, "unbalanced '<' in dialect attribute", loc);
      id += "<" + body + ">";
    }
    Tok k = c == '%'   ? Tok::percent_id
            : c == '^' ? Tok::caret_id
            : c == '@' ? Tok::at_id
                       : Tok::hash_id;
    return make(k, id, loc);
  }
  if (std::isalpha(static_cast<unsigned char>(c)) || c == '_') {
    size_t start = pos_;
    while (is_id_char(peek())) advance();
    return make(Tok::bare_id, std::string(text_.substr(start, pos_ - start)), loc);
  }
  advance();
  return make(Tok::error, std::string("unexpected character '") + c + "'", loc);
}

bool Lexer::eat_char(char c) {
  skip_space();
  if (peek() != c) return false;
  advance();
  return true;
}

bool Lexer::scan_angle_body(std::string& body) {
  int depth = 1;
  size_t start = pos_;
  while (pos_ < text_.size()) {
    char c = peek();
    if (c == '"') {
      advance();
      while (pos_ < text_.size() && peek() != '"' && peek() != '\n') {
        if (peek() == '\\') advance();
        advance();
      }
      if (pos_ >= text_.size() || peek() != '"') return false;
      advance();
      continue;
    }
    if (c == '-' && peek(1) == '>') {
      advance();
      advance();
      continue;
    }
    if (c == '<' || c == '(' || c == '[' || c == '{') ++depth;
    if (c == '>' || c == ')' || c == ']' || c == '}') {
      if (--depth == 0) {
        body = std::string(text_.substr(start, pos_ - start));
        advance();
        return true;
      }
      if (depth > 256) return false;
    }
    if (depth > 256) return false;
    advance();
  }
  return false;
}

}  // namespace tessera::text
