// The worked examples E1–E26 (docs/examples.md §8.1–§8.3) and the reading/folding tests R1–R12 (§8.5),
// each input next to its expected verdict, with tracedoc's codes and lines (docs/tracedoc.md §2).
//
// Here the reading and folding half of each; the other halves are tested next to their code: the
// "Written as" output of E1, E4, E6, E9, E11, E12 and E13 in writer_test.cpp, E18's summary, R2
// and the summaries of E24–E26 in summary_test.cpp, the memory analyses of E24–E26 in
// memory_test.cpp.
#include <unistd.h>

#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <variant>

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "support/matchers.hpp"
#include "support/test_traces.hpp"
#include "tracedoc/document_builder.hpp"
#include "tracedoc/reader.hpp"
#include "tracedoc/record_decoder.hpp"
#include "tracedoc/writer.hpp"

namespace tracedoc {
namespace {

using testdata::CompleteTerminalAt;
using testdata::kCompleteTerminal0;
using testdata::kMeta10;
using testdata::kSample;
using testdata::Lines;
using testdata::Meta9;

// ---- the records of §8.1 ------------------------------------------------------------------------

constexpr std::string_view kE4 =
    R"({"kind":"span_start","id":"s1","name":"demo::train","start_ns":0,"span_kind":"function","measured":true,"extra":42})";
constexpr std::string_view kE5 =
    R"({"kind":"span_start","id":"s2","parent_id":"s1","name":"fwd","start_ns":5,"kind":"function"})";
constexpr std::string_view kE6 =
    R"({"kind":"op","span_id":"s1","op_name":"matmul","shape":[32,32],"dtype":" F32 ","device":"cpu","duration_ns":1200,"timestamp_ns":10,"input_dense_bytes":8192})";
constexpr std::string_view kE9 =
    R"({"kind":"tensor_stats","span_id":"s1","label":"seam/out_y","shape":[2,3],"dtype":"f32","elements":6,"non_finite":0,"rms":1.5,"abs_max":3,"mean":-0.25})";
constexpr std::string_view kE11 =
    R"({"kind":"tensor_stats","span_id":"s1","label":"loss","shape":[],"dtype":"f32","elements":1,"non_finite":1,"rms":0,"abs_max":0,"mean":0})";
constexpr std::string_view kE12 =
    R"({"kind":"memory","timestamp_ns":20,"storage_id":"st1","tensor_id":"t1","span_id":"s1","device":"cpu","bytes":4096,"action":"alloc","dtype":"f32"})";
constexpr std::string_view kE13 =
    R"({"kind":"device_memory","timestamp_ns":30,"device":"cuda:0","used_bytes":100})";
constexpr std::string_view kE14 =
    R"({"kind":"edge","from_span":"s1","to_span":"s2","duration_ns":5})";
constexpr std::string_view kE15 =
    R"({"kind":"gradient","event_id":"g1","root":"vb","param_key":"w","state":"present","norm":1.0})";
constexpr std::string_view kE16 =
    R"({"kind":"terminal","outcome":"complete","timestamp_ns":2500,"reason":""})";
constexpr std::string_view kE17 =
    R"({"kind":"terminal","outcome":"failed","timestamp_ns":10,"reason":"  "})";
constexpr std::string_view kR12 =
    R"({"kind":"tensor","span_id":"root","tensor_id":"backend:1","shape":[1],"dtype":"f32","device":"cpu"})";

constexpr std::string_view kInvalidStatsAt1 = "invalid tensor_stats event at index 1";

// ---- helpers
// -------------------------------------------------------------------------------------

std::string Replace(std::string_view text, std::string_view from, std::string_view to) {
  std::string out(text);
  const std::size_t at = out.find(from);
  EXPECT_NE(at, std::string::npos) << from;
  if (at != std::string::npos) out.replace(at, from.size(), to);
  return out;
}

// The SAMPLE stream's first line, and that line declaring another schema.
std::string SampleMeta() { return std::string(kSample.substr(0, kSample.find('\n'))); }
std::string SampleMetaWithSchema(std::string_view schema) {
  return Replace(SampleMeta(), "candle-graph/trace/10", schema);
}

Result<TraceDocument> ReadText(const std::string& text) {
  return ReadTrace(TraceInput::FromString(text));
}

MATCHER_P4(FailsExactly, code, line, index, message,
           std::string("fails with ") + std::string(ErrorCodeName(code)) + " at line " +
               std::to_string(line) + ": " + std::string(message)) {
  if (arg) {
    *result_listener << "which succeeded";
    return false;
  }
  const Error& e = arg.error();
  *result_listener << "which failed with " << ::testing::PrintToString(e);
  return e.code == code && e.line == static_cast<std::uint64_t>(line) &&
         e.index == std::optional<std::uint64_t>(index) && e.message == std::string(message);
}

// A line error raised while decoding line `line` (index `index`) with the reference's record
// message and the field path.
MATCHER_P5(FailsOnRecord, code, line, index, field, message,
           std::string("fails with ") + std::string(ErrorCodeName(code)) + " at line " +
               std::to_string(line) + ", field " + std::string(field) + ": " +
               std::string(message)) {
  if (arg) {
    *result_listener << "which succeeded";
    return false;
  }
  const Error& e = arg.error();
  *result_listener << "which failed with " << ::testing::PrintToString(e);
  return e.code == code && e.line == static_cast<std::uint64_t>(line) &&
         e.index == std::optional<std::uint64_t>(index) && e.field == std::string(field) &&
         e.message == std::string(message);
}

// Decodes one line on its own (the "reads" half of a §8.1 example).
class ExamplesRecordTest : public ::testing::Test {
 protected:
  Result<Event> Decode(std::string_view line) { return decoder_.Decode(line, {1, 0}); }
  RecordDecoder decoder_;
};

// ---- §8.1 single records
// -------------------------------------------------------------------------

TEST_F(ExamplesRecordTest, E1Meta10Reads) {
  const Result<Event> event = Decode(kMeta10);
  ASSERT_THAT(event, Succeeds());
  ASSERT_TRUE(std::holds_alternative<MetaRecord>(event.value()));
  const MetaRecord& meta = std::get<MetaRecord>(event.value());
  EXPECT_EQ(meta.schema, "candle-graph/trace/10");
  EXPECT_EQ(meta.run.run_id, "run-1");
  EXPECT_FALSE(meta.run.measured_region_device_synchronized);
  EXPECT_EQ(meta.run.capture_contract.tensors, CoverageLevel::kNone);
  EXPECT_EQ(meta.run.capture_contract.gradients, CoverageLevel::kNone);
  EXPECT_TRUE(meta.run.capture_contract.required_semantic_labels.empty());
  EXPECT_TRUE(meta.run.tags.empty());
  EXPECT_EQ(meta.run.candle_version, std::nullopt);
  // And it heads a valid stream.
  EXPECT_THAT(ReadText(Lines({kMeta10, kCompleteTerminal0})), Succeeds());
}

TEST(ExamplesTest, E2MetaWithoutCaptureContractIsMissingField) {
  std::string meta(kMeta10);
  const std::size_t begin = meta.find(R"(,"capture_contract")");
  const std::size_t end = meta.find(R"(,"tags")");
  ASSERT_NE(begin, std::string::npos);
  meta.erase(begin, end - begin);
  EXPECT_THAT(ReadText(Lines({meta, kCompleteTerminal0})),
              FailsOnRecord(ErrorCode::kMissingField, 1, 0, "capture_contract",
                            "missing field `capture_contract`"));
}

TEST(ExamplesTest, E3FloatCaptureStepIsInvalidType) {
  EXPECT_THAT(ReadText(Lines({Replace(kMeta10, R"("capture_step":1)", R"("capture_step":1.0)"),
                              kCompleteTerminal0})),
              FailsOnRecord(ErrorCode::kInvalidType, 1, 0, "capture_step",
                            "invalid type: floating point `1.0`, expected u64"));
}

TEST_F(ExamplesRecordTest, E4UnknownKeyIsIgnoredAndParentIsNone) {
  const Result<Event> event = Decode(kE4);
  ASSERT_THAT(event, Succeeds());
  const SpanStartRecord& start = std::get<SpanStartRecord>(event.value());
  EXPECT_EQ(start.id, "s1");
  EXPECT_EQ(start.parent_id, std::nullopt);
  EXPECT_TRUE(start.measured);
  EXPECT_EQ(start.span_kind, SpanKind::kFunction);

  const Result<TraceDocument> doc = ReadText(Lines({kMeta10, kE4, kCompleteTerminal0}));
  ASSERT_THAT(doc, Succeeds());
  ASSERT_EQ(doc.value().spans().size(), 1u);
  EXPECT_EQ(doc.value().spans()[0].id, "s1");
  EXPECT_EQ(doc.value().spans()[0].parent_id, std::nullopt);
  EXPECT_FALSE(doc.value().spans()[0].closed);
  // tracedoc keeps the unknown member for the writer (docs/tracedoc.md §3).
  ASSERT_EQ(doc.value().spans()[0].start_unknown.size(), 1u);
  EXPECT_EQ((*doc.value().spans()[0].start_unknown.begin()).key, "extra");
  EXPECT_EQ((*doc.value().spans()[0].start_unknown.begin()).json, "42");
}

TEST(ExamplesTest, E5KindOnSpanStartIsDuplicateKey) {
  EXPECT_THAT(ReadText(Lines({kMeta10, kE5, kCompleteTerminal0})),
              FailsOnRecord(ErrorCode::kDuplicateKey, 2, 1, "kind", "duplicate field `kind`"));
}

TEST(ExamplesTest, E6OpDenseBytesResolveFromTrimmedLowerCasedDtype) {
  const Result<TraceDocument> doc = ReadText(Lines({kMeta10, kE6, CompleteTerminalAt(1210)}));
  ASSERT_THAT(doc, Succeeds());
  ASSERT_EQ(doc.value().ops().size(), 1u);
  EXPECT_EQ(doc.value().ops()[0].output_dense_bytes, 4096u);
  EXPECT_EQ(doc.value().ops()[0].dtype, " F32 ");
  EXPECT_TRUE(doc.value().ops()[0].inputs.empty());
}

TEST(ExamplesTest, E7UnknownDtypeLeavesDenseBytesAbsent) {
  const Result<TraceDocument> doc = ReadText(
      Lines({kMeta10, Replace(kE6, R"(" F32 ")", R"("float32")"), CompleteTerminalAt(1210)}));
  ASSERT_THAT(doc, Succeeds());
  ASSERT_EQ(doc.value().ops().size(), 1u);
  EXPECT_EQ(doc.value().ops()[0].output_dense_bytes, std::nullopt);
}

TEST(ExamplesTest, E8OpWithoutInputDenseBytesIsMissingField) {
  EXPECT_THAT(ReadText(Lines({kMeta10, Replace(kE6, R"(,"input_dense_bytes":8192)", ""),
                              CompleteTerminalAt(1210)})),
              FailsOnRecord(ErrorCode::kMissingField, 2, 1, "input_dense_bytes",
                            "missing field `input_dense_bytes`"));
}

TEST(ExamplesTest, E9TensorStatsFold) {
  const Result<TraceDocument> doc = ReadText(Lines({kMeta10, kE9, kCompleteTerminal0}));
  ASSERT_THAT(doc, Succeeds());
  ASSERT_EQ(doc.value().tensor_stats().size(), 1u);
  const TensorStatsRecord& stats = doc.value().tensor_stats()[0];
  EXPECT_EQ(stats.span_id, "s1");
  EXPECT_EQ(stats.label, "seam/out_y");
  ASSERT_EQ(stats.shape.size(), 2u);
  EXPECT_EQ(stats.shape[0], 2u);
  EXPECT_EQ(stats.shape[1], 3u);
  EXPECT_EQ(stats.elements, 6u);
  EXPECT_EQ(stats.non_finite, 0u);
  EXPECT_EQ(stats.rms, 1.5);
  EXPECT_EQ(stats.abs_max, 3.0);
  EXPECT_EQ(stats.mean, -0.25);
}

TEST(ExamplesTest, E10BrokenTensorStatsFailTheFold) {
  using Edit = std::pair<std::string_view, std::string_view>;
  for (const auto& [from, to] :
       {Edit{R"("elements":6)", R"("elements":5)"},
        Edit{R"("label":"seam/out_y")", R"("label":"  ")"},
        Edit{R"("non_finite":0)", R"("non_finite":7)"}, Edit{R"("rms":1.5)", R"("rms":-1)"}}) {
    SCOPED_TRACE(to);
    const std::string stats = Replace(kE9, from, to);
    // The line itself reads.
    RecordDecoder decoder;
    EXPECT_THAT(decoder.Decode(stats), Succeeds());
    EXPECT_THAT(ReadText(Lines({kMeta10, stats, kCompleteTerminal0})),
                FailsExactly(ErrorCode::kInvalidTensorStats, 2, 1, kInvalidStatsAt1));
  }
}

TEST(ExamplesTest, E11ScalarTensorStatsAreValid) {
  const Result<TraceDocument> doc = ReadText(Lines({kMeta10, kE11, kCompleteTerminal0}));
  ASSERT_THAT(doc, Succeeds());
  ASSERT_EQ(doc.value().tensor_stats().size(), 1u);
  EXPECT_TRUE(doc.value().tensor_stats()[0].shape.empty());
  EXPECT_EQ(doc.value().tensor_stats()[0].rms, 0.0);
}

TEST(ExamplesTest, E12MemoryDefaults) {
  const Result<TraceDocument> doc = ReadText(Lines({kMeta10, kE12, CompleteTerminalAt(20)}));
  ASSERT_THAT(doc, Succeeds());
  ASSERT_EQ(doc.value().memory().size(), 1u);
  const MemoryRecord& memory = doc.value().memory()[0];
  EXPECT_TRUE(memory.shape.empty());
  EXPECT_EQ(memory.category, MemoryCategory::kOther);
  EXPECT_EQ(memory.op_name, std::nullopt);
  EXPECT_EQ(memory.bytes, 4096u);
  EXPECT_EQ(memory.action, MemoryAction::kAlloc);
}

TEST(ExamplesTest, E13DeviceMemoryWithOneMeasurement) {
  const Result<TraceDocument> doc = ReadText(Lines({kMeta10, kE13, CompleteTerminalAt(30)}));
  ASSERT_THAT(doc, Succeeds());
  ASSERT_EQ(doc.value().device_memory().size(), 1u);
  const DeviceMemoryRecord& sample = doc.value().device_memory()[0];
  EXPECT_EQ(sample.used_bytes, 100u);
  EXPECT_EQ(sample.free_bytes, std::nullopt);
  EXPECT_EQ(sample.reserved_bytes, std::nullopt);
  EXPECT_EQ(sample.capacity_bytes, std::nullopt);
  EXPECT_EQ(sample.device, "cuda:0");
}

TEST(ExamplesTest, E14Trace6EdgeIsMissingEdgeKind) {
  EXPECT_THAT(
      ReadText(Lines({kMeta10, kE14, kCompleteTerminal0})),
      FailsOnRecord(ErrorCode::kMissingField, 2, 1, "edge_kind", "missing field `edge_kind`"));
}

TEST(ExamplesTest, E15ParamKeyIsMissingKey) {
  EXPECT_THAT(ReadText(Lines({kMeta10, kE15, kCompleteTerminal0})),
              FailsOnRecord(ErrorCode::kMissingField, 2, 1, "key", "missing field `key`"));
}

TEST(ExamplesTest, E16CompleteTerminalWithEmptyReason) {
  RecordDecoder decoder;
  EXPECT_THAT(decoder.Decode(kE16), Succeeds());
  EXPECT_THAT(ReadText(Lines({kMeta10, kE16})),
              FailsExactly(ErrorCode::kCompleteWithReason, 2, 1,
                           "complete terminal event cannot contain a failure reason"));
}

TEST(ExamplesTest, E17FailedTerminalWithBlankReason) {
  EXPECT_THAT(ReadText(Lines({kMeta10, kE17})),
              FailsExactly(ErrorCode::kFailedWithoutReason, 2, 1,
                           "failed terminal event requires a non-empty reason"));
}

// ---- §8.2 streams ------------------------------------------------------------------------------

TEST(ExamplesTest, E18MetaBlankTerminalFolds) {
  const Result<TraceDocument> doc = ReadText(Lines({kMeta10, "", kCompleteTerminal0}));
  ASSERT_THAT(doc, Succeeds());
  EXPECT_TRUE(doc.value().spans().empty());
  EXPECT_TRUE(doc.value().ops().empty());
  EXPECT_TRUE(doc.value().memory().empty());
  EXPECT_EQ(doc.value().terminal().outcome, RunOutcome::kComplete);
}

TEST(ExamplesTest, E19TerminalFirstIsMissingMetaInTracedoc) {
  // The reference names the record after the terminal; tracedoc names the non-meta first record.
  EXPECT_THAT(ReadText(Lines({kCompleteTerminal0, kMeta10})),
              FailsExactly(ErrorCode::kMissingMeta, 1, 0,
                           "trace stream is missing a meta event with run metadata"));
  EXPECT_THAT(ReadText(Lines({kMeta10, kCompleteTerminal0})), Succeeds());
}

TEST(ExamplesTest, E20NonMetaFirstRecordIsMissingMetaInTracedoc) {
  // (blank) ⏎ E4 ⏎ META10 ⏎ …: the reference's meta error at index 1; tracedoc's missing_meta
  // at E4, physical line 2, index 0.
  EXPECT_THAT(ReadText(Lines({"", kE4, kMeta10, kCompleteTerminal0})),
              FailsExactly(ErrorCode::kMissingMeta, 2, 0,
                           "trace stream is missing a meta event with run metadata"));
}

TEST(ExamplesTest, E21TensorStatsUnderTrace9) {
  EXPECT_THAT(
      ReadText(Lines({Meta9(), kE9, kCompleteTerminal0})),
      FailsExactly(ErrorCode::kSchemaLacksTensorStats, 2, 1,
                   "trace schema \"candle-graph/trace/9\" does not define tensor_stats events; "
                   "producers emitting tensor statistics must declare \"candle-graph/trace/10\""));
  EXPECT_THAT(ReadText(Lines({kMeta10, kE9, kCompleteTerminal0})), Succeeds());
}

TEST(ExamplesTest, E22TerminalBeforeHostEvidence) {
  const std::string_view span_end = R"({"kind":"span_end","id":"s1","duration_ns":2000})";
  EXPECT_THAT(ReadText(Lines({kMeta10, kE4, kE6, span_end, CompleteTerminalAt(1000)})),
              FailsExactly(ErrorCode::kTerminalBeforeEvidence, 5, 4,
                           "terminal timestamp 1000 precedes host evidence ending at 2000"));
  EXPECT_THAT(ReadText(Lines({kMeta10, kE4, kE6, span_end, CompleteTerminalAt(2000)})), Succeeds());
}

TEST(ExamplesTest, E23UnknownAndDuplicateSpanEnd) {
  EXPECT_THAT(
      ReadText(Lines({kMeta10, R"({"kind":"span_end","id":"s9"})", kCompleteTerminal0})),
      FailsExactly(ErrorCode::kUnknownSpanEnd, 2, 1, "span_end for unknown span `s9` at index 1"));
  const std::string_view end = R"({"kind":"span_end","id":"s1"})";
  EXPECT_THAT(
      ReadText(Lines({kMeta10, kE4, end, end, kCompleteTerminal0})),
      FailsExactly(ErrorCode::kDuplicateSpanEnd, 4, 3, "duplicate span_end for `s1` at index 3"));
}

// ---- §8.3 logical-memory scenarios: the fold (their analyses: memory_test, summary_test) --------

std::string MemoryEvent(std::uint64_t t, std::string_view action, std::string_view storage,
                        std::uint64_t bytes) {
  return R"({"kind":"memory","timestamp_ns":)" + std::to_string(t) + R"(,"storage_id":")" +
         std::string(storage) + R"(","tensor_id":")" + std::string(storage) +
         R"(","span_id":"s1","device":"cpu","bytes":)" + std::to_string(bytes) + R"(,"action":")" +
         std::string(action) + R"(","dtype":"f32"})";
}

TEST(ExamplesTest, E24InputFolds) {
  const Result<TraceDocument> doc =
      ReadText(Lines({kMeta10, MemoryEvent(10, "alloc", "a", 40), MemoryEvent(20, "alloc", "b", 70),
                      MemoryEvent(30, "free", "a", 40), CompleteTerminalAt(30)}));
  ASSERT_THAT(doc, Succeeds());
  ASSERT_EQ(doc.value().memory().size(), 3u);
  EXPECT_EQ(doc.value().memory()[2].action, MemoryAction::kFree);
  EXPECT_EQ(doc.value().memory()[2].storage_id, "a");
}

TEST(ExamplesTest, E25InputFoldsInEitherOrder) {
  const std::string alloc = MemoryEvent(5, "alloc", "a", 100);
  const std::string free = MemoryEvent(5, "free", "a", 100);
  const Result<TraceDocument> in_order =
      ReadText(Lines({kMeta10, alloc, free, CompleteTerminalAt(5)}));
  ASSERT_THAT(in_order, Succeeds());
  ASSERT_EQ(in_order.value().memory().size(), 2u);
  EXPECT_EQ(in_order.value().memory()[0].action, MemoryAction::kAlloc);
  const Result<TraceDocument> reversed =
      ReadText(Lines({kMeta10, free, alloc, CompleteTerminalAt(5)}));
  ASSERT_THAT(reversed, Succeeds());
  ASSERT_EQ(reversed.value().memory().size(), 2u);
  EXPECT_EQ(reversed.value().memory()[0].action, MemoryAction::kFree);
}

TEST(ExamplesTest, E26InputFolds) {
  const Result<TraceDocument> doc =
      ReadText(Lines({kMeta10, MemoryEvent(7, "free", "z", 0), CompleteTerminalAt(7)}));
  ASSERT_THAT(doc, Succeeds());
  ASSERT_EQ(doc.value().memory().size(), 1u);
  // The memory timestamp is host evidence: a terminal before it fails.
  EXPECT_THAT(ReadText(Lines({kMeta10, MemoryEvent(7, "free", "z", 0), CompleteTerminalAt(6)})),
              FailsExactly(ErrorCode::kTerminalBeforeEvidence, 3, 2,
                           "terminal timestamp 6 precedes host evidence ending at 7"));
}

// ---- §8.5 reading, folding, round trip ---------------------------------------------------------

TEST(ExamplesTest, R1SampleFolds) {
  const Result<TraceDocument> doc = ReadText(std::string(kSample));
  ASSERT_THAT(doc, Succeeds());
  const TraceDocument& d = doc.value();
  EXPECT_EQ(d.schema(), "candle-graph/trace/10");
  EXPECT_EQ(d.run().entrypoint, "demo::train::loss");
  ASSERT_EQ(d.spans().size(), 2u);
  EXPECT_TRUE(d.spans()[0].closed);
  EXPECT_TRUE(d.spans()[1].closed);
  EXPECT_EQ(d.spans()[0].id, "span-op");
  EXPECT_EQ(d.spans()[1].id, "span-root");
  ASSERT_EQ(d.ops().size(), 1u);
  EXPECT_EQ(d.ops()[0].output_dense_bytes, 4096u);
  EXPECT_EQ(d.memory().size(), 1u);
  EXPECT_EQ(d.edges().size(), 1u);
  ASSERT_EQ(d.gradients().size(), 1u);
  EXPECT_EQ(d.gradients()[0].key, "encoder.weight");
}

TEST(ExamplesTest, R3SampleWrittenToAFileReadsBackAsTheFold) {
  const Result<TraceDocument> folded = ReadText(std::string(kSample));
  ASSERT_THAT(folded, Succeeds());
  const std::filesystem::path path =
      std::filesystem::temp_directory_path() /
      ("tracedoc_examples_r3_" + std::to_string(::getpid()) + ".jsonl");
  ASSERT_THAT(WriteJsonlFile(folded.value(), path), Succeeds());
  const Result<TraceDocument> from_file = ReadTrace(TraceInput::FromFile(path));
  std::filesystem::remove(path);
  ASSERT_THAT(from_file, Succeeds());
  EXPECT_TRUE(from_file.value() == folded.value());
}

TEST(ExamplesTest, R4SampleMetaWithTensorStatsFolds) {
  const Result<TraceDocument> doc = ReadText(Lines({SampleMeta(), kE9, kCompleteTerminal0}));
  ASSERT_THAT(doc, Succeeds());
  EXPECT_EQ(doc.value().schema(), "candle-graph/trace/10");
  ASSERT_EQ(doc.value().tensor_stats().size(), 1u);
  // Equal to E9 as folded on its own (its span_id names no span; the fold does not check it).
  const Result<TraceDocument> e9 = ReadText(Lines({kMeta10, kE9, kCompleteTerminal0}));
  ASSERT_THAT(e9, Succeeds());
  EXPECT_EQ(doc.value().tensor_stats()[0], e9.value().tensor_stats()[0]);
  EXPECT_TRUE(doc.value().spans().empty());
  // from_events(to_events(doc)) == doc.
  DocumentBuilder builder;
  std::uint64_t index = 0;
  for (const Event& event : ToEvents(doc.value())) {
    ASSERT_THAT(builder.Add(event, RecordPosition{index + 1, index}), Succeeds());
    ++index;
  }
  const Result<TraceDocument> refolded = std::move(builder).Finish();
  ASSERT_THAT(refolded, Succeeds());
  EXPECT_TRUE(refolded.value() == doc.value());
}

TEST(ExamplesTest, R5Trace9WithoutTensorStatsFolds) {
  const Result<TraceDocument> doc =
      ReadText(Lines({SampleMetaWithSchema("candle-graph/trace/9"), kCompleteTerminal0}));
  ASSERT_THAT(doc, Succeeds());
  EXPECT_EQ(doc.value().schema(), "candle-graph/trace/9");
  EXPECT_TRUE(doc.value().tensor_stats().empty());
}

TEST(ExamplesTest, R6Trace9WithTensorStatsFails) {
  const Result<TraceDocument> doc =
      ReadText(Lines({SampleMetaWithSchema("candle-graph/trace/9"), kE9, kCompleteTerminal0}));
  ASSERT_THAT(doc, FailsWith(ErrorCode::kSchemaLacksTensorStats, 2));
  EXPECT_THAT(doc.error().message, ::testing::HasSubstr("does not define tensor_stats"));
}

TEST(ExamplesTest, R7UnsupportedSchemaFailsAtTheMeta) {
  EXPECT_THAT(ReadText(Lines({SampleMetaWithSchema("not-candle-graph"), kCompleteTerminal0})),
              FailsExactly(ErrorCode::kUnsupportedSchema, 1, 0,
                           "unsupported trace schema \"not-candle-graph\"; expected "
                           "\"candle-graph/trace/10\", \"candle-graph/trace/9\" or "
                           "\"candle-graph/trace/6\""));
}

TEST(ExamplesTest, R8UnknownSpanEndBeforeMissingTerminal) {
  EXPECT_THAT(
      ReadText(Lines({SampleMeta(), R"({"kind":"span_end","id":"missing","duration_ns":0})"})),
      FailsExactly(ErrorCode::kUnknownSpanEnd, 2, 1,
                   "span_end for unknown span `missing` at index 1"));
}

TEST(ExamplesTest, R9RecordAfterTerminal) {
  EXPECT_THAT(
      ReadText(Lines(
          {SampleMeta(), kCompleteTerminal0,
           R"({"kind":"gradient","event_id":"late","root":"vb","key":"w","state":"present"})"})),
      FailsExactly(
          ErrorCode::kEventAfterTerminal, 3, 2,
          "terminal event must be the final trace record; found another event at index 2"));
}

TEST(ExamplesTest, R10FailedTerminalWithSpaceReason) {
  EXPECT_THAT(
      ReadText(Lines({SampleMeta(),
                      R"({"kind":"terminal","outcome":"failed","timestamp_ns":0,"reason":" "})"})),
      FailsExactly(ErrorCode::kFailedWithoutReason, 2, 1,
                   "failed terminal event requires a non-empty reason"));
}

TEST_F(ExamplesRecordTest, R11ParamKeyDoesNotRead) {
  const Result<Event> event = Decode(kE15);
  EXPECT_THAT(event,
              FailsWithMessage(ErrorCode::kMissingField, std::string("missing field `key`")));
}

TEST_F(ExamplesRecordTest, R12TensorWithoutLabelReads) {
  const Result<Event> event = Decode(kR12);
  ASSERT_THAT(event, Succeeds());
  EXPECT_EQ(std::get<TensorRecord>(event.value()).label, std::nullopt);
  const Result<TraceDocument> doc = ReadText(Lines({kMeta10, kR12, kCompleteTerminal0}));
  ASSERT_THAT(doc, Succeeds());
  ASSERT_EQ(doc.value().tensors().size(), 1u);
  EXPECT_EQ(doc.value().tensors()[0].label, std::nullopt);
  EXPECT_EQ(doc.value().tensors()[0].dense_bytes, 4u);
}

}  // namespace
}  // namespace tracedoc
