// What the schemas cannot say, each shown on a line or trace where schema and tracedoc differ
// (schemas/README.md lists the same points): per-line checks only, no duplicate keys, no
// numbers beyond the double range, and the revision rules that belong to the fold.
#include <gtest/gtest.h>

#include <string>

#include "line_schema.hpp"
#include "record_lines.hpp"
#include "support/test_traces.hpp"
#include "tracedoc/reader.hpp"
#include "tracedoc/record_decoder.hpp"

namespace tracedoc::schema_test {
namespace {

ErrorCode ReadCode(const std::string& trace) {
  const auto read = ReadTrace(TraceInput::FromString(trace));
  EXPECT_FALSE(read.has_value());
  return read.has_value() ? ErrorCode::kIoError : read.error().code;
}

TEST(SchemaLimitsTest, EachSchemaAcceptsOnlyItsOwnRevisionsMeta) {
  EXPECT_TRUE(SchemaFor(Revision::kTrace10).Check(testdata::kMeta10).valid);
  EXPECT_FALSE(SchemaFor(Revision::kTrace9).Check(testdata::kMeta10).valid);
  EXPECT_TRUE(SchemaFor(Revision::kTrace9).Check(testdata::Meta9()).valid);
  EXPECT_FALSE(SchemaFor(Revision::kTrace10).Check(testdata::Meta9()).valid);
}

TEST(SchemaLimitsTest, TensorStatsIsRejectedByTheTrace9SchemaButOnlyByTheFold) {
  EXPECT_TRUE(SchemaFor(Revision::kTrace10).Check(kFullTensorStats).valid);
  EXPECT_FALSE(SchemaFor(Revision::kTrace9).Check(kFullTensorStats).valid);
  RecordDecoder decoder;
  EXPECT_TRUE(decoder.Decode(kFullTensorStats).has_value());
  EXPECT_EQ(ReadCode(testdata::Lines(
                {testdata::Meta9(), kFullTensorStats, testdata::kCompleteTerminal0})),
            ErrorCode::kSchemaLacksTensorStats);
}

TEST(SchemaLimitsTest, DuplicateKeysAreInvisibleToTheSchema) {
  // JSON Schema sees an object, not its text: a repeated key with valid values passes.
  const std::string line = R"({"kind":"span_end","kind":"span_end","id":"a","duration_ns":1})";
  EXPECT_TRUE(SchemaFor(Revision::kTrace10).Check(line).valid);
  RecordDecoder decoder;
  const auto decoded = decoder.Decode(line);
  ASSERT_FALSE(decoded.has_value());
  EXPECT_EQ(decoded.error().code, ErrorCode::kDuplicateKey);
  EXPECT_EQ(decoded.error().field, "kind");
}

TEST(SchemaLimitsTest, NegativeZeroIsAnIntegerToRapidJson) {
  const std::string line = R"({"kind":"span_end","id":"a","duration_ns":-0})";
  EXPECT_TRUE(SchemaFor(Revision::kTrace10).Check(line).valid);
  RecordDecoder decoder;
  const auto decoded = decoder.Decode(line);
  ASSERT_FALSE(decoded.has_value());
  EXPECT_EQ(decoded.error().code, ErrorCode::kOutOfRange);
}

TEST(SchemaLimitsTest, FloatLiteralsAreNotIntegersToRapidJson) {
  // Draft-04 `integer` in RapidJSON goes by the literal: `1.0`, `1e3` and 2^64 are read as
  // doubles and fail `"type":"integer"`, as they fail tracedoc's u64; an f64 field takes them.
  const LineSchema& schema = SchemaFor(Revision::kTrace10);
  RecordDecoder decoder;
  for (const std::string literal : {"1.0", "1e3", "18446744073709551616"}) {
    SCOPED_TRACE(literal);
    const SchemaVerdict u64 = schema.CheckDefinition("u64", literal);
    EXPECT_TRUE(u64.parsed);
    EXPECT_FALSE(u64.valid);
    EXPECT_NE(u64.reason.find("type"), std::string::npos) << u64.reason;
    EXPECT_TRUE(schema.CheckDefinition("f64", literal).valid);

    const std::string line = R"({"kind":"span_end","id":"a","duration_ns":)" + literal + "}";
    EXPECT_FALSE(schema.Check(line).valid);
    const auto decoded = decoder.Decode(line);
    ASSERT_FALSE(decoded.has_value());
    EXPECT_EQ(decoded.error().code,
              literal.find('.') == std::string::npos && literal.find('e') == std::string::npos
                  ? ErrorCode::kOutOfRange
                  : ErrorCode::kInvalidType);
  }
  EXPECT_TRUE(schema.CheckDefinition("u64", "18446744073709551615").valid);
  EXPECT_NE(schema.CheckDefinition("u64", "-1").reason.find("minimum"), std::string::npos);
}

TEST(SchemaLimitsTest, NumbersBeyondTheDoubleRangeDoNotParse) {
  // Both reject, but RapidJSON before any schema keyword is applied.
  const std::string line =
      R"({"kind":"gradient","event_id":"g","root":"r","key":"k","state":"present","norm":1E400})";
  const SchemaVerdict verdict = SchemaFor(Revision::kTrace10).Check(line);
  EXPECT_FALSE(verdict.parsed);
  RecordDecoder decoder;
  const auto decoded = decoder.Decode(line);
  ASSERT_FALSE(decoded.has_value());
  EXPECT_EQ(decoded.error().code, ErrorCode::kOutOfRange);
}

TEST(SchemaLimitsTest, FoldRulesSpanLinesAndAreNotInTheSchema) {
  // Each line is valid on its own; the trace is not.
  struct Case {
    std::string trace;
    ErrorCode code;
  };
  const std::string meta(testdata::kMeta10);
  const std::string end = std::string(testdata::kCompleteTerminal0);
  const Case cases[] = {
      {testdata::Lines({meta, meta, end}), ErrorCode::kMetaNotFirst},
      {testdata::Lines({meta}), ErrorCode::kMissingTerminal},
      {testdata::Lines({meta, R"({"kind":"span_end","id":"a"})", end}), ErrorCode::kUnknownSpanEnd},
      {testdata::Lines(
           {meta, R"({"kind":"terminal","outcome":"complete","timestamp_ns":0,"reason":"x"})"}),
       ErrorCode::kCompleteWithReason},
      {testdata::Lines(
           {meta, R"({"kind":"terminal","outcome":"failed","timestamp_ns":0,"reason":" "})"}),
       ErrorCode::kFailedWithoutReason},
      {testdata::Lines(
           {meta,
            R"({"kind":"tensor_stats","span_id":"s","label":"l","shape":[2],"dtype":"f32","elements":3,"non_finite":0,"rms":1,"abs_max":1,"mean":0})",
            end}),
       ErrorCode::kInvalidTensorStats},
      {testdata::Lines(
           {meta,
            R"({"kind":"memory","timestamp_ns":9,"storage_id":"s","tensor_id":"t","span_id":"a","device":"cpu","bytes":1,"action":"alloc","dtype":"f32"})",
            end}),
       ErrorCode::kTerminalBeforeEvidence},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(c.trace);
    std::size_t start = 0;
    while (start < c.trace.size()) {
      const std::size_t stop = c.trace.find('\n', start);
      const std::string line = c.trace.substr(start, stop - start);
      start = stop + 1;
      const SchemaVerdict verdict = SchemaFor(Revision::kTrace10).Check(line);
      EXPECT_TRUE(verdict.valid) << line << ": " << verdict.reason;
    }
    EXPECT_EQ(ErrorCodeName(ReadCode(c.trace)), ErrorCodeName(c.code));
  }
}

}  // namespace
}  // namespace tracedoc::schema_test
