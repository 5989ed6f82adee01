// Number literals RapidJSON 1.1.0 mis-parses (number_literal_workarounds.hpp).
#include "cirron/number_literal_workarounds.hpp"

#include "cirron/string_state.hpp"

namespace tracedoc::cirron {
namespace {

bool IsNumberChar(char c) {
  return (c >= '0' && c <= '9') || c == '-' || c == '+' || c == '.' || c == 'e' || c == 'E';
}
bool IsDigit(char c) { return c >= '0' && c <= '9'; }

// The length of the zero literal -?0(.0+)?([eE][+-]?[0-9]+)? that starts `token` and that
// RapidJSON would convert, or 0 when there is none to rewrite: no fraction and no exponent (the
// fast path handles a plain zero), a nonzero fraction digit, or a number RapidJSON rejects before
// converting it (`0.`, `0e`). What follows the literal in `token` (`0e212e9`) is an error
// RapidJSON reports after the conversion, at the same offset once the literal is rewritten.
std::size_t ZeroLiteralPrefixLength(std::string_view token) {
  std::size_t i = 0;
  if (i < token.size() && token[i] == '-') ++i;
  if (i >= token.size() || token[i] != '0') return 0;
  ++i;
  const std::size_t after_zero = i;
  if (i < token.size() && token[i] == '.') {
    ++i;
    const std::size_t first = i;
    while (i < token.size() && token[i] == '0') ++i;
    if (i == first || (i < token.size() && IsDigit(token[i]))) return 0;
  }
  if (i < token.size() && (token[i] == 'e' || token[i] == 'E')) {
    ++i;
    if (i < token.size() && (token[i] == '+' || token[i] == '-')) ++i;
    const std::size_t first = i;
    while (i < token.size() && IsDigit(token[i])) ++i;
    if (i == first) return 0;
  }
  return i > after_zero ? i : 0;
}

// Where the non-finite literal starting at `i` (a capital N or I outside a string) needs a `#`:
// at the `.`, `e` or `E` that continues NaN or Infinity, at the I of an Inf that is not Infinity,
// or npos when RapidJSON reads it correctly (or rejects it by itself).
std::size_t NonFiniteDefectAt(std::string_view text, std::size_t i) {
  std::size_t after = 0;
  if (text.substr(i, 3) == "NaN") {
    after = i + 3;
  } else if (text.substr(i, 8) == "Infinity") {
    after = i + 8;
  } else if (text.substr(i, 3) == "Inf") {
    return i;
  } else {
    return std::string_view::npos;
  }
  if (after < text.size() && (text[after] == '.' || text[after] == 'e' || text[after] == 'E')) {
    return after;
  }
  return std::string_view::npos;
}

bool IsLetter(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); }

}  // namespace

std::string_view DefuseNumberLiterals(std::string_view text, std::string& storage) {
  bool copied = false;
  const auto writable = [&]() -> std::string& {
    if (!copied) {
      storage.assign(text);
      copied = true;
    }
    return storage;
  };
  StringState strings;
  for (std::size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    if (strings.Inside(c)) continue;
    if ((c == 'N' || c == 'I') && (i == 0 || !IsLetter(text[i - 1]))) {
      const std::size_t defect = NonFiniteDefectAt(text, i);
      if (defect != std::string_view::npos) writable()[defect] = '#';
      continue;
    }
    if (!IsNumberChar(c)) continue;
    std::size_t end = i;
    while (end < text.size() && IsNumberChar(text[end])) ++end;
    const std::string_view token = text.substr(i, end - i);
    const std::size_t literal = ZeroLiteralPrefixLength(token);
    if (literal != 0) {
      std::string& out = writable();
      const std::string_view zero = token.front() == '-' ? "-0.0" : "0.0";
      // The shortest such token (`0e5`, `-0e5`) is as long as its replacement.
      out.replace(i, zero.size(), zero);
      for (std::size_t j = i + zero.size(); j < i + literal; ++j) out[j] = ' ';
    }
    i = end - 1;
  }
  return copied ? std::string_view(storage) : text;
}

}  // namespace tracedoc::cirron
