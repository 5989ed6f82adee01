// The memory charts of the report: one SVG per device, live bytes (logical plane) and the
// physical samples over one time axis, with labelled axes and the device's peak marked.
#ifndef TRACEDOC_SRC_REPORT_MEMORY_CHART_HPP_
#define TRACEDOC_SRC_REPORT_MEMORY_CHART_HPP_

#include <cstddef>
#include <ostream>
#include <string_view>

#include "report/memory_curves.hpp"

namespace tracedoc::report {

/// Writes one chart per device of `curves`. Each device's logical peak is a `.peak-marker`;
/// the one of `peak_device` (the device holding the most bytes at the global peak) also has
/// `id="memory-peak"`. A curve of more than `max_points` points is reduced to pixel columns.
void WriteMemoryCharts(std::ostream& out, const MemoryCurves& curves, std::size_t max_points,
                       std::string_view peak_device);

}  // namespace tracedoc::report

#endif  // TRACEDOC_SRC_REPORT_MEMORY_CHART_HPP_
