// Debug rendering of strings (Rust's char::escape_debug rules with the Unicode 17.0.0 table)
// and of f64 values (shortest digits, ties to the larger magnitude), docs/analyses.md §6.11.1.
#include "text/debug_string.hpp"

#include <algorithm>
#include <array>
#include <charconv>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <iterator>
#include <string_view>
#include <system_error>

#include "text/utf8.hpp"

namespace tracedoc::text {
namespace {

struct CodePointRange {
  std::uint32_t first;
  std::uint32_t last;
};

#include "text/unicode_tables.inc"

// Binary search below relies on this shape; checked at compile time so a bad regeneration of
// unicode_tables.inc cannot slip through.
constexpr bool EscapeTableIsSortedAndMerged() {
  std::uint32_t previous_last = 0;
  bool first_range = true;
  for (const CodePointRange& range : kDebugEscapeRanges) {
    if (range.first > range.last || range.last > 0x10FFFF) return false;
    if (!first_range && range.first <= previous_last + 1) return false;
    previous_last = range.last;
    first_range = false;
  }
  return true;
}
static_assert(EscapeTableIsSortedAndMerged());

void AppendHexEscape(std::string& out, char32_t code_point) {
  std::array<char, 8> hex{};
  const auto result = std::to_chars(hex.data(), hex.data() + hex.size(),
                                    static_cast<std::uint32_t>(code_point), 16);
  out += "\\u{";
  out.append(hex.data(), result.ptr);
  out += '}';
}

bool IsPlainAscii(unsigned char byte) {
  return byte >= 0x20 && byte < 0x7F && byte != '"' && byte != '\\';
}

// A positive finite double as significant digits d1 d2 ... dn (no trailing zeros) and the
// decimal exponent of d1: value = d1.d2...dn x 10^exponent.
struct Decimal {
  std::string digits;
  int exponent = 0;
};

// Reads std::to_chars scientific output such as "1.25e+02" or "5e-324".
Decimal ParseScientific(std::string_view text) {
  Decimal decimal;
  const std::size_t e = text.find('e');
  for (const char c : text.substr(0, e)) {
    if (c != '.') decimal.digits += c;
  }
  while (decimal.digits.size() > 1 && decimal.digits.back() == '0') decimal.digits.pop_back();
  std::string_view exponent = text.substr(e + 1);
  if (!exponent.empty() && exponent.front() == '+') exponent.remove_prefix(1);
  std::from_chars(exponent.data(), exponent.data() + exponent.size(), decimal.exponent);
  return decimal;
}

// `precision` < 0 asks for the shortest round-trip digits; otherwise for that many digits
// after the point, correctly rounded (printf %.*e).
Decimal ToScientific(double a, int precision) {
  // 767 significant digits is the longest exact expansion of a double, plus sign/exponent.
  std::array<char, 800> buffer{};
  const auto result = precision < 0 ? std::to_chars(buffer.data(), buffer.data() + buffer.size(), a,
                                                    std::chars_format::scientific)
                                    : std::to_chars(buffer.data(), buffer.data() + buffer.size(), a,
                                                    std::chars_format::scientific, precision);
  return ParseScientific(std::string_view(buffer.data(), result.ptr - buffer.data()));
}

// True when `a` lies exactly halfway between `shortest` and the next number up with as many
// digits, i.e. a == (shortest.digits followed by 5) x 10^(shortest.exponent - n).
bool IsExactlyHalfwayAbove(double a, const Decimal& shortest) {
  const std::string midpoint = shortest.digits + '5';
  const int extra_digits = static_cast<int>(shortest.digits.size());
  // Cheap filter: rounded to one more digit, `a` must already read as the midpoint.
  const Decimal rounded = ToScientific(a, extra_digits);
  if (rounded.digits != midpoint || rounded.exponent != shortest.exponent) return false;
  // Exact check: with 766 digits after the point nothing is rounded away, so `a` is the
  // midpoint only if its whole expansion is the midpoint followed by zeros.
  const Decimal exact = ToScientific(a, 766);
  return exact.digits == midpoint && exact.exponent == shortest.exponent;
}

// Adds one unit in the last digit, carrying as needed (9.99 -> 10 becomes "1", exponent + 1).
Decimal NextUp(const Decimal& decimal) {
  Decimal next = decimal;
  std::size_t i = next.digits.size();
  while (i > 0 && next.digits[i - 1] == '9') {
    next.digits[i - 1] = '0';
    --i;
  }
  if (i == 0) {
    next.digits.insert(next.digits.begin(), '1');
    ++next.exponent;
  } else {
    ++next.digits[i - 1];
  }
  while (next.digits.size() > 1 && next.digits.back() == '0') next.digits.pop_back();
  return next;
}

bool ReadsBackAs(const Decimal& decimal, double a) {
  std::string text = decimal.digits;
  text += 'e';
  std::array<char, 8> exponent{};
  const auto result = std::to_chars(exponent.data(), exponent.data() + exponent.size(),
                                    decimal.exponent - static_cast<int>(decimal.digits.size()) + 1);
  text.append(exponent.data(), result.ptr);
  double parsed = 0;
  const auto parse = std::from_chars(text.data(), text.data() + text.size(), parsed);
  return parse.ec == std::errc() && parsed == a;
}

// Layout of §6.11.1 with p = exponent + 1: decimal form for -3 <= p <= 16, else d.ddde<exp>.
void AppendLayout(std::string& out, const Decimal& decimal) {
  const std::string& digits = decimal.digits;
  const int count = static_cast<int>(digits.size());
  const int p = decimal.exponent + 1;
  if (p >= -3 && p <= 16) {
    if (p <= 0) {
      out += "0.";
      out.append(static_cast<std::size_t>(-p), '0');
      out += digits;
    } else if (p < count) {
      out.append(digits, 0, static_cast<std::size_t>(p));
      out += '.';
      out.append(digits, static_cast<std::size_t>(p));
    } else {
      out += digits;
      out.append(static_cast<std::size_t>(p - count), '0');
      out += ".0";
    }
    return;
  }
  out += digits.front();
  if (count > 1) {
    out += '.';
    out.append(digits, 1);
  }
  out += 'e';
  std::array<char, 8> exponent{};
  const auto result =
      std::to_chars(exponent.data(), exponent.data() + exponent.size(), decimal.exponent);
  out.append(exponent.data(), result.ptr);
}

}  // namespace

bool IsDebugEscaped(char32_t code_point) noexcept {
  // The first range starting above `code_point`; only the range before it can contain it.
  const auto* const begin = std::begin(kDebugEscapeRanges);
  const auto* const end = std::end(kDebugEscapeRanges);
  const auto* const after = std::upper_bound(
      begin, end, code_point,
      [](char32_t value, const CodePointRange& range) { return value < range.first; });
  return after != begin && code_point <= std::prev(after)->last;
}

void AppendDebugQuoted(std::string& out, std::string_view valid_utf8) {
  out.reserve(out.size() + valid_utf8.size() + 2);
  out += '"';
  std::size_t i = 0;
  const std::size_t size = valid_utf8.size();
  while (i < size) {
    // Copy each run of printable ASCII with one append.
    std::size_t run_end = i;
    while (run_end < size && IsPlainAscii(static_cast<unsigned char>(valid_utf8[run_end]))) {
      ++run_end;
    }
    out.append(valid_utf8.data() + i, run_end - i);
    i = run_end;
    if (i == size) break;

    const auto byte = static_cast<unsigned char>(valid_utf8[i]);
    if (byte < 0x80) {
      switch (byte) {
        case '\0':
          out += "\\0";
          break;
        case '\t':
          out += "\\t";
          break;
        case '\n':
          out += "\\n";
          break;
        case '\r':
          out += "\\r";
          break;
        case '"':
          out += "\\\"";
          break;
        case '\\':
          out += "\\\\";
          break;
        default:
          AppendHexEscape(out, byte);
          break;  // Other controls and U+007F.
      }
      ++i;
      continue;
    }
    const DecodedCodePoint decoded = DecodeUtf8At(valid_utf8, i);
    if (IsDebugEscaped(decoded.code_point)) {
      AppendHexEscape(out, decoded.code_point);
    } else {
      out.append(valid_utf8.data() + i, decoded.length);
    }
    i += decoded.length;
  }
  out += '"';
}

std::string DebugQuoted(std::string_view valid_utf8) {
  std::string out;
  AppendDebugQuoted(out, valid_utf8);
  return out;
}

void AppendDebugF64(std::string& out, double v) {
  if (std::isnan(v)) {
    out += "NaN";
    return;
  }
  if (std::signbit(v)) out += '-';
  const double a = std::fabs(v);
  if (std::isinf(a)) {
    out += "inf";
    return;
  }
  if (a == 0) {
    out += "0.0";
    return;
  }
  Decimal decimal = ToScientific(a, -1);
  // std::to_chars breaks an exact tie between two shortest candidates toward the even digit;
  // the reference takes the larger one. Only a lower pick needs correcting.
  if (IsExactlyHalfwayAbove(a, decimal)) {
    const Decimal up = NextUp(decimal);
    if (ReadsBackAs(up, a)) decimal = up;
  }
  AppendLayout(out, decimal);
}

std::string DebugF64(double v) {
  std::string out;
  AppendDebugF64(out, v);
  return out;
}

}  // namespace tracedoc::text
