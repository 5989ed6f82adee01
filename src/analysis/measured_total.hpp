// The run's measured time (docs/analyses.md §4, TraceSummary::total_ns): the sum of the measured
// spans' duration_ns, an open span adding 0, saturating at 2^64 − 1. One definition for the
// summary and for whatever compares runs by it.
#pragma once

#include <cstdint>
#include <span>

#include "tracedoc/document.hpp"

namespace tracedoc::analysis {

/// One pass over `spans`; nothing else of the document is read.
std::uint64_t MeasuredTotalNs(RecordList<SpanRecord> spans) noexcept;

}  // namespace tracedoc::analysis
