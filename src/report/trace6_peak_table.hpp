// The tensors live at a trace/6 memory peak (docs/legacy-trace6.md §9.3) as a table, largest
// first, as the report shows trace/10's storages.
#ifndef TRACEDOC_SRC_REPORT_TRACE6_PEAK_TABLE_HPP_
#define TRACEDOC_SRC_REPORT_TRACE6_PEAK_TABLE_HPP_

#include <cstddef>
#include <ostream>

#include "tracedoc/trace6_memory.hpp"

namespace tracedoc::report {

/// Writes the peak's figures and `table.live-at-peak` of at most `max_rows` of its
/// peak_breakdown (already largest first), the rest summed up in one line.
void WriteTrace6PeakTable(std::ostream& out, const Trace6MemoryReport& memory,
                          std::size_t max_rows);

}  // namespace tracedoc::report

#endif  // TRACEDOC_SRC_REPORT_TRACE6_PEAK_TABLE_HPP_
