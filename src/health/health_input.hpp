// What the health checks read: the parts of a document, as views. AnalyzeHealth fills one from a
// TraceDocument; tests fill one by hand to reach checks 2, 3 and 5, which a folded document passes.
#ifndef TRACEDOC_SRC_HEALTH_HEALTH_INPUT_HPP_
#define TRACEDOC_SRC_HEALTH_HEALTH_INPUT_HPP_

#include <span>

#include "tracedoc/document.hpp"
#include "tracedoc/event.hpp"
#include "tracedoc/health.hpp"

namespace tracedoc::health {

// The reference runs health on any TraceDocument value, including one read from its JSON
// object form that never went through the fold (docs/trace-format.md §1.14). tracedoc only makes
// documents by folding, so this view is how the checks for broken invariants stay testable.
struct HealthInput {
  TraceRunMeta run;
  std::span<const SpanRecord> spans;
  std::span<const OpRecord> ops;
  std::span<const TensorRecord> tensors;
  std::span<const TensorStatsRecord> tensor_stats;
  std::span<const MemoryRecord> memory;
  std::span<const DeviceMemoryRecord> device_memory;
  std::span<const DeviceIntervalRecord> device_intervals;
  std::span<const GradientRecord> gradients;
  std::span<const EdgeRecord> edges;
  TerminalRecord terminal;
};

// The view of `document`; it refers to the document's storage.
HealthInput HealthInputOf(const TraceDocument& document);

// Runs every check of §6 on `input` (AnalyzeHealth is this on HealthInputOf(document)).
TraceHealth AnalyzeHealthInput(const HealthInput& input);

}  // namespace tracedoc::health

#endif  // TRACEDOC_SRC_HEALTH_HEALTH_INPUT_HPP_
