// The health checks of docs/analyses.md §6, one function per group of numbered checks. Each appends
// its issues to the context in the order §6 gives; AnalyzeHealth calls them in turn.
#ifndef TRACEDOC_SRC_HEALTH_CHECKS_HPP_
#define TRACEDOC_SRC_HEALTH_CHECKS_HPP_

#include "health/health_context.hpp"
#include "tracedoc/health.hpp"

namespace tracedoc::health {

// Checks 1–4 (§6.2): run provenance, terminal outcome rules, terminal versus host evidence, and
// the failed-capture warning.
void CheckProvenanceAndTerminal(HealthContext& context);

// Checks 5–8 (§6.3): unique ids, one root, one measured region, and per span: closed, known
// parent, inside its parent, no parent cycle.
void CheckSpanStructure(HealthContext& context);

// Checks 9–14 (§6.4): references from records to spans and tensors, and the time bounds of ops,
// memory events and device intervals.
void CheckEvidenceReferences(HealthContext& context);
// Checks 9–13 alone, without the edges (trace/6 checks its edges its own way).
void CheckRecordReferences(HealthContext& context);

// Check 15 (§6.5): memory events pair up per (device, storage id).
void CheckMemoryPairing(HealthContext& context);

// Check 16 (§6.6): gradient events and the gradient contract.
void CheckGradients(HealthContext& context);

// Check 17 (§6.7): the evidence counts.
EvidenceCoverage ComputeCoverage(const TraceDocument& document);

// Check 18 (§6.7): a warning for each kind of evidence the trace lacks.
void CheckAbsentEvidence(HealthContext& context, const EvidenceCoverage& coverage);
// The parts of check 18 that trace/6 shares: ops and tensors, then gradients and the step tags
// of a training run.
void CheckAbsentOpsAndTensors(HealthContext& context, const EvidenceCoverage& coverage);
void CheckAbsentTrainingEvidence(HealthContext& context, const EvidenceCoverage& coverage);

// Checks 19–20 (§6.8): required semantic labels and their GPU/CPU classification.
void CheckSemanticLabels(HealthContext& context);

}  // namespace tracedoc::health

#endif  // TRACEDOC_SRC_HEALTH_CHECKS_HPP_
