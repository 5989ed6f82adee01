#include "analysis/capture_end.hpp"

#include "document/latest_host_evidence.hpp"

namespace tracedoc::analysis {

std::uint64_t CaptureEndNs(const TraceDocument& document) {
  return document.has_terminal() ? document.terminal().timestamp_ns
                                 : detail::LatestHostEvidence(document);
}

}  // namespace tracedoc::analysis
