// ReadOptions::threads: the threaded read gives the one-thread read's document, or its first
// error field for field (code, line, index, column, field, message), on every golden input and
// example, on generated traces spanning many blocks, and on traces broken in crafted ways.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

#include <unistd.h>

#include "support/trace_generator.hpp"
#include "support/matchers.hpp"
#include "support/test_traces.hpp"
#include "tracedoc/reader.hpp"

namespace tracedoc {
namespace {

using testdata::JoinLines;
using testdata::SplitLines;
namespace fs = std::filesystem;

constexpr unsigned kThreadCounts[] = {2, 3, 8};

ReadOptions WithThreads(unsigned threads, ReadOptions options = {}) {
  options.threads = threads;
  return options;
}

// Same outcome: equal documents, or equal errors in every field.
template <class T>
::testing::AssertionResult SameOutcome(const Result<T>& expected, const Result<T>& actual) {
  if (expected.has_value() != actual.has_value()) {
    return ::testing::AssertionFailure()
           << "one read succeeded and the other did not: "
           << ::testing::PrintToString(expected ? actual.error() : expected.error());
  }
  if (!expected) {
    if (expected.error() == actual.error()) return ::testing::AssertionSuccess();
    return ::testing::AssertionFailure()
           << "expected " << ::testing::PrintToString(expected.error()) << ", got "
           << ::testing::PrintToString(actual.error());
  }
  if constexpr (!std::is_void_v<T>) {
    if (!(expected.value() == actual.value())) {
      return ::testing::AssertionFailure() << "the documents differ";
    }
  }
  return ::testing::AssertionSuccess();
}

// Checks ReadTrace and ValidateTrace against their one-thread results for every thread count.
void ExpectSameAsOneThread(const TraceInput& input, const ReadOptions& options = {}) {
  const Result<TraceDocument> read = ReadTrace(input, WithThreads(1, options));
  const Result<void> valid = ValidateTrace(input, WithThreads(1, options));
  for (unsigned threads : kThreadCounts) {
    SCOPED_TRACE("threads " + std::to_string(threads));
    EXPECT_TRUE(SameOutcome(read, ReadTrace(input, WithThreads(threads, options))));
    EXPECT_TRUE(SameOutcome(valid, ValidateTrace(input, WithThreads(threads, options))));
  }
}

// The same text as a string and as a file.
void ExpectSameAsOneThreadEverywhere(const std::string& text, const ReadOptions& options = {}) {
  {
    SCOPED_TRACE("string input");
    ExpectSameAsOneThread(TraceInput::FromString(text), options);
  }
  const fs::path path =
      fs::temp_directory_path() / ("tracedoc_threaded_" + std::to_string(::getpid()) + ".jsonl");
  std::ofstream(path, std::ios::binary) << text;
  {
    SCOPED_TRACE("file input");
    ExpectSameAsOneThread(TraceInput::FromFile(path), options);
  }
  fs::remove(path);
}

std::vector<fs::path> TraceFiles() {
  std::vector<fs::path> files;
  const fs::path golden = fs::path(TRACEDOC_SOURCE_DIR) / "tests" / "golden";
  if (fs::is_directory(golden)) {
    for (const fs::directory_entry& entry : fs::directory_iterator(golden)) {
      if (fs::is_regular_file(entry.path() / "input.jsonl")) {
        files.push_back(entry.path() / "input.jsonl");
      }
    }
  }
  for (const fs::directory_entry& entry :
       fs::directory_iterator(fs::path(TRACEDOC_SOURCE_DIR) / "examples")) {
    if (entry.path().extension() == ".jsonl") files.push_back(entry.path());
  }
  std::sort(files.begin(), files.end());
  return files;
}

// A generated trace of several 256 KiB blocks, as lines (line n is lines[n - 1]).
std::vector<std::string> GeneratedLines(std::uint64_t seed = 7) {
  return SplitLines(generator::GenerateTrace(20'000, seed));
}

TEST(ThreadedReadTest, GoldenInputsAndExamplesReadAsWithOneThread) {
  const std::vector<fs::path> files = TraceFiles();
  ASSERT_GE(files.size(), 2u) << "examples/valid.jsonl and examples/invalid.jsonl at least";
  for (const fs::path& file : files) {
    SCOPED_TRACE(file.string());
    std::ifstream in(file, std::ios::binary);
    const std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    ExpectSameAsOneThreadEverywhere(text);
  }
}

TEST(ThreadedReadTest, InvalidExampleFailsWithItsErrorWithThreads) {
  const auto result =
      ReadTrace(TraceInput::FromFile(fs::path(TRACEDOC_SOURCE_DIR) / "examples" / "invalid.jsonl"),
                WithThreads(2));
  EXPECT_THAT(result, FailsWith(ErrorCode::kDuplicateSpanEnd, 13));
}

TEST(ThreadedReadTest, GeneratedTracesReadAsWithOneThread) {
  // Small enough to stay quick under the sanitizers, large enough for several blocks.
  for (std::uint64_t seed : {1u, 2u}) {
    SCOPED_TRACE("seed " + std::to_string(seed));
    const std::string text = generator::GenerateTrace(7'000 * seed, seed);
    ASSERT_GT(text.size(), std::size_t{1} << 20) << "spans several blocks";
    // Each read on its own holds every record the generator wrote, then the two agree.
    for (unsigned threads : {1u, 2u}) {
      const Result<TraceDocument> document =
          ReadTrace(TraceInput::FromString(text), WithThreads(threads));
      ASSERT_THAT(document, Succeeds());
      const TraceDocument& doc = document.value();
      const std::size_t records =
          2 + doc.spans().size() * 2 + doc.ops().size() + doc.tensors().size() +
          doc.tensor_stats().size() + doc.memory().size() + doc.device_memory().size() +
          doc.device_intervals().size() + doc.gradients().size() + doc.edges().size();
      EXPECT_EQ(records, 7'000 * seed) << "threads " << threads;
    }
    ExpectSameAsOneThreadEverywhere(text);
  }
}

TEST(ThreadedReadTest, BlankLinesAndCarriageReturnsKeepLineNumbers) {
  std::vector<std::string> lines = GeneratedLines();
  for (std::size_t i = 1; i < lines.size(); i += 97) lines[i] += '\r';
  for (std::size_t i = 3; i < lines.size(); i += 1001) lines.insert(lines.begin() + i, "  ");
  lines.back() += "\r";  // the terminal, without a final newline below
  std::string text = JoinLines(lines);
  text.pop_back();
  ExpectSameAsOneThreadEverywhere(text);
  EXPECT_THAT(ReadTrace(TraceInput::FromString(text), WithThreads(2)), Succeeds());
}

TEST(ThreadedReadTest, EarliestOfSeveralBadLinesWins) {
  std::vector<std::string> lines = GeneratedLines();
  const std::size_t late = lines.size() - 10;
  lines[late] = "{not json";
  lines[9000] = R"({"kind":"span_end","id":"no-such-span","duration_ns":1})";
  lines[12000] = "\xff\xfe";
  const std::string text = JoinLines(lines);
  EXPECT_THAT(ReadTrace(TraceInput::FromString(text), WithThreads(2)),
              FailsWith(ErrorCode::kUnknownSpanEnd, 9001));
  ExpectSameAsOneThreadEverywhere(text);
}

// Blocks of long lines are decoded by the folding thread (issue 12, F5): the outcome is still
// the one-thread read's, whether the long line is fine or holds the error.
TEST(ThreadedReadTest, LongLinesReadAsWithOneThread) {
  std::vector<std::string> lines = GeneratedLines();
  const std::string blob = R"(,"x_blob":")" + std::string(std::size_t{5} << 20, 'a') + "\"}";
  for (const std::size_t i : {std::size_t{100}, std::size_t{6000}}) {
    ASSERT_EQ(lines[i].back(), '}');
    lines[i].pop_back();
    lines[i] += blob;
  }
  ExpectSameAsOneThreadEverywhere(JoinLines(lines));
  EXPECT_THAT(ReadTrace(TraceInput::FromString(JoinLines(lines)), WithThreads(4)), Succeeds());

  lines[6000].back() = ',';  // a syntax error at the end of the second long line
  const std::string text = JoinLines(lines);
  EXPECT_THAT(ReadTrace(TraceInput::FromString(text), WithThreads(4)),
              FailsWith(ErrorCode::kInvalidJson, 6001));
  ExpectSameAsOneThreadEverywhere(text);
}

TEST(ThreadedReadTest, DecodeErrorBeforeFoldErrorWins) {
  std::vector<std::string> lines = GeneratedLines();
  lines[15000] = R"({"kind":"span_end","id":"no-such-span","duration_ns":1})";
  lines[8000] = R"({"kind":"memory","timestamp_ns":1.5})";
  const std::string text = JoinLines(lines);
  EXPECT_THAT(ReadTrace(TraceInput::FromString(text), WithThreads(3)),
              FailsWith(ErrorCode::kInvalidType, 8001));
  ExpectSameAsOneThreadEverywhere(text);
}

TEST(ThreadedReadTest, SyntaxErrorKeepsItsColumnAndIndex) {
  std::vector<std::string> lines = GeneratedLines();
  lines.insert(lines.begin() + 5000, "");
  lines[7000] = R"({"kind":"op",})";
  const std::string text = JoinLines(lines);
  const Result<TraceDocument> result = ReadTrace(TraceInput::FromString(text), WithThreads(2));
  ASSERT_THAT(result, FailsWith(ErrorCode::kInvalidJson, 7001));
  EXPECT_EQ(result.error().index, std::optional<std::uint64_t>(6999));  // one blank line before
  EXPECT_TRUE(result.error().column.has_value());
  ExpectSameAsOneThreadEverywhere(text);
}

TEST(ThreadedReadTest, InvalidUtf8AndOverLongLinesAreNamedAtTheirLine) {
  std::vector<std::string> lines = GeneratedLines();
  lines[11000] = "\xc3(";
  std::string text = JoinLines(lines);
  EXPECT_THAT(ReadTrace(TraceInput::FromString(text), WithThreads(2)),
              FailsWith(ErrorCode::kInvalidUtf8, 11001));
  ExpectSameAsOneThreadEverywhere(text);

  lines = GeneratedLines();
  lines[6000] = std::string(1200, ' ') + lines[6000];
  text = JoinLines(lines);
  ReadOptions bounded;
  bounded.max_line_bytes = 1000;  // above the meta line's length
  EXPECT_THAT(ReadTrace(TraceInput::FromString(text), WithThreads(2, bounded)),
              FailsWith(ErrorCode::kLimitExceeded, 6001));
  ExpectSameAsOneThreadEverywhere(text, bounded);

  // An over-long last line without `\n`, longer than a block.
  text = JoinLines(GeneratedLines()) + std::string(std::size_t{700} << 10, 'x');
  bounded.max_line_bytes = std::size_t{600} << 10;
  ExpectSameAsOneThreadEverywhere(text, bounded);
}

TEST(ThreadedReadTest, RecordLimitIsCountedAcrossBlocks) {
  const std::string text = generator::GenerateTrace(20'000, 11);
  ReadOptions limited;
  limited.max_records = 12'345;
  const Result<TraceDocument> result =
      ReadTrace(TraceInput::FromString(text), WithThreads(2, limited));
  ASSERT_THAT(result, FailsWith(ErrorCode::kLimitExceeded, 12'346));
  EXPECT_EQ(result.error().index, std::optional<std::uint64_t>(12'345));
  ExpectSameAsOneThreadEverywhere(text, limited);
}

TEST(ThreadedReadTest, SchemaFromTheMetaAppliesToLaterBlocks) {
  std::vector<std::string> lines = GeneratedLines(5);
  const std::size_t schema = lines[0].find("trace/10");
  ASSERT_NE(schema, std::string::npos);
  lines[0].replace(schema, 8, "trace/9");
  const auto stats = std::find_if(lines.begin() + 5000, lines.end(), [](const std::string& l) {
    return l.find(R"("kind":"tensor_stats")") != std::string::npos;
  });
  ASSERT_NE(stats, lines.end());
  const auto line = static_cast<std::uint64_t>(stats - lines.begin()) + 1;
  // Every earlier tensor_stats line goes, so the first one left is past several blocks.
  lines.erase(std::remove_if(lines.begin(), stats,
                             [](const std::string& l) {
                               return l.find(R"("kind":"tensor_stats")") != std::string::npos;
                             }),
              stats);
  const std::string text = JoinLines(lines);
  const Result<TraceDocument> result = ReadTrace(TraceInput::FromString(text), WithThreads(2));
  ASSERT_THAT(result, FailsWith(ErrorCode::kSchemaLacksTensorStats));
  EXPECT_LT(result.error().line, line);
  EXPECT_GT(result.error().line, 4000u);
  ExpectSameAsOneThreadEverywhere(text);
}

TEST(ThreadedReadTest, MetaInALaterBlockIsMetaNotFirst) {
  std::vector<std::string> lines = GeneratedLines();
  lines[9500] = lines[0];
  const std::string text = JoinLines(lines);
  EXPECT_THAT(ReadTrace(TraceInput::FromString(text), WithThreads(2)),
              FailsWith(ErrorCode::kMetaNotFirst, 9501));
  ExpectSameAsOneThreadEverywhere(text);
}

TEST(ThreadedReadTest, StreamErrorsAtTheEndMatch) {
  std::vector<std::string> lines = GeneratedLines();
  lines.pop_back();  // no terminal
  std::string text = JoinLines(lines);
  EXPECT_THAT(ReadTrace(TraceInput::FromString(text), WithThreads(2)),
              FailsWith(ErrorCode::kMissingTerminal, 0));
  ExpectSameAsOneThreadEverywhere(text);
  ExpectSameAsOneThreadEverywhere("");
  ExpectSameAsOneThreadEverywhere("\n\n");
  ExpectSameAsOneThreadEverywhere(testdata::Lines({testdata::kMeta10}));
}

TEST(ThreadedReadTest, UnreadableFileIsTheSameIoError) {
  // Opening a directory succeeds; reading it fails (EISDIR) at line 1.
  const TraceInput input = TraceInput::FromFile(fs::temp_directory_path());
  EXPECT_THAT(ReadTrace(input, WithThreads(2)), FailsWith(ErrorCode::kIoError, 1));
  ExpectSameAsOneThread(input);
  const TraceInput missing = TraceInput::FromFile("/nonexistent/tracedoc/trace.jsonl");
  EXPECT_THAT(ReadTrace(missing, WithThreads(2)), FailsWith(ErrorCode::kIoError, 0));
  ExpectSameAsOneThread(missing);
}

}  // namespace
}  // namespace tracedoc
