// The memory charts of the report: one SVG per device, live bytes (logical plane) and the
// physical samples over one time axis, with labelled axes and the device's peak marked.
#pragma once

#include <cstddef>
#include <ostream>
#include <string_view>

#include <optional>

#include "report/memory_curves.hpp"
#include "report/shared_axis.hpp"

namespace tracedoc::report {

/// Writes a chart for each of the first `max_devices` devices of `curves` (a note counts the
/// rest), every one over `window` exactly. Each device's own logical peak is a `.peak-marker`;
/// the global `peak`, on its device's chart, is `#memory-peak` (`.peak-marker.global-peak`) at
/// the global peak's instant, and every chart has a `.peak-line` there. A curve of more than
/// `max_points` points is reduced to pixel columns.
void WriteMemoryCharts(std::ostream& out, const MemoryCurves& curves, const TimeWindow& window,
                       std::size_t max_points, const std::optional<PeakMark>& peak,
                       std::size_t max_devices);

}  // namespace tracedoc::report
