// The emitter's inline byte helpers (src/emit/plain_bytes.hpp): IsPlainJsonString agrees with
// the escaping writer for every length and every position of a byte that needs an escape, and
// PutBytes copies exactly its bytes at every length, writing nothing past them.
#include "emit/plain_bytes.hpp"

#include <gtest/gtest.h>

#include <cstddef>
#include <string>
#include <string_view>

#include "emit/json_format.hpp"

namespace tracedoc::emit {
namespace {

// What AppendJsonString says: plain when the quoted text is the bytes between two quotes.
bool WriterLeavesUnchanged(std::string_view text) {
  std::string quoted;
  AppendJsonString(quoted, text);
  return quoted.size() == text.size() + 2;
}

TEST(PlainBytesTest, PlainWhenNothingNeedsAnEscape) {
  for (std::size_t size = 0; size <= 40; ++size) {
    std::string text(size, 'a');
    for (std::size_t i = 0; i < size; ++i) text[i] = static_cast<char>(0x20 + (i * 37) % 0x5F);
    for (char& c : text) {
      if (c == '"' || c == '\\') c = 'z';
    }
    EXPECT_TRUE(IsPlainJsonString(text)) << size;
    // UTF-8 bytes (0x80 and above) need no escape either.
    if (size >= 2) {
      text[0] = '\xC3';
      text[1] = '\xA9';
      EXPECT_TRUE(IsPlainJsonString(text)) << size;
    }
  }
}

TEST(PlainBytesTest, NotPlainWhereverAByteNeedsAnEscape) {
  for (const char special : {'"', '\\', '\0', '\n', '\x1F', '\x01'}) {
    for (std::size_t size = 1; size <= 40; ++size) {
      for (std::size_t at = 0; at < size; ++at) {
        std::string text(size, 'b');
        text[at] = special;
        ASSERT_FALSE(WriterLeavesUnchanged(text));
        EXPECT_FALSE(IsPlainJsonString(text))
            << "byte " << static_cast<int>(special) << " at " << at << " of " << size;
      }
    }
  }
}

// 0x20 and 0x7F are the edges of what is copied raw; `!` and `#` are the quote's neighbours.
TEST(PlainBytesTest, EdgesOfTheEscapedRangesArePlain) {
  const std::string_view texts[] = {" ", "\x7F", "!#[]",
                                    std::string_view("\x20\x21\x23\x5B\x5D\x7F\x80\xFF", 8)};
  for (const std::string_view text : texts) {
    EXPECT_TRUE(IsPlainJsonString(text));
    EXPECT_TRUE(WriterLeavesUnchanged(text));
  }
}

TEST(PlainBytesTest, PutBytesCopiesExactlyItsBytes) {
  for (std::size_t size = 0; size <= 80; ++size) {
    std::string source(size, ' ');
    for (std::size_t i = 0; i < size; ++i) source[i] = static_cast<char>('A' + i % 26);
    std::string out(size + 16, '#');
    char* end = PutBytes(out.data() + 8, source);
    EXPECT_EQ(end, out.data() + 8 + size);
    EXPECT_EQ(out, std::string(8, '#') + source + std::string(8, '#')) << size;
  }
}

}  // namespace
}  // namespace tracedoc::emit
