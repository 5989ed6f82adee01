// Unit tests for text/debug_string: every string and f64 example of docs/analyses.md §6.11.1, the
// Unicode 17.0.0 escape table at version-sensitive code points, exact ties in the f64 digits,
// and a round-trip property over random doubles.
#include "text/debug_string.hpp"

#include <gtest/gtest.h>

#include <charconv>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <ios>
#include <limits>
#include <random>
#include <string>
#include <string_view>
#include <system_error>

namespace tracedoc::text {
namespace {

std::string Encode(char32_t c) {
  std::string out;
  if (c < 0x80) {
    out += static_cast<char>(c);
  } else if (c < 0x800) {
    out += static_cast<char>(0xC0 | (c >> 6));
    out += static_cast<char>(0x80 | (c & 0x3F));
  } else if (c < 0x10000) {
    out += static_cast<char>(0xE0 | (c >> 12));
    out += static_cast<char>(0x80 | ((c >> 6) & 0x3F));
    out += static_cast<char>(0x80 | (c & 0x3F));
  } else {
    out += static_cast<char>(0xF0 | (c >> 18));
    out += static_cast<char>(0x80 | ((c >> 12) & 0x3F));
    out += static_cast<char>(0x80 | ((c >> 6) & 0x3F));
    out += static_cast<char>(0x80 | (c & 0x3F));
  }
  return out;
}

// The rendering of a one-character string.
std::string Quoted(char32_t c) { return DebugQuoted(Encode(c)); }

// ---------------------------------------------------------------------------------------------
// Strings: the examples of §6.11.1

TEST(DebugQuoted, MessageExamples) {
  EXPECT_EQ(DebugQuoted("g1"), R"("g1")");
  EXPECT_EQ(DebugQuoted("a\"b\\c\n"), R"("a\"b\\c\n")");
  EXPECT_EQ(DebugQuoted("e" + Encode(0x301) + "t\xC3\xA9" + Encode(0x200B) + "\x1B\t"),
            "\"e\\u{301}t\xC3\xA9\\u{200b}\\u{1b}\\t\"");
  EXPECT_EQ(DebugQuoted(""), "\"\"");
}

TEST(DebugQuoted, TupleOfTwoStrings) {
  const std::string message =
      "gradient (" + DebugQuoted("vb") + ", " + DebugQuoted("enc.weight") + ") is absent";
  EXPECT_EQ(message, R"(gradient ("vb", "enc.weight") is absent)");
}

TEST(DebugQuoted, AppendsToExistingText) {
  std::string out = "ID ";
  AppendDebugQuoted(out, "x\ty");
  EXPECT_EQ(out, R"(ID "x\ty")");
}

TEST(DebugQuoted, ShortEscapes) {
  EXPECT_EQ(DebugQuoted(std::string_view("\0", 1)), R"("\0")");
  EXPECT_EQ(DebugQuoted("\t"), R"("\t")");
  EXPECT_EQ(DebugQuoted("\n"), R"("\n")");
  EXPECT_EQ(DebugQuoted("\r"), R"("\r")");
  EXPECT_EQ(DebugQuoted("\""), R"("\"")");
  EXPECT_EQ(DebugQuoted("\\"), R"("\\")");
}

TEST(DebugQuoted, HexEscapeExamples) {
  EXPECT_EQ(Quoted(0x0001), R"("\u{1}")");
  EXPECT_EQ(Quoted(0x0008), R"("\u{8}")");  // Not \b.
  EXPECT_EQ(Quoted(0x000B), R"("\u{b}")");
  EXPECT_EQ(Quoted(0x000C), R"("\u{c}")");  // Not \f.
  EXPECT_EQ(Quoted(0x001B), R"("\u{1b}")");
  EXPECT_EQ(Quoted(0x007F), R"("\u{7f}")");
  EXPECT_EQ(Quoted(0x0085), R"("\u{85}")");
  EXPECT_EQ(Quoted(0x00A0), R"("\u{a0}")");
  EXPECT_EQ(Quoted(0x00AD), R"("\u{ad}")");
  EXPECT_EQ(Quoted(0x0301), R"("\u{301}")");
  EXPECT_EQ(Quoted(0x200B), R"("\u{200b}")");
  EXPECT_EQ(Quoted(0x200D), R"("\u{200d}")");
  EXPECT_EQ(Quoted(0x2028), R"("\u{2028}")");
  EXPECT_EQ(Quoted(0x3000), R"("\u{3000}")");
  EXPECT_EQ(Quoted(0xE000), R"("\u{e000}")");
  EXPECT_EQ(Quoted(0xFEFF), R"("\u{feff}")");
  EXPECT_EQ(Quoted(0x0378), R"("\u{378}")");  // Unassigned.
  EXPECT_EQ(Quoted(0x10FFFF), R"("\u{10ffff}")");
}

TEST(DebugQuoted, PrintableCharactersStayRaw) {
  EXPECT_EQ(DebugQuoted("'"), R"("'")");
  EXPECT_EQ(DebugQuoted("/"), R"("/")");
  EXPECT_EQ(DebugQuoted(" "), R"(" ")");  // U+0020 is Zs but exempt.
  EXPECT_EQ(DebugQuoted("a b"), R"("a b")");
  for (const char32_t c : {0xE9U, 0x65E5U, 0x672CU, 0x1F600U, 0x2603U, 0x1F3FBU}) {
    EXPECT_EQ(Quoted(c), "\"" + Encode(c) + "\"") << std::hex << static_cast<std::uint32_t>(c);
  }
  EXPECT_EQ(DebugQuoted("\xC3\xA9\xE6\x97\xA5\xE6\x9C\xAC"),
            "\"\xC3\xA9\xE6\x97\xA5\xE6\x9C\xAC\"");
}

TEST(DebugQuoted, GraphemeExtendCharactersAreEscapedEverywhere) {
  EXPECT_EQ(Quoted(0xFE0F), R"("\u{fe0f}")");    // Mn: VARIATION SELECTOR-16
  EXPECT_EQ(Quoted(0x20DD), R"("\u{20dd}")");    // Me: COMBINING ENCLOSING CIRCLE
  EXPECT_EQ(Quoted(0x200C), R"("\u{200c}")");    // Other_Grapheme_Extend, Cf
  EXPECT_EQ(Quoted(0x09BE), R"("\u{9be}")");     // Other_Grapheme_Extend, Mc
  EXPECT_EQ(Quoted(0xFF9E), R"("\u{ff9e}")");    // Other_Grapheme_Extend, Lm
  EXPECT_EQ(Quoted(0xE0020), R"("\u{e0020}")");  // TAG SPACE
  EXPECT_EQ(Quoted(0xE007F), R"("\u{e007f}")");  // CANCEL TAG
  // Not only at the start of the string: after a base character too.
  EXPECT_EQ(DebugQuoted("e" + Encode(0x301)), R"("e\u{301}")");
  EXPECT_EQ(DebugQuoted(Encode(0x2764) + Encode(0xFE0F)), "\"" + Encode(0x2764) + "\\u{fe0f}\"");
}

TEST(DebugQuoted, EveryAsciiCharacter) {
  for (unsigned b = 0; b < 0x80; ++b) {
    const std::string s(1, static_cast<char>(b));
    std::string expected;
    switch (b) {
      case 0x00:
        expected = R"(\0)";
        break;
      case 0x09:
        expected = R"(\t)";
        break;
      case 0x0A:
        expected = R"(\n)";
        break;
      case 0x0D:
        expected = R"(\r)";
        break;
      case '"':
        expected = R"(\")";
        break;
      case '\\':
        expected = R"(\\)";
        break;
      default: {
        if (b < 0x20 || b == 0x7F) {
          char hex[8];
          const auto end = std::to_chars(hex, hex + sizeof hex, b, 16).ptr;
          expected = "\\u{" + std::string(hex, end) + "}";
        } else {
          expected = s;
        }
      }
    }
    EXPECT_EQ(DebugQuoted(s), "\"" + expected + "\"") << b;
  }
}

TEST(DebugQuoted, LongMixedInput) {
  std::string input;
  std::string expected = "\"";
  for (int i = 0; i < 50; ++i) {
    input += "abc\xC3\xA9\t" + Encode(0x200B);
    expected += "abc\xC3\xA9\\t\\u{200b}";
  }
  expected += "\"";
  EXPECT_EQ(DebugQuoted(input), expected);
}

// ---------------------------------------------------------------------------------------------
// The escape table (Unicode 17.0.0)

TEST(DebugEscapeTable, CategoriesThatAreEscaped) {
  EXPECT_TRUE(IsDebugEscaped(0x0000));    // Cc
  EXPECT_TRUE(IsDebugEscaped(0x009F));    // Cc
  EXPECT_TRUE(IsDebugEscaped(0x0600));    // Cf
  EXPECT_TRUE(IsDebugEscaped(0xE0001));   // Cf
  EXPECT_TRUE(IsDebugEscaped(0xD800));    // Cs
  EXPECT_TRUE(IsDebugEscaped(0xDFFF));    // Cs
  EXPECT_TRUE(IsDebugEscaped(0xF8FF));    // Co
  EXPECT_TRUE(IsDebugEscaped(0xF0000));   // Co
  EXPECT_TRUE(IsDebugEscaped(0x10FFFD));  // Co
  EXPECT_TRUE(IsDebugEscaped(0xFFFE));    // Cn (noncharacter)
  EXPECT_TRUE(IsDebugEscaped(0xFDD0));    // Cn (noncharacter)
  EXPECT_TRUE(IsDebugEscaped(0x2029));    // Zp
  EXPECT_TRUE(IsDebugEscaped(0x1680));    // Zs
  EXPECT_TRUE(IsDebugEscaped(0x202F));    // Zs
  EXPECT_FALSE(IsDebugEscaped(0x0020));   // Zs, exempt
}

TEST(DebugEscapeTable, CategoriesThatAreNotEscaped) {
  EXPECT_FALSE(IsDebugEscaped('A'));         // Lu
  EXPECT_FALSE(IsDebugEscaped(0x0903));      // Mc, not Grapheme_Extend
  EXPECT_FALSE(IsDebugEscaped(0x00A9));      // So
  EXPECT_FALSE(IsDebugEscaped(0x2028 - 1));  // U+2027 HYPHENATION POINT, Po
  EXPECT_FALSE(IsDebugEscaped(0xFFFD));      // So: REPLACEMENT CHARACTER
  EXPECT_FALSE(IsDebugEscaped(0x1F3FB));     // Sk: emoji modifier, not Grapheme_Extend
}

TEST(DebugEscapeTable, FollowsUnicode17) {
  // Assigned in 17.0.0, so raw: a Tai Yo letter, SAUDI RIYAL SIGN, the last CJK Extension J
  // ideograph.
  EXPECT_FALSE(IsDebugEscaped(0x1E6C0));
  EXPECT_FALSE(IsDebugEscaped(0x20C1));
  EXPECT_FALSE(IsDebugEscaped(0x33479));
  // New 17.0.0 nonspacing mark: escaped as Grapheme_Extend.
  EXPECT_TRUE(IsDebugEscaped(0x1E6E3));
  // Still unassigned in 17.0.0: escaped as Cn.
  EXPECT_TRUE(IsDebugEscaped(0x20C2));
  EXPECT_TRUE(IsDebugEscaped(0x1E6DF));
  EXPECT_TRUE(IsDebugEscaped(0x3347A));
  // Spacing marks made Grapheme_Extend in 16.0 (Kannada, Balinese).
  EXPECT_TRUE(IsDebugEscaped(0x0CC0));
  EXPECT_TRUE(IsDebugEscaped(0x1B3B));
  // AHOM CONSONANT SIGN MEDIAL RA became Mc in 16.0 and is no longer Grapheme_Extend.
  EXPECT_FALSE(IsDebugEscaped(0x1171E));
  EXPECT_EQ(Quoted(0x1E6E3), R"("\u{1e6e3}")");
  EXPECT_EQ(Quoted(0x1E6C0), "\"" + Encode(0x1E6C0) + "\"");
}

TEST(DebugEscapeTable, RangeEdges) {
  // 0x7F..0xA0 is one merged range (Cc then Zs); its neighbours are printable.
  EXPECT_FALSE(IsDebugEscaped(0x7E));
  EXPECT_TRUE(IsDebugEscaped(0x7F));
  EXPECT_TRUE(IsDebugEscaped(0xA0));
  EXPECT_FALSE(IsDebugEscaped(0xA1));
  // Combining Diacritical Marks: U+0300..U+036F, then U+0370 is a letter.
  EXPECT_FALSE(IsDebugEscaped(0x02FF));
  EXPECT_TRUE(IsDebugEscaped(0x0300));
  EXPECT_TRUE(IsDebugEscaped(0x036F));
  EXPECT_FALSE(IsDebugEscaped(0x0370));
  // The last range runs to the end of the code space.
  EXPECT_TRUE(IsDebugEscaped(0x10FFFF));
}

// ---------------------------------------------------------------------------------------------
// f64: the examples of §6.11.1

TEST(DebugF64, SpecialValues) {
  EXPECT_EQ(DebugF64(std::numeric_limits<double>::quiet_NaN()), "NaN");
  EXPECT_EQ(DebugF64(-std::numeric_limits<double>::quiet_NaN()), "NaN");
  EXPECT_EQ(DebugF64(std::numeric_limits<double>::infinity()), "inf");
  EXPECT_EQ(DebugF64(-std::numeric_limits<double>::infinity()), "-inf");
}

TEST(DebugF64, DecimalFormExamples) {
  EXPECT_EQ(DebugF64(0.0), "0.0");
  EXPECT_EQ(DebugF64(-0.0), "-0.0");
  EXPECT_EQ(DebugF64(1.0), "1.0");
  EXPECT_EQ(DebugF64(100.0), "100.0");
  EXPECT_EQ(DebugF64(0.5), "0.5");
  EXPECT_EQ(DebugF64(0.0001), "0.0001");
  EXPECT_EQ(DebugF64(0.00012), "0.00012");
  EXPECT_EQ(DebugF64(-0.0025), "-0.0025");
  EXPECT_EQ(DebugF64(0.1 + 0.2), "0.30000000000000004");
  EXPECT_EQ(DebugF64(123456789.0), "123456789.0");
  EXPECT_EQ(DebugF64(1e15), "1000000000000000.0");
  EXPECT_EQ(DebugF64(9999999999999998.0), "9999999999999998.0");
}

TEST(DebugF64, ExponentFormExamples) {
  EXPECT_EQ(DebugF64(1e-5), "1e-5");
  EXPECT_EQ(DebugF64(2.5e-5), "2.5e-5");
  EXPECT_EQ(DebugF64(-2.5e-5), "-2.5e-5");
  EXPECT_EQ(DebugF64(9.999e-5), "9.999e-5");
  EXPECT_EQ(DebugF64(1.5e-7), "1.5e-7");
  EXPECT_EQ(DebugF64(1e16), "1e16");
  EXPECT_EQ(DebugF64(-1e21), "-1e21");
  EXPECT_EQ(DebugF64(1.2345e20), "1.2345e20");
  EXPECT_EQ(DebugF64(1.2345678901234568e16), "1.2345678901234568e16");
  EXPECT_EQ(DebugF64(5e-324), "5e-324");
  EXPECT_EQ(DebugF64(1.7976931348623157e308), "1.7976931348623157e308");
  EXPECT_EQ(DebugF64(2.2250738585072014e-308), "2.2250738585072014e-308");
}

TEST(DebugF64, LayoutBoundaries) {
  EXPECT_EQ(DebugF64(9.999999999999999e-5), "9.999999999999999e-5");      // p = -4
  EXPECT_EQ(DebugF64(0.00010000000000000002), "0.00010000000000000002");  // p = -3
  EXPECT_EQ(DebugF64(1.5), "1.5");
  EXPECT_EQ(DebugF64(1234.5678), "1234.5678");
  EXPECT_EQ(DebugF64(0.1), "0.1");
  EXPECT_EQ(DebugF64(1.0000000000000002), "1.0000000000000002");
  EXPECT_EQ(DebugF64(1e22), "1e22");
  EXPECT_EQ(DebugF64(1e-7), "1e-7");
  EXPECT_EQ(DebugF64(-5e-324), "-5e-324");
  EXPECT_EQ(DebugF64(12345678901234567890.0), "1.2345678901234567e19");
}

TEST(DebugF64, AppendsToExistingText) {
  std::string out = "norm Some(";
  AppendDebugF64(out, -1e21);
  out += ")";
  EXPECT_EQ(out, "norm Some(-1e21)");
}

// ---------------------------------------------------------------------------------------------
// f64: exact ties between two shortest candidates go to the larger magnitude

TEST(DebugF64, SpecTieExample) {
  // 1658206780088562.25 is exact; ...562.2 and ...562.3 are equally near. JSON keeps the even
  // digit, the debug form the larger value.
  EXPECT_EQ(DebugF64(1658206780088562.25), "1658206780088562.3");
  EXPECT_EQ(DebugF64(-1658206780088562.25), "-1658206780088562.3");
}

TEST(DebugF64, TiesInDecimalForm) {
  EXPECT_EQ(DebugF64(-111275153569243.125), "-111275153569243.13");
  EXPECT_EQ(DebugF64(2056655888558458.25), "2056655888558458.3");
  EXPECT_EQ(DebugF64(1408118346374037.25), "1408118346374037.3");
}

TEST(DebugF64, TiesInExponentForm) {
  // 2^-25 = 2.98023223876953125e-8 exactly; 5 * 2^-23 = 5.9604644775390625e-7 exactly.
  EXPECT_EQ(DebugF64(std::ldexp(1.0, -25)), "2.9802322387695313e-8");
  EXPECT_EQ(DebugF64(std::ldexp(5.0, -23)), "5.960464477539063e-7");
  EXPECT_EQ(DebugF64(std::ldexp(9.0, -23)), "1.0728836059570313e-6");
  EXPECT_EQ(DebugF64(-std::ldexp(13.0, -23)), "-1.5497207641601563e-6");
}

TEST(DebugF64, NearTiesKeepTheNearestCandidate) {
  // One ulp either side of a tie: no longer equidistant, so the nearest digits win.
  const double tie = 1658206780088562.25;
  EXPECT_EQ(DebugF64(std::nextafter(tie, 0.0)), "1658206780088562.0");
  EXPECT_EQ(DebugF64(std::nextafter(tie, 1e300)), "1658206780088562.5");
  // When the even candidate is already the larger one, nothing changes.
  EXPECT_EQ(DebugF64(1658206780088562.75), "1658206780088562.8");
}

TEST(DebugF64, JustBelowAMidpointIsNotATie) {
  // Rounded to one more digit these read as a midpoint (7.53719966119871455e22, ...), but the
  // exact value is slightly below it, so the lower, nearer candidate stays.
  EXPECT_EQ(DebugF64(7.5371996611987145e22), "7.5371996611987145e22");
  EXPECT_EQ(DebugF64(1.6818113446939912e-12), "1.6818113446939912e-12");
  EXPECT_EQ(DebugF64(7.322745165463773e95), "7.322745165463773e95");
  EXPECT_EQ(DebugF64(1.7205502750994606e300), "1.7205502750994606e300");
}

// ---------------------------------------------------------------------------------------------
// f64: round-trip property

std::string ShortestDigits(double a) {
  char buffer[64];
  const auto end =
      std::to_chars(buffer, buffer + sizeof buffer, a, std::chars_format::scientific).ptr;
  std::string digits;
  for (const char* p = buffer; p != end && *p != 'e'; ++p) {
    if (*p != '.') digits += *p;
  }
  return digits;
}

std::string SignificantDigits(std::string_view text) {
  std::string digits;
  for (const char c : text.substr(0, text.find('e'))) {
    if (c >= '0' && c <= '9') digits += c;
  }
  const std::size_t first = digits.find_first_not_of('0');
  digits.erase(0, first == std::string::npos ? digits.size() : first);
  while (!digits.empty() && digits.back() == '0') digits.pop_back();
  return digits;
}

TEST(DebugF64, RandomDoublesReadBackWithShortestDigitCount) {
  std::mt19937_64 rng(20240611);
  int checked = 0;
  while (checked < 100000) {
    const std::uint64_t bits = rng();
    double v;
    std::memcpy(&v, &bits, sizeof v);
    if (!std::isfinite(v) || v == 0) continue;
    ++checked;
    const std::string text = DebugF64(v);
    double parsed = 0;
    const auto result = std::from_chars(text.data(), text.data() + text.size(), parsed);
    ASSERT_EQ(result.ec, std::errc()) << text;
    ASSERT_EQ(result.ptr, text.data() + text.size()) << text;
    ASSERT_EQ(parsed, v) << text;
    ASSERT_EQ(SignificantDigits(text).size(), ShortestDigits(std::fabs(v)).size()) << text;
    // Decimal form exactly when 1e-4 <= |v| < 1e16.
    const double a = std::fabs(v);
    ASSERT_EQ(text.find('e') == std::string::npos, a >= 1e-4 && a < 1e16) << text;
  }
}

}  // namespace
}  // namespace tracedoc::text
