// Unit tests for text/utf8: strict validation (every class of ill-formed input, every length
// boundary, exhaustive short strings against a bitwise reference decoder), decoding, and the
// Unicode White_Space trimming behind "Trim" and "Blank" (docs/trace-format.md §0).
#include "text/utf8.hpp"

#include <gtest/gtest.h>

#include <cstddef>
#include <cstdint>
#include <initializer_list>
#include <ios>
#include <string>
#include <string_view>
#include <vector>

namespace tracedoc::text {
namespace {

// Encodes any value up to 0x10FFFF, surrogates included, so tests can build ill-formed input.
std::string Utf8Of(char32_t c) {
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

std::string Bytes(std::initializer_list<unsigned> bytes) {
  std::string out;
  for (const unsigned b : bytes) out += static_cast<char>(b);
  return out;
}

// Reference validator written differently from the implementation: decode by the count of
// leading one bits, then reject by value (overlong, surrogate, too large).
bool ReferenceIsValid(std::string_view s) {
  std::size_t i = 0;
  while (i < s.size()) {
    const auto lead = static_cast<unsigned char>(s[i]);
    std::size_t length = 0;
    while (length < 8 && (lead & (0x80U >> length)) != 0) ++length;
    if (length == 0) {
      ++i;
      continue;
    }
    if (length == 1 || length > 4 || i + length > s.size()) return false;
    std::uint32_t value = lead & (0x7FU >> length);
    for (std::size_t k = 1; k < length; ++k) {
      const auto b = static_cast<unsigned char>(s[i + k]);
      if ((b & 0xC0U) != 0x80U) return false;
      value = (value << 6) | (b & 0x3FU);
    }
    const std::uint32_t minimum[] = {0, 0, 0x80, 0x800, 0x10000};
    if (value < minimum[length]) return false;
    if (value >= 0xD800 && value <= 0xDFFF) return false;
    if (value > 0x10FFFF) return false;
    i += length;
  }
  return true;
}

// ---------------------------------------------------------------------------------------------
// Validation

TEST(Utf8Validation, EmptyAndAscii) {
  EXPECT_TRUE(IsValidUtf8(""));
  EXPECT_TRUE(IsValidUtf8("a"));
  EXPECT_TRUE(IsValidUtf8(std::string_view("\0", 1)));
  EXPECT_TRUE(IsValidUtf8("\x7F"));
  EXPECT_TRUE(IsValidUtf8("the quick brown fox jumps over the lazy dog 0123456789"));
}

TEST(Utf8Validation, AcceptsEachLengthAtItsBoundaries) {
  for (const char32_t c : {0x0000U, 0x007FU,                        // 1 byte
                           0x0080U, 0x07FFU,                        // 2 bytes
                           0x0800U, 0x0FFFU, 0x1000U, 0xD7FFU,      // 3 bytes (E0, E1..EC, ED)
                           0xE000U, 0xFFFDU, 0xFFFEU, 0xFFFFU,      // 3 bytes (EE, EF)
                           0x10000U, 0x3FFFFU, 0x40000U, 0xFFFFFU,  // 4 bytes (F0, F1..F3)
                           0x100000U, 0x10FFFFU}) {                 // 4 bytes (F4)
    const std::string encoded = Utf8Of(c);
    EXPECT_TRUE(IsValidUtf8(encoded)) << std::hex << static_cast<std::uint32_t>(c);
    // Also when surrounded, so the sequence starts and ends mid-buffer.
    EXPECT_TRUE(IsValidUtf8("abcdefgh" + encoded + "ijklmnop"))
        << std::hex << static_cast<std::uint32_t>(c);
  }
}

TEST(Utf8Validation, RejectsOverlongTwoByte) {
  EXPECT_FALSE(IsValidUtf8(Bytes({0xC0, 0x80})));  // U+0000
  EXPECT_FALSE(IsValidUtf8(Bytes({0xC0, 0xAF})));  // '/'
  EXPECT_FALSE(IsValidUtf8(Bytes({0xC1, 0xBF})));  // U+007F
}

TEST(Utf8Validation, RejectsOverlongThreeByte) {
  EXPECT_FALSE(IsValidUtf8(Bytes({0xE0, 0x80, 0x80})));  // U+0000
  EXPECT_FALSE(IsValidUtf8(Bytes({0xE0, 0x81, 0xBF})));  // U+007F
  EXPECT_FALSE(IsValidUtf8(Bytes({0xE0, 0x9F, 0xBF})));  // U+07FF
  EXPECT_TRUE(IsValidUtf8(Bytes({0xE0, 0xA0, 0x80})));   // U+0800, the first legal one
}

TEST(Utf8Validation, RejectsOverlongFourByte) {
  EXPECT_FALSE(IsValidUtf8(Bytes({0xF0, 0x80, 0x80, 0x80})));  // U+0000
  EXPECT_FALSE(IsValidUtf8(Bytes({0xF0, 0x8F, 0xBF, 0xBF})));  // U+FFFF
  EXPECT_TRUE(IsValidUtf8(Bytes({0xF0, 0x90, 0x80, 0x80})));   // U+10000, the first legal one
}

TEST(Utf8Validation, RejectsSurrogates) {
  EXPECT_FALSE(IsValidUtf8(Utf8Of(0xD800)));  // ED A0 80
  EXPECT_FALSE(IsValidUtf8(Utf8Of(0xDBFF)));
  EXPECT_FALSE(IsValidUtf8(Utf8Of(0xDC00)));
  EXPECT_FALSE(IsValidUtf8(Utf8Of(0xDFFF)));  // ED BF BF
  // A CESU-8 style pair (U+1F600 as two encoded surrogates).
  EXPECT_FALSE(IsValidUtf8(Utf8Of(0xD83D) + Utf8Of(0xDE00)));
  EXPECT_TRUE(IsValidUtf8(Bytes({0xED, 0x9F, 0xBF})));  // U+D7FF, just below
}

TEST(Utf8Validation, RejectsAboveMaximum) {
  EXPECT_FALSE(IsValidUtf8(Bytes({0xF4, 0x90, 0x80, 0x80})));  // U+110000
  EXPECT_FALSE(IsValidUtf8(Bytes({0xF4, 0xBF, 0xBF, 0xBF})));
  EXPECT_FALSE(IsValidUtf8(Bytes({0xF5, 0x80, 0x80, 0x80})));
  EXPECT_FALSE(IsValidUtf8(Bytes({0xF7, 0xBF, 0xBF, 0xBF})));              // U+1FFFFF
  EXPECT_FALSE(IsValidUtf8(Bytes({0xF8, 0x88, 0x80, 0x80, 0x80})));        // 5-byte form
  EXPECT_FALSE(IsValidUtf8(Bytes({0xFC, 0x84, 0x80, 0x80, 0x80, 0x80})));  // 6-byte form
  EXPECT_FALSE(IsValidUtf8(Bytes({0xFE})));
  EXPECT_FALSE(IsValidUtf8(Bytes({0xFF})));
}

TEST(Utf8Validation, RejectsTruncatedAtEnd) {
  EXPECT_FALSE(IsValidUtf8(Bytes({0xC3})));
  EXPECT_FALSE(IsValidUtf8(Bytes({0xE2, 0x82})));
  EXPECT_FALSE(IsValidUtf8(Bytes({0xE2})));
  EXPECT_FALSE(IsValidUtf8(Bytes({0xF0, 0x9F, 0x98})));
  EXPECT_FALSE(IsValidUtf8(Bytes({0xF0, 0x9F})));
  EXPECT_FALSE(IsValidUtf8(Bytes({0xF0})));
  // Truncated after a long ASCII prefix, so the word-at-a-time path runs first.
  EXPECT_FALSE(IsValidUtf8("0123456789abcdef" + Bytes({0xE2, 0x82})));
  EXPECT_TRUE(IsValidUtf8("0123456789abcdef" + Bytes({0xE2, 0x82, 0xAC})));
}

TEST(Utf8Validation, RejectsASequenceCutByTheEndOfTheView) {
  // The bytes after the view would complete the sequence; they must not be read.
  const std::string backing = "0123456789abcdef" + Bytes({0xF0, 0x9F, 0x98, 0x80});
  const std::string_view view(backing);
  for (std::size_t cut = 1; cut < 4; ++cut) {
    EXPECT_FALSE(IsValidUtf8(view.substr(0, 16 + cut))) << cut;
    EXPECT_FALSE(IsValidUtf8(view.substr(16, cut))) << cut;
  }
  EXPECT_TRUE(IsValidUtf8(view));
}

TEST(Utf8Validation, RejectsTruncatedBeforeAnotherCharacter) {
  EXPECT_FALSE(IsValidUtf8(Bytes({0xC3, 'a'})));
  EXPECT_FALSE(IsValidUtf8(Bytes({0xE2, 0x82, 'a'})));
  EXPECT_FALSE(IsValidUtf8(Bytes({0xE2, 0x28, 0xA1})));
  EXPECT_FALSE(IsValidUtf8(Bytes({0xF0, 0x9F, 0x98, 0xC3, 0xA9})));
}

TEST(Utf8Validation, RejectsStrayContinuationBytes) {
  EXPECT_FALSE(IsValidUtf8(Bytes({0x80})));
  EXPECT_FALSE(IsValidUtf8(Bytes({0xBF})));
  EXPECT_FALSE(IsValidUtf8(Bytes({'a', 0x80, 'b'})));
  EXPECT_FALSE(IsValidUtf8(Bytes({0xC3, 0xA9, 0xA9})));  // é plus one continuation too many
  EXPECT_FALSE(IsValidUtf8(Bytes({0xF0, 0x9F, 0x98, 0x80, 0x80})));
}

TEST(Utf8Validation, FindsABadByteAtEveryOffsetOfAnAsciiBuffer) {
  // Exercises every position relative to the 8-byte words, including the tail.
  for (std::size_t length = 1; length <= 40; ++length) {
    for (std::size_t bad = 0; bad < length; ++bad) {
      std::string s(length, 'x');
      s[bad] = static_cast<char>(0x80);
      EXPECT_FALSE(IsValidUtf8(s)) << "length " << length << " bad " << bad;
      s[bad] = static_cast<char>(0xFF);
      EXPECT_FALSE(IsValidUtf8(s)) << "length " << length << " bad " << bad;
    }
    EXPECT_TRUE(IsValidUtf8(std::string(length, 'x'))) << length;
  }
}

TEST(Utf8Validation, ValidMultiByteAtEveryOffsetOfAnAsciiBuffer) {
  const std::string euro = Utf8Of(0x20AC);
  for (std::size_t prefix = 0; prefix <= 17; ++prefix) {
    const std::string s = std::string(prefix, 'y') + euro + std::string(9, 'z');
    EXPECT_TRUE(IsValidUtf8(s)) << prefix;
    // Cut the sequence at each byte: every cut leaves it truncated.
    for (std::size_t keep = 1; keep < euro.size(); ++keep) {
      const std::string cut = std::string(prefix, 'y') + euro.substr(0, keep) + "zzzzzzzzz";
      EXPECT_FALSE(IsValidUtf8(cut)) << prefix << " " << keep;
    }
  }
}

TEST(Utf8Validation, EveryScalarValueEncodesToValidUtf8) {
  for (char32_t c = 0; c <= 0x10FFFF; ++c) {
    const bool surrogate = c >= 0xD800 && c <= 0xDFFF;
    ASSERT_EQ(IsValidUtf8(Utf8Of(c)), !surrogate) << std::hex << static_cast<std::uint32_t>(c);
  }
}

TEST(Utf8Validation, MatchesReferenceOnAllOneAndTwoByteStrings) {
  for (unsigned a = 0; a < 256; ++a) {
    const std::string one = Bytes({a});
    ASSERT_EQ(IsValidUtf8(one), ReferenceIsValid(one)) << a;
    for (unsigned b = 0; b < 256; ++b) {
      const std::string two = Bytes({a, b});
      ASSERT_EQ(IsValidUtf8(two), ReferenceIsValid(two)) << a << " " << b;
    }
  }
}

TEST(Utf8Validation, MatchesReferenceOnAllThreeByteStringsWithANonAsciiLead) {
  std::string s(3, '\0');
  for (unsigned a = 0x80; a < 256; ++a) {
    s[0] = static_cast<char>(a);
    for (unsigned b = 0; b < 256; ++b) {
      s[1] = static_cast<char>(b);
      for (unsigned c = 0; c < 256; ++c) {
        s[2] = static_cast<char>(c);
        ASSERT_EQ(IsValidUtf8(s), ReferenceIsValid(s)) << a << " " << b << " " << c;
      }
    }
  }
}

TEST(Utf8Validation, MatchesReferenceOnFourByteStringsWithSampledTails) {
  const unsigned samples[] = {0x00, 0x41, 0x7F, 0x80, 0x8F, 0x90, 0x9F,
                              0xA0, 0xBF, 0xC0, 0xC3, 0xE2, 0xF0, 0xFF};
  std::string s(4, '\0');
  for (unsigned a = 0xC0; a < 256; ++a) {
    s[0] = static_cast<char>(a);
    for (unsigned b = 0; b < 256; ++b) {
      s[1] = static_cast<char>(b);
      for (const unsigned c : samples) {
        s[2] = static_cast<char>(c);
        for (const unsigned d : samples) {
          s[3] = static_cast<char>(d);
          ASSERT_EQ(IsValidUtf8(s), ReferenceIsValid(s)) << a << " " << b << " " << c << " " << d;
        }
      }
    }
  }
}

// ---------------------------------------------------------------------------------------------
// Decoding

TEST(Utf8Decode, DecodesEveryLengthAtItsBoundaries) {
  for (const char32_t c : {0x0000U, 0x007FU, 0x0080U, 0x07FFU, 0x0800U, 0xD7FFU, 0xE000U, 0xFFFFU,
                           0x10000U, 0x10FFFFU}) {
    const std::string s = "a" + Utf8Of(c) + "b";
    const DecodedCodePoint decoded = DecodeUtf8At(s, 1);
    EXPECT_EQ(decoded.code_point, c) << std::hex << static_cast<std::uint32_t>(c);
    EXPECT_EQ(decoded.length, Utf8Of(c).size()) << std::hex << static_cast<std::uint32_t>(c);
  }
}

TEST(Utf8Decode, NeverReadsPastTheViewOnTruncatedInput) {
  // Misuse: a 3-byte lead with one byte left. The view stops before the real data does.
  const std::string backing = Bytes({0xE2, 0x82, 0xAC});
  const DecodedCodePoint decoded = DecodeUtf8At(std::string_view(backing).substr(0, 2), 0);
  EXPECT_EQ(decoded.length, 1U);
}

// ---------------------------------------------------------------------------------------------
// Trimming

const std::vector<char32_t>& WhiteSpace() {
  static const std::vector<char32_t> kAll = {0x09,   0x0A,   0x0B,   0x0C,   0x0D,   0x20,   0x85,
                                             0xA0,   0x1680, 0x2000, 0x2001, 0x2002, 0x2003, 0x2004,
                                             0x2005, 0x2006, 0x2007, 0x2008, 0x2009, 0x200A, 0x2028,
                                             0x2029, 0x202F, 0x205F, 0x3000};
  return kAll;
}

TEST(Utf8Trim, TheListHasAllTwentyFiveWhiteSpaceCodePoints) {
  EXPECT_EQ(WhiteSpace().size(), 25U);
  for (const char32_t c : WhiteSpace()) {
    EXPECT_TRUE(IsUnicodeWhiteSpace(c)) << std::hex << static_cast<std::uint32_t>(c);
  }
}

TEST(Utf8Trim, OnlyTheListedCodePointsAreWhiteSpace) {
  std::size_t count = 0;
  for (char32_t c = 0; c <= 0x10FFFF; ++c) {
    if (IsUnicodeWhiteSpace(c)) ++count;
  }
  EXPECT_EQ(count, 25U);
}

TEST(Utf8Trim, StripsEachWhiteSpaceCodePointFromBothEnds) {
  for (const char32_t c : WhiteSpace()) {
    const std::string w = Utf8Of(c);
    EXPECT_EQ(TrimUnicodeWhitespace(w + "x" + w), "x") << std::hex << static_cast<std::uint32_t>(c);
    EXPECT_EQ(TrimUnicodeWhitespace(w + w + "x"), "x") << std::hex << static_cast<std::uint32_t>(c);
    EXPECT_EQ(TrimUnicodeWhitespace("x" + w + w), "x") << std::hex << static_cast<std::uint32_t>(c);
    EXPECT_EQ(TrimUnicodeWhitespace(w), "") << std::hex << static_cast<std::uint32_t>(c);
    EXPECT_TRUE(IsBlank(w + w)) << std::hex << static_cast<std::uint32_t>(c);
  }
}

TEST(Utf8Trim, ByteOrderMarkIsNotWhiteSpace) {
  const std::string bom = Utf8Of(0xFEFF);
  EXPECT_FALSE(IsUnicodeWhiteSpace(0xFEFF));
  EXPECT_EQ(TrimUnicodeWhitespace(bom + "x" + bom), bom + "x" + bom);
  EXPECT_EQ(TrimUnicodeWhitespace(" " + bom + " "), bom);
  EXPECT_FALSE(IsBlank(bom));
}

TEST(Utf8Trim, KeepsNearMissesThatAreNotWhiteSpace) {
  // Format characters, file separators and the neighbours of each white-space range.
  for (const char32_t c :
       {0x08U,   0x0EU,   0x1CU,   0x1DU,   0x1EU,   0x1FU,   0x21U,   0x84U,   0x86U,   0x9FU,
        0xA1U,   0x167FU, 0x1681U, 0x180EU, 0x1FFFU, 0x200BU, 0x200CU, 0x200DU, 0x2027U, 0x202AU,
        0x202EU, 0x2030U, 0x205EU, 0x2060U, 0x2FFFU, 0x3001U, 0xFEFFU, 0xFFA0U, 0xE0020U}) {
    const std::string s = Utf8Of(c);
    EXPECT_EQ(TrimUnicodeWhitespace(s), s) << std::hex << static_cast<std::uint32_t>(c);
    EXPECT_FALSE(IsBlank(s)) << std::hex << static_cast<std::uint32_t>(c);
  }
}

TEST(Utf8Trim, ContinuationBytesThatLookLikeWhiteSpaceAreNotTrimmed) {
  // U+0120 is C4 A0 and U+0145 is C5 85: their last bytes equal the Latin-1 values of
  // NO-BREAK SPACE and NEXT LINE, which a byte-wise trim would wrongly remove.
  for (const char32_t c : {0x0120U, 0x0145U, 0x3020U, 0x1E85U, 0x1F020U}) {
    const std::string s = Utf8Of(c);
    EXPECT_EQ(TrimUnicodeWhitespace(" " + s + " "), s) << std::hex << static_cast<std::uint32_t>(c);
    EXPECT_EQ(TrimUnicodeWhitespace(s + s), s + s) << std::hex << static_cast<std::uint32_t>(c);
  }
}

TEST(Utf8Trim, KeepsInteriorWhiteSpace) {
  EXPECT_EQ(TrimUnicodeWhitespace("  a b\tc  "), "a b\tc");
  const std::string ideographic = Utf8Of(0x3000);
  EXPECT_EQ(TrimUnicodeWhitespace(ideographic + "a" + ideographic + "b" + ideographic),
            "a" + ideographic + "b");
}

TEST(Utf8Trim, MixedRunsOfOneTwoAndThreeByteWhiteSpace) {
  const std::string left = Utf8Of(0x3000) + " \t" + Utf8Of(0x85) + Utf8Of(0x2029);
  const std::string right = Utf8Of(0xA0) + "\r\n" + Utf8Of(0x205F);
  EXPECT_EQ(TrimUnicodeWhitespace(left + "é 日本" + right), "é 日本");
}

TEST(Utf8Trim, ReturnsAViewIntoTheInput) {
  const std::string s = "  value\n";
  const std::string_view trimmed = TrimUnicodeWhitespace(s);
  EXPECT_EQ(trimmed, "value");
  EXPECT_EQ(trimmed.data(), s.data() + 2);
}

TEST(Utf8Trim, EmptyAndNothingToTrim) {
  EXPECT_EQ(TrimUnicodeWhitespace(""), "");
  EXPECT_EQ(TrimUnicodeWhitespace("x"), "x");
  EXPECT_EQ(TrimUnicodeWhitespace("日本"), "日本");
  EXPECT_EQ(TrimUnicodeWhitespace(Utf8Of(0x1F600)), Utf8Of(0x1F600));
}

TEST(Utf8Blank, EmptyAndWhiteSpaceOnlyAreBlank) {
  EXPECT_TRUE(IsBlank(""));
  EXPECT_TRUE(IsBlank(" "));
  EXPECT_TRUE(IsBlank(" \t\r\n\v\f"));
  EXPECT_TRUE(IsBlank(Utf8Of(0x3000) + Utf8Of(0x2028) + Utf8Of(0xA0)));
  EXPECT_FALSE(IsBlank(" a "));
  EXPECT_FALSE(IsBlank(std::string_view("\0", 1)));
  EXPECT_FALSE(IsBlank(Utf8Of(0x200B)));  // ZERO WIDTH SPACE is Cf, not White_Space.
}

}  // namespace
}  // namespace tracedoc::text

namespace tracedoc::text {
namespace {

std::string Replaced(std::string_view bytes) {
  std::string out = "<";
  AppendReplacingInvalidUtf8(out, bytes);
  return out;
}

TEST(AppendReplacingInvalidUtf8, ReplacesEachByteThatStartsNoSequenceAndKeepsTheRest) {
  EXPECT_EQ(Replaced(""), "<");
  EXPECT_EQ(Replaced("plain é ✓"), "<plain é ✓");
  EXPECT_EQ(Replaced("\xff"), "<\xEF\xBF\xBD");
  // A truncated sequence: its lead and its one continuation byte are two replacements.
  EXPECT_EQ(Replaced("a\xE2\x9C" "b"), "<a\xEF\xBF\xBD\xEF\xBF\xBD" "b");
  EXPECT_EQ(Replaced("\xED\xA0\x80"), "<\xEF\xBF\xBD\xEF\xBF\xBD\xEF\xBF\xBD");  // a surrogate
  EXPECT_TRUE(IsValidUtf8(Replaced("x\xC0\xAFy\xF5z").substr(1)));
}

}  // namespace
}  // namespace tracedoc::text
