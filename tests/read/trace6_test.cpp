// Reading candle-graph/trace/6 (docs/legacy-trace6.md §9.1–§9.2, issue 15): its record shapes, its
// fold rules, its canonical output, its summary, and the same document for any thread count.
#include <string>
#include <string_view>

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "support/test_traces.hpp"
#include "tracedoc/event_order.hpp"
#include "tracedoc/reader.hpp"
#include "tracedoc/record_decoder.hpp"
#include "tracedoc/summary.hpp"
#include "tracedoc/writer.hpp"

namespace tracedoc {
namespace {

constexpr std::string_view kMeta6 =
    R"({"kind":"meta","schema":"candle-graph/trace/6","run_id":"r","correlation_id":"c","entrypoint":"e","phase":"train","timestamp":"t","capture_step":1,"warmup_steps":0,"device":"cpu","timing_mode":"host","tags":{}})";
constexpr std::string_view kSpan =
    R"({"kind":"span_start","id":"s","name":"s","start_ns":0,"span_kind":"function","measured":true})";
constexpr std::string_view kEnd = R"({"kind":"span_end","id":"s","duration_ns":100})";

using testdata::Lines;

TEST(Trace6DecodeTest, RecordsTakeTrace6KeysIntoTheSameStructs) {
  DecodeOptions options;
  options.trace6 = true;
  RecordDecoder decoder(options);
  const Result<Event> op = decoder.Decode(
      R"({"kind":"op","span_id":"s","op_name":"m","dtype":"f32","device":"cpu","duration_ns":1,"storage_bytes":12,"input_storage_bytes":3})");
  ASSERT_TRUE(op.has_value()) << op.error().message;
  EXPECT_EQ(std::get<OpRecord>(op.value()).output_dense_bytes, 12u);
  EXPECT_EQ(std::get<OpRecord>(op.value()).input_dense_bytes, 3u);
  EXPECT_TRUE(std::get<OpRecord>(op.value()).shape.empty());  // defaulted under trace/6
  const Result<Event> edge =
      decoder.Decode(R"({"kind":"edge","from_span":"a","to_span":"b","duration_ns":5})");
  ASSERT_TRUE(edge.has_value()) << edge.error().message;
  EXPECT_EQ(std::get<EdgeRecord>(edge.value()).edge_kind, EdgeKind::kCall);
  EXPECT_EQ(std::get<EdgeRecord>(edge.value()).host_duration_ns, 5u);
  const Result<Event> sample =
      decoder.Decode(R"({"kind":"device_memory","timestamp_ns":1,"device":"d","used_bytes":1})");
  ASSERT_FALSE(sample.has_value());
  EXPECT_EQ(sample.error().code, ErrorCode::kMissingField);
  EXPECT_EQ(sample.error().field, "free_bytes");
  const Result<Event> null_free = decoder.Decode(
      R"({"kind":"device_memory","timestamp_ns":1,"device":"d","used_bytes":1,"free_bytes":null})");
  ASSERT_FALSE(null_free.has_value());
  EXPECT_EQ(null_free.error().code, ErrorCode::kInvalidType);
  for (const std::string_view kind : {"terminal", "tensor_stats", "device_interval"}) {
    const Result<Event> event = decoder.Decode(R"({"kind":")" + std::string(kind) + R"("})");
    ASSERT_FALSE(event.has_value()) << kind;
    EXPECT_EQ(event.error().code, ErrorCode::kUnknownKind) << kind;
  }
}

TEST(Trace6DecodeTest, AMetaFollowsItsOwnSchema) {
  // capture_contract is required under trace/10 and unknown under trace/6, whatever the option.
  RecordDecoder decoder;
  const Result<Event> meta = decoder.Decode(kMeta6);
  ASSERT_TRUE(meta.has_value()) << meta.error().message;
  EXPECT_EQ(std::get<MetaRecord>(meta.value()).schema, kLegacySchema);
  std::string meta10(kMeta6);
  meta10.replace(meta10.find("trace/6"), 7, "trace/10");
  const Result<Event> missing = decoder.Decode(meta10);
  ASSERT_FALSE(missing.has_value());
  EXPECT_EQ(missing.error().field, "capture_contract");
}

TEST(Trace6ReadTest, FoldsWithoutATerminalAndResolvesStorageBytes) {
  const std::string text = Lines(
      {kMeta6, kSpan,
       R"({"kind":"op","span_id":"s","op_name":"known","shape":[2,3],"dtype":"f32","device":"cpu","duration_ns":1})",
       R"({"kind":"op","span_id":"s","op_name":"unknown","shape":[2],"dtype":"q4","device":"cpu","duration_ns":1})",
       R"({"kind":"tensor","span_id":"s","tensor_id":"t","dtype":"f64","device":"cpu"})",
       kEnd});
  const Result<TraceDocument> read = ReadTrace(TraceInput::FromString(text));
  ASSERT_TRUE(read.has_value()) << read.error().message;
  const TraceDocument& document = read.value();
  EXPECT_EQ(document.revision(), SchemaRevision::kTrace6);
  EXPECT_FALSE(document.has_terminal());
  EXPECT_EQ(document.ops()[0].output_dense_bytes, 24u);
  EXPECT_EQ(document.ops()[1].output_dense_bytes, 0u);   // trace/10 would leave it None
  EXPECT_EQ(document.tensors()[0].dense_bytes, 8u);      // an empty shape is one element
  EXPECT_EQ(EventCount(document), 6u);                   // no terminal
  // Written back as trace/6, and read back equal.
  const std::string written = WriteJsonl(document);
  EXPECT_THAT(written, ::testing::HasSubstr(R"("storage_bytes":24,"input_storage_bytes":0})"));
  EXPECT_THAT(written, ::testing::Not(::testing::HasSubstr("terminal")));
  const Result<TraceDocument> again = ReadTrace(TraceInput::FromString(written));
  ASSERT_TRUE(again.has_value()) << again.error().message;
  EXPECT_TRUE(again.value() == document);
  EXPECT_EQ(WriteJsonl(again.value()), written);
}

TEST(Trace6ReadTest, EveryThreadCountReadsTheSameDocument) {
  std::string text = Lines({kMeta6, kSpan});
  for (int i = 0; i < 30000; ++i) {
    text += R"({"kind":"op","span_id":"s","op_name":"o)" + std::to_string(i) +
            R"(","dtype":"u8","device":"cpu","duration_ns":1,"storage_bytes":)" +
            std::to_string(i) + "}\n";
  }
  text += R"({"kind":"edge","from_span":"s","to_span":"s","duration_ns":1})";
  text += "\n";
  text += kEnd;
  const Result<TraceDocument> one = ReadTrace(TraceInput::FromString(text));
  ASSERT_TRUE(one.has_value()) << one.error().message;
  for (const unsigned threads : {2u, 4u}) {
    ReadOptions options;
    options.threads = threads;
    const Result<TraceDocument> many = ReadTrace(TraceInput::FromString(text), options);
    ASSERT_TRUE(many.has_value()) << many.error().message;
    EXPECT_TRUE(many.value() == one.value()) << threads << " threads";
  }
  EXPECT_EQ(one.value().ops().size(), 30000u);
  EXPECT_EQ(one.value().ops()[29999].output_dense_bytes, 29999u);
}

TEST(Trace6SummaryTest, EndsWithPeakBytesFromTheTrace6MemoryAnalysis) {
  // Two devices; a second alloc of a live tensor counts its bytes twice (§9.3 step 3); a free
  // of an unknown tensor subtracts its own bytes.
  const std::string text = Lines(
      {kMeta6, kSpan,
       R"({"kind":"memory","timestamp_ns":1,"tensor_id":"a","span_id":"s","device":"gpu","bytes":100,"action":"alloc","dtype":"f32"})",
       R"({"kind":"memory","timestamp_ns":2,"tensor_id":"a","span_id":"s","device":"gpu","bytes":100,"action":"alloc","dtype":"f32"})",
       R"({"kind":"memory","timestamp_ns":3,"tensor_id":"b","span_id":"s","device":"cpu","bytes":150,"action":"alloc","dtype":"f32"})",
       R"({"kind":"memory","timestamp_ns":4,"tensor_id":"zz","span_id":"s","device":"gpu","bytes":50,"action":"free","dtype":"f32"})",
       kEnd});
  const Result<TraceDocument> read = ReadTrace(TraceInput::FromString(text));
  ASSERT_TRUE(read.has_value()) << read.error().message;
  const TraceSummary summary = Summarize(read.value());
  EXPECT_TRUE(summary.trace6);
  EXPECT_EQ(summary.peak_bytes, 200u);
  EXPECT_EQ(summary.alloc_count, 3u);
  EXPECT_EQ(summary.free_count, 1u);
  EXPECT_EQ(WriteSummaryJson(summary),
            R"({"op_count":0,"total_ns":100,"span_count":1,"root_span_count":1,"max_depth":0,"alloc_count":3,"free_count":1,"peak_bytes":200})");
}

}  // namespace
}  // namespace tracedoc
