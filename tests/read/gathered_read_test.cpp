// The read past its first block (issue 18): each decoding thread interns its blocks' strings
// into a shard the document adopts, and gathers the records that need none of the stream's state
// by kind for the fold to append. Whatever the thread count, the outcome must be the one of
// DocumentBuilder::Add fed record by record, the plain path: the same document, or the same
// first error in every field. Golden inputs fit in one block, so these traces are generated, and
// broken far past the first block.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

#include "support/trace_generator.hpp"
#include "support/matchers.hpp"
#include "support/test_traces.hpp"
#include "tracedoc/document_builder.hpp"
#include "tracedoc/reader.hpp"
#include "tracedoc/span_index.hpp"
#include "tracedoc/record_decoder.hpp"

namespace tracedoc {
namespace {

using testdata::JoinLines;
using testdata::SplitLines;
using testing_support::FailsWithCode;

constexpr std::size_t kLaterBlockLine = 6'000;  // well past the first 256 KiB block

// The plain path: each line decoded and added on its own, the decoder following the meta's
// schema as the reader does. No blank lines in these traces, so line = index + 1.
Result<TraceDocument> ReadRecordByRecord(const std::string& text) {
  DocumentBuilder builder;
  RecordDecoder decoder;
  std::uint64_t index = 0;
  for (const std::string& line : SplitLines(text)) {
    const RecordPosition position{index + 1, index};
    Result<Event> event = decoder.Decode(line, position);
    if (!event) return std::move(event).error();
    BOOST_OUTCOME_TRY(builder.Add(event.value(), position));
    if (index == 0) {
      DecodeOptions options;
      options.trace6 = std::get<MetaRecord>(event.value()).schema == kLegacySchema;
      decoder = RecordDecoder(options);
    }
    ++index;
  }
  return std::move(builder).Finish();
}

void ExpectSameAsRecordByRecord(const std::string& text) {
  const Result<TraceDocument> expected = ReadRecordByRecord(text);
  for (unsigned threads : {1u, 2u, 3u}) {
    SCOPED_TRACE("threads " + std::to_string(threads));
    std::string copy = text;
    ReadOptions options;
    options.threads = threads;
    const Result<TraceDocument> read = ReadTrace(TraceInput::FromString(copy), options);
    // Overwrite the input: nothing the document keeps may point into it.
    std::fill(copy.begin(), copy.end(), 'x');
    ASSERT_EQ(read.has_value(), expected.has_value());
    if (!expected) {
      EXPECT_EQ(read.error(), expected.error());
      continue;
    }
    EXPECT_TRUE(read.value() == expected.value()) << "the documents differ";
    EXPECT_GT(read.value().memory_bytes(), text.size() / 4) << "the shards are counted";
  }
}

// The generated trace with the first line at or after `from` that contains `needle` passed
// through `edit`.
std::string EditFirstLineWith(std::uint64_t seed, std::string_view needle,
                              const std::function<void(std::string&)>& edit,
                              std::size_t from = kLaterBlockLine) {
  std::vector<std::string> lines = SplitLines(generator::GenerateTrace(12'000, seed));
  for (std::size_t i = from; i < lines.size(); ++i) {
    if (lines[i].find(needle) == std::string::npos) continue;
    edit(lines[i]);
    return JoinLines(lines);
  }
  ADD_FAILURE() << "no line with " << needle;
  return {};
}

void Replace(std::string& line, std::string_view from, std::string_view to) {
  const std::size_t at = line.find(from);
  ASSERT_NE(at, std::string::npos) << line;
  line.replace(at, from.size(), to);
}

TEST(GatheredReadTest, ValidTracesGiveTheDocumentOfTheRecordByRecordFold) {
  for (std::uint64_t seed : {3u, 4u}) {
    SCOPED_TRACE("seed " + std::to_string(seed));
    const std::string text = generator::GenerateTrace(12'000, seed);
    ASSERT_GT(text.size(), std::size_t{1} << 20) << "spans several blocks";
    ExpectSameAsRecordByRecord(text);
  }
}

TEST(GatheredReadTest, SpanIndexBuiltOnTwoThreadsGroupsRecordsAsOnOne) {
  // With threads > 1, sealing groups the memory records on a second thread.
  const std::string text = generator::GenerateTrace(12'000, 10);
  const Result<TraceDocument> one = ReadTrace(TraceInput::FromString(text));
  ReadOptions two_threads;
  two_threads.threads = 2;
  const Result<TraceDocument> two = ReadTrace(TraceInput::FromString(text), two_threads);
  ASSERT_THAT(one, Succeeds());
  ASSERT_THAT(two, Succeeds());
  const SpanIndex a = one.value().span_index();
  const SpanIndex b = two.value().span_index();
  ASSERT_EQ(a.size(), b.size());
  std::size_t memory_grouped = 0;
  for (SpanPosition span = 0; span < a.size(); ++span) {
    ASSERT_TRUE(std::ranges::equal(a.ops(span), b.ops(span))) << span;
    ASSERT_TRUE(std::ranges::equal(a.tensors(span), b.tensors(span))) << span;
    ASSERT_TRUE(std::ranges::equal(a.memory(span), b.memory(span))) << span;
    ASSERT_EQ(a.depth(span), b.depth(span)) << span;
    memory_grouped += b.memory(span).size();
  }
  EXPECT_GT(memory_grouped, 1'000u) << "the generated trace names spans from memory events";
}

TEST(GatheredReadTest, InvalidTensorStatsInALaterBlockFailsAtItsLine) {
  const std::string text = EditFirstLineWith(5, R"("kind":"tensor_stats")", [](std::string& line) {
    Replace(line, R"("label":")", R"("label":"   ", "was":")");
  });
  ASSERT_THAT(ReadRecordByRecord(text), FailsWithCode(ErrorCode::kInvalidTensorStats));
  ExpectSameAsRecordByRecord(text);
}

TEST(GatheredReadTest, RecordAfterATerminalInALaterBlockFails) {
  // A terminal in the middle: the next record, gathered or not, is event_after_terminal.
  const std::string text = EditFirstLineWith(6, R"("kind":"memory")", [](std::string& line) {
    line = R"({"kind":"terminal","outcome":"complete","timestamp_ns":99999999999})";
  });
  ASSERT_THAT(ReadRecordByRecord(text), FailsWithCode(ErrorCode::kEventAfterTerminal));
  ExpectSameAsRecordByRecord(text);
}

TEST(GatheredReadTest, SecondMetaInALaterBlockFailsBeforeTheGatheredRecordsAfterIt) {
  const std::string text = EditFirstLineWith(7, R"("kind":"op")", [](std::string& line) {
    line = SplitLines(generator::GenerateTrace(10, 7)).front();
  });
  ASSERT_THAT(ReadRecordByRecord(text), FailsWithCode(ErrorCode::kMetaNotFirst));
  ExpectSameAsRecordByRecord(text);
}

TEST(GatheredReadTest, TerminalBeforeTheEvidenceOfGatheredRecordsFails) {
  // A memory event far in the future: its evidence, gathered in its block, is later than the
  // terminal's timestamp.
  const std::string text = EditFirstLineWith(8, R"("kind":"memory")", [](std::string& line) {
    Replace(line, R"("timestamp_ns":)", R"("timestamp_ns":999999999999999,"was":)");
  });
  ASSERT_THAT(ReadRecordByRecord(text), FailsWithCode(ErrorCode::kTerminalBeforeEvidence));
  ExpectSameAsRecordByRecord(text);
}

TEST(GatheredReadTest, TensorStatsUnderTrace9FailAtTheFirstOne) {
  std::vector<std::string> lines = SplitLines(generator::GenerateTrace(12'000, 9));
  Replace(lines.front(), "candle-graph/trace/10", "candle-graph/trace/9");
  // Keep the first tensor_stats past the first block only.
  std::vector<std::string> kept;
  for (std::size_t i = 0; i < lines.size(); ++i) {
    if (i < kLaterBlockLine && lines[i].find(R"("kind":"tensor_stats")") != std::string::npos) {
      continue;
    }
    kept.push_back(lines[i]);
  }
  const std::string text = JoinLines(kept);
  ASSERT_THAT(ReadRecordByRecord(text), FailsWithCode(ErrorCode::kSchemaLacksTensorStats));
  ExpectSameAsRecordByRecord(text);
}

}  // namespace
}  // namespace tracedoc
