// Number literals RapidJSON 1.1.0 mis-parses (number_literal_workarounds.hpp).
#include "cirron/number_literal_workarounds.hpp"

#include <charconv>
#include <string>
#include <system_error>

#include "cirron/string_state.hpp"

namespace tracedoc::cirron {
namespace {

bool IsNumberChar(char c) {
  return (c >= '0' && c <= '9') || c == '-' || c == '+' || c == '.' || c == 'e' || c == 'E';
}
bool IsDigit(char c) { return c >= '0' && c <= '9'; }

// The length of the number RapidJSON reads at the start of `token`
// (-?(0|[1-9][0-9]*)(.[0-9]+)?([eE][+-]?[0-9]+)?), or 0 when it rejects it before converting.
std::size_t NumberLiteralLength(std::string_view token) {
  std::size_t i = 0;
  if (i < token.size() && token[i] == '-') ++i;
  if (i >= token.size() || !IsDigit(token[i])) return 0;
  if (token[i++] != '0') {
    while (i < token.size() && IsDigit(token[i])) ++i;
  }
  if (i < token.size() && token[i] == '.') {
    const std::size_t first = ++i;
    while (i < token.size() && IsDigit(token[i])) ++i;
    if (i == first) return 0;
  }
  if (i < token.size() && (token[i] == 'e' || token[i] == 'E')) {
    ++i;
    if (i < token.size() && (token[i] == '+' || token[i] == '-')) ++i;
    const std::size_t first = i;
    while (i < token.size() && IsDigit(token[i])) ++i;
    if (i == first) return 0;
  }
  return i;
}

// Whether `literal` (a number NumberLiteralLength accepted) is a zero with a fraction or an
// exponent, -?0(.0+)?([eE][+-]?[0-9]+)?: what RapidJSON's slow path converts. A plain `0` takes
// its fast path.
bool IsZeroWithFractionOrExponent(std::string_view literal) {
  const std::size_t start = literal.front() == '-' ? 1 : 0;
  if (literal.size() == start + 1) return false;
  const std::string_view mantissa = literal.substr(start, literal.find_first_of("eE") - start);
  return mantissa.find_first_not_of("0.") == std::string_view::npos;
}

// Whether RapidJSON's significand overflows on `literal`: it takes the 20th significant digit
// when the first 19 are 1844674407370955161 and it is at most 5, reaching 2^64 - 1, and then
// rounds up on a 21st digit of 5 or more, which wraps the significand to 0 (clz(0) follows).
bool OverflowsTheSignificand(std::string_view literal) {
  constexpr std::string_view kMaxSignificand = "18446744073709551615";
  std::size_t matched = 0;
  bool significant = false;
  for (const char c : literal) {
    if (c == 'e' || c == 'E') break;
    if (!IsDigit(c)) continue;
    if (!significant && c == '0') continue;
    significant = true;
    if (matched == kMaxSignificand.size()) return c >= '5';
    if (c != kMaxSignificand[matched++]) return false;
  }
  return false;
}

// `literal` (which OverflowsTheSignificand) as a literal of at most its length that RapidJSON
// reads as the same double: the correctly rounded value in the shortest scientific form (17
// digits at most, and a double as before), or a literal RapidJSON rejects as too big where the
// value overflows, or a signed zero where it underflows. Empty when none fits.
std::string EquivalentLiteral(std::string_view literal) {
  double value = 0;
  const auto [end, error] = std::from_chars(literal.data(), literal.data() + literal.size(), value);
  const bool negative = literal.front() == '-';
  std::string text;
  if (error == std::errc::result_out_of_range) {
    // The decimal exponent's sign says which way: a significand of 21+ digits is >= 1e20 unless
    // an exponent or leading zeros make it small.
    const std::size_t e = literal.find_first_of("eE");
    const bool small = (e != std::string_view::npos && literal[e + 1] == '-') ||
                       literal.substr(negative ? 1 : 0).starts_with("0");
    text = small ? (negative ? "-0.0" : "0.0") : (negative ? "-1e400" : "1e400");
  } else if (error == std::errc() && end == literal.data() + literal.size()) {
    char buffer[32];
    const auto written =
        std::to_chars(buffer, buffer + sizeof buffer, value, std::chars_format::scientific);
    for (const char* c = buffer; c != written.ptr; ++c) {
      if (*c == '+') continue;  // `e+20` reads as `e20`, one byte shorter
      text += *c;
    }
  }
  return text.size() <= literal.size() ? text : std::string();
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
    const std::size_t length = NumberLiteralLength(token);
    const std::string_view literal = token.substr(0, length);
    const bool zero = length != 0 && IsZeroWithFractionOrExponent(literal);
    const bool wraps = length != 0 && !zero && OverflowsTheSignificand(literal);
    if ((zero || wraps) && length < token.size()) {
      // Junk follows (`0e2e82`): RapidJSON rejects the token there whatever the value, so a
      // plain `0` (converted without the defects) keeps the error and its offset; a rewrite that
      // filled the literal would run on into the junk (`0.0e82`).
      std::string& out = writable();
      out[i] = '0';
      for (std::size_t j = i + 1; j < i + length; ++j) out[j] = ' ';
    } else if (zero) {
      std::string& out = writable();
      const std::string_view zero_text = token.front() == '-' ? "-0.0" : "0.0";
      // The shortest such token (`0e5`, `-0e5`) is as long as its replacement.
      out.replace(i, zero_text.size(), zero_text);
      for (std::size_t j = i + zero_text.size(); j < i + length; ++j) out[j] = ' ';
    } else if (wraps) {
      const std::string replacement = EquivalentLiteral(literal);
      if (!replacement.empty()) {
        std::string& out = writable();
        out.replace(i, replacement.size(), replacement);
        for (std::size_t j = i + replacement.size(); j < i + length; ++j) out[j] = ' ';
      }
    }
    i = end - 1;
  }
  return copied ? std::string_view(storage) : text;
}

}  // namespace tracedoc::cirron
