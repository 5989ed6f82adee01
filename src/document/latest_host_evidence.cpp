// The latest host evidence of a folded document, and the capture end it gives trace/6
// (latest_host_evidence.hpp).
#include "document/latest_host_evidence.hpp"

#include <algorithm>

#include "util/saturating.hpp"

namespace tracedoc::detail {

std::uint64_t LatestHostEvidence(const TraceDocument& document) {
  using util::SaturatingAdd;
  std::uint64_t latest = 0;
  for (const SpanRecord& span : document.spans()) {
    latest = std::max(latest, SaturatingAdd(span.start_ns, span.closed ? span.duration_ns : 0));
  }
  for (const OpRecord& op : document.ops()) {
    latest = std::max(latest, SaturatingAdd(op.timestamp_ns, op.duration_ns));
  }
  for (const MemoryRecord& event : document.memory()) latest = std::max(latest, event.timestamp_ns);
  for (const DeviceMemoryRecord& sample : document.device_memory()) {
    latest = std::max(latest, sample.timestamp_ns);
  }
  return latest;
}

std::uint64_t CaptureEndNs(const TraceDocument& document) {
  return document.has_terminal() ? document.terminal().timestamp_ns : LatestHostEvidence(document);
}

}  // namespace tracedoc::detail
