// When a capture ended: the terminal's timestamp, or, for a trace/6 document (which has no
// terminal), the end of the latest host evidence. Open spans are drawn up to it.
#ifndef TRACEDOC_SRC_ANALYSIS_CAPTURE_END_HPP_
#define TRACEDOC_SRC_ANALYSIS_CAPTURE_END_HPP_

#include <cstdint>

#include "tracedoc/document.hpp"

namespace tracedoc::analysis {

/// The end of the latest host evidence, as the fold computes it (docs/trace-format.md §2.2 h):
/// span ends (an open span counts its start), op ends, memory events and device-memory samples;
/// sums saturate, 0 without evidence.
std::uint64_t LatestHostEvidenceNs(const TraceDocument& document);

/// The terminal's timestamp when the document has one, else LatestHostEvidenceNs.
std::uint64_t CaptureEndNs(const TraceDocument& document);

}  // namespace tracedoc::analysis

#endif  // TRACEDOC_SRC_ANALYSIS_CAPTURE_END_HPP_
