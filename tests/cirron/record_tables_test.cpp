// The value rules and tables of a batch's records (src/cirron/record_tables.hpp), each rule on
// one parsed value: the spool's own types (ids, "root", schema_version, histograms, attrs),
// what they write back for a converted record, and the tables' key order that the reader's
// rules across fields depend on.
#include "cirron/record_tables.hpp"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <limits>
#include <string>
#include <string_view>
#include <vector>

#include "emit/json_emitter.hpp"
#include "emit/json_sink.hpp"
#include "json/json_tape.hpp"
#include "support/matchers.hpp"
#include "util/arena.hpp"

namespace tracedoc::cirron {
namespace {

using ::testing::ElementsAre;

// One JSON value parsed on its own tape (NaN and the infinities allowed, as a spool's are),
// and a context to read it with. The tape points into the text: it is kept here.
class OneValue {
 public:
  explicit OneValue(std::string json) : json_(std::move(json)) {
    json::ParseOptions options;
    options.allow_non_finite = true;
    options.track_offsets = true;
    EXPECT_EQ(tape_.Parse(json_, options).status, json::SyntaxStatus::kOk) << json_;
  }
  format::DecodeContext& ctx() { return ctx_; }

  template <class Value>
  bool Read(Value& out) {
    return ReadValue(ctx_, 0, out);
  }

 private:
  std::string json_;
  json::Tape tape_;
  util::Arena arena_{4096};
  format::DecodeContext ctx_{tape_, arena_};
};

MATCHER_P2(IsError, code, message,
           std::string("is ") + std::string(ErrorCodeName(code)) + ": " + message) {
  return arg.code == code && arg.message == message;
}

// The error `json` is refused with when read as a Value.
template <class Value>
Error Refusal(std::string json) {
  OneValue one(json);
  Value out{};
  EXPECT_FALSE(one.Read(out)) << json;
  return one.ctx().error;
}

template <class Value>
std::string Written(const Value& value) {
  std::string out;
  {
    emit::JsonSink sink(out, false);
    emit::JsonEmitter json(sink);
    WriteValue(json, value);
  }
  return out;
}

template <class Record>
std::vector<std::string_view> Keys(std::span<const format::FieldSpec<Record>> fields) {
  std::vector<std::string_view> keys;
  for (const auto& field : fields) keys.push_back(field.name);
  return keys;
}

std::string Bins(std::string_view middle) {
  return "[0, 1, 2, 3, 4, 5, 6, 7, " + std::string(middle) + ", 9, 10, 11, 12, 13, 14, 15, 16]";
}

TEST(RecordTablesTest, HexIdIsThirtyTwoLowerCaseHexDigits) {
  HexId id;
  OneValue good(R"("0123456789abcdef0123456789abcdef")");
  EXPECT_TRUE(good.Read(id));
  EXPECT_EQ(id.text, "0123456789abcdef0123456789abcdef");

  EXPECT_EQ(Refusal<HexId>(R"("0123456789ABCDEF0123456789abcdef")").code,
            ErrorCode::kCirronInvalidId);
  EXPECT_EQ(Refusal<HexId>(R"("0123456789abcdef0123456789abcde")").code,
            ErrorCode::kCirronInvalidId);
  // Not a string at all is a type error, not a bad id.
  EXPECT_EQ(Refusal<HexId>("12").code, ErrorCode::kInvalidType);
}

TEST(RecordTablesTest, AMarksSpanIdMayBeExactlyRoot) {
  MarkSpanId span;
  OneValue root(R"("root")");
  EXPECT_TRUE(root.Read(span));
  EXPECT_TRUE(span.root());
  OneValue id(R"("ffffffffffffffffffffffffffffffff")");
  EXPECT_TRUE(id.Read(span));
  EXPECT_FALSE(span.root());
  EXPECT_THAT(Refusal<MarkSpanId>(R"("Root")"),
              IsError(ErrorCode::kCirronInvalidId,
                      "a mark's span_id is 32 lower-case hex digits or \"root\""));
}

TEST(RecordTablesTest, SchemaVersionIsTheIntegerOne) {
  SchemaVersion version;
  OneValue one("1");
  EXPECT_TRUE(one.Read(version));
  EXPECT_THAT(Refusal<SchemaVersion>("2"), IsError(ErrorCode::kCirronUnsupportedSchema,
                                                   "schema_version `2` is not 1, the one read"));
  // 1.0 is equal to 1 but is not the integer the SDK writes.
  EXPECT_EQ(Refusal<SchemaVersion>("1.0").code, ErrorCode::kCirronUnsupportedSchema);
  EXPECT_EQ(Refusal<SchemaVersion>(R"("1")").code, ErrorCode::kCirronUnsupportedSchema);
}

TEST(RecordTablesTest, HistogramBinsAreSeventeenNonDecreasingEdges) {
  HistogramBins bins;
  OneValue good(Bins("8"));
  ASSERT_TRUE(good.Read(bins));
  EXPECT_EQ(bins.edges[8], 8.0);
  EXPECT_EQ(bins.edges[16], 16.0);
  // Equal neighbours are not below one another.
  OneValue flat(Bins("7"));
  EXPECT_TRUE(flat.Read(bins));
  // A NaN edge compares with nothing, so it passes.
  OneValue nan(Bins("NaN"));
  EXPECT_TRUE(nan.Read(bins));
  EXPECT_TRUE(std::isnan(bins.edges[8]));

  EXPECT_THAT(Refusal<HistogramBins>(Bins("6.5")),
              IsError(ErrorCode::kCirronInvalidHistogram, "a bin below the one before it"));
  EXPECT_THAT(Refusal<HistogramBins>("[0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15]"),
              IsError(ErrorCode::kCirronInvalidHistogram, "17 bins, not 16"));
}

TEST(RecordTablesTest, HistogramCountsAreSixteenNonNegativeIntegers) {
  HistogramCounts counts;
  OneValue good("[0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 18446744073709551615]");
  ASSERT_TRUE(good.Read(counts));
  EXPECT_EQ(counts.counts[1], 1u);
  EXPECT_EQ(counts.counts[15], std::numeric_limits<std::uint64_t>::max());

  EXPECT_THAT(Refusal<HistogramCounts>("[0, 1, 2, -3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15]"),
              IsError(ErrorCode::kCirronInvalidHistogram, "a negative count"));
  EXPECT_THAT(
      Refusal<HistogramCounts>("[0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16]"),
      IsError(ErrorCode::kCirronInvalidHistogram, "16 counts, not 17"));
}

TEST(RecordTablesTest, AttrsAreKeptAsCompactJson) {
  JsonObjectText attrs;
  OneValue object(R"({"lr": 0.001, "tags": ["a", "b"], "nested": {"x": null}})");
  ASSERT_TRUE(object.Read(attrs));
  EXPECT_EQ(attrs.json, R"({"lr":0.001,"tags":["a","b"],"nested":{"x":null}})");
  EXPECT_EQ(Refusal<JsonObjectText>("[1]").code, ErrorCode::kInvalidType);
}

TEST(RecordTablesTest, AttrsWithNonFiniteNumbersAreJsonOnlyWhenAsked) {
  JsonObjectText attrs;
  OneValue as_written(R"({"loss": NaN})");
  ASSERT_TRUE(as_written.Read(attrs));
  EXPECT_EQ(attrs.json, R"({"loss":NaN})");
  OneValue converted(R"({"loss": -Infinity})");
  converted.ctx().non_finite_as_strings = true;
  ASSERT_TRUE(converted.Read(attrs));
  EXPECT_EQ(attrs.json, R"({"loss":"-Infinity"})");
}

TEST(RecordTablesTest, NonFiniteNumbersAreWrittenAsPythonSpellsThem) {
  EXPECT_EQ(Written(SpoolNumber{0.5}), "0.5");
  EXPECT_EQ(Written(SpoolNumber{std::numeric_limits<double>::quiet_NaN()}), "\"NaN\"");
  EXPECT_EQ(Written(SpoolNumber{std::numeric_limits<double>::infinity()}), "\"Infinity\"");
  EXPECT_EQ(Written(SpoolNumber{-std::numeric_limits<double>::infinity()}), "\"-Infinity\"");
}

TEST(RecordTablesTest, MarkValuesAreWrittenAsTheirType) {
  MarkValue value;
  value.typed = std::numeric_limits<std::int64_t>::min();
  EXPECT_EQ(Written(value), "-9223372036854775808");
  value.typed = std::string_view("a\"b");
  EXPECT_EQ(Written(value), R"("a\"b")");
  value.typed = false;
  EXPECT_EQ(Written(value), "false");
  value.typed = std::numeric_limits<double>::quiet_NaN();
  EXPECT_EQ(Written(value), "\"NaN\"");
  EXPECT_EQ(Written(SchemaVersion{}), "1");
}

// Edges are doubles, written as doubles (`1.0`); counts as integers.
TEST(RecordTablesTest, HistogramsAreWrittenWithTheirBinsAndCounts) {
  HistogramView histogram;
  for (std::size_t i = 0; i < histogram.bins.edges.size(); ++i) {
    histogram.bins.edges[i] = static_cast<double>(i) / 2;
  }
  histogram.counts.counts[0] = 3;
  histogram.counts.counts[15] = 4;
  EXPECT_EQ(Written(histogram),
            R"({"bins":[0.0,0.5,1.0,1.5,2.0,2.5,3.0,3.5,4.0,4.5,5.0,5.5,6.0,6.5,7.0,7.5,8.0],)"
            R"("counts":[3,0,0,0,0,0,0,0,0,0,0,0,0,0,0,4]})");
}

TEST(RecordTablesTest, TablesReadEachRuleAfterTheFieldsItLooksAt) {
  // end_ns after start_ns, value after value_type, blob_uri after mode: the rules across
  // fields read the earlier field's member (kRecordPolicy.table_order).
  EXPECT_TRUE(kRecordPolicy.table_order);
  EXPECT_THAT(Keys(BatchFields()), ElementsAre("schema_version", "sdk_version", "batch_id",
                                               "created_ns", "spans", "marks", "snapshots"));
  EXPECT_THAT(Keys(SpanFields()), ElementsAre("id", "name", "parent_id", "index", "start_ns",
                                              "end_ns", "cpu_ns", "gpu_ns", "memory_peak_bytes",
                                              "thread_id", "pid", "rank", "attrs", "mark_ids"));
  EXPECT_THAT(Keys(MarkFields()), ElementsAre("id", "span_id", "name", "value_type", "value",
                                              "attrs", "ts_ns", "kind"));
  EXPECT_THAT(Keys(SnapshotFields()), ElementsAre("id", "span_id", "tensor_name", "shape", "dtype",
                                                  "mode", "stats", "blob_uri", "ts_ns", "attrs"));
  EXPECT_THAT(Keys(StatsFields()), ElementsAre("mean", "std", "min", "max", "norm", "histogram"));
  EXPECT_THAT(Keys(HistogramFields()), ElementsAre("bins", "counts"));
}

}  // namespace
}  // namespace tracedoc::cirron
