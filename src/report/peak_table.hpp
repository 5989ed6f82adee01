// The storages live at the logical memory peak as a table, largest first.
#ifndef TRACEDOC_SRC_REPORT_PEAK_TABLE_HPP_
#define TRACEDOC_SRC_REPORT_PEAK_TABLE_HPP_

#include <cstddef>
#include <ostream>
#include <string_view>
#include <vector>

#include "tracedoc/document.hpp"
#include "tracedoc/memory.hpp"

namespace tracedoc::report {

/// The peak's live allocations by bytes, largest first; equal sizes keep the peak's order
/// (start, device, storage id).
std::vector<const LogicalStorageLifetime*> LargestFirst(const LogicalMemoryPeak& peak);

/// The device holding the most bytes at the peak (the first by name on ties); empty when none.
std::string_view PeakDevice(const LogicalMemoryPeak& peak);

/// Writes the peak's figures and `table.live-at-peak` of at most `max_rows` rows, the rest summed
/// up in one line. Each row names its allocating span (linked to it on the timeline) and id,
/// and its op, or says it has none.
void WritePeakTable(std::ostream& out, const TraceDocument& document,
                    const LogicalMemoryPeak& peak, std::size_t max_rows);

}  // namespace tracedoc::report

#endif  // TRACEDOC_SRC_REPORT_PEAK_TABLE_HPP_
