// The marks section of the report: one line chart per numeric mark name of a converted Cirron
// spool (the loss curve), value over time. Written only when there are marks to draw.
#ifndef TRACEDOC_SRC_REPORT_MARK_CHART_HPP_
#define TRACEDOC_SRC_REPORT_MARK_CHART_HPP_

#include <cstddef>
#include <ostream>
#include <span>

#include "report/mark_series.hpp"

namespace tracedoc::report {

/// Writes `<section id="marks">` with a chart per series (the first eight), or nothing when
/// `series` is empty. Above `max_points` points, a chart keeps the lowest and highest value of
/// each pixel column.
void WriteMarkCharts(std::ostream& out, std::span<const MarkSeries> series,
                     std::size_t max_points);

}  // namespace tracedoc::report

#endif  // TRACEDOC_SRC_REPORT_MARK_CHART_HPP_
