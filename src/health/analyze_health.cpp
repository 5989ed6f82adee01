// AnalyzeHealth: the one place that picks the checks by revision. Trace/10 and trace/9 run the
// checks of docs/analyses.md §6 in their numbered order; trace/6 (docs/legacy-trace6.md §9.4)
// runs trace/10's checks that need neither a terminal nor a capture contract, with its own in
// place of the rest. Every check runs; none stops the analysis, so a report lists every problem
// at once.
#include <algorithm>
#include <optional>
#include <string>
#include <utility>

#include "health/checks.hpp"
#include "health/health_context.hpp"
#include "tracedoc/health.hpp"
#include "tracedoc/validation.hpp"
#include "format/revision_rules.hpp"

namespace tracedoc {
namespace {

// Returns the coverage the absence checks saw.
EvidenceCoverage RunTrace10Checks(health::HealthContext& context, const TraceDocument& document) {
  health::CheckProvenanceAndTerminal(context);
  health::CheckSpanStructure(context);
  health::CheckEvidenceReferences(context);
  health::CheckMemoryPairing(context);
  health::CheckGradients(context);
  const EvidenceCoverage coverage = health::ComputeCoverage(document);
  health::CheckAbsentEvidence(context, coverage);
  health::CheckSemanticLabels(context);
  return coverage;
}

EvidenceCoverage RunTrace6Checks(health::HealthContext& context, const TraceDocument& document) {
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
  return coverage;
}

}  // namespace

TraceHealth AnalyzeHealth(const TraceDocument& document) {
  health::HealthContext context(document);
  TraceHealth health;
  health.revision = document.revision();
  health.coverage = format::RulesOf(health.revision).legacy_analyses
                        ? RunTrace6Checks(context, document)
                        : RunTrace10Checks(context, document);
  // Nothing can mark a trace/6 capture failed, so its context never reports one.
  health.capture_complete = !context.failed();
  health.issues = std::move(context).TakeIssues();
  health.structurally_valid = std::none_of(
      health.issues.begin(), health.issues.end(),
      [](const HealthIssue& issue) { return issue.severity == HealthSeverity::kError; });
  return health;
}

}  // namespace tracedoc
