// AnalyzeTrace6Health (docs/legacy-trace6.md §9.4): trace/10's checks that need neither a
// terminal nor a capture contract, with trace/6's own in place of the rest. Every check runs.
#include <algorithm>
#include <optional>
#include <string>
#include <utility>

#include "health/checks.hpp"
#include "health/trace6_checks.hpp"
#include "tracedoc/trace6_health.hpp"
#include "tracedoc/validation.hpp"

namespace tracedoc {
namespace {

Trace6EvidenceCoverage Trace6Coverage(const EvidenceCoverage& coverage) {
  return Trace6EvidenceCoverage{
      .spans = coverage.spans,
      .closed_spans = coverage.closed_spans,
      .root_spans = coverage.root_spans,
      .measured_spans = coverage.measured_spans,
      .operations = coverage.operations,
      .tensors = coverage.tensors,
      .memory_events = coverage.memory_events,
      .device_memory_samples = coverage.device_memory_samples,
      .gradients = coverage.gradients,
      .edges = coverage.call_edges + coverage.data_edges,
      .forward_spans = coverage.forward_spans,
      .backward_spans = coverage.backward_spans,
      .optimizer_spans = coverage.optimizer_spans,
  };
}

}  // namespace

Trace6Health AnalyzeTrace6Health(const TraceDocument& document) {
  health::HealthContext context(document);
  // The run's own fields (check 1); there is no terminal to check.
  if (std::optional<std::string> message = ValidateRunProvenance(document.run())) {
    context.AddError(HealthCode::kRunProvenanceInvalid, std::move(*message));
  }
  health::CheckSpanStructure(context);
  health::CheckTrace6ChildDurations(context);
  health::CheckRecordReferences(context);
  health::CheckTrace6Edges(context);
  health::CheckTrace6MemoryPairing(context);
  // Without a capture contract this is the per-event part (check 16 a) alone.
  health::CheckGradients(context);
  const EvidenceCoverage coverage = health::ComputeCoverage(document);
  health::CheckTrace6AbsentEvidence(context, coverage);

  Trace6Health health;
  health.issues = std::move(context).TakeIssues();
  health.trusted = std::none_of(
      health.issues.begin(), health.issues.end(),
      [](const HealthIssue& issue) { return issue.severity == HealthSeverity::kError; });
  health.coverage = Trace6Coverage(coverage);
  return health;
}

}  // namespace tracedoc
