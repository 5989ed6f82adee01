// The health checks of docs/analyses.md §6, one function per group of numbered checks, and those
// of legacy trace/6 that trace/10 does not make (docs/legacy-trace6.md §9.4). Each appends its
// issues to the context in the order its section gives; AnalyzeHealth calls them in turn, for a
// trace/6 document the trace/6 ones between the checks both revisions share.
#pragma once

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

// trace/6 only: `children_exceed_parent` (error): per closed span, its closed children's
// durations add up (saturating) to more than its own.
void CheckTrace6ChildDurations(HealthContext& context);

// trace/6 only: `unknown_edge_span` (error): one per edge with an endpoint that names no span.
void CheckTrace6Edges(HealthContext& context);

// trace/6 only: `duplicate_allocation` and `unpaired_free` (errors): memory events paired per
// (device, tensor id), in timestamp order.
void CheckTrace6MemoryPairing(HealthContext& context);

// trace/6 only: the absence warnings, with `memory_absent` and `device_memory_absent` for the
// memory planes and no device timing (trace/6 has none).
void CheckTrace6AbsentEvidence(HealthContext& context, const EvidenceCoverage& coverage);

}  // namespace tracedoc::health
