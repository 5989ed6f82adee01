// Line splitting on its own (docs/trace-format.md §2.1): over a buffer, and over a stream read in
// chunks, where a line may span several chunks and the buffer must grow.
#include "read/line_reader.hpp"

#include <gtest/gtest.h>

#include <cstdio>
#include <optional>
#include <string>
#include <vector>

namespace tracedoc::read {
namespace {

constexpr std::size_t kNoBound = std::size_t{256} << 20;

struct Split {
  std::vector<std::string> lines;
  std::vector<std::uint64_t> numbers;
  std::optional<Error> error;
};

template <class Reader>
Split ReadAll(Reader& reader) {
  Split split;
  Line line;
  for (;;) {
    Result<bool> more = reader.Next(line);
    if (!more) {
      split.error = more.error();
      return split;
    }
    if (!more.value()) return split;
    split.lines.emplace_back(line.text);
    split.numbers.push_back(line.number);
  }
}

Split SplitBuffer(const std::string& text, std::size_t bound = kNoBound) {
  BufferLineReader reader(text, bound);
  return ReadAll(reader);
}

// The same through a stdio stream (a temporary file), as files and standard input are read.
Split SplitStream(const std::string& text, std::size_t bound = kNoBound) {
  std::FILE* file = std::tmpfile();
  EXPECT_NE(file, nullptr);
  std::fwrite(text.data(), 1, text.size(), file);
  std::rewind(file);
  StreamLineReader reader(file, "test", bound);
  Split split = ReadAll(reader);
  std::fclose(file);
  return split;
}

TEST(LineReaderTest, SplitsOnNewlinesAndDropsOneCarriageReturn) {
  for (const auto& split : {SplitBuffer("a\r\n\nb\r\r\nc"), SplitStream("a\r\n\nb\r\r\nc")}) {
    EXPECT_EQ(split.lines, (std::vector<std::string>{"a", "", "b\r", "c"}));
    EXPECT_EQ(split.numbers, (std::vector<std::uint64_t>{1, 2, 3, 4}));
    EXPECT_FALSE(split.error.has_value());
  }
}

TEST(LineReaderTest, AFinalNewlineEndsTheLastLineAndStartsNone) {
  EXPECT_EQ(SplitBuffer("a\n").lines, (std::vector<std::string>{"a"}));
  EXPECT_EQ(SplitStream("a\n").lines, (std::vector<std::string>{"a"}));
  EXPECT_TRUE(SplitBuffer("").lines.empty());
  EXPECT_TRUE(SplitStream("").lines.empty());
}

TEST(LineReaderTest, AStreamLineLongerThanAChunkIsWhole) {
  // The stream reads 1 MiB at a time: this line spans three chunks.
  const std::string long_line(3 * (1 << 20) + 17, 'x');
  const Split split = SplitStream("a\n" + long_line + "\nb");
  ASSERT_EQ(split.lines.size(), 3u);
  EXPECT_TRUE(split.lines[1] == long_line);  // not EXPECT_EQ: it would print 3 MB
  EXPECT_EQ(split.lines[2], "b");
}

TEST(LineReaderTest, ALineOverTheBoundIsLimitExceededAtItsNumber) {
  for (const auto& split :
       {SplitBuffer("ok\n12345678\nlater", 5), SplitStream("ok\n12345678\nlater", 5)}) {
    ASSERT_TRUE(split.error.has_value());
    EXPECT_EQ(split.error->code, ErrorCode::kLimitExceeded);
    EXPECT_EQ(split.error->line, 2u);
    EXPECT_EQ(split.lines, (std::vector<std::string>{"ok"}));
  }
}

TEST(LineReaderTest, ALineAtTheBoundIsAccepted) {
  EXPECT_EQ(SplitBuffer("12345\n", 5).lines, (std::vector<std::string>{"12345"}));
  EXPECT_EQ(SplitStream("12345\n", 5).lines, (std::vector<std::string>{"12345"}));
}

}  // namespace
}  // namespace tracedoc::read
