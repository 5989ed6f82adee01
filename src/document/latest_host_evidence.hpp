// The end of a document's latest host evidence (docs/trace-format.md §2.2 h), as the fold checks
// the terminal against it: health repeats the check, and the upgrade places a synthesized
// terminal there. So it is also when a capture without a terminal (trace/6) ended.
#pragma once

#include <cstdint>

#include "tracedoc/document.hpp"

namespace tracedoc::detail {

/// The maximum over spans of start_ns + duration_ns (a closed span) or start_ns (an open one),
/// over ops of timestamp_ns + duration_ns, over memory events and device-memory samples of
/// timestamp_ns; sums saturate; 0 when there is none. Device intervals and the other records
/// do not count.
std::uint64_t LatestHostEvidence(const TraceDocument& document);

/// When the capture ended: the terminal's timestamp when the document has one, else (trace/6)
/// LatestHostEvidence, where `tracedoc upgrade` also places the terminal. Open spans are drawn
/// up to it.
std::uint64_t CaptureEndNs(const TraceDocument& document);

}  // namespace tracedoc::detail
