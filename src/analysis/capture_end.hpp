// When a capture ended: the terminal's timestamp, or, for a trace/6 document (which has no
// terminal), the end of the latest host evidence. Open spans are drawn up to it.
#ifndef TRACEDOC_SRC_ANALYSIS_CAPTURE_END_HPP_
#define TRACEDOC_SRC_ANALYSIS_CAPTURE_END_HPP_

#include <cstdint>

#include "tracedoc/document.hpp"

namespace tracedoc::analysis {

/// The terminal's timestamp when the document has one, else the end of the latest host evidence
/// (document/latest_host_evidence.hpp), where `tracedoc upgrade` also places the terminal.
std::uint64_t CaptureEndNs(const TraceDocument& document);

}  // namespace tracedoc::analysis

#endif  // TRACEDOC_SRC_ANALYSIS_CAPTURE_END_HPP_
