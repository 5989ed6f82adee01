// AnalyzeHealth: runs the checks of docs/analyses.md §6 in their numbered order. Every check runs;
// none stops the analysis, so a report lists every problem at once.
#include <algorithm>
#include <utility>

#include "health/checks.hpp"
#include "health/health_context.hpp"
#include "tracedoc/health.hpp"

namespace tracedoc {

TraceHealth AnalyzeHealth(const TraceDocument& document) {
  health::HealthContext context(document);
  health::CheckProvenanceAndTerminal(context);
  health::CheckSpanStructure(context);
  health::CheckEvidenceReferences(context);
  health::CheckMemoryPairing(context);
  health::CheckGradients(context);
  const EvidenceCoverage coverage = health::ComputeCoverage(document);
  health::CheckAbsentEvidence(context, coverage);
  health::CheckSemanticLabels(context);

  TraceHealth health;
  health.capture_complete = !context.failed();
  health.issues = std::move(context).TakeIssues();
  health.structurally_valid = std::none_of(
      health.issues.begin(), health.issues.end(),
      [](const HealthIssue& issue) { return issue.severity == HealthSeverity::kError; });
  health.coverage = coverage;
  return health;
}

}  // namespace tracedoc
