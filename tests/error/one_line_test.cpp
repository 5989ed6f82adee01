// AppendOneLine (src/error/one_line.hpp): a message keeps to one line whatever the names it
// echoes hold, so every control character below 0x20 becomes an escape and nothing else changes.
#include <gtest/gtest.h>

#include <string>
#include <string_view>

#include "error/one_line.hpp"

namespace tracedoc {
namespace {

std::string OneLine(std::string_view text) {
  std::string out;
  AppendOneLine(out, text);
  return out;
}

TEST(OneLineTest, NewlineCarriageReturnAndTabGetTheirShortEscapes) {
  EXPECT_EQ(OneLine("a\nb\rc\td"), "a\\nb\\rc\\td");
}

TEST(OneLineTest, OtherControlCharactersBecomeLowerCaseUnicodeEscapes) {
  EXPECT_EQ(OneLine(std::string_view("\x00", 1)), "\\u0000");
  EXPECT_EQ(OneLine("\x01\x1b\x1f"), "\\u0001\\u001b\\u001f");
  EXPECT_EQ(OneLine("\x0b\x0c"), "\\u000b\\u000c");  // vertical tab, form feed: no short form
}

TEST(OneLineTest, SpaceDeleteAndUtf8BytesPassUnchanged) {
  // 0x20 is the first byte kept; 0x7f and bytes of multi-byte characters are not control
  // characters below 0x20 (a signed char would make them negative: they must still pass).
  EXPECT_EQ(OneLine(" \x7f"), " \x7f");
  EXPECT_EQ(OneLine("caf\xC3\xA9 \xE2\x82\xAC"), "caf\xC3\xA9 \xE2\x82\xAC");
}

TEST(OneLineTest, AppendsAfterWhatTheOutputHolds) {
  std::string out = "name: ";
  AppendOneLine(out, "x\ny");
  AppendOneLine(out, "");
  EXPECT_EQ(out, "name: x\\ny");
}

TEST(OneLineTest, ABackslashIsNotEscaped) {
  // Only line-breaking bytes are rewritten: the text is not JSON, so `\` stays one byte.
  EXPECT_EQ(OneLine("a\\n"), "a\\n");
}

}  // namespace
}  // namespace tracedoc
