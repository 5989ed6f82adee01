// TerminalSafe: the escaping of every text output (tables, CSV, error lines).
#include "text/terminal_text.hpp"

#include "text/utf8.hpp"

#include <gtest/gtest.h>

#include <string>
#include <string_view>

namespace tracedoc::text {
namespace {

TEST(TerminalSafeTest, PrintableTextAndUnicodeStayAsTheyAre) {
  EXPECT_EQ(TerminalSafe("matmul/forward 1.5"), "matmul/forward 1.5");
  EXPECT_EQ(TerminalSafe("\xC3\xA9\xE2\x80\xA6\xF0\x9F\x98\x80"), "\xC3\xA9\xE2\x80\xA6\xF0\x9F\x98\x80");
  EXPECT_EQ(TerminalSafe("a\\x1b"), "a\\x1b");  // a backslash is text
  EXPECT_EQ(TerminalSafe(""), "");
  // U+00A0, the first code point after the C1 block, is not a control.
  EXPECT_EQ(TerminalSafe("\xC2\xA0"), "\xC2\xA0");
  EXPECT_TRUE(IsTerminalSafe("plain \xC2\xA0 text"));
}

TEST(TerminalSafeTest, ControlBytesThatMoveATerminalAreEscaped) {
  // ESC ] 0 ; title BEL: an OSC sequence that would retitle the terminal.
  EXPECT_EQ(TerminalSafe("\x1b]0;owned\x07"), "\\u001b]0;owned\\u0007");
  // CR then a fake verdict: would overwrite the line.
  EXPECT_EQ(TerminalSafe("op\rFAKE OK"), "op\\rFAKE OK");
  EXPECT_EQ(TerminalSafe("a\tb\nc"), "a\\tb\\nc");
  EXPECT_EQ(TerminalSafe(std::string_view("\0", 1)), "\\u0000");
  EXPECT_EQ(TerminalSafe("\x7f"), "\\u007f");
  EXPECT_FALSE(IsTerminalSafe("\x1b[2J"));
  EXPECT_FALSE(IsTerminalSafe("\x7f"));
}

TEST(TerminalSafeTest, EveryC0ControlHasAnEscape) {
  EXPECT_EQ(TerminalSafe("\x01\x1b\x1f"), "\\u0001\\u001b\\u001f");
  EXPECT_EQ(TerminalSafe("\x0b\x0c"), "\\u000b\\u000c");  // vertical tab, form feed: no short form
}

TEST(TerminalSafeTest, AppendsAfterWhatTheOutputHolds) {
  std::string out = "name: ";
  AppendTerminalSafe(out, "x\ny");
  AppendTerminalSafe(out, "");
  EXPECT_EQ(out, "name: x\\ny");
}

TEST(TerminalSafeTest, C1ControlsAreEscapedAsCodePoints) {
  EXPECT_EQ(TerminalSafe("x\xC2\x9B" "2Jy"), "x\\u009b2Jy");  // CSI
  EXPECT_EQ(TerminalSafe("\xC2\x80\xC2\x9F"), "\\u0080\\u009f");
  EXPECT_FALSE(IsTerminalSafe("\xC2\x85"));
}

TEST(TerminalSafeTest, BytesThatAreNotUtf8AreEscapedOneByOne) {
  EXPECT_EQ(TerminalSafe("\xff"), "\\xff");
  EXPECT_EQ(TerminalSafe("a\x9b" "b"), "a\\x9bb");          // a lone 8-bit CSI
  EXPECT_EQ(TerminalSafe("\xE2\x80"), "\\xe2\\x80");        // truncated at the end
  EXPECT_EQ(TerminalSafe("\xED\xA0\x80"), "\\xed\\xa0\\x80");  // a surrogate
  EXPECT_EQ(TerminalSafe("\xC0\xAF"), "\\xc0\\xaf");        // overlong
  EXPECT_FALSE(IsTerminalSafe("\xC3"));
}

TEST(TerminalSafeTest, EveryByteValueComesOutPrintable) {
  // Whatever the input, the output holds no control byte and is valid UTF-8.
  std::string every;
  for (int byte = 0; byte < 256; ++byte) every += static_cast<char>(byte);
  const std::string safe = TerminalSafe(every + every);
  EXPECT_TRUE(IsTerminalSafe(safe));
  EXPECT_TRUE(IsValidUtf8(safe));
}

TEST(TerminalSafeTest, LongRunsAreLinear) {
  const std::string name(1 << 20, '\x1b');
  const std::string safe = TerminalSafe(name);
  EXPECT_EQ(safe.size(), std::size_t{6} << 20);
}

}  // namespace
}  // namespace tracedoc::text
