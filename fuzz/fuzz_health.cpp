// AnalyzeHealth on any document that folds (inputs repaired by FoldLeniently). Invariants: the
// verdicts follow from the issues and the terminal; coverage recounts the document; every issue
// has a code that spells back and a message; the report is deterministic and strict JSON, in
// trace/6's shape for a trace/6 document.
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "fuzz_check.hpp"
#include "lenient_fold.hpp"
#include "strict_json.hpp"
#include "tracedoc/health.hpp"

namespace {

using tracedoc::TraceDocument;

template <class Records, class Predicate>
std::uint64_t CountIf(const Records& records, Predicate predicate) {
  return static_cast<std::uint64_t>(std::count_if(records.begin(), records.end(), predicate));
}

void CheckCoverage(const tracedoc::EvidenceCoverage& coverage, const TraceDocument& document) {
  const auto spans = document.spans();
  TRACEDOC_FUZZ_CHECK(coverage.spans == spans.size());
  TRACEDOC_FUZZ_CHECK(coverage.closed_spans ==
                      CountIf(spans, [](const auto& s) { return s.closed; }));
  TRACEDOC_FUZZ_CHECK(coverage.root_spans ==
                      CountIf(spans, [](const auto& s) { return !s.parent_id.has_value(); }));
  TRACEDOC_FUZZ_CHECK(coverage.measured_spans ==
                      CountIf(spans, [](const auto& s) { return s.measured; }));
  TRACEDOC_FUZZ_CHECK(coverage.operations == document.ops().size());
  TRACEDOC_FUZZ_CHECK(coverage.tensors == document.tensors().size());
  TRACEDOC_FUZZ_CHECK(coverage.memory_events == document.memory().size());
  TRACEDOC_FUZZ_CHECK(coverage.device_memory_samples == document.device_memory().size());
  TRACEDOC_FUZZ_CHECK(coverage.device_intervals == document.device_intervals().size());
  TRACEDOC_FUZZ_CHECK(coverage.gradients == document.gradients().size());
  TRACEDOC_FUZZ_CHECK(coverage.call_edges == CountIf(document.edges(), [](const auto& e) {
                        return e.edge_kind == tracedoc::EdgeKind::kCall;
                      }));
  TRACEDOC_FUZZ_CHECK(coverage.call_edges + coverage.data_edges == document.edges().size());
  for (const auto step : {tracedoc::ExecutionStep::kForward, tracedoc::ExecutionStep::kBackward,
                          tracedoc::ExecutionStep::kOptimizer}) {
    const std::uint64_t count = CountIf(spans, [&](const auto& s) { return s.step == step; });
    const std::uint64_t reported =
        step == tracedoc::ExecutionStep::kForward    ? coverage.forward_spans
        : step == tracedoc::ExecutionStep::kBackward ? coverage.backward_spans
                                                     : coverage.optimizer_spans;
    TRACEDOC_FUZZ_CHECK(reported == count);
  }
}

// A trace/6 report: the checks of its revision, and its own JSON shape (one edge count).
void CheckTrace6(const tracedoc::TraceHealth& health) {
  TRACEDOC_FUZZ_CHECK(health.capture_complete);
  const std::string json = tracedoc::WriteHealthJson(health);
  TRACEDOC_FUZZ_CHECK(json.starts_with(R"({"trusted":)"));
  TRACEDOC_FUZZ_CHECK(json.find(R"("edges":)" +
                                std::to_string(health.coverage.call_edges +
                                               health.coverage.data_edges)) != std::string::npos);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::optional<TraceDocument> document =
      tracedoc::fuzz::FoldLeniently(std::string_view(reinterpret_cast<const char*>(data), size));
  if (!document) return 0;
  const tracedoc::TraceHealth health = tracedoc::AnalyzeHealth(*document);

  const bool any_error = std::any_of(health.issues.begin(), health.issues.end(), [](const auto& i) {
    return i.severity == tracedoc::HealthSeverity::kError;
  });
  TRACEDOC_FUZZ_CHECK(health.structurally_valid == !any_error);
  TRACEDOC_FUZZ_CHECK(health.capture_complete ==
                      (document->terminal().outcome != tracedoc::RunOutcome::kFailed));
  for (const tracedoc::HealthIssue& issue : health.issues) {
    TRACEDOC_FUZZ_CHECK(static_cast<int>(issue.code) < tracedoc::kHealthCodeCount);
    TRACEDOC_FUZZ_CHECK(tracedoc::HealthCodeFromName(tracedoc::HealthCodeName(issue.code)) ==
                        issue.code);
    TRACEDOC_FUZZ_CHECK(!issue.message.empty());
  }
  CheckCoverage(health.coverage, *document);

  TRACEDOC_FUZZ_CHECK(tracedoc::AnalyzeHealth(*document) == health);
  TRACEDOC_FUZZ_CHECK(tracedoc::fuzz::IsStrictJson(tracedoc::WriteHealthJson(health)));
  TRACEDOC_FUZZ_CHECK(health.revision == document->revision());
  if (health.revision == tracedoc::SchemaRevision::kTrace6) CheckTrace6(health);
  return 0;
}
