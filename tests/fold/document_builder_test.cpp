// The fold (docs/trace-format.md §2.2 with docs/tracedoc.md §2's decisions): every loop rule and
// end-of-stream check with its code, line, index and exact message; dense bytes (§2.3); ordering;
// blank lines.
#include <unistd.h>

#include <cmath>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <limits>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "support/matchers.hpp"
#include "support/test_traces.hpp"
#include "tracedoc/document_builder.hpp"
#include "tracedoc/reader.hpp"

namespace tracedoc {
namespace {

using testdata::CompleteTerminalAt;
using testdata::kCompleteTerminal0;
using testdata::kMeta10;
using testdata::Lines;
using testdata::Meta9;

constexpr std::uint64_t kMaxU64 = std::numeric_limits<std::uint64_t>::max();
constexpr std::optional<std::uint64_t> kNoIndex = std::nullopt;

constexpr std::string_view kMissingMetaMessage =
    "trace stream is missing a meta event with run metadata";
constexpr std::string_view kMissingTerminalMessage = "trace stream is missing its terminal event";
constexpr std::string_view kSchemaTail =
    "; expected \"candle-graph/trace/10\", \"candle-graph/trace/9\" or \"candle-graph/trace/6\"";
constexpr std::string_view kLacksTensorStatsMessage =
    "trace schema \"candle-graph/trace/9\" does not define tensor_stats events; producers "
    "emitting tensor statistics must declare \"candle-graph/trace/10\"";
constexpr std::string_view kCompleteWithReasonMessage =
    "complete terminal event cannot contain a failure reason";
constexpr std::string_view kFailedWithoutReasonMessage =
    "failed terminal event requires a non-empty reason";

// E9 of docs/examples.md §8.1: a valid tensor_stats record.
constexpr std::string_view kValidTensorStats =
    R"({"kind":"tensor_stats","span_id":"s1","label":"seam/out_y","shape":[2,3],"dtype":"f32","elements":6,"non_finite":0,"rms":1.5,"abs_max":3,"mean":-0.25})";

// ---- Record text -------------------------------------------------------------------------------

std::string U64(std::uint64_t value) { return std::to_string(value); }

// A terminal with `outcome` and, when not empty, the raw member `reason_member` (`"reason":"x"`).
std::string TerminalWith(std::string_view outcome, std::uint64_t timestamp_ns,
                         std::string_view reason_member) {
  std::string out = R"({"kind":"terminal","outcome":")" + std::string(outcome) +
                    R"(","timestamp_ns":)" + U64(timestamp_ns);
  if (!reason_member.empty()) out += "," + std::string(reason_member);
  return out + "}";
}

std::string SpanStart(std::string_view id, std::uint64_t start_ns) {
  return R"({"kind":"span_start","id":")" + std::string(id) + R"(","name":"n","start_ns":)" +
         U64(start_ns) + R"(,"span_kind":"function"})";
}

std::string SpanEnd(std::string_view id, std::uint64_t duration_ns) {
  return R"({"kind":"span_end","id":")" + std::string(id) + R"(","duration_ns":)" +
         U64(duration_ns) + "}";
}

std::string Op(std::string_view op_name, std::uint64_t timestamp_ns, std::uint64_t duration_ns) {
  return R"({"kind":"op","span_id":"a","op_name":")" + std::string(op_name) +
         R"(","shape":[1],"dtype":"f32","device":"cpu","duration_ns":)" + U64(duration_ns) +
         R"(,"timestamp_ns":)" + U64(timestamp_ns) + R"(,"input_dense_bytes":0})";
}

// An op with the given shape (JSON array text), dtype (JSON string contents) and extra members.
std::string OpShaped(std::string_view shape, std::string_view dtype, std::string_view extra = "") {
  return R"({"kind":"op","span_id":"a","op_name":"matmul","shape":)" + std::string(shape) +
         R"(,"dtype":")" + std::string(dtype) +
         R"(","device":"cpu","duration_ns":0,"input_dense_bytes":0)" + std::string(extra) + "}";
}

std::string Tensor(std::string_view shape, std::string_view dtype, std::string_view extra = "",
                   std::string_view tensor_id = "t") {
  return R"({"kind":"tensor","span_id":"a","tensor_id":")" + std::string(tensor_id) +
         R"(","shape":)" + std::string(shape) + R"(,"dtype":")" + std::string(dtype) +
         R"(","device":"cpu")" + std::string(extra) + "}";
}

std::string Memory(std::string_view storage_id, std::uint64_t timestamp_ns) {
  return R"({"kind":"memory","timestamp_ns":)" + U64(timestamp_ns) + R"(,"storage_id":")" +
         std::string(storage_id) +
         R"(","tensor_id":"t","span_id":"a","device":"cpu","bytes":4,"action":"alloc","dtype":"f32"})";
}

std::string DeviceMemory(std::uint64_t timestamp_ns) {
  return R"({"kind":"device_memory","timestamp_ns":)" + U64(timestamp_ns) +
         R"(,"device":"cuda:0","used_bytes":1})";
}

std::string DeviceInterval(std::string_view stream_id, std::uint64_t start_ns,
                           std::uint64_t duration_ns) {
  return R"({"kind":"device_interval","span_id":"a","device":"cuda:0","stream_id":")" +
         std::string(stream_id) + R"(","clock_id":"c","backend":"cuda","start_ns":)" +
         U64(start_ns) + R"(,"duration_ns":)" + U64(duration_ns) + "}";
}

std::string Gradient(std::string_view event_id) {
  return R"({"kind":"gradient","event_id":")" + std::string(event_id) +
         R"(","root":"vb","key":"w","state":"missing"})";
}

std::string CallEdge(std::string_view from, std::uint64_t host_duration_ns) {
  return R"({"kind":"edge","edge_kind":"call","from_span":")" + std::string(from) +
         R"(","to_span":"b","host_duration_ns":)" + U64(host_duration_ns) + "}";
}

// A tensor_stats record; every argument is raw JSON text except `label`, the string's contents.
std::string Stats(std::string_view label, std::string_view shape, std::string_view elements,
                  std::string_view non_finite, std::string_view rms, std::string_view abs_max,
                  std::string_view mean) {
  return R"({"kind":"tensor_stats","span_id":"s1","label":")" + std::string(label) +
         R"(","shape":)" + std::string(shape) + R"(,"dtype":"f32","elements":)" +
         std::string(elements) + R"(,"non_finite":)" + std::string(non_finite) + R"(,"rms":)" +
         std::string(rms) + R"(,"abs_max":)" + std::string(abs_max) + R"(,"mean":)" +
         std::string(mean) + "}";
}

// META10 ⏎ (blank) ⏎ `stats` ⏎ terminal: the stats record is on line 3 at index 1.
std::string StatsTrace(std::string_view stats) {
  return Lines({kMeta10, "", stats, kCompleteTerminal0});
}

// META10 with its schema string's JSON contents replaced by `schema_json`.
std::string MetaWithSchema(std::string_view schema_json) {
  std::string meta(kMeta10);
  const std::string_view current = "candle-graph/trace/10";
  meta.replace(meta.find(current), current.size(), schema_json);
  return meta;
}

// ---- Checks ------------------------------------------------------------------------------------

Result<TraceDocument> Read(const std::string& text) {
  return ReadTrace(TraceInput::FromString(text));
}

Result<void> Validate(const std::string& text) {
  return ValidateTrace(TraceInput::FromString(text));
}

std::string Describe(const Error& error) { return ::testing::PrintToString(error); }

// ReadTrace rejects `text` with exactly this fold error (no column, no field), and ValidateTrace
// rejects it with the same Error.
::testing::AssertionResult FoldFails(const std::string& text, ErrorCode code, std::uint64_t line,
                                     std::optional<std::uint64_t> index, std::string_view message) {
  const Error expected{code, line, index, std::nullopt, {}, std::string(message)};
  const Result<TraceDocument> read = Read(text);
  if (read) {
    return ::testing::AssertionFailure() << "ReadTrace succeeded; expected " << Describe(expected);
  }
  if (read.error() != expected) {
    return ::testing::AssertionFailure() << "ReadTrace failed with " << Describe(read.error())
                                         << "; expected " << Describe(expected);
  }
  const Result<void> validated = Validate(text);
  if (validated) {
    return ::testing::AssertionFailure()
           << "ValidateTrace succeeded; ReadTrace failed with " << Describe(read.error());
  }
  if (validated.error() != read.error()) {
    return ::testing::AssertionFailure()
           << "ValidateTrace failed with " << Describe(validated.error()) << "; ReadTrace with "
           << Describe(read.error());
  }
  return ::testing::AssertionSuccess();
}

// ReadTrace and ValidateTrace both accept `text`.
::testing::AssertionResult FoldSucceeds(const std::string& text) {
  const Result<TraceDocument> read = Read(text);
  if (!read)
    return ::testing::AssertionFailure() << "ReadTrace failed with " << Describe(read.error());
  const Result<void> validated = Validate(text);
  if (!validated) {
    return ::testing::AssertionFailure()
           << "ValidateTrace failed with " << Describe(validated.error());
  }
  return ::testing::AssertionSuccess();
}

// ---- missing_meta ------------------------------------------------------------------------------

TEST(DocumentBuilderTest, EmptyStreamIsMissingMetaAtLineZero) {
  EXPECT_TRUE(FoldFails("", ErrorCode::kMissingMeta, 0, kNoIndex, kMissingMetaMessage));
}

TEST(DocumentBuilderTest, BlankOnlyStreamIsMissingMetaAtLineZero) {
  EXPECT_TRUE(FoldFails("\n   \n\t\r\n\xC2\xA0\n", ErrorCode::kMissingMeta, 0, kNoIndex,
                        kMissingMetaMessage));
}

TEST(DocumentBuilderTest, FirstRecordNotMetaIsMissingMetaAtThatRecord) {
  // E20's input: (blank) ⏎ E4 ⏎ META10. tracedoc names the span_start on line 2, index 0.
  const std::string text = Lines(
      {"",
       R"({"kind":"span_start","id":"s1","name":"demo::train","start_ns":0,"span_kind":"function","measured":true,"extra":42})",
       kMeta10, kCompleteTerminal0});
  EXPECT_TRUE(FoldFails(text, ErrorCode::kMissingMeta, 2, 0, kMissingMetaMessage));
}

TEST(DocumentBuilderTest, TerminalBeforeMetaIsMissingMetaAtLineOne) {
  // E19: terminal ⏎ META10.
  EXPECT_TRUE(FoldFails(Lines({kCompleteTerminal0, kMeta10}), ErrorCode::kMissingMeta, 1, 0,
                        kMissingMetaMessage));
}

// ---- meta_not_first ----------------------------------------------------------------------------

TEST(DocumentBuilderTest, SecondMetaIsMetaNotFirst) {
  EXPECT_TRUE(FoldFails(Lines({kMeta10, "", kMeta10, kCompleteTerminal0}), ErrorCode::kMetaNotFirst,
                        3, 1,
                        "meta event must be the first non-empty trace record, found at index 1"));
}

TEST(DocumentBuilderTest, LateMetaAfterOtherRecordsIsMetaNotFirst) {
  EXPECT_TRUE(FoldFails(Lines({kMeta10, SpanStart("a", 0), Gradient("g"), kMeta10}),
                        ErrorCode::kMetaNotFirst, 4, 3,
                        "meta event must be the first non-empty trace record, found at index 3"));
}

// ---- event_after_terminal ----------------------------------------------------------------------

TEST(DocumentBuilderTest, RecordAfterTerminalIsEventAfterTerminal) {
  EXPECT_TRUE(FoldFails(
      Lines({kMeta10, kCompleteTerminal0, "", Gradient("late")}), ErrorCode::kEventAfterTerminal, 4,
      2, "terminal event must be the final trace record; found another event at index 2"));
}

TEST(DocumentBuilderTest, SecondTerminalIsEventAfterTerminal) {
  EXPECT_TRUE(FoldFails(
      Lines({kMeta10, kCompleteTerminal0, kCompleteTerminal0}), ErrorCode::kEventAfterTerminal, 3,
      2, "terminal event must be the final trace record; found another event at index 2"));
}

TEST(DocumentBuilderTest, MetaAfterTerminalIsEventAfterTerminalNotMetaNotFirst) {
  // Rule 1 runs before the record's kind is looked at.
  EXPECT_TRUE(
      FoldFails(Lines({kMeta10, kCompleteTerminal0, kMeta10}), ErrorCode::kEventAfterTerminal, 3, 2,
                "terminal event must be the final trace record; found another event at index 2"));
}

TEST(DocumentBuilderTest, BlankLinesAfterTerminalAreNotRecords) {
  EXPECT_TRUE(FoldSucceeds(Lines({kMeta10, kCompleteTerminal0, "", "  ", "\t"})));
}

// ---- spans
// ---------------------------------------------------------------------------------------

TEST(DocumentBuilderTest, SpanStartedTwiceIsDuplicateSpanStart) {
  EXPECT_TRUE(
      FoldFails(Lines({kMeta10, SpanStart("a", 0), SpanStart("a", 5), CompleteTerminalAt(10)}),
                ErrorCode::kDuplicateSpanStart, 3, 2, "duplicate span_start id `a` at index 2"));
}

TEST(DocumentBuilderTest, RestartOfAClosedSpanIsDuplicateSpanStart) {
  EXPECT_TRUE(FoldFails(Lines({kMeta10, SpanStart("a", 0), SpanEnd("a", 1), "", SpanStart("a", 5),
                               CompleteTerminalAt(10)}),
                        ErrorCode::kDuplicateSpanStart, 5, 3,
                        "duplicate span_start id `a` at index 3"));
}

TEST(DocumentBuilderTest, SpanEndWithoutStartIsUnknownSpanEnd) {
  EXPECT_TRUE(FoldFails(Lines({kMeta10, R"({"kind":"span_end","id":"s9"})", CompleteTerminalAt(0)}),
                        ErrorCode::kUnknownSpanEnd, 2, 1,
                        "span_end for unknown span `s9` at index 1"));
}

TEST(DocumentBuilderTest, SpanEndBeforeItsStartIsUnknownSpanEnd) {
  // The start must come earlier in the stream.
  EXPECT_TRUE(
      FoldFails(Lines({kMeta10, SpanEnd("late", 1), SpanStart("late", 0), CompleteTerminalAt(1)}),
                ErrorCode::kUnknownSpanEnd, 2, 1, "span_end for unknown span `late` at index 1"));
}

TEST(DocumentBuilderTest, SpanClosedTwiceIsDuplicateSpanEnd) {
  EXPECT_TRUE(FoldFails(
      Lines({kMeta10, SpanStart("a", 0), SpanEnd("a", 1), SpanEnd("a", 1), CompleteTerminalAt(1)}),
      ErrorCode::kDuplicateSpanEnd, 4, 3, "duplicate span_end for `a` at index 3"));
}

TEST(DocumentBuilderTest, ParentExistenceIsNotChecked) {
  const std::string text = Lines(
      {kMeta10,
       R"({"kind":"span_start","id":"c","parent_id":"nowhere","name":"n","start_ns":0,"span_kind":"op"})",
       kCompleteTerminal0});
  const Result<TraceDocument> doc = Read(text);
  ASSERT_THAT(doc, Succeeds());
  ASSERT_EQ(doc.value().spans().size(), 1u);
  EXPECT_EQ(doc.value().spans()[0].parent_id, "nowhere");
}

// ---- invalid_tensor_stats ----------------------------------------------------------------------

constexpr std::string_view kStatsRejectedAt1 = "invalid tensor_stats event at index 1";

TEST(DocumentBuilderTest, ValidTensorStatsAreKept) {
  const Result<TraceDocument> doc = Read(StatsTrace(kValidTensorStats));
  ASSERT_THAT(doc, Succeeds());
  ASSERT_EQ(doc.value().tensor_stats().size(), 1u);
  const TensorStatsRecord& stats = doc.value().tensor_stats()[0];
  EXPECT_EQ(stats.label, "seam/out_y");
  EXPECT_EQ(stats.elements, 6u);
  EXPECT_EQ(stats.abs_max, 3.0);
  EXPECT_EQ(stats.mean, -0.25);
}

TEST(DocumentBuilderTest, TensorStatsWithBlankLabelIsInvalid) {
  // Blank means empty after trimming Unicode White_Space, not only ASCII space.
  for (const std::string_view label :
       {"", "  ", R"(\t)", R"(\u3000)", R"(\u0085)", R"(\u00a0\u2003)", "\xE3\x80\x80", R"(\u2028)",
        R"(\u1680)", R"(\u000b\u000c\r\u205f\u202f\u2029)"}) {
    SCOPED_TRACE(label);
    EXPECT_TRUE(FoldFails(StatsTrace(Stats(label, "[2,3]", "6", "0", "1.5", "3", "-0.25")),
                          ErrorCode::kInvalidTensorStats, 3, 1, kStatsRejectedAt1));
  }
}

TEST(DocumentBuilderTest, TensorStatsLabelOfNonWhiteSpaceIsValid) {
  // U+FEFF, U+200B, U+180E and U+001C are not White_Space.
  for (const std::string_view label :
       {"x", R"(\ufeff)", R"(\u200b)", R"(\u180e)", R"(\u001c)", " x "}) {
    SCOPED_TRACE(label);
    EXPECT_TRUE(FoldSucceeds(StatsTrace(Stats(label, "[2,3]", "6", "0", "1.5", "3", "-0.25"))));
  }
}

TEST(DocumentBuilderTest, TensorStatsWithShapeProductMismatchIsInvalid) {
  for (const std::string_view elements : {"5", "7", "0", "1"}) {
    SCOPED_TRACE(elements);
    EXPECT_TRUE(FoldFails(StatsTrace(Stats("l", "[2,3]", elements, "0", "1", "1", "0")),
                          ErrorCode::kInvalidTensorStats, 3, 1, kStatsRejectedAt1));
  }
}

TEST(DocumentBuilderTest, TensorStatsShapeProductIsCheckedNotSaturating) {
  // 2^32 × 2^32 overflows: no value, which equals no `elements`, not even 2^64 - 1.
  EXPECT_TRUE(FoldFails(StatsTrace(Stats("l", "[4294967296,4294967296]", "0", "0", "1", "1", "0")),
                        ErrorCode::kInvalidTensorStats, 3, 1, kStatsRejectedAt1));
  EXPECT_TRUE(FoldFails(
      StatsTrace(Stats("l", "[4294967296,4294967296]", "18446744073709551615", "0", "1", "1", "0")),
      ErrorCode::kInvalidTensorStats, 3, 1, kStatsRejectedAt1));
  // Once overflowed, a later zero dimension does not bring the product back to 0.
  EXPECT_TRUE(
      FoldFails(StatsTrace(Stats("l", "[4294967296,4294967296,0]", "0", "0", "1", "1", "0")),
                ErrorCode::kInvalidTensorStats, 3, 1, kStatsRejectedAt1));
}

TEST(DocumentBuilderTest, TensorStatsShapeProductNearTheLimitIsValid) {
  // A zero first stops the product at 0 before anything can overflow.
  EXPECT_TRUE(
      FoldSucceeds(StatsTrace(Stats("l", "[0,4294967296,4294967296]", "0", "0", "1", "1", "0"))));
  // 2^32 × (2^32 - 1) = 18446744069414584320 fits.
  EXPECT_TRUE(FoldSucceeds(StatsTrace(
      Stats("l", "[4294967296,4294967295]", "18446744069414584320", "0", "1", "1", "0"))));
  EXPECT_TRUE(FoldSucceeds(StatsTrace(
      Stats("l", "[18446744073709551615]", "18446744073709551615", "0", "1", "1", "0"))));
}

TEST(DocumentBuilderTest, TensorStatsWithZeroDimensionNeedsZeroElements) {
  EXPECT_TRUE(FoldSucceeds(StatsTrace(Stats("l", "[3,0]", "0", "0", "0", "0", "0"))));
  EXPECT_TRUE(FoldFails(StatsTrace(Stats("l", "[3,0]", "1", "0", "0", "0", "0")),
                        ErrorCode::kInvalidTensorStats, 3, 1, kStatsRejectedAt1));
}

TEST(DocumentBuilderTest, TensorStatsWithEmptyShapeHasOneElement) {
  EXPECT_TRUE(FoldSucceeds(StatsTrace(Stats("loss", "[]", "1", "1", "0", "0", "0"))));
  EXPECT_TRUE(FoldFails(StatsTrace(Stats("loss", "[]", "0", "0", "0", "0", "0")),
                        ErrorCode::kInvalidTensorStats, 3, 1, kStatsRejectedAt1));
}

TEST(DocumentBuilderTest, TensorStatsWithMoreNonFiniteThanElementsIsInvalid) {
  EXPECT_TRUE(FoldFails(StatsTrace(Stats("l", "[2,3]", "6", "7", "1", "1", "0")),
                        ErrorCode::kInvalidTensorStats, 3, 1, kStatsRejectedAt1));
  EXPECT_TRUE(FoldSucceeds(StatsTrace(Stats("l", "[2,3]", "6", "6", "1", "1", "0"))));
}

TEST(DocumentBuilderTest, TensorStatsWithNegativeRmsIsInvalid) {
  for (const std::string_view rms : {"-1", "-1e-300", "-0.5"}) {
    SCOPED_TRACE(rms);
    EXPECT_TRUE(FoldFails(StatsTrace(Stats("l", "[2,3]", "6", "0", rms, "1", "0")),
                          ErrorCode::kInvalidTensorStats, 3, 1, kStatsRejectedAt1));
  }
}

TEST(DocumentBuilderTest, TensorStatsWithNegativeAbsMaxIsInvalid) {
  for (const std::string_view abs_max : {"-1", "-4.9e-324"}) {
    SCOPED_TRACE(abs_max);
    EXPECT_TRUE(FoldFails(StatsTrace(Stats("l", "[2,3]", "6", "0", "1", abs_max, "0")),
                          ErrorCode::kInvalidTensorStats, 3, 1, kStatsRejectedAt1));
  }
}

TEST(DocumentBuilderTest, TensorStatsNegativeZeroAndNegativeMeanPass) {
  // -0.0 < 0 is false; the mean may be negative.
  const Result<TraceDocument> doc =
      Read(StatsTrace(Stats("l", "[2,3]", "6", "0", "-0.0", "-0.0", "-1e300")));
  ASSERT_THAT(doc, Succeeds());
  ASSERT_EQ(doc.value().tensor_stats().size(), 1u);
  EXPECT_TRUE(std::signbit(doc.value().tensor_stats()[0].rms));
  EXPECT_TRUE(std::signbit(doc.value().tensor_stats()[0].abs_max));
}

TEST(DocumentBuilderTest, TensorStatsSpanIdAndDtypeAreNotChecked) {
  const std::string stats =
      R"({"kind":"tensor_stats","span_id":"nowhere","label":"l","shape":[1],"dtype":"no-such-type","elements":1,"non_finite":0,"rms":0,"abs_max":0,"mean":0})";
  EXPECT_TRUE(FoldSucceeds(StatsTrace(stats)));
}

// ---- missing_terminal --------------------------------------------------------------------------

TEST(DocumentBuilderTest, NoTerminalIsMissingTerminalAtLineZero) {
  EXPECT_TRUE(FoldFails(Lines({kMeta10}), ErrorCode::kMissingTerminal, 0, kNoIndex,
                        kMissingTerminalMessage));
  EXPECT_TRUE(FoldFails(Lines({kMeta10, SpanStart("a", 0), SpanEnd("a", 5), ""}),
                        ErrorCode::kMissingTerminal, 0, kNoIndex, kMissingTerminalMessage));
}

TEST(DocumentBuilderTest, LoopErrorComesBeforeMissingTerminal) {
  // R8.
  EXPECT_TRUE(FoldFails(Lines({kMeta10, SpanEnd("missing", 0)}), ErrorCode::kUnknownSpanEnd, 2, 1,
                        "span_end for unknown span `missing` at index 1"));
}

// ---- unsupported_schema ------------------------------------------------------------------------

// The trace MetaWithSchema(schema_json) ⏎ terminal fails at the meta with `quoted` in the message.
::testing::AssertionResult SchemaRejected(std::string_view schema_json, std::string_view quoted) {
  return FoldFails(Lines({MetaWithSchema(schema_json), kCompleteTerminal0}),
                   ErrorCode::kUnsupportedSchema, 1, 0,
                   "unsupported trace schema " + std::string(quoted) + std::string(kSchemaTail));
}

TEST(DocumentBuilderTest, EmptySchemaIsUnsupported) { EXPECT_TRUE(SchemaRejected("", R"("")")); }

TEST(DocumentBuilderTest, SchemaWithLeadingSpaceIsUnsupported) {
  EXPECT_TRUE(SchemaRejected(" candle-graph/trace/10", R"(" candle-graph/trace/10")"));
}

TEST(DocumentBuilderTest, UnsupportedSchemaMessageEscapesQuoteAndTab) {
  // The schema a"b<TAB>, written in JSON as a\"b\t.
  EXPECT_TRUE(SchemaRejected(R"(a\"b\t)", R"("a\"b\t")"));
}

TEST(DocumentBuilderTest, UnsupportedSchemaMessageEscapesEscape) {
  EXPECT_TRUE(SchemaRejected(R"(\u001b)", R"("\u{1b}")"));
}

TEST(DocumentBuilderTest, UnsupportedSchemaMessageUsesDebugEscapes) {
  EXPECT_TRUE(SchemaRejected(R"(a\\b)", R"("a\\b")"));
  EXPECT_TRUE(SchemaRejected(R"(\n\r\u0000)", R"("\n\r\0")"));
  EXPECT_TRUE(SchemaRejected(R"(\u00a0x)", R"("\u{a0}x")"));
  EXPECT_TRUE(SchemaRejected(R"(x\u200b)", R"("x\u{200b}")"));
  EXPECT_TRUE(SchemaRejected("caf\xC3\xA9", "\"caf\xC3\xA9\""));
  EXPECT_TRUE(SchemaRejected("it's/", R"("it's/")"));
  EXPECT_TRUE(SchemaRejected(R"(\u007f)", R"("\u{7f}")"));
  EXPECT_TRUE(SchemaRejected(R"(e\u0301)", R"("e\u{301}")"));
}

TEST(DocumentBuilderTest, SchemaComparisonIsExactAndCaseSensitive) {
  EXPECT_TRUE(SchemaRejected("Candle-graph/trace/10", R"("Candle-graph/trace/10")"));
  EXPECT_TRUE(SchemaRejected("candle-graph/trace/11", R"("candle-graph/trace/11")"));
  EXPECT_TRUE(SchemaRejected("candle-graph/trace/10 ", R"("candle-graph/trace/10 ")"));
  EXPECT_TRUE(SchemaRejected("not-candle-graph", R"("not-candle-graph")"));
}

TEST(DocumentBuilderTest, UnsupportedSchemaIsNamedAtTheMetaLine) {
  // tracedoc checks the schema at the meta: before later loop errors and before the missing
  // terminal, which the reference would name first. A leading blank line shifts the line only.
  EXPECT_TRUE(FoldFails(Lines({"", MetaWithSchema("x"), SpanEnd("s9", 0)}),
                        ErrorCode::kUnsupportedSchema, 2, 0,
                        "unsupported trace schema \"x\"" + std::string(kSchemaTail)));
  EXPECT_TRUE(FoldFails(Lines({MetaWithSchema("x")}), ErrorCode::kUnsupportedSchema, 1, 0,
                        "unsupported trace schema \"x\"" + std::string(kSchemaTail)));
}

// ---- schema_lacks_tensor_stats -----------------------------------------------------------------

TEST(DocumentBuilderTest, TensorStatsUnderTrace9FailAtTheStatsLine) {
  EXPECT_TRUE(
      FoldFails(Lines({Meta9(), SpanStart("s1", 0), "", kValidTensorStats, kCompleteTerminal0}),
                ErrorCode::kSchemaLacksTensorStats, 4, 2, kLacksTensorStatsMessage));
}

TEST(DocumentBuilderTest, InvalidTensorStatsUnderTrace9AreNamedAsSchemaLacksTensorStats) {
  // tracedoc's decision: the schema rule applies from the meta on, at the record.
  EXPECT_TRUE(
      FoldFails(Lines({Meta9(), Stats("", "[2]", "5", "9", "-1", "-1", "0"), kCompleteTerminal0}),
                ErrorCode::kSchemaLacksTensorStats, 2, 1, kLacksTensorStatsMessage));
}

TEST(DocumentBuilderTest, Trace9WithoutTensorStatsFolds) {
  const Result<TraceDocument> doc = Read(Lines({Meta9(), kCompleteTerminal0}));
  ASSERT_THAT(doc, Succeeds());
  EXPECT_EQ(doc.value().schema(), "candle-graph/trace/9");
  EXPECT_TRUE(doc.value().tensor_stats().empty());
}

TEST(DocumentBuilderTest, Trace10WithTensorStatsFolds) {
  const Result<TraceDocument> doc = Read(Lines({kMeta10, kValidTensorStats, kCompleteTerminal0}));
  ASSERT_THAT(doc, Succeeds());
  EXPECT_EQ(doc.value().schema(), "candle-graph/trace/10");
  EXPECT_EQ(doc.value().tensor_stats().size(), 1u);
}

// ---- terminal outcome rules --------------------------------------------------------------------

TEST(DocumentBuilderTest, CompleteTerminalWithEmptyReasonIsCompleteWithReason) {
  EXPECT_TRUE(FoldFails(Lines({kMeta10, "", TerminalWith("complete", 0, R"("reason":"")")}),
                        ErrorCode::kCompleteWithReason, 3, 1, kCompleteWithReasonMessage));
}

TEST(DocumentBuilderTest, CompleteTerminalWithReasonIsCompleteWithReason) {
  EXPECT_TRUE(FoldFails(
      Lines({kMeta10, SpanStart("a", 0), TerminalWith("complete", 5, R"("reason":"done")")}),
      ErrorCode::kCompleteWithReason, 3, 2, kCompleteWithReasonMessage));
}

TEST(DocumentBuilderTest, CompleteTerminalWithNullReasonFolds) {
  // An explicit null is None.
  const Result<TraceDocument> doc =
      Read(Lines({kMeta10, TerminalWith("complete", 0, R"("reason":null)")}));
  ASSERT_THAT(doc, Succeeds());
  EXPECT_EQ(doc.value().terminal().reason, std::nullopt);
  EXPECT_EQ(doc.value().terminal().outcome, RunOutcome::kComplete);
}

TEST(DocumentBuilderTest, FailedTerminalWithoutReasonIsFailedWithoutReason) {
  for (const std::string_view reason :
       {std::string_view(), std::string_view(R"("reason":null)"),
        std::string_view(R"("reason":"")"), std::string_view(R"("reason":"  ")"),
        std::string_view(R"("reason":"\u3000\t")")}) {
    SCOPED_TRACE(reason);
    EXPECT_TRUE(FoldFails(Lines({kMeta10, "", "", TerminalWith("failed", 0, reason)}),
                          ErrorCode::kFailedWithoutReason, 4, 1, kFailedWithoutReasonMessage));
  }
}

TEST(DocumentBuilderTest, FailedTerminalWithReasonFolds) {
  const Result<TraceDocument> doc =
      Read(Lines({kMeta10, TerminalWith("failed", 0, R"("reason":" boom ")")}));
  ASSERT_THAT(doc, Succeeds());
  EXPECT_EQ(doc.value().terminal().outcome, RunOutcome::kFailed);
  EXPECT_EQ(doc.value().terminal().reason, " boom ");
  // U+FEFF is not White_Space, so this reason is not blank.
  EXPECT_TRUE(FoldSucceeds(Lines({kMeta10, TerminalWith("failed", 0, R"("reason":"\ufeff")")})));
}

TEST(DocumentBuilderTest, OutcomeRulesComeBeforeTerminalBeforeEvidence) {
  EXPECT_TRUE(FoldFails(
      Lines({kMeta10, SpanStart("a", 100), TerminalWith("complete", 0, R"("reason":"")")}),
      ErrorCode::kCompleteWithReason, 3, 2, kCompleteWithReasonMessage));
  EXPECT_TRUE(FoldFails(Lines({kMeta10, SpanStart("a", 100), TerminalWith("failed", 0, "")}),
                        ErrorCode::kFailedWithoutReason, 3, 2, kFailedWithoutReasonMessage));
}

// ---- terminal_before_evidence ------------------------------------------------------------------

constexpr std::string_view kEvidenceSpanStart =
    R"({"kind":"span_start","id":"s1","name":"demo::train","start_ns":0,"span_kind":"function","measured":true,"extra":42})";
constexpr std::string_view kEvidenceOp =
    R"({"kind":"op","span_id":"s1","op_name":"matmul","shape":[32,32],"dtype":" F32 ","device":"cpu","duration_ns":1200,"timestamp_ns":10,"input_dense_bytes":8192})";

TEST(DocumentBuilderTest, TerminalBeforeSpanEndIsTerminalBeforeEvidence) {
  // E22.
  EXPECT_TRUE(FoldFails(
      Lines({kMeta10, kEvidenceSpanStart, kEvidenceOp,
             R"({"kind":"span_end","id":"s1","duration_ns":2000})", CompleteTerminalAt(1000)}),
      ErrorCode::kTerminalBeforeEvidence, 5, 4,
      "terminal timestamp 1000 precedes host evidence ending at 2000"));
}

TEST(DocumentBuilderTest, TerminalEqualToEvidenceFolds) {
  EXPECT_TRUE(FoldSucceeds(
      Lines({kMeta10, kEvidenceSpanStart, kEvidenceOp,
             R"({"kind":"span_end","id":"s1","duration_ns":2000})", CompleteTerminalAt(2000)})));
}

TEST(DocumentBuilderTest, OpEndCountsAsEvidence) {
  // The op ends at 10 + 1200.
  EXPECT_TRUE(FoldFails(Lines({kMeta10, kEvidenceOp, CompleteTerminalAt(1209)}),
                        ErrorCode::kTerminalBeforeEvidence, 3, 2,
                        "terminal timestamp 1209 precedes host evidence ending at 1210"));
  EXPECT_TRUE(FoldSucceeds(Lines({kMeta10, kEvidenceOp, CompleteTerminalAt(1210)})));
}

TEST(DocumentBuilderTest, OpenSpanCountsItsStartOnly) {
  EXPECT_TRUE(FoldFails(Lines({kMeta10, SpanStart("a", 500), CompleteTerminalAt(499)}),
                        ErrorCode::kTerminalBeforeEvidence, 3, 2,
                        "terminal timestamp 499 precedes host evidence ending at 500"));
  EXPECT_TRUE(FoldSucceeds(Lines({kMeta10, SpanStart("a", 500), CompleteTerminalAt(500)})));
}

TEST(DocumentBuilderTest, ClosedSpanEndSaturates) {
  const std::string start = SpanStart("a", kMaxU64 - 5);
  const std::string end = SpanEnd("a", 10);
  EXPECT_TRUE(FoldSucceeds(Lines({kMeta10, start, end, CompleteTerminalAt(kMaxU64)})));
  EXPECT_TRUE(FoldFails(Lines({kMeta10, start, end, CompleteTerminalAt(kMaxU64 - 1)}),
                        ErrorCode::kTerminalBeforeEvidence, 4, 3,
                        "terminal timestamp 18446744073709551614 precedes host evidence ending at "
                        "18446744073709551615"));
}

TEST(DocumentBuilderTest, OpEndSaturates) {
  const std::string op = Op("add", kMaxU64 - 1, 2);
  EXPECT_TRUE(FoldSucceeds(Lines({kMeta10, op, CompleteTerminalAt(kMaxU64)})));
  EXPECT_TRUE(
      FoldFails(Lines({kMeta10, op, CompleteTerminalAt(0)}), ErrorCode::kTerminalBeforeEvidence, 3,
                2, "terminal timestamp 0 precedes host evidence ending at 18446744073709551615"));
}

TEST(DocumentBuilderTest, MemoryAndDeviceMemoryTimestampsCountAsEvidence) {
  EXPECT_TRUE(FoldFails(Lines({kMeta10, Memory("st", 300), CompleteTerminalAt(299)}),
                        ErrorCode::kTerminalBeforeEvidence, 3, 2,
                        "terminal timestamp 299 precedes host evidence ending at 300"));
  EXPECT_TRUE(
      FoldFails(Lines({kMeta10, DeviceMemory(700), Memory("st", 300), CompleteTerminalAt(699)}),
                ErrorCode::kTerminalBeforeEvidence, 4, 3,
                "terminal timestamp 699 precedes host evidence ending at 700"));
  EXPECT_TRUE(FoldSucceeds(
      Lines({kMeta10, DeviceMemory(700), Memory("st", 300), CompleteTerminalAt(700)})));
}

TEST(DocumentBuilderTest, EvidenceIsTheMaximumOverAllKinds) {
  EXPECT_TRUE(FoldFails(Lines({kMeta10, SpanStart("a", 50), SpanEnd("a", 950), Op("x", 10, 20),
                               Memory("st", 400), DeviceMemory(600), CompleteTerminalAt(999)}),
                        ErrorCode::kTerminalBeforeEvidence, 7, 6,
                        "terminal timestamp 999 precedes host evidence ending at 1000"));
}

TEST(DocumentBuilderTest, OtherRecordsAreNotEvidence) {
  // device_interval, tensor, tensor_stats, gradient and edge times never count.
  EXPECT_TRUE(FoldSucceeds(
      Lines({kMeta10, DeviceInterval("s", 1000000, 1000000), Tensor("[1]", "f32"),
             kValidTensorStats, Gradient("g"), CallEdge("a", 1000000), kCompleteTerminal0})));
}

// ---- streaming order of errors -----------------------------------------------------------------

TEST(DocumentBuilderTest, LaterSyntaxErrorDoesNotHideEarlierFoldError) {
  EXPECT_TRUE(FoldFails(Lines({kMeta10, SpanEnd("s9", 0), "{not json", kCompleteTerminal0}),
                        ErrorCode::kUnknownSpanEnd, 2, 1,
                        "span_end for unknown span `s9` at index 1"));
}

TEST(DocumentBuilderTest, EarlierSyntaxErrorWins) {
  const std::string text = Lines({kMeta10, "{not json", SpanEnd("s9", 0), kCompleteTerminal0});
  EXPECT_THAT(Read(text), FailsWith(ErrorCode::kInvalidJson, 2));
  EXPECT_THAT(Validate(text), FailsWith(ErrorCode::kInvalidJson, 2));
}

// ---- dense bytes (§2.3) ------------------------------------------------------------------------

// The one op's resolved output_dense_bytes in META10 ⏎ `op` ⏎ terminal.
std::optional<std::uint64_t> OpDenseBytes(const std::string& op) {
  const Result<TraceDocument> doc = Read(Lines({kMeta10, op, kCompleteTerminal0}));
  EXPECT_THAT(doc, Succeeds());
  if (!doc || doc.value().ops().size() != 1) {
    ADD_FAILURE() << "no single op";
    return 12345;  // a value no test expects
  }
  return doc.value().ops()[0].output_dense_bytes;
}

std::optional<std::uint64_t> TensorDenseBytes(const std::string& tensor) {
  const Result<TraceDocument> doc = Read(Lines({kMeta10, tensor, kCompleteTerminal0}));
  EXPECT_THAT(doc, Succeeds());
  if (!doc || doc.value().tensors().size() != 1) {
    ADD_FAILURE() << "no single tensor";
    return 12345;
  }
  return doc.value().tensors()[0].dense_bytes;
}

TEST(DocumentBuilderDenseBytesTest, TrimmedUpperCaseDtypeResolves) {
  // E6: 1024 elements × 4 bytes; the stored dtype is kept as written.
  const Result<TraceDocument> doc = Read(Lines({kMeta10, kEvidenceOp, CompleteTerminalAt(1210)}));
  ASSERT_THAT(doc, Succeeds());
  ASSERT_EQ(doc.value().ops().size(), 1u);
  EXPECT_EQ(doc.value().ops()[0].output_dense_bytes, 4096u);
  EXPECT_EQ(doc.value().ops()[0].dtype, " F32 ");
  EXPECT_EQ(doc.value().ops()[0].input_dense_bytes, 8192u);
}

TEST(DocumentBuilderDenseBytesTest, UnknownDtypeLeavesBytesAbsent) {
  // E7.
  EXPECT_EQ(OpDenseBytes(OpShaped("[32,32]", "float32")), std::nullopt);
  EXPECT_EQ(TensorDenseBytes(Tensor("[32,32]", "float32")), std::nullopt);
}

TEST(DocumentBuilderDenseBytesTest, ExplicitValueWins) {
  EXPECT_EQ(OpDenseBytes(OpShaped("[32,32]", "f32", R"(,"output_dense_bytes":7)")), 7u);
  EXPECT_EQ(OpDenseBytes(OpShaped("[32,32]", "float32", R"(,"output_dense_bytes":9)")), 9u);
  EXPECT_EQ(TensorDenseBytes(Tensor("[32,32]", "f64", R"(,"dense_bytes":0)")), 0u);
  EXPECT_EQ(TensorDenseBytes(Tensor("[2]", "u4", R"(,"dense_bytes":5)")), 5u);
}

TEST(DocumentBuilderDenseBytesTest, ExplicitNullIsResolved) {
  EXPECT_EQ(OpDenseBytes(OpShaped("[32,32]", "f32", R"(,"output_dense_bytes":null)")), 4096u);
  EXPECT_EQ(TensorDenseBytes(Tensor("[3]", "i16", R"(,"dense_bytes":null)")), 6u);
}

TEST(DocumentBuilderDenseBytesTest, ZeroDimensionGivesZero) {
  EXPECT_EQ(OpDenseBytes(OpShaped("[32,0,8]", "f32")), 0u);
  EXPECT_EQ(TensorDenseBytes(Tensor("[0]", "bf16")), 0u);
  // A zero after a saturated product still gives 0.
  EXPECT_EQ(TensorDenseBytes(Tensor("[4294967296,4294967296,0]", "f32")), 0u);
  EXPECT_EQ(TensorDenseBytes(Tensor("[18446744073709551615,0]", "f64")), 0u);
}

TEST(DocumentBuilderDenseBytesTest, ProductSaturates) {
  EXPECT_EQ(TensorDenseBytes(Tensor("[4294967296,4294967296]", "u8")), kMaxU64);
  // The element count fits; the byte count overflows.
  EXPECT_EQ(TensorDenseBytes(Tensor("[4294967296,4294967295]", "f64")), kMaxU64);
  EXPECT_EQ(OpDenseBytes(OpShaped("[18446744073709551615,2]", "u8")), kMaxU64);
  EXPECT_EQ(OpDenseBytes(OpShaped("[18446744073709551615]", "u8")), kMaxU64);
  EXPECT_EQ(OpDenseBytes(OpShaped("[2305843009213693951]", "f64")), 18446744073709551608u);
}

TEST(DocumentBuilderDenseBytesTest, UnknownDtypeWithZeroDimensionIsAbsent) {
  EXPECT_EQ(TensorDenseBytes(Tensor("[0]", "float32")), std::nullopt);
  EXPECT_EQ(OpDenseBytes(OpShaped("[4,0]", "")), std::nullopt);
}

TEST(DocumentBuilderDenseBytesTest, EmptyShapeIsOneElement) {
  EXPECT_EQ(TensorDenseBytes(Tensor("[]", "f64")), 8u);
  EXPECT_EQ(OpDenseBytes(OpShaped("[]", "bool")), 1u);
}

TEST(DocumentBuilderDenseBytesTest, EveryDtypeOfTheTable) {
  const std::vector<std::pair<std::string_view, std::uint64_t>> table = {
      {"u8", 1},   {"i8", 1},   {"bool", 1},   {"f8", 1},         {"u16", 2},
      {"i16", 2},  {"f16", 2},  {"bf16", 2},   {"u32", 4},        {"i32", 4},
      {"f32", 4},  {"u64", 8},  {"i64", 8},    {"f64", 8},        {"Bf16", 2},
      {"BF16", 2}, {"BOOL", 1}, {"Bool", 1},   {"F32", 4},        {"U8", 1},
      {"I64", 8},  {"F8", 1},   {" BF16 ", 2}, {R"(\tf64\n)", 8}, {R"(\u00a0f16\u3000)", 2}};
  for (const auto& [dtype, size] : table) {
    SCOPED_TRACE(dtype);
    EXPECT_EQ(TensorDenseBytes(Tensor("[3]", dtype)), 3 * size);
    EXPECT_EQ(OpDenseBytes(OpShaped("[5]", dtype)), 5 * size);
  }
}

TEST(DocumentBuilderDenseBytesTest, DtypesOutsideTheTableAreUnknown) {
  for (const std::string_view dtype :
       {"float32", "f8e4m3", "u4", "i4", "", "  ", "f 32", "f32x", "bf16\\u200b", "\\ufefff32",
        "\xEF\xBD\x86"
        "32",
        "u128", "boolean", "f3"}) {
    SCOPED_TRACE(dtype);
    EXPECT_EQ(TensorDenseBytes(Tensor("[3]", dtype)), std::nullopt);
  }
}

TEST(DocumentBuilderDenseBytesTest, StoredDtypeIsNotChanged) {
  const Result<TraceDocument> doc =
      Read(Lines({kMeta10, Tensor("[2]", R"(\u00a0Bf16 )"), kCompleteTerminal0}));
  ASSERT_THAT(doc, Succeeds());
  ASSERT_EQ(doc.value().tensors().size(), 1u);
  EXPECT_EQ(doc.value().tensors()[0].dtype,
            "\xC2\xA0"
            "Bf16 ");
  EXPECT_EQ(doc.value().tensors()[0].dense_bytes, 4u);
}

// ---- order of the folded lists -----------------------------------------------------------------

TEST(DocumentBuilderOrderTest, SpansAreSortedByteWiseById) {
  // Byte-wise: "B" (0x42) < "_" (0x5F) < "a" (0x61) < "ab" < "é" (0xC3 0xA9).
  const Result<TraceDocument> doc = Read(Lines(
      {kMeta10, SpanStart("\xC3\xA9", 1), SpanStart("a", 2), SpanStart("ab", 3), SpanStart("B", 4),
       SpanEnd("a", 10), SpanStart("_", 5), SpanEnd("\xC3\xA9", 7), CompleteTerminalAt(100)}));
  ASSERT_THAT(doc, Succeeds());
  const auto spans = doc.value().spans();
  ASSERT_EQ(spans.size(), 5u);
  EXPECT_EQ(spans[0].id, "B");
  EXPECT_EQ(spans[1].id, "_");
  EXPECT_EQ(spans[2].id, "a");
  EXPECT_EQ(spans[3].id, "ab");
  EXPECT_EQ(spans[4].id, "\xC3\xA9");
  EXPECT_EQ(spans[0].start_ns, 4u);
  EXPECT_EQ(spans[2].start_ns, 2u);
  EXPECT_TRUE(spans[2].closed);
  EXPECT_EQ(spans[2].duration_ns, 10u);
  EXPECT_TRUE(spans[4].closed);
  EXPECT_EQ(spans[4].duration_ns, 7u);
}

TEST(DocumentBuilderOrderTest, OpenSpanHasDurationZero) {
  const Result<TraceDocument> doc =
      Read(Lines({kMeta10, SpanStart("open", 40), SpanStart("shut", 0), SpanEnd("shut", 0),
                  CompleteTerminalAt(40)}));
  ASSERT_THAT(doc, Succeeds());
  const auto spans = doc.value().spans();
  ASSERT_EQ(spans.size(), 2u);
  EXPECT_EQ(spans[0].id, "open");
  EXPECT_FALSE(spans[0].closed);
  EXPECT_EQ(spans[0].duration_ns, 0u);
  EXPECT_EQ(spans[1].id, "shut");
  EXPECT_TRUE(spans[1].closed);
  EXPECT_EQ(spans[1].duration_ns, 0u);
}

TEST(DocumentBuilderOrderTest, SpanRecordTakesTheStartFields) {
  const Result<TraceDocument> doc = Read(Lines(
      {kMeta10,
       R"({"kind":"span_start","id":"c","parent_id":"p","name":"fwd","start_ns":3,"span_kind":"module","measured":true,"step":"backward"})",
       SpanEnd("c", 4), CompleteTerminalAt(7)}));
  ASSERT_THAT(doc, Succeeds());
  ASSERT_EQ(doc.value().spans().size(), 1u);
  const SpanRecord& span = doc.value().spans()[0];
  EXPECT_EQ(span.parent_id, "p");
  EXPECT_EQ(span.name, "fwd");
  EXPECT_EQ(span.kind, SpanKind::kModule);
  EXPECT_TRUE(span.measured);
  EXPECT_EQ(span.step, ExecutionStep::kBackward);
  EXPECT_EQ(span.start_ns, 3u);
  EXPECT_EQ(span.duration_ns, 4u);
}

TEST(DocumentBuilderOrderTest, OtherListsKeepInputOrder) {
  const Result<TraceDocument> doc = Read(Lines(
      {kMeta10, Op("o2", 0, 0), Tensor("[1]", "f32", "", "t2"), Memory("m2", 2), Op("o1", 0, 0),
       Gradient("g2"), Tensor("[1]", "f32", "", "t1"), DeviceMemory(5), Memory("m1", 1),
       DeviceInterval("d2", 0, 0), CallEdge("e2", 0), Gradient("g1"),
       Stats("l2", "[1]", "1", "0", "0", "0", "0"), Stats("l1", "[1]", "1", "0", "0", "0", "0"),
       CallEdge("e1", 0), DeviceMemory(3), DeviceInterval("d1", 0, 0), CompleteTerminalAt(5)}));
  ASSERT_THAT(doc, Succeeds());
  const TraceDocument& d = doc.value();
  ASSERT_EQ(d.ops().size(), 2u);
  EXPECT_EQ(d.ops()[0].op_name, "o2");
  EXPECT_EQ(d.ops()[1].op_name, "o1");
  ASSERT_EQ(d.tensors().size(), 2u);
  EXPECT_EQ(d.tensors()[0].tensor_id, "t2");
  EXPECT_EQ(d.tensors()[1].tensor_id, "t1");
  ASSERT_EQ(d.memory().size(), 2u);
  EXPECT_EQ(d.memory()[0].storage_id, "m2");
  EXPECT_EQ(d.memory()[1].storage_id, "m1");
  ASSERT_EQ(d.device_memory().size(), 2u);
  EXPECT_EQ(d.device_memory()[0].timestamp_ns, 5u);
  EXPECT_EQ(d.device_memory()[1].timestamp_ns, 3u);
  ASSERT_EQ(d.device_intervals().size(), 2u);
  EXPECT_EQ(d.device_intervals()[0].stream_id, "d2");
  EXPECT_EQ(d.device_intervals()[1].stream_id, "d1");
  ASSERT_EQ(d.gradients().size(), 2u);
  EXPECT_EQ(d.gradients()[0].event_id, "g2");
  EXPECT_EQ(d.gradients()[1].event_id, "g1");
  ASSERT_EQ(d.edges().size(), 2u);
  EXPECT_EQ(d.edges()[0].from, "e2");
  EXPECT_EQ(d.edges()[1].from, "e1");
  ASSERT_EQ(d.tensor_stats().size(), 2u);
  EXPECT_EQ(d.tensor_stats()[0].label, "l2");
  EXPECT_EQ(d.tensor_stats()[1].label, "l1");
}

// ---- line handling (§2.1) ----------------------------------------------------------------------

TEST(DocumentBuilderLinesTest, BlankAndWhiteSpaceLinesAreSkippedButCounted) {
  // Lines 2-7 are blank (empty, spaces, tab, U+00A0, U+3000, U+0085); the span_end is on
  // physical line 8 and at index 1.
  const std::string text = Lines({kMeta10, "", "   ", "\t", "\xC2\xA0", "\xE3\x80\x80", "\xC2\x85",
                                  SpanEnd("s9", 0), kCompleteTerminal0});
  EXPECT_TRUE(FoldFails(text, ErrorCode::kUnknownSpanEnd, 8, 1,
                        "span_end for unknown span `s9` at index 1"));
}

TEST(DocumentBuilderLinesTest, BlankLineShiftsTheLineButNotTheIndex) {
  // In the spirit of E20: META10 on physical line 3 but at index 1.
  EXPECT_TRUE(FoldFails(Lines({kMeta10, "", kMeta10}), ErrorCode::kMetaNotFirst, 3, 1,
                        "meta event must be the first non-empty trace record, found at index 1"));
}

TEST(DocumentBuilderLinesTest, CrlfLinesFold) {
  const std::string text = std::string(kMeta10) + "\r\n\r\n  \r\n" + SpanStart("a", 0) + "\r\n" +
                           SpanEnd("a", 3) + "\r\n" + CompleteTerminalAt(3) + "\r\n";
  const Result<TraceDocument> doc = Read(text);
  ASSERT_THAT(doc, Succeeds());
  ASSERT_EQ(doc.value().spans().size(), 1u);
  EXPECT_EQ(doc.value().spans()[0].duration_ns, 3u);
}

TEST(DocumentBuilderLinesTest, CrlfErrorsNameThePhysicalLine) {
  const std::string text = std::string(kMeta10) + "\r\n\r\n" + SpanStart("a", 0) + "\r\n" +
                           SpanStart("a", 0) + "\r\n" + CompleteTerminalAt(3) + "\r\n";
  EXPECT_TRUE(FoldFails(text, ErrorCode::kDuplicateSpanStart, 4, 2,
                        "duplicate span_start id `a` at index 2"));
}

TEST(DocumentBuilderLinesTest, LastLineWithoutNewlineIsRead) {
  const std::string text = std::string(kMeta10) + "\n" + CompleteTerminalAt(0);
  EXPECT_TRUE(FoldSucceeds(text));
  EXPECT_TRUE(FoldFails(std::string(kMeta10) + "\n\n" + TerminalWith("failed", 0, ""),
                        ErrorCode::kFailedWithoutReason, 3, 1, kFailedWithoutReasonMessage));
}

TEST(DocumentBuilderLinesTest, SurroundingWhiteSpaceOfARecordIsIgnored) {
  const std::string text =
      " \t" + std::string(kMeta10) + "\xE3\x80\x80\n\xC2\xA0" + CompleteTerminalAt(0) + "  \n";
  EXPECT_TRUE(FoldSucceeds(text));
}

TEST(DocumentBuilderLinesTest, ByteOrderMarkLineIsNotBlank) {
  const std::string text = Lines({kMeta10, "\xEF\xBB\xBF", kCompleteTerminal0});
  EXPECT_THAT(Read(text), FailsWith(ErrorCode::kInvalidJson, 2));
  EXPECT_THAT(Validate(text), FailsWith(ErrorCode::kInvalidJson, 2));
}

// Reads `text` through a file, which the reader takes in chunks of about 1 MiB.
Result<TraceDocument> ReadThroughFile(const std::string& text) {
  const std::filesystem::path path =
      std::filesystem::temp_directory_path() /
      ("tracedoc_document_builder_test_" + std::to_string(::getpid()) + ".jsonl");
  {
    std::ofstream out(path, std::ios::binary);
    out << text;
    EXPECT_TRUE(out.good());
  }
  Result<TraceDocument> result = ReadTrace(TraceInput::FromFile(path));
  std::filesystem::remove(path);
  return result;
}

TEST(DocumentBuilderLinesTest, FileReadAgreesWithStringReadAcrossChunkBoundaries) {
  constexpr std::size_t kMiB = std::size_t{1} << 20;
  // A whitespace-only first line puts its CRLF near the first chunk boundary; a 3 MiB tag value
  // makes one record longer than a chunk; the unknown span_end then sits on line 3 + 2000.
  std::string meta(kMeta10);
  meta.replace(meta.find(R"("tags":{})"), 9,
               R"("tags":{"big":")" + std::string(3 * kMiB, 'x') + R"("})");
  for (std::size_t first = kMiB - 3; first <= kMiB + 2; ++first) {
    SCOPED_TRACE(first);
    std::string text(first, ' ');
    text += "\r\n" + meta + "\r\n";
    for (int i = 0; i < 2000; ++i) text += Gradient("g" + std::to_string(i)) + "\r\n";
    text += SpanEnd("s9", 0) + "\r\n" + CompleteTerminalAt(0) + "\r\n";
    const Result<TraceDocument> from_file = ReadThroughFile(text);
    EXPECT_TRUE(FoldFails(text, ErrorCode::kUnknownSpanEnd, 2003, 2001,
                          "span_end for unknown span `s9` at index 2001"));
    ASSERT_FALSE(from_file);
    EXPECT_EQ(from_file.error(), Read(text).error());
  }
}

TEST(DocumentBuilderLinesTest, FileReadFoldsTheSameDocument) {
  std::string text;
  text += "\n\n" + std::string(kMeta10) + "\n";
  for (int i = 0; i < 30000; ++i) {
    text += SpanStart("s" + std::to_string(i), static_cast<std::uint64_t>(i)) + "\r\n";
    if (i % 3 == 0) text += "   \n";
  }
  text += CompleteTerminalAt(30000);  // no final newline
  const Result<TraceDocument> from_file = ReadThroughFile(text);
  const Result<TraceDocument> from_string = Read(text);
  ASSERT_THAT(from_file, Succeeds());
  ASSERT_THAT(from_string, Succeeds());
  EXPECT_EQ(from_file.value().spans().size(), 30000u);
  EXPECT_TRUE(from_file.value() == from_string.value());
}

// ---- ValidateTrace agrees with ReadTrace -------------------------------------------------------

TEST(DocumentBuilderValidateTest, ValidateFailsExactlyWhereReadFails) {
  const std::vector<std::string> inputs = {
      "",
      Lines({kCompleteTerminal0, kMeta10}),
      Lines({"", kMeta10, "", kMeta10}),
      Lines({kMeta10, kCompleteTerminal0, Gradient("g")}),
      Lines({kMeta10, SpanStart("a", 0), SpanStart("a", 0)}),
      Lines({kMeta10, SpanEnd("a", 0)}),
      Lines({kMeta10, SpanStart("a", 0), SpanEnd("a", 0), SpanEnd("a", 0)}),
      StatsTrace(Stats(" ", "[1]", "1", "0", "0", "0", "0")),
      Lines({kMeta10}),
      Lines({MetaWithSchema(R"(a\"b\t)"), kCompleteTerminal0}),
      Lines({Meta9(), kValidTensorStats, kCompleteTerminal0}),
      Lines({kMeta10, TerminalWith("complete", 0, R"("reason":"")")}),
      Lines({kMeta10, TerminalWith("failed", 0, R"("reason":" ")")}),
      Lines({kMeta10, kEvidenceSpanStart, kEvidenceOp,
             R"({"kind":"span_end","id":"s1","duration_ns":2000})", CompleteTerminalAt(1000)}),
      Lines({kMeta10, "{\"kind\":\"nope\"}"}),
      Lines({kMeta10, "[1]"}),
      Lines({kMeta10, "\xFF"}),
  };
  for (const std::string& text : inputs) {
    SCOPED_TRACE(text);
    const Result<TraceDocument> read = Read(text);
    const Result<void> validated = Validate(text);
    ASSERT_FALSE(read);
    ASSERT_FALSE(validated);
    EXPECT_EQ(validated.error(), read.error());
  }
}

TEST(DocumentBuilderValidateTest, ValidateAcceptsWhatReadAccepts) {
  for (const std::string& text :
       {std::string(testdata::kSample), Lines({kMeta10, "", kCompleteTerminal0}),
        Lines({Meta9(), kCompleteTerminal0}), StatsTrace(kValidTensorStats)}) {
    SCOPED_TRACE(text);
    EXPECT_THAT(Read(text), Succeeds());
    EXPECT_THAT(Validate(text), Succeeds());
  }
}

// ---- the builder's own API ---------------------------------------------------------------------

MetaRecord MetaRecordOf(std::string_view schema) {
  MetaRecord meta;
  meta.schema = schema;
  return meta;
}

TerminalRecord CompleteTerminalRecord(std::uint64_t timestamp_ns) {
  TerminalRecord terminal;
  terminal.timestamp_ns = timestamp_ns;
  return terminal;
}

SpanStartRecord SpanStartRecordOf(std::string_view id, std::uint64_t start_ns) {
  SpanStartRecord start;
  start.id = id;
  start.name = "n";
  start.start_ns = start_ns;
  return start;
}

TEST(DocumentBuilderApiTest, FinishWithoutRecordsIsMissingMeta) {
  DocumentBuilder builder;
  EXPECT_THAT(std::move(builder).Finish(),
              FailsWithMessage(ErrorCode::kMissingMeta, std::string(kMissingMetaMessage)));
  DocumentBuilder other;
  const Result<TraceDocument> result = std::move(other).Finish();
  ASSERT_THAT(result, FailsWith(ErrorCode::kMissingMeta, 0));
  EXPECT_EQ(result.error().index, std::nullopt);
}

TEST(DocumentBuilderApiTest, AddNamesTheGivenPosition) {
  DocumentBuilder builder;
  const Result<void> added = builder.Add(SpanStartRecordOf("a", 0), RecordPosition{42, 7});
  ASSERT_THAT(added, FailsWith(ErrorCode::kMissingMeta, 42));
  EXPECT_EQ(added.error().index, 7u);
  EXPECT_EQ(added.error().message, kMissingMetaMessage);
}

TEST(DocumentBuilderApiTest, ErrorsAreSticky) {
  DocumentBuilder builder;
  ASSERT_THAT(builder.Add(MetaRecordOf(kSchema), {1, 0}), Succeeds());
  const Result<void> first = builder.Add(SpanStartRecordOf("a", 0), {2, 1});
  ASSERT_THAT(first, Succeeds());
  const Result<void> duplicate = builder.Add(SpanStartRecordOf("a", 0), {3, 2});
  ASSERT_THAT(duplicate, FailsWith(ErrorCode::kDuplicateSpanStart, 3));
  // Later records, even valid ones, and Finish report the same error.
  const Result<void> later = builder.Add(CompleteTerminalRecord(0), {4, 3});
  ASSERT_FALSE(later);
  EXPECT_EQ(later.error(), duplicate.error());
  const Result<TraceDocument> finished = std::move(builder).Finish();
  ASSERT_FALSE(finished);
  EXPECT_EQ(finished.error(), duplicate.error());
}

TEST(DocumentBuilderApiTest, TerminalPositionIsUsedByEndChecks) {
  DocumentBuilder builder;
  ASSERT_THAT(builder.Add(MetaRecordOf(kSchema), {3, 0}), Succeeds());
  ASSERT_THAT(builder.Add(SpanStartRecordOf("a", 9), {5, 1}), Succeeds());
  ASSERT_THAT(builder.Add(CompleteTerminalRecord(8), {9, 2}), Succeeds());
  const Result<TraceDocument> result = std::move(builder).Finish();
  ASSERT_THAT(result, FailsWithMessage(ErrorCode::kTerminalBeforeEvidence,
                                       std::string("terminal timestamp 8 precedes host evidence "
                                                   "ending at 9")));
  EXPECT_EQ(result.error().line, 9u);
  EXPECT_EQ(result.error().index, 2u);
}

TEST(DocumentBuilderApiTest, UnsupportedSchemaFailsAtAdd) {
  DocumentBuilder builder;
  const Result<void> added = builder.Add(MetaRecordOf("candle-graph/trace/5"), {1, 0});
  EXPECT_THAT(added, FailsWithMessage(ErrorCode::kUnsupportedSchema,
                                      "unsupported trace schema \"candle-graph/trace/5\"" +
                                          std::string(kSchemaTail)));
}

TEST(DocumentBuilderApiTest, NonFiniteTensorStatsAreInvalid) {
  static constexpr std::uint64_t kShape[] = {2};
  const double kNan = std::numeric_limits<double>::quiet_NaN();
  const double kInf = std::numeric_limits<double>::infinity();
  for (int field = 0; field < 3; ++field) {
    for (const double bad : {kNan, kInf, -kInf}) {
      SCOPED_TRACE(::testing::Message() << "field " << field << " value " << bad);
      TensorStatsRecord stats;
      stats.span_id = "s";
      stats.label = "l";
      stats.shape = ArrayView<std::uint64_t>(kShape, 1);
      stats.dtype = "f32";
      stats.elements = 2;
      stats.rms = 1;
      stats.abs_max = 1;
      stats.mean = 0;
      (field == 0 ? stats.rms : field == 1 ? stats.abs_max : stats.mean) = bad;
      DocumentBuilder builder;
      ASSERT_THAT(builder.Add(MetaRecordOf(kSchema), {1, 0}), Succeeds());
      EXPECT_THAT(builder.Add(stats, {2, 1}),
                  FailsWithMessage(ErrorCode::kInvalidTensorStats,
                                   std::string("invalid tensor_stats event at index 1")));
    }
  }
}

TEST(DocumentBuilderApiTest, BuilderCopiesWhatItKeeps) {
  std::string id = "span-x";
  std::string name = "fn";
  std::string run_id = "run-7";
  std::string reason = "boom";
  DocumentBuilder builder;
  MetaRecord meta = MetaRecordOf(kPreviousSchema);
  meta.run.run_id = run_id;
  ASSERT_THAT(builder.Add(meta, {1, 0}), Succeeds());
  SpanStartRecord start = SpanStartRecordOf(id, 1);
  start.name = name;
  ASSERT_THAT(builder.Add(start, {2, 1}), Succeeds());
  TerminalRecord terminal = CompleteTerminalRecord(1);
  terminal.outcome = RunOutcome::kFailed;
  terminal.reason = reason;
  ASSERT_THAT(builder.Add(terminal, {3, 2}), Succeeds());
  id.assign(id.size(), 'X');
  name.assign(name.size(), 'Y');
  run_id.assign(run_id.size(), 'Z');
  reason.assign(reason.size(), 'W');
  const Result<TraceDocument> doc = std::move(builder).Finish();
  ASSERT_THAT(doc, Succeeds());
  EXPECT_EQ(doc.value().schema(), "candle-graph/trace/9");
  EXPECT_EQ(doc.value().run().run_id, "run-7");
  ASSERT_EQ(doc.value().spans().size(), 1u);
  EXPECT_EQ(doc.value().spans()[0].id, "span-x");
  EXPECT_EQ(doc.value().spans()[0].name, "fn");
  EXPECT_EQ(doc.value().terminal().reason, "boom");
}

TEST(DocumentBuilderApiTest, VerifyWithoutRecordsAgreesWithFinish) {
  const auto feed = [](DocumentBuilder& builder, std::uint64_t terminal_ns) {
    EXPECT_THAT(builder.Add(MetaRecordOf(kSchema), {1, 0}), Succeeds());
    EXPECT_THAT(builder.Add(SpanStartRecordOf("a", 10), {2, 1}), Succeeds());
    EXPECT_THAT(builder.Add(CompleteTerminalRecord(terminal_ns), {4, 2}), Succeeds());
  };
  DocumentBuilder retaining;
  DocumentBuilder verifying(BuildOptions{.retain_records = false});
  feed(retaining, 5);
  feed(verifying, 5);
  const Result<TraceDocument> finished = std::move(retaining).Finish();
  const Result<void> verified = std::move(verifying).Verify();
  ASSERT_THAT(finished, FailsWith(ErrorCode::kTerminalBeforeEvidence, 4));
  ASSERT_FALSE(verified);
  EXPECT_EQ(verified.error(), finished.error());

  DocumentBuilder ok;
  DocumentBuilder ok_verifying(BuildOptions{.retain_records = false});
  feed(ok, 10);
  feed(ok_verifying, 10);
  EXPECT_THAT(std::move(ok).Finish(), Succeeds());
  EXPECT_THAT(std::move(ok_verifying).Verify(), Succeeds());
}

}  // namespace
}  // namespace tracedoc
