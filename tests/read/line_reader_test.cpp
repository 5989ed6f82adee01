// Line splitting on its own (docs/trace-format.md §2.1): over a buffer, and over a stream read in
// chunks, where a line may span several chunks and the buffer must grow.
#include "read/line_blocks.hpp"
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

// The same through a stdio stream (a temporary file), as files and standard input are read: cut
// into blocks of whole lines (tiny ones by default, so lines meet block ends everywhere), each
// block split on its own and its line numbers continued from the blocks before it.
Split SplitStream(const std::string& text, std::size_t bound = kNoBound,
                  std::size_t block_bytes = 3) {
  std::FILE* file = std::tmpfile();
  EXPECT_NE(file, nullptr);
  std::fwrite(text.data(), 1, text.size(), file);
  std::rewind(file);
  StdioSource source(file);
  StreamBlocks blocks(source, block_bytes, bound);
  Split split;
  std::uint64_t lines_before = 0;
  LineBlock block;
  while (blocks.Next(block)) {
    BufferLineReader reader(block.bytes, bound);
    Split part = ReadAll(reader);
    split.lines.insert(split.lines.end(), part.lines.begin(), part.lines.end());
    for (std::uint64_t number : part.numbers) split.numbers.push_back(lines_before + number);
    if (part.error) {
      split.error = part.error;
      split.error->line += lines_before;
      break;
    }
    if (!part.numbers.empty()) lines_before += part.numbers.back();
  }
  std::fclose(file);
  return split;
}

// The blocks of `text` read through a stream `block_bytes` at a time.
std::vector<std::string> StreamBlocksOf(const std::string& text, std::size_t block_bytes) {
  std::FILE* file = std::tmpfile();
  EXPECT_NE(file, nullptr);
  std::fwrite(text.data(), 1, text.size(), file);
  std::rewind(file);
  StdioSource source(file);
  StreamBlocks blocks(source, block_bytes, kNoBound);
  std::vector<std::string> out;
  LineBlock block;
  while (blocks.Next(block)) out.emplace_back(block.bytes);
  std::fclose(file);
  return out;
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

TEST(LineReaderTest, AStreamLineLongerThanABlockIsWhole) {
  // The stream reads 64 KiB at a time: this line spans 49 reads.
  const std::string long_line(3 * (1 << 20) + 17, 'x');
  const Split split = SplitStream("a\n" + long_line + "\nb", kNoBound, 64 << 10);
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

TEST(LineReaderTest, StreamBlocksEndAfterTheLastNewlineRead) {
  // 4 bytes a time: "ab\nc" → block "ab\n", carry "c"; "c" + "d\nef" → "cd\n", carry "ef"; ...
  EXPECT_EQ(StreamBlocksOf("ab\ncd\nefgh\ni", 4),
            (std::vector<std::string>{"ab\n", "cd\n", "efgh\n", "i"}));
  // A block holds every whole line the read brought in, not just one.
  EXPECT_EQ(StreamBlocksOf("a\nb\nc\nd", 5),
            (std::vector<std::string>{"a\nb\n", "c\n", "d"}));
  EXPECT_TRUE(StreamBlocksOf("", 4).empty());
}

TEST(LineReaderTest, StreamBlocksJoinToTheInputWhateverTheBlockSize) {
  std::string text;
  for (int i = 0; i < 500; ++i) text += std::string(static_cast<std::size_t>(i % 37), 'x') + "\n";
  text += "tail";
  for (std::size_t block_bytes : {1u, 2u, 7u, 64u, 4096u}) {
    std::string joined;
    for (const std::string& block : StreamBlocksOf(text, block_bytes)) {
      EXPECT_TRUE(block == "tail" || block.back() == '\n') << "block size " << block_bytes;
      joined += block;
    }
    EXPECT_TRUE(joined == text) << "block size " << block_bytes;
  }
}

TEST(LineReaderTest, AStreamLineOverTheBoundWithoutANewlineEndsTheBlocks) {
  // The stream stops reading once the unfinished line passes the bound: its block holds it,
  // and the line split names it.
  const Split split = SplitStream("ok\n" + std::string(100, 'x'), 10, 4);
  ASSERT_TRUE(split.error.has_value());
  EXPECT_EQ(split.error->code, ErrorCode::kLimitExceeded);
  EXPECT_EQ(split.error->line, 2u);
  EXPECT_EQ(split.lines, (std::vector<std::string>{"ok"}));
}

}  // namespace
}  // namespace tracedoc::read
