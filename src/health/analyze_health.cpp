// AnalyzeHealth: runs the checks of docs/analyses.md §6 in their numbered order. Every check runs;
// none stops the analysis, so a report lists every problem at once.
#include <algorithm>
#include <utility>

#include "health/checks.hpp"
#include "health/health_context.hpp"
#include "health/health_input.hpp"
#include "tracedoc/health.hpp"

namespace tracedoc {
namespace health {

HealthInput HealthInputOf(const TraceDocument& document) {
  return HealthInput{
      .run = document.run(),
      .spans = document.spans(),
      .ops = document.ops(),
      .tensors = document.tensors(),
      .tensor_stats = document.tensor_stats(),
      .memory = document.memory(),
      .device_memory = document.device_memory(),
      .device_intervals = document.device_intervals(),
      .gradients = document.gradients(),
      .edges = document.edges(),
      .terminal = document.terminal(),
  };
}

TraceHealth AnalyzeHealthInput(const HealthInput& input) {
  HealthContext context(input);
  CheckProvenanceAndTerminal(context);
  CheckSpanStructure(context);
  CheckEvidenceReferences(context);
  CheckMemoryPairing(context);
  CheckGradients(context);
  const EvidenceCoverage coverage = ComputeCoverage(input);
  CheckAbsentEvidence(context, coverage);
  CheckSemanticLabels(context);

  TraceHealth health;
  health.capture_complete = !context.failed();
  health.issues = std::move(context).TakeIssues();
  health.structurally_valid = std::none_of(
      health.issues.begin(), health.issues.end(),
      [](const HealthIssue& issue) { return issue.severity == HealthSeverity::kError; });
  health.coverage = coverage;
  return health;
}

}  // namespace health

TraceHealth AnalyzeHealth(const TraceDocument& document) {
  return health::AnalyzeHealthInput(health::HealthInputOf(document));
}

}  // namespace tracedoc
