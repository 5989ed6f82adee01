// Checks 17 and 18 (docs/analyses.md §6.7): what evidence the trace holds, and a warning for each
// kind it lacks. Absence is a warning, not an error: a capture may legitimately skip a plane.
#include "health/checks.hpp"
#include "tracedoc/enums.hpp"

namespace tracedoc::health {

EvidenceCoverage ComputeCoverage(const TraceDocument& document) {
  EvidenceCoverage coverage;
  coverage.spans = document.spans().size();
  for (const SpanRecord& span : document.spans()) {
    coverage.closed_spans += span.closed ? 1 : 0;
    coverage.root_spans += span.parent_id.has_value() ? 0 : 1;
    coverage.measured_spans += span.measured ? 1 : 0;
    if (!span.step) continue;
    switch (*span.step) {
      case ExecutionStep::kForward:
        ++coverage.forward_spans;
        break;
      case ExecutionStep::kBackward:
        ++coverage.backward_spans;
        break;
      case ExecutionStep::kOptimizer:
        ++coverage.optimizer_spans;
        break;
    }
  }
  coverage.operations = document.ops().size();
  coverage.tensors = document.tensors().size();
  coverage.memory_events = document.memory().size();
  coverage.device_memory_samples = document.device_memory().size();
  coverage.device_intervals = document.device_intervals().size();
  coverage.gradients = document.gradients().size();
  for (const EdgeRecord& edge : document.edges()) {
    if (edge.edge_kind == EdgeKind::kCall) {
      ++coverage.call_edges;
    } else {
      ++coverage.data_edges;
    }
  }
  return coverage;
}

void CheckAbsentOpsAndTensors(HealthContext& context, const EvidenceCoverage& coverage) {
  if (coverage.operations == 0) {
    context.AddWarning(HealthCode::kOperationsAbsent, "no operation evidence was captured");
  }
  if (coverage.tensors == 0) {
    context.AddWarning(HealthCode::kTensorsAbsent, "no tensor checkpoints were captured");
  }
}

void CheckAbsentEvidence(HealthContext& context, const EvidenceCoverage& coverage) {
  CheckAbsentOpsAndTensors(context, coverage);
  if (coverage.memory_events == 0) {
    context.AddWarning(HealthCode::kLogicalMemoryAbsent, "no logical storage events were captured");
  }
  if (coverage.device_memory_samples == 0) {
    context.AddWarning(HealthCode::kPhysicalMemoryAbsent,
                       "no physical device-memory samples were captured");
  }
  if (coverage.device_intervals == 0) {
    context.AddWarning(HealthCode::kDeviceTimingAbsent, "no device timing intervals were captured");
  }
  CheckAbsentTrainingEvidence(context, coverage);
}

void CheckAbsentTrainingEvidence(HealthContext& context, const EvidenceCoverage& coverage) {
  // Gradients and the three step tags only mean something for a training run.
  if (context.document().run().phase != ExecutionPhase::kTrain) return;
  if (coverage.gradients == 0) {
    context.AddWarning(HealthCode::kGradientsAbsent,
                       "no gradient facts were captured for this training run");
  }
  if (coverage.forward_spans == 0) {
    context.AddWarning(HealthCode::kForwardAbsent, "no forward span was tagged");
  }
  if (coverage.backward_spans == 0) {
    context.AddWarning(HealthCode::kBackwardAbsent, "no backward span was tagged");
  }
  if (coverage.optimizer_spans == 0) {
    context.AddWarning(HealthCode::kOptimizerAbsent, "no optimizer span was tagged");
  }
}

}  // namespace tracedoc::health
