// AnalyzeHealth on a trace/6 document (docs/legacy-trace6.md §9.4, issue 15): each trace/6 code
// with its message, the trusted flag (`structurally_valid`), and JSON with one edge count.
#include <string>
#include <string_view>

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "tracedoc/reader.hpp"
#include "tracedoc/health.hpp"

namespace tracedoc {
namespace {

using ::testing::ElementsAre;

constexpr std::string_view kMeta =
    R"({"kind":"meta","schema":"candle-graph/trace/6","run_id":"r","correlation_id":"c","entrypoint":"e","phase":"infer","timestamp":"t","capture_step":1,"warmup_steps":0,"device":"cpu","timing_mode":"host","tags":{}}
)";
// One op, one tensor, one alloc and free, one sample: no absence warnings.
constexpr std::string_view kEvidence =
    R"({"kind":"op","span_id":"s","op_name":"m","dtype":"f32","device":"cpu","duration_ns":1,"timestamp_ns":1}
{"kind":"tensor","span_id":"s","tensor_id":"t","dtype":"f32","device":"cpu"}
{"kind":"memory","timestamp_ns":1,"tensor_id":"t","span_id":"s","device":"cpu","bytes":4,"action":"alloc","dtype":"f32"}
{"kind":"memory","timestamp_ns":2,"tensor_id":"t","span_id":"s","device":"cpu","bytes":4,"action":"free","dtype":"f32"}
{"kind":"device_memory","timestamp_ns":1,"device":"cpu","used_bytes":1,"free_bytes":2}
)";

TraceHealth AnalyzeTrace6(std::string_view body) {
  const std::string text = std::string(kMeta) +
                           R"({"kind":"span_start","id":"s","name":"s","start_ns":0,"span_kind":"function","measured":true}
)" + std::string(body) + R"({"kind":"span_end","id":"s","duration_ns":100}
)";
  const Result<TraceDocument> read = ReadTrace(TraceInput::FromString(text));
  EXPECT_TRUE(read.has_value()) << read.error().message;
  return AnalyzeHealth(read.value());
}

HealthIssue Trace6Error(HealthCode code, std::string message) {
  return {HealthSeverity::kError, code, std::move(message)};
}

TEST(Trace6HealthTest, ACleanTraceIsTrustedWithoutIssues) {
  const TraceHealth health = AnalyzeTrace6(kEvidence);
  EXPECT_EQ(health.revision, SchemaRevision::kTrace6);
  EXPECT_TRUE(health.structurally_valid);
  EXPECT_TRUE(health.capture_complete);
  EXPECT_THAT(health.issues, ::testing::IsEmpty());
  EXPECT_EQ(health.coverage.memory_events, 2u);
  EXPECT_EQ(health.coverage.device_memory_samples, 1u);
}

TEST(Trace6HealthTest, ChildrenThatOutlastTheirParentTogetherAreAnError) {
  // Each child lies inside the parent; together they last 120 ns of its 100.
  const TraceHealth health = AnalyzeTrace6(
      std::string(kEvidence) +
      R"({"kind":"span_start","id":"a","parent_id":"s","name":"a","start_ns":0,"span_kind":"function"}
{"kind":"span_end","id":"a","duration_ns":60}
{"kind":"span_start","id":"b","parent_id":"s","name":"b","start_ns":40,"span_kind":"function"}
{"kind":"span_end","id":"b","duration_ns":60}
)");
  EXPECT_FALSE(health.structurally_valid);
  EXPECT_THAT(health.issues, ElementsAre(Trace6Error(
                                 HealthCode::kChildrenExceedParent,
                                 "children of span `s` last 120 ns in total, more than the span's "
                                 "100 ns")));
}

TEST(Trace6HealthTest, AnEdgeToAnUnknownSpanIsOneErrorAndEdgesAreCountedOnce) {
  const TraceHealth health =
      AnalyzeTrace6(std::string(kEvidence) +
                    R"({"kind":"edge","from_span":"s","to_span":"nowhere","duration_ns":5}
{"kind":"edge","from_span":"x","to_span":"y","duration_ns":5}
{"kind":"edge","from_span":"s","to_span":"s","duration_ns":5}
)");
  EXPECT_THAT(health.issues,
              ElementsAre(Trace6Error(HealthCode::kUnknownEdgeSpan,
                                      "edge `s` -> `nowhere` refers to a missing span"),
                          Trace6Error(HealthCode::kUnknownEdgeSpan,
                                      "edge `x` -> `y` refers to a missing span")));
  EXPECT_EQ(health.coverage.call_edges + health.coverage.data_edges, 3u);
}

TEST(Trace6HealthTest, MemoryPairsPerDeviceAndTensor) {
  const TraceHealth health = AnalyzeTrace6(
      std::string(kEvidence) +
      R"({"kind":"memory","timestamp_ns":3,"tensor_id":"u","span_id":"s","device":"cpu","bytes":4,"action":"alloc","dtype":"f32"}
{"kind":"memory","timestamp_ns":3,"tensor_id":"u","span_id":"s","device":"gpu","bytes":4,"action":"alloc","dtype":"f32"}
{"kind":"memory","timestamp_ns":4,"tensor_id":"u","span_id":"s","device":"cpu","bytes":9,"action":"alloc","dtype":"f32"}
{"kind":"memory","timestamp_ns":5,"tensor_id":"v","span_id":"s","device":"cpu","bytes":4,"action":"free","dtype":"f32"}
)");
  // The same tensor on another device is another allocation; sizes are not compared.
  EXPECT_THAT(health.issues,
              ElementsAre(Trace6Error(HealthCode::kDuplicateAllocation,
                                      "tensor `u` on `cpu` was allocated again while live"),
                          Trace6Error(HealthCode::kUnpairedFree,
                                      "tensor `v` on `cpu` was freed while not live")));
}

TEST(Trace6HealthTest, AMemoryEventOutsideItsSpanNamesItsTensor) {
  const TraceHealth health = AnalyzeTrace6(
      std::string(kEvidence) +
      R"({"kind":"memory","timestamp_ns":500,"tensor_id":"late","span_id":"s","device":"cpu","bytes":4,"action":"alloc","dtype":"f32"}
)");
  EXPECT_THAT(health.issues,
              ElementsAre(Trace6Error(HealthCode::kMemoryOutsideSpan,
                                      "memory event for tensor `late` lies outside span `s`")));
}

TEST(Trace6HealthTest, AbsentMemoryPlanesAreWarningsWithTrace6Codes) {
  const TraceHealth health = AnalyzeTrace6(
      R"({"kind":"op","span_id":"s","op_name":"m","dtype":"f32","device":"cpu","duration_ns":1,"timestamp_ns":1}
{"kind":"tensor","span_id":"s","tensor_id":"t","dtype":"f32","device":"cpu"}
)");
  EXPECT_TRUE(health.structurally_valid);
  ASSERT_EQ(health.issues.size(), 2u);
  EXPECT_EQ(health.issues[0].code, HealthCode::kMemoryAbsent);
  EXPECT_EQ(health.issues[0].severity, HealthSeverity::kWarning);
  EXPECT_EQ(health.issues[1].code, HealthCode::kDeviceMemoryAbsent);
  EXPECT_EQ(HealthCodeName(health.issues[0].code), "memory_absent");
  EXPECT_EQ(HealthCodeName(health.issues[1].code), "device_memory_absent");
}

TEST(Trace6HealthTest, JsonHasTrustedIssuesAndCoverageWithOneEdgeCount) {
  const std::string json = WriteHealthJson(AnalyzeTrace6(kEvidence));
  EXPECT_EQ(json,
            R"({"trusted":true,"issues":[],"coverage":{"spans":1,"closed_spans":1,"root_spans":1,)"
            R"("measured_spans":1,"operations":1,"tensors":1,"memory_events":2,)"
            R"("device_memory_samples":1,"gradients":0,"edges":0,"forward_spans":0,)"
            R"("backward_spans":0,"optimizer_spans":0}})");
}

TEST(Trace6HealthTest, JsonShapeFollowsTheReportsRevision) {
  // The same figures written as trace/10's report: the revision alone picks the shape.
  TraceHealth health = AnalyzeTrace6(kEvidence);
  health.revision = SchemaRevision::kTrace10;
  EXPECT_EQ(WriteHealthJson(health),
            R"({"structurally_valid":true,"capture_complete":true,"issues":[],"coverage":)"
            R"({"spans":1,"closed_spans":1,"root_spans":1,"measured_spans":1,"operations":1,)"
            R"("tensors":1,"memory_events":2,"device_memory_samples":1,"device_intervals":0,)"
            R"("gradients":0,"call_edges":0,"data_edges":0,"forward_spans":0,)"
            R"("backward_spans":0,"optimizer_spans":0}})");
}

}  // namespace
}  // namespace tracedoc
