// Health's checks one group at a time (docs/analyses.md §6, docs/legacy-trace6.md §9.4), each run
// alone on a context: the issues each adds, in its order, with their severities and messages;
// and the context itself, which a failed capture makes downgrade some errors to warnings.
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "health/checks.hpp"
#include "health/health_context.hpp"
#include "support/fold_trace.hpp"
#include "support/test_traces.hpp"

namespace tracedoc::health {
namespace {

using ::testing::ElementsAre;
using ::testing::IsEmpty;
using testdata::SpanEndLine;
using testdata::SpanStartLine;

std::vector<std::string> Texts(std::vector<HealthIssue> issues) {
  std::vector<std::string> texts;
  for (const HealthIssue& issue : issues) {
    texts.push_back(std::string(HealthSeverityName(issue.severity)) + " " +
                    std::string(HealthCodeName(issue.code)) + ": " + issue.message);
  }
  return texts;
}

// The issues `check` adds to a fresh context of `document`.
template <class Check>
std::vector<std::string> IssuesOf(const TraceDocument& document, Check check) {
  HealthContext context(document);
  check(context);
  return Texts(std::move(context).TakeIssues());
}

constexpr std::string_view kFailedTerminal =
    R"({"kind":"terminal","outcome":"failed","timestamp_ns":200,"reason":" oom "})";

// META10 with one change.
std::string Meta10With(std::string_view from, std::string_view to) {
  std::string meta(testdata::kMeta10);
  meta.replace(meta.find(from), from.size(), to);
  return meta;
}

TEST(HealthContextTest, AFailedCaptureDowngradesOnlyTheErrorsThatAskForIt) {
  const TraceDocument failed = testing::FoldTrace(testdata::Lines(
      {testdata::kMeta10, SpanStartLine("s", "s", 0), SpanEndLine("s", 10), kFailedTerminal}));
  HealthContext context(failed);
  EXPECT_TRUE(context.failed());
  EXPECT_EQ(&context.document(), &failed);
  context.AddErrorUnlessFailed(HealthCode::kOpenSpan, "first");
  context.AddError(HealthCode::kRootCount, "second");
  context.AddWarning(HealthCode::kTensorsAbsent, "third");
  EXPECT_THAT(Texts(std::move(context).TakeIssues()),
              ElementsAre("warning open_span: first", "error root_count: second",
                          "warning tensors_absent: third"));

  const TraceDocument complete = testing::FoldTrace(
      testdata::Lines({testdata::kMeta10, SpanStartLine("s", "s", 0), SpanEndLine("s", 10),
                       testdata::CompleteTerminalLine(10)}));
  HealthContext complete_context(complete);
  EXPECT_FALSE(complete_context.failed());
  complete_context.AddErrorUnlessFailed(HealthCode::kOpenSpan, "first");
  EXPECT_THAT(Texts(std::move(complete_context).TakeIssues()),
              ElementsAre("error open_span: first"));

  // trace/6 has no terminal, so nothing marks its capture failed.
  const TraceDocument trace6 = testing::FoldTrace(
      testdata::Lines({testdata::kMeta6, SpanStartLine("s", "s", 0), SpanEndLine("s", 10)}));
  EXPECT_FALSE(HealthContext(trace6).failed());
}

TEST(HealthChecksTest, ProvenanceAndTerminalReportTheRunAndAFailedCapturesReasonAsStored) {
  const TraceDocument document = testing::FoldTrace(
      testdata::Lines({Meta10With(R"("capture_step":1)", R"("capture_step":0)"),
                       SpanStartLine("s", "s", 0), SpanEndLine("s", 10), kFailedTerminal}));
  EXPECT_THAT(IssuesOf(document, CheckProvenanceAndTerminal),
              ElementsAre("error run_provenance_invalid: capture_step must be one-based and "
                          "greater than zero",
                          "warning capture_failed:  oom "));
}

// Two roots, none measured, an open span, a child outside its parent and a missing parent.
std::string BrokenSpans(std::string_view terminal) {
  return testdata::Lines({testdata::kMeta10, SpanStartLine("a", "a", 0), SpanEndLine("a", 100),
                          SpanStartLine("b", "b", 0), SpanStartLine("c", "c", 50, "a"),
                          SpanEndLine("c", 60), SpanStartLine("d", "d", 5, "zz"),
                          SpanEndLine("d", 1), terminal});
}

TEST(HealthChecksTest, SpanStructureChecksCountsThenEachSpanInIdOrder) {
  const TraceDocument complete =
      testing::FoldTrace(BrokenSpans(testdata::CompleteTerminalLine(200)));
  EXPECT_THAT(IssuesOf(complete, CheckSpanStructure),
              ElementsAre("error root_count: expected exactly one root span, found 2",
                          "error measurement_count: expected exactly one measured region, found 0",
                          "error open_span: span `b` was not closed",
                          "error child_outside_parent: span `c` lies outside parent `a`",
                          "error unknown_parent: span `d` refers to missing parent `zz`"));
  // A failed capture may have stopped before its measured region, and interrupts its spans.
  const TraceDocument failed = testing::FoldTrace(BrokenSpans(kFailedTerminal));
  EXPECT_THAT(IssuesOf(failed, CheckSpanStructure),
              ElementsAre("error root_count: expected exactly one root span, found 2",
                          "warning open_span: span `b` was interrupted",
                          "error child_outside_parent: span `c` lies outside parent `a`",
                          "error unknown_parent: span `d` refers to missing parent `zz`"));
}

TEST(HealthChecksTest, RecordReferencesLeaveTheEdgesToEvidenceReferences) {
  const TraceDocument document = testing::FoldTrace(testdata::Lines(
      {testdata::kMeta10, SpanStartLine("s", "s", 0), SpanEndLine("s", 100),
       testdata::OpLine("nope", "add", 10, 1),
       // Ends at 110, after its span.
       testdata::OpLine("s", "mm", 90, 20),
       testdata::MemoryLine(150, "st", "cpu", 4, "alloc"),
       R"({"kind":"device_memory","timestamp_ns":5,"device":"cuda:0"})",
       R"({"kind":"edge","edge_kind":"call","from_span":"s","to_span":"nope","host_duration_ns":5})",
       testdata::CompleteTerminalLine(200)}));
  const std::vector<std::string> records = {
      "error unknown_span: operation evidence refers to missing span `nope`",
      "error operation_outside_span: operation `mm` lies outside span `s`",
      "error memory_outside_span: memory event for storage `st` lies outside span `s`",
      "error empty_device_memory_sample: device-memory sample for `cuda:0` contains no "
      "measurements"};
  EXPECT_EQ(IssuesOf(document, CheckRecordReferences), records);
  std::vector<std::string> with_edges = records;
  with_edges.push_back(
      "error unknown_call_edge_span: call edge `s` -> `nope` refers to a missing span");
  EXPECT_EQ(IssuesOf(document, CheckEvidenceReferences), with_edges);
}

TEST(HealthChecksTest, MemoryPairingChecksEachEventPerDeviceAndStorage) {
  using testdata::MemoryLine;
  const TraceDocument document = testing::FoldTrace(testdata::Lines(
      {testdata::kMeta10, SpanStartLine("s", "s", 0), SpanEndLine("s", 100),
       MemoryLine(1, "s1", "cpu", 10, "alloc", "t"),
       MemoryLine(2, "s1", "cpu", 12, "alloc", "u"),  // conflicting size
       MemoryLine(3, "s1", "cpu", 10, "alloc", "v"),  // an alias: no issue
       MemoryLine(4, "s1", "cpu", 10, "alloc", "v"),  // the alias again
       MemoryLine(5, "s1", "cpu", 9, "free"),         // freed with another size, but freed
       MemoryLine(6, "s1", "cpu", 10, "free"),
       MemoryLine(7, "s1", "cuda:0", 4, "alloc"),  // another storage: live at the end
       testdata::CompleteTerminalLine(100)}));
  EXPECT_THAT(
      IssuesOf(document, CheckMemoryPairing),
      ElementsAre("error allocation_size_mismatch: storage `s1` on `cpu` has conflicting "
                  "allocation sizes",
                  "error duplicate_allocation: tensor `v` repeated an allocation for storage "
                  "`s1` on `cpu`",
                  "error allocation_size_mismatch: storage `s1` allocated 10 bytes but freed 9",
                  "error unpaired_free: storage `s1` on `cpu` was freed while not live",
                  "warning retained_allocations: 1 storages remained live at capture end"));
}

TEST(HealthChecksTest, CoverageCountsTheEvidenceAndAbsenceWarnsForEachMissingKind) {
  const TraceDocument sample = testing::FoldTrace(testdata::kSample);
  const EvidenceCoverage coverage = ComputeCoverage(sample);
  EvidenceCoverage expected;
  expected.spans = 2;
  expected.closed_spans = 2;
  expected.root_spans = 1;
  expected.measured_spans = 1;
  expected.operations = 1;
  expected.memory_events = 1;
  expected.gradients = 1;
  expected.call_edges = 1;
  EXPECT_EQ(coverage, expected);
  const auto absent = [&coverage](HealthContext& context) {
    CheckAbsentEvidence(context, coverage);
  };
  // A training run: the step tags are missing too.
  EXPECT_THAT(IssuesOf(sample, absent),
              ElementsAre("warning tensors_absent: no tensor checkpoints were captured",
                          "warning physical_memory_absent: no physical device-memory samples "
                          "were captured",
                          "warning device_timing_absent: no device timing intervals were captured",
                          "warning forward_absent: no forward span was tagged",
                          "warning backward_absent: no backward span was tagged",
                          "warning optimizer_absent: no optimizer span was tagged"));
  // The shared parts alone, on no evidence at all.
  const EvidenceCoverage nothing;
  EXPECT_THAT(IssuesOf(sample, [&nothing](HealthContext& context) {
                CheckAbsentOpsAndTensors(context, nothing);
              }),
              ElementsAre("warning operations_absent: no operation evidence was captured",
                          "warning tensors_absent: no tensor checkpoints were captured"));
  EXPECT_THAT(IssuesOf(sample, [&nothing](HealthContext& context) {
                CheckAbsentTrainingEvidence(context, nothing);
              }),
              ElementsAre("warning gradients_absent: no gradient facts were captured for this "
                          "training run",
                          "warning forward_absent: no forward span was tagged",
                          "warning backward_absent: no backward span was tagged",
                          "warning optimizer_absent: no optimizer span was tagged"));
  // Gradients and step tags mean nothing for an inference run.
  std::string infer(testdata::kSample);
  infer.replace(infer.find(R"("phase":"train")"), 15, R"("phase":"infer")");
  EXPECT_THAT(IssuesOf(testing::FoldTrace(infer), [&nothing](HealthContext& context) {
                CheckAbsentTrainingEvidence(context, nothing);
              }),
              IsEmpty());
}

TEST(HealthChecksTest, GradientsReportARepeatedEventId) {
  std::string text(testdata::kSample);
  const std::string_view gradient =
      R"({"kind":"gradient","event_id":"grad-1","root":"vb","key":"encoder.weight","state":"present","norm":0.42})";
  text.insert(text.find(gradient) + gradient.size() + 1, std::string(gradient) + "\n");
  EXPECT_THAT(IssuesOf(testing::FoldTrace(text), CheckGradients),
              ElementsAre("error duplicate_gradient_event_id: gradient event ID \"grad-1\" "
                          "occurs more than once"));
  EXPECT_THAT(IssuesOf(testing::FoldTrace(testdata::kSample), CheckGradients), IsEmpty());
}

TEST(HealthChecksTest, ASemanticLabelThatNeverOccursIsAnErrorUnlessTheCaptureFailed) {
  const std::string meta =
      Meta10With(R"("device_timing":"none")",
                 R"("device_timing":"none","required_semantic_labels":["loss"])");
  const std::string error = "required_semantic_label_cardinality: required semantic label "
                            "`loss` must occur exactly once; observed 0";
  EXPECT_THAT(IssuesOf(testing::FoldTrace(testdata::Lines({meta, SpanStartLine("s", "s", 0),
                                                      SpanEndLine("s", 10),
                                                      testdata::CompleteTerminalLine(10)})),
                  CheckSemanticLabels),
              ElementsAre("error " + error));
  EXPECT_THAT(IssuesOf(testing::FoldTrace(testdata::Lines(
                      {meta, SpanStartLine("s", "s", 0), SpanEndLine("s", 10), kFailedTerminal})),
                  CheckSemanticLabels),
              ElementsAre("warning " + error));
  // One span named "loss" satisfies it.
  EXPECT_THAT(IssuesOf(testing::FoldTrace(testdata::Lines({meta, SpanStartLine("s", "loss", 0),
                                                      SpanEndLine("s", 10),
                                                      testdata::CompleteTerminalLine(10)})),
                  CheckSemanticLabels),
              IsEmpty());
}

// A trace/6 run: "s" with two children that together outlast it, edges, and memory events.
TraceDocument Trace6Document() {
  using testdata::Trace6MemoryLine;
  return testing::FoldTrace(testdata::Lines(
      {testdata::kMeta6, SpanStartLine("s", "s", 0), SpanStartLine("a", "a", 0, "s"),
       SpanEndLine("a", 60), SpanStartLine("b", "b", 40, "s"), SpanEndLine("b", 60),
       SpanEndLine("s", 100),
       R"({"kind":"edge","from_span":"s","to_span":"a","duration_ns":60})",
       R"({"kind":"edge","from_span":"s","to_span":"nope","duration_ns":1})",
       Trace6MemoryLine(1, "x", "cpu", 4, "alloc"), Trace6MemoryLine(2, "x", "cpu", 4, "alloc"),
       Trace6MemoryLine(2, "x", "cuda:0", 4, "alloc"),  // another device: another key
       Trace6MemoryLine(3, "x", "cpu", 4, "free"), Trace6MemoryLine(4, "x", "cpu", 4, "free"),
       // By timestamp alone, in document order: this free comes before its alloc.
       Trace6MemoryLine(5, "y", "cpu", 4, "free"), Trace6MemoryLine(5, "y", "cpu", 4, "alloc")}));
}

TEST(Trace6ChecksTest, ChildrenEdgesAndMemoryPairing) {
  const TraceDocument document = Trace6Document();
  EXPECT_THAT(IssuesOf(document, CheckTrace6ChildDurations),
              ElementsAre("error children_exceed_parent: children of span `s` last 120 ns in "
                          "total, more than the span's 100 ns"));
  EXPECT_THAT(IssuesOf(document, CheckTrace6Edges),
              ElementsAre("error unknown_edge_span: edge `s` -> `nope` refers to a missing span"));
  EXPECT_THAT(
      IssuesOf(document, CheckTrace6MemoryPairing),
      ElementsAre("error duplicate_allocation: tensor `x` on `cpu` was allocated again while live",
                  "error unpaired_free: tensor `x` on `cpu` was freed while not live",
                  "error unpaired_free: tensor `y` on `cpu` was freed while not live"));
}

TEST(Trace6ChecksTest, AbsenceNamesTheMemoryPlanesTrace6HasAndNoDeviceTiming) {
  const TraceDocument document = Trace6Document();
  const EvidenceCoverage coverage = ComputeCoverage(document);
  EXPECT_EQ(coverage.call_edges, 2u);
  EXPECT_EQ(coverage.memory_events, 7u);
  EXPECT_EQ(coverage.spans, 3u);
  EXPECT_THAT(IssuesOf(document, [&coverage](HealthContext& context) {
                CheckTrace6AbsentEvidence(context, coverage);
              }),
              ElementsAre("warning operations_absent: no operation evidence was captured",
                          "warning tensors_absent: no tensor checkpoints were captured",
                          "warning device_memory_absent: no device-memory samples were captured",
                          "warning gradients_absent: no gradient facts were captured for this "
                          "training run",
                          "warning forward_absent: no forward span was tagged",
                          "warning backward_absent: no backward span was tagged",
                          "warning optimizer_absent: no optimizer span was tagged"));
  EXPECT_THAT(IssuesOf(document, [](HealthContext& context) {
                CheckTrace6AbsentEvidence(context, EvidenceCoverage{.operations = 1,
                                                                    .tensors = 1,
                                                                    .device_memory_samples = 1,
                                                                    .gradients = 1,
                                                                    .forward_spans = 1,
                                                                    .backward_spans = 1,
                                                                    .optimizer_spans = 1});
              }),
              ElementsAre("warning memory_absent: no memory events were captured"));
}

}  // namespace
}  // namespace tracedoc::health
