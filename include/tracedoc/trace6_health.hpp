// The health report of a legacy candle-graph/trace/6 document (docs/legacy-trace6.md §9.4): one
// `trusted` flag, the issues, and coverage with a single edge count. An analysis of a TraceDocument.
#ifndef TRACEDOC_TRACE6_HEALTH_HPP_
#define TRACEDOC_TRACE6_HEALTH_HPP_

#include <cstdint>
#include <iosfwd>
#include <string>
#include <vector>

#include "tracedoc/document.hpp"
#include "tracedoc/health.hpp"
#include "tracedoc/write_options.hpp"

namespace tracedoc {

/// What a trace/6 trace holds, by kind. Fields in JSON key order.
struct Trace6EvidenceCoverage {
  std::uint64_t spans = 0;
  std::uint64_t closed_spans = 0;
  std::uint64_t root_spans = 0;
  std::uint64_t measured_spans = 0;
  std::uint64_t operations = 0;
  std::uint64_t tensors = 0;
  std::uint64_t memory_events = 0;
  std::uint64_t device_memory_samples = 0;
  std::uint64_t gradients = 0;
  /// Every edge: trace/6 edges have no kind.
  std::uint64_t edges = 0;
  std::uint64_t forward_spans = 0;
  std::uint64_t backward_spans = 0;
  std::uint64_t optimizer_spans = 0;
  friend bool operator==(const Trace6EvidenceCoverage&, const Trace6EvidenceCoverage&) = default;
};

/// The trace/6 health report. Fields in JSON key order.
struct Trace6Health {
  /// True when no issue is an error.
  bool trusted = true;
  /// In the order of the checks (docs/legacy-trace6.md §9.4).
  std::vector<HealthIssue> issues;
  Trace6EvidenceCoverage coverage;
  friend bool operator==(const Trace6Health&, const Trace6Health&) = default;
};

/// Runs the trace/6 health checks on `document`: no terminal or outcome logic, children that
/// outlast their parent, edges to unknown spans, memory paired per (device, tensor id), and the
/// absence warnings. O(n log n) in the records. No errors: findings are issues.
Trace6Health AnalyzeTrace6Health(const TraceDocument& document);

/// The report as one JSON object (`trusted`, `issues`, `coverage`), no trailing newline.
/// No errors.
std::string WriteTrace6HealthJson(const Trace6Health& health, const WriteOptions& options = {});

/// The same text written to `out`. No errors are reported: a failing stream keeps its state.
void WriteTrace6HealthJson(const Trace6Health& health, std::ostream& out,
                           const WriteOptions& options = {});

}  // namespace tracedoc

#endif  // TRACEDOC_TRACE6_HEALTH_HPP_
