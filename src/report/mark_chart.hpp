// The marks section of the report: one line chart per numeric mark name of a converted Cirron
// spool (the loss curve), value over time. Written only when there are marks to draw.
#pragma once

#include <cstddef>
#include <ostream>
#include <span>

#include "report/mark_series.hpp"
#include "report/shared_axis.hpp"

namespace tracedoc::report {

/// Writes `<section id="marks">` with a chart per series (the first eight), or nothing when
/// `series` is empty. Every chart spans `window` (the page's time axis) with time after its
/// origin; the value axis has rounded ticks (1, 2 or 5 times a power of ten). A single point is
/// drawn as a point; values that are not finite are marked where they occur, above the plot,
/// never as coordinates. Above `max_points` points, a chart keeps the first, lowest, highest and
/// last value of each pixel column.
void WriteMarkCharts(std::ostream& out, std::span<const MarkSeries> series,
                     const TimeWindow& window, std::size_t max_points);

}  // namespace tracedoc::report
