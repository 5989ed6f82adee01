// AnalyzeHealth and `tracedoc health` (docs/analyses.md §6): one test per issue code, each a clean
// trace changed just enough to raise that issue (and its failed-capture variant where the
// severity changes), the cases H1–H11 and G1–G4 of docs/examples.md §8.10, coverage, JSON and CLI.
#include "tracedoc/health.hpp"

#include <sys/wait.h>
#include <unistd.h>

#include <cstdint>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <initializer_list>
#include <iterator>
#include <memory>
#include <ostream>
#include <span>
#include <stdexcept>
#include <string>
#include <string_view>
#include <system_error>
#include <utility>
#include <vector>

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "document/document_access.hpp"
#include "support/cli_fixture.hpp"
#include "tracedoc/reader.hpp"
#include "tracedoc/validation.hpp"

namespace tracedoc {

void PrintTo(const HealthIssue& issue, std::ostream* os) {
  *os << "{" << HealthSeverityName(issue.severity) << ", " << HealthCodeName(issue.code) << ", \""
      << issue.message << "\"}";
}

namespace {

using ::testing::ElementsAre;
using ::testing::IsEmpty;

// The clean trace, line by line: one measured root with forward, backward and optimizer
// children, and one record of every kind, so that no check and no absence warning fires.
constexpr std::string_view kRoot =
    R"({"kind":"span_start","id":"root","name":"demo::train","start_ns":0,"span_kind":"function","measured":true})";
constexpr std::string_view kFwd =
    R"({"kind":"span_start","id":"fwd","parent_id":"root","name":"forward","start_ns":100,"span_kind":"module","step":"forward"})";
constexpr std::string_view kOp =
    R"({"kind":"op","span_id":"fwd","op_name":"matmul","inputs":["t0","t1"],"output":"t2","shape":[4],"dtype":"f32","device":"cpu","duration_ns":50,"timestamp_ns":100,"input_dense_bytes":32})";
constexpr std::string_view kTensor0 =
    R"({"kind":"tensor","span_id":"fwd","tensor_id":"t0","shape":[4],"dtype":"f32","device":"cpu"})";
constexpr std::string_view kTensor2 =
    R"({"kind":"tensor","span_id":"fwd","tensor_id":"t2","shape":[4],"dtype":"f32","device":"cpu"})";
constexpr std::string_view kAlloc =
    R"({"kind":"memory","timestamp_ns":150,"storage_id":"st1","tensor_id":"t2","span_id":"fwd","device":"cpu","bytes":16,"action":"alloc","dtype":"f32"})";
constexpr std::string_view kSample =
    R"({"kind":"device_memory","timestamp_ns":200,"device":"cpu","used_bytes":16})";
constexpr std::string_view kInterval =
    R"({"kind":"device_interval","span_id":"fwd","device":"cpu","stream_id":"0","clock_id":"host","backend":"cpu","start_ns":100,"duration_ns":50})";
constexpr std::string_view kFwdEnd = R"({"kind":"span_end","id":"fwd","duration_ns":200})";
constexpr std::string_view kBwd =
    R"({"kind":"span_start","id":"bwd","parent_id":"root","name":"backward","start_ns":300,"span_kind":"module","step":"backward"})";
constexpr std::string_view kFree =
    R"({"kind":"memory","timestamp_ns":350,"storage_id":"st1","tensor_id":"t2","span_id":"bwd","device":"cpu","bytes":16,"action":"free","dtype":"f32"})";
constexpr std::string_view kBwdEnd = R"({"kind":"span_end","id":"bwd","duration_ns":200})";
constexpr std::string_view kOpt =
    R"({"kind":"span_start","id":"opt","parent_id":"root","name":"optimizer","start_ns":500,"span_kind":"module","step":"optimizer"})";
constexpr std::string_view kOptEnd = R"({"kind":"span_end","id":"opt","duration_ns":100})";
constexpr std::string_view kGradient =
    R"({"kind":"gradient","event_id":"g1","root":"vb","key":"w","state":"present","norm":1.0})";
constexpr std::string_view kCallEdge =
    R"({"kind":"edge","edge_kind":"call","from_span":"root","to_span":"fwd","host_duration_ns":200})";
constexpr std::string_view kDataEdge =
    R"({"kind":"edge","edge_kind":"data","from_tensor":"t0","to_tensor":"t2"})";
constexpr std::string_view kRootEnd = R"({"kind":"span_end","id":"root","duration_ns":1000})";
constexpr std::string_view kTerminal =
    R"({"kind":"terminal","outcome":"complete","timestamp_ns":1000})";
constexpr std::string_view kFailedTerminal =
    R"({"kind":"terminal","outcome":"failed","timestamp_ns":1000,"reason":"boom"})";

// A meta record. `contract_members` and `run_members` are extra members (each starting with a
// comma) for the capture contract and for the run metadata.
std::string Meta(std::string_view contract_members = "", std::string_view run_members = "") {
  std::string meta =
      R"({"kind":"meta","schema":"candle-graph/trace/10","run_id":"run-1","correlation_id":"demo/update-1","entrypoint":"demo::train","phase":"train","timestamp":"2026-01-01T00:00:00Z","capture_step":1,"warmup_steps":0,"device":"cpu","timing_mode":"host","capture_contract":{"measurement_scope":"unknown","operations":"complete")";
  meta += contract_members;
  meta += R"(,"logical_memory":"none","physical_memory":"none","device_timing":"none"},"tags":{})";
  meta += run_members;
  meta += '}';
  return meta;
}

std::string Join(std::initializer_list<std::string_view> lines) {
  std::string out;
  for (const std::string_view line : lines) {
    out += line;
    out += '\n';
  }
  return out;
}

std::string CleanTrace(const std::string& meta = Meta()) {
  return Join({meta,    kRoot,     kFwd,      kOp,       kTensor0, kTensor2, kAlloc,
               kSample, kInterval, kFwdEnd,   kBwd,      kFree,    kBwdEnd,  kOpt,
               kOptEnd, kGradient, kCallEdge, kDataEdge, kRootEnd, kTerminal});
}

// `text` with its only occurrence of `from` replaced by `to`.
std::string Replace(std::string text, std::string_view from, std::string_view to) {
  const std::size_t at = text.find(from);
  if (at == std::string::npos || text.find(from, at + 1) != std::string::npos) {
    throw std::logic_error("not exactly one occurrence of: " + std::string(from));
  }
  return text.replace(at, from.size(), to);
}

// `text` without the line `line`.
std::string Without(std::string text, std::string_view line) {
  return Replace(std::move(text), std::string(line) + "\n", "");
}

// `text` with `lines` added just before the terminal (the last line).
std::string With(std::string text, std::initializer_list<std::string_view> lines) {
  const std::size_t terminal = text.rfind('\n', text.size() - 2) + 1;
  return text.insert(terminal, Join(lines));
}

std::string Failed(std::string text) {
  return Replace(std::move(text), kTerminal, kFailedTerminal);
}

// A closed span's two lines. `members` are extra span_start members, each starting with a comma.
std::string Span(std::string_view id, std::string_view parent, std::uint64_t start_ns,
                 std::uint64_t duration_ns, std::string_view name = "n",
                 std::string_view members = "") {
  std::string lines = R"({"kind":"span_start","id":")" + std::string(id) + "\"";
  if (!parent.empty()) lines += R"(,"parent_id":")" + std::string(parent) + "\"";
  lines += R"(,"name":")" + std::string(name) + R"(","start_ns":)" + std::to_string(start_ns) +
           R"(,"span_kind":"function")" + std::string(members) + "}\n";
  lines += R"({"kind":"span_end","id":")" + std::string(id) + R"(","duration_ns":)" +
           std::to_string(duration_ns) + "}";
  return lines;
}

std::string Memory(std::uint64_t t, std::string_view action, std::string_view storage,
                   std::string_view tensor, std::uint64_t bytes, std::string_view span = "root") {
  return R"({"kind":"memory","timestamp_ns":)" + std::to_string(t) + R"(,"storage_id":")" +
         std::string(storage) + R"(","tensor_id":")" + std::string(tensor) + R"(","span_id":")" +
         std::string(span) + R"(","device":"cpu","bytes":)" + std::to_string(bytes) +
         R"(,"action":")" + std::string(action) + R"(","dtype":"f32"})";
}

std::string Gradient(std::string_view event_id, std::string_view root, std::string_view key,
                     std::string_view state, std::string_view norm = "") {
  std::string line = R"({"kind":"gradient","event_id":")" + std::string(event_id) +
                     R"(","root":")" + std::string(root) + R"(","key":")" + std::string(key) +
                     R"(","state":")" + std::string(state) + "\"";
  if (!norm.empty()) line += R"(,"norm":)" + std::string(norm);
  return line + "}";
}

TraceDocument Fold(const std::string& text) {
  Result<TraceDocument> document = ReadTrace(TraceInput::FromString(text));
  if (!document) throw std::runtime_error(FormatError("<test>", document.error()));
  return std::move(document).value();
}

TraceHealth Analyze(const std::string& text) { return AnalyzeHealth(Fold(text)); }

template <class Record>
void CopyRecords(RecordList<Record> from, detail::CompactList<Record>& to,
                 util::StringPool& pool) {
  for (const Record& record : from) ASSERT_TRUE(to.Push(record, pool));
}

// A copy of `document` changed by `edit` and sealed without the fold's rules: checks 2, 3 and 5
// repeat fold rules, so only such a document can fail them. Its strings stay in `document`
// (the compact kinds are interned again into the copy's pool).
template <class Edit>
TraceDocument Edited(const TraceDocument& document, Edit edit) {
  auto data = std::make_shared<detail::DocumentData>();
  data->schema = document.schema();
  data->run = document.run();
  data->terminal = document.terminal();
  CopyRecords(document.spans(), data->spans, data->pool);
  CopyRecords(document.ops(), data->ops, data->pool);
  CopyRecords(document.tensors(), data->tensors, data->pool);
  CopyRecords(document.tensor_stats(), data->tensor_stats, data->pool);
  CopyRecords(document.memory(), data->memory, data->pool);
  CopyRecords(document.device_memory(), data->device_memory, data->pool);
  CopyRecords(document.device_intervals(), data->device_intervals, data->pool);
  CopyRecords(document.gradients(), data->gradients, data->pool);
  CopyRecords(document.edges(), data->edges, data->pool);
  edit(*data);
  return detail::DocumentAccess::SealUnchecked(std::move(data));
}

HealthIssue Error(HealthCode code, std::string message) {
  return HealthIssue{HealthSeverity::kError, code, std::move(message)};
}
HealthIssue Warning(HealthCode code, std::string message) {
  return HealthIssue{HealthSeverity::kWarning, code, std::move(message)};
}

const HealthIssue kBoom = Warning(HealthCode::kCaptureFailed, "boom");

// ---------------------------------------------------------------------------------------------
// Codes and the clean trace.

TEST(HealthCodeTest, EveryCodeHasAUniqueNameThatRoundTrips) {
  std::vector<std::string_view> names;
  for (int i = 0; i < kHealthCodeCount; ++i) {
    const auto code = static_cast<HealthCode>(i);
    const std::string_view name = HealthCodeName(code);
    ASSERT_FALSE(name.empty()) << i;
    EXPECT_EQ(HealthCodeFromName(name), code) << name;
    EXPECT_THAT(names, ::testing::Not(::testing::Contains(name)));
    names.push_back(name);
  }
  EXPECT_EQ(HealthCodeName(HealthCode::kRunProvenanceInvalid), "run_provenance_invalid");
  EXPECT_EQ(HealthCodeName(HealthCode::kIncompleteSemanticLabelPartition),
            "incomplete_semantic_label_partition");
  EXPECT_EQ(HealthCodeFromName("Open_Span"), std::nullopt);
  EXPECT_EQ(HealthSeverityName(HealthSeverity::kError), "error");
  EXPECT_EQ(HealthSeverityName(HealthSeverity::kWarning), "warning");
}

TEST(HealthTest, CleanTraceHasNoIssuesAndFullCoverage) {
  const TraceHealth health = Analyze(CleanTrace());
  EXPECT_TRUE(health.structurally_valid);
  EXPECT_TRUE(health.capture_complete);
  EXPECT_THAT(health.issues, IsEmpty());
  const EvidenceCoverage expected{.spans = 4,
                                  .closed_spans = 4,
                                  .root_spans = 1,
                                  .measured_spans = 1,
                                  .operations = 1,
                                  .tensors = 2,
                                  .memory_events = 2,
                                  .device_memory_samples = 1,
                                  .device_intervals = 1,
                                  .gradients = 1,
                                  .call_edges = 1,
                                  .data_edges = 1,
                                  .forward_spans = 1,
                                  .backward_spans = 1,
                                  .optimizer_spans = 1};
  EXPECT_EQ(health.coverage, expected);
}

// The coverage counts of the corpus case `health_clean` ("Output shapes"), and its JSON.
TEST(HealthTest, CleanJsonHasTheReferenceShape) {
  const std::string text = Join({
      Meta(),
      Span("a", "", 0, 1000, "demo::train", R"(,"measured":true)"),
      Span("b", "a", 0, 100, "f1", R"(,"step":"forward")"),
      Span("c", "a", 100, 100, "f2", R"(,"step":"forward")"),
      Span("d", "a", 200, 100, "b", R"(,"step":"backward")"),
      Span("e", "a", 300, 100, "o", R"(,"step":"optimizer")"),
      R"({"kind":"op","span_id":"b","op_name":"x","inputs":["t0"],"output":"t1","shape":[],"dtype":"f32","device":"cpu","duration_ns":1,"timestamp_ns":0,"input_dense_bytes":0})",
      R"({"kind":"op","span_id":"b","op_name":"y","inputs":["t1"],"output":"t2","shape":[],"dtype":"f32","device":"cpu","duration_ns":1,"timestamp_ns":1,"input_dense_bytes":0})",
      R"({"kind":"op","span_id":"c","op_name":"z","inputs":["t2"],"shape":[],"dtype":"f32","device":"cpu","duration_ns":1,"timestamp_ns":100,"input_dense_bytes":0})",
      R"({"kind":"tensor","span_id":"b","tensor_id":"t0","shape":[],"dtype":"f32","device":"cpu"})",
      R"({"kind":"tensor","span_id":"b","tensor_id":"t1","shape":[],"dtype":"f32","device":"cpu"})",
      R"({"kind":"tensor","span_id":"c","tensor_id":"t2","shape":[],"dtype":"f32","device":"cpu"})",
      Memory(10, "alloc", "s1", "t1", 4, "a"),
      Memory(20, "alloc", "s1", "t1v", 4, "a"),
      Memory(30, "alloc", "s2", "t2", 4, "a"),
      Memory(40, "free", "s1", "t1", 4, "a"),
      Memory(50, "alloc", "s3", "t3", 8, "a"),
      Memory(60, "free", "s2", "t2", 4, "a"),
      Memory(70, "free", "s3", "t3", 8, "a"),
      kSample,
      R"({"kind":"device_interval","span_id":"b","device":"cpu","stream_id":"0","clock_id":"host","backend":"cpu","start_ns":0,"duration_ns":5})",
      Gradient("g1", "vb", "w1", "present", "1.0"),
      Gradient("g2", "vb", "w2", "zero", "0.0"),
      Gradient("g3", "vb", "w3", "missing"),
      Gradient("g4", "vb", "w4", "non_finite"),
      R"({"kind":"edge","edge_kind":"call","from_span":"a","to_span":"b","host_duration_ns":100})",
      R"({"kind":"edge","edge_kind":"call","from_span":"a","to_span":"c","host_duration_ns":100})",
      R"({"kind":"edge","edge_kind":"call","from_span":"a","to_span":"d","host_duration_ns":100})",
      R"({"kind":"edge","edge_kind":"call","from_span":"a","to_span":"e","host_duration_ns":100})",
      R"({"kind":"edge","edge_kind":"data","from_tensor":"t0","to_tensor":"t1"})",
      R"({"kind":"edge","edge_kind":"data","from_tensor":"t1","to_tensor":"t2"})",
      kTerminal,
  });
  EXPECT_EQ(
      WriteHealthJson(Analyze(text)),
      R"({"structurally_valid":true,"capture_complete":true,"issues":[],"coverage":{"spans":5,"closed_spans":5,"root_spans":1,"measured_spans":1,"operations":3,"tensors":3,"memory_events":7,"device_memory_samples":1,"device_intervals":1,"gradients":4,"call_edges":4,"data_edges":2,"forward_spans":2,"backward_spans":1,"optimizer_spans":1}})");
}

TEST(HealthTest, JsonEscapesMessagesAndListsIssuesInOrder) {
  TraceHealth health;
  health.structurally_valid = false;
  health.capture_complete = false;
  health.issues = {Error(HealthCode::kDuplicateGradientEventId,
                         "gradient event ID \"a\\\"b\\\\c\\n\" occurs more than once"),
                   Warning(HealthCode::kCaptureFailed, "échec: \"boom\"\n\tline2 😀")};
  EXPECT_EQ(
      WriteHealthJson(health),
      R"({"structurally_valid":false,"capture_complete":false,"issues":[{"severity":"error","code":"duplicate_gradient_event_id","message":"gradient event ID \"a\\\"b\\\\c\\n\" occurs more than once"},{"severity":"warning","code":"capture_failed","message":"échec: \"boom\"\n\tline2 😀"}],"coverage":{"spans":0,"closed_spans":0,"root_spans":0,"measured_spans":0,"operations":0,"tensors":0,"memory_events":0,"device_memory_samples":0,"device_intervals":0,"gradients":0,"call_edges":0,"data_edges":0,"forward_spans":0,"backward_spans":0,"optimizer_spans":0}})");
}

TEST(HealthTest, PrettyJsonIndentsWithoutReordering) {
  TraceHealth health;
  health.issues = {Warning(HealthCode::kOperationsAbsent, "no operation evidence was captured")};
  const std::string pretty = WriteHealthJson(health, {.pretty = true});
  EXPECT_THAT(pretty, ::testing::StartsWith("{\n  \"structurally_valid\": true,\n  "
                                            "\"capture_complete\": true,\n  \"issues\": [\n    {\n"
                                            "      \"severity\": \"warning\",\n"));
  EXPECT_THAT(pretty, ::testing::EndsWith("\"optimizer_spans\": 0\n  }\n}"));
}

// ---------------------------------------------------------------------------------------------
// Checks 1–4.

TEST(HealthCheck1, RunProvenanceInvalidH7CaptureStepZero) {
  const TraceHealth health =
      Analyze(Replace(CleanTrace(), "\"capture_step\":1", "\"capture_step\":0"));
  EXPECT_FALSE(health.structurally_valid);
  EXPECT_THAT(health.issues,
              ElementsAre(Error(HealthCode::kRunProvenanceInvalid,
                                "capture_step must be one-based and greater than zero")));
}

TEST(HealthCheck1, RunProvenanceInvalidH8WarmupNotBelowCaptureStep) {
  const std::string text =
      Replace(Replace(CleanTrace(), "\"capture_step\":1", "\"capture_step\":3"),
              "\"warmup_steps\":0", "\"warmup_steps\":3");
  EXPECT_THAT(
      Analyze(text).issues,
      ElementsAre(Error(HealthCode::kRunProvenanceInvalid,
                        "warmup_steps (3) must be fewer than the one-based capture_step (3)")));
}

TEST(HealthCheck1, RunProvenanceInvalidH9BlankEntrypointStaysAnErrorWhenFailed) {
  const std::string text =
      Failed(Replace(CleanTrace(), "\"entrypoint\":\"demo::train\"", "\"entrypoint\":\" \\t\""));
  const TraceHealth health = Analyze(text);
  EXPECT_FALSE(health.structurally_valid);
  EXPECT_THAT(health.issues, ElementsAre(Error(HealthCode::kRunProvenanceInvalid,
                                               "run provenance entrypoint must not be empty"),
                                         kBoom));
}

TEST(HealthCheck1, RunProvenanceReportsOnlyTheFirstFailure) {
  const std::string text = Replace(Replace(CleanTrace(), "\"run_id\":\"run-1\"", "\"run_id\":\"\""),
                                   "\"capture_step\":1", "\"capture_step\":0");
  EXPECT_THAT(Analyze(text).issues, ElementsAre(Error(HealthCode::kRunProvenanceInvalid,
                                                      "run provenance run_id must not be empty")));
}

TEST(HealthCheck1, ComparisonIdentityMessagePassesThrough) {
  const std::string text = CleanTrace(Meta(
      "",
      R"(,"comparison_identity":{"workload_id":"w","model_id":"m","config_id":"c","data_id":"d","seed_policy":"s","physical_batch":0,"accumulation_steps":1,"precision":"f32","device_state":"warm"})"));
  EXPECT_THAT(Analyze(text).issues,
              ElementsAre(Error(HealthCode::kRunProvenanceInvalid,
                                "comparison identity physical_batch must be greater than zero")));
}

// Checks 2, 3 and 5 repeat fold rules, so only a document that was not folded can fail them;
// these tests change a folded document's view.
TEST(HealthCheck2, CompleteWithFailureReasonEvenAnEmptyOne) {
  const TraceDocument document = Fold(CleanTrace());
  const TraceDocument edited =
      Edited(document, [](detail::DocumentData& data) { data.terminal.reason = ""; });
  EXPECT_THAT(AnalyzeHealth(edited).issues,
              ElementsAre(Error(HealthCode::kCompleteWithFailureReason,
                                "complete terminal outcome cannot contain a failure reason")));
}

TEST(HealthCheck2, FailedWithoutReason) {
  const TraceDocument document = Fold(CleanTrace());
  const TraceHealth health = AnalyzeHealth(Edited(
      document, [](detail::DocumentData& data) { data.terminal.outcome = RunOutcome::kFailed; }));
  EXPECT_FALSE(health.structurally_valid);
  EXPECT_FALSE(health.capture_complete);
  EXPECT_THAT(
      health.issues,
      ElementsAre(Error(HealthCode::kFailedWithoutReason,
                        "failed terminal outcome requires a non-empty reason"),
                  Warning(HealthCode::kCaptureFailed, "capture ended with a failed outcome")));
}

TEST(HealthCheck2, FailedWithABlankReasonKeepsTheReasonUntrimmed) {
  const TraceDocument document = Fold(CleanTrace());
  const auto failed_with = [&](std::string_view reason) {
    return AnalyzeHealth(Edited(document, [&](detail::DocumentData& data) {
      data.terminal.outcome = RunOutcome::kFailed;
      data.terminal.reason = reason;
    }));
  };
  EXPECT_THAT(failed_with(" \t").issues,
              ElementsAre(Error(HealthCode::kFailedWithoutReason,
                                "failed terminal outcome requires a non-empty reason"),
                          Warning(HealthCode::kCaptureFailed, " \t")));
  EXPECT_THAT(failed_with("").issues,
              ElementsAre(Error(HealthCode::kFailedWithoutReason,
                                "failed terminal outcome requires a non-empty reason"),
                          Warning(HealthCode::kCaptureFailed, "")));
}

TEST(HealthCheck3, TerminalPrecedesEvidence) {
  const TraceDocument document = Fold(CleanTrace());
  EXPECT_THAT(
      AnalyzeHealth(
          Edited(document, [](detail::DocumentData& data) { data.terminal.timestamp_ns = 999; }))
          .issues,
      ElementsAre(Error(HealthCode::kTerminalPrecedesEvidence,
                        "terminal timestamp 999 precedes host evidence ending at 1000")));
}

TEST(HealthCheck3, LatestEvidenceSaturates) {
  const TraceDocument document = Fold(CleanTrace());
  EXPECT_THAT(AnalyzeHealth(Edited(document,
                                   [](detail::DocumentData& data) {
                                     using Op = detail::RowCodec<OpRecord>;
                                     Op::Write<&OpRecord::timestamp_ns>(
                                         data.ops.rows()[0], 18446744073709551000u);
                                     Op::Write<&OpRecord::duration_ns>(data.ops.rows()[0], 1000);
                                   }))
                  .issues,
              ElementsAre(Error(HealthCode::kTerminalPrecedesEvidence,
                                "terminal timestamp 1000 precedes host evidence ending at "
                                "18446744073709551615"),
                          Error(HealthCode::kOperationOutsideSpan,
                                "operation `matmul` lies outside span `fwd`")));
}

TEST(HealthCheck4, CaptureFailedIsAWarningWithTheReasonAsStored) {
  const std::string reason = R"(échec: \"boom\"\n\tline2 😀)";
  const std::string text = Replace(
      CleanTrace(), kTerminal,
      R"({"kind":"terminal","outcome":"failed","timestamp_ns":1000,"reason":")" + reason + "\"}");
  const TraceHealth health = Analyze(text);
  EXPECT_TRUE(health.structurally_valid);
  EXPECT_FALSE(health.capture_complete);
  EXPECT_THAT(health.issues,
              ElementsAre(Warning(HealthCode::kCaptureFailed, "échec: \"boom\"\n\tline2 😀")));
  EXPECT_THAT(WriteHealthJson(health),
              ::testing::HasSubstr(R"("message":"échec: \"boom\"\n\tline2 😀")"));
}

// ---------------------------------------------------------------------------------------------
// Checks 5–8.

TEST(HealthCheck5, DuplicateSpanId) {
  const TraceDocument document = Fold(CleanTrace());
  EXPECT_THAT(
      AnalyzeHealth(Edited(document,
                           [](detail::DocumentData& data) {
                             ASSERT_TRUE(data.spans.Push(data.spans[2], data.pool));  // `opt` twice
                           }))
          .issues,
      ElementsAre(Error(HealthCode::kDuplicateSpanId, "span IDs must be unique")));
}

TEST(HealthCheck6, RootCountTwo) {
  EXPECT_THAT(
      Analyze(With(CleanTrace(), {Span("extra", "", 0, 10)})).issues,
      ElementsAre(Error(HealthCode::kRootCount, "expected exactly one root span, found 2")));
}

TEST(HealthCheck6, RootCountZero) {
  const std::string text =
      Replace(CleanTrace(), R"("id":"root","name")", R"("id":"root","parent_id":"fwd","name")");
  EXPECT_THAT(
      Analyze(text).issues,
      ElementsAre(Error(HealthCode::kRootCount, "expected exactly one root span, found 0"),
                  Error(HealthCode::kSpanCycle, "span `bwd` participates in a parent cycle"),
                  Error(HealthCode::kSpanCycle, "span `fwd` participates in a parent cycle"),
                  Error(HealthCode::kSpanCycle, "span `opt` participates in a parent cycle"),
                  Error(HealthCode::kChildOutsideParent, "span `root` lies outside parent `fwd`"),
                  Error(HealthCode::kSpanCycle, "span `root` participates in a parent cycle")));
}

TEST(HealthCheck7, MeasurementCountIsSkippedWhenFailed) {
  const std::string unmeasured = Replace(CleanTrace(), R"("measured":true)", R"("measured":false)");
  EXPECT_THAT(Analyze(unmeasured).issues,
              ElementsAre(Error(HealthCode::kMeasurementCount,
                                "expected exactly one measured region, found 0")));
  EXPECT_THAT(Analyze(Failed(unmeasured)).issues, ElementsAre(kBoom));
  const std::string twice = Replace(CleanTrace(), R"("name":"optimizer","start_ns":500,)",
                                    R"("name":"optimizer","start_ns":500,"measured":true,)");
  EXPECT_THAT(Analyze(twice).issues,
              ElementsAre(Error(HealthCode::kMeasurementCount,
                                "expected exactly one measured region, found 2")));
}

TEST(HealthCheck8, OpenSpanIsAnErrorOrAWarningWhenFailed) {
  const std::string open = Without(CleanTrace(), kOptEnd);
  const TraceHealth health = Analyze(open);
  EXPECT_FALSE(health.structurally_valid);
  EXPECT_THAT(health.issues,
              ElementsAre(Error(HealthCode::kOpenSpan, "span `opt` was not closed")));
  const TraceHealth failed = Analyze(Failed(open));
  EXPECT_TRUE(failed.structurally_valid);
  EXPECT_THAT(failed.issues,
              ElementsAre(kBoom, Warning(HealthCode::kOpenSpan, "span `opt` was interrupted")));
}

// docs/examples.md §8.10 H1.
TEST(HealthCheck8, H1FailedOpenUnmeasuredRoot) {
  const std::string text = Join({
      Meta(),
      R"({"kind":"span_start","id":"r","name":"demo::train","start_ns":0,"span_kind":"function"})",
      R"({"kind":"terminal","outcome":"failed","timestamp_ns":10,"reason":"boom"})",
  });
  const TraceHealth health = Analyze(text);
  EXPECT_TRUE(health.structurally_valid);
  EXPECT_FALSE(health.capture_complete);
  EXPECT_THAT(
      health.issues,
      ::testing::IsSupersetOf({kBoom, Warning(HealthCode::kOpenSpan, "span `r` was interrupted")}));
  for (const HealthIssue& issue : health.issues) {
    EXPECT_EQ(issue.severity, HealthSeverity::kWarning) << HealthCodeName(issue.code);
  }
}

TEST(HealthCheck8, UnknownParentEvenWhenEmpty) {
  const std::string text =
      With(CleanTrace(), {Span("orphan", "ghost", 0, 10), Span("d", "", 0, 10)});
  // An empty parent_id is present, so `d` is no root; it names no span.
  const std::string empty_parent =
      Replace(text, R"("id":"d","name")", R"("id":"d","parent_id":"","name")");
  EXPECT_THAT(Analyze(empty_parent).issues,
              ElementsAre(Error(HealthCode::kUnknownParent, "span `d` refers to missing parent ``"),
                          Error(HealthCode::kUnknownParent,
                                "span `orphan` refers to missing parent `ghost`")));
}

TEST(HealthCheck8, ChildOutsideParent) {
  EXPECT_THAT(Analyze(With(CleanTrace(), {Span("inner", "fwd", 90, 10)})).issues,
              ElementsAre(Error(HealthCode::kChildOutsideParent,
                                "span `inner` lies outside parent `fwd`")));
  // Past the end by one; touching both boundaries is fine.
  EXPECT_THAT(Analyze(With(CleanTrace(), {Span("inner", "fwd", 250, 51)})).issues,
              ElementsAre(Error(HealthCode::kChildOutsideParent,
                                "span `inner` lies outside parent `fwd`")));
  EXPECT_THAT(Analyze(With(CleanTrace(), {Span("inner", "fwd", 100, 200)})).issues, IsEmpty());
}

TEST(HealthCheck8, ChildOutsideParentNeedsBothSpansClosed) {
  const std::string text = Without(With(CleanTrace(), {Span("inner", "opt", 0, 10)}), kOptEnd);
  EXPECT_THAT(Analyze(text).issues,
              ElementsAre(Error(HealthCode::kOpenSpan, "span `opt` was not closed")));
}

TEST(HealthCheck8, SpanCycleReportsEverySpanThatReachesACycle) {
  const std::string text = With(CleanTrace(), {Span("a", "b", 10, 0), Span("b", "a", 10, 0),
                                               Span("c", "a", 10, 0), Span("d", "d", 10, 0)});
  EXPECT_THAT(
      Analyze(text).issues,
      ElementsAre(Error(HealthCode::kSpanCycle, "span `a` participates in a parent cycle"),
                  Error(HealthCode::kSpanCycle, "span `b` participates in a parent cycle"),
                  Error(HealthCode::kSpanCycle, "span `c` participates in a parent cycle"),
                  Error(HealthCode::kSpanCycle, "span `d` participates in a parent cycle")));
}

TEST(HealthCheck8, PerSpanChecksRunInOrder) {
  // An open span that is its own parent: open first, then the cycle (an open span has no end
  // to compare with its parent's).
  const std::string text = Join(
      {Meta(), kRoot, kRootEnd,
       R"({"kind":"span_start","id":"x","parent_id":"x","name":"n","start_ns":0,"span_kind":"function"})",
       kTerminal});
  const TraceHealth health = Analyze(text);
  EXPECT_THAT(
      std::vector<HealthIssue>(health.issues.begin(), health.issues.begin() + 2),
      ElementsAre(Error(HealthCode::kOpenSpan, "span `x` was not closed"),
                  Error(HealthCode::kSpanCycle, "span `x` participates in a parent cycle")));
}

// A 200,000-deep parent chain, and the same chain closed into one cycle: a walk per span would
// take 2·10^10 steps; the marking walk takes one per span.
TEST(HealthCheck8, DeepChainsAndCyclesStayLinear) {
  constexpr std::size_t kDepth = 200'000;
  std::vector<std::string> ids(kDepth);
  for (std::size_t i = 0; i < kDepth; ++i) ids[i] = "s" + std::to_string(1'000'000 + i);
  std::vector<SpanRecord> spans(kDepth);
  for (std::size_t i = 0; i < kDepth; ++i) {
    spans[i].id = ids[i];
    if (i > 0) spans[i].parent_id = ids[i - 1];
    spans[i].closed = true;
    spans[i].measured = i == 0;
  }
  const TraceDocument document = Fold(CleanTrace());
  const auto cycles_in = [&](const std::vector<SpanRecord>& chain) {
    const TraceDocument edited = Edited(document, [&](detail::DocumentData& data) {
      data.spans.clear();
      for (const SpanRecord& span : chain) ASSERT_TRUE(data.spans.Push(span, data.pool));
      data.edges.clear();
      data.ops.clear();
      data.tensors.clear();
      data.memory.clear();
      data.device_intervals.clear();
    });
    std::size_t cycles = 0;
    for (const HealthIssue& issue : AnalyzeHealth(edited).issues) {
      cycles += issue.code == HealthCode::kSpanCycle ? 1 : 0;
    }
    return cycles;
  };
  EXPECT_EQ(cycles_in(spans), 0u);

  spans[0].parent_id = ids[kDepth - 1];
  EXPECT_EQ(cycles_in(spans), kDepth);
}

// ---------------------------------------------------------------------------------------------
// Checks 9–14.

TEST(HealthCheck9, UnknownSpanNamesTheRecordKindInCheckOrder) {
  const std::string text = With(
      CleanTrace(),
      {R"({"kind":"device_interval","span_id":"g5","device":"cpu","stream_id":"0","clock_id":"host","backend":"cpu","start_ns":0,"duration_ns":5})",
       Memory(10, "alloc", "sx", "tx", 4, "g4"), Memory(11, "free", "sx", "tx", 4, "root"),
       R"({"kind":"tensor_stats","span_id":"g3","label":"l","shape":[],"dtype":"f32","elements":1,"non_finite":0,"rms":0,"abs_max":0,"mean":0})",
       R"({"kind":"tensor","span_id":"g2","tensor_id":"t9","shape":[],"dtype":"f32","device":"cpu"})",
       R"({"kind":"op","span_id":"g1","op_name":"add","shape":[],"dtype":"f32","device":"cpu","duration_ns":1,"timestamp_ns":0,"input_dense_bytes":0})"});
  EXPECT_THAT(
      Analyze(text).issues,
      ElementsAre(
          Error(HealthCode::kUnknownSpan, "operation evidence refers to missing span `g1`"),
          Error(HealthCode::kUnknownSpan, "tensor evidence refers to missing span `g2`"),
          Error(HealthCode::kUnknownSpan, "tensor stats evidence refers to missing span `g3`"),
          Error(HealthCode::kUnknownSpan, "memory evidence refers to missing span `g4`"),
          Error(HealthCode::kUnknownSpan, "device interval evidence refers to missing span `g5`")));
}

TEST(HealthCheck10, EmptyDeviceInterval) {
  const std::string text = With(
      CleanTrace(),
      {R"({"kind":"device_interval","span_id":"bwd","device":"cuda:0","stream_id":"7","clock_id":"c","backend":"cuda","start_ns":300,"duration_ns":0})"});
  EXPECT_THAT(Analyze(text).issues,
              ElementsAre(Error(HealthCode::kEmptyDeviceInterval,
                                "device interval for `bwd` has zero duration")));
}

TEST(HealthCheck11, OperationOutsideSpan) {
  const std::string late = With(
      CleanTrace(),
      {R"({"kind":"op","span_id":"fwd","op_name":"add","shape":[],"dtype":"f32","device":"cpu","duration_ns":51,"timestamp_ns":250,"input_dense_bytes":0})"});
  EXPECT_THAT(Analyze(late).issues, ElementsAre(Error(HealthCode::kOperationOutsideSpan,
                                                      "operation `add` lies outside span `fwd`")));
  const std::string early = Replace(late, R"("timestamp_ns":250)", R"("timestamp_ns":99)");
  EXPECT_THAT(Analyze(early).issues, ElementsAre(Error(HealthCode::kOperationOutsideSpan,
                                                       "operation `add` lies outside span `fwd`")));
  EXPECT_THAT(Analyze(Replace(late, R"("duration_ns":51)", R"("duration_ns":50)")).issues,
              IsEmpty());
}

// docs/examples.md §8.10 H10.
TEST(HealthCheck12, H10MemoryOutsideSpan) {
  const std::string text =
      With(CleanTrace(), {Span("h10", "root", 10, 20), Memory(50, "alloc", "st2", "t5", 8, "h10"),
                          Memory(60, "free", "st2", "t5", 8, "root")});
  EXPECT_THAT(Analyze(text).issues,
              ElementsAre(Error(HealthCode::kMemoryOutsideSpan,
                                "memory event for storage `st2` lies outside span `h10`")));
  // Both ends inclusive.
  const std::string at_end = Replace(text, R"("timestamp_ns":50)", R"("timestamp_ns":30)");
  EXPECT_THAT(Analyze(at_end).issues, IsEmpty());
}

TEST(HealthCheck13, EmptyDeviceMemorySample) {
  const std::string text =
      With(CleanTrace(), {R"({"kind":"device_memory","timestamp_ns":10,"device":"cuda:0"})"});
  EXPECT_THAT(Analyze(text).issues,
              ElementsAre(Error(HealthCode::kEmptyDeviceMemorySample,
                                "device-memory sample for `cuda:0` contains no measurements")));
}

std::string CallEdge(std::string_view from, std::string_view to, std::uint64_t duration) {
  return R"({"kind":"edge","edge_kind":"call","from_span":")" + std::string(from) +
         R"(","to_span":")" + std::string(to) + R"(","host_duration_ns":)" +
         std::to_string(duration) + "}";
}

std::string DataEdge(std::string_view from, std::string_view to) {
  return R"({"kind":"edge","edge_kind":"data","from_tensor":")" + std::string(from) +
         R"(","to_tensor":")" + std::string(to) + "\"}";
}

TEST(HealthCheck14, UnknownCallEdgeSpanIsOneIssuePerEdge) {
  const std::string text =
      With(CleanTrace(), {CallEdge("root", "ghost", 1), CallEdge("ghost", "phantom", 1)});
  EXPECT_THAT(Analyze(text).issues,
              ElementsAre(Error(HealthCode::kUnknownCallEdgeSpan,
                                "call edge `root` -> `ghost` refers to a missing span"),
                          Error(HealthCode::kUnknownCallEdgeSpan,
                                "call edge `ghost` -> `phantom` refers to a missing span")));
}

TEST(HealthCheck14, CallEdgeHierarchyMismatch) {
  EXPECT_THAT(Analyze(With(CleanTrace(), {CallEdge("fwd", "bwd", 200)})).issues,
              ElementsAre(Error(HealthCode::kCallEdgeHierarchyMismatch,
                                "call edge `fwd` -> `bwd` does not match the span hierarchy")));
  // A root target has no parent at all.
  EXPECT_THAT(Analyze(With(CleanTrace(), {CallEdge("fwd", "root", 1000)})).issues,
              ElementsAre(Error(HealthCode::kCallEdgeHierarchyMismatch,
                                "call edge `fwd` -> `root` does not match the span hierarchy")));
}

TEST(HealthCheck14, CallEdgeDurationMismatch) {
  EXPECT_THAT(Analyze(With(CleanTrace(), {CallEdge("root", "bwd", 199)})).issues,
              ElementsAre(Error(HealthCode::kCallEdgeDurationMismatch,
                                "call edge `root` -> `bwd` reports 199 ns but the span reports "
                                "200 ns")));
  // Both mismatches, in order; an open target has no duration to compare.
  EXPECT_THAT(Analyze(With(CleanTrace(), {CallEdge("fwd", "bwd", 5)})).issues,
              ElementsAre(Error(HealthCode::kCallEdgeHierarchyMismatch,
                                "call edge `fwd` -> `bwd` does not match the span hierarchy"),
                          Error(HealthCode::kCallEdgeDurationMismatch,
                                "call edge `fwd` -> `bwd` reports 5 ns but the span reports "
                                "200 ns")));
  EXPECT_THAT(Analyze(Without(With(CleanTrace(), {CallEdge("root", "opt", 5)}), kOptEnd)).issues,
              ElementsAre(Error(HealthCode::kOpenSpan, "span `opt` was not closed")));
}

TEST(HealthCheck14, EmptyDataEdgeEndpointIsNotTrimmed) {
  EXPECT_THAT(
      Analyze(With(CleanTrace(), {DataEdge("", "t0"), DataEdge("", "")})).issues,
      ElementsAre(
          Error(HealthCode::kEmptyDataEdgeEndpoint, "data-edge tensor IDs cannot be empty"),
          Error(HealthCode::kEmptyDataEdgeEndpoint, "data-edge tensor IDs cannot be empty")));
  EXPECT_THAT(Analyze(With(CleanTrace(), {DataEdge("t0", " ")})).issues,
              ElementsAre(Error(HealthCode::kUnknownDataEdgeTensor,
                                "data edge `t0` -> ` ` refers to unknown tensor evidence")));
}

TEST(HealthCheck14, UnknownDataEdgeTensor) {
  // Op inputs (t1) and outputs (t2) are known tensors as well as tensor records (t0).
  EXPECT_THAT(Analyze(With(CleanTrace(), {DataEdge("t1", "t9"), DataEdge("t1", "t2")})).issues,
              ElementsAre(Error(HealthCode::kUnknownDataEdgeTensor,
                                "data edge `t1` -> `t9` refers to unknown tensor evidence")));
}

// ---------------------------------------------------------------------------------------------
// Check 15.

TEST(HealthCheck15, AllocationSizeMismatchOnAlloc) {
  const std::string text = With(CleanTrace(), {Memory(200, "alloc", "st1", "t3", 32, "fwd")});
  EXPECT_THAT(Analyze(text).issues,
              ElementsAre(Error(HealthCode::kAllocationSizeMismatch,
                                "storage `st1` on `cpu` has conflicting allocation sizes")));
}

TEST(HealthCheck15, AllocationSizeMismatchOnFreeStillFrees) {
  const std::string text =
      Replace(CleanTrace(), R"("bytes":16,"action":"free")", R"("bytes":8,"action":"free")");
  EXPECT_THAT(Analyze(text).issues,
              ElementsAre(Error(HealthCode::kAllocationSizeMismatch,
                                "storage `st1` allocated 16 bytes but freed 8")));
}

TEST(HealthCheck15, DuplicateAllocation) {
  const std::string text = With(CleanTrace(), {Memory(200, "alloc", "st1", "t2", 16, "fwd")});
  EXPECT_THAT(Analyze(text).issues,
              ElementsAre(Error(HealthCode::kDuplicateAllocation,
                                "tensor `t2` repeated an allocation for storage `st1` on `cpu`")));
}

TEST(HealthCheck15, DuplicateAllocationOfAnAlias) {
  const std::string text = With(CleanTrace(), {Memory(200, "alloc", "st1", "view", 16, "fwd"),
                                               Memory(210, "alloc", "st1", "view", 16, "fwd")});
  EXPECT_THAT(
      Analyze(text).issues,
      ElementsAre(Error(HealthCode::kDuplicateAllocation,
                        "tensor `view` repeated an allocation for storage `st1` on `cpu`")));
}

TEST(HealthCheck15, UnpairedFree) {
  EXPECT_THAT(Analyze(With(CleanTrace(), {Memory(400, "free", "st9", "t9", 4)})).issues,
              ElementsAre(Error(HealthCode::kUnpairedFree,
                                "storage `st9` on `cpu` was freed while not live")));
}

TEST(HealthCheck15, RetainedAllocationsKeepsThePlural) {
  EXPECT_THAT(Analyze(With(CleanTrace(), {Memory(400, "alloc", "st9", "t9", 4)})).issues,
              ElementsAre(Warning(HealthCode::kRetainedAllocations,
                                  "1 storages remained live at capture end")));
  // Storage ids are scoped by device: the same id on two devices is two storages.
  const std::string two = With(
      CleanTrace(),
      {Memory(400, "alloc", "st9", "t9", 4),
       Replace(Memory(400, "alloc", "st9", "t9", 4), R"("device":"cpu")", R"("device":"cuda:0")")});
  EXPECT_THAT(Analyze(two).issues, ElementsAre(Warning(HealthCode::kRetainedAllocations,
                                                       "2 storages remained live at capture end")));
}

// docs/examples.md §8.3 E25: the free comes first in document order at the same timestamp.
TEST(HealthCheck15, E25EqualTimestampsKeepDocumentOrder) {
  const std::string text =
      With(CleanTrace(), {Memory(5, "free", "a", "t", 100), Memory(5, "alloc", "a", "t", 100)});
  EXPECT_THAT(
      Analyze(text).issues,
      ElementsAre(
          Error(HealthCode::kUnpairedFree, "storage `a` on `cpu` was freed while not live"),
          Warning(HealthCode::kRetainedAllocations, "1 storages remained live at capture end")));
  const std::string in_order =
      With(CleanTrace(), {Memory(5, "alloc", "a", "t", 100), Memory(5, "free", "a", "t", 100)});
  EXPECT_THAT(Analyze(in_order).issues, IsEmpty());
}

TEST(HealthCheck15, EventsArePairedInTimestampOrder) {
  // Document order is free, alloc; timestamps say alloc (20), free (30).
  const std::string text =
      With(CleanTrace(), {Memory(30, "free", "a", "t", 100), Memory(20, "alloc", "a", "t", 100)});
  EXPECT_THAT(Analyze(text).issues, IsEmpty());
}

// docs/examples.md §8.10 H11.
TEST(HealthCheck15, H11AliasesAreLegal) {
  const std::string text = With(CleanTrace(), {Memory(1, "alloc", "shared", "base", 64),
                                               Memory(2, "alloc", "shared", "view", 64),
                                               Memory(3, "free", "shared", "view", 64)});
  const TraceHealth health = Analyze(text);
  EXPECT_TRUE(health.structurally_valid);
  EXPECT_THAT(health.issues, IsEmpty());
}

// ---------------------------------------------------------------------------------------------
// Check 16.

TEST(HealthCheck16, EmptyGradientEventId) {
  EXPECT_THAT(
      Analyze(Replace(CleanTrace(), kGradient, Gradient(" ", "vb", "w", "present", "1.0"))).issues,
      ElementsAre(
          Error(HealthCode::kEmptyGradientEventId, "gradient event IDs must not be empty")));
}

TEST(HealthCheck16, EmptyGradientParameterKeyIsOneIssue) {
  EXPECT_THAT(
      Analyze(Replace(CleanTrace(), kGradient, Gradient("g1", "", "\\t", "present", "1.0"))).issues,
      ElementsAre(Error(HealthCode::kEmptyGradientParameterKey,
                        "gradient roots and parameter keys must not be empty")));
}

TEST(HealthCheck16, DuplicateGradientEventIdOnEveryLaterOccurrence) {
  const std::string text = With(CleanTrace(), {Gradient("g1", "vb", "w2", "present", "2.0"),
                                               Gradient("g1", "vb", "w3", "present", "2.0"),
                                               Gradient(" g1", "vb", "w4", "present", "2.0")});
  EXPECT_THAT(Analyze(text).issues,
              ElementsAre(Error(HealthCode::kDuplicateGradientEventId,
                                "gradient event ID \"g1\" occurs more than once"),
                          Error(HealthCode::kDuplicateGradientEventId,
                                "gradient event ID \"g1\" occurs more than once")));
}

TEST(HealthCheck16, DuplicateGradientEventIdIsDebugRendered) {
  const std::string text = With(CleanTrace(), {Gradient("a\\\"b\\\\c\\n", "vb", "w2", "missing"),
                                               Gradient("a\\\"b\\\\c\\n", "vb", "w3", "missing")});
  EXPECT_THAT(Analyze(text).issues,
              ElementsAre(Error(HealthCode::kDuplicateGradientEventId,
                                "gradient event ID \"a\\\"b\\\\c\\n\" occurs more than once")));
}

TEST(HealthCheck16, GradientStateNormInconsistent) {
  const std::string text =
      Replace(CleanTrace(), kGradient, Gradient("g1", "vb", "opt.weight", "zero", "-0.0"));
  EXPECT_THAT(Analyze(text).issues,
              ElementsAre(Error(HealthCode::kGradientStateNormInconsistent,
                                "gradient (\"vb\", \"opt.weight\") state `zero` is inconsistent "
                                "with norm Some(-0.0)")));
  const std::string absent = Replace(CleanTrace(), kGradient, Gradient("g1", "vb", "w", "present"));
  EXPECT_THAT(Analyze(absent).issues,
              ElementsAre(Error(HealthCode::kGradientStateNormInconsistent,
                                "gradient (\"vb\", \"w\") state `present` is inconsistent with "
                                "norm None")));
}

TEST(HealthCheck16, GradientMessagesUseTheDebugRendering) {
  const std::string text =
      Replace(CleanTrace(), kGradient,
              Gradient("g1", "vb", "e\\u0301té\\u200b\\u001b\\t", "present", "-2.5e-5"));
  EXPECT_THAT(Analyze(text).issues,
              ElementsAre(Error(HealthCode::kGradientStateNormInconsistent,
                                "gradient (\"vb\", \"e\\u{301}té\\u{200b}\\u{1b}\\t\") state "
                                "`present` is inconsistent with norm Some(-2.5e-5)")));
  const std::string big =
      Replace(CleanTrace(), kGradient, Gradient("g1", "vb", "w", "present", "-1e21"));
  EXPECT_THAT(Analyze(big).issues[0].message, ::testing::EndsWith("norm Some(-1e21)"));
}

TEST(HealthCheck16, FourEventChecksAreIndependent) {
  const std::string text = With(CleanTrace(), {Gradient("", "", "", "missing", "1.0"),
                                               Gradient("", "", "", "missing", "1.0")});
  const HealthIssue norm = Error(HealthCode::kGradientStateNormInconsistent,
                                 "gradient (\"\", \"\") state `missing` is inconsistent with norm "
                                 "Some(1.0)");
  EXPECT_THAT(
      Analyze(text).issues,
      ElementsAre(Error(HealthCode::kEmptyGradientEventId, "gradient event IDs must not be empty"),
                  Error(HealthCode::kEmptyGradientParameterKey,
                        "gradient roots and parameter keys must not be empty"),
                  norm,
                  Error(HealthCode::kEmptyGradientEventId, "gradient event IDs must not be empty"),
                  Error(HealthCode::kEmptyGradientParameterKey,
                        "gradient roots and parameter keys must not be empty"),
                  Error(HealthCode::kDuplicateGradientEventId,
                        "gradient event ID \"\" occurs more than once"),
                  norm));
}

constexpr std::string_view kGoldenDigest =
    "sha256:d7f0b4aa8a4072b9824018c8d3eff5757286f1348366c15ef8780be38945fcc6";

// The capture-contract members declaring complete gradients under the golden manifest of §8.9:
// trunk (active, min 1), frozen (inactive), optional (data-conditional, min 1).
std::string GoldenContract(
    std::string_view digest = kGoldenDigest,
    std::string_view families =
        R"([{"family":"trunk","expectation":"active","min_present":1},{"family":"frozen","expectation":"inactive","min_present":0},{"family":"optional","expectation":"data_conditional","min_present":1}])") {
  return R"(,"gradients":"complete","gradient_contract":{"manifest_sha256":")" +
         std::string(digest) +
         R"(","expected":[{"root":"parameters","key":"trunk.weight","family":"trunk"},{"root":"parameters","key":"frozen.weight","family":"frozen"},{"root":"parameters","key":"optional.weight","family":"optional"}],"families":)" +
         std::string(families) + "}";
}

const std::string kTrunk = Gradient("p1", "parameters", "trunk.weight", "present", "1.5");
const std::string kFrozen = Gradient("p2", "parameters", "frozen.weight", "missing");
const std::string kOptional = Gradient("p3", "parameters", "optional.weight", "zero", "0.0");

// The clean trace under the golden contract, with one event per manifest entry.
std::string ContractTrace(const std::string& contract = GoldenContract()) {
  return Replace(CleanTrace(Meta(contract)), kGradient, kTrunk + "\n" + kFrozen + "\n" + kOptional);
}

TEST(HealthCheck16, CleanUnderAGradientContract) {
  EXPECT_THAT(Analyze(ContractTrace()).issues, IsEmpty());
}

TEST(HealthCheck16, GradientContractMissing) {
  EXPECT_THAT(Analyze(CleanTrace(Meta(R"(,"gradients":"complete")"))).issues,
              ElementsAre(Error(HealthCode::kGradientContractMissing,
                                "complete gradient coverage requires an exact gradient contract")));
}

TEST(HealthCheck16, GradientContractWithoutCompleteCoverage) {
  const std::string contract =
      Replace(GoldenContract(), R"("gradients":"complete")", R"("gradients":"partial")");
  // The contract gate stops the check: the undeclared (vb, w) is not reported.
  EXPECT_THAT(Analyze(CleanTrace(Meta(contract))).issues,
              ElementsAre(Error(
                  HealthCode::kGradientContractWithoutCompleteCoverage,
                  "an exact gradient contract requires complete declared gradient coverage")));
}

TEST(HealthCheck16, GradientContractInvalid) {
  const std::string upper = Replace(GoldenContract(), "d7f0b4aa", "D7F0B4AA");
  EXPECT_THAT(Analyze(ContractTrace(upper)).issues,
              ElementsAre(Error(HealthCode::kGradientContractInvalid,
                                "gradient manifest SHA-256 does not match its ordered parameter "
                                "manifest")));
  const std::string family = GoldenContract(
      kGoldenDigest,
      R"([{"family":"trunk","expectation":"active","min_present":2},{"family":"frozen","expectation":"inactive","min_present":0},{"family":"optional","expectation":"data_conditional","min_present":1}])");
  EXPECT_THAT(Analyze(ContractTrace(family)).issues,
              ElementsAre(Error(HealthCode::kGradientContractInvalid,
                                "active or data-conditional gradient family \"trunk\" needs "
                                "min_present in 1..=1")));
}

TEST(HealthCheck16, GradientManifestDuplicateKey) {
  const std::string text =
      With(ContractTrace(), {Gradient("p4", "parameters", "trunk.weight", "present", "2.0")});
  EXPECT_THAT(Analyze(text).issues,
              ElementsAre(Error(HealthCode::kGradientManifestDuplicateKey,
                                "gradient (\"parameters\", \"trunk.weight\") occurs 2 times; "
                                "expected exactly once")));
}

TEST(HealthCheck16, GradientManifestUndeclaredKeyInByteOrder) {
  const std::string text =
      With(ContractTrace(), {Gradient("p5", "parameters", "z.weight", "missing"),
                             Gradient("p4", "parameters", "extra.weight", "missing"),
                             Gradient("p6", "extra", "z.weight", "missing"),
                             Gradient("p7", "extra", "z.weight", "missing")});
  EXPECT_THAT(
      Analyze(text).issues,
      ElementsAre(Error(HealthCode::kGradientManifestDuplicateKey,
                        "gradient (\"extra\", \"z.weight\") occurs 2 times; expected exactly once"),
                  Error(HealthCode::kGradientManifestUndeclaredKey,
                        "gradient (\"extra\", \"z.weight\") is absent from the manifest"),
                  Error(HealthCode::kGradientManifestUndeclaredKey,
                        "gradient (\"parameters\", \"extra.weight\") is absent from the manifest"),
                  Error(HealthCode::kGradientManifestUndeclaredKey,
                        "gradient (\"parameters\", \"z.weight\") is absent from the manifest")));
}

TEST(HealthCheck16, GradientManifestMissingKeyIsAWarningWhenFailed) {
  const std::string text = Without(ContractTrace(), kFrozen);
  const HealthIssue missing_error =
      Error(HealthCode::kGradientManifestMissingKey,
            "manifest gradient (\"parameters\", \"frozen.weight\") was not captured");
  EXPECT_THAT(Analyze(text).issues, ElementsAre(missing_error));
  const TraceHealth failed = Analyze(Failed(text));
  EXPECT_TRUE(failed.structurally_valid);
  EXPECT_THAT(failed.issues, ElementsAre(kBoom, Warning(HealthCode::kGradientManifestMissingKey,
                                                        missing_error.message)));
}

TEST(HealthCheck16, GradientFamilyNonFinite) {
  const std::string text = Replace(ContractTrace(), kOptional,
                                   Gradient("p3", "parameters", "optional.weight", "non_finite"));
  EXPECT_THAT(Analyze(text).issues,
              ElementsAre(Error(HealthCode::kGradientFamilyNonFinite,
                                "gradient family \"optional\" contains 1 non-finite gradients")));
}

TEST(HealthCheck16, GradientActiveFamilyBelowMinimum) {
  const std::string zero =
      Replace(ContractTrace(), kTrunk, Gradient("p1", "parameters", "trunk.weight", "zero", "0"));
  const HealthIssue below = Error(HealthCode::kGradientActiveFamilyBelowMinimum,
                                  "active gradient family \"trunk\" has 0 present gradients; "
                                  "requires at least 1");
  EXPECT_THAT(Analyze(zero).issues, ElementsAre(below));
  // A failed capture whose family is complete is still judged: the error stays.
  EXPECT_THAT(Analyze(Failed(zero)).issues, ElementsAre(kBoom, below));
  // Failed and incomplete: only the missing key, as a warning.
  EXPECT_THAT(Analyze(Failed(Without(ContractTrace(), kTrunk))).issues,
              ElementsAre(kBoom, Warning(HealthCode::kGradientManifestMissingKey,
                                         "manifest gradient (\"parameters\", \"trunk.weight\") "
                                         "was not captured")));
  EXPECT_THAT(Analyze(Without(ContractTrace(), kTrunk)).issues,
              ElementsAre(Error(HealthCode::kGradientManifestMissingKey,
                                "manifest gradient (\"parameters\", \"trunk.weight\") was not "
                                "captured"),
                          below));
}

TEST(HealthCheck16, GradientInactiveFamilyLeakage) {
  const std::string text = Replace(ContractTrace(), kFrozen,
                                   Gradient("p2", "parameters", "frozen.weight", "zero", "0.0"));
  EXPECT_THAT(Analyze(text).issues,
              ElementsAre(Error(HealthCode::kGradientInactiveFamilyLeakage,
                                "inactive gradient family \"frozen\" has 1 attached gradients")));
}

TEST(HealthCheck16, FamilyMembersAreRepresentedByTheirFirstEvent) {
  // The second trunk event is present, but the first (zero) represents the key.
  const std::string text = With(
      Replace(ContractTrace(), kTrunk, Gradient("p1", "parameters", "trunk.weight", "zero", "0.0")),
      {Gradient("p9", "parameters", "trunk.weight", "present", "1.0")});
  EXPECT_THAT(Analyze(text).issues,
              ElementsAre(Error(HealthCode::kGradientManifestDuplicateKey,
                                "gradient (\"parameters\", \"trunk.weight\") occurs 2 times; "
                                "expected exactly once"),
                          Error(HealthCode::kGradientActiveFamilyBelowMinimum,
                                "active gradient family \"trunk\" has 0 present gradients; "
                                "requires at least 1")));
}

// docs/examples.md §8.10 G1–G4: one data-conditional family, min_present 2, three members.
class HealthDataConditionalTest : public ::testing::Test {
 protected:
  static std::string Trace(std::string_view a, std::string_view b, std::string_view c) {
    std::vector<ExpectedGradient> manifest(3);
    for (std::size_t i = 0; i < manifest.size(); ++i) {
      manifest[i].root = "m";
      manifest[i].family = "cond";
    }
    manifest[0].key = "cond.a";
    manifest[1].key = "cond.b";
    manifest[2].key = "cond.c";
    const std::string contract =
        R"(,"gradients":"complete","gradient_contract":{"manifest_sha256":")" +
        GradientManifestSha256(manifest).value() +
        R"(","expected":[{"root":"m","key":"cond.a","family":"cond"},{"root":"m","key":"cond.b","family":"cond"},{"root":"m","key":"cond.c","family":"cond"}],"families":[{"family":"cond","expectation":"data_conditional","min_present":2}]})";
    return Replace(CleanTrace(Meta(contract)), kGradient,
                   Event("g1", "cond.a", a) + "\n" + Event("g2", "cond.b", b) + "\n" +
                       Event("g3", "cond.c", c));
  }

  static std::string Event(std::string_view id, std::string_view key, std::string_view state) {
    const std::string_view norm = state == "present" ? "1.0" : state == "zero" ? "0.0" : "";
    return Gradient(id, "m", key, state, norm);
  }
};

TEST_F(HealthDataConditionalTest, G1AllMissingPasses) {
  EXPECT_THAT(Analyze(Trace("missing", "missing", "missing")).issues, IsEmpty());
}

TEST_F(HealthDataConditionalTest, G2AllZeroPasses) {
  EXPECT_THAT(Analyze(Trace("zero", "zero", "zero")).issues, IsEmpty());
}

TEST_F(HealthDataConditionalTest, G3TwoPresentPasses) {
  EXPECT_THAT(Analyze(Trace("present", "present", "missing")).issues, IsEmpty());
}

TEST_F(HealthDataConditionalTest, G4OnePresentIsBelowTheMinimum) {
  const HealthIssue below = Error(HealthCode::kGradientConditionalFamilyBelowMinimum,
                                  "data-conditional gradient family \"cond\" was attached but has "
                                  "1 present gradients; requires at least 2");
  EXPECT_THAT(Analyze(Trace("present", "zero", "missing")).issues, ElementsAre(below));
  // Failed but complete (every member has an event): still judged.
  EXPECT_THAT(Analyze(Failed(Trace("present", "zero", "missing"))).issues,
              ElementsAre(kBoom, below));
}

TEST_F(HealthDataConditionalTest, FailedAndIncompleteIsNotJudged) {
  const std::string text =
      Failed(Without(Trace("present", "zero", "missing"), Event("g3", "cond.c", "missing")));
  EXPECT_THAT(Analyze(text).issues,
              ElementsAre(kBoom, Warning(HealthCode::kGradientManifestMissingKey,
                                         "manifest gradient (\"m\", \"cond.c\") was not "
                                         "captured")));
}

// ---------------------------------------------------------------------------------------------
// Checks 17–18.

TEST(HealthCheck18, EachAbsenceWarning) {
  struct Case {
    std::string text;
    HealthIssue issue;
  };
  const std::string clean = CleanTrace();
  const std::vector<Case> cases = {
      {Without(clean, kOp),
       Warning(HealthCode::kOperationsAbsent, "no operation evidence was captured")},
      {Without(Without(clean, kTensor0), kTensor2),
       Warning(HealthCode::kTensorsAbsent, "no tensor checkpoints were captured")},
      {Without(Without(clean, kAlloc), kFree),
       Warning(HealthCode::kLogicalMemoryAbsent, "no logical storage events were captured")},
      {Without(clean, kSample), Warning(HealthCode::kPhysicalMemoryAbsent,
                                        "no physical device-memory samples were captured")},
      {Without(clean, kInterval),
       Warning(HealthCode::kDeviceTimingAbsent, "no device timing intervals were captured")},
      {Without(clean, kGradient), Warning(HealthCode::kGradientsAbsent,
                                          "no gradient facts were captured for this training run")},
      {Replace(clean, R"(,"step":"forward")", ""),
       Warning(HealthCode::kForwardAbsent, "no forward span was tagged")},
      {Replace(clean, R"(,"step":"backward")", ""),
       Warning(HealthCode::kBackwardAbsent, "no backward span was tagged")},
      {Replace(clean, R"(,"step":"optimizer")", ""),
       Warning(HealthCode::kOptimizerAbsent, "no optimizer span was tagged")},
  };
  for (const Case& c : cases) {
    const TraceHealth health = Analyze(c.text);
    EXPECT_TRUE(health.structurally_valid) << HealthCodeName(c.issue.code);
    EXPECT_THAT(health.issues, ElementsAre(c.issue));
  }
}

TEST(HealthCheck18, AbsenceWarningsInOrderAndTrainOnlyOnesSkippedForInference) {
  const std::string empty = Join({Meta(), kTerminal});
  const TraceHealth train = Analyze(empty);
  std::vector<HealthCode> codes;
  for (const HealthIssue& issue : train.issues) codes.push_back(issue.code);
  EXPECT_THAT(codes, ElementsAre(HealthCode::kRootCount, HealthCode::kMeasurementCount,
                                 HealthCode::kOperationsAbsent, HealthCode::kTensorsAbsent,
                                 HealthCode::kLogicalMemoryAbsent,
                                 HealthCode::kPhysicalMemoryAbsent, HealthCode::kDeviceTimingAbsent,
                                 HealthCode::kGradientsAbsent, HealthCode::kForwardAbsent,
                                 HealthCode::kBackwardAbsent, HealthCode::kOptimizerAbsent));
  const std::string infer =
      Replace(Without(CleanTrace(), kGradient), R"("phase":"train")", R"("phase":"infer")");
  EXPECT_THAT(Analyze(Replace(Replace(Replace(infer, R"(,"step":"forward")", ""),
                                      R"(,"step":"backward")", ""),
                              R"(,"step":"optimizer")", ""))
                  .issues,
              IsEmpty());
}

// ---------------------------------------------------------------------------------------------
// Checks 19–20.

std::string Labels(std::string_view required, std::string_view gpu = "",
                   std::string_view cpu = "") {
  std::string members = R"(,"required_semantic_labels":)" + std::string(required);
  if (!gpu.empty()) members += R"(,"gpu_expected_semantic_labels":)" + std::string(gpu);
  if (!cpu.empty()) members += R"(,"cpu_only_semantic_labels":)" + std::string(cpu);
  return CleanTrace(Meta(members));
}

TEST(HealthCheck19, RequiredLabelsThatNameOneSpanAreClean) {
  EXPECT_THAT(Analyze(Labels(R"(["demo::train","forward"])")).issues, IsEmpty());
}

TEST(HealthCheck19, H2RequiredSemanticLabelCardinalityObserved0) {
  EXPECT_THAT(Analyze(Labels(R"(["demo::train","prepare"])")).issues,
              ElementsAre(Error(HealthCode::kRequiredSemanticLabelCardinality,
                                "required semantic label `prepare` must occur exactly once; "
                                "observed 0")));
}

TEST(HealthCheck19, H3DuplicateRequiredSemanticLabel) {
  EXPECT_THAT(Analyze(Labels(R"(["demo::train","demo::train"])")).issues,
              ElementsAre(Error(HealthCode::kDuplicateRequiredSemanticLabel,
                                "required semantic label `demo::train` is declared more than "
                                "once")));
}

TEST(HealthCheck19, H4TwoSpansWithTheLabel) {
  const std::string text =
      With(Labels(R"(["forward"])"), {Span("fwd2", "root", 100, 10, "forward")});
  const TraceHealth health = Analyze(text);
  ASSERT_EQ(health.issues.size(), 1u);
  EXPECT_THAT(health.issues[0].message, ::testing::HasSubstr("observed 2"));
  EXPECT_EQ(health.issues[0], Error(HealthCode::kRequiredSemanticLabelCardinality,
                                    "required semantic label `forward` must occur exactly once; "
                                    "observed 2"));
}

TEST(HealthCheck19, H5FailedCaptureMissingALabelIsAWarning) {
  const TraceHealth health = Analyze(Failed(Labels(R"(["prepare"])")));
  EXPECT_TRUE(health.structurally_valid);
  EXPECT_THAT(health.issues,
              ElementsAre(kBoom, Warning(HealthCode::kRequiredSemanticLabelCardinality,
                                         "required semantic label `prepare` must occur exactly "
                                         "once; observed 0")));
}

TEST(HealthCheck19, EmptyRequiredSemanticLabelAlsoGetsTheCardinalityCheck) {
  const HealthIssue empty =
      Error(HealthCode::kEmptyRequiredSemanticLabel, "required semantic labels must not be empty");
  const auto cardinality = [](std::string_view label) {
    return Error(
        HealthCode::kRequiredSemanticLabelCardinality,
        "required semantic label `" + std::string(label) + "` must occur exactly once; observed 0");
  };
  EXPECT_THAT(Analyze(Labels(R"(["  "])")).issues, ElementsAre(empty, cardinality("  ")));
  EXPECT_THAT(Analyze(Labels(R"(["", "dup", "dup"])")).issues,
              ElementsAre(empty, cardinality(""), cardinality("dup"),
                          Error(HealthCode::kDuplicateRequiredSemanticLabel,
                                "required semantic label `dup` is declared more than once"),
                          cardinality("dup")));
  // Failed: the same issues as warnings.
  EXPECT_THAT(Analyze(Failed(Labels(R"(["  "])"))).issues,
              ElementsAre(kBoom, Warning(HealthCode::kEmptyRequiredSemanticLabel, empty.message),
                          Warning(HealthCode::kRequiredSemanticLabelCardinality,
                                  cardinality("  ").message)));
}

TEST(HealthCheck20, ClassificationThatPartitionsIsClean) {
  EXPECT_THAT(
      Analyze(Labels(R"(["demo::train","forward"])", R"(["forward"])", R"(["demo::train"])"))
          .issues,
      IsEmpty());
}

TEST(HealthCheck20, EmptySemanticLabelClassification) {
  EXPECT_THAT(
      Analyze(Labels(R"(["demo::train"])", R"(["demo::train"])", R"([" "])")).issues,
      ElementsAre(Error(HealthCode::kEmptySemanticLabelClassification,
                        "CPU-only semantic labels must not be empty"),
                  Error(HealthCode::kUnrequiredSemanticLabelClassification,
                        "CPU-only semantic label ` ` is not a required application label"),
                  Error(HealthCode::kIncompleteSemanticLabelPartition,
                        "GPU-expected and CPU-only semantic labels must partition all required "
                        "application labels")));
}

TEST(HealthCheck20, DuplicateSemanticLabelClassificationAlsoOverlaps) {
  EXPECT_THAT(Analyze(Labels(R"(["demo::train"])", R"(["demo::train","demo::train"])")).issues,
              ElementsAre(Error(HealthCode::kDuplicateSemanticLabelClassification,
                                "GPU-expected semantic label `demo::train` is declared more than "
                                "once"),
                          Error(HealthCode::kOverlappingSemanticLabelClassification,
                                "semantic label `demo::train` is classified as both GPU-expected "
                                "and CPU-only")));
}

TEST(HealthCheck20, UnrequiredSemanticLabelClassification) {
  EXPECT_THAT(
      Analyze(Labels(R"(["demo::train"])", R"(["demo::train"])", R"(["nope"])")).issues,
      ElementsAre(Error(HealthCode::kUnrequiredSemanticLabelClassification,
                        "CPU-only semantic label `nope` is not a required application label"),
                  Error(HealthCode::kIncompleteSemanticLabelPartition,
                        "GPU-expected and CPU-only semantic labels must partition all required "
                        "application labels")));
}

TEST(HealthCheck20, OverlappingSemanticLabelClassification) {
  const std::string text = Labels(R"(["demo::train"])", R"(["demo::train"])", R"(["demo::train"])");
  const HealthIssue overlap = Error(HealthCode::kOverlappingSemanticLabelClassification,
                                    "semantic label `demo::train` is classified as both "
                                    "GPU-expected and CPU-only");
  EXPECT_THAT(Analyze(text).issues, ElementsAre(overlap));
  EXPECT_THAT(Analyze(Failed(text)).issues,
              ElementsAre(kBoom, Warning(overlap.code, overlap.message)));
}

// docs/examples.md §8.10 H6.
TEST(HealthCheck20, H6IncompleteSemanticLabelPartition) {
  const std::string text =
      With(Labels(R"(["demo","prepare"])", R"(["demo"])"),
           {Span("s-demo", "root", 0, 1, "demo"), Span("s-prepare", "root", 0, 1, "prepare")});
  const HealthIssue incomplete = Error(HealthCode::kIncompleteSemanticLabelPartition,
                                       "GPU-expected and CPU-only semantic labels must partition "
                                       "all required application labels");
  EXPECT_THAT(Analyze(text).issues, ElementsAre(incomplete));
  EXPECT_THAT(Analyze(Failed(text)).issues,
              ElementsAre(kBoom, Warning(incomplete.code, incomplete.message)));
}

// Corpus `assumed_label_partition_overlap_duplicate_unrequired` (docs/analyses.md §6.8).
TEST(HealthCheck20, OverlapDuplicateUnrequiredInOrder) {
  const std::string text = With(
      Labels(R"(["train/step","train/forward","train/backward","train/optimizer"])",
             R"(["train/step","train/step","","nope"])",
             R"(["train/step","train/forward","train/backward","train/optimizer"])"),
      {Span("l1", "root", 0, 1, "train/step"), Span("l2", "root", 0, 1, "train/forward"),
       Span("l3", "root", 0, 1, "train/backward"), Span("l4", "root", 0, 1, "train/optimizer")});
  EXPECT_THAT(
      Analyze(text).issues,
      ElementsAre(
          Error(HealthCode::kDuplicateSemanticLabelClassification,
                "GPU-expected semantic label `train/step` is declared more than once"),
          Error(HealthCode::kOverlappingSemanticLabelClassification,
                "semantic label `train/step` is classified as both GPU-expected and CPU-only"),
          Error(HealthCode::kEmptySemanticLabelClassification,
                "GPU-expected semantic labels must not be empty"),
          Error(HealthCode::kUnrequiredSemanticLabelClassification,
                "GPU-expected semantic label `` is not a required application label"),
          Error(HealthCode::kUnrequiredSemanticLabelClassification,
                "GPU-expected semantic label `nope` is not a required application label"),
          Error(HealthCode::kOverlappingSemanticLabelClassification,
                "semantic label `train/step` is classified as both GPU-expected and CPU-only"),
          Error(HealthCode::kIncompleteSemanticLabelPartition,
                "GPU-expected and CPU-only semantic labels must partition all required "
                "application labels")));
}

// ---------------------------------------------------------------------------------------------
// Checks run in their numbered order and none stops the analysis.

TEST(HealthTest, IssuesFollowTheCheckOrder) {
  const std::string text =
      With(Replace(Without(CleanTrace(), kOptEnd), "\"capture_step\":1", "\"capture_step\":0"),
           {Memory(400, "free", "st9", "t9", 4), CallEdge("root", "ghost", 1)});
  std::vector<HealthCode> codes;
  for (const HealthIssue& issue : Analyze(text).issues) codes.push_back(issue.code);
  EXPECT_THAT(codes, ElementsAre(HealthCode::kRunProvenanceInvalid, HealthCode::kOpenSpan,
                                 HealthCode::kUnknownCallEdgeSpan, HealthCode::kUnpairedFree));
}

// ---------------------------------------------------------------------------------------------
// `tracedoc health`.

class HealthCliTest : public testdata::CliFixture {
 protected:
  // Runs `tracedoc health ARGUMENTS`, stdin from `stdin_name`.
  testdata::RunResult Run(const std::string& arguments, std::string_view stdin_name = "") {
    return CliFixture::Run("health " + arguments, stdin_name);
  }
};

TEST_F(HealthCliTest, StructurallyValidExitsZero) {
  WriteFile("clean.jsonl", CleanTrace());
  const testdata::RunResult run = Run("clean.jsonl");
  EXPECT_EQ(run.exit_code, 0);
  EXPECT_EQ(run.out, WriteHealthJson(Analyze(CleanTrace())) + "\n");
  EXPECT_EQ(run.err, "");
}

TEST_F(HealthCliTest, WarningsAloneExitZero) {
  WriteFile("failed.jsonl", Failed(Without(CleanTrace(), kOptEnd)));
  const testdata::RunResult run = Run("failed.jsonl");
  EXPECT_EQ(run.exit_code, 0);
  EXPECT_THAT(run.out, ::testing::StartsWith(
                           R"({"structurally_valid":true,"capture_complete":false,"issues":[)"));
}

TEST_F(HealthCliTest, AnErrorIssueExitsOneWithTheReport) {
  const std::string text = Without(CleanTrace(), kOptEnd);
  WriteFile("open.jsonl", text);
  const testdata::RunResult run = Run("open.jsonl");
  EXPECT_EQ(run.exit_code, 1);
  EXPECT_EQ(run.out, WriteHealthJson(Analyze(text)) + "\n");
  EXPECT_EQ(run.err, "");
}

TEST_F(HealthCliTest, ReadsStandardInputAndPrettyPrints) {
  WriteFile("clean.jsonl", CleanTrace());
  const testdata::RunResult run = Run("- --pretty", "clean.jsonl");
  EXPECT_EQ(run.exit_code, 0);
  EXPECT_EQ(run.out, WriteHealthJson(Analyze(CleanTrace()), {.pretty = true}) + "\n");
}

TEST_F(HealthCliTest, ATraceThatDoesNotFoldExitsOneWithItsError) {
  WriteFile("bad.jsonl",
            Join({Meta(), R"({"kind":"span_end","id":"s9","duration_ns":0})", kTerminal}));
  const testdata::RunResult run = Run("bad.jsonl");
  EXPECT_EQ(run.exit_code, 1);
  EXPECT_EQ(run.out, "");
  EXPECT_EQ(run.err,
            "bad.jsonl:2: error[unknown_span_end]: span_end for unknown span `s9` at "
            "index 1\n");
}

TEST_F(HealthCliTest, AnUnreadableFileExitsTwo) {
  const testdata::RunResult run = Run("missing.jsonl");
  EXPECT_EQ(run.exit_code, 2);
  EXPECT_EQ(run.out, "");
  EXPECT_THAT(run.err, ::testing::StartsWith("missing.jsonl:0: error[io_error]: "));
}

}  // namespace
}  // namespace tracedoc
