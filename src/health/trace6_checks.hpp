// The health checks of legacy trace/6 that trace/10 does not make (docs/legacy-trace6.md §9.4);
// AnalyzeHealth runs them for a trace/6 document between the checks both revisions share.
#ifndef TRACEDOC_SRC_HEALTH_TRACE6_CHECKS_HPP_
#define TRACEDOC_SRC_HEALTH_TRACE6_CHECKS_HPP_

#include "health/checks.hpp"
#include "health/health_context.hpp"

namespace tracedoc::health {

// `children_exceed_parent` (error): per closed span, its closed children's durations add up
// (saturating) to more than its own.
void CheckTrace6ChildDurations(HealthContext& context);

// `unknown_edge_span` (error): one per edge with an endpoint that names no span.
void CheckTrace6Edges(HealthContext& context);

// `duplicate_allocation` and `unpaired_free` (errors): memory events paired per
// (device, tensor id), in timestamp order.
void CheckTrace6MemoryPairing(HealthContext& context);

// The absence warnings, with `memory_absent` and `device_memory_absent` for the memory planes
// and no device timing (trace/6 has none).
void CheckTrace6AbsentEvidence(HealthContext& context, const EvidenceCoverage& coverage);

}  // namespace tracedoc::health

#endif  // TRACEDOC_SRC_HEALTH_TRACE6_CHECKS_HPP_
