// How the trace generator spells JSON values: strings with several legal escape styles, and
// doubles in several legal layouts that all read back to the same value. Independent of the
// library's writer, so a round trip compares two different spellings of one value.
#ifndef TRACEDOC_TESTS_PROPERTY_JSON_TEXT_HPP_
#define TRACEDOC_TESTS_PROPERTY_JSON_TEXT_HPP_

#include <charconv>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <system_error>

namespace tracedoc::property {

/// Legal ways to write one string; the reader must unescape all of them to the same bytes.
enum class EscapeStyle : std::uint8_t {
  kMinimal,     // `"`, `\` and controls only, short forms where they exist
  kUpperHex,    // controls as `\u00XX` in upper case, `/` as `\/`
  kAsciiOnly,   // every non-ASCII code point as `\uXXXX`, surrogate pairs above U+FFFF
  kEveryOther,  // as kAsciiOnly, and every other ASCII character as `\u00xx` too
};
inline constexpr std::size_t kEscapeStyleCount = 4;

/// The code point starting at `text[i]` (valid UTF-8 assumed), advancing `i` past it.
inline char32_t NextCodePoint(std::string_view text, std::size_t& i) {
  const auto byte = [&](std::size_t k) { return static_cast<unsigned char>(text[k]); };
  const unsigned char lead = byte(i);
  if (lead < 0x80) return text[i++];
  const int extra = lead >= 0xF0 ? 3 : lead >= 0xE0 ? 2 : 1;
  char32_t cp = lead & (0x3F >> extra);
  for (int k = 1; k <= extra; ++k) cp = (cp << 6) | (byte(i + k) & 0x3F);
  i += static_cast<std::size_t>(extra) + 1;
  return cp;
}

inline void AppendHex4(std::string& out, std::uint32_t unit, bool upper) {
  const char* digits = upper ? "0123456789ABCDEF" : "0123456789abcdef";
  out += "\\u";
  for (int shift = 12; shift >= 0; shift -= 4) out += digits[(unit >> shift) & 0xF];
}

/// `text` (valid UTF-8) as a JSON string literal, quotes included.
inline std::string JsonString(std::string_view text, EscapeStyle style) {
  std::string out = "\"";
  std::size_t ascii_seen = 0;
  for (std::size_t i = 0; i < text.size();) {
    const std::size_t start = i;
    const char32_t cp = NextCodePoint(text, i);
    const bool escape_non_ascii =
        style == EscapeStyle::kAsciiOnly || style == EscapeStyle::kEveryOther;
    if (cp == '"') {
      out += "\\\"";
    } else if (cp == '\\') {
      out += "\\\\";
    } else if (cp == '/' && style == EscapeStyle::kUpperHex) {
      out += "\\/";
    } else if (cp < 0x20) {
      const char* short_form = cp == '\b'   ? "\\b"
                               : cp == '\t' ? "\\t"
                               : cp == '\n' ? "\\n"
                               : cp == '\f' ? "\\f"
                               : cp == '\r' ? "\\r"
                                            : nullptr;
      if (short_form != nullptr && style != EscapeStyle::kUpperHex) {
        out += short_form;
      } else {
        AppendHex4(out, static_cast<std::uint32_t>(cp), style == EscapeStyle::kUpperHex);
      }
    } else if (cp >= 0x80 && escape_non_ascii) {
      if (cp > 0xFFFF) {
        const std::uint32_t v = static_cast<std::uint32_t>(cp) - 0x10000;
        AppendHex4(out, 0xD800 + (v >> 10), false);
        AppendHex4(out, 0xDC00 + (v & 0x3FF), true);
      } else {
        AppendHex4(out, static_cast<std::uint32_t>(cp), false);
      }
    } else if (cp < 0x80 && style == EscapeStyle::kEveryOther && (ascii_seen++ % 2 == 1)) {
      AppendHex4(out, static_cast<std::uint32_t>(cp), ascii_seen % 4 == 0);
    } else {
      out.append(text.substr(start, i - start));
    }
  }
  out += '"';
  return out;
}

/// Legal layouts of one double; all read back to the same value under correct rounding.
enum class DoubleStyle : std::uint8_t {
  kShortest,       // std::to_chars' shortest round-trip form
  kSeventeen,      // 17 significant digits, scientific, upper-case `E+`
  kIntegerIfWhole  // a JSON integer literal when the value is a small whole number
};
inline constexpr std::size_t kDoubleStyleCount = 3;

inline std::string JsonDouble(double value, DoubleStyle style) {
  char buffer[64];
  std::to_chars_result r{};
  if (style == DoubleStyle::kIntegerIfWhole && value == std::trunc(value) &&
      std::fabs(value) < 1e15 && !std::signbit(value)) {
    r = std::to_chars(buffer, buffer + sizeof buffer, value, std::chars_format::fixed, 0);
    return std::string(buffer, r.ptr);
  }
  if (style == DoubleStyle::kSeventeen) {
    r = std::to_chars(buffer, buffer + sizeof buffer, value, std::chars_format::scientific, 16);
    std::string text(buffer, r.ptr);
    const std::size_t e = text.find('e');
    if (e != std::string::npos) text[e] = 'E';
    return text;
  }
  r = std::to_chars(buffer, buffer + sizeof buffer, value);
  return std::string(buffer, r.ptr);
}

}  // namespace tracedoc::property

#endif  // TRACEDOC_TESTS_PROPERTY_JSON_TEXT_HPP_
