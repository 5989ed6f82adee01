// Two helpers of src/text/utf8.hpp that the other UTF-8 tests (utf8_test.cpp) leave out: Shortened,
// which bounds a name an output repeats per item, and FirstInvalidUtf8, which says where an
// invalid line goes wrong.
#include "text/utf8.hpp"

#include <gtest/gtest.h>

#include <cstddef>
#include <string>
#include <string_view>

namespace tracedoc::text {
namespace {

constexpr std::string_view kEllipsis = "\xE2\x80\xA6";  // …
constexpr std::size_t kNone = std::string_view::npos;

// ---- Shortened --------------------------------------------------------------------------------

TEST(ShortenedTest, ANameWithinTheBoundIsItself) {
  EXPECT_EQ(Shortened("abc", 3), "abc");
  EXPECT_EQ(Shortened("abc", 100), "abc");
  EXPECT_EQ(Shortened("", 0), "");
  EXPECT_EQ(Shortened("a\xF0\x9F\x98\x80", 5), "a\xF0\x9F\x98\x80");
}

TEST(ShortenedTest, ALongerNameIsCutWithAnEllipsis) {
  EXPECT_EQ(Shortened("abcdef", 3), "abc" + std::string(kEllipsis));
  EXPECT_EQ(Shortened("abcd", 3), "abc" + std::string(kEllipsis));
  EXPECT_EQ(Shortened("a", 0), kEllipsis);
  const std::string long_name(100000, 'x');
  const std::string shown = Shortened(long_name, 128);
  EXPECT_EQ(shown, std::string(128, 'x') + std::string(kEllipsis));
}

TEST(ShortenedTest, TheCutFallsAtTheStartOfACharacter) {
  // é is two bytes at 1..2: a bound of 2 falls inside it.
  EXPECT_EQ(Shortened("a\xC3\xA9z", 2), "a" + std::string(kEllipsis));
  EXPECT_EQ(Shortened("a\xC3\xA9z", 3), "a\xC3\xA9" + std::string(kEllipsis));
  // 😀 is four bytes at 1..4.
  const std::string emoji = "a\xF0\x9F\x98\x80" "b";
  for (std::size_t bound = 1; bound <= 4; ++bound) {
    EXPECT_EQ(Shortened(emoji, bound), "a" + std::string(kEllipsis)) << bound;
  }
  EXPECT_EQ(Shortened(emoji, 5), "a\xF0\x9F\x98\x80" + std::string(kEllipsis));
  // A cut inside the first character leaves the ellipsis alone.
  EXPECT_EQ(Shortened("\xE2\x82\xAC" "x", 2), kEllipsis);
}

TEST(ShortenedTest, EveryCutOfAMixedNameIsValidAndBounded) {
  const std::string name = "a\xC3\xA9\xE2\x82\xAC\xF0\x9F\x98\x80z\xC3\xA9\xF0\x9F\x98\x80";
  for (std::size_t bound = 0; bound <= name.size(); ++bound) {
    SCOPED_TRACE(bound);
    const std::string shown = Shortened(name, bound);
    EXPECT_TRUE(IsValidUtf8(shown));
    if (bound >= name.size()) {
      EXPECT_EQ(shown, name);
      continue;
    }
    ASSERT_GE(shown.size(), kEllipsis.size());
    const std::string_view kept(shown.data(), shown.size() - kEllipsis.size());
    EXPECT_EQ(std::string_view(shown).substr(kept.size()), kEllipsis);
    EXPECT_LE(kept.size(), bound);
    EXPECT_GT(kept.size() + 4, bound);  // no more than one character short of the bound
    EXPECT_EQ(name.substr(0, kept.size()), kept);
  }
}

// ---- FirstInvalidUtf8 -------------------------------------------------------------------------

TEST(FirstInvalidUtf8Test, ValidTextHasNone) {
  EXPECT_EQ(FirstInvalidUtf8(""), kNone);
  EXPECT_EQ(FirstInvalidUtf8("plain ascii"), kNone);
  EXPECT_EQ(FirstInvalidUtf8("\xC3\xA9\xE2\x82\xAC\xF0\x9F\x98\x80"), kNone);
  EXPECT_EQ(FirstInvalidUtf8("\xC2\x80\xDF\xBF\xE0\xA0\x80\xED\x9F\xBF\xEE\x80\x80"
                             "\xF0\x90\x80\x80\xF4\x8F\xBF\xBF"),
            kNone);
}

TEST(FirstInvalidUtf8Test, EachKindOfFaultIsFoundAtTheByteThatStartsIt) {
  struct Case {
    const char* what;
    std::string bytes;
    std::size_t at;
  };
  const Case cases[] = {
      {"stray continuation", "ab\x80", 2},
      {"stray continuation after a character", "\xC3\xA9\xBF", 2},
      {"C0 lead (overlong)", "a\xC0\x80", 1},
      {"C1 lead (overlong)", "\xC1\xBF", 0},
      {"F5 lead (above U+10FFFF)", "xx\xF5\x80\x80\x80", 2},
      {"FF byte", "abc\xFF", 3},
      {"overlong three bytes", "a\xE0\x80\x80", 1},
      {"overlong three bytes, top", "a\xE0\x9F\xBF", 1},
      {"surrogate", "ab\xED\xA0\x80", 2},
      {"surrogate, last", "\xED\xBF\xBF", 0},
      {"overlong four bytes", "\xF0\x80\x80\x80", 0},
      {"overlong four bytes, top", "z\xF0\x8F\xBF\xBF", 1},
      {"above U+10FFFF", "\xF4\x90\x80\x80", 0},
      {"two-byte cut by the end", "abc\xC3", 3},
      {"three-byte cut by the end", "abc\xE2\x82", 3},
      {"four-byte cut by the end", "\xF0\x9F\x98", 0},
      {"second byte not a continuation", "\xC3" "a", 0},
      {"third byte not a continuation", "\xE2\x82" "a", 0},
      {"fourth byte not a continuation", "q\xF0\x9F\x98" "a", 1},
      {"the first of several", "\x80\xFF", 0},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(c.what);
    EXPECT_EQ(FirstInvalidUtf8(c.bytes), c.at);
    EXPECT_FALSE(IsValidUtf8(c.bytes));
  }
}

TEST(FirstInvalidUtf8Test, AFaultIsFoundAtEveryOffsetPastTheAsciiRuns) {
  // ASCII is skipped 32 and 8 bytes at a time: a fault at any offset must still be found there.
  for (std::size_t at = 0; at < 100; ++at) {
    std::string bytes(100, 'a');
    bytes[at] = '\x80';
    EXPECT_EQ(FirstInvalidUtf8(bytes), at) << at;
    std::string cut(at, 'b');
    cut += "\xE2\x82";  // a character cut by the end
    EXPECT_EQ(FirstInvalidUtf8(cut), at) << at;
  }
}

TEST(FirstInvalidUtf8Test, AFaultAfterValidCharactersIsFoundAfterThem) {
  std::string bytes;
  for (int i = 0; i < 50; ++i) bytes += "\xC3\xA9\xE2\x82\xAC\xF0\x9F\x98\x80";
  const std::size_t at = bytes.size();
  bytes += "\xED\xA0\x80";
  bytes += std::string(64, 'z');
  EXPECT_EQ(FirstInvalidUtf8(bytes), at);
}

}  // namespace
}  // namespace tracedoc::text
