// ConvertExport and CheckExport (src/traceml_convert/export_conversion.hpp) called directly on a
// small export: the spans of the run, its ranks, steps and phases in time from the session's
// start, the tags counting what the export told, the log given, and the same errors from both.
#include "traceml_convert/export_conversion.hpp"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "support/matchers.hpp"

namespace tracedoc::traceml_convert {
namespace {

using ::testing::ElementsAre;

// Rank `rank`'s step `step` ending at `end_ns`: forward 2 ms on cuda:0, backward 3 ms on cpu.
std::string Step(std::string rank, std::uint64_t step, std::uint64_t end_ns) {
  return R"({"stream":"step_time","schema_version":1,"observed_timestamp_unix_ns":)" +
         std::to_string(end_ns + 1) + R"(,"rank":)" + rank + R"(,"global_rank":)" + rank +
         R"(,"local_rank":0,"world_size":1,"local_world_size":1,"node_rank":0,"timestamp_unix_ns":)" +
         std::to_string(end_ns) + R"(,"seq":)" + std::to_string(step) + R"(,"step":)" +
         std::to_string(step) +
         R"(,"events":{"forward":{"cuda:0":{"is_gpu":true,"duration_ms":2.0,"cpu_ms":null,"gpu_ms":2.0,"n_calls":1}},"backward":{"cpu":{"is_gpu":false,"duration_ms":3.0,"cpu_ms":3.0,"gpu_ms":null,"n_calls":1}}}})" +
         "\n";
}

constexpr std::uint64_t kEnd1 = 1'000'000'000'000'000'000;
constexpr std::uint64_t kEnd2 = kEnd1 + 10'000'000;

std::optional<std::string_view> TagOf(const TraceDocument& document, std::string_view key) {
  for (const Tag& tag : document.run().tags) {
    if (tag.key == key) return tag.value;
  }
  return std::nullopt;
}

// Each span as `id name start+duration`, in the document's order.
std::vector<std::string> Spans(const TraceDocument& document) {
  std::vector<std::string> spans;
  for (const SpanRecord& span : document.spans()) {
    spans.push_back(std::string(span.id) + " " + std::string(span.name) + " " +
                    std::to_string(span.start_ns) + "+" + std::to_string(span.duration_ns));
  }
  return spans;
}

TEST(ExportConversionTest, StepsAndPhasesAreSpansFromTheSessionsStart) {
  const std::string text = Step("0", 1, kEnd1) + Step("0", 2, kEnd2);
  const auto document = ConvertExport(TraceInput::FromString(text), {});
  ASSERT_THAT(document, Succeeds());
  // Time 0 is the first step's start, 5 ms before its end; the second starts 5 ms after it.
  EXPECT_THAT(Spans(document.value()),
              ::testing::UnorderedElementsAre(
                  "traceml traceml run 0+15000000", "r0 rank 0 0+15000000",
                  "r0.s1 step 1 0+5000000", "r0.s1.p0 forward 0+2000000",
                  "r0.s1.p1 backward 2000000+3000000", "r0.s2 step 2 10000000+5000000",
                  "r0.s2.p0 forward 10000000+2000000", "r0.s2.p1 backward 12000000+3000000"));
  const TraceRunMeta& run = document.value().run();
  EXPECT_EQ(run.entrypoint, "traceml");
  EXPECT_EQ(run.device, "cuda");  // a sample ran on a GPU
  EXPECT_EQ(run.run_id, "traceml-" + std::to_string(kEnd1 - 5'000'000));
  EXPECT_EQ(TagOf(document.value(), "traceml.records"), std::optional<std::string_view>("2"));
  EXPECT_EQ(TagOf(document.value(), "traceml.ranks"), std::optional<std::string_view>("1"));
  EXPECT_EQ(TagOf(document.value(), "traceml.has_hostname"),
            std::optional<std::string_view>("false"));
  EXPECT_EQ(TagOf(document.value(), "traceml.session_start_unix_ns"),
            std::optional<std::string_view>(std::to_string(kEnd1 - 5'000'000)));
  EXPECT_EQ(document.value().terminal().timestamp_ns, 15'000'000u);
}

TEST(ExportConversionTest, UnplacedAndDuplicateRecordsAreCountedAndWarnedOf) {
  const std::string text = Step("0", 1, kEnd1) + Step("null", 1, kEnd2) + Step("0", 1, kEnd2);
  DiagnosticLog log;
  ExportConversionOptions options;
  options.diagnostics = &log;
  const auto document = ConvertExport(TraceInput::FromString(text), options);
  ASSERT_THAT(document, Succeeds());
  EXPECT_EQ(TagOf(document.value(), "traceml.records"), std::optional<std::string_view>("3"));
  EXPECT_EQ(TagOf(document.value(), "traceml.unplaced_records"),
            std::optional<std::string_view>("1"));
  EXPECT_EQ(TagOf(document.value(), "traceml.duplicate_records"),
            std::optional<std::string_view>("1"));
  EXPECT_EQ(TagOf(document.value(), "traceml.warnings"), std::optional<std::string_view>("1"));
  ASSERT_EQ(log.kept.size(), 1u);
  EXPECT_EQ(log.kept[0].code, DiagnosticCode::kTraceMLDuplicateKey);
  EXPECT_EQ(log.kept[0].line, 3u);
  // Only the first step of the key makes spans.
  EXPECT_EQ(Spans(document.value()).size(), 5u);
}

TEST(ExportConversionTest, AnEmptyExportIsARunOfNoTime) {
  const auto document = ConvertExport(TraceInput::FromString(""), {});
  ASSERT_THAT(document, Succeeds());
  EXPECT_THAT(Spans(document.value()), ElementsAre("traceml traceml run 0+0"));
  EXPECT_EQ(document.value().run().device, "cpu");
  EXPECT_EQ(TagOf(document.value(), "traceml.records"), std::optional<std::string_view>("0"));
  EXPECT_THAT(CheckExport(TraceInput::FromString(""), {}), Succeeds());
}

TEST(ExportConversionTest, CheckAndConvertAgreeOnEveryError) {
  const std::string good = Step("0", 1, kEnd1);
  EXPECT_THAT(CheckExport(TraceInput::FromString(good), {}), Succeeds());
  const std::string mismatch = Step("0", 2, kEnd2);
  std::string broken = mismatch;
  broken.replace(broken.find(R"("rank":0)"), 8, R"("rank":1)");
  const std::string text = good + broken;
  EXPECT_THAT(ConvertExport(TraceInput::FromString(text), {}),
              FailsWith(ErrorCode::kTraceMLRankMismatch, 2));
  EXPECT_THAT(CheckExport(TraceInput::FromString(text), {}),
              FailsWith(ErrorCode::kTraceMLRankMismatch, 2));
}

TEST(ExportConversionTest, ARecordBoundFromTheReadOptionsApplies) {
  const std::string text = Step("0", 1, kEnd1) + Step("0", 2, kEnd2);
  ExportConversionOptions options;
  options.read.max_records = 1;
  EXPECT_THAT(ConvertExport(TraceInput::FromString(text), options),
              FailsWith(ErrorCode::kLimitExceeded, 2));
  EXPECT_THAT(CheckExport(TraceInput::FromString(text), options),
              FailsWith(ErrorCode::kLimitExceeded, 2));
}

}  // namespace
}  // namespace tracedoc::traceml_convert
