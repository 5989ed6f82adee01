// The read pipeline on its own (read/read_pipeline): a buffer and a stream folded into a builder,
// the same document for every thread count, the tap that sees each accepted event and may stop
// the read, the first error with its line; and the hand-over of a decoder's large values to the
// document that keeps them (read/large_value_handover).
#include <cstdint>
#include <cstdio>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include <gtest/gtest.h>

#include "decode/decoder_access.hpp"
#include "format/record_traits.hpp"
#include "read/large_value_handover.hpp"
#include "read/read_pipeline.hpp"
#include "support/test_traces.hpp"
#include "tracedoc/document_builder.hpp"
#include "tracedoc/record_decoder.hpp"

namespace tracedoc::read {
namespace {

using testdata::kSample;

ReadOptions WithThreads(unsigned threads) {
  ReadOptions options;
  options.threads = threads;
  return options;
}

// The kind of each event the tap saw, with its line, until the sink stops after `stop_after`.
struct SeenEvents {
  std::vector<std::size_t> kinds;
  std::vector<std::uint64_t> lines;
  std::size_t stop_after = 0;  // 0: never

  EventSink Sink() {
    return [this](const Event& event, const RecordPosition& position) {
      kinds.push_back(event.index());
      lines.push_back(position.line);
      return kinds.size() == stop_after ? EventControl::kStop : EventControl::kContinue;
    };
  }
};

TEST(ReadPipelineTest, ABufferFoldsToTheSameDocumentForEveryThreadCount) {
  for (const unsigned threads : {1u, 3u}) {
    SCOPED_TRACE(threads);
    DocumentBuilder builder;
    EventTap tap;
    ASSERT_TRUE(FoldBuffer(kSample, WithThreads(threads), builder, tap));
    EXPECT_FALSE(tap.stopped);
    Result<TraceDocument> document = std::move(builder).Finish();
    ASSERT_TRUE(document) << document.error().message;
    EXPECT_EQ(document.value().spans().size(), 2u);
    ASSERT_EQ(document.value().ops().size(), 1u);
    EXPECT_EQ(document.value().ops()[0].op_name, "matmul");
    ASSERT_EQ(document.value().edges().size(), 1u);
    EXPECT_EQ(document.value().edges()[0].host_duration_ns, 1200u);
  }
}

TEST(ReadPipelineTest, TheTapSeesEveryEventInOrderWithItsLine) {
  SeenEvents seen;
  const EventSink sink = seen.Sink();
  EventTap tap{&sink};
  DocumentBuilder builder(BuildOptions{.retain_records = false});
  ASSERT_TRUE(FoldBuffer("\n" + std::string(kSample), WithThreads(2), builder, tap));
  EXPECT_FALSE(tap.stopped);
  ASSERT_EQ(seen.kinds.size(), 10u);
  EXPECT_EQ(seen.kinds.front(), format::kVariantIndex<MetaRecord>);
  EXPECT_EQ(seen.kinds.back(), format::kVariantIndex<TerminalRecord>);
  EXPECT_EQ(seen.lines.front(), 2u);  // after the blank first line
  EXPECT_EQ(seen.lines.back(), 11u);
}

TEST(ReadPipelineTest, ASinkThatStopsEndsTheReadWithoutAnError) {
  SeenEvents seen;
  seen.stop_after = 3;
  const EventSink sink = seen.Sink();
  EventTap tap{&sink};
  DocumentBuilder builder;
  ASSERT_TRUE(FoldBuffer(kSample, WithThreads(1), builder, tap));
  EXPECT_TRUE(tap.stopped);
  EXPECT_EQ(seen.kinds.size(), 3u);
  EXPECT_EQ(seen.lines, (std::vector<std::uint64_t>{1, 2, 3}));
}

TEST(ReadPipelineTest, TheFirstBadLineIsTheErrorWhateverTheThreads) {
  std::vector<std::string> lines = testdata::SplitLines(kSample);
  lines[3] = R"({"kind":"op","span_id":5})";
  lines[6] = "{";
  const std::string text = testdata::JoinLines(lines);
  for (const unsigned threads : {1u, 4u}) {
    SCOPED_TRACE(threads);
    DocumentBuilder builder;
    EventTap tap;
    const Result<void> folded = FoldBuffer(text, WithThreads(threads), builder, tap);
    ASSERT_FALSE(folded);
    EXPECT_EQ(folded.error().code, ErrorCode::kInvalidType);
    EXPECT_EQ(folded.error().line, 4u);
    EXPECT_EQ(folded.error().index, 3u);
    EXPECT_EQ(folded.error().field, "span_id");
  }
}

TEST(ReadPipelineTest, AStreamFoldsAsItsBufferDoes) {
  std::FILE* stream = std::tmpfile();
  ASSERT_NE(stream, nullptr);
  ASSERT_EQ(std::fwrite(kSample.data(), 1, kSample.size(), stream), kSample.size());
  std::rewind(stream);
  SeenEvents seen;
  const EventSink sink = seen.Sink();
  EventTap tap{&sink};
  DocumentBuilder builder;
  StdioSource source(stream);
  const Result<void> folded = FoldStream(source, "sample.jsonl", WithThreads(2), builder, tap);
  std::fclose(stream);
  ASSERT_TRUE(folded) << folded.error().message;
  EXPECT_EQ(seen.kinds.size(), 10u);
  Result<TraceDocument> document = std::move(builder).Finish();
  ASSERT_TRUE(document);
  EXPECT_EQ(document.value().spans().size(), 2u);
}

// ---- Large values -----------------------------------------------------------------------------

// An op whose unknown member is larger than the arena copies (util::Arena::kLargeBytes).
std::string OpWithLargeUnknown() {
  return R"({"kind":"op","span_id":"s","op_name":"m","output":"t","shape":[1],"dtype":"f32",)"
         R"("device":"cpu","duration_ns":1,"output_dense_bytes":4,"input_dense_bytes":0,"big":")" +
         std::string(200000, 'x') + "\"}";
}

std::string MetaWithLargeUnknown() {
  std::string meta(testdata::kMeta10);
  meta.insert(meta.size() - 1, R"(,"big":")" + std::string(200000, 'y') + "\"");
  return meta;
}

TEST(LargeValueHandoverTest, ADocumentKeepingRecordsAdoptsTheBlocksInsteadOfCopying) {
  RecordDecoder decoder;
  DocumentBuilder builder;
  const Result<Event> meta = decoder.Decode(testdata::kMeta10);
  ASSERT_TRUE(meta);
  ASSERT_TRUE(builder.Add(meta.value(), {1, 0}));
  SpanStartRecord start;
  start.id = "s";
  start.name = "s";
  ASSERT_TRUE(builder.Add(Event(start), {2, 1}));
  // A decoded event may view its line: the line outlives it.
  const std::string op_line = OpWithLargeUnknown();
  const Result<Event> op = decoder.Decode(op_line);
  ASSERT_TRUE(op) << op.error().message;
  const std::string_view big = (*std::get<OpRecord>(op.value()).unknown.begin()).json;
  ASSERT_EQ(big.size(), 200002u);

  detail::HandOverLargeValues(decoder, builder, op.value());
  EXPECT_TRUE(detail::DecoderAccess::TakeLargeBlocks(decoder).empty());  // taken
  ASSERT_TRUE(builder.Add(op.value(), {3, 2}));
  SpanEndRecord end;
  end.id = "s";
  ASSERT_TRUE(builder.Add(Event(end), {4, 3}));
  TerminalRecord terminal;
  terminal.timestamp_ns = 100;
  ASSERT_TRUE(builder.Add(Event(terminal), {5, 4}));
  Result<TraceDocument> document = std::move(builder).Finish();
  ASSERT_TRUE(document) << document.error().message;
  ASSERT_EQ(document.value().ops().size(), 1u);
  const std::string_view kept = (*document.value().ops()[0].unknown.begin()).json;
  EXPECT_EQ(kept, big);
  EXPECT_EQ(kept.data(), big.data());  // the decoder's block, adopted, not a copy
}

TEST(LargeValueHandoverTest, ABuilderKeepingOnlyTheMetaTakesNothingElse) {
  RecordDecoder decoder;
  DocumentBuilder builder(BuildOptions{.retain_records = false});
  const std::string op_line = OpWithLargeUnknown();
  const Result<Event> op = decoder.Decode(op_line);
  ASSERT_TRUE(op) << op.error().message;
  detail::HandOverLargeValues(decoder, builder, op.value());
  EXPECT_FALSE(detail::DecoderAccess::TakeLargeBlocks(decoder).empty());  // left with the decoder

  const std::string meta_line = MetaWithLargeUnknown();
  const Result<Event> meta = decoder.Decode(meta_line);
  ASSERT_TRUE(meta) << meta.error().message;
  detail::HandOverLargeValues(decoder, builder, meta.value());
  EXPECT_TRUE(detail::DecoderAccess::TakeLargeBlocks(decoder).empty());  // the meta is kept
}

}  // namespace
}  // namespace tracedoc::read
