// A spool read into a document (docs/cirron-conversion.md): each conversion rule with specific numbers, and
// a generated spool that converts, writes and reads back.
#include <cmath>
#include <limits>
#include <span>
#include <string>

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "support/cirron_spool_writer.hpp"
#include "support/matchers.hpp"
#include "tracedoc/converted_facts.hpp"
#include "tracedoc/reader.hpp"
#include "tracedoc/writer.hpp"

namespace tracedoc {
namespace {

using testing_support::FailsWithCode;
using ::testing::HasSubstr;

constexpr std::uint64_t kT0 = 1'764'000'000'000'000'000;

std::string Hex(char c) { return testing_support::CirronHexId(c); }

CirronSpan Span(char id, std::string name, std::optional<char> parent, std::uint64_t start,
                std::uint64_t end) {
  return testing_support::CirronSpanOf(id, std::move(name), parent, kT0 + start, kT0 + end);
}

CirronSnapshot Snapshot(char id, char span, CirronTensorStats stats) {
  CirronSnapshot snapshot;
  snapshot.id = Hex(id);
  snapshot.span_id = Hex(span);
  snapshot.tensor_name = "layer.weight";
  snapshot.shape = {2, 3, 4};
  snapshot.dtype = "float32";
  snapshot.stats = stats;
  snapshot.ts_ns = kT0 + 50;
  snapshot.attrs_json = "{}";
  return snapshot;
}

CirronMark Mark(char id, std::string span_id, CirronMarkValue value, std::uint64_t ts) {
  return testing_support::CirronMarkOf(id, std::move(span_id), std::move(value), kT0 + ts);
}

// A session (0..100) with a step[4] (10..60) holding a forward (20..40, gpu_ns 7).
CirronSpool SmallSpool() {
  CirronBatch batch;
  batch.batch_id = Hex('b');
  batch.sdk_version = "0.3.1";
  batch.created_ns = kT0 + 200;
  batch.file_name = "x.json";
  batch.spans.push_back(Span('a', "cirron.session", std::nullopt, 0, 100));
  CirronSpan step = Span('c', "step", 'a', 10, 60);
  step.index = 4;
  batch.spans.push_back(step);
  CirronSpan forward = Span('d', "forward", 'c', 20, 40);
  forward.gpu_ns = 7;
  batch.spans.push_back(forward);
  CirronSpool spool;
  spool.batches.push_back(batch);
  return spool;
}

TraceDocument Convert(const CirronSpool& spool) {
  Result<TraceDocument> document = testing_support::ConvertTypedSpool(spool);
  EXPECT_TRUE(document) << (document ? "" : document.error().message);
  return std::move(document).value();
}

SpanRecord SpanNamed(const TraceDocument& document, std::string_view name) {
  for (const SpanRecord& span : document.spans()) {
    if (span.name == name) return span;
  }
  ADD_FAILURE() << "no span " << name;
  return document.spans().front();
}

std::string UnknownJson(const UnknownFields& unknown, std::string_view key) {
  for (const UnknownField field : unknown) {
    if (field.key == key) return std::string(field.json);
  }
  return "<absent>";
}

TEST(CirronConvertTest, SpansArePairsRelativeToTheEarliestStart) {
  const TraceDocument document = Convert(SmallSpool());
  ASSERT_EQ(document.spans().size(), 3u);
  const SpanRecord& session = SpanNamed(document, "cirron.session");
  EXPECT_EQ(session.start_ns, 0u);
  EXPECT_EQ(session.duration_ns, 100u);
  EXPECT_TRUE(session.measured);
  const SpanRecord& step = SpanNamed(document, "step[4]");
  EXPECT_EQ(step.start_ns, 10u);
  EXPECT_EQ(step.duration_ns, 50u);
  EXPECT_FALSE(step.measured);
  EXPECT_EQ(step.parent_id, std::optional<std::string_view>(Hex('a')));
  EXPECT_EQ(UnknownJson(step.start_unknown, "cirron_index"), "4");
  EXPECT_EQ(SpanNamed(document, "forward").step, ExecutionStep::kForward);
  EXPECT_EQ(document.terminal().timestamp_ns, 100u);
  EXPECT_EQ(document.terminal().outcome, RunOutcome::kComplete);
}

TEST(CirronConvertTest, PhasesGiveTheSpanStep) {
  CirronSpool spool = SmallSpool();
  spool.batches[0].spans.push_back(Span('e', "backward", 'c', 40, 50));
  spool.batches[0].spans.push_back(Span('f', "optimizer_step", 'c', 50, 55));
  spool.batches[0].spans.push_back(Span('1', "data_load", 'c', 10, 20));
  const TraceDocument document = Convert(spool);
  EXPECT_EQ(SpanNamed(document, "backward").step, ExecutionStep::kBackward);
  EXPECT_EQ(SpanNamed(document, "optimizer_step").step, ExecutionStep::kOptimizer);
  EXPECT_EQ(SpanNamed(document, "data_load").step, std::nullopt);
}

TEST(CirronConvertTest, MetaCarriesTheSessionStartAndTheSpoolFacts) {
  const TraceDocument document = Convert(SmallSpool());
  const TraceRunMeta& run = document.run();
  EXPECT_EQ(document.schema(), "candle-graph/trace/10");
  EXPECT_EQ(run.run_id, Hex('a'));
  EXPECT_EQ(run.correlation_id, Hex('b'));
  EXPECT_EQ(run.timestamp, "2025-11-24T16:00:00.000000000Z");
  EXPECT_EQ(run.device, "cuda");
  EXPECT_EQ(run.capture_step, 1u);
  EXPECT_EQ(run.phase, ExecutionPhase::kTrain);
  const Tag expected_start{"cirron.session_start_ns", "1764000000000000000"};
  EXPECT_NE(std::find(run.tags.begin(), run.tags.end(), expected_start), run.tags.end());
  EXPECT_THAT(UnknownJson(run.unknown, "cirron_batches"), HasSubstr("\"sdk_version\":\"0.3.1\""));
}

TEST(CirronConvertTest, GpuTimeIsADeviceIntervalAtTheSpanStart) {
  const TraceDocument document = Convert(SmallSpool());
  ASSERT_EQ(document.device_intervals().size(), 1u);
  const DeviceIntervalRecord& interval = document.device_intervals()[0];
  EXPECT_EQ(interval.span_id, Hex('d'));
  EXPECT_EQ(interval.device, "cuda");
  EXPECT_EQ(interval.start_ns, 20u);
  EXPECT_EQ(interval.duration_ns, 7u);
}

TEST(CirronConvertTest, SnapshotStatsBecomeTensorStats) {
  CirronSpool spool = SmallSpool();
  CirronTensorStats stats;
  stats.mean = 3;
  stats.std = 4;
  stats.min = -9;
  stats.max = 2;
  stats.norm = 11;
  spool.batches[0].snapshots.push_back(Snapshot('5', 'c', stats));
  const TraceDocument document = Convert(spool);
  ASSERT_EQ(document.tensor_stats().size(), 1u);
  const TensorStatsRecord& record = document.tensor_stats()[0];
  EXPECT_EQ(record.label, "layer.weight");
  EXPECT_EQ(record.elements, 24u);   // 2 × 3 × 4
  EXPECT_EQ(record.rms, 5.0);        // sqrt(3² + 4²)
  EXPECT_EQ(record.abs_max, 9.0);    // max(|-9|, |2|)
  EXPECT_EQ(record.mean, 3.0);
  EXPECT_EQ(record.non_finite, 0u);
  EXPECT_EQ(UnknownJson(record.unknown, "cirron_id"), "\"" + Hex('5') + "\"");
  EXPECT_THAT(UnknownJson(record.unknown, "cirron_stats"), HasSubstr("\"norm\":11.0"));
}

TEST(CirronConvertTest, NonFiniteStatsStayOnTheSpanAsSnapshots) {
  CirronSpool spool = SmallSpool();
  CirronTensorStats stats;
  stats.mean = std::numeric_limits<double>::quiet_NaN();
  stats.max = std::numeric_limits<double>::infinity();
  spool.batches[0].snapshots.push_back(Snapshot('5', 'c', stats));
  const TraceDocument document = Convert(spool);
  EXPECT_TRUE(document.tensor_stats().empty());
  const std::string kept = UnknownJson(SpanNamed(document, "step[4]").start_unknown,
                                       "cirron_snapshots");
  EXPECT_THAT(kept, HasSubstr("\"mean\":\"NaN\""));
  EXPECT_THAT(kept, HasSubstr("\"max\":\"Infinity\""));
  // Whole: its arrays too (a foreign record's arrays were once left out).
  EXPECT_THAT(kept, HasSubstr("\"shape\":[2,3,4]"));
}

TEST(CirronConvertTest, MarksLandOnTheirSpanOrOnTheMeta) {
  CirronSpool spool = SmallSpool();
  spool.batches[0].marks.push_back(Mark('6', Hex('c'), 0.25, 30));
  spool.batches[0].marks.push_back(
      Mark('7', Hex('c'), std::numeric_limits<double>::quiet_NaN(), 35));
  spool.batches[0].marks.push_back(Mark('8', "root", std::int64_t{3}, 150));
  spool.batches[0].marks.push_back(Mark('9', Hex('e'), true, 40));  // an evicted span
  const TraceDocument document = Convert(spool);
  const std::string on_step =
      UnknownJson(SpanNamed(document, "step[4]").start_unknown, kCirronMarksKey);
  EXPECT_THAT(on_step, HasSubstr("\"value_type\":\"float\",\"value\":0.25"));
  EXPECT_THAT(on_step, HasSubstr("\"value\":\"NaN\""));
  const std::string on_meta = UnknownJson(document.run().unknown, kCirronMarksKey);
  EXPECT_THAT(on_meta, HasSubstr("\"span_id\":\"root\",\"name\":\"loss\",\"value_type\":\"int\",\"value\":3"));
  EXPECT_THAT(on_meta, HasSubstr("\"value_type\":\"bool\",\"value\":true"));
  EXPECT_EQ(document.terminal().timestamp_ns, 150u);  // the latest evidence is the root mark

  // The numeric ones as the document's typed facts: the meta's first, then the step's; the
  // bool mark is not numeric. Times are relative to the earliest start, as the spans'.
  const std::span<const tracedoc::Mark> marks = document.converted_facts().marks;
  ASSERT_EQ(marks.size(), 3u);
  EXPECT_FALSE(marks[0].on_span);
  EXPECT_TRUE(marks[0].is_number);
  EXPECT_EQ(marks[0].value, 3.0);
  EXPECT_TRUE(marks[1].on_span);
  EXPECT_EQ(document.spans()[marks[1].span].name, "step[4]");
  EXPECT_EQ(marks[1].value, 0.25);
  EXPECT_FALSE(marks[2].is_number);
  EXPECT_EQ(marks[2].text, "NaN");
  EXPECT_EQ(marks[2].ts_ns - marks[1].ts_ns, 5u);
}

TEST(CirronConvertTest, UnknownKeysKeepTheirValuesWithNonFiniteQuoted) {
  CirronSpool spool = SmallSpool();
  spool.batches[0].spans[1].unknown.push_back({"temperature", "[1.5,NaN,-Infinity]"});
  spool.batches[0].spans[1].attrs_json = R"({"lr":Infinity,"tag":"NaN in a string"})";
  const TraceDocument document = Convert(spool);
  const SpanRecord& step = SpanNamed(document, "step[4]");
  EXPECT_EQ(UnknownJson(step.start_unknown, "cirron_unknown"),
            R"({"temperature":[1.5,"NaN","-Infinity"]})");
  EXPECT_EQ(UnknownJson(step.start_unknown, "cirron_attrs"),
            R"({"lr":"Infinity","tag":"NaN in a string"})");
}

TEST(CirronConvertTest, AnEmptySpoolIsAnError) {
  EXPECT_THAT(testing_support::ConvertTypedSpool(CirronSpool{}),
              FailsWithCode(ErrorCode::kCirronEmptySpool));
}

TEST(CirronConvertTest, AGeneratedSpoolWritesAndReadsBack) {
  testing_support::CirronSpoolPlan plan;
  plan.seed = 11;
  const testing_support::GeneratedSpool generated = testing_support::GenerateCirronSpool(plan);
  CirronSpool spool;
  spool.batches = generated.batches;
  const TraceDocument document = Convert(spool);
  const std::string written = WriteJsonl(document);
  const Result<TraceDocument> again = ReadTrace(TraceInput::FromString(written));
  ASSERT_TRUE(again) << again.error().message;
  EXPECT_EQ(WriteJsonl(again.value()), written);
  EXPECT_GT(document.spans().size(), 5u);
}

}  // namespace
}  // namespace tracedoc
