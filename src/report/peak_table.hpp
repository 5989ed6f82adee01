// What is live at the memory peak as a table, largest first: the storages at the logical peak,
// or a trace/6 document's tensors at its largest device counter (docs/legacy-trace6.md §9.3).
// Both share one frame.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
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

/// The rows of a live-at-peak table, largest first.
struct PeakTableRows {
  std::size_t count = 0;
  /// What the rows are, in the footnote on the rows not listed: "storage", "tensor".
  std::string_view noun;
  /// Row i's bytes: its first cell, and what the footnote sums.
  std::function<std::uint64_t(std::size_t)> bytes;
  /// Writes row i's `<td>` cells after its bytes cell.
  std::function<void(std::ostream&, std::size_t)> cells;
};

/// The frame both peak tables share: the heading, the paragraph of `peak_bytes` followed by
/// what `figures` writes, `table.live-at-peak` with a bytes column then `columns` (`<th>`
/// cells) and at most `max_rows` rows, then one line summing up the rest.
void WriteLiveAtPeak(std::ostream& out, std::uint64_t peak_bytes,
                     const std::function<void(std::ostream&)>& figures, std::string_view columns,
                     const PeakTableRows& rows, std::size_t max_rows);

/// Writes the peak's figures and `table.live-at-peak` of at most `max_rows` rows, the rest summed
/// up in one line. Each row names its allocating span (linked to it on the timeline) and id,
/// and its op, or says it has none.
void WritePeakTable(std::ostream& out, const TraceDocument& document,
                    const LogicalMemoryPeak& peak, std::size_t max_rows);

/// The same for a trace/6 report: the peak device's counter, then at most `max_rows` of its
/// peak_breakdown (already largest first), each naming its span, category, device and tensor.
void WritePeakTable(std::ostream& out, const Trace6MemoryReport& memory, std::size_t max_rows);

}  // namespace tracedoc::report
